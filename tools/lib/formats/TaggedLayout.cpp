// A tree's tagged save wrapper run by the save-layout deriver (formats/TaggedLayout.h).
#include "formats/TaggedLayout.h"

#include <climits>
#include <cstring>

namespace cvv {

namespace {
long long decode(const unsigned char* q, int iWidth, bool bSigned);
}

// The bytes of the attached stream; over made-up data, the made-up elements queued for the read.
class TaggedLayoutState::Source : public TaggedSource
{
public:
	LayoutStream* p = nullptr;
	bool bMadeUp = false;
	std::deque<unsigned char> aQueue;
	size_t iTaken = 0;

	const unsigned char* take(size_t iBytes, const std::string& sWhat) override
	{
		if (bMadeUp)
		{
			if (iBytes > aQueue.size())
				throw TaggedSaveError("made-up tagged data: " + sWhat + " wants more than was made up for the read");
			m_aBuf.assign(aQueue.begin(), aQueue.begin() + std::ptrdiff_t(iBytes));
			aQueue.erase(aQueue.begin(), aQueue.begin() + std::ptrdiff_t(iBytes));
			iTaken += iBytes;
			return m_aBuf.data();
		}
		if (!p) throw TaggedSaveError("the tagged wrapper reads before it is attached to a stream");
		iTaken += iBytes;
		return p->take(iBytes, sWhat);
	}
	size_t offset() const override { return iTaken; }
	size_t left() const override { return bMadeUp ? aQueue.size() : p ? p->left() : 0; }

private:
	std::vector<unsigned char> m_aBuf;
};

TaggedLayoutState::TaggedLayoutState() : m_pSource(std::make_unique<Source>()) { reset(false); }

TaggedLayoutState::~TaggedLayoutState() = default;

void TaggedLayoutState::reset(bool bTagged)
{
	m_bTagged = bTagged;
	m_pSource->aQueue.clear();
	m_pTagged = std::make_unique<TaggedSaveStream>(*m_pSource);
	m_kMadeUpIds.clear();
	m_kMadeUpTables.clear();
}

void TaggedLayoutState::attach(LayoutStream& kStream)
{
	m_pStream = &kStream;
	m_pSource->p = &kStream;
	m_pSource->bMadeUp = kStream.madeUp();
	m_pSource->iTaken = 0;
}

const TaggedSaveStream& TaggedLayoutState::stream() const { return *m_pTagged; }

int TaggedLayoutState::classCount(int32_t iClassType)
{
	if (!m_bTagged) return -1;
	if (m_pStream && m_pSource->bMadeUp && m_pTagged->atEnd())
	{
		// the table as large as the made-up word for it, read at once
		const long long w = decode(m_pStream->take(4, "getNumClassEnumValues"), 4, true);
		if (w > 0 && w > m_kMadeUpTables[iClassType])
		{
			madeUpTable(iClassType, w);
			try
			{
				m_pTagged->next();
			}
			catch (const TaggedSaveError& k)
			{
				m_pStream->fail(k.what());
			}
		}
	}
	const std::vector<std::string>* p = m_pTagged->classTable(iClassType);
	return p ? static_cast<int>(p->size()) : 0;
}

long long TaggedLayoutState::remap(int32_t iClassType, long long iOld, bool bAllowMissing)
{
	if (!m_bTagged) return iOld;
	try
	{
		return m_pTagged->remap(iClassType, iOld, bAllowMissing);
	}
	catch (const TaggedSaveError& k)
	{
		if (m_pStream) m_pStream->fail(k.what());
		throw;
	}
}

namespace {

long long decode(const unsigned char* q, int iWidth, bool bSigned)
{
	unsigned long long u = 0;
	for (int j = 0; j < iWidth; ++j) u |= static_cast<unsigned long long>(q[j]) << (8 * j);
	if (bSigned && iWidth < 8 && (u >> (8 * iWidth - 1))) u |= ~((1ull << (8 * iWidth)) - 1);
	return static_cast<long long>(u);
}

// A real as the raw bits of its width (the deriver keeps what it reads as integers).
long long realBits(double d, int iWidth)
{
	if (iWidth == 4)
	{
		const float f = static_cast<float>(d);
		uint32_t u;
		std::memcpy(&u, &f, 4);
		return u;
	}
	uint64_t u;
	std::memcpy(&u, &d, 8);
	return static_cast<long long>(u);
}

std::string lowBytes(const std::u16string& s)
{
	std::string sOut;
	for (char16_t c : s) sOut += static_cast<char>(c & 0xFF);
	return sOut;
}

// The element type of an array type (IntArray -> Int), for its width and sign.
TaggedType elementOf(TaggedType e)
{
	switch (e)
	{
	case TaggedType::CharArray: return TaggedType::Char;
	case TaggedType::ByteArray: return TaggedType::Byte;
	case TaggedType::BoolArray: return TaggedType::Bool;
	case TaggedType::ShortArray: return TaggedType::Short;
	case TaggedType::UShortArray: return TaggedType::UShort;
	case TaggedType::IntArray: return TaggedType::Int;
	case TaggedType::UIntArray: return TaggedType::UInt;
	case TaggedType::LongArray: return TaggedType::Long;
	case TaggedType::ULongArray: return TaggedType::ULong;
	case TaggedType::FloatArray: return TaggedType::Float;
	case TaggedType::DoubleArray: return TaggedType::Double;
	default: return e;
	}
}

// Bytes appended as the wrapper lays them out.
struct Bytes
{
	std::deque<unsigned char>& a;
	void u8(unsigned v) { a.push_back(static_cast<unsigned char>(v & 0xFF)); }
	void put(long long v, int iWidth)
	{
		for (int j = 0; j < iWidth; ++j)
			u8(static_cast<unsigned>((static_cast<unsigned long long>(v) >> (8 * j)) & 0xFF));
	}
	void i32(long long v) { put(v, 4); }
	void text(const std::string& s)
	{
		for (char c : s) u8(static_cast<unsigned char>(c));
	}
};

} // namespace

// Made-up data: a class map that makes the table of iClass iNeed types long (more types appended).
void TaggedLayoutState::madeUpTable(int32_t iClass, long long iNeed)
{
	long long& iHave = m_kMadeUpTables[iClass];
	if (iNeed <= iHave) return;
	Bytes b{ m_pSource->aQueue };
	b.i32(kTaggedClassMap);
	b.i32(iClass);
	b.i32(iNeed - iHave);
	for (long long i = iHave; i < iNeed; ++i)
	{
		const std::string sType = "MADE_UP_" + std::to_string(iClass) + "_" + std::to_string(i);
		b.i32(static_cast<long long>(sType.size()));
		b.text(sType);
	}
	iHave = iNeed;
}

// The wrapper's plain reads, for a save written without the tagged format: the stream's own.
TaggedReadResult TaggedLayoutState::plain(const TaggedRead& k)
{
	TaggedReadResult r;
	r.bFound = k.eForm != TaggedRead::Skip;
	LayoutStream& s = *m_pStream;
	auto values = [&](long long n, int iWidth, bool bSigned, bool bBool) {
		if (n < 0 || size_t(n) > s.left() / size_t(iWidth))
			s.fail("'" + k.sName + "': " + std::to_string(n) + " values of " + std::to_string(iWidth) + " bytes with "
				+ std::to_string(s.left()) + " bytes left");
		const unsigned char* q = s.take(size_t(n) * size_t(iWidth), k.sName);
		for (long long i = 0; i < n; ++i)
		{
			long long v = decode(q + size_t(i) * size_t(iWidth), iWidth, bSigned);
			if (bBool) v = v != 0;
			r.aSet.emplace_back(size_t(i), v);
		}
	};
	auto string = [&](bool bWide) {
		const int iWidth = bWide ? 2 : 1;
		const long long n = decode(s.take(4, "a string's length"), 4, true);
		if (n < 0 || size_t(n) > s.left() / size_t(iWidth))
			s.fail("a string of " + std::to_string(n) + " characters with " + std::to_string(s.left()) + " bytes left");
		const unsigned char* q = s.take(size_t(n) * size_t(iWidth), k.sName);
		std::string sOut;
		for (long long j = 0; j < n; ++j) sOut += static_cast<char>(q[size_t(j) * size_t(iWidth)]);
		r.aszStrings.push_back(sOut);
	};
	switch (k.eForm)
	{
	case TaggedRead::StartObject:
	case TaggedRead::EndObject:
	case TaggedRead::Skip: break;
	case TaggedRead::Value:
	case TaggedRead::Array:
	{
		const TaggedType e = elementOf(k.eType);
		values(k.eForm == TaggedRead::Array ? k.iCount : 1, taggedWidth(e), taggedIsSigned(e), e == TaggedType::Bool);
		break;
	}
	case TaggedRead::String: string(taggedIsWide(k.eType)); break;
	case TaggedRead::StringArray:
		if (k.iCount < 0 || size_t(k.iCount) > s.left() / 4)
			s.fail("'" + k.sName + "': a count of " + std::to_string(k.iCount));
		for (long long i = 0; i < k.iCount; ++i) string(taggedIsWide(k.eType));
		break;
	case TaggedRead::ClassEnum: values(1, k.iWidth, true, false); break;
	case TaggedRead::ClassArray: values(k.iCount, k.bBools ? 1 : 4, !k.bBools, k.bBools); break;
	case TaggedRead::ClassEnumArray: values(k.iCount, k.iWidth, true, false); break;
	case TaggedRead::ClassArrayOfClassEnum: values(k.iCount, 4, true, false); break;
	}
	return r;
}

// Made-up data: the element that answers the read, written to the queue the tagged stream reads.
// Its values are the made-up stream's word for the read's name (a version flag's for a name ending
// in Flag); an array has the read's count; a class value's type is in a table made up for it.
void TaggedLayoutState::makeUp(const TaggedRead& k)
{
	Bytes b{ m_pSource->aQueue };
	LayoutStream& s = *m_pStream;
	const std::string sName = normalizeTaggedName(k.sName);
	if (k.eForm == TaggedRead::StartObject || k.eForm == TaggedRead::EndObject)
	{
		s.take(6, "a made-up object delimiter");
		b.i32(kTaggedObjectDelimiter);
		b.u8(k.eForm == TaggedRead::StartObject);
		b.u8(0);
		return;
	}
	const long long w = decode(s.take(4, k.sName), 4, true);
	const long long n =
		k.eForm == TaggedRead::Value || k.eForm == TaggedRead::ClassEnum || k.eForm == TaggedRead::Skip ? 1 : k.iCount;
	if (n < 0 || n > INT_MAX) s.fail("'" + k.sName + "': a count of " + std::to_string(n));
	TaggedType eType = k.eType;
	switch (k.eForm)
	{
	case TaggedRead::ClassEnum: eType = TaggedType::ClassEnum; break;
	case TaggedRead::ClassArray: eType = k.bBools ? TaggedType::ClassBoolArray : TaggedType::ClassIntArray; break;
	case TaggedRead::ClassEnumArray: eType = TaggedType::ClassEnumArray; break;
	case TaggedRead::ClassArrayOfClassEnum: eType = TaggedType::ClassBoolArray; break;
	case TaggedRead::Skip: eType = k.eSkipType ? *k.eSkipType : TaggedType::Int; break;
	default: break;
	}
	// the bytes the element takes, charged to the made-up data before it is written
	const long long iStrLen = w < 0 ? 0 : w;
	long long iSize = 4;
	if (k.eForm == TaggedRead::String || (k.eForm == TaggedRead::Skip && taggedIsString(eType)))
		iSize += 4 + iStrLen * (taggedIsWide(eType) ? 2 : 1);
	else if (k.eForm == TaggedRead::StringArray)
	{
		// n strings of iStrLen characters (both up to 2^31): more than any made-up data holds
		const long long iEach = 4 + iStrLen * (taggedIsWide(eType) ? 2 : 1);
		if (n > 0 && iEach > static_cast<long long>(s.left()) / n) s.take(s.left() + 1, "a made-up tagged element");
		iSize += 4 + n * iEach;
	}
	else if (eType == TaggedType::ClassEnum)
		iSize += 8;
	else if (k.eForm == TaggedRead::ClassArrayOfClassEnum)
		iSize += 12 + 4 * n;
	else if (eType == TaggedType::ClassIntArray || eType == TaggedType::ClassBoolArray
		|| eType == TaggedType::ClassEnumArray)
		iSize += 8 + n * (eType == TaggedType::ClassBoolArray ? 1 : eType == TaggedType::ClassEnumArray ? k.iWidth : 4);
	else if (taggedIsArray(eType))
		iSize += 4 + n * taggedWidth(eType);
	else
		iSize += taggedWidth(eType);
	if (iSize > 4)
	{
		if (size_t(iSize - 4) > s.left()) s.take(s.left() + 1, "a made-up tagged element"); // runs out
		s.take(size_t(iSize - 4), "a made-up tagged element");
	}
	// the tables a class value needs: its type's index w (and, for an array indexed by a class, n types)
	auto table = [&](int32_t iClass, long long iNeed) { madeUpTable(iClass, iNeed); };
	const long long iIndex = w < 0 ? 0 : w + 1;
	if (k.eForm == TaggedRead::ClassEnum || k.eForm == TaggedRead::ClassEnumArray) table(k.iClassType, iIndex);
	if (k.eForm == TaggedRead::ClassArray) table(k.iClassType, n);
	if (k.eForm == TaggedRead::ClassArrayOfClassEnum)
	{
		table(k.iClassType, n);
		table(k.iValueClassType, iIndex);
	}
	// the dictionary entry of a new name
	auto it = m_kMadeUpIds.find(sName);
	if (it == m_kMadeUpIds.end())
	{
		it = m_kMadeUpIds.emplace(sName, static_cast<int>(m_kMadeUpIds.size())).first;
		b.i32(kTaggedDictionaryEntry);
		b.i32(it->second);
		b.i32(static_cast<int32_t>(eType));
		b.u8(static_cast<unsigned>(std::min<size_t>(sName.size(), 255)));
		b.text(sName.substr(0, 255));
	}
	b.i32(it->second);
	auto string = [&](bool bWide) {
		b.i32(iStrLen);
		for (long long j = 0; j < iStrLen; ++j) b.put('x', bWide ? 2 : 1);
	};
	if (k.eForm == TaggedRead::String || (k.eForm == TaggedRead::Skip && taggedIsString(eType)))
		string(taggedIsWide(eType));
	else if (k.eForm == TaggedRead::StringArray)
	{
		b.i32(n);
		for (long long i = 0; i < n; ++i) string(taggedIsWide(eType));
	}
	else if (eType == TaggedType::ClassEnum)
	{
		b.i32(k.iClassType);
		b.i32(w);
	}
	else if (k.eForm == TaggedRead::ClassArrayOfClassEnum)
	{
		b.i32(k.iClassType);
		b.i32(k.iValueClassType);
		b.i32(n);
		for (long long i = 0; i < n; ++i) b.i32(w);
	}
	else if (eType == TaggedType::ClassIntArray || eType == TaggedType::ClassBoolArray
		|| eType == TaggedType::ClassEnumArray)
	{
		b.i32(k.iClassType);
		b.i32(n);
		const int iWidth = eType == TaggedType::ClassBoolArray ? 1 : eType == TaggedType::ClassEnumArray ? k.iWidth : 4;
		for (long long i = 0; i < n; ++i) b.put(iWidth == 1 ? w != 0 : w, iWidth);
	}
	else if (taggedIsArray(eType))
	{
		b.i32(n);
		for (long long i = 0; i < n; ++i) b.put(eType == TaggedType::BoolArray ? w != 0 : w, taggedWidth(eType));
	}
	else
		b.put(eType == TaggedType::Bool ? w != 0 : w, taggedWidth(eType));
}

TaggedReadResult TaggedLayoutState::read(const TaggedRead& k)
{
	if (!m_pStream)
		throw TaggedSaveError("the tagged wrapper reads '" + k.sName + "' before it is attached to a stream");
	if (!m_bTagged) return plain(k);
	if (k.iCount < 0 || k.iCount > INT_MAX)
		m_pStream->fail("'" + k.sName + "': a count of " + std::to_string(k.iCount));
	const int iCount = static_cast<int>(k.iCount);
	TaggedReadResult r;
	try
	{
		if (m_pSource->bMadeUp) makeUp(k);
		TaggedSaveStream& t = *m_pTagged;
		// the positions a read set: those no longer holding the mark
		const long long iMark = LLONG_MIN;
		auto positions = [&](const std::vector<long long>& a) {
			for (size_t i = 0; i < a.size(); ++i)
				if (a[i] != iMark) r.aSet.emplace_back(i, a[i]);
		};
		switch (k.eForm)
		{
		case TaggedRead::StartObject:
			t.readStartObject(k.sName);
			r.bFound = true;
			break;
		case TaggedRead::EndObject:
			t.readEndObject();
			r.bFound = true;
			break;
		case TaggedRead::Skip: t.skip(k.sName, k.eSkipType); break;
		case TaggedRead::Value:
			if (taggedIsReal(k.eType))
			{
				double d = 0;
				r.bFound = t.readValue(k.sName, k.eType, d);
				if (r.bFound) r.aSet.emplace_back(0, realBits(d, taggedWidth(k.eType)));
			}
			else
			{
				long long v = 0;
				r.bFound = t.readValue(k.sName, k.eType, v);
				if (r.bFound) r.aSet.emplace_back(0, v);
			}
			break;
		case TaggedRead::Array:
			if (taggedIsReal(k.eType))
			{
				std::vector<double> a;
				r.bFound = t.readArray(k.sName, k.eType, iCount, a);
				if (r.bFound)
					for (size_t i = 0; i < a.size(); ++i) r.aSet.emplace_back(i, realBits(a[i], taggedWidth(k.eType)));
			}
			else
			{
				std::vector<long long> a(size_t(iCount), iMark);
				r.bFound = t.readArray(k.sName, k.eType, iCount, a, k.bAllowTruncation);
				if (r.bFound) positions(a);
			}
			break;
		case TaggedRead::String:
		{
			std::u16string s;
			r.bFound = t.readString(k.sName, k.eType, s);
			if (r.bFound) r.aszStrings.push_back(lowBytes(s));
			break;
		}
		case TaggedRead::StringArray:
		{
			std::vector<std::u16string> a;
			r.bFound = t.readStrings(k.sName, k.eType, iCount, a);
			for (const std::u16string& s : a) r.aszStrings.push_back(lowBytes(s));
			break;
		}
		case TaggedRead::ClassEnum:
		{
			long long v = 0;
			r.bFound = t.readClassEnum(k.sName, k.iClassType, v, k.bAllowMissing);
			if (r.bFound) r.aSet.emplace_back(0, v);
			break;
		}
		case TaggedRead::ClassArray:
		{
			std::vector<long long> a(size_t(iCount), iMark);
			r.bFound = t.readClassArray(k.sName, k.iClassType, k.bBools, iCount, a, k.bAllowMissing);
			if (r.bFound) positions(a);
			break;
		}
		case TaggedRead::ClassEnumArray:
		{
			std::vector<long long> a;
			r.bFound = t.readClassEnumArray(k.sName, k.iClassType, iCount, k.iWidth, a, k.bAllowMissing);
			if (r.bFound)
				for (size_t i = 0; i < a.size(); ++i) r.aSet.emplace_back(i, a[i]);
			break;
		}
		case TaggedRead::ClassArrayOfClassEnum:
		{
			std::vector<long long> a(size_t(iCount), iMark);
			r.bFound = t.readClassArrayOfClassEnum(k.sName, k.iClassType, k.iValueClassType, iCount, a);
			if (r.bFound) positions(a);
			break;
		}
		}
	}
	catch (const TaggedSaveError& e)
	{
		m_pStream->fail(e.what());
	}
	return r;
}

} // namespace cvv
