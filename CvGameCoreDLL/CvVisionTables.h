#pragma once
#ifndef CV_VISION_TABLES_H
#define CV_VISION_TABLES_H

// CvVision: the precomputed displacement table (docs/vision-rules.md, sections 3 and 6).
//
// Every displacement d = (dx, dy) with max(|dx|, |dy|) <= CV_VISION_MAX_RING, sorted by ring
// (Chebyshev distance), so that the displacements of rings 0..R are exactly the first
// (2R+1)^2 entries. Each entry names its tied predecessors (the candidates one step closer to
// the origin with the least cross product, docs/vision-rules.md, section 3); every predecessor lies
// in the previous ring, so one outward pass over the table evaluates "clear" for a whole sight
// square.
// Each entry also carries the facing test of docs/vision-rules.md, section 6, for the eight directions.
// Plain C++03: this file is compiled into the game's DLL.

// Largest sight range a source may have. A ground source looks one ring further.
#define CV_VISION_MAX_RANGE (32)
#define CV_VISION_MAX_RING (CV_VISION_MAX_RANGE + 1)
#define CV_VISION_MAX_SIDE (2 * CV_VISION_MAX_RING + 1)
#define CV_VISION_MAX_ENTRIES (CV_VISION_MAX_SIDE * CV_VISION_MAX_SIDE)

// Directions, in the game's DirectionTypes order.
#define CV_VISION_NO_DIRECTION (-1)
#define CV_VISION_NUM_DIRECTIONS (8)

// BTS's facing cones (docs/vision-rules.md, section 6), in whole degrees: the spread of a
// line-of-sight unit's cone, and the wider one for the 3x3 square around it. The defaults of the
// CVVISION_FACING_FAR_SPREAD and CVVISION_FACING_NEAR_SPREAD knobs (CvVisionRules.h) and the
// spreads of CvVisionTables::standard().
#define CV_VISION_BTS_FAR_SPREAD (60)
#define CV_VISION_BTS_NEAR_SPREAD (90)

struct CvVisionDisplacement
{
	signed char iDX;
	signed char iDY;
	unsigned char iFacingMask; // bit e set: the facing test passes for direction e
	unsigned char iPad;
	unsigned short aiPred[2];  // table indices of the tied predecessors (equal when only one)
};

class CvVisionTables
{
public:
	// The shared table with the BTS facing spreads (CV_VISION_BTS_FAR_SPREAD and
	// CV_VISION_BTS_NEAR_SPREAD), built on first use.
	static const CvVisionTables& standard();

	// A table whose facing masks use other spreads (in whole degrees).
	CvVisionTables(int iFarSpreadDegrees, int iNearSpreadDegrees);

	// Number of entries of rings 0..iRing.
	static int entriesUpToRing(int iRing) { return (2 * iRing + 1) * (2 * iRing + 1); }

	const CvVisionDisplacement& entry(int iIndex) const { return m_aEntries[iIndex]; }
	// Table index of a displacement within CV_VISION_MAX_RING.
	int indexOf(int iDX, int iDY) const
	{
		return m_aiIndexOf[(iDY + CV_VISION_MAX_RING) * CV_VISION_MAX_SIDE + (iDX + CV_VISION_MAX_RING)];
	}

	int farSpreadDegrees() const { return m_iFarSpread; }
	int nearSpreadDegrees() const { return m_iNearSpread; }

	// Bytes the table occupies.
	static int sizeInBytes() { return (int)sizeof(CvVisionTables); }

private:
	void build();

	int m_iFarSpread;
	int m_iNearSpread;
	CvVisionDisplacement m_aEntries[CV_VISION_MAX_ENTRIES];
	unsigned short m_aiIndexOf[CV_VISION_MAX_ENTRIES]; // by (dy + ring) * side + (dx + ring)
};

// docs/vision-rules.md, sections 5 and 4: coordinates and displacements on the map's axes.

// docs/vision-rules.md, section 5: a coordinate on an axis of length iLength, or -1 when that plot
// is absent.
// Kept quirk: on a wrapping axis a negative multiple of the length maps to iLength (absent).
inline int cvVisionWrapCoord(int iC, int iLength, bool bWrap)
{
	if (bWrap)
	{
		if (iC < 0)
		{
			iC = iLength - ((-iC) % iLength);
		}
		else if (iC >= iLength)
		{
			iC = iC % iLength;
		}
	}
	return (iC >= 0 && iC < iLength) ? iC : -1;
}

// docs/vision-rules.md, section 4: the shortest displacement along a wrapping axis.
inline int cvVisionWrapDelta(int iDelta, int iLength, bool bWrap)
{
	if (bWrap)
	{
		if (iDelta > iLength / 2)
		{
			iDelta -= iLength;
		}
		else if (iDelta < -(iLength / 2))
		{
			iDelta += iLength;
		}
	}
	return iDelta;
}

// docs/vision-rules.md, section 6: the step of a direction (0..7, DirectionTypes order N NE E SE S SW W NW; y grows north).
int cvVisionDirectionX(int eDirection);
int cvVisionDirectionY(int eDirection);

// docs/vision-rules.md, section 6: does a unit facing eFacing process displacement (iDX, iDY)?
// The spread is iFarSpreadDegrees, or iNearSpreadDegrees for the 3x3 square around the unit.
// The one floating-point computation of the subsystem, in single precision.
bool cvVisionFacingAllows(int iDX, int iDY, int eFacing, int iFarSpreadDegrees, int iNearSpreadDegrees);

// The tied predecessors of a displacement, following docs/vision-rules.md, section 3, literally
// (any size of d != 0).
// Writes one or two displacements to aiPredX/aiPredY and returns how many.
int cvVisionTiedPredecessors(int iDX, int iDY, int* aiPredX, int* aiPredY);

#endif
