// The pathfinder against the plain textbook A* (tests/engine/TextbookAStar.h) on the same queries:
// 128x80 maps wrapping east-west (grassland with hills, forest, forested hills, scattered peaks and
// a grid of roads, as a team knows them: half seen, a third more remembered), 200 fixed queries
// between plots at least 16 apart, a scout (2 moves), the team's knowledge view for both.
// Ends with the summary line
//   path textbook_ns=X cvvision_ns=Y speedup=Z
// (nanoseconds per query, medians of 3 repetitions).
#include "CvPathfinder.h"
#include "lib/analysis/PathTestWorld.h"
#include "engine/TextbookAStar.h"

#include "BenchSummary.h"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <sstream>

using namespace cvv;

namespace {
const int WIDTH = 128;
const int HEIGHT = 80;
const int NUM_QUERIES = 200;

struct Setup
{
	GridWorld kWorld;
	CvPathCost kCost;
	std::vector<std::pair<int, int>> aQueries;

	static GridWorld makeWorld()
	{
		std::mt19937 kRandom(128080);
		GridWorld kWorld = randomWorld(kRandom, WIDTH, HEIGHT, true, false, "..........hhhfffF^");
		// Roads every 16 columns and 10 rows, as a team's network.
		const int eRoad = type(vanilla().findRoute("ROUTE_ROAD"));
		for (int i = 0; i < WIDTH * HEIGHT; ++i)
		{
			CvPathPlot& kPlot = kWorld.aTruth[i];
			if ((i % WIDTH % 16 == 5 || i / WIDTH % 10 == 5) && kPlot.eKind != CV_VISION_PLOT_PEAK)
			{
				kPlot.eRoute = eRoad;
				kWorld.aiRevealedRoute[i] = (kRandom() % 4 == 0) ? -1 : eRoad;
			}
		}
		return kWorld;
	}

	Setup() : kWorld(makeWorld()), kCost(vanilla(), unitOf("UNIT_SCOUT"))
	{
		std::mt19937 kRandom(7);
		const CvKnowledgeView<GridWorld> kView(kWorld, 0);
		while (static_cast<int>(aQueries.size()) < NUM_QUERIES)
		{
			const int iFrom = static_cast<int>(kRandom() % (WIDTH * HEIGHT));
			const int iTo = static_cast<int>(kRandom() % (WIDTH * HEIGHT));
			const bool bFar = CvPathfinder::distance(
								  iFrom % WIDTH, iFrom / WIDTH, iTo % WIDTH, iTo / WIDTH, WIDTH, HEIGHT, true, false)
				>= 16;
			if (bFar && kCost.enter(kView.plot(iFrom)).iRegular >= 0 && kCost.enter(kView.plot(iTo)).iRegular >= 0)
			{
				aQueries.push_back({ iFrom, iTo });
			}
		}
	}
};

const Setup& setup()
{
	static const Setup kSetup;
	return kSetup;
}

void textbook(benchmark::State& kState)
{
	const Setup& k = setup();
	const CvKnowledgeView<GridWorld> kView(k.kWorld, 0);
	long lCost = 0;
	for (auto _ : kState)
	{
		for (const auto& [iFrom, iTo] : k.aQueries)
		{
			lCost += textbookAStar(kView, k.kCost, iFrom, iTo).iCost;
		}
	}
	benchmark::DoNotOptimize(lCost);
	kState.SetItemsProcessed(kState.iterations() * NUM_QUERIES);
}

void cvvision(benchmark::State& kState)
{
	const Setup& k = setup();
	const CvKnowledgeView<GridWorld> kView(k.kWorld, 0);
	CvPathfinder kFinder;
	long lCost = 0;
	unsigned uSeed = 0;
	for (auto _ : kState)
	{
		for (const auto& [iFrom, iTo] : k.aQueries)
		{
			lCost += kFinder.findPath(kView, k.kCost, iFrom, iTo, ++uSeed).iCost;
		}
	}
	benchmark::DoNotOptimize(lCost);
	kState.SetItemsProcessed(kState.iterations() * NUM_QUERIES);
}

// Both must agree on every cost, or the comparison means nothing.
bool sameCosts()
{
	const Setup& k = setup();
	const CvKnowledgeView<GridWorld> kView(k.kWorld, 0);
	CvPathfinder kFinder;
	for (const auto& [iFrom, iTo] : k.aQueries)
	{
		const TextbookPath kTextbook = textbookAStar(kView, k.kCost, iFrom, iTo);
		const CvPathResult& kPath = kFinder.findPath(kView, k.kCost, iFrom, iTo, 1);
		if (kTextbook.bFound != (kPath.eStatus == CV_PATH_FOUND)
			|| (kTextbook.bFound && kTextbook.iCost != kPath.iCost))
		{
			std::fprintf(stderr, "bench_path: the two disagree on the query %d -> %d\n", iFrom, iTo);
			return false;
		}
	}
	return true;
}
}

int main(int argc, char** argv)
{
	if (!sameCosts())
	{
		return 1;
	}
	for (const auto& [szName, fRun] :
		{ std::pair{ "path/textbook", &textbook }, std::pair{ "path/cvvision", &cvvision } })
	{
		registerMedianOf3(szName, fRun, 0.3, benchmark::kMillisecond);
	}
	SummaryReporter kReporter;
	runBenchmarks(&argc, argv, kReporter);

	const auto kTextbook = kReporter.kMedianNs.find("path/textbook");
	const auto kCvVision = kReporter.kMedianNs.find("path/cvvision");
	std::ostringstream kSummary;
	if (kTextbook != kReporter.kMedianNs.end() && kCvVision != kReporter.kMedianNs.end())
	{
		// The reporter's times are in the benchmark's unit (milliseconds) for NUM_QUERIES queries.
		const double fTextbookNs = kTextbook->second * 1e6 / NUM_QUERIES;
		const double fCvVisionNs = kCvVision->second * 1e6 / NUM_QUERIES;
		char szLine[256];
		std::snprintf(szLine, sizeof(szLine), "path textbook_ns=%.0f cvvision_ns=%.0f speedup=%.1f\n", fTextbookNs,
			fCvVisionNs, fTextbookNs / fCvVisionNs);
		kSummary << szLine;
	}
	publishSummary(kSummary.str());
	return 0;
}
