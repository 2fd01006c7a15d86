// What the renderers draw: a map with its sight computed, every team's counts and revealed
// flags, and every unit with the plots it sees. Built from a world (viewOfWorld) or by tests by
// hand; renderers (terminal, PNG, HTML) only read it.
#pragma once

#include "CvVisionRules.h"

#include <string>
#include <vector>

namespace cvv {

class VisionWorld;

struct MapView
{
	struct Plot
	{
		CvVisionPlotKind eKind = CV_VISION_PLOT_LAND; // peak, hills, flat land, water
		std::string sTerrain; // "TERRAIN_GRASS"
		std::string sFeature; // "" for none
		std::string sImprovement; // "" for none
		int eOwner = -1; // owning team, -1 for none
		bool bCity = false;
		int iSeeThrough = 0; // levels (docs/vision-rules.md, section 1)
		std::vector<int> aiSeeFrom; // per team (Optics)
		std::vector<int> aiCounts; // per team: the visibility count
		std::vector<char> abRevealed; // per team: seen now or before
	};

	struct Unit
	{
		std::string sType; // "UNIT_SCOUT"
		int eTeam = 0;
		int iX = 0;
		int iY = 0;
		int iRange = 0; // the range it sees with (promotions and knobs included)
		std::vector<int> aiSees; // indices (y * width + x) of the plots its own sight reaches
	};

	std::string sTitle; // the map's file name
	int iWidth = 0;
	int iHeight = 0;
	bool bWrapX = false;
	bool bWrapY = false;
	int iNumTeams = 0;
	std::vector<Plot> aPlots; // index y * width + x, y grows north
	std::vector<Unit> aUnits;

	const Plot& plot(int iX, int iY) const { return aPlots.at(iY * iWidth + iX); }
	int visiblePlots(int eTeam) const
	{
		int iCount = 0;
		for (const Plot& kPlot : aPlots)
		{
			iCount += kPlot.aiCounts.at(eTeam) > 0;
		}
		return iCount;
	}
};

// The world as the renderers draw it, titled sTitle (the map's file name); revealed: the world's
// own memory.
MapView viewOfWorld(const VisionWorld& kWorld, const CvVisionRules& kRules, const std::string& sTitle);

} // namespace cvv
