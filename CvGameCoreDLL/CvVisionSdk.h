#pragma once
#ifndef CV_VISION_SDK_H
#define CV_VISION_SDK_H

// CvVision: the adapter between the engine and the game (GC, CvMap, CvPlot, CvUnit, CvTeam).
// tools/sdk/sdk-integrate replaces the bodies of CvPlot's vision functions with calls to these;
// their signatures in CvPlot.h stay as they are. Include after CvGameCoreDLL.h.
// Plain C++03: this file is compiled into the game's DLL.

#include <vector>

class CvPlot;
class CvUnit;

// A visibility count that differs from what the game's current sources give.
struct CvVisionCountDifference
{
	int iPlot;
	int eTeam;
	int eInvisible; // -1: the plain count
	int iStored;
	int iExpected;
};
class CvVisionEngine;
class CvVisionRules;
class CvVisionSdkArming;

// CvVision: sdk-integrate puts one first in CvTeam::changeExtraWaterSeeFromCount, where a team
// learns (or loses) Optics and the tree re-sights the whole map: every source off
// (CvMap::updateSight(false)), the count changed, every source on again. While it lives, a sight
// change of a source whose sight the change cannot alter (another team's, an aerial one, or one
// of the team's whose square holds no plot whose see-from the change alters:
// CvVisionLedger::seeFromChangeReaches) is not made: taken off and put back, it would come back
// as it was. So only those sources are re-sighted, and every count ends as the tree's own
// whole-map re-sight leaves it (docs/into-the-game.md, "Optics").
class CvVisionSdkSeeFromChange
{
public:
	explicit CvVisionSdkSeeFromChange(TeamTypes eTeam);
	~CvVisionSdkSeeFromChange();

private:
	CvVisionSdkSeeFromChange(const CvVisionSdkSeeFromChange&);
	CvVisionSdkSeeFromChange& operator=(const CvVisionSdkSeeFromChange&);

	int m_eSavedTeam;
};

class CvVisionSdk
{
public:
	// --- the bodies of CvPlot's vision functions ---------------------------------------------

	// docs/vision-rules.md, section 2: add or remove the sight of one source standing on kPlot. Its
	// passes (which invisible type, range, aerial or not, facing) are what the rule points of
	// CvVisionSightRules.h give (BTS's rule unless the mod wrote its own). For a unit's ground pass
	// the mod's per-unit-type extra range is added, and the total capped when the mod sets
	// CVVISION_MAX_SIGHT_RANGE (by default no cap, as BTS: any range, negative ones too). With the
	// armed ledger, a removal takes back exactly what the addition added, all passes together.
	static void changeAdjacentSight(const CvPlot& kPlot, TeamTypes eTeam, int iRange, bool bIncrement,
		const CvUnit* pUnit, bool bUpdatePlotGroups);
	// docs/vision-rules.md, section 4.
	static bool canSeePlot(const CvPlot& kFrom, const CvPlot* pTo, TeamTypes eTeam, int iRange,
		DirectionTypes eFacingDirection);
	// The step of the original recursion (docs/vision-rules.md, section 3), kept for mods that call
	// it, answering as BTS's for every argument (CvVisionEngine::canSeeDisplacement): with
	// bOuterRing the outer-ring test of (iDX, iDY) whatever bFirstPlot; else with bFirstPlot the
	// inner target test; else clear(d). d = (0, 0) is true; d is taken as given, also beyond half a
	// wrapping axis. The original displacement is not read (BTS does not read it either).
	static bool canSeeDisplacementPlot(const CvPlot& kFrom, TeamTypes eTeam, int iDX, int iDY, int iOriginalDX,
		int iOriginalDY, bool bFirstPlot, bool bOuterRing);
	// docs/vision-rules.md, section 6, with the mod's facing spreads.
	static bool shouldProcessDisplacementPlot(int iDX, int iDY, DirectionTypes eFacingDirection);
	// docs/vision-rules.md, section 1, plus the mod's per-improvement see-from and its
	// extra-water-see-from bonus.
	static int seeFromLevel(const CvPlot& kPlot, TeamTypes eTeam);
	static int seeThroughLevel(const CvPlot& kPlot);
	// docs/vision-rules.md, section 7: re-sight every source whose sight kPlot's levels can change,
	// within resightRadius().
	static void updateSeeFromSight(const CvPlot& kPlot, bool bIncrement, bool bUpdatePlotGroups);
	// CvPlot::updateSight of every plot within resightRadius(), as BTS's updateSeeFromSight.
	static void updateSightAround(const CvPlot& kPlot, bool bIncrement, bool bUpdatePlotGroups);

	// --- the rules, read once from the game's infos and defines ------------------------------

	// Built on first use from GC's info classes and defines (the game's own XML).
	static const CvVisionRules& rules();
	static const CvVisionEngine& engine();
	// Forget the rules (for instance after the XML was reloaded); the next call reads them again.
	static void resetRules();
	// The largest distance at which a plot's levels can change a source's sight: the largest
	// ground sight range possible under the rules (plots, and units with every positive
	// promotion and their type's extra range, capped), plus the outer ring, plus what the rule
	// points add (CvVisionSightRules::maxGroundRangeChange). Aerial sight ignores levels. BTS
	// re-sights a fixed square of radius 6; vanilla rules give 3.
	static int resightRadius();

	// --- audit and repair ---------------------------------------------------------------------

	// Recomputes every count from the game's current sources (CvPlot::updateSight of every plot,
	// collected instead of applied) and compares it with the stored counts. With bRepair the
	// stored counts are set right. Returns how many counts differed; pDifferences, when given,
	// receives them.
	static int auditSight(bool bRepair, std::vector<CvVisionCountDifference>* pDifferences);
	// What CVVISION_AUDIT_ON_LOAD asks for after a save was loaded (0 nothing, 1 audit,
	// 2 repair); returns how many counts differed. With CVVISION_LEDGER, every audit also
	// rebuilds the ledger from the current sources and arms it: from then on a source's removal
	// replays what it added instead of recomputing (the leaks of docs/vision-rules.md, section 7,
	// cannot happen). Until armed, and after resetRules(), removal is as in BTS.
	static int onGameLoaded();
	// With CVVISION_LEDGER: arm the ledger for a new game (call once the start units exist).
	// Both are done by the DLL alone when sdk-integrate added the hooks below; called from
	// Python as well they change nothing more (one audit per load).
	static void onGameStarted();

	// --- hooks sdk-integrate adds, so that no Python call is needed ----------------------------

	// CvPlot::reset (or AdvCiv's CvPlot constructor): a new map, every count 0. Only marks the
	// state and forgets the ledger; with CVVISION_LEDGER the first sight change arms it empty.
	static void onPlotReset(const CvPlot& kPlot);
	// CvPlot::read: a saved game is being loaded. Marks the state and forgets the ledger; the
	// first CvGame::update (the load is complete) does what onGameLoaded does.
	static void onPlotRead(const CvPlot& kPlot);
	// CvGame::update, first thing: finishes a load (nothing else, and nothing when no load waits).
	static void onGameUpdate();
	// For tests: is the ledger armed (every source's removal replays what it added)?
	static bool isLedgerArmed();
	// For tests: the ledger's arming, the hooks' marks and a level change's bracket as they are
	// (CvVisionSdkArming.h).
	static const CvVisionSdkArming& arming();

	// The plots a source on (iX, iY) sees, as plot indices (a plot twice when two displacements
	// name it on a small wrapping map); -1 on an error. paiPlots needs room for
	// (2 * iRange + 3)^2 entries. The source is taken as given: exactly this range, aerial flag
	// and facing, one pass (the rule points of CvVisionSightRules.h are not asked: they describe
	// a unit's or a plot's sight as changeAdjacentSight receives it).
	static int seenPlots(int iX, int iY, TeamTypes eTeam, int iRange, bool bAerial, DirectionTypes eFacing,
		int* paiPlots);

	// --- paths (CvPathfinder.h) -----------------------------------------------------------------

	// The path a unit of type eUnitType (land or sea) of eTeam takes from (iFromX, iFromY) to
	// (iToX, iToY): with bKnowledge, planned with what eTeam knows (the truth where it sees now,
	// its revealed route and owner in the fog, CVVISION_PATH_UNKNOWN_PLOTS elsewhere); without,
	// with the truth. Route speeds follow eTeam's techs; with CVVISION_PATH_CLOSED_BORDERS the
	// territory of a team it has neither open borders with nor war, that is not its own, its
	// master's, its vassal's or the barbarians', is closed. Among paths of equal cost uSeed
	// chooses (the same on every machine). aiPlots receives the plot indices from the start to
	// the end; an unreachable goal gives the path to the reachable plot closest to it
	// (*pbReachedGoal false). Returns the cost in 1/MOVE_DENOMINATOR moves, or -1 (aiPlots
	// empty) when a plot is off the map or the team or unit type is not one that walks.
	static int findPath(int iFromX, int iFromY, int iToX, int iToY, TeamTypes eTeam, UnitTypes eUnitType,
		unsigned int uSeed, bool bKnowledge, std::vector<int>& aiPlots, bool* pbReachedGoal);
};

#endif
