// The one mapping of a save's records to the world (formats/SaveReaderImpl.h, RecordMapper): records
// built by hand, as the derived layout (LayoutRecord) and as the built-in one (FlatRecord) fill
// them, map to the same plots, teams, players, cities and units; records that do not make a game
// are refused with a SaveError naming the problem.
#include "formats/SaveReaderImpl.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

using namespace cvv;
using namespace cvv::savereader;

namespace {

void set(LayoutRecord& r, const char* szName, const std::vector<long long>& a) { r.kValues[szName] = a; }
void set(FlatRecord& r, const char* szName, const std::vector<long long>& a)
{
	std::copy(a.begin(), a.end(), r.add(szName, a.size()));
}
LayoutRecord& addObject(LayoutRecord& r, const char* szName, const char* szClass)
{
	auto p = std::make_shared<LayoutRecord>();
	p->sClass = szClass;
	r.kChildren[szName].push_back(p);
	return *p;
}
FlatRecord& addObject(FlatRecord& r, const char* szName, const char* szClass) { return r.child(szName, szClass); }

const long long kNoCoord = -2147483647;

// The records of a save's root objects, as a save holds them.
template <typename Record>
struct SaveRecords
{
	Record kInit; // CvInitCore
	Record kMap; // CvMap
	std::vector<Record> aTeams; // CvTeamAI
	std::vector<Record> aPlayers; // CvPlayerAI
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

template <typename Record>
SaveRecords<Record> world()
{
	SaveRecords<Record> r;
	set(r.kInit, "m_aeTeam", { 0, 1 });
	set(r.kMap, "m_iGridWidth", { 3 });
	set(r.kMap, "m_iGridHeight", { 2 });
	set(r.kMap, "m_bWrapX", { 1 });
	set(r.kMap, "m_bWrapY", { 0 });
	for (int i = 0; i < 6; ++i)
	{
		Record& p = addObject(r.kMap, "m_pMapPlots", "CvPlot");
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
			Record& u = addObject(p, "m_units", "IDInfo");
			set(u, "eOwner", { 1 });
			set(u, "iID", { 40 });
		}
	}
	for (int t = 0; t < 2; ++t)
	{
		Record& kTeam = r.aTeams.emplace_back();
		set(kTeam, "m_pabHasTech", { 1, t, 0 });
		set(kTeam, "m_abVassal", { t == 1 ? 1 : 0, 0 });
	}
	for (int p = 0; p < 2; ++p)
	{
		Record& kPlayer = r.aPlayers.emplace_back();
		set(kPlayer, "m_bAlive", { 1 });
		set(kPlayer, "m_eID", { p });
	}
	Record& kCity = addObject(r.aPlayers[0], "m_cities", "CvCityAI");
	set(kCity, "m_iID", { 8193 });
	set(kCity, "m_iX", { 1 });
	set(kCity, "m_iY", { 0 });
	set(kCity, "m_eOwner", { 0 });
	set(kCity, "m_abEspionageVisibility", { 0, 1 });
	Record& kUnit = addObject(r.aPlayers[1], "m_units", "CvUnitAI");
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

template <typename Record>
SaveGame mapped(const SaveRecords<Record>& r)
{
	Cursor k(nullptr, 0, "hand-made");
	SaveGame g;
	const RecordCounts n = counts();
	RecordMapper<Record> kWorld(k, n, g);
	kWorld.init(r.kInit);
	if constexpr (std::is_same_v<Record, FlatRecord>)
	{
		// as the built-in layout maps them: the map's header, then each plot as it is read
		kWorld.mapHeader(r.kMap);
		for (const FlatRecord* pPlot : recordObjects(r.kMap, "m_pMapPlots")) kWorld.plot(*pPlot);
	}
	else
		kWorld.map(r.kMap);
	for (size_t t = 0; t < r.aTeams.size(); ++t) kWorld.team(int(t), r.aTeams[t]);
	for (size_t p = 0; p < r.aPlayers.size(); ++p) kWorld.player(int(p), r.aPlayers[p]);
	kWorld.finish();
	return g;
}

// The SaveError the mapping throws, empty if none.
template <typename Record>
std::string refusal(const SaveRecords<Record>& r)
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

TEST(SaveReaderRecords, LayoutRecordsMapToTheWorld) { expectTheWorld(mapped(world<LayoutRecord>())); }

TEST(SaveReaderRecords, FlatRecordsMapToTheSameWorld) { expectTheWorld(mapped(world<FlatRecord>())); }

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
		SaveRecords<LayoutRecord> r = world<LayoutRecord>();
		r.kMap.kChildren["m_pMapPlots"][4]->kValues["m_iX"] = { 2 };
		EXPECT_NE(refusal(r).find("x/y not in lock-step: record 4 should be (1,1) but holds (2,1)"), std::string::npos)
			<< refusal(r);
	}
	{
		// a plot short
		SaveRecords<LayoutRecord> r = world<LayoutRecord>();
		r.kMap.kChildren["m_pMapPlots"].pop_back();
		EXPECT_NE(refusal(r).find("5 plot records for a 3 x 2 map"), std::string::npos) << refusal(r);
	}
	{
		// a member the world needs that the read did not set
		SaveRecords<LayoutRecord> r = world<LayoutRecord>();
		r.kMap.kChildren["m_pMapPlots"][3]->kValues.erase("m_eTerrainType");
		EXPECT_NE(refusal(r).find("CvPlot::read does not read the member m_eTerrainType"), std::string::npos)
			<< refusal(r);
	}
	{
		// the unit not listed on its plot
		SaveRecords<LayoutRecord> r = world<LayoutRecord>();
		r.aPlayers[1].kChildren["m_units"][0]->kValues["m_iX"] = { 1 };
		EXPECT_NE(refusal(r).find("unit 40 of player 1 at (1,1) is not listed on that plot"), std::string::npos)
			<< refusal(r);
	}
	{
		// a city its plot does not name
		SaveRecords<LayoutRecord> r = world<LayoutRecord>();
		r.aPlayers[0].kChildren["m_cities"][0]->kValues["m_iID"] = { 8194 };
		EXPECT_NE(refusal(r).find("city 8194 of player 0 is not the city its plot (1,0) names"), std::string::npos)
			<< refusal(r);
	}
	{
		// a team the vassal of two
		SaveRecords<LayoutRecord> r = world<LayoutRecord>();
		r.aTeams[0].kValues["m_abVassal"] = { 0, 1 };
		r.aTeams[1].kValues["m_abVassal"] = { 1, 1 };
		EXPECT_NE(refusal(r).find("team 1 is marked the vassal of 2 teams"), std::string::npos) << refusal(r);
	}
	{
		// a unit of a type the rules do not have
		SaveRecords<LayoutRecord> r = world<LayoutRecord>();
		r.aPlayers[1].kChildren["m_units"][0]->kValues["m_eUnitType"] = { 5 };
		EXPECT_NE(refusal(r).find("a unit's type is 5 (expected 0..4)"), std::string::npos) << refusal(r);
	}
	{
		// the same with the built-in layout's records: a unit that names another owner
		SaveRecords<FlatRecord> r = world<FlatRecord>();
		FlatRecord& kUnit = r.aPlayers[1].aChildren[0].second[0];
		for (const FlatRecord::Member& m : kUnit.aMembers)
			if (m.sName == "m_eOwner") kUnit.aValues[m.iBegin] = 0;
		EXPECT_NE(refusal(r).find("a unit of player 1 names owner 0"), std::string::npos) << refusal(r);
	}
}

} // namespace
