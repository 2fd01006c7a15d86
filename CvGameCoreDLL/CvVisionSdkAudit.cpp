// CvVision: the adapter's audit (every count recomputed from the game's current sources) and the
// arming of the ledger by the hooks sdk-integrate adds (CvPlot::reset, CvPlot::read,
// CvGame::update). See CvVisionSdk.h.

#include "CvGameCoreDLL.h"
#include "CvVisionSdkCompat.h" // the game's names: GC, CvMap, CvPlot, the infos
#include "CvTeamAI.h"

#include "CvVisionSdk.h"
#include "CvVisionSdkState.h"

#include <vector>

namespace
{
	// What a CvPlot hook marks: the ledger forgotten and disarmed, the arming at eArming (once per
	// map or load, though the hook is called for every plot).
	void markArming(CvVisionSdkArming eArming)
	{
		CvVisionSdkState& kState = cvVisionSdkStateUnread();
		if (kState.eArming != eArming || kState.bLedgerArmed)
		{
			kState.kLedger.clear();
			kState.bLedgerArmed = false;
			kState.eArming = eArming;
		}
	}
}

int CvVisionSdk::auditSight(bool bRepair, std::vector<CvVisionCountDifference>* pDifferences)
{
	CvVisionSdkState& kState = cvVisionSdkState();
	const CvMap& kMap = cvVisionMap();
	const int iNumPlots = cvVisionNumPlots(kMap);
	const int iNumInvisible = GC.getNumInvisibleInfos();
	// [team][plot], then [team][invisible type][plot]
	std::vector<int> aiExpected(MAX_TEAMS * (1 + iNumInvisible) * iNumPlots, 0);
	kState.kLedger.clear();
	kState.paiCollect = &aiExpected;
	for (int i = 0; i < iNumPlots; ++i)
	{
		cvVisionPlotByIndex(kMap, i)->updateSight(true, false);
	}
	kState.paiCollect = NULL;
	// The ledger now holds every current source: from here on they take back what they added.
	kState.bLedgerArmed = kState.kRules.bLedger;

	int iWrong = 0;
	for (int i = 0; i < iNumPlots; ++i)
	{
		CvPlot& kPlot = *cvVisionPlotByIndex(kMap, i);
		for (int t = 0; t < MAX_TEAMS; ++t)
		{
			const TeamTypes eTeam = static_cast<TeamTypes>(t);
			for (int e = -1; e < iNumInvisible; ++e)
			{
				const InvisibleTypes eInvisible = static_cast<InvisibleTypes>(e);
				const int iStored = (e < 0) ? kPlot.getVisibilityCount(eTeam) : kPlot.getInvisibleVisibilityCount(eTeam, eInvisible);
				const int iExpected = aiExpected[((e < 0) ? t : MAX_TEAMS + t * iNumInvisible + e) * iNumPlots + i];
				if (iStored == iExpected)
				{
					continue;
				}
				++iWrong;
				if (pDifferences != NULL)
				{
					const CvVisionCountDifference kDifference = { i, t, e, iStored, iExpected };
					pDifferences->push_back(kDifference);
				}
				if (bRepair && e >= 0)
				{
					kPlot.changeInvisibleVisibilityCount(eTeam, eInvisible, iExpected - iStored);
				}
				else if (bRepair)
				{
					cvVisionChangeVisibilityCount(kPlot, eTeam, iExpected - iStored, NO_INVISIBLE, true, NULL);
				}
			}
		}
	}
	return iWrong;
}

int CvVisionSdk::onGameLoaded()
{
	CvVisionSdkState& kState = cvVisionSdkStateUnread();
	if (kState.eArming == CV_VISION_ARMING_LOADED)
	{
		return kState.iLoadWrong; // the hooks already did it for this load
	}
	const int iMode = rules().iAuditOnLoad;
	int iWrong = 0;
	if (iMode != 0 || rules().bLedger)
	{
		iWrong = auditSight(iMode == 2, NULL); // also arms the ledger
	}
	if (kState.eArming == CV_VISION_ARMING_AFTER_READ)
	{
		kState.eArming = CV_VISION_ARMING_LOADED;
	}
	kState.iLoadWrong = (iMode == 0) ? 0 : iWrong;
	return kState.iLoadWrong;
}

void CvVisionSdk::onGameStarted()
{
	CvVisionSdkState& kState = cvVisionSdkStateUnread();
	if (rules().bLedger && !kState.bLedgerArmed)
	{
		auditSight(false, NULL);
	}
}

void CvVisionSdk::onPlotReset(const CvPlot& /*kPlot*/)
{
	// Called for every plot: only marks. The rules are not read here (the map may be built
	// before the game's defines are complete).
	markArming(CV_VISION_ARMING_AFTER_RESET);
}

void CvVisionSdk::onPlotRead(const CvPlot& /*kPlot*/)
{
	markArming(CV_VISION_ARMING_AFTER_READ);
}

void CvVisionSdk::onGameUpdate()
{
	CvVisionSdkState& kState = cvVisionSdkStateUnread();
	// Not at the first sight change after the load: that can come in the middle of a move (BTS's
	// CvUnit::setXY takes the unit off its plot before it removes its sight), when an audit
	// would not see the unit. At the start of CvGame::update nothing is half done.
	if (kState.eArming == CV_VISION_ARMING_AFTER_READ)
	{
		onGameLoaded();
	}
}

bool CvVisionSdk::isLedgerArmed()
{
	return cvVisionSdkStateUnread().bLedgerArmed;
}
