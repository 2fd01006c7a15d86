// The three pictures of a MapView that `cvvision show` and `cvvision render` make: text for a
// terminal, a PNG, and a self-contained HTML page. Each shows what one team knows of the map:
// plots it sees now (visible: count > 0), plots it saw before (fogged: revealed, count 0), and
// plots it never saw (unknown).
//
// Text symbols, one character per plot, north row first, inside a +--+ frame:
//   visible  ~ water   . flat land   h hills   ^ peak   f forest or jungle   H forested hills
//            # city    @ a unit of the chosen team   u another team's unit (only where seen)
//   fogged   , land    - water
//   unknown  (a space)
// A legend heads the map and the line "team T sees N plots" ends it. In colour, every plot also
// gets a background (its terrain; greyed and darkened when fogged; black when unknown) with ANSI
// escapes; stripping the escapes gives exactly the plain text.
//
// The PNG and the page show all of this with colours; the page is an inspector: it holds every
// plot's facts and every unit (also those the chosen team cannot see, drawn hollow), and its team
// selector switches the shading.
#pragma once

#include "model/MapView.h"

#include <string>
#include <vector>

namespace cvv {

struct RenderOptions
{
	int eTeam = 0; // whose knowledge is shown
	bool bColor = true; // text only: ANSI colours (the CLI passes isatty)
};

// The pixels a plot takes in the PNG, on each side.
constexpr int RENDER_PNG_CELL_PIXELS = 8;

// The terminal picture (see above). Throws std::invalid_argument when the team is not on the map
// or the view is inconsistent (plots, per-team vectors or unit positions not matching its size).
std::string renderText(const MapView& kView, const RenderOptions& kOptions);

// A PNG of RENDER_PNG_CELL_PIXELS per plot and side: terrain colours, hills and peaks marked,
// forests and jungles as trees, cities as squares, units the team sees as dots of their team's
// colour; fogged plots greyed and darkened, unknown plots black. bColor is ignored. Writes a
// temporary file next to sPath and renames it, so sPath is never half-written (writeOutputs of
// OutputFile.h: a link is followed, a FIFO or device written straight). Throws
// std::runtime_error naming sPath when it cannot be written (nothing is left behind), and
// std::invalid_argument as renderText does.
void writePng(const MapView& kView, const RenderOptions& kOptions, const std::string& sPath);
// The same PNG, in memory (for writeOutputs of OutputFile.h, with other files).
std::string pngBytes(const MapView& kView, const RenderOptions& kOptions);

// One HTML document with inline CSS, JS and data (JSON): no outside resources. It is the files of
// render/page/ (embedded at build time: EmbeddedPage.h) around the map's data. It draws the map on
// a canvas with the chosen team's shading and a team selector; hovering a plot shows its
// coordinates, terrain, feature, improvement, owner, levels, units and every team's count and
// revealed flag; clicking a unit (on the map or in the list) highlights the plots it sees. When its
// script has run, <body> carries data-plots-drawn, data-units-drawn, data-width, data-height and
// data-self-check="ok" (every plot and unit drawn) for tests. Throws as renderText does.
std::string renderHtml(const MapView& kView, const RenderOptions& kOptions);

} // namespace cvv
