// The host's XML parser (tools/host/runtime/CvHostXml.h), the game executable's FXml for a core:
// each call on small documents (the cursor at the ends, comments, text, paths, counts, values,
// encodings, broken XML), the schema types as ReadGlobalDefines reads them, the core's own walks
// (ReadGlobalDefines, SetGameText) replayed, every XML file of the game in ../shared parsed and
// walked; and, where BTS's CvDLLXMLIFaceBase.h is at hand, the interface (CvHostXmlIFace.h) driven
// as the core drives it.
#include "CvHostXml.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#ifndef CVVISION_SHARED_DIR
#error "CVVISION_SHARED_DIR: the shared data folder (tests/CMakeLists.txt defines it)"
#endif

namespace fs = std::filesystem;

namespace {

// A document loaded from a string, with the messages it told.
struct Loaded
{
	std::vector<std::string> aMessages;
	CvHostXmlDocument kDoc{ [this](const std::string& s) { aMessages.push_back(s); } };
	bool bLoaded = false;

	explicit Loaded(const std::string& sText, const std::string& sName = "test.xml")
	{
		bLoaded = kDoc.loadBytes(sText, sName);
	}
};

std::string narrow(const CvHostXmlDocument& kDoc)
{
	std::string s = "(none)";
	kDoc.text(s);
	return s;
}

std::string tag(const CvHostXmlDocument& kDoc)
{
	char sz[256] = "(none)";
	kDoc.tagName(sz);
	return sz;
}

// A throw-away folder of files, removed at the end.
class TempFolder
{
public:
	TempFolder()
	{
		std::random_device kRandom;
		m_kRoot = fs::temp_directory_path() / ("cvvision-hostxml-" + std::to_string(kRandom()));
		fs::create_directories(m_kRoot);
	}
	~TempFolder() { fs::remove_all(m_kRoot); }
	const fs::path& path() const { return m_kRoot; }
	fs::path write(const std::string& sRelative, const std::string& sBytes) const
	{
		const fs::path kPath = m_kRoot / sRelative;
		fs::create_directories(kPath.parent_path());
		std::ofstream(kPath, std::ios::binary) << sBytes;
		return kPath;
	}

private:
	fs::path m_kRoot;
};

std::string lower(std::string s)
{
	std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
	return s;
}

// The game's search: a path as the core gives it ("xml\\Units\\X.xml", any case) below each Assets
// folder in turn, each component matched without regard to case.
struct GameOrderResolver
{
	std::vector<fs::path> aAssets;

	std::string operator()(const std::string& sRequested) const
	{
		std::vector<std::string> aParts;
		std::string sPart;
		for (char c : sRequested + "/")
		{
			if (c == '/' || c == '\\')
			{
				if (!sPart.empty())
				{
					aParts.push_back(sPart);
				}
				sPart.clear();
			}
			else
			{
				sPart += c;
			}
		}
		for (const fs::path& kAssets : aAssets)
		{
			fs::path kAt = kAssets;
			bool bFound = true;
			for (const std::string& s : aParts)
			{
				bool bPart = false;
				if (fs::is_directory(kAt))
				{
					for (const fs::directory_entry& e : fs::directory_iterator(kAt))
					{
						if (lower(e.path().filename().string()) == lower(s))
						{
							kAt = e.path();
							bPart = true;
							break;
						}
					}
				}
				if (!bPart)
				{
					bFound = false;
					break;
				}
			}
			if (bFound && fs::is_regular_file(kAt))
			{
				return kAt.string();
			}
		}
		return "";
	}
};

const char* const kDefines = "<?xml version=\"1.0\"?>\n"
							 "<!-- Global Defines -->\n"
							 "<Civ4Defines xmlns=\"x-schema:CIV4GlobalDefinesSchema.xml\">\n"
							 "\t<!-- before the first -->\n"
							 "\t<Define>\n"
							 "\t\t<DefineName>MIN_CITY_RANGE</DefineName>\n"
							 "\t\t<iDefineIntVal>2</iDefineIntVal>\n"
							 "\t</Define>\n"
							 "\t<!-- between -->\n"
							 "\t<Define>\n"
							 "\t\t<DefineName>CAMERA_MIN_YAW</DefineName>\n"
							 "\t\t<!-- inside -->\n"
							 "\t\t<fDefineFloatVal>-0.25</fDefineFloatVal>\n"
							 "\t</Define>\n"
							 "\t<Define>\n"
							 "\t\t<DefineName>LAND_TERRAIN</DefineName>\n"
							 "\t\t<DefineTextVal>TERRAIN_GRASS</DefineTextVal>\n"
							 "\t</Define>\n"
							 "\t<!-- after the last -->\n"
							 "</Civ4Defines>\n";

const char* const kDefinesSchema =
	"<!-- Global Defines Schema -->\n"
	"<Schema xmlns=\"urn:schemas-microsoft-com:xml-data\" "
	"xmlns:dt=\"urn:schemas-microsoft-com:datatypes\">\n"
	"\t<ElementType name=\"DefineName\" content=\"textOnly\"/>\n"
	"\t<ElementType name=\"iDefineIntVal\" content=\"textOnly\" dt:type=\"int\"/>\n"
	"\t<ElementType name=\"fDefineFloatVal\" content=\"textOnly\"/>\n"
	"\t<ElementType name=\"DefineTextVal\" content=\"textOnly\"/>\n"
	"\t<ElementType name=\"bFlag\" content=\"textOnly\"><datatype dt:type=\"boolean\"/></ElementType>\n"
	"\t<ElementType name=\"Define\" content=\"eltOnly\"/>\n"
	"\t<ElementType name=\"Civ4Defines\" content=\"eltOnly\"/>\n"
	"</Schema>\n";

} // namespace

// --- loading and the cursor ------------------------------------------------------------------------

TEST(HostXml, ALoadLeavesTheCursorOnTheDocument)
{
	Loaded k(kDefines);
	ASSERT_TRUE(k.bLoaded) << k.kDoc.lastError();
	EXPECT_TRUE(k.aMessages.empty());
	EXPECT_EQ(tag(k.kDoc), "#document");
	EXPECT_FALSE(k.kDoc.setToParent());
	EXPECT_EQ(k.kDoc.numChildren(), 1); // the root element; the comment before it is not counted
	ASSERT_TRUE(k.kDoc.setToChild()); // the comment before the root
	EXPECT_TRUE(k.kDoc.isComment());
	EXPECT_EQ(tag(k.kDoc), "#comment");
	EXPECT_EQ(narrow(k.kDoc), "Global Defines");
	ASSERT_TRUE(k.kDoc.nextSibling());
	EXPECT_EQ(tag(k.kDoc), "Civ4Defines");
	EXPECT_FALSE(k.kDoc.nextSibling());
	EXPECT_EQ(tag(k.kDoc), "Civ4Defines");
	ASSERT_TRUE(k.kDoc.setToParent());
	EXPECT_EQ(tag(k.kDoc), "#document");
}

TEST(HostXml, LocateNodeTakesAPathFromTheDocument)
{
	Loaded k(kDefines);
	ASSERT_TRUE(k.bLoaded);
	ASSERT_TRUE(k.kDoc.locateNode("Civ4Defines/Define"));
	EXPECT_EQ(tag(k.kDoc), "Define");
	ASSERT_TRUE(k.kDoc.setToChildByTagName("DefineName"));
	EXPECT_EQ(narrow(k.kDoc), "MIN_CITY_RANGE");
	// From anywhere, the same path finds the same first element.
	ASSERT_TRUE(k.kDoc.locateNode("Civ4Defines/Define"));
	ASSERT_TRUE(k.kDoc.setToChildByTagName("DefineName"));
	EXPECT_EQ(narrow(k.kDoc), "MIN_CITY_RANGE");
	// Not relative to the cursor: a path below the cursor alone is not found, and a failure
	// leaves the cursor where it was.
	ASSERT_TRUE(k.kDoc.locateNode("Civ4Defines"));
	EXPECT_FALSE(k.kDoc.locateNode("Define"));
	EXPECT_EQ(tag(k.kDoc), "Civ4Defines");
	EXPECT_FALSE(k.kDoc.locateNode("Civ4Defines/Nothing"));
	EXPECT_FALSE(k.kDoc.locateNode(""));
	EXPECT_FALSE(k.kDoc.locateNode(nullptr));
	EXPECT_EQ(tag(k.kDoc), "Civ4Defines");
	EXPECT_TRUE(k.kDoc.locateNode("/Civ4Defines/Define/DefineName"));
	EXPECT_EQ(narrow(k.kDoc), "MIN_CITY_RANGE");
	EXPECT_TRUE(k.kDoc.locateNode("//DefineTextVal"));
	EXPECT_EQ(narrow(k.kDoc), "TERRAIN_GRASS");
	EXPECT_TRUE(k.kDoc.locateNode("Civ4Defines/*/fDefineFloatVal"));
	EXPECT_EQ(narrow(k.kDoc), "-0.25");
}

TEST(HostXml, LocateNodeFindsTheFirstMatchInDocumentOrder)
{
	// The first B has no C: the path's first element is under the second B.
	Loaded k("<A><B><D>no</D></B><B><C>first</C></B><B><C>second</C></B></A>");
	ASSERT_TRUE(k.bLoaded);
	ASSERT_TRUE(k.kDoc.locateNode("A/B/C"));
	EXPECT_EQ(narrow(k.kDoc), "first");
	EXPECT_EQ(k.kDoc.numElementsByTagName("A/B/C"), 2);
}

TEST(HostXml, SiblingsAndChildrenCountElementsOnly)
{
	Loaded k(kDefines);
	ASSERT_TRUE(k.bLoaded);
	ASSERT_TRUE(k.kDoc.locateNode("Civ4Defines/Define"));
	// ReadGlobalDefines: "the number of other Define tags", plus one for this one.
	EXPECT_EQ(k.kDoc.numSiblings(), 2);
	ASSERT_TRUE(k.kDoc.setToParent());
	EXPECT_EQ(k.kDoc.numChildren(), 3);
	EXPECT_EQ(k.kDoc.numChildrenByTagName("Define"), 3);
	EXPECT_EQ(k.kDoc.numChildrenByTagName("Nothing"), 0);
	EXPECT_EQ(k.kDoc.numSiblings(), 0); // the root element has no other
	ASSERT_TRUE(k.kDoc.setToParent());
	EXPECT_EQ(k.kDoc.numSiblings(), 0); // the document has no parent
	// A leaf's text is no child element.
	ASSERT_TRUE(k.kDoc.locateNode("Civ4Defines/Define/iDefineIntVal"));
	EXPECT_EQ(k.kDoc.numChildren(), 0);
	EXPECT_EQ(k.kDoc.numSiblings(), 1);
}

TEST(HostXml, NextSiblingStopsAtCommentsAndNotPastTheEnds)
{
	Loaded k(kDefines);
	ASSERT_TRUE(k.bLoaded);
	ASSERT_TRUE(k.kDoc.locateNode("Civ4Defines"));
	ASSERT_TRUE(k.kDoc.setToChild());
	EXPECT_TRUE(k.kDoc.isComment());
	EXPECT_EQ(narrow(k.kDoc), "before the first");
	EXPECT_FALSE(k.kDoc.prevSibling());
	EXPECT_TRUE(k.kDoc.isComment());
	std::vector<std::string> aSeen;
	do {
		aSeen.push_back(tag(k.kDoc));
	} while (k.kDoc.nextSibling());
	EXPECT_EQ(aSeen, (std::vector<std::string>{ "#comment", "Define", "#comment", "Define", "Define", "#comment" }));
	EXPECT_EQ(narrow(k.kDoc), "after the last");
	ASSERT_TRUE(k.kDoc.prevSibling());
	EXPECT_EQ(tag(k.kDoc), "Define");
	ASSERT_TRUE(k.kDoc.setToChild());
	EXPECT_EQ(narrow(k.kDoc), "LAND_TERRAIN");
}

TEST(HostXml, SetToChildReachesTheTextOfALeaf)
{
	Loaded k("<R><Leaf> text </Leaf><Empty/><Blank>  \n\t </Blank><Mixed>a<B>b</B>c</Mixed></R>");
	ASSERT_TRUE(k.bLoaded);
	ASSERT_TRUE(k.kDoc.locateNode("R/Leaf"));
	ASSERT_TRUE(k.kDoc.setToChild());
	EXPECT_EQ(tag(k.kDoc), "#text");
	EXPECT_EQ(narrow(k.kDoc), "text");
	EXPECT_FALSE(k.kDoc.isComment());
	EXPECT_FALSE(k.kDoc.setToChild());
	EXPECT_FALSE(k.kDoc.nextSibling());
	ASSERT_TRUE(k.kDoc.setToParent());
	EXPECT_EQ(tag(k.kDoc), "Leaf");
	ASSERT_TRUE(k.kDoc.locateNode("R/Empty"));
	EXPECT_FALSE(k.kDoc.setToChild());
	EXPECT_EQ(narrow(k.kDoc), "");
	EXPECT_EQ(k.kDoc.textSize(), 0);
	// White space alone is no node.
	ASSERT_TRUE(k.kDoc.locateNode("R/Blank"));
	EXPECT_FALSE(k.kDoc.setToChild());
	ASSERT_TRUE(k.kDoc.locateNode("R/Mixed"));
	EXPECT_EQ(narrow(k.kDoc), "abc");
	ASSERT_TRUE(k.kDoc.setToChild());
	EXPECT_EQ(narrow(k.kDoc), "a");
	ASSERT_TRUE(k.kDoc.nextSibling());
	EXPECT_EQ(tag(k.kDoc), "B");
	ASSERT_TRUE(k.kDoc.nextSibling());
	EXPECT_EQ(narrow(k.kDoc), "c");
}

TEST(HostXml, ChildAndSiblingByTagName)
{
	Loaded k("<R><!-- c --><UnitEntry>1</UnitEntry><Other/><!-- c --><UnitEntry>2</UnitEntry>"
			 "<UnitEntry>3</UnitEntry><Last/></R>");
	ASSERT_TRUE(k.bLoaded);
	ASSERT_TRUE(k.kDoc.locateNode("R"));
	EXPECT_EQ(k.kDoc.numChildrenByTagName("UnitEntry"), 3);
	EXPECT_FALSE(k.kDoc.setToChildByTagName("Nothing"));
	EXPECT_FALSE(k.kDoc.setToChildByTagName(nullptr));
	EXPECT_EQ(tag(k.kDoc), "R");
	ASSERT_TRUE(k.kDoc.setToChildByTagName("UnitEntry"));
	std::string sSeen;
	do {
		sSeen += narrow(k.kDoc);
	} while (k.kDoc.locateNextSiblingByTagName("UnitEntry"));
	EXPECT_EQ(sSeen, "123");
	EXPECT_EQ(narrow(k.kDoc), "3");
	ASSERT_TRUE(k.kDoc.locateFirstSiblingByTagName("UnitEntry"));
	EXPECT_EQ(narrow(k.kDoc), "1");
	ASSERT_TRUE(k.kDoc.locateFirstSiblingByTagName("Last"));
	EXPECT_EQ(tag(k.kDoc), "Last");
	EXPECT_FALSE(k.kDoc.locateFirstSiblingByTagName("Nothing"));
	EXPECT_FALSE(k.kDoc.locateNextSiblingByTagName("UnitEntry"));
	EXPECT_EQ(tag(k.kDoc), "Last");
	ASSERT_TRUE(k.kDoc.setToParent());
	ASSERT_TRUE(k.kDoc.setToParent());
	EXPECT_FALSE(k.kDoc.locateFirstSiblingByTagName("R")); // the document has no siblings
}

TEST(HostXml, NumOfElementsByTagNameCountsTheWholeDocument)
{
	Loaded k("<Civ4Types><FlavorTypes><FlavorType>A</FlavorType><!-- x --><FlavorType>B</FlavorType></FlavorTypes>"
			 "<Other><FlavorType>C</FlavorType></Other><FlavorTypes><FlavorType>D</FlavorType></FlavorTypes>"
			 "</Civ4Types>");
	ASSERT_TRUE(k.bLoaded);
	EXPECT_EQ(k.kDoc.numElementsByTagName("Civ4Types/FlavorTypes/FlavorType"), 3);
	EXPECT_EQ(k.kDoc.numElementsByTagName("FlavorType"), 4);
	EXPECT_EQ(k.kDoc.numElementsByTagName("FlavorTypes/FlavorType"), 3);
	EXPECT_EQ(k.kDoc.numElementsByTagName("Nothing"), 0);
	EXPECT_EQ(k.kDoc.numElementsByTagName(""), 0);
	// Whatever the cursor.
	ASSERT_TRUE(k.kDoc.locateNode("Civ4Types/Other/FlavorType"));
	EXPECT_EQ(k.kDoc.numElementsByTagName("Civ4Types/FlavorTypes/FlavorType"), 3);
	EXPECT_EQ(narrow(k.kDoc), "C");
}

// --- values ------------------------------------------------------------------------------------------

TEST(HostXml, TextIsTrimmedAndAnElementsIsItsDescendants)
{
	Loaded k("<R>\n\t<A>\n\t\t  two  words\n\t</A>\n\t<B><C>x</C><!-- not text --><D> y </D></B>"
			 "<E>a &amp; b &lt;c&gt; &#233;</E><F><![CDATA[<raw> & ]]></F><G>a  b\n c</G></R>");
	ASSERT_TRUE(k.bLoaded);
	ASSERT_TRUE(k.kDoc.locateNode("R/A"));
	EXPECT_EQ(narrow(k.kDoc), "two  words");
	EXPECT_EQ(k.kDoc.textSize(), 10);
	char sz[64];
	ASSERT_TRUE(k.kDoc.text(sz));
	EXPECT_STREQ(sz, "two  words");
	ASSERT_TRUE(k.kDoc.locateNode("R/B"));
	EXPECT_EQ(narrow(k.kDoc), "x y");
	ASSERT_TRUE(k.kDoc.locateNode("R/E"));
	EXPECT_EQ(narrow(k.kDoc), "a & b <c> \xE9");
	ASSERT_TRUE(k.kDoc.locateNode("R/F"));
	EXPECT_EQ(narrow(k.kDoc), "<raw> &");
	ASSERT_TRUE(k.kDoc.setToChild());
	EXPECT_EQ(tag(k.kDoc), "#cdata-section");
	ASSERT_TRUE(k.kDoc.locateNode("R/G"));
	EXPECT_EQ(narrow(k.kDoc), "a  b\n c"); // white space inside is kept
}

TEST(HostXml, Integers)
{
	Loaded k("<R><A>42</A><B> -7 </B><C>+3</C><D>abc</D><E></E><F>1.5</F><G>2147483647</G><H>2147483648</H>"
			 "<I>-2147483648</I><J>4294967295</J></R>");
	ASSERT_TRUE(k.bLoaded);
	auto intOf = [&k](const char* szPath, int iDefault) {
		EXPECT_TRUE(k.kDoc.locateNode(szPath)) << szPath;
		int i = iDefault;
		const bool b = k.kDoc.value(&i);
		return std::make_pair(b, i);
	};
	EXPECT_EQ(intOf("R/A", -1), std::make_pair(true, 42));
	EXPECT_EQ(intOf("R/B", -1), std::make_pair(true, -7));
	EXPECT_EQ(intOf("R/C", -1), std::make_pair(true, 3));
	EXPECT_EQ(intOf("R/G", -1), std::make_pair(true, 2147483647));
	EXPECT_EQ(intOf("R/I", -1), std::make_pair(true, -2147483647 - 1));
	EXPECT_TRUE(k.aMessages.empty());
	// Not a number: the default stays, and the sink hears of it with the element and its line.
	EXPECT_EQ(intOf("R/D", -1), std::make_pair(false, -1));
	ASSERT_EQ(k.aMessages.size(), 1u);
	EXPECT_EQ(k.aMessages.back(), "test.xml:1:34: D \"abc\" is not an integer");
	EXPECT_EQ(intOf("R/E", 5), std::make_pair(false, 5));
	EXPECT_NE(k.aMessages.back().find("E is empty"), std::string::npos) << k.aMessages.back();
	EXPECT_EQ(intOf("R/F", 5), std::make_pair(false, 5));
	EXPECT_EQ(intOf("R/H", 5), std::make_pair(false, 5));
	unsigned int u = 0;
	ASSERT_TRUE(k.kDoc.locateNode("R/J"));
	EXPECT_TRUE(k.kDoc.value(&u));
	EXPECT_EQ(u, 4294967295u);
	ASSERT_TRUE(k.kDoc.locateNode("R/B"));
	u = 9;
	EXPECT_FALSE(k.kDoc.value(&u));
	EXPECT_EQ(u, 9u);
	EXPECT_FALSE(k.kDoc.value(static_cast<int*>(nullptr)));
}

TEST(HostXml, Floats)
{
	Loaded k("<R><A>0.5</A><B>-1e-3</B><C> 3 </C><D>1,5</D><E>x</E><F>.25</F><G>inf</G></R>");
	ASSERT_TRUE(k.bLoaded);
	auto floatOf = [&k](const char* szPath) {
		EXPECT_TRUE(k.kDoc.locateNode(szPath)) << szPath;
		float f = 99.0f;
		const bool b = k.kDoc.value(&f);
		return std::make_pair(b, f);
	};
	EXPECT_EQ(floatOf("R/A"), std::make_pair(true, 0.5f));
	EXPECT_EQ(floatOf("R/B"), std::make_pair(true, -0.001f));
	EXPECT_EQ(floatOf("R/C"), std::make_pair(true, 3.0f));
	EXPECT_EQ(floatOf("R/F"), std::make_pair(true, 0.25f));
	EXPECT_EQ(floatOf("R/D"), std::make_pair(false, 99.0f));
	EXPECT_EQ(floatOf("R/E"), std::make_pair(false, 99.0f));
	EXPECT_EQ(floatOf("R/G"), std::make_pair(false, 99.0f));
}

TEST(HostXml, Booleans)
{
	Loaded k("<R><A>1</A><B>0</B><C>true</C><D>False</D><E>2</E><F>yes</F><G/></R>");
	ASSERT_TRUE(k.bLoaded);
	auto boolOf = [&k](const char* szPath, bool bDefault) {
		EXPECT_TRUE(k.kDoc.locateNode(szPath)) << szPath;
		bool b = bDefault;
		const bool bOk = k.kDoc.value(&b);
		return std::make_pair(bOk, b);
	};
	EXPECT_EQ(boolOf("R/A", false), std::make_pair(true, true));
	EXPECT_EQ(boolOf("R/B", true), std::make_pair(true, false));
	EXPECT_EQ(boolOf("R/C", false), std::make_pair(true, true));
	EXPECT_EQ(boolOf("R/D", true), std::make_pair(true, false));
	EXPECT_EQ(boolOf("R/E", false), std::make_pair(true, true));
	EXPECT_EQ(boolOf("R/F", true), std::make_pair(false, true));
	EXPECT_EQ(boolOf("R/G", true), std::make_pair(false, true));
}

// --- encodings ----------------------------------------------------------------------------------------

TEST(HostXml, Latin1AndUtf8GiveTheSameCharacters)
{
	Loaded kLatin1("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><T>Caf\xE9 \x93q\x94 \x80</T>");
	Loaded kUtf8("<?xml version=\"1.0\" encoding=\"UTF-8\"?><T>Caf\xC3\xA9 \xE2\x80\x9Cq\xE2\x80\x9D \xE2\x82\xAC</T>");
	Loaded kNone("<T>Caf\xC3\xA9 \xE2\x80\x9Cq\xE2\x80\x9D \xE2\x82\xAC</T>"); // no declaration: UTF-8
	for (Loaded* p : { &kLatin1, &kUtf8, &kNone })
	{
		ASSERT_TRUE(p->bLoaded) << p->kDoc.lastError();
		ASSERT_TRUE(p->kDoc.locateNode("T"));
		std::wstring w;
		ASSERT_TRUE(p->kDoc.text(w));
		EXPECT_EQ(w, L"Caf\u00E9 \u201Cq\u201D \u20AC");
		wchar_t wsz[32];
		ASSERT_TRUE(p->kDoc.text(wsz));
		EXPECT_EQ(std::wstring(wsz), w);
		// The narrow text is code page 1252, the game's "ANSI".
		EXPECT_EQ(narrow(p->kDoc), "Caf\xE9 \x93q\x94 \x80");
		EXPECT_EQ(p->kDoc.textSize(), 10);
	}
}

TEST(HostXml, CharactersOutsideCodePage1252AreQuestionMarksWhenNarrow)
{
	Loaded k("<T>\xE4\xB8\xAD &#x1F600; &#x20AC;</T>");
	ASSERT_TRUE(k.bLoaded);
	ASSERT_TRUE(k.kDoc.locateNode("T"));
	EXPECT_EQ(narrow(k.kDoc), "? ? \x80");
	std::wstring w;
	ASSERT_TRUE(k.kDoc.text(w));
	if (sizeof(wchar_t) == 4)
	{
		EXPECT_EQ(w, std::wstring(L"\u4E2D ") + static_cast<wchar_t>(0x1F600) + L" \u20AC");
	}
}

TEST(HostXml, ByteOrderMarksAndUtf16)
{
	Loaded kBom("\xEF\xBB\xBF<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><T>\xC3\xA9</T>"); // the mark decides
	ASSERT_TRUE(kBom.bLoaded) << kBom.kDoc.lastError();
	ASSERT_TRUE(kBom.kDoc.locateNode("T"));
	EXPECT_EQ(narrow(kBom.kDoc), "\xE9");
	const std::string sText = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><T>\xE9</T>";
	std::string sLe = "\xFF\xFE";
	std::string sBe = "\xFE\xFF";
	for (char c : sText)
	{
		sLe += c;
		sLe += '\0';
		sBe += '\0';
		sBe += c;
	}
	for (const std::string& s : { sLe, sBe, sLe.substr(2) })
	{
		Loaded k(s);
		ASSERT_TRUE(k.bLoaded) << k.kDoc.lastError();
		ASSERT_TRUE(k.kDoc.locateNode("T"));
		EXPECT_EQ(narrow(k.kDoc), "\xE9");
	}
}

TEST(HostXml, BytesThatAreNotUtf8AreReadAsWindows1252AndTold)
{
	// As AdvCiv's, K-Mod's and Realism Invictus's CIV4GameText_AIAutoPlay.xml: no declaration,
	// Latin-1 letters. The game loads it; so does the host, and it says where.
	Loaded k("<?xml version=\"1.0\"?>\n<R>\n<T>Caf\xE9 \x93q\x94 \xC3\xA9</T>\n<U>\xE9</U>\n</R>\n",
		"Mods/X/Assets/XML/Text/Latin1.xml");
	ASSERT_TRUE(k.bLoaded);
	ASSERT_EQ(k.aMessages.size(), 1u);
	EXPECT_EQ(
		k.aMessages[0].rfind("Mods/X/Assets/XML/Text/Latin1.xml:3: byte 0xE9 is not UTF-8, read as Windows-1252", 0),
		0u)
		<< k.aMessages[0];
	ASSERT_TRUE(k.kDoc.locateNode("R/T"));
	std::wstring w;
	ASSERT_TRUE(k.kDoc.text(w));
	EXPECT_EQ(w, L"Caf\u00E9 \u201Cq\u201D \u00E9"); // the good UTF-8 sequence is still UTF-8
	EXPECT_EQ(narrow(k.kDoc), "Caf\xE9 \x93q\x94 \xE9");
}

TEST(HostXml, UnknownEncodingsAndNulFail)
{
	Loaded kUnknown("<?xml version=\"1.0\" encoding=\"KOI8-R\"?><R/>");
	EXPECT_FALSE(kUnknown.bLoaded);
	EXPECT_NE(kUnknown.kDoc.lastError().find("KOI8-R"), std::string::npos);
	Loaded kNul(std::string("<R>a\0b</R>", 10));
	EXPECT_FALSE(kNul.bLoaded);
	EXPECT_NE(kNul.kDoc.lastError().find("NUL"), std::string::npos);
	std::string sOdd = "\xFF\xFE<\0R\0>";
	sOdd += '\0';
	Loaded kOdd(sOdd + "x"); // UTF-16 cut in the middle of a character
	EXPECT_FALSE(kOdd.bLoaded);
	EXPECT_NE(kOdd.kDoc.lastError().find("UTF-16"), std::string::npos) << kOdd.kDoc.lastError();
}

TEST(HostXml, LineEndsAreNewlines)
{
	Loaded k("<R>\r\n<T>a\r\nb\rc</T>\r\n<U>x</U>\r\n</R>");
	ASSERT_TRUE(k.bLoaded);
	ASSERT_TRUE(k.kDoc.locateNode("R/T"));
	EXPECT_EQ(narrow(k.kDoc), "a\nb\nc");
	ASSERT_TRUE(k.kDoc.locateNode("R/U"));
	int i = 0;
	EXPECT_FALSE(k.kDoc.value(&i));
	EXPECT_EQ(k.kDoc.lastError(), "test.xml:5:2: U \"x\" is not an integer");
}

// --- broken documents --------------------------------------------------------------------------------

TEST(HostXml, BrokenXmlNamesTheFileAndLineAndLeavesNoDocument)
{
	const std::vector<std::pair<std::string, std::string>> aCases = {
		{ "<R>\n<A>\n</B>\n</R>", "b.xml:3:" }, // a closing tag that does not match
		{ "<R>\n<A>\n", "b.xml:3:" }, // the end before the closing tags
		{ "<R>\n  <A x=1/>\n</R>", "b.xml:2:" }, // an unquoted attribute
		{ "<R/>\n<S/>", "b.xml:2:2: a second root element <S>" },
		{ "<!-- only a comment -->", "b.xml: no root element" },
		{ "", "b.xml: no root element" },
		{ "text<R/>", "b.xml:1:" },
		{ "<R>&#xFFFFFF;</R>", "b.xml:1:" },
	};
	for (const auto& kCase : aCases)
	{
		Loaded k(kCase.first, "b.xml");
		EXPECT_FALSE(k.bLoaded) << kCase.first;
		ASSERT_EQ(k.aMessages.size(), 1u) << kCase.first;
		EXPECT_EQ(k.aMessages[0].rfind(kCase.second, 0), 0u) << kCase.first << " -> " << k.aMessages[0];
		// Nothing is there to read, and nothing crashes.
		EXPECT_FALSE(k.kDoc.loaded());
		EXPECT_FALSE(k.kDoc.locateNode("R"));
		EXPECT_FALSE(k.kDoc.setToChild());
		EXPECT_FALSE(k.kDoc.setToParent());
		EXPECT_FALSE(k.kDoc.nextSibling());
		EXPECT_FALSE(k.kDoc.prevSibling());
		EXPECT_FALSE(k.kDoc.isComment());
		EXPECT_EQ(k.kDoc.numChildren(), 0);
		EXPECT_EQ(k.kDoc.numSiblings(), 0);
		EXPECT_EQ(k.kDoc.numElementsByTagName("R"), 0);
		EXPECT_EQ(k.kDoc.textSize(), 0);
		std::string s;
		EXPECT_FALSE(k.kDoc.text(s));
		char sz[8];
		EXPECT_FALSE(k.kDoc.tagName(sz));
		EXPECT_FALSE(k.kDoc.nodeType(sz));
	}
}

TEST(HostXml, AFailedLoadEmptiesAGoodDocument)
{
	Loaded k("<R><A>1</A></R>");
	ASSERT_TRUE(k.bLoaded);
	ASSERT_TRUE(k.kDoc.locateNode("R/A"));
	EXPECT_FALSE(k.kDoc.loadBytes("<R>", "again.xml"));
	EXPECT_FALSE(k.kDoc.loaded());
	EXPECT_EQ(narrow(k.kDoc), "(none)");
	EXPECT_TRUE(k.kDoc.loadBytes("<S><B>2</B></S>", "third.xml"));
	EXPECT_TRUE(k.kDoc.lastError().empty());
	EXPECT_FALSE(k.kDoc.locateNode("R/A"));
	EXPECT_TRUE(k.kDoc.locateNode("S/B"));
}

TEST(HostXml, WritingIsNotSupportedAndCounted)
{
	Loaded k("<R/>");
	ASSERT_TRUE(k.bLoaded);
	EXPECT_FALSE(k.kDoc.unsupported("AddChildNode"));
	EXPECT_FALSE(k.kDoc.unsupported("WriteXml"));
	EXPECT_EQ(k.kDoc.unsupportedCalls(), 2);
	ASSERT_EQ(k.aMessages.size(), 1u);
	EXPECT_NE(k.aMessages[0].find("AddChildNode is not supported"), std::string::npos);
}

// --- files, schemas and the core's walks ---------------------------------------------------------------

TEST(HostXml, FilesAreFoundByTheResolverAndTypedByTheirSchema)
{
	TempFolder kMod;
	TempFolder kGame;
	kMod.write("XML/GlobalDefines.xml", kDefines);
	kGame.write("XML/CIV4GlobalDefinesSchema.xml", kDefinesSchema); // only the game has the schema
	const GameOrderResolver kResolve{ { kMod.path(), kGame.path() } };
	std::vector<std::string> aMessages;
	CvHostXmlSchemaCache kSchemas;
	CvHostXmlDocument kDoc([&aMessages](const std::string& s) { aMessages.push_back(s); });
	ASSERT_TRUE(kDoc.loadFile("xml\\GlobalDefines.xml", kResolve, &kSchemas)) << kDoc.lastError();
	EXPECT_EQ(kDoc.fileName(), (kMod.path() / "XML" / "GlobalDefines.xml").string());
	EXPECT_EQ(kSchemas.schemasRead(), 1);
	char sz[32];
	ASSERT_TRUE(kDoc.locateNode("Civ4Defines/Define/iDefineIntVal"));
	ASSERT_TRUE(kDoc.nodeType(sz));
	EXPECT_STREQ(sz, "int");
	// Untyped: true and "" (ReadGlobalDefines then reads a string).
	ASSERT_TRUE(kDoc.locateNode("Civ4Defines/Define/DefineName"));
	ASSERT_TRUE(kDoc.nodeType(sz));
	EXPECT_STREQ(sz, "");
	ASSERT_TRUE(kDoc.setToParent());
	ASSERT_TRUE(kDoc.setToChild());
	EXPECT_EQ(kDoc.nodeType(), ""); // text
	ASSERT_TRUE(kDoc.locateNode("Civ4Defines"));
	ASSERT_TRUE(kDoc.setToChild());
	EXPECT_TRUE(kDoc.isComment());
	EXPECT_EQ(kDoc.nodeType(), "");
	ASSERT_TRUE(kDoc.setToParent());
	ASSERT_TRUE(kDoc.setToParent());
	EXPECT_EQ(kDoc.nodeType(), ""); // the document
	// The schema is read once for every document that names it.
	CvHostXmlDocument kAgain;
	ASSERT_TRUE(kAgain.loadFile("XML/GLOBALDEFINES.XML", kResolve, &kSchemas));
	EXPECT_EQ(kSchemas.schemasRead(), 1);
	ASSERT_TRUE(kAgain.locateNode("Civ4Defines/Define/iDefineIntVal"));
	EXPECT_EQ(kAgain.nodeType(), "int");
	// A <datatype> child types an element too.
	kMod.write(
		"XML/Flags.xml", "<Civ4Defines xmlns=\"x-schema:CIV4GlobalDefinesSchema.xml\"><bFlag>1</bFlag></Civ4Defines>");
	ASSERT_TRUE(kAgain.loadFile("xml\\Flags.xml", kResolve, nullptr));
	ASSERT_TRUE(kAgain.locateNode("Civ4Defines/bFlag"));
	EXPECT_EQ(kAgain.nodeType(), "boolean");
	EXPECT_TRUE(aMessages.empty());
}

TEST(HostXml, MissingFilesAndSchemasFailTheLoad)
{
	TempFolder kMod;
	const GameOrderResolver kResolve{ { kMod.path() } };
	CvHostXmlDocument kDoc;
	EXPECT_FALSE(kDoc.loadFile("xml\\Nothing.xml", kResolve, nullptr));
	EXPECT_EQ(kDoc.lastError(), "xml\\Nothing.xml: no such file in the mod's Assets nor the game's");
	kMod.write("XML/GlobalDefines.xml", kDefines);
	EXPECT_FALSE(kDoc.loadFile("xml\\GlobalDefines.xml", kResolve, nullptr));
	EXPECT_NE(kDoc.lastError().find(":3:2: its schema x-schema:CIV4GlobalDefinesSchema.xml is found neither"),
		std::string::npos)
		<< kDoc.lastError();
	EXPECT_FALSE(kDoc.loaded());
	// A schema that does not parse names itself.
	kMod.write("XML/CIV4GlobalDefinesSchema.xml", "<Schema>\n<ElementType>\n</Schema>");
	EXPECT_FALSE(kDoc.loadFile("xml\\GlobalDefines.xml", kResolve, nullptr));
	EXPECT_NE(kDoc.lastError().find("CIV4GlobalDefinesSchema.xml:3:"), std::string::npos) << kDoc.lastError();
	// Without a resolver the path is the file's, and the schema is looked for beside it.
	kMod.write("XML/CIV4GlobalDefinesSchema.xml", kDefinesSchema);
	EXPECT_TRUE(kDoc.loadFile((kMod.path() / "XML" / "GlobalDefines.xml").string(), CvHostXmlResolver(), nullptr))
		<< kDoc.lastError();
	ASSERT_TRUE(kDoc.locateNode("Civ4Defines/Define/iDefineIntVal"));
	EXPECT_EQ(kDoc.nodeType(), "int");
}

// ReadGlobalDefines (CvXMLLoadUtilitySet.cpp), replayed over the document with the calls it makes.
TEST(HostXml, TheCoresGlobalDefinesWalkReadsEveryDefine)
{
	TempFolder kGame;
	kGame.write("XML/GlobalDefines.xml", kDefines);
	kGame.write("XML/CIV4GlobalDefinesSchema.xml", kDefinesSchema);
	CvHostXmlDocument kDoc;
	ASSERT_TRUE(kDoc.loadFile("xml\\GlobalDefines.xml", GameOrderResolver{ { kGame.path() } }, nullptr));
	auto skipToNextVal = [&kDoc] {
		while (kDoc.isComment())
		{
			if (!kDoc.nextSibling())
			{
				return false;
			}
		}
		return true;
	};
	std::vector<std::string> aRead;
	ASSERT_TRUE(kDoc.locateNode("Civ4Defines/Define"));
	const int iNumDefines = kDoc.numSiblings() + 1;
	EXPECT_EQ(iNumDefines, 3);
	for (int i = 0; i < iNumDefines; ++i)
	{
		if (skipToNextVal() && kDoc.setToChild() && skipToNextVal())
		{
			std::string sName;
			kDoc.text(sName);
			if (kDoc.nextSibling() && skipToNextVal())
			{
				char szType[256];
				ASSERT_TRUE(kDoc.nodeType(szType));
				const std::string sType = szType;
				if (sType == "int")
				{
					int iValue = 0;
					EXPECT_TRUE(kDoc.value(&iValue));
					aRead.push_back(sName + "=int " + std::to_string(iValue));
				}
				else
				{
					std::string sValue;
					kDoc.text(sValue);
					aRead.push_back(sName + "=string " + sValue);
				}
			}
			kDoc.setToParent();
		}
		if (!kDoc.nextSibling())
		{
			break;
		}
	}
	EXPECT_EQ(aRead,
		(std::vector<std::string>{
			"MIN_CITY_RANGE=int 2", "CAMERA_MIN_YAW=string -0.25", "LAND_TERRAIN=string TERRAIN_GRASS" }));
}

// SetGameText (CvXMLLoadUtilitySet.cpp) and CvGameText::read: GetNumChildren(Civ4GameText) turns,
// each read stepping over the comments before its TEXT; NextSibling must not fail before the last.
TEST(HostXml, TheCoresGameTextWalkEndsOnItsLastTurn)
{
	Loaded k("<Civ4GameText xmlns=\"http://www.firaxis.com\">\n<!-- first -->\n"
			 "<TEXT><Tag>TXT_KEY_A</Tag><English>A</English></TEXT>\n<!-- between -->\n<!-- again -->\n"
			 "<TEXT><Tag>TXT_KEY_B</Tag><!-- c --><English>B &amp; b</English></TEXT>\n"
			 "<TEXT><Tag>TXT_KEY_C</Tag><English><Text>C</Text><Gender>Male</Gender></English></TEXT>\n"
			 "</Civ4GameText>\n");
	ASSERT_TRUE(k.bLoaded);
	CvHostXmlDocument& kDoc = k.kDoc;
	ASSERT_TRUE(kDoc.locateNode("Civ4GameText"));
	const int iNumVals = kDoc.numChildren();
	EXPECT_EQ(iNumVals, 3);
	ASSERT_TRUE(kDoc.locateNode("Civ4GameText/TEXT"));
	ASSERT_TRUE(kDoc.setToParent());
	ASSERT_TRUE(kDoc.setToChild());
	std::vector<std::string> aTexts;
	bool bFailedEarly = false;
	for (int i = 0; i < iNumVals; ++i)
	{
		while (kDoc.isComment() && kDoc.nextSibling())
		{}
		ASSERT_TRUE(kDoc.setToChild());
		std::string sTag;
		kDoc.text(sTag);
		ASSERT_TRUE(kDoc.nextSibling());
		while (kDoc.isComment() && kDoc.nextSibling())
		{}
		std::wstring wsText;
		if (kDoc.setToChildByTagName("Text"))
		{
			kDoc.text(wsText);
			kDoc.setToParent();
		}
		else
		{
			kDoc.text(wsText);
		}
		aTexts.push_back(sTag + "=" + std::string(wsText.begin(), wsText.end()));
		kDoc.setToParent();
		if (!kDoc.nextSibling() && i != iNumVals - 1)
		{
			bFailedEarly = true;
			break;
		}
	}
	EXPECT_FALSE(bFailedEarly);
	EXPECT_EQ(aTexts, (std::vector<std::string>{ "TXT_KEY_A=A", "TXT_KEY_B=B & b", "TXT_KEY_C=C" }));
}

// --- the game's own files ------------------------------------------------------------------------------

namespace {

// Every node below the cursor by SetToChild, NextSibling and SetToParent; the elements counted.
int walk(CvHostXmlDocument& kDoc, int iDepth = 0)
{
	int iElements = 0;
	if (!kDoc.setToChild())
	{
		return 0;
	}
	do {
		char szName[256];
		EXPECT_TRUE(kDoc.tagName(szName));
		if (szName[0] != '#')
		{
			++iElements;
			std::string s;
			EXPECT_TRUE(kDoc.text(s));
			iElements += walk(kDoc, iDepth + 1);
		}
	} while (kDoc.nextSibling());
	EXPECT_TRUE(kDoc.setToParent());
	return iElements;
}

} // namespace

TEST(HostXml, EveryXmlFileOfTheGameParses)
{
	const fs::path kGame = fs::path(CVVISION_SHARED_DIR) / "data" / "civ4" / "game";
	if (!fs::is_directory(kGame))
	{
		GTEST_SKIP() << "../shared/data is absent: " << kGame.string();
	}
	// The game's order: Beyond the Sword, Warlords, the base game.
	const GameOrderResolver kGameOrder{ { kGame / "Beyond the Sword" / "Assets", kGame / "Warlords" / "Assets",
		kGame / "Assets" } };
	std::vector<fs::path> aFiles;
	for (const fs::directory_entry& e : fs::recursive_directory_iterator(kGame))
	{
		if (e.is_regular_file() && lower(e.path().extension().string()) == ".xml")
		{
			aFiles.push_back(e.path());
		}
	}
	std::sort(aFiles.begin(), aFiles.end());
	ASSERT_GT(aFiles.size(), 300u);
	std::vector<std::string> aMessages;
	CvHostXmlSchemaCache kSchemas;
	int iTyped = 0;
	for (const fs::path& kFile : aFiles)
	{
		// The file by its path below its Assets folder, as the core names it ("XML/Units/X.xml");
		// its schema in the game's order (BTS's CIV4CityLSystem.xml names one of the base game's).
		fs::path kAssets = kFile.parent_path();
		while (kAssets.has_parent_path() && kAssets.filename() != "Assets")
		{
			kAssets = kAssets.parent_path();
		}
		const std::string sRequested = fs::relative(kFile, kAssets).generic_string();
		const auto kResolve = [&](const std::string& s) { return s == sRequested ? kFile.string() : kGameOrder(s); };
		CvHostXmlDocument kDoc([&aMessages](const std::string& s) { aMessages.push_back(s); });
		ASSERT_TRUE(kDoc.loadFile(sRequested, kResolve, &kSchemas)) << kDoc.lastError();
		// Walking every node by the cursor meets every element.
		const int iWalked = walk(kDoc);
		EXPECT_EQ(iWalked, kDoc.numElementsByTagName("//*")) << kFile.string();
		EXPECT_GT(iWalked, 0) << kFile.string();
		if (kDoc.locateNode("//iDefineIntVal") || kDoc.locateNode("//iCost"))
		{
			iTyped += kDoc.nodeType() == "int" ? 1 : 0;
		}
	}
	EXPECT_TRUE(aMessages.empty()) << aMessages.size() << " messages, the first: " << aMessages.front();
	EXPECT_GT(kSchemas.schemasRead(), 15);
	EXPECT_GT(iTyped, 10);

	// BTS's GlobalDefines.xml as ReadGlobalDefines counts it, and values as the game has them.
	CvHostXmlDocument kDefinesDoc;
	ASSERT_TRUE(kDefinesDoc.loadFile("xml\\GlobalDefines.xml", kGameOrder, &kSchemas));
	ASSERT_TRUE(kDefinesDoc.locateNode("Civ4Defines/Define"));
	EXPECT_EQ(kDefinesDoc.numSiblings() + 1, kDefinesDoc.numElementsByTagName("Civ4Defines/Define"));
	EXPECT_EQ(kDefinesDoc.numSiblings() + 1, 405);
	ASSERT_TRUE(kDefinesDoc.locateNode("Civ4Defines/Define/iDefineIntVal"));
	EXPECT_EQ(kDefinesDoc.nodeType(), "int");
	int iValue = 0;
	ASSERT_TRUE(kDefinesDoc.value(&iValue));
	ASSERT_TRUE(kDefinesDoc.locateNode("Civ4Defines/Define/fDefineFloatVal"));
	EXPECT_EQ(kDefinesDoc.nodeType(), "");

	// An ISO-8859-1 text file of the base game: its accented letters, wide and narrow.
	CvHostXmlDocument kText;
	ASSERT_TRUE(kText.loadFile("xml\\Text\\CIV4GameText_Misc1.xml", kGameOrder, &kSchemas));
	ASSERT_TRUE(kText.locateNode("Civ4GameText/TEXT/French"));
	std::wstring w;
	ASSERT_TRUE(kText.text(w));
	std::string s;
	ASSERT_TRUE(kText.text(s));
	ASSERT_EQ(w.size(), s.size());
	for (size_t i = 0; i < w.size(); ++i)
	{
		EXPECT_EQ(static_cast<unsigned>(w[i]), static_cast<unsigned char>(s[i]));
	}
}

// --- the interface, as the core drives it ---------------------------------------------------------------

#if __has_include(<CvDLLXMLIFaceBase.h>)
#include "CvHostXmlIFace.h"

TEST(HostXmlIFace, TheCoreDrivesItAsTheGame)
{
	TempFolder kGame;
	kGame.write("XML/GlobalDefines.xml", kDefines);
	kGame.write("XML/CIV4GlobalDefinesSchema.xml", kDefinesSchema);
	std::vector<std::string> aMessages;
	CvHostXmlIFace kIFace(
		GameOrderResolver{ { kGame.path() } }, [&aMessages](const std::string& s) { aMessages.push_back(s); });
	CvDLLXmlIFaceBase& k = kIFace;
	FXmlSchemaCache* pCache = k.CreateFXmlSchemaCache();
	FXml* pXml = k.CreateFXml(pCache);
	ASSERT_NE(pXml, nullptr);
	EXPECT_FALSE(k.LoadXml(pXml, "xml\\Nothing.xml"));
	ASSERT_TRUE(k.LoadXml(pXml, "xml\\GlobalDefines.xml"));
	EXPECT_TRUE(k.Validate(pXml));
	char szError[8] = "x";
	EXPECT_TRUE(k.Validate(pXml, szError));
	EXPECT_STREQ(szError, "");
	ASSERT_TRUE(k.LocateNode(pXml, "Civ4Defines/Define"));
	EXPECT_EQ(k.GetNumSiblings(pXml), 2);
	EXPECT_FALSE(k.IsLastLocatedNodeCommentNode(pXml));
	ASSERT_TRUE(k.SetToChild(pXml));
	char sz[256];
	ASSERT_TRUE(k.GetLastNodeValue(pXml, sz));
	EXPECT_STREQ(sz, "MIN_CITY_RANGE");
	ASSERT_TRUE(k.NextSibling(pXml));
	ASSERT_TRUE(k.GetLastLocatedNodeType(pXml, sz));
	EXPECT_STREQ(sz, "int");
	int i = 0;
	ASSERT_TRUE(k.GetLastNodeValue(pXml, &i));
	EXPECT_EQ(i, 2);
	EXPECT_EQ(k.GetLastNodeTextSize(pXml), 1);
	ASSERT_TRUE(k.GetLastLocatedNodeTagName(pXml, sz));
	EXPECT_STREQ(sz, "iDefineIntVal");
	ASSERT_TRUE(k.SetToParent(pXml));
	ASSERT_TRUE(k.SetToParent(pXml));
	EXPECT_EQ(k.GetNumChildren(pXml), 3);
	EXPECT_EQ(k.NumOfChildrenByTagName(pXml, "Define"), 3);
	char szPath[] = "Civ4Defines/Define";
	EXPECT_EQ(k.NumOfElementsByTagName(pXml, szPath), 3);
	ASSERT_TRUE(k.SetToChildByTagName(pXml, "Define"));
	char szName[] = "Define";
	ASSERT_TRUE(k.LocateNextSiblingNodeByTagName(pXml, szName));
	ASSERT_TRUE(k.LocateFirstSiblingNodeByTagName(pXml, szName));
	ASSERT_TRUE(k.PrevSibling(pXml));
	EXPECT_TRUE(k.IsLastLocatedNodeCommentNode(pXml));
	ASSERT_TRUE(k.LocateNode(pXml, "Civ4Defines/Define/fDefineFloatVal"));
	float f = 0;
	ASSERT_TRUE(k.GetLastNodeValue(pXml, &f));
	EXPECT_EQ(f, -0.25f);
	std::string s;
	ASSERT_TRUE(k.GetLastNodeValue(pXml, s));
	EXPECT_EQ(s, "-0.25");
	std::wstring w;
	ASSERT_TRUE(k.GetLastNodeValue(pXml, w));
	EXPECT_EQ(w, L"-0.25");
	wchar_t wsz[16];
	ASSERT_TRUE(k.GetLastNodeValue(pXml, wsz));
	EXPECT_EQ(std::wstring(wsz), L"-0.25");
	ASSERT_TRUE(k.GetLastNodeText(pXml, sz));
	EXPECT_STREQ(sz, "-0.25");
	bool b = true;
	EXPECT_FALSE(k.GetLastNodeValue(pXml, &b));
	unsigned int u = 7;
	EXPECT_FALSE(k.GetLastNodeValue(pXml, &u));
	k.MapChildren(pXml);
	EXPECT_FALSE(k.IsAllowXMLCaching());
	EXPECT_TRUE(aMessages.size() == 3u) << aMessages.size(); // Nothing.xml, the bool, the unsigned
	// The writing calls: false or 0, counted, told once.
	EXPECT_FALSE(k.AddChildNode(pXml, szName));
	EXPECT_FALSE(k.AddSiblingNodeBefore(pXml, szName));
	EXPECT_FALSE(k.AddSiblingNodeAfter(pXml, szName));
	EXPECT_FALSE(k.WriteXml(pXml, szName));
	EXPECT_FALSE(k.SetInsertedNodeAttribute(pXml, szName, szName));
	EXPECT_EQ(k.GetInsertedNodeTextSize(pXml), 0);
	EXPECT_FALSE(k.GetInsertedNodeText(pXml, sz));
	EXPECT_FALSE(k.SetInsertedNodeText(pXml, szName));
	EXPECT_FALSE(k.GetLastInsertedNodeType(pXml, sz));
	EXPECT_EQ(pXml->unsupportedCalls(), 9);
	EXPECT_EQ(aMessages.size(), 4u);
	// A second document of the same schema does not read it again.
	FXml* pSecond = k.CreateFXml();
	ASSERT_TRUE(k.LoadXml(pSecond, "XML/GlobalDefines.xml"));
	EXPECT_EQ(kIFace.schemas().schemasRead(), 1);
	k.DestroyFXml(pSecond);
	EXPECT_EQ(pSecond, nullptr);
	k.DestroyFXml(pXml);
	EXPECT_EQ(pXml, nullptr);
	k.DestroyFXmlSchemaCache(pCache);
	EXPECT_EQ(pCache, nullptr);
	// A null document answers false and 0.
	EXPECT_FALSE(k.LocateNode(nullptr, "Civ4Defines"));
	EXPECT_EQ(k.GetNumChildren(nullptr), 0);
}
#endif
