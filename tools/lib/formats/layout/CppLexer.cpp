// The lexer: see CppLexer.h.
#include "formats/layout/CppLexer.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <cstdio>
#include <fstream>
#include <functional>
#include <unordered_map>
#include <unordered_set>
#include <set>
#include <sstream>

namespace cvv::layout {

namespace {

// The length of the punctuator at s[i]: "<<=" and ">>=", then "->", "::", "<<", ">>", "<=", ">=", "==",
// "!=", "&&", "||", "++", "--", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "##", else 1 (the
// longest that matches: no two of one length start alike).
size_t punctuatorLength(const std::string& s, size_t i)
{
	const char c = s[i];
	const char d = i + 1 < s.size() ? s[i + 1] : '\0';
	if ((c == '<' || c == '>') && d == c && i + 2 < s.size() && s[i + 2] == '=') return 3;
	switch (c)
	{
	case '-': return d == '>' || d == '-' || d == '=' ? 2 : 1;
	case ':': return d == ':' ? 2 : 1;
	case '<':
	case '>': return d == c || d == '=' ? 2 : 1;
	case '=':
	case '!':
	case '*':
	case '/':
	case '%':
	case '^': return d == '=' ? 2 : 1;
	case '&':
	case '|':
	case '+': return d == c || d == '=' ? 2 : 1;
	case '#': return d == '#' ? 2 : 1;
	default: return 1;
	}
}

} // namespace

void tokenize(const std::string& s, int iLine, Toks& aOut)
{
	size_t i = 0;
	while (i < s.size())
	{
		const char c = s[i];
		if (std::isspace(static_cast<unsigned char>(c)))
		{
			++i;
			continue;
		}
		Tok& t = aOut.emplace_back();
		t.iLine = iLine;
		if (isIdentStart(c))
		{
			size_t j = i;
			while (j < s.size() && isIdentChar(s[j])) ++j;
			t.k = 'i';
			t.s.assign(s, i, j - i);
			i = j;
		}
		else if (std::isdigit(static_cast<unsigned char>(c)))
		{
			size_t j = i;
			while (j < s.size() && (isIdentChar(s[j]) || s[j] == '.')) ++j;
			t.k = 'n';
			t.s.assign(s, i, j - i);
			i = j;
		}
		else if (c == '"' || c == '\'')
		{
			size_t j = i + 1;
			while (j < s.size() && s[j] != c) j += (s[j] == '\\') ? 2 : 1;
			t.k = c == '"' ? 's' : 'c';
			t.s.assign(s, i, std::min(j + 1, s.size()) - i);
			i = j + 1;
		}
		else
		{
			t.k = 'p';
			t.s.assign(s, i, punctuatorLength(s, i));
			const size_t n = t.s.size();
			i += n;
		}
	}
}

std::string stripComments(const std::string& sIn)
{
	std::string s;
	s.reserve(sIn.size());
	size_t i = 0;
	while (i < sIn.size())
	{
		const char c = sIn[i];
		if (c == '\r')
		{
			++i;
			continue;
		}
		if (c == '/' && i + 1 < sIn.size() && sIn[i + 1] == '/')
		{
			while (i < sIn.size() && sIn[i] != '\n') ++i;
			continue;
		}
		if (c == '/' && i + 1 < sIn.size() && sIn[i + 1] == '*')
		{
			i += 2;
			while (i + 1 < sIn.size() && !(sIn[i] == '*' && sIn[i + 1] == '/'))
			{
				if (sIn[i] == '\n') s += '\n';
				++i;
			}
			i += 2;
			s += ' ';
			continue;
		}
		if (c == '"' || c == '\'')
		{
			size_t j = i + 1;
			while (j < sIn.size() && sIn[j] != c && sIn[j] != '\n') j += (sIn[j] == '\\') ? 2 : 1;
			s.append(sIn, i, std::min(j + 1, sIn.size()) - i);
			i = j + 1;
			continue;
		}
		s += c;
		++i;
	}
	return s;
}

bool nextLine(const std::string& s, size_t& i, std::string& sOut)
{
	if (i >= s.size()) return false;
	size_t j = s.find('\n', i);
	if (j == std::string::npos) j = s.size();
	sOut.assign(s, i, j - i);
	i = j + 1;
	return true;
}

LogicalLines logicalLines(const std::string& s)
{
	std::vector<std::pair<int, std::string>> a;
	size_t iPos = 0;
	std::string sLine;
	int iLine = 0;
	while (nextLine(s, iPos, sLine))
	{
		++iLine;
		const int iFirst = iLine;
		while (!sLine.empty() && sLine.back() == '\\')
		{
			sLine.pop_back();
			std::string sNext;
			if (!nextLine(s, iPos, sNext)) break;
			++iLine;
			sLine += ' ' + sNext;
		}
		a.emplace_back(iFirst, std::move(sLine));
	}
	return a;
}

std::string trimLeft(const std::string& s)
{
	size_t i = 0;
	while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
	return s.substr(i);
}

std::string readText(const std::filesystem::path& k)
{
	std::ifstream kIn(k, std::ios::binary);
	std::ostringstream o;
	o << kIn.rdbuf();
	return o.str();
}

} // namespace cvv::layout
