// CvVision: the pathfinder's non-template parts. See CvPathfinder.h.

#include "CvPathfinder.h"

#include <cstdlib>

namespace
{
	const unsigned int PATH_COUNT_LIMIT = 1u << 30;

	int minOf(int iA, int iB) { return (iA < iB) ? iA : iB; }
	int maxOf(int iA, int iB) { return (iA > iB) ? iA : iB; }
}

// --- CvPathCost -------------------------------------------------------------------------------

CvPathCost::CvPathCost(const CvVisionRules& kRules, const CvPathUnit& kUnit)
	: m_eDomain(kUnit.eDomain)
	, m_iBaseMoves(maxOf(kUnit.iBaseMoves, 1))
	, m_iDenominator(kRules.iMoveDenominator)
	, m_iHillsExtra(kRules.iHillsExtraMovement)
	, m_iCheapest(0)
	, m_iUnknown(-1)
	, m_abClosedTeam(kRules.bPathClosedBorders ? kUnit.abClosedTeam : std::vector<bool>())
{
	int iLandSum = 0;
	int iLandCount = 0;
	for (size_t i = 0; i < kRules.aTerrains.size(); ++i)
	{
		const CvVisionTerrainRule& kTerrain = kRules.aTerrains[i];
		m_aiTerrainMove.push_back(kTerrain.bImpassable ? -1 : kTerrain.iMovement);
		m_abTerrainWater.push_back(kTerrain.bWater);
		if (!kTerrain.bWater && !kTerrain.bImpassable)
		{
			iLandSum += regularCost(kTerrain.iMovement, false);
			++iLandCount;
		}
	}
	for (size_t i = 0; i < kRules.aFeatures.size(); ++i)
	{
		const CvVisionFeatureRule& kFeature = kRules.aFeatures[i];
		m_aiFeatureMove.push_back(kFeature.bImpassable ? -1 : kFeature.iMovement);
	}
	// The cheapest step: one move of the lightest terrain or feature, or the best route.
	int iCheapest = regularCost(0, false);
	for (size_t i = 0; i < kRules.aTerrains.size(); ++i)
	{
		iCheapest = minOf(iCheapest, regularCost(kRules.aTerrains[i].iMovement, false));
	}
	for (size_t i = 0; i < kRules.aFeatures.size(); ++i)
	{
		iCheapest = minOf(iCheapest, regularCost(kRules.aFeatures[i].iMovement, false));
	}
	for (size_t i = 0; i < kRules.aRoutes.size(); ++i)
	{
		const CvVisionRouteRule& kRoute = kRules.aRoutes[i];
		const int iChange = (i < kUnit.aiRouteChange.size()) ? kUnit.aiRouteChange[i] : 0;
		m_aiRouteMove.push_back(maxOf(kRoute.iMovement + iChange, 0));
		m_aiRouteFlat.push_back(kRoute.iFlatMovement * m_iBaseMoves);
		if (m_eDomain != CV_VISION_DOMAIN_SEA)
		{
			iCheapest = minOf(iCheapest, minOf(m_aiRouteMove.back(), m_aiRouteFlat.back()));
		}
	}
	m_iCheapest = maxOf(iCheapest, 1);
	if (!kRules.bPathAvoidUnknown)
	{
		m_iUnknown = (iLandCount > 0) ? maxOf((iLandSum + iLandCount / 2) / iLandCount, 1) : m_iDenominator;
		m_iCheapest = minOf(m_iCheapest, m_iUnknown);
	}
}

int CvPathCost::regularCost(int iMovement, bool bHills) const
{
	const int iMoves = iMovement + (bHills ? m_iHillsExtra : 0);
	return maxOf(minOf(iMoves, m_iBaseMoves) * m_iDenominator, 1);
}

CvPathEnter CvPathCost::enter(const CvPathPlot& kPlot) const
{
	CvPathEnter kEnter;
	kEnter.iRegular = -1;
	kEnter.iRouteMove = -1;
	kEnter.iRouteFlat = -1;
	if (!kPlot.bKnown)
	{
		kEnter.iRegular = m_iUnknown;
		return kEnter;
	}
	const int iTerrains = static_cast<int>(m_aiTerrainMove.size());
	const int iFeatures = static_cast<int>(m_aiFeatureMove.size());
	const bool bWater = (kPlot.eKind == CV_VISION_PLOT_OCEAN)
		|| (kPlot.eTerrain >= 0 && kPlot.eTerrain < iTerrains && m_abTerrainWater[kPlot.eTerrain]);
	if ((m_eDomain == CV_VISION_DOMAIN_SEA) != bWater || kPlot.eKind == CV_VISION_PLOT_PEAK)
	{
		return kEnter;
	}
	if (kPlot.eOwner >= 0 && kPlot.eOwner < static_cast<int>(m_abClosedTeam.size()) && m_abClosedTeam[kPlot.eOwner])
	{
		return kEnter;
	}
	int iMovement = 1;
	if (kPlot.eFeature >= 0 && kPlot.eFeature < iFeatures)
	{
		iMovement = m_aiFeatureMove[kPlot.eFeature];
	}
	else if (kPlot.eTerrain >= 0 && kPlot.eTerrain < iTerrains)
	{
		iMovement = m_aiTerrainMove[kPlot.eTerrain];
	}
	if (iMovement < 0)
	{
		return kEnter;
	}
	kEnter.iRegular = regularCost(iMovement, kPlot.eKind == CV_VISION_PLOT_HILLS);
	if (m_eDomain != CV_VISION_DOMAIN_SEA && kPlot.eRoute >= 0 && kPlot.eRoute < static_cast<int>(m_aiRouteMove.size()))
	{
		kEnter.iRouteMove = m_aiRouteMove[kPlot.eRoute];
		kEnter.iRouteFlat = m_aiRouteFlat[kPlot.eRoute];
	}
	return kEnter;
}

// --- CvPathCount --------------------------------------------------------------------------------

void CvPathCount::add(const CvPathCount& kOther)
{
	// Align both to the larger exponent (the smaller one loses its low bits), add, renormalise.
	const int iCommon = maxOf(iExponent, kOther.iExponent);
	const int iMineShift = iCommon - iExponent;
	const int iTheirShift = iCommon - kOther.iExponent;
	const unsigned int uMine = (iMineShift < 31) ? (uMantissa >> iMineShift) : 0u;
	const unsigned int uTheirs = (iTheirShift < 31) ? (kOther.uMantissa >> iTheirShift) : 0u;
	uMantissa = uMine + uTheirs; // both below 2^30: no overflow
	iExponent = iCommon;
	while (uMantissa >= PATH_COUNT_LIMIT)
	{
		uMantissa >>= 1;
		++iExponent;
	}
}

unsigned int CvPathCount::shareOf(const CvPathCount& kPart) const
{
	const int iShift = iExponent - kPart.iExponent;
	if (iShift < 0)
	{
		return uMantissa; // the part is never larger than the whole
	}
	return (iShift < 31) ? (kPart.uMantissa >> iShift) : 0u;
}

// --- CvPathRandom -------------------------------------------------------------------------------

CvPathRandom::CvPathRandom(unsigned int uSeed)
{
	// Spread the seed's bits (a multiplicative hash) so that near seeds start far apart; the
	// state of xorshift must not be 0.
	m_uState = (uSeed ^ 0x9E3779B9u) * 2654435761u;
	m_uState ^= m_uState >> 16;
	if (m_uState == 0)
	{
		m_uState = 0x6D2B79F5u;
	}
	next();
}

unsigned int CvPathRandom::next()
{
	// Marsaglia's xorshift32 (13, 17, 5). unsigned int is 32 bits on every target of the DLL.
	unsigned int uX = m_uState;
	uX ^= uX << 13;
	uX ^= uX >> 17;
	uX ^= uX << 5;
	m_uState = uX;
	return uX;
}

unsigned int CvPathRandom::below(unsigned int uBound)
{
	if (uBound <= 1)
	{
		return 0;
	}
	// Reject the top partial block, so that every value is equally likely.
	const unsigned int uLimit = 0xFFFFFFFFu - (0xFFFFFFFFu % uBound + 1) % uBound;
	unsigned int uValue = next();
	while (uValue > uLimit)
	{
		uValue = next();
	}
	return uValue % uBound;
}

// --- CvPathfinder -------------------------------------------------------------------------------

CvPathfinder::CvPathfinder() : m_uGeneration(0)
{
}

int CvPathfinder::distance(int iFromX, int iFromY, int iToX, int iToY, int iWidth, int iHeight, bool bWrapX,
	bool bWrapY)
{
	return maxOf(std::abs(cvVisionWrapDelta(iToX - iFromX, iWidth, bWrapX)),
		std::abs(cvVisionWrapDelta(iToY - iFromY, iHeight, bWrapY)));
}

void CvPathfinder::beginSearch(int iPlots)
{
	if (static_cast<int>(m_aNodes.size()) != iPlots)
	{
		m_aNodes.assign(iPlots, Node());
		m_aHeap.reserve(iPlots);
		m_uGeneration = 0;
	}
	++m_uGeneration;
	if (m_uGeneration == 0) // wrapped round: forget every stamp
	{
		for (size_t i = 0; i < m_aNodes.size(); ++i)
		{
			m_aNodes[i].uGeneration = 0;
		}
		m_uGeneration = 1;
	}
	m_aHeap.clear();
}

void CvPathfinder::push(Node* pNode)
{
	const HeapEntry kEntry = { pNode->iG + pNode->iH, pNode->iG, pNode };
	m_aHeap.push_back(kEntry);
	pNode->iHeapIndex = static_cast<int>(m_aHeap.size()) - 1;
	siftUp(pNode->iHeapIndex);
}

void CvPathfinder::decreased(Node* pNode)
{
	HeapEntry& kEntry = m_aHeap[pNode->iHeapIndex];
	kEntry.iF = pNode->iG + pNode->iH;
	kEntry.iG = pNode->iG;
	siftUp(pNode->iHeapIndex);
}

CvPathfinder::Node* CvPathfinder::pop()
{
	Node* pTop = m_aHeap[0].pNode;
	const HeapEntry kLast = m_aHeap.back();
	m_aHeap.pop_back();
	pTop->iHeapIndex = -1;
	if (!m_aHeap.empty())
	{
		place(0, kLast);
		siftDown(0);
	}
	return pTop;
}

void CvPathfinder::siftUp(int iIndex)
{
	const HeapEntry kEntry = m_aHeap[iIndex];
	while (iIndex > 0)
	{
		const int iParent = (iIndex - 1) / 2;
		if (!before(kEntry, m_aHeap[iParent]))
		{
			break;
		}
		place(iIndex, m_aHeap[iParent]);
		iIndex = iParent;
	}
	place(iIndex, kEntry);
}

void CvPathfinder::siftDown(int iIndex)
{
	const int iSize = static_cast<int>(m_aHeap.size());
	const HeapEntry kEntry = m_aHeap[iIndex];
	for (;;)
	{
		int iChild = 2 * iIndex + 1;
		if (iChild >= iSize)
		{
			break;
		}
		if (iChild + 1 < iSize && before(m_aHeap[iChild + 1], m_aHeap[iChild]))
		{
			++iChild;
		}
		if (!before(m_aHeap[iChild], kEntry))
		{
			break;
		}
		place(iIndex, m_aHeap[iChild]);
		iIndex = iChild;
	}
	place(iIndex, kEntry);
}

void CvPathfinder::finish(Node* pEnd, CvPathStatus eStatus)
{
	m_kResult.eStatus = eStatus;
	m_kResult.iCost = pEnd->iG;
	m_kResult.aiPlots.clear();
	for (const Node* pNode = pEnd; pNode != NULL; pNode = pNode->pParent)
	{
		m_kResult.aiPlots.push_back(plotOf(pNode));
	}
	// Reverse in place: start first.
	for (size_t i = 0, j = m_kResult.aiPlots.size() - 1; i < j; ++i, --j)
	{
		const int iSwap = m_kResult.aiPlots[i];
		m_kResult.aiPlots[i] = m_kResult.aiPlots[j];
		m_kResult.aiPlots[j] = iSwap;
	}
}
