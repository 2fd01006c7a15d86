// Sight sources for tests.
#pragma once

#include "CvVisionEngine.h"

// A unit of team 0 at (iX, iY).
inline CvVisionSource unitAt(int iX, int iY, int iRange, int eFacing = CV_VISION_NO_DIRECTION)
{
	CvVisionSource kSource;
	kSource.iX = iX;
	kSource.iY = iY;
	kSource.iRange = iRange;
	kSource.eFacing = eFacing;
	return kSource;
}
