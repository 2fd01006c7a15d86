// MD5 (RFC 1321), which the game's executable uses for a saved game's checksum
// (CvHostSaveFile.h): written for the host from the RFC, tree-independent, C++14.
#ifndef CVHOST_MD5_H
#define CVHOST_MD5_H

#include <cstddef>
#include <stdint.h>
#include <string>

class CvHostMd5
{
public:
	CvHostMd5();
	void add(const void* p, size_t iCount);
	// The digest as 32 lowercase hexadecimal digits, as the game writes it. Finishes the digest:
	// add nothing after it.
	std::string hex();

private:
	void block(const unsigned char* p);

	uint32_t m_aiState[4];
	unsigned char m_acBuffer[64];
	size_t m_iBuffered;
	uint64_t m_iLength;
};

std::string cvHostMd5Hex(const void* p, size_t iCount);

#endif
