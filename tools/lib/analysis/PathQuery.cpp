// See PathQuery.h.
#include "analysis/PathQuery.h"

#include <stdexcept>

namespace cvv {

int pathPlotIndex(const VisionWorld& kWorld, std::pair<int, int> kXY, const char* szWhat)
{
	const VisionWorld::State& kState = kWorld.state();
	if (kXY.first < 0 || kXY.first >= kState.iWidth || kXY.second < 0 || kXY.second >= kState.iHeight)
	{
		throw std::invalid_argument(std::string(szWhat) + " (" + std::to_string(kXY.first) + ","
			+ std::to_string(kXY.second) + ") is off the " + std::to_string(kState.iWidth) + "x"
			+ std::to_string(kState.iHeight) + " map");
	}
	return kXY.second * kState.iWidth + kXY.first;
}

int unitTypeAt(const VisionWorld& kWorld, int eTeam, int iX, int iY)
{
	for (const auto& [iId, kUnit] : kWorld.state().kUnits)
	{
		if (kUnit.eTeam == eTeam && kUnit.iX == iX && kUnit.iY == iY)
		{
			return kUnit.eType;
		}
	}
	return -1;
}

CvPathUnit pathUnitOf(const VisionWorld& kWorld, const CvVisionRules& kRules, const PathMover& kMover)
{
	const VisionWorld::State& kState = kWorld.state();
	if (kMover.eTeam < 0 || kMover.eTeam >= kState.iNumTeams)
	{
		throw std::invalid_argument("team " + std::to_string(kMover.eTeam) + " is not on the map (teams 0.."
			+ std::to_string(kState.iNumTeams - 1) + ")");
	}
	CvPathUnit kUnit;
	kUnit.eTeam = kMover.eTeam;
	if (kMover.eUnitType >= 0)
	{
		if (kMover.eUnitType >= static_cast<int>(kRules.aUnits.size()))
		{
			throw std::invalid_argument("no unit type " + std::to_string(kMover.eUnitType));
		}
		const CvVisionUnitRule& kType = kRules.aUnits[kMover.eUnitType];
		if (kType.eDomain != CV_VISION_DOMAIN_LAND && kType.eDomain != CV_VISION_DOMAIN_SEA)
		{
			throw std::invalid_argument(kType.szType + " is not a land or sea unit: it has no path");
		}
	}
	kUnit.setType(kRules, kMover.eUnitType);
	kUnit.setRouteChanges(kRules, [&](int eTech) { return kMover.aeTechs.count(eTech) > 0; });
	kUnit.abClosedTeam.assign(kState.iNumTeams, true);
	const int eBarbarian = kMover.eBarbarianTeam;
	for (int eTeam = 0; eTeam < kState.iNumTeams; ++eTeam)
	{
		const bool bOwn = eTeam == kMover.eTeam;
		const bool bVassalTie = kState.aeMaster.at(eTeam) == kMover.eTeam || kState.aeMaster.at(kMover.eTeam) == eTeam;
		if (bOwn || bVassalTie || eTeam == eBarbarian || kMover.aeOpenTeams.count(eTeam))
		{
			kUnit.abClosedTeam[eTeam] = false;
		}
	}
	return kUnit;
}

PathAnswer planPath(const VisionWorld& kWorld, const CvVisionRules& kRules, const PathMover& kMover,
	std::pair<int, int> kFrom, std::pair<int, int> kTo, unsigned int uSeed)
{
	const int iFrom = pathPlotIndex(kWorld, kFrom, "--from");
	const int iTo = pathPlotIndex(kWorld, kTo, "--to");
	const CvPathCost kCost(kRules, pathUnitOf(kWorld, kRules, kMover));
	const VisionWorldPlots kPlots(kWorld);
	CvPathfinder kFinder;
	PathAnswer kAnswer;
	kAnswer.kKnowledge =
		kFinder.findPath(CvKnowledgeView<VisionWorldPlots>(kPlots, kMover.eTeam), kCost, iFrom, iTo, uSeed);
	kAnswer.kTruth = kFinder.findPath(CvTruthView<VisionWorldPlots>(kPlots), kCost, iFrom, iTo, uSeed);
	return kAnswer;
}

std::string pathStatusText(const CvPathResult& kResult)
{
	switch (kResult.eStatus)
	{
	case CV_PATH_FOUND: return "reaches the goal";
	case CV_PATH_FALLBACK: return "goal unreachable, ends on the closest reachable plot";
	default: return "no path (a plot off the map)";
	}
}

const char* pathStatusName(const CvPathResult& kResult)
{
	switch (kResult.eStatus)
	{
	case CV_PATH_FOUND: return "found";
	case CV_PATH_FALLBACK: return "fallback";
	default: return "bad_plot";
	}
}

} // namespace cvv
