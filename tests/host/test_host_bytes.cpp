// The host's byte buffer (tools/host/runtime/CvHostBytes.h) and MD5 (CvHostMd5.h): every type's
// bytes on disk, the game's strings (wide ones in UTF-16, non-ASCII and surrogate pairs), reads
// past the end and negative lengths refused with the offset and what was asked, writes over a
// position; MD5 against RFC 1321's test suite.
#include "CvHostBytes.h"
#include "CvHostMd5.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

namespace {

using Bytes = std::vector<unsigned char>;

// The error a call throws (fails the test when it throws none).
CvHostBytesError errorOf(const std::function<void()>& f)
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

TEST(HostBytes, IntegersAndFloatsAreLittleEndianAndAsWideAsUnderMsvc)
{
	CvHostBytes k;
	k.writeU8(0xAB);
	k.writeI8(-2);
	k.writeU16(0x1234);
	k.writeI16(-2);
	k.writeU32(0x89ABCDEFu);
	k.writeI32(-3);
	k.writeU64(0x0102030405060708ull);
	k.writeI64(-4);
	k.writeFloat(1.5f);
	k.writeDouble(-2.25);
	k.writeBool(true);
	k.writeBool(false);
	const Bytes aExpected = { 0xAB, 0xFE, 0x34, 0x12, 0xFE, 0xFF, 0xEF, 0xCD, 0xAB, 0x89, 0xFD, 0xFF, 0xFF, 0xFF, 0x08,
		0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01, 0xFC, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0xC0,
		0x3F, // 1.5f
		0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0xC0, // -2.25
		0x01, 0x00 };
	EXPECT_EQ(k.data(), aExpected);
	EXPECT_EQ(k.position(), aExpected.size());
	EXPECT_TRUE(k.atEnd());

	k.setPosition(0);
	EXPECT_EQ(k.readU8(), 0xAB);
	EXPECT_EQ(k.readI8(), -2);
	EXPECT_EQ(k.readU16(), 0x1234);
	EXPECT_EQ(k.readI16(), -2);
	EXPECT_EQ(k.readU32(), 0x89ABCDEFu);
	EXPECT_EQ(k.readI32(), -3);
	EXPECT_EQ(k.readU64(), 0x0102030405060708ull);
	EXPECT_EQ(k.readI64(), -4);
	EXPECT_EQ(k.readFloat(), 1.5f);
	EXPECT_EQ(k.readDouble(), -2.25);
	EXPECT_TRUE(k.readBool());
	EXPECT_FALSE(k.readBool());
	EXPECT_TRUE(k.atEnd());
	EXPECT_EQ(k.left(), 0u);
}

TEST(HostBytes, AnyNonZeroByteReadsAsTrue)
{
	CvHostBytes k(Bytes{ 2, 0xFF, 0 });
	EXPECT_TRUE(k.readBool());
	EXPECT_TRUE(k.readBool());
	EXPECT_FALSE(k.readBool());
}

TEST(HostBytes, StringsAreACountAndTheirCharactersWithoutTerminator)
{
	CvHostBytes k;
	k.writeString(std::string("Mods\\X\\"));
	k.writeString(std::string());
	EXPECT_EQ(k.data(), (Bytes{ 7, 0, 0, 0, 'M', 'o', 'd', 's', '\\', 'X', '\\', 0, 0, 0, 0 }));
	k.setPosition(0);
	EXPECT_EQ(k.readString(), "Mods\\X\\");
	EXPECT_EQ(k.readString(), "");
	EXPECT_TRUE(k.atEnd());
}

TEST(HostBytes, NarrowStringsKeepEveryByte)
{
	std::string s("caf\xE9\x00x", 6); // cp1252, with a NUL inside
	CvHostBytes k;
	k.writeString(s);
	k.setPosition(0);
	EXPECT_EQ(k.readString(), s);
}

TEST(HostBytes, WideStringsAreUtf16CodeUnitsTwoBytesEach)
{
	// e acute, an en dash, two CJK characters, and U+1F600 (a surrogate pair: two code units)
	const std::u16string s = u"Z\u00FCrich \u2013 \u6771\u4EAC \U0001F600";
	CvHostBytes k;
	k.writeWideString(s);
	ASSERT_EQ(s.size(), 14u);
	EXPECT_EQ(k.size(), 4 + 2 * s.size());
	const Bytes& a = k.data();
	EXPECT_EQ(Bytes(a.begin(), a.begin() + 8), (Bytes{ 14, 0, 0, 0, 'Z', 0, 0xFC, 0x00 }));
	EXPECT_EQ(Bytes(a.end() - 4, a.end()), (Bytes{ 0x3D, 0xD8, 0x00, 0xDE })); // D83D DE00
	k.setPosition(0);
	EXPECT_EQ(k.readWideString(), s);
}

TEST(HostBytes, WideCharactersConvertWithSurrogatePairsJoined)
{
	const std::u16string s = u"a\u00E9\u6771\U0001F600z";
	const std::wstring w = cvHostWideFromUtf16(s);
	if (sizeof(wchar_t) >= 4)
	{
		EXPECT_EQ(w, std::wstring(L"a\u00E9\u6771") + wchar_t(0x1F600) + L"z");
	}
	else
	{
		EXPECT_EQ(w.size(), s.size());
	}
	EXPECT_EQ(cvHostUtf16FromWide(w), s);
}

TEST(HostBytes, LoneSurrogatesSurviveBothWays)
{
	const std::u16string s = { 0xD800, u'x', 0xDC00, 0xDBFF };
	EXPECT_EQ(cvHostUtf16FromWide(cvHostWideFromUtf16(s)), s);
	if (sizeof(wchar_t) >= 4)
	{
		EXPECT_EQ(cvHostUtf16FromWide(std::wstring(1, wchar_t(0x110000))), std::u16string(1, 0xFFFD));
	}
}

TEST(HostBytes, EveryReadPastTheEndSaysWhereAndWhatAndLeavesThePosition)
{
	const Bytes a = { 1, 2 };
	struct Case
	{
		const char* szName;
		std::function<void(CvHostBytes&)> f;
		unsigned long long iWanted;
	};
	const std::vector<Case> aCases = {
		{ "u16", [](CvHostBytes& k) { k.readU16(); }, 2 },
		{ "i16", [](CvHostBytes& k) { k.readI16(); }, 2 },
		{ "u32", [](CvHostBytes& k) { k.readU32(); }, 4 },
		{ "i32", [](CvHostBytes& k) { k.readI32(); }, 4 },
		{ "u64", [](CvHostBytes& k) { k.readU64(); }, 8 },
		{ "i64", [](CvHostBytes& k) { k.readI64(); }, 8 },
		{ "float", [](CvHostBytes& k) { k.readFloat(); }, 4 },
		{ "double", [](CvHostBytes& k) { k.readDouble(); }, 8 },
		{ "bytes",
			[](CvHostBytes& k) {
				unsigned char c[4];
				k.readBytes(c, 4);
			},
			4 },
		{ "block", [](CvHostBytes& k) { k.readBlock(5); }, 5 },
		{ "skip", [](CvHostBytes& k) { k.skip(2); }, 2 },
	};
	for (const Case& c : aCases)
	{
		CvHostBytes k(a);
		k.readU8();
		const CvHostBytesError e = errorOf([&] { c.f(k); });
		EXPECT_TRUE(e.pastEnd()) << c.szName;
		EXPECT_EQ(e.offset(), 1u) << c.szName;
		EXPECT_EQ(e.wanted(), c.iWanted) << c.szName;
		EXPECT_EQ(e.available(), 1u) << c.szName;
		EXPECT_EQ(k.position(), 1u) << c.szName;
	}
	CvHostBytes k(a);
	k.skip(2);
	const CvHostBytesError e = errorOf([&] { k.readU8("the flag"); });
	EXPECT_EQ(e.asked(), "the flag");
	EXPECT_STREQ(e.what(), "offset 2: the flag needs 1 byte, only 0 left");
}

TEST(HostBytes, AStringLongerThanWhatIsLeftIsRefusedBeforeAllocating)
{
	CvHostBytes k;
	k.writeI32(0x7FFFFFFF);
	k.writeU8('x');
	k.setPosition(0);
	CvHostBytesError e = errorOf([&] { k.readWideString("the leader's name"); });
	EXPECT_TRUE(e.pastEnd());
	EXPECT_EQ(e.offset(), 0u);
	EXPECT_EQ(e.asked(), "the leader's name of 2147483647 characters");
	EXPECT_EQ(e.wanted(), 4 + 2ull * 0x7FFFFFFF);
	EXPECT_EQ(e.available(), 5u);
	EXPECT_EQ(k.position(), 0u);

	e = errorOf([&] { k.readString(); });
	EXPECT_EQ(e.wanted(), 4 + 0x7FFFFFFFull);

	CvHostBytes kShort(Bytes{ 3, 0, 0, 0, 'a', 'b' });
	e = errorOf([&] { kShort.readString("the script data"); });
	EXPECT_STREQ(e.what(), "offset 0: the script data of 3 characters needs 7 bytes, only 6 left");
}

TEST(HostBytes, ANegativeStringLengthIsRefused)
{
	CvHostBytes k;
	k.writeU8(0);
	k.writeI32(-5);
	k.setPosition(1);
	const CvHostBytesError e = errorOf([&] { k.readString("the map name"); });
	EXPECT_FALSE(e.pastEnd());
	EXPECT_EQ(e.offset(), 1u);
	EXPECT_STREQ(e.what(), "offset 1: the map name: its length is -5");
	EXPECT_EQ(k.position(), 1u);
}

TEST(HostBytes, ACallerAddsWhatItWasReading)
{
	const CvHostBytesError e = errorOf([] { CvHostBytes().readI32(); });
	const CvHostBytesError kInner = e.within("CvMap::read");
	const CvHostBytesError kOuter = kInner.within("save.CivBeyondSwordSave: game data");
	EXPECT_STREQ(
		kOuter.what(), "save.CivBeyondSwordSave: game data: CvMap::read: offset 0: an int needs 4 bytes, only 0 left");
	EXPECT_EQ(kOuter.context(), "save.CivBeyondSwordSave: game data: CvMap::read");
	EXPECT_EQ(kOuter.offset(), 0u);
	EXPECT_EQ(kOuter.wanted(), 4u);
}

TEST(HostBytes, RequireChecksAWholeArrayFirst)
{
	CvHostBytes k(Bytes(7, 0));
	EXPECT_NO_THROW(k.require(3, 2, "shorts"));
	const CvHostBytesError e = errorOf([&] { k.require(2, 4, "two ints"); });
	EXPECT_EQ(e.wanted(), 8u);
	EXPECT_EQ(e.available(), 7u);
	EXPECT_EQ(k.position(), 0u);
}

TEST(HostBytes, WritesGoOverThePositionThenGrow)
{
	CvHostBytes k(Bytes{ 1, 2, 3, 4, 5 });
	k.setPosition(3);
	k.writeU32(0xAABBCCDDu);
	EXPECT_EQ(k.data(), (Bytes{ 1, 2, 3, 0xDD, 0xCC, 0xBB, 0xAA }));
	k.setPosition(1);
	k.writeU8(9);
	EXPECT_EQ(k.data(), (Bytes{ 1, 9, 3, 0xDD, 0xCC, 0xBB, 0xAA }));
	k.truncate();
	EXPECT_EQ(k.data(), (Bytes{ 1, 9 }));
	const CvHostBytesError e = errorOf([&] { k.setPosition(3); });
	EXPECT_STREQ(e.what(), "offset 2: a new position: position 3 is past the end (2 bytes)");
	EXPECT_NO_THROW(k.setPosition(2));
	const Bytes a = k.take();
	EXPECT_EQ(a, (Bytes{ 1, 9 }));
	EXPECT_EQ(k.size(), 0u);
	EXPECT_EQ(k.position(), 0u);
}

TEST(HostMd5, TheRfcTestSuite)
{
	const std::pair<const char*, const char*> aCases[] = {
		{ "", "d41d8cd98f00b204e9800998ecf8427e" },
		{ "a", "0cc175b9c0f1b6a831c399e269772661" },
		{ "abc", "900150983cd24fb0d6963f7d28e17f72" },
		{ "message digest", "f96b697d7cb7938d525a2f31aaf161d0" },
		{ "abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b" },
		{ "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "d174ab98d277d9f5a5611c2c9f419d9f" },
		{ "12345678901234567890123456789012345678901234567890123456789012345678901234567890",
			"57edf4a22be3c955ac49da2e2107b67a" },
	};
	for (const auto& c : aCases) EXPECT_EQ(cvHostMd5Hex(c.first, std::strlen(c.first)), c.second) << c.first;
}

TEST(HostMd5, PiecesGiveTheDigestOfTheWhole)
{
	std::string s;
	for (int i = 0; i < 1000; ++i) s.push_back(static_cast<char>(i * 7));
	CvHostMd5 k;
	for (size_t i = 0; i < s.size(); i += 63) k.add(s.data() + i, std::min<size_t>(63, s.size() - i));
	EXPECT_EQ(k.hex(), cvHostMd5Hex(s.data(), s.size()));
}

} // namespace
