// A saved game's outer layer (tools/host/runtime/CvHostSaveFile.h): every shared save read into
// its header (as c4lib's schema and the built-in reader read it), init core, inflated game data and
// tail, and written back byte for byte; the game's checksum recomputed over the parts; cut,
// flipped and foreign files refused with a CvHostSaveError naming the file and the part, or (for
// damage inside the parts) caught by the checksum.
#include "CvHostBytes.h"
#include "CvHostSaveFile.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <map>
#include <random>
#include <string>
#include <vector>

#ifndef CVVISION_SHARED_DIR
#error "CVVISION_SHARED_DIR: the shared data folder (tests/CMakeLists.txt defines it)"
#endif

namespace fs = std::filesystem;

namespace {

using Bytes = std::vector<unsigned char>;

fs::path sharedSaves() { return fs::path(CVVISION_SHARED_DIR) / "data" / "civ4" / "saves"; }

// Every shared save: saves/, saves/mods/, saves/unexplained/.
std::vector<fs::path> everySave()
{
	std::vector<fs::path> a;
	for (const char* szFolder : { "", "mods", "unexplained" })
	{
		const fs::path kFolder = sharedSaves() / szFolder;
		if (!fs::is_directory(kFolder)) continue;
		for (const fs::directory_entry& e : fs::directory_iterator(kFolder))
			if (e.path().extension() == ".CivBeyondSwordSave") a.push_back(e.path());
	}
	std::sort(a.begin(), a.end());
	return a;
}

Bytes fileBytes(const fs::path& kPath)
{
	std::ifstream kIn(kPath, std::ios::binary);
	return Bytes(std::istreambuf_iterator<char>(kIn), std::istreambuf_iterator<char>());
}

std::string nameOf(const fs::path& kPath) { return fs::relative(kPath, sharedSaves()).generic_string(); }

// What c4lib's schema (GameHeader, the chunks, GameFooter) and the built-in reader
// (tools/lib/formats/SaveReader.cpp) read in each shared save.
struct Known
{
	const char* szMod;
	size_t iInitCore;
	size_t iGameData;
	size_t iChunks;
	size_t iTail;
	const char* szChecksum;
	int iPlayers; // MAX_PLAYERS of the DLL that wrote it
};
const std::map<std::string, Known>& knownSaves()
{
	static const std::map<std::string, Known> k = {
		{ "Brennus-BC-4000-2.CivBeyondSwordSave", { "", 2811, 583027, 1, 75, "e0393218fff1244381b3d07e501f0e28", 19 } },
		{ "Gandhi-culture-win-t331.CivBeyondSwordSave",
			{ "", 1451, 3071269, 4, 4359, "9e3173411f069035e22313ba9403ece3", 19 } },
		{ "Play_By_Email.CivBeyondSwordSave", { "", 1666, 721398, 1, 81, "48a36f7df57ed0a7cabc2ebc13e2dcd0", 19 } },
		{ "churchill-random-roll.CivBeyondSwordSave",
			{ "", 1461, 1323509, 1, 81, "70785d6ce120deee7e36b68cbd51b5e8", 19 } },
		{ "mods/pbmod-v10-Example_v10.CivBeyondSwordSave",
			{ "Mods\\PBMod_v10\\", 3723, 3245840, 1, 81, "9793af36f7126435d07125cee31f15eb", 53 } },
		{ "sillyman.CivBeyondSwordSave", { "", 1523, 3641729, 5, 4666, "acd62117eed4af44720acd30b6a1b9d3", 19 } },
		{ "survivor-6-wildcard.CivBeyondSwordSave",
			{ "", 4517, 1366183, 2, 81, "11cd16bc94a4e38a70583e36be7a8553", 19 } },
		{ "unexplained/finished-game.CivBeyondSwordSave",
			{ "", 1461, 4858470, 7, 3787, "846e6038d1929504425176ff836b6493", 19 } },
	};
	return k;
}

// The passwords of the checksum, from an init core: the admin and game passwords are its 4th and
// 3rd members in every tree; the players' follow BTS 3.19's CvInitCore::read (24 game options, 5
// multiplayer options, then 4 wide strings per player before the passwords). PB Mod's init core
// has members of its own: its save's player passwords are empty (the stored checksum says so).
CvHostSavePasswords passwordsOf(const CvHostSaveFile& kSave, int iPlayers, bool bBtsLayout)
{
	CvHostBytes k(kSave.aInitCore);
	CvHostSavePasswords kPasswords;
	const uint32_t iFlag = k.readU32();
	k.readI32(); // game type
	k.readWideString(); // game name
	kPasswords.sGame = k.readWideString();
	kPasswords.sAdmin = k.readWideString();
	kPasswords.asPlayers.assign(size_t(iPlayers), std::u16string());
	if (!bBtsLayout) return kPasswords;
	k.readWideString(); // map script
	k.skip(1 + 7 * 4); // no players flag, world size ... calendar
	const int32_t iCustom = k.readI32();
	k.readI32(); // hidden custom options
	if (iCustom < 0) throw CvHostBytesError(k.position(), "custom map options", "negative");
	k.skip(4 * size_t(iCustom));
	const int32_t iVictories = k.readI32();
	if (iVictories < 0) throw CvHostBytesError(k.position(), "victories", "negative");
	k.skip(size_t(iVictories));
	k.skip((iFlag > 0 ? 24 : 23) + 5 + 1 + 6 * 4);
	for (int i = 0; i < 4 * iPlayers; ++i) k.readWideString();
	for (int i = 0; i < iPlayers; ++i) kPasswords.asPlayers[size_t(i)] = k.readWideString();
	return kPasswords;
}

CvHostSavePasswords passwordsOf(const CvHostSaveFile& kSave, const std::string& sName)
{
	const Known& k = knownSaves().at(sName);
	return passwordsOf(kSave, k.iPlayers, k.iPlayers == 19);
}

// The offset of the first chunk length: the header, the init core and the word after it.
size_t streamOffset(const CvHostSaveFile& kSave)
{
	const CvHostSaveHeader& h = kSave.kHeader;
	size_t i = 4 + 4 + h.sModName.size() + 4 + h.sModMd5.size() + 4 + 4 + h.sLockModifiedAssets.size();
	for (const std::string& s : h.asLockModifiedAssetsMd5) i += 4 + s.size();
	return i + 4 + kSave.aInitCore.size() + 4;
}

CvHostSaveError saveErrorOf(const std::function<void()>& f)
{
	try
	{
		f();
	}
	catch (const CvHostSaveError& e)
	{
		return e;
	}
	ADD_FAILURE() << "no CvHostSaveError";
	return CvHostSaveError("", "", 0, "none");
}

void expectSameParts(const CvHostSaveFile& a, const CvHostSaveFile& b, const std::string& sName)
{
	EXPECT_TRUE(a.kHeader == b.kHeader) << sName;
	EXPECT_EQ(a.aInitCore, b.aInitCore) << sName;
	EXPECT_EQ(a.iAfterInitCore, b.iAfterInitCore) << sName;
	EXPECT_TRUE(a.aGameData == b.aGameData) << sName; // (millions of bytes: no dump)
	EXPECT_EQ(a.aTail, b.aTail) << sName;
}

class HostSaveFile : public ::testing::Test
{
protected:
	void SetUp() override
	{
		m_aSaves = everySave();
		if (m_aSaves.empty()) GTEST_SKIP() << "../shared/data is absent: " << sharedSaves().string();
	}
	std::vector<fs::path> m_aSaves;
};

TEST_F(HostSaveFile, EverySharedSaveReadsAsC4libReadsIt)
{
	size_t iKnown = 0;
	for (const fs::path& kPath : m_aSaves)
	{
		const std::string sName = nameOf(kPath);
		SCOPED_TRACE(sName);
		const CvHostSaveFile kSave = CvHostSaveFile::load(kPath.string());
		const CvHostSaveHeader& h = kSave.kHeader;
		EXPECT_EQ(h.iVersion, 302u);
		EXPECT_EQ(h.sModMd5, "");
		EXPECT_EQ(h.iChecksumWord, 0u);
		EXPECT_EQ(kSave.iAfterInitCore, 0u);
		const auto it = knownSaves().find(sName);
		if (it == knownSaves().end()) continue; // a save added since: it must still read (and round trip)
		++iKnown;
		const Known& k = it->second;
		EXPECT_EQ(h.sModName, k.szMod);
		if (sName == "Play_By_Email.CivBeyondSwordSave")
		{
			EXPECT_EQ(h.sLockModifiedAssets, "3.1.9.0 (128100)");
			EXPECT_EQ(h.asLockModifiedAssetsMd5[0], "d3ddc2261bb985184976fd26c21b49d8");
			EXPECT_EQ(h.asLockModifiedAssetsMd5[1], "a90a0d57089c87775439221f996bd37f");
			EXPECT_EQ(h.asLockModifiedAssetsMd5[2], "2b6d4bdfbc76598c8e24f6e07d4d70a9");
			EXPECT_EQ(h.asLockModifiedAssetsMd5[3], "43752dc5a2d7e3c8074708f1d3dd8c67");
		}
		else
		{
			EXPECT_EQ(h.sLockModifiedAssets, "");
			for (const std::string& s : h.asLockModifiedAssetsMd5) EXPECT_EQ(s, "");
		}
		EXPECT_EQ(kSave.aInitCore.size(), k.iInitCore);
		EXPECT_EQ(kSave.aGameData.size(), k.iGameData);
		EXPECT_EQ(kSave.aiChunkLengths.size(), k.iChunks);
		for (size_t i = 0; i + 1 < kSave.aiChunkLengths.size(); ++i) EXPECT_EQ(kSave.aiChunkLengths[i], 65536u);
		EXPECT_EQ(kSave.aTail.size(), k.iTail);
		EXPECT_EQ(kSave.checksum(), k.szChecksum);
		EXPECT_EQ(kSave.pickle(), sName == "Brennus-BC-4000-2.CivBeyondSwordSave" ? "N." : "S''\np0\n.");
		EXPECT_EQ(kSave.checksumByte(), 0);
	}
	EXPECT_EQ(iKnown, knownSaves().size()) << "a shared save named here is missing";
}

TEST_F(HostSaveFile, WritingGivesEverySaveBackByteForByte)
{
	for (const fs::path& kPath : m_aSaves)
	{
		const std::string sName = nameOf(kPath);
		const Bytes aFile = fileBytes(kPath);
		const CvHostSaveFile kSave = CvHostSaveFile::read(aFile, sName);
		const Bytes aWritten = kSave.write();
		EXPECT_TRUE(aWritten == aFile) << sName << ": " << aWritten.size() << " bytes written, " << aFile.size()
									   << " read";
		expectSameParts(kSave, CvHostSaveFile::read(aWritten, sName + " (written)"), sName);
	}
}

TEST_F(HostSaveFile, TheStoredChecksumIsTheGamesOverTheParts)
{
	for (const fs::path& kPath : m_aSaves)
	{
		const std::string sName = nameOf(kPath);
		if (!knownSaves().count(sName)) continue;
		const Bytes aFile = fileBytes(kPath);
		const CvHostSaveFile kSave = CvHostSaveFile::read(aFile, sName);
		const CvHostSavePasswords kPasswords = passwordsOf(kSave, sName);
		EXPECT_TRUE(kSave.checksumMatches(kPasswords)) << sName;
		EXPECT_EQ(kSave.checksumWith(kPasswords, kSave.sCompressedMd5), kSave.checksum()) << sName;
		EXPECT_TRUE(kSave.write(kPasswords) == aFile) << sName;

		CvHostSavePasswords kWrong = kPasswords;
		kWrong.sAdmin += u"x";
		EXPECT_FALSE(kSave.checksumMatches(kWrong)) << sName;
		kWrong = kPasswords;
		kWrong.asPlayers.pop_back();
		EXPECT_FALSE(kSave.checksumMatches(kWrong)) << sName;
	}
}

TEST_F(HostSaveFile, EditedGameDataIsWrittenWithAFreshChecksumIn64KiBChunks)
{
	const fs::path kPath = sharedSaves() / "Brennus-BC-4000-2.CivBeyondSwordSave";
	if (!fs::exists(kPath)) GTEST_SKIP() << "../shared/data is absent: " << kPath.string();
	CvHostSaveFile kSave = CvHostSaveFile::load(kPath.string());
	const CvHostSavePasswords kPasswords = passwordsOf(kSave, "Brennus-BC-4000-2.CivBeyondSwordSave");
	const std::string sOriginal = kSave.checksum();
	std::mt19937 kRandom(7);
	for (int i = 0; i < 200000; ++i) kSave.aGameData.push_back(static_cast<unsigned char>(kRandom()));

	const CvHostSaveFile kFresh = CvHostSaveFile::read(kSave.write(kPasswords), "fresh");
	EXPECT_TRUE(kFresh.aGameData == kSave.aGameData);
	EXPECT_NE(kFresh.checksum(), sOriginal);
	EXPECT_TRUE(kFresh.checksumMatches(kPasswords));
	ASSERT_GE(kFresh.aiChunkLengths.size(), 4u);
	for (size_t i = 0; i + 1 < kFresh.aiChunkLengths.size(); ++i) EXPECT_EQ(kFresh.aiChunkLengths[i], 65536u);
	EXPECT_LE(kFresh.aiChunkLengths.back(), 65536u);

	const CvHostSaveFile kStale = CvHostSaveFile::read(kSave.write(), "stale");
	EXPECT_EQ(kStale.checksum(), sOriginal);
	EXPECT_FALSE(kStale.checksumMatches(kPasswords));

	// built in memory: the compressed bytes' MD5 comes from deflating afresh
	CvHostSaveFile kBuilt = kFresh;
	kBuilt.sCompressedMd5.clear();
	kBuilt.aiChunkLengths.clear();
	EXPECT_TRUE(kBuilt.checksumMatches(kPasswords));
}

TEST_F(HostSaveFile, CutCopiesAreRefusedNamingTheFileAndThePart)
{
	for (const fs::path& kPath : m_aSaves)
	{
		const std::string sName = nameOf(kPath);
		const Bytes aFile = fileBytes(kPath);
		const CvHostSaveFile kSave = CvHostSaveFile::read(aFile, sName);
		const size_t iStream = streamOffset(kSave);
		const size_t iTail = aFile.size() - kSave.aTail.size();
		std::vector<size_t> aCuts;
		for (size_t i = 0; i < std::min(aFile.size(), iStream + 64); ++i) aCuts.push_back(i);
		for (size_t i = 0; i < 64; ++i) aCuts.push_back(iStream + (iTail - iStream) * i / 64);
		for (size_t i = iTail - 8; i < aFile.size(); ++i) aCuts.push_back(i);
		size_t iChunk = iStream;
		for (uint32_t iLength : kSave.aiChunkLengths)
		{
			aCuts.push_back(iChunk + 4 + iLength); // at a chunk's end, before the next length
			iChunk += 4 + iLength;
		}
		std::map<std::string, int> aParts;
		for (size_t iCut : aCuts)
		{
			const CvHostSaveError e = saveErrorOf([&] { CvHostSaveFile::read(aFile.data(), iCut, sName); });
			EXPECT_EQ(e.file(), sName) << iCut;
			EXPECT_EQ(std::string(e.what()).rfind(sName + ": ", 0), 0u) << e.what();
			++aParts[e.part()];
			if (iCut < 4)
				EXPECT_EQ(e.part(), iCut == 0 ? "file" : "header") << e.what();
			else if (iCut < iStream - 4 - kSave.aInitCore.size())
				EXPECT_EQ(e.part(), "header") << e.what();
			else if (iCut < iStream)
				EXPECT_TRUE(e.part() == "header" || e.part() == "init core") << e.what();
			else if (iCut < iTail)
				EXPECT_EQ(e.part(), "compressed stream") << e.what();
			else
				EXPECT_EQ(e.part(), "tail") << e.what();
		}
		EXPECT_GT(aParts["compressed stream"], 0) << sName;
		EXPECT_GT(aParts["tail"], 0) << sName;
	}
}

// Each flipped byte is refused, or lies outside the checksum (the mod name and MD5, the word after
// the init core, the tail but its end), or the checksum no longer matches: damage never passes as
// the game's data.
TEST_F(HostSaveFile, FlippedBytesAreRefusedOrCaughtByTheChecksum)
{
	for (const fs::path& kPath : m_aSaves)
	{
		const std::string sName = nameOf(kPath);
		if (!knownSaves().count(sName)) continue;
		Bytes aFile = fileBytes(kPath);
		const CvHostSaveFile kSave = CvHostSaveFile::read(aFile, sName);
		const size_t iStream = streamOffset(kSave);
		const size_t iTail = aFile.size() - kSave.aTail.size();
		const size_t iModEnd = 4 + 4 + kSave.kHeader.sModName.size() + 4 + kSave.kHeader.sModMd5.size();
		const size_t iInitCore = iStream - 4 - kSave.aInitCore.size();
		std::vector<size_t> aFlips;
		for (size_t i = 0; i < iInitCore; ++i) aFlips.push_back(i); // the header, every byte
		// inside the parts (most flips there read, and inflate): the two small saves only
		if (aFile.size() < 30000)
		{
			for (size_t i = aFile.size() - 40; i < aFile.size(); ++i) aFlips.push_back(i);
			for (size_t i = 0; i < 32; ++i)
			{
				aFlips.push_back(iInitCore + kSave.aInitCore.size() * i / 32);
				aFlips.push_back(iStream + (iTail - iStream) * i / 32);
				aFlips.push_back(iTail + (kSave.aTail.size() - 40) * i / 32);
			}
			aFlips.push_back(iStream - 4); // the word after the init core
			aFlips.push_back(iStream + 4); // the zlib header
			aFlips.push_back(iStream + 5);
		}
		int iRefused = 0, iCaught = 0, iOutside = 0;
		for (size_t iFlip : aFlips)
		{
			aFile[iFlip] ^= 0x5A;
			try
			{
				const CvHostSaveFile kRead = CvHostSaveFile::read(aFile, sName);
				bool bMatches = false;
				try
				{
					bMatches = kRead.checksumMatches(passwordsOf(kRead, sName));
				}
				catch (const CvHostBytesError&)
				{
					// the init core no longer reads (as the DLL's CvInitCore::read would not)
				}
				const bool bOutside = (iFlip >= 4 && iFlip < iModEnd) || (iFlip >= iStream - 4 && iFlip < iStream)
					|| (iFlip >= iTail && iFlip < aFile.size() - 37);
				if (bMatches)
				{
					EXPECT_TRUE(bOutside) << sName << ": the byte at " << iFlip << " flipped passes the checksum";
					++iOutside;
				}
				else
					++iCaught;
			}
			catch (const CvHostSaveError& e)
			{
				EXPECT_EQ(e.file(), sName);
				++iRefused;
			}
			aFile[iFlip] ^= 0x5A;
		}
		EXPECT_GT(iRefused, 0) << sName;
		EXPECT_GT(iCaught, 0) << sName;
	}
}

TEST_F(HostSaveFile, ForeignAndDamagedFilesAreRefusedClearly)
{
	const fs::path kPath = sharedSaves() / "Brennus-BC-4000-2.CivBeyondSwordSave";
	if (!fs::exists(kPath)) GTEST_SKIP() << "../shared/data is absent: " << kPath.string();
	const Bytes aFile = fileBytes(kPath);
	const CvHostSaveFile kSave = CvHostSaveFile::read(aFile, "x");
	const size_t iStream = streamOffset(kSave);
	const auto problem = [](const Bytes& a) {
		const CvHostSaveError e = saveErrorOf([&] { CvHostSaveFile::read(a, "f.CivBeyondSwordSave"); });
		return e.part() + ": " + e.problem();
	};
	const auto with = [&](size_t iAt, const Bytes& aNew) {
		Bytes a = aFile;
		std::copy(aNew.begin(), aNew.end(), a.begin() + std::ptrdiff_t(iAt));
		return a;
	};

	EXPECT_EQ(problem(Bytes()), "file: the file is empty: not a saved game");
	EXPECT_EQ(problem(Bytes{ 'V', 'e', 'r' }), "header: the file is 3 bytes: not a saved game");
	const std::string sWb = "Version=11\nBeginGame\n\tEra=NONE\nEndGame\n";
	EXPECT_EQ(problem(Bytes(sWb.begin(), sWb.end())),
		"header: not a Civilization IV saved game: it starts with 1936876886, where a save starts with its version "
		"(302)");
	EXPECT_EQ(problem(Bytes(4096, 0)).rfind("header: not a Civilization IV saved game", 0), 0u);
	EXPECT_EQ(problem(with(0, { 45, 1, 0, 0 })),
		"header: save version 301 (Beyond the Sword); the host reads Beyond the Sword 3.19's, version 302");
	EXPECT_EQ(problem(with(0, { 202, 0, 0, 0 })).rfind("header: save version 202 (Warlords)", 0), 0u);
	EXPECT_EQ(problem(with(4, { 0xFF, 0xFF, 0xFF, 0x7F })),
		"header: the file ends: the mod name of 2147483647 characters needs 2147483651 bytes, only 20404 left");
	EXPECT_EQ(problem(with(8, { 0xFE, 0xFF, 0xFF, 0xFF })), "header: the mod MD5: its length is -2");
	EXPECT_EQ(problem(with(8, { 3, 0, 0, 0 })).rfind("header: the mod MD5 is '", 0), 0u);
	EXPECT_EQ(problem(with(iStream - 8 - kSave.aInitCore.size(), { 0xFF, 0xFF, 0, 0 })),
		"header: the init core is 65535 bytes, but the file has 20368 left");
	EXPECT_EQ(problem(with(iStream, { 0xFF, 0xFF, 0, 0 })),
		"compressed stream: chunk 0 claims 65535 bytes, but the file has 17549 left");
	EXPECT_EQ(problem(with(iStream, { 0, 0, 0, 0 })),
		"compressed stream: the compressed stream is empty (its first chunk length is 0)");
	EXPECT_EQ(problem(with(iStream + 4, { 0x12, 0x34 })),
		"compressed stream: the first chunk does not start with a zlib header");
	EXPECT_EQ(
		problem(with(iStream + 6, Bytes(64, 0xFF))).rfind("game data: the compressed stream is damaged (zlib: ", 0),
		0u);
	EXPECT_EQ(problem(with(aFile.size() - 36, { 31 })),
		"tail: the file does not end with the checksum (a string of 32 hexadecimal digits)");
	EXPECT_EQ(problem(with(aFile.size() - 1, { 'g' })),
		"tail: the file does not end with the checksum (a string of 32 hexadecimal digits)");

	// a stream cut inside a deflate block, its chunk and the tail whole
	{
		const size_t iHalf = kSave.aiChunkLengths[0] / 2;
		CvHostBytes k(Bytes(aFile.begin(), aFile.begin() + std::ptrdiff_t(iStream)));
		k.setPosition(k.size());
		k.writeU32(static_cast<uint32_t>(iHalf));
		k.writeBytes(aFile.data() + iStream + 4, iHalf);
		k.writeU32(0);
		k.writeBlock(kSave.aTail);
		EXPECT_EQ(
			problem(k.data()), "game data: the compressed stream stops inside a deflate block (cut short or damaged)");
	}
	// a finished stream (which the game does not write, but zlib reads) with bytes after its end
	{
		Bytes aFinished(compressBound(uLong(kSave.aGameData.size())) + 8);
		uLongf iFinished = uLongf(aFinished.size());
		ASSERT_EQ(compress(aFinished.data(), &iFinished, kSave.aGameData.data(), uLong(kSave.aGameData.size())), Z_OK);
		aFinished.resize(iFinished);
		CvHostBytes k(Bytes(aFile.begin(), aFile.begin() + std::ptrdiff_t(iStream)));
		k.setPosition(k.size());
		k.writeU32(static_cast<uint32_t>(aFinished.size() + 3));
		k.writeBlock(aFinished);
		k.writeBytes("abc", 3);
		k.writeU32(0);
		k.writeBlock(kSave.aTail);
		EXPECT_EQ(problem(k.data()), "game data: the compressed stream ends 3 bytes before its chunks do");
		k.setPosition(iStream);
		k.writeU32(static_cast<uint32_t>(aFinished.size()));
		k.writeBlock(aFinished);
		k.writeU32(0);
		k.writeBlock(kSave.aTail);
		k.truncate();
		EXPECT_TRUE(CvHostSaveFile::read(k.data(), "finished").aGameData == kSave.aGameData);
	}

	Bytes aHuge(CvHostSaveFile::kMaxFileBytes + 1, 0);
	EXPECT_EQ(problem(aHuge), "file: the file is 67108865 bytes, larger than a saved game can be (at most 64 MB)");
}

TEST(HostSaveFileAlone, FilesThatCannotBeReadOrWritten)
{
	const fs::path kMissing = fs::temp_directory_path() / "cvvision-no-such-save.CivBeyondSwordSave";
	CvHostSaveError e = saveErrorOf([&] { CvHostSaveFile::load(kMissing.string()); });
	EXPECT_EQ(std::string(e.what()), kMissing.string() + ": file, offset 0: cannot open the file");
	e = saveErrorOf([&] { CvHostSaveFile::load(fs::temp_directory_path().string()); });
	EXPECT_EQ(e.part(), "file");
	EXPECT_EQ(e.problem(), "cannot read the file (a folder?)");

	CvHostSaveFile kEmpty;
	e = saveErrorOf([&] { kEmpty.checksum(); });
	EXPECT_EQ(e.part(), "tail");
	e = saveErrorOf([&] { kEmpty.save((fs::temp_directory_path() / "no-such-folder" / "x").string()); });
	EXPECT_EQ(e.problem(), "cannot create the file");
}

TEST(HostSaveFileAlone, ASaveBuiltInMemoryReadsBack)
{
	CvHostSaveFile k;
	k.kHeader.sModName = "Mods\\Test\\";
	k.aInitCore = { 1, 0, 0, 0, 2, 0, 0, 0 };
	for (int i = 0; i < 100000; ++i) k.aGameData.push_back(static_cast<unsigned char>(i % 7));
	CvHostBytes kTail;
	kTail.writeString(std::string("N."));
	kTail.writeBytes(Bytes(32, 0).data(), 32);
	kTail.writeU8(0);
	kTail.writeString(std::string(32, '0'));
	k.aTail = kTail.take();
	CvHostSavePasswords kPasswords;
	kPasswords.asPlayers.resize(19);
	const CvHostSaveFile kRead = CvHostSaveFile::read(k.write(kPasswords), "built");
	EXPECT_NE(kRead.checksum(), std::string(32, '0'));
	k.setChecksum(kRead.checksum());
	expectSameParts(k, kRead, "built");
	EXPECT_TRUE(kRead.checksumMatches(kPasswords));
	EXPECT_EQ(kRead.pickle(), "N.");
	EXPECT_EQ(kRead.aiChunkLengths.size(), 1u);

	CvHostSaveFile kBad = k;
	const CvHostSaveError e = saveErrorOf([&] { kBad.setChecksum("xyz"); });
	EXPECT_EQ(e.problem(), "a checksum is 32 hexadecimal digits, not 'xyz'");
}

} // namespace
