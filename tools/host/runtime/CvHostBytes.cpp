// The host's byte buffer (CvHostBytes.h): little-endian values and the game's length-prefixed
// strings at a position, each read checked against the end before it touches the data.
#include "CvHostBytes.h"

#include <cstring>
#include <sstream>
#include <utility>

// ---------------------------------------------------------------------------------------------
// The error
// ---------------------------------------------------------------------------------------------
CvHostBytesError::CvHostBytesError(
	size_t iOffset, const std::string& sAsked, unsigned long long iWanted, unsigned long long iAvailable)
	: std::runtime_error(describe("", iOffset, sAsked, true, iWanted, iAvailable, "")), m_iOffset(iOffset),
	  m_sAsked(sAsked), m_bPastEnd(true), m_iWanted(iWanted), m_iAvailable(iAvailable)
{}

CvHostBytesError::CvHostBytesError(size_t iOffset, const std::string& sAsked, const std::string& sProblem)
	: std::runtime_error(describe("", iOffset, sAsked, false, 0, 0, sProblem)), m_iOffset(iOffset), m_sAsked(sAsked),
	  m_bPastEnd(false), m_iWanted(0), m_iAvailable(0), m_sProblem(sProblem)
{}

CvHostBytesError::CvHostBytesError(const CvHostBytesError& kFrom, const std::string& sContext)
	: std::runtime_error(describe(sContext, kFrom.m_iOffset, kFrom.m_sAsked, kFrom.m_bPastEnd, kFrom.m_iWanted,
		kFrom.m_iAvailable, kFrom.m_sProblem)),
	  m_iOffset(kFrom.m_iOffset), m_sAsked(kFrom.m_sAsked), m_bPastEnd(kFrom.m_bPastEnd), m_iWanted(kFrom.m_iWanted),
	  m_iAvailable(kFrom.m_iAvailable), m_sProblem(kFrom.m_sProblem), m_sContext(sContext)
{}

CvHostBytesError CvHostBytesError::within(const std::string& sContext) const
{
	if (sContext.empty()) return *this;
	return CvHostBytesError(*this, m_sContext.empty() ? sContext : sContext + ": " + m_sContext);
}

std::string CvHostBytesError::describe(const std::string& sContext, size_t iOffset, const std::string& sAsked,
	bool bPastEnd, unsigned long long iWanted, unsigned long long iAvailable, const std::string& sProblem)
{
	std::ostringstream k;
	if (!sContext.empty()) k << sContext << ": ";
	k << "offset " << iOffset << ": " << sAsked;
	if (bPastEnd)
		k << " needs " << iWanted << (iWanted == 1 ? " byte" : " bytes") << ", only " << iAvailable << " left";
	else
		k << ": " << sProblem;
	return k.str();
}

// ---------------------------------------------------------------------------------------------
// The buffer
// ---------------------------------------------------------------------------------------------
CvHostBytes::CvHostBytes() : m_iPos(0) {}

CvHostBytes::CvHostBytes(const std::vector<unsigned char>& aData) : m_aData(aData), m_iPos(0) {}

CvHostBytes::CvHostBytes(std::vector<unsigned char>&& aData) : m_aData(std::move(aData)), m_iPos(0) {}

CvHostBytes::CvHostBytes(const void* pData, size_t iSize)
	: m_aData(static_cast<const unsigned char*>(pData), static_cast<const unsigned char*>(pData) + iSize), m_iPos(0)
{}

std::vector<unsigned char> CvHostBytes::take()
{
	std::vector<unsigned char> a;
	a.swap(m_aData);
	m_iPos = 0;
	return a;
}

void CvHostBytes::setPosition(size_t iPos)
{
	if (iPos > m_aData.size())
	{
		std::ostringstream k;
		k << "position " << iPos << " is past the end (" << m_aData.size() << " bytes)";
		throw CvHostBytesError(m_iPos, "a new position", k.str());
	}
	m_iPos = iPos;
}

void CvHostBytes::truncate() { m_aData.resize(m_iPos); }

void CvHostBytes::clear()
{
	m_aData.clear();
	m_iPos = 0;
}

void CvHostBytes::need(size_t iCount, const char* szWhat) const
{
	if (iCount > left()) throw CvHostBytesError(m_iPos, szWhat, iCount, left());
}

void CvHostBytes::require(size_t iCount, size_t iItemSize, const char* szWhat)
{
	if (iItemSize != 0 && iCount > left() / iItemSize)
		throw CvHostBytesError(m_iPos, szWhat, static_cast<unsigned long long>(iCount) * iItemSize, left());
}

unsigned char CvHostBytes::readU8(const char* szWhat)
{
	need(1, szWhat);
	return m_aData[m_iPos++];
}

signed char CvHostBytes::readI8(const char* szWhat) { return static_cast<signed char>(readU8(szWhat)); }

uint16_t CvHostBytes::readU16(const char* szWhat)
{
	need(2, szWhat);
	const unsigned char* p = &m_aData[m_iPos];
	m_iPos += 2;
	return static_cast<uint16_t>(p[0] | (p[1] << 8));
}

int16_t CvHostBytes::readI16(const char* szWhat) { return static_cast<int16_t>(readU16(szWhat)); }

uint32_t CvHostBytes::readU32(const char* szWhat)
{
	need(4, szWhat);
	const unsigned char* p = &m_aData[m_iPos];
	m_iPos += 4;
	return uint32_t(p[0]) | (uint32_t(p[1]) << 8) | (uint32_t(p[2]) << 16) | (uint32_t(p[3]) << 24);
}

int32_t CvHostBytes::readI32(const char* szWhat) { return static_cast<int32_t>(readU32(szWhat)); }

uint64_t CvHostBytes::readU64(const char* szWhat)
{
	need(8, szWhat);
	const uint64_t iLow = readU32(szWhat);
	const uint64_t iHigh = readU32(szWhat);
	return iLow | (iHigh << 32);
}

int64_t CvHostBytes::readI64(const char* szWhat) { return static_cast<int64_t>(readU64(szWhat)); }

float CvHostBytes::readFloat(const char* szWhat)
{
	const uint32_t i = readU32(szWhat);
	float f;
	std::memcpy(&f, &i, sizeof(f));
	return f;
}

double CvHostBytes::readDouble(const char* szWhat)
{
	const uint64_t i = readU64(szWhat);
	double f;
	std::memcpy(&f, &i, sizeof(f));
	return f;
}

bool CvHostBytes::readBool(const char* szWhat) { return readU8(szWhat) != 0; }

void CvHostBytes::readBytes(void* pOut, size_t iCount, const char* szWhat)
{
	need(iCount, szWhat);
	if (iCount != 0) std::memcpy(pOut, &m_aData[m_iPos], iCount);
	m_iPos += iCount;
}

std::vector<unsigned char> CvHostBytes::readBlock(size_t iCount, const char* szWhat)
{
	need(iCount, szWhat);
	std::vector<unsigned char> a(
		m_aData.begin() + std::ptrdiff_t(m_iPos), m_aData.begin() + std::ptrdiff_t(m_iPos + iCount));
	m_iPos += iCount;
	return a;
}

void CvHostBytes::skip(size_t iCount, const char* szWhat)
{
	need(iCount, szWhat);
	m_iPos += iCount;
}

size_t CvHostBytes::stringCount(size_t iItemSize, const char* szWhat)
{
	const size_t iAt = m_iPos;
	const int32_t iCount = readI32(szWhat);
	if (iCount < 0)
	{
		m_iPos = iAt;
		std::ostringstream k;
		k << "its length is " << iCount;
		throw CvHostBytesError(iAt, szWhat, k.str());
	}
	if (size_t(iCount) > left() / iItemSize)
	{
		const unsigned long long iWanted = 4 + static_cast<unsigned long long>(iCount) * iItemSize;
		const size_t iAvailable = left() + 4;
		m_iPos = iAt;
		std::ostringstream k;
		k << szWhat << " of " << iCount << (iCount == 1 ? " character" : " characters");
		throw CvHostBytesError(iAt, k.str(), iWanted, iAvailable);
	}
	return size_t(iCount);
}

std::string CvHostBytes::readString(const char* szWhat)
{
	const size_t iCount = stringCount(1, szWhat);
	std::string s(reinterpret_cast<const char*>(m_aData.data() + m_iPos), iCount);
	m_iPos += iCount;
	return s;
}

std::u16string CvHostBytes::readWideString(const char* szWhat)
{
	const size_t iCount = stringCount(2, szWhat);
	std::u16string s(iCount, u'\0');
	const unsigned char* p = m_aData.data() + m_iPos;
	for (size_t i = 0; i < iCount; ++i) s[i] = static_cast<char16_t>(p[2 * i] | (p[2 * i + 1] << 8));
	m_iPos += 2 * iCount;
	return s;
}

unsigned char* CvHostBytes::room(size_t iCount)
{
	if (iCount > m_aData.size() - m_iPos) m_aData.resize(m_iPos + iCount);
	unsigned char* p = m_aData.data() + m_iPos;
	m_iPos += iCount;
	return p;
}

void CvHostBytes::writeU8(unsigned char i) { *room(1) = i; }

void CvHostBytes::writeU16(uint16_t i)
{
	unsigned char* p = room(2);
	p[0] = static_cast<unsigned char>(i);
	p[1] = static_cast<unsigned char>(i >> 8);
}

void CvHostBytes::writeU32(uint32_t i)
{
	unsigned char* p = room(4);
	for (int b = 0; b < 4; ++b) p[b] = static_cast<unsigned char>(i >> (8 * b));
}

void CvHostBytes::writeU64(uint64_t i)
{
	unsigned char* p = room(8);
	for (int b = 0; b < 8; ++b) p[b] = static_cast<unsigned char>(i >> (8 * b));
}

void CvHostBytes::writeFloat(float f)
{
	uint32_t i;
	std::memcpy(&i, &f, sizeof(i));
	writeU32(i);
}

void CvHostBytes::writeDouble(double f)
{
	uint64_t i;
	std::memcpy(&i, &f, sizeof(i));
	writeU64(i);
}

void CvHostBytes::writeBytes(const void* p, size_t iCount)
{
	if (iCount == 0) return;
	std::memcpy(room(iCount), p, iCount);
}

void CvHostBytes::writeString(const char* p, size_t iCount)
{
	writeI32(static_cast<int32_t>(iCount));
	writeBytes(p, iCount);
}

void CvHostBytes::writeWideString(const char16_t* p, size_t iCount)
{
	writeI32(static_cast<int32_t>(iCount));
	if (iCount == 0) return;
	unsigned char* q = room(2 * iCount);
	for (size_t i = 0; i < iCount; ++i)
	{
		q[2 * i] = static_cast<unsigned char>(p[i]);
		q[2 * i + 1] = static_cast<unsigned char>(p[i] >> 8);
	}
}

// ---------------------------------------------------------------------------------------------
// UTF-16 and wchar_t
// ---------------------------------------------------------------------------------------------
std::wstring cvHostWideFromUtf16(const char16_t* p, size_t iCount)
{
	std::wstring s;
	s.reserve(iCount);
	for (size_t i = 0; i < iCount; ++i)
	{
		const unsigned long c = p[i];
		if (sizeof(wchar_t) >= 4 && c >= 0xD800 && c <= 0xDBFF && i + 1 < iCount && p[i + 1] >= 0xDC00
			&& p[i + 1] <= 0xDFFF)
		{
			const unsigned long d = p[i + 1];
			s.push_back(static_cast<wchar_t>(0x10000 + ((c - 0xD800) << 10) + (d - 0xDC00)));
			++i;
		}
		else
			s.push_back(static_cast<wchar_t>(c));
	}
	return s;
}

std::u16string cvHostUtf16FromWide(const wchar_t* p, size_t iCount)
{
	std::u16string s;
	s.reserve(iCount);
	for (size_t i = 0; i < iCount; ++i)
	{
		// wchar_t may be signed: its bits, as unsigned
		const unsigned long c = static_cast<unsigned long>(p[i]) & (sizeof(wchar_t) >= 4 ? 0xFFFFFFFFul : 0xFFFFul);
		if (c <= 0xFFFF)
			s.push_back(static_cast<char16_t>(c));
		else if (c <= 0x10FFFF)
		{
			s.push_back(static_cast<char16_t>(0xD800 + ((c - 0x10000) >> 10)));
			s.push_back(static_cast<char16_t>(0xDC00 + ((c - 0x10000) & 0x3FF)));
		}
		else
			s.push_back(u'\xFFFD');
	}
	return s;
}
