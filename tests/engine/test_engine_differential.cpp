// Engine against the literal reference of docs/vision-rules.md (tests/engine/ReferenceVision.h) over
// random maps and sources: the full list of count changes must match (plot, team, invisible type,
// delta) in the same order, BTS's loop order (the order decides where a count passes through 0 and
// which team meets which first), for
// every range BTS takes (-2 to 64 here); canSeePlot and canSeeDisplacement (BTS's
// canSeeDisplacementPlot, every flag, long displacements) must agree.
#include "CvVisionEngine.h"
#include "model/PlotGrid.h"
#include "RandomMaps.h"
#include "ReferenceVision.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <sstream>

using namespace cvv;

namespace {
const int SHARDS = 4;
// The memo-free recursion (exponential along blocked lines) runs on the first cases of each
// shard with ranges up to this; the memoised one on every case.
const int PLAIN_RECURSION_CASES = 1000;
const int PLAIN_RECURSION_MAX_RANGE = 6;
// 200,000 cases in all; CVVISION_DIFF_CASES overrides for a longer or shorter run.
int casesPerShard()
{
	const char* szCases = std::getenv("CVVISION_DIFF_CASES");
	const int iTotal = szCases ? std::atoi(szCases) : 200000;
	return (iTotal + SHARDS - 1) / SHARDS;
}

struct Case
{
	int iWidth, iHeight;
	bool bWrapX, bWrapY;
	CvVisionLevelDefines kDefines;
	bool bOptics;
	CvVisionSource kSource;
	int aeTypes[2];
	unsigned int iMapSeed;

	std::string describe() const
	{
		std::ostringstream kOut;
		kOut << iWidth << "x" << iHeight << " wrap " << bWrapX << bWrapY << " origin (" << kSource.iX << ","
			 << kSource.iY << ") range " << kSource.iRange << " aerial " << kSource.bAerial << " facing "
			 << kSource.eFacing << " types " << kSource.iNumSeeInvisible << " optics " << bOptics << " map seed "
			 << iMapSeed;
		return kOut.str();
	}
};

Case randomCase(std::mt19937& kRng)
{
	std::uniform_int_distribution<int> kSize(1, 40);
	std::uniform_int_distribution<int> kPercent(0, 99);
	Case kCase;
	// Small maps often, so that the sight square overlaps itself across the seams.
	kCase.iWidth = kPercent(kRng) < 30 ? 1 + kPercent(kRng) % 6 : kSize(kRng);
	kCase.iHeight = kPercent(kRng) < 30 ? 1 + kPercent(kRng) % 6 : kSize(kRng);
	kCase.bWrapX = kPercent(kRng) < 50;
	kCase.bWrapY = kPercent(kRng) < 50;
	if (kPercent(kRng) < 20) // a mod's levels: shake every define
	{
		std::uniform_int_distribution<int> kDefine(-1, 3);
		kCase.kDefines.iPeakSeeFromChange = kDefine(kRng);
		kCase.kDefines.iPeakSeeThroughChange = kDefine(kRng);
		kCase.kDefines.iHillsSeeFromChange = kDefine(kRng);
		kCase.kDefines.iHillsSeeThroughChange = kDefine(kRng);
		kCase.kDefines.iSeaWaterSeeFromChange = kDefine(kRng);
		kCase.kDefines.iExtraWaterSeeFromBonus = kDefine(kRng);
	}
	kCase.bOptics = kPercent(kRng) < 40;
	kCase.iMapSeed = kRng();
	CvVisionSource& kSource = kCase.kSource;
	kSource.iX = kRng() % kCase.iWidth;
	kSource.iY = kRng() % kCase.iHeight;
	kSource.eTeam = kRng() % 2;
	// Mostly the ranges of the game; some negative (a mod's negative promotions) and some beyond
	// the table (a satellite, a promotion stack): -2 to 64 in all.
	const int iRangeRoll = kPercent(kRng);
	kSource.iRange = iRangeRoll < 4
		? -2 + static_cast<int>(kRng() % 2)
		: (iRangeRoll < 7 ? 11 + static_cast<int>(kRng() % 54) : static_cast<int>(kRng() % 11));
	kSource.bAerial = kPercent(kRng) < 15;
	kSource.eFacing = kPercent(kRng) < 50 ? CV_VISION_NO_DIRECTION : static_cast<int>(kRng() % 8);
	kSource.iNumSeeInvisible = kRng() % 3;
	kCase.aeTypes[0] = kRng() % 2;
	kCase.aeTypes[1] = 1 - kCase.aeTypes[0];
	return kCase;
}

PlotGrid buildMap(const Case& kCase)
{
	PlotGrid kGrid(kCase.iWidth, kCase.iHeight, kCase.bWrapX, kCase.bWrapY, 2, 2, kCase.kDefines);
	std::mt19937 kMapRng(kCase.iMapSeed);
	TerrainMix kMix;
	kMix.iWater = kMapRng() % 60;
	kMix.iHills = kMapRng() % 30;
	kMix.iPeaks = kMapRng() % 20;
	kMix.iForest = kMapRng() % 50;
	randomizeTerrain(kGrid, kMapRng, kMix);
	kGrid.setExtraWaterSeeFrom(kCase.kSource.eTeam, kCase.bOptics);
	return kGrid;
}

class Differential : public ::testing::TestWithParam<int>
{};
}

TEST_P(Differential, EngineMatchesReference)
{
	const CvVisionEngine kEngine;
	std::mt19937 kRng(20261122u + GetParam());
	int iMismatches = 0;
	long long iChangesCompared = 0;
	long long iDisplacementQueries = 0;
	int iMinRange = 1000;
	int iMaxRange = -1000;
	const int iCases = casesPerShard();
	for (int iCase = 0; iCase < iCases && iMismatches < 5; ++iCase)
	{
		Case kCase = randomCase(kRng);
		kCase.kSource.paeSeeInvisible = kCase.aeTypes;
		const PlotGrid kGrid = buildMap(kCase);
		const int iDelta = (iCase % 2) ? 1 : -1;

		RecordingSink kFast, kSlow;
		ASSERT_EQ(CV_VISION_OK, kEngine.changeAdjacentSight(kGrid, kFast, kCase.kSource, iDelta)) << kCase.describe();
		referenceChangeAdjacentSight(kGrid, kSlow, kCase.kSource, iDelta, true);
		if (iCase < PLAIN_RECURSION_CASES && kCase.kSource.iRange <= PLAIN_RECURSION_MAX_RANGE)
		{
			RecordingSink kPlain;
			referenceChangeAdjacentSight(kGrid, kPlain, kCase.kSource, iDelta, false);
			if (kPlain.perPlot() != kSlow.perPlot())
			{
				++iMismatches;
				ADD_FAILURE() << "plain and memoised reference differ: " << kCase.describe();
			}
		}
		iChangesCompared += static_cast<long long>(kSlow.aChanges.size());
		if (kFast.sorted() != kSlow.sorted())
		{
			++iMismatches;
			ADD_FAILURE() << "count changes differ: " << kCase.describe() << " engine " << kFast.aChanges.size()
						  << " reference " << kSlow.aChanges.size();
			continue;
		}
		if (kFast.aChanges != kSlow.aChanges)
		{
			++iMismatches;
			ADD_FAILURE() << "the count changes come in another order than BTS's loop (dx, then dy): "
						  << kCase.describe();
			continue;
		}
		iMinRange = std::min(iMinRange, kCase.kSource.iRange);
		iMaxRange = std::max(iMaxRange, kCase.kSource.iRange);
		// canSeeDisplacement (BTS's canSeeDisplacementPlot) for displacements up to twice the map
		// (beyond half a wrapping axis, round it more than once), with every pair of flags.
		for (int iQuery = 0; iQuery < 4; ++iQuery)
		{
			const int iReachX = 2 * kCase.iWidth + 2;
			const int iReachY = 2 * kCase.iHeight + 2;
			const bool bZero = iQuery == 0 && kRng() % 8 == 0;
			const int iDX = bZero ? 0 : static_cast<int>(kRng() % (2 * iReachX + 1)) - iReachX;
			const int iDY = bZero ? 0 : static_cast<int>(kRng() % (2 * iReachY + 1)) - iReachY;
			const bool bFirst = (kRng() & 1) != 0;
			const bool bOuter = (kRng() & 1) != 0;
			const CvVisionSource& kS = kCase.kSource;
			const bool bFast = kEngine.canSeeDisplacement(kGrid, kS.iX, kS.iY, iDX, iDY, kS.eTeam, bFirst, bOuter);
			const bool bSlow = referenceCanSeeDisplacementPlot(kGrid, kS.iX, kS.iY, kS.eTeam, iDX, iDY, bFirst, bOuter);
			++iDisplacementQueries;
			if (bFast != bSlow)
			{
				++iMismatches;
				ADD_FAILURE() << "canSeeDisplacement (" << iDX << "," << iDY << ") first " << bFirst << " outer "
							  << bOuter << " differs: " << kCase.describe();
			}
		}
		// canSeePlot towards a few plots anywhere on the map (it does not check the range).
		for (int iTarget = 0; iTarget < 4; ++iTarget)
		{
			const int iToX = kRng() % kCase.iWidth;
			const int iToY = kRng() % kCase.iHeight;
			const CvVisionSource& kS = kCase.kSource;
			const bool bFast = kEngine.canSeePlot(kGrid, kS.iX, kS.iY, iToX, iToY, kS.eTeam, kS.iRange, kS.eFacing);
			const bool bSlow =
				referenceCanSeePlot(kGrid, kS.iX, kS.iY, iToX, iToY, kS.eTeam, kS.iRange, kS.eFacing, true);
			if (bFast != bSlow)
			{
				++iMismatches;
				ADD_FAILURE() << "canSeePlot differs towards (" << iToX << "," << iToY << "): " << kCase.describe();
			}
		}
	}
	EXPECT_EQ(0, iMismatches);
	RecordProperty("cases", iCases);
	std::printf("shard %d: %d cases (ranges %d..%d), %lld count changes compared in order, %lld "
				"canSeeDisplacement queries, %d mismatches\n",
		GetParam(), iCases, iMinRange, iMaxRange, iChangesCompared, iDisplacementQueries, iMismatches);
}

INSTANTIATE_TEST_SUITE_P(Shards, Differential, ::testing::Range(0, SHARDS));

TEST(DifferentialCanSeePlot, FarTargetsOnLargeMaps)
{
	// canSeePlot beyond any sight square: long, thin lines of sight on a wide map.
	const CvVisionEngine kEngine;
	std::mt19937 kRng(7u);
	PlotGrid kGrid(300, 120, true, false);
	TerrainMix kMix;
	kMix.iWater = 10;
	kMix.iHills = 3;
	kMix.iPeaks = 0;
	kMix.iForest = 2;
	randomizeTerrain(kGrid, kRng, kMix);
	int iSeen = 0;
	for (int i = 0; i < 20000; ++i)
	{
		const int iFromX = kRng() % 300, iFromY = kRng() % 120, iToX = kRng() % 300, iToY = kRng() % 120;
		const int iRange = kRng() % 4;
		const bool bFast = kEngine.canSeePlot(kGrid, iFromX, iFromY, iToX, iToY, 0, iRange, CV_VISION_NO_DIRECTION);
		ASSERT_EQ(
			referenceCanSeePlot(kGrid, iFromX, iFromY, iToX, iToY, 0, iRange, CV_VISION_NO_DIRECTION, true), bFast)
			<< "(" << iFromX << "," << iFromY << ") -> (" << iToX << "," << iToY << ") range " << iRange;
		iSeen += bFast;
	}
	EXPECT_GT(iSeen, 100) << "the test should see some far plots";
}

TEST(DifferentialOrder, LineOfSightUnitsOnMapsNarrowerThanTheirSquare)
{
	// A line-of-sight unit's 3x3 gets +1 then -1, and on a wrapping map narrower than its square
	// some of those plots are also seen through another displacement: the order of the changes
	// decides where the count passes through 0. Every case here is one of those.
	const CvVisionEngine kEngine;
	std::mt19937 kRng(4242u);
	int iOrderShows = 0;
	for (int iCase = 0; iCase < 4000; ++iCase)
	{
		const int iRange = static_cast<int>(kRng() % 6);
		const int iSide = 2 * (iRange + 1) + 1;
		const bool bNarrowX = (kRng() & 1) != 0;
		const int iWidth = bNarrowX ? 1 + static_cast<int>(kRng() % (iSide - 1)) : 1 + static_cast<int>(kRng() % 20);
		const int iHeight = bNarrowX ? 1 + static_cast<int>(kRng() % 20) : 1 + static_cast<int>(kRng() % (iSide - 1));
		PlotGrid kGrid(iWidth, iHeight, bNarrowX || (kRng() & 1) != 0, !bNarrowX || (kRng() & 1) != 0);
		TerrainMix kMix;
		randomizeTerrain(kGrid, kRng, kMix);
		int aeTypes[2] = { 0, 1 };
		CvVisionSource kSource(static_cast<int>(kRng() % iWidth), static_cast<int>(kRng() % iHeight), 0, iRange, false,
			static_cast<int>(kRng() % 8));
		kSource.paeSeeInvisible = aeTypes;
		kSource.iNumSeeInvisible = static_cast<int>(kRng() % 3);
		const int iDelta = (iCase % 2) ? 1 : -1;
		RecordingSink kFast, kSlow;
		ASSERT_EQ(CV_VISION_OK, kEngine.changeAdjacentSight(kGrid, kFast, kSource, iDelta));
		referenceChangeAdjacentSight(kGrid, kSlow, kSource, iDelta, true);
		ASSERT_EQ(kSlow.aChanges, kFast.aChanges)
			<< iWidth << "x" << iHeight << " range " << iRange << " case " << iCase;
		// Would the table's order (a pass's sight changes, then its reveals) differ per plot?
		const int iPasses = std::max(1, kSource.iNumSeeInvisible);
		const int iPassSize = static_cast<int>(kSlow.aChanges.size()) / iPasses;
		RecordingSink kTableOrder;
		for (int iPass = 0; iPass < iPasses; ++iPass)
		{
			std::vector<bool> abReveal(iPassSize, false);
			for (int i = 0; i < iPassSize; ++i)
			{
				// A reveal is +1 then at once -1: the one change against iDelta and its partner.
				if (std::get<3>(kSlow.aChanges[iPass * iPassSize + i]) != iDelta)
				{
					abReveal[i] = true;
					abReveal[iDelta > 0 ? i - 1 : i + 1] = true;
				}
			}
			for (int iReveals = 0; iReveals < 2; ++iReveals)
			{
				for (int i = 0; i < iPassSize; ++i)
				{
					if (abReveal[i] == (iReveals == 1))
					{
						kTableOrder.aChanges.push_back(kSlow.aChanges[iPass * iPassSize + i]);
					}
				}
			}
		}
		ASSERT_EQ(kSlow.sorted(), kTableOrder.sorted());
		iOrderShows += kTableOrder.perPlot() != kSlow.perPlot();
	}
	std::printf("line-of-sight units on narrow wrapped maps: the order shows in %d of 4000 cases\n", iOrderShows);
	EXPECT_GT(iOrderShows, 400) << "the cases should be ones where the order matters";
}

TEST(DifferentialCanSeeDisplacement, EveryArgumentAgreesWithTheRecursion)
{
	// BTS's canSeeDisplacementPlot step against the reference's: 200,000 random queries on small
	// maps (wrapping or not), displacements up to three times round an axis, every flag pair.
	const CvVisionEngine kEngine;
	std::mt19937 kRng(31337u);
	int iTrue = 0;
	const int iQueries = 200000;
	for (int iMap = 0; iMap < iQueries / 100; ++iMap)
	{
		const int iWidth = 1 + static_cast<int>(kRng() % 12);
		const int iHeight = 1 + static_cast<int>(kRng() % 12);
		PlotGrid kGrid(iWidth, iHeight, (kRng() & 1) != 0, (kRng() & 1) != 0);
		TerrainMix kMix;
		kMix.iWater = static_cast<int>(kRng() % 50);
		kMix.iHills = static_cast<int>(kRng() % 30);
		kMix.iPeaks = static_cast<int>(kRng() % 15);
		randomizeTerrain(kGrid, kRng, kMix);
		kGrid.setExtraWaterSeeFrom(0, (kRng() & 1) != 0);
		for (int iQuery = 0; iQuery < 100; ++iQuery)
		{
			const int iX = static_cast<int>(kRng() % iWidth);
			const int iY = static_cast<int>(kRng() % iHeight);
			const int iReachX = 3 * iWidth + 1;
			const int iReachY = 3 * iHeight + 1;
			const bool bZero = kRng() % 16 == 0;
			const int iDX = bZero ? 0 : static_cast<int>(kRng() % (2 * iReachX + 1)) - iReachX;
			const int iDY = bZero ? 0 : static_cast<int>(kRng() % (2 * iReachY + 1)) - iReachY;
			const bool bFirst = (kRng() & 1) != 0;
			const bool bOuter = (kRng() & 1) != 0;
			const bool bFast = kEngine.canSeeDisplacement(kGrid, iX, iY, iDX, iDY, 0, bFirst, bOuter);
			ASSERT_EQ(referenceCanSeeDisplacementPlot(kGrid, iX, iY, 0, iDX, iDY, bFirst, bOuter), bFast)
				<< iWidth << "x" << iHeight << " wrap " << kGrid.isWrapX() << kGrid.isWrapY() << " from (" << iX << ","
				<< iY << ") d (" << iDX << "," << iDY << ") first " << bFirst << " outer " << bOuter;
			iTrue += bFast;
		}
	}
	EXPECT_GT(iTrue, iQueries / 20) << "the queries should see something";
	EXPECT_LT(iTrue, iQueries - iQueries / 10) << "and miss something";
}
