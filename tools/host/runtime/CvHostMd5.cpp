// MD5 (CvHostMd5.h), after RFC 1321's description: 64-byte blocks, four rounds of sixteen steps.
#include "CvHostMd5.h"

#include <cstring>

namespace {

uint32_t rotate(uint32_t i, int iBits) { return (i << iBits) | (i >> (32 - iBits)); }

} // namespace

CvHostMd5::CvHostMd5() : m_iBuffered(0), m_iLength(0)
{
	m_aiState[0] = 0x67452301u;
	m_aiState[1] = 0xefcdab89u;
	m_aiState[2] = 0x98badcfeu;
	m_aiState[3] = 0x10325476u;
}

void CvHostMd5::block(const unsigned char* p)
{
	// the RFC's table: the integer part of 2^32 * |sin(i + 1)|, i = 0..63 (written out: the x87's
	// sine need not round as SSE's does)
	static const uint32_t aiSine[64] = { 0xd76aa478u, 0xe8c7b756u, 0x242070dbu, 0xc1bdceeeu, 0xf57c0fafu, 0x4787c62au,
		0xa8304613u, 0xfd469501u, 0x698098d8u, 0x8b44f7afu, 0xffff5bb1u, 0x895cd7beu, 0x6b901122u, 0xfd987193u,
		0xa679438eu, 0x49b40821u, 0xf61e2562u, 0xc040b340u, 0x265e5a51u, 0xe9b6c7aau, 0xd62f105du, 0x02441453u,
		0xd8a1e681u, 0xe7d3fbc8u, 0x21e1cde6u, 0xc33707d6u, 0xf4d50d87u, 0x455a14edu, 0xa9e3e905u, 0xfcefa3f8u,
		0x676f02d9u, 0x8d2a4c8au, 0xfffa3942u, 0x8771f681u, 0x6d9d6122u, 0xfde5380cu, 0xa4beea44u, 0x4bdecfa9u,
		0xf6bb4b60u, 0xbebfbc70u, 0x289b7ec6u, 0xeaa127fau, 0xd4ef3085u, 0x04881d05u, 0xd9d4d039u, 0xe6db99e5u,
		0x1fa27cf8u, 0xc4ac5665u, 0xf4292244u, 0x432aff97u, 0xab9423a7u, 0xfc93a039u, 0x655b59c3u, 0x8f0ccc92u,
		0xffeff47du, 0x85845dd1u, 0x6fa87e4fu, 0xfe2ce6e0u, 0xa3014314u, 0x4e0811a1u, 0xf7537e82u, 0xbd3af235u,
		0x2ad7d2bbu, 0xeb86d391u };
	static const int aiShift[4][4] = { { 7, 12, 17, 22 }, { 5, 9, 14, 20 }, { 4, 11, 16, 23 }, { 6, 10, 15, 21 } };
	uint32_t aiWord[16];
	for (int i = 0; i < 16; ++i)
		aiWord[i] = uint32_t(p[4 * i]) | (uint32_t(p[4 * i + 1]) << 8) | (uint32_t(p[4 * i + 2]) << 16)
			| (uint32_t(p[4 * i + 3]) << 24);
	uint32_t a = m_aiState[0], b = m_aiState[1], c = m_aiState[2], d = m_aiState[3];
	for (int i = 0; i < 64; ++i)
	{
		const int iRound = i / 16;
		uint32_t f;
		int g;
		switch (iRound)
		{
		case 0:
			f = (b & c) | (~b & d);
			g = i;
			break;
		case 1:
			f = (b & d) | (c & ~d);
			g = (5 * i + 1) % 16;
			break;
		case 2:
			f = b ^ c ^ d;
			g = (3 * i + 5) % 16;
			break;
		default:
			f = c ^ (b | ~d);
			g = (7 * i) % 16;
			break;
		}
		const uint32_t iNext = b + rotate(a + f + aiSine[i] + aiWord[g], aiShift[iRound][i % 4]);
		a = d;
		d = c;
		c = b;
		b = iNext;
	}
	m_aiState[0] += a;
	m_aiState[1] += b;
	m_aiState[2] += c;
	m_aiState[3] += d;
}

void CvHostMd5::add(const void* pData, size_t iCount)
{
	const unsigned char* p = static_cast<const unsigned char*>(pData);
	m_iLength += iCount;
	while (iCount > 0)
	{
		const size_t iTake = iCount < 64 - m_iBuffered ? iCount : 64 - m_iBuffered;
		std::memcpy(m_acBuffer + m_iBuffered, p, iTake);
		m_iBuffered += iTake;
		p += iTake;
		iCount -= iTake;
		if (m_iBuffered == 64)
		{
			block(m_acBuffer);
			m_iBuffered = 0;
		}
	}
}

std::string CvHostMd5::hex()
{
	const uint64_t iBits = m_iLength * 8;
	const unsigned char cOne = 0x80;
	add(&cOne, 1);
	const unsigned char cZero = 0;
	while (m_iBuffered != 56) add(&cZero, 1);
	unsigned char acLength[8];
	for (int i = 0; i < 8; ++i) acLength[i] = static_cast<unsigned char>(iBits >> (8 * i));
	add(acLength, 8);
	static const char szDigits[] = "0123456789abcdef";
	std::string s;
	for (int i = 0; i < 4; ++i)
		for (int b = 0; b < 4; ++b)
		{
			const unsigned iByte = (m_aiState[i] >> (8 * b)) & 0xff;
			s.push_back(szDigits[iByte >> 4]);
			s.push_back(szDigits[iByte & 15]);
		}
	return s;
}

std::string cvHostMd5Hex(const void* p, size_t iCount)
{
	CvHostMd5 k;
	k.add(p, iCount);
	return k.hex();
}
