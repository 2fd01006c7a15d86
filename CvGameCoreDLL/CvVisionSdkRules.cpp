// CvVision: the rules read from the game's infos and defines (GC). See CvVisionSdkRules.h.

#include "CvGameCoreDLL.h"
#include "CvVisionSdkCompat.h" // the game's names: GC, the infos
#include "FVariableSystem.h"

#include "CvVisionSdkRules.h"

#include <utility>

namespace
{
	int knobValue(const char* szDefine, int iDefault, int iMin, int iMax)
	{
		int iValue = iDefault;
		if (!GC.getDefinesVarSystem()->GetValue(szDefine, iValue))
		{
			return iDefault; // a missing knob keeps its BTS value
		}
		return (iValue < iMin) ? iMin : ((iValue > iMax) ? iMax : iValue);
	}

	void readDefines(CvVisionRules& kRules)
	{
		kRules.iPlotVisibilityRange = GC.getDefineINT("PLOT_VISIBILITY_RANGE");
		kRules.iUnitVisibilityRange = GC.getDefineINT("UNIT_VISIBILITY_RANGE");
		kRules.iReconVisibilityRange = GC.getDefineINT("RECON_VISIBILITY_RANGE");
		kRules.kLevels.iPeakSeeFromChange = GC.getDefineINT("PEAK_SEE_FROM_CHANGE");
		kRules.kLevels.iPeakSeeThroughChange = GC.getDefineINT("PEAK_SEE_THROUGH_CHANGE");
		kRules.kLevels.iHillsSeeFromChange = GC.getDefineINT("HILLS_SEE_FROM_CHANGE");
		kRules.kLevels.iHillsSeeThroughChange = GC.getDefineINT("HILLS_SEE_THROUGH_CHANGE");
		kRules.kLevels.iSeaWaterSeeFromChange = GC.getDefineINT("SEAWATER_SEE_FROM_CHANGE");
		kRules.kLevels.iSeaWaterSeeThroughChange = GC.getDefineINT("SEAWATER_SEE_THROUGH_CHANGE");
		// Movement (the pathfinder). The game always has both; a denominator below 1 would make
		// every step free, so it keeps BTS's then.
		const int iMoveDenominator = GC.getDefineINT("MOVE_DENOMINATOR");
		if (iMoveDenominator >= 1 && iMoveDenominator <= 10000)
		{
			kRules.iMoveDenominator = iMoveDenominator;
		}
		kRules.iHillsExtraMovement = GC.getDefineINT("HILLS_EXTRA_MOVEMENT");
		for (int i = 0; i < CV_VISION_NUM_KNOBS; ++i)
		{
			const CvVisionKnobInfo& kInfo = cvVisionKnobInfo(i);
			kRules.setKnob(static_cast<CvVisionKnob>(i), knobValue(kInfo.szDefine, kInfo.iDefault, kInfo.iMin, kInfo.iMax));
		}
	}

	void readTerrainInfos(CvVisionRules& kRules)
	{
		for (int i = 0; i < GC.getNumTerrainInfos(); ++i)
		{
			const CvTerrainInfo& kInfo = GC.getTerrainInfo(static_cast<TerrainTypes>(i));
			CvVisionTerrainRule kRule;
			kRule.szType = kInfo.getType();
			kRule.iSeeFrom = kInfo.getSeeFromLevel();
			kRule.iSeeThrough = kInfo.getSeeThroughLevel();
			kRule.bWater = kInfo.isWater();
			kRule.iMovement = kInfo.getMovementCost();
			kRule.bImpassable = kInfo.isImpassable();
			kRules.aTerrains.push_back(kRule);
		}
		for (int i = 0; i < GC.getNumFeatureInfos(); ++i)
		{
			const CvFeatureInfo& kInfo = GC.getFeatureInfo(static_cast<FeatureTypes>(i));
			CvVisionFeatureRule kRule;
			kRule.szType = kInfo.getType();
			kRule.iSeeThrough = kInfo.getSeeThroughChange();
			kRule.iMovement = kInfo.getMovementCost();
			kRule.bImpassable = kInfo.isImpassable();
			kRules.aFeatures.push_back(kRule);
		}
		for (int i = 0; i < GC.getNumRouteInfos(); ++i)
		{
			const CvRouteInfo& kInfo = GC.getRouteInfo(static_cast<RouteTypes>(i));
			CvVisionRouteRule kRule;
			kRule.szType = kInfo.getType();
			kRule.iMovement = kInfo.getMovementCost();
			kRule.iFlatMovement = kInfo.getFlatMovementCost();
			for (int j = 0; j < GC.getNumTechInfos(); ++j)
			{
				const int iChange = kInfo.getTechMovementChange(j);
				if (iChange != 0)
				{
					kRule.aTechMovementChanges.push_back(std::make_pair(j, iChange));
				}
			}
			kRules.aRoutes.push_back(kRule);
		}
		for (int i = 0; i < GC.getNumImprovementInfos(); ++i)
		{
			CvVisionImprovementRule kRule;
			kRule.szType = GC.getImprovementInfo(static_cast<ImprovementTypes>(i)).getType();
			kRule.iExtraSeeFrom = knobValue((CV_VISION_SEE_FROM_PREFIX + kRule.szType).c_str(), 0,
				-CV_VISION_MAX_EXTRA_SEE_FROM, CV_VISION_MAX_EXTRA_SEE_FROM);
			kRules.aImprovements.push_back(kRule);
		}
	}

	void readUnitInfos(CvVisionRules& kRules)
	{
		for (int i = 0; i < GC.getNumTechInfos(); ++i)
		{
			const CvTechInfo& kInfo = GC.getTechInfo(static_cast<TechTypes>(i));
			CvVisionTechRule kRule;
			kRule.szType = kInfo.getType();
			kRule.bExtraWaterSeeFrom = kInfo.isExtraWaterSeeFrom();
			kRules.aTechs.push_back(kRule);
		}
		for (int i = 0; i < GC.getNumPromotionInfos(); ++i)
		{
			const CvPromotionInfo& kInfo = GC.getPromotionInfo(static_cast<PromotionTypes>(i));
			CvVisionPromotionRule kRule;
			kRule.szType = kInfo.getType();
			kRule.iVisibilityChange = kInfo.getVisibilityChange();
			kRules.aPromotions.push_back(kRule);
		}
		for (int i = 0; i < GC.getNumInvisibleInfos(); ++i)
		{
			kRules.aszInvisibleTypes.push_back(GC.getInvisibleInfo(static_cast<InvisibleTypes>(i)).getType());
		}
		for (int i = 0; i < GC.getNumUnitInfos(); ++i)
		{
			const CvUnitInfo& kInfo = GC.getUnitInfo(static_cast<UnitTypes>(i));
			CvVisionUnitRule kRule;
			kRule.szType = kInfo.getType();
			kRule.eDomain = static_cast<CvVisionDomain>(kInfo.getDomainType());
			for (int j = 0; j < kInfo.getNumSeeInvisibleTypes(); ++j)
			{
				kRule.aeSeeInvisible.push_back(kInfo.getSeeInvisibleType(j));
			}
			kRule.bLineOfSight = kInfo.isLineOfSight();
			kRule.iMoves = kInfo.getMoves();
			kRule.iExtraRange = knobValue((CV_VISION_EXTRA_RANGE_PREFIX + kRule.szType).c_str(), 0,
				-CV_VISION_MAX_RANGE, CV_VISION_MAX_RANGE);
			kRules.aUnits.push_back(kRule);
		}
	}
}

void cvVisionSdkReadRules(CvVisionRules& kRules)
{
	readDefines(kRules);
	readTerrainInfos(kRules);
	readUnitInfos(kRules);
}
