// What the parts of the save reader share (formats/SaveReader.h): the bounds-checked cursor, the
// records of a save's root objects and the one mapping of them to the world (SaveRecords.cpp), as
// BTS 3.19's layout (SaveReaderBts.cpp) reads them. SaveReader.cpp reads the file around them: the
// header, the chunks and their inflation. Internal to the formats layer.
#pragma once

#include "formats/SaveReader.h"

#include <cctype>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cvv {
namespace savereader {

const char* const kModded = "not an unmodified BTS 3.19 save: ";

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
		failAt(iPos, kModded + sWhat + m_sModdedNote);
	}
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
};

// ---------------------------------------------------------------------------------------------
// Records (SaveRecords.cpp): what the world needs of a save's root objects, by the members of the
// game's classes that hold it (the names of the members of BTS 3.19's classes).
//   CvInitCore  m_aeTeam
//   CvMap       m_iGridWidth, m_iGridHeight, m_bWrapX, m_bWrapY; m_pMapPlots: the plots
//   CvPlot      m_iX, m_iY, m_eOwner, m_ePlotType, m_eTerrainType, m_eFeatureType,
//               m_eImprovementType, m_eRouteType, m_plotCity.eOwner, m_plotCity.iID,
//               m_aiVisibilityCount, m_aiStolenVisibilityCount, m_aiRevealedOwner, m_abRevealed,
//               m_aeRevealedImprovementType, m_aeRevealedRouteType,
//               m_apaiInvisibleVisibilityCount[team]; m_units: the units listed (eOwner, iID)
//   CvTeamAI    m_pabHasTech, m_abVassal
//   CvPlayerAI  m_bAlive, m_eID; m_cities, m_units
//   CvCity      m_iID, m_iX, m_iY, m_eOwner, m_abEspionageVisibility
//   CvUnit      m_iID, m_iX, m_iY, m_iReconX, m_iReconY, m_eFacingDirection, m_eOwner,
//               m_eUnitType, m_pabHasPromotion
// An array the read did not set reads as its default (the game keeps no array there).
// ---------------------------------------------------------------------------------------------

// A record as the BTS 3.19 layout fills it: its members kept flat (one buffer of 32-bit values,
// names that are literals) so that the thousands of plots of a save cost a few
// allocations each, not one a member.
struct FlatRecord
{
	struct Member
	{
		std::string_view sName;
		uint32_t iBegin = 0;
		uint32_t iCount = 0;
	};
	const char* szClass = "";
	std::vector<Member> aMembers;
	std::vector<int32_t> aValues;
	std::vector<std::pair<std::string_view, std::vector<FlatRecord>>> aChildren;

	// Adds the member sName (whose characters outlive the record) with iCount values, to be written
	// through the pointer returned (valid until the next add).
	int32_t* add(std::string_view sName, size_t iCount);
	void put(std::string_view sName, int32_t iValue) { *add(sName, 1) = iValue; }
	// Adds an object of class szClass read into the member sName (valid until the next child of sName).
	FlatRecord& child(std::string_view sName, const char* szClass);
};

// The dimensions of the layout that read the records.
struct RecordCounts
{
	int iPlayers = 0; // MAX_PLAYERS
	int iTeams = 0; // MAX_TEAMS
	int iInvisible = 0; // invisible types
	int iTechs = 0;
	int iUnitTypes = 0;
	int iPromotions = 0;
};

// The values of a member of either kind of record (none if the read did not set it), the records
// read into a member (for a container: its items), the record's class.
struct RecordValues
{
	const int32_t* pFlat = nullptr;
	size_t iCount = 0;
	long long operator[](size_t i) const { return pFlat[i]; }
};
RecordValues recordValues(const FlatRecord& r, std::string_view sName);
std::vector<const FlatRecord*> recordObjects(const FlatRecord& r, std::string_view sName);
std::string recordClass(const FlatRecord& r);

// r's values of sName as iSize values; those it lacks are iFill.
std::vector<long long> recordInts(const FlatRecord& r, std::string_view sName, size_t iSize, long long iFill);
// The one value of sName; a record without it is not the layout the world needs (k.modded).
long long recordInt(Cursor& k, const FlatRecord& r, std::string_view sName);

// "<szWhat> is <iValue> (expected iMin..iMax-1)" unless iMin <= iValue < iMax (k.moddedAt iAt).
void checkRange(Cursor& k, size_t iAt, const char* szWhat, int iValue, int iMin, int iMax);
void checkRangeAll(Cursor& k, size_t iAt, const char* szWhat, const std::vector<int>& a, int iMin, int iMax);

// The players' teams of the set-up block's record (m_aeTeam), each -1 or a team (else kBlock.moddedAt 0).
std::vector<long long> playerTeams(Cursor& kBlock, const FlatRecord& kInit, int iPlayers, int iTeams);

// The world of a save's records, one root object at a time in the order the save holds them: a
// reader maps each as soon as it has read it, so that a record that makes no game stops the read
// there. Each step throws SaveError (through k, whose position and section its messages name).
class RecordMapper
{
public:
	// kSave's slot counts are kCounts'. kCounts is kept by reference: a step reads the counts it
	// needs when it runs (a reader may learn one just before the step that needs it).
	RecordMapper(Cursor& k, const RecordCounts& kCounts, SaveGame& kSave);
	// CvInitCore: the players' teams (playerTeams checks them).
	void init(const FlatRecord& kInit);
	// CvMap: the map's size and wrap, then its plots one by one (index y*W+x), each mapped as soon
	// as it is read.
	void mapHeader(const FlatRecord& kMap);
	void plot(const FlatRecord& kPlot);
	// CvTeamAI: the techs and the master.
	void team(int eTeam, const FlatRecord& kTeam);
	// CvPlayerAI: its team and alive switch, its cities and units.
	void player(int ePlayer, const FlatRecord& kPlayer);
	// After the last player: the units and cities against the plots.
	void finish();

private:
	Cursor& m_k;
	const RecordCounts& m_n;
	SaveGame& m_kSave;
	std::vector<long long> m_aeTeam;
	std::vector<std::pair<int, int>> m_aPlotCities; // the city (owner, id) each plot names
	std::vector<std::string> m_asInvisible; // the members of each team's invisible visibility counts
};

// ---------------------------------------------------------------------------------------------
// The built-in layout of BTS 3.19 (SaveReaderBts.cpp)
// ---------------------------------------------------------------------------------------------
const int kBtsSaveVersion = 302;

// The set-up block as BTS 3.19 writes it: the victory count and CvInitCore's record.
struct BtsSetUp
{
	int iVictories = 0;
	FlatRecord kInit;
};

// Reads the set-up block (iSize bytes at file offset iStart); refuses one of another layout.
BtsSetUp readBtsSetUp(const unsigned char* pBlock, size_t iSize, size_t iStart, const std::string& sFile);
// Reads the inflated game data into kSave (the header's fields already set).
void readBtsData(const BtsSetUp& kSetUp, const std::vector<unsigned char>& aData, SaveGame& kSave);

} // namespace savereader
} // namespace cvv
