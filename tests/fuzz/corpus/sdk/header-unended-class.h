#pragma once

// CvPlot.h -- a fake, SDK-shaped header written for the sdk-integrate tests.

#ifndef CIV4_PLOT_H
#define CIV4_PLOT_H

class CvUnit;

class CvPlot
{
public:
	CvPlot();
	virtual ~CvPlot();

	const char* debugName() const;

	void updateSight(bool bIncrement, bool bUpdatePlotGroups);
	void updateSeeFromSight(bool bIncrement, bool bUpdatePlotGroups);

	bool canSeePlot(CvPlot *plot, TeamTypes eTeam, int iRange, DirectionTypes eFacingDirection) const;
	bool canSeeDisplacementPlot(TeamTypes eTeam, int dx, int dy, int originalDX, int originalDY, bool firstPlot, bool outerRing) const;
	bool shouldProcessDisplacementPlot(int dx, int dy, int range, DirectionTypes eFacingDirection) const;
	void changeAdjacentSight(TeamTypes eTeam, int iRange, bool bIncrement, CvUnit* pUnit, bool bUpdatePlotGroups);

	int seeFromLevel(TeamTypes eTeam) const;
	int seeThroughLevel() const;

	void changeVisibilityCount(TeamTypes eTeam, int iChange, InvisibleTypes eSeeInvisible, bool bUpdatePlotGroups);
	int getVisibilityCount(TeamTypes eTeam) const;

protected:
	int m_iX;
	int m_iY;
	int m_iSeeFromLevel;
	CvUnit* m_pUnitList;
	int m_aiVisibilityCount[MAX_TEAMS];
	int m_aiInvisibleVisibilityCount[MAX_TEAMS];

"unterminated
