// CvDLLPython.cpp -- a fake, SDK-shaped file written for the sdk-integrate tests.
#include "CvGameCoreDLL.h"
#include "CyMap.h"
#include "CyPlot.h"

void CyMapPythonInterface();void CyPlotPythonInterface();
void CyUnitPythonInterface();
void CyEnumsPythonInterface();

//
// Publishes the DLL's classes to Python { called once by the executable }
//
void DLLPublishToPython()
{
	CyEnumsPythonInterface();
	CyMapPythonInterface();	CyPlotPythonInterface();
	CyUnitPythonInterface();

	// a made-up helper class, with a brace in its doc string
	python::class_<CyFixtureHelper>("CyFixtureHelper")
		.def("isEmpty", &CyFixtureHelper::isEmpty, "bool () - {true} when there is nothing")
		;
}
