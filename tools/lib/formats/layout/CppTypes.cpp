// The type model: see CppTypes.h.
#include "formats/layout/CppTypes.h"

#include <algorithm>
#include <set>

namespace cvv::layout {

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

namespace {

// How deep template arguments may nest (A<B<C<int> > >: each level a recursion here and wherever the
// type is walked); what is deeper is left out of the arguments, as a value argument is. The SDK's
// deepest is three.
constexpr int kMaxTypeNesting = 64;

TypeRef parseTypeNested(const Toks& a, size_t& i, size_t e, int iNesting);

} // namespace

TypeRef parseType(const Toks& a, size_t& i, size_t e) { return parseTypeNested(a, i, e, 0); }

namespace {

TypeRef parseTypeNested(const Toks& a, size_t& i, size_t e, int iNesting)
{
	TypeRef k;
	if (iNesting > kMaxTypeNesting) return k;
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
					// the argument up to its top-level ',' (a type's own <...> and a value's (...) skipped)
					size_t iEnd = j;
					for (; iEnd < iClose && a[iEnd].s != ","; ++iEnd)
						if (a[iEnd].s == "<" || a[iEnd].s == "(" || a[iEnd].s == "[")
						{
							const size_t iMatch = matchClose(a, iEnd);
							if (iMatch == std::string::npos || iMatch >= iClose) break;
							iEnd = iMatch;
						}
					size_t q = j;
					TypeRef kArg = parseTypeNested(a, q, iEnd, iNesting + 1);
					if (!kArg.bValid || q != iEnd)
					{
						// a value (Row<short, 2>, Map<E, bool, false, sizeof(T)>): kept as its text, evaluated
						// where a class template's value parameter is bound to it
						kArg = TypeRef();
						kArg.sName = joinToks(a, j, iEnd);
						kArg.bValid = iEnd > j;
					}
					if (!kArg.bValid) break;
					k.aArgs.push_back(kArg);
					j = iEnd + 1;
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

} // namespace

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
		// a reference or pointer to an array: T (&aValues)[N], T (*paValues)[N]
		if (i + 3 < e && a[i].s == "(" && (a[i + 1].s == "&" || a[i + 1].s == "*") && a[i + 2].k == 'i'
			&& a[i + 3].s == ")" && i + 4 < e && a[i + 4].s == "[")
		{
			if (a[i + 1].s == "*") ++d.kType.iPtr;
			i += 2;
		}
		if (i >= e || a[i].k != 'i') return false;
		d.sName = a[i].s;
		++i;
		if (i < e && a[i].s == ")" && i + 1 < e && a[i + 1].s == "[" && i >= b + 3 && a[i - 3].s == "(") ++i;
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
				// a template's arguments (is_same<T, int>::value): their commas are inside
				if (a[i].s == "<" && i > 0 && a[i - 1].k == 'i')
				{
					const size_t iGt = matchClose(a, i);
					if (iGt != std::string::npos && iGt < e)
					{
						i = iGt + 1;
						continue;
					}
				}
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

} // namespace cvv::layout
