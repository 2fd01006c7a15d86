#pragma once
#ifndef CV_VISION_SDK_STATE_H
#define CV_VISION_SDK_STATE_H

// CvVision: the adapter's state, one for the DLL: the rules read from the game's infos and
// defines (CvVisionSdkRules.cpp), the engine they configure, the ledger and where its arming is,
// the level cache and the scratch of the sight being changed. The adapter's files (CvVisionSdk.cpp,
// CvVisionSdkAudit.cpp, CvVisionSdkPaths.cpp) share it through cvVisionSdkState().
// Include after CvGameCoreDLL.h, CvVisionSdkCompat.h and CvTeamAI.h.
// Plain C++03: this file is compiled into the game's DLL.

#include "CvPathfinder.h"
#include "CvVisionEngine.h"
#include "CvVisionLedger.h"
#include "CvVisionRules.h"
#include "CvVisionSdkMap.h"
#include "CvVisionSightRules.h"

#include <vector>

// What the CvPlot hooks saw (CvVisionSdkState::eArming).
enum CvVisionSdkArming
{
	CV_VISION_ARMING_NONE,        // no hook since the last resetRules (or the Python calls alone)
	CV_VISION_ARMING_AFTER_RESET, // a new map: the first sight change arms the ledger empty
	CV_VISION_ARMING_AFTER_READ,  // a load: the first CvGame::update audits and arms
	CV_VISION_ARMING_LOADED       // the load's audit is done (onGameLoaded returns iLoadWrong)
};

// Where a level change's bracket is (CvVisionSdkState::eResight).
enum CvVisionSdkResight
{
	CV_VISION_RESIGHT_NONE,   // no bracket with the ledger: every sight change as BTS makes it
	CV_VISION_RESIGHT_BEFORE, // updateSeeFromSight(false): a source in the ledger keeps its sight
	CV_VISION_RESIGHT_AFTER   // updateSeeFromSight(true): a source in the ledger is re-sighted
};

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
	bool bLedgerArmed;               // the ledger holds every current source (after an audit)
	CvVisionSdkArming eArming;       // what the CvPlot hooks saw last
	int iLoadWrong;                  // the differences the last load's audit found
	CvPathfinder kPathfinder;        // one search, its pool of nodes reused by every path
	// A level change's bracket with the armed ledger (updateSeeFromSight).
	CvVisionSdkResight eResight;
	int iResightPlot;                // the plot whose levels change
	int iResightSeeThrough;          // its levels before the change
	std::vector<int> aiResightSeeFrom; // by team
	CvVisionSdkLevelCache kLevelCache; // every plot's levels, keyed on its facts
	// A change of a team's extra water see-from (CvVisionSdkSeeFromChange): the team whose
	// sources are re-sighted only where the change reaches them (-1: none, every sight change as
	// BTS makes it), and how many such changes are open (one inside another: as BTS).
	int eSeeFromChangeTeam;
	int iSeeFromChangeDepth;

	CvVisionSdkState()
		: bReady(false), pOwnTables(NULL), pEngine(NULL), iResightRadius(0), bSightBusy(false), paiCollect(NULL),
		bLedgerArmed(false), eArming(CV_VISION_ARMING_NONE), iLoadWrong(0), eResight(CV_VISION_RESIGHT_NONE),
		iResightPlot(-1), iResightSeeThrough(0), eSeeFromChangeTeam(-1), iSeeFromChangeDepth(0)
	{
	}
};

// The state with the rules read from GC on first use (CvVisionSdkRules.cpp).
CvVisionSdkState& cvVisionSdkState();
// The state as it is, the rules perhaps not read yet: for the hooks that only mark (the map may
// be built before the game's defines are complete).
CvVisionSdkState& cvVisionSdkStateUnread();

#endif
