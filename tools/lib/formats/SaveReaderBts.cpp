// The built-in layout of Beyond the Sword 3.19 saves (formats/SaveReader.h): the set-up block and
// the inflated game data read field by field, every flag, count and index checked against 3.19's
// layout, into the records (SaveReaderImpl.h) that SaveRecords.cpp maps to the world. It reads
// only the members the world needs into the records and skips the rest, which keeps it fast.
#include "formats/SaveReaderImpl.h"
#include "model/VisionWorld.h"

#include <algorithm>
#include <map>

namespace cvv {

using namespace savereader;

namespace {

// ---------------------------------------------------------------------------------------------
// The fixed dimensions of unmodified BTS 3.19: the DLL's constants and the rule counts of the
// shipped XML. Every one of them shapes the layout, so a save that disagrees cannot be read.
// ---------------------------------------------------------------------------------------------
const int kSlots = 19; // players and teams (the last one is the barbarians)

const int kYields = 3;
const int kCommerces = 4;
const int kDomains = 4;
const int kDirections = 8;
const int kCityPlots = 21;
const int kUnitAITypes = 41;
const int kGameOptions = 24;
const int kMultiplayerOptions = 5;
const int kFeats = 31;
const int kPlayerOptions = 22;
const int kContactTypes = 14;
const int kMemoryTypes = 33;

const int kUnitTypes = 123;
const int kUnitClasses = 89;
const int kBuildingClasses = 125;
const int kBuildingsVanilla = 159; // the one count taken from the save (see findBuildingCount)
const int kProjects = 11;
const int kCivics = 25;
const int kCivicOptions = 5;
const int kVotes = 22;
const int kVoteSources = 2;
const int kReligions = 7;
const int kCorporations = 7;
const int kSpecialUnits = 3;
const int kSpecialBuildings = 4;
const int kBonuses = 35;
const int kImprovements = 25;
const int kTechs = 92;
const int kTerrains = 9;
const int kFeatures = 6;
const int kRoutes = 2;
const int kPromotions = 54;
const int kHurries = 2;
const int kUpkeeps = 3;
const int kSpecialists = 14;
const int kUnitCombats = 10;
const int kEmphases = 6;
const int kTradeRouteSlots = 8;
const int kBuilds = 23;
const int kCultureLevels = 7;
const int kInvisibleTypes = 2;


// ---------------------------------------------------------------------------------------------
// Header: the game set-up block (the DLL's init core).
// ---------------------------------------------------------------------------------------------
struct SetUp
{
	int iVictories = 0;
	std::vector<int> aeTeam;
};

// Reads the set-up block as written for iSlots player slots. Returns false when the bytes do not fit
// that slot count exactly (the caller words the error).
bool readSetUp(Cursor& k, int iSlots, SetUp& kOut)
{
	try
	{
		k.expect("the set-up block's format flag", 1);
		k.i32("the game type");
		for (int i = 0; i < 4; ++i) k.skipWideString("the game name, passwords and map script");
		k.flag("the world-builder map flag");
		k.skipInts(7, "world size, climate, sea level, era, speed, turn timer, calendar");
		const int iCustom = k.count("the number of custom map options", 1000);
		k.count("the number of hidden custom map options", 1000);
		k.skipInts(size_t(iCustom), "the custom map options");
		kOut.iVictories = k.count("the number of victory types", 64);
		k.skipFlags(size_t(kOut.iVictories), "the victory switches");
		k.skipFlags(kGameOptions, "the game options");
		k.skipFlags(kMultiplayerOptions, "the multiplayer options");
		k.flag("the statistics switch");
		k.skipInts(6, "turn, turn limit, turn time, target score, city elimination, start points");
		for (int iList = 0; iList < 5; ++iList)
			for (int i = 0; i < iSlots; ++i) k.skipWideString("a player's names or password");
		for (int iList = 0; iList < 2; ++iList)
			for (int i = 0; i < iSlots; ++i) k.skipString("a player's e-mail settings");
		k.skipFlags(size_t(iSlots), "the white flags");
		for (int i = 0; i < iSlots; ++i) k.skipWideString("a player's flag decal");
		k.skipInts(size_t(iSlots) * 2, "civilizations and leaders");
		kOut.aeTeam = k.ints(size_t(iSlots), "the players' teams");
		k.skipInts(size_t(iSlots) * 5, "handicaps, colours, art styles, slot states and claims");
		k.skipFlags(size_t(iSlots) * 2, "the playable and minor-nation switches");
	}
	catch (const SaveError&)
	{
		return false;
	}
	return k.left() == 0;
}
// ---------------------------------------------------------------------------------------------
// Inflated game data
// ---------------------------------------------------------------------------------------------

// The game's free-list containers: slot bookkeeping, then the count of stored objects.
int readListHeader(Cursor& k, const char* szWhat)
{
	const int iSlots = k.count((std::string(szWhat) + ": number of slots").c_str(), 1 << 20);
	k.skipInts(4, szWhat); // last index, free-list head, free-list count, next id
	k.skipInts(size_t(iSlots), szWhat);
	const size_t iAt = k.pos();
	const int iCount = k.count((std::string(szWhat) + ": number of entries").c_str(), 1 << 20);
	if (iCount > iSlots)
	{
		std::ostringstream o;
		o << szWhat << ": " << iCount << " entries in " << iSlots << " slots";
		k.moddedAt(iAt, o.str());
	}
	return iCount;
}

// A linked list of fixed-size records: i32 count, then the raw records.
void skipRawList(Cursor& k, size_t iRecord, const char* szWhat)
{
	const int iCount = k.count(szWhat, 1 << 24);
	k.needItems(size_t(iCount), iRecord, szWhat);
	k.skip(size_t(iCount) * iRecord, szWhat);
}

void skipWideStringList(Cursor& k, const char* szWhat)
{
	const int iCount = k.count(szWhat, 1 << 20);
	for (int i = 0; i < iCount; ++i) k.skipWideString(szWhat);
}

// i32 count n, then n records of iInts ints each.
void skipIntRecords(Cursor& k, int iInts, const char* szWhat)
{
	const int iCount = k.count(szWhat, 1 << 24);
	k.skipInts(size_t(iCount) * size_t(iInts), szWhat);
}

struct Layout
{
	int iBuildings = kBuildingsVanilla;
	int iVictories = 7;
};

void skipTradeList(Cursor& k) { skipRawList(k, 12, "a deal's list of traded items"); }

void skipVoteOption(Cursor& k)
{
	k.skipInts(4, "a vote option");
	k.skipWideString("a vote option's text");
}

// The game object: counters, rankings, per-type tallies, deals, votes, random seeds, replay
// messages, ... It ends with tables sized by the number of building types; that number is found
// here (see findBuildingCount), everything before it uses the fixed 3.19 counts.
void skipGame(Cursor& k)
{
	k.setSection("inflated game data: game");
	k.expect("the game's format flag", 1);
	k.skipInts(22, "the game's counters");
	k.skipFlags(5, "the game's switches");
	k.skipInts(6, "handicap, paused player, best land unit, winner, victory, game state");
	k.skipString("the game's script data");
	k.skipInts(6 * kSlots, "the score rankings");
	k.skipInts(kUnitTypes + kUnitClasses + kBuildingClasses + kProjects + kCivics + kVotes + kReligions + kCorporations
			+ 3 * kVoteSources,
		"the game's per-type tallies");
	k.skipFlags(kSpecialUnits + kSpecialBuildings + kReligions, "the game's per-type switches");
	k.skipInts(2 * kReligions + 2 * kCorporations, "holy cities and headquarters");
	skipWideStringList(k, "the destroyed cities");
	skipWideStringList(k, "the great people born");

	int iCount = readListHeader(k, "deals");
	for (int i = 0; i < iCount; ++i)
	{
		k.ignoredFlag("a deal's format flag");
		k.skipInts(4, "a deal");
		skipTradeList(k);
		skipTradeList(k);
	}
	iCount = readListHeader(k, "vote selections");
	for (int i = 0; i < iCount; ++i)
	{
		k.skipInts(2, "a vote selection");
		const int iOptions = k.count("a vote selection's options", 1 << 16);
		for (int j = 0; j < iOptions; ++j) skipVoteOption(k);
	}
	iCount = readListHeader(k, "triggered votes");
	for (int i = 0; i < iCount; ++i)
	{
		k.skipInts(2, "a triggered vote");
		skipVoteOption(k);
	}
	k.skipInts(2, "the random seeds");
	iCount = k.count("the number of replay messages", 1 << 22);
	for (int i = 0; i < iCount; ++i)
	{
		k.skipInts(5, "a replay message");
		k.skipWideString("a replay message's text");
		k.skipInts(1, "a replay message's colour");
	}
	k.skipInts(1, "the number of sessions");
	skipIntRecords(k, 5, "the plots' extra yields");
	skipIntRecords(k, 3, "the plots' extra costs");
	skipIntRecords(k, 2, "the vote sources' religions");
	skipIntRecords(k, 1, "the inactive event triggers");
}

// The game ends with: shrine count S, two tables of B ints (shrine buildings, then their
// religions; entries past S are -1), two ints, then the game AI's flag (0) and one int. The map
// follows: flag 0, width, height, ... and its first plot record starts with flag 0, x 0, y 0.
// B is the one value for which all of that lines up.
void findBuildingCount(Cursor& k, Layout& kLayout)
{
	const size_t iStart = k.pos();
	const int iShrines = k.count("the number of shrine buildings", 4096);
	const unsigned char* p = k.data();
	auto intAt = [&](size_t iPos) -> int32_t {
		return static_cast<int32_t>(uint32_t(p[iPos]) | (uint32_t(p[iPos + 1]) << 8) | (uint32_t(p[iPos + 2]) << 16)
			| (uint32_t(p[iPos + 3]) << 24));
	};
	const size_t iEnd = k.pos() + k.left();
	std::vector<int> aFits;
	bool bCutShort = false; // a count whose tables fit, but the data ends before the first plot
	for (int iB = std::max(iShrines, 1); iB <= 4096; ++iB)
	{
		const size_t iTables = iStart + 4;
		const size_t iMap = iTables + 8 * size_t(iB) + 16;
		const size_t iFirstPlot = iMap + 4 + 7 * 4 + 2 + 8 * size_t(kBonuses);
		if (iMap > iEnd) break;
		bool bFits = true;
		for (int i = 0; i < iB && bFits; ++i)
		{
			const int32_t iBuilding = intAt(iTables + 4 * size_t(i));
			const int32_t iReligion = intAt(iTables + 4 * (size_t(iB) + size_t(i)));
			if (i < iShrines)
				bFits = iBuilding >= 0 && iBuilding < iB && iReligion >= 0 && iReligion < kReligions;
			else
				bFits = iBuilding == -1 && iReligion == -1;
		}
		if (!bFits) continue;
		if (iMap + 12 > iEnd)
		{
			bCutShort = true;
			continue;
		}
		const int32_t iWidth = intAt(iMap + 4);
		const int32_t iHeight = intAt(iMap + 8);
		if (intAt(iMap - 8) != 0 || intAt(iMap) != 0 || iWidth <= 0 || iHeight <= 0 || iWidth > 1024 || iHeight > 1024)
			continue;
		if (iFirstPlot + 8 > iEnd)
		{
			bCutShort = true;
			continue;
		}
		if (intAt(iFirstPlot) != 0 || intAt(iFirstPlot + 4) != 0) continue;
		aFits.push_back(iB);
	}
	if (aFits.empty() && bCutShort)
		k.failAt(iStart, "the data ends inside the end of the game section or the map header");
	if (aFits.size() != 1)
	{
		std::ostringstream o;
		if (aFits.empty())
			o << "the end of the game section (shrine tables, then the map header) does not line up for any number of "
				 "building types";
		else
			o << "the number of building types is ambiguous (" << aFits.size() << " fits)";
		k.moddedAt(iStart, o.str());
	}
	kLayout.iBuildings = aFits[0];
	k.skipInts(2 * size_t(kLayout.iBuildings), "the shrine tables");
	k.skipInts(2, "the culture victory settings");
	k.expect("the game AI's format flag", 0);
	k.skipInts(1, "the game AI's padding");
}

// The count, read at iAt, of an array the game writes only when it is allocated: iExpected or 0,
// anything else a mod's layout ("<szWhat> has <iCount> <szUnit> (expected <iExpected>, or 0 when
// absent)").
void checkCountOrZero(
	Cursor& k, size_t iAt, const char* szWhat, int iCount, int iExpected, const char* szUnit = "entries")
{
	if (iCount != 0 && iCount != iExpected)
	{
		std::ostringstream o;
		o << szWhat << " has " << iCount << " " << szUnit << " (expected " << iExpected << ", or 0 when absent)";
		k.moddedAt(iAt, o.str());
	}
}

// iCount flags as a member's values (0 or 1).
void putFlags(Cursor& k, FlatRecord& r, const char* szMember, int iCount, const char* szWhat)
{
	k.needItems(size_t(iCount), 1, szWhat);
	int32_t* a = r.add(szMember, size_t(iCount));
	for (int i = 0; i < iCount; ++i) a[i] = k.flag(szWhat) ? 1 : 0;
}

// The count of an i8-counted per-team or per-player array that the game writes only when
// allocated: iExpected or 0.
int plotArrayCount(Cursor& k, const char* szWhat, int iExpected)
{
	const size_t iAt = k.pos();
	const int iCount = k.i8(szWhat);
	checkCountOrZero(k, iAt, szWhat, iCount, iExpected);
	return iCount;
}

void skipPlotArray(Cursor& k, const char* szWhat, int iExpected, size_t iSize)
{
	const int iCount = plotArrayCount(k, szWhat, iExpected);
	k.skip(size_t(iCount) * iSize, szWhat);
}

// Reads such an array of T into r's member szMember (absent if the game did not write it). With
// szValue, each value must lie in [iMin, iMax) ("<szValue> [i] is <value> (expected ...)").
template <typename T>
void plotArray(Cursor& k, const char* szWhat, int iExpected, FlatRecord& r, const char* szMember,
	const char* szValue = nullptr, int iMin = 0, int iMax = 0)
{
	const int iCount = plotArrayCount(k, szWhat, iExpected);
	if (iCount == 0) return;
	int32_t* a = r.add(szMember, size_t(iCount));
	for (int i = 0; i < iCount; ++i)
	{
		const size_t iAt = k.pos();
		if (sizeof(T) == 4)
			a[i] = k.i32(szWhat);
		else if (sizeof(T) == 2)
			a[i] = k.i16(szWhat);
		else
			a[i] = k.i8(szWhat);
		if (szValue && (a[i] < iMin || a[i] >= iMax))
		{
			std::ostringstream o;
			o << szValue << " [" << i << "] is " << a[i] << " (expected " << iMin << ".." << (iMax - 1) << ")";
			k.moddedAt(iAt, o.str());
		}
	}
}

// The member of a team's invisible visibility counts (iTeam < kSlots).
std::string_view invisibleMember(int iTeam)
{
	static const std::vector<std::string> asNames = [] {
		std::vector<std::string> a;
		for (int t = 0; t < kSlots; ++t) a.push_back("m_apaiInvisibleVisibilityCount[" + std::to_string(t) + "]");
		return a;
	}();
	return asNames[size_t(iTeam)];
}

// One plot record (docs/file-formats.md, section 3, fields 1..28) as CvPlot's record.
void readPlot(Cursor& k, int iIndex, int iWidth, FlatRecord& r)
{
	{
		std::ostringstream o;
		o << "inflated game data: plot record " << iIndex << " (x=" << iIndex % iWidth << ", y=" << iIndex / iWidth
		  << ")";
		k.setSection(o.str());
	}
	r.szClass = "CvPlot";
	r.aMembers.reserve(20);
	r.aValues.reserve(16 + 6 * kSlots);
	k.expect("the plot's format flag", 0);
	r.put("m_iX", k.i16("the plot's x"));
	r.put("m_iY", k.i16("the plot's y"));
	k.skipInts(1, "the plot's area");
	k.skip(6 * 2, "the plot's counters");
	k.skipInts(1, "the plot's river id");
	k.skip(3 * 2, "the plot's start distance, recon and river crossing counts");
	k.skipFlags(6, "the plot's switches");

	r.put("m_eOwner", k.i8("the plot's owner"));
	r.put("m_ePlotType", k.i16("the plot type"));
	size_t iAt = k.pos();
	const int eTerrain = k.i16("the terrain");
	checkRange(k, iAt, "the terrain", eTerrain, 0, kTerrains);
	r.put("m_eTerrainType", eTerrain);
	iAt = k.pos();
	const int eFeature = k.i16("the feature");
	checkRange(k, iAt, "the feature", eFeature, -1, kFeatures);
	r.put("m_eFeatureType", eFeature);
	iAt = k.pos();
	const int eBonus = k.i16("the bonus");
	checkRange(k, iAt, "the bonus", eBonus, -1, kBonuses);
	iAt = k.pos();
	const int eImprovement = k.i16("the improvement");
	checkRange(k, iAt, "the improvement", eImprovement, -1, kImprovements);
	r.put("m_eImprovementType", eImprovement);
	iAt = k.pos();
	const int eRoute = k.i16("the route");
	checkRange(k, iAt, "the route", eRoute, -1, kRoutes);
	r.put("m_eRouteType", eRoute);
	iAt = k.pos();
	const int eRiverNS = k.i8("the river direction");
	const int eRiverWE = k.i8("the river direction");
	checkRange(k, iAt, "the north-south river direction", eRiverNS, -1, 4);
	checkRange(k, iAt, "the west-east river direction", eRiverWE, -1, 4);

	r.put("m_plotCity.eOwner", k.i32("the plot's city owner"));
	r.put("m_plotCity.iID", k.i32("the plot's city id"));
	k.skipInts(4, "the plot's working city");
	k.skip(kYields * 2, "the plot's yields");

	skipPlotArray(k, "the plot's culture per player array", kSlots, 4);
	skipPlotArray(k, "the plot's found value per player array", kSlots, 2);
	skipPlotArray(k, "the plot's city radius count per player array", kSlots, 1);
	skipPlotArray(k, "the plot's plot group per player array", kSlots, 4);
	plotArray<int16_t>(k, "the plot's visibility count per team array", kSlots, r, "m_aiVisibilityCount");
	plotArray<int16_t>(k, "the plot's stolen visibility count per team array", kSlots, r, "m_aiStolenVisibilityCount");
	skipPlotArray(k, "the plot's blockaded count per team array", kSlots, 2);
	plotArray<int8_t>(k, "the plot's revealed owner per team array", kSlots, r, "m_aiRevealedOwner");
	skipPlotArray(k, "the plot's river crossing per direction array", kDirections, 1);
	plotArray<int8_t>(k, "the plot's revealed per team array", kSlots, r, "m_abRevealed");
	plotArray<int16_t>(k, "the plot's revealed improvement per team array", kSlots, r, "m_aeRevealedImprovementType",
		"a revealed improvement", -1, kImprovements);
	plotArray<int16_t>(k, "the plot's revealed route per team array", kSlots, r, "m_aeRevealedRouteType",
		"a revealed route", -1, kRoutes);

	k.skipString("the plot's script data");

	iAt = k.pos();
	const int iBuilds = k.i32("the plot's build progress count");
	checkCountOrZero(k, iAt, "the plot's build progress array", iBuilds, kBuilds);
	k.skip(size_t(iBuilds) * 2, "the plot's build progress");

	iAt = k.pos();
	const int iCulturePlayers = k.i8("the plot's culture range cities");
	checkCountOrZero(k, iAt, "the plot's culture range cities array", iCulturePlayers, kSlots, "players");
	for (int i = 0; i < iCulturePlayers; ++i)
	{
		iAt = k.pos();
		const int iLevels = k.i32("the plot's culture range cities for a player");
		checkCountOrZero(k, iAt, "the plot's culture range cities for a player", iLevels, kCultureLevels);
		k.skip(size_t(iLevels), "the plot's culture range cities");
	}

	iAt = k.pos();
	const int iInvisibleTeams = k.i8("the plot's invisible visibility count");
	checkCountOrZero(k, iAt, "the plot's invisible visibility count array", iInvisibleTeams, kSlots, "teams");
	for (int i = 0; i < iInvisibleTeams; ++i)
	{
		iAt = k.pos();
		const int iTypes = k.i32("the plot's invisible visibility count for a team");
		checkCountOrZero(k, iAt, "the plot's invisible visibility count for a team", iTypes, kInvisibleTypes);
		int32_t* a = r.add(invisibleMember(i), size_t(iTypes));
		for (int j = 0; j < iTypes; ++j) a[j] = k.i16("the plot's invisible visibility count");
	}

	const int iUnits = k.count("the number of units on the plot", 1 << 16);
	for (int i = 0; i < iUnits; ++i)
	{
		FlatRecord& kUnit = r.child("m_units", "IDInfo");
		kUnit.put("eOwner", k.i32("a unit's owner on the plot"));
		kUnit.put("iID", k.i32("a unit's id on the plot"));
	}
}

void skipArea(Cursor& k)
{
	k.ignoredFlag("an area's format flag");
	k.skipInts(8, "an area's counters");
	k.flag("an area's water switch");
	k.skipInts(
		10 * kSlots + 4 * kSlots + 2 * kSlots + kYields * kSlots + 2 * kUnitAITypes * kSlots, "an area's tables");
	k.skipInts(kBonuses + kImprovements, "an area's bonus and improvement counts");
}

void readTeam(Cursor& k, int eTeam, const Layout& kLayout, FlatRecord& r)
{
	k.setSection("inflated game data: team " + std::to_string(eTeam));
	r.szClass = "CvTeamAI";
	k.ignoredFlag("the team's format flag");
	k.skipInts(24, "the team's counters");
	k.skipFlags(2, "the team's switches");
	k.expect("the team's id", eTeam);
	k.skipInts(6 * kSlots, "the team's per-team counters");
	k.skipInts(kCommerces + kDomains + kVoteSources, "the team's commerce, move and vote tables");
	k.skipFlags(6 * kSlots, "the team's relations (met, war, peace, borders, pact, forced peace)");
	putFlags(k, r, "m_abVassal", kSlots, "the team's vassal switches");
	k.skipFlags(size_t(kLayout.iVictories), "the team's launch switches");
	k.skipInts(kRoutes, "the team's route changes");
	const std::vector<int> aiProjects = k.ints(kProjects, "the team's project counts");
	k.skipInts(kProjects, "the team's project art");
	const size_t iAt = k.pos();
	for (int iCount : aiProjects)
	{
		if (iCount < 0 || iCount > 1000) k.moddedAt(iAt, "a project count is " + std::to_string(iCount));
		k.skipInts(size_t(iCount), "the team's project art choices");
	}
	k.skipInts(kProjects + kUnitClasses + kBuildingClasses + size_t(kLayout.iBuildings) + 2 * kTechs + kTerrains
			+ size_t(kLayout.iVictories),
		"the team's per-type tables");
	putFlags(k, r, "m_pabHasTech", kTechs, "the team's techs");
	k.skipFlags(kTechs, "the team's untradeable techs");
	k.skipInts(size_t(kImprovements) * kYields, "the team's improvement yields");
	skipIntRecords(k, 1, "the team's revealed bonuses");
	k.ignoredFlag("the team AI's format flag");
	k.skipInts(11 * kSlots + 1, "the team AI's tables");
}

void skipEventTriggered(Cursor& k)
{
	k.skipInts(13, "a triggered event");
	k.skipWideString("a triggered event's text");
	k.skipWideString("a triggered event's text");
}

void readCity(Cursor& k, const Layout& kLayout, FlatRecord& r)
{
	k.ignoredFlag("a city's format flag");
	const std::vector<int> ai = k.ints(87, "a city's counters");
	r.put("m_iID", ai[0]);
	r.put("m_iX", ai[1]);
	r.put("m_iY", ai[2]);
	k.skipFlags(9, "a city's switches");
	r.put("m_eOwner", k.i32("a city's owner"));
	k.skipInts(3, "a city's previous owners and culture level");
	k.skipInts(9 * kYields + 8 * kCommerces + 2 * kDomains + 2 * kSlots, "a city's yield and commerce tables");
	k.skipFlags(3 * kSlots, "a city's owned, trade and revealed switches");
	putFlags(k, r, "m_abEspionageVisibility", kSlots, "a city's espionage sight switches");
	k.skipWideString("a city's name");
	k.skipString("a city's script data");
	k.skipInts(4 * kBonuses + kProjects + 4 * size_t(kLayout.iBuildings) + 4 * kUnitTypes + 4 * kSpecialists
			+ kImprovements + 2 * kReligions + kUnitCombats + kPromotions + 2 * size_t(kLayout.iBuildings),
		"a city's per-type tables");
	k.skipFlags(kCityPlots + kReligions + kCorporations, "a city's worked plots, religions and corporations");
	k.skipInts(2 * kTradeRouteSlots, "a city's trade partners");
	skipRawList(k, 16, "a city's build queue");
	k.skipInts(1, "a city's population rank");
	k.flag("a city's rank switch");
	k.skipInts(kYields, "a city's yield ranks");
	k.skipFlags(kYields, "a city's rank switches");
	k.skipInts(kYields, "a city's yield ranks");
	k.skipFlags(kYields, "a city's rank switches");
	k.skipInts(kCommerces, "a city's commerce ranks");
	k.skipFlags(kCommerces, "a city's rank switches");
	skipIntRecords(k, 1, "a city's events");
	skipIntRecords(k, 3, "a city's building yield changes");
	skipIntRecords(k, 3, "a city's building commerce changes");
	skipIntRecords(k, 2, "a city's building happiness changes");
	skipIntRecords(k, 2, "a city's building health changes");
	k.ignoredFlag("a city AI's format flag");
	k.skipInts(2, "a city AI's counters");
	k.skipFlags(2, "a city AI's switches");
	k.skipInts(2 + kYields + kCommerces, "a city AI's route and emphasis");
	k.flag("a city AI's culture switch");
	k.skipInts(2 * kCityPlots, "a city AI's best builds");
	k.skipFlags(kEmphases, "a city AI's emphases");
	k.skipInts(kYields + 2 + kSlots + 4, "a city AI's caches");
}

void readUnit(Cursor& k, FlatRecord& r)
{
	k.expect("a unit's format flag", 2);
	const std::vector<int> ai = k.ints(57, "a unit's counters");
	r.put("m_iID", ai[0]);
	r.put("m_iX", ai[3]);
	r.put("m_iY", ai[4]);
	r.put("m_iReconX", ai[6]);
	r.put("m_iReconY", ai[7]);
	r.put("m_eFacingDirection", ai[55]);
	k.skipFlags(7, "a unit's switches");
	r.put("m_eOwner", k.i32("a unit's owner"));
	k.index("a unit's capturing player", -1, kSlots);
	r.put("m_eUnitType", k.index("a unit's type", 0, kUnitTypes));
	k.index("a unit's leader type", -1, kUnitTypes);
	k.skipInts(4, "a unit's combat and transport partners");
	k.skipInts(kDomains, "a unit's domain modifiers");
	k.skipWideString("a unit's name");
	k.skipString("a unit's script data");
	putFlags(k, r, "m_pabHasPromotion", kPromotions, "a unit's promotions");
	k.skipInts(3 * kTerrains + 3 * kFeatures + kUnitCombats, "a unit's terrain, feature and combat tables");
	k.ignoredFlag("a unit AI's format flag");
	k.skipInts(3, "a unit AI's birthmark, role and automation turn");
}

void skipSelectionGroup(Cursor& k)
{
	k.ignoredFlag("a unit group's format flag");
	k.skipInts(2, "a unit group's id and mission timer");
	k.flag("a unit group's update switch");
	k.skipInts(3, "a unit group's owner, activity and automation");
	skipRawList(k, 8, "a unit group's units");
	skipRawList(k, 20, "a unit group's missions");
	k.ignoredFlag("a unit group AI's format flag");
	k.skipInts(2, "a unit group AI's mission plot");
	k.flag("a unit group AI's separate switch");
	k.skipInts(3, "a unit group AI's mission and unit");
	k.flag("a unit group AI's attack switch");
	k.skipInts(2, "a unit group AI's attack plot");
}

void skipVariable(Cursor& k)
{
	const int eType = k.index("a diplomacy argument's type", 0, 11);
	if (eType == 9)
		k.skipString("a diplomacy argument");
	else if (eType == 10)
		k.skipWideString("a diplomacy argument");
	else
		k.skip(8, "a diplomacy argument");
}

void readPlayer(Cursor& k, int ePlayer, const Layout& kLayout, FlatRecord& r)
{
	const std::string sSection = "inflated game data: player " + std::to_string(ePlayer);
	k.setSection(sSection);
	r.szClass = "CvPlayerAI";
	k.expect("the player's format flag", 1);
	k.skipInts(92, "the player's counters");
	r.put("m_bAlive", k.flag("the player's alive switch") ? 1 : 0);
	k.skipFlags(8, "the player's switches");
	k.expect("the player's id", ePlayer);
	r.put("m_eID", ePlayer);
	k.skipInts(4, "the player's personality, era, religion and parent");
	k.skipInts(5 * kYields + 8 * kCommerces + 2 * kSlots, "the player's yield and commerce tables");
	k.skipFlags(kFeats + kPlayerOptions, "the player's feats and options");
	k.skipString("the player's script data");
	k.skipInts(2 * kBonuses + kImprovements + 3 * size_t(kLayout.iBuildings) + kFeatures + 2 * kUnitClasses
			+ 2 * kBuildingClasses + kHurries + kSpecialBuildings + 2 * kCivicOptions + kReligions + kCorporations
			+ kUpkeeps + kSpecialists,
		"the player's per-type tables");
	k.skipFlags(kTechs + kVoteSources, "the player's research and loyalty switches");
	k.skipInts(kCivicOptions + kYields * (kSpecialists + kImprovements), "the player's civics and yield tables");
	skipRawList(k, 4, "the player's group cycle");
	skipRawList(k, 4, "the player's research queue");
	skipWideStringList(k, "the player's city names");

	int iCount = readListHeader(k, "plot groups");
	for (int i = 0; i < iCount; ++i)
	{
		k.ignoredFlag("a plot group's format flag");
		k.skipInts(2, "a plot group's id and owner");
		k.skipInts(kBonuses, "a plot group's bonuses");
		skipRawList(k, 8, "a plot group's plots");
	}

	iCount = readListHeader(k, "cities");
	for (int i = 0; i < iCount; ++i)
	{
		k.setSection(sSection + ", city " + std::to_string(i));
		readCity(k, kLayout, r.child("m_cities", "CvCityAI"));
	}
	k.setSection(sSection);

	iCount = readListHeader(k, "units");
	for (int i = 0; i < iCount; ++i)
	{
		k.setSection(sSection + ", unit " + std::to_string(i));
		readUnit(k, r.child("m_units", "CvUnitAI"));
	}
	k.setSection(sSection);

	iCount = readListHeader(k, "unit groups");
	for (int i = 0; i < iCount; ++i) skipSelectionGroup(k);
	iCount = readListHeader(k, "triggered events");
	for (int i = 0; i < iCount; ++i) skipEventTriggered(k);

	iCount = k.count("the player's messages", 1 << 20);
	for (int i = 0; i < iCount; ++i)
	{
		k.skipWideString("a message's text");
		k.skipString("a message's sound");
		k.skipString("a message's icon");
		k.skipInts(4, "a message's length, colour and plot");
		k.skipFlags(2, "a message's arrows");
		k.skipInts(4, "a message's turn, type, sender and target");
		k.flag("a message's shown switch");
	}
	iCount = k.count("the player's popups", 1 << 20);
	for (int i = 0; i < iCount; ++i)
	{
		k.skipInts(4, "a popup's data");
		k.skipFlags(2, "a popup's options");
		k.skipInts(1, "a popup's type");
		k.skipWideString("a popup's text");
		for (int j = 0; j < 3; ++j) k.skipString("a popup's callbacks");
		const int iButtons = k.count("a popup's buttons", 1 << 16);
		for (int j = 0; j < iButtons; ++j)
		{
			k.skipWideString("a popup button's text");
			k.skipString("a popup button's art");
		}
	}
	iCount = k.count("the player's diplomacy queue", 1 << 16);
	for (int i = 0; i < iCount; ++i)
	{
		k.ignoredFlag("a diplomacy entry's format flag");
		k.skipInts(2, "a diplomacy entry's partner and comment");
		skipTradeList(k);
		skipTradeList(k);
		k.skipFlags(2, "a diplomacy entry's switches");
		k.skipInts(1, "a diplomacy entry's data");
		k.skipFlags(3, "a diplomacy entry's switches");
		k.skipWideString("a diplomacy entry's chat text");
		const int iArgs = k.count("a diplomacy entry's arguments", 1 << 16);
		for (int j = 0; j < iArgs; ++j) skipVariable(k);
	}
	for (int i = 0; i < 7; ++i) skipIntRecords(k, 2, "the player's history");
	for (int i = 0; i < 2; ++i)
	{
		const int iEvents = k.count("the player's event map", 1 << 20);
		for (int j = 0; j < iEvents; ++j)
		{
			k.skipInts(1, "an event");
			skipEventTriggered(k);
		}
	}
	skipIntRecords(k, 2, "the player's free promotions by combat type");
	skipIntRecords(k, 2, "the player's free promotions by unit class");
	skipIntRecords(k, 2, "the player's votes");
	skipIntRecords(k, 2, "the player's unit extra costs");
	skipIntRecords(k, 1, "the player's fired triggers");
	k.skipInts(2, "the player's rush count and inflation");

	k.ignoredFlag("the player AI's format flag");
	k.skipInts(10 + kYields + 2 * kCommerces + 3 + 2 * kUnitAITypes + 8 * kSlots, "the player AI's tables");
	k.skipFlags(kSlots, "the player AI's first contacts");
	k.skipInts(kSlots * (kContactTypes + kMemoryTypes), "the player AI's contact timers and memories");
	k.flag("the player AI's money switch");
	k.skipInts(1, "the player AI's production turn");
	skipIntRecords(k, 1, "the player AI's city sites");
	k.skipInts(kBonuses + kUnitClasses + kUnitCombats + kSlots, "the player AI's weights");
}
} // namespace

BtsSetUp savereader::readBtsSetUp(const unsigned char* pBlock, size_t iSize, size_t iStart, const std::string& sFile)
{
	Cursor kBlock(pBlock, iSize, sFile, iStart);
	kBlock.setSection("header: game set-up block");
	SetUp kSetUp;
	if (!readSetUp(kBlock, kSlots, kSetUp))
	{
		int iOther = 0;
		for (int iSlots = 2; iSlots <= 128 && iOther == 0; ++iSlots)
		{
			if (iSlots == kSlots) continue;
			Cursor kTry(pBlock, iSize, sFile, iStart);
			SetUp kIgnored;
			if (readSetUp(kTry, iSlots, kIgnored)) iOther = iSlots;
		}
		if (iOther != 0)
			kBlock.moddedAt(0,
				"the set-up block holds " + std::to_string(iOther)
					+ " player slots (BTS 3.19 has 19: a DLL with another MAX_PLAYERS)");
		kBlock.moddedAt(0,
			"the set-up block (" + std::to_string(iSize)
				+ " bytes) does not have the BTS 3.19 layout for 19 player slots");
	}
	BtsSetUp kOut;
	kOut.iVictories = kSetUp.iVictories;
	kOut.kInit.szClass = "CvInitCore";
	std::copy(kSetUp.aeTeam.begin(), kSetUp.aeTeam.end(), kOut.kInit.add("m_aeTeam", kSetUp.aeTeam.size()));
	playerTeams(kBlock, kOut.kInit, kSlots, kSlots);
	return kOut;
}

void savereader::readBtsData(const BtsSetUp& kSetUp, const std::vector<unsigned char>& aData, SaveGame& kSave)
{
	Cursor k(aData.data(), aData.size(), kSave.sPath);
	k.setModdedNote(" (or the compressed data is damaged)");
	Layout kLayout;
	kLayout.iVictories = kSetUp.iVictories;
	skipGame(k);
	findBuildingCount(k, kLayout);

	RecordCounts n;
	n.iPlayers = kSlots;
	n.iTeams = kSlots;
	n.iInvisible = kInvisibleTypes;
	n.iTechs = kTechs;
	n.iUnitTypes = kUnitTypes;
	n.iPromotions = kPromotions;
	RecordMapper kWorld(k, n, kSave);
	kWorld.init(kSetUp.kInit);
	{
		FlatRecord kMap; // the header's members: the plots are mapped one by one
		kMap.szClass = "CvMap";
		k.setSection("inflated game data: map header");
		k.expect("the map's format flag", 0);
		const size_t iAt = k.pos();
		const int iWidth = k.i32("the map width");
		const int iHeight = k.i32("the map height");
		if (iWidth <= 0 || iHeight <= 0)
			k.moddedAt(iAt, "the map is " + std::to_string(iWidth) + " x " + std::to_string(iHeight));
		if (!cvVisionMapSizeOk(iWidth, iHeight)) k.failAt(iAt, VisionWorld::sizeProblem(iWidth, iHeight, 1, 0));
		kMap.put("m_iGridWidth", iWidth);
		kMap.put("m_iGridHeight", iHeight);
		k.skipInts(5, "the map's counters");
		kMap.put("m_bWrapX", k.flag("the map's x wrap") ? 1 : 0);
		kMap.put("m_bWrapY", k.flag("the map's y wrap") ? 1 : 0);
		k.skipInts(2 * kBonuses, "the map's bonus counts");
		kWorld.mapHeader(kMap);
	}

	// The records are read one by one (no up-front allocation from the header's claim), so damaged
	// data fails at the record where it ends.
	const int iPlots = kSave.iWidth * kSave.iHeight;
	const size_t iMinPlotBytes = 4 + 4 + 4 + 12 + 4 + 6 + 6 + 1 + 12 + 2 + 24 + 6 + 12 + 4 + 4 + 1 + 1 + 4;
	kSave.aPlots.reserve(std::min(size_t(iPlots), k.left() / iMinPlotBytes + 1));
	FlatRecord kPlot; // one record for every plot, its buffers kept
	for (int i = 0; i < iPlots; ++i)
	{
		kPlot.aMembers.clear();
		kPlot.aValues.clear();
		kPlot.aChildren.clear();
		readPlot(k, i, kSave.iWidth, kPlot);
		kWorld.plot(kPlot);
	}

	k.setSection("inflated game data: areas");
	const int iAreas = readListHeader(k, "areas");
	for (int i = 0; i < iAreas; ++i) skipArea(k);

	for (int t = 0; t < kSlots; ++t)
	{
		FlatRecord kTeam;
		readTeam(k, t, kLayout, kTeam);
		kWorld.team(t, kTeam);
	}
	for (int p = 0; p < kSlots; ++p)
	{
		FlatRecord kPlayer;
		readPlayer(k, p, kLayout, kPlayer);
		kWorld.player(p, kPlayer);
	}
	kWorld.finish();
}

} // namespace cvv
