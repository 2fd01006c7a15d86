// Compiled with -std=c++98 -pedantic-errors (and by i686-w64-mingw32-g++) in `make test`: it makes
// the compiler instantiate the pathfinder's templates with a World shaped like the SDK adapter's
// (CvVisionSdk.cpp: plots read through accessor calls, team and route as ints), under the
// knowledge view and the truth view. Nothing here runs.
#include "CvKnowledgeView.h"
#include "CvPathfinder.h"

#include <utility>

namespace
{
	// Answers as CvPlot would: isVisible / isRevealed / getRevealedRouteType / getRevealedTeam.
	class AdapterLikeWorld
	{
	public:
		AdapterLikeWorld() : m_iWidth(5), m_iHeight(4) {}

		int getGridWidth() const { return m_iWidth; }
		int getGridHeight() const { return m_iHeight; }
		bool isWrapX() const { return true; }
		bool isWrapY() const { return false; }
		CvPathPlot truePlot(int iPlot) const
		{
			CvPathPlot kPlot;
			kPlot.eKind = (iPlot == 7) ? CV_VISION_PLOT_PEAK : CV_VISION_PLOT_LAND;
			kPlot.eTerrain = 0;
			kPlot.eFeature = (iPlot % 3 == 0) ? 0 : -1;
			kPlot.eRoute = (iPlot < m_iWidth) ? 0 : -1;
			kPlot.eOwner = (iPlot == 12) ? 1 : -1;
			kPlot.bKnown = true;
			return kPlot;
		}
		bool isVisibleTo(int iPlot, int eTeam) const { return eTeam == 0 && iPlot < 10; }
		bool isRevealedTo(int iPlot, int eTeam) const { return eTeam == 0 && iPlot < 15; }
		int revealedRoute(int iPlot, int) const { return (iPlot < 12) ? 0 : -1; }
		int revealedOwner(int iPlot, int) const { return (iPlot == 12) ? 1 : -1; }

	private:
		int m_iWidth;
		int m_iHeight;
	};
}

int cvPathInstantiateForCxx03Check()
{
	CvVisionRules kRules;
	CvVisionTerrainRule kGrass;
	kGrass.szType = "TERRAIN_GRASS";
	kGrass.iSeeFrom = 1;
	kGrass.iSeeThrough = 1;
	kGrass.bWater = false;
	kGrass.iMovement = 1;
	kGrass.bImpassable = false;
	kRules.aTerrains.push_back(kGrass);
	CvVisionFeatureRule kForest;
	kForest.szType = "FEATURE_FOREST";
	kForest.iSeeThrough = 1;
	kForest.iMovement = 2;
	kForest.bImpassable = false;
	kRules.aFeatures.push_back(kForest);
	CvVisionRouteRule kRoad;
	kRoad.szType = "ROUTE_ROAD";
	kRoad.iMovement = 30;
	kRoad.iFlatMovement = 30;
	kRoad.aTechMovementChanges.push_back(std::make_pair(0, -10));
	kRules.aRoutes.push_back(kRoad);

	CvPathUnit kUnit;
	kUnit.aiRouteChange.push_back(-10);
	kUnit.abClosedTeam.push_back(false);
	kUnit.abClosedTeam.push_back(true);
	const CvPathCost kCost(kRules, kUnit);
	const AdapterLikeWorld kWorld;
	CvPathfinder kFinder;
	const int iKnown = kFinder.findPath(CvKnowledgeView<AdapterLikeWorld>(kWorld, 0), kCost, 0, 19, 1u).iCost;
	const CvPathResult& kTruth = kFinder.findPath(CvTruthView<AdapterLikeWorld>(kWorld), kCost, 0, 19, 2u);
	return iKnown + kTruth.iCost + static_cast<int>(kTruth.aiPlots.size()) + kFinder.result().iExpanded;
}
