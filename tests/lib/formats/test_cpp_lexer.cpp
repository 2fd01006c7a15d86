// The save-layout deriver's lexer (formats/layout/CppLexer.h) alone: tokens and their kinds,
// comments blanked with the lines kept, logical lines joined at backslashes.
#include "formats/layout/CppLexer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

using namespace cvv::layout;

namespace {

std::vector<std::string> texts(const Toks& a)
{
	std::vector<std::string> aOut;
	for (const Tok& t : a) aOut.push_back(t.s);
	return aOut;
}

std::string kinds(const Toks& a)
{
	std::string s;
	for (const Tok& t : a) s += t.k;
	return s;
}

} // namespace

TEST(CppLexer, TokensAndTheirKinds)
{
	Toks a;
	tokenize("m_aiX[i] <<= 0x1F; p->f('a', \"s\\\"t\")", 7, a);
	EXPECT_EQ(texts(a),
		(std::vector<std::string>{
			"m_aiX", "[", "i", "]", "<<=", "0x1F", ";", "p", "->", "f", "(", "'a'", ",", "\"s\\\"t\"", ")" }));
	EXPECT_EQ(kinds(a), "ipippnpipipcpsp");
	for (const Tok& t : a) EXPECT_EQ(t.iLine, 7);
}

TEST(CppLexer, PunctuatorsAreTheLongestThatMatch)
{
	Toks a;
	tokenize("<<= >>= -> :: << >> <= >= == != && || ++ -- += -= *= /= %= &= |= ^= ## ->* <<<= a<b>c ?:;.", 1, a);
	EXPECT_EQ(texts(a),
		(std::vector<std::string>{ "<<=", ">>=", "->", "::", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "++", "--",
			"+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "##", "->", "*", "<<", "<=", "a", "<", "b", ">", "c", "?",
			":", ";", "." }));
	// at the end of the text a punctuator's first character stands alone
	for (const char* sz : { "<", "<<", "-", ":", "&", "#", "!" })
	{
		Toks b;
		tokenize(std::string("x") + sz, 1, b);
		ASSERT_EQ(b.size(), 2u) << sz;
		EXPECT_EQ(std::string(b[1].s), sz);
	}
}

TEST(CppLexer, TokTextComparesWithLiterals)
{
	TokText s("->");
	EXPECT_TRUE(s == "->");
	EXPECT_FALSE(s == "-");
	EXPECT_FALSE(s == "->*");
	EXPECT_TRUE(s != "::");
}

TEST(CppLexer, CommentsAreBlankedAndTheirLinesKept)
{
	const std::string s = stripComments("int a; // one\r\n/* two\nthree */ int b = '/'; \"//\"\n");
	EXPECT_EQ(std::count(s.begin(), s.end(), '\n'), 3);
	EXPECT_EQ(s.find('\r'), std::string::npos);
	EXPECT_EQ(s.find("one"), std::string::npos);
	EXPECT_EQ(s.find("three"), std::string::npos);
	EXPECT_NE(s.find("int b = '/';"), std::string::npos);
	EXPECT_NE(s.find("\"//\""), std::string::npos); // not a comment inside a string
}

TEST(CppLexer, LogicalLinesJoinContinuations)
{
	const LogicalLines a = logicalLines("#define A \\\n  1 + \\\n  2\nint x;\n");
	ASSERT_EQ(a.size(), 2u);
	EXPECT_EQ(a[0].first, 1);
	EXPECT_EQ(a[0].second, "#define A    1 +    2");
	EXPECT_EQ(a[1].first, 4); // the line numbers of the file, not of the logical lines
	EXPECT_EQ(a[1].second, "int x;");
}

TEST(CppLexer, IdentifierCharactersAndTrim)
{
	EXPECT_TRUE(isIdentStart('_'));
	EXPECT_FALSE(isIdentStart('1'));
	EXPECT_TRUE(isIdentChar('1'));
	EXPECT_FALSE(isIdentChar('$'));
	EXPECT_EQ(trimLeft(" \t#if X"), "#if X");
}
