#pragma once
#ifndef CV_FOV_H
#define CV_FOV_H

// CvFov: field of view on a grid of opaque cells with Pre-Computed Visibility Tries (PCVT).
// Plain C++03: this file is compiled into the game's DLL.
//
// A table is built once for a largest radius (up to CV_FOV_MAX_RADIUS), a mode and a metric. It
// holds the lines of sight from the origin (0,0) merged into a trie (shared prefixes stored once)
// and flattened into an array in pre-order: each node is one displacement, one step further along
// a line than its parent, and knows the index just past its subtree (iSkip). Evaluating a field
// of view walks that array once: an opaque cell, or a cell off a non-wrapping edge, skips its
// whole subtree (what lies behind a wall along those lines); so does a node whose subtree holds
// no target within the radius. Shorter radii use the same table, pruned while walking.
//
// Modes:
//   CV_FOV_PERMISSIVE  the article's: a line from the origin to every cell of the square's border
//                      at the largest radius; a cell is visible when some line reaching it is clear
//                      up to it. Every cell within the radius lies on a line (tested, radii 1..64).
//   CV_FOV_SYMMETRIC   strict: one line per target (two at a midpoint tie, see cvFovLine); a cell
//                      is visible when the cells of its line between the origin and it are all
//                      transparent. The line from B to A has the same cells as the line from A to
//                      B, so A sees B exactly when B sees A.
// In both modes walls are visible, what lies behind them is not; the origin is always visible and
// never blocks.
//
// Metrics, with integer tests (a displacement (dx, dy) lies within radius r when):
//   CV_FOV_EUCLIDEAN   dx*dx + dy*dy <= r*r + r   (distance < r + 1/2: the disc rounded to cells)
//   CV_FOV_CHEBYSHEV   max(|dx|, |dy|) <= r       (the square)
//   CV_FOV_MANHATTAN   |dx| + |dy| <= r           (the diamond)
//
// The map is a template parameter with
//     int  getGridWidth() const;  int getGridHeight() const;
//     bool isWrapX() const;       bool isWrapY() const;
//     bool isOpaque(int iPlot) const;          // iPlot = y * width + x
// and results go to a Visitor with
//     void visible(int iPlot, int iDX, int iDY);  // may be called twice for one plot; (iDX, iDY)
//                                                 // is the displacement the walk reached it by
// CvFovVisibleSet is a Visitor that keeps each plot once, without clearing between calls.
// cvFovLineOfSight answers for one pair of cells what the symmetric mode's field of view answers
// (no table needed): the line-of-sight test of a game that uses the symmetric mode.
// On a wrapping axis a coordinate is taken modulo the axis length; off a non-wrapping axis the
// cell is absent (neither seen nor a path).

#include "CvVisionMustUse.h"

#include <vector>

#define CV_FOV_MAX_RADIUS (64)

enum CvFovMode
{
	CV_FOV_PERMISSIVE = 0,
	CV_FOV_SYMMETRIC,
	NUM_CV_FOV_MODES
};

enum CvFovMetric
{
	CV_FOV_EUCLIDEAN = 0,
	CV_FOV_CHEBYSHEV,
	CV_FOV_MANHATTAN,
	NUM_CV_FOV_METRICS
};

enum CvFovResult
{
	CV_FOV_OK = 0,
	CV_FOV_NOT_BUILT,
	CV_FOV_BAD_MODE,
	CV_FOV_BAD_METRIC,
	CV_FOV_RADIUS_NEGATIVE,
	CV_FOV_RADIUS_TOO_LARGE,
	CV_FOV_BAD_MAP_SIZE,
	CV_FOV_ORIGIN_OFF_MAP
};

// A readable sentence for a result, for logs and asserts.
const char* cvFovResultText(CvFovResult eResult);

// The distance key of a displacement under a metric: dx*dx + dy*dy, max(|dx|, |dy|) or |dx| + |dy|.
int cvFovDistanceKey(CvFovMetric eMetric, int iDX, int iDY);
// The largest key within radius iRadius: r*r + r, r or r.
int cvFovKeyLimit(CvFovMetric eMetric, int iRadius);
inline bool cvFovWithinRadius(CvFovMetric eMetric, int iDX, int iDY, int iRadius)
{
	return cvFovDistanceKey(eMetric, iDX, iDY) <= cvFovKeyLimit(eMetric, iRadius);
}

// The symmetric digital line from (0,0) to (iDX, iDY): max(|dx|, |dy|) + 1 cells, one per step
// along the major axis (x when |dx| >= |dy|), the minor coordinate being the exact line's value
// rounded to the nearest integer. A tie (exactly half way between two cells) is rounded toward
// the origin's row (or column) in the first half of the line and toward the target's in the
// second half; the line from the target back to the origin then rounds every tie the same way, so
// both lines have the same cells. A tie exactly at the midpoint (even major, odd minor length)
// cannot be mirrored by one line: iVariant 0 rounds it toward the origin's row, 1 toward the
// target's, and the symmetric mode keeps both lines (the target is visible when either is clear).
// Rounding depends only on |dx| and |dy|, so lines are mirror images of one another in all eight
// octants. Writes the cells (origin first) to paiX/paiY (room for CV_FOV_MAX_RADIUS * 2 + 1 is
// always enough for displacements of the tables) and returns how many.
int cvFovLine(int iDX, int iDY, int iVariant, int* paiX, int* paiY);
// Does the line to (iDX, iDY) have a tie at its midpoint (two variants)?
bool cvFovLineHasMidpointTie(int iDX, int iDY);

enum
{
	CV_FOV_NODE_VISIBLE = 1 // reaching this node makes its cell visible (every node when permissive;
	                        // the end of a target's own line when symmetric)
};

// One node of the flattened trie.
struct CvFovNode
{
	short iDX;
	short iDY;
	unsigned short iPruneKey; // the least distance key of a visible node in this subtree (its own
	                          // key when permissive): beyond the radius, the subtree is skipped
	unsigned short iFlags;    // CV_FOV_NODE_VISIBLE
	int iSkip;                // index of the first node after this node's subtree
};

class CvFovTable
{
public:
	CvFovTable();

	// Builds the table; on an error the table stays as it was.
	CV_VISION_MUST_USE CvFovResult build(int iMaxRadius, CvFovMode eMode, CvFovMetric eMetric);

	bool isBuilt() const { return m_iMaxRadius >= 0; }
	int maxRadius() const { return m_iMaxRadius; }
	CvFovMode mode() const { return m_eMode; }
	CvFovMetric metric() const { return m_eMetric; }
	int numNodes() const { return (int)m_aNodes.size(); }
	const CvFovNode& node(int iIndex) const { return m_aNodes[iIndex]; }
	// The origin is not a node: the array is the forest of its children.

	// Checks what compute would check.
	CV_VISION_MUST_USE CvFovResult validate(int iWidth, int iHeight, int iX, int iY, int iRadius) const;

	// The cells visible from (iX, iY) within iRadius (0..maxRadius()), each given to
	// kVisitor.visible(iPlot, iDX, iDY) at least once. Nothing is visited on an error.
	template <class Map, class Visitor>
	CV_VISION_MUST_USE CvFovResult compute(const Map& kMap, int iX, int iY, int iRadius, Visitor& kVisitor) const;

private:
	// Plot index per column and row of the square of the radius; -1 when absent.
	struct Axes
	{
		int aiColumn[2 * CV_FOV_MAX_RADIUS + 1];
		int aiRowStart[2 * CV_FOV_MAX_RADIUS + 1];
		int iRadius;

		enum { MAY_BE_ABSENT = 1 };

		void fill(int iWidth, int iHeight, bool bWrapX, bool bWrapY, int iX, int iY, int iRadiusIn);
		int plotAt(int iDX, int iDY) const
		{
			const int iColumn = aiColumn[iDX + iRadius];
			const int iRowStart = aiRowStart[iDY + iRadius];
			return (iColumn < 0 || iRowStart < 0) ? -1 : iRowStart + iColumn;
		}
	};

	// The square lies on the map, away from every edge and seam.
	struct Interior
	{
		int iOrigin;
		int iWidth;

		enum { MAY_BE_ABSENT = 0 };

		int plotAt(int iDX, int iDY) const { return iOrigin + iDY * iWidth + iDX; }
	};

	template <class Map, class Lookup, class Visitor>
	void walk(const Map& kMap, const Lookup& kLookup, int iKeyLimit, Visitor& kVisitor) const;

	int m_iMaxRadius;
	CvFovMode m_eMode;
	CvFovMetric m_eMetric;
	std::vector<CvFovNode> m_aNodes;
};

// A Visitor that lists each visible plot once. Stamps instead of clearing: begin() starts a new
// field of view in constant time. Sized once for the map (resize), it allocates nothing per call.
class CvFovVisibleSet
{
public:
	CvFovVisibleSet();
	explicit CvFovVisibleSet(int iNumPlots);

	void resize(int iNumPlots);
	// Empties the set (a new generation of stamps).
	void begin();

	void visible(int iPlot, int, int) { visible(iPlot); }
	void visible(int iPlot)
	{
		if (m_aiStamp[iPlot] != m_iGeneration)
		{
			m_aiStamp[iPlot] = m_iGeneration;
			m_aiPlots[m_iCount++] = iPlot;
		}
	}

	bool contains(int iPlot) const { return m_aiStamp[iPlot] == m_iGeneration; }
	int size() const { return m_iCount; }
	int plot(int iIndex) const { return m_aiPlots[iIndex]; }

private:
	std::vector<unsigned int> m_aiStamp;
	std::vector<int> m_aiPlots;
	unsigned int m_iGeneration;
	int m_iCount;
};

// Symmetric mode for one pair: is (iToX, iToY) visible from (iFromX, iFromY) within iRadius
// (0..CV_FOV_MAX_RADIUS)? Exactly when the target is in the symmetric field of view of the origin,
// and so exactly when the origin is in the target's. On an error bVisible is false.
template <class Map>
CV_VISION_MUST_USE CvFovResult cvFovLineOfSight(const Map& kMap, CvFovMetric eMetric, int iFromX, int iFromY, int iToX,
	int iToY, int iRadius, bool& bVisible);

// A coordinate on an axis of length iLength: modulo the length when wrapping, else -1 off it.
inline int cvFovWrapCoord(int iC, int iLength, bool bWrap)
{
	if (bWrap)
	{
		iC %= iLength;
		return iC < 0 ? iC + iLength : iC;
	}
	return (iC >= 0 && iC < iLength) ? iC : -1;
}

// --- templates ----------------------------------------------------------------------------------

template <class Map, class Lookup, class Visitor>
void CvFovTable::walk(const Map& kMap, const Lookup& kLookup, int iKeyLimit, Visitor& kVisitor) const
{
	const CvFovNode* const pNodes = &m_aNodes[0];
	const int iNumNodes = (int)m_aNodes.size();
	int iIndex = 0;
	while (iIndex < iNumNodes)
	{
		const CvFovNode& kNode = pNodes[iIndex];
		if ((int)kNode.iPruneKey > iKeyLimit)
		{
			iIndex = kNode.iSkip;
			continue;
		}
		const int iPlot = kLookup.plotAt(kNode.iDX, kNode.iDY);
		if (Lookup::MAY_BE_ABSENT && iPlot < 0)
		{
			iIndex = kNode.iSkip;
			continue;
		}
		if (kNode.iFlags & CV_FOV_NODE_VISIBLE)
		{
			kVisitor.visible(iPlot, kNode.iDX, kNode.iDY);
		}
		iIndex = kMap.isOpaque(iPlot) ? kNode.iSkip : iIndex + 1;
	}
}

template <class Map, class Visitor>
CvFovResult CvFovTable::compute(const Map& kMap, int iX, int iY, int iRadius, Visitor& kVisitor) const
{
	const int iWidth = kMap.getGridWidth();
	const int iHeight = kMap.getGridHeight();
	const CvFovResult eResult = validate(iWidth, iHeight, iX, iY, iRadius);
	if (eResult != CV_FOV_OK)
	{
		return eResult;
	}
	kVisitor.visible(iY * iWidth + iX, 0, 0);
	if (iRadius == 0 || m_aNodes.empty())
	{
		return CV_FOV_OK;
	}
	const int iKeyLimit = cvFovKeyLimit(m_eMetric, iRadius);
	if (iX - iRadius >= 0 && iX + iRadius < iWidth && iY - iRadius >= 0 && iY + iRadius < iHeight)
	{
		Interior kInterior;
		kInterior.iOrigin = iY * iWidth + iX;
		kInterior.iWidth = iWidth;
		walk(kMap, kInterior, iKeyLimit, kVisitor);
	}
	else
	{
		Axes kAxes;
		kAxes.fill(iWidth, iHeight, kMap.isWrapX(), kMap.isWrapY(), iX, iY, iRadius);
		walk(kMap, kAxes, iKeyLimit, kVisitor);
	}
	return CV_FOV_OK;
}

// Are the cells of a line strictly between its ends present and transparent?
template <class Map>
bool cvFovLineClear(const Map& kMap, int iFromX, int iFromY, int iDX, int iDY, int iVariant)
{
	int aiX[2 * CV_FOV_MAX_RADIUS + 1];
	int aiY[2 * CV_FOV_MAX_RADIUS + 1];
	const int iNumCells = cvFovLine(iDX, iDY, iVariant, aiX, aiY);
	const int iWidth = kMap.getGridWidth();
	for (int i = 1; i < iNumCells - 1; ++i)
	{
		const int iX = cvFovWrapCoord(iFromX + aiX[i], iWidth, kMap.isWrapX());
		const int iY = cvFovWrapCoord(iFromY + aiY[i], kMap.getGridHeight(), kMap.isWrapY());
		if (iX < 0 || iY < 0 || kMap.isOpaque(iY * iWidth + iX))
		{
			return false;
		}
	}
	return true;
}

// The first displacement along an axis that names iDelta's cell and is at least -iRadius (on a
// wrapping axis several may, iLength apart).
inline int cvFovFirstDelta(int iDelta, int iLength, bool bWrap, int iRadius)
{
	if (!bWrap)
	{
		return iDelta;
	}
	int iFirst = cvFovWrapCoord(iDelta, iLength, true);
	while (iFirst - iLength >= -iRadius)
	{
		iFirst -= iLength;
	}
	return iFirst;
}

template <class Map>
CvFovResult cvFovLineOfSight(const Map& kMap, CvFovMetric eMetric, int iFromX, int iFromY, int iToX, int iToY,
	int iRadius, bool& bVisible)
{
	bVisible = false;
	const int iWidth = kMap.getGridWidth();
	const int iHeight = kMap.getGridHeight();
	if (eMetric < 0 || eMetric >= NUM_CV_FOV_METRICS)
	{
		return CV_FOV_BAD_METRIC;
	}
	if (iRadius < 0)
	{
		return CV_FOV_RADIUS_NEGATIVE;
	}
	if (iRadius > CV_FOV_MAX_RADIUS)
	{
		return CV_FOV_RADIUS_TOO_LARGE;
	}
	if (iWidth <= 0 || iHeight <= 0)
	{
		return CV_FOV_BAD_MAP_SIZE;
	}
	if (iFromX < 0 || iFromX >= iWidth || iFromY < 0 || iFromY >= iHeight ||
		iToX < 0 || iToX >= iWidth || iToY < 0 || iToY >= iHeight)
	{
		return CV_FOV_ORIGIN_OFF_MAP;
	}
	const int iFirstDX = cvFovFirstDelta(iToX - iFromX, iWidth, kMap.isWrapX(), iRadius);
	const int iFirstDY = cvFovFirstDelta(iToY - iFromY, iHeight, kMap.isWrapY(), iRadius);
	if (iFirstDX < -iRadius || iFirstDY < -iRadius)
	{
		return CV_FOV_OK; // beyond the radius across a non-wrapping axis
	}
	// Candidates iLength apart on a wrapping axis; one (the next is beyond the radius) otherwise.
	const int iStepX = kMap.isWrapX() ? iWidth : 2 * iRadius + 1;
	const int iStepY = kMap.isWrapY() ? iHeight : 2 * iRadius + 1;
	for (int iDY = iFirstDY; iDY <= iRadius && !bVisible; iDY += iStepY)
	{
		for (int iDX = iFirstDX; iDX <= iRadius && !bVisible; iDX += iStepX)
		{
			if (!cvFovWithinRadius(eMetric, iDX, iDY, iRadius))
			{
				continue;
			}
			const int iNumVariants = cvFovLineHasMidpointTie(iDX, iDY) ? 2 : 1;
			for (int iVariant = 0; iVariant < iNumVariants && !bVisible; ++iVariant)
			{
				bVisible = cvFovLineClear(kMap, iFromX, iFromY, iDX, iDY, iVariant);
			}
		}
	}
	return CV_FOV_OK;
}

#endif
