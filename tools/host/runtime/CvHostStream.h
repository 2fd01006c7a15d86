// The host's stream: a tree's FDataStreamBase (the executable's stream, through which the DLL's
// read() and write() functions read and write a saved game) over a CvHostBytes buffer.
//
// Header-only, because it is compiled against each tree's own FDataStreamBase.h: include it after
// the tree's CvGameCoreDLL.h, or alone with the tree's folder on the include path (it then names
// byte and wchar as every tree's CvGameCoreDLL.h does, which a later CvGameCoreDLL.h may repeat).
//
// Every pure virtual of the trees' FDataStreamBase.h is implemented. BTS, K-Mod, PB Mod, Realism
// Invictus and RoM-AND declare the writes as `Write`; AdvCiv renamed them `WriteExternal` (same
// slots, same order) and added non-virtual inline `Write`s that call them. This class defines both
// families, without `override`: one family implements the tree's pure virtuals, the other is plain
// members doing the same.
//
// What goes on disk: CvHostBytes.h (little-endian; bool 1 byte; long 4 bytes; strings an i32 count
// and no terminator, wide strings in UTF-16 code units). Counts of arrays and strings are checked
// before anything is read or allocated (an array of strings: 4 bytes a string at least). A read
// past the end, a negative count or SetPosition past the end throws CvHostBytesError (offset and
// what was asked for; the caller adds which object it was reading, CvHostBytesError::within).
// ReadString/WriteString return the bytes they moved in the stream (4 + the characters' bytes),
// which no tree reads.
#ifndef CVHOST_STREAM_H
#define CVHOST_STREAM_H

#include "CvHostBytes.h"

#include <cstring>
#include <sstream>
#include <string>
#include <utility>
#include <vector>
#include <wchar.h>

#ifndef FDATASTREAMBASE_H
typedef unsigned char byte;
typedef wchar_t wchar;
#include "FDataStreamBase.h"
#endif

class CvHostStream : public FDataStreamBase
{
public:
	CvHostStream() {}
	explicit CvHostStream(const std::vector<unsigned char>& aData) : m_kBytes(aData) {}
	explicit CvHostStream(std::vector<unsigned char>&& aData) : m_kBytes(std::move(aData)) {}

	CvHostBytes& bytes() { return m_kBytes; }
	const CvHostBytes& bytes() const { return m_kBytes; }

	// ---- position ----
	void Rewind() { m_kBytes.setPosition(0); }
	bool AtEnd() { return m_kBytes.atEnd(); }
	void FastFwd() { m_kBytes.setPosition(m_kBytes.size()); }
	unsigned int GetPosition() const { return static_cast<unsigned int>(m_kBytes.position()); }
	void SetPosition(unsigned int iPosition) { m_kBytes.setPosition(iPosition); }
	void Truncate() { m_kBytes.truncate(); }
	void Flush() {}
	unsigned int GetEOF() const { return static_cast<unsigned int>(m_kBytes.size()); }
	unsigned int GetSizeLeft() const { return static_cast<unsigned int>(m_kBytes.left()); }
	// The whole contents (GetEOF() bytes), wherever the position is.
	void CopyToMem(void* pMem)
	{
		if (m_kBytes.size() != 0) std::memcpy(pMem, m_kBytes.data().data(), m_kBytes.size());
	}

	// ---- strings ----
	unsigned int WriteString(const wchar* szName)
	{
		return putWide(szName ? cvHostUtf16FromWide(szName, wcslen(szName)) : std::u16string());
	}
	unsigned int WriteString(const char* szName)
	{
		const size_t iCount = szName ? std::strlen(szName) : 0;
		m_kBytes.writeString(szName, iCount);
		return static_cast<unsigned int>(4 + iCount);
	}
	unsigned int WriteString(const std::string& szName)
	{
		m_kBytes.writeString(szName);
		return static_cast<unsigned int>(4 + szName.size());
	}
	unsigned int WriteString(const std::wstring& szName) { return putWide(cvHostUtf16FromWide(szName)); }
	unsigned int WriteString(int iCount, std::string values[])
	{
		checkCount(iCount, "strings");
		unsigned int iBytes = 0;
		for (int i = 0; i < iCount; ++i) iBytes += WriteString(values[i]);
		return iBytes;
	}
	unsigned int WriteString(int iCount, std::wstring values[])
	{
		checkCount(iCount, "wide strings");
		unsigned int iBytes = 0;
		for (int i = 0; i < iCount; ++i) iBytes += WriteString(values[i]);
		return iBytes;
	}

	// Into the caller's buffer, with a terminator (the interface gives no size: the DLL's buffers
	// must be large enough, as with the game's executable).
	unsigned int ReadString(char* szName)
	{
		const std::string s = m_kBytes.readString();
		std::memcpy(szName, s.c_str(), s.size() + 1);
		return static_cast<unsigned int>(4 + s.size());
	}
	unsigned int ReadString(wchar* szName)
	{
		const std::u16string s = m_kBytes.readWideString();
		const std::wstring w = cvHostWideFromUtf16(s);
		std::memcpy(szName, w.c_str(), (w.size() + 1) * sizeof(wchar_t));
		return static_cast<unsigned int>(4 + 2 * s.size());
	}
	unsigned int ReadString(std::string& szName)
	{
		szName = m_kBytes.readString();
		return static_cast<unsigned int>(4 + szName.size());
	}
	unsigned int ReadString(std::wstring& szName)
	{
		const std::u16string s = m_kBytes.readWideString();
		szName = cvHostWideFromUtf16(s);
		return static_cast<unsigned int>(4 + 2 * s.size());
	}
	unsigned int ReadString(int iCount, std::string values[])
	{
		checkArray(iCount, 4, "strings"); // a string's count alone is 4 bytes
		unsigned int iBytes = 0;
		for (int i = 0; i < iCount; ++i) iBytes += ReadString(values[i]);
		return iBytes;
	}
	unsigned int ReadString(int iCount, std::wstring values[])
	{
		checkArray(iCount, 4, "wide strings"); // a string's count alone is 4 bytes
		unsigned int iBytes = 0;
		for (int i = 0; i < iCount; ++i) iBytes += ReadString(values[i]);
		return iBytes;
	}
	// Allocated with new[] (the DLL frees them with delete or delete[], or keeps them).
	char* ReadString()
	{
		const std::string s = m_kBytes.readString();
		char* p = new char[s.size() + 1];
		std::memcpy(p, s.c_str(), s.size() + 1);
		return p;
	}
	wchar* ReadWideString()
	{
		const std::wstring w = cvHostWideFromUtf16(m_kBytes.readWideString());
		wchar* p = new wchar[w.size() + 1];
		std::memcpy(p, w.c_str(), (w.size() + 1) * sizeof(wchar_t));
		return p;
	}

	// ---- reads ----
	void Read(char* p) { *p = static_cast<char>(m_kBytes.readI8("a char")); }
	void Read(byte* p) { *p = m_kBytes.readU8("a byte"); }
	void Read(int iCount, char values[])
	{
		checkArray(iCount, 1, "chars");
		m_kBytes.readBytes(values, size_t(iCount));
	}
	void Read(int iCount, byte values[])
	{
		checkArray(iCount, 1, "bytes");
		m_kBytes.readBytes(values, size_t(iCount));
	}
	void Read(bool* p) { *p = m_kBytes.readBool(); }
	void Read(int iCount, bool values[])
	{
		checkArray(iCount, 1, "bools");
		for (int i = 0; i < iCount; ++i) values[i] = m_kBytes.readBool();
	}
	void Read(short* p) { *p = m_kBytes.readI16(); }
	void Read(unsigned short* p) { *p = m_kBytes.readU16(); }
	void Read(int iCount, short values[])
	{
		checkArray(iCount, 2, "shorts");
		for (int i = 0; i < iCount; ++i) values[i] = m_kBytes.readI16();
	}
	void Read(int iCount, unsigned short values[])
	{
		checkArray(iCount, 2, "unsigned shorts");
		for (int i = 0; i < iCount; ++i) values[i] = m_kBytes.readU16();
	}
	void Read(int* p) { *p = m_kBytes.readI32(); }
	void Read(unsigned int* p) { *p = m_kBytes.readU32(); }
	void Read(int iCount, int values[])
	{
		checkArray(iCount, 4, "ints");
		for (int i = 0; i < iCount; ++i) values[i] = m_kBytes.readI32();
	}
	void Read(int iCount, unsigned int values[])
	{
		checkArray(iCount, 4, "unsigned ints");
		for (int i = 0; i < iCount; ++i) values[i] = m_kBytes.readU32();
	}
	void Read(long* p) { *p = m_kBytes.readI32("a long"); }
	void Read(unsigned long* p) { *p = m_kBytes.readU32("an unsigned long"); }
	void Read(int iCount, long values[])
	{
		checkArray(iCount, 4, "longs");
		for (int i = 0; i < iCount; ++i) values[i] = m_kBytes.readI32("a long");
	}
	void Read(int iCount, unsigned long values[])
	{
		checkArray(iCount, 4, "unsigned longs");
		for (int i = 0; i < iCount; ++i) values[i] = m_kBytes.readU32("an unsigned long");
	}
	void Read(float* p) { *p = m_kBytes.readFloat(); }
	void Read(int iCount, float values[])
	{
		checkArray(iCount, 4, "floats");
		for (int i = 0; i < iCount; ++i) values[i] = m_kBytes.readFloat();
	}
	void Read(double* p) { *p = m_kBytes.readDouble(); }
	void Read(int iCount, double values[])
	{
		checkArray(iCount, 8, "doubles");
		for (int i = 0; i < iCount; ++i) values[i] = m_kBytes.readDouble();
	}

	// ---- writes: the same under both names (see the top of the file) ----
#define CVHOST_STREAM_WRITES(Name)                                                                                     \
	void Name(char value) { m_kBytes.writeI8(static_cast<signed char>(value)); }                                       \
	void Name(byte value) { m_kBytes.writeU8(value); }                                                                 \
	void Name(int iCount, const char values[]) { putArray(iCount, values, "chars"); }                                  \
	void Name(int iCount, const byte values[]) { putArray(iCount, values, "bytes"); }                                  \
	void Name(bool value) { m_kBytes.writeBool(value); }                                                               \
	void Name(int iCount, const bool values[]) { putArray(iCount, values, "bools"); }                                  \
	void Name(short value) { m_kBytes.writeI16(value); }                                                               \
	void Name(unsigned short value) { m_kBytes.writeU16(value); }                                                      \
	void Name(int iCount, const short values[]) { putArray(iCount, values, "shorts"); }                                \
	void Name(int iCount, const unsigned short values[]) { putArray(iCount, values, "unsigned shorts"); }              \
	void Name(int value) { m_kBytes.writeI32(value); }                                                                 \
	void Name(unsigned int value) { m_kBytes.writeU32(value); }                                                        \
	void Name(int iCount, const int values[]) { putArray(iCount, values, "ints"); }                                    \
	void Name(int iCount, const unsigned int values[]) { putArray(iCount, values, "unsigned ints"); }                  \
	void Name(long value) { put(value); }                                                                              \
	void Name(unsigned long value) { put(value); }                                                                     \
	void Name(int iCount, const long values[]) { putArray(iCount, values, "longs"); }                                  \
	void Name(int iCount, const unsigned long values[]) { putArray(iCount, values, "unsigned longs"); }                \
	void Name(float value) { m_kBytes.writeFloat(value); }                                                             \
	void Name(int iCount, const float values[]) { putArray(iCount, values, "floats"); }                                \
	void Name(double value) { m_kBytes.writeDouble(value); }                                                           \
	void Name(int iCount, const double values[]) { putArray(iCount, values, "doubles"); }

	CVHOST_STREAM_WRITES(Write)
	CVHOST_STREAM_WRITES(WriteExternal)
#undef CVHOST_STREAM_WRITES

private:
	void put(char value) { m_kBytes.writeI8(static_cast<signed char>(value)); }
	void put(unsigned char value) { m_kBytes.writeU8(value); }
	void put(bool value) { m_kBytes.writeBool(value); }
	void put(short value) { m_kBytes.writeI16(value); }
	void put(unsigned short value) { m_kBytes.writeU16(value); }
	void put(int value) { m_kBytes.writeI32(value); }
	void put(unsigned int value) { m_kBytes.writeU32(value); }
	// 4 bytes on disk, as under MSVC (the compiler's long may be 8)
	void put(long value) { m_kBytes.writeI32(static_cast<int32_t>(value)); }
	void put(unsigned long value) { m_kBytes.writeU32(static_cast<uint32_t>(value)); }
	void put(float value) { m_kBytes.writeFloat(value); }
	void put(double value) { m_kBytes.writeDouble(value); }
	template <class T>
	void putArray(int iCount, const T values[], const char* szWhat)
	{
		checkCount(iCount, szWhat);
		for (int i = 0; i < iCount; ++i) put(values[i]);
	}
	unsigned int putWide(const std::u16string& s)
	{
		m_kBytes.writeWideString(s);
		return static_cast<unsigned int>(4 + 2 * s.size());
	}
	// A negative count throws; one past the end throws before anything is read.
	void checkCount(int iCount, const char* szWhat) const
	{
		if (iCount >= 0) return;
		std::ostringstream k;
		k << "its count is " << iCount;
		throw CvHostBytesError(m_kBytes.position(), std::string("an array of ") + szWhat, k.str());
	}
	void checkArray(int iCount, size_t iItemSize, const char* szWhat)
	{
		checkCount(iCount, szWhat);
		if (size_t(iCount) <= m_kBytes.left() / iItemSize) return;
		std::ostringstream k;
		k << "an array of " << iCount << " " << szWhat;
		m_kBytes.require(size_t(iCount), iItemSize, k.str().c_str());
	}

	CvHostBytes m_kBytes;
};

#endif
