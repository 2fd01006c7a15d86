// A save's game in the core, as the executable loads and writes it: what read-save does
// (CvHostSaveCommand.cpp), for the commands that go on from a loaded game (play, CvHostPlayCommand.cpp).
#pragma once

#include "CvHostSaveFile.h"

#include <functional>
#include <string>
#include <vector>

class CvInitCore;
class FDataStreamBase;

// One object of the game data, in the executable's order: CvGameAI, CvMap, each CvTeamAI, each
// CvPlayerAI, CvEventReporter's statistics (CvHostSaveFile.h).
struct CvHostGameObject
{
	std::string name; // "CvPlayerAI 3"
	std::string reading; // "CvPlayerAI::read of player 3"
	std::function<void(FDataStreamBase*)> read;
	std::function<void(FDataStreamBase*)> write;
	size_t readStart = 0, readEnd = 0;
	size_t writeStart = 0, writeEnd = 0;
};
std::vector<CvHostGameObject> cvHostGameObjects();

// The save at PATH read into the core as the executable reads it (read-save's steps 2 and 3, its
// checks and guards: a time limit and an address-space limit from the file's reading on). 0 when
// read; 1 when refused, the message on standard error naming the save.
int cvHostLoadGame(const std::string& path, CvHostSaveFile& save);
// The step named by a crash or by the read's time limit.
void cvHostSetReadStep(const std::string& step);
// Ends the read's time limit (a game played on is timed by its own command).
void cvHostEndReadGuards();

// The game as the executable reads, writes and drives it, a CvGameAI: cvHostGameAI(
// CvGlobals::getInstance(), 0). CvGlobals::getGame() in BTS and most forks; AdvCiv's getGame() gives
// the CvGame (whose read() is protected), its AI_getGame() the CvGameAI. (GC is const in AdvCiv: the
// non-const accessors are taken from getInstance().)
template <class G>
auto cvHostGameAI(G& globals, int) -> decltype(globals.AI_getGame())
{
	return globals.AI_getGame();
}
template <class G>
auto cvHostGameAI(G& globals, long) -> decltype(globals.getGame())
{
	return globals.getGame();
}

// The passwords the checksum covers, as an init core holds them.
CvHostSavePasswords cvHostPasswords(CvInitCore& initCore);
// The game as the executable writes it, over the parts of the save it was read from: the game's
// init core (GC.getInitCore()) and the objects by their own write(); the header and the tail (the
// Python pickle, the engine's data) as read. Save it with cvHostPasswords(GC.getInitCore()).
CvHostSaveFile cvHostWrittenSave(const CvHostSaveFile& read);
