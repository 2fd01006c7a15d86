// CvFov against libtcod 1.18 (Debian's libtcod-dev) on the same maps, origins and radii
// (Google Benchmark). Ends with one summary line per radius:
//   fov radius=R cvvision_ns=X libtcod_shadow_ns=Y libtcod_symmetric_ns=Z libtcod_permissive_ns=P
//       cvvision_permissive_ns=Q libtcod_symmetric_window_ns=W cvvision_over_symmetric=Z/X
// X: cvvision's strict symmetric PCVT (Euclidean, the radius-64 table pruned at R); Y, Z, P:
// libtcod's FOV_SHADOW, FOV_SYMMETRIC_SHADOWCAST and FOV_PERMISSIVE_8; Q: cvvision's permissive
// PCVT. Each is the median cost of one field of view, in ns, over the same cycle of origins.
// W: libtcod's symmetric shadowcast on a map cut to the (2R+1)^2 square around each origin, which
// leaves out its per-call clearing of the whole 128x128 map (what libtcod costs at best).
//
// Maps (128x128, not wrapping, built once with fixed seeds): three with 20%, 25% and 30% random
// walls and one of rooms and corridors (walls everywhere, 40 rooms of 4..14 cells a side carved
// out, each joined to the previous one by an L-shaped corridor). 256 origins per map, random
// transparent cells, the same for every algorithm.
//
// What each call does: cvvision starts a new stamp generation and walks the table, listing each
// visible cell once (CvFovVisibleSet); libtcod clears the fov flag of every cell of its map and
// sets the flags of the visible cells (light_walls on: walls are visible, as in cvvision). Neither
// side reads its result back inside the timing. libtcod's disc is dx*dx + dy*dy <= R*R, cvvision's
// Euclidean disc is the slightly larger dx*dx + dy*dy <= R*R + R (more cells to visit).
// Summary lines also go to the file named by CVVISION_BENCH_SUMMARY, for `make bench`.
// CVVISION_FOV_ALL_RADII=1 runs every radius from 4 to 32 instead of 4, 8, 12, 16, 24 and 32.
#include "CvFov.h"
#include "analysis/Viewshed.h"

#include "BenchSummary.h"

#include <benchmark/benchmark.h>
#include <libtcod/fov.h>

#include <cstdio>
#include <cstdlib>
#include <random>
#include <sstream>
#include <string>
#include <vector>

using namespace cvv;

namespace {
const int MAP_SIDE = 128;
const int NUM_ORIGINS = 256;
// The radii of the summary; every radius 4..32 with CVVISION_FOV_ALL_RADII=1.
std::vector<int> radii()
{
	if (const char* szAll = std::getenv("CVVISION_FOV_ALL_RADII"))
	{
		if (std::string(szAll) == "1")
		{
			std::vector<int> aiAll;
			for (int iRadius = 4; iRadius <= 32; ++iRadius)
			{
				aiAll.push_back(iRadius);
			}
			return aiAll;
		}
	}
	return std::vector<int>{ 4, 8, 12, 16, 24, 32 };
}

void randomWalls(FovGrid& kGrid, int iPercent, std::mt19937& kRng)
{
	std::uniform_int_distribution<int> kRoll(0, 99);
	for (int iY = 0; iY < MAP_SIDE; ++iY)
	{
		for (int iX = 0; iX < MAP_SIDE; ++iX)
		{
			kGrid.setOpaque(iX, iY, kRoll(kRng) < iPercent);
		}
	}
}

void carve(FovGrid& kGrid, int iX0, int iY0, int iX1, int iY1)
{
	for (int iY = std::min(iY0, iY1); iY <= std::max(iY0, iY1); ++iY)
	{
		for (int iX = std::min(iX0, iX1); iX <= std::max(iX0, iX1); ++iX)
		{
			kGrid.setOpaque(iX, iY, false);
		}
	}
}

void roomsAndCorridors(FovGrid& kGrid, std::mt19937& kRng)
{
	for (int iY = 0; iY < MAP_SIDE; ++iY)
	{
		for (int iX = 0; iX < MAP_SIDE; ++iX)
		{
			kGrid.setOpaque(iX, iY, true);
		}
	}
	int iLastX = -1;
	int iLastY = -1;
	for (int iRoom = 0; iRoom < 40; ++iRoom)
	{
		const int iW = 4 + int(kRng() % 11u);
		const int iH = 4 + int(kRng() % 11u);
		const int iX = 1 + int(kRng() % unsigned(MAP_SIDE - iW - 2));
		const int iY = 1 + int(kRng() % unsigned(MAP_SIDE - iH - 2));
		carve(kGrid, iX, iY, iX + iW - 1, iY + iH - 1);
		const int iCX = iX + iW / 2;
		const int iCY = iY + iH / 2;
		if (iLastX >= 0)
		{
			carve(kGrid, iLastX, iLastY, iCX, iLastY);
			carve(kGrid, iCX, iLastY, iCX, iCY);
		}
		iLastX = iCX;
		iLastY = iCY;
	}
}

struct BenchMap
{
	FovGrid kGrid;
	TCOD_Map* pTcod;
	std::vector<std::pair<int, int>> aOrigins;

	explicit BenchMap(const FovGrid& kGridIn, std::mt19937& kRng)
		: kGrid(kGridIn), pTcod(TCOD_map_new(MAP_SIDE, MAP_SIDE))
	{
		for (int iY = 0; iY < MAP_SIDE; ++iY)
		{
			for (int iX = 0; iX < MAP_SIDE; ++iX)
			{
				const bool bOpen = !kGrid.isOpaque(kGrid.plotIndex(iX, iY));
				TCOD_map_set_properties(pTcod, iX, iY, bOpen, bOpen);
			}
		}
		while (int(aOrigins.size()) < NUM_ORIGINS)
		{
			const int iX = int(kRng() % unsigned(MAP_SIDE));
			const int iY = int(kRng() % unsigned(MAP_SIDE));
			if (!kGrid.isOpaque(kGrid.plotIndex(iX, iY)))
			{
				aOrigins.push_back(std::make_pair(iX, iY));
			}
		}
	}
};

std::vector<BenchMap*>& maps()
{
	static std::vector<BenchMap*> s_aMaps;
	if (s_aMaps.empty())
	{
		std::mt19937 kRng(1180u);
		const int aiPercent[3] = { 20, 25, 30 };
		for (int i = 0; i < 3; ++i)
		{
			FovGrid kGrid(MAP_SIDE, MAP_SIDE);
			randomWalls(kGrid, aiPercent[i], kRng);
			s_aMaps.push_back(new BenchMap(kGrid, kRng));
		}
		FovGrid kRooms(MAP_SIDE, MAP_SIDE);
		roomsAndCorridors(kRooms, kRng);
		s_aMaps.push_back(new BenchMap(kRooms, kRng));
	}
	return s_aMaps;
}

enum Kind {
	KIND_CVVISION,
	KIND_CVVISION_PERMISSIVE,
	KIND_TCOD_SHADOW,
	KIND_TCOD_SYMMETRIC,
	KIND_TCOD_PERMISSIVE,
	KIND_TCOD_SYMMETRIC_WINDOW,
	NUM_KINDS
};
const char* const KIND_NAMES[NUM_KINDS] = { "cvvision", "cvvision_permissive", "libtcod_shadow", "libtcod_symmetric",
	"libtcod_permissive", "libtcod_symmetric_window" };

// For libtcod_symmetric_window: each origin's (2R+1)^2 square copied into a map of its own
// (cells off the big map are walls), so that libtcod's per-call clearing covers only the square.
std::vector<TCOD_Map*> windows(int iRadius)
{
	std::vector<TCOD_Map*> apWindows;
	const int iSide = 2 * iRadius + 1;
	for (const BenchMap* pMap : maps())
	{
		for (const std::pair<int, int>& kOrigin : pMap->aOrigins)
		{
			TCOD_Map* pWindow = TCOD_map_new(iSide, iSide);
			for (int iY = 0; iY < iSide; ++iY)
			{
				for (int iX = 0; iX < iSide; ++iX)
				{
					const int iMapX = kOrigin.first + iX - iRadius;
					const int iMapY = kOrigin.second + iY - iRadius;
					const bool bOpen = pMap->kGrid.contains(iMapX, iMapY)
						&& !pMap->kGrid.isOpaque(pMap->kGrid.plotIndex(iMapX, iMapY));
					TCOD_map_set_properties(pWindow, iX, iY, bOpen, bOpen);
				}
			}
			apWindows.push_back(pWindow);
		}
	}
	return apWindows;
}

void runFov(benchmark::State& kState, Kind eKind, int iRadius)
{
	const std::vector<BenchMap*>& aMaps = maps();
	const CvFovTable& kTable = fovTable(
		eKind == KIND_CVVISION_PERMISSIVE ? CV_FOV_PERMISSIVE : CV_FOV_SYMMETRIC, CV_FOV_EUCLIDEAN, CV_FOV_MAX_RADIUS);
	CvFovVisibleSet kSet(MAP_SIDE * MAP_SIDE);
	const TCOD_fov_algorithm_t eAlgorithm = eKind == KIND_TCOD_SHADOW ? FOV_SHADOW
		: eKind == KIND_TCOD_SYMMETRIC                                ? FOV_SYMMETRIC_SHADOWCAST
																	  : FOV_PERMISSIVE_8;
	size_t iMap = 0;
	size_t iOrigin = 0;
	if (eKind == KIND_TCOD_SYMMETRIC_WINDOW)
	{
		const std::vector<TCOD_Map*> apWindows = windows(iRadius);
		size_t iWindow = 0;
		for (auto _ : kState)
		{
			TCOD_map_compute_fov(apWindows[iWindow], iRadius, iRadius, iRadius, true, FOV_SYMMETRIC_SHADOWCAST);
			benchmark::ClobberMemory();
			iWindow = (iWindow + 1) % apWindows.size();
		}
		for (TCOD_Map* pWindow : apWindows)
		{
			TCOD_map_delete(pWindow);
		}
		return;
	}
	for (auto _ : kState)
	{
		const BenchMap& kMap = *aMaps[iMap];
		const std::pair<int, int> kOrigin = kMap.aOrigins[iOrigin];
		if (eKind == KIND_CVVISION || eKind == KIND_CVVISION_PERMISSIVE)
		{
			kSet.begin();
			benchRequire(
				kTable.compute(kMap.kGrid, kOrigin.first, kOrigin.second, iRadius, kSet) == CV_FOV_OK, "compute");
			benchmark::DoNotOptimize(kSet.size());
		}
		else
		{
			TCOD_map_compute_fov(kMap.pTcod, kOrigin.first, kOrigin.second, iRadius, true, eAlgorithm);
			benchmark::ClobberMemory();
		}
		if (++iMap == aMaps.size())
		{
			iMap = 0;
			iOrigin = (iOrigin + 1) % NUM_ORIGINS;
		}
	}
}

// Average visible cells per field of view (outside the timing): both sides see alike.
double averageVisible(Kind eKind, int iRadius)
{
	const std::vector<BenchMap*>& aMaps = maps();
	const CvFovTable& kTable = fovTable(
		eKind == KIND_CVVISION_PERMISSIVE ? CV_FOV_PERMISSIVE : CV_FOV_SYMMETRIC, CV_FOV_EUCLIDEAN, CV_FOV_MAX_RADIUS);
	CvFovVisibleSet kSet(MAP_SIDE * MAP_SIDE);
	long lTotal = 0;
	long lCount = 0;
	for (BenchMap* pMap : aMaps)
	{
		for (const std::pair<int, int>& kOrigin : pMap->aOrigins)
		{
			if (eKind == KIND_CVVISION || eKind == KIND_CVVISION_PERMISSIVE)
			{
				kSet.begin();
				benchRequire(
					kTable.compute(pMap->kGrid, kOrigin.first, kOrigin.second, iRadius, kSet) == CV_FOV_OK, "compute");
				lTotal += kSet.size();
			}
			else
			{
				TCOD_map_compute_fov(pMap->pTcod, kOrigin.first, kOrigin.second, iRadius, true,
					eKind == KIND_TCOD_SHADOW          ? FOV_SHADOW
						: eKind == KIND_TCOD_SYMMETRIC ? FOV_SYMMETRIC_SHADOWCAST
													   : FOV_PERMISSIVE_8);
				for (int iY = 0; iY < MAP_SIDE; ++iY)
				{
					for (int iX = 0; iX < MAP_SIDE; ++iX)
					{
						lTotal += TCOD_map_is_in_fov(pMap->pTcod, iX, iY) ? 1 : 0;
					}
				}
			}
			++lCount;
		}
	}
	return double(lTotal) / double(lCount);
}

std::string name(Kind eKind, int iRadius) { return std::string(KIND_NAMES[eKind]) + "/" + std::to_string(iRadius); }
}

int main(int argc, char** argv)
{
	const std::vector<int> aiRadii = radii();
	for (int iRadius : aiRadii)
	{
		for (int eKind = 0; eKind < NUM_KINDS; ++eKind)
		{
			registerMedianOf3(
				name(static_cast<Kind>(eKind), iRadius),
				[=](benchmark::State& kState) { runFov(kState, static_cast<Kind>(eKind), iRadius); }, 0.1,
				benchmark::kNanosecond);
		}
	}
	SummaryReporter kReporter;
	runBenchmarks(&argc, argv, kReporter);

	std::printf("\naverage visible cells per field of view:\n");
	for (int iRadius : aiRadii)
	{
		std::printf("  radius=%d", iRadius);
		for (int eKind = 0; eKind < KIND_TCOD_SYMMETRIC_WINDOW; ++eKind)
		{
			std::printf(" %s=%.0f", KIND_NAMES[eKind], averageVisible(static_cast<Kind>(eKind), iRadius));
		}
		std::printf("\n");
	}

	std::ostringstream kSummary;
	for (int iRadius : aiRadii)
	{
		double adNs[NUM_KINDS];
		bool bAll = true;
		for (int eKind = 0; eKind < NUM_KINDS; ++eKind)
		{
			const auto kFound = kReporter.kMedianNs.find(name(static_cast<Kind>(eKind), iRadius));
			bAll = bAll && kFound != kReporter.kMedianNs.end();
			adNs[eKind] = bAll ? kFound->second : 0.0;
		}
		if (!bAll)
		{
			continue; // filtered out
		}
		char szLine[320];
		std::snprintf(szLine, sizeof(szLine),
			"fov radius=%d cvvision_ns=%.0f libtcod_shadow_ns=%.0f libtcod_symmetric_ns=%.0f "
			"libtcod_permissive_ns=%.0f "
			"cvvision_permissive_ns=%.0f libtcod_symmetric_window_ns=%.0f cvvision_over_symmetric=%.2f\n",
			iRadius, adNs[KIND_CVVISION], adNs[KIND_TCOD_SHADOW], adNs[KIND_TCOD_SYMMETRIC], adNs[KIND_TCOD_PERMISSIVE],
			adNs[KIND_CVVISION_PERMISSIVE], adNs[KIND_TCOD_SYMMETRIC_WINDOW],
			adNs[KIND_TCOD_SYMMETRIC] / adNs[KIND_CVVISION]);
		kSummary << szLine;
	}
	publishSummary(kSummary.str());
	return 0;
}
