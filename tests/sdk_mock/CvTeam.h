// SDK mock: a team's techs and its extra-water-see-from counter (spec 1 and 7).
// Written for CvVision's tests from the spec; not the SDK's file.
#pragma once
#ifndef CV_MOCK_TEAM_H
#define CV_MOCK_TEAM_H

#include "CvEnums.h"

#include <vector>

class CvTeam
{
public:
	explicit CvTeam(TeamTypes eID = NO_TEAM) : m_eID(eID), m_iExtraWaterSeeFromCount(0) {}

	TeamTypes getID() const { return m_eID; }
	bool isExtraWaterSeeFrom() const { return m_iExtraWaterSeeFromCount > 0; }
	int getExtraWaterSeeFromCount() const { return m_iExtraWaterSeeFromCount; }
	bool isHasTech(TechTypes eTech) const;

	// As the game: learning the first extra-water-see-from tech (or losing the last) re-sights
	// the whole map for every team.
	void setHasTech(TechTypes eTech, bool bNewValue);

private:
	void changeExtraWaterSeeFromCount(int iChange);

	TeamTypes m_eID;
	int m_iExtraWaterSeeFromCount;
	std::vector<bool> m_abHasTech;
};

#endif
