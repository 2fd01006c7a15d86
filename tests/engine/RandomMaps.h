// Random maps and sources for the differential, property and benchmark runs.
#pragma once

#include "CvVisionEngine.h"
#include "model/PlotGrid.h"

#include <algorithm>
#include <cstdlib>
#include <random>
#include <tuple>
#include <vector>

namespace cvv {

// How many random cases a suite runs: all of them, or a tenth under the sanitizers (make
// test-sanitize sets CVVISION_SANITIZED), where they look for memory errors, not for rare inputs.
inline int randomCases(int iCases) { return std::getenv("CVVISION_SANITIZED") ? std::max(1, iCases / 10) : iCases; }

// Percentages of plot kinds and features.
struct TerrainMix
{
	int iWater = 30;
	int iHills = 10;
	int iPeaks = 3;
	int iForest = 25; // forest or jungle on land: +1 see-through
};

inline void randomizeTerrain(PlotGrid& kGrid, std::mt19937& kRng, const TerrainMix& kMix)
{
	std::uniform_int_distribution<int> kPercent(0, 99);
	for (int iY = 0; iY < kGrid.getGridHeight(); ++iY)
	{
		for (int iX = 0; iX < kGrid.getGridWidth(); ++iX)
		{
			const int iRoll = kPercent(kRng);
			if (iRoll < kMix.iWater)
			{
				kGrid.setWater(iX, iY);
				continue;
			}
			if (iRoll < kMix.iWater + kMix.iHills)
			{
				kGrid.setHills(iX, iY);
			}
			else if (iRoll < kMix.iWater + kMix.iHills + kMix.iPeaks)
			{
				kGrid.setPeak(iX, iY);
			}
			if (kPercent(kRng) < kMix.iForest)
			{
				kGrid.setForest(iX, iY);
			}
		}
	}
}

// One count change, comparable and sortable.
typedef std::tuple<int, int, int, int> CountChange; // plot, team, invisible type, delta

struct RecordingSink
{
	std::vector<CountChange> aChanges;
	void changeVisibilityCount(int iPlot, int eTeam, int iChange, int eInvisible)
	{
		aChanges.push_back(CountChange(iPlot, eTeam, eInvisible, iChange));
	}
	std::vector<CountChange> sorted() const
	{
		std::vector<CountChange> aOut = aChanges;
		std::sort(aOut.begin(), aOut.end());
		return aOut;
	}
	// The changes grouped by plot and team, each plot's in the order they came: what decides where
	// a count passes through 0 (a reveal, a meeting).
	std::vector<CountChange> perPlot() const
	{
		std::vector<CountChange> aOut = aChanges;
		std::stable_sort(aOut.begin(), aOut.end(), [](const CountChange& a, const CountChange& b) {
			return std::get<0>(a) != std::get<0>(b) ? std::get<0>(a) < std::get<0>(b) : std::get<1>(a) < std::get<1>(b);
		});
		return aOut;
	}
};

} // namespace cvv
