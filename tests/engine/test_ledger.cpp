// Leak-proof sight on the DLL side: the ledger's replay, its records (compact and full), stacking,
// reveals and re-sighting after a level or see-from change, on the host's plot grid.
// (Split from lib/formats/test_world.cpp, which keeps the world model on the vanilla rules.)
#include "CvVisionLedger.h"
#include "model/PlotGrid.h"
#include "RandomMaps.h"
#include "SightSources.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <map>
#include <random>

using namespace cvv;

// --- the ledger -----------------------------------------------------------------------------

TEST(Ledger, RemovalReplaysTheRecordEvenWhenTheMapChanged)
{
	PlotGrid kGrid(11, 11, false, false);
	kGrid.setHills(5, 5);
	CvVisionLedger kLedger;
	const CvVisionEngine kEngine;
	const CvVisionSourceKey kKey(CV_VISION_SOURCE_UNIT, 0, 7, 0);
	ASSERT_EQ(CV_VISION_OK, kLedger.add(kKey, kEngine, kGrid, kGrid, unitAt(5, 5, 1)));
	EXPECT_EQ(25, kGrid.visiblePlotCount(0));
	EXPECT_EQ(25, kLedger.numEntries());
	kGrid.setFlat(5, 5); // the hill is levelled with no bracket: BTS would now take away only 9
	ASSERT_TRUE(kLedger.remove(kKey, kGrid));
	EXPECT_EQ(0, kGrid.visiblePlotCount(0));
	EXPECT_FALSE(kGrid.wentNegative());
	EXPECT_FALSE(kLedger.has(kKey));
	EXPECT_FALSE(kLedger.remove(kKey, kGrid)) << "nothing left to take back";
}

TEST(Ledger, IdenticalSourcesAreKeptApart)
{
	PlotGrid kGrid(9, 9, false, false);
	CvVisionLedger kLedger;
	const CvVisionEngine kEngine;
	const CvVisionSourceKey kKey(CV_VISION_SOURCE_CITY_ESPIONAGE, 40, 0, 1);
	CvVisionSource kSource = unitAt(4, 4, 1);
	kSource.eTeam = 1;
	EXPECT_EQ(CV_VISION_OK, kLedger.add(kKey, kEngine, kGrid, kGrid, kSource));
	kGrid.setHills(4, 4);
	EXPECT_EQ(CV_VISION_OK, kLedger.add(kKey, kEngine, kGrid, kGrid, kSource));
	EXPECT_EQ(2, kLedger.numSources());
	EXPECT_EQ(2, kGrid.visibilityCount(1, 4, 5));
	EXPECT_EQ(1, kGrid.visibilityCount(1, 4, 6));
	EXPECT_TRUE(kLedger.remove(kKey, kGrid));
	EXPECT_EQ(0, kGrid.visibilityCount(1, 4, 6)) << "the last record goes first";
	EXPECT_TRUE(kLedger.remove(kKey, kGrid));
	EXPECT_EQ(0, kGrid.visiblePlotCount(1));
}

TEST(Ledger, LineOfSightRevealsAreReplayedAsReveals)
{
	PlotGrid kGrid(9, 9, false, false);
	CvVisionLedger kLedger;
	const CvVisionEngine kEngine;
	const CvVisionSourceKey kKey(CV_VISION_SOURCE_UNIT, 0, 1, 0);
	EXPECT_EQ(CV_VISION_OK, kLedger.add(kKey, kEngine, kGrid, kGrid, unitAt(4, 4, 1, 0)));
	EXPECT_TRUE(kGrid.isRevealed(0, 4, 3)) << "behind the unit: revealed, not counted";
	EXPECT_EQ(0, kGrid.visibilityCount(0, 4, 3));
	PlotGrid kCounting = kGrid;
	EXPECT_TRUE(kLedger.remove(kKey, kGrid));
	EXPECT_EQ(0, kGrid.visiblePlotCount(0));
	EXPECT_FALSE(kGrid.wentNegative());
}

namespace {
// A sink that counts the calls it hears.
struct CallCounter
{
	PlotGrid& kGrid;
	int iCalls;
	explicit CallCounter(PlotGrid& kGridIn) : kGrid(kGridIn), iCalls(0) {}
	void changeVisibilityCount(int iPlot, int eTeam, int iChange, int eInvisible)
	{
		++iCalls;
		kGrid.changeVisibilityCount(iPlot, eTeam, iChange, eInvisible);
	}
};
}

TEST(Ledger, ResightChangesCountsOnlyWhereTheSightChanged)
{
	PlotGrid kGrid(15, 15, false, false);
	CvVisionLedger kLedger;
	const CvVisionEngine kEngine;
	const CvVisionSourceKey kNear(CV_VISION_SOURCE_UNIT, 0, 1, 0);
	const CvVisionSourceKey kFar(CV_VISION_SOURCE_UNIT, 0, 2, 0);
	const CvVisionSourceKey kStacked(CV_VISION_SOURCE_PLOT, 7, 0, 0);
	const CvVisionSource kNearSource = unitAt(4, 4, 2);
	const CvVisionSource kFarSource = unitAt(11, 11, 1);
	EXPECT_EQ(CV_VISION_OK, kLedger.add(kNear, kEngine, kGrid, kGrid, kNearSource));
	EXPECT_EQ(CV_VISION_OK, kLedger.add(kFar, kEngine, kGrid, kGrid, kFarSource));
	EXPECT_EQ(CV_VISION_OK, kLedger.add(kStacked, kEngine, kGrid, kGrid, kNearSource));
	EXPECT_EQ(CV_VISION_OK, kLedger.add(kStacked, kEngine, kGrid, kGrid, kNearSource)); // two records under one key
	kGrid.setPeak(5, 4); // next to the near unit: it hides what lies behind it
	CallCounter kCounter(kGrid);
	ASSERT_EQ(CV_VISION_OK, kLedger.resight(kFar, kEngine, kGrid, kCounter, kFarSource));
	EXPECT_EQ(0, kCounter.iCalls) << "the far unit's sight does not reach the peak: nothing changes";
	ASSERT_EQ(CV_VISION_OK, kLedger.resight(kNear, kEngine, kGrid, kCounter, kNearSource));
	EXPECT_GT(kCounter.iCalls, 0);
	ASSERT_EQ(CV_VISION_OK, kLedger.resight(kStacked, kEngine, kGrid, kCounter, kNearSource));
	const int iAfterFirst = kCounter.iCalls;
	ASSERT_EQ(CV_VISION_OK, kLedger.resight(kStacked, kEngine, kGrid, kCounter, kNearSource));
	EXPECT_EQ(iAfterFirst, kCounter.iCalls) << "both stacked records were re-sighted the first time";
	// The counts are those of the three sources added on the map as it is now.
	PlotGrid kExpected(15, 15, false, false);
	kExpected.setPeak(5, 4);
	for (int i = 0; i < 3; ++i)
	{
		EXPECT_EQ(CV_VISION_OK, kEngine.changeAdjacentSight(kExpected, kExpected, kNearSource, 1));
	}
	EXPECT_EQ(CV_VISION_OK, kEngine.changeAdjacentSight(kExpected, kExpected, kFarSource, 1));
	EXPECT_EQ(kExpected.counts(), kGrid.counts());
	EXPECT_FALSE(kGrid.wentNegative());
	// And removal takes back the new record.
	EXPECT_TRUE(kLedger.remove(kNear, kGrid));
	EXPECT_TRUE(kLedger.remove(kFar, kGrid));
	EXPECT_TRUE(kLedger.remove(kStacked, kGrid));
	EXPECT_TRUE(kLedger.remove(kStacked, kGrid));
	EXPECT_EQ(0, kGrid.visiblePlotCount(0));
	EXPECT_FALSE(kGrid.wentNegative());
	// With no record, resight adds.
	ASSERT_EQ(CV_VISION_OK, kLedger.resight(kNear, kEngine, kGrid, kGrid, kNearSource));
	EXPECT_TRUE(kLedger.has(kNear));
}

namespace {
// A sink that logs every change it hears, in order: (plot, change, invisible type).
struct ChangeLog
{
	std::vector<std::array<int, 3>> aChanges;
	void changeVisibilityCount(int iPlot, int /*eTeam*/, int iChange, int eInvisible)
	{
		aChanges.push_back({ iPlot, iChange, eInvisible });
	}
};
}

// Whatever form a record takes (compact: the sight's parameters and one bit per table entry;
// full: one word per count change), add tells the sink exactly what the engine tells it, and
// remove takes it back last first (a reveal, +1 then -1, replayed as +1 then -1): random sources
// of every kind on maps from narrow wrapping ones (full records) to large ones, three sight models.
TEST(Ledger, CompactAndFullRecordsReplayExactlyWhatTheEngineMade)
{
	std::mt19937 kRng(79);
	const int aeInvisible[2] = { 0, 1 };
	int aiForms[2] = { 0, 0 };
	for (int iCase = 0; iCase < 3000; ++iCase)
	{
		const bool bNarrow = kRng() % 4 == 0;
		PlotGrid kGrid(bNarrow ? 3 + kRng() % 6 : 10 + kRng() % 30, bNarrow ? 3 + kRng() % 6 : 10 + kRng() % 30,
			kRng() % 2, kRng() % 2, 2);
		TerrainMix kMix;
		kMix.iWater = 20;
		kMix.iHills = 25;
		kMix.iPeaks = 8;
		kMix.iForest = 35;
		randomizeTerrain(kGrid, kRng, kMix);
		CvVisionOptions kOptions;
		kOptions.eSightModel = (kRng() % 4 == 0) ? static_cast<int>(1 + kRng() % 2) : CV_VISION_SIGHT_BTS;
		kOptions.bOuterRing = kRng() % 5 != 0;
		const CvVisionEngine kEngine(CvVisionTables::standard(), kOptions);
		CvVisionSource kSource(kRng() % kGrid.getGridWidth(), kRng() % kGrid.getGridHeight(), kRng() % 2, kRng() % 9);
		kSource.bAerial = kRng() % 6 == 0;
		kSource.eFacing = (!kSource.bAerial && kRng() % 3 == 0) ? static_cast<int>(kRng() % CV_VISION_NUM_DIRECTIONS)
																: CV_VISION_NO_DIRECTION;
		if (kRng() % 3 == 0)
		{
			kSource.paeSeeInvisible = aeInvisible;
			kSource.iNumSeeInvisible = 1 + static_cast<int>(kRng() % 2);
		}
		++aiForms[kEngine.sightIsTableSubset(kGrid, kSource) ? 1 : 0];
		ChangeLog kExpected;
		ASSERT_EQ(CV_VISION_OK, kEngine.changeAdjacentSight(kGrid, kExpected, kSource, 1));
		CvVisionLedger kLedger;
		const CvVisionSourceKey kKey(CV_VISION_SOURCE_UNIT, 0, iCase, kSource.eTeam);
		ChangeLog kAdded;
		ASSERT_EQ(CV_VISION_OK, kLedger.add(kKey, kEngine, kGrid, kAdded, kSource));
		ASSERT_EQ(kExpected.aChanges, kAdded.aChanges) << "case " << iCase;
		// The removal expected: with a line-of-sight unit's reveals (whose +1 can make a plot
		// visible, a meeting) BTS's own remove of the same sight, change for change; without them
		// the add negated, every change -1 (no plot made visible), in an order of the ledger's own.
		ChangeLog kBtsRemove;
		ASSERT_EQ(CV_VISION_OK, kEngine.changeAdjacentSight(kGrid, kBtsRemove, kSource, -1));
		const bool bReveals = !kSource.bAerial && kSource.eFacing != CV_VISION_NO_DIRECTION;
		kGrid.setPeak(kSource.iX, kSource.iY); // no bracket: the record, not the map, says what to take back
		ChangeLog kRemoved;
		ASSERT_TRUE(kLedger.remove(kKey, kRemoved));
		if (bReveals)
		{
			ASSERT_EQ(kBtsRemove.aChanges, kRemoved.aChanges) << "case " << iCase;
			continue;
		}
		for (const std::array<int, 3>& kChange : kRemoved.aChanges)
		{
			ASSERT_EQ(-1, kChange[1]) << "case " << iCase << ": a remove without reveals only takes away";
		}
		std::vector<std::array<int, 3>> aExpected = kBtsRemove.aChanges;
		std::vector<std::array<int, 3>> aActual = kRemoved.aChanges;
		std::sort(aExpected.begin(), aExpected.end());
		std::sort(aActual.begin(), aActual.end());
		ASSERT_EQ(aExpected, aActual) << "case " << iCase;
	}
	EXPECT_GT(aiForms[0], 300) << "full records";
	EXPECT_GT(aiForms[1], 1500) << "compact records";
}

// A sight whose passes differ in range (CvVisionSightRules.h) is several engine sources under one
// key: they are added in their order, recorded as one record, and taken back together, exactly,
// even when the map changed in between.
TEST(Ledger, SeveralPassesUnderOneKeyAreOneRecordTakenBackExactly)
{
	PlotGrid kGrid(15, 15, false, false);
	kGrid.setHills(7, 7);
	const CvVisionEngine kEngine;
	const int aeSubmarine[1] = { 0 };
	const int aeStealth[1] = { 1 };
	CvVisionSource aPasses[3] = { unitAt(7, 7, 3), unitAt(7, 7, 2), unitAt(7, 7, 1) };
	aPasses[1].paeSeeInvisible = aeSubmarine;
	aPasses[1].iNumSeeInvisible = 1;
	aPasses[2].paeSeeInvisible = aeStealth;
	aPasses[2].iNumSeeInvisible = 1;
	ChangeLog kExpected;
	for (const CvVisionSource& kPass : aPasses)
	{
		ASSERT_EQ(CV_VISION_OK, kEngine.changeAdjacentSight(kGrid, kExpected, kPass, 1));
	}
	CvVisionLedger kLedger;
	const CvVisionSourceKey kKey(CV_VISION_SOURCE_UNIT, 0, 3, 0);
	ChangeLog kAdded;
	ASSERT_EQ(CV_VISION_OK, kLedger.add(kKey, kEngine, kGrid, kAdded, aPasses, 3));
	EXPECT_EQ(kExpected.aChanges, kAdded.aChanges) << "the passes in their order, as the engine makes them";
	EXPECT_EQ(1, kLedger.numSources()) << "one record for the three passes";
	EXPECT_EQ(static_cast<int>(kAdded.aChanges.size()), kLedger.numEntries());

	kGrid.setFlat(7, 7); // no bracket: recomputing would now take away less
	ChangeLog kRemoved;
	ASSERT_TRUE(kLedger.remove(kKey, kRemoved));
	// Every change the add made, taken back (no reveals here: every change -1, in the ledger's order).
	std::vector<std::array<int, 3>> aTakenBack;
	for (const std::array<int, 3>& kAdd : kAdded.aChanges)
	{
		aTakenBack.push_back({ kAdd[0], -kAdd[1], kAdd[2] });
	}
	std::vector<std::array<int, 3>> aRemoved = kRemoved.aChanges;
	std::sort(aTakenBack.begin(), aTakenBack.end());
	std::sort(aRemoved.begin(), aRemoved.end());
	EXPECT_EQ(aTakenBack, aRemoved);
	EXPECT_FALSE(kLedger.has(kKey)) << "one removal took back every pass";

	// On a grid: add, change a level under the passes, re-sight them, remove: every count 0.
	ASSERT_EQ(CV_VISION_OK, kLedger.add(kKey, kEngine, kGrid, kGrid, aPasses, 3));
	kGrid.setPeak(8, 7);
	ASSERT_EQ(CV_VISION_OK, kLedger.resight(kKey, kEngine, kGrid, kGrid, aPasses, 3));
	PlotGrid kFresh(15, 15, false, false);
	kFresh.setPeak(8, 7);
	for (const CvVisionSource& kPass : aPasses)
	{
		EXPECT_EQ(CV_VISION_OK, kEngine.changeAdjacentSight(kFresh, kFresh, kPass, 1));
	}
	EXPECT_EQ(kFresh.counts(), kGrid.counts());
	EXPECT_EQ(kFresh.invisibleCounts(), kGrid.invisibleCounts());
	ASSERT_TRUE(kLedger.remove(kKey, kGrid));
	EXPECT_EQ(0, kGrid.visiblePlotCount(0));
	EXPECT_FALSE(kGrid.wentNegative());
	EXPECT_NE(CV_VISION_OK, kLedger.add(kKey, kEngine, kGrid, kGrid, aPasses, 0)) << "a sight makes one pass at least";
	EXPECT_FALSE(kLedger.has(kKey));
}

TEST(Ledger, SightReadsTheSquareOfTheRangeAndTheOuterRingOnly)
{
	const PlotGrid kGrid(20, 10, true, false);
	const CvVisionEngine kEngine;
	const CvVisionSource kUnit = unitAt(1, 5, 2); // ring 3 with the outer ring
	EXPECT_TRUE(CvVisionLedger::sightReads(kEngine, kGrid, kUnit, 5 * 20 + 1)) << "its own plot";
	EXPECT_TRUE(CvVisionLedger::sightReads(kEngine, kGrid, kUnit, 8 * 20 + 4)) << "the outer ring's corner";
	EXPECT_FALSE(CvVisionLedger::sightReads(kEngine, kGrid, kUnit, 9 * 20 + 4)) << "one beyond";
	EXPECT_FALSE(CvVisionLedger::sightReads(kEngine, kGrid, kUnit, 5 * 20 + 5));
	EXPECT_TRUE(CvVisionLedger::sightReads(kEngine, kGrid, kUnit, 2 * 20 + 18)) << "across the seam";
	EXPECT_FALSE(CvVisionLedger::sightReads(kEngine, kGrid, kUnit, 5 * 20 + 17)) << "four across the seam";
	CvVisionSource kAerial = kUnit;
	kAerial.bAerial = true;
	EXPECT_FALSE(CvVisionLedger::sightReads(kEngine, kGrid, kAerial, 5 * 20 + 1)) << "aerial sight reads no level";
	CvVisionOptions kNoOuter;
	kNoOuter.bOuterRing = false;
	const CvVisionEngine kWithout(CvVisionTables::standard(), kNoOuter);
	EXPECT_FALSE(CvVisionLedger::sightReads(kWithout, kGrid, kUnit, 8 * 20 + 4)) << "no outer ring: ring 2";
	EXPECT_TRUE(CvVisionLedger::sightReads(kWithout, kGrid, kUnit, 7 * 20 + 3));
}

TEST(Ledger, ALevelChangeThatCannotReachASightLeavesItAsItWas)
{
	// levelChangeReaches says no only when the sight on the map before and after is the same,
	// under every sight model, with and without the outer rule, facing and water bonus.
	std::mt19937 kRng(77);
	int iUnreached = 0;
	int iReached = 0;
	for (int iCase = 0; iCase < 6000; ++iCase)
	{
		PlotGrid kGrid(8 + kRng() % 14, 8 + kRng() % 14, kRng() % 2, kRng() % 2, 2);
		TerrainMix kMix;
		kMix.iWater = 20;
		kMix.iHills = 25;
		kMix.iPeaks = 8;
		kMix.iForest = 35;
		randomizeTerrain(kGrid, kRng, kMix);
		CvVisionOptions kOptions;
		kOptions.eSightModel = static_cast<int>(kRng() % 3);
		kOptions.bOuterRing = kRng() % 5 != 0;
		kOptions.bOuterRingAsInner = kRng() % 5 == 0;
		const CvVisionEngine kEngine(CvVisionTables::standard(), kOptions);
		CvVisionSource kSource(kRng() % kGrid.getGridWidth(), kRng() % kGrid.getGridHeight(), kRng() % 2, kRng() % 5);
		kSource.eFacing =
			(kRng() % 3 == 0) ? static_cast<int>(kRng() % CV_VISION_NUM_DIRECTIONS) : CV_VISION_NO_DIRECTION;
		kGrid.setExtraWaterSeeFrom(kSource.eTeam, kRng() % 2 == 0);
		// A plot near the source changes its levels.
		const int iX =
			cvVisionWrapCoord(kSource.iX + static_cast<int>(kRng() % 13) - 6, kGrid.getGridWidth(), kGrid.isWrapX());
		const int iY =
			cvVisionWrapCoord(kSource.iY + static_cast<int>(kRng() % 13) - 6, kGrid.getGridHeight(), kGrid.isWrapY());
		if (iX < 0 || iY < 0)
		{
			continue;
		}
		const int iPlot = iY * kGrid.getGridWidth() + iX;
		const PlotGrid kOld = kGrid;
		const int aiSeeFrom[2] = { kOld.seeFromLevel(iPlot, 0), kOld.seeFromLevel(iPlot, 1) };
		switch (kRng() % 5)
		{
		case 0: kGrid.setHills(iX, iY); break;
		case 1: kGrid.setPeak(iX, iY); break;
		case 2: kGrid.setWater(iX, iY); break;
		case 3: kGrid.setFlat(iX, iY); break;
		default: kGrid.setFeatureSeeThrough(iX, iY, kGrid.plot(iX, iY).iFeatureSeeThrough == 0 ? 1 : 0); break;
		}
		const CvVisionLevelsBefore<PlotGrid> kBefore(kGrid, iPlot, kOld.seeThroughLevel(iPlot), aiSeeFrom);
		int aiOld[CV_VISION_MAX_ENTRIES];
		int aiOverlay[CV_VISION_MAX_ENTRIES];
		int aiNew[CV_VISION_MAX_ENTRIES];
		const int iOld = kEngine.seenPlots(kOld, kSource, aiOld);
		const int iOverlay = kEngine.seenPlots(kBefore, kSource, aiOverlay);
		const int iNew = kEngine.seenPlots(kGrid, kSource, aiNew);
		ASSERT_EQ(std::vector<int>(aiOld, aiOld + iOld), std::vector<int>(aiOverlay, aiOverlay + iOverlay))
			<< "case " << iCase << ": the overlay is the map before";
		if (!CvVisionLedger::levelChangeReaches(kEngine, kBefore, kGrid, kSource))
		{
			++iUnreached;
			ASSERT_EQ(std::vector<int>(aiOld, aiOld + iOld), std::vector<int>(aiNew, aiNew + iNew))
				<< "case " << iCase << ": model " << kOptions.eSightModel << ", plot (" << iX << "," << iY
				<< "), source (" << kSource.iX << "," << kSource.iY << ") range " << kSource.iRange;
		}
		else
		{
			++iReached;
		}
	}
	EXPECT_GT(iUnreached, 1000);
	EXPECT_GT(iReached, 500);
}

namespace {
// A grid whose see-from levels differ from kGrid's at some plots for some teams.
class SeeFromOverlay
{
public:
	explicit SeeFromOverlay(const PlotGrid& kGrid) : m_kGrid(kGrid) {}
	void set(int iPlot, int eTeam, int iLevel) { m_kLevels[{ iPlot, eTeam }] = iLevel; }
	int getGridWidth() const { return m_kGrid.getGridWidth(); }
	int getGridHeight() const { return m_kGrid.getGridHeight(); }
	bool isWrapX() const { return m_kGrid.isWrapX(); }
	bool isWrapY() const { return m_kGrid.isWrapY(); }
	int seeThroughLevel(int iPlot) const { return m_kGrid.seeThroughLevel(iPlot); }
	int seeFromLevel(int iPlot, int eTeam) const
	{
		const auto it = m_kLevels.find({ iPlot, eTeam });
		return it == m_kLevels.end() ? m_kGrid.seeFromLevel(iPlot, eTeam) : it->second;
	}

private:
	const PlotGrid& m_kGrid;
	std::map<std::pair<int, int>, int> m_kLevels;
};
}

TEST(Ledger, ASeeFromChangeThatCannotReachASightLeavesItAsItWas)
{
	// seeFromChangeReaches says no only when the sight is the same with the levels before and
	// after: Optics learned by a team (every water plot's see-from for it), or see-from changes
	// at a few plots near the source, under every sight model, outer rule, facing.
	std::mt19937 kRng(78);
	int iUnreached = 0;
	int iReached = 0;
	for (int iCase = 0; iCase < 6000; ++iCase)
	{
		PlotGrid kGrid(6 + kRng() % 16, 6 + kRng() % 16, kRng() % 2, kRng() % 2, 2);
		TerrainMix kMix;
		kMix.iWater = 30;
		kMix.iHills = 25;
		kMix.iPeaks = 8;
		kMix.iForest = 35;
		randomizeTerrain(kGrid, kRng, kMix);
		CvVisionOptions kOptions;
		kOptions.eSightModel = static_cast<int>(kRng() % 3);
		kOptions.bOuterRing = kRng() % 5 != 0;
		kOptions.bOuterRingAsInner = kRng() % 5 == 0;
		const CvVisionEngine kEngine(CvVisionTables::standard(), kOptions);
		CvVisionSource kSource(kRng() % kGrid.getGridWidth(), kRng() % kGrid.getGridHeight(), kRng() % 2, kRng() % 5);
		kSource.eFacing =
			(kRng() % 3 == 0) ? static_cast<int>(kRng() % CV_VISION_NUM_DIRECTIONS) : CV_VISION_NO_DIRECTION;
		kSource.bAerial = kRng() % 8 == 0;
		const int eChanged = static_cast<int>(kRng() % 2);
		kGrid.setExtraWaterSeeFrom(eChanged, false);
		SeeFromOverlay kAfter(kGrid);
		if (kRng() % 2 == 0)
		{
			for (int i = 0; i < kGrid.plotCount(); ++i)
			{
				kAfter.set(i, eChanged, kGrid.seeFromLevelWith(i, true)); // Optics
			}
		}
		else
		{
			// Plots near the source, mostly on its last ring, to levels around the viewer's.
			const int iRing = kSource.iRange + 1;
			const int iViewer = kGrid.seeFromLevel(kSource.iY * kGrid.getGridWidth() + kSource.iX, kSource.eTeam);
			for (int k = 0; k < 1 + static_cast<int>(kRng() % 4); ++k)
			{
				int iDX = static_cast<int>(kRng() % (2 * iRing + 1)) - iRing;
				int iDY = static_cast<int>(kRng() % (2 * iRing + 1)) - iRing;
				if (kRng() % 4 != 0)
				{
					(kRng() % 2 == 0 ? iDX : iDY) = (kRng() % 2 == 0) ? iRing : -iRing;
				}
				const int iX = cvVisionWrapCoord(kSource.iX + iDX, kGrid.getGridWidth(), kGrid.isWrapX());
				const int iY = cvVisionWrapCoord(kSource.iY + iDY, kGrid.getGridHeight(), kGrid.isWrapY());
				if (iX >= 0 && iY >= 0)
				{
					kAfter.set(iY * kGrid.getGridWidth() + iX, eChanged, iViewer + static_cast<int>(kRng() % 4) - 1);
				}
			}
		}
		int aiBefore[CV_VISION_MAX_ENTRIES];
		int aiAfter[CV_VISION_MAX_ENTRIES];
		const int iBefore = kEngine.seenPlots(kGrid, kSource, aiBefore);
		const int iAfter = kEngine.seenPlots(kAfter, kSource, aiAfter);
		const int eTold = (kRng() % 2 == 0) ? eChanged : -1;
		if (!CvVisionLedger::seeFromChangeReaches(kEngine, kGrid, kAfter, kSource, eTold))
		{
			++iUnreached;
			ASSERT_EQ(std::vector<int>(aiBefore, aiBefore + iBefore), std::vector<int>(aiAfter, aiAfter + iAfter))
				<< "case " << iCase << ": model " << kOptions.eSightModel << ", source (" << kSource.iX << ","
				<< kSource.iY << ") team " << kSource.eTeam << " range " << kSource.iRange;
		}
		else
		{
			++iReached;
		}
	}
	EXPECT_GT(iUnreached, 1000);
	EXPECT_GT(iReached, 500);
}

TEST(Ledger, RecordChangesNothingAndForEachCountGivesTheCounts)
{
	PlotGrid kGrid(9, 9, true, false);
	kGrid.setPeak(3, 3);
	CvVisionLedger kLedger;
	const CvVisionEngine kEngine;
	EXPECT_EQ(CV_VISION_OK,
		kLedger.record(CvVisionSourceKey(CV_VISION_SOURCE_PLOT, 30, 0, 0), kEngine, kGrid, unitAt(3, 3, 2)));
	EXPECT_EQ(0, kGrid.visiblePlotCount(0));
	PlotGrid kFromLedger(9, 9, true, false);
	kLedger.forEachCount(kFromLedger);
	PlotGrid kDirect = kGrid;
	EXPECT_EQ(CV_VISION_OK, kEngine.changeAdjacentSight(kDirect, kDirect, unitAt(3, 3, 2), 1));
	EXPECT_EQ(kDirect.counts(), kFromLedger.counts());
}
