// The save layout of a tree whose read() functions go through a tagged save wrapper of its own
// (formats/TaggedLayout.h; RoM-AND's CvTaggedSaveFormatWrapper, docs/file-formats.md 3.3.1), on a
// small tree written here with a wrapper of the same shape under another name: its reads by name
// over tagged streams made by the tests' writer, the same tree over an untagged save, and its
// made-up runs, which read made-up tagged elements.
#include "formats/SaveLayout.h"
#include "formats/TaggedLayout.h"
#include "TaggedSaveWriter.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

using namespace cvv;
using cvv::test::TaggedSaveWriter;

namespace {

class TempTree
{
public:
	TempTree()
	{
		std::random_device kRandom;
		m_kRoot = std::filesystem::temp_directory_path() / ("cvvision-tagged-tree-" + std::to_string(kRandom()));
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

LayoutCounts counts()
{
	return [](const std::string& s) { return s == "getNumUnitInfos" ? 3 : 2; };
}

// A wrapper of the shape of RoM-AND's, named otherwise, with macros of the same shape.
const char* const kWrapper = R"(
class FDataStreamBase;
typedef enum
{
	KIND_NONE = -1,
	KIND_UNITS,
	KIND_BUILDS,
	NUM_KINDS
} SavedKind;

class SaveWrap
{
public:
	static SaveWrap& instance(void);
	void reset(bool bTagged);
	bool isUsingTaggedFormat() { return m_bTagged; }
	int getNumClassEnumValues(SavedKind eKind);
	int getNewClassEnumValue(SavedKind eKind, int iOld, bool bAllowMissing = false);
	void AttachToStream(FDataStreamBase* pStream);
	void WriteStartObject(const char* name, int& idHint, int& idSeq);
	void Write(const char* name, int& idHint, int& idSeq, int value);
	void ReadStartObject(const char* name, int& idHint, int& idSeq);
	void ReadEndObject(void);
	void Read(const char* name, int& idHint, int& idSeq, int* i);
	void Read(const char* name, int& idHint, int& idSeq, short* s);
	void Read(const char* name, int& idHint, int& idSeq, bool* b);
	void Read(const char* name, int& idHint, int& idSeq, int count, int values[]);
	void Read(const char* name, int& idHint, int& idSeq, int count, bool values[], bool bAllowTruncation = false);
	void ReadString(const char* name, int& idHint, int& idSeq, std::wstring& szName);
	void ReadClassEnum(const char* name, int& idHint, int& idSeq, SavedKind eKind, int* value, bool allowMissing = false);
	void ReadClassArray(const char* name, int& idHint, int& idSeq, SavedKind eKind, int count, int values[], bool allowMissing = false, bool allowRawArray = false);
	void ReadClassEnumArray(const char* name, int& idHint, int& idSeq, SavedKind eKind, int count, short values[], bool allowMissing = false);
	void SkipElement(const char* name, int& idHint, int& idSeq, int eType);

private:
	FDataStreamBase* m_pStream;
	bool m_bTagged;
};

int SaveWrap::getNumClassEnumValues(SavedKind eKind)
{
	int iResult = 0;
	if (m_bTagged)
	{
		iResult = (int)m_aTables[eKind].size();
	}
	else
	{
		switch (eKind)
		{
		case KIND_UNITS:
			iResult = GC.getNumUnitInfos();
			break;
		case KIND_BUILDS:
			iResult = GC.getNumBuildInfos();
			break;
		}
	}
	return iResult;
}

int SaveWrap::getNewClassEnumValue(SavedKind eKind, int iOld, bool bAllowMissing)
{
	if (m_bTagged)
	{
		return lookUp(eKind, iOld);
	}
	return iOld;
}

void SaveWrap::AttachToStream(FDataStreamBase* pStream)
{
	m_pStream = pStream;
}

#define W_READ(w, c, name) { static int _h; static int _s = -1; (w).Read(c "::" #name, _h, _s, name); }
#define W_READ_ARRAY(w, c, n, name) { static int _h; static int _s = -1; (w).Read(c "::" #name, _h, _s, n, name); }
#define W_READ_STRING(w, c, name) { static int _h; static int _s = -1; (w).ReadString(c "::" #name, _h, _s, name); }
#define W_READ_CLASS_ENUM(w, c, k, name) { static int _h; static int _s = -1; (w).ReadClassEnum(c "::" #name, _h, _s, k, name); }
#define W_READ_CLASS_ARRAY(w, c, k, n, name) { static int _h; static int _s = -1; (w).ReadClassArray(c "::" #name, _h, _s, k, n, name); }
#define W_READ_CLASS_ENUM_ARRAY(w, c, k, n, name) { static int _h; static int _s = -1; (w).ReadClassEnumArray(c "::" #name, _h, _s, k, n, name); }
#define W_SKIP(w, c, name, t) { static int _h; static int _s = -1; (w).SkipElement(c "::" #name, _h, _s, t); }
#define W_READ_START(w) { static int _h; static int _s = -1; (w).ReadStartObject(__FUNCTION__, _h, _s); }
#define W_READ_END(w) (w).ReadEndObject()
)";

const char* const kRoots = R"(
class CvInitCore
{
public:
	void read(FDataStreamBase* pStream);
	int m_iA;
	short m_iS;
	bool m_bB;
	int m_aiSlots[MAX_PLAYERS];
	std::wstring m_szName;
	int m_eUnit;
};
void CvInitCore::read(FDataStreamBase* pStream)
{
	uint uiSaveFlag = 0;
	pStream->Read(&uiSaveFlag);
	SaveWrap& wrapper = SaveWrap::instance();
	if ((uiSaveFlag & 2) != 0)
	{
		wrapper.reset(true);
	}
	else
	{
		wrapper.reset(false);
	}
	wrapper.AttachToStream(pStream);
	W_READ_START(wrapper);
	m_iA = 5;
	W_READ(wrapper, "CvInitCore", &m_iA);
	W_READ(wrapper, "CvInitCore", &m_iS);
	W_READ(wrapper, "CvInitCore", &m_bB);
	W_READ_ARRAY(wrapper, "CvInitCore", MAX_PLAYERS, (int*)m_aiSlots);
	W_READ_STRING(wrapper, "CvInitCore", m_szName);
	W_READ_CLASS_ENUM(wrapper, "CvInitCore", KIND_UNITS, &m_eUnit);
	W_READ_END(wrapper);
}

class CvGameAI
{
public:
	void read(FDataStreamBase* pStream);
	int m_iTurn;
	int m_iNew;
	int m_aiUnitCount[3];
	short m_aeBuild[2];
	int m_aiPerBuild[2];
	int m_iRaw;
};
void CvGameAI::read(FDataStreamBase* pStream)
{
	SaveWrap& wrapper = SaveWrap::instance();
	wrapper.AttachToStream(pStream);
	W_READ_START(wrapper);
	W_READ(wrapper, "CvGameAI", &m_iTurn);
	if (wrapper.isUsingTaggedFormat())
	{
		W_READ(wrapper, "CvGameAI", &m_iNew);
	}
	W_SKIP(wrapper, "CvGameAI", m_iGone, 10);
	W_READ_CLASS_ARRAY(wrapper, "CvGameAI", KIND_UNITS, GC.getNumUnitInfos(), m_aiUnitCount);
	W_READ_CLASS_ENUM_ARRAY(wrapper, "CvGameAI", KIND_BUILDS, 2, m_aeBuild);
	for (int i = 0; i < wrapper.getNumClassEnumValues(KIND_BUILDS); i++)
	{
		int iI = wrapper.getNewClassEnumValue(KIND_BUILDS, i, true);
		if (iI != -1)
		{
			W_READ(wrapper, "CvGameAI", &m_aiPerBuild[iI]);
		}
	}
	W_READ_END(wrapper);
	pStream->Read(&m_iRaw);
}

class CvMap { public: void read(FDataStreamBase* pStream); int m_iW; };
void CvMap::read(FDataStreamBase* pStream)
{
	SaveWrap& wrapper = SaveWrap::instance();
	wrapper.AttachToStream(pStream);
	W_READ_START(wrapper);
	W_READ(wrapper, "CvMap", &m_iW);
	W_READ_END(wrapper);
}
class CvTeamAI { public: void read(FDataStreamBase* pStream); int m_iT; };
void CvTeamAI::read(FDataStreamBase* pStream) { pStream->Read(&m_iT); }
class CvPlayerAI { public: void read(FDataStreamBase* pStream); int m_iP; };
void CvPlayerAI::read(FDataStreamBase* pStream) { pStream->Read(&m_iP); }
)";

std::vector<long long> values(const LayoutRecord& r, const std::string& s)
{
	const std::vector<long long>* p = r.values(s);
	return p ? *p : std::vector<long long>{};
}

} // namespace

TEST(SaveLayoutTagged, AWrapperOfTheTreesOwnIsFollowedByItsReads)
{
	TempTree kTree;
	kTree.write("CvDefines.h", "#define MAX_TEAMS (2)\n#define MAX_PLAYERS (2)\n");
	kTree.write("SaveWrap.h", kWrapper);
	kTree.write("CvRoots.cpp", kRoots);
	const std::vector<LayoutClassReport> aReport = kTree.derive()->report();
	bool bWrapperReads = false;
	for (const LayoutClassReport& k : aReport)
	{
		EXPECT_EQ(k.sError, "") << k.sClass;
		EXPECT_NE(k.sClass, "SaveWrap");
		for (const std::string& s : k.aszFields) bWrapperReads = bWrapperReads || s.find("tagged") != std::string::npos;
	}
	EXPECT_TRUE(bWrapperReads);
}

TEST(SaveLayoutTagged, ATaggedSaveIsReadByNameAndRemapped)
{
	TempTree kTree;
	kTree.write("CvDefines.h", "#define MAX_TEAMS (2)\n#define MAX_PLAYERS (2)\n");
	kTree.write("SaveWrap.h", kWrapper);
	kTree.write("CvRoots.cpp", kRoots);
	const std::shared_ptr<const SaveLayout> pLayout = kTree.derive();
	// the set-up block: the flag, then the tables and the object; the game data after it goes on
	// with the same dictionary
	TaggedSaveWriter w;
	w.i32(2);
	w.classMap(0, { "UNIT_A", "UNIT_B", "UNIT_C" });
	w.classMap(1, { "BUILD_X", "BUILD_Y" });
	w.startObject("CvInitCore::write");
	w.value("CvInitCore::m_iS", TaggedType::Short, -4); // m_iA is not in this save: it keeps 5
	w.value("CvInitCore::m_bB", TaggedType::Bool, 1);
	w.array("CvInitCore::m_aiSlots", TaggedType::IntArray, { 7, 8 });
	w.str("CvInitCore::m_szName", TaggedType::StdWString, u"Rome");
	w.classEnum("CvInitCore::&m_eUnit", 0, 2);
	w.endObject();
	const size_t iGame = w.aBytes.size();
	w.startObject("CvGameAI::write");
	w.value("CvGameAI::m_iTurn", TaggedType::Int, 30);
	w.value("CvGameAI::m_iNew", TaggedType::Int, 31);
	w.value("CvGameAI::m_iGone", TaggedType::Int, 99);
	w.classArray("CvGameAI::m_aiUnitCount", 0, false, { 1, 2, 3 });
	w.classEnumArray("CvGameAI::m_aeBuild", 1, { 1, -1 }, 2);
	w.value("CvGameAI::m_aiPerBuild[iI]", TaggedType::Int, 40);
	w.value("CvGameAI::m_aiPerBuild[iI]", TaggedType::Int, 41);
	w.endObject();
	w.i32(77); // read by the stream itself
	TaggedLayoutState kState;
	LayoutGlobals kGlobals;
	kGlobals.pTagged = &kState;
	LayoutRecord kInit;
	BytesStream kInitStream(std::vector<unsigned char>(w.aBytes.begin(), w.aBytes.begin() + std::ptrdiff_t(iGame)));
	pLayout->read("CvInitCore", kInitStream, counts(), kInit, kGlobals);
	EXPECT_EQ(kInitStream.left(), 0u);
	EXPECT_TRUE(kState.tagged());
	EXPECT_EQ(values(kInit, "m_iA"), (std::vector<long long>{ 5 }));
	EXPECT_EQ(values(kInit, "m_iS"), (std::vector<long long>{ -4 }));
	EXPECT_EQ(values(kInit, "m_bB"), (std::vector<long long>{ 1 }));
	EXPECT_EQ(values(kInit, "m_aiSlots"), (std::vector<long long>{ 7, 8 }));
	EXPECT_EQ(values(kInit, "m_eUnit"), (std::vector<long long>{ 2 }));

	LayoutRecord kGame;
	BytesStream kGameStream(std::vector<unsigned char>(w.aBytes.begin() + std::ptrdiff_t(iGame), w.aBytes.end()));
	kGlobals.pInit = &kInit;
	pLayout->read("CvGameAI", kGameStream, counts(), kGame, kGlobals);
	EXPECT_EQ(kGameStream.left(), 0u);
	EXPECT_EQ(values(kGame, "m_iTurn"), (std::vector<long long>{ 30 }));
	EXPECT_EQ(values(kGame, "m_iNew"), (std::vector<long long>{ 31 }));
	EXPECT_EQ(values(kGame, "m_aiUnitCount"), (std::vector<long long>{ 1, 2, 3 }));
	EXPECT_EQ(values(kGame, "m_aeBuild"), (std::vector<long long>{ 1, -1 }));
	EXPECT_EQ(values(kGame, "m_aiPerBuild[0]"), (std::vector<long long>{ 40 }));
	EXPECT_EQ(values(kGame, "m_aiPerBuild[1]"), (std::vector<long long>{ 41 }));
	EXPECT_EQ(values(kGame, "m_iRaw"), (std::vector<long long>{ 77 }));
}

TEST(SaveLayoutTagged, AnUntaggedSaveIsReadThroughTheWrappersPlainReads)
{
	TempTree kTree;
	kTree.write("CvDefines.h", "#define MAX_TEAMS (2)\n#define MAX_PLAYERS (2)\n");
	kTree.write("SaveWrap.h", kWrapper);
	kTree.write("CvRoots.cpp", kRoots);
	const std::shared_ptr<const SaveLayout> pLayout = kTree.derive();
	TaggedLayoutState kState;
	TaggedSaveWriter w;
	w.i32(0); // no tagged bit
	w.i32(11); // m_iA
	w.i16(-2); // m_iS
	w.u8(1); // m_bB
	w.i32(3); // m_aiSlots
	w.i32(4);
	w.string(u"Ab", true); // m_szName
	w.i32(1); // m_eUnit
	LayoutRecord kInit;
	BytesStream kStream(w.aBytes);
	LayoutGlobals kGlobals;
	kGlobals.pTagged = &kState;
	pLayout->read("CvInitCore", kStream, counts(), kInit, kGlobals);
	EXPECT_EQ(kStream.left(), 0u);
	EXPECT_FALSE(kState.tagged());
	EXPECT_EQ(values(kInit, "m_iA"), (std::vector<long long>{ 11 }));
	EXPECT_EQ(values(kInit, "m_iS"), (std::vector<long long>{ -2 }));
	EXPECT_EQ(values(kInit, "m_aiSlots"), (std::vector<long long>{ 3, 4 }));
	EXPECT_EQ(values(kInit, "m_eUnit"), (std::vector<long long>{ 1 }));
	// the game: no m_iNew (untagged), a skip reads nothing, the loop runs over the game's 2 builds
	TaggedSaveWriter g;
	g.i32(30); // m_iTurn
	for (int v : { 1, 2, 3 }) g.i32(v); // m_aiUnitCount
	g.i16(1); // m_aeBuild
	g.i16(0);
	g.i32(40); // m_aiPerBuild
	g.i32(41);
	g.i32(77); // m_iRaw
	LayoutRecord kGame;
	BytesStream kGameStream(g.aBytes);
	kGlobals.pInit = &kInit;
	pLayout->read("CvGameAI", kGameStream, counts(), kGame, kGlobals);
	EXPECT_EQ(kGameStream.left(), 0u);
	EXPECT_EQ(values(kGame, "m_iNew"), std::vector<long long>{});
	EXPECT_EQ(kGame.kChildren.count("items"), 0u); // the wrapper's own count run aside
	EXPECT_EQ(values(kGame, "m_aiPerBuild[1]"), (std::vector<long long>{ 41 }));
	EXPECT_EQ(values(kGame, "m_iRaw"), (std::vector<long long>{ 77 }));
}

TEST(SaveLayoutTagged, MadeUpRunsReadMadeUpTaggedElements)
{
	TempTree kTree;
	kTree.write("CvDefines.h", "#define MAX_TEAMS (2)\n#define MAX_PLAYERS (2)\n");
	kTree.write("SaveWrap.h", kWrapper);
	kTree.write("CvRoots.cpp", kRoots);
	const std::vector<LayoutExercise> aRuns =
		exerciseLayout(*kTree.derive(), counts(), { { 0, 0 }, { 1, 1 }, { 2, 2 }, { 1, 100 } });
	ASSERT_EQ(aRuns.size(), 4u);
	for (const LayoutExercise& k : aRuns)
	{
		EXPECT_EQ(k.sError, "") << k.kData.iValue;
		EXPECT_EQ(k.iObjects, 5) << k.kData.iValue;
		EXPECT_EQ(k.iRanOut, 0) << k.kData.iValue;
		EXPECT_GT(k.iBytes, 40) << k.kData.iValue;
	}
	// each count is the value: strings, and the loop over the save's table of builds
	EXPECT_LT(aRuns[0].iBytes, aRuns[1].iBytes);
	EXPECT_LT(aRuns[1].iBytes, aRuns[2].iBytes);
}

TEST(SaveLayoutTagged, ANameMadeAtRunTimeIsAnError)
{
	TempTree kTree;
	kTree.write("CvDefines.h", "#define MAX_TEAMS (2)\n#define MAX_PLAYERS (2)\n");
	kTree.write("SaveWrap.h", kWrapper);
	std::string sRoots = kRoots;
	const std::string sOld = "W_READ(wrapper, \"CvMap\", &m_iW);";
	sRoots.replace(sRoots.find(sOld), sOld.size(),
		"char buffer[64]; strcpy(buffer, \"CvMap::m_iW\"); { static int _h; static int _s = -1; "
		"(wrapper).Read(buffer, _h, _s, &m_iW); }");
	kTree.write("CvRoots.cpp", sRoots);
	TaggedLayoutState kState;
	kState.reset(true);
	TaggedSaveWriter w;
	w.startObject("CvMap::write");
	w.value("CvMap::m_iW", TaggedType::Int, 3);
	w.endObject();
	BytesStream kStream(w.aBytes);
	LayoutRecord kMap;
	LayoutGlobals kGlobals;
	kGlobals.pTagged = &kState;
	try
	{
		kTree.derive()->read("CvMap", kStream, counts(), kMap, kGlobals);
		FAIL() << "read";
	}
	catch (const LayoutError& k)
	{
		EXPECT_NE(std::string(k.what()).find("CvRoots.cpp:"), std::string::npos) << k.what();
		EXPECT_NE(std::string(k.what()).find("made at run time"), std::string::npos) << k.what();
	}
}
