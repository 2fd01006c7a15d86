// SDK stand-in: the game's free helpers the vision functions call (plot lookup by displacement,
// wrapped differences, the sign), and AdvCiv's square iterator.
// Written for CvVision from docs/vision-rules.md (sections 3 to 5); not the SDK's file.
#pragma once
#ifndef CV_STANDIN_GAMECOREUTILS_H
#define CV_STANDIN_GAMECOREUTILS_H

#include "CvGlobals.h"
#include "CvMap.h"
#include "CvPlot.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <vector>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

// -1, 0 or +1 (docs/vision-rules.md, section 3: sgn).
template<class T> inline T getSign(T value)
{
	if (value > T(0))
	{
		return T(1);
	}
	return value < T(0) ? T(-1) : T(0);
}

inline int wrapCoordDifference(int iDiff, int iRange, bool bWrap)
{
	return CvMap::wrapDifference(iDiff, iRange, bWrap);
}

inline int dxWrap(int iDX)
{
	return GC.getMapINLINE().dxWrap(iDX);
}

inline int dyWrap(int iDY)
{
	return GC.getMapINLINE().dyWrap(iDY);
}

// The plot at (iX + iDX, iY + iDY), wrapped as the map wraps; NULL when there is none.
inline CvPlot* plotXY(int iX, int iY, int iDX, int iDY)
{
	return GC.getMapINLINE().plotINLINE(iX + iDX, iY + iDY);
}

// AdvCiv's SquareIter: every displacement of the square of radius iRadius around a plot whose plot
// exists (wrapped, so a small wrapping map yields some plots more than once), centre included.
class SquareIter
{
public:
	SquareIter(const CvPlot& kCenter, int iRadius)
		: m_iX(kCenter.getX()), m_iY(kCenter.getY()), m_iRadius(iRadius), m_iDX(-iRadius), m_iDY(-iRadius - 1)
		, m_pNext(NULL)
	{
		advance();
	}
	bool hasNext() const { return m_pNext != NULL; }
	SquareIter& operator++()
	{
		advance();
		return *this;
	}
	CvPlot& operator*() const { return *m_pNext; }
	CvPlot* operator->() const { return m_pNext; }

private:
	void advance()
	{
		m_pNext = NULL;
		while (m_pNext == NULL && m_iDX <= m_iRadius)
		{
			if (++m_iDY > m_iRadius)
			{
				m_iDY = -m_iRadius;
				if (++m_iDX > m_iRadius)
				{
					return;
				}
			}
			m_pNext = plotXY(m_iX, m_iY, m_iDX, m_iDY);
		}
	}

	int m_iX;
	int m_iY;
	int m_iRadius;
	int m_iDX;
	int m_iDY;
	CvPlot* m_pNext;
};

#endif
