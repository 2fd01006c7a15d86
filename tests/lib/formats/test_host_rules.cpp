// A tree's vision rules as the host prints them (formats/HostRules.h): the JSON of `cvcore rules`
// made into the LoadedRules the XML reader gives, and JSON that is broken, of another shape, of a
// load that stopped or of rules the engine cannot take refused with a RulesError naming the source
// and the member's path. (The host run on BTS 3.19's tree and the game's XML:
// tests/host/test_host_rules.py.)
#include "formats/HostRules.h"

#include <gtest/gtest.h>

#include <string>

namespace cvv {
namespace {

// A small tree's rules as `cvcore rules` prints them; sRules replaces the "rules" member.
std::string hostJson(const std::string& sRules = "", const std::string& sUnits = "")
{
	const std::string sDefaultRules = R"({
    "levels": {"peak_see_from_change": 2, "peak_see_through_change": 2, "hills_see_from_change": 1,
      "hills_see_through_change": 1, "seawater_see_from_change": 0, "seawater_see_through_change": 0},
    "ranges": {"plot_visibility": 1, "unit_visibility": 1, "recon_visibility": 5},
    "movement": {"move_denominator": 60, "hills_extra_movement": 1},
    "knobs": {"CVVISION_OUTER_RING": 0, "CVVISION_MAX_SIGHT_RANGE": 3},
    "terrains": [{"type": "TERRAIN_GRASS", "see_from": 1, "see_through": 1, "water": false, "movement": 1, "impassable": false},
      {"type": "TERRAIN_OCEAN", "see_from": 0, "see_through": 0, "water": true, "movement": 1, "impassable": false}],
    "features": [{"type": "FEATURE_FOREST", "see_through": 1, "movement": 2, "impassable": false}],
    "routes": [{"type": "ROUTE_ROAD", "movement": 30, "flat_movement": 30, "tech_movement_changes": [[1, -10]]}],
    "improvements": [{"type": "IMPROVEMENT_FORT", "extra_see_from": 2}],
    "techs": [{"type": "TECH_OPTICS", "extra_water_see_from": true}, {"type": "TECH_ENGINEERING", "extra_water_see_from": false}],
    "promotions": [{"type": "PROMOTION_SENTRY", "visibility_change": 1}],
    "invisible_types": ["INVISIBLE_SUBMARINE", "INVISIBLE_STEALTH"],
    "units": )"
		+ (sUnits.empty() ? std::string(
			   R"([{"type": "UNIT_SCOUT", "domain": 2, "see_invisible": [], "line_of_sight": false, "extra_range": 1, "moves": 2},
      {"type": "UNIT_DESTROYER", "domain": 0, "see_invisible": [0], "line_of_sight": false, "extra_range": 0, "moves": 8}])")
						  : sUnits)
		+ "}";
	return R"({"steps": [{"name": "SetGlobalDefines", "ok": true}, {"name": "LoadPostMenuGlobals", "ok": true}],
  "infos": {"Terrain": 2, "Feature": 1, "Route": 1, "Improvement": 1, "Tech": 2, "Promotion": 1, "Invisible": 2, "Unit": 2, "Building": 159},
  "defines": {}, "text_keys": 10, "message_boxes": [], "executable_calls": {},
  "folders": ["/mods/M/Assets", "/game/Beyond the Sword/Assets", "/game/Assets"],
  "files_read": ["/game/Beyond the Sword/Assets/XML/GlobalDefines.xml", "/mods/M/Assets/xml/Terrain/Civ4TerrainInfos.xml",
    "/game/Assets/XML/Units/CIV4UnitInfos.xml", "/elsewhere/CIV4RouteInfos.xml"],
  "integer_defines": {"MOVE_DENOMINATOR": 60, "UNIT_VISIBILITY_RANGE": 1, "CVVISION_MAX_SIGHT_RANGE": 3},
  "vision_defines": {"PLOT_VISIBILITY_RANGE": 1, "UNIT_VISIBILITY_RANGE": 1, "RECON_VISIBILITY_RANGE": 5,
    "PEAK_SEE_FROM_CHANGE": 2, "PEAK_SEE_THROUGH_CHANGE": 2, "HILLS_SEE_FROM_CHANGE": 1, "HILLS_SEE_THROUGH_CHANGE": 1,
    "SEAWATER_SEE_FROM_CHANGE": 0, "SEAWATER_SEE_THROUGH_CHANGE": null, "MOVE_DENOMINATOR": 60, "HILLS_EXTRA_MOVEMENT": 1},
  "rules": )"
		+ (sRules.empty() ? sDefaultRules : sRules) + "}";
}

std::string refusal(const std::string& sJson)
{
	try
	{
		rulesFromHostJson(sJson, "TREE (cvcore rules)", "TREE");
	}
	catch (const RulesError& e)
	{
		return e.what();
	}
	return "no error";
}

TEST(HostRules, TheHostsRulesAreTheLoadedRulesOfTheXmlReader)
{
	const LoadedRules kLoaded = rulesFromHostJson(hostJson(), "TREE (cvcore rules)", "TREE");
	const CvVisionRules& kRules = kLoaded.kRules;
	EXPECT_EQ(kLoaded.sTree, "TREE");
	EXPECT_EQ(kRules.kLevels.iPeakSeeFromChange, 2);
	EXPECT_EQ(kRules.iReconVisibilityRange, 5);
	EXPECT_EQ(kRules.iMoveDenominator, 60);
	EXPECT_FALSE(kRules.kOptions.bOuterRing);
	EXPECT_EQ(kRules.iMaxSightRange, 3);
	EXPECT_EQ(kRules.iFacingFarSpread, CV_VISION_KNOB_DEFAULT_FACING_FAR_SPREAD); // a knob not given keeps its default
	ASSERT_EQ(kRules.aTerrains.size(), 2u);
	EXPECT_TRUE(kRules.aTerrains[1].bWater);
	EXPECT_EQ(kRules.aFeatures[0].iMovement, 2);
	EXPECT_EQ(kRules.aRoutes[0].aTechMovementChanges, (std::vector<std::pair<int, int>>{ { 1, -10 } }));
	EXPECT_EQ(kRules.improvementSeeFrom(0), 2);
	EXPECT_TRUE(kRules.aTechs[0].bExtraWaterSeeFrom);
	EXPECT_EQ(kRules.aPromotions[0].iVisibilityChange, 1);
	EXPECT_EQ(kRules.findInvisibleType("INVISIBLE_STEALTH"), 1);
	ASSERT_EQ(kRules.aUnits.size(), 2u);
	EXPECT_EQ(kRules.aUnits[1].eDomain, CV_VISION_DOMAIN_SEA);
	EXPECT_EQ(kRules.aUnits[1].aeSeeInvisible, (std::vector<int>{ 0 }));
	EXPECT_EQ(kRules.unitSightRange(0, 0), 2); // UNIT_VISIBILITY_RANGE 1 + the scout's extra 1
	// The places: the folders, each file's folder, each vision class's file below its XML/.
	EXPECT_EQ(kLoaded.aFolders.size(), 3u);
	EXPECT_EQ(kLoaded.aiFileFolders, (std::vector<int>{ 1, 0, 2, -1 }));
	EXPECT_EQ(kLoaded.kInfoFiles.at("TerrainInfo"), "Terrain/Civ4TerrainInfos.xml");
	EXPECT_EQ(kLoaded.kInfoFiles.at("UnitInfo"), "Units/CIV4UnitInfos.xml");
	EXPECT_EQ(kLoaded.kInfoFiles.at("RouteInfo"), "/elsewhere/CIV4RouteInfos.xml");
	EXPECT_EQ(kLoaded.kInfoFiles.count("TechInfo"), 0u);
	EXPECT_EQ(kLoaded.kDefines.at("CVVISION_MAX_SIGHT_RANGE"), 3);
	// A define the tree lacks reads as 0 in the game, and is told.
	EXPECT_EQ(kLoaded.aszWarnings,
		(std::vector<std::string>{ "define SEAWATER_SEE_THROUGH_CHANGE is missing: it reads as 0" }));
}

TEST(HostRules, BrokenJsonIsARulesErrorNamingTheSourceAndWhere)
{
	EXPECT_EQ(
		refusal("{\"steps\": ["), "TREE (cvcore rules): line 1, column 12: the text ends where a value should be");
	EXPECT_EQ(refusal("[]"), "TREE (cvcore rules): (top): an array where an object was expected");
	std::string sNoUnits = hostJson();
	sNoUnits.replace(sNoUnits.find("\"units\""), 7, "\"unitz\"");
	EXPECT_EQ(refusal(sNoUnits), "TREE (cvcore rules): rules: no member \"units\"");
	EXPECT_EQ(refusal(hostJson("", R"([{"type": "UNIT_X", "domain": "land"}, {}])")),
		"TREE (cvcore rules): rules.units[0].domain: a string where a whole number was expected");
}

TEST(HostRules, ALoadThatStoppedNamesTheStepAndTheMessageBoxes)
{
	std::string sJson = hostJson("null");
	sJson.replace(sJson.find(R"({"name": "LoadPostMenuGlobals", "ok": true})"), 43,
		R"({"name": "LoadPreMenuGlobals", "ok": true})");
	sJson.replace(sJson.find(R"("message_boxes": [])"), 19,
		R"("message_boxes": ["XML: /mods/M/Assets/XML/Terrain/CIV4TerrainInfos.xml:31:25: expected '>'"])");
	EXPECT_EQ(refusal(sJson),
		"TREE (cvcore rules): the tree's own XML load stopped in LoadPreMenuGlobals: XML: "
		"/mods/M/Assets/XML/Terrain/CIV4TerrainInfos.xml:31:25: expected '>'");
}

TEST(HostRules, RulesTheEngineCannotTakeAreRefused)
{
	auto withRules = [](const std::string& sFrom, const std::string& sTo) {
		std::string s = hostJson();
		s.replace(s.find(sFrom), sFrom.size(), sTo);
		return s;
	};
	EXPECT_EQ(refusal(withRules(R"("recon_visibility": 5)", R"("recon_visibility": 40)")),
		"TREE (cvcore rules): rules.ranges.recon_visibility: 40 is out of range (0..32)");
	EXPECT_EQ(refusal(withRules(R"("CVVISION_OUTER_RING": 0, "CVVISION_MAX_SIGHT_RANGE": 3)",
				  R"("CVVISION_OUTER_RING": 0, "CVVISION_NO_SUCH_KNOB": 3)")),
		"TREE (cvcore rules): rules.knobs.CVVISION_NO_SUCH_KNOB: not a CvVision knob");
	EXPECT_EQ(refusal(withRules(R"("see_invisible": [0])", R"("see_invisible": [2])")),
		"TREE (cvcore rules): rules.units[1].see_invisible[0]: 2 is out of range (0..1)");
	EXPECT_EQ(refusal(withRules(R"("Unit": 2)", R"("Unit": 3)")),
		"TREE (cvcore rules): rules.units: 2 entries, where the tree loaded 3 Unit infos");
	EXPECT_EQ(refusal(withRules(R"("see_from": 1, "see_through": 1)", R"("see_from": 2147483647, "see_through": 1)")),
		"TREE (cvcore rules): TERRAIN_GRASS: its see-from level reaches 2147483647..2147483651 with the plot types' "
		"defines, the improvements and features: beyond an int, where the game's additions wrap");
}

} // namespace
} // namespace cvv
