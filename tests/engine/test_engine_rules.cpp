// The worked examples of docs/vision-rules.md, section 3, and one test per rule of sections 1-6.
#include "CvVisionEngine.h"
#include "model/PlotGrid.h"
#include "SightSources.h"

#include <gtest/gtest.h>

#include <set>
#include <utility>
#include <vector>

using namespace cvv;

namespace {
const CvVisionEngine kEngine;
const int TEAM = 0;

// Adds the source, returns the number of plots it made visible.
int seenCount(PlotGrid& kGrid, const CvVisionSource& kSource)
{
	EXPECT_EQ(CV_VISION_OK, kEngine.changeAdjacentSight(kGrid, kGrid, kSource, 1));
	return kGrid.visiblePlotCount(kSource.eTeam);
}

// An all-grassland map, 11x11, no wrap; the unit stands at the centre (5,5).
PlotGrid grassland() { return PlotGrid(11, 11, false, false); }
}

// --- Section 1: levels --------------------------------------------------------------------------

TEST(Levels, VanillaHeightsOfThePlotTypes)
{
	PlotGrid kGrid(4, 1, false, false);
	kGrid.setWater(0, 0);
	kGrid.setFlat(1, 0);
	kGrid.setHills(2, 0);
	kGrid.setPeak(3, 0);
	const int aiFrom[4] = { 0, 1, 2, 3 };
	for (int i = 0; i < 4; ++i)
	{
		EXPECT_EQ(aiFrom[i], kGrid.seeFromLevel(i, TEAM)) << "plot " << i;
		EXPECT_EQ(aiFrom[i], kGrid.seeThroughLevel(i)) << "plot " << i;
	}
}

TEST(Levels, FeatureRaisesSeeThroughOnly)
{
	PlotGrid kGrid(1, 1, false, false);
	kGrid.setForest(0, 0);
	EXPECT_EQ(1, kGrid.seeFromLevel(0, TEAM));
	EXPECT_EQ(2, kGrid.seeThroughLevel(0));
}

TEST(Levels, OpticsRaisesWaterSeeFromForItsTeamOnly)
{
	PlotGrid kGrid(2, 1, false, false);
	kGrid.setWater(0, 0);
	kGrid.setExtraWaterSeeFrom(0, true);
	EXPECT_EQ(1, kGrid.seeFromLevel(0, 0));
	EXPECT_EQ(0, kGrid.seeFromLevel(0, 1));
	EXPECT_EQ(0, kGrid.seeThroughLevel(0));
	EXPECT_EQ(1, kGrid.seeFromLevel(1, 0)) << "land gets no water bonus";
}

TEST(Levels, WaterSeeThroughUsesTheSeeFromDefine)
{
	CvVisionLevelDefines kDefines;
	kDefines.iSeaWaterSeeFromChange = 2;
	kDefines.iSeaWaterSeeThroughChange = 5;
	EXPECT_EQ(2, CvVisionLevels(kDefines).seeThrough(0, 0, CV_VISION_PLOT_OCEAN));
	EXPECT_EQ(2, CvVisionLevels(kDefines).seeFrom(0, CV_VISION_PLOT_OCEAN, false));
	EXPECT_EQ(3, CvVisionLevels(kDefines).seeFrom(0, CV_VISION_PLOT_OCEAN, true));
}

TEST(Levels, PlotTypeNotTerrainDecidesHillsAndPeaks)
{
	CvVisionLevelDefines kDefines;
	EXPECT_EQ(1 + 1, CvVisionLevels(kDefines).seeFrom(1, CV_VISION_PLOT_HILLS, true));
	EXPECT_EQ(1 + 2 + 1, CvVisionLevels(kDefines).seeThrough(1, 1, CV_VISION_PLOT_PEAK));
	EXPECT_EQ(0, CvVisionLevels(kDefines).seeFrom(0, CV_VISION_PLOT_LAND, true));
}

// --- Section 3: the worked examples ------------------------------------------------------------

TEST(WorkedExample, GrassUnitRangeOneSeesNinePlots)
{
	PlotGrid kGrid = grassland();
	EXPECT_EQ(9, seenCount(kGrid, unitAt(5, 5, 1)));
	EXPECT_FALSE(kGrid.isVisible(TEAM, 7, 5));
}

TEST(WorkedExample, HillInTheOuterRingShows)
{
	PlotGrid kGrid = grassland();
	kGrid.setHills(7, 5);
	EXPECT_EQ(10, seenCount(kGrid, unitAt(5, 5, 1)));
	EXPECT_TRUE(kGrid.isVisible(TEAM, 7, 5));
}

TEST(WorkedExample, UnitOnHillsSeesTheFiveByFiveSquare)
{
	PlotGrid kGrid = grassland();
	kGrid.setHills(5, 5);
	EXPECT_EQ(25, seenCount(kGrid, unitAt(5, 5, 1)));
}

TEST(WorkedExample, ForestBesideAHillUnitHidesOnlyThePlotBehindIt)
{
	PlotGrid kGrid = grassland();
	kGrid.setHills(5, 5);
	kGrid.setForest(6, 5);
	EXPECT_EQ(24, seenCount(kGrid, unitAt(5, 5, 1)));
	EXPECT_FALSE(kGrid.isVisible(TEAM, 7, 5));
	EXPECT_TRUE(kGrid.isVisible(TEAM, 7, 6)) << "through its tied predecessor (+1,+1)";
	EXPECT_TRUE(kGrid.isVisible(TEAM, 7, 4)) << "through its tied predecessor (+1,-1)";
}

TEST(WorkedExample, SentryUnitSeesTwentyFive)
{
	PlotGrid kGrid = grassland();
	EXPECT_EQ(25, seenCount(kGrid, unitAt(5, 5, 2)));
}

TEST(WorkedExample, SentryUnitBehindForest)
{
	PlotGrid kGrid = grassland();
	kGrid.setForest(6, 5);
	EXPECT_EQ(24, seenCount(kGrid, unitAt(5, 5, 2)));
	EXPECT_FALSE(kGrid.isVisible(TEAM, 7, 5));
	EXPECT_TRUE(kGrid.isVisible(TEAM, 6, 5)) << "the forest itself is seen";
}

namespace {
// Ocean everywhere but a land column at x = 7 (ring 2 east of the ship at (5,5)).
PlotGrid seaWithCoastEast()
{
	PlotGrid kGrid = grassland();
	for (int iX = 0; iX < 11; ++iX)
	{
		for (int iY = 0; iY < 11; ++iY)
		{
			if (iX != 7)
			{
				kGrid.setWater(iX, iY);
			}
		}
	}
	return kGrid;
}
}

TEST(WorkedExample, ShipWithoutOpticsSeesLandButNotOceanInRingTwo)
{
	PlotGrid kGrid = seaWithCoastEast();
	EXPECT_EQ(9 + 5, seenCount(kGrid, unitAt(5, 5, 1)));
	for (int iY = 3; iY <= 7; ++iY)
	{
		EXPECT_TRUE(kGrid.isVisible(TEAM, 7, iY)) << "land (7," << iY << ")";
		EXPECT_FALSE(kGrid.isVisible(TEAM, 3, iY)) << "ocean (3," << iY << ")";
	}
}

TEST(WorkedExample, ShipWithOpticsSeesAllTwentyFive)
{
	PlotGrid kGrid = seaWithCoastEast();
	kGrid.setExtraWaterSeeFrom(TEAM, true);
	EXPECT_EQ(25, seenCount(kGrid, unitAt(5, 5, 1)));
}

TEST(WorkedExample, ReconSeesOneHundredTwentyOne)
{
	PlotGrid kGrid(15, 15, false, false);
	kGrid.setPeak(8, 7);
	kGrid.setForest(6, 7);
	CvVisionSource kRecon = unitAt(7, 7, 5);
	kRecon.bAerial = true;
	EXPECT_EQ(121, seenCount(kGrid, kRecon));
}

// --- Section 2: one sight source ---------------------------------------------------------------

TEST(Source, RemoveTakesBackWhatAddGave)
{
	PlotGrid kGrid = grassland();
	kGrid.setHills(5, 5);
	const CvVisionSource kUnit = unitAt(5, 5, 2);
	ASSERT_EQ(CV_VISION_OK, kEngine.changeAdjacentSight(kGrid, kGrid, kUnit, 1));
	ASSERT_EQ(CV_VISION_OK, kEngine.changeAdjacentSight(kGrid, kGrid, kUnit, -1));
	EXPECT_EQ(0, kGrid.visiblePlotCount(TEAM));
	EXPECT_TRUE(kGrid.isRevealed(TEAM, 7, 7)) << "what was seen stays revealed";
}

TEST(Source, NormalCountMovesOncePerSeeInvisibleType)
{
	PlotGrid kGrid = grassland();
	const int aeTypes[2] = { 0, 1 };
	CvVisionSource kDestroyer = unitAt(5, 5, 1);
	kDestroyer.paeSeeInvisible = aeTypes;
	kDestroyer.iNumSeeInvisible = 1;
	EXPECT_EQ(CV_VISION_OK, kEngine.changeAdjacentSight(kGrid, kGrid, kDestroyer, 1));
	EXPECT_EQ(1, kGrid.visibilityCount(TEAM, 6, 6));
	EXPECT_EQ(1, kGrid.invisibleCount(TEAM, 0, 6, 6));
	EXPECT_EQ(0, kGrid.invisibleCount(TEAM, 1, 6, 6));

	kDestroyer.iNumSeeInvisible = 2;
	EXPECT_EQ(CV_VISION_OK, kEngine.changeAdjacentSight(kGrid, kGrid, kDestroyer, 1));
	EXPECT_EQ(3, kGrid.visibilityCount(TEAM, 6, 6));
	EXPECT_EQ(2, kGrid.invisibleCount(TEAM, 0, 6, 6));
	EXPECT_EQ(1, kGrid.invisibleCount(TEAM, 1, 6, 6));
	EXPECT_EQ(0, kGrid.invisibleCount(TEAM, 1, 7, 7)) << "not seen, no count";
}

TEST(Source, AerialSightIgnoresTerrainAndHasNoOuterRing)
{
	PlotGrid kGrid = grassland();
	kGrid.setPeak(6, 5);
	kGrid.setPeak(7, 7);
	kGrid.setForest(4, 4);
	CvVisionSource kPlane = unitAt(5, 5, 1);
	kPlane.bAerial = true;
	EXPECT_EQ(9, seenCount(kGrid, kPlane));
	EXPECT_FALSE(kGrid.isVisible(TEAM, 7, 7)) << "a peak two plots away: no outer ring";
}

TEST(Source, AerialIgnoresFacing)
{
	PlotGrid kGrid = grassland();
	CvVisionSource kPlane = unitAt(5, 5, 2);
	kPlane.bAerial = true;
	kPlane.eFacing = 0;
	EXPECT_EQ(25, seenCount(kGrid, kPlane));
}

TEST(Source, RangeZeroSeesItsPlotAndTallNeighbours)
{
	PlotGrid kGrid = grassland();
	kGrid.setHills(6, 5);
	EXPECT_EQ(2, seenCount(kGrid, unitAt(5, 5, 0)));
	EXPECT_TRUE(kGrid.isVisible(TEAM, 6, 5));
}

TEST(Source, RangeZeroOnHillsSeesOnlyTallerNeighbours)
{
	// Range 0: ring 1 is the outer ring, reached through the origin itself. The origin's
	// see-through (hills: 2) equals the viewer's level, so only a plot above it shows.
	PlotGrid kGrid = grassland();
	kGrid.setHills(5, 5);
	kGrid.setPeak(6, 5);
	kGrid.setHills(4, 5);
	EXPECT_EQ(2, seenCount(kGrid, unitAt(5, 5, 0)));
	EXPECT_TRUE(kGrid.isVisible(TEAM, 6, 5));
	EXPECT_FALSE(kGrid.isVisible(TEAM, 4, 5));
}

TEST(Source, TallTargetBehindABlockerStaysHidden)
{
	PlotGrid kGrid = grassland();
	kGrid.setPeak(6, 5);
	kGrid.setPeak(7, 5);
	EXPECT_EQ(9, seenCount(kGrid, unitAt(5, 5, 1)));
	EXPECT_TRUE(kGrid.isVisible(TEAM, 6, 5)) << "a peak in range is seen";
	EXPECT_FALSE(kGrid.isVisible(TEAM, 7, 5)) << "what is behind it is not";
}

TEST(Source, OuterRingWaterTargetUsesTheViewersOptics)
{
	// A mod gives water +2 see-from with Optics: an ocean plot in the outer ring then rises above
	// a flat viewer, but only for the team holding Optics.
	CvVisionLevelDefines kDefines;
	kDefines.iExtraWaterSeeFromBonus = 2;
	PlotGrid kGrid(11, 11, false, false, 2, 2, kDefines);
	kGrid.setWater(7, 5);
	kGrid.setExtraWaterSeeFrom(0, true);
	CvVisionSource kUnit = unitAt(5, 5, 1);
	EXPECT_EQ(CV_VISION_OK, kEngine.changeAdjacentSight(kGrid, kGrid, kUnit, 1));
	kUnit.eTeam = 1;
	EXPECT_EQ(CV_VISION_OK, kEngine.changeAdjacentSight(kGrid, kGrid, kUnit, 1));
	EXPECT_TRUE(kGrid.isVisible(0, 7, 5));
	EXPECT_FALSE(kGrid.isVisible(1, 7, 5));
}

TEST(Source, SightIsNotSymmetric)
{
	// A peak looks over the hill between; from the grassland beyond, the hill hides the peak.
	PlotGrid kGrid = grassland();
	kGrid.setPeak(5, 5);
	kGrid.setHills(6, 5);
	EXPECT_TRUE(kEngine.canSeePlot(kGrid, 5, 5, 7, 5, TEAM, 1, CV_VISION_NO_DIRECTION));
	EXPECT_FALSE(kEngine.canSeePlot(kGrid, 7, 5, 5, 5, TEAM, 1, CV_VISION_NO_DIRECTION));
}

// --- Section 3: predecessors -------------------------------------------------------------------

TEST(Predecessors, TiesAreKept)
{
	int aiX[3], aiY[3];
	ASSERT_EQ(2, cvVisionTiedPredecessors(2, 1, aiX, aiY));
	std::set<std::pair<int, int>> kPreds;
	kPreds.insert(std::make_pair(aiX[0], aiY[0]));
	kPreds.insert(std::make_pair(aiX[1], aiY[1]));
	EXPECT_EQ(1u, kPreds.count(std::make_pair(1, 0)));
	EXPECT_EQ(1u, kPreds.count(std::make_pair(1, 1)));
}

TEST(Predecessors, AxisAndDiagonalHaveOne)
{
	int aiX[3], aiY[3];
	ASSERT_EQ(1, cvVisionTiedPredecessors(0, -3, aiX, aiY));
	EXPECT_EQ(0, aiX[0]);
	EXPECT_EQ(-2, aiY[0]);
	ASSERT_EQ(1, cvVisionTiedPredecessors(-2, 2, aiX, aiY));
	EXPECT_EQ(-1, aiX[0]);
	EXPECT_EQ(1, aiY[0]);
	ASSERT_EQ(1, cvVisionTiedPredecessors(3, 1, aiX, aiY));
	EXPECT_EQ(2, aiX[0]);
	EXPECT_EQ(1, aiY[0]);
}

// --- Section 4: canSeePlot ---------------------------------------------------------------------

TEST(CanSeePlot, MatchesTheSightSquare)
{
	PlotGrid kGrid = grassland();
	kGrid.setHills(5, 5);
	kGrid.setForest(6, 5);
	EXPECT_EQ(CV_VISION_OK, kEngine.changeAdjacentSight(kGrid, kGrid, unitAt(5, 5, 1), 1));
	for (int iX = 3; iX <= 7; ++iX)
	{
		for (int iY = 3; iY <= 7; ++iY)
		{
			EXPECT_EQ(
				kGrid.isVisible(TEAM, iX, iY), kEngine.canSeePlot(kGrid, 5, 5, iX, iY, TEAM, 1, CV_VISION_NO_DIRECTION))
				<< iX << "," << iY;
		}
	}
}

TEST(CanSeePlot, DoesNotCheckTheRange)
{
	PlotGrid kGrid(40, 3, false, false);
	EXPECT_TRUE(kEngine.canSeePlot(kGrid, 0, 1, 30, 1, TEAM, 1, CV_VISION_NO_DIRECTION));
	kGrid.setForest(15, 1);
	EXPECT_FALSE(kEngine.canSeePlot(kGrid, 0, 1, 30, 1, TEAM, 1, CV_VISION_NO_DIRECTION));
}

TEST(CanSeePlot, UsesTheShortestWrappedDisplacement)
{
	PlotGrid kGrid(20, 5, true, false);
	kGrid.setForest(1, 2);
	// From (19,2) to (2,2) is 3 plots east across the seam, through the forest at (1,2).
	EXPECT_FALSE(kEngine.canSeePlot(kGrid, 19, 2, 2, 2, TEAM, 3, CV_VISION_NO_DIRECTION));
	EXPECT_TRUE(kEngine.canSeePlot(kGrid, 19, 2, 0, 2, TEAM, 3, CV_VISION_NO_DIRECTION));
}

TEST(CanSeePlot, RejectsANegativeRangeAndPlotsOffTheMap)
{
	PlotGrid kGrid = grassland();
	EXPECT_FALSE(kEngine.canSeePlot(kGrid, 5, 5, 5, 6, TEAM, -1, CV_VISION_NO_DIRECTION));
	EXPECT_FALSE(kEngine.canSeePlot(kGrid, 5, 5, 11, 5, TEAM, 1, CV_VISION_NO_DIRECTION));
	EXPECT_FALSE(kEngine.canSeePlot(kGrid, 5, 5, 5, 6, TEAM, 1, 8));
}

// --- Section 5: wrapping and absent plots --------------------------------------------------------

TEST(Wrap, CornerOfAFlatMapSeesOnlyWhatExists)
{
	PlotGrid kGrid(6, 6, false, false);
	kGrid.setHills(0, 0);
	EXPECT_EQ(9, seenCount(kGrid, unitAt(0, 0, 1)));
}

TEST(Wrap, WrappingMapSeesAcrossTheSeam)
{
	PlotGrid kGrid(6, 6, true, true);
	kGrid.setHills(0, 0);
	EXPECT_EQ(25, seenCount(kGrid, unitAt(0, 0, 1)));
	EXPECT_TRUE(kGrid.isVisible(TEAM, 4, 4));
}

TEST(Wrap, TwoDisplacementsNamingOnePlotBothCount)
{
	PlotGrid kGrid(3, 3, true, true);
	CvVisionSource kPlane = unitAt(1, 1, 2);
	kPlane.bAerial = true; // a 5x5 square over a 3x3 map
	EXPECT_EQ(CV_VISION_OK, kEngine.changeAdjacentSight(kGrid, kGrid, kPlane, 1));
	int iTotal = 0;
	for (int i = 0; i < 9; ++i)
	{
		iTotal += kGrid.counts()[i];
	}
	EXPECT_EQ(25, iTotal);
	EXPECT_EQ(4, kGrid.visibilityCount(TEAM, 0, 0)) << "dx in {-1,2} times dy in {-1,2}";
}

TEST(Wrap, MinusWidthIsOffTheMap)
{
	// Width 2, wrapping: from x = 0, dx = -2 gives x = -2 = -width, which BTS maps to x = 2: absent.
	PlotGrid kGrid(2, 1, true, false);
	CvVisionSource kPlane = unitAt(0, 0, 2);
	kPlane.bAerial = true;
	EXPECT_EQ(CV_VISION_OK, kEngine.changeAdjacentSight(kGrid, kGrid, kPlane, 1));
	// dx = -2..2 -> x = absent, 1, 0, 1, 0
	EXPECT_EQ(2, kGrid.visibilityCount(TEAM, 0, 0));
	EXPECT_EQ(2, kGrid.visibilityCount(TEAM, 1, 0));
	EXPECT_EQ(-1, cvVisionWrapCoord(-2, 2, true));
	EXPECT_EQ(-1, cvVisionWrapCoord(-4, 2, true));
	EXPECT_EQ(1, cvVisionWrapCoord(-3, 2, true));
	EXPECT_EQ(0, cvVisionWrapCoord(4, 2, true));
	EXPECT_EQ(-1, cvVisionWrapCoord(2, 2, false));
}

TEST(Wrap, AbsentPlotBlocksTheWayThroughIt)
{
	// Width 2, wrapping, flat; a unit at x = 0 with range 3 (R = 4). dx = -2 and -4 are absent.
	// dx = 3 (x = 1) is seen through dx = 2; dx = -3 (also x = 1) is not, its predecessor dx = -2
	// being absent. The outer ring (dx = +-4) shows nothing taller than the viewer.
	PlotGrid kGrid(2, 1, true, false);
	EXPECT_EQ(CV_VISION_OK, kEngine.changeAdjacentSight(kGrid, kGrid, unitAt(0, 0, 3), 1));
	EXPECT_EQ(2, kGrid.visibilityCount(TEAM, 0, 0)) << "dx = 0, 2";
	EXPECT_EQ(3, kGrid.visibilityCount(TEAM, 1, 0)) << "dx = -1, 1, 3";
}

// --- Section 6: facing -------------------------------------------------------------------------

TEST(Facing, AdjacentDiagonalsAreInsideTheNearSpread)
{
	EXPECT_TRUE(cvVisionFacingAllows(1, 1, 0, 60, 90));
	EXPECT_TRUE(cvVisionFacingAllows(-1, 1, 0, 60, 90));
	EXPECT_FALSE(cvVisionFacingAllows(1, 0, 0, 60, 90));
	EXPECT_TRUE(cvVisionFacingAllows(0, 0, 4, 60, 90));
	EXPECT_TRUE(cvVisionFacingAllows(1, 0, 1, 60, 90)) << "NE: east is 45 degrees off";
}

TEST(Facing, FarPlotsUseSixtyDegrees)
{
	EXPECT_TRUE(cvVisionFacingAllows(1, 2, 0, 60, 90)); // 26.6 degrees
	EXPECT_FALSE(cvVisionFacingAllows(2, 2, 0, 60, 90)); // 45 degrees
	EXPECT_FALSE(cvVisionFacingAllows(3, 5, 0, 60, 90)); // 31.0 degrees
	EXPECT_TRUE(cvVisionFacingAllows(4, 7, 0, 60, 90)); // 29.7 degrees
}

TEST(Facing, LineOfSightUnitSeesItsConeAndRevealsItsSquare)
{
	PlotGrid kGrid = grassland();
	kGrid.setHills(5, 5);
	CvVisionSource kScout = unitAt(5, 5, 1);
	kScout.eFacing = 0; // north
	ASSERT_EQ(CV_VISION_OK, kEngine.changeAdjacentSight(kGrid, kGrid, kScout, 1));
	// Seen: origin, the three plots north, and in ring 2 the plots within 30 degrees of north:
	// (0,2), (+-1,2). Behind and beside the unit: revealed but not visible.
	std::set<std::pair<int, int>> kSeen;
	for (int iX = 0; iX < 11; ++iX)
	{
		for (int iY = 0; iY < 11; ++iY)
		{
			if (kGrid.isVisible(TEAM, iX, iY))
			{
				kSeen.insert(std::make_pair(iX - 5, iY - 5));
			}
		}
	}
	std::set<std::pair<int, int>> kExpected;
	const int aiExpected[7][2] = { { 0, 0 }, { -1, 1 }, { 0, 1 }, { 1, 1 }, { -1, 2 }, { 0, 2 }, { 1, 2 } };
	for (int i = 0; i < 7; ++i)
	{
		kExpected.insert(std::make_pair(aiExpected[i][0], aiExpected[i][1]));
	}
	EXPECT_EQ(kExpected, kSeen);
	EXPECT_TRUE(kGrid.isRevealed(TEAM, 5, 4)) << "behind: revealed by the adjacent +1/-1";
	EXPECT_EQ(0, kGrid.visibilityCount(TEAM, 5, 4));
	EXPECT_FALSE(kGrid.isRevealed(TEAM, 5, 3));

	ASSERT_EQ(CV_VISION_OK, kEngine.changeAdjacentSight(kGrid, kGrid, kScout, -1));
	EXPECT_EQ(0, kGrid.visiblePlotCount(TEAM));
	EXPECT_FALSE(kGrid.wentNegative());
}

// --- Errors ------------------------------------------------------------------------------------

TEST(Errors, BadSourcesChangeNothing)
{
	PlotGrid kGrid = grassland();
	CvVisionSource kSource = unitAt(11, 5, 1);
	EXPECT_EQ(CV_VISION_ORIGIN_OFF_MAP, kEngine.changeAdjacentSight(kGrid, kGrid, kSource, 1));
	kSource = unitAt(5, 5, 1);
	kSource.eFacing = 8;
	EXPECT_EQ(CV_VISION_BAD_FACING, kEngine.changeAdjacentSight(kGrid, kGrid, kSource, 1));
	kSource.eFacing = CV_VISION_NO_DIRECTION;
	kSource.iNumSeeInvisible = 1;
	EXPECT_EQ(CV_VISION_BAD_INVISIBLE_LIST, kEngine.changeAdjacentSight(kGrid, kGrid, kSource, 1));
	EXPECT_EQ(0, kGrid.visiblePlotCount(TEAM));
	EXPECT_STREQ("sight range is above CV_VISION_MAX_RANGE (32)", cvVisionResultText(CV_VISION_RANGE_TOO_LARGE));
}

TEST(Errors, TheLargestRangeWorks)
{
	PlotGrid kGrid(80, 80, false, false);
	kGrid.setPeak(40, 40);
	EXPECT_EQ(67 * 67, seenCount(kGrid, unitAt(40, 40, CV_VISION_MAX_RANGE)));
}

// --- Every range BTS takes ----------------------------------------------------------------------

TEST(Ranges, MinusOneSeesTheOwnPlotAloneAsTheOuterRingZero)
{
	// BTS: R = range + 1 = 0, the loops visit d = (0,0) alone, in the outer ring (|0| == R), and
	// canSeeDisplacementPlot's base case answers true before it reads the flags.
	PlotGrid kGrid = grassland();
	EXPECT_EQ(1, seenCount(kGrid, unitAt(5, 5, -1)));
	EXPECT_EQ(1, kGrid.visibilityCount(TEAM, 5, 5));
	ASSERT_EQ(CV_VISION_OK, kEngine.changeAdjacentSight(kGrid, kGrid, unitAt(5, 5, -1), -1));
	EXPECT_EQ(0, kGrid.visiblePlotCount(TEAM));
	int aiPlots[4];
	EXPECT_EQ(1, kEngine.seenPlots(kGrid, unitAt(5, 5, -1), aiPlots));
	EXPECT_EQ(kGrid.index(5, 5), aiPlots[0]);
}

TEST(Ranges, BelowMinusOneAGroundUnitSeesNothingAndAnAerialOneBelowZero)
{
	PlotGrid kGrid = grassland();
	EXPECT_EQ(0, seenCount(kGrid, unitAt(5, 5, -2)));
	EXPECT_EQ(0, seenCount(kGrid, unitAt(5, 5, -7)));
	CvVisionSource kRecon(5, 5, TEAM, -1, true);
	EXPECT_EQ(0, seenCount(kGrid, kRecon));
	kRecon.iRange = 0;
	EXPECT_EQ(1, seenCount(kGrid, kRecon));
	int aiPlots[4];
	EXPECT_EQ(0, kEngine.seenPlots(kGrid, unitAt(5, 5, -2), aiPlots));
}

TEST(Ranges, ALineOfSightUnitWithRangeMinusOneRevealsItsOwnPlotOnly)
{
	struct Log
	{
		std::vector<std::pair<int, int>> a;
		void changeVisibilityCount(int iPlot, int, int iChange, int) { a.push_back(std::make_pair(iPlot, iChange)); }
	} kLog;
	PlotGrid kGrid = grassland();
	ASSERT_EQ(CV_VISION_OK, kEngine.changeAdjacentSight(kGrid, kLog, unitAt(5, 5, -1, 2), -1));
	const int iOwn = kGrid.index(5, 5);
	std::vector<std::pair<int, int>> aExpected;
	aExpected.push_back(std::make_pair(iOwn, -1)); // the sight, then the reveal: BTS's order
	aExpected.push_back(std::make_pair(iOwn, 1));
	aExpected.push_back(std::make_pair(iOwn, -1));
	EXPECT_EQ(aExpected, kLog.a);
}

TEST(Ranges, MinusOneCanSeePlotTakesEveryAxisPlotAsOuterRing)
{
	// canSeePlot with range -1: R = 0, so any target with dx = 0 or dy = 0 is judged by the outer
	// rule; a peak on the axis shows at any distance, flat land does not.
	PlotGrid kGrid(21, 21, false, false);
	kGrid.setPeak(15, 10);
	EXPECT_TRUE(kEngine.canSeePlot(kGrid, 10, 10, 10, 10, TEAM, -1, CV_VISION_NO_DIRECTION));
	EXPECT_TRUE(kEngine.canSeePlot(kGrid, 10, 10, 15, 10, TEAM, -1, CV_VISION_NO_DIRECTION));
	EXPECT_FALSE(kEngine.canSeePlot(kGrid, 10, 10, 14, 10, TEAM, -1, CV_VISION_NO_DIRECTION));
	EXPECT_TRUE(kEngine.canSeePlot(kGrid, 10, 10, 14, 11, TEAM, -1, CV_VISION_NO_DIRECTION))
		<< "off the axes the inner rule: seen through clear flat land";
	EXPECT_TRUE(kEngine.canSeePlot(kGrid, 10, 10, 14, 10, TEAM, -2, CV_VISION_NO_DIRECTION)) << "R = -1: no outer ring";
}

TEST(Ranges, AboveTheTableAsFarAsBts)
{
	PlotGrid kGrid(150, 150, false, false);
	kGrid.setPeak(75, 75);
	EXPECT_EQ(131 * 131, seenCount(kGrid, unitAt(75, 75, 64)));
	PlotGrid kFlat(150, 150, false, false);
	EXPECT_EQ(129 * 129, seenCount(kFlat, unitAt(75, 75, 64))) << "flat: the outer ring stays hidden";
	PlotGrid kAir(150, 150, false, false);
	EXPECT_EQ(81 * 81, seenCount(kAir, CvVisionSource(75, 75, TEAM, 40, true)));
	EXPECT_TRUE(kEngine.canSeePlot(kGrid, 75, 75, 75 + 65, 75, TEAM, 64, CV_VISION_NO_DIRECTION));
	int aiPlots[4];
	EXPECT_EQ(-1, kEngine.seenPlots(kGrid, unitAt(75, 75, 33), aiPlots))
		<< "the caller's buffer holds the table's ranges";
}

TEST(Ranges, APcvtSightModelStillEndsAtItsTable)
{
	CvVisionOptions kOptions;
	kOptions.eSightModel = CV_VISION_SIGHT_PERMISSIVE;
	const CvVisionEngine kPcvt(CvVisionTables::standard(), kOptions);
	PlotGrid kGrid(100, 100, false, false);
	EXPECT_EQ(
		CV_VISION_RANGE_TOO_LARGE, kPcvt.changeAdjacentSight(kGrid, kGrid, unitAt(50, 50, CV_VISION_MAX_RANGE + 1), 1));
	EXPECT_EQ(0, kGrid.visiblePlotCount(TEAM));
	EXPECT_EQ(CV_VISION_OK, kPcvt.changeAdjacentSight(kGrid, kGrid, CvVisionSource(50, 50, TEAM, 40, true), 1))
		<< "aerial sight has no model";
	PlotGrid kSmall = grassland();
	EXPECT_EQ(CV_VISION_OK, kPcvt.changeAdjacentSight(kSmall, kSmall, unitAt(5, 5, -1), 1));
	EXPECT_EQ(1, kSmall.visiblePlotCount(TEAM));
}

TEST(CanSeeDisplacement, TheCasesTheIssueNamed)
{
	// 5x1 grassland, hills at (2,0), viewer at (0,0): d = (1,0) is the hill's predecessor. BTS's
	// outer test of d itself: the viewer (1) is not above (1,0) (1) and (1,0) is not taller: false.
	PlotGrid kGrid(5, 1, false, false);
	kGrid.setHills(2, 0);
	EXPECT_FALSE(kEngine.canSeeDisplacement(kGrid, 0, 0, 1, 0, TEAM, false, true));
	EXPECT_FALSE(kEngine.canSeeDisplacement(kGrid, 0, 0, 1, 0, TEAM, true, true));
	EXPECT_TRUE(kEngine.canSeeDisplacement(kGrid, 0, 0, 2, 0, TEAM, true, true)) << "the hill is taller";
	EXPECT_TRUE(kEngine.canSeeDisplacement(kGrid, 0, 0, 1, 0, TEAM, false, false));
	EXPECT_TRUE(kEngine.canSeeDisplacement(kGrid, 0, 0, 2, 0, TEAM, true, false));
	EXPECT_FALSE(kEngine.canSeeDisplacement(kGrid, 0, 0, 2, 0, TEAM, false, false)) << "light stops at the hill";
	for (int i = 0; i < 4; ++i)
	{
		EXPECT_TRUE(kEngine.canSeeDisplacement(kGrid, 0, 0, 0, 0, TEAM, (i & 1) != 0, (i & 2) != 0)) << "d = (0,0)";
	}
	EXPECT_FALSE(kEngine.canSeeDisplacement(kGrid, 0, 0, -1, 0, TEAM, true, false)) << "no plot";
	// Round a wrapping axis: d = (7,0) on a 5-wide map is the plot (2,0), reached past (1..6,0)
	// in displacement space: through (5,0) = the viewer's own plot and (6,0) = (1,0).
	PlotGrid kRing(5, 1, true, false);
	kRing.setForest(3, 0);
	EXPECT_TRUE(kEngine.canSeeDisplacement(kRing, 0, 0, 2, 0, TEAM, true, false));
	EXPECT_FALSE(kEngine.canSeeDisplacement(kRing, 0, 0, 7, 0, TEAM, true, false)) << "the forest at d = (3,0) blocks";
	EXPECT_FALSE(kEngine.canSeeDisplacement(kRing, 0, 0, -5, 0, TEAM, true, false)) << "x = -5 is absent (spec 5)";
}
