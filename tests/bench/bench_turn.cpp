// A game turn, replayed: the cost of sight over one whole turn of a big game, three ways.
//
// Worlds: every shared save (../shared/data/civ4/saves, skipped when absent) and a generated
// Gigantic late-game world (256x160 wrapping east-west, 8 teams, 6,000 units, 20,000 owned plots).
// The sources are those of VisionWorld (tools/VisionWorld.cpp), in eight kinds: owned plots, cities
// seen by their owner's master, cities seen by espionage, land units, sea units (destroyers see
// submarines: see-invisible counts), air units (aerial squares), air recon missions, and
// line-of-sight land units (facing cones; none in vanilla, so the generated world's explorers are
// made line-of-sight in the bench's copy of the rules).
//
// The turn (deterministic, generated once from the world and replayed identically on each column):
// every unit moves one plot (each move inside its own remove/add bracket, as CvUnit::setXY), 2% of
// the owned plots change owner, forests are cut and planted (one plot in 400 each, each inside the
// re-sight bracket of its plot), one team without Optics learns it (the whole map re-sighted, as
// CvTeam::processTech does), and 5% of the land units are promoted Sentry.
//
// Columns, same run, same operations:
//   bts:      the reference recursion (tests/engine/ReferenceVision.h: docs/vision-rules.md as BTS
//             writes it), removal by recomputing and subtracting, re-sight on BTS's fixed square
//             of radius 6;
//   cvvision: the engine, removal by recomputing, re-sight on CvVisionRules::resightRadius();
//   ledger:   the engine with the ledger (each source takes back what it added).
// Before timing, the three columns' counts after the turn are checked equal to each other and to
// the counts of the final sources added afresh (the bench stops with an error otherwise).
//
// Summary lines: turn world=NAME sources=N bts_ms=.. cvvision_ms=.. ledger_ms=.. speedup=..
// (speedup: bts over cvvision). `bench_turn --check` runs only the check, on a smaller generated
// world and the saves (ctest: bench.turn_check).
#include "CvVisionLedger.h"
#include "model/PlotGrid.h"
#include "engine/ReferenceVision.h"
#include "formats/RulesLoader.h"
#include "analysis/SaveAudit.h"
#include "scenario/WorldFromSave.h"
#include "formats/SaveReader.h"
#include "model/VisionWorld.h"

#include "BenchSummary.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

using namespace cvv;

namespace fs = std::filesystem;

namespace {
const int BTS_RESIGHT_RADIUS = 6; // BTS: max(RECON + 1, UNIT + 1 + every promotion) in vanilla

int indexOf(const std::vector<std::string>& aszTypes, const std::string& sType)
{
	for (size_t i = 0; i < aszTypes.size(); ++i)
	{
		if (aszTypes[i] == sType)
		{
			return static_cast<int>(i);
		}
	}
	throw std::runtime_error("bench_turn: no " + sType + " in the rules");
}

template <class Rule>
std::vector<std::string> typesOf(const std::vector<Rule>& aRules)
{
	std::vector<std::string> aszTypes;
	for (const Rule& kRule : aRules)
	{
		aszTypes.push_back(kRule.szType);
	}
	return aszTypes;
}

// One source of sight, as VisionWorld derives it from its state.
struct TurnSource
{
	CvVisionSourceKey kKey;
	CvVisionSource kSource;
	bool bGround = true; // re-sighted when a plot's levels change near its origin
};

// One operation of the turn.
struct TurnOp
{
	enum Kind { Move, Owner, Feature, Optics, Promote, NUM_KINDS } eKind;
	int iSource = -1; // Move, Owner, Promote
	int iPlot = -1; // Move: the new origin; Owner, Feature: the plot
	int iValue = 0; // Owner: the new team; Feature: the new feature (-1: none); Optics: the team; Promote: range change
};

// A world and its turn: everything the three columns start from.
struct Scenario
{
	std::string sName;
	const CvVisionRules* pRules = nullptr;
	VisionWorld::State kState;
	std::vector<TurnSource> aSources;
	std::vector<TurnOp> aOps;
};

// The world's sources, as VisionWorld holds them.
std::vector<TurnSource> sourcesOf(const CvVisionRules& kRules, const VisionWorld::State& kState)
{
	const VisionWorld kWorld(kRules, kState);
	std::vector<TurnSource> aSources;
	for (const CvVisionSourceKey& kKey : kWorld.currentKeys())
	{
		TurnSource kOut;
		kOut.kKey = kKey;
		kOut.kSource = *kWorld.sourceOf(kKey);
		kOut.bGround = !kOut.kSource.bAerial;
		if (kOut.kSource.paeSeeInvisible != nullptr) // it points into the world's own copy of the rules
		{
			kOut.kSource.paeSeeInvisible = kRules.aUnits.at(kState.kUnits.at(kKey.iB).eType).aeSeeInvisible.data();
		}
		aSources.push_back(kOut);
	}
	return aSources;
}

// The turn, generated from the world alone (positions and plots, no sight).
std::vector<TurnOp> makeTurn(const CvVisionRules& kRules, const VisionWorld::State& kState,
	const std::vector<TurnSource>& aSources, unsigned int uSeed)
{
	std::mt19937 kRng(uSeed);
	std::vector<TurnOp> aOps;
	const int iWidth = kState.iWidth;
	const int iHeight = kState.iHeight;
	const int iNumPlots = iWidth * iHeight;
	const int iForest = indexOf(typesOf(kRules.aFeatures), "FEATURE_FOREST");
	std::vector<int> aeFeature(iNumPlots);
	for (int i = 0; i < iNumPlots; ++i)
	{
		aeFeature[i] = kState.aPlots[i].eFeature;
	}
	auto isWater = [&](int iPlot) { return kState.aPlots[iPlot].eKind == CV_VISION_PLOT_OCEAN; };
	auto step = [&](int iX, int iY, int iDir, int& iOut) {
		static const int aiDX[8] = { 0, 1, 1, 1, 0, -1, -1, -1 };
		static const int aiDY[8] = { -1, -1, 0, 1, 1, 1, 0, -1 };
		const int iNX = cvVisionWrapCoord(iX + aiDX[iDir], iWidth, kState.bWrapX);
		const int iNY = cvVisionWrapCoord(iY + aiDY[iDir], iHeight, kState.bWrapY);
		if (iNX < 0 || iNY < 0)
		{
			return false;
		}
		iOut = iNY * iWidth + iNX;
		return true;
	};
	std::vector<int> aiUnitSources;
	std::vector<int> aiOwnedPlotSources;
	for (int i = 0; i < static_cast<int>(aSources.size()); ++i)
	{
		if (aSources[i].kKey.eKind == CV_VISION_SOURCE_UNIT)
		{
			aiUnitSources.push_back(i);
		}
		else if (aSources[i].kKey.eKind == CV_VISION_SOURCE_PLOT && !kState.aPlots[aSources[i].kKey.iA].bCity)
		{
			aiOwnedPlotSources.push_back(i);
		}
	}
	// Every unit moves one plot, into a plot of its domain (air units anywhere).
	for (int iSource : aiUnitSources)
	{
		const CvVisionSource& kSource = aSources[iSource].kSource;
		const int eDomain = kRules.aUnits.at(kState.kUnits.at(aSources[iSource].kKey.iB).eType).eDomain;
		const int iFirst = static_cast<int>(kRng() % 8);
		for (int k = 0; k < 8; ++k)
		{
			int iTo = -1;
			if (!step(kSource.iX, kSource.iY, (iFirst + k) % 8, iTo))
			{
				continue;
			}
			if (eDomain == CV_VISION_DOMAIN_AIR || (eDomain == CV_VISION_DOMAIN_SEA) == isWater(iTo))
			{
				TurnOp kOp{ TurnOp::Move, iSource, iTo, 0 };
				aOps.push_back(kOp);
				break;
			}
		}
	}
	// 2% of the owned plots (cities keep theirs) change owner.
	std::vector<int> aiTeams;
	for (const TurnSource& kSource : aSources)
	{
		if (std::find(aiTeams.begin(), aiTeams.end(), kSource.kKey.eTeam) == aiTeams.end())
		{
			aiTeams.push_back(kSource.kKey.eTeam);
		}
	}
	std::shuffle(aiOwnedPlotSources.begin(), aiOwnedPlotSources.end(), kRng);
	const int iOwnerChanges = std::max(1, static_cast<int>(aiOwnedPlotSources.size()) / 50);
	for (int i = 0; i < iOwnerChanges && i < static_cast<int>(aiOwnedPlotSources.size()) && aiTeams.size() > 1; ++i)
	{
		const TurnSource& kSource = aSources[aiOwnedPlotSources[i]];
		int eTeam = kSource.kKey.eTeam;
		while (eTeam == kSource.kKey.eTeam)
		{
			eTeam = aiTeams[kRng() % aiTeams.size()];
		}
		aOps.push_back(TurnOp{ TurnOp::Owner, aiOwnedPlotSources[i], kSource.kKey.iA, eTeam });
	}
	// Forests cut and planted: one plot in 400 each.
	const int iFeatureChanges = std::max(8, iNumPlots / 400);
	for (int iCut = 0, iPlant = 0, iTries = 0;
		 (iCut < iFeatureChanges || iPlant < iFeatureChanges) && iTries < 100 * iNumPlots; ++iTries)
	{
		const int iPlot = static_cast<int>(kRng() % iNumPlots);
		if (isWater(iPlot) || kState.aPlots[iPlot].eKind == CV_VISION_PLOT_PEAK)
		{
			continue;
		}
		if (aeFeature[iPlot] == iForest && iCut < iFeatureChanges)
		{
			aeFeature[iPlot] = -1;
			++iCut;
			aOps.push_back(TurnOp{ TurnOp::Feature, -1, iPlot, -1 });
		}
		else if (aeFeature[iPlot] < 0 && iPlant < iFeatureChanges)
		{
			aeFeature[iPlot] = iForest;
			++iPlant;
			aOps.push_back(TurnOp{ TurnOp::Feature, -1, iPlot, iForest });
		}
	}
	// One team without Optics learns it.
	for (int t = 0; t < kState.iNumTeams; ++t)
	{
		if (kState.aiExtraWaterTechs[t] == 0 && std::find(aiTeams.begin(), aiTeams.end(), t) != aiTeams.end())
		{
			aOps.push_back(TurnOp{ TurnOp::Optics, -1, -1, t });
			break;
		}
	}
	// 5% of the land units are promoted Sentry.
	int iSentry = -1;
	for (size_t i = 0; i < kRules.aPromotions.size(); ++i)
	{
		if (kRules.aPromotions[i].szType == "PROMOTION_SENTRY")
		{
			iSentry = static_cast<int>(i);
		}
	}
	if (iSentry >= 0)
	{
		for (int iSource : aiUnitSources)
		{
			const VisionWorld::Unit& kUnit = kState.kUnits.at(aSources[iSource].kKey.iB);
			if (kRules.aUnits.at(kUnit.eType).eDomain == CV_VISION_DOMAIN_LAND && kRng() % 20 == 0)
			{
				aOps.push_back(TurnOp{ TurnOp::Promote, iSource, -1, kRules.aPromotions[iSentry].iVisibilityChange });
			}
		}
	}
	// The game interleaves them: shuffle, keeping each unit's own operations in order.
	std::stable_sort(aOps.begin(), aOps.end(), [](const TurnOp& a, const TurnOp& b) { return a.eKind < b.eKind; });
	std::vector<TurnOp> aMixed;
	std::vector<size_t> aiNext;
	std::vector<std::vector<TurnOp>> aByKind(TurnOp::NUM_KINDS);
	for (const TurnOp& kOp : aOps)
	{
		aByKind[kOp.eKind].push_back(kOp);
	}
	aiNext.assign(TurnOp::NUM_KINDS, 0);
	while (aMixed.size() < aOps.size())
	{
		const int k = static_cast<int>(kRng() % TurnOp::NUM_KINDS);
		if (aiNext[k] < aByKind[k].size())
		{
			aMixed.push_back(aByKind[k][aiNext[k]++]);
		}
	}
	return aMixed;
}

enum class Column { Bts, CvVision, Ledger };

// The grid as it will be once eTeam has the extra water see-from of Optics.
class WithExtraWater
{
public:
	WithExtraWater(const PlotGrid& kGrid, int eTeam) : m_kGrid(kGrid), m_eTeam(eTeam) {}
	int getGridWidth() const { return m_kGrid.getGridWidth(); }
	int getGridHeight() const { return m_kGrid.getGridHeight(); }
	bool isWrapX() const { return m_kGrid.isWrapX(); }
	bool isWrapY() const { return m_kGrid.isWrapY(); }
	int seeThroughLevel(int iPlot) const { return m_kGrid.seeThroughLevel(iPlot); }
	int seeFromLevel(int iPlot, int eTeam) const
	{
		return eTeam == m_eTeam ? m_kGrid.seeFromLevelWith(iPlot, true) : m_kGrid.seeFromLevel(iPlot, eTeam);
	}

private:
	const PlotGrid& m_kGrid;
	int m_eTeam;
};

// The world one column replays the turn on.
class TurnWorld
{
public:
	TurnWorld(const Scenario& kScenario, Column eColumn)
		: m_kRules(*kScenario.pRules), m_eColumn(eColumn), m_kState(kScenario.kState),
		  m_kGrid(m_kState.iWidth, m_kState.iHeight, m_kState.bWrapX, m_kState.bWrapY, m_kState.iNumTeams,
			  static_cast<int>(m_kRules.aszInvisibleTypes.size()), m_kRules.kLevels),
		  m_aSources(kScenario.aSources), m_aaiGroundAt(m_kGrid.plotCount()),
		  m_iRadius(eColumn == Column::Bts ? BTS_RESIGHT_RADIUS : m_kRules.resightRadius())
	{
		for (int i = 0; i < m_kGrid.plotCount(); ++i)
		{
			m_kGrid.setPlot(
				i % m_kState.iWidth, i / m_kState.iWidth, VisionWorld::plotFacts(m_kRules, m_kState.aPlots[i]));
		}
		for (int t = 0; t < m_kState.iNumTeams; ++t)
		{
			m_kGrid.setExtraWaterSeeFrom(t, m_kState.aiExtraWaterTechs[t] > 0);
		}
		// Room for a few ground sources on every plot before the clock: a move's bookkeeping
		// allocates nothing (the game's own plot lists are there already), only the sight is timed.
		for (std::vector<int>& aiAt : m_aaiGroundAt)
		{
			aiAt.reserve(4);
		}
		for (int i = 0; i < static_cast<int>(m_aSources.size()); ++i)
		{
			index(i, true);
			add(i);
		}
	}

	void replay(const std::vector<TurnOp>& aOps)
	{
		for (const TurnOp& kOp : aOps)
		{
			apply(kOp);
		}
	}

	// The same replay, each operation timed: milliseconds by kind (TurnOp::Kind).
	std::vector<double> replayTimed(const std::vector<TurnOp>& aOps)
	{
		std::vector<double> afMs(TurnOp::NUM_KINDS, 0.0);
		for (const TurnOp& kOp : aOps)
		{
			const auto kStart = std::chrono::steady_clock::now();
			apply(kOp);
			const double fMs =
				std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - kStart).count();
			afMs[kOp.eKind] += fMs;
		}
		return afMs;
	}

	const PlotGrid& grid() const { return m_kGrid; }

private:
	void add(int iSource)
	{
		const TurnSource& kSource = m_aSources[iSource];
		switch (m_eColumn)
		{
		case Column::Bts: referenceChangeAdjacentSight(m_kGrid, m_kGrid, kSource.kSource, 1); break;
		case Column::CvVision:
			benchRequire(m_kEngine.changeAdjacentSight(m_kGrid, m_kGrid, kSource.kSource, 1) == CV_VISION_OK, "add");
			break;
		case Column::Ledger:
			benchRequire(m_kLedger.add(kSource.kKey, m_kEngine, m_kGrid, m_kGrid, kSource.kSource) == CV_VISION_OK,
				"the ledger's add");
			break;
		}
	}

	void remove(int iSource)
	{
		const TurnSource& kSource = m_aSources[iSource];
		switch (m_eColumn)
		{
		case Column::Bts: referenceChangeAdjacentSight(m_kGrid, m_kGrid, kSource.kSource, -1); break;
		case Column::CvVision:
			benchRequire(
				m_kEngine.changeAdjacentSight(m_kGrid, m_kGrid, kSource.kSource, -1) == CV_VISION_OK, "remove");
			break;
		case Column::Ledger: benchRequire(m_kLedger.remove(kSource.kKey, m_kGrid), "the ledger's remove"); break;
		}
	}

	void index(int iSource, bool bIn)
	{
		const TurnSource& kSource = m_aSources[iSource];
		if (!kSource.bGround)
		{
			return;
		}
		std::vector<int>& aiAt = m_aaiGroundAt[kSource.kSource.iY * m_kState.iWidth + kSource.kSource.iX];
		if (bIn)
		{
			aiAt.push_back(iSource);
		}
		else
		{
			aiAt.erase(std::find(aiAt.begin(), aiAt.end(), iSource));
		}
	}

	// The ground sources whose origin lies on the square of the column's radius around iPlot,
	// off, the change, and on again (CvPlot::updateSeeFromSight(false) ... (true)).
	template <class Change>
	void resight(int iPlot, Change fChange)
	{
		gatherAround(iPlot);
		for (int iSource : m_aiBracket)
		{
			remove(iSource);
		}
		fChange();
		for (int iSource : m_aiBracket)
		{
			add(iSource);
		}
	}

	// The ground sources whose origin lies on the square of the column's radius around iPlot.
	void gatherAround(int iPlot)
	{
		m_aiBracket.clear();
		const int iX = iPlot % m_kState.iWidth;
		const int iY = iPlot / m_kState.iWidth;
		const int iSpanX = std::min(2 * m_iRadius + 1, m_kState.iWidth);
		const int iSpanY = std::min(2 * m_iRadius + 1, m_kState.iHeight);
		for (int j = 0; j < iSpanY; ++j)
		{
			const int iQY = cvVisionWrapCoord(iY - m_iRadius + j, m_kState.iHeight, m_kState.bWrapY);
			for (int i = 0; i < iSpanX && iQY >= 0; ++i)
			{
				const int iQX = cvVisionWrapCoord(iX - m_iRadius + i, m_kState.iWidth, m_kState.bWrapX);
				if (iQX >= 0)
				{
					const std::vector<int>& aiAt = m_aaiGroundAt[iQY * m_kState.iWidth + iQX];
					m_aiBracket.insert(m_aiBracket.end(), aiAt.begin(), aiAt.end());
				}
			}
		}
	}

	// A forest cut or planted. bts: BTS's bracket (every ground source of the square of
	// radius 6 off, the change, on again). cvvision: the change first, then only the sources
	// within resightRadius() whose sight the change can alter (levelChangeReaches) are taken
	// off as they were (their sight recomputed on the levels before, CvVisionLevelsBefore)
	// and put on again. ledger: the adapter's bracket with the ledger, resightLevelChange.
	void changeFeature(int iPlot, int eFeature)
	{
		const auto fChange = [&] {
			m_kState.aPlots[iPlot].eFeature = eFeature;
			m_kGrid.setPlot(iPlot % m_kState.iWidth, iPlot / m_kState.iWidth,
				VisionWorld::plotFacts(m_kRules, m_kState.aPlots[iPlot]));
		};
		if (m_eColumn == Column::Bts)
		{
			resight(iPlot, fChange);
			return;
		}
		const int iSeeThrough = m_kGrid.seeThroughLevel(iPlot);
		m_aiSeeFromBefore.resize(m_kState.iNumTeams);
		for (int t = 0; t < m_kState.iNumTeams; ++t)
		{
			m_aiSeeFromBefore[t] = m_kGrid.seeFromLevel(iPlot, t);
		}
		fChange();
		const CvVisionLevelsBefore<PlotGrid> kBefore(m_kGrid, iPlot, iSeeThrough, m_aiSeeFromBefore.data());
		gatherAround(iPlot);
		for (int iSource : m_aiBracket)
		{
			const TurnSource& kSource = m_aSources[iSource];
			if (m_eColumn == Column::Ledger)
			{
				benchRequire(
					m_kLedger.resightLevelChange(kSource.kKey, m_kEngine, kBefore, m_kGrid, m_kGrid, kSource.kSource)
						== CV_VISION_OK,
					"resightLevelChange");
			}
			else if (CvVisionLedger::levelChangeReaches(m_kEngine, kBefore, m_kGrid, kSource.kSource))
			{
				benchRequire(
					m_kEngine.changeAdjacentSight(kBefore, m_kGrid, kSource.kSource, -1) == CV_VISION_OK, "remove");
				benchRequire(
					m_kEngine.changeAdjacentSight(m_kGrid, m_kGrid, kSource.kSource, 1) == CV_VISION_OK, "add");
			}
		}
	}

	// A team learns Optics. bts: CvTeam::processTech's whole-map update (every source off,
	// the flag, every source on). cvvision and ledger: only the sources whose sight the
	// team's new see-from levels can alter (seeFromChangeReaches: that team's, on water or
	// with water on the outer ring that now tops the viewer) are taken off and put on again.
	void learnOptics(int eTeam)
	{
		if (m_eColumn == Column::Bts)
		{
			for (int i = 0; i < static_cast<int>(m_aSources.size()); ++i)
			{
				remove(i);
			}
			m_kGrid.setExtraWaterSeeFrom(eTeam, true);
			for (int i = 0; i < static_cast<int>(m_aSources.size()); ++i)
			{
				add(i);
			}
			return;
		}
		const WithExtraWater kAfter(m_kGrid, eTeam);
		m_aiBracket.clear();
		for (int i = 0; i < static_cast<int>(m_aSources.size()); ++i)
		{
			if (CvVisionLedger::seeFromChangeReaches(m_kEngine, m_kGrid, kAfter, m_aSources[i].kSource, eTeam))
			{
				m_aiBracket.push_back(i);
			}
		}
		for (int iSource : m_aiBracket)
		{
			remove(iSource);
		}
		m_kGrid.setExtraWaterSeeFrom(eTeam, true);
		for (int iSource : m_aiBracket)
		{
			add(iSource);
		}
	}

	void apply(const TurnOp& kOp)
	{
		switch (kOp.eKind)
		{
		case TurnOp::Move:
		{
			remove(kOp.iSource);
			index(kOp.iSource, false);
			m_aSources[kOp.iSource].kSource.iX = kOp.iPlot % m_kState.iWidth;
			m_aSources[kOp.iSource].kSource.iY = kOp.iPlot / m_kState.iWidth;
			index(kOp.iSource, true);
			add(kOp.iSource);
			break;
		}
		case TurnOp::Owner:
		{
			remove(kOp.iSource);
			TurnSource& kSource = m_aSources[kOp.iSource];
			kSource.kKey.eTeam = kOp.iValue;
			kSource.kSource.eTeam = kOp.iValue;
			m_kState.aPlots[kOp.iPlot].eOwner = kOp.iValue;
			add(kOp.iSource);
			break;
		}
		case TurnOp::Feature: changeFeature(kOp.iPlot, kOp.iValue); break;
		case TurnOp::Optics: learnOptics(kOp.iValue); break;
		case TurnOp::Promote:
			remove(kOp.iSource);
			m_aSources[kOp.iSource].kSource.iRange += kOp.iValue;
			add(kOp.iSource);
			break;
		case TurnOp::NUM_KINDS: break;
		}
	}

	const CvVisionRules& m_kRules;
	Column m_eColumn;
	VisionWorld::State m_kState;
	PlotGrid m_kGrid;
	std::vector<TurnSource> m_aSources;
	std::vector<std::vector<int>> m_aaiGroundAt;
	std::vector<int> m_aiBracket;
	std::vector<int> m_aiSeeFromBefore;
	int m_iRadius;
	const CvVisionEngine m_kEngine;
	CvVisionLedger m_kLedger;
};

// --- the worlds ----------------------------------------------------------------------------

// Gigantic, late game: 256x160 wrapping east-west, 8 teams (7 the vassal of 0, 6 of 1), cities
// owning 20,000 plots, 6,000 units of every domain, 60 cities seen by espionage, 100 recon missions.
VisionWorld::State gigantic(const CvVisionRules& kRules, int iWidth, int iHeight, int iUnits, int iOwned)
{
	std::mt19937 kRng(20u);
	VisionWorld::State kState;
	kState.iWidth = iWidth;
	kState.iHeight = iHeight;
	kState.bWrapX = true;
	kState.iNumTeams = 8;
	const int iNumPlots = iWidth * iHeight;
	kState.aPlots.resize(iNumPlots);
	kState.aiExtraWaterTechs.assign(8, 0);
	kState.aiExtraWaterTechs[2] = 1; // some teams already have Optics
	kState.aiExtraWaterTechs[4] = 1;
	kState.aeMaster.assign(8, -1);
	kState.aeMaster[7] = 0;
	kState.aeMaster[6] = 1;
	const std::vector<std::string> aszTerrains = typesOf(kRules.aTerrains);
	const int iOcean = indexOf(aszTerrains, "TERRAIN_OCEAN");
	const int iCoast = indexOf(aszTerrains, "TERRAIN_COAST");
	const int aiLand[3] = { indexOf(aszTerrains, "TERRAIN_GRASS"), indexOf(aszTerrains, "TERRAIN_PLAINS"),
		indexOf(aszTerrains, "TERRAIN_TUNDRA") };
	const int iForest = indexOf(typesOf(kRules.aFeatures), "FEATURE_FOREST");
	const int iJungle = indexOf(typesOf(kRules.aFeatures), "FEATURE_JUNGLE");
	for (VisionWorld::PlotState& kPlot : kState.aPlots)
	{
		const int iRoll = static_cast<int>(kRng() % 100);
		if (iRoll < 30)
		{
			kPlot.eKind = CV_VISION_PLOT_OCEAN;
			kPlot.eTerrain = iRoll < 12 ? iCoast : iOcean;
			continue;
		}
		kPlot.eKind = iRoll < 40 ? CV_VISION_PLOT_HILLS : (iRoll < 43 ? CV_VISION_PLOT_PEAK : CV_VISION_PLOT_LAND);
		kPlot.eTerrain = aiLand[kRng() % 3];
		const int iFeature = static_cast<int>(kRng() % 100);
		if (kPlot.eKind != CV_VISION_PLOT_PEAK && iFeature < 36)
		{
			kPlot.eFeature = iFeature < 30 ? iForest : iJungle;
		}
	}
	// Cities, each owning the unowned land (and coast) within 3, until iOwned plots are owned.
	std::vector<int> aiCities;
	int iOwnedNow = 0;
	for (int iTries = 0; iOwnedNow < iOwned && iTries < 100000; ++iTries)
	{
		const int iCity = static_cast<int>(kRng() % iNumPlots);
		if (kState.aPlots[iCity].eKind == CV_VISION_PLOT_OCEAN || kState.aPlots[iCity].eKind == CV_VISION_PLOT_PEAK
			|| kState.aPlots[iCity].eOwner >= 0)
		{
			continue;
		}
		const int eTeam = static_cast<int>(kRng() % 8);
		kState.aPlots[iCity].bCity = true;
		aiCities.push_back(iCity);
		for (int iDY = -3; iDY <= 3 && iOwnedNow < iOwned; ++iDY)
		{
			for (int iDX = -3; iDX <= 3 && iOwnedNow < iOwned; ++iDX)
			{
				const int iX = cvVisionWrapCoord(iCity % iWidth + iDX, iWidth, true);
				const int iY = iCity / iWidth + iDY;
				if (iY < 0 || iY >= iHeight)
				{
					continue;
				}
				VisionWorld::PlotState& kPlot = kState.aPlots[iY * iWidth + iX];
				if (kPlot.eOwner < 0 && (kPlot.eKind != CV_VISION_PLOT_OCEAN || kPlot.eTerrain == iCoast))
				{
					kPlot.eOwner = eTeam;
					++iOwnedNow;
				}
			}
		}
	}
	for (int i = 0; i < 60 && i < static_cast<int>(aiCities.size()); ++i)
	{
		const int eSpy = static_cast<int>(kRng() % 8);
		if (kState.aPlots[aiCities[i]].eOwner != eSpy)
		{
			kState.kEspionage.insert({ eSpy, aiCities[i] });
		}
	}
	// Units: 60% land (explorers see along their facing, a mod's line-of-sight unit), 20% sea
	// (destroyers see submarines), 10% air (some on recon missions), 10% line-of-sight explorers.
	const std::vector<std::string> aszUnits = typesOf(kRules.aUnits);
	const int aiLandUnits[4] = { indexOf(aszUnits, "UNIT_WARRIOR"), indexOf(aszUnits, "UNIT_RIFLEMAN"),
		indexOf(aszUnits, "UNIT_SCOUT"), indexOf(aszUnits, "UNIT_TANK") };
	const int aiSeaUnits[3] = { indexOf(aszUnits, "UNIT_DESTROYER"), indexOf(aszUnits, "UNIT_SUBMARINE"),
		indexOf(aszUnits, "UNIT_GALLEON") };
	const int aiAirUnits[2] = { indexOf(aszUnits, "UNIT_FIGHTER"), indexOf(aszUnits, "UNIT_BOMBER") };
	const int iExplorer = indexOf(aszUnits, "UNIT_EXPLORER");
	for (int iId = 0; iId < iUnits; ++iId)
	{
		const int iRoll = static_cast<int>(kRng() % 100);
		VisionWorld::Unit kUnit;
		kUnit.eTeam = static_cast<int>(kRng() % 8);
		kUnit.eFacing = static_cast<int>(kRng() % 8);
		const bool bSea = iRoll >= 60 && iRoll < 80;
		kUnit.eType = iRoll < 60 ? aiLandUnits[kRng() % 4]
								 : (bSea ? aiSeaUnits[kRng() % 3] : (iRoll < 90 ? aiAirUnits[kRng() % 2] : iExplorer));
		int iPlot = 0;
		do {
			iPlot = static_cast<int>(kRng() % iNumPlots);
		} while ((kState.aPlots[iPlot].eKind == CV_VISION_PLOT_OCEAN) != bSea
			|| kState.aPlots[iPlot].eKind == CV_VISION_PLOT_PEAK);
		if (iRoll >= 80 && iRoll < 90)
		{
			iPlot = aiCities[kRng() % aiCities.size()];
			if (kRng() % 6 == 0)
			{
				const int iX = cvVisionWrapCoord(iPlot % iWidth + static_cast<int>(kRng() % 13) - 6, iWidth, true);
				const int iY = std::clamp(iPlot / iWidth + static_cast<int>(kRng() % 13) - 6, 0, iHeight - 1);
				kUnit.iReconPlot = iY * iWidth + iX;
			}
		}
		kUnit.iX = iPlot % iWidth;
		kUnit.iY = iPlot / iWidth;
		kState.kUnits[iId] = kUnit;
	}
	return kState;
}

struct Bench
{
	CvVisionRules kVanilla; // the rules of the saves
	CvVisionRules kGigantic; // the same, with the explorer a line-of-sight unit
	std::vector<std::unique_ptr<Scenario>> aScenarios;
};

Bench& bench()
{
	static Bench kBench;
	return kBench;
}

Scenario& addScenario(const std::string& sName, const CvVisionRules& kRules, const VisionWorld::State& kState)
{
	auto pScenario = std::make_unique<Scenario>();
	pScenario->sName = sName;
	pScenario->pRules = &kRules;
	pScenario->kState = kState;
	pScenario->aSources = sourcesOf(kRules, kState);
	pScenario->aOps = makeTurn(kRules, kState, pScenario->aSources, 319u);
	bench().aScenarios.push_back(std::move(pScenario));
	return *bench().aScenarios.back();
}

bool sameCounts(const PlotGrid& a, const PlotGrid& b)
{
	return a.counts() == b.counts() && a.invisibleCounts() == b.invisibleCounts();
}

// The three columns after the turn agree with each other and with the final sources added afresh.
bool checkScenario(const Scenario& kScenario)
{
	TurnWorld kBts(kScenario, Column::Bts);
	TurnWorld kEngine(kScenario, Column::CvVision);
	TurnWorld kLedger(kScenario, Column::Ledger);
	kBts.replay(kScenario.aOps);
	kEngine.replay(kScenario.aOps);
	kLedger.replay(kScenario.aOps);
	// The final sources and plots, from the operations alone, then added afresh.
	Scenario kFinal = kScenario;
	for (const TurnOp& kOp : kScenario.aOps)
	{
		switch (kOp.eKind)
		{
		case TurnOp::Move:
			kFinal.aSources[kOp.iSource].kSource.iX = kOp.iPlot % kFinal.kState.iWidth;
			kFinal.aSources[kOp.iSource].kSource.iY = kOp.iPlot / kFinal.kState.iWidth;
			break;
		case TurnOp::Owner:
			kFinal.aSources[kOp.iSource].kKey.eTeam = kOp.iValue;
			kFinal.aSources[kOp.iSource].kSource.eTeam = kOp.iValue;
			kFinal.kState.aPlots[kOp.iPlot].eOwner = kOp.iValue;
			break;
		case TurnOp::Feature: kFinal.kState.aPlots[kOp.iPlot].eFeature = kOp.iValue; break;
		case TurnOp::Optics: kFinal.kState.aiExtraWaterTechs[kOp.iValue] = 1; break;
		case TurnOp::Promote: kFinal.aSources[kOp.iSource].kSource.iRange += kOp.iValue; break;
		case TurnOp::NUM_KINDS: break;
		}
	}
	kFinal.aOps.clear();
	const TurnWorld kFresh(kFinal, Column::CvVision);
	const bool bOk = sameCounts(kBts.grid(), kFresh.grid()) && sameCounts(kEngine.grid(), kFresh.grid())
		&& sameCounts(kLedger.grid(), kFresh.grid()) && !kBts.grid().counts().empty();
	std::printf("turn check world=%s sources=%zu operations=%zu: %s\n", kScenario.sName.c_str(),
		kScenario.aSources.size(), kScenario.aOps.size(),
		bOk ? "the three columns agree with a fresh build" : "MISMATCH");
	return bOk;
}

void loadWorlds(bool bSmall)
{
	Bench& kBench = bench();
	const fs::path kSource(CVVISION_SOURCE_DIR);
	kBench.kVanilla = loadVisionRules({ kSource / "Assets", bundledVanillaAssets() }).kRules;
	kBench.kGigantic = kBench.kVanilla;
	for (CvVisionUnitRule& kUnit : kBench.kGigantic.aUnits)
	{
		kUnit.bLineOfSight = kUnit.bLineOfSight || kUnit.szType == "UNIT_EXPLORER";
	}
	const fs::path kSaves = kSource / ".." / "shared" / "data" / "civ4" / "saves";
	std::vector<fs::path> aSaves;
	if (fs::is_directory(kSaves))
	{
		for (const fs::directory_entry& kEntry : fs::directory_iterator(kSaves))
		{
			if (kEntry.path().extension() == ".CivBeyondSwordSave")
			{
				aSaves.push_back(kEntry.path());
			}
		}
	}
	else
	{
		std::printf("bench_turn: %s is absent: the saves are skipped\n", kSaves.string().c_str());
	}
	std::sort(aSaves.begin(), aSaves.end());
	for (const fs::path& kPath : aSaves)
	{
		const SaveGame kSave = readSave(kPath);
		const VisionWorld kWorld = buildSaveWorld(kSave, kBench.kVanilla);
		addScenario(kPath.stem().string(), kBench.kVanilla, kWorld.state());
	}
	if (bSmall)
	{
		addScenario("generated-64x40", kBench.kGigantic, gigantic(kBench.kGigantic, 64, 40, 400, 1200));
	}
	else
	{
		addScenario("gigantic-late", kBench.kGigantic, gigantic(kBench.kGigantic, 256, 160, 6000, 20000));
	}
}

// Where each column's turn goes, once per world (one timed replay each, medians aside):
// `turn-cost world=NAME column=C moves_ms=.. owners_ms=.. features_ms=.. optics_ms=.. promotions_ms=..`.
void printCosts()
{
	const char* aszColumns[3] = { "bts", "cvvision", "ledger" };
	for (const auto& pScenario : bench().aScenarios)
	{
		for (int c = 0; c < 3; ++c)
		{
			TurnWorld kWorld(*pScenario, static_cast<Column>(c));
			const std::vector<double> afMs = kWorld.replayTimed(pScenario->aOps);
			std::printf("turn-cost world=%s column=%s moves_ms=%.3f owners_ms=%.3f features_ms=%.3f optics_ms=%.3f "
						"promotions_ms=%.3f\n",
				pScenario->sName.c_str(), aszColumns[c], afMs[TurnOp::Move], afMs[TurnOp::Owner], afMs[TurnOp::Feature],
				afMs[TurnOp::Optics], afMs[TurnOp::Promote]);
		}
	}
}

void runTurn(benchmark::State& kState, const Scenario* pScenario, Column eColumn)
{
	for (auto _ : kState)
	{
		TurnWorld kWorld(*pScenario, eColumn);
		const auto kStart = std::chrono::steady_clock::now();
		kWorld.replay(pScenario->aOps);
		const auto kEnd = std::chrono::steady_clock::now();
		kState.SetIterationTime(std::chrono::duration<double>(kEnd - kStart).count());
		benchmark::DoNotOptimize(kWorld.grid().counts().data());
	}
}
}

int main(int argc, char** argv)
{
	const bool bCheckOnly = argc > 1 && std::strcmp(argv[1], "--check") == 0;
	loadWorlds(bCheckOnly);
	bool bOk = true;
	for (const auto& pScenario : bench().aScenarios)
	{
		bOk = checkScenario(*pScenario) && bOk;
	}
	if (!bOk || bCheckOnly)
	{
		return bOk ? 0 : 1;
	}
	const char* aszColumns[3] = { "bts", "cvvision", "ledger" };
	for (const auto& pScenario : bench().aScenarios)
	{
		for (int c = 0; c < 3; ++c)
		{
			const std::string sName = "turn/" + pScenario->sName + "/" + aszColumns[c];
			benchmark::RegisterBenchmark(sName.c_str(), runTurn, pScenario.get(), static_cast<Column>(c))
				->UseManualTime()
				->MinTime(0.1)
				->Repetitions(3)
				->ReportAggregatesOnly(true)
				->Unit(benchmark::kMillisecond);
		}
	}
	SummaryReporter kReporter;
	runBenchmarks(&argc, argv, kReporter);

	std::ostringstream kSummary;
	for (const auto& pScenario : bench().aScenarios)
	{
		double afMs[3] = { 0, 0, 0 };
		bool bAll = true;
		for (int c = 0; c < 3; ++c)
		{
			const auto it = kReporter.kMedianNs.find("turn/" + pScenario->sName + "/" + aszColumns[c]);
			bAll = bAll && it != kReporter.kMedianNs.end();
			afMs[c] = bAll ? it->second : 0; // the benchmark's unit: milliseconds
		}
		if (!bAll)
		{
			continue;
		}
		char szLine[320];
		std::snprintf(szLine, sizeof(szLine),
			"turn world=%s sources=%zu bts_ms=%.3f cvvision_ms=%.3f ledger_ms=%.3f speedup=%.1f ledger_speedup=%.1f\n",
			pScenario->sName.c_str(), pScenario->aSources.size(), afMs[0], afMs[1], afMs[2], afMs[0] / afMs[1],
			afMs[0] / afMs[2]);
		kSummary << szLine;
	}
	publishSummary(kSummary.str());
	printCosts();
	return 0;
}
