// The statement tree: see CppStatements.h.
#include "formats/layout/CppStatements.h"

namespace cvv::layout {

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

Stmt StmtParser::parse(size_t& i, size_t e)
{
	Stmt s;
	if (i >= e) fail(e, "the function body ends inside a statement");
	// each statement within another is a level of recursion here and in the runner
	if (m_iNesting >= kMaxNesting) fail(i, "statements nested more than " + std::to_string(kMaxNesting) + " deep");
	struct Nesting
	{
		int& n;
		explicit Nesting(int& k) : n(k) { ++n; }
		~Nesting() { --n; }
	} kNesting(m_iNesting);
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
	// a tagged save wrapper attached to the stream reads it too
	for (const std::string& sWrapper : m_aWrappers)
		s.bStream = s.bStream || namesStream(m_a, s.b, s.e, sWrapper) || namesStream(m_a, s.b2, s.e2, sWrapper)
			|| namesStream(m_a, s.b3, s.e3, sWrapper);
	for (const Stmt& k : s.aKids) s.bStream = s.bStream || k.bStream;
	return s;
}

void StmtParser::parseSwitch(Stmt& s, size_t& i, size_t e)
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

void StmtParser::fail(size_t i, const std::string& sWhat) const
{
	const int iLine = i < m_a.size() ? m_a[i].iLine : 0;
	throw LayoutError(m_sWhere + ":" + std::to_string(iLine) + ": " + sWhat);
}

size_t StmtParser::close(size_t iOpen, size_t e) const
{
	const size_t iClose = matchClose(m_a, iOpen);
	if (iClose == std::string::npos || iClose >= e) fail(iOpen, "an unbalanced '" + m_a[iOpen].s + "'");
	return iClose;
}

size_t StmtParser::endOf(size_t i, size_t e) const
{
	const size_t iSemi = findTop(m_a, i, e, ";");
	if (iSemi == std::string::npos) fail(i, "a statement without its ';'");
	return iSemi;
}

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

} // namespace cvv::layout
