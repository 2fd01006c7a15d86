// Results that must be read (CvVisionMustUse.h), compiled by CTest as the cxx98.* checks compile
// the DLL side (g++ -std=c++98 -pedantic-errors -Werror; tests/engine/CMakeLists.txt): as it is
// (cxx98.gcc.must_use.read), every marked result read or dropped through cvVisionDropResult, it
// compiles; with -DCVVISION_DROP=N (cxx98.gcc.must_use.NAME) one marked result is dropped, and the
// compile must fail with -Werror=unused-result. Nothing here runs.
#include "CvFov.h"
#include "CvVisionLedger.h"

#ifndef CVVISION_DROP
#define CVVISION_DROP 0
#endif

namespace
{
	struct MustUseMap
	{
		int getGridWidth() const { return 5; }
		int getGridHeight() const { return 5; }
		bool isWrapX() const { return false; }
		bool isWrapY() const { return false; }
		int seeThroughLevel(int) const { return 1; }
		int seeFromLevel(int, int) const { return 1; }
	};

	struct MustUseSink
	{
		int iTotal;
		MustUseSink() : iTotal(0) {}
		void changeVisibilityCount(int, int, int iChange, int) { iTotal += iChange; }
	};

	struct MustUseValue
	{
		int iValue;
		MustUseValue() : iValue(0) {}
		void swap(MustUseValue& kOther)
		{
			const int iHeld = iValue;
			iValue = kOther.iValue;
			kOther.iValue = iHeld;
		}
	};
}

int cvVisionMustUseCheck()
{
	const CvVisionEngine kEngine;
	const MustUseMap kMap;
	MustUseSink kSink;
	const CvVisionSource kSource(2, 2, 0, 1);
	const CvVisionSourceKey kKey(CV_VISION_SOURCE_UNIT, 0, 1, 0);
	CvVisionLedger kLedger;
	CvVisionKeyTable<MustUseValue> kTable;
	CvVisionSmallWords aiWords;
	CvFovTable kFov;
	int iRead = 0;
#if CVVISION_DROP == 1
	kEngine.changeAdjacentSight(kMap, kSink, kSource, 1);
#elif CVVISION_DROP == 2
	kLedger.add(kKey, kEngine, kMap, kSink, kSource);
#elif CVVISION_DROP == 3
	kLedger.record(kKey, kEngine, kMap, kSource);
#elif CVVISION_DROP == 4
	kLedger.remove(kKey, kSink);
#elif CVVISION_DROP == 5
	kLedger.resight(kKey, kEngine, kMap, kSink, kSource);
#elif CVVISION_DROP == 6
	kTable.insert(kKey, 0);
#elif CVVISION_DROP == 7
	CvVisionSegmentCodec::append(aiWords, kEngine, kMap, kSource, &iRead, NULL, 0);
#elif CVVISION_DROP == 8
	kFov.build(3, CV_FOV_SYMMETRIC, CV_FOV_EUCLIDEAN);
#else
	iRead += kEngine.changeAdjacentSight(kMap, kSink, kSource, 1);
	iRead += kLedger.add(kKey, kEngine, kMap, kSink, kSource);
	iRead += kLedger.record(kKey, kEngine, kMap, kSource);
	iRead += kLedger.remove(kKey, kSink) ? 1 : 0;
	iRead += kLedger.resight(kKey, kEngine, kMap, kSink, kSource);
	iRead += kTable.insert(kKey, 0);
	iRead += CvVisionSegmentCodec::append(aiWords, kEngine, kMap, kSource, &iRead, NULL, 0) ? 1 : 0;
	cvVisionDropResult(kFov.build(3, CV_FOV_SYMMETRIC, CV_FOV_EUCLIDEAN)); // dropped on purpose, and said
#endif
	return iRead + kSink.iTotal;
}
