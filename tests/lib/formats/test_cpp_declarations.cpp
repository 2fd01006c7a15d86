// The save-layout deriver's declarations (formats/layout/CppDeclarations.cpp) and the tree's
// look-ups (formats/layout/LayoutTree.cpp), through SaveLayout::Impl (formats/layout/LayoutTree.h):
// enums, typedefs, classes with their members, constants and methods, functions defined out of line.
#include "LayoutTreeOf.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace cvv;
using namespace cvv::layout;

namespace {

const char* const kHeader = R"(
#pragma once
enum PlayerTypes { NO_PLAYER = -1, FIRST_PLAYER, SECOND_PLAYER = FIRST_PLAYER + 2 };
typedef unsigned char byte;
class CvBase
{
public:
	virtual void read(FDataStreamBase* pStream);
	int getX() const { return m_iX; }
protected:
	int m_iX;
};
class CvThing : public CvBase
{
public:
	static const int SIZE = 4;
	enum Local { LOCAL_A, LOCAL_B };
	void read(FDataStreamBase* pStream);
	void reset(int iValue = 7);
private:
	byte m_abFlags[SIZE];
	std::vector<CvString> m_aszNames;
	PlayerTypes m_eOwner;
};
extern CvGlobals gGlobals;
)";

const char* const kSource = R"(
#include "CvThing.h"
void CvBase::read(FDataStreamBase* pStream)
{
	pStream->Read(&m_iX);
}
void CvThing::read(FDataStreamBase* pStream)
{
	CvBase::read(pStream);
	for (int i = 0; i < SIZE; ++i)
		pStream->Read(&m_abFlags[i]);
}
void CvThing::reset(int iValue) { m_iX = iValue; }
)";

} // namespace

TEST(CppDeclarations, EnumsTypedefsAndGlobals)
{
	const auto p = layoutTreeOf({ { "CvThing.h", kHeader }, { "CvThing.cpp", kSource } });
	ASSERT_TRUE(p->kEnumerators.count("FIRST_PLAYER"));
	EXPECT_TRUE(p->kEnumerators.at("FIRST_PLAYER").aExpr.empty());
	EXPECT_EQ(p->kEnumerators.at("FIRST_PLAYER").sPrev, "NO_PLAYER"); // its value: NO_PLAYER + 1
	EXPECT_EQ(joinToks(p->kEnumerators.at("SECOND_PLAYER").aExpr, 0, p->kEnumerators.at("SECOND_PLAYER").aExpr.size()),
		"FIRST_PLAYER+2");
	EXPECT_TRUE(p->kEnumTypes.count("PlayerTypes"));
	ASSERT_TRUE(p->kTypedefs.count("byte"));
	EXPECT_EQ(p->kTypedefs.at("byte").sName, "unsigned char");
	ASSERT_TRUE(p->kGlobalVariables.count("gGlobals"));
	EXPECT_EQ(p->kGlobalVariables.at("gGlobals").sName, "CvGlobals");
}

TEST(CppDeclarations, ClassesTheirMembersConstantsAndBases)
{
	const auto p = layoutTreeOf({ { "CvThing.h", kHeader }, { "CvThing.cpp", kSource } });
	const ClassDef* c = p->findClass("CvThing");
	ASSERT_NE(c, nullptr);
	EXPECT_EQ(c->aBases, (std::vector<std::string>{ "CvBase" }));
	// the data members in the order declared (aOrder lists the static constant SIZE too)
	std::vector<std::string> aData;
	for (const std::string& s : c->aOrder)
		if (s.compare(0, 2, "m_") == 0) aData.push_back(s);
	EXPECT_EQ(aData, (std::vector<std::string>{ "m_abFlags", "m_aszNames", "m_eOwner" }));
	EXPECT_EQ(typeText(c->kMembers.at("m_abFlags")), "byte[SIZE]");
	EXPECT_EQ(typeText(c->kMembers.at("m_aszNames")), "vector<CvString>");
	EXPECT_TRUE(c->kConstants.count("SIZE"));
	EXPECT_TRUE(c->kConstants.count("LOCAL_B"));
	std::string sOwner;
	ASSERT_NE(p->classConstant("CvThing", "SIZE", sOwner), nullptr);
	EXPECT_EQ(sOwner, "CvThing");
	EXPECT_EQ(p->classConstant("CvBase", "SIZE", sOwner), nullptr);
	// a method declared without a body keeps its parameters (the default arguments are there)
	ASSERT_TRUE(c->kDeclarations.count("reset"));
	EXPECT_EQ(p->findClass("CvNothing"), nullptr);
}

TEST(CppDeclarations, MethodsAndMembersAreFoundThroughTheBases)
{
	const auto p = layoutTreeOf({ { "CvThing.h", kHeader }, { "CvThing.cpp", kSource } });
	ASSERT_TRUE(p->kFunctions.count("CvThing::read"));
	std::string sOwner;
	const Function* f = p->findMethod("CvThing", "read", true, &sOwner);
	ASSERT_NE(f, nullptr);
	EXPECT_EQ(f->sName, "CvThing::read");
	EXPECT_EQ(sOwner, "CvThing");
	// an inline method of the base, without a stream
	const Function* g = p->findMethod("CvThing", "getX", false, &sOwner);
	ASSERT_NE(g, nullptr);
	EXPECT_EQ(sOwner, "CvBase");
	EXPECT_EQ(p->findMethod("CvThing", "getX", true), nullptr); // it takes no stream
	EXPECT_EQ(p->methodsNamed("CvThing", "read").size(), 2u); // CvThing's and CvBase's

	const MemberOwner& k = p->memberOwner("CvThing", "m_iX");
	ASSERT_NE(k.pClass, nullptr);
	EXPECT_EQ(k.pClass->sName, "CvBase");
	EXPECT_EQ(p->memberOwner("CvThing", "m_iNone").pClass, nullptr);
}

TEST(CppDeclarations, AFunctionsStatementsNameItsStream)
{
	const auto p = layoutTreeOf({ { "CvThing.h", kHeader }, { "CvThing.cpp", kSource } });
	const Function* f = p->findMethod("CvThing", "read", true);
	ASSERT_NE(f, nullptr);
	const Stmt& s = p->body(*f);
	EXPECT_EQ(f->sStream, "pStream");
	ASSERT_EQ(s.eKind, Stmt::Block);
	ASSERT_EQ(s.aKids.size(), 2u);
	EXPECT_EQ(s.aKids[1].eKind, Stmt::For);
	EXPECT_TRUE(s.aKids[1].bStream);
	EXPECT_EQ(&p->body(*f), &s); // parsed once
	EXPECT_EQ(p->where(*f, 9), "CvThing.cpp:9 (CvThing::read)");
}

// Found by fuzz_cpp_front (tests/fuzz/corpus/cpp_front/lone-angle-before-qualified-name.cpp): a '>'
// before "::name(" with no '<' to match walked back past the file's first token.
TEST(CppDeclarations, AQualifiedNameAfterAnUnmatchedAngleHasNoClass)
{
	const auto p = layoutTreeOf({ { "CvOdd.cpp",
		"> :: read() { }\n> > :: write() { }\n"
		"template <class T> void CvList<T>::read(FDataStreamBase* pStream) { }\n" } });
	EXPECT_EQ(p->kFunctions.count("read"), 1u);
	EXPECT_EQ(p->kFunctions.count("write"), 1u);
	ASSERT_EQ(p->kFunctions.count("CvList::read"), 1u);
	EXPECT_EQ(p->kFunctions.at("CvList::read")[0].sClass, "CvList");
}

// Found with fuzz_cpp_front (tests/fuzz/corpus/cpp_front/method-parameters-unclosed-before-body.h): a
// member "f( ] {" was taken for an inline method whose parameters ended nowhere (npos), read past the
// tokens by whoever looked at them.
TEST(CppDeclarations, AMethodWhoseParametersDoNotCloseIsNone)
{
	const auto p = layoutTreeOf({ { "CvOdd.h", "class CvOdd { void f( ] { } void g(int i) { } };\n" } });
	const ClassDef* c = p->findClass("CvOdd");
	ASSERT_NE(c, nullptr);
	EXPECT_FALSE(c->kMethods.count("f"));
	ASSERT_TRUE(c->kMethods.count("g"));
	const Function* g = c->kMethods.at("g")[0];
	const Toks& a = p->aFiles[0].aToks;
	ASSERT_LT(g->iParamsEnd, a.size());
	EXPECT_EQ(a[g->iParamsEnd].s, ")");
}
