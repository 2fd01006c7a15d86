// CvPlot.cpp -- a fake, SDK-shaped file written for the sdk-integrate tests.
// Only the signatures resemble the game's; every body is made up.
// A brace in a comment must not confuse the scanner: { {{ }

#include "CvGameCoreDLL.h"
#include "CvPlot.h"
#include "CvUnit.h"
#include "CvMap.h"

#define FIXTURE_OPEN_BRACE '{'

// Public Functions...

CvPlot::CvPlot()
{
	m_iX = 0;
	m_iY = 0;
	m_iSeeFromLevel = 0;
	m_pUnitList = NULL;



CvPlot::~CvPlot()
{
	m_pUnitList = NULL;
}


const char* CvPlot::debugName() const
{
	// a string with braces and a fake definition: "void CvPlot::seeThroughLevel() const {"
	return "plot {x, y} \"quoted\" }";
}


void CvPlot::updateSight(bool bIncrement, bool bUpdatePlotGroups)
{
	// every unit on the plot looks around { see changeAdjacentSight() }
	CvUnit* pLoopUnit = m_pUnitList;
	while (pLoopUnit != NULL)
	{
		changeAdjacentSight(pLoopUnit->getTeam(), pLoopUnit->visibilityRange(), bIncrement, pLoopUnit, bUpdatePlotGroups);
		pLoopUnit = pLoopUnit->nextUnit();
	}

	if (isOwned())
	{
		changeAdjacentSight(getTeam(), 1, bIncrement, NULL, bUpdatePlotGroups);
	}
}


void CvPlot::updateSeeFromSight(bool bIncrement, bool bUpdatePlotGroups)
{
	int iRange = 2 + seeFromLevel(NO_TEAM);

	for (int iDX = -iRange; iDX <= iRange; iDX++)
	{
		for (int iDY = -iRange; iDY <= iRange; iDY++)
		{
			CvPlot* pLoopPlot = plotXY(getX(), getY(), iDX, iDY);
			if (pLoopPlot != NULL)
			{
				pLoopPlot->updateSight(bIncrement, bUpdatePlotGroups);
			}
		}
	}
}


bool CvPlot::canSeePlot(CvPlot *plot, TeamTypes eTeam, int iRange, DirectionTypes eFacingDirection) const
{
	if (plot == NULL)
	{
		return false;
	}

	int dx = plot->getX() - getX();
	int dy = plot->getY() - getY();
	/* check the square first } */
	if (abs(dx) > iRange || abs(dy) > iRange)
	{
		return false;
	}

	if (!shouldProcessDisplacementPlot(dx, dy, iRange, eFacingDirection))
	{
		return false;
	}

	return canSeeDisplacementPlot(eTeam, dx, dy, dx, dy, true, false);
}


bool CvPlot::canSeeDisplacementPlot(TeamTypes eTeam, int dx, int dy, int originalDX, int originalDY, bool firstPlot, bool outerRing) const
{
	CvPlot* pPlot = plotXY(getX(), getY(), dx, dy);
	if (pPlot == NULL)
	{
		return false;
	}

	if (dx == 0 && dy == 0)
	{
		return true;
	}

	// step one plot back towards the origin (made-up rule)
	int iStepX = (dx > 0) ? dx - 1 : ((dx < 0) ? dx + 1 : 0);
	int iStepY = (dy > 0) ? dy - 1 : ((dy < 0) ? dy + 1 : 0);
	if (pPlot->seeThroughLevel() > seeFromLevel(eTeam) && !outerRing)
	{
		return firstPlot;
	}

	return canSeeDisplacementPlot(eTeam, iStepX, iStepY, originalDX, originalDY, false, outerRing);
}


bool CvPlot::shouldProcessDisplacementPlot(int dx, int dy, int range, DirectionTypes eFacingDirection) const
{
	if (eFacingDirection == NO_DIRECTION)
	{
		return true;
	}

	if (dx == 0 && dy == 0)
	{
		return true;
	}

	// made-up cone: the plots in front of the unit, and the ring next to it
	int iFrontX = (eFacingDirection == DIRECTION_EAST) ? 1 : ((eFacingDirection == DIRECTION_WEST) ? -1 : 0);
	int iFrontY = (eFacingDirection == DIRECTION_NORTH) ? 1 : ((eFacingDirection == DIRECTION_SOUTH) ? -1 : 0);
	return (dx * iFrontX + dy * iFrontY) >= 0 || (abs(dx) <= 1 && abs(dy) <= 1 && range > 0);
}


void CvPlot::changeAdjacentSight(TeamTypes eTeam, int iRange, bool bIncrement, CvUnit* pUnit, bool bUpdatePlotGroups)
{
	bool bAerial = (pUnit != NULL && pUnit->getDomainType() == DOMAIN_AIR);
	DirectionTypes eFacingDirection = NO_DIRECTION;
	if (!bAerial && pUnit != NULL && pUnit->isLineOfSight())
	{
		eFacingDirection = pUnit->getFacingDirection();
	}

	for (int dx = -iRange - 1; dx <= iRange + 1; dx++)
	{
		for (int dy = -iRange - 1; dy <= iRange + 1; dy++)
		{
			bool bOuterRing = (abs(dx) == iRange + 1 || abs(dy) == iRange + 1);
			if (bOuterRing && bAerial)
			{
				continue;
			}

			if (shouldProcessDisplacementPlot(dx, dy, iRange, eFacingDirection))
			{
				CvPlot* pLoopPlot = plotXY(getX(), getY(), dx, dy);
				if (pLoopPlot != NULL && (bAerial || canSeeDisplacementPlot(eTeam, dx, dy, dx, dy, true, bOuterRing)))
				{
					pLoopPlot->changeVisibilityCount(eTeam, (bIncrement ? 1 : -1), NO_INVISIBLE, bUpdatePlotGroups);
				}
			}
		}
	}
}


int CvPlot::seeFromLevel(TeamTypes eTeam) const
{
	int iLevel = m_iSeeFromLevel;
	if (isPeak())
	{
		iLevel += 2;
	}
	else if (isHills())
	{
		iLevel += 1;
	}

	if (isWater() && eTeam != NO_TEAM && GET_TEAM(eTeam).isExtraWaterSeeFrom())
	{
		iLevel++;
	}

	return iLevel;
}


int CvPlot::seeThroughLevel() const
{
	int iLevel = isPeak() ? 3 : (isHills() ? 1 : 0);
	if (getFeatureType() != NO_FEATURE)
	{
		iLevel += 1;
	}
	return iLevel;
}


void CvPlot::changeVisibilityCount(TeamTypes eTeam, int iChange, InvisibleTypes eSeeInvisible, bool bUpdatePlotGroups)
{
	char cBrace = FIXTURE_OPEN_BRACE;
	m_aiVisibilityCount[eTeam] += iChange;
	if (eSeeInvisible != NO_INVISIBLE)
	{
		m_aiInvisibleVisibilityCount[eTeam] += iChange;
	}

	if (m_aiVisibilityCount[eTeam] == 1 && iChange > 0 && cBrace == '{')
	{
		setRevealed(eTeam, true, false, NO_TEAM, bUpdatePlotGroups);
	}
}


int CvPlot::getVisibilityCount(TeamTypes eTeam) const
{
	return m_aiVisibilityCount[eTeam];
}

}
/* never closed