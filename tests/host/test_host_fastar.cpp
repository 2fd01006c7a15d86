// The host's path finder (tools/host/runtime/CvHostFAStar.{h,cpp}) on its own: small grids and
// hand-written callbacks, through the interface the DLL calls (CvHostFAStarIFace). Compiled against
// copies of BTS 3.19's FAStarNode.h and CvDLLFAStarIFaceBase.h (CMakeLists.txt); without ../shared
// the tests skip.
//
// What is checked: shortest paths (against a plain Dijkstra on random grids), blocked cells, wrap,
// cardinal-only, admissible and inadmissible heuristics, the tie rule, every callback call in order
// with its data value, a closed node's improvement (CLOSEDADD_UP, PARENTADD_UP), reuse, ForceReset,
// the same calls giving the same result, unreachable and invalid destinations, a search without a
// destination (the area finder's), and a NULL finder.
#include <gtest/gtest.h>

#if __has_include("CvDLLFAStarIFaceBase.h")

#include "CvHostFAStar.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <queue>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace {

CvHostFAStarIFace g_iface;

// The world the callbacks see (pData): a grid of cells, each with the cost of entering it (< 0:
// blocked), or, when `edges` is set, only the edges listed there with their costs.
struct World
{
	int w = 0;
	int h = 0;
	std::vector<int> cost; // per cell, x + y * w
	bool graph = false;
	std::map<std::pair<int, int>, int> edges; // (from cell, to cell) -> cost
	std::vector<std::string> log;
	bool logAll = true;
	int destValid = 1; // what dest-valid answers

	int cell(int x, int y) const { return x + y * w; }
	void block(int x, int y) { cost[cell(x, y)] = -1; }
	void edge(int x1, int y1, int x2, int y2, int c) { edges[std::make_pair(cell(x1, y1), cell(x2, y2))] = c; }
};

World makeWorld(int w, int h, int c = 1)
{
	World world;
	world.w = w;
	world.h = h;
	world.cost.assign((size_t)(w * h), c);
	return world;
}

// The heuristic sees no pData: it reads these.
enum HeuristicKind {
	H_ZERO,
	H_CHEBYSHEV, // g_hScale * the king's-move distance (no wrap)
	H_TABLE, // g_hTable[cell], whatever the destination
};
HeuristicKind g_hKind = H_ZERO;
int g_hScale = 1;
int g_hWidth = 0;
std::vector<int> g_hTable;
std::vector<std::string>* g_hLog = nullptr;

std::string at(const FAStarNode* node)
{
	if (node == nullptr) return "-";
	return std::to_string(node->m_iX) + "," + std::to_string(node->m_iY);
}

const char* childData(int data)
{
	switch (data)
	{
	case ASNC_INITIALADD: return "INITIALADD";
	case ASNC_OPENADD_UP: return "OPENADD_UP";
	case ASNC_CLOSEDADD_UP: return "CLOSEDADD_UP";
	case ASNC_PARENTADD_UP: return "PARENTADD_UP";
	case ASNC_NEWADD: return "NEWADD";
	}
	return "?";
}

const char* listData(int data)
{
	switch (data)
	{
	case ASNL_ADDOPEN: return "ADDOPEN";
	case ASNL_STARTOPEN: return "STARTOPEN";
	case ASNL_DELETEOPEN: return "DELETEOPEN";
	case ASNL_ADDCLOSED: return "ADDCLOSED";
	}
	return "?";
}

World& worldOf(const void* pointer) { return *const_cast<World*>(static_cast<const World*>(pointer)); }

int heuristic(int iFromX, int iFromY, int iToX, int iToY)
{
	int value = 0;
	if (g_hKind == H_CHEBYSHEV)
		value = g_hScale * std::max(std::abs(iFromX - iToX), std::abs(iFromY - iToY));
	else if (g_hKind == H_TABLE)
		value = g_hTable[(size_t)(iFromX + iFromY * g_hWidth)];
	if (g_hLog != nullptr)
		g_hLog->push_back("heuristic " + std::to_string(iFromX) + "," + std::to_string(iFromY) + " to "
			+ std::to_string(iToX) + "," + std::to_string(iToY));
	return value;
}

int destValid(int iToX, int iToY, const void* pointer, FAStar*)
{
	World& world = worldOf(pointer);
	world.log.push_back("dest-valid " + std::to_string(iToX) + "," + std::to_string(iToY));
	return world.destValid;
}

int valid(FAStarNode* parent, FAStarNode* node, int data, const void* pointer, FAStar*)
{
	World& world = worldOf(pointer);
	if (world.logAll) world.log.push_back("valid " + at(parent) + " " + at(node) + " " + std::to_string(data));
	if (parent == nullptr) return 1;
	if (world.graph)
		return world.edges.count(
			std::make_pair(world.cell(parent->m_iX, parent->m_iY), world.cell(node->m_iX, node->m_iY)));
	return world.cost[(size_t)world.cell(node->m_iX, node->m_iY)] >= 0;
}

int cost(FAStarNode* parent, FAStarNode* node, int data, const void* pointer, FAStar* finder)
{
	World& world = worldOf(pointer);
	if (world.logAll)
		world.log.push_back("cost " + at(parent) + " " + at(node) + " " + std::to_string(data)
			+ (g_iface.IsPathDest(finder, node->m_iX, node->m_iY) ? " (dest)" : ""));
	if (world.graph)
		return world.edges.at(
			std::make_pair(world.cell(parent->m_iX, parent->m_iY), world.cell(node->m_iX, node->m_iY)));
	return world.cost[(size_t)world.cell(node->m_iX, node->m_iY)];
}

// As the DLL's pathAdd and stepAdd do: the data fields set from the parent's.
int notifyChild(FAStarNode* parent, FAStarNode* node, int data, const void* pointer, FAStar*)
{
	World& world = worldOf(pointer);
	if (world.logAll) world.log.push_back("child " + at(parent) + " " + at(node) + " " + childData(data));
	node->m_iData1 = data == ASNC_INITIALADD ? 0 : parent->m_iData1 + 1;
	node->m_iData2 = data;
	return 1;
}

int notifyList(FAStarNode* other, FAStarNode* node, int data, const void* pointer, FAStar*)
{
	World& world = worldOf(pointer);
	if (world.logAll || data == ASNL_DELETEOPEN)
		world.log.push_back("list " + at(other) + " " + at(node) + " " + listData(data));
	return 1;
}

struct Finder
{
	FAStar* finder = g_iface.create();
	~Finder() { g_iface.destroy(finder); }
	operator FAStar*() const { return finder; }
};

void initialize(FAStar* finder, World& world, bool bWrapX = false, bool bWrapY = false)
{
	g_hWidth = world.w;
	g_iface.Initialize(
		finder, world.w, world.h, bWrapX, bWrapY, destValid, heuristic, cost, valid, notifyChild, notifyList, &world);
}

std::vector<std::pair<int, int>> pathOf(const FAStarNode* last)
{
	std::vector<std::pair<int, int>> path;
	for (const FAStarNode* node = last; node != nullptr; node = node->m_pParent)
		path.insert(path.begin(), std::make_pair(node->m_iX, node->m_iY));
	return path;
}

std::vector<std::string> only(const std::vector<std::string>& log, const std::string& prefix)
{
	std::vector<std::string> out;
	for (const std::string& line : log)
		if (line.compare(0, prefix.size(), prefix) == 0) out.push_back(line);
	return out;
}

// The cheapest cost from start to every cell, by the same moves (8 neighbours, entering a cell
// costs its cost), without wrap.
std::vector<int> dijkstra(const World& world, int sx, int sy)
{
	const int inf = 1 << 29;
	std::vector<int> dist((size_t)(world.w * world.h), inf);
	typedef std::pair<int, int> Item; // cost, cell
	std::priority_queue<Item, std::vector<Item>, std::greater<Item>> queue;
	dist[(size_t)world.cell(sx, sy)] = 0;
	queue.push(Item(0, world.cell(sx, sy)));
	while (!queue.empty())
	{
		Item item = queue.top();
		queue.pop();
		if (item.first > dist[(size_t)item.second]) continue;
		int x = item.second % world.w, y = item.second / world.w;
		for (int dy = -1; dy <= 1; ++dy)
			for (int dx = -1; dx <= 1; ++dx)
			{
				int nx = x + dx, ny = y + dy;
				if ((dx == 0 && dy == 0) || nx < 0 || ny < 0 || nx >= world.w || ny >= world.h) continue;
				int c = world.cost[(size_t)world.cell(nx, ny)];
				if (c < 0) continue;
				if (item.first + c < dist[(size_t)world.cell(nx, ny)])
				{
					dist[(size_t)world.cell(nx, ny)] = item.first + c;
					queue.push(Item(item.first + c, world.cell(nx, ny)));
				}
			}
	}
	return dist;
}

class HostFAStar : public ::testing::Test
{
protected:
	void SetUp() override
	{
		g_hKind = H_ZERO;
		g_hScale = 1;
		g_hTable.clear();
		g_hLog = nullptr;
	}
	void TearDown() override { g_hLog = nullptr; }
};

TEST_F(HostFAStar, EveryCallbackInOrderWithItsData)
{
	// Two plots in a row: the whole conversation of one search, as CvHostFAStar.h sets it out.
	World world = makeWorld(2, 1);
	g_hKind = H_CHEBYSHEV;
	g_hLog = &world.log;
	Finder finder;
	initialize(finder, world);
	ASSERT_TRUE(g_iface.GeneratePath(finder, 0, 0, 1, 0, false, 7, false));
	std::vector<std::string> expected = {
		"heuristic 0,0 to 1,0",
		"list - 0,0 STARTOPEN",
		"child - 0,0 INITIALADD",
		"dest-valid 1,0",
		"list - 0,0 DELETEOPEN",
		"list - 0,0 ADDCLOSED",
		// (0,0)'s neighbours: west and north are off the grid, then east
		"valid 0,0 1,0 0",
		"cost 0,0 1,0 0 (dest)",
		"heuristic 1,0 to 1,0",
		"list - 1,0 STARTOPEN", // the open list was empty
		"child 0,0 1,0 NEWADD",
		"list - 1,0 DELETEOPEN",
		"list - 1,0 ADDCLOSED",
		// the destination's children are made too: back west, closed, not cheaper (no notify)
		"valid 1,0 0,0 0",
		"cost 1,0 0,0 0",
	};
	EXPECT_EQ(world.log, expected);
	FAStarNode* last = g_iface.GetLastNode(finder);
	ASSERT_NE(last, nullptr);
	EXPECT_EQ(at(last), "1,0");
	EXPECT_EQ(at(last->m_pParent), "0,0");
	EXPECT_EQ(last->m_iKnownCost, 1);
	EXPECT_EQ(last->m_iHeuristicCost, 0);
	EXPECT_EQ(last->m_iTotalCost, 1);
	EXPECT_EQ(last->m_iData1, 1); // set by the add callback from its parent's
	EXPECT_EQ(last->m_iData2, ASNC_NEWADD);
	EXPECT_EQ(last->m_pParent->m_iData2, ASNC_INITIALADD);
	EXPECT_EQ(g_iface.GetInfo(finder), 7);
	EXPECT_EQ(g_iface.GetStartX(finder), 0);
	EXPECT_EQ(g_iface.GetStartY(finder), 0);
	EXPECT_EQ(g_iface.GetDestX(finder), 1);
	EXPECT_EQ(g_iface.GetDestY(finder), 0);
	EXPECT_TRUE(g_iface.IsPathStart(finder, 0, 0));
	EXPECT_FALSE(g_iface.IsPathStart(finder, 1, 0));
	EXPECT_TRUE(g_iface.IsPathDest(finder, 1, 0));
	EXPECT_FALSE(g_iface.IsPathDest(finder, 0, 0));
}

TEST_F(HostFAStar, ListNotifiesNameTheNeighbourInTheList)
{
	// From (1,1) of a 3x3 grid, cardinal only, entering costs 3 except (0,1) (west, 1) and (1,0)
	// (north, 5): west to the empty list, north after it, east between them, south before east.
	World world = makeWorld(3, 3, 3);
	world.cost[(size_t)world.cell(0, 1)] = 1;
	world.cost[(size_t)world.cell(1, 0)] = 5;
	world.destValid = 1;
	Finder finder;
	initialize(finder, world);
	world.logAll = true;
	g_iface.GeneratePath(finder, 1, 1, 2, 2, true, 0, false); // cardinal only
	std::vector<std::string> lists = only(world.log, "list");
	std::vector<std::string> expected = {
		"list - 1,1 STARTOPEN", "list - 1,1 DELETEOPEN", "list - 1,1 ADDCLOSED",
		"list - 0,1 STARTOPEN", // west, f 1, to the empty list
		"list 0,1 1,0 ADDOPEN", // north, f 5, after west
		"list 0,1 2,1 ADDOPEN", // east, f 3, after west
		"list 0,1 1,2 ADDOPEN", // south, f 3: before east (equal f: the last added first)
	};
	ASSERT_GE(lists.size(), expected.size());
	EXPECT_EQ(std::vector<std::string>(lists.begin(), lists.begin() + (long)expected.size()), expected);
}

TEST_F(HostFAStar, TiesTheLastAddedFirst)
{
	// Every neighbour of the centre has f 1: they are taken in the reverse of the order they were
	// added (west, north, east, south, south-west, north-west, north-east, south-east).
	World world = makeWorld(3, 3);
	world.logAll = false;
	Finder finder;
	initialize(finder, world);
	EXPECT_FALSE(g_iface.GeneratePath(finder, 1, 1, -1, -1, false, 0, false)); // no destination: all
	std::vector<std::string> expected = {
		"dest-valid -1,-1", "list - 1,1 DELETEOPEN",
		"list - 2,2 DELETEOPEN", // south-east
		"list - 2,0 DELETEOPEN", // north-east
		"list - 0,0 DELETEOPEN", // north-west
		"list - 0,2 DELETEOPEN", // south-west
		"list - 1,2 DELETEOPEN", // south
		"list - 2,1 DELETEOPEN", // east
		"list - 1,0 DELETEOPEN", // north
		"list - 0,1 DELETEOPEN", // west
	};
	EXPECT_EQ(world.log, expected);
	EXPECT_EQ(g_iface.GetLastNode(finder), nullptr);
}

TEST_F(HostFAStar, AnImprovedOpenNodeGoesBehindThoseOfItsNewCost)
{
	// A small graph on a 3x3 grid (heuristic 0): S (1,1) reaches C (1,0) for 3, B (2,1) for 2 and
	// A (1,2) for 5, in that order (north, east, south). B, taken first, reaches D (2,2) for 1 more
	// (new, f 3) and A for 1 more (f 5 to 3). Of f 3, D was added last and goes first; C was there
	// before; A, moved up, goes behind C.
	World world = makeWorld(3, 3);
	world.graph = true;
	world.edge(1, 1, 1, 2, 5);
	world.edge(1, 1, 2, 1, 2);
	world.edge(1, 1, 1, 0, 3);
	world.edge(2, 1, 2, 2, 1);
	world.edge(2, 1, 1, 2, 1);
	Finder finder;
	initialize(finder, world);
	EXPECT_FALSE(g_iface.GeneratePath(finder, 1, 1, 0, 0, false, 0, false)); // (0,0): no edge leads there
	EXPECT_EQ(only(world.log, "list - "),
		std::vector<std::string>({
			"list - 1,1 STARTOPEN", "list - 1,1 DELETEOPEN", "list - 1,1 ADDCLOSED",
			"list - 1,0 STARTOPEN", // C, f 3, to the empty list (B then goes before it, A after)
			"list - 2,1 DELETEOPEN", "list - 2,1 ADDCLOSED", "list - 2,2 DELETEOPEN", "list - 2,2 ADDCLOSED", // D
			"list - 1,0 DELETEOPEN", "list - 1,0 ADDCLOSED", // C
			"list - 1,2 DELETEOPEN", "list - 1,2 ADDCLOSED", // A
		}));
	// the list notifies naming a neighbour in the list: B before C, A after C, D before C
	std::vector<std::string> named = only(world.log, "list 1,0 ");
	EXPECT_EQ(named,
		std::vector<std::string>({ "list 1,0 2,1 STARTOPEN", "list 1,0 1,2 ADDOPEN", "list 1,0 2,2 STARTOPEN" }));
	std::vector<std::string> children = only(world.log, "child");
	EXPECT_EQ(children,
		std::vector<std::string>({
			"child - 1,1 INITIALADD",
			"child 1,1 1,0 NEWADD",
			"child 1,1 2,1 NEWADD",
			"child 1,1 1,2 NEWADD",
			"child 2,1 2,2 NEWADD",
			"child 2,1 1,2 OPENADD_UP",
		}));
	FAStarNode* a = finder.finder->node(1, 2);
	EXPECT_EQ(a->m_iKnownCost, 3);
	EXPECT_EQ(at(a->m_pParent), "2,1");
}

TEST_F(HostFAStar, AClosedNodeImprovedUpdatesItsSubtree)
{
	// An inconsistent heuristic closes A before its cheaper route is known. S (1,1): A (2,1) for
	// 5 (h 0), B (1,2) for 1 (h 10). A is taken (f 5), makes C (3,1) for 1 (h 0), C makes D (3,2)
	// for 1 (h 10, f 17). Then B (f 11) reaches A for 1: A closed, 2 < 5 (CLOSEDADD_UP), then A's
	// subtree: C 3 (PARENTADD_UP), D 4 (PARENTADD_UP, moved up the open list to f 14).
	World world = makeWorld(4, 3);
	world.graph = true;
	world.edge(1, 1, 2, 1, 5);
	world.edge(1, 1, 1, 2, 1);
	world.edge(2, 1, 3, 1, 1);
	world.edge(3, 1, 3, 2, 1);
	world.edge(1, 2, 2, 1, 1);
	g_hKind = H_TABLE;
	g_hTable.assign(12, 0);
	g_hTable[(size_t)world.cell(1, 2)] = 10;
	g_hTable[(size_t)world.cell(3, 2)] = 10;
	Finder finder;
	initialize(finder, world);
	EXPECT_FALSE(g_iface.GeneratePath(finder, 1, 1, 0, 0, false, 0, false));
	EXPECT_EQ(only(world.log, "child"),
		std::vector<std::string>({
			"child - 1,1 INITIALADD",
			"child 1,1 2,1 NEWADD",
			"child 1,1 1,2 NEWADD",
			"child 2,1 3,1 NEWADD",
			"child 3,1 3,2 NEWADD",
			"child 1,2 2,1 CLOSEDADD_UP",
			"child 2,1 3,1 PARENTADD_UP",
			"child 3,1 3,2 PARENTADD_UP",
		}));
	EXPECT_EQ(only(world.log, "list - 3,2 DELETEOPEN").size(), 1u);
	const int expectedCost[4] = { 0, 2, 3, 4 };
	const char* expectedParent[4] = { "-", "1,2", "2,1", "3,1" };
	const int xy[4][2] = { { 1, 1 }, { 2, 1 }, { 3, 1 }, { 3, 2 } };
	for (int i = 0; i < 4; ++i)
	{
		FAStarNode* node = finder.finder->node(xy[i][0], xy[i][1]);
		EXPECT_EQ(node->m_iKnownCost, expectedCost[i]) << at(node);
		EXPECT_EQ(node->m_iTotalCost, node->m_iKnownCost + node->m_iHeuristicCost) << at(node);
		EXPECT_EQ(at(node->m_pParent), expectedParent[i]) << at(node);
		EXPECT_FALSE(node->m_bOnStack);
	}
	// the costs through the subtree, as the cost callback gave them again (parent to child)
	std::vector<std::string> costs = only(world.log, "cost");
	EXPECT_EQ(std::vector<std::string>(costs.end() - 3, costs.end()),
		std::vector<std::string>({ "cost 1,2 2,1 0", "cost 2,1 3,1 0", "cost 3,1 3,2 0" }));
}

TEST_F(HostFAStar, ShortestPathsAsDijkstraFindsThem)
{
	// Random grids (costs 1 to 5, about one plot in five blocked), an admissible heuristic (the
	// king's-move distance, each step costing 1 at least): the finder's cost is Dijkstra's, and its
	// path is made of valid steps whose costs add up to it.
	std::mt19937 random(47);
	int found = 0, unreachable = 0;
	for (int round = 0; round < 60; ++round)
	{
		World world = makeWorld(12, 9);
		world.logAll = false;
		for (int& c : world.cost) c = random() % 5 == 0 ? -1 : 1 + (int)(random() % 5);
		int sx = (int)(random() % 12), sy = (int)(random() % 9), dx = (int)(random() % 12), dy = (int)(random() % 9);
		world.cost[(size_t)world.cell(sx, sy)] = 1;
		g_hKind = round % 2 == 0 ? H_CHEBYSHEV : H_ZERO;
		Finder finder;
		initialize(finder, world);
		bool ok = g_iface.GeneratePath(finder, sx, sy, dx, dy, false, 0, false);
		std::vector<int> dist = dijkstra(world, sx, sy);
		int best = dist[(size_t)world.cell(dx, dy)];
		if (best >= (1 << 29))
		{
			EXPECT_FALSE(ok) << "round " << round;
			EXPECT_EQ(g_iface.GetLastNode(finder), nullptr);
			++unreachable;
			continue;
		}
		ASSERT_TRUE(ok) << "round " << round;
		++found;
		FAStarNode* last = g_iface.GetLastNode(finder);
		EXPECT_EQ(last->m_iKnownCost, best) << "round " << round;
		std::vector<std::pair<int, int>> path = pathOf(last);
		EXPECT_EQ(path.front(), std::make_pair(sx, sy));
		EXPECT_EQ(path.back(), std::make_pair(dx, dy));
		int sum = 0;
		for (size_t i = 1; i < path.size(); ++i)
		{
			EXPECT_LE(std::abs(path[i].first - path[i - 1].first), 1);
			EXPECT_LE(std::abs(path[i].second - path[i - 1].second), 1);
			int c = world.cost[(size_t)world.cell(path[i].first, path[i].second)];
			EXPECT_GE(c, 0) << "a blocked plot on the path";
			sum += c;
		}
		EXPECT_EQ(sum, best);
	}
	EXPECT_GT(found, 30);
	EXPECT_GT(unreachable, 0);
}

TEST_F(HostFAStar, BlockedPlotsAreGoneAround)
{
	// A wall down column 2 with one gap at (2,4).
	World world = makeWorld(5, 5);
	world.logAll = false;
	for (int y = 0; y < 4; ++y) world.block(2, y);
	Finder finder;
	initialize(finder, world);
	g_hKind = H_CHEBYSHEV;
	ASSERT_TRUE(g_iface.GeneratePath(finder, 0, 0, 4, 0, false, 0, false));
	std::vector<std::pair<int, int>> path = pathOf(g_iface.GetLastNode(finder));
	EXPECT_NE(std::find(path.begin(), path.end(), std::make_pair(2, 4)), path.end());
	EXPECT_EQ(g_iface.GetLastNode(finder)->m_iKnownCost, 8);
}

TEST_F(HostFAStar, WrapJoinsTheEdges)
{
	World world = makeWorld(6, 3);
	world.logAll = false;
	{
		Finder flat;
		initialize(flat, world);
		ASSERT_TRUE(g_iface.GeneratePath(flat, 0, 1, 5, 1, false, 0, false));
		EXPECT_EQ(g_iface.GetLastNode(flat)->m_iKnownCost, 5);
	}
	{
		Finder wrapX;
		initialize(wrapX, world, true, false);
		ASSERT_TRUE(g_iface.GeneratePath(wrapX, 0, 1, 5, 1, false, 0, false));
		EXPECT_EQ(g_iface.GetLastNode(wrapX)->m_iKnownCost, 1); // west of 0 is 5
		EXPECT_EQ(at(g_iface.GetLastNode(wrapX)->m_pParent), "0,1");
		ASSERT_TRUE(g_iface.GeneratePath(wrapX, 0, 0, 0, 2, false, 0, false));
		EXPECT_EQ(g_iface.GetLastNode(wrapX)->m_iKnownCost, 2); // no wrap north-south
	}
	{
		Finder wrapY;
		initialize(wrapY, world, false, true);
		ASSERT_TRUE(g_iface.GeneratePath(wrapY, 0, 0, 0, 2, false, 0, false));
		EXPECT_EQ(g_iface.GetLastNode(wrapY)->m_iKnownCost, 1);
		ASSERT_TRUE(g_iface.GeneratePath(wrapY, 0, 1, 5, 1, false, 0, false));
		EXPECT_EQ(g_iface.GetLastNode(wrapY)->m_iKnownCost, 5);
	}
	{
		Finder both;
		initialize(both, world, true, true);
		ASSERT_TRUE(g_iface.GeneratePath(both, 0, 0, 5, 2, false, 0, false));
		EXPECT_EQ(g_iface.GetLastNode(both)->m_iKnownCost, 1); // the corner's diagonal
	}
}

TEST_F(HostFAStar, CardinalOnlyTakesNoDiagonal)
{
	World world = makeWorld(4, 4);
	world.logAll = false;
	Finder finder;
	initialize(finder, world);
	ASSERT_TRUE(g_iface.GeneratePath(finder, 0, 0, 3, 3, true, 0, false));
	std::vector<std::pair<int, int>> path = pathOf(g_iface.GetLastNode(finder));
	EXPECT_EQ(path.size(), 7u);
	for (size_t i = 1; i < path.size(); ++i)
		EXPECT_EQ(std::abs(path[i].first - path[i - 1].first) + std::abs(path[i].second - path[i - 1].second), 1);
	ASSERT_TRUE(g_iface.GeneratePath(finder, 0, 0, 3, 3, false, 0, false));
	EXPECT_EQ(pathOf(g_iface.GetLastNode(finder)).size(), 4u);
}

TEST_F(HostFAStar, AnInadmissibleHeuristicMayMissTheCheapestPath)
{
	// A road (cost 1) goes round by row 0; off the road a plot costs 3. The cheapest way from (0,2)
	// to (6,2) is the road (8 plots, 8 in all); a heuristic 3 times the distance (more than a road
	// step costs) heads straight across (16). The admissible one (1 a step) finds the road.
	World world = makeWorld(7, 5, 3);
	world.logAll = false;
	for (int x = 0; x < 7; ++x) world.cost[(size_t)world.cell(x, 0)] = 1;
	world.cost[(size_t)world.cell(0, 1)] = 1;
	world.cost[(size_t)world.cell(6, 1)] = 1;
	world.cost[(size_t)world.cell(6, 2)] = 1;
	std::vector<int> dist = dijkstra(world, 0, 2);
	int best = dist[(size_t)world.cell(6, 2)];
	EXPECT_EQ(best, 8);
	g_hKind = H_CHEBYSHEV;
	g_hScale = 1;
	Finder admissible;
	initialize(admissible, world);
	ASSERT_TRUE(g_iface.GeneratePath(admissible, 0, 2, 6, 2, false, 0, false));
	EXPECT_EQ(g_iface.GetLastNode(admissible)->m_iKnownCost, best);
	g_hScale = 3;
	Finder greedy;
	initialize(greedy, world);
	ASSERT_TRUE(g_iface.GeneratePath(greedy, 0, 2, 6, 2, false, 0, false));
	int greedyCost = g_iface.GetLastNode(greedy)->m_iKnownCost;
	EXPECT_GT(greedyCost, best);
	EXPECT_EQ(greedyCost, 16); // five plots at 3, then the road's last plot at 1
}

TEST_F(HostFAStar, TheSameCallsGiveTheSameSearch)
{
	std::mt19937 random(4747);
	World world = makeWorld(20, 14);
	for (int& c : world.cost) c = random() % 6 == 0 ? -1 : 1 + (int)(random() % 3);
	world.cost[0] = 1;
	g_hKind = H_CHEBYSHEV;
	std::vector<std::string> first;
	std::vector<std::pair<int, int>> firstPath;
	for (int run = 0; run < 3; ++run)
	{
		world.log.clear();
		Finder finder;
		initialize(finder, world);
		bool ok = g_iface.GeneratePath(finder, 0, 0, 19, 13, false, 0, false);
		if (run == 0)
		{
			first = world.log;
			firstPath = pathOf(g_iface.GetLastNode(finder));
			EXPECT_TRUE(ok);
			EXPECT_GT(first.size(), 100u);
			continue;
		}
		EXPECT_EQ(world.log, first);
		EXPECT_EQ(pathOf(g_iface.GetLastNode(finder)), firstPath);
		// again on the same finder, started afresh
		world.log.clear();
		g_iface.GeneratePath(finder, 0, 0, 19, 13, false, 0, false);
		EXPECT_EQ(world.log, first);
	}
}

TEST_F(HostFAStar, ReuseKeepsTheSearchUntilForceReset)
{
	World world = makeWorld(6, 6);
	Finder finder;
	initialize(finder, world);
	ASSERT_TRUE(g_iface.GeneratePath(finder, 0, 0, 5, 5, false, 3, true));
	// the same start and info, reused: the destination is closed already, the answer is at once
	world.log.clear();
	ASSERT_TRUE(g_iface.GeneratePath(finder, 0, 0, 5, 5, false, 3, true));
	EXPECT_EQ(world.log, std::vector<std::string>({ "dest-valid 5,5" }));
	// a nearer plot closed by the first search: the same
	world.log.clear();
	ASSERT_TRUE(g_iface.GeneratePath(finder, 0, 0, 2, 2, false, 3, true));
	EXPECT_EQ(world.log, std::vector<std::string>({ "dest-valid 2,2" }));
	EXPECT_EQ(at(g_iface.GetLastNode(finder)), "2,2");
	EXPECT_EQ(g_iface.GetDestX(finder), 2);
	// ForceReset: the next search starts afresh, reuse or not
	g_iface.ForceReset(finder);
	world.log.clear();
	ASSERT_TRUE(g_iface.GeneratePath(finder, 0, 0, 2, 2, false, 3, true));
	EXPECT_EQ(only(world.log, "child - 0,0 INITIALADD").size(), 1u);
	// and then it is reused again
	world.log.clear();
	ASSERT_TRUE(g_iface.GeneratePath(finder, 0, 0, 1, 1, false, 3, true));
	EXPECT_EQ(world.log, std::vector<std::string>({ "dest-valid 1,1" }));
	// another info, start or cardinal flag, or no reuse: afresh
	const int calls[4][4] = { { 0, 0, 4, 0 }, { 1, 0, 4, 1 }, { 1, 0, 4, 1 }, { 1, 0, 4, 1 } };
	for (int i = 0; i < 4; ++i)
	{
		world.log.clear();
		bool cardinal = i >= 2;
		bool reuse = i != 3;
		ASSERT_TRUE(
			g_iface.GeneratePath(finder, calls[i][0], calls[i][1], 5, 5, cardinal, calls[i][2] + calls[i][3], reuse));
		EXPECT_EQ(only(world.log, "child").front().substr(0, 8), "child - ") << i;
		EXPECT_EQ(only(world.log, "child").front().find("INITIALADD") != std::string::npos, true) << i;
	}
}

TEST_F(HostFAStar, AReusedSearchGoesOnToANewDestination)
{
	// The second destination was not reached by the first search: the search goes on from where it
	// stopped (no INITIALADD), and the path is still the cheapest (heuristic 0).
	World world = makeWorld(8, 3);
	Finder finder;
	initialize(finder, world);
	ASSERT_TRUE(g_iface.GeneratePath(finder, 0, 1, 2, 1, false, 0, true));
	world.log.clear();
	ASSERT_TRUE(g_iface.GeneratePath(finder, 0, 1, 7, 1, false, 0, true));
	EXPECT_TRUE(only(world.log, "child - ").empty());
	EXPECT_EQ(g_iface.GetLastNode(finder)->m_iKnownCost, 7);
	EXPECT_EQ(pathOf(g_iface.GetLastNode(finder)).size(), 8u);
}

TEST_F(HostFAStar, UnreachableAndRefusedDestinations)
{
	World world = makeWorld(5, 5);
	world.logAll = false;
	for (int y = 0; y < 5; ++y) world.block(2, y);
	Finder finder;
	initialize(finder, world);
	// walled off: every plot on the start's side is closed, then false and no last node
	EXPECT_FALSE(g_iface.GeneratePath(finder, 0, 0, 4, 4, false, 0, false));
	EXPECT_EQ(g_iface.GetLastNode(finder), nullptr);
	EXPECT_EQ(only(world.log, "list").size(), 10u); // 10 plots west of the wall, each taken once
	// refused by dest-valid: false before any search
	world.log.clear();
	world.destValid = 0;
	EXPECT_FALSE(g_iface.GeneratePath(finder, 0, 0, 1, 1, false, 0, false));
	EXPECT_EQ(only(world.log, "list").size(), 0u);
	world.destValid = 1;
	// a start off the grid: false, nothing called, nothing changed
	world.log.clear();
	EXPECT_FALSE(g_iface.GeneratePath(finder, 5, 0, 1, 1, false, 0, false));
	EXPECT_FALSE(g_iface.GeneratePath(finder, -1, 0, 1, 1, false, 0, false));
	EXPECT_TRUE(world.log.empty());
	EXPECT_EQ(g_iface.GetDestX(finder), 1);
	// a destination off the grid: everything reachable is visited, false
	EXPECT_FALSE(g_iface.GeneratePath(finder, 4, 4, 9, 9, false, 0, false));
}

TEST_F(HostFAStar, TheAreaFindersWay)
{
	// As CvMap's area finder: no dest-valid, heuristic, cost nor add callback, a list callback that
	// counts what is closed, destination (-1, -1): the start's connected plots, each once.
	World world = makeWorld(6, 4);
	world.logAll = false;
	world.block(3, 0);
	world.block(3, 1);
	world.block(3, 2);
	world.block(3, 3);
	Finder finder;
	g_iface.Initialize(finder, 6, 4, false, false, nullptr, nullptr, nullptr, valid, nullptr, notifyList, &world);
	EXPECT_FALSE(g_iface.GeneratePath(finder, 0, 0, -1, -1, false, 12, false));
	EXPECT_EQ(only(world.log, "list").size(), 12u);
	// with the map wrapping east-west the other side joins
	g_iface.Initialize(finder, 6, 4, true, false, nullptr, nullptr, nullptr, valid, nullptr, notifyList, &world);
	world.log.clear();
	EXPECT_FALSE(g_iface.GeneratePath(finder, 0, 0, -1, -1, false, 12, false));
	EXPECT_EQ(only(world.log, "list").size(), 20u);
	// SetData: the callbacks then see the new pointer
	World other = makeWorld(6, 4);
	other.logAll = false;
	g_iface.SetData(finder, &other);
	EXPECT_FALSE(g_iface.GeneratePath(finder, 0, 0, -1, -1, false, 12, false));
	EXPECT_EQ(only(other.log, "list").size(), 24u);
}

TEST_F(HostFAStar, ANullFinderDoesNothing)
{
	// GC's finders are NULL until the executable makes them.
	World world = makeWorld(2, 2);
	g_iface.Initialize(nullptr, 2, 2, false, false, destValid, heuristic, cost, valid, notifyChild, notifyList, &world);
	EXPECT_FALSE(g_iface.GeneratePath(nullptr, 0, 0, 1, 1, false, 0, false));
	g_iface.SetData(nullptr, &world);
	g_iface.ForceReset(nullptr);
	EXPECT_EQ(g_iface.GetLastNode(nullptr), nullptr);
	EXPECT_FALSE(g_iface.IsPathDest(nullptr, -1, -1));
	EXPECT_EQ(g_iface.GetInfo(nullptr), 0);
	EXPECT_TRUE(world.log.empty());
	// an uninitialised finder holds no plot
	Finder finder;
	EXPECT_FALSE(g_iface.GeneratePath(finder, 0, 0, 1, 1, false, 0, false));
	FAStar* gone = g_iface.create();
	g_iface.destroy(gone);
	EXPECT_EQ(gone, nullptr);
}

} // namespace

#else
TEST(HostFAStar, NeedsTheSharedTree)
{
	GTEST_SKIP() << "../shared/data is absent: no BTS FAStarNode.h to compile the path finder against";
}
#endif
