// play: a saved game played on by the tree's own code, as the game's executable runs it with every
// player under the computer, and written back by the tree's own write().
//
//     cvcore-host [--game DIR] [--mod DIR] play SAVE TURNS END [EVERY]
//
// WHAT IT DOES, in order (each step named for the crash handler):
//   1. the executable's start and the save's load, as read-save does them (CvHostGame.h), with the
//      game's clock on from the start (cvHostUseGameClock: a load's new random seed reads it);
//   2. every human player's slot (taken, or open in a hotseat, PBEM or Pitboss game) handed to the
//      computer (CvInitCore::setSlotStatus(SS_COMPUTER),
//      which updates CvPlayer::isHuman), and the executable's autorun on (CvHostUtility::GetAutorun:
//      the game goes on with no human left; a victory extends it). BTS's own AI autoplay
//      (CvGame::setAIAutoPlay) is not used: it first kills the active player's units and cities;
//   3. TURNS game turns: CvGame::update(), as the executable calls it each frame, until the game turn
//      moves on (each call a turn slice; the game's clock moves 250 ms a call). A turn that does not
//      end in kMaxUpdatesPerTurn calls is an error naming the turn;
//      the game stops early at its end: its state changes (a victory turns GAMESTATE_ON into
//      GAMESTATE_EXTENDED under autorun) or is GAMESTATE_OVER; a game extended before the save
//      plays on, as the game lets a player go on after a victory;
//   4. END: the game written as the executable writes a save (the game's init core and the objects
//      by their own write(), the save's header and tail as read, the checksum computed afresh);
//      EVERY (a folder, optional): the same at each turn's end, as EVERY/turn-N.CivBeyondSwordSave
//      for the game turn N reached.
//
// OUTPUT: progress on standard error, a line a turn ("turn 57 (1 of 20): 0.84 s, 312 updates, 41
// units moved"); JSON on standard output: {"save", "start_turn", "turns": [{"turn", "seconds",
// "updates", "units_moved", "units", "cities", "save"}], "start_game_state", "end_turn",
// "game_state" (the core's GameStateTypes: 0 on, 1 over, 2 extended), "winner", "victory", "end", "handed_to_the_computer":
// [players], "python_calls": [{"function" ("CvGameInterface.getExperienceNeeded"), "calls",
// "answered"}] (every call the core made to Python, from the start of the load; CvHostPython.cpp
// answers those that change play, the rest get the core's default), "executable_calls"}.
//
// CVHOST_PROFILE=1: the turns are profiled (CvHostProfile.h), and "profile": {"samples", "vision",
// "truncated"} gives the samples taken (one a millisecond of CPU time, as the kernel's tick
// delivers them: one in 4 ms here) and those taken in vision: with
// CvPlot::updateSight or CvPlot::changeAdjacentSight on the stack (and so whatever they call:
// CvVision's adapter and engine in an integrated tree).
//
// Exit status: 0 played; 1 the save was refused, a turn did not end, or a save could not be
// written; 3 the core crashed (the message names the step: the turn).
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

#include "CvHostGame.h"
#include "CvHostProfile.h"
#include "CvHostRun.h"
#include "CvHostUtility.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace {

const int kMaxUpdatesPerTurn = 20000;
const unsigned int kMillisecondsPerUpdate = 250;

CvGame& game() { return cvHostGameAI(CvGlobals::getInstance(), 0); }

double seconds()
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

// Where each unit stands: (owner, id) -> plot index.
std::map<std::pair<int, int>, int> unitPlaces()
{
	std::map<std::pair<int, int>, int> places;
	for (int p = 0; p < MAX_PLAYERS; ++p)
	{
		CvPlayer& player = GET_PLAYER((PlayerTypes)p);
		if (!player.isAlive()) continue;
		int loop = 0;
		for (CvUnit* unit = player.firstUnit(&loop); unit != NULL; unit = player.nextUnit(&loop))
			places[std::make_pair(p, unit->getID())] = GC.getMap().plotNum(unit->getX(), unit->getY());
	}
	return places;
}

int movedSince(const std::map<std::pair<int, int>, int>& before, const std::map<std::pair<int, int>, int>& after)
{
	int moved = 0;
	for (const auto& unit : after)
	{
		const auto was = before.find(unit.first);
		if (was != before.end() && was->second != unit.second) ++moved;
	}
	return moved;
}

int cityCount()
{
	int cities = 0;
	for (int p = 0; p < MAX_PLAYERS; ++p)
		if (GET_PLAYER((PlayerTypes)p).isAlive()) cities += GET_PLAYER((PlayerTypes)p).getNumCities();
	return cities;
}

bool writeSave(const CvHostSaveFile& read, const std::string& path)
{
	cvHostSetReadStep("writing " + path);
	try
	{
		cvHostWrittenSave(read).save(path, cvHostPasswords(GC.getInitCore()));
		return true;
	}
	catch (const std::exception& e)
	{
		fprintf(stderr, "cvcore-host: %s: cannot write the save: %s\n", path.c_str(), e.what());
		return false;
	}
}

std::string turnSavePath(const std::string& folder, int turn)
{
	std::ostringstream k;
	k << folder << "/turn-" << turn << ".CivBeyondSwordSave";
	return k.str();
}

struct TurnPlayed
{
	int turn = 0;
	double seconds = 0;
	int updates = 0;
	int unitsMoved = 0;
	int units = 0;
	int cities = 0;
	std::string save;
};

} // namespace

int cvHostPlay(const CvHostOptions& options)
{
	const std::string path = options.arguments[0];
	char* end = NULL;
	const long turns = strtol(options.arguments[1].c_str(), &end, 10);
	if (end == options.arguments[1].c_str() || *end != 0 || turns < 1 || turns > 10000)
	{
		fprintf(stderr, "cvcore-host: play: TURNS must be a number of turns from 1 to 10000, not '%s'\n",
			options.arguments[1].c_str());
		return 2;
	}
	const std::string out = options.arguments[2];
	const std::string every = options.arguments.size() > 3 ? options.arguments[3] : "";

	cvHostUseGameClock();
	CvHostUtility* utility = NULL;
	const std::vector<CvHostStep> steps = cvHostStart(options, utility);
	if (!cvHostStartOk(steps))
	{
		fprintf(stderr, "cvcore-host: %s: not played: the XML did not load (see load-xml)\n", path.c_str());
		return 1;
	}
	CvHostSaveFile save;
	if (const int refused = cvHostLoadGame(path, save)) return refused;
	cvHostEndReadGuards();

	cvHostSetReadStep("handing the human players to the computer");
	std::vector<int> handed;
	for (int p = 0; p < MAX_PLAYERS; ++p)
	{
		// A human is a taken slot, or an open one in a hotseat, PBEM or Pitboss game (CvInitCore::getHuman).
		if (GET_PLAYER((PlayerTypes)p).isHuman())
		{
			GC.getInitCore().setSlotStatus((PlayerTypes)p, SS_COMPUTER);
			GET_PLAYER((PlayerTypes)p).updateHuman();
			handed.push_back(p);
		}
	}
	utility->setAutorun(true);

	const char* profileVariable = getenv("CVHOST_PROFILE");
	const bool profile = profileVariable && std::string(profileVariable) == "1";
	const int startTurn = game().getGameTurn();
	// A game goes on while its state stays: on, or extended (a victory reached before the save and
	// played on); a victory now (on to extended, under autorun) or its end (over) stops it.
	const GameStateTypes startState = game().getGameState();
	std::vector<TurnPlayed> played;
	long profileSamples = 0, profileVision = 0, profileTruncated = 0;
	for (long t = 0; t < turns && startState != GAMESTATE_OVER && game().getGameState() == startState; ++t)
	{
		TurnPlayed turn;
		const int from = game().getGameTurn();
		std::ostringstream step;
		step << "playing game turn " << from << " (" << (t + 1) << " of " << turns << "): CvGame::update";
		cvHostSetReadStep(step.str());
		const std::map<std::pair<int, int>, int> before = unitPlaces();
		const double started = seconds();
		if (profile) cvHostProfileStart();
		while (game().getGameTurn() == from && game().getGameState() == startState)
		{
			if (turn.updates == kMaxUpdatesPerTurn)
			{
				fprintf(stderr,
					"cvcore-host: %s: game turn %d did not end in %d calls of CvGame::update (a player or a unit that "
					"never finishes its moves?)\n",
					path.c_str(), from, kMaxUpdatesPerTurn);
				return 1;
			}
			game().update();
			cvHostAdvanceGameClock(kMillisecondsPerUpdate);
			++turn.updates;
		}
		if (profile) cvHostProfileStop();
		turn.seconds = seconds() - started;
		if (profile)
		{
			const CvHostProfileShare share =
				cvHostProfileShare({ "CvPlot::updateSight", "CvPlot::changeAdjacentSight" });
			profileSamples += share.samples;
			profileVision += share.inside;
			profileTruncated += share.truncated;
		}
		turn.turn = game().getGameTurn();
		const std::map<std::pair<int, int>, int> after = unitPlaces();
		turn.unitsMoved = movedSince(before, after);
		turn.units = (int)after.size();
		turn.cities = cityCount();
		if (!every.empty())
		{
			turn.save = turnSavePath(every, turn.turn);
			if (!writeSave(save, turn.save)) return 1;
		}
		fprintf(stderr, "cvcore-host: turn %d (%ld of %ld): %.2f s, %d updates, %d units moved\n", turn.turn, t + 1,
			turns, turn.seconds, turn.updates, turn.unitsMoved);
		played.push_back(turn);
	}
	if (!writeSave(save, out)) return 1;

	cvHostSetReadStep("writing the result");
	cvHostResult();
	printf("{\n  \"save\": %s,\n  \"start_turn\": %d,\n  \"turns\": [", cvHostJsonString(path).c_str(), startTurn);
	for (size_t i = 0; i < played.size(); ++i)
	{
		const TurnPlayed& k = played[i];
		printf("%s\n    {\"turn\": %d, \"seconds\": %.3f, \"updates\": %d, \"units_moved\": %d, \"units\": %d, "
			   "\"cities\": %d, \"save\": %s}",
			i ? "," : "", k.turn, k.seconds, k.updates, k.unitsMoved, k.units, k.cities,
			k.save.empty() ? "null" : cvHostJsonString(k.save).c_str());
	}
	printf("\n  ],\n  \"start_game_state\": %d,\n  \"end_turn\": %d,\n  \"game_state\": %d,\n  \"winner\": %d,\n  "
		   "\"victory\": %d,\n  \"end\": %s,\n"
		   "  \"handed_to_the_computer\": [",
		(int)startState, game().getGameTurn(), (int)game().getGameState(), (int)game().getWinner(),
		(int)game().getVictory(), cvHostJsonString(out).c_str());
	for (size_t i = 0; i < handed.size(); ++i) printf("%s%d", i ? ", " : "", handed[i]);
	printf("],\n");
	printf("  \"python_calls\": [");
	bool first = true;
	for (const auto& call : utility->python().calls())
	{
		printf("%s\n    {\"function\": %s, \"calls\": %d, \"answered\": %d}", first ? "" : ",",
			cvHostJsonString(call.first).c_str(), call.second.calls, call.second.answered);
		first = false;
	}
	printf("\n  ],\n");
	if (profile)
		printf("  \"profile\": {\"samples\": %ld, \"vision\": %ld, \"truncated\": %ld},\n", profileSamples,
			profileVision, profileTruncated);
	cvHostPrintStart(stdout, steps, *utility);
	printf("\n}\n");
	return 0;
}
