// Save reader (tools/SaveReader.h): the three shared real saves read completely, and damaged or
// "modded" copies refused with a SaveError that names the file, the offset and the problem.
#include "formats/SaveReader.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <random>
#include <string>
#include <vector>

using namespace cvv;

#ifndef CVVISION_SHARED_DIR
#error "CVVISION_SHARED_DIR: the shared data folder (tests/CMakeLists.txt defines it)"
#endif

namespace fs = std::filesystem;

namespace {

using Bytes = std::vector<unsigned char>;

fs::path sharedSaves() { return fs::path(CVVISION_SHARED_DIR) / "data" / "civ4" / "saves"; }

fs::path sharedSave(const std::string& sName) { return sharedSaves() / (sName + ".CivBeyondSwordSave"); }

Bytes readBytes(const fs::path& kPath)
{
	std::ifstream kIn(kPath, std::ios::binary);
	return Bytes((std::istreambuf_iterator<char>(kIn)), std::istreambuf_iterator<char>());
}

// A throw-away folder for damaged copies.
class TempDir
{
public:
	TempDir()
	{
		std::random_device kRandom;
		m_kRoot = fs::temp_directory_path() / ("cvvision-saves-" + std::to_string(kRandom()));
		fs::create_directories(m_kRoot);
	}
	~TempDir() { fs::remove_all(m_kRoot); }
	fs::path write(const std::string& sName, const Bytes& a) const
	{
		const fs::path kPath = m_kRoot / sName;
		std::ofstream kOut(kPath, std::ios::binary);
		kOut.write(reinterpret_cast<const char*>(a.data()), static_cast<std::streamsize>(a.size()));
		return kPath;
	}

private:
	fs::path m_kRoot;
};

// The SaveError message of reading kPath, or "" when it reads.
std::string errorOf(const fs::path& kPath)
{
	try
	{
		readSave(kPath);
	}
	catch (const SaveError& kError)
	{
		return kError.what();
	}
	return "";
}

uint32_t u32At(const Bytes& a, size_t i)
{
	return uint32_t(a[i]) | (uint32_t(a[i + 1]) << 8) | (uint32_t(a[i + 2]) << 16) | (uint32_t(a[i + 3]) << 24);
}
void putU32(Bytes& a, size_t i, uint32_t v)
{
	for (int b = 0; b < 4; ++b) a[i + size_t(b)] = static_cast<unsigned char>(v >> (8 * b));
}
void putU16(Bytes& a, size_t i, uint16_t v)
{
	a[i] = static_cast<unsigned char>(v);
	a[i + 1] = static_cast<unsigned char>(v >> 8);
}

// A save cut in its three parts: the uncompressed header (up to the first chunk length), the
// inflated game data, and the bytes after the zero chunk length.
struct SplitSave
{
	Bytes aHeader;
	Bytes aData;
	Bytes aTail;
	size_t iFirstChunk = 0; // file offset of the first chunk length
};

SplitSave split(const Bytes& aFile)
{
	SplitSave k;
	const size_t iSetUpSize = u32At(aFile, 36);
	k.iFirstChunk = 40 + iSetUpSize + 4;
	k.aHeader.assign(aFile.begin(), aFile.begin() + std::ptrdiff_t(k.iFirstChunk));
	Bytes aCompressed;
	size_t i = k.iFirstChunk;
	for (;;)
	{
		const uint32_t iLength = u32At(aFile, i);
		i += 4;
		if (iLength == 0) break;
		aCompressed.insert(
			aCompressed.end(), aFile.begin() + std::ptrdiff_t(i), aFile.begin() + std::ptrdiff_t(i + iLength));
		i += iLength;
	}
	k.aTail.assign(aFile.begin() + std::ptrdiff_t(i), aFile.end());

	z_stream z;
	std::memset(&z, 0, sizeof(z));
	inflateInit(&z);
	z.next_in = aCompressed.data();
	z.avail_in = static_cast<uInt>(aCompressed.size());
	Bytes aBuffer(1 << 16);
	for (;;)
	{
		z.next_out = aBuffer.data();
		z.avail_out = static_cast<uInt>(aBuffer.size());
		const int iRet = inflate(&z, Z_SYNC_FLUSH);
		k.aData.insert(k.aData.end(), aBuffer.begin(), aBuffer.end() - std::ptrdiff_t(z.avail_out));
		if (iRet != Z_OK) break;
	}
	inflateEnd(&z);
	return k;
}

// Deflates aData (a finished zlib stream) and cuts it into 64 KiB chunks, as the game does.
Bytes repack(const SplitSave& k, const Bytes& aData)
{
	uLongf iSize = compressBound(static_cast<uLong>(aData.size()));
	Bytes aCompressed(iSize);
	compress2(aCompressed.data(), &iSize, aData.data(), static_cast<uLong>(aData.size()), 6);
	aCompressed.resize(iSize);
	Bytes aFile = k.aHeader;
	for (size_t i = 0; i < aCompressed.size(); i += 65536)
	{
		const size_t iLength = std::min<size_t>(65536, aCompressed.size() - i);
		aFile.resize(aFile.size() + 4);
		putU32(aFile, aFile.size() - 4, static_cast<uint32_t>(iLength));
		aFile.insert(
			aFile.end(), aCompressed.begin() + std::ptrdiff_t(i), aCompressed.begin() + std::ptrdiff_t(i + iLength));
	}
	aFile.resize(aFile.size() + 4);
	putU32(aFile, aFile.size() - 4, 0);
	aFile.insert(aFile.end(), k.aTail.begin(), k.aTail.end());
	return aFile;
}

// An independent walk of the plot records (docs/file-formats.md, section 3, the table) inside the
// inflated data, to find the byte offsets a damaged copy changes.
struct PlotOffsets
{
	size_t iStart = 0; // field 1
	size_t iX = 0; // field 2
	size_t iVisibility = 0; // the count byte of field 17
	size_t iUnits = 0; // the count of field 28
};

class PlotWalker
{
public:
	PlotWalker(const Bytes& aData, int iWidth, int iHeight) : m_a(aData)
	{
		// the map header: flag 0, width, height, five ints, two bools, 2 x 35 bonus counts
		for (size_t i = 0; i + 400 < m_a.size(); ++i)
			if (u32At(m_a, i) == 0 && int(u32At(m_a, i + 4)) == iWidth && int(u32At(m_a, i + 8)) == iHeight)
			{
				const size_t iFirst = i + 4 + 7 * 4 + 2 + 8 * 35;
				if (u32At(m_a, iFirst) == 0 && u32At(m_a, iFirst + 4) == 0)
				{
					m_iPos = iFirst;
					break;
				}
			}
		for (int i = 0; m_iPos != 0 && i < iWidth * iHeight; ++i) m_aPlots.push_back(walkOne());
	}
	const std::vector<PlotOffsets>& plots() const { return m_aPlots; }
	size_t end() const { return m_iPos; }

private:
	int8_t i8() { return static_cast<int8_t>(m_a[m_iPos++]); }
	int32_t i32()
	{
		const int32_t v = static_cast<int32_t>(u32At(m_a, m_iPos));
		m_iPos += 4;
		return v;
	}
	void counted8(size_t iEach)
	{
		const int n = i8();
		m_iPos += size_t(n) * iEach;
	}
	PlotOffsets walkOne()
	{
		PlotOffsets k;
		k.iStart = m_iPos;
		m_iPos += 4; // flag
		k.iX = m_iPos;
		m_iPos += 4 + 4 + 12 + 4 + 6 + 6 + 1 + 12 + 2 + 24 + 6; // fields 2..12
		counted8(4); // 13 culture
		counted8(2); // 14 found value
		counted8(1); // 15 city radius
		counted8(4); // 16 plot group
		k.iVisibility = m_iPos;
		counted8(2); // 17 visibility
		counted8(2); // 18 stolen
		counted8(2); // 19 blockaded
		counted8(1); // 20 revealed owner
		counted8(1); // 21 river crossing
		counted8(1); // 22 revealed
		counted8(2); // 23 revealed improvement
		counted8(2); //    revealed route
		m_iPos += size_t(i32()); // 24 script data
		m_iPos += size_t(i32()) * 2; // 25 build progress
		for (int n = i8(), i = 0; i < n; ++i) m_iPos += size_t(i32()); // 26
		for (int n = i8(), i = 0; i < n; ++i) m_iPos += size_t(i32()) * 2; // 27
		k.iUnits = m_iPos;
		m_iPos += size_t(i32()) * 8; // 28
		return k;
	}

	const Bytes& m_a;
	size_t m_iPos = 0;
	std::vector<PlotOffsets> m_aPlots;
};

class SharedSave : public ::testing::TestWithParam<const char*>
{};

} // namespace

// ---------------------------------------------------------------------------------------------
// The shared real saves
// ---------------------------------------------------------------------------------------------
TEST_P(SharedSave, EveryPlotUnitCityAndTeamReadsSanely)
{
	const fs::path kPath = sharedSave(GetParam());
	if (!fs::exists(kPath)) GTEST_SKIP() << "../shared/data is absent: " << kPath.string();

	const SaveGame g = readSave(kPath);
	EXPECT_EQ(g.iSaveVersion, 302);
	EXPECT_EQ(g.iMaxPlayers, 19);
	EXPECT_EQ(g.iMaxTeams, 19);
	ASSERT_GT(g.iWidth, 0);
	ASSERT_GT(g.iHeight, 0);
	ASSERT_EQ(g.aPlots.size(), size_t(g.iWidth) * size_t(g.iHeight));

	size_t iListed = 0;
	std::map<std::pair<int, int>, int> kWhere;
	for (int i = 0; i < int(g.aPlots.size()); ++i)
	{
		const SavePlot& p = g.aPlots[size_t(i)];
		ASSERT_EQ(p.iX, i % g.iWidth) << "plot " << i;
		ASSERT_EQ(p.iY, i / g.iWidth) << "plot " << i;
		ASSERT_GE(p.ePlotType, 0);
		ASSERT_LE(p.ePlotType, 3);
		ASSERT_GE(p.eTerrain, 0);
		ASSERT_GE(p.eOwner, -1);
		ASSERT_LT(p.eOwner, 19);
		ASSERT_EQ(p.aiVisibility.size(), 19u);
		ASSERT_EQ(p.aiStolenVisibility.size(), 19u);
		ASSERT_EQ(p.abRevealed.size(), 19u);
		ASSERT_EQ(p.aeRevealedOwner.size(), 19u);
		ASSERT_EQ(p.aeRevealedImprovement.size(), 19u);
		ASSERT_EQ(p.aeRevealedRoute.size(), 19u);
		ASSERT_EQ(p.aaiInvisibleVisibility.size(), 19u);
		for (int t = 0; t < 19; ++t)
		{
			ASSERT_GE(p.aiVisibility[size_t(t)], 0) << "plot " << i << " team " << t;
			ASSERT_GE(p.aiStolenVisibility[size_t(t)], 0);
			ASSERT_EQ(p.aaiInvisibleVisibility[size_t(t)].size(), 2u);
			for (int iCount : p.aaiInvisibleVisibility[size_t(t)]) ASSERT_GE(iCount, 0);
			// a team that sees a plot has it revealed
			if (p.aiVisibility[size_t(t)] > 0)
			{
				ASSERT_TRUE(p.abRevealed[size_t(t)]) << "plot " << i << " team " << t;
			}
		}
		for (const auto& kRef : p.aUnits) kWhere[kRef] = i;
		iListed += p.aUnits.size();
	}

	ASSERT_TRUE(g.bHasPlayerSections);
	ASSERT_EQ(g.aPlayers.size(), 19u);
	ASSERT_EQ(g.aTeams.size(), 19u);
	EXPECT_EQ(iListed, g.aUnits.size()) << "units listed on plots vs units read from the players";
	EXPECT_EQ(kWhere.size(), g.aUnits.size());
	for (const SaveUnit& u : g.aUnits)
	{
		ASSERT_GE(u.ePlayer, 0);
		ASSERT_LT(u.ePlayer, 19);
		ASSERT_GE(u.eType, 0);
		ASSERT_GE(u.eFacing, 0);
		ASSERT_LT(u.eFacing, 8);
		const auto it = kWhere.find({ u.ePlayer, u.iId });
		ASSERT_NE(it, kWhere.end()) << "unit " << u.iId << " of player " << u.ePlayer;
		EXPECT_EQ(it->second, u.iY * g.iWidth + u.iX);
		EXPECT_TRUE(g.aPlayers[size_t(u.ePlayer)].bAlive);
		EXPECT_TRUE(std::is_sorted(u.aePromotions.begin(), u.aePromotions.end()));
		EXPECT_EQ(u.iReconX < 0, u.iReconY < 0);
	}
	for (const SaveCity& c : g.aCities)
	{
		ASSERT_GE(c.ePlayer, 0);
		const SavePlot& p = g.aPlots[size_t(c.iY * g.iWidth + c.iX)];
		EXPECT_EQ(p.eOwner, c.ePlayer) << "a city's plot belongs to the city's owner";
		ASSERT_EQ(c.aiEspionageVisibility.size(), 19u);
		for (int v : c.aiEspionageVisibility) EXPECT_TRUE(v == 0 || v == 1);
	}
	int iAliveTeams = 0;
	for (int iPlayer = 0; iPlayer < 19; ++iPlayer)
	{
		const SavePlayer& kPlayer = g.aPlayers[size_t(iPlayer)];
		ASSERT_GE(kPlayer.eTeam, 0);
		ASSERT_LT(kPlayer.eTeam, 19);
		iAliveTeams += kPlayer.bAlive ? 1 : 0;
	}
	EXPECT_GE(iAliveTeams, 3);
	EXPECT_TRUE(g.aPlayers[18].bAlive) << "the barbarians";
	for (const SaveTeam& t : g.aTeams)
	{
		ASSERT_EQ(t.abHasTech.size(), 92u);
		EXPECT_GE(t.eVassalOf, -1);
		EXPECT_LT(t.eVassalOf, 19);
	}
}

INSTANTIATE_TEST_SUITE_P(Shared, SharedSave,
	::testing::Values("churchill-random-roll", "survivor-6-wildcard", "Gandhi-culture-win-t331", "sillyman",
		"Play_By_Email", "Brennus-BC-4000-2"));

// A play-by-email game: the header carries the Lock Modified Assets text and four MD5s
// (docs/file-formats.md, section 3.1).
TEST(SaveReader, LockModifiedAssetsHeaderIsUnmodifiedBts)
{
	const fs::path kPath = sharedSave("Play_By_Email");
	if (!fs::exists(kPath)) GTEST_SKIP() << "../shared/data is absent: " << kPath.string();
	const SaveGame g = readSave(kPath);
	EXPECT_EQ(g.sLockModifiedAssets, "3.1.9.0 (128100)");
	ASSERT_EQ(g.asLockModifiedAssetsMd5.size(), 4u);
	for (const std::string& s : g.asLockModifiedAssetsMd5) EXPECT_EQ(s.size(), 32u) << s;
	EXPECT_TRUE(readSave(sharedSave("churchill-random-roll")).sLockModifiedAssets.empty());
}

// Every team of this start-of-game save has the format flag 0xfa17cec1 (its team AI 0xfa17cec0),
// which the game reads and ignores; the reader reads the save as the game does.
TEST(SaveReader, FlagsTheGameIgnoresMayHoldAnything)
{
	const fs::path kPath = sharedSave("Brennus-BC-4000-2");
	if (!fs::exists(kPath)) GTEST_SKIP() << "../shared/data is absent: " << kPath.string();
	const SaveGame g = readSave(kPath);
	EXPECT_TRUE(g.bHasPlayerSections);
	EXPECT_FALSE(g.aUnits.empty());
}

TEST(SaveReader, EarlySaveFacts)
{
	const fs::path kPath = sharedSave("churchill-random-roll");
	if (!fs::exists(kPath)) GTEST_SKIP() << "../shared/data is absent: " << kPath.string();
	const SaveGame g = readSave(kPath);
	EXPECT_EQ(g.iWidth, 84);
	EXPECT_EQ(g.iHeight, 52);
	EXPECT_TRUE(g.bWrapX);
	EXPECT_FALSE(g.bWrapY);
	EXPECT_EQ(g.aUnits.size(), 52u);
	EXPECT_EQ(g.aCities.size(), 7u);
	for (const SaveUnit& u : g.aUnits) EXPECT_EQ(u.iReconX, -1);
	// London, the human player's capital (player 0)
	bool bLondon = false;
	for (const SaveCity& c : g.aCities) bLondon |= c.ePlayer == 0 && c.iX == 60 && c.iY == 34;
	EXPECT_TRUE(bLondon);
}

TEST(SaveReader, LateSaveFacts)
{
	const fs::path kPath = sharedSave("Gandhi-culture-win-t331");
	if (!fs::exists(kPath)) GTEST_SKIP() << "../shared/data is absent: " << kPath.string();
	const SaveGame g = readSave(kPath);
	EXPECT_EQ(g.iWidth, 64);
	EXPECT_EQ(g.iHeight, 40);
	EXPECT_EQ(g.aUnits.size(), 471u);
	EXPECT_EQ(g.aCities.size(), 47u);
	const int kOptics = 72; // TECH_OPTICS in the BTS tech list
	for (int t = 0; t < 5; ++t) EXPECT_TRUE(g.aTeams[size_t(t)].abHasTech[kOptics]) << "team " << t;
	int iRecon = 0;
	int iPromoted = 0;
	bool bSentry = false;
	const int kSentry = 39; // PROMOTION_SENTRY
	for (const SaveUnit& u : g.aUnits)
	{
		iRecon += u.iReconX >= 0 ? 1 : 0;
		iPromoted += u.aePromotions.empty() ? 0 : 1;
		bSentry |= std::find(u.aePromotions.begin(), u.aePromotions.end(), kSentry) != u.aePromotions.end();
	}
	EXPECT_EQ(iRecon, 2) << "air units that reconned";
	EXPECT_GT(iPromoted, 300);
	EXPECT_TRUE(bSentry);
	int iSpied = 0;
	for (const SaveCity& c : g.aCities)
		for (int v : c.aiEspionageVisibility) iSpied += v;
	EXPECT_GT(iSpied, 0) << "espionage sight of some city";
}

// ---------------------------------------------------------------------------------------------
// Damaged copies
// ---------------------------------------------------------------------------------------------
class DamagedSave : public ::testing::Test
{
protected:
	void SetUp() override
	{
		m_kOriginal = sharedSave("churchill-random-roll");
		if (!fs::exists(m_kOriginal)) GTEST_SKIP() << "../shared/data is absent: " << m_kOriginal.string();
		m_aFile = readBytes(m_kOriginal);
		m_kSplit = split(m_aFile);
		m_kGame = readSave(m_kOriginal);
	}

	// Writes a, reads it, and expects a SaveError naming the copy, an offset and sExpected.
	std::string expectRefused(const std::string& sName, const Bytes& a, const std::string& sExpected = "")
	{
		const fs::path kPath = m_kTemp.write(sName, a);
		const std::string sError = errorOf(kPath);
		EXPECT_FALSE(sError.empty()) << sName << " was read";
		EXPECT_EQ(sError.rfind(kPath.string() + ": offset ", 0), 0u) << sError;
		EXPECT_NE(sError.find(sExpected), std::string::npos) << sName << ": " << sError;
		return sError;
	}

	// The original with its header strings (docs/file-formats.md, section 3.1) replaced: mod name,
	// Lock Modified Assets text and MD5s.
	Bytes withHeaderStrings(
		const std::string& sMod, const std::string& sLock, const std::vector<std::string>& asMd5) const
	{
		auto put = [](Bytes& a, const std::string& sText) {
			const size_t i = a.size();
			a.resize(i + 4);
			putU32(a, i, uint32_t(sText.size()));
			a.insert(a.end(), sText.begin(), sText.end());
		};
		Bytes a(m_aFile.begin(), m_aFile.begin() + 4); // the version
		put(a, sMod);
		put(a, ""); // the mod's MD5
		a.resize(a.size() + 4); // the checksum word
		put(a, sLock);
		for (size_t i = 0; i < 4; ++i) put(a, i < asMd5.size() ? asMd5[i] : std::string());
		a.insert(a.end(), m_aFile.begin() + 36, m_aFile.end()); // the set-up block's size onwards
		return a;
	}

	// The first plot of kWalk that has its per-team visibility array (the count 19); past the end if none.
	size_t firstPlotWithVisibility(const PlotWalker& kWalk) const
	{
		size_t iPlot = 0;
		while (iPlot < kWalk.plots().size() && m_kSplit.aData[kWalk.plots()[iPlot].iVisibility] != 19) ++iPlot;
		return iPlot;
	}

	fs::path m_kOriginal;
	Bytes m_aFile;
	SplitSave m_kSplit;
	SaveGame m_kGame;
	TempDir m_kTemp;
};

TEST_F(DamagedSave, RepackedCopyReadsTheSame)
{
	// guards the helpers below: a finished, re-chunked zlib stream is read like the game's own
	const fs::path kPath = m_kTemp.write("repacked.CivBeyondSwordSave", repack(m_kSplit, m_kSplit.aData));
	const SaveGame g = readSave(kPath);
	ASSERT_EQ(g.aPlots.size(), m_kGame.aPlots.size());
	EXPECT_EQ(g.aUnits.size(), m_kGame.aUnits.size());
	for (size_t i = 0; i < g.aPlots.size(); ++i) ASSERT_EQ(g.aPlots[i].aiVisibility, m_kGame.aPlots[i].aiVisibility);
}

TEST_F(DamagedSave, EmptyAndMissingFiles)
{
	expectRefused("empty.CivBeyondSwordSave", Bytes(), "the file is empty");
	const std::string sError = errorOf(fs::path(CVVISION_SHARED_DIR) / "no-such-file.CivBeyondSwordSave");
	EXPECT_NE(sError.find("cannot open"), std::string::npos) << sError;
}

TEST_F(DamagedSave, TruncatedHeader)
{
	for (size_t iCut : { size_t(2), size_t(4), size_t(20), size_t(39), size_t(100), size_t(1000) })
	{
		const Bytes a(m_aFile.begin(), m_aFile.begin() + std::ptrdiff_t(iCut));
		expectRefused("cut-" + std::to_string(iCut) + ".CivBeyondSwordSave", a, "(header");
	}
	// right after the set-up block, before the chunk lengths
	const Bytes a(m_aFile.begin(), m_aFile.begin() + std::ptrdiff_t(m_kSplit.iFirstChunk));
	expectRefused("cut-before-chunks.CivBeyondSwordSave", a, "end marker");
}

TEST_F(DamagedSave, TruncatedInTheCompressedStream)
{
	const size_t iStream = m_kSplit.iFirstChunk;
	const size_t iEnd = m_aFile.size() - m_kSplit.aTail.size();
	for (size_t iCut : { iStream + 2, iStream + 6, iStream + 1000, (iStream + iEnd) / 2, iEnd - 5, iEnd - 1 })
	{
		const Bytes a(m_aFile.begin(), m_aFile.begin() + std::ptrdiff_t(iCut));
		expectRefused("stream-cut-" + std::to_string(iCut) + ".CivBeyondSwordSave", a, "(compressed stream)");
	}
}

TEST_F(DamagedSave, TruncatedGameData)
{
	const PlotWalker kWalk(m_kSplit.aData, m_kGame.iWidth, m_kGame.iHeight);
	ASSERT_EQ(kWalk.plots().size(), m_kGame.aPlots.size());
	// mid-plots: inside plot 1000's record, and just after the map header
	const size_t iInPlot = kWalk.plots()[1000].iStart + 30;
	expectRefused("data-cut-plot.CivBeyondSwordSave",
		repack(m_kSplit, Bytes(m_kSplit.aData.begin(), m_kSplit.aData.begin() + std::ptrdiff_t(iInPlot))),
		"plot record 1000 (x=");
	const size_t iFirst = kWalk.plots()[0].iStart;
	expectRefused("data-cut-first-plot.CivBeyondSwordSave",
		repack(m_kSplit, Bytes(m_kSplit.aData.begin(), m_kSplit.aData.begin() + std::ptrdiff_t(iFirst))),
		"the data ends");
	// in the game section, in the areas, in the teams, in the players
	for (size_t iCut : { size_t(5000), kWalk.end() + 100, kWalk.end() + 150000, m_kSplit.aData.size() * 9 / 10 })
	{
		const std::string sError = expectRefused("data-cut-" + std::to_string(iCut) + ".CivBeyondSwordSave",
			repack(m_kSplit, Bytes(m_kSplit.aData.begin(), m_kSplit.aData.begin() + std::ptrdiff_t(iCut))));
		EXPECT_NE(sError.find("inflated game data"), std::string::npos) << sError;
	}
}

TEST_F(DamagedSave, ChunkLengthThatLies)
{
	Bytes a = m_aFile;
	const uint32_t iLength = u32At(a, m_kSplit.iFirstChunk);
	putU32(a, m_kSplit.iFirstChunk, uint32_t(a.size()) * 2); // beyond the file
	expectRefused("chunk-beyond.CivBeyondSwordSave", a, "claims");

	a = m_aFile;
	putU32(a, m_kSplit.iFirstChunk, iLength + 7); // too long: swallows the end marker and part of the tail
	expectRefused("chunk-long.CivBeyondSwordSave", a);

	a = m_aFile;
	putU32(a, m_kSplit.iFirstChunk, iLength - 100); // too short: the rest reads as a chunk length
	expectRefused("chunk-short.CivBeyondSwordSave", a);
}

TEST_F(DamagedSave, WrongVersionAndModdedHeader)
{
	Bytes a = m_aFile;
	putU32(a, 0, 303);
	expectRefused("version.CivBeyondSwordSave", a, "not an unmodified BTS 3.19 save: save version 303");

	expectRefused("modname.CivBeyondSwordSave", withHeaderStrings("Mods\\Test\\", "", {}),
		"not an unmodified BTS 3.19 save: the header names the mod 'Mods\\Test\\'");
	expectRefused("md5.CivBeyondSwordSave",
		withHeaderStrings("", "3.1.9.0 (128100)", { "d3ddc2261bb98518", "", "", "" }),
		"a Lock Modified Assets MD5 is 'd3ddc2261bb98518'");
	a = m_aFile;
	putU32(a, 4, 7); // a mod name of 7 zero bytes: not a text
	expectRefused("modname-zero.CivBeyondSwordSave", a, "(header): the header's mod name holds a control character");

	a = m_aFile;
	putU32(a, 36, u32At(a, 36) - 4); // the set-up block one int short
	expectRefused("setup.CivBeyondSwordSave", a, "not an unmodified BTS 3.19 save: the set-up block");
}

TEST_F(DamagedSave, LockModifiedAssetsHeaderReadsTheSame)
{
	const std::string sMd5 = "0123456789abcdef0123456789ABCDEF";
	const fs::path kPath = m_kTemp.write(
		"locked.CivBeyondSwordSave", withHeaderStrings("", "3.1.9.0 (128100)", { sMd5, sMd5, sMd5, sMd5 }));
	const SaveGame g = readSave(kPath);
	EXPECT_EQ(g.sLockModifiedAssets, "3.1.9.0 (128100)");
	EXPECT_EQ(g.asLockModifiedAssetsMd5, std::vector<std::string>(4, sMd5));
	ASSERT_EQ(g.aPlots.size(), m_kGame.aPlots.size());
	EXPECT_EQ(g.aUnits.size(), m_kGame.aUnits.size());
	for (size_t i = 0; i < g.aPlots.size(); ++i) ASSERT_EQ(g.aPlots[i].aiVisibility, m_kGame.aPlots[i].aiVisibility);
}

TEST_F(DamagedSave, IgnoredFlagsAreIgnoredCheckedFlagsChecked)
{
	// team 0 starts after the areas: a free list (slots, four ints, one int a slot, count), then
	// 'count' area records of 7953 bytes each (docs/file-formats.md, section 3; the public c4lib's
	// CvArea)
	const PlotWalker kWalk(m_kSplit.aData, m_kGame.iWidth, m_kGame.iHeight);
	ASSERT_EQ(kWalk.plots().size(), m_kGame.aPlots.size());
	const size_t iSlots = u32At(m_kSplit.aData, kWalk.end());
	const size_t iCountAt = kWalk.end() + 4 * (5 + iSlots);
	const size_t iTeam0 = iCountAt + 4 + 7953 * size_t(u32At(m_kSplit.aData, iCountAt));
	ASSERT_EQ(u32At(m_kSplit.aData, iTeam0), 0u);
	ASSERT_EQ(u32At(m_kSplit.aData, iTeam0 + 102), 0u) << "team 0's id";
	Bytes aData = m_kSplit.aData;
	putU32(aData, iTeam0, 0xfa17cec1u);
	const fs::path kPath = m_kTemp.write("teamflag.CivBeyondSwordSave", repack(m_kSplit, aData));
	EXPECT_EQ(readSave(kPath).aUnits.size(), m_kGame.aUnits.size());
	// the game's own flag decides its layout (flag 0 adds fields): checked
	aData = m_kSplit.aData;
	putU32(aData, 0, 0);
	expectRefused("gameflag.CivBeyondSwordSave", repack(m_kSplit, aData), "the game's format flag is 0");
}

TEST_F(DamagedSave, CorruptZlibStream)
{
	Bytes a = m_aFile;
	const size_t iMiddle = m_kSplit.iFirstChunk + 4 + 2000;
	for (size_t i = 0; i < 64; ++i) a[iMiddle + i] = static_cast<unsigned char>(0xA5 ^ i);
	expectRefused("zlib-corrupt.CivBeyondSwordSave", a);

	a = m_aFile;
	a[m_kSplit.iFirstChunk + 4] = 0x12; // not a zlib header
	expectRefused("zlib-header.CivBeyondSwordSave", a, "zlib header");
}

TEST_F(DamagedSave, ModdedPlotLayoutIsRefused)
{
	const PlotWalker kWalk(m_kSplit.aData, m_kGame.iWidth, m_kGame.iHeight);
	ASSERT_EQ(kWalk.plots().size(), m_kGame.aPlots.size());
	// the first plot that has its per-team visibility array: its count 19 becomes 40
	const size_t iPlot = firstPlotWithVisibility(kWalk);
	ASSERT_LT(iPlot, kWalk.plots().size());
	Bytes aData = m_kSplit.aData;
	aData[kWalk.plots()[iPlot].iVisibility] = 40;
	const std::string sError = expectRefused("modded-count.CivBeyondSwordSave", repack(m_kSplit, aData),
		"not an unmodified BTS 3.19 save: the plot's visibility count per team "
		"array has 40 entries");
	EXPECT_NE(sError.find("plot record " + std::to_string(iPlot)), std::string::npos) << sError;
}

TEST_F(DamagedSave, PlotCountsReadWholeIntoTheRecords)
{
	// a visibility count at the end of its 16-bit range (the game does not bound it) is read, not
	// refused: the built-in layout's records hold the values the bytes hold
	const PlotWalker kWalk(m_kSplit.aData, m_kGame.iWidth, m_kGame.iHeight);
	ASSERT_EQ(kWalk.plots().size(), m_kGame.aPlots.size());
	const size_t iPlot = firstPlotWithVisibility(kWalk);
	ASSERT_LT(iPlot, kWalk.plots().size());
	Bytes aData = m_kSplit.aData;
	putU16(aData, kWalk.plots()[iPlot].iVisibility + 1 + 2 * 3, 0x7fff); // team 3's
	const fs::path kPath = m_kTemp.write("visibility-max.CivBeyondSwordSave", repack(m_kSplit, aData));
	const SaveGame g = readSave(kPath);
	std::vector<int> aiWant = m_kGame.aPlots[iPlot].aiVisibility;
	aiWant[3] = 0x7fff;
	EXPECT_EQ(g.aPlots[iPlot].aiVisibility, aiWant);
}

TEST_F(DamagedSave, PlotsOutOfLockStepAreRefused)
{
	const PlotWalker kWalk(m_kSplit.aData, m_kGame.iWidth, m_kGame.iHeight);
	ASSERT_EQ(kWalk.plots().size(), m_kGame.aPlots.size());
	Bytes aData = m_kSplit.aData;
	putU16(aData, kWalk.plots()[200].iX, 201 % 84); // record 200 claims x of record 201
	expectRefused("lockstep.CivBeyondSwordSave", repack(m_kSplit, aData), "x/y not in lock-step");
}

TEST_F(DamagedSave, UnitListedOnTheWrongPlotIsRefused)
{
	const PlotWalker kWalk(m_kSplit.aData, m_kGame.iWidth, m_kGame.iHeight);
	ASSERT_EQ(kWalk.plots().size(), m_kGame.aPlots.size());
	size_t iPlot = 0;
	while (iPlot < m_kGame.aPlots.size() && m_kGame.aPlots[iPlot].aUnits.empty()) ++iPlot;
	ASSERT_LT(iPlot, m_kGame.aPlots.size());
	Bytes aData = m_kSplit.aData;
	const size_t iId = kWalk.plots()[iPlot].iUnits + 4 + 4; // the first listed unit's id
	putU32(aData, iId, u32At(aData, iId) + 1000000);
	expectRefused("unit-id.CivBeyondSwordSave", repack(m_kSplit, aData), "units against plots");
}

TEST_F(DamagedSave, RandomDamageNeverCrashes)
{
	// byte flips and cuts anywhere in the inflated data: each copy is read or refused, never misread
	// into a crash (run under -fsanitize=address,undefined)
	std::mt19937 kRandom(12345);
	std::uniform_int_distribution<size_t> kWhere(0, m_kSplit.aData.size() - 1);
	int iRefused = 0;
	for (int i = 0; i < 40; ++i)
	{
		Bytes aData = m_kSplit.aData;
		for (int j = 0; j < 4; ++j) aData[kWhere(kRandom)] ^= static_cast<unsigned char>(1u << (kRandom() % 8));
		if (i % 4 == 0) aData.resize(kWhere(kRandom));
		const fs::path kPath =
			m_kTemp.write("random-" + std::to_string(i) + ".CivBeyondSwordSave", repack(m_kSplit, aData));
		const std::string sError = errorOf(kPath);
		if (!sError.empty())
		{
			++iRefused;
			EXPECT_EQ(sError.rfind(kPath.string() + ": offset ", 0), 0u) << sError;
		}
	}
	EXPECT_GT(iRefused, 0);
	// the compressed bytes themselves
	std::uniform_int_distribution<size_t> kInFile(m_kSplit.iFirstChunk, m_aFile.size() - m_kSplit.aTail.size() - 1);
	for (int i = 0; i < 20; ++i)
	{
		Bytes a = m_aFile;
		a[kInFile(kRandom)] ^= 0x5A;
		const fs::path kPath = m_kTemp.write("random-z-" + std::to_string(i) + ".CivBeyondSwordSave", a);
		const std::string sError = errorOf(kPath);
		if (!sError.empty())
		{
			EXPECT_EQ(sError.rfind(kPath.string() + ": offset ", 0), 0u) << sError;
		}
	}
}
