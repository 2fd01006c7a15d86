// The command table's machinery (support/CommandTable.h), which cvvision and civ2huts share:
// finding a command, the global help and a command's help, and the dispatch's messages.
#include "support/CommandTable.h"

#include <gtest/gtest.h>

#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

using namespace cvv;

namespace {

struct ToyOptions
{
	std::string sFile;
	int iCount = 0;
	bool bLoud = false;
};

const CliOption<ToyOptions> COUNT = { "--count", "N",
	[](ToyOptions& k, const std::string& n, const std::string& s) { k.iCount = argInt(n, s, 0, 9); } };
const CliOption<ToyOptions> LOUD = { "--loud", "",
	[](ToyOptions& k, const std::string&, const std::string&) { k.bLoud = true; } };

// What the last command ran with.
ToyOptions g_kRan;

int runCount(const ToyOptions& kOptions)
{
	g_kRan = kOptions;
	return kOptions.iCount == 7 ? 3 : 0;
}

int runFail(const ToyOptions&) { throw std::runtime_error("cannot read x.txt"); }

std::string toyNotes(const Command<ToyOptions>& kCommand)
{
	return *kCommand.szArgument ? "\nFILE is a text file.\n" : "";
}

const CommandTable<ToyOptions> TOY = { "toy",
	{ { "count", "FILE", "count FILE's lines", "Counts the lines of FILE.", { { &COUNT, "stop at N lines" } },
		  &runCount, "3 seven lines" },
		{ "fail", "", "always fails", "Fails.", {}, &runFail, "" } },
	{ { &LOUD, "say more" } }, "Notes for every command.\n", "0 success, 1 bad input, 2 bad usage", "3 (count) seven",
	&toyNotes, [](ToyOptions& k, const std::string& s) { k.sFile = s; } };

struct Outcome
{
	int iStatus;
	std::string sOut;
	std::string sErr;
};

Outcome run(const std::vector<std::string>& asArgs)
{
	std::ostringstream kOut, kErr;
	g_kRan = ToyOptions();
	const int iStatus = runCommandLine(TOY, asArgs, ToyOptions(), kOut, kErr);
	return Outcome{ iStatus, kOut.str(), kErr.str() };
}

const char* const GLOBAL_HELP = "usage: toy COMMAND [ARGS] [OPTIONS]\n"
								"       toy COMMAND --help, toy help COMMAND: the command's arguments and options\n"
								"\n"
								"commands:\n"
								"  count FILE           count FILE's lines\n"
								"  fail                 always fails\n"
								"\n"
								"Notes for every command.\n"
								"\n"
								"options of every command:\n"
								"  --loud               say more\n"
								"  -h, --help           this help; after a command, the command's own help\n"
								"\n"
								"exit status: 0 success, 1 bad input, 2 bad usage, 3 (count) seven\n";

const char* const COUNT_HELP = "usage: toy count FILE [OPTIONS]\n"
							   "\n"
							   "Counts the lines of FILE.\n"
							   "\n"
							   "FILE is a text file.\n"
							   "\n"
							   "options:\n"
							   "  --loud               say more\n"
							   "  --count N            stop at N lines\n"
							   "  -h, --help           this help\n"
							   "\n"
							   "exit status: 0 success, 1 bad input, 2 bad usage, 3 seven lines\n";
}

TEST(CommandTable, FindsACommandByItsName)
{
	const Command<ToyOptions>* pCommand = findCommand(TOY, "fail");
	ASSERT_NE(pCommand, nullptr);
	EXPECT_STREQ(pCommand->szSummary, "always fails");
	EXPECT_EQ(findCommand(TOY, "Fail"), nullptr);
	EXPECT_EQ(findCommand(TOY, "help"), nullptr);
}

TEST(CommandTable, GlobalHelp)
{
	EXPECT_EQ(globalHelp(TOY), GLOBAL_HELP);
	EXPECT_EQ(run({ "--help" }).sOut, GLOBAL_HELP);
	EXPECT_EQ(run({ "help" }).sOut, GLOBAL_HELP);
	const Outcome kNone = run({});
	EXPECT_EQ(kNone.iStatus, 2);
	EXPECT_EQ(kNone.sErr, GLOBAL_HELP);
}

TEST(CommandTable, HelpForACommand)
{
	EXPECT_EQ(commandHelp(TOY, *findCommand(TOY, "count")), COUNT_HELP);
	for (const std::vector<std::string>& asArgs : std::vector<std::vector<std::string>>{
			 { "help", "count" }, { "count", "--help" }, { "count", "--count", "x", "-h" } })
	{
		const Outcome kRun = run(asArgs);
		EXPECT_EQ(kRun.iStatus, 0);
		EXPECT_EQ(kRun.sOut, COUNT_HELP);
		EXPECT_EQ(kRun.sErr, "");
	}
}

TEST(CommandTable, UnknownCommand)
{
	const Outcome kRun = run({ "frob", "x" });
	EXPECT_EQ(kRun.iStatus, 2);
	EXPECT_EQ(kRun.sOut, "");
	EXPECT_EQ(kRun.sErr, std::string("toy: unknown command 'frob'\n\n") + GLOBAL_HELP);
	const Outcome kHelp = run({ "help", "frob" });
	EXPECT_EQ(kHelp.iStatus, 2);
	EXPECT_EQ(kHelp.sErr, std::string("toy help: unknown command 'frob'\n\n") + GLOBAL_HELP);
	const Outcome kExtra = run({ "help", "count", "x" });
	EXPECT_EQ(kExtra.iStatus, 2);
	EXPECT_EQ(kExtra.sErr, "toy help: unexpected argument 'x' (see toy --help)\n");
}

TEST(CommandTable, RunsTheCommandWithItsOptions)
{
	const Outcome kRun = run({ "count", "--loud", "a.txt", "--count=7" });
	EXPECT_EQ(kRun.iStatus, 3);
	EXPECT_EQ(g_kRan.sFile, "a.txt");
	EXPECT_EQ(g_kRan.iCount, 7);
	EXPECT_TRUE(g_kRan.bLoud);
}

TEST(CommandTable, BadUsageAndBadInput)
{
	EXPECT_EQ(run({ "count" }).sErr, "toy count: count needs a FILE (see toy count --help)\n");
	const Outcome kRange = run({ "count", "a.txt", "--count", "10" });
	EXPECT_EQ(kRange.iStatus, 2);
	EXPECT_EQ(kRange.sErr, "toy count: --count 10 is out of range 0..9 (see toy count --help)\n");
	const Outcome kExtra = run({ "fail", "a.txt" });
	EXPECT_EQ(kExtra.iStatus, 2);
	EXPECT_EQ(kExtra.sErr, "toy fail: unexpected argument 'a.txt' (see toy fail --help)\n");
	const Outcome kFail = run({ "fail" });
	EXPECT_EQ(kFail.iStatus, 1);
	EXPECT_EQ(kFail.sErr, "toy fail: cannot read x.txt\n");
}
