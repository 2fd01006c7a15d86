// CvVision: building the displacement table. See CvVisionTables.h.

#include "CvVisionTables.h"

#include <cmath>
#include <cstdlib>

namespace
{
	int signum(int i)
	{
		return (i > 0) - (i < 0);
	}

	int ringOf(int iDX, int iDY)
	{
		int iX = std::abs(iDX);
		int iY = std::abs(iDY);
		return (iX > iY) ? iX : iY;
	}

	// Direction vectors in DirectionTypes order: N NE E SE S SW W NW.
	const int aiDirectionX[CV_VISION_NUM_DIRECTIONS] = { 0, 1, 1, 1, 0, -1, -1, -1 };
	const int aiDirectionY[CV_VISION_NUM_DIRECTIONS] = { 1, 1, 0, -1, -1, -1, 0, 1 };
}

int cvVisionDirectionX(int eDirection)
{
	return aiDirectionX[eDirection];
}

int cvVisionDirectionY(int eDirection)
{
	return aiDirectionY[eDirection];
}

bool cvVisionFacingAllows(int iDX, int iDY, int eFacing, int iFarSpreadDegrees, int iNearSpreadDegrees)
{
	if (eFacing == CV_VISION_NO_DIRECTION || (iDX == 0 && iDY == 0))
	{
		return true;
	}
	const int iCross = aiDirectionX[eFacing] * iDY - aiDirectionY[eFacing] * iDX;
	const int iDot = aiDirectionX[eFacing] * iDX + aiDirectionY[eFacing] * iDY;
	const float fTheta = std::atan2(static_cast<float>(iCross), static_cast<float>(iDot));
	const bool bNear = std::abs(iDX) <= 1 && std::abs(iDY) <= 1;
	const float fPi = 3.14159265358979f;
	const float fSpread = static_cast<float>(bNear ? iNearSpreadDegrees : iFarSpreadDegrees) * fPi / 180.0f;
	return fTheta >= -fSpread / 2 && fTheta <= fSpread / 2;
}

int cvVisionTiedPredecessors(int iDX, int iDY, int* aiPredX, int* aiPredY)
{
	const int iSX = signum(iDX);
	const int iSY = signum(iDY);
	// The three candidates: diagonal step, step in x, step in y.
	const int aiCandX[3] = { iDX - iSX, iDX - iSX, iDX };
	const int aiCandY[3] = { iDY - iSY, iDY, iDY - iSY };
	int aiScore[3];
	int iBest = -1;
	for (int i = 0; i < 3; ++i)
	{
		aiScore[i] = std::abs(aiCandX[i] * iDY - aiCandY[i] * iDX);
		if (iBest < 0 || aiScore[i] < iBest)
		{
			iBest = aiScore[i];
		}
	}
	int iCount = 0;
	for (int i = 0; i < 3; ++i)
	{
		const bool bMoves = aiCandX[i] != iDX || aiCandY[i] != iDY;
		if (!bMoves || aiScore[i] != iBest)
		{
			continue;
		}
		bool bSeen = false; // the diagonal and a straight step coincide when dx or dy is 0
		for (int j = 0; j < iCount; ++j)
		{
			bSeen = bSeen || (aiPredX[j] == aiCandX[i] && aiPredY[j] == aiCandY[i]);
		}
		if (!bSeen)
		{
			aiPredX[iCount] = aiCandX[i];
			aiPredY[iCount] = aiCandY[i];
			++iCount;
		}
	}
	return iCount;
}

const CvVisionTables& CvVisionTables::standard()
{
	static const CvVisionTables kTables(CV_VISION_BTS_FAR_SPREAD, CV_VISION_BTS_NEAR_SPREAD);
	return kTables;
}

CvVisionTables::CvVisionTables(int iFarSpreadDegrees, int iNearSpreadDegrees)
	: m_iFarSpread(iFarSpreadDegrees)
	, m_iNearSpread(iNearSpreadDegrees)
{
	build();
}

void CvVisionTables::build()
{
	// Ring by ring; inside a ring, dx-major like the game's loops (any order would do).
	int iNext = 0;
	for (int iRing = 0; iRing <= CV_VISION_MAX_RING; ++iRing)
	{
		for (int iDX = -iRing; iDX <= iRing; ++iDX)
		{
			for (int iDY = -iRing; iDY <= iRing; ++iDY)
			{
				if (ringOf(iDX, iDY) != iRing)
				{
					continue;
				}
				CvVisionDisplacement& kEntry = m_aEntries[iNext];
				kEntry.iDX = static_cast<signed char>(iDX);
				kEntry.iDY = static_cast<signed char>(iDY);
				kEntry.iPad = 0;
				kEntry.iFacingMask = 0;
				for (int eDir = 0; eDir < CV_VISION_NUM_DIRECTIONS; ++eDir)
				{
					if (cvVisionFacingAllows(iDX, iDY, eDir, m_iFarSpread, m_iNearSpread))
					{
						kEntry.iFacingMask |= static_cast<unsigned char>(1 << eDir);
					}
				}
				m_aiIndexOf[(iDY + CV_VISION_MAX_RING) * CV_VISION_MAX_SIDE + (iDX + CV_VISION_MAX_RING)] =
					static_cast<unsigned short>(iNext);
				kEntry.aiPred[0] = kEntry.aiPred[1] = static_cast<unsigned short>(iNext);
				if (iRing > 0)
				{
					int aiPredX[3];
					int aiPredY[3];
					const int iCount = cvVisionTiedPredecessors(iDX, iDY, aiPredX, aiPredY);
					kEntry.aiPred[0] = static_cast<unsigned short>(indexOf(aiPredX[0], aiPredY[0]));
					kEntry.aiPred[1] = static_cast<unsigned short>(indexOf(aiPredX[iCount - 1], aiPredY[iCount - 1]));
				}
				++iNext;
			}
		}
	}
}
