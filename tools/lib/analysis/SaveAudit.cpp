// See SaveAudit.h.
#include "analysis/SaveAudit.h"

#include "formats/WbReader.h"

#include <algorithm>

namespace cvv {

namespace
{
	int teamOfPlayer(const SaveGame& kSave, int ePlayer)
	{
		return (ePlayer >= 0 && ePlayer < static_cast<int>(kSave.aPlayers.size())) ? kSave.aPlayers[ePlayer].eTeam : -1;
	}

	// A type index from the save, checked against the rules the save is read with.
	int checked(int iIndex, size_t iCount, const char* szWhat, const SaveGame& kSave, const std::string& sWhere)
	{
		if (iIndex >= static_cast<int>(iCount))
		{
			throw SaveError(kSave.sPath + ": " + sWhere + ": " + szWhat + " index " + std::to_string(iIndex) + ", but the rules have "
				+ std::to_string(iCount) + " (give the mod's folders with --assets)");
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
		kOut.eFeature = kPlot.eFeature < 0 ? -1 : checked(kPlot.eFeature, kRules.aFeatures.size(), "feature", kSave, sWhere);
		kOut.eImprovement = kPlot.eImprovement < 0 ? -1
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
			if (kTeam.abHasTech[e] && checked(static_cast<int>(e), kRules.aTechs.size(), "tech", kSave, "team " + std::to_string(t)) >= 0
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

SaveAuditResult auditSave(const SaveGame& kSave, const VisionWorld& kWorld, const CvVisionRules& kRules)
{
	SaveAuditResult kResult;
	const int iNumInvisible = static_cast<int>(kRules.aszInvisibleTypes.size());
	for (int i = 0; i < static_cast<int>(kSave.aPlots.size()); ++i)
	{
		const SavePlot& kPlot = kSave.aPlots[i];
		for (int t = 0; t < kSave.iMaxTeams; ++t)
		{
			const int iStored = kPlot.aiVisibility.at(t);
			const int iExpected = kWorld.grid().counts()[t * kWorld.plotCount() + i];
			bool bSame = iStored == iExpected;
			std::vector<SaveDifference> aHere;
			if (!bSame)
			{
				aHere.push_back({ kPlot.iX, kPlot.iY, t, -1, iStored, iExpected, {} });
			}
			for (int e = 0; e < iNumInvisible; ++e)
			{
				const int iStoredTyped = (t < static_cast<int>(kPlot.aaiInvisibleVisibility.size())
											 && e < static_cast<int>(kPlot.aaiInvisibleVisibility[t].size()))
					? kPlot.aaiInvisibleVisibility[t][e] : 0;
				const int iExpectedTyped = kWorld.grid().invisibleCount(t, e, kPlot.iX, kPlot.iY);
				if (iStoredTyped != iExpectedTyped)
				{
					bSame = false;
					aHere.push_back({ kPlot.iX, kPlot.iY, t, e, iStoredTyped, iExpectedTyped, {} });
				}
			}
			if (iStored == 0 && iExpected == 0 && bSame)
			{
				continue; // a team-plot nobody sees on either side is not counted
			}
			++kResult.lTeamPlots;
			kResult.lMatching += bSame ? 1 : 0;
			for (SaveDifference& kDifference : aHere)
			{
				kDifference.asSources = kWorld.sourcesSeeing(i, t);
				kResult.aDifferences.push_back(kDifference);
			}
		}
	}
	return kResult;
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
