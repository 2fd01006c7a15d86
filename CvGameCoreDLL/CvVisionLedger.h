#pragma once
#ifndef CV_VISION_LEDGER_H
#define CV_VISION_LEDGER_H

// CvVision: the ledger. Each sight source records the exact count changes it made; removing the
// source replays its record backwards instead of recomputing its sight from the map as it is now.
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

	// Takes back the last record under kKey, in reverse order, through kSink. False (and no
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
	// change cannot alter the source's sight, or its sight is the same on both maps, nothing is
	// done, not even a look at the records; otherwise resight. The records are assumed to hold the
	// sight on kBefore, as they do with every bracket in place; a record left stale by a missing
	// bracket stays as it is, and its removal still takes back exactly what it added.
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

	// Can the sight of kSource read the levels of iPlot (its see-through or see-from)? False when
	// the plot lies outside the square the source looks over (its range, plus the outer ring),
	// and for aerial sight, which reads no level: a change of that plot's levels cannot change
	// the source's sight, so it needs no re-sight. True for a negative range (no reasoning).
	template <class Map>
	static bool sightReads(const CvVisionEngine& kEngine, const Map& kMap, const CvVisionSource& kSource, int iPlot);

	bool has(const CvVisionSourceKey& kKey) const;
	void clear() { m_kSlots.clear(); m_iEmptySlots = 0; }

	CvVisionLedger() : m_iEmptySlots(0) {}

	// Calls kVisitor.changeVisibilityCount(plot, team, +1, invisible type) once for each count
	// the records hold: what the counts should be, for an audit.
	template <class Visitor>
	void forEachCount(Visitor& kVisitor) const;

	int numSources() const;      // records (a key with two identical sources counts 2)
	int numEntries() const;      // recorded count changes
	int sizeInBytes() const;     // an estimate of the memory the ledger takes

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

	struct Record
	{
		int eTeam;
		std::vector<unsigned int> aiEntries;
	};

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
	// added again (it moved, the map changed) reuses its memory. Keys without live records are
	// swept away once they outnumber the others.
	struct Slot
	{
		std::vector<Record> aRecords;
		int iLive;
		Slot() : iLive(0) {}
	};
	typedef std::map<CvVisionSourceKey, Slot> SlotMap;

	// Takes a record's changes back, last first; makes them again, first first.
	template <class Sink>
	static void replayBackward(const Record& kRecord, Sink& kSink);
	template <class Sink>
	static void replayForward(const Record& kRecord, Sink& kSink);

	template <class Map, class Sink>
	CvVisionResult addRecord(const CvVisionSourceKey& kKey, const CvVisionEngine& kEngine, const Map& kMap,
		Sink* pSink, const CvVisionSource* paSources, int iNumSources);
	// CV_VISION_OK when the engine takes every one of the sources on kMap.
	template <class Map>
	static CvVisionResult validate(const Map& kMap, const CvVisionSource* paSources, int iNumSources);
	void sweepIfSparse();

	SlotMap m_kSlots;
	int m_iEmptySlots;
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
	Slot& kSlot = m_kSlots[kKey];
	if (kSlot.iLive == 0 && !kSlot.aRecords.empty())
	{
		--m_iEmptySlots;
	}
	if (kSlot.iLive == static_cast<int>(kSlot.aRecords.size()))
	{
		kSlot.aRecords.push_back(Record());
	}
	Record& kRecord = kSlot.aRecords[kSlot.iLive];
	kRecord.eTeam = paSources[0].eTeam;
	kRecord.aiEntries.clear();
	RecordingSink<Sink> kRecorder(kRecord, pSink);
	for (int i = 0; i < iNumSources; ++i)
	{
		kEngine.changeAdjacentSight(kMap, kRecorder, paSources[i], 1);
	}
	++kSlot.iLive;
	return CV_VISION_OK;
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
void CvVisionLedger::replayBackward(const Record& kRecord, Sink& kSink)
{
	for (int i = static_cast<int>(kRecord.aiEntries.size()) - 1; i >= 0; --i)
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
void CvVisionLedger::replayForward(const Record& kRecord, Sink& kSink)
{
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
	SlotMap::iterator it = m_kSlots.find(kKey);
	if (it == m_kSlots.end() || it->second.iLive == 0)
	{
		return false;
	}
	Slot& kSlot = it->second;
	replayBackward(kSlot.aRecords[kSlot.iLive - 1], kSink);
	if (--kSlot.iLive == 0)
	{
		++m_iEmptySlots;
		sweepIfSparse();
	}
	return true;
}

template <class Map, class Sink>
CvVisionResult CvVisionLedger::resight(const CvVisionSourceKey& kKey, const CvVisionEngine& kEngine, const Map& kMap,
	Sink& kSink, const CvVisionSource* paSources, int iNumSources)
{
	const SlotMap::iterator it = m_kSlots.find(kKey);
	if (it == m_kSlots.end() || it->second.iLive == 0)
	{
		return add(kKey, kEngine, kMap, kSink, paSources, iNumSources);
	}
	const CvVisionResult eValid = validate(kMap, paSources, iNumSources);
	if (eValid != CV_VISION_OK)
	{
		return eValid;
	}
	m_kScratch.eTeam = paSources[0].eTeam;
	m_kScratch.aiEntries.clear();
	RecordingSink<NoSink> kRecorder(m_kScratch, static_cast<NoSink*>(NULL));
	for (int i = 0; i < iNumSources; ++i)
	{
		kEngine.changeAdjacentSight(kMap, kRecorder, paSources[i], 1);
	}
	Slot& kSlot = it->second;
	for (int r = 0; r < kSlot.iLive; ++r)
	{
		Record& kRecord = kSlot.aRecords[r];
		if (kRecord.eTeam == m_kScratch.eTeam && kRecord.aiEntries == m_kScratch.aiEntries)
		{
			continue; // the change did not reach this sight
		}
		replayBackward(kRecord, kSink);
		replayForward(m_kScratch, kSink);
		kRecord.eTeam = m_kScratch.eTeam;
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
	int aiBefore[CV_VISION_MAX_ENTRIES];
	int aiAfter[CV_VISION_MAX_ENTRIES];
	for (int i = 0; i < iNumSources; ++i)
	{
		const int iBefore = kEngine.seenPlots(kBefore, paSources[i], aiBefore);
		const int iAfter = kEngine.seenPlots(kMap, paSources[i], aiAfter);
		if (iBefore < 0 || iAfter != iBefore || memcmp(aiBefore, aiAfter, iAfter * sizeof(int)) != 0)
		{
			return resight(kKey, kEngine, kMap, kSink, paSources, iNumSources);
		}
	}
	return CV_VISION_OK; // the same plots in the same order: the same count changes
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
	for (SlotMap::const_iterator it = m_kSlots.begin(); it != m_kSlots.end(); ++it)
	{
		for (int r = 0; r < it->second.iLive; ++r)
		{
			const Record& kRecord = it->second.aRecords[r];
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
