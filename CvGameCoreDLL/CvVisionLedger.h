#pragma once
#ifndef CV_VISION_LEDGER_H
#define CV_VISION_LEDGER_H

// CvVision: the ledger. Each sight source records the exact count changes it made; removing the
// source replays its record instead of recomputing its sight from the map as it is now.
// So a change of an input outside its remove/re-add bracket can no longer leave a count wrong:
// a source always takes away exactly what it added. With every bracket in place (vanilla), the
// counts are the same as with recomputation.
// Plain C++03: this file is compiled into the game's DLL.

#include "CvVisionEngine.h"

#include <map>
#include <string.h>
#include <vector>

// What kind of source a key names (docs/vision-rules.md, section 7).
enum CvVisionSourceKind
{
	CV_VISION_SOURCE_PLOT = 0,       // an owned plot: iA = plot index
	CV_VISION_SOURCE_CITY_VASSAL,    // a city seen by its owner's master: iA = plot index
	CV_VISION_SOURCE_CITY_ESPIONAGE, // a city seen by espionage: iA = plot index
	CV_VISION_SOURCE_UNIT,           // a unit's own sight: iA = owner, iB = unit id
	CV_VISION_SOURCE_RECON           // an air unit's recon plot: iA = owner, iB = unit id
};

// Names one source. Two sources with equal keys (two identical vassal sights, say) are kept
// apart as two records under the key.
struct CvVisionSourceKey
{
	int eKind;
	int iA;
	int iB;
	int eTeam;

	CvVisionSourceKey(int eKindIn = 0, int iAIn = 0, int iBIn = 0, int eTeamIn = 0)
		: eKind(eKindIn), iA(iAIn), iB(iBIn), eTeam(eTeamIn)
	{
	}

	bool operator<(const CvVisionSourceKey& kOther) const
	{
		if (eKind != kOther.eKind) return eKind < kOther.eKind;
		if (iA != kOther.iA) return iA < kOther.iA;
		if (iB != kOther.iB) return iB < kOther.iB;
		return eTeam < kOther.eTeam;
	}
	bool operator==(const CvVisionSourceKey& kOther) const
	{
		return !(*this < kOther) && !(kOther < *this);
	}
};

// A map as it was before one plot's levels changed: kMap's levels everywhere but at iPlot, whose
// see-through level and see-from level per team (paiSeeFrom, by team) are the old ones.
template <class Map>
class CvVisionLevelsBefore
{
public:
	CvVisionLevelsBefore(const Map& kMap, int iPlot, int iSeeThrough, const int* paiSeeFrom)
		: m_kMap(kMap), m_iPlot(iPlot), m_iSeeThrough(iSeeThrough), m_paiSeeFrom(paiSeeFrom)
	{
	}

	int plot() const { return m_iPlot; } // the plot whose levels changed
	int getGridWidth() const { return m_kMap.getGridWidth(); }
	int getGridHeight() const { return m_kMap.getGridHeight(); }
	bool isWrapX() const { return m_kMap.isWrapX(); }
	bool isWrapY() const { return m_kMap.isWrapY(); }
	int seeThroughLevel(int iPlot) const { return iPlot == m_iPlot ? m_iSeeThrough : m_kMap.seeThroughLevel(iPlot); }
	int seeFromLevel(int iPlot, int eTeam) const
	{
		return iPlot == m_iPlot ? m_paiSeeFrom[eTeam] : m_kMap.seeFromLevel(iPlot, eTeam);
	}

private:
	const Map& m_kMap;
	int m_iPlot;
	int m_iSeeThrough;
	const int* m_paiSeeFrom;
};

// Every function that takes a source also takes a source made of several engine sources
// (paSources, iNumSources): the passes of one sight whose ranges, aerial flags or facings differ
// (CvVisionSightRules.h), added one after the other in that order and recorded as ONE record
// under the key, so that one removal takes back all of them, exactly as they were added.
class CvVisionLedger
{
public:
	// Adds the source's sight through the engine, passes every count change on to kSink, and
	// records them under kKey.
	template <class Map, class Sink>
	CvVisionResult add(const CvVisionSourceKey& kKey, const CvVisionEngine& kEngine, const Map& kMap, Sink& kSink,
		const CvVisionSource& kSource)
	{
		return add(kKey, kEngine, kMap, kSink, &kSource, 1);
	}
	template <class Map, class Sink>
	CvVisionResult add(const CvVisionSourceKey& kKey, const CvVisionEngine& kEngine, const Map& kMap, Sink& kSink,
		const CvVisionSource* paSources, int iNumSources);

	// Records what adding the source would change, changing nothing (rebuilding the ledger of a
	// game whose counts were loaded from a save).
	template <class Map>
	CvVisionResult record(const CvVisionSourceKey& kKey, const CvVisionEngine& kEngine, const Map& kMap,
		const CvVisionSource& kSource)
	{
		return record(kKey, kEngine, kMap, &kSource, 1);
	}
	template <class Map>
	CvVisionResult record(const CvVisionSourceKey& kKey, const CvVisionEngine& kEngine, const Map& kMap,
		const CvVisionSource* paSources, int iNumSources);

	// Takes back the last record under kKey through kSink (see replayRemoval). False (and no
	// change) when nothing is recorded under kKey.
	template <class Sink>
	bool remove(const CvVisionSourceKey& kKey, Sink& kSink);

	// Re-sights the source recorded under kKey after the map changed under it (a plot's levels,
	// docs/vision-rules.md, section 7), instead of its remove/re-add bracket: its sight is computed
	// once, and each live record under kKey that differs from it is taken back (as remove does) and
	// replaced by the new sight, added and recorded (as add does). A record equal to the new sight
	// is left alone and kSink hears nothing of it. The counts end as the bracket leaves them. Every
	// record under one key is of the same source, kSource. With no record under kKey the source is
	// added.
	template <class Map, class Sink>
	CvVisionResult resight(const CvVisionSourceKey& kKey, const CvVisionEngine& kEngine, const Map& kMap, Sink& kSink,
		const CvVisionSource& kSource)
	{
		return resight(kKey, kEngine, kMap, kSink, &kSource, 1);
	}
	template <class Map, class Sink>
	CvVisionResult resight(const CvVisionSourceKey& kKey, const CvVisionEngine& kEngine, const Map& kMap, Sink& kSink,
		const CvVisionSource* paSources, int iNumSources);

	// resight after a change of one plot's levels (docs/vision-rules.md, section 7), kBefore being
	// the map with that plot's old levels (CvVisionLevelsBefore): when levelChangeReaches says the
	// change cannot alter the source's sight, nothing is done, not even a look at the records;
	// otherwise resight, whose one pass on the new levels is compared with the records (the sight
	// on kBefore, as every bracket in place keeps them): a record that is the same changes nothing.
	// A record left stale by a missing bracket is then made the sight on the new levels, its old
	// changes taken back exactly.
	template <class Before, class Map, class Sink>
	CvVisionResult resightLevelChange(const CvVisionSourceKey& kKey, const CvVisionEngine& kEngine, const Before& kBefore,
		const Map& kMap, Sink& kSink, const CvVisionSource& kSource)
	{
		return resightLevelChange(kKey, kEngine, kBefore, kMap, kSink, &kSource, 1);
	}
	template <class Before, class Map, class Sink>
	CvVisionResult resightLevelChange(const CvVisionSourceKey& kKey, const CvVisionEngine& kEngine, const Before& kBefore,
		const Map& kMap, Sink& kSink, const CvVisionSource* paSources, int iNumSources);

	// Can the change of one plot's levels (kBefore to kMap) alter the sight of kSource? Exact
	// reasoning on levels alone, no pass of the engine (docs/vision-rules.md, section 3, and the
	// PCVT models alike): the plot outside the square the source looks over: no. The source's own
	// plot: yes. Another plot of the ring of the outer rule: only its see-from is read, against the
	// viewer's level L, so only when "see-from > L" changes. Any other plot: its own visibility
	// does not depend on its levels, and what lies behind it reads only "see-through <= L" and
	// "see-through < L", so only when one of those changes. On a wrapping map smaller than the
	// square (a plot named twice): yes when the plot is in the square.
	template <class Before, class Map>
	static bool levelChangeReaches(const CvVisionEngine& kEngine, const Before& kBefore, const Map& kMap,
		const CvVisionSource& kSource);

	// Can a change of see-from levels alone alter the sight of kSource? kBefore and kMap differ
	// at most in seeFromLevel, for any plots and teams (a team learning Optics: every water
	// plot's see-from for that team). Exact, from levels alone (docs/vision-rules.md, section 3):
	// aerial sight reads no level; ground sight reads see-from at its origin (the viewer's
	// level) and, under the outer rule, on its last ring ("see-from > the viewer's level"), and
	// nowhere else. A source of another team than the one whose levels changed is answered
	// false without a look at its square when the caller passes that team (eChangedTeam; -1:
	// any team may have changed). Off the table's ranges, or on a wrapping map smaller than the
	// square, the answer is true (no reasoning).
	template <class Before, class Map>
	static bool seeFromChangeReaches(const CvVisionEngine& kEngine, const Before& kBefore, const Map& kMap,
		const CvVisionSource& kSource, int eChangedTeam);

	// Can the sight of kSource read the levels of iPlot (its see-through or see-from)? False when
	// the plot lies outside the square the source looks over (its range, plus the outer ring),
	// and for aerial sight, which reads no level: a change of that plot's levels cannot change
	// the source's sight, so it needs no re-sight. True for a negative range (no reasoning).
	template <class Map>
	static bool sightReads(const CvVisionEngine& kEngine, const Map& kMap, const CvVisionSource& kSource, int iPlot);

	bool has(const CvVisionSourceKey& kKey) const;
	void clear() { m_aSlots.clear(); m_iUsed = 0; m_iClock = 0; m_iLastSlot = -1; }

	CvVisionLedger() : m_iUsed(0), m_iLastSlot(-1), m_iClock(0) {}

	// Calls kVisitor.changeVisibilityCount(plot, team, +1, invisible type) once for each count
	// the records hold: what the counts should be, for an audit.
	template <class Visitor>
	void forEachCount(Visitor& kVisitor) const;

	int numSources() const;      // records (a key with two identical sources counts 2)
	int numEntries() const;      // recorded count changes
	int sizeInBytes() const;     // an estimate of the memory the ledger takes
	int storedWords() const;     // 4-byte words the live records hold (compact or full)
	int heapWords() const;       // 4-byte words held in blocks of their own (past a slot's first six)
	int buckets() const { return static_cast<int>(m_aSlots.size()); } // of the key table

private:
	// One count change: plot index (24 bits), invisible type + 1 (7 bits), and whether it was a
	// reveal (a +1 at once taken back, which replays as +1 then -1).
	enum { PLOT_BITS = 24, INVISIBLE_SHIFT = 24, REVEAL_BIT = 31 };
	// The largest map's plot indices fit the plot bits (a compile error otherwise).
	typedef char PlotBitsHoldTheLargestMap[(CV_VISION_MAX_MAP_PLOTS <= (1 << PLOT_BITS)) ? 1 : -1];
	static unsigned int pack(int iPlot, int eInvisible, bool bReveal)
	{
		return static_cast<unsigned int>(iPlot) | (static_cast<unsigned int>(eInvisible + 1) << INVISIBLE_SHIFT)
			| (bReveal ? (1u << REVEAL_BIT) : 0u);
	}
	static int plotOf(unsigned int iEntry) { return static_cast<int>(iEntry & ((1u << PLOT_BITS) - 1)); }
	static int invisibleOf(unsigned int iEntry) { return static_cast<int>((iEntry >> INVISIBLE_SHIFT) & 0x7F) - 1; }
	static bool isReveal(unsigned int iEntry) { return (iEntry >> REVEAL_BIT) != 0; }

	// A record is full (aiEntries: one word per count change, from pack) or compact (aiEntries:
	// one segment per engine source: its parameters, its map's shape and one bit per table entry
	// it sees; see Segment). A sight the table tells exactly (CvVisionEngine::sightIsTableSubset)
	// is recorded compact: one word per 32 table entries instead of one per count change, so
	// recording and replaying it moves a few bytes where a full record moves hundreds.
	// A record's words, the first INLINE_WORDS of them in the record itself: the compact record of
	// a range-1 unit (five words) needs no block of its own, so a lookup that finds its slot has
	// found its sight, with no pointer to follow. More words go to one block on the heap.
	class Words
	{
	public:
		enum { INLINE_WORDS = 6 };
		Words() : m_paiData(m_aiInline), m_iSize(0), m_iCapacity(INLINE_WORDS) {}
		Words(const Words& kOther) : m_paiData(m_aiInline), m_iSize(0), m_iCapacity(INLINE_WORDS) { append(kOther); }
		Words& operator=(const Words& kOther)
		{
			if (this != &kOther)
			{
				m_iSize = 0;
				append(kOther);
			}
			return *this;
		}
		~Words() { release(); }
		size_t size() const { return m_iSize; }
		size_t capacity() const { return m_iCapacity; }
		size_t heapWords() const { return onHeap() ? m_iCapacity : 0; }
		unsigned int& operator[](size_t i) { return m_paiData[i]; }
		const unsigned int& operator[](size_t i) const { return m_paiData[i]; }
		unsigned int& back() { return m_paiData[m_iSize - 1]; }
		void clear() { m_iSize = 0; }
		void push_back(unsigned int iWord)
		{
			if (m_iSize == m_iCapacity)
			{
				reserve(2 * m_iCapacity);
			}
			m_paiData[m_iSize++] = iWord;
		}
		void resize(size_t iSize, unsigned int iFill = 0u)
		{
			if (iSize > m_iCapacity)
			{
				reserve(iSize > 2 * m_iCapacity ? iSize : 2 * m_iCapacity);
			}
			for (size_t i = m_iSize; i < iSize; ++i)
			{
				m_paiData[i] = iFill;
			}
			m_iSize = iSize;
		}
		bool operator==(const Words& kOther) const
		{
			return m_iSize == kOther.m_iSize && (m_iSize == 0 || memcmp(m_paiData, kOther.m_paiData, m_iSize * sizeof(unsigned int)) == 0);
		}
		// Exchanges the words, each heap block staying with the words it holds.
		void swap(Words& kOther)
		{
			Words kHeld;
			kHeld.take(*this);
			take(kOther);
			kOther.take(kHeld);
		}

	private:
		bool onHeap() const { return m_paiData != m_aiInline; }
		void release()
		{
			if (onHeap())
			{
				delete[] m_paiData;
			}
			m_paiData = m_aiInline;
			m_iCapacity = INLINE_WORDS;
		}
		void reserve(size_t iCapacity)
		{
			unsigned int* paiData = new unsigned int[iCapacity];
			if (m_iSize > 0)
			{
				memcpy(paiData, m_paiData, m_iSize * sizeof(unsigned int));
			}
			release();
			m_paiData = paiData;
			m_iCapacity = iCapacity;
		}
		void append(const Words& kOther)
		{
			resize(m_iSize + kOther.m_iSize);
			if (kOther.m_iSize > 0)
			{
				memcpy(m_paiData + m_iSize - kOther.m_iSize, kOther.m_paiData, kOther.m_iSize * sizeof(unsigned int));
			}
		}
		// Becomes kOther's words (its heap block, if any), leaving kOther empty and inline.
		void take(Words& kOther)
		{
			release();
			m_iSize = 0;
			if (kOther.onHeap())
			{
				m_paiData = kOther.m_paiData;
				m_iSize = kOther.m_iSize;
				m_iCapacity = kOther.m_iCapacity;
				kOther.m_paiData = kOther.m_aiInline;
				kOther.m_iCapacity = INLINE_WORDS;
			}
			else
			{
				append(kOther);
			}
			kOther.m_iSize = 0;
		}

		unsigned int* m_paiData;
		size_t m_iSize;
		size_t m_iCapacity;
		unsigned int m_aiInline[INLINE_WORDS];
	};

	struct Record
	{
		int eTeam;
		bool bCompact;
		Words aiEntries;
		Record() : eTeam(0), bCompact(false) {}
	};

	// The words of a compact segment: three header words, then one word per pass (its invisible
	// type + 1), then (entriesUpToRing(ring) + 31) / 32 words of entry bits. SEG_PLACE: x, y (16
	// bits each); SEG_SHAPE: the map's width, height (16 bits each); SEG_SIGHT: flags (4 bits),
	// the ring (6), the facing + 1 (4), the range (6), passes (8, from bit 24).
	enum
	{
		SEG_PLACE, SEG_SHAPE, SEG_SIGHT,
		SEG_HEADER_WORDS,
		SIGHT_RING_SHIFT = 4, SIGHT_FACING_SHIFT = 10, SIGHT_RANGE_SHIFT = 14, SIGHT_PASSES_SHIFT = 24,
		MAX_COMPACT_SIDE = 65535, // the largest x, y, width, height a header holds
		MAX_COMPACT_PASSES = 127, // see-invisible passes of one source
		MAX_COMPACT_SEGMENTS = 16 // sources of one record
	};
	enum { FLAG_WRAP_X = 1, FLAG_WRAP_Y = 2, FLAG_AERIAL = 4, FLAG_REVEAL_ADJACENT = 8 };
	// The largest range and ring fit their 6 bits (a compile error otherwise).
	typedef char RingBitsHoldTheLargestRing[(CV_VISION_MAX_RANGE + 1 < 64) ? 1 : -1];
	static int sightFlags(const unsigned int* paiSegment) { return static_cast<int>(paiSegment[SEG_SIGHT] & 15u); }
	static int sightRing(const unsigned int* paiSegment) { return static_cast<int>((paiSegment[SEG_SIGHT] >> SIGHT_RING_SHIFT) & 63u); }
	static int sightPasses(const unsigned int* paiSegment) { return static_cast<int>(paiSegment[SEG_SIGHT] >> SIGHT_PASSES_SHIFT); }
	// Words of the segment at paiSegment.
	static int segmentWords(const unsigned int* paiSegment)
	{
		return SEG_HEADER_WORDS + sightPasses(paiSegment) + (CvVisionTables::entriesUpToRing(sightRing(paiSegment)) + 31) / 32;
	}

	// The map shape a compact segment was recorded on, as the engine's Map.
	struct Shape
	{
		int iWidth;
		int iHeight;
		bool bWrapX;
		bool bWrapY;
		int getGridWidth() const { return iWidth; }
		int getGridHeight() const { return iHeight; }
		bool isWrapX() const { return bWrapX; }
		bool isWrapY() const { return bWrapY; }
	};

	// Plot index per column and row of a segment's square (-1: absent), to turn table entries
	// into plots with two lookups.
	struct SquareAxes
	{
		int aiColumn[CV_VISION_MAX_SIDE];
		int aiRowStart[CV_VISION_MAX_SIDE];
		int iRing;
		void fill(const Shape& kShape, int iX, int iY, int iRingIn);
		int plotAt(const CvVisionDisplacement& kEntry) const
		{
			const int iColumn = aiColumn[kEntry.iDX + iRing];
			const int iRowStart = aiRowStart[kEntry.iDY + iRing];
			return (iColumn < 0 || iRowStart < 0) ? -1 : iRowStart + iColumn;
		}
	};

	// Appends the compact segment of one source whose seen plots are paiPlots, with their table
	// entries paiEntries (or NULL: found by matching the list to the square); false (the record
	// unchanged) when the list is not the table subset it should be.
	template <class Map>
	static bool appendSegment(Record& kRecord, const CvVisionEngine& kEngine, const Map& kMap,
		const CvVisionSource& kSource, const int* paiPlots, const int* paiEntries, int iCount);
	// Records one source as compact and emits its count changes to pSink (when not NULL), or
	// returns false, having changed nothing, when its sight is not a table subset.
	template <class Map, class Sink>
	static bool addCompact(Record& kRecord, const CvVisionEngine& kEngine, const Map& kMap, Sink* pSink,
		const CvVisionSource& kSource);
	// The segment at paiSegment: its source (paeInvisible receives the passes' types), its shape,
	// its plots (returns how many) and its length in words. The plots come in the table's order
	// (ring by ring: enough to take a sight back or count it), or with bBtsOrder in BTS's loop
	// order (dx, then dy: the order an add must make its changes in).
	static int decodeSegment(const unsigned int* paiSegment, CvVisionSource& kSource, int* paeInvisible,
		Shape& kShape, int* paiPlots, int& iWords, bool bBtsOrder = false);
	// The plots of the 3x3 square a line-of-sight unit reveals, in table order.
	static int adjacentPlots(const CvVisionSource& kSource, const Shape& kShape, int* paiPlots);
	template <class Sink>
	static void replayCompact(const Record& kRecord, Sink& kSink, int iChange);
	// Count changes a compact record stands for (as a full record would hold them).
	static int compactEntries(const Record& kRecord);
	template <class Visitor>
	static void visitCompactCounts(const Record& kRecord, Visitor& kVisitor);

	// Writes what the engine changes into a record, passing it on to the sink when there is one.
	template <class Sink>
	class RecordingSink
	{
	public:
		RecordingSink(Record& kRecord, Sink* pSink) : m_kRecord(kRecord), m_pSink(pSink) {}
		void changeVisibilityCount(int iPlot, int eTeam, int iChange, int eInvisible)
		{
			if (m_pSink != NULL)
			{
				m_pSink->changeVisibilityCount(iPlot, eTeam, iChange, eInvisible);
			}
			if (iChange > 0)
			{
				m_kRecord.aiEntries.push_back(pack(iPlot, eInvisible, false));
			}
			else
			{
				// While adding, a -1 only ever takes back the +1 just made: a reveal.
				m_kRecord.aiEntries.back() = pack(iPlot, eInvisible, true);
			}
		}

	private:
		Record& m_kRecord;
		Sink* m_pSink;
	};

	struct NoSink
	{
		void changeVisibilityCount(int, int, int, int) {}
	};

	// The records under one key. Records past iLive are spares: a source that is removed and
	// added again (it moved, the map changed) reuses its memory.
	struct Slot
	{
		unsigned int iTag;           // the key's hash with the top bit set; 0: an empty bucket
		CvVisionSourceKey kKey;
		int iLive;
		unsigned int iEmptiedAt;     // m_iClock when its last live record was removed
		Record kFirst;               // the first record lives in the slot: one load less
		std::vector<Record> aMore;   // records 1, 2, ... (identical sources under one key)
		int records() const { return 1 + static_cast<int>(aMore.size()); }
		Record& record(int r) { return r == 0 ? kFirst : aMore[r - 1]; }
		const Record& record(int r) const { return r == 0 ? kFirst : aMore[r - 1]; }
		Slot() : iTag(0), iLive(0), iEmptiedAt(0) {}
	};

	// The keys live in an open-addressing hash table (linear probing, a power-of-two size): one
	// cache line per lookup where a tree walks a dozen nodes. A key left without live
	// records keeps its bucket and its memory, so that a source taken off and put back (a move,
	// a re-sight, a whole-map update) costs no allocation; such keys are dropped when the table
	// must grow, unless they were emptied recently (within as many operations as the table has
	// keys), so a whole-map update never sweeps the keys it is about to re-add. A slot holds its
	// tag, its key and its first record's first words side by side: the table is at most half
	// full, so a lookup mostly reads one slot, and a small unit's sight with it.
	static unsigned int hashOf(const CvVisionSourceKey& kKey);
	int findSlot(const CvVisionSourceKey& kKey) const; // the bucket, or -1
	Slot& slotFor(const CvVisionSourceKey& kKey);       // found or inserted
	void rebuild(int iMinKeys);                         // drops stale empty keys, rehashes

	// Takes a record's changes back (as BTS's own remove of the same sight would, or, where that
	// order cannot show, in the table's); makes them again, in BTS's order.
	template <class Sink>
	static void replayRemoval(const Record& kRecord, Sink& kSink);
	template <class Sink>
	static void replayAdd(const Record& kRecord, Sink& kSink);

	// Makes kRecord the sight of the sources, compact when every one is a table subset, telling
	// pSink (when not NULL) each count change as the engine makes it.
	template <class Map, class Sink>
	static void fillRecord(Record& kRecord, const CvVisionEngine& kEngine, const Map& kMap, Sink* pSink,
		const CvVisionSource* paSources, int iNumSources);
	template <class Map, class Sink>
	CvVisionResult addRecord(const CvVisionSourceKey& kKey, const CvVisionEngine& kEngine, const Map& kMap,
		Sink* pSink, const CvVisionSource* paSources, int iNumSources);
	// CV_VISION_OK when the engine takes every one of the sources on kMap.
	template <class Map>
	static CvVisionResult validate(const Map& kMap, const CvVisionSource* paSources, int iNumSources);
	std::vector<Slot> m_aSlots;
	int m_iUsed;          // buckets holding a key
	mutable int m_iLastSlot; // the bucket findSlot found last (-1: none)
	unsigned int m_iClock; // counts removals, to tell recently emptied keys
	Record m_kScratch; // resight's new sight, kept to reuse its memory
};

// ---------------------------------------------------------------------------------------------
// Template definitions

template <class Map>
CvVisionResult CvVisionLedger::validate(const Map& kMap, const CvVisionSource* paSources, int iNumSources)
{
	if (iNumSources < 1 || paSources == NULL)
	{
		return CV_VISION_BAD_INVISIBLE_LIST; // a sight makes at least one pass
	}
	for (int i = 0; i < iNumSources; ++i)
	{
		const CvVisionResult eValid = CvVisionEngine::validate(paSources[i], kMap.getGridWidth(), kMap.getGridHeight());
		if (eValid != CV_VISION_OK)
		{
			return eValid;
		}
	}
	return CV_VISION_OK;
}

template <class Map, class Sink>
CvVisionResult CvVisionLedger::addRecord(const CvVisionSourceKey& kKey, const CvVisionEngine& kEngine,
	const Map& kMap, Sink* pSink, const CvVisionSource* paSources, int iNumSources)
{
	const CvVisionResult eValid = validate(kMap, paSources, iNumSources);
	if (eValid != CV_VISION_OK)
	{
		return eValid;
	}
	if (!cvVisionMapSizeOk(kMap.getGridWidth(), kMap.getGridHeight()))
	{
		return CV_VISION_ORIGIN_OFF_MAP;
	}
	Slot& kSlot = slotFor(kKey);
	if (kSlot.iLive == kSlot.records())
	{
		kSlot.aMore.push_back(Record());
	}
	Record& kRecord = kSlot.record(kSlot.iLive);
	fillRecord(kRecord, kEngine, kMap, pSink, paSources, iNumSources);
	++kSlot.iLive;
	return CV_VISION_OK;
}

template <class Map>
bool CvVisionLedger::appendSegment(Record& kRecord, const CvVisionEngine& kEngine, const Map& kMap,
	const CvVisionSource& kSource, const int* paiPlots, const int* paiEntries, int iCount)
{
	const int iNumPasses = (kSource.iNumSeeInvisible > 0) ? kSource.iNumSeeInvisible : 1;
	if (iNumPasses > MAX_COMPACT_PASSES || kMap.getGridWidth() > MAX_COMPACT_SIDE || kMap.getGridHeight() > MAX_COMPACT_SIDE)
	{
		return false;
	}
	const int iRing = kSource.bAerial ? kSource.iRange : kSource.iRange + (kEngine.options().bOuterRing ? 1 : 0);
	const int iEntries = CvVisionTables::entriesUpToRing(iRing);
	const size_t iStart = kRecord.aiEntries.size();
	kRecord.aiEntries.resize(iStart + SEG_HEADER_WORDS + iNumPasses + (iEntries + 31) / 32, 0u);
	unsigned int* paiSegment = &kRecord.aiEntries[iStart];
	const Shape kShape = { kMap.getGridWidth(), kMap.getGridHeight(), kMap.isWrapX(), kMap.isWrapY() };
	const unsigned int iFlags = (kShape.bWrapX ? FLAG_WRAP_X : 0) | (kShape.bWrapY ? FLAG_WRAP_Y : 0)
		| (kSource.bAerial ? FLAG_AERIAL : 0)
		| ((kEngine.options().bRevealAdjacent && !kSource.bAerial && kSource.eFacing != CV_VISION_NO_DIRECTION)
			? FLAG_REVEAL_ADJACENT : 0);
	paiSegment[SEG_PLACE] = static_cast<unsigned int>(kSource.iX) | (static_cast<unsigned int>(kSource.iY) << 16);
	paiSegment[SEG_SHAPE] = static_cast<unsigned int>(kShape.iWidth) | (static_cast<unsigned int>(kShape.iHeight) << 16);
	paiSegment[SEG_SIGHT] = iFlags | (static_cast<unsigned int>(iRing) << SIGHT_RING_SHIFT)
		| (static_cast<unsigned int>(kSource.eFacing + 1) << SIGHT_FACING_SHIFT)
		| (static_cast<unsigned int>(kSource.iRange) << SIGHT_RANGE_SHIFT)
		| (static_cast<unsigned int>(iNumPasses) << SIGHT_PASSES_SHIFT);
	for (int iPass = 0; iPass < iNumPasses; ++iPass)
	{
		const int eInvisible = (kSource.iNumSeeInvisible > 0) ? kSource.paeSeeInvisible[iPass] : CV_VISION_NO_INVISIBLE;
		paiSegment[SEG_HEADER_WORDS + iPass] = static_cast<unsigned int>(eInvisible + 1);
	}
	unsigned int* paiBits = paiSegment + SEG_HEADER_WORDS + iNumPasses;
	if (paiEntries != NULL)
	{
		// The pass named each plot's entry (CvVisionEngine::seenEntries). The first two words (the
		// whole of a sight up to ring 3) are gathered in registers, without a branch: a store to
		// the word the last entry changed would wait on that one.
		unsigned int iLow = 0u;
		unsigned int iHigh = 0u;
		for (int i = 0; i < iCount; ++i)
		{
			const unsigned int iEntry = static_cast<unsigned int>(paiEntries[i]);
			const unsigned int iBit = 1u << (iEntry & 31u);
			iLow |= iBit & (0u - static_cast<unsigned int>(iEntry < 32u));
			iHigh |= iBit & (0u - static_cast<unsigned int>(iEntry - 32u < 32u));
			if (iEntry >= 64u)
			{
				paiBits[iEntry >> 5] |= iBit;
			}
		}
		paiBits[0] |= iLow;
		if (iEntries > 32)
		{
			paiBits[1] |= iHigh;
		}
		return true;
	}
	const CvVisionTables& kTable = CvVisionTables::standard();
	SquareAxes kAxes;
	kAxes.fill(kShape, kSource.iX, kSource.iY, iRing);
	// The list is in BTS's loop order: the square's displacements, dx then dy, each one's bit set
	// where it names the next plot of the list.
	int iNext = 0;
	for (int iDX = -iRing; iDX <= iRing && iNext < iCount; ++iDX)
	{
		for (int iDY = -iRing; iDY <= iRing && iNext < iCount; ++iDY)
		{
			const int i = kTable.indexOf(iDX, iDY);
			if (paiPlots[iNext] == kAxes.plotAt(kTable.entry(i)))
			{
				paiBits[i / 32] |= 1u << (i % 32);
				++iNext;
			}
		}
	}
	if (iNext != iCount)
	{
		kRecord.aiEntries.resize(iStart);
		return false;
	}
	return true;
}

template <class Map, class Sink>
bool CvVisionLedger::addCompact(Record& kRecord, const CvVisionEngine& kEngine, const Map& kMap, Sink* pSink,
	const CvVisionSource& kSource)
{
	if (!kEngine.sightIsTableSubset(kMap, kSource))
	{
		return false;
	}
	int aiPlots[CV_VISION_MAX_ENTRIES];
	int aiEntries[CV_VISION_MAX_ENTRIES];
	// The pass names each plot's table entry where the engine's table is the standard one (its
	// entries are then the segment's bits); otherwise the segment matches the list to the square.
	const bool bEntries = &kEngine.tables() == &CvVisionTables::standard();
	int iCount = bEntries ? kEngine.seenEntries(kMap, kSource, aiPlots, aiEntries) : -1;
	const int* paiEntries = aiEntries;
	if (iCount < 0)
	{
		iCount = kEngine.seenPlots(kMap, kSource, aiPlots);
		paiEntries = NULL;
	}
	if (iCount < 0 || !appendSegment(kRecord, kEngine, kMap, kSource, aiPlots, paiEntries, iCount))
	{
		return false;
	}
	if (pSink != NULL)
	{
		kEngine.emitSight(kMap, *pSink, kSource, aiPlots, iCount, 1);
	}
	return true;
}

template <class Map, class Sink>
void CvVisionLedger::fillRecord(Record& kRecord, const CvVisionEngine& kEngine, const Map& kMap, Sink* pSink,
	const CvVisionSource* paSources, int iNumSources)
{
	kRecord.eTeam = paSources[0].eTeam;
	kRecord.aiEntries.clear();
	bool bCompact = iNumSources <= MAX_COMPACT_SEGMENTS;
	for (int i = 0; i < iNumSources && bCompact; ++i)
	{
		bCompact = kEngine.sightIsTableSubset(kMap, paSources[i]);
	}
	kRecord.bCompact = bCompact;
	for (int i = 0; i < iNumSources && bCompact; ++i)
	{
		if (!addCompact(kRecord, kEngine, kMap, pSink, paSources[i]))
		{
			// Cannot happen once sightIsTableSubset holds; were it to, the passes already made
			// are taken back and the whole record made full.
			if (pSink != NULL)
			{
				replayCompact(kRecord, *pSink, -1);
			}
			kRecord.aiEntries.clear();
			kRecord.bCompact = bCompact = false;
		}
	}
	if (!bCompact)
	{
		RecordingSink<Sink> kRecorder(kRecord, pSink);
		for (int i = 0; i < iNumSources; ++i)
		{
			kEngine.changeAdjacentSight(kMap, kRecorder, paSources[i], 1);
		}
	}
}

template <class Sink>
void CvVisionLedger::replayCompact(const Record& kRecord, Sink& kSink, int iChange)
{
	CvVisionSource kSource;
	int aeInvisible[MAX_COMPACT_PASSES];
	Shape kShape;
	int aiPlots[CV_VISION_MAX_ENTRIES];
	for (int iAt = 0, iWords = 0; iAt < static_cast<int>(kRecord.aiEntries.size()); iAt += iWords)
	{
		const unsigned int* paiSegment = &kRecord.aiEntries[iAt];
		const bool bReveals = (sightFlags(paiSegment) & FLAG_REVEAL_ADJACENT) != 0;
		// An add, and a remove with reveals (whose +1 can make a plot visible: a meeting), go in
		// BTS's loop order; a remove without them is all -1s, which make no plot visible, and goes
		// in the table's order, the quickest to decode.
		const bool bBtsOrder = iChange > 0 || bReveals;
		const int iCount = decodeSegment(paiSegment, kSource, aeInvisible, kShape, aiPlots, iWords, bBtsOrder);
		const int iNumPasses = sightPasses(paiSegment);
		CvVisionRevealOrder kReveals;
		if (bReveals)
		{
			kReveals.fill(kShape.iWidth, kShape.iHeight, kShape.bWrapX, kShape.bWrapY, kSource.iX, kSource.iY);
		}
		for (int p = 0; p < iNumPasses; ++p)
		{
			if (bReveals)
			{
				kReveals.emitPass(kSink, kRecord.eTeam, iChange, aeInvisible[p], aiPlots, iCount);
				continue;
			}
			for (int i = 0; i < iCount; ++i)
			{
				kSink.changeVisibilityCount(aiPlots[i], kRecord.eTeam, iChange, aeInvisible[p]);
			}
		}
	}
}

template <class Visitor>
void CvVisionLedger::visitCompactCounts(const Record& kRecord, Visitor& kVisitor)
{
	CvVisionSource kSource;
	int aeInvisible[MAX_COMPACT_PASSES];
	Shape kShape;
	int aiPlots[CV_VISION_MAX_ENTRIES];
	for (int iAt = 0, iWords = 0; iAt < static_cast<int>(kRecord.aiEntries.size()); iAt += iWords)
	{
		const int iCount = decodeSegment(&kRecord.aiEntries[iAt], kSource, aeInvisible, kShape, aiPlots, iWords);
		const int iNumPasses = sightPasses(&kRecord.aiEntries[iAt]);
		for (int p = 0; p < iNumPasses; ++p)
		{
			for (int i = 0; i < iCount; ++i)
			{
				kVisitor.changeVisibilityCount(aiPlots[i], kRecord.eTeam, 1, aeInvisible[p]);
			}
		}
	}
}

template <class Map, class Sink>
CvVisionResult CvVisionLedger::add(const CvVisionSourceKey& kKey, const CvVisionEngine& kEngine, const Map& kMap,
	Sink& kSink, const CvVisionSource* paSources, int iNumSources)
{
	return addRecord(kKey, kEngine, kMap, &kSink, paSources, iNumSources);
}

template <class Map>
CvVisionResult CvVisionLedger::record(const CvVisionSourceKey& kKey, const CvVisionEngine& kEngine, const Map& kMap,
	const CvVisionSource* paSources, int iNumSources)
{
	return addRecord(kKey, kEngine, kMap, static_cast<NoSink*>(NULL), paSources, iNumSources);
}

template <class Sink>
void CvVisionLedger::replayRemoval(const Record& kRecord, Sink& kSink)
{
	if (kRecord.bCompact)
	{
		replayCompact(kRecord, kSink, -1);
		return;
	}
	// In the order of the add, which was BTS's: each change -1, each reveal +1 then -1, as BTS's
	// own remove of the same sight makes them.
	const int iNumEntries = static_cast<int>(kRecord.aiEntries.size());
	for (int i = 0; i < iNumEntries; ++i)
	{
		const unsigned int iEntry = kRecord.aiEntries[i];
		if (isReveal(iEntry))
		{
			kSink.changeVisibilityCount(plotOf(iEntry), kRecord.eTeam, 1, invisibleOf(iEntry));
		}
		kSink.changeVisibilityCount(plotOf(iEntry), kRecord.eTeam, -1, invisibleOf(iEntry));
	}
}

template <class Sink>
void CvVisionLedger::replayAdd(const Record& kRecord, Sink& kSink)
{
	if (kRecord.bCompact)
	{
		replayCompact(kRecord, kSink, 1);
		return;
	}
	const int iNumEntries = static_cast<int>(kRecord.aiEntries.size());
	for (int i = 0; i < iNumEntries; ++i)
	{
		const unsigned int iEntry = kRecord.aiEntries[i];
		kSink.changeVisibilityCount(plotOf(iEntry), kRecord.eTeam, 1, invisibleOf(iEntry));
		if (isReveal(iEntry))
		{
			kSink.changeVisibilityCount(plotOf(iEntry), kRecord.eTeam, -1, invisibleOf(iEntry));
		}
	}
}

template <class Sink>
bool CvVisionLedger::remove(const CvVisionSourceKey& kKey, Sink& kSink)
{
	const int iSlot = findSlot(kKey);
	if (iSlot < 0 || m_aSlots[iSlot].iLive == 0)
	{
		return false;
	}
	Slot& kSlot = m_aSlots[iSlot];
	replayRemoval(kSlot.record(kSlot.iLive - 1), kSink);
	++m_iClock;
	if (--kSlot.iLive == 0)
	{
		kSlot.iEmptiedAt = m_iClock;
	}
	return true;
}

template <class Map, class Sink>
CvVisionResult CvVisionLedger::resight(const CvVisionSourceKey& kKey, const CvVisionEngine& kEngine, const Map& kMap,
	Sink& kSink, const CvVisionSource* paSources, int iNumSources)
{
	const int iSlot = findSlot(kKey);
	if (iSlot < 0 || m_aSlots[iSlot].iLive == 0)
	{
		return add(kKey, kEngine, kMap, kSink, paSources, iNumSources);
	}
	const CvVisionResult eValid = validate(kMap, paSources, iNumSources);
	if (eValid != CV_VISION_OK)
	{
		return eValid;
	}
	fillRecord(m_kScratch, kEngine, kMap, static_cast<NoSink*>(NULL), paSources, iNumSources);
	Slot& kSlot = m_aSlots[iSlot];
	for (int r = 0; r < kSlot.iLive; ++r)
	{
		Record& kRecord = kSlot.record(r);
		if (kRecord.eTeam == m_kScratch.eTeam && kRecord.bCompact == m_kScratch.bCompact
			&& kRecord.aiEntries == m_kScratch.aiEntries)
		{
			continue; // the change did not reach this sight
		}
		replayRemoval(kRecord, kSink);
		replayAdd(m_kScratch, kSink);
		kRecord.eTeam = m_kScratch.eTeam;
		kRecord.bCompact = m_kScratch.bCompact;
		kRecord.aiEntries = m_kScratch.aiEntries;
	}
	return CV_VISION_OK;
}

template <class Before, class Map, class Sink>
CvVisionResult CvVisionLedger::resightLevelChange(const CvVisionSourceKey& kKey, const CvVisionEngine& kEngine,
	const Before& kBefore, const Map& kMap, Sink& kSink, const CvVisionSource* paSources, int iNumSources)
{
	const CvVisionResult eValid = validate(kMap, paSources, iNumSources);
	if (eValid != CV_VISION_OK)
	{
		return eValid;
	}
	bool bReaches = false;
	for (int i = 0; i < iNumSources; ++i)
	{
		if (paSources[i].iRange < 0 || paSources[i].iRange > CV_VISION_MAX_RANGE)
		{
			return resight(kKey, kEngine, kMap, kSink, paSources, iNumSources); // no shortcut off the table's ranges
		}
		bReaches = bReaches || levelChangeReaches(kEngine, kBefore, kMap, paSources[i]);
	}
	if (!bReaches)
	{
		return CV_VISION_OK;
	}
	// One pass on the new levels, compared with the records (which hold the sight on kBefore):
	// the same record, nothing changes.
	return resight(kKey, kEngine, kMap, kSink, paSources, iNumSources);
}

template <class Before, class Map>
bool CvVisionLedger::levelChangeReaches(const CvVisionEngine& kEngine, const Before& kBefore, const Map& kMap,
	const CvVisionSource& kSource)
{
	const int iPlot = kBefore.plot();
	if (kSource.iRange < 0 || kSource.iRange > CV_VISION_MAX_RANGE)
	{
		return !kSource.bAerial; // off the table's ranges: no reasoning, a full re-sight
	}
	if (!sightReads(kEngine, kMap, kSource, iPlot))
	{
		return false;
	}
	const int iWidth = kMap.getGridWidth();
	const int iHeight = kMap.getGridHeight();
	const int iRing = kSource.iRange + (kEngine.options().bOuterRing ? 1 : 0);
	if ((kMap.isWrapX() && iWidth < 2 * iRing + 1) || (kMap.isWrapY() && iHeight < 2 * iRing + 1))
	{
		return true; // a plot may be named by two displacements of the square
	}
	const int iDX = cvVisionWrapDelta(iPlot % iWidth - kSource.iX, iWidth, kMap.isWrapX());
	const int iDY = cvVisionWrapDelta(iPlot / iWidth - kSource.iY, iHeight, kMap.isWrapY());
	if (iDX == 0 && iDY == 0)
	{
		return true; // the viewer's own levels
	}
	const int iLevel = kMap.seeFromLevel(kSource.iY * iWidth + kSource.iX, kSource.eTeam);
	const int iDistance = (iDX < 0 ? -iDX : iDX) > (iDY < 0 ? -iDY : iDY) ? (iDX < 0 ? -iDX : iDX) : (iDY < 0 ? -iDY : iDY);
	if (iDistance == iRing && kEngine.options().bOuterRing && !kEngine.options().bOuterRingAsInner)
	{
		return (kBefore.seeFromLevel(iPlot, kSource.eTeam) > iLevel) != (kMap.seeFromLevel(iPlot, kSource.eTeam) > iLevel);
	}
	const int iOld = kBefore.seeThroughLevel(iPlot);
	const int iNew = kMap.seeThroughLevel(iPlot);
	return ((iOld <= iLevel) != (iNew <= iLevel)) || ((iOld < iLevel) != (iNew < iLevel));
}

template <class Before, class Map>
bool CvVisionLedger::seeFromChangeReaches(const CvVisionEngine& kEngine, const Before& kBefore, const Map& kMap,
	const CvVisionSource& kSource, int eChangedTeam)
{
	if (kSource.bAerial || (eChangedTeam >= 0 && kSource.eTeam != eChangedTeam))
	{
		return false;
	}
	if (kSource.iRange < 0 || kSource.iRange > CV_VISION_MAX_RANGE)
	{
		return true;
	}
	const int iWidth = kMap.getGridWidth();
	const int iHeight = kMap.getGridHeight();
	const int iRing = kSource.iRange + (kEngine.options().bOuterRing ? 1 : 0);
	if ((kMap.isWrapX() && iWidth < 2 * iRing + 1) || (kMap.isWrapY() && iHeight < 2 * iRing + 1))
	{
		return true;
	}
	const int iOrigin = kSource.iY * iWidth + kSource.iX;
	const int iLevel = kMap.seeFromLevel(iOrigin, kSource.eTeam);
	if (kBefore.seeFromLevel(iOrigin, kSource.eTeam) != iLevel)
	{
		return true; // the viewer's own level
	}
	if (!kEngine.options().bOuterRing || kEngine.options().bOuterRingAsInner || iRing == 0)
	{
		return false; // no ring reads see-from
	}
	for (int iDY = -iRing; iDY <= iRing; ++iDY)
	{
		const int iY = cvVisionWrapCoord(kSource.iY + iDY, iHeight, kMap.isWrapY());
		const bool bEdgeRow = iDY == -iRing || iDY == iRing;
		for (int iDX = -iRing; iDX <= iRing && iY >= 0; iDX += bEdgeRow ? 1 : 2 * iRing)
		{
			const int iX = cvVisionWrapCoord(kSource.iX + iDX, iWidth, kMap.isWrapX());
			if (iX < 0)
			{
				continue;
			}
			const int iPlot = iY * iWidth + iX;
			if ((kBefore.seeFromLevel(iPlot, kSource.eTeam) > iLevel) != (kMap.seeFromLevel(iPlot, kSource.eTeam) > iLevel))
			{
				return true;
			}
		}
	}
	return false;
}

template <class Map>
bool CvVisionLedger::sightReads(const CvVisionEngine& kEngine, const Map& kMap, const CvVisionSource& kSource,
	int iPlot)
{
	if (kSource.bAerial)
	{
		return false;
	}
	if (kSource.iRange < 0)
	{
		return true; // no reasoning about what a negative range sees
	}
	const int iWidth = kMap.getGridWidth();
	const int iRing = kSource.iRange + (kEngine.options().bOuterRing ? 1 : 0);
	const int iDX = cvVisionWrapDelta(iPlot % iWidth - kSource.iX, iWidth, kMap.isWrapX());
	const int iDY = cvVisionWrapDelta(iPlot / iWidth - kSource.iY, kMap.getGridHeight(), kMap.isWrapY());
	return (iDX < 0 ? -iDX : iDX) <= iRing && (iDY < 0 ? -iDY : iDY) <= iRing;
}

template <class Visitor>
void CvVisionLedger::forEachCount(Visitor& kVisitor) const
{
	for (size_t iSlot = 0; iSlot < m_aSlots.size(); ++iSlot)
	{
		for (int r = 0; r < m_aSlots[iSlot].iLive; ++r)
		{
			const Record& kRecord = m_aSlots[iSlot].record(r);
			if (kRecord.bCompact)
			{
				visitCompactCounts(kRecord, kVisitor);
				continue;
			}
			for (size_t i = 0; i < kRecord.aiEntries.size(); ++i)
			{
				if (!isReveal(kRecord.aiEntries[i]))
				{
					kVisitor.changeVisibilityCount(plotOf(kRecord.aiEntries[i]), kRecord.eTeam, 1,
						invisibleOf(kRecord.aiEntries[i]));
				}
			}
		}
	}
}

#endif
