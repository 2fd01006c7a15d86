// The host's plot grid: the map of the Linux toolkit (VisionWorld, and through it cvvision and the
// Python module) and of the engine's tests and benchmarks, standing where the game has CvMap and
// CvPlot. A grid of plots with the facts vision reads, and per-team visibility counts,
// per-invisible-type counts and revealed flags. (The mock of the game's own classes, for the SDK
// adapter's tests, is tools/sdk/standin/.)
// It is both the engine's Map and its Sink.
#pragma once

#include "CvVisionRules.h"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

namespace cvv {

class PlotGrid
{
public:
	PlotGrid(int iWidth, int iHeight, bool bWrapX, bool bWrapY, int iNumTeams = 2, int iNumInvisibleTypes = 2,
		CvVisionLevelDefines kDefines = CvVisionLevelDefines())
		: m_iWidth(iWidth), m_iHeight(iHeight), m_bWrapX(bWrapX), m_bWrapY(bWrapY), m_iNumInvisible(iNumInvisibleTypes),
		  m_kLevels(kDefines), m_aPlots(iWidth * iHeight), m_aLevels(iWidth * iHeight),
		  m_abExtraWater(iNumTeams, false), m_aiCounts(iNumTeams * iWidth * iHeight, 0),
		  m_aiInvisibleCounts(iNumTeams * iNumInvisibleTypes * iWidth * iHeight, 0),
		  m_abRevealed(iNumTeams * iWidth * iHeight, false)
	{
		if (iWidth < 1 || iHeight < 1 || iNumTeams < 1 || iNumInvisibleTypes < 0)
		{
			throw std::invalid_argument("PlotGrid: bad size");
		}
		for (int i = 0; i < plotCount(); ++i)
		{
			refreshLevels(i);
		}
	}

	// --- plot facts -----------------------------------------------------------------------
	struct Plot
	{
		CvVisionPlotKind eKind = CV_VISION_PLOT_LAND;
		int iTerrainSeeFrom = 1; // grassland
		int iTerrainSeeThrough = 1;
		int iFeatureSeeThrough = 0; // no feature
		int iImprovementSeeFrom = 0; // the mod's extra see-from of the plot's improvement
	};

	void setPlot(int iX, int iY, const Plot& kPlot)
	{
		m_aPlots.at(index(iX, iY)) = kPlot;
		refreshLevels(index(iX, iY));
	}
	const Plot& plot(int iX, int iY) const { return m_aPlots.at(index(iX, iY)); }

	// Vanilla shorthands: grassland, hills, peak, ocean; forest adds 1 see-through.
	void setFlat(int iX, int iY) { setPlot(iX, iY, Plot()); }
	void setHills(int iX, int iY) { setKind(iX, iY, CV_VISION_PLOT_HILLS); }
	void setPeak(int iX, int iY) { setKind(iX, iY, CV_VISION_PLOT_PEAK); }
	void setWater(int iX, int iY)
	{
		Plot kPlot;
		kPlot.eKind = CV_VISION_PLOT_OCEAN;
		kPlot.iTerrainSeeFrom = 0;
		kPlot.iTerrainSeeThrough = 0;
		setPlot(iX, iY, kPlot);
	}
	void setFeatureSeeThrough(int iX, int iY, int iSeeThrough)
	{
		Plot kPlot = plot(iX, iY);
		kPlot.iFeatureSeeThrough = iSeeThrough;
		setPlot(iX, iY, kPlot);
	}
	void setForest(int iX, int iY) { setFeatureSeeThrough(iX, iY, 1); }
	void setExtraWaterSeeFrom(int eTeam, bool bHas) { m_abExtraWater.at(eTeam) = bHas; }

	// --- the engine's Map ---------------------------------------------------------------------
	int getGridWidth() const { return m_iWidth; }
	int getGridHeight() const { return m_iHeight; }
	bool isWrapX() const { return m_bWrapX; }
	bool isWrapY() const { return m_bWrapY; }
	// Levels are computed from the plot's facts when the plot changes, and kept.
	int seeThroughLevel(int iPlot) const { return m_aLevels[iPlot].iSeeThrough; }
	int seeFromLevel(int iPlot, int eTeam) const { return m_aLevels[iPlot].aiSeeFrom[m_abExtraWater.at(eTeam) != 0]; }
	// The see-from level the plot has for a team with or without the extra water see-from.
	int seeFromLevelWith(int iPlot, bool bExtraWater) const { return m_aLevels[iPlot].aiSeeFrom[bExtraWater ? 1 : 0]; }
	bool hasExtraWaterSeeFrom(int eTeam) const { return m_abExtraWater.at(eTeam) != 0; }

	// --- the engine's Sink --------------------------------------------------------------------
	// A plot is revealed to a team once its count is positive (and stays so), and wentNegative() remembers a
	// count below 0. Flags are stored only when they change: a bool store may alias every member,
	// which would then be read again at each of a sight's changes.
	void changeVisibilityCount(int iPlot, int eTeam, int iChange, int eInvisible)
	{
		const int iIndex = eTeam * plotCount() + iPlot;
		const int iCount = (m_aiCounts[iIndex] += iChange);
		if (iCount > 0 && !m_abRevealed[iIndex])
		{
			m_abRevealed[iIndex] = true;
		}
		if (iCount < 0)
		{
			m_bWentNegative = true;
		}
		if (eInvisible >= 0)
		{
			const int iTyped =
				(m_aiInvisibleCounts[(eTeam * m_iNumInvisible + eInvisible) * plotCount() + iPlot] += iChange);
			if (iTyped < 0)
			{
				m_bWentNegative = true;
			}
		}
	}

	// Changes one count only: the plain count (eInvisible -1) or one invisible type's count.
	// For audits and their tests; sight goes through changeVisibilityCount.
	// A count changed so stays within -CV_VISION_MAX_COUNT..CV_VISION_MAX_COUNT (std::out_of_range
	// otherwise, nothing changed): sight itself can then never overflow it.
	enum { CV_VISION_MAX_COUNT = 1000000000 };
	void changeOneCount(int iPlot, int eTeam, int eInvisible, int iChange)
	{
		int& iCount = oneCount(iPlot, eTeam, eInvisible);
		const long long llNew = static_cast<long long>(iCount) + iChange;
		if (llNew < -CV_VISION_MAX_COUNT || llNew > CV_VISION_MAX_COUNT)
		{
			throw std::out_of_range("PlotGrid: the count would become " + std::to_string(llNew) + ", outside -"
				+ std::to_string(CV_VISION_MAX_COUNT) + ".." + std::to_string(CV_VISION_MAX_COUNT));
		}
		iCount = static_cast<int>(llNew);
		m_bWentNegative = m_bWentNegative || iCount < 0;
	}
	// Sets one count (repair: no difference computed, nothing to overflow).
	void setOneCount(int iPlot, int eTeam, int eInvisible, int iValue) { oneCount(iPlot, eTeam, eInvisible) = iValue; }
	// Every count back to 0 (revealed flags stay).
	void clearCounts()
	{
		std::fill(m_aiCounts.begin(), m_aiCounts.end(), 0);
		std::fill(m_aiInvisibleCounts.begin(), m_aiInvisibleCounts.end(), 0);
		m_bWentNegative = false;
	}

	// --- reading the counts -------------------------------------------------------------------
	int plotCount() const { return m_iWidth * m_iHeight; }
	int index(int iX, int iY) const
	{
		if (iX < 0 || iX >= m_iWidth || iY < 0 || iY >= m_iHeight)
		{
			throw std::out_of_range(
				"PlotGrid: plot (" + std::to_string(iX) + "," + std::to_string(iY) + ") is off the map");
		}
		return iY * m_iWidth + iX;
	}
	int visibilityCount(int eTeam, int iX, int iY) const { return m_aiCounts.at(eTeam * plotCount() + index(iX, iY)); }
	int invisibleCount(int eTeam, int eInvisible, int iX, int iY) const
	{
		return m_aiInvisibleCounts.at((eTeam * m_iNumInvisible + eInvisible) * plotCount() + index(iX, iY));
	}
	bool isRevealed(int eTeam, int iX, int iY) const { return m_abRevealed.at(eTeam * plotCount() + index(iX, iY)); }
	bool isVisible(int eTeam, int iX, int iY) const { return visibilityCount(eTeam, iX, iY) > 0; }
	int visiblePlotCount(int eTeam) const
	{
		int iVisible = 0;
		for (int i = 0; i < plotCount(); ++i)
		{
			iVisible += m_aiCounts[eTeam * plotCount() + i] > 0;
		}
		return iVisible;
	}
	bool wentNegative() const { return m_bWentNegative; }
	const std::vector<int>& counts() const { return m_aiCounts; }
	const std::vector<int>& invisibleCounts() const { return m_aiInvisibleCounts; }

	// A picture of one team's view: '#' visible, '.' not (north row first).
	std::string picture(int eTeam) const
	{
		std::string sOut;
		for (int iY = m_iHeight - 1; iY >= 0; --iY)
		{
			for (int iX = 0; iX < m_iWidth; ++iX)
			{
				sOut += isVisible(eTeam, iX, iY) ? '#' : '.';
			}
			sOut += '\n';
		}
		return sOut;
	}

private:
	int& oneCount(int iPlot, int eTeam, int eInvisible)
	{
		if (iPlot < 0 || iPlot >= plotCount() || eTeam < 0 || eTeam >= static_cast<int>(m_abExtraWater.size())
			|| eInvisible >= m_iNumInvisible)
		{
			throw std::out_of_range("PlotGrid: no count for plot " + std::to_string(iPlot) + ", team "
				+ std::to_string(eTeam) + ", invisible type " + std::to_string(eInvisible));
		}
		return eInvisible < 0 ? m_aiCounts[eTeam * plotCount() + iPlot]
							  : m_aiInvisibleCounts[(eTeam * m_iNumInvisible + eInvisible) * plotCount() + iPlot];
	}

	struct Levels
	{
		int iSeeThrough;
		int aiSeeFrom[2]; // without and with the extra water see-from of Optics
	};

	void refreshLevels(int iPlot)
	{
		const Plot& kPlot = m_aPlots[iPlot];
		Levels& kLevels = m_aLevels[iPlot];
		kLevels.iSeeThrough = m_kLevels.seeThrough(kPlot.iTerrainSeeThrough, kPlot.iFeatureSeeThrough, kPlot.eKind);
		kLevels.aiSeeFrom[0] = m_kLevels.seeFrom(kPlot.iTerrainSeeFrom, kPlot.eKind, false, kPlot.iImprovementSeeFrom);
		kLevels.aiSeeFrom[1] = m_kLevels.seeFrom(kPlot.iTerrainSeeFrom, kPlot.eKind, true, kPlot.iImprovementSeeFrom);
	}

	void setKind(int iX, int iY, CvVisionPlotKind eKind)
	{
		Plot kPlot = plot(iX, iY);
		kPlot.eKind = eKind;
		setPlot(iX, iY, kPlot);
	}
	int m_iWidth;
	int m_iHeight;
	bool m_bWrapX;
	bool m_bWrapY;
	int m_iNumInvisible;
	CvVisionLevels m_kLevels;
	std::vector<Plot> m_aPlots;
	std::vector<Levels> m_aLevels;
	std::vector<char> m_abExtraWater;
	std::vector<int> m_aiCounts;
	std::vector<int> m_aiInvisibleCounts;
	std::vector<bool> m_abRevealed;
	bool m_bWentNegative = false;
};

} // namespace cvv
