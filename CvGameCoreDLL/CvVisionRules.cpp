// CvVision: the rules object. See CvVisionRules.h.

#include "CvVisionRules.h"

#include "CvVisionTables.h"

namespace
{
	const CvVisionKnobInfo aKnobs[CV_VISION_NUM_KNOBS] = {
		{ "CVVISION_OUTER_RING", 1, 0, 1,
			"1: ground sight looks one ring past its range, where only plots taller than the viewer show" },
		{ "CVVISION_OUTER_RING_AS_INNER", 0, 0, 1,
			"1: that outer ring is judged like the inner rings (any plot in the line of sight shows)" },
		{ "CVVISION_WATER_SEE_THROUGH_DEFINE", 0, 0, 1,
			"1: water's see-through adds SEAWATER_SEE_THROUGH_CHANGE, as the XML promises; 0: BTS adds "
			"SEAWATER_SEE_FROM_CHANGE" },
		{ "CVVISION_EXTRA_WATER_SEE_FROM", 1, 0, CV_VISION_MAX_EXTRA_SEE_FROM,
			"what a team's first bExtraWaterSeeFrom tech (Optics) adds to the see-from level of water" },
		{ "CVVISION_FACING_FAR_SPREAD", 60, 0, 360,
			"the facing cone of a bLineOfSight unit, in degrees, beyond its 3x3 square" },
		{ "CVVISION_FACING_NEAR_SPREAD", 90, 0, 360,
			"the facing cone of a bLineOfSight unit, in degrees, within its 3x3 square" },
		{ "CVVISION_LINE_OF_SIGHT_REVEAL", 1, 0, 1,
			"1: a bLineOfSight unit reveals its whole 3x3 square (+1 then -1) even behind its back" },
		{ "CVVISION_MAX_SIGHT_RANGE", CV_VISION_NO_SIGHT_CAP, CV_VISION_NO_SIGHT_CAP, CV_VISION_MAX_SIGHT_CAP,
			"the largest total sight range of a land or sea unit (base, unit type and promotions together); -1: no cap (BTS)" },
		{ "CVVISION_AUDIT_ON_LOAD", 0, 0, 2,
			"after a save is loaded: 0 nothing (BTS), 1 audit the visibility counts, 2 audit and repair them" },
		{ "CVVISION_LEDGER", 0, 0, 1,
			"1: in the game each source takes back exactly what it added (armed by the DLL after a new map or a load; sdk-integrate adds the hooks)" },
		{ "CVVISION_PATH_UNKNOWN_PLOTS", 0, 0, 1,
			"the pathfinder on plots its team never saw: 0 they cost the average land move, 1 they are avoided" },
		{ "CVVISION_PATH_CLOSED_BORDERS", 1, 0, 1,
			"1: the pathfinder keeps out of territory its team may not enter (no open borders, no war), as BTS; 0 borders are ignored" },
		{ "CVVISION_SIGHT_MODEL", CV_VISION_SIGHT_BTS, 0, CV_VISION_NUM_SIGHT_MODELS - 1,
			"the line of sight of units and plots: 0 BTS; 1 height-aware PCVT, permissive (some ray clear); 2 height-aware PCVT, symmetric (equal heights see each other or neither)" },
	};

	template <class Rule>
	int findByType(const std::vector<Rule>& aRules, const std::string& szType)
	{
		for (int i = 0; i < static_cast<int>(aRules.size()); ++i)
		{
			if (aRules[i].szType == szType)
			{
				return i;
			}
		}
		return -1;
	}
}

const CvVisionKnobInfo& cvVisionKnobInfo(int eKnob)
{
	return aKnobs[eKnob];
}

int cvVisionFindKnob(const std::string& szDefine)
{
	for (int i = 0; i < CV_VISION_NUM_KNOBS; ++i)
	{
		if (szDefine == aKnobs[i].szDefine)
		{
			return i;
		}
	}
	return -1;
}

CvVisionRules::CvVisionRules()
	: iFacingFarSpread(60)
	, iFacingNearSpread(90)
	, iMaxSightRange(CV_VISION_NO_SIGHT_CAP)
	, iAuditOnLoad(0)
	, bLedger(false)
	, iPlotVisibilityRange(1)
	, iUnitVisibilityRange(1)
	, iReconVisibilityRange(5)
	, iMoveDenominator(60)
	, iHillsExtraMovement(1)
	, bPathAvoidUnknown(false)
	, bPathClosedBorders(true)
{
}

int CvVisionRules::findTerrain(const std::string& szType) const { return findByType(aTerrains, szType); }
int CvVisionRules::findFeature(const std::string& szType) const { return findByType(aFeatures, szType); }
int CvVisionRules::findTech(const std::string& szType) const { return findByType(aTechs, szType); }
int CvVisionRules::findImprovement(const std::string& szType) const { return findByType(aImprovements, szType); }
int CvVisionRules::findPromotion(const std::string& szType) const { return findByType(aPromotions, szType); }
int CvVisionRules::findUnit(const std::string& szType) const { return findByType(aUnits, szType); }
int CvVisionRules::findRoute(const std::string& szType) const { return findByType(aRoutes, szType); }

int CvVisionRules::findInvisibleType(const std::string& szType) const
{
	for (int i = 0; i < static_cast<int>(aszInvisibleTypes.size()); ++i)
	{
		if (aszInvisibleTypes[i] == szType)
		{
			return i;
		}
	}
	return -1;
}

int CvVisionRules::knob(CvVisionKnob eKnob) const
{
	switch (eKnob)
	{
	case CV_VISION_KNOB_OUTER_RING: return kOptions.bOuterRing ? 1 : 0;
	case CV_VISION_KNOB_OUTER_RING_AS_INNER: return kOptions.bOuterRingAsInner ? 1 : 0;
	case CV_VISION_KNOB_WATER_SEE_THROUGH_DEFINE: return kLevels.bWaterSeeThroughDefine ? 1 : 0;
	case CV_VISION_KNOB_EXTRA_WATER_SEE_FROM: return kLevels.iExtraWaterSeeFromBonus;
	case CV_VISION_KNOB_FACING_FAR_SPREAD: return iFacingFarSpread;
	case CV_VISION_KNOB_FACING_NEAR_SPREAD: return iFacingNearSpread;
	case CV_VISION_KNOB_LINE_OF_SIGHT_REVEAL: return kOptions.bRevealAdjacent ? 1 : 0;
	case CV_VISION_KNOB_MAX_SIGHT_RANGE: return iMaxSightRange;
	case CV_VISION_KNOB_AUDIT_ON_LOAD: return iAuditOnLoad;
	case CV_VISION_KNOB_LEDGER: return bLedger ? 1 : 0;
	case CV_VISION_KNOB_PATH_UNKNOWN_PLOTS: return bPathAvoidUnknown ? 1 : 0;
	case CV_VISION_KNOB_PATH_CLOSED_BORDERS: return bPathClosedBorders ? 1 : 0;
	case CV_VISION_KNOB_SIGHT_MODEL: return kOptions.eSightModel;
	default: return 0;
	}
}

void CvVisionRules::setKnob(CvVisionKnob eKnob, int iValue)
{
	switch (eKnob)
	{
	case CV_VISION_KNOB_OUTER_RING: kOptions.bOuterRing = iValue != 0; break;
	case CV_VISION_KNOB_OUTER_RING_AS_INNER: kOptions.bOuterRingAsInner = iValue != 0; break;
	case CV_VISION_KNOB_WATER_SEE_THROUGH_DEFINE: kLevels.bWaterSeeThroughDefine = iValue != 0; break;
	case CV_VISION_KNOB_EXTRA_WATER_SEE_FROM: kLevels.iExtraWaterSeeFromBonus = iValue; break;
	case CV_VISION_KNOB_FACING_FAR_SPREAD: iFacingFarSpread = iValue; break;
	case CV_VISION_KNOB_FACING_NEAR_SPREAD: iFacingNearSpread = iValue; break;
	case CV_VISION_KNOB_LINE_OF_SIGHT_REVEAL: kOptions.bRevealAdjacent = iValue != 0; break;
	case CV_VISION_KNOB_MAX_SIGHT_RANGE: iMaxSightRange = iValue; break;
	case CV_VISION_KNOB_AUDIT_ON_LOAD: iAuditOnLoad = iValue; break;
	case CV_VISION_KNOB_LEDGER: bLedger = iValue != 0; break;
	case CV_VISION_KNOB_PATH_UNKNOWN_PLOTS: bPathAvoidUnknown = iValue != 0; break;
	case CV_VISION_KNOB_PATH_CLOSED_BORDERS: bPathClosedBorders = iValue != 0; break;
	case CV_VISION_KNOB_SIGHT_MODEL: kOptions.eSightModel = iValue; break;
	default: break;
	}
}

int CvVisionRules::unitSightRange(int eUnit, int iPromotionChange) const
{
	int iRange = iUnitVisibilityRange + iPromotionChange;
	if (eUnit >= 0 && eUnit < static_cast<int>(aUnits.size()))
	{
		iRange += aUnits[eUnit].iExtraRange;
	}
	return (iMaxSightRange != CV_VISION_NO_SIGHT_CAP && iRange > iMaxSightRange) ? iMaxSightRange : iRange;
}

int CvVisionRules::improvementSeeFrom(int eImprovement) const
{
	if (eImprovement < 0 || eImprovement >= static_cast<int>(aImprovements.size()))
	{
		return 0;
	}
	return aImprovements[eImprovement].iExtraSeeFrom;
}

int CvVisionRules::resightRadius() const
{
	int iPromotions = 0;
	for (size_t i = 0; i < aPromotions.size(); ++i)
	{
		iPromotions += (aPromotions[i].iVisibilityChange > 0) ? aPromotions[i].iVisibilityChange : 0;
	}
	int iLargest = iPlotVisibilityRange;
	for (int i = 0; i < static_cast<int>(aUnits.size()); ++i)
	{
		if (aUnits[i].eDomain != CV_VISION_DOMAIN_AIR)
		{
			const int iRange = unitSightRange(i, iPromotions);
			iLargest = (iRange > iLargest) ? iRange : iLargest;
		}
	}
	if (kOptions.eSightModel != CV_VISION_SIGHT_BTS)
	{
		iLargest = (iLargest < CV_VISION_MAX_RANGE) ? iLargest : CV_VISION_MAX_RANGE; // a PCVT model's table ends there
	}
	return iLargest + (kOptions.bOuterRing ? 1 : 0);
}
