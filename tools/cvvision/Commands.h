// The commands of `cvvision` (main.cpp's table of commands parses the command line and calls
// these). Each returns the process's exit status; bad input throws (RulesError, WbError,
// std::runtime_error) and main.cpp prints it and exits with 1 (2 for std::invalid_argument: bad usage).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

struct CliOptions
{
	std::vector<std::filesystem::path> aAssets; // empty: the project's Assets/ over its vanilla XML
	std::filesystem::path kMap;
	std::optional<int> eTeam;
	std::string sFormat = "tsv"; // "json", or the command's text: counts tsv; rules, audit, path text
	bool bLenient = false;
	bool bNoVanilla = false; // --no-vanilla: no bundled vanilla XML after the --assets folders
	bool bColor = false; // show: ANSI colour (main.cpp sets it from isatty)
	std::filesystem::path kPng; // render
	std::filesystem::path kHtml; // render
	std::optional<std::pair<int, int>> kFrom; // explain
	std::optional<std::pair<int, int>> kTo;
	std::optional<int> iRange;
	std::filesystem::path kDemoOut; // demo: where the picture and the page go
	unsigned int uSeed = 0; // path: chooses among equal-cost paths
	std::string sUnit; // path: the unit type that moves
	std::vector<int> aeOpenTeams; // path: teams whose territory is open (open borders, war)
	std::filesystem::path kSdk; // --sdk: a mod's CvGameCoreDLL tree, whose layout reads the save
	// --game: the game's folder (Assets, Warlords, Beyond the Sword); its XML follows --assets, and
	// with --sdk a save is read by the tree's own code behind the host (tools/host)
	std::filesystem::path kGame;
	bool bDebug = false; // build-settings: the tree's debug build instead of its release build
	std::filesystem::path kBuildFile; // build-settings --file: this Makefile or project, not the tree's
	int iTurns = 0; // play: game turns to play
	std::filesystem::path kPlayOut; // play: the save at the end
	std::filesystem::path kEvery; // play: a folder for a save at every turn's end
	bool bIntegrated = false; // play: with CvVision integrated into a copy of the --sdk tree
	std::vector<std::string> asDefines; // play: CvVision's knobs for the integrated tree (NAME=VALUE)
};

int runRules(const CliOptions& kOptions);
int runCounts(const CliOptions& kOptions);
int runShow(const CliOptions& kOptions);
int runRender(const CliOptions& kOptions);
int runExplain(const CliOptions& kOptions);
// Exit 0 when every stored count matches CvVision's, 3 when some differ.
int runAudit(const CliOptions& kOptions);
int runDemo(const CliOptions& kOptions);
// The path from --from to --to planned with the team's knowledge and with the truth.
int runPath(const CliOptions& kOptions);
// The --sdk tree's own build settings (defines, include folders, libraries, .def file, PSDK), read
// from its Makefile or Visual Studio project as the host and the SDK tools read them.
int runBuildSettings(const CliOptions& kOptions);
// The save of --map played on for --turns turns by the --sdk tree's own code behind the host
// (cvcore play), every player under the computer; the end written by the tree's own write().
int runPlay(const CliOptions& kOptions);

// The project's sample map (PublicMaps/CvVision_Sample.CivBeyondSwordWBSave).
std::filesystem::path sampleMap();
