// See TreeXmlLoads.h.
#include "formats/TreeXmlLoads.h"

namespace cvv {

std::string TreeXmlLoads::where(const std::string& sWhere) const { return "BTS 3.19's " + sWhere; }

const TreeXmlLoads& TreeXmlLoads::bts319()
{
	static const TreeXmlLoads kLoads = [] {
		TreeXmlLoads k;
		// CvXMLLoadUtilitySet.cpp of the BTS 3.19 SDK: LoadBasicInfos, then LoadPreMenuGlobals
		k.aInfos = {
			{ "InvisibleInfo", "BasicInfos/CIV4InvisibleInfos.xml", "Civ4InvisibleInfos/InvisibleInfos/InvisibleInfo",
				"CvXMLLoadUtilitySet.cpp:564" },
			{ "TerrainInfo", "Terrain/CIV4TerrainInfos.xml", "Civ4TerrainInfos/TerrainInfos/TerrainInfo",
				"CvXMLLoadUtilitySet.cpp:593" },
			{ "TechInfo", "Technologies/CIV4TechInfos.xml", "Civ4TechInfos/TechInfos/TechInfo",
				"CvXMLLoadUtilitySet.cpp:598" },
			{ "FeatureInfo", "Terrain/Civ4FeatureInfos.xml", "Civ4FeatureInfos/FeatureInfos/FeatureInfo",
				"CvXMLLoadUtilitySet.cpp:599" },
			{ "PromotionInfo", "Units/CIV4PromotionInfos.xml", "Civ4PromotionInfos/PromotionInfos/PromotionInfo",
				"CvXMLLoadUtilitySet.cpp:603" },
			{ "RouteInfo", "Misc/Civ4RouteInfos.xml", "Civ4RouteInfos/RouteInfos/RouteInfo",
				"CvXMLLoadUtilitySet.cpp:617" },
			{ "ImprovementInfo", "Terrain/CIV4ImprovementInfos.xml",
				"Civ4ImprovementInfos/ImprovementInfos/ImprovementInfo", "CvXMLLoadUtilitySet.cpp:618" },
			{ "UnitInfo", "Units/CIV4UnitInfos.xml", "Civ4UnitInfos/UnitInfos/UnitInfo",
				"CvXMLLoadUtilitySet.cpp:638" },
		};
		// SetGlobalDefines; then, with modular loading, modules\*_GlobalDefines.xml
		k.aDefines = {
			{ "XML/GlobalDefines.xml", "CvXMLLoadUtilitySet.cpp:184" },
			{ "XML/GlobalDefinesAlt.xml", "CvXMLLoadUtilitySet.cpp:189" },
			{ "XML/PythonCallbackDefines.xml", "CvXMLLoadUtilitySet.cpp:194" },
		};
		return k;
	}();
	return kLoads;
}

} // namespace cvv
