// Writes made-up tagged save streams (docs/file-formats.md, 3.3.1) for the tests and the fuzz seeds:
// the elements as RoM-AND's wrapper lays them out on disk (little-endian, packed, 32-bit ints, longs
// and enums), a dictionary entry before a name's first value. Test code only: the tools read the
// format (formats/TaggedSaveStream.h) and never write it.
#pragma once

#include "formats/TaggedSaveStream.h"

#include <cstdint>
#include <cstring>
#include <map>
#include <string>
#include <vector>

namespace cvv::test {

class TaggedSaveWriter
{
public:
	std::vector<unsigned char> aBytes;

	// --- raw bytes, as the stream's own writes (or a corrupt element) would put them
	void u8(unsigned v) { aBytes.push_back(static_cast<unsigned char>(v)); }
	void i16(int v)
	{
		for (int j = 0; j < 2; ++j) u8((static_cast<unsigned>(v) >> (8 * j)) & 0xFF);
	}
	void i32(long long v)
	{
		for (int j = 0; j < 4; ++j) u8((static_cast<unsigned long long>(v) >> (8 * j)) & 0xFF);
	}
	void f32(float f)
	{
		uint32_t u;
		std::memcpy(&u, &f, 4);
		i32(u);
	}
	void f64(double d)
	{
		uint64_t u;
		std::memcpy(&u, &d, 8);
		for (int j = 0; j < 8; ++j) u8((u >> (8 * j)) & 0xFF);
	}
	// the stream's own string: a 32-bit length, then the characters (of 2 bytes if wide)
	void string(const std::u16string& s, bool bWide)
	{
		i32(static_cast<long long>(s.size()));
		for (char16_t c : s)
			if (bWide)
				i16(c);
			else
				u8(c & 0xFF);
	}

	// --- elements
	void classMap(int iClassType, const std::vector<std::string>& aszTypes)
	{
		i32(kTaggedClassMap);
		i32(iClassType);
		i32(static_cast<long long>(aszTypes.size()));
		for (const std::string& s : aszTypes) string(std::u16string(s.begin(), s.end()), false);
	}
	void startObject(const std::string& sName)
	{
		i32(kTaggedObjectDelimiter);
		u8(1);
		u8(static_cast<unsigned>(sName.size()));
		for (char c : sName) u8(static_cast<unsigned char>(c));
	}
	// the wrapper writes an end without a name
	void endObject()
	{
		i32(kTaggedObjectDelimiter);
		u8(0);
		u8(0);
	}
	// The value's id, with a dictionary entry first if the (normalised) name is new.
	int id(const std::string& sName, TaggedType eType)
	{
		const std::string s = normalizeTaggedName(sName);
		const auto it = m_kIds.find(s);
		if (it != m_kIds.end()) return it->second;
		const int iId = static_cast<int>(m_kIds.size());
		m_kIds.emplace(s, iId);
		i32(kTaggedDictionaryEntry);
		i32(iId);
		i32(static_cast<int32_t>(eType));
		u8(static_cast<unsigned>(s.size()));
		for (char c : s) u8(static_cast<unsigned char>(c));
		return iId;
	}
	void value(const std::string& sName, TaggedType eType, long long v)
	{
		i32(id(sName, eType));
		raw(eType, v);
	}
	void real(const std::string& sName, TaggedType eType, double d)
	{
		i32(id(sName, eType));
		if (eType == TaggedType::Float)
			f32(static_cast<float>(d));
		else
			f64(d);
	}
	void array(const std::string& sName, TaggedType eType, const std::vector<long long>& a)
	{
		i32(id(sName, eType));
		i32(static_cast<long long>(a.size()));
		for (long long v : a) raw(eType, v);
	}
	// As the wrapper reads a double array (its writer puts neither id nor count: see the docs).
	void reals(const std::string& sName, TaggedType eType, const std::vector<double>& a)
	{
		i32(id(sName, eType));
		i32(static_cast<long long>(a.size()));
		for (double d : a)
			if (eType == TaggedType::FloatArray)
				f32(static_cast<float>(d));
			else
				f64(d);
	}
	void str(const std::string& sName, TaggedType eType, const std::u16string& s)
	{
		i32(id(sName, eType));
		string(s, taggedIsWide(eType));
	}
	void strs(const std::string& sName, TaggedType eType, const std::vector<std::u16string>& a)
	{
		i32(id(sName, eType));
		i32(static_cast<long long>(a.size()));
		for (const std::u16string& s : a) string(s, taggedIsWide(eType));
	}
	void classEnum(const std::string& sName, int iClassType, int v)
	{
		i32(id(sName, TaggedType::ClassEnum));
		i32(iClassType);
		i32(v);
	}
	void classArray(const std::string& sName, int iClassType, bool bBools, const std::vector<long long>& a)
	{
		i32(id(sName, bBools ? TaggedType::ClassBoolArray : TaggedType::ClassIntArray));
		i32(iClassType);
		i32(static_cast<long long>(a.size()));
		for (long long v : a)
			if (bBools)
				u8(v != 0);
			else
				i32(v);
	}
	// iWidth: the writer's array's values, 2 (short) or 4 (int)
	void classEnumArray(const std::string& sName, int iClassType, const std::vector<long long>& a, int iWidth = 4)
	{
		i32(id(sName, TaggedType::ClassEnumArray));
		i32(iClassType);
		i32(static_cast<long long>(a.size()));
		for (long long v : a)
			if (iWidth == 2)
				i16(static_cast<int>(v));
			else
				i32(v);
	}
	// under the class bool array's type, as the wrapper writes it
	void classArrayOfClassEnum(
		const std::string& sName, int iIndexClassType, int iValueClassType, const std::vector<long long>& a)
	{
		i32(id(sName, TaggedType::ClassBoolArray));
		i32(iIndexClassType);
		i32(iValueClassType);
		i32(static_cast<long long>(a.size()));
		for (long long v : a) i32(v);
	}

private:
	void raw(TaggedType eType, long long v)
	{
		switch (taggedWidth(eType))
		{
		case 1: u8(static_cast<unsigned>(v) & 0xFF); break;
		case 2: i16(static_cast<int>(v)); break;
		default: i32(v); break;
		}
	}

	std::map<std::string, int> m_kIds;
};

} // namespace cvv::test
