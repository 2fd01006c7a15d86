// The executable's path finder, FAStar: the A* over the map's plots whose callbacks the DLL
// supplies (gDLL->getFAStarIFace()). The DLL only declares `class FAStar`; the host defines it
// here, with the tree's own FAStarNode (FAStarNode.h) as its nodes and the tree's own
// CvDLLFAStarIFaceBase (CvDLLFAStarIFaceBase.h) as its interface. Include after the tree's
// CvGameCoreDLL.h (the host), or alone with a folder holding the two headers on the include path
// (the tests: BTS's copies). BTS, K-Mod, PB Mod, Realism Invictus and RoM-AND share BTS's headers;
// AdvCiv's differ in form only (its FAStarNode has no public constructor: nodes here are zeroed
// memory whose fields are set one by one, as AdvCiv says the executable does).
//
// What the DLL reads of a node: m_iX, m_iY, m_iData1, m_iData2, m_pParent (and the costs
// m_iTotalCost, m_iKnownCost, m_iHeuristicCost, as the header names them). The other fields serve
// the finder as they served the game's: m_iNumChildren and m_apChildren (a node's children, walked
// when a closed node's cost improves), m_bOnStack, m_eFAStarListType. m_pNext, m_pPrev and m_pStack
// stay NULL: the lists are the finder's own (below).
//
// What is the game's, and where it is known from:
//   [N] the DLL's callbacks (BTS 3.19's CvGameCoreUtils.cpp: pathValid, pathAdd, stepAdd,
//       joinArea, countPlotGroup...), which say what each callback is handed;
//   [M] Cv4MiniEngine's reconstruction of the executable's FAStar (fortsnek9348/Cv4MiniEngineFAStar,
//       GPL: read for facts, no code taken);
//   [5] Civilization V's CvAStar (Firaxis's published source, "based off of" the same A*
//       Explorer by the same author), where it agrees with [M].
//
// GeneratePath(start, dest, cardinalOnly, info, reuse):
//   1. A start outside the grid answers false and changes nothing [M].
//   2. The finder starts afresh unless reuse is asked and nothing changed: not after ForceReset,
//      and with the same start, cardinal-only flag and info [M][5]. Starting afresh clears every
//      node of the last search (its costs, data, parent, children), forgets the last node, then
//      puts the start on the open list (g 0, h = heuristic(start, dest), or 0 without one) and
//      calls notify-list(NULL, start, ASNL_STARTOPEN), then notify-child(NULL, start,
//      ASNC_INITIALADD) [M][5]. The valid callback is not called on the start [M] (Civ V calls it
//      with a NULL parent and ignores its answer; every valid callback of the shared trees answers
//      TRUE for a NULL parent and does nothing else [N], so the two cannot be told apart).
//      A reused search keeps its open and closed lists, and the heuristic the open nodes got for
//      the earlier destination [M].
//   3. dest-valid(dest) false answers false [M][5].
//   4. A destination inside the grid that is already closed (a reused search reached it) is the
//      answer at once: last node = dest, true [M][5].
//   5. Otherwise, step by step: the open list's first node is taken off it (notify-list(NULL, node,
//      ASNL_DELETEOPEN)), closed (notify-list(NULL, node, ASNL_ADDCLOSED)), and its children made
//      (below) even if it is the destination; then, if it is the destination (its coordinates equal
//      dest as given), the answer is true with it as the last node. An empty open list answers
//      false with no last node [M]. A destination outside the grid (-1, -1: the area, plot group
//      and irrigation finders) is never reached: the search visits everything valid, and answers
//      false.
// A node's children [M]: its neighbours in the order west (-1, 0), north (0, -1), east (1, 0),
// south (0, 1), then south-west (-1, 1), north-west (-1, -1), north-east (1, -1), south-east
// (1, 1); the first four only when cardinal-only. A coordinate beyond the grid wraps where the map
// wraps, else the neighbour is skipped. For each, valid(node, child, 0) (none: valid); then
// g = node.g + cost(node, child, 0) (none: 1), and:
//   - a child on the open list becomes the node's child; if g is lower, it takes node as parent,
//     g and f, moves up the open list (the tie rule), then notify-child(node, child,
//     ASNC_OPENADD_UP);
//   - a closed child becomes the node's child; if g is lower, it takes node as parent, g and f,
//     notify-child(node, child, ASNC_CLOSEDADD_UP), then its subtree is updated: from it, each
//     child whose g through its parent is lower takes it (and moves up the open list if open),
//     notify-child(parent, child, ASNC_PARENTADD_UP), and is stacked; the next parent is the last
//     stacked (a stack, as the node's m_bOnStack/m_pStack were);
//   - a new child takes node as parent, g, h = heuristic(child, dest) (none: 0), f = g + h; it is
//     added to the open list (notify-list as below), becomes the node's child, then
//     notify-child(node, child, ASNC_NEWADD) (after the list: [M]; Civ V notifies before).
//
// The tie rule (the open list's order, which decides what is expanded next and so every path):
//   - lower f (m_iTotalCost) first [M][5];
//   - a node added to the open list goes before every node of equal f: of equal f, the last added
//     is taken first [M][5];
//   - a node whose g improves while open moves ahead of the nodes whose f is now higher, and
//     stays behind those of equal f [M] (so behind every node of its new f).
// notify-list on an addition, as the game's sorted list gives it [M]: (NULL, node, ASNL_STARTOPEN)
// to an empty list; (the former first, node, ASNL_STARTOPEN) when it goes first; (the node before
// it, node, ASNL_ADDOPEN) otherwise. A move up the list notifies nothing.
// Ours, not the game's: the list is kept as an ordered set of (f, rank) (rank: counting down for
// each addition, up for each move; an int pair, no pointer or hash in any choice), which gives the
// order above. The same calls give the same callbacks in the same order and the same path.
//
// Also ours: a NULL FAStar* (a finder the executable never made: GC's finder pointers start NULL,
// and the executable sets them) is answered with nothing done, false, NULL, 0 (the info) or -1 (a
// coordinate); destroy() sets the pointer to NULL whatever bSafeDelete; Initialize of a finder
// clears everything, as a new one; a grid of no plots holds no start, so every path answers false.
#ifndef CVHOST_FASTAR_H
#define CVHOST_FASTAR_H

#include <cstddef>

#include <set>
#include <utility>
#include <vector>

#include "CvDLLFAStarIFaceBase.h"
#include "FAStarNode.h"

class FAStar
{
public:
	FAStar();
	~FAStar();
	FAStar(const FAStar&) = delete;
	FAStar& operator=(const FAStar&) = delete;

	void initialize(int iColumns, int iRows, bool bWrapX, bool bWrapY, FAPointFunc destValid, FAHeuristic heuristic,
		FAStarFunc cost, FAStarFunc valid, FAStarFunc notifyChild, FAStarFunc notifyList, const void* pData);
	bool generatePath(int iStartX, int iStartY, int iDestX, int iDestY, bool bCardinalOnly, int iInfo, bool bReuse);
	void setData(const void* pData) { m_pData = pData; }
	const void* data() const { return m_pData; }
	FAStarNode* lastNode() const { return m_pLast; }
	int startX() const { return m_iStartX; }
	int startY() const { return m_iStartY; }
	int destX() const { return m_iDestX; }
	int destY() const { return m_iDestY; }
	int info() const { return m_iInfo; }
	void forceReset() { m_bForceReset = true; }

	int columns() const { return m_iColumns; }
	int rows() const { return m_iRows; }
	// The node at (x, y) inside the grid, else NULL.
	FAStarNode* node(int iX, int iY);
	// The open list's nodes, first (taken next) to last.
	std::vector<FAStarNode*> openList() const;

private:
	// A place on the open list: f, then rank (the tie rule); the node's index, which no comparison
	// reads.
	struct OpenKey
	{
		int f;
		long long rank;
		int index;
		bool operator<(const OpenKey& o) const { return f != o.f ? f < o.f : rank < o.rank; }
	};

	int index(const FAStarNode* node) const { return (int)(node - m_pNodes); }
	void clearNode(FAStarNode* node);
	void reset();
	FAStarNode* takeFirstOpen();
	void makeChildren(FAStarNode* node);
	void linkChild(FAStarNode* parent, FAStarNode* child);
	void addChild(FAStarNode* parent, FAStarNode* child);
	void addOpen(FAStarNode* node);
	void moveUpOpen(FAStarNode* node);
	void updateSubtree(FAStarNode* root);
	int stepCost(FAStarNode* parent, FAStarNode* child);
	void notifyChild(FAStarNode* parent, FAStarNode* node, int data);
	void notifyList(FAStarNode* other, FAStarNode* node, int data);

	FAPointFunc m_destValid = NULL;
	FAHeuristic m_heuristic = NULL;
	FAStarFunc m_cost = NULL;
	FAStarFunc m_valid = NULL;
	FAStarFunc m_notifyChild = NULL;
	FAStarFunc m_notifyList = NULL;
	const void* m_pData = NULL;

	int m_iColumns = 0;
	int m_iRows = 0;
	bool m_bWrapX = false;
	bool m_bWrapY = false;
	int m_iStartX = -1;
	int m_iStartY = -1;
	int m_iDestX = -1;
	int m_iDestY = -1;
	int m_iInfo = 0;
	bool m_bCardinalOnly = false;
	bool m_bForceReset = false;

	FAStarNode* m_pNodes = NULL; // m_iColumns * m_iRows of them, (x, y) at x + y * m_iColumns
	FAStarNode* m_pLast = NULL;
	std::set<OpenKey> m_open;
	std::vector<OpenKey> m_openKey; // per node: its place while it is open
	std::vector<int> m_touched; // the nodes this search reached (cleared when one starts afresh)
	std::vector<int> m_stack; // the subtree update's stack of parents
	long long m_iAddRank = 0; // counts down: of equal f, the last added goes first
	long long m_iMoveRank = 0; // counts up: a node moved up goes after those of its new f
};

// The interface the DLL reaches through gDLL->getFAStarIFace().
class CvHostFAStarIFace : public CvDLLFAStarIFaceBase
{
public:
	FAStar* create() override;
	void destroy(FAStar*& ptr, bool bSafeDelete = true) override;
	bool GeneratePath(FAStar* finder, int iXstart, int iYstart, int iXdest, int iYdest, bool bCardinalOnly = false,
		int iInfo = 0, bool bReuse = false) override;
	void Initialize(FAStar* finder, int iColumns, int iRows, bool bWrapX, bool bWrapY, FAPointFunc DestValidFunc,
		FAHeuristic HeuristicFunc, FAStarFunc CostFunc, FAStarFunc ValidFunc, FAStarFunc NotifyChildFunc,
		FAStarFunc NotifyListFunc, void* pData) override;
	void SetData(FAStar* finder, const void* pData) override;
	FAStarNode* GetLastNode(FAStar* finder) override;
	bool IsPathStart(FAStar* finder, int iX, int iY) override;
	bool IsPathDest(FAStar* finder, int iX, int iY) override;
	int GetStartX(FAStar* finder) override;
	int GetStartY(FAStar* finder) override;
	int GetDestX(FAStar* finder) override;
	int GetDestY(FAStar* finder) override;
	int GetInfo(FAStar* finder) override;
	void ForceReset(FAStar* finder) override;
};

#endif
