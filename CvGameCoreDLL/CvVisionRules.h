#pragma once
#ifndef CV_VISION_RULES_H
#define CV_VISION_RULES_H

// CvVision: the numbers plot vision depends on (spec civ4-vision.md sections 1 and 7), and the
// see-from / see-through level of a plot computed from them.
// Plain C++03: this file is compiled into the game's DLL.

#include <string>
#include <vector>

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
	int seeFrom(int iTerrainSeeFrom, CvVisionPlotKind eKind, bool bExtraWaterSeeFrom) const
	{
		return iTerrainSeeFrom + m_aaiSeeFromChange[bExtraWaterSeeFrom ? 1 : 0][eKind];
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
struct CvVisionTerrainRule
{
	std::string szType;
	int iSeeFrom;
	int iSeeThrough;
	bool bWater;
};

struct CvVisionFeatureRule
{
	std::string szType;
	int iSeeThrough; // the see-through change the feature adds
};

struct CvVisionTechRule
{
	std::string szType;
	bool bExtraWaterSeeFrom;
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
};

// Everything vision depends on, filled from the game's XML (host loader) or from its info classes
// (SDK adapter): same struct, same meaning. Defaults are vanilla BTS.
class CvVisionRules
{
public:
	CvVisionRules();

	CvVisionLevelDefines kLevels;
	int iPlotVisibilityRange;  // PLOT_VISIBILITY_RANGE
	int iUnitVisibilityRange;  // UNIT_VISIBILITY_RANGE
	int iReconVisibilityRange; // RECON_VISIBILITY_RANGE

	std::vector<CvVisionTerrainRule> aTerrains;
	std::vector<CvVisionFeatureRule> aFeatures;
	std::vector<CvVisionTechRule> aTechs;
	std::vector<CvVisionPromotionRule> aPromotions;
	std::vector<CvVisionUnitRule> aUnits;
	std::vector<std::string> aszInvisibleTypes;

	// Index of a type by name, or -1.
	int findTerrain(const std::string& szType) const;
	int findFeature(const std::string& szType) const;
	int findTech(const std::string& szType) const;
	int findPromotion(const std::string& szType) const;
	int findUnit(const std::string& szType) const;
	int findInvisibleType(const std::string& szType) const;
};

#endif
