// A saved game's sight, rebuilt: every source of the save in a VisionWorld, and the comparison of
// the counts CvVision computes with the counts the game stored (`cvvision audit`).
#pragma once

#include "model/MapView.h"
#include "formats/SaveReader.h"
#include "model/VisionWorld.h"

#include <string>
#include <vector>

namespace cvv {

// The save's sources with the rules: plots (kind, terrain, feature, improvement, owner), cities,
// units (type, place, facing, promotions, recon plot), techs (Optics), vassal masters, espionage.
// Type indices are checked against the rules (SaveError naming the plot or unit when out of range).
VisionWorld buildSaveWorld(const SaveGame& kSave, const CvVisionRules& kRules);

struct SaveDifference
{
	int iX;
	int iY;
	int eTeam;
	int eInvisible; // -1: the plain count
	int iStored;
	int iExpected;
	std::vector<std::string> asSources; // the sources CvVision says see the plot
};

struct SaveAuditResult
{
	std::vector<SaveDifference> aDifferences;
	long lTeamPlots = 0;    // team-plots compared (every plot for every team with a stored or expected count)
	long lMatching = 0;
};

SaveAuditResult auditSave(const SaveGame& kSave, const VisionWorld& kWorld, const CvVisionRules& kRules);

// The save as the renderers draw it, with the save's own revealed memory for the fog.
MapView viewOfSave(const SaveGame& kSave, const VisionWorld& kWorld, const CvVisionRules& kRules);

} // namespace cvv
