#pragma once
#ifndef CV_VISION_KEY_TABLE_H
#define CV_VISION_KEY_TABLE_H

// CvVision: the keys that name sight sources, and the table the ledger (CvVisionLedger.h) keeps
// its records in, keyed by them: open addressing with linear probing over a power-of-two number of
// buckets, one cache line per lookup where a tree walks a dozen nodes. A bucket holds its key's
// tag (its hash), the key and the value side by side, and the table is at most half full, so a
// lookup mostly reads one bucket, and its value with it.
//
// An erased key is a tombstone: it keeps its bucket and its value, whose memory a key inserted
// again reuses (a source taken off and put back: a move, a re-sight, a whole-map update costs no
// allocation). Tombstones are dropped when the table must grow, except those erased recently
// (within as many ticks of the owner's clock as the table has keys), so a whole-map update never
// sweeps the keys it is about to insert again.
// Plain C++03: this file is compiled into the game's DLL.

#include "CvVisionMustUse.h"

#include <stddef.h>
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

// A key's tag: a multiply-xorshift mix of its four ints (consecutive unit ids and plot indices
// spread over the whole table), with the top bit set: never 0, the tag of an empty bucket. Its
// low bits pick the key's first bucket.
unsigned int cvVisionKeyHash(const CvVisionSourceKey& kKey);
// A table's number of buckets: the least power of two that is at least 64 and at least iAtLeast.
int cvVisionKeyTableBuckets(int iAtLeast);

// Value: default-constructible and copyable, with a member swap(Value&) that exchanges two values
// without copying their memory (growth moves the values with it).
template <class Value>
class CvVisionKeyTable
{
public:
	CvVisionKeyTable() : m_iUsed(0), m_iLastBucket(-1) {}

	// The bucket of kKey, a tombstone too, or -1. A lookup of the key found last reads one bucket.
	CV_VISION_MUST_USE int find(const CvVisionSourceKey& kKey) const;
	// The bucket of kKey, made live: found (a tombstone gets its value back as it was left) or
	// inserted with a default value. Inserting grows the table first when it would be more than
	// half full; growth drops the tombstones erased more than keys() ticks before iNow (the
	// owner's clock) and leaves the table at most a quarter full. A bucket number holds until the
	// next insert of a new key.
	CV_VISION_MUST_USE int insert(const CvVisionSourceKey& kKey, unsigned int iNow);
	// Makes the key of iBucket a tombstone, erased at iNow (not 0). Its value stays as it is.
	void erase(int iBucket, unsigned int iNow) { m_aSlots[iBucket].iErasedAt = iNow; }

	bool isUsed(int iBucket) const { return m_aSlots[iBucket].iTag != 0; } // holds a key
	bool isLive(int iBucket) const { return isUsed(iBucket) && m_aSlots[iBucket].iErasedAt == 0; }
	const CvVisionSourceKey& key(int iBucket) const { return m_aSlots[iBucket].kKey; }
	// The value of a bucket; an empty bucket's is a default one.
	Value& value(int iBucket) { return m_aSlots[iBucket].kValue; }
	const Value& value(int iBucket) const { return m_aSlots[iBucket].kValue; }

	int buckets() const { return static_cast<int>(m_aSlots.size()); }
	int keys() const { return m_iUsed; } // buckets holding a key, tombstones included
	size_t slotBytes() const { return m_aSlots.capacity() * sizeof(Slot); } // the buckets' memory
	void clear()
	{
		m_aSlots.clear();
		m_iUsed = 0;
		m_iLastBucket = -1;
	}

private:
	struct Slot
	{
		unsigned int iTag;      // cvVisionKeyHash of the key; 0: an empty bucket
		CvVisionSourceKey kKey;
		unsigned int iErasedAt; // 0: live; else the tick the key was erased at (a tombstone)
		Value kValue;
		Slot() : iTag(0), iErasedAt(0) {}
	};

	void grow(int iMinKeys, unsigned int iNow);

	std::vector<Slot> m_aSlots;
	int m_iUsed;                // buckets holding a key
	mutable int m_iLastBucket;  // the bucket find found last (-1: none)
};

// ---------------------------------------------------------------------------------------------
// Template definitions

template <class Value>
int CvVisionKeyTable<Value>::find(const CvVisionSourceKey& kKey) const
{
	if (m_aSlots.empty())
	{
		return -1;
	}
	if (m_iLastBucket >= 0 && m_aSlots[m_iLastBucket].iTag != 0 && m_aSlots[m_iLastBucket].kKey == kKey)
	{
		return m_iLastBucket; // a source taken off and put back at once (a move, a promotion)
	}
	const unsigned int iMask = static_cast<unsigned int>(m_aSlots.size()) - 1;
	const unsigned int iTag = cvVisionKeyHash(kKey);
	for (unsigned int i = iTag & iMask;; i = (i + 1) & iMask)
	{
		const Slot& kHere = m_aSlots[i];
		if (kHere.iTag == 0)
		{
			return -1;
		}
		if (kHere.iTag == iTag && kHere.kKey == kKey)
		{
			m_iLastBucket = static_cast<int>(i);
			return m_iLastBucket;
		}
	}
}

template <class Value>
int CvVisionKeyTable<Value>::insert(const CvVisionSourceKey& kKey, unsigned int iNow)
{
	const int iFound = find(kKey);
	if (iFound >= 0)
	{
		m_aSlots[iFound].iErasedAt = 0;
		return iFound;
	}
	if (2 * (m_iUsed + 1) > static_cast<int>(m_aSlots.size()))
	{
		grow(m_iUsed + 1, iNow);
	}
	const unsigned int iMask = static_cast<unsigned int>(m_aSlots.size()) - 1;
	const unsigned int iTag = cvVisionKeyHash(kKey);
	unsigned int i = iTag & iMask;
	while (m_aSlots[i].iTag != 0)
	{
		i = (i + 1) & iMask;
	}
	Slot& kSlot = m_aSlots[i];
	kSlot.iTag = iTag;
	kSlot.kKey = kKey;
	kSlot.iErasedAt = 0;
	++m_iUsed;
	return static_cast<int>(i);
}

template <class Value>
void CvVisionKeyTable<Value>::grow(int iMinKeys, unsigned int iNow)
{
	// Keep the live keys and the tombstones erased within the last m_iUsed ticks.
	std::vector<Slot> aOld;
	aOld.swap(m_aSlots);
	const unsigned int iRecent = static_cast<unsigned int>(m_iUsed);
	int iKept = 0;
	for (size_t i = 0; i < aOld.size(); ++i)
	{
		iKept += (aOld[i].iTag != 0 && (aOld[i].iErasedAt == 0 || iNow - aOld[i].iErasedAt <= iRecent)) ? 1 : 0;
	}
	const int iKeys = (iKept + 1 > iMinKeys) ? iKept + 1 : iMinKeys;
	const int iBuckets = cvVisionKeyTableBuckets(4 * iKeys); // at most a quarter full after the growth
	m_aSlots.resize(iBuckets);
	m_iUsed = 0;
	m_iLastBucket = -1;
	const unsigned int iMask = static_cast<unsigned int>(iBuckets) - 1;
	for (size_t iOld = 0; iOld < aOld.size(); ++iOld)
	{
		Slot& kOld = aOld[iOld];
		if (kOld.iTag == 0 || (kOld.iErasedAt != 0 && iNow - kOld.iErasedAt > iRecent))
		{
			continue;
		}
		unsigned int i = kOld.iTag & iMask;
		while (m_aSlots[i].iTag != 0)
		{
			i = (i + 1) & iMask;
		}
		Slot& kNew = m_aSlots[i];
		kNew.iTag = kOld.iTag;
		kNew.kKey = kOld.kKey;
		kNew.iErasedAt = kOld.iErasedAt;
		kNew.kValue.swap(kOld.kValue);
		++m_iUsed;
	}
}

#endif
