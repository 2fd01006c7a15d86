// SDK mock: a plot's facts, its per-team counts, and the vision functions with the game's
// signatures (their bodies are what tools/sdk/sdk-integrate writes: calls to CvVisionSdk).
// Written for CvVision's tests from docs/vision-rules.md; not the SDK's file.
#pragma once
#ifndef CV_MOCK_PLOT_H
#define CV_MOCK_PLOT_H

#include "CvEnums.h"

#include <vector>

class CvUnit;
class FDataStreamBase;

class CvPlot
{
public:
	CvPlot();

	int getX_INLINE() const { return m_iX; }
	int getY_INLINE() const { return m_iY; }
	PlotTypes getPlotType() const { return m_ePlotType; }
	bool isWater() const { return m_ePlotType == PLOT_OCEAN; }
	TerrainTypes getTerrainType() const { return m_eTerrain; }
	FeatureTypes getFeatureType() const { return m_eFeature; }
	ImprovementTypes getImprovementType() const { return m_eImprovement; }
	TeamTypes getTeam() const { return m_eOwnerTeam; }
	RouteTypes getRouteType() const { return m_eRoute; }

	// The names forks use for the same facts (AdvCiv: no INLINE; isFeature).
	int getX() const { return m_iX; }
	int getY() const { return m_iY; }
	bool isPeak() const { return m_ePlotType == PLOT_PEAK; }
	bool isHills() const { return m_ePlotType == PLOT_HILLS; }
	bool isFlatlands() const { return m_ePlotType == PLOT_LAND; }
	bool isFeature() const { return m_eFeature != NO_FEATURE; }

	// The vision functions (docs/vision-rules.md, section 9: not exported, signatures as in BTS 3.19).
	// The differential (tools/sdk/cvsdk/differential.py) generates them with the signatures of the
	// tree it checks, and whatever members its bodies need.
#ifdef CV_STANDIN_GENERATED
#include "CvStandinPlotVision.h"
#else
	int seeFromLevel(TeamTypes eTeam) const;
	int seeThroughLevel() const;
	void changeAdjacentSight(TeamTypes eTeam, int iRange, bool bIncrement, CvUnit* pUnit, bool bUpdatePlotGroups);
	bool canSeePlot(CvPlot* plot, TeamTypes eTeam, int iRange, DirectionTypes eFacingDirection) const;
	bool canSeeDisplacementPlot(TeamTypes eTeam, int dx, int dy, int originalDX, int originalDY, bool firstPlot,
		bool outerRing) const;
	bool shouldProcessDisplacementPlot(int dx, int dy, int range, DirectionTypes eFacingDirection) const;
	void updateSeeFromSight(bool bIncrement, bool bUpdatePlotGroups);
#endif
	void updateSight(bool bIncrement, bool bUpdatePlotGroups);

	// The trailing unit as in AdvCiv (advc.071): a fork whose count changes know the unit whose
	// sight it is. sdk-integrate sees it here and writes the compatibility header that passes it.
	void changeVisibilityCount(TeamTypes eTeam, int iChange, InvisibleTypes eSeeInvisible, bool bUpdatePlotGroups,
		const CvUnit* pUnit = NULL);
	int getVisibilityCount(TeamTypes eTeam) const { return m_aiVisibility[eTeam]; }
	int getInvisibleVisibilityCount(TeamTypes eTeam, InvisibleTypes eInvisible) const;
	void changeInvisibleVisibilityCount(TeamTypes eTeam, InvisibleTypes eInvisible, int iChange);
	bool isVisible(TeamTypes eTeam, bool bDebug) const;
	bool isRevealed(TeamTypes eTeam, bool bDebug) const;
	// What eTeam remembers (docs/vision-rules.md, section 8): updated while it sees the plot, kept
	// in the fog.
	RouteTypes getRevealedRouteType(TeamTypes eTeam, bool bDebug) const;
	TeamTypes getRevealedTeam(TeamTypes eTeam, bool bDebug) const;

	// The game's changes of a plot's levels, bracketed by updateSeeFromSight as in the game
	// (docs/vision-rules.md, section 7).
	void setPlotType(PlotTypes eNewValue);
	void setTerrainType(TerrainTypes eNewValue);
	void setFeatureType(FeatureTypes eNewValue);
	void setImprovementType(ImprovementTypes eNewValue); // not bracketed, as in the game
	void setFeatureTypeUnbracketed(FeatureTypes eNewValue); // what a buggy mod does
	void setOwnerTeam(TeamTypes eNewValue);               // the owned plot's own sight source
	// As the game: the teams that see the plot remember the new route at once.
	void setRouteType(RouteTypes eNewValue, bool bUpdatePlotGroup);

	// A new map's plot (every count 0) and a loaded one (the counts the save holds).
	void reset(int iX = 0, int iY = 0, bool bConstructorCall = false);
	void read(FDataStreamBase* pStream);
	void write(FDataStreamBase* pStream) const;

	// mock only
	void init(int iX, int iY, int iNumTeams, int iNumInvisible);
	// A plot's facts set as a map is made, before any sight: no updateSeeFromSight bracket.
	void setFactsUnbracketed(PlotTypes ePlotType, TerrainTypes eTerrain, FeatureTypes eFeature);
	// An owner set without the owned plot's own sight (a map's owners, for a sight to meet).
	void setOwnerUnsighted(TeamTypes eNewValue);
	// Called with every count change (NULL: none); the differential records its trace with it.
	typedef void (*VisibilityObserver)(const CvPlot& kPlot, TeamTypes eTeam, int iChange, InvisibleTypes eInvisible);
	static VisibilityObserver s_pfnVisibilityObserver;
	bool wentNegative() const { return m_bWentNegative; }
	// The unit the last changeVisibilityCount was given (NULL: none), and how many were given one.
	const CvUnit* lastVisibilityUnit() const { return m_pLastVisibilityUnit; }
	int visibilityChangesWithUnit() const { return m_iVisibilityChangesWithUnit; }
	// What a save or a map would set: eTeam remembers the plot with this route and owner.
	void setRevealedMemory(TeamTypes eTeam, RouteTypes eRoute, TeamTypes eOwner);

private:
	// eTeam sees the plot (again): it remembers its route and owner, and the owner of its
	// revealed neighbours.
	void remember(TeamTypes eTeam);
	void rememberWhereVisible();

	int m_iX;
	int m_iY;
	PlotTypes m_ePlotType;
	TerrainTypes m_eTerrain;
	FeatureTypes m_eFeature;
	ImprovementTypes m_eImprovement;
	TeamTypes m_eOwnerTeam;
	RouteTypes m_eRoute;
	int m_iNumInvisible;
	std::vector<int> m_aiVisibility;
	std::vector<int> m_aiInvisibleVisibility; // [team * invisible types + type]
	std::vector<char> m_abRevealed;
	std::vector<RouteTypes> m_aeRevealedRoute;
	std::vector<TeamTypes> m_aeRevealedTeam;
	bool m_bWentNegative;
	const CvUnit* m_pLastVisibilityUnit;
	int m_iVisibilityChangesWithUnit;
};

#endif
