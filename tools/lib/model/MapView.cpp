// See MapView.h.
#include "model/MapView.h"

#include "model/VisionWorld.h"

#include <utility>

namespace cvv {

MapView viewOfWorld(const VisionWorld& kWorld, const CvVisionRules& kRules, const std::string& sTitle)
{
	MapView kView;
	kView.sTitle = sTitle;
	kView.iWidth = kWorld.state().iWidth;
	kView.iHeight = kWorld.state().iHeight;
	kView.bWrapX = kWorld.state().bWrapX;
	kView.bWrapY = kWorld.state().bWrapY;
	kView.iNumTeams = kWorld.state().iNumTeams;
	const PlotGrid& kGrid = kWorld.grid();
	kView.aPlots.reserve(static_cast<size_t>(kWorld.plotCount()));
	for (int i = 0; i < kWorld.plotCount(); ++i)
	{
		const VisionWorld::PlotState& kState = kWorld.state().aPlots[i];
		MapView::Plot kPlot;
		kPlot.eKind = kState.eKind;
		kPlot.sTerrain = kRules.aTerrains.at(kState.eTerrain).szType;
		kPlot.sFeature = kState.eFeature < 0 ? "" : kRules.aFeatures.at(kState.eFeature).szType;
		kPlot.sImprovement = kState.eImprovement < 0 ? "" : kRules.aImprovements.at(kState.eImprovement).szType;
		kPlot.eOwner = kState.eOwner;
		kPlot.bCity = kState.bCity;
		kPlot.iSeeThrough = kGrid.seeThroughLevel(i);
		for (int t = 0; t < kView.iNumTeams; ++t)
		{
			kPlot.aiSeeFrom.push_back(kGrid.seeFromLevel(i, t));
			kPlot.aiCounts.push_back(kGrid.counts()[t * kWorld.plotCount() + i]);
			kPlot.abRevealed.push_back(kWorld.memory(t, i).bRevealed ? 1 : 0);
		}
		kView.aPlots.push_back(std::move(kPlot));
	}
	for (const auto& [iId, kUnit] : kWorld.state().kUnits)
	{
		MapView::Unit kOut;
		kOut.sType = kRules.aUnits.at(kUnit.eType).szType;
		kOut.eTeam = kUnit.eTeam;
		kOut.iX = kUnit.iX;
		kOut.iY = kUnit.iY;
		kOut.iRange = kWorld.unitRange(iId);
		kOut.aiSees = kWorld.plotsSeenByUnit(iId);
		kView.aUnits.push_back(kOut);
	}
	return kView;
}

} // namespace cvv
