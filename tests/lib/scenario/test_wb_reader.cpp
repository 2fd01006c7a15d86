// The WorldBuilder reader: real maps from ../shared/data (skipped when absent), the project's own
// fixtures for each dialect and error, and tutorial1's TeamReveal sets as an oracle for sight.
#include "formats/RulesLoader.h"
#include "formats/WbReader.h"
#include "scenario/WorldFromMap.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <random>
#include <set>

using namespace cvv;

namespace fs = std::filesystem;

namespace {
fs::path sharedMaps() { return fs::path(CVVISION_SHARED_DIR) / "data" / "civ4" / "maps"; }

const CvVisionRules& vanillaRules()
{
	static const CvVisionRules kRules = loadVisionRules({ bundledVanillaAssets() }).kRules;
	return kRules;
}

// A throw-away map file.
class TempMap
{
public:
	explicit TempMap(const std::string& sText)
	{
		m_kPath = fs::temp_directory_path()
			/ ("cvvision-map-" + std::to_string(std::random_device()()) + ".CivBeyondSwordWBSave");
		std::ofstream(m_kPath, std::ios::binary) << sText;
	}
	~TempMap() { fs::remove(m_kPath); }
	const fs::path& path() const { return m_kPath; }

private:
	fs::path m_kPath;
};

std::string errorOf(const std::string& sText, bool bBuild = true)
{
	TempMap kMap(sText);
	try
	{
		const WbMap kRead = readWorldBuilder(kMap.path());
		if (bBuild)
		{
			buildWorld(kRead, vanillaRules(), false, nullptr);
		}
	}
	catch (const WbError& kError)
	{
		const std::string sMessage = kError.what();
		const std::string sPrefix = kMap.path().string() + ":";
		return sMessage.compare(0, sPrefix.size(), sPrefix) == 0 ? sMessage.substr(sPrefix.size()) : sMessage;
	}
	return "no error";
}

// A small map in the BTS dialect: header, two teams, two players, a 3x2 map, and sPlots.
std::string smallMap(const std::string& sPlots)
{
	return "Version=11\nBeginGame\n\tGameTurn=0\nEndGame\n"
		   "BeginTeam\n\tTeamID=0\n\tTech=TECH_OPTICS\n\tRevealMap=0\nEndTeam\n"
		   "BeginTeam\n\tTeamID=1\n\tRevealMap=0\nEndTeam\n"
		   "BeginPlayer\n\tTeam=0\n\tLeaderType=LEADER_A\nEndPlayer\n"
		   "BeginPlayer\n\tTeam=1\n\tLeaderType=LEADER_B\nEndPlayer\n"
		   "BeginMap\n\tgrid width=3\n\tgrid height=2\n\twrap X=1\n\twrap Y=0\nEndMap\n"
		+ sPlots;
}

std::string plot(int iX, int iY, const std::string& sBody = "\tTerrainType=TERRAIN_GRASS\n\tPlotType=2\n")
{
	return "BeginPlot\n\tx=" + std::to_string(iX) + ",y=" + std::to_string(iY) + "\n" + sBody + "EndPlot\n";
}
}

TEST(WbReader, ReadsTheBtsDialectWithUnitsCitiesAndReveal)
{
	const std::string sText = smallMap(plot(0, 0)
		+ plot(1, 0,
			"\tTerrainType=TERRAIN_GRASS, FeatureType=FEATURE_FOREST, FeatureVariety=0\n\tPlotType=1\n"
			"\tBeginUnit\n\t\tUnitType=UNIT_SCOUT, UnitOwner=1\n\t\tPromotionType=PROMOTION_SENTRY\n"
			"\t\tFacingDirection=2\n\tEndUnit\n\tTeamReveal=0,1,\n")
		+ plot(2, 1,
			"\tTerrainType=TERRAIN_OCEAN\n\tPlotType=3\n\tBeginCity\n\t\tCityOwner=0\n\t\tCityName=X\n\tEndCity\n"));
	TempMap kFile(sText);
	const WbMap kMap = readWorldBuilder(kFile.path());
	EXPECT_EQ(3, kMap.iWidth);
	EXPECT_EQ(2, kMap.iHeight);
	EXPECT_TRUE(kMap.bWrapX);
	EXPECT_FALSE(kMap.bWrapY);
	ASSERT_EQ(2u, kMap.aTeams.size());
	EXPECT_EQ(std::vector<std::string>{ "TECH_OPTICS" }, kMap.aTeams[0].asTechs);
	ASSERT_EQ(3u, kMap.aPlots.size());
	const WbPlot& kHill = kMap.aPlots[1];
	EXPECT_EQ(1, kHill.ePlotType);
	EXPECT_EQ("FEATURE_FOREST", kHill.sFeature);
	EXPECT_EQ((std::vector<int>{ 0, 1 }), kHill.aiTeamReveal);
	ASSERT_EQ(1u, kHill.aUnits.size());
	EXPECT_EQ("UNIT_SCOUT", kHill.aUnits[0].sType);
	EXPECT_EQ(1, kHill.aUnits[0].ePlayer);
	EXPECT_EQ(2, kHill.aUnits[0].eFacing);
	EXPECT_EQ(std::vector<std::string>{ "PROMOTION_SENTRY" }, kHill.aUnits[0].asPromotions);
	EXPECT_EQ(0, kMap.aPlots[2].eCityOwner);
	EXPECT_EQ(2, kMap.barbarianTeam());
	EXPECT_EQ(2, kMap.teamOfPlayer(2)) << "the player after the last is the barbarian";

	const VisionWorld kWorld = buildWorld(kMap, vanillaRules(), false, nullptr);
	EXPECT_EQ(3, kWorld.state().iNumTeams);
	EXPECT_EQ(1, kWorld.state().aiExtraWaterTechs[0]) << "Optics";
	EXPECT_EQ(0, kWorld.state().aPlots[1 * 3 + 2].eOwner) << "the city's plot is owned";
	EXPECT_EQ(6, kWorld.grid().visiblePlotCount(1)) << "the scout on hills with Sentry sees the whole small map";
}

TEST(WbReader, CrlfUnknownKeysAndBlocksAndAMetaHeaderAreRead)
{
	std::string sText = "BeginMeta\n\tSomething=1\nEndMeta\n"
		+ smallMap(
			plot(0, 0, "\tTerrainType=TERRAIN_GRASS\n\tPlotType=2\n\tRiverNSDirection=0\n\tBeginSign\n\tEndSign\n"));
	std::string sCrlf;
	for (char c : sText)
	{
		sCrlf += (c == '\n') ? std::string("\r\n") : std::string(1, c);
	}
	TempMap kFile(sCrlf);
	const WbMap kMap = readWorldBuilder(kFile.path());
	EXPECT_EQ(3, kMap.iWidth);
	ASSERT_EQ(1u, kMap.aPlots.size());
	EXPECT_EQ("TERRAIN_GRASS", kMap.aPlots[0].sTerrain);
}

TEST(WbReader, ErrorsNameTheLine)
{
	// smallMap's header takes 27 lines: the first plot opens on line 28.
	EXPECT_EQ("29: the file ends inside the BeginPlot block opened on line 28",
		errorOf(smallMap("BeginPlot\n\tx=0,y=0\n"), false));
	EXPECT_EQ("28: plot (5,0) is outside the 3x2 map", errorOf(smallMap(plot(5, 0))));
	// A second map block would change the size the plots before it were placed by (a fuzz find,
	// tests/fuzz/corpus/wb/second-beginmap-shrinks-the-map.CivBeyondSwordWBSave).
	EXPECT_EQ("33: a second BeginMap block (the first is on line 22)",
		errorOf(smallMap(plot(2, 1) + "BeginMap\n\tgrid width=1\n\tgrid height=1\nEndMap\n"), false));
	EXPECT_EQ("29: x='a' is not a whole number", errorOf(smallMap("BeginPlot\n\tx=a,y=0\nEndPlot\n"), false));
	EXPECT_EQ("28: unknown terrain 'TERRAIN_MARSH' (not in the loaded rules; give the mod's folders with --assets)",
		errorOf(smallMap(plot(0, 0, "\tTerrainType=TERRAIN_MARSH\n\tPlotType=2\n"))));
	EXPECT_EQ("32: unknown unit 'UNIT_DRAGON' (not in the loaded rules; give the mod's folders with --assets)",
		errorOf(smallMap(plot(0, 0,
			"\tTerrainType=TERRAIN_GRASS\n\tPlotType=2\n\tBeginUnit\n\t\tUnitType=UNIT_DRAGON, "
			"UnitOwner=0\n\tEndUnit\n"))));
	EXPECT_EQ("32: unit owner 7 is not a player (the file has 2 players; the barbarians are 2)",
		errorOf(smallMap(plot(0, 0,
			"\tTerrainType=TERRAIN_GRASS\n\tPlotType=2\n\tBeginUnit\n\t\tUnitType=UNIT_SCOUT, "
			"UnitOwner=7\n\tEndUnit\n"))));
	EXPECT_EQ("28: PlotType=7 must be 0 (peak), 1 (hills), 2 (flat) or 3 (water)",
		errorOf(smallMap(plot(0, 0, "\tTerrainType=TERRAIN_GRASS\n\tPlotType=7\n")), false));
	EXPECT_EQ("1: no BeginMap block with a grid width and height", errorOf("Version=11\n", false));
	EXPECT_EQ("6: the map's grid width and height must be at least 1, not 0x5",
		errorOf("BeginMap\n\tgrid width=0\n\tgrid height=5\n\twrap X=0\n\twrap Y=0\nEndMap\n", false));
}

// Issue 18: every index the file gives is checked against what the file declared.
TEST(WbReader, IndicesBeyondTheFilesTeamsAreErrors)
{
	// The project's sample map with a player's Team=0 changed to Team=3 (2 teams in the file):
	// once a heap-buffer-overflow in VisionWorld::currentKeys().
	const fs::path kSample = fs::path(CVVISION_SOURCE_DIR) / "PublicMaps" / "CvVision_Sample.CivBeyondSwordWBSave";
	std::ifstream kIn(kSample, std::ios::binary);
	std::string sText((std::istreambuf_iterator<char>(kIn)), std::istreambuf_iterator<char>());
	const size_t iAt = sText.find("\tTeam=0");
	ASSERT_NE(std::string::npos, iAt);
	sText.replace(iAt, 7, "\tTeam=9");
	const std::string sError = errorOf(sText, true);
	EXPECT_NE(std::string::npos, sError.find("BeginPlayer: Team=9 is not a team of the file")) << sError;

	const std::string sPlayer3 = "BeginPlayer\n\tTeam=0\n\tLeaderType=LEADER_A\nEndPlayer\n";
	std::string sMap = smallMap(plot(0, 0));
	sMap.replace(sMap.find(sPlayer3), sPlayer3.size(), "BeginPlayer\n\tTeam=3\n\tLeaderType=LEADER_A\nEndPlayer\n");
	EXPECT_EQ("14: BeginPlayer: Team=3 is not a team of the file (the file has 2 teams, 0..1; the barbarians are 2)",
		errorOf(sMap, false));
	std::string sVassal = smallMap(plot(0, 0));
	sVassal.replace(sVassal.find("\tTech=TECH_OPTICS\n"), 18, "\tTech=TECH_OPTICS\n\tVassalOfTeam=5\n");
	EXPECT_EQ(
		"5: BeginTeam: VassalOfTeam=5 is not a team of the file (the file has 2 teams, 0..1; the barbarians are 2)",
		errorOf(sVassal, false));
	EXPECT_EQ(
		"28: BeginPlot: TeamReveal 4 is not a team of the file (the file has 2 teams, 0..1; the barbarians are 2)",
		errorOf(smallMap(plot(0, 0, "\tTerrainType=TERRAIN_GRASS\n\tPlotType=2\n\tTeamReveal=0,4,\n")), false));
	EXPECT_EQ(
		"28: BeginPlot: TeamReveal -1 is not a team of the file (the file has 2 teams, 0..1; the barbarians are 2)",
		errorOf(smallMap(plot(0, 0, "\tTerrainType=TERRAIN_GRASS\n\tPlotType=2\n\tTeamReveal=-1,\n")), false));
}

TEST(WbReader, NumbersAreAny32BitNumberAndOutOfRangeSaysSo)
{
	// In-range 32-bit numbers are numbers (what each may be is checked where it is used).
	EXPECT_EQ("32: unit owner 2147483647 is not a player (the file has 2 players; the barbarians are 2)",
		errorOf(smallMap(plot(0, 0,
			"\tTerrainType=TERRAIN_GRASS\n\tPlotType=2\n\tBeginUnit\n\t\tUnitType=UNIT_SCOUT, "
			"UnitOwner=2147483647\n\tEndUnit\n"))));
	EXPECT_EQ("28: plot (-2147483648,0) is outside the 3x2 map", errorOf(smallMap(plot(-2147483648LL, 0))));
	EXPECT_EQ("29: x=2147483648 is out of range (a 32-bit whole number)",
		errorOf(smallMap("BeginPlot\n\tx=2147483648,y=0\nEndPlot\n"), false));
	EXPECT_EQ("29: x='1e3' is not a whole number", errorOf(smallMap("BeginPlot\n\tx=1e3,y=0\nEndPlot\n"), false));
}

TEST(WbReader, TheMaximumMapSizeIsOneForEverything)
{
	// 359 bytes declaring 4095x4096 (16.8 million plots): refused at once, by the one maximum.
	const std::string sHuge = "BeginMap\n\tgrid width=4095\n\tgrid height=4096\n\twrap X=0\n\twrap Y=0\nEndMap\n";
	EXPECT_EQ("6: map 4095x4096 is larger than CvVision's maximum (1048576 plots, 4096 a side)", errorOf(sHuge, false));
	EXPECT_EQ("4: map 4097x1 is larger than CvVision's maximum (1048576 plots, 4096 a side)",
		errorOf("BeginMap\n\tgrid width=4097\n\tgrid height=1\nEndMap\n", false));
	EXPECT_EQ("4: map 2147483647x2147483647 is larger than CvVision's maximum (1048576 plots, 4096 a side)",
		errorOf("BeginMap\n\tgrid width=2147483647\n\tgrid height=2147483647\nEndMap\n", false));
	// A file too small for the size it declares (a plot block per plot) is refused before
	// anything is allocated for it.
	const std::string sLargestHeader = "BeginMap\n\tgrid width=1024\n\tgrid height=1024\nEndMap\n";
	const std::string sOnePlot = plot(1023, 1023,
		"\tTerrainType=TERRAIN_GRASS\n\tPlotType=2\n\tBeginUnit\n\t\tUnitType=UNIT_SCOUT, UnitOwner=0\n\tEndUnit\n");
	const std::string sPlayer = "BeginTeam\nEndTeam\nBeginPlayer\n\tTeam=0\nEndPlayer\n";
	EXPECT_EQ(
		" the map declares 1024x1024 = 1048576 plots, more than its 226 bytes can hold (a WorldBuilder map has one "
		"BeginPlot block, at least 24 bytes, per plot)",
		errorOf(sPlayer + sLargestHeader + sOnePlot));
	// The largest map, a plot block per plot, is accepted by the reader, the world and the ledger alike.
	std::string sPlots;
	sPlots.reserve(size_t(1024) * 1024 * 32);
	for (int x = 0; x < 1024; ++x)
	{
		for (int y = 0; y < 1024; ++y)
		{
			if (x != 1023 || y != 1023)
			{
				sPlots += "BeginPlot\nx=" + std::to_string(x) + ",y=" + std::to_string(y)
					+ ",PlotType=3,TerrainType=TERRAIN_OCEAN\nEndPlot\n";
			}
		}
	}
	sPlots += sOnePlot;
	EXPECT_EQ("no error", errorOf(sPlayer + sLargestHeader + sPlots));
	EXPECT_THROW(VisionWorld(vanillaRules(), 1025, 1024, false, false, 2), std::invalid_argument);
	EXPECT_NO_THROW(VisionWorld(vanillaRules(), 4096, 256, false, false, 1));
	// Too many teams for the largest map: the counts' maximum, named. (Not under the sanitizers,
	// where reading the largest map once more costs a minute and shows nothing new about memory:
	// make test-sanitize sets CVVISION_SANITIZED.)
	if (std::getenv("CVVISION_SANITIZED") != nullptr)
	{
		return;
	}
	std::string sTeams;
	for (int t = 0; t < 40; ++t)
	{
		sTeams += "BeginTeam\nEndTeam\n";
	}
	const std::string sError = errorOf(sTeams + sLargestHeader + sPlots, true);
	EXPECT_NE(std::string::npos,
		sError.find("map 1024x1024 with 41 teams is larger than CvVision's maximum (plots x teams x"))
		<< sError;
}

TEST(WbReader, EndlessOrOversizedInputStopsAtAStatedLimit)
{
	const fs::path kZero("/dev/zero");
	if (fs::exists(kZero))
	{
		try
		{
			readWorldBuilder(kZero);
			ADD_FAILURE() << "/dev/zero read";
		}
		catch (const WbError& kError)
		{
			EXPECT_EQ(
				"/dev/zero:1: the line is longer than 64 KB (not a WorldBuilder map)", std::string(kError.what()));
		}
	}
	// A directory is no map.
	try
	{
		readWorldBuilder(fs::temp_directory_path());
		ADD_FAILURE() << "a directory read";
	}
	catch (const WbError& kError)
	{
		EXPECT_EQ(fs::temp_directory_path().string() + ": is a directory, not a WorldBuilder map",
			std::string(kError.what()));
	}
	// Long lines within the limit are read.
	EXPECT_EQ("no error",
		errorOf(smallMap(
			plot(0, 0, "\tTerrainType=TERRAIN_GRASS\n\tPlotType=2\n\tScriptData=" + std::string(60000, 'a') + "\n"))));
	EXPECT_EQ("30: the line is longer than 64 KB (not a WorldBuilder map)",
		errorOf(smallMap(plot(0, 0, "\tScriptData=" + std::string(70000, 'a') + "\n")), false));
}

TEST(WbReader, LenientTurnsUnknownNamesIntoWarnings)
{
	TempMap kFile(smallMap(plot(0, 0,
							   "\tTerrainType=TERRAIN_MARSH\n\tPlotType=2\n\tBeginUnit\n\t\tUnitType=UNIT_DRAGON, "
							   "UnitOwner=0\n\tEndUnit\n")
		+ plot(1, 0,
			"\tTerrainType=TERRAIN_GRASS\n\tPlotType=2\n\tBeginUnit\n\t\tUnitType=UNIT_SCOUT, "
			"UnitOwner=0\n\tEndUnit\n")));
	std::vector<std::string> asWarnings;
	const VisionWorld kWorld = buildWorld(readWorldBuilder(kFile.path()), vanillaRules(), true, &asWarnings);
	ASSERT_EQ(2u, asWarnings.size());
	EXPECT_NE(std::string::npos, asWarnings[0].find("unknown terrain 'TERRAIN_MARSH'"));
	EXPECT_NE(std::string::npos, asWarnings[1].find("unknown unit 'UNIT_DRAGON'"));
	EXPECT_EQ(1u, kWorld.state().kUnits.size()) << "the scout is placed, the dragon skipped";
}

// --- real maps --------------------------------------------------------------------------------

TEST(WbReaderRealMaps, EveryMapLoads)
{
	if (!fs::is_directory(sharedMaps()))
	{
		GTEST_SKIP() << "../shared/data is absent: " << sharedMaps().string();
	}
	int iMaps = 0;
	for (const auto& kEntry : fs::directory_iterator(sharedMaps()))
	{
		const WbMap kMap = readWorldBuilder(kEntry.path());
		EXPECT_EQ(kMap.iWidth * kMap.iHeight, static_cast<int>(kMap.aPlots.size())) << kEntry.path();
		std::vector<std::string> asWarnings;
		const VisionWorld kWorld = buildWorld(kMap, vanillaRules(), false, &asWarnings);
		EXPECT_FALSE(kWorld.anyCountNegative());
		++iMaps;
	}
	EXPECT_EQ(4, iMaps);
}

TEST(WbReaderRealMaps, Tutorial1CountsEqualEveryTeamsTeamReveal)
{
	const fs::path kPath = sharedMaps() / "tutorial1.CivBeyondSwordWBSave";
	if (!fs::exists(kPath))
	{
		GTEST_SKIP() << "../shared/data is absent: " << kPath.string();
	}
	const WbMap kMap = readWorldBuilder(kPath);
	const VisionWorld kWorld = buildWorld(kMap, vanillaRules(), false, nullptr);
	std::set<int> aiTeamsWithUnits;
	for (const auto& [iId, kUnit] : kWorld.state().kUnits)
	{
		aiTeamsWithUnits.insert(kUnit.eTeam);
	}
	ASSERT_EQ(7u, aiTeamsWithUnits.size());
	for (int eTeam : aiTeamsWithUnits)
	{
		std::set<int> aiRevealed;
		std::set<int> aiVisible;
		for (const WbPlot& kPlot : kMap.aPlots)
		{
			const int iPlot = kPlot.iY * kMap.iWidth + kPlot.iX;
			for (int e : kPlot.aiTeamReveal)
			{
				if (e == eTeam)
				{
					aiRevealed.insert(iPlot);
				}
			}
			if (kWorld.grid().counts()[eTeam * kWorld.plotCount() + iPlot] > 0)
			{
				aiVisible.insert(iPlot);
			}
		}
		EXPECT_FALSE(aiRevealed.empty()) << "team " << eTeam;
		EXPECT_EQ(aiRevealed, aiVisible) << "team " << eTeam;
	}
}

// A real map writes 210 plots for a 170-plot header: strict refuses the plots outside the declared
// size, --lenient skips each with a warning (and the units and city on it).
TEST(WbReader, PlotsOutsideTheMapAreSkippedWhenLenient)
{
	const std::string sUnit =
		"\tTerrainType=TERRAIN_GRASS\n\tPlotType=2\n\tBeginUnit\n\t\tUnitType=UNIT_SCOUT, UnitOwner=0\n\tEndUnit\n";
	TempMap kFile(smallMap(plot(0, 0, sUnit) + plot(1, 2, sUnit) + plot(3, 0, sUnit)));
	const WbMap kMap = readWorldBuilder(kFile.path());
	EXPECT_EQ(1u, kMap.aPlots.size());
	ASSERT_EQ(2u, kMap.aOutsidePlots.size());
	EXPECT_THROW(buildWorld(kMap, vanillaRules(), false, nullptr), WbError);
	std::vector<std::string> asWarnings;
	const VisionWorld kWorld = buildWorld(kMap, vanillaRules(), true, &asWarnings);
	ASSERT_EQ(2u, asWarnings.size());
	EXPECT_NE(asWarnings[0].find("plot (1,2) is outside the 3x2 map; skipped"), std::string::npos) << asWarnings[0];
	EXPECT_NE(asWarnings[1].find("plot (3,0) is outside the 3x2 map; skipped"), std::string::npos) << asWarnings[1];
	EXPECT_EQ(1u, kWorld.state().kUnits.size()) << "only the unit inside the map";
}
