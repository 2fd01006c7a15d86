// The engine against the reference on random mixed-terrain maps (Google Benchmark).
// Ends with one summary line per range:
//   range=R reference_ns=X engine_ns=Y speedup=Z touch_ns=T
// X and Y: median cost of one add-plus-remove of a ground source; T: the same add-plus-remove of
// every plot of the (2R+3)^2 square with no line-of-sight test at all (the floor).
// and, for the mod option CVVISION_SIGHT_MODEL, one line per range with the same cost under each
// model of sight (BTS's engine, the permissive and the symmetric PCVT):
//   sight_model range=R bts_ns=X permissive_ns=Y symmetric_ns=Z
// Summary lines also go to the file named by CVVISION_BENCH_SUMMARY, for `make bench`.
#include "CvVisionEngine.h"
#include "model/PlotGrid.h"
#include "engine/RandomMaps.h"
#include "engine/ReferenceVision.h"

#include "BenchSummary.h"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <sstream>
#include <string>

using namespace cvv;

namespace {
const int MAP_SIDE = 96;
const int NUM_ORIGINS = 1024;
const int MAX_BENCH_RANGE = 8;

// The sink of all three variants: it only changes the counts, as touch_ns is defined.
struct CountingSink
{
	std::vector<int> aiCounts;
	std::vector<int> aiTyped;
	CountingSink() : aiCounts(2 * MAP_SIDE * MAP_SIDE), aiTyped(4 * MAP_SIDE * MAP_SIDE) {}
	void changeVisibilityCount(int iPlot, int eTeam, int iChange, int eInvisible)
	{
		aiCounts[eTeam * MAP_SIDE * MAP_SIDE + iPlot] += iChange;
		if (eInvisible >= 0)
		{
			aiTyped[(eTeam * 2 + eInvisible) * MAP_SIDE * MAP_SIDE + iPlot] += iChange;
		}
	}
};

struct Fixture
{
	PlotGrid kGrid;
	CountingSink kSink;
	std::vector<CvVisionSource> aOrigins;

	Fixture() : kGrid(MAP_SIDE, MAP_SIDE, true, true)
	{
		std::mt19937 kRng(3190u);
		TerrainMix kMix; // 30% water, 10% hills, 3% peaks
		kMix.iForest = 36; // of the 70% land: about 25% of all plots
		randomizeTerrain(kGrid, kRng, kMix);
		for (int i = 0; i < NUM_ORIGINS; ++i)
		{
			CvVisionSource kSource;
			kSource.iX = kRng() % MAP_SIDE;
			kSource.iY = kRng() % MAP_SIDE;
			aOrigins.push_back(kSource);
		}
	}
};

Fixture& fixture()
{
	static Fixture kFixture;
	return kFixture;
}

enum Kind {
	KIND_REFERENCE,
	KIND_ENGINE,
	KIND_TOUCH,
	KIND_PERMISSIVE, // the engine under CVVISION_SIGHT_MODEL 1
	KIND_SYMMETRIC // ... and 2
};

CvVisionEngine engineOf(Kind eKind)
{
	CvVisionOptions kOptions;
	kOptions.eSightModel = eKind == KIND_PERMISSIVE ? CV_VISION_SIGHT_PERMISSIVE
		: eKind == KIND_SYMMETRIC                   ? CV_VISION_SIGHT_SYMMETRIC
													: CV_VISION_SIGHT_BTS;
	return CvVisionEngine(CvVisionTables::standard(), kOptions);
}

// Changes the count of every plot of the square around the source, no line of sight.
void touchSquare(CountingSink& kSink, const CvVisionSource& kSource, int iRing, int iChange)
{
	int aiColumn[CV_VISION_MAX_SIDE];
	for (int i = -iRing; i <= iRing; ++i)
	{
		aiColumn[i + iRing] = cvVisionWrapCoord(kSource.iX + i, MAP_SIDE, true);
	}
	for (int iDY = -iRing; iDY <= iRing; ++iDY)
	{
		const int iRow = cvVisionWrapCoord(kSource.iY + iDY, MAP_SIDE, true);
		for (int iDX = 0; iDX < 2 * iRing + 1; ++iDX)
		{
			if (iRow >= 0 && aiColumn[iDX] >= 0)
			{
				kSink.changeVisibilityCount(
					iRow * MAP_SIDE + aiColumn[iDX], kSource.eTeam, iChange, CV_VISION_NO_INVISIBLE);
			}
		}
	}
}

void runSight(benchmark::State& kState, Kind eKind, bool bAerial, int iRange)
{
	Fixture& kFix = fixture();
	const CvVisionEngine kEngine = engineOf(eKind);
	size_t iNext = 0;
	for (auto _ : kState)
	{
		CvVisionSource kSource = kFix.aOrigins[iNext];
		iNext = (iNext + 1) % kFix.aOrigins.size();
		kSource.iRange = iRange;
		kSource.bAerial = bAerial;
		if (eKind == KIND_ENGINE || eKind == KIND_PERMISSIVE || eKind == KIND_SYMMETRIC)
		{
			benchRequire(kEngine.changeAdjacentSight(kFix.kGrid, kFix.kSink, kSource, 1) == CV_VISION_OK, "add");
			benchRequire(kEngine.changeAdjacentSight(kFix.kGrid, kFix.kSink, kSource, -1) == CV_VISION_OK, "remove");
		}
		else if (eKind == KIND_REFERENCE)
		{
			referenceChangeAdjacentSight(kFix.kGrid, kFix.kSink, kSource, 1);
			referenceChangeAdjacentSight(kFix.kGrid, kFix.kSink, kSource, -1);
		}
		else
		{
			touchSquare(kFix.kSink, kSource, iRange + 1, 1);
			touchSquare(kFix.kSink, kSource, iRange + 1, -1);
		}
	}
	benchmark::DoNotOptimize(kFix.kSink.aiCounts.data());
}

std::string name(const char* szKind, bool bAerial, int iRange)
{
	std::ostringstream kOut;
	kOut << szKind << (bAerial ? "/aerial/" : "/ground/") << iRange;
	return kOut.str();
}
}

int main(int argc, char** argv)
{
	const char* const aszKinds[5] = { "reference", "engine", "touch", "permissive", "symmetric" };
	for (int iRange = 1; iRange <= MAX_BENCH_RANGE; ++iRange)
	{
		for (int bAerial = 0; bAerial <= 1; ++bAerial)
		{
			for (int eKind = KIND_REFERENCE; eKind <= KIND_SYMMETRIC; ++eKind)
			{
				if (bAerial && eKind >= KIND_TOUCH)
				{
					continue;
				}
				registerMedianOf3(
					name(aszKinds[eKind], bAerial != 0, iRange),
					[=](benchmark::State& kState) { runSight(kState, static_cast<Kind>(eKind), bAerial != 0, iRange); },
					0.1, benchmark::kNanosecond);
			}
		}
	}
	SummaryReporter kReporter;
	runBenchmarks(&argc, argv, kReporter);

	std::ostringstream kSummary;
	for (int iRange = 1; iRange <= MAX_BENCH_RANGE; ++iRange)
	{
		for (int bAerial = 0; bAerial <= 1; ++bAerial)
		{
			const auto kRef = kReporter.kMedianNs.find(name("reference", bAerial, iRange));
			const auto kEng = kReporter.kMedianNs.find(name("engine", bAerial, iRange));
			const auto kTouch = kReporter.kMedianNs.find(name("touch", false, iRange));
			if (kRef == kReporter.kMedianNs.end() || kEng == kReporter.kMedianNs.end())
			{
				continue; // filtered out
			}
			char szLine[256];
			std::snprintf(szLine, sizeof(szLine), "%srange=%d reference_ns=%.0f engine_ns=%.0f speedup=%.1f",
				bAerial ? "aerial " : "", iRange, kRef->second, kEng->second, kRef->second / kEng->second);
			kSummary << szLine;
			if (!bAerial && kTouch != kReporter.kMedianNs.end())
			{
				std::snprintf(szLine, sizeof(szLine), " touch_ns=%.0f engine_over_touch=%.2f", kTouch->second,
					kEng->second / kTouch->second);
				kSummary << szLine;
			}
			kSummary << '\n';
		}
	}
	for (int iRange = 1; iRange <= MAX_BENCH_RANGE; ++iRange)
	{
		const auto kBts = kReporter.kMedianNs.find(name("engine", false, iRange));
		const auto kPermissive = kReporter.kMedianNs.find(name("permissive", false, iRange));
		const auto kSymmetric = kReporter.kMedianNs.find(name("symmetric", false, iRange));
		if (kBts != kReporter.kMedianNs.end() && kPermissive != kReporter.kMedianNs.end()
			&& kSymmetric != kReporter.kMedianNs.end())
		{
			char szLine[256];
			std::snprintf(szLine, sizeof(szLine),
				"sight_model range=%d bts_ns=%.0f permissive_ns=%.0f symmetric_ns=%.0f\n", iRange, kBts->second,
				kPermissive->second, kSymmetric->second);
			kSummary << szLine;
		}
	}
	publishSummary(kSummary.str());
	return 0;
}
