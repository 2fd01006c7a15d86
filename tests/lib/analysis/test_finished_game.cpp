// The finished game (../shared/data/civ4/saves/unexplained, a modern-era BTS 3.19 save): its stored
// counts are reproduced exactly with the bundled vanilla XML, and each of the two unit values it
// settles is shown to be the cause of what differed before (docs/command-line.md, "Saved games").
#include "analysis/SaveAudit.h"
#include "formats/RulesLoader.h"
#include "formats/SaveReader.h"
#include "scenario/WorldFromSave.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <string>
#include <tuple>
#include <vector>

using namespace cvv;

#ifndef CVVISION_SHARED_DIR
#error "CVVISION_SHARED_DIR: the shared data folder (tests/CMakeLists.txt defines it)"
#endif

namespace fs = std::filesystem;

namespace {
const int TEAM_WITH_ICBMS = 2;

fs::path finishedGame()
{
	return fs::path(CVVISION_SHARED_DIR) / "data" / "civ4" / "saves" / "unexplained"
		/ "finished-game.CivBeyondSwordSave";
}

CvVisionRules vanillaRules() { return loadVisionRules({ bundledVanillaAssets() }).kRules; }

CvVisionUnitRule& unitRule(CvVisionRules& kRules, const char* szType)
{
	const int iUnit = kRules.findUnit(szType);
	EXPECT_GE(iUnit, 0) << szType;
	return kRules.aUnits.at(size_t(iUnit));
}

SaveAuditResult audit(const SaveGame& kSave, const CvVisionRules& kRules)
{
	return auditSave(kSave, buildSaveWorld(kSave, kRules), kRules);
}

// (team, x, y, invisible type or -1, stored - CvVision) for every difference.
std::set<std::tuple<int, int, int, int, int>> differences(const SaveAuditResult& kResult)
{
	std::set<std::tuple<int, int, int, int, int>> aOut;
	for (const SaveDifference& k : kResult.aDifferences)
	{
		aOut.insert({ k.eTeam, k.iX, k.iY, k.eInvisible, k.iStored - k.iExpected });
	}
	return aOut;
}

class FinishedGame : public ::testing::Test
{
protected:
	void SetUp() override
	{
		if (!fs::exists(finishedGame()))
		{
			GTEST_SKIP() << "../shared/data is absent: " << finishedGame().string();
		}
		m_kSave = readSave(finishedGame());
	}
	SaveGame m_kSave;
};
}

TEST(FinishedGameRules, TheBundledUnitsAreTheGames)
{
	CvVisionRules kRules = vanillaRules();
	EXPECT_EQ(CV_VISION_DOMAIN_IMMOBILE, unitRule(kRules, "UNIT_ICBM").eDomain) << "not an air unit";
	EXPECT_EQ(CV_VISION_DOMAIN_AIR, unitRule(kRules, "UNIT_TACTICAL_NUKE").eDomain);
	const int iStealth = kRules.findInvisibleType("INVISIBLE_STEALTH");
	ASSERT_GE(iStealth, 0);
	EXPECT_EQ(std::vector<int>{ iStealth }, unitRule(kRules, "UNIT_STEALTH_DESTROYER").aeSeeInvisible)
		<< "stealth ships only, no submarines";
	const int iSubmarine = kRules.findInvisibleType("INVISIBLE_SUBMARINE");
	EXPECT_EQ(std::vector<int>{ iSubmarine }, unitRule(kRules, "UNIT_DESTROYER").aeSeeInvisible);
}

TEST_F(FinishedGame, EveryCountMatches)
{
	const SaveAuditResult kResult = audit(m_kSave, vanillaRules());
	EXPECT_EQ(4088, kResult.lTeamPlots);
	EXPECT_EQ(kResult.lTeamPlots, kResult.lMatching);
	EXPECT_TRUE(kResult.aDifferences.empty());
}

// Team 2's two ICBMs stand in its hill city (41,19). Taken as air units (a plain square, no outer
// ring) they would miss the outer ring that the game's counts hold twice: +2 on each plot of it
// that a ground unit there sees (all but (39,17)).
TEST_F(FinishedGame, TheIcbmsAreNoAirUnits)
{
	CvVisionRules kRules = vanillaRules();
	unitRule(kRules, "UNIT_ICBM").eDomain = CV_VISION_DOMAIN_AIR;
	std::set<std::tuple<int, int, int, int, int>> aExpected;
	for (int iX = 39; iX <= 43; ++iX)
	{
		for (int iY = 17; iY <= 21; ++iY)
		{
			const bool bOuterRing = iX == 39 || iX == 43 || iY == 17 || iY == 21;
			if (bOuterRing && !(iX == 39 && iY == 17))
			{
				aExpected.insert({ TEAM_WITH_ICBMS, iX, iY, -1, 2 });
			}
		}
	}
	EXPECT_EQ(aExpected, differences(audit(m_kSave, kRules)));
}

// A stealth destroyer that also saw submarines would add one to the plain and the submarine count
// on every plot it sees: three patches (around (38,24) and (38,25) for team 2, (38,30) for team 6)
// where the game's counts are lower by one in both, or by two where two patches overlap.
TEST_F(FinishedGame, TheStealthDestroyersSeeNoSubmarines)
{
	CvVisionRules kRules = vanillaRules();
	const int iSubmarine = kRules.findInvisibleType("INVISIBLE_SUBMARINE");
	unitRule(kRules, "UNIT_STEALTH_DESTROYER").aeSeeInvisible.push_back(iSubmarine);
	const std::set<std::tuple<int, int, int, int, int>> aFound = differences(audit(m_kSave, kRules));
	EXPECT_EQ(88u, aFound.size());
	std::set<int> aeTeams;
	for (const auto& [eTeam, iX, iY, eInvisible, iDelta] : aFound)
	{
		aeTeams.insert(eTeam);
		EXPECT_TRUE(eInvisible == -1 || eInvisible == iSubmarine);
		EXPECT_TRUE(iDelta == -1 || iDelta == -2) << iX << "," << iY;
		EXPECT_EQ(1u, aFound.count({ eTeam, iX, iY, eInvisible == -1 ? iSubmarine : -1, iDelta }))
			<< "the plain and the submarine count differ alike at " << iX << "," << iY;
	}
	EXPECT_EQ((std::set<int>{ 2, 6 }), aeTeams);
	EXPECT_EQ(1u, aFound.count({ 2, 37, 24, iSubmarine, -2 })) << "two stealth destroyers see it";
	EXPECT_EQ(1u, aFound.count({ 6, 38, 30, -1, -1 }));
}
