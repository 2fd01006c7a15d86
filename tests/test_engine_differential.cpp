// Engine against the spec-literal reference over random maps and sources: the full list of count
// changes must match (plot, team, invisible type, delta), and canSeePlot must agree.
#include "CvVisionEngine.h"
#include "PlotGrid.h"
#include "RandomMaps.h"
#include "ReferenceVision.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <sstream>

namespace
{
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
				 << kSource.eFacing << " types " << kSource.iNumSeeInvisible << " optics " << bOptics
				 << " map seed " << iMapSeed;
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
		kSource.iRange = kRng() % 11;
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
	{
	};
}

TEST_P(Differential, EngineMatchesReference)
{
	const CvVisionEngine kEngine;
	std::mt19937 kRng(20261122u + GetParam());
	int iMismatches = 0;
	long long iChangesCompared = 0;
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
			if (kPlain.sorted() != kSlow.sorted())
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
		// canSeePlot towards a few plots anywhere on the map (it does not check the range).
		for (int iTarget = 0; iTarget < 4; ++iTarget)
		{
			const int iToX = kRng() % kCase.iWidth;
			const int iToY = kRng() % kCase.iHeight;
			const CvVisionSource& kS = kCase.kSource;
			const bool bFast = kEngine.canSeePlot(kGrid, kS.iX, kS.iY, iToX, iToY, kS.eTeam, kS.iRange, kS.eFacing);
			const bool bSlow = referenceCanSeePlot(kGrid, kS.iX, kS.iY, iToX, iToY, kS.eTeam, kS.iRange, kS.eFacing, true);
			if (bFast != bSlow)
			{
				++iMismatches;
				ADD_FAILURE() << "canSeePlot differs towards (" << iToX << "," << iToY << "): " << kCase.describe();
			}
		}
	}
	EXPECT_EQ(0, iMismatches);
	RecordProperty("cases", iCases);
	std::printf("shard %d: %d cases, %lld count changes compared, %d mismatches\n", GetParam(), iCases,
		iChangesCompared, iMismatches);
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
		ASSERT_EQ(referenceCanSeePlot(kGrid, iFromX, iFromY, iToX, iToY, 0, iRange, CV_VISION_NO_DIRECTION, true), bFast)
			<< "(" << iFromX << "," << iFromY << ") -> (" << iToX << "," << iToY << ") range " << iRange;
		iSeen += bFast;
	}
	EXPECT_GT(iSeen, 100) << "the test should see some far plots";
}
