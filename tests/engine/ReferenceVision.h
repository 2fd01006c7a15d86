// The reference: docs/vision-rules.md, sections 2-6, written down as directly as possible, with the
// recursion the definitions use. Slow and obviously right; the oracle of the differential tests
// and the baseline of the benchmark. It shares nothing with the engine but the source struct.
#pragma once

#include "CvVisionEngine.h"

#include <cmath>
#include <cstdlib>
#include <map>
#include <utility>

template <class Map>
class ReferenceVision
{
public:
	ReferenceVision(const Map& kMap, int iOriginX, int iOriginY, int eTeam)
		: m_kMap(kMap), m_iOriginX(iOriginX), m_iOriginY(iOriginY), m_eTeam(eTeam),
		  m_iOrigin(iOriginY * kMap.getGridWidth() + iOriginX)
	{}

	// docs/vision-rules.md, section 5: the plot at origin + (dx, dy), or -1 when absent.
	int plotAt(int iDX, int iDY) const
	{
		const int iX = wrap(m_iOriginX + iDX, m_kMap.getGridWidth(), m_kMap.isWrapX());
		const int iY = wrap(m_iOriginY + iDY, m_kMap.getGridHeight(), m_kMap.isWrapY());
		if (iX < 0 || iY < 0)
		{
			return -1;
		}
		return iY * m_kMap.getGridWidth() + iX;
	}

	// Remember each answer once computed. The plain recursion re-walks every tied path, which
	// grows exponentially with the distance; far canSeePlot targets need the memo.
	void useMemo() { m_bMemo = true; }

	// docs/vision-rules.md, section 3: the target test.
	bool visible(int iDX, int iDY, bool bOuter) const { return see(iDX, iDY, true, bOuter); }

	// docs/vision-rules.md, section 3, as one recursion, evaluated in the order the game evaluates
	// it: for each tied predecessor, first whether light reaches it, then the levels (the viewer's
	// level is read where it is used). bTarget: the plot asked about, whose own height does not
	// matter.
	bool see(int iDX, int iDY, bool bTarget, bool bOuter) const
	{
		if (m_bMemo && !bTarget)
		{
			const std::pair<int, int> kKey(iDX, iDY);
			typename std::map<std::pair<int, int>, bool>::const_iterator it = m_kMemo.find(kKey);
			if (it != m_kMemo.end())
			{
				return it->second;
			}
			return m_kMemo[kKey] = computeSee(iDX, iDY, false, false);
		}
		return computeSee(iDX, iDY, bTarget, bOuter);
	}

	bool computeSee(int iDX, int iDY, bool bTarget, bool bOuter) const
	{
		const int iPlot = plotAt(iDX, iDY);
		if (iPlot < 0)
		{
			return false;
		}
		if (iDX == 0 && iDY == 0)
		{
			return true; // BTS's base case comes before the flags: an outer d = 0 (range -1) is seen
		}
		int aiPX[3], aiPY[3];
		const int iCount = predecessors(iDX, iDY, aiPX, aiPY);
		for (int i = 0; i < iCount; ++i)
		{
			if (!see(aiPX[i], aiPY[i], false, false))
			{
				continue;
			}
			const int iViewerLevel = m_kMap.seeFromLevel(m_iOrigin, m_eTeam);
			if (bOuter)
			{
				const int iPassLevel = m_kMap.seeThroughLevel(plotAt(aiPX[i], aiPY[i]));
				if (iViewerLevel >= iPassLevel
					&& (iViewerLevel > iPassLevel || m_kMap.seeFromLevel(iPlot, m_eTeam) > iViewerLevel))
				{
					return true;
				}
			}
			else if (bTarget || iViewerLevel >= m_kMap.seeThroughLevel(iPlot))
			{
				return true;
			}
		}
		return false;
	}

	// docs/vision-rules.md, section 6.
	static bool facingPasses(int iDX, int iDY, int eFacing)
	{
		if (eFacing == CV_VISION_NO_DIRECTION || (iDX == 0 && iDY == 0))
		{
			return true;
		}
		static const int aiDir[8][2] = { { 0, 1 }, { 1, 1 }, { 1, 0 }, { 1, -1 }, { 0, -1 }, { -1, -1 }, { -1, 0 },
			{ -1, 1 } };
		const int iCross = aiDir[eFacing][0] * iDY - aiDir[eFacing][1] * iDX;
		const int iDot = aiDir[eFacing][0] * iDX + aiDir[eFacing][1] * iDY;
		const float fTheta = atan2f(static_cast<float>(iCross), static_cast<float>(iDot));
		float fSpread = 60.0f * 3.14159265358979f / 180.0f;
		if (std::abs(iDX) <= 1 && std::abs(iDY) <= 1)
		{
			fSpread = 90.0f * 3.14159265358979f / 180.0f;
		}
		return -fSpread / 2 <= fTheta && fTheta <= fSpread / 2;
	}

private:
	static int sign(int i) { return i > 0 ? 1 : (i < 0 ? -1 : 0); }

	static int wrap(int iC, int iLength, bool bWrap)
	{
		if (bWrap && iC < 0)
		{
			iC = iLength + (iC % iLength); // C++ truncating remainder; -L lands on L (absent)
		}
		else if (bWrap && iC >= iLength)
		{
			iC = iC % iLength;
		}
		return (0 <= iC && iC < iLength) ? iC : -1;
	}

	// The tied candidates (docs/vision-rules.md, section 3), in candidate order, without d itself.
	static int predecessors(int iDX, int iDY, int* aiPX, int* aiPY)
	{
		const int aiCX[3] = { iDX - sign(iDX), iDX - sign(iDX), iDX };
		const int aiCY[3] = { iDY - sign(iDY), iDY, iDY - sign(iDY) };
		int aiScore[3];
		for (int i = 0; i < 3; ++i)
		{
			aiScore[i] = std::abs(aiCX[i] * iDY - aiCY[i] * iDX);
		}
		const int iMin = std::min(aiScore[0], std::min(aiScore[1], aiScore[2]));
		int iCount = 0;
		for (int i = 0; i < 3; ++i)
		{
			if ((aiCX[i] != iDX || aiCY[i] != iDY) && aiScore[i] == iMin)
			{
				aiPX[iCount] = aiCX[i];
				aiPY[iCount] = aiCY[i];
				++iCount;
			}
		}
		return iCount;
	}

	const Map& m_kMap;
	int m_iOriginX;
	int m_iOriginY;
	int m_eTeam;
	int m_iOrigin;
	bool m_bMemo = false;
	mutable std::map<std::pair<int, int>, bool> m_kMemo;
};

// docs/vision-rules.md, section 2: changeAdjacentSight, loop for loop.
// bMemo: remember clear(d) once computed (same answers, without the exponential re-walks).
template <class Map, class Sink>
void referenceChangeAdjacentSight(
	const Map& kMap, Sink& kSink, const CvVisionSource& kSource, int iChange, bool bMemo = false)
{
	ReferenceVision<Map> kView(kMap, kSource.iX, kSource.iY, kSource.eTeam);
	if (bMemo)
	{
		kView.useMemo();
	}
	const int eFacing = kSource.bAerial ? CV_VISION_NO_DIRECTION : kSource.eFacing;
	const int iNumTypes = kSource.iNumSeeInvisible > 0 ? kSource.iNumSeeInvisible : 1;
	const int iRing = kSource.bAerial ? kSource.iRange : kSource.iRange + 1;
	for (int iType = 0; iType < iNumTypes; ++iType)
	{
		const int eInvisible = kSource.iNumSeeInvisible > 0 ? kSource.paeSeeInvisible[iType] : CV_VISION_NO_INVISIBLE;
		for (int iDX = -iRing; iDX <= iRing; ++iDX)
		{
			for (int iDY = -iRing; iDY <= iRing; ++iDY)
			{
				const int iPlot = kView.plotAt(iDX, iDY);
				if (kSource.bAerial || ReferenceVision<Map>::facingPasses(iDX, iDY, eFacing))
				{
					const bool bOuter = std::abs(iDX) == iRing || std::abs(iDY) == iRing;
					if ((kSource.bAerial || kView.visible(iDX, iDY, bOuter)) && iPlot >= 0)
					{
						kSink.changeVisibilityCount(iPlot, kSource.eTeam, iChange, eInvisible);
					}
				}
				if (eFacing != CV_VISION_NO_DIRECTION && std::abs(iDX) <= 1 && std::abs(iDY) <= 1 && iPlot >= 0)
				{
					kSink.changeVisibilityCount(iPlot, kSource.eTeam, 1, eInvisible);
					kSink.changeVisibilityCount(iPlot, kSource.eTeam, -1, eInvisible);
				}
			}
		}
	}
}

// docs/vision-rules.md, section 4: canSeePlot.
template <class Map>
bool referenceCanSeePlot(
	const Map& kMap, int iFromX, int iFromY, int iToX, int iToY, int eTeam, int iRange, int eFacing, bool bMemo = false)
{
	const int iRing = iRange + 1;
	int iDX = iToX - iFromX;
	int iDY = iToY - iFromY;
	const int iW = kMap.getGridWidth();
	const int iH = kMap.getGridHeight();
	if (kMap.isWrapX() && iDX > iW / 2)
		iDX -= iW;
	else if (kMap.isWrapX() && iDX < -(iW / 2))
		iDX += iW;
	if (kMap.isWrapY() && iDY > iH / 2)
		iDY -= iH;
	else if (kMap.isWrapY() && iDY < -(iH / 2))
		iDY += iH;
	if (!ReferenceVision<Map>::facingPasses(iDX, iDY, eFacing))
	{
		return false;
	}
	ReferenceVision<Map> kView(kMap, iFromX, iFromY, eTeam);
	if (bMemo)
	{
		kView.useMemo();
	}
	return kView.visible(iDX, iDY, std::abs(iDX) == iRing || std::abs(iDY) == iRing);
}

// BTS's CvPlot::canSeeDisplacementPlot(eTeam, dx, dy, ..., bFirstPlot, bOuterRing), one step of the
// recursion as the game takes it: d as given (no shortest wrap), the predecessors by clear(c).
template <class Map>
bool referenceCanSeeDisplacementPlot(
	const Map& kMap, int iFromX, int iFromY, int eTeam, int iDX, int iDY, bool bFirstPlot, bool bOuterRing)
{
	ReferenceVision<Map> kView(kMap, iFromX, iFromY, eTeam);
	kView.useMemo();
	return kView.computeSee(iDX, iDY, bFirstPlot, bOuterRing);
}
