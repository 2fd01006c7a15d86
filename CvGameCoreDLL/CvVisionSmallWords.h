#pragma once
#ifndef CV_VISION_SMALL_WORDS_H
#define CV_VISION_SMALL_WORDS_H

// CvVision: a growable array of 32-bit words whose first INLINE_WORDS live in the object itself;
// more go to one block on the heap. The ledger keeps each record's words in one
// (CvVisionLedger.h): the compact record of a range-1 unit (five words) then needs no block of its
// own, so a lookup that finds the record's slot has found its sight, with no pointer to follow.
// Plain C++03: this file is compiled into the game's DLL.

#include <stddef.h>
#include <string.h>

class CvVisionSmallWords
{
public:
	enum { INLINE_WORDS = 6 };

	CvVisionSmallWords() : m_paiData(m_aiInline), m_iSize(0), m_iCapacity(INLINE_WORDS) {}
	CvVisionSmallWords(const CvVisionSmallWords& kOther) : m_paiData(m_aiInline), m_iSize(0), m_iCapacity(INLINE_WORDS)
	{
		append(kOther);
	}
	// Keeps its own block when the words fit it (a record re-sighted reuses its memory).
	CvVisionSmallWords& operator=(const CvVisionSmallWords& kOther)
	{
		if (this != &kOther)
		{
			m_iSize = 0;
			append(kOther);
		}
		return *this;
	}
	~CvVisionSmallWords() { release(); }

	size_t size() const { return m_iSize; }
	size_t capacity() const { return m_iCapacity; }
	// Words held in the block on the heap (its whole capacity), 0 while the words are inline.
	size_t heapWords() const { return onHeap() ? m_iCapacity : 0; }
	unsigned int& operator[](size_t i) { return m_paiData[i]; }
	const unsigned int& operator[](size_t i) const { return m_paiData[i]; }
	unsigned int& back() { return m_paiData[m_iSize - 1]; }
	// Empties the words, keeping the memory.
	void clear() { m_iSize = 0; }
	// Grows by one word; the capacity doubles when full.
	void push_back(unsigned int iWord)
	{
		if (m_iSize == m_iCapacity)
		{
			reserve(2 * m_iCapacity);
		}
		m_paiData[m_iSize++] = iWord;
	}
	// Grows (new words iFill) or shrinks to iSize; the capacity at least doubles when it grows.
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
	bool operator==(const CvVisionSmallWords& kOther) const
	{
		return m_iSize == kOther.m_iSize
			&& (m_iSize == 0 || memcmp(m_paiData, kOther.m_paiData, m_iSize * sizeof(unsigned int)) == 0);
	}
	// Exchanges the words, each heap block staying with the words it holds.
	void swap(CvVisionSmallWords& kOther)
	{
		CvVisionSmallWords kHeld;
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
	void append(const CvVisionSmallWords& kOther)
	{
		resize(m_iSize + kOther.m_iSize);
		if (kOther.m_iSize > 0)
		{
			memcpy(m_paiData + m_iSize - kOther.m_iSize, kOther.m_paiData, kOther.m_iSize * sizeof(unsigned int));
		}
	}
	// Becomes kOther's words (its heap block, if any), leaving kOther empty and inline.
	void take(CvVisionSmallWords& kOther)
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

#endif
