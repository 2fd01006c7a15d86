// The save-layout deriver's interpreter (formats/layout/LayoutRunner.h) on a small tree in memory
// (LayoutTreeOf.h): constants evaluated, a read() run over bytes, its description for the report.
#include "formats/layout/LayoutRunner.h"

#include "LayoutTreeOf.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

using namespace cvv;
using namespace cvv::layout;

namespace {

const char* const kHeader = R"(
#define NUM_THINGS (MAX_THINGS - 1)
#define MAX_THINGS 5
enum Kinds { KIND_A = 3, KIND_B, KIND_C = KIND_B * 2 };
class CvThing
{
public:
	void read(FDataStreamBase* pStream);
private:
	int m_iCount;
	short m_aiValues[NUM_THINGS];
	bool m_bDone;
};
)";

const char* const kSource = R"(
void CvThing::read(FDataStreamBase* pStream)
{
	pStream->Read(&m_iCount);
	for (int i = 0; i < m_iCount; ++i)
		pStream->Read(&m_aiValues[i]);
	if (m_iCount > 1)
		pStream->Read(&m_bDone);
}
)";

// Bytes in memory, as the save reader's cursor gives them.
class Bytes : public LayoutStream
{
public:
	explicit Bytes(std::vector<unsigned char> a) : m_a(std::move(a)) {}
	const unsigned char* take(size_t iBytes, const std::string& sWhat) override
	{
		if (m_i + iBytes > m_a.size()) fail("the data ends in " + sWhat);
		m_i += iBytes;
		return m_a.data() + m_i - iBytes;
	}
	size_t left() const override { return m_a.size() - m_i; }
	void setWhere(const LayoutWhere* p) override { m_pWhere = p; }
	[[noreturn]] void fail(const std::string& sWhat) override
	{
		throw LayoutError((m_pWhere ? m_pWhere->where() : std::string()) + ": " + sWhat);
	}

private:
	std::vector<unsigned char> m_a;
	size_t m_i = 0;
	const LayoutWhere* m_pWhere = nullptr;
};

const LayoutCounts kNoCounts = [](const std::string& s) -> int { throw LayoutError("no count " + s); };

} // namespace

TEST(LayoutRunner, ConstantsOfTheHeaders)
{
	const auto p = layoutTreeOf({ { "CvThing.h", kHeader }, { "CvThing.cpp", kSource } });
	LayoutRunner k(*p, nullptr, kNoCounts);
	EXPECT_EQ(k.constant("NUM_THINGS", "test"), 4);
	EXPECT_EQ(k.constant("KIND_B", "test"), 4);
	EXPECT_EQ(k.constant("KIND_C", "test"), 8);
	EXPECT_TRUE(k.isConstant("KIND_A"));
	EXPECT_FALSE(k.isConstant("m_iCount"));
	EXPECT_THROW(k.constant("NOT_A_CONSTANT", "test"), LayoutError);
}

TEST(LayoutRunner, AReadRunsOverTheBytes)
{
	const auto p = layoutTreeOf({ { "CvThing.h", kHeader }, { "CvThing.cpp", kSource } });
	// m_iCount = 2, two shorts, a bool
	Bytes kBytes({ 2, 0, 0, 0, 7, 0, 0xFF, 0xFF, 1 });
	LayoutRunner k(*p, &kBytes, kNoCounts);
	LayoutRecord r;
	k.runRead("CvThing", r);
	EXPECT_EQ(kBytes.left(), 0u);
	ASSERT_NE(r.values("m_iCount"), nullptr);
	EXPECT_EQ(*r.values("m_iCount"), (std::vector<long long>{ 2 }));
	ASSERT_NE(r.values("m_aiValues[1]"), nullptr);
	EXPECT_EQ(*r.values("m_aiValues[1]"), (std::vector<long long>{ -1 }));
	ASSERT_NE(r.values("m_bDone"), nullptr);

	// too few bytes: the stream's error names the code being followed
	Bytes kShort({ 3, 0, 0, 0, 7, 0 });
	LayoutRunner kAgain(*p, &kShort, kNoCounts);
	LayoutRecord r2;
	try
	{
		kAgain.runRead("CvThing", r2);
		FAIL() << "no error";
	}
	catch (const LayoutError& e)
	{
		EXPECT_NE(std::string(e.what()).find("CvThing.cpp:"), std::string::npos) << e.what();
	}
}

TEST(LayoutRunner, TheDescriptionOfARead)
{
	const auto p = layoutTreeOf({ { "CvThing.h", kHeader }, { "CvThing.cpp", kSource } });
	LayoutRunner k(*p, nullptr, kNoCounts);
	LayoutClassReport kOut;
	std::vector<std::string> aReached;
	k.describe("CvThing", kOut, aReached);
	EXPECT_EQ(kOut.sError, "");
	EXPECT_EQ(kOut.sFunction, "CvThing::read");
	EXPECT_EQ(kOut.sWhere, "CvThing.cpp:3");
	ASSERT_FALSE(kOut.aszFields.empty());
	std::string sAll;
	for (const std::string& s : kOut.aszFields) sAll += s + "\n";
	EXPECT_NE(sAll.find("m_iCount"), std::string::npos) << sAll;
	EXPECT_NE(sAll.find("m_aiValues"), std::string::npos) << sAll;
	EXPECT_NE(sAll.find("m_bDone"), std::string::npos) << sAll;

	LayoutClassReport kNone;
	k.describe("CvNothing", kNone, aReached);
	EXPECT_NE(kNone.sError.find("no CvNothing::read"), std::string::npos);
}
