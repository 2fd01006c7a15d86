// CvVision: the ledger. See CvVisionLedger.h.

#include "CvVisionLedger.h"

namespace
{
	// A multiply-xorshift mix of the key's four ints: consecutive unit ids and plot indices
	// spread over the whole table.
	unsigned int mixInto(unsigned int iHash, int iValue)
	{
		iHash ^= static_cast<unsigned int>(iValue) + 0x9E3779B9u + (iHash << 6) + (iHash >> 2);
		return iHash;
	}

	// The index of the lowest set bit of a non-zero word (de Bruijn multiplication: no loop, no
	// compiler intrinsic).
	int lowestBit(unsigned int iBits)
	{
		static const int aiPosition[32] = { 0, 1, 28, 2, 29, 14, 24, 3, 30, 22, 20, 15, 25, 17, 4, 8, 31, 27, 13, 23, 21,
			19, 16, 7, 26, 12, 18, 6, 11, 5, 10, 9 };
		return aiPosition[((iBits & (0u - iBits)) * 0x077CB531u) >> 27];
	}

	int nextPowerOfTwo(int iAtLeast)
	{
		int iSize = 64;
		while (iSize < iAtLeast)
		{
			iSize *= 2;
		}
		return iSize;
	}
}

unsigned int CvVisionLedger::hashOf(const CvVisionSourceKey& kKey)
{
	unsigned int iHash = mixInto(0u, kKey.eKind);
	iHash = mixInto(iHash, kKey.iA);
	iHash = mixInto(iHash, kKey.iB);
	iHash = mixInto(iHash, kKey.eTeam);
	iHash ^= iHash >> 16;
	iHash *= 0x7FEB352Du;
	iHash ^= iHash >> 15;
	return iHash | 0x80000000u; // never 0 (the tag of an empty bucket); the low bits pick the bucket
}

int CvVisionLedger::findSlot(const CvVisionSourceKey& kKey) const
{
	if (m_aSlots.empty())
	{
		return -1;
	}
	if (m_iLastSlot >= 0 && m_aSlots[m_iLastSlot].iTag != 0 && m_aSlots[m_iLastSlot].kKey == kKey)
	{
		return m_iLastSlot; // a source taken off and put back at once (a move, a promotion)
	}
	const unsigned int iMask = static_cast<unsigned int>(m_aSlots.size()) - 1;
	const unsigned int iTag = hashOf(kKey);
	for (unsigned int i = iTag & iMask;; i = (i + 1) & iMask)
	{
		const Slot& kHere = m_aSlots[i];
		if (kHere.iTag == 0)
		{
			return -1;
		}
		if (kHere.iTag == iTag && kHere.kKey == kKey)
		{
			m_iLastSlot = static_cast<int>(i);
			return m_iLastSlot;
		}
	}
}

CvVisionLedger::Slot& CvVisionLedger::slotFor(const CvVisionSourceKey& kKey)
{
	const int iFound = findSlot(kKey);
	if (iFound >= 0)
	{
		return m_aSlots[iFound];
	}
	if (2 * (m_iUsed + 1) > static_cast<int>(m_aSlots.size()))
	{
		rebuild(m_iUsed + 1);
	}
	const unsigned int iMask = static_cast<unsigned int>(m_aSlots.size()) - 1;
	const unsigned int iTag = hashOf(kKey);
	unsigned int i = iTag & iMask;
	while (m_aSlots[i].iTag != 0)
	{
		i = (i + 1) & iMask;
	}
	Slot& kSlot = m_aSlots[i];
	kSlot.iTag = iTag;
	kSlot.kKey = kKey;
	kSlot.iLive = 0;
	++m_iUsed;
	return kSlot;
}

void CvVisionLedger::rebuild(int iMinKeys)
{
	// Keep the keys with live records and those emptied within the last m_iUsed removals.
	std::vector<Slot> aOld;
	aOld.swap(m_aSlots);
	const unsigned int iRecent = static_cast<unsigned int>(m_iUsed);
	int iKept = 0;
	for (size_t i = 0; i < aOld.size(); ++i)
	{
		iKept += (aOld[i].iTag != 0 && (aOld[i].iLive > 0 || m_iClock - aOld[i].iEmptiedAt <= iRecent)) ? 1 : 0;
	}
	const int iKeys = (iKept + 1 > iMinKeys) ? iKept + 1 : iMinKeys;
	const int iBuckets = nextPowerOfTwo(4 * iKeys); // at most a quarter full after the rebuild
	m_aSlots.resize(iBuckets);
	m_iUsed = 0;
	m_iLastSlot = -1;
	const unsigned int iMask = static_cast<unsigned int>(iBuckets) - 1;
	for (size_t iOld = 0; iOld < aOld.size(); ++iOld)
	{
		Slot& kOld = aOld[iOld];
		if (kOld.iTag == 0 || (kOld.iLive == 0 && m_iClock - kOld.iEmptiedAt > iRecent))
		{
			continue;
		}
		unsigned int i = kOld.iTag & iMask;
		while (m_aSlots[i].iTag != 0)
		{
			i = (i + 1) & iMask;
		}
		Slot& kNew = m_aSlots[i];
		kNew.iTag = kOld.iTag;
		kNew.kKey = kOld.kKey;
		kNew.iLive = kOld.iLive;
		kNew.iEmptiedAt = kOld.iEmptiedAt;
		kNew.kFirst.eTeam = kOld.kFirst.eTeam;
		kNew.kFirst.bCompact = kOld.kFirst.bCompact;
		kNew.kFirst.aiEntries.swap(kOld.kFirst.aiEntries);
		kNew.aMore.swap(kOld.aMore);
		++m_iUsed;
	}
}

bool CvVisionLedger::has(const CvVisionSourceKey& kKey) const
{
	const int iSlot = findSlot(kKey);
	return iSlot >= 0 && m_aSlots[iSlot].iLive > 0;
}

int CvVisionLedger::numSources() const
{
	int iCount = 0;
	for (size_t i = 0; i < m_aSlots.size(); ++i)
	{
		iCount += m_aSlots[i].iLive;
	}
	return iCount;
}

int CvVisionLedger::numEntries() const
{
	int iCount = 0;
	for (size_t i = 0; i < m_aSlots.size(); ++i)
	{
		for (int r = 0; r < m_aSlots[i].iLive; ++r)
		{
			const Record& kRecord = m_aSlots[i].record(r);
			iCount += kRecord.bCompact ? compactEntries(kRecord) : static_cast<int>(kRecord.aiEntries.size());
		}
	}
	return iCount;
}

int CvVisionLedger::storedWords() const
{
	int iWords = 0;
	for (size_t i = 0; i < m_aSlots.size(); ++i)
	{
		for (int r = 0; r < m_aSlots[i].iLive; ++r)
		{
			iWords += static_cast<int>(m_aSlots[i].record(r).aiEntries.size());
		}
	}
	return iWords;
}

int CvVisionLedger::heapWords() const
{
	int iWords = 0;
	for (size_t i = 0; i < m_aSlots.size(); ++i)
	{
		for (int r = 0; r < m_aSlots[i].records(); ++r)
		{
			iWords += static_cast<int>(m_aSlots[i].record(r).aiEntries.heapWords());
		}
	}
	return iWords;
}

int CvVisionLedger::sizeInBytes() const
{
	int iBytes = static_cast<int>(sizeof(*this) + m_aSlots.capacity() * sizeof(Slot)
		+ m_kScratch.aiEntries.heapWords() * sizeof(unsigned int));
	for (size_t i = 0; i < m_aSlots.size(); ++i)
	{
		iBytes += static_cast<int>(m_aSlots[i].aMore.capacity() * sizeof(Record));
		for (int r = 0; r < m_aSlots[i].records(); ++r)
		{
			iBytes += static_cast<int>(m_aSlots[i].record(r).aiEntries.heapWords() * sizeof(unsigned int));
		}
	}
	return iBytes;
}

int CvVisionLedger::decodeSegment(const unsigned int* paiSegment, CvVisionSource& kSource, int* paeInvisible,
	Shape& kShape, int* paiPlots, int& iWords, bool bBtsOrder)
{
	const int iFlags = sightFlags(paiSegment);
	kShape.iWidth = static_cast<int>(paiSegment[SEG_SHAPE] & 0xFFFFu);
	kShape.iHeight = static_cast<int>(paiSegment[SEG_SHAPE] >> 16);
	kShape.bWrapX = (iFlags & FLAG_WRAP_X) != 0;
	kShape.bWrapY = (iFlags & FLAG_WRAP_Y) != 0;
	kSource.iX = static_cast<int>(paiSegment[SEG_PLACE] & 0xFFFFu);
	kSource.iY = static_cast<int>(paiSegment[SEG_PLACE] >> 16);
	kSource.iRange = static_cast<int>((paiSegment[SEG_SIGHT] >> SIGHT_RANGE_SHIFT) & 63u);
	kSource.bAerial = (iFlags & FLAG_AERIAL) != 0;
	kSource.eFacing = static_cast<int>((paiSegment[SEG_SIGHT] >> SIGHT_FACING_SHIFT) & 15u) - 1;
	const int iNumPasses = sightPasses(paiSegment);
	for (int p = 0; p < iNumPasses; ++p)
	{
		paeInvisible[p] = static_cast<int>(paiSegment[SEG_HEADER_WORDS + p]) - 1;
	}
	kSource.paeSeeInvisible = paeInvisible;
	kSource.iNumSeeInvisible = iNumPasses;
	const int iEntries = CvVisionTables::entriesUpToRing(sightRing(paiSegment));
	const unsigned int* paiBits = paiSegment + SEG_HEADER_WORDS + iNumPasses;
	iWords = segmentWords(paiSegment);
	const CvVisionTables& kTable = CvVisionTables::standard();
	SquareAxes kAxes;
	kAxes.fill(kShape, kSource.iX, kSource.iY, sightRing(paiSegment));
	int iCount = 0;
	if (bBtsOrder)
	{
		const int iRing = sightRing(paiSegment);
		for (int iDX = -iRing; iDX <= iRing; ++iDX)
		{
			for (int iDY = -iRing; iDY <= iRing; ++iDY)
			{
				const int i = kTable.indexOf(iDX, iDY);
				if ((paiBits[i / 32] & (1u << (i % 32))) != 0)
				{
					paiPlots[iCount++] = kAxes.plotAt(kTable.entry(i));
				}
			}
		}
		return iCount;
	}
	for (int iWord = 0; iWord * 32 < iEntries; ++iWord)
	{
		for (unsigned int iBits = paiBits[iWord]; iBits != 0; iBits &= iBits - 1)
		{
			// A recorded bit names a plot on the map.
			paiPlots[iCount++] = kAxes.plotAt(kTable.entry(iWord * 32 + lowestBit(iBits)));
		}
	}
	return iCount;
}

void CvVisionLedger::SquareAxes::fill(const Shape& kShape, int iX, int iY, int iRingIn)
{
	iRing = iRingIn;
	for (int i = -iRing; i <= iRing; ++i)
	{
		aiColumn[i + iRing] = cvVisionWrapCoord(iX + i, kShape.iWidth, kShape.bWrapX);
		const int iRow = cvVisionWrapCoord(iY + i, kShape.iHeight, kShape.bWrapY);
		aiRowStart[i + iRing] = (iRow < 0) ? -1 : iRow * kShape.iWidth;
	}
}

int CvVisionLedger::adjacentPlots(const CvVisionSource& kSource, const Shape& kShape, int* paiPlots)
{
	const CvVisionTables& kTable = CvVisionTables::standard();
	int iCount = 0;
	for (int i = 0; i < CvVisionTables::entriesUpToRing(1); ++i)
	{
		const int iX = cvVisionWrapCoord(kSource.iX + kTable.entry(i).iDX, kShape.iWidth, kShape.bWrapX);
		const int iY = cvVisionWrapCoord(kSource.iY + kTable.entry(i).iDY, kShape.iHeight, kShape.bWrapY);
		if (iX >= 0 && iY >= 0)
		{
			paiPlots[iCount++] = iY * kShape.iWidth + iX;
		}
	}
	return iCount;
}

int CvVisionLedger::compactEntries(const Record& kRecord)
{
	CvVisionSource kSource;
	int aeInvisible[MAX_COMPACT_PASSES];
	Shape kShape;
	int aiPlots[CV_VISION_MAX_ENTRIES];
	int aiAdjacent[9];
	int iEntries = 0;
	for (int iAt = 0, iWords = 0; iAt < static_cast<int>(kRecord.aiEntries.size()); iAt += iWords)
	{
		const int iCount = decodeSegment(&kRecord.aiEntries[iAt], kSource, aeInvisible, kShape, aiPlots, iWords);
		const int iNumAdjacent = (sightFlags(&kRecord.aiEntries[iAt]) & FLAG_REVEAL_ADJACENT) != 0
			? adjacentPlots(kSource, kShape, aiAdjacent) : 0;
		iEntries += (iCount + iNumAdjacent) * sightPasses(&kRecord.aiEntries[iAt]);
	}
	return iEntries;
}
