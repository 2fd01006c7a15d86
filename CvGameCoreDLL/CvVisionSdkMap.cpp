// CvVision: the game's map as the engine sees it: a plot's levels and the level cache. See
// CvVisionSdkMap.h.

#include "CvGameCoreDLL.h"
#include "CvVisionSdkCompat.h" // the game's names: CvMap, CvPlot, CvTeam
#include "CvTeamAI.h"

#include "CvVisionSdkMap.h"

namespace
{
	// The number of bits a fact + 1 of iCount kinds (and none) takes.
	int bitsFor(int iCount)
	{
		int iBits = 0;
		while ((1 << iBits) <= iCount)
		{
			++iBits;
		}
		return iBits;
	}
}

CvVisionPlotKind cvVisionSdkPlotKind(const CvPlot& kPlot)
{
	switch (kPlot.getPlotType())
	{
	case PLOT_PEAK: return CV_VISION_PLOT_PEAK;
	case PLOT_HILLS: return CV_VISION_PLOT_HILLS;
	case PLOT_OCEAN: return CV_VISION_PLOT_OCEAN;
	default: return CV_VISION_PLOT_LAND;
	}
}

int cvVisionSdkSeeThrough(const CvVisionRules& kRules, const CvVisionLevels& kLevels, const CvPlot& kPlot)
{
	const TerrainTypes eTerrain = kPlot.getTerrainType();
	const FeatureTypes eFeature = kPlot.getFeatureType();
	const int iTerrain = (eTerrain == NO_TERRAIN) ? 0 : kRules.aTerrains[eTerrain].iSeeThrough;
	const int iFeature = (eFeature == NO_FEATURE) ? 0 : kRules.aFeatures[eFeature].iSeeThrough;
	return kLevels.seeThrough(iTerrain, iFeature, cvVisionSdkPlotKind(kPlot));
}

int cvVisionSdkSeeFrom(const CvVisionRules& kRules, const CvVisionLevels& kLevels, const CvPlot& kPlot,
	bool bExtraWater)
{
	const TerrainTypes eTerrain = kPlot.getTerrainType();
	const int iTerrainSeeFrom = (eTerrain == NO_TERRAIN) ? 0 : kRules.aTerrains[eTerrain].iSeeFrom;
	return kLevels.seeFrom(iTerrainSeeFrom, cvVisionSdkPlotKind(kPlot), bExtraWater,
		kRules.improvementSeeFrom(kPlot.getImprovementType()));
}

void CvVisionSdkLevelCache::setRules(const CvVisionRules& kRules, const CvVisionLevels& kLevels)
{
	m_pRules = &kRules;
	m_pLevels = &kLevels;
	m_aPlots.clear();
	const int iNumFeatures = static_cast<int>(kRules.aFeatures.size());
	const int iNumImprovements = static_cast<int>(kRules.aImprovements.size());
	const int iThirdBits = bitsFor((iNumFeatures > iNumImprovements) ? iNumFeatures : iNumImprovements);
	m_iTerrainShift = bitsFor(NUM_PLOT_TYPES);
	m_iSecondShift = m_iTerrainShift + bitsFor(static_cast<int>(kRules.aTerrains.size()));
	m_bKeyed = m_iSecondShift + iThirdBits <= 30; // the key stays a non-negative int
}
