// The host's stream (tools/host/runtime/CvHostStream.h) compiled against AdvCiv's FDataStreamBase.h,
// whose virtual writes are named WriteExternal and whose Write functions are inline members that
// call them (the shared tree's folder is on this file's include path: CMakeLists.txt); the same
// checks as BTS's (HostStreamChecks.h).
#include <gtest/gtest.h>

#if __has_include("FDataStreamBase.h")
#define CVHOST_STREAM_SUITE HostStreamAdvCiv
#include "host/HostStreamChecks.h"
#else
TEST(HostStreamAdvCiv, NeedsTheSharedTree)
{
	GTEST_SKIP() << "../shared/data is absent: no AdvCiv FDataStreamBase.h to compile the stream against";
}
#endif
