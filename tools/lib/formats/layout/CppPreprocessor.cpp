// The preprocessor: see CppPreprocessor.h.
#include "formats/layout/CppPreprocessor.h"
#include "formats/layout/LayoutTree.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <functional>
#include <limits>
#include <unordered_map>
#include <unordered_set>

namespace cvv::layout {

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

namespace {

// How deep a #if expression's parentheses, unary operators and macro values may nest (the
// evaluator recurses once a level; the SDK's deepest is under ten): deeper is a LayoutError, not
// a stack overflow.
constexpr int kMaxNesting = 256;

long long evalNested(
	const Toks& a, size_t& i, size_t e, const MacroLookup& kMacros, int iPrec, int iDepth, int iNesting);

// A primary of a #if expression: a number, defined(NAME), a macro's value, (...), !, - or ~ and its operand.
long long ppPrimary(const Toks& a, size_t& i, size_t e, const MacroLookup& kMacros, int iDepth, int iNesting)
{
	if (i >= e) return 0;
	if (iNesting > kMaxNesting)
		throw LayoutError("a #if expression nested more than " + std::to_string(kMaxNesting) + " deep");
	const Tok& t = a[i];
	if (t.s == "(")
	{
		++i;
		const long long v = evalNested(a, i, e, kMacros, 0, iDepth, iNesting + 1);
		if (i < e && a[i].s == ")") ++i;
		return v;
	}
	if (t.s == "!")
	{
		++i;
		return !ppPrimary(a, i, e, kMacros, iDepth, iNesting + 1);
	}
	if (t.s == "-")
	{
		++i;
		// as the compiler's arithmetic wraps: -LLONG_MIN is LLONG_MIN, not undefined behaviour
		return static_cast<long long>(
			0ULL - static_cast<unsigned long long>(ppPrimary(a, i, e, kMacros, iDepth, iNesting + 1)));
	}
	if (t.s == "~")
	{
		++i;
		return ~ppPrimary(a, i, e, kMacros, iDepth, iNesting + 1);
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
		return evalNested(*pBody, j, pBody->size(), kMacros, 0, iDepth + 1, iNesting + 1);
	}
	++i;
	return 0;
}

long long evalNested(
	const Toks& a, size_t& i, size_t e, const MacroLookup& kMacros, int iPrec, int iDepth, int iNesting)
{
	long long x = ppPrimary(a, i, e, kMacros, iDepth, iNesting);
	while (i < e)
	{
		const int p = binaryPrec(a[i].s);
		if (p == 0 || p <= iPrec) break;
		const TokText op = a[i].s;
		++i;
		// the right operand binds tighter: at most one level per precedence, no deeper
		const long long y = evalNested(a, i, e, kMacros, p, iDepth, iNesting);
		long long r = 0;
		if (!applyBinary(op, x, y, r)) r = 0;
		x = r;
	}
	return x;
}

} // namespace

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
	// +, -, * and << wrap as the compiled code's two's complement arithmetic does (signed overflow is
	// undefined behaviour in the deriver itself); LLONG_MIN / -1 overflows too: undefined, as / 0
	using U = unsigned long long;
	const auto wrap = [](U u) { return static_cast<long long>(u); };
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
		r = (y < 0 || y > 62) ? 0 : wrap(U(x) << y);
	else if (op == ">>")
		r = (y < 0 || y > 62) ? 0 : (x >> y);
	else if (op == "+")
		r = wrap(U(x) + U(y));
	else if (op == "-")
		r = wrap(U(x) - U(y));
	else if (op == "*")
		r = wrap(U(x) * U(y));
	else if (op == "/" || op == "%")
	{
		if (y == 0 || (y == -1 && x == std::numeric_limits<long long>::min())) return false;
		r = op == "/" ? x / y : x % y;
	}
	else
		return false;
	return true;
}

long long evalPreprocessor(const Toks& a, size_t& i, size_t e, const MacroLookup& kMacros, int iPrec, int iDepth)
{
	return evalNested(a, i, e, kMacros, iPrec, iDepth, 0);
}

// An object-like macro defined or #undef'd at a token position of a file (its body; false: #undef).
using ObjectMacroEvent = std::pair<size_t, std::pair<std::string, std::pair<bool, Toks>>>;

// The object-like macros that name a class's base (#define XBase Base<A, B> ... class X : public XBase
// {...}) expanded in the class head, as the definitions stand at that point of the file (aEvents: this
// file's; fOther: the other files' and the project's).
void expandBaseMacros(Toks& a, const std::vector<ObjectMacroEvent>& aEvents, const MacroLookup& fOther)
{
	std::map<std::string, std::pair<bool, Toks>> kLocal;
	size_t iEvent = 0;
	const auto lookup = [&](const std::string& sName) -> const Toks* {
		auto it = kLocal.find(sName);
		if (it != kLocal.end()) return it->second.first ? &it->second.second : nullptr;
		return fOther(sName);
	};
	const auto isAccess = [](const TokText& s) {
		return s == "public" || s == "private" || s == "protected" || s == "virtual";
	};
	Toks aOut;
	bool bChanged = false;
	size_t iBaseEnd = 0; // inside a class head's base clause: the index of its '{' or ';'
	for (size_t i = 0; i < a.size(); ++i)
	{
		for (; iEvent < aEvents.size() && aEvents[iEvent].first <= i; ++iEvent)
			kLocal[aEvents[iEvent].second.first] = aEvents[iEvent].second.second;
		if (i < iBaseEnd && a[i].k == 'i' && !isAccess(a[i].s)
			&& (a[i - 1].s == ":" || a[i - 1].s == "," || isAccess(a[i - 1].s)))
		{
			const Toks* pBody = lookup(a[i].s);
			if (pBody && !pBody->empty())
			{
				if (!bChanged) aOut.assign(a.begin(), a.begin() + std::ptrdiff_t(i));
				bChanged = true;
				for (Tok t : *pBody)
				{
					t.iLine = a[i].iLine;
					aOut.push_back(t);
				}
				continue;
			}
		}
		if (i >= iBaseEnd && a[i].k == 'i' && (a[i].s == "class" || a[i].s == "struct"))
		{
			// the head: a name (qualified, with template arguments) up to its ':'
			size_t j = i + 1;
			while (j < a.size() && a[j].s != ":" && a[j].s != "{" && a[j].s != ";" && a[j].s != "(" && a[j].s != ")"
				&& a[j].s != "=" && a[j].s != ">" && a[j].s != ",")
			{
				if (a[j].s == "<")
				{
					const size_t iClose = matchClose(a, j);
					if (iClose == std::string::npos) break;
					j = iClose;
				}
				++j;
			}
			if (j < a.size() && a[j].s == ":" && j > i + 1)
			{
				iBaseEnd = j;
				while (iBaseEnd < a.size() && a[iBaseEnd].s != "{" && a[iBaseEnd].s != ";") ++iBaseEnd;
			}
		}
		if (bChanged) aOut.push_back(a[i]);
	}
	if (bChanged) a.swap(aOut);
}

} // namespace cvv::layout

namespace cvv {

using namespace layout;

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
	// and its object-like ones (for the bases of class heads)
	std::vector<ObjectMacroEvent> aObjectEvents;
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
	for (const auto& [iLineNumber, sLine] : aLines)
	{
		const int iLine = iLineNumber; // a copy: a lambda below names it
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
				try
				{
					return evalPreprocessor(a, k, a.size(), fLookup, 0, 0) != 0;
				}
				catch (const LayoutError& e)
				{
					throw LayoutError(f.sName + ":" + std::to_string(iLine) + ": " + e.what());
				}
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
				if (bTokens) aObjectEvents.push_back({ f.aToks.size(), { sName, { true, aBody } } });
				continue;
			}
			if (sWord == "undef" && live())
			{
				tokenize(sDir.substr(j), iLine, a);
				if (!a.empty()) kLocal[a[0].s] = { false, Toks() };
				if (!a.empty() && bTokens) aObjectEvents.push_back({ f.aToks.size(), { a[0].s, { false, Toks() } } });
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
	expandBaseMacros(f.aToks, aObjectEvents, [&](const std::string& sName) -> const Toks* {
		auto jt = kMacros.find(sName);
		if (jt != kMacros.end() && jt->second.first != iFile) return &jt->second.second;
		auto kt = kProjectMacros.find(sName);
		return kt != kProjectMacros.end() ? &kt->second.second : nullptr;
	});
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

} // namespace cvv
