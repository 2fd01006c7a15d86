// See WorldFromSave.h.
#include "scenario/WorldFromSave.h"

#include <algorithm>
#include <filesystem>

namespace cvv {

namespace {
int teamOfPlayer(const SaveGame& kSave, int ePlayer)
{
	return (ePlayer >= 0 && ePlayer < static_cast<int>(kSave.aPlayers.size())) ? kSave.aPlayers[ePlayer].eTeam : -1;
}

// A type index from the save, checked against the rules the save is read with.
int checked(int iIndex, size_t iCount, const char* szWhat, const SaveGame& kSave, const std::string& sWhere)
{
	if (iIndex >= static_cast<int>(iCount))
	{
		throw SaveError(kSave.sPath + ": " + sWhere + ": " + szWhat + " index " + std::to_string(iIndex)
			+ ", but the rules have " + std::to_string(iCount) + " (give the mod's folders with --assets)");
	}
	return iIndex;
}

std::string at(int iX, int iY) { return "plot (" + std::to_string(iX) + "," + std::to_string(iY) + ")"; }
}

VisionWorld buildSaveWorld(const SaveGame& kSave, const CvVisionRules& kRules)
{
	VisionWorld::State kState;
	kState.iWidth = kSave.iWidth;
	kState.iHeight = kSave.iHeight;
	kState.bWrapX = kSave.bWrapX;
	kState.bWrapY = kSave.bWrapY;
	kState.iNumTeams = kSave.iMaxTeams;
	kState.aiExtraWaterTechs.assign(kState.iNumTeams, 0);
	kState.aeMaster.assign(kState.iNumTeams, -1);
	for (const SavePlot& kPlot : kSave.aPlots)
	{
		VisionWorld::PlotState kOut;
		const std::string sWhere = at(kPlot.iX, kPlot.iY);
		kOut.eKind = static_cast<CvVisionPlotKind>(kPlot.ePlotType);
		kOut.eTerrain = checked(std::max(0, kPlot.eTerrain), kRules.aTerrains.size(), "terrain", kSave, sWhere);
		kOut.eFeature =
			kPlot.eFeature < 0 ? -1 : checked(kPlot.eFeature, kRules.aFeatures.size(), "feature", kSave, sWhere);
		kOut.eImprovement = kPlot.eImprovement < 0
			? -1
			: checked(kPlot.eImprovement, kRules.aImprovements.size(), "improvement", kSave, sWhere);
		kOut.eRoute = kPlot.eRoute;
		kOut.eOwner = teamOfPlayer(kSave, kPlot.eOwner);
		kState.aPlots.push_back(kOut);
	}
	for (int t = 0; t < static_cast<int>(kSave.aTeams.size()) && t < kState.iNumTeams; ++t)
	{
		const SaveTeam& kTeam = kSave.aTeams[t];
		for (size_t e = 0; e < kTeam.abHasTech.size(); ++e)
		{
			if (kTeam.abHasTech[e]
				&& checked(static_cast<int>(e), kRules.aTechs.size(), "tech", kSave, "team " + std::to_string(t)) >= 0
				&& kRules.aTechs[e].bExtraWaterSeeFrom)
			{
				++kState.aiExtraWaterTechs[t];
			}
		}
		kState.aeMaster[t] = kTeam.eVassalOf;
	}
	for (const SaveCity& kCity : kSave.aCities)
	{
		const int iPlot = kCity.iY * kSave.iWidth + kCity.iX;
		kState.aPlots.at(iPlot).bCity = true;
		for (int t = 0; t < static_cast<int>(kCity.aiEspionageVisibility.size()); ++t)
		{
			if (kCity.aiEspionageVisibility[t] > 0)
			{
				kState.kEspionage.insert({ t, iPlot });
			}
		}
	}
	int iNextUnit = 0;
	for (const SaveUnit& kUnit : kSave.aUnits)
	{
		const std::string sWhere = "unit " + std::to_string(kUnit.iId) + " of player " + std::to_string(kUnit.ePlayer);
		VisionWorld::Unit kOut;
		kOut.eType = checked(kUnit.eType, kRules.aUnits.size(), "unit", kSave, sWhere);
		kOut.eTeam = teamOfPlayer(kSave, kUnit.ePlayer);
		kOut.iX = kUnit.iX;
		kOut.iY = kUnit.iY;
		kOut.eFacing = (kUnit.eFacing >= 0 && kUnit.eFacing < 8) ? kUnit.eFacing : 4;
		for (int ePromotion : kUnit.aePromotions)
		{
			kOut.aePromotions.insert(checked(ePromotion, kRules.aPromotions.size(), "promotion", kSave, sWhere));
		}
		if (kUnit.iReconX >= 0 && kUnit.iReconY >= 0)
		{
			kOut.iReconPlot = kUnit.iReconY * kSave.iWidth + kUnit.iReconX;
		}
		if (kOut.eTeam < 0 || kOut.iX < 0 || kOut.iY < 0)
		{
			continue; // a unit outside the map (in transit) or of no player sees nothing
		}
		kState.kUnits[iNextUnit++] = kOut;
	}
	return VisionWorld(kRules, kState);
}

void rememberSave(VisionWorld& kWorld, const SaveGame& kSave)
{
	const int iTeams = kWorld.state().iNumTeams;
	for (int iPlot = 0; iPlot < static_cast<int>(kSave.aPlots.size()) && iPlot < kWorld.plotCount(); ++iPlot)
	{
		const SavePlot& kPlot = kSave.aPlots[iPlot];
		for (int eTeam = 0; eTeam < iTeams && eTeam < static_cast<int>(kPlot.abRevealed.size()); ++eTeam)
		{
			if (!kPlot.abRevealed[eTeam])
			{
				continue;
			}
			const int eOwnerPlayer = kPlot.aeRevealedOwner.at(eTeam);
			VisionWorld::Memory kMemory;
			kMemory.bRevealed = true;
			kMemory.eOwner = (eOwnerPlayer >= 0 && eOwnerPlayer < static_cast<int>(kSave.aPlayers.size()))
				? kSave.aPlayers[eOwnerPlayer].eTeam
				: -1;
			kMemory.eImprovement = kPlot.aeRevealedImprovement.at(eTeam);
			kMemory.eRoute = kPlot.aeRevealedRoute.at(eTeam);
			kWorld.setMemory(eTeam, iPlot, kMemory);
		}
	}
}

std::vector<std::set<int>> techsOfSave(const SaveGame& kSave)
{
	std::vector<std::set<int>> aTechs(kSave.aTeams.size());
	for (size_t t = 0; t < kSave.aTeams.size(); ++t)
	{
		for (size_t i = 0; i < kSave.aTeams[t].abHasTech.size(); ++i)
		{
			if (kSave.aTeams[t].abHasTech[i])
			{
				aTechs[t].insert(static_cast<int>(i));
			}
		}
	}
	return aTechs;
}

MapView viewOfSave(const SaveGame& kSave, const VisionWorld& kWorld, const CvVisionRules& kRules)
{
	MapView kView = viewOfWorld(kWorld, kRules, std::filesystem::path(kSave.sPath).filename().string());
	// The fog is the save's own memory of what each team has seen.
	for (size_t i = 0; i < kView.aPlots.size(); ++i)
	{
		for (int t = 0; t < kView.iNumTeams; ++t)
		{
			kView.aPlots[i].abRevealed.at(t) = kSave.aPlots[i].abRevealed.at(t);
		}
	}
	return kView;
}

} // namespace cvv
