// The checks of the host's stream (tools/host/runtime/CvHostStream.h) against one tree's
// FDataStreamBase.h: included by a test file compiled with that tree's folder on its include path,
// after it defines CVHOST_STREAM_SUITE (the tests' suite name). Everything goes through an
// FDataStreamBase pointer, as the DLL calls it: in AdvCiv's tree a Write is the base's inline one,
// which calls the virtual WriteExternal.
#include "CvHostStream.h"
#include "CvHostSaveFile.h"

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#ifndef CVHOST_STREAM_SUITE
#error "CVHOST_STREAM_SUITE: the suite name of these checks"
#endif
#ifdef CV_MOCK_FDATASTREAMBASE_H
#error "the project's mock FDataStreamBase.h was found instead of the tree's"
#endif

namespace {

using StreamBytes = std::vector<unsigned char>;

CvHostBytesError streamErrorOf(const std::function<void()>& f)
{
	try
	{
		f();
	}
	catch (const CvHostBytesError& e)
	{
		return e;
	}
	ADD_FAILURE() << "no CvHostBytesError";
	return CvHostBytesError(0, "nothing", "no error");
}

TEST(CVHOST_STREAM_SUITE, EveryTypeGoesOnDiskAsUnderMsvcAndReadsBack)
{
	CvHostStream kStream;
	FDataStreamBase* p = &kStream;
	p->Write('c');
	p->Write(byte(200));
	p->Write(true);
	p->Write(short(-2));
	p->Write((unsigned short)65535);
	p->Write(-3);
	p->Write(4000000000u);
	p->Write(-5L);
	p->Write(4000000001UL);
	p->Write(1.5f);
	p->Write(-2.25);
	const StreamBytes aExpected = { 'c', 200, 1, 0xFE, 0xFF, 0xFF, 0xFF, 0xFD, 0xFF, 0xFF, 0xFF, 0x00, 0x28, 0x6B, 0xEE,
		0xFB, 0xFF, 0xFF, 0xFF, 0x01, 0x28, 0x6B, 0xEE, 0x00, 0x00, 0xC0, 0x3F, 0, 0, 0, 0, 0, 0, 0x02, 0xC0 };
	EXPECT_EQ(kStream.bytes().data(), aExpected);
	EXPECT_EQ(p->GetPosition(), aExpected.size());

	p->Rewind();
	char c = 0;
	byte b = 0;
	bool bFlag = false;
	short s = 0;
	unsigned short us = 0;
	int i = 0;
	unsigned int u = 0;
	long l = 0;
	unsigned long ul = 0;
	float f = 0;
	double d = 0;
	p->Read(&c);
	p->Read(&b);
	p->Read(&bFlag);
	p->Read(&s);
	p->Read(&us);
	p->Read(&i);
	p->Read(&u);
	p->Read(&l);
	p->Read(&ul);
	p->Read(&f);
	p->Read(&d);
	EXPECT_EQ(c, 'c');
	EXPECT_EQ(b, 200);
	EXPECT_TRUE(bFlag);
	EXPECT_EQ(s, -2);
	EXPECT_EQ(us, 65535);
	EXPECT_EQ(i, -3);
	EXPECT_EQ(u, 4000000000u);
	EXPECT_EQ(l, -5L);
	EXPECT_EQ(ul, 4000000001UL);
	EXPECT_EQ(f, 1.5f);
	EXPECT_EQ(d, -2.25);
	EXPECT_TRUE(p->AtEnd());
}

TEST(CVHOST_STREAM_SUITE, ArraysOfEveryType)
{
	const char ac[3] = { 'a', 'b', 'c' };
	const byte ab[2] = { 1, 255 };
	const bool abFlags[3] = { true, false, true };
	const short as[2] = { -1, 300 };
	const unsigned short aus[2] = { 1, 65000 };
	const int ai[3] = { -7, 0, 1 << 30 };
	const unsigned int au[2] = { 0xFFFFFFFFu, 5 };
	const long al[2] = { -9, 9 };
	const unsigned long aul[2] = { 4000000000UL, 1 };
	const float af[2] = { 0.25f, -8.0f };
	const double ad[2] = { 1e100, -0.5 };
	CvHostStream kStream;
	FDataStreamBase* p = &kStream;
	p->Write(3, ac);
	p->Write(2, ab);
	p->Write(3, abFlags);
	p->Write(2, as);
	p->Write(2, aus);
	p->Write(3, ai);
	p->Write(2, au);
	p->Write(2, al);
	p->Write(2, aul);
	p->Write(2, af);
	p->Write(2, ad);
	p->Write(0, static_cast<const int*>(nullptr)); // an array the game never allocated
	EXPECT_EQ(p->GetEOF(), 3u + 2 + 3 + 4 + 4 + 12 + 8 + 8 + 8 + 8 + 16);

	p->Rewind();
	char rc[3];
	byte rb[2];
	bool rbFlags[3];
	short rs[2];
	unsigned short rus[2];
	int ri[3];
	unsigned int ru[2];
	long rl[2];
	unsigned long rul[2];
	float rf[2];
	double rd[2];
	p->Read(3, rc);
	p->Read(2, rb);
	p->Read(3, rbFlags);
	p->Read(2, rs);
	p->Read(2, rus);
	p->Read(3, ri);
	p->Read(2, ru);
	p->Read(2, rl);
	p->Read(2, rul);
	p->Read(2, rf);
	p->Read(2, rd);
	p->Read(0, static_cast<int*>(nullptr));
	EXPECT_EQ(std::memcmp(rc, ac, sizeof(ac)), 0);
	EXPECT_EQ(std::memcmp(rb, ab, sizeof(ab)), 0);
	for (int k = 0; k < 3; ++k) EXPECT_EQ(rbFlags[k], abFlags[k]);
	for (int k = 0; k < 2; ++k)
	{
		EXPECT_EQ(rs[k], as[k]);
		EXPECT_EQ(rus[k], aus[k]);
		EXPECT_EQ(ru[k], au[k]);
		EXPECT_EQ(rl[k], al[k]);
		EXPECT_EQ(rul[k], aul[k]);
		EXPECT_EQ(rf[k], af[k]);
		EXPECT_EQ(rd[k], ad[k]);
	}
	for (int k = 0; k < 3; ++k) EXPECT_EQ(ri[k], ai[k]);
	EXPECT_TRUE(p->AtEnd());
}

TEST(CVHOST_STREAM_SUITE, StringsOfEveryKindWithNonAscii)
{
	CvHostStream kStream;
	FDataStreamBase* p = &kStream;
	const std::wstring sWide = std::wstring(L"M\u00FCnchen \u2013 \u6771\u4EAC ") + wchar_t(0x1F600);
	EXPECT_EQ(p->WriteString("Mods\\X\\"), 4u + 7);
	EXPECT_EQ(p->WriteString(std::string("caf\xE9")), 4u + 4);
	EXPECT_EQ(p->WriteString(L"h\u00E9"), 4u + 4);
	EXPECT_EQ(p->WriteString(sWide), 4u + 2 * 15); // the emoji is two UTF-16 code units
	std::string asNarrow[2] = { "a", "" };
	std::wstring asWide[2] = { L"", L"\u00DF" };
	EXPECT_EQ(p->WriteString(2, asNarrow), 4u + 1 + 4);
	EXPECT_EQ(p->WriteString(2, asWide), 4u + 4 + 2);
	EXPECT_EQ(p->WriteString(static_cast<const char*>(nullptr)), 4u);
	p->WriteString("script");
	p->WriteString(L"\u00C5land");

	const StreamBytes& a = kStream.bytes().data();
	EXPECT_EQ(StreamBytes(a.begin(), a.begin() + 11), (StreamBytes{ 7, 0, 0, 0, 'M', 'o', 'd', 's', '\\', 'X', '\\' }));
	EXPECT_EQ(StreamBytes(a.begin() + 19, a.begin() + 27), (StreamBytes{ 2, 0, 0, 0, 'h', 0, 0xE9, 0 }));

	p->Rewind();
	char acBuffer[64];
	std::memset(acBuffer, 'z', sizeof(acBuffer));
	EXPECT_EQ(p->ReadString(acBuffer), 4u + 7);
	EXPECT_STREQ(acBuffer, "Mods\\X\\");
	std::string sNarrow;
	p->ReadString(sNarrow);
	EXPECT_EQ(sNarrow, "caf\xE9");
	wchar awBuffer[64];
	EXPECT_EQ(p->ReadString(awBuffer), 4u + 4);
	EXPECT_EQ(std::wstring(awBuffer), L"h\u00E9");
	std::wstring sRead;
	p->ReadString(sRead);
	EXPECT_EQ(sRead, sWide);
	std::string asNarrowRead[2];
	std::wstring asWideRead[2];
	p->ReadString(2, asNarrowRead);
	p->ReadString(2, asWideRead);
	EXPECT_EQ(asNarrowRead[0], "a");
	EXPECT_EQ(asNarrowRead[1], "");
	EXPECT_EQ(asWideRead[0], L"");
	EXPECT_EQ(asWideRead[1], L"\u00DF");
	std::string sEmpty = "x";
	p->ReadString(sEmpty);
	EXPECT_EQ(sEmpty, "");
	char* szAllocated = p->ReadString();
	EXPECT_STREQ(szAllocated, "script");
	delete[] szAllocated;
	wchar* szWideAllocated = p->ReadWideString();
	EXPECT_EQ(std::wstring(szWideAllocated), L"\u00C5land");
	delete[] szWideAllocated;
	EXPECT_TRUE(p->AtEnd());
}

TEST(CVHOST_STREAM_SUITE, PositionEndSizeTruncateAndCopy)
{
	CvHostStream kStream(StreamBytes{ 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0 });
	FDataStreamBase* p = &kStream;
	EXPECT_EQ(p->GetEOF(), 12u);
	EXPECT_EQ(p->GetSizeLeft(), 12u);
	EXPECT_FALSE(p->AtEnd());
	p->SetPosition(4);
	int i = 0;
	p->Read(&i);
	EXPECT_EQ(i, 2);
	EXPECT_EQ(p->GetPosition(), 8u);
	EXPECT_EQ(p->GetSizeLeft(), 4u);
	p->FastFwd();
	EXPECT_TRUE(p->AtEnd());
	EXPECT_EQ(p->GetPosition(), 12u);
	p->Rewind();
	EXPECT_EQ(p->GetPosition(), 0u);
	p->SetPosition(4);
	p->Write(9); // over the second int
	p->Flush();
	p->Truncate();
	EXPECT_EQ(p->GetEOF(), 8u);
	unsigned char ac[8];
	p->CopyToMem(ac);
	EXPECT_EQ(StreamBytes(ac, ac + 8), (StreamBytes{ 1, 0, 0, 0, 9, 0, 0, 0 }));
	EXPECT_EQ(kStream.bytes().take(), (StreamBytes{ 1, 0, 0, 0, 9, 0, 0, 0 }));
	EXPECT_EQ(p->GetEOF(), 0u);
}

TEST(CVHOST_STREAM_SUITE, ReadsPastTheEndThrowWithTheOffsetAndLeaveArraysAlone)
{
	CvHostStream kStream(StreamBytes{ 1, 0, 0, 0, 2, 0 });
	FDataStreamBase* p = &kStream;
	int i = 0;
	p->Read(&i);
	CvHostBytesError e = streamErrorOf([&] { p->Read(&i); });
	EXPECT_TRUE(e.pastEnd());
	EXPECT_EQ(e.offset(), 4u);
	EXPECT_EQ(e.wanted(), 4u);
	EXPECT_EQ(e.available(), 2u);
	EXPECT_EQ(p->GetPosition(), 4u);

	short as[3] = { 7, 7, 7 };
	e = streamErrorOf([&] { p->Read(3, as); });
	EXPECT_EQ(e.asked(), "an array of 3 shorts");
	EXPECT_EQ(e.wanted(), 6u);
	EXPECT_EQ(as[0], 7); // nothing read
	EXPECT_EQ(p->GetPosition(), 4u);

	e = streamErrorOf([&] {
		std::string s;
		p->ReadString(s);
	});
	EXPECT_TRUE(e.pastEnd());
	// An array of strings: 4 bytes a string at least, checked before any string is read (found by
	// fuzz_host_save: empty strings were read into the caller's array up to the data's end).
	std::string asStrings[1] = { "kept" };
	e = streamErrorOf([&] { p->ReadString(2, asStrings); });
	EXPECT_EQ(e.asked(), "an array of 2 strings");
	EXPECT_EQ(e.wanted(), 8u);
	EXPECT_EQ(asStrings[0], "kept");
	std::wstring asWide[1] = { L"kept" };
	e = streamErrorOf([&] { p->ReadString(2, asWide); });
	EXPECT_EQ(e.asked(), "an array of 2 wide strings");
	EXPECT_EQ(asWide[0], L"kept");
	EXPECT_EQ(p->GetPosition(), 4u);
	e = streamErrorOf([&] { p->Read(-1, as); });
	EXPECT_STREQ(e.what(), "offset 4: an array of shorts: its count is -1");
	e = streamErrorOf([&] { p->Write(-2, as); });
	EXPECT_FALSE(e.pastEnd());
	e = streamErrorOf([&] { p->SetPosition(7); });
	EXPECT_FALSE(e.pastEnd());
	e = streamErrorOf([&] {
		double d;
		p->FastFwd();
		p->Read(&d);
	});
	EXPECT_EQ(e.offset(), 6u);
	EXPECT_STREQ(e.within("CvPlot::read of plot 3").what(),
		"CvPlot::read of plot 3: offset 6: a double needs 8 bytes, only 0 left");
}

// A real init core's first members through the stream (CvInitCore::read's order in every tree:
// the save flag, the game type, the game's name, passwords and map script).
TEST(CVHOST_STREAM_SUITE, ARealInitCoreStartsAsCvInitCoreReadsIt)
{
	const std::filesystem::path kPath =
		std::filesystem::path(CVVISION_SHARED_DIR) / "data" / "civ4" / "saves" / "Play_By_Email.CivBeyondSwordSave";
	if (!std::filesystem::exists(kPath)) GTEST_SKIP() << "../shared/data is absent: " << kPath.string();
	const CvHostSaveFile kSave = CvHostSaveFile::load(kPath.string());
	CvHostStream kStream(kSave.aInitCore);
	FDataStreamBase* p = &kStream;
	unsigned int uiFlag = 0;
	int iType = 0;
	std::wstring sName, sPassword, sAdmin, sScript;
	p->Read(&uiFlag);
	p->Read(&iType);
	p->ReadString(sName);
	p->ReadString(sPassword);
	p->ReadString(sAdmin);
	p->ReadString(sScript);
	EXPECT_EQ(uiFlag, 1u);
	EXPECT_EQ(iType, 9); // GAME_PBEM_NEW
	EXPECT_EQ(sName, L"Play By Email Test");
	EXPECT_EQ(sPassword, L"");
	EXPECT_EQ(sAdmin.size(), 32u); // stored as a hash
	EXPECT_EQ(sScript, L"Fractal");
}

} // namespace
