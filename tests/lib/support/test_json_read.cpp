// The JSON reader (support/JsonRead.h): what the host program prints is read back exactly, and a
// broken text or a value of the wrong kind is an error naming the line and column, or the member's
// path.
#include "support/Json.h"
#include "support/JsonRead.h"

#include <gtest/gtest.h>

#include <string>

namespace cvv {
namespace {

TEST(JsonRead, ReadsWhatTheWriterWrites)
{
	JsonWriter kWriter;
	kWriter.beginObject().key("name").string("Brennus \"BC\" \xc3\xa9\n").key("units").beginArray();
	kWriter.beginObject().key("x").number(-3).key("alive").boolean(true).key("none").null().end();
	kWriter.end().key("big").number(9007199254740993LL).end();
	JsonValue kTop = parseJson(kWriter.str(), "test");
	EXPECT_EQ(kTop["name"].string(), "Brennus \"BC\" \xc3\xa9\n");
	ASSERT_EQ(kTop["units"].array().size(), 1u);
	EXPECT_EQ(kTop["units"].array()[0]["x"].integer32(), -3);
	EXPECT_TRUE(kTop["units"].array()[0]["alive"].boolean());
	EXPECT_TRUE(kTop["units"].array()[0]["none"].isNull());
	EXPECT_EQ(kTop["big"].integer(), 9007199254740993LL); // no detour through double
	EXPECT_EQ(kTop.object()[0].first, "name"); // members keep their order
}

TEST(JsonRead, NumbersAndEscapes)
{
	JsonValue kTop = parseJson(R"([1.5, -0, 2e3, "\u00e9\ud83d\ude00\/\t"])", "test");
	EXPECT_DOUBLE_EQ(kTop.array()[0].number(), 1.5);
	EXPECT_EQ(kTop.array()[1].integer(), 0);
	EXPECT_EQ(kTop.array()[2].integer(), 2000); // a whole double is a whole number
	EXPECT_EQ(kTop.array()[3].string(), "\xc3\xa9\xf0\x9f\x98\x80/\t");
	EXPECT_THROW(kTop.array()[0].integer(), JsonError);
}

TEST(JsonRead, ABrokenTextNamesItsLineAndColumn)
{
	try
	{
		parseJson("{\n  \"a\": [1, 2,\n  ]\n}", "cvcore-host read-save");
		FAIL();
	}
	catch (const JsonError& e)
	{
		EXPECT_EQ(std::string(e.what()), "cvcore-host read-save: line 3, column 3: unexpected character ']'");
	}
	for (const char* szBroken : { "", "{", "[1 2]", "{\"a\" 1}", "\"abc", "tru", "1 2", "-", "1.", "\"\\x\"",
			 "\"\\u12\"", "\"a\nb\"", "{\"a\":}", "[\"\\ud800\\u0041\"]" })
	{
		EXPECT_THROW(parseJson(szBroken, "t"), JsonError) << szBroken;
	}
}

TEST(JsonRead, TooDeepIsAnErrorNotACrash)
{
	std::string sDeep(100000, '[');
	EXPECT_THROW(parseJson(sDeep, "t"), JsonError);
	std::string sOk = std::string(150, '[') + std::string(150, ']');
	EXPECT_NO_THROW(parseJson(sOk, "t"));
}

TEST(JsonRead, AValueOfTheWrongKindNamesItsPath)
{
	JsonValue kTop = parseJson(R"({"units": [{"x": "3"}], "n": 4294967296})", "t");
	try
	{
		kTop["units"].array()[0]["x"].integer();
		FAIL();
	}
	catch (const JsonError& e)
	{
		EXPECT_EQ(std::string(e.what()), "units[0].x: a string where a whole number was expected");
	}
	EXPECT_THROW(kTop["units"].array()[0]["y"], JsonError);
	EXPECT_EQ(kTop["units"].array()[0].find("y"), nullptr);
	EXPECT_THROW(kTop["n"].integer32(), JsonError);
	EXPECT_THROW(kTop["n"]["m"], JsonError); // not an object
}

} // namespace
} // namespace cvv
