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
	// Every plot of the square, in BTS's loop order (dx, then dy).
	int iCount = 0;
	for (int iDX = -iRange; iDX <= iRange; ++iDX)
	{
		const int iColumn = kAxes.aiColumn[iDX + iRange];
		for (int iDY = -iRange; iDY <= iRange && iColumn >= 0; ++iDY)
		{
			const int iRowStart = kAxes.aiRowStart[iDY + iRange];
			if (iRowStart >= 0)
			{
				paiPlots[iCount++] = iRowStart + iColumn;
			}
		}
	}
	return iCount;
}

void CvVisionRevealOrder::fill(int iWidth, int iHeight, bool bWrapX, bool bWrapY, int iX, int iY)
{
	m_iX = iX;
	m_iY = iY;
	m_iWidth = iWidth;
	m_iHeight = iHeight;
	m_bWrapX = bWrapX;
	m_bWrapY = bWrapY;
	int iCell = 0;
	for (int iDX = -1; iDX <= 1; ++iDX)
	{
		for (int iDY = -1; iDY <= 1; ++iDY)
		{
			const int iColumn = cvVisionWrapCoord(iX + iDX, iWidth, bWrapX);
			const int iRow = cvVisionWrapCoord(iY + iDY, iHeight, bWrapY);
			m_aiPlot[iCell++] = (iColumn < 0 || iRow < 0) ? -1 : iRow * iWidth + iColumn;
		}
	}
}

int CvVisionRevealOrder::cellsBefore(int iDX, int iDY)
{
	if (iDX < -1)
	{
		return 0;
	}
	if (iDX > 1)
	{
		return NUM_CELLS;
	}
	const int iInColumn = (iDY < -1) ? 0 : ((iDY > 1) ? 3 : iDY + 1);
	return (iDX + 1) * 3 + iInColumn;
}
