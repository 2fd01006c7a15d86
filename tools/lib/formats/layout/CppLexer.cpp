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

void tokenize(const std::string& s, int iLine, Toks& aOut)
{
	static const char* const aszPunct[] = { "<<=", ">>=", "->", "::", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||",
		"++", "--", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "##" };
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
			size_t n = 1;
			if (c != '\0' && std::strchr("<>-:=!&|+*/%^#", c)) // the first characters of aszPunct
				for (const char* sz : aszPunct)
					if (s.compare(i, std::strlen(sz), sz) == 0)
					{
						n = std::strlen(sz);
						break;
					}
			t.s.assign(s, i, n);
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
