// See WorldFromMap.h.
#include "scenario/WorldFromMap.h"

namespace cvv {

namespace {
// Resolves a type name; unknown: an error, or with bLenient a warning and -1.
int resolve(int iIndex, const std::string& sWhat, const std::string& sName, const WbMap& kMap, int iLine, bool bLenient,
	std::vector<std::string>* pWarnings)
{
	if (iIndex >= 0)
	{
		return iIndex;
	}
	const std::string sMessage = kMap.sPath + ":" + std::to_string(iLine) + ": unknown " + sWhat + " '" + sName
		+ "' (not in the loaded rules; give the mod's folders with --assets)";
	if (!bLenient)
	{
		throw WbError(sMessage);
	}
	if (pWarnings)
	{
		pWarnings->push_back(sMessage + "; skipped");
	}
	return -1;
}

bool none(const std::string& s) { return s.empty() || s == "NONE"; }

// A unit or city owner that is no player: an error, or with bLenient a warning.
void badOwner(
	const WbMap& kMap, int ePlayer, int iLine, const char* szWhat, bool bLenient, std::vector<std::string>* pWarnings)
{
	const std::string sMessage = kMap.sPath + ":" + std::to_string(iLine) + ": " + szWhat + " owner "
		+ std::to_string(ePlayer) + " is not a player (the file has " + std::to_string(kMap.aPlayers.size())
		+ " players; the barbarians are " + std::to_string(kMap.aPlayers.size()) + ")";
	if (!bLenient)
	{
		throw WbError(sMessage);
	}
	if (pWarnings)
	{
		pWarnings->push_back(sMessage + "; skipped");
	}
}
}

VisionWorld buildWorld(const WbMap& kMap, const CvVisionRules& kRules, bool bLenient,
	std::vector<std::string>* pWarnings, WbProgress fProgress)
{
	const std::string sTooLarge = VisionWorld::sizeProblem(
		kMap.iWidth, kMap.iHeight, kMap.numTeams(), static_cast<int>(kRules.aszInvisibleTypes.size()));
	if (!sTooLarge.empty())
	{
		throw WbError(kMap.sPath + ": " + sTooLarge);
	}
	VisionWorld::State kState;
	kState.iWidth = kMap.iWidth;
	kState.iHeight = kMap.iHeight;
	kState.bWrapX = kMap.bWrapX;
	kState.bWrapY = kMap.bWrapY;
	kState.iNumTeams = kMap.numTeams();
	for (const WbPlot& kPlot : kMap.aOutsidePlots)
	{
		const std::string sMessage = kMap.sPath + ":" + std::to_string(kPlot.iLine) + ": plot ("
			+ std::to_string(kPlot.iX) + "," + std::to_string(kPlot.iY) + ") is outside the "
			+ std::to_string(kMap.iWidth) + "x" + std::to_string(kMap.iHeight) + " map";
		if (!bLenient)
		{
			throw WbError(sMessage);
		}
		if (pWarnings)
		{
			pWarnings->push_back(sMessage + "; skipped, with its units and city");
		}
	}
	kState.aPlots.assign(kMap.iWidth * kMap.iHeight, VisionWorld::PlotState());
	const int eOcean = kRules.findTerrain("TERRAIN_OCEAN");
	for (VisionWorld::PlotState& kPlot : kState.aPlots)
	{
		kPlot.eKind = CV_VISION_PLOT_OCEAN; // a plot the file does not write stays ocean
		kPlot.eTerrain = eOcean >= 0 ? eOcean : 0;
	}
	kState.aiExtraWaterTechs.assign(kState.iNumTeams, 0);
	kState.aeMaster.assign(kState.iNumTeams, -1);
	for (int t = 0; t < static_cast<int>(kMap.aTeams.size()); ++t)
	{
		const WbTeam& kTeam = kMap.aTeams[t];
		for (const std::string& sTech : kTeam.asTechs)
		{
			const int eTech = resolve(kRules.findTech(sTech), "tech", sTech, kMap, kTeam.iLine, bLenient, pWarnings);
			kState.aiExtraWaterTechs[t] += (eTech >= 0 && kRules.aTechs[eTech].bExtraWaterSeeFrom) ? 1 : 0;
		}
		if (kTeam.eVassalOf >= 0 && kTeam.eVassalOf < kState.iNumTeams)
		{
			kState.aeMaster[t] = kTeam.eVassalOf;
		}
	}
	int iNextUnit = 0;
	for (size_t i = 0; i < kMap.aPlots.size(); ++i)
	{
		const WbPlot& kPlot = kMap.aPlots[i];
		if (kPlot.iX < 0 || kPlot.iY < 0 || kPlot.iX >= kMap.iWidth || kPlot.iY >= kMap.iHeight)
		{
			throw WbError(kMap.sPath + ":" + std::to_string(kPlot.iLine) + ": plot (" + std::to_string(kPlot.iX) + ","
				+ std::to_string(kPlot.iY) + ") is outside the " + std::to_string(kMap.iWidth) + "x"
				+ std::to_string(kMap.iHeight) + " map");
		}
		VisionWorld::PlotState& kOut = kState.aPlots[kPlot.iY * kMap.iWidth + kPlot.iX];
		kOut.eKind = static_cast<CvVisionPlotKind>(kPlot.ePlotType);
		const int eTerrain = resolve(
			kRules.findTerrain(kPlot.sTerrain), "terrain", kPlot.sTerrain, kMap, kPlot.iLine, bLenient, pWarnings);
		kOut.eTerrain = eTerrain >= 0 ? eTerrain : kOut.eTerrain;
		if (!none(kPlot.sFeature))
		{
			kOut.eFeature = resolve(
				kRules.findFeature(kPlot.sFeature), "feature", kPlot.sFeature, kMap, kPlot.iLine, bLenient, pWarnings);
		}
		if (!none(kPlot.sImprovement))
		{
			kOut.eImprovement = resolve(kRules.findImprovement(kPlot.sImprovement), "improvement", kPlot.sImprovement,
				kMap, kPlot.iLine, bLenient, pWarnings);
		}
		if (!none(kPlot.sRoute))
		{
			// Without route infos (a mod folder that has no Misc/CIV4RouteInfos.xml) a route is
			// one of unknown type: seen on the map, no help to the pathfinder.
			kOut.eRoute = kRules.aRoutes.empty() ? 0
												 : resolve(kRules.findRoute(kPlot.sRoute), "route", kPlot.sRoute, kMap,
													 kPlot.iLine, bLenient, pWarnings);
		}
		if (kPlot.eCityOwner >= 0)
		{
			const int eTeam = kMap.teamOfPlayer(kPlot.eCityOwner);
			if (eTeam < 0)
			{
				badOwner(kMap, kPlot.eCityOwner, kPlot.iLine, "city", bLenient, pWarnings);
			}
			else
			{
				kOut.bCity = true;
				kOut.eOwner = eTeam;
			}
		}
		for (const WbUnit& kUnit : kPlot.aUnits)
		{
			const int eType =
				resolve(kRules.findUnit(kUnit.sType), "unit", kUnit.sType, kMap, kUnit.iLine, bLenient, pWarnings);
			const int eTeam = kMap.teamOfPlayer(kUnit.ePlayer);
			if (eTeam < 0)
			{
				badOwner(kMap, kUnit.ePlayer, kUnit.iLine, "unit", bLenient, pWarnings);
				continue;
			}
			if (eType < 0)
			{
				continue;
			}
			VisionWorld::Unit kNew;
			kNew.eType = eType;
			kNew.eTeam = eTeam;
			kNew.iX = kPlot.iX;
			kNew.iY = kPlot.iY;
			kNew.eFacing = (kUnit.eFacing >= 0 && kUnit.eFacing < 8) ? kUnit.eFacing : 4;
			for (const std::string& sPromotion : kUnit.asPromotions)
			{
				const int ePromotion = resolve(
					kRules.findPromotion(sPromotion), "promotion", sPromotion, kMap, kUnit.iLine, bLenient, pWarnings);
				if (ePromotion >= 0)
				{
					kNew.aePromotions.insert(ePromotion);
				}
			}
			kState.kUnits[iNextUnit++] = kNew;
		}
		if (fProgress && i % 2000 == 0)
		{
			fProgress("placing", static_cast<long>(i), static_cast<long>(kMap.aPlots.size()));
		}
	}
	return VisionWorld(kRules, kState);
}

void rememberMap(VisionWorld& kWorld, const WbMap& kMap)
{
	for (const WbPlot& kPlot : kMap.aPlots)
	{
		const int iPlot = kPlot.iY * kMap.iWidth + kPlot.iX;
		for (const int eTeam : kPlot.aiTeamReveal)
		{
			if (eTeam < 0 || eTeam >= kWorld.state().iNumTeams || kWorld.memory(eTeam, iPlot).bRevealed)
			{
				continue;
			}
			const VisionWorld::PlotState& kState = kWorld.state().aPlots[iPlot];
			VisionWorld::Memory kMemory;
			kMemory.bRevealed = true;
			kMemory.eOwner = kState.eOwner;
			kMemory.eImprovement = kState.eImprovement;
			kMemory.eRoute = kState.eRoute;
			kWorld.setMemory(eTeam, iPlot, kMemory);
		}
	}
}

std::vector<std::set<int>> techsOfMap(const WbMap& kMap, const CvVisionRules& kRules)
{
	std::vector<std::set<int>> aTechs(kMap.numTeams());
	for (size_t t = 0; t < kMap.aTeams.size(); ++t)
	{
		for (const std::string& sTech : kMap.aTeams[t].asTechs)
		{
			const int eTech = kRules.findTech(sTech);
			if (eTech >= 0)
			{
				aTechs[t].insert(eTech);
			}
		}
	}
	return aTechs;
}

} // namespace cvv
