// SDK mock: a team's techs and its extra-water-see-from counter (docs/vision-rules.md, sections 1
// and 7), the relations the pathfinder reads (war, open borders, vassals), and meetings (section 8:
// a plot turning visible makes its owner meet the team).
// Written for CvVision's tests from docs/vision-rules.md; not the SDK's file.
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
	bool isAtWar(TeamTypes eIndex) const { return has(m_abAtWar, eIndex); }
	bool isOpenBorders(TeamTypes eIndex) const { return has(m_abOpenBorders, eIndex); }
	// This team is a vassal of eIndex.
	bool isVassal(TeamTypes eIndex) const { return has(m_abVassal, eIndex); }

	// As the game: learning the first extra-water-see-from tech (or losing the last) re-sights
	// the whole map for every team.
	void setHasTech(TechTypes eTech, bool bNewValue);
	// The game's: the whole map re-sighted around the change (CvMap::updateSight off, the count
	// changed, on again). Not the mock's: a tree's (tests/sdk/sdk_unintegrated/CvTeam.cpp, BTS's
	// shape, integrated for the tests; the differential's programs take the tree's own and its
	// integrated copy's).
	void changeExtraWaterSeeFromCount(int iChange);
	// One side of each relation, as the game's setters (declaring war or signing open borders
	// sets both sides; tests do).
	void setAtWar(TeamTypes eIndex, bool bNewValue) { set(m_abAtWar, eIndex, bNewValue); }
	void setOpenBorders(TeamTypes eIndex, bool bNewValue) { set(m_abOpenBorders, eIndex, bNewValue); }
	void setVassal(TeamTypes eIndex, bool bNewValue, bool) { set(m_abVassal, eIndex, bNewValue); }

	// As the game: a first contact makes both teams have met; a team has met itself.
	bool isHasMet(TeamTypes eIndex) const { return eIndex == m_eID || has(m_abHasMet, eIndex); }
	void meet(TeamTypes eTeam, bool bNewDiplo);
	// Called with every meet call, in order (NULL: none); the differential records them with it.
	typedef void (*MeetObserver)(TeamTypes eTeam, TeamTypes eMet, bool bFirstContact);
	static MeetObserver s_pfnMeetObserver;

private:
	static bool has(const std::vector<bool>& ab, TeamTypes e)
	{
		return e >= 0 && e < static_cast<int>(ab.size()) && ab[e];
	}
	static void set(std::vector<bool>& ab, TeamTypes e, bool bNewValue)
	{
		if (e >= static_cast<int>(ab.size()))
		{
			ab.resize(e + 1, false);
		}
		ab[e] = bNewValue;
	}

	TeamTypes m_eID;
	int m_iExtraWaterSeeFromCount;
	std::vector<bool> m_abHasTech;
	std::vector<bool> m_abAtWar;
	std::vector<bool> m_abOpenBorders;
	std::vector<bool> m_abVassal;
	std::vector<bool> m_abHasMet;
};

#endif
