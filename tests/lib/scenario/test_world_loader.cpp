// The one loader (scenario/WorldLoader.h): the sample map, a shared map with TeamReveal memory and a
// shared save give the world, techs, memory and view that the readers and builders give by hand;
// wrap flags come from the file; a lenient load's warnings; errors name the file.
#include "formats/RulesLoader.h"
#include "formats/SaveReader.h"
#include "formats/WbReader.h"
#include "scenario/WorldFromMap.h"
#include "scenario/WorldFromSave.h"
#include "scenario/WorldLoader.h"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <memory>
#include <random>

using namespace cvv;

namespace fs = std::filesystem;

namespace {
fs::path sampleMap() { return fs::path(CVVISION_SOURCE_DIR) / "PublicMaps" / "CvVision_Sample.CivBeyondSwordWBSave"; }
fs::path sharedData() { return fs::path(CVVISION_SHARED_DIR) / "data" / "civ4"; }

std::shared_ptr<const LoadedRules> frontEndRules()
{
	static const std::shared_ptr<const LoadedRules> pRules =
		std::make_shared<const LoadedRules>(loadFrontEndRules({}, false));
	return pRules;
}

std::shared_ptr<const LoadedRules> vanillaRules()
{
	static const std::shared_ptr<const LoadedRules> pRules =
		std::make_shared<const LoadedRules>(loadVisionRules({ bundledVanillaAssets() }));
	return pRules;
}

// Every team's revealed flags, team-major.
std::vector<char> revealed(const VisionWorld& kWorld)
{
	std::vector<char> abOut;
	for (int t = 0; t < kWorld.state().iNumTeams; ++t)
	{
		for (int i = 0; i < kWorld.plotCount(); ++i)
		{
			abOut.push_back(kWorld.memory(t, i).bRevealed ? 1 : 0);
		}
	}
	return abOut;
}

void expectSameView(const MapView& kA, const MapView& kB)
{
	EXPECT_EQ(kA.sTitle, kB.sTitle);
	EXPECT_EQ(kA.iWidth, kB.iWidth);
	EXPECT_EQ(kA.iHeight, kB.iHeight);
	EXPECT_EQ(kA.bWrapX, kB.bWrapX);
	EXPECT_EQ(kA.bWrapY, kB.bWrapY);
	EXPECT_EQ(kA.iNumTeams, kB.iNumTeams);
	ASSERT_EQ(kA.aPlots.size(), kB.aPlots.size());
	for (size_t i = 0; i < kA.aPlots.size(); ++i)
	{
		EXPECT_EQ(kA.aPlots[i].sTerrain, kB.aPlots[i].sTerrain) << i;
		EXPECT_EQ(kA.aPlots[i].aiCounts, kB.aPlots[i].aiCounts) << i;
		EXPECT_EQ(kA.aPlots[i].abRevealed, kB.aPlots[i].abRevealed) << i;
		EXPECT_EQ(kA.aPlots[i].aiSeeFrom, kB.aPlots[i].aiSeeFrom) << i;
	}
	ASSERT_EQ(kA.aUnits.size(), kB.aUnits.size());
	for (size_t i = 0; i < kA.aUnits.size(); ++i)
	{
		EXPECT_EQ(kA.aUnits[i].sType, kB.aUnits[i].sType);
		EXPECT_EQ(kA.aUnits[i].aiSees, kB.aUnits[i].aiSees);
	}
}

class TempFile
{
public:
	TempFile(const std::string& sText, const std::string& sExtension)
	{
		m_kPath =
			fs::temp_directory_path() / ("cvvision-loader-" + std::to_string(std::random_device()()) + sExtension);
		std::ofstream(m_kPath, std::ios::binary) << sText;
	}
	~TempFile() { fs::remove(m_kPath); }
	const fs::path& path() const { return m_kPath; }

private:
	fs::path m_kPath;
};
}

TEST(WorldLoader, FrontEndRulesAreTheProjectsAssetsThenVanilla)
{
	const std::vector<fs::path> aDefault = frontEndRulesFolders({}, false);
	ASSERT_EQ(2u, aDefault.size());
	EXPECT_TRUE(fs::equivalent(fs::path(CVVISION_SOURCE_DIR) / "Assets", aDefault[0]))
		<< aDefault[0]; // found at run time: build/share/cvvision/Assets
	EXPECT_EQ(bundledVanillaAssets(), aDefault[1]);
	EXPECT_EQ(1u, frontEndRulesFolders({}, true).size()) << "--no-vanilla";
	EXPECT_EQ(1u, frontEndRulesFolders({ bundledVanillaAssets() }, false).size()) << "vanilla given: not twice";
	const std::vector<fs::path> aMod = frontEndRulesFolders({ "/mod", "/bts" }, false);
	ASSERT_EQ(3u, aMod.size());
	EXPECT_EQ(fs::path("/mod"), aMod[0]);
	EXPECT_EQ(bundledVanillaAssets(), aMod[2]);
}

TEST(WorldLoader, SampleMapIsTheWorldTheReaderAndBuilderGive)
{
	const WbMap kMap = readWorldBuilder(sampleMap());
	const VisionWorld kByHand = buildWorld(kMap, frontEndRules()->kRules, false, nullptr);
	LoadOptions kOptions;
	kOptions.bImportMemory = false;
	const LoadedWorld kLoaded = loadWorld(sampleMap(), frontEndRules(), kOptions);
	ASSERT_TRUE(kLoaded.kMap.has_value());
	EXPECT_FALSE(kLoaded.isSave());
	EXPECT_EQ(sampleMap().string(), kLoaded.path());
	EXPECT_EQ(kMap.iWidth, kLoaded.width());
	EXPECT_EQ(kMap.iHeight, kLoaded.height());
	EXPECT_EQ(kMap.bWrapX, kLoaded.wrapX());
	EXPECT_EQ(kMap.bWrapY, kLoaded.wrapY());
	EXPECT_EQ(kMap.numTeams(), kLoaded.numTeams());
	EXPECT_EQ(kMap.barbarianTeam(), kLoaded.barbarianTeam());
	EXPECT_EQ(kByHand.grid().counts(), kLoaded.world().grid().counts());
	EXPECT_EQ(kByHand.state().kUnits.size(), kLoaded.world().state().kUnits.size());
	EXPECT_TRUE(kLoaded.asWarnings.empty());
	EXPECT_EQ(techsOfMap(kMap, frontEndRules()->kRules), kLoaded.aTechs);
	EXPECT_TRUE(kLoaded.techs(99).empty());
	expectSameView(
		viewOfWorld(kByHand, frontEndRules()->kRules, "CvVision_Sample.CivBeyondSwordWBSave"), kLoaded.view());
	EXPECT_EQ(43, kLoaded.view().visiblePlots(0)) << "tests/cli/fixtures/sample_show_team0.txt: team 0 sees 43 plots";
}

TEST(WorldLoader, MapMemoryAndWrapFromTheFile)
{
	const fs::path kPath = sharedData() / "maps" / "tutorial1.CivBeyondSwordWBSave";
	if (!fs::exists(kPath))
	{
		GTEST_SKIP() << "../shared/data is absent: " << kPath.string();
	}
	const WbMap kMap = readWorldBuilder(kPath);
	ASSERT_TRUE(kMap.bWrapX && kMap.bWrapY) << "tutorial1 wraps both ways";
	VisionWorld kByHand = buildWorld(kMap, vanillaRules()->kRules, false, nullptr);
	const std::vector<char> abSightOnly = revealed(kByHand);
	rememberMap(kByHand, kMap);

	const LoadedWorld kLoaded = loadWorld(kPath, vanillaRules());
	EXPECT_TRUE(kLoaded.wrapX());
	EXPECT_TRUE(kLoaded.wrapY());
	EXPECT_TRUE(kLoaded.bMemoryImported);
	EXPECT_EQ(revealed(kByHand), revealed(kLoaded.world()));
	EXPECT_EQ(abSightOnly, revealed(kLoaded.world())) << "tutorial1's TeamReveal is what its units see";
	expectSameView(viewOfWorld(kByHand, vanillaRules()->kRules, kPath.filename().string()), kLoaded.view());

	LoadOptions kNoMemory;
	kNoMemory.bImportMemory = false;
	EXPECT_EQ(abSightOnly, revealed(loadWorld(kPath, vanillaRules(), kNoMemory).world()));
}

TEST(WorldLoader, MapMemoryIsImportedOnRequest)
{
	// The sample map with plot (0,0), which no unit sees, remembered by team 0.
	std::ifstream kIn(sampleMap(), std::ios::binary);
	std::string sText((std::istreambuf_iterator<char>(kIn)), std::istreambuf_iterator<char>());
	const size_t iAt = sText.find("\tx=0,y=0\n");
	ASSERT_NE(std::string::npos, iAt);
	sText.insert(iAt, "\tTeamReveal=0,\n");
	const TempFile kFile(sText, ".CivBeyondSwordWBSave");
	LoadOptions kNoMemory;
	kNoMemory.bImportMemory = false;
	const LoadedWorld kForgetting = loadWorld(kFile.path(), frontEndRules(), kNoMemory);
	EXPECT_FALSE(kForgetting.world().memory(0, 0).bRevealed);
	EXPECT_EQ(0, kForgetting.view().aPlots[0].abRevealed[0]);
	const LoadedWorld kRemembering = loadWorld(kFile.path(), frontEndRules());
	EXPECT_TRUE(kRemembering.world().memory(0, 0).bRevealed);
	EXPECT_EQ(1, kRemembering.view().aPlots[0].abRevealed[0]);
	EXPECT_FALSE(kRemembering.world().memory(1, 0).bRevealed) << "team 1 does not remember it";
	EXPECT_EQ(kForgetting.world().grid().counts(), kRemembering.world().grid().counts()) << "memory is not sight";
}

TEST(WorldLoader, SaveIsTheWorldTheReaderAndBuilderGive)
{
	const fs::path kPath = sharedData() / "saves" / "churchill-random-roll.CivBeyondSwordSave";
	if (!fs::exists(kPath))
	{
		GTEST_SKIP() << "../shared/data is absent: " << kPath.string();
	}
	const SaveGame kSave = readSave(kPath);
	const VisionWorld kByHand = buildSaveWorld(kSave, frontEndRules()->kRules);

	LoadOptions kAsShown;
	kAsShown.bImportMemory = false; // as `cvvision show` and `audit` load it
	const LoadedWorld kLoaded = loadWorld(kPath, frontEndRules(), kAsShown);
	ASSERT_TRUE(kLoaded.isSave());
	EXPECT_FALSE(kLoaded.kMap.has_value());
	EXPECT_EQ(kPath.string(), kLoaded.path());
	EXPECT_EQ(kSave.iWidth, kLoaded.width());
	EXPECT_EQ(kSave.iHeight, kLoaded.height());
	EXPECT_EQ(kSave.bWrapX, kLoaded.wrapX());
	EXPECT_EQ(kSave.bWrapY, kLoaded.wrapY());
	EXPECT_EQ(kSave.iMaxTeams, kLoaded.numTeams());
	EXPECT_EQ(kByHand.grid().counts(), kLoaded.world().grid().counts());
	EXPECT_EQ(techsOfSave(kSave), kLoaded.aTechs);
	EXPECT_TRUE(kLoaded.asWarnings.empty());
	expectSameView(viewOfSave(kSave, kByHand, frontEndRules()->kRules), kLoaded.view());

	// With its memory (as `cvvision path` and the Python module load it): the save's revealed plots.
	const LoadedWorld kRemembering = loadWorld(kPath, frontEndRules());
	VisionWorld kRemembered = buildSaveWorld(kSave, frontEndRules()->kRules);
	rememberSave(kRemembered, kSave);
	EXPECT_EQ(revealed(kRemembered), revealed(kRemembering.world()));
	for (int t = 0; t < kRemembering.numTeams(); ++t)
	{
		for (int i = 0; i < kRemembering.world().plotCount(); ++i)
		{
			EXPECT_EQ(kRemembering.world().memory(t, i).eRoute, kRemembered.memory(t, i).eRoute);
		}
	}
}

TEST(WorldLoader, KindChosenByExtensionOrByTheCaller)
{
	EXPECT_TRUE(isSavePath("a/b.CivBeyondSwordSave"));
	EXPECT_TRUE(isSavePath("b.CivWarlordsSave"));
	EXPECT_TRUE(isSavePath("b.Civ4SavedGame"));
	EXPECT_FALSE(isSavePath("b.CivBeyondSwordWBSave"));
	EXPECT_FALSE(isSavePath("b.Civ4WorldBuilderSave"));
	// The sample map read as a save: the save reader's error, naming the file.
	LoadOptions kAsSave;
	kAsSave.eKind = LoadKind::Save;
	try
	{
		loadWorld(sampleMap(), frontEndRules(), kAsSave);
		FAIL() << "a WorldBuilder map is no save";
	}
	catch (const SaveError& kError)
	{
		EXPECT_NE(std::string::npos, std::string(kError.what()).find(sampleMap().string())) << kError.what();
	}
}

TEST(WorldLoader, LenientWarnsStrictRefuses)
{
	std::ifstream kIn(sampleMap(), std::ios::binary);
	std::string sText((std::istreambuf_iterator<char>(kIn)), std::istreambuf_iterator<char>());
	const size_t iAt = sText.find("UnitType=UNIT_");
	ASSERT_NE(std::string::npos, iAt);
	sText.replace(iAt, 14, "UnitType=UNIT_DRAGON_");
	const TempFile kFile(sText, ".CivBeyondSwordWBSave");
	try
	{
		loadWorld(kFile.path(), frontEndRules());
		FAIL() << "strict: an unknown unit is an error";
	}
	catch (const WbError& kError)
	{
		const std::string sMessage = kError.what();
		EXPECT_EQ(0u, sMessage.find(kFile.path().string() + ":")) << sMessage;
		EXPECT_NE(std::string::npos, sMessage.find("unknown unit 'UNIT_DRAGON_")) << sMessage;
	}
	LoadOptions kLenient;
	kLenient.bLenient = true;
	const LoadedWorld kLoaded = loadWorld(kFile.path(), frontEndRules(), kLenient);
	ASSERT_EQ(1u, kLoaded.asWarnings.size());
	EXPECT_NE(std::string::npos, kLoaded.asWarnings[0].find("unknown unit 'UNIT_DRAGON_")) << kLoaded.asWarnings[0];
	EXPECT_NE(std::string::npos, kLoaded.asWarnings[0].find("; skipped")) << kLoaded.asWarnings[0];
	const LoadedWorld kSample = loadWorld(sampleMap(), frontEndRules());
	EXPECT_EQ(kSample.world().state().kUnits.size() - 1, kLoaded.world().state().kUnits.size());
}

TEST(WorldLoader, BadPathsNameTheFile)
{
	const fs::path kMissing = fs::temp_directory_path() / "cvvision-no-such-map.CivBeyondSwordWBSave";
	try
	{
		loadWorld(kMissing, frontEndRules());
		FAIL() << "no such map";
	}
	catch (const WbError& kError)
	{
		EXPECT_EQ(0u, std::string(kError.what()).find(kMissing.string() + ":")) << kError.what();
	}
	const fs::path kMissingSave = fs::temp_directory_path() / "cvvision-no-such-save.CivBeyondSwordSave";
	try
	{
		loadWorld(kMissingSave, frontEndRules());
		FAIL() << "no such save";
	}
	catch (const SaveError& kError)
	{
		EXPECT_EQ(0u, std::string(kError.what()).find(kMissingSave.string())) << kError.what();
	}
	try
	{
		loadWorld(fs::temp_directory_path(), frontEndRules());
		FAIL() << "a folder";
	}
	catch (const WbError& kError)
	{
		EXPECT_NE(std::string::npos, std::string(kError.what()).find("is a directory, not a WorldBuilder map"))
			<< kError.what();
	}
}
