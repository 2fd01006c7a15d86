// The LayoutRunner's reads: a statement that names the stream is one of the read forms (Read,
// ReadString, arrays, raw structs) or an error.
#include "formats/layout/LayoutRunner.h"

#include <algorithm>
#include <cstdint>

namespace cvv::layout {

void LayoutRunner::runRead(const std::string& sClass, LayoutRecord& kRecord)
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

bool LayoutRunner::isStreamTok(const Toks& a, size_t b, size_t e, const Frame& f) const
{
	return isStreamAlone(a, b, e, f.sStream);
}

std::string LayoutRunner::assignmentStop(const Toks& a, size_t b, size_t iAssign, size_t e, const std::string& sStream)
{
	const std::string sText = joinToks(a, b, e);
	if (iAssign + 2 == e && a[iAssign + 1].s == sStream)
		return "cannot follow the assignment '" + sText + "': the stream is kept by " + joinToks(a, b, iAssign)
			+ " to be read through later (a stream wrapper of the tree's own, such as a tagged save format), "
			  "and the deriver follows only reads of the stream itself";
	return "cannot follow the assignment '" + sText + "'";
}

void LayoutRunner::streamStatement(const Toks& a, size_t b, size_t e, Frame& f, int iLine)
{
	const CodeLine sWhere{ f.pFunc, iLine };
	if (f.bEffectsOnly) fail(sWhere, "a read inside a function called for its value");
	if (taggedStatement(a, b, e, f, iLine)) return;
	const ReadForm& kForm = m_t.readForm(a, b, e, f.sStream);
	if (kForm.eKind == ReadForm::StringAssign)
	{
		// LHS = S->ReadString() / ReadWideString()
		size_t i = b;
		Place p = readPlace(a, i, kForm.iAssign, f, sWhere);
		readString(kForm.bWide ? 2 : 1, p, f);
		return;
	}
	if (kForm.eKind == ReadForm::OtherAssign) fail(sWhere, assignmentStop(a, b, kForm.iAssign, e, f.sStream));
	const size_t iOpen = kForm.iOpen;
	if (iOpen == std::string::npos) fail(sWhere, "cannot follow '" + joinToks(a, b, e) + "'");
	if (kForm.eKind == ReadForm::TemplateCall && callTemplateMethod(a, b, iOpen, e, f, sWhere)) return;
	if (kForm.iName == std::string::npos || kForm.eKind == ReadForm::TemplateCall)
		fail(sWhere, "cannot follow '" + joinToks(a, b, e) + "'" + templateCallNote(a, b, iOpen));
	const std::string& sCallee = a[kForm.iName].s;
	const std::vector<std::pair<size_t, size_t>>& aArgs = kForm.aArgs;
	// the stream's own methods
	if (kForm.eKind == ReadForm::StreamCall)
	{
		if (equalsLiteral(sCallee, "Read")) return readCall(a, aArgs, f, sWhere);
		if (equalsLiteral(sCallee, "ReadString") || equalsLiteral(sCallee, "ReadWideString"))
		{
			if (aArgs.size() == 1)
			{
				size_t i = aArgs[0].first;
				Place p = readPlace(a, i, aArgs[0].second, f, sWhere);
				if (!p.bValid || i != aArgs[0].second)
					fail(sWhere,
						"cannot follow the string read into '" + joinToks(a, aArgs[0].first, aArgs[0].second) + "'");
				return readString(sCallee == "ReadWideString"                        ? 2
						: stringKind(p.kType.sName) == 2 || p.kType.sName == "wchar" ? 2
																					 : 1,
					p, f);
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
				for (long long j = 0; j < n.i; ++j) readString(iKind, Place(), f);
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
	if (kForm.eKind == ReadForm::BaseCall)
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
	if (kForm.eKind == ReadForm::ObjectCall)
	{
		CallTarget kTarget;
		if (!callTarget(a, b, iOpen - 2, f, sWhere, kTarget))
			fail(sWhere, "cannot follow the object '" + joinToks(a, b, iOpen - 2) + "' whose " + sCallee + " reads");
		const std::string sClass = kTarget.bSame ? f.sClass : kTarget.kClass.sName;
		std::string sOwner;
		const Function* m = m_t.findMethod(sClass, sCallee, true, &sOwner);
		Frame k;
		TypeRef kOwner;
		if (m)
			k = targetFrame(kTarget, *m, f, sOwner);
		else if (!kTarget.bSame && (m = findMethodOfType(kTarget.kClass, sCallee, true, kOwner, f)) != nullptr)
		{
			// through a base that is a template parameter: in that base's own frame
			k.sClass = kOwner.sName;
			bindClassTemplate(kOwner, k.kTemplate, f, m);
			k.pRecord = kTarget.pRecord;
			k.iDepth = f.iDepth + 1;
		}
		if (!m) fail(sWhere, "no " + sClass + "::" + sCallee + "(FDataStreamBase) in the tree");
		bindArgs(*m, k, a, iOpen + 1, e - 1, f);
		call(*m, k);
		return;
	}
	if (kForm.eKind == ReadForm::PlainCall)
	{
		// a method of this class, or a free (template) function
		std::string sOwner;
		const Function* m = f.sClass.empty() ? nullptr : m_t.findMethod(f.sClass, sCallee, true, &sOwner);
		if (m)
		{
			Frame k = ownMethodFrame(f, sOwner);
			bindArgs(*m, k, a, iOpen + 1, e - 1, f);
			call(*m, k);
			return;
		}
		const Function& fn = treeFunction(sCallee, sWhere);
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
				// bind T from T* or an array parameter (T a[], T (&a)[N]), else from "Container<T>" or "T"
				if (d.kType.iPtr || !d.kType.aDims.empty()) unifyTemplate(fn, d.kType, kArg, k, f);
				for (const std::string& sT : fn.aTemplate)
					if (!k.kTemplate.count(sT))
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
				// T* given &x: x's type
				unifyTemplate(fn, d.kType, argumentType(a, aArgs[j].first, aArgs[j].second, f), k, f);
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

void LayoutRunner::readString(int iKind, const Place& p, Frame& f)
{
	const unsigned char* q = m_pStream->take(4, "a string's length");
	const long long n =
		static_cast<int32_t>(uint32_t(q[0]) | (uint32_t(q[1]) << 8) | (uint32_t(q[2]) << 16) | (uint32_t(q[3]) << 24));
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
}

long long LayoutRunner::scalar(const unsigned char* q, int iSize, bool bUnsigned) const
{
	unsigned long long u = 0;
	for (int j = 0; j < iSize; ++j) u |= static_cast<unsigned long long>(q[j]) << (8 * j);
	if (!bUnsigned && iSize < 8 && (u >> (8 * iSize - 1))) u |= ~((1ull << (8 * iSize)) - 1);
	return static_cast<long long>(u);
}

const Function& LayoutRunner::treeFunction(const std::string& sName, const CodeLine& sWhere) const
{
	auto it = m_t.kFunctions.find(sName);
	if (it == m_t.kFunctions.end())
		fail(sWhere,
			"the function " + sName + " is not in the tree"
				+ (m_t.kFunctionMacros.count(sName) ? " (a macro: not followed)" : ""));
	return it->second.front();
}

size_t LayoutRunner::readTargetPlace(
	const Toks& a, size_t b, size_t e, TypeRef& kCast, bool& bCast, bool& bAddress, size_t& iEnd)
{
	size_t i = b;
	kCast = TypeRef();
	bCast = false;
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
	bAddress = false;
	if (i < e && a[i].s == "&")
	{
		bAddress = true;
		++i;
	}
	if (i < e && a[i].s == "(" && matchClose(a, i) == e - 1) ++i; // (&x) or (x)
	iEnd = e;
	while (iEnd > i && a[iEnd - 1].s == ")" && findTop(a, i, iEnd - 1, "(") == std::string::npos) --iEnd;
	return i;
}

TypeRef LayoutRunner::readElementType(
	const Place& p, bool bAddress, bool bCast, bool bStrings, const Toks& a, size_t b, size_t e, const CodeLine& sWhere)
{
	TypeRef kElem = p.kType;
	if (bAddress) return kElem;
	// a pointer or an array: the element type
	if (!kElem.aDims.empty())
		kElem.aDims.erase(kElem.aDims.begin());
	else if (kElem.iPtr > 0)
		--kElem.iPtr;
	else if (!bCast && !(bStrings && stringKind(kElem.sName)))
		fail(sWhere, "the read into '" + joinToks(a, b, e) + "' is not through a pointer");
	return kElem;
}

void LayoutRunner::readCall(
	const Toks& a, const std::vector<std::pair<size_t, size_t>>& aArgs, Frame& f, const CodeLine& sWhere)
{
	if (aArgs.empty() || aArgs.size() > 2) fail(sWhere, "a Read with " + std::to_string(aArgs.size()) + " arguments");
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
	TypeRef kCast;
	bool bCast = false;
	bool bAddress = false;
	size_t iEnd = e;
	size_t i = readTargetPlace(a, b, e, kCast, bCast, bAddress, iEnd);
	const size_t iTarget = i;
	Place p = readPlace(a, i, iEnd, f, sWhere);
	if (!p.bValid && iTarget + 3 == iEnd && a[iTarget].k == 'i' && a[iTarget + 1].s == "(" && a[iTarget + 2].s == ")"
		&& !f.sClass.empty())
	{
		// into what a method of this object returns (values(): the array it keeps, however it keeps it),
		// typed by its declaration; the values read are not kept
		const Function* m = m_t.findMethod(f.sClass, a[iTarget].s, false);
		const TypeRef kReturned = m ? returnType(*m) : TypeRef();
		if (kReturned.bValid)
		{
			p = Place();
			p.bValid = true;
			p.sRoot = p.sKey = a[iTarget].s + "()";
			p.kType = kReturned;
			i = iEnd;
		}
	}
	if (!p.bValid || i != iEnd) fail(sWhere, "cannot follow the read into '" + joinToks(a, b, e) + "'");
	const TypeRef kTarget = resolve(readElementType(p, bAddress, bCast, false, a, b, e, sWhere), f);
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
		m_pStream->fail("the data ends inside " + joinToks(a, b, e) + " (" + std::to_string(iBytes) + " bytes needed, "
			+ std::to_string(m_pStream->left()) + " left)");
	// the bytes are there (checked above): take() cannot fail, its message is not built
	const unsigned char* q = iBytes > 0 ? m_pStream->take(size_t(iBytes), m_bNames ? p.sKey : std::string()) : nullptr;
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

std::vector<RawField> LayoutRunner::structFields(const ClassDef& c, Frame& f)
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

const std::vector<RawField>& LayoutRunner::rawFields(const ClassDef& c, Frame& f)
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

} // namespace cvv::layout
