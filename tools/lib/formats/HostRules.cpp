#include "formats/HostRules.h"

#include "support/JsonRead.h"

#include <algorithm>
#include <cctype>
#include <climits>

namespace fs = std::filesystem;

namespace cvv {

namespace {

// The info classes vision reads, and the file each is loaded from in BTS (CIV4<class>s.xml).
const char* const VISION_CLASSES[] = { "TerrainInfo", "FeatureInfo", "RouteInfo", "ImprovementInfo", "TechInfo",
	"PromotionInfo", "InvisibleInfo", "UnitInfo" };

// The defines the adapter reads by name (CvVisionSdkRules.cpp); the game reads an absent one as 0.
const char* const VISION_DEFINES[] = { "PLOT_VISIBILITY_RANGE", "UNIT_VISIBILITY_RANGE", "RECON_VISIBILITY_RANGE",
	"PEAK_SEE_FROM_CHANGE", "PEAK_SEE_THROUGH_CHANGE", "HILLS_SEE_FROM_CHANGE", "HILLS_SEE_THROUGH_CHANGE",
	"SEAWATER_SEE_FROM_CHANGE", "SEAWATER_SEE_THROUGH_CHANGE", "MOVE_DENOMINATOR", "HILLS_EXTRA_MOVEMENT" };

std::string lower(std::string s)
{
	std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
	return s;
}

int within(const JsonValue& k, long long iMin, long long iMax)
{
	const long long iValue = k.integer();
	if (iValue < iMin || iValue > iMax)
	{
		throw RulesError(k.path() + ": " + std::to_string(iValue) + " is out of range (" + std::to_string(iMin) + ".."
			+ std::to_string(iMax) + ")");
	}
	return static_cast<int>(iValue);
}

int anyInt(const JsonValue& k) { return within(k, INT_MIN, INT_MAX); }

// A list whose length the start's info count gives: the two must agree.
const std::vector<JsonValue>& counted(const JsonValue& kTop, const JsonValue& kList, const char* szClass)
{
	const std::vector<JsonValue>& a = kList.array();
	if (const JsonValue* pCount = kTop["infos"].find(szClass))
	{
		if (pCount->integer() != static_cast<long long>(a.size()))
		{
			throw RulesError(kList.path() + ": " + std::to_string(a.size()) + " entries, where the tree loaded "
				+ std::to_string(pCount->integer()) + " " + szClass + " infos");
		}
	}
	return a;
}

// Why the load did not finish: the step that failed or showed a message box, and the boxes.
std::string loadProblem(const JsonValue& kTop)
{
	std::string sStep = "the start";
	for (const JsonValue& k : kTop["steps"].array())
	{
		sStep = k["name"].string();
		if (!k["ok"].boolean())
		{
			break;
		}
	}
	std::string sOut = "the tree's own XML load stopped in " + sStep;
	const std::vector<JsonValue>& aBoxes = kTop["message_boxes"].array();
	for (size_t i = 0; i < aBoxes.size() && i < 5; ++i)
	{
		std::string sBox = aBoxes[i].string(); // one line each: a box's own lines joined
		std::replace(sBox.begin(), sBox.end(), '\n', ' ');
		sOut += (i ? "; " : ": ") + sBox;
	}
	if (aBoxes.size() > 5)
	{
		sOut += "; and " + std::to_string(aBoxes.size() - 5) + " more message boxes";
	}
	return sOut;
}

void readLists(const JsonValue& kTop, const JsonValue& kRules, CvVisionRules& kOut)
{
	for (const JsonValue& k : counted(kTop, kRules["terrains"], "Terrain"))
	{
		kOut.aTerrains.push_back(CvVisionTerrainRule{ k["type"].string(), anyInt(k["see_from"]),
			anyInt(k["see_through"]), k["water"].boolean(), within(k["movement"], 0, 100), k["impassable"].boolean() });
	}
	for (const JsonValue& k : counted(kTop, kRules["features"], "Feature"))
	{
		kOut.aFeatures.push_back(CvVisionFeatureRule{
			k["type"].string(), anyInt(k["see_through"]), within(k["movement"], 0, 100), k["impassable"].boolean() });
	}
	for (const JsonValue& k : counted(kTop, kRules["techs"], "Tech"))
	{
		kOut.aTechs.push_back(CvVisionTechRule{ k["type"].string(), k["extra_water_see_from"].boolean() });
	}
	const int iTechs = static_cast<int>(kOut.aTechs.size());
	for (const JsonValue& k : counted(kTop, kRules["routes"], "Route"))
	{
		CvVisionRouteRule kRoute;
		kRoute.szType = k["type"].string();
		kRoute.iMovement = within(k["movement"], 0, INT_MAX);
		kRoute.iFlatMovement = within(k["flat_movement"], 0, INT_MAX);
		for (const JsonValue& kChange : k["tech_movement_changes"].array())
		{
			if (kChange.array().size() != 2)
			{
				throw RulesError(kChange.path() + ": not a [tech, change] pair");
			}
			kRoute.aTechMovementChanges.emplace_back(
				within(kChange.array()[0], 0, iTechs - 1), anyInt(kChange.array()[1]));
		}
		kOut.aRoutes.push_back(kRoute);
	}
	for (const JsonValue& k : counted(kTop, kRules["improvements"], "Improvement"))
	{
		kOut.aImprovements.push_back(CvVisionImprovementRule{ k["type"].string(),
			within(k["extra_see_from"], -CV_VISION_MAX_EXTRA_SEE_FROM, CV_VISION_MAX_EXTRA_SEE_FROM) });
	}
	for (const JsonValue& k : counted(kTop, kRules["promotions"], "Promotion"))
	{
		kOut.aPromotions.push_back(CvVisionPromotionRule{ k["type"].string(), anyInt(k["visibility_change"]) });
	}
	for (const JsonValue& k : counted(kTop, kRules["invisible_types"], "Invisible"))
	{
		kOut.aszInvisibleTypes.push_back(k.string());
	}
	const int iInvisibles = static_cast<int>(kOut.aszInvisibleTypes.size());
	for (const JsonValue& k : counted(kTop, kRules["units"], "Unit"))
	{
		CvVisionUnitRule kUnit;
		kUnit.szType = k["type"].string();
		kUnit.eDomain =
			static_cast<CvVisionDomain>(within(k["domain"], CV_VISION_DOMAIN_SEA, CV_VISION_DOMAIN_IMMOBILE));
		for (const JsonValue& kInvisible : k["see_invisible"].array())
		{
			kUnit.aeSeeInvisible.push_back(within(kInvisible, 0, iInvisibles - 1));
		}
		kUnit.bLineOfSight = k["line_of_sight"].boolean();
		kUnit.iExtraRange = within(k["extra_range"], -CV_VISION_MAX_RANGE, CV_VISION_MAX_RANGE);
		kUnit.iMoves = within(k["moves"], 0, 100);
		kOut.aUnits.push_back(kUnit);
	}
}

void readNumbers(const JsonValue& kRules, CvVisionRules& kOut)
{
	const JsonValue& kLevels = kRules["levels"];
	kOut.kLevels.iPeakSeeFromChange = anyInt(kLevels["peak_see_from_change"]);
	kOut.kLevels.iPeakSeeThroughChange = anyInt(kLevels["peak_see_through_change"]);
	kOut.kLevels.iHillsSeeFromChange = anyInt(kLevels["hills_see_from_change"]);
	kOut.kLevels.iHillsSeeThroughChange = anyInt(kLevels["hills_see_through_change"]);
	kOut.kLevels.iSeaWaterSeeFromChange = anyInt(kLevels["seawater_see_from_change"]);
	kOut.kLevels.iSeaWaterSeeThroughChange = anyInt(kLevels["seawater_see_through_change"]);
	const JsonValue& kRanges = kRules["ranges"];
	kOut.iPlotVisibilityRange = within(kRanges["plot_visibility"], 0, CV_VISION_MAX_RANGE);
	kOut.iUnitVisibilityRange = within(kRanges["unit_visibility"], 0, CV_VISION_MAX_RANGE);
	kOut.iReconVisibilityRange = within(kRanges["recon_visibility"], 0, CV_VISION_MAX_RANGE);
	const JsonValue& kMovement = kRules["movement"];
	kOut.iMoveDenominator = within(kMovement["move_denominator"], 1, 10000);
	kOut.iHillsExtraMovement = anyInt(kMovement["hills_extra_movement"]);
	for (const auto& [sName, kValue] : kRules["knobs"].object())
	{
		const int eKnob = cvVisionFindKnob(sName);
		if (eKnob < 0)
		{
			throw RulesError(kValue.path() + ": not a CvVision knob");
		}
		const CvVisionKnobInfo& kInfo = cvVisionKnobInfo(eKnob);
		kOut.setKnob(static_cast<CvVisionKnob>(eKnob), within(kValue, kInfo.iMin, kInfo.iMax));
	}
}

// A level the engine adds (CvVisionLevels: terrain + plot kind's define + improvement or feature) must
// stay an int, whatever terrain a map puts under whatever plot type (as the XML reader checks).
void checkLevelSums(const CvVisionRules& kRules)
{
	const CvVisionLevelDefines& kL = kRules.kLevels;
	const long long aiSeeFrom[] = { kL.iPeakSeeFromChange, kL.iHillsSeeFromChange, 0, kL.iSeaWaterSeeFromChange,
		static_cast<long long>(kL.iSeaWaterSeeFromChange) + kL.iExtraWaterSeeFromBonus };
	const long long aiSeeThrough[] = { kL.iPeakSeeThroughChange, kL.iHillsSeeThroughChange, 0,
		kL.bWaterSeeThroughDefine ? kL.iSeaWaterSeeThroughChange : kL.iSeaWaterSeeFromChange };
	long long iImprovementLow = 0, iImprovementHigh = 0, iFeatureLow = 0, iFeatureHigh = 0;
	for (const CvVisionImprovementRule& k : kRules.aImprovements)
	{
		iImprovementLow = std::min<long long>(iImprovementLow, k.iExtraSeeFrom);
		iImprovementHigh = std::max<long long>(iImprovementHigh, k.iExtraSeeFrom);
	}
	for (const CvVisionFeatureRule& k : kRules.aFeatures)
	{
		iFeatureLow = std::min<long long>(iFeatureLow, k.iSeeThrough);
		iFeatureHigh = std::max<long long>(iFeatureHigh, k.iSeeThrough);
	}
	auto check = [](const CvVisionTerrainRule& kTerrain, const char* szLevel, long long iLow, long long iHigh) {
		if (iLow < INT_MIN || iHigh > INT_MAX)
		{
			throw RulesError(kTerrain.szType + ": its " + szLevel + " level reaches " + std::to_string(iLow) + ".."
				+ std::to_string(iHigh)
				+ " with the plot types' defines, the improvements and features: beyond an "
				  "int, where the game's additions wrap");
		}
	};
	const auto [itFromLow, itFromHigh] = std::minmax_element(std::begin(aiSeeFrom), std::end(aiSeeFrom));
	const auto [itThroughLow, itThroughHigh] = std::minmax_element(std::begin(aiSeeThrough), std::end(aiSeeThrough));
	for (const CvVisionTerrainRule& kTerrain : kRules.aTerrains)
	{
		check(kTerrain, "see-from", kTerrain.iSeeFrom + *itFromLow + iImprovementLow,
			kTerrain.iSeeFrom + *itFromHigh + iImprovementHigh);
		check(kTerrain, "see-through", kTerrain.iSeeThrough + *itThroughLow + iFeatureLow,
			kTerrain.iSeeThrough + *itThroughHigh + iFeatureHigh);
	}
}

// The folders, the files read and their folders, and each vision class's file below its XML/.
void readPlaces(const JsonValue& kTop, LoadedRules& kOut)
{
	for (const JsonValue& k : kTop["folders"].array())
	{
		kOut.aFolders.push_back(k.string());
	}
	for (const JsonValue& k : kTop["files_read"].array())
	{
		const fs::path kFile = k.string();
		int iFolder = -1;
		std::string sBelowXml;
		for (size_t i = 0; i < kOut.aFolders.size() && iFolder < 0; ++i)
		{
			const fs::path kRelative = kFile.lexically_relative(kOut.aFolders[i]);
			if (!kRelative.empty() && *kRelative.begin() != "..")
			{
				iFolder = static_cast<int>(i);
				// below XML/ (any case), as the XML reader names a class's file
				auto it = kRelative.begin();
				if (it != kRelative.end() && lower(it->string()) == "xml")
				{
					sBelowXml = fs::path(kRelative).lexically_relative(*it).generic_string();
				}
			}
		}
		kOut.aszFilesRead.push_back(kFile.string());
		kOut.aiFileFolders.push_back(iFolder);
		const std::string sName = lower(kFile.filename().string());
		for (const char* szClass : VISION_CLASSES)
		{
			if (sName == lower(std::string("CIV4") + szClass + "s.xml"))
			{
				kOut.kInfoFiles[szClass] = sBelowXml.empty() ? kFile.string() : sBelowXml;
			}
		}
	}
}

} // namespace

LoadedRules rulesFromHostJson(const std::string& sJson, const std::string& sWhere, const std::string& sTree)
{
	try
	{
		const JsonValue kTop = parseJson(sJson, sWhere);
		const JsonValue& kRules = kTop["rules"];
		if (kRules.isNull())
		{
			throw RulesError(loadProblem(kTop));
		}
		LoadedRules kOut;
		kOut.sTree = sTree;
		readPlaces(kTop, kOut);
		for (const auto& [sName, kValue] : kTop["integer_defines"].object())
		{
			kOut.kDefines[sName] = anyInt(kValue);
		}
		const JsonValue& kRead = kTop["vision_defines"];
		for (const char* szName : VISION_DEFINES)
		{
			const JsonValue* p = kRead.find(szName);
			if (!p || p->isNull())
			{
				kOut.aszWarnings.push_back(std::string("define ") + szName + " is missing: it reads as 0");
			}
		}
		readNumbers(kRules, kOut.kRules);
		readLists(kTop, kRules, kOut.kRules);
		checkLevelSums(kOut.kRules);
		return kOut;
	}
	catch (const std::runtime_error& e) // JsonError, RulesError: named with the source once
	{
		const std::string sWhat = e.what();
		throw RulesError(sWhat.compare(0, sWhere.size(), sWhere) == 0 ? sWhat : sWhere + ": " + sWhat);
	}
}

LoadedRules loadRulesByHost(const HostOptions& kOptions)
{
	const std::string sTree = kOptions.kTree.string();
	const fs::path kCvcore = locateCvcore(kOptions.kCvcore);
	if (kCvcore.empty())
	{
		throw RulesError("the host (tools/host/cvcore) is not found: set CVVISION_CVCORE to its path");
	}
	ChildRun kRan;
	try
	{
		kRan = runChild(cvcoreArguments(kCvcore, "rules", {}, "", kOptions));
	}
	catch (const ChildError& e)
	{
		throw RulesError(sTree + ": " + e.what());
	}
	const std::string sWhere = sTree + " (its own XML load, `cvcore rules`)";
	// A load that stopped still prints its JSON (exit status 1): its steps and message boxes say why.
	if (kRan.iStatus == 1 && !kRan.sOut.empty() && kRan.sOut[0] == '{')
	{
		return rulesFromHostJson(kRan.sOut, sWhere, sTree);
	}
	if (kRan.iStatus != 0)
	{
		const std::string sWhy = cvcoreMessage(kRan, 3);
		throw RulesError(sWhy.empty() ? sTree + ": the host ended with status " + std::to_string(kRan.iStatus) : sWhy);
	}
	return rulesFromHostJson(kRan.sOut, sWhere, sTree);
}

} // namespace cvv
