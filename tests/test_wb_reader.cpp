// The WorldBuilder reader: real maps from ../shared/data (skipped when absent), the project's own
// fixtures for each dialect and error, and tutorial1's TeamReveal sets as an oracle for sight.
#include "RulesLoader.h"
#include "WbReader.h"

#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <set>

namespace fs = std::filesystem;

namespace
{
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
			m_kPath = fs::temp_directory_path() / ("cvvision-map-" + std::to_string(std::random_device()()) + ".CivBeyondSwordWBSave");
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
		+ plot(1, 0, "\tTerrainType=TERRAIN_GRASS, FeatureType=FEATURE_FOREST, FeatureVariety=0\n\tPlotType=1\n"
					 "\tBeginUnit\n\t\tUnitType=UNIT_SCOUT, UnitOwner=1\n\t\tPromotionType=PROMOTION_SENTRY\n"
					 "\t\tFacingDirection=2\n\tEndUnit\n\tTeamReveal=0,1,\n")
		+ plot(2, 1, "\tTerrainType=TERRAIN_OCEAN\n\tPlotType=3\n\tBeginCity\n\t\tCityOwner=0\n\t\tCityName=X\n\tEndCity\n"));
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
	std::string sText = "BeginMeta\n\tSomething=1\nEndMeta\n" + smallMap(plot(0, 0, "\tTerrainType=TERRAIN_GRASS\n\tPlotType=2\n\tRiverNSDirection=0\n\tBeginSign\n\tEndSign\n"));
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
	EXPECT_EQ("29: the file ends inside the BeginPlot block opened on line 28", errorOf(smallMap("BeginPlot\n\tx=0,y=0\n"), false));
	EXPECT_EQ("28: plot (5,0) is outside the 3x2 map", errorOf(smallMap(plot(5, 0))));
	EXPECT_EQ("29: x='a' is not a whole number", errorOf(smallMap("BeginPlot\n\tx=a,y=0\nEndPlot\n"), false));
	EXPECT_EQ("28: unknown terrain 'TERRAIN_MARSH' (not in the loaded rules; give the mod's folders with --assets)",
		errorOf(smallMap(plot(0, 0, "\tTerrainType=TERRAIN_MARSH\n\tPlotType=2\n"))));
	EXPECT_EQ("32: unknown unit 'UNIT_DRAGON' (not in the loaded rules; give the mod's folders with --assets)",
		errorOf(smallMap(plot(0, 0, "\tTerrainType=TERRAIN_GRASS\n\tPlotType=2\n\tBeginUnit\n\t\tUnitType=UNIT_DRAGON, UnitOwner=0\n\tEndUnit\n"))));
	EXPECT_EQ("32: unit owner 7 is not a player (the file has 2 players; the barbarians are 2)",
		errorOf(smallMap(plot(0, 0, "\tTerrainType=TERRAIN_GRASS\n\tPlotType=2\n\tBeginUnit\n\t\tUnitType=UNIT_SCOUT, UnitOwner=7\n\tEndUnit\n"))));
	EXPECT_EQ("28: PlotType=7 must be 0 (peak), 1 (hills), 2 (flat) or 3 (water)",
		errorOf(smallMap(plot(0, 0, "\tTerrainType=TERRAIN_GRASS\n\tPlotType=7\n")), false));
	EXPECT_EQ("1: no BeginMap block with a grid width and height", errorOf("Version=11\n", false));
	EXPECT_EQ("6: the map's grid width and height must be 1..4096, not 0x5",
		errorOf("BeginMap\n\tgrid width=0\n\tgrid height=5\n\twrap X=0\n\twrap Y=0\nEndMap\n", false));
}

TEST(WbReader, LenientTurnsUnknownNamesIntoWarnings)
{
	TempMap kFile(smallMap(plot(0, 0, "\tTerrainType=TERRAIN_MARSH\n\tPlotType=2\n\tBeginUnit\n\t\tUnitType=UNIT_DRAGON, UnitOwner=0\n\tEndUnit\n")
		+ plot(1, 0, "\tTerrainType=TERRAIN_GRASS\n\tPlotType=2\n\tBeginUnit\n\t\tUnitType=UNIT_SCOUT, UnitOwner=0\n\tEndUnit\n")));
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
	const std::string sUnit = "\tTerrainType=TERRAIN_GRASS\n\tPlotType=2\n\tBeginUnit\n\t\tUnitType=UNIT_SCOUT, UnitOwner=0\n\tEndUnit\n";
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
