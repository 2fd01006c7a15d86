// The answers of BTS 3.19's own Python (Beyond the Sword/Assets/Python) to the core's calls whose
// "not handled" would change play, written from what those functions compute (docs/python-answers.md
// lists every call site of the core and its answer). Each reads its arguments as the core made them
// (CvHostPyArgs) and the game's values through the same getters the Python calls (CyPlayer's and
// CyGame's forward to CvPlayer and CvGame); the arithmetic is in CvHostPythonFormulas.h.
//
// A call whose arguments are not as expected is left "not handled".
#include "CvGameCoreDLL.h"
#include "CvHostPythonFormulas.h"
#include "CvHostPythonIFace.h"

// The infos: in CvInfos.h in BTS and most forks; AdvCiv splits them into CvInfo_*.h.
#if __has_include("CvInfo_Terrain.h")
#include "CvInfo_Terrain.h"
#else
#include "CvInfos.h"
#endif
#include "CvCity.h"
#include "CvGameAI.h"
#include "CvPlayerAI.h"
#include "CvPlot.h"
#include "CvUnit.h"
#include "CyCity.h"
#include "CyPlot.h"
#include "CyUnit.h"

#include <string.h>

namespace {

// The game: CvGlobals::getGame() gives it in BTS and the forks (a CvGameAI in BTS, AdvCiv's the
// CvGame; AdvCiv's GC is a const reference, so the instance is asked).
CvGame& cvHostGame() { return CvGlobals::getInstance().getGame(); }

} // namespace

namespace {

bool validPlayer(long player) { return player >= 0 && player < MAX_PLAYERS; }

// CvGameUtils.getExperienceNeeded(iLevel, iOwner).
bool experienceNeeded(const CvHostPyArgs& args, long* result)
{
	long level, owner;
	if (!args.intAt(0, level) || !args.intAt(1, owner) || !validPlayer(owner)) return false;
	*result = (long)cvhost_python::experienceNeeded(level, GET_PLAYER((PlayerTypes)owner).getLevelExperienceModifier());
	return true;
}

// CvGameUtils.calculateScore(ePlayer, bFinal, bVictory): CvUtil.getScoreComponent of population,
// land, tech (exponential) and wonders (linear), each against the game's initial and maximum.
bool calculateScore(const CvHostPyArgs& args, long* result)
{
	long player, final, victory;
	if (!args.intAt(0, player) || !args.intAt(1, final) || !args.intAt(2, victory) || !validPlayer(player))
		return false;
	const CvPlayer& kPlayer = GET_PLAYER((PlayerTypes)player);
	CvGame& kGame = cvHostGame();
	cvhost_python::ScoreGame game;
	game.estimateEndTurn = kGame.getEstimateEndTurn();
	game.gameTurn = kGame.getGameTurn();
	game.handicapType = kGame.getHandicapType();
	game.freePercent = GC.getDefineINT("SCORE_FREE_PERCENT");
	game.victoryPercent = GC.getDefineINT("SCORE_VICTORY_PERCENT");
	game.handicapPercentOffset = GC.getDefineINT("SCORE_HANDICAP_PERCENT_OFFSET");
	game.handicapPercentPer = GC.getDefineINT("SCORE_HANDICAP_PERCENT_PER");
	bool bFinal = final != 0, bVictory = victory != 0;
	// CyPlayer's getters take their default (bCheckVassal) as the Python calls them.
	long long population = cvhost_python::scoreComponent(game, kPlayer.getPopScore(), kGame.getInitPopulation(),
		kGame.getMaxPopulation(), GC.getDefineINT("SCORE_POPULATION_FACTOR"), true, bFinal, bVictory);
	long long land = cvhost_python::scoreComponent(game, kPlayer.getLandScore(), kGame.getInitLand(),
		kGame.getMaxLand(), GC.getDefineINT("SCORE_LAND_FACTOR"), true, bFinal, bVictory);
	long long tech = cvhost_python::scoreComponent(game, kPlayer.getTechScore(), kGame.getInitTech(),
		kGame.getMaxTech(), GC.getDefineINT("SCORE_TECH_FACTOR"), true, bFinal, bVictory);
	long long wonders = cvhost_python::scoreComponent(game, kPlayer.getWondersScore(), kGame.getInitWonders(),
		kGame.getMaxWonders(), GC.getDefineINT("SCORE_WONDER_FACTOR"), false, bFinal, bVictory);
	*result = (long)(population + land + wonders + tech);
	return true;
}

// CvGameUtils.isVictoryTest(): once more than 10 turns have elapsed.
bool isVictoryTest(long* result)
{
	*result = cvhost_python::isVictoryTest(cvHostGame().getElapsedGameTurns()) ? 1 : 0;
	return true;
}

// CvGameUtils.doCityCaptureGold(pOldCity): two draws of the game's own random numbers.
bool cityCaptureGold(const CvHostPyArgs& args, long* result)
{
	CyCity* pyCity = args.objectAt<CyCity>(0);
	CvCity* pCity = pyCity ? pyCity->getCity() : NULL;
	if (!pCity) return false;
	CvGame& kGame = cvHostGame();
	// The Python's order of evaluation: the base and the population, then RAND1's draw, then RAND2's.
	long long base = GC.getDefineINT("BASE_CAPTURE_GOLD");
	long long population = pCity->getPopulation();
	long long perPopulation = GC.getDefineINT("CAPTURE_GOLD_PER_POPULATION");
	long long rand1 = kGame.getSorenRandNum(GC.getDefineINT("CAPTURE_GOLD_RAND1"), "Capture Gold 1");
	long long rand2 = kGame.getSorenRandNum(GC.getDefineINT("CAPTURE_GOLD_RAND2"), "Capture Gold 2");
	long long maxTurns = GC.getDefineINT("CAPTURE_GOLD_MAX_TURNS");
	*result = (long)cvhost_python::cityCaptureGold(
		base, population, perPopulation, rand1, rand2, maxTurns, kGame.getGameTurn() - pCity->getGameTurnAcquired());
	return true;
}

// CvGameUtils.doPillageGold(pPlot, pUnit): two draws of the improvement's pillage gold, raised by
// the unit's pillage change percent.
bool pillageGold(const CvHostPyArgs& args, long* result)
{
	CyPlot* pyPlot = args.objectAt<CyPlot>(0);
	CyUnit* pyUnit = args.objectAt<CyUnit>(1);
	CvPlot* pPlot = pyPlot ? pyPlot->getPlot() : NULL;
	CvUnit* pUnit = pyUnit ? pyUnit->getUnit() : NULL;
	if (!pPlot || !pUnit || pPlot->getImprovementType() == NO_IMPROVEMENT) return false;
	CvGame& kGame = cvHostGame();
	int iPillageGold = GC.getImprovementInfo(pPlot->getImprovementType()).getPillageGold();
	long long rand1 = kGame.getSorenRandNum(iPillageGold, "Pillage Gold 1");
	long long rand2 = kGame.getSorenRandNum(iPillageGold, "Pillage Gold 2");
	*result = (long)cvhost_python::pillageGold(rand1, rand2, pUnit->getPillageChange());
	return true;
}

bool constant(long value, long* result)
{
	*result = value;
	return true;
}

} // namespace

bool cvHostPythonAnswer(const char* module, const char* function, const CvHostPyArgs& args, long* result)
{
	if (!result) return false;
	if (strcmp(module, PYGameModule) == 0)
	{
		// CvGameInterface.py hands each to CvGameUtils.CvGameUtils (CvGameInterfaceFile.GameUtils).
		if (strcmp(function, "getExperienceNeeded") == 0) return experienceNeeded(args, result);
		if (strcmp(function, "calculateScore") == 0) return calculateScore(args, result);
		if (strcmp(function, "isVictoryTest") == 0) return isVictoryTest(result);
		if (strcmp(function, "isVictory") == 0) return constant(1, result); // True
		if (strcmp(function, "canRazeCity") == 0) return constant(1, result); // True
		if (strcmp(function, "getUpgradePriceOverride") == 0) return constant(-1, result); // -1: the core's price
		if (strcmp(function, "citiesDestroyFeatures") == 0) return constant(1, result); // True
		if (strcmp(function, "getExtraCost") == 0)
			return constant(0, result); // 0 (the core's lResult is uninitialised)
		if (strcmp(function, "doCityCaptureGold") == 0) return cityCaptureGold(args, result);
		if (strcmp(function, "doPillageGold") == 0) return pillageGold(args, result);
		return false;
	}
	if (strcmp(module, PYRandomEventModule) == 0 || strcmp(module, PYPitBossModule) == 0)
	{
		// The core reads these results uninitialised when not handled: they get 0, the same on every
		// run ("can do" no, "expired" no), though BTS's CvRandomEventInterface.py answers otherwise.
		// Not handled all the same (docs/python-answers.md: left).
		*result = 0;
		return false;
	}
	return false;
}
