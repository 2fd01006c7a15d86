// Properties: adding a source and removing it leaves every count as it was; the tables keep the
// shape the engine relies on.
#include "CvVisionEngine.h"
#include "model/PlotGrid.h"
#include "RandomMaps.h"

#include <gtest/gtest.h>

#include <cstdlib>

using namespace cvv;

TEST(Property, AddThenRemoveLeavesEveryCountUnchanged)
{
	const CvVisionEngine kEngine;
	std::mt19937 kRng(99u);
	for (int iMap = 0; iMap < 60; ++iMap)
	{
		PlotGrid kGrid(1 + kRng() % 30, 1 + kRng() % 30, kRng() % 2, kRng() % 2);
		randomizeTerrain(kGrid, kRng, TerrainMix());
		kGrid.setExtraWaterSeeFrom(0, kRng() % 2);
		// Some sources stay for good, so that the counts are not all zero.
		const int aeTypes[2] = { 1, 0 };
		std::vector<CvVisionSource> aSources(40);
		for (size_t i = 0; i < aSources.size(); ++i)
		{
			CvVisionSource& kS = aSources[i];
			kS.iX = kRng() % kGrid.getGridWidth();
			kS.iY = kRng() % kGrid.getGridHeight();
			kS.eTeam = kRng() % 2;
			kS.iRange = kRng() % 8;
			kS.bAerial = kRng() % 6 == 0;
			kS.eFacing = (kRng() % 3 == 0) ? static_cast<int>(kRng() % 8) : CV_VISION_NO_DIRECTION;
			kS.paeSeeInvisible = aeTypes;
			kS.iNumSeeInvisible = kRng() % 3;
			if (i < 10)
			{
				EXPECT_EQ(CV_VISION_OK, kEngine.changeAdjacentSight(kGrid, kGrid, kS, 1));
			}
		}
		const std::vector<int> aiBefore = kGrid.counts();
		const std::vector<int> aiTypedBefore = kGrid.invisibleCounts();
		for (size_t i = 10; i < aSources.size(); ++i)
		{
			ASSERT_EQ(CV_VISION_OK, kEngine.changeAdjacentSight(kGrid, kGrid, aSources[i], 1));
		}
		std::vector<size_t> aiOrder; // removed in another order than added
		for (size_t i = 10; i < aSources.size(); ++i)
		{
			aiOrder.push_back(i);
		}
		std::shuffle(aiOrder.begin(), aiOrder.end(), kRng);
		for (size_t i = 0; i < aiOrder.size(); ++i)
		{
			ASSERT_EQ(CV_VISION_OK, kEngine.changeAdjacentSight(kGrid, kGrid, aSources[aiOrder[i]], -1));
		}
		EXPECT_EQ(aiBefore, kGrid.counts()) << "map " << iMap;
		EXPECT_EQ(aiTypedBefore, kGrid.invisibleCounts()) << "map " << iMap;
		EXPECT_FALSE(kGrid.wentNegative()) << "map " << iMap;
	}
}

TEST(Tables, PredecessorsLieInThePreviousRingAndMatchTheSpec)
{
	const CvVisionTables& kTables = CvVisionTables::standard();
	for (int i = 1; i < CvVisionTables::entriesUpToRing(CV_VISION_MAX_RING); ++i)
	{
		const CvVisionDisplacement& kE = kTables.entry(i);
		const int iRing = std::max(std::abs(kE.iDX), std::abs(kE.iDY));
		ASSERT_GE(i, CvVisionTables::entriesUpToRing(iRing - 1)) << "ring order";
		ASSERT_LT(i, CvVisionTables::entriesUpToRing(iRing)) << "ring order";
		int aiX[3], aiY[3];
		const int iCount = cvVisionTiedPredecessors(kE.iDX, kE.iDY, aiX, aiY);
		ASSERT_GE(iCount, 1);
		ASSERT_LE(iCount, 2);
		for (int k = 0; k < 2; ++k)
		{
			const CvVisionDisplacement& kP = kTables.entry(kE.aiPred[k]);
			ASSERT_EQ(iRing - 1, std::max(std::abs(kP.iDX), std::abs(kP.iDY))) << int(kE.iDX) << "," << int(kE.iDY);
			ASSERT_TRUE(
				(kP.iDX == aiX[0] && kP.iDY == aiY[0]) || (kP.iDX == aiX[iCount - 1] && kP.iDY == aiY[iCount - 1]));
		}
		ASSERT_EQ(i, kTables.indexOf(kE.iDX, kE.iDY));
	}
}

TEST(Tables, FacingMasksFollowTheFacingTest)
{
	const CvVisionTables& kTables = CvVisionTables::standard();
	for (int i = 0; i < CvVisionTables::entriesUpToRing(CV_VISION_MAX_RING); ++i)
	{
		const CvVisionDisplacement& kE = kTables.entry(i);
		for (int eDir = 0; eDir < CV_VISION_NUM_DIRECTIONS; ++eDir)
		{
			ASSERT_EQ(cvVisionFacingAllows(kE.iDX, kE.iDY, eDir, 60, 90), ((kE.iFacingMask >> eDir) & 1) != 0);
		}
	}
}

TEST(Tables, EveryRangeUpTo32FitsInOneMebibyte)
{
	// One table serves every range: the ranges up to R are its first (2R+3)^2 entries.
	EXPECT_LE(CvVisionTables::sizeInBytes(), 1024 * 1024);
	std::printf(
		"displacement table for every range up to %d: %d bytes\n", CV_VISION_MAX_RANGE, CvVisionTables::sizeInBytes());
}

TEST(Tables, ACustomSpreadChangesTheMasks)
{
	const CvVisionTables kWide(180, 180);
	const CvVisionDisplacement& kEast = kWide.entry(kWide.indexOf(3, 0));
	EXPECT_TRUE((kEast.iFacingMask & 1) != 0) << "north-facing sees due east with a 180 degree spread";
	EXPECT_FALSE((CvVisionTables::standard().entry(kWide.indexOf(3, 0)).iFacingMask & 1) != 0);
}
