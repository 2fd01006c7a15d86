// The executable's start and the commands' shared output (CvHostRun.h).
#include "CvGameCoreDLL.h"
#include "CvGlobals.h"
#include "CvArtFileMgr.h"
#include "CvXMLLoadUtility.h"

#include "CvHostFiles.h"
#include "CvHostLog.h"
#include "CvHostRun.h"
#include "CvHostStubs.h"
#include "CvHostUtility.h"

#include <signal.h>
#include <string.h>
#include <unistd.h>

namespace {

char g_step[256] = "starting";
char g_box[384] = ""; // the last message box (a file no folder has, XML that does not parse)

void onCrash(int signal)
{
	const char* what = signal == SIGSEGV ? "segmentation fault"
		: signal == SIGFPE               ? "arithmetic fault"
		: signal == SIGABRT              ? "abort"
		: signal == SIGBUS               ? "bus error"
										 : "illegal instruction";
	char message[1024];
	int n = snprintf(
		message, sizeof(message), "cvcore-host: the core crashed (%s) in %s%s\n", what, g_step, cvHostCrashNote());
	if (n > 0)
	{
		ssize_t ignored = write(2, message, (size_t)n);
		(void)ignored;
	}
	_exit(3);
}

// Each info count the tree's CvGlobals offers (getNumXInfos()), found by overload: a fork without
// one answers -1 and is left out.
#define CVHOST_INFO_COUNT(Name)                                                                                        \
	template <class G>                                                                                                 \
	auto count##Name(G& g, int)->decltype((int)g.getNum##Name##Infos())                                                \
	{                                                                                                                  \
		return (int)g.getNum##Name##Infos();                                                                           \
	}                                                                                                                  \
	template <class G>                                                                                                 \
	int count##Name(G&, long)                                                                                          \
	{                                                                                                                  \
		return -1;                                                                                                     \
	}
// clang-format does not settle on a list of macro calls.
// clang-format off
#define CVHOST_INFO_NAMES(X) \
	X(Action) X(Advisor) X(AnimationCategory) X(AnimationPath) X(Attachable) X(Automate) X(BonusClass) \
	X(Bonus) X(Build) X(BuildingClass) X(Building) X(Calendar) X(Camera) X(CameraOverlay) X(CityTab) \
	X(Civic) X(CivicOption) X(Civilization) X(Climate) X(Color) X(Command) X(Concept) X(Control) \
	X(Corporation) X(CultureLevel) X(Cursor) X(Denial) X(Diplomacy) X(Effect) X(Emphasize) \
	X(EntityEvent) X(Era) X(EspionageMission) X(Event) X(EventTrigger) X(Feature) X(ForceControl) \
	X(GameOption) X(GameSpeed) X(Goody) X(Handicap) X(Hurry) X(Improvement) X(Invisible) X(Landscape) \
	X(LeaderHead) X(MPOption) X(Mission) X(Month) X(NewConcept) X(PlayerColor) X(PlayerOption) \
	X(Process) X(Project) X(Promotion) X(Quest) X(Religion) X(Route) X(SeaLevel) X(Season) \
	X(SlideShow) X(SlideShowRandom) X(SpaceShip) X(SpecialBuilding) X(SpecialUnit) X(Specialist) \
	X(Tech) X(Terrain) X(Trait) X(TurnTimer) X(Tutorial) X(UnitClass) X(UnitCombat) X(Unit) X(Upkeep) \
	X(Victory) X(Vote) X(VoteSource) X(World)
// clang-format on
CVHOST_INFO_NAMES(CVHOST_INFO_COUNT)

} // namespace

void cvHostSetStep(const char* step)
{
	strncpy(g_step, step, sizeof(g_step) - 1);
	g_step[sizeof(g_step) - 1] = 0;
}

const char* cvHostStep() { return g_step; }

void cvHostNoteMessageBox(const char* text)
{
	snprintf(g_box, sizeof(g_box), "; after the message box \"%s\"", text);
	for (char* p = g_box; *p; ++p)
		if (*p == '\n' || *p == '\r') *p = ' ';
}

const char* cvHostCrashNote() { return g_box; }

void cvHostCatchCrashes()
{
	const int signals[] = { SIGSEGV, SIGFPE, SIGABRT, SIGBUS, SIGILL };
	for (int s : signals) signal(s, onCrash);
}

namespace {
int resultFd = -1; // where the result goes; -1: standard output as it is
} // namespace

void cvHostQuietCore()
{
	fflush(stdout);
	resultFd = dup(1);
	if (resultFd >= 0) dup2(2, 1);
}

void cvHostResult()
{
	fflush(stdout);
	if (resultFd >= 0) dup2(resultFd, 1);
}

void cvHostRedirect(int toResult, int toError)
{
	fflush(stdout);
	fflush(stderr);
	dup2(toError, 2);
	dup2(toError, 1);
	if (resultFd >= 0) close(resultFd);
	resultFd = toResult;
}

std::vector<CvHostStep> cvHostStart(const CvHostOptions& options, CvHostUtility*& utility)
{
	cvHostLog().setFolder(options.logDir);
	cvHostLog().setEcho(options.echo);
	CvHostFiles* files = new CvHostFiles(options.game, options.mod); // both live as long as the process
	utility = new CvHostUtility(*files, options.modName);
	// The globals as the executable holds them: mutable (AdvCiv's GC is a const reference).
	CvGlobals& globals = CvGlobals::getInstance();
	globals.setDLLIFace(utility);

	std::vector<CvHostStep> steps;
	// The executable's order (as Cv4MiniEngine, which starts the game's DLL, has it): the
	// globals, the art file manager, then the XML.
	cvHostSetStep("CvGlobals::init");
	globals.init();
	// The seven path finders, which the executable makes and hands to GC (its setters are exports
	// for that: no tree calls them); CvMap::setup initialises them with the map's size.
	CvDLLFAStarIFaceBase& faStar = *utility->getFAStarIFace();
	globals.setPathFinder(faStar.create());
	globals.setInterfacePathFinder(faStar.create());
	globals.setStepFinder(faStar.create());
	globals.setRouteFinder(faStar.create());
	globals.setBorderFinder(faStar.create());
	globals.setAreaFinder(faStar.create());
	globals.setPlotGroupFinder(faStar.create());
	cvHostSetStep("CvArtFileMgr::Init");
	ARTFILEMGR.Init();
	CvXMLLoadUtility* xml = new CvXMLLoadUtility();
	// A step that fails, or that shows a message box (a file that does not parse, a type it does not
	// know), ends the start: what follows reads what it did not load, and a core then crashes where
	// the game would have stopped at the box. The steps so far and the boxes say what went wrong.
#define CVHOST_STEP(call, name)                                                                                        \
	do {                                                                                                               \
		cvHostSetStep(name);                                                                                           \
		fprintf(stderr, "cvcore-host: %s\n", name);                                                                    \
		size_t boxesBefore = cvHostLog().messageBoxes().size();                                                        \
		bool ok = (call);                                                                                              \
		steps.push_back(CvHostStep{ name, ok });                                                                       \
		if (!ok || cvHostLog().messageBoxes().size() != boxesBefore)                                                   \
		{                                                                                                              \
			fprintf(                                                                                                   \
				stderr, "cvcore-host: %s %s; the load stops there\n", name, ok ? "showed a message box" : "failed");   \
			return steps;                                                                                              \
		}                                                                                                              \
	} while (0)
	CVHOST_STEP(xml->SetGlobalDefines(), "SetGlobalDefines");
	CVHOST_STEP(xml->LoadGlobalText(), "LoadGlobalText");
	CVHOST_STEP(xml->SetGlobalTypes(), "SetGlobalTypes");
	CVHOST_STEP(xml->SetGlobalArtDefines(), "SetGlobalArtDefines");
	cvHostSetStep("CvArtFileMgr::buildArtFileInfoMaps");
	ARTFILEMGR.buildArtFileInfoMaps();
	CVHOST_STEP(xml->LoadBasicInfos(), "LoadBasicInfos");
	CVHOST_STEP(xml->LoadPreMenuGlobals(), "LoadPreMenuGlobals");
	CVHOST_STEP(xml->SetPostGlobalsGlobalDefines(), "SetPostGlobalsGlobalDefines");
	CVHOST_STEP(xml->LoadPostMenuGlobals(), "LoadPostMenuGlobals");
#undef CVHOST_STEP
	return steps;
}

bool cvHostStartOk(const std::vector<CvHostStep>& steps)
{
	bool ok = cvHostLog().messageBoxes().empty();
	for (size_t i = 0; i < steps.size(); ++i) ok = ok && steps[i].ok;
	return ok;
}

std::string cvHostJsonString(const std::string& s)
{
	static const unsigned short cp1252[32] = { 0x20AC, 0x81, 0x201A, 0x192, 0x201E, 0x2026, 0x2020, 0x2021, 0x2C6,
		0x2030, 0x160, 0x2039, 0x152, 0x8D, 0x17D, 0x8F, 0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
		0x2DC, 0x2122, 0x161, 0x203A, 0x153, 0x9D, 0x17E, 0x178 };
	std::string out = "\"";
	for (unsigned char c : s)
	{
		if (c == '"' || c == '\\')
		{
			out += '\\';
			out += (char)c;
		}
		else if (c < 0x20)
		{
			char buf[8];
			snprintf(buf, sizeof(buf), "\\u%04x", c);
			out += buf;
		}
		else if (c >= 0x80)
		{
			unsigned code = c < 0xA0 ? cp1252[c - 0x80] : c;
			if (code < 0x800)
			{
				out += (char)(0xC0 | (code >> 6));
			}
			else
			{
				out += (char)(0xE0 | (code >> 12));
				out += (char)(0x80 | ((code >> 6) & 0x3F));
			}
			out += (char)(0x80 | (code & 0x3F));
		}
		else
		{
			out += (char)c;
		}
	}
	return out + "\"";
}

void cvHostPrintStart(FILE* out, const std::vector<CvHostStep>& steps, const CvHostUtility& utility)
{
	fprintf(out, "  \"steps\": [");
	for (size_t i = 0; i < steps.size(); ++i)
		fprintf(out, "%s{\"name\": %s, \"ok\": %s}", i ? ", " : "", cvHostJsonString(steps[i].name).c_str(),
			steps[i].ok ? "true" : "false");
	fprintf(out, "],\n  \"infos\": {");
	const char* separator = "";
	CvGlobals& g = CvGlobals::getInstance();
#define CVHOST_PRINT_COUNT(Name)                                                                                       \
	{                                                                                                                  \
		int n = count##Name(g, 0);                                                                                     \
		if (n >= 0)                                                                                                    \
		{                                                                                                              \
			fprintf(out, "%s\"%s\": %d", separator, #Name, n);                                                         \
			separator = ", ";                                                                                          \
		}                                                                                                              \
	}
	CVHOST_INFO_NAMES(CVHOST_PRINT_COUNT)
#undef CVHOST_PRINT_COUNT
	fprintf(out, "},\n  \"defines\": {");
	// The vision rules' defines (docs/vision-rules.md) and the save's version.
	const char* const defines[] = { "SAVE_VERSION", "UNIT_VISIBILITY_RANGE", "RECON_VISIBILITY_RANGE",
		"PLOT_VISIBILITY_RANGE", "CITY_VISIBILITY_RANGE", "MIN_CITY_RANGE", "MOVE_DENOMINATOR",
		"PEAK_SEE_THROUGH_CHANGE", "HILLS_SEE_THROUGH_CHANGE", "SEAWATER_SEE_FROM_CHANGE", "PEAK_SEE_FROM_CHANGE",
		"HILLS_SEE_FROM_CHANGE" };
	for (size_t i = 0; i < sizeof(defines) / sizeof(defines[0]); ++i)
		fprintf(out, "%s\"%s\": %d", i ? ", " : "", defines[i], GC.getDefineINT(defines[i]));
	fprintf(out, "},\n  \"text_keys\": %d,\n  \"message_boxes\": [", utility.textCount());
	const std::vector<std::string>& boxes = cvHostLog().messageBoxes();
	for (size_t i = 0; i < boxes.size(); ++i) fprintf(out, "%s%s", i ? ", " : "", cvHostJsonString(boxes[i]).c_str());
	fprintf(out, "],\n  \"executable_calls\": {");
	separator = "";
	for (const auto& call : cvHostStubCalls())
	{
		fprintf(out, "%s%s: %d", separator, cvHostJsonString(call.first).c_str(), call.second);
		separator = ", ";
	}
	fprintf(out, "}");
}
