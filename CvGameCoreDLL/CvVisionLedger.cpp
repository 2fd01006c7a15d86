// CvVision: the ledger. See CvVisionLedger.h.

#include "CvVisionLedger.h"

bool CvVisionLedger::has(const CvVisionSourceKey& kKey) const
{
	const SlotMap::const_iterator it = m_kSlots.find(kKey);
	return it != m_kSlots.end() && it->second.iLive > 0;
}

void CvVisionLedger::sweepIfSparse()
{
	if (m_iEmptySlots <= 64 || 2 * m_iEmptySlots <= static_cast<int>(m_kSlots.size()))
	{
		return;
	}
	for (SlotMap::iterator it = m_kSlots.begin(); it != m_kSlots.end();)
	{
		if (it->second.iLive == 0)
		{
			m_kSlots.erase(it++);
		}
		else
		{
			++it;
		}
	}
	m_iEmptySlots = 0;
}

int CvVisionLedger::numSources() const
{
	int iCount = 0;
	for (SlotMap::const_iterator it = m_kSlots.begin(); it != m_kSlots.end(); ++it)
	{
		iCount += it->second.iLive;
	}
	return iCount;
}

int CvVisionLedger::numEntries() const
{
	int iCount = 0;
	for (SlotMap::const_iterator it = m_kSlots.begin(); it != m_kSlots.end(); ++it)
	{
		for (int r = 0; r < it->second.iLive; ++r)
		{
			iCount += static_cast<int>(it->second.aRecords[r].aiEntries.size());
		}
	}
	return iCount;
}

int CvVisionLedger::sizeInBytes() const
{
	// A map node holds the key, the slot and about four pointers of bookkeeping.
	const int iNode = static_cast<int>(sizeof(CvVisionSourceKey) + sizeof(Slot) + 4 * sizeof(void*));
	int iBytes = static_cast<int>(sizeof(*this));
	for (SlotMap::const_iterator it = m_kSlots.begin(); it != m_kSlots.end(); ++it)
	{
		iBytes += iNode + static_cast<int>(it->second.aRecords.capacity() * sizeof(Record));
		for (size_t r = 0; r < it->second.aRecords.size(); ++r)
		{
			iBytes += static_cast<int>(it->second.aRecords[r].aiEntries.capacity() * sizeof(unsigned int));
		}
	}
	return iBytes;
}
