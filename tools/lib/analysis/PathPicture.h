// A path query's answer (analysis/PathQuery.h) drawn: the two paths side by side as text and as
// a PNG.
#pragma once

#include "analysis/PathQuery.h"

#include <string>
#include <utility>

namespace cvv {

// The two paths side by side as text: each map one character per plot, north row first
// (`S` start, `G` goal, `*` the path, `o` its end when it falls short, `=` a route the map
// shows, `~` water, `^` peak, `f` forest or jungle, `h` hills, `.` flat; on the knowledge side
// `?` a plot the team never saw), then each path's status, cost in moves and plots.
std::string renderPaths(const VisionWorld& kWorld, const CvVisionRules& kRules, const PathMover& kMover,
	const PathAnswer& kAnswer, std::pair<int, int> kFrom, std::pair<int, int> kTo);

// Both paths as one PNG (knowledge on the left, truth on the right, 8x8 pixels per plot),
// written as writeOutputs of OutputFile.h does. Throws std::runtime_error naming the file.
void writePathsPng(const std::string& sPath, const VisionWorld& kWorld, const CvVisionRules& kRules,
	const PathMover& kMover, const PathAnswer& kAnswer, std::pair<int, int> kFrom, std::pair<int, int> kTo);
// The same PNG, in memory.
std::string pathsPngBytes(const VisionWorld& kWorld, const CvVisionRules& kRules, const PathMover& kMover,
	const PathAnswer& kAnswer, std::pair<int, int> kFrom, std::pair<int, int> kTo);

} // namespace cvv
