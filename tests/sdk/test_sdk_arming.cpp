// CvVision arms its ledger and audits a load by itself (sdk-integrate's hooks in CvPlot::reset,
// CvPlot::read, CvGame::update), and reads its knobs file only when the mod has it. The state
// machine behind it (CvGameCoreDLL/CvVisionSdkArming.h): each transition from the game's call that
// makes it, its precondition's assertion at a call out of order, and the class alone.
#include "CvGameCoreDLL.h"
#include "CvGame.h"
#include "CvXMLLoadUtility.h"
#include "FDataStreamBase.h"
#include "CvMap.h"
#include "CvPlot.h"
#include "CvTeamAI.h"
#include "CvUnit.h"
#include "CvVisionSdk.h"
#include "CvVisionSdkArming.h"

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

// --- the state machine (CvVisionSdkArming.h): each transition from the game's call that makes it,
// and its precondition's assertion at a call out of order ----------------------------------------

namespace {
// The messages of the failed assertions (CvVisionSdkAssert.h) while a RecordedAssertions lives.
std::vector<std::string> g_aszArmingAssertions;
void recordArmingAssertion(const char* /*szExpression*/, const char* szMessage, const char* /*szFile*/, int /*iLine*/)
{
	g_aszArmingAssertions.push_back(szMessage);
}

class RecordedAssertions
{
public:
	RecordedAssertions() : m_pBefore(cvStandinSetAssertHandler(recordArmingAssertion))
	{
		g_aszArmingAssertions.clear();
	}
	~RecordedAssertions() { cvStandinSetAssertHandler(m_pBefore); }
	const std::vector<std::string>& messages() const { return g_aszArmingAssertions; }

private:
	CvStandinAssertHandler m_pBefore;
};

// Every message is about sTransition ("CvVisionSdkArming::mark: ...").
bool allAbout(const std::vector<std::string>& aszMessages, const std::string& sTransition)
{
	return !aszMessages.empty() && std::all_of(aszMessages.begin(), aszMessages.end(), [&](const std::string& s) {
		return s.rfind("CvVisionSdkArming::" + sTransition + ":", 0) == 0;
	});
}

// A plot's levels as openBracket reads them: see-through 10 + plot, see-from plot + team.
struct FakeLevels
{
	int seeThroughLevel(int iPlot) const { return 10 + iPlot; }
	int seeFromLevel(int iPlot, int eTeam) const { return iPlot + eTeam; }
};

const int BRACKET_X = 6, BRACKET_Y = 5, BRACKET_PLOT = BRACKET_Y * 16 + BRACKET_X; // beside the unit on (5, 5)
}

TEST_F(SdkArming, MarkComesFromThePlotResetHookAndAssertsNoBracketIsOpen)
{
	useRules({ { "CVVISION_LEDGER", 1 } });
	newGame();
	EXPECT_EQ(CV_VISION_ARMING_AFTER_RESET, CvVisionSdk::arming().step());
	GC.getMapINLINE().createUnit(static_cast<UnitTypes>(unit("UNIT_WARRIOR")), static_cast<TeamTypes>(0), 5, 5);
	ASSERT_TRUE(CvVisionSdk::isLedgerArmed());
	CvPlot& kCorner = *GC.getMapINLINE().plotINLINE(0, 0);
	kCorner.reset(0, 0, false);
	EXPECT_EQ(CV_VISION_ARMING_AFTER_RESET, CvVisionSdk::arming().step());
	EXPECT_FALSE(CvVisionSdk::isLedgerArmed()) << "a new map forgets the ledger";

	// Out of order: a new map in the middle of a level change.
	GC.getMapINLINE().createUnit(static_cast<UnitTypes>(unit("UNIT_WARRIOR")), static_cast<TeamTypes>(0), 5, 5);
	ASSERT_TRUE(CvVisionSdk::isLedgerArmed());
	CvPlot& kBracket = *GC.getMapINLINE().plotINLINE(BRACKET_X, BRACKET_Y);
	{
		RecordedAssertions kAssertions;
		kBracket.updateSeeFromSight(false, true);
		kCorner.reset(0, 0, false);
		EXPECT_EQ(1u, kAssertions.messages().size());
		EXPECT_TRUE(allAbout(kAssertions.messages(), "mark"));
		kBracket.updateSeeFromSight(true, true);
		EXPECT_EQ(1u, kAssertions.messages().size()) << "the bracket closes";
	}
	EXPECT_FALSE(CvVisionSdk::arming().isBracketOpen());
}

TEST_F(SdkArming, MarkComesFromThePlotReadHookAndAssertsItsStep)
{
	useRules({ { "CVVISION_LEDGER", 1 } });
	newGame();
	GC.getMapINLINE().createUnit(static_cast<UnitTypes>(unit("UNIT_WARRIOR")), static_cast<TeamTypes>(0), 5, 5);
	ASSERT_TRUE(CvVisionSdk::isLedgerArmed());
	load(save());
	EXPECT_EQ(CV_VISION_ARMING_AFTER_READ, CvVisionSdk::arming().step());
	EXPECT_FALSE(CvVisionSdk::isLedgerArmed()) << "a load forgets the ledger";

	// Out of order: a step no hook marks.
	CvVisionLedger kLedger;
	CvVisionSdkArming kArming;
	RecordedAssertions kAssertions;
	kArming.mark(CV_VISION_ARMING_LOADED, kLedger);
	EXPECT_TRUE(allAbout(kAssertions.messages(), "mark"));
	EXPECT_EQ(1u, kAssertions.messages().size());
}

TEST_F(SdkArming, ArmAfterResetComesFromTheFirstSightChangeAndAssertsAResetWaits)
{
	for (int bLedger = 0; bLedger <= 1; ++bLedger)
	{
		useRules({ { "CVVISION_LEDGER", bLedger } });
		newGame();
		EXPECT_TRUE(CvVisionSdk::arming().armsAtSightChange());
		GC.getMapINLINE().createUnit(static_cast<UnitTypes>(unit("UNIT_WARRIOR")), static_cast<TeamTypes>(0), 5, 5);
		EXPECT_EQ(CV_VISION_ARMING_NONE, CvVisionSdk::arming().step());
		EXPECT_EQ(bLedger != 0, CvVisionSdk::isLedgerArmed());
		GC.resetMock();
	}

	// Out of order: the adapter asks armsAtSightChange first, so only a direct call can.
	CvVisionLedger kLedger;
	CvVisionSdkArming kArming;
	RecordedAssertions kAssertions;
	kArming.armAfterReset(kLedger, true);
	EXPECT_EQ(1u, kAssertions.messages().size());
	EXPECT_TRUE(allAbout(kAssertions.messages(), "armAfterReset"));
}

TEST_F(SdkArming, ArmAfterAuditComesFromAnAuditAndAssertsNoBracketIsOpen)
{
	useRules({ { "CVVISION_LEDGER", 1 } });
	newGame();
	CvVisionSdk::onGameStarted(); // an audit: arms before any sight
	EXPECT_TRUE(CvVisionSdk::isLedgerArmed());
	GC.getMapINLINE().createUnit(static_cast<UnitTypes>(unit("UNIT_WARRIOR")), static_cast<TeamTypes>(0), 5, 5);
	CvVisionSdk::resetRules();
	EXPECT_FALSE(CvVisionSdk::isLedgerArmed());
	EXPECT_EQ(0, CvVisionSdk::auditSight(false, nullptr));
	EXPECT_TRUE(CvVisionSdk::isLedgerArmed()) << "the audit put every source into the ledger";

	// Out of order: an audit in the middle of a level change.
	CvPlot& kBracket = *GC.getMapINLINE().plotINLINE(BRACKET_X, BRACKET_Y);
	RecordedAssertions kAssertions;
	kBracket.updateSeeFromSight(false, true);
	CvVisionSdk::auditSight(false, nullptr);
	EXPECT_EQ(1u, kAssertions.messages().size());
	EXPECT_TRUE(allAbout(kAssertions.messages(), "armAfterAudit"));
	kBracket.updateSeeFromSight(true, true);
	EXPECT_FALSE(CvVisionSdk::arming().isBracketOpen());
}

TEST_F(SdkArming, LoadAuditedComesFromTheFirstUpdateAfterAReadAndAssertsItIsOnce)
{
	useRules({ { "CVVISION_AUDIT_ON_LOAD", 1 } });
	newGame();
	GC.getMapINLINE().createUnit(static_cast<UnitTypes>(unit("UNIT_WARRIOR")), static_cast<TeamTypes>(0), 5, 5);
	FDataStreamBase kSave = save();
	kSave.m_aiData[BRACKET_PLOT * (NUM_TEAMS * (1 + GC.getNumInvisibleInfos()))] += 3; // team 0's count
	load(kSave);
	EXPECT_EQ(CV_VISION_ARMING_AFTER_READ, CvVisionSdk::arming().step());
	EXPECT_EQ(0, CvVisionSdk::arming().loadWrong());
	m_kGame.update();
	EXPECT_EQ(CV_VISION_ARMING_LOADED, CvVisionSdk::arming().step());
	EXPECT_EQ(1, CvVisionSdk::arming().loadWrong());
	m_kGame.update();
	EXPECT_EQ(1, CvVisionSdk::onGameLoaded()) << "no second audit";

	// Out of order: onGameLoaded returns before a second audit, so only a direct call can.
	CvVisionLedger kLedger;
	CvVisionSdkArming kArming;
	kArming.mark(CV_VISION_ARMING_AFTER_READ, kLedger);
	kArming.loadAudited(2);
	ASSERT_EQ(CV_VISION_ARMING_LOADED, kArming.step());
	RecordedAssertions kAssertions;
	kArming.loadAudited(5);
	EXPECT_EQ(1u, kAssertions.messages().size());
	EXPECT_TRUE(allAbout(kAssertions.messages(), "loadAudited"));
}

TEST_F(SdkArming, DisarmComesFromARuleChangeAndAssertsNoBracketIsOpen)
{
	useRules({ { "CVVISION_LEDGER", 1 }, { "CVVISION_AUDIT_ON_LOAD", 1 } });
	newGame();
	GC.getMapINLINE().createUnit(static_cast<UnitTypes>(unit("UNIT_WARRIOR")), static_cast<TeamTypes>(0), 5, 5);
	FDataStreamBase kSave = save();
	kSave.m_aiData[BRACKET_PLOT * (NUM_TEAMS * (1 + GC.getNumInvisibleInfos()))] += 3;
	load(kSave);
	m_kGame.update();
	ASSERT_TRUE(CvVisionSdk::isLedgerArmed());
	ASSERT_EQ(1, CvVisionSdk::arming().loadWrong());
	CvVisionSdk::resetRules();
	EXPECT_FALSE(CvVisionSdk::isLedgerArmed());
	EXPECT_EQ(CV_VISION_ARMING_NONE, CvVisionSdk::arming().step());
	EXPECT_EQ(0, CvVisionSdk::arming().loadWrong());

	// Out of order: the rules change in the middle of a level change.
	CvVisionSdk::onGameStarted();
	ASSERT_TRUE(CvVisionSdk::isLedgerArmed());
	CvPlot& kBracket = *GC.getMapINLINE().plotINLINE(BRACKET_X, BRACKET_Y);
	RecordedAssertions kAssertions;
	kBracket.updateSeeFromSight(false, true);
	CvVisionSdk::resetRules();
	EXPECT_EQ(1u, kAssertions.messages().size());
	EXPECT_TRUE(allAbout(kAssertions.messages(), "disarm"));
	kBracket.updateSeeFromSight(true, true);
	EXPECT_FALSE(CvVisionSdk::arming().isBracketOpen());
}

TEST_F(SdkArming, OpenBracketComesFromALevelChangeWithTheLedgerAndAssertsItIsArmed)
{
	for (int bLedger = 0; bLedger <= 1; ++bLedger)
	{
		useRules({ { "CVVISION_LEDGER", bLedger } });
		newGame();
		GC.getMapINLINE().createUnit(static_cast<UnitTypes>(unit("UNIT_WARRIOR")), static_cast<TeamTypes>(0), 5, 5);
		CvPlot& kBracket = *GC.getMapINLINE().plotINLINE(BRACKET_X, BRACKET_Y);
		const int iSeeThrough = CvVisionSdk::seeThroughLevel(kBracket);
		const int iSeeFrom = CvVisionSdk::seeFromLevel(kBracket, static_cast<TeamTypes>(1));
		kBracket.updateSeeFromSight(false, true);
		const CvVisionSdkArming& kArming = CvVisionSdk::arming();
		if (bLedger)
		{
			EXPECT_EQ(CV_VISION_RESIGHT_BEFORE, kArming.resight());
			EXPECT_EQ(BRACKET_PLOT, kArming.resightPlot());
			EXPECT_EQ(iSeeThrough, kArming.resightSeeThrough());
			EXPECT_EQ(iSeeFrom, kArming.resightSeeFrom()[1]);
		}
		else
		{
			EXPECT_FALSE(kArming.isBracketOpen()) << "without the ledger every sight change is as BTS makes it";
		}
		kBracket.setFeatureTypeUnbracketed(static_cast<FeatureTypes>(feature("FEATURE_FOREST")));
		kBracket.updateSeeFromSight(true, true);
		EXPECT_EQ(0, CvVisionSdk::auditSight(false, nullptr));
		GC.resetMock();
	}

	// Out of order: the adapter asks canOpenBracket first, so only a direct call can.
	const FakeLevels kLevels;
	CvVisionSdkArming kDisarmed;
	CvVisionSdkArming kOpen;
	kOpen.armAfterAudit(true);
	kOpen.openBracket(kLevels, 7, NUM_TEAMS);
	RecordedAssertions kAssertions;
	kDisarmed.openBracket(kLevels, 7, NUM_TEAMS);
	EXPECT_EQ(1u, kAssertions.messages().size()) << "not armed";
	kOpen.openBracket(kLevels, 8, NUM_TEAMS);
	EXPECT_EQ(2u, kAssertions.messages().size()) << "one is open";
	EXPECT_TRUE(allAbout(kAssertions.messages(), "openBracket"));
}

TEST_F(SdkArming, CloseAndEndBracketComeFromTheLevelChangesEndAndAssertItsOpen)
{
	useRules({ { "CVVISION_LEDGER", 1 } });
	newGame();
	GC.getMapINLINE().createUnit(static_cast<UnitTypes>(unit("UNIT_WARRIOR")), static_cast<TeamTypes>(0), 5, 5);
	CvPlot& kBracket = *GC.getMapINLINE().plotINLINE(BRACKET_X, BRACKET_Y);
	CvPlot& kOther = *GC.getMapINLINE().plotINLINE(9, 9);
	kBracket.updateSeeFromSight(false, true);
	ASSERT_TRUE(CvVisionSdk::arming().closesBracket(BRACKET_PLOT));
	kBracket.setFeatureTypeUnbracketed(static_cast<FeatureTypes>(feature("FEATURE_FOREST")));
	kOther.updateSeeFromSight(true, true); // another plot's end does not close it
	EXPECT_TRUE(CvVisionSdk::arming().closesBracket(BRACKET_PLOT));
	kBracket.updateSeeFromSight(true, true);
	EXPECT_FALSE(CvVisionSdk::arming().isBracketOpen());
	EXPECT_EQ(CV_VISION_RESIGHT_NONE, CvVisionSdk::arming().resight());
	EXPECT_EQ(-1, CvVisionSdk::arming().resightPlot());
	EXPECT_EQ(0, CvVisionSdk::auditSight(false, nullptr));
	{
		RecordedAssertions kAssertions;
		kBracket.updateSeeFromSight(true, true); // an end without a start, as BTS
		EXPECT_TRUE(kAssertions.messages().empty());
	}

	// Out of order: the adapter asks closesBracket first and ends what it closed, so only a direct
	// call can.
	const FakeLevels kLevels;
	CvVisionSdkArming kNone;
	CvVisionSdkArming kOpen;
	kOpen.armAfterAudit(true);
	kOpen.openBracket(kLevels, 7, NUM_TEAMS);
	{
		RecordedAssertions kAssertions;
		kNone.closeBracket(7);
		kOpen.closeBracket(8);
		EXPECT_EQ(2u, kAssertions.messages().size()) << "none open, another plot's";
		EXPECT_TRUE(allAbout(kAssertions.messages(), "closeBracket"));
	}
	CvVisionSdkArming kOpenToo;
	kOpenToo.armAfterAudit(true);
	kOpenToo.openBracket(kLevels, 7, NUM_TEAMS);
	RecordedAssertions kAssertions;
	CvVisionSdkArming().endBracket();
	kOpenToo.endBracket();
	EXPECT_EQ(2u, kAssertions.messages().size()) << "none open, not closed";
	EXPECT_TRUE(allAbout(kAssertions.messages(), "endBracket"));
}

TEST_F(SdkArming, SuspendBracketComesFromABracketInsideTheBracketAndResumeAssertsNothingChanged)
{
	useRules({ { "CVVISION_LEDGER", 1 } });
	newGame();
	GC.getMapINLINE().createUnit(static_cast<UnitTypes>(unit("UNIT_WARRIOR")), static_cast<TeamTypes>(0), 5, 5);
	CvPlot& kBracket = *GC.getMapINLINE().plotINLINE(BRACKET_X, BRACKET_Y);
	CvPlot& kInner = *GC.getMapINLINE().plotINLINE(4, 5);
	{
		RecordedAssertions kAssertions;
		kBracket.updateSeeFromSight(false, true);
		kInner.updateSeeFromSight(false, true); // inside: as BTS
		kInner.setFeatureTypeUnbracketed(static_cast<FeatureTypes>(feature("FEATURE_FOREST")));
		kInner.updateSeeFromSight(true, true);
		EXPECT_TRUE(CvVisionSdk::arming().closesBracket(BRACKET_PLOT)) << "the outer bracket is where it was";
		kBracket.setFeatureTypeUnbracketed(static_cast<FeatureTypes>(feature("FEATURE_FOREST")));
		kBracket.updateSeeFromSight(true, true);
		EXPECT_TRUE(kAssertions.messages().empty());
	}
	EXPECT_FALSE(CvVisionSdk::arming().isBracketOpen());
	EXPECT_EQ(0, CvVisionSdk::auditSight(false, nullptr));

	// Out of order: the adapter opens nothing while suspended, so only a direct call can.
	const FakeLevels kLevels;
	CvVisionSdkArming kArming;
	kArming.armAfterAudit(true);
	kArming.openBracket(kLevels, 7, NUM_TEAMS);
	const CvVisionSdkResight eSaved = kArming.suspendBracket();
	EXPECT_EQ(CV_VISION_RESIGHT_BEFORE, eSaved);
	kArming.openBracket(kLevels, 8, NUM_TEAMS);
	RecordedAssertions kAssertions;
	kArming.resumeBracket(eSaved);
	EXPECT_EQ(1u, kAssertions.messages().size());
	EXPECT_TRUE(allAbout(kAssertions.messages(), "resumeBracket"));
}

// The class alone, without the game: a new map, a level change, a load, a rule change, in order.
TEST_F(SdkArming, TheArmingClassAloneTakesEveryTransitionInOrderWithoutAnAssertion)
{
	const FakeLevels kLevels;
	CvVisionLedger kLedger;
	CvVisionSdkArming kArming;
	RecordedAssertions kAssertions;
	EXPECT_EQ(CV_VISION_ARMING_NONE, kArming.step());
	EXPECT_FALSE(kArming.isLedgerArmed());
	EXPECT_FALSE(kArming.isBracketOpen());
	EXPECT_FALSE(kArming.canOpenBracket());

	kArming.mark(CV_VISION_ARMING_AFTER_RESET, kLedger);
	EXPECT_TRUE(kArming.armsAtSightChange());
	kArming.armAfterReset(kLedger, true);
	EXPECT_EQ(CV_VISION_ARMING_NONE, kArming.step());
	EXPECT_TRUE(kArming.isLedgerArmed());

	kArming.openBracket(kLevels, 7, 3);
	EXPECT_EQ(CV_VISION_RESIGHT_BEFORE, kArming.resight());
	EXPECT_EQ(7, kArming.resightPlot());
	EXPECT_EQ(17, kArming.resightSeeThrough());
	EXPECT_EQ(9, kArming.resightSeeFrom()[2]);
	EXPECT_TRUE(kArming.closesBracket(7));
	EXPECT_FALSE(kArming.closesBracket(8));
	const CvVisionSdkResight eSaved = kArming.suspendBracket();
	EXPECT_EQ(CV_VISION_RESIGHT_NONE, kArming.resight());
	kArming.resumeBracket(eSaved);
	kArming.closeBracket(7);
	EXPECT_EQ(CV_VISION_RESIGHT_AFTER, kArming.resight());
	kArming.endBracket();
	EXPECT_FALSE(kArming.isBracketOpen());
	EXPECT_EQ(CV_VISION_RESIGHT_NONE, kArming.resight());

	kArming.mark(CV_VISION_ARMING_AFTER_READ, kLedger);
	EXPECT_FALSE(kArming.isLedgerArmed());
	kArming.armAfterAudit(true);
	kArming.loadAudited(4);
	EXPECT_EQ(CV_VISION_ARMING_LOADED, kArming.step());
	EXPECT_EQ(4, kArming.loadWrong());
	EXPECT_TRUE(kArming.isLedgerArmed());

	kArming.disarm(kLedger);
	EXPECT_EQ(CV_VISION_ARMING_NONE, kArming.step());
	EXPECT_EQ(0, kArming.loadWrong());
	EXPECT_FALSE(kArming.isLedgerArmed());
	EXPECT_TRUE(kAssertions.messages().empty());
}
