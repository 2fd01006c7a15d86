#pragma once
#ifndef CV_PATHFINDER_H
#define CV_PATHFINDER_H

// CvVision: a pathfinder that plans with what a team knows (CvKnowledgeView.h), with the search
// improvements of seed 001:
//   * a closed flag on each node instead of a closed set, nodes linked by parent pointers, the
//     heuristic stored on the node, and a reusable pool of nodes (no allocation per node);
//   * an unreachable goal falls back to the reachable plot closest to it, ties broken by the
//     lower path cost, then by the lower plot index;
//   * among the paths of equal cost one is chosen uniformly at random, with an integer
//     generator seeded by the caller (every machine of a multiplayer game chooses the same).
//     Each node counts the equal-cost paths into it, and a new equal-cost predecessor replaces
//     the parent with probability (its count) / (the node's new count): a predecessor is then
//     chosen in proportion to the paths through it, which makes every path equally likely.
//
// Moves (Civ4's CvPlot::movementCost, read from the rules): entering a plot costs its feature's
// iMovement, or its terrain's without a feature, plus HILLS_EXTRA_MOVEMENT on hills, at most the
// unit's base moves, times MOVE_DENOMINATOR. A route helps only when both plots of the step have
// one: the step then costs the least of that, the larger iMovement of the two routes (with the
// team's TechMovementChanges) and the larger iFlatMovement times the unit's base moves. Peaks,
// impassable terrain or features, and water are closed to land units, land to sea units; with
// CVVISION_PATH_CLOSED_BORDERS, so is territory of a team the unit may not enter. Diagonal steps
// cost the same as straight ones, as in the game. Every step costs at least 1.
// Not modelled: rivers (bridge building), units' terrain promotions, zones of control, turns.
//
// Plain C++03: this file is compiled into the game's DLL.

#include "CvKnowledgeView.h"
#include "CvVisionRules.h"
#include "CvVisionTables.h"

#include <vector>

// The unit that moves, as the cost needs it.
struct CvPathUnit
{
	CvVisionDomain eDomain;        // land or sea (air units do not walk)
	int iBaseMoves;                // the unit type's iMoves
	int eTeam;
	std::vector<int> aiRouteChange;  // per route type: the team's TechMovementChanges summed
	std::vector<bool> abClosedTeam;  // per team: its territory is closed to this unit

	CvPathUnit() : eDomain(CV_VISION_DOMAIN_LAND), iBaseMoves(1), eTeam(0) {}

	// The domain and base moves of a unit type of the rules (-1 or out of range: a land unit
	// with one move).
	void setType(const CvVisionRules& kRules, int eUnitType)
	{
		const bool bKnown = eUnitType >= 0 && eUnitType < static_cast<int>(kRules.aUnits.size());
		eDomain = bKnown ? kRules.aUnits[eUnitType].eDomain : CV_VISION_DOMAIN_LAND;
		iBaseMoves = bKnown ? kRules.aUnits[eUnitType].iMoves : 1;
	}

	// aiRouteChange from the routes' TechMovementChanges; fHasTech(eTech) tells whether the
	// unit's team knows a tech.
	template <class HasTech>
	void setRouteChanges(const CvVisionRules& kRules, const HasTech& fHasTech)
	{
		aiRouteChange.assign(kRules.aRoutes.size(), 0);
		for (size_t i = 0; i < kRules.aRoutes.size(); ++i)
		{
			const std::vector<std::pair<int, int> >& aChanges = kRules.aRoutes[i].aTechMovementChanges;
			for (size_t j = 0; j < aChanges.size(); ++j)
			{
				aiRouteChange[i] += fHasTech(aChanges[j].first) ? aChanges[j].second : 0;
			}
		}
	}
};

// What entering a plot costs, read once per plot and search.
struct CvPathEnter
{
	int iRegular;    // in 1/MOVE_DENOMINATOR moves; -1: the unit cannot enter
	int iRouteMove;  // the route's iMovement with the team's changes; -1: no route
	int iRouteFlat;  // the route's iFlatMovement times the base moves
};

// The movement cost of one unit under the rules.
class CvPathCost
{
public:
	CvPathCost(const CvVisionRules& kRules, const CvPathUnit& kUnit);

	CvPathEnter enter(const CvPathPlot& kPlot) const;

	// A step between two plots the unit can enter.
	static int step(const CvPathEnter& kFrom, const CvPathEnter& kTo)
	{
		int iCost = kTo.iRegular;
		if (kFrom.iRouteMove >= 0 && kTo.iRouteMove >= 0)
		{
			const int iRoute = (kFrom.iRouteMove > kTo.iRouteMove) ? kFrom.iRouteMove : kTo.iRouteMove;
			const int iFlat = (kFrom.iRouteFlat > kTo.iRouteFlat) ? kFrom.iRouteFlat : kTo.iRouteFlat;
			iCost = (iRoute < iCost) ? iRoute : iCost;
			iCost = (iFlat < iCost) ? iFlat : iCost;
		}
		return (iCost > 1) ? iCost : 1;
	}

	// The cheapest step there can be: the heuristic's unit.
	int cheapestStep() const { return m_iCheapest; }
	// What a plot the team never saw costs to enter (CVVISION_PATH_UNKNOWN_PLOTS 0): the
	// average over land terrains of their move; -1 when such plots are avoided.
	int unknownCost() const { return m_iUnknown; }

private:
	int regularCost(int iMovement, bool bHills) const;

	CvVisionDomain m_eDomain;
	int m_iBaseMoves;
	int m_iDenominator;
	int m_iHillsExtra;
	int m_iCheapest;
	int m_iUnknown;
	std::vector<int> m_aiTerrainMove;   // per terrain: iMovement; -1 impassable
	std::vector<bool> m_abTerrainWater;
	std::vector<int> m_aiFeatureMove;   // per feature: iMovement; -1 impassable
	std::vector<int> m_aiRouteMove;     // per route: with the team's changes
	std::vector<int> m_aiRouteFlat;     // per route: times base moves
	std::vector<bool> m_abClosedTeam;
};

// A count of equal-cost paths, m * 2^e with m below 2^30: exact up to 2^30 paths, then rounded
// (integer only, so every machine rounds alike).
struct CvPathCount
{
	unsigned int uMantissa;
	int iExponent;

	CvPathCount() : uMantissa(1), iExponent(0) {}
	void add(const CvPathCount& kOther);
	// kPart's share of this count, as a mantissa at this count's exponent.
	unsigned int shareOf(const CvPathCount& kPart) const;
};

// A small integer generator (xorshift32), the same on every machine.
class CvPathRandom
{
public:
	explicit CvPathRandom(unsigned int uSeed);
	unsigned int next();
	// Uniform in [0, uBound), uBound > 0, without modulo bias.
	unsigned int below(unsigned int uBound);

private:
	unsigned int m_uState;
};

enum CvPathStatus
{
	CV_PATH_FOUND,          // the path ends on the goal
	CV_PATH_FALLBACK,       // the goal is unreachable: the path ends on the closest reachable plot
	CV_PATH_BAD_PLOT        // the start or the goal is not on the map: no path
};

struct CvPathResult
{
	CvPathStatus eStatus;
	std::vector<int> aiPlots;  // plot indices from the start to the end, both included
	int iCost;                 // in 1/MOVE_DENOMINATOR moves
	int iExpanded;             // nodes closed by the search

	CvPathResult() : eStatus(CV_PATH_BAD_PLOT), iCost(0), iExpanded(0) {}
};

// The search. Keep one per thread and reuse it: its pool of nodes grows to the map once.
class CvPathfinder
{
public:
	CvPathfinder();

	// View: a map concept (getGridWidth, getGridHeight, isWrapX, isWrapY) with
	// CvPathPlot plot(int iPlot) const, such as CvKnowledgeView or CvTruthView.
	template <class View>
	const CvPathResult& findPath(const View& kView, const CvPathCost& kCost, int iFrom, int iTo, unsigned int uSeed);

	const CvPathResult& result() const { return m_kResult; }

	// Plot distance on the map (Chebyshev, the shorter way round on a wrapping axis).
	static int distance(int iFromX, int iFromY, int iToX, int iToY, int iWidth, int iHeight, bool bWrapX, bool bWrapY);

private:
	struct Node
	{
		Node* pParent;
		int iG;              // cost from the start
		int iH;              // the heuristic, stored: distance to the goal times the cheapest step
		CvPathEnter kEnter;  // what entering the plot costs
		CvPathCount kPaths;  // equal-cost paths from the start
		unsigned int uGeneration; // the search that last touched the node
		int iHeapIndex;      // in the open heap; -1 when not there
		bool bClosed;
	};

	// An entry of the open heap: the node's keys kept beside its pointer, so that ordering the
	// heap does not read the nodes.
	struct HeapEntry
	{
		int iF;
		int iG;
		Node* pNode;
	};

	// The open list's order: lower f first, then lower g, then lower plot. Lower g first on equal
	// f makes every equal-cost predecessor of a node close before the node does (steps cost at
	// least 1 and the heuristic is consistent), so its path count is complete when passed on.
	static bool before(const HeapEntry& kA, const HeapEntry& kB)
	{
		if (kA.iF != kB.iF)
		{
			return kA.iF < kB.iF;
		}
		if (kA.iG != kB.iG)
		{
			return kA.iG < kB.iG;
		}
		return kA.pNode < kB.pNode;
	}

	void beginSearch(int iPlots);
	void push(Node* pNode);
	// The node's g went down: its entry moves up.
	void decreased(Node* pNode);
	Node* pop();
	void siftUp(int iIndex);
	void siftDown(int iIndex);
	void place(int iIndex, const HeapEntry& kEntry)
	{
		m_aHeap[iIndex] = kEntry;
		kEntry.pNode->iHeapIndex = iIndex;
	}
	int plotOf(const Node* pNode) const { return static_cast<int>(pNode - &m_aNodes[0]); }
	void finish(Node* pEnd, CvPathStatus eStatus);
	// The goal of the current search, for the heuristic of the nodes it touches.
	struct Goal
	{
		int iX, iY, iWidth, iHeight, iCheapest;
		bool bWrapX, bWrapY;
	};
	template <class View>
	Node* touch(const View& kView, const CvPathCost& kCost, int iPlot, int iX, int iY, const Goal& kGoal);

	std::vector<Node> m_aNodes;   // the pool: one node per plot
	std::vector<HeapEntry> m_aHeap; // the open list, a binary heap on (f, g, plot)
	unsigned int m_uGeneration;
	CvPathResult m_kResult;
};

// --- template members ------------------------------------------------------------------------

template <class View>
CvPathfinder::Node* CvPathfinder::touch(const View& kView, const CvPathCost& kCost, int iPlot, int iX, int iY,
	const Goal& kGoal)
{
	Node& kNode = m_aNodes[iPlot];
	if (kNode.uGeneration != m_uGeneration)
	{
		// First touch in this search: the heuristic and the entry costs, once.
		kNode.uGeneration = m_uGeneration;
		kNode.pParent = NULL;
		kNode.iG = 0;
		kNode.iH = kGoal.iCheapest
			* distance(iX, iY, kGoal.iX, kGoal.iY, kGoal.iWidth, kGoal.iHeight, kGoal.bWrapX, kGoal.bWrapY);
		kNode.kEnter = kCost.enter(kView.plot(iPlot));
		kNode.kPaths = CvPathCount();
		kNode.iHeapIndex = -1;
		kNode.bClosed = false;
	}
	return &kNode;
}

template <class View>
const CvPathResult& CvPathfinder::findPath(const View& kView, const CvPathCost& kCost, int iFrom, int iTo,
	unsigned int uSeed)
{
	const int iWidth = kView.getGridWidth();
	const int iHeight = kView.getGridHeight();
	const bool bWrapX = kView.isWrapX();
	const bool bWrapY = kView.isWrapY();
	const int iPlots = iWidth * iHeight;
	m_kResult.eStatus = CV_PATH_BAD_PLOT; // the plot list keeps its storage from search to search
	m_kResult.aiPlots.clear();
	m_kResult.iCost = 0;
	m_kResult.iExpanded = 0;
	if (iWidth < 1 || iHeight < 1 || iFrom < 0 || iFrom >= iPlots || iTo < 0 || iTo >= iPlots)
	{
		return m_kResult;
	}
	beginSearch(iPlots);
	CvPathRandom kRandom(uSeed);
	Goal kGoal;
	kGoal.iX = iTo % iWidth;
	kGoal.iY = iTo / iWidth;
	kGoal.iWidth = iWidth;
	kGoal.iHeight = iHeight;
	kGoal.iCheapest = kCost.cheapestStep();
	kGoal.bWrapX = bWrapX;
	kGoal.bWrapY = bWrapY;

	Node* pStart = touch(kView, kCost, iFrom, iFrom % iWidth, iFrom / iWidth, kGoal);
	push(pStart);
	Node* pBest = pStart; // the closed node closest to the goal, for the fallback
	while (!m_aHeap.empty())
	{
		Node* pNode = pop();
		pNode->bClosed = true;
		++m_kResult.iExpanded;
		const int iPlot = plotOf(pNode);
		if (iPlot == iTo)
		{
			finish(pNode, CV_PATH_FOUND);
			return m_kResult;
		}
		if (pNode->iH < pBest->iH || (pNode->iH == pBest->iH && pNode->iG < pBest->iG))
		{
			pBest = pNode; // equal on both: the earlier one, which has the lower plot index on ties of f
		}
		const int iX = iPlot % iWidth;
		const int iY = iPlot / iWidth;
		for (int iDY = -1; iDY <= 1; ++iDY)
		{
			int iNY = iY + iDY;
			if (iNY < 0 || iNY >= iHeight)
			{
				if (!bWrapY)
				{
					continue;
				}
				iNY = (iNY + iHeight) % iHeight;
			}
			for (int iDX = -1; iDX <= 1; ++iDX)
			{
				if (iDX == 0 && iDY == 0)
				{
					continue;
				}
				int iNX = iX + iDX;
				if (iNX < 0 || iNX >= iWidth)
				{
					if (!bWrapX)
					{
						continue;
					}
					iNX = (iNX + iWidth) % iWidth;
				}
				const int iNext = iNY * iWidth + iNX;
				Node* pNext = touch(kView, kCost, iNext, iNX, iNY, kGoal);
				if (pNext->bClosed || pNext->kEnter.iRegular < 0)
				{
					continue;
				}
				const int iG = pNode->iG + CvPathCost::step(pNode->kEnter, pNext->kEnter);
				if (pNext->iHeapIndex < 0)
				{
					pNext->iG = iG;
					pNext->pParent = pNode;
					pNext->kPaths = pNode->kPaths;
					push(pNext);
				}
				else if (iG < pNext->iG)
				{
					pNext->iG = iG;
					pNext->pParent = pNode;
					pNext->kPaths = pNode->kPaths;
					decreased(pNext);
				}
				else if (iG == pNext->iG)
				{
					// Another equal-cost way in: take it with probability (its paths) / (all paths).
					pNext->kPaths.add(pNode->kPaths);
					if (kRandom.below(pNext->kPaths.uMantissa) < pNext->kPaths.shareOf(pNode->kPaths))
					{
						pNext->pParent = pNode;
					}
				}
			}
		}
	}
	finish(pBest, CV_PATH_FALLBACK);
	return m_kResult;
}

#endif
