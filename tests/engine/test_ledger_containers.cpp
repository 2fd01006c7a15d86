// The ledger's containers on their own: the small-buffer words of a record (CvVisionSmallWords.h),
// the compact segment's codec (CvVisionSegmentCodec.h) and the key table (CvVisionKeyTable.h).
#include "CvVisionKeyTable.h"
#include "CvVisionSegmentCodec.h"
#include "CvVisionSmallWords.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <vector>

namespace {

std::vector<unsigned int> wordsOf(const CvVisionSmallWords& aiWords)
{
	std::vector<unsigned int> aiOut;
	for (size_t i = 0; i < aiWords.size(); ++i)
	{
		aiOut.push_back(aiWords[i]);
	}
	return aiOut;
}

CvVisionSmallWords counting(unsigned int iCount, unsigned int iFirst = 0)
{
	CvVisionSmallWords aiWords;
	for (unsigned int i = 0; i < iCount; ++i)
	{
		aiWords.push_back(iFirst + i);
	}
	return aiWords;
}

std::vector<unsigned int> countingVector(unsigned int iCount, unsigned int iFirst = 0)
{
	std::vector<unsigned int> aiOut;
	for (unsigned int i = 0; i < iCount; ++i)
	{
		aiOut.push_back(iFirst + i);
	}
	return aiOut;
}

} // namespace

// --- CvVisionSmallWords ---------------------------------------------------------------------

TEST(SmallWords, TheFirstSixWordsStayInline)
{
	CvVisionSmallWords aiWords = counting(CvVisionSmallWords::INLINE_WORDS);
	EXPECT_EQ(6u, aiWords.size());
	EXPECT_EQ(6u, aiWords.capacity());
	EXPECT_EQ(0u, aiWords.heapWords());
	aiWords.push_back(6);
	EXPECT_EQ(12u, aiWords.capacity()) << "growth past the inline words doubles the capacity";
	EXPECT_EQ(12u, aiWords.heapWords());
	EXPECT_EQ(countingVector(7), wordsOf(aiWords)) << "the inline words moved to the block";
	for (unsigned int i = 7; i < 13; ++i)
	{
		aiWords.push_back(i);
	}
	EXPECT_EQ(24u, aiWords.capacity());
	EXPECT_EQ(countingVector(13), wordsOf(aiWords));
	EXPECT_EQ(12u, aiWords.back());
}

TEST(SmallWords, ResizeFillsGrowsAndShrinks)
{
	CvVisionSmallWords aiWords = counting(3);
	aiWords.resize(5, 9u);
	EXPECT_EQ((std::vector<unsigned int>{ 0, 1, 2, 9, 9 }), wordsOf(aiWords));
	EXPECT_EQ(0u, aiWords.heapWords());
	aiWords.resize(40, 7u);
	EXPECT_EQ(40u, aiWords.size());
	EXPECT_EQ(40u, aiWords.capacity()) << "a resize past twice the capacity takes the size asked";
	EXPECT_EQ(7u, aiWords[39]);
	EXPECT_EQ(2u, aiWords[2]);
	aiWords.resize(2);
	EXPECT_EQ((std::vector<unsigned int>{ 0, 1 }), wordsOf(aiWords)) << "shrinking keeps the first words";
	EXPECT_EQ(40u, aiWords.heapWords()) << "and the memory";
	aiWords.resize(4);
	EXPECT_EQ((std::vector<unsigned int>{ 0, 1, 0, 0 }), wordsOf(aiWords)) << "regrown words are filled again";
}

TEST(SmallWords, ClearErasesTheWordsAndKeepsTheMemory)
{
	CvVisionSmallWords aiWords = counting(20);
	const size_t iCapacity = aiWords.capacity();
	aiWords.clear();
	EXPECT_EQ(0u, aiWords.size());
	EXPECT_EQ(iCapacity, aiWords.heapWords());
	aiWords.push_back(5);
	EXPECT_EQ((std::vector<unsigned int>{ 5 }), wordsOf(aiWords));
	EXPECT_EQ(iCapacity, aiWords.capacity()) << "no new block for words that fit the old one";
}

TEST(SmallWords, CopiesAreDeepAndAssignmentReusesItsOwnBlock)
{
	const CvVisionSmallWords aiLong = counting(20);
	CvVisionSmallWords aiCopy(aiLong);
	EXPECT_TRUE(aiCopy == aiLong);
	aiCopy[0] = 99;
	EXPECT_EQ(0u, aiLong[0]) << "the copy has its own block";
	EXPECT_FALSE(aiCopy == aiLong);

	const CvVisionSmallWords aiShort = counting(3, 50);
	CvVisionSmallWords aiTarget = counting(30);
	const size_t iBlock = aiTarget.heapWords();
	aiTarget = aiShort;
	EXPECT_EQ(countingVector(3, 50), wordsOf(aiTarget));
	EXPECT_EQ(iBlock, aiTarget.heapWords()) << "an assignment that fits keeps the target's block";

	CvVisionSmallWords aiInline = counting(2);
	aiInline = aiLong;
	EXPECT_TRUE(aiInline == aiLong) << "inline assigned from a block";
	aiInline = aiInline;
	EXPECT_TRUE(aiInline == aiLong) << "self-assignment changes nothing";

	const CvVisionSmallWords aiEmpty;
	aiInline = aiEmpty;
	EXPECT_EQ(0u, aiInline.size());
	EXPECT_TRUE(aiInline == aiEmpty);
}

TEST(SmallWords, SwapKeepsEachBlockWithItsWords)
{
	CvVisionSmallWords aiLong = counting(20);
	CvVisionSmallWords aiShort = counting(4, 100);
	const unsigned int* paiBlock = &aiLong[0];
	aiLong.swap(aiShort);
	EXPECT_EQ(countingVector(4, 100), wordsOf(aiLong));
	EXPECT_EQ(0u, aiLong.heapWords()) << "the short words came inline";
	EXPECT_EQ(countingVector(20), wordsOf(aiShort));
	EXPECT_EQ(paiBlock, &aiShort[0]) << "the block moved, not its words";

	CvVisionSmallWords aiOther = counting(5, 7);
	aiLong.swap(aiOther);
	EXPECT_EQ(countingVector(5, 7), wordsOf(aiLong));
	EXPECT_EQ(countingVector(4, 100), wordsOf(aiOther));
}

// --- CvVisionSegmentCodec -------------------------------------------------------------------

namespace {

typedef CvVisionSegmentCodec Codec;

// A sight made up of table entries up to a ring: each entry with its plot (absent ones left
// out, as the engine never sees them), in the table's order and in BTS's loop order.
struct MadeUpSight
{
	std::vector<int> aiEntries; // in BTS's loop order, as the engine lists them
	std::vector<int> aiPlots; // their plots, in BTS's loop order
	std::vector<int> aiTablePlots; // the same plots in the table's order
};

int plotOf(const Codec::Shape& kShape, int iX, int iY)
{
	const int iColumn = cvVisionWrapCoord(iX, kShape.iWidth, kShape.bWrapX);
	const int iRow = cvVisionWrapCoord(iY, kShape.iHeight, kShape.bWrapY);
	return (iColumn < 0 || iRow < 0) ? -1 : iRow * kShape.iWidth + iColumn;
}

// The entries up to iRing that bWanted picks, with the plots of (iX, iY) on kShape.
template <class Wanted>
MadeUpSight madeUpSight(const Codec::Shape& kShape, int iX, int iY, int iRing, Wanted bWanted)
{
	const CvVisionTables& kTable = CvVisionTables::standard();
	MadeUpSight kSight;
	for (int iDX = -iRing; iDX <= iRing; ++iDX)
	{
		for (int iDY = -iRing; iDY <= iRing; ++iDY)
		{
			const int i = kTable.indexOf(iDX, iDY);
			const int iPlot = plotOf(kShape, iX + iDX, iY + iDY);
			if (iPlot >= 0 && bWanted(i))
			{
				kSight.aiEntries.push_back(i);
				kSight.aiPlots.push_back(iPlot);
			}
		}
	}
	for (int i = 0; i < CvVisionTables::entriesUpToRing(iRing); ++i)
	{
		const int iPlot = plotOf(kShape, iX + kTable.entry(i).iDX, iY + kTable.entry(i).iDY);
		if (iPlot >= 0 && bWanted(i))
		{
			kSight.aiTablePlots.push_back(iPlot);
		}
	}
	return kSight;
}

struct Decoded
{
	CvVisionSource kSource;
	int aeInvisible[Codec::MAX_PASSES];
	Codec::Shape kShape;
	std::vector<int> aiPlots;
	int iWords;
};

Decoded decoded(const unsigned int* paiSegment, bool bBtsOrder)
{
	Decoded kOut;
	int aiPlots[CV_VISION_MAX_ENTRIES];
	const int iCount =
		Codec::decode(paiSegment, kOut.kSource, kOut.aeInvisible, kOut.kShape, aiPlots, kOut.iWords, bBtsOrder);
	kOut.aiPlots.assign(aiPlots, aiPlots + iCount);
	return kOut;
}

} // namespace

TEST(SegmentCodec, RoundTripsAtEverySquareSizeWithTheEdgeBitsOfEachWord)
{
	const CvVisionEngine kEngine; // BTS's options: the outer ring, ring = range + 1
	const Codec::Shape kShape = { 80, 80, false, false };
	std::mt19937 kRng(40);
	for (int iRange = 0; iRange <= CV_VISION_MAX_RANGE; ++iRange)
	{
		const int iRing = iRange + 1;
		const int iEntries = CvVisionTables::entriesUpToRing(iRing);
		std::vector<bool> abWanted(iEntries);
		for (int i = 0; i < iEntries; ++i)
		{
			// Every word's first and last bit, the table's last entry, and a random third of the rest.
			abWanted[i] = i % 32 == 0 || i % 32 == 31 || i == iEntries - 1 || kRng() % 3 == 0;
		}
		const MadeUpSight kSight = madeUpSight(kShape, 40, 39, iRing, [&](int i) { return abWanted[i]; });
		const CvVisionSource kSource(40, 39, 0, iRange);
		CvVisionSmallWords aiFromEntries;
		ASSERT_TRUE(Codec::append(aiFromEntries, kEngine, kShape, kSource, kSight.aiPlots.data(),
			kSight.aiEntries.data(), static_cast<int>(kSight.aiPlots.size())));
		ASSERT_EQ(static_cast<size_t>(Codec::SEG_HEADER_WORDS + 1 + (iEntries + 31) / 32), aiFromEntries.size())
			<< "range " << iRange;
		EXPECT_EQ(static_cast<int>(aiFromEntries.size()), Codec::words(&aiFromEntries[0]));
		EXPECT_EQ(iRing, Codec::ring(&aiFromEntries[0]));
		EXPECT_EQ(1, Codec::passes(&aiFromEntries[0]));

		CvVisionSmallWords aiFromPlots;
		ASSERT_TRUE(Codec::append(aiFromPlots, kEngine, kShape, kSource, kSight.aiPlots.data(), NULL,
			static_cast<int>(kSight.aiPlots.size())));
		EXPECT_TRUE(aiFromPlots == aiFromEntries)
			<< "the list matched to the square gives the same bits, range " << iRange;

		const Decoded kTableOrder = decoded(&aiFromEntries[0], false);
		EXPECT_EQ(kSight.aiTablePlots, kTableOrder.aiPlots) << "range " << iRange;
		EXPECT_EQ(static_cast<int>(aiFromEntries.size()), kTableOrder.iWords);
		EXPECT_EQ(kSight.aiPlots, decoded(&aiFromEntries[0], true).aiPlots) << "range " << iRange;
		EXPECT_EQ(iRange, kTableOrder.kSource.iRange);
		EXPECT_EQ(40, kTableOrder.kSource.iX);
		EXPECT_EQ(39, kTableOrder.kSource.iY);
	}
}

TEST(SegmentCodec, AerialSightsLookOverTheirRangeAlone)
{
	const CvVisionEngine kEngine;
	const Codec::Shape kShape = { 20, 20, false, false };
	CvVisionSource kPlane(10, 10, 0, 3, true);
	const MadeUpSight kSight = madeUpSight(kShape, 10, 10, 3, [](int) { return true; });
	CvVisionSmallWords aiWords;
	ASSERT_TRUE(Codec::append(aiWords, kEngine, kShape, kPlane, kSight.aiPlots.data(), kSight.aiEntries.data(),
		static_cast<int>(kSight.aiPlots.size())));
	EXPECT_EQ(3, Codec::ring(&aiWords[0])) << "no outer ring";
	const Decoded kBack = decoded(&aiWords[0], true);
	EXPECT_TRUE(kBack.kSource.bAerial);
	EXPECT_EQ(kSight.aiPlots, kBack.aiPlots);
}

TEST(SegmentCodec, TheHeaderKeepsShapeFacingAndPasses)
{
	const CvVisionEngine kEngine;
	const Codec::Shape kShape = { Codec::MAX_SIDE, 3, true, true };
	const int aeTypes[3] = { 2, CV_VISION_NO_INVISIBLE, 0 };
	CvVisionSource kSource(Codec::MAX_SIDE - 1, 1, 0, 1, false, 7);
	kSource.paeSeeInvisible = aeTypes;
	kSource.iNumSeeInvisible = 3;
	const int aiPlots[1] = { 1 * Codec::MAX_SIDE + Codec::MAX_SIDE - 1 };
	const int aiEntries[1] = { 0 };
	CvVisionSmallWords aiWords;
	ASSERT_TRUE(Codec::append(aiWords, kEngine, kShape, kSource, aiPlots, aiEntries, 1));
	EXPECT_EQ(Codec::FLAG_WRAP_X | Codec::FLAG_WRAP_Y | Codec::FLAG_REVEAL_ADJACENT, Codec::flags(&aiWords[0]));
	const Decoded kBack = decoded(&aiWords[0], false);
	EXPECT_EQ(Codec::MAX_SIDE, kBack.kShape.iWidth);
	EXPECT_EQ(3, kBack.kShape.iHeight);
	EXPECT_TRUE(kBack.kShape.bWrapX && kBack.kShape.bWrapY);
	EXPECT_EQ(Codec::MAX_SIDE - 1, kBack.kSource.iX);
	EXPECT_EQ(1, kBack.kSource.iY);
	EXPECT_EQ(7, kBack.kSource.eFacing);
	EXPECT_FALSE(kBack.kSource.bAerial);
	ASSERT_EQ(3, kBack.kSource.iNumSeeInvisible);
	EXPECT_EQ(
		(std::vector<int>{ 2, CV_VISION_NO_INVISIBLE, 0 }), std::vector<int>(kBack.aeInvisible, kBack.aeInvisible + 3));
	EXPECT_EQ((std::vector<int>(aiPlots, aiPlots + 1)), kBack.aiPlots);
	EXPECT_EQ(3, Codec::passes(&aiWords[0]));
}

TEST(SegmentCodec, AbsentPlotsAtTheMapsEdgeAndWrappedOnes)
{
	const CvVisionEngine kEngine;
	for (int iWrap = 0; iWrap < 2; ++iWrap)
	{
		const Codec::Shape kShape = { 12, 9, iWrap != 0, false };
		const MadeUpSight kSight = madeUpSight(kShape, 0, 0, 3, [](int) { return true; });
		EXPECT_EQ(iWrap != 0 ? 7 * 4 : 4 * 4, static_cast<int>(kSight.aiPlots.size()));
		CvVisionSmallWords aiWords;
		ASSERT_TRUE(Codec::append(aiWords, kEngine, kShape, CvVisionSource(0, 0, 0, 2), kSight.aiPlots.data(), NULL,
			static_cast<int>(kSight.aiPlots.size())));
		EXPECT_EQ(kSight.aiPlots, decoded(&aiWords[0], true).aiPlots) << "wrap " << iWrap;
		EXPECT_EQ(kSight.aiTablePlots, decoded(&aiWords[0], false).aiPlots) << "wrap " << iWrap;
	}
}

TEST(SegmentCodec, RefusesWhatAHeaderCannotHoldAndListsThatAreNoTableSubset)
{
	const CvVisionEngine kEngine;
	const Codec::Shape kShape = { 10, 10, false, false };
	CvVisionSmallWords aiWords = counting(2, 500);
	const int aiPlots[2] = { 44, 45 };

	std::vector<int> aeTypes(Codec::MAX_PASSES + 1, 0);
	CvVisionSource kManyPasses(4, 4, 0, 1);
	kManyPasses.paeSeeInvisible = aeTypes.data();
	kManyPasses.iNumSeeInvisible = Codec::MAX_PASSES + 1;
	EXPECT_FALSE(Codec::append(aiWords, kEngine, kShape, kManyPasses, aiPlots, NULL, 2));
	EXPECT_EQ(countingVector(2, 500), wordsOf(aiWords)) << "nothing appended";

	const Codec::Shape kTooWide = { Codec::MAX_SIDE + 1, 1, false, false };
	EXPECT_FALSE(Codec::append(aiWords, kEngine, kTooWide, CvVisionSource(0, 0, 0, 1), aiPlots, NULL, 0));

	const int aiBackwards[2] = { 45, 44 }; // not in BTS's loop order
	EXPECT_FALSE(Codec::append(aiWords, kEngine, kShape, CvVisionSource(4, 4, 0, 1), aiBackwards, NULL, 2));
	const int aiOutside[1] = { 99 }; // beyond the square
	EXPECT_FALSE(Codec::append(aiWords, kEngine, kShape, CvVisionSource(4, 4, 0, 1), aiOutside, NULL, 1));
	EXPECT_EQ(countingVector(2, 500), wordsOf(aiWords)) << "the words are as they were";
}

TEST(SegmentCodec, SegmentsFollowEachOtherAndCountTheirChanges)
{
	const CvVisionEngine kEngine; // a line-of-sight unit reveals its 3x3 square
	const Codec::Shape kShape = { 10, 10, false, false };
	const MadeUpSight kFirst = madeUpSight(kShape, 5, 5, 2, [](int i) { return i < 5; });
	const MadeUpSight kSecond = madeUpSight(kShape, 0, 0, 3, [](int i) { return i % 2 == 0; });
	const int aeTypes[2] = { 0, 1 };
	CvVisionSource kFacing(5, 5, 0, 1, false, 2);
	CvVisionSource kTwoPasses(0, 0, 0, 2);
	kTwoPasses.paeSeeInvisible = aeTypes;
	kTwoPasses.iNumSeeInvisible = 2;
	CvVisionSmallWords aiWords;
	ASSERT_TRUE(Codec::append(
		aiWords, kEngine, kShape, kFacing, kFirst.aiPlots.data(), NULL, static_cast<int>(kFirst.aiPlots.size())));
	const int iFirstWords = static_cast<int>(aiWords.size());
	ASSERT_TRUE(Codec::append(
		aiWords, kEngine, kShape, kTwoPasses, kSecond.aiPlots.data(), NULL, static_cast<int>(kSecond.aiPlots.size())));
	EXPECT_EQ(iFirstWords, Codec::words(&aiWords[0]));
	EXPECT_EQ(kSecond.aiPlots, decoded(&aiWords[iFirstWords], true).aiPlots);
	// The first: its plots and the 9 plots it reveals, one pass; the second: its plots, twice.
	const int iExpected = static_cast<int>(kFirst.aiPlots.size()) + 9 + 2 * static_cast<int>(kSecond.aiPlots.size());
	EXPECT_EQ(iExpected, Codec::countChanges(&aiWords[0], static_cast<int>(aiWords.size())));
	int aiAdjacent[9];
	EXPECT_EQ(4, Codec::adjacentPlots(CvVisionSource(0, 0, 0, 1), kShape, aiAdjacent)) << "a corner's square";
}

// --- CvVisionKeyTable -----------------------------------------------------------------------

namespace {

// A value with memory of its own, to see that growth moves it instead of copying it.
struct Held
{
	int iValue;
	std::vector<int> aiMemory;
	Held() : iValue(0) {}
	void swap(Held& kOther)
	{
		std::swap(iValue, kOther.iValue);
		aiMemory.swap(kOther.aiMemory);
	}
};

typedef CvVisionKeyTable<Held> Table;

CvVisionSourceKey unitKey(int iUnit) { return CvVisionSourceKey(CV_VISION_SOURCE_UNIT, 0, iUnit, 0); }

// iCount keys whose first bucket in a table of iBuckets is iBucket.
std::vector<CvVisionSourceKey> keysStartingAt(unsigned int iBucket, unsigned int iBuckets, int iCount)
{
	std::vector<CvVisionSourceKey> aKeys;
	for (int iUnit = 0; static_cast<int>(aKeys.size()) < iCount; ++iUnit)
	{
		if ((cvVisionKeyHash(unitKey(iUnit)) & (iBuckets - 1)) == iBucket)
		{
			aKeys.push_back(unitKey(iUnit));
		}
	}
	return aKeys;
}

} // namespace

TEST(KeyTable, TheHashIsATagNeverZero)
{
	for (int i = -50; i < 50; ++i)
	{
		EXPECT_NE(0u, cvVisionKeyHash(CvVisionSourceKey(i % 5, i, -i, i % 3)) & 0x80000000u);
	}
	EXPECT_NE(cvVisionKeyHash(unitKey(1)), cvVisionKeyHash(unitKey(2)));
	EXPECT_EQ(64, cvVisionKeyTableBuckets(0));
	EXPECT_EQ(64, cvVisionKeyTableBuckets(64));
	EXPECT_EQ(128, cvVisionKeyTableBuckets(65));
}

TEST(KeyTable, InsertsAndFinds)
{
	Table kTable;
	EXPECT_EQ(-1, kTable.find(unitKey(1))) << "an empty table";
	std::map<int, int> kBucketOf;
	for (int i = 0; i < 20; ++i)
	{
		const int iBucket = kTable.insert(unitKey(i), 0);
		kTable.value(iBucket).iValue = 100 + i;
		kBucketOf[i] = iBucket;
	}
	EXPECT_EQ(20, kTable.keys());
	EXPECT_EQ(64, kTable.buckets());
	for (int i = 0; i < 20; ++i)
	{
		const int iBucket = kTable.find(unitKey(i));
		ASSERT_EQ(kBucketOf[i], iBucket);
		EXPECT_TRUE(kTable.isLive(iBucket));
		EXPECT_TRUE(kTable.key(iBucket) == unitKey(i));
		EXPECT_EQ(100 + i, kTable.value(iBucket).iValue);
		EXPECT_EQ(iBucket, kTable.insert(unitKey(i), 0)) << "inserting a key again finds it";
	}
	EXPECT_EQ(20, kTable.keys());
	EXPECT_EQ(-1, kTable.find(unitKey(20)));
	EXPECT_EQ(-1, kTable.find(CvVisionSourceKey(CV_VISION_SOURCE_RECON, 0, 3, 0))) << "another kind";
}

TEST(KeyTable, CollidingKeysProbeOnAndWrapAroundTheEnd)
{
	Table kTable;
	const std::vector<CvVisionSourceKey> aKeys = keysStartingAt(63, 64, 3);
	for (size_t i = 0; i < aKeys.size(); ++i)
	{
		const int iBucket = kTable.insert(aKeys[i], 0);
		kTable.value(iBucket).iValue = static_cast<int>(i);
	}
	ASSERT_EQ(64, kTable.buckets());
	EXPECT_EQ(63, kTable.find(aKeys[0]));
	EXPECT_EQ(0, kTable.find(aKeys[1])) << "past the last bucket, the first";
	EXPECT_EQ(1, kTable.find(aKeys[2]));
	for (size_t i = 0; i < aKeys.size(); ++i)
	{
		EXPECT_EQ(static_cast<int>(i), kTable.value(kTable.find(aKeys[i])).iValue);
	}
	// A key of the same first bucket that is not there: the probe stops at the first empty bucket.
	EXPECT_EQ(-1, kTable.find(keysStartingAt(63, 64, 4)[3]));
}

TEST(KeyTable, AnErasedKeyIsATombstoneThatKeepsItsValue)
{
	Table kTable;
	const std::vector<CvVisionSourceKey> aKeys = keysStartingAt(10, 64, 2);
	const int iFirst = kTable.insert(aKeys[0], 0);
	kTable.value(iFirst).aiMemory.assign(50, 1);
	const int iSecond = kTable.insert(aKeys[1], 0);
	kTable.erase(iFirst, 5);
	EXPECT_FALSE(kTable.isLive(iFirst));
	EXPECT_TRUE(kTable.isUsed(iFirst));
	EXPECT_EQ(iFirst, kTable.find(aKeys[0])) << "a tombstone is found";
	EXPECT_EQ(iSecond, kTable.find(aKeys[1])) << "a key probed past the tombstone is still found";
	EXPECT_EQ(2, kTable.keys());
	const int* paiMemory = kTable.value(iFirst).aiMemory.data();
	EXPECT_EQ(iFirst, kTable.insert(aKeys[0], 6)) << "inserted again: the same bucket";
	EXPECT_TRUE(kTable.isLive(iFirst));
	EXPECT_EQ(paiMemory, kTable.value(iFirst).aiMemory.data()) << "with its value's memory";
}

TEST(KeyTable, GrowthKeepsLiveKeysAndRecentTombstonesAndMovesTheValues)
{
	Table kTable;
	std::vector<const int*> apMemory;
	for (int i = 0; i < 32; ++i) // half the first 64 buckets
	{
		const int iBucket = kTable.insert(unitKey(i), 0);
		kTable.value(iBucket).iValue = i;
		kTable.value(iBucket).aiMemory.assign(4, i);
		apMemory.push_back(kTable.value(iBucket).aiMemory.data());
	}
	kTable.erase(kTable.find(unitKey(0)), 1); // long ago
	kTable.erase(kTable.find(unitKey(1)), 1000); // recently
	const int iLookedUp = kTable.find(unitKey(30)); // the last lookup, cached
	ASSERT_EQ(64, kTable.buckets());
	EXPECT_EQ(iLookedUp, kTable.find(unitKey(30)));
	EXPECT_GE(kTable.insert(unitKey(32), 1010), 0); // 33 keys would fill more than half: it grows first
	EXPECT_EQ(256, kTable.buckets()) << "a quarter full at most after growing: 4 * 33 keys, rounded up";
	EXPECT_EQ(32, kTable.keys()) << "the tombstone erased 1009 ticks ago, beyond 32, is dropped";
	EXPECT_EQ(-1, kTable.find(unitKey(0)));
	const int iRecent = kTable.find(unitKey(1));
	ASSERT_GE(iRecent, 0) << "the one erased 10 ticks ago is kept";
	EXPECT_FALSE(kTable.isLive(iRecent));
	for (int i = 1; i < 32; ++i)
	{
		const int iBucket = kTable.find(unitKey(i));
		ASSERT_GE(iBucket, 0);
		EXPECT_TRUE(kTable.key(iBucket) == unitKey(i));
		EXPECT_EQ(i, kTable.value(iBucket).iValue);
		EXPECT_EQ(apMemory[i], kTable.value(iBucket).aiMemory.data()) << "moved, not copied: key " << i;
	}
	EXPECT_GE(kTable.find(unitKey(32)), 0);
	EXPECT_TRUE(kTable.key(kTable.find(unitKey(30))) == unitKey(30)) << "no stale cached bucket after growth";
	kTable.clear();
	EXPECT_EQ(0, kTable.buckets());
	EXPECT_EQ(0, kTable.keys());
	EXPECT_EQ(-1, kTable.find(unitKey(30)));
}
