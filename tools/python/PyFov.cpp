// The field-of-view part of the Python module `cvvision` (see PyCvVision.cpp, which calls
// exportFov from its module init): cvvision.fov(...) and cvvision.ViewshedWorld, on top of
// CvFov (CvGameCoreDLL/CvFov.h) and ViewshedWorld (tools/Viewshed.h).
//
//     import cvvision
//     cvvision.fov(["#####", "#...#", "#####"], 1, 1, 4)      # -> [(0, 0), (1, 0), ...]
//     world = cvvision.ViewshedWorld(40, 30)
//     world.set_opaque(5, 5); a = world.add_observer(3, 3, 8); world.update(); world.visible(a)
//
// Every argument is checked here before C++ sees it: a wrong type or a value out of range is a
// ValueError with a message naming the argument (std::invalid_argument from Viewshed.h is also
// translated to ValueError by the module), never a crash.
#define BOOST_BIND_GLOBAL_PLACEHOLDERS
#define BOOST_ALLOW_DEPRECATED_HEADERS
#include <boost/python.hpp>

#include "analysis/Viewshed.h"

#include <algorithm>
#include <climits>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

using namespace cvv;

namespace bp = boost::python;

void exportFov();

namespace {
[[noreturn]] void badFovArgument(const std::string& sMessage) { throw std::invalid_argument(sMessage); }

std::string typeNameOf(const bp::object& kValue) { return Py_TYPE(kValue.ptr())->tp_name; }

// A whole number (int or anything with __index__ except bool and str) that fits an int.
int fovInt(const bp::object& kValue, const char* szWhat)
{
	PyObject* pValue = kValue.ptr();
	if (PyBool_Check(pValue) || PyUnicode_Check(pValue) || !PyIndex_Check(pValue))
	{
		badFovArgument(std::string(szWhat) + " must be an int, not " + typeNameOf(kValue));
	}
	const bp::object kIndex(bp::handle<>(PyNumber_Index(pValue)));
	int iOverflow = 0;
	const long lValue = PyLong_AsLongAndOverflow(kIndex.ptr(), &iOverflow);
	if (iOverflow != 0 || lValue < INT_MIN || lValue > INT_MAX)
	{
		badFovArgument(std::string(szWhat) + " is out of range");
	}
	return static_cast<int>(lValue);
}

bool fovBool(const bp::object& kValue, const char* szWhat)
{
	PyObject* pValue = kValue.ptr();
	if (PyBool_Check(pValue))
	{
		return pValue == Py_True;
	}
	if (PyLong_Check(pValue))
	{
		const int iValue = fovInt(kValue, szWhat);
		if (iValue == 0 || iValue == 1)
		{
			return iValue == 1;
		}
	}
	badFovArgument(
		std::string(szWhat) + " must be True or False (or 0 or 1), not " + bp::extract<std::string>(bp::str(kValue))());
}

std::string fovText(const bp::object& kValue, const char* szWhat)
{
	if (!PyUnicode_Check(kValue.ptr()))
	{
		badFovArgument(std::string(szWhat) + " must be a str, not " + typeNameOf(kValue));
	}
	return bp::extract<std::string>(kValue)();
}

CvFovMode modeOf(const bp::object& kValue) { return fovModeNamed(fovText(kValue, "mode")); }
CvFovMetric metricOf(const bp::object& kValue) { return fovMetricNamed(fovText(kValue, "metric")); }

int radiusOf(const bp::object& kValue)
{
	const int iRadius = fovInt(kValue, "radius");
	if (iRadius < 0 || iRadius > CV_FOV_MAX_RADIUS)
	{
		badFovArgument("radius " + std::to_string(iRadius) + " is outside 0.." + std::to_string(CV_FOV_MAX_RADIUS));
	}
	return iRadius;
}

// Plot indices as (x, y) tuples, sorted as Python sorts them.
bp::list cellList(const FovGrid& kGrid, const std::vector<int>& aiPlots)
{
	std::vector<std::pair<int, int>> aCells;
	for (int iPlot : aiPlots)
	{
		aCells.push_back(std::make_pair(iPlot % kGrid.getGridWidth(), iPlot / kGrid.getGridWidth()));
	}
	std::sort(aCells.begin(), aCells.end());
	bp::list kOut;
	for (const std::pair<int, int>& kCell : aCells)
	{
		kOut.append(bp::make_tuple(kCell.first, kCell.second));
	}
	return kOut;
}

// A grid from a list of rows, row y at index y: each a str ('#' opaque, any other character
// transparent) or a sequence of bools or 0/1 (true: opaque).
FovGrid gridOf(const bp::object& kRows, bool bWrapX, bool bWrapY)
{
	if (PyUnicode_Check(kRows.ptr()) || !PySequence_Check(kRows.ptr()))
	{
		badFovArgument(
			"grid must be a list of rows (str with '#' for walls, or lists of bools), not " + typeNameOf(kRows));
	}
	const int iHeight = static_cast<int>(bp::len(kRows));
	if (iHeight == 0)
	{
		badFovArgument("grid has no rows");
	}
	std::vector<std::vector<bool>> aaRows;
	for (int iY = 0; iY < iHeight; ++iY)
	{
		const bp::object kRow = kRows[iY];
		std::vector<bool> abRow;
		if (PyUnicode_Check(kRow.ptr()))
		{
			const std::string sRow = bp::extract<std::string>(kRow); // a copy: extract's own storage dies with it
			for (char c : sRow)
			{
				abRow.push_back(c == '#');
			}
		}
		else if (PySequence_Check(kRow.ptr()))
		{
			const int iLength = static_cast<int>(bp::len(kRow));
			for (int iX = 0; iX < iLength; ++iX)
			{
				abRow.push_back(fovBool(kRow[iX], "a grid cell"));
			}
		}
		else
		{
			badFovArgument("grid row " + std::to_string(iY) + " must be a str or a list, not " + typeNameOf(kRow));
		}
		if (abRow.empty() || (!aaRows.empty() && abRow.size() != aaRows[0].size()))
		{
			badFovArgument("grid row " + std::to_string(iY) + " has " + std::to_string(abRow.size())
				+ " cells; every row needs the same number, at least 1");
		}
		aaRows.push_back(abRow);
	}
	FovGrid kGrid(static_cast<int>(aaRows[0].size()), iHeight, bWrapX, bWrapY);
	for (int iY = 0; iY < iHeight; ++iY)
	{
		for (int iX = 0; iX < kGrid.getGridWidth(); ++iX)
		{
			kGrid.setOpaque(iX, iY, aaRows[size_t(iY)][size_t(iX)]);
		}
	}
	return kGrid;
}

bp::list fov(const bp::object& kGrid, const bp::object& kX, const bp::object& kY, const bp::object& kRadius,
	const bp::object& kMode, const bp::object& kMetric, const bp::object& kWrapX, const bp::object& kWrapY)
{
	const FovGrid kCells = gridOf(kGrid, fovBool(kWrapX, "wrap_x"), fovBool(kWrapY, "wrap_y"));
	const int iX = fovInt(kX, "x");
	const int iY = fovInt(kY, "y");
	kCells.check(iX, iY, "origin");
	return cellList(kCells, fovVisiblePlots(kCells, iX, iY, radiusOf(kRadius), modeOf(kMode), metricOf(kMetric)));
}

bool lineOfSight(const bp::object& kGrid, const bp::object& kFromX, const bp::object& kFromY, const bp::object& kToX,
	const bp::object& kToY, const bp::object& kRadius, const bp::object& kMetric, const bp::object& kWrapX,
	const bp::object& kWrapY)
{
	const FovGrid kCells = gridOf(kGrid, fovBool(kWrapX, "wrap_x"), fovBool(kWrapY, "wrap_y"));
	const int iFromX = fovInt(kFromX, "x0");
	const int iFromY = fovInt(kFromY, "y0");
	const int iToX = fovInt(kToX, "x1");
	const int iToY = fovInt(kToY, "y1");
	return fovLineOfSight(kCells, iFromX, iFromY, iToX, iToY, radiusOf(kRadius), metricOf(kMetric));
}

// --- ViewshedWorld ------------------------------------------------------------------------

typedef std::shared_ptr<ViewshedWorld> ViewshedPtr;

ViewshedPtr worldNew(
	const bp::object& kWidth, const bp::object& kHeight, const bp::object& kWrapX, const bp::object& kWrapY)
{
	return std::make_shared<ViewshedWorld>(
		fovInt(kWidth, "width"), fovInt(kHeight, "height"), fovBool(kWrapX, "wrap_x"), fovBool(kWrapY, "wrap_y"));
}

int idOf(const ViewshedWorld& kWorld, const bp::object& kId)
{
	const int iId = fovInt(kId, "observer id");
	kWorld.isDirty(iId); // throws for an unknown id
	return iId;
}

void worldSetOpaque(ViewshedWorld& k, const bp::object& kX, const bp::object& kY, const bp::object& kOpaque)
{
	k.setOpaque(fovInt(kX, "x"), fovInt(kY, "y"), fovBool(kOpaque, "opaque"));
}
bool worldIsOpaque(const ViewshedWorld& k, const bp::object& kX, const bp::object& kY)
{
	return k.isOpaque(fovInt(kX, "x"), fovInt(kY, "y"));
}
int worldAddObserver(ViewshedWorld& k, const bp::object& kX, const bp::object& kY, const bp::object& kRadius,
	const bp::object& kMode, const bp::object& kMetric)
{
	const int iX = fovInt(kX, "x");
	const int iY = fovInt(kY, "y");
	return k.addObserver(iX, iY, radiusOf(kRadius), modeOf(kMode), metricOf(kMetric));
}
void worldMoveObserver(ViewshedWorld& k, const bp::object& kId, const bp::object& kX, const bp::object& kY)
{
	k.moveObserver(idOf(k, kId), fovInt(kX, "x"), fovInt(kY, "y"));
}
void worldSetRadius(ViewshedWorld& k, const bp::object& kId, const bp::object& kRadius)
{
	k.setRadius(idOf(k, kId), radiusOf(kRadius));
}
void worldRemoveObserver(ViewshedWorld& k, const bp::object& kId) { k.removeObserver(idOf(k, kId)); }
bp::list worldObservers(const ViewshedWorld& k)
{
	bp::list kOut;
	for (int iId : k.observerIds())
	{
		kOut.append(iId);
	}
	return kOut;
}
bool worldIsDirty(const ViewshedWorld& k, const bp::object& kId) { return k.isDirty(idOf(k, kId)); }
bp::tuple worldPosition(const ViewshedWorld& k, const bp::object& kId)
{
	const std::pair<int, int> kAt = k.position(idOf(k, kId));
	return bp::make_tuple(kAt.first, kAt.second);
}
int worldRadius(const ViewshedWorld& k, const bp::object& kId) { return k.radius(idOf(k, kId)); }
bp::list worldVisible(const ViewshedWorld& k, const bp::object& kId)
{
	return cellList(k.grid(), k.visiblePlots(idOf(k, kId)));
}
bool worldIsVisible(const ViewshedWorld& k, const bp::object& kId, const bp::object& kX, const bp::object& kY)
{
	return k.isVisible(idOf(k, kId), fovInt(kX, "x"), fovInt(kY, "y"));
}
bool worldIsRevealed(const ViewshedWorld& k, const bp::object& kId, const bp::object& kX, const bp::object& kY)
{
	return k.isRevealed(idOf(k, kId), fovInt(kX, "x"), fovInt(kY, "y"));
}
bp::object worldRemembered(const ViewshedWorld& k, const bp::object& kId, const bp::object& kX, const bp::object& kY)
{
	const ViewshedWorld::Memory eMemory = k.remembered(idOf(k, kId), fovInt(kX, "x"), fovInt(kY, "y"));
	return eMemory == ViewshedWorld::MEMORY_UNKNOWN ? bp::object()
													: bp::object(eMemory == ViewshedWorld::MEMORY_OPAQUE);
}
bp::list worldRevealed(const ViewshedWorld& k, const bp::object& kId)
{
	return cellList(k.grid(), k.revealedPlots(idOf(k, kId)));
}
bool worldInRange(const ViewshedWorld& k, const bp::object& kId, const bp::object& kX, const bp::object& kY)
{
	return k.inRange(idOf(k, kId), fovInt(kX, "x"), fovInt(kY, "y"));
}
int worldWidth(const ViewshedWorld& k) { return k.grid().getGridWidth(); }
int worldHeight(const ViewshedWorld& k) { return k.grid().getGridHeight(); }
std::string worldRepr(const ViewshedWorld& k)
{
	return "<cvvision.ViewshedWorld " + std::to_string(k.grid().getGridWidth()) + "x"
		+ std::to_string(k.grid().getGridHeight()) + ", " + std::to_string(k.observerIds().size()) + " observers>";
}
}

void exportFov()
{
	bp::scope().attr("FOV_MAX_RADIUS") = CV_FOV_MAX_RADIUS;

	bp::def("fov", &fov,
		(bp::arg("grid"), bp::arg("x"), bp::arg("y"), bp::arg("radius"), bp::arg("mode") = "symmetric",
			bp::arg("metric") = "euclidean", bp::arg("wrap_x") = false, bp::arg("wrap_y") = false),
		"fov(grid, x, y, radius, mode='symmetric', metric='euclidean', wrap_x=False, wrap_y=False) -> list\n\n"
		"The cells visible from (x, y), as sorted (x, y) tuples. grid is a list of\n"
		"rows, row y at index y: each a str ('#' is a wall, any other character is open) or a list of bools\n"
		"(True: opaque). radius 0..FOV_MAX_RADIUS (64). mode 'symmetric' (one symmetric line per target: A\n"
		"sees B exactly when B sees A) or 'permissive' (visible when some ray from the origin to the border\n"
		"of the square reaches it clear). metric 'euclidean' (dx*dx + dy*dy <= r*r + r), 'chebyshev' (the\n"
		"square) or 'manhattan' (the diamond). Walls are visible, what lies behind them is not.\n"
		"ValueError for a bad grid, an origin off the map, a radius out of range or an unknown name.");

	bp::def("line_of_sight", &lineOfSight,
		(bp::arg("grid"), bp::arg("x0"), bp::arg("y0"), bp::arg("x1"), bp::arg("y1"), bp::arg("radius"),
			bp::arg("metric") = "euclidean", bp::arg("wrap_x") = false, bp::arg("wrap_y") = false),
		"line_of_sight(grid, x0, y0, x1, y1, radius, metric='euclidean', wrap_x=False, wrap_y=False) -> bool\n\n"
		"Does (x0, y0) see (x1, y1) in the symmetric mode? The same answer as (x1, y1) in fov(grid, x0, y0,\n"
		"radius, 'symmetric', metric), and the same both ways. Arguments and errors as in fov().");

	bp::class_<ViewshedWorld, ViewshedPtr, boost::noncopyable>("ViewshedWorld",
		"A grid of opaque cells with observers, each with a viewshed: the cells it sees (as of the last\n"
		"update()), a dirty flag, and a memory of every cell it has seen and what the cell looked like\n"
		"when last seen. Moving an observer, changing its radius, or changing a cell within its range marks\n"
		"it dirty; update() recomputes only the dirty ones and returns how many. Coordinates are (x, y).\n\n"
		"    world = cvvision.ViewshedWorld(40, 30, wrap_x=False, wrap_y=False)\n"
		"    world.set_opaque(5, 5); a = world.add_observer(3, 3, 8); world.update(); world.visible(a)",
		bp::no_init)
		.def("__init__",
			bp::make_constructor(&worldNew, bp::default_call_policies(),
				(bp::arg("width"), bp::arg("height"), bp::arg("wrap_x") = false, bp::arg("wrap_y") = false)),
			"ViewshedWorld(width, height, wrap_x=False, wrap_y=False)\n\nAn open grid (no walls), 1..4096 cells a "
			"side.")
		.add_property("width", &worldWidth, "Cells per row.")
		.add_property("height", &worldHeight, "Rows.")
		.def("__repr__", &worldRepr)
		.def("set_opaque", &worldSetOpaque, (bp::arg("self"), bp::arg("x"), bp::arg("y"), bp::arg("opaque") = true),
			"set_opaque(x, y, opaque=True)\n\nMakes a cell a wall (or open); marks dirty the observers whose range "
			"covers it.")
		.def("is_opaque", &worldIsOpaque, (bp::arg("self"), bp::arg("x"), bp::arg("y")), "is_opaque(x, y) -> bool")
		.def("add_observer", &worldAddObserver,
			(bp::arg("self"), bp::arg("x"), bp::arg("y"), bp::arg("radius"), bp::arg("mode") = "symmetric",
				bp::arg("metric") = "euclidean"),
			"add_observer(x, y, radius, mode='symmetric', metric='euclidean') -> int\n\n"
			"A new observer (dirty until the next update); returns its id. Modes and metrics as in fov().")
		.def("move_observer", &worldMoveObserver, (bp::arg("self"), bp::arg("id"), bp::arg("x"), bp::arg("y")),
			"move_observer(id, x, y)\n\nMarks it dirty when the position changes.")
		.def("set_radius", &worldSetRadius, (bp::arg("self"), bp::arg("id"), bp::arg("radius")),
			"set_radius(id, radius)\n\nMarks it dirty when the radius changes.")
		.def("remove_observer", &worldRemoveObserver, (bp::arg("self"), bp::arg("id")),
			"remove_observer(id)\n\nIts id is not reused.")
		.def("observers", &worldObservers, "observers() -> list\n\nThe ids of the observers.")
		.def("update", &ViewshedWorld::update,
			"update() -> int\n\nRecomputes the viewsheds (and memories) of the dirty observers; returns how many.")
		.def("is_dirty", &worldIsDirty, (bp::arg("self"), bp::arg("id")), "is_dirty(id) -> bool")
		.def("position", &worldPosition, (bp::arg("self"), bp::arg("id")), "position(id) -> (x, y)")
		.def("radius", &worldRadius, (bp::arg("self"), bp::arg("id")), "radius(id) -> int")
		.def("visible", &worldVisible, (bp::arg("self"), bp::arg("id")),
			"visible(id) -> list\n\nThe cells the observer saw at the last update, as sorted (x, y) tuples.")
		.def("is_visible", &worldIsVisible, (bp::arg("self"), bp::arg("id"), bp::arg("x"), bp::arg("y")),
			"is_visible(id, x, y) -> bool\n\nAs of the last update.")
		.def("is_revealed", &worldIsRevealed, (bp::arg("self"), bp::arg("id"), bp::arg("x"), bp::arg("y")),
			"is_revealed(id, x, y) -> bool\n\nHas the observer ever seen the cell?")
		.def("remembered", &worldRemembered, (bp::arg("self"), bp::arg("id"), bp::arg("x"), bp::arg("y")),
			"remembered(id, x, y) -> bool or None\n\n"
			"What the observer remembers of the cell: True (a wall when last seen), False (open), None (never seen).\n"
			"A cell changed out of sight keeps its remembered state until seen again.")
		.def("revealed", &worldRevealed, (bp::arg("self"), bp::arg("id")),
			"revealed(id) -> list\n\nEvery cell the observer has seen, as sorted (x, y) tuples.")
		.def("in_range", &worldInRange, (bp::arg("self"), bp::arg("id"), bp::arg("x"), bp::arg("y")),
			"in_range(id, x, y) -> bool\n\nDoes the observer's radius cover the cell (across wrapping seams)?");
}
