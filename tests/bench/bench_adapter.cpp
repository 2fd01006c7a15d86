// The engine as the game runs it: CvVisionSdk::changeAdjacentSight over the SDK mock (levels read
// from each CvPlot's facts through the adapter, counts written through CvPlot::changeVisibilityCount),
// against its touch floor: CvPlot::changeVisibilityCount on the same plots, as many times, with no
// line of sight at all. A 96x96 map wrapping east-west (25% water, 15% hills, 5% peaks, forest on
// a quarter of the land), 1,024 random origins, one add plus one remove per iteration, ranges 1-8.
// Summary lines: adapter range=R engine_ns=X touch_ns=Y ratio=X/Y
#include "CvGameCoreDLL.h"
#include "CvMap.h"
#include "CvPlot.h"
#include "CvTeamAI.h"
#include "CvVisionSdk.h"

#include "formats/RulesLoader.h"
#include "sdk/SdkMockGlobals.h"

#include "BenchSummary.h"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <filesystem>
#include <random>
#include <sstream>
#include <vector>

using namespace cvv;

namespace {
const int SIZE = 96;
const int MAX_RANGE = 8;

struct Origins
{
	std::vector<CvPlot*> apOrigins;
	std::vector<std::vector<std::vector<int>>> aaaiSeen; // [range][origin]: the plots it sees
};

Origins& origins()
{
	static Origins kOrigins;
	return kOrigins;
}

void setUp()
{
	const std::filesystem::path kSource(CVVISION_SOURCE_DIR);
	const LoadedRules kLoaded = loadVisionRules({ kSource / "Assets", bundledVanillaAssets() });
	const CvVisionRules& kRules = kLoaded.kRules;
	fillGlobalsFrom(kLoaded, {});
	CvMap& kMap = GC.getMapINLINE();
	kMap.reset(SIZE, SIZE, true, false, 4, GC.getNumInvisibleInfos());
	std::mt19937 kRng(96u);
	for (int i = 0; i < kMap.numPlotsINLINE(); ++i)
	{
		CvPlot& kPlot = *kMap.plotByIndexINLINE(i);
		const int iRoll = static_cast<int>(kRng() % 100);
		const PlotTypes eType =
			iRoll < 25 ? PLOT_OCEAN : (iRoll < 80 ? PLOT_LAND : (iRoll < 95 ? PLOT_HILLS : PLOT_PEAK));
		kPlot.setPlotType(eType);
		kPlot.setTerrainType(
			static_cast<TerrainTypes>(kRules.findTerrain(eType == PLOT_OCEAN ? "TERRAIN_OCEAN" : "TERRAIN_GRASS")));
		if (eType != PLOT_OCEAN && kRng() % 4 == 0)
		{
			kPlot.setFeatureType(static_cast<FeatureTypes>(kRules.findFeature("FEATURE_FOREST")));
		}
	}
	Origins& kOrigins = origins();
	for (int i = 0; i < 1024; ++i)
	{
		kOrigins.apOrigins.push_back(kMap.plotByIndexINLINE(static_cast<int>(kRng() % kMap.numPlotsINLINE())));
	}
	kOrigins.aaaiSeen.resize(MAX_RANGE + 1);
	std::vector<int> aiBuffer((2 * MAX_RANGE + 3) * (2 * MAX_RANGE + 3));
	for (int r = 1; r <= MAX_RANGE; ++r)
	{
		for (CvPlot* pOrigin : kOrigins.apOrigins)
		{
			const int iCount = CvVisionSdk::seenPlots(pOrigin->getX_INLINE(), pOrigin->getY_INLINE(),
				static_cast<TeamTypes>(0), r, false, NO_DIRECTION, aiBuffer.data());
			kOrigins.aaaiSeen[r].push_back(std::vector<int>(aiBuffer.begin(), aiBuffer.begin() + iCount));
		}
	}
}

void engine(benchmark::State& kState, int iRange)
{
	const Origins& kOrigins = origins();
	size_t iNext = 0;
	for (auto _ : kState)
	{
		const CvPlot& kOrigin = *kOrigins.apOrigins[iNext++ % kOrigins.apOrigins.size()];
		CvVisionSdk::changeAdjacentSight(kOrigin, static_cast<TeamTypes>(0), iRange, true, NULL, false);
		CvVisionSdk::changeAdjacentSight(kOrigin, static_cast<TeamTypes>(0), iRange, false, NULL, false);
	}
}

void touch(benchmark::State& kState, int iRange)
{
	const Origins& kOrigins = origins();
	const CvMap& kMap = GC.getMapINLINE();
	size_t iNext = 0;
	for (auto _ : kState)
	{
		const std::vector<int>& aiSeen = kOrigins.aaaiSeen[iRange][iNext++ % kOrigins.apOrigins.size()];
		for (int iPlot : aiSeen)
		{
			kMap.plotByIndexINLINE(iPlot)->changeVisibilityCount(static_cast<TeamTypes>(0), 1, NO_INVISIBLE, false);
		}
		for (int iPlot : aiSeen)
		{
			kMap.plotByIndexINLINE(iPlot)->changeVisibilityCount(static_cast<TeamTypes>(0), -1, NO_INVISIBLE, false);
		}
	}
}
}

int main(int argc, char** argv)
{
	setUp();
	for (int r = 1; r <= MAX_RANGE; ++r)
	{
		registerMedianOf3(
			"adapter/engine/" + std::to_string(r), [r](benchmark::State& k) { engine(k, r); }, 0.1,
			benchmark::kNanosecond);
		registerMedianOf3(
			"adapter/touch/" + std::to_string(r), [r](benchmark::State& k) { touch(k, r); }, 0.1,
			benchmark::kNanosecond);
	}
	SummaryReporter kReporter;
	runBenchmarks(&argc, argv, kReporter);
	std::ostringstream kSummary;
	for (int r = 1; r <= MAX_RANGE; ++r)
	{
		const auto kEngine = kReporter.kMedianNs.find("adapter/engine/" + std::to_string(r));
		const auto kTouch = kReporter.kMedianNs.find("adapter/touch/" + std::to_string(r));
		if (kEngine == kReporter.kMedianNs.end() || kTouch == kReporter.kMedianNs.end())
		{
			continue;
		}
		char szLine[160];
		std::snprintf(szLine, sizeof(szLine), "adapter range=%d engine_ns=%.0f touch_ns=%.0f ratio=%.2f\n", r,
			kEngine->second, kTouch->second, kEngine->second / kTouch->second);
		kSummary << szLine;
	}
	publishSummary(kSummary.str());
	return 0;
}
