// Extreme levels: the engine gives BTS's answer for every int see-from and see-through level
// (docs/vision-rules.md, section 1), against the literal reference of tests/engine/ReferenceVision.h,
// which compares the levels as the game does. The engine compares levels without subtracting them:
// a difference of two levels near 10^9 overflows an int.
#include "CvVisionEngine.h"
#include "model/PlotGrid.h"
#include "RandomMaps.h"
#include "ReferenceVision.h"

#include <gtest/gtest.h>

#include <climits>
#include <random>
#include <set>
#include <sstream>
#include <vector>

using namespace cvv;

namespace {
// The levels where a difference overflows, and their neighbours.
const int CORNERS[] = { INT_MIN, INT_MIN + 1, INT_MIN + 2, -(1 << 30) - 1, -(1 << 30), -1000000000, -2, -1, 0, 1, 2,
	1000000000, (1 << 30) - 1, 1 << 30, INT_MAX - 2, INT_MAX - 1, INT_MAX };
const int NUM_CORNERS = static_cast<int>(sizeof(CORNERS) / sizeof(CORNERS[0]));

// Defines that add nothing: a flat plot's levels are its terrain's, any int.
CvVisionLevelDefines zeroDefines()
{
	CvVisionLevelDefines kDefines;
	kDefines.iPeakSeeFromChange = kDefines.iPeakSeeThroughChange = 0;
	kDefines.iHillsSeeFromChange = kDefines.iHillsSeeThroughChange = 0;
	kDefines.iSeaWaterSeeFromChange = kDefines.iSeaWaterSeeThroughChange = 0;
	kDefines.iExtraWaterSeeFromBonus = 0;
	return kDefines;
}

void setLevels(PlotGrid& kGrid, int iX, int iY, int iSeeFrom, int iSeeThrough)
{
	PlotGrid::Plot kPlot;
	kPlot.iTerrainSeeFrom = iSeeFrom;
	kPlot.iTerrainSeeThrough = iSeeThrough;
	kGrid.setPlot(iX, iY, kPlot);
}

// One step up or down, held within the int range.
int nudge(int iLevel, int iStep)
{
	if ((iStep > 0 && iLevel == INT_MAX) || (iStep < 0 && iLevel == INT_MIN))
	{
		return iLevel;
	}
	return iLevel + iStep;
}

// A map's levels: a few bases (corners, random ints anywhere) and their neighbours, so that
// equal and adjacent levels, where > and >= part, are common.
std::vector<int> levelPool(std::mt19937& kRng)
{
	std::vector<int> aiPool;
	const int iBases = 2 + static_cast<int>(kRng() % 4);
	for (int i = 0; i < iBases; ++i)
	{
		const int iBase = (kRng() % 2) ? CORNERS[kRng() % NUM_CORNERS] : static_cast<int>(kRng());
		for (int iStep = -1; iStep <= 1; ++iStep)
		{
			aiPool.push_back(nudge(iBase, iStep));
		}
	}
	return aiPool;
}

std::string describe(const PlotGrid& kGrid, const CvVisionSource& kSource)
{
	std::ostringstream kOut;
	kOut << kGrid.getGridWidth() << "x" << kGrid.getGridHeight() << " wrap " << kGrid.isWrapX() << kGrid.isWrapY()
		 << " origin (" << kSource.iX << "," << kSource.iY << ") range " << kSource.iRange << " aerial "
		 << kSource.bAerial << " facing " << kSource.eFacing << "; levels (see-from/see-through):";
	for (int i = 0; i < kGrid.plotCount(); ++i)
	{
		kOut << " " << kGrid.seeFromLevel(i, kSource.eTeam) << "/" << kGrid.seeThroughLevel(i);
	}
	return kOut.str();
}

// The engine's sight against the reference's: the same count changes, each plot's in order.
void expectSameSight(const CvVisionEngine& kEngine, const PlotGrid& kGrid, const CvVisionSource& kSource)
{
	RecordingSink kFast, kSlow;
	ASSERT_EQ(CV_VISION_OK, kEngine.changeAdjacentSight(kGrid, kFast, kSource, 1)) << describe(kGrid, kSource);
	referenceChangeAdjacentSight(kGrid, kSlow, kSource, 1, true);
	ASSERT_EQ(kSlow.perPlot(), kFast.perPlot()) << describe(kGrid, kSource);
}
}

TEST(ExtremeLevels, TheIssuesThreePlotLine)
{
	// A viewer on hills with see-from -10^9 and HILLS_SEE_FROM_CHANGE -2*10^8 (level -1.2*10^9);
	// the middle plot's see-through 10^9. BTS: the viewer is below it, the far plot is hidden
	// (see-through - viewer - 1 overflows an int: a subtracting engine saw it).
	CvVisionLevelDefines kDefines = zeroDefines();
	kDefines.iHillsSeeFromChange = -200000000;
	PlotGrid kGrid(3, 1, false, false, 2, 2, kDefines);
	PlotGrid::Plot kViewer;
	kViewer.eKind = CV_VISION_PLOT_HILLS;
	kViewer.iTerrainSeeFrom = -1000000000;
	kViewer.iTerrainSeeThrough = -2000000000; // the viewer is above its own plot: light leaves it
	kGrid.setPlot(0, 0, kViewer);
	setLevels(kGrid, 1, 0, 1, 1000000000);
	setLevels(kGrid, 2, 0, 1, 1);
	ASSERT_EQ(-1200000000, kGrid.seeFromLevel(0, 0));
	const CvVisionEngine kEngine;
	for (int iRange = 0; iRange <= 3; ++iRange)
	{
		EXPECT_FALSE(kEngine.canSeePlot(kGrid, 0, 0, 2, 0, 0, iRange, CV_VISION_NO_DIRECTION)) << "range " << iRange;
		EXPECT_FALSE(referenceCanSeePlot(kGrid, 0, 0, 2, 0, 0, iRange, CV_VISION_NO_DIRECTION)) << "range " << iRange;
		EXPECT_FALSE(kEngine.canSeeDisplacement(kGrid, 0, 0, 2, 0, 0, true, false)) << "range " << iRange;
		CvVisionSource kSource(0, 0, 0, iRange);
		int aiPlots[CV_VISION_MAX_ENTRIES];
		const int iCount = kEngine.seenPlots(kGrid, kSource, aiPlots);
		// Range 0: the next plot is the outer ring, taller than the viewer: seen. Beyond, it hides.
		EXPECT_EQ(std::set<int>({ 0, 1 }), std::set<int>(aiPlots, aiPlots + iCount)) << "range " << iRange;
		expectSameSight(kEngine, kGrid, kSource);
	}
}

TEST(ExtremeLevels, EveryCornerTripleOnALine)
{
	// A line of four plots: the viewer's see-from L, the next plot's see-through T, the far
	// plots' see-from F (the outer ring's test), every corner for each, with every range that
	// reaches them: sight, canSeePlot and canSeeDisplacement as the reference says.
	const CvVisionEngine kEngine;
	PlotGrid kGrid(4, 1, false, false, 2, 2, zeroDefines());
	int iSeenFar = 0;
	for (int iL = 0; iL < NUM_CORNERS; ++iL)
	{
		for (int iT = 0; iT < NUM_CORNERS; ++iT)
		{
			for (int iF = 0; iF < NUM_CORNERS; ++iF)
			{
				setLevels(kGrid, 0, 0, CORNERS[iL], CORNERS[iL]);
				setLevels(kGrid, 1, 0, CORNERS[iF], CORNERS[iT]);
				setLevels(kGrid, 2, 0, CORNERS[iF], CORNERS[iT]);
				setLevels(kGrid, 3, 0, CORNERS[iF], CORNERS[iF]);
				for (int iRange = 0; iRange <= 2; ++iRange)
				{
					const CvVisionSource kSource(0, 0, 0, iRange);
					expectSameSight(kEngine, kGrid, kSource);
					for (int iTo = 1; iTo < 4; ++iTo)
					{
						const bool bFast = kEngine.canSeePlot(kGrid, 0, 0, iTo, 0, 0, iRange, CV_VISION_NO_DIRECTION);
						ASSERT_EQ(referenceCanSeePlot(kGrid, 0, 0, iTo, 0, 0, iRange, CV_VISION_NO_DIRECTION), bFast)
							<< "to " << iTo << ": " << describe(kGrid, kSource);
						iSeenFar += bFast && iTo == 3;
					}
				}
				for (int iFlags = 0; iFlags < 4; ++iFlags)
				{
					const bool bFirst = (iFlags & 1) != 0;
					const bool bOuter = (iFlags & 2) != 0;
					ASSERT_EQ(referenceCanSeeDisplacementPlot(kGrid, 0, 0, 0, 3, 0, bFirst, bOuter),
						kEngine.canSeeDisplacement(kGrid, 0, 0, 3, 0, 0, bFirst, bOuter))
						<< "first " << bFirst << " outer " << bOuter << ": " << describe(kGrid, CvVisionSource());
				}
			}
		}
	}
	EXPECT_GT(iSeenFar, 100) << "some far plots should show";
}

TEST(ExtremeLevels, RandomMapsOfExtremeLevels)
{
	// Random small maps whose levels are corners and random ints with their neighbours; random
	// sources of every kind (ranges -2..8 and beyond the table, aerial, facing, wrapping squares).
	const CvVisionEngine kEngine;
	std::mt19937 kRng(20261126u);
	int iQueries = 0;
	int iSeen = 0;
	for (int iCase = 0; iCase < 1500; ++iCase)
	{
		const int iWidth = 1 + static_cast<int>(kRng() % 14);
		const int iHeight = 1 + static_cast<int>(kRng() % 14);
		PlotGrid kGrid(iWidth, iHeight, kRng() % 2 != 0, kRng() % 2 != 0, 2, 2, zeroDefines());
		const std::vector<int> aiPool = levelPool(kRng);
		for (int iY = 0; iY < iHeight; ++iY)
		{
			for (int iX = 0; iX < iWidth; ++iX)
			{
				setLevels(kGrid, iX, iY, aiPool[kRng() % aiPool.size()], aiPool[kRng() % aiPool.size()]);
			}
		}
		CvVisionSource kSource(
			static_cast<int>(kRng() % iWidth), static_cast<int>(kRng() % iHeight), static_cast<int>(kRng() % 2));
		const int iRoll = static_cast<int>(kRng() % 100);
		kSource.iRange = iRoll < 5
			? -2 + static_cast<int>(kRng() % 2)
			: (iRoll < 8 ? CV_VISION_MAX_RANGE + 1 + static_cast<int>(kRng() % 3) : static_cast<int>(kRng() % 9));
		kSource.bAerial = kRng() % 8 == 0;
		kSource.eFacing = kRng() % 3 == 0 ? static_cast<int>(kRng() % 8) : CV_VISION_NO_DIRECTION;
		expectSameSight(kEngine, kGrid, kSource);
		for (int iQuery = 0; iQuery < 6; ++iQuery)
		{
			const int iToX = static_cast<int>(kRng() % iWidth);
			const int iToY = static_cast<int>(kRng() % iHeight);
			const bool bFast = kEngine.canSeePlot(
				kGrid, kSource.iX, kSource.iY, iToX, iToY, kSource.eTeam, kSource.iRange, kSource.eFacing);
			ASSERT_EQ(referenceCanSeePlot(kGrid, kSource.iX, kSource.iY, iToX, iToY, kSource.eTeam, kSource.iRange,
						  kSource.eFacing, true),
				bFast)
				<< "canSeePlot to (" << iToX << "," << iToY << "): " << describe(kGrid, kSource);
			const int iDX = static_cast<int>(kRng() % (4 * iWidth + 1)) - 2 * iWidth;
			const int iDY = static_cast<int>(kRng() % (4 * iHeight + 1)) - 2 * iHeight;
			const bool bFirst = kRng() % 2 != 0;
			const bool bOuter = kRng() % 2 != 0;
			ASSERT_EQ(
				referenceCanSeeDisplacementPlot(kGrid, kSource.iX, kSource.iY, kSource.eTeam, iDX, iDY, bFirst, bOuter),
				kEngine.canSeeDisplacement(kGrid, kSource.iX, kSource.iY, iDX, iDY, kSource.eTeam, bFirst, bOuter))
				<< "canSeeDisplacement (" << iDX << "," << iDY << ") first " << bFirst << " outer " << bOuter << ": "
				<< describe(kGrid, kSource);
			++iQueries;
			iSeen += bFast;
		}
	}
	EXPECT_GT(iSeen, iQueries / 20) << "the queries should see something";
}

TEST(ExtremeLevels, SightModelsTakeEveryIntLevel)
{
	// The PCVT sight models (a mod option): the single walk against the two walks of their
	// definition, whose second walk looks for plots below the viewer (at INT_MIN: none).
	std::mt19937 kRng(1126u);
	for (int iCase = 0; iCase < 600; ++iCase)
	{
		PlotGrid kGrid(12 + kRng() % 10, 12 + kRng() % 10, kRng() % 2 != 0, kRng() % 2 != 0, 2, 2, zeroDefines());
		const std::vector<int> aiPool = levelPool(kRng);
		for (int iY = 0; iY < kGrid.getGridHeight(); ++iY)
		{
			for (int iX = 0; iX < kGrid.getGridWidth(); ++iX)
			{
				setLevels(kGrid, iX, iY, aiPool[kRng() % aiPool.size()], aiPool[kRng() % aiPool.size()]);
			}
		}
		const int iX = static_cast<int>(kRng() % kGrid.getGridWidth());
		const int iY = static_cast<int>(kRng() % kGrid.getGridHeight());
		if (iCase % 4 == 0)
		{
			setLevels(kGrid, iX, iY, INT_MIN, aiPool[0]); // a viewer below everything
		}
		const int eModel = (iCase % 2) ? CV_VISION_SIGHT_SYMMETRIC : CV_VISION_SIGHT_PERMISSIVE;
		const int iRing = 1 + static_cast<int>(kRng() % 5);
		int aiOne[CV_VISION_MAX_ENTRIES];
		int aiTwo[CV_VISION_MAX_ENTRIES];
		const int iOne = cvVisionFovSight(
			kGrid, CvVisionTables::standard(), eModel, iX, iY, 0, iRing, true, CV_VISION_NO_DIRECTION, aiOne);
		const int iTwo = cvVisionFovSightTwoWalks(
			kGrid, CvVisionTables::standard(), eModel, iX, iY, 0, iRing, true, CV_VISION_NO_DIRECTION, aiTwo);
		ASSERT_EQ(std::set<int>(aiTwo, aiTwo + iTwo), std::set<int>(aiOne, aiOne + iOne))
			<< "case " << iCase << " model " << eModel << " ring " << iRing;
	}
}

TEST(ExtremeLevels, LevelSumsWrapAsTheGamesIntArithmetic)
{
	// A sum beyond the int range (which the host's loader refuses) comes out as the game's
	// compiled addition gives it, modulo 2^32, rather than undefined.
	CvVisionLevelDefines kDefines;
	kDefines.iHillsSeeFromChange = INT_MAX;
	kDefines.iHillsSeeThroughChange = INT_MIN;
	const CvVisionLevels kLevels(kDefines);
	EXPECT_EQ(INT_MIN, kLevels.seeFrom(1, CV_VISION_PLOT_HILLS, false));
	EXPECT_EQ(INT_MAX, kLevels.seeThrough(-1, 0, CV_VISION_PLOT_HILLS));
	EXPECT_EQ(INT_MAX - 1, kLevels.seeFrom(INT_MAX - 1, CV_VISION_PLOT_LAND, false));
}
