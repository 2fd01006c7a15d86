// civ2huts: predicts Civilization II's goody huts and special resources (docs/civ2huts.md). One
// table, COMMANDS, lists the commands, as cvvision's does (tools/cvvision/main.cpp): the global
// help, each command's help, the options it takes, its file argument and what runs it all come
// from there, through the machinery both programs share (support/CommandTable.h); this file keeps
// the list, its texts and its option setters. Exit status: 0 success, 1 bad input (an unreadable
// file, inconsistent observations), 2 bad usage.
#include "Civ2Huts.h"

#include "support/Args.h"
#include "support/CommandTable.h"
#include "support/Json.h"
#include "support/OutputFile.h"

#include <algorithm>
#include <stdexcept>
#include <cstdlib>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

using namespace cvv;

using namespace civ2huts;

namespace {

int toInt(const std::string& s, const std::string& what) { return argInt(what, s, -1000000, 1000000); }

// What the command line gives a command (COMMANDS parses it into this).
struct Civ2Options
{
	std::string sFile; // FILE: list, show
	std::string sFormat = "text"; // list: "text" or "json"
	bool bEditor = false; // --editor-coords: the map editor's coordinates
	std::vector<std::pair<std::string, std::string>> aObservations; // seed: ("hut"|"special", X,Y[,KIND]) in order
	std::string sMap; // seed --map
	int iWidth = -1; // seed --width, --height: -1 when not given
	int iHeight = -1;
	std::string sPng; // show --png
};

// --- options: each one's name, its value in help, and what it sets --------------------------

using CliOption = cvv::CliOption<Civ2Options>;

const CliOption FORMAT_TEXT = { "--format", "text|json",
	[](Civ2Options& k, const std::string& n, const std::string& s) {
		k.sFormat = argChoice(n, s, { "text", "json" });
	} };
const CliOption EDITOR_COORDS = { "--editor-coords", "",
	[](Civ2Options& k, const std::string&, const std::string&) { k.bEditor = true; } };
const CliOption HUT = { "--hut", "X,Y",
	[](Civ2Options& k, const std::string&, const std::string& s) { k.aObservations.emplace_back("hut", s); } };
const CliOption SPECIAL = { "--special", "X,Y,KIND",
	[](Civ2Options& k, const std::string&, const std::string& s) { k.aObservations.emplace_back("special", s); } };
const CliOption MAP = { "--map", "FILE", [](Civ2Options& k, const std::string&, const std::string& s) { k.sMap = s; } };
const CliOption WIDTH = { "--width", "W",
	[](Civ2Options& k, const std::string& n, const std::string& s) { k.iWidth = toInt(s, n); } };
const CliOption HEIGHT = { "--height", "H",
	[](Civ2Options& k, const std::string& n, const std::string& s) { k.iHeight = toInt(s, n); } };
const CliOption PNG = { "--png", "OUT", [](Civ2Options& k, const std::string&, const std::string& s) { k.sPng = s; } };

const char* const EDITOR_COORDS_HELP = "coordinates are the map editor's (ex, ey): game = (2*ex + ey%2, ey)";

const char* const FILE_HELP =
	"FILE is a .MP map or a .SAV/.SCN save (Classic, Fantastic Worlds, Multiplayer Gold; Test of Time read with "
	"its per-map seed, formulas unconfirmed there). A .MP with seed 0 or 1 gets a random seed from the game: no "
	"prediction.";
const char* const COORDINATES_HELP =
	"Coordinates are the game's doubled-x coordinates (x + y even); with --editor-coords they are the map "
	"editor's (ex, ey), game = (2*ex + ey%2, ey).";
const char* const EXIT_HELP = "0 success, 1 bad input (an unreadable file, inconsistent observations), 2 bad usage";

std::vector<std::string> split(const std::string& s, char c)
{
	std::vector<std::string> out;
	std::string cur;
	std::istringstream is(s);
	while (std::getline(is, cur, c)) out.push_back(cur);
	if (!s.empty() && s.back() == c) out.push_back("");
	return out;
}

std::string coord(int x, int y, bool editor)
{
	int ex = x, ey = y;
	if (editor) gameToEditor(x, y, ex, ey);
	return std::to_string(ex) + "," + std::to_string(ey);
}

std::string ownerStr(int o) { return o == 0xF ? "none" : "civ " + std::to_string(o); }

void printHeader(const Civ2Map& m, std::ostream& os)
{
	os << "file: " << m.path << "\nformat: " << m.format;
	if (m.version) os << " (version " << m.version << ")";
	os << "\nsize: " << m.w2 / 2 << "x" << m.h << " (W2=" << m.w2 << "), " << (m.flat ? "flat" : "round")
	   << "\nseed: " << m.seed << " (mod 64: " << (m.seed & 63) << ")\n";
	if (m.testOfTime)
		os << "warning: Test of Time file: whether it uses the same hut/special formulas is not "
			  "confirmed; treat the prediction as unverified\n";
}

std::string randomSeedMsg(const Civ2Map& m)
{
	return "seed " + std::to_string(m.seed)
		+ " in a .MP map: the game picks a random seed (1..32767) "
		  "when a game starts from this map, so hut and special sites cannot be predicted from the "
		  "file. Find one hut in the game and use 'civ2huts seed --hut X,Y --map "
		+ m.path + "'.";
}

int cmdList(const Civ2Options& o)
{
	const std::string& fmt = o.sFormat;
	const bool editor = o.bEditor;
	const std::string& file = o.sFile;
	const Civ2Map m = readMapFile(file);
	const bool random = m.seedIsRandom();
	std::vector<HutSite> huts;
	std::vector<SpecialSite> specials;
	if (!random)
	{
		huts = predictHuts(m);
		specials = predictSpecials(m);
	}
	if (fmt == "json")
	{
		JsonWriter js(JsonWriter::Layout::Compact);
		js.beginObject()
			.key("file")
			.string(m.path)
			.key("format")
			.string(m.format)
			.key("version")
			.number(m.version)
			.key("width")
			.number(m.w2 / 2)
			.key("w2")
			.number(m.w2)
			.key("height")
			.number(m.h)
			.key("flat")
			.boolean(m.flat)
			.key("seed")
			.number(m.seed)
			.key("coords")
			.string(editor ? "editor" : "game")
			.key("random_seed")
			.boolean(random)
			.key("formulas_unconfirmed")
			.boolean(m.testOfTime)
			.key("huts")
			.beginArray();
		for (const HutSite& h : huts)
		{
			int x = h.x, y = h.y;
			if (editor) gameToEditor(h.x, h.y, x, y);
			js.beginObject()
				.key("x")
				.number(x)
				.key("y")
				.number(y)
				.key("terrain")
				.string(terrainName(h.terrain))
				.key("state")
				.string(h.present ? "present" : "taken")
				.key("owner");
			h.owner == 0xF ? js.null() : js.number(h.owner);
			js.end();
		}
		js.end().key("specials").beginArray();
		for (const SpecialSite& s : specials)
		{
			int x = s.x, y = s.y;
			if (editor) gameToEditor(s.x, s.y, x, y);
			js.beginObject()
				.key("x")
				.number(x)
				.key("y")
				.number(y)
				.key("terrain")
				.string(terrainName(s.terrain))
				.key("kind")
				.string(s.second ? "second" : "first")
				.key("name")
				.string(s.name)
				.end();
		}
		js.end().end();
		std::cout << js.str() << "\n";
		return 0;
	}
	printHeader(m, std::cout);
	if (random)
	{
		std::cout << randomSeedMsg(m) << "\n";
		return 0;
	}
	size_t present = 0;
	for (const HutSite& h : huts) present += h.present;
	std::cout << "coordinates: " << (editor ? "map editor (ex,ey)" : "game (doubled x)") << "\n";
	std::cout << "huts: " << huts.size() << " sites, " << present << " present, " << huts.size() - present
			  << " taken\n";
	for (const HutSite& h : huts)
		std::cout << "  hut " << coord(h.x, h.y, editor) << " " << terrainName(h.terrain) << " "
				  << (h.present ? "present (owner none)" : "taken (owner " + ownerStr(h.owner) + ")") << "\n";
	std::cout << "specials: " << specials.size() << "\n";
	for (const SpecialSite& s : specials)
		std::cout << "  special " << coord(s.x, s.y, editor) << " " << terrainName(s.terrain) << " " << s.name << " ("
				  << (s.second ? "second" : "first") << ")\n";
	return 0;
}

void checkObs(int x, int y, int w2, int h, const std::string& what)
{
	if (x < 0 || y < 0) throw UsageError(what + ": negative coordinate");
	if (((x + y) & 1) != 0)
		throw UsageError(what + ": x + y must be even in game coordinates (use --editor-coords for editor ones)");
	if (w2 > 0 && (x >= w2 || y >= h))
		throw UsageError(what + ": outside the " + std::to_string(w2 / 2) + "x" + std::to_string(h) + " map");
}

int cmdSeed(const Civ2Options& o)
{
	const std::vector<std::pair<std::string, std::string>>& obs = o.aObservations;
	const std::string& mapFile = o.sMap;
	const int width = o.iWidth, height = o.iHeight;
	const bool editor = o.bEditor;
	if (obs.empty()) throw UsageError("seed needs at least one --hut or --special");
	if (!mapFile.empty() && (width >= 0 || height >= 0)) throw UsageError("use --map or --width/--height, not both");
	if ((width >= 0) != (height >= 0)) throw UsageError("--width and --height go together");
	if (width == 0 || height == 0 || width > 10000 || height > 10000) throw UsageError("bad map size");
	Civ2Map map;
	bool haveMap = false;
	if (!mapFile.empty())
	{
		map = readMapFile(mapFile);
		haveMap = true;
	}
	const int w2 = haveMap ? map.w2 : width > 0 ? 2 * width : 0;
	const int h = haveMap ? map.h : height;

	std::vector<HutObs> huts;
	std::vector<SpecialObs> specials;
	std::vector<std::string> labels;
	for (const auto& o : obs)
	{
		const auto parts = split(o.second, ',');
		const std::string what = "--" + o.first + " " + o.second;
		if (o.first == "hut" ? parts.size() != 2 : parts.size() != 3)
			throw UsageError(what + ": expected " + (o.first == "hut" ? "X,Y" : "X,Y,KIND"));
		int x = toInt(parts[0], what), y = toInt(parts[1], what);
		if (editor) editorToGame(x, y, x, y);
		checkObs(x, y, w2, h, what);
		if (o.first == "hut")
		{
			huts.push_back({ x, y });
			labels.push_back("hut at " + std::to_string(x) + "," + std::to_string(y)
				+ " implies seed mod 32 = " + std::to_string(seedMod32FromHut(x, y)));
			if (haveMap && map.at(x, y).terrain() == Ocean)
				throw Civ2Error(what + ": that tile is Ocean in " + map.path + ": no hut can be there");
		}
		else
		{
			int kind;
			try
			{
				kind = parseSpecialKind(parts[2]);
			}
			catch (const Civ2Error& e)
			{
				throw UsageError(e.what());
			}
			specials.push_back({ x, y, kind });
			labels.push_back("special at " + std::to_string(x) + "," + std::to_string(y)
				+ " implies seed mod 16 = " + std::to_string(seedMod16FromSpecial(x, y)));
		}
	}
	if (haveMap) printHeader(map, std::cout);
	const std::vector<int> seeds = consistentSeeds64(huts, specials);
	std::cout << "observations:\n";
	for (const auto& l : labels) std::cout << "  " << l << "\n";
	if (seeds.empty())
	{
		std::cout << "inconsistent: no seed matches all observations (check the coordinates; "
					 "game coordinates have doubled x, see --editor-coords)\n";
		return 1;
	}
	std::map<int, std::vector<int>> by32;
	for (int s : seeds) by32[s & 31].push_back(s);
	std::cout << "consistent seeds mod 64:";
	for (int s : seeds) std::cout << " " << s;
	std::cout << "\nconsistent seeds mod 32 (all that matters for huts):";
	for (const auto& kv : by32) std::cout << " " << kv.first;
	std::cout << "\nfull game seeds (1..32767): any s with s mod 64 in the list above ("
			  << seeds.size() * 512 - (seeds.front() == 0 ? 1 : 0) << " values";
	if (!seeds.empty())
	{
		const auto f = fullSeedsForResidue(seeds.front());
		std::cout << ", e.g.";
		for (size_t i = 0; i < f.size() && i < 4; ++i) std::cout << " " << f[i];
	}
	std::cout << ")\n";
	if (haveMap && !map.seedIsRandom())
	{
		const bool ok = std::find(seeds.begin(), seeds.end(), map.seed & 63) != seeds.end();
		std::cout << "the file's own seed " << map.seed << " is " << (ok ? "consistent" : "NOT consistent")
				  << " with the observations\n";
	}
	if (w2 <= 0)
	{
		std::cout << "(give --map FILE or --width W --height H to list the implied hut sites)\n";
		return 0;
	}
	for (const auto& kv : by32)
	{
		if (haveMap)
		{
			const auto sites = predictHuts(map, kv.first);
			std::cout << "seed mod 32 = " << kv.first << ": " << sites.size() << " hut sites (formula + land)\n";
			for (const HutSite& s : sites)
				std::cout << "  hut " << coord(s.x, s.y, editor) << " " << terrainName(s.terrain) << " "
						  << (s.present ? "present (owner none)" : "taken (owner " + ownerStr(s.owner) + ")") << "\n";
		}
		else
		{
			const auto sites = hutFormulaSites(w2, h, kv.first);
			std::cout << "seed mod 32 = " << kv.first << ": " << sites.size()
					  << " formula sites (huts only where the tile is land)\n";
			for (const auto& s : sites) std::cout << "  site " << coord(s.first, s.second, editor) << "\n";
		}
	}
	return 0;
}

// The map as a picture: each tile a 8x4 block at its doubled-x place, terrain colours, huts
// (present yellow, taken grey) and specials (red) marked, as PNG bytes.
std::string mapPng(const Civ2Map& m)
{
	const int kW = m.w2 * 4, kH = m.h * 4;
	std::vector<uint8_t> px(size_t(kW) * size_t(kH) * 3, 0);
	auto fill = [&](int x0, int y0, int w, int h, uint8_t r, uint8_t g, uint8_t b) {
		for (int y = y0; y < y0 + h && y < kH; ++y)
			for (int x = x0; x < x0 + w && x < kW; ++x)
			{
				uint8_t* p = &px[(size_t(y) * size_t(kW) + size_t(x)) * 3];
				p[0] = r;
				p[1] = g;
				p[2] = b;
			}
	};
	static const uint8_t kColour[11][3] = { { 222, 200, 120 }, { 180, 190, 90 }, { 90, 170, 70 }, { 40, 110, 40 },
		{ 150, 140, 80 }, { 130, 110, 90 }, { 200, 200, 190 }, { 240, 240, 250 }, { 90, 120, 90 }, { 60, 130, 60 },
		{ 30, 70, 160 } };
	for (int y = 0; y < m.h; ++y)
		for (int x = y & 1; x < m.w2; x += 2)
		{
			const int t = m.at(x, y).terrain();
			const uint8_t* c = kColour[t <= 10 ? t : 10];
			fill(x * 4, y * 4, 8, 4, c[0], c[1], c[2]);
		}
	if (!m.seedIsRandom())
	{
		for (const auto& s : predictSpecials(m)) fill(s.x * 4 + 2, s.y * 4 + 1, 4, 2, 220, 40, 40);
		for (const auto& h : predictHuts(m))
			h.present ? fill(h.x * 4 + 2, h.y * 4 + 1, 4, 2, 250, 220, 40)
					  : fill(h.x * 4 + 2, h.y * 4 + 1, 4, 2, 120, 120, 120);
	}
	return pngOfRgb(kW, kH, px);
}

int cmdShow(const Civ2Options& o)
{
	const std::string& png = o.sPng;
	const std::string& file = o.sFile;
	// The picture's destination first, the picture written before anything is printed.
	if (!png.empty()) checkOutput(png, "the PNG");
	const Civ2Map m = readMapFile(file);
	if (!png.empty()) writeOutputs({ OutputFile{ png, mapPng(m), "the PNG" } });
	printHeader(m, std::cout);
	const bool random = m.seedIsRandom();
	if (random) std::cout << randomSeedMsg(m) << "\n";
	std::vector<std::string> rows(size_t(m.h), std::string(size_t(m.w2), ' '));
	static const char kLand[] = "dpgfhmtaswj"; // terrain letters, ocean '.'
	for (int y = 0; y < m.h; ++y)
		for (int x = y & 1; x < m.w2; x += 2)
		{
			const int t = m.at(x, y).terrain();
			rows[size_t(y)][size_t(x)] = t == Ocean ? '.' : t < 10 ? kLand[t] : '?';
		}
	if (!random)
	{
		for (const auto& s : predictSpecials(m)) rows[size_t(s.y)][size_t(s.x)] = '*';
		for (const auto& h : predictHuts(m)) rows[size_t(h.y)][size_t(h.x)] = h.present ? '@' : 'x';
	}
	for (const auto& r : rows) std::cout << r << "\n";
	if (!png.empty()) std::cout << "wrote " << png << "\n";
	std::cout << "legend: @ hut present, x hut taken, * special, . ocean, d desert, p plains, "
				 "g grassland, f forest, h hills, m mountains, t tundra, a glacier, s swamp, j jungle\n";
	return 0;
}


// --- the commands -----------------------------------------------------------------------------

// A command's file argument: "FILE"; "": none.
const std::vector<Command<Civ2Options>> COMMANDS = {
	{ "list", "FILE", "hut sites (formula + land) present (owner none) or taken, and specials",
		"Lists the hut sites of FILE (where the formula and the land put one), each present (owner none) or taken "
		"(with its owner), and the special resources with their kind (first or second).",
		{ { &FORMAT_TEXT, "the output (default text)" }, { &EDITOR_COORDS, EDITOR_COORDS_HELP } }, &cmdList, "" },
	{ "seed", "", "the seeds consistent with the huts and specials seen, and the hut sites they imply",
		"Finds the seeds (mod 64; huts only depend on seed mod 32) consistent with the observations, and with a "
		"map (--map) or a map size (--width, --height) the hut sites they imply. KIND is a special's name (Wheat, "
		"Fish, ...), first/second, or any. Observations that no seed fits are bad input (exit 1).",
		{ { &HUT, "a hut seen there (repeat it)" }, { &SPECIAL, "a special seen there (repeat it)" },
			{ &MAP, "the map or save the observations are on" },
			{ &WIDTH, "the map width in tiles (W2 = 2*width), with --height instead of --map" },
			{ &HEIGHT, "the map height" }, { &EDITOR_COORDS, EDITOR_COORDS_HELP } },
		&cmdSeed, "" },
	{ "show", "FILE", "the map in the terminal; --png OUT also writes it as a picture",
		"Draws FILE's map in the terminal (@ hut present, x taken, * special, . ocean, land letters); --png OUT also "
		"writes it as a picture (huts yellow, taken grey, specials red).",
		{ { &PNG, "also write the map as a picture" } }, &cmdShow, "" },
};

// A command's help after what it does: what FILE is, and the coordinates.
std::string commandNotes(const Command<Civ2Options>& kCommand)
{
	return (*kCommand.szArgument ? "\n" + wrapText(FILE_HELP, 0) : std::string()) + "\n"
		+ wrapText(COORDINATES_HELP, 0);
}

const CommandTable<Civ2Options> TABLE = { "civ2huts", COMMANDS, {},
	wrapText(FILE_HELP, 0) + wrapText(COORDINATES_HELP, 0), EXIT_HELP, "", &commandNotes,
	[](Civ2Options& k, const std::string& s) { k.sFile = s; } };
} // namespace

int main(int argc, char** argv)
{
	const int iResult =
		runCommandLine(TABLE, std::vector<std::string>(argv + 1, argv + argc), Civ2Options(), std::cout, std::cerr);
	// What was printed and lost (a full disk, /dev/full) is an error like any other.
	try
	{
		finishStandardOutput();
	}
	catch (const std::exception& kError)
	{
		std::cerr << "civ2huts" << (argc > 1 ? " " : "") << (argc > 1 ? argv[1] : "") << ": " << kError.what() << "\n";
		return iResult == 0 ? 1 : iResult;
	}
	return iResult;
}
