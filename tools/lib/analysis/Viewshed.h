// Viewsheds on a grid of opaque cells (host side, C++17), on top of CvFov (CvGameCoreDLL/CvFov.h).
//
// A ViewshedWorld holds the grid and its observers. Each observer has a position, a radius, a
// mode and a metric, the cells it sees (as of the last update), a dirty flag, and a memory of what
// it has seen: every cell it has ever seen, with the state (opaque or not) the cell had when last
// seen. Moving an observer, changing its radius or model, or changing a cell within its range
// marks it dirty; update() recomputes only the dirty observers and says how many it recomputed.
// A cell changed out of sight keeps its remembered state until the observer sees it again.
//
// Coordinates are (x, y), plot index y * width + x. Bad arguments throw std::invalid_argument
// with a message naming the problem.
#pragma once

#include "CvFov.h"

#include <string>
#include <utility>
#include <vector>

namespace cvv {

// The tables of CvFov, built on first use and kept for the process: one per mode, metric and
// radius (the table of a radius is its own largest radius). Throws std::invalid_argument.
const CvFovTable& fovTable(CvFovMode eMode, CvFovMetric eMetric, int iRadius);

// Names used by the tools and the Python module: "permissive", "symmetric"; "euclidean",
// "chebyshev", "manhattan". Throw std::invalid_argument on other names.
CvFovMode fovModeNamed(const std::string& sName);
CvFovMetric fovMetricNamed(const std::string& sName);
const char* fovModeName(CvFovMode eMode);
const char* fovMetricName(CvFovMetric eMetric);

// A grid of opaque cells: CvFov's Map.
class FovGrid
{
public:
	FovGrid(int iWidth, int iHeight, bool bWrapX = false, bool bWrapY = false);

	int getGridWidth() const { return m_iWidth; }
	int getGridHeight() const { return m_iHeight; }
	bool isWrapX() const { return m_bWrapX; }
	bool isWrapY() const { return m_bWrapY; }
	bool isOpaque(int iPlot) const { return m_abOpaque[iPlot] != 0; }

	bool contains(int iX, int iY) const { return iX >= 0 && iX < m_iWidth && iY >= 0 && iY < m_iHeight; }
	int plotIndex(int iX, int iY) const { return iY * m_iWidth + iX; }
	int plotCount() const { return m_iWidth * m_iHeight; }
	// Throw std::invalid_argument off the map.
	bool isOpaqueAt(int iX, int iY) const;
	void setOpaque(int iX, int iY, bool bOpaque);
	// Throws std::invalid_argument off the map, naming szWhat.
	void check(int iX, int iY, const char* szWhat) const;

private:
	int m_iWidth;
	int m_iHeight;
	bool m_bWrapX;
	bool m_bWrapY;
	std::vector<unsigned char> m_abOpaque;
};

// The plot indices visible from (iX, iY), sorted, each once. Throws std::invalid_argument.
std::vector<int> fovVisiblePlots(
	const FovGrid& kGrid, int iX, int iY, int iRadius, CvFovMode eMode, CvFovMetric eMetric);

// The symmetric mode for one pair (cvFovLineOfSight). Throws std::invalid_argument.
bool fovLineOfSight(const FovGrid& kGrid, int iFromX, int iFromY, int iToX, int iToY, int iRadius, CvFovMetric eMetric);

class ViewshedWorld
{
public:
	enum Memory {
		MEMORY_UNKNOWN = -1, // never seen
		MEMORY_TRANSPARENT = 0, // last seen transparent
		MEMORY_OPAQUE = 1 // last seen opaque
	};

	ViewshedWorld(int iWidth, int iHeight, bool bWrapX = false, bool bWrapY = false);

	const FovGrid& grid() const { return m_kGrid; }
	// Marks dirty the observers whose range covers the cell (when its state changes).
	void setOpaque(int iX, int iY, bool bOpaque);
	bool isOpaque(int iX, int iY) const { return m_kGrid.isOpaqueAt(iX, iY); }

	// Returns the new observer's id (dirty until the next update).
	int addObserver(
		int iX, int iY, int iRadius, CvFovMode eMode = CV_FOV_SYMMETRIC, CvFovMetric eMetric = CV_FOV_EUCLIDEAN);
	void moveObserver(int iId, int iX, int iY);
	void setRadius(int iId, int iRadius);
	void removeObserver(int iId);
	std::vector<int> observerIds() const;

	// Recomputes the dirty observers' viewsheds and memories; returns how many.
	int update();

	bool isDirty(int iId) const;
	std::pair<int, int> position(int iId) const;
	int radius(int iId) const;
	CvFovMode mode(int iId) const;
	CvFovMetric metric(int iId) const;
	// As of the last update: the visible plots, sorted.
	const std::vector<int>& visiblePlots(int iId) const;
	bool isVisible(int iId, int iX, int iY) const;
	// Ever seen, and what it looked like when last seen.
	bool isRevealed(int iId, int iX, int iY) const;
	Memory remembered(int iId, int iX, int iY) const;
	std::vector<int> revealedPlots(int iId) const;
	// Does the observer's range cover the cell (shortest displacement across wrapping axes)?
	bool inRange(int iId, int iX, int iY) const;

private:
	struct Observer
	{
		bool bAlive = false;
		int iX = 0;
		int iY = 0;
		int iRadius = 0;
		CvFovMode eMode = CV_FOV_SYMMETRIC;
		CvFovMetric eMetric = CV_FOV_EUCLIDEAN;
		bool bDirty = true;
		std::vector<int> aiVisible;
		std::vector<signed char> aiMemory; // Memory per plot
	};

	Observer& observer(int iId);
	const Observer& observer(int iId) const;
	void checkRadius(int iRadius) const;
	void recompute(Observer& kObserver);

	FovGrid m_kGrid;
	std::vector<Observer> m_aObservers;
	CvFovVisibleSet m_kScratch;
};

} // namespace cvv
