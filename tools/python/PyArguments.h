// The arguments of the Python module `cvvision` checked and converted (PyCvVision.cpp): text, whole
// numbers, paths, plot types, facings and (x, y) pairs, each refused with a ValueError that says what
// was expected (badArgument throws std::invalid_argument, which the module turns into ValueError).
#pragma once

// Boost 1.74 announces its own deprecated internals from within Boost.Python (PyCvVision.cpp).
#define BOOST_BIND_GLOBAL_PLACEHOLDERS
#define BOOST_ALLOW_DEPRECATED_HEADERS
#include <boost/python.hpp>

#include "CvVisionRules.h" // CvVisionPlotKind

#include <optional>
#include <string>
#include <utility>

namespace cvv::py {

[[noreturn]] void badArgument(const std::string& sMessage);
// A str, if the object is one.
std::optional<std::string> textOf(const boost::python::object& kValue);
// A whole number that fits an int (int, bool or anything with __index__; not a str), if the object
// is one.
std::optional<int> intOf(const boost::python::object& kValue);
// A path from str or any os.PathLike.
std::string pathOf(const boost::python::object& kPath, const char* szWhat);
std::string lower(std::string s);
// "peak", "hills", "flat", "water" (also "land", "ocean", Civ4's PLOT_PEAK...) or 0..3.
CvVisionPlotKind plotKindOf(const boost::python::object& kValue);
// Civ4's DirectionTypes: 0 north, 1 northeast ... 7 northwest; also by name ("south", "DIRECTION_SOUTH").
int facingOf(const boost::python::object& kValue);
std::pair<int, int> pairOf(const boost::python::object& kValue, const char* szWhat);

// The names of the plot kinds (by CvVisionPlotKind) and of the eight directions (by DirectionTypes).
extern const char* const g_aszPlotKinds[4];
extern const char* const g_aszDirections[8];

} // namespace cvv::py
