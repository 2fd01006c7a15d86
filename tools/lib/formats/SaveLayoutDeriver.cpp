// The save layout from a CvGameCoreDLL tree's own C++; see SaveLayout.h and docs/file-formats.md
// ("Saves of mods").
//
// Three parts:
//   1. the tree: every .h/.inl/.cpp file tokenised after its #if/#ifdef branches are resolved with
//      the #defines of the tree's headers; the enums and #define constants; the classes and structs
//      with their members' types and inline methods; the functions defined out of line;
//   2. the statements of a function body (blocks, if/else, for, while, declarations, expressions);
//   3. an interpreter that runs a read() over the stream: a statement that names the stream is one
//      of the read forms it knows or an error; one that does not is run only for its effect on the
//      values the reads depend on (assignments, the methods it calls), and what cannot be evaluated
//      there becomes unknown, an error only if a read later depends on it.
#include "formats/SaveLayout.h"

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

namespace cvv {

namespace fs = std::filesystem;

namespace {

// ---------------------------------------------------------------------------------------------
// Tokens
// ---------------------------------------------------------------------------------------------
// A token's text: a std::string whose comparison with a literal ("(", "->", "Read") checks the
// length first and compares a length known at compile time, without strlen or a library call (the
// interpreter compares tokens with literals at every step of a read).
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
		if (size() != N - 1) return false;
		for (size_t i = 0; i + 1 < N; ++i)
			if ((*this)[i] != sz[i]) return false;
		return true;
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
bool isIdentStart(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool isIdentChar(char c) { return isIdentStart(c) || (c >= '0' && c <= '9'); }

// Tokenises one logical line (or a whole text); comments are removed by the caller.
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

// The text of a file with comments blanked (newlines kept) and CRs dropped.
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

// The line of s at i (without its '\n') into sOut, i moved past it; false at the end (as std::getline).
bool nextLine(const std::string& s, size_t& i, std::string& sOut)
{
	if (i >= s.size()) return false;
	size_t j = s.find('\n', i);
	if (j == std::string::npos) j = s.size();
	sOut.assign(s, i, j - i);
	i = j + 1;
	return true;
}

// The logical lines of a text (backslash continuations joined), each with its first line number.
using LogicalLines = std::vector<std::pair<int, std::string>>;
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

// ---------------------------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------------------------
struct TypeRef
{
	std::string sName; // "int", "unsigned int", "CvWString", "CLinkList", "ReplayMessageList::_Alloc::size_type"
	std::vector<TypeRef> aArgs;
	int iPtr = 0;
	std::vector<Toks> aDims; // array dimensions, outermost first
	bool bValid = false;
};

std::string typeText(const TypeRef& k)
{
	std::string s = k.sName;
	if (!k.aArgs.empty())
	{
		s += "<";
		for (size_t i = 0; i < k.aArgs.size(); ++i) s += (i ? ", " : "") + typeText(k.aArgs[i]);
		s += ">";
	}
	s += std::string(size_t(k.iPtr), '*');
	for (const Toks& a : k.aDims)
	{
		s += "[";
		for (const Tok& t : a) s += t.s;
		s += "]";
	}
	return s;
}

std::string joinToks(const Toks& a, size_t b, size_t e)
{
	std::string s;
	for (size_t i = b; i < e && i < a.size(); ++i)
	{
		const Tok& t = a[i];
		if (!s.empty() && (t.k == 'i' || t.k == 'n') && (isIdentChar(s.back()))) s += ' ';
		s += t.s;
	}
	return s;
}

size_t matchCloseOfAny(const Toks& a, size_t iOpen);

// The closing '>', ')', ']' or '}' of the bracket at a[iOpen] (by characters: every step of a read
// looks for some); npos if it has none (for '<': none before a ';' or a '{').
size_t matchClose(const Toks& a, size_t iOpen)
{
	const TokText& sOpen = a[iOpen].s;
	if (sOpen.size() != 1 || (sOpen[0] != '(' && sOpen[0] != '[' && sOpen[0] != '{' && sOpen[0] != '<'))
		return matchCloseOfAny(a, iOpen);
	const char cOpen = sOpen[0];
	const char cClose = cOpen == '(' ? ')' : cOpen == '[' ? ']' : cOpen == '{' ? '}' : '>';
	int iDepth = 0;
	for (size_t i = iOpen; i < a.size(); ++i)
	{
		const TokText& t = a[i].s;
		if (t.size() == 1)
		{
			if (t[0] == cOpen)
				++iDepth;
			else if (t[0] == cClose)
			{
				if (--iDepth == 0) return i;
			}
			else if (cOpen == '<' && (t[0] == ';' || t[0] == '{'))
				return std::string::npos;
		}
		else if (cOpen == '<' && t == ">>")
		{
			iDepth -= 2;
			if (iDepth <= 0) return i;
		}
	}
	return std::string::npos;
}

// matchClose for any other token: its matches counted, closed by '>'.
size_t matchCloseOfAny(const Toks& a, size_t iOpen)
{
	const std::string sOpen = a[iOpen].s;
	const std::string sClose = sOpen == "(" ? ")" : sOpen == "[" ? "]" : sOpen == "{" ? "}" : ">";
	int iDepth = 0;
	for (size_t i = iOpen; i < a.size(); ++i)
	{
		if (a[i].s == sOpen)
			++iDepth;
		else if (a[i].s == sClose)
		{
			if (--iDepth == 0) return i;
		}
		else if (sOpen == "<" && a[i].s == ">>")
		{
			iDepth -= 2;
			if (iDepth <= 0) return i;
		}
		else if (sOpen == "<" && (a[i].s == ";" || a[i].s == "{"))
			return std::string::npos;
	}
	return std::string::npos;
}

// `template <class T, typename U>` at a[iTemplate]: the parameters' names into aTemplate (cleared
// first); returns the index of the closing '>' (npos, aTemplate untouched, if it has none).
size_t templateParameters(const Toks& a, size_t iTemplate, std::vector<std::string>& aTemplate)
{
	const size_t iClose = matchClose(a, iTemplate + 1);
	if (iClose == std::string::npos) return iClose;
	aTemplate.clear();
	for (size_t j = iTemplate + 2; j < iClose; ++j)
		if ((a[j].s == "class" || a[j].s == "typename") && j + 1 < iClose && a[j + 1].k == 'i')
			aTemplate.push_back(a[j + 1].s);
	return iClose;
}

// Parses a type at a[i] (qualifiers, a qualified name, template arguments, pointer stars); i moves
// past it. Returns an invalid TypeRef if no type starts there.
TypeRef parseType(const Toks& a, size_t& i, size_t e)
{
	TypeRef k;
	static const std::set<std::string> kSkip = { "const", "volatile", "static", "mutable", "struct", "class",
		"typename", "inline", "virtual", "DllExport", "register", "enum" };
	while (i < e && a[i].k == 'i' && kSkip.count(a[i].s)) ++i;
	if (i >= e || a[i].k != 'i') return k;
	if (a[i].s == "unsigned" || a[i].s == "signed")
	{
		const std::string sSign = a[i].s;
		++i;
		if (i < e && a[i].k == 'i' && (a[i].s == "int" || a[i].s == "char" || a[i].s == "short" || a[i].s == "long"))
		{
			k.sName = sSign + " " + a[i].s;
			++i;
			if (k.sName.find("long") != std::string::npos && i < e && a[i].s == "long")
			{
				k.sName += " long";
				++i;
			}
		}
		else
			k.sName = sSign + " int";
	}
	else
	{
		for (;;)
		{
			if (i >= e || a[i].k != 'i') return TypeRef();
			std::string sPart = a[i].s;
			++i;
			if (sPart != "std") k.sName += (k.sName.empty() ? "" : "::") + sPart;
			if (i < e && a[i].s == "<")
			{
				const size_t iClose = matchClose(a, i);
				if (iClose == std::string::npos || iClose >= e) return TypeRef();
				size_t j = i + 1;
				while (j < iClose)
				{
					TypeRef kArg = parseType(a, j, iClose);
					if (!kArg.bValid) break;
					k.aArgs.push_back(kArg);
					while (j < iClose && a[j].s != ",") ++j;
					++j;
				}
				i = iClose + 1;
			}
			if (i < e && a[i].s == "::" && i + 1 < e && a[i + 1].k == 'i')
			{
				++i;
				continue;
			}
			break;
		}
		if (k.sName == "long" && i < e && a[i].s == "long")
		{
			k.sName = "long long";
			++i;
		}
	}
	while (i < e && (a[i].s == "*" || a[i].s == "&" || a[i].s == "const"))
	{
		if (a[i].s == "*") ++k.iPtr;
		++i;
	}
	k.bValid = true;
	return k;
}

// One declared name: its type (with its own stars and dimensions) and the tokens of its initialiser.
struct Declarator
{
	TypeRef kType;
	std::string sName;
	size_t iInit = 0, iInitEnd = 0; // "= expr" or "(args)"; empty if none
	bool bCtorArgs = false;
};

// "int a, *b[3] = ..." in a[b, e) (no ';'). Returns false if it is not a declaration.
bool parseDeclaration(const Toks& a, size_t b, size_t e, std::vector<Declarator>& aOut)
{
	size_t i = b;
	TypeRef kBase = parseType(a, i, e);
	if (!kBase.bValid) return false;
	const int iBasePtr = kBase.iPtr;
	for (;;)
	{
		Declarator d;
		d.kType = kBase;
		d.kType.iPtr = iBasePtr;
		while (i < e && (a[i].s == "*" || a[i].s == "&" || a[i].s == "const"))
		{
			if (a[i].s == "*") ++d.kType.iPtr;
			++i;
		}
		if (i >= e || a[i].k != 'i') return false;
		d.sName = a[i].s;
		++i;
		while (i < e && a[i].s == "[")
		{
			const size_t iClose = matchClose(a, i);
			if (iClose == std::string::npos || iClose >= e) return false;
			d.kType.aDims.push_back(Toks(a.begin() + std::ptrdiff_t(i + 1), a.begin() + std::ptrdiff_t(iClose)));
			i = iClose + 1;
		}
		if (i < e && a[i].s == ":") // a bit field
		{
			i += 2;
		}
		if (i < e && a[i].s == "=")
		{
			d.iInit = i + 1;
			int iDepth = 0;
			++i;
			while (i < e && !(iDepth == 0 && a[i].s == ","))
			{
				if (a[i].s == "(" || a[i].s == "[" || a[i].s == "{") ++iDepth;
				if (a[i].s == ")" || a[i].s == "]" || a[i].s == "}") --iDepth;
				++i;
			}
			d.iInitEnd = i;
		}
		else if (i < e && a[i].s == "(")
		{
			const size_t iClose = matchClose(a, i);
			if (iClose == std::string::npos || iClose > e) return false;
			d.iInit = i + 1;
			d.iInitEnd = iClose;
			d.bCtorArgs = true;
			i = iClose + 1;
		}
		aOut.push_back(d);
		if (i >= e) return true;
		if (a[i].s != ",") return false;
		++i;
	}
}

// ---------------------------------------------------------------------------------------------
// Statements
// ---------------------------------------------------------------------------------------------
struct Stmt
{
	enum Kind {
		Block,
		If,
		For,
		While,
		Do,
		Simple, // an expression or a declaration: a[b, e) without the ';'
		Return,
		Break,
		Continue,
		Switch, // the value b..e; aKids the body's statements, aCases where each label enters
		Other // try, goto...: followed only if it does not name the stream
	};
	Kind eKind = Simple;
	int iLine = 0;
	size_t b = 0, e = 0; // Simple/Return: the tokens; If/While/Do: the condition; For: the init
	size_t b2 = 0, e2 = 0, b3 = 0, e3 = 0; // For: the condition and the step
	std::vector<Stmt> aKids; // Block: the statements; If: then, [else]; For/While/Do: the body
	struct Case
	{
		size_t b = 0, e = 0; // the label's value (empty for 'default')
		size_t iKid = 0; // the first statement it enters
		int iLine = 0;
	};
	std::vector<Case> aCases; // Switch: the labels in order
	bool bStream = false; // names the stream (here or below)
};

struct Function
{
	std::string sName; // "CvPlot::read" or "ReadStreamableFFreeListTrashArray"
	std::string sClass;
	int iFile = -1;
	size_t iParams = 0, iParamsEnd = 0; // the tokens between the parentheses
	size_t iBody = 0, iBodyEnd = 0; // '{' and '}'
	std::vector<std::string> aTemplate; // template parameter names
	std::vector<std::string> aValueTemplate; // its non-type template parameters' names (template <int N>)
	size_t iSpecArgs = 0, iSpecArgsEnd = 0; // an explicit specialisation's arguments (f<ARGS>); none if equal
	mutable std::shared_ptr<Stmt> pBody;
	mutable std::string sStream; // the FDataStreamBase parameter
	mutable bool bStreamRef = false;
};

struct ClassDef
{
	std::string sName;
	std::vector<std::string> aBases;
	std::vector<std::string> aTemplate;
	std::map<std::string, TypeRef> kMembers;
	std::vector<std::string> aOrder;
	std::map<std::string, std::vector<const Function*>> kMethods; // inline ones
	int iFile = -1;
	// its constants: static const members' initialisers, its enums' enumerators (NAME: PREV + 1)
	std::map<std::string, Toks> kConstants;
	// its methods declared without a body: their parameters' tokens (the default arguments are there)
	std::map<std::string, std::vector<std::pair<size_t, size_t>>> kDeclarations;
	// a template's parameters in order, types and values (template <class T, int N = 0>), with defaults
	struct TemplateParam
	{
		std::string sName;
		bool bType = true;
		Toks aDefault;
	};
	std::vector<TemplateParam> aTemplateParams;
	// its bases as written: a name and its template arguments' tokens (Base<T, int, 3>)
	std::vector<std::pair<std::string, std::vector<Toks>>> aBaseArgs;
};

// A parameter list a[b, e) split at its top-level commas (outside (), [], {} and a template's <>):
// each parameter's [begin, end).
std::vector<std::pair<size_t, size_t>> parameterRanges(const Toks& a, size_t b, size_t e)
{
	std::vector<std::pair<size_t, size_t>> aOut;
	int iDepth = 0;
	size_t iStart = b;
	for (size_t i = b; i < e; ++i)
	{
		const TokText& t = a[i].s;
		if (t == "(" || t == "[" || t == "{" || t == "<") ++iDepth;
		if (t == ")" || t == "]" || t == "}" || t == ">") --iDepth;
		if (t == ">>") iDepth -= 2;
		if (t == "," && iDepth == 0)
		{
			aOut.emplace_back(iStart, i);
			iStart = i + 1;
		}
	}
	if (iStart < e) aOut.emplace_back(iStart, e);
	return aOut;
}

// The tokens of a[b, e) split at its top-level commas (outside (), [], {} and <>).
std::vector<Toks> splitArguments(const Toks& a, size_t b, size_t e)
{
	std::vector<Toks> aOut;
	for (const auto& [iBegin, iEnd] : parameterRanges(a, b, e))
		aOut.emplace_back(a.begin() + std::ptrdiff_t(iBegin), a.begin() + std::ptrdiff_t(iEnd));
	return aOut;
}

bool namesStream(const Toks& a, size_t b, size_t e, const std::string& sStream)
{
	for (size_t i = b; i < e; ++i)
		if (a[i].k == 'i' && a[i].s == sStream) return true;
	return false;
}

template <size_t N>
size_t findTop(const Toks& a, size_t b, size_t e, const char (&s)[N])
{
	int iDepth = 0;
	for (size_t i = b; i < e; ++i)
	{
		const TokText& t = a[i].s;
		if (iDepth == 0 && t == s) return i;
		if (t.size() != 1) continue;
		if (t[0] == '(' || t[0] == '[' || t[0] == '{')
			++iDepth;
		else if (t[0] == ')' || t[0] == ']' || t[0] == '}')
			--iDepth;
	}
	return std::string::npos;
}

// The names of the non-type parameters of `template <class T, int N = 0>` at a[iTemplate] (N).
std::vector<std::string> valueTemplateParameters(const Toks& a, size_t iTemplate)
{
	std::vector<std::string> aOut;
	const size_t iClose = matchClose(a, iTemplate + 1);
	if (iClose == std::string::npos) return aOut;
	size_t j = iTemplate + 2;
	while (j < iClose)
	{
		size_t iEnd = findTop(a, j, iClose, ",");
		if (iEnd == std::string::npos) iEnd = iClose;
		size_t iDefault = findTop(a, j, iEnd, "=");
		if (iDefault == std::string::npos) iDefault = iEnd;
		if (a[j].s != "class" && a[j].s != "typename" && iDefault > j && a[iDefault - 1].k == 'i')
			aOut.push_back(a[iDefault - 1].s);
		j = iEnd + 1;
	}
	return aOut;
}

class StmtParser
{
public:
	StmtParser(const Toks& a, const std::string& sStream, const std::string& sWhere)
		: m_a(a), m_sStream(sStream), m_sWhere(sWhere)
	{}

	Stmt parse(size_t& i, size_t e)
	{
		Stmt s;
		if (i >= e) fail(e, "the function body ends inside a statement");
		s.iLine = m_a[i].iLine;
		const TokText& t = m_a[i].s;
		if (t == "{")
		{
			const size_t iClose = close(i, e);
			s.eKind = Stmt::Block;
			size_t j = i + 1;
			while (j < iClose) s.aKids.push_back(parse(j, iClose));
			i = iClose + 1;
		}
		else if (t == ";")
		{
			s.eKind = Stmt::Block;
			++i;
		}
		else if (m_a[i].k == 'i' && (t == "if" || t == "while"))
		{
			s.eKind = t == "if" ? Stmt::If : Stmt::While;
			const size_t iOpen = i + 1;
			if (iOpen >= e || m_a[iOpen].s != "(") fail(i, "'" + t + "' without a condition");
			const size_t iClose = close(iOpen, e);
			s.b = iOpen + 1;
			s.e = iClose;
			i = iClose + 1;
			s.aKids.push_back(parse(i, e));
			if (s.eKind == Stmt::If && i < e && m_a[i].s == "else")
			{
				++i;
				s.aKids.push_back(parse(i, e));
			}
		}
		else if (m_a[i].k == 'i' && t == "for")
		{
			s.eKind = Stmt::For;
			const size_t iOpen = i + 1;
			if (iOpen >= e || m_a[iOpen].s != "(") fail(i, "'for' without its header");
			const size_t iClose = close(iOpen, e);
			const size_t iSemi1 = findTop(m_a, iOpen + 1, iClose, ";");
			const size_t iSemi2 = iSemi1 == std::string::npos ? iSemi1 : findTop(m_a, iSemi1 + 1, iClose, ";");
			if (iSemi2 == std::string::npos) fail(i, "a 'for' header without two ';'");
			s.b = iOpen + 1;
			s.e = iSemi1;
			s.b2 = iSemi1 + 1;
			s.e2 = iSemi2;
			s.b3 = iSemi2 + 1;
			s.e3 = iClose;
			i = iClose + 1;
			s.aKids.push_back(parse(i, e));
		}
		else if (m_a[i].k == 'i' && t == "do")
		{
			s.eKind = Stmt::Do;
			++i;
			s.aKids.push_back(parse(i, e));
			if (i + 1 >= e || m_a[i].s != "while" || m_a[i + 1].s != "(") fail(i, "'do' without its 'while'");
			const size_t iClose = close(i + 1, e);
			s.b = i + 2;
			s.e = iClose;
			i = iClose + 1;
			if (i < e && m_a[i].s == ";") ++i;
		}
		else if (m_a[i].k == 'i' && t == "switch")
			parseSwitch(s, i, e);
		else if (m_a[i].k == 'i' && (t == "try" || t == "goto"))
		{
			s.eKind = Stmt::Other;
			size_t j = i + 1;
			if (j < e && m_a[j].s == "(") j = close(j, e) + 1;
			if (j < e && m_a[j].s == "{") j = close(j, e) + 1;
			while (t == "try" && j + 1 < e && m_a[j].s == "catch")
			{
				j = close(j + 1, e) + 1;
				if (j < e && m_a[j].s == "{") j = close(j, e) + 1;
			}
			if (t == "goto") j = endOf(i, e) + 1;
			s.b = i;
			s.e = j;
			i = j;
		}
		else if (m_a[i].k == 'i' && (t == "return" || t == "break" || t == "continue"))
		{
			s.eKind = t == "return" ? Stmt::Return : t == "break" ? Stmt::Break : Stmt::Continue;
			const size_t iEnd = endOf(i, e);
			s.b = i + 1;
			s.e = iEnd;
			i = iEnd + 1;
		}
		else
		{
			s.eKind = Stmt::Simple;
			const size_t iEnd = endOf(i, e);
			s.b = i;
			s.e = iEnd;
			i = iEnd + 1;
		}
		s.bStream = namesStream(m_a, s.b, s.e, m_sStream) || namesStream(m_a, s.b2, s.e2, m_sStream)
			|| namesStream(m_a, s.b3, s.e3, m_sStream);
		for (const Stmt& k : s.aKids) s.bStream = s.bStream || k.bStream;
		return s;
	}

private:
	// switch (value) { case A: ... default: ... }: the labels of the body's own level, each the
	// index of the statement it enters.
	void parseSwitch(Stmt& s, size_t& i, size_t e)
	{
		s.eKind = Stmt::Switch;
		const size_t iOpen = i + 1;
		if (iOpen >= e || m_a[iOpen].s != "(") fail(i, "'switch' without its value");
		const size_t iClose = close(iOpen, e);
		s.b = iOpen + 1;
		s.e = iClose;
		const size_t iBrace = iClose + 1;
		if (iBrace >= e || m_a[iBrace].s != "{") fail(i, "a 'switch' without its braces");
		const size_t iEnd = close(iBrace, e);
		size_t j = iBrace + 1;
		while (j < iEnd)
		{
			const TokText& t = m_a[j].s;
			if (m_a[j].k == 'i' && (t == "case" || t == "default"))
			{
				const size_t iColon = findTop(m_a, j + 1, iEnd, ":");
				if (iColon == std::string::npos) fail(j, "a '" + t + "' label without its ':'");
				Stmt::Case k;
				k.iLine = m_a[j].iLine;
				if (t == "case")
				{
					k.b = j + 1;
					k.e = iColon;
				}
				k.iKid = s.aKids.size();
				s.aCases.push_back(k);
				j = iColon + 1;
				continue;
			}
			s.aKids.push_back(parse(j, iEnd));
		}
		i = iEnd + 1;
	}

	[[noreturn]] void fail(size_t i, const std::string& sWhat) const
	{
		const int iLine = i < m_a.size() ? m_a[i].iLine : 0;
		throw LayoutError(m_sWhere + ":" + std::to_string(iLine) + ": " + sWhat);
	}
	size_t close(size_t iOpen, size_t e) const
	{
		const size_t iClose = matchClose(m_a, iOpen);
		if (iClose == std::string::npos || iClose >= e) fail(iOpen, "an unbalanced '" + m_a[iOpen].s + "'");
		return iClose;
	}
	size_t endOf(size_t i, size_t e) const
	{
		const size_t iSemi = findTop(m_a, i, e, ";");
		if (iSemi == std::string::npos) fail(i, "a statement without its ';'");
		return iSemi;
	}

	const Toks& m_a;
	std::string m_sStream;
	std::string m_sWhere;
};

// What a statement that does not touch the stream is, by its tokens alone (LayoutRunner::simple):
// a declaration (unless its first name is a local), a call of another object's method, a call.
struct SimpleShape
{
	bool bDeclaration = false; // declares aDecl, unless a[iFirstName] names a local
	size_t iFirstName = 0;
	std::vector<Declarator> aDecl;
	size_t iDot = std::string::npos; // obj.method(args): the '.' or '->'
	bool bAssigns = false; // an '=' at the top
	bool bCall = false; // name(args)
	std::vector<size_t> aBare; // name(args): the arguments that are a variable or its address
};

// The declaration test of a[b, e) without the locals: where the name a local would shadow is.
bool looksLikeDeclaration(const Toks& a, size_t b, size_t e, size_t& iFirstName)
{
	size_t i = b;
	while (
		i < e && a[i].k == 'i' && (a[i].s == "const" || a[i].s == "static" || a[i].s == "struct" || a[i].s == "class"))
		++i;
	iFirstName = i;
	if (i >= e || a[i].k != 'i' || a[i].s == "delete" || a[i].s == "return" || a[i].s == "new") return false;
	TypeRef k = parseType(a, i, e);
	if (!k.bValid || i >= e || a[i].k != 'i') return false;
	++i;
	return i >= e || a[i].s == "=" || a[i].s == ";" || a[i].s == "," || a[i].s == "[" || a[i].s == "(";
}

SimpleShape shapeOf(const Toks& a, size_t b, size_t e)
{
	SimpleShape k;
	k.bDeclaration = looksLikeDeclaration(a, b, e, k.iFirstName) && parseDeclaration(a, b, e, k.aDecl);
	for (size_t i = b; i + 2 < e && k.iDot == std::string::npos; ++i)
		if ((a[i].s == "." || a[i].s == "->") && a[i + 1].k == 'i' && a[i + 2].s == "("
			&& matchClose(a, i + 2) == e - 1)
			k.iDot = i;
	k.bAssigns = findTop(a, b, e, "=") != std::string::npos;
	k.bCall = e > b + 1 && a[b].k == 'i' && a[b + 1].s == "(" && matchClose(a, b + 1) == e - 1;
	if (k.bCall)
		for (size_t j = b + 2; j < e - 1;)
		{
			size_t iComma = findTop(a, j, e - 1, ",");
			if (iComma == std::string::npos) iComma = e - 1;
			size_t q = j;
			if (q < iComma && a[q].s == "&") ++q;
			if (q + 1 == iComma && a[q].k == 'i') k.aBare.push_back(q);
			j = iComma + 1;
		}
	return k;
}

// The shape of a statement that reads (LayoutRunner::streamStatement), by its tokens alone: its '=' at
// the top, or the '(' of its last call and that call's arguments.
struct CallShape
{
	size_t iAssign = std::string::npos;
	size_t iOpen = std::string::npos; // set if the statement ends with ')'
	std::vector<std::pair<size_t, size_t>> aArgs; // set if iOpen is past the statement's start
};

CallShape callShapeOf(const Toks& a, size_t b, size_t e)
{
	CallShape k;
	k.iAssign = findTop(a, b, e, "=");
	if (e == 0 || a[e - 1].s != ")") return k;
	k.iOpen = e - 1;
	int iDepth = 0;
	for (size_t i = e; i-- > b;)
	{
		if (a[i].s == ")")
			++iDepth;
		else if (a[i].s == "(" && --iDepth == 0)
		{
			k.iOpen = i;
			break;
		}
	}
	if (k.iOpen <= b) return k;
	size_t j = k.iOpen + 1;
	while (j < e - 1)
	{
		size_t iComma = findTop(a, j, e - 1, ",");
		if (iComma == std::string::npos) iComma = e - 1;
		k.aArgs.emplace_back(j, iComma);
		j = iComma + 1;
	}
	return k;
}

// A function-like #define: its parameters and body (docs/file-formats.md, "Saves of mods": the macros
// a function's code is built with are expanded as the compiler does).
struct FunctionMacro
{
	std::vector<std::string> aParams;
	bool bVariadic = false;
	Toks aBody;
	bool bDefined = true; // false: #undef'd in this file
};
using FunctionMacroLookup = std::function<const FunctionMacro*(const std::string&)>;

// "NAME(a, b) body" after a #define: the parameters and body into k; false if it is malformed.
bool parseFunctionMacro(const std::string& sAfterName, int iLine, FunctionMacro& k)
{
	Toks a;
	tokenize(sAfterName, iLine, a);
	if (a.empty() || a[0].s != "(") return false;
	size_t i = 1;
	for (; i < a.size() && a[i].s != ")"; ++i)
	{
		if (a[i].k == 'i')
			k.aParams.push_back(a[i].s);
		else if (a[i].s == "." || a[i].s == "...")
			k.bVariadic = true;
	}
	if (i >= a.size()) return false;
	k.aBody.assign(a.begin() + std::ptrdiff_t(i + 1), a.end());
	return true;
}

Toks expandMacros(
	const Toks& a, const FunctionMacroLookup& fLookup, std::unordered_set<std::string>& kDisabled, int iDepth);

// The tokens of a macro's body with its arguments put in (# stringises, ## pastes), all on iLine.
Toks substituteMacro(const FunctionMacro& m, const std::vector<Toks>& aArgs, int iLine,
	const FunctionMacroLookup& fLookup, std::unordered_set<std::string>& kDisabled, int iDepth)
{
	auto argOf = [&](const std::string& sName) -> const Toks* {
		for (size_t j = 0; j < m.aParams.size(); ++j)
			if (m.aParams[j] == sName) return j < aArgs.size() ? &aArgs[j] : nullptr;
		return nullptr;
	};
	static const Toks kNone;
	Toks aVarArgs; // __VA_ARGS__: the arguments past the named ones, with their commas
	for (size_t j = m.aParams.size(); m.bVariadic && j < aArgs.size(); ++j)
	{
		if (j > m.aParams.size()) aVarArgs.push_back(Tok{ ",", iLine, 'p' });
		aVarArgs.insert(aVarArgs.end(), aArgs[j].begin(), aArgs[j].end());
	}
	Toks aOut;
	bool bPaste = false;
	auto append = [&](const Toks& aPiece) {
		size_t j = 0;
		if (bPaste && !aOut.empty() && !aPiece.empty())
		{
			const std::string sJoined = aOut.back().s + aPiece[0].s;
			aOut.pop_back();
			tokenize(sJoined, iLine, aOut);
			j = 1;
		}
		for (; j < aPiece.size(); ++j)
		{
			aOut.push_back(aPiece[j]);
			aOut.back().iLine = iLine;
		}
		bPaste = false;
	};
	const Toks& b = m.aBody;
	for (size_t i = 0; i < b.size(); ++i)
	{
		if (b[i].s == "##")
		{
			bPaste = true;
			continue;
		}
		const bool bParam = b[i].k == 'i' && (argOf(b[i].s) || (m.bVariadic && b[i].s == "__VA_ARGS__"));
		if (b[i].s == "#" && i + 1 < b.size() && b[i + 1].k == 'i')
		{
			const Toks* pArg = argOf(b[i + 1].s);
			if (pArg)
			{
				append(Toks{ Tok{ TokText("\"" + joinToks(*pArg, 0, pArg->size()) + "\""), iLine, 's' } });
				++i;
				continue;
			}
		}
		if (!bParam)
		{
			append(Toks{ b[i] });
			continue;
		}
		const Toks& aArg = b[i].s == "__VA_ARGS__" && !argOf(b[i].s) ? aVarArgs : *argOf(b[i].s);
		const bool bPasted = bPaste || (i + 1 < b.size() && b[i + 1].s == "##");
		// an argument is expanded before it is put in, unless it is pasted
		append(bPasted ? aArg : expandMacros(aArg, fLookup, kDisabled, iDepth + 1));
	}
	return aOut;
}

// The call of the function-like macro at a[i] (NAME followed by its parenthesised arguments) expanded
// into aOut, its arguments and result rescanned, a macro not within its own expansion; j is its ')'.
// False if a[i] calls no macro (pNames: the names that may be one).
bool expandCall(const Toks& a, size_t i, const FunctionMacroLookup& fLookup, std::unordered_set<std::string>& kDisabled,
	int iDepth, const std::unordered_set<std::string>* pNames, size_t& j, Toks& aOut)
{
	const Tok& t = a[i];
	if (t.k != 'i' || i + 1 >= a.size() || a[i + 1].s != "(" || iDepth >= 32) return false;
	if ((pNames && !pNames->count(t.s)) || kDisabled.count(t.s)) return false;
	const FunctionMacro* m = fLookup(t.s);
	if (!m) return false;
	std::vector<Toks> aArgs(1);
	int iParens = 1;
	for (j = i + 2; j < a.size(); ++j)
	{
		if (a[j].s == "(") ++iParens;
		if (a[j].s == ")" && --iParens == 0) break;
		if (a[j].s == "," && iParens == 1)
			aArgs.emplace_back();
		else
			aArgs.back().push_back(a[j]);
	}
	if (j >= a.size()) return false; // no closing ')': left as it is
	const std::string sName = t.s;
	const Toks aBody = substituteMacro(*m, aArgs, t.iLine, fLookup, kDisabled, iDepth);
	kDisabled.insert(sName);
	aOut = expandMacros(aBody, fLookup, kDisabled, iDepth + 1);
	kDisabled.erase(sName);
	return true;
}

// The function-like macros of a[] expanded.
Toks expandMacros(
	const Toks& a, const FunctionMacroLookup& fLookup, std::unordered_set<std::string>& kDisabled, int iDepth)
{
	Toks aOut, aExpanded;
	for (size_t i = 0; i < a.size(); ++i)
	{
		size_t j = i;
		if (expandCall(a, i, fLookup, kDisabled, iDepth, nullptr, j, aExpanded))
		{
			aOut.insert(aOut.end(), aExpanded.begin(), aExpanded.end());
			i = j;
		}
		else
			aOut.push_back(a[i]);
	}
	return aOut;
}

// A file's tokens with the function-like macros expanded; fAdvance is told each position before a
// macro is looked up there (the #defines and #undefs up to it take effect). The tokens are rewritten
// in place when no expansion makes them longer than they were up to there (most calls of macros
// expand to less than they take), else copied once.
void expandFileMacros(Toks& a, const FunctionMacroLookup& fLookup, const std::function<void(size_t)>& fAdvance,
	const std::unordered_set<std::string>& kNames)
{
	struct Edit
	{
		size_t b, e; // a[b, e] is replaced
		Toks aNew;
	};
	std::vector<Edit> aEdits;
	std::unordered_set<std::string> kDisabled;
	long long iGrowth = 0;
	bool bInPlace = true;
	for (size_t i = 0; i < a.size(); ++i)
	{
		if (a[i].k != 'i' || i + 1 >= a.size() || a[i + 1].s != "(" || !kNames.count(a[i].s)) continue;
		fAdvance(i);
		Edit k;
		size_t j = i;
		if (!expandCall(a, i, fLookup, kDisabled, 0, &kNames, j, k.aNew)) continue;
		k.b = i;
		k.e = j;
		iGrowth += static_cast<long long>(k.aNew.size()) - static_cast<long long>(j - i + 1);
		bInPlace = bInPlace && iGrowth <= 0;
		aEdits.push_back(std::move(k));
		i = j;
	}
	if (aEdits.empty()) return;
	Toks aCopy;
	if (!bInPlace) aCopy.reserve(size_t(static_cast<long long>(a.size()) + iGrowth));
	size_t w = 0, r = 0;
	auto keep = [&](size_t iTo) {
		for (; r < iTo; ++r, ++w)
		{
			if (!bInPlace)
				aCopy.push_back(std::move(a[r]));
			else if (w != r)
				a[w] = std::move(a[r]);
		}
	};
	for (Edit& k : aEdits)
	{
		keep(k.b);
		for (Tok& t : k.aNew)
		{
			if (bInPlace)
				a[w] = std::move(t);
			else
				aCopy.push_back(std::move(t));
			++w;
		}
		r = k.e + 1;
	}
	keep(a.size());
	if (bInPlace)
		a.resize(w);
	else
		a.swap(aCopy);
}

// Where a member is declared: the class and the member's type.
struct MemberOwner
{
	const ClassDef* pClass = nullptr;
	const TypeRef* pType = nullptr;
};

} // namespace

// ---------------------------------------------------------------------------------------------
// The tree
// ---------------------------------------------------------------------------------------------
struct SaveLayout::Impl
{
	fs::path kTree;
	std::vector<SourceFile> aFiles;
	std::map<std::string, std::pair<int, Toks>> kMacros; // object-like #defines: file, body
	std::unordered_set<std::string> kFunctionMacros;
	std::unordered_map<std::string, FunctionMacro> kFunctionMacroDefs; // the headers' function-like #defines
	struct Enumerator
	{
		Toks aExpr;
		std::string sPrev;
		int iFile = -1;
	};
	std::unordered_map<std::string, Enumerator> kEnumerators;
	std::unordered_set<std::string> kEnumTypes;
	std::unordered_map<std::string, TypeRef> kTypedefs;
	std::unordered_map<std::string, ClassDef> kClasses;
	std::unordered_set<std::string> kNestedNames; // the own names of classes nested in another
	std::unordered_set<std::string> kClassConstantNames; // the names of every class's constants
	std::unordered_map<std::string, TypeRef> kGlobalVariables; // extern TYPE NAME; (gGlobals)
	// The constant sName of sClass or its nearest base: its tokens, and the class in sOwner; null if none.
	const Toks* classConstant(const std::string& sClass, const std::string& sName, std::string& sOwner) const
	{
		std::vector<std::string> aQueue = { sClass };
		for (size_t q = 0; q < aQueue.size() && q < 32; ++q)
		{
			const ClassDef* c = findClass(aQueue[q]);
			if (!c) continue;
			auto it = c->kConstants.find(sName);
			if (it != c->kConstants.end())
			{
				sOwner = aQueue[q];
				return &it->second;
			}
			aQueue.insert(aQueue.end(), c->aBases.begin(), c->aBases.end());
		}
		return nullptr;
	}
	std::unordered_map<std::string, std::vector<Function>> kFunctions; // by qualified name
	std::vector<std::unique_ptr<Function>> aInline; // inline methods (ClassDef points here)
	std::map<std::string, std::pair<std::string, std::string>> kInfoFiles; // getNumXInfos -> (path, element)
	TreeXmlLoads kXmlLoads; // the same calls in order, and the GlobalDefines files read by name
	mutable std::unordered_map<std::string, long long> kConstCache;
	// the specialisations (Traits<byte>) by their arguments resolved (Traits<unsigned char>); built when
	// first needed
	mutable std::unordered_map<std::string, std::string> kSpecialisations;

	void load();
	std::map<std::string, std::pair<int, Toks>> kProjectMacros;
	void preprocess(
		int iFile, const LogicalLines& aLines, bool bTokens, std::map<std::string, std::pair<int, Toks>>& kDefined);
	void projectDefines();
	void scanDeclarations(int iFile);
	void scanClass(int iFile, size_t iName, size_t iOpen, size_t iClose, const std::vector<std::string>& aTemplate,
		const std::string& sQualified, size_t iTemplate);
	void scanFunctions(int iFile);
	void classEnumerators(const Toks& a, size_t iOpen, size_t iClose, ClassDef& c);
	void scanInfoFiles();

	const ClassDef* findClass(const std::string& sName) const
	{
		auto it = kClasses.find(sName);
		return it == kClasses.end() ? nullptr : &it->second;
	}
	// The method sName of sClass or of its nearest base (breadth first) that takes a stream or not;
	// pOwner gets the class that defines it. Remembered by (class, name, stream).
	const Function* findMethod(
		const std::string& sClass, const std::string& sName, bool bStream, std::string* pOwner = nullptr) const;
	const Function* searchMethod(
		const std::string& sClass, const std::string& sName, bool bStream, std::string& sOwner) const;
	// Every method sName of sClass and its bases (inline and out of line), nearest class first.
	std::vector<const Function*> methodsNamed(const std::string& sClass, const std::string& sName) const
	{
		std::vector<const Function*> aOut;
		std::vector<std::string> aQueue = { sClass };
		std::set<std::string> kSeen;
		for (size_t q = 0; q < aQueue.size(); ++q)
		{
			if (!kSeen.insert(aQueue[q]).second) continue;
			const ClassDef* c = findClass(aQueue[q]);
			if (c)
			{
				auto jt = c->kMethods.find(sName);
				if (jt != c->kMethods.end()) aOut.insert(aOut.end(), jt->second.begin(), jt->second.end());
			}
			auto it = kFunctions.find(aQueue[q] + "::" + sName);
			if (it != kFunctions.end())
				for (const Function& f : it->second) aOut.push_back(&f);
			if (c) aQueue.insert(aQueue.end(), c->aBases.begin(), c->aBases.end());
		}
		return aOut;
	}
	template <typename T>
	using ByClassAndName = std::unordered_map<std::string, std::unordered_map<std::string, T>>;
	mutable ByClassAndName<std::pair<const Function*, std::string>> kMethodCache[2]; // [bStream]
	// The class (sClass or its nearest base, breadth first) that declares the member sMember, and its
	// declared type; both null if none does. Remembered by (class, member).
	const MemberOwner& memberOwner(const std::string& sClass, const std::string& sMember) const;
	mutable ByClassAndName<MemberOwner> kMemberCache;
	// The shape of the statement at a file's tokens a[b, e) (they do not change once loaded),
	// remembered by its first and last tokens' addresses.
	struct TokenRangeHash
	{
		size_t operator()(const std::pair<const Tok*, const Tok*>& k) const
		{
			return std::hash<const Tok*>()(k.first) * 31 + std::hash<const Tok*>()(k.second);
		}
	};
	template <typename Shape>
	using ShapesByRange = std::unordered_map<std::pair<const Tok*, const Tok*>, Shape, TokenRangeHash>;
	// The shape of the tokens [b, e), found by fShapeOf once and kept in kShapes.
	template <typename Shape, typename ShapeOf>
	static const Shape& cachedShape(ShapesByRange<Shape>& kShapes, const Toks& a, size_t b, size_t e, ShapeOf fShapeOf)
	{
		const auto kKey = std::make_pair(a.data() + b, a.data() + e);
		auto it = kShapes.find(kKey);
		if (it == kShapes.end()) it = kShapes.emplace(kKey, fShapeOf(a, b, e)).first;
		return it->second;
	}
	const SimpleShape& simpleShape(const Toks& a, size_t b, size_t e) const
	{
		return cachedShape(kSimpleShapes, a, b, e, [](const Toks& t, size_t i, size_t j) { return shapeOf(t, i, j); });
	}
	const CallShape& callShape(const Toks& a, size_t b, size_t e) const
	{
		return cachedShape(
			kCallShapes, a, b, e, [](const Toks& t, size_t i, size_t j) { return callShapeOf(t, i, j); });
	}
	mutable ShapesByRange<SimpleShape> kSimpleShapes;
	mutable ShapesByRange<CallShape> kCallShapes;
	const Stmt& body(const Function& f) const;
	std::string where(const Function& f, int iLine) const
	{
		return aFiles[size_t(f.iFile)].sName + ":" + std::to_string(iLine) + " (" + f.sName + ")";
	}
};

namespace {

std::string readText(const fs::path& k)
{
	std::ifstream kIn(k, std::ios::binary);
	std::ostringstream o;
	o << kIn.rdbuf();
	return o.str();
}

// A #if expression with defined(); identifiers are macro values or 0, as the preprocessor has it.
using MacroLookup = std::function<const Toks*(const std::string&)>;
long long evalPreprocessor(const Toks& a, size_t& i, size_t e, const MacroLookup& kMacros, int iPrec, int iDepth);

long long ppPrimary(const Toks& a, size_t& i, size_t e, const MacroLookup& kMacros, int iDepth)
{
	if (i >= e) return 0;
	const Tok& t = a[i];
	if (t.s == "(")
	{
		++i;
		const long long v = evalPreprocessor(a, i, e, kMacros, 0, iDepth);
		if (i < e && a[i].s == ")") ++i;
		return v;
	}
	if (t.s == "!")
	{
		++i;
		return !ppPrimary(a, i, e, kMacros, iDepth);
	}
	if (t.s == "-")
	{
		++i;
		return -ppPrimary(a, i, e, kMacros, iDepth);
	}
	if (t.s == "~")
	{
		++i;
		return ~ppPrimary(a, i, e, kMacros, iDepth);
	}
	if (t.k == 'n')
	{
		++i;
		return std::strtoll(t.s.c_str(), nullptr, 0);
	}
	if (t.k == 'i' && t.s == "defined")
	{
		++i;
		const bool bParen = i < e && a[i].s == "(";
		if (bParen) ++i;
		const bool bDefined = i < e && kMacros(a[i].s) != nullptr;
		++i;
		if (bParen && i < e && a[i].s == ")") ++i;
		return bDefined;
	}
	if (t.k == 'i')
	{
		++i;
		const Toks* pBody = kMacros(t.s);
		if (!pBody || iDepth > 20) return 0;
		size_t j = 0;
		return evalPreprocessor(*pBody, j, pBody->size(), kMacros, 0, iDepth + 1);
	}
	++i;
	return 0;
}

int binaryPrec(const TokText& s)
{
	if (s == "||") return 1;
	if (s == "&&") return 2;
	if (s == "|") return 3;
	if (s == "^") return 4;
	if (s == "&") return 5;
	if (s == "==" || s == "!=") return 6;
	if (s == "<" || s == ">" || s == "<=" || s == ">=") return 7;
	if (s == "<<" || s == ">>") return 8;
	if (s == "+" || s == "-") return 9;
	if (s == "*" || s == "/" || s == "%") return 10;
	return 0;
}

bool applyBinary(const TokText& op, long long x, long long y, long long& r)
{
	if (op == "||")
		r = x || y;
	else if (op == "&&")
		r = x && y;
	else if (op == "|")
		r = x | y;
	else if (op == "^")
		r = x ^ y;
	else if (op == "&")
		r = x & y;
	else if (op == "==")
		r = x == y;
	else if (op == "!=")
		r = x != y;
	else if (op == "<")
		r = x < y;
	else if (op == ">")
		r = x > y;
	else if (op == "<=")
		r = x <= y;
	else if (op == ">=")
		r = x >= y;
	else if (op == "<<")
		r = (y < 0 || y > 62) ? 0 : (x << y);
	else if (op == ">>")
		r = (y < 0 || y > 62) ? 0 : (x >> y);
	else if (op == "+")
		r = x + y;
	else if (op == "-")
		r = x - y;
	else if (op == "*")
		r = x * y;
	else if (op == "/")
	{
		if (y == 0) return false;
		r = x / y;
	}
	else if (op == "%")
	{
		if (y == 0) return false;
		r = x % y;
	}
	else
		return false;
	return true;
}

long long evalPreprocessor(const Toks& a, size_t& i, size_t e, const MacroLookup& kMacros, int iPrec, int iDepth)
{
	long long x = ppPrimary(a, i, e, kMacros, iDepth);
	while (i < e)
	{
		const int p = binaryPrec(a[i].s);
		if (p == 0 || p <= iPrec) break;
		const TokText op = a[i].s;
		++i;
		const long long y = evalPreprocessor(a, i, e, kMacros, p, iDepth);
		long long r = 0;
		if (!applyBinary(op, x, y, r)) r = 0;
		x = r;
	}
	return x;
}

} // namespace

// One file's #if branches resolved. The macros visible are the project's defines, the defines of the
// other headers and this file's own up to the line (so that its include guard does not hide it);
// bTokens: keep the live lines' tokens; the live #defines go to kDefined.
void SaveLayout::Impl::preprocess(
	int iFile, const LogicalLines& aLines, bool bTokens, std::map<std::string, std::pair<int, Toks>>& kDefined)
{
	SourceFile& f = aFiles[size_t(iFile)];
	// this file's defines and #undefs so far, over the other files' and the project's
	std::map<std::string, std::pair<bool, Toks>> kLocal;
	const MacroLookup fLookup = [&](const std::string& sName) -> const Toks* {
		auto it = kLocal.find(sName);
		if (it != kLocal.end()) return it->second.first ? &it->second.second : nullptr;
		auto jt = kMacros.find(sName);
		if (jt != kMacros.end() && jt->second.first != iFile) return &jt->second.second;
		auto kt = kProjectMacros.find(sName);
		return kt != kProjectMacros.end() ? &kt->second.second : nullptr;
	};
	// this file's function-like defines and #undefs, each at the position of the tokens it precedes
	std::vector<std::pair<size_t, std::pair<std::string, FunctionMacro>>> aFunctionEvents;
	// the #if stack: (this branch is live, some branch of this #if was taken)
	std::vector<std::pair<bool, bool>> aStack;
	auto live = [&]() {
		for (const auto& k : aStack)
			if (!k.first) return false;
		return true;
	};
	if (bTokens)
	{
		size_t iChars = 0;
		for (const auto& kLine : aLines) iChars += kLine.second.size();
		f.aToks.reserve(f.aToks.size() + iChars / 4); // about a token per four characters of C++
	}
	for (const auto& [iLine, sLine] : aLines)
	{
		size_t iFirst = 0; // the line's first non-blank character
		while (iFirst < sLine.size() && std::isspace(static_cast<unsigned char>(sLine[iFirst]))) ++iFirst;
		if (iFirst < sLine.size() && sLine[iFirst] == '#')
		{
			std::string sDir = trimLeft(sLine.substr(iFirst + 1));
			size_t j = 0;
			while (j < sDir.size() && isIdentChar(sDir[j])) ++j;
			const std::string sWord = sDir.substr(0, j);
			Toks a;
			auto cond = [&]() {
				size_t k = 0;
				return evalPreprocessor(a, k, a.size(), fLookup, 0, 0) != 0;
			};
			if (sWord == "define" && live())
			{
				size_t k = j;
				while (k < sDir.size() && std::isspace(static_cast<unsigned char>(sDir[k]))) ++k;
				size_t n = k;
				while (n < sDir.size() && isIdentChar(sDir[n])) ++n;
				const std::string sName = sDir.substr(k, n - k);
				if (sName.empty()) continue;
				if (n < sDir.size() && sDir[n] == '(')
				{
					kFunctionMacros.insert(sName);
					FunctionMacro kMacro;
					if (!parseFunctionMacro(sDir.substr(n), iLine, kMacro)) continue;
					if (bTokens)
						aFunctionEvents.push_back({ f.aToks.size(), { sName, kMacro } });
					else
						kFunctionMacroDefs[sName] = kMacro;
					continue;
				}
				Toks aBody;
				tokenize(sDir.substr(n), iLine, aBody);
				kLocal[sName] = { true, aBody };
				kDefined[sName] = { iFile, aBody };
				continue;
			}
			if (sWord == "undef" && live())
			{
				tokenize(sDir.substr(j), iLine, a);
				if (!a.empty()) kLocal[a[0].s] = { false, Toks() };
				if (!a.empty() && bTokens && kFunctionMacros.count(a[0].s))
				{
					FunctionMacro kUndefined;
					kUndefined.bDefined = false;
					aFunctionEvents.push_back({ f.aToks.size(), { a[0].s, kUndefined } });
				}
				continue;
			}
			tokenize(sDir.substr(j), iLine, a);
			if (sWord == "if" || sWord == "ifdef" || sWord == "ifndef")
			{
				bool b = false;
				if (live())
				{
					if (sWord == "if")
						b = cond();
					else
						b = !a.empty() && (fLookup(a[0].s) != nullptr) == (sWord == "ifdef");
				}
				aStack.emplace_back(b, b);
			}
			else if (sWord == "elif" && !aStack.empty())
			{
				const bool bOuter = [&]() {
					for (size_t k = 0; k + 1 < aStack.size(); ++k)
						if (!aStack[k].first) return false;
					return true;
				}();
				const bool b = bOuter && !aStack.back().second && cond();
				aStack.back().first = b;
				aStack.back().second = aStack.back().second || b;
			}
			else if (sWord == "else" && !aStack.empty())
			{
				aStack.back().first = !aStack.back().second;
				aStack.back().second = true;
			}
			else if (sWord == "endif" && !aStack.empty())
				aStack.pop_back();
			continue;
		}
		if (bTokens && live()) tokenize(sLine, iLine, f.aToks);
	}
	if (!bTokens) return;
	std::unordered_map<std::string, FunctionMacro> kLocalFunctions; // this file's, up to the position
	size_t iEvent = 0;
	const std::function<void(size_t)> fAdvance = [&](size_t iPos) {
		for (; iEvent < aFunctionEvents.size() && aFunctionEvents[iEvent].first <= iPos; ++iEvent)
			kLocalFunctions[aFunctionEvents[iEvent].second.first] = aFunctionEvents[iEvent].second.second;
	};
	const FunctionMacroLookup fFunctions = [&](const std::string& sName) -> const FunctionMacro* {
		auto it = kLocalFunctions.find(sName);
		if (it != kLocalFunctions.end()) return it->second.bDefined ? &it->second : nullptr;
		auto jt = kFunctionMacroDefs.find(sName);
		return jt != kFunctionMacroDefs.end() ? &jt->second : nullptr;
	};
	expandFileMacros(f.aToks, fFunctions, fAdvance, kFunctionMacros);
}

namespace {

// The /D (or -D) names of a flags text.
std::set<std::string> definesOf(const std::string& sFlags)
{
	std::set<std::string> kSet;
	std::istringstream o(sFlags);
	std::string sWord;
	while (o >> sWord)
		if (sWord.size() > 2 && (sWord.compare(0, 2, "/D") == 0 || sWord.compare(0, 2, "-D") == 0))
			kSet.insert(
				sWord.substr(2, sWord.find('=') == std::string::npos ? std::string::npos : sWord.find('=') - 2));
	return kSet;
}

// An nmake Makefile's macros (NAME = value; the last definition of a name, as the makefiles of these
// trees define the same name again only to the same value) and its CFLAGS assignments in order,
// with the files it !INCLUDEs from its folder read in place.
struct MakeMacros
{
	std::map<std::string, std::string> kValues;
	std::vector<std::string> aCflags; // the right-hand sides of "CFLAGS = ..."
};

void readMakefile(const fs::path& k, MakeMacros& kOut, int iDepth)
{
	if (iDepth > 4) return;
	for (const auto& [iLine, sRaw] : logicalLines(readText(k)))
	{
		(void)iLine;
		if (sRaw.empty() || std::isspace(static_cast<unsigned char>(sRaw[0]))) continue; // a recipe line
		const std::string sLine = sRaw.substr(0, sRaw.find('#'));
		if (sLine[0] == '!' || sLine.compare(0, 7, "include") == 0)
		{
			std::istringstream o(sLine[0] == '!' ? sLine.substr(1) : sLine);
			std::string sWord, sFile;
			o >> sWord >> sFile;
			std::transform(sWord.begin(), sWord.end(), sWord.begin(), [](char c) { return char(std::tolower(c)); });
			if (sWord == "include" && !sFile.empty() && sFile.find('$') == std::string::npos)
			{
				if (sFile.front() == '"' || sFile.front() == '<') sFile = sFile.substr(1, sFile.size() - 2);
				std::error_code kError;
				if (fs::is_regular_file(k.parent_path() / sFile, kError))
					readMakefile(k.parent_path() / sFile, kOut, iDepth + 1);
			}
			continue;
		}
		const size_t iEq = sLine.find('=');
		if (iEq == std::string::npos) continue;
		std::string sName = sLine.substr(0, iEq);
		while (!sName.empty() && std::isspace(static_cast<unsigned char>(sName.back()))) sName.pop_back();
		if (sName.empty() || !std::all_of(sName.begin(), sName.end(), isIdentChar)) continue;
		const std::string sValue = trimLeft(sLine.substr(iEq + 1));
		kOut.kValues[sName] = sValue;
		if (sName == "CFLAGS") kOut.aCflags.push_back(sValue);
	}
}

// sText with its $(NAME) and $(NAME:a=b) references replaced by the macros' values (a
// substitution's edit is not applied: it only takes flags away), to a bounded depth.
std::string expandMake(const std::string& sText, const MakeMacros& k, int iDepth)
{
	if (iDepth > 8) return sText;
	std::string sOut;
	for (size_t i = 0; i < sText.size(); ++i)
	{
		if (sText[i] != '$' || i + 1 >= sText.size() || sText[i + 1] != '(')
		{
			sOut += sText[i];
			continue;
		}
		const size_t iClose = sText.find(')', i);
		if (iClose == std::string::npos) break;
		std::string sName = sText.substr(i + 2, iClose - i - 2);
		sName = sName.substr(0, sName.find(':'));
		auto it = k.kValues.find(sName);
		if (it != k.kValues.end()) sOut += expandMake(it->second, k, iDepth + 1);
		i = iClose;
	}
	return sOut;
}

// The definitions of each build configuration a Makefile names: its CFLAGS assignments (one a
// target), else the X_CFLAGS macros built on GLOBAL_CFLAGS, else GLOBAL_CFLAGS itself.
std::vector<std::set<std::string>> makefileConfigurations(const fs::path& k)
{
	MakeMacros kMacros;
	readMakefile(k, kMacros, 0);
	std::vector<std::string> aFlags = kMacros.aCflags;
	if (aFlags.empty())
		for (const auto& [sName, sValue] : kMacros.kValues)
			if (sName != "GLOBAL_CFLAGS" && sName.size() > 7 && sName.compare(sName.size() - 7, 7, "_CFLAGS") == 0
				&& sValue.find("$(GLOBAL_CFLAGS)") != std::string::npos)
				aFlags.push_back(sValue);
	if (aFlags.empty() && kMacros.kValues.count("GLOBAL_CFLAGS")) aFlags.push_back("$(GLOBAL_CFLAGS)");
	std::vector<std::set<std::string>> aSets;
	for (const std::string& s : aFlags) aSets.push_back(definesOf(expandMake(s, kMacros, 0)));
	return aSets;
}

} // namespace

// The preprocessor definitions every configuration of the tree's build passes (a Makefile's
// configurations, its macros expanded; else a .vcproj's or .vcxproj's PreprocessorDefinitions):
// those the game's DLL is built with whatever the configuration.
void SaveLayout::Impl::projectDefines()
{
	std::vector<std::set<std::string>> aSets, aMakeSets;
	std::error_code kError;
	for (auto it = fs::recursive_directory_iterator(kTree, kError); it != fs::recursive_directory_iterator();
		 it.increment(kError))
	{
		if (kError || it.depth() > 2) continue;
		const fs::path k = it->path();
		const std::string sName = k.filename().string();
		const std::string sExt = k.extension().string();
		if (!it->is_regular_file()) continue;
		if (sName == "Makefile" || sName == "makefile")
		{
			for (const auto& kSet : makefileConfigurations(k))
				if (!kSet.empty()) aMakeSets.push_back(kSet);
		}
		else if (sExt == ".vcproj" || sExt == ".vcxproj")
		{
			const std::string sText = readText(k);
			for (const char* szKey : { "PreprocessorDefinitions=\"", "PreprocessorDefinitions>" })
				for (size_t i = sText.find(szKey); i != std::string::npos; i = sText.find(szKey, i + 1))
				{
					const size_t b = i + std::strlen(szKey);
					const size_t e = sText.find_first_of("\"<", b);
					std::set<std::string> kSet;
					std::istringstream o(sText.substr(b, e - b));
					std::string sWord;
					while (std::getline(o, sWord, ';'))
						if (!sWord.empty() && sWord[0] != '$' && sWord[0] != '%')
							kSet.insert(sWord.substr(0, sWord.find('=')));
					if (!kSet.empty()) aSets.push_back(kSet);
				}
		}
	}
	// a Makefile's flags are the build's (the project files of these trees often only call nmake)
	if (!aMakeSets.empty()) aSets = aMakeSets;
	if (aSets.empty()) return;
	std::set<std::string> kCommon = aSets[0];
	for (const auto& kSet : aSets)
	{
		std::set<std::string> kBoth;
		for (const std::string& s : kCommon)
			if (kSet.count(s)) kBoth.insert(s);
		kCommon = kBoth;
	}
	for (const std::string& s : kCommon) kProjectMacros[s] = { -1, Toks{ Tok{ "1", 0, 'n' } } };
}

namespace {

// "; CvPlot.cpp is in FOLDER: give --sdk that folder" for the first folder below kTree (three
// levels at most) that holds the sources; empty if none does.
std::string sourcesBelow(const fs::path& kTree)
{
	std::error_code kError;
	for (auto it = fs::recursive_directory_iterator(kTree, kError); !kError && it != fs::recursive_directory_iterator();
		 it.increment(kError))
	{
		if (it.depth() > 2)
		{
			it.disable_recursion_pending();
			continue;
		}
		if (it->path().filename() == "CvPlot.cpp" && it->is_regular_file())
			return "; CvPlot.cpp is in " + it->path().parent_path().string() + ": give --sdk that folder";
	}
	return std::string();
}

} // namespace

void SaveLayout::Impl::load()
{
	std::error_code kError;
	if (!fs::is_directory(kTree, kError))
		throw LayoutError(kTree.string() + ": not a folder (give --sdk the mod's CvGameCoreDLL folder)");
	std::vector<fs::path> aPaths;
	for (const auto& kEntry : fs::directory_iterator(kTree, kError))
	{
		const std::string sExt = kEntry.path().extension().string();
		if (kEntry.is_regular_file() && (sExt == ".h" || sExt == ".cpp" || sExt == ".inl" || sExt == ".hpp"))
			aPaths.push_back(kEntry.path());
	}
	std::sort(aPaths.begin(), aPaths.end());
	bool bReads = false;
	for (const fs::path& k : aPaths) bReads = bReads || k.filename() == "CvPlot.cpp";
	if (!bReads)
		throw LayoutError(
			kTree.string() + ": no CvPlot.cpp here: not a CvGameCoreDLL source folder" + sourcesBelow(kTree));

	// The #defines of the headers first (a read() may use a constant defined in any of them), found
	// with their own #if branches resolved (twice, so that a define may depend on another header's),
	// then each file's live lines.
	projectDefines();
	std::vector<LogicalLines> aTexts;
	for (size_t iFile = 0; iFile < aPaths.size(); ++iFile)
	{
		aTexts.push_back(logicalLines(stripComments(readText(aPaths[iFile]))));
		aFiles.push_back(SourceFile{ aPaths[iFile].filename().string(), {} });
	}
	for (int iPass = 0; iPass < 2; ++iPass)
	{
		std::map<std::string, std::pair<int, Toks>> kDefined;
		for (size_t iFile = 0; iFile < aPaths.size(); ++iFile)
			if (aPaths[iFile].extension() != ".cpp") preprocess(int(iFile), aTexts[iFile], false, kDefined);
		kMacros = kDefined;
	}
	for (size_t iFile = 0; iFile < aPaths.size(); ++iFile)
	{
		std::map<std::string, std::pair<int, Toks>> kIgnored;
		preprocess(int(iFile), aTexts[iFile], true, kIgnored);
	}
	for (size_t iFile = 0; iFile < aFiles.size(); ++iFile) scanDeclarations(int(iFile));
	for (size_t iFile = 0; iFile < aFiles.size(); ++iFile) scanFunctions(int(iFile));
	scanInfoFiles();
}

// Enums, typedefs, global constants and classes of one file.
void SaveLayout::Impl::scanDeclarations(int iFile)
{
	const Toks& a = aFiles[size_t(iFile)].aToks;
	std::vector<std::string> aTemplate;
	size_t iTemplate = std::string::npos; // the 'template' of aTemplate
	std::vector<std::pair<std::string, size_t>> aEnclosing; // the classes around a[i]: qualified name, '}'
	for (size_t i = 0; i < a.size(); ++i)
	{
		const Tok& t = a[i];
		if (t.k != 'i') continue;
		while (!aEnclosing.empty() && aEnclosing.back().second < i) aEnclosing.pop_back();
		if (t.s == "template" && i + 1 < a.size() && a[i + 1].s == "<")
		{
			iTemplate = i;
			const size_t iClose = templateParameters(a, i, aTemplate);
			if (iClose != std::string::npos) i = iClose;
			continue;
		}
		if (t.s == "enum")
		{
			size_t j = i + 1;
			std::string sName;
			if (j < a.size() && a[j].k == 'i') sName = a[j++].s;
			if (j >= a.size() || a[j].s != "{") continue;
			const size_t iClose = matchClose(a, j);
			if (iClose == std::string::npos) continue;
			if (!sName.empty()) kEnumTypes.insert(sName);
			if (iClose + 1 < a.size() && a[iClose + 1].k == 'i') // typedef enum {...} Name;
				kEnumTypes.insert(a[iClose + 1].s);
			std::string sPrev;
			size_t k = j + 1;
			while (k < iClose)
			{
				size_t iEnd = findTop(a, k, iClose, ",");
				if (iEnd == std::string::npos) iEnd = iClose;
				if (a[k].k == 'i')
				{
					Enumerator kE;
					kE.iFile = iFile;
					if (k + 1 < iEnd && a[k + 1].s == "=")
						kE.aExpr.assign(a.begin() + std::ptrdiff_t(k + 2), a.begin() + std::ptrdiff_t(iEnd));
					else
						kE.sPrev = sPrev.empty() ? std::string() : sPrev;
					if (kE.aExpr.empty() && sPrev.empty()) kE.aExpr.push_back(Tok{ "0", a[k].iLine, 'n' });
					kEnumerators[a[k].s] = kE;
					sPrev = a[k].s;
				}
				k = iEnd + 1;
			}
			i = iClose;
			continue;
		}
		if (t.s == "extern" && i + 1 < a.size() && a[i + 1].k == 'i')
		{
			const size_t iSemi = findTop(a, i, a.size(), ";");
			std::vector<Declarator> aDecl;
			if (iSemi != std::string::npos && findTop(a, i + 1, iSemi, "(") == std::string::npos
				&& parseDeclaration(a, i + 1, iSemi, aDecl))
				for (const Declarator& d : aDecl) kGlobalVariables[d.sName] = d.kType;
			continue;
		}
		if (t.s == "typedef")
		{
			const size_t iSemi = findTop(a, i, a.size(), ";");
			if (iSemi == std::string::npos) continue;
			if (findTop(a, i + 1, iSemi, "(") == std::string::npos
				&& findTop(a, i + 1, iSemi, "{") == std::string::npos)
			{
				std::vector<Declarator> aDecl;
				if (parseDeclaration(a, i + 1, iSemi, aDecl))
					for (const Declarator& d : aDecl)
						if (!kTypedefs.count(d.sName)) kTypedefs[d.sName] = d.kType;
			}
			// a typedef struct {...} Name; is found by the class scan below
			continue;
		}
		if ((t.s == "class" || t.s == "struct") && i + 1 < a.size() && a[i + 1].k == 'i')
		{
			if (i > 0 && a[i - 1].s == "friend") continue;
			size_t j = i + 2;
			while (j < a.size() && a[j].k == 'i' && j == i + 2 && a[j].s != "{") // class DllExport Name
				break;
			size_t iName = i + 1;
			if (j < a.size() && a[j].k == 'i' && j + 1 < a.size() && (a[j + 1].s == "{" || a[j + 1].s == ":"))
			{
				iName = j; // "class DllExport CvFoo"
				++j;
			}
			// "class Outer::Inner" (defined out of its outer class), or a class nested in another: known
			// by its qualified name as well as its own
			std::string sQualified = aEnclosing.empty() ? std::string() : aEnclosing.back().first + "::";
			sQualified += a[iName].s;
			while (iName + 2 < a.size() && a[iName + 1].s == "::" && a[iName + 2].k == 'i')
			{
				iName += 2;
				sQualified += "::" + a[iName].s;
				j = iName + 1;
			}
			// "template <> struct Traits<int>": a specialisation, known by its arguments (Traits<int>)
			if (iName + 1 < a.size() && a[iName + 1].s == "<")
			{
				const size_t iGt = matchClose(a, iName + 1);
				size_t n = iName;
				const TypeRef kSpec = iGt == std::string::npos ? TypeRef() : parseType(a, n, iGt + 1);
				if (kSpec.bValid && n == iGt + 1) sQualified = typeText(kSpec);
			}
			size_t k = j;
			while (k < a.size() && a[k].s != "{" && a[k].s != ";" && a[k].s != "(") ++k;
			if (k >= a.size() || a[k].s != "{")
			{
				aTemplate.clear();
				continue;
			}
			const size_t iClose = matchClose(a, k);
			if (iClose == std::string::npos) continue;
			scanClass(
				iFile, iName, k, iClose, aTemplate, sQualified, aTemplate.empty() ? std::string::npos : iTemplate);
			aEnclosing.emplace_back(sQualified, iClose);
			aTemplate.clear();
			// nested classes are scanned too (the loop goes on inside)
			continue;
		}
		if (t.s == "const" && i + 3 < a.size() && a[i + 1].k == 'i' && a[i + 2].k == 'i' && a[i + 3].s == "=")
		{
			const size_t iSemi = findTop(a, i, a.size(), ";");
			if (iSemi != std::string::npos && !kEnumerators.count(a[i + 2].s))
			{
				Enumerator kE;
				kE.iFile = iFile;
				kE.aExpr.assign(a.begin() + std::ptrdiff_t(i + 4), a.begin() + std::ptrdiff_t(iSemi));
				kEnumerators[a[i + 2].s] = kE;
			}
		}
		if (t.s != "template") aTemplate.clear();
	}
}

void SaveLayout::Impl::scanClass(int iFile, size_t iName, size_t iOpen, size_t iClose,
	const std::vector<std::string>& aTemplate, const std::string& sQualified, size_t iTemplate)
{
	const Toks& a = aFiles[size_t(iFile)].aToks;
	ClassDef c;
	c.sName = iName + 1 < a.size() && a[iName + 1].s == "<" ? sQualified : a[iName].s; // Traits<int>
	c.aTemplate = aTemplate;
	c.iFile = iFile;
	for (size_t j = iName + 1; j < iOpen; ++j)
		if (a[j].k == 'i' && a[j].s != "public" && a[j].s != "private" && a[j].s != "protected" && a[j].s != "virtual"
			&& (a[j - 1].s == ":" || a[j - 1].s == "," || a[j - 1].s == "public" || a[j - 1].s == "private"
				|| a[j - 1].s == "protected" || a[j - 1].s == "virtual"))
		{
			c.aBases.push_back(a[j].s);
			const size_t iGt = j + 1 < iOpen && a[j + 1].s == "<" ? matchClose(a, j + 1) : std::string::npos;
			c.aBaseArgs.emplace_back(a[j].s, iGt < iOpen ? splitArguments(a, j + 2, iGt) : std::vector<Toks>());
		}
	if (iTemplate != std::string::npos && iTemplate + 1 < iName && a[iTemplate + 1].s == "<")
	{
		const size_t iGt = matchClose(a, iTemplate + 1);
		for (const Toks& aParam : iGt < iName ? splitArguments(a, iTemplate + 2, iGt) : std::vector<Toks>())
		{
			ClassDef::TemplateParam k;
			size_t iEq = 0;
			while (iEq < aParam.size() && aParam[iEq].s != "=") ++iEq;
			if (iEq == 0 || aParam[iEq - 1].k != 'i') continue;
			k.sName = aParam[iEq - 1].s;
			k.bType = aParam[0].s == "class" || aParam[0].s == "typename";
			if (iEq < aParam.size()) k.aDefault.assign(aParam.begin() + std::ptrdiff_t(iEq + 1), aParam.end());
			c.aTemplateParams.push_back(k);
		}
	}
	size_t i = iOpen + 1;
	while (i < iClose)
	{
		const Tok& t = a[i];
		if (t.k == 'i' && (t.s == "public" || t.s == "private" || t.s == "protected") && i + 1 < iClose
			&& a[i + 1].s == ":")
		{
			i += 2;
			continue;
		}
		if (t.s == ";")
		{
			++i;
			continue;
		}
		if (t.k == 'i' && t.s == "template" && i + 1 < iClose && a[i + 1].s == "<")
		{
			const size_t k = matchClose(a, i + 1);
			i = (k == std::string::npos) ? iClose : k + 1;
			continue;
		}
		// up to the ';' or the '{' that ends this member
		size_t j = i;
		int iDepth = 0;
		while (j < iClose && !(iDepth == 0 && (a[j].s == ";" || a[j].s == "{")))
		{
			if (a[j].s == "(" || a[j].s == "[") ++iDepth;
			if (a[j].s == ")" || a[j].s == "]") --iDepth;
			++j;
		}
		if (j >= iClose) break;
		if (t.k == 'i' && t.s == "union" && i + 1 < iClose && a[i + 1].s == "{")
		{
			// an anonymous union: its members are the class's (at the same offset; only their types matter)
			const size_t iUnionClose = matchClose(a, i + 1);
			if (iUnionClose == std::string::npos || iUnionClose > iClose) break;
			size_t u = i + 2;
			while (u < iUnionClose)
			{
				size_t v = findTop(a, u, iUnionClose, ";");
				if (v == std::string::npos) v = iUnionClose;
				std::vector<Declarator> aDecl;
				if (parseDeclaration(a, u, v, aDecl))
					for (const Declarator& d : aDecl) c.kMembers[d.sName] = d.kType;
				u = v + 1;
			}
			i = iUnionClose + 1;
			continue;
		}
		const bool bKeyword = t.k == 'i'
			&& (t.s == "typedef" || t.s == "friend" || t.s == "enum" || t.s == "class" || t.s == "struct"
				|| t.s == "union" || t.s == "using");
		// a '(' before any '=' at the top: a method (static const bool b = (x || y); is a member)
		const size_t iEquals = findTop(a, i, j, "=");
		const size_t iParen = findTop(a, i, iEquals == std::string::npos ? j : iEquals, "(");
		if (a[j].s == "{")
		{
			const size_t iBodyClose = matchClose(a, j);
			if (iBodyClose == std::string::npos || iBodyClose > iClose) break;
			if (t.s == "enum") classEnumerators(a, j, iBodyClose, c);
			// name<ARGS>(...): an explicit specialisation of a member function template
			size_t iSpecOpen = std::string::npos;
			if (!bKeyword && iParen != std::string::npos && iParen > i + 1 && a[iParen - 1].s == ">")
				for (size_t n = iParen - 1, iAngle = 0; n > i; --n)
				{
					if (a[n].s == ">") ++iAngle;
					if (a[n].s == "<" && --iAngle == 0)
					{
						iSpecOpen = n;
						break;
					}
				}
			const size_t iMethodName = iSpecOpen != std::string::npos ? iSpecOpen - 1 : iParen - 1;
			if (!bKeyword && iParen != std::string::npos && iParen > i && a[iMethodName].k == 'i')
			{
				auto f = std::make_unique<Function>();
				if (iSpecOpen != std::string::npos)
				{
					f->iSpecArgs = iSpecOpen + 1;
					f->iSpecArgsEnd = iParen - 1;
				}
				f->sName = c.sName + "::" + a[iMethodName].s;
				f->sClass = c.sName;
				f->iFile = iFile;
				f->iParams = iParen + 1;
				f->iParamsEnd = matchClose(a, iParen);
				f->iBody = j;
				f->iBodyEnd = iBodyClose;
				f->aTemplate = aTemplate;
				c.kMethods[a[iMethodName].s].push_back(f.get());
				aInline.push_back(std::move(f));
			}
			// struct Name { ... } m_kX, m_kY;: members of the nested class's type
			const bool bNamedStruct = (t.s == "struct" || t.s == "class") && a[i + 1].k == 'i';
			const size_t iStructName = i + 1;
			i = iBodyClose + 1;
			if (bNamedStruct && i < iClose && a[i].s != ";")
			{
				const size_t iSemi = findTop(a, i, iClose, ";");
				if (iSemi == std::string::npos) break;
				Toks aDeclaration(1, a[iStructName]);
				aDeclaration.insert(
					aDeclaration.end(), a.begin() + std::ptrdiff_t(i), a.begin() + std::ptrdiff_t(iSemi));
				std::vector<Declarator> aDecl;
				if (parseDeclaration(aDeclaration, 0, aDeclaration.size(), aDecl))
					for (const Declarator& d : aDecl)
					{
						c.kMembers[d.sName] = d.kType;
						c.aOrder.push_back(d.sName);
					}
				i = iSemi + 1;
			}
			continue;
		}
		if (!bKeyword && iParen != std::string::npos && iParen > i && a[iParen - 1].k == 'i')
		{
			const size_t iParenClose = matchClose(a, iParen);
			if (iParenClose != std::string::npos && iParenClose < j)
				c.kDeclarations[a[iParen - 1].s].emplace_back(iParen + 1, iParenClose);
		}
		if (!bKeyword && iParen == std::string::npos)
		{
			std::vector<Declarator> aDecl;
			const bool bStatic = t.s == "static";
			if (parseDeclaration(a, i, j, aDecl))
				for (const Declarator& d : aDecl)
				{
					c.kMembers[d.sName] = d.kType;
					c.aOrder.push_back(d.sName);
					if (bStatic && d.iInit && !d.bCtorArgs)
					{
						c.kConstants[d.sName].assign(
							a.begin() + std::ptrdiff_t(d.iInit), a.begin() + std::ptrdiff_t(d.iInitEnd));
						kClassConstantNames.insert(d.sName);
					}
				}
		}
		i = j + 1;
	}
	for (const std::string& sName : { c.sName, sQualified })
		if (!kClasses.count(sName) || kClasses[sName].kMembers.empty()) kClasses[sName] = c;
	if (sQualified != c.sName) kNestedNames.insert(c.sName);
}

// The enumerators of a class's enum {...} at a[iOpen, iClose] into its constants.
void SaveLayout::Impl::classEnumerators(const Toks& a, size_t iOpen, size_t iClose, ClassDef& c)
{
	std::string sPrev;
	for (size_t k = iOpen + 1; k < iClose;)
	{
		size_t iEnd = findTop(a, k, iClose, ",");
		if (iEnd == std::string::npos) iEnd = iClose;
		if (a[k].k == 'i')
		{
			Toks& aExpr = c.kConstants[a[k].s];
			if (k + 1 < iEnd && a[k + 1].s == "=")
				aExpr.assign(a.begin() + std::ptrdiff_t(k + 2), a.begin() + std::ptrdiff_t(iEnd));
			else if (sPrev.empty())
				aExpr = { Tok{ "0", a[k].iLine, 'n' } };
			else
				aExpr = { Tok{ TokText(sPrev), a[k].iLine, 'i' }, Tok{ "+", a[k].iLine, 'p' },
					Tok{ "1", a[k].iLine, 'n' } };
			kClassConstantNames.insert(a[k].s);
			sPrev = a[k].s;
		}
		k = iEnd + 1;
	}
}

// Functions defined at file scope: "Ret Class::name(params) {" and "Ret name(params) {".
void SaveLayout::Impl::scanFunctions(int iFile)
{
	const Toks& a = aFiles[size_t(iFile)].aToks;
	int iDepth = 0;
	int iNamespaces = 0; // the namespaces open here (their braces are not counted in iDepth)
	std::vector<std::string> aTemplate, aValueTemplate;
	for (size_t i = 0; i < a.size(); ++i)
	{
		const Tok& t = a[i];
		if (t.s == "{")
		{
			++iDepth;
			continue;
		}
		if (t.s == "}")
		{
			if (iDepth == 0 && iNamespaces > 0)
				--iNamespaces; // the end of a namespace
			else
				--iDepth;
			continue;
		}
		if (iDepth != 0) continue;
		if (t.k == 'i' && t.s == "template" && i + 1 < a.size() && a[i + 1].s == "<")
		{
			aValueTemplate = valueTemplateParameters(a, i);
			const size_t iClose = templateParameters(a, i, aTemplate);
			if (iClose != std::string::npos) i = iClose;
			continue;
		}
		if (t.k == 'i' && (t.s == "class" || t.s == "struct" || t.s == "enum" || t.s == "union" || t.s == "namespace"))
		{
			// skip to the end of the declaration (its braces are counted as the loop goes on)
			size_t j = i + 1;
			while (j < a.size() && a[j].s != "{" && a[j].s != ";") ++j;
			if (j < a.size() && a[j].s == "{")
			{
				if (t.s == "namespace")
				{
					i = j; // the namespace's functions are at file scope for us
					++iNamespaces;
					continue;
				}
				const size_t iClose = matchClose(a, j);
				if (iClose == std::string::npos) return;
				i = iClose;
			}
			else
				i = j;
			aTemplate.clear();
			continue;
		}
		if (t.s != "(" || i == 0 || a[i - 1].k != 'i') continue;
		static const std::set<std::string> kNotFunctions = { "if", "while", "for", "switch", "return", "sizeof" };
		if (kNotFunctions.count(a[i - 1].s)) continue;
		const size_t iClose = matchClose(a, i);
		if (iClose == std::string::npos) return;
		size_t j = iClose + 1;
		while (j < a.size() && a[j].k == 'i' && (a[j].s == "const" || a[j].s == "throw")) ++j;
		if (j < a.size() && a[j].s == ":") // a constructor's initialiser list
		{
			while (j < a.size() && a[j].s != "{" && a[j].s != ";") ++j;
		}
		if (j >= a.size() || a[j].s != "{")
		{
			i = iClose;
			if (j < a.size() && a[j].s == ";") aTemplate.clear();
			continue;
		}
		const size_t iBodyClose = matchClose(a, j);
		if (iBodyClose == std::string::npos) return;
		Function f;
		f.iFile = iFile;
		f.iParams = i + 1;
		f.iParamsEnd = iClose;
		f.iBody = j;
		f.iBodyEnd = iBodyClose;
		f.aTemplate = aTemplate;
		f.aValueTemplate = aValueTemplate;
		aValueTemplate.clear();
		// the qualified name: Name, or Class[<T>]::Name
		size_t k = i - 1;
		std::string sName = a[k].s;
		if (k >= 2 && a[k - 1].s == "::")
		{
			size_t c = k - 2;
			if (a[c].s == ">")
			{
				int iAngle = 0;
				while (c > 0)
				{
					if (a[c].s == ">") ++iAngle;
					if (a[c].s == "<" && --iAngle == 0) break;
					--c;
				}
				--c;
			}
			if (a[c].k == 'i')
			{
				f.sClass = a[c].s;
				sName = f.sClass + "::" + sName;
				// Outer::Inner::Name: known by its class's qualified name too
				std::string sOuter;
				while (c >= 2 && a[c - 1].s == "::" && a[c - 2].k == 'i')
				{
					c -= 2;
					sOuter = a[c].s + "::" + sOuter;
				}
				if (!sOuter.empty() && kClasses.count(sOuter + f.sClass))
				{
					Function kQualified = f;
					kQualified.sClass = sOuter + f.sClass;
					kQualified.sName = sOuter + sName;
					kFunctions[kQualified.sName].push_back(kQualified);
				}
			}
		}
		f.sName = sName;
		kFunctions[sName].push_back(f);
		i = iBodyClose;
		aTemplate.clear();
	}
}

// The XML of each info class, from the tree's LoadGlobalClassInfo(GC.getXInfo(), "FILE", "FOLDER",
// "Root/Xs/X", ...) calls (AdvCiv's pass GC.m_paXInfo), and the GlobalDefines files it reads by name
// (ReadGlobalDefines("xml\\GlobalDefines.xml", ...) or any call whose name holds GlobalDefines and
// whose first argument names an .xml file), each in the order the calls stand in the files.
void SaveLayout::Impl::scanInfoFiles()
{
	kXmlLoads.sTree = kTree.string();
	// a string literal's text: quotes removed, "\\" read as one backslash
	auto literal = [](const std::string& s) {
		std::string sOut;
		for (size_t c = 1; c + 1 < s.size(); ++c)
		{
			if (s[c] == '\\' && c + 2 < s.size()) ++c;
			sOut += s[c];
		}
		return sOut;
	};
	std::set<std::string> kDefinesSeen;
	for (const SourceFile& f : aFiles)
	{
		const Toks& a = f.aToks;
		for (size_t i = 0; i + 2 < a.size(); ++i)
		{
			if (a[i].k == 'i' && a[i].s != "LoadGlobalClassInfo" && a[i].s.find("GlobalDefines") != std::string::npos
				&& a[i + 1].s == "(" && a[i + 2].k == 's')
			{
				std::string sFile = literal(a[i + 2].s);
				std::replace(sFile.begin(), sFile.end(), '\\', '/');
				std::string sLower = sFile;
				for (char& c : sLower) c = char(std::tolower(static_cast<unsigned char>(c)));
				if (sLower.size() < 5 || sLower.compare(sLower.size() - 4, 4, ".xml") != 0) continue;
				if (sLower.compare(0, 4, "xml/") == 0) sFile = "XML/" + sFile.substr(4);
				if (kDefinesSeen.insert(sLower).second)
					kXmlLoads.aDefines.push_back({ sFile, f.sName + ":" + std::to_string(a[i].iLine) });
				continue;
			}
			if (a[i].s != "LoadGlobalClassInfo" || a[i + 1].s != "(") continue;
			const size_t iClose = matchClose(a, i + 1);
			if (iClose == std::string::npos) continue;
			// the accessor: the identifier before the first "(" of the first argument
			std::string sGetter;
			std::vector<std::string> aStrings;
			for (size_t j = i + 2; j < iClose; ++j)
			{
				if (sGetter.empty() && a[j].k == 'i' && j + 1 < iClose && a[j + 1].s == "("
					&& a[j].s.compare(0, 3, "get") == 0)
					sGetter = a[j].s;
				if (a[j].k == 's') aStrings.push_back(a[j].s.substr(1, a[j].s.size() - 2));
			}
			// AdvCiv: LoadGlobalClassInfo(GC.m_paUnitInfo, ...), the first argument a member
			std::string sMember;
			if (i + 5 < iClose && a[i + 2].s == "GC" && a[i + 3].s == "." && a[i + 4].k == 'i'
				&& a[i + 4].s.compare(0, 4, "m_pa") == 0 && a[i + 5].s == ",")
				sMember = a[i + 4].s.substr(4);
			if ((sGetter.empty() && sMember.empty()) || aStrings.size() < 3) continue;
			const std::string sPath = aStrings[2];
			const std::string sElement = sPath.substr(sPath.rfind('/') + 1);
			const std::string sBase = sMember.empty() ? sGetter.substr(3) : sMember; // "UnitInfo"
			const std::string sAccessor = "getNum" + sBase + "s";
			const std::string sFile = aStrings[1] + "/" + aStrings[0] + ".xml";
			if (!kInfoFiles.count(sAccessor))
			{
				kInfoFiles[sAccessor] = { sFile, sElement };
				kXmlLoads.aInfos.push_back({ sBase, sFile, sPath, f.sName + ":" + std::to_string(a[i].iLine) });
			}
		}
	}
}

const Function* SaveLayout::Impl::findMethod(
	const std::string& sClass, const std::string& sName, bool bStream, std::string* pOwner) const
{
	auto& kByName = kMethodCache[bStream][sClass];
	auto it = kByName.find(sName);
	if (it == kByName.end())
	{
		std::string sOwner;
		const Function* f = searchMethod(sClass, sName, bStream, sOwner);
		it = kByName.emplace(sName, std::make_pair(f, sOwner)).first;
	}
	if (pOwner && it->second.first) *pOwner = it->second.second;
	return it->second.first;
}

const Function* SaveLayout::Impl::searchMethod(
	const std::string& sClass, const std::string& sName, bool bStream, std::string& sOwner) const
{
	std::vector<std::string> aQueue = { sClass };
	std::set<std::string> kSeen;
	while (!aQueue.empty())
	{
		const std::string s = aQueue.front();
		aQueue.erase(aQueue.begin());
		if (!kSeen.insert(s).second) continue;
		std::vector<const Function*> aCandidates;
		auto it = kFunctions.find(s + "::" + sName);
		if (it != kFunctions.end())
			for (const Function& f : it->second) aCandidates.push_back(&f);
		const ClassDef* c = findClass(s);
		if (c)
		{
			auto jt = c->kMethods.find(sName);
			if (jt != c->kMethods.end()) aCandidates.insert(aCandidates.end(), jt->second.begin(), jt->second.end());
		}
		for (const Function* f : aCandidates)
		{
			if (f->iSpecArgsEnd) continue; // an explicit specialisation: called by its arguments only
			const Toks& a = aFiles[size_t(f->iFile)].aToks;
			const bool bHasStream = [&]() {
				for (size_t i = f->iParams; i < f->iParamsEnd; ++i)
					if (a[i].s == "FDataStreamBase") return true;
				return false;
			}();
			if (bHasStream == bStream)
			{
				sOwner = s;
				return f;
			}
		}
		if (c)
			for (const std::string& sBase : c->aBases) aQueue.push_back(sBase);
	}
	return nullptr;
}

const MemberOwner& SaveLayout::Impl::memberOwner(const std::string& sClass, const std::string& sMember) const
{
	auto& kByMember = kMemberCache[sClass];
	auto it = kByMember.find(sMember);
	if (it != kByMember.end()) return it->second;
	MemberOwner kFound;
	std::vector<std::string> aQueue = { sClass };
	std::set<std::string> kSeen;
	while (!aQueue.empty() && !kFound.pClass)
	{
		const std::string s = aQueue.front();
		aQueue.erase(aQueue.begin());
		if (!kSeen.insert(s).second) continue;
		const ClassDef* c = findClass(s);
		if (!c) continue;
		auto jt = c->kMembers.find(sMember);
		if (jt != c->kMembers.end())
		{
			kFound.pClass = c;
			kFound.pType = &jt->second;
		}
		else
			for (const std::string& sBase : c->aBases) aQueue.push_back(sBase);
	}
	return kByMember.emplace(sMember, kFound).first->second;
}

const Stmt& SaveLayout::Impl::body(const Function& f) const
{
	if (!f.pBody)
	{
		const Toks& a = aFiles[size_t(f.iFile)].aToks;
		// the stream parameter: FDataStreamBase* NAME or FDataStreamBase& NAME
		for (size_t i = f.iParams; i < f.iParamsEnd; ++i)
			if (a[i].s == "FDataStreamBase")
			{
				size_t j = i + 1;
				while (j < f.iParamsEnd && (a[j].s == "*" || a[j].s == "&"))
				{
					f.bStreamRef = a[j].s == "&";
					++j;
				}
				if (j < f.iParamsEnd && a[j].k == 'i') f.sStream = a[j].s;
			}
		StmtParser kParser(a, f.sStream.empty() ? std::string("\x01") : f.sStream, aFiles[size_t(f.iFile)].sName);
		size_t i = f.iBody;
		f.pBody = std::make_shared<Stmt>(kParser.parse(i, f.iBodyEnd + 1));
	}
	return *f.pBody;
}

// ---------------------------------------------------------------------------------------------
// The interpreter
// ---------------------------------------------------------------------------------------------
namespace {

struct Value
{
	enum Kind {
		Unknown,
		Int,
		Str,
		Obj,
		Globals // GC
	};
	Kind eKind = Unknown;
	long long i = 0;
	std::string s;
	LayoutRecord* pObj = nullptr;
	TypeRef kType;
	std::string sWhy; // why it is unknown
	static Value of(long long v)
	{
		Value k;
		k.eKind = Int;
		k.i = v;
		return k;
	}
	static Value unknown(const std::string& sWhy)
	{
		Value k;
		k.sWhy = sWhy;
		return k;
	}
};

struct Local
{
	TypeRef kType;
	Value v;
};

// Where an lvalue lives: a member of the frame's object, or a local.
struct Place
{
	bool bValid = false;
	bool bLocal = false;
	std::string sRoot; // the first name
	std::string sKey; // the full path with evaluated indices ("m_aiX[3].eOwner")
	std::string sSub; // the path below a local object ("szText")
	TypeRef kType;
	LayoutRecord* pObj = nullptr; // the record the path is stored in
	bool bIndexed = false;
	std::string sUnknownIndex; // why an index of the path cannot be evaluated ("[?]" in sKey)
};

struct Frame
{
	const Function* pFunc = nullptr;
	std::string sClass;
	std::map<std::string, TypeRef> kTemplate;
	std::map<std::string, Local> kLocals;
	LayoutRecord* pRecord = nullptr;
	std::string sStream;
	std::vector<std::pair<std::string, Place>> aOut; // reference parameters and the caller's places they name
	bool bEffectsOnly = false; // run for side effects (no stream)
	int iDepth = 0;
};

// A scalar member of a struct read as raw bytes: its name, offset, size and sign.
struct RawField
{
	const std::string* pName;
	long long iOff;
	int iSize;
	bool bUnsigned;
};

enum class Flow { Normal, Break, Continue, Return };

// A call the deriver does not run, where it is.
struct StaleCall
{
	const Function* pFunc = nullptr;
	int iLine = 0;
	std::string sName;
};

} // namespace

class LayoutRunner : public LayoutWhere
{
public:
	LayoutRunner(const SaveLayout::Impl& kTree, LayoutStream* pStream, LayoutCounts fCounts)
		: m_t(kTree), m_pStream(pStream), m_fCounts(std::move(fCounts)), m_bNames(pStream && pStream->wantsNames())
	{}

	std::string where() const override { return m_pWhereFunc ? m_t.where(*m_pWhereFunc, m_iWhereLine) : std::string(); }

	LayoutGlobals m_kGlobals;

	void runRead(const std::string& sClass, LayoutRecord& kRecord)
	{
		if (m_pStream) m_pStream->setWhere(this);
		const Function* f = m_t.findMethod(sClass, "read", true);
		if (!f) throw LayoutError(m_t.kTree.string() + ": no " + sClass + "::read(FDataStreamBase*) in the tree");
		Frame k;
		k.sClass = sClass;
		kRecord.sClass = sClass;
		k.pRecord = &kRecord;
		call(*f, k);
	}

	long long constant(const std::string& sName, const std::string& sWhere)
	{
		auto it = m_t.kConstCache.find(sName);
		if (it != m_t.kConstCache.end()) return it->second;
		if (m_kBusy.count(sName)) fail(sWhere, "the constant " + sName + " is defined in terms of itself");
		m_kBusy.insert(sName);
		long long v = 0;
		auto kMacro = m_t.kMacros.find(sName);
		auto kEnum = m_t.kEnumerators.find(sName);
		Frame kEmpty;
		if (kMacro != m_t.kMacros.end())
			v = evalConst(kMacro->second.second, m_t.aFiles[size_t(kMacro->second.first)].sName, sName);
		else if (kEnum != m_t.kEnumerators.end())
		{
			if (!kEnum->second.aExpr.empty())
				v = evalConst(kEnum->second.aExpr, m_t.aFiles[size_t(kEnum->second.iFile)].sName, sName);
			else
				v = constant(kEnum->second.sPrev, sWhere) + 1;
		}
		else
		{
			m_kBusy.erase(sName);
			fail(sWhere, "'" + sName + "' is not a constant of the tree's headers");
		}
		m_kBusy.erase(sName);
		m_t.kConstCache[sName] = v;
		return v;
	}

	bool isConstant(const std::string& s) const { return m_t.kMacros.count(s) || m_t.kEnumerators.count(s); }

	// --- the static walk of save-layout ---
	void describe(const std::string& sEntry, LayoutClassReport& kOut, std::vector<std::string>& aReached)
	{
		// "Class", "Outer::Inner" (a class: its read) or "Class::Method"
		const size_t iColons = m_t.findClass(sEntry) ? std::string::npos : sEntry.rfind("::");
		const std::string sClass = sEntry.substr(0, iColons);
		const std::string sMethod = iColons == std::string::npos ? std::string("read") : sEntry.substr(iColons + 2);
		const Function* f = m_t.findMethod(sClass, sMethod, true);
		kOut.sClass = sClass;
		if (!f)
		{
			kOut.sError = "no " + sClass + "::" + sMethod + "(FDataStreamBase*) in the tree";
			return;
		}
		kOut.sFunction = f->sName;
		const Toks& a = m_t.aFiles[size_t(f->iFile)].aToks;
		kOut.sWhere = m_t.aFiles[size_t(f->iFile)].sName + ":" + std::to_string(a[f->iBody].iLine);
		try
		{
			Frame k;
			k.sClass = sClass;
			k.pFunc = f;
			describeStmt(m_t.body(*f), k, 0, kOut, aReached);
		}
		catch (const LayoutError& e)
		{
			kOut.sError = e.what();
		}
	}

private:
	[[noreturn]] void fail(const std::string& sWhere, const std::string& sWhat) const
	{
		throw LayoutError(sWhere + ": " + sWhat);
	}
	// A line of a function, named ("CvPlot.cpp:1234 (CvPlot::read)") only when a message needs it.
	struct CodeLine
	{
		const Function* pFunc;
		int iLine;
	};
	[[noreturn]] void fail(const CodeLine& kWhere, const std::string& sWhat) const
	{
		fail(m_t.where(*kWhere.pFunc, kWhere.iLine), sWhat);
	}
	std::string where(const Frame& k, int iLine) const { return m_t.where(*k.pFunc, iLine); }
	const Toks& toks(const Frame& k) const { return m_t.aFiles[size_t(k.pFunc->iFile)].aToks; }

	long long evalConst(const Toks& a, const std::string& sFile, const std::string& sName)
	{
		Frame k;
		Function kFake;
		kFake.sName = sName;
		kFake.iFile = -1;
		size_t i = 0;
		m_pConstToks = &a;
		m_sConstFile = sFile;
		const Toks* pSaved = m_pToks;
		m_pToks = &a;
		Value v = expr(a, i, a.size(), k, 0);
		m_pToks = pSaved;
		if (v.eKind != Value::Int)
			throw LayoutError(sFile + ":" + std::to_string(a.empty() ? 0 : a[0].iLine) + " (" + sName
				+ "): the value of " + sName + " cannot be evaluated" + (v.sWhy.empty() ? "" : " (" + v.sWhy + ")"));
		return v.i;
	}

	// ----- types -----
	TypeRef resolve(TypeRef k, const Frame& f, int iDepth = 0) const
	{
		if (m_pResolvedNames) m_pResolvedNames->push_back(k.sName);
		if (iDepth > 20) return k;
		auto it = f.kTemplate.find(k.sName);
		if (it != f.kTemplate.end() && k.aArgs.empty())
		{
			TypeRef r = it->second;
			r.iPtr += k.iPtr;
			r.aDims.insert(r.aDims.end(), k.aDims.begin(), k.aDims.end());
			return resolve(r, f, iDepth + 1);
		}
		auto jt = m_t.kTypedefs.find(k.sName);
		if (jt != m_t.kTypedefs.end() && jt->second.sName != k.sName && !m_t.kClasses.count(k.sName))
		{
			TypeRef r = jt->second;
			r.iPtr += k.iPtr;
			r.aDims.insert(r.aDims.end(), k.aDims.begin(), k.aDims.end());
			return resolve(r, f, iDepth + 1);
		}
		for (TypeRef& kArg : k.aArgs) kArg = resolve(kArg, f, iDepth + 1);
		// a class nested in the frame's class, by its own name
		if (m_t.kNestedNames.count(k.sName) && m_t.kClasses.count(f.sClass + "::" + k.sName))
			k.sName = f.sClass + "::" + k.sName;
		return k;
	}

	// 1, 2, 4 or 8 for a scalar the stream reads as such; 0 otherwise.
	static int scalarSize(const std::string& s, bool& bUnsigned)
	{
		static const std::unordered_map<std::string, std::pair<int, bool>> kScalars = scalarTypes();
		auto it = kScalars.find(s);
		if (it != kScalars.end())
		{
			bUnsigned = it->second.second;
			return it->second.first;
		}
		const bool bSizeType = s.size() >= 9 && s.compare(s.size() - 9, 9, "size_type") == 0;
		bUnsigned = bSizeType || s.find("unsigned") != std::string::npos;
		return bSizeType ? 4 : 0;
	}

	// The scalar types by name: (size, unsigned).
	static std::unordered_map<std::string, std::pair<int, bool>> scalarTypes()
	{
		std::unordered_map<std::string, std::pair<int, bool>> k;
		auto add = [&](int iSize, bool bUnsigned, std::initializer_list<const char*> aszNames) {
			for (const char* sz : aszNames) k[sz] = { iSize, bUnsigned };
		};
		add(1, false, { "char", "signed char", "int8", "BOOLEAN" });
		add(1, true, { "bool", "byte", "BYTE", "unsigned char", "uint8" });
		add(2, false, { "short", "signed short", "int16", "short int" });
		add(2, true, { "unsigned short", "WORD", "wchar_t", "wchar", "uint16" });
		add(4, false, { "int", "signed int", "long", "float", "int32", "LONG", "BOOL" });
		add(4, true,
			{ "unsigned int", "unsigned", "uint", "unsigned long", "DWORD", "UINT", "size_t", "uint32", "ULONG" });
		add(8, false, { "double", "__int64", "long long", "int64" });
		add(8, true, { "unsigned long long", "uint64" });
		return k;
	}

	int stringKind(const std::string& s) const
	{
		if (s == "CvString" || s == "string" || s == "basic_string") return 1;
		if (s == "CvWString" || s == "wstring") return 2;
		return 0;
	}

	bool isEnum(const std::string& s) const { return m_t.kEnumTypes.count(s) != 0; }

	// The size of an element of type k (no pointer, no dimension left) as the stream reads it.
	int elementSize(const TypeRef& k, bool& bUnsigned) const
	{
		bUnsigned = false;
		if (k.iPtr > 0) return 4;
		const int i = scalarSize(k.sName, bUnsigned);
		if (i) return i;
		if (isEnum(k.sName)) return 4;
		return 0;
	}

	// sizeof(k) as Visual C++ lays it out (natural alignment); -1 if it cannot be sized.
	long long sizeOf(const TypeRef& kIn, const Frame& f, int* pAlign = nullptr, int iDepth = 0)
	{
		const TypeRef k = resolve(kIn, f);
		long long iCount = 1;
		for (const Toks& d : k.aDims)
		{
			m_bSizeUsesFrame = true;
			size_t i = 0;
			const Value v = expr(d, i, d.size(), f, 0);
			if (v.eKind != Value::Int) return -1;
			iCount *= v.i;
		}
		bool bUnsigned = false;
		int iSize = elementSize(k, bUnsigned);
		int iAlign = iSize;
		if (iSize == 0)
		{
			const long long iClass = iDepth == 0 ? rememberedClassSize(k, f, iAlign) : classSize(k, f, iAlign, iDepth);
			if (iClass < 0) return -1;
			iSize = int(iClass);
		}
		if (pAlign) *pAlign = std::min(iAlign, 8);
		return iSize * iCount;
	}

	// The size and alignment of a class (its bases and members in order); -1 if it cannot be sized.
	long long classSize(const TypeRef& k, const Frame& f, int& iAlign, int iDepth)
	{
		const ClassDef* c = m_t.findClass(k.sName);
		if (!c || iDepth > 10 || stringKind(k.sName)) return -1;
		long long iOff = 0;
		int iMax = 1;
		for (const std::string& sBase : c->aBases)
		{
			int iA = 1;
			const long long iB = sizeOf(TypeRef{ sBase, {}, 0, {}, true }, f, &iA, iDepth + 1);
			if (iB < 0) return -1;
			iOff += iB;
			iMax = std::max(iMax, iA);
		}
		for (const std::string& sMember : c->aOrder)
		{
			int iA = 1;
			const long long iM = sizeOf(c->kMembers.at(sMember), f, &iA, iDepth + 1);
			if (iM < 0) return -1;
			iOff = (iOff + iA - 1) / iA * iA;
			iOff += iM;
			iMax = std::max(iMax, iA);
		}
		iOff = (iOff + iMax - 1) / iMax * iMax;
		if (iOff == 0) iOff = 1;
		iAlign = iMax;
		return iOff;
	}

	// classSize at the top of a sizeOf, remembered by class when it depends on the tree alone: no
	// dimension was evaluated (in the frame) and no type name it resolved is a template parameter of
	// the frame (kept, to check against the frames that ask later).
	long long rememberedClassSize(const TypeRef& k, const Frame& f, int& iAlign)
	{
		auto it = m_kClassSizes.find(k.sName);
		if (it != m_kClassSizes.end() && k.aArgs.empty() && !namesTemplateParameter(it->second.aNames, f))
		{
			noteResolved(it->second.aNames);
			iAlign = it->second.iAlign;
			return it->second.iSize;
		}
		std::vector<std::string> aNames;
		long long iSize = -1;
		const bool bTreeOnly = dependsOnTreeOnly(f, aNames, [&]() { iSize = classSize(k, f, iAlign, 0); });
		if (k.aArgs.empty() && bTreeOnly) m_kClassSizes[k.sName] = ClassSize{ iSize, iAlign, std::move(aNames) };
		return iSize;
	}

	// Runs fCompute noting the type names resolve() looks up (into aNames) and whether a dimension is
	// evaluated in the frame; true if what it computed depends on the tree alone, for frame f and for
	// any later frame whose template parameters are none of aNames.
	template <typename Compute>
	bool dependsOnTreeOnly(const Frame& f, std::vector<std::string>& aNames, Compute fCompute)
	{
		std::vector<std::string>* pSavedNames = m_pResolvedNames;
		const bool bSavedUsesFrame = m_bSizeUsesFrame;
		m_pResolvedNames = &aNames;
		m_bSizeUsesFrame = false;
		fCompute();
		const bool bUsesFrame = m_bSizeUsesFrame;
		m_pResolvedNames = pSavedNames;
		m_bSizeUsesFrame = bSavedUsesFrame || bUsesFrame;
		noteResolved(aNames); // an enclosing computation depends on them too
		return !bUsesFrame && !namesTemplateParameter(aNames, f);
	}

	// Adds names resolved by a computation (or a remembered one) to those noted by the enclosing one.
	void noteResolved(const std::vector<std::string>& aNames)
	{
		if (m_pResolvedNames) m_pResolvedNames->insert(m_pResolvedNames->end(), aNames.begin(), aNames.end());
	}

	static bool namesTemplateParameter(const std::vector<std::string>& aNames, const Frame& f)
	{
		if (f.kTemplate.empty()) return false;
		for (const std::string& s : aNames)
			if (f.kTemplate.count(s)) return true;
		return false;
	}

	// The type of a member of a class (or its bases), with the class's template bindings.
	bool memberType(const std::string& sClass, const std::string& sMember, TypeRef& kOut,
		const std::vector<TypeRef>& aArgs, std::map<std::string, TypeRef>* pBind = nullptr) const
	{
		const MemberOwner& k = m_t.memberOwner(sClass, sMember);
		if (!k.pClass) return false;
		kOut = *k.pType;
		if (pBind)
			for (size_t i = 0; i < k.pClass->aTemplate.size() && i < aArgs.size(); ++i)
				(*pBind)[k.pClass->aTemplate[i]] = aArgs[i];
		return true;
	}

	// ----- places -----
	// Parses an lvalue at a[i]: [this->] name ([expr] | .name | ->name)*. Moves i past it.
	Place place(const Toks& a, size_t& i, size_t e, Frame& f)
	{
		Place p;
		if (i + 1 < e && a[i].s == "this" && a[i + 1].s == "->") i += 2;
		if (i >= e || a[i].k != 'i') return p;
		p.sRoot = a[i].s;
		auto it = f.kLocals.find(p.sRoot);
		if (it != f.kLocals.end())
		{
			p.bLocal = true;
			p.kType = resolve(it->second.kType, f);
			p.pObj = it->second.v.pObj;
		}
		else
		{
			TypeRef k;
			if (!memberType(f.sClass, p.sRoot, k, {})) return p;
			p.kType = resolve(k, f);
			p.pObj = f.pRecord;
		}
		p.sKey = p.sRoot;
		++i;
		while (i < e)
		{
			if (a[i].s == "[")
			{
				const size_t iClose = matchClose(a, i);
				if (iClose == std::string::npos || iClose >= e) return Place();
				size_t j = i + 1;
				const Value v = expr(a, j, iClose, f, 0);
				// an element nobody can name (a map's key object): unknown if used, an error if read into
				if (v.eKind != Value::Int && p.sUnknownIndex.empty())
					p.sUnknownIndex = "the index of " + p.sKey + " cannot be evaluated" + why(v);
				const std::string sIndex = v.eKind == Value::Int ? "[" + std::to_string(v.i) + "]" : "[?]";
				p.sKey += sIndex;
				p.sSub += sIndex;
				p.bIndexed = true;
				if (!p.kType.aDims.empty())
					p.kType.aDims.erase(p.kType.aDims.begin());
				else if (p.kType.iPtr > 0)
					--p.kType.iPtr;
				else if (!p.kType.aArgs.empty())
					p.kType = resolve(p.kType.aArgs[0], f);
				i = iClose + 1;
			}
			else if ((a[i].s == "." || a[i].s == "->") && i + 1 < e && a[i + 1].k == 'i'
				&& !(i + 2 < e && a[i + 2].s == "("))
			{
				TypeRef k;
				std::map<std::string, TypeRef> kBind;
				if (!memberType(p.kType.sName, a[i + 1].s, k, p.kType.aArgs, &kBind))
					fail(whereTok(f, a, i), "no member '" + a[i + 1].s + "' in " + typeText(p.kType));
				Frame kSub;
				kSub.kTemplate = kBind;
				p.kType = resolve(resolve(k, kSub), f);
				p.sKey += "." + a[i + 1].s;
				p.sSub += (p.sSub.empty() ? "" : ".") + a[i + 1].s;
				i += 2;
			}
			else
				break;
		}
		p.bValid = true;
		return p;
	}

	// The place a read writes into: every index of it must be known.
	template <typename Where>
	Place readPlace(const Toks& a, size_t& i, size_t e, Frame& f, const Where& sWhere)
	{
		Place p = place(a, i, e, f);
		if (!p.sUnknownIndex.empty()) fail(sWhere, p.sUnknownIndex);
		return p;
	}

	std::string whereTok(const Frame& f, const Toks& a, size_t i) const
	{
		const int iLine = i < a.size() ? a[i].iLine : (a.empty() ? 0 : a.back().iLine);
		if (!f.pFunc) return m_sConstFile + ":" + std::to_string(iLine);
		return where(f, iLine);
	}
	static std::string why(const Value& v) { return v.sWhy.empty() ? "" : " (" + v.sWhy + ")"; }

	Value load(const Place& p, Frame& f)
	{
		if (!p.sUnknownIndex.empty()) return Value::unknown(p.sUnknownIndex);
		if (p.bLocal && p.sSub.empty()) return f.kLocals[p.sRoot].v;
		const LayoutRecord* r = p.pObj;
		if (!r) return Value::unknown(p.sKey + " has no value here");
		const std::string sKey = p.bLocal ? p.sSub : p.sKey;
		const size_t iBracket0 = sKey.find('[');
		if (isStale(r, sKey) && (iBracket0 == std::string::npos || isStale(r, sKey.substr(0, iBracket0))))
			return Value::unknown(
				p.sKey + " may be changed by " + staleCall(r) + ", which the deriver does not follow");
		auto it = r->kValues.find(sKey);
		if (it != r->kValues.end() && it->second.size() == 1) return Value::of(it->second[0]);
		// an element of an array read whole: "m_ai[3]" from "m_ai"
		const size_t iBracket = sKey.rfind('[');
		if (it == r->kValues.end() && iBracket != std::string::npos && sKey.back() == ']')
		{
			auto jt = r->kValues.find(sKey.substr(0, iBracket));
			const long long iIndex = std::atoll(sKey.c_str() + iBracket + 1);
			if (jt != r->kValues.end() && iIndex >= 0 && size_t(iIndex) < jt->second.size())
				return Value::of(jt->second[size_t(iIndex)]);
		}
		auto st = m_kStrings.find(std::make_pair(r, sKey));
		if (st != m_kStrings.end())
		{
			Value v;
			v.eKind = Value::Str;
			v.s = st->second;
			return v;
		}
		// a pointer written through (p[i] = x) is not NULL: an address, as 1
		if (p.kType.iPtr > 0 && !p.bIndexed && it == r->kValues.end())
		{
			const std::string sElements = sKey + "[";
			auto kt = r->kValues.lower_bound(sElements);
			if (kt != r->kValues.end() && kt->first.compare(0, sElements.size(), sElements) == 0) return Value::of(1);
		}
		auto ct = m_kChangedBy.find(r);
		if (ct != m_kChangedBy.end())
		{
			const std::string sMember = p.bLocal ? p.sRoot : p.sKey.substr(0, p.sKey.find_first_of("[."));
			for (auto kt = ct->second.rbegin(); kt != ct->second.rend(); ++kt)
				if (std::binary_search(kt->first->begin(), kt->first->end(), sMember))
					return Value::unknown(p.sKey + " may be changed by " + kt->second.sName + "() at "
						+ m_t.where(*kt->second.pFunc, kt->second.iLine) + ", which the deriver does not follow");
		}
		auto ut = m_kUnknownSet.find(std::make_pair(r, sKey));
		if (ut != m_kUnknownSet.end())
			return Value::unknown(p.sKey + " was set at " + m_t.where(*ut->second.pFunc, ut->second.iLine)
				+ " to what the deriver cannot follow: " + ut->second.sWhy);
		return Value::unknown(p.sKey + " is not set by the time it is used");
	}

	void store(const Place& p, Frame& f, const Value& v)
	{
		if (p.bLocal && p.sSub.empty())
		{
			f.kLocals[p.sRoot].v = v;
			return;
		}
		LayoutRecord* r = p.pObj;
		if (!r) return;
		const std::string sKey = p.bLocal ? p.sSub : p.sKey;
		if (!p.sUnknownIndex.empty())
		{
			// some element changed: the array's values read whole are no longer exact
			r->kValues.erase(sKey.substr(0, sKey.find('[')));
			return;
		}
		noteWrite(r, sKey);
		if (v.eKind == Value::Int)
			r->kValues[sKey] = { v.i };
		else
		{
			r->kValues.erase(sKey);
			if (v.eKind == Value::Str) m_kStrings[std::make_pair(r, sKey)] = v.s;
			if (v.eKind == Value::Unknown && !v.sWhy.empty() && m_pWhereFunc)
				m_kUnknownSet[std::make_pair(r, sKey)] = UnknownSet{ m_pWhereFunc, m_iWhereLine, v.sWhy };
		}
		if (p.bIndexed)
		{
			// an element changed: a whole-array value of its base is no longer exact
			const size_t iBracket = sKey.find('[');
			if (iBracket != std::string::npos && v.eKind != Value::Int) r->kValues.erase(sKey.substr(0, iBracket));
		}
	}

	// ----- expressions -----
	Value expr(const Toks& a, size_t& i, size_t e, const Frame& fc, int iPrec)
	{
		Frame& f = const_cast<Frame&>(fc);
		Value x = unary(a, i, e, f);
		for (;;)
		{
			if (i >= e) return x;
			const TokText& op = a[i].s;
			if (op == "?" && iPrec == 0)
			{
				++i;
				const size_t iColon = findTop(a, i, e, ":");
				if (iColon == std::string::npos) return Value::unknown("a '?' without ':'");
				Value y = expr(a, i, iColon, f, 0);
				i = iColon + 1;
				Value z = expr(a, i, e, f, 0);
				if (x.eKind != Value::Int)
					return x.eKind == Value::Obj ? y : Value::unknown("the condition of a '?:'" + why(x));
				x = x.i ? y : z;
				continue;
			}
			const int p = binaryPrec(op);
			if (p == 0 || p <= iPrec) return x;
			++i;
			Value y = expr(a, i, e, f, p);
			if (op == "&&" && x.eKind == Value::Int && x.i == 0) continue;
			if (op == "||" && x.eKind == Value::Int && x.i != 0)
			{
				x = Value::of(1);
				continue;
			}
			auto asInt = [](const Value& v) -> std::pair<bool, long long> {
				if (v.eKind == Value::Int) return { true, v.i };
				if (v.eKind == Value::Obj) return { true, 1 }; // an object's address: not NULL
				return { false, 0 };
			};
			const auto [bX, iX] = asInt(x);
			const auto [bY, iY] = asInt(y);
			if (!bX || !bY)
			{
				x = Value::unknown(!bX ? (x.sWhy.empty() ? "an operand of '" + op + "'" : x.sWhy)
									   : (y.sWhy.empty() ? "an operand of '" + op + "'" : y.sWhy));
				continue;
			}
			long long r = 0;
			if (!applyBinary(op, iX, iY, r))
				x = Value::unknown("a division by zero");
			else
				x = Value::of(r);
		}
	}

	bool looksLikeCast(const Toks& a, size_t i, size_t e, const Frame& f, TypeRef& kType, size_t& iAfter) const
	{
		// "(" type ")" followed by an operand
		if (i >= e || a[i].s != "(") return false;
		const size_t iClose = matchClose(a, i);
		if (iClose == std::string::npos || iClose + 1 >= e + 1) return false;
		size_t j = i + 1;
		TypeRef k = parseType(a, j, iClose);
		if (!k.bValid || j != iClose) return false;
		bool bUnsigned = false;
		const TypeRef r = resolve(k, f);
		const bool bType = scalarSize(k.sName, bUnsigned) || isEnum(k.sName) || m_t.kClasses.count(k.sName)
			|| m_t.kTypedefs.count(k.sName) || f.kTemplate.count(k.sName) || k.iPtr > 0 || elementSize(r, bUnsigned);
		if (!bType || f.kLocals.count(k.sName) || isConstant(k.sName)) return false;
		kType = k;
		iAfter = iClose + 1;
		return iAfter < e
			&& (a[iAfter].k != 'p' || a[iAfter].s == "(" || a[iAfter].s == "&" || a[iAfter].s == "*"
				|| a[iAfter].s == "-" || a[iAfter].s == "!" || a[iAfter].s == "~");
	}

	Value unary(const Toks& a, size_t& i, size_t e, Frame& f)
	{
		if (i >= e) return Value::unknown("an expression ends early");
		const TokText& t = a[i].s;
		if (a[i].k == 'p')
		{
			if (t == "!" || t == "-" || t == "~" || t == "+")
			{
				++i;
				Value v = unary(a, i, e, f);
				if (v.eKind == Value::Obj && t == "!") return Value::of(0);
				if (v.eKind != Value::Int) return v;
				return Value::of(t == "!" ? !v.i : t == "-" ? -v.i : t == "~" ? ~v.i : v.i);
			}
			if (t == "++" || t == "--")
			{
				++i;
				size_t j = i;
				Place p = place(a, j, e, f);
				if (!p.bValid) return Value::unknown("'" + t + "' on what is not a variable");
				i = j;
				Value v = load(p, f);
				if (v.eKind == Value::Int) v.i += t == "++" ? 1 : -1;
				store(p, f, v);
				return v;
			}
			if (t == "*" || t == "&")
			{
				++i;
				return unary(a, i, e, f);
			}
			TypeRef kCast;
			size_t iAfter = 0;
			if (looksLikeCast(a, i, e, f, kCast, iAfter))
			{
				i = iAfter;
				Value v = unary(a, i, e, f);
				bool bUnsigned = false;
				const int iSize = elementSize(resolve(kCast, f), bUnsigned);
				if (v.eKind == Value::Int && iSize > 0 && iSize < 8)
				{
					const unsigned long long iMask = (1ull << (8 * iSize)) - 1;
					unsigned long long u = static_cast<unsigned long long>(v.i) & iMask;
					if (!bUnsigned && (u >> (8 * iSize - 1)))
						v.i = static_cast<long long>(u | ~iMask);
					else
						v.i = static_cast<long long>(u);
				}
				return v;
			}
		}
		return postfix(a, i, e, f);
	}

	Value postfix(const Toks& a, size_t& i, size_t e, Frame& f)
	{
		Value v = primary(a, i, e, f);
		while (i < e)
		{
			if ((a[i].s == "." || a[i].s == "->") && i + 2 < e && a[i + 1].k == 'i' && a[i + 2].s == "(")
			{
				const std::string sMethod = a[i + 1].s;
				const size_t iClose = matchClose(a, i + 2);
				if (iClose == std::string::npos || iClose >= e) return Value::unknown("an unbalanced call");
				if (v.eKind == Value::Str
					&& (sMethod == "empty" || sMethod == "size" || sMethod == "length" || sMethod == "GetLength"))
					v = Value::of(sMethod == "empty" ? v.s.empty() : static_cast<long long>(v.s.size()));
				else if (v.eKind == Value::Globals)
					v = globals(sMethod, a, i + 3, iClose, f);
				else if (v.eKind == Value::Obj && v.pObj)
					v = callValue(v, sMethod, a, i + 3, iClose, f);
				else
					v = Value::unknown("." + sMethod + "()" + why(v));
				i = iClose + 1;
				continue;
			}
			if (a[i].s == "++" || a[i].s == "--")
			{
				++i; // handled by statements as assignments
				continue;
			}
			break;
		}
		return v;
	}

	// std::fill_n(first, n, value) with the arguments a[b, e): first an array (m_ai) or an element of one
	// (&m_ai[2]); its n elements from there are set to the value (to unknown if n or first is).
	void fillN(const Toks& a, size_t b, size_t e, Frame& f)
	{
		const std::vector<std::pair<size_t, size_t>> aArgs = parameterRanges(a, b, e);
		if (aArgs.size() != 3) return;
		size_t i = aArgs[0].first;
		const bool bAddress = a[i].s == "&";
		if (bAddress) ++i;
		Place p = place(a, i, aArgs[0].second, f);
		if (!p.bValid || i != aArgs[0].second) return;
		std::string& sKey = p.bLocal ? p.sSub : p.sKey;
		long long iFirst = 0;
		if (bAddress)
		{
			// &m_ai[k]: the elements from k
			const size_t iBracket = sKey.rfind('[');
			if (!p.bIndexed || iBracket == std::string::npos || sKey.back() != ']') return;
			if (!p.sUnknownIndex.empty())
			{
				store(p, f, Value::unknown("std::fill_n from an unknown element"));
				return;
			}
			iFirst = std::atoll(sKey.c_str() + iBracket + 1);
			sKey.erase(iBracket);
			p.kType.aDims.insert(p.kType.aDims.begin(), Toks());
		}
		size_t j = aArgs[1].first;
		const Value n = expr(a, j, aArgs[1].second, f, 0);
		j = aArgs[2].first;
		const Value v = expr(a, j, aArgs[2].second, f, 0);
		const std::string sBase = sKey;
		if (n.eKind != Value::Int || n.i < 0 || n.i > 4096)
		{
			store(p, f, Value::unknown("std::fill_n over an unknown count"));
			return;
		}
		Place kElement = p;
		kElement.bIndexed = true;
		if (!kElement.kType.aDims.empty()) kElement.kType.aDims.erase(kElement.kType.aDims.begin());
		for (long long k = iFirst; k < iFirst + n.i; ++k)
		{
			const std::string sElement = sBase + "[" + std::to_string(k) + "]";
			(p.bLocal ? kElement.sSub : kElement.sKey) = sElement;
			store(kElement, f, v);
		}
	}

	// std::min(x, y), std::max(x, y), abs(x) of the arguments a[b, e).
	Value standardCall(const std::string& sName, const Toks& a, size_t b, size_t e, Frame& f)
	{
		std::vector<long long> aArgs;
		for (size_t j = b; j < e;)
		{
			size_t iComma = findTop(a, j, e, ",");
			if (iComma == std::string::npos) iComma = e;
			size_t k = j;
			const Value v = expr(a, k, iComma, f, 0);
			if (v.eKind != Value::Int) return Value::unknown("std::" + sName + " of an unknown value" + why(v));
			aArgs.push_back(v.i);
			j = iComma + 1;
		}
		if (sName == "abs" && aArgs.size() == 1) return Value::of(aArgs[0] < 0 ? -aArgs[0] : aArgs[0]);
		if (sName != "abs" && aArgs.size() == 2)
			return Value::of(sName == "min" ? std::min(aArgs[0], aArgs[1]) : std::max(aArgs[0], aArgs[1]));
		return Value::unknown("std::" + sName + " with " + std::to_string(aArgs.size()) + " arguments");
	}

	// A class's constant at a[i]: NAME (of the frame's class or a base, not a local), or
	// Class<ARGS>::NAME (the class or specialisation that the arguments, bound here, name). Evaluated
	// in that class's scope; i moves past it. False if it is neither.
	bool classConstantValue(const Toks& a, size_t& i, size_t e, Frame& f, Value& v)
	{
		const Tok& t = a[i];
		if (t.k != 'i') return false;
		const bool bArgs = i + 1 < e && a[i + 1].s == "<";
		// (most names are neither: they are told apart before anything else is done)
		if (bArgs ? !m_t.findClass(t.s) : !m_t.kClassConstantNames.count(t.s)) return false;
		std::string sClass = f.sClass, sName = t.s;
		size_t iAfter = i + 1;
		std::map<std::string, TypeRef> kTemplate = f.kTemplate; // the frame's, for its own class's
		if (bArgs)
		{
			const size_t iGt = matchClose(a, i + 1);
			if (iGt == std::string::npos || iGt + 2 >= e || a[iGt + 1].s != "::" || a[iGt + 2].k != 'i') return false;
			size_t n = i;
			TypeRef kClass = parseType(a, n, iGt + 1);
			if (!kClass.bValid || n != iGt + 1) return false;
			sName = a[iGt + 2].s;
			if (!m_t.kClassConstantNames.count(sName)) return false;
			iAfter = iGt + 3;
			// the specialisation for the arguments as written (a typedef's name) or as resolved
			sClass = typeText(kClass);
			kClass = resolve(kClass, f);
			if (!m_t.findClass(sClass)) sClass = specialisationFor(kClass);
			// not specialised: the template, its parameters bound to the arguments
			const ClassDef* pPrimary = m_t.findClass(sClass) ? nullptr : m_t.findClass(kClass.sName);
			if (pPrimary && !pPrimary->aTemplate.empty())
			{
				sClass = kClass.sName;
				kTemplate.clear();
				for (size_t n = 0; n < pPrimary->aTemplate.size() && n < kClass.aArgs.size(); ++n)
					kTemplate[pPrimary->aTemplate[n]] = kClass.aArgs[n];
			}
			if (!m_t.findClass(sClass))
			{
				i = iAfter;
				v = Value::unknown(sClass + "::" + sName + ": no such class or specialisation in the tree");
				return true;
			}
		}
		else if (!m_t.kClassConstantNames.count(sName) || f.sClass.empty() || f.kLocals.count(sName)
			|| (i + 1 < e && (a[i + 1].s == "(" || a[i + 1].s == "::")))
			return false;
		std::string sOwner;
		const Toks* pExpr = m_t.classConstant(sClass, sName, sOwner);
		if (!pExpr) return false;
		i = iAfter;
		if (f.iDepth > 24)
		{
			v = Value::unknown(sClass + "::" + sName + " refers to itself");
			return true;
		}
		Frame k;
		k.sClass = sOwner;
		k.kTemplate = kTemplate;
		k.pFunc = f.pFunc;
		k.iDepth = f.iDepth + 1;
		size_t j = 0;
		v = expr(*pExpr, j, pExpr->size(), k, 0);
		return true;
	}

	Value globals(const std::string& sMethod, const Toks& a, size_t b, size_t e, Frame& f)
	{
		// GC.getDefineINT("NAME"), or GC.getDefineINT(CvGlobals::NAME): an enumerator of the defines the
		// tree caches, named as the define it stands for
		const bool bDefine = sMethod == "getDefineINT" || sMethod == "getDefineBOOL";
		const bool bEnumerator =
			bDefine && e == b + 3 && a[b].k == 'i' && a[b + 1].s == "::" && a[b + 2].k == 'i' && isConstant(a[b + 2].s);
		if (bDefine && ((e == b + 1 && a[b].k == 's') || bEnumerator))
		{
			const std::string sDefine = bEnumerator ? std::string(a[b + 2].s) : a[b].s.substr(1, a[b].s.size() - 2);
			try
			{
				return Value::of(m_fCounts("getDefineINT:" + sDefine));
			}
			catch (const std::exception& k)
			{
				return Value::unknown("GC." + sMethod + "(\"" + sDefine + "\"): " + k.what());
			}
		}
		if (sMethod.compare(0, 6, "getNum") == 0)
		{
			try
			{
				return Value::of(m_fCounts(sMethod));
			}
			catch (const std::exception& k)
			{
				return Value::unknown(std::string("GC.") + sMethod + "(): " + k.what());
			}
		}
		const bool bMap = sMethod == "getMap" || sMethod == "getMapINLINE";
		const bool bGame = sMethod == "getGame" || sMethod == "getGameINLINE";
		const bool bInit = sMethod == "getInitCore";
		if ((bMap || bGame || bInit) && e == b)
		{
			const LayoutRecord* r = bMap ? m_kGlobals.pMap : bGame ? m_kGlobals.pGame : m_kGlobals.pInit;
			if (!r) return Value::unknown("GC." + sMethod + "() is not read yet");
			Value v;
			v.eKind = Value::Obj;
			v.pObj = const_cast<LayoutRecord*>(r); // only read: its values are what the save holds
			v.kType.sName = bMap ? "CvMap" : bGame ? "CvGameAI" : "CvInitCore";
			v.kType.bValid = true;
			return v;
		}
		(void)f;
		if (sMethod.size() > 7 && sMethod.compare(0, 3, "get") == 0
			&& sMethod.compare(sMethod.size() - 4, 4, "Info") == 0)
			return Value::unknown("GC." + sMethod + "(...) is one type's XML data, which the deriver does not read");
		return Value::unknown("GC." + sMethod + "() is not a count of the XML");
	}

	// A method with a body that is one return statement, evaluated in the object's frame.
	Value callValue(const Value& kObj, const std::string& sMethod, const Toks& a, size_t b, size_t e, Frame& f)
	{
		const TypeRef kType = kObj.kType;
		std::string sOwner;
		const Function* m = m_t.findMethod(kType.sName, sMethod, false, &sOwner);
		if (!m) return Value::unknown(typeText(kType) + "::" + sMethod + "() is not in the tree");
		Frame k;
		k.sClass = kType.sName;
		const ClassDef* c = m_t.findClass(kType.sName);
		if (c)
			for (size_t j = 0; j < c->aTemplate.size() && j < kType.aArgs.size(); ++j)
				k.kTemplate[c->aTemplate[j]] = kType.aArgs[j];
		for (size_t j = 0; j < m->aTemplate.size() && j < kType.aArgs.size(); ++j)
			k.kTemplate[m->aTemplate[j]] = kType.aArgs[j];
		if (sOwner != kType.sName) bindBaseTemplate(kType.sName, sOwner, k.kTemplate);
		k.pRecord = kObj.pObj;
		k.iDepth = f.iDepth + 1;
		return evalCall(*m, k, a, b, e, f);
	}

	Value evalCall(const Function& m, Frame& k, const Toks& aArgs, size_t b, size_t e, Frame& fCaller)
	{
		// calls for a value nest at most 8 deep (below however many reads)
		if (m_iValueCalls >= 8)
		{
			m_bCallNotRun = true;
			return Value::unknown(m.sName + "() calls too deep");
		}
		k.pFunc = &m;
		bindArgs(m, k, aArgs, b, e, fCaller);
		const Stmt& s = m_t.body(m);
		k.bEffectsOnly = true;
		m_kReturn = Value::unknown(m.sName + "() returns no value the deriver can follow");
		struct Nest
		{
			int& i;
			explicit Nest(int& iCalls) : i(iCalls) { ++i; }
			~Nest() { --i; }
		} kNest(m_iValueCalls);
		const Function* pWhereFunc = m_pWhereFunc;
		const int iWhereLine = m_iWhereLine;
		run(s, k);
		m_pWhereFunc = pWhereFunc; // back in the caller's statement
		m_iWhereLine = iWhereLine;
		Value v = m_kReturn;
		m_kReturn = Value();
		for (const auto& [sName, p] : k.aOut) store(p, fCaller, k.kLocals[sName].v);
		return v;
	}

	void bindArgs(const Function& m, Frame& k, const Toks& aArgs, size_t b, size_t e, Frame& fCaller)
	{
		const Toks& a = m_t.aFiles[size_t(m.iFile)].aToks;
		std::vector<std::pair<size_t, size_t>> aParams, aGiven;
		auto split = [](const Toks& t, size_t b0, size_t e0, std::vector<std::pair<size_t, size_t>>& aOut) {
			size_t j = b0;
			while (j < e0)
			{
				size_t iComma = findTop(t, j, e0, ",");
				if (iComma == std::string::npos) iComma = e0;
				if (iComma > j) aOut.emplace_back(j, iComma);
				j = iComma + 1;
			}
		};
		aParams = parameterRanges(a, m.iParams, m.iParamsEnd);
		split(aArgs, b, e, aGiven);
		for (size_t j = 0; j < aParams.size(); ++j)
		{
			std::vector<Declarator> aDecl;
			if (!parseDeclaration(a, aParams[j].first, aParams[j].second, aDecl) || aDecl.size() != 1) continue;
			const Declarator& d = aDecl[0];
			if (d.kType.sName == "FDataStreamBase") continue;
			Local l;
			l.kType = d.kType;
			if (j < aGiven.size())
			{
				size_t i = aGiven[j].first;
				l.v = expr(aArgs, i, aGiven[j].second, fCaller, 0);
				deduceTemplate(m, d.kType, aArgs, aGiven[j].first, aGiven[j].second, k, fCaller);
				// a reference the callee may assign (T& x): written back to the caller's place
				if (isOutReference(a, aParams[j].first, aParams[j].second))
				{
					size_t n = aGiven[j].first;
					const Place p = place(aArgs, n, aGiven[j].second, fCaller);
					if (p.bValid && n == aGiven[j].second) k.aOut.emplace_back(d.sName, p);
				}
			}
			else if (d.iInit)
			{
				size_t i = d.iInit;
				l.v = expr(a, i, d.iInitEnd, k, 0);
			}
			else
				l.v = declaredDefault(m, j, aParams.size(), k);
			k.kLocals[d.sName] = l;
		}
	}

	// A function template's parameter named by the type of its parameter (T x, T& x) bound to the type
	// of the argument aArgs[b, e) as written, if the call does not bind it already.
	void deduceTemplate(
		const Function& m, const TypeRef& kParam, const Toks& aArgs, size_t b, size_t e, Frame& k, Frame& fCaller)
	{
		if (kParam.iPtr || !kParam.aDims.empty() || !kParam.aArgs.empty() || k.kTemplate.count(kParam.sName)
			|| std::find(m.aTemplate.begin(), m.aTemplate.end(), kParam.sName) == m.aTemplate.end())
			return;
		const TypeRef kArg = writtenType(aArgs, b, e, fCaller);
		if (kArg.bValid && kArg.aDims.empty()) k.kTemplate[kParam.sName] = kArg;
	}

	// Whether the parameter a[b, e) is a reference to what is not const (int& x, T &x).
	static bool isOutReference(const Toks& a, size_t b, size_t e)
	{
		bool bRef = false;
		for (size_t j = b; j < e && a[j].s != "="; ++j)
		{
			if (a[j].s == "const") return false;
			if (a[j].s == "&") bRef = true;
		}
		return bRef;
	}

	// The template parameters of sOwner, a base of sFrom (whose own are bound in kTemplate), bound from
	// the arguments sFrom gives its base and the base's defaults (class T_SUBSET = IndexType), added to
	// kTemplate. False if sOwner is no base of sFrom.
	bool bindBaseTemplate(
		const std::string& sFrom, const std::string& sOwner, std::map<std::string, TypeRef>& kTemplate, int iDepth = 0)
	{
		if (sFrom == sOwner) return true;
		const ClassDef* c = m_t.findClass(sFrom);
		if (!c || iDepth > 8) return false;
		for (const auto& [sBase, aArgs] : c->aBaseArgs)
		{
			const ClassDef* pBase = m_t.findClass(sBase);
			if (!pBase) continue;
			Frame kFrom, kBase;
			kFrom.kTemplate = kTemplate;
			for (size_t n = 0; n < pBase->aTemplateParams.size(); ++n)
			{
				const ClassDef::TemplateParam& kParam = pBase->aTemplateParams[n];
				const bool bGiven = n < aArgs.size();
				const Toks& aArg = bGiven ? aArgs[n] : kParam.aDefault;
				size_t j = 0;
				if (!kParam.bType)
				{
					// a value (int DEFAULT): its argument evaluated, kept as its number
					const Value v = aArg.empty() ? Value() : expr(aArg, j, aArg.size(), bGiven ? kFrom : kBase, 0);
					if (v.eKind == Value::Int && j == aArg.size()) kBase.kTemplate[kParam.sName] = valueArgument(v.i);
					continue;
				}
				const TypeRef k = parseType(aArg, j, aArg.size());
				if (k.bValid && j == aArg.size()) kBase.kTemplate[kParam.sName] = resolve(k, bGiven ? kFrom : kBase);
			}
			if (bindBaseTemplate(sBase, sOwner, kBase.kTemplate, iDepth + 1))
			{
				for (const auto& [sName, kType] : kBase.kTemplate) kTemplate[sName] = kType;
				return true;
			}
		}
		return false;
	}

	// A class template's value parameter bound to i: kept with its type parameters, as the number.
	static TypeRef valueArgument(long long i)
	{
		TypeRef k;
		k.sName = std::to_string(i);
		k.bValid = true;
		return k;
	}
	// The value a class template's value parameter sName is bound to in f; false if it is none.
	static bool boundValue(const Frame& f, const std::string& sName, long long& i)
	{
		auto it = f.kTemplate.find(sName);
		if (it == f.kTemplate.end() || it->second.sName.empty()) return false;
		const std::string& s = it->second.sName;
		if (!(std::isdigit(static_cast<unsigned char>(s[0])) || (s[0] == '-' && s.size() > 1))) return false;
		i = std::stoll(s);
		return true;
	}

	// The class template type k with the arguments it leaves out given their defaults
	// (FFreeListTrashArray<CvDeal> is FFreeListTrashArray<CvDeal, CvDeal> for template <class T, class
	// AIType = T>), each default resolved with the parameters before it bound.
	TypeRef withDefaultArguments(TypeRef k) const
	{
		const ClassDef* c = k.aArgs.empty() ? nullptr : m_t.findClass(k.sName);
		if (!c || k.aArgs.size() >= c->aTemplateParams.size()) return k;
		Frame kBound;
		for (size_t n = 0; n < c->aTemplateParams.size(); ++n)
		{
			const ClassDef::TemplateParam& kParam = c->aTemplateParams[n];
			if (n >= k.aArgs.size())
			{
				size_t j = 0;
				const TypeRef kDefault =
					kParam.bType ? parseType(kParam.aDefault, j, kParam.aDefault.size()) : TypeRef();
				if (!kDefault.bValid || j != kParam.aDefault.size()) break;
				k.aArgs.push_back(resolve(kDefault, kBound));
			}
			kBound.kTemplate[kParam.sName] = k.aArgs[n];
		}
		return k;
	}

	// The class that the resolved type k names: a specialisation written with a typedef's name
	// (Traits<byte> for Traits<unsigned char>) is found by its arguments resolved; else k as text.
	std::string specialisationFor(const TypeRef& k) const
	{
		std::string sText = typeText(k);
		if (m_t.findClass(sText) || k.aArgs.empty()) return sText;
		if (m_t.kSpecialisations.empty())
		{
			Frame kNone;
			for (const auto& [sName, c] : m_t.kClasses)
			{
				(void)c;
				const size_t iLt = sName.find('<');
				if (iLt == std::string::npos) continue;
				Toks aName;
				tokenize(sName, 0, aName);
				size_t j = 0;
				const TypeRef kSpec = parseType(aName, j, aName.size());
				if (kSpec.bValid && j == aName.size())
					m_t.kSpecialisations.emplace(typeText(resolve(kSpec, kNone)), sName);
			}
			m_t.kSpecialisations.emplace("", ""); // built
		}
		auto it = m_t.kSpecialisations.find(sText);
		return it == m_t.kSpecialisations.end() ? sText : it->second;
	}

	// A value converted to the scalar type k (its bits cut and sign extended as the compiler does).
	Value castTo(const TypeRef& k, Value v, Frame& f) const
	{
		bool bUnsigned = false;
		const int iSize = elementSize(resolve(k, f), bUnsigned);
		if (v.eKind == Value::Int && iSize > 0 && iSize < 8)
		{
			const unsigned long long iMask = (1ull << (8 * iSize)) - 1;
			const unsigned long long u = static_cast<unsigned long long>(v.i) & iMask;
			v.i = !bUnsigned && (u >> (8 * iSize - 1)) ? static_cast<long long>(u | ~iMask) : static_cast<long long>(u);
		}
		return v;
	}

	// The type of the expression a[b, e) as written: a cast's, a variable's or a member's; invalid if
	// it is none of those.
	TypeRef writtenType(const Toks& a, size_t b, size_t e, Frame& f)
	{
		TypeRef kCast;
		size_t iAfter = 0;
		if (looksLikeCast(a, b, e, f, kCast, iAfter)) return resolve(kCast, f);
		if (b + 1 < e && (a[b].s == "static_cast" || a[b].s == "reinterpret_cast") && a[b + 1].s == "<")
		{
			size_t j = b + 2;
			return resolve(parseType(a, j, e), f);
		}
		size_t j = b;
		const Place p = place(a, j, e, f);
		return p.bValid && j == e ? resolve(p.kType, f) : TypeRef();
	}

	// Whether the function m can be called with n arguments (those past n have defaults).
	bool acceptsArguments(const Function& m, size_t n) const
	{
		const Toks& t = m_t.aFiles[size_t(m.iFile)].aToks;
		std::vector<std::pair<size_t, size_t>> aParams = parameterRanges(t, m.iParams, m.iParamsEnd);
		if (aParams.size() == 1 && t[aParams[0].first].s == "void" && aParams[0].second == aParams[0].first + 1)
			aParams.clear();
		if (n > aParams.size()) return false;
		for (size_t j = n; j < aParams.size(); ++j)
			if (findTop(t, aParams[j].first, aParams[j].second, "=") == std::string::npos) return false;
		return true;
	}

	// The free function sName called with the arguments a[b, e): the only one of that name, or the
	// overload whose first parameter has the type of the first argument as written; null if none.
	const Function* freeFunction(const std::string& sName, const Toks& a, size_t b, size_t e, Frame& f)
	{
		auto it = m_t.kFunctions.find(sName);
		if (it == m_t.kFunctions.end()) return nullptr;
		std::vector<const Function*> aFree;
		for (const Function& fn : it->second)
			if (fn.sClass.empty()) aFree.push_back(&fn);
		if (aFree.size() <= 1) return aFree.empty() ? nullptr : aFree[0];
		// overloads that take as many arguments as given (SetBit(x, i) and SetBit(x, i, b))
		const size_t nArgs = parameterRanges(a, b, e).size();
		std::vector<const Function*> aFit;
		for (const Function* fn : aFree)
			if (acceptsArguments(*fn, nArgs)) aFit.push_back(fn);
		if (aFit.size() == 1) return aFit[0];
		if (!aFit.empty()) aFree = aFit;
		size_t iComma = findTop(a, b, e, ",");
		if (iComma == std::string::npos) iComma = e;
		const TypeRef kArg = writtenType(a, b, iComma, f);
		if (!kArg.bValid) return nullptr;
		Frame kNone;
		for (const Function* fn : aFree)
		{
			const Toks& t = m_t.aFiles[size_t(fn->iFile)].aToks;
			size_t iEnd = findTop(t, fn->iParams, fn->iParamsEnd, ",");
			if (iEnd == std::string::npos) iEnd = fn->iParamsEnd;
			size_t j = fn->iParams;
			const TypeRef kParam = parseType(t, j, iEnd);
			if (kParam.bValid && typeText(resolve(kParam, kNone)) == typeText(kArg)) return fn;
		}
		return nullptr;
	}

	// The default argument of parameter j of the method m (of n parameters) as its class declares it
	// (a method defined out of line has its defaults in the class only).
	Value declaredDefault(const Function& m, size_t j, size_t n, Frame& k)
	{
		const Value kNone = Value::unknown("no argument is given for parameter " + std::to_string(j + 1) + " of "
			+ m.sName + "() and no default the deriver can find");
		const ClassDef* c = m.sClass.empty() ? nullptr : m_t.findClass(m.sClass);
		if (!c) return kNone;
		auto it = c->kDeclarations.find(m.sName.substr(m.sName.rfind(':') + 1));
		if (it == c->kDeclarations.end()) return kNone;
		const Toks& a = m_t.aFiles[size_t(c->iFile)].aToks;
		for (const auto& [b, e] : it->second)
		{
			const std::vector<std::pair<size_t, size_t>> aParams = parameterRanges(a, b, e);
			std::vector<Declarator> aDecl;
			if (aParams.size() != n || !parseDeclaration(a, aParams[j].first, aParams[j].second, aDecl)
				|| aDecl.size() != 1 || !aDecl[0].iInit)
				continue;
			size_t i = aDecl[0].iInit;
			return expr(a, i, aDecl[0].iInitEnd, k, 0);
		}
		return kNone;
	}

	Value primary(const Toks& a, size_t& i, size_t e, Frame& f)
	{
		// this->method(...): the method of this object
		if (a[i].s == "this" && i + 3 < e && a[i + 1].s == "->" && a[i + 2].k == 'i' && a[i + 3].s == "(") i += 2;
		const Tok& t = a[i];
		if (t.s == "(")
		{
			const size_t iClose = matchClose(a, i);
			if (iClose == std::string::npos || iClose >= e) return Value::unknown("an unbalanced '('");
			size_t j = i + 1;
			Value v = expr(a, j, iClose, f, 0);
			i = iClose + 1;
			return v;
		}
		if (t.k == 'n')
		{
			++i;
			std::string s = t.s;
			while (!s.empty() && (s.back() == 'u' || s.back() == 'U' || s.back() == 'l' || s.back() == 'L'))
				s.pop_back();
			if (s.find('.') != std::string::npos
				|| ((s.find('e') != std::string::npos || s.find('f') != std::string::npos)
					&& s.compare(0, 2, "0x") != 0))
				return Value::unknown("a floating-point number");
			return Value::of(std::strtoll(s.c_str(), nullptr, 0));
		}
		if (t.k == 'c')
		{
			++i;
			return Value::of(t.s.size() >= 3 ? static_cast<unsigned char>(t.s[1]) : 0);
		}
		if (t.k == 's')
		{
			++i;
			Value v;
			v.eKind = Value::Str;
			v.s = t.s.substr(1, t.s.size() - 2);
			return v;
		}
		if (t.k != 'i')
		{
			++i;
			return Value::unknown("'" + t.s + "' where a value belongs");
		}
		if (t.s == "sizeof")
		{
			++i;
			if (i < e && a[i].s == "(")
			{
				const size_t iOpenSize = i;
				const size_t iClose = matchClose(a, i);
				size_t j = i + 1;
				TypeRef k = parseType(a, j, iClose);
				i = iClose + 1;
				// sizeof(m_x) / sizeof(x): the size of a member's or a local's type
				size_t n = iOpenSize + 1;
				TypeRef kMember;
				const bool bVariable =
					f.kLocals.count(a[n].s) || (!f.sClass.empty() && memberType(f.sClass, a[n].s, kMember, {}));
				const Place p = bVariable ? place(a, n, iClose, f) : Place();
				if (p.bValid && n == iClose) k = p.kType;
				if (k.bValid && (j == iClose || (p.bValid && n == iClose)) && (p.bValid || !f.kLocals.count(k.sName)))
				{
					const long long n = sizeOf(k, f);
					if (n < 0) return Value::unknown("sizeof(" + typeText(k) + ") cannot be computed");
					return Value::of(n);
				}
				size_t j2 = iClose;
				(void)j2;
			}
			return Value::unknown("a sizeof of an expression");
		}
		if (t.s == "true" || t.s == "false")
		{
			++i;
			return Value::of(t.s == "true");
		}
		if (t.s == "NULL")
		{
			++i;
			return Value::of(0);
		}
		if (i + 1 < e && a[i + 1].s == "." && !f.kLocals.count(t.s) && m_t.kGlobalVariables.count(t.s)
			&& m_t.kGlobalVariables.at(t.s).sName == "CvGlobals" && !m_t.kGlobalVariables.at(t.s).iPtr)
		{
			++i;
			Value v;
			v.eKind = Value::Globals;
			return v;
		}
		// static_cast<T>(x) (and reinterpret_cast, const_cast): x as a T
		if ((t.s == "static_cast" || t.s == "reinterpret_cast" || t.s == "const_cast") && i + 1 < e
			&& a[i + 1].s == "<")
		{
			const size_t iGt = matchClose(a, i + 1);
			const size_t iClose = iGt != std::string::npos && iGt + 1 < e && a[iGt + 1].s == "("
				? matchClose(a, iGt + 1)
				: std::string::npos;
			if (iClose == std::string::npos || iClose >= e) return Value::unknown("a cast the deriver cannot parse");
			size_t j = i + 2;
			const TypeRef kCast = parseType(a, j, iGt);
			size_t n = iGt + 2;
			const Value v = expr(a, n, iClose, f, 0);
			i = iClose + 1;
			return kCast.bValid && j == iGt ? castTo(kCast, v, f) : Value::unknown("a cast to what is not a type");
		}
		if (t.s == "GC" && i + 1 < e && a[i + 1].s == ".") // or a global CvGlobals object (gGlobals)
		{
			++i;
			Value v;
			v.eKind = Value::Globals;
			return v;
		}
		if (t.s == "new")
		{
			// new T / new T[n] / new T(args): an object of its own (or an array nobody reads back)
			++i;
			size_t j = i;
			TypeRef k = parseType(a, j, e);
			i = e;
			Value v = Value::unknown("a new object");
			v.kType = k;
			return v;
		}
		// std::min, std::max, abs (and the unqualified min and max of the Windows headers)
		{
			const size_t iName = t.s == "std" && i + 2 < e && a[i + 1].s == "::" ? i + 2 : i;
			const TokText& sName = a[iName].s;
			if ((sName == "min" || sName == "max" || sName == "abs") && iName + 1 < e && a[iName + 1].s == "("
				&& (iName != i || f.sClass.empty() || !m_t.findMethod(f.sClass, sName, false)))
			{
				const size_t iClose = matchClose(a, iName + 1);
				if (iClose == std::string::npos || iClose >= e) return Value::unknown("an unbalanced call");
				i = iClose + 1;
				return standardCall(sName, a, iName + 2, iClose, f);
			}
			if (iName != i && sName == "fill_n" && iName + 1 < e && a[iName + 1].s == "(")
			{
				const size_t iClose = matchClose(a, iName + 1);
				if (iClose == std::string::npos || iClose >= e) return Value::unknown("an unbalanced call");
				i = iClose + 1;
				fillN(a, iName + 2, iClose, f);
				return Value::unknown("std::fill_n returns an iterator the deriver does not follow");
			}
		}
		// name<ARGS>(...): a method template of this class, run (its specialisation chosen by the values)
		if (i + 1 < e && a[i + 1].s == "<" && !f.sClass.empty() && !f.kLocals.count(t.s))
		{
			const size_t iGt = matchClose(a, i + 1);
			if (iGt != std::string::npos && iGt + 1 < e && a[iGt + 1].s == "("
				&& !m_t.methodsNamed(f.sClass, t.s).empty())
			{
				const size_t iClose = matchClose(a, iGt + 1);
				if (iClose == std::string::npos || iClose >= e) return Value::unknown("an unbalanced call");
				std::vector<long long> aValues;
				std::string sWhyNot;
				const Function* m = chooseTemplateMethod(a, i, iGt + 1, f, aValues, sWhyNot);
				const size_t iArgs = iGt + 2;
				i = iClose + 1;
				if (!m)
				{
					m_bCallNotRun = true;
					return Value::unknown(sWhyNot);
				}
				Frame k = templateMethodFrame(*m, aValues, f);
				return evalCall(*m, k, a, iArgs, iClose, f);
			}
		}
		// a call: a method of this class or a free function, evaluated if its body is a return
		if (i + 1 < e && a[i + 1].s == "(")
		{
			const size_t iClose = matchClose(a, i + 1);
			if (iClose == std::string::npos || iClose >= e) return Value::unknown("an unbalanced call");
			const std::string sName = t.s;
			const size_t iArgs = i + 2;
			i = iClose + 1;
			if (m_t.kFunctionMacros.count(sName)) return Value::unknown("the macro " + sName + "() is not followed");
			const Function* m = f.sClass.empty() ? nullptr : m_t.findMethod(f.sClass, sName, false);
			if (m)
			{
				Frame k;
				k.sClass = f.sClass;
				k.kTemplate = f.kTemplate;
				k.pRecord = f.pRecord;
				k.iDepth = f.iDepth + 1;
				return evalCall(*m, k, a, iArgs, iClose, f);
			}
			const Function* pFree = freeFunction(sName, a, iArgs, iClose, f);
			if (pFree)
			{
				Frame k;
				k.iDepth = f.iDepth + 1;
				return evalCall(*pFree, k, a, iArgs, iClose, f);
			}
			return Value::unknown(
				sName + "() is not a method of " + (f.sClass.empty() ? std::string("this") : f.sClass));
		}
		// a class's constant: NAME in its own or a base's scope, Traits<ARGS>::NAME in a specialisation's
		{
			size_t j = i;
			Value v;
			if (classConstantValue(a, j, e, f, v))
			{
				i = j;
				return v;
			}
		}
		// a function of a namespace: Space::name(...) (a namespace's functions are kept at file scope)
		if (i + 3 < e && a[i + 1].s == "::" && a[i + 2].k == 'i' && a[i + 3].s == "(" && !m_t.findClass(t.s))
		{
			const size_t iClose = matchClose(a, i + 3);
			const Function* pFree =
				iClose == std::string::npos || iClose >= e ? nullptr : freeFunction(a[i + 2].s, a, i + 4, iClose, f);
			if (pFree)
			{
				const size_t iArgs = i + 4;
				i = iClose + 1;
				Frame k;
				k.iDepth = f.iDepth + 1;
				return evalCall(*pFree, k, a, iArgs, iClose, f);
			}
		}
		// a qualified constant: Class::NAME or Enum::NAME
		if (i + 2 < e && a[i + 1].s == "::" && a[i + 2].k == 'i')
		{
			const std::string sName = a[i + 2].s;
			i += 3;
			if (isConstant(sName))
			{
				try
				{
					return Value::of(constant(sName, whereTok(f, a, i - 1)));
				}
				catch (const LayoutError& e)
				{
					return Value::unknown(e.what());
				}
			}
			if (i < e && a[i].s == "(" && m_t.findClass(t.s) && m_t.findMethod(t.s, sName, false))
				return Value::unknown(t.s + "::" + sName
					+ "() is a static method, which the deriver does not run (it reads each team and player on its "
					  "own, without the others)");
			return Value::unknown(t.s + "::" + sName + " is not a constant");
		}
		// a variable or a member
		{
			size_t j = i;
			Place p = place(a, j, e, f);
			if (p.bValid)
			{
				i = j;
				// a container's size, as resize(), clear() and push_back() left it
				if (isContainer(p.kType) && i + 3 < e && (a[i].s == "." || a[i].s == "->")
					&& (a[i + 1].s == "size" || a[i + 1].s == "empty") && a[i + 2].s == "(" && a[i + 3].s == ")")
				{
					const bool bEmpty = a[i + 1].s == "empty";
					i += 4;
					const Value v = loadSize(p, f);
					return bEmpty && v.eKind == Value::Int ? Value::of(v.i == 0) : v;
				}
				// an assignment
				if (i < e
					&& (a[i].s == "=" || a[i].s == "+=" || a[i].s == "-=" || a[i].s == "|=" || a[i].s == "&="
						|| a[i].s == "^=" || a[i].s == "<<=" || a[i].s == ">>=" || a[i].s == "*=" || a[i].s == "/="))
				{
					const TokText op = a[i].s;
					++i;
					Value y = expr(a, i, e, f, 0);
					if (op != "=")
					{
						Value x = load(p, f);
						long long r = 0;
						const TokText sOp(op.substr(0, op.size() - 1));
						if (x.eKind == Value::Int && y.eKind == Value::Int && applyBinary(sOp, x.i, y.i, r))
							y = Value::of(r);
						else
							y = Value::unknown(p.sKey + " " + op + " an unknown value");
					}
					if (y.eKind == Value::Unknown && y.kType.bValid && isObjectType(resolve(y.kType, f)))
						y = newObject(resolve(y.kType, f), f);
					store(p, f, y);
					return y;
				}
				if (i < e && (a[i].s == "++" || a[i].s == "--"))
				{
					Value x = load(p, f);
					Value y = x;
					if (y.eKind == Value::Int) y.i += a[i].s == "++" ? 1 : -1;
					store(p, f, y);
					++i;
					return x;
				}
				Value v = load(p, f);
				// a member object (not a pointer: what a pointer member points to is not known here)
				if (v.eKind == Value::Obj || (v.eKind == Value::Unknown && p.kType.iPtr == 0 && isObjectType(p.kType)))
				{
					if (v.eKind != Value::Obj && !p.bLocal && p.pObj)
					{
						v.eKind = Value::Obj;
						v.pObj = memberObject(p, f);
					}
					v.kType = p.kType;
				}
				return v;
			}
		}
		if (isConstant(t.s))
		{
			++i;
			try
			{
				return Value::of(constant(t.s, whereTok(f, a, i - 1)));
			}
			catch (const LayoutError& e)
			{
				return Value::unknown(e.what());
			}
		}
		long long iBound = 0;
		if (boundValue(f, t.s, iBound))
		{
			++i;
			return Value::of(iBound);
		}
		++i;
		return Value::unknown("'" + t.s + "' is neither a variable, a member nor a constant of the tree");
	}

	// ----- objects -----
	bool isObjectType(const TypeRef& k) const
	{
		if (k.sName.empty() || stringKind(k.sName)) return false;
		bool bU = false;
		if (scalarSize(k.sName, bU) || isEnum(k.sName)) return false;
		return m_t.findClass(k.sName) != nullptr;
	}

	// The element class of a member or local object type: T for T, T*, T[n].
	TypeRef objectClass(TypeRef k) const
	{
		k.iPtr = 0;
		k.aDims.clear();
		return k;
	}

	Value newObject(const TypeRef& kType, Frame& f)
	{
		auto r = std::make_shared<LayoutRecord>();
		r->sClass = objectClass(kType).sName;
		LayoutRecord* p = r.get();
		if (f.pRecord)
			f.pRecord->kChildren["items"].push_back(r);
		else
			m_aOrphans.push_back(r);
		Value v;
		v.eKind = Value::Obj;
		v.pObj = p;
		v.kType = kType;
		return v;
	}

	// The record a member object reads into: a new child of the frame's record under its root name.
	LayoutRecord* childOf(const Place& p, Frame& f, const TypeRef& kType)
	{
		auto r = std::make_shared<LayoutRecord>();
		r->sClass = objectClass(kType).sName;
		LayoutRecord* pOut = r.get();
		LayoutRecord* pParent = p.pObj ? p.pObj : f.pRecord;
		if (pParent)
			pParent->kChildren[p.bLocal ? p.sSub : p.sRoot].push_back(r);
		else
			m_aOrphans.push_back(r);
		return pOut;
	}

	// A new object's default constructors run on its record, its bases' first (their initialiser lists
	// are not followed; what their bodies set is kept).
	void construct(const TypeRef& k, LayoutRecord& r, Frame& f)
	{
		std::map<std::string, TypeRef> kTemplate;
		const ClassDef* c = m_t.findClass(k.sName);
		for (size_t j = 0; c && j < c->aTemplate.size() && j < k.aArgs.size(); ++j)
			kTemplate[c->aTemplate[j]] = k.aArgs[j];
		constructAs(k.sName, k.sName, kTemplate, r, f, 0);
	}

	// The default constructor of sClass (sDerived or a base of it, whose template parameters are bound in
	// kTemplate) run on r, its bases' first.
	void constructAs(const std::string& sDerived, const std::string& sClass,
		const std::map<std::string, TypeRef>& kTemplate, LayoutRecord& r, Frame& f, int iDepth)
	{
		const ClassDef* c = m_t.findClass(sClass);
		if (!c || iDepth > 8) return;
		for (const std::string& sBase : c->aBases) constructAs(sDerived, sBase, kTemplate, r, f, iDepth + 1);
		const std::string sOwn = sClass.substr(sClass.rfind(':') == std::string::npos ? 0 : sClass.rfind(':') + 1);
		for (const Function* m : m_t.methodsNamed(sClass, sOwn))
		{
			if (m->sClass != sClass || m->iParams != m->iParamsEnd) continue;
			Frame kFrame;
			kFrame.sClass = sClass;
			kFrame.kTemplate = kTemplate;
			if (sClass != sDerived) bindBaseTemplate(sDerived, sClass, kFrame.kTemplate);
			kFrame.pRecord = &r;
			kFrame.iDepth = f.iDepth + 1;
			const Toks& a = m_t.aFiles[size_t(m->iFile)].aToks;
			evalCall(*m, kFrame, a, m->iParams, m->iParams, f);
			return;
		}
	}

	// The record of a member object used as a value (m_kMap.get(i)): the one it was last read into
	// (not an element of an array of them), else a new one.
	LayoutRecord* memberObject(const Place& p, Frame& f)
	{
		if (!p.bIndexed)
		{
			auto it = p.pObj->kChildren.find(p.sRoot);
			if (it != p.pObj->kChildren.end() && !it->second.empty()) return it->second.back().get();
		}
		return childOf(p, f, resolve(p.kType, f));
	}

	// ----- statements -----
	Flow run(const Stmt& s, Frame& f)
	{
		if (++m_iSteps > m_iMaxSteps)
			fail(where(f, s.iLine), "the read does not end (more steps than the data can hold)");
		const Toks& a = toks(f);
		m_pWhereFunc = f.pFunc;
		m_iWhereLine = s.iLine;
		switch (s.eKind)
		{
		case Stmt::Block:
			for (const Stmt& k : s.aKids)
			{
				const Flow e = run(k, f);
				if (e != Flow::Normal) return e;
			}
			return Flow::Normal;
		case Stmt::If:
		{
			size_t i = s.b;
			const Value v = expr(a, i, s.e, f, 0);
			if (v.eKind != Value::Int && v.eKind != Value::Obj)
			{
				if (s.bStream)
					fail(where(f, s.iLine),
						"the condition (" + joinToks(a, s.b, s.e) + ") of a branch that reads cannot be evaluated"
							+ why(v));
				const Unfollowed kWhy{ &s, &v };
				for (const Stmt& k : s.aKids) forget(k, f, &kWhy);
				return Flow::Normal;
			}
			const bool bTrue = v.eKind == Value::Obj || v.i != 0;
			if (bTrue) return run(s.aKids[0], f);
			if (s.aKids.size() > 1) return run(s.aKids[1], f);
			return Flow::Normal;
		}
		case Stmt::For:
		case Stmt::While:
		case Stmt::Do:
		{
			if (!s.bStream && !assignsScalar(s.aKids[0], a) && !callsMemberMethod(s.aKids[0], a, f))
			{
				// a loop that does not read, sets no single variable and calls no method of a member
				// object (it fills arrays): its values cannot steer a read; what it may assign is forgotten
				forget(s, f);
				return Flow::Normal;
			}
			if (s.eKind == Stmt::For && s.e > s.b) simple(a, s.b, s.e, f, s.iLine);
			bool bFirst = true;
			for (;;)
			{
				if (!(s.eKind == Stmt::Do && bFirst))
				{
					const size_t b = s.eKind == Stmt::For ? s.b2 : s.b;
					const size_t e = s.eKind == Stmt::For ? s.e2 : s.e;
					if (e > b)
					{
						size_t i = b;
						const Value v = expr(a, i, e, f, 0);
						if (v.eKind != Value::Int)
						{
							if (s.bStream)
								fail(where(f, s.iLine),
									"the loop condition (" + joinToks(a, b, e)
										+ ") of a loop that reads cannot be evaluated" + why(v));
							forget(s, f);
							return Flow::Normal;
						}
						if (!v.i) break;
					}
				}
				bFirst = false;
				if (++m_iSteps > m_iMaxSteps)
					fail(where(f, s.iLine), "the loop does not end (more steps than the data can hold)");
				const Flow e = run(s.aKids[0], f);
				if (e == Flow::Break) break;
				if (e == Flow::Return) return e;
				if (s.eKind == Stmt::For && s.e3 > s.b3) simple(a, s.b3, s.e3, f, s.iLine);
				if (!s.bStream && f.bEffectsOnly && m_iLoopBudget-- <= 0)
				{
					forget(s, f);
					break;
				}
			}
			return Flow::Normal;
		}
		case Stmt::Return:
			if (s.e > s.b)
			{
				size_t i = s.b;
				m_kReturn = expr(a, i, s.e, f, 0);
			}
			return Flow::Return;
		case Stmt::Break: return Flow::Break;
		case Stmt::Continue: return Flow::Continue;
		case Stmt::Switch: return runSwitch(s, f);
		case Stmt::Other:
			if (s.bStream) fail(where(f, s.iLine), "cannot follow '" + a[s.b].s + "' around a read");
			forget(s, f);
			return Flow::Normal;
		case Stmt::Simple:
			if (s.bStream)
				streamStatement(a, s.b, s.e, f, s.iLine);
			else
				simple(a, s.b, s.e, f, s.iLine);
			return Flow::Normal;
		}
		return Flow::Normal;
	}

	// A switch: the statements from the label that matches its value (else from 'default') up to a
	// 'break' or the end of its body.
	Flow runSwitch(const Stmt& s, Frame& f)
	{
		const Toks& a = toks(f);
		auto unknown = [&](const std::string& sWhat, const Value& v) {
			if (s.bStream) fail(where(f, s.iLine), sWhat + " of a switch that reads cannot be evaluated" + why(v));
			forget(s, f);
			return Flow::Normal;
		};
		size_t i = s.b;
		const Value v = expr(a, i, s.e, f, 0);
		if (v.eKind != Value::Int) return unknown("the value (" + joinToks(a, s.b, s.e) + ")", v);
		size_t iStart = s.aKids.size() + 1; // none
		for (const Stmt::Case& k : s.aCases)
		{
			if (k.e == k.b)
			{
				if (iStart > s.aKids.size()) iStart = k.iKid;
				continue;
			}
			size_t j = k.b;
			const Value kLabel = expr(a, j, k.e, f, 0);
			if (kLabel.eKind != Value::Int) return unknown("the label 'case " + joinToks(a, k.b, k.e) + "'", kLabel);
			if (kLabel.i == v.i)
			{
				iStart = k.iKid;
				break;
			}
		}
		for (size_t iKid = iStart; iKid < s.aKids.size(); ++iKid)
		{
			const Flow e = run(s.aKids[iKid], f);
			if (e == Flow::Break) return Flow::Normal;
			if (e != Flow::Normal) return e;
		}
		return Flow::Normal;
	}

	// ----- standard containers: only their sizes are followed -----
	static bool isContainer(const TypeRef& k)
	{
		return k.iPtr == 0 && k.aDims.empty()
			&& (k.sName == "vector" || k.sName == "deque" || k.sName == "list" || k.sName == "std::vector");
	}

	// Where a container's size is kept: beside it, as "NAME.size()".
	static Place sizePlace(Place p)
	{
		if (p.bLocal && p.sSub.empty())
			p.sRoot += ".size()";
		else
		{
			p.sKey += ".size()";
			p.sSub += ".size()";
		}
		p.bIndexed = false;
		return p;
	}

	Value loadSize(const Place& p, Frame& f)
	{
		const Place q = sizePlace(p);
		if (q.bLocal && q.sSub.empty())
		{
			auto it = f.kLocals.find(q.sRoot);
			if (it == f.kLocals.end()) return Value::unknown("the size of " + p.sKey + " is not known here");
			return it->second.v;
		}
		return load(q, f);
	}

	// c.resize(n), c.assign(n, x), c.clear(), c.push_back(x), c.pop_back(): the size they leave;
	// any other method leaves it unknown.
	void containerCall(const Place& p, const std::string& sMethod, const Toks& a, size_t b, size_t e, Frame& f)
	{
		Value v = Value::unknown(p.sKey + "." + sMethod + "() changes its size where the deriver does not follow");
		if (sMethod == "clear")
			v = Value::of(0);
		else if ((sMethod == "resize" || sMethod == "assign") && b < e)
		{
			size_t iComma = findTop(a, b, e, ",");
			if (iComma == std::string::npos) iComma = e;
			size_t i = b;
			v = expr(a, i, iComma, f, 0);
		}
		else if (sMethod == "push_back" || sMethod == "push_front" || sMethod == "pop_back" || sMethod == "pop_front")
		{
			v = loadSize(p, f);
			if (v.eKind == Value::Int) v.i += sMethod.compare(0, 4, "push") == 0 ? 1 : -1;
		}
		else if (sMethod == "reserve" || sMethod == "begin" || sMethod == "end" || sMethod == "size")
			return; // the size stays
		const Place q = sizePlace(p);
		if (q.bLocal && q.sSub.empty())
			f.kLocals[q.sRoot].v = v;
		else
			store(q, f, v);
	}

	// The members of sClass (or its bases) that the method m may change: those its body assigns,
	// increments, takes the address of, passes to a call or calls a method of, and those the methods of
	// the class it calls may change in turn. Null if that cannot be told (it passes 'this' on, calls
	// too deep). Remembered by method and class.
	const std::vector<std::string>* membersChanged(const Function& m, const std::string& sClass)
	{
		const auto kKey = std::make_pair(&m, sClass);
		auto it = m_kMembersChanged.find(kKey);
		if (it != m_kMembersChanged.end()) return it->second.first ? &it->second.second : nullptr;
		std::set<std::string> kOut, kSeen;
		const bool bKnown = scanMembersChanged(m, sClass, kOut, kSeen, 0);
		auto& k = m_kMembersChanged[kKey];
		k.first = bKnown;
		k.second.assign(kOut.begin(), kOut.end());
		return bKnown ? &k.second : nullptr;
	}

	bool scanMembersChanged(const Function& m, const std::string& sClass, std::set<std::string>& kOut,
		std::set<std::string>& kSeen, int iDepth)
	{
		if (!kSeen.insert(m.sName + "/" + std::to_string(m.iBody)).second) return true;
		if (iDepth > 6 || m.iFile < 0) return false;
		const Toks& a = m_t.aFiles[size_t(m.iFile)].aToks;
		auto isAssign = [](const TokText& s) {
			return s == "=" || s == "+=" || s == "-=" || s == "|=" || s == "&=" || s == "^=" || s == "<<=" || s == ">>="
				|| s == "*=" || s == "/=" || s == "%=" || s == "++" || s == "--";
		};
		for (size_t i = m.iBody + 1; i < m.iBodyEnd; ++i)
		{
			const Tok& t = a[i];
			if (t.k != 'i') continue;
			const TokText& sPrev = a[i - 1].s;
			if (t.s == "this")
			{
				if (i + 1 < m.iBodyEnd && a[i + 1].s == "->") continue;
				return false; // the object itself passed on
			}
			if (sPrev == "." || sPrev == "::" || (sPrev == "->" && a[i - 2].s != "this")) continue;
			if (i + 1 < m.iBodyEnd && a[i + 1].s == "(")
			{
				for (const Function* pCalled : m_t.methodsNamed(sClass, t.s))
					if (!scanMembersChanged(*pCalled, sClass, kOut, kSeen, iDepth + 1)) return false;
				continue;
			}
			if (!m_t.memberOwner(sClass, t.s).pClass) continue;
			size_t j = i + 1;
			while (j < m.iBodyEnd && a[j].s == "[")
			{
				const size_t iClose = matchClose(a, j);
				if (iClose == std::string::npos || iClose >= m.iBodyEnd) return false;
				j = iClose + 1;
			}
			const TokText& sNext = j < m.iBodyEnd ? a[j].s : a[m.iBodyEnd].s;
			const bool bMethodCall = (sNext == "." || sNext == "->") && j + 2 < m.iBodyEnd && a[j + 2].s == "(";
			const bool bArgument = (sPrev == "(" || sPrev == ",") && (sNext == ")" || sNext == ",");
			if (isAssign(sNext) || sPrev == "++" || sPrev == "--" || sPrev == "&" || bMethodCall || bArgument)
				kOut.insert(t.s);
		}
		return true;
	}

	// The members a call the deriver does not run may change (aMembers, sorted): their values (and
	// their elements' and members') are forgotten, the objects read into them are stale.
	void forgetMembers(LayoutRecord* r, const std::vector<std::string>& aMembers, const StaleCall& kCall)
	{
		for (const std::string& sMember : aMembers) forgetMember(r, sMember, kCall);
		m_kChangedBy[r].emplace_back(&aMembers, kCall);
	}

	void forgetMember(LayoutRecord* r, const std::string& sMember, const StaleCall& kCall)
	{
		for (auto it = r->kValues.lower_bound(sMember); it != r->kValues.end();)
		{
			const std::string& sKey = it->first;
			if (sKey.compare(0, sMember.size(), sMember) != 0) break;
			const char c = sKey.size() > sMember.size() ? sKey[sMember.size()] : '\0';
			if (c == '\0' || c == '[' || c == '.')
				it = r->kValues.erase(it);
			else
				++it;
		}
		m_kStrings.erase(std::make_pair(static_cast<const LayoutRecord*>(r), sMember));
		auto jt = r->kChildren.find(sMember);
		if (jt == r->kChildren.end()) return;
		for (const auto& pChild : jt->second)
		{
			m_kStaleSince[pChild.get()] = ++m_iEpoch;
			m_kStaleCalls[pChild.get()] = kCall;
		}
	}

	static bool hasLoop(const Stmt& s)
	{
		if (s.eKind == Stmt::For || s.eKind == Stmt::While || s.eKind == Stmt::Do) return true;
		for (const Stmt& k : s.aKids)
			if (hasLoop(k)) return true;
		return false;
	}

	// Whether a statement is (or holds) a call m_kX.method(...) of a member object of the frame's class,
	// whose values the run keeps.
	bool callsMemberMethod(const Stmt& s, const Toks& a, const Frame& f) const
	{
		if (s.eKind == Stmt::Simple && s.e > s.b + 3 && a[s.b].k == 'i' && a[s.b + 1].s == "."
			&& m_t.simpleShape(a, s.b, s.e).iDot == s.b + 1 && !f.kLocals.count(a[s.b].s))
		{
			TypeRef k;
			return memberType(f.sClass, a[s.b].s, k, {});
		}
		for (const Stmt& k : s.aKids)
			if (callsMemberMethod(k, a, f)) return true;
		return false;
	}

	// Whether a statement assigns a plain variable or member (not an element of an array).
	static bool assignsScalar(const Stmt& s, const Toks& a)
	{
		auto scan = [&](size_t b, size_t e) {
			for (size_t i = b; i + 1 < e; ++i)
			{
				const TokText& op = a[i + 1].s;
				const bool bAssign = op == "=" || op == "+=" || op == "-=" || op == "|=" || op == "&=" || op == "^="
					|| op == "<<=" || op == ">>=" || op == "++" || op == "--" || op == "*=" || op == "/=";
				if (a[i].k == 'i' && bAssign && (i == 0 || (a[i - 1].s != "." && a[i - 1].s != "->"))) return true;
				if ((a[i].s == "++" || a[i].s == "--") && a[i + 1].k == 'i') return true;
			}
			return false;
		};
		if (scan(s.b, s.e) || scan(s.b2, s.e2) || scan(s.b3, s.e3)) return true;
		for (const Stmt& k : s.aKids)
			if (assignsScalar(k, a)) return true;
		return false;
	}

	// Marks unknown what a statement the interpreter does not run may assign.
	// A branch not taken: its condition and the unknown value it has.
	struct Unfollowed
	{
		const Stmt* pIf;
		const Value* pValue;
	};
	void forget(const Stmt& s, Frame& f, const Unfollowed* pWhy = nullptr)
	{
		const Toks& a = toks(f);
		auto scan = [&](size_t b, size_t e) {
			for (size_t i = b; i + 1 < e; ++i)
			{
				const TokText& op = a[i + 1].s;
				const bool bAssign = op == "=" || op == "+=" || op == "-=" || op == "|=" || op == "&=" || op == "^="
					|| op == "<<=" || op == ">>=" || op == "++" || op == "--" || op == "*=" || op == "/=";
				if (a[i].k == 'i' && bAssign)
				{
					auto it = f.kLocals.find(a[i].s);
					if (it != f.kLocals.end() && it->second.v.eKind != Value::Obj)
						it->second.v = Value::unknown(a[i].s + " is changed where the deriver does not follow"
							+ (pWhy ? ": the condition (" + joinToks(a, pWhy->pIf->b, pWhy->pIf->e) + ") at "
										+ where(f, pWhy->pIf->iLine) + " cannot be evaluated" + why(*pWhy->pValue)
									: std::string()));
					else if (f.pRecord)
						f.pRecord->kValues.erase(a[i].s);
				}
			}
		};
		scan(s.b, s.e);
		scan(s.b2, s.e2);
		scan(s.b3, s.e3);
		for (const Stmt& k : s.aKids) forget(k, f, pWhy);
	}

	// A statement that does not touch the stream: a declaration, an assignment or a call, run for its
	// effect on the values the reads depend on.
	void simple(const Toks& a, size_t b, size_t e, Frame& f, int iLine)
	{
		(void)iLine;
		const SimpleShape& kShape = m_t.simpleShape(a, b, e);
		const bool bDeclaration = kShape.bDeclaration && !f.kLocals.count(a[kShape.iFirstName].s);
		if (bDeclaration)
		{
			const std::vector<Declarator>& aDecl = kShape.aDecl;
			for (const Declarator& d : aDecl)
			{
				Local l;
				l.kType = d.kType;
				const TypeRef r = resolve(d.kType, f);
				if (d.iInit && !d.bCtorArgs)
				{
					size_t i = d.iInit;
					l.v = expr(a, i, d.iInitEnd, f, 0);
				}
				// an object of its own: declared as one, or a pointer given a new one
				const bool bNew =
					r.iPtr == 0 || (d.iInit && joinToks(a, d.iInit, d.iInitEnd).compare(0, 3, "new") == 0);
				if (isObjectType(r) && r.aDims.empty() && l.v.eKind != Value::Obj && bNew)
				{
					l.v = newObject(r, f);
					construct(objectClass(r), *l.v.pObj, f);
				}
				// an array of scalars: its elements are kept in a record of its own ("[3]")
				bool bUnsigned = false;
				if (!r.aDims.empty() && !d.iInit && elementSize(r, bUnsigned) > 0)
				{
					m_aOrphans.push_back(std::make_shared<LayoutRecord>());
					l.v.pObj = m_aOrphans.back().get();
				}
				f.kLocals[d.sName] = l;
			}
			return;
		}
		// a call of a method of another object: obj.method(args)
		const size_t iDot = kShape.iDot;
		if (iDot != std::string::npos && !kShape.bAssigns)
		{
			size_t i = b;
			Place p = place(a, i, iDot, f);
			if (p.bValid && i == iDot && isContainer(p.kType) && iDot + 2 < e && a[iDot + 2].s == "(")
			{
				containerCall(p, a[iDot + 1].s, a, iDot + 3, e - 1, f);
				return;
			}
			if (p.bValid && i == iDot && isObjectType(objectClass(p.kType)))
			{
				LayoutRecord* r = p.bLocal && p.sSub.empty() ? f.kLocals[p.sRoot].v.pObj : nullptr;
				if (!r && p.pObj)
				{
					// the record this member was last read into, or a new one
					const std::string sKey = p.bLocal ? p.sSub : p.sRoot;
					auto& aKids = p.pObj->kChildren[sKey];
					if (aKids.empty()) aKids.push_back(std::make_shared<LayoutRecord>());
					r = aKids.back().get();
				}
				if (r)
				{
					Value kObj;
					kObj.eKind = Value::Obj;
					kObj.pObj = r;
					kObj.kType = objectClass(p.kType);
					const size_t iOpen = iDot + 2;
					callValue(kObj, a[iDot + 1].s, a, iOpen + 1, e - 1, f);
				}
				return;
			}
		}
		if (kShape.bCall)
		{
			// a call for its effect, not run. A method of this object may change any of its members:
			// the values set so far are stale for later conditions. A macro or a free function changes
			// at most what its arguments name: those are forgotten.
			const bool bMethod = !f.sClass.empty()
				&& (m_t.findMethod(f.sClass, a[b].s, false) || m_t.findMethod(f.sClass, a[b].s, true));
			// a method of this object without a loop (a setter, not a reset of whole arrays): run for its
			// effect, unless it cannot be
			const Function* pEffect = bMethod && f.pRecord ? m_t.findMethod(f.sClass, a[b].s, false) : nullptr;
			if (pEffect && !hasLoop(m_t.body(*pEffect)))
			{
				const bool bSaved = m_bCallNotRun;
				m_bCallNotRun = false;
				size_t i = b;
				expr(a, i, e, f, 0);
				const bool bNotRun = m_bCallNotRun;
				m_bCallNotRun = bSaved;
				if (!bNotRun) return;
			}
			if (!bMethod)
			{
				for (size_t j : kShape.aBare)
				{
					auto it = f.kLocals.find(a[j].s);
					if (it != f.kLocals.end() && it->second.v.eKind != Value::Obj)
						it->second.v = Value::unknown(
							a[j].s + " is passed to " + a[b].s + "(), which the deriver does not follow");
					else if (f.pRecord && f.pRecord->kValues.erase(a[j].s))
						noteWrite(f.pRecord, a[j].s);
				}
				return;
			}
			if (f.pRecord)
			{
				const StaleCall kCall{ f.pFunc, a[b].iLine, a[b].s };
				const std::vector<std::string>* pChanged = pEffect ? membersChanged(*pEffect, f.sClass) : nullptr;
				if (pChanged)
					forgetMembers(f.pRecord, *pChanged, kCall);
				else
				{
					m_kStaleSince[f.pRecord] = ++m_iEpoch;
					m_kStaleCalls[f.pRecord] = kCall;
				}
			}
			return;
		}
		size_t i = b;
		expr(a, i, e, f, 0);
	}


	// name<ARGS>(..., stream, ...) at a[b, e): a member function template of this class called with
	// explicit template arguments. The explicit specialisation whose arguments have the values given
	// is run, else the template, its non-type parameters bound to them. False if it is no such call.
	bool callTemplateMethod(const Toks& a, size_t b, size_t iOpen, size_t e, Frame& f, const CodeLine& sWhere)
	{
		if (a[b].k != 'i' || a[b + 1].s != "<" || matchClose(a, b + 1) != iOpen - 1 || f.sClass.empty()) return false;
		std::vector<long long> aValues;
		std::string sWhyNot;
		const Function* pChosen = chooseTemplateMethod(a, b, iOpen, f, aValues, sWhyNot);
		if (!pChosen) fail(sWhere, sWhyNot);
		Frame k = templateMethodFrame(*pChosen, aValues, f);
		bindArgs(*pChosen, k, a, iOpen + 1, e - 1, f);
		call(*pChosen, k);
		return true;
	}

	// The method template name<ARGS> of the frame's class at a[b, iOpen) (iOpen: its call's '('): the
	// explicit specialisation whose arguments have the values given, else the template; aValues gets
	// the arguments' values. Null (and why in sWhyNot) if an argument cannot be evaluated or there is
	// no such template.
	const Function* chooseTemplateMethod(
		const Toks& a, size_t b, size_t iOpen, Frame& f, std::vector<long long>& aValues, std::string& sWhyNot)
	{
		const std::string sName = a[b].s;
		for (size_t j = b + 2; j < iOpen - 1;)
		{
			size_t iComma = findTop(a, j, iOpen - 1, ",");
			if (iComma == std::string::npos) iComma = iOpen - 1;
			size_t i = j;
			const Value v = expr(a, i, iComma, f, 0);
			if (v.eKind != Value::Int)
			{
				sWhyNot = "the template argument " + joinToks(a, j, iComma) + " of " + sName
					+ "<...> cannot be evaluated" + why(v);
				return nullptr;
			}
			aValues.push_back(v.i);
			j = iComma + 1;
		}
		const Function* pGeneric = nullptr;
		for (const Function* m : m_t.methodsNamed(f.sClass, sName))
		{
			if (!m->iSpecArgsEnd)
			{
				if (!pGeneric) pGeneric = m;
				continue;
			}
			const Toks& t = m_t.aFiles[size_t(m->iFile)].aToks;
			bool bSame = true;
			size_t n = 0;
			for (size_t j = m->iSpecArgs; j < m->iSpecArgsEnd && bSame; ++n)
			{
				size_t iComma = findTop(t, j, m->iSpecArgsEnd, ",");
				if (iComma == std::string::npos) iComma = m->iSpecArgsEnd;
				size_t i = j;
				const Value v = expr(t, i, iComma, f, 0);
				bSame = n < aValues.size() && v.eKind == Value::Int && v.i == aValues[n];
				j = iComma + 1;
			}
			if (bSame && n == aValues.size()) return m;
		}
		if (!pGeneric) sWhyNot = "no " + f.sClass + "::" + sName + " template in the tree";
		return pGeneric;
	}

	// The frame a method template runs in: the caller's object, its non-type parameters bound.
	Frame templateMethodFrame(const Function& m, const std::vector<long long>& aValues, const Frame& f) const
	{
		Frame k;
		k.sClass = f.sClass;
		k.kTemplate = f.kTemplate;
		k.pRecord = f.pRecord;
		k.iDepth = f.iDepth + 1;
		for (size_t j = 0; j < m.aValueTemplate.size() && j < aValues.size(); ++j)
		{
			Local l;
			l.kType.sName = "int";
			l.kType.bValid = true;
			l.v = Value::of(aValues[j]);
			k.kLocals[m.aValueTemplate[j]] = l;
		}
		return k;
	}

	// Why a call f<ARGS>(...) at a[b, iOpen) is not followed; empty if it is no such call.
	static std::string templateCallNote(const Toks& a, size_t b, size_t iOpen)
	{
		if (iOpen <= b + 2 || a[iOpen - 1].s != ">") return std::string();
		size_t j = iOpen - 1;
		int iAngle = 0;
		for (; j > b; --j)
		{
			if (a[j].s == ">") ++iAngle;
			if (a[j].s == "<" && --iAngle == 0) break;
		}
		if (j <= b || a[j - 1].k != 'i') return std::string();
		return ": a call of the function template " + a[j - 1].s + " with explicit template arguments "
			+ joinToks(a, j, iOpen) + ", which is no member function template of this class in the tree";
	}

	// ----- the reads -----
	bool isStreamTok(const Toks& a, size_t b, size_t e, const Frame& f) const
	{
		// S, *S, &S, (*S)
		size_t i = b;
		while (i < e && (a[i].s == "*" || a[i].s == "&" || a[i].s == "(")) ++i;
		size_t j = e;
		while (j > i && a[j - 1].s == ")") --j;
		return j == i + 1 && a[i].s == f.sStream;
	}

	// Why an assignment that names the stream cannot be followed; one that keeps the stream itself
	// (m_stream = pStream) reads through a stream wrapper of the tree's own.
	static std::string assignmentStop(const Toks& a, size_t b, size_t iAssign, size_t e, const std::string& sStream)
	{
		const std::string sText = joinToks(a, b, e);
		if (iAssign + 2 == e && a[iAssign + 1].s == sStream)
			return "cannot follow the assignment '" + sText + "': the stream is kept by " + joinToks(a, b, iAssign)
				+ " to be read through later (a stream wrapper of the tree's own, such as a tagged save format), "
				  "and the deriver follows only reads of the stream itself";
		return "cannot follow the assignment '" + sText + "'";
	}

	void streamStatement(const Toks& a, size_t b, size_t e, Frame& f, int iLine)
	{
		const CodeLine sWhere{ f.pFunc, iLine };
		if (f.bEffectsOnly) fail(sWhere, "a read inside a function called for its value");
		const CallShape& kShape = m_t.callShape(a, b, e);
		// LHS = S->ReadString() / ReadWideString()
		const size_t iAssign = kShape.iAssign;
		if (iAssign != std::string::npos)
		{
			const size_t r = iAssign + 1;
			if (r + 4 < e + 1 && a[r].s == f.sStream && (a[r + 1].s == "->" || a[r + 1].s == ".")
				&& (a[r + 2].s == "ReadString" || a[r + 2].s == "ReadWideString") && a[r + 3].s == "("
				&& a[r + 4].s == ")")
			{
				size_t i = b;
				Place p = readPlace(a, i, iAssign, f, sWhere);
				readString(a[r + 2].s == "ReadWideString" ? 2 : 1, p, f, sWhere);
				return;
			}
			fail(sWhere, assignmentStop(a, b, iAssign, e, f.sStream));
		}
		if (e == 0 || a[e - 1].s != ")") fail(sWhere, "cannot follow '" + joinToks(a, b, e) + "'");
		const size_t iOpen = kShape.iOpen;
		if (iOpen > b + 3 && a[iOpen - 1].s == ">" && callTemplateMethod(a, b, iOpen, e, f, sWhere)) return;
		if (iOpen <= b || a[iOpen - 1].k != 'i')
			fail(sWhere, "cannot follow '" + joinToks(a, b, e) + "'" + templateCallNote(a, b, iOpen));
		const std::string& sCallee = a[iOpen - 1].s;
		const std::vector<std::pair<size_t, size_t>>& aArgs = kShape.aArgs;
		// the stream's own methods
		if (iOpen >= b + 3 && (a[iOpen - 2].s == "->" || a[iOpen - 2].s == ".") && isStreamTok(a, b, iOpen - 2, f))
		{
			if (sCallee == "Read") return readCall(a, aArgs, f, sWhere);
			if (sCallee == "ReadString" || sCallee == "ReadWideString")
			{
				if (aArgs.size() == 1)
				{
					size_t i = aArgs[0].first;
					Place p = readPlace(a, i, aArgs[0].second, f, sWhere);
					if (!p.bValid || i != aArgs[0].second)
						fail(sWhere,
							"cannot follow the string read into '" + joinToks(a, aArgs[0].first, aArgs[0].second)
								+ "'");
					return readString(sCallee == "ReadWideString"                        ? 2
							: stringKind(p.kType.sName) == 2 || p.kType.sName == "wchar" ? 2
																						 : 1,
						p, f, sWhere);
				}
				if (aArgs.size() == 2)
				{
					size_t i = aArgs[0].first;
					const Value n = expr(a, i, aArgs[0].second, f, 0);
					if (n.eKind != Value::Int) fail(sWhere, "the count of a string array cannot be evaluated" + why(n));
					i = aArgs[1].first;
					Place p = readPlace(a, i, aArgs[1].second, f, sWhere);
					if (!p.bValid)
						fail(sWhere,
							"cannot follow the string array '" + joinToks(a, aArgs[1].first, aArgs[1].second) + "'");
					TypeRef kElem = p.kType;
					if (!kElem.aDims.empty())
						kElem.aDims.erase(kElem.aDims.begin());
					else if (kElem.iPtr > 0)
						--kElem.iPtr;
					const int iKind = stringKind(kElem.sName);
					if (!iKind) fail(sWhere, "a string array of " + typeText(p.kType));
					if (n.i < 0) m_pStream->fail("a string count of " + std::to_string(n.i));
					for (long long j = 0; j < n.i; ++j) readString(iKind, Place(), f, sWhere);
					return;
				}
			}
			fail(sWhere, "cannot follow the stream call '" + sCallee + "'");
		}
		// the arguments hold the stream: a sub-object's read, a base class's read, a free function
		bool bPassesStream = false;
		for (const auto& [x, y] : aArgs) bPassesStream = bPassesStream || isStreamTok(a, x, y, f);
		if (!bPassesStream)
			fail(sWhere,
				"cannot follow '" + joinToks(a, b, e) + "' (the stream is used in a way the deriver does not know)");
		if (iOpen >= b + 3 && a[iOpen - 2].s == "::" && iOpen - 3 == b)
		{
			// Base::read(pStream): the same object, read as its base class
			const std::string sClass = a[b].s;
			const Function* m = m_t.findMethod(sClass, sCallee, true);
			if (!m) fail(sWhere, "no " + sClass + "::" + sCallee + "(FDataStreamBase) in the tree");
			Frame k;
			k.sClass = sClass;
			k.kTemplate = f.kTemplate;
			k.pRecord = f.pRecord;
			k.iDepth = f.iDepth;
			bindArgs(*m, k, a, iOpen + 1, e - 1, f);
			call(*m, k);
			return;
		}
		if (iOpen >= b + 3 && (a[iOpen - 2].s == "." || a[iOpen - 2].s == "->"))
		{
			size_t i = b;
			Place p = readPlace(a, i, iOpen - 2, f, sWhere);
			if (!p.bValid || i != iOpen - 2)
				fail(
					sWhere, "cannot follow the object '" + joinToks(a, b, iOpen - 2) + "' whose " + sCallee + " reads");
			const TypeRef kClass = objectClass(resolve(p.kType, f));
			if (!m_t.findClass(kClass.sName))
				fail(sWhere, "the class " + typeText(kClass) + " of '" + p.sKey + "' is not in the tree");
			std::string sOwner;
			const Function* m = m_t.findMethod(kClass.sName, sCallee, true, &sOwner);
			if (!m) fail(sWhere, "no " + kClass.sName + "::" + sCallee + "(FDataStreamBase) in the tree");
			LayoutRecord* r = nullptr;
			if (p.bLocal && p.sSub.empty())
			{
				Value& v = f.kLocals[p.sRoot].v;
				if (v.eKind != Value::Obj || !v.pObj)
					v = newObject(kClass, f); // a pointer the deriver did not see given an object
				r = v.pObj;
			}
			if (!r)
			{
				// a member object first used here: as its default constructor left it
				const bool bNew = !p.pObj || !p.pObj->kChildren.count(p.bLocal ? p.sSub : p.sRoot);
				r = childOf(p, f, kClass);
				if (bNew && !p.bIndexed) construct(kClass, *r, f);
			}
			r->sClass = kClass.sName;
			Frame k;
			k.sClass = kClass.sName;
			const ClassDef* c = m_t.findClass(kClass.sName);
			for (size_t j = 0; c && j < c->aTemplate.size() && j < kClass.aArgs.size(); ++j)
				k.kTemplate[c->aTemplate[j]] = kClass.aArgs[j];
			// an out-of-line template method may name its parameter otherwise than its class does
			for (size_t j = 0; j < m->aTemplate.size() && j < kClass.aArgs.size(); ++j)
				k.kTemplate[m->aTemplate[j]] = kClass.aArgs[j];
			if (sOwner != kClass.sName) bindBaseTemplate(kClass.sName, sOwner, k.kTemplate);
			k.pRecord = r;
			k.iDepth = f.iDepth + 1;
			bindArgs(*m, k, a, iOpen + 1, e - 1, f);
			call(*m, k);
			return;
		}
		if (iOpen == b + 1)
		{
			// a method of this class, or a free (template) function
			const Function* m = f.sClass.empty() ? nullptr : m_t.findMethod(f.sClass, sCallee, true);
			if (m)
			{
				Frame k;
				k.sClass = f.sClass;
				k.kTemplate = f.kTemplate;
				k.pRecord = f.pRecord;
				k.iDepth = f.iDepth + 1;
				bindArgs(*m, k, a, iOpen + 1, e - 1, f);
				call(*m, k);
				return;
			}
			auto it = m_t.kFunctions.find(sCallee);
			if (it == m_t.kFunctions.end())
				fail(sWhere,
					"the function " + sCallee + " is not in the tree"
						+ (m_t.kFunctionMacros.count(sCallee) ? " (a macro: not followed)" : ""));
			const Function& fn = it->second.front();
			Frame k;
			k.iDepth = f.iDepth + 1;
			k.pFunc = &fn;
			// each object argument: a record of its own under the caller's record; template parameters
			// bound from the argument types
			const Toks& ft = m_t.aFiles[size_t(fn.iFile)].aToks;
			const std::vector<std::pair<size_t, size_t>> aParams = parameterRanges(ft, fn.iParams, fn.iParamsEnd);
			for (size_t j = 0; j < aParams.size() && j < aArgs.size(); ++j)
			{
				std::vector<Declarator> aDecl;
				if (!parseDeclaration(ft, aParams[j].first, aParams[j].second, aDecl) || aDecl.size() != 1)
					fail(sWhere, "cannot follow the parameters of " + fn.sName);
				const Declarator& d = aDecl[0];
				if (d.kType.sName == "FDataStreamBase") continue;
				size_t i = aArgs[j].first;
				Place p = readPlace(a, i, aArgs[j].second, f, sWhere);
				Local l;
				l.kType = d.kType;
				if (p.bValid && i == aArgs[j].second)
				{
					const TypeRef kArg = withDefaultArguments(resolve(p.kType, f));
					// bind T from "Container<T>" or "T"
					for (const std::string& sT : fn.aTemplate)
					{
						if (d.kType.sName == sT) k.kTemplate[sT] = objectClass(kArg);
						for (size_t q = 0; q < d.kType.aArgs.size() && q < kArg.aArgs.size(); ++q)
							if (d.kType.aArgs[q].sName == sT) k.kTemplate[sT] = kArg.aArgs[q];
					}
					l.kType = kArg;
					if (isObjectType(objectClass(kArg)))
					{
						l.v.eKind = Value::Obj;
						l.v.pObj = childOf(p, f, kArg);
						l.v.kType = kArg;
					}
					else
						l.v = load(p, f);
				}
				else
				{
					size_t q = aArgs[j].first;
					l.v = expr(a, q, aArgs[j].second, f, 0);
				}
				k.kLocals[d.sName] = l;
			}
			// the record of the first object argument is the function's "this"
			for (auto& [sName, l] : k.kLocals)
				if (l.v.eKind == Value::Obj && !k.pRecord)
				{
					k.pRecord = l.v.pObj;
					k.sClass = l.kType.sName;
				}
			call(fn, k);
			return;
		}
		fail(sWhere, "cannot follow '" + joinToks(a, b, e) + "'");
	}

	void call(const Function& m, Frame& k)
	{
		if (k.iDepth > 40) fail(m_t.where(m, 0), "the reads nest too deep");
		k.pFunc = &m;
		const Stmt& s = m_t.body(m);
		k.sStream = m.sStream;
		if (k.sStream.empty()) fail(m_t.where(m, s.iLine), "no stream parameter");
		run(s, k);
	}

	void readString(int iKind, const Place& p, Frame& f, const CodeLine& sWhere)
	{
		const unsigned char* q = m_pStream->take(4, "a string's length");
		const long long n = static_cast<int32_t>(
			uint32_t(q[0]) | (uint32_t(q[1]) << 8) | (uint32_t(q[2]) << 16) | (uint32_t(q[3]) << 24));
		if (n < 0 || size_t(n) > m_pStream->left() / size_t(iKind))
			m_pStream->fail("a string of " + std::to_string(n) + " characters with " + std::to_string(m_pStream->left())
				+ " bytes left");
		const unsigned char* c = m_pStream->take(size_t(n) * size_t(iKind), "a string");
		if (p.bValid)
		{
			Value v;
			v.eKind = Value::Str;
			for (long long j = 0; j < n; ++j) v.s += static_cast<char>(c[size_t(j) * size_t(iKind)]);
			store(p, f, v);
		}
		(void)sWhere;
	}

	long long scalar(const unsigned char* q, int iSize, bool bUnsigned) const
	{
		unsigned long long u = 0;
		for (int j = 0; j < iSize; ++j) u |= static_cast<unsigned long long>(q[j]) << (8 * j);
		if (!bUnsigned && iSize < 8 && (u >> (8 * iSize - 1))) u |= ~((1ull << (8 * iSize)) - 1);
		return static_cast<long long>(u);
	}

	// Read(&x), Read((T*)&x), Read(n, p), Read(n, (T*)p), Read(n, &v[0]), Read(sizeof(T), (byte*)p)
	void readCall(const Toks& a, const std::vector<std::pair<size_t, size_t>>& aArgs, Frame& f, const CodeLine& sWhere)
	{
		if (aArgs.empty() || aArgs.size() > 2)
			fail(sWhere, "a Read with " + std::to_string(aArgs.size()) + " arguments");
		long long iCount = 1;
		bool bArray = aArgs.size() == 2;
		if (bArray)
		{
			size_t i = aArgs[0].first;
			const Value n = expr(a, i, aArgs[0].second, f, 0);
			if (n.eKind != Value::Int || i != aArgs[0].second)
				fail(sWhere,
					"the count (" + joinToks(a, aArgs[0].first, aArgs[0].second) + ") cannot be evaluated" + why(n));
			iCount = n.i;
			if (iCount < 0)
				m_pStream->fail("an array of " + std::to_string(iCount) + " entries ("
					+ joinToks(a, aArgs[0].first, aArgs[0].second) + ")");
		}
		const auto [b, e] = aArgs.back();
		size_t i = b;
		TypeRef kCast;
		bool bCast = false;
		if (a[i].s == "(")
		{
			const size_t iClose = matchClose(a, i);
			size_t j = i + 1;
			TypeRef k = parseType(a, j, iClose);
			if (k.bValid && j == iClose && k.iPtr > 0)
			{
				kCast = k;
				--kCast.iPtr;
				bCast = true;
				i = iClose + 1;
			}
		}
		bool bAddress = false;
		if (i < e && a[i].s == "&")
		{
			bAddress = true;
			++i;
		}
		if (i < e && a[i].s == "(" && matchClose(a, i) == e - 1) // (&x) or (x)
		{
			++i;
		}
		size_t iEnd = e;
		while (iEnd > i && a[iEnd - 1].s == ")" && findTop(a, i, iEnd - 1, "(") == std::string::npos) --iEnd;
		Place p = readPlace(a, i, iEnd, f, sWhere);
		if (!p.bValid || i != iEnd) fail(sWhere, "cannot follow the read into '" + joinToks(a, b, e) + "'");
		TypeRef kElem = p.kType;
		if (!bAddress)
		{
			// a pointer or an array: the element type
			if (!kElem.aDims.empty())
				kElem.aDims.erase(kElem.aDims.begin());
			else if (kElem.iPtr > 0)
				--kElem.iPtr;
			else if (!bCast)
				fail(sWhere, "the read into '" + joinToks(a, b, e) + "' is not through a pointer");
		}
		const TypeRef kTarget = resolve(kElem, f);
		const TypeRef kRead = bCast ? resolve(kCast, f) : kTarget;
		bool bUnsigned = false;
		int iSize = elementSize(kRead, bUnsigned);
		long long iBytes = 0;
		if (iSize == 0 || !kRead.aDims.empty())
		{
			// a fixed-size record or array read whole
			const long long n = sizeOf(kRead, f);
			if (n <= 0) fail(sWhere, "cannot size the type " + typeText(kRead) + " of '" + joinToks(a, b, e) + "'");
			iBytes = n * iCount;
			iSize = 0;
		}
		else
			iBytes = iSize * iCount;
		if (iBytes > 0 && size_t(iBytes) > m_pStream->left())
			m_pStream->fail("the data ends inside " + joinToks(a, b, e) + " (" + std::to_string(iBytes)
				+ " bytes needed, " + std::to_string(m_pStream->left()) + " left)");
		// the bytes are there (checked above): take() cannot fail, its message is not built
		const unsigned char* q =
			iBytes > 0 ? m_pStream->take(size_t(iBytes), m_bNames ? p.sKey : std::string()) : nullptr;
		if (iSize == 0)
		{
			// raw bytes into a struct (a linked list's IDInfo): its fields by their layout
			const TypeRef kStruct = objectClass(kTarget);
			const ClassDef* c = m_t.findClass(kStruct.sName);
			if (c && p.bLocal && p.sSub.empty() && sizeOf(kStruct, f) * iCount == iBytes)
				decodeStruct(*c, f, q, *newObject(kStruct, f).pObj);
			return;
		}
		if (bCast && iSize == 1 && elementSize(kTarget, bUnsigned) == 0)
		{
			const TypeRef kStruct = objectClass(kTarget);
			const ClassDef* c = m_t.findClass(kStruct.sName);
			if (c && p.bLocal && p.sSub.empty() && sizeOf(kStruct, f) == iBytes)
				decodeStruct(*c, f, q, *newObject(kStruct, f).pObj); // each read is an element of its own
			return;
		}
		if (!bArray)
		{
			store(p, f, Value::of(scalar(q, iSize, bUnsigned)));
			return;
		}
		std::vector<long long> aValues;
		aValues.reserve(size_t(iCount));
		for (long long j = 0; j < iCount; ++j) aValues.push_back(scalar(q + j * iSize, iSize, bUnsigned));
		if (!bAddress)
		{
			LayoutRecord* r = p.pObj;
			if (r && (!(p.bLocal && p.sSub.empty()) || !p.kType.aDims.empty()))
			{
				r->kValues[p.bLocal ? p.sSub : p.sKey] = std::move(aValues);
				noteWrite(r, p.bLocal ? p.sSub : p.sKey);
			}
			return;
		}
		// Read(n, &v[0]) or Read(n, &m_a[i]): the values start at that element
		if (p.pObj && !(p.bLocal && p.sSub.empty()))
		{
			std::string sKey = p.bLocal ? p.sSub : p.sKey;
			if (sKey.size() > 3 && sKey.compare(sKey.size() - 3, 3, "[0]") == 0) sKey.resize(sKey.size() - 3);
			p.pObj->kValues[sKey] = std::move(aValues);
			noteWrite(p.pObj, sKey);
		}
	}

	void decodeStruct(const ClassDef& c, Frame& f, const unsigned char* q, LayoutRecord& r)
	{
		for (const RawField& k : rawFields(c, f)) r.kValues[*k.pName] = { scalar(q + k.iOff, k.iSize, k.bUnsigned) };
	}

	// The scalar members of a struct read as raw bytes, where they lie in it: by their layout.
	std::vector<RawField> structFields(const ClassDef& c, Frame& f)
	{
		std::vector<RawField> aOut;
		long long iOff = 0;
		for (const std::string& sMember : c.aOrder)
		{
			int iA = 1;
			const TypeRef k = resolve(c.kMembers.at(sMember), f);
			const long long n = sizeOf(k, f, &iA);
			iOff = (iOff + iA - 1) / iA * iA;
			bool bUnsigned = false;
			const int iSize = elementSize(k, bUnsigned);
			if (iSize > 0 && k.aDims.empty()) aOut.push_back(RawField{ &sMember, iOff, iSize, bUnsigned });
			iOff += n;
		}
		return aOut;
	}

	// structFields, remembered by class as class sizes are (rememberedClassSize).
	const std::vector<RawField>& rawFields(const ClassDef& c, Frame& f)
	{
		auto it = m_kRawFields.find(&c);
		if (it != m_kRawFields.end() && !namesTemplateParameter(it->second.aNames, f))
		{
			noteResolved(it->second.aNames);
			return it->second.aFields;
		}
		std::vector<std::string> aNames;
		std::vector<RawField> aFields;
		if (!dependsOnTreeOnly(f, aNames, [&]() { aFields = structFields(c, f); }))
		{
			m_aUnremembered = std::move(aFields);
			return m_aUnremembered;
		}
		RawFields& k = m_kRawFields[&c];
		k.aFields = std::move(aFields);
		k.aNames = std::move(aNames);
		return k.aFields;
	}

	// ----- the static walk -----
	void describeLabel(const Stmt::Case& k, Frame& f, int iDepth, LayoutClassReport& kOut)
	{
		const std::string sLabel = k.e == k.b ? "default:" : "case " + joinToks(toks(f), k.b, k.e) + ":";
		kOut.aszFields.push_back(std::string(size_t(iDepth) * 2, ' ') + sLabel + "  ["
			+ m_t.aFiles[size_t(f.pFunc->iFile)].sName + ":" + std::to_string(k.iLine) + "]");
	}

	void describeStmt(const Stmt& s, Frame& f, int iDepth, LayoutClassReport& kOut, std::vector<std::string>& aReached)
	{
		if (!s.bStream) return;
		const Toks& a = toks(f);
		const std::string sIndent(size_t(iDepth) * 2, ' ');
		auto line = [&](const std::string& sText) {
			kOut.aszFields.push_back(sIndent + sText + "  [" + m_t.aFiles[size_t(f.pFunc->iFile)].sName + ":"
				+ std::to_string(s.iLine) + "]");
		};
		switch (s.eKind)
		{
		case Stmt::Block:
			for (const Stmt& k : s.aKids) describeStmt(k, f, iDepth, kOut, aReached);
			return;
		case Stmt::If:
			line("if (" + joinToks(a, s.b, s.e) + ")");
			describeStmt(s.aKids[0], f, iDepth + 1, kOut, aReached);
			if (s.aKids.size() > 1)
			{
				line("else");
				describeStmt(s.aKids[1], f, iDepth + 1, kOut, aReached);
			}
			return;
		case Stmt::For:
		case Stmt::While:
		case Stmt::Do:
			line(std::string(
					 s.eKind == Stmt::For ? "for (" + joinToks(a, s.b2, s.e2) : "while (" + joinToks(a, s.b, s.e))
				+ ")");
			describeStmt(s.aKids[0], f, iDepth + 1, kOut, aReached);
			return;
		case Stmt::Switch:
			line("switch (" + joinToks(a, s.b, s.e) + ")");
			for (size_t iKid = 0; iKid < s.aKids.size(); ++iKid)
			{
				for (const Stmt::Case& k : s.aCases)
					if (k.iKid == iKid) describeLabel(k, f, iDepth + 1, kOut);
				describeStmt(s.aKids[iKid], f, iDepth + 2, kOut, aReached);
			}
			return;
		case Stmt::Simple: describeSimple(a, s, f, line, aReached); return;
		default: fail(where(f, s.iLine), "cannot follow '" + a[s.b].s + "' around a read");
		}
	}

	template <typename Line>
	void describeSimple(const Toks& a, const Stmt& s, Frame& f, Line& line, std::vector<std::string>& aReached)
	{
		const std::string sText = joinToks(a, s.b, s.e);
		const std::string sWhere = where(f, s.iLine);
		// locals declared here are typed for the lines below
		const size_t iCall = sText.find(f.pFunc->sStream);
		(void)iCall;
		// the stream's own calls
		size_t i = s.b;
		while (i < s.e && (a[i].s == "*" || a[i].s == "(")) ++i;
		const size_t iAssign = findTop(a, s.b, s.e, "=");
		if (iAssign != std::string::npos)
		{
			const size_t r = iAssign + 1;
			if (r + 2 < s.e && a[r].s == f.pFunc->sStream
				&& (a[r + 2].s == "ReadString" || a[r + 2].s == "ReadWideString"))
			{
				line(std::string(a[r + 2].s == "ReadWideString" ? "wide string " : "string ")
					+ joinToks(a, s.b, iAssign));
				return;
			}
			fail(sWhere, assignmentStop(a, s.b, iAssign, s.e, f.pFunc->sStream));
		}
		if (a[i].s == f.pFunc->sStream && i + 2 < s.e && (a[i + 1].s == "->" || a[i + 1].s == "."))
		{
			const std::string sCall = a[i + 2].s;
			if (sCall == "Read" || sCall == "ReadString" || sCall == "ReadWideString")
			{
				const std::string sArgs = joinToks(a, i + 4, s.e - 1);
				line(sCall + "(" + sArgs + ")");
				return;
			}
			fail(sWhere, "cannot follow the stream call '" + sCall + "'");
		}
		// a sub-object or a base class: name the class it reads
		size_t iOpen = std::string::npos;
		for (size_t j = s.b; j < s.e; ++j)
			if (a[j].s == "(" && matchClose(a, j) == s.e - 1)
			{
				iOpen = j;
				break;
			}
		// name<ARGS>(...): a member function template of this class, its specialisation chosen by the
		// arguments' values when it runs
		if (iOpen != std::string::npos && iOpen > s.b + 3 && a[s.b].k == 'i' && a[s.b + 1].s == "<"
			&& matchClose(a, s.b + 1) == iOpen - 1 && !f.sClass.empty()
			&& !m_t.methodsNamed(f.sClass, a[s.b].s).empty())
		{
			line(f.sClass + "::" + joinToks(a, s.b, iOpen));
			return;
		}
		if (iOpen == std::string::npos || iOpen == s.b || a[iOpen - 1].k != 'i')
			fail(sWhere,
				"cannot follow '" + sText + "'"
					+ (iOpen == std::string::npos ? std::string() : templateCallNote(a, s.b, iOpen)));
		const std::string sCallee = a[iOpen - 1].s;
		if (iOpen >= s.b + 3 && a[iOpen - 2].s == "::")
		{
			const std::string sClass = a[iOpen - 3].s;
			if (!m_t.findMethod(sClass, sCallee, true))
				fail(sWhere, "no " + sClass + "::" + sCallee + "(FDataStreamBase) in the tree");
			line(sClass + "::" + sCallee + " (the base class)");
			aReached.push_back(sCallee == "read" ? sClass : sClass + "::" + sCallee);
			return;
		}
		if (iOpen >= s.b + 2 && (a[iOpen - 2].s == "." || a[iOpen - 2].s == "->"))
		{
			const std::string sObject = joinToks(a, s.b, iOpen - 2);
			// the object's type: a member or a local declared above (static: members only, locals by name)
			TypeRef k;
			std::string sRoot = a[s.b].s == "this" && s.b + 2 < iOpen ? a[s.b + 2].s : a[s.b].s;
			std::string sClass;
			if (memberType(f.sClass, sRoot, k, {}))
			{
				k = objectClass(resolve(k, f)); // through typedefs
				// m->data.list: each member along the way, in the class of the one before
				for (size_t j = a[s.b].s == "this" ? s.b + 3 : s.b + 1; j + 1 < iOpen - 2; j += 2)
				{
					if (a[j].s == "[")
					{
						j = matchClose(a, j) - 1;
						continue;
					}
					TypeRef kNext;
					if ((a[j].s != "." && a[j].s != "->") || a[j + 1].k != 'i'
						|| !memberType(k.sName, a[j + 1].s, kNext, {}))
						break;
					k = objectClass(resolve(kNext, f));
				}

				if ((k.sName == "vector" || k.sName == "list") && !k.aArgs.empty()) k = objectClass(k.aArgs[0]);
				sClass = k.sName;
				if (!k.aArgs.empty()) sClass += "<" + typeText(k.aArgs[0]) + ">";
			}
			else
				sClass = localType(a, f, sRoot);
			const std::string sBare = sClass.substr(0, sClass.find('<'));
			if (sBare.empty() || (!m_t.findMethod(sBare, sCallee, true) && !f.kTemplate.count(sBare) && sBare != "T"))
				fail(sWhere,
					"cannot follow '" + sText + "': no " + (sBare.empty() ? sObject : sBare) + "::" + sCallee
						+ "(FDataStreamBase) in the tree");
			line(sClass + "::" + sCallee + " (" + sObject + ")");
			if (m_t.findClass(sBare)) aReached.push_back(sCallee == "read" ? sBare : sBare + "::" + sCallee);
			return;
		}
		if (iOpen == s.b + 1)
		{
			if (!f.sClass.empty() && m_t.findMethod(f.sClass, sCallee, true))
			{
				line(f.sClass + "::" + sCallee);
				return;
			}
			auto it = m_t.kFunctions.find(sCallee);
			if (it == m_t.kFunctions.end())
				fail(sWhere,
					"the function " + sCallee + " is not in the tree"
						+ (m_t.kFunctionMacros.count(sCallee) ? " (a macro: not followed)" : ""));
			// the container's element class: the member named in the first argument
			std::string sElem;
			TypeRef k;
			if (memberType(f.sClass, a[iOpen + 1].s, k, {}) && !k.aArgs.empty())
			{
				sElem = k.aArgs[0].sName;
				aReached.push_back(sElem);
			}
			line(sCallee + " (" + joinToks(a, iOpen + 1, s.e - 1) + ")" + (sElem.empty() ? "" : " of " + sElem));
			return;
		}
		fail(sWhere, "cannot follow '" + sText + "'");
	}

	// The declared type of a local, found by its declaration in the function (for the report).
	std::string localType(const Toks& a, const Frame& f, const std::string& sName) const
	{
		for (size_t i = f.pFunc->iBody; i < f.pFunc->iBodyEnd; ++i)
			if (a[i].k == 'i' && a[i].s == sName && i > f.pFunc->iBody)
			{
				size_t j = i;
				while (j > f.pFunc->iBody && a[j - 1].s != ";" && a[j - 1].s != "{" && a[j - 1].s != "}"
					&& a[j - 1].s != ")")
					--j;
				std::vector<Declarator> aDecl;
				const size_t iSemi = findTop(a, i, f.pFunc->iBodyEnd, ";");
				if (iSemi != std::string::npos && parseDeclaration(a, j, iSemi, aDecl))
					for (const Declarator& d : aDecl)
						if (d.sName == sName) return d.kType.sName;
			}
		return std::string();
	}

	const SaveLayout::Impl& m_t;
	// sizeOf's remembered class sizes (rememberedClassSize)
	struct ClassSize
	{
		long long iSize = 0;
		int iAlign = 1;
		std::vector<std::string> aNames; // the type names resolved to size it
	};
	std::unordered_map<std::string, ClassSize> m_kClassSizes;
	// decodeStruct's remembered layouts (rawFields)
	struct RawFields
	{
		std::vector<RawField> aFields;
		std::vector<std::string> aNames; // the type names resolved to lay them out
	};
	std::unordered_map<const ClassDef*, RawFields> m_kRawFields;
	std::vector<RawField> m_aUnremembered; // a layout that depends on the frame: its last one
	std::vector<std::string>* m_pResolvedNames = nullptr; // resolve() notes the names it looks up here
	bool m_bSizeUsesFrame = false; // a dimension was evaluated in the frame
	LayoutStream* m_pStream;
	LayoutCounts m_fCounts;
	const bool m_bNames; // take() is given what is read
	std::set<std::string> m_kBusy;
	const Toks* m_pConstToks = nullptr;
	const Toks* m_pToks = nullptr;
	std::string m_sConstFile;
	Value m_kReturn;
	int m_iValueCalls = 0; // calls for a value (evalCall) running
	bool m_bCallNotRun = false; // a call was not run (too deep, no template to run): its effects are not known
	std::map<std::pair<const LayoutRecord*, std::string>, std::string> m_kStrings;
	// why a member was last set to a value the deriver cannot follow, and where
	struct UnknownSet
	{
		const Function* pFunc = nullptr;
		int iLine = 0;
		std::string sWhy;
	};
	std::map<std::pair<const LayoutRecord*, std::string>, UnknownSet> m_kUnknownSet;
	std::vector<std::shared_ptr<LayoutRecord>> m_aOrphans;
	long long m_iSteps = 0;
	long long m_iLoopBudget = 1 << 22;
	const Function* m_pWhereFunc = nullptr;
	int m_iWhereLine = 0;
	// a call the deriver does not run may change any member of its object: the values set before it
	// are stale (the write's epoch is older than the object's last such call)
	long long m_iEpoch = 0;
	std::unordered_map<const LayoutRecord*, StaleCall> m_kStaleCalls; // the last such call of each object
	// the members such a call may change (membersChanged), by object: the call
	// (the members, membersChanged's sorted list; the call), oldest first
	std::unordered_map<const LayoutRecord*, std::vector<std::pair<const std::vector<std::string>*, StaleCall>>>
		m_kChangedBy;
	struct FunctionClassHash
	{
		size_t operator()(const std::pair<const Function*, std::string>& k) const
		{
			return std::hash<const Function*>()(k.first) * 31 + std::hash<std::string>()(k.second);
		}
	};
	std::unordered_map<std::pair<const Function*, std::string>, std::pair<bool, std::vector<std::string>>,
		FunctionClassHash>
		m_kMembersChanged;
	// "reset() at CvPlot.cpp:1234 (CvPlot::read)"
	std::string staleCall(const LayoutRecord* r) const
	{
		auto it = m_kStaleCalls.find(r);
		if (it == m_kStaleCalls.end() || !it->second.pFunc) return std::string();
		return it->second.sName + "() at " + m_t.where(*it->second.pFunc, it->second.iLine);
	}
	std::unordered_map<const LayoutRecord*, long long> m_kStaleSince;
	std::unordered_map<const LayoutRecord*, std::unordered_map<std::string, long long>> m_kWritten;
	// Only a write after the record's last such call is told apart: one before it is stale whether it
	// is noted or not (the call's epoch is newer than every write so far), so writes to a record no
	// call has made stale yet are not noted.
	void noteWrite(const LayoutRecord* r, const std::string& sKey)
	{
		if (m_kStaleSince.count(r)) m_kWritten[r][sKey] = m_iEpoch;
	}
	bool isStale(const LayoutRecord* r, const std::string& sKey) const
	{
		auto it = m_kStaleSince.find(r);
		if (it == m_kStaleSince.end()) return false;
		auto jt = m_kWritten.find(r);
		if (jt == m_kWritten.end()) return true;
		auto kt = jt->second.find(sKey);
		return kt == jt->second.end() || kt->second < it->second;
	}

public:
	long long m_iMaxSteps = 1ll << 40;
};

// ---------------------------------------------------------------------------------------------
// SaveLayout
// ---------------------------------------------------------------------------------------------
SaveLayout::SaveLayout(std::shared_ptr<Impl> p) : m_p(std::move(p)) {}

std::shared_ptr<const SaveLayout> SaveLayout::derive(const fs::path& kTree)
{
	auto p = std::make_shared<Impl>();
	p->kTree = kTree;
	p->load();
	return std::make_shared<SaveLayout>(p);
}

const fs::path& SaveLayout::tree() const { return m_p->kTree; }

long long SaveLayout::constant(const std::string& sName) const
{
	LayoutRunner k(*m_p, nullptr, [](const std::string& s) -> int { throw LayoutError(s + ": no counts here"); });
	return k.constant(sName, m_p->kTree.string());
}

std::pair<std::string, std::string> SaveLayout::infoFile(const std::string& sAccessor) const
{
	auto it = m_p->kInfoFiles.find(sAccessor);
	return it == m_p->kInfoFiles.end() ? std::pair<std::string, std::string>() : it->second;
}

const TreeXmlLoads& SaveLayout::xmlLoads() const { return m_p->kXmlLoads; }

std::vector<LayoutClassReport> SaveLayout::report() const
{
	LayoutRunner k(*m_p, nullptr, [](const std::string& s) -> int { throw LayoutError(s + ": no counts here"); });
	std::vector<LayoutClassReport> aOut;
	std::vector<std::string> aQueue = { "CvInitCore", "CvGameAI", "CvMap", "CvTeamAI", "CvPlayerAI" };
	std::set<std::string> kSeen;
	for (size_t i = 0; i < aQueue.size(); ++i)
	{
		if (!kSeen.insert(aQueue[i]).second) continue;
		LayoutClassReport r;
		std::vector<std::string> aReached;
		k.describe(aQueue[i], r, aReached);
		aOut.push_back(r);
		for (const std::string& s : aReached)
			if (!kSeen.count(s) && s != "T") aQueue.push_back(s);
	}
	return aOut;
}

void SaveLayout::read(const std::string& sClass, LayoutStream& kStream, const LayoutCounts& fCounts, LayoutRecord& kOut,
	const LayoutGlobals& kGlobals) const
{
	LayoutRunner k(*m_p, &kStream, fCounts);
	k.m_kGlobals = kGlobals;
	// every step of a read takes at least one byte or is bounded by one that did: a generous cap
	k.m_iMaxSteps = static_cast<long long>(kStream.left()) * 64 + (1 << 24);
	k.runRead(sClass, kOut);
}

const std::vector<long long>* LayoutRecord::values(const std::string& sName) const
{
	auto it = kValues.find(sName);
	return it == kValues.end() ? nullptr : &it->second;
}

std::vector<const LayoutRecord*> LayoutRecord::objects(const std::string& sName) const
{
	std::vector<const LayoutRecord*> a;
	auto it = kChildren.find(sName);
	if (it == kChildren.end()) return a;
	// a record nothing was read into (a buffer declared before its reads) is no element
	auto bEmpty = [](const LayoutRecord& r) { return r.kValues.empty() && r.kChildren.empty(); };
	for (const auto& p : it->second)
	{
		auto jt = p->kChildren.find("items");
		if (jt != p->kChildren.end())
		{
			for (const auto& q : jt->second)
				if (!bEmpty(*q)) a.push_back(q.get());
		}
		else if (!bEmpty(*p))
			a.push_back(p.get());
	}
	return a;
}

} // namespace cvv
