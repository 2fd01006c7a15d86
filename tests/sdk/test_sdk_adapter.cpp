// The SDK adapter (CvGameCoreDLL/CvVisionSdk) driven through the mock SDK (tools/sdk/standin) the
// way the game drives CvPlot: units are created, move, turn, gain promotions, recon and die,
// forests are cut, hills raised, Optics learnt. After every step each count of every plot must
// equal what the engine computes on the host harness for the sources then alive.
#include "CvGameCoreDLL.h"
#include "CvMap.h"
#include "CvPlot.h"
#include "CvTeamAI.h"
#include "CvUnit.h"
#include "CvVisionSdk.h"
#include "CvVisionSightRules.h"

#include "analysis/PathQuery.h"
#include "model/PlotGrid.h"
#include "engine/ReferenceVision.h"
#include "formats/RulesLoader.h"
#include "SdkMockGlobals.h"
#include "model/VisionSetup.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <random>
#include <string>
#include <vector>

using namespace cvv;

namespace {
const int NUM_TEAMS = 3;

class SdkAdapter : public ::testing::Test
{
protected:
	void SetUp() override { useRules({}); }
	void TearDown() override { GC.resetMock(); }

	// The vanilla XML plus defines as a mod's CvVision_GlobalDefines.xml would add them.
	void useRules(const std::map<std::string, int>& kExtraDefines)
	{
		TempDefines kTemp(kExtraDefines);
		m_kLoaded = kTemp.load();
		fillGlobalsFrom(m_kLoaded, {});
	}

	// A random map (no sight yet): water, flat, hills and peaks, forest on some land.
	void newMap(int iWidth, int iHeight, bool bWrapX, bool bWrapY, unsigned int iSeed)
	{
		GC.getMapINLINE().reset(iWidth, iHeight, bWrapX, bWrapY, NUM_TEAMS, GC.getNumInvisibleInfos());
		m_kRandom.seed(iSeed);
		for (int i = 0; i < GC.getMapINLINE().numPlotsINLINE(); ++i)
		{
			CvPlot& kPlot = *GC.getMapINLINE().plotByIndexINLINE(i);
			const int iRoll = pick(100);
			const PlotTypes eType =
				iRoll < 25 ? PLOT_OCEAN : (iRoll < 80 ? PLOT_LAND : (iRoll < 95 ? PLOT_HILLS : PLOT_PEAK));
			kPlot.setPlotType(eType);
			kPlot.setTerrainType(terrain(eType == PLOT_OCEAN ? "TERRAIN_OCEAN" : "TERRAIN_GRASS"));
			if (eType != PLOT_OCEAN && pick(4) == 0)
			{
				kPlot.setFeatureType(feature("FEATURE_FOREST"));
			}
		}
	}

	// Every plot flat grassland without a feature.
	void flatten()
	{
		for (int i = 0; i < GC.getMapINLINE().numPlotsINLINE(); ++i)
		{
			CvPlot& kPlot = *GC.getMapINLINE().plotByIndexINLINE(i);
			kPlot.setPlotType(PLOT_LAND);
			kPlot.setTerrainType(terrain("TERRAIN_GRASS"));
			kPlot.setFeatureType(NO_FEATURE);
		}
	}

	int pick(int iBelow) { return std::uniform_int_distribution<int>(0, iBelow - 1)(m_kRandom); }
	CvPlot& plot(int iX, int iY) { return *GC.getMapINLINE().plotINLINE(iX, iY); }
	TerrainTypes terrain(const char* sz) { return static_cast<TerrainTypes>(m_kLoaded.kRules.findTerrain(sz)); }
	FeatureTypes feature(const char* sz) { return static_cast<FeatureTypes>(m_kLoaded.kRules.findFeature(sz)); }
	UnitTypes unit(const char* sz) { return static_cast<UnitTypes>(m_kLoaded.kRules.findUnit(sz)); }
	PromotionTypes promotion(const char* sz) { return static_cast<PromotionTypes>(m_kLoaded.kRules.findPromotion(sz)); }
	TechTypes tech(const char* sz) { return static_cast<TechTypes>(m_kLoaded.kRules.findTech(sz)); }
	ImprovementTypes improvement(const char* sz)
	{
		return static_cast<ImprovementTypes>(m_kLoaded.kRules.findImprovement(sz));
	}

	// The host harness's view of the same game: the mock's plot facts, and one engine call
	// per live source, with the rules the host loader read.
	PlotGrid expectedCounts() const
	{
		const CvVisionRules& kRules = m_kLoaded.kRules;
		CvMap& kMap = GC.getMapINLINE();
		PlotGrid kGrid(kMap.getGridWidthINLINE(), kMap.getGridHeightINLINE(), kMap.isWrapXINLINE(),
			kMap.isWrapYINLINE(), NUM_TEAMS, GC.getNumInvisibleInfos(), kRules.kLevels);
		for (int i = 0; i < kMap.numPlotsINLINE(); ++i)
		{
			const CvPlot& kPlot = *kMap.plotByIndexINLINE(i);
			const CvVisionPlotKind eKind = static_cast<CvVisionPlotKind>(kPlot.getPlotType());
			const std::string sFeature =
				kPlot.getFeatureType() == NO_FEATURE ? "" : kRules.aFeatures[kPlot.getFeatureType()].szType;
			const std::string sImprovement = kPlot.getImprovementType() == NO_IMPROVEMENT
				? ""
				: kRules.aImprovements[kPlot.getImprovementType()].szType;
			kGrid.setPlot(kPlot.getX_INLINE(), kPlot.getY_INLINE(),
				plotFacts(kRules, eKind, kRules.aTerrains[kPlot.getTerrainType()].szType, sFeature, sImprovement));
		}
		for (int t = 0; t < NUM_TEAMS; ++t)
		{
			kGrid.setExtraWaterSeeFrom(t, GET_TEAM(static_cast<TeamTypes>(t)).isExtraWaterSeeFrom());
		}
		const VisionSetup kSetup(kRules);
		for (int i = 0; i < kMap.numPlotsINLINE(); ++i)
		{
			const CvPlot& kPlot = *kMap.plotByIndexINLINE(i);
			if (kPlot.getTeam() != NO_TEAM)
			{
				addSource(kSetup, kGrid, kPlot.getX_INLINE(), kPlot.getY_INLINE(), kPlot.getTeam(),
					kRules.iPlotVisibilityRange, nullptr, false);
			}
		}
		for (const CvUnit& kUnit : kMap.units())
		{
			// The mod's unit knobs (extra range, cap) apply to land and sea units.
			const bool bAerial = kUnit.getDomainType() == DOMAIN_AIR;
			const int iPromotions = kUnit.visibilityRange() - kRules.iUnitVisibilityRange;
			addSource(kSetup, kGrid, kUnit.getX_INLINE(), kUnit.getY_INLINE(), kUnit.getTeam(),
				bAerial ? kUnit.visibilityRange() : kRules.unitSightRange(kUnit.getUnitType(), iPromotions), &kUnit,
				bAerial);
			if (kUnit.getReconPlot() != nullptr)
			{
				addSource(kSetup, kGrid, kUnit.getReconPlot()->getX_INLINE(), kUnit.getReconPlot()->getY_INLINE(),
					kUnit.getTeam(), kRules.iReconVisibilityRange, &kUnit, true);
			}
		}
		return kGrid;
	}

	static void addSource(const VisionSetup& kSetup, PlotGrid& kGrid, int iX, int iY, int eTeam, int iRange,
		const CvUnit* pUnit, bool bAerial)
	{
		CvVisionSource kSource(iX, iY, eTeam, iRange, bAerial);
		std::vector<int> aeSee;
		if (pUnit != nullptr)
		{
			for (int i = 0; i < pUnit->getNumSeeInvisibleTypes(); ++i) aeSee.push_back(pUnit->getSeeInvisibleType(i));
			if (!bAerial) kSource.eFacing = pUnit->getFacingDirection(true);
		}
		kSource.paeSeeInvisible = aeSee.empty() ? nullptr : aeSee.data();
		kSource.iNumSeeInvisible = static_cast<int>(aeSee.size());
		ASSERT_EQ(CV_VISION_OK, kSetup.engine().changeAdjacentSight(kGrid, kGrid, kSource, 1));
	}

	// Every count of every plot, team and invisible type equals the harness's.
	// iSteps random changes of plot types, forests and unit positions on the whole map.
	void changeAtRandom(const std::vector<CvUnit*>& apUnits, int iSteps)
	{
		const int iWidth = GC.getMapINLINE().getGridWidthINLINE();
		const int iHeight = GC.getMapINLINE().getGridHeightINLINE();
		for (int iStep = 0; iStep < iSteps; ++iStep)
		{
			CvPlot& kPlot = plot(pick(iWidth), pick(iHeight));
			switch (pick(3))
			{
			case 0: kPlot.setPlotType(static_cast<PlotTypes>(pick(NUM_PLOT_TYPES))); break;
			case 1:
				kPlot.setFeatureType(kPlot.getFeatureType() == NO_FEATURE ? feature("FEATURE_FOREST") : NO_FEATURE);
				break;
			default: apUnits[pick(static_cast<int>(apUnits.size()))]->setXY(pick(iWidth), pick(iHeight)); break;
			}
		}
	}

	void expectCountsMatch(const std::string& sStep)
	{
		const PlotGrid kExpected = expectedCounts();
		CvMap& kMap = GC.getMapINLINE();
		int iMismatches = 0;
		for (int i = 0; i < kMap.numPlotsINLINE() && iMismatches < 5; ++i)
		{
			const CvPlot& kPlot = *kMap.plotByIndexINLINE(i);
			const int iX = kPlot.getX_INLINE();
			const int iY = kPlot.getY_INLINE();
			for (int t = 0; t < NUM_TEAMS; ++t)
			{
				const TeamTypes eTeam = static_cast<TeamTypes>(t);
				bool bSame = kPlot.getVisibilityCount(eTeam) == kExpected.visibilityCount(t, iX, iY);
				for (int e = 0; e < GC.getNumInvisibleInfos(); ++e)
				{
					bSame = bSame
						&& kPlot.getInvisibleVisibilityCount(eTeam, static_cast<InvisibleTypes>(e))
							== kExpected.invisibleCount(t, e, iX, iY);
				}
				if (!bSame)
				{
					++iMismatches;
					ADD_FAILURE() << sStep << ": plot (" << iX << "," << iY << ") team " << t << ": game "
								  << kPlot.getVisibilityCount(eTeam) << ", engine "
								  << kExpected.visibilityCount(t, iX, iY);
				}
			}
			EXPECT_FALSE(kPlot.wentNegative()) << sStep << ": (" << iX << "," << iY << ")";
		}
	}

	void expectAllCountsZero()
	{
		CvMap& kMap = GC.getMapINLINE();
		for (int i = 0; i < kMap.numPlotsINLINE(); ++i)
		{
			for (int t = 0; t < NUM_TEAMS; ++t)
			{
				ASSERT_EQ(0, kMap.plotByIndexINLINE(i)->getVisibilityCount(static_cast<TeamTypes>(t))) << "plot " << i;
			}
		}
	}

	// A mod folder holding one CvVision_GlobalDefines.xml, over the project's vanilla XML.
	class TempDefines
	{
	public:
		explicit TempDefines(const std::map<std::string, int>& kDefines) : m_kDefines(kDefines) {}
		LoadedRules load() const
		{
			if (m_kDefines.empty())
			{
				return loadVisionRules({ bundledVanillaAssets() });
			}
			const std::filesystem::path kRoot =
				std::filesystem::temp_directory_path() / ("cvvision-sdk-" + std::to_string(std::random_device()()));
			std::filesystem::create_directories(kRoot / "XML");
			{
				std::ofstream kOut(kRoot / "XML" / "CvVision_GlobalDefines.xml");
				kOut << "<?xml version=\"1.0\"?>\n<Civ4Defines>\n";
				for (const auto& [sName, iValue] : m_kDefines)
					kOut << "<Define><DefineName>" << sName << "</DefineName><iDefineIntVal>" << iValue
						 << "</iDefineIntVal></Define>\n";
				kOut << "</Civ4Defines>\n";
			}
			LoadedRules kLoaded = loadVisionRules({ kRoot, bundledVanillaAssets() });
			std::filesystem::remove_all(kRoot);
			return kLoaded;
		}

	private:
		std::map<std::string, int> m_kDefines;
	};

	LoadedRules m_kLoaded;
	std::mt19937 m_kRandom;
};
}

TEST_F(SdkAdapter, RulesReadFromTheGameEqualTheHostLoaders)
{
	const CvVisionRules& kGame = CvVisionSdk::rules();
	const CvVisionRules& kHost = m_kLoaded.kRules;
	EXPECT_EQ(kHost.iPlotVisibilityRange, kGame.iPlotVisibilityRange);
	EXPECT_EQ(kHost.iUnitVisibilityRange, kGame.iUnitVisibilityRange);
	EXPECT_EQ(kHost.iReconVisibilityRange, kGame.iReconVisibilityRange);
	EXPECT_EQ(kHost.kLevels.iPeakSeeFromChange, kGame.kLevels.iPeakSeeFromChange);
	EXPECT_EQ(kHost.kLevels.iHillsSeeThroughChange, kGame.kLevels.iHillsSeeThroughChange);
	for (int i = 0; i < CV_VISION_NUM_KNOBS; ++i)
	{
		EXPECT_EQ(kHost.knob(static_cast<CvVisionKnob>(i)), kGame.knob(static_cast<CvVisionKnob>(i)))
			<< cvVisionKnobInfo(i).szDefine;
	}
	ASSERT_EQ(kHost.aTerrains.size(), kGame.aTerrains.size());
	for (size_t i = 0; i < kHost.aTerrains.size(); ++i)
	{
		EXPECT_EQ(kHost.aTerrains[i].szType, kGame.aTerrains[i].szType);
		EXPECT_EQ(kHost.aTerrains[i].iSeeFrom, kGame.aTerrains[i].iSeeFrom);
		EXPECT_EQ(kHost.aTerrains[i].iSeeThrough, kGame.aTerrains[i].iSeeThrough);
	}
	ASSERT_EQ(kHost.aUnits.size(), kGame.aUnits.size());
	for (size_t i = 0; i < kHost.aUnits.size(); ++i)
	{
		EXPECT_EQ(kHost.aUnits[i].eDomain, kGame.aUnits[i].eDomain) << kHost.aUnits[i].szType;
		EXPECT_EQ(kHost.aUnits[i].aeSeeInvisible, kGame.aUnits[i].aeSeeInvisible) << kHost.aUnits[i].szType;
	}
}

TEST_F(SdkAdapter, ResightRadiusIsTheLargestPossibleGroundRangePlusTheOuterRing)
{
	EXPECT_EQ(3, CvVisionSdk::resightRadius()) << "vanilla: unit 1 + Sentry 1 + outer ring 1 (BTS re-sights 6)";
	useRules({ { "CVVISION_EXTRA_RANGE_UNIT_SCOUT", 2 } });
	EXPECT_EQ(5, CvVisionSdk::resightRadius());
	useRules({ { "CVVISION_EXTRA_RANGE_UNIT_SCOUT", 2 }, { "CVVISION_MAX_SIGHT_RANGE", 2 } });
	EXPECT_EQ(3, CvVisionSdk::resightRadius());
	useRules({ { "CVVISION_OUTER_RING", 0 } });
	EXPECT_EQ(2, CvVisionSdk::resightRadius());
}

TEST_F(SdkAdapter, LevelsThroughCvPlotEqualTheHarness)
{
	newMap(20, 14, true, false, 7);
	plot(3, 3).setImprovementType(improvement("IMPROVEMENT_FORT"));
	GET_TEAM(static_cast<TeamTypes>(1)).setHasTech(tech("TECH_OPTICS"), true);
	const PlotGrid kExpected = expectedCounts();
	for (int i = 0; i < GC.getMapINLINE().numPlotsINLINE(); ++i)
	{
		const CvPlot& kPlot = *GC.getMapINLINE().plotByIndexINLINE(i);
		EXPECT_EQ(kExpected.seeThroughLevel(i), kPlot.seeThroughLevel()) << i;
		for (int t = 0; t < NUM_TEAMS; ++t)
		{
			EXPECT_EQ(kExpected.seeFromLevel(i, t), kPlot.seeFromLevel(static_cast<TeamTypes>(t))) << i;
		}
	}
}

TEST_F(SdkAdapter, GameScenarioKeepsEveryCountEqualToTheEngine)
{
	newMap(24, 16, true, false, 11);
	CvUnit* pWarrior = GC.getMapINLINE().createUnit(unit("UNIT_WARRIOR"), static_cast<TeamTypes>(0), 5, 5);
	CvUnit* pScout = GC.getMapINLINE().createUnit(unit("UNIT_SCOUT"), static_cast<TeamTypes>(1), 7, 6);
	CvUnit* pDestroyer = GC.getMapINLINE().createUnit(unit("UNIT_DESTROYER"), static_cast<TeamTypes>(1), 1, 1);
	CvUnit* pFighter = GC.getMapINLINE().createUnit(unit("UNIT_FIGHTER"), static_cast<TeamTypes>(2), 12, 8);
	plot(6, 5).setOwnerTeam(static_cast<TeamTypes>(0));
	plot(23, 0).setOwnerTeam(static_cast<TeamTypes>(2));
	expectCountsMatch("units created, plots owned");

	for (int iStep = 0; iStep < 12; ++iStep)
	{
		pWarrior->setXY((pWarrior->getX_INLINE() + 1) % 24, 5 + iStep % 3);
	}
	expectCountsMatch("the warrior walked across the seam");

	pScout->setHasPromotion(promotion("PROMOTION_SENTRY"), true);
	expectCountsMatch("the scout got Sentry");
	plot(8, 6).setFeatureType(NO_FEATURE);
	plot(9, 6).setFeatureType(feature("FEATURE_FOREST"));
	expectCountsMatch("a forest cut and one planted beside the scout");
	plot(10, 6).setPlotType(PLOT_HILLS);
	plot(4, 9).setPlotType(PLOT_PEAK);
	expectCountsMatch("hills and a peak raised");
	pScout->setHasPromotion(promotion("PROMOTION_SENTRY"), false);
	expectCountsMatch("the scout lost Sentry");

	GET_TEAM(static_cast<TeamTypes>(1)).setHasTech(tech("TECH_OPTICS"), true);
	expectCountsMatch("team 1 learnt Optics (its destroyer at sea)");
	pFighter->setReconPlot(&plot(20, 12));
	expectCountsMatch("a recon mission");
	pFighter->setReconPlot(nullptr);
	pDestroyer->setXY(2, 2);
	expectCountsMatch("recon over, the destroyer moved");

	GC.getMapINLINE().killUnit(pWarrior);
	GC.getMapINLINE().killUnit(pScout);
	GC.getMapINLINE().killUnit(pDestroyer);
	GC.getMapINLINE().killUnit(pFighter);
	plot(6, 5).setOwnerTeam(NO_TEAM);
	plot(23, 0).setOwnerTeam(NO_TEAM);
	expectAllCountsZero();
}

TEST_F(SdkAdapter, RandomLevelChangesAmongManyUnitsNeverDrift)
{
	// Every unit type, Sentry on some, terrain changing all around them: a re-sight radius too
	// small would leave counts behind.
	newMap(30, 20, true, true, 23);
	std::vector<CvUnit*> apUnits;
	for (int i = 0; i < 40; ++i)
	{
		const UnitTypes eType = static_cast<UnitTypes>(pick(GC.getNumUnitInfos()));
		apUnits.push_back(
			GC.getMapINLINE().createUnit(eType, static_cast<TeamTypes>(pick(NUM_TEAMS)), pick(30), pick(20)));
		if (pick(3) == 0)
		{
			apUnits.back()->setHasPromotion(promotion("PROMOTION_SENTRY"), true);
		}
	}
	changeAtRandom(apUnits, 200);
	expectCountsMatch("200 random changes");
	for (CvUnit* pUnit : apUnits)
	{
		GC.getMapINLINE().killUnit(pUnit);
	}
	expectAllCountsZero();
}

TEST_F(SdkAdapter, WithTheArmedLedgerALevelChangeResightsOnlyTheSightsItAlters)
{
	for (int bLedger = 0; bLedger <= 1; ++bLedger)
	{
		useRules({ { "CVVISION_LEDGER", bLedger } });
		newMap(24, 16, true, false, 11);
		CvUnit* pScout = GC.getMapINLINE().createUnit(unit("UNIT_SCOUT"), static_cast<TeamTypes>(1), 7, 6);
		EXPECT_EQ(0, CvVisionSdk::onGameLoaded());
		const auto changesWithUnit = [] {
			int iSum = 0;
			for (int i = 0; i < GC.getMapINLINE().numPlotsINLINE(); ++i)
			{
				iSum += GC.getMapINLINE().plotByIndexINLINE(i)->visibilityChangesWithUnit();
			}
			return iSum;
		};
		// Three plots away: inside the re-sight radius, outside the scout's ring of two.
		const int iBefore = changesWithUnit();
		plot(10, 6).setFeatureType(feature("FEATURE_FOREST"));
		if (bLedger)
		{
			EXPECT_EQ(iBefore, changesWithUnit()) << "the scout's sight cannot change: no count changes";
		}
		else
		{
			EXPECT_GT(changesWithUnit(), iBefore) << "BTS takes the scout's sight off and puts it back";
		}
		// Next to it: the forest hides what lies behind it.
		plot(8, 6).setFeatureType(feature("FEATURE_FOREST"));
		expectCountsMatch(bLedger ? "ledger" : "bts");
		plot(8, 6).setFeatureType(NO_FEATURE);
		plot(7, 6).setPlotType(PLOT_HILLS);
		expectCountsMatch(bLedger ? "ledger, the scout on a hill" : "bts, the scout on a hill");
		GC.getMapINLINE().killUnit(pScout);
		expectAllCountsZero();
	}
}

TEST_F(SdkAdapter, WithTheArmedLedgerRandomLevelChangesAmongManyUnitsNeverDrift)
{
	useRules({ { "CVVISION_LEDGER", 1 } });
	newMap(30, 20, true, true, 23);
	std::vector<CvUnit*> apUnits;
	for (int i = 0; i < 40; ++i)
	{
		const UnitTypes eType = static_cast<UnitTypes>(pick(GC.getNumUnitInfos()));
		apUnits.push_back(
			GC.getMapINLINE().createUnit(eType, static_cast<TeamTypes>(pick(NUM_TEAMS)), pick(30), pick(20)));
	}
	EXPECT_EQ(0, CvVisionSdk::onGameLoaded()) << "rebuilds and arms the ledger";
	changeAtRandom(apUnits, 200);
	expectCountsMatch("200 random changes with the ledger");
	for (CvUnit* pUnit : apUnits)
	{
		GC.getMapINLINE().killUnit(pUnit);
	}
	expectAllCountsZero();
}

// The rules file sdk-integrate writes (CvVisionSightRules.cpp) holds BTS's rule: one pass per
// see-invisible type or one plain pass, the game's range for every pass, aerial for air units,
// the facing of line-of-sight ground units only.
TEST_F(SdkAdapter, TheDefaultRulePointsGiveBtsPasses)
{
	// BTS's stealth destroyer sees one invisible type; a mod's that sees both gives two passes.
	std::vector<int>& aeSees = m_kLoaded.kRules.aUnits.at(size_t(unit("UNIT_STEALTH_DESTROYER"))).aeSeeInvisible;
	ASSERT_EQ(1u, aeSees.size());
	aeSees = { 0, 1 };
	fillGlobalsFrom(m_kLoaded, {});
	newMap(12, 12, false, false, 3);
	std::vector<CvVisionSightPass> aPasses;
	CvVisionSightRules::passes(plot(3, 3), static_cast<TeamTypes>(1), 2, nullptr, aPasses);
	ASSERT_EQ(1u, aPasses.size()) << "a plot's sight";
	EXPECT_EQ(NO_INVISIBLE, aPasses[0].eInvisible);
	EXPECT_EQ(2, aPasses[0].iRange);
	EXPECT_FALSE(aPasses[0].bAerial);
	EXPECT_EQ(NO_DIRECTION, aPasses[0].eFacing);

	CvUnit* pStealth = GC.getMapINLINE().createUnit(unit("UNIT_STEALTH_DESTROYER"), static_cast<TeamTypes>(0), 4, 4);
	CvVisionSightRules::passes(plot(4, 4), static_cast<TeamTypes>(0), 3, pStealth, aPasses);
	ASSERT_EQ(2u, aPasses.size()) << "one pass per see-invisible type, no plain one";
	for (int i = 0; i < 2; ++i)
	{
		EXPECT_EQ(pStealth->getSeeInvisibleType(i), aPasses[i].eInvisible);
		EXPECT_EQ(3, aPasses[i].iRange);
		EXPECT_FALSE(aPasses[i].bAerial);
	}

	CvUnit* pFighter = GC.getMapINLINE().createUnit(unit("UNIT_FIGHTER"), static_cast<TeamTypes>(0), 6, 6);
	pFighter->setHasPromotion(promotion("PROMOTION_SENTRY"), true);
	CvVisionSightRules::passes(plot(6, 6), static_cast<TeamTypes>(0), 2, pFighter, aPasses);
	ASSERT_EQ(1u, aPasses.size());
	EXPECT_TRUE(aPasses[0].bAerial);
	EXPECT_EQ(2, aPasses[0].iRange) << "BTS: no extra range for air units' promotions";
	EXPECT_EQ(0, CvVisionSightRules::maxGroundRangeChange());
}

TEST_F(SdkAdapter, ModKnobsReachTheGame)
{
	useRules({ { "CVVISION_EXTRA_RANGE_UNIT_SCOUT", 1 }, { "CVVISION_SEE_FROM_IMPROVEMENT_FORT", 1 } });
	newMap(16, 16, false, false, 5);
	plot(4, 4).setImprovementType(improvement("IMPROVEMENT_FORT"));
	GC.getMapINLINE().createUnit(unit("UNIT_SCOUT"), static_cast<TeamTypes>(0), 8, 8);
	GC.getMapINLINE().createUnit(unit("UNIT_WARRIOR"), static_cast<TeamTypes>(1), 4, 4);
	expectCountsMatch("a scout with extra range, a warrior in a fort");
	EXPECT_EQ(1, CvVisionSdk::rules().improvementSeeFrom(improvement("IMPROVEMENT_FORT")));
	EXPECT_EQ(1, CvVisionSdk::rules().aUnits[unit("UNIT_SCOUT")].iExtraRange);
}

TEST_F(SdkAdapter, TheSightModelKnobReachesTheGameAndNeverDrifts)
{
	for (const int eModel : { CV_VISION_SIGHT_PERMISSIVE, CV_VISION_SIGHT_SYMMETRIC })
	{
		useRules({ { "CVVISION_SIGHT_MODEL", eModel } });
		EXPECT_EQ(eModel, CvVisionSdk::rules().knob(CV_VISION_KNOB_SIGHT_MODEL));
		newMap(24, 18, true, false, 31 + eModel);
		std::vector<CvUnit*> apUnits;
		for (int i = 0; i < 20; ++i)
		{
			apUnits.push_back(GC.getMapINLINE().createUnit(static_cast<UnitTypes>(pick(GC.getNumUnitInfos())),
				static_cast<TeamTypes>(pick(NUM_TEAMS)), pick(24), pick(18)));
		}
		plot(6, 5).setOwnerTeam(static_cast<TeamTypes>(0));
		expectCountsMatch("units created under the sight model");
		changeAtRandom(apUnits, 80);
		expectCountsMatch("80 random changes under the sight model");
		for (CvUnit* pUnit : apUnits)
		{
			GC.getMapINLINE().killUnit(pUnit);
		}
		plot(6, 5).setOwnerTeam(NO_TEAM);
		expectAllCountsZero();
	}
}

TEST_F(SdkAdapter, CanSeeFunctionsAgreeWithTheSightTheyDescribe)
{
	newMap(18, 18, true, false, 3);
	const CvVisionRules& kRules = CvVisionSdk::rules();
	for (int iCase = 0; iCase < 60; ++iCase)
	{
		CvPlot& kFrom = plot(pick(18), pick(18));
		const TeamTypes eTeam = static_cast<TeamTypes>(pick(NUM_TEAMS));
		const int iRange = pick(4);
		std::vector<int> aiSeen((2 * iRange + 3) * (2 * iRange + 3));
		const int iCount = CvVisionSdk::seenPlots(
			kFrom.getX_INLINE(), kFrom.getY_INLINE(), eTeam, iRange, false, NO_DIRECTION, aiSeen.data());
		ASSERT_GE(iCount, 0);
		aiSeen.resize(iCount);
		const int iRing = iRange + 1;
		for (int iDX = -iRing; iDX <= iRing; ++iDX)
		{
			for (int iDY = -iRing; iDY <= iRing; ++iDY)
			{
				const int iX = cvVisionWrapCoord(kFrom.getX_INLINE() + iDX, 18, true);
				const int iY = cvVisionWrapCoord(kFrom.getY_INLINE() + iDY, 18, false);
				if (iX < 0 || iY < 0)
				{
					continue;
				}
				const bool bSeen = std::find(aiSeen.begin(), aiSeen.end(), iY * 18 + iX) != aiSeen.end();
				const bool bOuter = std::abs(iDX) == iRing || std::abs(iDY) == iRing;
				EXPECT_EQ(bSeen, kFrom.canSeePlot(&plot(iX, iY), eTeam, iRange, NO_DIRECTION)) << iDX << "," << iDY;
				EXPECT_EQ(bSeen, kFrom.canSeeDisplacementPlot(eTeam, iDX, iDY, iDX, iDY, true, bOuter))
					<< iDX << "," << iDY;
				// The recursion's step (BTS calls it on each tied predecessor with both flags false):
				// an inner visible(d) = some tied predecessor lets light through.
				if ((iDX != 0 || iDY != 0) && !bOuter)
				{
					int aiPX[2], aiPY[2];
					const int iPreds = cvVisionTiedPredecessors(iDX, iDY, aiPX, aiPY);
					bool bAny = false;
					for (int p = 0; p < iPreds; ++p)
					{
						bAny = bAny || kFrom.canSeeDisplacementPlot(eTeam, aiPX[p], aiPY[p], iDX, iDY, false, false);
					}
					EXPECT_EQ(bSeen, bAny) << iDX << "," << iDY;
				}
			}
		}
	}
	for (int e = NO_DIRECTION; e < NUM_DIRECTION_TYPES; ++e)
	{
		EXPECT_EQ(cvVisionFacingAllows(2, 1, e, kRules.iFacingFarSpread, kRules.iFacingNearSpread),
			plot(0, 0).shouldProcessDisplacementPlot(2, 1, 3, static_cast<DirectionTypes>(e)));
	}
}

TEST_F(SdkAdapter, CanSeeDisplacementPlotAnswersAsBtsForEveryArgument)
{
	// The case: 5x1 grassland, hills at (2,0), viewer at (0,0), d = (1,0), first plot
	// false and outer ring true: BTS's outer test of (1,0) itself, false.
	GC.getMapINLINE().reset(5, 1, false, false, NUM_TEAMS, GC.getNumInvisibleInfos());
	for (int i = 0; i < 5; ++i)
	{
		plot(i, 0).setPlotType(i == 2 ? PLOT_HILLS : PLOT_LAND);
		plot(i, 0).setTerrainType(terrain("TERRAIN_GRASS"));
	}
	const TeamTypes eZero = static_cast<TeamTypes>(0);
	EXPECT_FALSE(plot(0, 0).canSeeDisplacementPlot(eZero, 1, 0, 1, 0, false, true));
	EXPECT_TRUE(plot(0, 0).canSeeDisplacementPlot(eZero, 0, 0, 0, 0, true, true)) << "d = (0,0): BTS's base case";

	// Random maps, wrapping or not, as narrow as 1; displacements up to twice round an axis;
	// every pair of flags. Each answer against the reference recursion (tests/engine/ReferenceVision.h) on
	// the harness's levels.
	int iQueries = 0, iFirstFalseOuter = 0, iPastHalfAWrap = 0, iZero = 0;
	for (int iMap = 0; iMap < 300; ++iMap)
	{
		const int iWidth = 1 + pick(14);
		const int iHeight = 1 + pick(14);
		const bool bWrapX = pick(2) == 0;
		const bool bWrapY = pick(2) == 0;
		newMap(iWidth, iHeight, bWrapX, bWrapY, 1000u + iMap);
		GET_TEAM(static_cast<TeamTypes>(1)).setHasTech(tech("TECH_OPTICS"), iMap % 2 == 0);
		const PlotGrid kGrid = expectedCounts();
		for (int iQuery = 0; iQuery < 1000; ++iQuery)
		{
			const int iX = pick(iWidth);
			const int iY = pick(iHeight);
			const TeamTypes eTeam = static_cast<TeamTypes>(pick(NUM_TEAMS));
			const bool bZero = pick(20) == 0;
			const int iDX = bZero ? 0 : pick(4 * iWidth + 5) - (2 * iWidth + 2);
			const int iDY = bZero ? 0 : pick(4 * iHeight + 5) - (2 * iHeight + 2);
			const bool bFirst = pick(2) == 0;
			const bool bOuter = pick(2) == 0;
			const bool bGame =
				plot(iX, iY).canSeeDisplacementPlot(eTeam, iDX, iDY, pick(9) - 4, pick(9) - 4, bFirst, bOuter);
			ASSERT_EQ(referenceCanSeeDisplacementPlot(kGrid, iX, iY, eTeam, iDX, iDY, bFirst, bOuter), bGame)
				<< iWidth << "x" << iHeight << " wrap " << bWrapX << bWrapY << " from (" << iX << "," << iY << ") d ("
				<< iDX << "," << iDY << ") first " << bFirst << " outer " << bOuter;
			++iQueries;
			iFirstFalseOuter += !bFirst && bOuter;
			iPastHalfAWrap += (bWrapX && 2 * std::abs(iDX) > iWidth) || (bWrapY && 2 * std::abs(iDY) > iHeight);
			iZero += bZero;
		}
	}
	std::printf("canSeeDisplacementPlot through the mock: %d queries (%d first false and outer, %d past half a "
				"wrapping axis, %d at d = (0,0)), 0 differences\n",
		iQueries, iFirstFalseOuter, iPastHalfAWrap, iZero);
}

TEST_F(SdkAdapter, RangesBeyondTheTableAndNegativeOnesCountAsBts)
{
	// No cap by default: CvPlot::changeAdjacentSight with any range changes the counts BTS's loops
	// change, in BTS's order (checked here on the counts; the order in the engine's tests).
	newMap(70, 30, true, false, 5);
	const PlotGrid kLevels = expectedCounts();
	const int aiRanges[] = { -3, -2, -1, 0, 32, 33, 40, 64 };
	for (int r = 0; r < 8; ++r)
	{
		const int iRange = aiRanges[r];
		const TeamTypes eTeam = static_cast<TeamTypes>(r % NUM_TEAMS);
		plot(35, 12).changeAdjacentSight(eTeam, iRange, true, nullptr, false);
		PlotGrid kExpected = kLevels;
		referenceChangeAdjacentSight(kExpected, kExpected, CvVisionSource(35, 12, eTeam, iRange), 1, true);
		int iSeen = 0;
		for (int i = 0; i < GC.getMapINLINE().numPlotsINLINE(); ++i)
		{
			const CvPlot& kPlot = *GC.getMapINLINE().plotByIndexINLINE(i);
			ASSERT_EQ(kExpected.visibilityCount(eTeam, kPlot.getX_INLINE(), kPlot.getY_INLINE()),
				kPlot.getVisibilityCount(eTeam))
				<< "range " << iRange << " plot " << i;
			iSeen += kPlot.getVisibilityCount(eTeam) > 0;
		}
		if (iRange == -1)
		{
			EXPECT_EQ(1, iSeen) << "range -1: the own plot";
		}
		if (iRange < -1)
		{
			EXPECT_EQ(0, iSeen);
		}
		plot(35, 12).changeAdjacentSight(eTeam, iRange, false, nullptr, false);
		expectAllCountsZero();
	}
	// On flat land: range 40 sees its 81x81 square (the old clamp to 32 saw 65x65).
	newMap(120, 100, false, false, 5);
	flatten();
	plot(60, 50).changeAdjacentSight(static_cast<TeamTypes>(0), 40, true, nullptr, false);
	int iFlatSeen = 0;
	for (int i = 0; i < GC.getMapINLINE().numPlotsINLINE(); ++i)
	{
		iFlatSeen += GC.getMapINLINE().plotByIndexINLINE(i)->getVisibilityCount(static_cast<TeamTypes>(0)) > 0;
	}
	EXPECT_EQ(81 * 81, iFlatSeen);
	plot(60, 50).changeAdjacentSight(static_cast<TeamTypes>(0), 40, false, nullptr, false);
	expectAllCountsZero();
	// A unit whose total range passes the table (extra range 32 + 1 + Sentry) and one below 0.
	useRules({ { "CVVISION_EXTRA_RANGE_UNIT_SCOUT", 32 }, { "CVVISION_EXTRA_RANGE_UNIT_WARRIOR", -2 } });
	newMap(100, 90, true, false, 6);
	flatten();
	CvUnit* pScout = GC.getMapINLINE().createUnit(unit("UNIT_SCOUT"), static_cast<TeamTypes>(0), 45, 40);
	pScout->setHasPromotion(promotion("PROMOTION_SENTRY"), true);
	CvUnit* pWarrior = GC.getMapINLINE().createUnit(unit("UNIT_WARRIOR"), static_cast<TeamTypes>(1), 10, 10);
	const PlotGrid kUnits = expectedCounts();
	int iScoutSees = 0;
	for (int i = 0; i < GC.getMapINLINE().numPlotsINLINE(); ++i)
	{
		const CvPlot& kPlot = *GC.getMapINLINE().plotByIndexINLINE(i);
		for (int t = 0; t < NUM_TEAMS; ++t)
		{
			ASSERT_EQ(kUnits.visibilityCount(t, kPlot.getX_INLINE(), kPlot.getY_INLINE()),
				kPlot.getVisibilityCount(static_cast<TeamTypes>(t)))
				<< i;
		}
		iScoutSees += kPlot.getVisibilityCount(static_cast<TeamTypes>(0)) > 0;
		if (&kPlot != pWarrior->plot())
		{
			EXPECT_EQ(0, kPlot.getVisibilityCount(static_cast<TeamTypes>(1))) << "the warrior's range is -1";
		}
	}
	EXPECT_EQ(1, pWarrior->plot()->getVisibilityCount(static_cast<TeamTypes>(1)));
	EXPECT_EQ(69 * 69, iScoutSees) << "range 34 on flat land: beyond the table";
}

TEST_F(SdkAdapter, AuditFindsDamagedCountsAndRepairSetsThemRight)
{
	newMap(20, 12, true, false, 17);
	GC.getMapINLINE().createUnit(unit("UNIT_DESTROYER"), static_cast<TeamTypes>(0), 3, 3);
	GC.getMapINLINE().createUnit(unit("UNIT_WARRIOR"), static_cast<TeamTypes>(1), 10, 6);
	plot(12, 6).setOwnerTeam(static_cast<TeamTypes>(2));
	EXPECT_EQ(0, CvVisionSdk::auditSight(false, nullptr)) << "an undamaged game";
	expectCountsMatch("the audit changed nothing");

	// As a save written by a leaky DLL would have them.
	plot(3, 4).changeVisibilityCount(static_cast<TeamTypes>(0), 2, NO_INVISIBLE, false);
	plot(3, 2).changeInvisibleVisibilityCount(static_cast<TeamTypes>(0), static_cast<InvisibleTypes>(0), -1);
	plot(19, 11).changeVisibilityCount(static_cast<TeamTypes>(2), 1, NO_INVISIBLE, false);
	std::vector<CvVisionCountDifference> aFound;
	EXPECT_EQ(3, CvVisionSdk::auditSight(false, &aFound));
	ASSERT_EQ(3u, aFound.size());
	const int iWidth = 20;
	EXPECT_EQ(2 * iWidth + 3, aFound[0].iPlot);
	EXPECT_EQ(0, aFound[0].eInvisible);
	EXPECT_EQ(0, aFound[0].iStored);
	EXPECT_EQ(1, aFound[0].iExpected);
	EXPECT_EQ(4 * iWidth + 3, aFound[1].iPlot);
	EXPECT_EQ(-1, aFound[1].eInvisible);
	EXPECT_EQ(aFound[1].iExpected + 2, aFound[1].iStored);
	EXPECT_EQ(11 * iWidth + 19, aFound[2].iPlot);
	EXPECT_EQ(2, aFound[2].eTeam);

	// The knob, as the mod's XML would set it (the game keeps its map).
	const auto setAuditOnLoad = [](int iMode) {
		GC.m_kDefines.SetValue("CVVISION_AUDIT_ON_LOAD", iMode);
		CvVisionSdk::resetRules();
	};
	setAuditOnLoad(0);
	EXPECT_EQ(0, CvVisionSdk::onGameLoaded()) << "0 (BTS): nothing";
	setAuditOnLoad(1);
	EXPECT_EQ(3, CvVisionSdk::onGameLoaded()) << "1: report only";
	EXPECT_EQ(3, CvVisionSdk::auditSight(false, nullptr));
	setAuditOnLoad(2);
	EXPECT_EQ(3, CvVisionSdk::onGameLoaded()) << "2: repair";
	EXPECT_EQ(0, CvVisionSdk::auditSight(false, nullptr));
	expectCountsMatch("repaired");
}

// The mock's CvPlot::changeVisibilityCount takes the unit as AdvCiv's does (advc.071), so
// sdk-integrate wrote the compatibility header that passes it: every count a unit's sight changes
// is handed that unit, a plot's own sight none.
TEST_F(SdkAdapter, AUnitsSightChangesHandThatUnitToChangeVisibilityCount)
{
	newMap(20, 12, false, false, 23);
	CvUnit* pWarrior = GC.getMapINLINE().createUnit(unit("UNIT_WARRIOR"), static_cast<TeamTypes>(0), 5, 5);
	for (int iX = 4; iX <= 6; ++iX)
	{
		for (int iY = 4; iY <= 6; ++iY)
		{
			EXPECT_EQ(pWarrior, plot(iX, iY).lastVisibilityUnit()) << iX << "," << iY << ": the sight added";
		}
	}
	EXPECT_EQ(0, plot(12, 5).visibilityChangesWithUnit());
	pWarrior->setXY(12, 5);
	EXPECT_EQ(pWarrior, plot(4, 4).lastVisibilityUnit()) << "the sight taken away";
	EXPECT_EQ(2, plot(4, 4).visibilityChangesWithUnit()) << "added once, removed once";
	EXPECT_EQ(pWarrior, plot(13, 6).lastVisibilityUnit()) << "the sight at the new place";
	plot(17, 9).setOwnerTeam(static_cast<TeamTypes>(1));
	EXPECT_EQ(nullptr, plot(17, 9).lastVisibilityUnit()) << "an owned plot's own sight has no unit";
	EXPECT_EQ(1, plot(17, 9).getVisibilityCount(static_cast<TeamTypes>(1)));
	expectCountsMatch("units and plots");
}

namespace {
std::vector<std::pair<int, int>> g_aMeetings; // (the owner's team, the team that sees), in order
void recordMeeting(TeamTypes eTeam, TeamTypes eMet, bool bFirstContact)
{
	if (bFirstContact)
	{
		g_aMeetings.emplace_back(eTeam, eMet);
	}
}
}

// A sight that reveals plots of two teams not yet met meets them in BTS's loop order (dx from
// -ring, then dy), not ring by ring: team 2's hill two to the west comes before team 1's plot one
// to the east (nearer, so first in ring order); with the armed ledger too.
TEST_F(SdkAdapter, ASightMeetsTheOwnersOfThePlotsItRevealsInBtsLoopOrder)
{
	for (int iLedger = 0; iLedger <= 1; ++iLedger)
	{
		useRules({ { "CVVISION_LEDGER", iLedger } });
		newMap(20, 12, false, false, 29);
		flatten();
		plot(6, 5).setOwnerUnsighted(static_cast<TeamTypes>(1));
		plot(3, 5).setPlotType(PLOT_HILLS); // on the outer ring: seen as it is taller
		plot(3, 5).setOwnerUnsighted(static_cast<TeamTypes>(2));
		g_aMeetings.clear();
		CvTeam::s_pfnMeetObserver = recordMeeting;
		GC.getMapINLINE().createUnit(unit("UNIT_WARRIOR"), static_cast<TeamTypes>(0), 5, 5);
		CvTeam::s_pfnMeetObserver = nullptr;
		const std::vector<std::pair<int, int>> aExpected = { { 2, 0 }, { 1, 0 } };
		EXPECT_EQ(aExpected, g_aMeetings) << (iLedger ? "with the ledger" : "without it");
		EXPECT_TRUE(GET_TEAM(static_cast<TeamTypes>(1)).isHasMet(static_cast<TeamTypes>(0)));
		EXPECT_TRUE(GET_TEAM(static_cast<TeamTypes>(0)).isHasMet(static_cast<TeamTypes>(2)));
	}
}

namespace {
// The messages of the adapter's failed assertions (CvVisionSdkAssert.h), through the stand-in's
// hook (cvStandinSetAssertHandler).
std::vector<std::string> g_aszAssertions;
void recordAssertion(const char* /*szExpression*/, const char* szMessage, const char* /*szFile*/, int /*iLine*/)
{
	g_aszAssertions.push_back(szMessage);
}
}

// Every result of the engine and the ledger is checked (docs/into-the-game.md, "Assertions"): a
// sight the engine refuses (a line-of-sight unit facing none of the eight directions, which no
// game makes) fails the assertion with the engine's reason and changes no count, as it is added
// (by the engine, or by the armed ledger), collected by an audit, and taken away.
TEST_F(SdkAdapter, AFailedEngineOrLedgerResultFailsTheAssertion)
{
	const std::string sBadFacing = cvVisionResultText(CV_VISION_BAD_FACING);
	for (int bLedger = 0; bLedger <= 1; ++bLedger)
	{
		useRules({ { "CVVISION_LEDGER", bLedger } });
		newMap(16, 16, false, false, 3);
		flatten();
		GC.m_aUnits[unit("UNIT_SCOUT")].lineOfSight();
		CvVisionSdk::onGameStarted(); // arms the ledger when the knob is on
		EXPECT_EQ(bLedger != 0, CvVisionSdk::isLedgerArmed());
		g_aszAssertions.clear();
		const CvStandinAssertHandler pBefore = cvStandinSetAssertHandler(recordAssertion);
		CvUnit* pScout = GC.getMapINLINE().createUnit(
			unit("UNIT_SCOUT"), static_cast<TeamTypes>(0), 8, 8, static_cast<DirectionTypes>(NUM_DIRECTION_TYPES + 1));
		EXPECT_EQ(1u, g_aszAssertions.size()) << "added";
		EXPECT_EQ(0, CvVisionSdk::auditSight(false, nullptr)) << "nothing was counted, nothing is expected";
		EXPECT_EQ(2u, g_aszAssertions.size()) << "collected by the audit";
		GC.getMapINLINE().killUnit(pScout);
		cvStandinSetAssertHandler(pBefore);
		ASSERT_EQ(3u, g_aszAssertions.size()) << "taken away";
		for (const std::string& sMessage : g_aszAssertions)
		{
			EXPECT_EQ(sBadFacing, sMessage);
		}
		EXPECT_EQ(0, plot(8, 8).getVisibilityCount(static_cast<TeamTypes>(0)));
	}
}

TEST_F(SdkAdapter, WithTheLedgerAMissingBracketCannotLeaveACountWrong)
{
	// A buggy mod plants a forest beside a unit on hills without re-sighting anyone, then the
	// unit walks away. BTS takes away what the unit would see *now* and leaks; the ledger takes
	// away what it added.
	for (int bLedger = 0; bLedger <= 1; ++bLedger)
	{
		useRules({ { "CVVISION_LEDGER", bLedger } });
		newMap(16, 16, false, false, 2);
		for (int i = 0; i < GC.getMapINLINE().numPlotsINLINE(); ++i)
		{
			CvPlot& kPlot = *GC.getMapINLINE().plotByIndexINLINE(i);
			kPlot.setPlotType(PLOT_LAND);
			kPlot.setTerrainType(terrain("TERRAIN_GRASS"));
			kPlot.setFeatureType(NO_FEATURE);
		}
		plot(5, 5).setPlotType(PLOT_HILLS);
		CvUnit* pUnit = GC.getMapINLINE().createUnit(unit("UNIT_WARRIOR"), static_cast<TeamTypes>(0), 5, 5);
		CvVisionSdk::onGameStarted(); // arms the ledger when the knob is on
		plot(6, 5).setFeatureTypeUnbracketed(feature("FEATURE_FOREST"));
		pUnit->setXY(12, 12);
		const int iWrong = CvVisionSdk::auditSight(false, nullptr);
		if (bLedger)
		{
			EXPECT_EQ(0, iWrong) << "the ledger: exact";
			EXPECT_EQ(0, plot(7, 5).getVisibilityCount(static_cast<TeamTypes>(0)));
		}
		else
		{
			EXPECT_EQ(1, iWrong) << "BTS: (7,5) keeps a count no source gives";
			EXPECT_EQ(1, plot(7, 5).getVisibilityCount(static_cast<TeamTypes>(0)));
		}
	}
}

// The adapter's level cache (docs/into-the-game.md, "The level cache") is keyed on each plot's
// facts: a mod that changes a plot without the updateSeeFromSight brackets (or the game's
// setImprovementType, never bracketed) must never get a level from before the change.
TEST_F(SdkAdapter, TheLevelCacheFollowsPlotsChangedWithoutBrackets)
{
	useRules({ { "CVVISION_SEE_FROM_IMPROVEMENT_FORT", 1 } });
	newMap(20, 16, true, false, 5);
	std::vector<CvUnit*> apUnits;
	for (int i = 0; i < 12; ++i)
	{
		const UnitTypes eType = static_cast<UnitTypes>(pick(GC.getNumUnitInfos()));
		apUnits.push_back(
			GC.getMapINLINE().createUnit(eType, static_cast<TeamTypes>(pick(NUM_TEAMS)), pick(20), pick(16)));
	}
	GET_TEAM(static_cast<TeamTypes>(2)).setHasTech(tech("TECH_OPTICS"), true);
	expectCountsMatch("units created: every level near them cached");
	const int aeTerrains[] = { terrain("TERRAIN_GRASS"), terrain("TERRAIN_OCEAN"), terrain("TERRAIN_COAST") };
	for (int iStep = 0; iStep < 60; ++iStep)
	{
		CvPlot& kPlot = plot(pick(20), pick(16));
		switch (pick(3))
		{
		case 0:
			kPlot.setFactsUnbracketed(static_cast<PlotTypes>(pick(NUM_PLOT_TYPES)),
				static_cast<TerrainTypes>(aeTerrains[pick(3)]), pick(2) == 0 ? NO_FEATURE : feature("FEATURE_FOREST"));
			break;
		case 1:
			kPlot.setFeatureTypeUnbracketed(
				kPlot.getFeatureType() == NO_FEATURE ? feature("FEATURE_FOREST") : NO_FEATURE);
			break;
		default:
			kPlot.setImprovementType(
				kPlot.getImprovementType() == NO_IMPROVEMENT ? improvement("IMPROVEMENT_FORT") : NO_IMPROVEMENT);
			break;
		}
		// What a source added now sees: the audit re-adds every source through the cache.
		CvVisionSdk::auditSight(true, nullptr);
		expectCountsMatch("an unbracketed change, then every source re-added, step " + std::to_string(iStep));
		const PlotGrid kExpected = expectedCounts();
		const int iPlot = kPlot.getY_INLINE() * 20 + kPlot.getX_INLINE();
		for (int t = 0; t < NUM_TEAMS; ++t)
		{
			ASSERT_EQ(kExpected.seeFromLevel(iPlot, t), CvVisionSdk::seeFromLevel(kPlot, static_cast<TeamTypes>(t)))
				<< "step " << iStep << " team " << t;
		}
		if (HasFailure())
		{
			return;
		}
	}
}

TEST_F(SdkAdapter, WithTheLedgerUnbracketedChangesAmongMovingUnitsLeaveEveryCountExact)
{
	useRules({ { "CVVISION_LEDGER", 1 } });
	newMap(24, 18, true, false, 9);
	std::vector<CvUnit*> apUnits;
	for (int i = 0; i < 20; ++i)
	{
		const UnitTypes eType = static_cast<UnitTypes>(pick(GC.getNumUnitInfos()));
		apUnits.push_back(
			GC.getMapINLINE().createUnit(eType, static_cast<TeamTypes>(pick(NUM_TEAMS)), pick(24), pick(18)));
	}
	CvVisionSdk::onGameStarted();
	ASSERT_TRUE(CvVisionSdk::isLedgerArmed());
	for (int iStep = 0; iStep < 150; ++iStep)
	{
		CvPlot& kPlot = plot(pick(24), pick(18));
		switch (pick(4))
		{
		case 0:
			kPlot.setFeatureTypeUnbracketed(
				kPlot.getFeatureType() == NO_FEATURE ? feature("FEATURE_FOREST") : NO_FEATURE);
			break;
		case 1:
			kPlot.setFactsUnbracketed(
				static_cast<PlotTypes>(pick(NUM_PLOT_TYPES)), kPlot.getTerrainType(), kPlot.getFeatureType());
			break;
		case 2: kPlot.setPlotType(static_cast<PlotTypes>(pick(NUM_PLOT_TYPES))); break; // bracketed
		default: apUnits[pick(static_cast<int>(apUnits.size()))]->setXY(pick(24), pick(18)); break;
		}
	}
	// Each unit takes back what it added, whatever changed unseen since (no audit before: it
	// would record every source's sight anew).
	for (CvUnit* pUnit : apUnits)
	{
		GC.getMapINLINE().killUnit(pUnit);
	}
	expectAllCountsZero();
	// And a source added now sees the plots as they are.
	CvUnit* pScout = GC.getMapINLINE().createUnit(unit("UNIT_SCOUT"), static_cast<TeamTypes>(0), 12, 9);
	expectCountsMatch("a scout added after the changes");
	GC.getMapINLINE().killUnit(pScout);
	expectAllCountsZero();
}

TEST_F(SdkAdapter, ATechOrADefineChangeReachesTheCachedLevels)
{
	newMap(16, 12, false, false, 3);
	plot(4, 4).setPlotType(PLOT_OCEAN);
	plot(4, 4).setTerrainType(terrain("TERRAIN_OCEAN"));
	plot(8, 8).setPlotType(PLOT_HILLS);
	plot(8, 8).setTerrainType(terrain("TERRAIN_GRASS"));
	CvUnit* pBoat = GC.getMapINLINE().createUnit(unit("UNIT_WORKBOAT"), static_cast<TeamTypes>(1), 4, 4);
	CvUnit* pWarrior = GC.getMapINLINE().createUnit(unit("UNIT_WARRIOR"), static_cast<TeamTypes>(0), 8, 8);
	const int iWaterBefore = CvVisionSdk::seeFromLevel(plot(4, 4), static_cast<TeamTypes>(1));
	GET_TEAM(static_cast<TeamTypes>(1)).setHasTech(tech("TECH_OPTICS"), true);
	EXPECT_EQ(iWaterBefore + 1, CvVisionSdk::seeFromLevel(plot(4, 4), static_cast<TeamTypes>(1))) << "Optics: one more";
	EXPECT_EQ(iWaterBefore, CvVisionSdk::seeFromLevel(plot(4, 4), static_cast<TeamTypes>(0)))
		<< "another team's: unchanged";
	expectCountsMatch("team 1 learnt Optics");

	// A define read again (the XML reloaded): the rules and every cached level with them.
	const int iHillsBefore = CvVisionSdk::seeFromLevel(plot(8, 8), static_cast<TeamTypes>(0));
	m_kLoaded.kRules.kLevels.iHillsSeeFromChange += 2;
	GC.m_kDefines.SetValue("HILLS_SEE_FROM_CHANGE", m_kLoaded.kRules.kLevels.iHillsSeeFromChange);
	CvVisionSdk::resetRules();
	EXPECT_EQ(iHillsBefore + 2, CvVisionSdk::seeFromLevel(plot(8, 8), static_cast<TeamTypes>(0)));
	CvVisionSdk::auditSight(true, nullptr); // the game would re-sight every source after such a change
	expectCountsMatch("HILLS_SEE_FROM_CHANGE raised by 2");
	GC.getMapINLINE().killUnit(pBoat);
	GC.getMapINLINE().killUnit(pWarrior);
	expectAllCountsZero();
}

namespace {
std::vector<int>* g_paiOpticsChangedPlots = nullptr;

void recordOpticsChange(const CvPlot& kPlot, TeamTypes, int, InvisibleTypes)
{
	g_paiOpticsChangedPlots->push_back(
		kPlot.getY_INLINE() * GC.getMapINLINE().getGridWidthINLINE() + kPlot.getX_INLINE());
}
}

// CvTeam::changeExtraWaterSeeFromCount re-sights the whole map; the guard sdk-integrate puts first
// in it (CvVisionSdkSeeFromChange) lets only the sources the change reaches be re-sighted: the
// team's own, on the ground, with water at their origin or on their outer ring. Every count ends
// as a whole-map re-sight leaves it, with the ledger or without, learnt or lost.
TEST_F(SdkAdapter, OpticsResightsOnlyTheSourcesItReaches)
{
	for (int iLedger = 0; iLedger <= 1; ++iLedger)
	{
		useRules({ { "CVVISION_LEDGER", iLedger } });
		newMap(30, 12, true, false, 5);
		flatten();
		for (int iY = 0; iY < 12; ++iY) // a sea in columns 0 to 2
		{
			for (int iX = 0; iX < 3; ++iX)
			{
				plot(iX, iY).setPlotType(PLOT_OCEAN);
				plot(iX, iY).setTerrainType(terrain("TERRAIN_OCEAN"));
			}
		}
		CvUnit* pBoat = GC.getMapINLINE().createUnit(unit("UNIT_WORKBOAT"), static_cast<TeamTypes>(1), 1, 5);
		CvUnit* pInland = GC.getMapINLINE().createUnit(unit("UNIT_WARRIOR"), static_cast<TeamTypes>(1), 15, 5);
		CvUnit* pOtherTeam =
			GC.getMapINLINE().createUnit(unit("UNIT_WARRIOR"), static_cast<TeamTypes>(0), 4, 5); // sees the sea
		plot(20, 8).setOwnerTeam(static_cast<TeamTypes>(1));
		if (iLedger == 1)
		{
			EXPECT_EQ(0, CvVisionSdk::onGameLoaded()) << "arms the ledger";
		}
		for (int iStep = 0; iStep < 2; ++iStep)
		{
			std::vector<int> aiChanged;
			g_paiOpticsChangedPlots = &aiChanged;
			CvPlot::s_pfnVisibilityObserver = recordOpticsChange;
			GET_TEAM(static_cast<TeamTypes>(1)).setHasTech(tech("TECH_OPTICS"), iStep == 0);
			CvPlot::s_pfnVisibilityObserver = nullptr;
			const char* szStep = iStep == 0 ? "team 1 learnt Optics" : "team 1 lost Optics";
			expectCountsMatch(std::string(szStep) + (iLedger ? ", the ledger armed" : ""));
			ASSERT_FALSE(aiChanged.empty()) << szStep << ": the boat, on water, is re-sighted";
			for (int iPlot : aiChanged)
			{
				const int iX = iPlot % 30;
				EXPECT_TRUE(iX <= 3 || iX >= 28) << szStep << ": only the boat's square changes, not plot " << iPlot;
			}
		}
		GC.getMapINLINE().killUnit(pBoat);
		GC.getMapINLINE().killUnit(pInland);
		GC.getMapINLINE().killUnit(pOtherTeam);
		plot(20, 8).setOwnerTeam(NO_TEAM);
		expectAllCountsZero();
	}
}

TEST_F(SdkAdapter, TheArmedLedgerGivesTheSameCountsAsBtsWhenEveryBracketIsThere)
{
	useRules({ { "CVVISION_LEDGER", 1 } });
	newMap(24, 16, true, false, 11);
	CvUnit* pScout = GC.getMapINLINE().createUnit(unit("UNIT_SCOUT"), static_cast<TeamTypes>(1), 7, 6);
	CvUnit* pFighter = GC.getMapINLINE().createUnit(unit("UNIT_FIGHTER"), static_cast<TeamTypes>(2), 12, 8);
	plot(6, 5).setOwnerTeam(static_cast<TeamTypes>(0));
	EXPECT_EQ(0, CvVisionSdk::onGameLoaded()) << "rebuilds and arms the ledger; no audit asked for";
	pScout->setHasPromotion(promotion("PROMOTION_SENTRY"), true);
	plot(8, 6).setFeatureType(feature("FEATURE_FOREST"));
	plot(10, 6).setPlotType(PLOT_HILLS);
	pFighter->setReconPlot(&plot(20, 12));
	pFighter->setReconPlot(nullptr);
	pScout->setXY(15, 3);
	GET_TEAM(static_cast<TeamTypes>(1)).setHasTech(tech("TECH_OPTICS"), true);
	plot(6, 5).setOwnerTeam(static_cast<TeamTypes>(2));
	expectCountsMatch("with the ledger armed");
	GC.getMapINLINE().killUnit(pScout);
	GC.getMapINLINE().killUnit(pFighter);
	plot(6, 5).setOwnerTeam(NO_TEAM);
	expectAllCountsZero();
}

// --- paths (CvVisionSdk::findPath) ----------------------------------------------------------------

namespace {
// The same game in the mock and in the host's world model, changed in step: the host's
// pathfinder query (planPath) on the world model is the reference for the adapter's paths.
class TwinGame
{
public:
	// The world model takes the mock's map as it is now (no sight may exist yet).
	explicit TwinGame(const CvVisionRules& kRules)
		: m_kWorld(kRules, GC.getMapINLINE().getGridWidthINLINE(), GC.getMapINLINE().getGridHeightINLINE(),
			GC.getMapINLINE().isWrapXINLINE(), GC.getMapINLINE().isWrapYINLINE(), NUM_TEAMS)
	{
		CvMap& kMap = GC.getMapINLINE();
		for (int i = 0; i < kMap.numPlotsINLINE(); ++i)
		{
			const CvPlot& kPlot = *kMap.plotByIndexINLINE(i);
			m_kWorld.setPlotKind(i, static_cast<CvVisionPlotKind>(kPlot.getPlotType()));
			m_kWorld.setTerrain(i, kPlot.getTerrainType());
			m_kWorld.setFeature(i, kPlot.getFeatureType());
			m_kWorld.setRoute(i, kPlot.getRouteType());
			EXPECT_EQ(NO_TEAM, kPlot.getTeam()) << "set owners through the twin";
		}
	}

	int index(int iX, int iY) const { return iY * GC.getMapINLINE().getGridWidthINLINE() + iX; }
	void setOwner(int iX, int iY, int eTeam)
	{
		GC.getMapINLINE().plotINLINE(iX, iY)->setOwnerTeam(static_cast<TeamTypes>(eTeam));
		m_kWorld.setOwner(index(iX, iY), eTeam);
	}
	void setRoute(int iX, int iY, int eRoute)
	{
		GC.getMapINLINE().plotINLINE(iX, iY)->setRouteType(static_cast<RouteTypes>(eRoute), true);
		m_kWorld.setRoute(index(iX, iY), eRoute);
	}
	int createUnit(int eType, int eTeam, int iX, int iY)
	{
		m_apUnits.push_back(
			GC.getMapINLINE().createUnit(static_cast<UnitTypes>(eType), static_cast<TeamTypes>(eTeam), iX, iY));
		m_aiIds.push_back(m_kWorld.createUnit(eType, eTeam, iX, iY));
		return static_cast<int>(m_apUnits.size()) - 1;
	}
	void moveUnit(int iUnit, int iX, int iY)
	{
		m_apUnits[iUnit]->setXY(iX, iY);
		m_kWorld.moveUnit(m_aiIds[iUnit], iX, iY);
	}
	const VisionWorld& world() const { return m_kWorld; }

private:
	VisionWorld m_kWorld;
	std::vector<CvUnit*> m_apUnits;
	std::vector<int> m_aiIds;
};

struct GamePath
{
	int iCost;
	bool bReached;
	std::vector<int> aiPlots;
};

GamePath gamePath(int iFromX, int iFromY, int iToX, int iToY, int eTeam, int eUnit, unsigned int uSeed, bool bKnowledge)
{
	GamePath k;
	k.bReached = true; // findPath must set it
	k.iCost = CvVisionSdk::findPath(iFromX, iFromY, iToX, iToY, static_cast<TeamTypes>(eTeam),
		static_cast<UnitTypes>(eUnit), uSeed, bKnowledge, k.aiPlots, &k.bReached);
	return k;
}
}

TEST_F(SdkAdapter, MovementRulesReadFromTheGameEqualTheHostLoaders)
{
	const CvVisionRules& kGame = CvVisionSdk::rules();
	const CvVisionRules& kHost = m_kLoaded.kRules;
	EXPECT_EQ(60, kGame.iMoveDenominator);
	EXPECT_EQ(kHost.iMoveDenominator, kGame.iMoveDenominator);
	EXPECT_EQ(1, kGame.iHillsExtraMovement);
	EXPECT_EQ(kHost.iHillsExtraMovement, kGame.iHillsExtraMovement);
	ASSERT_EQ(kHost.aTerrains.size(), kGame.aTerrains.size());
	for (size_t i = 0; i < kHost.aTerrains.size(); ++i)
	{
		EXPECT_EQ(kHost.aTerrains[i].iMovement, kGame.aTerrains[i].iMovement) << kHost.aTerrains[i].szType;
		EXPECT_EQ(kHost.aTerrains[i].bImpassable, kGame.aTerrains[i].bImpassable) << kHost.aTerrains[i].szType;
	}
	ASSERT_EQ(kHost.aFeatures.size(), kGame.aFeatures.size());
	for (size_t i = 0; i < kHost.aFeatures.size(); ++i)
	{
		EXPECT_EQ(kHost.aFeatures[i].iMovement, kGame.aFeatures[i].iMovement) << kHost.aFeatures[i].szType;
		EXPECT_EQ(kHost.aFeatures[i].bImpassable, kGame.aFeatures[i].bImpassable) << kHost.aFeatures[i].szType;
	}
	EXPECT_EQ(2, kGame.aFeatures[feature("FEATURE_FOREST")].iMovement);
	EXPECT_TRUE(kGame.aFeatures[feature("FEATURE_ICE")].bImpassable);
	ASSERT_EQ(2u, kGame.aRoutes.size());
	ASSERT_EQ(kHost.aRoutes.size(), kGame.aRoutes.size());
	for (size_t i = 0; i < kHost.aRoutes.size(); ++i)
	{
		EXPECT_EQ(kHost.aRoutes[i].szType, kGame.aRoutes[i].szType);
		EXPECT_EQ(kHost.aRoutes[i].iMovement, kGame.aRoutes[i].iMovement) << kHost.aRoutes[i].szType;
		EXPECT_EQ(kHost.aRoutes[i].iFlatMovement, kGame.aRoutes[i].iFlatMovement) << kHost.aRoutes[i].szType;
		EXPECT_EQ(kHost.aRoutes[i].aTechMovementChanges, kGame.aRoutes[i].aTechMovementChanges)
			<< kHost.aRoutes[i].szType;
	}
	const int eRoad = kGame.findRoute("ROUTE_ROAD");
	ASSERT_EQ(1u, kGame.aRoutes[eRoad].aTechMovementChanges.size());
	EXPECT_EQ(
		std::make_pair(static_cast<int>(tech("TECH_ENGINEERING")), -10), kGame.aRoutes[eRoad].aTechMovementChanges[0]);
	for (size_t i = 0; i < kHost.aUnits.size(); ++i)
	{
		EXPECT_EQ(kHost.aUnits[i].iMoves, kGame.aUnits[i].iMoves) << kHost.aUnits[i].szType;
	}
	EXPECT_EQ(2, kGame.aUnits[unit("UNIT_SCOUT")].iMoves);
	EXPECT_EQ(1, kGame.knob(CV_VISION_KNOB_PATH_CLOSED_BORDERS));
	useRules({ { "CVVISION_PATH_UNKNOWN_PLOTS", 1 }, { "CVVISION_PATH_CLOSED_BORDERS", 0 } });
	EXPECT_TRUE(CvVisionSdk::rules().bPathAvoidUnknown);
	EXPECT_FALSE(CvVisionSdk::rules().bPathClosedBorders);
}

TEST_F(SdkAdapter, PathsThroughTheGameEqualTheHostPathfinder)
{
	for (int bAvoidUnknown = 0; bAvoidUnknown <= 1; ++bAvoidUnknown)
	{
		useRules({ { "CVVISION_PATH_UNKNOWN_PLOTS", bAvoidUnknown } });
		const CvVisionRules& kRules = m_kLoaded.kRules;
		newMap(22, 14, true, false, 31 + bAvoidUnknown);
		const int eRoad = kRules.findRoute("ROUTE_ROAD");
		const int eRail = kRules.findRoute("ROUTE_RAILROAD");
		for (int i = 0; i < GC.getMapINLINE().numPlotsINLINE(); ++i)
		{
			CvPlot& kPlot = *GC.getMapINLINE().plotByIndexINLINE(i);
			if (!kPlot.isWater() && kPlot.getPlotType() != PLOT_PEAK && pick(3) == 0)
			{
				kPlot.setRouteType(static_cast<RouteTypes>(pick(4) == 0 ? eRail : eRoad), true);
			}
		}
		TwinGame kTwin(kRules);
		// Territory: team 1 and team 2 (the barbarians) hold blocks; set before any unit exists.
		for (int iX = 9; iX <= 11; ++iX)
			for (int iY = 0; iY < 14; ++iY) kTwin.setOwner(iX, iY, 1);
		for (int iX = 16; iX <= 17; ++iX)
			for (int iY = 3; iY <= 8; ++iY) kTwin.setOwner(iX, iY, 2);
		const int eWarrior = unit("UNIT_WARRIOR");
		const int eScout = unit("UNIT_SCOUT");
		const int eDestroyer = unit("UNIT_DESTROYER");
		kTwin.createUnit(eWarrior, 0, 2, 3);
		const int iScout = kTwin.createUnit(eScout, 0, 6, 9);
		kTwin.createUnit(eWarrior, 1, 14, 6);
		kTwin.createUnit(eDestroyer, 0, 20, 12);
		for (int iStep = 0; iStep < 8; ++iStep)
		{
			kTwin.moveUnit(iScout, (6 + 2 * iStep) % 22, 9 - iStep / 2);
		}
		// Roads built and torn up where team 0 does not look any more.
		kTwin.setRoute(7, 9, eRoad);
		kTwin.setRoute(8, 9, NO_ROUTE);
		kTwin.setRoute(19, 5, eRail);
		GET_TEAM(static_cast<TeamTypes>(0)).setHasTech(tech("TECH_ENGINEERING"), true);

		for (int i = 0; i < GC.getMapINLINE().numPlotsINLINE(); ++i)
		{
			const CvPlot& kPlot = *GC.getMapINLINE().plotByIndexINLINE(i);
			const VisionWorld::PlotState& kState = kTwin.world().state().aPlots[i];
			ASSERT_EQ(kState.eKind, kPlot.getPlotType()) << i;
			ASSERT_EQ(kState.eTerrain, kPlot.getTerrainType()) << i;
			ASSERT_EQ(kState.eFeature, kPlot.getFeatureType()) << i;
			ASSERT_EQ(kState.eRoute, kPlot.getRouteType()) << i;
			ASSERT_EQ(kState.eOwner, kPlot.getTeam()) << i;
		}
		int iCompared = 0;
		int iKnowledgeDiffers = 0;
		int iFallbacks = 0;
		for (int bOpen = 0; bOpen <= 1; ++bOpen)
		{
			GET_TEAM(static_cast<TeamTypes>(0)).setOpenBorders(static_cast<TeamTypes>(1), bOpen != 0);
			for (int iCase = 0; iCase < 40; ++iCase)
			{
				const int eTeam = pick(2);
				const int eUnit = pick(5) == 0 ? eDestroyer : (pick(2) ? eScout : eWarrior);
				const std::pair<int, int> kFrom(pick(22), pick(14));
				const std::pair<int, int> kTo(pick(22), pick(14));
				const unsigned int uSeed = static_cast<unsigned int>(pick(1000));
				PathMover kMover;
				kMover.eTeam = eTeam;
				kMover.eUnitType = eUnit;
				kMover.eBarbarianTeam = NUM_TEAMS - 1;
				if (eTeam == 0)
				{
					kMover.aeTechs.insert(tech("TECH_ENGINEERING"));
					if (bOpen) kMover.aeOpenTeams.insert(1);
				}
				const PathAnswer kHost = planPath(kTwin.world(), kRules, kMover, kFrom, kTo, uSeed);
				const GamePath kKnown =
					gamePath(kFrom.first, kFrom.second, kTo.first, kTo.second, eTeam, eUnit, uSeed, true);
				const GamePath kTrue =
					gamePath(kFrom.first, kFrom.second, kTo.first, kTo.second, eTeam, eUnit, uSeed, false);
				const std::string sCase = "case " + std::to_string(iCase) + " team " + std::to_string(eTeam) + " unit "
					+ std::to_string(eUnit) + " from " + std::to_string(kFrom.first) + ","
					+ std::to_string(kFrom.second) + " to " + std::to_string(kTo.first) + ","
					+ std::to_string(kTo.second) + " open " + std::to_string(bOpen);
				EXPECT_EQ(kHost.kKnowledge.aiPlots, kKnown.aiPlots) << sCase;
				EXPECT_EQ(kHost.kKnowledge.iCost, kKnown.iCost) << sCase;
				EXPECT_EQ(kHost.kKnowledge.eStatus == CV_PATH_FOUND, kKnown.bReached) << sCase;
				EXPECT_EQ(kHost.kTruth.aiPlots, kTrue.aiPlots) << sCase;
				EXPECT_EQ(kHost.kTruth.iCost, kTrue.iCost) << sCase;
				EXPECT_EQ(kHost.kTruth.eStatus == CV_PATH_FOUND, kTrue.bReached) << sCase;
				++iCompared;
				iKnowledgeDiffers += (kKnown.aiPlots != kTrue.aiPlots || kKnown.iCost != kTrue.iCost) ? 1 : 0;
				iFallbacks += kTrue.bReached ? 0 : 1;
			}
		}
		EXPECT_EQ(80, iCompared);
		EXPECT_GT(iKnowledgeDiffers, 10) << "the knowledge must matter in this game";
		EXPECT_GT(iFallbacks, 2) << "some goals must be unreachable (water, closed borders)";
		GET_TEAM(static_cast<TeamTypes>(0)).setHasTech(tech("TECH_ENGINEERING"), false);
	}
}

TEST_F(SdkAdapter, ARoadBuiltOutOfSightIsIgnoredByTheKnowledgePathAndUsedByTheTruth)
{
	GC.getMapINLINE().reset(14, 5, false, false, NUM_TEAMS, GC.getNumInvisibleInfos());
	const RouteTypes eRoad = static_cast<RouteTypes>(m_kLoaded.kRules.findRoute("ROUTE_ROAD"));
	const int eWarrior = unit("UNIT_WARRIOR");
	const TeamTypes eTeam = static_cast<TeamTypes>(0);
	// Team 0 knows the whole valley (as an explorer or a map trade would leave it) and stands at
	// its west end.
	for (int i = 0; i < GC.getMapINLINE().numPlotsINLINE(); ++i)
	{
		GC.getMapINLINE().plotByIndexINLINE(i)->setRevealedMemory(eTeam, NO_ROUTE, NO_TEAM);
	}
	CvUnit* pWarrior = GC.getMapINLINE().createUnit(static_cast<UnitTypes>(eWarrior), eTeam, 1, 2);
	for (int iX = 0; iX < 14; ++iX)
	{
		plot(iX, 2).setRouteType(eRoad, true);
	}
	EXPECT_EQ(eRoad, plot(2, 2).getRevealedRouteType(eTeam, false)) << "seen being built";
	EXPECT_EQ(NO_ROUTE, plot(3, 2).getRevealedRouteType(eTeam, false)) << "built in the fog";

	const GamePath kTrue = gamePath(1, 2, 10, 2, 0, eWarrior, 7, false);
	EXPECT_TRUE(kTrue.bReached);
	EXPECT_EQ(9 * 30, kTrue.iCost) << "nine road steps of half a move";
	std::vector<int> aiRow;
	for (int iX = 1; iX <= 10; ++iX) aiRow.push_back(2 * 14 + iX);
	EXPECT_EQ(aiRow, kTrue.aiPlots);

	const GamePath kKnown = gamePath(1, 2, 10, 2, 0, eWarrior, 7, true);
	EXPECT_TRUE(kKnown.bReached);
	EXPECT_EQ(30 + 8 * 60, kKnown.iCost) << "only the road it saw (1,2)-(2,2) helps";
	ASSERT_EQ(10u, kKnown.aiPlots.size());
	EXPECT_EQ(2 * 14 + 1, kKnown.aiPlots.front());
	EXPECT_EQ(2 * 14 + 10, kKnown.aiPlots.back());

	// Walking along it reveals it; a stretch torn up behind the warrior's back is still believed.
	for (int iX = 2; iX <= 9; ++iX)
	{
		pWarrior->setXY(iX, 2);
	}
	pWarrior->setXY(1, 2);
	plot(8, 2).setRouteType(NO_ROUTE, true);
	EXPECT_EQ(eRoad, plot(8, 2).getRevealedRouteType(eTeam, false));
	const GamePath kBelieved = gamePath(1, 2, 10, 2, 0, eWarrior, 7, true);
	EXPECT_EQ(9 * 30, kBelieved.iCost) << "the team still believes in the whole road";
	const GamePath kTruthNow = gamePath(1, 2, 10, 2, 0, eWarrior, 7, false);
	EXPECT_EQ(7 * 30 + 2 * 60, kTruthNow.iCost) << "the truth: two steps off the road at (8,2)";

	// With Engineering the road costs a third of a move.
	GET_TEAM(eTeam).setHasTech(tech("TECH_ENGINEERING"), true);
	EXPECT_EQ(9 * 20, gamePath(1, 2, 10, 2, 0, eWarrior, 7, true).iCost);
}

TEST_F(SdkAdapter, PlotsNeverSeenCostTheAverageMoveOrAreAvoidedByTheKnob)
{
	for (int bAvoid = 0; bAvoid <= 1; ++bAvoid)
	{
		useRules({ { "CVVISION_PATH_UNKNOWN_PLOTS", bAvoid } });
		GC.getMapINLINE().reset(12, 3, false, false, NUM_TEAMS, GC.getNumInvisibleInfos());
		const int eWarrior = unit("UNIT_WARRIOR");
		GC.getMapINLINE().createUnit(static_cast<UnitTypes>(eWarrior), static_cast<TeamTypes>(0), 1, 1);
		const GamePath kKnown = gamePath(1, 1, 10, 1, 0, eWarrior, 1, true);
		const GamePath kTrue = gamePath(1, 1, 10, 1, 0, eWarrior, 1, false);
		EXPECT_TRUE(kTrue.bReached);
		EXPECT_EQ(9 * 60, kTrue.iCost);
		if (bAvoid)
		{
			EXPECT_FALSE(kKnown.bReached) << "the unknown is avoided: the path ends where the team's knowledge does";
			ASSERT_FALSE(kKnown.aiPlots.empty());
			EXPECT_EQ(2, kKnown.aiPlots.back() % 12) << "the seen column closest to the goal";
			EXPECT_EQ(60, kKnown.iCost);
		}
		else
		{
			EXPECT_TRUE(kKnown.bReached);
			EXPECT_EQ(10u, kKnown.aiPlots.size());
		}
	}
}

TEST_F(SdkAdapter, ClosedBordersFollowTheGamesRelations)
{
	// A wall of team 1's territory across the map, between team 0's warrior and its goal.
	GC.getMapINLINE().reset(9, 3, false, false, NUM_TEAMS, GC.getNumInvisibleInfos());
	const int eWarrior = unit("UNIT_WARRIOR");
	const TeamTypes eZero = static_cast<TeamTypes>(0);
	const TeamTypes eOne = static_cast<TeamTypes>(1);
	for (int iY = 0; iY < 3; ++iY)
	{
		plot(4, iY).setOwnerTeam(eOne);
	}
	const auto reaches = [&](bool bKnowledge) {
		const GamePath k = gamePath(1, 1, 7, 1, 0, eWarrior, 3, bKnowledge);
		EXPECT_GE(k.iCost, 0);
		EXPECT_FALSE(k.aiPlots.empty());
		return k.bReached;
	};
	EXPECT_FALSE(reaches(false)) << "no open borders, no war: closed";
	const GamePath kShort = gamePath(1, 1, 7, 1, 0, eWarrior, 3, false);
	ASSERT_FALSE(kShort.aiPlots.empty());
	EXPECT_EQ(3, kShort.aiPlots.back() % 9) << "ends at the border";
	EXPECT_EQ(2 * 60, kShort.iCost);
	EXPECT_TRUE(reaches(true)) << "team 0 never saw the wall: its plots are unknown, assumed open";

	GET_TEAM(eZero).setOpenBorders(eOne, true);
	EXPECT_TRUE(reaches(false)) << "open borders";
	EXPECT_EQ(6 * 60, gamePath(1, 1, 7, 1, 0, eWarrior, 3, false).iCost);
	GET_TEAM(eZero).setOpenBorders(eOne, false);
	EXPECT_FALSE(reaches(false));
	GET_TEAM(eOne).setOpenBorders(eZero, true);
	EXPECT_FALSE(reaches(false)) << "only team 0's own agreement counts for team 0";
	EXPECT_TRUE(gamePath(7, 1, 1, 1, 1, eWarrior, 3, false).bReached) << "team 1 is at home";
	GET_TEAM(eOne).setOpenBorders(eZero, false);

	GET_TEAM(eZero).setAtWar(eOne, true);
	EXPECT_TRUE(reaches(false)) << "at war";
	GET_TEAM(eZero).setAtWar(eOne, false);
	GET_TEAM(eZero).setVassal(eOne, true, false);
	EXPECT_TRUE(reaches(false)) << "team 0 is team 1's vassal";
	GET_TEAM(eZero).setVassal(eOne, false, false);
	GET_TEAM(eOne).setVassal(eZero, true, false);
	EXPECT_TRUE(reaches(false)) << "team 1 is team 0's vassal";
	GET_TEAM(eOne).setVassal(eZero, false, false);
	EXPECT_FALSE(reaches(false));

	// Team 0 sees the wall now: its knowledge closes it too.
	CvUnit* pScout = GC.getMapINLINE().createUnit(unit("UNIT_SCOUT"), eZero, 3, 1);
	EXPECT_FALSE(reaches(true)) << "team 0 sees whose land it is";
	GC.getMapINLINE().killUnit(pScout);
	EXPECT_FALSE(plot(4, 1).isVisible(eZero, false));
	EXPECT_EQ(eOne, plot(4, 1).getRevealedTeam(eZero, false));
	EXPECT_FALSE(reaches(true)) << "and remembers it";

	// The barbarians' land is always open.
	for (int iY = 0; iY < 3; ++iY)
	{
		plot(4, iY).setOwnerTeam(BARBARIAN_TEAM);
	}
	EXPECT_TRUE(reaches(false)) << "barbarian land";
	for (int iY = 0; iY < 3; ++iY)
	{
		plot(4, iY).setOwnerTeam(eOne);
	}
	EXPECT_FALSE(reaches(false));
	useRules({ { "CVVISION_PATH_CLOSED_BORDERS", 0 } });
	GC.getMapINLINE().reset(9, 5, false, false, NUM_TEAMS, GC.getNumInvisibleInfos());
	for (int iY = 0; iY < 3; ++iY)
	{
		plot(4, iY).setOwnerTeam(eOne);
	}
	EXPECT_TRUE(reaches(false)) << "CVVISION_PATH_CLOSED_BORDERS 0: borders ignored";
}

TEST_F(SdkAdapter, PathsOfSeaUnitsKeepToTheWater)
{
	GC.getMapINLINE().reset(8, 4, false, false, NUM_TEAMS, GC.getNumInvisibleInfos());
	for (int iX = 0; iX < 8; ++iX)
	{
		for (int iY = 0; iY < 4; ++iY)
		{
			if (iY <= 1 || iX == 7)
			{
				plot(iX, iY).setPlotType(PLOT_OCEAN);
				plot(iX, iY).setTerrainType(terrain("TERRAIN_OCEAN"));
			}
		}
	}
	const int eDestroyer = unit("UNIT_DESTROYER");
	const GamePath kSea = gamePath(0, 0, 7, 3, 0, eDestroyer, 5, false);
	EXPECT_TRUE(kSea.bReached);
	for (int iPlot : kSea.aiPlots)
	{
		EXPECT_TRUE(GC.getMapINLINE().plotByIndexINLINE(iPlot)->isWater()) << iPlot;
	}
	const GamePath kLand = gamePath(0, 3, 6, 3, 0, unit("UNIT_WARRIOR"), 5, false);
	EXPECT_TRUE(kLand.bReached);
	EXPECT_EQ(6 * 60, kLand.iCost);
	const GamePath kAshore = gamePath(0, 0, 3, 3, 0, eDestroyer, 5, false);
	EXPECT_FALSE(kAshore.bReached) << "a ship cannot reach a land plot";
}

TEST_F(SdkAdapter, BadPathArgumentsGiveMinusOneAndNoPlots)
{
	GC.getMapINLINE().reset(6, 6, true, false, NUM_TEAMS, GC.getNumInvisibleInfos());
	const int eWarrior = unit("UNIT_WARRIOR");
	const int aaiBad[][6] = {
		{ -1, 0, 3, 3, 0, eWarrior },
		{ 0, 0, 6, 3, 0, eWarrior },
		{ 0, -1, 3, 3, 0, eWarrior },
		{ 0, 0, 3, 6, 0, eWarrior },
		{ 0, 0, 3, 3, -1, eWarrior },
		{ 0, 0, 3, 3, NUM_TEAMS, eWarrior },
		{ 0, 0, 3, 3, 0, -1 },
		{ 0, 0, 3, 3, 0, GC.getNumUnitInfos() },
		{ 0, 0, 3, 3, 0, unit("UNIT_FIGHTER") },
	};
	for (const auto& ai : aaiBad)
	{
		for (int bKnowledge = 0; bKnowledge <= 1; ++bKnowledge)
		{
			const GamePath k = gamePath(ai[0], ai[1], ai[2], ai[3], ai[4], ai[5], 1, bKnowledge != 0);
			EXPECT_EQ(-1, k.iCost) << ai[0] << "," << ai[1] << " -> " << ai[2] << "," << ai[3] << " team " << ai[4]
								   << " unit " << ai[5];
			EXPECT_TRUE(k.aiPlots.empty());
			EXPECT_FALSE(k.bReached);
		}
	}
	std::vector<int> aiPlots;
	EXPECT_EQ(3,
		CvVisionSdk::findPath(
			0, 0, 3, 0, static_cast<TeamTypes>(0), static_cast<UnitTypes>(eWarrior), 1, false, aiPlots, nullptr)
			/ 60)
		<< "no out flag needed";
	const GamePath kSame = gamePath(2, 2, 2, 2, 0, eWarrior, 1, true);
	EXPECT_TRUE(kSame.bReached);
	EXPECT_EQ(0, kSame.iCost);
	EXPECT_EQ(std::vector<int>{ 2 * 6 + 2 }, kSame.aiPlots);
	GC.getMapINLINE().reset(0, 0, false, false, NUM_TEAMS, GC.getNumInvisibleInfos());
	EXPECT_EQ(-1, gamePath(0, 0, 0, 0, 0, eWarrior, 1, true).iCost) << "no map";
}

TEST_F(SdkAdapter, WhatATeamSeesNowIsTheTruthWhateverItsMemorySays)
{
	// A save can carry memory older than the plot (the mock lets a test set it): where the team
	// sees the plot now, the knowledge path uses the plot as it is.
	GC.getMapINLINE().reset(10, 1, false, false, NUM_TEAMS, GC.getNumInvisibleInfos());
	const RouteTypes eRoad = static_cast<RouteTypes>(m_kLoaded.kRules.findRoute("ROUTE_ROAD"));
	const TeamTypes eTeam = static_cast<TeamTypes>(0);
	const int eWarrior = unit("UNIT_WARRIOR");
	for (int iX = 0; iX < 10; ++iX)
	{
		plot(iX, 0).setRouteType(eRoad, true);
	}
	GC.getMapINLINE().createUnit(static_cast<UnitTypes>(eWarrior), eTeam, 1, 0);
	for (int iX = 0; iX < 10; ++iX)
	{
		plot(iX, 0).setRevealedMemory(eTeam, NO_ROUTE, NO_TEAM);
	}
	EXPECT_TRUE(plot(2, 0).isVisible(eTeam, false));
	EXPECT_FALSE(plot(3, 0).isVisible(eTeam, false));
	EXPECT_EQ(30 + 60, gamePath(1, 0, 3, 0, 0, eWarrior, 1, true).iCost)
		<< "(1,0)-(2,0): the road it sees; (2,0)-(3,0): remembered without one";
	EXPECT_EQ(2 * 30, gamePath(1, 0, 3, 0, 0, eWarrior, 1, false).iCost);
}
