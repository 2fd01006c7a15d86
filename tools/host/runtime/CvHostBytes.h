// The host's byte buffer: little-endian integers, floats and the game's strings read from and
// written to a growing buffer at a position, as the game's executable stores them in a saved game.
// Tree-independent (no header of a CvGameCoreDLL): CvHostStream.h puts a tree's FDataStreamBase on
// it, CvHostSaveFile.h reads the save's outer layer with it. C++14, for the 32-bit host (clang in
// MSVC mode) and the 64-bit tests (g++).
//
// On disk (facts from the shared saves, c4lib's BTS.schema and the DLL's read()/write()):
//   integers and floats: little-endian, as wide as the type under MSVC (short 2, int and long 4,
//     float 4, double 8; long is 4 bytes on disk even where the compiler's long is 8);
//   bool: one byte (0 or 1; any non-zero byte reads as true);
//   string (std::string, char*): an i32 count of characters, then that many bytes; no terminator;
//   wide string (std::wstring, wchar*): an i32 count of UTF-16 code units, then 2 bytes each,
//     little-endian; no terminator. The game's wchar_t is 2 bytes; Linux's is 4: the UTF-16 code
//     units are read as std::u16string, and cvHostWideFromUtf16 / cvHostUtf16FromWide convert
//     (surrogate pairs to one wchar_t and back; lone surrogates kept as they are, so that any
//     sequence of code units survives a read and a write unchanged).
//
// A read that runs past the end, a negative string length or a position past the end throws
// CvHostBytesError, which carries the offset and what was asked for; the caller adds which object
// it was reading (CvHostBytesError::within). Nothing else is thrown but std::bad_alloc.
#ifndef CVHOST_BYTES_H
#define CVHOST_BYTES_H

#include <cstddef>
#include <stdexcept>
#include <stdint.h>
#include <string>
#include <vector>

class CvHostBytesError : public std::runtime_error
{
public:
	// A read past the end: at iOffset, sAsked ("an int", "a wide string of 12 characters") needed
	// iWanted bytes, and iAvailable were left from there.
	CvHostBytesError(
		size_t iOffset, const std::string& sAsked, unsigned long long iWanted, unsigned long long iAvailable);
	// Anything else wrong at iOffset (a negative length or count, a position past the end).
	CvHostBytesError(size_t iOffset, const std::string& sAsked, const std::string& sProblem);

	size_t offset() const { return m_iOffset; }
	const std::string& asked() const { return m_sAsked; }
	bool pastEnd() const { return m_bPastEnd; }
	// A read past the end: the bytes asked for (a string's count included), and those there were.
	unsigned long long wanted() const { return m_iWanted; }
	unsigned long long available() const { return m_iAvailable; }
	const std::string& problem() const { return m_sProblem; }
	const std::string& context() const { return m_sContext; }

	// The same error, led by what the caller was reading: within("CvPlayerAI::read of player 3").
	// Contexts nest, the outermost first ("save X: game data: CvMap::read: offset 12: ...").
	CvHostBytesError within(const std::string& sContext) const;

private:
	CvHostBytesError(const CvHostBytesError& kFrom, const std::string& sContext);
	static std::string describe(const std::string& sContext, size_t iOffset, const std::string& sAsked, bool bPastEnd,
		unsigned long long iWanted, unsigned long long iAvailable, const std::string& sProblem);

	size_t m_iOffset;
	std::string m_sAsked;
	bool m_bPastEnd;
	unsigned long long m_iWanted;
	unsigned long long m_iAvailable;
	std::string m_sProblem;
	std::string m_sContext;
};

class CvHostBytes
{
public:
	CvHostBytes();
	explicit CvHostBytes(const std::vector<unsigned char>& aData);
	explicit CvHostBytes(std::vector<unsigned char>&& aData);
	CvHostBytes(const void* pData, size_t iSize);

	// ---- contents and position ----
	const std::vector<unsigned char>& data() const { return m_aData; }
	// The contents, moved out; the buffer is left empty at position 0.
	std::vector<unsigned char> take();
	size_t size() const { return m_aData.size(); }
	size_t position() const { return m_iPos; }
	size_t left() const { return m_aData.size() - m_iPos; }
	bool atEnd() const { return m_iPos >= m_aData.size(); }
	// Throws CvHostBytesError past the end (the end itself is a position).
	void setPosition(size_t iPos);
	// Drops everything from the position on.
	void truncate();
	void clear();

	// ---- reads, at the position, which they advance; szWhat names the value in an error ----
	unsigned char readU8(const char* szWhat = "a byte");
	signed char readI8(const char* szWhat = "a byte");
	uint16_t readU16(const char* szWhat = "a short");
	int16_t readI16(const char* szWhat = "a short");
	uint32_t readU32(const char* szWhat = "an int");
	int32_t readI32(const char* szWhat = "an int");
	uint64_t readU64(const char* szWhat = "a 64-bit int");
	int64_t readI64(const char* szWhat = "a 64-bit int");
	float readFloat(const char* szWhat = "a float");
	double readDouble(const char* szWhat = "a double");
	bool readBool(const char* szWhat = "a bool");
	void readBytes(void* pOut, size_t iCount, const char* szWhat = "bytes");
	std::vector<unsigned char> readBlock(size_t iCount, const char* szWhat = "bytes");
	void skip(size_t iCount, const char* szWhat = "bytes");
	// i32 count, then the characters; a negative count or one past the end throws (at the count's
	// offset), before anything is allocated.
	std::string readString(const char* szWhat = "a string");
	std::u16string readWideString(const char* szWhat = "a wide string");
	// The count of iCount items of iItemSize bytes each, checked against what is left (for arrays
	// the caller allocates itself): throws as a read of those bytes would.
	void require(size_t iCount, size_t iItemSize, const char* szWhat);

	// ---- writes, at the position, over what is there, then growing the buffer ----
	void writeU8(unsigned char i);
	void writeI8(signed char i) { writeU8(static_cast<unsigned char>(i)); }
	void writeU16(uint16_t i);
	void writeI16(int16_t i) { writeU16(static_cast<uint16_t>(i)); }
	void writeU32(uint32_t i);
	void writeI32(int32_t i) { writeU32(static_cast<uint32_t>(i)); }
	void writeU64(uint64_t i);
	void writeI64(int64_t i) { writeU64(static_cast<uint64_t>(i)); }
	void writeFloat(float f);
	void writeDouble(double f);
	void writeBool(bool b) { writeU8(b ? 1 : 0); }
	void writeBytes(const void* p, size_t iCount);
	void writeBlock(const std::vector<unsigned char>& a) { writeBytes(a.data(), a.size()); }
	void writeString(const std::string& s) { writeString(s.data(), s.size()); }
	void writeString(const char* p, size_t iCount);
	void writeWideString(const std::u16string& s) { writeWideString(s.data(), s.size()); }
	void writeWideString(const char16_t* p, size_t iCount);

private:
	// Throws unless iCount bytes are left; szWhat as the caller named it.
	void need(size_t iCount, const char* szWhat) const;
	// A string's count, checked: iItemSize bytes a character must be left after it.
	size_t stringCount(size_t iItemSize, const char* szWhat);
	unsigned char* room(size_t iCount);

	std::vector<unsigned char> m_aData;
	size_t m_iPos;
};

// UTF-16 code units <-> wchar_t (4 bytes on Linux: a surrogate pair is one wchar_t; 2 bytes under
// MSVC: copied). Lone surrogates pass through both ways as the values they are; a wchar_t past
// U+10FFFF (not Unicode) is written as U+FFFD.
std::wstring cvHostWideFromUtf16(const char16_t* p, size_t iCount);
inline std::wstring cvHostWideFromUtf16(const std::u16string& s) { return cvHostWideFromUtf16(s.data(), s.size()); }
std::u16string cvHostUtf16FromWide(const wchar_t* p, size_t iCount);
inline std::u16string cvHostUtf16FromWide(const std::wstring& s) { return cvHostUtf16FromWide(s.data(), s.size()); }

#endif
