// CvVision: the ledger. See CvVisionLedger.h.

#include "CvVisionLedger.h"

int CvVisionLedger::findLive(const CvVisionSourceKey& kKey) const
{
	const int iBucket = m_kKeys.find(kKey);
	return (iBucket >= 0 && m_kKeys.value(iBucket).iLive > 0) ? iBucket : -1;
}

int CvVisionLedger::numSources() const
{
	int iCount = 0;
	for (int i = 0; i < m_kKeys.buckets(); ++i)
	{
		iCount += m_kKeys.value(i).iLive;
	}
	return iCount;
}

int CvVisionLedger::numEntries() const
{
	int iCount = 0;
	for (int i = 0; i < m_kKeys.buckets(); ++i)
	{
		const Records& kSlot = m_kKeys.value(i);
		for (int r = 0; r < kSlot.iLive; ++r)
		{
			const Record& kRecord = kSlot.record(r);
			const int iWords = static_cast<int>(kRecord.aiEntries.size());
			iCount += kRecord.bCompact ? CvVisionSegmentCodec::countChanges(&kRecord.aiEntries[0], iWords) : iWords;
		}
	}
	return iCount;
}

int CvVisionLedger::storedWords() const
{
	int iWords = 0;
	for (int i = 0; i < m_kKeys.buckets(); ++i)
	{
		const Records& kSlot = m_kKeys.value(i);
		for (int r = 0; r < kSlot.iLive; ++r)
		{
			iWords += static_cast<int>(kSlot.record(r).aiEntries.size());
		}
	}
	return iWords;
}

int CvVisionLedger::heapWords() const
{
	int iWords = 0;
	for (int i = 0; i < m_kKeys.buckets(); ++i)
	{
		const Records& kSlot = m_kKeys.value(i);
		for (int r = 0; r < kSlot.records(); ++r)
		{
			iWords += static_cast<int>(kSlot.record(r).aiEntries.heapWords());
		}
	}
	return iWords;
}

int CvVisionLedger::sizeInBytes() const
{
	int iBytes = static_cast<int>(sizeof(*this) + m_kKeys.slotBytes()
		+ m_kScratch.aiEntries.heapWords() * sizeof(unsigned int));
	for (int i = 0; i < m_kKeys.buckets(); ++i)
	{
		const Records& kSlot = m_kKeys.value(i);
		iBytes += static_cast<int>(kSlot.aMore.capacity() * sizeof(Record));
		for (int r = 0; r < kSlot.records(); ++r)
		{
			iBytes += static_cast<int>(kSlot.record(r).aiEntries.heapWords() * sizeof(unsigned int));
		}
	}
	return iBytes;
}
