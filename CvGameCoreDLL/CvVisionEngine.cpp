// CvVision: the parts of the engine that are not templates. See CvVisionEngine.h.

#include "CvVisionEngine.h"

const char* cvVisionResultText(CvVisionResult eResult)
{
	switch (eResult)
	{
	case CV_VISION_OK:
		return "ok";
	case CV_VISION_RANGE_NEGATIVE:
		return "sight range is negative";
	case CV_VISION_RANGE_TOO_LARGE:
		return "sight range is above CV_VISION_MAX_RANGE (32)";
	case CV_VISION_ORIGIN_OFF_MAP:
		return "sight origin is not a plot of the map";
	case CV_VISION_BAD_FACING:
		return "facing direction is not NO_DIRECTION or 0..7";
	case CV_VISION_BAD_INVISIBLE_LIST:
		return "see-invisible list has a negative size or no storage";
	}
	return "unknown CvVision result";
}

int CvVisionEngine::aerialPass(const Axes& kAxes, int iRange, int* paiPlots) const
{
	int iCount = 0;
	const int iEnd = CvVisionTables::entriesUpToRing(iRange);
	for (int i = 0; i < iEnd; ++i)
	{
		const int iPlot = kAxes.plotAt(m_kTables.entry(i));
		if (iPlot >= 0)
		{
			paiPlots[iCount++] = iPlot;
		}
	}
	return iCount;
}
