#pragma once
#ifndef CV_VISION_SDK_STATE_H
#define CV_VISION_SDK_STATE_H

// CvVision: the adapter's state, one for the DLL (CvVisionSdkState.cpp): the rules read from the
// game's infos and defines (CvVisionSdkRules.cpp), the engine they configure, the ledger and its
// arming (with a level change's bracket: CvVisionSdkArming.h), the level cache and the scratch of
// the sight being changed. The adapter's files (CvVisionSdk.cpp, CvVisionSdkAudit.cpp,
// CvVisionSdkPaths.cpp) share it through cvVisionSdkState().
// Include after CvGameCoreDLL.h, CvVisionSdkCompat.h and CvTeamAI.h.
// Plain C++03: this file is compiled into the game's DLL.

#include "CvPathfinder.h"
#include "CvVisionEngine.h"
#include "CvVisionLedger.h"
#include "CvVisionRules.h"
#include "CvVisionSdkArming.h"
#include "CvVisionSdkMap.h"
#include "CvVisionSightRules.h"

#include <vector>

// One source's sight (CvVisionSdk.cpp, sightOf): its passes (CvVisionSightRules), their invisible
// types, and the engine sources they make, which point into aiPassInvisible.
struct CvVisionSdkSight
{
	std::vector<CvVisionSightPass> aPasses;
	std::vector<int> aiPassInvisible;
	std::vector<CvVisionSource> aSources;
};

// Everything read from the game once: the rules, the engine they configure, and what the hot path
// looks up by index; and what the adapter keeps between calls.
struct CvVisionSdkState
{
	bool bReady;                     // the rules are read (cvVisionSdkState)
	CvVisionRules kRules;
	CvVisionLevels kLevels;
	CvVisionTables* pOwnTables;      // only when the facing spreads differ from BTS
	CvVisionEngine* pEngine;
	int iResightRadius;
	CvVisionSdkSight kSight;         // scratch for the sight being changed (sightOf)
	bool bSightBusy;                 // kSight is in use: a sight change inside one gets its own
	std::vector<int>* paiCollect;    // set while an audit collects the expected counts
	CvVisionLedger kLedger;          // with CVVISION_LEDGER: what each source added
	CvVisionSdkArming kArming;       // the ledger's arming, the hooks' marks, a level change's bracket
	CvPathfinder kPathfinder;        // one search, its pool of nodes reused by every path
	CvVisionSdkLevelCache kLevelCache; // every plot's levels, keyed on its facts
	// A change of a team's extra water see-from (CvVisionSdkSeeFromChange): the team whose
	// sources are re-sighted only where the change reaches them (-1: none, every sight change as
	// BTS makes it), and how many such changes are open (one inside another: as BTS).
	int eSeeFromChangeTeam;
	int iSeeFromChangeDepth;

	CvVisionSdkState()
		: bReady(false), pOwnTables(NULL), pEngine(NULL), iResightRadius(0), bSightBusy(false), paiCollect(NULL),
		eSeeFromChangeTeam(-1), iSeeFromChangeDepth(0)
	{
	}
};

// The state with the rules read from GC on first use (CvVisionSdkRules.h).
CvVisionSdkState& cvVisionSdkState();
// The state as it is, the rules perhaps not read yet: for the hooks that only mark (the map may
// be built before the game's defines are complete).
CvVisionSdkState& cvVisionSdkStateUnread();

#endif
