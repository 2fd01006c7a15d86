// A WorldBuilder map (formats/WbReader.h) as a world: its sight sources with the loaded rules,
// what its teams remember, and the techs they know. scenario/WorldLoader.h uses these for both front
// ends; tests and fuzz targets call them directly.
#pragma once

#include "formats/WbReader.h"
#include "model/VisionWorld.h"

#include <set>
#include <string>
#include <vector>

namespace cvv {

// The map's sight sources in a world with the rules: each plot's facts, each unit with its
// promotions and facing, each city's plot as an owned plot, each team's techs and vassal master.
// Unknown names and misplaced things are WbErrors naming the line; with bLenient they become
// warnings (in *pWarnings) and what cannot be placed is skipped.
VisionWorld buildWorld(const WbMap& kMap, const CvVisionRules& kRules, bool bLenient,
	std::vector<std::string>* pWarnings, WbProgress fProgress = nullptr);

// What the map says each team remembers, into the world's memory: its TeamReveal plots as they are
// in the file. Plots the world's own sight reaches keep the truth.
void rememberMap(VisionWorld& kWorld, const WbMap& kMap);

// The techs of every team of the map (numTeams() entries; names the rules lack are left out).
std::vector<std::set<int>> techsOfMap(const WbMap& kMap, const CvVisionRules& kRules);

} // namespace cvv
