// CvVision: the rule points of one sight source. See CvVisionSightRules.h.
//
// This file is the mod's own. tools/sdk/sdk-integrate writes it into the mod's CvGameCoreDLL
// folder once and never overwrites it afterwards. Each function decides one thing about a sight
// source and holds BTS 3.19's rule as its default (docs/vision-rules.md, section 2). A fork whose
// CvPlot::changeAdjacentSight did something else writes that here, in the one function that
// decides it, and rebuilds the DLL; the engine stays untouched. `make sdk-check` compares the
// result with the fork's original code (docs/into-the-game.md).
//
// What a rule may use: its arguments, the unit's own accessors (getDomainType,
// getFacingDirection, getNumSeeInvisibleTypes, getSeeInvisibleType, getExtraVisibilityRange,
// isHasPromotion, getUnitType...), GC's infos and defines. What it must not do: change the game
// (a rule is asked again at every sight change and when an audit recomputes the counts, so it
// must give the same answer for the same state), or depend on the order of sight changes.
//
// With CVVISION_LEDGER on, a rule may depend on anything that changes while the source stands
// (a promotion gained, a tech learnt): the source's removal takes back exactly what its
// addition added. Without the ledger, as in BTS, such a change must be bracketed by the game
// (sight off, change, sight on), or the counts leak.
// Plain C++03: this file is compiled into the game's DLL.

#include "CvGameCoreDLL.h"
#include "CvVisionSdkCompat.h" // the game's names: CvPlot, CvUnit
#include "CvVisionSightRules.h"

// The whole: a source's passes, in BTS's order (the see-invisible types outermost).
// A fork rarely changes this function: each decision has its own below. Change it to add passes
// of your own, such as a second plain pass for some units. Every pass must have eTeam's sight:
// the passes of a source are added, recorded and removed together.
void CvVisionSightRules::passes(const CvPlot& kPlot, TeamTypes eTeam, int iRange, const CvUnit* pUnit,
	std::vector<CvVisionSightPass>& aPasses)
{
	// Reused from call to call: the game asks for sight from one thread, and no allocation per
	// sight change.
	static std::vector<InvisibleTypes> s_aeInvisible;
	s_aeInvisible.clear();
	seeInvisiblePasses(kPlot, eTeam, pUnit, s_aeInvisible);
	aPasses.clear();
	CvVisionSightPass kPass;
	kPass.bAerial = isAerial(kPlot, eTeam, pUnit);
	kPass.eFacing = facing(kPlot, eTeam, pUnit, kPass.bAerial);
	const int iSourceRange = range(kPlot, eTeam, iRange, pUnit, kPass.bAerial);
	for (size_t i = 0; i < s_aeInvisible.size(); ++i)
	{
		kPass.eInvisible = s_aeInvisible[i];
		kPass.iRange = passRange(kPlot, eTeam, kPass.eInvisible, iSourceRange, pUnit, kPass.bAerial);
		aPasses.push_back(kPass);
	}
}

// Decides: whether the source's sight is aerial (a plain square of its range that terrain does
// not block, without the outer ring of ground sight).
// BTS: a unit whose domain is DOMAIN_AIR; a plot's or a city's sight (pUnit NULL) never is.
// A fork's own: return true for more units, for instance a unit type with a promotion
// ("a balloon sees over hills"):
//     return pUnit != NULL && (pUnit->getDomainType() == DOMAIN_AIR
//         || pUnit->isHasPromotion((PromotionTypes)GC.getInfoTypeForString("PROMOTION_BALLOON")));
bool CvVisionSightRules::isAerial(const CvPlot& /*kPlot*/, TeamTypes /*eTeam*/, const CvUnit* pUnit)
{
	return pUnit != NULL && pUnit->getDomainType() == DOMAIN_AIR;
}

// Decides: the source's range, before the outer ring that ground sight adds (a ground range r
// looks over r + 1 rings, the last one only where plots stand out; docs/vision-rules.md,
// section 2). Every pass starts from it (passRange).
// BTS: the range the game gives (CvUnit::visibilityRange() for a unit's own sight, the recon
// range for its recon, PLOT_VISIBILITY_RANGE for an owned plot).
// A fork's own: Realism Invictus gives an aerial unit its promotions' extra visibility range on
// top of the range the game gives:
//     if (bAerial && pUnit != NULL)
//     {
//         return iRange + pUnit->getExtraVisibilityRange();
//     }
//     return iRange;
// A rule that lengthens ground sight must say by how much in maxGroundRangeChange().
int CvVisionSightRules::range(const CvPlot& /*kPlot*/, TeamTypes /*eTeam*/, int iRange, const CvUnit* /*pUnit*/,
	bool /*bAerial*/)
{
	return iRange;
}

// Decides: where a unit looks. A facing limits the sight to a cone (docs/vision-rules.md,
// section 6) and reveals the unit's 3x3 square.
// BTS: getFacingDirection(true), which is NO_DIRECTION unless the unit's type has bLineOfSight
// (no vanilla unit has it); aerial sight has no facing.
// A fork's own: a facing for every ground unit, whatever its type:
//     return (pUnit != NULL && !bAerial) ? pUnit->getFacingDirection(false) : NO_DIRECTION;
DirectionTypes CvVisionSightRules::facing(const CvPlot& /*kPlot*/, TeamTypes /*eTeam*/, const CvUnit* pUnit,
	bool bAerial)
{
	if (pUnit == NULL || bAerial)
	{
		return NO_DIRECTION;
	}
	return pUnit->getFacingDirection(true);
}

// Decides: which passes the source makes, by invisible type, in order. Each pass moves the plain
// count of every plot it sees, and the count of its invisible type (none for NO_INVISIBLE): a
// Destroyer (SeeInvisible SUBMARINE) adds one to both counts.
// BTS: the unit's see-invisible types; when it has none, or there is no unit, one NO_INVISIBLE
// pass.
// A fork's own: units detect invisible units only with a promotion, say:
//     if (pUnit != NULL && pUnit->isHasPromotion((PromotionTypes)GC.getInfoTypeForString("PROMOTION_SONAR")))
//     { ...the unit's types as below... }
//     if (aeInvisible.empty()) aeInvisible.push_back(NO_INVISIBLE);
// Leave at least one pass: with none the source sees nothing at all.
void CvVisionSightRules::seeInvisiblePasses(const CvPlot& /*kPlot*/, TeamTypes /*eTeam*/, const CvUnit* pUnit,
	std::vector<InvisibleTypes>& aeInvisible)
{
	if (pUnit != NULL)
	{
		for (int i = 0; i < pUnit->getNumSeeInvisibleTypes(); ++i)
		{
			aeInvisible.push_back(pUnit->getSeeInvisibleType(i));
		}
	}
	if (aeInvisible.empty())
	{
		aeInvisible.push_back(NO_INVISIBLE);
	}
}

// Decides: the range of one pass, from the source's range() (iRange). Passes with different
// ranges are made one after the other, each over its own square, in their order.
// BTS: iRange for every pass.
// A fork's own: invisible units are detected one plot less far than the plain sight reaches,
// never below 0 (a pass of a negative range sees at most the unit's own plot):
//     if (eInvisible != NO_INVISIBLE && iRange > 0)
//     {
//         return iRange - 1;
//     }
//     return iRange;
int CvVisionSightRules::passRange(const CvPlot& /*kPlot*/, TeamTypes /*eTeam*/, InvisibleTypes /*eInvisible*/,
	int iRange, const CvUnit* /*pUnit*/, bool /*bAerial*/)
{
	return iRange;
}

// Decides: nothing of the sight itself; tells CvVision how much further than the range the game
// gives range() and passRange() ever make ground sight reach, so that a change of a plot's
// levels re-sights every source it can affect.
// BTS: 0. Realism Invictus: 0 too (its extra range is for aerial sight, which levels do not
// change). A rule that adds a promotion's extra range to ground sight: the largest sum of
// iVisibilityChange a unit can gather.
int CvVisionSightRules::maxGroundRangeChange()
{
	return 0;
}
