// Test worlds for the pathfinder: CvKnowledgeView's World concept drawn as text, and random
// ones. Shared by test_pathfinder.cpp and bench_path.cpp.
#pragma once

#include "CvKnowledgeView.h"
#include "CvPathfinder.h"
#include "formats/RulesLoader.h"

#include <stdexcept>
#include <random>
#include <set>
#include <string>
#include <vector>

namespace cvv {

namespace {
const CvVisionRules& vanilla()
{
	static const CvVisionRules kRules = loadVisionRules({ bundledVanillaAssets() }).kRules;
	return kRules;
}

int type(int iIndex)
{
	if (iIndex < 0)
	{
		throw std::logic_error("a vanilla type is missing from the fixture");
	}
	return iIndex;
}

// A test world (CvKnowledgeView's World concept) drawn as text, north row first:
//   . grass   h hills   ^ peak   ~ ocean   f forest   F forest on hills   = grass with a road
//   # grass with a railroad   1 grass owned by team 1
// Team 0 sees every plot unless told otherwise.
struct GridWorld
{
	int iWidth = 0;
	int iHeight = 0;
	bool bWrapX = false;
	bool bWrapY = false;
	std::vector<CvPathPlot> aTruth;
	std::vector<char> abVisible; // team 0
	std::vector<char> abRevealed; // team 0
	std::vector<int> aiRevealedRoute;
	std::vector<int> aiRevealedOwner;

	GridWorld(const std::vector<std::string>& asRows, bool bWX = false, bool bWY = false)
		: iWidth(static_cast<int>(asRows.at(0).size())), iHeight(static_cast<int>(asRows.size())), bWrapX(bWX),
		  bWrapY(bWY)
	{
		const CvVisionRules& kRules = vanilla();
		for (int iY = 0; iY < iHeight; ++iY)
		{
			for (int iX = 0; iX < iWidth; ++iX)
			{
				const char c = asRows[iHeight - 1 - iY].at(iX);
				CvPathPlot k;
				k.bKnown = true;
				k.eKind = c == 'h' || c == 'F' ? CV_VISION_PLOT_HILLS
					: c == '^'                 ? CV_VISION_PLOT_PEAK
					: c == '~'                 ? CV_VISION_PLOT_OCEAN
											   : CV_VISION_PLOT_LAND;
				k.eTerrain = type(kRules.findTerrain(c == '~' ? "TERRAIN_OCEAN" : "TERRAIN_GRASS"));
				k.eFeature = (c == 'f' || c == 'F') ? type(kRules.findFeature("FEATURE_FOREST")) : -1;
				k.eRoute = c == '=' ? type(kRules.findRoute("ROUTE_ROAD"))
					: c == '#'      ? type(kRules.findRoute("ROUTE_RAILROAD"))
									: -1;
				k.eOwner = c == '1' ? 1 : -1;
				aTruth.push_back(k);
			}
		}
		abVisible.assign(aTruth.size(), 1);
		abRevealed.assign(aTruth.size(), 1);
		for (const CvPathPlot& k : aTruth)
		{
			aiRevealedRoute.push_back(k.eRoute);
			aiRevealedOwner.push_back(k.eOwner);
		}
	}

	int at(int iX, int iY) const { return iY * iWidth + iX; }

	int getGridWidth() const { return iWidth; }
	int getGridHeight() const { return iHeight; }
	bool isWrapX() const { return bWrapX; }
	bool isWrapY() const { return bWrapY; }
	CvPathPlot truePlot(int iPlot) const { return aTruth[iPlot]; }
	bool isVisibleTo(int iPlot, int) const { return abVisible[iPlot] != 0; }
	bool isRevealedTo(int iPlot, int) const { return abRevealed[iPlot] != 0; }
	int revealedRoute(int iPlot, int) const { return aiRevealedRoute[iPlot]; }
	int revealedOwner(int iPlot, int) const { return aiRevealedOwner[iPlot]; }
};

// Plots drawn from szGround (GridWorld's letters, repeated for weight); team 0 sees half the
// plots, remembers a third more, and a third of what it remembers has an outdated route.
// A unit of a vanilla type; team 1's territory is closed to it.
CvPathUnit unitOf(const std::string& sType, std::set<std::string> asTechs = {}, int iTeams = 2)
{
	const CvVisionRules& kRules = vanilla();
	CvPathUnit kUnit;
	kUnit.setType(kRules, type(kRules.findUnit(sType)));
	kUnit.setRouteChanges(kRules, [&](int eTech) { return asTechs.count(kRules.aTechs[eTech].szType) > 0; });
	kUnit.abClosedTeam.assign(iTeams, false);
	kUnit.abClosedTeam[1] = true; // team 1: closed borders
	return kUnit;
}

GridWorld randomWorld(std::mt19937& kRandom, int iWidth, int iHeight, bool bWrapX, bool bWrapY,
	const std::string& sGround = "......hhhff^~==#1F")
{
	std::vector<std::string> asRows(iHeight, std::string(iWidth, '.'));
	for (std::string& sRow : asRows)
	{
		for (char& c : sRow)
		{
			c = sGround[kRandom() % sGround.size()];
		}
	}
	GridWorld kWorld(asRows, bWrapX, bWrapY);
	for (size_t i = 0; i < kWorld.aTruth.size(); ++i)
	{
		const unsigned uKnow = kRandom() % 6;
		kWorld.abVisible[i] = uKnow < 3;
		kWorld.abRevealed[i] = uKnow < 5;
		kWorld.aiRevealedRoute[i] = (kRandom() % 3 == 0) ? -1 : kWorld.aTruth[i].eRoute;
	}
	return kWorld;
}
}

} // namespace cvv
