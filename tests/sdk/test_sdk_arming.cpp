// CvVision arms its ledger and audits a load by itself (sdk-integrate's hooks in CvPlot::reset,
// CvPlot::read, CvGame::update), and reads its knobs file only when the mod has it.
#include "CvGameCoreDLL.h"
#include "CvGame.h"
#include "CvXMLLoadUtility.h"
#include "FDataStreamBase.h"
#include "CvMap.h"
#include "CvPlot.h"
#include "CvTeamAI.h"
#include "CvUnit.h"
#include "CvVisionSdk.h"

#include "analysis/PathQuery.h"
#include "model/PlotGrid.h"
#include "formats/RulesLoader.h"
#include "SdkMockGlobals.h"
#include "model/VisionSetup.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>

using namespace cvv;

namespace {
const int NUM_TEAMS = 3;

// What a real game does around the adapter: the XML's defines, a new map, a save and a load.
class SdkArming : public ::testing::Test
{
protected:
	void TearDown() override
	{
		GC.resetMock();
		gDLL->m_kFiles.clear();
		gDLL->m_aszErrorBoxes.clear();
	}

	void useRules(const std::map<std::string, int>& kExtraDefines)
	{
		fillGlobalsFrom(loadVisionRules({ bundledVanillaAssets() }), kExtraDefines);
	}

	static int find(const std::vector<std::string>& a, const std::string& s)
	{
		return static_cast<int>(std::find(a.begin(), a.end(), s) - a.begin());
	}
	int unit(const char* sz) const { return find(m_kNames.aszUnits, sz); }
	int feature(const char* sz) const { return find(m_kNames.aszFeatures, sz); }
	int terrain(const char* sz) const { return find(m_kNames.aszTerrains, sz); }

	// A new game: the map is made of reset plots (CvPlot::reset, hooked), flat grass,
	// (5, 5) hills.
	void newGame()
	{
		const LoadedRules kLoaded = loadVisionRules({ bundledVanillaAssets() });
		for (const auto& k : kLoaded.kRules.aUnits) m_kNames.aszUnits.push_back(k.szType);
		for (const auto& k : kLoaded.kRules.aFeatures) m_kNames.aszFeatures.push_back(k.szType);
		for (const auto& k : kLoaded.kRules.aTerrains) m_kNames.aszTerrains.push_back(k.szType);
		CvMap& kMap = GC.getMapINLINE();
		kMap.reset(16, 16, false, false, NUM_TEAMS, GC.getNumInvisibleInfos());
		for (int i = 0; i < kMap.numPlotsINLINE(); ++i)
		{
			CvPlot& kPlot = *kMap.plotByIndexINLINE(i);
			kPlot.reset(kPlot.getX_INLINE(), kPlot.getY_INLINE(), false);
			kPlot.setPlotType(PLOT_LAND);
			kPlot.setTerrainType(static_cast<TerrainTypes>(terrain("TERRAIN_GRASS")));
			kPlot.setFeatureType(NO_FEATURE);
		}
		kMap.plotINLINE(5, 5)->setPlotType(PLOT_HILLS);
	}

	// A save of every plot's counts, then its load (CvPlot::read, hooked); the units stay
	// where they are, as the save's units would be read back.
	FDataStreamBase save() const
	{
		FDataStreamBase kStream;
		const CvMap& kMap = GC.getMapINLINE();
		for (int i = 0; i < kMap.numPlotsINLINE(); ++i) kMap.plotByIndexINLINE(i)->write(&kStream);
		return kStream;
	}
	void load(FDataStreamBase kStream)
	{
		const CvMap& kMap = GC.getMapINLINE();
		for (int i = 0; i < kMap.numPlotsINLINE(); ++i) kMap.plotByIndexINLINE(i)->read(&kStream);
	}

	// The leak of the adapter's suite: a forest planted without re-sighting, then the unit
	// walks away. Returns the count left on (7, 5), 0 when no leak.
	int leakAfterMove(CvUnit* pUnit)
	{
		GC.getMapINLINE().plotINLINE(6, 5)->setFeatureTypeUnbracketed(
			static_cast<FeatureTypes>(feature("FEATURE_FOREST")));
		pUnit->setXY(12, 12);
		return GC.getMapINLINE().plotINLINE(7, 5)->getVisibilityCount(static_cast<TeamTypes>(0));
	}

	struct Names
	{
		std::vector<std::string> aszUnits, aszFeatures, aszTerrains;
	} m_kNames;
	CvGame m_kGame;
};
}

TEST_F(SdkArming, NewGameArmsTheLedgerAtTheFirstSightChangeWithoutPython)
{
	for (int bLedger = 0; bLedger <= 1; ++bLedger)
	{
		useRules({ { "CVVISION_LEDGER", bLedger } });
		newGame();
		EXPECT_FALSE(CvVisionSdk::isLedgerArmed());
		CvUnit* pUnit =
			GC.getMapINLINE().createUnit(static_cast<UnitTypes>(unit("UNIT_WARRIOR")), static_cast<TeamTypes>(0), 5, 5);
		EXPECT_EQ(bLedger != 0, CvVisionSdk::isLedgerArmed());
		m_kGame.update();
		EXPECT_EQ(bLedger ? 0 : 1, leakAfterMove(pUnit)) << "ledger " << bLedger;
		GC.resetMock();
	}
}

TEST_F(SdkArming, LoadArmsTheLedgerAtTheFirstUpdateWithoutPython)
{
	for (int bLedger = 0; bLedger <= 1; ++bLedger)
	{
		useRules({ { "CVVISION_LEDGER", bLedger } });
		newGame();
		CvUnit* pUnit =
			GC.getMapINLINE().createUnit(static_cast<UnitTypes>(unit("UNIT_WARRIOR")), static_cast<TeamTypes>(0), 5, 5);
		load(save());
		EXPECT_FALSE(CvVisionSdk::isLedgerArmed()) << "a load forgets the ledger of the game before";
		m_kGame.update();
		EXPECT_EQ(bLedger != 0, CvVisionSdk::isLedgerArmed());
		EXPECT_EQ(bLedger ? 0 : 1, leakAfterMove(pUnit)) << "ledger " << bLedger;
		EXPECT_EQ(0, CvVisionSdk::onGameLoaded()) << "the Python call stays harmless";
		GC.resetMock();
	}
}

TEST_F(SdkArming, SightChangesBeforeTheLoadEndsAreAsBts)
{
	// Arming at a sight change in the middle of a move would audit a unit already taken off its
	// plot; until CvGame::update the adapter does what BTS does.
	useRules({ { "CVVISION_LEDGER", 1 } });
	newGame();
	CvUnit* pUnit =
		GC.getMapINLINE().createUnit(static_cast<UnitTypes>(unit("UNIT_WARRIOR")), static_cast<TeamTypes>(0), 5, 5);
	load(save());
	pUnit->setXY(8, 8);
	EXPECT_FALSE(CvVisionSdk::isLedgerArmed());
	m_kGame.update();
	EXPECT_TRUE(CvVisionSdk::isLedgerArmed());
	EXPECT_EQ(0, CvVisionSdk::auditSight(false, nullptr));
}

TEST_F(SdkArming, LoadWithAuditOnLoadRepairsACorruptCountWithoutPython)
{
	for (int iMode = 0; iMode <= 2; ++iMode)
	{
		useRules({ { "CVVISION_AUDIT_ON_LOAD", iMode } });
		newGame();
		GC.getMapINLINE().createUnit(static_cast<UnitTypes>(unit("UNIT_WARRIOR")), static_cast<TeamTypes>(0), 5, 5);
		FDataStreamBase kSave = save();
		const int iPlot = 5 * 16 + 6;
		const int iStored = kSave.m_aiData[iPlot * (NUM_TEAMS * (1 + GC.getNumInvisibleInfos()))];
		kSave.m_aiData[iPlot * (NUM_TEAMS * (1 + GC.getNumInvisibleInfos()))] = iStored + 3; // team 0's count
		load(kSave);
		EXPECT_EQ(iStored + 3, GC.getMapINLINE().plotINLINE(6, 5)->getVisibilityCount(static_cast<TeamTypes>(0)));
		m_kGame.update();
		EXPECT_EQ(iMode == 2 ? iStored : iStored + 3,
			GC.getMapINLINE().plotINLINE(6, 5)->getVisibilityCount(static_cast<TeamTypes>(0)))
			<< "CVVISION_AUDIT_ON_LOAD " << iMode;
		EXPECT_FALSE(CvVisionSdk::isLedgerArmed());
		EXPECT_EQ(iMode == 0 ? 0 : 1, CvVisionSdk::onGameLoaded()) << "once per load: the hook's result";
		GC.resetMock();
	}
}

TEST_F(SdkArming, WithoutTheKnobsFileNoErrorBoxAndBtsValues)
{
	for (int bModular = 0; bModular <= 1; ++bModular)
	{
		GC.resetMock();
		gDLL->m_bModular = bModular != 0;
		gDLL->m_kFiles["xml\\GlobalDefines.xml"]["PLOT_VISIBILITY_RANGE"] = 1;
		gDLL->m_kFiles["xml\\GlobalDefinesAlt.xml"];
		gDLL->m_kFiles["xml\\PythonCallbackDefines.xml"];
		CvXMLLoadUtility kLoader;
		EXPECT_TRUE(kLoader.SetGlobalDefines());
		EXPECT_TRUE(gDLL->m_aszErrorBoxes.empty());
		int iValue = -1;
		EXPECT_FALSE(GC.getDefinesVarSystem()->GetValue("CVVISION_LEDGER", iValue));
		EXPECT_EQ(1, GC.getDefineINT("PLOT_VISIBILITY_RANGE"));

		gDLL->m_kFiles["xml\\CvVision_GlobalDefines.xml"]["CVVISION_LEDGER"] = 1;
		EXPECT_TRUE(kLoader.SetGlobalDefines());
		EXPECT_TRUE(gDLL->m_aszErrorBoxes.empty());
		EXPECT_EQ(1, GC.getDefineINT("CVVISION_LEDGER")) << "present: read";
		gDLL->m_kFiles.clear();
	}
	// The mock's loader does show the box for a file it is asked for and lacks.
	CvXMLLoadUtility kLoader;
	EXPECT_FALSE(kLoader.SetGlobalDefines());
	ASSERT_EQ(1u, gDLL->m_aszErrorBoxes.size());
	EXPECT_EQ("LoadXML call failed for xml\\GlobalDefines.xml", gDLL->m_aszErrorBoxes[0]);
}
