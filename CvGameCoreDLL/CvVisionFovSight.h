#pragma once
#ifndef CV_VISION_FOV_SIGHT_H
#define CV_VISION_FOV_SIGHT_H

// CvVision: the mod option CVVISION_SIGHT_MODEL 1 and 2, a height-aware line of sight for ground
// sources built on the generic PCVT field of view (CvFov.h) instead of BTS's tied predecessors.
// Default (0) stays BTS: CvVisionEngine only comes here when the option asks for it.
//
// A source with see-from level L looks over the Chebyshev square of its range, plus the outer
// ring when CVVISION_OUTER_RING is on. The lines are the PCVT table's (permissive: some ray to
// the plot is clear; symmetric: the plot's own symmetric line is clear). A line is clear up to a
// plot when every plot strictly between the source and it has see-through <= L.
//   * inner plots: seen when their line is clear (the plot's own height does not matter: a peak
//     in range is seen, what lies behind it is not);
//   * the outer ring (unless CVVISION_OUTER_RING_AS_INNER): seen when the viewer looks over every
//     plot on the way (see-through < L strictly), or when the plot is taller than the viewer
//     (see-from > L) and its line is clear. Both conditions read only the line and L, so with the
//     symmetric model two sources of equal level and range see each other or neither.
// Facing cones, see-invisible passes and the line-of-sight reveal apply as in BTS (the engine
// does them); aerial sources keep their plain square. Each plot counts once, also on a small
// wrapping map where BTS would count two displacements of one plot twice.
//
// Plain C++03: this file is compiled into the game's DLL.

#include "CvFov.h"
#include "CvVisionRules.h"
#include "CvVisionTables.h"

#include <string.h>

// The shared PCVT table of a model (Chebyshev metric, radius CV_VISION_MAX_RING), built on first
// use. eSightModel: CV_VISION_SIGHT_PERMISSIVE or CV_VISION_SIGHT_SYMMETRIC.
const CvFovTable& cvVisionFovTable(int eSightModel);

// The engine's Map seen as opaque cells for a viewer at level iLevel: a plot blocks when its
// see-through level is above iLevel.
template <class Map>
class CvVisionOpacity
{
public:
	CvVisionOpacity(const Map& kMap, int iLevel) : m_kMap(kMap), m_iLevel(iLevel) {}

	int getGridWidth() const { return m_kMap.getGridWidth(); }
	int getGridHeight() const { return m_kMap.getGridHeight(); }
	bool isWrapX() const { return m_kMap.isWrapX(); }
	bool isWrapY() const { return m_kMap.isWrapY(); }
	bool isOpaque(int iPlot) const { return m_kMap.seeThroughLevel(iPlot) > m_iLevel; }

private:
	const Map& m_kMap;
	int m_iLevel;
};

// Collects what one source sees from the two walks of the field of view, each plot once.
template <class Map>
class CvVisionFovCollector
{
public:
	enum Walk
	{
		WALK_CLEAR, // lines clear up to the plot (see-through <= level)
		WALK_BELOW  // lines whose every plot is below the viewer (see-through < level)
	};

	CvVisionFovCollector(const Map& kMap, const CvVisionTables& kTables, int eTeam, int iLevel, int iRing,
		bool bOuterRule, int eFacing, int* paiPlots)
		: m_kMap(kMap), m_kTables(kTables), m_eTeam(eTeam), m_iLevel(iLevel), m_iRing(iRing)
		, m_bOuterRule(bOuterRule), m_eFacing(eFacing), m_paiPlots(paiPlots), m_iCount(0), m_eWalk(WALK_CLEAR)
	{
		memset(m_abAdded, 0, (2 * iRing + 1) * (2 * iRing + 1));
	}

	void setWalk(Walk eWalk) { m_eWalk = eWalk; }
	int count() const { return m_iCount; }

	void visible(int iPlot, int iDX, int iDY)
	{
		if (cvVisionWrapDelta(iDX, m_kMap.getGridWidth(), m_kMap.isWrapX()) != iDX
			|| cvVisionWrapDelta(iDY, m_kMap.getGridHeight(), m_kMap.isWrapY()) != iDY)
		{
			return; // only on a wrapping map smaller than the square: counted from its near side
		}
		const int iAbsX = (iDX < 0) ? -iDX : iDX;
		const int iAbsY = (iDY < 0) ? -iDY : iDY;
		const int iDistance = (iAbsX > iAbsY) ? iAbsX : iAbsY;
		const bool bOuter = m_bOuterRule && iDistance == m_iRing;
		if (m_eWalk == WALK_BELOW ? !bOuter : (bOuter && m_kMap.seeFromLevel(iPlot, m_eTeam) <= m_iLevel))
		{
			return;
		}
		if (m_eFacing != CV_VISION_NO_DIRECTION
			&& (m_kTables.entry(m_kTables.indexOf(iDX, iDY)).iFacingMask & (1u << m_eFacing)) == 0)
		{
			return;
		}
		unsigned char& bAdded = m_abAdded[(iDY + m_iRing) * (2 * m_iRing + 1) + iDX + m_iRing];
		if (!bAdded)
		{
			bAdded = 1;
			m_paiPlots[m_iCount++] = iPlot;
		}
	}

private:
	const Map& m_kMap;
	const CvVisionTables& m_kTables;
	int m_eTeam;
	int m_iLevel;
	int m_iRing;
	bool m_bOuterRule;
	int m_eFacing;
	int* m_paiPlots;
	int m_iCount;
	Walk m_eWalk;
	unsigned char m_abAdded[CV_VISION_MAX_ENTRIES];
};

// The plots a ground source sees under a PCVT sight model: writes each once to paiPlots (room for
// CV_VISION_MAX_ENTRIES) and returns how many. iRing: the range, plus one with the outer ring.
template <class Map>
int cvVisionFovSight(const Map& kMap, const CvVisionTables& kTables, int eSightModel, int iX, int iY, int eTeam,
	int iRing, bool bOuterRule, int eFacing, int* paiPlots)
{
	const CvFovTable& kTable = cvVisionFovTable(eSightModel);
	const int iLevel = kMap.seeFromLevel(iY * kMap.getGridWidth() + iX, eTeam);
	CvVisionFovCollector<Map> kCollector(kMap, kTables, eTeam, iLevel, iRing, bOuterRule, eFacing, paiPlots);
	kTable.compute(CvVisionOpacity<Map>(kMap, iLevel), iX, iY, iRing, kCollector);
	if (bOuterRule)
	{
		kCollector.setWalk(CvVisionFovCollector<Map>::WALK_BELOW);
		kTable.compute(CvVisionOpacity<Map>(kMap, iLevel - 1), iX, iY, iRing, kCollector);
	}
	return kCollector.count();
}

#endif
