// Sight sources for tests.
#pragma once

#include "CvVisionEngine.h"

// A unit of team 0 at (iX, iY).
inline CvVisionSource unitAt(int iX, int iY, int iRange, int eFacing = CV_VISION_NO_DIRECTION)
{
	return CvVisionSource(iX, iY, 0, iRange, false, eFacing);
}
