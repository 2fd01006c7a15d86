// CvVision: the adapter's audit (every count recomputed from the game's current sources) and the
// hooks sdk-integrate adds (CvPlot::reset, CvPlot::read, CvGame::update), which call the ledger's
// arming (CvVisionSdkArming.h). See CvVisionSdk.h.

#include "CvGameCoreDLL.h"
#include "CvVisionSdkCompat.h" // the game's names: GC, CvMap, CvPlot, the infos
#include "CvTeamAI.h"

#include "CvVisionSdk.h"
#include "CvVisionSdkState.h"

#include <vector>

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
	kState.kArming.armAfterAudit(kState.kRules.bLedger);

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
	if (kState.kArming.step() == CV_VISION_ARMING_LOADED)
	{
		return kState.kArming.loadWrong(); // the hooks already did it for this load
	}
	const int iMode = rules().iAuditOnLoad;
	int iWrong = 0;
	if (iMode != 0 || rules().bLedger)
	{
		iWrong = auditSight(iMode == 2, NULL); // also arms the ledger
	}
	kState.kArming.loadAudited((iMode == 0) ? 0 : iWrong); // a load's read is now loaded
	return kState.kArming.loadWrong();
}

void CvVisionSdk::onGameStarted()
{
	CvVisionSdkState& kState = cvVisionSdkStateUnread();
	if (rules().bLedger && !kState.kArming.isLedgerArmed())
	{
		auditSight(false, NULL);
	}
}

void CvVisionSdk::onPlotReset(const CvPlot& /*kPlot*/)
{
	// Called for every plot: only marks. The rules are not read here (the map may be built
	// before the game's defines are complete).
	CvVisionSdkState& kState = cvVisionSdkStateUnread();
	kState.kArming.mark(CV_VISION_ARMING_AFTER_RESET, kState.kLedger);
}

void CvVisionSdk::onPlotRead(const CvPlot& /*kPlot*/)
{
	CvVisionSdkState& kState = cvVisionSdkStateUnread();
	kState.kArming.mark(CV_VISION_ARMING_AFTER_READ, kState.kLedger);
}

void CvVisionSdk::onGameUpdate()
{
	CvVisionSdkState& kState = cvVisionSdkStateUnread();
	// Not at the first sight change after the load: that can come in the middle of a move (BTS's
	// CvUnit::setXY takes the unit off its plot before it removes its sight), when an audit
	// would not see the unit. At the start of CvGame::update nothing is half done.
	if (kState.kArming.step() == CV_VISION_ARMING_AFTER_READ)
	{
		onGameLoaded();
	}
}

bool CvVisionSdk::isLedgerArmed()
{
	return cvVisionSdkStateUnread().kArming.isLedgerArmed();
}

const CvVisionSdkArming& CvVisionSdk::arming()
{
	return cvVisionSdkStateUnread().kArming;
}
