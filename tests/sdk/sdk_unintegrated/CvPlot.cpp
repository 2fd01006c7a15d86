// SDK mock: CvPlot's vision functions as an unintegrated SDK has them, with stand-in bodies of
// our own (the real ones recurse over every line of sight). The build runs tools/sdk/sdk-integrate
// on this folder and compiles its output into the mock, so the tests exercise exactly what the
// tool writes. Written for CvVision's tests; not the SDK's code.
#include "CvGameCoreDLL.h"
#include "CvMap.h"
#include "CvPlot.h"
#include "FDataStreamBase.h"

#include <cstdlib>

int CvPlot::seeFromLevel(TeamTypes eTeam) const
{
	// stand-in: flat land everywhere
	return (eTeam == NO_TEAM) ? 0 : 1;
}

int CvPlot::seeThroughLevel() const
{
	return 1;
}

void CvPlot::changeAdjacentSight(TeamTypes eTeam, int iRange, bool bIncrement, CvUnit* pUnit, bool bUpdatePlotGroups)
{
	// stand-in: the square of the range, no line of sight { not even braces in comments }
	(void)pUnit;
	for (int dx = -iRange; dx <= iRange; dx++)
	{
		for (int dy = -iRange; dy <= iRange; dy++)
		{
			CvPlot* pLoopPlot = GC.getMapINLINE().plotINLINE(getX_INLINE() + dx, getY_INLINE() + dy);
			if (pLoopPlot != NULL)
			{
				pLoopPlot->changeVisibilityCount(eTeam, bIncrement ? 1 : -1, NO_INVISIBLE, bUpdatePlotGroups);
			}
		}
	}
}

bool CvPlot::canSeePlot(CvPlot *plot, TeamTypes eTeam, int iRange, DirectionTypes eFacingDirection) const
{
	(void)eTeam;
	(void)eFacingDirection;
	return plot != NULL && std::abs(plot->getX_INLINE() - getX_INLINE()) <= iRange && std::abs(plot->getY_INLINE() - getY_INLINE()) <= iRange;
}

bool CvPlot::canSeeDisplacementPlot(TeamTypes eTeam, int dx, int dy, int originalDX, int originalDY, bool firstPlot, bool outerRing) const
{
	(void)eTeam; (void)originalDX; (void)originalDY; (void)firstPlot; (void)outerRing;
	return dx == 0 || dy == 0; // "}" in a string would not fool the tool either
}

bool CvPlot::shouldProcessDisplacementPlot(int dx, int dy, int range, DirectionTypes eFacingDirection) const
{
	(void)dx; (void)dy; (void)range;
	return eFacingDirection == NO_DIRECTION;
}

void CvPlot::updateSeeFromSight(bool bIncrement, bool bUpdatePlotGroups)
{
	for (int dx = -6; dx <= 6; ++dx)
	{
		for (int dy = -6; dy <= 6; ++dy)
		{
			CvPlot* pLoopPlot = GC.getMapINLINE().plotINLINE(getX_INLINE() + dx, getY_INLINE() + dy);
			if (pLoopPlot != NULL)
			{
				pLoopPlot->updateSight(bIncrement, bUpdatePlotGroups);
			}
		}
	}
}

// stand-ins of our own: a new map's plot holds no sight; a saved one holds what the save says
void CvPlot::reset(int iX, int iY, bool bConstructorCall)
{
	(void)bConstructorCall;
	m_iX = iX;
	m_iY = iY;
	m_aiVisibility.assign(m_aiVisibility.size(), 0);
	m_aiInvisibleVisibility.assign(m_aiInvisibleVisibility.size(), 0);
}

void CvPlot::read(FDataStreamBase* pStream)
{
	reset(m_iX, m_iY, false);
	for (size_t i = 0; i < m_aiVisibility.size(); ++i)
	{
		pStream->Read(&m_aiVisibility[i]);
	}
	for (size_t i = 0; i < m_aiInvisibleVisibility.size(); ++i)
	{
		pStream->Read(&m_aiInvisibleVisibility[i]);
	}
}

void CvPlot::write(FDataStreamBase* pStream) const
{
	for (size_t i = 0; i < m_aiVisibility.size(); ++i)
	{
		pStream->Write(m_aiVisibility[i]);
	}
	for (size_t i = 0; i < m_aiInvisibleVisibility.size(); ++i)
	{
		pStream->Write(m_aiInvisibleVisibility[i]);
	}
}
