// The save-layout deriver (formats/SaveLayout.h) on constructs of newer forks' containers, one a test,
// each on a small tree written here: a base class template reached through the derived class
// (CRTP), classes made by macros and typedefs of template instances, reads inherited from bases with
// their default arguments, bases that are template parameters, function templates deduced through
// pointer and array parameters, and types chosen by traits (defaulted parameters, explicit and
// partial specialisations, the compact type of an enum-indexed array).
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

// A throw-away CvGameCoreDLL folder: CvPlot.cpp (which marks a tree) and one source.
class TempTree
{
public:
	explicit TempTree(const std::string& sSource)
	{
		std::random_device kRandom;
		m_kRoot = std::filesystem::temp_directory_path() / ("cvvision-tree-" + std::to_string(kRandom()));
		std::filesystem::create_directories(m_kRoot);
		std::ofstream(m_kRoot / "CvPlot.cpp", std::ios::binary) << "";
		std::ofstream(m_kRoot / "CvThing.cpp", std::ios::binary) << sSource;
	}
	~TempTree() { std::filesystem::remove_all(m_kRoot); }
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

// Bytes of little-endian values of the given widths: { {2, 7}, {1, 3} } is a short 7 and a char 3.
std::vector<unsigned char> bytes(const std::vector<std::pair<int, long long>>& aValues)
{
	std::vector<unsigned char> a;
	for (const auto& [iWidth, iValue] : aValues)
		for (int k = 0; k < iWidth; ++k) a.push_back(static_cast<unsigned char>((iValue >> (8 * k)) & 0xFF));
	return a;
}

// CvThing::read over the bytes: they must all be taken; the record's m_iEnd (the last read of each
// tree) is returned.
long long readThing(const std::string& sSource, const std::vector<unsigned char>& aBytes)
{
	TempTree kTree(sSource);
	const auto pLayout = kTree.derive();
	for (const LayoutClassReport& r : pLayout->report())
		if (r.sClass == "CvThing") EXPECT_EQ(r.sError, "") << "CvThing";
	BytesStream kStream(aBytes);
	LayoutRecord kRecord;
	pLayout->read(
		"CvThing", kStream, [](const std::string& s) -> int { throw LayoutError("no count of " + s); }, kRecord);
	EXPECT_EQ(kStream.left(), 0u) << "CvThing::read left bytes unread";
	const std::vector<long long>* p = kRecord.values("m_iEnd");
	return p && !p->empty() ? p->back() : -1;
}

} // namespace

// A base class template that takes its derived class (CRTP) reaches it through a method returning
// *static_cast<Self*>(this); its read calls a member function template of its own through it with
// explicit arguments (a parameter of the base), whose loop is bounded by a method of the derived
// class reached the same way; the derived class's owner calls that template directly on the member,
// its default argument left out or given.
TEST(SaveLayoutGenerality, ACrtpBasesMemberTemplateIsCalledThroughTheDerivedClass)
{
	const char* szTree = R"(
class FDataStreamBase;
template <class Self, class Stored>
class SlotsBase
{
protected:
	Self& self() { return *static_cast<Self*>(this); }
	Self const& self() const { return *static_cast<Self const*>(this); }
public:
	void read(FDataStreamBase* pStream, int iFewer = 0)
	{
		self().readAs<Stored>(pStream, iFewer);
	}
	template <typename AsType>
	void readAs(FDataStreamBase* pStream, int iFewer = 0)
	{
		for (int i = 0; i < self().count() - iFewer; ++i)
		{
			AsType v;
			pStream->Read(&v);
			self().keep(i, v);
		}
	}
};
template <class Stored>
class Slots : public SlotsBase<Slots<Stored>, Stored>
{
public:
	int count() const { return 3; }
	void keep(int i, int v) { m_iLast = v; }
	int m_iLast;
};
class CvThing
{
public:
	void read(FDataStreamBase* pStream);
	Slots<short> m_kShorts;
	Slots<int> m_kInts;
	int m_iEnd;
};
void CvThing::read(FDataStreamBase* pStream)
{
	m_kShorts.read(pStream);
	m_kInts.readAs<char>(pStream, 1);
	m_kInts.readAs<short>(pStream);
	pStream->Read(&m_iEnd);
}
)";
	// three shorts, two chars, three shorts, the int
	EXPECT_EQ(readThing(szTree,
				  bytes({ { 2, 1 }, { 2, 2 }, { 2, 3 }, { 1, 4 }, { 1, 5 }, { 2, 6 }, { 2, 7 }, { 2, 8 }, { 4, 99 } })),
		99);
}

// A class made by a function-like macro (its name and base's arguments given) and one whose base is
// named by an object-like macro: their reads are the base's, its default argument left out or
// given; the count a traits class's specialisation for the key.
TEST(SaveLayoutGenerality, AClassMadeByAMacroInheritsItsBasesRead)
{
	const char* szTree = R"(
class FDataStreamBase;
enum ColourTypes { NO_COLOUR = -1, COLOUR_RED, COLOUR_GREEN, COLOUR_BLUE, NUM_COLOUR_TYPES };
template <class Key> struct KeyCount {};
template <> struct KeyCount<ColourTypes> { enum { COUNT = NUM_COLOUR_TYPES }; };
template <typename Key, typename Stored>
class FixedMap
{
public:
	static int size() { return KeyCount<Key>::COUNT; }
	void read(FDataStreamBase* pStream, int iFewer = 0)
	{
		pStream->Read(size() - iFewer, m_aValues);
	}
protected:
	Stored m_aValues[8];
};
#define FIXED_MAP_OF(Name, Key, Stored) \
	class Name : public FixedMap<Key, Stored> \
	{ \
	public: \
		Name() {} \
	};
FIXED_MAP_OF(ColourCharMap, ColourTypes, char)
#define ColourShortMapBase FixedMap<ColourTypes, short>
class ColourShortMap : public ColourShortMapBase
{
public:
	ColourShortMap() {}
};
#undef ColourShortMapBase
class CvThing
{
public:
	void read(FDataStreamBase* pStream);
	ColourCharMap m_kChars;
	ColourShortMap m_kShorts;
	int m_iEnd;
};
void CvThing::read(FDataStreamBase* pStream)
{
	m_kChars.read(pStream);
	m_kShorts.read(pStream, 1);
	pStream->Read(&m_iEnd);
}
)";
	EXPECT_EQ(readThing(szTree, bytes({ { 1, 1 }, { 1, 2 }, { 1, 3 }, { 2, 4 }, { 2, 5 }, { 4, 42 } })), 42);
}

// A member typed by a typedef of a template instance, and by a typedef of that typedef.
TEST(SaveLayoutGenerality, ATypedefOfATemplateInstanceIsItsClass)
{
	const char* szTree = R"(
class FDataStreamBase;
template <typename Stored, int SIZE>
class Row
{
public:
	void read(FDataStreamBase* pStream)
	{
		for (int i = 0; i < SIZE; ++i)
			pStream->Read(&m_aValues[i]);
	}
	Stored m_aValues[SIZE];
};
typedef Row<short, 2> ShortPair;
typedef ShortPair Coordinates;
class CvThing
{
public:
	void read(FDataStreamBase* pStream);
	ShortPair m_kPair;
	Coordinates m_kAt;
	int m_iEnd;
};
void CvThing::read(FDataStreamBase* pStream)
{
	m_kPair.read(pStream);
	m_kAt.read(pStream);
	pStream->Read(&m_iEnd);
}
)";
	EXPECT_EQ(readThing(szTree, bytes({ { 2, 1 }, { 2, 2 }, { 2, 3 }, { 2, 4 }, { 4, 7 } })), 7);
}

// Function templates whose parameter is T* (given &m_x), T (&)[N] (given an array member: T and N
// deduced) and T[] (given an array member): each reads values of the deduced type.
TEST(SaveLayoutGenerality, TemplateArgumentsAreDeducedThroughPointerAndArrayParameters)
{
	const char* szTree = R"(
class FDataStreamBase;
template <typename T>
void readOne(FDataStreamBase* pStream, T* pValue)
{
	pStream->Read(pValue);
}
template <typename T, int N>
void readEach(FDataStreamBase* pStream, T (&aValues)[N])
{
	for (int i = 0; i < N; ++i)
		pStream->Read(&aValues[i]);
}
template <typename T>
void readSome(FDataStreamBase* pStream, int iCount, T aValues[])
{
	pStream->Read(iCount, aValues);
}
class CvThing
{
public:
	void read(FDataStreamBase* pStream);
	short m_iShort;
	char m_acChars[3];
	int m_aiInts[4];
	int m_iEnd;
};
void CvThing::read(FDataStreamBase* pStream)
{
	readOne(pStream, &m_iShort);
	readEach(pStream, m_acChars);
	readSome(pStream, 2, m_aiInts);
	pStream->Read(&m_iEnd);
}
)";
	EXPECT_EQ(readThing(szTree, bytes({ { 2, 1 }, { 1, 2 }, { 1, 3 }, { 1, 4 }, { 4, 5 }, { 4, 6 }, { 4, 8 } })), 8);
}

// The compact type of an enum-indexed array chosen by traits: a typedef of choose_type<...>::type
// (a partial specialisation for false), a class constant from is_same_type<...>::value, the array's
// length from a static method branching on class constants, the values reached through a method
// returning a reinterpret_cast of a byte array of a union.
TEST(SaveLayoutGenerality, TheCompactTypeOfAnArrayIsChosenByItsTraits)
{
	const char* szTree = R"(
class FDataStreamBase;
typedef unsigned char byte;
typedef unsigned int uint;
template<bool bCondition, typename T1, typename T2>
struct choose_type { typedef T1 type; };
template<typename T1, typename T2>
struct choose_type<false,T1,T2> { typedef T2 type; };
template<typename T1, typename T2>
struct is_same_type { static bool const value = false; };
template<typename T>
struct is_same_type<T,T> { static bool const value = true; };
enum OptionTypes { NO_OPTION = -1, OPTION_A, OPTION_B, OPTION_C, NUM_OPTION_TYPES };
enum WeekTypes { NO_WEEK = -1, WEEK_ONE, WEEK_TWO, NUM_WEEK_TYPES };
template<class E> struct key_traits {};
template<> struct key_traits<OptionTypes> { static int const len = NUM_OPTION_TYPES; typedef char compact_t; };
template<> struct key_traits<WeekTypes> { static int const len = NUM_WEEK_TYPES; typedef char compact_t; };
template<class V> struct value_traits { typedef V compact_t; };
template<typename E, class V, class CV = void*, int iMAX_BYTES = 8>
class KeyedArray
{
	typedef uint BitBlock;
	typedef typename choose_type<is_same_type<V,bool>::value, BitBlock,
			typename value_traits<V>::compact_t>::type DefaultCV;
	typedef typename choose_type<is_same_type<CV,void*>::value, DefaultCV, CV>::type CompactV;
	static bool const bBITS = is_same_type<CompactV,BitBlock>::value;
	static int const iBITS = (bBITS ? 1 : sizeof(CompactV) * 8);
	static bool const bINLINE = (key_traits<E>::len * iBITS <= iMAX_BYTES * 8);
	static int const iINLINE_BYTES = (!bINLINE ? sizeof(CompactV*) : (key_traits<E>::len * iBITS + 7) / 8);
	static int const iINLINE_SIZE = (!bBITS ? key_traits<E>::len : (key_traits<E>::len + 31) / 32);
	union
	{
		CompactV* m_aValues;
		byte m_aBytes[iINLINE_BYTES];
	};
	CompactV* values() { return (bINLINE ? reinterpret_cast<CompactV*>(m_aBytes) : m_aValues); }
	static int arraySize()
	{
		if (bINLINE)
			return iINLINE_SIZE;
		int iLen = key_traits<E>::len;
		if (bBITS)
			iLen = (iLen + 31) / 32;
		return iLen;
	}
public:
	void read(FDataStreamBase* pStream, int iFewer = 0)
	{
		pStream->Read(arraySize() - iFewer, values());
	}
};
class CvThing
{
public:
	void read(FDataStreamBase* pStream);
	KeyedArray<OptionTypes,bool,void*,4> m_abOptions;
	KeyedArray<OptionTypes,int,short> m_aiShorts;
	KeyedArray<WeekTypes,int> m_aiInts;
	int m_iEnd;
};
void CvThing::read(FDataStreamBase* pStream)
{
	m_abOptions.read(pStream);
	m_aiShorts.read(pStream);
	m_aiInts.read(pStream, 1);
	pStream->Read(&m_iEnd);
}
)";
	// one 32-bit block of option bits, three shorts, one int, the end
	EXPECT_EQ(readThing(szTree, bytes({ { 4, 5 }, { 2, 1 }, { 2, 2 }, { 2, 3 }, { 4, 9 }, { 4, 11 } })), 11);
}

// A class constant whose initialiser names a template with two arguments (is_same<T, int>::value): the
// comma between them is no end of the declaration; the specialisation for equal types or the primary
// template gives the value.
TEST(SaveLayoutGenerality, AClassConstantInitialisedFromATwoArgumentTemplateIsKept)
{
	const char* szTree = R"(
class FDataStreamBase;
template <typename A, typename B> struct is_same { static const bool value = false; };
template <> struct is_same<int, int> { static const bool value = true; };
template <typename T>
class Cell
{
	static const bool bWIDE = is_same<T, int>::value;
public:
	void read(FDataStreamBase* pStream)
	{
		if (bWIDE)
			pStream->Read(&m_iWide);
		else
			pStream->Read(&m_cNarrow);
	}
	int m_iWide;
	char m_cNarrow;
};
class CvThing
{
public:
	void read(FDataStreamBase* pStream);
	Cell<int> m_kWide;
	Cell<char> m_kNarrow;
	int m_iEnd;
};
void CvThing::read(FDataStreamBase* pStream)
{
	m_kWide.read(pStream);
	m_kNarrow.read(pStream);
	pStream->Read(&m_iEnd);
}
)";
	EXPECT_EQ(readThing(szTree, bytes({ { 4, 1 }, { 1, 2 }, { 4, 3 } })), 3);
}

// A traits class template whose parameters after the first default to other traits of it
// (template <class T, bool bINT = limits<T>::is_integer> struct traits), with a partial
// specialisation for integers and explicit ones made by a macro for enums: traits<E>::length() (a
// static method) is the explicit specialisation's for an enum, traits<short>::size the partial one's
// for an integer type.
TEST(SaveLayoutGenerality, ATraitsClassIsChosenByItsDefaultedParametersAndPartialSpecialisations)
{
	const char* szTree = R"(
class FDataStreamBase;
enum ColourTypes { NO_COLOUR = -1, COLOUR_RED, COLOUR_GREEN, COLOUR_BLUE, NUM_COLOUR_TYPES };
template <class T> struct limits { static const bool is_integer = false; };
template <> struct limits<short> { static const bool is_integer = true; };
template <class T, bool bINT = limits<T>::is_integer>
struct traits
{
	static const int len = 0;
};
template <class T>
struct traits<T, true>
{
	static const int size = sizeof(T);
};
#define TRAITS_FOR_ENUM(Prefix, INFIX) \
	template <> \
	struct traits<Prefix##Types, false> \
	{ \
		static const int len = NUM_##INFIX##_TYPES; \
		static int length() { return len; } \
	};
TRAITS_FOR_ENUM(Colour, COLOUR)
template <class E, class V>
class Row
{
public:
	void read(FDataStreamBase* pStream)
	{
		for (int i = 0; i < traits<E>::length() * traits<V>::size; ++i)
		{
			char c;
			pStream->Read(&c);
		}
	}
};
class CvThing
{
public:
	void read(FDataStreamBase* pStream);
	Row<ColourTypes, short> m_kRow;
	int m_iEnd;
};
void CvThing::read(FDataStreamBase* pStream)
{
	m_kRow.read(pStream);
	pStream->Read(&m_iEnd);
}
)";
	// 3 colours times 2 bytes, the end
	EXPECT_EQ(readThing(szTree, bytes({ { 1, 1 }, { 1, 2 }, { 1, 3 }, { 1, 4 }, { 1, 5 }, { 1, 6 }, { 4, 77 } })), 77);
}

// A class whose base's template arguments hold parentheses (Cells<char, sizeof(int)>) is a class (its
// head is not taken for a declaration), and the names in those arguments are not its bases.
TEST(SaveLayoutGenerality, ABaseWithAParenthesisedTemplateArgumentKeepsItsClass)
{
	const char* szTree = R"(
class FDataStreamBase;
template <typename Stored, int BYTES>
class Cells
{
public:
	void read(FDataStreamBase* pStream, int iFewer = 0)
	{
		pStream->Read(BYTES / sizeof(Stored) - iFewer, m_aValues);
	}
	Stored m_aValues[BYTES];
};
template <typename Stored, typename Word>
class WordCells : public Cells<Stored, sizeof(Word)>
{
};
class CvThing
{
public:
	void read(FDataStreamBase* pStream);
	WordCells<char, int> m_kChars;
	WordCells<short, int> m_kShorts;
	int m_iEnd;
};
void CvThing::read(FDataStreamBase* pStream)
{
	m_kChars.read(pStream);
	m_kShorts.read(pStream, 1);
	pStream->Read(&m_iEnd);
}
)";
	// four chars, one short, the end
	EXPECT_EQ(readThing(szTree, bytes({ { 1, 1 }, { 1, 2 }, { 1, 3 }, { 1, 4 }, { 2, 5 }, { 4, 66 } })), 66);
}

// A class template whose base is its own template parameter (template <class Base, typename Key>
// class Keyed : public Base): a read it does not declare is looked up in the class that parameter is
// bound to, run with that class's arguments.
TEST(SaveLayoutGenerality, AMethodIsFoundInABaseThatIsATemplateParameter)
{
	const char* szTree = R"(
class FDataStreamBase;
template <typename Stored, int SIZE>
class Fixed
{
public:
	void read(FDataStreamBase* pStream)
	{
		pStream->Read(SIZE, m_aValues);
	}
	Stored m_aValues[SIZE];
};
template <class Base, typename Key>
class Keyed : public Base
{
public:
	Key first() const { return (Key)0; }
};
template <typename Stored>
class ThreeOf : public Keyed<Fixed<Stored, 3>, int>
{
};
class CvThing
{
public:
	void read(FDataStreamBase* pStream);
	ThreeOf<short> m_kShorts;
	int m_iEnd;
};
void CvThing::read(FDataStreamBase* pStream)
{
	m_kShorts.read(pStream);
	pStream->Read(&m_iEnd);
}
)";
	EXPECT_EQ(readThing(szTree, bytes({ { 2, 1 }, { 2, 2 }, { 2, 3 }, { 4, 55 } })), 55);
}

// A base's method called by its name from the derived class's read runs with the base's own
// parameters bound (the base names its key K where the derived class names it Outer).
TEST(SaveLayoutGenerality, ABasesMethodCalledFromTheDerivedClassHasItsOwnParametersBound)
{
	const char* szTree = R"(
class FDataStreamBase;
enum ColourTypes { NO_COLOUR = -1, COLOUR_RED, COLOUR_GREEN, COLOUR_BLUE, NUM_COLOUR_TYPES };
template <class Key> struct KeyCount {};
template <> struct KeyCount<ColourTypes> { enum { COUNT = NUM_COLOUR_TYPES }; };
template <class Derived, typename K>
class CountBase
{
public:
	static int count() { return KeyCount<K>::COUNT; }
};
template <typename Outer>
class Table : public CountBase<Table<Outer>, Outer>
{
public:
	void read(FDataStreamBase* pStream)
	{
		for (int i = 0; i < count(); ++i)
			pStream->Read(&m_iLast);
	}
	int m_iLast;
};
class CvThing
{
public:
	void read(FDataStreamBase* pStream);
	Table<ColourTypes> m_kTable;
	int m_iEnd;
};
void CvThing::read(FDataStreamBase* pStream)
{
	m_kTable.read(pStream);
	pStream->Read(&m_iEnd);
}
)";
	EXPECT_EQ(readThing(szTree, bytes({ { 4, 1 }, { 4, 2 }, { 4, 3 }, { 4, 44 } })), 44);
}
