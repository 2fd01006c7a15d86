// `cvvision explain`: see Explain.h. The explanation follows docs/vision-rules.md, section 3 (tied predecessors, the rule for
// the target) and takes clear(d) from the engine (canSeeDisplacement with neither flag: the rules'
// clear(d), which the differential test checks against the reference); the verdict is then
// checked against the engine's canSeePlot.

#include "analysis/Explain.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <map>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <utility>
#include <vector>

namespace cvv {

namespace
{
	typedef std::pair<int, int> Disp; // a displacement (dx, dy) from the viewer

	const Disp ORIGIN(0, 0);
	const int MAX_PATHS_SHOWN = 8;
	const char* const DIRECTION_NAMES[CV_VISION_NUM_DIRECTIONS] = { "N", "NE", "E", "SE", "S", "SW", "W", "NW" };
	const char* const DISAGREE_NOTE = "note: explanation and engine disagree";

	std::string xy(int iX, int iY)
	{
		return "(" + std::to_string(iX) + "," + std::to_string(iY) + ")";
	}

	std::string signedNumber(int i)
	{
		return (i < 0 ? "" : "+") + std::to_string(i);
	}

	std::string signedXY(const Disp& kD)
	{
		return "(" + signedNumber(kD.first) + "," + signedNumber(kD.second) + ")";
	}

	int ringOf(const Disp& kD)
	{
		return std::max(std::abs(kD.first), std::abs(kD.second));
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

	// Comparison sign of a against b, for lines such as "see-through 1 < viewer 2".
	const char* compare(int iA, int iB)
	{
		return iA < iB ? "<" : (iA == iB ? "=" : ">");
	}

	// What a tied predecessor does for an outer-ring target (docs/vision-rules.md, section 3).
	enum class OuterPred
	{
		Blocked,  // light does not reach it
		Above,    // reached, but taller than the viewer (only the viewer's own plot can be)
		Level,    // at the viewer's level: the target shows only when taller than the viewer
		Below     // below the viewer's level: the target shows
	};

	class Explainer
	{
	public:
		Explainer(const PlotGrid& kGrid, const CvVisionEngine& kEngine, const ExplainRequest& kRequest)
			: m_kGrid(kGrid), m_kEngine(kEngine), m_kRequest(kRequest)
		{
		}

		std::string report()
		{
			checkTeam();
			if (!requestIsValid())
			{
				return m_kOut.str();
			}
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
			return m_kOut.str();
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

		// The checks canSeePlot makes before looking (in its order); false after writing the verdict.
		bool requestIsValid()
		{
			const ExplainRequest& kR = m_kRequest;
			std::string sProblem;
			if (kR.bAerial && kR.iRange < 0)
			{
				sProblem = "the range " + std::to_string(kR.iRange) + " is negative";
			}
			else if (!kR.bAerial && (kR.eFacing < CV_VISION_NO_DIRECTION || kR.eFacing >= CV_VISION_NUM_DIRECTIONS))
			{
				sProblem = "facing " + std::to_string(kR.eFacing) + " is not a direction (0-7, or -1 for none)";
			}
			else if (!onMap(kR.iFromX, kR.iFromY))
			{
				sProblem = "the viewer's plot " + xy(kR.iFromX, kR.iFromY) + " is off the map";
			}
			else if (!onMap(kR.iToX, kR.iToY))
			{
				sProblem = "the target " + xy(kR.iToX, kR.iToY) + " is off the map";
			}
			else if (kR.bAerial && kR.iRange > CV_VISION_MAX_RANGE)
			{
				sProblem = "the range is above the engine's limit of " + std::to_string(CV_VISION_MAX_RANGE);
			}
			if (sProblem.empty())
			{
				return true;
			}
			finish(false, "not visible: " + sProblem, engineVerdict());
			return false;
		}

		// --- the engine's answer ----------------------------------------------------------------

		bool engineVerdict() const
		{
			const ExplainRequest& kR = m_kRequest;
			return kR.bAerial ? engineAerialVerdict()
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

		// The verdict line, which is always the engine's answer.
		void finish(bool bExplained, const std::string& sReason, bool bEngine)
		{
			if (bExplained != bEngine)
			{
				m_kOut << DISAGREE_NOTE << " (the explanation says " << (bExplained ? "visible" : "not visible") << ")\n";
				m_kOut << "verdict: " << (bEngine ? "visible" : "not visible") << " (the engine's answer)\n";
				return;
			}
			m_kOut << "verdict: " << sReason << "\n";
		}

		// --- plots --------------------------------------------------------------------------------

		// docs/vision-rules.md, section 5: the plot at viewer + d, or -1 when absent.
		int plotAt(const Disp& kD) const
		{
			const int iX = cvVisionWrapCoord(m_kRequest.iFromX + kD.first, m_kGrid.getGridWidth(), m_kGrid.isWrapX());
			const int iY = cvVisionWrapCoord(m_kRequest.iFromY + kD.second, m_kGrid.getGridHeight(), m_kGrid.isWrapY());
			return (iX < 0 || iY < 0) ? -1 : iY * m_kGrid.getGridWidth() + iX;
		}

		// The plot's coordinates; an absent plot shows where it would be.
		std::string plotName(const Disp& kD) const
		{
			const int iPlot = plotAt(kD);
			if (iPlot < 0)
			{
				return xy(m_kRequest.iFromX + kD.first, m_kRequest.iFromY + kD.second);
			}
			return xy(iPlot % m_kGrid.getGridWidth(), iPlot / m_kGrid.getGridWidth());
		}

		std::string describePlot(int iPlot) const
		{
			const PlotGrid::Plot& kPlot = m_kGrid.plot(iPlot % m_kGrid.getGridWidth(), iPlot / m_kGrid.getGridWidth());
			std::string s = kindName(kPlot.eKind);
			if (kPlot.iFeatureSeeThrough != 0)
			{
				s += " with a feature (see-through " + signedNumber(kPlot.iFeatureSeeThrough) + ")";
			}
			if (kPlot.iImprovementSeeFrom != 0)
			{
				s += ", improvement see-from " + signedNumber(kPlot.iImprovementSeeFrom);
			}
			return s;
		}

		int seeThrough(const Disp& kD) const
		{
			return m_kGrid.seeThroughLevel(plotAt(kD));
		}

		int seeFrom(int iPlot) const
		{
			return m_kGrid.seeFromLevel(iPlot, m_kRequest.eTeam);
		}

		// A see-from level, marked when the team's extra water see-from (Optics) raised it.
		std::string seeFromText(int iPlot)
		{
			const int iLevel = seeFrom(iPlot);
			return std::to_string(iLevel) + (iLevel != seeFromWithoutBonus(iPlot) ? " (with Optics)" : "");
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
		bool passes(const Disp& kD) const
		{
			return plotAt(kD) >= 0 && m_iLevel >= seeThrough(kD);
		}

		// docs/vision-rules.md, section 3: clear(d), the engine's (light reaches d and passes on), remembered.
		bool clear(const Disp& kD)
		{
			const std::map<Disp, bool>::const_iterator it = m_kClear.find(kD);
			if (it != m_kClear.end())
			{
				return it->second;
			}
			const bool bClear = m_kEngine.canSeeDisplacement(m_kGrid, m_kRequest.iFromX, m_kRequest.iFromY, kD.first,
				kD.second, m_kRequest.eTeam, false, false);
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
		std::vector<Disp> lightStops(const Disp& kD, bool bWithSelf)
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
			return aStops;
		}

		std::string plotList(const std::vector<Disp>& aNodes) const
		{
			std::string s;
			for (const Disp& kNode : aNodes)
			{
				s += (s.empty() ? "" : ", ") + plotName(kNode);
			}
			return s;
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

		// "(5,5) > (6,5) st 1 > (7,5): clear", or where light stops.
		std::string pathText(const std::vector<Disp>& aPath) const
		{
			std::string s = plotName(aPath.front());
			std::string sStop;
			for (size_t i = 1; i < aPath.size(); ++i)
			{
				const Disp& kNode = aPath[i];
				s += " > " + plotName(kNode);
				if (i + 1 == aPath.size())
				{
					break; // the target: its own see-through does not matter
				}
				s += plotAt(kNode) < 0 ? " off the map" : " st " + std::to_string(seeThrough(kNode));
				if (sStop.empty() && !passes(kNode))
				{
					sStop = "stops at " + plotName(kNode) + (plotAt(kNode) < 0 ? " (off the map)"
						: " (see-through " + std::to_string(seeThrough(kNode)) + " > viewer " + std::to_string(m_iLevel) + ")");
				}
			}
			return s + ": " + (sStop.empty() ? "clear" : sStop);
		}

		void explainPaths()
		{
			const unsigned long long iTotal = pathCount(m_kD);
			const bool bCountless = iTotal == std::numeric_limits<unsigned long long>::max(); // saturated
			m_kOut << "tied paths, viewer to target (st = see-through), "
				<< (bCountless ? std::string("more than 10^19") : std::to_string(iTotal)) << " in all:\n";
			std::vector<std::vector<Disp>> aPaths;
			std::vector<Disp> aBackwards;
			collectPaths(m_kD, aBackwards, aPaths);
			for (size_t i = 0; i < aPaths.size(); ++i)
			{
				m_kOut << "  " << (i + 1) << ". " << pathText(aPaths[i]) << "\n";
			}
			if (bCountless)
			{
				m_kOut << "  ... and the rest\n";
			}
			else if (iTotal > aPaths.size())
			{
				m_kOut << "  ... and " << (iTotal - aPaths.size()) << " more\n";
			}
		}

		// --- the viewer and the target ----------------------------------------------------------

		int sightRing() const
		{
			return m_kRequest.iRange + (m_kEngine.options().bOuterRing ? 1 : 0);
		}

		bool hasOuterRule() const
		{
			return m_kEngine.options().bOuterRing && !m_kEngine.options().bOuterRingAsInner;
		}

		bool targetInOuterRing() const
		{
			const int iRing = sightRing();
			return hasOuterRule() && (std::abs(m_kD.first) == iRing || std::abs(m_kD.second) == iRing);
		}

		void explainViewer()
		{
			const int iOrigin = plotAt(ORIGIN);
			m_kOut << "viewer: " << plotName(ORIGIN) << ", team " << m_kRequest.eTeam << ", on " << describePlot(iOrigin);
			if (m_kRequest.bAerial)
			{
				m_kOut << ", aerial: levels do not matter\n";
				return;
			}
			m_kOut << ": see-from " << seeFromText(iOrigin) << "\n";
		}

		void explainRange()
		{
			const int iRange = m_kRequest.iRange;
			const CvVisionOptions& kOptions = m_kEngine.options();
			if (m_kRequest.bAerial)
			{
				m_kOut << "aerial sight: the plain square of range " << iRange << ", no terrain and no outer ring (spec 2)\n";
			}
			else if (!kOptions.bOuterRing)
			{
				m_kOut << "range " << iRange << ": rings up to " << iRange << ", no outer ring (CVVISION_OUTER_RING off)\n";
			}
			else if (kOptions.bOuterRingAsInner)
			{
				m_kOut << "range " << iRange << ": rings up to " << iRange + 1
					<< ", the outer ring judged like the inner ones (CVVISION_OUTER_RING_AS_INNER)\n";
			}
			else
			{
				m_kOut << "range " << iRange << ": rings up to " << iRange << " inner, ring " << iRange + 1
					<< " outer (only plots seen past a lower plot, or taller than the viewer, show there)\n";
			}
		}

		std::string ringText() const
		{
			const int iRing = ringOf(m_kD);
			const int iSight = m_kRequest.bAerial ? m_kRequest.iRange : sightRing();
			if (iRing == 0)
			{
				return "the viewer's own plot";
			}
			if (iRing > iSight)
			{
				return "beyond the sight square (ring " + std::to_string(iSight) + ")";
			}
			if (m_kRequest.bAerial)
			{
				return "inside the aerial square";
			}
			if (targetInOuterRing())
			{
				return "the outer ring";
			}
			const bool bOnOuterRing = m_kEngine.options().bOuterRing && iRing == sightRing();
			return bOnOuterRing ? "the outer ring, judged like the inner rings" : "an inner ring";
		}

		// Which rule canSeePlot applies to a target beyond the sight square: docs/vision-rules.md,
		// section 4, tests only whether one coordinate lies on the outer ring.
		std::string beyondRuleText() const
		{
			if (!targetInOuterRing())
			{
				return "it applies the inner-ring rule";
			}
			const bool bOnX = std::abs(m_kD.first) == sightRing();
			return std::string("|") + (bOnX ? "dx" : "dy") + "| = " + std::to_string(sightRing())
				+ ", so it applies the outer-ring rule";
		}

		void explainTarget()
		{
			const int iTarget = plotAt(m_kD);
			m_kOut << "target: " << plotName(m_kD) << " on " << describePlot(iTarget) << ", d=" << signedXY(m_kD)
				<< ", ring " << ringOf(m_kD) << ": " << ringText() << "\n";
			const Disp kRaw(m_kRequest.iToX - m_kRequest.iFromX, m_kRequest.iToY - m_kRequest.iFromY);
			if (kRaw != m_kD)
			{
				m_kOut << "wrapped: the plain difference " << signedXY(kRaw) << " is longer than going round the map\n";
			}
			if (!m_kRequest.bAerial)
			{
				m_kOut << "target levels: see-through " << seeThrough(m_kD) << ", see-from " << seeFromText(iTarget) << "\n";
			}
		}

		// --- docs/vision-rules.md, section 6 -----------------------------------------------------

		// The facing line; whether the test passes.
		bool explainFacing()
		{
			const int eFacing = m_kRequest.eFacing;
			const int iDX = m_kD.first;
			const int iDY = m_kD.second;
			const int iStepX = cvVisionDirectionX(eFacing);
			const int iStepY = cvVisionDirectionY(eFacing);
			m_kOut << "facing " << DIRECTION_NAMES[eFacing] << " " << xy(iStepX, iStepY) << ": ";
			if (m_kD == ORIGIN)
			{
				m_kOut << "the viewer's own plot always passes\n";
				return true;
			}
			const int iCross = iStepX * iDY - iStepY * iDX;
			const int iDot = iStepX * iDX + iStepY * iDY;
			const float fTheta = std::atan2(static_cast<float>(iCross), static_cast<float>(iDot));
			const bool bNear = std::abs(iDX) <= 1 && std::abs(iDY) <= 1;
			// The engine's spreads: BTS's, or the mod's CVVISION_FACING_*_SPREAD knobs.
			const int iFarSpread = m_kEngine.tables().farSpreadDegrees();
			const int iNearSpread = m_kEngine.tables().nearSpreadDegrees();
			const int iSpread = bNear ? iNearSpread : iFarSpread;
			const bool bPasses = cvVisionFacingAllows(iDX, iDY, eFacing, iFarSpread, iNearSpread);
			char szTheta[32];
			std::snprintf(szTheta, sizeof(szTheta), "%.1f", static_cast<double>(fTheta) * 180.0 / 3.14159265358979);
			m_kOut << "cross " << iCross << ", dot " << iDot << ", theta " << szTheta << " deg; spread " << iSpread
				<< " deg" << (bNear ? " (next to the viewer)" : "") << ": "
				<< (bPasses ? "passes (|theta| <= " : "fails (|theta| > ") << iSpread / 2 << ")\n";
			return bPasses;
		}

		// --- the two kinds of sight -----------------------------------------------------------------

		void explainAerial()
		{
			explainViewer();
			explainRange();
			if (m_kRequest.eFacing != CV_VISION_NO_DIRECTION)
			{
				m_kOut << "facing: ignored (aerial sight has no facing)\n";
			}
			explainTarget();
			const int iRing = ringOf(m_kD);
			const bool bInside = iRing <= m_kRequest.iRange;
			finish(bInside, bInside ? "visible: inside the aerial square (ring " + std::to_string(iRing) + " <= "
				+ std::to_string(m_kRequest.iRange) + ")" : "not visible: out of range (ring " + std::to_string(iRing)
				+ " > " + std::to_string(m_kRequest.iRange) + ")", engineVerdict());
		}

		void explainGround()
		{
			m_iLevel = seeFrom(plotAt(ORIGIN));
			explainViewer();
			explainRange();
			explainTarget();
			const bool bEngine = engineVerdict();
			if (m_kRequest.eFacing != CV_VISION_NO_DIRECTION && !explainFacing())
			{
				finish(false, "not visible: outside the facing cone", bEngine);
				return;
			}
			if (m_kD == ORIGIN)
			{
				finish(true, "visible: the viewer's own plot is always seen", bEngine);
				return;
			}
			if (ringOf(m_kD) > CV_VISION_MAX_SEE_DISTANCE)
			{
				finish(false, "not visible: canSeePlot answers only up to " + std::to_string(CV_VISION_MAX_SEE_DISTANCE)
					+ " plots away", bEngine);
				return;
			}
			const bool bBeyond = ringOf(m_kD) > sightRing();
			if (bBeyond)
			{
				m_kOut << "out of range: the unit's own sight stops at ring " << sightRing() << "\n";
				m_kOut << "canSeePlot does not check the range (spec 4): " << beyondRuleText() << "\n";
			}
			explainPaths();
			std::string sReason;
			const bool bVisible = targetInOuterRing() ? explainOuterRule(sReason) : explainInnerRule(sReason);
			if (bBeyond)
			{
				sReason += " (canSeePlot's answer, though the unit's own sight does not reach it)";
			}
			finish(bVisible, sReason, bEngine);
		}

		// --- docs/vision-rules.md, section 3: the rule for the target ----------------------------

		std::string predName(const Disp& kPred) const
		{
			return "predecessor " + plotName(kPred) + (kPred == ORIGIN ? ", the viewer's plot" : "");
		}

		std::string blockedText(const Disp& kPred)
		{
			return predName(kPred) + ": blocked, light stops at " + plotList(lightStops(kPred, true));
		}

		std::string allBlockedReason()
		{
			return "not visible: every predecessor is blocked (first blocker on each path: "
				+ plotList(lightStops(m_kD, false)) + ")";
		}

		bool explainInnerRule(std::string& sReason)
		{
			m_kOut << "rule (inner ring): visible when light reaches a predecessor; the target's own height does not matter\n";
			std::string sClear;
			for (const Disp& kPred : preds(m_kD))
			{
				const bool bClear = clear(kPred);
				m_kOut << "  " << (bClear ? predName(kPred) + ": clear" : blockedText(kPred)) << "\n";
				if (bClear && sClear.empty())
				{
					sClear = plotName(kPred);
				}
			}
			sReason = sClear.empty() ? allBlockedReason() : "visible because predecessor " + sClear + " is clear";
			return !sClear.empty();
		}

		OuterPred classifyOuter(const Disp& kPred)
		{
			if (!clear(kPred))
			{
				return OuterPred::Blocked;
			}
			const int iSeeThrough = seeThrough(kPred);
			if (iSeeThrough > m_iLevel)
			{
				return OuterPred::Above;
			}
			return iSeeThrough == m_iLevel ? OuterPred::Level : OuterPred::Below;
		}

		bool explainOuterRule(std::string& sReason)
		{
			const int iTargetFrom = seeFrom(plotAt(m_kD));
			const std::string sViewer = std::to_string(m_iLevel);
			m_kOut << "rule (outer ring): visible past a clear predecessor below the viewer's level " << sViewer
				<< ", or at that level when the target is taller than the viewer\n";
			bool bAnyClear = false;
			bool bAnyLevel = false;
			for (const Disp& kPred : preds(m_kD))
			{
				const OuterPred eState = classifyOuter(kPred);
				const std::string sThrough = "see-through " + std::to_string(seeThrough(kPred)) + " "
					+ compare(seeThrough(kPred), m_iLevel) + " viewer " + sViewer;
				bAnyClear = bAnyClear || eState != OuterPred::Blocked;
				bAnyLevel = bAnyLevel || eState == OuterPred::Level;
				switch (eState)
				{
				case OuterPred::Blocked:
					m_kOut << "  " << blockedText(kPred) << "\n";
					break;
				case OuterPred::Above:
					m_kOut << "  " << predName(kPred) << ": " << sThrough << ": hidden\n";
					break;
				case OuterPred::Level:
					m_kOut << "  " << predName(kPred) << ": clear, " << sThrough << ", target see-from " << iTargetFrom
						<< (iTargetFrom > m_iLevel ? " > " : " not above ") << sViewer
						<< (iTargetFrom > m_iLevel ? ": the target shows\n" : ": hidden\n");
					break;
				case OuterPred::Below:
					m_kOut << "  " << predName(kPred) << ": clear, " << sThrough << ": the target shows\n";
					break;
				}
				if (sReason.empty() && eState == OuterPred::Below)
				{
					sReason = "visible because the viewer (" + sViewer + ") is above " + predName(kPred)
						+ " (see-through " + std::to_string(seeThrough(kPred)) + ")";
				}
				if (sReason.empty() && eState == OuterPred::Level && iTargetFrom > m_iLevel)
				{
					sReason = "visible because the target (see-from " + std::to_string(iTargetFrom)
						+ ") is taller than the viewer (" + sViewer + "), seen past " + predName(kPred)
						+ " at the viewer's level";
				}
			}
			if (!sReason.empty())
			{
				return true;
			}
			if (!bAnyClear)
			{
				sReason = allBlockedReason();
			}
			else if (bAnyLevel)
			{
				sReason = "not visible: the target (see-from " + std::to_string(iTargetFrom)
					+ ") is not taller than the viewer (" + sViewer + "), and no clear predecessor is below the viewer";
			}
			else
			{
				sReason = "not visible: no clear predecessor is at or below the viewer's level (" + sViewer + ")";
			}
			return false;
		}

		const PlotGrid& m_kGrid;
		const CvVisionEngine& m_kEngine;
		const ExplainRequest& m_kRequest;
		std::ostringstream m_kOut;
		Disp m_kD;        // the target's displacement, wrapped (docs/vision-rules.md, section 4)
		int m_iLevel = 0; // the viewer's see-from level (lvFrom)
		std::map<Disp, bool> m_kClear;
		std::map<Disp, unsigned long long> m_kPathCount;
		std::optional<PlotGrid> m_kWithoutBonus; // the grid with the team's water bonus off
	};
}

std::string explainSight(const PlotGrid& kGrid, const CvVisionEngine& kEngine, const ExplainRequest& kRequest)
{
	return Explainer(kGrid, kEngine, kRequest).report();
}

std::string explainVerdictLine(const std::string& sReport)
{
	std::string sTrimmed = sReport;
	while (!sTrimmed.empty() && sTrimmed.back() == '\n')
	{
		sTrimmed.pop_back();
	}
	const std::string::size_type iLastBreak = sTrimmed.rfind('\n');
	return iLastBreak == std::string::npos ? sTrimmed : sTrimmed.substr(iLastBreak + 1);
}

bool explainSaysVisible(const std::string& sReport)
{
	return explainVerdictLine(sReport).rfind("verdict: visible", 0) == 0;
}

} // namespace cvv
