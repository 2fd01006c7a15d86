// The support layer's argument parser (support/Args.h), JSON writer (support/Json.h) and output
// files (support/OutputFile.h), which cvvision and civ2huts share.
#include "support/Args.h"
#include "support/Json.h"
#include "support/OutputFile.h"

#include <gtest/gtest.h>

#include <atomic>
#include <climits>
#include <filesystem>
#include <fstream>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

// Every umask(2) call of this program goes through here (the executable's definition comes before
// the C library's): the output tests count the calls writing makes.
namespace {
std::atomic<int> g_iUmaskCalls(0);
}

extern "C" mode_t umask(mode_t uMask) noexcept
{
	++g_iUmaskCalls;
	return static_cast<mode_t>(::syscall(SYS_umask, uMask));
}

using namespace cvv;

namespace {
const std::vector<ArgOption> OPTIONS = {
	{ "--team", "T", "the team" },
	{ "--json", "", "JSON" },
	{ "--assets", "DIR", "a folder" },
};

std::string usageMessage(const std::vector<std::string>& asArgs, size_t uMaxPositionals = 1)
{
	try
	{
		parseArgs(asArgs, OPTIONS, uMaxPositionals);
	}
	catch (const UsageError& kError)
	{
		return kError.what();
	}
	return "(no error)";
}
}

TEST(SupportArgs, OptionsFlagsAndPositionalsInOrder)
{
	const ParsedArgs k = parseArgs({ "map.wb", "--team", "2", "--json", "--assets", "a", "--assets", "b" }, OPTIONS, 1);
	EXPECT_FALSE(k.bHelp);
	ASSERT_EQ(k.asPositionals, std::vector<std::string>{ "map.wb" });
	ASSERT_EQ(k.aOptions.size(), 4u);
	EXPECT_EQ(k.aOptions[0], std::make_pair(std::string("--team"), std::string("2")));
	EXPECT_EQ(k.aOptions[1], std::make_pair(std::string("--json"), std::string()));
	EXPECT_TRUE(k.has("--json"));
	EXPECT_FALSE(parseArgs({}, OPTIONS, 0).has("--json"));
	EXPECT_EQ(k.values("--assets"), (std::vector<std::string>{ "a", "b" }));
	EXPECT_TRUE(k.values("--team").size() == 1 && k.values("--team")[0] == "2");
}

TEST(SupportArgs, ValueAfterAnEqualsSign)
{
	const ParsedArgs k = parseArgs({ "--team=3", "--assets=x=y", "--assets=" }, OPTIONS, 0);
	EXPECT_EQ(k.values("--team"), std::vector<std::string>{ "3" });
	EXPECT_EQ(k.values("--assets"), (std::vector<std::string>{ "x=y", "" }));
	EXPECT_EQ(usageMessage({ "--json=1" }), "--json takes no value");
	EXPECT_EQ(usageMessage({ "--frob=1" }), "unexpected argument '--frob=1'");
}

TEST(SupportArgs, AValueMayLookLikeAnOption)
{
	const ParsedArgs k = parseArgs({ "--team", "-1", "--assets", "--json" }, OPTIONS, 0);
	EXPECT_EQ(k.values("--team"), std::vector<std::string>{ "-1" });
	EXPECT_EQ(k.values("--assets"), std::vector<std::string>{ "--json" });
	EXPECT_FALSE(k.has("--json"));
}

TEST(SupportArgs, HelpAnywhereWins)
{
	EXPECT_TRUE(parseArgs({ "--frob", "-h" }, OPTIONS, 0).bHelp);
	EXPECT_TRUE(parseArgs({ "a", "b", "c", "--help" }, OPTIONS, 0).bHelp);
	EXPECT_TRUE(parseArgs({ "--help" }, {}, 0).bHelp);
}

TEST(SupportArgs, BadUsageNamesTheArgument)
{
	EXPECT_EQ(usageMessage({ "--frob" }), "unexpected argument '--frob'");
	EXPECT_EQ(usageMessage({ "-x" }), "unexpected argument '-x'");
	EXPECT_EQ(usageMessage({ "a", "b" }), "unexpected argument 'b'");
	EXPECT_EQ(usageMessage({ "a" }, 0), "unexpected argument 'a'");
	EXPECT_EQ(usageMessage({ "--team" }), "--team needs a value");
	// "-" alone is a positional (standard input, by convention).
	EXPECT_EQ(parseArgs({ "-" }, OPTIONS, 1).asPositionals, std::vector<std::string>{ "-" });
}

TEST(SupportArgs, WholeNumbers)
{
	EXPECT_EQ(argInt("--team", "7"), 7);
	EXPECT_EQ(argInt("--team", "-2147483648"), INT_MIN);
	EXPECT_EQ(argInt("--team", "2147483647"), INT_MAX);
	EXPECT_THROW(argInt("--team", "2147483648"), UsageError);
	EXPECT_EQ(argInt("--range", "32", 0, 32), 32);
	try
	{
		argInt("--range", "33", 0, 32);
		FAIL();
	}
	catch (const UsageError& k)
	{
		EXPECT_STREQ(k.what(), "--range 33 is out of range 0..32");
	}
	try
	{
		argInt("--team", "1x");
		FAIL();
	}
	catch (const UsageError& k)
	{
		EXPECT_STREQ(k.what(), "--team needs a whole number, not '1x'");
	}
	for (const char* sz : { "", " 1", "1 ", "0x10", "1.5", "++1" })
	{
		EXPECT_THROW(argInt("--team", sz), UsageError) << sz;
	}
}

TEST(SupportArgs, UnsignedSeeds)
{
	EXPECT_EQ(argUnsigned("--seed", "0"), 0u);
	EXPECT_EQ(argUnsigned("--seed", "4294967295"), 4294967295u);
	EXPECT_EQ(argUnsigned("--seed", "0004294967295"), 4294967295u);
	for (const char* sz : { "", "-1", "+1", "4294967296", "99999999999999999999999", "1x", " 1" })
	{
		try
		{
			argUnsigned("--seed", sz);
			ADD_FAILURE() << sz;
		}
		catch (const UsageError& k)
		{
			EXPECT_EQ(
				std::string(k.what()), std::string("--seed needs a whole number 0..4294967295, not '") + sz + "'");
		}
	}
}

TEST(SupportArgs, ListsPointsAndChoices)
{
	EXPECT_EQ(argInts("--open-borders", "1,7,-2"), (std::vector<int>{ 1, 7, -2 }));
	EXPECT_EQ(argInts("--open-borders", "4"), std::vector<int>{ 4 });
	EXPECT_THROW(argInts("--open-borders", "1,,2"), UsageError);
	EXPECT_THROW(argInts("--open-borders", "1,"), UsageError);
	EXPECT_EQ(argPoint("--from", "8,-7"), std::make_pair(8, -7));
	try
	{
		argPoint("--from", "3");
		FAIL();
	}
	catch (const UsageError& k)
	{
		EXPECT_STREQ(k.what(), "--from needs X,Y, not '3'");
	}
	EXPECT_THROW(argPoint("--from", "3,4,5"), UsageError);
	EXPECT_EQ(argChoice("--format", "json", { "tsv", "json" }), "json");
	try
	{
		argChoice("--format", "xml", { "tsv", "json" });
		FAIL();
	}
	catch (const UsageError& k)
	{
		EXPECT_STREQ(k.what(), "--format is tsv or json, not 'xml'");
	}
	try
	{
		argChoice("--kind", "x", { "a", "b", "c" });
		FAIL();
	}
	catch (const UsageError& k)
	{
		EXPECT_STREQ(k.what(), "--kind is a, b or c, not 'x'");
	}
}

TEST(SupportArgs, HelpRowsWrap)
{
	EXPECT_EQ(wrapText("one two three", 2, 9), "  one two\n  three\n");
	EXPECT_EQ(wrapText("one two three", 2, 8), "  one\n  two\n  three\n");
	EXPECT_EQ(wrapText("one two\nthree", 0), "one two\nthree\n");
	EXPECT_EQ(wrapText("averyveryverylongword x", 2, 8), "  averyveryverylongword\n  x\n");
	EXPECT_EQ(helpRow("--team T", "the team", 14), "  --team T    the team\n");
	EXPECT_EQ(helpRow("--open-borders T,T...", "teams", 14), "  --open-borders T,T...\n              teams\n");
	EXPECT_EQ(helpRow("--x", "a b c", 8, 11), "  --x   a b\n        c\n");
	EXPECT_EQ(helpRow("--x", "", 8), "  --x\n");
	EXPECT_EQ(optionsHelp(OPTIONS, 16), "  --team T      the team\n  --json        JSON\n  --assets DIR  a folder\n");
}

TEST(SupportJson, StringsEscapeQuotesBackslashesAndControls)
{
	EXPECT_EQ(jsonString("plain"), "\"plain\"");
	EXPECT_EQ(jsonString("a\"b\\c"), "\"a\\\"b\\\\c\"");
	EXPECT_EQ(jsonString(std::string("\n\t\x01\x1f", 4)), "\"\\u000a\\u0009\\u0001\\u001f\"");
	EXPECT_EQ(jsonString(std::string("\0", 1)), "\"\\u0000\"");
	EXPECT_EQ(jsonString("<b>&"), "\"<b>&\"");
	EXPECT_EQ(jsonString("</script>&", JsonEscape::Script), "\"\\u003c/script\\u003e\\u0026\"");
	EXPECT_EQ(jsonString("\xc3\xa9"), "\"\xc3\xa9\""); // UTF-8 passes through
}

TEST(SupportJson, WriterLayouts)
{
	JsonWriter kSpaced;
	kSpaced.beginObject().key("a").number(1).key("b").beginArray().number(-2).string("x").boolean(true).null().end();
	kSpaced.key("c").beginObject().end().key("d").beginArray().end().end();
	EXPECT_EQ(kSpaced.str(), "{\"a\": 1, \"b\": [-2, \"x\", true, null], \"c\": {}, \"d\": []}");

	JsonWriter kCompact(JsonWriter::Layout::Compact);
	kCompact.beginArray().beginObject().key("k").string("v").end().raw("{\"r\":1}").number(9000000000LL).end();
	EXPECT_EQ(kCompact.str(), "[{\"k\":\"v\"},{\"r\":1},9000000000]");
}

TEST(SupportJson, ItemsOnNewLines)
{
	JsonWriter k;
	k.beginObject().key("map").string("m").key("counts").beginArray();
	for (int i = 0; i < 2; ++i)
	{
		k.nextOnNewLine("  ").beginObject().key("x").number(i).end();
	}
	k.end("\n").nextOnNewLine(" ").key("last").boolean(false).end("\n");
	EXPECT_EQ(k.str(), "{\"map\": \"m\", \"counts\": [\n  {\"x\": 0},\n  {\"x\": 1}\n],\n \"last\": false\n}");

	JsonWriter kEmpty;
	kEmpty.beginObject().key("counts").beginArray().end("\n").end();
	EXPECT_EQ(kEmpty.str(), "{\"counts\": [\n]}");
}

TEST(SupportJson, WriterEscapesKeysAndStringsItsWay)
{
	JsonWriter k(JsonWriter::Layout::Compact, JsonEscape::Script);
	k.beginObject().key("<k>").string("a&b").end();
	EXPECT_EQ(k.str(), "{\"\\u003ck\\u003e\":\"a\\u0026b\"}");
}

TEST(SupportJson, MisuseIsALogicError)
{
	EXPECT_THROW(JsonWriter().beginObject().number(1), std::logic_error); // a value without its key
	EXPECT_THROW(JsonWriter().beginArray().key("a"), std::logic_error); // a key in an array
	EXPECT_THROW(JsonWriter().beginObject().key("a").end(), std::logic_error); // a key without its value
	EXPECT_THROW(JsonWriter().end(), std::logic_error);
	EXPECT_THROW(JsonWriter().number(1).number(2), std::logic_error);
	JsonWriter kOpen;
	kOpen.beginArray();
	EXPECT_THROW(kOpen.str(), std::logic_error);
}

TEST(SupportJson, ArraysOfNumbersAndStrings)
{
	EXPECT_EQ(jsonNumbers(std::vector<int>{ 1, -2, 3 }), "[1,-2,3]");
	EXPECT_EQ(jsonNumbers(std::vector<bool>{ true, false }), "[1,0]");
	EXPECT_EQ(jsonNumbers(std::vector<unsigned char>{ 200 }), "[200]");
	EXPECT_EQ(jsonNumbers(std::vector<int>{ 1, 2 }, JsonWriter::Layout::Spaced), "[1, 2]");
	EXPECT_EQ(jsonNumbers(std::vector<int>{}), "[]");
	EXPECT_EQ(jsonStrings({ "a", "<" }), "[\"a\",\"<\"]");
	EXPECT_EQ(jsonStrings({ "a", "<" }, JsonWriter::Layout::Spaced, JsonEscape::Script), "[\"a\", \"\\u003c\"]");
}

// --- output files: the mode of a new file without touching the process's umask -----------------

namespace {
namespace fs = std::filesystem;

// A throw-away folder.
struct TempFolder
{
	fs::path kPath;
	TempFolder()
	{
		std::random_device kRandom;
		kPath = fs::temp_directory_path() / ("cvvision-output-" + std::to_string(kRandom()));
		fs::create_directories(kPath);
	}
	~TempFolder() { fs::remove_all(kPath); }
};

mode_t modeOf(const fs::path& kPath)
{
	struct stat kStat;
	return ::stat(kPath.c_str(), &kStat) == 0 ? (kStat.st_mode & 07777) : 0;
}

// The umask as /proc/self/status says it (Linux 4.7 and later), or -1.
int umaskFromProc()
{
	std::ifstream kIn("/proc/self/status");
	std::string sLine;
	while (std::getline(kIn, sLine))
	{
		if (sLine.compare(0, 6, "Umask:") == 0)
		{
			return static_cast<int>(std::stoul(sLine.substr(6), nullptr, 8));
		}
	}
	return -1;
}

std::string contentsOf(const fs::path& kPath)
{
	std::ifstream kIn(kPath, std::ios::binary);
	return std::string((std::istreambuf_iterator<char>(kIn)), std::istreambuf_iterator<char>());
}
}

TEST(SupportOutput, ANewFileGetsTheModeTheUmaskGives)
{
	TempFolder kFolder;
	const mode_t uOldMask = ::umask(027);
	writeOutputs({ { kFolder.kPath / "a.txt", "a\n" } });
	::umask(0);
	writeOutputs({ { kFolder.kPath / "b.txt", "b\n" } });
	::umask(uOldMask);
	EXPECT_EQ(0640u, modeOf(kFolder.kPath / "a.txt"));
	EXPECT_EQ(0666u, modeOf(kFolder.kPath / "b.txt"));
	EXPECT_EQ("a\n", contentsOf(kFolder.kPath / "a.txt"));
	EXPECT_EQ(2, std::distance(fs::directory_iterator(kFolder.kPath), fs::directory_iterator())) << "no temporary left";
}

TEST(SupportOutput, AReplacedFileKeepsItsMode)
{
	TempFolder kFolder;
	const fs::path kFile = kFolder.kPath / "kept.txt";
	std::ofstream(kFile) << "old";
	ASSERT_EQ(0, ::chmod(kFile.c_str(), 0604));
	writeOutputs({ { kFile, "new" } });
	EXPECT_EQ(0604u, modeOf(kFile));
	EXPECT_EQ("new", contentsOf(kFile));
	EXPECT_EQ(1, std::distance(fs::directory_iterator(kFolder.kPath), fs::directory_iterator()));
}

TEST(SupportOutput, WritingCallsNoUmask)
{
	TempFolder kFolder;
	const int iBefore = g_iUmaskCalls;
	writeOutputs({ { kFolder.kPath / "new.txt", "1" }, { kFolder.kPath / "new.txt", "2" } });
	writeOutputs({ { kFolder.kPath / "new.txt", "3" } });
	EXPECT_EQ(iBefore, g_iUmaskCalls) << "umask(2) can only be read by setting it: a race between threads";
}

TEST(SupportOutput, WritingChangesNoProcessWideState)
{
	// One thread writes files while another reads the umask from the kernel: the umask never
	// changes, not even for an instant (reading it by setting it would).
	if (umaskFromProc() < 0)
	{
		GTEST_SKIP() << "/proc/self/status has no Umask line here";
	}
	TempFolder kFolder;
	const mode_t uOldMask = ::umask(022);
	std::atomic<bool> bDone(false);
	int iReads = 0;
	int iChanged = 0;
	std::thread kReader([&] {
		while (!bDone)
		{
			iChanged += umaskFromProc() != 022;
			++iReads;
		}
	});
	for (int i = 0; i < 100; ++i)
	{
		writeOutputs({ { kFolder.kPath / ("f" + std::to_string(i % 10) + ".txt"), std::to_string(i) } });
	}
	bDone = true;
	kReader.join();
	::umask(uOldMask);
	EXPECT_EQ(0, iChanged) << "of " << iReads << " reads";
	EXPECT_GT(iReads, 0);
	EXPECT_EQ(0644u, modeOf(kFolder.kPath / "f0.txt"));
}
