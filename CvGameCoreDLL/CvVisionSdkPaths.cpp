// CvVision: the adapter's paths: a unit's path over the game's map, with the truth or with what its
// team knows (CvPathfinder.h, CvKnowledgeView.h). See CvVisionSdk.h.

#include "CvGameCoreDLL.h"
#include "CvVisionSdkCompat.h" // the game's names: GC, CvMap, CvPlot
#include "CvTeamAI.h"

#include "CvKnowledgeView.h"
#include "CvPathfinder.h"
#include "CvVisionSdk.h"
#include "CvVisionSdkMap.h"
#include "CvVisionSdkState.h"

#include <vector>

namespace
{
	// The game's map as the knowledge view's World (CvKnowledgeView.h): the truth from CvPlot,
	// what a team sees and remembers from the plot's own visibility and revealed memory.
	class CvVisionSdkPathWorld
	{
	public:
		explicit CvVisionSdkPathWorld(const CvMap& kMap) : m_kMap(kMap) {}

		int getGridWidth() const { return cvVisionGridWidth(m_kMap); }
		int getGridHeight() const { return cvVisionGridHeight(m_kMap); }
		bool isWrapX() const { return cvVisionWrapX(m_kMap); }
		bool isWrapY() const { return cvVisionWrapY(m_kMap); }

		CvPathPlot truePlot(int iPlot) const
		{
			const CvPlot& kPlot = *cvVisionPlotByIndex(m_kMap, iPlot);
			CvPathPlot kPath;
			kPath.eKind = cvVisionSdkPlotKind(kPlot);
			kPath.eTerrain = kPlot.getTerrainType();
			kPath.eFeature = kPlot.getFeatureType();
			kPath.eRoute = kPlot.getRouteType();
			kPath.eOwner = kPlot.getTeam();
			kPath.bKnown = true;
			return kPath;
		}
		bool isVisibleTo(int iPlot, int eTeam) const
		{
			return cvVisionPlotByIndex(m_kMap, iPlot)->isVisible(static_cast<TeamTypes>(eTeam), false);
		}
		bool isRevealedTo(int iPlot, int eTeam) const
		{
			return cvVisionPlotByIndex(m_kMap, iPlot)->isRevealed(static_cast<TeamTypes>(eTeam), false);
		}
		int revealedRoute(int iPlot, int eTeam) const
		{
			return cvVisionPlotByIndex(m_kMap, iPlot)->getRevealedRouteType(static_cast<TeamTypes>(eTeam), false);
		}
		int revealedOwner(int iPlot, int eTeam) const
		{
			return cvVisionPlotByIndex(m_kMap, iPlot)->getRevealedTeam(static_cast<TeamTypes>(eTeam), false);
		}

	private:
		const CvMap& m_kMap;
	};

	// Does a team know a tech (CvPathUnit::setRouteChanges)?
	struct TeamHasTech
	{
		const CvTeam& kTeam;
		explicit TeamHasTech(const CvTeam& kTeamIn) : kTeam(kTeamIn) {}
		bool operator()(int eTech) const { return kTeam.isHasTech(static_cast<TechTypes>(eTech)); }
	};

	// The unit as the path cost needs it: its type's domain and moves, eTeam's route
	// TechMovementChanges, and the teams whose territory is closed to it (every team but its
	// own, its master and vassals, the barbarians, and those it has open borders with or is at
	// war with). eUnitType must be a land or sea unit type.
	CvPathUnit pathUnitOf(const CvVisionRules& kRules, TeamTypes eTeam, UnitTypes eUnitType)
	{
		CvPathUnit kUnit;
		kUnit.eTeam = eTeam;
		kUnit.setType(kRules, eUnitType);
		const CvTeam& kTeam = GET_TEAM(eTeam);
		kUnit.setRouteChanges(kRules, TeamHasTech(kTeam));
		kUnit.abClosedTeam.assign(MAX_TEAMS, true);
		for (int i = 0; i < MAX_TEAMS; ++i)
		{
			const TeamTypes eOther = static_cast<TeamTypes>(i);
			if (eOther == eTeam || eOther == BARBARIAN_TEAM || kTeam.isVassal(eOther) || GET_TEAM(eOther).isVassal(eTeam)
				|| kTeam.isOpenBorders(eOther) || kTeam.isAtWar(eOther))
			{
				kUnit.abClosedTeam[i] = false;
			}
		}
		return kUnit;
	}
}

int CvVisionSdk::findPath(int iFromX, int iFromY, int iToX, int iToY, TeamTypes eTeam, UnitTypes eUnitType,
	unsigned int uSeed, bool bKnowledge, std::vector<int>& aiPlots, bool* pbReachedGoal)
{
	aiPlots.clear();
	if (pbReachedGoal != NULL)
	{
		*pbReachedGoal = false;
	}
	CvVisionSdkState& kState = cvVisionSdkState();
	const CvVisionRules& kRules = kState.kRules;
	const CvMap& kMap = cvVisionMap();
	const int iWidth = cvVisionGridWidth(kMap);
	const int iHeight = cvVisionGridHeight(kMap);
	if (iFromX < 0 || iFromX >= iWidth || iFromY < 0 || iFromY >= iHeight || iToX < 0 || iToX >= iWidth || iToY < 0
		|| iToY >= iHeight || eTeam < 0 || eTeam >= MAX_TEAMS || eUnitType < 0
		|| eUnitType >= static_cast<int>(kRules.aUnits.size()))
	{
		return -1;
	}
	const CvVisionDomain eDomain = kRules.aUnits[eUnitType].eDomain;
	if (eDomain != CV_VISION_DOMAIN_LAND && eDomain != CV_VISION_DOMAIN_SEA)
	{
		return -1; // air and immobile units do not walk
	}
	const CvPathCost kCost(kRules, pathUnitOf(kRules, eTeam, eUnitType));
	const CvVisionSdkPathWorld kWorld(kMap);
	const int iFrom = iFromY * iWidth + iFromX;
	const int iTo = iToY * iWidth + iToX;
	const CvPathResult& kResult = bKnowledge
		? kState.kPathfinder.findPath(CvKnowledgeView<CvVisionSdkPathWorld>(kWorld, eTeam), kCost, iFrom, iTo, uSeed)
		: kState.kPathfinder.findPath(CvTruthView<CvVisionSdkPathWorld>(kWorld), kCost, iFrom, iTo, uSeed);
	if (kResult.eStatus == CV_PATH_BAD_PLOT)
	{
		return -1;
	}
	aiPlots = kResult.aiPlots;
	if (pbReachedGoal != NULL)
	{
		*pbReachedGoal = kResult.eStatus == CV_PATH_FOUND;
	}
	return kResult.iCost;
}
