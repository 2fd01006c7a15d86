// The one mapping of a save's records to the world (SaveReaderImpl.h, SaveRecords): the same for
// the built-in layout of BTS 3.19 and for a layout derived from a CvGameCoreDLL tree.
#include "formats/SaveReaderImpl.h"
#include "model/VisionWorld.h"

#include <algorithm>
#include <map>

namespace cvv {
namespace savereader {

namespace {

const int kDirections = 8;
const int kNoCoord = -2147483647; // the game's "no plot" coordinate

void mapPlot(Cursor& k, const FlatRecord& r, int iIndex, int iWidth, const RecordCounts& n,
	const std::vector<std::string>& asInvisible, SavePlot& kPlot, std::pair<int, int>& kCity)
{
	const int iWantX = iIndex % iWidth;
	const int iWantY = iIndex / iWidth;
	kPlot.iX = int(recordInt(k, r, "m_iX"));
	kPlot.iY = int(recordInt(k, r, "m_iY"));
	if (kPlot.iX != iWantX || kPlot.iY != iWantY)
	{
		std::ostringstream o;
		o << "x/y not in lock-step: record " << iIndex << " should be (" << iWantX << "," << iWantY << ") but holds ("
		  << kPlot.iX << "," << kPlot.iY << ")";
		k.modded(o.str());
	}
	kPlot.eOwner = int(recordInt(k, r, "m_eOwner"));
	kPlot.ePlotType = int(recordInt(k, r, "m_ePlotType"));
	kPlot.eTerrain = int(recordInt(k, r, "m_eTerrainType"));
	kPlot.eFeature = int(recordInt(k, r, "m_eFeatureType"));
	kPlot.eImprovement = int(recordInt(k, r, "m_eImprovementType"));
	kPlot.eRoute = int(recordInt(k, r, "m_eRouteType"));
	const size_t iAt = k.pos();
	checkRange(k, iAt, "the plot's owner", kPlot.eOwner, -1, n.iPlayers);
	checkRange(k, iAt, "the plot type", kPlot.ePlotType, 0, 4);
	kCity.first = int(recordInt(k, r, "m_plotCity.eOwner"));
	kCity.second = int(recordInt(k, r, "m_plotCity.iID"));
	checkRange(k, iAt, "the plot's city owner", kCity.first, -1, n.iPlayers);
	auto ints = [&](const char* szName, int iFill) {
		std::vector<int> a(size_t(n.iTeams), iFill);
		const RecordValues v = recordValues(r, szName);
		for (size_t i = 0; i < a.size() && i < v.iCount; ++i) a[i] = int(v[i]);
		return a;
	};
	kPlot.aiVisibility = ints("m_aiVisibilityCount", 0);
	kPlot.aiStolenVisibility = ints("m_aiStolenVisibilityCount", 0);
	kPlot.aeRevealedOwner = ints("m_aiRevealedOwner", -1);
	checkRangeAll(k, iAt, "a revealed owner", kPlot.aeRevealedOwner, -1, n.iPlayers);
	const std::vector<int> aiRevealed = ints("m_abRevealed", 0);
	checkRangeAll(k, iAt, "a revealed switch", aiRevealed, 0, 2);
	kPlot.abRevealed.assign(aiRevealed.begin(), aiRevealed.end());
	kPlot.aeRevealedImprovement = ints("m_aeRevealedImprovementType", -1);
	kPlot.aeRevealedRoute = ints("m_aeRevealedRouteType", -1);
	kPlot.aaiInvisibleVisibility.assign(size_t(n.iTeams), std::vector<int>(size_t(n.iInvisible), 0));
	for (int t = 0; t < n.iTeams; ++t)
	{
		const RecordValues v = recordValues(r, asInvisible[size_t(t)]);
		for (size_t i = 0; i < size_t(n.iInvisible) && i < v.iCount; ++i)
			kPlot.aaiInvisibleVisibility[size_t(t)][i] = int(v[i]);
	}
	for (const FlatRecord* pUnit : recordObjects(r, "m_units"))
	{
		const int eOwner = int(recordInt(k, *pUnit, "eOwner"));
		checkRange(k, iAt, "a listed unit's owner", eOwner, 0, n.iPlayers);
		kPlot.aUnits.emplace_back(eOwner, int(recordInt(k, *pUnit, "iID")));
	}
}

void mapTeam(Cursor& k, const FlatRecord& r, int eTeam, const RecordCounts& n, SaveTeam& kTeam)
{
	for (long long v : recordInts(r, "m_pabHasTech", size_t(n.iTechs), 0)) kTeam.abHasTech.push_back(v ? 1 : 0);
	const std::vector<long long> aVassal = recordInts(r, "m_abVassal", size_t(n.iTeams), 0);
	int iMasters = 0;
	for (int u = 0; u < n.iTeams; ++u)
		if (aVassal[size_t(u)])
		{
			kTeam.eVassalOf = u;
			++iMasters;
		}
	if (iMasters > 1 || kTeam.eVassalOf == eTeam)
		k.modded("team " + std::to_string(eTeam) + " is marked the vassal of " + std::to_string(iMasters)
			+ " teams (or of itself)");
}

// A city's or a unit's id and plot, the plot checked to be on the map (szX, szY: its coordinates
// as the messages name them).
void mapIdAndPlot(Cursor& k, const FlatRecord& r, int iWidth, int iHeight, const char* szX, const char* szY, int& iId,
	int& iX, int& iY)
{
	iId = int(recordInt(k, r, "m_iID"));
	iX = int(recordInt(k, r, "m_iX"));
	iY = int(recordInt(k, r, "m_iY"));
	const size_t iAt = k.pos();
	checkRange(k, iAt, szX, iX, 0, iWidth);
	checkRange(k, iAt, szY, iY, 0, iHeight);
}

void mapCity(
	Cursor& k, const FlatRecord& r, int ePlayer, int iWidth, int iHeight, const RecordCounts& n, SaveCity& kCity)
{
	mapIdAndPlot(k, r, iWidth, iHeight, "a city's x", "a city's y", kCity.iId, kCity.iX, kCity.iY);
	kCity.ePlayer = int(recordInt(k, r, "m_eOwner"));
	if (kCity.ePlayer != ePlayer)
		k.modded("a city of player " + std::to_string(ePlayer) + " names owner " + std::to_string(kCity.ePlayer));
	const std::vector<long long> a = recordInts(r, "m_abEspionageVisibility", size_t(n.iTeams), 0);
	for (long long v : a) kCity.aiEspionageVisibility.push_back(v ? 1 : 0);
}

void mapUnit(
	Cursor& k, const FlatRecord& r, int ePlayer, int iWidth, int iHeight, const RecordCounts& n, SaveUnit& kUnit)
{
	mapIdAndPlot(k, r, iWidth, iHeight, "a unit's x", "a unit's y", kUnit.iId, kUnit.iX, kUnit.iY);
	const size_t iAt = k.pos();
	const int iReconX = int(recordInt(k, r, "m_iReconX"));
	const int iReconY = int(recordInt(k, r, "m_iReconY"));
	if (iReconX == kNoCoord || iReconY == kNoCoord)
	{
		if (iReconX != iReconY) k.modded("a unit's recon plot is half set");
	}
	else
	{
		checkRange(k, iAt, "a unit's recon x", iReconX, 0, iWidth);
		checkRange(k, iAt, "a unit's recon y", iReconY, 0, iHeight);
		kUnit.iReconX = iReconX;
		kUnit.iReconY = iReconY;
	}
	kUnit.eFacing = int(recordInt(k, r, "m_eFacingDirection"));
	checkRange(k, iAt, "a unit's facing", kUnit.eFacing, 0, kDirections);
	kUnit.ePlayer = int(recordInt(k, r, "m_eOwner"));
	if (kUnit.ePlayer != ePlayer)
		k.modded("a unit of player " + std::to_string(ePlayer) + " names owner " + std::to_string(kUnit.ePlayer));
	kUnit.eType = int(recordInt(k, r, "m_eUnitType"));
	checkRange(k, iAt, "a unit's type", kUnit.eType, 0, n.iUnitTypes);
	const std::vector<long long> a = recordInts(r, "m_pabHasPromotion", size_t(n.iPromotions), 0);
	for (size_t i = 0; i < a.size(); ++i)
		if (a[i]) kUnit.aePromotions.push_back(int(i));
}

// The players' units and cities against the plots: every unit listed on the plot it stands on, once;
// every city named by its plot.
void crossCheck(Cursor& k, const SaveGame& kSave, const std::vector<std::pair<int, int>>& aPlotCities)
{
	k.setSection("inflated game data: units against plots");
	std::map<std::pair<int, int>, int> kListed; // (owner, id) -> plot index
	for (int i = 0; i < int(kSave.aPlots.size()); ++i)
		for (const auto& kRef : kSave.aPlots[size_t(i)].aUnits)
			if (!kListed.emplace(kRef, i).second)
				k.moddedAt(k.pos(),
					"unit " + std::to_string(kRef.second) + " of player " + std::to_string(kRef.first)
						+ " is listed on two plots");
	if (kListed.size() != kSave.aUnits.size())
		k.moddedAt(k.pos(),
			std::to_string(kSave.aUnits.size()) + " units in the player sections, " + std::to_string(kListed.size())
				+ " listed on the plots");
	for (const SaveUnit& kUnit : kSave.aUnits)
	{
		const auto it = kListed.find(std::make_pair(kUnit.ePlayer, kUnit.iId));
		if (it == kListed.end() || it->second != kUnit.iY * kSave.iWidth + kUnit.iX)
			k.moddedAt(k.pos(),
				"unit " + std::to_string(kUnit.iId) + " of player " + std::to_string(kUnit.ePlayer) + " at ("
					+ std::to_string(kUnit.iX) + "," + std::to_string(kUnit.iY) + ") is not listed on that plot");
	}
	for (const SaveCity& kCity : kSave.aCities)
	{
		if (aPlotCities[size_t(kCity.iY * kSave.iWidth + kCity.iX)] != std::make_pair(kCity.ePlayer, kCity.iId))
			k.moddedAt(k.pos(),
				"city " + std::to_string(kCity.iId) + " of player " + std::to_string(kCity.ePlayer)
					+ " is not the city its plot (" + std::to_string(kCity.iX) + "," + std::to_string(kCity.iY)
					+ ") names");
	}
}

} // namespace

int32_t* FlatRecord::add(std::string_view sName, size_t iCount)
{
	aMembers.push_back(Member{ sName, uint32_t(aValues.size()), uint32_t(iCount) });
	aValues.resize(aValues.size() + iCount);
	return aValues.data() + aMembers.back().iBegin;
}

FlatRecord& FlatRecord::child(std::string_view sName, const char* szClass)
{
	auto it = std::find_if(aChildren.begin(), aChildren.end(), [&](const auto& k) { return k.first == sName; });
	if (it == aChildren.end()) it = aChildren.emplace(aChildren.end(), sName, std::vector<FlatRecord>());
	FlatRecord& r = it->second.emplace_back();
	r.szClass = szClass;
	return r;
}

RecordValues recordValues(const FlatRecord& r, std::string_view sName)
{
	for (const FlatRecord::Member& m : r.aMembers)
		if (m.sName == sName) return RecordValues{ r.aValues.data() + m.iBegin, m.iCount };
	return RecordValues();
}

std::vector<const FlatRecord*> recordObjects(const FlatRecord& r, std::string_view sName)
{
	std::vector<const FlatRecord*> a;
	for (const auto& [sMember, aRecords] : r.aChildren)
		if (sMember == sName)
			for (const FlatRecord& kChild : aRecords) a.push_back(&kChild);
	return a;
}

std::string recordClass(const FlatRecord& r) { return r.szClass; }

std::vector<long long> recordInts(const FlatRecord& r, std::string_view sName, size_t iSize, long long iFill)
{
	std::vector<long long> a(iSize, iFill);
	const RecordValues v = recordValues(r, sName);
	for (size_t i = 0; i < iSize && i < v.iCount; ++i) a[i] = v[i];
	return a;
}

long long recordInt(Cursor& k, const FlatRecord& r, std::string_view sName)
{
	const RecordValues v = recordValues(r, sName);
	if (v.iCount != 1)
		k.modded("the " + recordClass(r) + " record lacks the member " + std::string(sName) + " the audit needs");
	return v[0];
}

void checkRange(Cursor& k, size_t iAt, const char* szWhat, int iValue, int iMin, int iMax)
{
	if (iValue < iMin || iValue >= iMax)
	{
		std::ostringstream o;
		o << szWhat << " is " << iValue << " (expected " << iMin << ".." << (iMax - 1) << ")";
		k.moddedAt(iAt, o.str());
	}
}

void checkRangeAll(Cursor& k, size_t iAt, const char* szWhat, const std::vector<int>& a, int iMin, int iMax)
{
	for (size_t i = 0; i < a.size(); ++i)
		if (a[i] < iMin || a[i] >= iMax)
		{
			std::ostringstream o;
			o << szWhat << " [" << i << "] is " << a[i] << " (expected " << iMin << ".." << (iMax - 1) << ")";
			k.moddedAt(iAt, o.str());
		}
}

std::vector<long long> playerTeams(Cursor& kBlock, const FlatRecord& kInit, int iPlayers, int iTeams)
{
	std::vector<long long> aeTeam = recordInts(kInit, "m_aeTeam", size_t(iPlayers), -2);
	for (int i = 0; i < iPlayers; ++i)
		if (aeTeam[size_t(i)] < -1 || aeTeam[size_t(i)] >= iTeams)
			kBlock.moddedAt(0, "player " + std::to_string(i) + " is on team " + std::to_string(aeTeam[size_t(i)]));
	return aeTeam;
}

RecordMapper::RecordMapper(Cursor& k, const RecordCounts& kCounts, SaveGame& kSave)
	: m_k(k), m_n(kCounts), m_kSave(kSave)
{
	m_kSave.iMaxPlayers = m_n.iPlayers;
	m_kSave.iMaxTeams = m_n.iTeams;
	for (int t = 0; t < m_n.iTeams; ++t)
		m_asInvisible.push_back("m_apaiInvisibleVisibilityCount[" + std::to_string(t) + "]");
	m_kSave.aTeams.resize(size_t(m_n.iTeams));
	m_kSave.aPlayers.resize(size_t(m_n.iPlayers));
}

void RecordMapper::init(const FlatRecord& kInit) { m_aeTeam = recordInts(kInit, "m_aeTeam", size_t(m_n.iPlayers), -2); }

void RecordMapper::mapHeader(const FlatRecord& kMap)
{
	Cursor& k = m_k;
	k.setSection("inflated game data: map");
	const int iWidth = int(recordInt(k, kMap, "m_iGridWidth"));
	const int iHeight = int(recordInt(k, kMap, "m_iGridHeight"));
	if (iWidth <= 0 || iHeight <= 0) k.modded("the map is " + std::to_string(iWidth) + " x " + std::to_string(iHeight));
	if (!cvVisionMapSizeOk(iWidth, iHeight)) k.fail(VisionWorld::sizeProblem(iWidth, iHeight, 1, 0));
	m_kSave.iWidth = iWidth;
	m_kSave.iHeight = iHeight;
	m_kSave.bWrapX = recordInt(k, kMap, "m_bWrapX") != 0;
	m_kSave.bWrapY = recordInt(k, kMap, "m_bWrapY") != 0;
}

void RecordMapper::plot(const FlatRecord& kPlot)
{
	const size_t i = m_kSave.aPlots.size();
	m_k.setSection("inflated game data: plot record " + std::to_string(i));
	mapPlot(m_k, kPlot, int(i), m_kSave.iWidth, m_n, m_asInvisible, m_kSave.aPlots.emplace_back(),
		m_aPlotCities.emplace_back());
}

void RecordMapper::team(int eTeam, const FlatRecord& kTeam)
{
	m_k.setSection("inflated game data: team " + std::to_string(eTeam));
	mapTeam(m_k, kTeam, eTeam, m_n, m_kSave.aTeams[size_t(eTeam)]);
}

void RecordMapper::player(int ePlayer, const FlatRecord& kPlayer)
{
	Cursor& k = m_k;
	k.setSection("inflated game data: player " + std::to_string(ePlayer));
	SavePlayer& kOut = m_kSave.aPlayers[size_t(ePlayer)];
	kOut.eTeam = int(m_aeTeam[size_t(ePlayer)]);
	kOut.bAlive = recordInt(k, kPlayer, "m_bAlive") != 0;
	const long long iId = recordInt(k, kPlayer, "m_eID");
	if (iId != ePlayer) k.modded("player " + std::to_string(ePlayer) + " names id " + std::to_string(iId));
	for (const FlatRecord* pCity : recordObjects(kPlayer, "m_cities"))
	{
		SaveCity kCity;
		mapCity(k, *pCity, ePlayer, m_kSave.iWidth, m_kSave.iHeight, m_n, kCity);
		m_kSave.aCities.push_back(std::move(kCity));
	}
	for (const FlatRecord* pUnit : recordObjects(kPlayer, "m_units"))
	{
		SaveUnit kUnit;
		mapUnit(k, *pUnit, ePlayer, m_kSave.iWidth, m_kSave.iHeight, m_n, kUnit);
		m_kSave.aUnits.push_back(std::move(kUnit));
	}
}

void RecordMapper::finish()
{
	crossCheck(m_k, m_kSave, m_aPlotCities);
	m_kSave.bHasPlayerSections = true;
}


} // namespace savereader
} // namespace cvv
