// `cvvision explain`'s report: a SightExplanation (Explain.h) written as plain text, one idea per line.

#include "analysis/Explain.h"

#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

namespace cvv {

namespace {
const char* const DIRECTION_NAMES[CV_VISION_NUM_DIRECTIONS] = { "N", "NE", "E", "SE", "S", "SW", "W", "NW" };
const char* const DISAGREE_NOTE = "note: explanation and engine disagree";

std::string xy(int iX, int iY) { return "(" + std::to_string(iX) + "," + std::to_string(iY) + ")"; }

std::string signedNumber(int i) { return (i < 0 ? "" : "+") + std::to_string(i); }

std::string signedXY(int iX, int iY) { return "(" + signedNumber(iX) + "," + signedNumber(iY) + ")"; }

std::string plotName(const ExplainPlot& kPlot) { return xy(kPlot.iX, kPlot.iY); }

std::string plotList(const std::vector<ExplainPlot>& aPlots)
{
	std::string s;
	for (const ExplainPlot& kPlot : aPlots)
	{
		s += (s.empty() ? "" : ", ") + plotName(kPlot);
	}
	return s;
}

const char* kindName(CvVisionPlotKind eKind)
{
	switch (eKind)
	{
	case CV_VISION_PLOT_PEAK: return "peak";
	case CV_VISION_PLOT_HILLS: return "hills";
	case CV_VISION_PLOT_LAND: return "flat land";
	case CV_VISION_PLOT_OCEAN: return "water";
	}
	return "?";
}

std::string terrainText(const ExplainTerrain& kTerrain)
{
	std::string s = kindName(kTerrain.eKind);
	if (kTerrain.iFeatureSeeThrough != 0)
	{
		s += " with a feature (see-through " + signedNumber(kTerrain.iFeatureSeeThrough) + ")";
	}
	if (kTerrain.iImprovementSeeFrom != 0)
	{
		s += ", improvement see-from " + signedNumber(kTerrain.iImprovementSeeFrom);
	}
	return s;
}

std::string levelText(const ExplainLevel& kLevel)
{
	return std::to_string(kLevel.iLevel) + (kLevel.bWithOptics ? " (with Optics)" : "");
}

// Comparison sign of a against b, for lines such as "see-through 1 < viewer 2".
const char* compare(int iA, int iB) { return iA < iB ? "<" : (iA == iB ? "=" : ">"); }

std::string viewerLine(const SightExplanation& kE)
{
	const std::string s = "viewer: " + plotName(kE.kViewer.kPlot) + ", team " + std::to_string(kE.kRequest.eTeam)
		+ ", on " + terrainText(kE.kViewer.kTerrain);
	return s
		+ (kE.kRequest.bAerial ? ", aerial: levels do not matter" : ": see-from " + levelText(kE.kViewer.kSeeFrom));
}

std::string rangeLine(const SightExplanation& kE)
{
	const std::string sRange = std::to_string(kE.kRequest.iRange);
	const std::string sNext = std::to_string(kE.kRequest.iRange + 1);
	switch (kE.eSight)
	{
	case ExplainSight::Aerial:
		return "aerial sight: the plain square of range " + sRange + ", no terrain and no outer ring (spec 2)";
	case ExplainSight::NoOuterRing:
		return "range " + sRange + ": rings up to " + sRange + ", no outer ring (CVVISION_OUTER_RING off)";
	case ExplainSight::OuterRingAsInner:
		return "range " + sRange + ": rings up to " + sNext
			+ ", the outer ring judged like the inner ones (CVVISION_OUTER_RING_AS_INNER)";
	case ExplainSight::OuterRing: break;
	}
	return "range " + sRange + ": rings up to " + sRange + " inner, ring " + sNext
		+ " outer (only plots seen past a lower plot, or taller than the viewer, show there)";
}

std::string ringText(const ExplainTarget& kTarget)
{
	switch (kTarget.eRing)
	{
	case ExplainRing::ViewerPlot: return "the viewer's own plot";
	case ExplainRing::BeyondSightSquare:
		return "beyond the sight square (ring " + std::to_string(kTarget.iSightRing) + ")";
	case ExplainRing::InsideAerialSquare: return "inside the aerial square";
	case ExplainRing::OuterRing: return "the outer ring";
	case ExplainRing::OuterRingAsInner: return "the outer ring, judged like the inner rings";
	case ExplainRing::InnerRing: break;
	}
	return "an inner ring";
}

void writeTarget(std::ostringstream& kOut, const SightExplanation& kE)
{
	const ExplainTarget& kTarget = kE.kTarget;
	kOut << "target: " << plotName(kTarget.kPlot) << " on " << terrainText(kTarget.kTerrain)
		 << ", d=" << signedXY(kTarget.iDX, kTarget.iDY) << ", ring " << kTarget.iRing << ": " << ringText(kTarget)
		 << "\n";
	if (kTarget.iPlainDX != kTarget.iDX || kTarget.iPlainDY != kTarget.iDY)
	{
		kOut << "wrapped: the plain difference " << signedXY(kTarget.iPlainDX, kTarget.iPlainDY)
			 << " is longer than going round the map\n";
	}
	if (!kE.kRequest.bAerial)
	{
		kOut << "target levels: see-through " << kTarget.iSeeThrough << ", see-from " << levelText(kTarget.kSeeFrom)
			 << "\n";
	}
}

std::string facingLine(const ExplainFacing& kFacing)
{
	const std::string s =
		std::string("facing ") + DIRECTION_NAMES[kFacing.eDirection] + " " + xy(kFacing.iStepX, kFacing.iStepY) + ": ";
	if (kFacing.bViewerPlot)
	{
		return s + "the viewer's own plot always passes";
	}
	char szTheta[32];
	std::snprintf(szTheta, sizeof(szTheta), "%.1f", kFacing.fThetaDegrees);
	return s + "cross " + std::to_string(kFacing.iCross) + ", dot " + std::to_string(kFacing.iDot) + ", theta "
		+ szTheta + " deg; spread " + std::to_string(kFacing.iSpread) + " deg"
		+ (kFacing.bNextToViewer ? " (next to the viewer)" : "") + ": "
		+ (kFacing.bPasses ? "passes (|theta| <= " : "fails (|theta| > ") + std::to_string(kFacing.iSpread / 2) + ")";
}

void writeBeyond(std::ostringstream& kOut, const ExplainBeyond& kBeyond)
{
	const std::string sRing = std::to_string(kBeyond.iSightRing);
	kOut << "out of range: the unit's own sight stops at ring " << sRing << "\n";
	kOut << "canSeePlot does not check the range (spec 4): "
		 << (kBeyond.bOuterRule ? std::string("|") + (kBeyond.bOnX ? "dx" : "dy") + "| = " + sRing
						+ ", so it applies the outer-ring rule"
								: std::string("it applies the inner-ring rule"))
		 << "\n";
}

// "(5,5) > (6,5) st 1 > (7,5): clear", or where light stops.
std::string pathText(const ExplainPath& kPath, int iViewerLevel)
{
	std::string s = plotName(kPath.aPlots.front().kPlot);
	for (size_t i = 1; i < kPath.aPlots.size(); ++i)
	{
		const ExplainPathPlot& kPlot = kPath.aPlots[i];
		s += " > " + plotName(kPlot.kPlot);
		if (i + 1 < kPath.aPlots.size()) // the target: its own see-through does not matter
		{
			s += kPlot.kPlot.bOnMap ? " st " + std::to_string(kPlot.iSeeThrough) : " off the map";
		}
	}
	if (kPath.iStop < 0)
	{
		return s + ": clear";
	}
	const ExplainPathPlot& kStop = kPath.aPlots[kPath.iStop];
	return s + ": stops at " + plotName(kStop.kPlot)
		+ (kStop.kPlot.bOnMap ? " (see-through " + std::to_string(kStop.iSeeThrough) + " > viewer "
					+ std::to_string(iViewerLevel) + ")"
							  : " (off the map)");
}

void writePaths(std::ostringstream& kOut, const ExplainPaths& kPaths, int iViewerLevel)
{
	kOut << "tied paths, viewer to target (st = see-through), "
		 << (kPaths.bCountless ? std::string("more than 10^19") : std::to_string(kPaths.iTotal)) << " in all:\n";
	for (size_t i = 0; i < kPaths.aShown.size(); ++i)
	{
		kOut << "  " << (i + 1) << ". " << pathText(kPaths.aShown[i], iViewerLevel) << "\n";
	}
	if (kPaths.bCountless)
	{
		kOut << "  ... and the rest\n";
	}
	else if (kPaths.iTotal > kPaths.aShown.size())
	{
		kOut << "  ... and " << (kPaths.iTotal - kPaths.aShown.size()) << " more\n";
	}
}

std::string predName(const ExplainPredecessor& kPred)
{
	return "predecessor " + plotName(kPred.kPlot) + (kPred.bViewerPlot ? ", the viewer's plot" : "");
}

std::string predecessorLine(const ExplainPredecessor& kPred, int iViewerLevel, int iTargetFrom)
{
	const std::string sViewer = std::to_string(iViewerLevel);
	const std::string sThrough = "see-through " + std::to_string(kPred.iSeeThrough) + " "
		+ compare(kPred.iSeeThrough, iViewerLevel) + " viewer " + sViewer;
	const bool bTaller = iTargetFrom > iViewerLevel;
	switch (kPred.eState)
	{
	case ExplainPredecessorState::Clear: return predName(kPred) + ": clear";
	case ExplainPredecessorState::Blocked:
		return predName(kPred) + ": blocked, light stops at " + plotList(kPred.aStops);
	case ExplainPredecessorState::Above: return predName(kPred) + ": " + sThrough + ": hidden";
	case ExplainPredecessorState::Level:
		return predName(kPred) + ": clear, " + sThrough + ", target see-from " + std::to_string(iTargetFrom)
			+ (bTaller ? " > " : " not above ") + sViewer + (bTaller ? ": the target shows" : ": hidden");
	case ExplainPredecessorState::Below: break;
	}
	return predName(kPred) + ": clear, " + sThrough + ": the target shows";
}

void writeRule(std::ostringstream& kOut, const SightExplanation& kE)
{
	const int iViewer = kE.kViewer.kSeeFrom.iLevel;
	if (kE.kRule->bOuter)
	{
		kOut << "rule (outer ring): visible past a clear predecessor below the viewer's level " << iViewer
			 << ", or at that level when the target is taller than the viewer\n";
	}
	else
	{
		kOut
			<< "rule (inner ring): visible when light reaches a predecessor; the target's own height does not matter\n";
	}
	for (const ExplainPredecessor& kPred : kE.kRule->aPredecessors)
	{
		kOut << "  " << predecessorLine(kPred, iViewer, kE.kTarget.kSeeFrom.iLevel) << "\n";
	}
}

// The reason's words: "visible ..." or "not visible ...".
std::string reasonText(const SightExplanation& kE)
{
	const ExplainRequest& kR = kE.kRequest;
	const ExplainVerdict& kV = kE.kVerdict;
	const std::string sViewer = std::to_string(kE.kViewer.kSeeFrom.iLevel);
	const std::string sTargetFrom = std::to_string(kE.kTarget.kSeeFrom.iLevel);
	const std::string sRing = std::to_string(kE.kTarget.iRing);
	const ExplainPredecessor* pPred = kV.iPredecessor >= 0 ? &kE.kRule->aPredecessors[kV.iPredecessor] : nullptr;
	switch (kV.eReason)
	{
	case ExplainReason::NegativeRange: return "not visible: the range " + std::to_string(kR.iRange) + " is negative";
	case ExplainReason::NotADirection:
		return "not visible: facing " + std::to_string(kR.eFacing) + " is not a direction (0-7, or -1 for none)";
	case ExplainReason::ViewerOffMap:
		return "not visible: the viewer's plot " + xy(kR.iFromX, kR.iFromY) + " is off the map";
	case ExplainReason::TargetOffMap: return "not visible: the target " + xy(kR.iToX, kR.iToY) + " is off the map";
	case ExplainReason::RangeAboveLimit:
		return "not visible: the range is above the engine's limit of " + std::to_string(CV_VISION_MAX_RANGE);
	case ExplainReason::InsideAerialSquare:
		return "visible: inside the aerial square (ring " + sRing + " <= " + std::to_string(kR.iRange) + ")";
	case ExplainReason::OutsideAerialSquare:
		return "not visible: out of range (ring " + sRing + " > " + std::to_string(kR.iRange) + ")";
	case ExplainReason::OutsideFacingCone: return "not visible: outside the facing cone";
	case ExplainReason::ViewerOwnPlot: return "visible: the viewer's own plot is always seen";
	case ExplainReason::TooFarForCanSeePlot:
		return "not visible: canSeePlot answers only up to " + std::to_string(CV_VISION_MAX_SEE_DISTANCE)
			+ " plots away";
	case ExplainReason::PredecessorClear: return "visible because predecessor " + plotName(pPred->kPlot) + " is clear";
	case ExplainReason::EveryPredecessorBlocked:
		return "not visible: every predecessor is blocked (first blocker on each path: " + plotList(kV.aBlockers) + ")";
	case ExplainReason::ViewerAbovePredecessor:
		return "visible because the viewer (" + sViewer + ") is above " + predName(*pPred) + " (see-through "
			+ std::to_string(pPred->iSeeThrough) + ")";
	case ExplainReason::TargetTaller:
		return "visible because the target (see-from " + sTargetFrom + ") is taller than the viewer (" + sViewer
			+ "), seen past " + predName(*pPred) + " at the viewer's level";
	case ExplainReason::TargetNotTaller:
		return "not visible: the target (see-from " + sTargetFrom + ") is not taller than the viewer (" + sViewer
			+ "), and no clear predecessor is below the viewer";
	case ExplainReason::NoPredecessorLowEnough: break;
	}
	return "not visible: no clear predecessor is at or below the viewer's level (" + sViewer + ")";
}

bool disagree(const ExplainVerdict& kVerdict) { return kVerdict.bExplained != kVerdict.bVisible; }
}

std::string explanationVerdictLine(const SightExplanation& kExplanation)
{
	const ExplainVerdict& kVerdict = kExplanation.kVerdict;
	if (disagree(kVerdict))
	{
		return std::string("verdict: ") + (kVerdict.bVisible ? "visible" : "not visible") + " (the engine's answer)";
	}
	return "verdict: " + reasonText(kExplanation)
		+ (kVerdict.bBeyondOwnSight ? " (canSeePlot's answer, though the unit's own sight does not reach it)" : "");
}

std::string explanationText(const SightExplanation& kE)
{
	std::ostringstream kOut;
	if (kE.bValid)
	{
		kOut << viewerLine(kE) << "\n" << rangeLine(kE) << "\n";
		if (kE.kRequest.bAerial && kE.kRequest.eFacing != CV_VISION_NO_DIRECTION)
		{
			kOut << "facing: ignored (aerial sight has no facing)\n";
		}
		writeTarget(kOut, kE);
		if (kE.kFacing)
		{
			kOut << facingLine(*kE.kFacing) << "\n";
		}
		if (kE.kBeyond)
		{
			writeBeyond(kOut, *kE.kBeyond);
		}
		if (kE.kPaths)
		{
			writePaths(kOut, *kE.kPaths, kE.kViewer.kSeeFrom.iLevel);
		}
		if (kE.kRule)
		{
			writeRule(kOut, kE);
		}
	}
	if (disagree(kE.kVerdict))
	{
		kOut << DISAGREE_NOTE << " (the explanation says " << (kE.kVerdict.bExplained ? "visible" : "not visible")
			 << ")\n";
	}
	kOut << explanationVerdictLine(kE) << "\n";
	return kOut.str();
}

std::string explainSight(const PlotGrid& kGrid, const CvVisionEngine& kEngine, const ExplainRequest& kRequest)
{
	return explanationText(explainSightData(kGrid, kEngine, kRequest));
}

} // namespace cvv
