// Civ2Huts.h - Civilization II goody-hut / special-resource prediction
// (see docs/civ2-rules.md). Host-only, C++17, no dependencies.
//
// Coordinates are the game's "doubled-x" coordinates (x + y even,
// 0 <= x < W2, 0 <= y < H). Hashes use the raw x: never wrap x first.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace civ2huts {

// The most a map or save file may hold (bytes): reading stops there.
constexpr size_t kMaxCiv2FileBytes = size_t(16) << 20;

class Civ2Error : public std::runtime_error
{
public:
	using std::runtime_error::runtime_error;
};

// ---- formulas -------------------------------------------------------------
int floorShr(int a, int n); // floor(a / 2^n) for any sign
int floorAnd(int a, int m); // two's-complement a & m for any sign (m >= 0)

struct TileHash
{
	int u = 0; // NSum  = (x + y) >> 1
	int v = 0; // NDiff = x - u (may be negative)
	int lhs = 0; // (u & 3) + (v & 3) * 4
	int h = 0; // (u >> 2) * 11 + (v >> 2) * 13
};
TileHash tileHash(int x, int y);

bool hutFormula(int x, int y, int seed); // lhs == (H + seed + 8) & 31
bool specialFormula(int x, int y, int seed); // lhs == (H + seed) & 15
bool specialIsSecond(int x, int y, int seed); // which of the two specials
bool grasslandShield(int x, int y); // seedless shield pattern
int seedMod32FromHut(int x, int y); // the seed (mod 32) a hut at (x,y) implies
int seedMod16FromSpecial(int x, int y); // the seed (mod 16) a special implies

// ---- names ----------------------------------------------------------------
enum Terrain { Desert, Plains, Grassland, Forest, Hills, Mountains, Tundra, Glacier, Swamp, Jungle, Ocean };
const char* terrainName(int terrain);
// Name of the first (second = false) or second special of a terrain; "" for
// Grassland / unknown terrains.
const char* specialName(int terrain, bool second);
// Parses a special KIND: a special's name (case-insensitive, e.g. "Wheat"),
// "first"/"second", "1"/"2", or "any". Returns -1 any, 0 first, 1 second;
// throws Civ2Error on anything else.
int parseSpecialKind(const std::string& kind);

// ---- seed recovery --------------------------------------------------------
struct HutObs
{
	int x = 0, y = 0;
};
struct SpecialObs
{
	int x = 0, y = 0;
	int kind = -1;
}; // -1 any, 0 first, 1 second

// Seeds are only meaningful mod 64 (huts: mod 32). Returns every residue
// r in 0..63 consistent with all observations (empty = inconsistent).
std::vector<int> consistentSeeds64(const std::vector<HutObs>& huts, const std::vector<SpecialObs>& specials);
// Full game seeds (1..32767) with the given residue mod 64.
std::vector<int> fullSeedsForResidue(int residue64);

// ---- files ----------------------------------------------------------------
struct Tile
{
	uint8_t b[6] = { 0, 0, 0, 0, 0, 0xF0 };
	int terrain() const { return b[0] & 0x0F; }
	bool resourceHidden() const { return (b[0] & 0x40) != 0; }
	int owner() const { return b[5] >> 4; } // 0xF = none
	bool ownerNone() const { return owner() == 0xF; }
};

struct Civ2Map
{
	std::string path;
	std::string format; // "MP", "SAV Classic", "SAV Fantastic Worlds", "SAV Multiplayer Gold", "SAV Test of Time"
	int version = 0; // save version (0 for .MP)
	int w2 = 0, h = 0; // doubled width, height
	bool flat = false;
	int seed = 0;
	bool isMp = false;
	bool testOfTime = false; // formulas unconfirmed for ToT
	std::vector<Tile> tiles; // y * (w2/2) + (x >> 1)

	bool onMap(int x, int y) const { return x >= 0 && y >= 0 && x < w2 && y < h && ((x + y) & 1) == 0; }
	const Tile& at(int x, int y) const { return tiles[size_t(y) * size_t(w2 / 2) + size_t(x >> 1)]; }
	// A .MP with seed 0 or 1: the game draws a random seed, nothing to predict.
	bool seedIsRandom() const { return isMp && seed <= 1; }
};

Civ2Map parseMp(const std::vector<uint8_t>& data, const std::string& name);
Civ2Map parseSave(const std::vector<uint8_t>& data, const std::string& name);
// Dispatches on the "CIVILIZE" magic: save/scenario, otherwise .MP.
Civ2Map parseMapFile(const std::vector<uint8_t>& data, const std::string& name);
Civ2Map readMapFile(const std::string& path);

// ---- prediction -----------------------------------------------------------
struct HutSite
{
	int x, y;
	int terrain;
	bool present;
	int owner;
};
struct SpecialSite
{
	int x, y;
	int terrain;
	bool second;
	std::string name;
};

std::vector<HutSite> predictHuts(const Civ2Map& map); // formula + land
std::vector<HutSite> predictHuts(const Civ2Map& map, int seed);
std::vector<SpecialSite> predictSpecials(const Civ2Map& map);
// Formula-only sites for a map size (no terrain known).
std::vector<std::pair<int, int>> hutFormulaSites(int w2, int h, int seed);

// Game (doubled-x) <-> map editor coordinates.
inline void editorToGame(int ex, int ey, int& x, int& y)
{
	x = 2 * ex + (((ey % 2) + 2) % 2);
	y = ey;
}
inline void gameToEditor(int x, int y, int& ex, int& ey)
{
	ex = floorShr(x, 1);
	ey = y;
}

} // namespace civ2huts
