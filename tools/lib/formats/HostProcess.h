// The host (tools/host/cvcore, docs/host.md) run as a child process: a mod's own game core,
// compiled and run on Linux, that reads its saves (formats/HostSave.h) and its rules
// (formats/HostRules.h). What both readers share: the options that name the tree and the game,
// where cvcore is, the child run with its outputs captured, and cvcore's own message when it fails.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace cvv {

struct HostOptions
{
	std::filesystem::path kTree; // the mod's CvGameCoreDLL folder
	std::filesystem::path kGame; // the game's folder: Assets, Warlords, Beyond the Sword
	std::filesystem::path kModAssets; // the mod's Assets folder (empty: none)
	// The host's command line (tools/host/cvcore); empty: $CVVISION_CVCORE, else the data
	// folder's host/cvcore (the build tree's and an installation's share/cvvision).
	std::filesystem::path kCvcore;
};

// A child that could not be started (no pipe, no fork).
class ChildError : public std::runtime_error
{
public:
	using std::runtime_error::runtime_error;
};

// What a child did: its exit status (128 + the signal when a signal ended it; 127 when the program
// could not be run) and its standard output and error.
struct ChildRun
{
	int iStatus = -1;
	std::string sOut, sErr;
};

// Runs asArguments[0] (looked for on PATH) with the rest as its arguments; both outputs are read as
// they fill, so that neither blocks the child. Throws ChildError.
ChildRun runChild(const std::vector<std::string>& asArguments);

// The cvcore program of kGiven (see HostOptions::kCvcore); empty when there is none.
std::filesystem::path locateCvcore(const std::filesystem::path& kGiven);

// cvcore's command line for COMMAND with the tree, the game and the mod of kOptions: cvcore COMMAND
// asBefore... [--sdk] TREE --game DIR --quiet [--assets DIR]. szTreeOption: "--sdk", or "" for a
// command that takes the tree as its argument.
std::vector<std::string> cvcoreArguments(const std::filesystem::path& kCvcore, const char* szCommand,
	const std::vector<std::string>& asBefore, const char* szTreeOption, const HostOptions& kOptions);

// What cvcore said when it failed: the last iLines lines of its standard error, "cvcore: " taken
// off the first; empty when it said nothing.
std::string cvcoreMessage(const ChildRun& kRun, int iLines);

} // namespace cvv
