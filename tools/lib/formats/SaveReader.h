// Reads saved games of unmodified Civilization IV: Beyond the Sword 3.19 (`*.CivBeyondSwordSave`,
// docs/file-formats.md, section 3): the uncompressed header with the game set-up (each player's
// team), the chunked zlib stream, and from the inflated game data the map with every plot record,
// the teams (techs, vassal masters) and the players (units with type, place, facing, promotions and
// recon plot; cities with their espionage sight per team).
//
// The reader is strict: every flag, count and index is checked against the 3.19 layout, the plots
// must come in lock-step (index = y*W + x), and the units the players own must be exactly the units
// the plots list. The header may carry the Lock Modified Assets text and MD5s (every multiplayer,
// hotseat and PBEM game writes them); that is still unmodified BTS. Format flags the game reads and
// ignores may hold any value; the ones it branches on must hold what 3.19 writes. A save whose header
// names a mod, or whose layout differs (another MAX_PLAYERS, a modded DLL that writes other
// fields, another save version) is refused with a SaveError that says
// "not an unmodified BTS 3.19 save: ...", never read half-right. The one XML-level difference
// accepted is the number of building types (some rule sets, e.g. the AI Survivor XML, drop one): it
// is taken from the save itself, where the game data states it unambiguously.
#pragma once

#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace cvv {

// "FILE: offset N (section): what is wrong". Offsets up to the end of the header are file offsets;
// later ones are offsets in the inflated game data (the section says which).
class SaveError : public std::runtime_error
{
public:
	using std::runtime_error::runtime_error;
};

struct SavePlot
{
	int iX = -1;
	int iY = -1;
	int ePlotType = -1; // 0 peak, 1 hills, 2 flat, 3 water
	int eTerrain = -1;
	int eFeature = -1; // -1 none
	int eImprovement = -1; // -1 none
	int eRoute = -1; // -1 none
	int eOwner = -1; // player, -1 none
	std::vector<int> aiVisibility; // per team (MAX_TEAMS entries; 0 where the game kept no array)
	std::vector<int> aiStolenVisibility; // per team
	std::vector<char> abRevealed; // per team
	std::vector<int> aeRevealedOwner; // per team, -1 none
	std::vector<int> aeRevealedImprovement; // per team, -1 none
	std::vector<int> aeRevealedRoute; // per team, -1 none
	std::vector<std::vector<int>> aaiInvisibleVisibility; // [team][invisible type]
	std::vector<std::pair<int, int>> aUnits; // (owner player, unit id) as listed on the plot
};

struct SaveUnit
{
	int ePlayer = -1;
	int iId = -1;
	int eType = -1;
	int iX = -1;
	int iY = -1;
	int eFacing = -1; // direction 0 north .. 7 north-west, clockwise
	std::vector<int> aePromotions; // promotion indices the unit has, ascending
	int iReconX = -1; // the plot an air unit last reconned; -1 none
	int iReconY = -1;
};

struct SaveCity
{
	int ePlayer = -1;
	int iId = -1;
	int iX = -1;
	int iY = -1;
	// Per team: the game's mark that the team has espionage sight of the city (3.19 keeps a flag, so
	// the values are 0 or 1).
	std::vector<int> aiEspionageVisibility;
};

struct SaveTeam
{
	std::vector<char> abHasTech; // per tech type
	int eVassalOf = -1; // master team, -1 none
};

struct SavePlayer
{
	int eTeam = -1;
	bool bAlive = false;
};

struct SaveGame
{
	std::string sPath;
	int iSaveVersion = 0;
	std::string sMod; // the header's mod name ("Mods\\PBMod_v10\\"); empty for unmodified BTS
	// The CvGameCoreDLL tree whose own compiled code read it (formats/HostSave.h); empty: the built-in
	// BTS 3.19 reader.
	std::string sReadByTree;
	// The header's Lock Modified Assets text (e.g. "3.1.9.0 (128100)") and its MD5s, as a game
	// started with Lock Modified Assets (multiplayer, hotseat, PBEM) writes them; empty otherwise.
	std::string sLockModifiedAssets;
	std::vector<std::string> asLockModifiedAssetsMd5;
	int iMaxPlayers = 0;
	int iMaxTeams = 0;
	int iWidth = 0;
	int iHeight = 0;
	bool bWrapX = false;
	bool bWrapY = false;
	std::vector<SavePlot> aPlots; // index y*W+x
	std::vector<SavePlayer> aPlayers;
	std::vector<SaveTeam> aTeams;
	std::vector<SaveUnit> aUnits;
	std::vector<SaveCity> aCities;
	bool bHasPlayerSections =
		false; // false if only the plots could be read (then aUnits/aCities/aTeams techs are empty)
};

// Throws SaveError (file missing, truncated, corrupt, or not an unmodified BTS 3.19 save). A mod's
// save is read by its own tree's code instead (formats/HostSave.h).
SaveGame readSave(const std::filesystem::path& kPath);
// The same for a save's bytes in memory; sFile names it in messages (and in SaveGame::sPath).
SaveGame readSaveBytes(const std::vector<unsigned char>& aFile, const std::string& sFile);

} // namespace cvv
