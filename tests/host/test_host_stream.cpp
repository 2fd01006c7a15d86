// The host's stream (tools/host/runtime/CvHostStream.h) compiled against BTS 3.19's own
// FDataStreamBase.h (the shared tree's folder is on this file's include path: CMakeLists.txt),
// and checked through it: HostStreamChecks.h. K-Mod's, PB Mod's, Realism Invictus's and RoM-AND's
// headers are BTS's; AdvCiv's differs (test_host_stream_advciv.cpp).
#include <gtest/gtest.h>

#if __has_include("FDataStreamBase.h")
#define CVHOST_STREAM_SUITE HostStreamBts
#include "host/HostStreamChecks.h"
#else
TEST(HostStreamBts, NeedsTheSharedTree)
{
	GTEST_SKIP() << "../shared/data is absent: no BTS 3.19 FDataStreamBase.h to compile the stream against";
}
#endif
