// The lexer: see CppLexer.h.
#include "formats/layout/CppLexer.h"

#include <algorithm>
#include <cctype>
#include <fstream>
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
	const size_t n = s.size();
	size_t i = 0;
	while (i < n)
	{
		const char c = s[i];
		// the "C" locale's isspace and isdigit, without a call per character
		if (c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r')
		{
			++i;
			continue;
		}
		char k = 'p';
		size_t iLength = 0;
		if (isIdentStart(c))
		{
			size_t j = i;
			while (j < n && isIdentChar(s[j])) ++j;
			k = 'i';
			iLength = j - i;
		}
		else if (c >= '0' && c <= '9')
		{
			size_t j = i;
			while (j < n && (isIdentChar(s[j]) || s[j] == '.')) ++j;
			k = 'n';
			iLength = j - i;
		}
		else if (c == '"' || c == '\'')
		{
			size_t j = i + 1;
			while (j < n && s[j] != c) j += (s[j] == '\\') ? 2 : 1;
			k = c == '"' ? 's' : 'c';
			iLength = std::min(j + 1, n) - i;
			// a literal left open ends the text (i past it)
			aOut.push_back(Tok{ TokText(std::string(s, i, iLength)), iLine, k });
			i = j + 1;
			continue;
		}
		else
			iLength = punctuatorLength(s, i);
		// the token's text constructed in place (an assign() to an empty string costs more)
		aOut.push_back(Tok{ TokText(std::string(s, i, iLength)), iLine, k });
		i += iLength;
	}
}

std::string stripComments(const std::string& sIn)
{
	std::string s;
	s.reserve(sIn.size());
	size_t i = 0;
	while (i < sIn.size())
	{
		// the characters up to the next that may start a comment, a literal or a CR: copied at once
		size_t j = i;
		while (j < sIn.size() && sIn[j] != '\r' && sIn[j] != '/' && sIn[j] != '"' && sIn[j] != '\'') ++j;
		if (j > i)
		{
			s.append(sIn, i, j - i);
			i = j;
			continue;
		}
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
