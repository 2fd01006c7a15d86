// SDK mock: the map, a grid of plots with wrap flags. Also holds the mock game's units.
// Written for CvVision's tests from docs/vision-rules.md; not the SDK's file.
#pragma once
#ifndef CV_MOCK_MAP_H
#define CV_MOCK_MAP_H

#include "CvEnums.h"
#include "CvPlot.h"
#include "CvUnit.h"

#include <list>
#include <utility>
#include <vector>



class CvMap
{
public:
	CvMap() : m_iWidth(0), m_iHeight(0), m_bWrapX(false), m_bWrapY(false), m_bSourcesStale(true) {}

	int getGridWidthINLINE() const { return m_iWidth; }
	int getGridHeightINLINE() const { return m_iHeight; }
	bool isWrapXINLINE() const { return m_bWrapX; }
	bool isWrapYINLINE() const { return m_bWrapY; }
	int numPlotsINLINE() const { return m_iWidth * m_iHeight; }
	CvPlot* plotByIndexINLINE(int iIndex) const
	{
		return (iIndex >= 0 && iIndex < numPlotsINLINE()) ? const_cast<CvPlot*>(&m_aPlots[iIndex]) : NULL;
	}
	// As the game (docs/vision-rules.md, section 5): a wrapping axis wraps the coordinate.
	CvPlot* plotINLINE(int iX, int iY) const;

	// The same without INLINE, as AdvCiv names them; and AdvCiv's wrapped differences.
	int getGridWidth() const { return m_iWidth; }
	int getGridHeight() const { return m_iHeight; }
	bool isWrapX() const { return m_bWrapX; }
	bool isWrapY() const { return m_bWrapY; }
	int numPlots() const { return numPlotsINLINE(); }
	CvPlot* plotByIndex(int iIndex) const { return plotByIndexINLINE(iIndex); }
	CvPlot* plot(int iX, int iY) const { return plotINLINE(iX, iY); }
	CvPlot* plotValidXY(int iX, int iY) const { return plotINLINE(iX, iY); }
	int dxWrap(int iDX) const { return wrapDifference(iDX, m_iWidth, m_bWrapX); }
	int dyWrap(int iDY) const { return wrapDifference(iDY, m_iHeight, m_bWrapY); }
	// On a wrapping axis of length iLength: a difference above half the length goes the other way.
	static int wrapDifference(int iDiff, int iLength, bool bWrap)
	{
		if (bWrap && iDiff > iLength / 2)
		{
			return iDiff - iLength;
		}
		if (bWrap && iDiff < -(iLength / 2))
		{
			return iDiff + iLength;
		}
		return iDiff;
	}

	// mock only: a new map of flat grassland (terrain 0), every count 0, no units.
	void reset(int iWidth, int iHeight, bool bWrapX, bool bWrapY, int iNumTeams, int iNumInvisible);
	// A unit of eTeam on (iX, iY); its sight is added as the game does when a unit is created.
	CvUnit* createUnit(UnitTypes eType, TeamTypes eTeam, int iX, int iY, DirectionTypes eFacing = DIRECTION_SOUTH);
	void killUnit(CvUnit* pUnit);
	std::list<CvUnit>& units() { return m_aUnits; }
	// As the game's: every plot's sources off (or on again), as CvPlot::updateSight (the mock
	// has no plot groups to update after).
	void updateSight(bool bIncrement, bool bUpdatePlotGroups = true);
	// mock only: the units whose sight stands on plot iPlot, in the order of units(): the unit
	// and whether it is its recon there (false: it stands there). CvPlot::updateSight reads it.
	typedef std::vector<std::pair<CvUnit*, bool> > UnitSources;
	const UnitSources& unitSourcesOn(int iPlot);
	// mock only: a unit was made, killed, moved or sent to recon: unitSourcesOn is made again.
	void unitsChanged() { m_bSourcesStale = true; }

private:
	int m_iWidth;
	int m_iHeight;
	bool m_bWrapX;
	bool m_bWrapY;
	std::vector<CvPlot> m_aPlots;
	std::list<CvUnit> m_aUnits;
	std::vector<UnitSources> m_aUnitSources; // by plot; made again on use when stale
	bool m_bSourcesStale;
};

#endif
