// `cvvision explain`: see Explain.h. The explanation follows docs/vision-rules.md, section 3 (tied predecessors, the rule for
// the target) and takes clear(d) from the engine (canSeeDisplacement with neither flag: the rules'
// clear(d), which the differential test checks against the reference); the verdict is then
// checked against the engine's canSeePlot. The report is written from it by ExplainText.cpp.

#include "analysis/Explain.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <map>
#include <optional>
#include <stdexcept>
#include <utility>
#include <vector>

namespace cvv {

int defaultExplainRange(const VisionWorld& kWorld, const CvVisionRules& kRules, int iX, int iY, int eTeam)
{
	for (const auto& [iId, kUnit] : kWorld.state().kUnits)
	{
		if (kUnit.iX == iX && kUnit.iY == iY && kUnit.eTeam == eTeam)
		{
			return kWorld.unitRange(iId);
		}
	}
	return kRules.iUnitVisibilityRange;
}

namespace {
typedef std::pair<int, int> Disp; // a displacement (dx, dy) from the viewer

const Disp ORIGIN(0, 0);
const int MAX_PATHS_SHOWN = 8;

int ringOf(const Disp& kD) { return std::max(std::abs(kD.first), std::abs(kD.second)); }

class Explainer
{
public:
	Explainer(const PlotGrid& kGrid, const CvVisionEngine& kEngine, const ExplainRequest& kRequest)
		: m_kGrid(kGrid), m_kEngine(kEngine), m_kRequest(kRequest)
	{
		m_kOut.kRequest = kRequest;
	}

	SightExplanation explain()
	{
		checkTeam();
		if (!requestIsValid())
		{
			return m_kOut;
		}
		m_kOut.bValid = true;
		m_kD = Disp(cvVisionWrapDelta(m_kRequest.iToX - m_kRequest.iFromX, m_kGrid.getGridWidth(), m_kGrid.isWrapX()),
			cvVisionWrapDelta(m_kRequest.iToY - m_kRequest.iFromY, m_kGrid.getGridHeight(), m_kGrid.isWrapY()));
		if (m_kRequest.bAerial)
		{
			explainAerial();
		}
		else
		{
			explainGround();
		}
		return m_kOut;
	}

private:
	// --- the request ----------------------------------------------------------------------

	void checkTeam() const
	{
		const int iNumTeams = static_cast<int>(m_kGrid.counts().size()) / m_kGrid.plotCount();
		if (m_kRequest.eTeam < 0 || m_kRequest.eTeam >= iNumTeams)
		{
			throw std::invalid_argument("explain: team " + std::to_string(m_kRequest.eTeam)
				+ " is not a team of the map (" + std::to_string(iNumTeams) + " teams)");
		}
	}

	bool onMap(int iX, int iY) const
	{
		return iX >= 0 && iX < m_kGrid.getGridWidth() && iY >= 0 && iY < m_kGrid.getGridHeight();
	}

	// The checks canSeePlot makes before looking (in its order); false after setting the verdict.
	bool requestIsValid()
	{
		const ExplainRequest& kR = m_kRequest;
		std::optional<ExplainReason> kProblem;
		if (kR.bAerial && kR.iRange < 0)
		{
			kProblem = ExplainReason::NegativeRange;
		}
		else if (!kR.bAerial && (kR.eFacing < CV_VISION_NO_DIRECTION || kR.eFacing >= CV_VISION_NUM_DIRECTIONS))
		{
			kProblem = ExplainReason::NotADirection;
		}
		else if (!onMap(kR.iFromX, kR.iFromY))
		{
			kProblem = ExplainReason::ViewerOffMap;
		}
		else if (!onMap(kR.iToX, kR.iToY))
		{
			kProblem = ExplainReason::TargetOffMap;
		}
		else if (kR.bAerial && kR.iRange > CV_VISION_MAX_RANGE)
		{
			kProblem = ExplainReason::RangeAboveLimit;
		}
		if (!kProblem)
		{
			return true;
		}
		finish(false, *kProblem, engineVerdict());
		return false;
	}

	// --- the engine's answer ----------------------------------------------------------------

	bool engineVerdict() const
	{
		const ExplainRequest& kR = m_kRequest;
		return kR.bAerial
			? engineAerialVerdict()
			: m_kEngine.canSeePlot(m_kGrid, kR.iFromX, kR.iFromY, kR.iToX, kR.iToY, kR.eTeam, kR.iRange, kR.eFacing);
	}

	// The engine has no aerial canSeePlot: the target is seen when the aerial square holds it.
	bool engineAerialVerdict() const
	{
		const ExplainRequest& kR = m_kRequest;
		if (!onMap(kR.iToX, kR.iToY))
		{
			return false;
		}
		CvVisionSource kSource;
		kSource.iX = kR.iFromX;
		kSource.iY = kR.iFromY;
		kSource.eTeam = kR.eTeam;
		kSource.iRange = kR.iRange;
		kSource.bAerial = true;
		if (CvVisionEngine::validate(kSource, m_kGrid.getGridWidth(), m_kGrid.getGridHeight()) != CV_VISION_OK)
		{
			return false;
		}
		std::vector<int> aiPlots((2 * kR.iRange + 3) * (2 * kR.iRange + 3));
		const int iCount = m_kEngine.seenPlots(m_kGrid, kSource, aiPlots.data());
		const int iTarget = m_kGrid.index(kR.iToX, kR.iToY);
		for (int i = 0; i < iCount; ++i)
		{
			if (aiPlots[i] == iTarget)
			{
				return true;
			}
		}
		return false;
	}

	// The verdict, which is always the engine's answer.
	void finish(bool bExplained, ExplainReason eReason, bool bEngine)
	{
		m_kOut.kVerdict.bVisible = bEngine;
		m_kOut.kVerdict.bExplained = bExplained;
		m_kOut.kVerdict.eReason = eReason;
	}

	// --- plots --------------------------------------------------------------------------------

	// docs/vision-rules.md, section 5: the plot at viewer + d, or -1 when absent.
	int plotAt(const Disp& kD) const
	{
		const int iX = cvVisionWrapCoord(m_kRequest.iFromX + kD.first, m_kGrid.getGridWidth(), m_kGrid.isWrapX());
		const int iY = cvVisionWrapCoord(m_kRequest.iFromY + kD.second, m_kGrid.getGridHeight(), m_kGrid.isWrapY());
		return (iX < 0 || iY < 0) ? -1 : iY * m_kGrid.getGridWidth() + iX;
	}

	// The plot at viewer + d; an absent plot is where it would be.
	ExplainPlot plotOf(const Disp& kD) const
	{
		const int iPlot = plotAt(kD);
		ExplainPlot kPlot;
		if (iPlot < 0)
		{
			kPlot.iX = m_kRequest.iFromX + kD.first;
			kPlot.iY = m_kRequest.iFromY + kD.second;
			kPlot.bOnMap = false;
			return kPlot;
		}
		kPlot.iX = iPlot % m_kGrid.getGridWidth();
		kPlot.iY = iPlot / m_kGrid.getGridWidth();
		return kPlot;
	}

	std::vector<ExplainPlot> plotsOf(const std::vector<Disp>& aNodes) const
	{
		std::vector<ExplainPlot> aPlots;
		for (const Disp& kNode : aNodes)
		{
			aPlots.push_back(plotOf(kNode));
		}
		return aPlots;
	}

	ExplainTerrain terrainOf(int iPlot) const
	{
		const PlotGrid::Plot& kPlot = m_kGrid.plot(iPlot % m_kGrid.getGridWidth(), iPlot / m_kGrid.getGridWidth());
		ExplainTerrain kTerrain;
		kTerrain.eKind = kPlot.eKind;
		kTerrain.iFeatureSeeThrough = kPlot.iFeatureSeeThrough;
		kTerrain.iImprovementSeeFrom = kPlot.iImprovementSeeFrom;
		return kTerrain;
	}

	int seeThrough(const Disp& kD) const { return m_kGrid.seeThroughLevel(plotAt(kD)); }

	int seeFrom(int iPlot) const { return m_kGrid.seeFromLevel(iPlot, m_kRequest.eTeam); }

	// A see-from level, marked when the team's extra water see-from (Optics) raised it.
	ExplainLevel levelOf(int iPlot)
	{
		ExplainLevel kLevel;
		kLevel.iLevel = seeFrom(iPlot);
		kLevel.bWithOptics = kLevel.iLevel != seeFromWithoutBonus(iPlot);
		return kLevel;
	}

	// The level the plot would have for a team without the extra water see-from.
	int seeFromWithoutBonus(int iPlot)
	{
		const int iX = iPlot % m_kGrid.getGridWidth();
		const int iY = iPlot / m_kGrid.getGridWidth();
		if (m_kGrid.plot(iX, iY).eKind != CV_VISION_PLOT_OCEAN)
		{
			return seeFrom(iPlot); // the bonus is for water only
		}
		if (!m_kWithoutBonus)
		{
			m_kWithoutBonus.emplace(m_kGrid);
			m_kWithoutBonus->setExtraWaterSeeFrom(m_kRequest.eTeam, false);
		}
		return m_kWithoutBonus->seeFromLevel(iPlot, m_kRequest.eTeam);
	}

	// --- docs/vision-rules.md, section 3: the tied paths -------------------------------------

	std::vector<Disp> preds(const Disp& kD) const
	{
		std::vector<Disp> aPreds;
		if (kD == ORIGIN)
		{
			return aPreds;
		}
		int aiX[3];
		int aiY[3];
		const int iCount = cvVisionTiedPredecessors(kD.first, kD.second, aiX, aiY);
		for (int i = 0; i < iCount; ++i)
		{
			aPreds.push_back(Disp(aiX[i], aiY[i]));
		}
		return aPreds;
	}

	// Light may pass through d on its way out: the plot exists and is no taller than the viewer.
	bool passes(const Disp& kD) const { return plotAt(kD) >= 0 && m_iLevel >= seeThrough(kD); }

	// docs/vision-rules.md, section 3: clear(d), the engine's (light reaches d and passes on), remembered.
	bool clear(const Disp& kD)
	{
		const std::map<Disp, bool>::const_iterator it = m_kClear.find(kD);
		if (it != m_kClear.end())
		{
			return it->second;
		}
		const bool bClear = m_kEngine.canSeeDisplacement(
			m_kGrid, m_kRequest.iFromX, m_kRequest.iFromY, kD.first, kD.second, m_kRequest.eTeam, false, false);
		m_kClear[kD] = bClear;
		return bClear;
	}

	bool anyPredClear(const Disp& kD)
	{
		for (const Disp& kPred : preds(kD))
		{
			if (clear(kPred))
			{
				return true;
			}
		}
		return false;
	}

	// Every displacement on a tied path from the viewer to d (d excluded), nearest the viewer first.
	std::vector<Disp> pathNodes(const Disp& kD) const
	{
		std::vector<std::vector<Disp>> aLayers;
		std::vector<Disp> aLayer(1, kD);
		while (!aLayer.empty() && aLayer.front() != ORIGIN)
		{
			std::vector<Disp> aNext;
			for (const Disp& kNode : aLayer)
			{
				for (const Disp& kPred : preds(kNode))
				{
					if (std::find(aNext.begin(), aNext.end(), kPred) == aNext.end())
					{
						aNext.push_back(kPred);
					}
				}
			}
			aLayers.push_back(aNext);
			aLayer = aNext;
		}
		std::vector<Disp> aNodes;
		for (std::vector<std::vector<Disp>>::reverse_iterator it = aLayers.rbegin(); it != aLayers.rend(); ++it)
		{
			aNodes.insert(aNodes.end(), it->begin(), it->end());
		}
		return aNodes;
	}

	// Where light stops on the paths to d: the first plot of each path that it reaches but does
	// not pass, nearest the viewer first. bWithSelf: d itself counts (a predecessor, not the target).
	std::vector<ExplainPlot> lightStops(const Disp& kD, bool bWithSelf)
	{
		std::vector<Disp> aNodes = pathNodes(kD);
		if (bWithSelf)
		{
			aNodes.push_back(kD);
		}
		std::vector<Disp> aStops;
		for (const Disp& kNode : aNodes)
		{
			if (kNode != ORIGIN && !passes(kNode) && anyPredClear(kNode))
			{
				aStops.push_back(kNode);
			}
		}
		return plotsOf(aStops);
	}

	// The number of tied paths from the viewer to d, saturating.
	unsigned long long pathCount(const Disp& kD)
	{
		if (kD == ORIGIN)
		{
			return 1;
		}
		const std::map<Disp, unsigned long long>::const_iterator it = m_kPathCount.find(kD);
		if (it != m_kPathCount.end())
		{
			return it->second;
		}
		const unsigned long long iMax = std::numeric_limits<unsigned long long>::max();
		unsigned long long iCount = 0;
		for (const Disp& kPred : preds(kD))
		{
			const unsigned long long iMore = pathCount(kPred);
			iCount = (iCount > iMax - iMore) ? iMax : iCount + iMore;
		}
		m_kPathCount[kD] = iCount;
		return iCount;
	}

	// The first paths to d, each from the viewer out to d, in predecessor order.
	void collectPaths(const Disp& kD, std::vector<Disp>& aBackwards, std::vector<std::vector<Disp>>& aPaths) const
	{
		if (static_cast<int>(aPaths.size()) >= MAX_PATHS_SHOWN)
		{
			return;
		}
		aBackwards.push_back(kD);
		if (kD == ORIGIN)
		{
			aPaths.push_back(std::vector<Disp>(aBackwards.rbegin(), aBackwards.rend()));
		}
		for (const Disp& kPred : preds(kD))
		{
			collectPaths(kPred, aBackwards, aPaths);
		}
		aBackwards.pop_back();
	}

	// A path's plots and the first one between the viewer and the target where light stops.
	ExplainPath pathOf(const std::vector<Disp>& aNodes) const
	{
		ExplainPath kPath;
		for (size_t i = 0; i < aNodes.size(); ++i)
		{
			ExplainPathPlot kPlot;
			kPlot.kPlot = plotOf(aNodes[i]);
			kPlot.iSeeThrough = kPlot.kPlot.bOnMap ? seeThrough(aNodes[i]) : 0;
			kPlot.bPasses = passes(aNodes[i]);
			const bool bBetween = i > 0 && i + 1 < aNodes.size(); // the target's own see-through does not matter
			if (bBetween && kPath.iStop < 0 && !kPlot.bPasses)
			{
				kPath.iStop = static_cast<int>(i);
			}
			kPath.aPlots.push_back(kPlot);
		}
		return kPath;
	}

	ExplainPaths paths()
	{
		ExplainPaths kPaths;
		kPaths.iTotal = pathCount(m_kD);
		kPaths.bCountless = kPaths.iTotal == std::numeric_limits<unsigned long long>::max(); // saturated
		std::vector<std::vector<Disp>> aPaths;
		std::vector<Disp> aBackwards;
		collectPaths(m_kD, aBackwards, aPaths);
		for (const std::vector<Disp>& aNodes : aPaths)
		{
			kPaths.aShown.push_back(pathOf(aNodes));
		}
		return kPaths;
	}

	// --- the viewer and the target ----------------------------------------------------------

	int sightRing() const { return m_kRequest.iRange + (m_kEngine.options().bOuterRing ? 1 : 0); }

	bool hasOuterRule() const { return m_kEngine.options().bOuterRing && !m_kEngine.options().bOuterRingAsInner; }

	bool targetInOuterRing() const
	{
		const int iRing = sightRing();
		return hasOuterRule() && (std::abs(m_kD.first) == iRing || std::abs(m_kD.second) == iRing);
	}

	ExplainSight sightKind() const
	{
		const CvVisionOptions& kOptions = m_kEngine.options();
		if (m_kRequest.bAerial)
		{
			return ExplainSight::Aerial;
		}
		if (!kOptions.bOuterRing)
		{
			return ExplainSight::NoOuterRing;
		}
		return kOptions.bOuterRingAsInner ? ExplainSight::OuterRingAsInner : ExplainSight::OuterRing;
	}

	void explainViewer()
	{
		const int iOrigin = plotAt(ORIGIN);
		m_kOut.kViewer.kPlot = plotOf(ORIGIN);
		m_kOut.kViewer.kTerrain = terrainOf(iOrigin);
		if (!m_kRequest.bAerial)
		{
			m_kOut.kViewer.kSeeFrom = levelOf(iOrigin);
		}
		m_kOut.eSight = sightKind();
	}

	ExplainRing ring(int iSightRing) const
	{
		const int iRing = ringOf(m_kD);
		if (iRing == 0)
		{
			return ExplainRing::ViewerPlot;
		}
		if (iRing > iSightRing)
		{
			return ExplainRing::BeyondSightSquare;
		}
		if (m_kRequest.bAerial)
		{
			return ExplainRing::InsideAerialSquare;
		}
		if (targetInOuterRing())
		{
			return ExplainRing::OuterRing;
		}
		const bool bOnOuterRing = m_kEngine.options().bOuterRing && iRing == sightRing();
		return bOnOuterRing ? ExplainRing::OuterRingAsInner : ExplainRing::InnerRing;
	}

	void explainTarget()
	{
		const int iTarget = plotAt(m_kD);
		ExplainTarget& kTarget = m_kOut.kTarget;
		kTarget.kPlot = plotOf(m_kD);
		kTarget.kTerrain = terrainOf(iTarget);
		kTarget.iDX = m_kD.first;
		kTarget.iDY = m_kD.second;
		kTarget.iPlainDX = m_kRequest.iToX - m_kRequest.iFromX;
		kTarget.iPlainDY = m_kRequest.iToY - m_kRequest.iFromY;
		kTarget.iRing = ringOf(m_kD);
		kTarget.iSightRing = m_kRequest.bAerial ? m_kRequest.iRange : sightRing();
		kTarget.eRing = ring(kTarget.iSightRing);
		if (!m_kRequest.bAerial)
		{
			kTarget.iSeeThrough = seeThrough(m_kD);
			kTarget.kSeeFrom = levelOf(iTarget);
		}
	}

	// Which rule canSeePlot applies to a target beyond the sight square: docs/vision-rules.md,
	// section 4, tests only whether one coordinate lies on the outer ring.
	ExplainBeyond beyond() const
	{
		ExplainBeyond kBeyond;
		kBeyond.iSightRing = sightRing();
		kBeyond.bOuterRule = targetInOuterRing();
		kBeyond.bOnX = std::abs(m_kD.first) == sightRing();
		return kBeyond;
	}

	// --- docs/vision-rules.md, section 6 -----------------------------------------------------

	ExplainFacing facing() const
	{
		ExplainFacing kFacing;
		kFacing.eDirection = m_kRequest.eFacing;
		kFacing.iStepX = cvVisionDirectionX(kFacing.eDirection);
		kFacing.iStepY = cvVisionDirectionY(kFacing.eDirection);
		if (m_kD == ORIGIN)
		{
			kFacing.bViewerPlot = true;
			kFacing.bPasses = true;
			return kFacing;
		}
		const int iDX = m_kD.first;
		const int iDY = m_kD.second;
		kFacing.iCross = kFacing.iStepX * iDY - kFacing.iStepY * iDX;
		kFacing.iDot = kFacing.iStepX * iDX + kFacing.iStepY * iDY;
		const float fTheta = std::atan2(static_cast<float>(kFacing.iCross), static_cast<float>(kFacing.iDot));
		kFacing.fThetaDegrees = static_cast<double>(fTheta) * 180.0 / 3.14159265358979;
		kFacing.bNextToViewer = std::abs(iDX) <= 1 && std::abs(iDY) <= 1;
		// The engine's spreads: BTS's, or the mod's CVVISION_FACING_*_SPREAD knobs.
		const int iFarSpread = m_kEngine.tables().farSpreadDegrees();
		const int iNearSpread = m_kEngine.tables().nearSpreadDegrees();
		kFacing.iSpread = kFacing.bNextToViewer ? iNearSpread : iFarSpread;
		kFacing.bPasses = cvVisionFacingAllows(iDX, iDY, kFacing.eDirection, iFarSpread, iNearSpread);
		return kFacing;
	}

	// --- the two kinds of sight -----------------------------------------------------------------

	void explainAerial()
	{
		explainViewer();
		explainTarget();
		const bool bInside = ringOf(m_kD) <= m_kRequest.iRange;
		finish(
			bInside, bInside ? ExplainReason::InsideAerialSquare : ExplainReason::OutsideAerialSquare, engineVerdict());
	}

	void explainGround()
	{
		m_iLevel = seeFrom(plotAt(ORIGIN));
		explainViewer();
		explainTarget();
		const bool bEngine = engineVerdict();
		if (m_kRequest.eFacing != CV_VISION_NO_DIRECTION)
		{
			m_kOut.kFacing = facing();
			if (!m_kOut.kFacing->bPasses)
			{
				finish(false, ExplainReason::OutsideFacingCone, bEngine);
				return;
			}
		}
		if (m_kD == ORIGIN)
		{
			finish(true, ExplainReason::ViewerOwnPlot, bEngine);
			return;
		}
		if (ringOf(m_kD) > CV_VISION_MAX_SEE_DISTANCE)
		{
			finish(false, ExplainReason::TooFarForCanSeePlot, bEngine);
			return;
		}
		const bool bBeyond = ringOf(m_kD) > sightRing();
		if (bBeyond)
		{
			m_kOut.kBeyond = beyond();
		}
		m_kOut.kPaths = paths();
		const bool bVisible = targetInOuterRing() ? applyOuterRule() : applyInnerRule();
		m_kOut.kVerdict.bBeyondOwnSight = bBeyond;
		m_kOut.kVerdict.bVisible = bEngine;
		m_kOut.kVerdict.bExplained = bVisible;
	}

	// --- docs/vision-rules.md, section 3: the rule for the target ----------------------------

	ExplainPredecessor predecessor(const Disp& kPred, ExplainPredecessorState eState)
	{
		ExplainPredecessor kOut;
		kOut.kPlot = plotOf(kPred);
		kOut.bViewerPlot = kPred == ORIGIN;
		kOut.eState = eState;
		kOut.iSeeThrough = kOut.kPlot.bOnMap ? seeThrough(kPred) : 0;
		if (eState == ExplainPredecessorState::Blocked)
		{
			kOut.aStops = lightStops(kPred, true);
		}
		return kOut;
	}

	// Every predecessor blocked: the verdict names the first blocker on each path.
	void everyPredecessorBlocked()
	{
		m_kOut.kVerdict.eReason = ExplainReason::EveryPredecessorBlocked;
		m_kOut.kVerdict.aBlockers = lightStops(m_kD, false);
	}

	bool applyInnerRule()
	{
		ExplainRule& kRule = m_kOut.kRule.emplace();
		kRule.bOuter = false;
		int iClear = -1;
		for (const Disp& kPred : preds(m_kD))
		{
			const bool bClear = clear(kPred);
			if (bClear && iClear < 0)
			{
				iClear = static_cast<int>(kRule.aPredecessors.size());
			}
			kRule.aPredecessors.push_back(
				predecessor(kPred, bClear ? ExplainPredecessorState::Clear : ExplainPredecessorState::Blocked));
		}
		if (iClear < 0)
		{
			everyPredecessorBlocked();
			return false;
		}
		m_kOut.kVerdict.eReason = ExplainReason::PredecessorClear;
		m_kOut.kVerdict.iPredecessor = iClear;
		return true;
	}

	ExplainPredecessorState classifyOuter(const Disp& kPred)
	{
		if (!clear(kPred))
		{
			return ExplainPredecessorState::Blocked;
		}
		const int iSeeThrough = seeThrough(kPred);
		if (iSeeThrough > m_iLevel)
		{
			return ExplainPredecessorState::Above;
		}
		return iSeeThrough == m_iLevel ? ExplainPredecessorState::Level : ExplainPredecessorState::Below;
	}

	bool applyOuterRule()
	{
		const bool bTargetTaller = m_kOut.kTarget.kSeeFrom.iLevel > m_iLevel;
		ExplainRule& kRule = m_kOut.kRule.emplace();
		kRule.bOuter = true;
		ExplainVerdict& kVerdict = m_kOut.kVerdict;
		bool bAnyClear = false;
		bool bAnyLevel = false;
		for (const Disp& kPred : preds(m_kD))
		{
			const ExplainPredecessorState eState = classifyOuter(kPred);
			bAnyClear = bAnyClear || eState != ExplainPredecessorState::Blocked;
			bAnyLevel = bAnyLevel || eState == ExplainPredecessorState::Level;
			const bool bShows =
				eState == ExplainPredecessorState::Below || (eState == ExplainPredecessorState::Level && bTargetTaller);
			if (bShows && kVerdict.iPredecessor < 0)
			{
				kVerdict.eReason = eState == ExplainPredecessorState::Below ? ExplainReason::ViewerAbovePredecessor
																			: ExplainReason::TargetTaller;
				kVerdict.iPredecessor = static_cast<int>(kRule.aPredecessors.size());
			}
			kRule.aPredecessors.push_back(predecessor(kPred, eState));
		}
		if (kVerdict.iPredecessor >= 0)
		{
			return true;
		}
		if (!bAnyClear)
		{
			everyPredecessorBlocked();
		}
		else
		{
			kVerdict.eReason = bAnyLevel ? ExplainReason::TargetNotTaller : ExplainReason::NoPredecessorLowEnough;
		}
		return false;
	}

	const PlotGrid& m_kGrid;
	const CvVisionEngine& m_kEngine;
	const ExplainRequest& m_kRequest;
	SightExplanation m_kOut;
	Disp m_kD; // the target's displacement, wrapped (docs/vision-rules.md, section 4)
	int m_iLevel = 0; // the viewer's see-from level (lvFrom)
	std::map<Disp, bool> m_kClear;
	std::map<Disp, unsigned long long> m_kPathCount;
	std::optional<PlotGrid> m_kWithoutBonus; // the grid with the team's water bonus off
};
}

SightExplanation explainSightData(const PlotGrid& kGrid, const CvVisionEngine& kEngine, const ExplainRequest& kRequest)
{
	return Explainer(kGrid, kEngine, kRequest).explain();
}

} // namespace cvv
