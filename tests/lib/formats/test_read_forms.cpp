// The read forms of the save-layout deriver (formats/layout/ReadForms.h) alone: each form a statement
// that touches the stream can take, recognised by its tokens, as both the runner and the report see it.
#include "formats/layout/ReadForms.h"

#include <gtest/gtest.h>

#include <string>

using namespace cvv;
using namespace cvv::layout;

namespace {

struct Form
{
	Toks a;
	ReadForm k;
};

Form formOf(const std::string& s, const std::string& sStream = "pStream")
{
	Form f;
	tokenize(s, 1, f.a);
	f.k = readFormOf(f.a, 0, f.a.size(), sStream);
	return f;
}

std::string text(const Toks& a, size_t b, size_t e) { return joinToks(a, b, e); }

} // namespace

TEST(ReadForms, AStringReadIntoAVariable)
{
	const Form f = formOf("m_szName = pStream->ReadString()");
	EXPECT_EQ(f.k.eKind, ReadForm::StringAssign);
	EXPECT_FALSE(f.k.bWide);
	EXPECT_EQ(text(f.a, 0, f.k.iAssign), "m_szName");
	EXPECT_TRUE(formOf("m_szText = pStream->ReadWideString()").k.bWide);
	// the stream kept for a wrapper, or any other assignment: no read form the deriver follows
	EXPECT_EQ(formOf("m_pWrapped = pStream").k.eKind, ReadForm::OtherAssign);
	EXPECT_EQ(formOf("m_szName = pOther->ReadString()").k.eKind, ReadForm::OtherAssign);
}

TEST(ReadForms, TheStreamsOwnMethods)
{
	for (const char* sz : { "pStream->Read(&m_iX)", "pStream->Read(NUM_YIELD_TYPES, m_aiYield)",
			 "(*pStream).Read(&m_iX)", "pStream->ReadString(m_szName)" })
	{
		const Form f = formOf(sz);
		EXPECT_EQ(f.k.eKind, ReadForm::StreamCall) << sz;
		EXPECT_EQ(f.a[f.k.iName].s.compare(0, 4, "Read"), 0) << sz;
	}
	const Form f = formOf("pStream->Read(NUM_YIELD_TYPES, m_aiYield)");
	ASSERT_EQ(f.k.aArgs.size(), 2u);
	EXPECT_EQ(text(f.a, f.k.aArgs[1].first, f.k.aArgs[1].second), "m_aiYield");
	// another stream's Read is an object's method
	EXPECT_EQ(formOf("pStream->Read(&m_iX)", "pOther").k.eKind, ReadForm::ObjectCall);
}

TEST(ReadForms, SubObjectsBasesAndFunctions)
{
	const Form kObject = formOf("m_pTeam->m_kList.Read(pStream)");
	EXPECT_EQ(kObject.k.eKind, ReadForm::ObjectCall);
	EXPECT_EQ(text(kObject.a, 0, kObject.k.iObjectEnd), "m_pTeam->m_kList");
	EXPECT_EQ(kObject.a[kObject.k.iName].s, "Read");
	const Form kBase = formOf("CvUnit::read(pStream)");
	EXPECT_EQ(kBase.k.eKind, ReadForm::BaseCall);
	EXPECT_EQ(kBase.a[kBase.k.iName].s, "read");
	EXPECT_EQ(formOf("ReadStreamableFFreeListTrashArray(m_units, pStream)").k.eKind, ReadForm::PlainCall);
	// a name qualified twice is no base class of this one
	EXPECT_EQ(formOf("Outer::Base::read(pStream)").k.eKind, ReadForm::Unknown);
}

TEST(ReadForms, MemberFunctionTemplates)
{
	const Form kSame = formOf("readArray<int>(pStream, 1)");
	EXPECT_EQ(kSame.k.eKind, ReadForm::TemplateCall);
	EXPECT_EQ(kSame.a[kSame.k.iName].s, "readArray");
	EXPECT_EQ(kSame.k.iObjectEnd, std::string::npos);
	const Form kObject = formOf("m_abOptions.readArray<CompactV>(pStream, 1)");
	EXPECT_EQ(kObject.k.eKind, ReadForm::TemplateCall);
	EXPECT_EQ(text(kObject.a, 0, kObject.k.iObjectEnd), "m_abOptions");
	EXPECT_EQ(formOf("readLazyArray<int, Map<char, short> >(pStream)").k.eKind, ReadForm::TemplateCall);
}

TEST(ReadForms, WhatIsNoReadForm)
{
	EXPECT_EQ(formOf("pStream").k.eKind, ReadForm::Unknown); // no call
	EXPECT_EQ(formOf("(pStream)").k.eKind, ReadForm::Unknown); // a parenthesis, no callee
	const Form f = formOf("(a < b > (pStream))");
	EXPECT_EQ(f.k.eKind, ReadForm::Unknown);
	EXPECT_EQ(f.k.iName, std::string::npos);
}
