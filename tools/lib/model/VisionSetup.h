// The engine and plot facts as the loaded rules say: what the host's tools build from
// loadVisionRules() before they look at a map.
#pragma once

#include "CvVisionEngine.h"
#include "model/PlotGrid.h"

#include <memory>
#include <stdexcept>
#include <string>

namespace cvv {

// An engine with the rules' knobs: their options, and a displacement table for their facing
// spreads (the shared CvVisionTables::standard() when they are BTS's, CV_VISION_BTS_FAR_SPREAD
// and CV_VISION_BTS_NEAR_SPREAD).
class VisionSetup
{
public:
	explicit VisionSetup(const CvVisionRules& kRules)
		: m_pOwnTables(hasBtsSpreads(kRules)
				? nullptr
				: std::make_unique<CvVisionTables>(kRules.iFacingFarSpread, kRules.iFacingNearSpread)),
		  m_kEngine(m_pOwnTables ? *m_pOwnTables : CvVisionTables::standard(), kRules.kOptions)
	{}

	const CvVisionEngine& engine() const { return m_kEngine; }

private:
	static bool hasBtsSpreads(const CvVisionRules& kRules)
	{
		return kRules.iFacingFarSpread == CvVisionTables::standard().farSpreadDegrees()
			&& kRules.iFacingNearSpread == CvVisionTables::standard().nearSpreadDegrees();
	}

	std::unique_ptr<CvVisionTables> m_pOwnTables;
	CvVisionEngine m_kEngine;
};

// The facts of one plot from type names ("" or "NONE": no feature, no improvement).
// Throws std::invalid_argument naming an unknown type.
inline PlotGrid::Plot plotFacts(const CvVisionRules& kRules, CvVisionPlotKind eKind, const std::string& sTerrain,
	const std::string& sFeature = "", const std::string& sImprovement = "")
{
	auto none = [](const std::string& s) { return s.empty() || s == "NONE"; };
	const int iTerrain = kRules.findTerrain(sTerrain);
	if (iTerrain < 0)
	{
		throw std::invalid_argument("unknown terrain type '" + sTerrain + "'");
	}
	PlotGrid::Plot kPlot;
	kPlot.eKind = eKind;
	kPlot.iTerrainSeeFrom = kRules.aTerrains[iTerrain].iSeeFrom;
	kPlot.iTerrainSeeThrough = kRules.aTerrains[iTerrain].iSeeThrough;
	if (!none(sFeature))
	{
		const int iFeature = kRules.findFeature(sFeature);
		if (iFeature < 0)
		{
			throw std::invalid_argument("unknown feature type '" + sFeature + "'");
		}
		kPlot.iFeatureSeeThrough = kRules.aFeatures[iFeature].iSeeThrough;
	}
	if (!none(sImprovement))
	{
		const int iImprovement = kRules.findImprovement(sImprovement);
		if (iImprovement < 0)
		{
			throw std::invalid_argument("unknown improvement type '" + sImprovement + "'");
		}
		kPlot.iImprovementSeeFrom = kRules.improvementSeeFrom(iImprovement);
	}
	return kPlot;
}

} // namespace cvv
