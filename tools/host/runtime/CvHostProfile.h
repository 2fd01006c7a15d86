// A sampling profiler of the host program (play --profile): every millisecond of CPU time the
// process spends (SIGPROF, ITIMER_PROF), the stack of the running code is taken (backtrace(), its
// frames kept in a buffer made beforehand; nothing is allocated in the signal handler). Afterwards
// the samples are named with the program's symbol table (CvHostSymbols.h): the share of the time
// spent inside some functions and whatever they call is the share of samples with one of them on
// the stack. Tree-independent.
#pragma once

#include <string>
#include <vector>

struct CvHostProfileShare
{
	long samples = 0; // taken while the profiler ran
	long inside = 0; // those with one of the functions on the stack
	long truncated = 0; // stacks deeper than the frames kept (counted as not inside unless seen)
};

// Starts taking samples (at most kMaxSamples; later ones are dropped and counted as samples).
void cvHostProfileStart();
void cvHostProfileStop();
// The samples with one of `functions` ("CvPlot::changeAdjacentSight": names without parameters,
// as cvHostFunctionName gives them) on their stack.
CvHostProfileShare cvHostProfileShare(const std::vector<std::string>& functions);
