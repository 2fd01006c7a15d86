// CvVision: the adapter's state, its rules read once from the game's infos and defines
// (CvVisionSdkRules.cpp), and the engine they configure. See CvVisionSdkState.h.

#include "CvGameCoreDLL.h"
#include "CvVisionSdkCompat.h" // the game's names: GC, the infos
#include "CvTeamAI.h"

#include "CvVisionSdk.h"
#include "CvVisionSdkRules.h"
#include "CvVisionSdkState.h"

namespace
{
	CvVisionSdkState g_kState;

	void build(CvVisionSdkState& kState)
	{
		kState.kRules = CvVisionRules();
		cvVisionSdkReadRules(kState.kRules);
		const CvVisionRules& kRules = kState.kRules;
		kState.kLevels = CvVisionLevels(kRules.kLevels);
		kState.kLevelCache.setRules(kRules, kState.kLevels);
		const CvVisionTables& kStandard = CvVisionTables::standard();
		if (kRules.iFacingFarSpread != kStandard.farSpreadDegrees()
			|| kRules.iFacingNearSpread != kStandard.nearSpreadDegrees())
		{
			kState.pOwnTables = new CvVisionTables(kRules.iFacingFarSpread, kRules.iFacingNearSpread);
		}
		kState.pEngine = new CvVisionEngine(kState.pOwnTables ? *kState.pOwnTables : kStandard, kRules.kOptions);
		const int iRuleReach = CvVisionSightRules::maxGroundRangeChange();
		kState.iResightRadius = kRules.resightRadius() + ((iRuleReach > 0) ? iRuleReach : 0);
		kState.bReady = true;
	}
}

CvVisionSdkState& cvVisionSdkState()
{
	if (!g_kState.bReady)
	{
		build(g_kState);
	}
	return g_kState;
}

CvVisionSdkState& cvVisionSdkStateUnread()
{
	return g_kState;
}

const CvVisionRules& CvVisionSdk::rules()
{
	return cvVisionSdkState().kRules;
}

const CvVisionEngine& CvVisionSdk::engine()
{
	return *cvVisionSdkState().pEngine;
}

void CvVisionSdk::resetRules()
{
	g_kState.kArming.disarm(g_kState.kLedger);
	delete g_kState.pEngine;
	delete g_kState.pOwnTables;
	g_kState.pEngine = NULL;
	g_kState.pOwnTables = NULL;
	g_kState.bReady = false;
}

int CvVisionSdk::resightRadius()
{
	return cvVisionSdkState().iResightRadius;
}
