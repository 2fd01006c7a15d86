// CvVision: the rules object. See CvVisionRules.h.

#include "CvVisionRules.h"

namespace
{
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

CvVisionRules::CvVisionRules()
	: iPlotVisibilityRange(1)
	, iUnitVisibilityRange(1)
	, iReconVisibilityRange(5)
{
}

int CvVisionRules::findTerrain(const std::string& szType) const { return findByType(aTerrains, szType); }
int CvVisionRules::findFeature(const std::string& szType) const { return findByType(aFeatures, szType); }
int CvVisionRules::findTech(const std::string& szType) const { return findByType(aTechs, szType); }
int CvVisionRules::findPromotion(const std::string& szType) const { return findByType(aPromotions, szType); }
int CvVisionRules::findUnit(const std::string& szType) const { return findByType(aUnits, szType); }

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
