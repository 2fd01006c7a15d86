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
#include <vector>

// What kind of source a key names (spec 7).
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

class CvVisionLedger
{
public:
	// Adds the source's sight through the engine, passes every count change on to kSink, and
	// records them under kKey.
	template <class Map, class Sink>
	CvVisionResult add(const CvVisionSourceKey& kKey, const CvVisionEngine& kEngine, const Map& kMap, Sink& kSink,
		const CvVisionSource& kSource);

	// Records what adding the source would change, changing nothing (rebuilding the ledger of a
	// game whose counts were loaded from a save).
	template <class Map>
	CvVisionResult record(const CvVisionSourceKey& kKey, const CvVisionEngine& kEngine, const Map& kMap,
		const CvVisionSource& kSource);

	// Takes back the last record under kKey, in reverse order, through kSink. False (and no
	// change) when nothing is recorded under kKey.
	template <class Sink>
	bool remove(const CvVisionSourceKey& kKey, Sink& kSink);

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

	template <class Map, class Sink>
	CvVisionResult addRecord(const CvVisionSourceKey& kKey, const CvVisionEngine& kEngine, const Map& kMap,
		Sink* pSink, const CvVisionSource& kSource);
	void sweepIfSparse();

	SlotMap m_kSlots;
	int m_iEmptySlots;
};

// ---------------------------------------------------------------------------------------------
// Template definitions

template <class Map, class Sink>
CvVisionResult CvVisionLedger::addRecord(const CvVisionSourceKey& kKey, const CvVisionEngine& kEngine,
	const Map& kMap, Sink* pSink, const CvVisionSource& kSource)
{
	const CvVisionResult eValid = CvVisionEngine::validate(kSource, kMap.getGridWidth(), kMap.getGridHeight());
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
	kRecord.eTeam = kSource.eTeam;
	kRecord.aiEntries.clear();
	RecordingSink<Sink> kRecorder(kRecord, pSink);
	kEngine.changeAdjacentSight(kMap, kRecorder, kSource, 1);
	++kSlot.iLive;
	return CV_VISION_OK;
}

template <class Map, class Sink>
CvVisionResult CvVisionLedger::add(const CvVisionSourceKey& kKey, const CvVisionEngine& kEngine, const Map& kMap,
	Sink& kSink, const CvVisionSource& kSource)
{
	return addRecord(kKey, kEngine, kMap, &kSink, kSource);
}

template <class Map>
CvVisionResult CvVisionLedger::record(const CvVisionSourceKey& kKey, const CvVisionEngine& kEngine, const Map& kMap,
	const CvVisionSource& kSource)
{
	return addRecord(kKey, kEngine, kMap, static_cast<NoSink*>(NULL), kSource);
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
	const Record& kRecord = kSlot.aRecords[kSlot.iLive - 1];
	for (int i = static_cast<int>(kRecord.aiEntries.size()) - 1; i >= 0; --i)
	{
		const unsigned int iEntry = kRecord.aiEntries[i];
		if (isReveal(iEntry))
		{
			kSink.changeVisibilityCount(plotOf(iEntry), kRecord.eTeam, 1, invisibleOf(iEntry));
		}
		kSink.changeVisibilityCount(plotOf(iEntry), kRecord.eTeam, -1, invisibleOf(iEntry));
	}
	if (--kSlot.iLive == 0)
	{
		++m_iEmptySlots;
		sweepIfSparse();
	}
	return true;
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
