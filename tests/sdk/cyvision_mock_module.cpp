// A Python module for the host tests: CyVision registered exactly as in the game, over the SDK
// mock, plus a few functions that set up a small vanilla-valued game for Python to ask about.
#include "CvGameCoreDLL.h"
#include "CvMap.h"
#include "CvPlot.h"
#include "CvTeamAI.h"
#include "CvVisionSdk.h"

void CyVisionPythonInterface();

namespace {
// Vanilla values (docs/vision-rules.md, section 1): grassland 1/1, ocean 0/0, forest +1, hills
// and peaks.
void setupMockGame(int iWidth, int iHeight, bool bWrapX)
{
	GC.resetMock();
	const char* const aszDefines[] = { "PLOT_VISIBILITY_RANGE", "UNIT_VISIBILITY_RANGE", "RECON_VISIBILITY_RANGE",
		"PEAK_SEE_FROM_CHANGE", "PEAK_SEE_THROUGH_CHANGE", "HILLS_SEE_FROM_CHANGE", "HILLS_SEE_THROUGH_CHANGE",
		"MOVE_DENOMINATOR", "HILLS_EXTRA_MOVEMENT" };
	const int aiValues[] = { 1, 1, 5, 2, 2, 1, 1, 60, 1 };
	for (int i = 0; i < 9; ++i)
	{
		GC.m_kDefines.SetValue(aszDefines[i], aiValues[i]);
	}
	GC.m_aTerrains.push_back(CvTerrainInfo("TERRAIN_GRASS", 1, 1, false, 1, false));
	GC.m_aTerrains.push_back(CvTerrainInfo("TERRAIN_OCEAN", 0, 0, true, 1, false));
	GC.m_aFeatures.push_back(CvFeatureInfo("FEATURE_FOREST", 1, 2, false));
	GC.m_aTechs.push_back(CvTechInfo("TECH_OPTICS", true));
	GC.m_aTechs.push_back(CvTechInfo("TECH_ENGINEERING", false));
	GC.m_aPromotions.push_back(CvPromotionInfo("PROMOTION_SENTRY", 1));
	GC.m_aInvisibles.push_back(CvInvisibleInfo("INVISIBLE_SUBMARINE"));
	GC.m_aInvisibles.push_back(CvInvisibleInfo("INVISIBLE_STEALTH"));
	GC.m_aUnits.push_back(CvUnitInfo("UNIT_WARRIOR", DOMAIN_LAND));
	GC.m_aUnits.push_back(CvUnitInfo("UNIT_FIGHTER", DOMAIN_AIR).moves(1));
	GC.m_aRoutes.push_back(CvRouteInfo("ROUTE_ROAD", 30, 30).techMovementChange(1, -10));
	GC.getMapINLINE().reset(iWidth, iHeight, bWrapX, false, 3, 2);
}

// As the game's workers would: the teams that see the plot remember the new route.
void setRoute(int iX, int iY, int eRoute)
{
	GC.getMapINLINE().plotINLINE(iX, iY)->setRouteType(static_cast<RouteTypes>(eRoute), true);
}

// A unit of eTeam; its sight is added as the game does.
void createUnit(int eType, int eTeam, int iX, int iY)
{
	GC.getMapINLINE().createUnit(static_cast<UnitTypes>(eType), static_cast<TeamTypes>(eTeam), iX, iY);
}

void setOpenBorders(int eTeam, int eOther, bool bOpen)
{
	GET_TEAM(static_cast<TeamTypes>(eTeam)).setOpenBorders(static_cast<TeamTypes>(eOther), bOpen);
}

void setPlotType(int iX, int iY, int ePlotType)
{
	GC.getMapINLINE().plotINLINE(iX, iY)->setPlotType(static_cast<PlotTypes>(ePlotType));
	if (ePlotType == PLOT_OCEAN)
	{
		GC.getMapINLINE().plotINLINE(iX, iY)->setTerrainType(static_cast<TerrainTypes>(1));
	}
}

void setForest(int iX, int iY) { GC.getMapINLINE().plotINLINE(iX, iY)->setFeatureType(static_cast<FeatureTypes>(0)); }

// Damages one plain count, as a leaky DLL's save would.
void corruptCount(int iX, int iY, int eTeam, int iChange)
{
	GC.getMapINLINE().plotINLINE(iX, iY)->changeVisibilityCount(
		static_cast<TeamTypes>(eTeam), iChange, NO_INVISIBLE, false);
}

void setOwner(int iX, int iY, int eTeam)
{
	GC.getMapINLINE().plotINLINE(iX, iY)->setOwnerTeam(static_cast<TeamTypes>(eTeam));
}

void setDefine(const char* szName, int iValue) { GC.m_kDefines.SetValue(szName, iValue); }
}

BOOST_PYTHON_MODULE(cyvision_mock)
{
	python::def("setupMockGame", &setupMockGame);
	python::def("setPlotType", &setPlotType);
	python::def("setForest", &setForest);
	python::def("setDefine", &setDefine);
	python::def("corruptCount", &corruptCount);
	python::def("setOwner", &setOwner);
	python::def("setRoute", &setRoute);
	python::def("createUnit", &createUnit);
	python::def("setOpenBorders", &setOpenBorders);
	CyVisionPythonInterface();
}
