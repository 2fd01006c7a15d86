// The mod's own knobs, end to end: a CvVision_GlobalDefines.xml in a mod folder, the rules loaded
// from it, and what a unit then sees, each against the BTS default on a small map.
#include "CvVisionEngine.h"
#include "model/PlotGrid.h"
#include "formats/RulesLoader.h"
#include "engine/RandomMaps.h"
#include "engine/SightSources.h"
#include "TempAssets.h"
#include "model/VisionSetup.h"

#include <gtest/gtest.h>
#include <tinyxml2.h>

#include <fstream>
#include <functional>
#include <iterator>
#include <map>
#include <random>
#include <regex>

using namespace cvv;

namespace fs = std::filesystem;

namespace {
const int TEAM = 0;
const int SIZE = 11;
const int MID = 5;

CvVisionRules btsRules() { return loadVisionRules({ bundledVanillaAssets() }).kRules; }

// The rules of a mod folder whose CvVision_GlobalDefines.xml holds sDefines, over vanilla.
CvVisionRules modRules(const std::string& sDefines)
{
	TempAssets kMod;
	kMod.write("CvVision_GlobalDefines.xml", defines(sDefines));
	return loadVisionRules({ kMod.path(), bundledVanillaAssets() }).kRules;
}

// An 11x11 grassland (or ocean) map as the rules say, changed by fPaint.
using Paint = std::function<void(const CvVisionRules&, PlotGrid&)>;

PlotGrid mapOf(const CvVisionRules& kRules, const Paint& fPaint, bool bOcean = false)
{
	PlotGrid kGrid(SIZE, SIZE, false, false, 1, 2, kRules.kLevels);
	const PlotGrid::Plot kPlot = bOcean ? plotFacts(kRules, CV_VISION_PLOT_OCEAN, "TERRAIN_OCEAN")
										: plotFacts(kRules, CV_VISION_PLOT_LAND, "TERRAIN_GRASS");
	for (int iX = 0; iX < SIZE; ++iX)
	{
		for (int iY = 0; iY < SIZE; ++iY)
		{
			kGrid.setPlot(iX, iY, kPlot);
		}
	}
	if (fPaint)
	{
		fPaint(kRules, kGrid);
	}
	return kGrid;
}

// The map after the source's sight is added with the engine the rules configure.
PlotGrid sightOf(
	const CvVisionRules& kRules, const CvVisionSource& kSource, const Paint& fPaint = Paint(), bool bOcean = false)
{
	PlotGrid kGrid = mapOf(kRules, fPaint, bOcean);
	EXPECT_EQ(CV_VISION_OK, VisionSetup(kRules).engine().changeAdjacentSight(kGrid, kGrid, kSource, 1));
	return kGrid;
}

int plotsSeen(
	const CvVisionRules& kRules, const CvVisionSource& kSource, const Paint& fPaint = Paint(), bool bOcean = false)
{
	return sightOf(kRules, kSource, fPaint, bOcean).visiblePlotCount(TEAM);
}

// A plain unit in the middle with the range the rules give it.
CvVisionSource unitOf(const CvVisionRules& kRules, const std::string& sUnit, int iPromotionChange = 0,
	int eFacing = CV_VISION_NO_DIRECTION)
{
	return unitAt(MID, MID, kRules.unitSightRange(kRules.findUnit(sUnit), iPromotionChange), eFacing);
}

const int SENTRY = 1; // PROMOTION_SENTRY's iVisibilityChange
const int NORTH = 0;
}

TEST(Knobs, ShippedFileAndAbsentFileAreBothBts)
{
	const CvVisionRules kAbsent = btsRules();
	const fs::path kShipped = fs::path(CVVISION_SOURCE_DIR) / "Assets";
	const LoadedRules kLoaded = loadVisionRules({ kShipped, bundledVanillaAssets() });
	const CvVisionRules& kRules = kLoaded.kRules;
	for (int i = 0; i < CV_VISION_NUM_KNOBS; ++i)
	{
		const CvVisionKnobInfo& kInfo = cvVisionKnobInfo(i);
		EXPECT_EQ(1u, kLoaded.kDefines.count(kInfo.szDefine)) << kInfo.szDefine << " is in the shipped file";
		EXPECT_EQ(kInfo.iDefault, kRules.knob(static_cast<CvVisionKnob>(i))) << kInfo.szDefine;
		EXPECT_EQ(kInfo.iDefault, kAbsent.knob(static_cast<CvVisionKnob>(i))) << kInfo.szDefine;
		EXPECT_EQ(kInfo.iDefault, CvVisionRules().knob(static_cast<CvVisionKnob>(i))) << kInfo.szDefine;
		EXPECT_EQ(i, cvVisionFindKnob(kInfo.szDefine));
	}
	for (const CvVisionUnitRule& kUnit : kRules.aUnits)
	{
		EXPECT_EQ(0, kUnit.iExtraRange) << kUnit.szType;
	}
	ASSERT_FALSE(kRules.aImprovements.empty());
	for (const CvVisionImprovementRule& kImprovement : kRules.aImprovements)
	{
		EXPECT_EQ(0, kImprovement.iExtraSeeFrom) << kImprovement.szType;
	}
	EXPECT_EQ(-1, cvVisionFindKnob("CVVISION_OUTER_RNG"));
}

namespace {
bool startsWith(const std::string& sText, const std::string& sPrefix)
{
	return sText.compare(0, sPrefix.size(), sPrefix) == 0;
}

// What is wrong with a knobs file as shipped, "FILE:LINE: ..." each: a knob of
// CV_VISION_FOR_EACH_KNOB without its <Define>, a value that is not the list's default (a
// per-type knob's is 0), a define twice, or a define that is no CvVision knob. Read with
// tinyxml2 alone, not through the loader, so that the list and the file are checked against
// each other and nothing else.
std::vector<std::string> knobsFileProblems(const fs::path& kPath)
{
	std::vector<std::string> asProblems;
	tinyxml2::XMLDocument kDoc;
	if (kDoc.LoadFile(kPath.string().c_str()) != tinyxml2::XML_SUCCESS)
	{
		return { kPath.string() + ": " + kDoc.ErrorStr() };
	}
	const tinyxml2::XMLElement* pRoot = kDoc.RootElement();
	if (!pRoot || std::string(pRoot->Name()) != "Civ4Defines")
	{
		return { kPath.string() + ": expected the root element <Civ4Defines>" };
	}
	std::map<std::string, int> kLines; // define name -> line of its <Define>
	for (const tinyxml2::XMLElement* pDefine = pRoot->FirstChildElement("Define"); pDefine;
		 pDefine = pDefine->NextSiblingElement("Define"))
	{
		const tinyxml2::XMLElement* pName = pDefine->FirstChildElement("DefineName");
		const std::string sName = (pName && pName->GetText()) ? pName->GetText() : "";
		const std::string sAt = kPath.string() + ":" + std::to_string(pDefine->GetLineNum()) + ": " + sName;
		if (kLines.count(sName))
		{
			asProblems.push_back(sAt + ": twice (first at line " + std::to_string(kLines[sName]) + ")");
			continue;
		}
		kLines[sName] = pDefine->GetLineNum();
		const int eKnob = cvVisionFindKnob(sName);
		const bool bPerType =
			startsWith(sName, CV_VISION_SEE_FROM_PREFIX) || startsWith(sName, CV_VISION_EXTRA_RANGE_PREFIX);
		if (eKnob < 0 && !bPerType)
		{
			asProblems.push_back(
				sAt + ": not a knob of CV_VISION_FOR_EACH_KNOB (CvVisionRules.h), nor a per-type knob");
			continue;
		}
		const int iDefault = eKnob >= 0 ? cvVisionKnobInfo(eKnob).iDefault : 0;
		const tinyxml2::XMLElement* pValue = pDefine->FirstChildElement("iDefineIntVal");
		int iValue = 0;
		if (!pValue || pValue->QueryIntText(&iValue) != tinyxml2::XML_SUCCESS)
		{
			asProblems.push_back(sAt + ": no whole <iDefineIntVal>");
		}
		else if (iValue != iDefault)
		{
			asProblems.push_back(
				sAt + ": " + std::to_string(iValue) + ", but the default (exact BTS) is " + std::to_string(iDefault));
		}
	}
	for (int i = 0; i < CV_VISION_NUM_KNOBS; ++i)
	{
		const CvVisionKnobInfo& kInfo = cvVisionKnobInfo(i);
		if (!kLines.count(kInfo.szDefine))
		{
			asProblems.push_back(kPath.string() + ": no <Define> for " + kInfo.szDefine + " (add it at its default, "
				+ std::to_string(kInfo.iDefault) + ")");
		}
	}
	return asProblems;
}

std::string joined(const std::vector<std::string>& asLines)
{
	std::string sOut;
	for (const std::string& sLine : asLines)
	{
		sOut += sLine + "\n";
	}
	return sOut;
}
}

TEST(Knobs, ShippedXmlHoldsEveryKnobAtItsDefault)
{
	const fs::path kShipped = fs::path(CVVISION_SOURCE_DIR) / "Assets" / "XML" / "CvVision_GlobalDefines.xml";
	const std::vector<std::string> asProblems = knobsFileProblems(kShipped);
	EXPECT_TRUE(asProblems.empty()) << joined(asProblems);
}

TEST(Knobs, ShippedXmlCheckCatchesAMissingKnobAWrongDefaultAndAStranger)
{
	// The shipped file with CVVISION_LEDGER taken out, CVVISION_FACING_FAR_SPREAD at 61, and a typo
	// and a per-type knob added: the check names the first three and accepts the last.
	std::ifstream kIn(
		fs::path(CVVISION_SOURCE_DIR) / "Assets" / "XML" / "CvVision_GlobalDefines.xml", std::ios::binary);
	std::string sText((std::istreambuf_iterator<char>(kIn)), std::istreambuf_iterator<char>());
	ASSERT_FALSE(sText.empty());
	sText = std::regex_replace(sText,
		std::regex(
			"<Define>\\s*<DefineName>CVVISION_LEDGER</DefineName>\\s*<iDefineIntVal>0</iDefineIntVal>\\s*</Define>"),
		"");
	sText = std::regex_replace(sText,
		std::regex("<DefineName>CVVISION_FACING_FAR_SPREAD</DefineName>\\s*<iDefineIntVal>60<"),
		"<DefineName>CVVISION_FACING_FAR_SPREAD</DefineName><iDefineIntVal>61<");
	const std::string sEnd = "</Civ4Defines>";
	ASSERT_NE(std::string::npos, sText.find(sEnd));
	sText.insert(sText.find(sEnd), define("CVVISION_OUTER_RNG", "1") + define("CVVISION_EXTRA_RANGE_UNIT_SCOUT", "0"));
	TempAssets kMod;
	kMod.write("CvVision_GlobalDefines.xml", sText);
	const std::vector<std::string> asProblems = knobsFileProblems(kMod.path() / "XML" / "CvVision_GlobalDefines.xml");
	const std::string sProblems = joined(asProblems);
	ASSERT_EQ(3u, asProblems.size()) << sProblems;
	EXPECT_NE(
		std::string::npos, sProblems.find(": CVVISION_FACING_FAR_SPREAD: 61, but the default (exact BTS) is 60\n"))
		<< sProblems;
	EXPECT_NE(std::string::npos, sProblems.find(": CVVISION_OUTER_RNG: not a knob of CV_VISION_FOR_EACH_KNOB"))
		<< sProblems;
	EXPECT_NE(std::string::npos, sProblems.find(": no <Define> for CVVISION_LEDGER (add it at its default, 0)\n"))
		<< sProblems;
}

TEST(Knobs, ReadmeTableListsEveryKnobWithItsDefaultAndLimits)
{
	std::ifstream kReadme(fs::path(CVVISION_SOURCE_DIR) / "docs" / "knobs.md");
	const std::string sReadme((std::istreambuf_iterator<char>(kReadme)), std::istreambuf_iterator<char>());
	ASSERT_FALSE(sReadme.empty());
	for (int i = 0; i < CV_VISION_NUM_KNOBS; ++i)
	{
		const CvVisionKnobInfo& kInfo = cvVisionKnobInfo(i);
		const std::string sRow = "| `" + std::string(kInfo.szDefine) + "` | " + std::to_string(kInfo.iDefault) + " | "
			+ std::to_string(kInfo.iMin) + ".." + std::to_string(kInfo.iMax) + " | ";
		EXPECT_NE(std::string::npos, sReadme.find(sRow)) << sRow;
	}
}

TEST(Knobs, OuterRingOff)
{
	const CvVisionSource kUnit = unitAt(MID, MID, 1);
	const Paint fHill = [](const CvVisionRules&, PlotGrid& kGrid) { kGrid.setHills(MID + 2, MID); };
	EXPECT_EQ(10, plotsSeen(btsRules(), kUnit, fHill)) << "BTS: the hill two plots away shows";
	const PlotGrid kMod = sightOf(modRules(define("CVVISION_OUTER_RING", "0")), kUnit, fHill);
	EXPECT_EQ(9, kMod.visiblePlotCount(TEAM));
	EXPECT_FALSE(kMod.isVisible(TEAM, MID + 2, MID));
}

TEST(Knobs, OuterRingAsInner)
{
	const CvVisionSource kUnit = unitAt(MID, MID, 1);
	EXPECT_EQ(9, plotsSeen(btsRules(), kUnit));
	EXPECT_EQ(25, plotsSeen(modRules(define("CVVISION_OUTER_RING_AS_INNER", "1")), kUnit))
		<< "the whole outer ring shows on open grassland";
}

TEST(Knobs, WaterSeeThroughUsesItsOwnDefine)
{
	// A lake next to a grassland unit with range 2, and a mod whose water is hard to see past.
	const std::string sHardWater = define("SEAWATER_SEE_THROUGH_CHANGE", "2");
	const Paint fLake = [](const CvVisionRules& kRules, PlotGrid& kGrid) {
		kGrid.setPlot(MID + 1, MID, plotFacts(kRules, CV_VISION_PLOT_OCEAN, "TERRAIN_COAST"));
	};
	const CvVisionSource kUnit = unitAt(MID, MID, 2);
	EXPECT_EQ(25, plotsSeen(btsRules(), kUnit, fLake));
	EXPECT_EQ(25, plotsSeen(modRules(sHardWater), kUnit, fLake)) << "BTS never reads the define";
	const PlotGrid kMod =
		sightOf(modRules(sHardWater + define("CVVISION_WATER_SEE_THROUGH_DEFINE", "1")), kUnit, fLake);
	EXPECT_EQ(24, kMod.visiblePlotCount(TEAM));
	EXPECT_FALSE(kMod.isVisible(TEAM, MID + 2, MID)) << "hidden behind the lake";
}

TEST(Knobs, ExtraWaterSeeFrom)
{
	// The ship with Optics of docs/vision-rules.md, section 3, on open ocean: 25 plots in BTS, the
	// 3x3 square without the bonus.
	const Paint fOptics = [](const CvVisionRules&, PlotGrid& kGrid) { kGrid.setExtraWaterSeeFrom(TEAM, true); };
	const CvVisionSource kShip = unitAt(MID, MID, 1);
	EXPECT_EQ(25, plotsSeen(btsRules(), kShip, fOptics, true));
	EXPECT_EQ(9, plotsSeen(modRules(define("CVVISION_EXTRA_WATER_SEE_FROM", "0")), kShip, fOptics, true));
	// A bonus of 2 lifts the ship over a forested island it would not see past with 1.
	const Paint fIsland = [](const CvVisionRules& kRules, PlotGrid& kGrid) {
		kGrid.setExtraWaterSeeFrom(TEAM, true);
		kGrid.setPlot(MID + 1, MID, plotFacts(kRules, CV_VISION_PLOT_LAND, "TERRAIN_GRASS", "FEATURE_FOREST"));
	};
	const CvVisionSource kFarShip = unitAt(MID, MID, 2);
	EXPECT_FALSE(sightOf(btsRules(), kFarShip, fIsland, true).isVisible(TEAM, MID + 2, MID));
	EXPECT_TRUE(sightOf(modRules(define("CVVISION_EXTRA_WATER_SEE_FROM", "2")), kFarShip, fIsland, true)
					.isVisible(TEAM, MID + 2, MID));
}

TEST(Knobs, FacingFarSpread)
{
	// Facing north, (+2,+1) lies 63 degrees off the facing: outside BTS's 60-degree cone.
	const CvVisionSource kScout = unitAt(MID, MID, 2, NORTH);
	const PlotGrid kBts = sightOf(btsRules(), kScout);
	const PlotGrid kMod = sightOf(modRules(define("CVVISION_FACING_FAR_SPREAD", "180")), kScout);
	EXPECT_FALSE(kBts.isVisible(TEAM, MID + 2, MID + 1));
	EXPECT_TRUE(kMod.isVisible(TEAM, MID + 2, MID + 1));
	EXPECT_LT(kBts.visiblePlotCount(TEAM), kMod.visiblePlotCount(TEAM));
}

TEST(Knobs, FacingNearSpread)
{
	// Facing north, the plot behind on the right (+1,-1) is 135 degrees off: only revealed in BTS.
	const CvVisionSource kScout = unitAt(MID, MID, 1, NORTH);
	const PlotGrid kBts = sightOf(btsRules(), kScout);
	const PlotGrid kMod = sightOf(modRules(define("CVVISION_FACING_NEAR_SPREAD", "300")), kScout);
	EXPECT_FALSE(kBts.isVisible(TEAM, MID + 1, MID - 1));
	EXPECT_TRUE(kBts.isRevealed(TEAM, MID + 1, MID - 1));
	EXPECT_TRUE(kMod.isVisible(TEAM, MID + 1, MID - 1));
}

TEST(Knobs, LineOfSightRevealOff)
{
	const CvVisionSource kScout = unitAt(MID, MID, 1, NORTH);
	EXPECT_TRUE(sightOf(btsRules(), kScout).isRevealed(TEAM, MID, MID - 1)) << "BTS reveals the plot behind";
	const PlotGrid kMod = sightOf(modRules(define("CVVISION_LINE_OF_SIGHT_REVEAL", "0")), kScout);
	EXPECT_FALSE(kMod.isRevealed(TEAM, MID, MID - 1));
	EXPECT_TRUE(kMod.isVisible(TEAM, MID, MID + 1)) << "what it faces it still sees";
}

TEST(Knobs, MaxSightRange)
{
	const CvVisionRules kBts = btsRules();
	EXPECT_EQ(2, kBts.unitSightRange(kBts.findUnit("UNIT_WARRIOR"), SENTRY));
	EXPECT_EQ(25, plotsSeen(kBts, unitOf(kBts, "UNIT_WARRIOR", SENTRY)));
	const CvVisionRules kMod = modRules(define("CVVISION_MAX_SIGHT_RANGE", "1"));
	EXPECT_EQ(1, kMod.unitSightRange(kMod.findUnit("UNIT_WARRIOR"), SENTRY));
	EXPECT_EQ(9, plotsSeen(kMod, unitOf(kMod, "UNIT_WARRIOR", SENTRY))) << "Sentry no longer helps";
	EXPECT_EQ(1, kMod.unitSightRange(kMod.findUnit("UNIT_WARRIOR"), 20));
}

TEST(Knobs, NoSightCapByDefaultAsBts)
{
	// BTS caps nothing: a promotion stack of 63 gives a warrior range 64, a negative one -1.
	const CvVisionRules kBts = btsRules();
	EXPECT_EQ(CV_VISION_NO_SIGHT_CAP, kBts.iMaxSightRange);
	EXPECT_EQ(64, kBts.unitSightRange(kBts.findUnit("UNIT_WARRIOR"), 63));
	EXPECT_EQ(-1, kBts.unitSightRange(kBts.findUnit("UNIT_WARRIOR"), -2));
	const CvVisionRules kMod = modRules(define("CVVISION_MAX_SIGHT_RANGE", "40"));
	EXPECT_EQ(40, kMod.unitSightRange(kMod.findUnit("UNIT_WARRIOR"), 63));
}

TEST(Knobs, ImprovementSeeFrom)
{
	// A unit in a fort on grassland, forest next to it: the fort lifts it like a hill.
	const auto fFortBesideForest = [](const std::string& sImprovement) {
		return Paint([sImprovement](const CvVisionRules& kRules, PlotGrid& kGrid) {
			kGrid.setPlot(MID, MID, plotFacts(kRules, CV_VISION_PLOT_LAND, "TERRAIN_GRASS", "", sImprovement));
			kGrid.setPlot(MID + 1, MID, plotFacts(kRules, CV_VISION_PLOT_LAND, "TERRAIN_GRASS", "FEATURE_FOREST"));
		});
	};
	const CvVisionSource kUnit = unitAt(MID, MID, 1);
	const CvVisionRules kMod = modRules(define("CVVISION_SEE_FROM_IMPROVEMENT_FORT", "1"));
	EXPECT_EQ(9, plotsSeen(btsRules(), kUnit, fFortBesideForest("IMPROVEMENT_FORT")));
	EXPECT_EQ(24, plotsSeen(kMod, kUnit, fFortBesideForest("IMPROVEMENT_FORT"))) << "spec 3: hills beside forest";
	EXPECT_EQ(9, plotsSeen(kMod, kUnit, fFortBesideForest("IMPROVEMENT_FARM"))) << "other improvements unchanged";
}

TEST(Knobs, UnitTypeExtraRange)
{
	const CvVisionRules kBts = btsRules();
	const CvVisionRules kMod = modRules(define("CVVISION_EXTRA_RANGE_UNIT_SCOUT", "1"));
	EXPECT_EQ(9, plotsSeen(kBts, unitOf(kBts, "UNIT_SCOUT")));
	EXPECT_EQ(25, plotsSeen(kMod, unitOf(kMod, "UNIT_SCOUT")));
	EXPECT_EQ(9, plotsSeen(kMod, unitOf(kMod, "UNIT_WARRIOR"))) << "other units unchanged";
	EXPECT_EQ(42, kMod.unitSightRange(kMod.findUnit("UNIT_SCOUT"), 40)) << "no cap, as BTS";
}

TEST(Knobs, GlobalDefinesAltSetsThemToo)
{
	TempAssets kMod;
	kMod.write("GlobalDefinesAlt.xml", defines(define("CVVISION_OUTER_RING_AS_INNER", "1")));
	const CvVisionRules kRules = loadVisionRules({ kMod.path(), bundledVanillaAssets() }).kRules;
	EXPECT_EQ(25, plotsSeen(kRules, unitAt(MID, MID, 1)));
}

// --- errors ----------------------------------------------------------------------------------

namespace {
// The error of a mod whose CvVision_GlobalDefines.xml holds sDefines, with that file's path
// taken off the front: "LINE: message".
std::string knobError(const std::string& sDefines)
{
	TempAssets kMod;
	kMod.write("CvVision_GlobalDefines.xml", defines(sDefines));
	const std::string sError = loadError({ kMod.path(), bundledVanillaAssets() });
	const std::string sFile = (kMod.path() / "XML" / "CvVision_GlobalDefines.xml").string() + ":";
	return sError.compare(0, sFile.size(), sFile) == 0 ? sError.substr(sFile.size()) : "elsewhere: " + sError;
}
}

TEST(KnobErrors, UnknownKnob)
{
	const std::string sError = knobError(define("CVVISION_OUTER_RNG", "0"));
	EXPECT_EQ(0u, sError.find("3: define CVVISION_OUTER_RNG = 0: not a CvVision knob (known: CVVISION_OUTER_RING, "))
		<< sError;
}

TEST(KnobErrors, KnobOutOfItsLimits)
{
	EXPECT_EQ("7: define CVVISION_FACING_FAR_SPREAD = 400: must be 0..360",
		knobError(define("CVVISION_OUTER_RING", "1") + define("CVVISION_FACING_FAR_SPREAD", "400")));
	EXPECT_EQ("3: define CVVISION_MAX_SIGHT_RANGE = -2: must be -1..1000000",
		knobError(define("CVVISION_MAX_SIGHT_RANGE", "-2")));
	EXPECT_EQ("3: define CVVISION_OUTER_RING = 2: must be 0..1", knobError(define("CVVISION_OUTER_RING", "2")));
	EXPECT_EQ("3: define CVVISION_EXTRA_RANGE_UNIT_SCOUT = -40: must be -32..32",
		knobError(define("CVVISION_EXTRA_RANGE_UNIT_SCOUT", "-40")));
}

TEST(KnobErrors, PerTypeKnobNamingAnUnknownType)
{
	EXPECT_EQ("3: define CVVISION_SEE_FROM_IMPROVEMENT_WATCHTOWER = 1: IMPROVEMENT_WATCHTOWER is not an improvement "
			  "defined in Terrain/CIV4ImprovementInfos.xml",
		knobError(define("CVVISION_SEE_FROM_IMPROVEMENT_WATCHTOWER", "1")));
	EXPECT_EQ(
		"3: define CVVISION_EXTRA_RANGE_UNIT_SCOUTT = 1: UNIT_SCOUTT is not a unit defined in Units/CIV4UnitInfos.xml",
		knobError(define("CVVISION_EXTRA_RANGE_UNIT_SCOUTT", "1")));
}

TEST(KnobErrors, KnobWithoutAnInteger)
{
	const std::string sFloat = "\t<Define>\n\t\t<DefineName>CVVISION_OUTER_RING</"
							   "DefineName>\n\t\t<fDefineFloatVal>1.0</fDefineFloatVal>\n\t</Define>\n";
	EXPECT_EQ("3: define CVVISION_OUTER_RING: a CvVision knob needs an <iDefineIntVal>", knobError(sFloat));
	EXPECT_EQ("5: define CVVISION_OUTER_RING: <iDefineIntVal> 'on' is not a whole number",
		knobError(define("CVVISION_OUTER_RING", "on")));
}

// --- the sight model's knob, end to end ---------------------------------------------------------
// (The sight models themselves: engine/test_sight_models.cpp.)

TEST(SightModels, TheKnobFromXmlSwitchesTheModel)
{
	TempAssets kMod;
	kMod.write("CvVision_GlobalDefines.xml", defines(define("CVVISION_SIGHT_MODEL", "2")));
	const CvVisionRules kRules = loadVisionRules({ kMod.path(), bundledVanillaAssets() }).kRules;
	EXPECT_EQ(CV_VISION_SIGHT_SYMMETRIC, kRules.knob(CV_VISION_KNOB_SIGHT_MODEL));
	EXPECT_EQ(CV_VISION_SIGHT_SYMMETRIC, VisionSetup(kRules).engine().options().eSightModel);
	// Somewhere on a random map the two rules disagree, and the mod's engine gives the model's answer.
	std::mt19937 kRng(9);
	PlotGrid kGrid(30, 30, false, false);
	randomizeTerrain(kGrid, kRng, TerrainMix());
	int iDiffering = 0;
	for (int i = 0; i < 200; ++i)
	{
		const CvVisionSource kSource = unitAt(3 + kRng() % 24, 3 + kRng() % 24, 2);
		const std::set<int> kMod = seenBy(VisionSetup(kRules).engine(), kGrid, kSource);
		EXPECT_EQ(seenBy(engineFor(CV_VISION_SIGHT_SYMMETRIC), kGrid, kSource), kMod);
		iDiffering += kMod != seenBy(CvVisionEngine(), kGrid, kSource);
	}
	EXPECT_GT(iDiffering, 0);
	kMod.write("CvVision_GlobalDefines.xml", defines(define("CVVISION_SIGHT_MODEL", "3")));
	EXPECT_THROW(loadVisionRules({ kMod.path(), bundledVanillaAssets() }), RulesError);
}
