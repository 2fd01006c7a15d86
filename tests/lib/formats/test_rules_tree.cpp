// The rules read as a DLL tree's own XML loading reads them (--sdk): small made-up trees, written
// here, whose LoadGlobalClassInfo calls move an info class to a file of its own, change the order,
// or read a GlobalDefines file of their own; with Assets folders to match (TempAssets.h).
#include "formats/RulesLoader.h"
#include "formats/SaveLayout.h"
#include "TempAssets.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <iterator>
#include <fstream>
#include <random>
#include <string>
#include <vector>

using namespace cvv;

namespace fs = std::filesystem;

namespace {

// A throw-away CvGameCoreDLL folder: CvPlot.cpp (which marks a tree) and an XML loading file.
class LoadingTree
{
public:
	explicit LoadingTree(const std::string& sLoading)
	{
		std::random_device kRandom;
		m_kRoot = fs::temp_directory_path() / ("cvvision-loads-" + std::to_string(kRandom()));
		fs::create_directories(m_kRoot);
		std::ofstream(m_kRoot / "CvPlot.cpp", std::ios::binary) << "";
		std::ofstream(m_kRoot / "CvXMLLoadUtilitySet.cpp", std::ios::binary) << sLoading;
		m_pLayout = SaveLayout::derive(m_kRoot);
	}
	~LoadingTree() { fs::remove_all(m_kRoot); }
	const TreeXmlLoads& loads() const { return m_pLayout->xmlLoads(); }
	std::string where(int iLine) const
	{
		return (m_kRoot / "CvXMLLoadUtilitySet.cpp").string() + ":" + std::to_string(iLine);
	}

private:
	fs::path m_kRoot;
	std::shared_ptr<const SaveLayout> m_pLayout;
};

// A tree that loads the invisible types from a file of their own, as the game's DLLs do; the
// other classes it loads by other means (CvVision reads those from BTS's places). Line 6 is the call.
// A made-up name there (CIV4MadeUpInvisibles) makes a tree that moves them.
const char* const MOVED_INVISIBLES = R"(// made up for CvVision's tests
#include "CvXMLLoadUtility.h"

bool CvXMLLoadUtility::LoadBasicInfos()
{
	LoadGlobalClassInfo(GC.getInvisibleInfo(), "CIV4InvisibleInfos", "BasicInfos", "Civ4InvisibleInfos/InvisibleInfos/InvisibleInfo", false);
	return true;
}
)";

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

std::string loadError(const std::vector<fs::path>& aFolders, const TreeXmlLoads* pTree)
{
	try
	{
		loadVisionRules(aFolders, pTree);
	}
	catch (const RulesError& kError)
	{
		return kError.what();
	}
	return "no error";
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

TEST(TreeXmlLoads, TheCallsInOrderWithTheirFilesElementPathsAndLines)
{
	const LoadingTree kTree(R"(// made up for CvVision's tests
bool CvXMLLoadUtility::SetGlobalDefines()
{
	if (!ReadGlobalDefines("xml\\GlobalDefines.xml", cache)) return false;
	ReadGlobalDefines("xml\\MadeUp_Defines.xml", cache);
	ReadGlobalDefines("xml\\GlobalDefines.xml", cache);
	ReadGlobalDefines(*it, cache);
	return true;
}
bool CvXMLLoadUtility::LoadPreMenuGlobals()
{
	LoadGlobalClassInfo(GC.getTerrainInfo(), "CIV4TerrainInfos", "Terrain", "Civ4TerrainInfos/TerrainInfos/TerrainInfo", false);
	LoadGlobalClassInfo(GC.m_paUnitInfo, "MadeUpUnits", "Units", "MadeUpUnits/Units/Unit", false);
	LoadGlobalClassInfo(GC.getTerrainInfo(), "Other", "Terrain", "Other/Others/Other", false);
	return true;
}
)");
	const TreeXmlLoads& k = kTree.loads();
	ASSERT_EQ(2u, k.aInfos.size()) << "the first call of a class only";
	EXPECT_EQ("TerrainInfo", k.aInfos[0].sClass);
	EXPECT_EQ("Terrain/CIV4TerrainInfos.xml", k.aInfos[0].sFile);
	EXPECT_EQ("Civ4TerrainInfos/TerrainInfos/TerrainInfo", k.aInfos[0].sPath);
	EXPECT_EQ("CvXMLLoadUtilitySet.cpp:12", k.aInfos[0].sWhere);
	EXPECT_EQ("UnitInfo", k.aInfos[1].sClass) << "AdvCiv's GC.m_paUnitInfo";
	EXPECT_EQ("Units/MadeUpUnits.xml", k.aInfos[1].sFile);
	EXPECT_EQ("MadeUpUnits/Units/Unit", k.aInfos[1].sPath);
	EXPECT_EQ("CvXMLLoadUtilitySet.cpp:13", k.aInfos[1].sWhere);
	ASSERT_EQ(2u, k.aDefines.size()) << "each file once; a call without a file name is no file";
	EXPECT_EQ("XML/GlobalDefines.xml", k.aDefines[0].sFile);
	EXPECT_EQ("CvXMLLoadUtilitySet.cpp:4", k.aDefines[0].sWhere);
	EXPECT_EQ("XML/MadeUp_Defines.xml", k.aDefines[1].sFile);
	EXPECT_EQ("CvXMLLoadUtilitySet.cpp:5", k.aDefines[1].sWhere);
}

TEST(RulesTree, InvisibleTypesFromTheFileTheTreeNames)
{
	TempAssets kAssets;
	moveInvisibles(kAssets);
	const LoadingTree kTree(MOVED_INVISIBLES);
	const LoadedRules kLoaded = loadVisionRules({ kAssets.path() }, &kTree.loads());
	EXPECT_EQ((std::vector<std::string>{ "INVISIBLE_SUBMARINE", "INVISIBLE_STEALTH", "INVISIBLE_CAMOUFLAGE" }),
		kLoaded.kRules.aszInvisibleTypes);
	EXPECT_EQ(kTree.loads().sTree, kLoaded.sTree);
	EXPECT_TRUE(kLoaded.aszWarnings.empty()) << kLoaded.aszWarnings.front();
	const int iDestroyer = kLoaded.kRules.findUnit("UNIT_DESTROYER");
	ASSERT_GE(iDestroyer, 0);
	ASSERT_EQ(1u, kLoaded.kRules.aUnits[iDestroyer].aeSeeInvisible.size());
	EXPECT_EQ(0, kLoaded.kRules.aUnits[iDestroyer].aeSeeInvisible[0]);
	// the classes the tree does not load by LoadGlobalClassInfo keep BTS 3.19's places and files
	EXPECT_EQ(BTS_INFO_FILES, infoFilesRead(kLoaded, kAssets.path()));
}

TEST(RulesTree, WithoutATreeBts319sPlacesInItsOrder)
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

// BTS 3.19's calls, built in, are those of its SDK's CvXMLLoadUtilitySet.cpp, when ../shared is there.
TEST(TreeXmlLoads, Bts319IsTheSdksOwn)
{
	const fs::path kSdk = fs::path(CVVISION_SHARED_DIR) / "data" / "sdk" / "bts-3.19" / "CvGameCoreDLL";
	if (!fs::is_directory(kSdk))
	{
		GTEST_SKIP() << "../shared/data is absent: " << kSdk.string();
	}
	const TreeXmlLoads& kBuiltIn = TreeXmlLoads::bts319();
	EXPECT_TRUE(kBuiltIn.bBuiltIn);
	EXPECT_TRUE(kBuiltIn.sTree.empty());
	const std::shared_ptr<const SaveLayout> pSdk = SaveLayout::derive(kSdk);
	const TreeXmlLoads& kDerived = pSdk->xmlLoads();
	EXPECT_FALSE(kDerived.bBuiltIn);
	std::vector<const TreeInfoLoad*> aOfSdk; // the classes CvVision reads, in the SDK's order
	for (const TreeInfoLoad& kLoad : kDerived.aInfos)
	{
		if (kBuiltIn.info(kLoad.sClass)) aOfSdk.push_back(&kLoad);
	}
	ASSERT_EQ(kBuiltIn.aInfos.size(), aOfSdk.size());
	ASSERT_EQ(8u, aOfSdk.size());
	for (size_t i = 0; i < aOfSdk.size(); ++i)
	{
		EXPECT_EQ(aOfSdk[i]->sClass, kBuiltIn.aInfos[i].sClass) << i;
		EXPECT_EQ(aOfSdk[i]->sFile, kBuiltIn.aInfos[i].sFile) << i;
		EXPECT_EQ(aOfSdk[i]->sPath, kBuiltIn.aInfos[i].sPath) << i;
		EXPECT_EQ(aOfSdk[i]->sWhere, kBuiltIn.aInfos[i].sWhere) << i;
	}
	EXPECT_EQ("BasicInfos/CIV4InvisibleInfos.xml", kBuiltIn.aInfos.front().sFile);
	EXPECT_EQ("CvXMLLoadUtilitySet.cpp:564", kBuiltIn.aInfos.front().sWhere);
	ASSERT_EQ(kBuiltIn.aDefines.size(), kDerived.aDefines.size());
	for (size_t i = 0; i < kBuiltIn.aDefines.size(); ++i)
	{
		EXPECT_EQ(kDerived.aDefines[i].sFile, kBuiltIn.aDefines[i].sFile) << i;
		EXPECT_EQ(kDerived.aDefines[i].sWhere, kBuiltIn.aDefines[i].sWhere) << i;
	}
	EXPECT_EQ("BTS 3.19's CvXMLLoadUtilitySet.cpp:564", kBuiltIn.where(kBuiltIn.aInfos.front().sWhere));
}

// Assets made for earlier CvVision versions: the invisible types inside CIV4BasicInfos.xml, no
// CIV4InvisibleInfos.xml. Read, with a warning naming both files, where the folder's priority puts
// them (over the bundled vanilla XML's CIV4InvisibleInfos.xml), with or without a tree.
TEST(RulesTree, TheOlderLayoutInCiv4BasicInfosWhenCiv4InvisibleInfosIsAbsent)
{
	TempAssets kOld;
	kOld.write("BasicInfos/CIV4BasicInfos.xml",
		invisibleInfos("Civ4BasicInfos", { "INVISIBLE_SUBMARINE", "INVISIBLE_STEALTH", "INVISIBLE_CAMOUFLAGE" }));
	const fs::path kOldFile = kOld.path() / "XML" / "BasicInfos" / "CIV4BasicInfos.xml";
	const LoadingTree kTree(MOVED_INVISIBLES);
	for (const TreeXmlLoads* pTree : { static_cast<const TreeXmlLoads*>(nullptr), &kTree.loads() })
	{
		const LoadedRules kLoaded = loadVisionRules({ kOld.path(), bundledVanillaAssets() }, pTree);
		EXPECT_EQ((std::vector<std::string>{ "INVISIBLE_SUBMARINE", "INVISIBLE_STEALTH", "INVISIBLE_CAMOUFLAGE" }),
			kLoaded.kRules.aszInvisibleTypes);
		ASSERT_EQ(1u, kLoaded.aszWarnings.size());
		const std::string sWhere = pTree ? kTree.where(6) : "BTS 3.19's CvXMLLoadUtilitySet.cpp:564";
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
		loadError({ kOld.path(), bundledVanillaAssets() }, nullptr)
			.find("unknown invisible type 'INVISIBLE_GHOST' (known from BasicInfos/CIV4BasicInfos.xml: "
				  "INVISIBLE_SUBMARINE, INVISIBLE_STEALTH, INVISIBLE_CAMOUFLAGE)"));
}

TEST(RulesTree, TheGamesFileWinsOverTheOlderLayoutInTheSameFolder)
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
	// neither anywhere: the vanilla pair, with a warning (a tree's call: an error)
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

TEST(RulesTree, WithoutATreeAFileWithoutTheElementsSaysToGiveTheTree)
{
	TempAssets kAssets;
	kAssets.copyVanilla();
	kAssets.write("BasicInfos/CIV4InvisibleInfos.xml",
		"<?xml version=\"1.0\"?>\n<Civ4InvisibleInfos>\n<MadeUpInvisibles/>\n</Civ4InvisibleInfos>\n");
	const std::string sError = loadError({ kAssets.path() }, nullptr);
	EXPECT_EQ((kAssets.path() / "XML" / "BasicInfos" / "CIV4InvisibleInfos.xml").string()
			+ ":2: no <InvisibleInfos> element (BTS 3.19's loader reads the InvisibleInfo types from "
			  "XML/BasicInfos/CIV4InvisibleInfos.xml, under Civ4InvisibleInfos/InvisibleInfos/InvisibleInfo; if the "
			  "mod's DLL loads them from another file, give --sdk its CvGameCoreDLL folder)",
		sError);
}

TEST(RulesTree, AFileTheTreeNamesThatNoFolderHasNamesTheCallAndThePathsTried)
{
	TempAssets kMod;
	TempAssets kBase;
	kBase.copyVanilla();
	fs::remove(kBase.path() / "XML" / "BasicInfos" / "CIV4InvisibleInfos.xml");
	const LoadingTree kTree(MOVED_INVISIBLES);
	const std::string sError = loadError({ kMod.path(), kBase.path() }, &kTree.loads());
	EXPECT_EQ(0u,
		sError.find(kTree.where(6)
			+ ": the tree loads the InvisibleInfo types from "
			  "XML/BasicInfos/CIV4InvisibleInfos.xml, which no folder has; looked in:"))
		<< sError;
	EXPECT_NE(std::string::npos, sError.find((kMod.path() / "XML/BasicInfos/CIV4InvisibleInfos.xml").string()))
		<< sError;
	EXPECT_NE(std::string::npos, sError.find((kBase.path() / "XML/BasicInfos/CIV4InvisibleInfos.xml").string()))
		<< sError;
}

TEST(RulesTree, TheTreesOrderItsFilesAndItsElementPaths)
{
	TempAssets kAssets;
	moveInvisibles(kAssets);
	// the terrains in a file, and under elements, of this tree's own
	std::ifstream kIn(kAssets.path() / "XML" / "Terrain" / "CIV4TerrainInfos.xml", std::ios::binary);
	std::string sTerrains((std::istreambuf_iterator<char>(kIn)), std::istreambuf_iterator<char>());
	for (const auto& [sFrom, sTo] : std::vector<std::pair<std::string, std::string>>{
			 { "Civ4TerrainInfos", "MadeUpLand" }, { "TerrainInfos", "Lands" }, { "TerrainInfo", "Land" } })
	{
		for (size_t i = sTerrains.find("<" + sFrom); i != std::string::npos; i = sTerrains.find("<" + sFrom, i + 1))
		{
			const size_t iEnd = i + 1 + sFrom.size();
			if (sTerrains[iEnd] == '>' || sTerrains[iEnd] == ' ') sTerrains.replace(i + 1, sFrom.size(), sTo);
		}
		for (size_t i = sTerrains.find("</" + sFrom + ">"); i != std::string::npos;
			 i = sTerrains.find("</" + sFrom + ">", i + 1))
			sTerrains.replace(i + 2, sFrom.size(), sTo);
	}
	fs::remove(kAssets.path() / "XML" / "Terrain" / "CIV4TerrainInfos.xml");
	kAssets.write("Lands/MadeUpLand.xml", sTerrains);
	const LoadingTree kTree(R"(// made up for CvVision's tests
void CvXMLLoadUtility::LoadEverything()
{
	LoadGlobalClassInfo(GC.getInvisibleInfo(), "CIV4InvisibleInfos", "BasicInfos", "Civ4InvisibleInfos/InvisibleInfos/InvisibleInfo", false);
	LoadGlobalClassInfo(GC.getTerrainInfo(), "MadeUpLand", "Lands", "MadeUpLand/Lands/Land", false);
	LoadGlobalClassInfo(GC.getTechInfo(), "CIV4TechInfos", "Technologies", "Civ4TechInfos/TechInfos/TechInfo", true);
	LoadGlobalClassInfo(GC.getFeatureInfo(), "Civ4FeatureInfos", "Terrain", "Civ4FeatureInfos/FeatureInfos/FeatureInfo", false);
	LoadGlobalClassInfo(GC.getPromotionInfo(), "CIV4PromotionInfos", "Units", "Civ4PromotionInfos/PromotionInfos/PromotionInfo", true);
	LoadGlobalClassInfo(GC.getRouteInfo(), "Civ4RouteInfos", "Misc", "Civ4RouteInfos/RouteInfos/RouteInfo", false);
	LoadGlobalClassInfo(GC.getImprovementInfo(), "CIV4ImprovementInfos", "Terrain", "Civ4ImprovementInfos/ImprovementInfos/ImprovementInfo", true);
	LoadGlobalClassInfo(GC.getUnitInfo(), "CIV4UnitInfos", "Units", "Civ4UnitInfos/UnitInfos/UnitInfo", false);
}
)");
	const LoadedRules kLoaded = loadVisionRules({ kAssets.path() }, &kTree.loads());
	const std::vector<std::string> aExpected = { "GlobalDefines.xml", "BasicInfos/CIV4InvisibleInfos.xml",
		"Lands/MadeUpLand.xml", "Technologies/CIV4TechInfos.xml", "Terrain/CIV4FeatureInfos.xml",
		"Units/CIV4PromotionInfos.xml", "Misc/CIV4RouteInfos.xml", "Terrain/CIV4ImprovementInfos.xml",
		"Units/CIV4UnitInfos.xml" };
	EXPECT_EQ(aExpected, filesRead(kLoaded, kAssets.path()));
	EXPECT_EQ(9u, kLoaded.kRules.aTerrains.size());
	EXPECT_EQ(0, kLoaded.kRules.findTerrain("TERRAIN_GRASS"));
	EXPECT_EQ(3u, kLoaded.kRules.aszInvisibleTypes.size());
	// the same assets without the tree: no terrains where BTS keeps them
	EXPECT_NE(std::string::npos, loadError({ kAssets.path() }, nullptr).find("Terrain/CIV4TerrainInfos.xml"));
	// a message naming the terrains' file names the one the tree reads them from
	EXPECT_EQ("Lands/MadeUpLand.xml", kLoaded.kInfoFiles.at("TerrainInfo"));
	kAssets.write("Terrain/CIV4FeatureInfos.xml",
		"<?xml version=\"1.0\"?>\n<Civ4FeatureInfos>\n<FeatureInfos>\n<FeatureInfo>\n<Type>FEATURE_MANGROVE</Type>\n"
		"<TerrainBooleans><TerrainBoolean><TerrainType>TERRAIN_MARSH</TerrainType></TerrainBoolean></TerrainBooleans>\n"
		"</FeatureInfo>\n</FeatureInfos>\n</Civ4FeatureInfos>\n");
	const std::string sError = loadError({ kAssets.path() }, &kTree.loads());
	EXPECT_NE(std::string::npos,
		sError.find(":6: FEATURE_MANGROVE: <TerrainType> TERRAIN_MARSH is not defined in Lands/MadeUpLand.xml"))
		<< sError;
}

TEST(RulesTree, TheGlobalDefinesFilesTheTreeReadsInItsOrder)
{
	TempAssets kAssets;
	kAssets.copyVanilla();
	// a file of the tree's own (no *_GlobalDefines.xml name: nothing reads it without the tree), and a
	// modular one it names too, which is read once, where the tree reads it
	kAssets.write("MadeUp_Defines.xml", defines(define("UNIT_VISIBILITY_RANGE", "2")));
	kAssets.write("Early_GlobalDefines.xml", defines(define("RECON_VISIBILITY_RANGE", "4")));
	kAssets.write("Modules/Late_GlobalDefines.xml", defines(define("PLOT_VISIBILITY_RANGE", "2")));
	const LoadingTree kTree(R"(// made up for CvVision's tests
bool CvXMLLoadUtility::SetGlobalDefines()
{
	if (!ReadGlobalDefines("xml\\GlobalDefines.xml", cache)) return false;
	if (!ReadGlobalDefines("xml\\Early_GlobalDefines.xml", cache)) return false;
	if (!ReadGlobalDefines("xml\\MadeUp_Defines.xml", cache)) return false;
	ReadGlobalDefines("xml\\Absent_Defines.xml", cache);
	return true;
}
)");
	const LoadedRules kLoaded = loadVisionRules({ kAssets.path() }, &kTree.loads());
	EXPECT_EQ(2, kLoaded.kRules.iUnitVisibilityRange);
	EXPECT_EQ(4, kLoaded.kRules.iReconVisibilityRange);
	EXPECT_EQ(2, kLoaded.kRules.iPlotVisibilityRange);
	const std::vector<std::string> aFiles = filesRead(kLoaded, kAssets.path());
	ASSERT_GE(aFiles.size(), 4u);
	EXPECT_EQ((std::vector<std::string>{ "GlobalDefines.xml", "Early_GlobalDefines.xml", "MadeUp_Defines.xml",
				  "Modules/Late_GlobalDefines.xml" }),
		std::vector<std::string>(aFiles.begin(), aFiles.begin() + 4));
	ASSERT_EQ(1u, kLoaded.aszWarnings.size());
	EXPECT_EQ("XML/Absent_Defines.xml, which the tree reads (" + kTree.where(7)
			+ "), is in no folder: its defines "
			  "are not read",
		kLoaded.aszWarnings[0]);
	// without the tree: GlobalDefines.xml and the modular files only
	const LoadedRules kPlain = loadVisionRules({ kAssets.path() });
	EXPECT_EQ(1, kPlain.kRules.iUnitVisibilityRange);
	EXPECT_EQ(4, kPlain.kRules.iReconVisibilityRange);
}

TEST(RulesTree, ATreeWithoutGlobalDefinesXmlInAnyFolderIsAnError)
{
	TempAssets kAssets;
	kAssets.copyVanilla();
	fs::remove(kAssets.path() / "XML" / "GlobalDefines.xml");
	const LoadingTree kTree(R"(// made up for CvVision's tests
bool CvXMLLoadUtility::SetGlobalDefines()
{
	if (!ReadGlobalDefines("xml\\GlobalDefines.xml", cache)) return false;
}
)");
	const std::string sError = loadError({ kAssets.path() }, &kTree.loads());
	EXPECT_EQ(0u, sError.find(kTree.where(4) + ": the tree reads XML/GlobalDefines.xml, which no folder has"))
		<< sError;
}
