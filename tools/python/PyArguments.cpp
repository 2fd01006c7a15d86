// The arguments of the Python module checked and converted; see PyArguments.h.
#include "PyArguments.h"

#include <algorithm>
#include <cctype>
#include <climits>

namespace bp = boost::python;

namespace cvv::py {

[[noreturn]] void badArgument(const std::string& sMessage) { throw std::invalid_argument(sMessage); }

// A str, if the object is one.
std::optional<std::string> textOf(const bp::object& kValue)
{
	if (!PyUnicode_Check(kValue.ptr()))
	{
		return std::nullopt;
	}
	Py_ssize_t iSize = 0;
	const char* szText = PyUnicode_AsUTF8AndSize(kValue.ptr(), &iSize);
	if (!szText)
	{
		bp::throw_error_already_set();
	}
	return std::string(szText, static_cast<size_t>(iSize));
}

// A whole number that fits an int (int, bool or anything with __index__; not a str), if the
// object is one.
std::optional<int> intOf(const bp::object& kValue)
{
	PyObject* pValue = kValue.ptr();
	if (PyUnicode_Check(pValue) || !PyIndex_Check(pValue))
	{
		return std::nullopt;
	}
	const bp::object kIndex(bp::handle<>(PyNumber_Index(pValue)));
	int iOverflow = 0;
	const long lValue = PyLong_AsLongAndOverflow(kIndex.ptr(), &iOverflow);
	if (iOverflow != 0 || lValue < INT_MIN || lValue > INT_MAX)
	{
		return std::nullopt;
	}
	return static_cast<int>(lValue);
}

// A path from str or any os.PathLike.
std::string pathOf(const bp::object& kPath, const char* szWhat)
{
	if (kPath.is_none())
	{
		badArgument(std::string(szWhat) + " must be a path, not None");
	}
	const std::optional<std::string> kText = textOf(bp::import("os").attr("fspath")(kPath));
	if (!kText)
	{
		badArgument(std::string(szWhat) + " must be a str path (bytes paths are not supported)");
	}
	return *kText;
}

std::string lower(std::string s)
{
	std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
	return s;
}

// "peak", "hills", "flat", "water" (also "land", "ocean", Civ4's PLOT_PEAK...) or 0..3.
CvVisionPlotKind plotKindOf(const bp::object& kValue)
{
	if (const std::optional<int> kNumber = intOf(kValue))
	{
		const int i = *kNumber;
		if (i < 0 || i > 3)
		{
			badArgument("plot_type " + std::to_string(i) + " must be 0 (peak), 1 (hills), 2 (flat) or 3 (water)");
		}
		return static_cast<CvVisionPlotKind>(i);
	}
	if (const std::optional<std::string> kText = textOf(kValue))
	{
		std::string s = lower(*kText);
		if (s.compare(0, 5, "plot_") == 0)
		{
			s = s.substr(5);
		}
		if (s == "peak")
		{
			return CV_VISION_PLOT_PEAK;
		}
		if (s == "hills" || s == "hill")
		{
			return CV_VISION_PLOT_HILLS;
		}
		if (s == "flat" || s == "land")
		{
			return CV_VISION_PLOT_LAND;
		}
		if (s == "water" || s == "ocean")
		{
			return CV_VISION_PLOT_OCEAN;
		}
		badArgument("plot_type '" + *kText + "' must be \"peak\", \"hills\", \"flat\" or \"water\" (or 0..3)");
	}
	badArgument("plot_type must be \"peak\", \"hills\", \"flat\", \"water\" or 0..3");
}

const char* const g_aszPlotKinds[4] = { "peak", "hills", "flat", "water" };
const char* const g_aszDirections[8] = { "north", "northeast", "east", "southeast", "south", "southwest", "west",
	"northwest" };

// Civ4's DirectionTypes: 0 north, 1 northeast ... 7 northwest; also by name ("south", "DIRECTION_SOUTH").
int facingOf(const bp::object& kValue)
{
	if (const std::optional<int> kNumber = intOf(kValue))
	{
		const int i = *kNumber;
		if (i < 0 || i > 7)
		{
			badArgument(
				"facing " + std::to_string(i) + " must be 0..7 (0 north, 1 northeast, ... 4 south, ... 7 northwest)");
		}
		return i;
	}
	if (const std::optional<std::string> kText = textOf(kValue))
	{
		std::string s = lower(*kText);
		if (s.compare(0, 10, "direction_") == 0)
		{
			s = s.substr(10);
		}
		for (int i = 0; i < 8; ++i)
		{
			if (s == g_aszDirections[i])
			{
				return i;
			}
		}
		badArgument(
			"facing '" + *kText + "' must be a direction (\"north\", \"northeast\", ... \"northwest\") or 0..7");
	}
	badArgument("facing must be 0..7 or a direction name such as \"south\"");
}

std::pair<int, int> pairOf(const bp::object& kValue, const char* szWhat)
{
	const auto fBad = [&] { badArgument(std::string(szWhat) + " must be an (x, y) pair of whole numbers"); };
	if (!PySequence_Check(kValue.ptr()) || PyUnicode_Check(kValue.ptr()) || bp::len(kValue) != 2)
	{
		fBad();
	}
	const std::optional<int> kX = intOf(kValue[0]);
	const std::optional<int> kY = intOf(kValue[1]);
	if (!kX || !kY)
	{
		fBad();
	}
	return { *kX, *kY };
}

} // namespace cvv::py
