// The knowledge-aware pathfinder (CvPathfinder, CvKnowledgeView, PathQuery): known costs on
// hand-made maps, the textbook A* as a reference on random maps, knowledge against truth, the
// fallback, the uniformity of equal-cost paths, determinism and wrap.
#include "CvPathfinder.h"
#include "analysis/PathQuery.h"
#include "formats/RulesLoader.h"
#include "PathTestWorld.h"
#include "engine/TextbookAStar.h"

#include <gtest/gtest.h>

#include <map>
#include <queue>
#include <random>
#include <set>

using namespace cvv;

namespace {
CvPathResult truthPath(const GridWorld& kWorld, const CvPathCost& kCost, int iFrom, int iTo, unsigned uSeed = 1)
{
	CvPathfinder kFinder;
	return kFinder.findPath(CvTruthView<GridWorld>(kWorld), kCost, iFrom, iTo, uSeed);
}

int cost(const std::vector<std::string>& asRows, const std::string& sUnit, std::pair<int, int> kFrom,
	std::pair<int, int> kTo, std::set<std::string> asTechs = {})
{
	const GridWorld kWorld(asRows);
	const CvPathCost kCost(vanilla(), unitOf(sUnit, asTechs));
	const CvPathResult kPath =
		truthPath(kWorld, kCost, kWorld.at(kFrom.first, kFrom.second), kWorld.at(kTo.first, kTo.second));
	EXPECT_EQ(kPath.eStatus, CV_PATH_FOUND);
	return kPath.iCost;
}

// Every step of the path joins neighbours the unit can enter, and the steps add up to its cost.
template <class View>
void expectValidPath(const View& kView, const CvPathCost& kCost, const CvPathResult& kPath, int iFrom)
{
	ASSERT_FALSE(kPath.aiPlots.empty());
	EXPECT_EQ(kPath.aiPlots.front(), iFrom);
	const int iWidth = kView.getGridWidth();
	int iSum = 0;
	for (size_t i = 1; i < kPath.aiPlots.size(); ++i)
	{
		const int iA = kPath.aiPlots[i - 1];
		const int iB = kPath.aiPlots[i];
		EXPECT_EQ(CvPathfinder::distance(iA % iWidth, iA / iWidth, iB % iWidth, iB / iWidth, iWidth,
					  kView.getGridHeight(), kView.isWrapX(), kView.isWrapY()),
			1);
		const CvPathEnter kTo = kCost.enter(kView.plot(iB));
		ASSERT_GE(kTo.iRegular, 0);
		iSum += CvPathCost::step(kCost.enter(kView.plot(iA)), kTo);
	}
	EXPECT_EQ(iSum, kPath.iCost);
}
}

// --- known costs --------------------------------------------------------------------------------

TEST(PathCost, FlatStraightAndDiagonalStepsCostOneMove)
{
	EXPECT_EQ(cost({ "........" }, "UNIT_WARRIOR", { 0, 0 }, { 7, 0 }), 7 * 60);
	// Diagonals cost as much as straight steps: 5 steps to (5,5).
	EXPECT_EQ(cost({ "......", "......", "......", "......", "......", "......" }, "UNIT_WARRIOR", { 0, 0 }, { 5, 5 }),
		5 * 60);
}

TEST(PathCost, ForestAndHillsCostTwoMovesButNeverMoreThanTheUnitHas)
{
	// A scout (2 moves) pays 2 for forest and hills, 2 (not 3) for forested hills.
	EXPECT_EQ(cost({ ".ffF." }, "UNIT_SCOUT", { 0, 0 }, { 4, 0 }), 120 + 120 + 120 + 60);
	EXPECT_EQ(cost({ ".hh." }, "UNIT_SCOUT", { 0, 0 }, { 3, 0 }), 120 + 120 + 60);
	// A warrior (1 move) spends its one move on any plot.
	EXPECT_EQ(cost({ ".ffF." }, "UNIT_WARRIOR", { 0, 0 }, { 4, 0 }), 4 * 60);
}

TEST(PathCost, RoutesHelpOnlyWhenBothPlotsHaveOne)
{
	// Road to road: 30 (half a move); road to grass or grass to road: the plot's own cost.
	EXPECT_EQ(cost({ "====" }, "UNIT_WARRIOR", { 0, 0 }, { 3, 0 }), 3 * 30);
	EXPECT_EQ(cost({ "=.=." }, "UNIT_WARRIOR", { 0, 0 }, { 3, 0 }), 3 * 60);
	// A scout on roads: 30 a step (its flat cost, 30 times 2 moves, is no better).
	EXPECT_EQ(cost({ ".====." }, "UNIT_SCOUT", { 0, 0 }, { 5, 0 }), 60 + 3 * 30 + 60);
	// Engineering: roads cost 20.
	EXPECT_EQ(cost({ "====" }, "UNIT_WARRIOR", { 0, 0 }, { 3, 0 }, { "TECH_ENGINEERING" }), 3 * 20);
	// Railroad: iFlatMovement 6 times the base moves: 6 for a warrior, 12 for a scout.
	EXPECT_EQ(cost({ "####" }, "UNIT_WARRIOR", { 0, 0 }, { 3, 0 }), 3 * 6);
	EXPECT_EQ(cost({ "####" }, "UNIT_SCOUT", { 0, 0 }, { 3, 0 }), 3 * 12);
	// Road to railroad: the larger of the two routes' costs.
	EXPECT_EQ(cost({ "=#" }, "UNIT_WARRIOR", { 0, 0 }, { 1, 0 }), 30);
}

TEST(PathCost, PeaksAndWaterAreClosedToLandUnitsAndLandToShips)
{
	// Round a lone peak diagonally: as cheap as through it.
	EXPECT_EQ(cost({ "...", ".^.", "..." }, "UNIT_WARRIOR", { 0, 1 }, { 2, 1 }), 2 * 60);
	// A wall of peaks or water: round its end, 6 steps instead of 4.
	EXPECT_EQ(cost({ "..^..", "..^..", "..^..", "....." }, "UNIT_WARRIOR", { 0, 3 }, { 4, 3 }), 6 * 60);
	EXPECT_EQ(cost({ "..~..", "..~..", "..~..", "....." }, "UNIT_WARRIOR", { 0, 3 }, { 4, 3 }), 6 * 60);
	// A galley keeps to the water.
	EXPECT_EQ(cost({ "~~~~~", "~...~", "~~~~~" }, "UNIT_GALLEY", { 0, 1 }, { 4, 1 }), 4 * 60);
}

TEST(PathCost, ClosedBordersAreAKnob)
{
	const std::vector<std::string> asRows = { "..1..", "..1..", "..1..", "....." };
	EXPECT_EQ(cost(asRows, "UNIT_WARRIOR", { 0, 3 }, { 4, 3 }), 6 * 60); // around team 1's plots
	CvVisionRules kRules = vanilla();
	kRules.setKnob(CV_VISION_KNOB_PATH_CLOSED_BORDERS, 0);
	const GridWorld kWorld(asRows);
	const CvPathResult kPath =
		truthPath(kWorld, CvPathCost(kRules, unitOf("UNIT_WARRIOR")), kWorld.at(0, 3), kWorld.at(4, 3));
	EXPECT_EQ(kPath.iCost, 4 * 60);
}

TEST(PathCost, UnknownPlotsCostTheAverageLandMoveOrAreAvoided)
{
	GridWorld kWorld({ ".....", ".....", "....." });
	for (int iX = 1; iX <= 3; ++iX)
	{
		kWorld.abVisible[kWorld.at(iX, 2)] = kWorld.abRevealed[kWorld.at(iX, 2)] = 0;
		kWorld.abVisible[kWorld.at(iX, 1)] = kWorld.abRevealed[kWorld.at(iX, 1)] = 0;
	}
	const CvKnowledgeView<GridWorld> kView(kWorld, 0);
	CvPathfinder kFinder;
	const CvPathCost kAssume(vanilla(), unitOf("UNIT_WARRIOR"));
	EXPECT_EQ(kAssume.unknownCost(), 60); // every vanilla land terrain costs one move
	EXPECT_EQ(kFinder.findPath(kView, kAssume, kWorld.at(0, 2), kWorld.at(4, 2), 1).iCost, 4 * 60);
	CvVisionRules kRules = vanilla();
	kRules.setKnob(CV_VISION_KNOB_PATH_UNKNOWN_PLOTS, 1);
	const CvPathCost kAvoid(kRules, unitOf("UNIT_WARRIOR"));
	EXPECT_EQ(kAvoid.unknownCost(), -1);
	const CvPathResult& kPath = kFinder.findPath(kView, kAvoid, kWorld.at(0, 2), kWorld.at(4, 2), 1);
	EXPECT_EQ(kPath.iCost, 6 * 60); // down to row 0 and back up
	for (const int iPlot : kPath.aiPlots)
	{
		EXPECT_TRUE(kWorld.abRevealed[iPlot]);
	}
}

// --- the knowledge view ---------------------------------------------------------------------------

TEST(KnowledgeView, AnswersFromTheTruthMemoryOrNothing)
{
	GridWorld kWorld({ "=h" });
	kWorld.aiRevealedRoute[0] = -1; // the road was built after the team last saw the plot
	kWorld.aiRevealedOwner[1] = 1;
	const CvKnowledgeView<GridWorld> kView(kWorld, 0);
	EXPECT_EQ(kView.plot(0).eRoute, 0); // seen now: the truth
	kWorld.abVisible[0] = kWorld.abVisible[1] = 0;
	EXPECT_EQ(kView.plot(0).eRoute, -1); // fogged: memory
	EXPECT_EQ(kView.plot(1).eOwner, 1);
	EXPECT_EQ(kView.plot(1).eKind, CV_VISION_PLOT_HILLS); // the ground as the game shows it in the fog
	kWorld.abRevealed[1] = 0;
	EXPECT_FALSE(kView.plot(1).bKnown);
}

namespace {
// A 16x3 world of hills for team 0, whose warrior walked the middle row to reveal it all (on
// hills among hills it sees its 3x3 square) and now stands at (0,1); a scout (2 moves) plans
// from (0,1) to (15,1).
struct HillsWorld
{
	VisionWorld kWorld;
	int iWarrior;
	PathMover kMover;

	HillsWorld() : kWorld(vanilla(), 16, 3, false, false, 2)
	{
		for (int i = 0; i < kWorld.plotCount(); ++i)
		{
			kWorld.setPlotKind(i, CV_VISION_PLOT_HILLS);
		}
		iWarrior = kWorld.createUnit(type(vanilla().findUnit("UNIT_WARRIOR")), 0, 0, 1);
		for (int iX = 1; iX < 16; ++iX)
		{
			kWorld.moveUnit(iWarrior, iX, 1);
		}
		kWorld.moveUnit(iWarrior, 0, 1);
		kMover.eTeam = 0;
		kMover.eUnitType = type(vanilla().findUnit("UNIT_SCOUT"));
	}

	PathAnswer plan(unsigned uSeed = 7) { return planPath(kWorld, vanilla(), kMover, { 0, 1 }, { 15, 1 }, uSeed); }
	void buildRoad(int iFromX, int iToX)
	{
		for (int iX = iFromX; iX <= iToX; ++iX)
		{
			kWorld.setRoute(16 + iX, type(vanilla().findRoute("ROUTE_ROAD")));
		}
	}
};
}

TEST(KnowledgeView, ARouteBuiltOutOfSightDoesNotChangeThePlannedPath)
{
	HillsWorld k;
	const PathAnswer kBefore = k.plan();
	EXPECT_EQ(kBefore.kKnowledge.iCost, 15 * 120);
	k.buildRoad(4, 13); // the warrior on (0,1) sees x <= 1
	const PathAnswer kAfter = k.plan();
	EXPECT_EQ(kAfter.kKnowledge.aiPlots, kBefore.kKnowledge.aiPlots);
	EXPECT_EQ(kAfter.kKnowledge.iCost, kBefore.kKnowledge.iCost);
	// The truth knows the road: 9 road steps of 30 and 6 hills steps of 120.
	EXPECT_EQ(kAfter.kTruth.iCost, 9 * 30 + 6 * 120);
}

TEST(KnowledgeView, ARouteBuiltInSightChangesThePlannedPath)
{
	HillsWorld k;
	const PathAnswer kBefore = k.plan();
	k.kWorld.moveUnit(k.iWarrior, 8, 1); // sees x 7..9
	EXPECT_EQ(k.plan().kKnowledge.aiPlots, kBefore.kKnowledge.aiPlots); // nothing new to see
	k.buildRoad(4, 13);
	const PathAnswer kAfter = k.plan();
	EXPECT_NE(kAfter.kKnowledge.aiPlots, kBefore.kKnowledge.aiPlots);
	EXPECT_EQ(kAfter.kKnowledge.iCost, 2 * 30 + 13 * 120); // the road it saw: x 7..9
	// And when the warrior walks away, the team remembers the road.
	k.kWorld.moveUnit(k.iWarrior, 0, 0);
	EXPECT_EQ(k.plan().kKnowledge.iCost, kAfter.kKnowledge.iCost);
}

// --- the fallback ---------------------------------------------------------------------------------

TEST(PathFallback, AnEnclosedGoalEndsOnTheClosestReachablePlotWithTheLowestCost)
{
	// The goal (6,2) inside a ring of peaks: the closest reachable plots are 2 away; of those,
	// (4,2), (4,1) and (4,3) are the cheapest to reach (4 moves).
	const GridWorld kWorld({ "........", ".....^^^", ".....^.^", ".....^^^", "........" });
	const CvPathCost kCost(vanilla(), unitOf("UNIT_WARRIOR"));
	const CvPathResult kPath = truthPath(kWorld, kCost, kWorld.at(0, 2), kWorld.at(6, 2));
	EXPECT_EQ(kPath.eStatus, CV_PATH_FALLBACK);
	const int iEnd = kPath.aiPlots.back();
	EXPECT_EQ(CvPathfinder::distance(iEnd % 8, iEnd / 8, 6, 2, 8, 5, false, false), 2);
	EXPECT_EQ(kPath.iCost, 4 * 60);
	EXPECT_EQ(iEnd % 8, 4);
	expectValidPath(CvTruthView<GridWorld>(kWorld), kCost, kPath, kWorld.at(0, 2));
	// A peak as the goal: its neighbours are 1 away.
	const CvPathResult kPeak = truthPath(kWorld, kCost, kWorld.at(0, 2), kWorld.at(5, 2));
	EXPECT_EQ(kPeak.eStatus, CV_PATH_FALLBACK);
	EXPECT_EQ(kPeak.iCost, 4 * 60);
}

TEST(PathFallback, TiesOnDistanceGoToTheLowerCost)
{
	// The goal (8,1) lies behind a wall of peaks; the closest reachable plots, 3 away, are (5,0),
	// (5,1) and (5,2). A scout reaches (5,2) over grass in 5 moves; the others are forest (2 moves).
	const GridWorld kWorld({ "......^..", "ffffff^..", "ffffff^.." });
	const CvPathCost kCost(vanilla(), unitOf("UNIT_SCOUT"));
	const CvPathResult kPath = truthPath(kWorld, kCost, kWorld.at(0, 2), kWorld.at(8, 1));
	EXPECT_EQ(kPath.eStatus, CV_PATH_FALLBACK);
	EXPECT_EQ(kPath.aiPlots.back(), kWorld.at(5, 2));
	EXPECT_EQ(kPath.iCost, 5 * 60);
}

// --- uniformity and determinism -----------------------------------------------------------------

namespace {
// Chi-square critical value for 16 degrees of freedom at p = 0.001.
const double CHI_SQUARE_16_P001 = 39.252;

double chiSquare(const std::map<std::vector<int>, int>& kCounts, int iPaths, int iDraws)
{
	const double fExpected = static_cast<double>(iDraws) / iPaths;
	double fChi = 0;
	for (const auto& [aiPath, iCount] : kCounts)
	{
		fChi += (iCount - fExpected) * (iCount - fExpected) / fExpected;
	}
	fChi += (iPaths - static_cast<int>(kCounts.size())) * fExpected; // paths never drawn
	return fChi;
}
}

TEST(PathUniformity, EqualCostPathsAreEquallyLikely)
{
	// A corridor 3 high: from (0,1) to (4,1) every shortest path takes 4 steps east, each up,
	// level or down within the corridor: 17 paths (walks of 4 from the middle back to it).
	const GridWorld kWorld({ ".....", ".....", "....." });
	const CvPathCost kCost(vanilla(), unitOf("UNIT_WARRIOR"));
	const int iPaths = 17;
	const int iDraws = 17 * 1500;
	CvPathfinder kFinder;
	std::map<std::vector<int>, int> kCounts;
	for (int iSeed = 0; iSeed < iDraws; ++iSeed)
	{
		const CvPathResult& kPath = kFinder.findPath(
			CvTruthView<GridWorld>(kWorld), kCost, kWorld.at(0, 1), kWorld.at(4, 1), static_cast<unsigned>(iSeed));
		ASSERT_EQ(kPath.iCost, 4 * 60);
		++kCounts[kPath.aiPlots];
	}
	EXPECT_EQ(static_cast<int>(kCounts.size()), iPaths);
	const double fChi = chiSquare(kCounts, iPaths, iDraws);
	std::printf(
		"chi-square over %d paths, %d seeds: %.2f (threshold %.2f)\n", iPaths, iDraws, fChi, CHI_SQUARE_16_P001);
	EXPECT_LT(fChi, CHI_SQUARE_16_P001);
}

TEST(PathUniformity, TheThresholdCatchesAPredecessorUniformChoice)
{
	// The naive way (each node's parent uniform among its equal-cost predecessors) on the same
	// corridor, walked back from the goal: the middle row's paths come up too often. The same
	// statistic must reject it, or the test above could not fail.
	std::mt19937 kRandom(5);
	std::map<std::vector<int>, int> kCounts;
	const int iDraws = 17 * 1500;
	for (int i = 0; i < iDraws; ++i)
	{
		std::vector<int> aiPath = { 1 };
		int iY = 1;
		for (int iX = 3; iX >= 1; --iX)
		{
			// Predecessors at column iX that lead back to (0,1) in iX steps: |y - 1| <= iX.
			std::vector<int> aiChoices;
			for (int iDY = -1; iDY <= 1; ++iDY)
			{
				const int iNY = iY + iDY;
				if (iNY >= 0 && iNY <= 2 && std::abs(iNY - 1) <= iX)
				{
					aiChoices.push_back(iNY);
				}
			}
			iY = aiChoices[kRandom() % aiChoices.size()];
			aiPath.push_back(iY);
		}
		++kCounts[aiPath];
	}
	EXPECT_GT(chiSquare(kCounts, 17, iDraws), CHI_SQUARE_16_P001);
}

TEST(PathUniformity, TheSameSeedGivesTheSamePathAndSeedsVary)
{
	const GridWorld kWorld({ "..........", "..........", "..........", "..........", ".........." });
	const CvPathCost kCost(vanilla(), unitOf("UNIT_WARRIOR"));
	std::set<std::vector<int>> kSeen;
	for (unsigned uSeed = 0; uSeed < 20; ++uSeed)
	{
		const CvPathResult kA = truthPath(kWorld, kCost, kWorld.at(0, 2), kWorld.at(9, 2), uSeed);
		const CvPathResult kB = truthPath(kWorld, kCost, kWorld.at(0, 2), kWorld.at(9, 2), uSeed);
		EXPECT_EQ(kA.aiPlots, kB.aiPlots);
		kSeen.insert(kA.aiPlots);
	}
	EXPECT_GT(kSeen.size(), 10u);
}

TEST(PathUniformity, PathCountsAreExactBelow2To30AndRoundedAbove)
{
	CvPathCount kCount;
	for (int i = 0; i < 29; ++i)
	{
		kCount.add(kCount); // doubles
	}
	EXPECT_EQ(kCount.uMantissa, 1u << 29);
	EXPECT_EQ(kCount.iExponent, 0);
	kCount.add(kCount);
	EXPECT_EQ(kCount.uMantissa, 1u << 29);
	EXPECT_EQ(kCount.iExponent, 1);
	CvPathCount kOne;
	EXPECT_EQ(kCount.shareOf(kOne), 0u); // a single path against 2^30 rounds away
	EXPECT_EQ(kCount.shareOf(kCount), 1u << 29);
}

TEST(PathUniformity, TheGeneratorIsUniformBelowItsBound)
{
	CvPathRandom kRandom(42);
	EXPECT_EQ(kRandom.below(1), 0u);
	std::vector<int> aiHits(6, 0);
	for (int i = 0; i < 60000; ++i)
	{
		++aiHits[kRandom.below(6)];
	}
	for (const int iHits : aiHits)
	{
		EXPECT_NEAR(iHits, 10000, 500);
	}
	CvPathRandom kA(3), kB(3), kC(4);
	EXPECT_EQ(kA.next(), kB.next());
	EXPECT_NE(CvPathRandom(3).next(), kC.next());
}

// --- wrap, bad input, the pool ----------------------------------------------------------------------

TEST(PathWrap, TheShortWayRoundCrossesTheSeam)
{
	const std::vector<std::string> asRows = { "..........", "..........", ".........." };
	const CvPathCost kCost(vanilla(), unitOf("UNIT_WARRIOR"));
	const GridWorld kFlat(asRows);
	EXPECT_EQ(truthPath(kFlat, kCost, kFlat.at(1, 1), kFlat.at(8, 1)).iCost, 7 * 60);
	const GridWorld kWrapX(asRows, true, false);
	const CvPathResult kPath = truthPath(kWrapX, kCost, kWrapX.at(1, 1), kWrapX.at(8, 1));
	EXPECT_EQ(kPath.iCost, 3 * 60);
	EXPECT_EQ(kPath.aiPlots[1] % 10, 0);
	EXPECT_EQ(kPath.aiPlots[2] % 10, 9);
	const GridWorld kWrapY({ ".", ".", ".", ".", ".", ".", "." }, false, true);
	EXPECT_EQ(truthPath(kWrapY, kCost, kWrapY.at(0, 0), kWrapY.at(0, 6)).iCost, 60);
}

TEST(PathErrors, PlotsOffTheMapGiveNoPath)
{
	const GridWorld kWorld({ "...." });
	const CvPathCost kCost(vanilla(), unitOf("UNIT_WARRIOR"));
	EXPECT_EQ(truthPath(kWorld, kCost, -1, 2).eStatus, CV_PATH_BAD_PLOT);
	EXPECT_EQ(truthPath(kWorld, kCost, 0, 4).eStatus, CV_PATH_BAD_PLOT);
	EXPECT_TRUE(truthPath(kWorld, kCost, 0, 4).aiPlots.empty());
	HillsWorld k;
	EXPECT_THROW(planPath(k.kWorld, vanilla(), k.kMover, { 0, 2 }, { 16, 2 }, 1), std::invalid_argument);
	PathMover kBadTeam = k.kMover;
	kBadTeam.eTeam = 5;
	EXPECT_THROW(planPath(k.kWorld, vanilla(), kBadTeam, { 0, 2 }, { 1, 2 }, 1), std::invalid_argument);
	PathMover kAir = k.kMover;
	kAir.eUnitType = type(vanilla().findUnit("UNIT_FIGHTER"));
	EXPECT_THROW(planPath(k.kWorld, vanilla(), kAir, { 0, 2 }, { 1, 2 }, 1), std::invalid_argument);
}

TEST(PathErrors, TheStartIsTheGoal)
{
	const GridWorld kWorld({ "..^.." });
	const CvPathCost kCost(vanilla(), unitOf("UNIT_WARRIOR"));
	const CvPathResult kPath = truthPath(kWorld, kCost, 2, 2);
	EXPECT_EQ(kPath.eStatus, CV_PATH_FOUND);
	EXPECT_EQ(kPath.aiPlots, std::vector<int>{ 2 });
	EXPECT_EQ(kPath.iCost, 0);
}

// --- against the textbook A* on random maps -------------------------------------------------------


namespace {
// Dijkstra from iFrom: the cheapest cost to every plot, -1 where unreachable.
template <class View>
std::vector<int> cheapestCosts(const View& kView, const CvPathCost& kCost, int iFrom)
{
	const int iWidth = kView.getGridWidth();
	const int iHeight = kView.getGridHeight();
	std::vector<int> aiCost(iWidth * iHeight, -1);
	std::priority_queue<std::pair<int, int>, std::vector<std::pair<int, int>>, std::greater<>> kOpen;
	aiCost[iFrom] = 0;
	kOpen.push({ 0, iFrom });
	while (!kOpen.empty())
	{
		const auto [iG, iPlot] = kOpen.top();
		kOpen.pop();
		if (iG != aiCost[iPlot])
		{
			continue;
		}
		for (int iDY = -1; iDY <= 1; ++iDY)
		{
			for (int iDX = -1; iDX <= 1; ++iDX)
			{
				int iNX = iPlot % iWidth + iDX;
				int iNY = iPlot / iWidth + iDY;
				if ((iDX == 0 && iDY == 0) || (!kView.isWrapX() && (iNX < 0 || iNX >= iWidth))
					|| (!kView.isWrapY() && (iNY < 0 || iNY >= iHeight)))
				{
					continue;
				}
				const int iNext = (iNY + iHeight) % iHeight * iWidth + (iNX + iWidth) % iWidth;
				const CvPathEnter kTo = kCost.enter(kView.plot(iNext));
				if (kTo.iRegular < 0)
				{
					continue;
				}
				const int iNextG = iG + CvPathCost::step(kCost.enter(kView.plot(iPlot)), kTo);
				if (aiCost[iNext] < 0 || iNextG < aiCost[iNext])
				{
					aiCost[iNext] = iNextG;
					kOpen.push({ iNextG, iNext });
				}
			}
		}
	}
	return aiCost;
}
}

TEST(PathDifferential, SameCostsAsTheTextbookAStarOnRandomMaps)
{
	std::mt19937 kRandom(2026);
	CvPathfinder kFinder;
	int iFound = 0;
	int iFallback = 0;
	const char* aszUnits[] = { "UNIT_WARRIOR", "UNIT_SCOUT", "UNIT_GALLEY" };
	for (int iCase = 0; iCase < 600; ++iCase)
	{
		const int iWidth = 4 + static_cast<int>(kRandom() % 30);
		const int iHeight = 3 + static_cast<int>(kRandom() % 20);
		const GridWorld kWorld = randomWorld(kRandom, iWidth, iHeight, kRandom() % 2, kRandom() % 3 == 0);
		CvVisionRules kRules = vanilla();
		kRules.setKnob(CV_VISION_KNOB_PATH_UNKNOWN_PLOTS, kRandom() % 2);
		kRules.setKnob(CV_VISION_KNOB_PATH_CLOSED_BORDERS, kRandom() % 2);
		const CvPathCost kCost(kRules,
			unitOf(aszUnits[kRandom() % 3],
				kRandom() % 2 ? std::set<std::string>{ "TECH_ENGINEERING" } : std::set<std::string>{}));
		const int iFrom = static_cast<int>(kRandom() % (iWidth * iHeight));
		const int iTo = static_cast<int>(kRandom() % (iWidth * iHeight));
		const CvKnowledgeView<GridWorld> kView(kWorld, 0);
		const CvPathResult kPath = kFinder.findPath(kView, kCost, iFrom, iTo, kRandom());
		const TextbookPath kTextbook = textbookAStar(kView, kCost, iFrom, iTo);
		ASSERT_EQ(kPath.eStatus == CV_PATH_FOUND, kTextbook.bFound) << "case " << iCase;
		expectValidPath(kView, kCost, kPath, iFrom);
		if (kTextbook.bFound)
		{
			++iFound;
			EXPECT_EQ(kPath.iCost, kTextbook.iCost) << "case " << iCase;
			EXPECT_EQ(kPath.aiPlots.back(), iTo);
			continue;
		}
		// The fallback: no reachable plot is closer to the goal, nor as close and cheaper.
		++iFallback;
		const int iEnd = kPath.aiPlots.back();
		auto distanceToGoal = [&](int iPlot) {
			return CvPathfinder::distance(iPlot % iWidth, iPlot / iWidth, iTo % iWidth, iTo / iWidth, iWidth, iHeight,
				kWorld.bWrapX, kWorld.bWrapY);
		};
		const std::vector<int> aiCost = cheapestCosts(kView, kCost, iFrom);
		ASSERT_EQ(aiCost[iEnd], kPath.iCost) << "case " << iCase;
		for (int iPlot = 0; iPlot < iWidth * iHeight; ++iPlot)
		{
			if (aiCost[iPlot] < 0)
			{
				continue;
			}
			ASSERT_GE(distanceToGoal(iPlot), distanceToGoal(iEnd)) << "case " << iCase;
			if (distanceToGoal(iPlot) == distanceToGoal(iEnd))
			{
				ASSERT_GE(aiCost[iPlot], kPath.iCost) << "case " << iCase;
			}
		}
	}
	EXPECT_GT(iFound, 100);
	EXPECT_GT(iFallback, 50);
}

TEST(PathPool, OneFinderServesMapsOfEverySize)
{
	CvPathfinder kFinder;
	const CvPathCost kCost(vanilla(), unitOf("UNIT_WARRIOR"));
	const GridWorld kSmall({ "...", "..." });
	const GridWorld kLarge({ "........", "........", "........" });
	for (int i = 0; i < 3; ++i)
	{
		EXPECT_EQ(kFinder.findPath(CvTruthView<GridWorld>(kLarge), kCost, 0, 23, 1).iCost, 7 * 60);
		EXPECT_EQ(kFinder.findPath(CvTruthView<GridWorld>(kSmall), kCost, 0, 5, 1).iCost, 2 * 60);
	}
}
