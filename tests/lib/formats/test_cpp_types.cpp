// The save-layout deriver's type model (formats/layout/CppTypes.h) alone: brackets matched, types
// and declarations parsed from tokens.
#include "formats/layout/CppTypes.h"

#include "TokensOf.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace cvv::layout;

TEST(CppTypes, MatchCloseFindsTheBracketsPartner)
{
	const Toks a = toks("f(a[(1)], {b}) + g<std::vector<int>>(x)");
	EXPECT_EQ(matchClose(a, 1), 12u); // the call's ')'
	EXPECT_EQ(matchClose(a, 3), 7u); // '[' ... ']'
	EXPECT_EQ(a[matchClose(a, 9)].s, "}");
	// '<' of a template: closed by the '>' of a '>>'
	const Toks b = toks("std::vector<std::pair<int, int> > x;");
	EXPECT_EQ(b[matchClose(b, 3)].s, ">");
	EXPECT_EQ(matchClose(b, 3), 12u);
	// a '<' that is a comparison: none before the ';'
	const Toks c = toks("a < b; c > d");
	EXPECT_EQ(matchClose(c, 1), std::string::npos);
}

TEST(CppTypes, ParseTypeReadsQualifiersTemplatesAndStars)
{
	const Toks a = toks("const std::vector<CvWString>* const p");
	size_t i = 0;
	const TypeRef k = parseType(a, i, a.size());
	ASSERT_TRUE(k.bValid);
	EXPECT_EQ(k.sName, "vector"); // std:: is left out
	ASSERT_EQ(k.aArgs.size(), 1u);
	EXPECT_EQ(k.aArgs[0].sName, "CvWString");
	EXPECT_EQ(k.iPtr, 1);
	EXPECT_EQ(a[i].s, "p");

	const Toks b = toks("unsigned int n");
	i = 0;
	EXPECT_EQ(parseType(b, i, b.size()).sName, "unsigned int");

	const Toks c = toks("= 3");
	i = 0;
	EXPECT_FALSE(parseType(c, i, c.size()).bValid);
}

TEST(CppTypes, DeclarationsAndTheirDeclarators)
{
	const Toks a = toks("int a, *b[3][N] = 0, c(5)");
	std::vector<Declarator> aDecl;
	ASSERT_TRUE(parseDeclaration(a, 0, a.size(), aDecl));
	ASSERT_EQ(aDecl.size(), 3u);
	EXPECT_EQ(aDecl[0].sName, "a");
	EXPECT_EQ(aDecl[0].kType.iPtr, 0);
	EXPECT_EQ(aDecl[1].sName, "b");
	EXPECT_EQ(aDecl[1].kType.iPtr, 1);
	ASSERT_EQ(aDecl[1].kType.aDims.size(), 2u);
	EXPECT_EQ(joinToks(aDecl[1].kType.aDims[1], 0, aDecl[1].kType.aDims[1].size()), "N");
	EXPECT_EQ(a[aDecl[1].iInit].s, "0");
	EXPECT_TRUE(aDecl[2].bCtorArgs);
	EXPECT_EQ(a[aDecl[2].iInit].s, "5");

	const Toks b = toks("x = y + 1");
	aDecl.clear();
	EXPECT_FALSE(parseDeclaration(b, 0, b.size(), aDecl));
}

TEST(CppTypes, TemplateParametersAndTypeText)
{
	const Toks a = toks("template <class T, typename U, int N> struct S");
	std::vector<std::string> aNames;
	const size_t iClose = templateParameters(a, 0, aNames);
	EXPECT_EQ(a[iClose].s, ">");
	EXPECT_EQ(aNames, (std::vector<std::string>{ "T", "U" })); // the type parameters

	const Toks b = toks("CvMap<int, T*>");
	size_t i = 0;
	EXPECT_EQ(typeText(parseType(b, i, b.size())), "CvMap<int, T*>");
}

TEST(CppTypes, ACopysDimensionsAreItsOwnOnceChanged)
{
	std::vector<Declarator> aDecl;
	const Toks a = toks("int m_aai[MAX_PLAYERS][3][4]");
	ASSERT_TRUE(parseDeclaration(a, 0, a.size(), aDecl));
	const TypeRef k = aDecl[0].kType;
	ASSERT_EQ(k.aDims.size(), 3u);
	EXPECT_EQ(k.aDims[0][0].s, "MAX_PLAYERS");
	// an element's type: the outermost dimension dropped, the declaration's unchanged
	TypeRef kElement = k;
	kElement.aDims.erase(kElement.aDims.begin());
	ASSERT_EQ(kElement.aDims.size(), 2u);
	EXPECT_EQ(kElement.aDims[0][0].s, "3");
	EXPECT_EQ(k.aDims.size(), 3u);
	// added at the front and at the end (a typedef's and a template argument's dimensions)
	kElement.aDims.insert(kElement.aDims.begin(), Toks());
	kElement.aDims.insert(kElement.aDims.end(), k.aDims.begin(), k.aDims.end());
	ASSERT_EQ(kElement.aDims.size(), 6u);
	EXPECT_TRUE(kElement.aDims[0].empty());
	EXPECT_EQ(kElement.aDims[1][0].s, "3");
	EXPECT_EQ(kElement.aDims[3][0].s, "MAX_PLAYERS");
	EXPECT_EQ(k.aDims.size(), 3u);
	EXPECT_EQ(k.aDims[2][0].s, "4");
	// its own dimensions inserted into itself
	TypeRef kTwice = k;
	kTwice.aDims.insert(kTwice.aDims.end(), kTwice.aDims.begin(), kTwice.aDims.end());
	ASSERT_EQ(kTwice.aDims.size(), 6u);
	EXPECT_EQ(kTwice.aDims[3][0].s, "MAX_PLAYERS");
	// the two outermost dropped at once (an array parameter's dimensions matched)
	TypeRef kInner = k;
	kInner.aDims.erase(kInner.aDims.begin(), kInner.aDims.begin() + 2);
	ASSERT_EQ(kInner.aDims.size(), 1u);
	EXPECT_EQ(kInner.aDims[0][0].s, "4");
	kInner.aDims.erase(kInner.aDims.begin(), kInner.aDims.end());
	EXPECT_TRUE(kInner.aDims.empty());
	// every dimension dropped: none left, as a scalar's
	TypeRef kScalar = k;
	for (int i = 0; i < 3; ++i) kScalar.aDims.erase(kScalar.aDims.begin());
	EXPECT_TRUE(kScalar.aDims.empty());
	EXPECT_EQ(kScalar.aDims.begin(), kScalar.aDims.end());
	kScalar.aDims.clear();
	EXPECT_TRUE(TypeRef().aDims.empty());
}

// Found with fuzz_cpp_front (tests/fuzz/corpus/cpp_front/template-arguments-nested-20000-deep.h): a
// type recursed once a template argument until the stack overflowed; past 64 levels the arguments
// are left out.
TEST(CppTypes, TemplateArgumentsNestedTooDeepAreLeftOut)
{
	const auto nested = [](int n) {
		std::string s;
		for (int j = 0; j < n; ++j) s += "A< ";
		s += "int";
		for (int j = 0; j < n; ++j) s += " >";
		Toks a;
		tokenize(s, 1, a);
		return a;
	};
	const auto depth = [](const TypeRef& k) {
		int n = 0;
		for (const TypeRef* p = &k; !p->aArgs.empty(); p = &p->aArgs[0]) ++n;
		return n;
	};
	const Toks aDeep = nested(20);
	size_t i = 0;
	const TypeRef kDeep = parseType(aDeep, i, aDeep.size());
	EXPECT_TRUE(kDeep.bValid);
	EXPECT_EQ(depth(kDeep), 20);
	EXPECT_EQ(i, aDeep.size());
	const Toks aTooDeep = nested(20000);
	i = 0;
	const TypeRef kTooDeep = parseType(aTooDeep, i, aTooDeep.size());
	EXPECT_TRUE(kTooDeep.bValid);
	// 64 levels parsed as types; the argument below them is kept as its text, unparsed, as a value
	// argument is (Row<short, 2>)
	EXPECT_EQ(depth(kTooDeep), 65);
	const TypeRef* pDeepest = &kTooDeep;
	for (int j = 0; j < 64; ++j) pDeepest = &pDeepest->aArgs[0];
	EXPECT_EQ(pDeepest->sName.compare(0, 1, "A"), 0);
	EXPECT_EQ(i, aTooDeep.size());
}
