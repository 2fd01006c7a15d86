#pragma once
#ifndef CV_VISION_RULES_H
#define CV_VISION_RULES_H

// CvVision: the numbers plot vision depends on (docs/vision-rules.md, sections 1 and 7), and the
// see-from / see-through level of a plot computed from them.
// Plain C++03: this file is compiled into the game's DLL.

#include "CvVisionTables.h"

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

// The line of sight of ground sources (CVVISION_SIGHT_MODEL; see CvVisionFovSight.h).
enum CvVisionSightModel
{
	CV_VISION_SIGHT_BTS = 0,        // BTS 3.19's tied-predecessor rule (docs/vision-rules.md, section 3)
	CV_VISION_SIGHT_PERMISSIVE = 1, // height-aware PCVT: seen when some ray to the plot is clear
	CV_VISION_SIGHT_SYMMETRIC = 2,  // height-aware PCVT, one symmetric line per plot
	CV_VISION_NUM_SIGHT_MODELS
};

// CVVISION_MAX_SIGHT_RANGE: -1 is no cap (BTS has none), else a cap up to this.
#define CV_VISION_NO_SIGHT_CAP (-1)
#define CV_VISION_MAX_SIGHT_CAP (1000000)
// Limits of the per-type knobs (CVVISION_SEE_FROM_, and of CVVISION_EXTRA_WATER_SEE_FROM).
#define CV_VISION_MAX_EXTRA_SEE_FROM (100)

// The mod's own knobs: GlobalDefines named CVVISION_*, the one list every part goes through (the
// enum, the table of names, defaults, limits and meanings, CvVisionRules' defaults, knob() and
// setKnob(); the host's XML loader, the SDK adapter, `cvvision rules` and Python read the table).
// An absent knob keeps its default (exact BTS), unlike the game's own defines, which read as 0.
//
//   DO(NAME, iDefault, iMin, iMax, szMeaning, KIND, member)
//     NAME       the define is CVVISION_NAME, the enum value CV_VISION_KNOB_NAME
//     iDefault   exact BTS; what CvVisionRules (and CvVisionOptions, CvVisionLevelDefines) start with
//     iMin iMax  the limits loaders hold a value to
//     szMeaning  what it does, in one line (as the knob table of the docs says)
//     KIND       BOOL (a bool member: knob() gives 0 or 1, any non-zero value sets it) or INT
//     member     where CvVisionRules keeps the value (a member of it, or of its kLevels/kOptions)
//
// To add a knob: add its DO(...) line here (and its member to CvVisionRules, or to the struct the
// engine reads it from, when it needs new storage), then its <Define> at the default in
// Assets/XML/CvVision_GlobalDefines.xml (Knobs.ShippedXmlHoldsEveryKnobAtItsDefault fails without)
// and its row in the knob table of the docs. New knobs go at the end (the order of `cvvision rules`).
#define CV_VISION_FOR_EACH_KNOB(DO) \
	DO(OUTER_RING, 1, 0, 1, \
		"1: ground sight looks one ring past its range, where only plots taller than the viewer show", \
		BOOL, kOptions.bOuterRing) \
	DO(OUTER_RING_AS_INNER, 0, 0, 1, \
		"1: that outer ring is judged like the inner rings (any plot in the line of sight shows)", \
		BOOL, kOptions.bOuterRingAsInner) \
	DO(WATER_SEE_THROUGH_DEFINE, 0, 0, 1, \
		"1: water's see-through adds SEAWATER_SEE_THROUGH_CHANGE, as the XML promises; 0: BTS adds " \
		"SEAWATER_SEE_FROM_CHANGE", \
		BOOL, kLevels.bWaterSeeThroughDefine) \
	DO(EXTRA_WATER_SEE_FROM, 1, 0, CV_VISION_MAX_EXTRA_SEE_FROM, \
		"what a team's first bExtraWaterSeeFrom tech (Optics) adds to the see-from level of water", \
		INT, kLevels.iExtraWaterSeeFromBonus) \
	DO(FACING_FAR_SPREAD, CV_VISION_BTS_FAR_SPREAD, 0, 360, \
		"the facing cone of a bLineOfSight unit, in degrees, beyond its 3x3 square", \
		INT, iFacingFarSpread) \
	DO(FACING_NEAR_SPREAD, CV_VISION_BTS_NEAR_SPREAD, 0, 360, \
		"the facing cone of a bLineOfSight unit, in degrees, within its 3x3 square", \
		INT, iFacingNearSpread) \
	DO(LINE_OF_SIGHT_REVEAL, 1, 0, 1, \
		"1: a bLineOfSight unit reveals its whole 3x3 square (+1 then -1) even behind its back", \
		BOOL, kOptions.bRevealAdjacent) \
	DO(MAX_SIGHT_RANGE, CV_VISION_NO_SIGHT_CAP, CV_VISION_NO_SIGHT_CAP, CV_VISION_MAX_SIGHT_CAP, \
		"the largest total sight range of a land or sea unit (base, unit type and promotions together); -1: no cap (BTS)", \
		INT, iMaxSightRange) \
	DO(AUDIT_ON_LOAD, 0, 0, 2, \
		"after a save is loaded: 0 nothing (BTS), 1 audit the visibility counts, 2 audit and repair them", \
		INT, iAuditOnLoad) \
	DO(LEDGER, 0, 0, 1, \
		"1: in the game each source takes back exactly what it added (armed by the DLL after a new map or a load; sdk-integrate adds the hooks)", \
		BOOL, bLedger) \
	DO(PATH_UNKNOWN_PLOTS, 0, 0, 1, \
		"the pathfinder on plots its team never saw: 0 they cost the average land move, 1 they are avoided", \
		BOOL, bPathAvoidUnknown) \
	DO(PATH_CLOSED_BORDERS, 1, 0, 1, \
		"1: the pathfinder keeps out of territory its team may not enter (no open borders, no war), as BTS; 0 borders are ignored", \
		BOOL, bPathClosedBorders) \
	DO(SIGHT_MODEL, CV_VISION_SIGHT_BTS, 0, CV_VISION_NUM_SIGHT_MODELS - 1, \
		"the line of sight of units and plots: 0 BTS; 1 height-aware PCVT, permissive (some ray clear); 2 height-aware PCVT, symmetric (equal heights see each other or neither)", \
		INT, kOptions.eSightModel)

// CV_VISION_KNOB_OUTER_RING, ...: a knob, in the list's order.
#define CV_VISION_KNOB_ENUM_ENTRY(NAME, iDefault, iMin, iMax, szMeaning, KIND, member) CV_VISION_KNOB_##NAME,
enum CvVisionKnob
{
	CV_VISION_FOR_EACH_KNOB(CV_VISION_KNOB_ENUM_ENTRY)
	CV_VISION_NUM_KNOBS
};
#undef CV_VISION_KNOB_ENUM_ENTRY

// CV_VISION_KNOB_DEFAULT_OUTER_RING, ...: a knob's default as a constant, for the constructors.
#define CV_VISION_KNOB_DEFAULT_ENTRY(NAME, iDefault, iMin, iMax, szMeaning, KIND, member) \
	static const int CV_VISION_KNOB_DEFAULT_##NAME = (iDefault);
CV_VISION_FOR_EACH_KNOB(CV_VISION_KNOB_DEFAULT_ENTRY)
#undef CV_VISION_KNOB_DEFAULT_ENTRY

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
		, iExtraWaterSeeFromBonus(CV_VISION_KNOB_DEFAULT_EXTRA_WATER_SEE_FROM)
		, bWaterSeeThroughDefine(CV_VISION_KNOB_DEFAULT_WATER_SEE_THROUGH_DEFINE != 0)
	{
	}
};

// a + b + c as the game's compiled int additions give it: round modulo 2^32 when the sum leaves the
// int range (levels near 10^9 with the GlobalDefines changes), where a signed overflow would be
// undefined in C++. The host's rules loader refuses such rules (docs/vision-rules.md, section 1).
inline int cvVisionLevelSum(int a, int b, int c)
{
	return static_cast<int>(static_cast<unsigned int>(a) + static_cast<unsigned int>(b) + static_cast<unsigned int>(c));
}

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
			m_aaiSeeFromChange[iExtra][CV_VISION_PLOT_OCEAN] = cvVisionLevelSum(kDefines.iSeaWaterSeeFromChange,
				iExtra * kDefines.iExtraWaterSeeFromBonus, 0);
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
		return cvVisionLevelSum(iTerrainSeeFrom, iImprovementSeeFrom, m_aaiSeeFromChange[bExtraWaterSeeFrom ? 1 : 0][eKind]);
	}

	// seeThrough(P): the height a viewer needs to look past P.
	// iFeatureSeeThrough is 0 for a plot without a feature.
	int seeThrough(int iTerrainSeeThrough, int iFeatureSeeThrough, CvVisionPlotKind eKind) const
	{
		return cvVisionLevelSum(iTerrainSeeThrough, iFeatureSeeThrough, m_aiSeeThroughChange[eKind]);
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
	std::vector<int> aeSeeInvisible; // the invisible types it sees (indices into aszInvisibleTypes)
	bool bLineOfSight;
	int iExtraRange;               // the mod's extra sight range for this unit type (BTS: 0)
	int iMoves;                    // base moves (iMoves), for the pathfinder

	CvVisionUnitRule()
		: eDomain(CV_VISION_DOMAIN_LAND), bLineOfSight(false), iExtraRange(0), iMoves(1)
	{
	}
};

// The mod's own vision knobs that act on the engine (see CV_VISION_FOR_EACH_KNOB). Defaults are
// exact BTS behaviour. (The facing spreads live in the table: CvVisionTables(far, near).)
struct CvVisionOptions
{
	bool bOuterRing;          // ground sight looks one ring past its range for tall plots
	bool bOuterRingAsInner;   // ...and judges that ring like the inner ones (BTS: false)
	bool bRevealAdjacent;     // line-of-sight units reveal their 3x3 square (BTS: true)
	int eSightModel;          // CvVisionSightModel (BTS: CV_VISION_SIGHT_BTS)

	CvVisionOptions()
		: bOuterRing(CV_VISION_KNOB_DEFAULT_OUTER_RING != 0)
		, bOuterRingAsInner(CV_VISION_KNOB_DEFAULT_OUTER_RING_AS_INNER != 0)
		, bRevealAdjacent(CV_VISION_KNOB_DEFAULT_LINE_OF_SIGHT_REVEAL != 0)
		, eSightModel(CV_VISION_KNOB_DEFAULT_SIGHT_MODEL)
	{
	}
};

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
