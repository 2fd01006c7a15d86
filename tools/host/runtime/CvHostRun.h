// What the host program's commands share: the run's options, the step it is in (named when the
// core crashes), the executable's start (gDLL set, the XML loaded in the executable's order), and
// JSON output.
#pragma once

#include <stdio.h>

#include <string>
#include <vector>

class CvHostUtility;
class CvHostFiles;

struct CvHostOptions
{
	std::string game; // the install's root: Assets, Warlords, Beyond the Sword
	std::string mod; // the mod's folder, holding its Assets ("" for none)
	std::string modName; // what gDLL->getModName() answers ("Mods\PBMod_v10\")
	std::string logDir; // where the core's logs go ("" for nowhere)
	bool echo = false; // the core's debug output and message boxes on standard error too
	std::vector<std::string> arguments; // the command's own (a save's path...)
};

struct CvHostStep
{
	std::string name;
	bool ok;
};

// The step the host is in, for the crash message (kept in a fixed buffer a signal handler reads).
void cvHostSetStep(const char* step);
// The step as last set (for a crash handler of its own: CvHostSanitize.cpp).
const char* cvHostStep();
void cvHostCatchCrashes();
// The last message box, kept for the crash message (a core that reads on after a file it could not
// load crashes later, where the box says why): cvHostCrashNote() gives "; after the message box
// \"...\"", or "" when none was shown.
void cvHostNoteMessageBox(const char* text);
const char* cvHostCrashNote();

// Standard output holds the command's result alone. What the core prints there while it runs
// (AdvCiv's loader prints each file it loads) goes to standard error from the start
// (cvHostQuietCore, first thing in main), and cvHostResult() turns standard output back to the
// result's destination just before the result is written. cvHostRedirect: a child that writes its
// result to resultFd and everything else to errorFd (read-saves).
void cvHostQuietCore();
// The game's clock (CvHostWindows.cpp): timeGetTime() and GetTickCount() answer it from the call on,
// starting at 0 and moved on only by cvHostAdvanceGameClock, so that a game played on holds
// nothing of the host's time (a load's new random seed, the statistics' time played).
void cvHostUseGameClock();
void cvHostAdvanceGameClock(unsigned int milliseconds);
void cvHostResult();
void cvHostRedirect(int resultFd, int errorFd);

// The executable's start: gDLL set to the host's, the globals initialised, the XML loaded in the
// executable's order. Gives each load step and whether it succeeded.
std::vector<CvHostStep> cvHostStart(const CvHostOptions& options, CvHostUtility*& utility);

// JSON helpers: a string (the core's narrow text is code page 1252) and the start's summary (the
// steps, the infos counted, a few defines, the text keys, the message boxes, the stand-ins'
// calls) as the members of an object, without its braces.
std::string cvHostJsonString(const std::string& s);
void cvHostPrintStart(FILE* out, const std::vector<CvHostStep>& steps, const CvHostUtility& utility);

// Whether the start loaded everything without a message box.
bool cvHostStartOk(const std::vector<CvHostStep>& steps);
