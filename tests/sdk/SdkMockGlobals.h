#pragma once
// The SDK mock's GC filled as the game's XML loading fills it: the infos and defines from the host
// loader's view of a mod's XML (tests/sdk/test_sdk_adapter.cpp, test_sdk_arming.cpp, bench_adapter.cpp).

#include "CvGameCoreDLL.h"
#include "CvGlobals.h"
#include "CvInfos.h"
#include "formats/RulesLoader.h"

#include <map>
#include <string>


// Fills the mock's infos and defines from the host loader's view of the project's vanilla
// XML, as the game's XML loading fills GC.
inline void fillGlobalsFrom(const cvv::LoadedRules& kLoaded, const std::map<std::string, int>& kExtraDefines)
{
	GC.resetMock();
	const CvVisionRules& kRules = kLoaded.kRules;
	for (const auto& [sName, iValue] : kLoaded.kDefines)
	{
		GC.m_kDefines.SetValue(sName.c_str(), iValue);
	}
	for (const auto& [sName, iValue] : kExtraDefines)
	{
		GC.m_kDefines.SetValue(sName.c_str(), iValue);
	}
	for (const CvVisionTerrainRule& k : kRules.aTerrains)
		GC.m_aTerrains.push_back(
			CvTerrainInfo(k.szType, k.iSeeFrom, k.iSeeThrough, k.bWater, k.iMovement, k.bImpassable));
	for (const CvVisionFeatureRule& k : kRules.aFeatures)
		GC.m_aFeatures.push_back(CvFeatureInfo(k.szType, k.iSeeThrough, k.iMovement, k.bImpassable));
	for (const CvVisionRouteRule& k : kRules.aRoutes)
	{
		CvRouteInfo kInfo(k.szType, k.iMovement, k.iFlatMovement);
		for (const auto& [eTech, iChange] : k.aTechMovementChanges) kInfo.techMovementChange(eTech, iChange);
		GC.m_aRoutes.push_back(kInfo);
	}
	for (const CvVisionImprovementRule& k : kRules.aImprovements)
		GC.m_aImprovements.push_back(CvImprovementInfo(k.szType));
	for (const CvVisionTechRule& k : kRules.aTechs) GC.m_aTechs.push_back(CvTechInfo(k.szType, k.bExtraWaterSeeFrom));
	for (const CvVisionPromotionRule& k : kRules.aPromotions)
		GC.m_aPromotions.push_back(CvPromotionInfo(k.szType, k.iVisibilityChange));
	for (const std::string& sType : kRules.aszInvisibleTypes) GC.m_aInvisibles.push_back(CvInvisibleInfo(sType));
	for (const CvVisionUnitRule& k : kRules.aUnits)
	{
		CvUnitInfo kInfo(k.szType, static_cast<DomainTypes>(k.eDomain));
		for (int e : k.aeSeeInvisible) kInfo.seeInvisible(static_cast<InvisibleTypes>(e));
		if (k.bLineOfSight) kInfo.lineOfSight();
		kInfo.moves(k.iMoves);
		GC.m_aUnits.push_back(kInfo);
	}
}
