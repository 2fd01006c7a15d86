// The LayoutRunner's values: the tree's constants, types resolved and their sizes, places (the
// lvalues a statement names), their loads and stores.
#include "formats/layout/LayoutRunner.h"

#include <algorithm>
#include <cstring>
#include <unordered_map>

namespace cvv::layout {

long long LayoutRunner::constant(const std::string& sName, const std::string& sWhere)
{
	if (!m_t.kMacros.count(sName) && !m_t.kEnumerators.count(sName))
		if (const Toks* pBody = fileMacro(sName))
			return evalConst(*pBody, m_t.aFiles[size_t(m_pWhereFunc->iFile)].sName, sName); // not kept: the file's own
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

long long LayoutRunner::evalConst(const Toks& a, const std::string& sFile, const std::string& sName)
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
		throw LayoutError(sFile + ":" + std::to_string(a.empty() ? 0 : a[0].iLine) + " (" + sName + "): the value of "
			+ sName + " cannot be evaluated" + (v.sWhy.empty() ? "" : " (" + v.sWhy + ")"));
	return v.i;
}

TypeRef LayoutRunner::resolve(TypeRef k, const Frame& f, int iDepth)
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
	const auto withOwn = [&](TypeRef r) {
		r.iPtr += k.iPtr;
		r.aDims.insert(r.aDims.end(), k.aDims.begin(), k.aDims.end());
		return r;
	};
	// a typedef of the frame's class or a base (typedef typename choose_type<...>::type CompactV;)
	if (k.aArgs.empty() && !f.sClass.empty() && m_t.kClassTypedefNames.count(k.sName))
	{
		const TypeRef r = classTypedef(f.sClass, k.sName, f.kTemplate, iDepth);
		if (r.bValid) return withOwn(r);
	}
	// a typedef of the tree, and whether k names a nested class (below): one look-up, remembered
	const NameFacts& kFacts = nameFacts(k.sName);
	if (kFacts.pTypedef) return resolve(withOwn(*kFacts.pTypedef), f, iDepth + 1);
	// a type of a class: Traits<ARGS>::type (of the specialisation the arguments choose), T::type
	const size_t iColons = k.sName.find("::");
	if (iColons != std::string::npos && k.sName.find("::", iColons + 2) == std::string::npos
		&& m_t.kClassTypedefNames.count(k.sName.substr(iColons + 2)) && !m_t.kClasses.count(k.sName))
	{
		TypeRef kHead = resolve(TypeRef{ k.sName.substr(0, iColons), k.aArgs, 0, {}, true }, f, iDepth + 1);
		std::map<std::string, TypeRef> kBound;
		std::string sClass = typeText(kHead);
		if (!m_t.findClass(sClass))
		{
			Frame kArgs = f;
			sClass = chooseSpecialisation(kHead, kArgs, kBound);
		}
		if (!sClass.empty())
		{
			const TypeRef r = classTypedef(sClass, k.sName.substr(iColons + 2), kBound, iDepth);
			if (r.bValid) return withOwn(r);
		}
	}
	for (TypeRef& kArg : k.aArgs) kArg = resolve(kArg, f, iDepth + 1);
	// a class nested in the frame's class, by its own name
	if (kFacts.bNested && m_t.kClasses.count(f.sClass + "::" + k.sName)) k.sName = f.sClass + "::" + k.sName;
	return k;
}

TypeRef LayoutRunner::returnType(const Function& m) const
{
	const Toks& a = m_t.aFiles[size_t(m.iFile)].aToks;
	const size_t iOpen = m.iSpecArgsEnd ? m.iSpecArgs - 1 : m.iParams - 1; // '(' or the '<' of name<ARGS>
	if (iOpen < 2 || a[iOpen - 1].k != 'i') return TypeRef();
	const size_t iName = iOpen - 1;
	// back over the declaration's type: names, '*', '&', '::' and template arguments
	size_t b = iName;
	while (b > 0)
	{
		const Tok& t = a[b - 1];
		if (t.s == ">")
		{
			size_t j = b - 1;
			for (int iAngle = 0;; --j)
			{
				if (a[j].s == ">") ++iAngle;
				if (a[j].s == "<" && --iAngle == 0) break;
				if (j == 0) return TypeRef();
			}
			if (j > 0 && a[j - 1].s == "template") break;
			b = j;
			continue;
		}
		if ((t.k == 'i' && t.s != "public" && t.s != "private" && t.s != "protected" && t.s != "template") || t.s == "*"
			|| t.s == "&" || t.s == "::")
		{
			--b;
			continue;
		}
		break;
	}
	size_t i = b;
	const TypeRef k = parseType(a, i, iName);
	return k.bValid && i <= iName ? k : TypeRef();
}

TypeRef LayoutRunner::classTypedef(
	const std::string& sClass, const std::string& sName, const std::map<std::string, TypeRef>& kTemplate, int iDepth)
{
	std::vector<std::string> aQueue = { sClass };
	for (size_t q = 0; q < aQueue.size() && q < 32; ++q)
	{
		const ClassDef* c = m_t.findClass(aQueue[q]);
		if (!c) continue;
		auto it = c->kTypedefs.find(sName);
		if (it == c->kTypedefs.end())
		{
			aQueue.insert(aQueue.end(), c->aBases.begin(), c->aBases.end());
			continue;
		}
		Frame kOwner;
		kOwner.sClass = aQueue[q];
		kOwner.kTemplate = kTemplate;
		if (aQueue[q] != sClass) bindBaseTemplate(sClass, aQueue[q], kOwner.kTemplate);
		if (it->second.sName == sName && it->second.aArgs.empty()) return TypeRef(); // typedef X X;
		return resolve(it->second, kOwner, iDepth + 1);
	}
	return TypeRef();
}

int LayoutRunner::scalarSize(const std::string& s, bool& bUnsigned)
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

std::unordered_map<std::string, std::pair<int, bool>> LayoutRunner::scalarTypes()
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
	add(4, true, { "unsigned int", "unsigned", "uint", "unsigned long", "DWORD", "UINT", "size_t", "uint32", "ULONG" });
	add(8, false, { "double", "__int64", "long long", "int64" });
	add(8, true, { "unsigned long long", "uint64" });
	return k;
}

int LayoutRunner::stringKind(const std::string& s) const
{
	if (equalsLiteral(s, "CvString") || equalsLiteral(s, "string") || equalsLiteral(s, "basic_string")) return 1;
	if (equalsLiteral(s, "CvWString") || equalsLiteral(s, "wstring")) return 2;
	return 0;
}

int LayoutRunner::elementSize(const TypeRef& k, bool& bUnsigned) const
{
	bUnsigned = false;
	if (k.iPtr > 0) return 4;
	const int i = scalarSize(k.sName, bUnsigned);
	if (i) return i;
	if (isEnum(k.sName)) return 4;
	return 0;
}

long long LayoutRunner::sizeOf(const TypeRef& kIn, const Frame& f, int* pAlign, int iDepth)
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

long long LayoutRunner::classSize(const TypeRef& k, const Frame& f, int& iAlign, int iDepth)
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

long long LayoutRunner::rememberedClassSize(const TypeRef& k, const Frame& f, int& iAlign)
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

bool LayoutRunner::namesTemplateParameter(const std::vector<std::string>& aNames, const Frame& f)
{
	if (f.kTemplate.empty()) return false;
	for (const std::string& s : aNames)
		if (f.kTemplate.count(s)) return true;
	return false;
}

bool LayoutRunner::memberType(const std::string& sClass, const std::string& sMember, TypeRef& kOut,
	const std::vector<TypeRef>& aArgs, std::map<std::string, TypeRef>* pBind) const
{
	const MemberOwner& k = m_t.memberOwner(sClass, sMember);
	if (!k.pClass) return false;
	kOut = *k.pType;
	if (pBind)
		for (size_t i = 0; i < k.pClass->aTemplate.size() && i < aArgs.size(); ++i)
			(*pBind)[k.pClass->aTemplate[i]] = aArgs[i];
	return true;
}

const LayoutRunner::NameFacts& LayoutRunner::nameFacts(const std::string& sName) const
{
	auto it = m_kNameFacts.find(sName);
	if (it != m_kNameFacts.end()) return it->second;
	NameFacts k;
	auto jt = m_t.kTypedefs.find(sName);
	if (jt != m_t.kTypedefs.end() && jt->second.sName != sName && !m_t.kClasses.count(sName)) k.pTypedef = &jt->second;
	k.bNested = m_t.kNestedNames.count(sName) != 0;
	return m_kNameFacts.emplace(sName, k).first->second;
}

const MemberOwner& LayoutRunner::memberAt(const Tok& t, const std::string& sClass)
{
	MemberAt& k = m_kMemberAt[&t];
	if (k.pOwner && k.sClass == sClass && k.sName == t.s) return *k.pOwner;
	k.pOwner = &m_t.memberOwner(sClass, t.s);
	k.sClass = sClass;
	k.sName = t.s;
	return *k.pOwner;
}

TypeRef LayoutRunner::resolvedMember(const TypeRef& k, const Frame& f)
{
	// what resolve() depends on besides the tree: the frame's template parameters and class, the
	// names noted for a size being remembered
	if (!f.kTemplate.empty() || m_pResolvedNames) return resolve(k, f);
	auto it = m_kResolvedMembers.find(&k);
	if (it != m_kResolvedMembers.end() && it->second.first == f.sClass) return it->second.second;
	TypeRef r = resolve(k, f);
	m_kResolvedMembers[&k] = std::make_pair(f.sClass, r);
	return r;
}

TypeRef LayoutRunner::resolvedLocal(const Local& l, const Frame& f)
{
	if (!f.kTemplate.empty() || m_pResolvedNames) return resolve(l.kType, f);
	if (!l.pResolved || l.sResolvedClass != f.sClass)
	{
		l.pResolved = std::make_shared<const TypeRef>(resolve(l.kType, f));
		l.sResolvedClass = f.sClass;
	}
	return *l.pResolved;
}

Place LayoutRunner::place(const Toks& a, size_t& i, size_t e, Frame& f)
{
	Place p;
	if (i + 1 < e && a[i].s == "this" && a[i + 1].s == "->") i += 2;
	if (i >= e || a[i].k != 'i') return p;
	p.sRoot = a[i].s;
	auto it = f.kLocals.find(p.sRoot);
	if (it != f.kLocals.end())
	{
		p.bLocal = true;
		p.kType = resolvedLocal(it->second, f);
		p.pObj = it->second.v.pObj;
	}
	else
	{
		const MemberOwner& kOwner = memberAt(a[i], f.sClass);
		if (!kOwner.pClass) return p;
		p.kType = resolvedMember(*kOwner.pType, f);
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

std::string LayoutRunner::whereTok(const Frame& f, const Toks& a, size_t i) const
{
	const int iLine = i < a.size() ? a[i].iLine : (a.empty() ? 0 : a.back().iLine);
	if (!f.pFunc) return m_sConstFile + ":" + std::to_string(iLine);
	return where(f, iLine);
}

Value LayoutRunner::load(const Place& p, Frame& f)
{
	if (!p.sUnknownIndex.empty()) return Value::unknown(p.sUnknownIndex);
	if (p.bLocal && p.sSub.empty()) return f.kLocals[p.sRoot].v;
	const LayoutRecord* r = p.pObj;
	if (!r) return Value::unknown(p.sKey + " has no value here");
	const std::string& sKey = p.bLocal ? p.sSub : p.sKey;
	const size_t iBracket0 = sKey.find('[');
	if (isStale(r, sKey) && (iBracket0 == std::string::npos || isStale(r, sKey.substr(0, iBracket0))))
		return Value::unknown(p.sKey + " may be changed by " + staleCall(r) + ", which the deriver does not follow");
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

void LayoutRunner::store(const Place& p, Frame& f, const Value& v)
{
	if (p.bLocal && p.sSub.empty())
	{
		f.kLocals[p.sRoot].v = v;
		return;
	}
	LayoutRecord* r = p.pObj;
	if (!r) return;
	const std::string& sKey = p.bLocal ? p.sSub : p.sKey;
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

} // namespace cvv::layout
