// Tests for tools/Civ2Huts.{h,cpp} (rules: docs/civ2-rules.md)
#include "Civ2Huts.h"

#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#ifndef CVVISION_SHARED_DIR
#error "CVVISION_SHARED_DIR: the shared data folder (tests/CMakeLists.txt defines it)"
#endif

using namespace civ2huts;

namespace {

void put16(std::vector<uint8_t>& d, size_t off, unsigned v)
{
	if (d.size() < off + 2) d.resize(off + 2);
	d[off] = uint8_t(v & 0xFF);
	d[off + 1] = uint8_t(v >> 8);
}

void putHeader(std::vector<uint8_t>& d, size_t off, int w2, int h, int seed, bool flat)
{
	put16(d, off, unsigned(w2));
	put16(d, off + 2, unsigned(h));
	put16(d, off + 4, unsigned(w2 / 2 * h));
	put16(d, off + 6, flat ? 1u : 0u);
	put16(d, off + 8, unsigned(seed));
	put16(d, off + 10, unsigned((w2 + 3) / 4));
	put16(d, off + 12, unsigned((h + 3) / 4));
}

// Tile terrain: land (Plains) except ocean where (x/2 + y) % 5 == 0; owner set on every 3rd row.
void putTiles(std::vector<uint8_t>& d, size_t off, int w2, int h)
{
	d.resize(off + size_t(6 * (w2 / 2) * h));
	for (int y = 0; y < h; ++y)
		for (int x = y & 1; x < w2; x += 2)
		{
			uint8_t* t = &d[off + 6 * (size_t(y) * size_t(w2 / 2) + size_t(x >> 1))];
			t[0] = ((x / 2 + y) % 5 == 0) ? Ocean : Plains;
			t[5] = (y % 3 == 2) ? 0x25 : 0xF3;
		}
}

std::vector<uint8_t> buildMp(int w2, int h, int seed)
{
	std::vector<uint8_t> d(98, 0);
	putHeader(d, 0, w2, h, seed, true);
	putTiles(d, 98, w2, h);
	return d;
}

std::vector<uint8_t> buildSave(int version, int w2, int h, int seed, bool flat)
{
	std::vector<uint8_t> d(16, 0);
	const char magic[10] = { 'C', 'I', 'V', 'I', 'L', 'I', 'Z', 'E', 0, 0x1A };
	std::copy(magic, magic + 10, d.begin());
	put16(d, 0x0A, unsigned(version));
	d[13] = flat ? 0x80 : 0x00;
	const size_t area = size_t(w2 / 2 * h);
	if (version == 49 || version == 50)
	{
		const size_t cnt = version == 49 ? 0x7420 : 0x74C8;
		d.resize(cnt + 4, 0);
		d[cnt] = 2; // n = 2
		const size_t hdr = cnt + 4 + 14 * 2;
		d.resize(hdr + 16, 0);
		putHeader(d, hdr, w2, h, 0, flat);
		put16(d, hdr + 14, 0);
		putTiles(d, hdr + 16 + 7 * area, w2, h);
		put16(d, d.size(), unsigned(seed));
		return d;
	}
	const size_t hdr = version == 39 ? 0x3478 : 0x3586;
	d.resize(hdr, 0);
	putHeader(d, hdr, w2, h, seed, flat);
	putTiles(d, hdr + 14 + 7 * area, w2, h);
	d.resize(d.size() + 100, 0); // trailing save data (units, cities, ...)
	return d;
}

std::string errorOf(const std::vector<uint8_t>& d, const std::string& name)
{
	try
	{
		parseMapFile(d, name);
	}
	catch (const Civ2Error& e)
	{
		return e.what();
	}
	return "";
}

bool fileExists(const std::string& p) { return std::ifstream(p).good(); }

} // namespace

// ---------------------------------------------------------------- formulas
TEST(Civ2HutsFormula, FloorHelpers)
{
	EXPECT_EQ(floorShr(-1, 2), -1);
	EXPECT_EQ(floorShr(-4, 2), -1);
	EXPECT_EQ(floorShr(-5, 2), -2);
	EXPECT_EQ(floorShr(7, 2), 1);
	EXPECT_EQ(floorAnd(-1, 3), 3);
	EXPECT_EQ(floorAnd(-3, 3), 1);
	EXPECT_EQ(floorAnd(-13 + 19 - 5 + 5, 31), 6);
}

TEST(Civ2HutsFormula, HandComputed)
{
	// (0,0): u=0 v=0 lhs=0 H=0 -> hut iff (seed+8)&31 == 0 -> seed 24
	TileHash t = tileHash(0, 0);
	EXPECT_EQ(t.lhs, 0);
	EXPECT_EQ(t.h, 0);
	EXPECT_TRUE(hutFormula(0, 0, 24));
	EXPECT_TRUE(hutFormula(0, 0, 24 + 32));
	EXPECT_FALSE(hutFormula(0, 0, 23));
	EXPECT_EQ(seedMod32FromHut(0, 0), 24);
	// (1,3): u=2, v=-1 (negative NDiff): lhs = 2 + 3*4 = 14, H = 0*11 + (-1)*13 = -13
	t = tileHash(1, 3);
	EXPECT_EQ(t.u, 2);
	EXPECT_EQ(t.v, -1);
	EXPECT_EQ(t.lhs, 14);
	EXPECT_EQ(t.h, -13);
	EXPECT_TRUE(hutFormula(1, 3, 19)); // (-13+19+8)&31 = 14
	EXPECT_EQ(seedMod32FromHut(1, 3), 19);
	EXPECT_TRUE(specialFormula(1, 3, 11)); // (-13+11)&15 = 14
	EXPECT_TRUE(specialFormula(1, 3, 27));
	EXPECT_FALSE(specialFormula(1, 3, 12));
	EXPECT_EQ(seedMod16FromSpecial(1, 3), 11);
	// kind at (1,3): seed 11 -> m=1: u bit0=0, v bit0=1 -> first;
	// seed 27 -> m=2: u&2=2, v&2=2 -> second
	EXPECT_FALSE(specialIsSecond(1, 3, 11));
	EXPECT_TRUE(specialIsSecond(1, 3, 27));
	// (3,9): u=6, v=-3: lhs = 2 + 1*4 = 6, H = 11 - 13 = -2 -> hut iff (s+6)&31 == 6 -> s=0
	t = tileHash(3, 9);
	EXPECT_EQ(t.lhs, 6);
	EXPECT_EQ(t.h, -2);
	EXPECT_TRUE(hutFormula(3, 9, 0));
	EXPECT_EQ(seedMod32FromHut(3, 9), 0);
	// grassland shields
	EXPECT_TRUE(grasslandShield(0, 0)); // 0 & 2
	EXPECT_FALSE(grasslandShield(1, 1)); // -1-1 = -2 -> &2 = 2
	EXPECT_TRUE(grasslandShield(2, 0)); // -1-2 = -3 -> &2 = 0
	EXPECT_FALSE(grasslandShield(4, 0)); // -2-4 = -6 -> &2 = 2
}

TEST(Civ2HutsFormula, DensityExact)
{
	// W2 multiple of 64 and H multiple of 64: every (u,v) residue class equally often
	for (int w2 : { 64, 128 })
	{
		const int h = 64;
		const int area = w2 / 2 * h;
		for (int seed = 0; seed < 64; ++seed)
		{
			int huts = 0, specials = 0, shields = 0;
			for (int y = 0; y < h; ++y)
				for (int x = y & 1; x < w2; x += 2)
				{
					const bool hut = hutFormula(x, y, seed), sp = specialFormula(x, y, seed);
					huts += hut;
					specials += sp;
					shields += grasslandShield(x, y);
					EXPECT_FALSE(hut && sp) << "hut and special share " << x << "," << y;
				}
			EXPECT_EQ(huts * 32, area) << "seed " << seed << " w2 " << w2;
			EXPECT_EQ(specials * 16, area) << "seed " << seed << " w2 " << w2;
			EXPECT_EQ(shields * 2, area);
		}
	}
}

TEST(Civ2HutsFormula, PeriodicityProperties)
{
	for (int seed = 0; seed < 64; ++seed)
		for (int y = 0; y < 40; ++y)
			for (int x = y & 1; x < 100; x += 2)
			{
				// x+32: same huts; x+16: hut pattern of seed+16, same specials and kinds
				EXPECT_EQ(hutFormula(x + 32, y, seed), hutFormula(x, y, seed));
				EXPECT_EQ(hutFormula(x + 16, y, seed), hutFormula(x, y, seed + 16));
				EXPECT_EQ(specialFormula(x + 16, y, seed), specialFormula(x, y, seed));
				EXPECT_EQ(specialIsSecond(x + 16, y, seed), specialIsSecond(x, y, seed));
				// x+64: everything identical
				EXPECT_EQ(hutFormula(x + 64, y, seed), hutFormula(x, y, seed));
				EXPECT_EQ(specialFormula(x + 64, y, seed), specialFormula(x, y, seed));
				// only seed & 63 matters
				EXPECT_EQ(hutFormula(x, y, seed + 64 * 7), hutFormula(x, y, seed));
				EXPECT_EQ(specialIsSecond(x, y, seed + 64 * 3), specialIsSecond(x, y, seed));
			}
}

TEST(Civ2HutsFormula, NoWrapBeforeHashing)
{
	// W2 = 50 is not a multiple of 32: the pattern must jump at the date line,
	// i.e. the hash of x = 48 differs from the hash of x = -2.
	int differ = 0;
	for (int seed = 0; seed < 32; ++seed)
		for (int y = 0; y < 50; y += 2) differ += hutFormula(48, y, seed) != hutFormula(-2, y, seed);
	EXPECT_GT(differ, 0);
}

// ---------------------------------------------------------------- seeds
TEST(Civ2HutsSeed, RoundTripEverySeedAnyHut)
{
	Civ2Map m = parseMp(buildMp(80, 50, 2), "synthetic.MP");
	for (int seed = 0; seed < 64; ++seed)
	{
		const auto huts = predictHuts(m, seed);
		ASSERT_FALSE(huts.empty());
		for (const HutSite& h : huts)
		{
			ASSERT_EQ(seedMod32FromHut(h.x, h.y), seed & 31) << h.x << "," << h.y;
			const auto seeds = consistentSeeds64({ { h.x, h.y } }, {});
			ASSERT_EQ(seeds.size(), 2u);
			EXPECT_EQ(seeds[0], seed & 31);
			EXPECT_EQ(seeds[1], (seed & 31) + 32);
		}
		// specials with their kind pin the seed mod 64 (given enough of them)
		m.seed = seed;
		std::vector<SpecialObs> obs;
		for (const auto& s : predictSpecials(m)) obs.push_back({ s.x, s.y, s.second ? 1 : 0 });
		const auto seeds = consistentSeeds64({ { huts[0].x, huts[0].y } }, obs);
		ASSERT_EQ(seeds.size(), 1u) << seed;
		EXPECT_EQ(seeds[0], seed);
	}
}

TEST(Civ2HutsSeed, Inconsistent)
{
	// (0,0) needs seed 24 mod 32, (3,9) needs 0
	EXPECT_TRUE(consistentSeeds64({ { 0, 0 }, { 3, 9 } }, {}).empty());
	// a hut and a special on the same tile is impossible
	EXPECT_TRUE(consistentSeeds64({ { 1, 3 } }, { { 1, 3, -1 } }).empty());
	EXPECT_EQ(parseSpecialKind("Wheat"), 1);
	EXPECT_EQ(parseSpecialKind("oasis"), 0);
	EXPECT_EQ(parseSpecialKind("OIL"), 1);
	EXPECT_EQ(parseSpecialKind("any"), -1);
	EXPECT_THROW(parseSpecialKind("Grass"), Civ2Error);
	const auto full = fullSeedsForResidue(0);
	EXPECT_EQ(full.front(), 64);
	EXPECT_EQ(full.size(), 511u);
	EXPECT_EQ(fullSeedsForResidue(23).size(), 512u);
}

// ---------------------------------------------------------------- readers
TEST(Civ2HutsReader, MpSynthetic)
{
	const auto d = buildMp(50, 20, 1234);
	const Civ2Map m = parseMapFile(d, "t.MP");
	EXPECT_TRUE(m.isMp);
	EXPECT_EQ(m.w2, 50);
	EXPECT_EQ(m.h, 20);
	EXPECT_EQ(m.seed, 1234);
	EXPECT_TRUE(m.flat);
	EXPECT_FALSE(m.seedIsRandom());
	for (const HutSite& h : predictHuts(m))
	{
		EXPECT_TRUE(h.present); // .MP: owner reset on game start
		EXPECT_NE(h.terrain, Ocean);
		EXPECT_TRUE(hutFormula(h.x, h.y, 1234));
	}
	EXPECT_TRUE(parseMp(buildMp(50, 20, 0), "z.MP").seedIsRandom());
	EXPECT_TRUE(parseMp(buildMp(50, 20, 1), "z.MP").seedIsRandom());
}

TEST(Civ2HutsReader, MpErrors)
{
	auto d = buildMp(50, 20, 5);
	auto big = d;
	big.push_back(0);
	EXPECT_NE(errorOf(big, "big.MP").find("big.MP: offset 3098: wrong .MP size"), std::string::npos)
		<< errorOf(big, "big.MP");
	auto trunc = d;
	trunc.resize(d.size() - 7);
	EXPECT_NE(errorOf(trunc, "tr.MP").find("tr.MP: offset 98: file truncated"), std::string::npos)
		<< errorOf(trunc, "tr.MP");
	std::vector<uint8_t> tiny(d.begin(), d.begin() + 10);
	EXPECT_NE(errorOf(tiny, "tiny.MP").find("tiny.MP: offset"), std::string::npos);
	auto badArea = d;
	put16(badArea, 4, 999);
	EXPECT_NE(errorOf(badArea, "a.MP").find("a.MP: offset 4: map area 999"), std::string::npos)
		<< errorOf(badArea, "a.MP");
	EXPECT_NE(errorOf({}, "e.MP").find("e.MP: offset 0"), std::string::npos);
}

TEST(Civ2HutsReader, SavesEachVersion)
{
	struct V
	{
		int ver;
		const char* fmt;
	};
	for (V v : { V{ 39, "SAV Classic" }, V{ 40, "SAV Fantastic Worlds" }, V{ 44, "SAV Multiplayer Gold" },
			 V{ 49, "SAV Test of Time" }, V{ 50, "SAV Test of Time" } })
	{
		for (bool flat : { false, true })
		{
			const auto d = buildSave(v.ver, 40, 30, 10647, flat);
			const Civ2Map m = parseMapFile(d, "s.SAV");
			EXPECT_EQ(m.format, v.fmt);
			EXPECT_EQ(m.version, v.ver);
			EXPECT_EQ(m.w2, 40);
			EXPECT_EQ(m.h, 30);
			EXPECT_EQ(m.seed, 10647);
			EXPECT_EQ(m.flat, flat);
			EXPECT_EQ(m.testOfTime, v.ver >= 49);
			EXPECT_FALSE(m.seedIsRandom());
			const auto huts = predictHuts(m);
			ASSERT_FALSE(huts.empty());
			int taken = 0;
			for (const HutSite& h : huts)
			{
				EXPECT_EQ(h.present, h.y % 3 != 2);
				taken += !h.present;
				if (!h.present)
				{
					EXPECT_EQ(h.owner, 2);
				}
			}
			EXPECT_GT(taken, 0);
			// truncated in the tiles
			auto tr = d;
			tr.resize(v.ver >= 49 ? d.size() - 30 : d.size() - 130);
			const std::string e = errorOf(tr, "tr.SAV");
			EXPECT_NE(e.find("tr.SAV: offset "), std::string::npos) << e;
			EXPECT_NE(e.find("truncated"), std::string::npos) << e;
		}
	}
	auto d = buildSave(44, 40, 30, 5, false);
	put16(d, 0x0A, 41);
	EXPECT_NE(errorOf(d, "v.SAV").find("v.SAV: offset 10: unsupported save version 41"), std::string::npos);
	std::vector<uint8_t> hdrOnly(d.begin(), d.begin() + 0x3586 + 5);
	put16(hdrOnly, 0x0A, 44);
	EXPECT_NE(errorOf(hdrOnly, "h.SAV").find("h.SAV: offset"), std::string::npos) << errorOf(hdrOnly, "h.SAV");
	auto badArea = buildSave(44, 40, 30, 5, false);
	put16(badArea, 0x3586 + 4, 7);
	EXPECT_NE(errorOf(badArea, "b.SAV").find("b.SAV: offset 13706: map area 7"), std::string::npos)
		<< errorOf(badArea, "b.SAV");
	std::vector<uint8_t> magicOnly(d.begin(), d.begin() + 9);
	EXPECT_NE(errorOf(magicOnly, "m.SAV").find("m.SAV: offset"), std::string::npos);
	EXPECT_THROW(readMapFile("/nonexistent/x.SAV"), Civ2Error);
}

// ---------------------------------------------------------------- real files
TEST(Civ2HutsShared, StubearSav)
{
	const std::string p = std::string(CVVISION_SHARED_DIR) + "/data/civ2/stubear_20240110.sav";
	if (!fileExists(p)) GTEST_SKIP() << "shared file absent: " << p;
	const Civ2Map m = readMapFile(p);
	EXPECT_EQ(m.format, "SAV Multiplayer Gold");
	EXPECT_EQ(m.version, 44);
	EXPECT_EQ(m.w2, 80);
	EXPECT_EQ(m.h, 50);
	EXPECT_EQ(m.seed, 10647);
	const auto huts = predictHuts(m);
	ASSERT_FALSE(huts.empty());
	for (const HutSite& h : huts)
	{
		EXPECT_EQ(seedMod32FromHut(h.x, h.y), 10647 & 31);
		EXPECT_NE(m.at(h.x, h.y).terrain(), Ocean);
	}
	for (const SpecialSite& s : predictSpecials(m))
	{
		EXPECT_NE(s.terrain, Grassland);
		EXPECT_FALSE(s.name.empty());
	}
}

TEST(Civ2HutsShared, GeopolMp)
{
	const std::string p = std::string(CVVISION_SHARED_DIR) + "/data/civ2/GEOPOL_TINY.MP";
	if (!fileExists(p)) GTEST_SKIP() << "shared file absent: " << p;
	const Civ2Map m = readMapFile(p);
	EXPECT_TRUE(m.isMp);
	EXPECT_EQ(m.w2, 50);
	EXPECT_EQ(m.h, 50);
	EXPECT_EQ(m.seed, 0);
	EXPECT_TRUE(m.seedIsRandom());
}
