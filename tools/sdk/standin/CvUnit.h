// SDK mock: a unit's place, team, facing, promotions and recon plot, and the game's sight
// brackets around changing them (docs/vision-rules.md, section 7).
// Written for CvVision's tests from docs/vision-rules.md; not the SDK's file.
#pragma once
#ifndef CV_MOCK_UNIT_H
#define CV_MOCK_UNIT_H

#include "CvEnums.h"

#include <vector>

class CvPlot;
class CvUnitInfo;

class CvUnit
{
public:
	CvUnit(UnitTypes eType, TeamTypes eTeam, int iX, int iY, DirectionTypes eFacing);

	UnitTypes getUnitType() const { return m_eType; }
	const CvUnitInfo& getUnitInfo() const;
	TeamTypes getTeam() const { return m_eTeam; }
	PlayerTypes getOwnerINLINE() const { return static_cast<PlayerTypes>(m_eTeam); } // one player per team
	PlayerTypes getOwner() const { return getOwnerINLINE(); } // AdvCiv's name
	int getID() const { return m_iID; }
	DomainTypes getDomainType() const;
	int getX_INLINE() const { return m_iX; }
	int getY_INLINE() const { return m_iY; }
	CvPlot* plot() const;
	DirectionTypes getFacingDirection(bool bCheckLineOfSightProperty) const;
	int getNumSeeInvisibleTypes() const;
	InvisibleTypes getSeeInvisibleType(int i) const;
	// UNIT_VISIBILITY_RANGE plus the promotions' iVisibilityChange.
	int visibilityRange() const;
	// The promotions' iVisibilityChange alone.
	int getExtraVisibilityRange() const;
	bool isHasPromotion(PromotionTypes ePromotion) const;
	CvPlot* getReconPlot() const;

	// Each change of a sight input is bracketed: sight off, change, sight on.
	void setXY(int iX, int iY);
	void setFacingDirection(DirectionTypes eFacing);
	void setHasPromotion(PromotionTypes ePromotion, bool bNewValue);
	void setReconPlot(CvPlot* pPlot); // NULL clears it
	void addSight(bool bIncrement);   // the unit's own sight (creation, death)
	void setID(int iID) { m_iID = iID; }
	// mock only: a unit made for a test, before any sight (no bracket)
	void setHasPromotionUnbracketed(PromotionTypes ePromotion, bool bNewValue);

private:
	int m_iID;
	UnitTypes m_eType;
	TeamTypes m_eTeam;
	int m_iX;
	int m_iY;
	DirectionTypes m_eFacing;
	std::vector<char> m_abPromotions;
	int m_iReconX;
	int m_iReconY;
};

#endif
