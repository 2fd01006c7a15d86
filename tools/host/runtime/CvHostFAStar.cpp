// The executable's path finder (CvHostFAStar.h, where what it does and why is set out).
#ifdef CVHOST_PREINCLUDE_H
// In the host: the tree's headers first (AdvCiv's FAStarNode.h needs its CvMap.h and GC).
#include "CvGameCoreDLL.h"
#endif
#include "CvHostFAStar.h"

#include <cstdlib>
#include <cstring>

namespace {

// The neighbours in the executable's order: the four cardinal ones, then the diagonals.
const int kStepX[8] = { -1, 0, 1, 0, -1, -1, 1, 1 };
const int kStepY[8] = { 0, -1, 0, 1, 1, -1, -1, 1 };

// A coordinate one step beyond the grid, wrapped where the map wraps; -1 where it does not.
int wrapped(int i, int size, bool bWrap)
{
	if (i >= 0 && i < size) return i;
	if (!bWrap || size <= 0) return -1;
	i %= size;
	return i < 0 ? i + size : i;
}

} // namespace

FAStar::FAStar() {}

FAStar::~FAStar() { std::free(m_pNodes); }

void FAStar::initialize(int iColumns, int iRows, bool bWrapX, bool bWrapY, FAPointFunc destValid, FAHeuristic heuristic,
	FAStarFunc cost, FAStarFunc valid, FAStarFunc notifyChild, FAStarFunc notifyList, const void* pData)
{
	std::free(m_pNodes);
	m_pNodes = NULL;
	m_destValid = destValid;
	m_heuristic = heuristic;
	m_cost = cost;
	m_valid = valid;
	m_notifyChild = notifyChild;
	m_notifyList = notifyList;
	m_pData = pData;
	m_iColumns = iColumns > 0 && iRows > 0 ? iColumns : 0;
	m_iRows = iColumns > 0 && iRows > 0 ? iRows : 0;
	m_bWrapX = bWrapX;
	m_bWrapY = bWrapY;
	m_iStartX = m_iStartY = m_iDestX = m_iDestY = -1;
	m_iInfo = 0;
	m_bCardinalOnly = false;
	m_bForceReset = false;
	m_pLast = NULL;
	m_open.clear();
	m_touched.clear();
	m_stack.clear();
	m_iAddRank = m_iMoveRank = 0;
	size_t count = (size_t)m_iColumns * (size_t)m_iRows;
	m_openKey.assign(count, OpenKey());
	if (count == 0) return;
	// Zeroed memory, each field then set (AdvCiv's FAStarNode has no public constructor).
	m_pNodes = static_cast<FAStarNode*>(std::calloc(count, sizeof(FAStarNode)));
	for (int y = 0; y < m_iRows; ++y)
	{
		for (int x = 0; x < m_iColumns; ++x)
		{
			FAStarNode* p = &m_pNodes[x + y * m_iColumns];
			p->m_iX = x;
			p->m_iY = y;
			clearNode(p);
		}
	}
}

FAStarNode* FAStar::node(int iX, int iY)
{
	if (iX < 0 || iY < 0 || iX >= m_iColumns || iY >= m_iRows) return NULL;
	return &m_pNodes[iX + iY * m_iColumns];
}

std::vector<FAStarNode*> FAStar::openList() const
{
	std::vector<FAStarNode*> out;
	for (std::set<OpenKey>::const_iterator it = m_open.begin(); it != m_open.end(); ++it)
		out.push_back(&m_pNodes[it->index]);
	return out;
}

void FAStar::clearNode(FAStarNode* p)
{
	p->m_iTotalCost = 0;
	p->m_iKnownCost = 0;
	p->m_iHeuristicCost = 0;
	p->m_iNumChildren = 0;
	p->m_iData1 = 0;
	p->m_iData2 = 0;
	p->m_bOnStack = false;
	p->m_eFAStarListType = NO_FASTARLIST;
	p->m_pParent = NULL;
	p->m_pNext = NULL;
	p->m_pPrev = NULL;
	p->m_pStack = NULL;
	for (int i = 0; i < 8; ++i) p->m_apChildren[i] = NULL;
}

void FAStar::notifyChild(FAStarNode* parent, FAStarNode* p, int data)
{
	if (m_notifyChild != NULL) m_notifyChild(parent, p, data, m_pData, this);
}

void FAStar::notifyList(FAStarNode* other, FAStarNode* p, int data)
{
	if (m_notifyList != NULL) m_notifyList(other, p, data, m_pData, this);
}

void FAStar::reset()
{
	for (size_t i = 0; i < m_touched.size(); ++i) clearNode(&m_pNodes[m_touched[i]]);
	m_touched.clear();
	m_open.clear();
	m_stack.clear();
	m_iAddRank = m_iMoveRank = 0;
	m_pLast = NULL;
	m_bForceReset = false;
}

bool FAStar::generatePath(int iStartX, int iStartY, int iDestX, int iDestY, bool bCardinalOnly, int iInfo, bool bReuse)
{
	FAStarNode* start = node(iStartX, iStartY);
	if (start == NULL) return false;
	m_iDestX = iDestX;
	m_iDestY = iDestY;
	if (!bReuse || m_bForceReset || iStartX != m_iStartX || iStartY != m_iStartY || bCardinalOnly != m_bCardinalOnly
		|| iInfo != m_iInfo)
	{
		reset();
		m_iStartX = iStartX;
		m_iStartY = iStartY;
		m_bCardinalOnly = bCardinalOnly;
		m_iInfo = iInfo;
		start->m_iKnownCost = 0;
		start->m_iHeuristicCost = m_heuristic != NULL ? m_heuristic(iStartX, iStartY, iDestX, iDestY) : 0;
		start->m_iTotalCost = start->m_iKnownCost + start->m_iHeuristicCost;
		m_touched.push_back(index(start));
		addOpen(start); // the list is empty: notify-list(NULL, start, ASNL_STARTOPEN)
		notifyChild(NULL, start, ASNC_INITIALADD);
	}
	if (m_destValid != NULL && !m_destValid(iDestX, iDestY, m_pData, this)) return false;
	FAStarNode* dest = node(iDestX, iDestY);
	if (dest != NULL && dest->m_eFAStarListType == FASTARLIST_CLOSED)
	{
		m_pLast = dest;
		return true;
	}
	for (;;)
	{
		m_pLast = takeFirstOpen();
		if (m_pLast == NULL) return false;
		makeChildren(m_pLast);
		if (m_pLast->m_iX == iDestX && m_pLast->m_iY == iDestY) return true;
	}
}

FAStarNode* FAStar::takeFirstOpen()
{
	if (m_open.empty()) return NULL;
	FAStarNode* p = &m_pNodes[m_open.begin()->index];
	m_open.erase(m_open.begin());
	notifyList(NULL, p, ASNL_DELETEOPEN);
	p->m_eFAStarListType = FASTARLIST_CLOSED;
	notifyList(NULL, p, ASNL_ADDCLOSED);
	return p;
}

void FAStar::makeChildren(FAStarNode* p)
{
	int directions = m_bCardinalOnly ? 4 : 8;
	for (int i = 0; i < directions; ++i)
	{
		int x = wrapped(p->m_iX + kStepX[i], m_iColumns, m_bWrapX);
		int y = wrapped(p->m_iY + kStepY[i], m_iRows, m_bWrapY);
		FAStarNode* child = node(x, y);
		if (child == NULL) continue;
		if (m_valid == NULL || m_valid(p, child, 0, m_pData, this)) linkChild(p, child);
	}
}

int FAStar::stepCost(FAStarNode* parent, FAStarNode* child)
{
	return m_cost != NULL ? m_cost(parent, child, 0, m_pData, this) : 1;
}

void FAStar::addChild(FAStarNode* parent, FAStarNode* child)
{
	// At most 8: a node's children are made once, one a direction.
	if (parent->m_iNumChildren < 8) parent->m_apChildren[parent->m_iNumChildren++] = child;
}

void FAStar::linkChild(FAStarNode* parent, FAStarNode* child)
{
	int g = parent->m_iKnownCost + stepCost(parent, child);
	if (child->m_eFAStarListType == FASTARLIST_OPEN)
	{
		addChild(parent, child);
		if (g < child->m_iKnownCost)
		{
			child->m_pParent = parent;
			child->m_iKnownCost = g;
			child->m_iTotalCost = g + child->m_iHeuristicCost;
			moveUpOpen(child);
			notifyChild(parent, child, ASNC_OPENADD_UP);
		}
	}
	else if (child->m_eFAStarListType == FASTARLIST_CLOSED)
	{
		addChild(parent, child);
		if (g < child->m_iKnownCost)
		{
			child->m_pParent = parent;
			child->m_iKnownCost = g;
			child->m_iTotalCost = g + child->m_iHeuristicCost;
			notifyChild(parent, child, ASNC_CLOSEDADD_UP);
			updateSubtree(child);
		}
	}
	else
	{
		m_touched.push_back(index(child));
		child->m_pParent = parent;
		child->m_iKnownCost = g;
		child->m_iHeuristicCost = m_heuristic != NULL ? m_heuristic(child->m_iX, child->m_iY, m_iDestX, m_iDestY) : 0;
		child->m_iTotalCost = g + child->m_iHeuristicCost;
		addOpen(child);
		addChild(parent, child);
		notifyChild(parent, child, ASNC_NEWADD);
	}
}

void FAStar::addOpen(FAStarNode* p)
{
	p->m_eFAStarListType = FASTARLIST_OPEN;
	OpenKey key = { p->m_iTotalCost, --m_iAddRank, index(p) };
	m_openKey[key.index] = key;
	std::set<OpenKey>::iterator it = m_open.insert(key).first;
	if (it == m_open.begin())
	{
		std::set<OpenKey>::iterator next = it;
		++next;
		notifyList(next == m_open.end() ? NULL : &m_pNodes[next->index], p, ASNL_STARTOPEN);
	}
	else
	{
		std::set<OpenKey>::iterator before = it;
		--before;
		notifyList(&m_pNodes[before->index], p, ASNL_ADDOPEN);
	}
}

void FAStar::moveUpOpen(FAStarNode* p)
{
	int i = index(p);
	m_open.erase(m_openKey[i]);
	OpenKey key = { p->m_iTotalCost, ++m_iMoveRank, i };
	m_openKey[i] = key;
	m_open.insert(key);
}

void FAStar::updateSubtree(FAStarNode* root)
{
	FAStarNode* parent = root;
	while (parent != NULL)
	{
		for (int i = 0, n = parent->m_iNumChildren; i < n; ++i)
		{
			FAStarNode* child = parent->m_apChildren[i];
			int g = parent->m_iKnownCost + stepCost(parent, child);
			if (g < child->m_iKnownCost)
			{
				child->m_iKnownCost = g;
				child->m_iTotalCost = g + child->m_iHeuristicCost;
				child->m_pParent = parent;
				if (child->m_eFAStarListType == FASTARLIST_OPEN) moveUpOpen(child);
				notifyChild(parent, child, ASNC_PARENTADD_UP);
				if (!child->m_bOnStack)
				{
					child->m_bOnStack = true;
					m_stack.push_back(index(child));
				}
			}
		}
		if (m_stack.empty()) break;
		parent = &m_pNodes[m_stack.back()];
		m_stack.pop_back();
		parent->m_bOnStack = false;
	}
}

FAStar* CvHostFAStarIFace::create() { return new FAStar(); }

void CvHostFAStarIFace::destroy(FAStar*& ptr, bool)
{
	delete ptr;
	ptr = NULL;
}

bool CvHostFAStarIFace::GeneratePath(
	FAStar* finder, int iXstart, int iYstart, int iXdest, int iYdest, bool bCardinalOnly, int iInfo, bool bReuse)
{
	return finder != NULL && finder->generatePath(iXstart, iYstart, iXdest, iYdest, bCardinalOnly, iInfo, bReuse);
}

void CvHostFAStarIFace::Initialize(FAStar* finder, int iColumns, int iRows, bool bWrapX, bool bWrapY,
	FAPointFunc DestValidFunc, FAHeuristic HeuristicFunc, FAStarFunc CostFunc, FAStarFunc ValidFunc,
	FAStarFunc NotifyChildFunc, FAStarFunc NotifyListFunc, void* pData)
{
	if (finder != NULL)
		finder->initialize(iColumns, iRows, bWrapX, bWrapY, DestValidFunc, HeuristicFunc, CostFunc, ValidFunc,
			NotifyChildFunc, NotifyListFunc, pData);
}

void CvHostFAStarIFace::SetData(FAStar* finder, const void* pData)
{
	if (finder != NULL) finder->setData(pData);
}

FAStarNode* CvHostFAStarIFace::GetLastNode(FAStar* finder) { return finder != NULL ? finder->lastNode() : NULL; }

bool CvHostFAStarIFace::IsPathStart(FAStar* finder, int iX, int iY)
{
	return finder != NULL && iX == finder->startX() && iY == finder->startY();
}

bool CvHostFAStarIFace::IsPathDest(FAStar* finder, int iX, int iY)
{
	return finder != NULL && iX == finder->destX() && iY == finder->destY();
}

int CvHostFAStarIFace::GetStartX(FAStar* finder) { return finder != NULL ? finder->startX() : -1; }
int CvHostFAStarIFace::GetStartY(FAStar* finder) { return finder != NULL ? finder->startY() : -1; }
int CvHostFAStarIFace::GetDestX(FAStar* finder) { return finder != NULL ? finder->destX() : -1; }
int CvHostFAStarIFace::GetDestY(FAStar* finder) { return finder != NULL ? finder->destY() : -1; }
int CvHostFAStarIFace::GetInfo(FAStar* finder) { return finder != NULL ? finder->info() : 0; }

void CvHostFAStarIFace::ForceReset(FAStar* finder)
{
	if (finder != NULL) finder->forceReset();
}
