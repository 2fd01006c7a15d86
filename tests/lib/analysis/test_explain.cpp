// `cvvision explain`: golden reports for the worked examples of docs/vision-rules.md, section 3,
// and a property test: on random maps the report's own reasoning always reaches the engine's verdict.
#include "analysis/Explain.h"
#include "model/PlotGrid.h"
#include "engine/RandomMaps.h"

#include <gtest/gtest.h>

#include <random>
#include <sstream>
#include <string>

using namespace cvv;

namespace {
const CvVisionEngine kEngine;

// An all-grassland map, 11x11, no wrap; the viewer stands at the centre (5,5).
PlotGrid grassland() { return PlotGrid(11, 11, false, false); }

PlotGrid ocean()
{
	PlotGrid kGrid = grassland();
	for (int iY = 0; iY < kGrid.getGridHeight(); ++iY)
	{
		for (int iX = 0; iX < kGrid.getGridWidth(); ++iX)
		{
			kGrid.setWater(iX, iY);
		}
	}
	return kGrid;
}

ExplainRequest request(int iToX, int iToY, int iRange = 1, int eFacing = CV_VISION_NO_DIRECTION)
{
	ExplainRequest kRequest;
	kRequest.iFromX = 5;
	kRequest.iFromY = 5;
	kRequest.iToX = iToX;
	kRequest.iToY = iToY;
	kRequest.iRange = iRange;
	kRequest.eFacing = eFacing;
	return kRequest;
}

int countLines(const std::string& sText, const std::string& sStart)
{
	std::istringstream kIn(sText);
	int iCount = 0;
	for (std::string sLine; std::getline(kIn, sLine);)
	{
		iCount += sLine.rfind(sStart, 0) == 0;
	}
	return iCount;
}

const char* const RANGE_1 = "range 1: rings up to 1 inner, ring 2 outer (only plots seen past a lower plot, or taller "
							"than the viewer, show there)\n";
}

// --- Golden reports: the worked examples of docs/vision-rules.md, section 3 ----------------------

TEST(ExplainGolden, GrassUnitDoesNotSeeFlatLandInTheOuterRing)
{
	const PlotGrid kGrid = grassland();
	EXPECT_EQ(std::string("viewer: (5,5), team 0, on flat land: see-from 1\n") + RANGE_1
			+ "target: (7,5) on flat land, d=(+2,+0), ring 2: the outer ring\n"
			  "target levels: see-through 1, see-from 1\n"
			  "tied paths, viewer to target (st = see-through), 1 in all:\n"
			  "  1. (5,5) > (6,5) st 1 > (7,5): clear\n"
			  "rule (outer ring): visible past a clear predecessor below the viewer's level 1, or at that level when "
			  "the target is taller than the viewer\n"
			  "  predecessor (6,5): clear, see-through 1 = viewer 1, target see-from 1 not above 1: hidden\n"
			  "verdict: not visible: the target (see-from 1) is not taller than the viewer (1), and no clear "
			  "predecessor is below the viewer\n",
		explainSight(kGrid, kEngine, request(7, 5)));
}

TEST(ExplainGolden, GrassUnitSeesHillsInTheOuterRing)
{
	PlotGrid kGrid = grassland();
	kGrid.setHills(7, 5);
	EXPECT_EQ(std::string("viewer: (5,5), team 0, on flat land: see-from 1\n") + RANGE_1
			+ "target: (7,5) on hills, d=(+2,+0), ring 2: the outer ring\n"
			  "target levels: see-through 2, see-from 2\n"
			  "tied paths, viewer to target (st = see-through), 1 in all:\n"
			  "  1. (5,5) > (6,5) st 1 > (7,5): clear\n"
			  "rule (outer ring): visible past a clear predecessor below the viewer's level 1, or at that level when "
			  "the target is taller than the viewer\n"
			  "  predecessor (6,5): clear, see-through 1 = viewer 1, target see-from 2 > 1: the target shows\n"
			  "verdict: visible because the target (see-from 2) is taller than the viewer (1), seen past predecessor "
			  "(6,5) at the viewer's level\n",
		explainSight(kGrid, kEngine, request(7, 5)));
}

// Unit on hills, forest at (+1,0): (+2,0) hidden...
TEST(ExplainGolden, HillsUnitBehindForestDoesNotSeeStraightOn)
{
	PlotGrid kGrid = grassland();
	kGrid.setHills(5, 5);
	kGrid.setForest(6, 5);
	EXPECT_EQ(std::string("viewer: (5,5), team 0, on hills: see-from 2\n") + RANGE_1
			+ "target: (7,5) on flat land, d=(+2,+0), ring 2: the outer ring\n"
			  "target levels: see-through 1, see-from 1\n"
			  "tied paths, viewer to target (st = see-through), 1 in all:\n"
			  "  1. (5,5) > (6,5) st 2 > (7,5): clear\n"
			  "rule (outer ring): visible past a clear predecessor below the viewer's level 2, or at that level when "
			  "the target is taller than the viewer\n"
			  "  predecessor (6,5): clear, see-through 2 = viewer 2, target see-from 1 not above 2: hidden\n"
			  "verdict: not visible: the target (see-from 1) is not taller than the viewer (2), and no clear "
			  "predecessor is below the viewer\n",
		explainSight(kGrid, kEngine, request(7, 5)));
}

// ...while (+2,+1) still shows through its tied predecessor (+1,+1).
TEST(ExplainGolden, HillsUnitBehindForestSeesPastTheTiedPredecessor)
{
	PlotGrid kGrid = grassland();
	kGrid.setHills(5, 5);
	kGrid.setForest(6, 5);
	EXPECT_EQ(std::string("viewer: (5,5), team 0, on hills: see-from 2\n") + RANGE_1
			+ "target: (7,6) on flat land, d=(+2,+1), ring 2: the outer ring\n"
			  "target levels: see-through 1, see-from 1\n"
			  "tied paths, viewer to target (st = see-through), 2 in all:\n"
			  "  1. (5,5) > (6,5) st 2 > (7,6): clear\n"
			  "  2. (5,5) > (6,6) st 1 > (7,6): clear\n"
			  "rule (outer ring): visible past a clear predecessor below the viewer's level 2, or at that level when "
			  "the target is taller than the viewer\n"
			  "  predecessor (6,5): clear, see-through 2 = viewer 2, target see-from 1 not above 2: hidden\n"
			  "  predecessor (6,6): clear, see-through 1 < viewer 2: the target shows\n"
			  "verdict: visible because the viewer (2) is above predecessor (6,6) (see-through 1)\n",
		explainSight(kGrid, kEngine, request(7, 6)));
}

// Grass unit with Sentry (r = 2), forest at (+1,0): (+2,0) is in an inner ring and hidden.
TEST(ExplainGolden, SentryUnitBehindForestInAnInnerRing)
{
	PlotGrid kGrid = grassland();
	kGrid.setForest(6, 5);
	EXPECT_EQ("viewer: (5,5), team 0, on flat land: see-from 1\n"
			  "range 2: rings up to 2 inner, ring 3 outer (only plots seen past a lower plot, or taller than the "
			  "viewer, show there)\n"
			  "target: (7,5) on flat land, d=(+2,+0), ring 2: an inner ring\n"
			  "target levels: see-through 1, see-from 1\n"
			  "tied paths, viewer to target (st = see-through), 1 in all:\n"
			  "  1. (5,5) > (6,5) st 2 > (7,5): stops at (6,5) (see-through 2 > viewer 1)\n"
			  "rule (inner ring): visible when light reaches a predecessor; the target's own height does not matter\n"
			  "  predecessor (6,5): blocked, light stops at (6,5)\n"
			  "verdict: not visible: every predecessor is blocked (first blocker on each path: (6,5))\n",
		explainSight(kGrid, kEngine, request(7, 5, 2)));
}

TEST(ExplainGolden, ShipWithoutOpticsDoesNotSeeOceanTwoPlotsAway)
{
	const PlotGrid kGrid = ocean();
	EXPECT_EQ(std::string("viewer: (5,5), team 0, on water: see-from 0\n") + RANGE_1
			+ "target: (7,5) on water, d=(+2,+0), ring 2: the outer ring\n"
			  "target levels: see-through 0, see-from 0\n"
			  "tied paths, viewer to target (st = see-through), 1 in all:\n"
			  "  1. (5,5) > (6,5) st 0 > (7,5): clear\n"
			  "rule (outer ring): visible past a clear predecessor below the viewer's level 0, or at that level when "
			  "the target is taller than the viewer\n"
			  "  predecessor (6,5): clear, see-through 0 = viewer 0, target see-from 0 not above 0: hidden\n"
			  "verdict: not visible: the target (see-from 0) is not taller than the viewer (0), and no clear "
			  "predecessor is below the viewer\n",
		explainSight(kGrid, kEngine, request(7, 5)));
}

TEST(ExplainGolden, ShipWithOpticsSeesOceanTwoPlotsAway)
{
	PlotGrid kGrid = ocean();
	kGrid.setExtraWaterSeeFrom(0, true);
	EXPECT_EQ(std::string("viewer: (5,5), team 0, on water: see-from 1 (with Optics)\n") + RANGE_1
			+ "target: (7,5) on water, d=(+2,+0), ring 2: the outer ring\n"
			  "target levels: see-through 0, see-from 1 (with Optics)\n"
			  "tied paths, viewer to target (st = see-through), 1 in all:\n"
			  "  1. (5,5) > (6,5) st 0 > (7,5): clear\n"
			  "rule (outer ring): visible past a clear predecessor below the viewer's level 1, or at that level when "
			  "the target is taller than the viewer\n"
			  "  predecessor (6,5): clear, see-through 0 < viewer 1: the target shows\n"
			  "verdict: visible because the viewer (1) is above predecessor (6,5) (see-through 0)\n",
		explainSight(kGrid, kEngine, request(7, 5)));
}

TEST(ExplainGolden, FacingEastPassesForATargetInsideTheCone)
{
	PlotGrid kGrid = grassland();
	kGrid.setPeak(7, 6);
	EXPECT_EQ(std::string("viewer: (5,5), team 0, on flat land: see-from 1\n") + RANGE_1
			+ "target: (7,6) on peak, d=(+2,+1), ring 2: the outer ring\n"
			  "target levels: see-through 3, see-from 3\n"
			  "facing E (1,0): cross 1, dot 2, theta 26.6 deg; spread 60 deg: passes (|theta| <= 30)\n"
			  "tied paths, viewer to target (st = see-through), 2 in all:\n"
			  "  1. (5,5) > (6,5) st 1 > (7,6): clear\n"
			  "  2. (5,5) > (6,6) st 1 > (7,6): clear\n"
			  "rule (outer ring): visible past a clear predecessor below the viewer's level 1, or at that level when "
			  "the target is taller than the viewer\n"
			  "  predecessor (6,5): clear, see-through 1 = viewer 1, target see-from 3 > 1: the target shows\n"
			  "  predecessor (6,6): clear, see-through 1 = viewer 1, target see-from 3 > 1: the target shows\n"
			  "verdict: visible because the target (see-from 3) is taller than the viewer (1), seen past predecessor "
			  "(6,5) at the viewer's level\n",
		explainSight(kGrid, kEngine, request(7, 6, 1, 2)));
}

TEST(ExplainGolden, FacingEastFailsForADiagonalTarget)
{
	PlotGrid kGrid = grassland();
	kGrid.setPeak(7, 7);
	EXPECT_EQ(std::string("viewer: (5,5), team 0, on flat land: see-from 1\n") + RANGE_1
			+ "target: (7,7) on peak, d=(+2,+2), ring 2: the outer ring\n"
			  "target levels: see-through 3, see-from 3\n"
			  "facing E (1,0): cross 2, dot 2, theta 45.0 deg; spread 60 deg: fails (|theta| > 30)\n"
			  "verdict: not visible: outside the facing cone\n",
		explainSight(kGrid, kEngine, request(7, 7, 1, 2)));
}

TEST(ExplainGolden, AerialIgnoresTerrainAndFacing)
{
	PlotGrid kGrid = grassland();
	kGrid.setPeak(6, 6);
	ExplainRequest kRequest = request(9, 7, 5, 3);
	kRequest.bAerial = true;
	EXPECT_EQ("viewer: (5,5), team 0, on flat land, aerial: levels do not matter\n"
			  "aerial sight: the plain square of range 5, no terrain and no outer ring (spec 2)\n"
			  "facing: ignored (aerial sight has no facing)\n"
			  "target: (9,7) on flat land, d=(+4,+2), ring 4: inside the aerial square\n"
			  "verdict: visible: inside the aerial square (ring 4 <= 5)\n",
		explainSight(kGrid, kEngine, kRequest));
}

// canSeePlot does not check the range (docs/vision-rules.md, section 4); with |dy| on the outer
// ring it still applies the outer rule.
TEST(ExplainGolden, BeyondTheOuterRingCanSeePlotStillAnswers)
{
	PlotGrid kGrid = grassland();
	kGrid.setForest(6, 5);
	EXPECT_EQ(std::string("viewer: (5,5), team 0, on flat land: see-from 1\n") + RANGE_1
			+ "target: (9,7) on flat land, d=(+4,+2), ring 4: beyond the sight square (ring 2)\n"
			  "target levels: see-through 1, see-from 1\n"
			  "out of range: the unit's own sight stops at ring 2\n"
			  "canSeePlot does not check the range (spec 4): |dy| = 2, so it applies the outer-ring rule\n"
			  "tied paths, viewer to target (st = see-through), 4 in all:\n"
			  "  1. (5,5) > (6,5) st 2 > (7,6) st 1 > (8,6) st 1 > (9,7): stops at (6,5) (see-through 2 > viewer 1)\n"
			  "  2. (5,5) > (6,6) st 1 > (7,6) st 1 > (8,6) st 1 > (9,7): clear\n"
			  "  3. (5,5) > (6,5) st 2 > (7,6) st 1 > (8,7) st 1 > (9,7): stops at (6,5) (see-through 2 > viewer 1)\n"
			  "  4. (5,5) > (6,6) st 1 > (7,6) st 1 > (8,7) st 1 > (9,7): clear\n"
			  "rule (outer ring): visible past a clear predecessor below the viewer's level 1, or at that level when "
			  "the target is taller than the viewer\n"
			  "  predecessor (8,6): clear, see-through 1 = viewer 1, target see-from 1 not above 1: hidden\n"
			  "  predecessor (8,7): clear, see-through 1 = viewer 1, target see-from 1 not above 1: hidden\n"
			  "verdict: not visible: the target (see-from 1) is not taller than the viewer (1), and no clear "
			  "predecessor is below the viewer"
			  " (canSeePlot's answer, though the unit's own sight does not reach it)\n",
		explainSight(kGrid, kEngine, request(9, 7)));
}

TEST(ExplainGolden, WrappedDisplacementGoesRoundTheMap)
{
	PlotGrid kGrid(11, 11, true, false);
	kGrid.setHills(9, 5);
	ExplainRequest kRequest = request(9, 5);
	kRequest.iFromX = 0;
	EXPECT_EQ(std::string("viewer: (0,5), team 0, on flat land: see-from 1\n") + RANGE_1
			+ "target: (9,5) on hills, d=(-2,+0), ring 2: the outer ring\n"
			  "wrapped: the plain difference (+9,+0) is longer than going round the map\n"
			  "target levels: see-through 2, see-from 2\n"
			  "tied paths, viewer to target (st = see-through), 1 in all:\n"
			  "  1. (0,5) > (10,5) st 1 > (9,5): clear\n"
			  "rule (outer ring): visible past a clear predecessor below the viewer's level 1, or at that level when "
			  "the target is taller than the viewer\n"
			  "  predecessor (10,5): clear, see-through 1 = viewer 1, target see-from 2 > 1: the target shows\n"
			  "verdict: visible because the target (see-from 2) is taller than the viewer (1), seen past predecessor "
			  "(10,5) at the viewer's level\n",
		explainSight(kGrid, kEngine, kRequest));
}

// --- Other behaviour ------------------------------------------------------------------------------

TEST(Explain, LongPathListsAreCut)
{
	PlotGrid kGrid(20, 20, false, false);
	ExplainRequest kRequest;
	kRequest.iFromX = 2;
	kRequest.iFromY = 2;
	kRequest.iToX = 10; // d = (8,4): 16 tied paths
	kRequest.iToY = 6;
	kRequest.iRange = 8;
	const SightExplanation kExplanation = explainSightData(kGrid, kEngine, kRequest);
	const std::string sReport = explanationText(kExplanation);
	EXPECT_NE(std::string::npos, sReport.find("tied paths, viewer to target (st = see-through), 16 in all:\n"))
		<< sReport;
	EXPECT_EQ(1, countLines(sReport, "  8. ")) << sReport;
	EXPECT_EQ(0, countLines(sReport, "  9. ")) << sReport;
	EXPECT_EQ(1, countLines(sReport, "  ... and 8 more")) << sReport;
	EXPECT_EQ("verdict: visible because predecessor (9,5) is clear", explanationVerdictLine(kExplanation));
}

TEST(Explain, ViewerOwnPlot)
{
	const PlotGrid kGrid = grassland();
	EXPECT_EQ("verdict: visible: the viewer's own plot is always seen",
		explanationVerdictLine(explainSightData(kGrid, kEngine, request(5, 5, 0, 4))));
}

TEST(Explain, ForestedViewerWithRangeZeroHidesTheOuterRing)
{
	// Range 0: the outer ring is ring 1 and its predecessor is the viewer's own plot, whose
	// see-through (2) is above the viewer's see-from (1).
	PlotGrid kGrid = grassland();
	kGrid.setForest(5, 5);
	kGrid.setHills(6, 5);
	const SightExplanation kExplanation = explainSightData(kGrid, kEngine, request(6, 5, 0));
	const std::string sReport = explanationText(kExplanation);
	EXPECT_NE(
		std::string::npos, sReport.find("  predecessor (5,5), the viewer's plot: see-through 2 > viewer 1: hidden\n"))
		<< sReport;
	EXPECT_EQ("verdict: not visible: no clear predecessor is at or below the viewer's level (1)",
		explanationVerdictLine(kExplanation));
}

TEST(Explain, InvalidRequestsAreNotVisible)
{
	const PlotGrid kGrid = grassland();
	// A ground range of -1 is BTS's: ring 0 is the outer ring, (6,5) on its axis is judged by the outer rule.
	EXPECT_EQ(0u,
		explanationVerdictLine(explainSightData(kGrid, kEngine, request(6, 5, -1)))
			.rfind("verdict: not visible: the target (see-from 1) is not taller than the viewer (1)", 0));
	ExplainRequest kNegativeAerial = request(6, 5, -1);
	kNegativeAerial.bAerial = true;
	EXPECT_EQ("verdict: not visible: the range -1 is negative",
		explanationVerdictLine(explainSightData(kGrid, kEngine, kNegativeAerial)));
	EXPECT_EQ("verdict: not visible: facing 8 is not a direction (0-7, or -1 for none)",
		explanationVerdictLine(explainSightData(kGrid, kEngine, request(6, 5, 1, 8))));
	EXPECT_EQ("verdict: not visible: the target (11,5) is off the map",
		explanationVerdictLine(explainSightData(kGrid, kEngine, request(11, 5))));
	ExplainRequest kRequest = request(6, 5);
	kRequest.iFromX = -1;
	EXPECT_EQ("verdict: not visible: the viewer's plot (-1,5) is off the map",
		explanationVerdictLine(explainSightData(kGrid, kEngine, kRequest)));
	kRequest = request(6, 5);
	kRequest.eTeam = 2; // the grid has two teams
	EXPECT_THROW(explainSight(kGrid, kEngine, kRequest), std::invalid_argument);
	EXPECT_THROW(explainSightData(kGrid, kEngine, kRequest), std::invalid_argument);
}

TEST(Explain, EngineOptionsChangeTheRings)
{
	PlotGrid kGrid = grassland();
	kGrid.setForest(7, 5);
	CvVisionOptions kNoOuter;
	kNoOuter.bOuterRing = false;
	const SightExplanation kNoOuterExplanation =
		explainSightData(kGrid, CvVisionEngine(CvVisionTables::standard(), kNoOuter), request(7, 5));
	const std::string sNoOuter = explanationText(kNoOuterExplanation);
	EXPECT_NE(std::string::npos, sNoOuter.find("range 1: rings up to 1, no outer ring (CVVISION_OUTER_RING off)\n"))
		<< sNoOuter;
	EXPECT_NE(std::string::npos, sNoOuter.find(", ring 2: beyond the sight square (ring 1)\n")) << sNoOuter;
	EXPECT_NE(std::string::npos,
		sNoOuter.find("canSeePlot does not check the range (spec 4): it applies the inner-ring rule\n"))
		<< sNoOuter;
	EXPECT_TRUE(kNoOuterExplanation.kVerdict.bVisible) << sNoOuter;

	CvVisionOptions kAsInner;
	kAsInner.bOuterRingAsInner = true;
	const SightExplanation kAsInnerExplanation =
		explainSightData(kGrid, CvVisionEngine(CvVisionTables::standard(), kAsInner), request(7, 5));
	const std::string sAsInner = explanationText(kAsInnerExplanation);
	EXPECT_NE(std::string::npos,
		sAsInner.find(
			"range 1: rings up to 2, the outer ring judged like the inner ones (CVVISION_OUTER_RING_AS_INNER)\n"))
		<< sAsInner;
	EXPECT_NE(std::string::npos, sAsInner.find(", ring 2: the outer ring, judged like the inner rings\n")) << sAsInner;
	EXPECT_EQ("verdict: visible because predecessor (6,5) is clear", explanationVerdictLine(kAsInnerExplanation));
}

// The facing cone is the engine's: an engine built with other spreads (a mod's
// CVVISION_FACING_FAR_SPREAD and CVVISION_FACING_NEAR_SPREAD) is explained with them.
TEST(Explain, FacingConeUsesTheEnginesSpreads)
{
	PlotGrid kGrid = grassland();
	kGrid.setPeak(7, 7);
	const SightExplanation kBts = explainSightData(kGrid, kEngine, request(7, 7, 1, 2));
	const std::string sBts = explanationText(kBts);
	EXPECT_NE(std::string::npos, sBts.find("spread 60 deg: fails (|theta| > 30)\n")) << sBts;
	EXPECT_EQ("verdict: not visible: outside the facing cone", explanationVerdictLine(kBts));

	static const CvVisionTables kWideTables(120, 120);
	const CvVisionEngine kWideEngine(kWideTables);
	const SightExplanation kWide = explainSightData(kGrid, kWideEngine, request(7, 7, 1, 2));
	const std::string sWide = explanationText(kWide);
	EXPECT_NE(std::string::npos, sWide.find("spread 120 deg: passes (|theta| <= 60)\n")) << sWide;
	EXPECT_EQ(std::string::npos, sWide.find("note: explanation and engine disagree")) << sWide;
	EXPECT_TRUE(kWide.kVerdict.bVisible) << sWide;
}

// The explanation is BTS's sight (docs/vision-rules.md, section 3). Under a PCVT sight model the engine can answer
// otherwise: the report says so, with the engine's verdict.
TEST(Explain, DisagreementIsReportedWithTheEnginesVerdict)
{
	PlotGrid kGrid = grassland();
	kGrid.setForest(6, 5);
	CvVisionOptions kPermissive;
	kPermissive.eSightModel = CV_VISION_SIGHT_PERMISSIVE;
	const CvVisionEngine kPermissiveEngine(CvVisionTables::standard(), kPermissive);
	EXPECT_EQ("verdict: visible because predecessor (7,4) is clear",
		explanationVerdictLine(explainSightData(kGrid, kEngine, request(8, 4, 3))));
	const SightExplanation kExplanation = explainSightData(kGrid, kPermissiveEngine, request(8, 4, 3));
	const std::string sReport = explanationText(kExplanation);
	EXPECT_NE(
		std::string::npos, sReport.find("\nnote: explanation and engine disagree (the explanation says visible)\n"))
		<< sReport;
	EXPECT_EQ("verdict: not visible (the engine's answer)", explanationVerdictLine(kExplanation));
}

// --- The explanation as data: what the report and Python's World.explain both render ---------------

// The inner-ring example above (SentryUnitBehindForestInAnInnerRing), as data: the path, the plot
// that blocks it, the rule and the verdict.
TEST(ExplainData, InnerRingBlockedByAForest)
{
	PlotGrid kGrid = grassland();
	kGrid.setForest(6, 5);
	const SightExplanation kE = explainSightData(kGrid, kEngine, request(7, 5, 2));
	ASSERT_TRUE(kE.bValid);
	EXPECT_EQ(2, kE.kRequest.iRange);
	EXPECT_EQ(ExplainSight::OuterRing, kE.eSight);
	EXPECT_EQ(1, kE.kViewer.kSeeFrom.iLevel);
	EXPECT_EQ(ExplainRing::InnerRing, kE.kTarget.eRing);
	EXPECT_EQ(2, kE.kTarget.iDX);
	EXPECT_FALSE(kE.kFacing);
	EXPECT_FALSE(kE.kBeyond);
	ASSERT_TRUE(kE.kPaths);
	EXPECT_EQ(1u, kE.kPaths->iTotal);
	ASSERT_EQ(1u, kE.kPaths->aShown.size());
	const ExplainPath& kPath = kE.kPaths->aShown[0];
	ASSERT_EQ(3u, kPath.aPlots.size());
	EXPECT_EQ(1, kPath.iStop);
	EXPECT_EQ(6, kPath.aPlots[1].kPlot.iX);
	EXPECT_EQ(2, kPath.aPlots[1].iSeeThrough);
	ASSERT_TRUE(kE.kRule);
	EXPECT_FALSE(kE.kRule->bOuter);
	ASSERT_EQ(1u, kE.kRule->aPredecessors.size());
	EXPECT_EQ(ExplainPredecessorState::Blocked, kE.kRule->aPredecessors[0].eState);
	ASSERT_EQ(1u, kE.kRule->aPredecessors[0].aStops.size());
	EXPECT_EQ(6, kE.kRule->aPredecessors[0].aStops[0].iX);
	EXPECT_FALSE(kE.kVerdict.bVisible);
	EXPECT_FALSE(kE.kVerdict.bExplained);
	EXPECT_EQ(ExplainReason::EveryPredecessorBlocked, kE.kVerdict.eReason);
	ASSERT_EQ(1u, kE.kVerdict.aBlockers.size());
	EXPECT_EQ(6, kE.kVerdict.aBlockers[0].iX);
	EXPECT_EQ(5, kE.kVerdict.aBlockers[0].iY);
	EXPECT_EQ(explainSight(kGrid, kEngine, request(7, 5, 2)), explanationText(kE));
}

// The outer-ring example (HillsUnitBehindForestSeesPastTheTiedPredecessor): the verdict names the
// predecessor it was seen past.
TEST(ExplainData, OuterRingVerdictNamesItsPredecessor)
{
	PlotGrid kGrid = grassland();
	kGrid.setHills(5, 5);
	kGrid.setForest(6, 5);
	const SightExplanation kE = explainSightData(kGrid, kEngine, request(7, 6));
	ASSERT_TRUE(kE.kRule);
	EXPECT_TRUE(kE.kRule->bOuter);
	ASSERT_EQ(2u, kE.kRule->aPredecessors.size());
	EXPECT_EQ(ExplainPredecessorState::Level, kE.kRule->aPredecessors[0].eState);
	EXPECT_EQ(ExplainPredecessorState::Below, kE.kRule->aPredecessors[1].eState);
	EXPECT_TRUE(kE.kVerdict.bVisible);
	EXPECT_EQ(ExplainReason::ViewerAbovePredecessor, kE.kVerdict.eReason);
	EXPECT_EQ(1, kE.kVerdict.iPredecessor);
	EXPECT_EQ("verdict: visible because the viewer (2) is above predecessor (6,6) (see-through 1)",
		explanationVerdictLine(kE));
}

// A request canSeePlot refuses has its verdict and nothing else; the report is its verdict line.
TEST(ExplainData, RefusedRequestHasOnlyItsVerdict)
{
	const PlotGrid kGrid = grassland();
	const SightExplanation kE = explainSightData(kGrid, kEngine, request(11, 5));
	EXPECT_FALSE(kE.bValid);
	EXPECT_FALSE(kE.kPaths);
	EXPECT_FALSE(kE.kRule);
	EXPECT_FALSE(kE.kVerdict.bVisible);
	EXPECT_EQ(ExplainReason::TargetOffMap, kE.kVerdict.eReason);
	EXPECT_EQ("verdict: not visible: the target (11,5) is off the map\n", explanationText(kE));
}

// --- Property: the explanation reaches the engine's verdict ---------------------------------------------

namespace {
// The aerial square (docs/vision-rules.md, section 2): what the engine's aerial sight covers,
// from first principles.
bool aerialSees(const PlotGrid& kGrid, const ExplainRequest& kR)
{
	if (kR.iRange < 0 || kR.iRange > CV_VISION_MAX_RANGE || kR.iFromX < 0 || kR.iFromX >= kGrid.getGridWidth()
		|| kR.iFromY < 0 || kR.iFromY >= kGrid.getGridHeight() || kR.iToX < 0 || kR.iToX >= kGrid.getGridWidth()
		|| kR.iToY < 0 || kR.iToY >= kGrid.getGridHeight())
	{
		return false;
	}
	const int iDX = cvVisionWrapDelta(kR.iToX - kR.iFromX, kGrid.getGridWidth(), kGrid.isWrapX());
	const int iDY = cvVisionWrapDelta(kR.iToY - kR.iFromY, kGrid.getGridHeight(), kGrid.isWrapY());
	return std::abs(iDX) <= kR.iRange && std::abs(iDY) <= kR.iRange;
}

void checkRandomRequests(const CvVisionEngine& kTestEngine, unsigned int iSeed, int iMaps, int iRequestsPerMap)
{
	std::mt19937 kRng(iSeed);
	std::uniform_int_distribution<int> kSize(1, 12);
	std::uniform_int_distribution<int> kPercent(0, 99);
	int iVisible = 0;
	int iTotal = 0;
	for (int iMap = 0; iMap < iMaps; ++iMap)
	{
		PlotGrid kGrid(kSize(kRng), kSize(kRng), kPercent(kRng) < 50, kPercent(kRng) < 50);
		TerrainMix kMix;
		kMix.iHills = 10 + kPercent(kRng) % 20;
		kMix.iForest = kPercent(kRng) % 50;
		randomizeTerrain(kGrid, kRng, kMix);
		kGrid.setExtraWaterSeeFrom(1, true);
		std::uniform_int_distribution<int> kX(-1, kGrid.getGridWidth());
		std::uniform_int_distribution<int> kY(-1, kGrid.getGridHeight());
		for (int i = 0; i < iRequestsPerMap; ++i)
		{
			ExplainRequest kR;
			kR.iFromX = kX(kRng);
			kR.iFromY = kY(kRng);
			kR.iToX = kX(kRng);
			kR.iToY = kY(kRng);
			kR.eTeam = kPercent(kRng) % 2;
			kR.iRange = kPercent(kRng) % 6 - (kPercent(kRng) < 2 ? 1 : 0);
			kR.eFacing =
				(kPercent(kRng) < 70) ? CV_VISION_NO_DIRECTION : kPercent(kRng) % 9 - (kPercent(kRng) < 5 ? 1 : 0);
			kR.bAerial = kPercent(kRng) < 10;
			const SightExplanation kExplanation = explainSightData(kGrid, kTestEngine, kR);
			const std::string sReport = explanationText(kExplanation);
			const bool bEngine = kR.bAerial ? aerialSees(kGrid, kR)
											: kTestEngine.canSeePlot(kGrid, kR.iFromX, kR.iFromY, kR.iToX, kR.iToY,
												kR.eTeam, kR.iRange, kR.eFacing);
			ASSERT_EQ(std::string::npos, sReport.find("note: explanation and engine disagree")) << sReport;
			ASSERT_EQ(bEngine, kExplanation.kVerdict.bVisible) << sReport;
			ASSERT_EQ(0u,
				explanationVerdictLine(kExplanation).rfind(bEngine ? "verdict: visible" : "verdict: not visible", 0))
				<< sReport;
			ASSERT_EQ(sReport.size() - explanationVerdictLine(kExplanation).size() - 1,
				sReport.rfind(explanationVerdictLine(kExplanation) + "\n"))
				<< sReport; // the report ends with it
			ASSERT_EQ(1, countLines(sReport, "verdict: ")) << sReport;
			ASSERT_EQ(sReport, explainSight(kGrid, kTestEngine, kR)); // deterministic
			iVisible += bEngine;
			++iTotal;
		}
	}
	// Both answers occur often enough for the property to mean something.
	EXPECT_GT(iVisible, iTotal / 10);
	EXPECT_LT(iVisible, iTotal - iTotal / 10);
}
}

TEST(ExplainProperty, VerdictAgreesWithTheEngineOnRandomMaps)
{
	checkRandomRequests(kEngine, 1234u, randomCases(1000), 100);
}

TEST(ExplainProperty, VerdictAgreesWithTheEngineUnderTheOuterRingKnobs)
{
	CvVisionOptions kNoOuter;
	kNoOuter.bOuterRing = false;
	CvVisionOptions kAsInner;
	kAsInner.bOuterRingAsInner = true;
	checkRandomRequests(CvVisionEngine(CvVisionTables::standard(), kNoOuter), 99u, randomCases(300), 100);
	checkRandomRequests(CvVisionEngine(CvVisionTables::standard(), kAsInner), 7u, randomCases(300), 100);
}
