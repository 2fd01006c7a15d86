// SDK mock: GC, the defines, the info lists, the map and the teams.
// Written for CvVision's tests from docs/vision-rules.md; not the SDK's file.
#pragma once
#ifndef CV_MOCK_GLOBALS_H
#define CV_MOCK_GLOBALS_H

#include "CvEnums.h"
#include "CvInfos.h"
#include "FVariableSystem.h"

#include <map>
#include <string>
#include <vector>

class CvMap;
class CvTeam;

class CvGlobals
{
public:
	static CvGlobals& getInstance();

	CvMap& getMapINLINE();
	CvMap& getMap() { return getMapINLINE(); }
	CvTeam& getTeam(TeamTypes eTeam);
	int getMaxTeams() const;

	FVariableSystem* getDefinesVarSystem() { return &m_kDefines; }
	int getDefineINT(const char* szName) const
	{
		int iValue = 0;
		return m_kDefines.GetValue(szName, iValue) ? iValue : 0;
	}

	int getNumTerrainInfos() const { return static_cast<int>(m_aTerrains.size()); }
	CvTerrainInfo& getTerrainInfo(TerrainTypes e) { return m_aTerrains[e]; }
	int getNumFeatureInfos() const { return static_cast<int>(m_aFeatures.size()); }
	CvFeatureInfo& getFeatureInfo(FeatureTypes e) { return m_aFeatures[e]; }
	int getNumImprovementInfos() const { return static_cast<int>(m_aImprovements.size()); }
	CvImprovementInfo& getImprovementInfo(ImprovementTypes e) { return m_aImprovements[e]; }
	int getNumTechInfos() const { return static_cast<int>(m_aTechs.size()); }
	CvTechInfo& getTechInfo(TechTypes e) { return m_aTechs[e]; }
	int getNumPromotionInfos() const { return static_cast<int>(m_aPromotions.size()); }
	CvPromotionInfo& getPromotionInfo(PromotionTypes e) { return m_aPromotions[e]; }
	int getNumUnitInfos() const { return static_cast<int>(m_aUnits.size()); }
	CvUnitInfo& getUnitInfo(UnitTypes e) { return m_aUnits[e]; }
	int getNumRouteInfos() const { return static_cast<int>(m_aRoutes.size()); }
	CvRouteInfo& getRouteInfo(RouteTypes e) { return m_aRoutes[e]; }
	int getNumInvisibleInfos() const { return static_cast<int>(m_aInvisibles.size()); }
	CvInvisibleInfo& getInvisibleInfo(InvisibleTypes e) { return m_aInvisibles[e]; }

	// mock only: what the game's XML loading would fill
	FVariableSystem m_kDefines;
	std::vector<CvTerrainInfo> m_aTerrains;
	std::vector<CvFeatureInfo> m_aFeatures;
	std::vector<CvImprovementInfo> m_aImprovements;
	std::vector<CvTechInfo> m_aTechs;
	std::vector<CvPromotionInfo> m_aPromotions;
	std::vector<CvUnitInfo> m_aUnits;
	std::vector<CvInvisibleInfo> m_aInvisibles;
	std::vector<CvRouteInfo> m_aRoutes;
	void resetMock(); // forgets every info, define, team and the map
};

#define GC CvGlobals::getInstance()

#endif
