// The save layout derived from a tree's own C++ (formats/SaveLayout.h), on small trees written here:
// each construct the deriver follows, run over bytes made for it. The real trees and saves are the
// CLI's to check (tests/cli/save_layout_cli.sh).
#include "formats/SaveLayout.h"

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

using namespace cvv;

namespace {

// A throw-away CvGameCoreDLL folder: CvPlot.cpp (which marks a tree) and whatever a test writes.
class TempTree
{
public:
	TempTree()
	{
		std::random_device kRandom;
		m_kRoot = std::filesystem::temp_directory_path() / ("cvvision-tree-" + std::to_string(kRandom()));
		std::filesystem::create_directories(m_kRoot);
		write("CvPlot.cpp", "");
	}
	~TempTree() { std::filesystem::remove_all(m_kRoot); }
	void write(const std::string& sName, const std::string& sText) const
	{
		std::ofstream(m_kRoot / sName, std::ios::binary) << sText;
	}
	std::shared_ptr<const SaveLayout> derive() const { return SaveLayout::derive(m_kRoot); }

private:
	std::filesystem::path m_kRoot;
};

// Bytes in memory as the layout's stream.
class BytesStream : public LayoutStream
{
public:
	explicit BytesStream(std::vector<unsigned char> aBytes) : m_aBytes(std::move(aBytes)) {}
	const unsigned char* take(size_t iBytes, const std::string& sWhat) override
	{
		if (iBytes > left()) fail("the data ends inside " + sWhat);
		const unsigned char* p = m_aBytes.data() + m_iPos;
		m_iPos += iBytes;
		return p;
	}
	size_t left() const override { return m_aBytes.size() - m_iPos; }
	void setWhere(const LayoutWhere*) override {}
	[[noreturn]] void fail(const std::string& sWhat) override { throw std::runtime_error(sWhat); }

private:
	std::vector<unsigned char> m_aBytes;
	size_t m_iPos = 0;
};

std::vector<unsigned char> ints(const std::vector<int>& aValues)
{
	std::vector<unsigned char> a(aValues.size() * 4);
	if (!aValues.empty()) std::memcpy(a.data(), aValues.data(), a.size());
	return a;
}

LayoutCounts noCounts()
{
	return [](const std::string& s) -> int { throw LayoutError("no count of " + s + " in this test"); };
}

// kLayout's sClass::read over aBytes; the bytes must all be taken.
LayoutRecord readAll(const SaveLayout& kLayout, const std::string& sClass, const std::vector<unsigned char>& aBytes,
	const LayoutGlobals& kGlobals = LayoutGlobals())
{
	BytesStream kStream(aBytes);
	LayoutRecord kRecord;
	kLayout.read(sClass, kStream, noCounts(), kRecord, kGlobals);
	EXPECT_EQ(kStream.left(), 0u) << sClass << "::read left bytes unread";
	return kRecord;
}

std::vector<long long> valuesOf(const LayoutRecord& k, const std::string& sName)
{
	const std::vector<long long>* p = k.values(sName);
	return p ? *p : std::vector<long long>();
}

const char* const kSwitchTree = R"(
class CvThing
{
public:
	void read(FDataStreamBase* pStream);
	int m_iKind;
	int m_iOne;
	short m_iTwo;
	int m_iRest;
};
void CvThing::read(FDataStreamBase* pStream)
{
	pStream->Read(&m_iKind);
	switch (m_iKind)
	{
	case 1:
		pStream->Read(&m_iOne);
		break;
	case 1 + 1:
		pStream->Read(&m_iTwo);
	default:
		pStream->Read(&m_iRest);
	}
}
)";

} // namespace

TEST(SaveLayout, ASwitchReadsFromTheLabelThatMatchesUpToItsBreak)
{
	TempTree kTree;
	kTree.write("CvThing.cpp", kSwitchTree);
	const auto pLayout = kTree.derive();
	const LayoutRecord kOne = readAll(*pLayout, "CvThing", ints({ 1, 11 }));
	EXPECT_EQ(valuesOf(kOne, "m_iOne"), std::vector<long long>{ 11 });
	EXPECT_TRUE(valuesOf(kOne, "m_iRest").empty());

	// case 2 falls through into default: a short, then an int
	std::vector<unsigned char> aTwo = ints({ 2 });
	aTwo.push_back(22);
	aTwo.push_back(0);
	const std::vector<unsigned char> aRest = ints({ 33 });
	aTwo.insert(aTwo.end(), aRest.begin(), aRest.end());
	const LayoutRecord kTwo = readAll(*pLayout, "CvThing", aTwo);
	EXPECT_EQ(valuesOf(kTwo, "m_iTwo"), std::vector<long long>{ 22 });
	EXPECT_EQ(valuesOf(kTwo, "m_iRest"), std::vector<long long>{ 33 });

	const LayoutRecord kOther = readAll(*pLayout, "CvThing", ints({ 7, 44 }));
	EXPECT_EQ(valuesOf(kOther, "m_iRest"), std::vector<long long>{ 44 });
}

TEST(SaveLayout, ASwitchOnAnUnknownValueAroundAReadNamesItsLine)
{
	TempTree kTree;
	std::string sText = kSwitchTree;
	sText.replace(sText.find("switch (m_iKind)"), 16, "switch (getKind())");
	kTree.write("CvThing.cpp", sText);
	const auto pLayout = kTree.derive();
	try
	{
		readAll(*pLayout, "CvThing", ints({ 1, 11 }));
		FAIL() << "an unknown switch value was followed";
	}
	catch (const LayoutError& e)
	{
		EXPECT_NE(std::string(e.what()).find("CvThing.cpp:14 (CvThing::read)"), std::string::npos) << e.what();
		EXPECT_NE(std::string(e.what()).find("switch"), std::string::npos) << e.what();
	}
}

TEST(SaveLayout, StdMinAndMaxBoundALoop)
{
	TempTree kTree;
	kTree.write("CvThing.cpp", R"(
class CvThing
{
public:
	void read(FDataStreamBase* pStream);
	int m_iCount;
	int m_aiValue[8];
};
void CvThing::read(FDataStreamBase* pStream)
{
	pStream->Read(&m_iCount);
	int iNum = std::min(3, std::max(m_iCount, 1));
	for (int i = 0; i < iNum; i++)
	{
		pStream->Read(&m_aiValue[i]);
	}
}
)");
	const auto pLayout = kTree.derive();
	EXPECT_EQ(
		valuesOf(readAll(*pLayout, "CvThing", ints({ 9, 1, 2, 3 })), "m_aiValue[2]"), std::vector<long long>{ 3 });
	EXPECT_EQ(valuesOf(readAll(*pLayout, "CvThing", ints({ 0, 5 })), "m_aiValue[0]"), std::vector<long long>{ 5 });
}

TEST(SaveLayout, AContainerIsReadWholeAtTheSizeResizeGaveIt)
{
	TempTree kTree;
	kTree.write("CvThing.cpp", R"(
class CvThing
{
public:
	void read(FDataStreamBase* pStream);
	int m_iSize;
	std::vector<int> m_aiMemory;
	std::vector<short> m_aiMore;
};
void CvThing::read(FDataStreamBase* pStream)
{
	pStream->Read(&m_iSize);
	m_aiMemory.resize(m_iSize * 2, 0);
	pStream->Read(m_aiMemory.size(), &m_aiMemory[0]);
	m_aiMore.clear();
	m_aiMore.push_back(1);
	if (!m_aiMore.empty())
		pStream->Read(m_aiMore.size(), &m_aiMore[0]);
}
)");
	const auto pLayout = kTree.derive();
	const LayoutRecord k =
		readAll(*pLayout, "CvThing", { 2, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0, 9, 0 });
	EXPECT_EQ(valuesOf(k, "m_aiMemory"), (std::vector<long long>{ 1, 2, 3, 4 }));
	EXPECT_EQ(valuesOf(k, "m_aiMore"), (std::vector<long long>{ 9 }));
}

TEST(SaveLayout, TheMapReadBeforeIsReachedThroughGC)
{
	TempTree kTree;
	kTree.write("CvMap.cpp", R"(
class CvMap
{
public:
	void read(FDataStreamBase* pStream);
	int numPlotsINLINE() const { return getGridWidthINLINE() * getGridHeightINLINE(); }
	int getGridWidthINLINE() const { return m_iGridWidth; }
	int getGridHeightINLINE() const { return m_iGridHeight; }
	int m_iGridWidth;
	int m_iGridHeight;
};
void CvMap::read(FDataStreamBase* pStream)
{
	pStream->Read(&m_iGridWidth);
	pStream->Read(&m_iGridHeight);
}
class CvTeam
{
public:
	void read(FDataStreamBase* pStream);
	std::vector<int> m_aiStrength;
};
void CvTeam::read(FDataStreamBase* pStream)
{
	m_aiStrength.resize(GC.getMapINLINE().numPlotsINLINE(), 0);
	pStream->Read(m_aiStrength.size(), &m_aiStrength[0]);
}
)");
	const auto pLayout = kTree.derive();
	const LayoutRecord kMap = readAll(*pLayout, "CvMap", ints({ 3, 2 }));
	const LayoutRecord kTeam = readAll(*pLayout, "CvTeam", ints({ 1, 2, 3, 4, 5, 6 }), LayoutGlobals{ nullptr, &kMap });
	EXPECT_EQ(valuesOf(kTeam, "m_aiStrength").size(), 6u);

	// without the map (save-layout's walk, a class read alone) the size is unknown: an error, no guess
	EXPECT_THROW(readAll(*pLayout, "CvTeam", ints({ 1, 2, 3, 4, 5, 6 })), LayoutError);
}

TEST(SaveLayout, TheDefinesOfTheReleaseBuildResolveTheHeaders)
{
	TempTree kTree;
	kTree.write("CvDefines.h", R"(
#ifdef _USRDLL
#define MAX_CIV_PLAYERS (7)
#else
#define MAX_CIV_PLAYERS (CvGlobals::getInstance().getMaxCivPlayers())
#endif
#ifdef _DEBUG
#define MAX_TEAMS (99)
#else
#define MAX_TEAMS (MAX_CIV_PLAYERS + 1)
#endif
#if defined(NDEBUG) && defined(FASSERT_ENABLE)
#define MAX_PLAYERS (MAX_CIV_PLAYERS + 1)
#else
#define MAX_PLAYERS (MAX_CIV_PLAYERS + 2)
#endif
)");
	// the definitions sit in macros of their own, which each configuration's flags name; the players
	// run the release build (formats/BuildSettings.h reads the Makefile for TARGET=Release)
	kTree.write("Makefile",
		"Debug_DEFINES=/DWIN32 /D_USRDLL /D_DEBUG\n"
		"Release_DEFINES=/DWIN32 /D_USRDLL /DNDEBUG\n"
		"GLOBAL_CFLAGS=/GR /Gy $(CUSTOM_CFLAGS)\n"
		"Debug_CFLAGS=/MD /Od $(Debug_DEFINES) $(GLOBAL_CFLAGS)\n"
		"Release_CFLAGS=/MD /O2 $(Release_DEFINES) $(GLOBAL_CFLAGS)\n"
		"!IF \"$(TARGET)\" == \"Debug\"\n"
		"CFLAGS = $(Debug_CFLAGS)\n"
		"!ELSE\n"
		"CFLAGS = $(Release_CFLAGS) /DFASSERT_ENABLE\n"
		"!ENDIF\n"
		"source.obj:\n"
		"\tcl $(CFLAGS) /D_DEBUG source.cpp\n");
	const auto pLayout = kTree.derive();
	EXPECT_EQ(pLayout->constant("MAX_CIV_PLAYERS"), 7);
	EXPECT_EQ(pLayout->constant("MAX_TEAMS"), 8); // _DEBUG is the debug build's, not the release build's
	EXPECT_EQ(pLayout->constant("MAX_PLAYERS"), 8); // NDEBUG and FASSERT_ENABLE: the release build's
}

TEST(SaveLayout, AnElementNobodyCanNameIsUnknownUnlessReadInto)
{
	TempTree kTree;
	const std::string sClass = R"(
class CvThing
{
public:
	void read(FDataStreamBase* pStream);
	std::map<XYCoords, int> m_names;
	int m_aiValue[4];
};
void CvThing::read(FDataStreamBase* pStream)
{
	int iValue;
	pStream->Read(&iValue);
	m_names[XYCoords(iValue, 1)] = iValue;
	pStream->Read(&m_aiValue[0]);
	READ_INTO
}
)";
	std::string sText = sClass;
	sText.replace(sText.find("READ_INTO"), 9, "");
	kTree.write("CvThing.cpp", sText);
	EXPECT_EQ(
		valuesOf(readAll(*kTree.derive(), "CvThing", ints({ 1, 2 })), "m_aiValue[0]"), std::vector<long long>{ 2 });

	sText = sClass;
	sText.replace(sText.find("READ_INTO"), 9, "pStream->Read(&m_aiValue[m_names[XYCoords(1, 1)]]);");
	kTree.write("CvThing.cpp", sText);
	try
	{
		readAll(*kTree.derive(), "CvThing", ints({ 1, 2, 3 }));
		FAIL() << "a read into an element nobody can name was followed";
	}
	catch (const LayoutError& e)
	{
		EXPECT_NE(
			std::string(e.what()).find(
				"CvThing.cpp:15 (CvThing::read): the index of m_aiValue cannot be evaluated (the index of m_names"),
			std::string::npos)
			<< e.what();
	}
}

TEST(SaveLayout, MadeUpDataTakesTheFlagsBranchesUpToItsValue)
{
	TempTree kTree;
	kTree.write("CvDefines.h", "#define MAX_TEAMS (2)\n#define MAX_PLAYERS (2)\n");
	const std::string sRoots = R"(
class CvInitCore { public: void read(FDataStreamBase* pStream); int m_iA; };
void CvInitCore::read(FDataStreamBase* pStream) { pStream->Read(&m_iA); }
class CvGameAI { public: void read(FDataStreamBase* pStream); int m_iA; };
void CvGameAI::read(FDataStreamBase* pStream) { pStream->Read(&m_iA); }
class CvMap { public: void read(FDataStreamBase* pStream); int m_iA; };
void CvMap::read(FDataStreamBase* pStream) { pStream->Read(&m_iA); }
class CvTeamAI { public: void read(FDataStreamBase* pStream); int m_iA; };
void CvTeamAI::read(FDataStreamBase* pStream) { pStream->Read(&m_iA); }
class CvPlayerAI
{
public:
	void read(FDataStreamBase* pStream);
	int m_iA;
	int m_aiB[8];
};
void CvPlayerAI::read(FDataStreamBase* pStream)
{
	uint uiFlag;
	pStream->Read(&uiFlag);
	if (uiFlag >= 2)
	{
		for (int i = 0; i < uiFlag; i++)
			pStream->Read(&m_aiB[i]);
		pStream->Read(&m_iA);
		AFTER_FLAG_2
	}
}
)";
	std::string sText = sRoots;
	sText.replace(sText.find("AFTER_FLAG_2"), 12, "");
	kTree.write("CvRoots.cpp", sText);
	std::vector<LayoutExercise> aRuns =
		exerciseLayout(*kTree.derive(), noCounts(), { { 0, 0 }, { 1, 1 }, { 2, 2 }, { 8, 8 } });
	ASSERT_EQ(aRuns.size(), 4u);
	EXPECT_EQ(aRuns[0].iBytes, 4 + 4 + 4 + 4 + 4); // four roots and the flag
	EXPECT_EQ(aRuns[1].iBytes, 4 + 4 + 4 + 4 + 4);
	EXPECT_EQ(aRuns[2].iBytes, 16 + 4 + 2 * 4 + 4);
	EXPECT_EQ(aRuns[3].iBytes, 16 + 4 + 8 * 4 + 4);
	for (const LayoutExercise& k : aRuns)
	{
		EXPECT_EQ(k.sError, "") << k.kData.iValue;
		EXPECT_EQ(k.iObjects, 5) << k.kData.iValue;
	}

	// what only flag 2 and up reaches stops those runs, not the others
	sText = sRoots;
	sText.replace(sText.find("AFTER_FLAG_2"), 12, "pStream->Read(m_aiUnknown.size(), &m_aiB[0]);");
	kTree.write("CvRoots.cpp", sText);
	aRuns = exerciseLayout(*kTree.derive(), noCounts(), { { 1, 1 }, { 2, 2 } });
	EXPECT_EQ(aRuns[0].sError, "");
	EXPECT_EQ(aRuns[1].sClass, "CvPlayerAI");
	EXPECT_NE(aRuns[1].sError.find("CvRoots.cpp:"), std::string::npos) << aRuns[1].sError;
}

TEST(SaveLayout, MadeUpFlagsReachTheNewestBranchesWithSmallCounts)
{
	TempTree kTree;
	kTree.write("CvDefines.h", "#define MAX_TEAMS (2)\n#define MAX_PLAYERS (2)\n");
	kTree.write("CvRoots.cpp", R"(
class CvInitCore { public: void read(FDataStreamBase* pStream); int m_iA; };
void CvInitCore::read(FDataStreamBase* pStream) { pStream->Read(&m_iA); }
class CvGameAI { public: void read(FDataStreamBase* pStream); int m_iA; };
void CvGameAI::read(FDataStreamBase* pStream) { pStream->Read(&m_iA); }
class CvMap { public: void read(FDataStreamBase* pStream); int m_iA; };
void CvMap::read(FDataStreamBase* pStream) { pStream->Read(&m_iA); }
class CvTeamAI { public: void read(FDataStreamBase* pStream); int m_iA; };
void CvTeamAI::read(FDataStreamBase* pStream) { pStream->Read(&m_iA); }
class CvPlayerAI { public: void read(FDataStreamBase* pStream); int m_iA; int m_aiB[4]; };
void CvPlayerAI::read(FDataStreamBase* pStream)
{
	uint uiFlag;
	pStream->Read(&uiFlag);
	int iCount;
	pStream->Read(&iCount);
	if (uiFlag >= 50)
		pStream->Read(iCount, m_aiB);
}
)");
	const std::vector<LayoutExercise> aRuns = exerciseLayout(*kTree.derive(), noCounts(), { { 3, 3 }, { 3, 100 } });
	EXPECT_EQ(aRuns[0].iBytes, 16 + 8);
	EXPECT_EQ(aRuns[1].iBytes, 16 + 8 + 3 * 4);
}

// GC.getInitCore(): the set-up read first, asked through a member object's getter; the object's
// setter, run for its effect, keeps what its own read stored (through a member function template
// chosen by its value, into a pointer's elements, which make the pointer not NULL).
const char* const kSetterTree = R"(
class FDataStreamBase;
class Map
{
public:
	void Read(FDataStreamBase* pStream)
	{
		for (int i = 0; i < 3; i++)
		{
			int iTmp;
			pStream->Read(&iTmp);
			set(i, iTmp);
		}
	}
	void set(int i, int v) { _set<STORE>(i, v); }
	int get(int i) const { return _get<STORE>(i); }
	template <int N> void _set(int i, int v);
	template <int N> int _get(int i) const;
	template <> void _set<1>(int i, int v) { m_pData[i] = v; }
	template <> int _get<1>(int i) const { return m_pData ? m_pData[i] : 0; }
	static const int STORE = 1;
	int* m_pData;
};
class CvInitCore
{
public:
	void read(FDataStreamBase* pStream);
	bool getOption(int e) const { return m_kOptions.get(e); }
	Map m_kOptions;
};
void CvInitCore::read(FDataStreamBase* pStream)
{
	m_kOptions.Read(pStream);
}
class CvGameAI
{
public:
	void read(FDataStreamBase* pStream);
	int m_iExtra;
};
void CvGameAI::read(FDataStreamBase* pStream)
{
	if (GC.getInitCore().getOption(1))
		pStream->Read(&m_iExtra);
}
)";

TEST(SaveLayout, TheInitCoreIsReachedThroughGCAndASetterKeepsWhatItsObjectRead)
{
	TempTree kTree;
	kTree.write("CvInitCore.h", kSetterTree);
	const auto pLayout = kTree.derive();
	const LayoutRecord kOn = readAll(*pLayout, "CvInitCore", ints({ 0, 1, 0 }));
	EXPECT_EQ(valuesOf(readAll(*pLayout, "CvGameAI", ints({ 5 }), LayoutGlobals{ nullptr, nullptr, &kOn }), "m_iExtra"),
		std::vector<long long>{ 5 });
	const LayoutRecord kOff = readAll(*pLayout, "CvInitCore", ints({ 1, 0, 1 }));
	EXPECT_TRUE(
		valuesOf(readAll(*pLayout, "CvGameAI", {}, LayoutGlobals{ nullptr, nullptr, &kOff }), "m_iExtra").empty());
	// before the set-up is read, the condition is unknown: an error, no guess
	EXPECT_THROW(readAll(*pLayout, "CvGameAI", ints({ 5 })), LayoutError);
}

// A method of the object the read does not run (it has a loop) forgets the members it may change
// (m_aiCache), not those it leaves alone (m_iCount, which bounds the loop below).
TEST(SaveLayout, AMethodNotRunForgetsOnlyTheMembersItMayChange)
{
	TempTree kTree;
	kTree.write("CvThing.cpp", R"(
class CvThing
{
public:
	void read(FDataStreamBase* pStream);
	void resetCache() { for (int i = 0; i < 4; i++) m_aiCache[i] = 0; m_iCached = 0; }
	int m_iCount;
	int m_iCached;
	int m_aiCache[4];
	int m_iLast;
};
void CvThing::read(FDataStreamBase* pStream)
{
	pStream->Read(&m_iCount);
	pStream->Read(&m_iCached);
	resetCache();
	for (int i = 0; i < m_iCount; i++)
		pStream->Read(&m_iLast);
	if (m_iCached > 0)
		pStream->Read(&m_iLast);
}
)");
	const auto pLayout = kTree.derive();
	try
	{
		readAll(*pLayout, "CvThing", ints({ 2, 1, 7, 8 }));
		ADD_FAILURE() << "m_iCached, which resetCache() changes, was taken as read";
	}
	catch (const LayoutError& e)
	{
		EXPECT_NE(std::string(e.what()).find("m_iCached may be changed by resetCache()"), std::string::npos)
			<< e.what();
	}
}

// A new object's default constructor runs before its read (its base's first): what it sizes, with a
// define named by an enumerator of the tree (GC.getDefineINT(CvGlobals::NAME)), bounds the read.
TEST(SaveLayout, ANewObjectsConstructorRunsBeforeItsRead)
{
	TempTree kTree;
	kTree.write("CvCity.cpp", R"(
class CvGlobals
{
public:
	enum GlobalDefines { MAX_TRADE_ROUTES, NUM_DEFINES };
};
class CvCity
{
public:
	CvCity();
	void read(FDataStreamBase* pStream);
	std::vector<int> m_aiTrade;
};
class CvCityAI : public CvCity
{
public:
	CvCityAI() {}
};
CvCity::CvCity()
{
	m_aiTrade.resize(GC.getDefineINT(CvGlobals::MAX_TRADE_ROUTES));
}
void CvCity::read(FDataStreamBase* pStream)
{
	for (size_t i = 0; i < m_aiTrade.size(); i++)
		pStream->Read(&m_aiTrade[i]);
}
class CvPlayer
{
public:
	void read(FDataStreamBase* pStream);
	int m_iCount;
};
void CvPlayer::read(FDataStreamBase* pStream)
{
	CvCityAI* pCity = new CvCityAI;
	pCity->read(pStream);
}
)");
	const auto pLayout = kTree.derive();
	BytesStream kStream(ints({ 4, 5, 6 }));
	LayoutRecord kRecord;
	pLayout->read(
		"CvPlayer", kStream,
		[](const std::string& s) -> int {
			if (s == "getDefineINT:MAX_TRADE_ROUTES") return 3;
			throw LayoutError("no count of " + s);
		},
		kRecord);
	EXPECT_EQ(kStream.left(), 0u);
}

TEST(SaveLayout, AFunctionOfANamespaceIsCalledByItsQualifiedName)
{
	TempTree kTree;
	kTree.write("CvThing.cpp", R"(
namespace Bits
{
	template <typename T>
	inline bool Has(const T x, const int y) { return (x & ((T)1U << y)) != 0; }
};
class CvThing
{
public:
	void read(FDataStreamBase* pStream);
	int m_iFlags;
	int m_iA;
};
void CvThing::read(FDataStreamBase* pStream)
{
	pStream->Read(&m_iFlags);
	if (Bits::Has(m_iFlags, 1))
		pStream->Read(&m_iA);
}
)");
	const auto pLayout = kTree.derive();
	EXPECT_EQ(valuesOf(readAll(*pLayout, "CvThing", ints({ 2, 7 })), "m_iA"), std::vector<long long>{ 7 });
	EXPECT_TRUE(valuesOf(readAll(*pLayout, "CvThing", ints({ 1 })), "m_iA").empty());
}

TEST(SaveLayout, AnOverloadIsChosenByItsNumberOfArgumentsAndAReferenceIsWrittenBack)
{
	TempTree kTree;
	kTree.write("CvThing.cpp", R"(
namespace Bits
{
	template <typename T>
	inline T Set(T &x, const int y) { return x = (T)(x | ((T)1U << y)); }
	template <typename T>
	inline T Set(T &x, const int y, const bool bValue)
	{
		if (bValue) return x = (T)(x | ((T)1U << y));
		else return x = (T)(x & ~((T)1U << y));
	}
};
class CvThing
{
public:
	void read(FDataStreamBase* pStream);
	int bits(int iFirst) const
	{
		int iBits = 0;
		Bits::Set(iBits, 2);
		Bits::Set(iBits, 0, iFirst != 0);
		return iBits;
	}
	int m_iFlags;
	int m_iA;
};
void CvThing::read(FDataStreamBase* pStream)
{
	pStream->Read(&m_iFlags);
	if (bits(m_iFlags) == 5)
		pStream->Read(&m_iA);
}
)");
	const auto pLayout = kTree.derive();
	EXPECT_EQ(valuesOf(readAll(*pLayout, "CvThing", ints({ 1, 7 })), "m_iA"), std::vector<long long>{ 7 });
	EXPECT_TRUE(valuesOf(readAll(*pLayout, "CvThing", ints({ 0 })), "m_iA").empty());
}

TEST(SaveLayout, AMemberObjectStartsAsItsConstructorsLeaveItWithItsBasesValueParameters)
{
	TempTree kTree;
	kTree.write("CvThing.cpp", R"(
template <class T> struct Traits {};
template <> struct Traits<bool> { enum { DEFAULT_VALUE = 1 }; };
template <class IndexType, class T, int DEFAULT>
class BitsBase
{
public:
	BitsBase() { setAll((T)DEFAULT); }
	void setAll(T tValue) { std::fill_n(&m_aiBlock[0], 2, tValue ? 7 : 0); }
	bool get(int i) const { return (m_aiBlock[1] & (1 << i)) != 0; }
	void Read(FDataStreamBase* pStream)
	{
		int iTmp;
		pStream->Read(&iTmp);
		m_aiBlock[0] = iTmp;
	}
private:
	unsigned int m_aiBlock[2];
};
template <class IndexType, class T>
class Bits : public BitsBase<IndexType, T, Traits<T>::DEFAULT_VALUE> {};
class CvThing
{
public:
	void read(FDataStreamBase* pStream);
	Bits<int, bool> m_kBits;
	int m_iA;
};
void CvThing::read(FDataStreamBase* pStream)
{
	m_kBits.Read(pStream);
	if (m_kBits.get(2))
		pStream->Read(&m_iA);
}
)");
	EXPECT_EQ(valuesOf(readAll(*kTree.derive(), "CvThing", ints({ 0, 7 })), "m_iA"), std::vector<long long>{ 7 });
}

TEST(SaveLayout, AMethodCalledThroughThisIsRun)
{
	TempTree kTree;
	kTree.write("CvThing.cpp", R"(
class CvThing
{
public:
	void read(FDataStreamBase* pStream);
	bool hasA() const { return m_iFlags > 2; }
	int m_iFlags;
	int m_iA;
};
void CvThing::read(FDataStreamBase* pStream)
{
	pStream->Read(&m_iFlags);
	if (this->hasA())
		pStream->Read(&m_iA);
}
)");
	const auto pLayout = kTree.derive();
	EXPECT_EQ(valuesOf(readAll(*pLayout, "CvThing", ints({ 3, 7 })), "m_iA"), std::vector<long long>{ 7 });
	EXPECT_TRUE(valuesOf(readAll(*pLayout, "CvThing", ints({ 2 })), "m_iA").empty());
}

TEST(SaveLayout, AMemberSetToAnUnknownValueSaysWhereAndWhyWhenABranchNeedsIt)
{
	TempTree kTree;
	kTree.write("CvThing.cpp", R"(
class CvOther { public: static int count() { return 2; } };
class CvThing
{
public:
	void read(FDataStreamBase* pStream);
	bool check() const
	{
		bool bValid = false;
		if (CvOther::count() > 1)
			bValid = true;
		return bValid;
	}
	bool m_bValid;
	int m_iA;
};
void CvThing::read(FDataStreamBase* pStream)
{
	m_bValid = check();
	if (m_bValid)
		pStream->Read(&m_iA);
}
)");
	try
	{
		readAll(*kTree.derive(), "CvThing", ints({ 1 }));
		FAIL() << "a branch on an unknown member was followed";
	}
	catch (const LayoutError& e)
	{
		const std::string s = e.what();
		EXPECT_NE(s.find("m_bValid was set at CvThing.cpp:19 (CvThing::read) to what the deriver cannot follow: "
						 "bValid is changed where the deriver does not follow: the condition (CvOther::count()>1) at "
						 "CvThing.cpp:10 (CvThing::check) cannot be evaluated (CvOther::count() is a static method"),
			std::string::npos)
			<< s;
	}
}
