// MSVC's run-time functions as the host gives them to a core (tools/host/include/CvHostCrt.h,
// tools/host/runtime/CvHostCrt.cpp): the wide printf's %s and %S in MSVC's meaning, the unsized
// swprintf, _itoa's bases, the case-insensitive comparisons.
#include <gtest/gtest.h>

#include <string>

#include "CvHostCrt.h"

namespace {

TEST(HostCrt, TheWideFormatReadsPercentSAsMsvcDoes)
{
	EXPECT_EQ(std::wstring(cvHostWideFormat(L"%s %S %c %C %d%% %-5s %ls %hs %5.2f")),
		L"%ls %s %lc %c %d%% %-5ls %ls %hs %5.2f");
	wchar_t out[64];
	swprintf(out, L"%s and %S, %c", L"wide", "narrow", L'x'); // MSVC 2003's unsized form
	EXPECT_EQ(std::wstring(out), L"wide and narrow, x");
	EXPECT_EQ(swprintf(out, 64, L"%S=%d", "sized", 3), 7); // the sized form, the same meanings
	EXPECT_EQ(std::wstring(out), L"sized=3");
}

TEST(HostCrt, ItoaTakesMsvcsBases)
{
	char out[40];
	EXPECT_STREQ(_itoa(-42, out, 10), "-42");
	EXPECT_STREQ(_itoa(255, out, 16), "ff");
	EXPECT_STREQ(_itoa(-1, out, 16), "ffffffff"); // not base 10: the two's complement
	EXPECT_STREQ(_itoa(5, out, 2), "101");
	wchar_t wide[40];
	EXPECT_EQ(std::wstring(_itow(-7, wide, 10)), L"-7");
}

TEST(HostCrt, ComparisonsAndConversions)
{
	EXPECT_EQ(wcsicmp(L"TXT_KEY", L"txt_key"), 0);
	EXPECT_LT(wcsicmp(L"abc", L"ABD"), 0);
	EXPECT_EQ(_wcsnicmp(L"UNIT_X", L"unit_y", 5), 0);
	EXPECT_EQ(stricmp("Assets", "ASSETS"), 0);
	EXPECT_EQ(_wtoi(L"-12 units"), -12);
	EXPECT_DOUBLE_EQ(_wtof(L"1.5"), 1.5);
	char text[] = "MiXeD";
	EXPECT_STREQ(_strlwr(text), "mixed");
}

} // namespace
