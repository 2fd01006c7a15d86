// The LayoutRunner's calls: standard and global functions, a call's arguments bound, template
// arguments deduced and defaulted, objects constructed, template methods chosen.
#include "formats/layout/LayoutRunner.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <set>

namespace cvv::layout {

void LayoutRunner::fillN(const Toks& a, size_t b, size_t e, Frame& f)
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

Value LayoutRunner::standardCall(const std::string& sName, const Toks& a, size_t b, size_t e, Frame& f)
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

bool LayoutRunner::classConstantValue(const Toks& a, size_t& i, size_t e, Frame& f, Value& v)
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
		// else as the compiler chooses: defaults, explicit and partial specialisations
		if (!m_t.findClass(sClass))
		{
			std::map<std::string, TypeRef> kChosen;
			const std::string sChosen = chooseSpecialisation(kClass, f, kChosen);
			if (!sChosen.empty())
			{
				sClass = sChosen;
				kTemplate = kChosen;
				kClass = TypeRef{ sChosen, {}, 0, {}, true }; // (bound: not the template's again)
			}
		}
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

Value LayoutRunner::globals(const std::string& sMethod, const Toks& a, size_t b, size_t e)
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
	// getLoadedInitCore: RoM-AND's name for the set-up as the save loaded it
	const bool bInit = sMethod == "getInitCore" || sMethod == "getLoadedInitCore";
	if ((bMap || bGame || bInit) && e == b)
	{
		const LayoutRecord* r = bMap ? m_kGlobals.pMap : bGame ? m_kGlobals.pGame : m_kGlobals.pInit;
		if (!r) return Value::unknown("GC." + sMethod + "() is not read yet");
		Value v;
		v.eKind = Value::Obj;
		v.pObj = const_cast<LayoutRecord*>(r); // only read: its values are what the save holds
		v.kType.sName = kLayoutRoots[bMap ? kRootMap : bGame ? kRootGame : kRootInit];
		v.kType.bValid = true;
		return v;
	}
	if (sMethod.size() > 7 && sMethod.compare(0, 3, "get") == 0 && sMethod.compare(sMethod.size() - 4, 4, "Info") == 0)
		return Value::unknown("GC." + sMethod + "(...) is one type's XML data, which the deriver does not read");
	return Value::unknown("GC." + sMethod + "() is not a count of the XML");
}

Value LayoutRunner::callValue(
	const Value& kObj, const std::string& sMethod, const Toks& a, size_t b, size_t e, Frame& f)
{
	const TypeRef kType = kObj.kType;
	std::string sOwner;
	const Function* m = m_t.findMethod(kType.sName, sMethod, false, &sOwner);
	if (!m)
	{
		// through a base that is a template parameter: run in that base's own frame
		TypeRef kOwner;
		m = findMethodOfType(kType, sMethod, false, kOwner, f);
		if (!m) return Value::unknown(typeText(kType) + "::" + sMethod + "() is not in the tree");
		Frame k;
		k.sClass = kOwner.sName;
		bindClassTemplate(kOwner, k.kTemplate, f, m);
		k.pRecord = kObj.pObj;
		k.iDepth = f.iDepth + 1;
		return evalCall(*m, k, a, b, e, f);
	}
	Frame k;
	k.sClass = kType.sName;
	bindClassTemplate(kType, k.kTemplate, f, m);
	if (sOwner != kType.sName) bindBaseTemplate(kType.sName, sOwner, k.kTemplate);
	k.pRecord = kObj.pObj;
	k.iDepth = f.iDepth + 1;
	return evalCall(*m, k, a, b, e, f);
}

Value LayoutRunner::evalCall(const Function& m, Frame& k, const Toks& aArgs, size_t b, size_t e, Frame& fCaller)
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

const LayoutRunner::Parameters& LayoutRunner::parameters(const Function& m)
{
	auto it = m_kParameters.find(&m);
	if (it != m_kParameters.end()) return it->second;
	const Toks& a = m_t.aFiles[size_t(m.iFile)].aToks;
	Parameters k;
	k.aRanges = parameterRanges(a, m.iParams, m.iParamsEnd);
	for (const auto& [iBegin, iEnd] : k.aRanges)
	{
		std::vector<Declarator> aDecl;
		const bool bDeclared = parseDeclaration(a, iBegin, iEnd, aDecl) && aDecl.size() == 1;
		k.aDeclared.push_back(bDeclared);
		k.aDecl.push_back(bDeclared ? aDecl[0] : Declarator());
	}
	return m_kParameters.emplace(&m, std::move(k)).first->second;
}

void LayoutRunner::bindArgs(const Function& m, Frame& k, const Toks& aArgs, size_t b, size_t e, Frame& fCaller)
{
	const Toks& a = m_t.aFiles[size_t(m.iFile)].aToks;
	std::vector<std::pair<size_t, size_t>> aGiven;
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
	const Parameters& kParams = parameters(m);
	const std::vector<std::pair<size_t, size_t>>& aParams = kParams.aRanges;
	split(aArgs, b, e, aGiven);
	for (size_t j = 0; j < aParams.size(); ++j)
	{
		if (!kParams.aDeclared[j]) continue;
		const Declarator& d = kParams.aDecl[j];
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

void LayoutRunner::deduceTemplate(
	const Function& m, const TypeRef& kParam, const Toks& aArgs, size_t b, size_t e, Frame& k, Frame& fCaller)
{
	if (!kParam.aArgs.empty() || k.kTemplate.count(kParam.sName)
		|| std::find(m.aTemplate.begin(), m.aTemplate.end(), kParam.sName) == m.aTemplate.end())
		return;
	if (!kParam.iPtr && kParam.aDims.empty())
	{
		const TypeRef kArg = writtenType(aArgs, b, e, fCaller);
		if (kArg.bValid && kArg.aDims.empty()) k.kTemplate[kParam.sName] = kArg;
		return;
	}
	unifyTemplate(m, kParam, argumentType(aArgs, b, e, fCaller), k, fCaller);
}

void LayoutRunner::unifyTemplate(const Function& m, const TypeRef& kParam, TypeRef kArg, Frame& k, Frame& fCaller)
{
	if (!kArg.bValid) return;
	const bool bParameter =
		kParam.aArgs.empty() && std::find(m.aTemplate.begin(), m.aTemplate.end(), kParam.sName) != m.aTemplate.end();
	if (!bParameter)
	{
		// Container<T> given Container<X>: X for T
		if (kParam.sName == kArg.sName)
			for (size_t q = 0; q < kParam.aArgs.size() && q < kArg.aArgs.size(); ++q)
				unifyTemplate(m, kParam.aArgs[q], kArg.aArgs[q], k, fCaller);
		return;
	}
	if (k.kTemplate.count(kParam.sName)) return;
	if (!kParam.aDims.empty())
	{
		// T a[], T (&a)[N]: an array's element; N bound to the array's bound
		if (kArg.aDims.size() < kParam.aDims.size()) return;
		for (size_t d = 0; d < kParam.aDims.size(); ++d)
		{
			const Toks& aDim = kParam.aDims[d];
			if (aDim.size() != 1 || k.kLocals.count(aDim[0].s)
				|| std::find(m.aValueTemplate.begin(), m.aValueTemplate.end(), aDim[0].s) == m.aValueTemplate.end())
				continue;
			size_t i = 0;
			const Value v = expr(kArg.aDims[d], i, kArg.aDims[d].size(), fCaller, 0);
			if (v.eKind != Value::Int) continue;
			Local l;
			l.kType.sName = "int";
			l.kType.bValid = true;
			l.v = v;
			k.kLocals[aDim[0].s] = l;
		}
		kArg.aDims.erase(kArg.aDims.begin(), kArg.aDims.begin() + std::ptrdiff_t(kParam.aDims.size()));
	}
	// T*: a pointer's target, or an array's element
	for (int n = 0; n < kParam.iPtr; ++n)
	{
		if (kArg.iPtr > 0)
			--kArg.iPtr;
		else if (!kArg.aDims.empty())
			kArg.aDims.erase(kArg.aDims.begin());
		else
			return;
	}
	if (kArg.aDims.empty()) k.kTemplate[kParam.sName] = kArg;
}

TypeRef LayoutRunner::argumentType(const Toks& a, size_t b, size_t e, Frame& f)
{
	if (b < e && a[b].s == "&")
	{
		TypeRef k = writtenType(a, b + 1, e, f);
		if (k.bValid) ++k.iPtr;
		return k;
	}
	return writtenType(a, b, e, f);
}

bool LayoutRunner::isOutReference(const Toks& a, size_t b, size_t e)
{
	bool bRef = false;
	for (size_t j = b; j < e && a[j].s != "="; ++j)
	{
		if (a[j].s == "const") return false;
		if (a[j].s == "&") bRef = true;
	}
	return bRef;
}

bool LayoutRunner::templateArgument(
	const ClassDef::TemplateParam& kParam, const Toks& aArg, const Frame& f, TypeRef& kArg)
{
	kArg = TypeRef();
	size_t j = 0;
	if (kParam.bType)
	{
		const TypeRef k = parseType(aArg, j, aArg.size());
		if (!k.bValid || j != aArg.size()) return false;
		kArg = resolve(k, f);
		return true;
	}
	// a value (int DEFAULT): its argument evaluated, kept as its number
	const Value v = aArg.empty() ? Value() : expr(aArg, j, aArg.size(), f, 0);
	if (v.eKind != Value::Int || j != aArg.size()) return false;
	kArg = valueArgument(v.i);
	return true;
}

bool LayoutRunner::templateArgument(const ClassDef::TemplateParam& kParam, const TypeRef& kClass, size_t n,
	const Frame& fGiven, const Frame& kBound, TypeRef& kArg)
{
	kArg = TypeRef();
	const bool bGiven = n < kClass.aArgs.size();
	if (bGiven && kParam.bType)
	{
		kArg = kClass.aArgs[n];
		return true;
	}
	if (!bGiven && kParam.aDefault.empty()) return false;
	Toks aText;
	if (bGiven) tokenize(valueText(kClass.aArgs[n]), 0, aText);
	return templateArgument(kParam, bGiven ? aText : kParam.aDefault, bGiven ? fGiven : kBound, kArg);
}

bool LayoutRunner::bindBaseTemplate(
	const std::string& sFrom, const std::string& sOwner, std::map<std::string, TypeRef>& kTemplate, int iDepth)
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
			TypeRef kArg;
			if (templateArgument(kParam, bGiven ? aArgs[n] : kParam.aDefault, bGiven ? kFrom : kBase, kArg))
				kBase.kTemplate[kParam.sName] = kArg;
		}
		if (bindBaseTemplate(sBase, sOwner, kBase.kTemplate, iDepth + 1))
		{
			for (const auto& [sName, kType] : kBase.kTemplate) kTemplate[sName] = kType;
			return true;
		}
	}
	return false;
}

void LayoutRunner::bindClassTemplate(
	const TypeRef& kClass, std::map<std::string, TypeRef>& kTemplate, Frame& fArgs, const Function* pMethod)
{
	const ClassDef* c = m_t.findClass(kClass.sName);
	// the arguments of the type parameters, in order (for an out-of-line method's own names)
	std::vector<TypeRef> aTypeArgs;
	for (size_t n = 0; n < kClass.aArgs.size(); ++n)
		if (!c || c->aTemplateParams.empty() || (n < c->aTemplateParams.size() && c->aTemplateParams[n].bType))
			aTypeArgs.push_back(kClass.aArgs[n]);
	if (!c || c->aTemplateParams.empty())
	{
		for (size_t j = 0; c && j < c->aTemplate.size() && j < kClass.aArgs.size(); ++j)
			kTemplate[c->aTemplate[j]] = kClass.aArgs[j];
		for (size_t j = 0; pMethod && j < pMethod->aTemplate.size() && j < aTypeArgs.size(); ++j)
			kTemplate[pMethod->aTemplate[j]] = aTypeArgs[j];
		return;
	}
	Frame kBound; // the parameters bound so far, for the defaults after them
	kBound.sClass = kClass.sName;
	for (size_t n = 0; n < c->aTemplateParams.size(); ++n)
	{
		const ClassDef::TemplateParam& kParam = c->aTemplateParams[n];
		TypeRef kArg;
		if (templateArgument(kParam, kClass, n, fArgs, kBound, kArg)) kBound.kTemplate[kParam.sName] = kArg;
	}
	for (const auto& [sName, k] : kBound.kTemplate) kTemplate[sName] = k;
	for (size_t j = 0; pMethod && j < pMethod->aTemplate.size() && j < aTypeArgs.size(); ++j)
		kTemplate[pMethod->aTemplate[j]] = aTypeArgs[j];
}

std::string LayoutRunner::valueText(const TypeRef& k)
{
	// Traits<A, B>::value is parsed as the type Traits::value with the arguments A, B
	const size_t iColons = k.sName.find("::");
	if (k.aArgs.empty() || iColons == std::string::npos) return k.sName;
	std::string s = k.sName.substr(0, iColons) + "<";
	for (size_t n = 0; n < k.aArgs.size(); ++n) s += (n ? ", " : "") + typeText(k.aArgs[n]);
	return s + ">" + k.sName.substr(iColons);
}

TypeRef LayoutRunner::valueArgument(long long i)
{
	TypeRef k;
	k.sName = std::to_string(i);
	k.bValid = true;
	return k;
}

bool LayoutRunner::boundValue(const Frame& f, const std::string& sName, long long& i)
{
	auto it = f.kTemplate.find(sName);
	if (it == f.kTemplate.end() || it->second.sName.empty()) return false;
	const std::string& s = it->second.sName;
	if (!(std::isdigit(static_cast<unsigned char>(s[0])) || (s[0] == '-' && s.size() > 1))) return false;
	i = std::stoll(s);
	return true;
}

TypeRef LayoutRunner::withDefaultArguments(TypeRef k)
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
			const TypeRef kDefault = kParam.bType ? parseType(kParam.aDefault, j, kParam.aDefault.size()) : TypeRef();
			if (!kDefault.bValid || j != kParam.aDefault.size()) break;
			k.aArgs.push_back(resolve(kDefault, kBound));
		}
		kBound.kTemplate[kParam.sName] = k.aArgs[n];
	}
	return k;
}

std::string LayoutRunner::specialisationFor(const TypeRef& k)
{
	std::string sText = typeText(k);
	if (m_t.findClass(sText) || k.aArgs.empty()) return sText;
	if (m_t.kSpecialisations.empty())
	{
		Frame kNone;
		for (const auto& kClass : m_t.kClasses)
		{
			const std::string& sName = kClass.first;
			const size_t iLt = sName.find('<');
			if (iLt == std::string::npos) continue;
			Toks aName;
			tokenize(sName, 0, aName);
			size_t j = 0;
			const TypeRef kSpec = parseType(aName, j, aName.size());
			if (kSpec.bValid && j == aName.size()) m_t.kSpecialisations.emplace(typeText(resolve(kSpec, kNone)), sName);
		}
		m_t.kSpecialisations.emplace("", ""); // built
	}
	auto it = m_t.kSpecialisations.find(sText);
	return it == m_t.kSpecialisations.end() ? sText : it->second;
}

std::string LayoutRunner::chooseSpecialisation(const TypeRef& kIn, Frame& f, std::map<std::string, TypeRef>& kTemplate)
{
	const ClassDef* c = m_t.findClass(kIn.sName);
	if (!c || c->aTemplateParams.empty()) return std::string();
	// the arguments, every one: a value one as its number, those left out their defaults
	Frame kBound;
	kBound.sClass = kIn.sName;
	kBound.iDepth = f.iDepth + 1;
	TypeRef k = kIn;
	for (size_t n = 0; n < c->aTemplateParams.size(); ++n)
	{
		const ClassDef::TemplateParam& kParam = c->aTemplateParams[n];
		TypeRef kArg;
		templateArgument(kParam, k, n, f, kBound, kArg);
		if (!kArg.bValid) return std::string();
		kBound.kTemplate[kParam.sName] = kArg;
		if (n < k.aArgs.size())
			k.aArgs[n] = kArg;
		else
			k.aArgs.push_back(kArg);
	}
	// (remembered by the full arguments: the same ones choose the same class)
	const std::string sKey = typeText(k);
	auto itChosen = m_kChosen.find(sKey);
	if (itChosen != m_kChosen.end())
	{
		kTemplate = itChosen->second.second;
		return itChosen->second.first;
	}
	if (m_t.kSpecialisationsOf.empty())
	{
		for (const auto& [sName, kClass] : m_t.kClasses)
			if (sName.find('<') != std::string::npos)
				m_t.kSpecialisationsOf[sName.substr(0, sName.find('<'))].push_back(sName);
		for (auto& [sTemplate, aNames] : m_t.kSpecialisationsOf) std::sort(aNames.begin(), aNames.end());
		m_t.kSpecialisationsOf.emplace("", std::vector<std::string>()); // built
	}
	// the specialisations of this template, by their arguments as written: the explicit one, else the
	// partial one with the fewest parameters that the arguments match (the most specialised)
	std::string sPartial;
	std::map<std::string, TypeRef> kPartial;
	size_t iPartialVars = 0;
	auto itSpecs = m_t.kSpecialisationsOf.find(kIn.sName);
	for (const std::string& sName :
		itSpecs == m_t.kSpecialisationsOf.end() ? std::vector<std::string>() : itSpecs->second)
	{
		const ClassDef& kSpec = *m_t.findClass(sName);
		Toks aName;
		tokenize(sName, 0, aName);
		size_t j = 0;
		const TypeRef kPattern = parseType(aName, j, aName.size());
		if (!kPattern.bValid || j != aName.size() || kPattern.aArgs.size() != k.aArgs.size()) continue;
		std::vector<std::string> aVars;
		for (const ClassDef::TemplateParam& kParam : kSpec.aTemplateParams) aVars.push_back(kParam.sName);
		for (const std::string& sVar : kSpec.aTemplate)
			if (std::find(aVars.begin(), aVars.end(), sVar) == aVars.end()) aVars.push_back(sVar);
		std::map<std::string, TypeRef> kMatch;
		bool bMatch = true;
		for (size_t n = 0; n < k.aArgs.size() && bMatch; ++n)
			bMatch = matchPattern(kPattern.aArgs[n], k.aArgs[n], aVars, kMatch);
		if (!bMatch) continue;
		if (aVars.empty())
		{
			kTemplate.clear();
			m_kChosen[sKey] = { sName, kTemplate };
			return sName; // the explicit specialisation
		}
		if (sPartial.empty() || aVars.size() < iPartialVars)
		{
			sPartial = sName;
			kPartial = kMatch;
			iPartialVars = aVars.size();
		}
	}
	if (!sPartial.empty())
	{
		kTemplate = kPartial;
		m_kChosen[sKey] = { sPartial, kTemplate };
		return sPartial;
	}
	kTemplate = kBound.kTemplate;
	m_kChosen[sKey] = { kIn.sName, kTemplate };
	return kIn.sName;
}

bool LayoutRunner::matchPattern(const TypeRef& kPattern, const TypeRef& kArg, const std::vector<std::string>& aVars,
	std::map<std::string, TypeRef>& kTemplate)
{
	const bool bVar = kPattern.aArgs.empty() && kPattern.aDims.empty()
		&& std::find(aVars.begin(), aVars.end(), kPattern.sName) != aVars.end();
	if (bVar)
	{
		TypeRef kValue = kArg;
		if (kValue.iPtr < kPattern.iPtr) return false; // T* given what is no pointer
		kValue.iPtr -= kPattern.iPtr;
		auto it = kTemplate.find(kPattern.sName);
		if (it != kTemplate.end()) return typeText(it->second) == typeText(kValue);
		kTemplate[kPattern.sName] = kValue;
		return true;
	}
	// a value written in the pattern (true, 0, NUM_X): equal to the argument's number
	long long iArg = 0;
	const bool bArgValue =
		!kArg.sName.empty() && (std::isdigit(static_cast<unsigned char>(kArg.sName[0])) || kArg.sName[0] == '-');
	if (bArgValue) iArg = std::stoll(kArg.sName);
	Toks aPattern;
	tokenize(kPattern.sName, 0, aPattern);
	if (bArgValue || (!aPattern.empty() && aPattern[0].k == 'n'))
	{
		if (!bArgValue || !kPattern.aArgs.empty()) return false;
		Frame kNone;
		size_t j = 0;
		const Value v = expr(aPattern, j, aPattern.size(), kNone, 0);
		return v.eKind == Value::Int && j == aPattern.size() && v.i == iArg;
	}
	// a type: the same name (as resolved), its arguments matched one by one
	Frame kNone;
	TypeRef kResolved = resolve(kPattern, kNone);
	if (kResolved.sName != kArg.sName || kResolved.iPtr != kArg.iPtr || kResolved.aArgs.size() != kArg.aArgs.size())
		return false;
	for (size_t n = 0; n < kPattern.aArgs.size(); ++n)
		if (!matchPattern(kPattern.aArgs[n], kArg.aArgs[n], aVars, kTemplate)) return false;
	return true;
}

Value LayoutRunner::castTo(const TypeRef& k, Value v, Frame& f)
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

TypeRef LayoutRunner::writtenType(const Toks& a, size_t b, size_t e, Frame& f)
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

bool LayoutRunner::acceptsArguments(const Function& m, size_t n) const
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

const Function* LayoutRunner::freeFunction(const std::string& sName, const Toks& a, size_t b, size_t e, Frame& f)
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

Value LayoutRunner::declaredDefault(const Function& m, size_t j, size_t n, Frame& k)
{
	const Value kNone = Value::unknown("no argument is given for parameter " + std::to_string(j + 1) + " of " + m.sName
		+ "() and no default the deriver can find");
	const ClassDef* c = m.sClass.empty() ? nullptr : m_t.findClass(m.sClass);
	if (!c) return kNone;
	auto it = c->kDeclarations.find(m.sName.substr(m.sName.rfind(':') + 1));
	if (it == c->kDeclarations.end()) return kNone;
	const Toks& a = m_t.aFiles[size_t(c->iFile)].aToks;
	for (const auto& [b, e] : it->second)
	{
		const std::vector<std::pair<size_t, size_t>> aParams = parameterRanges(a, b, e);
		std::vector<Declarator> aDecl;
		if (aParams.size() != n || !parseDeclaration(a, aParams[j].first, aParams[j].second, aDecl) || aDecl.size() != 1
			|| !aDecl[0].iInit)
			continue;
		size_t i = aDecl[0].iInit;
		return expr(a, i, aDecl[0].iInitEnd, k, 0);
	}
	return kNone;
}

bool LayoutRunner::isObjectType(const TypeRef& k) const
{
	if (k.sName.empty() || stringKind(k.sName)) return false;
	bool bU = false;
	if (scalarSize(k.sName, bU) || isEnum(k.sName)) return false;
	return m_t.findClass(k.sName) != nullptr;
}

TypeRef LayoutRunner::objectClass(TypeRef k) const
{
	k.iPtr = 0;
	k.aDims.clear();
	return k;
}

Value LayoutRunner::newObject(const TypeRef& kType, Frame& f)
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

LayoutRecord* LayoutRunner::childOf(const Place& p, Frame& f, const TypeRef& kType)
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

void LayoutRunner::construct(const TypeRef& k, LayoutRecord& r, Frame& f)
{
	std::map<std::string, TypeRef> kTemplate;
	bindClassTemplate(k, kTemplate, f);
	constructAs(k.sName, k.sName, kTemplate, r, f, 0);
}

void LayoutRunner::constructAs(const std::string& sDerived, const std::string& sClass,
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

LayoutRecord* LayoutRunner::memberObject(const Place& p, Frame& f)
{
	if (!p.bIndexed)
	{
		auto it = p.pObj->kChildren.find(p.sRoot);
		if (it != p.pObj->kChildren.end() && !it->second.empty()) return it->second.back().get();
	}
	return childOf(p, f, resolve(p.kType, f));
}

bool LayoutRunner::callTemplateMethod(const Toks& a, size_t b, size_t iOpen, size_t e, Frame& f, const CodeLine& sWhere)
{
	if (iOpen < b + 3 || a[iOpen - 1].s != ">") return false;
	// the '<' of the arguments, and the name before it
	size_t iLt = iOpen - 1;
	for (int iAngle = 0;; --iLt)
	{
		if (a[iLt].s == ">") ++iAngle;
		if (a[iLt].s == "<" && --iAngle == 0) break;
		if (iLt == b) return false;
	}
	if (iLt <= b || a[iLt - 1].k != 'i' || matchClose(a, iLt) != iOpen - 1) return false;
	const size_t iName = iLt - 1;
	CallTarget kTarget;
	if (iName == b)
	{
		if (f.sClass.empty()) return false;
		kTarget.bSame = true;
	}
	else if (iName >= b + 2 && (a[iName - 1].s == "." || a[iName - 1].s == "->"))
	{
		if (!callTarget(a, b, iName - 1, f, sWhere, kTarget))
			fail(sWhere,
				"cannot follow the object '" + joinToks(a, b, iName - 1) + "' whose " + a[iName].s + "<...> reads");
	}
	else
		return false;
	const std::string sClass = kTarget.bSame ? f.sClass : kTarget.kClass.sName;
	// the specialisations' own arguments are evaluated in the scope of the object's class
	Frame kScope;
	if (!kTarget.bSame)
	{
		kScope.sClass = sClass;
		bindClassTemplate(kTarget.kClass, kScope.kTemplate, f);
	}
	std::vector<TemplateArgument> aArgs;
	std::string sWhyNot;
	const Function* pChosen =
		chooseTemplateMethod(a, iName, iOpen, sClass, f, kTarget.bSame ? f : kScope, aArgs, sWhyNot);
	if (!pChosen) fail(sWhere, sWhyNot);
	Frame k = kTarget.bSame ? templateMethodFrame(*pChosen, aArgs, f) : targetFrame(kTarget, *pChosen, f);
	if (!kTarget.bSame) bindTemplateArguments(*pChosen, aArgs, k);
	bindArgs(*pChosen, k, a, iOpen + 1, e - 1, f);
	call(*pChosen, k);
	return true;
}

const Function* LayoutRunner::chooseTemplateMethod(const Toks& a, size_t iName, size_t iOpen, const std::string& sClass,
	Frame& f, Frame& fScope, std::vector<TemplateArgument>& aArgs, std::string& sWhyNot)
{
	const std::string sName = a[iName].s;
	// each argument a value if it evaluates to one, else a type
	const auto argument = [&](const Toks& t, size_t j, size_t iEnd, Frame& fIn, TemplateArgument& k) {
		size_t i = j;
		const Value v = expr(t, i, iEnd, fIn, 0);
		if (v.eKind == Value::Int && i == iEnd)
		{
			k.i = v.i;
			return true;
		}
		i = j;
		const TypeRef kType = parseType(t, i, iEnd);
		if (!kType.bValid || i != iEnd) return false;
		k.bType = true;
		k.kType = resolve(kType, fIn);
		return true;
	};
	for (size_t j = iName + 2; j < iOpen - 1;)
	{
		size_t iComma = findTop(a, j, iOpen - 1, ",");
		if (iComma == std::string::npos) iComma = iOpen - 1;
		TemplateArgument k;
		if (!argument(a, j, iComma, f, k))
		{
			sWhyNot = "the template argument " + joinToks(a, j, iComma) + " of " + sName
				+ "<...> is neither a value the deriver can evaluate nor a type";
			return nullptr;
		}
		aArgs.push_back(k);
		j = iComma + 1;
	}
	const Function* pGeneric = nullptr;
	for (const Function* m : m_t.methodsNamed(sClass, sName))
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
			TemplateArgument k;
			bSame = n < aArgs.size() && argument(t, j, iComma, fScope, k) && k.bType == aArgs[n].bType
				&& (k.bType ? typeText(k.kType) == typeText(aArgs[n].kType) : k.i == aArgs[n].i);
			j = iComma + 1;
		}
		if (bSame && n == aArgs.size()) return m;
	}
	if (!pGeneric) sWhyNot = "no " + sClass + "::" + sName + " template in the tree";
	return pGeneric;
}

Frame LayoutRunner::templateMethodFrame(
	const Function& m, const std::vector<TemplateArgument>& aArgs, const Frame& f) const
{
	Frame k;
	k.sClass = f.sClass;
	k.kTemplate = f.kTemplate;
	k.pRecord = f.pRecord;
	k.iDepth = f.iDepth + 1;
	bindTemplateArguments(m, aArgs, k);
	return k;
}

void LayoutRunner::bindTemplateArguments(const Function& m, const std::vector<TemplateArgument>& aArgs, Frame& k)
{
	const auto bindValue = [&](const std::string& sName, long long i) {
		Local l;
		l.kType.sName = "int";
		l.kType.bValid = true;
		l.v = Value::of(i);
		k.kLocals[sName] = l;
	};
	if (m.bOwnTemplate)
	{
		for (size_t n = 0; n < m.aOwnTemplate.size() && n < aArgs.size(); ++n)
		{
			const auto& [sName, bType] = m.aOwnTemplate[n];
			if (bType && aArgs[n].bType)
				k.kTemplate[sName] = aArgs[n].kType;
			else if (!bType && !aArgs[n].bType)
				bindValue(sName, aArgs[n].i);
		}
		return;
	}
	size_t j = 0;
	for (const TemplateArgument& kArg : aArgs)
		if (!kArg.bType && j < m.aValueTemplate.size()) bindValue(m.aValueTemplate[j++], kArg.i);
}

bool LayoutRunner::selfType(const std::string& sMethod, const Frame& f, TypeRef& kOut)
{
	std::string sOwner;
	const Function* m = f.sClass.empty() ? nullptr : m_t.findMethod(f.sClass, sMethod, false, &sOwner);
	if (!m || m->iParams != m->iParamsEnd) return false;
	const Stmt* pReturn = &m_t.body(*m);
	while (pReturn->eKind == Stmt::Block && pReturn->aKids.size() == 1) pReturn = &pReturn->aKids[0];
	if (pReturn->eKind != Stmt::Return) return false;
	const Toks& t = m_t.aFiles[size_t(m->iFile)].aToks;
	size_t i = pReturn->b, e = pReturn->e;
	const bool bDeref = i < e && t[i].s == "*";
	if (bDeref) ++i;
	TypeRef kType;
	if (i + 1 < e && (t[i].s == "static_cast" || t[i].s == "reinterpret_cast") && t[i + 1].s == "<")
	{
		// *static_cast<T*>(this), static_cast<T&>(*this)
		const size_t iGt = matchClose(t, i + 1);
		if (iGt == std::string::npos || iGt + 1 >= e || t[iGt + 1].s != "(" || matchClose(t, iGt + 1) != e - 1)
			return false;
		size_t q = i + 2;
		kType = parseType(t, q, iGt);
		if (!kType.bValid || q != iGt) return false;
		const std::string sInner = joinToks(t, iGt + 2, e - 1);
		if (!(bDeref && sInner == "this" && kType.iPtr == 1) && !(!bDeref && sInner == "*this" && kType.iPtr == 0))
			return false;
		kType.iPtr = 0;
	}
	else if (bDeref && i + 1 == e && t[i].s == "this")
	{
		kType.sName = f.sClass; // *this: this object as it is
		kType.bValid = true;
		kOut = kType;
		return true;
	}
	else
		return false;
	Frame kScope;
	kScope.sClass = f.sClass;
	kScope.kTemplate = f.kTemplate;
	if (sOwner != f.sClass) bindBaseTemplate(f.sClass, sOwner, kScope.kTemplate);
	kOut = objectClass(resolve(kType, kScope));
	return m_t.findClass(kOut.sName) != nullptr;
}

bool LayoutRunner::callTarget(const Toks& a, size_t b, size_t e, Frame& f, const CodeLine& sWhere, CallTarget& k)
{
	// this object, through a method of its own that returns it: NAME(), this->NAME()
	size_t n = b;
	if (n + 2 < e && a[n].s == "this" && a[n + 1].s == "->") n += 2;
	if (n + 3 == e && a[n].k == 'i' && a[n + 1].s == "(" && a[n + 2].s == ")" && f.pRecord)
	{
		TypeRef kSelf;
		if (!selfType(a[n].s, f, kSelf)) return false;
		k.pRecord = f.pRecord;
		k.kClass = kSelf;
		k.bSame = kSelf.sName == f.sClass && kSelf.aArgs.empty();
		return true;
	}
	if (b + 1 == e && a[b].s == "this") return false;
	size_t i = b;
	Place p = readPlace(a, i, e, f, sWhere);
	if (!p.bValid || i != e) return false;
	const TypeRef kClass = objectClass(resolve(p.kType, f));
	if (!m_t.findClass(kClass.sName))
		fail(sWhere, "the class " + typeText(kClass) + " of '" + p.sKey + "' is not in the tree");
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
	k.pRecord = r;
	k.kClass = kClass;
	return true;
}

const Function* LayoutRunner::findMethodOfType(
	const TypeRef& kClass, const std::string& sName, bool bStream, TypeRef& kOwner, Frame& f)
{
	std::vector<TypeRef> aQueue = { kClass };
	std::set<std::string> kSeen;
	for (size_t q = 0; q < aQueue.size() && q < 32; ++q)
	{
		const TypeRef kType = aQueue[q];
		if (!kSeen.insert(typeText(kType)).second) continue;
		const ClassDef* c = m_t.findClass(kType.sName);
		if (!c) continue;
		// its own methods of that name
		std::vector<const Function*> aCandidates;
		auto it = m_t.kFunctions.find(kType.sName + "::" + sName);
		if (it != m_t.kFunctions.end())
			for (const Function& m : it->second) aCandidates.push_back(&m);
		auto jt = c->kMethods.find(sName);
		if (jt != c->kMethods.end()) aCandidates.insert(aCandidates.end(), jt->second.begin(), jt->second.end());
		for (const Function* m : aCandidates)
		{
			if (m->iSpecArgsEnd) continue;
			const Toks& a = m_t.aFiles[size_t(m->iFile)].aToks;
			bool bHasStream = false;
			for (size_t i = m->iParams; i < m->iParamsEnd && !bHasStream; ++i) bHasStream = a[i].s == "FDataStreamBase";
			if (bHasStream == bStream)
			{
				kOwner = kType;
				return m;
			}
		}
		// its bases, typed: a template parameter as what it is bound to
		Frame kBound;
		kBound.sClass = kType.sName;
		bindClassTemplate(kType, kBound.kTemplate, f);
		for (const auto& [sBase, aArgs] : c->aBaseArgs)
		{
			auto kt = kBound.kTemplate.find(sBase);
			if (kt != kBound.kTemplate.end() && aArgs.empty())
			{
				aQueue.push_back(objectClass(kt->second));
				continue;
			}
			TypeRef kBase{ sBase, {}, 0, {}, true };
			for (const Toks& aArg : aArgs)
			{
				size_t j = 0;
				TypeRef kArg = parseType(aArg, j, aArg.size());
				if (!kArg.bValid || j != aArg.size()) kArg = TypeRef{ joinToks(aArg, 0, aArg.size()), {}, 0, {}, true };
				kBase.aArgs.push_back(resolve(kArg, kBound));
			}
			aQueue.push_back(kBase);
		}
	}
	return nullptr;
}

Frame LayoutRunner::targetFrame(const CallTarget& kTarget, const Function& m, Frame& f, const std::string& sOwnerIn)
{
	const std::string& sOwner = sOwnerIn.empty() ? m.sClass : sOwnerIn;
	if (kTarget.bSame)
	{
		Frame k;
		k.sClass = f.sClass;
		k.kTemplate = f.kTemplate;
		k.pRecord = f.pRecord;
		k.iDepth = f.iDepth + 1;
		return k;
	}
	Frame k;
	k.sClass = kTarget.kClass.sName;
	// (an out-of-line template method may name its parameters otherwise than its class does)
	bindClassTemplate(kTarget.kClass, k.kTemplate, f, sOwner == k.sClass ? &m : nullptr);
	if (sOwner != k.sClass) bindBaseTemplate(k.sClass, sOwner, k.kTemplate);
	k.pRecord = kTarget.pRecord;
	k.iDepth = f.iDepth + 1;
	return k;
}

std::string LayoutRunner::templateCallNote(const Toks& a, size_t b, size_t iOpen)
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

void LayoutRunner::call(const Function& m, Frame& k)
{
	if (k.iDepth > 40) fail(m_t.where(m, 0), "the reads nest too deep");
	k.pFunc = &m;
	const Stmt& s = m_t.body(m);
	k.sStream = m.sStream;
	if (k.sStream.empty()) fail(m_t.where(m, s.iLine), "no stream parameter");
	run(s, k);
}

Frame LayoutRunner::ownMethodFrame(const Frame& f, const std::string& sOwner)
{
	Frame k;
	k.sClass = f.sClass;
	k.kTemplate = f.kTemplate;
	// a base's method: the base's parameters bound (their names may not be the class's)
	if (sOwner != f.sClass) bindBaseTemplate(f.sClass, sOwner, k.kTemplate);
	k.pRecord = f.pRecord;
	k.iDepth = f.iDepth + 1;
	return k;
}

} // namespace cvv::layout
