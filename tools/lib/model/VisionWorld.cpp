// See VisionWorld.h.
#include "model/VisionWorld.h"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>

namespace cvv {

// Count changes go to the grid; a plot turning visible is remembered (docs/vision-rules.md, section 8).
class VisionWorld::Sink
{
public:
	explicit Sink(VisionWorld& kWorld) : m_kWorld(kWorld) {}

	void changeVisibilityCount(int iPlot, int eTeam, int iChange, int eInvisible)
	{
		const int iIndex = eTeam * m_kWorld.plotCount() + iPlot;
		const int iBefore = m_kWorld.m_kGrid.counts()[iIndex];
		m_kWorld.m_kGrid.changeVisibilityCount(iPlot, eTeam, iChange, eInvisible);
		if (iBefore <= 0 && m_kWorld.m_kGrid.counts()[iIndex] > 0)
		{
			m_kWorld.remember(eTeam, iPlot);
		}
	}

private:
	VisionWorld& m_kWorld;
};

namespace {
bool isPlotSource(const CvVisionSourceKey& kKey)
{
	return kKey.eKind != CV_VISION_SOURCE_UNIT && kKey.eKind != CV_VISION_SOURCE_RECON;
}

// A result of the engine or the ledger on a source the world built (sourceOf), which is always
// valid: an error is the world's bug.
void requireOk(CvVisionResult eResult)
{
	if (eResult != CV_VISION_OK && eResult != CV_VISION_RANGE_NEGATIVE)
	{
		throw std::logic_error(std::string("VisionWorld: ") + cvVisionResultText(eResult));
	}
}
}

std::string VisionWorld::sizeProblem(int iWidth, int iHeight, int iNumTeams, int iNumInvisibleTypes)
{
	const std::string sSize = std::to_string(iWidth) + "x" + std::to_string(iHeight);
	if (iWidth < 1 || iHeight < 1)
	{
		return "map " + sSize + " has no plots (width and height must be at least 1)";
	}
	if (!cvVisionMapSizeOk(iWidth, iHeight))
	{
		return "map " + sSize + " is larger than CvVision's maximum (" + std::to_string(CV_VISION_MAX_MAP_PLOTS)
			+ " plots, " + std::to_string(CV_VISION_MAX_MAP_SIDE) + " a side)";
	}
	if (iNumTeams < 1)
	{
		return "a world needs at least one team, not " + std::to_string(iNumTeams);
	}
	const long long llCounts = static_cast<long long>(iWidth) * iHeight * iNumTeams
		* (1 + static_cast<long long>(std::max(0, iNumInvisibleTypes)));
	if (llCounts > CV_VISION_MAX_MAP_COUNTS)
	{
		return "map " + sSize + " with " + std::to_string(iNumTeams)
			+ " teams is larger than CvVision's maximum (plots x teams x (1 + " + std::to_string(iNumInvisibleTypes)
			+ " invisible types) at most " + std::to_string(CV_VISION_MAX_MAP_COUNTS) + ")";
	}
	return "";
}

namespace {
int checkedWidth(int iWidth, int iHeight, int iNumTeams, const CvVisionRules& kRules)
{
	const std::string sProblem =
		VisionWorld::sizeProblem(iWidth, iHeight, iNumTeams, static_cast<int>(kRules.aszInvisibleTypes.size()));
	if (!sProblem.empty())
	{
		throw std::invalid_argument(sProblem);
	}
	return iWidth;
}
}

VisionWorld::VisionWorld(
	const CvVisionRules& kRules, int iWidth, int iHeight, bool bWrapX, bool bWrapY, int iNumTeams, Removal eRemoval)
	: m_kRules(kRules), m_kSetup(m_kRules), m_eRemoval(eRemoval),
	  m_kGrid(checkedWidth(iWidth, iHeight, iNumTeams, kRules), iHeight, bWrapX, bWrapY, iNumTeams,
		  static_cast<int>(kRules.aszInvisibleTypes.size()), kRules.kLevels),
	  m_iResightRadius(kRules.resightRadius())
{
	m_kState.iWidth = iWidth;
	m_kState.iHeight = iHeight;
	m_kState.bWrapX = bWrapX;
	m_kState.bWrapY = bWrapY;
	m_kState.iNumTeams = iNumTeams;
	m_kState.aPlots.assign(iWidth * iHeight, PlotState());
	m_kState.aiExtraWaterTechs.assign(iNumTeams, 0);
	m_kState.aeMaster.assign(iNumTeams, -1);
	init();
}

VisionWorld::VisionWorld(const CvVisionRules& kRules, const State& kState, Removal eRemoval)
	: VisionWorld(kRules, kState.iWidth, kState.iHeight, kState.bWrapX, kState.bWrapY, kState.iNumTeams, eRemoval)
{
	m_kState = kState;
	validate();
	m_iNextUnit = kState.kUnits.empty() ? 0 : kState.kUnits.rbegin()->first + 1;
	init();
	for (const auto& [iId, kUnit] : m_kState.kUnits)
	{
		placeUnit(iId, kUnit.iY * m_kState.iWidth + kUnit.iX, true);
	}
	for (const CvVisionSourceKey& kKey : currentKeys())
	{
		addSource(kKey);
	}
}

void VisionWorld::validate() const
{
	const State& k = m_kState;
	const auto fFail = [](const std::string& sWhat) { throw std::invalid_argument("VisionWorld: " + sWhat); };
	const auto fTeam = [&](int eTeam) { return eTeam >= 0 && eTeam < k.iNumTeams; };
	const std::string sTeams = " (the world has " + std::to_string(k.iNumTeams) + " teams)";
	if (static_cast<int>(k.aPlots.size()) != plotCount() || static_cast<int>(k.aiExtraWaterTechs.size()) != k.iNumTeams
		|| static_cast<int>(k.aeMaster.size()) != k.iNumTeams)
	{
		fFail("the state's plots or teams do not match its size");
	}
	for (int t = 0; t < k.iNumTeams; ++t)
	{
		if (k.aeMaster[t] != -1 && !fTeam(k.aeMaster[t]))
		{
			fFail(
				"team " + std::to_string(t) + "'s master " + std::to_string(k.aeMaster[t]) + " is not a team" + sTeams);
		}
	}
	for (int i = 0; i < plotCount(); ++i)
	{
		const PlotState& kPlot = k.aPlots[i];
		const std::string sAt = "plot (" + std::to_string(i % k.iWidth) + "," + std::to_string(i / k.iWidth) + ")";
		if (kPlot.eOwner != -1 && !fTeam(kPlot.eOwner))
		{
			fFail(sAt + "'s owner " + std::to_string(kPlot.eOwner) + " is not a team" + sTeams);
		}
		if (kPlot.eKind < CV_VISION_PLOT_PEAK || kPlot.eKind > CV_VISION_PLOT_OCEAN || kPlot.eTerrain < 0
			|| kPlot.eTerrain >= static_cast<int>(m_kRules.aTerrains.size()) || kPlot.eFeature < -1
			|| kPlot.eFeature >= static_cast<int>(m_kRules.aFeatures.size()) || kPlot.eImprovement < -1
			|| kPlot.eImprovement >= static_cast<int>(m_kRules.aImprovements.size()))
		{
			fFail(sAt + " has a plot type, terrain, feature or improvement the rules do not have");
		}
	}
	for (const auto& [iId, kUnit] : k.kUnits)
	{
		const std::string sUnit = "unit " + std::to_string(iId);
		if (iId < 0 || !fTeam(kUnit.eTeam))
		{
			fFail(sUnit + "'s team " + std::to_string(kUnit.eTeam) + " is not a team" + sTeams);
		}
		if (kUnit.eType < 0 || kUnit.eType >= static_cast<int>(m_kRules.aUnits.size()))
		{
			fFail(sUnit + "'s type " + std::to_string(kUnit.eType) + " is not a unit type of the rules");
		}
		if (kUnit.iX < 0 || kUnit.iY < 0 || kUnit.iX >= k.iWidth || kUnit.iY >= k.iHeight || kUnit.iReconPlot < -1
			|| kUnit.iReconPlot >= plotCount())
		{
			fFail(sUnit + " is off the map");
		}
		for (const int ePromotion : kUnit.aePromotions)
		{
			if (ePromotion < 0 || ePromotion >= static_cast<int>(m_kRules.aPromotions.size()))
			{
				fFail(sUnit + "'s promotion " + std::to_string(ePromotion) + " is not a promotion of the rules");
			}
		}
	}
	for (const auto& [eTeam, iPlot] : k.kEspionage)
	{
		if (!fTeam(eTeam) || iPlot < 0 || iPlot >= plotCount())
		{
			fFail("espionage of team " + std::to_string(eTeam) + " on plot " + std::to_string(iPlot)
				+ " is not on the map" + sTeams);
		}
	}
}

void VisionWorld::placeUnit(int iUnit, int iPlot, bool bThere)
{
	if (bThere)
	{
		m_kUnitsAt[iPlot].insert(iUnit);
		return;
	}
	const auto it = m_kUnitsAt.find(iPlot);
	if (it != m_kUnitsAt.end())
	{
		it->second.erase(iUnit);
		if (it->second.empty())
		{
			m_kUnitsAt.erase(it);
		}
	}
}

void VisionWorld::init()
{
	m_aMemory.assign(m_kState.iNumTeams * plotCount(), Memory());
	for (int i = 0; i < plotCount(); ++i)
	{
		refreshLevels(i);
	}
	for (int t = 0; t < m_kState.iNumTeams; ++t)
	{
		m_kGrid.setExtraWaterSeeFrom(t, m_kState.aiExtraWaterTechs[t] > 0);
	}
}

PlotGrid::Plot VisionWorld::plotFacts(const CvVisionRules& kRules, const PlotState& kPlot)
{
	PlotGrid::Plot kFacts;
	kFacts.eKind = kPlot.eKind;
	kFacts.iTerrainSeeFrom = kRules.aTerrains.at(kPlot.eTerrain).iSeeFrom;
	kFacts.iTerrainSeeThrough = kRules.aTerrains.at(kPlot.eTerrain).iSeeThrough;
	kFacts.iFeatureSeeThrough = kPlot.eFeature < 0 ? 0 : kRules.aFeatures.at(kPlot.eFeature).iSeeThrough;
	kFacts.iImprovementSeeFrom = kRules.improvementSeeFrom(kPlot.eImprovement);
	return kFacts;
}

void VisionWorld::refreshLevels(int iPlot)
{
	m_kGrid.setPlot(iPlot % m_kState.iWidth, iPlot / m_kState.iWidth, plotFacts(m_kRules, m_kState.aPlots.at(iPlot)));
}

// --- sources --------------------------------------------------------------------------------

std::vector<CvVisionSourceKey> VisionWorld::plotKeysAt(int iPlot) const
{
	std::vector<CvVisionSourceKey> aKeys;
	const PlotState& kPlot = m_kState.aPlots[iPlot];
	if (kPlot.eOwner >= 0)
	{
		aKeys.push_back(CvVisionSourceKey(CV_VISION_SOURCE_PLOT, iPlot, 0, kPlot.eOwner));
		const int eMaster = m_kState.aeMaster[kPlot.eOwner];
		if (kPlot.bCity && eMaster >= 0)
		{
			aKeys.push_back(CvVisionSourceKey(CV_VISION_SOURCE_CITY_VASSAL, iPlot, 0, eMaster));
		}
		if (kPlot.bCity)
		{
			for (auto it = m_kState.kEspionage.begin(); it != m_kState.kEspionage.end(); ++it)
			{
				if (it->second == iPlot)
				{
					aKeys.push_back(CvVisionSourceKey(CV_VISION_SOURCE_CITY_ESPIONAGE, iPlot, 0, it->first));
				}
			}
		}
	}
	return aKeys;
}

std::vector<CvVisionSourceKey> VisionWorld::plotKeys() const
{
	std::vector<CvVisionSourceKey> aKeys;
	for (int i = 0; i < plotCount(); ++i)
	{
		const PlotState& kPlot = m_kState.aPlots[i];
		if (kPlot.eOwner >= 0)
		{
			aKeys.push_back(CvVisionSourceKey(CV_VISION_SOURCE_PLOT, i, 0, kPlot.eOwner));
			const int eMaster = m_kState.aeMaster[kPlot.eOwner];
			if (kPlot.bCity && eMaster >= 0)
			{
				aKeys.push_back(CvVisionSourceKey(CV_VISION_SOURCE_CITY_VASSAL, i, 0, eMaster));
			}
		}
	}
	for (const auto& [eTeam, iPlot] : m_kState.kEspionage)
	{
		if (m_kState.aPlots[iPlot].bCity && m_kState.aPlots[iPlot].eOwner >= 0)
		{
			aKeys.push_back(CvVisionSourceKey(CV_VISION_SOURCE_CITY_ESPIONAGE, iPlot, 0, eTeam));
		}
	}
	return aKeys;
}

std::vector<CvVisionSourceKey> VisionWorld::currentKeys() const
{
	std::vector<CvVisionSourceKey> aKeys = plotKeys();
	for (const auto& [iId, kUnit] : m_kState.kUnits)
	{
		aKeys.push_back(CvVisionSourceKey(CV_VISION_SOURCE_UNIT, 0, iId, kUnit.eTeam));
		if (kUnit.iReconPlot >= 0)
		{
			aKeys.push_back(CvVisionSourceKey(CV_VISION_SOURCE_RECON, 0, iId, kUnit.eTeam));
		}
	}
	return aKeys;
}

std::optional<CvVisionSource> VisionWorld::sourceOf(const CvVisionSourceKey& kKey) const
{
	CvVisionSource kSource;
	kSource.eTeam = kKey.eTeam;
	if (isPlotSource(kKey))
	{
		kSource.iX = kKey.iA % m_kState.iWidth;
		kSource.iY = kKey.iA / m_kState.iWidth;
		kSource.iRange = m_kRules.iPlotVisibilityRange;
		return kSource;
	}
	const auto it = m_kState.kUnits.find(kKey.iB);
	if (it == m_kState.kUnits.end() || (kKey.eKind == CV_VISION_SOURCE_RECON && it->second.iReconPlot < 0))
	{
		return std::nullopt;
	}
	const Unit& kUnit = it->second;
	const CvVisionUnitRule& kType = m_kRules.aUnits.at(kUnit.eType);
	kSource.paeSeeInvisible = kType.aeSeeInvisible.empty() ? nullptr : kType.aeSeeInvisible.data();
	kSource.iNumSeeInvisible = static_cast<int>(kType.aeSeeInvisible.size());
	if (kKey.eKind == CV_VISION_SOURCE_RECON)
	{
		kSource.iX = kUnit.iReconPlot % m_kState.iWidth;
		kSource.iY = kUnit.iReconPlot / m_kState.iWidth;
		kSource.iRange = m_kRules.iReconVisibilityRange;
		kSource.bAerial = true;
		return kSource;
	}
	int iPromotions = 0;
	for (int ePromotion : kUnit.aePromotions)
	{
		iPromotions += m_kRules.aPromotions.at(ePromotion).iVisibilityChange;
	}
	kSource.iX = kUnit.iX;
	kSource.iY = kUnit.iY;
	kSource.bAerial = kType.eDomain == CV_VISION_DOMAIN_AIR;
	kSource.iRange = kSource.bAerial ? m_kRules.iUnitVisibilityRange + iPromotions
									 : m_kRules.unitSightRange(kUnit.eType, iPromotions);
	kSource.eFacing = (!kSource.bAerial && kType.bLineOfSight) ? kUnit.eFacing : CV_VISION_NO_DIRECTION;
	return kSource;
}

int VisionWorld::chebyshev(int iPlotA, int iPlotB) const
{
	const int iDX =
		cvVisionWrapDelta(iPlotB % m_kState.iWidth - iPlotA % m_kState.iWidth, m_kState.iWidth, m_kState.bWrapX);
	const int iDY =
		cvVisionWrapDelta(iPlotB / m_kState.iWidth - iPlotA / m_kState.iWidth, m_kState.iHeight, m_kState.bWrapY);
	return std::max(std::abs(iDX), std::abs(iDY));
}

// The ground sources whose sight a change of iPlot's levels can change.
std::vector<CvVisionSourceKey> VisionWorld::keysNear(int iPlot) const
{
	// Sources stand on their plot: only the plots within the radius are looked at (what the
	// world holds elsewhere costs nothing).
	std::vector<CvVisionSourceKey> aKeys;
	const int iX = iPlot % m_kState.iWidth;
	const int iY = iPlot / m_kState.iWidth;
	const int iRadius = std::max(0, m_iResightRadius);
	std::set<int> kNear;
	for (int iDY = -iRadius; iDY <= iRadius && iDY <= m_kState.iHeight; ++iDY)
	{
		for (int iDX = -iRadius; iDX <= iRadius && iDX <= m_kState.iWidth; ++iDX)
		{
			const int iNX = cvVisionWrapCoord(iX + iDX, m_kState.iWidth, m_kState.bWrapX);
			const int iNY = cvVisionWrapCoord(iY + iDY, m_kState.iHeight, m_kState.bWrapY);
			if (iNX >= 0 && iNY >= 0)
			{
				kNear.insert(iNY * m_kState.iWidth + iNX);
			}
		}
	}
	for (const int iNear : kNear)
	{
		for (const CvVisionSourceKey& kKey : plotKeysAt(iNear))
		{
			aKeys.push_back(kKey);
		}
		const auto it = m_kUnitsAt.find(iNear);
		if (it != m_kUnitsAt.end())
		{
			for (const int iUnit : it->second)
			{
				const CvVisionSourceKey kKey(CV_VISION_SOURCE_UNIT, 0, iUnit, m_kState.kUnits.at(iUnit).eTeam);
				const std::optional<CvVisionSource> kSource = sourceOf(kKey);
				if (kSource && !kSource->bAerial)
				{
					aKeys.push_back(kKey);
				}
			}
		}
	}
	std::sort(aKeys.begin(), aKeys.end());
	return aKeys;
}

std::vector<CvVisionSourceKey> VisionWorld::keysOfUnit(int iUnit) const
{
	std::vector<CvVisionSourceKey> aKeys;
	const auto it = m_kState.kUnits.find(iUnit);
	if (it != m_kState.kUnits.end())
	{
		aKeys.push_back(CvVisionSourceKey(CV_VISION_SOURCE_UNIT, 0, iUnit, it->second.eTeam));
		if (it->second.iReconPlot >= 0)
		{
			aKeys.push_back(CvVisionSourceKey(CV_VISION_SOURCE_RECON, 0, iUnit, it->second.eTeam));
		}
	}
	return aKeys;
}

std::vector<CvVisionSourceKey> VisionWorld::keysOfTeam(int eTeam) const
{
	std::vector<CvVisionSourceKey> aKeys;
	for (const CvVisionSourceKey& kKey : currentKeys())
	{
		if (kKey.eTeam == eTeam)
		{
			aKeys.push_back(kKey);
		}
	}
	return aKeys;
}

void VisionWorld::addSource(const CvVisionSourceKey& kKey)
{
	const std::optional<CvVisionSource> kSource = sourceOf(kKey);
	if (!kSource)
	{
		return;
	}
	Sink kSink(*this);
	requireOk(m_eRemoval == Removal::Ledger ? m_kLedger.add(kKey, m_kSetup.engine(), m_kGrid, kSink, *kSource)
											: m_kSetup.engine().changeAdjacentSight(m_kGrid, kSink, *kSource, 1));
}

void VisionWorld::removeSource(const CvVisionSourceKey& kKey)
{
	Sink kSink(*this);
	if (m_eRemoval == Removal::Ledger)
	{
		// False when nothing is recorded under the key: it had no source when it was added (a
		// unit without a recon mission, say; addSource adds nothing then), and there is nothing to
		// take back, as in BTS's removal below. (cvVisionDropResult: GCC's warn_unused_result,
		// CvVisionMustUse.h, does not take a cast to void.)
		cvVisionDropResult(m_kLedger.remove(kKey, kSink));
		return;
	}
	// BTS: whatever the source would see now is taken away.
	const std::optional<CvVisionSource> kSource = sourceOf(kKey);
	if (kSource)
	{
		requireOk(m_kSetup.engine().changeAdjacentSight(m_kGrid, kSink, *kSource, -1));
	}
}

template <class Change>
void VisionWorld::bracket(const std::vector<CvVisionSourceKey>& aKeys, Change fChange)
{
	for (const CvVisionSourceKey& kKey : aKeys)
	{
		removeSource(kKey);
	}
	fChange();
	for (const CvVisionSourceKey& kKey : aKeys)
	{
		addSource(kKey);
	}
}

template <class Change>
void VisionWorld::resightAround(int iPlot, Change fChange)
{
	if (m_eRemoval != Removal::Ledger)
	{
		bracket(keysNear(iPlot), fChange); // BTS: off before the change, on again after
		return;
	}
	// The ledger knows what each source added: after the change only the sources whose sight
	// reads the plot are computed again (on the map before and after), and only those whose
	// sight differs change counts.
	const std::vector<CvVisionSourceKey> aKeys = keysNear(iPlot);
	const int iSeeThrough = m_kGrid.seeThroughLevel(iPlot);
	std::vector<int> aiSeeFrom(m_kState.iNumTeams);
	for (int t = 0; t < m_kState.iNumTeams; ++t)
	{
		aiSeeFrom[t] = m_kGrid.seeFromLevel(iPlot, t);
	}
	fChange();
	const CvVisionLevelsBefore<PlotGrid> kBefore(m_kGrid, iPlot, iSeeThrough, aiSeeFrom.data());
	Sink kSink(*this);
	for (const CvVisionSourceKey& kKey : aKeys)
	{
		const std::optional<CvVisionSource> kSource = sourceOf(kKey);
		if (!kSource || !CvVisionLedger::sightReads(m_kSetup.engine(), m_kGrid, *kSource, iPlot))
		{
			continue;
		}
		requireOk(m_kLedger.resightLevelChange(kKey, m_kSetup.engine(), kBefore, m_kGrid, kSink, *kSource));
	}
}

template <class Change>
void VisionWorld::bracketAll(Change fChange)
{
	// Units' sight never depends on owners, cities, masters or espionage: only the plot sources.
	const std::vector<CvVisionSourceKey> aBefore = plotKeys();
	for (const CvVisionSourceKey& kKey : aBefore)
	{
		removeSource(kKey);
	}
	fChange();
	for (const CvVisionSourceKey& kKey : plotKeys())
	{
		addSource(kKey);
	}
}

template <class Change>
void VisionWorld::bracketAt(int iPlot, Change fChange)
{
	(void)m_kState.aPlots.at(iPlot); // std::out_of_range off the map
	// Owners, cities and espionage of one plot change only the sources on that plot.
	for (const CvVisionSourceKey& kKey : plotKeysAt(iPlot))
	{
		removeSource(kKey);
	}
	fChange();
	for (const CvVisionSourceKey& kKey : plotKeysAt(iPlot))
	{
		addSource(kKey);
	}
}

// --- operations -------------------------------------------------------------------------------

int VisionWorld::createUnit(int eType, int eTeam, int iX, int iY, int eFacing)
{
	const int iId = m_iNextUnit++;
	Unit kUnit;
	kUnit.eType = eType;
	kUnit.eTeam = eTeam;
	kUnit.iX = iX;
	kUnit.iY = iY;
	kUnit.eFacing = eFacing;
	m_kState.kUnits[iId] = kUnit;
	placeUnit(iId, iY * m_kState.iWidth + iX, true);
	for (const CvVisionSourceKey& kKey : keysOfUnit(iId))
	{
		addSource(kKey);
	}
	return iId;
}

void VisionWorld::killUnit(int iUnit)
{
	for (const CvVisionSourceKey& kKey : keysOfUnit(iUnit))
	{
		removeSource(kKey);
	}
	const auto it = m_kState.kUnits.find(iUnit);
	if (it != m_kState.kUnits.end())
	{
		placeUnit(iUnit, it->second.iY * m_kState.iWidth + it->second.iX, false);
	}
	m_kState.kUnits.erase(iUnit);
}

void VisionWorld::moveUnit(int iUnit, int iX, int iY)
{
	Unit& kUnit = m_kState.kUnits.at(iUnit);
	bracket({ CvVisionSourceKey(CV_VISION_SOURCE_UNIT, 0, iUnit, kUnit.eTeam) }, [&] {
		placeUnit(iUnit, kUnit.iY * m_kState.iWidth + kUnit.iX, false);
		kUnit.iX = iX;
		kUnit.iY = iY;
		placeUnit(iUnit, iY * m_kState.iWidth + iX, true);
	});
}

void VisionWorld::setPromotion(int iUnit, int ePromotion, bool bHas)
{
	Unit& kUnit = m_kState.kUnits.at(iUnit);
	bracket(keysOfUnit(iUnit),
		[&] { bHas ? (void)kUnit.aePromotions.insert(ePromotion) : (void)kUnit.aePromotions.erase(ePromotion); });
}

void VisionWorld::setFacing(int iUnit, int eFacing)
{
	Unit& kUnit = m_kState.kUnits.at(iUnit);
	bracket({ CvVisionSourceKey(CV_VISION_SOURCE_UNIT, 0, iUnit, kUnit.eTeam) }, [&] { kUnit.eFacing = eFacing; });
}

void VisionWorld::setRecon(int iUnit, int iPlot)
{
	Unit& kUnit = m_kState.kUnits.at(iUnit);
	const CvVisionSourceKey kKey(CV_VISION_SOURCE_RECON, 0, iUnit, kUnit.eTeam);
	removeSource(kKey);
	kUnit.iReconPlot = iPlot;
	addSource(kKey);
}

void VisionWorld::setOwner(int iPlot, int eTeam)
{
	bracketAt(iPlot, [&] { m_kState.aPlots.at(iPlot).eOwner = eTeam; });
	rememberWhereVisible(iPlot);
}

void VisionWorld::setCity(int iPlot, bool bCity)
{
	bracketAt(iPlot, [&] { m_kState.aPlots.at(iPlot).bCity = bCity; });
}

void VisionWorld::setPlotKind(int iPlot, CvVisionPlotKind eKind)
{
	resightAround(iPlot, [&] {
		m_kState.aPlots.at(iPlot).eKind = eKind;
		refreshLevels(iPlot);
	});
}

void VisionWorld::setTerrain(int iPlot, int eTerrain)
{
	resightAround(iPlot, [&] {
		m_kState.aPlots.at(iPlot).eTerrain = eTerrain;
		refreshLevels(iPlot);
	});
}

void VisionWorld::setFeature(int iPlot, int eFeature)
{
	resightAround(iPlot, [&] {
		m_kState.aPlots.at(iPlot).eFeature = eFeature;
		refreshLevels(iPlot);
	});
}

void VisionWorld::setImprovement(int iPlot, int eImprovement)
{
	resightAround(iPlot, [&] {
		m_kState.aPlots.at(iPlot).eImprovement = eImprovement;
		refreshLevels(iPlot);
	});
	rememberWhereVisible(iPlot);
}

void VisionWorld::setRoute(int iPlot, int eRoute)
{
	m_kState.aPlots.at(iPlot).eRoute = eRoute;
	rememberWhereVisible(iPlot);
}

void VisionWorld::setHasTech(int eTeam, int eTech, bool bHas)
{
	if (!m_kRules.aTechs.at(eTech).bExtraWaterSeeFrom)
	{
		return;
	}
	int& iCount = m_kState.aiExtraWaterTechs.at(eTeam);
	const int iNew = std::max(0, iCount + (bHas ? 1 : -1));
	if ((iCount > 0) == (iNew > 0))
	{
		iCount = iNew;
		return;
	}
	// Only the team's own sight depends on its water bonus (BTS re-sights the whole map).
	bracket(keysOfTeam(eTeam), [&] {
		iCount = iNew;
		m_kGrid.setExtraWaterSeeFrom(eTeam, iCount > 0);
	});
}

void VisionWorld::setMaster(int eVassal, int eMaster)
{
	bracketAll([&] { m_kState.aeMaster.at(eVassal) = eMaster; });
}

void VisionWorld::setEspionage(int eTeam, int iCityPlot, bool bSees)
{
	bracketAt(iCityPlot, [&] {
		bSees ? (void)m_kState.kEspionage.insert({ eTeam, iCityPlot })
			  : (void)m_kState.kEspionage.erase({ eTeam, iCityPlot });
	});
}

// --- unbracketed changes ------------------------------------------------------------------------

void VisionWorld::setFeatureUnbracketed(int iPlot, int eFeature)
{
	const std::vector<CvVisionSourceKey> aKeys = keysNear(iPlot);
	m_kDirty.insert(aKeys.begin(), aKeys.end());
	m_kState.aPlots.at(iPlot).eFeature = eFeature;
	refreshLevels(iPlot);
}

void VisionWorld::setPlotKindUnbracketed(int iPlot, CvVisionPlotKind eKind)
{
	const std::vector<CvVisionSourceKey> aKeys = keysNear(iPlot);
	m_kDirty.insert(aKeys.begin(), aKeys.end());
	m_kState.aPlots.at(iPlot).eKind = eKind;
	refreshLevels(iPlot);
}

void VisionWorld::setPromotionUnbracketed(int iUnit, int ePromotion, bool bHas)
{
	const std::vector<CvVisionSourceKey> aKeys = keysOfUnit(iUnit);
	m_kDirty.insert(aKeys.begin(), aKeys.end());
	Unit& kUnit = m_kState.kUnits.at(iUnit);
	bHas ? (void)kUnit.aePromotions.insert(ePromotion) : (void)kUnit.aePromotions.erase(ePromotion);
}

void VisionWorld::moveUnitUnbracketed(int iUnit, int iX, int iY)
{
	Unit& kUnit = m_kState.kUnits.at(iUnit);
	m_kDirty.insert(CvVisionSourceKey(CV_VISION_SOURCE_UNIT, 0, iUnit, kUnit.eTeam));
	placeUnit(iUnit, kUnit.iY * m_kState.iWidth + kUnit.iX, false);
	kUnit.iX = iX;
	kUnit.iY = iY;
	placeUnit(iUnit, iY * m_kState.iWidth + iX, true);
}

void VisionWorld::flush()
{
	const std::set<CvVisionSourceKey> kDirty = std::move(m_kDirty);
	m_kDirty.clear();
	for (const CvVisionSourceKey& kKey : kDirty)
	{
		removeSource(kKey);
		addSource(kKey);
	}
}

// --- memory -----------------------------------------------------------------------------------

void VisionWorld::setMemory(int eTeam, int iPlot, const Memory& kMemory)
{
	if (m_kGrid.counts().at(eTeam * plotCount() + iPlot) > 0)
	{
		return;
	}
	m_aMemory.at(eTeam * plotCount() + iPlot) = kMemory;
}

void VisionWorld::remember(int eTeam, int iPlot)
{
	const PlotState& kPlot = m_kState.aPlots[iPlot];
	Memory& kMemory = m_aMemory[eTeam * plotCount() + iPlot];
	kMemory.bRevealed = true;
	kMemory.eOwner = kPlot.eOwner;
	kMemory.eImprovement = kPlot.eImprovement;
	kMemory.eRoute = kPlot.eRoute;
	// The revealed owner of the revealed neighbours is brought up to date too.
	const int iX = iPlot % m_kState.iWidth;
	const int iY = iPlot / m_kState.iWidth;
	for (int iDX = -1; iDX <= 1; ++iDX)
	{
		for (int iDY = -1; iDY <= 1; ++iDY)
		{
			const int iNX = cvVisionWrapCoord(iX + iDX, m_kState.iWidth, m_kState.bWrapX);
			const int iNY = cvVisionWrapCoord(iY + iDY, m_kState.iHeight, m_kState.bWrapY);
			if (iNX >= 0 && iNY >= 0)
			{
				Memory& kNeighbour = m_aMemory[eTeam * plotCount() + iNY * m_kState.iWidth + iNX];
				if (kNeighbour.bRevealed)
				{
					kNeighbour.eOwner = m_kState.aPlots[iNY * m_kState.iWidth + iNX].eOwner;
				}
			}
		}
	}
}

void VisionWorld::rememberWhereVisible(int iPlot)
{
	for (int t = 0; t < m_kState.iNumTeams; ++t)
	{
		if (m_kGrid.counts()[t * plotCount() + iPlot] > 0)
		{
			remember(t, iPlot);
		}
	}
}

int VisionWorld::unitRange(int iUnit) const
{
	const std::optional<CvVisionSource> kSource =
		sourceOf(CvVisionSourceKey(CV_VISION_SOURCE_UNIT, 0, iUnit, m_kState.kUnits.at(iUnit).eTeam));
	return kSource ? kSource->iRange : 0;
}

std::vector<int> VisionWorld::plotsSeenByUnit(int iUnit) const
{
	const std::optional<CvVisionSource> kSource =
		sourceOf(CvVisionSourceKey(CV_VISION_SOURCE_UNIT, 0, iUnit, m_kState.kUnits.at(iUnit).eTeam));
	if (!kSource || kSource->iRange < 0)
	{
		return {};
	}
	std::vector<int> aiPlots((2 * kSource->iRange + 3) * (2 * kSource->iRange + 3));
	const int iCount = m_kSetup.engine().seenPlots(m_kGrid, *kSource, aiPlots.data());
	aiPlots.resize(iCount > 0 ? iCount : 0);
	return aiPlots;
}

std::vector<std::string> VisionWorld::sourcesSeeing(int iPlot, int eTeam) const
{
	static const char* const aszKinds[] = { "owned plot", "city seen by its master", "city seen by espionage", "unit",
		"recon of unit" };
	std::vector<std::string> asSources;
	for (const CvVisionSourceKey& kKey : currentKeys())
	{
		const std::optional<CvVisionSource> kSource = sourceOf(kKey);
		if (kKey.eTeam != eTeam || !kSource || kSource->iRange < 0)
		{
			continue;
		}
		std::vector<int> aiPlots((2 * kSource->iRange + 3) * (2 * kSource->iRange + 3));
		aiPlots.resize(std::max(0, m_kSetup.engine().seenPlots(m_kGrid, *kSource, aiPlots.data())));
		if (std::find(aiPlots.begin(), aiPlots.end(), iPlot) == aiPlots.end())
		{
			continue;
		}
		std::string sWhat = aszKinds[kKey.eKind];
		std::string sPromotions;
		if (!isPlotSource(kKey))
		{
			const Unit& kUnit = m_kState.kUnits.at(kKey.iB);
			sWhat += " " + std::to_string(kKey.iB) + " " + m_kRules.aUnits.at(kUnit.eType).szType;
			// the promotions decide the range: listed so that a wrong one shows at a glance
			for (int ePromotion : kUnit.aePromotions)
			{
				sPromotions +=
					(sPromotions.empty() ? ", promotions " : " ") + m_kRules.aPromotions.at(ePromotion).szType;
			}
		}
		asSources.push_back(sWhat + " at (" + std::to_string(kSource->iX) + "," + std::to_string(kSource->iY)
			+ ") range " + std::to_string(kSource->iRange) + sPromotions);
	}
	return asSources;
}

// --- audit and repair ---------------------------------------------------------------------------

bool VisionWorld::anyCountNegative() const
{
	const auto fNegative = [](int i) { return i < 0; };
	return std::any_of(m_kGrid.counts().begin(), m_kGrid.counts().end(), fNegative)
		|| std::any_of(m_kGrid.invisibleCounts().begin(), m_kGrid.invisibleCounts().end(), fNegative);
}

std::vector<VisionWorld::Difference> VisionWorld::audit() const
{
	PlotGrid kExpected = m_kGrid;
	kExpected.clearCounts();
	for (const CvVisionSourceKey& kKey : currentKeys())
	{
		const std::optional<CvVisionSource> kSource = sourceOf(kKey);
		if (kSource)
		{
			requireOk(m_kSetup.engine().changeAdjacentSight(kExpected, kExpected, *kSource, 1));
		}
	}
	std::vector<Difference> aDifferences;
	const int iNumInvisible = static_cast<int>(m_kRules.aszInvisibleTypes.size());
	for (int t = 0; t < m_kState.iNumTeams; ++t)
	{
		for (int i = 0; i < plotCount(); ++i)
		{
			const int iStored = m_kGrid.counts()[t * plotCount() + i];
			const int iWanted = kExpected.counts()[t * plotCount() + i];
			if (iStored != iWanted)
			{
				aDifferences.push_back({ i, t, -1, iStored, iWanted });
			}
			for (int e = 0; e < iNumInvisible; ++e)
			{
				const int iIndex = (t * iNumInvisible + e) * plotCount() + i;
				if (m_kGrid.invisibleCounts()[iIndex] != kExpected.invisibleCounts()[iIndex])
				{
					aDifferences.push_back(
						{ i, t, e, m_kGrid.invisibleCounts()[iIndex], kExpected.invisibleCounts()[iIndex] });
				}
			}
		}
	}
	return aDifferences;
}

int VisionWorld::repair()
{
	const std::vector<Difference> aDifferences = audit();
	for (const Difference& kDifference : aDifferences)
	{
		m_kGrid.setOneCount(kDifference.iPlot, kDifference.eTeam, kDifference.eInvisible, kDifference.iExpected);
		if (kDifference.eInvisible < 0 && kDifference.iExpected > 0)
		{
			remember(kDifference.eTeam, kDifference.iPlot);
		}
	}
	m_kLedger.clear();
	if (m_eRemoval == Removal::Ledger)
	{
		for (const CvVisionSourceKey& kKey : currentKeys())
		{
			const std::optional<CvVisionSource> kSource = sourceOf(kKey);
			if (kSource)
			{
				requireOk(m_kLedger.record(kKey, m_kSetup.engine(), m_kGrid, *kSource));
			}
		}
	}
	return static_cast<int>(aDifferences.size());
}

void VisionWorld::corruptCount(int iPlot, int eTeam, int eInvisible, int iChange)
{
	m_kGrid.changeOneCount(iPlot, eTeam, eInvisible, iChange);
}

} // namespace cvv
