// The arithmetic of BTS 3.19's own Python answers (Beyond the Sword/Assets/Python), as the game's
// Python 2.4 computes it, apart from the game's objects: CvHostPythonAnswers.cpp reads the
// arguments and the game's values and hands them here, and tests/host/test_python_answers.py
// compares each with the .py file's own function run on the same values.
//
// Python 2's `/` on two integers is floor division (-151 / 100 is -2, where C++ gives -1), and its
// integers do not overflow: the integer formulas below work in 64 bits and divide with floorDiv.
// A float enters only where the Python makes one (float(), pow()).
#pragma once

#include <cmath>

namespace cvhost_python {

// Python 2's `a / b` on integers (b != 0).
inline long long floorDiv(long long a, long long b)
{
	long long q = a / b;
	if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
	return q;
}

// CvGameUtils.getExperienceNeeded(iLevel, iOwner): iLevel * iLevel + 1, raised by the owner's
// getLevelExperienceModifier() percent, rounded up (+ 99, then Python's floor division).
inline long long experienceNeeded(long long level, long long levelExperienceModifier)
{
	long long needed = level * level + 1;
	if (levelExperienceModifier != 0) needed += floorDiv(needed * levelExperienceModifier + 99, 100);
	return needed;
}

// The game's values CvUtil.getScoreComponent reads besides its arguments.
struct ScoreGame
{
	long long estimateEndTurn; // CyGame.getEstimateEndTurn()
	long long gameTurn; // CyGame.getGameTurn()
	long long handicapType; // CyGame.getHandicapType()
	long long freePercent; // SCORE_FREE_PERCENT
	long long victoryPercent; // SCORE_VICTORY_PERCENT
	long long handicapPercentOffset; // SCORE_HANDICAP_PERCENT_OFFSET
	long long handicapPercentPer; // SCORE_HANDICAP_PERCENT_PER
};

// CvUtil.getScoreComponent(iRawScore, iInitial, iMax, iFactor, bExponential, bFinal, bVictory).
// In a final victory's score iMax becomes a float, and every value computed from it after; else
// all is integer arithmetic. The result is int(): truncated toward zero.
inline long long scoreComponent(const ScoreGame& game, long long raw, long long initial, long long max,
	long long factor, bool exponential, bool final, bool victory)
{
	if (game.estimateEndTurn == 0) return 0;
	if (final && victory)
	{
		double turnRatio = (double)game.gameTurn / (double)game.estimateEndTurn;
		double maxF;
		if (exponential && initial != 0)
		{
			long long ratio = floorDiv(max, initial); // two integers: floor division
			maxF = (double)initial * std::pow((double)ratio, turnRatio);
		}
		else
		{
			maxF = (double)initial + turnRatio * (double)(max - initial);
		}
		double freeF = ((double)game.freePercent * maxF) / 100.0;
		double score =
			(freeF + maxF != 0.0) ? ((double)factor * ((double)raw + freeF)) / (freeF + maxF) : (double)factor;
		score = ((double)(100 + game.victoryPercent) * score) / 100.0;
		score =
			((double)(100 + game.handicapPercentOffset + game.handicapType * game.handicapPercentPer) * score) / 100.0;
		return (long long)score; // int(): toward zero
	}
	long long freeI = floorDiv(game.freePercent * max, 100);
	long long score = (freeI + max != 0) ? floorDiv(factor * (raw + freeI), freeI + max) : factor;
	if (victory) score = floorDiv((100 + game.victoryPercent) * score, 100);
	if (final)
		score = floorDiv((100 + game.handicapPercentOffset + game.handicapType * game.handicapPercentPer) * score, 100);
	return score;
}

// CvGameUtils.doCityCaptureGold, from its two draws of the game's random numbers (made by the
// caller in the Python's order: CAPTURE_GOLD_RAND1's, then CAPTURE_GOLD_RAND2's).
inline long long cityCaptureGold(long long baseGold, long long population, long long goldPerPopulation, long long rand1,
	long long rand2, long long maxTurns, long long turnsSinceAcquired)
{
	long long gold = baseGold + population * goldPerPopulation + rand1 + rand2;
	if (maxTurns > 0)
	{
		long long turns =
			turnsSinceAcquired < 0 ? 0 : (turnsSinceAcquired > maxTurns ? maxTurns : turnsSinceAcquired); // cyIntRange
		gold *= turns;
		gold = floorDiv(gold, maxTurns);
	}
	return gold;
}

// CvGameUtils.doPillageGold, from its two draws (each of the improvement's getPillageGold()).
inline long long pillageGold(long long rand1, long long rand2, long long unitPillageChange)
{
	long long gold = rand1 + rand2;
	gold += floorDiv(unitPillageChange * gold, 100);
	return gold;
}

// CvGameUtils.isVictoryTest: victory is tested once more than 10 turns have elapsed.
inline bool isVictoryTest(long long elapsedGameTurns) { return elapsedGameTurns > 10; }

} // namespace cvhost_python
