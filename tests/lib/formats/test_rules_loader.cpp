// The rules loader: vanilla values from the project's fixtures and from a real BTS-based mod,
// overrides changing what the engine computes, and errors a modder can act on.
#include "CvVisionEngine.h"
#include "model/PlotGrid.h"
#include "formats/RulesLoader.h"
#include "engine/SightSources.h"
#include "TempAssets.h"
#include "model/VisionSetup.h"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

using namespace cvv;

namespace fs = std::filesystem;

namespace {
fs::path vanillaAssets() { return bundledVanillaAssets(); }

void expectVanilla(const LoadedRules& kLoaded)
{
	const CvVisionRules& kRules = kLoaded.kRules;
	EXPECT_EQ(1, kRules.iPlotVisibilityRange);
	EXPECT_EQ(1, kRules.iUnitVisibilityRange);
	EXPECT_EQ(5, kRules.iReconVisibilityRange);
	EXPECT_EQ(2, kRules.kLevels.iPeakSeeFromChange);
	EXPECT_EQ(2, kRules.kLevels.iPeakSeeThroughChange);
	EXPECT_EQ(1, kRules.kLevels.iHillsSeeFromChange);
	EXPECT_EQ(1, kRules.kLevels.iHillsSeeThroughChange);
	EXPECT_EQ(0, kRules.kLevels.iSeaWaterSeeFromChange);
	EXPECT_EQ(0, kRules.kLevels.iSeaWaterSeeThroughChange);

	const char* const aszLand[] = { "TERRAIN_GRASS", "TERRAIN_PLAINS", "TERRAIN_DESERT", "TERRAIN_TUNDRA",
		"TERRAIN_SNOW" };
	for (const char* szLand : aszLand)
	{
		const int i = kRules.findTerrain(szLand);
		ASSERT_GE(i, 0) << szLand;
		EXPECT_EQ(1, kRules.aTerrains[i].iSeeFrom) << szLand;
		EXPECT_EQ(1, kRules.aTerrains[i].iSeeThrough) << szLand;
		EXPECT_FALSE(kRules.aTerrains[i].bWater) << szLand;
	}
	for (const char* szZero : { "TERRAIN_COAST", "TERRAIN_OCEAN", "TERRAIN_PEAK", "TERRAIN_HILL" })
	{
		const int i = kRules.findTerrain(szZero);
		ASSERT_GE(i, 0) << szZero;
		EXPECT_EQ(0, kRules.aTerrains[i].iSeeFrom) << szZero;
		EXPECT_EQ(0, kRules.aTerrains[i].iSeeThrough) << szZero;
	}
	EXPECT_EQ(0, kRules.findTerrain("TERRAIN_GRASS")) << "indices follow file order";
	EXPECT_EQ(6, kRules.findTerrain("TERRAIN_OCEAN"));
	const char* const aszFeatures[] = { "FEATURE_ICE", "FEATURE_JUNGLE", "FEATURE_OASIS", "FEATURE_FLOOD_PLAINS",
		"FEATURE_FOREST", "FEATURE_FALLOUT" };
	const int aiThrough[] = { 0, 1, 1, 0, 1, 0 };
	for (int i = 0; i < 6; ++i)
	{
		ASSERT_EQ(i, kRules.findFeature(aszFeatures[i])) << aszFeatures[i];
		EXPECT_EQ(aiThrough[i], kRules.aFeatures[i].iSeeThrough) << aszFeatures[i];
	}
	for (const CvVisionTechRule& kTech : kRules.aTechs)
	{
		EXPECT_EQ(kTech.szType == "TECH_OPTICS", kTech.bExtraWaterSeeFrom) << kTech.szType;
	}
	ASSERT_GE(kRules.findPromotion("PROMOTION_SENTRY"), 0);
	EXPECT_EQ(1, kRules.aPromotions[kRules.findPromotion("PROMOTION_SENTRY")].iVisibilityChange);
	ASSERT_GE(kRules.findPromotion("PROMOTION_COMBAT1"), 0);
	EXPECT_EQ(0, kRules.aPromotions[kRules.findPromotion("PROMOTION_COMBAT1")].iVisibilityChange);
	const int iDestroyer = kRules.findUnit("UNIT_DESTROYER");
	ASSERT_GE(iDestroyer, 0);
	ASSERT_EQ(1u, kRules.aUnits[iDestroyer].aeSeeInvisible.size());
	EXPECT_EQ(kRules.findInvisibleType("INVISIBLE_SUBMARINE"), kRules.aUnits[iDestroyer].aeSeeInvisible[0]);
	EXPECT_EQ(CV_VISION_DOMAIN_SEA, kRules.aUnits[iDestroyer].eDomain);
	const int iFighter = kRules.findUnit("UNIT_FIGHTER");
	ASSERT_GE(iFighter, 0);
	EXPECT_EQ(CV_VISION_DOMAIN_AIR, kRules.aUnits[iFighter].eDomain);
}

// XML in, sight out: a unit of UNIT_VISIBILITY_RANGE on grassland, or on hills, with the
// loaded levels; returns the number of plots it sees.
int plotsSeen(const CvVisionRules& kRules, bool bOnHills)
{
	PlotGrid kGrid(15, 15, false, false, 1, 2, kRules.kLevels);
	const CvVisionTerrainRule& kGrass = kRules.aTerrains[kRules.findTerrain("TERRAIN_GRASS")];
	PlotGrid::Plot kPlot;
	kPlot.iTerrainSeeFrom = kGrass.iSeeFrom;
	kPlot.iTerrainSeeThrough = kGrass.iSeeThrough;
	for (int iX = 0; iX < 15; ++iX)
	{
		for (int iY = 0; iY < 15; ++iY)
		{
			kGrid.setPlot(iX, iY, kPlot);
		}
	}
	if (bOnHills)
	{
		kGrid.setHills(7, 7);
	}
	CvVisionSource kUnit;
	kUnit.iX = 7;
	kUnit.iY = 7;
	kUnit.iRange = kRules.iUnitVisibilityRange;
	EXPECT_EQ(CV_VISION_OK, CvVisionEngine().changeAdjacentSight(kGrid, kGrid, kUnit, 1));
	return kGrid.visiblePlotCount(0);
}
}

TEST(RulesLoader, ProjectFixturesGiveVanillaValues)
{
	const LoadedRules kLoaded = loadVisionRules({ vanillaAssets() });
	expectVanilla(kLoaded);
	for (const CvVisionPromotionRule& kPromotion : kLoaded.kRules.aPromotions)
	{
		EXPECT_EQ(kPromotion.szType == "PROMOTION_SENTRY" ? 1 : 0, kPromotion.iVisibilityChange) << kPromotion.szType;
	}
	EXPECT_TRUE(kLoaded.aszWarnings.empty()) << kLoaded.aszWarnings.front();
	EXPECT_EQ(9, plotsSeen(kLoaded.kRules, false));
	EXPECT_EQ(25, plotsSeen(kLoaded.kRules, true));
}

TEST(RulesLoader, RealModFilesGiveVanillaValues)
{
	const fs::path kRtr = fs::path(CVVISION_SHARED_DIR) / "data" / "civ4" / "xml" / "rtr" / "Assets";
	if (!fs::is_directory(kRtr))
	{
		GTEST_SKIP() << "../shared/data is absent: " << kRtr.string();
	}
	// RtR ships no CIV4BasicInfos.xml: the base game's comes from the next folder, as in the game.
	const LoadedRules kLoaded = loadVisionRules({ kRtr, vanillaAssets() });
	expectVanilla(kLoaded);
	EXPECT_EQ(116u, kLoaded.kRules.aUnits.size());
	// RtR's own promotion (not in vanilla): a spy that sees less.
	const int iSpy = kLoaded.kRules.findPromotion("PROMOTION_SPY");
	ASSERT_GE(iSpy, 0);
	EXPECT_EQ(-2, kLoaded.kRules.aPromotions[iSpy].iVisibilityChange);
	EXPECT_EQ(319, kLoaded.kDefines.at("CIV4_VERSION"));
	EXPECT_EQ(1, kLoaded.kDefines.at("USE_MODDERS_PLAYEROPTION_1")) << "GlobalDefinesAlt.xml was read";
}

TEST(RulesLoader, ModFolderOverridesAndChangesTheSight)
{
	TempAssets kMod;
	kMod.write("GlobalDefinesAlt.xml", defines(define("UNIT_VISIBILITY_RANGE", "2")));
	const LoadedRules kLoaded = loadVisionRules({ kMod.path(), vanillaAssets() });
	EXPECT_EQ(2, kLoaded.kRules.iUnitVisibilityRange);
	EXPECT_EQ(25, plotsSeen(kLoaded.kRules, false)) << "range 2 on grassland";
}

TEST(RulesLoader, ModularDefinesOverrideAndTheModWins)
{
	TempAssets kMod;
	kMod.write("Modules/Vision/Vision_GlobalDefines.xml", defines(define("HILLS_SEE_FROM_CHANGE", "0")));
	TempAssets kBase;
	kBase.copyVanilla();
	kBase.write("Modules/Other/Other_GlobalDefines.xml", defines(define("HILLS_SEE_FROM_CHANGE", "3")));
	const LoadedRules kLoaded = loadVisionRules({ kMod.path(), kBase.path() });
	EXPECT_EQ(0, kLoaded.kRules.kLevels.iHillsSeeFromChange);
	EXPECT_EQ(9, plotsSeen(kLoaded.kRules, true)) << "hills no higher than grassland";
}

TEST(RulesLoader, MissingVisionDefineReadsAsZeroWithAWarning)
{
	TempAssets kMod;
	kMod.copyVanilla();
	kMod.write("GlobalDefines.xml", defines(define("UNIT_VISIBILITY_RANGE", "1")));
	const LoadedRules kLoaded = loadVisionRules({ kMod.path() });
	EXPECT_EQ(0, kLoaded.kRules.kLevels.iPeakSeeFromChange);
	bool bWarned = false;
	for (const std::string& sWarning : kLoaded.aszWarnings)
	{
		bWarned = bWarned || sWarning == "define PEAK_SEE_FROM_CHANGE is missing: it reads as 0";
	}
	EXPECT_TRUE(bWarned);
}


TEST(RulesErrors, MalformedXmlNamesFileAndLine)
{
	TempAssets kMod;
	kMod.copyVanilla();
	kMod.write("GlobalDefinesAlt.xml", "<?xml version=\"1.0\"?>\n<Civ4Defines>\n\t<Define>\n</Civ4Defines>\n");
	const std::string sError = loadError({ kMod.path() });
	// The unclosed <Define> of line 3.
	EXPECT_NE(std::string::npos, sError.find("GlobalDefinesAlt.xml:3: malformed XML")) << sError;
}

TEST(RulesErrors, MalformedXmlSaysWhatInWords)
{
	TempAssets kMod;
	kMod.copyVanilla();
	kMod.write("GlobalDefinesAlt.xml", "<?xml version=\"1.0\"?>\n<Civ4Defines>\n\t<Define>\n</Civ4Defines>\n");
	std::string sError = loadError({ kMod.path() });
	EXPECT_NE(std::string::npos,
		sError.find("GlobalDefinesAlt.xml:3: malformed XML: an end tag does not match its start tag"))
		<< sError;
	EXPECT_EQ(std::string::npos, sError.find("XML_ERROR")) << sError;
	// UTF-16 (with its byte order mark): named as such, not TinyXML2's "ErrorID=15".
	const std::string sAscii = "<?xml version=\"1.0\"?>\n<Civ4Defines>\n</Civ4Defines>\n";
	std::string sUtf16 = "\xFF\xFE";
	for (char c : sAscii)
	{
		sUtf16 += c;
		sUtf16 += '\0';
	}
	kMod.write("GlobalDefinesAlt.xml", sUtf16);
	sError = loadError({ kMod.path() });
	EXPECT_NE(std::string::npos, sError.find("GlobalDefinesAlt.xml:")) << sError;
	EXPECT_NE(std::string::npos, sError.find("malformed XML: the file is UTF-16 (or has NUL bytes)")) << sError;
	EXPECT_EQ(std::string::npos, sError.find("ErrorID")) << sError;
}

TEST(RulesErrors, AFileGivenAsTheAssetsFolder)
{
	const fs::path kFile = fs::path(CVVISION_SOURCE_DIR) / "README.md";
	EXPECT_EQ(
		kFile.string() + ": not a folder (give a Civ4 Assets folder, the one that holds XML/)", loadError({ kFile }));
}

TEST(RulesErrors, MissingRequiredFile)
{
	TempAssets kMod;
	kMod.copyVanilla();
	fs::remove(kMod.path() / "XML" / "Terrain" / "CIV4TerrainInfos.xml");
	const std::string sError = loadError({ kMod.path() });
	EXPECT_NE(std::string::npos, sError.find("missing required file XML/Terrain/CIV4TerrainInfos.xml; looked in:"))
		<< sError;
}

TEST(RulesErrors, DefineThatIsNotANumber)
{
	TempAssets kMod;
	kMod.copyVanilla();
	kMod.write("GlobalDefinesAlt.xml", defines(define("PEAK_SEE_FROM_CHANGE", "two")));
	const std::string sError = loadError({ kMod.path() });
	EXPECT_NE(std::string::npos,
		sError.find("GlobalDefinesAlt.xml:5: define PEAK_SEE_FROM_CHANGE: <iDefineIntVal> 'two' is not a whole number"))
		<< sError;
}

TEST(RulesErrors, ImpossibleRange)
{
	TempAssets kMod;
	kMod.copyVanilla();
	kMod.write("GlobalDefinesAlt.xml", defines(define("RECON_VISIBILITY_RANGE", "-3")));
	const std::string sAlt = (kMod.path() / "XML" / "GlobalDefinesAlt.xml").string();
	EXPECT_EQ(sAlt + ":3: define RECON_VISIBILITY_RANGE = -3: a sight range must be 0..32", loadError({ kMod.path() }));
	kMod.write("GlobalDefinesAlt.xml", defines(define("UNIT_VISIBILITY_RANGE", "40")));
	EXPECT_EQ(sAlt + ":3: define UNIT_VISIBILITY_RANGE = 40: a sight range must be 0..32", loadError({ kMod.path() }));
}

TEST(RulesErrors, UnknownSeeInvisibleType)
{
	TempAssets kMod;
	kMod.copyVanilla();
	kMod.write("Units/CIV4UnitInfos.xml",
		"<?xml version=\"1.0\"?>\n<Civ4UnitInfos xmlns=\"x-schema:CIV4UnitSchema.xml\">\n<UnitInfos>\n<UnitInfo>\n"
		"<Type>UNIT_SONAR</Type>\n<Domain>DOMAIN_SEA</Domain>\n<SeeInvisible>INVISIBLE_SUBMARINE,INVISIBLE_GHOST</"
		"SeeInvisible>\n"
		"</UnitInfo>\n</UnitInfos>\n</Civ4UnitInfos>\n");
	const std::string sError = loadError({ kMod.path() });
	EXPECT_NE(std::string::npos,
		sError.find("CIV4UnitInfos.xml:7: UNIT_SONAR: unknown invisible type 'INVISIBLE_GHOST' "
					"(known from BasicInfos/CIV4InvisibleInfos.xml: INVISIBLE_SUBMARINE, INVISIBLE_STEALTH)"))
		<< sError;
}

TEST(RulesErrors, NotAnAssetsFolder)
{
	EXPECT_EQ("/nonexistent/Assets: no such folder (give a Civ4 Assets folder, the one that holds XML/)",
		loadError({ "/nonexistent/Assets" }));
}

TEST(RulesErrors, TerrainReferencedButNotDefined)
{
	TempAssets kMod;
	kMod.copyVanilla();
	kMod.write("Terrain/CIV4FeatureInfos.xml",
		"<?xml version=\"1.0\"?>\n"
		"<Civ4FeatureInfos xmlns=\"x-schema:CIV4TerrainSchema.xml\">\n"
		"\t<FeatureInfos>\n"
		"\t\t<FeatureInfo>\n"
		"\t\t\t<Type>FEATURE_MANGROVE</Type>\n"
		"\t\t\t<iSeeThrough>1</iSeeThrough>\n"
		"\t\t\t<TerrainBooleans>\n"
		"\t\t\t\t<TerrainBoolean>\n"
		"\t\t\t\t\t<TerrainType>TERRAIN_MARSH</TerrainType>\n"
		"\t\t\t\t\t<bTerrain>1</bTerrain>\n"
		"\t\t\t\t</TerrainBoolean>\n"
		"\t\t\t</TerrainBooleans>\n"
		"\t\t</FeatureInfo>\n"
		"\t</FeatureInfos>\n"
		"</Civ4FeatureInfos>\n");
	EXPECT_EQ((kMod.path() / "XML" / "Terrain" / "CIV4FeatureInfos.xml").string()
			+ ":9: FEATURE_MANGROVE: <TerrainType> TERRAIN_MARSH is not defined in Terrain/CIV4TerrainInfos.xml",
		loadError({ kMod.path() }));
}

TEST(RulesErrors, FeatureReferencedButNotDefined)
{
	TempAssets kMod;
	kMod.write("Units/CIV4UnitInfos.xml",
		"<?xml version=\"1.0\"?>\n"
		"<Civ4UnitInfos xmlns=\"x-schema:CIV4UnitSchema.xml\">\n"
		"\t<UnitInfos>\n"
		"\t\t<UnitInfo>\n"
		"\t\t\t<Type>UNIT_RANGER</Type>\n"
		"\t\t\t<Domain>DOMAIN_LAND</Domain>\n"
		"\t\t\t<FeatureNatives>\n"
		"\t\t\t\t<FeatureNative>\n"
		"\t\t\t\t\t<FeatureType>FEATURE_SWAMP</FeatureType>\n"
		"\t\t\t\t\t<bFeatureNative>1</bFeatureNative>\n"
		"\t\t\t\t</FeatureNative>\n"
		"\t\t\t</FeatureNatives>\n"
		"\t\t</UnitInfo>\n"
		"\t</UnitInfos>\n"
		"</Civ4UnitInfos>\n");
	EXPECT_EQ((kMod.path() / "XML" / "Units" / "CIV4UnitInfos.xml").string()
			+ ":9: UNIT_RANGER: <FeatureType> FEATURE_SWAMP is not defined in Terrain/CIV4FeatureInfos.xml",
		loadError({ kMod.path(), vanillaAssets() }));
}

namespace {
// The text of a file with sItem inserted before its closing </szList>.
std::string withItem(const fs::path& kFile, const std::string& sCloseList, const std::string& sItem)
{
	std::ifstream kIn(kFile, std::ios::binary);
	std::string sText((std::istreambuf_iterator<char>(kIn)), std::istreambuf_iterator<char>());
	sText.insert(sText.find(sCloseList), sItem);
	return sText;
}
}

TEST(RulesLoader, ModAddsTerrainFeatureImprovementUnitAndPromotion)
{
	TempAssets kMod;
	const fs::path kVanilla = vanillaAssets() / "XML";
	kMod.write("Terrain/CIV4TerrainInfos.xml",
		withItem(kVanilla / "Terrain/CIV4TerrainInfos.xml", "</TerrainInfos>",
			"<TerrainInfo><Type>TERRAIN_MARSH</Type><bWater>0</bWater><iSeeFrom>1</iSeeFrom><iSeeThrough>2</"
			"iSeeThrough>"
			"</TerrainInfo>\n"));
	kMod.write("Terrain/CIV4FeatureInfos.xml",
		withItem(kVanilla / "Terrain/CIV4FeatureInfos.xml", "</FeatureInfos>",
			"<FeatureInfo><Type>FEATURE_REEDS</Type><iSeeThrough>1</iSeeThrough><TerrainBooleans><TerrainBoolean>"
			"<TerrainType>TERRAIN_MARSH</TerrainType><bTerrain>1</bTerrain></TerrainBoolean></TerrainBooleans></"
			"FeatureInfo>\n"));
	kMod.write("Terrain/CIV4ImprovementInfos.xml",
		withItem(kVanilla / "Terrain/CIV4ImprovementInfos.xml", "</ImprovementInfos>",
			"<ImprovementInfo><Type>IMPROVEMENT_WATCHTOWER</Type></ImprovementInfo>\n"));
	kMod.write("Units/CIV4PromotionInfos.xml",
		withItem(kVanilla / "Units/CIV4PromotionInfos.xml", "</PromotionInfos>",
			"<PromotionInfo><Type>PROMOTION_EAGLE_EYE</Type><iVisibilityChange>2</iVisibilityChange></"
			"PromotionInfo>\n"));
	kMod.write("Units/CIV4UnitInfos.xml",
		withItem(kVanilla / "Units/CIV4UnitInfos.xml", "</UnitInfos>",
			"<UnitInfo><Type>UNIT_MARSH_RANGER</Type><Domain>DOMAIN_LAND</Domain><FeatureNatives><FeatureNative>"
			"<FeatureType>FEATURE_REEDS</FeatureType><bFeatureNative>1</bFeatureNative></FeatureNative></"
			"FeatureNatives>"
			"</UnitInfo>\n"));
	kMod.write("CvVision_GlobalDefines.xml", defines(define("CVVISION_SEE_FROM_IMPROVEMENT_WATCHTOWER", "2")));
	const CvVisionRules kRules = loadVisionRules({ kMod.path(), vanillaAssets() }).kRules;
	const CvVisionRules kBase = loadVisionRules({ vanillaAssets() }).kRules;
	EXPECT_EQ(static_cast<int>(kBase.aTerrains.size()), kRules.findTerrain("TERRAIN_MARSH")) << "added last";
	EXPECT_EQ(static_cast<int>(kBase.aFeatures.size()), kRules.findFeature("FEATURE_REEDS"));
	EXPECT_EQ(static_cast<int>(kBase.aUnits.size()), kRules.findUnit("UNIT_MARSH_RANGER"));
	EXPECT_EQ(2, kRules.aPromotions[kRules.findPromotion("PROMOTION_EAGLE_EYE")].iVisibilityChange);
	EXPECT_EQ(2, kRules.improvementSeeFrom(kRules.findImprovement("IMPROVEMENT_WATCHTOWER")));

	// What the engine computes with them: marsh (see-through 2) hides what lies behind it from a
	// grassland unit, and not from one on a watchtower.
	PlotGrid kGrid(9, 9, false, false, 1, 2, kRules.kLevels);
	for (int iX = 0; iX < 9; ++iX)
	{
		for (int iY = 0; iY < 9; ++iY)
		{
			kGrid.setPlot(iX, iY, plotFacts(kRules, CV_VISION_PLOT_LAND, "TERRAIN_GRASS"));
		}
	}
	kGrid.setPlot(5, 4, plotFacts(kRules, CV_VISION_PLOT_LAND, "TERRAIN_MARSH"));
	const int iEagleEye = kRules.unitSightRange(kRules.findUnit("UNIT_MARSH_RANGER"), 2);
	EXPECT_EQ(3, iEagleEye);
	PlotGrid kLow = kGrid;
	ASSERT_EQ(CV_VISION_OK, CvVisionEngine().changeAdjacentSight(kLow, kLow, unitAt(4, 4, iEagleEye), 1));
	EXPECT_FALSE(kLow.isVisible(0, 6, 4));
	PlotGrid kHigh = kGrid;
	kHigh.setPlot(4, 4, plotFacts(kRules, CV_VISION_PLOT_LAND, "TERRAIN_GRASS", "", "IMPROVEMENT_WATCHTOWER"));
	ASSERT_EQ(CV_VISION_OK, CvVisionEngine().changeAdjacentSight(kHigh, kHigh, unitAt(4, 4, iEagleEye), 1));
	EXPECT_TRUE(kHigh.isVisible(0, 6, 4));
}

// --- movement rules, for the pathfinder ---------------------------------------------------------

TEST(RulesLoader, MovementRulesFromTheFixtures)
{
	const CvVisionRules kRules = loadVisionRules({ vanillaAssets() }).kRules;
	EXPECT_EQ(60, kRules.iMoveDenominator);
	EXPECT_EQ(1, kRules.iHillsExtraMovement);
	EXPECT_EQ(1, kRules.aTerrains[kRules.findTerrain("TERRAIN_GRASS")].iMovement);
	EXPECT_FALSE(kRules.aTerrains[kRules.findTerrain("TERRAIN_GRASS")].bImpassable);
	EXPECT_EQ(2, kRules.aFeatures[kRules.findFeature("FEATURE_FOREST")].iMovement);
	EXPECT_TRUE(kRules.aFeatures[kRules.findFeature("FEATURE_ICE")].bImpassable);
	EXPECT_EQ(1, kRules.aUnits[kRules.findUnit("UNIT_WARRIOR")].iMoves);
	EXPECT_EQ(2, kRules.aUnits[kRules.findUnit("UNIT_SCOUT")].iMoves);
	ASSERT_EQ(2u, kRules.aRoutes.size());
	const CvVisionRouteRule& kRoad = kRules.aRoutes[kRules.findRoute("ROUTE_ROAD")];
	EXPECT_EQ(30, kRoad.iMovement);
	EXPECT_EQ(30, kRoad.iFlatMovement);
	ASSERT_EQ(1u, kRoad.aTechMovementChanges.size());
	EXPECT_EQ(kRules.findTech("TECH_ENGINEERING"), kRoad.aTechMovementChanges[0].first);
	EXPECT_EQ(-10, kRoad.aTechMovementChanges[0].second);
	const CvVisionRouteRule& kRail = kRules.aRoutes[kRules.findRoute("ROUTE_RAILROAD")];
	EXPECT_EQ(20, kRail.iMovement);
	EXPECT_EQ(6, kRail.iFlatMovement);
	EXPECT_EQ(0, kRules.knob(CV_VISION_KNOB_PATH_UNKNOWN_PLOTS));
	EXPECT_EQ(1, kRules.knob(CV_VISION_KNOB_PATH_CLOSED_BORDERS));
}

TEST(RulesLoader, RouteInfosAreOptionalAndCheckedWhenPresent)
{
	TempAssets kMod;
	kMod.copyVanilla();
	fs::remove(kMod.path() / "XML" / "Misc" / "CIV4RouteInfos.xml");
	EXPECT_TRUE(loadVisionRules({ kMod.path() }).kRules.aRoutes.empty());
	const std::string sHead =
		"<?xml version=\"1.0\"?>\n<Civ4RouteInfos>\n<RouteInfos>\n<RouteInfo>\n<Type>ROUTE_ROAD</Type>\n";
	kMod.write("Misc/CIV4RouteInfos.xml",
		sHead
			+ "<iMovement>30</iMovement>\n<TechMovementChanges>\n<TechMovementChange>\n<PrereqTech>TECH_WARP</"
			  "PrereqTech>\n"
			  "<iMovementChange>-10</iMovementChange>\n</TechMovementChange>\n</TechMovementChanges>\n</RouteInfo>\n</"
			  "RouteInfos>\n</Civ4RouteInfos>\n");
	EXPECT_NE(std::string::npos,
		loadError({ kMod.path() }).find("CIV4RouteInfos.xml:8: ROUTE_ROAD: <PrereqTech> 'TECH_WARP' is not defined"))
		<< loadError({ kMod.path() });
	kMod.write("Misc/CIV4RouteInfos.xml",
		sHead + "<iMovement>-3</iMovement>\n</RouteInfo>\n</RouteInfos>\n</Civ4RouteInfos>\n");
	EXPECT_NE(std::string::npos,
		loadError({ kMod.path() })
			.find("CIV4RouteInfos.xml:4: ROUTE_ROAD: <iMovement> and <iFlatMovement> must not be negative"))
		<< loadError({ kMod.path() });
}

TEST(RulesLoader, MovementErrorsNameTheFileAndLine)
{
	TempAssets kMod;
	kMod.copyVanilla();
	kMod.write("GlobalDefinesAlt.xml", defines(define("MOVE_DENOMINATOR", "0")));
	EXPECT_NE(std::string::npos,
		loadError({ kMod.path() }).find("GlobalDefinesAlt.xml:3: define MOVE_DENOMINATOR = 0: must be 1..10000"))
		<< loadError({ kMod.path() });
	kMod.write("GlobalDefinesAlt.xml", defines(""));
	const fs::path kUnits = kMod.path() / "XML" / "Units" / "CIV4UnitInfos.xml";
	std::ifstream kIn(kUnits, std::ios::binary);
	std::string sUnits((std::istreambuf_iterator<char>(kIn)), std::istreambuf_iterator<char>());
	kIn.close();
	sUnits.replace(sUnits.find("<iMoves>1</iMoves>"), 18, "<iMoves>-1</iMoves>");
	kMod.write("Units/CIV4UnitInfos.xml", sUnits);
	EXPECT_NE(std::string::npos, loadError({ kMod.path() }).find("<iMoves> must be 0..100"))
		<< loadError({ kMod.path() });
}

// ---------------------------------------------------------------------------------------------
// The bundled vanilla XML against the game's own type orders (docs/file-formats.md, section 3.2): a
// save stores indices, so a list in another order reads wrong without any error.
// ---------------------------------------------------------------------------------------------
namespace {
// The promotion order (docs/file-formats.md, section 3.2) of unmodified BTS 3.19 (54).
const std::vector<std::string>& gamePromotionOrder()
{
	static const std::vector<std::string> k = { "COMBAT1", "COMBAT2", "COMBAT3", "COMBAT4", "COMBAT5", "COVER", "SHOCK",
		"PINCH", "FORMATION", "CHARGE", "AMBUSH", "AMPHIBIOUS", "MARCH", "BLITZ", "COMMANDO", "MEDIC1", "MEDIC2",
		"GUERILLA1", "GUERILLA2", "GUERILLA3", "WOODSMAN1", "WOODSMAN2", "WOODSMAN3", "CITY_RAIDER1", "CITY_RAIDER2",
		"CITY_RAIDER3", "CITY_GARRISON1", "CITY_GARRISON2", "CITY_GARRISON3", "DRILL1", "DRILL2", "DRILL3", "DRILL4",
		"BARRAGE1", "BARRAGE2", "BARRAGE3", "ACCURACY", "FLANKING1", "FLANKING2", "SENTRY", "MOBILITY", "NAVIGATION1",
		"NAVIGATION2", "LEADER", "LEADERSHIP", "TACTICS", "COMBAT6", "MORALE", "MEDIC3", "RANGE1", "RANGE2",
		"INTERCEPTION1", "INTERCEPTION2", "ACE" };
	return k;
}

template <class T>
std::vector<std::string> typesOf(const std::vector<T>& a)
{
	std::vector<std::string> as;
	for (const T& k : a) as.push_back(k.szType);
	return as;
}
}

TEST(RulesTypeOrder, BundledListsFollowTheGamesOrder)
{
	const CvVisionRules kRules = loadVisionRules({ vanillaAssets() }).kRules;
	std::vector<std::string> asPromotions;
	for (const std::string& s : gamePromotionOrder()) asPromotions.push_back("PROMOTION_" + s);
	EXPECT_EQ(typesOf(kRules.aPromotions), asPromotions);
	EXPECT_EQ(kRules.findPromotion("PROMOTION_SENTRY"), 39);
	EXPECT_EQ(kRules.findPromotion("PROMOTION_COMBAT6"), 46);
	EXPECT_EQ(kRules.findPromotion("PROMOTION_MEDIC3"), 48);
	ASSERT_EQ(kRules.aTechs.size(), 92u);
	EXPECT_EQ(kRules.aTechs[22].szType, "TECH_UTOPIA");
	EXPECT_LT(kRules.findTech("TECH_COMMUNISM"), 0) << "the game's name is TECH_UTOPIA";
	EXPECT_EQ(kRules.aTechs[72].szType, "TECH_OPTICS");
	EXPECT_EQ(kRules.aUnits.size(), 123u);
	EXPECT_EQ(kRules.aTerrains.size(), 9u);
	EXPECT_EQ(kRules.aFeatures.size(), 6u);
	EXPECT_EQ(kRules.aImprovements.size(), 25u);
	EXPECT_EQ(kRules.aRoutes.size(), 2u);
}

// The promotion list above (docs/file-formats.md, section 3.2) against the list the shared
// data's format notes give, when ../shared is there.
TEST(RulesTypeOrder, TheTestsListIsTheSpecs)
{
	const fs::path kSpec = fs::path(CVVISION_SHARED_DIR) / "spec" / "civ4-files.md";
	std::ifstream kIn(kSpec);
	if (!kIn) GTEST_SKIP() << "../shared is absent: " << kSpec.string();
	const std::string sText((std::istreambuf_iterator<char>(kIn)), std::istreambuf_iterator<char>());
	const size_t iBegin = sText.find("* Promotions (");
	ASSERT_NE(iBegin, std::string::npos) << "no promotion list in " << kSpec.string();
	const size_t iEnd = sText.find("(each with the prefix", iBegin);
	ASSERT_NE(iEnd, std::string::npos);
	std::string sList = sText.substr(sText.find(':', iBegin) + 1, iEnd - sText.find(':', iBegin) - 1);
	std::vector<std::string> as;
	std::string sName;
	bool bParen = false;
	for (char c : sList + ",")
	{
		if (c == '(')
			bParen = true;
		else if (c == ')')
			bParen = false;
		else if (c == ',')
		{
			if (!sName.empty()) as.push_back(sName);
			sName.clear();
		}
		else if (!bParen && (std::isalnum(static_cast<unsigned char>(c)) || c == '_'))
			sName += c;
	}
	EXPECT_EQ(as, gamePromotionOrder());
}

// ---------------------------------------------------------------------------------------------
// Names as on Windows: xml/ in lower case and files spelt in any case read the same rules.
// ---------------------------------------------------------------------------------------------
TEST(RulesCaseless, LowerCaseXmlFolderAndMixedCaseFilesReadTheSame)
{
	TempAssets kCopy;
	fs::remove_all(kCopy.path() / "XML");
	fs::copy(vanillaAssets() / "XML", kCopy.path() / "xml", fs::copy_options::recursive);
	fs::rename(kCopy.path() / "xml" / "Terrain" / "CIV4FeatureInfos.xml",
		kCopy.path() / "xml" / "Terrain" / "Civ4FeatureInfos.xml");
	fs::rename(kCopy.path() / "xml" / "Terrain", kCopy.path() / "xml" / "terrain");
	fs::rename(
		kCopy.path() / "xml" / "Units" / "CIV4UnitInfos.xml", kCopy.path() / "xml" / "Units" / "civ4unitinfos.XML");
	fs::rename(kCopy.path() / "xml" / "GlobalDefines.xml", kCopy.path() / "xml" / "globaldefines.xml");
	const LoadedRules kOriginal = loadVisionRules({ vanillaAssets() });
	const LoadedRules kCaseless = loadVisionRules({ kCopy.path() });
	EXPECT_EQ(kCaseless.aszFilesRead.size(), kOriginal.aszFilesRead.size());
	EXPECT_EQ(kCaseless.kDefines, kOriginal.kDefines);
	EXPECT_EQ(typesOf(kCaseless.kRules.aTerrains), typesOf(kOriginal.kRules.aTerrains));
	EXPECT_EQ(typesOf(kCaseless.kRules.aFeatures), typesOf(kOriginal.kRules.aFeatures));
	EXPECT_EQ(typesOf(kCaseless.kRules.aUnits), typesOf(kOriginal.kRules.aUnits));
	EXPECT_EQ(typesOf(kCaseless.kRules.aPromotions), typesOf(kOriginal.kRules.aPromotions));
	EXPECT_NE(kCaseless.aszFilesRead.front().find("globaldefines.xml"), std::string::npos);
	// a folder with no XML/ in any case is still not an Assets folder
	TempAssets kEmpty;
	fs::remove_all(kEmpty.path() / "XML");
	fs::create_directories(kEmpty.path() / "Xm");
	EXPECT_THROW(loadVisionRules({ kEmpty.path() }), RulesError);
}

// The mod, then the game's folders: a mod folder holding only some files takes the rest from the
// next folder, and each file read names the folder it came from.
TEST(RulesFolders, AModWithSomeFilesTakesTheRestFromTheNextFolder)
{
	TempAssets kMod;
	kMod.write("GlobalDefinesAlt.xml", defines(define("UNIT_VISIBILITY_RANGE", "2")));
	const LoadedRules k = loadVisionRules({ kMod.path(), vanillaAssets() });
	EXPECT_EQ(k.kRules.iUnitVisibilityRange, 2);
	EXPECT_EQ(k.kRules.aImprovements.size(), 25u);
	ASSERT_EQ(k.aiFileFolders.size(), k.aszFilesRead.size());
	ASSERT_EQ(k.aFolders.size(), 2u);
	int iFromMod = 0;
	for (size_t i = 0; i < k.aszFilesRead.size(); ++i)
	{
		const bool bAlt = k.aszFilesRead[i].find("GlobalDefinesAlt.xml") != std::string::npos;
		EXPECT_EQ(k.aiFileFolders[i], bAlt ? 0 : 1) << k.aszFilesRead[i];
		iFromMod += bAlt ? 1 : 0;
	}
	EXPECT_EQ(iFromMod, 1);
}

// --- extreme levels: any int, as the game; a sum beyond an int is refused, naming its parts ------

namespace {
// A vanilla file with the first sOld after sAfter replaced by sNew.
void writeVanillaWith(const TempAssets& kMod, const std::string& sRelative, const std::string& sAfter,
	const std::string& sOld, const std::string& sNew)
{
	std::ifstream kIn(bundledVanillaAssets() / "XML" / sRelative, std::ios::binary);
	std::string sText((std::istreambuf_iterator<char>(kIn)), std::istreambuf_iterator<char>());
	sText.replace(sText.find(sOld, sText.find(sAfter)), sOld.size(), sNew);
	kMod.write(sRelative, sText);
}

// TERRAIN_GRASS's <iSeeFrom>1</iSeeFrom> (line 10) set to sValue.
void writeGrassSeeFrom(const TempAssets& kMod, const std::string& sValue)
{
	writeVanillaWith(kMod, "Terrain/CIV4TerrainInfos.xml", "TERRAIN_GRASS", "<iSeeFrom>1</iSeeFrom>",
		"<iSeeFrom>" + sValue + "</iSeeFrom>");
}
}

TEST(RulesLevels, EveryIntLevelWhoseSumsStayInAnInt)
{
	// Vanilla adds at most 2 to a land terrain's see-from (a peak): INT_MAX - 2 is the largest.
	TempAssets kMod;
	kMod.copyVanilla();
	writeGrassSeeFrom(kMod, "2147483645");
	kMod.write("GlobalDefinesAlt.xml", defines(define("HILLS_SEE_THROUGH_CHANGE", "-2147483647")));
	const LoadedRules kLoaded = loadVisionRules({ kMod.path() });
	EXPECT_EQ(2147483645, kLoaded.kRules.aTerrains[kLoaded.kRules.findTerrain("TERRAIN_GRASS")].iSeeFrom);
	EXPECT_EQ(-2147483647, kLoaded.kRules.kLevels.iHillsSeeThroughChange);
}

TEST(RulesLevels, ASumBeyondAnIntNamesTheTerrainAndTheDefine)
{
	TempAssets kMod;
	kMod.copyVanilla();
	writeGrassSeeFrom(kMod, "2147483646");
	const std::string sTerrains = (kMod.path() / "XML" / "Terrain" / "CIV4TerrainInfos.xml").string();
	const std::string sDefines = (kMod.path() / "XML" / "GlobalDefines.xml").string();
	EXPECT_EQ(sTerrains + ":5: TERRAIN_GRASS: <iSeeFrom> 2147483646 on a peak plot, with PEAK_SEE_FROM_CHANGE 2 ("
			+ sDefines
			+ ":28) and no improvement, gives a see-from level of 2147483648, beyond an int "
			  "(-2147483648..2147483647): the game's sum would overflow",
		loadError({ kMod.path() }));

	// The case: see-from -10^9 on hills with HILLS_SEE_FROM_CHANGE -2*10^8 is fine;
	// -2147483647 is not (on TERRAIN_COAST, whose see-from is 0, it still is).
	writeGrassSeeFrom(kMod, "-1000000000");
	kMod.write("GlobalDefinesAlt.xml", defines(define("HILLS_SEE_FROM_CHANGE", "-200000000")));
	EXPECT_EQ("no error", loadError({ kMod.path() }));
	kMod.write("GlobalDefinesAlt.xml", defines(define("HILLS_SEE_FROM_CHANGE", "-2147483647")));
	const std::string sAlt = (kMod.path() / "XML" / "GlobalDefinesAlt.xml").string();
	EXPECT_EQ(sTerrains
			+ ":5: TERRAIN_GRASS: <iSeeFrom> -1000000000 on a hills plot, with HILLS_SEE_FROM_CHANGE "
			  "-2147483647 ("
			+ sAlt
			+ ":3) and no improvement, gives a see-from level of -3147483647, beyond an int "
			  "(-2147483648..2147483647): the game's sum would overflow",
		loadError({ kMod.path() }));

	// A feature's see-through with the terrain's: the message names the feature.
	kMod.write("GlobalDefinesAlt.xml", defines(""));
	writeGrassSeeFrom(kMod, "1");
	writeVanillaWith(kMod, "Terrain/CIV4FeatureInfos.xml", "FEATURE_FOREST", "<iSeeThrough>1</iSeeThrough>",
		"<iSeeThrough>2147483646</iSeeThrough>");
	const std::string sError = loadError({ kMod.path() });
	EXPECT_NE(std::string::npos,
		sError.find(sTerrains
			+ ":5: TERRAIN_GRASS: <iSeeThrough> 1 on a peak plot, with "
			  "PEAK_SEE_THROUGH_CHANGE 2 ("
			+ sDefines + ":"))
		<< sError;
	EXPECT_NE(std::string::npos,
		sError.find("and FEATURE_FOREST's <iSeeThrough> 2147483646 ("
			+ (kMod.path() / "XML" / "Terrain" / "CIV4FeatureInfos.xml").string()
			+ ":33), gives a see-through level of 2147483649"))
		<< sError;
}

TEST(RulesLevels, ALevelBeyondAnIntAndOtherFieldsBeyondTheirLimits)
{
	TempAssets kMod;
	kMod.copyVanilla();
	writeGrassSeeFrom(kMod, "2147483648");
	const std::string sTerrains = (kMod.path() / "XML" / "Terrain" / "CIV4TerrainInfos.xml").string();
	EXPECT_EQ(sTerrains
			+ ":10: TERRAIN_GRASS: <iSeeFrom> 2147483648 is out of range: CvVision reads "
			  "-2147483648..2147483647 here (an int, as the game)",
		loadError({ kMod.path() }));
	writeGrassSeeFrom(kMod, "1");
	kMod.write("GlobalDefinesAlt.xml", defines(define("PEAK_SEE_THROUGH_CHANGE", "-99999999999999999999")));
	EXPECT_NE(std::string::npos,
		loadError({ kMod.path() })
			.find(":5: define PEAK_SEE_THROUGH_CHANGE: <iDefineIntVal> -99999999999999999999 is out of range"));
	// Fields that are not levels keep within -10^9..10^9, so that their sums stay in an int.
	kMod.write("GlobalDefinesAlt.xml", defines(define("HILLS_EXTRA_MOVEMENT", "2000000000")));
	EXPECT_NE(std::string::npos,
		loadError({ kMod.path() })
			.find(":5: define HILLS_EXTRA_MOVEMENT: <iDefineIntVal> 2000000000 is out of range: CvVision reads "
				  "-1000000000..1000000000 here"));
}
