// The mod's own knobs that act on the engine: each against the BTS default on a small map.
#include "CvVisionEngine.h"
#include "model/PlotGrid.h"
#include "SightSources.h"

#include <gtest/gtest.h>

using namespace cvv;

namespace {
const int TEAM = 0;

int seen(const CvVisionEngine& kEngine, PlotGrid& kGrid, const CvVisionSource& kSource)
{
	EXPECT_EQ(CV_VISION_OK, kEngine.changeAdjacentSight(kGrid, kGrid, kSource, 1));
	return kGrid.visiblePlotCount(TEAM);
}

PlotGrid grasslandWithHillAt(int iX, int iY)
{
	PlotGrid kGrid(11, 11, false, false);
	kGrid.setHills(iX, iY);
	return kGrid;
}
}

TEST(Options, DefaultsAreBts)
{
	const CvVisionOptions kOptions;
	EXPECT_TRUE(kOptions.bOuterRing);
	EXPECT_FALSE(kOptions.bOuterRingAsInner);
	EXPECT_TRUE(kOptions.bRevealAdjacent);
	EXPECT_FALSE(CvVisionLevelDefines().bWaterSeeThroughDefine);
	EXPECT_EQ(60, CvVisionTables::standard().farSpreadDegrees());
	EXPECT_EQ(90, CvVisionTables::standard().nearSpreadDegrees());
}

TEST(Options, OuterRingOffHidesTallPlotsBeyondTheRange)
{
	PlotGrid kBts = grasslandWithHillAt(7, 5);
	EXPECT_EQ(10, seen(CvVisionEngine(), kBts, unitAt(5, 5, 1)));
	CvVisionOptions kOptions;
	kOptions.bOuterRing = false;
	PlotGrid kMod = grasslandWithHillAt(7, 5);
	EXPECT_EQ(9, seen(CvVisionEngine(CvVisionTables::standard(), kOptions), kMod, unitAt(5, 5, 1)));
	EXPECT_FALSE(kMod.isVisible(TEAM, 7, 5));
}

TEST(Options, OuterRingAsInnerSeesTheWholeRingWhenNothingBlocks)
{
	CvVisionOptions kOptions;
	kOptions.bOuterRingAsInner = true;
	const CvVisionEngine kEngine(CvVisionTables::standard(), kOptions);
	PlotGrid kGrid(11, 11, false, false);
	EXPECT_EQ(25, seen(kEngine, kGrid, unitAt(5, 5, 1))) << "BTS: 9";
	PlotGrid kForest(11, 11, false, false);
	kForest.setForest(6, 5);
	EXPECT_EQ(24, seen(kEngine, kForest, unitAt(5, 5, 1))) << "the forest still hides (7,5)";
	EXPECT_TRUE(kEngine.canSeePlot(kGrid, 5, 5, 7, 7, TEAM, 1, CV_VISION_NO_DIRECTION));
	EXPECT_FALSE(CvVisionEngine().canSeePlot(kGrid, 5, 5, 7, 7, TEAM, 1, CV_VISION_NO_DIRECTION));
}

TEST(Options, NoAdjacentRevealForLineOfSightUnits)
{
	CvVisionOptions kOptions;
	kOptions.bRevealAdjacent = false;
	PlotGrid kBts(11, 11, false, false);
	seen(CvVisionEngine(), kBts, unitAt(5, 5, 1, 0));
	EXPECT_TRUE(kBts.isRevealed(TEAM, 5, 4));
	PlotGrid kMod(11, 11, false, false);
	seen(CvVisionEngine(CvVisionTables::standard(), kOptions), kMod, unitAt(5, 5, 1, 0));
	EXPECT_FALSE(kMod.isRevealed(TEAM, 5, 4)) << "behind the unit stays unknown";
	EXPECT_EQ(kBts.counts(), kMod.counts()) << "the counts are the same either way";
}

TEST(Options, WiderFacingSpread)
{
	const CvVisionTables kWide(120, 90);
	PlotGrid kBts = grasslandWithHillAt(5, 5);
	const int iBts = seen(CvVisionEngine(), kBts, unitAt(5, 5, 1, 0));
	PlotGrid kMod = grasslandWithHillAt(5, 5);
	const int iWide = seen(CvVisionEngine(kWide), kMod, unitAt(5, 5, 1, 0));
	EXPECT_EQ(7, iBts);
	EXPECT_EQ(9, iWide) << "(+-2,+2) at 45 degrees now inside the cone";
	EXPECT_TRUE(kMod.isVisible(TEAM, 7, 7));
}

TEST(Options, WaterSeeThroughCanUseTheSeeThroughDefine)
{
	CvVisionLevelDefines kDefines;
	kDefines.iSeaWaterSeeThroughChange = 2; // a mod makes open water hide what lies beyond
	PlotGrid kBts(11, 11, false, false, 2, 2, kDefines);
	kBts.setWater(6, 5);
	EXPECT_EQ(0, kBts.seeThroughLevel(kBts.index(6, 5))) << "BTS adds SEAWATER_SEE_FROM_CHANGE (0)";
	kDefines.bWaterSeeThroughDefine = true;
	PlotGrid kMod(11, 11, false, false, 2, 2, kDefines);
	kMod.setWater(6, 5);
	kMod.setHills(5, 5);
	kBts.setHills(5, 5);
	EXPECT_EQ(2, kMod.seeThroughLevel(kMod.index(6, 5)));
	EXPECT_EQ(25, seen(CvVisionEngine(), kBts, unitAt(5, 5, 1)));
	EXPECT_EQ(24, seen(CvVisionEngine(), kMod, unitAt(5, 5, 1))) << "(7,5) hidden behind the water";
}

TEST(Options, ExtraWaterSeeFromBonus)
{
	CvVisionLevelDefines kDefines;
	kDefines.iExtraWaterSeeFromBonus = 0; // Optics does nothing
	PlotGrid kGrid(11, 11, false, false, 2, 2, kDefines);
	kGrid.setWater(5, 5);
	kGrid.setExtraWaterSeeFrom(TEAM, true);
	EXPECT_EQ(0, kGrid.seeFromLevel(kGrid.index(5, 5), TEAM));
}
