// Re-sight after a change of a plot's levels, and the ledger's memory, on a large game:
// a 128x80 map wrapping east-west, 2,000 units at range 2 and 5,000 owned plots (range 1).
// Ends with two summary lines:
//   resight vanilla_ns=X cvvision_ns=Y speedup=Z
//   ledger sources=N entries=E host_bytes=B bytes_32bit=C
// One level change: a forest at the plot is cut, or planted where there is none (its see-through
// level changes by one). vanilla: BTS's bracket, every source on the square of radius 6 around the
// plot removed by recomputing its sight, the change, every one added again; cvvision: the change,
// then CvVisionLedger::resightLevelChange of the sources within the largest range in play (3 for
// these rules) whose sight reads the plot (CvVisionLedger::sightReads): each sight computed with the
// plot's old and new levels, and only a sight that differs re-sighted through the ledger. Both use the engine for the sight itself,
// each on its own copy of the game.
#include "CvVisionLedger.h"
#include "model/PlotGrid.h"
#include "engine/RandomMaps.h"

#include "BenchSummary.h"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <random>
#include <sstream>

using namespace cvv;

namespace {
const int WIDTH = 128;
const int HEIGHT = 80;
const int NUM_UNITS = 2000;
const int NUM_OWNED = 5000;
const int VANILLA_RADIUS = 6; // BTS: max(RECON + 1, UNIT + 1 + every promotion) in vanilla
const int CVVISION_RADIUS = 3; // CvVisionRules::resightRadius() for vanilla rules

struct CountingSink
{
	std::vector<int> aiCounts = std::vector<int>(4 * WIDTH * HEIGHT);
	void changeVisibilityCount(int iPlot, int eTeam, int iChange, int)
	{
		aiCounts[eTeam * WIDTH * HEIGHT + iPlot] += iChange;
	}
};

struct Game
{
	PlotGrid kGrid{ WIDTH, HEIGHT, true, false, 4, 2 };
	CountingSink kSink;
	CvVisionLedger kLedger;
	const CvVisionEngine kEngine;
	std::vector<std::vector<std::pair<CvVisionSourceKey, CvVisionSource>>> aSourcesAt =
		std::vector<std::vector<std::pair<CvVisionSourceKey, CvVisionSource>>>(WIDTH * HEIGHT);
	std::vector<int> aiChangedPlots;

	Game()
	{
		std::mt19937 kRng(319u);
		TerrainMix kMix;
		kMix.iForest = 36;
		randomizeTerrain(kGrid, kRng, kMix);
		for (int i = 0; i < NUM_OWNED + NUM_UNITS; ++i)
		{
			CvVisionSource kSource;
			kSource.iX = static_cast<int>(kRng() % WIDTH);
			kSource.iY = static_cast<int>(kRng() % HEIGHT);
			kSource.eTeam = static_cast<int>(kRng() % 4);
			const bool bUnit = i >= NUM_OWNED;
			kSource.iRange = bUnit ? 2 : 1;
			const CvVisionSourceKey kKey(
				bUnit ? CV_VISION_SOURCE_UNIT : CV_VISION_SOURCE_PLOT, bUnit ? 0 : i, i, kSource.eTeam);
			benchRequire(kLedger.add(kKey, kEngine, kGrid, kSink, kSource) == CV_VISION_OK, "the ledger's add");
			aSourcesAt[kSource.iY * WIDTH + kSource.iX].push_back({ kKey, kSource });
		}
		for (int i = 0; i < 1024; ++i)
		{
			aiChangedPlots.push_back(static_cast<int>(kRng() % (WIDTH * HEIGHT)));
		}
	}

	// Calls fVisit for every source whose origin lies within iRadius of iPlot.
	template <class Visit>
	void forEachNear(int iPlot, int iRadius, Visit fVisit)
	{
		const int iX = iPlot % WIDTH;
		const int iY = iPlot / WIDTH;
		for (int iDY = -iRadius; iDY <= iRadius; ++iDY)
		{
			const int iQY = iY + iDY;
			if (iQY < 0 || iQY >= HEIGHT)
			{
				continue;
			}
			for (int iDX = -iRadius; iDX <= iRadius; ++iDX)
			{
				const int iQ = iQY * WIDTH + cvVisionWrapCoord(iX + iDX, WIDTH, true);
				for (const auto& kEntry : aSourcesAt[iQ])
				{
					fVisit(kEntry);
				}
			}
		}
	}

	// The level change: the forest at iPlot cut, or planted.
	void toggleForest(int iPlot)
	{
		const int iX = iPlot % WIDTH;
		const int iY = iPlot / WIDTH;
		kGrid.setFeatureSeeThrough(iX, iY, kGrid.plot(iX, iY).iFeatureSeeThrough == 0 ? 1 : 0);
	}
};

// One game per variant: each keeps its counts and its map consistent.
Game& game(int iVariant = 0)
{
	static Game kGames[2];
	return kGames[iVariant];
}

void vanilla(benchmark::State& kState)
{
	Game& kGame = game(0);
	size_t iNext = 0;
	for (auto _ : kState)
	{
		const int iPlot = kGame.aiChangedPlots[iNext++ % kGame.aiChangedPlots.size()];
		kGame.forEachNear(iPlot, VANILLA_RADIUS, [&](const auto& kEntry) {
			benchRequire(kGame.kEngine.changeAdjacentSight(kGame.kGrid, kGame.kSink, kEntry.second, -1) == CV_VISION_OK,
				"remove");
		});
		kGame.toggleForest(iPlot);
		kGame.forEachNear(iPlot, VANILLA_RADIUS, [&](const auto& kEntry) {
			benchRequire(
				kGame.kEngine.changeAdjacentSight(kGame.kGrid, kGame.kSink, kEntry.second, 1) == CV_VISION_OK, "add");
		});
	}
}

void cvvision(benchmark::State& kState)
{
	Game& kGame = game(1);
	size_t iNext = 0;
	for (auto _ : kState)
	{
		const int iPlot = kGame.aiChangedPlots[iNext++ % kGame.aiChangedPlots.size()];
		int aiSeeFrom[4];
		for (int t = 0; t < 4; ++t)
		{
			aiSeeFrom[t] = kGame.kGrid.seeFromLevel(iPlot, t);
		}
		const int iSeeThrough = kGame.kGrid.seeThroughLevel(iPlot);
		kGame.toggleForest(iPlot);
		const CvVisionLevelsBefore<PlotGrid> kBefore(kGame.kGrid, iPlot, iSeeThrough, aiSeeFrom);
		kGame.forEachNear(iPlot, CVVISION_RADIUS, [&](const auto& kEntry) {
			if (CvVisionLedger::sightReads(kGame.kEngine, kGame.kGrid, kEntry.second, iPlot))
			{
				benchRequire(kGame.kLedger.resightLevelChange(
								 kEntry.first, kGame.kEngine, kBefore, kGame.kGrid, kGame.kSink, kEntry.second)
						== CV_VISION_OK,
					"resightLevelChange");
			}
		});
	}
}

}

int main(int argc, char** argv)
{
	for (const auto& [szName, fRun] :
		{ std::pair{ "resight/vanilla", &vanilla }, std::pair{ "resight/cvvision", &cvvision } })
	{
		registerMedianOf3(szName, fRun, 0.2, benchmark::kMicrosecond);
	}
	SummaryReporter kReporter;
	runBenchmarks(&argc, argv, kReporter);

	std::ostringstream kSummary;
	const auto kVanilla = kReporter.kMedianNs.find("resight/vanilla");
	const auto kCvVision = kReporter.kMedianNs.find("resight/cvvision");
	char szLine[256];
	if (kVanilla != kReporter.kMedianNs.end() && kCvVision != kReporter.kMedianNs.end())
	{
		// The reporter's times are in the benchmark's unit (microseconds).
		std::snprintf(szLine, sizeof(szLine), "resight vanilla_ns=%.0f cvvision_ns=%.0f speedup=%.1f\n",
			kVanilla->second * 1000, kCvVision->second * 1000, kVanilla->second / kCvVision->second);
		kSummary << szLine;
	}
	// Both games' counts after all their level changes equal those of their sources added anew
	// on their maps as they are now.
	for (int iVariant = 0; iVariant < 2; ++iVariant)
	{
		Game& kGame = game(iVariant);
		CountingSink kFresh;
		for (const auto& aEntries : kGame.aSourcesAt)
		{
			for (const auto& kEntry : aEntries)
			{
				benchRequire(
					kGame.kEngine.changeAdjacentSight(kGame.kGrid, kFresh, kEntry.second, 1) == CV_VISION_OK, "add");
			}
		}
		if (kFresh.aiCounts != kGame.kSink.aiCounts)
		{
			std::fprintf(stderr, "bench_resight: the %s game's counts differ from a rebuild\n",
				iVariant ? "cvvision" : "vanilla");
			return 1;
		}
	}
	// The ledger of the game as built (every source added once). On the game's 32-bit DLL a
	// bucket of the key table is 84 bytes (tag, key, counts, the first record with its first six
	// words in place, the vector of further records), a word in a block of its own 4.
	const CvVisionLedger& kLedger = game(0).kLedger;
	const long lBytes32 = 4L * kLedger.heapWords() + 84L * kLedger.buckets();
	std::snprintf(szLine, sizeof(szLine), "ledger sources=%d entries=%d words=%d host_bytes=%d bytes_32bit=%ld\n",
		kLedger.numSources(), kLedger.numEntries(), kLedger.storedWords(), kLedger.sizeInBytes(), lBytes32);
	kSummary << szLine;
	publishSummary(kSummary.str());
	return 0;
}
