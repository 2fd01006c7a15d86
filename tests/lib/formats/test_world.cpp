// Leak-proof sight in the host's world model (model/VisionWorld): the ledger world against BTS's
// recomputing one, revealed memory, audit and repair, and the fuzz test, on the vanilla rules read
// by this layer (formats/RulesLoader), hence here. The ledger itself: engine/test_ledger.cpp.
#include "model/PlotGrid.h"
#include "formats/RulesLoader.h"
#include "model/VisionWorld.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <random>

using namespace cvv;

namespace {
// The project's vanilla rules, with a line-of-sight unit and a fort that lifts the viewer, so
// that the fuzz also turns units and builds improvements that matter.
const CvVisionRules& fuzzRules()
{
	static const CvVisionRules kRules = [] {
		CvVisionRules k = loadVisionRules({ bundledVanillaAssets() }).kRules;
		k.aUnits[k.findUnit("UNIT_SCOUT")].bLineOfSight = true;
		k.aImprovements[k.findImprovement("IMPROVEMENT_FORT")].iExtraSeeFrom = 1;
		return k;
	}();
	return kRules;
}

struct Rig
{
	const CvVisionRules& kRules = fuzzRules();
	int eWarrior = kRules.findUnit("UNIT_WARRIOR");
	int eScout = kRules.findUnit("UNIT_SCOUT");
	int eDestroyer = kRules.findUnit("UNIT_DESTROYER");
	int eFighter = kRules.findUnit("UNIT_FIGHTER");
	int eSentry = kRules.findPromotion("PROMOTION_SENTRY");
	int eOptics = kRules.findTech("TECH_OPTICS");
	int eForest = kRules.findFeature("FEATURE_FOREST");
	int eFort = kRules.findImprovement("IMPROVEMENT_FORT");
	int eGrass = kRules.findTerrain("TERRAIN_GRASS");
	int eOcean = kRules.findTerrain("TERRAIN_OCEAN");
};

void expectSameCounts(const PlotGrid& kA, const PlotGrid& kB, const std::string& sWhat)
{
	ASSERT_TRUE(kA.counts() == kB.counts()) << sWhat;
	ASSERT_TRUE(kA.invisibleCounts() == kB.invisibleCounts()) << sWhat;
}

std::string describe(const std::vector<VisionWorld::Difference>& aDifferences)
{
	std::string sOut;
	for (size_t i = 0; i < aDifferences.size() && i < 5; ++i)
	{
		const VisionWorld::Difference& k = aDifferences[i];
		sOut += " plot " + std::to_string(k.iPlot) + " team " + std::to_string(k.eTeam) + " invisible "
			+ std::to_string(k.eInvisible) + ": stored " + std::to_string(k.iStored) + ", expected "
			+ std::to_string(k.iExpected) + ";";
	}
	return sOut;
}

// One random operation of the game, or (with bBuggy) of a mod that forgets a bracket.
class Fuzzer
{
public:
	Fuzzer(VisionWorld& kWorld, unsigned int iSeed, bool bBuggy) : m_kWorld(kWorld), m_kRandom(iSeed), m_bBuggy(bBuggy)
	{}

	std::string step()
	{
		const VisionWorld::State& kState = m_kWorld.state();
		const int iPlot = pick(m_kWorld.plotCount());
		const int iX = pick(kState.iWidth);
		const int iY = pick(kState.iHeight);
		const int eTeam = pick(kState.iNumTeams);
		const int iUnit = anyUnit();
		const int iOp = pick(m_bBuggy ? 22 : 18);
		if (iUnit >= 0 && iOp <= 2 && kState.kUnits.size() > 40)
		{
			m_kWorld.killUnit(iUnit); // keep the armies at a few dozen units
			return "kill";
		}
		if (iUnit < 0 || iOp <= 2)
		{
			const int aeTypes[] = { m_kRig.eWarrior, m_kRig.eScout, m_kRig.eDestroyer, m_kRig.eFighter,
				pick(static_cast<int>(m_kRig.kRules.aUnits.size())) };
			m_kWorld.createUnit(aeTypes[pick(5)], eTeam, iX, iY, pick(8));
			return "create";
		}
		const VisionWorld::Unit& kUnit = kState.kUnits.at(iUnit);
		switch (iOp)
		{
		case 3: m_kWorld.killUnit(iUnit); return "kill";
		case 4:
		case 5: m_kWorld.moveUnit(iUnit, iX, iY); return "move";
		case 6: m_kWorld.setPromotion(iUnit, m_kRig.eSentry, pick(2) == 0); return "promotion";
		case 7: m_kWorld.setFacing(iUnit, pick(8)); return "facing";
		case 8:
			m_kWorld.setRecon(iUnit, (kUnit.iReconPlot < 0 && kUnit.eType == m_kRig.eFighter) ? iPlot : -1);
			return "recon";
		case 9: m_kWorld.setOwner(iPlot, pick(kState.iNumTeams + 1) - 1); return "owner";
		case 10: m_kWorld.setCity(iPlot, pick(2) == 0); return "city";
		case 11: m_kWorld.setPlotKind(iPlot, static_cast<CvVisionPlotKind>(pick(4))); return "plot type";
		case 12: m_kWorld.setTerrain(iPlot, pick(2) ? m_kRig.eGrass : m_kRig.eOcean); return "terrain";
		case 13: m_kWorld.setFeature(iPlot, pick(2) ? m_kRig.eForest : -1); return "feature";
		case 14: m_kWorld.setImprovement(iPlot, pick(2) ? m_kRig.eFort : -1); return "improvement";
		case 15: m_kWorld.setHasTech(eTeam, m_kRig.eOptics, pick(2) == 0); return "tech";
		case 16: m_kWorld.setMaster(eTeam, pick(kState.iNumTeams + 1) - 1); return "vassal";
		case 17:
			m_kWorld.setEspionage(eTeam, iPlot, pick(2) == 0);
			m_kWorld.setRoute(iPlot, pick(2) - 1);
			return "espionage";
		case 18: m_kWorld.setFeatureUnbracketed(iPlot, pick(2) ? m_kRig.eForest : -1); return "feature, no bracket";
		case 19:
			m_kWorld.setPlotKindUnbracketed(iPlot, static_cast<CvVisionPlotKind>(pick(4)));
			return "plot type, no bracket";
		case 20: m_kWorld.setPromotionUnbracketed(iUnit, m_kRig.eSentry, pick(2) == 0); return "range, no bracket";
		default: m_kWorld.moveUnitUnbracketed(iUnit, iX, iY); return "move, no bracket";
		}
	}

private:
	int pick(int iBelow) { return std::uniform_int_distribution<int>(0, iBelow - 1)(m_kRandom); }
	int anyUnit()
	{
		const auto& kUnits = m_kWorld.state().kUnits;
		if (kUnits.size() < 3)
		{
			return -1;
		}
		auto it = kUnits.begin();
		std::advance(it, pick(static_cast<int>(kUnits.size())));
		return it->first;
	}

	VisionWorld& m_kWorld;
	std::mt19937 m_kRandom;
	bool m_bBuggy;
	Rig m_kRig;
};

struct Shape
{
	int iWidth, iHeight;
	bool bWrapX, bWrapY;
};
const Shape SHAPES[] = { { 24, 16, true, false }, { 12, 12, true, true }, { 7, 5, true, true },
	{ 30, 9, false, false } };

int envInt(const char* szName, int iDefault)
{
	const char* szValue = std::getenv(szName);
	return szValue ? std::atoi(szValue) : iDefault;
}

// Random operations on a ledger world: after every step nothing is negative, the audit finds
// nothing, and the counts equal a world rebuilt from scratch with the same sources.
int fuzz(unsigned int iSeed, int iOperations, bool bBuggy)
{
	const Shape& kShape = SHAPES[iSeed % 4];
	VisionWorld kWorld(fuzzRules(), kShape.iWidth, kShape.iHeight, kShape.bWrapX, kShape.bWrapY, 3);
	Fuzzer kFuzzer(kWorld, iSeed, bBuggy);
	for (int i = 0; i < iOperations; ++i)
	{
		const std::string sOp = kFuzzer.step();
		kWorld.flush();
		const std::string sWhere =
			"seed " + std::to_string(iSeed) + ", operation " + std::to_string(i) + " (" + sOp + ")";
		if (kWorld.anyCountNegative())
		{
			ADD_FAILURE() << sWhere << ": a count went negative";
			return i;
		}
		const std::vector<VisionWorld::Difference> aDifferences = kWorld.audit();
		if (!aDifferences.empty())
		{
			ADD_FAILURE() << sWhere << ": audit:" << describe(aDifferences);
			return i;
		}
		if (i % 16 == 0 || i + 1 == iOperations)
		{
			const VisionWorld kRebuilt(fuzzRules(), kWorld.state());
			if (kRebuilt.grid().counts() != kWorld.grid().counts()
				|| kRebuilt.grid().invisibleCounts() != kWorld.grid().invisibleCounts())
			{
				ADD_FAILURE() << sWhere << ": differs from the world rebuilt from its sources";
				return i;
			}
		}
	}
	return iOperations;
}
}

// --- the world ------------------------------------------------------------------------------

TEST(World, WithEveryBracketTheLedgerGivesExactlyWhatBtsGives)
{
	for (unsigned int iSeed = 1; iSeed <= 6; ++iSeed)
	{
		const Shape& kShape = SHAPES[iSeed % 4];
		VisionWorld kLedger(fuzzRules(), kShape.iWidth, kShape.iHeight, kShape.bWrapX, kShape.bWrapY, 3);
		VisionWorld kBts(fuzzRules(), kShape.iWidth, kShape.iHeight, kShape.bWrapX, kShape.bWrapY, 3,
			VisionWorld::Removal::Recompute);
		Fuzzer kA(kLedger, iSeed, false);
		Fuzzer kB(kBts, iSeed, false);
		for (int i = 0; i < 600; ++i)
		{
			const std::string sOp = kA.step();
			kB.step();
			expectSameCounts(kLedger.grid(), kBts.grid(),
				"seed " + std::to_string(iSeed) + " step " + std::to_string(i) + " " + sOp);
			if (HasFatalFailure())
			{
				return;
			}
		}
		EXPECT_TRUE(kBts.audit().empty()) << "BTS does not leak when every bracket is there";
	}
}

TEST(World, WithoutBracketsBtsLeaksAndTheLedgerDoesNot)
{
	int iBtsLeaks = 0;
	for (unsigned int iSeed = 1; iSeed <= 6; ++iSeed)
	{
		const Shape& kShape = SHAPES[iSeed % 4];
		VisionWorld kBts(fuzzRules(), kShape.iWidth, kShape.iHeight, kShape.bWrapX, kShape.bWrapY, 3,
			VisionWorld::Removal::Recompute);
		Fuzzer kFuzzer(kBts, iSeed, true);
		for (int i = 0; i < 400; ++i)
		{
			kFuzzer.step();
			kBts.flush();
		}
		iBtsLeaks += kBts.audit().empty() ? 0 : 1;
		EXPECT_EQ(400, fuzz(iSeed, 400, true)) << "the ledger world, same seed";
	}
	EXPECT_EQ(6, iBtsLeaks) << "every BTS world leaked under the same operations";
}

TEST(World, RevealedMemoryChangesOnlyWhileSeen)
{
	const Rig kRig;
	VisionWorld kWorld(kRig.kRules, 12, 12, false, false, 2);
	const int iPlot = 5 * 12 + 5;
	kWorld.setOwner(iPlot, 1);
	const int iUnit = kWorld.createUnit(kRig.eWarrior, 0, 4, 5);
	EXPECT_TRUE(kWorld.memory(0, iPlot).bRevealed);
	EXPECT_EQ(1, kWorld.memory(0, iPlot).eOwner);
	kWorld.moveUnit(iUnit, 10, 10);
	kWorld.setOwner(iPlot, -1);
	kWorld.setImprovement(iPlot, kRig.eFort);
	EXPECT_EQ(1, kWorld.memory(0, iPlot).eOwner) << "team 0 no longer sees it: memory as last seen";
	EXPECT_EQ(-1, kWorld.memory(0, iPlot).eImprovement);
	EXPECT_FALSE(kWorld.memory(1, 0).bRevealed);
	kWorld.moveUnit(iUnit, 5, 4);
	EXPECT_EQ(kRig.eFort, kWorld.memory(0, iPlot).eImprovement) << "seen again";
	EXPECT_EQ(-1, kWorld.memory(0, iPlot).eOwner);
	kWorld.setRoute(iPlot, 0);
	EXPECT_EQ(0, kWorld.memory(0, iPlot).eRoute) << "updated while seen";
}

// --- audit and repair -----------------------------------------------------------------------

TEST(Audit, FindsEveryInjectedCorruptionAndRepairFixesIt)
{
	VisionWorld kWorld(fuzzRules(), 20, 14, true, false, 3);
	Fuzzer kFuzzer(kWorld, 99, false);
	for (int i = 0; i < 300; ++i)
	{
		kFuzzer.step();
	}
	ASSERT_TRUE(kWorld.audit().empty());
	std::mt19937 kRandom(5);
	std::set<std::tuple<int, int, int>> kInjected;
	for (int i = 0; i < 40; ++i)
	{
		const int iPlot = std::uniform_int_distribution<int>(0, kWorld.plotCount() - 1)(kRandom);
		const int eTeam = std::uniform_int_distribution<int>(0, 2)(kRandom);
		const int eInvisible = std::uniform_int_distribution<int>(-1, 1)(kRandom);
		const int iChange = std::uniform_int_distribution<int>(0, 1)(kRandom) ? 1 : -2;
		if (kInjected.insert({ iPlot, eTeam, eInvisible }).second)
		{
			kWorld.corruptCount(iPlot, eTeam, eInvisible, iChange);
		}
	}
	const std::vector<VisionWorld::Difference> aFound = kWorld.audit();
	ASSERT_EQ(kInjected.size(), aFound.size());
	for (const VisionWorld::Difference& k : aFound)
	{
		EXPECT_EQ(1u, kInjected.count({ k.iPlot, k.eTeam, k.eInvisible }));
		EXPECT_NE(k.iStored, k.iExpected);
	}
	EXPECT_EQ(static_cast<int>(kInjected.size()), kWorld.repair());
	EXPECT_TRUE(kWorld.audit().empty());
	for (int i = 0; i < 300; ++i)
	{
		kFuzzer.step();
		ASSERT_TRUE(kWorld.audit().empty()) << "after the repair the ledger matches the counts again, step " << i;
	}
}

// --- fuzz -----------------------------------------------------------------------------------

// CVVISION_FUZZ_OPS operations per shard: 25,000 (100,000 in all) in `make test`, 250,000 per
// shard (1,000,000) in `make fuzz`.
class FuzzShard : public ::testing::TestWithParam<int>
{};

TEST_P(FuzzShard, EveryStepAuditsCleanWithBracketSkippingOperations)
{
	const int iOperations = envInt("CVVISION_FUZZ_OPS", 25000);
	const int iSeeds = 5;
	for (int iSeed = 0; iSeed < iSeeds; ++iSeed)
	{
		const unsigned int iFullSeed = static_cast<unsigned int>(GetParam() * 1000 + iSeed);
		ASSERT_EQ(iOperations / iSeeds, fuzz(iFullSeed, iOperations / iSeeds, true));
	}
}

INSTANTIATE_TEST_SUITE_P(Shards, FuzzShard, ::testing::Values(1, 2, 3, 4));
