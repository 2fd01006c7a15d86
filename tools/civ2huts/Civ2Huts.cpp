// Civ2Huts.cpp - see Civ2Huts.h and docs/civ2-rules.md
#include "Civ2Huts.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

namespace civ2huts {

int floorShr(int a, int n)
{
	// floor division by 2^n without relying on implementation-defined >>
	const int d = 1 << n;
	int q = a / d;
	if ((a % d) != 0 && a < 0) --q;
	return q;
}

int floorAnd(int a, int m) { return static_cast<int>(static_cast<unsigned>(a) & static_cast<unsigned>(m)); }

TileHash tileHash(int x, int y)
{
	TileHash t;
	t.u = floorShr(x + y, 1);
	t.v = x - t.u;
	t.lhs = floorAnd(t.u, 3) + floorAnd(t.v, 3) * 4;
	t.h = floorShr(t.u, 2) * 11 + floorShr(t.v, 2) * 13;
	return t;
}

bool hutFormula(int x, int y, int seed)
{
	const TileHash t = tileHash(x, y);
	return t.lhs == floorAnd(t.h + seed + 8, 31);
}

bool specialFormula(int x, int y, int seed)
{
	const TileHash t = tileHash(x, y);
	return t.lhs == floorAnd(t.h + seed, 15);
}

bool specialIsSecond(int x, int y, int seed)
{
	const TileHash t = tileHash(x, y);
	const int m = 1 << floorAnd(floorShr(seed, 4), 3);
	return floorAnd(t.u, m) == floorAnd(t.v, m);
}

bool grasslandShield(int x, int y) { return floorAnd(-floorShr(x + y, 1) - x, 2) == 0; }

int seedMod32FromHut(int x, int y)
{
	const TileHash t = tileHash(x, y);
	return floorAnd(t.lhs - t.h - 8, 31);
}

int seedMod16FromSpecial(int x, int y)
{
	const TileHash t = tileHash(x, y);
	return floorAnd(t.lhs - t.h, 15);
}

// ---- names -------------------------------------------------------------------
static const char* const kTerrain[16] = { "Desert", "Plains", "Grassland", "Forest", "Hills", "Mountains", "Tundra",
	"Glacier", "Swamp", "Jungle", "Ocean", "Terrain11", "Terrain12", "Terrain13", "Terrain14", "Terrain15" };
static const char* const kFirst[11] = { "Oasis", "Buffalo", "", "Pheasant", "Coal", "Gold", "Game", "Ivory", "Peat",
	"Gems", "Fish" };
static const char* const kSecond[11] = { "Oil", "Wheat", "", "Silk", "Wine", "Iron", "Furs", "Oil", "Spice", "Fruit",
	"Whales" };

const char* terrainName(int terrain) { return kTerrain[terrain & 15]; }

const char* specialName(int terrain, bool second)
{
	if (terrain < 0 || terrain > 10) return "";
	return second ? kSecond[terrain] : kFirst[terrain];
}

static std::string lower(std::string s)
{
	for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
	return s;
}

int parseSpecialKind(const std::string& kindIn)
{
	const std::string k = lower(kindIn);
	if (k == "any" || k == "?") return -1;
	if (k == "first" || k == "1") return 0;
	if (k == "second" || k == "2") return 1;
	for (int t = 0; t <= 10; ++t)
	{
		if (k == lower(kFirst[t]) && *kFirst[t]) return 0;
		if (k == lower(kSecond[t]) && *kSecond[t]) return 1;
	}
	throw Civ2Error("unknown special kind '" + kindIn + "' (use a special's name, first/second, 1/2 or any)");
}

// ---- seed recovery -------------------------------------------------------------
std::vector<int> consistentSeeds64(const std::vector<HutObs>& huts, const std::vector<SpecialObs>& specials)
{
	std::vector<int> out;
	for (int s = 0; s < 64; ++s)
	{
		bool ok = true;
		for (const HutObs& h : huts)
			if (!hutFormula(h.x, h.y, s))
			{
				ok = false;
				break;
			}
		for (size_t i = 0; ok && i < specials.size(); ++i)
		{
			const SpecialObs& o = specials[i];
			if (!specialFormula(o.x, o.y, s))
				ok = false;
			else if (o.kind >= 0 && specialIsSecond(o.x, o.y, s) != (o.kind == 1))
				ok = false;
			// a hut and a special never share a tile: covered by the formulas
		}
		if (ok) out.push_back(s);
	}
	return out;
}

std::vector<int> fullSeedsForResidue(int residue64)
{
	std::vector<int> out;
	for (int s = floorAnd(residue64, 63); s <= 32767; s += 64)
		if (s >= 1) out.push_back(s);
	return out;
}

// ---- readers -----------------------------------------------------------------
namespace {

std::string offMsg(const std::string& name, size_t off, const std::string& what)
{
	std::ostringstream os;
	os << name << ": offset " << off << ": " << what;
	return os.str();
}

unsigned u16(const std::vector<uint8_t>& d, size_t off, const std::string& name, const char* field)
{
	if (off + 2 > d.size())
		throw Civ2Error(offMsg(name, off,
			std::string("file truncated reading ") + field + " (file is " + std::to_string(d.size()) + " bytes)"));
	return unsigned(d[off]) | (unsigned(d[off + 1]) << 8);
}

uint32_t u32(const std::vector<uint8_t>& d, size_t off, const std::string& name, const char* field)
{
	return u16(d, off, name, field) | (uint32_t(u16(d, off + 2, name, field)) << 16);
}

// Reads and validates the 14-byte header at off; returns area.
size_t readHeader(const std::vector<uint8_t>& d, size_t off, const std::string& name, Civ2Map& m)
{
	const unsigned w2 = u16(d, off, name, "map header (width)");
	const unsigned h = u16(d, off + 2, name, "map header (height)");
	const unsigned area = u16(d, off + 4, name, "map header (area)");
	const unsigned shape = u16(d, off + 6, name, "map header (shape)");
	const unsigned seed = u16(d, off + 8, name, "map header (seed)");
	u16(d, off + 12, name, "map header");
	if (w2 == 0 || h == 0 || (w2 & 1) != 0)
		throw Civ2Error(offMsg(name, off,
			"bad map size W2=" + std::to_string(w2) + " H=" + std::to_string(h) + " (W2 must be even, non-zero)"));
	if (size_t(w2 / 2) * h != area)
		throw Civ2Error(offMsg(name, off + 4,
			"map area " + std::to_string(area) + " != W2/2 * H = " + std::to_string(size_t(w2 / 2) * h)));
	m.w2 = int(w2);
	m.h = int(h);
	m.flat = shape != 0;
	m.seed = int(seed);
	return area;
}

void readTiles(const std::vector<uint8_t>& d, size_t off, size_t area, const std::string& name, Civ2Map& m)
{
	if (off + 6 * area > d.size())
		throw Civ2Error(offMsg(name, off,
			"file truncated: tile records need " + std::to_string(6 * area) + " bytes, only "
				+ std::to_string(d.size() > off ? d.size() - off : 0) + " left"));
	m.tiles.resize(area);
	for (size_t i = 0; i < area; ++i)
		std::copy(d.begin() + long(off + 6 * i), d.begin() + long(off + 6 * i + 6), m.tiles[i].b);
}

} // namespace

Civ2Map parseMp(const std::vector<uint8_t>& d, const std::string& name)
{
	Civ2Map m;
	m.path = name;
	m.format = "MP";
	m.isMp = true;
	if (d.size() < 98)
		throw Civ2Error(offMsg(
			name, d.size(), "file truncated: a .MP needs at least 98 bytes, file has " + std::to_string(d.size())));
	const size_t area = readHeader(d, 0, name, m);
	const size_t want = 98 + 6 * area;
	if (d.size() < want) readTiles(d, 98, area, name, m); // throws truncation
	if (d.size() != want)
		throw Civ2Error(offMsg(name, want,
			"wrong .MP size: expected 98 + 6*" + std::to_string(area) + " = " + std::to_string(want)
				+ " bytes, file has " + std::to_string(d.size())));
	readTiles(d, 98, area, name, m);
	return m;
}

static bool hasMagic(const std::vector<uint8_t>& d)
{
	static const char kMagic[10] = { 'C', 'I', 'V', 'I', 'L', 'I', 'Z', 'E', 0, 0x1A };
	return d.size() >= 10 && std::equal(kMagic, kMagic + 10, d.begin());
}

Civ2Map parseSave(const std::vector<uint8_t>& d, const std::string& name)
{
	Civ2Map m;
	m.path = name;
	if (!hasMagic(d)) throw Civ2Error(offMsg(name, 0, "not a Civ2 save/scenario (missing \"CIVILIZE\\0\\x1A\")"));
	const unsigned ver = u16(d, 0x0A, name, "version");
	m.version = int(ver);
	if (d.size() < 14) throw Civ2Error(offMsg(name, 13, "file truncated before the flat-map flag"));
	const bool flatBit = (d[13] & 0x80) != 0;
	size_t hdr = 0;
	size_t area = 0;
	if (ver == 39 || ver == 40 || ver == 44)
	{
		m.format = ver == 39 ? "SAV Classic" : ver == 40 ? "SAV Fantastic Worlds" : "SAV Multiplayer Gold";
		hdr = ver == 39 ? 0x3478 : 0x3586;
		area = readHeader(d, hdr, name, m);
		const size_t tiles = hdr + 14 + 7 * area;
		readTiles(d, tiles, area, name, m);
	}
	else if (ver == 49 || ver == 50)
	{
		// Test of Time: only the first map is read. Layout after the header
		// (16 bytes incl. the extra-map count) assumed as in MGE: map memory,
		// tiles, then that map's u16 seed. Formulas unconfirmed for ToT.
		m.format = "SAV Test of Time";
		m.testOfTime = true;
		const size_t cntOff = ver == 49 ? 0x7420 : 0x74C8;
		const uint32_t n = u32(d, cntOff, name, "Test of Time count");
		if (n > 1000) throw Civ2Error(offMsg(name, cntOff, "implausible Test of Time count " + std::to_string(n)));
		hdr = cntOff + 4 + 14 * size_t(n);
		area = readHeader(d, hdr, name, m);
		u16(d, hdr + 14, name, "Test of Time extra-map count");
		const size_t tiles = hdr + 16 + 7 * area;
		readTiles(d, tiles, area, name, m);
		m.seed = int(u16(d, tiles + 6 * area, name, "Test of Time per-map seed"));
	}
	else
	{
		throw Civ2Error(offMsg(name, 0x0A,
			"unsupported save version " + std::to_string(ver)
				+ " (known: 39 Classic, 40 Fantastic Worlds, 44 "
				  "Multiplayer Gold, 49/50 Test of Time)"));
	}
	m.flat = flatBit; // the game rewrites the header's shape from this bit
	return m;
}

Civ2Map parseMapFile(const std::vector<uint8_t>& d, const std::string& name)
{
	if (d.size() >= 8 && std::equal(d.begin(), d.begin() + 8, "CIVILIZE")) return parseSave(d, name);
	return parseMp(d, name);
}

Civ2Map readMapFile(const std::string& path)
{
	std::error_code ec;
	if (std::filesystem::is_directory(path, ec)) throw Civ2Error(path + ": is a directory, not a Civ2 map or save");
	std::ifstream in(path, std::ios::binary);
	if (!in) throw Civ2Error(path + ": cannot open file");
	// Civ2's largest saves are well under 1 MB: reading stops at kMaxCiv2FileBytes, so an endless
	// stream (/dev/zero) costs no more than that.
	std::vector<uint8_t> d;
	char buf[65536];
	try
	{
		while (in.read(buf, sizeof(buf)) || in.gcount() > 0)
		{
			if (d.size() + size_t(in.gcount()) > kMaxCiv2FileBytes)
				throw Civ2Error(path + ": offset " + std::to_string(kMaxCiv2FileBytes)
					+ ": the file is larger than a Civ2 map or save can be (at most "
					+ std::to_string(kMaxCiv2FileBytes >> 20) + " MB)");
			d.insert(d.end(), buf, buf + in.gcount());
		}
	}
	catch (const std::ios_base::failure&)
	{
		throw Civ2Error(path + ": read error");
	}
	if (in.bad()) throw Civ2Error(path + ": read error");
	return parseMapFile(d, path);
}

// ---- prediction ----------------------------------------------------------------
std::vector<HutSite> predictHuts(const Civ2Map& map, int seed)
{
	std::vector<HutSite> out;
	for (int y = 0; y < map.h; ++y)
		for (int x = y & 1; x < map.w2; x += 2)
		{
			const Tile& t = map.at(x, y);
			if (t.terrain() == Ocean || !hutFormula(x, y, seed)) continue;
			out.push_back({ x, y, t.terrain(), map.isMp || t.ownerNone(), map.isMp ? 0xF : t.owner() });
		}
	return out;
}

std::vector<HutSite> predictHuts(const Civ2Map& map) { return predictHuts(map, map.seed); }

std::vector<SpecialSite> predictSpecials(const Civ2Map& map)
{
	std::vector<SpecialSite> out;
	for (int y = 0; y < map.h; ++y)
		for (int x = y & 1; x < map.w2; x += 2)
		{
			const Tile& t = map.at(x, y);
			const int ter = t.terrain();
			if (t.resourceHidden() || ter == Grassland || ter > Ocean) continue;
			if (!specialFormula(x, y, map.seed)) continue;
			const bool second = specialIsSecond(x, y, map.seed);
			out.push_back({ x, y, ter, second, specialName(ter, second) });
		}
	return out;
}

std::vector<std::pair<int, int>> hutFormulaSites(int w2, int h, int seed)
{
	std::vector<std::pair<int, int>> out;
	for (int y = 0; y < h; ++y)
		for (int x = y & 1; x < w2; x += 2)
			if (hutFormula(x, y, seed)) out.emplace_back(x, y);
	return out;
}

} // namespace civ2huts
