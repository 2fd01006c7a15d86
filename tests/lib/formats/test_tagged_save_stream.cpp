// RoM-AND's tagged save stream (formats/TaggedSaveStream.h): made-up streams (TaggedSaveWriter.h)
// read back element by element and through the wrapper's reads by name, with the class-mapping
// tables remapping saved indices; truncated and corrupt streams are errors naming the offset.
#include "formats/TaggedSaveStream.h"
#include "TaggedSaveWriter.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace cvv;
using cvv::test::TaggedSaveWriter;

namespace {

struct Reader
{
	explicit Reader(const std::vector<unsigned char>& a) : kSource(a.data(), a.size()), kStream(kSource) {}
	TaggedMemorySource kSource;
	TaggedSaveStream kStream;
};

std::vector<TaggedElement> all(const std::vector<unsigned char>& a)
{
	Reader r(a);
	std::vector<TaggedElement> aOut;
	for (;;)
	{
		TaggedElement k = r.kStream.next();
		if (k.eKind == TaggedElement::Kind::End) break;
		aOut.push_back(std::move(k));
	}
	return aOut;
}

std::string errorOf(const std::function<void()>& f)
{
	try
	{
		f();
	}
	catch (const TaggedSaveError& k)
	{
		return k.what();
	}
	return "";
}

} // namespace

TEST(TaggedSaveStream, ScalarsRoundTripElementByElement)
{
	TaggedSaveWriter w;
	w.value("C::m_c", TaggedType::Char, -5);
	w.value("C::m_y", TaggedType::Byte, 200);
	w.value("C::m_b", TaggedType::Bool, 1);
	w.value("C::m_s", TaggedType::Short, -3);
	w.value("C::m_us", TaggedType::UShort, 65000);
	w.value("C::m_i", TaggedType::Int, -123456789);
	w.value("C::m_ui", TaggedType::UInt, 4000000000LL);
	w.value("C::m_l", TaggedType::Long, -7);
	w.value("C::m_ul", TaggedType::ULong, 3000000000LL);
	w.real("C::m_f", TaggedType::Float, 1.5);
	w.real("C::m_d", TaggedType::Double, -2.25);
	const std::vector<TaggedElement> a = all(w.aBytes);
	// a dictionary entry before each value
	ASSERT_EQ(a.size(), 22u);
	const long long aiWant[] = { -5, 200, 1, -3, 65000, -123456789, 4000000000LL, -7, 3000000000LL };
	for (size_t i = 0; i < 11; ++i)
	{
		const TaggedElement& kEntry = a[2 * i];
		const TaggedElement& kValue = a[2 * i + 1];
		EXPECT_EQ(kEntry.eKind, TaggedElement::Kind::Dictionary);
		EXPECT_EQ(kEntry.iId, static_cast<int>(i));
		EXPECT_EQ(kValue.eKind, TaggedElement::Kind::Value);
		EXPECT_EQ(kValue.iId, static_cast<int>(i));
		EXPECT_EQ(kValue.sName, kEntry.sName);
		if (i < 9)
		{
			ASSERT_EQ(kValue.aiValues.size(), 1u) << kValue.sName;
			EXPECT_EQ(kValue.aiValues[0], aiWant[i]) << kValue.sName;
		}
	}
	EXPECT_EQ(a[19].adValues.at(0), 1.5);
	EXPECT_EQ(a[21].adValues.at(0), -2.25);
	// the packed sizes: a char value is its id and one byte, a double its id and eight
	TaggedSaveWriter w2;
	w2.id("X::m_d", TaggedType::Double);
	const size_t iAt = w2.aBytes.size();
	w2.real("X::m_d", TaggedType::Double, 0.5);
	EXPECT_EQ(w2.aBytes.size() - iAt, 12u);
}

TEST(TaggedSaveStream, ScalarsThroughTheWrappersReads)
{
	TaggedSaveWriter w;
	w.startObject("C::write");
	w.value("C::m_c", TaggedType::Char, -5);
	w.value("C::m_us", TaggedType::UShort, 65000);
	w.value("C::m_ui", TaggedType::UInt, 4000000000LL);
	w.real("C::m_f", TaggedType::Float, 0.25);
	w.real("C::m_d", TaggedType::Double, 1e300);
	w.endObject();
	Reader r(w.aBytes);
	r.kStream.readStartObject("C::read");
	long long i = 0;
	double d = 0;
	EXPECT_TRUE(r.kStream.readValue("C::&m_c", TaggedType::Char, i));
	EXPECT_EQ(i, -5);
	EXPECT_TRUE(r.kStream.readValue("C::&m_us", TaggedType::UShort, i));
	EXPECT_EQ(i, 65000);
	EXPECT_TRUE(r.kStream.readValue("C::m_ui", TaggedType::UInt, i));
	EXPECT_EQ(i, 4000000000LL);
	EXPECT_TRUE(r.kStream.readValue("C::&m_f", TaggedType::Float, d));
	EXPECT_EQ(d, 0.25);
	EXPECT_TRUE(r.kStream.readValue("C::&m_d", TaggedType::Double, d));
	EXPECT_EQ(d, 1e300);
	r.kStream.readEndObject();
	EXPECT_TRUE(r.kStream.atEnd());
	EXPECT_EQ(r.kStream.depth(), 0);
}

TEST(TaggedSaveStream, ArraysRoundTrip)
{
	const std::vector<long long> aiSigned = { -1, 0, 1, 100 };
	const std::vector<long long> aiUnsigned = { 0, 1, 200, 255 };
	const TaggedType aeSigned[] = { TaggedType::CharArray, TaggedType::ShortArray, TaggedType::IntArray,
		TaggedType::LongArray };
	const TaggedType aeUnsigned[] = { TaggedType::ByteArray, TaggedType::UShortArray, TaggedType::UIntArray,
		TaggedType::ULongArray };
	TaggedSaveWriter w;
	w.startObject("C::write");
	for (TaggedType e : aeSigned) w.array("C::m_a" + std::string(taggedTypeName(e)), e, aiSigned);
	for (TaggedType e : aeUnsigned) w.array("C::m_a" + std::string(taggedTypeName(e)), e, aiUnsigned);
	w.array("C::m_ab", TaggedType::BoolArray, { 1, 0, 1 });
	w.reals("C::m_af", TaggedType::FloatArray, { 0.5, -1 });
	w.reals("C::m_ad", TaggedType::DoubleArray, { 1e-300, 3 });
	w.endObject();
	// element by element
	const std::vector<TaggedElement> a = all(w.aBytes);
	std::vector<const TaggedElement*> aValues;
	for (const TaggedElement& k : a)
		if (k.eKind == TaggedElement::Kind::Value) aValues.push_back(&k);
	ASSERT_EQ(aValues.size(), 11u);
	for (size_t i = 0; i < 4; ++i) EXPECT_EQ(aValues[i]->aiValues, aiSigned) << aValues[i]->sName;
	for (size_t i = 4; i < 8; ++i) EXPECT_EQ(aValues[i]->aiValues, aiUnsigned) << aValues[i]->sName;
	EXPECT_EQ(aValues[8]->aiValues, (std::vector<long long>{ 1, 0, 1 }));
	EXPECT_EQ(aValues[9]->adValues, (std::vector<double>{ 0.5, -1 }));
	EXPECT_EQ(aValues[10]->adValues, (std::vector<double>{ 1e-300, 3 }));
	// by name
	Reader r(w.aBytes);
	r.kStream.readStartObject("C::read");
	std::vector<long long> ai;
	for (TaggedType e : aeSigned)
	{
		EXPECT_TRUE(r.kStream.readArray("C::m_a" + std::string(taggedTypeName(e)), e, 4, ai));
		EXPECT_EQ(ai, aiSigned);
	}
	for (TaggedType e : aeUnsigned)
	{
		EXPECT_TRUE(r.kStream.readArray("C::m_a" + std::string(taggedTypeName(e)), e, 4, ai));
		EXPECT_EQ(ai, aiUnsigned);
	}
	// a bool array may be shorter than the read's: the rest keep their values
	std::vector<long long> ab = { 0, 1, 0, 1, 1 };
	EXPECT_TRUE(r.kStream.readArray("C::m_ab", TaggedType::BoolArray, 5, ab));
	EXPECT_EQ(ab, (std::vector<long long>{ 1, 0, 1, 1, 1 }));
	std::vector<double> ad;
	EXPECT_TRUE(r.kStream.readArray("C::m_af", TaggedType::FloatArray, 2, ad));
	EXPECT_EQ(ad, (std::vector<double>{ 0.5, -1 }));
	EXPECT_TRUE(r.kStream.readArray("C::m_ad", TaggedType::DoubleArray, 2, ad));
	EXPECT_EQ(ad, (std::vector<double>{ 1e-300, 3 }));
	r.kStream.readEndObject();
	EXPECT_TRUE(r.kStream.atEnd());
}

TEST(TaggedSaveStream, ArrayCountsAreTheWrappers)
{
	TaggedSaveWriter w;
	w.array("C::m_ai", TaggedType::IntArray, { 1, 2, 3 });
	w.array("C::m_ab", TaggedType::BoolArray, { 1, 1, 1, 1 });
	{
		Reader r(w.aBytes);
		std::vector<long long> a;
		const std::string s = errorOf([&] { r.kStream.readArray("C::m_ai", TaggedType::IntArray, 4, a); });
		EXPECT_NE(s.find("3 values where the read wants 4"), std::string::npos) << s;
		EXPECT_NE(s.find("C::m_ai"), std::string::npos) << s;
	}
	{
		// a longer bool array: an error, or its extra values dropped when truncation is allowed
		Reader r(w.aBytes);
		std::vector<long long> a;
		EXPECT_TRUE(r.kStream.readArray("C::m_ai", TaggedType::IntArray, 3, a));
		EXPECT_NE(errorOf([&] { r.kStream.readArray("C::m_ab", TaggedType::BoolArray, 2, a); }), "");
		Reader r2(w.aBytes);
		EXPECT_TRUE(r2.kStream.readArray("C::m_ai", TaggedType::IntArray, 3, a));
		std::vector<long long> ab;
		EXPECT_TRUE(r2.kStream.readArray("C::m_ab", TaggedType::BoolArray, 2, ab, true));
		EXPECT_EQ(ab, (std::vector<long long>{ 1, 1 }));
		EXPECT_TRUE(r2.kStream.atEnd());
	}
}

TEST(TaggedSaveStream, StringsRoundTrip)
{
	TaggedSaveWriter w;
	w.str("C::m_sz", TaggedType::String, u"abc");
	w.str("C::m_s", TaggedType::StdString, u"");
	w.str("C::m_wsz", TaggedType::WString, u"\u00e9t\u00e9");
	w.str("C::m_ws", TaggedType::StdWString, u"\u4e2d");
	w.strs("C::m_aszNames", TaggedType::StringArray, { u"x", u"yz" });
	w.strs("C::m_awszNames", TaggedType::WStringArray, { u"\u0416" });
	const std::vector<TaggedElement> a = all(w.aBytes);
	ASSERT_EQ(a.size(), 12u);
	EXPECT_EQ(a[1].aszStrings, (std::vector<std::u16string>{ u"abc" }));
	EXPECT_EQ(a[3].aszStrings, (std::vector<std::u16string>{ u"" }));
	EXPECT_EQ(a[5].aszStrings, (std::vector<std::u16string>{ u"\u00e9t\u00e9" }));
	EXPECT_EQ(a[7].aszStrings, (std::vector<std::u16string>{ u"\u4e2d" }));
	EXPECT_EQ(a[9].aszStrings, (std::vector<std::u16string>{ u"x", u"yz" }));
	EXPECT_EQ(a[11].aszStrings, (std::vector<std::u16string>{ u"\u0416" }));
	Reader r(w.aBytes);
	std::u16string s;
	EXPECT_TRUE(r.kStream.readString("C::m_sz", TaggedType::String, s));
	EXPECT_EQ(s, u"abc");
	EXPECT_TRUE(r.kStream.readString("C::m_s", TaggedType::StdString, s));
	EXPECT_EQ(s, u"");
	EXPECT_TRUE(r.kStream.readString("C::m_wsz", TaggedType::WString, s));
	EXPECT_EQ(s, u"\u00e9t\u00e9");
	EXPECT_TRUE(r.kStream.readString("C::m_ws", TaggedType::StdWString, s));
	EXPECT_EQ(s, u"\u4e2d");
	std::vector<std::u16string> as;
	EXPECT_NE(errorOf([&] { r.kStream.readStrings("C::m_aszNames", TaggedType::StringArray, 3, as); }), "");
	Reader r2(w.aBytes);
	for (const char* sz : { "C::m_sz", "C::m_s", "C::m_wsz", "C::m_ws" }) r2.kStream.skip(sz, std::nullopt);
	EXPECT_TRUE(r2.kStream.readStrings("C::m_aszNames", TaggedType::StringArray, 2, as));
	EXPECT_EQ(as, (std::vector<std::u16string>{ u"x", u"yz" }));
	EXPECT_TRUE(r2.kStream.readStrings("C::m_awszNames", TaggedType::WStringArray, 1, as));
	EXPECT_EQ(as, (std::vector<std::u16string>{ u"\u0416" }));
	EXPECT_TRUE(r2.kStream.atEnd());
}

TEST(TaggedSaveStream, DictionaryNamesAreNormalisedAndWrittenOnce)
{
	EXPECT_EQ(normalizeTaggedName("CvPlot::&m_iX"), "CvPlot::m_iX");
	EXPECT_EQ(normalizeTaggedName("CvInitCore::(int*)m_aeSlotStatus"), "CvInitCore::m_aeSlotStatus");
	EXPECT_EQ(normalizeTaggedName("CvPlot::(int*)&m_a[iI]"), "CvPlot::m_a[]");
	EXPECT_EQ(normalizeTaggedName("CvCity::m_paTradeCities[iI].iID"), "CvCity::m_paTradeCities[].iID");
	EXPECT_EQ(normalizeTaggedName("C::m_pp[i][j]"), "C::m_pp[][]");
	TaggedSaveWriter w;
	w.value("CvPlot::&m_iX", TaggedType::Short, 3);
	w.value("CvPlot::m_iX", TaggedType::Short, 4);
	w.array("CvPlot::m_aiA[0]", TaggedType::IntArray, { 1 });
	w.array("CvPlot::m_aiA[iI]", TaggedType::IntArray, { 2 });
	const std::vector<TaggedElement> a = all(w.aBytes);
	ASSERT_EQ(a.size(), 6u);
	EXPECT_EQ(a[0].eKind, TaggedElement::Kind::Dictionary);
	EXPECT_EQ(a[0].sName, "CvPlot::m_iX");
	EXPECT_EQ(a[0].eType, TaggedType::Short);
	EXPECT_EQ(a[2].aiValues.at(0), 4);
	EXPECT_EQ(a[3].sName, "CvPlot::m_aiA[]");
	EXPECT_EQ(a[5].iId, 1);
	Reader r(w.aBytes);
	long long i = 0;
	EXPECT_TRUE(r.kStream.readValue("CvPlot::&m_iX", TaggedType::Short, i));
	ASSERT_EQ(r.kStream.dictionary().size(), 1u);
	EXPECT_EQ(r.kStream.dictionary()[0].sName, "CvPlot::m_iX");
}

TEST(TaggedSaveStream, AReadByNameKeepsItsDefaultWhenTheElementIsNotNext)
{
	// saved: a, b, a nested object, c; read: x (new), a, c (b is not read), the nested object not read
	TaggedSaveWriter w;
	w.startObject("C::write");
	w.value("C::m_a", TaggedType::Int, 1);
	w.value("C::m_b", TaggedType::Int, 2);
	w.startObject("D::write");
	w.value("D::m_a", TaggedType::Int, 10);
	w.endObject();
	w.value("C::m_c", TaggedType::Int, 3);
	w.endObject();
	w.startObject("E::write");
	w.value("E::m_e", TaggedType::Int, 5);
	w.endObject();
	Reader r(w.aBytes);
	r.kStream.readStartObject("C::read");
	long long x = -1, a = -1, c = -1, e = -1;
	EXPECT_FALSE(r.kStream.readValue("C::m_x", TaggedType::Int, x));
	EXPECT_EQ(x, -1);
	// another type under the name is not it either
	EXPECT_FALSE(r.kStream.readValue("C::m_a", TaggedType::Short, a));
	EXPECT_TRUE(r.kStream.readValue("C::m_a", TaggedType::Int, a));
	EXPECT_EQ(a, 1);
	// b is next: c is not found, and nothing is skipped by a read
	EXPECT_FALSE(r.kStream.readValue("C::m_c", TaggedType::Int, c));
	EXPECT_EQ(c, -1);
	// the end skips b and takes the next delimiter (the nested object's start, as the wrapper does)
	r.kStream.readEndObject();
	EXPECT_EQ(r.kStream.depth(), 0);
	// the next object: its start is read as a delimiter; the stream is still in D, so values wait
	r.kStream.readStartObject("E::read");
	EXPECT_FALSE(r.kStream.readValue("D::m_a", TaggedType::Int, e));
	r.kStream.readEndObject();
	r.kStream.readStartObject("E::read");
	// the stream is back in C, whose c is next: E's value is not
	EXPECT_FALSE(r.kStream.readValue("E::m_e", TaggedType::Int, e));
	r.kStream.readEndObject();
	EXPECT_FALSE(r.kStream.atEnd());
}

TEST(TaggedSaveStream, NestedObjectsReadInTurn)
{
	TaggedSaveWriter w;
	w.startObject("C::write");
	w.value("C::m_a", TaggedType::Int, 1);
	w.startObject("D::write");
	w.value("D::m_d", TaggedType::Int, 10);
	w.value("D::m_old", TaggedType::Int, 11); // saved, no longer read
	w.endObject();
	w.value("C::m_c", TaggedType::Int, 3);
	w.endObject();
	Reader r(w.aBytes);
	long long a = 0, d = 0, c = 0;
	r.kStream.readStartObject("C::read");
	EXPECT_TRUE(r.kStream.readValue("C::m_a", TaggedType::Int, a));
	r.kStream.readStartObject("D::read");
	EXPECT_EQ(r.kStream.depth(), 2);
	EXPECT_TRUE(r.kStream.readValue("D::m_d", TaggedType::Int, d));
	r.kStream.readEndObject();
	EXPECT_TRUE(r.kStream.readValue("C::m_c", TaggedType::Int, c));
	r.kStream.readEndObject();
	EXPECT_EQ(a, 1);
	EXPECT_EQ(d, 10);
	EXPECT_EQ(c, 3);
	EXPECT_TRUE(r.kStream.atEnd());
	// element by element, the delimiters and their names
	const std::vector<TaggedElement> aAll = all(w.aBytes);
	EXPECT_EQ(aAll[0].eKind, TaggedElement::Kind::ObjectStart);
	EXPECT_EQ(aAll[0].sName, "C::write");
	EXPECT_EQ(aAll.back().eKind, TaggedElement::Kind::ObjectEnd);
	EXPECT_EQ(aAll.back().sName, "");
}

TEST(TaggedSaveStream, SkipTakesTheNamedElementOnly)
{
	TaggedSaveWriter w2;
	w2.array("C::m_aiOld", TaggedType::IntArray, { 1, 2 });
	w2.value("C::m_i", TaggedType::Int, 7);
	Reader r(w2.aBytes);
	r.kStream.skip("C::m_aiOther", std::nullopt);
	r.kStream.skip("C::m_aiOld", TaggedType::IntArray);
	long long i = 0;
	EXPECT_TRUE(r.kStream.readValue("C::m_i", TaggedType::Int, i));
	EXPECT_EQ(i, 7);
}

TEST(TaggedSaveStream, RawReadsBetweenTheWrappersShareTheSource)
{
	TaggedSaveWriter w;
	w.i32(0x12345678); // a flag read by the stream itself
	w.startObject("C::write");
	w.value("C::m_i", TaggedType::Int, 7);
	w.endObject();
	w.i32(42); // read raw after the object
	Reader r(w.aBytes);
	const unsigned char* q = r.kSource.take(4, "the flag");
	EXPECT_EQ(q[0], 0x78);
	r.kStream.readStartObject("C::read");
	long long i = 0;
	EXPECT_TRUE(r.kStream.readValue("C::m_i", TaggedType::Int, i));
	r.kStream.readEndObject();
	q = r.kSource.take(4, "a raw int");
	EXPECT_EQ(q[0], 42);
	EXPECT_EQ(r.kSource.left(), 0u);
}

TEST(TaggedSaveStream, ClassMapsRemapSavedIndicesByTypeName)
{
	// saved with UNIT_A, UNIT_B, UNIT_C; the game now has UNIT_C, UNIT_A (UNIT_B is gone)
	const int UNITS = 2, BUILDS = 22;
	TaggedSaveWriter w;
	w.classMap(UNITS, { "UNIT_A", "UNIT_B", "UNIT_C" });
	w.classMap(BUILDS, { "BUILD_X", "BUILD_Y" });
	w.startObject("C::write");
	w.classEnum("C::m_eUnit", UNITS, 2);
	w.classEnum("C::m_eNone", UNITS, -1);
	w.classEnum("C::m_eGone", UNITS, 1);
	w.classArray("C::m_aiUnitCount", UNITS, false, { 5, 0, 7 });
	w.classArray("C::m_abUnit", UNITS, true, { 1, 0, 1 });
	w.classEnumArray("C::m_aeUnits", UNITS, { 0, -1, 2 }, 2);
	w.classEnumArray("C::m_aeBuilds", BUILDS, { 1, 0 }, 4);
	w.classArrayOfClassEnum("C::m_aeBuildOfUnit", UNITS, BUILDS, { 1, 1, 0 });
	w.endObject();
	{
		// element by element (not to the end: the array of class enums is typed as a class bool array,
		// which is what next() and the wrapper's skip take it for)
		Reader r(w.aBytes);
		const TaggedElement k = r.kStream.next();
		EXPECT_EQ(k.eKind, TaggedElement::Kind::ClassMap);
		EXPECT_EQ(k.iClassType, UNITS);
		EXPECT_EQ(k.aszTypes, (std::vector<std::string>{ "UNIT_A", "UNIT_B", "UNIT_C" }));
	}

	Reader r(w.aBytes);
	r.kStream.setTypeLookup([](int32_t iClass, const std::string& s) {
		if (iClass == 2) return s == "UNIT_C" ? 0 : s == "UNIT_A" ? 1 : -1;
		return s == "BUILD_Y" ? 0 : s == "BUILD_X" ? 1 : -1;
	});
	r.kStream.readStartObject("C::read");
	ASSERT_NE(r.kStream.classTable(UNITS), nullptr);
	EXPECT_EQ(r.kStream.classTable(UNITS)->size(), 3u);
	EXPECT_EQ(r.kStream.classTable(7), nullptr);
	long long e = 0;
	EXPECT_TRUE(r.kStream.readClassEnum("C::m_eUnit", UNITS, e));
	EXPECT_EQ(e, 0); // UNIT_C
	EXPECT_TRUE(r.kStream.readClassEnum("C::m_eNone", UNITS, e));
	EXPECT_EQ(e, -1);
	// a type the game lacks: an error unless allowed missing
	{
		Reader rMissing(w.aBytes);
		rMissing.kStream.setTypeLookup([](int32_t, const std::string& s) { return s == "UNIT_B" ? -1 : 0; });
		rMissing.kStream.readStartObject("C::read");
		EXPECT_TRUE(rMissing.kStream.readClassEnum("C::m_eUnit", UNITS, e));
		EXPECT_TRUE(rMissing.kStream.readClassEnum("C::m_eNone", UNITS, e));
		const std::string s = errorOf([&] { rMissing.kStream.readClassEnum("C::m_eGone", UNITS, e); });
		EXPECT_NE(s.find("UNIT_B"), std::string::npos) << s;
	}
	EXPECT_TRUE(r.kStream.readClassEnum("C::m_eGone", UNITS, e, true));
	EXPECT_EQ(e, -1);
	// a class array: values to their types' current places; UNIT_B's 0 dropped without a word
	std::vector<long long> ai = { -9, -9 };
	EXPECT_TRUE(r.kStream.readClassArray("C::m_aiUnitCount", UNITS, false, 2, ai));
	EXPECT_EQ(ai, (std::vector<long long>{ 7, 5 }));
	EXPECT_TRUE(r.kStream.warnings().empty());
	std::vector<long long> ab;
	EXPECT_TRUE(r.kStream.readClassArray("C::m_abUnit", UNITS, true, 2, ab));
	EXPECT_EQ(ab, (std::vector<long long>{ 1, 1 }));
	std::vector<long long> ae;
	EXPECT_TRUE(r.kStream.readClassEnumArray("C::m_aeUnits", UNITS, 3, 2, ae, true));
	EXPECT_EQ(ae, (std::vector<long long>{ 1, -1, 0 }));
	std::vector<long long> aeBuilds;
	EXPECT_TRUE(r.kStream.readClassEnumArray("C::m_aeBuilds", BUILDS, 2, 4, aeBuilds));
	EXPECT_EQ(aeBuilds, (std::vector<long long>{ 0, 1 }));
	std::vector<long long> ao;
	EXPECT_TRUE(r.kStream.readClassArrayOfClassEnum("C::m_aeBuildOfUnit", UNITS, BUILDS, 2, ao));
	// UNIT_A (now 1) had BUILD_Y (now 0); UNIT_C (now 0) had BUILD_X (now 1)
	EXPECT_EQ(ao, (std::vector<long long>{ 1, 0 }));
	r.kStream.readEndObject();
	EXPECT_TRUE(r.kStream.atEnd());
}

TEST(TaggedSaveStream, ClassArraysWarnOrFailForLostTypes)
{
	TaggedSaveWriter w;
	w.classMap(0, { "B_A", "B_GONE" });
	w.classArray("C::m_ai", 0, false, { 1, 4 });
	w.classArray("C::m_ab", 0, true, { 0, 1 });
	w.array("C::m_aiRaw", TaggedType::IntArray, { 3 });
	auto lookup = [](int32_t, const std::string& s) { return s == "B_A" ? 0 : -1; };
	Reader r(w.aBytes);
	r.kStream.setTypeLookup(lookup);
	std::vector<long long> a;
	EXPECT_TRUE(r.kStream.readClassArray("C::m_ai", 0, false, 1, a));
	EXPECT_EQ(a, (std::vector<long long>{ 1 }));
	ASSERT_EQ(r.kStream.warnings().size(), 1u);
	EXPECT_NE(r.kStream.warnings()[0].find("B_GONE"), std::string::npos);
	// the type was looked up once: the bool array does not fail on it again, as in the game
	EXPECT_TRUE(r.kStream.readClassArray("C::m_ab", 0, true, 1, a));
	// a plain array under a class array's read, as older saves have it
	std::vector<long long> aRaw = { 0, 0 };
	EXPECT_TRUE(r.kStream.readClassArray("C::m_aiRaw", 0, false, 2, aRaw));
	EXPECT_EQ(aRaw, (std::vector<long long>{ 3, 0 }));
	// a fresh reader: the bool array's lost true is an error
	TaggedSaveWriter w2;
	w2.classMap(0, { "B_A", "B_GONE" });
	w2.classArray("C::m_ab", 0, true, { 0, 1 });
	Reader r2(w2.aBytes);
	r2.kStream.setTypeLookup(lookup);
	EXPECT_NE(errorOf([&] { r2.kStream.readClassArray("C::m_ab", 0, true, 1, a); }).find("B_GONE"), std::string::npos);
}

TEST(TaggedSaveStream, EveryTruncationIsAnErrorNamingTheOffset)
{
	TaggedSaveWriter w;
	w.classMap(3, { "T_A", "T_B" });
	w.startObject("C::write");
	w.value("C::m_i", TaggedType::Int, 1);
	w.array("C::m_ai", TaggedType::IntArray, { 1, 2 });
	w.str("C::m_sz", TaggedType::StdWString, u"ab");
	w.classArray("C::m_aiC", 3, false, { 4, 5 });
	w.endObject();
	for (size_t n = 1; n < w.aBytes.size(); ++n)
	{
		const std::vector<unsigned char> a(w.aBytes.begin(), w.aBytes.begin() + long(n));
		bool bEnded = false;
		const std::string s = errorOf([&] {
			Reader r(a);
			for (;;)
				if (r.kStream.next().eKind == TaggedElement::Kind::End) break;
			bEnded = true;
		});
		// a cut between two elements reads to the end; any other is an error
		if (bEnded) continue;
		EXPECT_NE(s.find("tagged save, offset "), std::string::npos) << n << ": " << s;
		EXPECT_TRUE(s.find("the data ends inside") != std::string::npos || s.find("bytes left") != std::string::npos)
			<< n << ": " << s;
		// and the wrapper's reads stop with an error too
		const std::string s2 = errorOf([&] {
			Reader r(a);
			r.kStream.readStartObject("C::read");
			long long i;
			std::vector<long long> ai;
			std::u16string sz;
			r.kStream.readValue("C::m_i", TaggedType::Int, i);
			r.kStream.readArray("C::m_ai", TaggedType::IntArray, 2, ai);
			r.kStream.readString("C::m_sz", TaggedType::StdWString, sz);
			r.kStream.readClassArray("C::m_aiC", 3, false, 2, ai);
			r.kStream.readEndObject();
		});
		EXPECT_NE(s2, "") << n;
	}
}

TEST(TaggedSaveStream, CorruptElementsAreErrors)
{
	auto nextAll = [](const std::vector<unsigned char>& a) {
		return errorOf([&] {
			Reader r(a);
			for (;;)
				if (r.kStream.next().eKind == TaggedElement::Kind::End) break;
		});
	};
	{
		// an id the dictionary does not have
		TaggedSaveWriter w;
		w.value("C::m_i", TaggedType::Int, 1);
		w.i32(5);
		w.i32(0);
		const std::string s = nextAll(w.aBytes);
		EXPECT_NE(s.find("offset 27"), std::string::npos) << s;
		EXPECT_NE(s.find("id 5 is neither an escape"), std::string::npos) << s;
	}
	{
		// a dictionary entry of a type the format has not
		TaggedSaveWriter w;
		w.i32(kTaggedDictionaryEntry);
		w.i32(0);
		w.i32(77);
		w.u8(1);
		w.u8('x');
		EXPECT_NE(nextAll(w.aBytes).find("type 77"), std::string::npos);
	}
	{
		// a dictionary entry out of the wrapper's numbering
		TaggedSaveWriter w;
		w.i32(kTaggedDictionaryEntry);
		w.i32(3);
		w.i32(10);
		w.u8(1);
		w.u8('x');
		EXPECT_NE(nextAll(w.aBytes).find("has id 3 where the wrapper numbers it 0"), std::string::npos);
	}
	{
		// negative and huge counts
		TaggedSaveWriter w;
		w.id("C::m_ai", TaggedType::IntArray);
		w.i32(0);
		w.i32(-4);
		EXPECT_NE(nextAll(w.aBytes).find("the count is -4"), std::string::npos);
		TaggedSaveWriter w2;
		w2.id("C::m_ai", TaggedType::IntArray);
		w2.i32(0);
		w2.i32(0x7FFFFFFF);
		EXPECT_NE(nextAll(w2.aBytes).find("bytes left"), std::string::npos);
		TaggedSaveWriter w3;
		w3.i32(kTaggedClassMap);
		w3.i32(0);
		w3.i32(1000000);
		EXPECT_NE(nextAll(w3.aBytes).find("bytes left"), std::string::npos);
		TaggedSaveWriter w4;
		w4.id("C::m_s", TaggedType::StdString);
		w4.i32(0);
		w4.i32(-1);
		EXPECT_NE(nextAll(w4.aBytes).find("length is -1"), std::string::npos);
	}
	{
		// an object end outside any object, in the stream and in the reads
		TaggedSaveWriter w;
		w.endObject();
		EXPECT_NE(nextAll(w.aBytes).find("an object end outside any object"), std::string::npos);
		Reader r(w.aBytes);
		EXPECT_NE(errorOf([&] { r.kStream.readEndObject(); }), "");
	}
	{
		// a class enum beyond its table is -1; a negative one other than -1 is an error
		TaggedSaveWriter w;
		w.classMap(0, { "A" });
		w.classEnum("C::m_e", 0, 5);
		w.classEnum("C::m_f", 0, -7);
		Reader r(w.aBytes);
		long long e = 0;
		EXPECT_TRUE(r.kStream.readClassEnum("C::m_e", 0, e));
		EXPECT_EQ(e, -1);
		EXPECT_NE(errorOf([&] { r.kStream.readClassEnum("C::m_f", 0, e); }).find("-7"), std::string::npos);
	}
	{
		// a class array longer than its table, or whose types land beyond the read's count
		TaggedSaveWriter w;
		w.classMap(0, { "A" });
		w.classArray("C::m_ai", 0, false, { 1, 2 });
		Reader r(w.aBytes);
		std::vector<long long> a;
		EXPECT_NE(errorOf([&] { r.kStream.readClassArray("C::m_ai", 0, false, 2, a); }).find("beyond its table"),
			std::string::npos);
		TaggedSaveWriter w2;
		w2.classMap(0, { "A", "B" });
		w2.classArray("C::m_ai", 0, false, { 1, 2 });
		Reader r2(w2.aBytes);
		EXPECT_NE(errorOf([&] { r2.kStream.readClassArray("C::m_ai", 0, false, 1, a); }).find("beyond the read's 1"),
			std::string::npos);
	}
}
