// A tagged, self-describing save stream as RoM-AND writes it (its CvTaggedSaveFormatWrapper;
// docs/file-formats.md, section 3.3.1): a flat run of elements, each a 32-bit id and what follows it.
// Three ids are escapes: a dictionary entry (a name and a value type for the next free id), an object
// delimiter (start or end of one object's values) and a class-mapping table (the type names of an
// XML info class, in the order of the game that saved). Every other id names a value through the
// dictionary; its type there says how many bytes follow.
//
// TaggedSaveStream reads that stream over a bounds-checked source and never trusts a length: bad
// input is a TaggedSaveError naming the offset and the element. It gives the stream two ways:
//  * next(): the elements one after the other, as they are on disk (the dictionary entries and
//    tables applied as they come);
//  * the wrapper's own reads (readStartObject, readValue, readArray, readClassEnum, ...): a read by
//    name takes the next value element when it has that name and type at the object's depth, and
//    otherwise leaves it where it is and keeps the caller's default; readEndObject skips what was not
//    taken up to the object's end. Class enums and class arrays are remapped from the saved type
//    order to the current one through the tables, by type name (setTypeLookup), as the game does.
//
// Raw reads of the same source may come between the wrapper's reads (the game mixes them): the
// source is shared, and an element header the wrapper read ahead stays read.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace cvv {

// "tagged save, offset N (the element): what is wrong".
class TaggedSaveError : public std::runtime_error
{
public:
	using std::runtime_error::runtime_error;
};

// The value types, by their number on disk (the wrapper's SaveValueType).
enum class TaggedType : int32_t {
	Char = 0,
	Byte,
	CharArray,
	ByteArray,
	Bool,
	BoolArray,
	Short,
	UShort,
	ShortArray,
	UShortArray,
	Int,
	UInt,
	IntArray,
	UIntArray,
	Long,
	ULong,
	LongArray,
	ULongArray,
	Float,
	FloatArray,
	Double,
	DoubleArray,
	WString,
	String,
	StdString,
	StdWString,
	WStringArray,
	StringArray,
	ClassEnum,
	ClassIntArray,
	ClassBoolArray,
	ClassEnumArray,
};
constexpr int32_t kTaggedTypes = 32;

// The escape ids.
constexpr int32_t kTaggedDictionaryEntry = -1;
constexpr int32_t kTaggedObjectDelimiter = -2;
constexpr int32_t kTaggedClassMap = -3;

// "int", "class int array", ...
const char* taggedTypeName(TaggedType e);
// The bytes of one value of a plain scalar or array type (char, bool, short, int, long, float,
// double and their arrays): 1, 2, 4 or 8; 0 for strings and class types.
int taggedWidth(TaggedType e);
bool taggedIsArray(TaggedType e); // CharArray ... DoubleArray (not strings, not class arrays)
bool taggedIsReal(TaggedType e); // Float, FloatArray, Double, DoubleArray
bool taggedIsSigned(TaggedType e);
bool taggedIsString(TaggedType e); // WString ... StdWString
bool taggedIsWide(TaggedType e); // WString, StdWString, WStringArray
// A read's name as the wrapper compares it: a cast after "::" ("X::(int*)m_a"), then one "&" after
// "::", then what is between brackets ("m_a[i]" as "m_a[]") taken out.
std::string normalizeTaggedName(const std::string& sName);

// Where the bytes come from: take() returns iBytes bytes or throws (sWhat names what is read).
class TaggedSource
{
public:
	virtual ~TaggedSource() = default;
	virtual const unsigned char* take(size_t iBytes, const std::string& sWhat) = 0;
	virtual size_t offset() const = 0; // of the next byte, for messages
	virtual size_t left() const = 0;
};

// Bytes in memory (not owned); iBase is the offset of the first in the file, for messages.
class TaggedMemorySource : public TaggedSource
{
public:
	TaggedMemorySource(const unsigned char* p, size_t iSize, size_t iBase = 0) : m_p(p), m_iSize(iSize), m_iBase(iBase)
	{}
	const unsigned char* take(size_t iBytes, const std::string& sWhat) override;
	size_t offset() const override { return m_iBase + m_iPos; }
	size_t left() const override { return m_iSize - m_iPos; }

private:
	const unsigned char* m_p;
	size_t m_iSize;
	size_t m_iBase;
	size_t m_iPos = 0;
};

// One element as next() reads it.
struct TaggedElement
{
	enum class Kind {
		End, // no bytes left where an element would start
		Dictionary, // iId, eType, sName
		ObjectStart, // sName (the writing function's name)
		ObjectEnd, // sName (empty as the wrapper writes it)
		ClassMap, // iClassType, aszTypes (the type names by saved index)
		Value, // iId, sName (the dictionary's), eType and the values
	};
	Kind eKind = Kind::End;
	size_t iOffset = 0;
	int32_t iId = -1;
	TaggedType eType = TaggedType::Int;
	std::string sName;
	int32_t iClassType = -1; // class map, class values
	int32_t iValueClassType = -1; // unused by next(): see readClassArrayOfClassEnum
	std::vector<long long> aiValues; // integer types (a scalar is one value; bools 0 or 1)
	std::vector<double> adValues; // float, double and their arrays
	std::vector<std::u16string> aszStrings; // strings (a narrow one's bytes as code units)
	std::vector<std::string> aszTypes; // a class map's type names
};

class TaggedSaveStream
{
public:
	explicit TaggedSaveStream(TaggedSource& kSource) : m_kSource(kSource) {}

	// --- The elements as on disk ---
	// The next element whole. A dictionary entry or class map is applied as well. A class enum
	// array's values are read as 32-bit, as the wrapper skips them (the width is the writer's array's,
	// which the stream does not say: readClassEnumArray takes it). An element header a read of the
	// wrapper's kind left pending is the one returned.
	TaggedElement next();
	bool atEnd() const { return !m_bPending && m_kSource.left() == 0; }
	size_t offset() const { return m_kSource.offset(); }

	struct Entry
	{
		std::string sName; // normalised
		TaggedType eType;
	};
	const std::vector<Entry>& dictionary() const { return m_aDictionary; }
	// The type names of a class type by saved index; nullptr if no table of it was read.
	const std::vector<std::string>* classTable(int iClassType) const;
	const std::map<int32_t, std::vector<std::string>>& classTables() const { return m_kTables; }

	// --- The wrapper's reads ---
	// The current index of a type name (GC.getInfoTypeForString), -1 if the game knows no such type.
	// Without one, the saved order is taken as the current one.
	using TypeLookup = std::function<int(int32_t iClassType, const std::string& sType)>;
	void setTypeLookup(TypeLookup f) { m_fLookup = std::move(f); }
	// The current index of a saved index of a class type (the wrapper's getNewClassEnumValue): -1
	// stays -1, an index past the table is -1, a type the game lacks is an error unless bAllowMissing
	// (then -1). Each type is looked up once, as the wrapper caches it.
	int remap(int32_t iClassType, long long iOld, bool bAllowMissing = false);
	// Messages of what a read let pass (a class array's value for a type the game lacks).
	const std::vector<std::string>& warnings() const { return m_aszWarnings; }

	// ReadStartObject / ReadEndObject: a start takes the next delimiter if one is next (any name);
	// an end skips every element up to the next delimiter and takes it.
	void readStartObject(const std::string& sName);
	void readEndObject();
	int depth() const { return m_iDepth; }

	// The wrapper's Expect: whether the next element is the value sName (normalised) of type eType
	// (nullopt: any type) at the object's depth; if so its header is taken and its payload is next.
	bool expect(const std::string& sName, std::optional<TaggedType> eType);

	// Each read returns false when the element is not next (the caller's value stays as it was).
	// A scalar of an integer type (char, byte, bool, short, int, long and their unsigned forms).
	bool readValue(const std::string& sName, TaggedType eType, long long& iOut);
	// A float or a double.
	bool readValue(const std::string& sName, TaggedType eType, double& dOut);
	// An array of an integer type: the saved count must be iCount, except for bools, where a shorter
	// one fills the first values and a longer one is an error unless bAllowTruncation (the rest then
	// read and dropped). aOut grows to iCount if smaller.
	bool readArray(const std::string& sName, TaggedType eType, int iCount, std::vector<long long>& aOut,
		bool bAllowTruncation = false);
	bool readArray(const std::string& sName, TaggedType eType, int iCount, std::vector<double>& aOut);
	// A string (a narrow one's bytes as code units).
	bool readString(const std::string& sName, TaggedType eType, std::u16string& sOut);
	// A string array of exactly iCount strings (StringArray or WStringArray).
	bool readStrings(const std::string& sName, TaggedType eType, int iCount, std::vector<std::u16string>& aOut);
	// A class enum, remapped through iClassType's table (the caller's class type, not the saved one).
	bool readClassEnum(const std::string& sName, int32_t iClassType, long long& iOut, bool bAllowMissing = false);
	// An array indexed by a class type (ReadClassArray): a class array's values go to their types'
	// current indices (those of types the game lacks are dropped); a plain int (bool) array of at
	// most iCount values saved under that name is read as it is. aOut grows to iCount if smaller.
	bool readClassArray(const std::string& sName, int32_t iClassType, bool bBools, int iCount,
		std::vector<long long>& aOut, bool bAllowMissing = false);
	// An array of iCount class enums of iWidth bytes each (2 or 4, the caller's array's), remapped.
	bool readClassEnumArray(const std::string& sName, int32_t iClassType, int iCount, int iWidth,
		std::vector<long long>& aOut, bool bAllowMissing = false);
	// An array indexed by one class type holding enums of another (saved under the class bool array's
	// type, as the wrapper writes it).
	bool readClassArrayOfClassEnum(const std::string& sName, int32_t iIndexClassType, int32_t iValueClassType,
		int iCount, std::vector<long long>& aOut);
	// SkipElement(name, type): the element, if next, is read and dropped.
	void skip(const std::string& sName, std::optional<TaggedType> eType);

private:
	struct ClassInfo
	{
		int iId = -1;
		bool bLookedUp = false;
	};

	[[noreturn]] void fail(const std::string& sWhat) const;
	std::string pendingText() const;
	const unsigned char* take(size_t iBytes, const std::string& sWhat);
	int32_t i32(const std::string& sWhat);
	long long scalar(int iWidth, bool bSigned, const std::string& sWhat);
	int32_t count(int iWidth, const std::string& sWhat);
	std::u16string string(bool bWide, const std::string& sWhat);
	void readHeader();
	int32_t readDictionaryEntry(size_t iAt);
	void readClassMap(size_t iAt, TaggedElement* pOut);
	void takeDelimiter();
	void payload(TaggedType eType, TaggedElement* pOut);
	int lookup(int32_t iClassType, size_t iIndex, bool& bFirst);

	TaggedSource& m_kSource;
	std::vector<Entry> m_aDictionary;
	std::map<std::string, int32_t> m_kIds; // normalised name -> id
	std::map<int32_t, std::vector<std::string>> m_kTables;
	std::map<int32_t, std::vector<ClassInfo>> m_kLookups;
	TypeLookup m_fLookup;
	std::vector<std::string> m_aszWarnings;
	int m_iDepth = 0; // objects the reads are in
	int m_iStreamDepth = 0; // objects the stream is in
	// the element header read ahead
	bool m_bPending = false;
	bool m_bPendingDelimiter = false;
	bool m_bPendingStart = false;
	std::string m_sPendingDelimiterName;
	int32_t m_iPendingId = -1;
	size_t m_iPendingOffset = 0;
};

} // namespace cvv
