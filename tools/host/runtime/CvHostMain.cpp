// cvcore-host: the host program, linked with one tree's whole core (tools/host/cvhost builds it).
// It does what the game's executable does: sets the core's gDLL, loads the XML in the executable's
// order over the game's folders with the mod's first, then runs a command, and prints the result
// as JSON on standard output. Progress and the core's message boxes go to standard error.
//
//     cvcore-host [OPTIONS] load-xml
//     cvcore-host [OPTIONS] read-save SAVE     (CvHostSaveCommand.cpp)
//     cvcore-host [OPTIONS] read-saves DIR SAVE...   (the same for each save, the XML loaded once)
//     cvcore-host [OPTIONS] play SAVE TURNS END [EVERY]   (CvHostPlayCommand.cpp)
//     cvcore-host [OPTIONS] rules              (CvHostRulesCommand.cpp, in the program `cvcore rules` builds)
//
// Exit status: 0 done; 1 the core reported an error (a message box), a step failed or the input
// was refused; 2 bad command line; 3 the core crashed (the message names the step it was in).
#include "CvGameCoreDLL.h"

#include "CvHostRun.h"
#include "CvHostUtility.h"

#include <stdio.h>
#include <unistd.h>

#include <string>

int cvHostReadSave(const CvHostOptions& options);
int cvHostReadSaves(const CvHostOptions& options);
int cvHostPlay(const CvHostOptions& options);
// Linked only into the program that has CvVision's adapter (tools/host/cvhost/vision.py).
int cvHostRules(const CvHostOptions& options) __attribute__((weak));

namespace {

const char kUsage[] =
	"usage: cvcore-host [--game DIR] [--mod DIR] [--mod-name NAME] [--log DIR] [--echo] COMMAND [ARGUMENTS]\n"
	"  load-xml          load the XML as the game does; print what was loaded\n"
	"  read-save SAVE    load the XML, then read SAVE with the core's own read(); print its world\n"
	"  read-saves DIR SAVE...  load the XML once, then read each SAVE so in a process of its own;\n"
	"                    its output and errors in DIR/N.out and DIR/N.err; print N, its status, its process\n"
	"  play SAVE TURNS END [EVERY]  load the XML and SAVE, hand every player to the computer, play TURNS\n"
	"                    game turns with the core's own CvGame::update(), write END (and "
	"EVERY/turn-N.CivBeyondSwordSave\n"
	"                    at each turn's end) with its own write(); print the turns played\n"
	"  rules             load the XML, then print the vision rules CvVision's adapter reads from it\n"
	"--game: the install's root (Assets, Warlords, Beyond the Sword); --mod: the mod's folder (its Assets)\n";

int usage(const std::string& message)
{
	fprintf(stderr, "cvcore-host: %s\n%s", message.c_str(), kUsage);
	return 2;
}

int loadXml(const CvHostOptions& options)
{
	CvHostUtility* utility = NULL;
	std::vector<CvHostStep> steps = cvHostStart(options, utility);
	cvHostSetStep("writing the result");
	cvHostResult();
	printf("{\n");
	cvHostPrintStart(stdout, steps, *utility);
	printf("\n}\n");
	return cvHostStartOk(steps) ? 0 : 1;
}

} // namespace

int main(int argc, char** argv)
{
	cvHostCatchCrashes();
	CvHostOptions options;
	std::string command;
	for (int i = 1; i < argc; ++i)
	{
		std::string a = argv[i];
		bool hasValue = i + 1 < argc;
		if (a == "--help" || a == "-h")
		{
			fputs(kUsage, stdout);
			return 0;
		}
		else if (a == "--game" && hasValue)
			options.game = argv[++i];
		else if (a == "--mod" && hasValue)
			options.mod = argv[++i];
		else if (a == "--mod-name" && hasValue)
			options.modName = argv[++i];
		else if (a == "--log" && hasValue)
			options.logDir = argv[++i];
		else if (a == "--echo")
			options.echo = true;
		else if (!a.empty() && a[0] == '-')
			return usage("unknown option " + a);
		else if (command.empty())
			command = a;
		else
			options.arguments.push_back(a);
	}
	if (options.game.empty() && options.mod.empty()) return usage("give --game, --mod or both");
	cvHostQuietCore();
	int status;
	if (command == "load-xml" && options.arguments.empty())
		status = loadXml(options);
	else if (command == "read-save" && options.arguments.size() == 1)
		status = cvHostReadSave(options);
	else if (command == "read-saves" && options.arguments.size() >= 2)
		status = cvHostReadSaves(options);
	else if (command == "play" && (options.arguments.size() == 3 || options.arguments.size() == 4))
		status = cvHostPlay(options);
	else if (command == "rules" && options.arguments.empty())
	{
		if (!cvHostRules)
			return usage("this host program has no vision adapter: `cvcore rules` builds the one that has");
		status = cvHostRules(options);
	}
	else
		return usage(command.empty() ? "no command" : "bad command line for " + command);
	fflush(stdout);
	fflush(stderr);
	// The core's globals are left as they are: the game's executable does not unload them either,
	// and their destructors call back into gDLL.
	_exit(status);
}
