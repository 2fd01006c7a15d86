#pragma once
#ifndef CV_VISION_SEGMENT_CODEC_H
#define CV_VISION_SEGMENT_CODEC_H

// CvVision: the compact segment, how the ledger (CvVisionLedger.h) records the sight of one engine
// source that its displacement table tells exactly (CvVisionEngine::sightIsTableSubset): the
// source's parameters, its map's shape and one bit per table entry up to its ring, set where the
// sight sees the entry's plot. Encoding packs a sight's plots into those bits against the square
// the source looks over; decoding turns the bits back into the plots, in the table's order or in
// BTS's loop order. One word per 32 table entries where a list of the plots takes one per plot.
// Plain C++03: this file is compiled into the game's DLL.

#include "CvVisionEngine.h"
#include "CvVisionMustUse.h"
#include "CvVisionSmallWords.h"

// The words of a segment: three header words, then one word per pass (its invisible type + 1),
// then (CvVisionTables::entriesUpToRing(ring) + 31) / 32 words of entry bits, entry i at bit
// i % 32 of word i / 32. SEG_PLACE: x, y (16 bits each); SEG_SHAPE: the map's width, height (16
// bits each); SEG_SIGHT: flags (4 bits), the ring (6), the facing + 1 (4), the range (6), passes
// (8, from bit 24).
class CvVisionSegmentCodec
{
public:
	enum
	{
		SEG_PLACE, SEG_SHAPE, SEG_SIGHT,
		SEG_HEADER_WORDS,
		SIGHT_RING_SHIFT = 4, SIGHT_FACING_SHIFT = 10, SIGHT_RANGE_SHIFT = 14, SIGHT_PASSES_SHIFT = 24,
		MAX_SIDE = 65535, // the largest x, y, width, height a header holds
		MAX_PASSES = 127  // see-invisible passes of one source
	};
	enum { FLAG_WRAP_X = 1, FLAG_WRAP_Y = 2, FLAG_AERIAL = 4, FLAG_REVEAL_ADJACENT = 8 };

	// The map shape a segment was recorded on, as the engine's Map.
	struct Shape
	{
		int iWidth;
		int iHeight;
		bool bWrapX;
		bool bWrapY;
		int getGridWidth() const { return iWidth; }
		int getGridHeight() const { return iHeight; }
		bool isWrapX() const { return bWrapX; }
		bool isWrapY() const { return bWrapY; }
	};

	static int flags(const unsigned int* paiSegment) { return static_cast<int>(paiSegment[SEG_SIGHT] & 15u); }
	static int ring(const unsigned int* paiSegment) { return static_cast<int>((paiSegment[SEG_SIGHT] >> SIGHT_RING_SHIFT) & 63u); }
	static int passes(const unsigned int* paiSegment) { return static_cast<int>(paiSegment[SEG_SIGHT] >> SIGHT_PASSES_SHIFT); }
	// Words of the segment at paiSegment.
	static int words(const unsigned int* paiSegment)
	{
		return SEG_HEADER_WORDS + passes(paiSegment) + (CvVisionTables::entriesUpToRing(ring(paiSegment)) + 31) / 32;
	}

	// Appends to aiWords the segment of kSource on kMap, whose seen plots are paiPlots (iCount, in
	// BTS's loop order), with their table entries paiEntries (or NULL: found by matching the list
	// to the square). False, aiWords unchanged, when the source does not fit a header (more than
	// MAX_PASSES passes, a side above MAX_SIDE) or the list is not the table subset it should be.
	template <class Map>
	CV_VISION_MUST_USE static bool append(CvVisionSmallWords& aiWords, const CvVisionEngine& kEngine, const Map& kMap,
		const CvVisionSource& kSource, const int* paiPlots, const int* paiEntries, int iCount);

	// The segment at paiSegment: its source (paeInvisible, room for MAX_PASSES, receives the
	// passes' types), its shape, its plots (returns how many; paiPlots needs room for
	// CV_VISION_MAX_ENTRIES) and its length in words. The plots come in the table's order (ring by
	// ring: enough to take a sight back or count it), or with bBtsOrder in BTS's loop order (dx,
	// then dy: the order an add must make its changes in).
	CV_VISION_MUST_USE static int decode(const unsigned int* paiSegment, CvVisionSource& kSource, int* paeInvisible,
		Shape& kShape, int* paiPlots, int& iWords, bool bBtsOrder = false);

	// The plots of the 3x3 square a line-of-sight unit reveals, in table order (returns how many).
	CV_VISION_MUST_USE static int adjacentPlots(const CvVisionSource& kSource, const Shape& kShape, int* paiPlots);

	// The count changes the segments of paiWords (iNumWords) stand for: per segment, its plots and
	// its reveals (a plot of the 3x3 square of a line-of-sight unit), once per pass.
	CV_VISION_MUST_USE static int countChanges(const unsigned int* paiWords, int iNumWords);

private:
	// The largest range and ring fit their 6 bits (a compile error otherwise).
	typedef char RingBitsHoldTheLargestRing[(CV_VISION_MAX_RANGE + 1 < 64) ? 1 : -1];

	// Plot index per column and row of a segment's square (-1: absent), to turn table entries
	// into plots with two lookups.
	struct SquareAxes
	{
		int aiColumn[CV_VISION_MAX_SIDE];
		int aiRowStart[CV_VISION_MAX_SIDE];
		int iRing;
		void fill(const Shape& kShape, int iX, int iY, int iRingIn);
		int plotAt(const CvVisionDisplacement& kEntry) const
		{
			const int iColumn = aiColumn[kEntry.iDX + iRing];
			const int iRowStart = aiRowStart[kEntry.iDY + iRing];
			return (iColumn < 0 || iRowStart < 0) ? -1 : iRowStart + iColumn;
		}
	};
};

// ---------------------------------------------------------------------------------------------
// Template definitions

template <class Map>
bool CvVisionSegmentCodec::append(CvVisionSmallWords& aiWords, const CvVisionEngine& kEngine, const Map& kMap,
	const CvVisionSource& kSource, const int* paiPlots, const int* paiEntries, int iCount)
{
	const int iNumPasses = (kSource.iNumSeeInvisible > 0) ? kSource.iNumSeeInvisible : 1;
	if (iNumPasses > MAX_PASSES || kMap.getGridWidth() > MAX_SIDE || kMap.getGridHeight() > MAX_SIDE)
	{
		return false;
	}
	const int iRing = kSource.bAerial ? kSource.iRange : kSource.iRange + (kEngine.options().bOuterRing ? 1 : 0);
	const int iEntries = CvVisionTables::entriesUpToRing(iRing);
	const size_t iStart = aiWords.size();
	aiWords.resize(iStart + SEG_HEADER_WORDS + iNumPasses + (iEntries + 31) / 32, 0u);
	unsigned int* paiSegment = &aiWords[iStart];
	const Shape kShape = { kMap.getGridWidth(), kMap.getGridHeight(), kMap.isWrapX(), kMap.isWrapY() };
	const unsigned int iFlags = (kShape.bWrapX ? FLAG_WRAP_X : 0) | (kShape.bWrapY ? FLAG_WRAP_Y : 0)
		| (kSource.bAerial ? FLAG_AERIAL : 0)
		| ((kEngine.options().bRevealAdjacent && !kSource.bAerial && kSource.eFacing != CV_VISION_NO_DIRECTION)
			? FLAG_REVEAL_ADJACENT : 0);
	paiSegment[SEG_PLACE] = static_cast<unsigned int>(kSource.iX) | (static_cast<unsigned int>(kSource.iY) << 16);
	paiSegment[SEG_SHAPE] = static_cast<unsigned int>(kShape.iWidth) | (static_cast<unsigned int>(kShape.iHeight) << 16);
	paiSegment[SEG_SIGHT] = iFlags | (static_cast<unsigned int>(iRing) << SIGHT_RING_SHIFT)
		| (static_cast<unsigned int>(kSource.eFacing + 1) << SIGHT_FACING_SHIFT)
		| (static_cast<unsigned int>(kSource.iRange) << SIGHT_RANGE_SHIFT)
		| (static_cast<unsigned int>(iNumPasses) << SIGHT_PASSES_SHIFT);
	for (int iPass = 0; iPass < iNumPasses; ++iPass)
	{
		const int eInvisible = (kSource.iNumSeeInvisible > 0) ? kSource.paeSeeInvisible[iPass] : CV_VISION_NO_INVISIBLE;
		paiSegment[SEG_HEADER_WORDS + iPass] = static_cast<unsigned int>(eInvisible + 1);
	}
	unsigned int* paiBits = paiSegment + SEG_HEADER_WORDS + iNumPasses;
	if (paiEntries != NULL)
	{
		// The pass named each plot's entry (CvVisionEngine::seenEntries). The first two words (the
		// whole of a sight up to ring 3) are gathered in registers, without a branch: a store to
		// the word the last entry changed would wait on that one.
		unsigned int iLow = 0u;
		unsigned int iHigh = 0u;
		for (int i = 0; i < iCount; ++i)
		{
			const unsigned int iEntry = static_cast<unsigned int>(paiEntries[i]);
			const unsigned int iBit = 1u << (iEntry & 31u);
			iLow |= iBit & (0u - static_cast<unsigned int>(iEntry < 32u));
			iHigh |= iBit & (0u - static_cast<unsigned int>(iEntry - 32u < 32u));
			if (iEntry >= 64u)
			{
				paiBits[iEntry >> 5] |= iBit;
			}
		}
		paiBits[0] |= iLow;
		if (iEntries > 32)
		{
			paiBits[1] |= iHigh;
		}
		return true;
	}
	const CvVisionTables& kTable = CvVisionTables::standard();
	SquareAxes kAxes;
	kAxes.fill(kShape, kSource.iX, kSource.iY, iRing);
	// The list is in BTS's loop order: the square's displacements, dx then dy, each one's bit set
	// where it names the next plot of the list.
	int iNext = 0;
	for (int iDX = -iRing; iDX <= iRing && iNext < iCount; ++iDX)
	{
		for (int iDY = -iRing; iDY <= iRing && iNext < iCount; ++iDY)
		{
			const int i = kTable.indexOf(iDX, iDY);
			if (paiPlots[iNext] == kAxes.plotAt(kTable.entry(i)))
			{
				paiBits[i / 32] |= 1u << (i % 32);
				++iNext;
			}
		}
	}
	if (iNext != iCount)
	{
		aiWords.resize(iStart);
		return false;
	}
	return true;
}

#endif
