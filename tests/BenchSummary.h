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
