#pragma once
#ifndef CV_VISION_ENGINE_H
#define CV_VISION_ENGINE_H

// CvVision: which plots one sight source sees (docs/vision-rules.md, sections 2-6), bit-exact with
// BTS 3.19, evaluated in one outward pass over the precomputed displacement table.
// Plain C++03: this file is compiled into the game's DLL.
//
// The engine knows nothing of CvPlot or files. It reads the map through a Map type with
//     int  getGridWidth() const;  int getGridHeight() const;
//     bool isWrapX() const;       bool isWrapY() const;
//     int  seeThroughLevel(int iPlot) const;            // iPlot = y * width + x
//     int  seeFromLevel(int iPlot, int eTeam) const;    // includes the team's water bonus
// and reports every count change to a Sink with
//     void changeVisibilityCount(int iPlot, int eTeam, int iChange, int eInvisible);
// (eInvisible is CV_VISION_NO_INVISIBLE for the plain count).

#include "CvVisionFovSight.h"
#include "CvVisionMustUse.h"
#include "CvVisionRules.h"
#include "CvVisionTables.h"

#include <vector>

#define CV_VISION_NO_INVISIBLE (-1)

// The pass's per-entry step, inlined whatever the optimiser judges (it is called from each of a
// ring's three loops; a call per entry costs a third of the pass). Visual C++ 2003 knows
// __forceinline; GCC and Clang always_inline.
#if defined(_MSC_VER)
#define CV_VISION_FORCE_INLINE __forceinline
#elif defined(__GNUC__)
#define CV_VISION_FORCE_INLINE inline __attribute__((always_inline))
#else
#define CV_VISION_FORCE_INLINE inline
#endif

// Whether the engine reads a plot's see-through level only where light reaches it. A Map whose
// levels cost a memory access of their own (the adapter's, which reads each plot's facts from the
// game's CvPlot) sets VALUE to 1 by specialising this; the default reads every level of the square
// without a branch, best where levels are a table in memory (the terrain mix is random).
template <class Map>
struct CvVisionLazyLevels
{
	enum { VALUE = 0 };
};
// canSeePlot and canSeeDisplacement walk lines up to this many plots long on the stack; longer
// ones (a displacement round a wrapping axis, say) on the heap.
#define CV_VISION_MAX_SEE_DISTANCE (1024)
// canSeeDisplacement answers false beyond this many plots on an axis (BTS's recursion, one call
// per plot of the line, overflows the game's stack long before).
#define CV_VISION_MAX_DISPLACEMENT (1 << 20)

enum CvVisionResult
{
	CV_VISION_OK = 0,
	CV_VISION_RANGE_NEGATIVE,
	CV_VISION_RANGE_TOO_LARGE,
	CV_VISION_ORIGIN_OFF_MAP,
	CV_VISION_BAD_FACING,
	CV_VISION_BAD_INVISIBLE_LIST
};

// A readable sentence for a result, for logs and asserts.
const char* cvVisionResultText(CvVisionResult eResult);

// One sight source: what changeAdjacentSight receives (docs/vision-rules.md, section 2).
struct CvVisionSource
{
	int iX;
	int iY;
	int eTeam;
	int iRange;
	bool bAerial;                 // a DOMAIN_AIR unit: a plain square, no terrain, no outer ring
	int eFacing;                  // CV_VISION_NO_DIRECTION unless a bLineOfSight ground unit
	const int* paeSeeInvisible;   // the unit's SeeInvisible types; none means NO_INVISIBLE once
	int iNumSeeInvisible;

	CvVisionSource(int iXIn = 0, int iYIn = 0, int eTeamIn = 0, int iRangeIn = 0, bool bAerialIn = false,
		int eFacingIn = CV_VISION_NO_DIRECTION)
		: iX(iXIn), iY(iYIn), eTeam(eTeamIn), iRange(iRangeIn), bAerial(bAerialIn), eFacing(eFacingIn)
		, paeSeeInvisible(0), iNumSeeInvisible(0)
	{
	}
};

// A line-of-sight unit's reveal of its 3x3 square (+1 then -1 on each plot, net 0) in its place
// among the sight changes of a pass, as BTS makes it: right after the sight change of the same
// displacement, in the dx-then-dy loop (docs/vision-rules.md, section 2, step 5). For a square
// that does not wrap onto itself (every plot named by one displacement); the engine takes the
// others on its BTS-order path.
class CvVisionRevealOrder
{
public:
	void fill(int iWidth, int iHeight, bool bWrapX, bool bWrapY, int iX, int iY);

	// One pass: paiPlots (iCount, in BTS's loop order) changed by iChange, the reveals among them.
	template <class Sink>
	void emitPass(Sink& kSink, int eTeam, int iChange, int eInvisible, const int* paiPlots, int iCount) const;

private:
	enum { NUM_CELLS = 9 };

	// How many of the 3x3 square's cells come before displacement (iDX, iDY) in the loop.
	static int cellsBefore(int iDX, int iDY);
	template <class Sink>
	void reveal(Sink& kSink, int eTeam, int eInvisible, int iFirstCell, int iEndCell) const;

	int m_aiPlot[NUM_CELLS]; // the 3x3 square's plots in BTS's loop order, -1 where absent
	int m_iX;
	int m_iY;
	int m_iWidth;
	int m_iHeight;
	bool m_bWrapX;
	bool m_bWrapY;
};

class CvVisionEngine
{
public:
	explicit CvVisionEngine(const CvVisionTables& kTables = CvVisionTables::standard(),
		const CvVisionOptions& kOptions = CvVisionOptions())
		: m_kTables(kTables), m_kOptions(kOptions)
	{
	}

	const CvVisionOptions& options() const { return m_kOptions; }
	// The displacement table, whose facing spreads the facing test uses.
	const CvVisionTables& tables() const { return m_kTables; }

	// docs/vision-rules.md, section 2: add (iChange = 1) or remove (iChange = -1) one source's sight.
	// On an error nothing is changed. Every range BTS accepts works as in BTS: a ground range of
	// -1 sees its own plot alone (the outer ring is ring 0), below -1 nothing; ranges above
	// CV_VISION_MAX_RANGE take a path without the table (under a PCVT sight model they are
	// refused: CV_VISION_RANGE_TOO_LARGE). The count changes come in BTS's order: per see-invisible
	// pass, dx from -ring to ring, then dy, a line-of-sight unit's reveal after the sight change of
	// the same displacement (docs/vision-rules.md, section 2, step 5).
	template <class Map, class Sink>
	CV_VISION_MUST_USE CvVisionResult changeAdjacentSight(const Map& kMap, Sink& kSink, const CvVisionSource& kSource,
		int iChange) const;

	// docs/vision-rules.md, section 4: can a viewer of eTeam on (iFromX, iFromY) with iRange see
	// (iToX, iToY)? Any range, as BTS (a negative one too: with -1 the outer ring is ring 0). False
	// for an absent plot.
	template <class Map>
	bool canSeePlot(const Map& kMap, int iFromX, int iFromY, int iToX, int iToY, int eTeam,
		int iRange, int eFacing) const;

	// BTS's CvPlot::canSeeDisplacementPlot for every argument: the displacement d = (iDX, iDY)
	// from the viewer on (iFromX, iFromY) taken as it is (not the short way round a wrapping
	// axis; the lines run in displacement space). True at d = (0, 0) when that plot exists.
	// bOuterRing: the outer-ring test (seen past a predecessor the viewer is above, or when
	// taller than the viewer); else bFirstPlot: the target test (its own height does not
	// matter); else clear(d) (light passes on: the viewer's level is at least d's see-through).
	// False beyond CV_VISION_MAX_DISPLACEMENT on an axis.
	template <class Map>
	bool canSeeDisplacement(const Map& kMap, int iFromX, int iFromY, int iDX, int iDY, int eTeam,
		bool bFirstPlot, bool bOuterRing) const;

	// The plots one source sees, in BTS's loop order (dx, then dy): writes their indices (a plot
	// twice when two displacements name it on a small wrapping map) and returns how many, or -1 on
	// an error (a range above CV_VISION_MAX_RANGE is one: the buffer's size).
	// paiPlots needs room for (2 * range + 3)^2 entries.
	template <class Map>
	CV_VISION_MUST_USE int seenPlots(const Map& kMap, const CvVisionSource& kSource, int* paiPlots) const;

	// seenPlots for a source whose sight is a table subset (sightIsTableSubset) on the ground:
	// also each plot's entry in the table (paiEntries, as many), from the pass itself. Returns -1
	// for any other source (aerial, a PCVT sight model), whose entries the caller finds itself.
	template <class Map>
	CV_VISION_MUST_USE int seenEntries(const Map& kMap, const CvVisionSource& kSource, int* paiPlots,
		int* paiEntries) const;

	// The count changes of a sight whose plots are known (paiPlots, iCount: seenPlots's list),
	// in changeAdjacentSight's order: the list once per see-invisible pass, a line-of-sight unit's
	// reveal of its 3x3 square (+1 then -1) in its place among them. changeAdjacentSight is
	// collect-then-emitSight wherever sightIsTableSubset holds.
	template <class Map, class Sink>
	void emitSight(const Map& kMap, Sink& kSink, const CvVisionSource& kSource, const int* paiPlots, int iCount,
		int iChange) const;

	// Is the sight of kSource, as seenPlots lists it, told by the displacement table's entries up
	// to its ring (aerial: its range), each naming a plot no other entry names, listed in BTS's
	// loop order? True for every valid source of BTS's sight model (and aerial ones) whose
	// square does not wrap onto itself and that needs no BTS-order path. Such a sight is told
	// exactly by its origin, its map's shape and one bit per table entry (the ledger's compact
	// records).
	template <class Map>
	bool sightIsTableSubset(const Map& kMap, const CvVisionSource& kSource) const;

	CV_VISION_MUST_USE static inline CvVisionResult validate(const CvVisionSource& kSource, int iWidth, int iHeight);

private:
	enum
	{
		STATE_CLEAR = 1, // light passes through this displacement further out
		STATE_PASS = 2,  // clear, and the viewer's level >= its see-through level
		STATE_ABOVE = 4  // clear, and the viewer's level > its see-through level
	};

	// The state of a displacement light reaches (no branch: the terrain mix is random). Plain
	// comparisons, exact for every int level (a difference of two levels may overflow); each
	// becomes a flag instruction (setcc), not a branch, as its result is used as a number.
	static int stateOf(int iViewerLevel, int iSeeThrough)
	{
		const int iAtLeast = iViewerLevel >= iSeeThrough;
		const int iAbove = iViewerLevel > iSeeThrough;
		return iAtLeast * (STATE_CLEAR | STATE_PASS) + iAbove * STATE_ABOVE;
	}

	// Only the clear bit: all that rings before the last inner ring need.
	static int clearOf(int iViewerLevel, int iSeeThrough)
	{
		return iViewerLevel >= iSeeThrough;
	}

	// Outer ring target, given the OR of its predecessors' states (docs/vision-rules.md, section
	// 3): seen past a predecessor the viewer is above, or when taller than the viewer. No branch.
	static int outerVisible(int iPredState, int iTargetSeeFrom, int iViewerLevel)
	{
		return ((iPredState & STATE_ABOVE) != 0)
			| (((iPredState & STATE_PASS) != 0) & (iTargetSeeFrom > iViewerLevel));
	}

	// Plot index per table column and row of the sight square; -1 when absent.
	struct Axes
	{
		int aiColumn[CV_VISION_MAX_SIDE];
		int aiRowStart[CV_VISION_MAX_SIDE];
		int iRing;

		template <class Map>
		void fill(const Map& kMap, int iX, int iY, int iRingIn);
	};

	// A pass's view of Axes: two pointers, small enough to be passed by value and kept in
	// registers.
	struct AxesView
	{
		const int* paiColumn;   // at dx = 0
		const int* paiRowStart; // at dy = 0

		explicit AxesView(const Axes& kAxes)
			: paiColumn(kAxes.aiColumn + kAxes.iRing), paiRowStart(kAxes.aiRowStart + kAxes.iRing)
		{
		}

		enum { MAY_BE_ABSENT = 1 };

		int plotAt(const CvVisionDisplacement& kEntry) const
		{
			const int iColumn = paiColumn[kEntry.iDX];
			const int iRowStart = paiRowStart[kEntry.iDY];
			return (iColumn < 0 || iRowStart < 0) ? -1 : iRowStart + iColumn;
		}
	};

	// The plot index when the whole square lies on the map, away from every edge and seam.
	struct Interior
	{
		int iOrigin;
		int iWidth;

		enum { MAY_BE_ABSENT = 0 };

		int plotAt(const CvVisionDisplacement& kEntry) const
		{
			return iOrigin + kEntry.iDY * iWidth + kEntry.iDX;
		}
	};

	// What one ground pass sees, column by column (dx from -ring to ring), each column's plots dy
	// ascending: BTS's loop order. Column dx's plots are aiPlots[aiBegin[dx + ring], aiEnd[dx + ring]).
	struct Columns
	{
		Columns() : paiEntries(0) {}

		int iRing;
		int aiBegin[CV_VISION_MAX_SIDE];
		int aiEnd[CV_VISION_MAX_SIDE];
		int aiPlots[CV_VISION_MAX_ENTRIES];
		int* paiEntries; // with bEntries: each plot's table entry, beside aiPlots

		int copyTo(int* paiPlots) const;
		// And each plot's table entry (paiEntriesOut, 0: not wanted; with bEntries only).
		int copyTo(int* paiPlots, int* paiEntriesOut) const;
		template <class Sink>
		void emit(Sink& kSink, int eTeam, int iChange, int eInvisible) const;
	};

	// What a pass's rings read besides the table.
	struct PassState
	{
		short* aiState; // STATE_ bits per table entry
		int iLevel;     // the viewer's see-from level
		int eTeam;
		unsigned int iFacingBit;
	};

	template <class Map>
	int collect(const Map& kMap, const CvVisionSource& kSource, int* paiPlots) const;
	// canSeePlot under a PCVT sight model: the target among what the source sees (when in range).
	template <class Map>
	bool canSeePlotFov(const Map& kMap, int iFromX, int iFromY, int iTarget, int eTeam, int iRange, int eFacing,
		int iDX, int iDY) const;
	template <class Map, class Lookup, bool bEntries>
	void groundPass(const Map& kMap, const CvVisionSource& kSource, const Lookup& kLookup, int iRing,
		Columns& kColumns) const;
	// The pass, compiled once per kind of lookup and with or without a facing cone: ring by ring
	// outward over the table (every tied predecessor lies in the ring before, so the entries of a
	// ring do not wait on each other), each seen plot put in its place in its column.
	template <class Map, class Lookup, bool bFacing, bool bEntries>
	void groundPassFor(const Map& kMap, const CvVisionSource& kSource, const Lookup& kLookup, int iRing,
		Columns& kColumns) const;
	// Ring iRing's entries: its left column (dx = -ring, dy ascending: the column's first plots),
	// then per column between a plot below (put before the column's) and one above (after), then its
	// right column. bFullState: also PASS and ABOVE, which only the last inner ring needs (the outer
	// ring reads them).
	template <class Map, class Lookup, bool bFacing, bool bOuter, bool bFullState, bool bEntries>
	void passRing(const Map& kMap, Lookup kLookup, const PassState& kPass, int iRing, Columns& kColumns) const;
	// One of a ring's two side columns (column iColumn of the square, its entries from
	// iFirstEntry), dy ascending: the column's first plots.
	template <class Map, class Lookup, bool bFacing, bool bOuter, bool bFullState, bool bEntries>
	void passSide(const Map& kMap, Lookup kLookup, const PassState& kPass, int iRing, int iColumn, int iFirstEntry,
		Columns& kColumns) const;
	// One entry: 1 when seen, else 0; an inner entry's state written (a plot off the map is unseen
	// and passes no light).
	template <class Map, class Lookup, bool bFacing, bool bOuter, bool bFullState>
	static int passEntry(const Map& kMap, const PassState& kPass, int iPlot, const CvVisionDisplacement& kEntry, int iEntry);
	// The ground pass of kSource into kColumns; with bEntries each plot's table entry as well
	// (kColumns.paiEntries).
	template <class Map, bool bEntries>
	void groundColumnsFor(const Map& kMap, const CvVisionSource& kSource, Columns& kColumns) const;
	template <class Map>
	void groundColumns(const Map& kMap, const CvVisionSource& kSource, Columns& kColumns) const
	{
		groundColumnsFor<Map, false>(kMap, kSource, kColumns);
	}
	int aerialPass(const Axes& kAxes, int iRange, int* paiPlots) const;
	// Sources the table cannot take in BTS's order: ranges beyond it (negative, above
	// CV_VISION_MAX_RANGE) and line-of-sight units whose square wraps onto itself, where a plot
	// gets a reveal (+1 then -1) and a sight change from two displacements. Judges the square ring
	// by ring without the table, then emits as BTS loops: dx, then dy.
	template <class Map>
	bool needsBtsOrder(const Map& kMap, const CvVisionSource& kSource) const;
	template <class Map, class Sink>
	void changeAdjacentSightInOrder(const Map& kMap, Sink& kSink, const CvVisionSource& kSource, int iChange) const;

	// The ring a ground source looks to, and whether that last ring has the outer-ring rule.
	int groundRing(int iRange) const { return iRange + (m_kOptions.bOuterRing ? 1 : 0); }
	bool hasOuterRule() const { return m_kOptions.bOuterRing && !m_kOptions.bOuterRingAsInner; }

	const CvVisionTables& m_kTables;
	CvVisionOptions m_kOptions;
};

// ---------------------------------------------------------------------------------------------
// Inline and template definitions

template <class Sink>
void CvVisionRevealOrder::emitPass(Sink& kSink, int eTeam, int iChange, int eInvisible, const int* paiPlots,
	int iCount) const
{
	int iNextCell = 0;
	for (int i = 0; i < iCount; ++i)
	{
		const int iPlot = paiPlots[i];
		const int iDX = cvVisionWrapDelta(iPlot % m_iWidth - m_iX, m_iWidth, m_bWrapX);
		const int iDY = cvVisionWrapDelta(iPlot / m_iWidth - m_iY, m_iHeight, m_bWrapY);
		const int iBefore = cellsBefore(iDX, iDY);
		reveal(kSink, eTeam, eInvisible, iNextCell, iBefore);
		kSink.changeVisibilityCount(iPlot, eTeam, iChange, eInvisible);
		const bool bInSquare = iDX >= -1 && iDX <= 1 && iDY >= -1 && iDY <= 1;
		iNextCell = bInSquare ? iBefore + 1 : iBefore;
		reveal(kSink, eTeam, eInvisible, iBefore, iNextCell);
	}
	reveal(kSink, eTeam, eInvisible, iNextCell, NUM_CELLS);
}

template <class Sink>
void CvVisionRevealOrder::reveal(Sink& kSink, int eTeam, int eInvisible, int iFirstCell, int iEndCell) const
{
	for (int iCell = iFirstCell; iCell < iEndCell; ++iCell)
	{
		if (m_aiPlot[iCell] >= 0)
		{
			kSink.changeVisibilityCount(m_aiPlot[iCell], eTeam, 1, eInvisible);
			kSink.changeVisibilityCount(m_aiPlot[iCell], eTeam, -1, eInvisible);
		}
	}
}

inline CvVisionResult CvVisionEngine::validate(const CvVisionSource& kSource, int iWidth, int iHeight)
{
	// Any range: BTS takes them all (CV_VISION_RANGE_NEGATIVE is no longer returned).
	if (kSource.iX < 0 || kSource.iX >= iWidth || kSource.iY < 0 || kSource.iY >= iHeight)
	{
		return CV_VISION_ORIGIN_OFF_MAP;
	}
	if (kSource.eFacing < CV_VISION_NO_DIRECTION || kSource.eFacing >= CV_VISION_NUM_DIRECTIONS)
	{
		return CV_VISION_BAD_FACING;
	}
	if (kSource.iNumSeeInvisible < 0 || (kSource.iNumSeeInvisible > 0 && kSource.paeSeeInvisible == 0))
	{
		return CV_VISION_BAD_INVISIBLE_LIST;
	}
	return CV_VISION_OK;
}


template <class Map>
void CvVisionEngine::Axes::fill(const Map& kMap, int iX, int iY, int iRingIn)
{
	iRing = iRingIn;
	const int iWidth = kMap.getGridWidth();
	const int iHeight = kMap.getGridHeight();
	const bool bWrapX = kMap.isWrapX();
	const bool bWrapY = kMap.isWrapY();
	for (int i = -iRing; i <= iRing; ++i)
	{
		aiColumn[i + iRing] = cvVisionWrapCoord(iX + i, iWidth, bWrapX);
		const int iRow = cvVisionWrapCoord(iY + i, iHeight, bWrapY);
		aiRowStart[i + iRing] = (iRow < 0) ? -1 : iRow * iWidth;
	}
}

template <class Map, class Lookup, bool bEntries>
void CvVisionEngine::groundPass(const Map& kMap, const CvVisionSource& kSource, const Lookup& kLookup,
	int iRing, Columns& kColumns) const
{
	if (kSource.eFacing == CV_VISION_NO_DIRECTION)
	{
		groundPassFor<Map, Lookup, false, bEntries>(kMap, kSource, kLookup, iRing, kColumns);
		return;
	}
	groundPassFor<Map, Lookup, true, bEntries>(kMap, kSource, kLookup, iRing, kColumns);
}

template <class Map, class Lookup, bool bFacing, bool bEntries>
void CvVisionEngine::groundPassFor(const Map& kMap, const CvVisionSource& kSource, const Lookup& kLookupIn,
	int iRing, Columns& kColumns) const
{
	const Lookup kLookup = kLookupIn; // a local copy stays in registers: the stores cannot alias it
	short aiState[CV_VISION_MAX_ENTRIES];
	PassState kPass;
	kPass.aiState = aiState;
	kPass.eTeam = kSource.eTeam;
	kPass.iFacingBit = bFacing ? (1u << kSource.eFacing) : 0u;
	kColumns.iRing = iRing;

	// The viewer's own plot: seen, and light passes on from it; column 0's first plot.
	const int iOrigin = kLookup.plotAt(m_kTables.entry(0));
	kPass.iLevel = kMap.seeFromLevel(iOrigin, kSource.eTeam);
	aiState[0] = static_cast<short>(STATE_CLEAR | stateOf(kPass.iLevel, kMap.seeThroughLevel(iOrigin)));
	const int iCenter = iRing * (2 * iRing + 1) + iRing;
	kColumns.aiPlots[iCenter] = iOrigin;
	if (bEntries)
	{
		kColumns.paiEntries[iCenter] = 0;
	}
	kColumns.aiBegin[iRing] = iCenter;
	kColumns.aiEnd[iRing] = iCenter + 1;

	// Inner rings (only the last one needs the full state), then the outer ring.
	const int iInnerRings = hasOuterRule() ? iRing - 1 : iRing;
	for (int r = 1; r < iInnerRings; ++r)
	{
		passRing<Map, Lookup, bFacing, false, false, bEntries>(kMap, kLookup, kPass, r, kColumns);
	}
	if (iInnerRings >= 1)
	{
		passRing<Map, Lookup, bFacing, false, true, bEntries>(kMap, kLookup, kPass, iInnerRings, kColumns);
	}
	if (iInnerRings < iRing)
	{
		passRing<Map, Lookup, bFacing, true, false, bEntries>(kMap, kLookup, kPass, iRing, kColumns);
	}
}

template <class Map, class Lookup, bool bFacing, bool bOuter, bool bFullState, bool bEntries>
void CvVisionEngine::passRing(const Map& kMap, Lookup kLookup, const PassState& kPassIn, int iRing,
	Columns& kColumns) const
{
	// A local copy stays in registers (as the lookup, passed by value): the stores to the columns
	// cannot alias it.
	const PassState kPass = kPassIn;
	const int iSquareRing = kColumns.iRing;
	int* const paiPlots = kColumns.aiPlots;
	int* const paiEntries = kColumns.paiEntries;
	int i = CvVisionTables::entriesUpToRing(iRing - 1);
	// The left column's plots (dy = -ring..ring), the first of column -ring.
	passSide<Map, Lookup, bFacing, bOuter, bFullState, bEntries>(kMap, kLookup, kPass, iRing, iSquareRing - iRing, i,
		kColumns);
	i += 2 * iRing + 1;
	// The columns between: a plot below those already in the column, one above.
	for (int iColumn = iSquareRing - iRing + 1; iColumn < iSquareRing + iRing; ++iColumn, i += 2)
	{
		const int iBegin = kColumns.aiBegin[iColumn];
		const int iEnd = kColumns.aiEnd[iColumn];
		const CvVisionDisplacement& kBelow = m_kTables.entry(i);
		const int iBelow = kLookup.plotAt(kBelow);
		const int iSeenBelow = passEntry<Map, Lookup, bFacing, bOuter, bFullState>(kMap, kPass, iBelow, kBelow, i);
		const CvVisionDisplacement& kAbove = m_kTables.entry(i + 1);
		const int iAbove = kLookup.plotAt(kAbove);
		const int iSeenAbove = passEntry<Map, Lookup, bFacing, bOuter, bFullState>(kMap, kPass, iAbove, kAbove, i + 1);
		paiPlots[iBegin - 1] = iBelow;
		paiPlots[iEnd] = iAbove;
		if (bEntries)
		{
			paiEntries[iBegin - 1] = i;
			paiEntries[iEnd] = i + 1;
		}
		kColumns.aiBegin[iColumn] = iBegin - iSeenBelow;
		kColumns.aiEnd[iColumn] = iEnd + iSeenAbove;
	}
	// The right column's plots, the first of column +ring.
	passSide<Map, Lookup, bFacing, bOuter, bFullState, bEntries>(kMap, kLookup, kPass, iRing, iSquareRing + iRing, i,
		kColumns);
}

template <class Map, class Lookup, bool bFacing, bool bOuter, bool bFullState, bool bEntries>
CV_VISION_FORCE_INLINE void CvVisionEngine::passSide(const Map& kMap, Lookup kLookup, const PassState& kPass, int iRing,
	int iColumn, int iFirstEntry, Columns& kColumns) const
{
	const int iSquareRing = kColumns.iRing;
	int* const paiPlots = kColumns.aiPlots;
	int* const paiEntries = kColumns.paiEntries;
	int iNext = iColumn * (2 * iSquareRing + 1) + iSquareRing - iRing;
	kColumns.aiBegin[iColumn] = iNext;
	for (int i = iFirstEntry, iEnd = iFirstEntry + 2 * iRing + 1; i < iEnd; ++i)
	{
		const CvVisionDisplacement& kEntry = m_kTables.entry(i);
		const int iPlot = kLookup.plotAt(kEntry);
		paiPlots[iNext] = iPlot;
		if (bEntries)
		{
			paiEntries[iNext] = i;
		}
		iNext += passEntry<Map, Lookup, bFacing, bOuter, bFullState>(kMap, kPass, iPlot, kEntry, i);
	}
	kColumns.aiEnd[iColumn] = iNext;
}

template <class Map, class Lookup, bool bFacing, bool bOuter, bool bFullState>
CV_VISION_FORCE_INLINE int CvVisionEngine::passEntry(const Map& kMap, const PassState& kPass, int iPlot, const CvVisionDisplacement& kEntry,
	int iEntry)
{
	if (Lookup::MAY_BE_ABSENT && iPlot < 0)
	{
		if (!bOuter)
		{
			kPass.aiState[iEntry] = 0;
		}
		return 0;
	}
	const int iPred = kPass.aiState[kEntry.aiPred[0]] | kPass.aiState[kEntry.aiPred[1]];
	const int iInCone = !bFacing || (kEntry.iFacingMask & kPass.iFacingBit) != 0;
	if (bOuter)
	{
		// Seen past a predecessor the viewer is above, or when taller than the viewer.
		if ((iPred & STATE_PASS) == 0)
		{
			return 0; // light does not reach the ring here
		}
		return outerVisible(iPred, kMap.seeFromLevel(iPlot, kPass.eTeam), kPass.iLevel) & iInCone;
	}
	// Seen when light reaches a predecessor; passes on when also low enough. No branch on the
	// terrain: the mix is random, a branch would mispredict. An unreached plot's state is 0.
	const int iReached = iPred & STATE_CLEAR;
	const int iSeeThrough = (CvVisionLazyLevels<Map>::VALUE && iReached == 0) ? 0 : kMap.seeThroughLevel(iPlot);
	const int iState = bFullState ? stateOf(kPass.iLevel, iSeeThrough) & -iReached
		: clearOf(kPass.iLevel, iSeeThrough) & iReached;
	kPass.aiState[iEntry] = static_cast<short>(iState);
	return iReached & iInCone;
}

// Each column's ends are read once into locals: the copy's int stores might otherwise alias them.
inline int CvVisionEngine::Columns::copyTo(int* paiPlots, int* paiEntriesOut) const
{
	int iCount = 0;
	const int iSide = 2 * iRing + 1;
	for (int i = 0; i < iSide; ++i)
	{
		const int iBegin = aiBegin[i];
		const int iEnd = aiEnd[i];
		for (int j = iBegin; j < iEnd; ++j)
		{
			paiPlots[iCount] = aiPlots[j];
			if (paiEntriesOut != 0)
			{
				paiEntriesOut[iCount] = paiEntries[j];
			}
			++iCount;
		}
	}
	return iCount;
}

inline int CvVisionEngine::Columns::copyTo(int* paiPlots) const
{
	return copyTo(paiPlots, 0);
}

template <class Sink>
void CvVisionEngine::Columns::emit(Sink& kSink, int eTeam, int iChange, int eInvisible) const
{
	for (int i = 0; i <= 2 * iRing; ++i)
	{
		const int* const pEnd = aiPlots + aiEnd[i];
		for (const int* p = aiPlots + aiBegin[i]; p < pEnd; ++p)
		{
			kSink.changeVisibilityCount(*p, eTeam, iChange, eInvisible);
		}
	}
}

template <class Map, bool bEntries>
void CvVisionEngine::groundColumnsFor(const Map& kMap, const CvVisionSource& kSource, Columns& kColumns) const
{
	const int iRing = groundRing(kSource.iRange);
	const int iWidth = kMap.getGridWidth();
	const int iHeight = kMap.getGridHeight();
	if (kSource.iX - iRing >= 0 && kSource.iX + iRing < iWidth && kSource.iY - iRing >= 0 && kSource.iY + iRing < iHeight)
	{
		Interior kInterior;
		kInterior.iOrigin = kSource.iY * iWidth + kSource.iX;
		kInterior.iWidth = iWidth;
		groundPass<Map, Interior, bEntries>(kMap, kSource, kInterior, iRing, kColumns);
		return;
	}
	Axes kAxes;
	kAxes.fill(kMap, kSource.iX, kSource.iY, iRing);
	groundPass<Map, AxesView, bEntries>(kMap, kSource, AxesView(kAxes), iRing, kColumns);
}

template <class Map>
int CvVisionEngine::seenPlots(const Map& kMap, const CvVisionSource& kSource, int* paiPlots) const
{
	if (validate(kSource, kMap.getGridWidth(), kMap.getGridHeight()) != CV_VISION_OK
		|| kSource.iRange > CV_VISION_MAX_RANGE)
	{
		return -1;
	}
	if (kSource.iRange < 0)
	{
		// A ground range of -1 sees its own plot (ring 0 is the outer ring, BTS lets it through).
		const bool bOwnPlot = !kSource.bAerial && groundRing(kSource.iRange) == 0;
		paiPlots[0] = kSource.iY * kMap.getGridWidth() + kSource.iX;
		return bOwnPlot ? 1 : 0;
	}
	return collect(kMap, kSource, paiPlots);
}

template <class Map>
int CvVisionEngine::seenEntries(const Map& kMap, const CvVisionSource& kSource, int* paiPlots, int* paiEntries) const
{
	if (kSource.bAerial || !sightIsTableSubset(kMap, kSource))
	{
		return -1;
	}
	int aiColumnEntries[CV_VISION_MAX_ENTRIES];
	Columns kColumns;
	kColumns.paiEntries = aiColumnEntries;
	groundColumnsFor<Map, true>(kMap, kSource, kColumns);
	return kColumns.copyTo(paiPlots, paiEntries);
}

template <class Map>
int CvVisionEngine::collect(const Map& kMap, const CvVisionSource& kSource, int* paiPlots) const
{
	Axes kAxes;
	if (kSource.bAerial)
	{
		kAxes.fill(kMap, kSource.iX, kSource.iY, kSource.iRange);
		return aerialPass(kAxes, kSource.iRange, paiPlots);
	}
	const int iRing = groundRing(kSource.iRange);
	if (m_kOptions.eSightModel != CV_VISION_SIGHT_BTS)
	{
		return cvVisionFovSight(kMap, m_kTables, m_kOptions.eSightModel, kSource.iX, kSource.iY, kSource.eTeam, iRing,
			hasOuterRule(), kSource.eFacing, paiPlots);
	}
	Columns kColumns;
	groundColumns(kMap, kSource, kColumns);
	return kColumns.copyTo(paiPlots);
}

template <class Map, class Sink>
CvVisionResult CvVisionEngine::changeAdjacentSight(const Map& kMap, Sink& kSink,
	const CvVisionSource& kSource, int iChange) const
{
	const CvVisionResult eResult = validate(kSource, kMap.getGridWidth(), kMap.getGridHeight());
	if (eResult != CV_VISION_OK)
	{
		return eResult;
	}
	if (needsBtsOrder(kMap, kSource))
	{
		changeAdjacentSightInOrder(kMap, kSink, kSource, iChange);
		return CV_VISION_OK;
	}
	if (kSource.iRange > CV_VISION_MAX_RANGE)
	{
		return CV_VISION_RANGE_TOO_LARGE; // a PCVT sight model: its table ends there
	}
	const bool bRevealAdjacent = m_kOptions.bRevealAdjacent && !kSource.bAerial
		&& kSource.eFacing != CV_VISION_NO_DIRECTION;
	if (!kSource.bAerial && m_kOptions.eSightModel == CV_VISION_SIGHT_BTS && !bRevealAdjacent)
	{
		// The common case, emitted straight from the pass's columns.
		Columns kColumns;
		groundColumns(kMap, kSource, kColumns);
		const int iNumPasses = (kSource.iNumSeeInvisible > 0) ? kSource.iNumSeeInvisible : 1;
		for (int iPass = 0; iPass < iNumPasses; ++iPass)
		{
			kColumns.emit(kSink, kSource.eTeam, iChange,
				(kSource.iNumSeeInvisible > 0) ? kSource.paeSeeInvisible[iPass] : CV_VISION_NO_INVISIBLE);
		}
		return CV_VISION_OK;
	}
	int aiPlots[CV_VISION_MAX_ENTRIES];
	const int iCount = collect(kMap, kSource, aiPlots);
	emitSight(kMap, kSink, kSource, aiPlots, iCount, iChange);
	return CV_VISION_OK;
}

template <class Map, class Sink>
void CvVisionEngine::emitSight(const Map& kMap, Sink& kSink, const CvVisionSource& kSource, const int* paiPlots,
	int iCount, int iChange) const
{
	// docs/vision-rules.md, section 2 (step 5): the whole square once per see-invisible type
	// (NO_INVISIBLE when there is none).
	const int iNumPasses = (kSource.iNumSeeInvisible > 0) ? kSource.iNumSeeInvisible : 1;
	const bool bRevealAdjacent = m_kOptions.bRevealAdjacent && !kSource.bAerial
		&& kSource.eFacing != CV_VISION_NO_DIRECTION;
	CvVisionRevealOrder kReveals;
	if (bRevealAdjacent)
	{
		kReveals.fill(kMap.getGridWidth(), kMap.getGridHeight(), kMap.isWrapX(), kMap.isWrapY(), kSource.iX, kSource.iY);
	}
	for (int iPass = 0; iPass < iNumPasses; ++iPass)
	{
		const int eInvisible = (kSource.iNumSeeInvisible > 0)
			? kSource.paeSeeInvisible[iPass] : CV_VISION_NO_INVISIBLE;
		if (bRevealAdjacent)
		{
			kReveals.emitPass(kSink, kSource.eTeam, iChange, eInvisible, paiPlots, iCount);
			continue;
		}
		for (int i = 0; i < iCount; ++i)
		{
			kSink.changeVisibilityCount(paiPlots[i], kSource.eTeam, iChange, eInvisible);
		}
	}
}

template <class Map>
bool CvVisionEngine::sightIsTableSubset(const Map& kMap, const CvVisionSource& kSource) const
{
	if (validate(kSource, kMap.getGridWidth(), kMap.getGridHeight()) != CV_VISION_OK || kSource.iRange < 0
		|| kSource.iRange > CV_VISION_MAX_RANGE || needsBtsOrder(kMap, kSource)
		|| (!kSource.bAerial && m_kOptions.eSightModel != CV_VISION_SIGHT_BTS))
	{
		return false;
	}
	const int iSide = 2 * (kSource.bAerial ? kSource.iRange : groundRing(kSource.iRange)) + 1;
	return !(kMap.isWrapX() && iSide > kMap.getGridWidth()) && !(kMap.isWrapY() && iSide > kMap.getGridHeight());
}

template <class Map>
bool CvVisionEngine::canSeePlotFov(const Map& kMap, int iFromX, int iFromY, int iTarget, int eTeam, int iRange,
	int eFacing, int iDX, int iDY) const
{
	const int iRing = groundRing(iRange);
	const int iAbsX = (iDX < 0) ? -iDX : iDX;
	const int iAbsY = (iDY < 0) ? -iDY : iDY;
	if (iRange > CV_VISION_MAX_RANGE || iAbsX > iRing || iAbsY > iRing)
	{
		return false; // beyond the square no line reaches (unlike BTS, which answers any distance)
	}
	int aiPlots[CV_VISION_MAX_ENTRIES];
	const int iCount = cvVisionFovSight(kMap, m_kTables, m_kOptions.eSightModel, iFromX, iFromY, eTeam, iRing,
		hasOuterRule(), eFacing, aiPlots);
	for (int i = 0; i < iCount; ++i)
	{
		if (aiPlots[i] == iTarget)
		{
			return true;
		}
	}
	return false;
}

template <class Map>
bool CvVisionEngine::canSeePlot(const Map& kMap, int iFromX, int iFromY, int iToX, int iToY,
	int eTeam, int iRange, int eFacing) const
{
	const int iWidth = kMap.getGridWidth();
	const int iHeight = kMap.getGridHeight();
	const bool bWrapX = kMap.isWrapX();
	const bool bWrapY = kMap.isWrapY();
	if (eFacing < CV_VISION_NO_DIRECTION || eFacing >= CV_VISION_NUM_DIRECTIONS
		|| cvVisionWrapCoord(iFromX, iWidth, false) < 0 || cvVisionWrapCoord(iFromY, iHeight, false) < 0
		|| cvVisionWrapCoord(iToX, iWidth, false) < 0 || cvVisionWrapCoord(iToY, iHeight, false) < 0)
	{
		return false;
	}
	const int iDX = cvVisionWrapDelta(iToX - iFromX, iWidth, bWrapX);
	const int iDY = cvVisionWrapDelta(iToY - iFromY, iHeight, bWrapY);
	if (!cvVisionFacingAllows(iDX, iDY, eFacing, m_kTables.farSpreadDegrees(), m_kTables.nearSpreadDegrees()))
	{
		return false;
	}
	if (iDX == 0 && iDY == 0)
	{
		return true;
	}
	if (m_kOptions.eSightModel != CV_VISION_SIGHT_BTS)
	{
		return canSeePlotFov(kMap, iFromX, iFromY, iToY * iWidth + iToX, eTeam, iRange, eFacing, iDX, iDY);
	}
	const int iRing = groundRing(iRange);
	const bool bOuter = hasOuterRule() && ((iDX < 0 ? -iDX : iDX) == iRing || (iDY < 0 ? -iDY : iDY) == iRing);
	return canSeeDisplacement(kMap, iFromX, iFromY, iDX, iDY, eTeam, true, bOuter);
}

template <class Map>
bool CvVisionEngine::canSeeDisplacement(const Map& kMap, int iFromX, int iFromY, int iDX, int iDY, int eTeam,
	bool bFirstPlot, bool bOuterRing) const
{
	const int iWidth = kMap.getGridWidth();
	const int iHeight = kMap.getGridHeight();
	const bool bWrapX = kMap.isWrapX();
	const bool bWrapY = kMap.isWrapY();
	if (iDX > CV_VISION_MAX_DISPLACEMENT || iDX < -CV_VISION_MAX_DISPLACEMENT || iDY > CV_VISION_MAX_DISPLACEMENT
		|| iDY < -CV_VISION_MAX_DISPLACEMENT || cvVisionWrapCoord(iFromX, iWidth, false) < 0
		|| cvVisionWrapCoord(iFromY, iHeight, false) < 0)
	{
		return false;
	}
	const int iTargetX = cvVisionWrapCoord(iFromX + iDX, iWidth, bWrapX);
	const int iTargetY = cvVisionWrapCoord(iFromY + iDY, iHeight, bWrapY);
	if (iTargetX < 0 || iTargetY < 0)
	{
		return false; // BTS: no plot, no sight
	}
	if (iDX == 0 && iDY == 0)
	{
		return true; // BTS's base case, before any flag is read
	}
	// Walk the tied-predecessor graph in the octant u >= v >= 0, where the predecessors of
	// (u, v) are (u-1, v-1) when u <= 2v and (u-1, v) when u >= 2v (both on a tie). The nodes
	// that lead to the target form, in each column u, an interval [low, low + 1] at most.
	const bool bSwap = (iDY < 0 ? -iDY : iDY) > (iDX < 0 ? -iDX : iDX);
	const int iSignX = (iDX < 0) ? -1 : 1;
	const int iSignY = (iDY < 0) ? -1 : 1;
	const int iU = bSwap ? iSignY * iDY : iSignX * iDX;
	const int iV = bSwap ? iSignX * iDX : iSignY * iDY;
	int aiStack[2 * (CV_VISION_MAX_SEE_DISTANCE + 1)];
	std::vector<int> aiHeap;
	int* aiLow = aiStack;
	if (iU > CV_VISION_MAX_SEE_DISTANCE)
	{
		aiHeap.resize(2 * (iU + 1));
		aiLow = &aiHeap[0];
	}
	int* aiHigh = aiLow + iU + 1;
	aiLow[iU] = aiHigh[iU] = iV;
	for (int u = iU; u > 0; --u)
	{
		const int iLow = aiLow[u];
		const int iHigh = aiHigh[u];
		aiLow[u - 1] = (iLow > 0 && u <= 2 * iLow) ? iLow - 1 : iLow;
		aiHigh[u - 1] = (iHigh > 0 && u < 2 * iHigh) ? iHigh - 1 : iHigh;
	}

	const int iOrigin = iFromY * iWidth + iFromX;
	const int iLevel = kMap.seeFromLevel(iOrigin, eTeam);
	int aiPrevState[2] = { STATE_CLEAR | stateOf(iLevel, kMap.seeThroughLevel(iOrigin)), 0 };
	for (int u = 1; u <= iU; ++u)
	{
		int aiState[2] = { 0, 0 };
		for (int v = aiLow[u]; v <= aiHigh[u]; ++v)
		{
			const int iX = cvVisionWrapCoord(iFromX + iSignX * (bSwap ? v : u), iWidth, bWrapX);
			const int iY = cvVisionWrapCoord(iFromY + iSignY * (bSwap ? u : v), iHeight, bWrapY);
			if (iX < 0 || iY < 0)
			{
				continue;
			}
			int iPred = 0;
			if (v == 0 || u >= 2 * v)
			{
				iPred |= (v - aiLow[u - 1] <= 1) ? aiPrevState[v - aiLow[u - 1]] : 0;
			}
			if (v > 0 && u <= 2 * v)
			{
				iPred |= aiPrevState[v - 1 - aiLow[u - 1]];
			}
			const int iPlot = iY * iWidth + iX;
			if (u == iU)
			{
				if (bOuterRing)
				{
					return outerVisible(iPred, kMap.seeFromLevel(iPlot, eTeam), iLevel) != 0;
				}
				return (iPred & STATE_CLEAR) != 0 && (bFirstPlot || iLevel >= kMap.seeThroughLevel(iPlot));
			}
			aiState[v - aiLow[u]] = (iPred & STATE_CLEAR) ? stateOf(iLevel, kMap.seeThroughLevel(iPlot)) : 0;
		}
		aiPrevState[0] = aiState[0];
		aiPrevState[1] = aiState[1];
	}
	return false;
}

template <class Map>
bool CvVisionEngine::needsBtsOrder(const Map& kMap, const CvVisionSource& kSource) const
{
	if (kSource.iRange < 0)
	{
		return true;
	}
	const bool bBtsSight = kSource.bAerial || m_kOptions.eSightModel == CV_VISION_SIGHT_BTS;
	if (!bBtsSight)
	{
		return false;
	}
	if (kSource.iRange > CV_VISION_MAX_RANGE)
	{
		return true;
	}
	if (!m_kOptions.bRevealAdjacent || kSource.bAerial || kSource.eFacing == CV_VISION_NO_DIRECTION)
	{
		return false; // every change of one pass is the same +1 or -1: their order cannot show
	}
	const int iSide = 2 * groundRing(kSource.iRange) + 1;
	return (kMap.isWrapX() && iSide > kMap.getGridWidth()) || (kMap.isWrapY() && iSide > kMap.getGridHeight());
}

template <class Map, class Sink>
void CvVisionEngine::changeAdjacentSightInOrder(const Map& kMap, Sink& kSink, const CvVisionSource& kSource,
	int iChange) const
{
	const int iRing = kSource.bAerial ? kSource.iRange : groundRing(kSource.iRange);
	if (iRing < 0)
	{
		return; // BTS's loops run from -ring to ring: empty
	}
	const int iSide = 2 * iRing + 1;
	const int iWidth = kMap.getGridWidth();
	const int iHeight = kMap.getGridHeight();
	std::vector<int> aiColumn(iSide);
	std::vector<int> aiRowStart(iSide);
	for (int i = 0; i < iSide; ++i)
	{
		aiColumn[i] = cvVisionWrapCoord(kSource.iX - iRing + i, iWidth, kMap.isWrapX());
		const int iRow = cvVisionWrapCoord(kSource.iY - iRing + i, iHeight, kMap.isWrapY());
		aiRowStart[i] = (iRow < 0) ? -1 : iRow * iWidth;
	}
	// Per displacement, at (dy + ring) * side + (dx + ring): its plot (-1 absent), seen or not.
	std::vector<int> aiPlot(iSide * iSide);
	for (int iDY = 0; iDY < iSide; ++iDY)
	{
		for (int iDX = 0; iDX < iSide; ++iDX)
		{
			aiPlot[iDY * iSide + iDX] = (aiColumn[iDX] < 0 || aiRowStart[iDY] < 0) ? -1 : aiRowStart[iDY] + aiColumn[iDX];
		}
	}
	std::vector<unsigned char> abSeen(iSide * iSide, 0);
	const int iCenter = iRing * iSide + iRing;
	if (kSource.bAerial)
	{
		for (int i = 0; i < iSide * iSide; ++i)
		{
			abSeen[i] = aiPlot[i] >= 0;
		}
	}
	else
	{
		// docs/vision-rules.md, section 3, ring by outward ring: every tied predecessor lies in the
		// previous ring.
		std::vector<unsigned char> aiState(iSide * iSide, 0);
		const int iOrigin = aiPlot[iCenter];
		const int iLevel = kMap.seeFromLevel(iOrigin, kSource.eTeam);
		aiState[iCenter] = static_cast<unsigned char>(STATE_CLEAR | stateOf(iLevel, kMap.seeThroughLevel(iOrigin)));
		abSeen[iCenter] = 1; // BTS: d = (0, 0) is seen, in the outer ring (range -1) too
		const int iFarSpread = m_kTables.farSpreadDegrees();
		const int iNearSpread = m_kTables.nearSpreadDegrees();
		for (int r = 1; r <= iRing; ++r)
		{
			const bool bOuter = hasOuterRule() && r == iRing;
			for (int iDX = -r; iDX <= r; ++iDX)
			{
				const int iStep = (iDX == -r || iDX == r) ? 1 : 2 * r;
				for (int iDY = -r; iDY <= r; iDY += iStep)
				{
					const int i = (iDY + iRing) * iSide + (iDX + iRing);
					const int iPlot = aiPlot[i];
					if (iPlot < 0)
					{
						continue;
					}
					int aiPX[2], aiPY[2];
					const int iPreds = cvVisionTiedPredecessors(iDX, iDY, aiPX, aiPY);
					int iPred = 0;
					for (int p = 0; p < iPreds; ++p)
					{
						iPred |= aiState[(aiPY[p] + iRing) * iSide + (aiPX[p] + iRing)];
					}
					const bool bInCone = kSource.eFacing == CV_VISION_NO_DIRECTION
						|| cvVisionFacingAllows(iDX, iDY, kSource.eFacing, iFarSpread, iNearSpread);
					if (bOuter)
					{
						abSeen[i] = bInCone && outerVisible(iPred, kMap.seeFromLevel(iPlot, kSource.eTeam), iLevel);
						continue;
					}
					const bool bReached = (iPred & STATE_CLEAR) != 0;
					abSeen[i] = bInCone && bReached;
					aiState[i] = static_cast<unsigned char>(bReached ? stateOf(iLevel, kMap.seeThroughLevel(iPlot)) : 0);
				}
			}
		}
	}
	const bool bRevealAdjacent = m_kOptions.bRevealAdjacent && !kSource.bAerial
		&& kSource.eFacing != CV_VISION_NO_DIRECTION;
	const int iNumPasses = (kSource.iNumSeeInvisible > 0) ? kSource.iNumSeeInvisible : 1;
	for (int iPass = 0; iPass < iNumPasses; ++iPass)
	{
		const int eInvisible = (kSource.iNumSeeInvisible > 0) ? kSource.paeSeeInvisible[iPass] : CV_VISION_NO_INVISIBLE;
		for (int iDX = -iRing; iDX <= iRing; ++iDX)
		{
			for (int iDY = -iRing; iDY <= iRing; ++iDY)
			{
				const int i = (iDY + iRing) * iSide + (iDX + iRing);
				if (abSeen[i])
				{
					kSink.changeVisibilityCount(aiPlot[i], kSource.eTeam, iChange, eInvisible);
				}
				if (bRevealAdjacent && iDX >= -1 && iDX <= 1 && iDY >= -1 && iDY <= 1 && aiPlot[i] >= 0)
				{
					kSink.changeVisibilityCount(aiPlot[i], kSource.eTeam, 1, eInvisible);
					kSink.changeVisibilityCount(aiPlot[i], kSource.eTeam, -1, eInvisible);
				}
			}
		}
	}
}

#endif
