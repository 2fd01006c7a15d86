// cvvision: the command line over the CvVision library. Parses the arguments and calls the
// commands of CliCommands.h. Exit status: 0 success, 1 bad input, 2 bad usage.
#include "Commands.h"
#include "support/OutputFile.h"
#include "formats/RulesLoader.h"
#include "support/Numbers.h"
#include "formats/WbReader.h"
#include "CvVisionTables.h"

#include <unistd.h>

#include <climits>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <stdexcept>
#include <string>

using namespace cvv;

namespace
{
	const char* const USAGE =
		"usage: cvvision COMMAND [ARGS]\n"
		"\n"
		"commands:\n"
		"  demo                 show and render the project's sample map (files in build/demo/)\n"
		"  rules                load and check the vision rules of a mod's XML, and show them\n"
		"  counts MAP           the visibility count of every plot any team sees: team, x, y, count\n"
		"  show MAP             the map in the terminal: what the team sees, has seen, does not know\n"
		"  render MAP           the same as a PNG picture (--png FILE) or an HTML page (--html FILE)\n"
		"  explain MAP          why --to is or is not visible from --from\n"
		"  audit SAVE           recompute a saved game's visibility counts and compare them with the\n"
		"                       stored ones (exit 3 when they differ)\n"
		"  path MAP             the path from --from to --to, planned with what --team knows (its\n"
		"                       sight now and its memory) and with the truth, side by side\n"
		"\n"
		"MAP is a WorldBuilder save (.CivBeyondSwordWBSave or .Civ4WorldBuilderSave) or, for show,\n"
		"render and counts, a saved game of unmodified BTS 3.19 (.CivBeyondSwordSave). A save stores\n"
		"type indices: give --assets the game's own XML folders (the bundled vanilla XML follows the\n"
		"game's order).\n"
		"\n"
		"options:\n"
		"  -h, --help           this help (also after a command)\n"
		"  --assets DIR         an Assets folder (holding XML/); repeat it, highest priority first:\n"
		"                       the mod, then Beyond the Sword, then the base game. The first folder\n"
		"                       that has a file wins; names match in any case, as on Windows. The\n"
		"                       bundled vanilla XML (the game's own types, in the game's order)\n"
		"                       stands last, for the files no folder has. Default: this project's\n"
		"                       Assets/ over the bundled vanilla XML\n"
		"  --no-vanilla         no bundled vanilla XML after the --assets folders\n"
		"  --team T             the team to show, render or explain for (default 0); counts: only T\n"
		"  --format tsv|json    counts: the output format (default tsv); audit: text|json\n"
		"  --json               rules: JSON instead of text\n"
		"  --lenient            unknown names in the map are warnings, and what they name is skipped\n"
		"  --png FILE, --html FILE        render: where to write\n"
		"  --from X,Y --to X,Y [--range R] explain: the viewer, the target, the viewer's range\n"
		"                       (default: the range of the team's unit standing there)\n"
		"  --color, --no-color  show: force ANSI colour on or off (default: on for a terminal)\n"
		"  --from X,Y --to X,Y [--seed S] [--unit TYPE] [--open-borders T,T...] [--png FILE]\n"
		"                       path: the start, the goal, the seed that chooses among equal-cost\n"
		"                       paths (default 0), the unit type (default: the team's unit on\n"
		"                       --from, else a land unit with one move), teams whose territory\n"
		"                       is open to it; --format text|json (default text)\n"
		"  --out DIR            demo: where to write the picture and the page\n"
		"\n"
		"exit status: 0 success, 1 bad input (the message names the file and line), 2 bad usage,\n"
		"             3 (audit) the stored counts differ from CvVision's\n";

	// Which options each command takes.
	const std::map<std::string, std::string> OPTIONS_OF = {
		{ "demo", "--assets --no-vanilla --out --color --no-color" },
		{ "rules", "--assets --no-vanilla --json" },
		{ "counts", "--assets --no-vanilla --team --format --lenient" },
		{ "show", "--assets --no-vanilla --team --lenient --color --no-color" },
		{ "render", "--assets --no-vanilla --team --lenient --png --html" },
		{ "explain", "--assets --no-vanilla --team --lenient --from --to --range" },
		{ "audit", "--assets --no-vanilla --format" },
		{ "path", "--assets --no-vanilla --team --lenient --from --to --seed --unit --open-borders --png --format" },
	};
	const std::string NEEDS_MAP = " counts show render explain audit path ";

	class UsageError : public std::runtime_error
	{
	public:
		using std::runtime_error::runtime_error;
	};

	int integer(const std::string& sOption, const std::string& sValue, long long llMin = INT_MIN, long long llMax = INT_MAX)
	{
		int iValue = 0;
		const NumberRead eRead = readWholeNumber(sValue, llMin, llMax, iValue);
		if (eRead == NumberRead::NotANumber)
		{
			throw UsageError(sOption + " needs a whole number, not '" + sValue + "'");
		}
		if (eRead != NumberRead::Ok)
		{
			throw UsageError(sOption + " " + wholeNumberProblem(eRead, sValue, llMin, llMax));
		}
		return iValue;
	}

	unsigned int seed(const std::string& sOption, const std::string& sValue)
	{
		char* szEnd = nullptr;
		const unsigned long uValue = std::strtoul(sValue.c_str(), &szEnd, 10);
		if (sValue.empty() || sValue[0] == '-' || *szEnd != '\0' || uValue > 0xFFFFFFFFul)
		{
			throw UsageError(sOption + " needs a whole number 0..4294967295, not '" + sValue + "'");
		}
		return static_cast<unsigned int>(uValue);
	}

	std::vector<int> integers(const std::string& sOption, const std::string& sValue)
	{
		std::vector<int> aiValues;
		size_t iStart = 0;
		for (;;)
		{
			const size_t iComma = sValue.find(',', iStart);
			aiValues.push_back(integer(sOption, sValue.substr(iStart, iComma - iStart)));
			if (iComma == std::string::npos)
			{
				return aiValues;
			}
			iStart = iComma + 1;
		}
	}

	std::pair<int, int> point(const std::string& sOption, const std::string& sValue)
	{
		const size_t iComma = sValue.find(',');
		if (iComma == std::string::npos)
		{
			throw UsageError(sOption + " needs X,Y, not '" + sValue + "'");
		}
		return { integer(sOption, sValue.substr(0, iComma)), integer(sOption, sValue.substr(iComma + 1)) };
	}

	// Fills kOptions from argv[2..]; returns false when help was asked for.
	bool parse(const std::string& sCommand, int argc, char** argv, CliOptions& kOptions)
	{
		const std::string sAllowed = " " + OPTIONS_OF.at(sCommand) + " ";
		kOptions.bColor = isatty(STDOUT_FILENO) != 0;
		for (int i = 2; i < argc; ++i)
		{
			const std::string sArg = argv[i];
			if (sArg == "-h" || sArg == "--help")
			{
				return false;
			}
			if (sArg.compare(0, 2, "--") != 0)
			{
				if (NEEDS_MAP.find(" " + sCommand + " ") == std::string::npos || !kOptions.kMap.empty())
				{
					throw UsageError("unexpected argument '" + sArg + "'");
				}
				kOptions.kMap = sArg;
				continue;
			}
			if (sAllowed.find(" " + sArg + " ") == std::string::npos)
			{
				throw UsageError("unexpected argument '" + sArg + "'");
			}
			if (sArg == "--json") { kOptions.bJson = true; continue; }
			if (sArg == "--lenient") { kOptions.bLenient = true; continue; }
			if (sArg == "--no-vanilla") { kOptions.bNoVanilla = true; continue; }
			if (sArg == "--color") { kOptions.bColor = true; continue; }
			if (sArg == "--no-color") { kOptions.bColor = false; continue; }
			if (i + 1 >= argc)
			{
				throw UsageError(sArg + " needs a value");
			}
			const std::string sValue = argv[++i];
			if (sArg == "--assets") kOptions.aAssets.push_back(sValue);
			else if (sArg == "--team") kOptions.eTeam = integer(sArg, sValue);
			else if (sArg == "--range") kOptions.iRange = integer(sArg, sValue, 0, CV_VISION_MAX_RANGE); // as Python's explain
			else if (sArg == "--from") kOptions.kFrom = point(sArg, sValue);
			else if (sArg == "--to") kOptions.kTo = point(sArg, sValue);
			else if (sArg == "--png") kOptions.kPng = sValue;
			else if (sArg == "--html") kOptions.kHtml = sValue;
			else if (sArg == "--out") kOptions.kDemoOut = sValue;
			else if (sArg == "--seed") kOptions.uSeed = seed(sArg, sValue);
			else if (sArg == "--unit") kOptions.sUnit = sValue;
			else if (sArg == "--open-borders") kOptions.aeOpenTeams = integers(sArg, sValue);
			else if (sArg == "--format")
			{
				const bool bText = sCommand == "audit" || sCommand == "path";
				if (bText ? (sValue != "text" && sValue != "json") : (sValue != "tsv" && sValue != "json"))
				{
					throw UsageError(std::string("--format is ") + (bText ? "text" : "tsv") + " or json, not '" + sValue + "'");
				}
				kOptions.sFormat = sValue;
			}
		}
		if (NEEDS_MAP.find(" " + sCommand + " ") != std::string::npos && kOptions.kMap.empty())
		{
			throw UsageError(sCommand + " needs a MAP");
		}
		return true;
	}

	int dispatch(const std::string& sCommand, const CliOptions& kOptions)
	{
		if (sCommand == "demo") return runDemo(kOptions);
		if (sCommand == "rules") return runRules(kOptions);
		if (sCommand == "counts") return runCounts(kOptions);
		if (sCommand == "show") return runShow(kOptions);
		if (sCommand == "render") return runRender(kOptions);
		if (sCommand == "explain") return runExplain(kOptions);
		if (sCommand == "audit") return runAudit(kOptions);
		return runPath(kOptions);
	}
}

namespace
{
	int runCommand(int argc, char** argv)
	{
		if (argc < 2)
		{
			std::fprintf(stderr, "%s", USAGE);
			return 2;
		}
		const std::string sCommand = argv[1];
		if (sCommand == "-h" || sCommand == "--help")
		{
			std::printf("%s", USAGE);
			return 0;
		}
		if (OPTIONS_OF.find(sCommand) == OPTIONS_OF.end())
		{
			std::fprintf(stderr, "cvvision: unknown command '%s'\n\n%s", sCommand.c_str(), USAGE);
			return 2;
		}
		CliOptions kOptions;
		try
		{
			if (!parse(sCommand, argc, argv, kOptions))
			{
				std::printf("%s", USAGE);
				return 0;
			}
			return dispatch(sCommand, kOptions);
		}
		catch (const UsageError& kError)
		{
			std::fprintf(stderr, "cvvision %s: %s (see cvvision --help)\n", sCommand.c_str(), kError.what());
			return 2;
		}
		catch (const std::invalid_argument& kError)
		{
			std::fprintf(stderr, "cvvision %s: %s (see cvvision --help)\n", sCommand.c_str(), kError.what());
			return 2;
		}
		catch (const std::exception& kError)
		{
			std::fprintf(stderr, "cvvision %s: %s\n", sCommand.c_str(), kError.what());
			return 1;
		}
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
