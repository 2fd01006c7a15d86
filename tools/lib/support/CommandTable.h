#pragma once
// A program's command table, as cvvision and civ2huts have one: the commands, the options each
// takes and what each option sets in the program's options (a struct of its own, Options), and
// the machinery around it, written once: finding a command, the global help and a command's help,
// parsing a command's arguments (support/Args.h) and the dispatch of "PROGRAM COMMAND ARGS",
// "PROGRAM --help", "PROGRAM help [COMMAND]" and "PROGRAM COMMAND --help", with the messages of bad
// usage ("PROGRAM: unknown command 'x'" and the global help). Each program keeps its own list,
// texts and option setters. Exit status: 0 success, 1 bad input (any other exception), 2 bad usage
// (UsageError, std::invalid_argument), else what the command returns.
#include "support/Args.h"

#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

namespace cvv {

// An option: its name, its value in help, and what it sets.
template <class Options>
struct CliOption
{
	const char* szName; // "--team"
	const char* szValue; // "T"; "": a flag
	void (*fSet)(Options& kOptions, const std::string& sName, const std::string& sValue);
};

// An option as one command takes it, with what it means there.
template <class Options>
struct TakenOption
{
	const CliOption<Options>* pOption;
	const char* szHelp;
};

template <class Options>
struct Command
{
	const char* szName;
	const char* szArgument; // the file it needs ("MAP", "FILE"); "": none
	const char* szSummary; // its line in the global help
	const char* szHelp; // what it does, in its own help
	std::vector<TakenOption<Options>> aOptions; // besides the table's common options
	int (*fRun)(const Options& kOptions);
	const char* szExit; // exit statuses besides 0, 1 and 2 ("" for none)
};

// A program: its name, its commands and the texts around them.
template <class Options>
struct CommandTable
{
	const char* szProgram; // "cvvision"
	std::vector<Command<Options>> aCommands;
	std::vector<TakenOption<Options>> aCommonOptions; // every command takes these first
	std::string sNotes; // the global help's text after the commands (ends with "\n")
	const char* szExit; // "0 success, 1 bad input ..., 2 bad usage"
	const char* szGlobalExit; // the global help's exit statuses besides szExit ("" for none)
	// A command's help's text between what it does and its options ("" or "\n" + text).
	std::string (*fCommandNotes)(const Command<Options>& kCommand);
	// Where a command's file argument goes.
	void (*fSetFile)(Options& kOptions, const std::string& sFile);
};

// --- the parts that do not depend on Options (CommandTable.cpp) ----------------------------------

// "exit status: " and sExit (then ", " and szExtra, if any), wrapped.
std::string exitHelp(const std::string& sExit, const char* szExtra);
// "NAME" or "NAME ARGUMENT".
std::string commandUsage(const char* szName, const char* szArgument);
// The global help's head: its usage lines and "commands:".
std::string globalHelpHead(const char* szProgram);
extern const char* const HELP_OPTION; // "-h, --help"

// --- the table's machinery ---------------------------------------------------------------------

template <class Options>
const Command<Options>* findCommand(const CommandTable<Options>& kTable, const std::string& sName)
{
	for (const Command<Options>& kCommand : kTable.aCommands)
	{
		if (sName == kCommand.szName)
		{
			return &kCommand;
		}
	}
	return nullptr;
}

// The table's common options, then the command's own.
template <class Options>
std::vector<TakenOption<Options>> optionsOf(const CommandTable<Options>& kTable, const Command<Options>& kCommand)
{
	std::vector<TakenOption<Options>> aOptions = kTable.aCommonOptions;
	aOptions.insert(aOptions.end(), kCommand.aOptions.begin(), kCommand.aOptions.end());
	return aOptions;
}

template <class Options>
std::vector<ArgOption> argOptions(const std::vector<TakenOption<Options>>& aOptions)
{
	std::vector<ArgOption> aArgs;
	for (const TakenOption<Options>& kTaken : aOptions)
	{
		aArgs.push_back(ArgOption{ kTaken.pOption->szName, kTaken.pOption->szValue, kTaken.szHelp });
	}
	return aArgs;
}

template <class Options>
std::string globalHelp(const CommandTable<Options>& kTable)
{
	std::string sOut = globalHelpHead(kTable.szProgram);
	for (const Command<Options>& kCommand : kTable.aCommands)
	{
		sOut += helpRow(commandUsage(kCommand.szName, kCommand.szArgument), kCommand.szSummary);
	}
	return sOut + "\n" + kTable.sNotes + "\noptions of every command:\n"
		+ optionsHelp(argOptions(kTable.aCommonOptions))
		+ helpRow(HELP_OPTION, "this help; after a command, the command's own help") + "\n"
		+ exitHelp(kTable.szExit, kTable.szGlobalExit);
}

template <class Options>
std::string commandHelp(const CommandTable<Options>& kTable, const Command<Options>& kCommand)
{
	return std::string("usage: ") + kTable.szProgram + " " + commandUsage(kCommand.szName, kCommand.szArgument)
		+ " [OPTIONS]\n\n" + wrapText(kCommand.szHelp, 0) + kTable.fCommandNotes(kCommand) + "\noptions:\n"
		+ optionsHelp(argOptions(optionsOf(kTable, kCommand))) + helpRow(HELP_OPTION, "this help") + "\n"
		+ exitHelp(kTable.szExit, kCommand.szExit);
}

// Fills kOptions from the command's arguments; returns false when help was asked for. Throws
// UsageError (and what the option setters throw).
template <class Options>
bool parseCommand(const CommandTable<Options>& kTable, const Command<Options>& kCommand,
	const std::vector<std::string>& asArgs, Options& kOptions)
{
	const std::vector<TakenOption<Options>> aOptions = optionsOf(kTable, kCommand);
	const bool bNeedsFile = *kCommand.szArgument != '\0';
	const ParsedArgs kParsed = parseArgs(asArgs, argOptions(aOptions), bNeedsFile ? 1 : 0);
	if (kParsed.bHelp)
	{
		return false;
	}
	for (const auto& [sName, sValue] : kParsed.aOptions)
	{
		for (const TakenOption<Options>& kTaken : aOptions)
		{
			if (sName == kTaken.pOption->szName)
			{
				kTaken.pOption->fSet(kOptions, sName, sValue);
				break;
			}
		}
	}
	if (bNeedsFile)
	{
		if (kParsed.asPositionals.empty())
		{
			throw UsageError(std::string(kCommand.szName) + " needs a " + kCommand.szArgument);
		}
		kTable.fSetFile(kOptions, kParsed.asPositionals[0]);
	}
	return true;
}

// PROGRAM help [COMMAND]
template <class Options>
int runHelp(
	const CommandTable<Options>& kTable, const std::vector<std::string>& asArgs, std::ostream& kOut, std::ostream& kErr)
{
	if (asArgs.empty())
	{
		kOut << globalHelp(kTable);
		return 0;
	}
	const Command<Options>* pCommand = findCommand(kTable, asArgs[0]);
	if (pCommand == nullptr)
	{
		kErr << kTable.szProgram << " help: unknown command '" << asArgs[0] << "'\n\n" << globalHelp(kTable);
		return 2;
	}
	if (asArgs.size() > 1)
	{
		kErr << kTable.szProgram << " help: unexpected argument '" << asArgs[1] << "' (see " << kTable.szProgram
			 << " --help)\n";
		return 2;
	}
	kOut << commandHelp(kTable, *pCommand);
	return 0;
}

// The program run with asArgs (its arguments after its own name): help to kOut, messages to kErr,
// the command run with kOptions (the defaults) filled from its arguments. Returns the exit status.
template <class Options>
int runCommandLine(const CommandTable<Options>& kTable, const std::vector<std::string>& asArgs, Options kOptions,
	std::ostream& kOut, std::ostream& kErr)
{
	if (asArgs.empty())
	{
		kErr << globalHelp(kTable);
		return 2;
	}
	const std::string& sCommand = asArgs[0];
	const std::vector<std::string> asRest(asArgs.begin() + 1, asArgs.end());
	if (sCommand == "-h" || sCommand == "--help")
	{
		kOut << globalHelp(kTable);
		return 0;
	}
	if (sCommand == "help")
	{
		return runHelp(kTable, asRest, kOut, kErr);
	}
	const Command<Options>* pCommand = findCommand(kTable, sCommand);
	if (pCommand == nullptr)
	{
		kErr << kTable.szProgram << ": unknown command '" << sCommand << "'\n\n" << globalHelp(kTable);
		return 2;
	}
	const std::string sWho = std::string(kTable.szProgram) + " " + sCommand;
	try
	{
		if (!parseCommand(kTable, *pCommand, asRest, kOptions))
		{
			kOut << commandHelp(kTable, *pCommand);
			return 0;
		}
		return pCommand->fRun(kOptions);
	}
	catch (const UsageError& kError)
	{
		kErr << sWho << ": " << kError.what() << " (see " << sWho << " --help)\n";
		return 2;
	}
	catch (const std::invalid_argument& kError)
	{
		kErr << sWho << ": " << kError.what() << " (see " << sWho << " --help)\n";
		return 2;
	}
	catch (const std::exception& kError)
	{
		kErr << sWho << ": " << kError.what() << "\n";
		return 1;
	}
}

} // namespace cvv
