#pragma once
#ifndef CV_VISION_LEDGER_H
#define CV_VISION_LEDGER_H

// CvVision: the ledger. Each sight source records the exact count changes it made; removing the
// source replays its record instead of recomputing its sight from the map as it is now.
// So a change of an input outside its remove/re-add bracket can no longer leave a count wrong:
// a source always takes away exactly what it added. With every bracket in place (vanilla), the
// counts are the same as with recomputation.
// The containers it keeps its records in have files of their own: a record's words
// (CvVisionSmallWords.h), the compact record's bits (CvVisionSegmentCodec.h) and the sources'
// keys with the table of records under them (CvVisionKeyTable.h).
// Plain C++03: this file is compiled into the game's DLL.

#include "CvVisionEngine.h"
#include "CvVisionKeyTable.h"
#include "CvVisionMustUse.h"
#include "CvVisionSegmentCodec.h"
#include "CvVisionSmallWords.h"

#include <vector>

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
	CV_VISION_MUST_USE CvVisionResult add(const CvVisionSourceKey& kKey, const CvVisionEngine& kEngine, const Map& kMap,
		Sink& kSink, const CvVisionSource& kSource)
	{
		return add(kKey, kEngine, kMap, kSink, &kSource, 1);
	}
	template <class Map, class Sink>
	CV_VISION_MUST_USE CvVisionResult add(const CvVisionSourceKey& kKey, const CvVisionEngine& kEngine, const Map& kMap,
		Sink& kSink, const CvVisionSource* paSources, int iNumSources);

	// Records what adding the source would change, changing nothing (rebuilding the ledger of a
	// game whose counts were loaded from a save).
	template <class Map>
	CV_VISION_MUST_USE CvVisionResult record(const CvVisionSourceKey& kKey, const CvVisionEngine& kEngine, const Map& kMap,
		const CvVisionSource& kSource)
	{
		return record(kKey, kEngine, kMap, &kSource, 1);
	}
	template <class Map>
	CV_VISION_MUST_USE CvVisionResult record(const CvVisionSourceKey& kKey, const CvVisionEngine& kEngine, const Map& kMap,
		const CvVisionSource* paSources, int iNumSources);

	// Takes back the last record under kKey through kSink (see replayRemoval). False (and no
	// change) when nothing is recorded under kKey.
	template <class Sink>
	CV_VISION_MUST_USE bool remove(const CvVisionSourceKey& kKey, Sink& kSink);

	// Re-sights the source recorded under kKey after the map changed under it (a plot's levels,
	// docs/vision-rules.md, section 7), instead of its remove/re-add bracket: its sight is computed
	// once, and each live record under kKey that differs from it is taken back (as remove does) and
	// replaced by the new sight, added and recorded (as add does). A record equal to the new sight
	// is left alone and kSink hears nothing of it. The counts end as the bracket leaves them. Every
	// record under one key is of the same source, kSource. With no record under kKey the source is
	// added.
	template <class Map, class Sink>
	CV_VISION_MUST_USE CvVisionResult resight(const CvVisionSourceKey& kKey, const CvVisionEngine& kEngine,
		const Map& kMap, Sink& kSink, const CvVisionSource& kSource)
	{
		return resight(kKey, kEngine, kMap, kSink, &kSource, 1);
	}
	template <class Map, class Sink>
	CV_VISION_MUST_USE CvVisionResult resight(const CvVisionSourceKey& kKey, const CvVisionEngine& kEngine,
		const Map& kMap, Sink& kSink, const CvVisionSource* paSources, int iNumSources);

	// resight after a change of one plot's levels (docs/vision-rules.md, section 7), kBefore being
	// the map with that plot's old levels (CvVisionLevelsBefore): when levelChangeReaches says the
	// change cannot alter the source's sight, nothing is done, not even a look at the records;
	// otherwise resight, whose one pass on the new levels is compared with the records (the sight
	// on kBefore, as every bracket in place keeps them): a record that is the same changes nothing.
	// A record left stale by a missing bracket is then made the sight on the new levels, its old
	// changes taken back exactly.
	template <class Before, class Map, class Sink>
	CV_VISION_MUST_USE CvVisionResult resightLevelChange(const CvVisionSourceKey& kKey, const CvVisionEngine& kEngine,
		const Before& kBefore, const Map& kMap, Sink& kSink, const CvVisionSource& kSource)
	{
		return resightLevelChange(kKey, kEngine, kBefore, kMap, kSink, &kSource, 1);
	}
	template <class Before, class Map, class Sink>
	CV_VISION_MUST_USE CvVisionResult resightLevelChange(const CvVisionSourceKey& kKey, const CvVisionEngine& kEngine,
		const Before& kBefore, const Map& kMap, Sink& kSink, const CvVisionSource* paSources, int iNumSources);

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

	bool has(const CvVisionSourceKey& kKey) const { return findLive(kKey) >= 0; }
	void clear()
	{
		m_kKeys.clear();
		m_iClock = 0;
	}

	CvVisionLedger() : m_iClock(0) {}

	// Calls kVisitor.changeVisibilityCount(plot, team, +1, invisible type) once for each count
	// the records hold: what the counts should be, for an audit.
	template <class Visitor>
	void forEachCount(Visitor& kVisitor) const;

	int numSources() const;      // records (a key with two identical sources counts 2)
	int numEntries() const;      // recorded count changes
	int sizeInBytes() const;     // an estimate of the memory the ledger takes
	int storedWords() const;     // 4-byte words the live records hold (compact or full)
	int heapWords() const;       // 4-byte words held in blocks of their own (past a record's first six)
	int buckets() const { return m_kKeys.buckets(); } // of the key table

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

	enum { MAX_COMPACT_SEGMENTS = 16 }; // engine sources of one compact record

	// A record is full (aiEntries: one word per count change, from pack) or compact (aiEntries:
	// one segment per engine source, CvVisionSegmentCodec.h: its parameters, its map's shape and
	// one bit per table entry it sees). A sight the table tells exactly
	// (CvVisionEngine::sightIsTableSubset) is recorded compact: one word per 32 table entries
	// instead of one per count change, so recording and replaying it moves a few bytes where a
	// full record moves hundreds. Its words are a CvVisionSmallWords, whose first words live in the
	// record itself: a range-1 unit's compact record (five words) is read with its key's bucket.
	struct Record
	{
		int eTeam;
		bool bCompact;
		CvVisionSmallWords aiEntries;
		Record() : eTeam(0), bCompact(false) {}
		void swap(Record& kOther)
		{
			const int eTeamHeld = eTeam;
			eTeam = kOther.eTeam;
			kOther.eTeam = eTeamHeld;
			const bool bCompactHeld = bCompact;
			bCompact = kOther.bCompact;
			kOther.bCompact = bCompactHeld;
			aiEntries.swap(kOther.aiEntries);
		}
	};

	// Records one source as compact and emits its count changes to pSink (when not NULL), or
	// returns false, having changed nothing, when its sight is not a table subset.
	template <class Map, class Sink>
	CV_VISION_MUST_USE static bool addCompact(Record& kRecord, const CvVisionEngine& kEngine, const Map& kMap,
		Sink* pSink, const CvVisionSource& kSource);
	template <class Sink>
	static void replayCompact(const Record& kRecord, Sink& kSink, int iChange);
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

	// The records under one key (CvVisionKeyTable.h: a key whose last live record is removed is
	// erased, a tombstone that keeps this memory). Records past iLive are spares: a source that
	// is removed and added again (it moved, the map changed) reuses its memory.
	struct Records
	{
		int iLive;
		Record kFirst;               // the first record lives in the key's bucket: one load less
		std::vector<Record> aMore;   // records 1, 2, ... (identical sources under one key)
		Records() : iLive(0) {}
		int records() const { return 1 + static_cast<int>(aMore.size()); }
		Record& record(int r) { return r == 0 ? kFirst : aMore[r - 1]; }
		const Record& record(int r) const { return r == 0 ? kFirst : aMore[r - 1]; }
		void swap(Records& kOther)
		{
			const int iLiveHeld = iLive;
			iLive = kOther.iLive;
			kOther.iLive = iLiveHeld;
			kFirst.swap(kOther.kFirst);
			aMore.swap(kOther.aMore);
		}
	};

	// Takes a record's changes back (as BTS's own remove of the same sight would, or, where that
	// order cannot show, in the table's); makes them again, in BTS's order.
	template <class Sink>
	static void replayRemoval(const Record& kRecord, Sink& kSink);
	template <class Sink>
	static void replayAdd(const Record& kRecord, Sink& kSink);

	// Makes kRecord the sight of the sources, compact when every one is a table subset, telling
	// pSink (when not NULL) each count change as the engine makes it. The sources must be valid
	// on kMap (validate): the caller checks them first.
	template <class Map, class Sink>
	static void fillRecord(Record& kRecord, const CvVisionEngine& kEngine, const Map& kMap, Sink* pSink,
		const CvVisionSource* paSources, int iNumSources);
	template <class Map, class Sink>
	CV_VISION_MUST_USE CvVisionResult addRecord(const CvVisionSourceKey& kKey, const CvVisionEngine& kEngine,
		const Map& kMap, Sink* pSink, const CvVisionSource* paSources, int iNumSources);
	// CV_VISION_OK when the engine takes every one of the sources on kMap.
	template <class Map>
	CV_VISION_MUST_USE static CvVisionResult validate(const Map& kMap, const CvVisionSource* paSources,
		int iNumSources);
	// The bucket of kKey's records when it has a live one, else -1.
	int findLive(const CvVisionSourceKey& kKey) const;

	CvVisionKeyTable<Records> m_kKeys;
	unsigned int m_iClock; // counts removals (never 0), to tell recently erased keys
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
	Records& kSlot = m_kKeys.value(m_kKeys.insert(kKey, m_iClock));
	if (kSlot.iLive == kSlot.records())
	{
		kSlot.aMore.push_back(Record());
	}
	Record& kRecord = kSlot.record(kSlot.iLive);
	fillRecord(kRecord, kEngine, kMap, pSink, paSources, iNumSources);
	++kSlot.iLive;
	return CV_VISION_OK;
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
	if (iCount < 0
		|| !CvVisionSegmentCodec::append(kRecord.aiEntries, kEngine, kMap, kSource, aiPlots, paiEntries, iCount))
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
			// CV_VISION_OK: every caller (addRecord, resight) has validated the sources on kMap.
			cvVisionDropResult(kEngine.changeAdjacentSight(kMap, kRecorder, paSources[i], 1));
		}
	}
}

template <class Sink>
void CvVisionLedger::replayCompact(const Record& kRecord, Sink& kSink, int iChange)
{
	CvVisionSource kSource;
	int aeInvisible[CvVisionSegmentCodec::MAX_PASSES];
	CvVisionSegmentCodec::Shape kShape;
	int aiPlots[CV_VISION_MAX_ENTRIES];
	for (int iAt = 0, iWords = 0; iAt < static_cast<int>(kRecord.aiEntries.size()); iAt += iWords)
	{
		const unsigned int* paiSegment = &kRecord.aiEntries[iAt];
		const bool bReveals = (CvVisionSegmentCodec::flags(paiSegment) & CvVisionSegmentCodec::FLAG_REVEAL_ADJACENT) != 0;
		// An add, and a remove with reveals (whose +1 can make a plot visible: a meeting), go in
		// BTS's loop order; a remove without them is all -1s, which make no plot visible, and goes
		// in the table's order, the quickest to decode.
		const bool bBtsOrder = iChange > 0 || bReveals;
		const int iCount = CvVisionSegmentCodec::decode(paiSegment, kSource, aeInvisible, kShape, aiPlots, iWords,
			bBtsOrder);
		const int iNumPasses = CvVisionSegmentCodec::passes(paiSegment);
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
	int aeInvisible[CvVisionSegmentCodec::MAX_PASSES];
	CvVisionSegmentCodec::Shape kShape;
	int aiPlots[CV_VISION_MAX_ENTRIES];
	for (int iAt = 0, iWords = 0; iAt < static_cast<int>(kRecord.aiEntries.size()); iAt += iWords)
	{
		const unsigned int* paiSegment = &kRecord.aiEntries[iAt];
		const int iCount = CvVisionSegmentCodec::decode(paiSegment, kSource, aeInvisible, kShape, aiPlots, iWords);
		const int iNumPasses = CvVisionSegmentCodec::passes(paiSegment);
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
	const int iBucket = findLive(kKey);
	if (iBucket < 0)
	{
		return false;
	}
	Records& kSlot = m_kKeys.value(iBucket);
	replayRemoval(kSlot.record(kSlot.iLive - 1), kSink);
	if (++m_iClock == 0)
	{
		m_iClock = 1; // 0 is no tick (CvVisionKeyTable::erase)
	}
	if (--kSlot.iLive == 0)
	{
		m_kKeys.erase(iBucket, m_iClock);
	}
	return true;
}

template <class Map, class Sink>
CvVisionResult CvVisionLedger::resight(const CvVisionSourceKey& kKey, const CvVisionEngine& kEngine, const Map& kMap,
	Sink& kSink, const CvVisionSource* paSources, int iNumSources)
{
	const int iBucket = findLive(kKey);
	if (iBucket < 0)
	{
		return add(kKey, kEngine, kMap, kSink, paSources, iNumSources);
	}
	const CvVisionResult eValid = validate(kMap, paSources, iNumSources);
	if (eValid != CV_VISION_OK)
	{
		return eValid;
	}
	fillRecord(m_kScratch, kEngine, kMap, static_cast<NoSink*>(NULL), paSources, iNumSources);
	Records& kSlot = m_kKeys.value(iBucket);
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
	for (int iBucket = 0; iBucket < m_kKeys.buckets(); ++iBucket)
	{
		const Records& kSlot = m_kKeys.value(iBucket);
		for (int r = 0; r < kSlot.iLive; ++r)
		{
			const Record& kRecord = kSlot.record(r);
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
