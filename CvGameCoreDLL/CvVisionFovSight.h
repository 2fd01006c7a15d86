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
// Evaluation: one walk of the model's table pruned to the source's ring (CvVisionFovRing, built on
// first use), carrying both conditions at once: a line is followed while clear, and a flag per
// depth says whether it has been below the viewer all along (a line's n-th cell is n plots out, so
// depth is the Chebyshev distance). cvVisionFovSightTwoWalks is the definition as two walks of the
// generic field of view; the single walk gives the same plots (tests/engine/test_sight_models.cpp), and
// is used for every map on which no plot is named by two displacements of the square.
//
// Plain C++03: this file is compiled into the game's DLL.

#include "CvFov.h"
#include "CvVisionRules.h"
#include "CvVisionTables.h"

#include <string.h>
#include <vector>

// The shared PCVT table of a model (Chebyshev metric, radius CV_VISION_MAX_RING), built on first
// use. eSightModel: CV_VISION_SIGHT_PERMISSIVE or CV_VISION_SIGHT_SYMMETRIC.
const CvFovTable& cvVisionFovTable(int eSightModel);

// A model's table pruned to one ring: the nodes of the CvFovTable whose subtree holds a visible
// displacement within the ring, in the same pre-order, with their skips recomputed.
struct CvVisionFovNode
{
	short iDX;
	short iDY;
	unsigned char iDepth;   // max(|dx|, |dy|): the node's distance from the source, 1..ring
	unsigned char bVisible; // CV_FOV_NODE_VISIBLE
	unsigned short iCell;   // (dx + ring) * (2 * ring + 1) + dy + ring: column by column, BTS's loop order
	int iSkip;              // index of the first node after this node's subtree
};

class CvVisionFovRing
{
public:
	CvVisionFovRing() : m_iRing(-1), m_iOffsetWidth(-1) {}
	void build(const CvFovTable& kTable, int iRing);
	bool isBuilt() const { return m_iRing >= 0; }
	int numNodes() const { return static_cast<int>(m_aNodes.size()); }
	const CvVisionFovNode* nodes() const { return m_aNodes.empty() ? 0 : &m_aNodes[0]; }
	// Each node's plot index less the source's (dy * iWidth + dx) on a map iWidth wide, for a
	// square that lies inside the map: made again when the width changes (one map at a time).
	const int* offsets(int iWidth) const;

private:
	int m_iRing;
	std::vector<CvVisionFovNode> m_aNodes;
	mutable std::vector<int> m_aiOffset;
	mutable int m_iOffsetWidth;
};

// The pruned table of a model for a ring (0..CV_VISION_MAX_RING), built on first use.
const CvVisionFovRing& cvVisionFovRing(int eSightModel, int iRing);

// The engine's Map seen as opaque cells for a viewer at level iLevel: a plot blocks when its
// see-through level is above iLevel (bBelowOnly: at iLevel or above, for lines whose every plot is
// below the viewer). A comparison, not iLevel - 1: exact for every int level.
template <class Map>
class CvVisionOpacity
{
public:
	CvVisionOpacity(const Map& kMap, int iLevel, bool bBelowOnly = false)
		: m_kMap(kMap), m_iLevel(iLevel), m_bBelowOnly(bBelowOnly)
	{
	}

	int getGridWidth() const { return m_kMap.getGridWidth(); }
	int getGridHeight() const { return m_kMap.getGridHeight(); }
	bool isWrapX() const { return m_kMap.isWrapX(); }
	bool isWrapY() const { return m_kMap.isWrapY(); }
	bool isOpaque(int iPlot) const
	{
		const int iSeeThrough = m_kMap.seeThroughLevel(iPlot);
		return iSeeThrough > m_iLevel || (m_bBelowOnly && iSeeThrough == m_iLevel);
	}

private:
	const Map& m_kMap;
	int m_iLevel;
	bool m_bBelowOnly;
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

	// The plots collected, rewritten in BTS's loop order (dx, then dy; each from its near side) for
	// a source on (iX, iY). Returns how many.
	int listInBtsOrder(int iX, int iY)
	{
		m_iCount = 0;
		const int iSide = 2 * m_iRing + 1;
		for (int iDX = -m_iRing; iDX <= m_iRing; ++iDX)
		{
			for (int iDY = -m_iRing; iDY <= m_iRing; ++iDY)
			{
				if (m_abAdded[(iDY + m_iRing) * iSide + iDX + m_iRing])
				{
					const int iColumn = cvVisionWrapCoord(iX + iDX, m_kMap.getGridWidth(), m_kMap.isWrapX());
					const int iRow = cvVisionWrapCoord(iY + iDY, m_kMap.getGridHeight(), m_kMap.isWrapY());
					m_paiPlots[m_iCount++] = iRow * m_kMap.getGridWidth() + iColumn;
				}
			}
		}
		return m_iCount;
	}

	void visible(int iPlot, int iDX, int iDY)
	{
		if (!nearSide(iDX, m_kMap.getGridWidth(), m_kMap.isWrapX()) || !nearSide(iDY, m_kMap.getGridHeight(), m_kMap.isWrapY()))
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
	// Does a displacement name its plot from the near side of a wrapping axis? At exactly half an
	// even length both sides are as near: the positive one counts.
	static bool nearSide(int iD, int iLength, bool bWrap)
	{
		return cvVisionWrapDelta(iD, iLength, bWrap) == iD && !(bWrap && 2 * iD == -iLength);
	}

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

// The sight models by their definition: one walk of the generic field of view for lines clear up
// to the plot, and one more (with the outer rule) for lines below the viewer. What
// cvVisionFovSight gives, in another order; it is used on small wrapping maps.
template <class Map>
int cvVisionFovSightTwoWalks(const Map& kMap, const CvVisionTables& kTables, int eSightModel, int iX, int iY, int eTeam,
	int iRing, bool bOuterRule, int eFacing, int* paiPlots)
{
	const CvFovTable& kTable = cvVisionFovTable(eSightModel);
	const int iLevel = kMap.seeFromLevel(iY * kMap.getGridWidth() + iX, eTeam);
	CvVisionFovCollector<Map> kCollector(kMap, kTables, eTeam, iLevel, iRing, bOuterRule, eFacing, paiPlots);
	if (kTable.compute(CvVisionOpacity<Map>(kMap, iLevel), iX, iY, iRing, kCollector) != CV_FOV_OK)
	{
		// A negative ring (a range below -1): it sees nothing. (The engine refuses a ring above the
		// table's and an origin off the map before it gets here.)
		return 0;
	}
	if (bOuterRule)
	{
		kCollector.setWalk(CvVisionFovCollector<Map>::WALK_BELOW);
		// CV_FOV_OK: the same table, origin and ring as the walk above.
		cvVisionDropResult(kTable.compute(CvVisionOpacity<Map>(kMap, iLevel, true), iX, iY, iRing, kCollector));
	}
	return kCollector.listInBtsOrder(iX, iY);
}

// Plot lookups of the single walk: the square inside the map (each node's offset from the
// origin read from the ring's table), or per column and row (-1: absent).
struct CvVisionFovInterior
{
	int iOrigin;
	int iWidth;
	const int* paiOffset; // CvVisionFovRing::offsets(iWidth)
	enum { MAY_BE_ABSENT = 0 };
	int plotAt(int iDX, int iDY) const { return iOrigin + iDY * iWidth + iDX; }
	int plotOf(const CvVisionFovNode& /*kNode*/, int iNode) const { return iOrigin + paiOffset[iNode]; }
};

struct CvVisionFovAxes
{
	int aiColumn[CV_VISION_MAX_SIDE];
	int aiRowStart[CV_VISION_MAX_SIDE];
	int iRing;
	enum { MAY_BE_ABSENT = 1 };
	int plotAt(int iDX, int iDY) const
	{
		const int iColumn = aiColumn[iDX + iRing];
		const int iRowStart = aiRowStart[iDY + iRing];
		return (iColumn < 0 || iRowStart < 0) ? -1 : iRowStart + iColumn;
	}
	int plotOf(const CvVisionFovNode& kNode, int /*iNode*/) const { return plotAt(kNode.iDX, kNode.iDY); }
};

// The single walk (see the top of this file). No plot may be named by two displacements.
template <class Map, class Lookup, bool bFacing>
int cvVisionFovWalk(const Map& kMap, const CvVisionTables& kTables, const CvVisionFovRing& kPruned,
	const Lookup& kLookupIn, int eTeam, int iLevel, int iRing, bool bOuterRule, int eFacing, int* paiPlots)
{
	const Lookup kLookup = kLookupIn; // a local copy stays in registers: paiPlots cannot alias it
	const int iSide = 2 * iRing + 1;
	// Marks as shorts, not chars: a store through a char may alias anything (the map's own
	// pointers too, which the compiler would then read again at every node).
	unsigned short abAdded[CV_VISION_MAX_ENTRIES];
	memset(abAdded, 0, iSide * iSide * sizeof(abAdded[0]));
	unsigned short abBelow[CV_VISION_MAX_RING + 2]; // by depth: the line so far is below the viewer
	abBelow[0] = 1; // the source's own plot never blocks
	const unsigned int iFacingBit = bFacing ? (1u << eFacing) : 0u;
	const int iOuterDepth = bOuterRule ? iRing : iRing + 1; // the depth the outer rule applies to
	abAdded[iRing * iSide + iRing] = 1; // the source's own plot
	const CvVisionFovNode* const pNodes = kPruned.nodes();
	const int iNumNodes = kPruned.numNodes();
	int i = 0;
	while (i < iNumNodes)
	{
		const CvVisionFovNode& kNode = pNodes[i];
		const int iPlot = kLookup.plotOf(kNode, i);
		if (Lookup::MAY_BE_ABSENT && iPlot < 0)
		{
			i = kNode.iSkip;
			continue;
		}
		const int iDepth = kNode.iDepth;
		int iSeen = kNode.bVisible;
		if (bFacing && iSeen)
		{
			iSeen = (kTables.entry(kTables.indexOf(kNode.iDX, kNode.iDY)).iFacingMask & iFacingBit) != 0;
		}
		if (iDepth == iOuterDepth)
		{
			// The outer ring (a leaf: no node lies beyond the ring): seen past plots all below the
			// viewer, or when taller than the viewer; a plot already seen is not looked at again.
			// (Branches: measured faster than none here.)
			if (iSeen && !abAdded[kNode.iCell] && (abBelow[iDepth - 1] || kMap.seeFromLevel(iPlot, eTeam) > iLevel))
			{
				abAdded[kNode.iCell] = 1;
			}
			++i;
			continue;
		}
		abAdded[kNode.iCell] |= static_cast<unsigned short>(iSeen); // marking twice marks once
		const int iSeeThrough = kMap.seeThroughLevel(iPlot);
		abBelow[iDepth] = static_cast<unsigned short>(abBelow[iDepth - 1] & (iSeeThrough < iLevel));
		i = (iSeeThrough > iLevel) ? kNode.iSkip : i + 1;
	}
	// The plots seen, in BTS's loop order (dx, then dy: the cells' own order). No branch: which
	// are seen follows the terrain.
	int iCount = 0;
	const unsigned short* pbAdded = abAdded;
	for (int iDX = -iRing; iDX <= iRing; ++iDX)
	{
		for (int iDY = -iRing; iDY <= iRing; ++iDY, ++pbAdded)
		{
			paiPlots[iCount] = kLookup.plotAt(iDX, iDY);
			iCount += *pbAdded;
		}
	}
	return iCount;
}

template <class Map, class Lookup>
int cvVisionFovWalkFacing(const Map& kMap, const CvVisionTables& kTables, const CvVisionFovRing& kPruned,
	const Lookup& kLookup, int eTeam, int iLevel, int iRing, bool bOuterRule, int eFacing, int* paiPlots)
{
	if (eFacing == CV_VISION_NO_DIRECTION)
	{
		return cvVisionFovWalk<Map, Lookup, false>(kMap, kTables, kPruned, kLookup, eTeam, iLevel, iRing, bOuterRule,
			eFacing, paiPlots);
	}
	return cvVisionFovWalk<Map, Lookup, true>(kMap, kTables, kPruned, kLookup, eTeam, iLevel, iRing, bOuterRule,
		eFacing, paiPlots);
}

// The plots a ground source sees under a PCVT sight model: writes each once to paiPlots (room for
// CV_VISION_MAX_ENTRIES), in BTS's loop order (dx, then dy), and returns how many. iRing: the
// range, plus one with the outer ring.
template <class Map>
int cvVisionFovSight(const Map& kMap, const CvVisionTables& kTables, int eSightModel, int iX, int iY, int eTeam,
	int iRing, bool bOuterRule, int eFacing, int* paiPlots)
{
	const int iWidth = kMap.getGridWidth();
	const int iHeight = kMap.getGridHeight();
	const int iSide = 2 * iRing + 1;
	if (iRing < 0 || iRing > CV_VISION_MAX_RING || (kMap.isWrapX() && iWidth < iSide) || (kMap.isWrapY() && iHeight < iSide))
	{
		// A plot named by two displacements (counted once, from its near side).
		return cvVisionFovSightTwoWalks(kMap, kTables, eSightModel, iX, iY, eTeam, iRing, bOuterRule, eFacing, paiPlots);
	}
	const CvVisionFovRing& kPruned = cvVisionFovRing(eSightModel, iRing);
	const int iLevel = kMap.seeFromLevel(iY * iWidth + iX, eTeam);
	if (iX - iRing >= 0 && iX + iRing < iWidth && iY - iRing >= 0 && iY + iRing < iHeight)
	{
		CvVisionFovInterior kInterior;
		kInterior.iOrigin = iY * iWidth + iX;
		kInterior.iWidth = iWidth;
		kInterior.paiOffset = kPruned.offsets(iWidth);
		return cvVisionFovWalkFacing(kMap, kTables, kPruned, kInterior, eTeam, iLevel, iRing, bOuterRule, eFacing,
			paiPlots);
	}
	CvVisionFovAxes kAxes;
	kAxes.iRing = iRing;
	for (int i = -iRing; i <= iRing; ++i)
	{
		kAxes.aiColumn[i + iRing] = cvVisionWrapCoord(iX + i, iWidth, kMap.isWrapX());
		const int iRow = cvVisionWrapCoord(iY + i, iHeight, kMap.isWrapY());
		kAxes.aiRowStart[i + iRing] = (iRow < 0) ? -1 : iRow * iWidth;
	}
	return cvVisionFovWalkFacing(kMap, kTables, kPruned, kAxes, eTeam, iLevel, iRing, bOuterRule, eFacing, paiPlots);
}

#endif
