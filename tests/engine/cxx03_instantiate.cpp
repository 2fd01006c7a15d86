// Compiled with -std=c++98 -pedantic-errors (and by i686-w64-mingw32-g++) in `make test`: it makes
// the compiler instantiate every engine template, which a syntax check of the headers alone
// would not. Nothing here runs.
#include "CvFov.h"
#include "CvVisionEngine.h"
#include "CvVisionLedger.h"

namespace
{
	struct FlatMap
	{
		int getGridWidth() const { return 4; }
		int getGridHeight() const { return 4; }
		bool isWrapX() const { return true; }
		bool isWrapY() const { return false; }
		int seeThroughLevel(int) const { return 1; }
		int seeFromLevel(int, int) const { return 1; }
	};

	struct OpaqueGrid
	{
		int getGridWidth() const { return 4; }
		int getGridHeight() const { return 3; }
		bool isWrapX() const { return true; }
		bool isWrapY() const { return false; }
		bool isOpaque(int iPlot) const { return iPlot == 5; }
	};

	struct CountingSink
	{
		int iTotal;
		CountingSink() : iTotal(0) {}
		void changeVisibilityCount(int, int, int iChange, int) { iTotal += iChange; }
	};
}

int cvVisionInstantiateForCxx03Check()
{
	const CvVisionEngine kEngine;
	FlatMap kMap;
	CountingSink kSink;
	CvVisionSource kSource;
	kSource.iRange = 2;
	int aiPlots[CV_VISION_MAX_ENTRIES];
	const int iSeen = kEngine.seenPlots(kMap, kSource, aiPlots);
	int iFailures = (kEngine.changeAdjacentSight(kMap, kSink, kSource, 1) != CV_VISION_OK) ? 1 : 0;
	CvVisionLedger kLedger;
	const CvVisionSourceKey kKey(CV_VISION_SOURCE_UNIT, 0, 1, 0);
	iFailures += (kLedger.add(kKey, kEngine, kMap, kSink, kSource) != CV_VISION_OK) ? 1 : 0;
	iFailures += (kLedger.record(kKey, kEngine, kMap, kSource) != CV_VISION_OK) ? 1 : 0;
	kLedger.forEachCount(kSink);
	iFailures += kLedger.remove(kKey, kSink) ? 0 : 1;
	return iSeen + kSink.iTotal + iFailures
		+ (kEngine.canSeePlot(kMap, 0, 0, 2, 2, 0, 1, CV_VISION_NO_DIRECTION) ? 1 : 0);
}

int cvFovInstantiateForCxx03Check()
{
	CvFovTable kTable;
	const CvFovResult eBuilt = kTable.build(3, CV_FOV_SYMMETRIC, CV_FOV_EUCLIDEAN);
	OpaqueGrid kGrid;
	CvFovVisibleSet kSet(12);
	kSet.begin();
	const CvFovResult eInterior = kTable.compute(kGrid, 1, 1, 1, kSet); // may walk the interior
	const CvFovResult eEdge = kTable.compute(kGrid, 0, 0, 3, kSet);     // wraps and edges
	bool bVisible = false;
	const CvFovResult eLine = cvFovLineOfSight(kGrid, CV_FOV_MANHATTAN, 0, 0, 3, 2, 3, bVisible);
	return kSet.size() + (int)eBuilt + (int)eInterior + (int)eEdge + (int)eLine + (bVisible ? 1 : 0);
}
