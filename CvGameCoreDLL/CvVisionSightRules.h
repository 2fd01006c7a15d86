#pragma once
#ifndef CV_VISION_SIGHT_RULES_H
#define CV_VISION_SIGHT_RULES_H

// CvVision: the rule points of one sight source, the place where a fork writes its own sight rule
// (docs/into-the-game.md, "Rule points: a fork's own sight"). tools/sdk/sdk-integrate copies
// this file and CvVisionSightRules.cpp into the mod's CvGameCoreDLL folder once; from then on
// they are the mod's own: edit the body of one function in the .cpp, rebuild the DLL, and
// CvVision's adapter (CvVisionSdk.cpp) asks that function. Every function's default is BTS
// 3.19's rule (docs/vision-rules.md, section 2). Include after CvGameCoreDLL.h.
// Plain C++03: this file is compiled into the game's DLL.

#include <vector>

class CvPlot;
class CvUnit;

// One pass of a source's sight over its square: the plots it sees each get their count for the
// team moved by one, tagged with eInvisible. BTS makes one pass per see-invisible type of the
// unit (the plain count moves in each of them), or a single NO_INVISIBLE pass. The passes are
// made in their order, each over the whole square, as BTS loops them outermost.
struct CvVisionSightPass
{
	InvisibleTypes eInvisible; // NO_INVISIBLE: the plain count alone; else the plain count and that type's
	int iRange;                // as the game counts it: ground sight adds the outer ring itself
	bool bAerial;              // a plain square that ignores terrain, without the outer ring
	DirectionTypes eFacing;    // NO_DIRECTION: all around; else the unit looks that way (bLineOfSight)
};

class CvVisionSightRules
{
public:
	// --- the whole: the passes of one source ----------------------------------------------------

	// The passes a source makes: a unit's own sight or its recon (pUnit given), or a plot's or a
	// city's sight (pUnit NULL), standing on kPlot, for eTeam, with the range iRange the game asks
	// for (CvPlot::changeAdjacentSight's arguments). aPasses is cleared and filled. The default
	// asks the five rules below and makes one pass per entry of seeInvisiblePasses. CvVision
	// applies its own knobs afterwards (per-unit-type extra range, CVVISION_MAX_SIGHT_RANGE) to the
	// ground passes of a unit.
	static void passes(const CvPlot& kPlot, TeamTypes eTeam, int iRange, const CvUnit* pUnit,
		std::vector<CvVisionSightPass>& aPasses);

	// --- one function per decision ---------------------------------------------------------------

	// Is the sight aerial? BTS: a unit whose domain is DOMAIN_AIR.
	static bool isAerial(const CvPlot& kPlot, TeamTypes eTeam, const CvUnit* pUnit);
	// The source's range. BTS: iRange as the game gives it. Realism Invictus: an aerial unit adds
	// pUnit->getExtraVisibilityRange() (its promotions' extra range).
	static int range(const CvPlot& kPlot, TeamTypes eTeam, int iRange, const CvUnit* pUnit, bool bAerial);
	// The direction a unit looks. BTS: the unit's facing when its type has bLineOfSight and the
	// sight is not aerial; NO_DIRECTION otherwise.
	static DirectionTypes facing(const CvPlot& kPlot, TeamTypes eTeam, const CvUnit* pUnit, bool bAerial);
	// The passes' invisible types, in order (aeInvisible is given empty). BTS: the unit's
	// see-invisible types; none (or no unit) gives one NO_INVISIBLE pass.
	static void seeInvisiblePasses(const CvPlot& kPlot, TeamTypes eTeam, const CvUnit* pUnit,
		std::vector<InvisibleTypes>& aeInvisible);
	// The range of one pass, given the source's range(). BTS: the same for every pass.
	static int passRange(const CvPlot& kPlot, TeamTypes eTeam, InvisibleTypes eInvisible, int iRange,
		const CvUnit* pUnit, bool bAerial);

	// --- what CvVision must know of the rules above ------------------------------------------------

	// The most range() and passRange() together ever add to a ground (not aerial) range the game
	// gives. CvVision re-sights the sources around a plot whose levels change within the largest
	// ground range possible; a rule that makes ground sight reach further must say how much here.
	// BTS: 0.
	static int maxGroundRangeChange();
};

#endif
