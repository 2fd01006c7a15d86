// A save's world as the host prints it (formats/HostSave.h): the JSON of `cvcore read-save` made
// into the SaveGame every command reads, and JSON that is broken, of another shape or of a world
// that does not hold together refused with the save's name and the member's path. (The host run on
// the real saves: tests/host/test_read_save.py and cli.host.)
#include "formats/HostSave.h"

#include <gtest/gtest.h>

#include <string>

namespace cvv {
namespace {

// Two teams and players, a 2x2 map, one unit and one city, as read-save prints them.
std::string hostJson(const std::string& sUnitX = "1", const std::string& sExtra = "")
{
	return R"({"steps": [], "infos": {"Tech": 3}, "save": {"path": "/s/a.CivBeyondSwordSave", "version": 302,
"mod_name": "Mods\\PB\\", "lock_modified_assets": "", "checksum": "x", "init_core_bytes": 1, "game_data_bytes": 2},
"map": {"width": 2, "height": 2, "wrap_x": true, "wrap_y": false, "plots": 4},
"plots": [
{"x": 0, "y": 0, "terrain": 1, "feature": -1, "plot_type": 2, "owner": 0, "improvement": -1, "route": 0, "visibility": [1, 0], "revealed": [1, 0])"
		+ sExtra + R"(},
{"x": 1, "y": 0, "terrain": 1, "feature": 2, "plot_type": 1, "owner": -1, "improvement": -1, "route": -1, "visibility": [2, 0], "revealed": [1, 1]},
{"x": 0, "y": 1, "terrain": 0, "feature": -1, "plot_type": 3, "owner": -1, "improvement": -1, "route": -1, "visibility": [0, 0], "revealed": [0, 0]},
{"x": 1, "y": 1, "terrain": 0, "feature": -1, "plot_type": 3, "owner": -1, "improvement": -1, "route": -1, "visibility": [0, 1], "revealed": [0, 1]}],
"units": [{"owner": 1, "id": 8192, "type": 4, "x": )"
		+ sUnitX
		+ R"(, "y": 1, "facing": 2, "invisible": -1, "promotions": [0, 39], "cargo": false, "transport": null}],
"cities": [{"owner": 0, "id": 1, "x": 0, "y": 0}],
"teams": [{"team": 0, "alive": true, "techs": [0, 2]}, {"team": 1, "alive": true, "techs": []}],
"players": [{"player": 0, "alive": true, "team": 0}, {"player": 1, "alive": false, "team": 1}]})";
}

TEST(HostSave, TheHostsWorldIsTheSaveGameEveryCommandReads)
{
	const SaveGame kSave = saveFromHostJson(hostJson(), "a.CivBeyondSwordSave", "TREE");
	EXPECT_EQ(kSave.iSaveVersion, 302);
	EXPECT_EQ(kSave.sMod, "Mods\\PB\\");
	EXPECT_EQ(kSave.sReadByTree, "TREE");
	EXPECT_EQ(kSave.iWidth, 2);
	EXPECT_TRUE(kSave.bWrapX);
	EXPECT_FALSE(kSave.bWrapY);
	ASSERT_EQ(kSave.aPlots.size(), 4u);
	EXPECT_EQ(kSave.aPlots[1].eFeature, 2);
	EXPECT_EQ(kSave.aPlots[0].eRoute, 0);
	EXPECT_EQ(kSave.aPlots[1].aiVisibility, (std::vector<int>{ 2, 0 }));
	EXPECT_EQ(kSave.aPlots[3].abRevealed, (std::vector<char>{ 0, 1 }));
	EXPECT_EQ(kSave.aPlots[3].aeRevealedOwner, (std::vector<int>{ -1, -1 }));
	ASSERT_EQ(kSave.aUnits.size(), 1u);
	EXPECT_EQ(kSave.aUnits[0].aePromotions, (std::vector<int>{ 0, 39 }));
	EXPECT_EQ(kSave.aPlots[3].aUnits, (std::vector<std::pair<int, int>>{ { 1, 8192 } }));
	EXPECT_EQ(kSave.aTeams[0].abHasTech, (std::vector<char>{ 1, 0, 1 }));
	EXPECT_EQ(kSave.iMaxTeams, 2);
	EXPECT_FALSE(kSave.aPlayers[1].bAlive);
	EXPECT_TRUE(kSave.bHasPlayerSections);
}

TEST(HostSave, TheHostsMemoryAndSightsWhenItGivesThem)
{
	const SaveGame kSave = saveFromHostJson(
		hostJson("1", R"(, "revealed_owner": [0, -1], "invisible_visibility": [[1, 0], [0, 0]])"), "a", "TREE");
	EXPECT_EQ(kSave.aPlots[0].aeRevealedOwner, (std::vector<int>{ 0, -1 }));
	EXPECT_EQ(kSave.aPlots[0].aaiInvisibleVisibility, (std::vector<std::vector<int>>{ { 1, 0 }, { 0, 0 } }));
}

TEST(HostSave, WhatDoesNotHoldTogetherIsRefusedWithItsPath)
{
	auto message = [](const std::string& sJson) {
		try
		{
			saveFromHostJson(sJson, "a.CivBeyondSwordSave", "TREE");
		}
		catch (const SaveError& e)
		{
			return std::string(e.what());
		}
		return std::string("no error");
	};
	EXPECT_EQ(message(hostJson("7")),
		"a.CivBeyondSwordSave: units[0]: a unit of player 1 at (7,1), off the map or of no player");
	EXPECT_EQ(
		message(hostJson("\"1\"")), "a.CivBeyondSwordSave: units[0].x: a string where a whole number was expected");
	EXPECT_EQ(
		message("{\"steps\": ["), "a.CivBeyondSwordSave: line 1, column 12: the text ends where a value should be");
	EXPECT_EQ(message("{}"), "a.CivBeyondSwordSave: (top): no member \"save\"");
	std::string sMoved = hostJson();
	sMoved.replace(sMoved.find("{\"x\": 1, \"y\": 0"), 15, "{\"x\": 0, \"y\": 0");
	EXPECT_EQ(message(sMoved), "a.CivBeyondSwordSave: plots[1]: plot (0,0) out of its place 1");
}

} // namespace
} // namespace cvv
