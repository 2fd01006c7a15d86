// The save-layout deriver's preprocessor (formats/layout/CppPreprocessor.h) alone: #if expressions,
// function-like macros parsed and expanded as the compiler does; and a file's #if branches resolved
// (SaveLayout::Impl::preprocess, formats/layout/LayoutTree.h).
#include "formats/layout/CppPreprocessor.h"
#include "formats/layout/LayoutTree.h"

#include <gtest/gtest.h>

#include <limits>
#include <map>
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

std::string text(const Toks& a) { return joinToks(a, 0, a.size()); }

// #if sExpr with the object-like macros kMacros (name -> body).
long long evalIf(const std::string& sExpr, const std::map<std::string, std::string>& kMacros = {})
{
	std::map<std::string, Toks> kBodies;
	for (const auto& [sName, sBody] : kMacros) kBodies[sName] = toks(sBody);
	const MacroLookup fLookup = [&](const std::string& sName) -> const Toks* {
		auto it = kBodies.find(sName);
		return it == kBodies.end() ? nullptr : &it->second;
	};
	const Toks a = toks(sExpr);
	size_t i = 0;
	const long long v = evalPreprocessor(a, i, a.size(), fLookup, 0, 0);
	EXPECT_EQ(i, a.size()) << sExpr;
	return v;
}

} // namespace

TEST(CppPreprocessor, IfExpressions)
{
	EXPECT_EQ(evalIf("1 + 2 * 3"), 7);
	EXPECT_EQ(evalIf("(1 + 2) * 3"), 9);
	EXPECT_EQ(evalIf("10 - 2 - 3"), 5); // left to right
	EXPECT_EQ(evalIf("1 << 4 | 1"), 17);
	EXPECT_EQ(evalIf("!0 && 2 > 1"), 1);
	EXPECT_EQ(evalIf("4 / 0"), 0); // no crash: an error is 0
	EXPECT_EQ(evalIf("UNDEFINED_NAME"), 0);
}

TEST(CppPreprocessor, DefinedAndMacroValues)
{
	const std::map<std::string, std::string> kMacros = { { "MAX_PLAYERS", "(18 + 1)" }, { "EMPTY", "" } };
	EXPECT_EQ(evalIf("MAX_PLAYERS * 2", kMacros), 38);
	EXPECT_EQ(evalIf("defined(MAX_PLAYERS)", kMacros), 1);
	EXPECT_EQ(evalIf("defined EMPTY && !defined(OTHER)", kMacros), 1);
	EXPECT_EQ(evalIf("defined(OTHER) || MAX_PLAYERS > 20", kMacros), 0);
}

TEST(CppPreprocessor, FunctionLikeMacrosAreParsedAndExpanded)
{
	std::map<std::string, FunctionMacro> kMacros;
	ASSERT_TRUE(parseFunctionMacro("(a, b) ((a) * (b))", 1, kMacros["MUL"]));
	ASSERT_TRUE(parseFunctionMacro("(x) MUL(x, x)", 1, kMacros["SQUARE"]));
	ASSERT_TRUE(parseFunctionMacro("(x) #x", 1, kMacros["NAME"]));
	ASSERT_TRUE(parseFunctionMacro("(a, b) a##b", 1, kMacros["CAT"]));
	ASSERT_TRUE(parseFunctionMacro("(f, ...) f(__VA_ARGS__)", 1, kMacros["CALL"]));
	EXPECT_EQ(kMacros["MUL"].aParams, (std::vector<std::string>{ "a", "b" }));
	EXPECT_TRUE(kMacros["CALL"].bVariadic);
	FunctionMacro kBad;
	EXPECT_FALSE(parseFunctionMacro("(a, b", 1, kBad));

	const FunctionMacroLookup fLookup = [&](const std::string& sName) -> const FunctionMacro* {
		auto it = kMacros.find(sName);
		return it == kMacros.end() ? nullptr : &it->second;
	};
	std::unordered_set<std::string> kDisabled;
	EXPECT_EQ(text(expandMacros(toks("y = SQUARE(n + 1);"), fLookup, kDisabled, 0)), "y=((n+1)*(n+1));");
	EXPECT_EQ(text(expandMacros(toks("NAME(m_iX) CAT(m_, iY)"), fLookup, kDisabled, 0)), "\"m_iX\"m_iY");
	EXPECT_EQ(text(expandMacros(toks("CALL(g, 1, 2)"), fLookup, kDisabled, 0)), "g(1,2)");
	EXPECT_EQ(text(expandMacros(toks("MUL + 1"), fLookup, kDisabled, 0)), "MUL+1"); // no arguments: no call
}

TEST(CppPreprocessor, AFilesIfBranchesAreResolved)
{
	SaveLayout::Impl k;
	k.aFiles.push_back(SourceFile{ "CvDefines.h", {} });
	k.kProjectMacros["FINAL_RELEASE"] = { -1, toks("1") };
	const LogicalLines aLines = logicalLines(stripComments("#define N 3\n"
														   "#if N > 2 && defined(FINAL_RELEASE)\n"
														   "int kept;\n"
														   "#elif 1\n"
														   "int elif;\n"
														   "#else\n"
														   "int dropped;\n"
														   "#endif\n"
														   "#ifdef NOT_DEFINED\n"
														   "int neither;\n"
														   "#endif\n"
														   "#define TWICE(x) (x + x)\n"
														   "int m = TWICE(N);\n"));
	std::map<std::string, std::pair<int, Toks>> kDefined;
	k.preprocess(0, aLines, true, kDefined);
	EXPECT_EQ(text(k.aFiles[0].aToks), "int kept;int m=(N+N);");
	ASSERT_TRUE(kDefined.count("N"));
	EXPECT_EQ(text(kDefined["N"].second), "3");
	EXPECT_EQ(k.aFiles[0].aToks[0].iLine, 3); // the file's own line numbers
}

// Found with fuzz_cpp_front (tests/fuzz/corpus/cpp_front/if-arithmetic-overflows.h): signed overflow in
// a #if was undefined behaviour in the deriver; it wraps, as the compiled code's arithmetic does, and
// LLONG_MIN / -1 is undefined (0) as a division by 0 is.
TEST(CppPreprocessor, IfArithmeticWrapsAround)
{
	const long long kMin = std::numeric_limits<long long>::min();
	EXPECT_EQ(evalIf("9223372036854775807 + 1"), kMin);
	EXPECT_EQ(evalIf("9223372036854775807 * 2"), -2);
	EXPECT_EQ(evalIf("-9223372036854775807 - 2"), std::numeric_limits<long long>::max());
	EXPECT_EQ(evalIf("-(-9223372036854775807 - 1)"), kMin);
	EXPECT_EQ(evalIf("-1 << 2"), -4);
	EXPECT_EQ(evalIf("(-9223372036854775807 - 1) / -1"), 0);
	EXPECT_EQ(evalIf("(-9223372036854775807 - 1) % -1"), 0);
	long long r = 1;
	EXPECT_FALSE(applyBinary("/", kMin, -1, r));
	EXPECT_TRUE(applyBinary("/", kMin, 1, r));
	EXPECT_EQ(r, kMin);
}

// Found with fuzz_cpp_front (tests/fuzz/corpus/cpp_front/if-parentheses-nested-40000-deep.h,
// if-not-40000-deep.h): the evaluator recursed once a level until the stack overflowed; past 256
// levels it is a LayoutError naming the file and line.
TEST(CppPreprocessor, AnIfNestedTooDeepIsALayoutError)
{
	EXPECT_EQ(evalIf(std::string(200, '(') + "1" + std::string(200, ')')), 1);
	EXPECT_EQ(evalIf(std::string(200, '!') + "0"), 0);
	EXPECT_THROW(evalIf(std::string(300, '(') + "1"), LayoutError);
	EXPECT_THROW(evalIf(std::string(300, '~') + "1"), LayoutError);

	SaveLayout::Impl k;
	k.aFiles.push_back(SourceFile{ "CvDeep.h", {} });
	const LogicalLines aLines = logicalLines("int a;\n#if " + std::string(300, '!') + "1\nint b;\n#endif\n");
	std::map<std::string, std::pair<int, Toks>> kDefined;
	try
	{
		k.preprocess(0, aLines, true, kDefined);
		FAIL() << "no error";
	}
	catch (const LayoutError& e)
	{
		EXPECT_NE(
			std::string(e.what()).find("CvDeep.h:2: a #if expression nested more than 256 deep"), std::string::npos)
			<< e.what();
	}
}
