// CvVision: registers CyVision with the game's Python (Boost.Python 1.32, as the SDK's other
// Cy*Interface files do). tools/sdk/sdk-integrate calls CyVisionPythonInterface() from
// DLLPublishToPython.

#include "CvGameCoreDLL.h"
#include "CyVision.h"

namespace
{
	// seenPlots as a Python list.
	python::list seenPlotsList(CyVision& kVision, int iX, int iY, int eTeam, int iRange, bool bAerial, int eFacing)
	{
		const std::vector<int> aiPlots = kVision.seenPlots(iX, iY, eTeam, iRange, bAerial, eFacing);
		python::list kList;
		for (size_t i = 0; i < aiPlots.size(); ++i)
		{
			kList.append(aiPlots[i]);
		}
		return kList;
	}

	// findPath as a Python list.
	python::list findPathList(CyVision& kVision, int iFromX, int iFromY, int iToX, int iToY, int eTeam, int eUnitType,
		int iSeed, bool bKnowledge)
	{
		const std::vector<int> aiPlots = kVision.findPath(iFromX, iFromY, iToX, iToY, eTeam, eUnitType, iSeed, bKnowledge);
		python::list kList;
		for (size_t i = 0; i < aiPlots.size(); ++i)
		{
			kList.append(aiPlots[i]);
		}
		return kList;
	}

	// auditSightDifferences as a list of (plot, team, invisible type, stored, expected).
	python::list differencesList(CyVision& kVision)
	{
		const std::vector<int> aiFlat = kVision.auditSightDifferences();
		python::list kList;
		for (size_t i = 0; i + 4 < aiFlat.size(); i += 5)
		{
			kList.append(python::make_tuple(aiFlat[i], aiFlat[i + 1], aiFlat[i + 2], aiFlat[i + 3], aiFlat[i + 4]));
		}
		return kList;
	}
}

void CyVisionPythonInterface()
{
	python::class_<CyVision>("CyVision")
		.def("canSeePlot", &CyVision::canSeePlot,
			"bool (int iFromX, int iFromY, int iToX, int iToY, int iTeam, int iRange, int iFacing) - can a viewer of iTeam see the target (iFacing -1: none)")
		.def("seenPlots", &seenPlotsList,
			"list (int iX, int iY, int iTeam, int iRange, bool bAerial, int iFacing) - plot indices a source there sees, in BTS's order (dx, then dy)")
		.def("seeFromLevel", &CyVision::seeFromLevel, "int (int iX, int iY, int iTeam) - the height a viewer there sees from")
		.def("seeThroughLevel", &CyVision::seeThroughLevel, "int (int iX, int iY) - the height needed to look past the plot")
		.def("getKnob", &CyVision::getKnob, "int (string szDefine) - a CVVISION_* knob as the DLL uses it, -1 if unknown")
		.def("getResightRadius", &CyVision::getResightRadius, "int () - how far a change of a plot's levels re-sights")
		.def("auditSight", &CyVision::auditSight,
			"int (bool bRepair) - recompute every visibility count from the current sources; with bRepair set the wrong ones right; returns how many were wrong")
		.def("auditSightDifferences", &differencesList,
			"list () - the wrong counts as (plot index, team, invisible type or -1, stored, expected)")
		.def("onGameLoaded", &CyVision::onGameLoaded,
			"int () - what CVVISION_AUDIT_ON_LOAD asks for; call it from onLoadGame; returns how many counts were wrong")
		.def("onGameStart", &CyVision::onGameStart,
			"void () - with CVVISION_LEDGER: call it from onGameStart")
		.def("reloadRules", &CyVision::reloadRules, "void () - read the vision rules again from the game's XML")
		.def("findPath", &findPathList,
			"list (int iFromX, int iFromY, int iToX, int iToY, int iTeam, int iUnitType, int iSeed, bool bKnowledge) - plot indices of the path from start to end (bKnowledge: planned with what iTeam knows; otherwise with the truth); [] on a bad argument")
		.def("getLastPathCost", &CyVision::getLastPathCost,
			"int () - the cost of the last findPath in 1/MOVE_DENOMINATOR moves, -1 after a bad call")
		.def("getLastPathReachedGoal", &CyVision::getLastPathReachedGoal,
			"bool () - whether the last findPath reached its goal (otherwise it ends on the reachable plot closest to it)")
		;
}
