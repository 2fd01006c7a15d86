#include "analysis/Viewshed.h"

#include "CvVisionTables.h"

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <tuple>

namespace cvv {

namespace {
[[noreturn]] void fail(const std::string& sMessage) { throw std::invalid_argument(sMessage); }

std::string where(int iX, int iY) { return "(" + std::to_string(iX) + ", " + std::to_string(iY) + ")"; }
}

const CvFovTable& fovTable(CvFovMode eMode, CvFovMetric eMetric, int iRadius)
{
	static std::mutex s_kMutex;
	static std::map<std::tuple<int, int, int>, std::unique_ptr<CvFovTable>> s_kTables;
	const std::lock_guard<std::mutex> kLock(s_kMutex);
	std::unique_ptr<CvFovTable>& pTable = s_kTables[std::make_tuple(int(eMode), int(eMetric), iRadius)];
	if (!pTable)
	{
		auto pNew = std::make_unique<CvFovTable>();
		const CvFovResult eResult = pNew->build(iRadius, eMode, eMetric);
		if (eResult != CV_FOV_OK)
		{
			s_kTables.erase(std::make_tuple(int(eMode), int(eMetric), iRadius));
			fail(std::string("field of view: ") + cvFovResultText(eResult) + " (radius " + std::to_string(iRadius)
				+ ")");
		}
		pTable = std::move(pNew);
	}
	return *pTable;
}

CvFovMode fovModeNamed(const std::string& sName)
{
	if (sName == "permissive")
	{
		return CV_FOV_PERMISSIVE;
	}
	if (sName == "symmetric")
	{
		return CV_FOV_SYMMETRIC;
	}
	fail("unknown field-of-view mode '" + sName + "' (permissive or symmetric)");
}

CvFovMetric fovMetricNamed(const std::string& sName)
{
	if (sName == "euclidean")
	{
		return CV_FOV_EUCLIDEAN;
	}
	if (sName == "chebyshev")
	{
		return CV_FOV_CHEBYSHEV;
	}
	if (sName == "manhattan")
	{
		return CV_FOV_MANHATTAN;
	}
	fail("unknown field-of-view metric '" + sName + "' (euclidean, chebyshev or manhattan)");
}

const char* fovModeName(CvFovMode eMode) { return eMode == CV_FOV_PERMISSIVE ? "permissive" : "symmetric"; }

const char* fovMetricName(CvFovMetric eMetric)
{
	switch (eMetric)
	{
	case CV_FOV_CHEBYSHEV: return "chebyshev";
	case CV_FOV_MANHATTAN: return "manhattan";
	default: return "euclidean";
	}
}

// --- FovGrid ------------------------------------------------------------------------------------

FovGrid::FovGrid(int iWidth, int iHeight, bool bWrapX, bool bWrapY)
	: m_iWidth(iWidth), m_iHeight(iHeight), m_bWrapX(bWrapX), m_bWrapY(bWrapY)
{
	if (iWidth < 1 || iHeight < 1 || iWidth > 4096 || iHeight > 4096)
	{
		fail("grid size " + std::to_string(iWidth) + "x" + std::to_string(iHeight)
			+ ": width and height must be 1..4096");
	}
	m_abOpaque.assign(size_t(iWidth) * size_t(iHeight), 0);
}

void FovGrid::check(int iX, int iY, const char* szWhat) const
{
	if (!contains(iX, iY))
	{
		fail(std::string(szWhat) + " " + where(iX, iY) + " is off the " + std::to_string(m_iWidth) + "x"
			+ std::to_string(m_iHeight) + " map");
	}
}

bool FovGrid::isOpaqueAt(int iX, int iY) const
{
	check(iX, iY, "cell");
	return isOpaque(plotIndex(iX, iY));
}

void FovGrid::setOpaque(int iX, int iY, bool bOpaque)
{
	check(iX, iY, "cell");
	m_abOpaque[plotIndex(iX, iY)] = bOpaque ? 1 : 0;
}

std::vector<int> fovVisiblePlots(
	const FovGrid& kGrid, int iX, int iY, int iRadius, CvFovMode eMode, CvFovMetric eMetric)
{
	kGrid.check(iX, iY, "origin");
	if (iRadius < 0 || iRadius > CV_FOV_MAX_RADIUS)
	{
		fail("radius " + std::to_string(iRadius) + " is outside 0.." + std::to_string(CV_FOV_MAX_RADIUS));
	}
	const CvFovTable& kTable = fovTable(eMode, eMetric, iRadius);
	CvFovVisibleSet kSet(kGrid.plotCount());
	const CvFovResult eResult = kTable.compute(kGrid, iX, iY, iRadius, kSet);
	if (eResult != CV_FOV_OK)
	{
		fail(std::string("field of view: ") + cvFovResultText(eResult));
	}
	std::vector<int> aiPlots;
	aiPlots.reserve(size_t(kSet.size()));
	for (int i = 0; i < kSet.size(); ++i)
	{
		aiPlots.push_back(kSet.plot(i));
	}
	std::sort(aiPlots.begin(), aiPlots.end());
	return aiPlots;
}

bool fovLineOfSight(const FovGrid& kGrid, int iFromX, int iFromY, int iToX, int iToY, int iRadius, CvFovMetric eMetric)
{
	kGrid.check(iFromX, iFromY, "origin");
	kGrid.check(iToX, iToY, "target");
	bool bVisible = false;
	const CvFovResult eResult = cvFovLineOfSight(kGrid, eMetric, iFromX, iFromY, iToX, iToY, iRadius, bVisible);
	if (eResult != CV_FOV_OK)
	{
		fail(std::string("line of sight: ") + cvFovResultText(eResult) + " (radius " + std::to_string(iRadius) + ")");
	}
	return bVisible;
}

// --- ViewshedWorld ------------------------------------------------------------------------------

ViewshedWorld::ViewshedWorld(int iWidth, int iHeight, bool bWrapX, bool bWrapY)
	: m_kGrid(iWidth, iHeight, bWrapX, bWrapY), m_kScratch(iWidth * iHeight)
{}

ViewshedWorld::Observer& ViewshedWorld::observer(int iId)
{
	return const_cast<Observer&>(static_cast<const ViewshedWorld*>(this)->observer(iId));
}

const ViewshedWorld::Observer& ViewshedWorld::observer(int iId) const
{
	if (iId < 0 || iId >= int(m_aObservers.size()) || !m_aObservers[size_t(iId)].bAlive)
	{
		fail("no observer with id " + std::to_string(iId));
	}
	return m_aObservers[size_t(iId)];
}

void ViewshedWorld::checkRadius(int iRadius) const
{
	if (iRadius < 0 || iRadius > CV_FOV_MAX_RADIUS)
	{
		fail("radius " + std::to_string(iRadius) + " is outside 0.." + std::to_string(CV_FOV_MAX_RADIUS));
	}
}

bool ViewshedWorld::inRange(int iId, int iX, int iY) const
{
	const Observer& kObserver = observer(iId);
	m_kGrid.check(iX, iY, "cell");
	const int iDX = cvVisionWrapDelta(iX - kObserver.iX, m_kGrid.getGridWidth(), m_kGrid.isWrapX());
	const int iDY = cvVisionWrapDelta(iY - kObserver.iY, m_kGrid.getGridHeight(), m_kGrid.isWrapY());
	return cvFovWithinRadius(kObserver.eMetric, iDX, iDY, kObserver.iRadius);
}

void ViewshedWorld::setOpaque(int iX, int iY, bool bOpaque)
{
	if (m_kGrid.isOpaqueAt(iX, iY) == bOpaque)
	{
		return;
	}
	m_kGrid.setOpaque(iX, iY, bOpaque);
	for (size_t i = 0; i < m_aObservers.size(); ++i)
	{
		if (m_aObservers[i].bAlive && inRange(int(i), iX, iY))
		{
			m_aObservers[i].bDirty = true;
		}
	}
}

int ViewshedWorld::addObserver(int iX, int iY, int iRadius, CvFovMode eMode, CvFovMetric eMetric)
{
	m_kGrid.check(iX, iY, "observer position");
	checkRadius(iRadius);
	if (eMode < 0 || eMode >= NUM_CV_FOV_MODES)
	{
		fail("unknown field-of-view mode " + std::to_string(int(eMode)));
	}
	if (eMetric < 0 || eMetric >= NUM_CV_FOV_METRICS)
	{
		fail("unknown field-of-view metric " + std::to_string(int(eMetric)));
	}
	Observer kObserver;
	kObserver.bAlive = true;
	kObserver.iX = iX;
	kObserver.iY = iY;
	kObserver.iRadius = iRadius;
	kObserver.eMode = eMode;
	kObserver.eMetric = eMetric;
	kObserver.aiMemory.assign(size_t(m_kGrid.plotCount()), static_cast<signed char>(MEMORY_UNKNOWN));
	m_aObservers.push_back(std::move(kObserver));
	return int(m_aObservers.size()) - 1;
}

void ViewshedWorld::moveObserver(int iId, int iX, int iY)
{
	Observer& kObserver = observer(iId);
	m_kGrid.check(iX, iY, "observer position");
	if (kObserver.iX != iX || kObserver.iY != iY)
	{
		kObserver.iX = iX;
		kObserver.iY = iY;
		kObserver.bDirty = true;
	}
}

void ViewshedWorld::setRadius(int iId, int iRadius)
{
	Observer& kObserver = observer(iId);
	checkRadius(iRadius);
	if (kObserver.iRadius != iRadius)
	{
		kObserver.iRadius = iRadius;
		kObserver.bDirty = true;
	}
}

void ViewshedWorld::removeObserver(int iId)
{
	Observer& kObserver = observer(iId);
	kObserver = Observer(); // not alive; its id is not reused
}

std::vector<int> ViewshedWorld::observerIds() const
{
	std::vector<int> aiIds;
	for (size_t i = 0; i < m_aObservers.size(); ++i)
	{
		if (m_aObservers[i].bAlive)
		{
			aiIds.push_back(int(i));
		}
	}
	return aiIds;
}

void ViewshedWorld::recompute(Observer& kObserver)
{
	const CvFovTable& kTable = fovTable(kObserver.eMode, kObserver.eMetric, kObserver.iRadius);
	m_kScratch.begin();
	const CvFovResult eResult = kTable.compute(m_kGrid, kObserver.iX, kObserver.iY, kObserver.iRadius, m_kScratch);
	if (eResult != CV_FOV_OK)
	{
		fail(std::string("field of view: ") + cvFovResultText(eResult)); // checked on entry: cannot happen
	}
	kObserver.aiVisible.assign(size_t(m_kScratch.size()), 0);
	for (int i = 0; i < m_kScratch.size(); ++i)
	{
		const int iPlot = m_kScratch.plot(i);
		kObserver.aiVisible[size_t(i)] = iPlot;
		kObserver.aiMemory[size_t(iPlot)] =
			static_cast<signed char>(m_kGrid.isOpaque(iPlot) ? MEMORY_OPAQUE : MEMORY_TRANSPARENT);
	}
	std::sort(kObserver.aiVisible.begin(), kObserver.aiVisible.end());
	kObserver.bDirty = false;
}

int ViewshedWorld::update()
{
	int iRecomputed = 0;
	for (Observer& kObserver : m_aObservers)
	{
		if (kObserver.bAlive && kObserver.bDirty)
		{
			recompute(kObserver);
			++iRecomputed;
		}
	}
	return iRecomputed;
}

bool ViewshedWorld::isDirty(int iId) const { return observer(iId).bDirty; }

std::pair<int, int> ViewshedWorld::position(int iId) const
{
	const Observer& kObserver = observer(iId);
	return std::make_pair(kObserver.iX, kObserver.iY);
}

int ViewshedWorld::radius(int iId) const { return observer(iId).iRadius; }
CvFovMode ViewshedWorld::mode(int iId) const { return observer(iId).eMode; }
CvFovMetric ViewshedWorld::metric(int iId) const { return observer(iId).eMetric; }

const std::vector<int>& ViewshedWorld::visiblePlots(int iId) const { return observer(iId).aiVisible; }

bool ViewshedWorld::isVisible(int iId, int iX, int iY) const
{
	const std::vector<int>& aiVisible = observer(iId).aiVisible;
	m_kGrid.check(iX, iY, "cell");
	return std::binary_search(aiVisible.begin(), aiVisible.end(), m_kGrid.plotIndex(iX, iY));
}

ViewshedWorld::Memory ViewshedWorld::remembered(int iId, int iX, int iY) const
{
	const Observer& kObserver = observer(iId);
	m_kGrid.check(iX, iY, "cell");
	return static_cast<Memory>(kObserver.aiMemory[size_t(m_kGrid.plotIndex(iX, iY))]);
}

bool ViewshedWorld::isRevealed(int iId, int iX, int iY) const { return remembered(iId, iX, iY) != MEMORY_UNKNOWN; }

std::vector<int> ViewshedWorld::revealedPlots(int iId) const
{
	const Observer& kObserver = observer(iId);
	std::vector<int> aiPlots;
	for (size_t i = 0; i < kObserver.aiMemory.size(); ++i)
	{
		if (kObserver.aiMemory[i] != MEMORY_UNKNOWN)
		{
			aiPlots.push_back(int(i));
		}
	}
	return aiPlots;
}

} // namespace cvv
