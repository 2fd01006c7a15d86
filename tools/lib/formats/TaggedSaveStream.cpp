// The tagged save stream (formats/TaggedSaveStream.h; the format: docs/file-formats.md, 3.3.1).
#include "formats/TaggedSaveStream.h"

#include <algorithm>
#include <climits>
#include <cstring>

namespace cvv {

namespace {

const char* const kTypeNames[kTaggedTypes] = { "char", "byte", "char array", "byte array", "bool", "bool array",
	"short", "unsigned short", "short array", "unsigned short array", "int", "unsigned int", "int array",
	"unsigned int array", "long", "unsigned long", "long array", "unsigned long array", "float", "float array",
	"double", "double array", "wide C string", "C string", "std::string", "std::wstring", "wide string array",
	"string array", "class enum", "class int array", "class bool array", "class enum array" };

std::string typeText(int32_t i) { return i >= 0 && i < kTaggedTypes ? kTypeNames[i] : "type " + std::to_string(i); }

} // namespace

const char* taggedTypeName(TaggedType e)
{
	const int32_t i = static_cast<int32_t>(e);
	return i >= 0 && i < kTaggedTypes ? kTypeNames[i] : "?";
}

int taggedWidth(TaggedType e)
{
	switch (e)
	{
	case TaggedType::Char:
	case TaggedType::Byte:
	case TaggedType::CharArray:
	case TaggedType::ByteArray:
	case TaggedType::Bool:
	case TaggedType::BoolArray: return 1;
	case TaggedType::Short:
	case TaggedType::UShort:
	case TaggedType::ShortArray:
	case TaggedType::UShortArray: return 2;
	case TaggedType::Int:
	case TaggedType::UInt:
	case TaggedType::IntArray:
	case TaggedType::UIntArray:
	// long is 32-bit in the 32-bit Visual C++ build that writes the saves
	case TaggedType::Long:
	case TaggedType::ULong:
	case TaggedType::LongArray:
	case TaggedType::ULongArray:
	case TaggedType::Float:
	case TaggedType::FloatArray: return 4;
	case TaggedType::Double:
	case TaggedType::DoubleArray: return 8;
	default: return 0;
	}
}

bool taggedIsArray(TaggedType e)
{
	switch (e)
	{
	case TaggedType::CharArray:
	case TaggedType::ByteArray:
	case TaggedType::BoolArray:
	case TaggedType::ShortArray:
	case TaggedType::UShortArray:
	case TaggedType::IntArray:
	case TaggedType::UIntArray:
	case TaggedType::LongArray:
	case TaggedType::ULongArray:
	case TaggedType::FloatArray:
	case TaggedType::DoubleArray: return true;
	default: return false;
	}
}

bool taggedIsReal(TaggedType e)
{
	return e == TaggedType::Float || e == TaggedType::FloatArray || e == TaggedType::Double
		|| e == TaggedType::DoubleArray;
}

bool taggedIsSigned(TaggedType e)
{
	switch (e)
	{
	case TaggedType::Char:
	case TaggedType::CharArray:
	case TaggedType::Short:
	case TaggedType::ShortArray:
	case TaggedType::Int:
	case TaggedType::IntArray:
	case TaggedType::Long:
	case TaggedType::LongArray: return true;
	default: return false;
	}
}

bool taggedIsString(TaggedType e)
{
	return e == TaggedType::WString || e == TaggedType::String || e == TaggedType::StdString
		|| e == TaggedType::StdWString;
}

bool taggedIsWide(TaggedType e)
{
	return e == TaggedType::WString || e == TaggedType::StdWString || e == TaggedType::WStringArray;
}

std::string normalizeTaggedName(const std::string& sName)
{
	std::string s = sName;
	// a cast right after "::": "X::(int*)m_a" -> "X::m_a"
	size_t i = s.find("::(");
	if (i != std::string::npos)
	{
		const size_t j = s.find(')', i + 3);
		if (j != std::string::npos) s.erase(i + 2, j + 1 - (i + 2));
	}
	// one address-of right after "::"
	i = s.find("::&");
	if (i != std::string::npos) s.erase(i + 2, 1);
	// what is between brackets: "m_a[iI][j]" -> "m_a[][]"
	std::string sOut;
	sOut.reserve(s.size());
	for (size_t k = 0; k < s.size(); ++k)
	{
		sOut += s[k];
		if (s[k] == '[')
		{
			const size_t j = s.find(']', k + 1);
			if (j == std::string::npos)
			{
				sOut += s.substr(k + 1);
				break;
			}
			k = j - 1;
		}
	}
	return sOut;
}

const unsigned char* TaggedMemorySource::take(size_t iBytes, const std::string& sWhat)
{
	if (iBytes > left())
		throw TaggedSaveError("tagged save, offset " + std::to_string(offset()) + ": the data ends inside " + sWhat
			+ " (" + std::to_string(iBytes) + " bytes wanted, " + std::to_string(left()) + " left)");
	const unsigned char* p = m_p + m_iPos;
	m_iPos += iBytes;
	return p;
}

const std::vector<std::string>* TaggedSaveStream::classTable(int iClassType) const
{
	const auto it = m_kTables.find(iClassType);
	return it == m_kTables.end() ? nullptr : &it->second;
}

void TaggedSaveStream::fail(const std::string& sWhat) const
{
	throw TaggedSaveError(
		"tagged save, offset " + std::to_string(m_iPendingOffset) + " (" + pendingText() + "): " + sWhat);
}

std::string TaggedSaveStream::pendingText() const
{
	if (m_bPendingDelimiter)
		return std::string("an object ") + (m_bPendingStart ? "start" : "end")
			+ (m_sPendingDelimiterName.empty() ? "" : " '" + m_sPendingDelimiterName + "'");
	if (m_iPendingId >= 0 && size_t(m_iPendingId) < m_aDictionary.size())
		return "the value '" + m_aDictionary[size_t(m_iPendingId)].sName + "', "
			+ taggedTypeName(m_aDictionary[size_t(m_iPendingId)].eType);
	return "an element";
}

const unsigned char* TaggedSaveStream::take(size_t iBytes, const std::string& sWhat)
{
	return m_kSource.take(iBytes, pendingText() + " at offset " + std::to_string(m_iPendingOffset) + ": " + sWhat);
}

int32_t TaggedSaveStream::i32(const std::string& sWhat) { return static_cast<int32_t>(scalar(4, true, sWhat)); }

long long TaggedSaveStream::scalar(int iWidth, bool bSigned, const std::string& sWhat)
{
	const unsigned char* q = take(size_t(iWidth), sWhat);
	unsigned long long u = 0;
	for (int j = 0; j < iWidth; ++j) u |= static_cast<unsigned long long>(q[j]) << (8 * j);
	if (bSigned && iWidth < 8 && (u >> (8 * iWidth - 1))) u |= ~((1ull << (8 * iWidth)) - 1);
	return static_cast<long long>(u);
}

// A count of values of iWidth bytes each that follow: never more than the bytes left can hold.
int32_t TaggedSaveStream::count(int iWidth, const std::string& sWhat)
{
	const int32_t n = i32(sWhat);
	if (n < 0) fail(sWhat + " is " + std::to_string(n));
	if (size_t(n) > m_kSource.left() / size_t(std::max(iWidth, 1)))
		fail(sWhat + " is " + std::to_string(n) + ", with " + std::to_string(m_kSource.left()) + " bytes left");
	return n;
}

// The stream's own string: a 32-bit length, then that many characters of 1 (2) bytes.
std::u16string TaggedSaveStream::string(bool bWide, const std::string& sWhat)
{
	const int32_t n = count(bWide ? 2 : 1, sWhat + "'s length");
	const unsigned char* q = take(size_t(n) * (bWide ? 2 : 1), sWhat);
	std::u16string s(size_t(n), u'\0');
	for (size_t j = 0; j < size_t(n); ++j)
		s[j] = bWide ? static_cast<char16_t>(q[2 * j] | (q[2 * j + 1] << 8)) : static_cast<char16_t>(q[j]);
	return s;
}

int32_t TaggedSaveStream::readDictionaryEntry(size_t iAt)
{
	m_iPendingOffset = iAt;
	m_iPendingId = -1;
	m_bPendingDelimiter = false;
	const int32_t iId = i32("a dictionary entry's id");
	const int32_t iType = i32("a dictionary entry's type");
	const unsigned char* q = take(1, "a dictionary entry's name length");
	const size_t n = q[0];
	q = take(n, "a dictionary entry's name");
	const std::string sName = normalizeTaggedName(std::string(reinterpret_cast<const char*>(q), n));
	if (iType < 0 || iType >= kTaggedTypes)
		fail("the dictionary entry '" + sName + "' has " + typeText(iType) + ", not a type of the format");
	// The wrapper numbers the names itself, in the order they come (a name it knows keeps its id).
	const auto it = m_kIds.find(sName);
	const int32_t iOwn = it != m_kIds.end() ? it->second : static_cast<int32_t>(m_aDictionary.size());
	if (iId != iOwn)
		fail("the dictionary entry '" + sName + "' has id " + std::to_string(iId) + " where the wrapper numbers it "
			+ std::to_string(iOwn));
	if (it == m_kIds.end())
	{
		m_kIds.emplace(sName, iOwn);
		m_aDictionary.push_back(Entry{ sName, static_cast<TaggedType>(iType) });
	}
	return iOwn;
}

void TaggedSaveStream::readClassMap(size_t iAt, TaggedElement* pOut)
{
	m_iPendingOffset = iAt;
	m_iPendingId = -1;
	m_bPendingDelimiter = false;
	const int32_t iClass = i32("a class map's class type");
	if (iClass < 0) fail("a class map of class type " + std::to_string(iClass));
	const int32_t n = count(4, "a class map's number of types");
	std::vector<std::string>& aTable = m_kTables[iClass];
	std::vector<ClassInfo>& aInfo = m_kLookups[iClass];
	for (int32_t i = 0; i < n; ++i)
	{
		const std::u16string s = string(false, "class map type " + std::to_string(i));
		std::string sType(s.begin(), s.end());
		aTable.push_back(sType);
		aInfo.emplace_back();
		if (pOut) pOut->aszTypes.push_back(std::move(sType));
	}
	if (pOut) pOut->iClassType = iClass;
}

// Reads element headers until one that is not a dictionary entry or a class map, and leaves it pending.
void TaggedSaveStream::readHeader()
{
	while (!m_bPending)
	{
		const size_t iAt = m_kSource.offset();
		m_iPendingOffset = iAt;
		m_iPendingId = -1;
		m_bPendingDelimiter = false;
		const int32_t iId = i32("an element's id");
		if (iId == kTaggedDictionaryEntry)
			readDictionaryEntry(iAt);
		else if (iId == kTaggedClassMap)
			readClassMap(iAt, nullptr);
		else if (iId == kTaggedObjectDelimiter)
		{
			const unsigned char* q = take(2, "an object delimiter");
			m_bPendingDelimiter = true;
			m_bPendingStart = q[0] != 0;
			const size_t n = q[1];
			q = take(n, "an object delimiter's name");
			m_sPendingDelimiterName.assign(reinterpret_cast<const char*>(q), n);
			m_bPending = true;
		}
		else
		{
			if (iId < 0 || size_t(iId) >= m_aDictionary.size())
				fail("id " + std::to_string(iId) + " is neither an escape (-1, -2, -3) nor in the dictionary ("
					+ std::to_string(m_aDictionary.size()) + " names)");
			m_iPendingId = iId;
			m_bPending = true;
		}
	}
}

// The pending delimiter taken: the stream enters or leaves an object.
void TaggedSaveStream::takeDelimiter()
{
	if (m_bPendingStart)
		++m_iStreamDepth;
	else
	{
		if (m_iStreamDepth == 0) fail("an object end outside any object");
		--m_iStreamDepth;
	}
	m_bPending = false;
}

// A value's payload (its header taken), into pOut if given, as the wrapper skips it.
void TaggedSaveStream::payload(TaggedType eType, TaggedElement* pOut)
{
	m_bPending = false;
	auto keep = [&](long long i) {
		if (pOut) pOut->aiValues.push_back(i);
	};
	const int iWidth = taggedWidth(eType);
	if (taggedIsString(eType))
	{
		std::u16string s = string(taggedIsWide(eType), "the string");
		if (pOut) pOut->aszStrings.push_back(std::move(s));
		return;
	}
	switch (eType)
	{
	case TaggedType::WStringArray:
	case TaggedType::StringArray:
	{
		const int32_t n = count(4, "the number of strings");
		for (int32_t i = 0; i < n; ++i)
		{
			std::u16string s = string(taggedIsWide(eType), "string " + std::to_string(i));
			if (pOut) pOut->aszStrings.push_back(std::move(s));
		}
		return;
	}
	case TaggedType::ClassEnum:
	{
		const int32_t iClass = i32("the class type");
		if (pOut) pOut->iClassType = iClass;
		keep(i32("the value"));
		return;
	}
	case TaggedType::ClassIntArray:
	case TaggedType::ClassBoolArray:
	case TaggedType::ClassEnumArray:
	{
		const int32_t iClass = i32("the class type");
		if (pOut) pOut->iClassType = iClass;
		const bool bBools = eType == TaggedType::ClassBoolArray;
		const int32_t n = count(bBools ? 1 : 4, "the count");
		const unsigned char* q = take(size_t(n) * (bBools ? 1 : 4), "the values");
		if (pOut)
			for (int32_t i = 0; i < n; ++i)
				keep(bBools ? (q[i] != 0)
							: static_cast<int32_t>(uint32_t(q[4 * i]) | (uint32_t(q[4 * i + 1]) << 8)
								| (uint32_t(q[4 * i + 2]) << 16) | (uint32_t(q[4 * i + 3]) << 24)));
		return;
	}
	default: break;
	}
	if (iWidth == 0) fail("a value of " + typeText(static_cast<int32_t>(eType)));
	const bool bArray = taggedIsArray(eType);
	const int32_t n = bArray ? count(iWidth, "the count") : 1;
	const unsigned char* q = take(size_t(n) * size_t(iWidth), bArray ? "the values" : "the value");
	if (!pOut) return;
	for (int32_t i = 0; i < n; ++i)
	{
		const unsigned char* v = q + size_t(i) * size_t(iWidth);
		if (taggedIsReal(eType))
		{
			if (iWidth == 4)
			{
				float f;
				uint32_t u = uint32_t(v[0]) | (uint32_t(v[1]) << 8) | (uint32_t(v[2]) << 16) | (uint32_t(v[3]) << 24);
				std::memcpy(&f, &u, 4);
				pOut->adValues.push_back(f);
			}
			else
			{
				uint64_t u = 0;
				for (int j = 0; j < 8; ++j) u |= uint64_t(v[j]) << (8 * j);
				double d;
				std::memcpy(&d, &u, 8);
				pOut->adValues.push_back(d);
			}
			continue;
		}
		unsigned long long u = 0;
		for (int j = 0; j < iWidth; ++j) u |= static_cast<unsigned long long>(v[j]) << (8 * j);
		if (taggedIsSigned(eType) && iWidth < 8 && (u >> (8 * iWidth - 1))) u |= ~((1ull << (8 * iWidth)) - 1);
		if (eType == TaggedType::Bool || eType == TaggedType::BoolArray) u = u != 0;
		keep(static_cast<long long>(u));
	}
}

TaggedElement TaggedSaveStream::next()
{
	TaggedElement k;
	if (!m_bPending)
	{
		if (m_kSource.left() == 0)
		{
			k.iOffset = m_kSource.offset();
			return k;
		}
		const size_t iAt = m_kSource.offset();
		m_iPendingOffset = iAt;
		m_iPendingId = -1;
		m_bPendingDelimiter = false;
		k.iOffset = iAt;
		const int32_t iId = i32("an element's id");
		if (iId == kTaggedDictionaryEntry)
		{
			k.eKind = TaggedElement::Kind::Dictionary;
			k.iId = readDictionaryEntry(iAt);
			// a repeated name keeps its first type
			k.sName = m_aDictionary[size_t(k.iId)].sName;
			k.eType = m_aDictionary[size_t(k.iId)].eType;
			return k;
		}
		if (iId == kTaggedClassMap)
		{
			k.eKind = TaggedElement::Kind::ClassMap;
			readClassMap(iAt, &k);
			return k;
		}
		// a delimiter or a value: its header read as the wrapper's reads do
		if (iId == kTaggedObjectDelimiter)
		{
			const unsigned char* q = take(2, "an object delimiter");
			m_bPendingDelimiter = true;
			m_bPendingStart = q[0] != 0;
			const size_t n = q[1];
			q = take(n, "an object delimiter's name");
			m_sPendingDelimiterName.assign(reinterpret_cast<const char*>(q), n);
		}
		else
		{
			if (iId < 0 || size_t(iId) >= m_aDictionary.size())
				fail("id " + std::to_string(iId) + " is neither an escape (-1, -2, -3) nor in the dictionary ("
					+ std::to_string(m_aDictionary.size()) + " names)");
			m_iPendingId = iId;
		}
		m_bPending = true;
	}
	k.iOffset = m_iPendingOffset;
	if (m_bPendingDelimiter)
	{
		k.eKind = m_bPendingStart ? TaggedElement::Kind::ObjectStart : TaggedElement::Kind::ObjectEnd;
		k.sName = m_sPendingDelimiterName;
		takeDelimiter();
		return k;
	}
	const Entry& kEntry = m_aDictionary[size_t(m_iPendingId)];
	k.eKind = TaggedElement::Kind::Value;
	k.iId = m_iPendingId;
	k.sName = kEntry.sName;
	k.eType = kEntry.eType;
	payload(kEntry.eType, &k);
	return k;
}

bool TaggedSaveStream::expect(const std::string& sName, std::optional<TaggedType> eType)
{
	readHeader();
	if (m_bPendingDelimiter) return false;
	const Entry& kEntry = m_aDictionary[size_t(m_iPendingId)];
	if ((eType && kEntry.eType != *eType) || m_iDepth != m_iStreamDepth) return false;
	if (kEntry.sName != normalizeTaggedName(sName)) return false;
	m_bPending = false;
	return true;
}

void TaggedSaveStream::readStartObject(const std::string&)
{
	++m_iDepth;
	readHeader();
	if (m_bPendingDelimiter) takeDelimiter();
}

void TaggedSaveStream::readEndObject()
{
	if (m_iDepth == 0) fail("an object's end read outside any object");
	--m_iDepth;
	for (;;)
	{
		readHeader();
		if (m_bPendingDelimiter)
		{
			takeDelimiter();
			return;
		}
		payload(m_aDictionary[size_t(m_iPendingId)].eType, nullptr);
	}
}

void TaggedSaveStream::skip(const std::string& sName, std::optional<TaggedType> eType)
{
	if (expect(sName, eType)) payload(m_aDictionary[size_t(m_iPendingId)].eType, nullptr);
}

bool TaggedSaveStream::readValue(const std::string& sName, TaggedType eType, long long& iOut)
{
	const int iWidth = taggedWidth(eType);
	if (iWidth == 0 || taggedIsArray(eType) || taggedIsReal(eType))
		throw TaggedSaveError(std::string("readValue of ") + taggedTypeName(eType) + " ('" + sName + "')");
	if (!expect(sName, eType)) return false;
	iOut = scalar(iWidth, taggedIsSigned(eType), "the value");
	if (eType == TaggedType::Bool) iOut = iOut != 0;
	return true;
}

bool TaggedSaveStream::readValue(const std::string& sName, TaggedType eType, double& dOut)
{
	if (eType != TaggedType::Float && eType != TaggedType::Double)
		throw TaggedSaveError(std::string("readValue of ") + taggedTypeName(eType) + " ('" + sName + "')");
	if (!expect(sName, eType)) return false;
	TaggedElement k;
	payload(eType, &k);
	dOut = k.adValues.at(0);
	return true;
}

bool TaggedSaveStream::readArray(
	const std::string& sName, TaggedType eType, int iCount, std::vector<long long>& aOut, bool bAllowTruncation)
{
	if (!taggedIsArray(eType) || taggedIsReal(eType))
		throw TaggedSaveError(std::string("readArray of ") + taggedTypeName(eType) + " ('" + sName + "')");
	if (!expect(sName, eType)) return false;
	const int iWidth = taggedWidth(eType);
	const int32_t n = count(iWidth, "the count");
	const bool bBools = eType == TaggedType::BoolArray;
	if (bBools ? (n > iCount && !bAllowTruncation) : n != iCount)
		fail(std::to_string(n) + " values where the read wants " + std::to_string(iCount));
	if (iCount > 0 && aOut.size() < size_t(iCount)) aOut.resize(size_t(iCount));
	const unsigned char* q = take(size_t(n) * size_t(iWidth), "the values");
	for (int32_t i = 0; i < std::min(n, iCount); ++i)
	{
		unsigned long long u = 0;
		for (int j = 0; j < iWidth; ++j)
			u |= static_cast<unsigned long long>(q[size_t(i) * size_t(iWidth) + size_t(j)]) << (8 * j);
		if (taggedIsSigned(eType) && (u >> (8 * iWidth - 1))) u |= ~((1ull << (8 * iWidth)) - 1);
		if (bBools) u = u != 0;
		aOut[size_t(i)] = static_cast<long long>(u);
	}
	return true;
}

bool TaggedSaveStream::readArray(const std::string& sName, TaggedType eType, int iCount, std::vector<double>& aOut)
{
	if (eType != TaggedType::FloatArray && eType != TaggedType::DoubleArray)
		throw TaggedSaveError(std::string("readArray of ") + taggedTypeName(eType) + " ('" + sName + "')");
	if (!expect(sName, eType)) return false;
	// the count is checked before the values are read
	const int iWidth = taggedWidth(eType);
	const unsigned char* q = take(4, "the count");
	const int32_t n =
		static_cast<int32_t>(uint32_t(q[0]) | (uint32_t(q[1]) << 8) | (uint32_t(q[2]) << 16) | (uint32_t(q[3]) << 24));
	if (n != iCount) fail(std::to_string(n) + " values where the read wants " + std::to_string(iCount));
	if (size_t(n) > m_kSource.left() / size_t(iWidth))
		fail("the count is " + std::to_string(n) + ", with " + std::to_string(m_kSource.left()) + " bytes left");
	if (aOut.size() < size_t(n)) aOut.resize(size_t(n));
	for (int32_t i = 0; i < n; ++i)
	{
		const unsigned char* v = take(size_t(iWidth), "value " + std::to_string(i));
		uint64_t u = 0;
		for (int j = 0; j < iWidth; ++j) u |= uint64_t(v[j]) << (8 * j);
		if (iWidth == 4)
		{
			float f;
			const uint32_t w = static_cast<uint32_t>(u);
			std::memcpy(&f, &w, 4);
			aOut[size_t(i)] = f;
		}
		else
		{
			double d;
			std::memcpy(&d, &u, 8);
			aOut[size_t(i)] = d;
		}
	}
	return true;
}

bool TaggedSaveStream::readString(const std::string& sName, TaggedType eType, std::u16string& sOut)
{
	if (!taggedIsString(eType))
		throw TaggedSaveError(std::string("readString of ") + taggedTypeName(eType) + " ('" + sName + "')");
	if (!expect(sName, eType)) return false;
	sOut = string(taggedIsWide(eType), "the string");
	return true;
}

bool TaggedSaveStream::readStrings(
	const std::string& sName, TaggedType eType, int iCount, std::vector<std::u16string>& aOut)
{
	if (eType != TaggedType::StringArray && eType != TaggedType::WStringArray)
		throw TaggedSaveError(std::string("readStrings of ") + taggedTypeName(eType) + " ('" + sName + "')");
	if (!expect(sName, eType)) return false;
	const int32_t n = count(4, "the number of strings");
	if (n != iCount) fail(std::to_string(n) + " strings where the read wants " + std::to_string(iCount));
	aOut.clear();
	for (int32_t i = 0; i < n; ++i) aOut.push_back(string(taggedIsWide(eType), "string " + std::to_string(i)));
	return true;
}

// The current index of a saved index of a class type, looked up once (bFirst: this time).
int TaggedSaveStream::lookup(int32_t iClassType, size_t iIndex, bool& bFirst)
{
	std::vector<ClassInfo>& aInfo = m_kLookups[iClassType];
	const std::vector<std::string>& aTable = m_kTables[iClassType];
	if (iIndex >= aInfo.size())
		fail("index " + std::to_string(iIndex) + " of class type " + std::to_string(iClassType) + " beyond its table ("
			+ std::to_string(aTable.size()) + " types)");
	ClassInfo& k = aInfo[iIndex];
	bFirst = false;
	if (k.iId == -1 && !k.bLookedUp)
	{
		k.iId = m_fLookup ? m_fLookup(iClassType, aTable[iIndex]) : static_cast<int>(iIndex);
		k.bLookedUp = true;
		bFirst = true;
	}
	return k.iId;
}

int TaggedSaveStream::remap(int32_t iClassType, long long iOld, bool bAllowMissing)
{
	if (iOld == -1) return -1;
	if (iOld < -1) fail("a class enum of " + std::to_string(iOld));
	const auto it = m_kTables.find(iClassType);
	if (it == m_kTables.end() || size_t(iOld) >= it->second.size()) return -1;
	bool bFirst = false;
	const int iNew = lookup(iClassType, size_t(iOld), bFirst);
	if (iNew == -1 && bFirst && !bAllowMissing)
		fail("the saved type '" + it->second[size_t(iOld)] + "' (class type " + std::to_string(iClassType)
			+ ") is not a type of the game");
	return iNew;
}

bool TaggedSaveStream::readClassEnum(const std::string& sName, int32_t iClassType, long long& iOut, bool bAllowMissing)
{
	if (!expect(sName, TaggedType::ClassEnum)) return false;
	i32("the class type"); // the read's own class type is the one used
	const int32_t iValue = i32("the value");
	iOut = iValue == -1 ? -1 : remap(iClassType, iValue, bAllowMissing);
	return true;
}

bool TaggedSaveStream::readClassArray(const std::string& sName, int32_t iClassType, bool bBools, int iCount,
	std::vector<long long>& aOut, bool bAllowMissing)
{
	if (iCount > 0 && aOut.size() < size_t(iCount)) aOut.resize(size_t(iCount));
	const int iWidth = bBools ? 1 : 4;
	if (expect(sName, bBools ? TaggedType::ClassBoolArray : TaggedType::ClassIntArray))
	{
		i32("the class type");
		const int32_t n = count(iWidth, "the count");
		const unsigned char* q = take(size_t(n) * size_t(iWidth), "the values");
		for (int32_t i = 0; i < n; ++i)
		{
			const unsigned char* v = q + size_t(i) * size_t(iWidth);
			const long long iValue = bBools ? (v[0] != 0)
											: static_cast<int32_t>(uint32_t(v[0]) | (uint32_t(v[1]) << 8)
												| (uint32_t(v[2]) << 16) | (uint32_t(v[3]) << 24));
			bool bFirst = false;
			const int iNew = lookup(iClassType, size_t(i), bFirst);
			if (iNew == -1 && bFirst)
			{
				const std::string& sType = m_kTables[iClassType][size_t(i)];
				if (bBools && iValue && !bAllowMissing)
					fail("the saved type '" + sType + "' (class type " + std::to_string(iClassType)
						+ ") is not a type of the game");
				if (!bBools && iValue != 0 && iValue != -1 && iValue != INT_MIN)
					m_aszWarnings.push_back("'" + normalizeTaggedName(sName) + "': the saved type '" + sType
						+ "' is not a type of the game; its value " + std::to_string(iValue) + " is dropped");
			}
			if (iNew == -1) continue;
			if (iNew < 0 || iNew >= iCount)
				fail("the type '" + m_kTables[iClassType][size_t(i)] + "' has index " + std::to_string(iNew)
					+ ", beyond the read's " + std::to_string(iCount));
			aOut[size_t(iNew)] = iValue;
		}
		return true;
	}
	// a plain array saved before the values were a class array's
	if (!expect(sName, bBools ? TaggedType::BoolArray : TaggedType::IntArray)) return false;
	const int32_t n = count(iWidth, "the count");
	if (n > iCount) fail(std::to_string(n) + " values where the read wants at most " + std::to_string(iCount));
	const unsigned char* q = take(size_t(n) * size_t(iWidth), "the values");
	for (int32_t i = 0; i < n; ++i)
	{
		const unsigned char* v = q + size_t(i) * size_t(iWidth);
		aOut[size_t(i)] = bBools ? (v[0] != 0)
								 : static_cast<int32_t>(uint32_t(v[0]) | (uint32_t(v[1]) << 8) | (uint32_t(v[2]) << 16)
									 | (uint32_t(v[3]) << 24));
	}
	return true;
}

bool TaggedSaveStream::readClassEnumArray(const std::string& sName, int32_t iClassType, int iCount, int iWidth,
	std::vector<long long>& aOut, bool bAllowMissing)
{
	if (iWidth != 2 && iWidth != 4)
		throw TaggedSaveError("readClassEnumArray of " + std::to_string(iWidth) + "-byte values ('" + sName + "')");
	if (!expect(sName, TaggedType::ClassEnumArray)) return false;
	i32("the class type");
	const int32_t n = i32("the count");
	if (n != iCount) fail(std::to_string(n) + " values where the read wants " + std::to_string(iCount));
	if (iCount < 0 || size_t(iCount) > m_kSource.left() / size_t(iWidth))
		fail("the count is " + std::to_string(n) + ", with " + std::to_string(m_kSource.left()) + " bytes left");
	if (aOut.size() < size_t(iCount)) aOut.resize(size_t(iCount));
	const unsigned char* q = take(size_t(iCount) * size_t(iWidth), "the values");
	for (int i = 0; i < iCount; ++i)
	{
		const unsigned char* v = q + size_t(i) * size_t(iWidth);
		const long long iOld = iWidth == 2 ? static_cast<int16_t>(uint16_t(v[0] | (v[1] << 8)))
										   : static_cast<int32_t>(uint32_t(v[0]) | (uint32_t(v[1]) << 8)
											   | (uint32_t(v[2]) << 16) | (uint32_t(v[3]) << 24));
		aOut[size_t(i)] = iOld == -1 ? -1 : remap(iClassType, iOld, bAllowMissing);
	}
	return true;
}

bool TaggedSaveStream::readClassArrayOfClassEnum(const std::string& sName, int32_t iIndexClassType,
	int32_t iValueClassType, int iCount, std::vector<long long>& aOut)
{
	if (iCount > 0 && aOut.size() < size_t(iCount)) aOut.resize(size_t(iCount));
	if (!expect(sName, TaggedType::ClassBoolArray)) return false;
	i32("the index class type");
	i32("the value class type");
	const int32_t n = count(4, "the count");
	const unsigned char* q = take(size_t(n) * 4, "the values");
	for (int32_t i = 0; i < n; ++i)
	{
		const unsigned char* v = q + size_t(i) * 4;
		const int32_t iValue = static_cast<int32_t>(
			uint32_t(v[0]) | (uint32_t(v[1]) << 8) | (uint32_t(v[2]) << 16) | (uint32_t(v[3]) << 24));
		bool bFirst = false;
		const int iNew = lookup(iIndexClassType, size_t(i), bFirst);
		if (iNew == -1) continue;
		if (iNew < 0 || iNew >= iCount)
			fail("the type '" + m_kTables[iIndexClassType][size_t(i)] + "' has index " + std::to_string(iNew)
				+ ", beyond the read's " + std::to_string(iCount));
		aOut[size_t(iNew)] = remap(iValueClassType, iValue, false);
	}
	return true;
}

} // namespace cvv
