// The sampling profiler (CvHostProfile.h).
#include "CvHostProfile.h"
#include "CvHostSymbols.h"

#include <errno.h>
#include <execinfo.h>
#include <signal.h>
#include <string.h>
#include <sys/time.h>

#include <algorithm>
#include <map>

namespace {

const int kFrames = 48;
const long kMaxSamples = 200000; // 200 s of CPU time at 1 kHz; 38 MB on 32 bits

void** g_frames = NULL; // kMaxSamples * kFrames
int* g_depths = NULL;
volatile long g_taken = 0; // kept
volatile long g_seen = 0; // taken or dropped

void onProfile(int)
{
	const int saved = errno;
	++g_seen;
	if (g_taken < kMaxSamples)
	{
		const long i = g_taken;
		g_depths[i] = backtrace(g_frames + i * kFrames, kFrames);
		g_taken = i + 1;
	}
	errno = saved;
}

void setProfileTimer(long microseconds)
{
	struct itimerval timer;
	memset(&timer, 0, sizeof(timer));
	timer.it_interval.tv_usec = microseconds;
	timer.it_value.tv_usec = microseconds;
	setitimer(ITIMER_PROF, &timer, NULL);
}

} // namespace

void cvHostProfileStart()
{
	if (!g_frames)
	{
		g_frames = new void*[kMaxSamples * kFrames];
		g_depths = new int[kMaxSamples];
		void* warm[4];
		backtrace(warm, 4); // the unwinder loaded outside the handler
	}
	g_taken = 0;
	g_seen = 0;
	struct sigaction action;
	memset(&action, 0, sizeof(action));
	action.sa_handler = onProfile;
	action.sa_flags = SA_RESTART;
	sigemptyset(&action.sa_mask);
	sigaction(SIGPROF, &action, NULL);
	setProfileTimer(1000);
}

void cvHostProfileStop()
{
	setProfileTimer(0);
	signal(SIGPROF, SIG_IGN);
}

CvHostProfileShare cvHostProfileShare(const std::vector<std::string>& functions)
{
	CvHostProfileShare share;
	share.samples = g_seen;
	const CvHostSymbols& symbols = CvHostSymbols::instance();
	std::map<void*, bool> known; // a return address -> whether its function is one of them
	for (long i = 0; i < g_taken; ++i)
	{
		const int depth = g_depths[i];
		if (depth >= kFrames) ++share.truncated;
		for (int f = 0; f < depth; ++f)
		{
			void* address = g_frames[i * kFrames + f];
			auto found = known.find(address);
			if (found == known.end())
			{
				// A return address is one past its call: the call's own function holds the byte before it.
				const std::string name = cvHostFunctionName(symbols.name(static_cast<char*>(address) - (f ? 1 : 0)));
				found = known.emplace(address, std::find(functions.begin(), functions.end(), name) != functions.end())
							.first;
			}
			if (found->second)
			{
				++share.inside;
				break;
			}
		}
	}
	return share;
}
