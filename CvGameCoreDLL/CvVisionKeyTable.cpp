// CvVision: the keys' hash and the key table's size. See CvVisionKeyTable.h.

#include "CvVisionKeyTable.h"

namespace
{
	unsigned int mixKeyInto(unsigned int iHash, int iValue)
	{
		iHash ^= static_cast<unsigned int>(iValue) + 0x9E3779B9u + (iHash << 6) + (iHash >> 2);
		return iHash;
	}
}

unsigned int cvVisionKeyHash(const CvVisionSourceKey& kKey)
{
	unsigned int iHash = mixKeyInto(0u, kKey.eKind);
	iHash = mixKeyInto(iHash, kKey.iA);
	iHash = mixKeyInto(iHash, kKey.iB);
	iHash = mixKeyInto(iHash, kKey.eTeam);
	iHash ^= iHash >> 16;
	iHash *= 0x7FEB352Du;
	iHash ^= iHash >> 15;
	return iHash | 0x80000000u;
}

int cvVisionKeyTableBuckets(int iAtLeast)
{
	int iSize = 64;
	while (iSize < iAtLeast)
	{
		iSize *= 2;
	}
	return iSize;
}
