// The rules read from the places BTS 3.19's own XML loading reads (TreeXmlLoads::bts319()): the
// invisible types in a file of their own, the older layout of earlier CvVision versions, a file
// without the elements BTS reads. A mod whose DLL loads its XML otherwise is read by that DLL's
// own loader, compiled behind the host (tests/host/test_host_rules.py).
#include "formats/RulesLoader.h"
#include "TempAssets.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

using namespace cvv;

namespace fs = std::filesystem;

namespace {

std::string invisibleInfos(const std::string& sRoot, const std::vector<std::string>& aTypes)
{
	std::string s = "<?xml version=\"1.0\"?>\n<" + sRoot + ">\n\t<InvisibleInfos>\n";
	for (const std::string& sType : aTypes)
	{
		s += "\t\t<InvisibleInfo>\n\t\t\t<Type>" + sType + "</Type>\n\t\t</InvisibleInfo>\n";
	}
	return s + "\t</InvisibleInfos>\n</" + sRoot + ">\n";
}

// The vanilla fixtures with the invisible types moved: CIV4BasicInfos.xml holds the concepts only,
// CIV4InvisibleInfos.xml the types (a third one of this mod's own).
void moveInvisibles(const TempAssets& kAssets)
{
	kAssets.copyVanilla();
	kAssets.write("BasicInfos/CIV4BasicInfos.xml",
		"<?xml version=\"1.0\"?>\n<Civ4BasicInfos>\n\t<ConceptInfos>\n\t\t<ConceptInfo>\n"
		"\t\t\t<Type>CONCEPT_MADE_UP</Type>\n\t\t</ConceptInfo>\n\t</ConceptInfos>\n</Civ4BasicInfos>\n");
	kAssets.write("BasicInfos/CIV4InvisibleInfos.xml",
		invisibleInfos("Civ4InvisibleInfos", { "INVISIBLE_SUBMARINE", "INVISIBLE_STEALTH", "INVISIBLE_CAMOUFLAGE" }));
}

// The files read, below the XML/ folders ("BasicInfos/CIV4InvisibleInfos.xml"), in order.
std::vector<std::string> filesRead(const LoadedRules& kLoaded, const fs::path& kAssets)
{
	std::vector<std::string> a;
	for (const std::string& s : kLoaded.aszFilesRead)
	{
		a.push_back(fs::path(s).lexically_relative(kAssets / "XML").generic_string());
	}
	return a;
}

// BTS 3.19's files of the classes CvVision reads, in its order (as spelt on disk in the fixtures).
const std::vector<std::string> BTS_INFO_FILES = { "BasicInfos/CIV4InvisibleInfos.xml", "Terrain/CIV4TerrainInfos.xml",
	"Technologies/CIV4TechInfos.xml", "Terrain/CIV4FeatureInfos.xml", "Units/CIV4PromotionInfos.xml",
	"Misc/CIV4RouteInfos.xml", "Terrain/CIV4ImprovementInfos.xml", "Units/CIV4UnitInfos.xml" };

// filesRead without the defines files.
std::vector<std::string> infoFilesRead(const LoadedRules& kLoaded, const fs::path& kAssets)
{
	std::vector<std::string> a;
	for (const std::string& s : filesRead(kLoaded, kAssets))
	{
		if (s.find('/') != std::string::npos && s.find("GlobalDefines") == std::string::npos) a.push_back(s);
	}
	return a;
}

} // namespace

TEST(RulesPlaces, Bts319sPlacesInItsOrder)
{
	TempAssets kAssets;
	moveInvisibles(kAssets);
	const LoadedRules kLoaded = loadVisionRules({ kAssets.path() });
	EXPECT_EQ((std::vector<std::string>{ "INVISIBLE_SUBMARINE", "INVISIBLE_STEALTH", "INVISIBLE_CAMOUFLAGE" }),
		kLoaded.kRules.aszInvisibleTypes);
	EXPECT_TRUE(kLoaded.sTree.empty());
	EXPECT_TRUE(kLoaded.aszWarnings.empty()) << kLoaded.aszWarnings.front();
	EXPECT_EQ(BTS_INFO_FILES, infoFilesRead(kLoaded, kAssets.path()));
	EXPECT_EQ("BasicInfos/CIV4InvisibleInfos.xml", kLoaded.kInfoFiles.at("InvisibleInfo"));
	EXPECT_EQ("Terrain/CIV4TerrainInfos.xml", kLoaded.kInfoFiles.at("TerrainInfo"));
	// the bundled vanilla XML the same: its invisible types in BTS's file only
	EXPECT_FALSE(fs::exists(bundledVanillaAssets() / "XML" / "BasicInfos" / "CIV4BasicInfos.xml"));
	const LoadedRules kVanilla = loadVisionRules({ bundledVanillaAssets() });
	EXPECT_EQ(BTS_INFO_FILES, infoFilesRead(kVanilla, bundledVanillaAssets()));
	EXPECT_EQ(
		(std::vector<std::string>{ "INVISIBLE_SUBMARINE", "INVISIBLE_STEALTH" }), kVanilla.kRules.aszInvisibleTypes);
	EXPECT_TRUE(kVanilla.aszWarnings.empty()) << kVanilla.aszWarnings.front();
}

TEST(RulesPlaces, TheOlderLayoutInCiv4BasicInfosWhenCiv4InvisibleInfosIsAbsent)
{
	TempAssets kOld;
	kOld.write("BasicInfos/CIV4BasicInfos.xml",
		invisibleInfos("Civ4BasicInfos", { "INVISIBLE_SUBMARINE", "INVISIBLE_STEALTH", "INVISIBLE_CAMOUFLAGE" }));
	const fs::path kOldFile = kOld.path() / "XML" / "BasicInfos" / "CIV4BasicInfos.xml";
	{
		const LoadedRules kLoaded = loadVisionRules({ kOld.path(), bundledVanillaAssets() });
		EXPECT_EQ((std::vector<std::string>{ "INVISIBLE_SUBMARINE", "INVISIBLE_STEALTH", "INVISIBLE_CAMOUFLAGE" }),
			kLoaded.kRules.aszInvisibleTypes);
		ASSERT_EQ(1u, kLoaded.aszWarnings.size());
		const std::string sWhere = "BTS 3.19's CvXMLLoadUtilitySet.cpp:564";
		EXPECT_EQ(kOldFile.string()
				+ ": the invisible types are read from its <InvisibleInfos> (the layout of earlier CvVision "
				  "versions), but the game's DLL reads them from XML/BasicInfos/CIV4InvisibleInfos.xml ("
				+ sWhere + "), which this folder lacks: move them to "
				+ (kOld.path() / "XML" / "BasicInfos" / "CIV4InvisibleInfos.xml").string(),
			kLoaded.aszWarnings[0]);
		EXPECT_EQ(1, std::count(kLoaded.aszFilesRead.begin(), kLoaded.aszFilesRead.end(), kOldFile.string()));
		EXPECT_EQ("BasicInfos/CIV4BasicInfos.xml", kLoaded.kInfoFiles.at("InvisibleInfo"));
	}
	// a unit's unknown type names the file the types came from
	kOld.write("Units/CIV4UnitInfos.xml",
		"<?xml version=\"1.0\"?>\n<Civ4UnitInfos>\n<UnitInfos>\n<UnitInfo>\n<Type>UNIT_SONAR</Type>\n"
		"<Domain>DOMAIN_SEA</Domain>\n<SeeInvisible>INVISIBLE_GHOST</SeeInvisible>\n</UnitInfo>\n</UnitInfos>\n"
		"</Civ4UnitInfos>\n");
	EXPECT_NE(std::string::npos,
		loadError({ kOld.path(), bundledVanillaAssets() })
			.find("unknown invisible type 'INVISIBLE_GHOST' (known from BasicInfos/CIV4BasicInfos.xml: "
				  "INVISIBLE_SUBMARINE, INVISIBLE_STEALTH, INVISIBLE_CAMOUFLAGE)"));
}

TEST(RulesPlaces, TheGamesFileWinsOverTheOlderLayoutInTheSameFolder)
{
	TempAssets kBoth;
	kBoth.write("BasicInfos/CIV4BasicInfos.xml",
		invisibleInfos("Civ4BasicInfos", { "INVISIBLE_SUBMARINE", "INVISIBLE_STEALTH", "INVISIBLE_OLD" }));
	kBoth.write("BasicInfos/CIV4InvisibleInfos.xml",
		invisibleInfos("Civ4InvisibleInfos", { "INVISIBLE_SUBMARINE", "INVISIBLE_STEALTH", "INVISIBLE_NEW" }));
	const LoadedRules kLoaded = loadVisionRules({ kBoth.path(), bundledVanillaAssets() });
	EXPECT_EQ((std::vector<std::string>{ "INVISIBLE_SUBMARINE", "INVISIBLE_STEALTH", "INVISIBLE_NEW" }),
		kLoaded.kRules.aszInvisibleTypes);
	EXPECT_TRUE(kLoaded.aszWarnings.empty()) << kLoaded.aszWarnings.front();
	for (const std::string& sRead : kLoaded.aszFilesRead)
	{
		EXPECT_EQ(std::string::npos, sRead.find("CIV4BasicInfos.xml")) << sRead;
	}
	// a CIV4BasicInfos.xml without <InvisibleInfos> (the game's own): the next folder's types
	TempAssets kConcepts;
	kConcepts.write("BasicInfos/CIV4BasicInfos.xml",
		"<?xml version=\"1.0\"?>\n<Civ4BasicInfos>\n<ConceptInfos/>\n</Civ4BasicInfos>\n");
	const LoadedRules kNext = loadVisionRules({ kConcepts.path(), bundledVanillaAssets() });
	EXPECT_EQ((std::vector<std::string>{ "INVISIBLE_SUBMARINE", "INVISIBLE_STEALTH" }), kNext.kRules.aszInvisibleTypes);
	EXPECT_TRUE(kNext.aszWarnings.empty()) << kNext.aszWarnings.front();
	// neither anywhere: the vanilla pair, with a warning
	TempAssets kNone;
	kNone.copyVanilla();
	fs::remove(kNone.path() / "XML" / "BasicInfos" / "CIV4InvisibleInfos.xml");
	const LoadedRules kNeither = loadVisionRules({ kConcepts.path(), kNone.path() });
	EXPECT_EQ(
		(std::vector<std::string>{ "INVISIBLE_SUBMARINE", "INVISIBLE_STEALTH" }), kNeither.kRules.aszInvisibleTypes);
	ASSERT_EQ(1u, kNeither.aszWarnings.size());
	EXPECT_EQ("no XML/BasicInfos/CIV4InvisibleInfos.xml (nor an older XML/BasicInfos/CIV4BasicInfos.xml with "
			  "<InvisibleInfos>): using the vanilla invisible types INVISIBLE_SUBMARINE, INVISIBLE_STEALTH",
		kNeither.aszWarnings[0]);
}

TEST(RulesPlaces, AFileWithoutTheElementsSaysHowToReadItWithTheModsOwnLoader)
{
	TempAssets kAssets;
	kAssets.copyVanilla();
	kAssets.write("BasicInfos/CIV4InvisibleInfos.xml",
		"<?xml version=\"1.0\"?>\n<Civ4InvisibleInfos>\n<MadeUpInvisibles/>\n</Civ4InvisibleInfos>\n");
	const std::string sError = loadError({ kAssets.path() });
	EXPECT_EQ((kAssets.path() / "XML" / "BasicInfos" / "CIV4InvisibleInfos.xml").string()
			+ ":2: no <InvisibleInfos> element (BTS 3.19's loader reads the InvisibleInfo types from "
			  "XML/BasicInfos/CIV4InvisibleInfos.xml, under Civ4InvisibleInfos/InvisibleInfos/InvisibleInfo; if the "
			  "mod's DLL loads them from another file, give --sdk its CvGameCoreDLL folder and --game the game's "
			  "folder: the tree's own loader then reads them)",
		sError);
}
