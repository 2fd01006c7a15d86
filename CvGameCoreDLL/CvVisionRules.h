#pragma once
#ifndef CV_VISION_RULES_H
#define CV_VISION_RULES_H

// CvVision: the numbers plot vision depends on, and the see-from / see-through
// level of a plot computed from them (spec civ4-vision.md section 1).
// Plain C++03: this file is compiled into the game's DLL.

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

	CvVisionLevelDefines()
		: iPeakSeeFromChange(2), iPeakSeeThroughChange(2)
		, iHillsSeeFromChange(1), iHillsSeeThroughChange(1)
		, iSeaWaterSeeFromChange(0), iSeaWaterSeeThroughChange(0)
		, iExtraWaterSeeFromBonus(1)
	{
	}
};

// seeFrom(P, T): the height a viewer standing on P sees from.
// bExtraWaterSeeFrom: the viewing team knows a bExtraWaterSeeFrom tech (Optics).
inline int cvVisionSeeFromLevel(const CvVisionLevelDefines& kDefines, int iTerrainSeeFrom,
	CvVisionPlotKind eKind, bool bExtraWaterSeeFrom)
{
	int iLevel = iTerrainSeeFrom;
	if (eKind == CV_VISION_PLOT_PEAK)
	{
		iLevel += kDefines.iPeakSeeFromChange;
	}
	else if (eKind == CV_VISION_PLOT_HILLS)
	{
		iLevel += kDefines.iHillsSeeFromChange;
	}
	else if (eKind == CV_VISION_PLOT_OCEAN)
	{
		iLevel += kDefines.iSeaWaterSeeFromChange;
		if (bExtraWaterSeeFrom)
		{
			iLevel += kDefines.iExtraWaterSeeFromBonus;
		}
	}
	return iLevel;
}

// seeThrough(P): the height a viewer needs to look past P.
// iFeatureSeeThrough is 0 for a plot without a feature.
// BTS quirk kept: water adds SEAWATER_SEE_FROM_CHANGE, not the SEE_THROUGH define.
inline int cvVisionSeeThroughLevel(const CvVisionLevelDefines& kDefines, int iTerrainSeeThrough,
	int iFeatureSeeThrough, CvVisionPlotKind eKind)
{
	int iLevel = iTerrainSeeThrough + iFeatureSeeThrough;
	if (eKind == CV_VISION_PLOT_PEAK)
	{
		iLevel += kDefines.iPeakSeeThroughChange;
	}
	else if (eKind == CV_VISION_PLOT_HILLS)
	{
		iLevel += kDefines.iHillsSeeThroughChange;
	}
	else if (eKind == CV_VISION_PLOT_OCEAN)
	{
		iLevel += kDefines.iSeaWaterSeeFromChange;
	}
	return iLevel;
}

#endif
