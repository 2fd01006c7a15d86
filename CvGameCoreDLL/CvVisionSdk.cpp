// CvVision: the adapter between the engine and the game. See CvVisionSdk.h.

#include "CvGameCoreDLL.h"
#include "CvVisionSdkCompat.h" // the game's names: GC, CvMap, CvPlot, CvUnit, the infos
#include "CvTeamAI.h"
#include "FVariableSystem.h"

#include "CvKnowledgeView.h"
#include "CvPathfinder.h"
#include "CvVisionEngine.h"
#include "CvVisionLedger.h"
#include "CvVisionSdk.h"
#include "CvVisionSightRules.h"

#include <utility>
#include <vector>

namespace
{
	// The levels of one plot as last computed, with the facts they were computed from
	// (SdkLevelCache). A key of -1 matches no plot: the level is computed on its next use.
	struct SdkPlotLevels
	{
		int iThroughKey;  // plot type, terrain, feature
		int iFromKey;     // plot type, terrain, improvement
		int iSeeThrough;
		int aiSeeFrom[2]; // without, with the viewer's extra water see-from (Optics)
	};

	// docs/into-the-game.md, "The level cache": every plot's see-through and see-from levels,
	// each keyed on the plot facts it depends on. Every use reads those facts from the CvPlot
	// and compares them with the key; the level is computed again from the facts only when they
	// differ. So no change of a plot can make it stale, bracketed by updateSeeFromSight or not.
	// What the levels depend on besides the plot's facts: the rules (read once; resetRules
	// empties the cache) and the viewer's extra water see-from (read from its team on every
	// sight change, both levels are kept).
	class SdkLevelCache
	{
	public:
		SdkLevelCache() : m_iTerrainShift(0), m_iSecondShift(0), m_bKeyed(false) {}

		// The key's layout for the rules' numbers of terrains, features and improvements; with
		// more than fit in a key, every level is computed from the facts (no cache).
		void setInfoCounts(int iNumTerrains, int iNumFeatures, int iNumImprovements);
		// Forgets every level (a new map, new rules; a plot's levels on the next use).
		void clear() { m_aPlots.clear(); }
		// Called before the levels of a map of iNumPlots plots are read: a map of another size
		// starts empty.
		void fit(int iNumPlots)
		{
			if (static_cast<int>(m_aPlots.size()) != iNumPlots)
			{
				const SdkPlotLevels kEmpty = { -1, -1, 0, { 0, 0 } };
				m_aPlots.assign(iNumPlots, kEmpty);
			}
		}
		// Forgets one plot's levels (an updateSeeFromSight bracket around it).
		void forget(int iPlot)
		{
			if (iPlot >= 0 && iPlot < static_cast<int>(m_aPlots.size()))
			{
				m_aPlots[iPlot].iThroughKey = -1;
				m_aPlots[iPlot].iFromKey = -1;
			}
		}

		int seeThrough(const CvPlot& kPlot, int iPlot)
		{
			if (!m_bKeyed)
			{
				return CvVisionSdk::seeThroughLevel(kPlot);
			}
			SdkPlotLevels& kLevels = m_aPlots[iPlot];
			const int iKey = key(kPlot.getPlotType(), kPlot.getTerrainType(), kPlot.getFeatureType());
			if (kLevels.iThroughKey != iKey)
			{
				kLevels.iSeeThrough = CvVisionSdk::seeThroughLevel(kPlot);
				kLevels.iThroughKey = iKey;
			}
			return kLevels.iSeeThrough;
		}
		int seeFrom(const CvPlot& kPlot, int iPlot, bool bExtraWater)
		{
			if (!m_bKeyed)
			{
				return computeSeeFrom(kPlot, bExtraWater);
			}
			SdkPlotLevels& kLevels = m_aPlots[iPlot];
			const int iKey = key(kPlot.getPlotType(), kPlot.getTerrainType(), kPlot.getImprovementType());
			if (kLevels.iFromKey != iKey)
			{
				kLevels.aiSeeFrom[0] = computeSeeFrom(kPlot, false);
				kLevels.aiSeeFrom[1] = computeSeeFrom(kPlot, true);
				kLevels.iFromKey = iKey;
			}
			return kLevels.aiSeeFrom[bExtraWater ? 1 : 0];
		}

	private:
		// The plot type, the terrain and a third fact (feature or improvement), each + 1 (none
		// is -1), in one non-negative int.
		int key(int ePlotType, int eTerrain, int eThird) const
		{
			return (ePlotType + 1) | ((eTerrain + 1) << m_iTerrainShift) | ((eThird + 1) << m_iSecondShift);
		}
		static int computeSeeFrom(const CvPlot& kPlot, bool bExtraWater);

		std::vector<SdkPlotLevels> m_aPlots; // by plot index
		int m_iTerrainShift;
		int m_iSecondShift;
		bool m_bKeyed;
	};

	// The game's map as the engine's Map, its levels through the level cache. The viewer's water
	// bonus is looked up once per team.
	class SdkMap
	{
	public:
		explicit SdkMap(const CvMap& kMap);

		int getGridWidth() const { return cvVisionGridWidth(m_kMap); }
		int getGridHeight() const { return cvVisionGridHeight(m_kMap); }
		bool isWrapX() const { return cvVisionWrapX(m_kMap); }
		bool isWrapY() const { return cvVisionWrapY(m_kMap); }
		int seeThroughLevel(int iPlot) const { return m_kCache.seeThrough(*cvVisionPlotByIndex(m_kMap, iPlot), iPlot); }
		int seeFromLevel(int iPlot, int eTeam) const
		{
			if (eTeam != m_eCachedTeam)
			{
				m_eCachedTeam = eTeam;
				m_bCachedExtraWater = GET_TEAM(static_cast<TeamTypes>(eTeam)).isExtraWaterSeeFrom();
			}
			return m_kCache.seeFrom(*cvVisionPlotByIndex(m_kMap, iPlot), iPlot, m_bCachedExtraWater);
		}

	private:
		const CvMap& m_kMap;
		SdkLevelCache& m_kCache;
		mutable int m_eCachedTeam;
		mutable bool m_bCachedExtraWater;
	};

	// Count changes go to the game's own CvPlot::changeVisibilityCount, with the unit whose sight
	// it is (NULL for a plot's own sight) where the game takes it (CvVisionSdkCompat.h).
	class SdkSink
	{
	public:
		SdkSink(const CvMap& kMap, bool bUpdatePlotGroups, const CvUnit* pUnit)
			: m_kMap(kMap), m_bUpdatePlotGroups(bUpdatePlotGroups), m_pUnit(pUnit) {}

		void changeVisibilityCount(int iPlot, int eTeam, int iChange, int eInvisible)
		{
			cvVisionChangeVisibilityCount(*cvVisionPlotByIndex(m_kMap, iPlot), static_cast<TeamTypes>(eTeam), iChange,
				static_cast<InvisibleTypes>(eInvisible), m_bUpdatePlotGroups, m_pUnit);
		}

	private:
		const CvMap& m_kMap;
		bool m_bUpdatePlotGroups;
		const CvUnit* m_pUnit;
	};

}

// The adapter's levels read the game's CvPlot: only where light reaches.
template <>
struct CvVisionLazyLevels<SdkMap>
{
	enum { VALUE = 1 };
};
template <>
struct CvVisionLazyLevels<CvVisionLevelsBefore<SdkMap> >
{
	enum { VALUE = 1 };
};

namespace
{
	// While auditing, sight is summed here instead of going to the plots.
	class CollectSink
	{
	public:
		CollectSink(std::vector<int>& aiCounts, int iNumPlots, int iNumInvisible)
			: m_aiCounts(aiCounts), m_iNumPlots(iNumPlots), m_iNumInvisible(iNumInvisible) {}

		void changeVisibilityCount(int iPlot, int eTeam, int iChange, int eInvisible)
		{
			m_aiCounts[eTeam * m_iNumPlots + iPlot] += iChange;
			if (eInvisible >= 0)
			{
				m_aiCounts[(MAX_TEAMS + eTeam * m_iNumInvisible + eInvisible) * m_iNumPlots + iPlot] += iChange;
			}
		}

	private:
		std::vector<int>& m_aiCounts;
		int m_iNumPlots;
		int m_iNumInvisible;
	};

	// One source's sight (sightOf): its passes (CvVisionSightRules), their invisible types, and the
	// engine sources they make, which point into aiPassInvisible.
	struct SdkSight
	{
		std::vector<CvVisionSightPass> aPasses;
		std::vector<int> aiPassInvisible;
		std::vector<CvVisionSource> aSources;
	};

	// Marks the state's sight scratch in use for one sight change, and free again at its end.
	class SdkSightUse
	{
	public:
		explicit SdkSightUse(bool& bBusy) : m_bBusy(bBusy), m_bNested(bBusy) { m_bBusy = true; }
		~SdkSightUse() { m_bBusy = m_bNested; }
		bool isNested() const { return m_bNested; }

	private:
		bool& m_bBusy;
		bool m_bNested;
	};

	// Everything read from the game once: the rules, the engine they configure, and what the
	// hot path looks up by index.
	struct SdkState
	{
		bool bReady;
		CvVisionRules kRules;
		CvVisionLevels kLevels;
		CvVisionTables* pOwnTables; // only when the facing spreads differ from BTS
		CvVisionEngine* pEngine;
		int iResightRadius;
		SdkSight kSight;                 // scratch for the sight being changed (sightOf)
		bool bSightBusy;                 // kSight is in use: a sight change inside one gets its own
		std::vector<int>* paiCollect;    // set while an audit collects the expected counts
		CvVisionLedger kLedger;          // with CVVISION_LEDGER: what each source added
		bool bLedgerArmed;               // the ledger holds every current source (after an audit)
		int eArming;                     // CvVision: ARMING_*, what the CvPlot hooks saw last
		int iLoadWrong;                  // the differences the last load's audit found
		CvPathfinder kPathfinder;        // one search, its pool of nodes reused by every path
		// CvVision: a level change's bracket with the armed ledger (updateSeeFromSight).
		int eResight;                    // RESIGHT_*
		int iResightPlot;                // the plot whose levels change
		int iResightSeeThrough;          // its levels before the change
		std::vector<int> aiResightSeeFrom; // by team
		SdkLevelCache kLevelCache;       // every plot's levels, keyed on its facts

		SdkState()
			: bReady(false), pOwnTables(NULL), pEngine(NULL), iResightRadius(0), bSightBusy(false), paiCollect(NULL),
			bLedgerArmed(false),
			eArming(0), iLoadWrong(0), eResight(0), iResightPlot(-1), iResightSeeThrough(0)
		{
		}
	};

	SdkState g_kState;

	// Where a level change's bracket is (SdkState::eResight).
	enum
	{
		RESIGHT_NONE,   // no bracket with the ledger: every sight change as BTS makes it
		RESIGHT_BEFORE, // updateSeeFromSight(false): a source in the ledger keeps its sight
		RESIGHT_AFTER   // updateSeeFromSight(true): a source in the ledger is re-sighted
	};

	// What the CvPlot hooks saw (SdkState::eArming).
	enum
	{
		ARMING_NONE,       // no hook since the last resetRules (or the Python calls alone)
		ARMING_AFTER_RESET, // a new map: the first sight change arms the ledger empty
		ARMING_AFTER_READ, // a load: the first CvGame::update audits and arms
		ARMING_LOADED      // the load's audit is done (onGameLoaded returns iLoadWrong)
	};

	int knobValue(const char* szDefine, int iDefault, int iMin, int iMax)
	{
		int iValue = iDefault;
		if (!GC.getDefinesVarSystem()->GetValue(szDefine, iValue))
		{
			return iDefault; // a missing knob keeps its BTS value
		}
		return (iValue < iMin) ? iMin : ((iValue > iMax) ? iMax : iValue);
	}

	void readDefines(CvVisionRules& kRules)
	{
		kRules.iPlotVisibilityRange = GC.getDefineINT("PLOT_VISIBILITY_RANGE");
		kRules.iUnitVisibilityRange = GC.getDefineINT("UNIT_VISIBILITY_RANGE");
		kRules.iReconVisibilityRange = GC.getDefineINT("RECON_VISIBILITY_RANGE");
		kRules.kLevels.iPeakSeeFromChange = GC.getDefineINT("PEAK_SEE_FROM_CHANGE");
		kRules.kLevels.iPeakSeeThroughChange = GC.getDefineINT("PEAK_SEE_THROUGH_CHANGE");
		kRules.kLevels.iHillsSeeFromChange = GC.getDefineINT("HILLS_SEE_FROM_CHANGE");
		kRules.kLevels.iHillsSeeThroughChange = GC.getDefineINT("HILLS_SEE_THROUGH_CHANGE");
		kRules.kLevels.iSeaWaterSeeFromChange = GC.getDefineINT("SEAWATER_SEE_FROM_CHANGE");
		kRules.kLevels.iSeaWaterSeeThroughChange = GC.getDefineINT("SEAWATER_SEE_THROUGH_CHANGE");
		// Movement (the pathfinder). The game always has both; a denominator below 1 would make
		// every step free, so it keeps BTS's then.
		const int iMoveDenominator = GC.getDefineINT("MOVE_DENOMINATOR");
		if (iMoveDenominator >= 1 && iMoveDenominator <= 10000)
		{
			kRules.iMoveDenominator = iMoveDenominator;
		}
		kRules.iHillsExtraMovement = GC.getDefineINT("HILLS_EXTRA_MOVEMENT");
		for (int i = 0; i < CV_VISION_NUM_KNOBS; ++i)
		{
			const CvVisionKnobInfo& kInfo = cvVisionKnobInfo(i);
			kRules.setKnob(static_cast<CvVisionKnob>(i), knobValue(kInfo.szDefine, kInfo.iDefault, kInfo.iMin, kInfo.iMax));
		}
	}

	void readTerrainInfos(CvVisionRules& kRules)
	{
		for (int i = 0; i < GC.getNumTerrainInfos(); ++i)
		{
			const CvTerrainInfo& kInfo = GC.getTerrainInfo(static_cast<TerrainTypes>(i));
			CvVisionTerrainRule kRule;
			kRule.szType = kInfo.getType();
			kRule.iSeeFrom = kInfo.getSeeFromLevel();
			kRule.iSeeThrough = kInfo.getSeeThroughLevel();
			kRule.bWater = kInfo.isWater();
			kRule.iMovement = kInfo.getMovementCost();
			kRule.bImpassable = kInfo.isImpassable();
			kRules.aTerrains.push_back(kRule);
		}
		for (int i = 0; i < GC.getNumFeatureInfos(); ++i)
		{
			const CvFeatureInfo& kInfo = GC.getFeatureInfo(static_cast<FeatureTypes>(i));
			CvVisionFeatureRule kRule;
			kRule.szType = kInfo.getType();
			kRule.iSeeThrough = kInfo.getSeeThroughChange();
			kRule.iMovement = kInfo.getMovementCost();
			kRule.bImpassable = kInfo.isImpassable();
			kRules.aFeatures.push_back(kRule);
		}
		for (int i = 0; i < GC.getNumRouteInfos(); ++i)
		{
			const CvRouteInfo& kInfo = GC.getRouteInfo(static_cast<RouteTypes>(i));
			CvVisionRouteRule kRule;
			kRule.szType = kInfo.getType();
			kRule.iMovement = kInfo.getMovementCost();
			kRule.iFlatMovement = kInfo.getFlatMovementCost();
			for (int j = 0; j < GC.getNumTechInfos(); ++j)
			{
				const int iChange = kInfo.getTechMovementChange(j);
				if (iChange != 0)
				{
					kRule.aTechMovementChanges.push_back(std::make_pair(j, iChange));
				}
			}
			kRules.aRoutes.push_back(kRule);
		}
		for (int i = 0; i < GC.getNumImprovementInfos(); ++i)
		{
			CvVisionImprovementRule kRule;
			kRule.szType = GC.getImprovementInfo(static_cast<ImprovementTypes>(i)).getType();
			kRule.iExtraSeeFrom = knobValue((CV_VISION_SEE_FROM_PREFIX + kRule.szType).c_str(), 0,
				-CV_VISION_MAX_EXTRA_SEE_FROM, CV_VISION_MAX_EXTRA_SEE_FROM);
			kRules.aImprovements.push_back(kRule);
		}
	}

	void readUnitInfos(CvVisionRules& kRules)
	{
		for (int i = 0; i < GC.getNumTechInfos(); ++i)
		{
			const CvTechInfo& kInfo = GC.getTechInfo(static_cast<TechTypes>(i));
			CvVisionTechRule kRule;
			kRule.szType = kInfo.getType();
			kRule.bExtraWaterSeeFrom = kInfo.isExtraWaterSeeFrom();
			kRules.aTechs.push_back(kRule);
		}
		for (int i = 0; i < GC.getNumPromotionInfos(); ++i)
		{
			const CvPromotionInfo& kInfo = GC.getPromotionInfo(static_cast<PromotionTypes>(i));
			CvVisionPromotionRule kRule;
			kRule.szType = kInfo.getType();
			kRule.iVisibilityChange = kInfo.getVisibilityChange();
			kRules.aPromotions.push_back(kRule);
		}
		for (int i = 0; i < GC.getNumInvisibleInfos(); ++i)
		{
			kRules.aszInvisibleTypes.push_back(GC.getInvisibleInfo(static_cast<InvisibleTypes>(i)).getType());
		}
		for (int i = 0; i < GC.getNumUnitInfos(); ++i)
		{
			const CvUnitInfo& kInfo = GC.getUnitInfo(static_cast<UnitTypes>(i));
			CvVisionUnitRule kRule;
			kRule.szType = kInfo.getType();
			kRule.eDomain = static_cast<CvVisionDomain>(kInfo.getDomainType());
			for (int j = 0; j < kInfo.getNumSeeInvisibleTypes(); ++j)
			{
				kRule.aeSeeInvisible.push_back(kInfo.getSeeInvisibleType(j));
			}
			kRule.bLineOfSight = kInfo.isLineOfSight();
			kRule.iMoves = kInfo.getMoves();
			kRule.iExtraRange = knobValue((CV_VISION_EXTRA_RANGE_PREFIX + kRule.szType).c_str(), 0,
				-CV_VISION_MAX_RANGE, CV_VISION_MAX_RANGE);
			kRules.aUnits.push_back(kRule);
		}
	}

	void build(SdkState& kState)
	{
		kState.kRules = CvVisionRules();
		readDefines(kState.kRules);
		readTerrainInfos(kState.kRules);
		readUnitInfos(kState.kRules);
		const CvVisionRules& kRules = kState.kRules;
		kState.kLevels = CvVisionLevels(kRules.kLevels);
		kState.kLevelCache.clear();
		kState.kLevelCache.setInfoCounts(static_cast<int>(kRules.aTerrains.size()),
			static_cast<int>(kRules.aFeatures.size()), static_cast<int>(kRules.aImprovements.size()));
		const CvVisionTables& kStandard = CvVisionTables::standard();
		if (kRules.iFacingFarSpread != kStandard.farSpreadDegrees()
			|| kRules.iFacingNearSpread != kStandard.nearSpreadDegrees())
		{
			kState.pOwnTables = new CvVisionTables(kRules.iFacingFarSpread, kRules.iFacingNearSpread);
		}
		kState.pEngine = new CvVisionEngine(kState.pOwnTables ? *kState.pOwnTables : kStandard, kRules.kOptions);
		const int iRuleReach = CvVisionSightRules::maxGroundRangeChange();
		kState.iResightRadius = kRules.resightRadius() + ((iRuleReach > 0) ? iRuleReach : 0);
		kState.bReady = true;
	}

	SdkState& state()
	{
		if (!g_kState.bReady)
		{
			build(g_kState);
		}
		return g_kState;
	}

	CvVisionPlotKind kindOf(const CvPlot& kPlot)
	{
		switch (kPlot.getPlotType())
		{
		case PLOT_PEAK: return CV_VISION_PLOT_PEAK;
		case PLOT_HILLS: return CV_VISION_PLOT_HILLS;
		case PLOT_OCEAN: return CV_VISION_PLOT_OCEAN;
		default: return CV_VISION_PLOT_LAND;
		}
	}

	// The game's map as the knowledge view's World (CvKnowledgeView.h): the truth from CvPlot,
	// what a team sees and remembers from the plot's own visibility and revealed memory.
	class SdkPathWorld
	{
	public:
		explicit SdkPathWorld(const CvMap& kMap) : m_kMap(kMap) {}

		int getGridWidth() const { return cvVisionGridWidth(m_kMap); }
		int getGridHeight() const { return cvVisionGridHeight(m_kMap); }
		bool isWrapX() const { return cvVisionWrapX(m_kMap); }
		bool isWrapY() const { return cvVisionWrapY(m_kMap); }

		CvPathPlot truePlot(int iPlot) const
		{
			const CvPlot& kPlot = *cvVisionPlotByIndex(m_kMap, iPlot);
			CvPathPlot kPath;
			kPath.eKind = kindOf(kPlot);
			kPath.eTerrain = kPlot.getTerrainType();
			kPath.eFeature = kPlot.getFeatureType();
			kPath.eRoute = kPlot.getRouteType();
			kPath.eOwner = kPlot.getTeam();
			kPath.bKnown = true;
			return kPath;
		}
		bool isVisibleTo(int iPlot, int eTeam) const
		{
			return cvVisionPlotByIndex(m_kMap, iPlot)->isVisible(static_cast<TeamTypes>(eTeam), false);
		}
		bool isRevealedTo(int iPlot, int eTeam) const
		{
			return cvVisionPlotByIndex(m_kMap, iPlot)->isRevealed(static_cast<TeamTypes>(eTeam), false);
		}
		int revealedRoute(int iPlot, int eTeam) const
		{
			return cvVisionPlotByIndex(m_kMap, iPlot)->getRevealedRouteType(static_cast<TeamTypes>(eTeam), false);
		}
		int revealedOwner(int iPlot, int eTeam) const
		{
			return cvVisionPlotByIndex(m_kMap, iPlot)->getRevealedTeam(static_cast<TeamTypes>(eTeam), false);
		}

	private:
		const CvMap& m_kMap;
	};

	// The unit as the path cost needs it: its type's domain and moves, eTeam's route
	// TechMovementChanges, and the teams whose territory is closed to it (every team but its
	// own, its master and vassals, the barbarians, and those it has open borders with or is at
	// war with). eUnitType must be a land or sea unit type.
	// Does a team know a tech (CvPathUnit::setRouteChanges)?
	struct TeamHasTech
	{
		const CvTeam& kTeam;
		explicit TeamHasTech(const CvTeam& kTeamIn) : kTeam(kTeamIn) {}
		bool operator()(int eTech) const { return kTeam.isHasTech(static_cast<TechTypes>(eTech)); }
	};

	CvPathUnit pathUnitOf(const CvVisionRules& kRules, TeamTypes eTeam, UnitTypes eUnitType)
	{
		CvPathUnit kUnit;
		kUnit.eTeam = eTeam;
		kUnit.setType(kRules, eUnitType);
		const CvTeam& kTeam = GET_TEAM(eTeam);
		kUnit.setRouteChanges(kRules, TeamHasTech(kTeam));
		kUnit.abClosedTeam.assign(MAX_TEAMS, true);
		for (int i = 0; i < MAX_TEAMS; ++i)
		{
			const TeamTypes eOther = static_cast<TeamTypes>(i);
			if (eOther == eTeam || eOther == BARBARIAN_TEAM || kTeam.isVassal(eOther) || GET_TEAM(eOther).isVassal(eTeam)
				|| kTeam.isOpenBorders(eOther) || kTeam.isAtWar(eOther))
			{
				kUnit.abClosedTeam[i] = false;
			}
		}
		return kUnit;
	}

	// The number of bits a fact + 1 of iCount kinds (and none) takes.
	int bitsFor(int iCount)
	{
		int iBits = 0;
		while ((1 << iBits) <= iCount)
		{
			++iBits;
		}
		return iBits;
	}

	void SdkLevelCache::setInfoCounts(int iNumTerrains, int iNumFeatures, int iNumImprovements)
	{
		const int iThirdBits = bitsFor((iNumFeatures > iNumImprovements) ? iNumFeatures : iNumImprovements);
		m_iTerrainShift = bitsFor(NUM_PLOT_TYPES);
		m_iSecondShift = m_iTerrainShift + bitsFor(iNumTerrains);
		m_bKeyed = m_iSecondShift + iThirdBits <= 30; // the key stays a non-negative int
	}

	int SdkLevelCache::computeSeeFrom(const CvPlot& kPlot, bool bExtraWater)
	{
		const SdkState& kState = state();
		const TerrainTypes eTerrain = kPlot.getTerrainType();
		const int iTerrainSeeFrom = (eTerrain == NO_TERRAIN) ? 0 : kState.kRules.aTerrains[eTerrain].iSeeFrom;
		return kState.kLevels.seeFrom(iTerrainSeeFrom, kindOf(kPlot), bExtraWater,
			kState.kRules.improvementSeeFrom(kPlot.getImprovementType()));
	}

	SdkMap::SdkMap(const CvMap& kMap)
		: m_kMap(kMap), m_kCache(state().kLevelCache), m_eCachedTeam(NO_TEAM), m_bCachedExtraWater(false)
	{
		m_kCache.fit(cvVisionNumPlots(kMap));
	}

	// The range of one pass with the mod's knobs: a unit's ground sight gets its type's extra range,
	// capped at CVVISION_MAX_SIGHT_RANGE when set; a PCVT sight model ends at its table.
	int knobRange(const SdkState& kState, const CvVisionSightPass& kPass, const CvUnit* pUnit)
	{
		int iRange = kPass.iRange;
		if (pUnit != NULL && !kPass.bAerial)
		{
			iRange += kState.kRules.aUnits[pUnit->getUnitType()].iExtraRange;
			const int iCap = kState.kRules.iMaxSightRange; // CV_VISION_NO_SIGHT_CAP (BTS): none
			iRange = (iCap != CV_VISION_NO_SIGHT_CAP && iRange > iCap) ? iCap : iRange;
		}
		// Any range as BTS: the engine takes ranges beyond its table (and negative ones) on another
		// path. Only a PCVT sight model ends at its table: ground ranges above it see as far as it.
		if (kState.kRules.kOptions.eSightModel != CV_VISION_SIGHT_BTS && !kPass.bAerial && iRange > CV_VISION_MAX_RANGE)
		{
			iRange = CV_VISION_MAX_RANGE;
		}
		return iRange;
	}

	// The sight a unit (or no unit) on kPlot makes: the passes the rule points give
	// (CvVisionSightRules), with the mod's knobs applied, as engine sources in kSight.aSources;
	// returns how many. Consecutive passes of the same range, aerial flag and facing make one
	// source that lists their invisible types (BTS's sight: always one), so that the engine walks
	// the square once for them; the engine makes a source's passes in order, and the sources come
	// in order, so per plot the count changes come in BTS's order (the passes outermost).
	int sightOf(const SdkState& kState, SdkSight& kSight, const CvPlot& kPlot, TeamTypes eTeam, int iRange, const CvUnit* pUnit)
	{
		CvVisionSightRules::passes(kPlot, eTeam, iRange, pUnit, kSight.aPasses);
		const int iNumPasses = static_cast<int>(kSight.aPasses.size());
		kSight.aiPassInvisible.resize(iNumPasses); // sized once: the sources point into it
		kSight.aSources.clear();
		for (int i = 0; i < iNumPasses; ++i)
		{
			const CvVisionSightPass& kPass = kSight.aPasses[i];
			kSight.aiPassInvisible[i] = kPass.eInvisible;
			const int iPassRange = knobRange(kState, kPass, pUnit);
			const int eFacing = kPass.bAerial ? CV_VISION_NO_DIRECTION : kPass.eFacing;
			if (!kSight.aSources.empty())
			{
				CvVisionSource& kLast = kSight.aSources.back();
				if (kLast.iRange == iPassRange && kLast.bAerial == kPass.bAerial && kLast.eFacing == eFacing)
				{
					++kLast.iNumSeeInvisible;
					continue;
				}
			}
			CvVisionSource kSource(cvVisionX(kPlot), cvVisionY(kPlot), eTeam, iPassRange, kPass.bAerial, eFacing);
			kSource.iNumSeeInvisible = 1;
			kSource.paeSeeInvisible = &kSight.aiPassInvisible[i];
			kSight.aSources.push_back(kSource);
		}
		return static_cast<int>(kSight.aSources.size());
	}

	// Which source a call of changeAdjacentSight is about: a unit's own sight or its recon by
	// the unit, anything else (owned plot, vassal or espionage sight of a city) by plot, range
	// and team; identical ones stack under one key.
	CvVisionSourceKey keyOf(const CvPlot& kPlot, TeamTypes eTeam, int iRange, const CvUnit* pUnit)
	{
		if (pUnit == NULL)
		{
			const int iPlot = cvVisionY(kPlot) * cvVisionGridWidth(cvVisionMap()) + cvVisionX(kPlot);
			return CvVisionSourceKey(CV_VISION_SOURCE_PLOT, iPlot, iRange, eTeam);
		}
		const int eKind = (pUnit->plot() == &kPlot) ? CV_VISION_SOURCE_UNIT : CV_VISION_SOURCE_RECON;
		return CvVisionSourceKey(eKind, cvVisionOwner(*pUnit), pUnit->getID(), eTeam);
	}

	// Adds (iChange 1) or removes (-1) the sources of one sight (sightOf), in order.
	template <class Sink>
	void changeSight(const CvVisionEngine& kEngine, const SdkMap& kLevels, Sink& kSink, const CvVisionSource* paSources,
		int iNumSources, int iChange)
	{
		for (int i = 0; i < iNumSources; ++i)
		{
			kEngine.changeAdjacentSight(kLevels, kSink, paSources[i], iChange);
		}
	}

	// One axis of the re-sight square: the coordinates within iRadius of iC, each once.
	int resightAxis(int iC, int iRadius, int iLength, bool bWrap, int* paiOut)
	{
		int iCount = 0;
		if (bWrap && 2 * iRadius + 1 >= iLength)
		{
			for (int i = 0; i < iLength; ++i)
			{
				paiOut[iCount++] = i;
			}
			return iCount;
		}
		for (int d = -iRadius; d <= iRadius; ++d)
		{
			const int iCoord = cvVisionWrapCoord(iC + d, iLength, bWrap);
			if (iCoord >= 0)
			{
				paiOut[iCount++] = iCoord;
			}
		}
		return iCount;
	}
}

void CvVisionSdk::changeAdjacentSight(const CvPlot& kPlot, TeamTypes eTeam, int iRange, bool bIncrement,
	const CvUnit* pUnit, bool bUpdatePlotGroups)
{
	SdkState& kState = state();
	if (kState.eArming == ARMING_AFTER_RESET && kState.paiCollect == NULL)
	{
		// CvVision: a new map holds no sight yet, so an empty ledger holds every source.
		kState.eArming = ARMING_NONE;
		kState.kLedger.clear();
		kState.bLedgerArmed = kState.kRules.bLedger;
	}
	// The game's count changes may, in some fork, change another sight before this one is done:
	// that one gets its own scratch.
	SdkSight kNested;
	SdkSightUse kUse(kState.bSightBusy);
	SdkSight& kSight = kUse.isNested() ? kNested : kState.kSight;
	const int iNumSources = sightOf(kState, kSight, kPlot, eTeam, iRange, pUnit);
	const CvVisionSource* paSources = kSight.aSources.empty() ? NULL : &kSight.aSources[0];
	const CvMap& kMap = cvVisionMap();
	const SdkMap kLevels(kMap);
	if (kState.paiCollect != NULL)
	{
		CollectSink kCollect(*kState.paiCollect, cvVisionNumPlots(kMap), GC.getNumInvisibleInfos());
		if (kState.kRules.bLedger)
		{
			kState.kLedger.add(keyOf(kPlot, eTeam, iRange, pUnit), *kState.pEngine, kLevels, kCollect, paSources,
				iNumSources);
			return;
		}
		changeSight(*kState.pEngine, kLevels, kCollect, paSources, iNumSources, bIncrement ? 1 : -1);
		return;
	}
	SdkSink kSink(kMap, bUpdatePlotGroups, pUnit);
	if (kState.bLedgerArmed)
	{
		const CvVisionSourceKey kKey = keyOf(kPlot, eTeam, iRange, pUnit);
		if (kState.eResight == RESIGHT_BEFORE && !bIncrement && kState.kLedger.has(kKey))
		{
			return; // kept until the change is made: resightLevelChange then changes what differs
		}
		if (kState.eResight == RESIGHT_AFTER && bIncrement && kState.kLedger.has(kKey))
		{
			const CvVisionLevelsBefore<SdkMap> kBefore(kLevels, kState.iResightPlot, kState.iResightSeeThrough,
				&kState.aiResightSeeFrom[0]);
			kState.kLedger.resightLevelChange(kKey, *kState.pEngine, kBefore, kLevels, kSink, paSources, iNumSources);
			return;
		}
		if (bIncrement)
		{
			kState.kLedger.add(kKey, *kState.pEngine, kLevels, kSink, paSources, iNumSources);
			return;
		}
		if (kState.kLedger.remove(kKey, kSink))
		{
			return; // exactly what the source added, whatever its passes are now
		}
		// Not in the ledger (added before it was armed): as BTS.
	}
	changeSight(*kState.pEngine, kLevels, kSink, paSources, iNumSources, bIncrement ? 1 : -1);
}

bool CvVisionSdk::canSeePlot(const CvPlot& kFrom, const CvPlot* pTo, TeamTypes eTeam, int iRange,
	DirectionTypes eFacingDirection)
{
	if (pTo == NULL)
	{
		return false;
	}
	return engine().canSeePlot(SdkMap(cvVisionMap()), cvVisionX(kFrom), cvVisionY(kFrom),
		cvVisionX(*pTo), cvVisionY(*pTo), eTeam, iRange, eFacingDirection);
}

bool CvVisionSdk::canSeeDisplacementPlot(const CvPlot& kFrom, TeamTypes eTeam, int iDX, int iDY, int /*iOriginalDX*/,
	int /*iOriginalDY*/, bool bFirstPlot, bool bOuterRing)
{
	// BTS's own step for every argument (the original displacement is not read, as in BTS): the
	// displacement as given, wrapped plot by plot, never the short way round.
	return engine().canSeeDisplacement(SdkMap(cvVisionMap()), cvVisionX(kFrom), cvVisionY(kFrom), iDX, iDY, eTeam,
		bFirstPlot, bOuterRing);
}

bool CvVisionSdk::shouldProcessDisplacementPlot(int iDX, int iDY, DirectionTypes eFacingDirection)
{
	const CvVisionRules& kRules = rules();
	return cvVisionFacingAllows(iDX, iDY, eFacingDirection, kRules.iFacingFarSpread, kRules.iFacingNearSpread);
}

int CvVisionSdk::seeFromLevel(const CvPlot& kPlot, TeamTypes eTeam)
{
	const SdkMap kMap(cvVisionMap());
	return kMap.seeFromLevel(cvVisionY(kPlot) * kMap.getGridWidth() + cvVisionX(kPlot), eTeam);
}

int CvVisionSdk::seeThroughLevel(const CvPlot& kPlot)
{
	const SdkState& kState = state();
	const TerrainTypes eTerrain = kPlot.getTerrainType();
	const FeatureTypes eFeature = kPlot.getFeatureType();
	const int iTerrain = (eTerrain == NO_TERRAIN) ? 0 : kState.kRules.aTerrains[eTerrain].iSeeThrough;
	const int iFeature = (eFeature == NO_FEATURE) ? 0 : kState.kRules.aFeatures[eFeature].iSeeThrough;
	return kState.kLevels.seeThrough(iTerrain, iFeature, kindOf(kPlot));
}

void CvVisionSdk::updateSeeFromSight(const CvPlot& kPlot, bool bIncrement, bool bUpdatePlotGroups)
{
	const CvMap& kMap = cvVisionMap();
	SdkState& kState = state();
	// With the armed ledger a source keeps its sight over the change and is then re-sighted only
	// when the change alters it (CvVisionLedger::resightLevelChange), against the plot's levels
	// as they were. Brackets inside brackets, and sources not in the ledger, go as in BTS.
	const int iPlot = cvVisionY(kPlot) * cvVisionGridWidth(kMap) + cvVisionX(kPlot);
	// The bracket says the plot's levels change: its cached ones are forgotten (every use checks
	// them against the plot's facts as well, which catches a change made without the bracket).
	kState.kLevelCache.forget(iPlot);
	if (!bIncrement && kState.bLedgerArmed && kState.paiCollect == NULL && kState.eResight == RESIGHT_NONE)
	{
		const SdkMap kLevels(kMap);
		kState.iResightPlot = iPlot;
		kState.iResightSeeThrough = kLevels.seeThroughLevel(iPlot);
		kState.aiResightSeeFrom.resize(MAX_TEAMS);
		for (int eTeam = 0; eTeam < MAX_TEAMS; ++eTeam)
		{
			kState.aiResightSeeFrom[eTeam] = kLevels.seeFromLevel(iPlot, eTeam);
		}
		kState.eResight = RESIGHT_BEFORE;
		updateSightAround(kPlot, false, bUpdatePlotGroups);
		return;
	}
	if (bIncrement && kState.eResight == RESIGHT_BEFORE && kState.iResightPlot == iPlot)
	{
		kState.eResight = kState.bLedgerArmed ? RESIGHT_AFTER : RESIGHT_NONE;
		updateSightAround(kPlot, true, bUpdatePlotGroups);
		kState.eResight = RESIGHT_NONE;
		kState.iResightPlot = -1;
		return;
	}
	const int iSavedResight = kState.eResight;
	kState.eResight = RESIGHT_NONE; // a bracket inside the bracket: as BTS
	updateSightAround(kPlot, bIncrement, bUpdatePlotGroups);
	kState.eResight = iSavedResight;
}

void CvVisionSdk::updateSightAround(const CvPlot& kPlot, bool bIncrement, bool bUpdatePlotGroups)
{
	const CvMap& kMap = cvVisionMap();
	const int iRadius = resightRadius();
	std::vector<int> aiX(2 * iRadius + 1 + cvVisionGridWidth(kMap));
	std::vector<int> aiY(2 * iRadius + 1 + cvVisionGridHeight(kMap));
	const int iNumX = resightAxis(cvVisionX(kPlot), iRadius, cvVisionGridWidth(kMap), cvVisionWrapX(kMap), &aiX[0]);
	const int iNumY = resightAxis(cvVisionY(kPlot), iRadius, cvVisionGridHeight(kMap), cvVisionWrapY(kMap), &aiY[0]);
	for (int i = 0; i < iNumX; ++i)
	{
		for (int j = 0; j < iNumY; ++j)
		{
			cvVisionPlotByIndex(kMap, aiY[j] * cvVisionGridWidth(kMap) + aiX[i])->updateSight(bIncrement, bUpdatePlotGroups);
		}
	}
}

const CvVisionRules& CvVisionSdk::rules()
{
	return state().kRules;
}

const CvVisionEngine& CvVisionSdk::engine()
{
	return *state().pEngine;
}

void CvVisionSdk::resetRules()
{
	g_kState.kLedger.clear();
	g_kState.bLedgerArmed = false;
	delete g_kState.pEngine;
	delete g_kState.pOwnTables;
	g_kState.pEngine = NULL;
	g_kState.pOwnTables = NULL;
	g_kState.bReady = false;
	g_kState.eArming = ARMING_NONE;
	g_kState.iLoadWrong = 0;
}

int CvVisionSdk::resightRadius()
{
	return state().iResightRadius;
}

int CvVisionSdk::seenPlots(int iX, int iY, TeamTypes eTeam, int iRange, bool bAerial, DirectionTypes eFacing,
	int* paiPlots)
{
	const CvVisionSource kSource(iX, iY, eTeam, iRange, bAerial, eFacing);
	return engine().seenPlots(SdkMap(cvVisionMap()), kSource, paiPlots);
}

int CvVisionSdk::auditSight(bool bRepair, std::vector<CvVisionCountDifference>* pDifferences)
{
	SdkState& kState = state();
	const CvMap& kMap = cvVisionMap();
	const int iNumPlots = cvVisionNumPlots(kMap);
	const int iNumInvisible = GC.getNumInvisibleInfos();
	// [team][plot], then [team][invisible type][plot]
	std::vector<int> aiExpected(MAX_TEAMS * (1 + iNumInvisible) * iNumPlots, 0);
	kState.kLedger.clear();
	kState.paiCollect = &aiExpected;
	for (int i = 0; i < iNumPlots; ++i)
	{
		cvVisionPlotByIndex(kMap, i)->updateSight(true, false);
	}
	kState.paiCollect = NULL;
	// The ledger now holds every current source: from here on they take back what they added.
	kState.bLedgerArmed = kState.kRules.bLedger;

	int iWrong = 0;
	for (int i = 0; i < iNumPlots; ++i)
	{
		CvPlot& kPlot = *cvVisionPlotByIndex(kMap, i);
		for (int t = 0; t < MAX_TEAMS; ++t)
		{
			const TeamTypes eTeam = static_cast<TeamTypes>(t);
			for (int e = -1; e < iNumInvisible; ++e)
			{
				const InvisibleTypes eInvisible = static_cast<InvisibleTypes>(e);
				const int iStored = (e < 0) ? kPlot.getVisibilityCount(eTeam) : kPlot.getInvisibleVisibilityCount(eTeam, eInvisible);
				const int iExpected = aiExpected[((e < 0) ? t : MAX_TEAMS + t * iNumInvisible + e) * iNumPlots + i];
				if (iStored == iExpected)
				{
					continue;
				}
				++iWrong;
				if (pDifferences != NULL)
				{
					const CvVisionCountDifference kDifference = { i, t, e, iStored, iExpected };
					pDifferences->push_back(kDifference);
				}
				if (bRepair && e >= 0)
				{
					kPlot.changeInvisibleVisibilityCount(eTeam, eInvisible, iExpected - iStored);
				}
				else if (bRepair)
				{
					cvVisionChangeVisibilityCount(kPlot, eTeam, iExpected - iStored, NO_INVISIBLE, true, NULL);
				}
			}
		}
	}
	return iWrong;
}

int CvVisionSdk::onGameLoaded()
{
	if (g_kState.eArming == ARMING_LOADED)
	{
		return g_kState.iLoadWrong; // the hooks already did it for this load
	}
	const int iMode = rules().iAuditOnLoad;
	int iWrong = 0;
	if (iMode != 0 || rules().bLedger)
	{
		iWrong = auditSight(iMode == 2, NULL); // also arms the ledger
	}
	if (g_kState.eArming == ARMING_AFTER_READ)
	{
		g_kState.eArming = ARMING_LOADED;
	}
	g_kState.iLoadWrong = (iMode == 0) ? 0 : iWrong;
	return g_kState.iLoadWrong;
}

void CvVisionSdk::onGameStarted()
{
	if (rules().bLedger && !g_kState.bLedgerArmed)
	{
		auditSight(false, NULL);
	}
}

void CvVisionSdk::onPlotReset(const CvPlot& /*kPlot*/)
{
	// Called for every plot: only marks. The rules are not read here (the map may be built
	// before the game's defines are complete).
	if (g_kState.eArming != ARMING_AFTER_RESET || g_kState.bLedgerArmed)
	{
		g_kState.kLedger.clear();
		g_kState.bLedgerArmed = false;
		g_kState.eArming = ARMING_AFTER_RESET;
	}
}

void CvVisionSdk::onPlotRead(const CvPlot& /*kPlot*/)
{
	if (g_kState.eArming != ARMING_AFTER_READ || g_kState.bLedgerArmed)
	{
		g_kState.kLedger.clear();
		g_kState.bLedgerArmed = false;
		g_kState.eArming = ARMING_AFTER_READ;
	}
}

void CvVisionSdk::onGameUpdate()
{
	// Not at the first sight change after the load: that can come in the middle of a move (BTS's
	// CvUnit::setXY takes the unit off its plot before it removes its sight), when an audit
	// would not see the unit. At the start of CvGame::update nothing is half done.
	if (g_kState.eArming == ARMING_AFTER_READ)
	{
		onGameLoaded();
	}
}

bool CvVisionSdk::isLedgerArmed()
{
	return g_kState.bLedgerArmed;
}

int CvVisionSdk::findPath(int iFromX, int iFromY, int iToX, int iToY, TeamTypes eTeam, UnitTypes eUnitType,
	unsigned int uSeed, bool bKnowledge, std::vector<int>& aiPlots, bool* pbReachedGoal)
{
	aiPlots.clear();
	if (pbReachedGoal != NULL)
	{
		*pbReachedGoal = false;
	}
	SdkState& kState = state();
	const CvVisionRules& kRules = kState.kRules;
	const CvMap& kMap = cvVisionMap();
	const int iWidth = cvVisionGridWidth(kMap);
	const int iHeight = cvVisionGridHeight(kMap);
	if (iFromX < 0 || iFromX >= iWidth || iFromY < 0 || iFromY >= iHeight || iToX < 0 || iToX >= iWidth || iToY < 0
		|| iToY >= iHeight || eTeam < 0 || eTeam >= MAX_TEAMS || eUnitType < 0
		|| eUnitType >= static_cast<int>(kRules.aUnits.size()))
	{
		return -1;
	}
	const CvVisionDomain eDomain = kRules.aUnits[eUnitType].eDomain;
	if (eDomain != CV_VISION_DOMAIN_LAND && eDomain != CV_VISION_DOMAIN_SEA)
	{
		return -1; // air and immobile units do not walk
	}
	const CvPathCost kCost(kRules, pathUnitOf(kRules, eTeam, eUnitType));
	const SdkPathWorld kWorld(kMap);
	const int iFrom = iFromY * iWidth + iFromX;
	const int iTo = iToY * iWidth + iToX;
	const CvPathResult& kResult = bKnowledge
		? kState.kPathfinder.findPath(CvKnowledgeView<SdkPathWorld>(kWorld, eTeam), kCost, iFrom, iTo, uSeed)
		: kState.kPathfinder.findPath(CvTruthView<SdkPathWorld>(kWorld), kCost, iFrom, iTo, uSeed);
	if (kResult.eStatus == CV_PATH_BAD_PLOT)
	{
		return -1;
	}
	aiPlots = kResult.aiPlots;
	if (pbReachedGoal != NULL)
	{
		*pbReachedGoal = kResult.eStatus == CV_PATH_FOUND;
	}
	return kResult.iCost;
}
