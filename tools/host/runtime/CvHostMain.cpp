// cvcore-host: the host program, linked with one tree's whole core (tools/host/cvhost builds it).
// It does what the game's executable does before a game: sets the core's gDLL, loads the XML in
// the executable's order over the game's folders with the mod's first, and prints what it loaded
// as JSON on standard output. Progress and the core's message boxes go to standard error.
//
//     cvcore-host --game DIR [--mod DIR] [--mod-name NAME] [--log DIR] [--echo] load-xml
//
// Exit status: 0 loaded; 1 the core reported an error (a message box) or a step failed; 2 bad
// command line; 3 the core crashed (the message names the step it was in).
#include "CvGameCoreDLL.h"
#include "CvGlobals.h"
#include "CvArtFileMgr.h"
#include "CvXMLLoadUtility.h"

#include "CvHostFiles.h"
#include "CvHostLog.h"
#include "CvHostStubs.h"
#include "CvHostUtility.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <string>
#include <vector>

namespace {

// The step the host is in, for the crash message: a fixed buffer, as a signal handler reads it.
char g_step[256] = "starting";

void setStep(const char* step) {
	strncpy(g_step, step, sizeof(g_step) - 1);
	g_step[sizeof(g_step) - 1] = 0;
}

void onCrash(int signal) {
	char message[512];
	int n = snprintf(message, sizeof(message), "cvcore-host: the core crashed (%s) in %s\n",
	                 signal == SIGSEGV ? "segmentation fault" : signal == SIGFPE ? "arithmetic fault"
	                 : signal == SIGABRT ? "abort" : signal == SIGBUS ? "bus error" : "illegal instruction",
	                 g_step);
	if (n > 0) {
		ssize_t ignored = write(2, message, (size_t)n);
		(void)ignored;
	}
	_exit(3);
}

void catchCrashes() {
	const int signals[] = {SIGSEGV, SIGFPE, SIGABRT, SIGBUS, SIGILL};
	for (int s : signals) signal(s, onCrash);
}

std::string jsonString(const std::string& s) {
	std::string out = "\"";
	for (unsigned char c : s) {
		if (c == '"' || c == '\\') {
			out += '\\';
			out += (char)c;
		} else if (c < 0x20) {
			char buf[8];
			snprintf(buf, sizeof(buf), "\\u%04x", c);
			out += buf;
		} else if (c >= 0x80) {
			// The core's narrow text is code page 1252; Latin-1 is close enough for a message.
			out += (char)(0xC0 | (c >> 6));
			out += (char)(0x80 | (c & 0x3F));
		} else {
			out += (char)c;
		}
	}
	return out + "\"";
}

// Each info count the tree's CvGlobals offers (getNumXInfos()), found by overload: a fork without
// one answers -1 and is left out of the output.
#define CVHOST_INFO_COUNT(Name)                                                                 \
	template <class G>                                                                          \
	auto count##Name(G& g, int) -> decltype((int)g.getNum##Name##Infos()) {                     \
		return (int)g.getNum##Name##Infos();                                                     \
	}                                                                                           \
	template <class G>                                                                          \
	int count##Name(G&, long) {                                                                 \
		return -1;                                                                               \
	}
#define CVHOST_INFO_NAMES(X)                                                                    \
	X(Action) X(Advisor) X(AnimationCategory) X(AnimationPath) X(Attachable) X(Automate)        \
	X(BonusClass) X(Bonus) X(Build) X(BuildingClass) X(Building) X(Calendar) X(Camera)           \
	X(CameraOverlay) X(CityTab) X(Civic) X(CivicOption) X(Civilization) X(Climate) X(Color)      \
	X(Command) X(Concept) X(Control) X(Corporation) X(CultureLevel) X(Cursor) X(Denial)          \
	X(Diplomacy) X(Effect) X(Emphasize) X(EntityEvent) X(Era) X(EspionageMission) X(Event)       \
	X(EventTrigger) X(Feature) X(ForceControl) X(GameOption) X(GameSpeed) X(Goody) X(Handicap)   \
	X(Hurry) X(Improvement) X(Invisible) X(Landscape) X(LeaderHead) X(MPOption) X(Mission)       \
	X(Month) X(NewConcept) X(PlayerColor) X(PlayerOption) X(Process) X(Project) X(Promotion)     \
	X(Quest) X(Religion) X(Route) X(SeaLevel) X(Season) X(SlideShow) X(SlideShowRandom)          \
	X(SpaceShip) X(SpecialBuilding) X(SpecialUnit) X(Specialist) X(Tech) X(Terrain) X(Trait)     \
	X(TurnTimer) X(Tutorial) X(UnitClass) X(UnitCombat) X(Unit) X(Upkeep) X(Victory) X(Vote)     \
	X(VoteSource) X(World)
CVHOST_INFO_NAMES(CVHOST_INFO_COUNT)

struct Step {
	const char* name;
	bool ok;
};

void printJson(const std::vector<Step>& steps, const CvHostUtility& utility) {
	printf("{\n  \"steps\": [");
	for (size_t i = 0; i < steps.size(); ++i)
		printf("%s{\"name\": %s, \"ok\": %s}", i ? ", " : "", jsonString(steps[i].name).c_str(), steps[i].ok ? "true" : "false");
	printf("],\n  \"infos\": {");
	const char* separator = "";
	CvGlobals& g = GC;
#define CVHOST_PRINT_COUNT(Name)                                                    \
	{                                                                              \
		int n = count##Name(g, 0);                                                 \
		if (n >= 0) {                                                              \
			printf("%s\"%s\": %d", separator, #Name, n);                           \
			separator = ", ";                                                      \
		}                                                                          \
	}
	CVHOST_INFO_NAMES(CVHOST_PRINT_COUNT)
	printf("},\n  \"defines\": {");
	const char* const defines[] = {"SAVE_VERSION", "MAX_PLAYERS_IN_GAME", "UNIT_VISIBILITY_RANGE", "RECON_VISIBILITY_RANGE",
	                               "PLOT_VISIBILITY_RANGE", "CITY_VISIBILITY_RANGE", "MIN_CITY_RANGE",
	                               "MOVE_DENOMINATOR", "PEAK_SEE_THROUGH_CHANGE", "HILLS_SEE_THROUGH_CHANGE",
	                               "SEAWATER_SEE_FROM_CHANGE", "PEAK_SEE_FROM_CHANGE", "HILLS_SEE_FROM_CHANGE"};
	for (size_t i = 0; i < sizeof(defines) / sizeof(defines[0]); ++i)
		printf("%s\"%s\": %d", i ? ", " : "", defines[i], GC.getDefineINT(defines[i]));
	printf("},\n  \"text_keys\": %d,\n  \"message_boxes\": [", utility.textCount());
	const std::vector<std::string>& boxes = cvHostLog().messageBoxes();
	for (size_t i = 0; i < boxes.size(); ++i) printf("%s%s", i ? ", " : "", jsonString(boxes[i]).c_str());
	printf("],\n  \"executable_calls\": {");
	separator = "";
	for (const auto& call : cvHostStubCalls()) {
		printf("%s%s: %d", separator, jsonString(call.first).c_str(), call.second);
		separator = ", ";
	}
	printf("}\n}\n");
}

int usage(const char* message) {
	fprintf(stderr, "cvcore-host: %s\nusage: cvcore-host --game DIR [--mod DIR] [--mod-name NAME] [--log DIR] [--echo] load-xml\n",
	        message);
	return 2;
}

}  // namespace

int main(int argc, char** argv) {
	catchCrashes();
	std::string game, mod, modName, logDir, command;
	bool echo = false;
	for (int i = 1; i < argc; ++i) {
		std::string a = argv[i];
		bool hasValue = i + 1 < argc;
		if (a == "--game" && hasValue) game = argv[++i];
		else if (a == "--mod" && hasValue) mod = argv[++i];
		else if (a == "--mod-name" && hasValue) modName = argv[++i];
		else if (a == "--log" && hasValue) logDir = argv[++i];
		else if (a == "--echo") echo = true;
		else if (a.size() && a[0] != '-' && command.empty()) command = a;
		else return usage(("unknown argument " + a).c_str());
	}
	if (command != "load-xml") return usage(command.empty() ? "no command" : ("unknown command " + command).c_str());
	if (game.empty() && mod.empty()) return usage("give --game, --mod or both");

	cvHostLog().setFolder(logDir);
	cvHostLog().setEcho(echo);
	CvHostFiles files(game, mod);
	CvHostUtility* utility = new CvHostUtility(files, modName);  // lives as long as the process
	GC.setDLLIFace(utility);

	std::vector<Step> steps;
	// The executable's order (Cv4MiniEngine's, which reproduces the game's start): the globals, the
	// art file manager, then the XML.
	setStep("CvGlobals::init");
	GC.init();
	setStep("CvArtFileMgr::Init");
	ARTFILEMGR.Init();
	CvXMLLoadUtility* xml = new CvXMLLoadUtility();
#define CVHOST_STEP(call, name)                        \
	do {                                               \
		setStep(name);                                 \
		fprintf(stderr, "cvcore-host: %s\n", name);    \
		steps.push_back(Step{name, (call)});           \
	} while (0)
	CVHOST_STEP(xml->SetGlobalDefines(), "SetGlobalDefines");
	CVHOST_STEP(xml->LoadGlobalText(), "LoadGlobalText");
	CVHOST_STEP(xml->SetGlobalTypes(), "SetGlobalTypes");
	CVHOST_STEP(xml->SetGlobalArtDefines(), "SetGlobalArtDefines");
	setStep("CvArtFileMgr::buildArtFileInfoMaps");
	ARTFILEMGR.buildArtFileInfoMaps();
	CVHOST_STEP(xml->LoadBasicInfos(), "LoadBasicInfos");
	CVHOST_STEP(xml->LoadPreMenuGlobals(), "LoadPreMenuGlobals");
	CVHOST_STEP(xml->SetPostGlobalsGlobalDefines(), "SetPostGlobalsGlobalDefines");
	CVHOST_STEP(xml->LoadPostMenuGlobals(), "LoadPostMenuGlobals");
	setStep("writing the result");
	printJson(steps, *utility);
	bool ok = cvHostLog().messageBoxes().empty();
	for (size_t i = 0; i < steps.size(); ++i) ok = ok && steps[i].ok;
	fflush(stdout);
	// The core's globals are left as they are: the game's executable does not unload them either,
	// and their destructors call back into gDLL.
	_exit(ok ? 0 : 1);
}
