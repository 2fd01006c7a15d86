// A saved game (formats/SaveReader.h) as a world: its sight sources with the loaded rules, what its
// teams remember, the techs they know, and its view. scenario/WorldLoader.h uses these for both
// front ends; the audit (analysis/SaveAudit.h), tests and fuzz targets call them directly.
#pragma once

#include "formats/SaveReader.h"
#include "model/MapView.h"
#include "model/VisionWorld.h"

#include <set>
#include <vector>

namespace cvv {

// The save's sources with the rules: plots (kind, terrain, feature, improvement, owner), cities,
// units (type, place, facing, promotions, recon plot), techs (Optics), vassal masters, espionage.
// Type indices are checked against the rules (SaveError naming the plot or unit when out of range).
VisionWorld buildSaveWorld(const SaveGame& kSave, const CvVisionRules& kRules);

// What the save says each team remembers, into the world's memory: its revealed plots with their
// revealed owner, improvement and route. Plots the world's own sight reaches keep the truth.
void rememberSave(VisionWorld& kWorld, const SaveGame& kSave);

// The techs of every team of the save (as many entries as the save has teams).
std::vector<std::set<int>> techsOfSave(const SaveGame& kSave);

// The save as the renderers draw it, with the save's own revealed memory for the fog.
MapView viewOfSave(const SaveGame& kSave, const VisionWorld& kWorld, const CvVisionRules& kRules);

} // namespace cvv
