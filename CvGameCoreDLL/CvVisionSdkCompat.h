#pragma once
#ifndef CV_VISION_SDK_COMPAT_H
#define CV_VISION_SDK_COMPAT_H

// CvVision: the game's names the adapter (CvVisionSdk.cpp) and CyVision use, all in one place.
// Forks renamed some of BTS's accessors (AdvCiv: getMap, getGridWidth, plotByIndex, getX,
// getOwner... without INLINE), split CvInfos.h into CvInfo_*.h and give
// CvPlot::changeVisibilityCount the unit whose sight it is (advc.071). This copy is BTS's
// flavour; tools/sdk/sdk-integrate writes the flavour of the tree it integrates into, each name as
// the tree's own headers declare it. Include after CvGameCoreDLL.h.
// Plain C++03: this file is compiled into the game's DLL.

#include "CvGlobals.h"
#include "CvMap.h"
#include "CvPlot.h"
#include "CvUnit.h"
#include "CvInfos.h" // CvVision compat: the infos' headers

inline CvMap& cvVisionMap() { return GC.getMapINLINE(); }
inline int cvVisionGridWidth(const CvMap& kMap) { return kMap.getGridWidthINLINE(); }
inline int cvVisionGridHeight(const CvMap& kMap) { return kMap.getGridHeightINLINE(); }
inline bool cvVisionWrapX(const CvMap& kMap) { return kMap.isWrapXINLINE(); }
inline bool cvVisionWrapY(const CvMap& kMap) { return kMap.isWrapYINLINE(); }
inline int cvVisionNumPlots(const CvMap& kMap) { return kMap.numPlotsINLINE(); }
inline CvPlot* cvVisionPlotByIndex(const CvMap& kMap, int iIndex) { return kMap.plotByIndexINLINE(iIndex); }
inline CvPlot* cvVisionPlot(const CvMap& kMap, int iX, int iY) { return kMap.plotINLINE(iX, iY); }
inline int cvVisionX(const CvPlot& kPlot) { return kPlot.getX_INLINE(); }
inline int cvVisionY(const CvPlot& kPlot) { return kPlot.getY_INLINE(); }
inline PlayerTypes cvVisionOwner(const CvUnit& kUnit) { return kUnit.getOwnerINLINE(); }

// pUnit: the unit whose sight changes the count (NULL for a plot's or a city's own sight).
inline void cvVisionChangeVisibilityCount(CvPlot& kPlot, TeamTypes eTeam, int iChange, InvisibleTypes eInvisible,
	bool bUpdatePlotGroups, const CvUnit* /*pUnit*/)
{
	kPlot.changeVisibilityCount(eTeam, iChange, eInvisible, bUpdatePlotGroups);
}

#endif
