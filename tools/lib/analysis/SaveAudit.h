// A saved game's audit: the comparison of the counts CvVision computes (the save's world, built by
// scenario/WorldFromSave.h) with the counts the game stored (`cvvision audit`).
#pragma once

#include "formats/SaveReader.h"
#include "model/VisionWorld.h"

#include <string>
#include <vector>

namespace cvv {

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
	long lTeamPlots = 0; // team-plots compared (every plot for every team with a stored or expected count)
	long lMatching = 0;
};

SaveAuditResult auditSave(const SaveGame& kSave, const VisionWorld& kWorld, const CvVisionRules& kRules);

} // namespace cvv
