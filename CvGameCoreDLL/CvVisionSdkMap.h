#pragma once
#ifndef CV_VISION_SDK_MAP_H
#define CV_VISION_SDK_MAP_H

// CvVision: the game's map as the engine sees it, for the adapter (CvVisionSdk.cpp): a plot's
// levels under the rules, the level cache, the map (CvVisionSdkMap) and the sinks the count
// changes go to. Reads the game's CvMap, CvPlot and CvTeam; knows nothing of the adapter's state.
// Include after CvGameCoreDLL.h, CvVisionSdkCompat.h and CvTeamAI.h.
// Plain C++03: this file is compiled into the game's DLL.

#include "CvVisionEngine.h"
#include "CvVisionLedger.h" // CvVisionLevelsBefore
#include "CvVisionRules.h"

#include <vector>

// --- a plot's levels under the rules -------------------------------------------------------------

CvVisionPlotKind cvVisionSdkPlotKind(const CvPlot& kPlot);
// docs/vision-rules.md, section 1: a plot's see-through level, and its see-from level (with the
// viewer's extra water see-from, Optics, or without), plus the mod's per-improvement see-from.
int cvVisionSdkSeeThrough(const CvVisionRules& kRules, const CvVisionLevels& kLevels, const CvPlot& kPlot);
int cvVisionSdkSeeFrom(const CvVisionRules& kRules, const CvVisionLevels& kLevels, const CvPlot& kPlot,
	bool bExtraWater);

// --- the level cache -------------------------------------------------------------------------------

// The levels of one plot as last computed, with the facts they were computed from. A key of -1
// matches no plot: the level is computed on its next use.
struct CvVisionSdkPlotLevels
{
	int iThroughKey;  // plot type, terrain, feature
	int iFromKey;     // plot type, terrain, improvement
	int iSeeThrough;
	int aiSeeFrom[2]; // without, with the viewer's extra water see-from (Optics)
};

// docs/into-the-game.md, "The level cache": every plot's see-through and see-from levels, each
// keyed on the plot facts it depends on. Every use reads those facts from the CvPlot and compares
// them with the key; the level is computed again from the facts only when they differ. So no
// change of a plot can make it stale, bracketed by updateSeeFromSight or not. What the levels
// depend on besides the plot's facts: the rules (setRules empties the cache) and the viewer's
// extra water see-from (read from its team on every sight change, both levels are kept).
class CvVisionSdkLevelCache
{
public:
	CvVisionSdkLevelCache() : m_pRules(NULL), m_pLevels(NULL), m_iTerrainShift(0), m_iSecondShift(0), m_bKeyed(false) {}

	// The rules the levels are computed with (kept by reference: the adapter's state owns them),
	// and the key's layout for their numbers of terrains, features and improvements; with more
	// than fit in a key, every level is computed from the facts (no cache). Forgets every level.
	void setRules(const CvVisionRules& kRules, const CvVisionLevels& kLevels);
	// Called before the levels of a map of iNumPlots plots are read: a map of another size starts
	// empty.
	void fit(int iNumPlots)
	{
		if (static_cast<int>(m_aPlots.size()) != iNumPlots)
		{
			const CvVisionSdkPlotLevels kEmpty = { -1, -1, 0, { 0, 0 } };
			m_aPlots.assign(iNumPlots, kEmpty);
		}
	}
	// Forgets one plot's levels (an updateSeeFromSight bracket around it).
	void forget(int iPlot)
	{
		if (iPlot >= 0 && iPlot < static_cast<int>(m_aPlots.size()))
		{
			m_aPlots[iPlot].iThroughKey = -1;
			m_aPlots[iPlot].iFromKey = -1;
		}
	}

	CV_VISION_FORCE_INLINE int seeThrough(const CvPlot& kPlot, int iPlot)
	{
		if (!m_bKeyed)
		{
			return cvVisionSdkSeeThrough(*m_pRules, *m_pLevels, kPlot);
		}
		CvVisionSdkPlotLevels& kLevels = m_aPlots[iPlot];
		const int iKey = key(kPlot.getPlotType(), kPlot.getTerrainType(), kPlot.getFeatureType());
		if (kLevels.iThroughKey != iKey)
		{
			kLevels.iSeeThrough = cvVisionSdkSeeThrough(*m_pRules, *m_pLevels, kPlot);
			kLevels.iThroughKey = iKey;
		}
		return kLevels.iSeeThrough;
	}
	int seeFrom(const CvPlot& kPlot, int iPlot, bool bExtraWater)
	{
		if (!m_bKeyed)
		{
			return cvVisionSdkSeeFrom(*m_pRules, *m_pLevels, kPlot, bExtraWater);
		}
		CvVisionSdkPlotLevels& kLevels = m_aPlots[iPlot];
		const int iKey = key(kPlot.getPlotType(), kPlot.getTerrainType(), kPlot.getImprovementType());
		if (kLevels.iFromKey != iKey)
		{
			kLevels.aiSeeFrom[0] = cvVisionSdkSeeFrom(*m_pRules, *m_pLevels, kPlot, false);
			kLevels.aiSeeFrom[1] = cvVisionSdkSeeFrom(*m_pRules, *m_pLevels, kPlot, true);
			kLevels.iFromKey = iKey;
		}
		return kLevels.aiSeeFrom[bExtraWater ? 1 : 0];
	}

private:
	// The plot type, the terrain and a third fact (feature or improvement), each + 1 (none is
	// -1), in one non-negative int.
	int key(int ePlotType, int eTerrain, int eThird) const
	{
		return (ePlotType + 1) | ((eTerrain + 1) << m_iTerrainShift) | ((eThird + 1) << m_iSecondShift);
	}

	std::vector<CvVisionSdkPlotLevels> m_aPlots; // by plot index
	const CvVisionRules* m_pRules;
	const CvVisionLevels* m_pLevels;
	int m_iTerrainShift;
	int m_iSecondShift;
	bool m_bKeyed;
};

// --- the map and the sinks -------------------------------------------------------------------------

// The game's map as the engine's Map, its levels through the level cache. The viewer's water
// bonus is looked up once per team.
class CvVisionSdkMap
{
public:
	CvVisionSdkMap(const CvMap& kMap, CvVisionSdkLevelCache& kCache)
		: m_kMap(kMap), m_kCache(kCache), m_eCachedTeam(NO_TEAM), m_bCachedExtraWater(false)
	{
		m_kCache.fit(cvVisionNumPlots(kMap));
	}

	int getGridWidth() const { return cvVisionGridWidth(m_kMap); }
	int getGridHeight() const { return cvVisionGridHeight(m_kMap); }
	bool isWrapX() const { return cvVisionWrapX(m_kMap); }
	bool isWrapY() const { return cvVisionWrapY(m_kMap); }
	CV_VISION_FORCE_INLINE int seeThroughLevel(int iPlot) const { return m_kCache.seeThrough(*cvVisionPlotByIndex(m_kMap, iPlot), iPlot); }
	int seeFromLevel(int iPlot, int eTeam) const
	{
		if (eTeam != m_eCachedTeam)
		{
			m_eCachedTeam = eTeam;
			m_bCachedExtraWater = GET_TEAM(static_cast<TeamTypes>(eTeam)).isExtraWaterSeeFrom();
		}
		return m_kCache.seeFrom(*cvVisionPlotByIndex(m_kMap, iPlot), iPlot, m_bCachedExtraWater);
	}

private:
	const CvMap& m_kMap;
	CvVisionSdkLevelCache& m_kCache;
	mutable int m_eCachedTeam;
	mutable bool m_bCachedExtraWater;
};

// The map as CvVisionSdkMap, but every viewer's extra water see-from (Optics) taken as bExtraWater:
// the two sides of a change of a team's extra water see-from (CvVisionSdkSeeFromChange), for
// CvVisionLedger::seeFromChangeReaches.
class CvVisionSdkMapWithWater
{
public:
	CvVisionSdkMapWithWater(const CvMap& kMap, CvVisionSdkLevelCache& kCache, bool bExtraWater)
		: m_kMap(kMap), m_kCache(kCache), m_bExtraWater(bExtraWater)
	{
		m_kCache.fit(cvVisionNumPlots(kMap));
	}

	int getGridWidth() const { return cvVisionGridWidth(m_kMap); }
	int getGridHeight() const { return cvVisionGridHeight(m_kMap); }
	bool isWrapX() const { return cvVisionWrapX(m_kMap); }
	bool isWrapY() const { return cvVisionWrapY(m_kMap); }
	int seeThroughLevel(int iPlot) const { return m_kCache.seeThrough(*cvVisionPlotByIndex(m_kMap, iPlot), iPlot); }
	int seeFromLevel(int iPlot, int /*eTeam*/) const
	{
		return m_kCache.seeFrom(*cvVisionPlotByIndex(m_kMap, iPlot), iPlot, m_bExtraWater);
	}

private:
	const CvMap& m_kMap;
	CvVisionSdkLevelCache& m_kCache;
	bool m_bExtraWater;
};

// The adapter's levels read the game's CvPlot: only where light reaches.
template <>
struct CvVisionLazyLevels<CvVisionSdkMap>
{
	enum { VALUE = 1 };
};
template <>
struct CvVisionLazyLevels<CvVisionLevelsBefore<CvVisionSdkMap> >
{
	enum { VALUE = 1 };
};

// Count changes go to the game's own CvPlot::changeVisibilityCount, with the unit whose sight it
// is (NULL for a plot's own sight) where the game takes it (CvVisionSdkCompat.h).
class CvVisionSdkSink
{
public:
	CvVisionSdkSink(const CvMap& kMap, bool bUpdatePlotGroups, const CvUnit* pUnit)
		: m_kMap(kMap), m_bUpdatePlotGroups(bUpdatePlotGroups), m_pUnit(pUnit) {}

	void changeVisibilityCount(int iPlot, int eTeam, int iChange, int eInvisible)
	{
		cvVisionChangeVisibilityCount(*cvVisionPlotByIndex(m_kMap, iPlot), static_cast<TeamTypes>(eTeam), iChange,
			static_cast<InvisibleTypes>(eInvisible), m_bUpdatePlotGroups, m_pUnit);
	}

private:
	const CvMap& m_kMap;
	bool m_bUpdatePlotGroups;
	const CvUnit* m_pUnit;
};

// While auditing, sight is summed here instead of going to the plots: [team][plot], then
// [team][invisible type][plot].
class CvVisionSdkCollectSink
{
public:
	CvVisionSdkCollectSink(std::vector<int>& aiCounts, int iNumPlots, int iNumInvisible)
		: m_aiCounts(aiCounts), m_iNumPlots(iNumPlots), m_iNumInvisible(iNumInvisible) {}

	void changeVisibilityCount(int iPlot, int eTeam, int iChange, int eInvisible)
	{
		m_aiCounts[eTeam * m_iNumPlots + iPlot] += iChange;
		if (eInvisible >= 0)
		{
			m_aiCounts[(MAX_TEAMS + eTeam * m_iNumInvisible + eInvisible) * m_iNumPlots + iPlot] += iChange;
		}
	}

private:
	std::vector<int>& m_aiCounts;
	int m_iNumPlots;
	int m_iNumInvisible;
};

#endif
