// The lexer of the save-layout deriver (SaveLayoutDeriver.cpp): a C++ text's tokens, its comments
// blanked, its logical lines.
#pragma once

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace cvv::layout {

// ---------------------------------------------------------------------------------------------
// Tokens
// ---------------------------------------------------------------------------------------------
// A token's text: a std::string whose comparison with a literal ("(", "->", "Read") checks the
// length first and compares a length known at compile time, without strlen or a library call (the
// interpreter compares tokens with literals at every step of a read).
// Whether s is the literal sz: its length first, then its characters (without strlen or a call).
template <size_t N>
inline bool equalsLiteral(const std::string& s, const char (&sz)[N])
{
	if (s.size() != N - 1) return false;
	for (size_t i = 0; i + 1 < N; ++i)
		if (s[i] != sz[i]) return false;
	return true;
}

struct TokText : std::string
{
	TokText() = default;
	TokText(const char* sz) : std::string(sz) {}
	explicit TokText(std::string s) : std::string(std::move(s)) {}
	TokText& operator=(std::string s)
	{
		std::string::operator=(std::move(s));
		return *this;
	}
	TokText& operator=(const char* sz)
	{
		std::string::operator=(sz);
		return *this;
	}
	template <size_t N>
	bool operator==(const char (&sz)[N]) const
	{
		return equalsLiteral(*this, sz);
	}
	template <size_t N>
	bool operator!=(const char (&sz)[N]) const
	{
		return !(*this == sz);
	}
};

struct Tok
{
	TokText s;
	int iLine = 0;
	char k = 'p'; // i identifier, n number, s string, c character, p punctuator
};

using Toks = std::vector<Tok>;

struct SourceFile
{
	std::string sName; // the file name within the tree
	Toks aToks;
};

// ASCII letters, digits and '_' (the "C" locale's isalpha/isalnum, without a call per character).
inline bool isIdentStart(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }

inline bool isIdentChar(char c) { return isIdentStart(c) || (c >= '0' && c <= '9'); }

// Tokenises one logical line (or a whole text); comments are removed by the caller.
void tokenize(const std::string& s, int iLine, Toks& aOut);

// The text of a file with comments blanked (newlines kept) and CRs dropped.
std::string stripComments(const std::string& sIn);

// The line of s at i (without its '\n') into sOut, i moved past it; false at the end (as std::getline).
bool nextLine(const std::string& s, size_t& i, std::string& sOut);

// The logical lines of a text (backslash continuations joined), each with its first line number.
using LogicalLines = std::vector<std::pair<int, std::string>>;

LogicalLines logicalLines(const std::string& s);

std::string trimLeft(const std::string& s);

std::string readText(const std::filesystem::path& k);

} // namespace cvv::layout
