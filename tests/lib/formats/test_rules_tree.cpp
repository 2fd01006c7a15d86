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
	// the classes the tree does not load by LoadGlobalClassInfo keep their places (and BTS's files)
	const std::vector<std::string> aFiles = filesRead(kLoaded, kAssets.path());
	ASSERT_FALSE(aFiles.empty());
	EXPECT_EQ("Units/CIV4UnitInfos.xml", aFiles.back()) << "a unit's <SeeInvisible> needs the types first";
	EXPECT_EQ("BasicInfos/CIV4InvisibleInfos.xml", aFiles[aFiles.size() - 2]);
	EXPECT_EQ(0, std::count(aFiles.begin(), aFiles.end(), "BasicInfos/CIV4BasicInfos.xml"));
}

TEST(RulesTree, WithoutTheTreeTheSameAssetsFailAsBefore)
{
	TempAssets kAssets;
	moveInvisibles(kAssets);
	const std::string sError = loadError({ kAssets.path() }, nullptr);
	EXPECT_NE(std::string::npos, sError.find("CIV4BasicInfos.xml:2: no <InvisibleInfos> element")) << sError;
	EXPECT_NE(std::string::npos, sError.find("give --sdk")) << sError;
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
