// The save-layout deriver's statement tree (formats/layout/CppStatements.h) alone: a body's
// statements parsed (blocks, if/else, loops, switch labels), argument lists split, the shapes of a
// simple statement and of a call.
#include "formats/layout/CppStatements.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace cvv;
using namespace cvv::layout;

namespace {

Toks toks(const std::string& s)
{
	Toks a;
	tokenize(s, 1, a);
	return a;
}

Stmt parseBody(const Toks& a, const std::string& sStream)
{
	StmtParser k(a, sStream, "CvThing.cpp");
	size_t i = 0;
	Stmt s = k.parse(i, a.size());
	EXPECT_EQ(i, a.size());
	return s;
}

} // namespace

TEST(CppStatements, ABodysStatementsAndWhichNameTheStream)
{
	const Toks a = toks("{ int n = 0; pStream->Read(&n); if (n > 0) x = 1; else { y = 2; } "
						"for (int i = 0; i < n; ++i) pStream->Read(&m_ai[i]); return; }");
	const Stmt s = parseBody(a, "pStream");
	ASSERT_EQ(s.eKind, Stmt::Block);
	ASSERT_EQ(s.aKids.size(), 5u);
	EXPECT_EQ(s.aKids[0].eKind, Stmt::Simple);
	EXPECT_EQ(joinToks(a, s.aKids[0].b, s.aKids[0].e), "int n=0");
	EXPECT_FALSE(s.aKids[0].bStream);
	EXPECT_TRUE(s.aKids[1].bStream);
	const Stmt& kIf = s.aKids[2];
	EXPECT_EQ(kIf.eKind, Stmt::If);
	EXPECT_EQ(joinToks(a, kIf.b, kIf.e), "n>0");
	ASSERT_EQ(kIf.aKids.size(), 2u); // then, else
	EXPECT_EQ(kIf.aKids[1].eKind, Stmt::Block);
	EXPECT_FALSE(kIf.bStream);
	const Stmt& kFor = s.aKids[3];
	EXPECT_EQ(kFor.eKind, Stmt::For);
	EXPECT_EQ(joinToks(a, kFor.b2, kFor.e2), "i<n");
	EXPECT_EQ(joinToks(a, kFor.b3, kFor.e3), "++i");
	EXPECT_TRUE(kFor.bStream);
	EXPECT_EQ(s.aKids[4].eKind, Stmt::Return);
	EXPECT_TRUE(s.bStream);
}

TEST(CppStatements, SwitchLabelsEnterTheirStatements)
{
	const Toks a = toks("switch (e) { case A: case B: f(); break; default: g(); }");
	const Stmt s = parseBody(a, "pStream");
	ASSERT_EQ(s.eKind, Stmt::Switch);
	ASSERT_EQ(s.aCases.size(), 3u);
	EXPECT_EQ(joinToks(a, s.aCases[0].b, s.aCases[0].e), "A");
	EXPECT_EQ(s.aCases[0].iKid, 0u);
	EXPECT_EQ(s.aCases[1].iKid, 0u); // B falls into the same statements
	EXPECT_EQ(s.aCases[2].b, s.aCases[2].e); // default: no value
	EXPECT_EQ(s.aCases[2].iKid, 2u);
	ASSERT_EQ(s.aKids.size(), 3u);
	EXPECT_EQ(s.aKids[1].eKind, Stmt::Break);
}

TEST(CppStatements, AnUnbalancedBodyIsALayoutError)
{
	const Toks a = toks("{ if (x { y; }");
	StmtParser k(a, "pStream", "CvThing.cpp");
	size_t i = 0;
	try
	{
		k.parse(i, a.size());
		FAIL() << "no error";
	}
	catch (const LayoutError& e)
	{
		EXPECT_NE(std::string(e.what()).find("CvThing.cpp:1: an unbalanced"), std::string::npos) << e.what();
	}
}

TEST(CppStatements, ArgumentsSplitAtTheTopLevelOnly)
{
	const Toks a = toks("f(a, g(b, c), std::pair<int, int>(1, 2), d[3])");
	const auto aRanges = parameterRanges(a, 2, a.size() - 1);
	ASSERT_EQ(aRanges.size(), 4u);
	EXPECT_EQ(joinToks(a, aRanges[1].first, aRanges[1].second), "g(b,c)");
	EXPECT_EQ(joinToks(a, aRanges[2].first, aRanges[2].second), "std::pair<int,int>(1,2)");
	const std::vector<Toks> aArgs = splitArguments(a, 2, a.size() - 1);
	ASSERT_EQ(aArgs.size(), 4u);
	EXPECT_EQ(joinToks(aArgs[3], 0, aArgs[3].size()), "d[3]");
	EXPECT_EQ(findTop(a, 2, a.size() - 1, ","), 3u);
	EXPECT_TRUE(namesStream(a, 0, a.size(), "c"));
	EXPECT_FALSE(namesStream(a, 0, a.size(), "pStream"));
}

TEST(CppStatements, TheShapesOfSimpleStatementsAndCalls)
{
	const Toks a = toks("CvString sz = x");
	const SimpleShape& kDecl = shapeOf(a, 0, a.size());
	EXPECT_TRUE(kDecl.bDeclaration);
	ASSERT_EQ(kDecl.aDecl.size(), 1u);
	EXPECT_EQ(kDecl.aDecl[0].sName, "sz");
	EXPECT_TRUE(kDecl.bAssigns);

	const Toks b = toks("m_pUnit->setX(a, &b)");
	const SimpleShape kDot = shapeOf(b, 0, b.size());
	EXPECT_FALSE(kDot.bDeclaration);
	EXPECT_EQ(kDot.iDot, 1u);
	EXPECT_FALSE(kDot.bCall);

	const Toks c = toks("reset(a, &b, c + 1)");
	const SimpleShape kCall = shapeOf(c, 0, c.size());
	EXPECT_TRUE(kCall.bCall);
	EXPECT_EQ(kCall.aBare, (std::vector<size_t>{ 2, 5 })); // a and &b, not c + 1

	const Toks d = toks("m_iX = pStream->ReadInt(a, f(b))");
	const CallShape k = callShapeOf(d, 0, d.size());
	EXPECT_EQ(k.iAssign, 1u);
	EXPECT_EQ(d[k.iOpen - 1].s, "ReadInt");
	ASSERT_EQ(k.aArgs.size(), 2u);
	EXPECT_EQ(joinToks(d, k.aArgs[1].first, k.aArgs[1].second), "f(b)");
}

TEST(CppStatements, ValueTemplateParameters)
{
	const Toks a = toks("template <class T, int N = 0, bool B> struct S");
	EXPECT_EQ(valueTemplateParameters(a, 0), (std::vector<std::string>{ "N", "B" }));
}

// Found with fuzz_cpp_front (tests/fuzz/corpus/cpp_front/blocks-nested-40000-deep.cpp): the parser
// recursed once a nested statement until the stack overflowed; past 256 levels it is a LayoutError.
TEST(CppStatements, StatementsNestedTooDeepAreALayoutError)
{
	const auto nested = [](int n) { return std::string(size_t(n), '{') + "x;" + std::string(size_t(n), '}'); };
	const Toks aDeep = toks(nested(200));
	const Stmt s = parseBody(aDeep, "pStream");
	EXPECT_EQ(s.eKind, Stmt::Block);
	const Toks aTooDeep = toks(nested(300));
	StmtParser k(aTooDeep, "pStream", "CvThing.cpp");
	size_t i = 0;
	try
	{
		k.parse(i, aTooDeep.size());
		FAIL() << "no error";
	}
	catch (const LayoutError& e)
	{
		EXPECT_NE(std::string(e.what()).find("CvThing.cpp:1: statements nested more than 256 deep"), std::string::npos)
			<< e.what();
	}
	// the same parser again, after the error: its depth starts from 0
	const Toks aIf = toks("if (a) if (b) { x; } else y;");
	StmtParser kAgain(aIf, "pStream", "CvThing.cpp");
	i = 0;
	EXPECT_EQ(kAgain.parse(i, aIf.size()).eKind, Stmt::If);
}
