// SDK mock: the bodies of the mock's GC, CvMap, CvPlot, CvUnit and CvTeam: what
// docs/vision-rules.md, section 7, says the game does around the vision functions. Those live in
// tests/sdk/sdk_unintegrated/CvPlot.cpp, which the tests' build passes through tools/sdk/sdk-integrate,
// as a modder's SDK would be; the differential (tools/sdk/cvsdk/differential.py) puts a real tree's
// own vision functions here instead.
// Written for CvVision's tests from docs/vision-rules.md; not the SDK's code.
#include "CvGameCoreDLL.h"
#include "CvMap.h"
#include "CvPlot.h"
#include "CvTeamAI.h"
#include "CvUnit.h"
#include "CvVisionSdk.h"

#include <cstdio>
#include <cstdlib>

namespace
{
	CvMap g_kMap;
	std::vector<CvTeam> g_aTeams;
}

// --- CvVision's assertion (CvVisionSdkAssert.h) -------------------------------------------------

namespace
{
	CvStandinAssertHandler g_pAssertHandler = NULL;
}

void cvVisionAssertFailed(const char* szExpression, const char* szMessage, const char* szFile, int iLine)
{
	if (g_pAssertHandler != NULL)
	{
		g_pAssertHandler(szExpression, szMessage, szFile, iLine);
		return;
	}
	std::fprintf(stderr, "%s:%d: CvVision assertion failed: %s (%s)\n", szFile, iLine, szExpression, szMessage);
	std::abort();
}

CvStandinAssertHandler cvStandinSetAssertHandler(CvStandinAssertHandler pHandler)
{
	const CvStandinAssertHandler pBefore = g_pAssertHandler;
	g_pAssertHandler = pHandler;
	return pBefore;
}

// --- CvGlobals ---------------------------------------------------------------------------------

CvGlobals& CvGlobals::getInstance()
{
	static CvGlobals kGlobals;
	return kGlobals;
}

CvMap& CvGlobals::getMapINLINE() { return g_kMap; }
CvTeam& CvGlobals::getTeam(TeamTypes eTeam) { return g_aTeams.at(eTeam); }
int CvGlobals::getMaxTeams() const { return static_cast<int>(g_aTeams.size()); }

void CvGlobals::resetMock()
{
	m_kDefines.clear();
	m_aTerrains.clear();
	m_aFeatures.clear();
	m_aImprovements.clear();
	m_aTechs.clear();
	m_aPromotions.clear();
	m_aUnits.clear();
	m_aInvisibles.clear();
	m_aRoutes.clear();
	g_kMap.reset(0, 0, false, false, 0, 0);
	g_aTeams.clear();
	CvVisionSdk::resetRules();
}

// --- CvMap -------------------------------------------------------------------------------------

namespace
{
	// docs/vision-rules.md, section 5: C's truncating remainder, so -L becomes L (off the map).
	int wrappedCoordinate(int iCoord, int iLength, bool bWrap)
	{
		if (!bWrap || iLength == 0)
		{
			return iCoord;
		}
		if (iCoord < 0)
		{
			return iLength + iCoord % iLength;
		}
		return iCoord >= iLength ? iCoord % iLength : iCoord;
	}
}

CvPlot* CvMap::plotINLINE(int iX, int iY) const
{
	iX = wrappedCoordinate(iX, m_iWidth, m_bWrapX);
	iY = wrappedCoordinate(iY, m_iHeight, m_bWrapY);
	if (iX < 0 || iX >= m_iWidth || iY < 0 || iY >= m_iHeight)
	{
		return NULL;
	}
	return plotByIndexINLINE(iY * m_iWidth + iX);
}

void CvMap::reset(int iWidth, int iHeight, bool bWrapX, bool bWrapY, int iNumTeams, int iNumInvisible)
{
	m_aUnits.clear();
	unitsChanged();
	m_iWidth = iWidth;
	m_iHeight = iHeight;
	m_bWrapX = bWrapX;
	m_bWrapY = bWrapY;
	m_aPlots.assign(iWidth * iHeight, CvPlot());
	for (int i = 0; i < iWidth * iHeight; ++i)
	{
		m_aPlots[i].init(i % iWidth, i / iWidth, iNumTeams, iNumInvisible);
	}
	g_aTeams.clear();
	for (int i = 0; i < iNumTeams; ++i)
	{
		g_aTeams.push_back(CvTeam(static_cast<TeamTypes>(i)));
	}
}

CvUnit* CvMap::createUnit(UnitTypes eType, TeamTypes eTeam, int iX, int iY, DirectionTypes eFacing)
{
	static int s_iNextID = 1;
	m_aUnits.push_back(CvUnit(eType, eTeam, iX, iY, eFacing));
	m_aUnits.back().setID(s_iNextID++);
	unitsChanged();
	m_aUnits.back().addSight(true);
	return &m_aUnits.back();
}

void CvMap::killUnit(CvUnit* pUnit)
{
	pUnit->setReconPlot(NULL);
	pUnit->addSight(false);
	for (std::list<CvUnit>::iterator it = m_aUnits.begin(); it != m_aUnits.end(); ++it)
	{
		if (&*it == pUnit)
		{
			m_aUnits.erase(it);
			unitsChanged();
			return;
		}
	}
}

void CvMap::updateSight(bool bIncrement, bool /*bUpdatePlotGroups*/)
{
	for (int i = 0; i < numPlotsINLINE(); ++i)
	{
		plotByIndexINLINE(i)->updateSight(bIncrement, false);
	}
}

const CvMap::UnitSources& CvMap::unitSourcesOn(int iPlot)
{
	if (m_bSourcesStale)
	{
		m_aUnitSources.assign(numPlotsINLINE(), UnitSources());
		for (std::list<CvUnit>::iterator it = m_aUnits.begin(); it != m_aUnits.end(); ++it)
		{
			const CvPlot* pAt = it->plot();
			if (pAt != NULL)
			{
				m_aUnitSources[pAt->getY_INLINE() * m_iWidth + pAt->getX_INLINE()].push_back(std::make_pair(&*it, false));
			}
			const CvPlot* pRecon = it->getReconPlot();
			if (pRecon != NULL)
			{
				m_aUnitSources[pRecon->getY_INLINE() * m_iWidth + pRecon->getX_INLINE()].push_back(std::make_pair(&*it, true));
			}
		}
		m_bSourcesStale = false;
	}
	return m_aUnitSources[iPlot];
}

// --- CvPlot: the rest, as the game does it (docs/vision-rules.md, sections 7 and 8) --------------

CvPlot::CvPlot()
	: m_iX(0), m_iY(0), m_ePlotType(PLOT_LAND), m_eTerrain(static_cast<TerrainTypes>(0)), m_eFeature(NO_FEATURE)
	, m_eImprovement(NO_IMPROVEMENT), m_eOwnerTeam(NO_TEAM), m_eRoute(NO_ROUTE), m_iNumInvisible(0), m_bWentNegative(false)
	, m_pLastVisibilityUnit(NULL), m_iVisibilityChangesWithUnit(0)
{
}

void CvPlot::init(int iX, int iY, int iNumTeams, int iNumInvisible)
{
	m_iX = iX;
	m_iY = iY;
	m_iNumInvisible = iNumInvisible;
	m_aiVisibility.assign(iNumTeams, 0);
	m_aiInvisibleVisibility.assign(iNumTeams * iNumInvisible, 0);
	m_abRevealed.assign(iNumTeams, 0);
	m_aeRevealedRoute.assign(iNumTeams, NO_ROUTE);
	m_aeRevealedTeam.assign(iNumTeams, NO_TEAM);
}

bool CvPlot::isVisible(TeamTypes eTeam, bool) const
{
	return eTeam >= 0 && eTeam < static_cast<int>(m_aiVisibility.size()) && m_aiVisibility[eTeam] > 0;
}

bool CvPlot::isRevealed(TeamTypes eTeam, bool) const
{
	return eTeam >= 0 && eTeam < static_cast<int>(m_abRevealed.size()) && m_abRevealed[eTeam] != 0;
}

RouteTypes CvPlot::getRevealedRouteType(TeamTypes eTeam, bool) const
{
	return isRevealed(eTeam, false) ? m_aeRevealedRoute[eTeam] : NO_ROUTE;
}

TeamTypes CvPlot::getRevealedTeam(TeamTypes eTeam, bool) const
{
	return isRevealed(eTeam, false) ? m_aeRevealedTeam[eTeam] : NO_TEAM;
}

void CvPlot::setRevealedMemory(TeamTypes eTeam, RouteTypes eRoute, TeamTypes eOwner)
{
	m_abRevealed.at(eTeam) = 1;
	m_aeRevealedRoute.at(eTeam) = eRoute;
	m_aeRevealedTeam.at(eTeam) = eOwner;
}

void CvPlot::remember(TeamTypes eTeam)
{
	m_abRevealed[eTeam] = 1;
	m_aeRevealedRoute[eTeam] = m_eRoute;
	m_aeRevealedTeam[eTeam] = m_eOwnerTeam;
	const CvMap& kMap = GC.getMapINLINE();
	for (int iDX = -1; iDX <= 1; ++iDX)
	{
		for (int iDY = -1; iDY <= 1; ++iDY)
		{
			// A neighbour one step off a wrapping edge is on the other edge: no division (the
			// game's plotDirection divides only off the map).
			const int iWidth = kMap.getGridWidthINLINE();
			const int iHeight = kMap.getGridHeightINLINE();
			int iX = m_iX + iDX;
			int iY = m_iY + iDY;
			iX = !kMap.isWrapXINLINE() ? iX : (iX < 0 ? iX + iWidth : (iX >= iWidth ? iX - iWidth : iX));
			iY = !kMap.isWrapYINLINE() ? iY : (iY < 0 ? iY + iHeight : (iY >= iHeight ? iY - iHeight : iY));
			CvPlot* pNeighbour = kMap.plotINLINE(iX, iY);
			if (pNeighbour != NULL && pNeighbour->isRevealed(eTeam, false))
			{
				pNeighbour->m_aeRevealedTeam[eTeam] = pNeighbour->m_eOwnerTeam;
			}
		}
	}
}

void CvPlot::rememberWhereVisible()
{
	for (int t = 0; t < static_cast<int>(m_aiVisibility.size()); ++t)
	{
		if (m_aiVisibility[t] > 0)
		{
			remember(static_cast<TeamTypes>(t));
		}
	}
}

void CvPlot::setRouteType(RouteTypes eNewValue, bool)
{
	m_eRoute = eNewValue;
	rememberWhereVisible();
}

// Every source on this plot: the owner's plot sight, the units here, the air units reconning here.
void CvPlot::updateSight(bool bIncrement, bool bUpdatePlotGroups)
{
	if (m_eOwnerTeam != NO_TEAM)
	{
		changeAdjacentSight(m_eOwnerTeam, GC.getDefineINT("PLOT_VISIBILITY_RANGE"), bIncrement, NULL, bUpdatePlotGroups);
	}
	// A copy: a sight change may, in some test, move a unit.
	const CvMap::UnitSources aSources = GC.getMapINLINE().unitSourcesOn(m_iY * GC.getMapINLINE().getGridWidthINLINE() + m_iX);
	for (size_t i = 0; i < aSources.size(); ++i)
	{
		CvUnit* pUnit = aSources[i].first;
		if (!aSources[i].second)
		{
			changeAdjacentSight(pUnit->getTeam(), pUnit->visibilityRange(), bIncrement, pUnit, bUpdatePlotGroups);
		}
		else
		{
			changeAdjacentSight(pUnit->getTeam(), GC.getDefineINT("RECON_VISIBILITY_RANGE"), bIncrement, pUnit,
				bUpdatePlotGroups);
		}
	}
}

CvPlot::VisibilityObserver CvPlot::s_pfnVisibilityObserver = NULL;

void CvPlot::setFactsUnbracketed(PlotTypes ePlotType, TerrainTypes eTerrain, FeatureTypes eFeature)
{
	m_ePlotType = ePlotType;
	m_eTerrain = eTerrain;
	m_eFeature = eFeature;
}

void CvPlot::changeVisibilityCount(TeamTypes eTeam, int iChange, InvisibleTypes eSeeInvisible, bool,
	const CvUnit* pUnit)
{
	if (s_pfnVisibilityObserver != NULL)
	{
		s_pfnVisibilityObserver(*this, eTeam, iChange, eSeeInvisible);
	}
	m_pLastVisibilityUnit = pUnit;
	m_iVisibilityChangesWithUnit += (pUnit != NULL) ? 1 : 0;
	int& iCount = m_aiVisibility.at(eTeam);
	const bool bWasVisible = iCount > 0;
	iCount += iChange;
	m_bWentNegative = m_bWentNegative || iCount < 0;
	if (iCount > 0 && !bWasVisible)
	{
		remember(eTeam);
		if (m_eOwnerTeam != NO_TEAM)
		{
			GET_TEAM(m_eOwnerTeam).meet(eTeam, true); // the plot's owner meets the team that sees it
		}
	}
	if (eSeeInvisible != NO_INVISIBLE)
	{
		int& iTyped = m_aiInvisibleVisibility.at(eTeam * m_iNumInvisible + eSeeInvisible);
		iTyped += iChange;
		m_bWentNegative = m_bWentNegative || iTyped < 0;
	}
}

int CvPlot::getInvisibleVisibilityCount(TeamTypes eTeam, InvisibleTypes eInvisible) const
{
	return m_aiInvisibleVisibility.at(eTeam * m_iNumInvisible + eInvisible);
}

void CvPlot::changeInvisibleVisibilityCount(TeamTypes eTeam, InvisibleTypes eInvisible, int iChange)
{
	int& iTyped = m_aiInvisibleVisibility.at(eTeam * m_iNumInvisible + eInvisible);
	iTyped += iChange;
	m_bWentNegative = m_bWentNegative || iTyped < 0;
}

void CvPlot::setPlotType(PlotTypes eNewValue)
{
	updateSeeFromSight(false, true);
	m_ePlotType = eNewValue;
	updateSeeFromSight(true, true);
}

void CvPlot::setTerrainType(TerrainTypes eNewValue)
{
	updateSeeFromSight(false, true);
	m_eTerrain = eNewValue;
	updateSeeFromSight(true, true);
}

void CvPlot::setFeatureType(FeatureTypes eNewValue)
{
	updateSeeFromSight(false, true);
	m_eFeature = eNewValue;
	updateSeeFromSight(true, true);
}

void CvPlot::setFeatureTypeUnbracketed(FeatureTypes eNewValue)
{
	m_eFeature = eNewValue;
}

void CvPlot::setImprovementType(ImprovementTypes eNewValue)
{
	m_eImprovement = eNewValue;
}

void CvPlot::setOwnerUnsighted(TeamTypes eNewValue)
{
	m_eOwnerTeam = eNewValue;
}

void CvPlot::setOwnerTeam(TeamTypes eNewValue)
{
	if (m_eOwnerTeam != NO_TEAM)
	{
		changeAdjacentSight(m_eOwnerTeam, GC.getDefineINT("PLOT_VISIBILITY_RANGE"), false, NULL, true);
	}
	m_eOwnerTeam = eNewValue;
	if (m_eOwnerTeam != NO_TEAM)
	{
		changeAdjacentSight(m_eOwnerTeam, GC.getDefineINT("PLOT_VISIBILITY_RANGE"), true, NULL, true);
	}
	rememberWhereVisible();
}

// --- CvUnit ------------------------------------------------------------------------------------

CvUnit::CvUnit(UnitTypes eType, TeamTypes eTeam, int iX, int iY, DirectionTypes eFacing)
	: m_iID(0), m_eType(eType), m_eTeam(eTeam), m_iX(iX), m_iY(iY), m_eFacing(eFacing)
	, m_abPromotions(GC.getNumPromotionInfos(), 0), m_iReconX(-1), m_iReconY(-1)
{
}

const CvUnitInfo& CvUnit::getUnitInfo() const { return GC.getUnitInfo(m_eType); }
DomainTypes CvUnit::getDomainType() const { return getUnitInfo().getDomainType(); }
CvPlot* CvUnit::plot() const { return GC.getMapINLINE().plotINLINE(m_iX, m_iY); }
int CvUnit::getNumSeeInvisibleTypes() const { return getUnitInfo().getNumSeeInvisibleTypes(); }
InvisibleTypes CvUnit::getSeeInvisibleType(int i) const { return getUnitInfo().getSeeInvisibleType(i); }
bool CvUnit::isHasPromotion(PromotionTypes ePromotion) const { return m_abPromotions.at(ePromotion) != 0; }
CvPlot* CvUnit::getReconPlot() const
{
	return m_iReconX < 0 ? NULL : GC.getMapINLINE().plotINLINE(m_iReconX, m_iReconY); // -1: none (the map wraps)
}

DirectionTypes CvUnit::getFacingDirection(bool bCheckLineOfSightProperty) const
{
	if (bCheckLineOfSightProperty && !getUnitInfo().isLineOfSight())
	{
		return NO_DIRECTION;
	}
	return m_eFacing;
}

int CvUnit::visibilityRange() const
{
	return GC.getDefineINT("UNIT_VISIBILITY_RANGE") + getExtraVisibilityRange();
}

int CvUnit::getExtraVisibilityRange() const
{
	int iRange = 0;
	for (int i = 0; i < static_cast<int>(m_abPromotions.size()); ++i)
	{
		iRange += m_abPromotions[i] ? GC.getPromotionInfo(static_cast<PromotionTypes>(i)).getVisibilityChange() : 0;
	}
	return iRange;
}

void CvUnit::setHasPromotionUnbracketed(PromotionTypes ePromotion, bool bNewValue)
{
	m_abPromotions.at(ePromotion) = bNewValue ? 1 : 0;
}

void CvUnit::addSight(bool bIncrement)
{
	plot()->changeAdjacentSight(m_eTeam, visibilityRange(), bIncrement, this, true);
}

void CvUnit::setXY(int iX, int iY)
{
	addSight(false);
	m_iX = iX;
	m_iY = iY;
	GC.getMapINLINE().unitsChanged();
	addSight(true);
}

void CvUnit::setFacingDirection(DirectionTypes eFacing)
{
	addSight(false);
	m_eFacing = eFacing;
	addSight(true);
}

void CvUnit::setHasPromotion(PromotionTypes ePromotion, bool bNewValue)
{
	addSight(false);
	m_abPromotions.at(ePromotion) = bNewValue ? 1 : 0;
	addSight(true);
}

void CvUnit::setReconPlot(CvPlot* pPlot)
{
	const int iRecon = GC.getDefineINT("RECON_VISIBILITY_RANGE");
	if (getReconPlot() != NULL)
	{
		getReconPlot()->changeAdjacentSight(m_eTeam, iRecon, false, this, true);
	}
	m_iReconX = pPlot ? pPlot->getX_INLINE() : -1;
	m_iReconY = pPlot ? pPlot->getY_INLINE() : -1;
	GC.getMapINLINE().unitsChanged();
	if (pPlot != NULL)
	{
		pPlot->changeAdjacentSight(m_eTeam, iRecon, true, this, true);
	}
}

// --- CvTeam ------------------------------------------------------------------------------------

CvTeam::MeetObserver CvTeam::s_pfnMeetObserver = NULL;

void CvTeam::meet(TeamTypes eTeam, bool)
{
	const bool bFirstContact = !isHasMet(eTeam);
	if (s_pfnMeetObserver != NULL)
	{
		s_pfnMeetObserver(m_eID, eTeam, bFirstContact);
	}
	if (bFirstContact)
	{
		set(m_abHasMet, eTeam, true);
		GET_TEAM(eTeam).set(GET_TEAM(eTeam).m_abHasMet, m_eID, true);
	}
}

bool CvTeam::isHasTech(TechTypes eTech) const
{
	return eTech < static_cast<int>(m_abHasTech.size()) && m_abHasTech[eTech];
}

void CvTeam::setHasTech(TechTypes eTech, bool bNewValue)
{
	if (isHasTech(eTech) == bNewValue)
	{
		return;
	}
	m_abHasTech.resize(GC.getNumTechInfos(), false);
	m_abHasTech[eTech] = bNewValue;
	if (GC.getTechInfo(eTech).isExtraWaterSeeFrom())
	{
		changeExtraWaterSeeFromCount(bNewValue ? 1 : -1);
	}
}

// --- the XML loader's defines step (CvXMLLoadUtility.h) ---------------------------------------

#include "CvXMLLoadUtility.h"

CvDLLUtilityIFaceBase* mockDLL()
{
	static CvDLLUtilityIFaceBase s_kDLL;
	return &s_kDLL;
}

void CvDLLUtilityIFaceBase::enumerateFiles(std::vector<CvString>& files, const char* szPattern)
{
	const std::string szWanted(szPattern);
	const std::string::size_type iStar = szWanted.find('*');
	for (std::map<std::string, std::map<std::string, int> >::const_iterator it = m_kFiles.begin(); it != m_kFiles.end(); ++it)
	{
		const std::string& szName = it->first;
		bool bMatch = (szName == szWanted);
		if (iStar != std::string::npos)
		{
			const std::string szHead = szWanted.substr(0, iStar);
			const std::string szTail = szWanted.substr(iStar + 1);
			bMatch = szName.size() >= szHead.size() + szTail.size() && szName.compare(0, szHead.size(), szHead) == 0
				&& szName.compare(szName.size() - szTail.size(), szTail.size(), szTail) == 0;
		}
		if (bMatch)
		{
			files.push_back(szName);
		}
	}
}

bool CvXMLLoadUtility::ReadGlobalDefines(const char* szXMLFileName, CvCacheObject*)
{
	const std::map<std::string, std::map<std::string, int> >::const_iterator itFile = gDLL->m_kFiles.find(szXMLFileName);
	if (itFile == gDLL->m_kFiles.end())
	{
		gDLL->m_aszErrorBoxes.push_back(std::string("LoadXML call failed for ") + szXMLFileName);
		return false;
	}
	for (std::map<std::string, int>::const_iterator it = itFile->second.begin(); it != itFile->second.end(); ++it)
	{
		GC.getDefinesVarSystem()->SetValue(it->first.c_str(), it->second);
	}
	return true;
}
