// `cvvision explain`: why a plot is or is not visible to a viewer (docs/vision-rules.md, sections 1-6).
//
// Two steps. explainSightData() computes a SightExplanation: the viewer and its see-from level, the
// target and its ring, the facing test, every tied path (docs/vision-rules.md, section 3) from the
// viewer to the target with the first plot where light stops, the rule applied to each predecessor,
// and the verdict with its reason. explanationText() renders it as a short plain-text report, one idea
// per line, ending with the verdict line ("verdict: visible ..." or "verdict: not visible ...");
// Python's World.explain builds its dict from the same structure (no one reads the text back).
//
// The verdict is always the engine's (canSeePlot; for aerial sight, the engine's aerial square): the
// explanation reasons on its own, and when it ever reaches another answer the report says so in a
// line "note: explanation and engine disagree" just before the verdict. The tests prove that never
// happens on random maps. The explanation is BTS's sight (docs/vision-rules.md, section 3): under a
// PCVT sight model (CVVISION_SIGHT_MODEL) the engine's verdict can differ, and the note says so.
#pragma once

#include "CvVisionEngine.h"
#include "model/PlotGrid.h"
#include "model/VisionWorld.h"

#include <optional>
#include <string>
#include <vector>

namespace cvv {

struct ExplainRequest
{
	int iFromX = 0;
	int iFromY = 0;
	int iToX = 0;
	int iToY = 0;
	int eTeam = 0;
	int iRange = 1;
	int eFacing = CV_VISION_NO_DIRECTION;
	bool bAerial = false;
};

// The range `cvvision explain` and Python's World.explain use without one: the sight range of the
// team's first unit standing on (iX, iY), else the rules' UNIT_VISIBILITY_RANGE.
int defaultExplainRange(const VisionWorld& kWorld, const CvVisionRules& kRules, int iX, int iY, int eTeam);

// --- The explanation as data ------------------------------------------------------------------------

// A plot the explanation names. Off the map (an edge of a map that does not wrap), the coordinates
// are where it would be.
struct ExplainPlot
{
	int iX = 0;
	int iY = 0;
	bool bOnMap = true;
};

// What a plot is: its kind, its feature's see-through change and its improvement's see-from change.
struct ExplainTerrain
{
	CvVisionPlotKind eKind = CV_VISION_PLOT_LAND;
	int iFeatureSeeThrough = 0;
	int iImprovementSeeFrom = 0;
};

// A see-from level; bWithOptics: the team's extra water see-from raised it.
struct ExplainLevel
{
	int iLevel = 0;
	bool bWithOptics = false;
};

struct ExplainViewer
{
	ExplainPlot kPlot;
	ExplainTerrain kTerrain;
	ExplainLevel kSeeFrom; // ground sight only (lvFrom, the level every rule compares with)
};

// The kind of sight, from the request and the engine's options (the range section of the report).
enum class ExplainSight {
	Aerial, // the plain square of the range
	NoOuterRing, // CVVISION_OUTER_RING off
	OuterRingAsInner, // CVVISION_OUTER_RING_AS_INNER
	OuterRing // BTS: rings up to the range inner, one more ring outer
};

// Where the target lies in the sight square.
enum class ExplainRing {
	ViewerPlot,
	BeyondSightSquare,
	InsideAerialSquare,
	OuterRing, // judged by the outer-ring rule
	OuterRingAsInner, // the outer ring, judged by the inner-ring rule
	InnerRing
};

struct ExplainTarget
{
	ExplainPlot kPlot;
	ExplainTerrain kTerrain;
	int iDX = 0; // the displacement from the viewer, wrapped (docs/vision-rules.md, section 4)
	int iDY = 0;
	int iPlainDX = 0; // the plain difference of the coordinates; differs when going round the map is shorter
	int iPlainDY = 0;
	int iRing = 0;
	ExplainRing eRing = ExplainRing::InnerRing;
	int iSightRing = 0; // the last ring of the sight square
	int iSeeThrough = 0; // ground sight only
	ExplainLevel kSeeFrom; // ground sight only
};

// The facing cone test (docs/vision-rules.md, section 6).
struct ExplainFacing
{
	int eDirection = 0;
	int iStepX = 0;
	int iStepY = 0;
	bool bViewerPlot = false; // the viewer's own plot always passes; the numbers below are then unset
	int iCross = 0;
	int iDot = 0;
	double fThetaDegrees = 0.0;
	int iSpread = 0; // degrees, the engine's
	bool bNextToViewer = false; // the near spread applies
	bool bPasses = false;
};

// A target beyond the unit's own sight: canSeePlot answers anyway (docs/vision-rules.md, section 4).
struct ExplainBeyond
{
	int iSightRing = 0;
	bool bOuterRule = false; // one coordinate lies on the outer ring: the outer-ring rule applies
	bool bOnX = false; // that coordinate is dx (else dy)
};

// A plot of a tied path.
struct ExplainPathPlot
{
	ExplainPlot kPlot;
	int iSeeThrough = 0; // on the map only
	bool bPasses = false; // light passes it on its way out: on the map and no taller than the viewer
};

// One tied path, the viewer's plot first and the target last.
struct ExplainPath
{
	std::vector<ExplainPathPlot> aPlots;
	int iStop = -1; // the index of the first plot between them where light stops, or -1: the path is clear
};

struct ExplainPaths
{
	unsigned long long iTotal = 0; // every tied path, saturating
	bool bCountless = false; // iTotal saturated
	std::vector<ExplainPath> aShown; // the first ones (at most eight)
};

// What a predecessor of the target does (docs/vision-rules.md, section 3).
enum class ExplainPredecessorState {
	Clear, // inner rule: light reaches it
	Blocked, // light does not reach it
	Above, // outer rule: reached, but taller than the viewer (only the viewer's own plot can be)
	Level, // outer rule: at the viewer's level, the target shows only when taller than the viewer
	Below // outer rule: below the viewer's level, the target shows
};

struct ExplainPredecessor
{
	ExplainPlot kPlot;
	bool bViewerPlot = false;
	ExplainPredecessorState eState = ExplainPredecessorState::Blocked;
	int iSeeThrough = 0; // on the map only
	std::vector<ExplainPlot> aStops; // Blocked: where light stops on the paths to it, nearest first
};

struct ExplainRule
{
	bool bOuter = false; // the outer-ring rule, else the inner-ring rule
	std::vector<ExplainPredecessor> aPredecessors;
};

// Why the target is or is not visible.
enum class ExplainReason {
	NegativeRange, // the request: an aerial range below 0
	NotADirection, // the request: the facing
	ViewerOffMap, // the request
	TargetOffMap, // the request
	RangeAboveLimit, // the request: an aerial range above CV_VISION_MAX_RANGE
	InsideAerialSquare,
	OutsideAerialSquare,
	OutsideFacingCone,
	ViewerOwnPlot,
	TooFarForCanSeePlot, // more than CV_VISION_MAX_SEE_DISTANCE plots away
	PredecessorClear, // inner rule
	EveryPredecessorBlocked,
	ViewerAbovePredecessor, // outer rule: a clear predecessor below the viewer's level
	TargetTaller, // outer rule: past a clear predecessor at the viewer's level
	TargetNotTaller, // outer rule
	NoPredecessorLowEnough // outer rule
};

struct ExplainVerdict
{
	bool bVisible = false; // the engine's answer: the verdict
	bool bExplained = false; // the explanation's answer; differs only under another sight model
	ExplainReason eReason = ExplainReason::TargetOffMap;
	int iPredecessor = -1; // the predecessor the reason names (an index into the rule's), or -1
	std::vector<ExplainPlot> aBlockers; // EveryPredecessorBlocked: the first blocker on each path
	bool bBeyondOwnSight = false; // canSeePlot's answer, though the unit's own sight does not reach it
};

// The whole explanation. A request canSeePlot refuses (bValid false) has only its verdict; aerial
// sight has no facing, paths nor rule; a ground verdict decided early (the facing, the viewer's own
// plot, too far) has no paths nor rule.
struct SightExplanation
{
	ExplainRequest kRequest; // the query, with the range used
	bool bValid = false;
	ExplainSight eSight = ExplainSight::OuterRing;
	ExplainViewer kViewer;
	ExplainTarget kTarget;
	std::optional<ExplainFacing> kFacing;
	std::optional<ExplainBeyond> kBeyond;
	std::optional<ExplainPaths> kPaths;
	std::optional<ExplainRule> kRule;
	ExplainVerdict kVerdict;
};

// Computes the explanation. Deterministic. Whether light passes a plot (clear(d) of
// docs/vision-rules.md, section 3) and the facing cone's spreads are the engine's.
// Throws std::invalid_argument when eTeam is not a team of the grid.
SightExplanation explainSightData(const PlotGrid& kGrid, const CvVisionEngine& kEngine, const ExplainRequest& kRequest);

// The report: every line, ending with the verdict line and a newline.
std::string explanationText(const SightExplanation& kExplanation);

// The verdict line the report ends with (without its newline): "verdict: visible ..." or
// "verdict: not visible ...".
std::string explanationVerdictLine(const SightExplanation& kExplanation);

// explanationText(explainSightData(...)).
std::string explainSight(const PlotGrid& kGrid, const CvVisionEngine& kEngine, const ExplainRequest& kRequest);

} // namespace cvv
