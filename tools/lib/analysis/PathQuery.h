// Paths on the host: the world model (VisionWorld) as the pathfinder's world, the unit a query
// moves, and one query answered twice, under the team's knowledge and under the truth
// (analysis/PathPicture.h draws the answer).
#pragma once

#include "CvPathfinder.h"
#include "model/VisionWorld.h"

#include <set>
#include <string>
#include <utility>
#include <vector>

namespace cvv {

// VisionWorld as CvKnowledgeView's World: the truth from its plots, what a team sees from its
// counts, what it remembers from its revealed memory.
class VisionWorldPlots
{
public:
	explicit VisionWorldPlots(const VisionWorld& kWorld) : m_kWorld(kWorld) {}

	int getGridWidth() const { return m_kWorld.state().iWidth; }
	int getGridHeight() const { return m_kWorld.state().iHeight; }
	bool isWrapX() const { return m_kWorld.state().bWrapX; }
	bool isWrapY() const { return m_kWorld.state().bWrapY; }

	CvPathPlot truePlot(int iPlot) const
	{
		const VisionWorld::PlotState& kState = m_kWorld.state().aPlots[iPlot];
		CvPathPlot kPlot;
		kPlot.eKind = kState.eKind;
		kPlot.eTerrain = kState.eTerrain;
		kPlot.eFeature = kState.eFeature;
		kPlot.eRoute = kState.eRoute;
		kPlot.eOwner = kState.eOwner;
		kPlot.bKnown = true;
		return kPlot;
	}
	bool isVisibleTo(int iPlot, int eTeam) const
	{
		return m_kWorld.grid().counts()[eTeam * m_kWorld.plotCount() + iPlot] > 0;
	}
	bool isRevealedTo(int iPlot, int eTeam) const { return m_kWorld.memory(eTeam, iPlot).bRevealed; }
	int revealedRoute(int iPlot, int eTeam) const { return m_kWorld.memory(eTeam, iPlot).eRoute; }
	int revealedOwner(int iPlot, int eTeam) const { return m_kWorld.memory(eTeam, iPlot).eOwner; }

private:
	const VisionWorld& m_kWorld;
};

// Who moves, and what it may enter.
struct PathMover
{
	int eTeam = 0;
	int eUnitType = -1; // -1: a land unit with one move
	std::set<int> aeTechs; // the team's techs (route TechMovementChanges)
	std::set<int> aeOpenTeams; // teams whose territory it may enter (open borders or war)
	int eBarbarianTeam = -1; // always at war: open (a map's or a save's last team)
};

// The index of plot (x, y) of the world; std::invalid_argument naming szWhat when it is off the map.
int pathPlotIndex(const VisionWorld& kWorld, std::pair<int, int> kXY, const char* szWhat);

// The type of the first unit of eTeam on (iX, iY), or -1.
int unitTypeAt(const VisionWorld& kWorld, int eTeam, int iX, int iY);

// The CvPathUnit of a mover. Its own team, its vassal master and vassals, the barbarians and
// aeOpenTeams are open; every other team's territory is closed
// (with CVVISION_PATH_CLOSED_BORDERS). Throws std::invalid_argument on a bad team or unit type.
CvPathUnit pathUnitOf(const VisionWorld& kWorld, const CvVisionRules& kRules, const PathMover& kMover);

struct PathAnswer
{
	CvPathResult kKnowledge; // planned with what the team knows
	CvPathResult kTruth; // planned with the truth
};

// Plans from (iFromX, iFromY) to (iToX, iToY) both ways with one seed. Throws
// std::invalid_argument when a plot is off the map.
PathAnswer planPath(const VisionWorld& kWorld, const CvVisionRules& kRules, const PathMover& kMover,
	std::pair<int, int> kFrom, std::pair<int, int> kTo, unsigned int uSeed);

// "found" or "fallback" (and what the cost means), for people; "found", "fallback" or
// "bad_plot" for machines.
std::string pathStatusText(const CvPathResult& kResult);
const char* pathStatusName(const CvPathResult& kResult);

} // namespace cvv
