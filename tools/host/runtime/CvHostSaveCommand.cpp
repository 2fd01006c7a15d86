// read-save: a saved game read by the tree's own read() functions, as the game's executable reads
// it, then written back by the tree's own write() functions and compared with the save's bytes.
//
//     cvcore-host [--game DIR] [--mod DIR] read-save SAVE
//     cvcore-host [--game DIR] [--mod DIR] read-saves DIR SAVE...   (cvHostReadSaves, below)
//
// WHAT IT DOES, in order (each step named for the crash handler, cvHostSetStep):
//   1. the executable's start: gDLL, the globals, the XML (cvHostStart); a load step that fails or
//      shows a message box stops here;
//   2. the save's outer layer (CvHostSaveFile: header, init core block, inflated game data, tail);
//   3. the executable's load: CvInitCore::read of the init core block into GC.getLoadedInitCore(),
//      which must read the block exactly; the checksum (CvHostSaveFile.h), with the passwords the
//      loaded init core holds: the game refuses a save whose checksum does not match, and so does
//      the host; then GC.getInitCore().resetGame(&loaded, true, false) and resetPlayers(&loaded,
//      true, false); then from the inflated game data CvGameAI::read (GC.getGame()), CvMap::read,
//      CvTeamAI::read of team 0 .. MAX_TEAMS-1, CvPlayerAI::read of player 0 .. MAX_PLAYERS-1,
//      CvEventReporter::readStatistics, which must end at its end;
//   4. the world's checks (worldProblem: each plot where its index says, types and owners in range,
//      units and cities on the map), then the world through the loaded objects' own getters, the
//      ones BTS, K-Mod, PB Mod, AdvCiv, RoM-AND and Realism Invictus all have;
//   5. the round trip: the same objects written by their own write() functions in the same order,
//      as the executable writes a save (the init core it writes is the game's, GC.getInitCore(),
//      not the loaded one; both are compared), each compared with the bytes the save has for it.
//      CVHOST_READ_SAVE_DUMP=DIR also writes the parts, as read and as written, into DIR
//      (init_core.save, init_core.written, loaded_init_core.written, game_data.save,
//      game_data.written).
//
// OUTPUT (JSON on standard output; members in this order, each list one element a line):
//   the start's summary: "steps", "infos", "defines", "text_keys", "message_boxes",
//     "executable_calls" (CvHostRun.h; the calls counted up to the end of the round trip);
//   "save": {"path", "version", "mod_name", "lock_modified_assets", "checksum", "init_core_bytes",
//     "game_data_bytes"};
//   "read": [{"object", "part" ("init_core" | "game_data"), "start", "end"}]: where each object's
//     read() began and ended in its part; objects are named "CvInitCore", "CvGameAI", "CvMap",
//     "CvTeamAI 0".., "CvPlayerAI 0".., "CvEventReporter statistics";
//   "map": {"width", "height", "wrap_x", "wrap_y", "plots"};
//   "plots": one per plot in index order (y * width + x): {"x", "y", "terrain", "feature",
//     "plot_type", "owner", "improvement", "route", "visibility": [getVisibilityCount per team],
//     "revealed": [isRevealed(team, false) per team, 0 or 1], "stolen_visibility":
//     [getStolenVisibilityCount per team], "revealed_owner", "revealed_improvement",
//     "revealed_route": [getRevealedOwner / ImprovementType / RouteType(team, false) per team],
//     "invisible_visibility": [[getInvisibleVisibilityCount(team, type) per invisible type] per
//     team]} (types are indices, -1 none);
//   "units": every player's units, players in order, each player's in its own order (firstUnit):
//     {"owner", "id", "type", "x", "y", "facing" (getFacingDirection(false)), "invisible"
//     (getInvisibleType), "promotions": [indices isHasPromotion], "cargo" (isCargo), "transport":
//     [owner, id] or null, "recon": [x, y] of getReconPlot or null};
//   "cities": {"owner", "id", "x", "y", "espionage_visibility": [getEspionageVisibility per team, 0
//     or 1]}, players in order, each player's in its own order;
//   "teams": {"team", "alive", "vassal_of" (the team it isVassal of, -1 none), "techs": [indices
//     isHasTech]} for every team;
//   "players": {"player", "alive", "team"} for every player;
//   "round_trip": {
//     "init_core": the game's init core (what the executable writes) against the block,
//     "loaded_init_core": the loaded one against the block,
//       each {"same", "bytes" (the save's), "written", "differences", "differing_bytes"};
//     "game_data": {"same", "bytes", "written", "first_difference": null or its offset}: the whole
//       inflated stream as written against the save's;
//     "objects": one per object: {"object", "same", "read": [start, end], "written": [start, end],
//       "differences", "differing_bytes"}, each object compared with its own read range, so that a
//       difference in one does not shift the others.
//     "differences": at most 8 runs of differing bytes, each {"offset" (in the save's part),
//       "in_object", "save" and "written" (the bytes of the write call that covers the run's first
//       byte, at most 16, hexadecimal), "write" (what that call wrote: "an int", "an array of 19
//       ints"...), "by" (the core's functions that made the call, innermost first, from the
//       program's symbol table: "CvReplayMessage::write", "CvGame::write"...)}; past a difference
//       of length the bytes no longer line up, and only the first is listed. "differing_bytes":
//       how many bytes differ, null when the lengths differ.
//   }
//
// WHAT BTS 3.19'S OWN CODE CHANGES BETWEEN A READ AND A WRITE (every shared save; checked byte for
// byte by tests/host/test_read_save.py):
//   - CvInitCore::read turns each slot claim SLOTCLAIM_ASSIGNED into SLOTCLAIM_RESERVED;
//   - the game's init core is the loaded one copied by resetGame/resetPlayers through getters:
//     getLeaderName, getCivDescription... give gDLL->getObjectText of what was stored (a text key
//     becomes its text), getPlayableCiv answers from the civilization's XML unless the game began
//     from a WorldBuilder script; and CvGame::read's setActivePlayer (single player) claims the
//     active player's slot SLOTCLAIM_ASSIGNED;
//   - CvGame::read counts one more session (m_iNumSessions, unless network multiplayer) and adds a
//     replay message "TXT_KEY_MISC_RELOAD" (unless multiplayer: hotseat, PBEM, network);
//   - CvTeam::write and CvTeamAI::write write their format flags 0, which some saves hold as other
//     values (0xfa17cec1, 0xfa17cec0: read and ignored);
//   - and one of the host's: CvPlayer::write iterates its seven score histories
//     (stdext::hash_map<int, int>) in the order of the host's hash_map (tools/host/include/hash_map,
//     over std::unordered_map), not MSVC 2003's: the same entries in another order.
//   The map (plots, areas), the units, cities and the statistics come back byte for byte.
//
// ERRORS (standard error, exit status 1), each naming the save: a file that is not a save, or is cut
// or damaged in its outer layer (CvHostSaveError: file, part, offset); a checksum that does not
// match; a read that runs past the end of its part or meets a negative count (CvHostBytesError),
// named with the object being read and where its read began:
//   "cvcore-host: SAVE: the game data ends inside CvPlayerAI::read of player 3: offset 12345: an
//    int needs 4 bytes, only 2 left (its read began at offset 12001)";
// an init core or game data that is not read to its end, or a world that fails the checks (another
// tree's layout, other rules, damage). A crash of the core's read (it trusts its input) is caught by
// the process's crash handler, exit status 3, naming the step ("the core crashed (segmentation
// fault) in reading SAVE: CvMap::read").
//
// GUARDS AGAINST DAMAGED COUNTS (a count read from the save that the core allocates or loops by):
//   - the stream refuses an array, string or count past what is left before anything is read
//     (CvHostStream.h), so a loop that reads ends at the end of the data;
//   - the address space is limited to kAddressSpaceBytes from the reading of the save on (RLIMIT_AS,
//     lowered only; not under AddressSanitizer, whose shadow needs more): a huge allocation (new
//     CvPlot[w * h] of a damaged map size, FFreeListTrashArray::init of a damaged slot count) fails
//     at once instead of paging the machine. The executable's newMem then answers NULL, and the
//     core crashes on it: exit status 3 with the step, from the crash handler;
//   - a timer of kTimeLimitSeconds (CVHOST_READ_SAVE_SECONDS, if set to a number of seconds) from
//     the reading of the save to the end of the round trip: a loop that reads nothing (a damaged
//     count of something the core computes) ends with exit status 3, "the core did not finish in N
//     s (taken for looping) in STEP".
//   Real saves read in well under a second with a few tens of megabytes. The time limit is in the
//   host itself so that it holds when the program is run alone; tools/host/cvcore adds its own.
#include "CvGameCoreDLL.h"
#include "CvGlobals.h"
#include "CvGameAI.h"
#include "CvInitCore.h"
#include "CvMap.h"
#include "CvPlot.h"
#include "CvUnit.h"
#include "CvCity.h"
#include "CvTeamAI.h"
#include "CvPlayerAI.h"
#include "CvEventReporter.h"

#include "CvHostBytes.h"
#include "CvHostGame.h"
#include "CvHostRun.h"
#include "CvHostSaveFile.h"
#include "CvHostStream.h"
#include "CvHostSymbols.h"
#include "CvHostUtility.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include <functional>
#include <new>
#include <sstream>
#include <string>
#include <vector>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CVHOST_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define CVHOST_ASAN 1
#endif

namespace {

const unsigned long long kAddressSpaceBytes = 1ULL << 30; // 1 GiB: the XML and a large save need < 100 MB
const double kTimeLimitSeconds = 120;
double g_timeLimit = kTimeLimitSeconds;

// ---------------------------------------------------------------------------------------------
// The step, for the alarm (the crash handler keeps its own copy, cvHostSetStep)
// ---------------------------------------------------------------------------------------------
char g_step[256] = "";

void setStep(const std::string& step)
{
	cvHostSetStep(step.c_str());
	strncpy(g_step, step.c_str(), sizeof(g_step) - 1);
	g_step[sizeof(g_step) - 1] = 0;
}

void onAlarm(int)
{
	char message[512];
	int n = snprintf(message, sizeof(message),
		"cvcore-host: the core did not finish in %g s (taken for looping) in %s\n", g_timeLimit, g_step);
	if (n > 0)
	{
		ssize_t ignored = write(2, message, (size_t)n);
		(void)ignored;
	}
	_exit(3);
}

void setTimer(double seconds)
{
	struct itimerval timer;
	memset(&timer, 0, sizeof(timer));
	timer.it_value.tv_sec = (time_t)seconds;
	timer.it_value.tv_usec = (suseconds_t)((seconds - (double)(time_t)seconds) * 1e6);
	setitimer(ITIMER_REAL, &timer, NULL);
}

void guardResources()
{
	if (const char* seconds = getenv("CVHOST_READ_SAVE_SECONDS"))
	{
		char* end = NULL;
		double value = strtod(seconds, &end);
		if (end != seconds && *end == 0 && value > 0) g_timeLimit = value;
	}
	signal(SIGALRM, onAlarm);
	setTimer(g_timeLimit);
#ifndef CVHOST_ASAN
	struct rlimit limit;
	if (getrlimit(RLIMIT_AS, &limit) == 0 && (limit.rlim_cur == RLIM_INFINITY || limit.rlim_cur > kAddressSpaceBytes))
	{
		limit.rlim_cur = (rlim_t)kAddressSpaceBytes;
		setrlimit(RLIMIT_AS, &limit);
	}
#endif
}

// ---------------------------------------------------------------------------------------------
// The objects of a save, in the executable's order
// ---------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------
// ---------------------------------------------------------------------------------------------
typedef CvHostGameObject GameObject;

std::vector<GameObject> gameObjects()
{
	std::vector<GameObject> objects;
	objects.push_back(GameObject{ "CvGameAI", "CvGameAI::read",
		[](FDataStreamBase* s) { cvHostGameAI(CvGlobals::getInstance(), 0).read(s); },
		[](FDataStreamBase* s) { cvHostGameAI(CvGlobals::getInstance(), 0).write(s); } });
	objects.push_back(GameObject{ "CvMap", "CvMap::read", [](FDataStreamBase* s) { GC.getMap().read(s); },
		[](FDataStreamBase* s) { GC.getMap().write(s); } });
	for (int i = 0; i < MAX_TEAMS; ++i)
	{
		std::ostringstream name, reading;
		name << "CvTeamAI " << i;
		reading << "CvTeamAI::read of team " << i;
		objects.push_back(
			GameObject{ name.str(), reading.str(), [i](FDataStreamBase* s) { GET_TEAM((TeamTypes)i).read(s); },
				[i](FDataStreamBase* s) { GET_TEAM((TeamTypes)i).write(s); } });
	}
	for (int i = 0; i < MAX_PLAYERS; ++i)
	{
		std::ostringstream name, reading;
		name << "CvPlayerAI " << i;
		reading << "CvPlayerAI::read of player " << i;
		objects.push_back(
			GameObject{ name.str(), reading.str(), [i](FDataStreamBase* s) { GET_PLAYER((PlayerTypes)i).read(s); },
				[i](FDataStreamBase* s) { GET_PLAYER((PlayerTypes)i).write(s); } });
	}
	objects.push_back(GameObject{ "CvEventReporter statistics", "CvEventReporter::readStatistics",
		[](FDataStreamBase* s) { CvEventReporter::getInstance().readStatistics(s); },
		[](FDataStreamBase* s) { CvEventReporter::getInstance().writeStatistics(s); } });
	return objects;
}

// A save's problem, already worded (exit status 1).
struct Refusal
{
	std::string message;
};

// ---------------------------------------------------------------------------------------------
// The probe: a stream that notes the write call covering one offset, and who made it
// ---------------------------------------------------------------------------------------------
class ProbeStream : public CvHostStream
{
public:
	explicit ProbeStream(size_t target) : m_target(target) {}

	bool found = false;
	size_t start = 0, end = 0;
	std::string kind;
	std::vector<std::string> callers;

	unsigned int WriteString(const wchar* v)
	{
		return watch("a wide string", [&] { return CvHostStream::WriteString(v); });
	}
	unsigned int WriteString(const char* v)
	{
		return watch("a string", [&] { return CvHostStream::WriteString(v); });
	}
	unsigned int WriteString(const std::string& v)
	{
		return watch("a string", [&] { return CvHostStream::WriteString(v); });
	}
	unsigned int WriteString(const std::wstring& v)
	{
		return watch("a wide string", [&] { return CvHostStream::WriteString(v); });
	}
	unsigned int WriteString(int n, std::string v[])
	{
		return watch(array(n, "strings"), [&] { return CvHostStream::WriteString(n, v); });
	}
	unsigned int WriteString(int n, std::wstring v[])
	{
		return watch(array(n, "wide strings"), [&] { return CvHostStream::WriteString(n, v); });
	}

#define CVHOST_PROBE_ONE(Name, T, what)                                                                                \
	void Name(T v)                                                                                                     \
	{                                                                                                                  \
		watch(what, [&] {                                                                                              \
			CvHostStream::Name(v);                                                                                     \
			return 0u;                                                                                                 \
		});                                                                                                            \
	}
#define CVHOST_PROBE_ARRAY(Name, T, what)                                                                              \
	void Name(int n, const T v[])                                                                                      \
	{                                                                                                                  \
		watch(array(n, what), [&] {                                                                                    \
			CvHostStream::Name(n, v);                                                                                  \
			return 0u;                                                                                                 \
		});                                                                                                            \
	}
// clang-format off
#define CVHOST_PROBE_WRITES(Name) \
	CVHOST_PROBE_ONE(Name, char, "a char") \
	CVHOST_PROBE_ONE(Name, byte, "a byte") \
	CVHOST_PROBE_ARRAY(Name, char, "chars") \
	CVHOST_PROBE_ARRAY(Name, byte, "bytes") \
	CVHOST_PROBE_ONE(Name, bool, "a bool") \
	CVHOST_PROBE_ARRAY(Name, bool, "bools") \
	CVHOST_PROBE_ONE(Name, short, "a short") \
	CVHOST_PROBE_ONE(Name, unsigned short, "an unsigned short") \
	CVHOST_PROBE_ARRAY(Name, short, "shorts") \
	CVHOST_PROBE_ARRAY(Name, unsigned short, "unsigned shorts") \
	CVHOST_PROBE_ONE(Name, int, "an int") \
	CVHOST_PROBE_ONE(Name, unsigned int, "an unsigned int") \
	CVHOST_PROBE_ARRAY(Name, int, "ints") \
	CVHOST_PROBE_ARRAY(Name, unsigned int, "unsigned ints") \
	CVHOST_PROBE_ONE(Name, long, "a long") \
	CVHOST_PROBE_ONE(Name, unsigned long, "an unsigned long") \
	CVHOST_PROBE_ARRAY(Name, long, "longs") \
	CVHOST_PROBE_ARRAY(Name, unsigned long, "unsigned longs") \
	CVHOST_PROBE_ONE(Name, float, "a float") \
	CVHOST_PROBE_ARRAY(Name, float, "floats") \
	CVHOST_PROBE_ONE(Name, double, "a double") \
	CVHOST_PROBE_ARRAY(Name, double, "doubles")

	// clang-format on
	CVHOST_PROBE_WRITES(Write)
	CVHOST_PROBE_WRITES(WriteExternal)
#undef CVHOST_PROBE_WRITES
#undef CVHOST_PROBE_ARRAY
#undef CVHOST_PROBE_ONE

private:
	static std::string array(int n, const char* what)
	{
		std::ostringstream k;
		k << "an array of " << n << " " << what;
		return k.str();
	}
	template <class F>
	unsigned int watch(const std::string& what, F f)
	{
		size_t before = bytes().position();
		unsigned int result = f();
		size_t after = bytes().position();
		if (!found && before <= m_target && m_target < after)
		{
			found = true;
			start = before;
			end = after;
			kind = what;
			// The core's functions only: from the first that is not the stream's (AdvCiv's inline
			// FDataStreamBase::Write may stand between), up to the host's own.
			for (const std::string& name : cvHostCallers(24))
			{
				// the standard library's: "std::...", or a template's "void std::__invoke_impl<...>"
				// (inlined but under AddressSanitizer)
				const size_t at = name.find("std::");
				if (name.find("ProbeStream") != std::string::npos || name.find("CvHostStream") != std::string::npos
					|| name.find("FDataStreamBase::") == 0 || at == 0
					|| (at != std::string::npos && name.find(' ') == at - 1)
					|| name.find("std::function") != std::string::npos)
					continue;
				if (name.find("(anonymous namespace)") != std::string::npos || name.find("cvHost") == 0) break;
				callers.push_back(name);
				if (callers.size() == 4) break;
			}
		}
		return result;
	}
	size_t m_target;
};

// ---------------------------------------------------------------------------------------------
// JSON
// ---------------------------------------------------------------------------------------------
std::string hex(const std::vector<unsigned char>& a, size_t from, size_t to)
{
	std::string s;
	char buf[4];
	for (size_t i = from; i < to && i < a.size() && i < from + 16; ++i)
	{
		snprintf(buf, sizeof(buf), "%02x", a[i]);
		s += buf;
	}
	return s;
}

const char* boolean(bool b) { return b ? "true" : "false"; }

size_t firstDifference(const std::vector<unsigned char>& a, size_t aFrom, size_t aTo,
	const std::vector<unsigned char>& b, size_t bFrom, size_t bTo)
{
	size_t n = std::min(aTo - aFrom, bTo - bFrom);
	for (size_t i = 0; i < n; ++i)
		if (a[aFrom + i] != b[bFrom + i]) return i;
	return (aTo - aFrom) == (bTo - bFrom) ? (size_t)-1 : n;
}

std::string partJson(const std::vector<unsigned char>& save, const std::vector<unsigned char>& written)
{
	size_t d = firstDifference(save, 0, save.size(), written, 0, written.size());
	std::ostringstream k;
	k << "{\"same\": " << boolean(d == (size_t)-1) << ", \"bytes\": " << save.size()
	  << ", \"written\": " << written.size() << ", \"first_difference\": ";
	if (d == (size_t)-1)
		k << "null";
	else
		k << d;
	k << "}";
	return k.str();
}

// How one object's bytes as written compare with the save's: "differences" (each a differing run
// of bytes, named by the write call that covers its first byte; the object written again into a
// probe for each, since write() functions change nothing), at most kMaxDifferences, and
// "differing_bytes" (null when the lengths differ: the comparison stops at the first difference).
const int kMaxDifferences = 8;

std::string differencesJson(const std::vector<unsigned char>& save, const std::vector<unsigned char>& written,
	size_t readStart, size_t readEnd, size_t writeStart, size_t writeEnd,
	const std::function<void(FDataStreamBase*)>& write, bool* same)
{
	const bool sameLength = readEnd - readStart == writeEnd - writeStart;
	std::ostringstream k;
	k << "\"differences\": [";
	size_t from = 0;
	int listed = 0;
	while (listed < kMaxDifferences)
	{
		size_t d = firstDifference(save, readStart + from, readEnd, written, writeStart + from, writeEnd);
		if (d == (size_t)-1) break;
		d += from;
		k << (listed ? ", " : "") << "{\"offset\": " << readStart + d << ", \"in_object\": " << d;
		ProbeStream probe(d);
		write(&probe);
		if (probe.found)
		{
			k << ", \"save\": \"" << hex(save, readStart + probe.start, std::min(readEnd, readStart + probe.end))
			  << "\", \"written\": \"" << hex(written, writeStart + probe.start, writeStart + probe.end)
			  << "\", \"write\": " << cvHostJsonString(probe.kind) << ", \"by\": [";
			for (size_t i = 0; i < probe.callers.size(); ++i)
				k << (i ? ", " : "") << cvHostJsonString(probe.callers[i]);
			k << "]}";
			from = probe.end;
		}
		else
		{
			// The save's object is longer: the writes ended before the difference.
			k << ", \"save\": \"" << hex(save, readStart + d, readEnd)
			  << "\", \"written\": \"\", \"write\": null, \"by\": []}";
			from = readEnd - readStart;
		}
		++listed;
		if (!sameLength) break; // past an insertion, the bytes no longer line up
	}
	k << "], \"differing_bytes\": ";
	if (sameLength)
	{
		size_t n = 0;
		for (size_t i = 0; i < readEnd - readStart; ++i) n += save[readStart + i] != written[writeStart + i];
		k << n;
		*same = n == 0;
	}
	else
	{
		k << "null";
		*same = false;
	}
	return k.str();
}

// An init core written against the block.
std::string initCoreJson(const std::vector<unsigned char>& save, const std::vector<unsigned char>& written,
	const std::function<void(FDataStreamBase*)>& write)
{
	bool same = false;
	std::string differences = differencesJson(save, written, 0, save.size(), 0, written.size(), write, &same);
	std::ostringstream k;
	k << "{\"same\": " << boolean(same) << ", \"bytes\": " << save.size() << ", \"written\": " << written.size() << ", "
	  << differences << "}";
	return k.str();
}

// ---------------------------------------------------------------------------------------------
// The world, through the objects' getters
// ---------------------------------------------------------------------------------------------
void printWorld(FILE* out, const std::string& path)
{
	CvMap& map = GC.getMap();
	const int plots = map.numPlots();
	fprintf(out, ",\n  \"map\": {\"width\": %d, \"height\": %d, \"wrap_x\": %s, \"wrap_y\": %s, \"plots\": %d}",
		map.getGridWidth(), map.getGridHeight(), boolean(map.isWrapX()), boolean(map.isWrapY()), plots);
	fprintf(out, ",\n  \"plots\": [");
	for (int i = 0; i < plots; ++i)
	{
		setStep("writing the result of " + path + ": plot " + std::to_string(i));
		CvPlot* plot = map.plotByIndex(i);
		fprintf(out,
			"%s\n    {\"x\": %d, \"y\": %d, \"terrain\": %d, \"feature\": %d, \"plot_type\": %d, \"owner\": %d, "
			"\"improvement\": %d, \"route\": %d, \"visibility\": [",
			i ? "," : "", plot->getX(), plot->getY(), (int)plot->getTerrainType(), (int)plot->getFeatureType(),
			(int)plot->getPlotType(), (int)plot->getOwner(), (int)plot->getImprovementType(),
			(int)plot->getRouteType());
		for (int t = 0; t < MAX_TEAMS; ++t) fprintf(out, "%s%d", t ? ", " : "", plot->getVisibilityCount((TeamTypes)t));
		fprintf(out, "], \"revealed\": [");
		for (int t = 0; t < MAX_TEAMS; ++t)
			fprintf(out, "%s%d", t ? ", " : "", plot->isRevealed((TeamTypes)t, false) ? 1 : 0);
		fprintf(out, "], \"stolen_visibility\": [");
		for (int t = 0; t < MAX_TEAMS; ++t)
			fprintf(out, "%s%d", t ? ", " : "", plot->getStolenVisibilityCount((TeamTypes)t));
		fprintf(out, "], \"revealed_owner\": [");
		for (int t = 0; t < MAX_TEAMS; ++t)
			fprintf(out, "%s%d", t ? ", " : "", (int)plot->getRevealedOwner((TeamTypes)t, false));
		fprintf(out, "], \"revealed_improvement\": [");
		for (int t = 0; t < MAX_TEAMS; ++t)
			fprintf(out, "%s%d", t ? ", " : "", (int)plot->getRevealedImprovementType((TeamTypes)t, false));
		fprintf(out, "], \"revealed_route\": [");
		for (int t = 0; t < MAX_TEAMS; ++t)
			fprintf(out, "%s%d", t ? ", " : "", (int)plot->getRevealedRouteType((TeamTypes)t, false));
		fprintf(out, "], \"invisible_visibility\": [");
		for (int t = 0; t < MAX_TEAMS; ++t)
		{
			fprintf(out, "%s[", t ? ", " : "");
			for (int k = 0; k < GC.getNumInvisibleInfos(); ++k)
				fprintf(out, "%s%d", k ? ", " : "", plot->getInvisibleVisibilityCount((TeamTypes)t, (InvisibleTypes)k));
			fprintf(out, "]");
		}
		fprintf(out, "]}");
	}
	fprintf(out, "\n  ],\n  \"units\": [");
	const char* separator = "";
	for (int p = 0; p < MAX_PLAYERS; ++p)
	{
		setStep("writing the result of " + path + ": the units of player " + std::to_string(p));
		CvPlayerAI& player = GET_PLAYER((PlayerTypes)p);
		int loop = 0;
		for (CvUnit* unit = player.firstUnit(&loop); unit != NULL; unit = player.nextUnit(&loop))
		{
			fprintf(out,
				"%s\n    {\"owner\": %d, \"id\": %d, \"type\": %d, \"x\": %d, \"y\": %d, \"facing\": %d, "
				"\"invisible\": %d, "
				"\"promotions\": [",
				separator, (int)unit->getOwner(), unit->getID(), (int)unit->getUnitType(), unit->getX(), unit->getY(),
				(int)unit->getFacingDirection(false), (int)unit->getInvisibleType());
			const char* comma = "";
			for (int k = 0; k < GC.getNumPromotionInfos(); ++k)
				if (unit->isHasPromotion((PromotionTypes)k))
				{
					fprintf(out, "%s%d", comma, k);
					comma = ", ";
				}
			fprintf(out, "], \"cargo\": %s, \"transport\": ", boolean(unit->isCargo()));
			CvUnit* transport = unit->getTransportUnit();
			if (transport)
				fprintf(out, "[%d, %d]", (int)transport->getOwner(), transport->getID());
			else
				fprintf(out, "null");
			CvPlot* recon = unit->getReconPlot();
			if (recon)
				fprintf(out, ", \"recon\": [%d, %d]}", recon->getX(), recon->getY());
			else
				fprintf(out, ", \"recon\": null}");
			separator = ",";
		}
	}
	fprintf(out, "\n  ],\n  \"cities\": [");
	separator = "";
	for (int p = 0; p < MAX_PLAYERS; ++p)
	{
		setStep("writing the result of " + path + ": the cities of player " + std::to_string(p));
		CvPlayerAI& player = GET_PLAYER((PlayerTypes)p);
		int loop = 0;
		for (CvCity* city = player.firstCity(&loop); city != NULL; city = player.nextCity(&loop))
		{
			fprintf(out, "%s\n    {\"owner\": %d, \"id\": %d, \"x\": %d, \"y\": %d, \"espionage_visibility\": [",
				separator, (int)city->getOwner(), city->getID(), city->getX(), city->getY());
			for (int t = 0; t < MAX_TEAMS; ++t)
				fprintf(out, "%s%d", t ? ", " : "", city->getEspionageVisibility((TeamTypes)t) ? 1 : 0);
			fprintf(out, "]}");
			separator = ",";
		}
	}
	fprintf(out, "\n  ],\n  \"teams\": [");
	setStep("writing the result of " + path + ": the teams");
	for (int t = 0; t < MAX_TEAMS; ++t)
	{
		CvTeamAI& team = GET_TEAM((TeamTypes)t);
		int master = -1;
		for (int m = 0; m < MAX_TEAMS && master < 0; ++m)
			if (m != t && team.isVassal((TeamTypes)m)) master = m;
		fprintf(out, "%s\n    {\"team\": %d, \"alive\": %s, \"vassal_of\": %d, \"techs\": [", t ? "," : "", t,
			boolean(team.isAlive()), master);
		const char* comma = "";
		for (int k = 0; k < GC.getNumTechInfos(); ++k)
			if (team.isHasTech((TechTypes)k))
			{
				fprintf(out, "%s%d", comma, k);
				comma = ", ";
			}
		fprintf(out, "]}");
	}
	fprintf(out, "\n  ],\n  \"players\": [");
	setStep("writing the result of " + path + ": the players");
	for (int p = 0; p < MAX_PLAYERS; ++p)
	{
		CvPlayerAI& player = GET_PLAYER((PlayerTypes)p);
		fprintf(out, "%s\n    {\"player\": %d, \"alive\": %s, \"team\": %d}", p ? "," : "", p,
			boolean(player.isAlive()), (int)player.getTeam());
	}
	fprintf(out, "\n  ]");
}

void dumpBytes(const std::string& path, const std::vector<unsigned char>& bytes)
{
	FILE* f = fopen(path.c_str(), "wb");
	if (!f || fwrite(bytes.data(), 1, bytes.size(), f) != bytes.size())
		fprintf(stderr, "cvcore-host: cannot write %s\n", path.c_str());
	if (f) fclose(f);
}

// What is wrong with the world the objects read, or "": the checks the output's readers rely on
// (each plot where its index says, types and owners in range, units and cities on the map). A
// damaged save that the core reads to its end is refused by them rather than printed.
std::string worldProblem()
{
	std::ostringstream k;
	CvMap& map = GC.getMap();
	const int width = map.getGridWidth(), height = map.getGridHeight();
	if (width <= 0 || height <= 0 || map.numPlots() != width * height)
	{
		k << "the map is " << width << " x " << height << " with " << map.numPlots() << " plots";
		return k.str();
	}
	for (int i = 0; i < map.numPlots(); ++i)
	{
		CvPlot* plot = map.plotByIndex(i);
		const char* bad = plot->getX() != i % width || plot->getY() != i / width               ? "its place"
			: plot->getTerrainType() < 0 || plot->getTerrainType() >= GC.getNumTerrainInfos()  ? "its terrain"
			: plot->getFeatureType() < -1 || plot->getFeatureType() >= GC.getNumFeatureInfos() ? "its feature"
			: plot->getPlotType() < 0 || plot->getPlotType() >= NUM_PLOT_TYPES                 ? "its plot type"
			: plot->getOwner() < -1 || plot->getOwner() >= MAX_PLAYERS                         ? "its owner"
			: plot->getImprovementType() < -1 || plot->getImprovementType() >= GC.getNumImprovementInfos()
			? "its improvement"
			: plot->getRouteType() < -1 || plot->getRouteType() >= GC.getNumRouteInfos() ? "its route"
																						 : NULL;
		if (bad)
		{
			k << "plot " << i << " of CvMap::read: " << bad << " (at " << plot->getX() << ", " << plot->getY()
			  << "; terrain " << (int)plot->getTerrainType() << ", feature " << (int)plot->getFeatureType()
			  << ", plot type " << (int)plot->getPlotType() << ", owner " << (int)plot->getOwner() << ")";
			return k.str();
		}
	}
	for (int p = 0; p < MAX_PLAYERS; ++p)
	{
		CvPlayerAI& player = GET_PLAYER((PlayerTypes)p);
		int loop = 0;
		for (CvUnit* unit = player.firstUnit(&loop); unit != NULL; unit = player.nextUnit(&loop))
		{
			// A unit off the map is at INVALID_PLOT_COORD (dead units waiting for deletion).
			bool onMap = (unit->getX() >= 0 && unit->getX() < width && unit->getY() >= 0 && unit->getY() < height)
				|| (unit->getX() == INVALID_PLOT_COORD && unit->getY() == INVALID_PLOT_COORD);
			if (unit->getOwner() != p || unit->getUnitType() < 0 || unit->getUnitType() >= GC.getNumUnitInfos()
				|| !onMap)
			{
				k << "unit " << unit->getID() << " of CvPlayerAI::read of player " << p << ": owner "
				  << (int)unit->getOwner() << ", type " << (int)unit->getUnitType() << ", at " << unit->getX() << ", "
				  << unit->getY();
				return k.str();
			}
		}
		for (CvCity* city = player.firstCity(&loop); city != NULL; city = player.nextCity(&loop))
		{
			if (city->getOwner() != p || city->getX() < 0 || city->getX() >= width || city->getY() < 0
				|| city->getY() >= height)
			{
				k << "city " << city->getID() << " of CvPlayerAI::read of player " << p << ": owner "
				  << (int)city->getOwner() << ", at " << city->getX() << ", " << city->getY();
				return k.str();
			}
		}
	}
	return "";
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------
// A read that ran past the end of its part or met a negative count, named with the save, the part,
// the object and where the object's read began.
std::string readError(const std::string& save, const char* part, const std::string& reading, size_t start, bool first,
	const CvHostBytesError& e)
{
	std::ostringstream k;
	if (e.pastEnd())
		k << save << ": the " << part << " ends inside " << reading << ": " << e.what();
	else
		k << save << ": " << reading << " met bad data in the " << part << ": " << e.what();
	k << " (its read began at offset " << start << ")";
	if (!e.pastEnd() && !first)
		k << "; if the save is sound, an object before it read more or less than it wrote: the save is of other rules "
			 "(XML)"
			 " or another DLL";
	return k.str();
}

// The start, as read-save needs it: false, with the message naming the save, when the XML did not
// load.
bool startForSaves(
	const CvHostOptions& options, const std::string& path, std::vector<CvHostStep>& steps, CvHostUtility*& utility)
{
	steps = cvHostStart(options, utility);
	if (cvHostStartOk(steps)) return true;
	fprintf(stderr, "cvcore-host: %s: not read: the XML did not load (%s %s; see load-xml)\n", path.c_str(),
		steps.empty() ? "the start" : steps.back().name.c_str(),
		!steps.empty() && !steps.back().ok ? "failed" : "showed a message box");
	return false;
}

int readSave(const std::string& path, const std::vector<CvHostStep>& steps, CvHostUtility* utility);

} // namespace

int cvHostReadSave(const CvHostOptions& options)
{
	const std::string path = options.arguments[0];
	CvHostUtility* utility = NULL;
	std::vector<CvHostStep> steps;
	if (!startForSaves(options, path, steps, utility)) return 1;
	return readSave(path, steps, utility);
}

// read-saves DIR SAVE...: the start once, then each save read as read-save reads it, in a child
// process of its own (each child begins from the state the start left: a crash, a loop or a read's
// changes to the globals end with it), its standard output and error into DIR/N.out and DIR/N.err
// (N from 0, in the order given). A line per save on standard output, once its child has ended:
// "N STATUS PID", STATUS read-save's exit status (128 + the signal for a child killed by one).
// For many saves at the cost of one start (tests/host/test_host_sanitize.py, make fuzz-host).
int cvHostReadSaves(const CvHostOptions& options)
{
	const std::string folder = options.arguments[0];
	CvHostUtility* utility = NULL;
	std::vector<CvHostStep> steps;
	if (!startForSaves(options, options.arguments[1], steps, utility)) return 1;
	cvHostResult(); // the lines of the saves read; each child writes its own result
	for (size_t i = 1; i < options.arguments.size(); ++i)
	{
		const std::string path = options.arguments[i];
		const std::string outputs = folder + "/" + std::to_string(i - 1);
		fflush(stdout);
		fflush(stderr);
		const pid_t child = fork();
		if (child < 0)
		{
			fprintf(stderr, "cvcore-host: cannot start a process for %s: %s\n", path.c_str(), strerror(errno));
			return 1;
		}
		if (child == 0)
		{
			const int out = open((outputs + ".out").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
			const int err = open((outputs + ".err").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
			if (out < 0 || err < 0) _exit(1);
			cvHostRedirect(out, err);
			close(err);
			const int status = readSave(path, steps, utility);
			fflush(stdout);
			fflush(stderr);
			_exit(status);
		}
		int status = 0;
		while (waitpid(child, &status, 0) < 0 && errno == EINTR)
		{}
		const int code = WIFEXITED(status) ? WEXITSTATUS(status) : WIFSIGNALED(status) ? 128 + WTERMSIG(status) : 1;
		printf("%zu %d %d\n", i - 1, code, (int)child);
	}
	return 0;
}

namespace {

// The save read into the core (cvHostLoadGame).
int loadGame(const std::string& path, CvHostSaveFile& save, std::vector<GameObject>& objects, size_t& initCoreEnd)
{
	objects = gameObjects();
	initCoreEnd = 0;
	try
	{
		setStep("reading " + path + ": the file");
		fprintf(stderr, "cvcore-host: reading %s\n", path.c_str());
		save = CvHostSaveFile::load(path);
		guardResources();

		// The init core, as the executable reads it: into the loaded init core, then copied into the game's.
		const std::string reading = "CvInitCore::read (GC.getLoadedInitCore())";
		setStep("reading " + path + ": " + reading);
		CvHostStream initCore(save.aInitCore);
		try
		{
			CvGlobals::getInstance().getLoadedInitCore().read(&initCore);
		}
		catch (const CvHostBytesError& e)
		{
			throw Refusal{ readError(path, "init core", reading, 0, true, e) };
		}
		initCoreEnd = initCore.GetPosition();
		if (initCoreEnd != save.aInitCore.size())
		{
			std::ostringstream k;
			k << path << ": CvInitCore::read read " << initCoreEnd << " of the init core's " << save.aInitCore.size()
			  << " bytes: the save is not of this tree's layout (MAX_PLAYERS " << MAX_PLAYERS << ", game options "
			  << NUM_GAMEOPTION_TYPES << ")";
			throw Refusal{ k.str() };
		}
		// The game refuses a save whose checksum does not match (CvHostSaveFile.h); its passwords are
		// the loaded init core's.
		setStep("reading " + path + ": the checksum");
		const CvHostSavePasswords passwords = cvHostPasswords(CvGlobals::getInstance().getLoadedInitCore());
		if (!save.checksumMatches(passwords))
			throw Refusal{ path + ": the checksum does not match the save's contents (stored " + save.checksum()
				+ ", computed " + save.checksumWith(passwords, save.sCompressedMd5)
				+ "): the game refuses such a save (damaged, or edited without its checksum)" };
		setStep("reading " + path + ": CvInitCore::resetGame and resetPlayers from the loaded init core");
		GC.getInitCore().resetGame(&CvGlobals::getInstance().getLoadedInitCore(), true, false);
		GC.getInitCore().resetPlayers(&CvGlobals::getInstance().getLoadedInitCore(), true, false);

		// The game data.
		CvHostStream data(save.aGameData);
		for (GameObject& object : objects)
		{
			setStep("reading " + path + ": " + object.reading);
			object.readStart = data.GetPosition();
			try
			{
				object.read(&data);
			}
			catch (const CvHostBytesError& e)
			{
				throw Refusal{ readError(
					path, "game data", object.reading, object.readStart, &object == &objects.front(), e) };
			}
			object.readEnd = data.GetPosition();
		}
		if (!data.AtEnd())
		{
			std::ostringstream k;
			k << path << ": " << data.GetSizeLeft() << " bytes of the game data are left after "
			  << objects.back().reading << " (read up to offset " << data.GetPosition() << " of "
			  << save.aGameData.size() << "): the save is not of this tree's layout";
			throw Refusal{ k.str() };
		}
		setStep("checking what " + path + " read");
		std::string problem = worldProblem();
		if (!problem.empty())
			throw Refusal{ path + ": the save reads to its end, but the world it gives is not one (" + problem
				+ "): damaged, or another tree's layout" };
	}
	catch (const CvHostSaveError& e)
	{
		fprintf(stderr, "cvcore-host: %s\n", e.what());
		return 1;
	}
	catch (const Refusal& e)
	{
		fprintf(stderr, "cvcore-host: %s\n", e.message.c_str());
		return 1;
	}
	catch (const std::bad_alloc&)
	{
		fprintf(stderr, "cvcore-host: %s: out of memory in %s (a damaged count?)\n", path.c_str(), g_step);
		return 1;
	}
	catch (const std::exception& e)
	{
		fprintf(stderr, "cvcore-host: %s: %s in %s\n", path.c_str(), e.what(), g_step);
		return 1;
	}
	return 0;
}

// read-save's reading, after the start.
int readSave(const std::string& path, const std::vector<CvHostStep>& steps, CvHostUtility* utility)
{
	std::vector<GameObject> objects;
	size_t initCoreEnd = 0;
	CvHostSaveFile save;
	if (const int refused = loadGame(path, save, objects, initCoreEnd)) return refused;

	// The round trip: the init cores, then the game objects, in the executable's order.
	setStep("writing " + path + " back: CvInitCore::write");
	CvHostStream gameInitCore, loadedInitCore, data;
	GC.getInitCore().write(&gameInitCore);
	CvGlobals::getInstance().getLoadedInitCore().write(&loadedInitCore);
	for (GameObject& object : objects)
	{
		setStep("writing " + path + " back: " + object.name + " write()");
		object.writeStart = data.GetPosition();
		object.write(&data);
		object.writeEnd = data.GetPosition();
	}
	const std::vector<unsigned char>& written = data.bytes().data();
	if (const char* dump = getenv("CVHOST_READ_SAVE_DUMP"))
	{
		const std::string folder = dump;
		dumpBytes(folder + "/init_core.save", save.aInitCore);
		dumpBytes(folder + "/init_core.written", gameInitCore.bytes().data());
		dumpBytes(folder + "/loaded_init_core.written", loadedInitCore.bytes().data());
		dumpBytes(folder + "/game_data.save", save.aGameData);
		dumpBytes(folder + "/game_data.written", written);
	}
	std::vector<std::string> objectJson;
	for (GameObject& object : objects)
	{
		setStep("comparing " + path + ": " + object.name);
		std::ostringstream k;
		bool same = false;
		std::string differences = differencesJson(save.aGameData, written, object.readStart, object.readEnd,
			object.writeStart, object.writeEnd, object.write, &same);
		k << "{\"object\": " << cvHostJsonString(object.name) << ", \"same\": " << boolean(same) << ", \"read\": ["
		  << object.readStart << ", " << object.readEnd << "], \"written\": [" << object.writeStart << ", "
		  << object.writeEnd << "], " << differences << "}";
		objectJson.push_back(k.str());
	}
	setTimer(0);

	setStep("writing the result of " + path);
	cvHostResult();
	printf("{\n");
	cvHostPrintStart(stdout, steps, *utility);
	printf(",\n  \"save\": {\"path\": %s, \"version\": %u, \"mod_name\": %s, \"lock_modified_assets\": %s, "
		   "\"checksum\": %s, "
		   "\"init_core_bytes\": %zu, \"game_data_bytes\": %zu}",
		cvHostJsonString(path).c_str(), (unsigned)save.kHeader.iVersion,
		cvHostJsonString(save.kHeader.sModName).c_str(), cvHostJsonString(save.kHeader.sLockModifiedAssets).c_str(),
		cvHostJsonString(save.checksum()).c_str(), save.aInitCore.size(), save.aGameData.size());
	printf(",\n  \"read\": [\n    {\"object\": \"CvInitCore\", \"part\": \"init_core\", \"start\": 0, \"end\": %zu}",
		initCoreEnd);
	for (const GameObject& object : objects)
		printf(",\n    {\"object\": %s, \"part\": \"game_data\", \"start\": %zu, \"end\": %zu}",
			cvHostJsonString(object.name).c_str(), object.readStart, object.readEnd);
	printf("\n  ]");
	printWorld(stdout, path);
	setStep("writing the result of " + path + ": the round trip");
	printf(",\n  \"round_trip\": {\n    \"init_core\": %s,\n    \"loaded_init_core\": %s,\n    \"game_data\": %s,\n    "
		   "\"objects\": [",
		initCoreJson(save.aInitCore, gameInitCore.bytes().data(), [](FDataStreamBase* s) { GC.getInitCore().write(s); })
			.c_str(),
		initCoreJson(save.aInitCore, loadedInitCore.bytes().data(),
			[](FDataStreamBase* s) { CvGlobals::getInstance().getLoadedInitCore().write(s); })
			.c_str(),
		partJson(save.aGameData, written).c_str());
	for (size_t i = 0; i < objectJson.size(); ++i) printf("%s\n      %s", i ? "," : "", objectJson[i].c_str());
	printf("\n    ]\n  }\n}\n");
	return 0;
}

} // namespace

// ---------------------------------------------------------------------------------------------
// For the other commands (CvHostGame.h)
// ---------------------------------------------------------------------------------------------
std::vector<CvHostGameObject> cvHostGameObjects() { return gameObjects(); }

int cvHostLoadGame(const std::string& path, CvHostSaveFile& save)
{
	std::vector<GameObject> objects;
	size_t initCoreEnd = 0;
	return loadGame(path, save, objects, initCoreEnd);
}

void cvHostSetReadStep(const std::string& step) { setStep(step); }

void cvHostEndReadGuards() { setTimer(0); }

CvHostSavePasswords cvHostPasswords(CvInitCore& initCore)
{
	CvHostSavePasswords passwords;
	passwords.sAdmin = cvHostUtf16FromWide(initCore.getAdminPassword());
	passwords.sGame = cvHostUtf16FromWide(initCore.getGamePassword());
	for (int i = 0; i < MAX_PLAYERS; ++i)
		passwords.asPlayers.push_back(cvHostUtf16FromWide(initCore.getCivPassword((PlayerTypes)i)));
	return passwords;
}

CvHostSaveFile cvHostWrittenSave(const CvHostSaveFile& read)
{
	CvHostSaveFile written = read;
	CvHostStream initCore, data;
	GC.getInitCore().write(&initCore);
	for (GameObject& object : gameObjects()) object.write(&data);
	written.aInitCore = initCore.bytes().data();
	written.aGameData = data.bytes().data();
	written.aiChunkLengths.clear(); // cut afresh
	written.sCompressedMd5.clear();
	return written;
}
