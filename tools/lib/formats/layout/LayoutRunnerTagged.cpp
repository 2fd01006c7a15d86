// The LayoutRunner's tagged save wrapper (formats/TaggedLayout.h; RoM-AND's CvTaggedSaveFormatWrapper,
// docs/file-formats.md 3.3.1): a read() that attaches an object of a wrapper class of the tree to its
// stream (SaveLayout::Impl::taggedAttach) reads through it. Its read forms take the element named
// from the tagged stream (or, untagged, the stream's own bytes); its mode and tables are values of
// conditions and loops (isUsingTaggedFormat, getNumClassEnumValues, getNewClassEnumValue).
#include "formats/layout/LayoutRunner.h"
#include "formats/TaggedLayout.h"

#include <algorithm>

namespace cvv::layout {

namespace {

// The text of a name argument: its string literals joined ("CvPlot" "::" "&m_iX"); else its tokens.
std::string nameArgument(const Toks& a, size_t b, size_t e)
{
	std::string s;
	for (size_t i = b; i < e; ++i)
	{
		if (a[i].k != 's') return joinToks(a, b, e);
		const std::string& t = a[i].s;
		const size_t iOpen = t.find('"');
		const size_t iClose = t.rfind('"');
		if (iOpen == std::string::npos || iClose <= iOpen) return joinToks(a, b, e);
		for (size_t j = iOpen + 1; j < iClose; ++j)
		{
			if (t[j] == '\\' && j + 1 < iClose) ++j;
			s += t[j];
		}
	}
	return s;
}

} // namespace

TaggedLayoutState& LayoutRunner::tagged()
{
	if (m_kGlobals.pTagged) return *m_kGlobals.pTagged;
	if (!m_pOwnTagged) m_pOwnTagged = std::make_shared<TaggedLayoutState>();
	return *m_pOwnTagged;
}

std::string LayoutRunner::wrapperClass(const Toks& a, size_t b, size_t e, const Frame& f)
{
	while (e > b + 2 && a[b].s == "(" && a[e - 1].s == ")")
	{
		++b;
		--e;
	}
	if (e != b + 1 || a[b].k != 'i') return std::string();
	const std::string sName = a[b].s;
	if (std::find(f.pFunc->aWrappers.begin(), f.pFunc->aWrappers.end(), sName) == f.pFunc->aWrappers.end())
		return std::string();
	std::string sClass;
	auto it = f.kLocals.find(sName);
	if (it != f.kLocals.end())
		sClass = objectClass(resolve(it->second.kType, f)).sName;
	else
	{
		TypeRef k;
		if (memberType(f.sClass, sName, k, {}))
			sClass = objectClass(resolve(k, f)).sName;
		else
			sClass = localType(toks(f), f, sName);
	}
	return m_t.taggedAttach(sClass) ? sClass : std::string();
}

bool LayoutRunner::taggedStatement(const Toks& a, size_t b, size_t e, Frame& f, int iLine)
{
	if (f.pFunc->aWrappers.empty()) return false;
	bool bNames = false;
	for (const std::string& s : f.pFunc->aWrappers) bNames = bNames || namesStream(a, b, e, s);
	if (!bNames) return false;
	const CodeLine sWhere{ f.pFunc, iLine };
	// a declaration of the wrapper object (SaveWrap& wrapper = SaveWrap::instance();): typed, no value
	const SimpleShape& kSimple = m_t.simpleShape(a, b, e);
	if (kSimple.bDeclaration && !f.kLocals.count(a[kSimple.iFirstName].s) && kSimple.aDecl.size() == 1
		&& m_t.taggedAttach(objectClass(resolve(kSimple.aDecl[0].kType, f)).sName))
	{
		Local l;
		l.kType = kSimple.aDecl[0].kType;
		l.v = Value::unknown("the tagged save wrapper");
		f.kLocals[kSimple.aDecl[0].sName] = l;
		return true;
	}
	const CallShape& kShape = m_t.callShape(a, b, e);
	const size_t iOpen = kShape.iOpen;
	const bool bCall = kShape.iAssign == std::string::npos && iOpen != std::string::npos && iOpen >= b + 3 && iOpen < e
		&& a[e - 1].s == ")" && a[iOpen - 1].k == 'i' && (a[iOpen - 2].s == "." || a[iOpen - 2].s == "->");
	const std::string sClass = bCall ? wrapperClass(a, b, iOpen - 2, f) : std::string();
	if (sClass.empty())
	{
		// a statement that uses the wrapper's values (int iI = wrapper.getNewClassEnumValue(...)), not
		// the stream: run as any other
		if (namesStream(a, b, e, f.sStream)) return false;
		simple(a, b, e, f);
		return true;
	}
	const std::string sMethod = a[iOpen - 1].s;
	const std::vector<std::pair<size_t, size_t>>& aArgs = kShape.aArgs;
	if (sMethod == *m_t.taggedAttach(sClass))
	{
		if (aArgs.size() != 1 || !isStreamTok(a, aArgs[0].first, aArgs[0].second, f))
			fail(sWhere, "the tagged save wrapper is attached to '" + joinToks(a, b, e) + "', not to the stream");
		tagged().attach(*m_pStream);
		return true;
	}
	if (sMethod == "reset")
	{
		Value v = Value::of(0);
		if (!aArgs.empty())
		{
			size_t i = aArgs[0].first;
			v = expr(a, i, aArgs[0].second, f, 0);
		}
		if (v.eKind != Value::Int)
			fail(sWhere, "whether the save is tagged (" + joinToks(a, b, e) + ") cannot be evaluated" + why(v));
		// made-up data is a tagged stream whatever the flags say
		tagged().reset(v.i != 0 || m_pStream->madeUp());
		return true;
	}
	if (sMethod == "close" || sMethod == "warning") return true;
	taggedRead(sMethod, a, aArgs, f, sWhere);
	return true;
}

void LayoutRunner::taggedRead(const std::string& sMethod, const Toks& a,
	const std::vector<std::pair<size_t, size_t>>& aArgs, Frame& f, const CodeLine& sWhere)
{
	TaggedLayoutState& kState = tagged();
	if (!kState.attached()) fail(sWhere, "the tagged save wrapper reads before it is attached to the stream");
	TaggedRead k;
	auto arg = [&](size_t j) -> std::pair<size_t, size_t> {
		if (j >= aArgs.size())
			fail(sWhere, "the wrapper's " + sMethod + " with " + std::to_string(aArgs.size()) + " arguments");
		return aArgs[j];
	};
	auto value = [&](size_t j, const char* szWhat) {
		const auto [x, y] = arg(j);
		size_t i = x;
		const Value v = expr(a, i, y, f, 0);
		if (v.eKind != Value::Int || i != y)
			fail(sWhere, std::string(szWhat) + " (" + joinToks(a, x, y) + ") cannot be evaluated" + why(v));
		return v.i;
	};
	auto flag = [&](size_t j) { return j < aArgs.size() && value(j, "the flag") != 0; };
	if (sMethod == "ReadStartObject" || sMethod == "ReadEndObject")
	{
		k.eForm = sMethod == "ReadStartObject" ? TaggedRead::StartObject : TaggedRead::EndObject;
		if (!aArgs.empty()) k.sName = nameArgument(a, aArgs[0].first, aArgs[0].second);
		kState.read(k);
		return;
	}
	k.sName = nameArgument(a, arg(0).first, arg(0).second);
	for (size_t i = arg(0).first; i < arg(0).second; ++i)
		if (a[i].k != 's')
			fail(sWhere,
				"the name of the tagged read '" + joinToks(a, arg(0).first, arg(0).second)
					+ "' is made at run time (not string literals): which element it takes cannot be told");
	if (sMethod == "SkipElement")
	{
		k.eForm = TaggedRead::Skip;
		const long long iType = value(3, "the type of the element skipped");
		if (iType < -1 || iType >= kTaggedTypes) fail(sWhere, "an element skipped of type " + std::to_string(iType));
		if (iType >= 0) k.eSkipType = static_cast<TaggedType>(iType);
		kState.read(k);
		return;
	}
	// the place read into (the last argument of the form), its element type and whether it is an address
	struct Target
	{
		Place p;
		TypeRef kRead; // the type of an element as read (a cast's)
		bool bAddress = false;
	};
	auto target = [&](size_t j) {
		const auto [b, e] = arg(j);
		Target t;
		TypeRef kCast;
		bool bCast = false;
		size_t iEnd = e;
		size_t i = readTargetPlace(a, b, e, kCast, bCast, t.bAddress, iEnd);
		t.p = readPlace(a, i, iEnd, f, sWhere);
		if (!t.p.bValid || i != iEnd) fail(sWhere, "cannot follow the read into '" + joinToks(a, b, e) + "'");
		const TypeRef kElem = readElementType(t.p, t.bAddress, bCast, true, a, b, e, sWhere);
		t.kRead = resolve(bCast ? kCast : kElem, f);
		return t;
	};
	// the format's type of a scalar read into kRead
	auto typeOf = [&](const TypeRef& kRead, const Place& p) {
		bool bUnsigned = false;
		const int iSize = elementSize(kRead, bUnsigned);
		const std::string& s = kRead.sName;
		if (kRead.iPtr == 0 && s == "bool") return TaggedType::Bool;
		if (iSize == 1) return bUnsigned ? TaggedType::Byte : TaggedType::Char;
		if (iSize == 2) return bUnsigned ? TaggedType::UShort : TaggedType::Short;
		if (iSize == 4 && kRead.iPtr == 0 && s == "float") return TaggedType::Float;
		if (iSize == 4 && kRead.iPtr == 0 && s.find("long") != std::string::npos)
			return bUnsigned ? TaggedType::ULong : TaggedType::Long;
		if (iSize == 4) return bUnsigned ? TaggedType::UInt : TaggedType::Int;
		if (iSize == 8 && kRead.iPtr == 0 && s == "double") return TaggedType::Double;
		fail(sWhere, "a tagged read into '" + p.sKey + "' of " + typeText(kRead));
	};
	auto arrayOf = [](TaggedType e) {
		switch (e)
		{
		case TaggedType::Char: return TaggedType::CharArray;
		case TaggedType::Byte: return TaggedType::ByteArray;
		case TaggedType::Bool: return TaggedType::BoolArray;
		case TaggedType::Short: return TaggedType::ShortArray;
		case TaggedType::UShort: return TaggedType::UShortArray;
		case TaggedType::UInt: return TaggedType::UIntArray;
		case TaggedType::Long: return TaggedType::LongArray;
		case TaggedType::ULong: return TaggedType::ULongArray;
		case TaggedType::Float: return TaggedType::FloatArray;
		case TaggedType::Double: return TaggedType::DoubleArray;
		default: return TaggedType::IntArray;
		}
	};
	// the values read, stored as the stream's own reads store them
	auto storeScalar = [&](const Target& t, const TaggedReadResult& r) {
		if (r.bFound && !r.aSet.empty()) store(t.p, f, Value::of(r.aSet[0].second));
	};
	auto storeArray = [&](const Target& t, const TaggedReadResult& r, long long iCount) {
		if (!r.bFound) return;
		Place p = t.p;
		LayoutRecord* pRecord = p.pObj;
		std::string sKey = p.bLocal ? p.sSub : p.sKey;
		if (t.bAddress && sKey.size() > 3 && sKey.compare(sKey.size() - 3, 3, "[0]") == 0) sKey.resize(sKey.size() - 3);
		// as the stream's own array reads: a local's own array keeps its values in its record
		if (!pRecord || (p.bLocal && p.sSub.empty() && (t.bAddress || p.kType.aDims.empty()))) return;
		std::vector<long long>& aValues = pRecord->kValues[sKey];
		if (aValues.size() < size_t(iCount)) aValues.resize(size_t(iCount), 0);
		for (const auto& [j, v] : r.aSet)
			if (j < aValues.size()) aValues[j] = v;
		noteWrite(pRecord, sKey);
	};
	if (sMethod == "Read")
	{
		if (aArgs.size() == 4)
		{
			const Target t = target(3);
			k.eForm = TaggedRead::Value;
			k.eType = typeOf(t.kRead, t.p);
			storeScalar(t, kState.read(k));
			return;
		}
		k.eForm = TaggedRead::Array;
		k.iCount = value(3, "the count");
		const Target t = target(4);
		k.eType = arrayOf(typeOf(t.kRead, t.p));
		k.bAllowTruncation = flag(5);
		storeArray(t, kState.read(k), k.iCount);
		return;
	}
	if (sMethod == "ReadString")
	{
		if (aArgs.size() == 4)
		{
			const Target t = target(3);
			const bool bWide =
				stringKind(t.p.kType.sName) == 2 || t.kRead.sName == "wchar" || t.kRead.sName == "wchar_t";
			k.eForm = TaggedRead::String;
			k.eType = stringKind(t.p.kType.sName) ? (bWide ? TaggedType::StdWString : TaggedType::StdString)
												  : (bWide ? TaggedType::WString : TaggedType::String);
			const TaggedReadResult r = kState.read(k);
			if (r.bFound && !r.aszStrings.empty() && t.p.bValid)
			{
				Value v;
				v.eKind = Value::Str;
				v.s = r.aszStrings[0];
				store(t.p, f, v);
			}
			return;
		}
		k.eForm = TaggedRead::StringArray;
		k.iCount = value(3, "the count of a string array");
		const Target t = target(4);
		k.eType = stringKind(t.kRead.sName) == 2 ? TaggedType::WStringArray : TaggedType::StringArray;
		kState.read(k);
		return;
	}
	if (sMethod == "ReadClassEnum")
	{
		k.eForm = TaggedRead::ClassEnum;
		k.iClassType = static_cast<int32_t>(value(3, "the class type"));
		const Target t = target(4);
		bool bUnsigned = false;
		k.iWidth = elementSize(t.kRead, bUnsigned) == 2 ? 2 : 4;
		k.bAllowMissing = flag(5);
		storeScalar(t, kState.read(k));
		return;
	}
	if (sMethod == "ReadClassArray" || sMethod == "ReadClassEnumArray")
	{
		k.eForm = sMethod == "ReadClassArray" ? TaggedRead::ClassArray : TaggedRead::ClassEnumArray;
		k.iClassType = static_cast<int32_t>(value(3, "the class type"));
		k.iCount = value(4, "the count");
		const Target t = target(5);
		bool bUnsigned = false;
		k.iWidth = elementSize(t.kRead, bUnsigned) == 2 ? 2 : 4;
		k.bBools = t.kRead.iPtr == 0 && t.kRead.sName == "bool";
		k.bAllowMissing = flag(6);
		storeArray(t, kState.read(k), k.iCount);
		return;
	}
	if (sMethod == "ReadClassArrayOfClassEnum")
	{
		k.eForm = TaggedRead::ClassArrayOfClassEnum;
		k.iClassType = static_cast<int32_t>(value(3, "the index class type"));
		k.iValueClassType = static_cast<int32_t>(value(4, "the value class type"));
		k.iCount = value(5, "the count");
		const Target t = target(6);
		storeArray(t, kState.read(k), k.iCount);
		return;
	}
	fail(sWhere, "cannot follow the tagged save wrapper's '" + sMethod + "'");
}

bool LayoutRunner::taggedValue(const Toks& a, size_t& i, size_t e, Frame& f, Value& v)
{
	if (!f.pFunc || f.pFunc->aWrappers.empty()) return false;
	size_t j = i;
	size_t iName = j;
	if (a[j].s == "(" && j + 2 < e && a[j + 2].s == ")")
	{
		iName = j + 1;
		j += 3;
	}
	else
		++j;
	if (j + 2 >= e || a[iName].k != 'i' || (a[j].s != "." && a[j].s != "->") || a[j + 1].k != 'i' || a[j + 2].s != "(")
		return false;
	const std::string sClass = wrapperClass(a, iName, iName + 1, f);
	if (sClass.empty()) return false;
	const std::string sMethod = a[j + 1].s;
	const size_t iOpen = j + 2;
	const size_t iClose = matchClose(a, iOpen);
	if (iClose == std::string::npos || iClose >= e) return false;
	const std::vector<std::pair<size_t, size_t>> aArgs = parameterRanges(a, iOpen + 1, iClose);
	auto arg = [&](size_t q) {
		if (q >= aArgs.size()) return Value::unknown(sMethod + "() without its argument");
		size_t n = aArgs[q].first;
		return expr(a, n, aArgs[q].second, f, 0);
	};
	TaggedLayoutState& kState = tagged();
	i = iClose + 1;
	if (sMethod == "isUsingTaggedFormat")
	{
		v = Value::of(kState.tagged());
		return true;
	}
	if (sMethod == "getNewClassEnumValue")
	{
		const Value c = arg(0), n = arg(1);
		const Value bMissing = aArgs.size() > 2 ? arg(2) : Value::of(0);
		if (c.eKind != Value::Int || n.eKind != Value::Int || bMissing.eKind != Value::Int)
			v = Value::unknown("the arguments of " + sMethod + "() cannot be evaluated");
		else
			v = Value::of(kState.remap(static_cast<int32_t>(c.i), n.i, bMissing.i != 0));
		return true;
	}
	if (sMethod == "getNumClassEnumValues")
	{
		const Value c = arg(0);
		if (c.eKind != Value::Int)
		{
			v = Value::unknown("the class type of getNumClassEnumValues() cannot be evaluated" + why(c));
			return true;
		}
		if (kState.tagged())
		{
			v = Value::of(kState.classCount(static_cast<int32_t>(c.i)));
			return true;
		}
		// untagged: the wrapper's own count, its method run with its mode (the member isUsingTaggedFormat
		// returns) false
		TypeRef kWrapper;
		kWrapper.sName = sClass;
		kWrapper.bValid = true;
		// a record of its own, not one of the object's (newObject would make it one of its items)
		m_aOrphans.push_back(std::make_shared<LayoutRecord>());
		LayoutRecord* r = m_aOrphans.back().get();
		r->sClass = sClass;
		const Function* m = m_t.findMethod(sClass, "isUsingTaggedFormat", false);
		if (m && r)
		{
			const Toks& t = m_t.aFiles[size_t(m->iFile)].aToks;
			for (size_t q = m->iBody; q + 2 < m->iBodyEnd; ++q)
				if (t[q].s == "return" && t[q + 1].k == 'i' && t[q + 2].s == ";") r->kValues[t[q + 1].s] = { 0 };
		}
		Value kObj;
		kObj.eKind = Value::Obj;
		kObj.pObj = r;
		kObj.kType = kWrapper;
		v = r ? callValue(kObj, sMethod, a, iOpen + 1, iClose, f) : Value::unknown("the tagged save wrapper");
		return true;
	}
	v = Value::unknown("the tagged save wrapper's " + sMethod + "()");
	return true;
}

std::string LayoutRunner::describeTagged(const Toks& a, const Stmt& s, const Frame& f, bool& bHandled) const
{
	bHandled = false;
	if (f.pFunc->aWrappers.empty()) return std::string();
	bool bNames = false;
	for (const std::string& sName : f.pFunc->aWrappers) bNames = bNames || namesStream(a, s.b, s.e, sName);
	if (!bNames) return std::string();
	const CallShape& kShape = m_t.callShape(a, s.b, s.e);
	const size_t iOpen = kShape.iOpen;
	const bool bCall = kShape.iAssign == std::string::npos && iOpen != std::string::npos && iOpen >= s.b + 3
		&& iOpen < s.e && a[iOpen - 1].k == 'i' && (a[iOpen - 2].s == "." || a[iOpen - 2].s == "->");
	if (!bCall)
	{
		// a declaration of the wrapper object, a use of its values: no read
		bHandled = !namesStream(a, s.b, s.e, f.pFunc->sStream);
		return std::string();
	}
	size_t b = s.b, e = iOpen - 2;
	while (e > b + 2 && a[b].s == "(" && a[e - 1].s == ")")
	{
		++b;
		--e;
	}
	if (e != b + 1) return std::string();
	const std::string sClass = localType(a, f, a[b].s);
	const std::string* pAttach = m_t.taggedAttach(sClass);
	if (!pAttach) return std::string();
	bHandled = true;
	const std::string sMethod = a[iOpen - 1].s;
	if (sMethod == *pAttach) return "tagged save wrapper " + sClass + " (" + std::string(a[b].s) + ") attached";
	if (sMethod.compare(0, 4, "Read") != 0 && sMethod != "SkipElement") return std::string();
	const std::vector<std::pair<size_t, size_t>>& aArgs = kShape.aArgs;
	if (sMethod == "ReadStartObject" || sMethod == "ReadEndObject") return "tagged " + sMethod;
	if (aArgs.empty()) return "tagged " + sMethod;
	std::string sRest;
	for (size_t j = 3; j < aArgs.size(); ++j)
		sRest += (sRest.empty() ? "" : ",") + joinToks(a, aArgs[j].first, aArgs[j].second);
	return "tagged " + sMethod + " '" + normalizeTaggedName(nameArgument(a, aArgs[0].first, aArgs[0].second)) + "' ("
		+ sRest + ")";
}

} // namespace cvv::layout
