// BTS's order across plots: a sight's count changes come as BTS's loop makes them (per
// see-invisible pass, dx from -ring to ring, then dy; a line-of-sight unit's reveal right after the
// sight change of its own displacement, docs/vision-rules.md, section 2, step 5). The game sees that
// order: a count turning positive reveals the plot and makes its owner meet the team, so two unmet
// owners are met in this order. The oracle is the reference's straightforward dx-then-dy loop
// (ReferenceVision.h), compared change by change, for every range and kind of source.
#include "CvVisionLedger.h"
#include "model/PlotGrid.h"
#include "RandomMaps.h"
#include "ReferenceVision.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

using namespace cvv;

namespace {

struct SourceKind
{
	const char* szName;
	bool bAerial;
	int eFacing;
	int iNumSeeInvisible;
};

// Every kind of source the adapter makes: a plot's or a unit's ground sight, an aerial one (an air
// unit, a recon plot), a line-of-sight unit facing each way, see-invisible passes.
std::vector<SourceKind> sourceKinds()
{
	std::vector<SourceKind> aKinds = {
		{ "ground", false, CV_VISION_NO_DIRECTION, 0 },
		{ "ground, two see-invisible passes", false, CV_VISION_NO_DIRECTION, 2 },
		{ "aerial", true, CV_VISION_NO_DIRECTION, 0 },
		{ "aerial, two see-invisible passes", true, CV_VISION_NO_DIRECTION, 2 },
	};
	static const char* const aszFacing[CV_VISION_NUM_DIRECTIONS] = { "line of sight facing N",
		"line of sight facing NE", "line of sight facing E", "line of sight facing SE", "line of sight facing S",
		"line of sight facing SW", "line of sight facing W", "line of sight facing NW" };
	for (int eFacing = 0; eFacing < CV_VISION_NUM_DIRECTIONS; ++eFacing)
	{
		aKinds.push_back({ aszFacing[eFacing], false, eFacing, eFacing % 3 == 0 ? 2 : 0 });
	}
	return aKinds;
}

struct Board
{
	const char* szName;
	PlotGrid kGrid;
	std::vector<std::pair<int, int>> aOrigins;
};

// A large map (origins inside, on an edge, in a corner), one wrapping in X (an origin on the seam)
// and a small one wrapping both ways (squares that wrap onto themselves).
std::vector<Board> boards()
{
	std::mt19937 kRng(37);
	TerrainMix kMix;
	kMix.iHills = 20;
	kMix.iPeaks = 6;
	std::vector<Board> aBoards;
	aBoards.push_back(
		{ "90x90, not wrapping", PlotGrid(90, 90, false, false), { { 45, 45 }, { 2, 60 }, { 0, 0 }, { 89, 88 } } });
	aBoards.push_back({ "40x30, wrapping X", PlotGrid(40, 30, true, false), { { 0, 15 }, { 39, 2 } } });
	aBoards.push_back({ "7x5, wrapping X and Y", PlotGrid(7, 5, true, true), { { 3, 2 }, { 0, 4 } } });
	for (Board& kBoard : aBoards)
	{
		randomizeTerrain(kBoard.kGrid, kRng, kMix);
	}
	return aBoards;
}

// The ranges: every one BTS takes around the table's (negative, 0..32, past it).
std::vector<int> ranges()
{
	std::vector<int> aiRanges;
	for (int iRange = -2; iRange <= 34; ++iRange)
	{
		aiRanges.push_back(iRange);
	}
	aiRanges.push_back(40);
	return aiRanges;
}

CvVisionSource sourceOf(const SourceKind& kKind, int iX, int iY, int iRange, const int* paeTypes)
{
	CvVisionSource kSource(iX, iY, 1, iRange, kKind.bAerial, kKind.eFacing);
	kSource.paeSeeInvisible = kKind.iNumSeeInvisible > 0 ? paeTypes : NULL;
	kSource.iNumSeeInvisible = kKind.iNumSeeInvisible;
	return kSource;
}

std::string describe(const Board& kBoard, const SourceKind& kKind, const CvVisionSource& kSource, int iChange)
{
	std::ostringstream kOut;
	kOut << kBoard.szName << ", " << kKind.szName << " on (" << kSource.iX << "," << kSource.iY << "), range "
		 << kSource.iRange << (iChange > 0 ? ", add" : ", remove");
	return kOut.str();
}

} // namespace

TEST(EmissionOrder, EveryRangeAndKindOfSourceComesInBtsLoopOrder)
{
	const CvVisionEngine kEngine;
	const int aeTypes[2] = { 1, 0 };
	long long iChanges = 0;
	int iSights = 0;
	for (const Board& kBoard : boards())
	{
		for (const std::pair<int, int>& kOrigin : kBoard.aOrigins)
		{
			for (const SourceKind& kKind : sourceKinds())
			{
				for (int iRange : ranges())
				{
					const CvVisionSource kSource = sourceOf(kKind, kOrigin.first, kOrigin.second, iRange, aeTypes);
					for (int iChange = 1; iChange >= -1; iChange -= 2)
					{
						RecordingSink kEngineOrder, kLoopOrder;
						ASSERT_EQ(
							CV_VISION_OK, kEngine.changeAdjacentSight(kBoard.kGrid, kEngineOrder, kSource, iChange));
						referenceChangeAdjacentSight(kBoard.kGrid, kLoopOrder, kSource, iChange, true);
						ASSERT_EQ(kLoopOrder.aChanges, kEngineOrder.aChanges)
							<< describe(kBoard, kKind, kSource, iChange);
						iChanges += static_cast<long long>(kLoopOrder.aChanges.size());
						++iSights;
					}
				}
			}
		}
	}
	std::printf("emission order: %d sights, %lld count changes, each in BTS's loop order\n", iSights, iChanges);
	EXPECT_GT(iChanges, 1000000) << "the sights should see a good deal";
}

TEST(EmissionOrder, SeenPlotsAreListedInBtsLoopOrderUnderEverySightModel)
{
	// seenPlots (and so the ledger's compact records) lists a sight dx then dy, whatever the model.
	for (int eModel = CV_VISION_SIGHT_BTS; eModel <= CV_VISION_SIGHT_SYMMETRIC; ++eModel)
	{
		CvVisionOptions kOptions;
		kOptions.eSightModel = eModel;
		const CvVisionEngine kEngine(CvVisionTables::standard(), kOptions);
		for (const Board& kBoard : boards())
		{
			const PlotGrid& kGrid = kBoard.kGrid;
			for (int iRange = 0; iRange <= 12; ++iRange)
			{
				const CvVisionSource kSource(kBoard.aOrigins[0].first, kBoard.aOrigins[0].second, 0, iRange);
				if (!kEngine.sightIsTableSubset(kGrid, kSource) && eModel == CV_VISION_SIGHT_BTS)
				{
					continue; // a square that wraps onto itself: a plot may stand at two places
				}
				std::vector<int> aiPlots(CV_VISION_MAX_ENTRIES);
				const int iCount = kEngine.seenPlots(kGrid, kSource, aiPlots.data());
				ASSERT_GT(iCount, 0);
				std::pair<int, int> kPrevious(-1000, -1000);
				for (int i = 0; i < iCount; ++i)
				{
					const int iWidth = kGrid.getGridWidth();
					const std::pair<int, int> kDisplacement(
						cvVisionWrapDelta(aiPlots[i] % iWidth - kSource.iX, iWidth, kGrid.isWrapX()),
						cvVisionWrapDelta(aiPlots[i] / iWidth - kSource.iY, kGrid.getGridHeight(), kGrid.isWrapY()));
					ASSERT_LT(kPrevious, kDisplacement)
						<< kBoard.szName << ", model " << eModel << ", range " << iRange;
					kPrevious = kDisplacement;
				}
			}
		}
	}
}

TEST(EmissionOrder, TheLedgerAddsAndReAddsInBtsLoopOrder)
{
	// The ledger's add (compact or full record) and the add half of its re-sight after a level
	// change are what BTS's loop makes; its remove is BTS's where a reveal could make a plot visible.
	const CvVisionEngine kEngine;
	const int aeTypes[2] = { 1, 0 };
	int iResights = 0;
	for (const Board& kBoard : boards())
	{
		for (const SourceKind& kKind : sourceKinds())
		{
			for (int iRange = -1; iRange <= 10; ++iRange)
			{
				const std::pair<int, int>& kOrigin = kBoard.aOrigins[iRange % 2 == 0 ? 0 : kBoard.aOrigins.size() - 1];
				PlotGrid kGrid = kBoard.kGrid;
				const CvVisionSource kSource = sourceOf(kKind, kOrigin.first, kOrigin.second, iRange, aeTypes);
				const std::string szWhat = describe(kBoard, kKind, kSource, 1);
				CvVisionLedger kLedger;
				const CvVisionSourceKey kKey(CV_VISION_SOURCE_UNIT, 0, iRange + 10, kSource.eTeam);
				RecordingSink kAdded, kLoopAdd;
				ASSERT_EQ(CV_VISION_OK, kLedger.add(kKey, kEngine, kGrid, kAdded, &kSource, 1));
				referenceChangeAdjacentSight(kGrid, kLoopAdd, kSource, 1, true);
				ASSERT_EQ(kLoopAdd.aChanges, kAdded.aChanges) << szWhat;

				// Peaks next to the source: its sight changes; the re-sight takes the old record back
				// and makes the new sight, that half in BTS's order.
				kGrid.setPeak((kSource.iX + 1) % kGrid.getGridWidth(), kSource.iY);
				kGrid.setPeak(kSource.iX, (kSource.iY + 1) % kGrid.getGridHeight());
				RecordingSink kResight, kLoopReAdd;
				ASSERT_EQ(CV_VISION_OK, kLedger.resight(kKey, kEngine, kGrid, kResight, &kSource, 1));
				referenceChangeAdjacentSight(kGrid, kLoopReAdd, kSource, 1, true);
				if (kResight.aChanges.empty())
				{
					continue; // the sight did not change
				}
				++iResights;
				ASSERT_GE(kResight.aChanges.size(), kLoopReAdd.aChanges.size()) << szWhat;
				const std::vector<CountChange> aReAdded(
					kResight.aChanges.end() - kLoopReAdd.aChanges.size(), kResight.aChanges.end());
				ASSERT_EQ(kLoopReAdd.aChanges, aReAdded) << szWhat;

				if (!kKind.bAerial && kKind.eFacing != CV_VISION_NO_DIRECTION)
				{
					RecordingSink kRemoved, kLoopRemove;
					ASSERT_TRUE(kLedger.remove(kKey, kRemoved));
					referenceChangeAdjacentSight(kGrid, kLoopRemove, kSource, -1, true);
					ASSERT_EQ(kLoopRemove.aChanges, kRemoved.aChanges)
						<< szWhat << ": the remove of a unit with reveals";
				}
			}
		}
	}
	EXPECT_GT(iResights, 60) << "the peaks should change many sights";
}
