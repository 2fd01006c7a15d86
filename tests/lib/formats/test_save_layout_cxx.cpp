// The save-layout deriver (formats/SaveLayout.h, docs/file-formats.md "Saves of mods") on small trees
// written here: each C++ construct a tree's read() may be built with is found and followed (or named
// where it stops), checked on the report and on the values read from a few bytes: the C++ around the
// reads (scopes, macros, templates); test_save_layout.cpp has the statements and the made-up data.
#include "formats/SaveLayout.h"

#include "LayoutTestTree.h"

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

using namespace cvv;

namespace {

LayoutClassReport reportOf(const SaveLayout& kLayout, const std::string& sClass)
{
	for (const LayoutClassReport& r : kLayout.report())
		if (r.sClass == sClass) return r;
	ADD_FAILURE() << "no report for " << sClass;
	return LayoutClassReport();
}

int noCounts(const std::string& s) { throw LayoutError(s + ": no counts in this test"); }

// The game's root class with a read() after an unnamed namespace, a loop built by a function-like
// macro (## pasting a name) and an object of a class defined out of its outer class (Outer::Inner).
const char* const szGameHeader = R"(
#define NUM_SLOTS 3
#define FOR_EACH_SLOT(Name) for (int iSlot##Name = 0; iSlot##Name < NUM_SLOTS; ++iSlot##Name)
class FDataStreamBase;
class Outer
{
public:
	class Inner;
};
class Outer::Inner
{
public:
	void read(FDataStreamBase* pStream);
	int m_iInner;
};
class CvGameAI
{
public:
	void read(FDataStreamBase* pStream);
	int m_iTurn;
	int m_aiSlots[NUM_SLOTS];
	Outer::Inner* m_pInner;
};
)";

const char* const szGameSource = R"(
#include "CvGameAI.h"
namespace
{
	int unused() { return 0; }
}
void CvGameAI::read(FDataStreamBase* pStream)
{
	pStream->Read(&m_iTurn);
	FOR_EACH_SLOT(Loop)
	{
		pStream->Read(&m_aiSlots[iSlotLoop]);
	}
	m_pInner->read(pStream);
}
void Outer::Inner::read(FDataStreamBase* pStream)
{
	pStream->Read(&m_iInner);
}
)";

} // namespace

TEST(SaveLayoutDeriver, ReadAfterANamespaceMacroLoopAndOutOfLineNestedClassAreFollowed)
{
	TempTree kTree({ { "CvGameAI.h", szGameHeader }, { "CvGameAI.cpp", szGameSource } });
	const auto pLayout = kTree.derive();
	const LayoutClassReport kGame = reportOf(*pLayout, "CvGameAI");
	EXPECT_EQ(kGame.sFunction, "CvGameAI::read");
	EXPECT_EQ(kGame.sError, "");
	const LayoutClassReport kInner = reportOf(*pLayout, "Outer::Inner");
	EXPECT_EQ(kInner.sFunction, "Outer::Inner::read");
	EXPECT_EQ(kInner.sError, "");

	BytesStream kBytes(ints({ 7, 10, 11, 12, 99 }));
	LayoutRecord kRecord;
	pLayout->read("CvGameAI", kBytes, noCounts, kRecord);
	EXPECT_EQ(kBytes.left(), 0u);
	ASSERT_TRUE(kRecord.values("m_iTurn"));
	EXPECT_EQ(*kRecord.values("m_iTurn"), std::vector<long long>{ 7 });
	for (int i = 0; i < 3; ++i)
	{
		const std::string sSlot = "m_aiSlots[" + std::to_string(i) + "]";
		ASSERT_TRUE(kRecord.values(sSlot)) << sSlot;
		EXPECT_EQ(*kRecord.values(sSlot), std::vector<long long>{ 10 + i });
	}
	const auto aInner = kRecord.objects("m_pInner");
	ASSERT_EQ(aInner.size(), 1u);
	ASSERT_TRUE(aInner[0]->values("m_iInner"));
	EXPECT_EQ(*aInner[0]->values("m_iInner"), std::vector<long long>{ 99 });
}

// A member reached through a pointer to a nested class (m->list.Read) is typed member by member.
TEST(SaveLayoutDeriver, MemberChainThroughANestedClassIsTyped)
{
	TempTree kTree({ { "CvMap.h", R"(
class FDataStreamBase;
template <class T> class CLinkList
{
public:
	void Read(FDataStreamBase* pStream)
	{
		int iLength;
		pStream->Read(&iLength);
	}
};
class Data
{
	int m_iOther;
};
class CvMap
{
public:
	void read(FDataStreamBase* pStream);
	class Data
	{
	public:
		CLinkList<int> list;
	};
	Data* m;
};
)" },
		{ "CvMap.cpp", R"(
#include "CvMap.h"
void CvMap::read(FDataStreamBase* pStream)
{
	m->list.Read(pStream);
}
)" } });
	const auto pLayout = kTree.derive();
	const LayoutClassReport kMap = reportOf(*pLayout, "CvMap");
	EXPECT_EQ(kMap.sError, "");
	ASSERT_EQ(kMap.aszFields.size(), 1u);
	EXPECT_NE(kMap.aszFields[0].find("CLinkList<int>::Read (m->list)"), std::string::npos) << kMap.aszFields[0];
}

// A function template called with explicit template arguments that the tree does not define: the stop
// names it.
TEST(SaveLayoutDeriver, UndefinedTemplateCalledWithArgumentsIsNamedWhereItStops)
{
	TempTree kTree({ { "CvMap.h", R"(
class FDataStreamBase;
class CvMap
{
public:
	void read(FDataStreamBase* pStream);
	template <int iSize> void readAs(FDataStreamBase* pStream);
	int m_iX;
};
)" },
		{ "CvMap.cpp", R"(
#include "CvMap.h"
void CvMap::read(FDataStreamBase* pStream)
{
	readAs<4>(pStream);
}
)" } });
	const auto pLayout = kTree.derive();
	const LayoutClassReport kMap = reportOf(*pLayout, "CvMap");
	EXPECT_NE(kMap.sError.find("CvMap.cpp:5 (CvMap::read)"), std::string::npos) << kMap.sError;
	EXPECT_NE(kMap.sError.find("function template readAs with explicit template arguments <4>, which is no member "
							   "function template of this class"),
		std::string::npos)
		<< kMap.sError;
}

// An enum-indexed array class template in the manner of a fork's: Read() (its default argument in the
// class) calls a member function template with explicit arguments, readAs<SIZE>, whose explicit
// specialisation is chosen by a traits class's constant (StoreTraits<T>::SIZE, specialised by a macro
// #undef'd after its uses); the loop's bound is
// an overload of a free function chosen by its argument's type, LengthType a defaulted template
// parameter of the base the derived class names.
const char* const szArrayTree = R"(
enum ColourTypes { NO_COLOUR = -1, COLOUR_RED, COLOUR_GREEN, COLOUR_BLUE, NUM_COLOUR_TYPES };
enum { STORE_INT, STORE_BYTE };
template <class T> struct StoreTraits {};
#define STORE_TRAITS(X, STORE) \
	template <> struct StoreTraits< X > { enum { SIZE = STORE }; };
STORE_TRAITS(int, STORE_INT)
STORE_TRAITS(char, STORE_BYTE)
#undef STORE_TRAITS
inline ColourTypes getEnumLength(ColourTypes) { return static_cast<ColourTypes>(NUM_COLOUR_TYPES); }
inline int getEnumLength(int) { return 99; }
class FDataStreamBase;
template <class IndexType, class T, int DEFAULT, class LengthType = IndexType>
class ArrayBase
{
public:
	void Read(FDataStreamBase* pStream, bool bAsShort = false);
	IndexType First() const { return (IndexType)0; }
	IndexType getLength() const { return (IndexType)getEnumLength((LengthType)0); }
private:
	static const int SIZE = StoreTraits<T>::SIZE;
	template <int iSize> void readAs(FDataStreamBase* pStream, bool bAsShort);
	template <> void readAs<STORE_BYTE>(FDataStreamBase* pStream, bool bAsShort)
	{
		for (IndexType e = First(); e < getLength(); ++e)
		{
			char c;
			pStream->Read(&c);
		}
	}
};
template <class IndexType, class T, int DEFAULT, class LengthType>
void ArrayBase<IndexType, T, DEFAULT, LengthType>::Read(FDataStreamBase* pStream, bool bAsShort)
{
	readAs<SIZE>(pStream, bAsShort);
}
template <class IndexType, class T, int DEFAULT, class LengthType>
template <int iSize>
void ArrayBase<IndexType, T, DEFAULT, LengthType>::readAs(FDataStreamBase* pStream, bool bAsShort)
{
	for (IndexType e = First(); e < getLength(); ++e)
	{
		if (bAsShort)
		{
			short s;
			pStream->Read(&s);
		}
		else
		{
			int i;
			pStream->Read(&i);
		}
	}
}
template <class IndexType, class T>
class Array : public ArrayBase<IndexType, T, 0> {};
class CvGameAI
{
public:
	void read(FDataStreamBase* pStream);
	Array<ColourTypes, int> m_aiWide;
	Array<ColourTypes, char> m_acNarrow;
	Array<ColourTypes, int> m_asShort;
};
void CvGameAI::read(FDataStreamBase* pStream)
{
	m_aiWide.Read(pStream);
	m_acNarrow.Read(pStream);
	m_asShort.Read(pStream, true);
}
)";

TEST(SaveLayoutDeriver, ArrayTemplateReadsAsItsSpecialisationAndTraitsSay)
{
	TempTree kTree(std::map<std::string, std::string>{ { "Arrays.h", szArrayTree } });
	const auto pLayout = kTree.derive();
	const LayoutClassReport kGame = reportOf(*pLayout, "CvGameAI");
	EXPECT_EQ(kGame.sError, "");
	const LayoutClassReport kArray = reportOf(*pLayout, "Array");
	EXPECT_EQ(kArray.sError, "");
	// three ints, three chars (the specialisation for STORE_BYTE), three shorts (bAsShort given)
	std::vector<unsigned char> aBytes = ints({ 1, 2, 3 });
	aBytes.insert(aBytes.end(), { 4, 5, 6, 7, 0, 8, 0, 9, 0 });
	{
		BytesStream kBytes(aBytes);
		LayoutRecord kRecord;
		pLayout->read("CvGameAI", kBytes, noCounts, kRecord);
		EXPECT_EQ(kBytes.left(), 0u);
	}
	// a byte short: the data ends in the last array
	aBytes.pop_back();
	BytesStream kShort(aBytes);
	LayoutRecord kRecord;
	EXPECT_THROW(pLayout->read("CvGameAI", kShort, noCounts, kRecord), LayoutError);
}

// A free function template whose second parameter defaults to its first (template <class T, class
// U = T>), bound from a container declared with one argument; a specialisation written with a
// typedef's name (Traits<byte>) chosen for the type it stands for; a member declared with its struct.
TEST(SaveLayoutDeriver, DefaultTemplateArgumentsTypedefSpecialisationsAndStructMembersAreFollowed)
{
	TempTree kTree(std::map<std::string, std::string>{ { "List.h", R"(
class FDataStreamBase;
typedef unsigned char byte;
template <class T> struct Traits {};
template <> struct Traits<byte> { enum { COUNT = 2 }; };
template <class T, class U = T>
class List
{
public:
	int m_iSize;
};
template <class T, class U>
void ReadList(List<T, U>& kList, FDataStreamBase* pStream)
{
	U* pData = new U;
	pData->read(pStream);
}
class CvDeal
{
public:
	void read(FDataStreamBase* pStream);
	int m_iID;
};
template <class T>
class Bytes
{
public:
	void read(FDataStreamBase* pStream) { pStream->Read(Traits<T>::COUNT, m_aData); }
	T m_aData[4];
};
class CvGameAI
{
public:
	void read(FDataStreamBase* pStream);
	List<CvDeal> m_deals;
	Bytes<byte> m_kBytes;
	struct Seed
	{
		unsigned int uiMap;
		unsigned int uiSync;
	} m_kSeed;
};
)" },
		{ "CvGame.cpp", R"(
void CvDeal::read(FDataStreamBase* pStream)
{
	pStream->Read(&m_iID);
}
void CvGameAI::read(FDataStreamBase* pStream)
{
	ReadList(m_deals, pStream);
	m_kBytes.read(pStream);
	pStream->Read(&m_kSeed.uiMap);
}
)" } });
	const auto pLayout = kTree.derive();
	std::vector<unsigned char> aBytes = ints({ 7 });
	aBytes.insert(aBytes.end(), { 1, 2 });
	const std::vector<unsigned char> aSeed = ints({ 9 });
	aBytes.insert(aBytes.end(), aSeed.begin(), aSeed.end());
	BytesStream kBytes(aBytes);
	LayoutRecord kRecord;
	pLayout->read("CvGameAI", kBytes, noCounts, kRecord);
	EXPECT_EQ(kBytes.left(), 0u);
	ASSERT_NE(kRecord.values("m_kSeed.uiMap"), nullptr);
	EXPECT_EQ(kRecord.values("m_kSeed.uiMap")->at(0), 9);
}

// A class constant with a parenthesised initialiser (static const bool b = (Traits<T>::SIZE > 2);) is
// the class's, evaluated with its template's arguments, not a method declaration nor a constant of
// the file.
TEST(SaveLayoutDeriver, AClassConstantWithAParenthesisedInitialiserIsTheClasss)
{
	TempTree kTree(std::map<std::string, std::string>{ { "Arr.h", R"(
class FDataStreamBase;
template <class T> struct Traits {};
template <> struct Traits<int> { enum { SIZE = 4 }; };
template <> struct Traits<char> { enum { SIZE = 1 }; };
template <class T>
class Arr
{
public:
	static const bool bBIG = (Traits<T>::SIZE > 2);
	void read(FDataStreamBase* pStream) { _read<bBIG>(pStream); }
	template <bool B> void _read(FDataStreamBase* pStream);
	template <> void _read<true>(FDataStreamBase* pStream) { pStream->Read(&m_iA); pStream->Read(&m_iB); }
	template <> void _read<false>(FDataStreamBase* pStream) { pStream->Read(&m_iA); }
	int m_iA;
	int m_iB;
};
class CvGameAI
{
public:
	void read(FDataStreamBase* pStream) { m_kBig.read(pStream); m_kSmall.read(pStream); }
	Arr<int> m_kBig;
	Arr<char> m_kSmall;
};
)" } });
	const auto pLayout = kTree.derive();
	BytesStream kBytes(ints({ 1, 2, 3 }));
	LayoutRecord kRecord;
	pLayout->read("CvGameAI", kBytes, noCounts, kRecord);
	EXPECT_EQ(kBytes.left(), 0u);
}
