#pragma once
#ifndef CV_VISION_SDK_ARMING_H
#define CV_VISION_SDK_ARMING_H

// CvVision: the adapter's state machine: whether the ledger holds every current source (armed),
// what the CvPlot hooks saw (a new map, a load, the load's audit), and where a level change's
// bracket is (updateSeeFromSight). Its methods are the transitions, each asserting what must hold
// before it (CvVisionSdkAssert.h); the adapter's files (CvVisionSdk.cpp, CvVisionSdkAudit.cpp,
// CvVisionSdkState.cpp) call them, and read the state through its const accessors.
// Include after CvGameCoreDLL.h.
// Plain C++03: this file is compiled into the game's DLL.

#include "CvVisionLedger.h"
#include "CvVisionSdkAssert.h"

#include <vector>

// What the CvPlot hooks saw last (CvVisionSdkArming::step).
enum CvVisionSdkArmingStep
{
	CV_VISION_ARMING_NONE,        // no hook since the last resetRules (or the Python calls alone)
	CV_VISION_ARMING_AFTER_RESET, // a new map: the first sight change arms the ledger empty
	CV_VISION_ARMING_AFTER_READ,  // a load: the first CvGame::update audits and arms
	CV_VISION_ARMING_LOADED       // the load's audit is done (onGameLoaded returns loadWrong())
};

// Where a level change's bracket is (CvVisionSdkArming::resight).
enum CvVisionSdkResight
{
	CV_VISION_RESIGHT_NONE,   // no bracket with the ledger: every sight change as BTS makes it
	CV_VISION_RESIGHT_BEFORE, // updateSeeFromSight(false): a source in the ledger keeps its sight
	CV_VISION_RESIGHT_AFTER   // updateSeeFromSight(true): a source in the ledger is re-sighted
};

// The ledger's arming and a level change's bracket, one per adapter (CvVisionSdkState::kArming).
// The ledger itself stays in the state; a transition that forgets it takes it as an argument.
class CvVisionSdkArming
{
public:
	CvVisionSdkArming()
		: m_eStep(CV_VISION_ARMING_NONE), m_bLedgerArmed(false), m_iLoadWrong(0), m_eResight(CV_VISION_RESIGHT_NONE),
		m_iResightPlot(-1), m_iResightSeeThrough(0)
	{
	}

	// --- the ledger's arming -----------------------------------------------------------------

	// The hooks of CvPlot::reset (eStep CV_VISION_ARMING_AFTER_RESET) and CvPlot::read
	// (CV_VISION_ARMING_AFTER_READ), called for every plot: the first call of a map or a load
	// forgets the ledger and disarms it, the others change nothing.
	// Before: eStep is one of these two, and no bracket is open (its close would add again the
	// sight its open kept).
	void mark(CvVisionSdkArmingStep eStep, CvVisionLedger& kLedger)
	{
		CV_VISION_ASSERT(eStep == CV_VISION_ARMING_AFTER_RESET || eStep == CV_VISION_ARMING_AFTER_READ,
			"CvVisionSdkArming::mark: a hook marks a reset or a read");
		CV_VISION_ASSERT(!isBracketOpen(), "CvVisionSdkArming::mark: a new map or a load inside a level change");
		if (m_eStep != eStep || m_bLedgerArmed)
		{
			kLedger.clear();
			m_bLedgerArmed = false;
			m_eStep = eStep;
		}
	}

	// The first sight change after a reset: a new map holds no sight, so the empty ledger holds
	// every source. Armed when the knob CVVISION_LEDGER (bLedger) is on.
	// Before: armsAtSightChange().
	void armAfterReset(CvVisionLedger& kLedger, bool bLedger)
	{
		CV_VISION_ASSERT(armsAtSightChange(), "CvVisionSdkArming::armAfterReset: no new map waits for its first sight");
		m_eStep = CV_VISION_ARMING_NONE;
		kLedger.clear();
		m_bLedgerArmed = bLedger;
	}

	// An audit (auditSight) has put every current source into the ledger: armed when bLedger.
	// Before: no bracket is open (the ledger would hold sight on levels its close re-sights).
	void armAfterAudit(bool bLedger)
	{
		CV_VISION_ASSERT(!isBracketOpen(), "CvVisionSdkArming::armAfterAudit: an audit inside a level change");
		m_bLedgerArmed = bLedger;
	}

	// onGameLoaded's audit is done and found iWrong differences (0 when not asked): a load's
	// read becomes loaded, and the next onGameLoaded returns loadWrong() without an audit.
	// Before: the load is not loaded yet (one audit per load).
	void loadAudited(int iWrong)
	{
		CV_VISION_ASSERT(m_eStep != CV_VISION_ARMING_LOADED, "CvVisionSdkArming::loadAudited: this load was audited");
		if (m_eStep == CV_VISION_ARMING_AFTER_READ)
		{
			m_eStep = CV_VISION_ARMING_LOADED;
		}
		m_iLoadWrong = iWrong;
	}

	// resetRules: the rules change, so the ledger is forgotten and disarmed, and what the hooks
	// saw with it. Before: no bracket is open (its close would add again the sight its open kept).
	void disarm(CvVisionLedger& kLedger)
	{
		CV_VISION_ASSERT(!isBracketOpen(), "CvVisionSdkArming::disarm: the rules change inside a level change");
		kLedger.clear();
		m_bLedgerArmed = false;
		m_eStep = CV_VISION_ARMING_NONE;
		m_iLoadWrong = 0;
	}

	// --- a level change's bracket (updateSeeFromSight) ---------------------------------------

	// updateSeeFromSight(false) with the armed ledger: iPlot's levels are about to change, so
	// they are kept as they are now (kLevels: seeThroughLevel(iPlot), seeFromLevel(iPlot, eTeam)
	// of each of iNumTeams teams), and a source in the ledger keeps its sight until the close.
	// Before: canOpenBracket().
	template <class Levels>
	void openBracket(const Levels& kLevels, int iPlot, int iNumTeams)
	{
		CV_VISION_ASSERT(canOpenBracket(), "CvVisionSdkArming::openBracket: the ledger is not armed, or a bracket is open");
		m_iResightPlot = iPlot;
		m_iResightSeeThrough = kLevels.seeThroughLevel(iPlot);
		m_aiResightSeeFrom.resize(iNumTeams);
		for (int eTeam = 0; eTeam < iNumTeams; ++eTeam)
		{
			m_aiResightSeeFrom[eTeam] = kLevels.seeFromLevel(iPlot, eTeam);
		}
		m_eResight = CV_VISION_RESIGHT_BEFORE;
	}

	// updateSeeFromSight(true) of the bracket's plot: the levels have changed. With the ledger
	// still armed its sources are re-sighted against the levels kept (CV_VISION_RESIGHT_AFTER);
	// disarmed meanwhile, every source is added as BTS adds it. endBracket follows the re-sight.
	// Before: closesBracket(iPlot).
	void closeBracket(int iPlot)
	{
		CV_VISION_ASSERT(closesBracket(iPlot), "CvVisionSdkArming::closeBracket: no bracket is open on this plot");
		m_eResight = m_bLedgerArmed ? CV_VISION_RESIGHT_AFTER : CV_VISION_RESIGHT_NONE;
	}

	// The close's re-sight is done: no bracket is open.
	// Before: a bracket was closed (closeBracket) and nothing opened since.
	void endBracket()
	{
		CV_VISION_ASSERT(isBracketOpen() && m_eResight != CV_VISION_RESIGHT_BEFORE,
			"CvVisionSdkArming::endBracket: no bracket was closed");
		m_eResight = CV_VISION_RESIGHT_NONE;
		m_iResightPlot = -1;
	}

	// A bracket inside the bracket (or none open): its sight changes go as in BTS until
	// resumeBracket. Returns where the bracket was. From any state.
	CvVisionSdkResight suspendBracket()
	{
		const CvVisionSdkResight eSaved = m_eResight;
		m_eResight = CV_VISION_RESIGHT_NONE;
		return eSaved;
	}

	// The inner bracket is done: the outer one is where suspendBracket found it (eSaved).
	// Before: suspended (nothing opened or closed since).
	void resumeBracket(CvVisionSdkResight eSaved)
	{
		CV_VISION_ASSERT(m_eResight == CV_VISION_RESIGHT_NONE,
			"CvVisionSdkArming::resumeBracket: a bracket changed while suspended");
		m_eResight = eSaved;
	}

	// --- the state, read ---------------------------------------------------------------------

	CvVisionSdkArmingStep step() const { return m_eStep; }
	// The ledger holds every current source: a removal takes back what the addition added.
	bool isLedgerArmed() const { return m_bLedgerArmed; }
	// The differences the last load's audit found.
	int loadWrong() const { return m_iLoadWrong; }
	// A new map waits for its first sight change, which arms the ledger (armAfterReset).
	bool armsAtSightChange() const { return m_eStep == CV_VISION_ARMING_AFTER_RESET; }

	CvVisionSdkResight resight() const { return m_eResight; }
	// From openBracket to endBracket.
	bool isBracketOpen() const { return m_iResightPlot >= 0; }
	bool canOpenBracket() const { return m_bLedgerArmed && m_eResight == CV_VISION_RESIGHT_NONE; }
	bool closesBracket(int iPlot) const { return m_eResight == CV_VISION_RESIGHT_BEFORE && m_iResightPlot == iPlot; }
	// The plot whose levels change (-1: none) and its levels as openBracket kept them.
	int resightPlot() const { return m_iResightPlot; }
	int resightSeeThrough() const { return m_iResightSeeThrough; }
	const int* resightSeeFrom() const { return m_aiResightSeeFrom.empty() ? NULL : &m_aiResightSeeFrom[0]; }

private:
	CvVisionSdkArmingStep m_eStep;
	bool m_bLedgerArmed;
	int m_iLoadWrong;
	CvVisionSdkResight m_eResight;
	int m_iResightPlot;
	int m_iResightSeeThrough;
	std::vector<int> m_aiResightSeeFrom; // by team
};

#endif
