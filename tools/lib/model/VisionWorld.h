// The host's model of a game's sight: every source the game has (units, owned plots, cities
// seen by a master or by espionage, recon plots) with its inputs, the game's operations on them,
// per-team counts and revealed memory, and an audit that recomputes every count from the
// sources alone.
//
// Sight is removed through the ledger (each source takes back exactly what it added), or, for
// comparison, the way BTS does it (recomputed from the map as it is at removal).
#pragma once

#include "CvVisionLedger.h"
#include "model/PlotGrid.h"
#include "model/VisionSetup.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace cvv {

class VisionWorld
{
public:
	enum class Removal {
		Ledger, // CvVision: replay the source's record
		Recompute // BTS: compute the sight again and subtract it
	};

	struct PlotState
	{
		CvVisionPlotKind eKind = CV_VISION_PLOT_LAND;
		int eTerrain = 0;
		int eFeature = -1;
		int eImprovement = -1;
		int eRoute = -1;
		int eOwner = -1; // the owning team
		bool bCity = false;
	};

	struct Unit
	{
		int eType = 0;
		int eTeam = 0;
		int iX = 0;
		int iY = 0;
		int eFacing = 4; // south, the game's default
		std::set<int> aePromotions;
		int iReconPlot = -1;
	};

	// What a team remembers of a plot (docs/vision-rules.md, section 8): updated only while the
	// team sees the plot.
	struct Memory
	{
		bool bRevealed = false;
		int eOwner = -1;
		int eImprovement = -1;
		int eRoute = -1;
	};

	// Everything a world is made of, to build an identical one from scratch.
	struct State
	{
		int iWidth = 0;
		int iHeight = 0;
		bool bWrapX = false;
		bool bWrapY = false;
		int iNumTeams = 0;
		std::vector<PlotState> aPlots;
		std::map<int, Unit> kUnits; // by unit id
		std::vector<int> aiExtraWaterTechs; // per team: how many such techs it knows
		std::vector<int> aeMaster; // per team: the team it is a vassal of, or -1
		std::set<std::pair<int, int>> kEspionage; // (team, city plot)
	};

	struct Difference
	{
		int iPlot;
		int eTeam;
		int eInvisible; // -1: the plain count
		int iStored;
		int iExpected;
	};

	// Why a world of iWidth x iHeight plots and iNumTeams teams is too large for CvVision
	// ("map 4095x4096 is larger than CvVision's maximum (1048576 plots, 4096 a side)"), or "".
	static std::string sizeProblem(int iWidth, int iHeight, int iNumTeams, int iNumInvisibleTypes);
	// The facts vision reads of kPlot under kRules (its kind, its terrain's, feature's and
	// improvement's see-from and see-through), as the world gives them to its PlotGrid.
	static PlotGrid::Plot plotFacts(const CvVisionRules& kRules, const PlotState& kPlot);

	// A world of flat grassland (terrain 0) with no sources. std::invalid_argument for a size
	// beyond the maximum (sizeProblem).
	VisionWorld(const CvVisionRules& kRules, int iWidth, int iHeight, bool bWrapX, bool bWrapY, int iNumTeams,
		Removal eRemoval = Removal::Ledger);
	// A world with kState's map and sources, every source added afresh. std::invalid_argument
	// naming the first index (team, plot, unit type) that is not one of the world's.
	VisionWorld(const CvVisionRules& kRules, const State& kState, Removal eRemoval = Removal::Ledger);

	// --- the game's operations, each inside its remove/re-add bracket -------------------------
	int createUnit(int eType, int eTeam, int iX, int iY, int eFacing = 4); // returns the unit's id
	void killUnit(int iUnit);
	void moveUnit(int iUnit, int iX, int iY);
	void setPromotion(int iUnit, int ePromotion, bool bHas);
	void setFacing(int iUnit, int eFacing);
	void setRecon(int iUnit, int iPlot); // -1 ends the mission
	void setOwner(int iPlot, int eTeam);
	void setCity(int iPlot, bool bCity);
	void setPlotKind(int iPlot, CvVisionPlotKind eKind);
	void setTerrain(int iPlot, int eTerrain);
	void setFeature(int iPlot, int eFeature);
	void setImprovement(int iPlot, int eImprovement); // bracketed: improvements may change see-from
	void setRoute(int iPlot, int eRoute);
	void setHasTech(int eTeam, int eTech, bool bHas);
	void setMaster(int eVassal, int eMaster); // -1 ends the relation
	void setEspionage(int eTeam, int iCityPlot, bool bSees);

	// --- what a buggy mod does: change an input without its bracket --------------------------
	// The sources it touches are re-sighted at the next flush(), after the change: with the
	// ledger they still take back exactly what they added, with BTS removal they leak.
	void setFeatureUnbracketed(int iPlot, int eFeature);
	void setPlotKindUnbracketed(int iPlot, CvVisionPlotKind eKind);
	void setPromotionUnbracketed(int iUnit, int ePromotion, bool bHas);
	void moveUnitUnbracketed(int iUnit, int iX, int iY);
	void flush();

	// --- reading ---------------------------------------------------------------------------
	const PlotGrid& grid() const { return m_kGrid; }
	const State& state() const { return m_kState; }
	const CvVisionLedger& ledger() const { return m_kLedger; }
	const Memory& memory(int eTeam, int iPlot) const { return m_aMemory.at(eTeam * plotCount() + iPlot); }
	// Sets what a team remembers of a plot, as a map or a save recorded it (revealed plots the
	// world's own sight never reached). Plots the team sees now keep the truth.
	void setMemory(int eTeam, int iPlot, const Memory& kMemory);
	int plotCount() const { return m_kState.iWidth * m_kState.iHeight; }
	int resightRadius() const { return m_iResightRadius; }
	// Every sight source the state holds (owned plots, vassal and espionage cities, units, recon
	// missions), in a fixed order, and what one of them sees from (none for a key the state lacks).
	std::vector<CvVisionSourceKey> currentKeys() const;
	[[nodiscard]] std::optional<CvVisionSource> sourceOf(const CvVisionSourceKey& kKey) const;
	void setResightRadius(int iRadius) { m_iResightRadius = iRadius; } // BTS: 6
	[[nodiscard]] bool anyCountNegative() const;
	// A unit's own sight: its range, and the plots it reaches (indices; see CvVisionEngine::seenPlots).
	int unitRange(int iUnit) const;
	std::vector<int> plotsSeenByUnit(int iUnit) const;
	// The sources of eTeam whose sight reaches iPlot, described ("unit 3 UNIT_SCOUT at (4,5)").
	std::vector<std::string> sourcesSeeing(int iPlot, int eTeam) const;

	// --- audit and repair -------------------------------------------------------------------
	// Every count that differs from what the current sources alone give.
	[[nodiscard]] std::vector<Difference> audit() const;
	// Sets every count right and rebuilds the ledger from the current sources; returns how many
	// counts were wrong.
	[[nodiscard]] int repair();
	// For tests: damage one count, as an older DLL or a bad save would. std::out_of_range when
	// the count would leave -CV_VISION_MAX_COUNT..CV_VISION_MAX_COUNT (PlotGrid.h).
	void corruptCount(int iPlot, int eTeam, int eInvisible, int iChange);

private:
	class Sink;
	friend class Sink;

	void init();
	void refreshLevels(int iPlot);
	std::vector<CvVisionSourceKey> plotKeys() const; // the sources that are no units
	std::vector<CvVisionSourceKey> plotKeysAt(int iPlot) const;
	void validate() const;
	void placeUnit(int iUnit, int iPlot, bool bThere);
	std::vector<CvVisionSourceKey> keysNear(int iPlot) const;
	std::vector<CvVisionSourceKey> keysOfUnit(int iUnit) const;
	std::vector<CvVisionSourceKey> keysOfTeam(int eTeam) const;
	void addSource(const CvVisionSourceKey& kKey);
	void removeSource(const CvVisionSourceKey& kKey);
	template <class Change>
	void bracket(const std::vector<CvVisionSourceKey>& aKeys, Change fChange);
	template <class Change>
	void bracketAt(int iPlot, Change fChange); // the sources on one plot, before and after
	template <class Change>
	void bracketAll(Change fChange); // plot sources may appear or vanish: every plot key before and after
	// A change of iPlot's levels (docs/vision-rules.md, section 7): BTS's bracket over keysNear, or
	// with the ledger the change first and then CvVisionLedger::resight of the sources whose sight
	// reads the plot.
	template <class Change>
	void resightAround(int iPlot, Change fChange);
	void remember(int eTeam, int iPlot);
	void rememberWhereVisible(int iPlot);
	int chebyshev(int iPlotA, int iPlotB) const;

	CvVisionRules m_kRules;
	VisionSetup m_kSetup;
	Removal m_eRemoval;
	State m_kState;
	PlotGrid m_kGrid;
	CvVisionLedger m_kLedger;
	std::vector<Memory> m_aMemory;
	std::set<CvVisionSourceKey> m_kDirty;
	std::map<int, std::set<int>> m_kUnitsAt; // plot -> the units standing on it (keysNear)
	int m_iResightRadius;
	int m_iNextUnit = 0;
};

} // namespace cvv
