// The outer layer of a Beyond the Sword saved game (.CivBeyondSwordSave), as the game's executable
// writes it around the DLL's read()/write() data: read into its parts, written back from them.
// Tree-independent (no CvGameCoreDLL header), C++14: the 32-bit host and the 64-bit tests use it.
//
// THE FILE (little-endian; "string" = i32 count + that many bytes, "wide string" = i32 count +
// that many UTF-16 code units, neither terminated: CvHostBytes.h). Facts from the shared saves,
// c4lib's BTS.schema (struct Savegame, GameHeader, GameFooter) and its notes on the checksum, and
// the DLL's sources:
//   1. header: u32 version (302 = BTS 3.19; c4lib: 300-399 = Beyond the Sword)
//              string mod name ("Mods\PBMod_v10\"; empty: unmodded)
//              string mod MD5 (empty in every save seen)
//              u32 checksum word (0 in every save seen; in the checksum)
//              string Lock Modified Assets text ("3.1.9.0 (128100)"; empty unless the game was
//                started with Lock Modified Assets: multiplayer, hotseat, PBEM)
//              4 x string MD5 (32 hexadecimal digits each, or empty as the text)
//              u32 size of the init core (c4lib: CvInitCoreMd5Size)
//   2. init core: that many bytes, CvInitCore::write's; CvInitCore::read reads exactly them
//   3. u32, purpose unknown (0 in every save seen; outside the checksum)
//   4. compressed game data: chunks of u32 length + that many bytes, until a zero length. The
//      payloads together are one zlib stream: default level, cut into 64 KiB chunks (c4lib: the
//      first chunk of a Lock Modified Assets game may be shorter), ended by a sync flush and not
//      finished. Deflating the inflated data in one go at the default level with a final
//      Z_SYNC_FLUSH gives the game's bytes exactly (every shared save, zlib 1.2.13).
//   5. tail, uncompressed: string pickle (Python's onSave data: "N." or "S''\np0\n." when empty),
//      the engine's own data (signs, ...), 1 byte (in the checksum), then string checksum (32
//      lowercase hexadecimal digits). Kept as bytes; pickle(), checksumByte() and checksum() read it.
//
// THE ORDER OF THE GAME OBJECTS (the host's main calls the tree's read() functions in it):
//   the init core block (2):  CvInitCore::read;
//   the inflated stream (4):  CvGameAI::read (CvGame::read, then CvGameAI's flag and padding),
//                             CvMap::read (its plots and areas within),
//                             CvTeamAI::read for team 0 .. MAX_TEAMS-1,
//                             CvPlayerAI::read for player 0 .. MAX_PLAYERS-1 (their cities, units,
//                               selection groups... within),
//                             CvEventReporter::readStatistics (CvGameRecord, then a CvPlayerRecord
//                               per ever-alive player);
//   nothing else: c4lib's Savegame reads these and then the tail. MAX_TEAMS and MAX_PLAYERS are the
//   tree's (19 in BTS, 53 in PB Mod v10). The writes go in the same order.
//
// THE CHECKSUM (c4lib's "Use of MD5 in Binary Savegames", checked on every shared save): the MD5,
// in lowercase hexadecimal, of: u32 checksum word, u32 version, the tail's checksum byte, the Lock
// Modified Assets text and its four MD5s (as strings), the admin password, the game password and
// each player slot's password (as wide strings: CvInitCore's stored values, which are hashes or
// empty), the compressed bytes' MD5 (as a string), the init core's MD5 (as a string), then the bytes
// 4D E6 40 BB. The game refuses a save whose checksum does not match (it quits while loading).
// The mod name, the mod MD5, the word after the init core and the tail but its last byte are
// outside it. The passwords come from the init core, whose layout is the tree's: the host takes
// them from the DLL's CvInitCore (getAdminPassword, getGamePassword, getCivPassword).
//
// Errors: CvHostSaveError, naming the file, the part (file, header, init core, compressed stream,
// game data, tail) and the offset. Nothing else is thrown but std::bad_alloc.
#ifndef CVHOST_SAVE_FILE_H
#define CVHOST_SAVE_FILE_H

#include <cstddef>
#include <stdexcept>
#include <stdint.h>
#include <string>
#include <vector>

class CvHostSaveError : public std::runtime_error
{
public:
	CvHostSaveError(const std::string& sFile, const std::string& sPart, size_t iOffset, const std::string& sProblem);
	const std::string& file() const { return m_sFile; }
	const std::string& part() const { return m_sPart; }
	size_t offset() const { return m_iOffset; }
	const std::string& problem() const { return m_sProblem; }

private:
	std::string m_sFile;
	std::string m_sPart;
	size_t m_iOffset;
	std::string m_sProblem;
};

struct CvHostSaveHeader
{
	CvHostSaveHeader();
	bool operator==(const CvHostSaveHeader& k) const;
	bool operator!=(const CvHostSaveHeader& k) const { return !(*this == k); }

	uint32_t iVersion;
	std::string sModName;
	std::string sModMd5;
	uint32_t iChecksumWord;
	std::string sLockModifiedAssets;
	std::string asLockModifiedAssetsMd5[4];
};

// The passwords in the checksum, as the init core stores them (UTF-16 code units: convert the
// DLL's CvWString with cvHostUtf16FromWide); one per player slot, MAX_PLAYERS of the tree.
struct CvHostSavePasswords
{
	std::u16string sAdmin;
	std::u16string sGame;
	std::vector<std::u16string> asPlayers;
};

class CvHostSaveFile
{
public:
	enum {
		kVersion = 302, // Beyond the Sword 3.19
		kChunkSize = 65536, // the game's compressed chunks
	};
	static const size_t kMaxFileBytes; // larger files are refused (real saves: under 10 MB)
	static const size_t kMaxInflatedBytes; // the game data inflates to at most this

	CvHostSaveFile();

	// ---- the parts ----
	CvHostSaveHeader kHeader;
	std::vector<unsigned char> aInitCore; // CvInitCore::read's bytes
	uint32_t iAfterInitCore; // the word after them
	std::vector<unsigned char> aGameData; // the inflated stream: the game objects' read()s
	std::vector<unsigned char> aTail; // pickle, engine data, checksum byte, checksum
	// As read: the chunk lengths (write() cuts the same way when the compressed size is the same,
	// 64 KiB chunks otherwise) and the compressed bytes' MD5 (for checksumMatches). Empty for a
	// save built in memory.
	std::vector<uint32_t> aiChunkLengths;
	std::string sCompressedMd5;

	// ---- reading: sName names the file in errors ----
	static CvHostSaveFile read(const unsigned char* pData, size_t iSize, const std::string& sName);
	static CvHostSaveFile read(const std::vector<unsigned char>& aFile, const std::string& sName);
	static CvHostSaveFile load(const std::string& sPath);

	// ---- writing: the game data deflated afresh; the tail as it is, or with its checksum computed
	// for what is written ----
	std::vector<unsigned char> write() const;
	std::vector<unsigned char> write(const CvHostSavePasswords& kPasswords) const;
	void save(const std::string& sPath) const;
	void save(const std::string& sPath, const CvHostSavePasswords& kPasswords) const;

	// The game data deflated as the game does (zlib stream, no chunks).
	std::vector<unsigned char> compress() const;

	// ---- the tail (throw CvHostSaveError when it is not a tail's shape) ----
	std::string pickle() const;
	unsigned char checksumByte() const;
	std::string checksum() const;
	void setChecksum(const std::string& sHex);

	// ---- the checksum ----
	// For the parts as they are, with sCompressedMd5 the MD5 of the compressed game data.
	std::string checksumWith(const CvHostSavePasswords& kPasswords, const std::string& sCompressedMd5) const;
	// Does the stored checksum match the parts as read (the compressed bytes as read; deflated
	// afresh for a save built in memory)? False for damaged or edited saves, or wrong passwords.
	bool checksumMatches(const CvHostSavePasswords& kPasswords) const;

private:
	std::vector<unsigned char> assemble(
		const std::vector<unsigned char>& aCompressed, const std::vector<unsigned char>& aTailToWrite) const;
	static void saveBytes(const std::string& sPath, const std::vector<unsigned char>& aFile);
};

#endif
