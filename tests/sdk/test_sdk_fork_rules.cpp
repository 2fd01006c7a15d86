// A fork's own sight rules kept (docs/into-the-game.md, "Rule points: a fork's own sight"): the
// game, the SDK mock, is built with tests/sdk/sdk_fork_rules/CvVisionSightRules.cpp, CvVision's rules
// file as a modder edits it in the tree, in place of the default. Its rules: an aerial unit adds
// its promotions' extra visibility range (Realism Invictus); a unit that detects invisible units
// makes a plain pass first and detects them one plot less far. Each rule shows in the counts, and
// with CVVISION_LEDGER a range that changes while the source stands is still taken back exactly.
#include "CvGameCoreDLL.h"
#include "CvMap.h"
#include "CvPlot.h"
#include "CvTeamAI.h"
#include "CvUnit.h"
#include "CvVisionSdk.h"
#include "CvVisionSightRules.h"

#include "formats/RulesLoader.h"
#include "SdkMockGlobals.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

using namespace cvv;

namespace {
const int NUM_TEAMS = 2;
const TeamTypes TEAM = static_cast<TeamTypes>(0);

class SdkForkRules : public ::testing::Test
{
protected:
	void TearDown() override { GC.resetMock(); }

	// The vanilla XML, with the ledger knob as asked; a flat map of one terrain, nobody's sight.
	// With szSeesBoth, that unit sees both invisible types (as a mod's unit may).
	void newGame(bool bLedger, const char* szTerrain, PlotTypes ePlotType, const char* szSeesBoth = nullptr)
	{
		m_kLoaded = loadVisionRules({ bundledVanillaAssets() });
		if (szSeesBoth != nullptr)
		{
			m_kLoaded.kRules.aUnits.at(size_t(m_kLoaded.kRules.findUnit(szSeesBoth))).aeSeeInvisible = { 0, 1 };
		}
		fillGlobalsFrom(m_kLoaded, { { "CVVISION_LEDGER", bLedger ? 1 : 0 } });
		CvMap& kMap = GC.getMapINLINE();
		kMap.reset(21, 21, false, false, NUM_TEAMS, GC.getNumInvisibleInfos());
		for (int i = 0; i < kMap.numPlotsINLINE(); ++i)
		{
			CvPlot& kPlot = *kMap.plotByIndexINLINE(i);
			kPlot.setPlotType(ePlotType);
			kPlot.setTerrainType(static_cast<TerrainTypes>(m_kLoaded.kRules.findTerrain(szTerrain)));
			kPlot.setFeatureType(NO_FEATURE);
		}
	}
	void newLandGame(bool bLedger) { newGame(bLedger, "TERRAIN_GRASS", PLOT_LAND); }
	void newSeaGame(bool bLedger, const char* szSeesBoth = nullptr)
	{
		newGame(bLedger, "TERRAIN_OCEAN", PLOT_OCEAN, szSeesBoth);
	}

	CvUnit* create(const char* szUnit, int iX, int iY)
	{
		return GC.getMapINLINE().createUnit(static_cast<UnitTypes>(m_kLoaded.kRules.findUnit(szUnit)), TEAM, iX, iY);
	}
	PromotionTypes sentry() const
	{
		return static_cast<PromotionTypes>(m_kLoaded.kRules.findPromotion("PROMOTION_SENTRY"));
	}
	InvisibleTypes invisible(const char* sz) const
	{
		const std::vector<std::string>& a = m_kLoaded.kRules.aszInvisibleTypes;
		return static_cast<InvisibleTypes>(std::find(a.begin(), a.end(), sz) - a.begin());
	}
	static CvPlot& plot(int iX, int iY) { return *GC.getMapINLINE().plotINLINE(iX, iY); }
	static int count(int iX, int iY) { return plot(iX, iY).getVisibilityCount(TEAM); }
	static int count(int iX, int iY, InvisibleTypes eInvisible)
	{
		return plot(iX, iY).getInvisibleVisibilityCount(TEAM, eInvisible);
	}

	// How many plots have a plain count above 0.
	static int numSeen()
	{
		int iSeen = 0;
		for (int i = 0; i < GC.getMapINLINE().numPlotsINLINE(); ++i)
		{
			iSeen += GC.getMapINLINE().plotByIndexINLINE(i)->getVisibilityCount(TEAM) > 0 ? 1 : 0;
		}
		return iSeen;
	}

	// Every count 0 (plain and each invisible type) and none ever went below 0.
	void expectNoSightLeft(const std::string& sStep) const
	{
		CvMap& kMap = GC.getMapINLINE();
		int iFailures = 0;
		for (int i = 0; i < kMap.numPlotsINLINE() && iFailures < 5; ++i)
		{
			const CvPlot& kPlot = *kMap.plotByIndexINLINE(i);
			bool bZero = kPlot.getVisibilityCount(TEAM) == 0 && !kPlot.wentNegative();
			for (int e = 0; e < GC.getNumInvisibleInfos(); ++e)
			{
				bZero = bZero && kPlot.getInvisibleVisibilityCount(TEAM, static_cast<InvisibleTypes>(e)) == 0;
			}
			if (!bZero)
			{
				++iFailures;
				ADD_FAILURE() << sStep << ": plot (" << kPlot.getX_INLINE() << "," << kPlot.getY_INLINE()
							  << ") plain count " << kPlot.getVisibilityCount(TEAM)
							  << (kPlot.wentNegative() ? ", went below 0" : "");
			}
		}
	}

	LoadedRules m_kLoaded;
};
}

TEST_F(SdkForkRules, TheForksRulesAnswerThroughTheRulePoints)
{
	newSeaGame(false);
	CvUnit* pFighter = create("UNIT_FIGHTER", 10, 10);
	pFighter->setHasPromotion(sentry(), true);
	std::vector<CvVisionSightPass> aPasses;
	CvVisionSightRules::passes(plot(10, 10), TEAM, 2, pFighter, aPasses);
	ASSERT_EQ(1u, aPasses.size());
	EXPECT_EQ(NO_INVISIBLE, aPasses[0].eInvisible);
	EXPECT_EQ(3, aPasses[0].iRange) << "2 from the game, 1 more from the promotion";
	EXPECT_TRUE(aPasses[0].bAerial);

	CvUnit* pDestroyer = create("UNIT_DESTROYER", 5, 5);
	CvVisionSightRules::passes(plot(5, 5), TEAM, 2, pDestroyer, aPasses);
	ASSERT_EQ(2u, aPasses.size()) << "a plain pass, then the submarine pass";
	EXPECT_EQ(NO_INVISIBLE, aPasses[0].eInvisible);
	EXPECT_EQ(2, aPasses[0].iRange);
	EXPECT_EQ(invisible("INVISIBLE_SUBMARINE"), aPasses[1].eInvisible);
	EXPECT_EQ(1, aPasses[1].iRange);
	EXPECT_FALSE(aPasses[1].bAerial);
	EXPECT_EQ(NO_DIRECTION, aPasses[1].eFacing);
}

// Realism Invictus: a fighter with Sentry sees 2 (UNIT_VISIBILITY_RANGE 1 + Sentry) plus 1 more
// from its promotions: a 7x7 square. BTS's rule gives it 5x5; ground units are as in BTS.
TEST_F(SdkForkRules, AnAerialUnitAddsItsPromotionsExtraRange)
{
	newLandGame(false);
	CvUnit* pFighter = create("UNIT_FIGHTER", 10, 10);
	EXPECT_EQ(9, numSeen()) << "no promotion: nothing extra";
	pFighter->setHasPromotion(sentry(), true);
	EXPECT_EQ(49, numSeen()) << "range 2 + 1: a 7x7 square (BTS's rule: 5x5)";
	EXPECT_EQ(1, count(13, 10)) << "differs from BTS's rule";
	EXPECT_EQ(0, count(14, 10));

	// Its recon plot, as in the fork: RECON_VISIBILITY_RANGE 5 plus the promotion's 1.
	pFighter->setReconPlot(&plot(10, 3));
	EXPECT_EQ(1, count(16, 3)) << "six plots east of the recon plot";
	EXPECT_EQ(0, count(17, 3));
	GC.getMapINLINE().killUnit(pFighter);
	expectNoSightLeft("the fighter gone");

	CvUnit* pWarrior = create("UNIT_WARRIOR", 10, 10);
	pWarrior->setHasPromotion(sentry(), true);
	EXPECT_EQ(25, numSeen()) << "a ground unit: BTS's rule, range 2 on flat land";
	GC.getMapINLINE().killUnit(pWarrior);
	expectNoSightLeft("the warrior gone");
}

// The fork's recon range depends on the unit's promotions, which BTS's never did, and the game
// brackets a promotion for the unit's own sight only (CvUnit::changeExtraVisibilityRange), not for
// its recon: a promotion gained on a recon mission changes what the recon's removal computes. With
// the ledger the removal takes back what was added; without it the larger square is taken away.
TEST_F(SdkForkRules, WithTheLedgerARangeChangedByAPromotionWhileTheSourceStandsLeavesNoCount)
{
	for (int bLedger = 0; bLedger <= 1; ++bLedger)
	{
		newLandGame(bLedger != 0);
		CvUnit* pFighter = create("UNIT_FIGHTER", 10, 10);
		CvVisionSdk::onGameStarted(); // arms the ledger when the knob is on
		EXPECT_EQ(bLedger != 0, CvVisionSdk::isLedgerArmed());
		pFighter->setReconPlot(&plot(10, 9));
		pFighter->setHasPromotion(sentry(), true); // as the game: own sight bracketed (1 -> 3), recon not (5 -> 6)
		EXPECT_EQ(1, count(10, 4)) << "beyond the own sight (y 7..13): the recon alone";
		EXPECT_EQ(0, count(10, 15)) << "the recon was added with range 5";
		GC.getMapINLINE().killUnit(pFighter);
		if (bLedger)
		{
			expectNoSightLeft("the ledger");
		}
		else
		{
			EXPECT_TRUE(plot(10, 15).wentNegative()) << "without the ledger the recon's larger square is taken away";
		}
		GC.resetMock();
	}
}

// Passes of different ranges: a destroyer (range 1) makes a plain pass of range 1 and a
// submarine pass of range 0 on open sea. Each count as its pass sees it; removal exact, with the
// ledger also when a promotion changed both ranges in between.
TEST_F(SdkForkRules, PassesWithTheirOwnRangesCountAndAreTakenBackExactly)
{
	const InvisibleTypes eSubmarine = static_cast<InvisibleTypes>(0);
	newSeaGame(false);
	ASSERT_EQ(eSubmarine, invisible("INVISIBLE_SUBMARINE"));
	CvUnit* pDestroyer = create("UNIT_DESTROYER", 10, 10);
	EXPECT_EQ(2, count(10, 10)) << "the plain pass and the submarine pass";
	EXPECT_EQ(1, count(11, 10)) << "the plain pass alone";
	EXPECT_EQ(1, count(10, 10, eSubmarine));
	EXPECT_EQ(0, count(11, 10, eSubmarine)) << "submarines detected one plot less far (BTS's rule: 1)";
	EXPECT_EQ(0, count(12, 10));
	EXPECT_EQ(0, CvVisionSdk::auditSight(false, nullptr)) << "the audit recomputes with the same rules";
	pDestroyer->setXY(4, 4);
	EXPECT_EQ(0, count(10, 10));
	EXPECT_EQ(0, count(10, 10, eSubmarine));
	GC.getMapINLINE().killUnit(pDestroyer);
	expectNoSightLeft("the destroyer gone");
	GC.resetMock();

	for (int bLedger = 0; bLedger <= 1; ++bLedger)
	{
		newSeaGame(bLedger != 0, "UNIT_STEALTH_DESTROYER");
		CvUnit* pOther = create("UNIT_DESTROYER", 16, 16);
		CvVisionSdk::onGameStarted(); // with the knob: the ledger armed, the stealth destroyer added through it
		CvUnit* pStealth = create("UNIT_STEALTH_DESTROYER", 10, 10); // a mod's: a plain pass and two see-invisible ones
		EXPECT_EQ(3, count(10, 10));
		EXPECT_EQ(1, count(11, 10)) << "the plain pass alone";
		EXPECT_EQ(1, count(10, 10, invisible("INVISIBLE_SUBMARINE")));
		EXPECT_EQ(1, count(10, 10, invisible("INVISIBLE_STEALTH")));
		EXPECT_EQ(0, count(11, 10, invisible("INVISIBLE_STEALTH")));
		pStealth->setHasPromotionUnbracketed(sentry(), true); // passes 1, 0, 0 -> 2, 1, 1
		GC.getMapINLINE().killUnit(pStealth);
		GC.getMapINLINE().killUnit(pOther);
		if (bLedger)
		{
			expectNoSightLeft("the ledger, three passes under one key");
		}
		else
		{
			EXPECT_TRUE(plot(8, 10).wentNegative()) << "without the ledger the larger passes are taken away";
		}
		GC.resetMock();
	}
}

// An audit rebuilds the ledger with the fork's passes; a level change among them re-sights them
// (several sources of one sight under one key) and leaves the counts as the audit computes them.
TEST_F(SdkForkRules, TheArmedLedgerResightsAForksPassesWhenLevelsChange)
{
	newSeaGame(true);
	CvUnit* pDestroyer = create("UNIT_DESTROYER", 10, 10);
	CvUnit* pAirship = create("UNIT_AIRSHIP", 6, 6);
	pAirship->setHasPromotion(sentry(), true);
	EXPECT_EQ(0, CvVisionSdk::onGameLoaded()) << "rebuilds and arms the ledger";
	for (int iX = 8; iX <= 12; ++iX)
	{
		plot(iX, 11).setPlotType(PLOT_LAND);
		plot(iX, 11).setTerrainType(static_cast<TerrainTypes>(m_kLoaded.kRules.findTerrain("TERRAIN_GRASS")));
	}
	plot(10, 11).setPlotType(PLOT_PEAK);
	plot(11, 10).setPlotType(PLOT_HILLS);
	EXPECT_EQ(0, CvVisionSdk::auditSight(false, nullptr)) << "the counts are what the rules give";
	pDestroyer->setXY(9, 9);
	pAirship->setXY(12, 12);
	EXPECT_EQ(0, CvVisionSdk::auditSight(false, nullptr));
	GC.getMapINLINE().killUnit(pDestroyer);
	GC.getMapINLINE().killUnit(pAirship);
	expectNoSightLeft("every unit gone");
}
