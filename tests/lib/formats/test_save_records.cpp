// The one mapping of a save's records to the world (formats/SaveReaderImpl.h, RecordMapper): records
// built by hand, as the BTS 3.19 reader fills them (FlatRecord), map to the plots, teams, players,
// cities and units they hold; records that do not make a game are refused with a SaveError naming
// the problem.
#include "formats/SaveReaderImpl.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <stdexcept>
#include <string_view>
#include <vector>

using namespace cvv;
using namespace cvv::savereader;

namespace {

void set(FlatRecord& r, const char* szName, const std::vector<long long>& a)
{
	std::copy(a.begin(), a.end(), r.add(szName, a.size()));
}
FlatRecord& addObject(FlatRecord& r, const char* szName, const char* szClass) { return r.child(szName, szClass); }

// The value i of the member sName of r (which has it).
int32_t& valueOf(FlatRecord& r, std::string_view sName, size_t i = 0)
{
	for (const FlatRecord::Member& m : r.aMembers)
		if (m.sName == sName) return r.aValues.at(m.iBegin + i);
	throw std::logic_error("no member " + std::string(sName));
}
// The records read into the member sName of r.
std::vector<FlatRecord>& childrenOf(FlatRecord& r, std::string_view sName)
{
	for (auto& [sMember, aRecords] : r.aChildren)
		if (sMember == sName) return aRecords;
	throw std::logic_error("no child " + std::string(sName));
}

const long long kNoCoord = -2147483647;

// The records of a save's root objects, as a save holds them.
struct SaveRecords
{
	FlatRecord kInit; // CvInitCore
	FlatRecord kMap; // CvMap
	std::vector<FlatRecord> aTeams; // CvTeamAI
	std::vector<FlatRecord> aPlayers; // CvPlayerAI
};

// A 3 x 2 map, 2 players on 2 teams (team 1 the vassal of team 0), 1 invisible type, 3 techs, 5
// unit types, 4 promotions. Player 0 has city 8193 at (1,0); player 1 has unit 40 at (2,1) with
// promotions 1 and 3, listed on plot 5.
RecordCounts counts()
{
	RecordCounts n;
	n.iPlayers = 2;
	n.iTeams = 2;
	n.iInvisible = 1;
	n.iTechs = 3;
	n.iUnitTypes = 5;
	n.iPromotions = 4;
	return n;
}

SaveRecords world()
{
	SaveRecords r;
	set(r.kInit, "m_aeTeam", { 0, 1 });
	set(r.kMap, "m_iGridWidth", { 3 });
	set(r.kMap, "m_iGridHeight", { 2 });
	set(r.kMap, "m_bWrapX", { 1 });
	set(r.kMap, "m_bWrapY", { 0 });
	for (int i = 0; i < 6; ++i)
	{
		FlatRecord& p = addObject(r.kMap, "m_pMapPlots", "CvPlot");
		set(p, "m_iX", { i % 3 });
		set(p, "m_iY", { i / 3 });
		set(p, "m_eOwner", { i == 1 ? 0 : -1 });
		set(p, "m_ePlotType", { i == 0 ? 3 : 2 });
		set(p, "m_eTerrainType", { i });
		set(p, "m_eFeatureType", { i == 4 ? 2 : -1 });
		set(p, "m_eImprovementType", { -1 });
		set(p, "m_eRouteType", { i == 1 ? 0 : -1 });
		set(p, "m_plotCity.eOwner", { i == 1 ? 0 : -1 });
		set(p, "m_plotCity.iID", { i == 1 ? 8193 : -1 });
		if (i != 2) // plot 2: the game kept no arrays
		{
			set(p, "m_aiVisibilityCount", { i, 1 });
			set(p, "m_aiStolenVisibilityCount", { 0, 0 });
			set(p, "m_aiRevealedOwner", { -1, i == 1 ? 0 : -1 });
			set(p, "m_abRevealed", { 1, i % 2 });
			set(p, "m_aeRevealedImprovementType", { -1, -1 });
			set(p, "m_aeRevealedRouteType", { i == 1 ? 0 : -1, -1 });
		}
		if (i == 5)
		{
			set(p, "m_apaiInvisibleVisibilityCount[1]", { 7 });
			FlatRecord& u = addObject(p, "m_units", "IDInfo");
			set(u, "eOwner", { 1 });
			set(u, "iID", { 40 });
		}
	}
	for (int t = 0; t < 2; ++t)
	{
		FlatRecord& kTeam = r.aTeams.emplace_back();
		set(kTeam, "m_pabHasTech", { 1, t, 0 });
		set(kTeam, "m_abVassal", { t == 1 ? 1 : 0, 0 });
	}
	for (int p = 0; p < 2; ++p)
	{
		FlatRecord& kPlayer = r.aPlayers.emplace_back();
		set(kPlayer, "m_bAlive", { 1 });
		set(kPlayer, "m_eID", { p });
	}
	FlatRecord& kCity = addObject(r.aPlayers[0], "m_cities", "CvCityAI");
	set(kCity, "m_iID", { 8193 });
	set(kCity, "m_iX", { 1 });
	set(kCity, "m_iY", { 0 });
	set(kCity, "m_eOwner", { 0 });
	set(kCity, "m_abEspionageVisibility", { 0, 1 });
	FlatRecord& kUnit = addObject(r.aPlayers[1], "m_units", "CvUnitAI");
	set(kUnit, "m_iID", { 40 });
	set(kUnit, "m_iX", { 2 });
	set(kUnit, "m_iY", { 1 });
	set(kUnit, "m_iReconX", { kNoCoord });
	set(kUnit, "m_iReconY", { kNoCoord });
	set(kUnit, "m_eFacingDirection", { 4 });
	set(kUnit, "m_eOwner", { 1 });
	set(kUnit, "m_eUnitType", { 3 });
	set(kUnit, "m_pabHasPromotion", { 0, 1, 0, 1 });
	return r;
}

SaveGame mapped(const SaveRecords& r)
{
	Cursor k(nullptr, 0, "hand-made");
	SaveGame g;
	const RecordCounts n = counts();
	RecordMapper kWorld(k, n, g);
	kWorld.init(r.kInit);
	// as the reader maps them: the map's header, then each plot as it is read
	kWorld.mapHeader(r.kMap);
	for (const FlatRecord* pPlot : recordObjects(r.kMap, "m_pMapPlots")) kWorld.plot(*pPlot);
	for (size_t t = 0; t < r.aTeams.size(); ++t) kWorld.team(int(t), r.aTeams[t]);
	for (size_t p = 0; p < r.aPlayers.size(); ++p) kWorld.player(int(p), r.aPlayers[p]);
	kWorld.finish();
	return g;
}

// The SaveError the mapping throws, empty if none.
std::string refusal(const SaveRecords& r)
{
	try
	{
		mapped(r);
	}
	catch (const SaveError& kError)
	{
		return kError.what();
	}
	return "";
}

void expectTheWorld(const SaveGame& g)
{
	EXPECT_EQ(g.iMaxPlayers, 2);
	EXPECT_EQ(g.iMaxTeams, 2);
	EXPECT_EQ(g.iWidth, 3);
	EXPECT_EQ(g.iHeight, 2);
	EXPECT_TRUE(g.bWrapX);
	EXPECT_FALSE(g.bWrapY);
	EXPECT_TRUE(g.bHasPlayerSections);
	ASSERT_EQ(g.aPlots.size(), 6u);
	const SavePlot& p1 = g.aPlots[1];
	EXPECT_EQ(p1.iX, 1);
	EXPECT_EQ(p1.iY, 0);
	EXPECT_EQ(p1.eOwner, 0);
	EXPECT_EQ(p1.ePlotType, 2);
	EXPECT_EQ(p1.eTerrain, 1);
	EXPECT_EQ(p1.eFeature, -1);
	EXPECT_EQ(p1.eRoute, 0);
	EXPECT_EQ(p1.aiVisibility, std::vector<int>({ 1, 1 }));
	EXPECT_EQ(p1.aeRevealedOwner, std::vector<int>({ -1, 0 }));
	EXPECT_EQ(p1.abRevealed, std::vector<char>({ 1, 1 }));
	EXPECT_EQ(p1.aeRevealedRoute, std::vector<int>({ 0, -1 }));
	EXPECT_EQ(g.aPlots[0].ePlotType, 3);
	EXPECT_EQ(g.aPlots[4].eFeature, 2);
	// the arrays the game did not keep read as their defaults
	const SavePlot& p2 = g.aPlots[2];
	EXPECT_EQ(p2.aiVisibility, std::vector<int>({ 0, 0 }));
	EXPECT_EQ(p2.aeRevealedOwner, std::vector<int>({ -1, -1 }));
	EXPECT_EQ(p2.abRevealed, std::vector<char>({ 0, 0 }));
	EXPECT_EQ(p2.aeRevealedImprovement, std::vector<int>({ -1, -1 }));
	EXPECT_EQ(p2.aaiInvisibleVisibility, std::vector<std::vector<int>>({ { 0 }, { 0 } }));
	EXPECT_EQ(g.aPlots[5].aaiInvisibleVisibility, std::vector<std::vector<int>>({ { 0 }, { 7 } }));
	EXPECT_EQ(g.aPlots[5].aUnits, (std::vector<std::pair<int, int>>{ { 1, 40 } }));
	EXPECT_TRUE(g.aPlots[4].aUnits.empty());

	ASSERT_EQ(g.aTeams.size(), 2u);
	EXPECT_EQ(g.aTeams[0].abHasTech, std::vector<char>({ 1, 0, 0 }));
	EXPECT_EQ(g.aTeams[1].abHasTech, std::vector<char>({ 1, 1, 0 }));
	EXPECT_EQ(g.aTeams[0].eVassalOf, -1);
	EXPECT_EQ(g.aTeams[1].eVassalOf, 0);
	ASSERT_EQ(g.aPlayers.size(), 2u);
	EXPECT_EQ(g.aPlayers[1].eTeam, 1);
	EXPECT_TRUE(g.aPlayers[1].bAlive);

	ASSERT_EQ(g.aCities.size(), 1u);
	EXPECT_EQ(g.aCities[0].ePlayer, 0);
	EXPECT_EQ(g.aCities[0].iId, 8193);
	EXPECT_EQ(g.aCities[0].iX, 1);
	EXPECT_EQ(g.aCities[0].iY, 0);
	EXPECT_EQ(g.aCities[0].aiEspionageVisibility, std::vector<int>({ 0, 1 }));
	ASSERT_EQ(g.aUnits.size(), 1u);
	const SaveUnit& u = g.aUnits[0];
	EXPECT_EQ(u.ePlayer, 1);
	EXPECT_EQ(u.iId, 40);
	EXPECT_EQ(u.eType, 3);
	EXPECT_EQ(u.iX, 2);
	EXPECT_EQ(u.iY, 1);
	EXPECT_EQ(u.eFacing, 4);
	EXPECT_EQ(u.aePromotions, std::vector<int>({ 1, 3 }));
	EXPECT_EQ(u.iReconX, -1); // the game's "no plot"
	EXPECT_EQ(u.iReconY, -1);
}

TEST(SaveReaderRecords, RecordsMapToTheWorld) { expectTheWorld(mapped(world())); }

TEST(SaveReaderRecords, FlatRecordMembersAndChildren)
{
	FlatRecord r;
	r.put("m_iX", 5);
	set(r, "m_aiYield", { 1, 2, 3 });
	r.child("m_units", "IDInfo").put("iID", 9);
	r.child("m_units", "IDInfo").put("iID", 10);
	EXPECT_EQ(recordValues(r, "m_iX").iCount, 1u);
	EXPECT_EQ(recordInts(r, "m_aiYield", 4, -1), std::vector<long long>({ 1, 2, 3, -1 }));
	EXPECT_EQ(recordValues(r, "m_iY").iCount, 0u);
	const std::vector<const FlatRecord*> a = recordObjects(r, "m_units");
	ASSERT_EQ(a.size(), 2u);
	EXPECT_EQ(recordValues(*a[1], "iID")[0], 10);
	EXPECT_TRUE(recordObjects(r, "m_cities").empty());
}

TEST(SaveReaderRecords, RecordsThatMakeNoGameAreRefused)
{
	{
		// a plot out of lock-step
		SaveRecords r = world();
		valueOf(childrenOf(r.kMap, "m_pMapPlots")[4], "m_iX") = 2;
		EXPECT_NE(refusal(r).find("x/y not in lock-step: record 4 should be (1,1) but holds (2,1)"), std::string::npos)
			<< refusal(r);
	}
	{
		// a member the world needs that the read did not set
		SaveRecords r = world();
		std::vector<FlatRecord::Member>& aMembers = childrenOf(r.kMap, "m_pMapPlots")[3].aMembers;
		aMembers.erase(std::find_if(
			aMembers.begin(), aMembers.end(), [](const FlatRecord::Member& m) { return m.sName == "m_eTerrainType"; }));
		EXPECT_NE(refusal(r).find("the CvPlot record lacks the member m_eTerrainType"), std::string::npos)
			<< refusal(r);
	}
	{
		// the unit not listed on its plot
		SaveRecords r = world();
		valueOf(childrenOf(r.aPlayers[1], "m_units")[0], "m_iX") = 1;
		EXPECT_NE(refusal(r).find("unit 40 of player 1 at (1,1) is not listed on that plot"), std::string::npos)
			<< refusal(r);
	}
	{
		// a city its plot does not name
		SaveRecords r = world();
		valueOf(childrenOf(r.aPlayers[0], "m_cities")[0], "m_iID") = 8194;
		EXPECT_NE(refusal(r).find("city 8194 of player 0 is not the city its plot (1,0) names"), std::string::npos)
			<< refusal(r);
	}
	{
		// a team the vassal of two
		SaveRecords r = world();
		valueOf(r.aTeams[0], "m_abVassal", 1) = 1;
		valueOf(r.aTeams[1], "m_abVassal", 0) = 1;
		valueOf(r.aTeams[1], "m_abVassal", 1) = 1;
		EXPECT_NE(refusal(r).find("team 1 is marked the vassal of 2 teams"), std::string::npos) << refusal(r);
	}
	{
		// a unit of a type the rules do not have
		SaveRecords r = world();
		valueOf(childrenOf(r.aPlayers[1], "m_units")[0], "m_eUnitType") = 5;
		EXPECT_NE(refusal(r).find("a unit's type is 5 (expected 0..4)"), std::string::npos) << refusal(r);
	}
	{
		// a unit that names another owner
		SaveRecords r = world();
		FlatRecord& kUnit = r.aPlayers[1].aChildren[0].second[0];
		for (const FlatRecord::Member& m : kUnit.aMembers)
			if (m.sName == "m_eOwner") kUnit.aValues[m.iBegin] = 0;
		EXPECT_NE(refusal(r).find("a unit of player 1 names owner 0"), std::string::npos) << refusal(r);
	}
}

} // namespace
