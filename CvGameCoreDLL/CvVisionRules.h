#pragma once
#ifndef CV_VISION_RULES_H
#define CV_VISION_RULES_H

// CvVision: the numbers plot vision depends on (docs/vision-rules.md, sections 1 and 7), and the
// see-from / see-through level of a plot computed from them.
// Plain C++03: this file is compiled into the game's DLL.

#include <string>
#include <utility>
#include <vector>

// The largest map CvVision handles, the same for the DLL's ledger (which packs a plot index in
// 24 bits), the host's readers, worlds and Python: at most CV_VISION_MAX_MAP_PLOTS plots
// (1024x1024; BTS's Gigantic is 128x80, big scenario maps a few hundred a side) and at most
// CV_VISION_MAX_MAP_SIDE plots a side. A world also keeps its plots x teams x (1 + invisible
// types) counts at most CV_VISION_MAX_MAP_COUNTS (256 MB of counts).
#define CV_VISION_MAX_MAP_PLOTS (1048576)
#define CV_VISION_MAX_MAP_SIDE (4096)
#define CV_VISION_MAX_MAP_COUNTS (67108864)

// Whether a map of iWidth x iHeight plots is within the maximum (overflow-safe).
inline bool cvVisionMapSizeOk(int iWidth, int iHeight)
{
	return iWidth >= 1 && iHeight >= 1 && iWidth <= CV_VISION_MAX_MAP_SIDE && iHeight <= CV_VISION_MAX_MAP_SIDE
		&& iWidth <= CV_VISION_MAX_MAP_PLOTS / iHeight;
}

// Plot types, in the game's PlotTypes order.
enum CvVisionPlotKind
{
	CV_VISION_PLOT_PEAK = 0,
	CV_VISION_PLOT_HILLS = 1,
	CV_VISION_PLOT_LAND = 2,
	CV_VISION_PLOT_OCEAN = 3
};

// The GlobalDefines that shape the levels. Defaults are the vanilla BTS values.
struct CvVisionLevelDefines
{
	int iPeakSeeFromChange;       // PEAK_SEE_FROM_CHANGE
	int iPeakSeeThroughChange;    // PEAK_SEE_THROUGH_CHANGE
	int iHillsSeeFromChange;      // HILLS_SEE_FROM_CHANGE
	int iHillsSeeThroughChange;   // HILLS_SEE_THROUGH_CHANGE
	int iSeaWaterSeeFromChange;   // SEAWATER_SEE_FROM_CHANGE
	int iSeaWaterSeeThroughChange; // SEAWATER_SEE_THROUGH_CHANGE (BTS never reads it)
	int iExtraWaterSeeFromBonus;  // what bExtraWaterSeeFrom techs add on water (BTS: 1)
	bool bWaterSeeThroughDefine;  // water see-through adds SEAWATER_SEE_THROUGH_CHANGE, as the
	                              // XML promises (BTS: false, it adds SEAWATER_SEE_FROM_CHANGE)

	CvVisionLevelDefines()
		: iPeakSeeFromChange(2), iPeakSeeThroughChange(2)
		, iHillsSeeFromChange(1), iHillsSeeThroughChange(1)
		, iSeaWaterSeeFromChange(0), iSeaWaterSeeThroughChange(0)
		, iExtraWaterSeeFromBonus(1)
		, bWaterSeeThroughDefine(false)
	{
	}
};

// The defines folded into what each plot kind adds to its terrain's levels, so that a level is a
// few loads and adds: no branch for a random terrain mix to mispredict.
class CvVisionLevels
{
public:
	explicit CvVisionLevels(const CvVisionLevelDefines& kDefines = CvVisionLevelDefines())
	{
		for (int iExtra = 0; iExtra < 2; ++iExtra)
		{
			m_aaiSeeFromChange[iExtra][CV_VISION_PLOT_PEAK] = kDefines.iPeakSeeFromChange;
			m_aaiSeeFromChange[iExtra][CV_VISION_PLOT_HILLS] = kDefines.iHillsSeeFromChange;
			m_aaiSeeFromChange[iExtra][CV_VISION_PLOT_LAND] = 0;
			m_aaiSeeFromChange[iExtra][CV_VISION_PLOT_OCEAN] = kDefines.iSeaWaterSeeFromChange
				+ iExtra * kDefines.iExtraWaterSeeFromBonus;
		}
		m_aiSeeThroughChange[CV_VISION_PLOT_PEAK] = kDefines.iPeakSeeThroughChange;
		m_aiSeeThroughChange[CV_VISION_PLOT_HILLS] = kDefines.iHillsSeeThroughChange;
		m_aiSeeThroughChange[CV_VISION_PLOT_LAND] = 0;
		// BTS quirk kept by default: water adds SEAWATER_SEE_FROM_CHANGE, not the SEE_THROUGH define.
		m_aiSeeThroughChange[CV_VISION_PLOT_OCEAN] = kDefines.bWaterSeeThroughDefine
			? kDefines.iSeaWaterSeeThroughChange : kDefines.iSeaWaterSeeFromChange;
	}

	// seeFrom(P, T): the height a viewer standing on P sees from.
	// bExtraWaterSeeFrom: the viewing team knows a bExtraWaterSeeFrom tech (Optics).
	// iImprovementSeeFrom: the mod's extra see-from of the plot's improvement (BTS: 0).
	int seeFrom(int iTerrainSeeFrom, CvVisionPlotKind eKind, bool bExtraWaterSeeFrom,
		int iImprovementSeeFrom = 0) const
	{
		return iTerrainSeeFrom + iImprovementSeeFrom + m_aaiSeeFromChange[bExtraWaterSeeFrom ? 1 : 0][eKind];
	}

	// seeThrough(P): the height a viewer needs to look past P.
	// iFeatureSeeThrough is 0 for a plot without a feature.
	int seeThrough(int iTerrainSeeThrough, int iFeatureSeeThrough, CvVisionPlotKind eKind) const
	{
		return iTerrainSeeThrough + iFeatureSeeThrough + m_aiSeeThroughChange[eKind];
	}

private:
	int m_aaiSeeFromChange[2][4];
	int m_aiSeeThroughChange[4];
};

// What vision needs of each info type. Indices follow file order, as in the game.
// Movement fields (iMovement, bImpassable, iMoves) are what the pathfinder reads
// (CvPathfinder.h); they follow the game's XML tags of the same names.
struct CvVisionTerrainRule
{
	std::string szType;
	int iSeeFrom;
	int iSeeThrough;
	bool bWater;
	int iMovement;     // movement points to enter (BTS: 1 for every terrain)
	bool bImpassable;  // (BTS: none; peaks are impassable by their plot type)
};

struct CvVisionFeatureRule
{
	std::string szType;
	int iSeeThrough; // the see-through change the feature adds
	int iMovement;   // replaces the terrain's (BTS: forest, jungle, oasis, fallout 2; others 1)
	bool bImpassable; // (BTS: ice)
};

struct CvVisionTechRule
{
	std::string szType;
	bool bExtraWaterSeeFrom;
};

// A route type (Misc/CIV4RouteInfos.xml): what a step along it costs, in 1/MOVE_DENOMINATOR
// moves. It helps only when both plots of the step have a route.
struct CvVisionRouteRule
{
	std::string szType;
	int iMovement;      // BTS road 30, railroad 20
	int iFlatMovement;  // times the unit's base moves (BTS road 30, railroad 6)
	std::vector<std::pair<int, int> > aTechMovementChanges; // (tech index, change): road -10 with Engineering
};

// The mod's own rule for an improvement type (BTS has none): a watchtower or a fort that lifts
// the viewer standing on it.
struct CvVisionImprovementRule
{
	std::string szType;
	int iExtraSeeFrom; // added to the see-from level of a plot with this improvement
};

struct CvVisionPromotionRule
{
	std::string szType;
	int iVisibilityChange;
};

// Domains, in the game's DomainTypes order.
enum CvVisionDomain
{
	CV_VISION_DOMAIN_SEA = 0,
	CV_VISION_DOMAIN_AIR = 1,
	CV_VISION_DOMAIN_LAND = 2,
	CV_VISION_DOMAIN_IMMOBILE = 3
};

struct CvVisionUnitRule
{
	std::string szType;
	CvVisionDomain eDomain;
	int eInvisible;                // index into the invisible types, -1 for none
	std::vector<int> aeSeeInvisible;
	bool bInvisible;
	bool bLineOfSight;
	int iAirRange;
	int iExtraRange;               // the mod's extra sight range for this unit type (BTS: 0)
	int iMoves;                    // base moves (iMoves), for the pathfinder

	CvVisionUnitRule()
		: eDomain(CV_VISION_DOMAIN_LAND), eInvisible(-1), bInvisible(false), bLineOfSight(false)
		, iAirRange(0), iExtraRange(0), iMoves(1)
	{
	}
};

// The mod's own vision knobs that act on the engine. Defaults are exact BTS behaviour.
// (The facing spreads live in the table: CvVisionTables(far, near).)
// The line of sight of ground sources (CVVISION_SIGHT_MODEL; see CvVisionFovSight.h).
enum CvVisionSightModel
{
	CV_VISION_SIGHT_BTS = 0,        // BTS 3.19's tied-predecessor rule (docs/vision-rules.md, section 3)
	CV_VISION_SIGHT_PERMISSIVE = 1, // height-aware PCVT: seen when some ray to the plot is clear
	CV_VISION_SIGHT_SYMMETRIC = 2,  // height-aware PCVT, one symmetric line per plot
	CV_VISION_NUM_SIGHT_MODELS
};

struct CvVisionOptions
{
	bool bOuterRing;          // ground sight looks one ring past its range for tall plots
	bool bOuterRingAsInner;   // ...and judges that ring like the inner ones (BTS: false)
	bool bRevealAdjacent;     // line-of-sight units reveal their 3x3 square (BTS: true)
	int eSightModel;          // CvVisionSightModel (BTS: CV_VISION_SIGHT_BTS)

	CvVisionOptions() : bOuterRing(true), bOuterRingAsInner(false), bRevealAdjacent(true), eSightModel(CV_VISION_SIGHT_BTS) {}
};

// The GlobalDefines that set the mod's knobs. Every loader (the host's XML loader, the SDK
// adapter) goes through this one list, so names, defaults and limits agree.
// An absent knob keeps its default (exact BTS), unlike the game's own defines, which read as 0.
enum CvVisionKnob
{
	CV_VISION_KNOB_OUTER_RING,                  // CVVISION_OUTER_RING
	CV_VISION_KNOB_OUTER_RING_AS_INNER,         // CVVISION_OUTER_RING_AS_INNER
	CV_VISION_KNOB_WATER_SEE_THROUGH_DEFINE,    // CVVISION_WATER_SEE_THROUGH_DEFINE
	CV_VISION_KNOB_EXTRA_WATER_SEE_FROM,        // CVVISION_EXTRA_WATER_SEE_FROM
	CV_VISION_KNOB_FACING_FAR_SPREAD,           // CVVISION_FACING_FAR_SPREAD
	CV_VISION_KNOB_FACING_NEAR_SPREAD,          // CVVISION_FACING_NEAR_SPREAD
	CV_VISION_KNOB_LINE_OF_SIGHT_REVEAL,        // CVVISION_LINE_OF_SIGHT_REVEAL
	CV_VISION_KNOB_MAX_SIGHT_RANGE,             // CVVISION_MAX_SIGHT_RANGE
	CV_VISION_KNOB_AUDIT_ON_LOAD,               // CVVISION_AUDIT_ON_LOAD
	CV_VISION_KNOB_LEDGER,                      // CVVISION_LEDGER
	CV_VISION_KNOB_PATH_UNKNOWN_PLOTS,          // CVVISION_PATH_UNKNOWN_PLOTS
	CV_VISION_KNOB_PATH_CLOSED_BORDERS,         // CVVISION_PATH_CLOSED_BORDERS
	CV_VISION_KNOB_SIGHT_MODEL,                 // CVVISION_SIGHT_MODEL
	CV_VISION_NUM_KNOBS
};

struct CvVisionKnobInfo
{
	const char* szDefine;
	int iDefault;  // exact BTS
	int iMin;
	int iMax;
	const char* szMeaning;
};

const CvVisionKnobInfo& cvVisionKnobInfo(int eKnob);
// The knob a define name sets, or -1.
int cvVisionFindKnob(const std::string& szDefine);

// Per-type knobs: the define name is the prefix followed by the type, for instance
// CVVISION_SEE_FROM_IMPROVEMENT_FORT or CVVISION_EXTRA_RANGE_UNIT_SCOUT.
#define CV_VISION_SEE_FROM_PREFIX "CVVISION_SEE_FROM_"
#define CV_VISION_EXTRA_RANGE_PREFIX "CVVISION_EXTRA_RANGE_"
// CVVISION_MAX_SIGHT_RANGE: -1 is no cap (BTS has none), else a cap up to this.
#define CV_VISION_NO_SIGHT_CAP (-1)
#define CV_VISION_MAX_SIGHT_CAP (1000000)
// Limits of the per-type knobs.
#define CV_VISION_MAX_EXTRA_SEE_FROM (100)

// Everything vision depends on, filled from the game's XML (host loader) or from its info classes
// (SDK adapter): same struct, same meaning. Defaults are vanilla BTS.
class CvVisionRules
{
public:
	CvVisionRules();

	CvVisionLevelDefines kLevels;
	CvVisionOptions kOptions;
	int iFacingFarSpread;      // degrees (BTS: 60)
	int iFacingNearSpread;     // degrees, for the 3x3 square (BTS: 90)
	int iMaxSightRange;        // cap on a unit's total sight range (BTS: CV_VISION_NO_SIGHT_CAP, none)
	int iAuditOnLoad;          // after a save is loaded: 0 nothing (BTS), 1 count wrong counts, 2 repair them
	bool bLedger;              // in the game, sources take back exactly what they added (BTS: false)
	int iPlotVisibilityRange;  // PLOT_VISIBILITY_RANGE
	int iUnitVisibilityRange;  // UNIT_VISIBILITY_RANGE
	int iReconVisibilityRange; // RECON_VISIBILITY_RANGE
	int iMoveDenominator;      // MOVE_DENOMINATOR (BTS: 60)
	int iHillsExtraMovement;   // HILLS_EXTRA_MOVEMENT (BTS: 1)
	bool bPathAvoidUnknown;    // the pathfinder avoids plots its team never saw (BTS AI: false)
	bool bPathClosedBorders;   // the pathfinder keeps out of territory it may not enter (BTS: true)

	std::vector<CvVisionTerrainRule> aTerrains;
	std::vector<CvVisionFeatureRule> aFeatures;
	std::vector<CvVisionTechRule> aTechs;
	std::vector<CvVisionImprovementRule> aImprovements;
	std::vector<CvVisionPromotionRule> aPromotions;
	std::vector<CvVisionUnitRule> aUnits;
	std::vector<CvVisionRouteRule> aRoutes;
	std::vector<std::string> aszInvisibleTypes;

	// Index of a type by name, or -1.
	int findTerrain(const std::string& szType) const;
	int findFeature(const std::string& szType) const;
	int findTech(const std::string& szType) const;
	int findImprovement(const std::string& szType) const;
	int findPromotion(const std::string& szType) const;
	int findUnit(const std::string& szType) const;
	int findRoute(const std::string& szType) const;
	int findInvisibleType(const std::string& szType) const;

	// A knob's value, and setting one (the value must lie within its limits: loaders check).
	int knob(CvVisionKnob eKnob) const;
	void setKnob(CvVisionKnob eKnob, int iValue);

	// The sight range of a unit (docs/vision-rules.md, section 7): UNIT_VISIBILITY_RANGE + the unit
	// type's extra range + iPromotionChange (the sum of its promotions' iVisibilityChange), at most
	// iMaxSightRange when that is set. It may be negative (BTS: -1 sees the own plot alone, below
	// nothing).
	// eUnit -1: no unit type (no extra range).
	int unitSightRange(int eUnit, int iPromotionChange) const;
	// The extra see-from of an improvement; 0 for -1 (no improvement).
	int improvementSeeFrom(int eImprovement) const;
	// The largest distance at which a change of a plot's levels can change a source's sight: the
	// largest ground sight range the rules allow (owned plots; land and sea units with their
	// type's extra range and every positive promotion, capped at iMaxSightRange when set, and at
	// CV_VISION_MAX_RANGE under a PCVT sight model), plus the outer ring. Aerial sight ignores
	// levels. Vanilla: 3.
	int resightRadius() const;
};

#endif
