// CvVision: registers CyVision with the game's Python (Boost.Python 1.32, as the SDK's other
// Cy*Interface files do). tools/sdk-integrate calls CyVisionPythonInterface() from
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
}

void CyVisionPythonInterface()
{
	python::class_<CyVision>("CyVision")
		.def("canSeePlot", &CyVision::canSeePlot,
			"bool (int iFromX, int iFromY, int iToX, int iToY, int iTeam, int iRange, int iFacing) - can a viewer of iTeam see the target (iFacing -1: none)")
		.def("seenPlots", &seenPlotsList,
			"list (int iX, int iY, int iTeam, int iRange, bool bAerial, int iFacing) - plot indices a source there sees")
		.def("seeFromLevel", &CyVision::seeFromLevel, "int (int iX, int iY, int iTeam) - the height a viewer there sees from")
		.def("seeThroughLevel", &CyVision::seeThroughLevel, "int (int iX, int iY) - the height needed to look past the plot")
		.def("getKnob", &CyVision::getKnob, "int (string szDefine) - a CVVISION_* knob as the DLL uses it, -1 if unknown")
		.def("getResightRadius", &CyVision::getResightRadius, "int () - how far a change of a plot's levels re-sights")
		.def("reloadRules", &CyVision::reloadRules, "void () - read the vision rules again from the game's XML")
		;
}
