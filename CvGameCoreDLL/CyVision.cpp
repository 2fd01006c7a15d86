// CvVision: the in-game Python exposure. See CyVision.h.

#include "CvGameCoreDLL.h"
#include "CvVisionSdkCompat.h" // the game's names: GC, CvMap, CvPlot

#include "CvVisionEngine.h"
#include "CvVisionSdk.h"
#include "CyVision.h"

namespace
{
	const CvPlot* plotAt(int iX, int iY)
	{
		return cvVisionPlot(cvVisionMap(), iX, iY);
	}
}

CyVision::CyVision() : m_iLastPathCost(-1), m_bLastPathReachedGoal(false)
{
}

bool CyVision::canSeePlot(int iFromX, int iFromY, int iToX, int iToY, int eTeam, int iRange, int eFacing)
{
	const CvPlot* pFrom = plotAt(iFromX, iFromY);
	if (pFrom == NULL || eTeam < 0 || eTeam >= MAX_TEAMS || eFacing < NO_DIRECTION || eFacing >= NUM_DIRECTION_TYPES)
	{
		return false;
	}
	return CvVisionSdk::canSeePlot(*pFrom, plotAt(iToX, iToY), static_cast<TeamTypes>(eTeam), iRange,
		static_cast<DirectionTypes>(eFacing));
}

std::vector<int> CyVision::seenPlots(int iX, int iY, int eTeam, int iRange, bool bAerial, int eFacing)
{
	std::vector<int> aiPlots;
	if (plotAt(iX, iY) == NULL || eTeam < 0 || eTeam >= MAX_TEAMS || iRange < 0 || iRange > CV_VISION_MAX_RANGE)
	{
		return aiPlots;
	}
	aiPlots.resize((2 * iRange + 3) * (2 * iRange + 3));
	const int iCount = CvVisionSdk::seenPlots(iX, iY, static_cast<TeamTypes>(eTeam), iRange, bAerial,
		static_cast<DirectionTypes>(eFacing), &aiPlots[0]);
	aiPlots.resize(iCount > 0 ? iCount : 0);
	return aiPlots;
}

int CyVision::seeFromLevel(int iX, int iY, int eTeam)
{
	const CvPlot* pPlot = plotAt(iX, iY);
	if (pPlot == NULL || eTeam < 0 || eTeam >= MAX_TEAMS)
	{
		return -1;
	}
	return CvVisionSdk::seeFromLevel(*pPlot, static_cast<TeamTypes>(eTeam));
}

int CyVision::seeThroughLevel(int iX, int iY)
{
	const CvPlot* pPlot = plotAt(iX, iY);
	return (pPlot == NULL) ? -1 : CvVisionSdk::seeThroughLevel(*pPlot);
}

int CyVision::getKnob(std::string szDefine)
{
	const int eKnob = cvVisionFindKnob(szDefine);
	return (eKnob < 0) ? -1 : CvVisionSdk::rules().knob(static_cast<CvVisionKnob>(eKnob));
}

int CyVision::getResightRadius()
{
	return CvVisionSdk::resightRadius();
}

int CyVision::auditSight(bool bRepair)
{
	return CvVisionSdk::auditSight(bRepair, NULL);
}

std::vector<int> CyVision::auditSightDifferences()
{
	std::vector<CvVisionCountDifference> aDifferences;
	CvVisionSdk::auditSight(false, &aDifferences);
	std::vector<int> aiFlat;
	for (size_t i = 0; i < aDifferences.size(); ++i)
	{
		const CvVisionCountDifference& k = aDifferences[i];
		const int aiRow[5] = { k.iPlot, k.eTeam, k.eInvisible, k.iStored, k.iExpected };
		aiFlat.insert(aiFlat.end(), aiRow, aiRow + 5);
	}
	return aiFlat;
}

int CyVision::onGameLoaded()
{
	return CvVisionSdk::onGameLoaded();
}

void CyVision::onGameStart()
{
	CvVisionSdk::onGameStarted();
}

void CyVision::reloadRules()
{
	CvVisionSdk::resetRules();
}

std::vector<int> CyVision::findPath(int iFromX, int iFromY, int iToX, int iToY, int eTeam, int eUnitType, int iSeed,
	bool bKnowledge)
{
	// CvVisionSdk::findPath checks every argument: [] and -1 when one is bad.
	std::vector<int> aiPlots;
	m_iLastPathCost = CvVisionSdk::findPath(iFromX, iFromY, iToX, iToY, static_cast<TeamTypes>(eTeam),
		static_cast<UnitTypes>(eUnitType), static_cast<unsigned int>(iSeed), bKnowledge, aiPlots, &m_bLastPathReachedGoal);
	return aiPlots;
}

int CyVision::getLastPathCost()
{
	return m_iLastPathCost;
}

bool CyVision::getLastPathReachedGoal()
{
	return m_bLastPathReachedGoal;
}
