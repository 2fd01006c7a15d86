// The benchmarks' shared reporter: it prints as usual and keeps every benchmark's median real
// time (in the benchmark's unit), by name, for the summary lines `make bench` collects.
#pragma once

#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <string>
#include <vector>

// Stops the benchmark (exit status 1, naming the call) when a call of the engine, the ledger or the
// field of view fails on an input the benchmark built itself: a refused input would be timed as
// if it were work.
inline void benchRequire(bool bOk, const char* szCall)
{
	if (!bOk)
	{
		std::fprintf(stderr, "benchmark: %s failed\n", szCall);
		std::exit(1);
	}
}

class SummaryReporter : public benchmark::ConsoleReporter
{
public:
	std::map<std::string, double> kMedianNs;

	void ReportRuns(const std::vector<Run>& aRuns) override
	{
		for (const Run& kRun : aRuns)
		{
			if (kRun.run_type == Run::RT_Aggregate && kRun.aggregate_name == "median")
			{
				kMedianNs[kRun.run_name.function_name] = kRun.GetAdjustedRealTime();
			}
		}
		ConsoleReporter::ReportRuns(aRuns);
	}
};

// Registers a benchmark measured as the median of 3 repetitions (the summary reads medians).
template <class Run>
void registerMedianOf3(const std::string& sName, Run fRun, double fMinTime, benchmark::TimeUnit eUnit)
{
	benchmark::RegisterBenchmark(sName.c_str(), fRun)
		->Repetitions(3)
		->ReportAggregatesOnly(true)
		->MinTime(fMinTime)
		->Unit(eUnit);
}

// Runs every registered benchmark; returns the reporter with their medians.
inline void runBenchmarks(int* pArgc, char** argv, SummaryReporter& kReporter)
{
	benchmark::Initialize(pArgc, argv);
	benchmark::RunSpecifiedBenchmarks(&kReporter);
	benchmark::Shutdown();
}

// Prints a benchmark's summary lines last, and writes them to the file named by
// CVVISION_BENCH_SUMMARY, where `make bench` collects them.
inline void publishSummary(const std::string& sSummary)
{
	std::printf("\n%s", sSummary.c_str());
	if (const char* szFile = std::getenv("CVVISION_BENCH_SUMMARY"))
	{
		std::ofstream(szFile) << sSummary;
	}
}
