// Reads Civ4 WorldBuilder saves (.CivBeyondSwordWBSave, .Civ4WorldBuilderSave) as the game's own
// reader does (docs/file-formats.md, section 2): line by line, tokens split on commas, `key=value` on the
// first '=', blocks found by their Begin/End lines, unknown keys and blocks skipped, LF or CRLF,
// any number of team and player slots, plots until the end of the file. The reader only reads:
// scenario/WorldFromMap.h turns a map into a world of sight sources with the loaded rules.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace cvv {

// "FILE:LINE: what is wrong".
class WbError : public std::runtime_error
{
public:
	using std::runtime_error::runtime_error;
};

struct WbUnit
{
	std::string sType;
	int ePlayer = -1;
	std::vector<std::string> asPromotions;
	int eFacing = 4; // south, the game's default
	int iLine = 0;
};

struct WbPlot
{
	int iX = -1;
	int iY = -1;
	int ePlotType = 3; // 0 peak, 1 hills, 2 flat, 3 water
	std::string sTerrain;
	std::string sFeature;
	std::string sImprovement;
	std::string sRoute;
	std::vector<int> aiTeamReveal; // civ teams that have the plot revealed (fog memory)
	std::vector<WbUnit> aUnits;
	int eCityOwner = -1; // player
	int iLine = 0;
};

struct WbTeam
{
	std::vector<std::string> asTechs;
	int eVassalOf = -1;
	bool bRevealMap = false;
	int iLine = 0;
};

struct WbPlayer
{
	int eTeam = -1;
	bool bLive = true; // LeaderType NONE marks an empty slot
	int iLine = 0;
};

struct WbMap
{
	std::string sPath;
	int iWidth = 0;
	int iHeight = 0;
	bool bWrapX = false;
	bool bWrapY = false;
	std::vector<WbTeam> aTeams; // civ teams in file order; the barbarians are team aTeams.size()
	std::vector<WbPlayer> aPlayers; // civ players; the barbarian player is aPlayers.size()
	std::vector<WbPlot> aPlots; // in file order
	std::vector<WbPlot>
		aOutsidePlots; // plots outside the declared size: buildWorld (scenario/) refuses them (lenient: skips them)

	int barbarianTeam() const { return static_cast<int>(aTeams.size()); }
	int numTeams() const { return barbarianTeam() + 1; }
	// A unit owner's team: its player's, or the barbarians'; -1 for no such player.
	int teamOfPlayer(int ePlayer) const;
};

// Progress on long reads: called now and then with the lines read so far and the total.
using WbProgress = void (*)(const char* szWhat, long lDone, long lTotal);

// Throws WbError. Reads the structure only; names are resolved by buildWorld (scenario/WorldFromMap.h).
WbMap readWorldBuilder(const std::filesystem::path& kPath, WbProgress fProgress = nullptr);

} // namespace cvv
