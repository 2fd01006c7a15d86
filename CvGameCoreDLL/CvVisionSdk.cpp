// CvVision: the adapter between the engine and the game: the bodies of CvPlot's vision functions.
// See CvVisionSdk.h; the rules are read in CvVisionSdkRules.cpp and kept in CvVisionSdkState.cpp,
// the map is CvVisionSdkMap.h, the audit and the arming hooks are in CvVisionSdkAudit.cpp, the
// paths in CvVisionSdkPaths.cpp; the ledger's arming and a level change's bracket are the state
// machine of CvVisionSdkArming.h.

#include "CvGameCoreDLL.h"
#include "CvVisionSdkCompat.h" // the game's names: GC, CvMap, CvPlot, CvUnit, the infos
#include "CvTeamAI.h"

#include "CvVisionSdk.h"
#include "CvVisionSdkAssert.h"
#include "CvVisionSdkState.h"

#include <vector>

namespace
{
	// Marks the state's sight scratch in use for one sight change, and free again at its end.
	class CvVisionSdkSightUse
	{
	public:
		explicit CvVisionSdkSightUse(bool& bBusy) : m_bBusy(bBusy), m_bNested(bBusy) { m_bBusy = true; }
		~CvVisionSdkSightUse() { m_bBusy = m_bNested; }
		bool isNested() const { return m_bNested; }

	private:
		bool& m_bBusy;
		bool m_bNested;
	};

	// The range of one pass with the mod's knobs: a unit's ground sight gets its type's extra range,
	// capped at CVVISION_MAX_SIGHT_RANGE when set; a PCVT sight model ends at its table.
	int knobRange(const CvVisionSdkState& kState, const CvVisionSightPass& kPass, const CvUnit* pUnit)
	{
		int iRange = kPass.iRange;
		if (pUnit != NULL && !kPass.bAerial)
		{
			iRange += kState.kRules.aUnits[pUnit->getUnitType()].iExtraRange;
			const int iCap = kState.kRules.iMaxSightRange; // CV_VISION_NO_SIGHT_CAP (BTS): none
			iRange = (iCap != CV_VISION_NO_SIGHT_CAP && iRange > iCap) ? iCap : iRange;
		}
		// Any range as BTS: the engine takes ranges beyond its table (and negative ones) on another
		// path. Only a PCVT sight model ends at its table: ground ranges above it see as far as it.
		if (kState.kRules.kOptions.eSightModel != CV_VISION_SIGHT_BTS && !kPass.bAerial && iRange > CV_VISION_MAX_RANGE)
		{
			iRange = CV_VISION_MAX_RANGE;
		}
		return iRange;
	}

	// The sight a unit (or no unit) on kPlot makes: the passes the rule points give
	// (CvVisionSightRules), with the mod's knobs applied, as engine sources in kSight.aSources;
	// returns how many. Consecutive passes of the same range, aerial flag and facing make one
	// source that lists their invisible types (BTS's sight: always one), so that the engine walks
	// the square once for them; the engine makes a source's passes in order, and the sources come
	// in order, so per plot the count changes come in BTS's order (the passes outermost).
	int sightOf(const CvVisionSdkState& kState, CvVisionSdkSight& kSight, const CvPlot& kPlot, TeamTypes eTeam, int iRange,
		const CvUnit* pUnit)
	{
		CvVisionSightRules::passes(kPlot, eTeam, iRange, pUnit, kSight.aPasses);
		const int iNumPasses = static_cast<int>(kSight.aPasses.size());
		kSight.aiPassInvisible.resize(iNumPasses); // sized once: the sources point into it
		kSight.aSources.clear();
		for (int i = 0; i < iNumPasses; ++i)
		{
			const CvVisionSightPass& kPass = kSight.aPasses[i];
			kSight.aiPassInvisible[i] = kPass.eInvisible;
			const int iPassRange = knobRange(kState, kPass, pUnit);
			const int eFacing = kPass.bAerial ? CV_VISION_NO_DIRECTION : kPass.eFacing;
			if (!kSight.aSources.empty())
			{
				CvVisionSource& kLast = kSight.aSources.back();
				if (kLast.iRange == iPassRange && kLast.bAerial == kPass.bAerial && kLast.eFacing == eFacing)
				{
					++kLast.iNumSeeInvisible;
					continue;
				}
			}
			CvVisionSource kSource(cvVisionX(kPlot), cvVisionY(kPlot), eTeam, iPassRange, kPass.bAerial, eFacing);
			kSource.iNumSeeInvisible = 1;
			kSource.paeSeeInvisible = &kSight.aiPassInvisible[i];
			kSight.aSources.push_back(kSource);
		}
		return static_cast<int>(kSight.aSources.size());
	}

	// Which source a call of changeAdjacentSight is about: a unit's own sight or its recon by
	// the unit, anything else (owned plot, vassal or espionage sight of a city) by plot, range
	// and team; identical ones stack under one key.
	CvVisionSourceKey keyOf(const CvPlot& kPlot, TeamTypes eTeam, int iRange, const CvUnit* pUnit)
	{
		if (pUnit == NULL)
		{
			const int iPlot = cvVisionY(kPlot) * cvVisionGridWidth(cvVisionMap()) + cvVisionX(kPlot);
			return CvVisionSourceKey(CV_VISION_SOURCE_PLOT, iPlot, iRange, eTeam);
		}
		const int eKind = (pUnit->plot() == &kPlot) ? CV_VISION_SOURCE_UNIT : CV_VISION_SOURCE_RECON;
		return CvVisionSourceKey(eKind, cvVisionOwner(*pUnit), pUnit->getID(), eTeam);
	}

	// Can the open change of eTeam's extra water see-from (CvVisionSdkSeeFromChange) alter any of
	// these sources' sight? Asked of the map with the bonus and without, so the answer is the same
	// before the change and after it: a source left alone when taken off is left alone when put
	// back.
	bool seeFromChangeReaches(CvVisionSdkState& kState, const CvVisionSource* paSources, int iNumSources, int eTeam)
	{
		const CvMap& kMap = cvVisionMap();
		const CvVisionSdkMapWithWater kWithout(kMap, kState.kLevelCache, false);
		const CvVisionSdkMapWithWater kWith(kMap, kState.kLevelCache, true);
		for (int i = 0; i < iNumSources; ++i)
		{
			if (CvVisionLedger::seeFromChangeReaches(*kState.pEngine, kWithout, kWith, paSources[i], eTeam))
			{
				return true;
			}
		}
		return false;
	}

	// Adds (iChange 1) or removes (-1) the sources of one sight (sightOf), in order.
	template <class Sink>
	void changeSight(const CvVisionEngine& kEngine, const CvVisionSdkMap& kLevels, Sink& kSink,
		const CvVisionSource* paSources, int iNumSources, int iChange)
	{
		for (int i = 0; i < iNumSources; ++i)
		{
			cvVisionCheck(kEngine.changeAdjacentSight(kLevels, kSink, paSources[i], iChange));
		}
	}

	// One axis of the re-sight square: the coordinates within iRadius of iC, each once.
	int resightAxis(int iC, int iRadius, int iLength, bool bWrap, int* paiOut)
	{
		int iCount = 0;
		if (bWrap && 2 * iRadius + 1 >= iLength)
		{
			for (int i = 0; i < iLength; ++i)
			{
				paiOut[iCount++] = i;
			}
			return iCount;
		}
		for (int d = -iRadius; d <= iRadius; ++d)
		{
			const int iCoord = cvVisionWrapCoord(iC + d, iLength, bWrap);
			if (iCoord >= 0)
			{
				paiOut[iCount++] = iCoord;
			}
		}
		return iCount;
	}
}

void CvVisionSdk::changeAdjacentSight(const CvPlot& kPlot, TeamTypes eTeam, int iRange, bool bIncrement,
	const CvUnit* pUnit, bool bUpdatePlotGroups)
{
	CvVisionSdkState& kState = cvVisionSdkState();
	if (kState.kArming.armsAtSightChange() && kState.paiCollect == NULL)
	{
		// CvVision: a new map holds no sight yet, so an empty ledger holds every source.
		kState.kArming.armAfterReset(kState.kLedger, kState.kRules.bLedger);
	}
	// The game's count changes may, in some fork, change another sight before this one is done:
	// that one gets its own scratch.
	CvVisionSdkSight kNested;
	CvVisionSdkSightUse kUse(kState.bSightBusy);
	CvVisionSdkSight& kSight = kUse.isNested() ? kNested : kState.kSight;
	const int iNumSources = sightOf(kState, kSight, kPlot, eTeam, iRange, pUnit);
	const CvVisionSource* paSources = kSight.aSources.empty() ? NULL : &kSight.aSources[0];
	const CvMap& kMap = cvVisionMap();
	const CvVisionSdkMap kLevels(kMap, kState.kLevelCache);
	if (kState.paiCollect != NULL)
	{
		CvVisionSdkCollectSink kCollect(*kState.paiCollect, cvVisionNumPlots(kMap), GC.getNumInvisibleInfos());
		if (kState.kRules.bLedger)
		{
			cvVisionCheck(kState.kLedger.add(keyOf(kPlot, eTeam, iRange, pUnit), *kState.pEngine, kLevels, kCollect,
				paSources, iNumSources));
			return;
		}
		changeSight(*kState.pEngine, kLevels, kCollect, paSources, iNumSources, bIncrement ? 1 : -1);
		return;
	}
	if (kState.eSeeFromChangeTeam >= 0 && !seeFromChangeReaches(kState, paSources, iNumSources, kState.eSeeFromChangeTeam))
	{
		return; // CvVision: an Optics change cannot alter this sight; off and on again would leave it as it is
	}
	CvVisionSdkSink kSink(kMap, bUpdatePlotGroups, pUnit);
	const CvVisionSdkArming& kArming = kState.kArming;
	if (kArming.isLedgerArmed())
	{
		const CvVisionSourceKey kKey = keyOf(kPlot, eTeam, iRange, pUnit);
		if (kArming.resight() == CV_VISION_RESIGHT_BEFORE && !bIncrement && kState.kLedger.has(kKey))
		{
			return; // kept until the change is made: resightLevelChange then changes what differs
		}
		if (kArming.resight() == CV_VISION_RESIGHT_AFTER && bIncrement && kState.kLedger.has(kKey))
		{
			const CvVisionLevelsBefore<CvVisionSdkMap> kBefore(kLevels, kArming.resightPlot(),
				kArming.resightSeeThrough(), kArming.resightSeeFrom());
			cvVisionCheck(kState.kLedger.resightLevelChange(kKey, *kState.pEngine, kBefore, kLevels, kSink, paSources,
				iNumSources));
			return;
		}
		if (bIncrement)
		{
			cvVisionCheck(kState.kLedger.add(kKey, *kState.pEngine, kLevels, kSink, paSources, iNumSources));
			return;
		}
		if (kState.kLedger.remove(kKey, kSink))
		{
			return; // exactly what the source added, whatever its passes are now
		}
		// Not in the ledger (added before it was armed): as BTS.
	}
	changeSight(*kState.pEngine, kLevels, kSink, paSources, iNumSources, bIncrement ? 1 : -1);
}

CvVisionSdkSeeFromChange::CvVisionSdkSeeFromChange(TeamTypes eTeam)
{
	// One change inside another (no tree does it): the inner one, and whatever the outer one
	// re-sights meanwhile, as BTS.
	CvVisionSdkState& kState = cvVisionSdkState();
	m_eSavedTeam = kState.eSeeFromChangeTeam;
	kState.eSeeFromChangeTeam = (kState.iSeeFromChangeDepth == 0) ? static_cast<int>(eTeam) : -1;
	++kState.iSeeFromChangeDepth;
}

CvVisionSdkSeeFromChange::~CvVisionSdkSeeFromChange()
{
	CvVisionSdkState& kState = cvVisionSdkState();
	--kState.iSeeFromChangeDepth;
	kState.eSeeFromChangeTeam = m_eSavedTeam;
}

bool CvVisionSdk::canSeePlot(const CvPlot& kFrom, const CvPlot* pTo, TeamTypes eTeam, int iRange,
	DirectionTypes eFacingDirection)
{
	if (pTo == NULL)
	{
		return false;
	}
	CvVisionSdkState& kState = cvVisionSdkState();
	return kState.pEngine->canSeePlot(CvVisionSdkMap(cvVisionMap(), kState.kLevelCache), cvVisionX(kFrom),
		cvVisionY(kFrom), cvVisionX(*pTo), cvVisionY(*pTo), eTeam, iRange, eFacingDirection);
}

bool CvVisionSdk::canSeeDisplacementPlot(const CvPlot& kFrom, TeamTypes eTeam, int iDX, int iDY, int /*iOriginalDX*/,
	int /*iOriginalDY*/, bool bFirstPlot, bool bOuterRing)
{
	// BTS's own step for every argument (the original displacement is not read, as in BTS): the
	// displacement as given, wrapped plot by plot, never the short way round.
	CvVisionSdkState& kState = cvVisionSdkState();
	return kState.pEngine->canSeeDisplacement(CvVisionSdkMap(cvVisionMap(), kState.kLevelCache), cvVisionX(kFrom),
		cvVisionY(kFrom), iDX, iDY, eTeam, bFirstPlot, bOuterRing);
}

bool CvVisionSdk::shouldProcessDisplacementPlot(int iDX, int iDY, DirectionTypes eFacingDirection)
{
	const CvVisionRules& kRules = rules();
	return cvVisionFacingAllows(iDX, iDY, eFacingDirection, kRules.iFacingFarSpread, kRules.iFacingNearSpread);
}

int CvVisionSdk::seeFromLevel(const CvPlot& kPlot, TeamTypes eTeam)
{
	const CvVisionSdkMap kMap(cvVisionMap(), cvVisionSdkState().kLevelCache);
	return kMap.seeFromLevel(cvVisionY(kPlot) * kMap.getGridWidth() + cvVisionX(kPlot), eTeam);
}

int CvVisionSdk::seeThroughLevel(const CvPlot& kPlot)
{
	const CvVisionSdkState& kState = cvVisionSdkState();
	return cvVisionSdkSeeThrough(kState.kRules, kState.kLevels, kPlot);
}

void CvVisionSdk::updateSeeFromSight(const CvPlot& kPlot, bool bIncrement, bool bUpdatePlotGroups)
{
	const CvMap& kMap = cvVisionMap();
	CvVisionSdkState& kState = cvVisionSdkState();
	// With the armed ledger a source keeps its sight over the change and is then re-sighted only
	// when the change alters it (CvVisionLedger::resightLevelChange), against the plot's levels
	// as they were. Brackets inside brackets, and sources not in the ledger, go as in BTS.
	const int iPlot = cvVisionY(kPlot) * cvVisionGridWidth(kMap) + cvVisionX(kPlot);
	// The bracket says the plot's levels change: its cached ones are forgotten (every use checks
	// them against the plot's facts as well, which catches a change made without the bracket).
	kState.kLevelCache.forget(iPlot);
	CvVisionSdkArming& kArming = kState.kArming;
	if (!bIncrement && kState.paiCollect == NULL && kArming.canOpenBracket())
	{
		kArming.openBracket(CvVisionSdkMap(kMap, kState.kLevelCache), iPlot, MAX_TEAMS);
		updateSightAround(kPlot, false, bUpdatePlotGroups);
		return;
	}
	if (bIncrement && kArming.closesBracket(iPlot))
	{
		kArming.closeBracket(iPlot);
		updateSightAround(kPlot, true, bUpdatePlotGroups);
		kArming.endBracket();
		return;
	}
	const CvVisionSdkResight eSavedResight = kArming.suspendBracket(); // a bracket inside the bracket: as BTS
	updateSightAround(kPlot, bIncrement, bUpdatePlotGroups);
	kArming.resumeBracket(eSavedResight);
}

void CvVisionSdk::updateSightAround(const CvPlot& kPlot, bool bIncrement, bool bUpdatePlotGroups)
{
	const CvMap& kMap = cvVisionMap();
	const int iRadius = resightRadius();
	std::vector<int> aiX(2 * iRadius + 1 + cvVisionGridWidth(kMap));
	std::vector<int> aiY(2 * iRadius + 1 + cvVisionGridHeight(kMap));
	const int iNumX = resightAxis(cvVisionX(kPlot), iRadius, cvVisionGridWidth(kMap), cvVisionWrapX(kMap), &aiX[0]);
	const int iNumY = resightAxis(cvVisionY(kPlot), iRadius, cvVisionGridHeight(kMap), cvVisionWrapY(kMap), &aiY[0]);
	for (int i = 0; i < iNumX; ++i)
	{
		for (int j = 0; j < iNumY; ++j)
		{
			cvVisionPlotByIndex(kMap, aiY[j] * cvVisionGridWidth(kMap) + aiX[i])->updateSight(bIncrement, bUpdatePlotGroups);
		}
	}
}

int CvVisionSdk::seenPlots(int iX, int iY, TeamTypes eTeam, int iRange, bool bAerial, DirectionTypes eFacing,
	int* paiPlots)
{
	const CvVisionSource kSource(iX, iY, eTeam, iRange, bAerial, eFacing);
	CvVisionSdkState& kState = cvVisionSdkState();
	return kState.pEngine->seenPlots(CvVisionSdkMap(cvVisionMap(), kState.kLevelCache), kSource, paiPlots);
}
