// CvVision: the rules object. See CvVisionRules.h.

#include "CvVisionRules.h"

#include "CvVisionTables.h"

namespace
{
	// The table of CV_VISION_FOR_EACH_KNOB, in the enum's order.
#define CV_VISION_KNOB_INFO_ENTRY(NAME, iDefault, iMin, iMax, szMeaning, KIND, member) \
	{ "CVVISION_" #NAME, (iDefault), (iMin), (iMax), szMeaning },
	const CvVisionKnobInfo aKnobs[CV_VISION_NUM_KNOBS] = {
		CV_VISION_FOR_EACH_KNOB(CV_VISION_KNOB_INFO_ENTRY)
	};
#undef CV_VISION_KNOB_INFO_ENTRY

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
	: iPlotVisibilityRange(1)
	, iUnitVisibilityRange(1)
	, iReconVisibilityRange(5)
	, iMoveDenominator(60)
	, iHillsExtraMovement(1)
{
	// Every knob at its default (exact BTS), the members of kLevels and kOptions too.
	for (int i = 0; i < CV_VISION_NUM_KNOBS; ++i)
	{
		setKnob(static_cast<CvVisionKnob>(i), aKnobs[i].iDefault);
	}
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

// knob() and setKnob(), one case per entry of CV_VISION_FOR_EACH_KNOB. The casts make a BOOL
// entry name a bool member and an INT entry an int member, or fail to compile.
#define CV_VISION_KNOB_GET_BOOL(member) ((member) ? 1 : 0)
#define CV_VISION_KNOB_GET_INT(member) (member)
#define CV_VISION_KNOB_SET_BOOL(member, iValue) static_cast<bool&>(member) = ((iValue) != 0)
#define CV_VISION_KNOB_SET_INT(member, iValue) static_cast<int&>(member) = (iValue)
#define CV_VISION_KNOB_GET_CASE(NAME, iDefault, iMin, iMax, szMeaning, KIND, member) \
	case CV_VISION_KNOB_##NAME: return CV_VISION_KNOB_GET_##KIND(member);
#define CV_VISION_KNOB_SET_CASE(NAME, iDefault, iMin, iMax, szMeaning, KIND, member) \
	case CV_VISION_KNOB_##NAME: CV_VISION_KNOB_SET_##KIND(member, iValue); break;

int CvVisionRules::knob(CvVisionKnob eKnob) const
{
	switch (eKnob)
	{
	CV_VISION_FOR_EACH_KNOB(CV_VISION_KNOB_GET_CASE)
	default: return 0;
	}
}

void CvVisionRules::setKnob(CvVisionKnob eKnob, int iValue)
{
	switch (eKnob)
	{
	CV_VISION_FOR_EACH_KNOB(CV_VISION_KNOB_SET_CASE)
	default: break;
	}
}

#undef CV_VISION_KNOB_GET_CASE
#undef CV_VISION_KNOB_SET_CASE
#undef CV_VISION_KNOB_GET_BOOL
#undef CV_VISION_KNOB_GET_INT
#undef CV_VISION_KNOB_SET_BOOL
#undef CV_VISION_KNOB_SET_INT

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
