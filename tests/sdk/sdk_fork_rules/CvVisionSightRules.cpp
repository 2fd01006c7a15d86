// A fork's own sight rules, for the tests (tests/sdk/test_sdk_fork_rules.cpp): CvVision's default
// CvVisionSightRules.cpp as a modder edits it in the tree, three rule points rewritten and every
// other one left as it came. Built into the game (the SDK mock) in place of BTS's rules.
//   range:              as Realism Invictus, an aerial unit adds its promotions' extra visibility
//                       range.
//   seeInvisiblePasses: a unit that detects invisible units makes a plain pass first, then one
//                       pass per see-invisible type;
//   passRange:          and detects them one plot less far than its plain sight, never below 0.
// Plain C++03: this file is compiled as the game's DLL would compile it.

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
int CvVisionSightRules::range(const CvPlot& /*kPlot*/, TeamTypes /*eTeam*/, int iRange, const CvUnit* pUnit,
	bool bAerial)
{
	// The fork's rule: air units see as far as their promotions add, on top of the game's range.
	if (bAerial && pUnit != NULL)
	{
		return iRange + pUnit->getExtraVisibilityRange();
	}
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
	// The fork's rule: the plain pass always, at the unit's full range (passRange), then the
	// see-invisible passes.
	aeInvisible.push_back(NO_INVISIBLE);
	if (pUnit != NULL)
	{
		for (int i = 0; i < pUnit->getNumSeeInvisibleTypes(); ++i)
		{
			aeInvisible.push_back(pUnit->getSeeInvisibleType(i));
		}
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
int CvVisionSightRules::passRange(const CvPlot& /*kPlot*/, TeamTypes /*eTeam*/, InvisibleTypes eInvisible,
	int iRange, const CvUnit* /*pUnit*/, bool /*bAerial*/)
{
	// The fork's rule: invisible units are detected one plot less far than the plain sight.
	if (eInvisible != NO_INVISIBLE && iRange > 0)
	{
		return iRange - 1;
	}
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
