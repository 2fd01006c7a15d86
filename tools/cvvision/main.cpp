// cvvision: the command line over the CvVision library. One table, COMMANDS, lists the commands:
// the global help, each command's help, the options it takes, whether it needs a map, and what
// runs it (Commands.h) all come from there, through the machinery civ2huts shares
// (support/CommandTable.h); this file keeps the list, its texts and its option setters. Exit
// status: 0 success, 1 bad input, 2 bad usage (3: audit found differences).
#include "Commands.h"
#include "support/Args.h"
#include "support/CommandTable.h"
#include "support/OutputFile.h"
#include "CvVisionTables.h"

#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

using namespace cvv;

namespace {
// --- options: each one's name, its value in help, and what it sets --------------------------

using CliOption = cvv::CliOption<CliOptions>;

const CliOption ASSETS = { "--assets", "DIR",
	[](CliOptions& k, const std::string&, const std::string& s) { k.aAssets.push_back(s); } };
const CliOption SDK = { "--sdk", "DIR", [](CliOptions& k, const std::string&, const std::string& s) { k.kSdk = s; } };
const CliOption GAME = { "--game", "DIR",
	[](CliOptions& k, const std::string&, const std::string& s) { k.kGame = s; } };
const CliOption NO_VANILLA = { "--no-vanilla", "",
	[](CliOptions& k, const std::string&, const std::string&) { k.bNoVanilla = true; } };
const CliOption TEAM = { "--team", "T",
	[](CliOptions& k, const std::string& n, const std::string& s) { k.eTeam = argInt(n, s); } };
const CliOption LENIENT = { "--lenient", "",
	[](CliOptions& k, const std::string&, const std::string&) { k.bLenient = true; } };
const CliOption FORMAT_TSV = { "--format", "tsv|json", [](CliOptions& k, const std::string& n, const std::string& s) {
								  k.sFormat = argChoice(n, s, { "tsv", "json" });
							  } };
const CliOption FORMAT_TEXT = { "--format", "text|json", [](CliOptions& k, const std::string& n, const std::string& s) {
								   k.sFormat = argChoice(n, s, { "text", "json" });
							   } };
const CliOption JSON = { "--json", "",
	[](CliOptions& k, const std::string&, const std::string&) { k.sFormat = "json"; } };
const CliOption COLOR = { "--color", "",
	[](CliOptions& k, const std::string&, const std::string&) { k.bColor = true; } };
const CliOption NO_COLOR = { "--no-color", "",
	[](CliOptions& k, const std::string&, const std::string&) { k.bColor = false; } };
const CliOption PNG = { "--png", "FILE", [](CliOptions& k, const std::string&, const std::string& s) { k.kPng = s; } };
const CliOption HTML = { "--html", "FILE",
	[](CliOptions& k, const std::string&, const std::string& s) { k.kHtml = s; } };
const CliOption FROM = { "--from", "X,Y",
	[](CliOptions& k, const std::string& n, const std::string& s) { k.kFrom = argPoint(n, s); } };
const CliOption TO = { "--to", "X,Y",
	[](CliOptions& k, const std::string& n, const std::string& s) { k.kTo = argPoint(n, s); } };
const CliOption RANGE = { "--range", "R", // 0..CV_VISION_MAX_RANGE, as Python's explain
	[](CliOptions& k, const std::string& n, const std::string& s) {
		k.iRange = argInt(n, s, 0, CV_VISION_MAX_RANGE);
	} };
const CliOption OUT = { "--out", "DIR",
	[](CliOptions& k, const std::string&, const std::string& s) { k.kDemoOut = s; } };
const CliOption SEED = { "--seed", "S",
	[](CliOptions& k, const std::string& n, const std::string& s) { k.uSeed = argUnsigned(n, s); } };
const CliOption UNIT = { "--unit", "TYPE",
	[](CliOptions& k, const std::string&, const std::string& s) { k.sUnit = s; } };
const CliOption DEBUG_BUILD = { "--debug", "",
	[](CliOptions& k, const std::string&, const std::string&) { k.bDebug = true; } };
const CliOption BUILD_FILE = { "--file", "FILE",
	[](CliOptions& k, const std::string&, const std::string& s) { k.kBuildFile = s; } };
const CliOption OPEN_BORDERS = { "--open-borders", "T,T...",
	[](CliOptions& k, const std::string& n, const std::string& s) { k.aeOpenTeams = argInts(n, s); } };

const CliOption TURNS = { "--turns", "N",
	[](CliOptions& k, const std::string& n, const std::string& s) { k.iTurns = argInt(n, s, 1, 10000); } };
const CliOption PLAY_OUT = { "--out", "FILE",
	[](CliOptions& k, const std::string&, const std::string& s) { k.kPlayOut = s; } };
const CliOption EVERY = { "--every", "DIR",
	[](CliOptions& k, const std::string&, const std::string& s) { k.kEvery = s; } };
const CliOption INTEGRATED = { "--integrated", "",
	[](CliOptions& k, const std::string&, const std::string&) { k.bIntegrated = true; } };
const CliOption DEFINE = { "--define", "NAME=VALUE",
	[](CliOptions& k, const std::string&, const std::string& s) { k.asDefines.push_back(s); } };

// Every command takes these first.
const std::vector<TakenOption<CliOptions>> COMMON_OPTIONS = {
	{ &ASSETS,
		"an Assets folder (holding XML/); repeat it, highest priority first: the mod, then Beyond the Sword, "
		"then the base game. The first folder that has a file wins; names match in any case, as on Windows. "
		"The bundled vanilla XML (the game's own types, in the game's order) stands last, for the files no "
		"folder has. Default: this project's Assets/ over the bundled vanilla XML" },
	{ &NO_VANILLA, "no bundled vanilla XML after the --assets folders" },
	{ &SDK,
		"a mod's CvGameCoreDLL source folder, with --game: the XML is loaded and a save read by that tree's own "
		"code, compiled and run on Linux behind the host (tools/host/cvcore; the first build takes a few "
		"minutes, then it is cached), a header naming a mod accepted. Default: CvVision's reader of BTS 3.19's "
		"XML and its built-in reader of unmodified BTS 3.19 saves" },
	{ &GAME,
		"the game's folder, holding Assets, Warlords and Beyond the Sword: its XML follows the --assets folders, "
		"searched as the game searches it" },
};
const char* const LENIENT_HELP = "unknown names in the map are warnings, and what they name is skipped";
const char* const COLOR_HELP = "ANSI colour on";
const char* const NO_COLOR_HELP = "ANSI colour off (default: on when standard output is a terminal)";

const char* const MAP_HELP =
	"MAP is a WorldBuilder save (.CivBeyondSwordWBSave or .Civ4WorldBuilderSave) or a saved game of "
	"unmodified BTS 3.19 (.CivBeyondSwordSave). A save stores type indices: give --assets the game's own XML "
	"folders (the bundled vanilla XML follows the game's order).";
const char* const SAVE_HELP =
	"SAVE is a saved game of unmodified BTS 3.19 (.CivBeyondSwordSave). It stores type indices: give --assets "
	"the game's own XML folders (the bundled vanilla XML follows the game's order).";
const char* const EXIT_HELP = "0 success, 1 bad input (the message names the file and line), 2 bad usage";

// --- the commands -----------------------------------------------------------------------------

// A command's file argument: "MAP" or "SAVE"; "": none.
const std::vector<Command<CliOptions>> COMMANDS = {
	{ "demo", "", "show and render the project's sample map (files in build/demo/)",
		"Shows the project's sample map (PublicMaps/CvVision_Sample.CivBeyondSwordWBSave) in the terminal as "
		"team 0 sees it, and writes it as a picture (sample.png) and a page (sample.html) into a folder. Open "
		"the page in a browser: hover a plot for its levels and counts, click a unit for its sight.",
		{ { &OUT, "the folder for sample.png and sample.html (default build/demo; made when missing)" },
			{ &COLOR, COLOR_HELP }, { &NO_COLOR, NO_COLOR_HELP } },
		&runDemo, "" },
	{ "rules", "", "load and check the vision rules of a mod's XML, and show them",
		"Loads the vision rules from the XML of the --assets folders (the mod first, then Beyond the Sword, then "
		"the base game, then the bundled vanilla XML; with --sdk and --game, the tree's own loader loads them, "
		"compiled behind the host, and CvVision's adapter reads them from its infos), "
		"checks them, and shows the folders, the folder each file "
		"came from, the ranges, the level changes, the knobs (marked when they differ from BTS) and the number of "
		"types of each kind. Bad XML is an error FILE:LINE: message.",
		{ { &FORMAT_TEXT, "the output (default text)" },
			{ &JSON, "the older spelling of --format json, kept for scripts" } },
		&runRules, "" },
	{ "counts", "MAP", "the visibility count of every plot any team sees: team, x, y, count",
		"Prints the visibility count of every plot a team sees, by team, x and y: a line per plot with the team, "
		"x, y and count separated by tabs, or JSON.",
		{ { &TEAM, "only team T (default: every team)" }, { &FORMAT_TSV, "the output (default tsv)" },
			{ &LENIENT, LENIENT_HELP } },
		&runCounts, "" },
	{ "show", "MAP", "the map in the terminal: what the team sees, has seen, does not know",
		"Draws the map in the terminal as a team knows it: the plots it sees now, those it saw before (fogged) "
		"and those it never saw. A legend heads the map and the line \"team T sees N plots\" ends it.",
		{ { &TEAM, "the team whose knowledge is shown (default 0)" }, { &LENIENT, LENIENT_HELP },
			{ &COLOR, COLOR_HELP }, { &NO_COLOR, NO_COLOR_HELP } },
		&runShow, "" },
	{ "render", "MAP", "the same as a PNG picture (--png FILE) or an HTML page (--html FILE)",
		"Writes the map as a team knows it: a PNG picture (8 pixels a plot), a self-contained HTML page that "
		"inspects every plot and unit, or both. Every destination is checked first, and a file is written "
		"whole or not at all.",
		{ { &TEAM, "the team whose knowledge is shown (default 0)" }, { &LENIENT, LENIENT_HELP },
			{ &PNG, "where to write the picture" },
			{ &HTML, "where to write the page (one of --png and --html at least)" } },
		&runRender, "" },
	{ "explain", "MAP", "why --to is or is not visible from --from",
		"Explains why the plot --to is or is not visible from --from: the viewer's and the target's levels, "
		"the ring the target is on, the paths of plots between them and the verdict.",
		{ { &FROM, "the viewer's plot" }, { &TO, "the target plot" },
			{ &RANGE,
				"the viewer's sight range, 0..32 (default: the range of the team's unit standing on --from, "
				"else the rules' unit range)" },
			{ &TEAM, "the viewer's team (default 0)" }, { &LENIENT, LENIENT_HELP } },
		&runExplain, "" },
	{ "audit", "SAVE",
		"recompute a saved game's visibility counts and compare them with the stored ones (exit 3 when they differ)",
		"Recomputes the visibility counts of a saved game from its units, cities and plots with the loaded rules, "
		"and compares them with the counts the game stored: each difference with its plot, both numbers and the "
		"sources that see it, then a summary line.",
		{ { &FORMAT_TEXT, "the output (default text)" } }, &runAudit, "3 the stored counts differ from CvVision's" },
	{ "path", "MAP",
		"the path from --from to --to, planned with what --team knows (its sight now and its memory) and with "
		"the truth, side by side",
		"Plans a unit's path from --from to --to twice, with what its team knows (its sight now and its memory) "
		"and with the truth, and shows both side by side with their costs.",
		{ { &FROM, "the start" }, { &TO, "the goal" }, { &TEAM, "the team that moves (default 0)" },
			{ &UNIT, "the unit type (default: the team's unit on --from, else a land unit with one move)" },
			{ &SEED, "chooses among paths of equal cost, 0..4294967295 (default 0)" },
			{ &OPEN_BORDERS, "teams whose territory is open to the unit (open borders, war)" },
			{ &PNG, "also draw both paths (knowledge left, truth right)" },
			{ &FORMAT_TEXT, "the output (default text)" }, { &LENIENT, LENIENT_HELP } },
		&runPath, "" },
	{ "play", "SAVE",
		"play a saved game on for --turns turns with the --sdk tree's own code, every player under the computer",
		"Loads SAVE with the --sdk tree's own code, compiled behind the host (tools/host/cvcore), hands every human "
		"player to the computer, and plays --turns game turns as the game's executable does (the game's own update "
		"and end of turn, its random numbers, its AI), showing a line a turn: the turn, its time and the units "
		"moved. The end is written as a save by the tree's own write(), as the game writes one. With --integrated, "
		"the tree is a copy with CvVision integrated (tools/sdk/sdk-integrate). `cvcore ab` plays both and compares "
		"them turn for turn.",
		{ { &TURNS, "the game turns to play, 1..10000 (the game may end first)" }, { &PLAY_OUT, "the save at the end" },
			{ &EVERY, "a folder for a save at every turn's end" },
			{ &INTEGRATED, "with CvVision integrated into a copy of the tree" },
			{ &DEFINE, "a CvVision knob for the integrated tree (CVVISION_LEDGER=1); repeatable" } },
		&runPlay, "" },
	{ "build-settings", "", "the build settings of a CvGameCoreDLL tree (--sdk DIR): defines, folders, libraries",
		"Reads the --sdk tree's own build file as the host (tools/host) and the SDK tools (build_dll.py, the "
		"compile check, the differential) read it: its Makefile (in the folder, else one folder below it, as "
		"AdvCiv's Project/Makefile) with the files it includes, evaluated for the Release target (nmake's macros, "
		"!IF blocks and !INCLUDEs), else its *.vcproj or *.vcxproj, for the Release configuration (a Makefile "
		"project through the Makefile its build command runs). Prints the file they came from, the files read, "
		"the defines, the include and library folders (the toolkit's, the Platform SDK's, Boost's and Python's "
		"left out), the libraries, the .def file and the PSDK and toolkit folders the Makefile names. A tree "
		"without a build file prints that it has none.",
		{ { &DEBUG_BUILD, "the tree's debug build (target or configuration Debug) instead" },
			{ &BUILD_FILE, "read this Makefile, *.vcproj or *.vcxproj instead of the --sdk tree's (no --sdk needed)" },
			{ &FORMAT_TEXT, "the output (default text)" } },
		&runBuildSettings, "" },
};

// A command's help after what it does: what its file argument is.
std::string commandNotes(const Command<CliOptions>& kCommand)
{
	if (!*kCommand.szArgument)
	{
		return "";
	}
	return "\n" + wrapText(std::string(kCommand.szArgument) == "SAVE" ? SAVE_HELP : MAP_HELP, 0);
}

const CommandTable<CliOptions> TABLE = { "cvvision", COMMANDS, COMMON_OPTIONS, wrapText(MAP_HELP, 0), EXIT_HELP,
	"3 (audit) the stored counts differ from CvVision's", &commandNotes,
	[](CliOptions& k, const std::string& s) { k.kMap = s; } };

int runCommand(int argc, char** argv)
{
	CliOptions kDefaults;
	kDefaults.bColor = isatty(STDOUT_FILENO) != 0;
	return runCommandLine(TABLE, std::vector<std::string>(argv + 1, argv + argc), kDefaults, std::cout, std::cerr);
}
}

int main(int argc, char** argv)
{
	const int iResult = runCommand(argc, argv);
	// What was printed and lost (a full disk, /dev/full) is an error like any other.
	try
	{
		finishStandardOutput();
	}
	catch (const std::exception& kError)
	{
		std::fprintf(stderr, "cvvision%s%s: %s\n", argc > 1 ? " " : "", argc > 1 ? argv[1] : "", kError.what());
		return iResult == 0 || iResult == 3 ? 1 : iResult;
	}
	return iResult;
}
