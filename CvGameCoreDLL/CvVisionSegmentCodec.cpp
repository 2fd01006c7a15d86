// CvVision: the compact segment's decoding. See CvVisionSegmentCodec.h.

#include "CvVisionSegmentCodec.h"

namespace
{
	// The index of the lowest set bit of a non-zero word (de Bruijn multiplication: no loop, no
	// compiler intrinsic).
	int lowestBit(unsigned int iBits)
	{
		static const int aiPosition[32] = { 0, 1, 28, 2, 29, 14, 24, 3, 30, 22, 20, 15, 25, 17, 4, 8, 31, 27, 13, 23, 21,
			19, 16, 7, 26, 12, 18, 6, 11, 5, 10, 9 };
		return aiPosition[((iBits & (0u - iBits)) * 0x077CB531u) >> 27];
	}
}

int CvVisionSegmentCodec::decode(const unsigned int* paiSegment, CvVisionSource& kSource, int* paeInvisible,
	Shape& kShape, int* paiPlots, int& iWords, bool bBtsOrder)
{
	const int iFlags = flags(paiSegment);
	kShape.iWidth = static_cast<int>(paiSegment[SEG_SHAPE] & 0xFFFFu);
	kShape.iHeight = static_cast<int>(paiSegment[SEG_SHAPE] >> 16);
	kShape.bWrapX = (iFlags & FLAG_WRAP_X) != 0;
	kShape.bWrapY = (iFlags & FLAG_WRAP_Y) != 0;
	kSource.iX = static_cast<int>(paiSegment[SEG_PLACE] & 0xFFFFu);
	kSource.iY = static_cast<int>(paiSegment[SEG_PLACE] >> 16);
	kSource.iRange = static_cast<int>((paiSegment[SEG_SIGHT] >> SIGHT_RANGE_SHIFT) & 63u);
	kSource.bAerial = (iFlags & FLAG_AERIAL) != 0;
	kSource.eFacing = static_cast<int>((paiSegment[SEG_SIGHT] >> SIGHT_FACING_SHIFT) & 15u) - 1;
	const int iNumPasses = passes(paiSegment);
	for (int p = 0; p < iNumPasses; ++p)
	{
		paeInvisible[p] = static_cast<int>(paiSegment[SEG_HEADER_WORDS + p]) - 1;
	}
	kSource.paeSeeInvisible = paeInvisible;
	kSource.iNumSeeInvisible = iNumPasses;
	const int iEntries = CvVisionTables::entriesUpToRing(ring(paiSegment));
	const unsigned int* paiBits = paiSegment + SEG_HEADER_WORDS + iNumPasses;
	iWords = words(paiSegment);
	const CvVisionTables& kTable = CvVisionTables::standard();
	SquareAxes kAxes;
	kAxes.fill(kShape, kSource.iX, kSource.iY, ring(paiSegment));
	int iCount = 0;
	if (bBtsOrder)
	{
		const int iRing = ring(paiSegment);
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

void CvVisionSegmentCodec::SquareAxes::fill(const Shape& kShape, int iX, int iY, int iRingIn)
{
	iRing = iRingIn;
	for (int i = -iRing; i <= iRing; ++i)
	{
		aiColumn[i + iRing] = cvVisionWrapCoord(iX + i, kShape.iWidth, kShape.bWrapX);
		const int iRow = cvVisionWrapCoord(iY + i, kShape.iHeight, kShape.bWrapY);
		aiRowStart[i + iRing] = (iRow < 0) ? -1 : iRow * kShape.iWidth;
	}
}

int CvVisionSegmentCodec::adjacentPlots(const CvVisionSource& kSource, const Shape& kShape, int* paiPlots)
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

int CvVisionSegmentCodec::countChanges(const unsigned int* paiWords, int iNumWords)
{
	CvVisionSource kSource;
	int aeInvisible[MAX_PASSES];
	Shape kShape;
	int aiPlots[CV_VISION_MAX_ENTRIES];
	int aiAdjacent[9];
	int iChanges = 0;
	for (int iAt = 0, iWords = 0; iAt < iNumWords; iAt += iWords)
	{
		const unsigned int* paiSegment = paiWords + iAt;
		const int iCount = decode(paiSegment, kSource, aeInvisible, kShape, aiPlots, iWords);
		const int iNumAdjacent = (flags(paiSegment) & FLAG_REVEAL_ADJACENT) != 0
			? adjacentPlots(kSource, kShape, aiAdjacent) : 0;
		iChanges += (iCount + iNumAdjacent) * passes(paiSegment);
	}
	return iChanges;
}
