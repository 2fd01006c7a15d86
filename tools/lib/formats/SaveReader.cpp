// Reader for Beyond the Sword 3.19 saved games; see SaveReader.h for what it reads and refuses.
//
// File layout (little-endian throughout):
//   i32 save version (302), the header strings (mod name, mod MD5, a checksum word, the Lock
//   Modified Assets text and four MD5s; each string is an i32 length and its characters), i32 size of the game set-up block, the set-up block itself (game options, then per player slot:
//   names, civilization, leader, team, ...), i32 (purpose unknown, 0 in the saves seen),
//   then compressed chunks (u32 length + bytes) up to a zero length, then a tail (checksum).
// The chunk bytes together form one zlib stream, flushed but not always finished; inflated it holds
// the game, the map (header, plots, areas), the 19 teams and the 19 players, then data the reader
// does not need.
#include "formats/SaveReader.h"
#include "formats/SaveLayout.h"
#include "formats/TaggedLayout.h"
#include "model/VisionWorld.h"

#include <zlib.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <sstream>

namespace cvv {

namespace fs = std::filesystem;

namespace {

// ---------------------------------------------------------------------------------------------
// The fixed dimensions of unmodified BTS 3.19: the DLL's constants and the rule counts of the
// shipped XML. Every one of them shapes the layout, so a save that disagrees cannot be read.
// ---------------------------------------------------------------------------------------------
const int kSaveVersion = 302;
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

const int kNoCoord = -2147483647; // the game's "no plot" coordinate

const char* const kModded = "not an unmodified BTS 3.19 save: ";

const size_t kMaxInflated = size_t(1) << 30;

// ---------------------------------------------------------------------------------------------
// Bounds-checked cursor over a byte buffer. Every failure throws a SaveError that names the file,
// the offset and the section being read.
// ---------------------------------------------------------------------------------------------
class Cursor
{
public:
	Cursor(const unsigned char* pData, size_t iSize, const std::string& sFile, size_t iBase = 0)
		: m_pData(pData), m_iSize(iSize), m_sFile(sFile), m_iBase(iBase)
	{}

	size_t pos() const { return m_iPos; }
	size_t left() const { return m_iSize - m_iPos; }
	void seek(size_t iPos) { m_iPos = iPos; }
	void setSection(const std::string& s) { m_sSection = s; }
	const unsigned char* data() const { return m_pData; }

	[[noreturn]] void fail(const std::string& sWhat) const { failAt(m_iPos, sWhat); }
	[[noreturn]] void failAt(size_t iPos, const std::string& sWhat) const
	{
		std::ostringstream k;
		k << m_sFile << ": offset " << (m_iBase + iPos) << " (" << m_sSection << "): " << sWhat;
		throw SaveError(k.str());
	}
	[[noreturn]] void modded(const std::string& sWhat) const { moddedAt(m_iPos, sWhat); }
	[[noreturn]] void moddedAt(size_t iPos, const std::string& sWhat) const
	{
		failAt(iPos, m_sModdedPrefix + sWhat + m_sModdedNote);
	}
	// With a layout derived from a tree, a mismatch is not "not unmodified BTS" but "not that layout".
	void setModdedPrefix(const std::string& s) { m_sModdedPrefix = s; }
	// Inside the inflated data a layout mismatch can also come from damaged bytes that still inflate.
	void setModdedNote(const std::string& s) { m_sModdedNote = s; }

	void need(size_t iBytes, const char* szWhat) const
	{
		if (iBytes > left())
		{
			std::ostringstream k;
			k << "the data ends inside " << szWhat << " (" << iBytes << " bytes needed, " << left() << " left)";
			fail(k.str());
		}
	}

	// need(n * iEach) without overflow
	void needItems(size_t iCount, size_t iEach, const char* szWhat) const
	{
		if (iEach != 0 && iCount > left() / iEach)
		{
			std::ostringstream k;
			k << "the data ends inside " << szWhat << " (" << iCount << " items of " << iEach << " bytes, " << left()
			  << " bytes left)";
			fail(k.str());
		}
	}

	int32_t i32(const char* szWhat)
	{
		need(4, szWhat);
		const unsigned char* p = m_pData + m_iPos;
		m_iPos += 4;
		return static_cast<int32_t>(
			uint32_t(p[0]) | (uint32_t(p[1]) << 8) | (uint32_t(p[2]) << 16) | (uint32_t(p[3]) << 24));
	}
	uint32_t u32(const char* szWhat) { return static_cast<uint32_t>(i32(szWhat)); }
	int16_t i16(const char* szWhat)
	{
		need(2, szWhat);
		const unsigned char* p = m_pData + m_iPos;
		m_iPos += 2;
		return static_cast<int16_t>(uint16_t(p[0]) | (uint16_t(p[1]) << 8));
	}
	int8_t i8(const char* szWhat)
	{
		need(1, szWhat);
		return static_cast<int8_t>(m_pData[m_iPos++]);
	}
	// A one-byte bool; the game only ever writes 0 or 1.
	bool flag(const char* szWhat)
	{
		need(1, szWhat);
		const unsigned char c = m_pData[m_iPos];
		if (c > 1)
		{
			std::ostringstream k;
			k << szWhat << " holds " << int(c) << " where a true/false byte (0 or 1) belongs";
			modded(k.str());
		}
		++m_iPos;
		return c != 0;
	}
	void skip(size_t iBytes, const char* szWhat)
	{
		need(iBytes, szWhat);
		m_iPos += iBytes;
	}
	void skipInts(size_t iCount, const char* szWhat)
	{
		needItems(iCount, 4, szWhat);
		m_iPos += 4 * iCount;
	}
	void skipFlags(size_t iCount, const char* szWhat)
	{
		needItems(iCount, 1, szWhat);
		for (size_t i = 0; i < iCount; ++i) flag(szWhat);
	}
	std::vector<int> ints(size_t iCount, const char* szWhat)
	{
		needItems(iCount, 4, szWhat);
		std::vector<int> a(iCount);
		for (size_t i = 0; i < iCount; ++i) a[i] = i32(szWhat);
		return a;
	}

	// An i32 count that must lie in [0, iMax].
	int count(const char* szWhat, int iMax)
	{
		const size_t iAt = m_iPos;
		const int32_t i = i32(szWhat);
		if (i < 0 || i > iMax)
		{
			std::ostringstream k;
			k << szWhat << " is " << i << " (expected 0.." << iMax << ")";
			moddedAt(iAt, k.str());
		}
		return i;
	}
	// An i32 that must equal iExpected.
	void expect(const char* szWhat, int32_t iExpected)
	{
		const size_t iAt = m_iPos;
		const int32_t i = i32(szWhat);
		if (i != iExpected)
		{
			std::ostringstream k;
			k << szWhat << " is " << i << " (BTS 3.19 writes " << iExpected << ")";
			moddedAt(iAt, k.str());
		}
	}
	// A format flag ("flag for expansion") that the game's read() takes and ignores. 3.19 writes 0
	// (or 1), but real saves carry other values there (every team of one unmodified BTS 3.19 save holds
	// 0xfa17cec1), and the game loads them; so only flags the game branches on are checked.
	void ignoredFlag(const char* szWhat) { skipInts(1, szWhat); }
	// An i32 index in [iMin, iMax).
	int index(const char* szWhat, int iMin, int iMax)
	{
		const size_t iAt = m_iPos;
		const int32_t i = i32(szWhat);
		if (i < iMin || i >= iMax)
		{
			std::ostringstream k;
			k << szWhat << " is " << i << " (expected " << iMin << ".." << (iMax - 1) << ")";
			moddedAt(iAt, k.str());
		}
		return i;
	}

	// A narrow string of at most iMax characters; the header's strings are plain ASCII text.
	std::string string(const char* szWhat, int iMax)
	{
		const size_t iAt = m_iPos;
		const int32_t iLen = i32(szWhat);
		if (iLen < 0 || iLen > iMax || size_t(iLen) > left())
		{
			std::ostringstream k;
			k << szWhat << ": a string of " << iLen << " characters with " << left() << " bytes left";
			failAt(iAt, k.str());
		}
		std::string s(reinterpret_cast<const char*>(m_pData + m_iPos), size_t(iLen));
		for (char c : s)
			if (static_cast<unsigned char>(c) < 0x20 && c != '\t')
				failAt(iAt, std::string(szWhat) + " holds a control character: not a text");
		m_iPos += size_t(iLen);
		return s;
	}
	// An MD5 as the game writes it: a string, empty or 32 hexadecimal digits.
	std::string md5(const char* szWhat)
	{
		const size_t iAt = m_iPos;
		std::string s = string(szWhat, 1024);
		bool bHex = s.size() == 32;
		for (char c : s) bHex = bHex && std::isxdigit(static_cast<unsigned char>(c));
		if (!s.empty() && !bHex)
			failAt(iAt, std::string(szWhat) + " is '" + s + "' (an MD5 is empty or 32 hexadecimal digits)");
		return s;
	}

	// Length-prefixed strings: i32 character count, then 1 (narrow) or 2 (wide) bytes a character.
	void skipString(const char* szWhat) { skipText(szWhat, 1); }
	void skipWideString(const char* szWhat) { skipText(szWhat, 2); }

private:
	void skipText(const char* szWhat, size_t iCharSize)
	{
		const size_t iAt = m_iPos;
		const int32_t iLen = i32(szWhat);
		if (iLen < 0 || size_t(iLen) > left() / iCharSize)
		{
			std::ostringstream k;
			k << szWhat << ": a string of " << iLen << " characters with " << left() << " bytes left";
			failAt(iAt, k.str());
		}
		m_iPos += size_t(iLen) * iCharSize;
	}

	const unsigned char* m_pData;
	size_t m_iSize;
	size_t m_iPos = 0;
	std::string m_sFile;
	size_t m_iBase;
	std::string m_sSection;
	std::string m_sModdedNote;
	std::string m_sModdedPrefix = kModded;
};

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
// Compressed stream
// ---------------------------------------------------------------------------------------------
std::vector<unsigned char> inflateAll(const std::vector<unsigned char>& aIn, Cursor& kFile, size_t iStreamStart)
{
	z_stream z;
	std::memset(&z, 0, sizeof(z));
	if (inflateInit(&z) != Z_OK) kFile.failAt(iStreamStart, "zlib could not start");

	// The output grows without being zeroed first (zlib writes it): zero-filling eight times the
	// compressed size cost more than inflating.
	size_t iCapacity = std::min(std::max<size_t>(aIn.size() * 8, 1 << 16), kMaxInflated);
	std::unique_ptr<unsigned char[]> pOut(new unsigned char[iCapacity]);
	z.next_in = const_cast<Bytef*>(aIn.data());
	z.avail_in = static_cast<uInt>(aIn.size());
	size_t iOut = 0;
	int iRet = Z_OK;
	for (;;)
	{
		if (iOut == iCapacity)
		{
			if (iCapacity >= kMaxInflated)
			{
				inflateEnd(&z);
				kFile.failAt(iStreamStart, "the compressed stream inflates to more than 1 GiB");
			}
			iCapacity = std::min(iCapacity * 2, kMaxInflated);
			std::unique_ptr<unsigned char[]> pLarger(new unsigned char[iCapacity]);
			std::memcpy(pLarger.get(), pOut.get(), iOut);
			pOut = std::move(pLarger);
		}
		z.next_out = pOut.get() + iOut;
		z.avail_out = static_cast<uInt>(iCapacity - iOut);
		iRet = inflate(&z, Z_SYNC_FLUSH);
		iOut = iCapacity - z.avail_out;
		if (iRet == Z_STREAM_END) break;
		if (iRet == Z_OK) continue;
		if (iRet == Z_BUF_ERROR && z.avail_in == 0)
			break; // all input used: the game flushes the stream without finishing it
		if (iRet == Z_BUF_ERROR && z.avail_out == 0) continue;
		std::string sMsg = z.msg ? z.msg : "unknown error";
		inflateEnd(&z);
		kFile.failAt(iStreamStart, "the compressed stream is corrupt (zlib: " + sMsg + ")");
	}
	const uInt iUnused = z.avail_in;
	inflateEnd(&z);
	if (iRet == Z_STREAM_END && iUnused != 0)
	{
		std::ostringstream k;
		k << "the compressed stream ends " << iUnused << " bytes before the chunk data does";
		kFile.failAt(iStreamStart, k.str());
	}
	return std::vector<unsigned char>(pOut.get(), pOut.get() + iOut);
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

// Reads an i8-counted per-team or per-player array that the game writes only when allocated:
// the count is 19 or 0.
template <typename T>
std::vector<int> plotArray(Cursor& k, const char* szWhat, int iExpected, int iFill)
{
	const size_t iAt = k.pos();
	const int iCount = k.i8(szWhat);
	checkCountOrZero(k, iAt, szWhat, iCount, iExpected);
	std::vector<int> a(size_t(iExpected), iFill);
	for (int i = 0; i < iCount; ++i)
	{
		if (sizeof(T) == 4)
			a[size_t(i)] = k.i32(szWhat);
		else if (sizeof(T) == 2)
			a[size_t(i)] = k.i16(szWhat);
		else
			a[size_t(i)] = k.i8(szWhat);
	}
	return a;
}

void checkRange(Cursor& k, size_t iAt, const char* szWhat, int iValue, int iMin, int iMax)
{
	if (iValue < iMin || iValue >= iMax)
	{
		std::ostringstream o;
		o << szWhat << " is " << iValue << " (expected " << iMin << ".." << (iMax - 1) << ")";
		k.moddedAt(iAt, o.str());
	}
}

void checkRangeAll(Cursor& k, size_t iAt, const char* szWhat, const std::vector<int>& a, int iMin, int iMax)
{
	for (size_t i = 0; i < a.size(); ++i)
		if (a[i] < iMin || a[i] >= iMax)
		{
			std::ostringstream o;
			o << szWhat << " [" << i << "] is " << a[i] << " (expected " << iMin << ".." << (iMax - 1) << ")";
			k.moddedAt(iAt, o.str());
		}
}

struct PlotCityRef
{
	int eOwner = -1;
	int iId = -1;
};

// One plot record (docs/file-formats.md, section 3, fields 1..28).
void readPlot(Cursor& k, int iIndex, int iWidth, SavePlot& kPlot, PlotCityRef& kCity)
{
	const int iWantX = iIndex % iWidth;
	const int iWantY = iIndex / iWidth;
	{
		std::ostringstream o;
		o << "inflated game data: plot record " << iIndex << " (x=" << iWantX << ", y=" << iWantY << ")";
		k.setSection(o.str());
	}
	k.expect("the plot's format flag", 0);
	const size_t iXYAt = k.pos();
	const int iX = k.i16("the plot's x");
	const int iY = k.i16("the plot's y");
	if (iX != iWantX || iY != iWantY)
	{
		std::ostringstream o;
		o << "x/y not in lock-step: record " << iIndex << " should be (" << iWantX << "," << iWantY << ") but holds ("
		  << iX << "," << iY << ")";
		k.moddedAt(iXYAt, o.str());
	}
	kPlot.iX = iX;
	kPlot.iY = iY;
	k.skipInts(1, "the plot's area");
	k.skip(6 * 2, "the plot's counters");
	k.skipInts(1, "the plot's river id");
	k.skip(3 * 2, "the plot's start distance, recon and river crossing counts");
	k.skipFlags(6, "the plot's switches");

	size_t iAt = k.pos();
	kPlot.eOwner = k.i8("the plot's owner");
	checkRange(k, iAt, "the plot's owner", kPlot.eOwner, -1, kSlots);

	iAt = k.pos();
	kPlot.ePlotType = k.i16("the plot type");
	checkRange(k, iAt, "the plot type", kPlot.ePlotType, 0, 4);
	iAt = k.pos();
	kPlot.eTerrain = k.i16("the terrain");
	checkRange(k, iAt, "the terrain", kPlot.eTerrain, 0, kTerrains);
	iAt = k.pos();
	kPlot.eFeature = k.i16("the feature");
	checkRange(k, iAt, "the feature", kPlot.eFeature, -1, kFeatures);
	iAt = k.pos();
	const int eBonus = k.i16("the bonus");
	checkRange(k, iAt, "the bonus", eBonus, -1, kBonuses);
	iAt = k.pos();
	kPlot.eImprovement = k.i16("the improvement");
	checkRange(k, iAt, "the improvement", kPlot.eImprovement, -1, kImprovements);
	iAt = k.pos();
	kPlot.eRoute = k.i16("the route");
	checkRange(k, iAt, "the route", kPlot.eRoute, -1, kRoutes);
	iAt = k.pos();
	const int eRiverNS = k.i8("the river direction");
	const int eRiverWE = k.i8("the river direction");
	checkRange(k, iAt, "the north-south river direction", eRiverNS, -1, 4);
	checkRange(k, iAt, "the west-east river direction", eRiverWE, -1, 4);

	iAt = k.pos();
	kCity.eOwner = k.i32("the plot's city owner");
	kCity.iId = k.i32("the plot's city id");
	checkRange(k, iAt, "the plot's city owner", kCity.eOwner, -1, kSlots);
	k.skipInts(4, "the plot's working city");
	k.skip(kYields * 2, "the plot's yields");

	plotArray<int32_t>(k, "the plot's culture per player array", kSlots, 0);
	plotArray<int16_t>(k, "the plot's found value per player array", kSlots, 0);
	plotArray<int8_t>(k, "the plot's city radius count per player array", kSlots, 0);
	plotArray<int32_t>(k, "the plot's plot group per player array", kSlots, -1);
	kPlot.aiVisibility = plotArray<int16_t>(k, "the plot's visibility count per team array", kSlots, 0);
	kPlot.aiStolenVisibility = plotArray<int16_t>(k, "the plot's stolen visibility count per team array", kSlots, 0);
	plotArray<int16_t>(k, "the plot's blockaded count per team array", kSlots, 0);
	iAt = k.pos();
	kPlot.aeRevealedOwner = plotArray<int8_t>(k, "the plot's revealed owner per team array", kSlots, -1);
	checkRangeAll(k, iAt, "a revealed owner", kPlot.aeRevealedOwner, -1, kSlots);
	plotArray<int8_t>(k, "the plot's river crossing per direction array", kDirections, 0);
	iAt = k.pos();
	const std::vector<int> aiRevealed = plotArray<int8_t>(k, "the plot's revealed per team array", kSlots, 0);
	checkRangeAll(k, iAt, "a revealed switch", aiRevealed, 0, 2);
	kPlot.abRevealed.assign(aiRevealed.begin(), aiRevealed.end());
	iAt = k.pos();
	kPlot.aeRevealedImprovement = plotArray<int16_t>(k, "the plot's revealed improvement per team array", kSlots, -1);
	checkRangeAll(k, iAt, "a revealed improvement", kPlot.aeRevealedImprovement, -1, kImprovements);
	iAt = k.pos();
	kPlot.aeRevealedRoute = plotArray<int16_t>(k, "the plot's revealed route per team array", kSlots, -1);
	checkRangeAll(k, iAt, "a revealed route", kPlot.aeRevealedRoute, -1, kRoutes);

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
	kPlot.aaiInvisibleVisibility.assign(size_t(kSlots), std::vector<int>(size_t(kInvisibleTypes), 0));
	for (int i = 0; i < iInvisibleTeams; ++i)
	{
		iAt = k.pos();
		const int iTypes = k.i32("the plot's invisible visibility count for a team");
		checkCountOrZero(k, iAt, "the plot's invisible visibility count for a team", iTypes, kInvisibleTypes);
		for (int j = 0; j < iTypes; ++j)
			kPlot.aaiInvisibleVisibility[size_t(i)][size_t(j)] = k.i16("the plot's invisible visibility count");
	}

	const int iUnits = k.count("the number of units on the plot", 1 << 16);
	kPlot.aUnits.reserve(size_t(iUnits));
	for (int i = 0; i < iUnits; ++i)
	{
		iAt = k.pos();
		const int eOwner = k.i32("a unit's owner on the plot");
		const int iId = k.i32("a unit's id on the plot");
		checkRange(k, iAt, "a listed unit's owner", eOwner, 0, kSlots);
		kPlot.aUnits.emplace_back(eOwner, iId);
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

void readTeam(Cursor& k, int eTeam, const Layout& kLayout, SaveTeam& kTeam)
{
	k.setSection("inflated game data: team " + std::to_string(eTeam));
	k.ignoredFlag("the team's format flag");
	k.skipInts(24, "the team's counters");
	k.skipFlags(2, "the team's switches");
	k.expect("the team's id", eTeam);
	k.skipInts(6 * kSlots, "the team's per-team counters");
	k.skipInts(kCommerces + kDomains + kVoteSources, "the team's commerce, move and vote tables");
	k.skipFlags(6 * kSlots, "the team's relations (met, war, peace, borders, pact, forced peace)");
	size_t iAt = k.pos();
	int iMasters = 0;
	for (int t = 0; t < kSlots; ++t)
		if (k.flag("the team's vassal switches"))
		{
			kTeam.eVassalOf = t;
			++iMasters;
		}
	if (iMasters > 1 || kTeam.eVassalOf == eTeam)
		k.moddedAt(iAt, "the team is marked the vassal of " + std::to_string(iMasters) + " teams (or of itself)");
	k.skipFlags(size_t(kLayout.iVictories), "the team's launch switches");
	k.skipInts(kRoutes, "the team's route changes");
	const std::vector<int> aiProjects = k.ints(kProjects, "the team's project counts");
	k.skipInts(kProjects, "the team's project art");
	iAt = k.pos();
	for (int iCount : aiProjects)
	{
		if (iCount < 0 || iCount > 1000) k.moddedAt(iAt, "a project count is " + std::to_string(iCount));
		k.skipInts(size_t(iCount), "the team's project art choices");
	}
	k.skipInts(kProjects + kUnitClasses + kBuildingClasses + size_t(kLayout.iBuildings) + 2 * kTechs + kTerrains
			+ size_t(kLayout.iVictories),
		"the team's per-type tables");
	kTeam.abHasTech.resize(kTechs);
	for (int i = 0; i < kTechs; ++i) kTeam.abHasTech[size_t(i)] = k.flag("the team's techs") ? 1 : 0;
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

void readCity(Cursor& k, int ePlayer, const Layout& kLayout, int iWidth, int iHeight, SaveCity& kCity)
{
	k.ignoredFlag("a city's format flag");
	size_t iAt = k.pos();
	const std::vector<int> ai = k.ints(87, "a city's counters");
	kCity.iId = ai[0];
	kCity.iX = ai[1];
	kCity.iY = ai[2];
	checkRange(k, iAt, "a city's x", kCity.iX, 0, iWidth);
	checkRange(k, iAt, "a city's y", kCity.iY, 0, iHeight);
	k.skipFlags(9, "a city's switches");
	iAt = k.pos();
	kCity.ePlayer = k.i32("a city's owner");
	if (kCity.ePlayer != ePlayer)
		k.moddedAt(
			iAt, "a city of player " + std::to_string(ePlayer) + " names owner " + std::to_string(kCity.ePlayer));
	k.skipInts(3, "a city's previous owners and culture level");
	k.skipInts(9 * kYields + 8 * kCommerces + 2 * kDomains + 2 * kSlots, "a city's yield and commerce tables");
	k.skipFlags(3 * kSlots, "a city's owned, trade and revealed switches");
	kCity.aiEspionageVisibility.resize(kSlots);
	for (int t = 0; t < kSlots; ++t)
		kCity.aiEspionageVisibility[size_t(t)] = k.flag("a city's espionage sight switches") ? 1 : 0;
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

void readUnit(Cursor& k, int ePlayer, int iWidth, int iHeight, SaveUnit& kUnit)
{
	k.expect("a unit's format flag", 2);
	size_t iAt = k.pos();
	const std::vector<int> ai = k.ints(57, "a unit's counters");
	kUnit.iId = ai[0];
	kUnit.iX = ai[3];
	kUnit.iY = ai[4];
	checkRange(k, iAt, "a unit's x", kUnit.iX, 0, iWidth);
	checkRange(k, iAt, "a unit's y", kUnit.iY, 0, iHeight);
	const int iReconX = ai[6];
	const int iReconY = ai[7];
	if (iReconX == kNoCoord || iReconY == kNoCoord)
	{
		if (iReconX != iReconY) k.moddedAt(iAt, "a unit's recon plot is half set");
	}
	else
	{
		checkRange(k, iAt, "a unit's recon x", iReconX, 0, iWidth);
		checkRange(k, iAt, "a unit's recon y", iReconY, 0, iHeight);
		kUnit.iReconX = iReconX;
		kUnit.iReconY = iReconY;
	}
	kUnit.eFacing = ai[55];
	checkRange(k, iAt, "a unit's facing", kUnit.eFacing, 0, kDirections);
	k.skipFlags(7, "a unit's switches");
	iAt = k.pos();
	kUnit.ePlayer = k.i32("a unit's owner");
	if (kUnit.ePlayer != ePlayer)
		k.moddedAt(
			iAt, "a unit of player " + std::to_string(ePlayer) + " names owner " + std::to_string(kUnit.ePlayer));
	k.index("a unit's capturing player", -1, kSlots);
	kUnit.eType = k.index("a unit's type", 0, kUnitTypes);
	k.index("a unit's leader type", -1, kUnitTypes);
	k.skipInts(4, "a unit's combat and transport partners");
	k.skipInts(kDomains, "a unit's domain modifiers");
	k.skipWideString("a unit's name");
	k.skipString("a unit's script data");
	for (int i = 0; i < kPromotions; ++i)
		if (k.flag("a unit's promotions")) kUnit.aePromotions.push_back(i);
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

void readPlayer(Cursor& k, int ePlayer, const Layout& kLayout, int iWidth, int iHeight, SavePlayer& kPlayer,
	std::vector<SaveUnit>& aUnits, std::vector<SaveCity>& aCities)
{
	const std::string sSection = "inflated game data: player " + std::to_string(ePlayer);
	k.setSection(sSection);
	k.expect("the player's format flag", 1);
	k.skipInts(92, "the player's counters");
	kPlayer.bAlive = k.flag("the player's alive switch");
	k.skipFlags(8, "the player's switches");
	k.expect("the player's id", ePlayer);
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
		SaveCity kCity;
		readCity(k, ePlayer, kLayout, iWidth, iHeight, kCity);
		aCities.push_back(std::move(kCity));
	}
	k.setSection(sSection);

	iCount = readListHeader(k, "units");
	for (int i = 0; i < iCount; ++i)
	{
		k.setSection(sSection + ", unit " + std::to_string(i));
		SaveUnit kUnit;
		readUnit(k, ePlayer, iWidth, iHeight, kUnit);
		aUnits.push_back(std::move(kUnit));
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

// The players' units and cities against the plots: every unit listed on the plot it stands on, once;
// every city named by its plot.
void crossCheck(Cursor& k, const SaveGame& kSave, const std::vector<PlotCityRef>& aPlotCities)
{
	k.setSection("inflated game data: units against plots");
	std::map<std::pair<int, int>, int> kListed; // (owner, id) -> plot index
	for (int i = 0; i < int(kSave.aPlots.size()); ++i)
		for (const auto& kRef : kSave.aPlots[size_t(i)].aUnits)
			if (!kListed.emplace(kRef, i).second)
				k.moddedAt(k.pos(),
					"unit " + std::to_string(kRef.second) + " of player " + std::to_string(kRef.first)
						+ " is listed on two plots");
	if (kListed.size() != kSave.aUnits.size())
		k.moddedAt(k.pos(),
			std::to_string(kSave.aUnits.size()) + " units in the player sections, " + std::to_string(kListed.size())
				+ " listed on the plots");
	for (const SaveUnit& kUnit : kSave.aUnits)
	{
		const auto it = kListed.find(std::make_pair(kUnit.ePlayer, kUnit.iId));
		if (it == kListed.end() || it->second != kUnit.iY * kSave.iWidth + kUnit.iX)
			k.moddedAt(k.pos(),
				"unit " + std::to_string(kUnit.iId) + " of player " + std::to_string(kUnit.ePlayer) + " at ("
					+ std::to_string(kUnit.iX) + "," + std::to_string(kUnit.iY) + ") is not listed on that plot");
	}
	for (const SaveCity& kCity : kSave.aCities)
	{
		const PlotCityRef& kRef = aPlotCities[size_t(kCity.iY * kSave.iWidth + kCity.iX)];
		if (kRef.eOwner != kCity.ePlayer || kRef.iId != kCity.iId)
			k.moddedAt(k.pos(),
				"city " + std::to_string(kCity.iId) + " of player " + std::to_string(kCity.ePlayer)
					+ " is not the city its plot (" + std::to_string(kCity.iX) + "," + std::to_string(kCity.iY)
					+ ") names");
	}
}


// ---------------------------------------------------------------------------------------------
// Reading with a layout derived from a CvGameCoreDLL tree (formats/SaveLayout.h)
// ---------------------------------------------------------------------------------------------

// The cursor as the layout's stream: every read is bounds-checked, and a failure names the code
// being followed.
class CursorStream : public LayoutStream
{
public:
	CursorStream(Cursor& k, const std::string& sSection) : m_k(k), m_sSection(sSection) {}
	const unsigned char* take(size_t iBytes, const std::string& sWhat) override
	{
		if (iBytes > m_k.left())
		{
			name();
			m_k.need(iBytes, sWhat.c_str());
		}
		const unsigned char* p = m_k.data() + m_k.pos();
		m_k.skip(iBytes, sWhat.c_str());
		return p;
	}
	size_t left() const override { return m_k.left(); }
	void setWhere(const LayoutWhere* pWhere) override { m_pWhere = pWhere; }
	[[noreturn]] void fail(const std::string& sWhat) override
	{
		name();
		m_k.modded(sWhat);
	}

private:
	void name() { m_k.setSection(m_sSection + (m_pWhere ? ", " + m_pWhere->where() : std::string())); }

	Cursor& m_k;
	std::string m_sSection;
	const LayoutWhere* m_pWhere = nullptr;
};

// BTS 3.19's counts (the shipped XML), by the tree's accessor: the fallback when no --assets
// folder holds the file.
int vanillaCount(const std::string& sAccessor)
{
	static const std::map<std::string, int> kCounts = {
		{ "getNumUnitInfos", kUnitTypes },
		{ "getNumUnitClassInfos", kUnitClasses },
		{ "getNumBuildingClassInfos", kBuildingClasses },
		{ "getNumBuildingInfos", kBuildingsVanilla },
		{ "getNumProjectInfos", kProjects },
		{ "getNumCivicInfos", kCivics },
		{ "getNumCivicOptionInfos", kCivicOptions },
		{ "getNumVoteInfos", kVotes },
		{ "getNumVoteSourceInfos", kVoteSources },
		{ "getNumReligionInfos", kReligions },
		{ "getNumCorporationInfos", kCorporations },
		{ "getNumSpecialUnitInfos", kSpecialUnits },
		{ "getNumSpecialBuildingInfos", kSpecialBuildings },
		{ "getNumBonusInfos", kBonuses },
		{ "getNumImprovementInfos", kImprovements },
		{ "getNumTechInfos", kTechs },
		{ "getNumTerrainInfos", kTerrains },
		{ "getNumFeatureInfos", kFeatures },
		{ "getNumRouteInfos", kRoutes },
		{ "getNumPromotionInfos", kPromotions },
		{ "getNumHurryInfos", kHurries },
		{ "getNumUpkeepInfos", kUpkeeps },
		{ "getNumSpecialistInfos", kSpecialists },
		{ "getNumUnitCombatInfos", kUnitCombats },
		{ "getNumEmphasizeInfos", kEmphases },
		{ "getNumBuildInfos", kBuilds },
		{ "getNumCultureLevelInfos", kCultureLevels },
		{ "getNumInvisibleInfos", kInvisibleTypes },
		{ "getNumVictoryInfos", 7 },
	};
	auto it = kCounts.find(sAccessor);
	return it == kCounts.end() ? -1 : it->second;
}

std::string lower(std::string s)
{
	for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
	return s;
}

// kFolder/sRelative with each part matched case-insensitively, as on Windows; empty if absent.
fs::path findCaseless(const fs::path& kFolder, const std::string& sRelative)
{
	fs::path kAt = kFolder;
	std::istringstream k(sRelative);
	std::string sPart;
	std::error_code kError;
	while (std::getline(k, sPart, '/'))
	{
		bool bFound = false;
		if (!fs::is_directory(kAt, kError)) return fs::path();
		for (const auto& kEntry : fs::directory_iterator(kAt, kError))
			if (lower(kEntry.path().filename().string()) == lower(sPart))
			{
				kAt = kEntry.path();
				bFound = true;
				break;
			}
		if (!bFound) return fs::path();
	}
	return kAt;
}

// The number of <sElement> entries of an info file.
int countElements(const fs::path& kFile, const std::string& sElement)
{
	std::ifstream kIn(kFile, std::ios::binary);
	std::ostringstream o;
	o << kIn.rdbuf();
	const std::string s = o.str();
	int iCount = 0;
	for (size_t i = s.find("<" + sElement); i != std::string::npos; i = s.find("<" + sElement, i + 1))
	{
		const char c = i + 1 + sElement.size() < s.size() ? s[i + 1 + sElement.size()] : 0;
		if (c == '>' || c == ' ' || c == '\t' || c == '\r' || c == '\n') ++iCount;
	}
	return iCount;
}

std::vector<long long> recordInts(const LayoutRecord& r, const std::string& sName, size_t iSize, long long iFill)
{
	std::vector<long long> a(iSize, iFill);
	if (const std::vector<long long>* p = r.values(sName))
		for (size_t i = 0; i < iSize && i < p->size(); ++i) a[i] = (*p)[i];
	return a;
}

long long recordInt(Cursor& k, const LayoutRecord& r, const std::string& sName)
{
	const std::vector<long long>* p = r.values(sName);
	if (!p || p->size() != 1)
		k.modded("the tree's " + r.sClass + "::read does not read the member " + sName + " the audit needs");
	return (*p)[0];
}

void readPlotRecord(Cursor& k, const LayoutRecord& r, int iIndex, int iWidth, int iTeams, int iPlayers, int iInvisible,
	SavePlot& kPlot, PlotCityRef& kCity)
{
	const int iWantX = iIndex % iWidth;
	const int iWantY = iIndex / iWidth;
	kPlot.iX = int(recordInt(k, r, "m_iX"));
	kPlot.iY = int(recordInt(k, r, "m_iY"));
	if (kPlot.iX != iWantX || kPlot.iY != iWantY)
	{
		std::ostringstream o;
		o << "x/y not in lock-step: record " << iIndex << " should be (" << iWantX << "," << iWantY << ") but holds ("
		  << kPlot.iX << "," << kPlot.iY << ")";
		k.modded(o.str());
	}
	kPlot.eOwner = int(recordInt(k, r, "m_eOwner"));
	kPlot.ePlotType = int(recordInt(k, r, "m_ePlotType"));
	kPlot.eTerrain = int(recordInt(k, r, "m_eTerrainType"));
	kPlot.eFeature = int(recordInt(k, r, "m_eFeatureType"));
	kPlot.eImprovement = int(recordInt(k, r, "m_eImprovementType"));
	kPlot.eRoute = int(recordInt(k, r, "m_eRouteType"));
	const size_t iAt = k.pos();
	checkRange(k, iAt, "the plot's owner", kPlot.eOwner, -1, iPlayers);
	checkRange(k, iAt, "the plot type", kPlot.ePlotType, 0, 4);
	kCity.eOwner = int(recordInt(k, r, "m_plotCity.eOwner"));
	kCity.iId = int(recordInt(k, r, "m_plotCity.iID"));
	checkRange(k, iAt, "the plot's city owner", kCity.eOwner, -1, iPlayers);
	auto ints = [&](const char* szName, long long iFill) {
		const std::vector<long long> a = recordInts(r, szName, size_t(iTeams), iFill);
		return std::vector<int>(a.begin(), a.end());
	};
	kPlot.aiVisibility = ints("m_aiVisibilityCount", 0);
	kPlot.aiStolenVisibility = ints("m_aiStolenVisibilityCount", 0);
	kPlot.aeRevealedOwner = ints("m_aiRevealedOwner", -1);
	checkRangeAll(k, iAt, "a revealed owner", kPlot.aeRevealedOwner, -1, iPlayers);
	const std::vector<int> aiRevealed = ints("m_abRevealed", 0);
	checkRangeAll(k, iAt, "a revealed switch", aiRevealed, 0, 2);
	kPlot.abRevealed.assign(aiRevealed.begin(), aiRevealed.end());
	kPlot.aeRevealedImprovement = ints("m_aeRevealedImprovementType", -1);
	kPlot.aeRevealedRoute = ints("m_aeRevealedRouteType", -1);
	kPlot.aaiInvisibleVisibility.assign(size_t(iTeams), std::vector<int>(size_t(iInvisible), 0));
	for (int t = 0; t < iTeams; ++t)
	{
		const std::vector<long long> a =
			recordInts(r, "m_apaiInvisibleVisibilityCount[" + std::to_string(t) + "]", size_t(iInvisible), 0);
		kPlot.aaiInvisibleVisibility[size_t(t)].assign(a.begin(), a.end());
	}
	for (const LayoutRecord* pUnit : r.objects("m_units"))
	{
		const int eOwner = int(recordInt(k, *pUnit, "eOwner"));
		checkRange(k, iAt, "a listed unit's owner", eOwner, 0, iPlayers);
		kPlot.aUnits.emplace_back(eOwner, int(recordInt(k, *pUnit, "iID")));
	}
}

void readCityRecord(Cursor& k, const LayoutRecord& r, int ePlayer, int iWidth, int iHeight, int iTeams, SaveCity& kCity)
{
	kCity.iId = int(recordInt(k, r, "m_iID"));
	kCity.iX = int(recordInt(k, r, "m_iX"));
	kCity.iY = int(recordInt(k, r, "m_iY"));
	const size_t iAt = k.pos();
	checkRange(k, iAt, "a city's x", kCity.iX, 0, iWidth);
	checkRange(k, iAt, "a city's y", kCity.iY, 0, iHeight);
	kCity.ePlayer = int(recordInt(k, r, "m_eOwner"));
	if (kCity.ePlayer != ePlayer)
		k.modded("a city of player " + std::to_string(ePlayer) + " names owner " + std::to_string(kCity.ePlayer));
	const std::vector<long long> a = recordInts(r, "m_abEspionageVisibility", size_t(iTeams), 0);
	for (long long v : a) kCity.aiEspionageVisibility.push_back(v ? 1 : 0);
}

void readUnitRecord(Cursor& k, const LayoutRecord& r, int ePlayer, int iWidth, int iHeight, int iPlayers,
	int iUnitTypes, int iPromotions, SaveUnit& kUnit)
{
	kUnit.iId = int(recordInt(k, r, "m_iID"));
	kUnit.iX = int(recordInt(k, r, "m_iX"));
	kUnit.iY = int(recordInt(k, r, "m_iY"));
	const size_t iAt = k.pos();
	checkRange(k, iAt, "a unit's x", kUnit.iX, 0, iWidth);
	checkRange(k, iAt, "a unit's y", kUnit.iY, 0, iHeight);
	const int iReconX = int(recordInt(k, r, "m_iReconX"));
	const int iReconY = int(recordInt(k, r, "m_iReconY"));
	if (iReconX == kNoCoord || iReconY == kNoCoord)
	{
		if (iReconX != iReconY) k.modded("a unit's recon plot is half set");
	}
	else
	{
		checkRange(k, iAt, "a unit's recon x", iReconX, 0, iWidth);
		checkRange(k, iAt, "a unit's recon y", iReconY, 0, iHeight);
		kUnit.iReconX = iReconX;
		kUnit.iReconY = iReconY;
	}
	kUnit.eFacing = int(recordInt(k, r, "m_eFacingDirection"));
	checkRange(k, iAt, "a unit's facing", kUnit.eFacing, 0, kDirections);
	kUnit.ePlayer = int(recordInt(k, r, "m_eOwner"));
	if (kUnit.ePlayer != ePlayer)
		k.modded("a unit of player " + std::to_string(ePlayer) + " names owner " + std::to_string(kUnit.ePlayer));
	(void)iPlayers;
	kUnit.eType = int(recordInt(k, r, "m_eUnitType"));
	checkRange(k, iAt, "a unit's type", kUnit.eType, 0, iUnitTypes);
	const std::vector<long long> a = recordInts(r, "m_pabHasPromotion", size_t(iPromotions), 0);
	for (size_t i = 0; i < a.size(); ++i)
		if (a[i]) kUnit.aePromotions.push_back(int(i));
}

// The set-up block and the inflated game data read by the tree's read() functions.
void readWithLayout(Cursor& kBlock, Cursor& k, const SaveLayout& kLayout, const LayoutCounts& fCounts, SaveGame& kSave)
{
	const int iPlayers = int(kLayout.constant("MAX_PLAYERS"));
	const int iTeams = int(kLayout.constant("MAX_TEAMS"));
	if (iPlayers <= 0 || iPlayers > 1024 || iTeams <= 0 || iTeams > 1024)
		throw LayoutError(kLayout.tree().string() + ": MAX_PLAYERS " + std::to_string(iPlayers) + ", MAX_TEAMS "
			+ std::to_string(iTeams) + ": not a game's slot counts");
	kSave.iMaxPlayers = iPlayers;
	kSave.iMaxTeams = iTeams;

	// a tagged save wrapper's state (formats/TaggedLayout.h), kept from one object's read to the next
	TaggedLayoutState kTagged;
	LayoutGlobals kInitGlobals;
	kInitGlobals.pTagged = &kTagged;
	// the set-up block: CvInitCore::read, which must take the block exactly
	std::vector<long long> aeTeam;
	LayoutRecord kInit;
	{
		CursorStream kStream(kBlock, "header: game set-up block");
		kLayout.read("CvInitCore", kStream, fCounts, kInit, kInitGlobals);
		if (kBlock.left() != 0)
			kBlock.modded("CvInitCore::read of " + kLayout.tree().string() + " leaves " + std::to_string(kBlock.left())
				+ " bytes of the set-up block unread");
		aeTeam = recordInts(kInit, "m_aeTeam", size_t(iPlayers), -2);
		for (int i = 0; i < iPlayers; ++i)
			if (aeTeam[size_t(i)] < -1 || aeTeam[size_t(i)] >= iTeams)
				kBlock.moddedAt(0, "player " + std::to_string(i) + " is on team " + std::to_string(aeTeam[size_t(i)]));
	}

	LayoutRecord kGame, kMap;
	{
		CursorStream kStream(k, "inflated game data: game");
		kLayout.read("CvGameAI", kStream, fCounts, kGame, LayoutGlobals{ nullptr, nullptr, &kInit, &kTagged });
	}
	{
		CursorStream kStream(k, "inflated game data: map");
		kLayout.read("CvMap", kStream, fCounts, kMap, LayoutGlobals{ &kGame, nullptr, &kInit, &kTagged });
	}
	k.setSection("inflated game data: map");
	const int iWidth = int(recordInt(k, kMap, "m_iGridWidth"));
	const int iHeight = int(recordInt(k, kMap, "m_iGridHeight"));
	if (iWidth <= 0 || iHeight <= 0) k.modded("the map is " + std::to_string(iWidth) + " x " + std::to_string(iHeight));
	if (!cvVisionMapSizeOk(iWidth, iHeight)) k.fail(VisionWorld::sizeProblem(iWidth, iHeight, 1, 0));
	kSave.iWidth = iWidth;
	kSave.iHeight = iHeight;
	kSave.bWrapX = recordInt(k, kMap, "m_bWrapX") != 0;
	kSave.bWrapY = recordInt(k, kMap, "m_bWrapY") != 0;
	const std::vector<const LayoutRecord*> aPlots = kMap.objects("m_pMapPlots");
	if (aPlots.size() != size_t(iWidth) * size_t(iHeight))
		k.modded(std::to_string(aPlots.size()) + " plot records for a " + std::to_string(iWidth) + " x "
			+ std::to_string(iHeight) + " map");
	const int iInvisible = fCounts("getNumInvisibleInfos");
	std::vector<PlotCityRef> aPlotCities(aPlots.size());
	kSave.aPlots.resize(aPlots.size());
	for (size_t i = 0; i < aPlots.size(); ++i)
	{
		k.setSection("inflated game data: plot record " + std::to_string(i));
		readPlotRecord(k, *aPlots[i], int(i), iWidth, iTeams, iPlayers, iInvisible, kSave.aPlots[i], aPlotCities[i]);
	}

	const LayoutGlobals kGlobals{ &kGame, &kMap, &kInit, &kTagged };
	const int iTechs = fCounts("getNumTechInfos");
	kSave.aTeams.resize(size_t(iTeams));
	for (int t = 0; t < iTeams; ++t)
	{
		LayoutRecord kTeam;
		CursorStream kStream(k, "inflated game data: team " + std::to_string(t));
		kLayout.read("CvTeamAI", kStream, fCounts, kTeam, kGlobals);
		const std::vector<long long> aTech = recordInts(kTeam, "m_pabHasTech", size_t(iTechs), 0);
		SaveTeam& kOut = kSave.aTeams[size_t(t)];
		for (long long v : aTech) kOut.abHasTech.push_back(v ? 1 : 0);
		const std::vector<long long> aVassal = recordInts(kTeam, "m_abVassal", size_t(iTeams), 0);
		int iMasters = 0;
		for (int u = 0; u < iTeams; ++u)
			if (aVassal[size_t(u)])
			{
				kOut.eVassalOf = u;
				++iMasters;
			}
		if (iMasters > 1 || kOut.eVassalOf == t)
			k.modded("team " + std::to_string(t) + " is marked the vassal of " + std::to_string(iMasters)
				+ " teams (or of itself)");
	}

	const int iUnitTypes = fCounts("getNumUnitInfos");
	const int iPromotions = fCounts("getNumPromotionInfos");
	kSave.aPlayers.resize(size_t(iPlayers));
	for (int p = 0; p < iPlayers; ++p)
	{
		LayoutRecord kPlayer;
		const std::string sSection = "inflated game data: player " + std::to_string(p);
		{
			CursorStream kStream(k, sSection);
			kLayout.read("CvPlayerAI", kStream, fCounts, kPlayer, kGlobals);
		}
		k.setSection(sSection);
		SavePlayer& kOut = kSave.aPlayers[size_t(p)];
		kOut.eTeam = int(aeTeam[size_t(p)]);
		kOut.bAlive = recordInt(k, kPlayer, "m_bAlive") != 0;
		if (recordInt(k, kPlayer, "m_eID") != p)
			k.modded("player " + std::to_string(p) + " names id " + std::to_string(recordInt(k, kPlayer, "m_eID")));
		for (const LayoutRecord* pCity : kPlayer.objects("m_cities"))
		{
			SaveCity kCity;
			readCityRecord(k, *pCity, p, iWidth, iHeight, iTeams, kCity);
			kSave.aCities.push_back(std::move(kCity));
		}
		for (const LayoutRecord* pUnit : kPlayer.objects("m_units"))
		{
			SaveUnit kUnit;
			readUnitRecord(k, *pUnit, p, iWidth, iHeight, iPlayers, iUnitTypes, iPromotions, kUnit);
			kSave.aUnits.push_back(std::move(kUnit));
		}
	}
	crossCheck(k, kSave, aPlotCities);
	kSave.bHasPlayerSections = true;
}

// Real saves are a few MB (a Gigantic late game: under 10 MB); reading stops past this, so an
// endless stream (/dev/zero) costs at most this much.
const size_t kMaxSaveBytes = size_t(64) << 20;

std::vector<unsigned char> readFile(const std::filesystem::path& kPath)
{
	std::error_code kError;
	if (std::filesystem::is_directory(kPath, kError))
		throw SaveError(kPath.string() + ": offset 0 (file): is a directory, not a saved game");
	std::ifstream kIn(kPath, std::ios::binary);
	if (!kIn) throw SaveError(kPath.string() + ": offset 0 (file): cannot open the file");
	std::vector<unsigned char> a;
	char acBuffer[65536];
	try
	{
		while (kIn.read(acBuffer, sizeof(acBuffer)) || kIn.gcount() > 0)
		{
			if (a.size() + static_cast<size_t>(kIn.gcount()) > kMaxSaveBytes)
				throw SaveError(kPath.string() + ": offset " + std::to_string(kMaxSaveBytes)
					+ " (file): the file is larger than a saved game can be (at most "
					+ std::to_string(kMaxSaveBytes >> 20) + " MB)");
			a.insert(a.end(), acBuffer, acBuffer + kIn.gcount());
		}
	}
	catch (const std::ios_base::failure&)
	{
		throw SaveError(kPath.string() + ": offset " + std::to_string(a.size()) + " (file): read error");
	}
	if (kIn.bad()) throw SaveError(kPath.string() + ": offset " + std::to_string(a.size()) + " (file): read error");
	return a;
}

} // namespace

// An integer define of the XML (GlobalDefinesAlt.xml over GlobalDefines.xml, each from the first
// folder that has it), or BTS's; -1 if neither has it.
int layoutDefine(const std::vector<fs::path>& aAssets, const std::string& sName)
{
	for (const char* szFile : { "XML/GlobalDefinesAlt.xml", "XML/GlobalDefines.xml" })
		for (const fs::path& kFolder : aAssets)
		{
			const fs::path kFound = findCaseless(kFolder, szFile);
			if (kFound.empty()) continue;
			std::ifstream kIn(kFound, std::ios::binary);
			std::ostringstream o;
			o << kIn.rdbuf();
			const std::string s = o.str();
			const size_t i = s.find("<DefineName>" + sName + "</DefineName>");
			if (i != std::string::npos)
			{
				const size_t j = s.find("<iDefineIntVal>", i);
				const size_t iNext = s.find("<DefineName>", i + 1);
				if (j != std::string::npos && (iNext == std::string::npos || j < iNext))
					return std::atoi(s.c_str() + j + 15);
			}
			break; // this file is the one the game reads
		}
	static const std::map<std::string, int> kBts = { { "MAX_TRADE_ROUTES", kTradeRouteSlots } };
	auto it = kBts.find(sName);
	return it == kBts.end() ? -1 : it->second;
}

int saveLayoutCount(const SaveLayout& kLayout, const std::vector<fs::path>& aAssets, const std::string& sAccessor)
{
	if (sAccessor.compare(0, 13, "getDefineINT:") == 0)
	{
		const int iValue = layoutDefine(aAssets, sAccessor.substr(13));
		if (iValue < 0)
			throw SaveError(
				"the define " + sAccessor.substr(13) + " is in no GlobalDefines file of the --assets folders");
		return iValue;
	}
	const auto [sFile, sElement] = kLayout.infoFile(sAccessor);
	if (!sFile.empty())
		for (const fs::path& kFolder : aAssets)
		{
			const fs::path kFound = findCaseless(kFolder, "XML/" + sFile);
			if (!kFound.empty()) return countElements(kFound, sElement);
		}
	const int iVanilla = vanillaCount(sAccessor);
	if (iVanilla < 0)
		throw SaveError("GC." + sAccessor + "(): "
			+ (sFile.empty() ? std::string("the tree loads no XML file for it") : "no --assets folder has XML/" + sFile)
			+ ", and BTS 3.19's count is not known here");
	return iVanilla;
}

namespace {

// What a derived layout reads: the header's set-up block and the inflated game data.
struct LayoutInput
{
	const unsigned char* pSetUp;
	size_t iSetUpSize;
	size_t iSetUpStart;
	const std::vector<unsigned char>& aData;
};

// One read of a save's set-up block and game data with a derived layout. A type count comes from
// kOverride, else from the --assets folders' XML, else it is BTS 3.19's: those are listed in
// aFallback (accessor, count), in the order the read asked for them.
SaveGame readLayoutOnce(const SaveGame& kHeader, const SaveLayout& kLayout, const std::vector<fs::path>& aAssets,
	const LayoutInput& kIn, const std::map<std::string, int>& kOverride,
	std::vector<std::pair<std::string, int>>& aFallback, size_t* pReached = nullptr)
{
	SaveGame kSave = kHeader;
	kSave.sLayoutTree = kLayout.tree().string();
	const std::string sPrefix = "not a save of the layout of " + kSave.sLayoutTree + ": ";
	Cursor kBlock(kIn.pSetUp, kIn.iSetUpSize, kSave.sPath, kIn.iSetUpStart);
	kBlock.setSection("header: game set-up block");
	kBlock.setModdedPrefix(sPrefix);
	Cursor k(kIn.aData.data(), kIn.aData.size(), kSave.sPath);
	k.setModdedNote(" (or the compressed data is damaged)");
	k.setModdedPrefix(sPrefix);
	std::map<std::string, int> kCache(kOverride);
	const LayoutCounts fCounts = [&](const std::string& sAccessor) {
		auto it = kCache.find(sAccessor);
		if (it == kCache.end())
		{
			it = kCache.emplace(sAccessor, saveLayoutCount(kLayout, aAssets, sAccessor)).first;
			const std::string sFile = kLayout.infoFile(sAccessor).first;
			bool bXml = false;
			for (const fs::path& kFolder : aAssets)
				bXml = bXml || (!sFile.empty() && !findCaseless(kFolder, "XML/" + sFile).empty());
			if (!bXml && sAccessor.compare(0, 6, "getNum") == 0) aFallback.emplace_back(sAccessor, it->second);
		}
		return it->second;
	};
	try
	{
		readWithLayout(kBlock, k, kLayout, fCounts, kSave);
	}
	catch (const SaveError&)
	{
		if (pReached) *pReached = k.pos();
		throw;
	}
	return kSave;
}

// How far from BTS 3.19's a count is looked for when the save does not read with it, and how
// much game data the tries may read in all (so many times the data's size): a save of other
// rules is refused after a few reads' time, not after every try.
const int kCountSearch = 8;
const size_t kCountSearchReads = 4;

// The save read with one of the counts that were BTS 3.19's (no --assets XML for them) changed:
// the nearest change first (BTS's plus or minus 1, for each count in the order the read asked for
// them, then 2, ...), up to kCountSearch. A save of rules with one type more or less than BTS's
// (a building added or removed) reads so as the built-in layout reads it, which finds its number
// of buildings in the save. Returns false if no single change reads the whole save within
// kCountSearchReads times the data.
bool readWithCountFound(const SaveGame& kHeader, const SaveLayout& kLayout, const std::vector<fs::path>& aAssets,
	const LayoutInput& kIn, const std::vector<std::pair<std::string, int>>& aFallback, SaveGame& kOut)
{
	size_t iRead = 0;
	for (int iDelta = 1; iDelta <= kCountSearch && iRead <= kCountSearchReads * kIn.aData.size(); ++iDelta)
		for (const auto& [sAccessor, iBts] : aFallback)
			for (const int iCount : { iBts - iDelta, iBts + iDelta })
			{
				if (iCount < 0 || iRead > kCountSearchReads * kIn.aData.size()) continue;
				std::vector<std::pair<std::string, int>> aIgnored;
				size_t iReached = 0;
				try
				{
					kOut =
						readLayoutOnce(kHeader, kLayout, aAssets, kIn, { { sAccessor, iCount } }, aIgnored, &iReached);
				}
				catch (const SaveError&)
				{
					iRead += iReached;
					continue;
				}
				kOut.asCountsFound.push_back(sAccessor + "() = " + std::to_string(iCount)
					+ " (BTS 3.19: " + std::to_string(iBts) + "; found by reading the save, no --assets XML has it)");
				return true;
			}
	return false;
}

SaveGame readDataWithLayout(const SaveGame& kHeader, const SaveLayout& kLayout, const std::vector<fs::path>& aAssets,
	const LayoutInput& kIn, bool bFindCounts)
{
	std::vector<std::pair<std::string, int>> aFallback;
	try
	{
		return readLayoutOnce(kHeader, kLayout, aAssets, kIn, {}, aFallback);
	}
	catch (const SaveError& kError)
	{
		if (aFallback.empty()) throw;
		SaveGame kFound;
		if (bFindCounts && readWithCountFound(kHeader, kLayout, aAssets, kIn, aFallback, kFound)) return kFound;
		std::string sNote;
		for (const auto& [sAccessor, iCount] : aFallback)
			sNote += (sNote.empty() ? "" : ", ") + sAccessor + "() = " + std::to_string(iCount);
		// a save of other rules reads otherwise: say which counts were not the mod's
		throw SaveError(std::string(kError.what())
			+ "; these type counts are BTS 3.19's, no --assets folder has their XML: " + sNote
			+ (bFindCounts
					? " (nor does changing one of them by up to " + std::to_string(kCountSearch) + " read the save)"
					: std::string()));
	}
}

} // namespace

SaveGame readSave(const std::filesystem::path& kPath) { return readSave(kPath, SaveReadOptions()); }

SaveGame readSave(const std::filesystem::path& kPath, const SaveReadOptions& kOptions)
{
	return readSaveBytes(readFile(kPath), kPath.string(), kOptions);
}

SaveGame readSaveBytes(const std::vector<unsigned char>& aFile, const std::string& sFile)
{
	return readSaveBytes(aFile, sFile, SaveReadOptions());
}

SaveGame readSaveBytes(
	const std::vector<unsigned char>& aFile, const std::string& sFile, const SaveReadOptions& kOptions)
{
	const SaveLayout* pLayout = kOptions.pLayout.get();
	if (aFile.empty()) throw SaveError(sFile + ": offset 0 (header): the file is empty");

	SaveGame kSave;
	kSave.sPath = sFile;
	kSave.iMaxPlayers = kSlots;
	kSave.iMaxTeams = kSlots;

	// ---- header ----
	Cursor kFile(aFile.data(), aFile.size(), sFile);
	kFile.setSection("header");
	const int iVersion = kFile.i32("the save version");
	if (iVersion != kSaveVersion)
		kFile.moddedAt(
			0, "save version " + std::to_string(iVersion) + " (BTS 3.19 writes " + std::to_string(kSaveVersion) + ")");
	kSave.iSaveVersion = iVersion;
	// The header (docs/file-formats.md, section 3.1): the mod's name, the mod's MD5, a checksum
	// word, then the Lock Modified Assets text and four MD5s. Single-player games leave them empty;
	// games started with Lock Modified Assets (multiplayer, hotseat, PBEM) fill the text and the
	// MD5s. Only a mod name makes a save modded.
	{
		const size_t iAt = kFile.pos();
		const std::string sMod = kFile.string("the header's mod name", 1024);
		kSave.sMod = sMod;
		if (!sMod.empty() && !pLayout) kFile.moddedAt(iAt, "the header names the mod '" + sMod + "'");
	}
	kFile.md5("the header's mod MD5");
	kFile.skipInts(1, "the header's checksum word");
	kSave.sLockModifiedAssets = kFile.string("the header's Lock Modified Assets text", 1024);
	for (int i = 0; i < 4; ++i) kSave.asLockModifiedAssetsMd5.push_back(kFile.md5("a Lock Modified Assets MD5"));
	while (!kSave.asLockModifiedAssetsMd5.empty() && kSave.asLockModifiedAssetsMd5.back().empty())
		kSave.asLockModifiedAssetsMd5.pop_back();
	const size_t iSizeAt = kFile.pos();
	const int iSetUpSize = kFile.i32("the size of the set-up block");
	if (iSetUpSize <= 0 || size_t(iSetUpSize) > kFile.left())
	{
		std::ostringstream o;
		o << "the set-up block is " << iSetUpSize << " bytes, but the file has " << kFile.left() << " left";
		kFile.failAt(iSizeAt, o.str());
	}
	const size_t iSetUpStart = kFile.pos();
	SetUp kSetUp;
	if (!pLayout)
	{
		Cursor kBlock(aFile.data() + iSetUpStart, size_t(iSetUpSize), sFile, iSetUpStart);
		kBlock.setSection("header: game set-up block");
		if (!readSetUp(kBlock, kSlots, kSetUp))
		{
			int iOther = 0;
			for (int iSlots = 2; iSlots <= 128 && iOther == 0; ++iSlots)
			{
				if (iSlots == kSlots) continue;
				Cursor kTry(aFile.data() + iSetUpStart, size_t(iSetUpSize), sFile, iSetUpStart);
				SetUp kIgnored;
				if (readSetUp(kTry, iSlots, kIgnored)) iOther = iSlots;
			}
			if (iOther != 0)
				kBlock.moddedAt(0,
					"the set-up block holds " + std::to_string(iOther)
						+ " player slots (BTS 3.19 has 19: a DLL with another MAX_PLAYERS)");
			kBlock.moddedAt(0,
				"the set-up block (" + std::to_string(iSetUpSize)
					+ " bytes) does not have the BTS 3.19 layout for 19 player slots");
		}
		for (int i = 0; i < kSlots; ++i)
			if (kSetUp.aeTeam[size_t(i)] < -1 || kSetUp.aeTeam[size_t(i)] >= kSlots)
				kBlock.moddedAt(
					0, "player " + std::to_string(i) + " is on team " + std::to_string(kSetUp.aeTeam[size_t(i)]));
	}
	kFile.seek(iSetUpStart + size_t(iSetUpSize));
	kFile.skipInts(1, "the word after the set-up block");

	// ---- chunks ----
	kFile.setSection("compressed stream");
	const size_t iStreamStart = kFile.pos();
	std::vector<unsigned char> aCompressed;
	for (int iChunk = 0;; ++iChunk)
	{
		if (kFile.left() < 4)
			kFile.fail("the file ends before the compressed stream's end marker (a zero chunk length)");
		const size_t iAt = kFile.pos();
		const uint32_t iLength = kFile.u32("a chunk length");
		if (iLength == 0) break;
		if (iLength > kFile.left())
		{
			std::ostringstream o;
			o << "chunk " << iChunk << " claims " << iLength << " bytes, but the file has only " << kFile.left()
			  << " left";
			kFile.failAt(iAt, o.str());
		}
		if (iChunk == 0)
		{
			const unsigned char* p = aFile.data() + kFile.pos();
			if (iLength < 2 || (p[0] & 0x0f) != 8 || ((unsigned(p[0]) << 8) | p[1]) % 31 != 0)
				kFile.failAt(kFile.pos(), "the first chunk does not start with a zlib header");
		}
		aCompressed.insert(aCompressed.end(), aFile.begin() + std::ptrdiff_t(kFile.pos()),
			aFile.begin() + std::ptrdiff_t(kFile.pos() + iLength));
		kFile.skip(iLength, "a chunk");
	}
	if (aCompressed.empty()) kFile.failAt(iStreamStart, "the compressed stream is empty");
	if (aCompressed.size() > 0xffffffffu) kFile.failAt(iStreamStart, "the compressed stream is larger than 4 GiB");
	const std::vector<unsigned char> aData = inflateAll(aCompressed, kFile, iStreamStart);

	// ---- inflated game data ----
	Cursor k(aData.data(), aData.size(), sFile);
	k.setModdedNote(" (or the compressed data is damaged)");
	if (pLayout)
		return readDataWithLayout(kSave, *pLayout, kOptions.aAssets,
			LayoutInput{ aFile.data() + iSetUpStart, size_t(iSetUpSize), iSetUpStart, aData }, kOptions.bFindCounts);
	Layout kLayout;
	kLayout.iVictories = kSetUp.iVictories;
	skipGame(k);
	findBuildingCount(k, kLayout);

	k.setSection("inflated game data: map header");
	k.expect("the map's format flag", 0);
	size_t iAt = k.pos();
	const int iWidth = k.i32("the map width");
	const int iHeight = k.i32("the map height");
	if (iWidth <= 0 || iHeight <= 0)
		k.moddedAt(iAt, "the map is " + std::to_string(iWidth) + " x " + std::to_string(iHeight));
	if (!cvVisionMapSizeOk(iWidth, iHeight)) k.failAt(iAt, VisionWorld::sizeProblem(iWidth, iHeight, 1, 0));
	k.skipInts(5, "the map's counters");
	kSave.iWidth = iWidth;
	kSave.iHeight = iHeight;
	kSave.bWrapX = k.flag("the map's x wrap");
	kSave.bWrapY = k.flag("the map's y wrap");
	k.skipInts(2 * kBonuses, "the map's bonus counts");

	// The records are read one by one (no up-front allocation from the header's claim), so damaged
	// data fails at the record where it ends.
	const int iPlots = iWidth * iHeight;
	const size_t iMinPlotBytes = 4 + 4 + 4 + 12 + 4 + 6 + 6 + 1 + 12 + 2 + 24 + 6 + 12 + 4 + 4 + 1 + 1 + 4;
	kSave.aPlots.reserve(std::min(size_t(iPlots), k.left() / iMinPlotBytes + 1));
	std::vector<PlotCityRef> aPlotCities;
	aPlotCities.reserve(kSave.aPlots.capacity());
	for (int i = 0; i < iPlots; ++i)
	{
		kSave.aPlots.emplace_back();
		aPlotCities.emplace_back();
		readPlot(k, i, iWidth, kSave.aPlots.back(), aPlotCities.back());
	}

	k.setSection("inflated game data: areas");
	const int iAreas = readListHeader(k, "areas");
	for (int i = 0; i < iAreas; ++i) skipArea(k);

	// ---- teams ----
	kSave.aTeams.resize(kSlots);
	for (int t = 0; t < kSlots; ++t) readTeam(k, t, kLayout, kSave.aTeams[size_t(t)]);

	// ---- players ----
	kSave.aPlayers.resize(kSlots);
	for (int p = 0; p < kSlots; ++p)
	{
		kSave.aPlayers[size_t(p)].eTeam = kSetUp.aeTeam[size_t(p)];
		readPlayer(k, p, kLayout, iWidth, iHeight, kSave.aPlayers[size_t(p)], kSave.aUnits, kSave.aCities);
	}

	crossCheck(k, kSave, aPlotCities);
	kSave.bHasPlayerSections = true;
	return kSave;
}

} // namespace cvv
