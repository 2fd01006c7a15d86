// CVVISION_SIGHT_MODEL: the height-aware PCVT lines of sight as a mod option
// (CvVisionFovSight.h), against a reference written from their definition, their symmetry, the
// add/remove property and canSeePlot. Default stays BTS (every other engine suite). The knob end
// to end from XML: lib/formats/test_rules_knobs.cpp (SightModels.TheKnobFromXmlSwitchesTheModel).
#include "CvFov.h"
#include "CvVisionEngine.h"
#include "model/PlotGrid.h"
#include "RandomMaps.h"
#include "SightSources.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <random>
#include <set>

using namespace cvv;

namespace {
const int TEAM = 0;

int countSeen(int eModel, PlotGrid& kGrid, const CvVisionSource& kSource)
{
	EXPECT_EQ(CV_VISION_OK, engineFor(eModel).changeAdjacentSight(kGrid, kGrid, kSource, 1));
	const int iSeen = kGrid.visiblePlotCount(TEAM);
	EXPECT_EQ(CV_VISION_OK, engineFor(eModel).changeAdjacentSight(kGrid, kGrid, kSource, -1));
	return iSeen;
}

// The symmetric model from its definition: the plot's symmetric line(s), cell by cell.
bool referenceSees(const PlotGrid& kGrid, int iX, int iY, int iDX, int iDY, int iRing, bool bOuterRule)
{
	const int iLevel = kGrid.seeFromLevel(iY * kGrid.getGridWidth() + iX, TEAM);
	const int iVariants = cvFovLineHasMidpointTie(iDX, iDY) ? 2 : 1;
	const int iDistance = std::max(std::abs(iDX), std::abs(iDY));
	const bool bOuter = bOuterRule && iDistance == iRing;
	for (int iVariant = 0; iVariant < iVariants; ++iVariant)
	{
		int aiX[2 * CV_FOV_MAX_RADIUS + 1];
		int aiY[2 * CV_FOV_MAX_RADIUS + 1];
		const int iCells = cvFovLine(iDX, iDY, iVariant, aiX, aiY);
		bool bPresent = true;
		bool bClear = true;
		bool bBelow = true;
		int iTarget = -1;
		for (int i = 1; i < iCells; ++i)
		{
			const int iCX = cvVisionWrapCoord(iX + aiX[i], kGrid.getGridWidth(), kGrid.isWrapX());
			const int iCY = cvVisionWrapCoord(iY + aiY[i], kGrid.getGridHeight(), kGrid.isWrapY());
			if (iCX < 0 || iCY < 0)
			{
				bPresent = false;
				break;
			}
			const int iPlot = iCY * kGrid.getGridWidth() + iCX;
			if (i + 1 == iCells)
			{
				iTarget = iPlot;
				break;
			}
			bClear = bClear && kGrid.seeThroughLevel(iPlot) <= iLevel;
			bBelow = bBelow && kGrid.seeThroughLevel(iPlot) < iLevel;
		}
		if (!bPresent || !bClear)
		{
			continue;
		}
		if (!bOuter || bBelow || kGrid.seeFromLevel(iTarget, TEAM) > iLevel)
		{
			return true;
		}
	}
	return false;
}
}

// --- the worked examples of docs/vision-rules.md, section 3, under both PCVT models --------------

TEST(SightModels, WorkedExamplesOnGrassland)
{
	for (const int eModel : { CV_VISION_SIGHT_PERMISSIVE, CV_VISION_SIGHT_SYMMETRIC })
	{
		PlotGrid kFlat(11, 11, false, false);
		EXPECT_EQ(9, countSeen(eModel, kFlat, unitAt(5, 5, 1))) << "a grass unit: its 3x3 square";
		kFlat.setHills(7, 5);
		EXPECT_EQ(10, countSeen(eModel, kFlat, unitAt(5, 5, 1))) << "a hill two out is taller: it shows";
		PlotGrid kOnHills(11, 11, false, false);
		kOnHills.setHills(5, 5);
		EXPECT_EQ(25, countSeen(eModel, kOnHills, unitAt(5, 5, 1))) << "from hills the viewer looks over the ring";
		kOnHills.setForest(6, 5);
		EXPECT_EQ(24, countSeen(eModel, kOnHills, unitAt(5, 5, 1))) << "the forest hides (7,5) only";
		PlotGrid kSentry(11, 11, false, false);
		kSentry.setForest(6, 5);
		EXPECT_EQ(24, countSeen(eModel, kSentry, unitAt(5, 5, 2))) << "range 2 behind a forest";
		PlotGrid kPeak(11, 11, false, false);
		kPeak.setPeak(6, 5);
		const std::set<int> kSeen = seenBy(engineFor(eModel), kPeak, unitAt(5, 5, 2));
		EXPECT_TRUE(kSeen.count(5 * 11 + 6)) << "a peak in range is seen";
		EXPECT_FALSE(kSeen.count(5 * 11 + 7)) << "what lies behind it is not";
	}
}

TEST(SightModels, TheSingleWalkGivesWhatTheTwoWalksOfTheDefinitionGive)
{
	// cvVisionFovSight walks the pruned table once; cvVisionFovSightTwoWalks is the definition.
	std::mt19937 kRng(2020);
	int iCompared = 0;
	for (int iCase = 0; iCase < 1500; ++iCase)
	{
		PlotGrid kGrid(12 + kRng() % 30, 12 + kRng() % 30, kRng() % 2, kRng() % 2);
		TerrainMix kMix;
		kMix.iWater = 15;
		kMix.iHills = 20;
		kMix.iPeaks = 8;
		kMix.iForest = 30;
		randomizeTerrain(kGrid, kRng, kMix);
		const int eModel = (iCase % 2) ? CV_VISION_SIGHT_SYMMETRIC : CV_VISION_SIGHT_PERMISSIVE;
		const int iRing = kRng() % 9; // ranges 0..8, with or without the outer ring
		const bool bOuterRule = iRing > 0 && kRng() % 4 != 0;
		const int eFacing =
			(kRng() % 3 == 0) ? static_cast<int>(kRng() % CV_VISION_NUM_DIRECTIONS) : CV_VISION_NO_DIRECTION;
		const int iX = kRng() % kGrid.getGridWidth();
		const int iY = kRng() % kGrid.getGridHeight();
		const int eTeam = static_cast<int>(kRng() % 2);
		kGrid.setExtraWaterSeeFrom(eTeam, kRng() % 2 == 0);
		int aiOne[CV_VISION_MAX_ENTRIES];
		int aiTwo[CV_VISION_MAX_ENTRIES];
		const int iOne = cvVisionFovSight(
			kGrid, CvVisionTables::standard(), eModel, iX, iY, eTeam, iRing, bOuterRule, eFacing, aiOne);
		const int iTwo = cvVisionFovSightTwoWalks(
			kGrid, CvVisionTables::standard(), eModel, iX, iY, eTeam, iRing, bOuterRule, eFacing, aiTwo);
		const std::set<int> kOne(aiOne, aiOne + iOne);
		ASSERT_EQ(static_cast<size_t>(iOne), kOne.size())
			<< "case " << iCase << ": each plot once; model " << eModel << " ring " << iRing << " map "
			<< kGrid.getGridWidth() << "x" << kGrid.getGridHeight() << " wrap " << kGrid.isWrapX() << kGrid.isWrapY()
			<< " at " << iX << "," << iY;
		ASSERT_EQ(std::set<int>(aiTwo, aiTwo + iTwo), kOne)
			<< "case " << iCase << " model " << eModel << " ring " << iRing << " outer rule " << bOuterRule
			<< " facing " << eFacing;
		++iCompared;
	}
	EXPECT_EQ(1500, iCompared);
}

TEST(SightModels, DefaultIsBts)
{
	EXPECT_EQ(CV_VISION_SIGHT_BTS, CvVisionOptions().eSightModel);
	EXPECT_EQ(CV_VISION_SIGHT_BTS, CvVisionRules().knob(CV_VISION_KNOB_SIGHT_MODEL));
}

// --- the symmetric model against its definition, and its symmetry --------------------------------

TEST(SightModels, SymmetricModelEqualsItsDefinitionOnRandomMaps)
{
	std::mt19937 kRng(1103);
	int iCompared = 0;
	for (int iCase = 0; iCase < 300; ++iCase)
	{
		PlotGrid kGrid(9 + kRng() % 30, 9 + kRng() % 30, kRng() % 2, kRng() % 2);
		TerrainMix kMix;
		kMix.iWater = 15;
		kMix.iHills = 20;
		kMix.iPeaks = 8;
		randomizeTerrain(kGrid, kRng, kMix);
		const int iRange = kRng() % 5;
		const bool bOuterAsInner = kRng() % 4 == 0;
		const int iX = kRng() % kGrid.getGridWidth();
		const int iY = kRng() % kGrid.getGridHeight();
		const int iRing = iRange + 1;
		if ((kGrid.isWrapX() && kGrid.getGridWidth() < 2 * iRing + 1)
			|| (kGrid.isWrapY() && kGrid.getGridHeight() < 2 * iRing + 1))
		{
			continue; // a plot named by two displacements: the models count it once, from its near side
		}
		const std::set<int> kSeen =
			seenBy(engineFor(CV_VISION_SIGHT_SYMMETRIC, bOuterAsInner), kGrid, unitAt(iX, iY, iRange));
		std::set<int> kExpected;
		for (int iDX = -iRing; iDX <= iRing; ++iDX)
		{
			for (int iDY = -iRing; iDY <= iRing; ++iDY)
			{
				const int iTX = cvVisionWrapCoord(iX + iDX, kGrid.getGridWidth(), kGrid.isWrapX());
				const int iTY = cvVisionWrapCoord(iY + iDY, kGrid.getGridHeight(), kGrid.isWrapY());
				if (iTX >= 0 && iTY >= 0
					&& (iDX == 0 && iDY == 0 ? true : referenceSees(kGrid, iX, iY, iDX, iDY, iRing, !bOuterAsInner)))
				{
					kExpected.insert(iTY * kGrid.getGridWidth() + iTX);
				}
			}
		}
		ASSERT_EQ(kExpected, kSeen) << "case " << iCase;
		++iCompared;
	}
	EXPECT_GT(iCompared, 200);
}

namespace {
// Pairs of plots of equal see-from level within reach of each other (range r, outer ring r+1):
// how many are seen one way only. Prints the share for the note.
int oneWayPairs(int eModel, int iPairs, const char* szName)
{
	std::mt19937 kRng(31);
	int iOneWay = 0;
	int iSeenBothOrOne = 0;
	int iDone = 0;
	while (iDone < iPairs)
	{
		PlotGrid kGrid(40, 40, true, false);
		TerrainMix kMix;
		kMix.iWater = 10;
		kMix.iHills = 25;
		kMix.iPeaks = 6;
		kMix.iForest = 30;
		randomizeTerrain(kGrid, kRng, kMix);
		const CvVisionEngine kEngine = engineFor(eModel);
		for (int i = 0; i < 200 && iDone < iPairs; ++i)
		{
			const int iRange = 1 + kRng() % 4;
			const int iAX = kRng() % 40;
			const int iAY = kRng() % 40;
			const int iBX = ((iAX + static_cast<int>(kRng() % (2 * iRange + 3)) - iRange - 1) % 40 + 40) % 40;
			const int iBY = iAY + static_cast<int>(kRng() % (2 * iRange + 3)) - iRange - 1;
			if (iBY < 0 || iBY >= 40 || (iAX == iBX && iAY == iBY)
				|| kGrid.seeFromLevel(iAY * 40 + iAX, TEAM) != kGrid.seeFromLevel(iBY * 40 + iBX, TEAM))
			{
				continue;
			}
			const bool bAB = seenBy(kEngine, kGrid, unitAt(iAX, iAY, iRange)).count(iBY * 40 + iBX) > 0;
			const bool bBA = seenBy(kEngine, kGrid, unitAt(iBX, iBY, iRange)).count(iAY * 40 + iAX) > 0;
			iOneWay += bAB != bBA;
			iSeenBothOrOne += bAB || bBA;
			++iDone;
		}
	}
	std::printf("%s: %d one-way pairs of %d pairs of equal level (%d seen at least one way): %.2f%%\n", szName, iOneWay,
		iPairs, iSeenBothOrOne, 100.0 * iOneWay / iPairs);
	return iOneWay;
}
}

TEST(SightModels, SymmetricModelHasNoOneWayPairs)
{
	EXPECT_EQ(0, oneWayPairs(CV_VISION_SIGHT_SYMMETRIC, 10000, "CVVISION_SIGHT_MODEL 2 (symmetric)"));
}

TEST(SightModels, BtsAndPermissiveOneWayShares)
{
	// Measured for the note; they must be one-way sometimes, or the test above proves nothing.
	EXPECT_GT(oneWayPairs(CV_VISION_SIGHT_BTS, 10000, "BTS rule"), 0);
	EXPECT_GT(oneWayPairs(CV_VISION_SIGHT_PERMISSIVE, 10000, "CVVISION_SIGHT_MODEL 1 (permissive)"), 0);
}

// --- the engine's other duties under the models -----------------------------------------------------

TEST(SightModels, AddThenRemoveLeavesEveryCountAsItWas)
{
	std::mt19937 kRng(77);
	for (const int eModel : { CV_VISION_SIGHT_PERMISSIVE, CV_VISION_SIGHT_SYMMETRIC })
	{
		PlotGrid kGrid(24, 16, true, true);
		randomizeTerrain(kGrid, kRng, TerrainMix());
		const CvVisionEngine kEngine = engineFor(eModel);
		std::vector<CvVisionSource> aSources;
		const int aiSeeInvisible[2] = { 0, 1 };
		for (int i = 0; i < 40; ++i)
		{
			CvVisionSource kSource(kRng() % 24, kRng() % 16, 0, kRng() % 6, kRng() % 5 == 0,
				kRng() % 3 == 0 ? static_cast<int>(kRng() % 8) : CV_VISION_NO_DIRECTION);
			kSource.paeSeeInvisible = aiSeeInvisible;
			kSource.iNumSeeInvisible = kRng() % 3;
			aSources.push_back(kSource);
			ASSERT_EQ(CV_VISION_OK, kEngine.changeAdjacentSight(kGrid, kGrid, kSource, 1));
		}
		std::shuffle(aSources.begin(), aSources.end(), kRng);
		for (const CvVisionSource& kSource : aSources)
		{
			ASSERT_EQ(CV_VISION_OK, kEngine.changeAdjacentSight(kGrid, kGrid, kSource, -1));
		}
		EXPECT_FALSE(kGrid.wentNegative());
		EXPECT_EQ(std::vector<int>(kGrid.counts().size(), 0), kGrid.counts());
		EXPECT_EQ(std::vector<int>(kGrid.invisibleCounts().size(), 0), kGrid.invisibleCounts());
	}
}

TEST(SightModels, CanSeePlotAgreesWithTheSight)
{
	std::mt19937 kRng(5);
	for (const int eModel : { CV_VISION_SIGHT_PERMISSIVE, CV_VISION_SIGHT_SYMMETRIC })
	{
		PlotGrid kGrid(30, 20, true, false);
		randomizeTerrain(kGrid, kRng, TerrainMix());
		const CvVisionEngine kEngine = engineFor(eModel);
		for (int i = 0; i < 300; ++i)
		{
			const int iRange = kRng() % 4;
			const int iX = kRng() % 30;
			const int iY = kRng() % 20;
			const int eFacing = kRng() % 2 ? static_cast<int>(kRng() % 8) : CV_VISION_NO_DIRECTION;
			const std::set<int> kSeen = seenBy(kEngine, kGrid, unitAt(iX, iY, iRange, eFacing));
			for (int iDX = -iRange - 2; iDX <= iRange + 2; ++iDX)
			{
				for (int iDY = -iRange - 2; iDY <= iRange + 2; ++iDY)
				{
					const int iTX = (iX + iDX + 30) % 30;
					const int iTY = iY + iDY;
					if (iTY < 0 || iTY >= 20)
					{
						continue;
					}
					EXPECT_EQ(kSeen.count(iTY * 30 + iTX) > 0,
						kEngine.canSeePlot(kGrid, iX, iY, iTX, iTY, TEAM, iRange, eFacing))
						<< "from (" << iX << "," << iY << ") to (" << iTX << "," << iTY << ") range " << iRange;
				}
			}
		}
	}
}

TEST(SightModels, EachPlotCountsOnceOnASmallWrappingMap)
{
	PlotGrid kGrid(3, 3, true, true);
	int aiPlots[CV_VISION_MAX_ENTRIES];
	EXPECT_GT(CvVisionEngine().seenPlots(kGrid, unitAt(1, 1, 3), aiPlots), 9) << "BTS counts displacements";
	EXPECT_EQ(9, engineFor(CV_VISION_SIGHT_SYMMETRIC).seenPlots(kGrid, unitAt(1, 1, 3), aiPlots));
	EXPECT_EQ(9, engineFor(CV_VISION_SIGHT_PERMISSIVE).seenPlots(kGrid, unitAt(1, 1, 3), aiPlots));
}
