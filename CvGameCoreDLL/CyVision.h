#pragma once
#ifndef CY_VISION_H
#define CY_VISION_H

// CvVision: what the game's Python may ask of the vision subsystem, in the SDK's Cy* style.
// Registered by CyVisionPythonInterface() (CyVisionInterface.cpp), which tools/sdk/sdk-integrate
// calls from DLLPublishToPython. In Python: CyVision().canSeePlot(...), and so on.
// Plain C++03: this file is compiled into the game's DLL.

#include <string>
#include <vector>

class CyVision
{
public:
	CyVision();

	// Can a viewer of eTeam on (iFromX, iFromY) with iRange see (iToX, iToY)?
	// (docs/vision-rules.md, section 4; eFacing -1 for none)                                       
	// // Exposed to Python
	bool canSeePlot(int iFromX, int iFromY, int iToX, int iToY, int eTeam, int iRange, int eFacing);
	// The plot indices a source on (iX, iY) sees (GC.getMap().plotByIndex(i) in Python); empty
	// on a bad argument. A plot can appear twice on a small wrapping map.  // Exposed to Python
	std::vector<int> seenPlots(int iX, int iY, int eTeam, int iRange, bool bAerial, int eFacing);
	int seeFromLevel(int iX, int iY, int eTeam);                              // Exposed to Python
	int seeThroughLevel(int iX, int iY);                                      // Exposed to Python
	// The value of one of the mod's CVVISION_* knobs as the DLL uses it, or -1 if there is no
	// such knob.                                                               // Exposed to Python
	int getKnob(std::string szDefine);
	int getResightRadius();                                                   // Exposed to Python
	// Recompute every visibility count from the current sources and compare; with bRepair set
	// the wrong ones right. Returns how many were wrong.                     // Exposed to Python
	int auditSight(bool bRepair);
	// The wrong counts, five numbers each: plot index, team, invisible type (-1: the plain
	// count), stored, expected (Python: a list of tuples).                    // Exposed to Python
	std::vector<int> auditSightDifferences();
	// What CVVISION_AUDIT_ON_LOAD asks for; call it from the mod's onLoadGame. // Exposed to Python
	int onGameLoaded();
	// With CVVISION_LEDGER: call it from the mod's onGameStart.              // Exposed to Python
	void onGameStart();
	// Read the rules again from the game's infos and defines.                 // Exposed to Python
	void reloadRules();
	// The path a unit of type eUnitType (land or sea) of eTeam takes from (iFromX, iFromY) to
	// (iToX, iToY), as plot indices from the start to the end: with bKnowledge planned with what
	// the team knows, otherwise with the truth; iSeed chooses among paths of equal cost. An
	// unreachable goal gives the path to the reachable plot closest to it. Empty on a bad
	// argument (a plot off the map, a bad team or unit type, an air unit). // Exposed to Python
	std::vector<int> findPath(int iFromX, int iFromY, int iToX, int iToY, int eTeam, int eUnitType, int iSeed,
		bool bKnowledge);
	// The cost of this object's last findPath in 1/MOVE_DENOMINATOR moves; -1 after a bad call
	// or before any.                                                           // Exposed to Python
	int getLastPathCost();
	// Did this object's last findPath reach its goal?                         // Exposed to Python
	bool getLastPathReachedGoal();

private:
	int m_iLastPathCost;
	bool m_bLastPathReachedGoal;
};

#endif
