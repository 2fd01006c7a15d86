// Sight sources for tests, and what an engine's sight of one gives.
#pragma once

#include "CvVisionEngine.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

// A unit of team 0 at (iX, iY).
inline CvVisionSource unitAt(int iX, int iY, int iRange, int eFacing = CV_VISION_NO_DIRECTION)
{
	return CvVisionSource(iX, iY, 0, iRange, false, eFacing);
}

// An engine with the standard tables under a sight model (CVVISION_SIGHT_MODEL).
inline CvVisionEngine engineFor(int eModel, bool bOuterRingAsInner = false)
{
	CvVisionOptions kOptions;
	kOptions.eSightModel = eModel;
	kOptions.bOuterRingAsInner = bOuterRingAsInner;
	return CvVisionEngine(CvVisionTables::standard(), kOptions);
}

// The plots a source sees on a map (the engine's seenPlots, as a set).
template <class Map>
std::set<int> seenBy(const CvVisionEngine& kEngine, const Map& kMap, const CvVisionSource& kSource)
{
	int aiPlots[CV_VISION_MAX_ENTRIES];
	const int iCount = kEngine.seenPlots(kMap, kSource, aiPlots);
	EXPECT_GE(iCount, 0);
	return std::set<int>(aiPlots, aiPlots + std::max(iCount, 0));
}
