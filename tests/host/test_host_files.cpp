// The host's file search (tools/host/runtime/CvHostFiles): the game's order of roots (the mod's
// folder, then Beyond the Sword, Warlords and the base game), names in any case and with either
// slash, and the listing the core's modular loading asks for.
#include "CvHostFiles.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace fs = std::filesystem;

namespace {

class HostFiles : public ::testing::Test
{
protected:
	void SetUp() override
	{
		root = fs::temp_directory_path()
			/ ("cvhost-files-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed())
				+ ::testing::UnitTest::GetInstance()->current_test_info()->name());
		fs::remove_all(root);
		write("game/Assets/XML/GlobalDefines.xml", "base");
		write("game/Assets/XML/Text/CIV4GameText_A.xml", "base text");
		write("game/Warlords/Assets/XML/Units/CIV4UnitInfos.xml", "warlords");
		write("game/Beyond the Sword/Assets/XML/Units/CIV4UnitInfos.xml", "bts");
		write("game/Beyond the Sword/Assets/XML/Text/CIV4GameText_B.xml", "bts text");
		write("mod/Assets/xml/units/civ4unitinfos.XML", "mod");
		write("mod/Assets/xml/text/CIV4GameText_a.xml", "mod text");
	}
	void TearDown() override { fs::remove_all(root); }

	void write(const std::string& path, const std::string& text)
	{
		fs::create_directories((root / path).parent_path());
		std::ofstream(root / path) << text;
	}
	std::string read(const std::string& path)
	{
		std::ifstream in(path);
		std::string text;
		std::getline(in, text);
		return text;
	}

	fs::path root;
};

TEST_F(HostFiles, TheModComesFirstThenBeyondTheSwordWarlordsAndTheBaseGame)
{
	CvHostFiles withMod((root / "game").string(), (root / "mod").string());
	EXPECT_EQ(read(withMod.resolve("Assets//xml\\Units/CIV4UnitInfos.xml")), "mod");
	EXPECT_EQ(read(withMod.resolve("Assets/XML/GlobalDefines.xml")), "base");
	CvHostFiles game((root / "game").string(), "");
	EXPECT_EQ(read(game.resolve("Assets\\XML\\Units\\CIV4UnitInfos.xml")), "bts");
	ASSERT_EQ(game.roots().size(), 3u);
	EXPECT_EQ(fs::path(game.roots()[1]).filename(), "Warlords");
}

TEST_F(HostFiles, AMissingFileOrAnEscapeIsNotFound)
{
	CvHostFiles files((root / "game").string(), (root / "mod").string());
	EXPECT_EQ(files.resolve("Assets/XML/Nowhere.xml"), "");
	EXPECT_EQ(files.resolve(""), "");
	EXPECT_EQ(files.resolve("Assets/../../mod/Assets/xml/units/civ4unitinfos.XML"), "");
	EXPECT_EQ(files.resolve("Assets/XML"), ""); // a folder is no file
}

TEST_F(HostFiles, AListingNamesEachFileOnceTheFirstRootsSpellingWins)
{
	CvHostFiles files((root / "game").string(), (root / "mod").string());
	std::vector<std::string> found = files.enumerate("xml\\text\\*.xml");
	ASSERT_EQ(found.size(), 2u);
	EXPECT_EQ(found[0], "xml\\text\\CIV4GameText_a.xml"); // the mod's, not the base game's _A
	EXPECT_EQ(found[1], "xml\\text\\CIV4GameText_B.xml");
	EXPECT_TRUE(files.enumerate("modules\\*_GlobalDefines.xml").empty());
}

TEST(HostPath, PartsTakeEitherSlashAndDropEmptyAndDotParts)
{
	std::vector<std::string> parts = cvHostPathParts("Assets//xml\\.\\Units/CIV4UnitInfos.xml");
	EXPECT_EQ(parts, (std::vector<std::string>{ "Assets", "xml", "Units", "CIV4UnitInfos.xml" }));
}

} // namespace
