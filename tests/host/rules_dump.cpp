// A LoadedRules as JSON, its "rules" in the member names of `cvcore rules`
// (tools/host/runtime/CvHostRulesCommand.cpp), so that tests/host/test_host_rules.py can compare,
// field by field, the rules of the project's own XML reader (formats/RulesLoader.h) with those the
// tree's own loaded infos give, and those again as the library reads the host's JSON
// (formats/HostRules.h).
//
//     rules_dump xml ASSETS...               loadVisionRules over the folders, highest priority first
//     rules_dump host-json FILE TREE         rulesFromHostJson of a file `cvcore rules` wrote
//     rules_dump host TREE GAME [MODASSETS]  loadRulesByHost ($CVVISION_CVCORE: the cvcore to run)
//
// Prints {"rules": {...}, "defines", "folders", "files_read", "file_folders", "info_files",
// "warnings", "tree"}. Exit status 1 and the message on standard error for a RulesError.
//
// Built by the test against the build folder's libraries (cvvision_formats and what it uses).
#include "formats/HostRules.h"
#include "formats/RulesLoader.h"
#include "support/Json.h"

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

using cvv::JsonWriter;

void printRules(JsonWriter& k, const CvVisionRules& r)
{
	const CvVisionLevelDefines& l = r.kLevels;
	k.beginObject().nextOnNewLine("  ").key("levels").beginObject();
	k.key("peak_see_from_change")
		.number(l.iPeakSeeFromChange)
		.key("peak_see_through_change")
		.number(l.iPeakSeeThroughChange);
	k.key("hills_see_from_change")
		.number(l.iHillsSeeFromChange)
		.key("hills_see_through_change")
		.number(l.iHillsSeeThroughChange);
	k.key("seawater_see_from_change").number(l.iSeaWaterSeeFromChange);
	k.key("seawater_see_through_change").number(l.iSeaWaterSeeThroughChange).end();
	k.nextOnNewLine("  ").key("ranges").beginObject().key("plot_visibility").number(r.iPlotVisibilityRange);
	k.key("unit_visibility")
		.number(r.iUnitVisibilityRange)
		.key("recon_visibility")
		.number(r.iReconVisibilityRange)
		.end();
	k.nextOnNewLine("  ").key("movement").beginObject().key("move_denominator").number(r.iMoveDenominator);
	k.key("hills_extra_movement").number(r.iHillsExtraMovement).end();
	k.nextOnNewLine("  ").key("knobs").beginObject();
	for (int i = 0; i < CV_VISION_NUM_KNOBS; ++i)
	{
		k.key(cvVisionKnobInfo(i).szDefine).number(r.knob(static_cast<CvVisionKnob>(i)));
	}
	k.end().nextOnNewLine("  ").key("terrains").beginArray();
	for (const CvVisionTerrainRule& t : r.aTerrains)
	{
		k.nextOnNewLine("    ").beginObject().key("type").string(t.szType).key("see_from").number(t.iSeeFrom);
		k.key("see_through").number(t.iSeeThrough).key("water").boolean(t.bWater).key("movement").number(t.iMovement);
		k.key("impassable").boolean(t.bImpassable).end();
	}
	k.end().nextOnNewLine("  ").key("features").beginArray();
	for (const CvVisionFeatureRule& f : r.aFeatures)
	{
		k.nextOnNewLine("    ").beginObject().key("type").string(f.szType).key("see_through").number(f.iSeeThrough);
		k.key("movement").number(f.iMovement).key("impassable").boolean(f.bImpassable).end();
	}
	k.end().nextOnNewLine("  ").key("routes").beginArray();
	for (const CvVisionRouteRule& ro : r.aRoutes)
	{
		k.nextOnNewLine("    ").beginObject().key("type").string(ro.szType).key("movement").number(ro.iMovement);
		k.key("flat_movement").number(ro.iFlatMovement).key("tech_movement_changes").beginArray();
		for (const auto& [iTech, iChange] : ro.aTechMovementChanges)
		{
			k.beginArray().number(iTech).number(iChange).end();
		}
		k.end().end();
	}
	k.end().nextOnNewLine("  ").key("improvements").beginArray();
	for (const CvVisionImprovementRule& i : r.aImprovements)
	{
		k.nextOnNewLine("    ")
			.beginObject()
			.key("type")
			.string(i.szType)
			.key("extra_see_from")
			.number(i.iExtraSeeFrom)
			.end();
	}
	k.end().nextOnNewLine("  ").key("techs").beginArray();
	for (const CvVisionTechRule& t : r.aTechs)
	{
		k.nextOnNewLine("    ").beginObject().key("type").string(t.szType);
		k.key("extra_water_see_from").boolean(t.bExtraWaterSeeFrom).end();
	}
	k.end().nextOnNewLine("  ").key("promotions").beginArray();
	for (const CvVisionPromotionRule& p : r.aPromotions)
	{
		k.nextOnNewLine("    ").beginObject().key("type").string(p.szType);
		k.key("visibility_change").number(p.iVisibilityChange).end();
	}
	k.end().nextOnNewLine("  ").key("invisible_types").beginArray();
	for (const std::string& s : r.aszInvisibleTypes)
	{
		k.string(s);
	}
	k.end().nextOnNewLine("  ").key("units").beginArray();
	for (const CvVisionUnitRule& u : r.aUnits)
	{
		k.nextOnNewLine("    ").beginObject().key("type").string(u.szType).key("domain").number(u.eDomain);
		k.key("see_invisible").beginArray();
		for (const int e : u.aeSeeInvisible)
		{
			k.number(e);
		}
		k.end().key("line_of_sight").boolean(u.bLineOfSight).key("extra_range").number(u.iExtraRange);
		k.key("moves").number(u.iMoves).end();
	}
	k.end().end("\n");
}

void print(const cvv::LoadedRules& kLoaded)
{
	JsonWriter k;
	k.beginObject().nextOnNewLine().key("rules");
	printRules(k, kLoaded.kRules);
	k.nextOnNewLine().key("defines").beginObject();
	for (const auto& [sName, iValue] : kLoaded.kDefines)
	{
		k.key(sName).number(iValue);
	}
	k.end().nextOnNewLine().key("folders").beginArray();
	for (const auto& kFolder : kLoaded.aFolders)
	{
		k.string(kFolder.string());
	}
	k.end().nextOnNewLine().key("files_read").beginArray();
	for (const std::string& s : kLoaded.aszFilesRead)
	{
		k.string(s);
	}
	k.end().nextOnNewLine().key("file_folders").beginArray();
	for (const int i : kLoaded.aiFileFolders)
	{
		k.number(i);
	}
	k.end().nextOnNewLine().key("info_files").beginObject();
	for (const auto& [sClass, sFile] : kLoaded.kInfoFiles)
	{
		k.key(sClass).string(sFile);
	}
	k.end().nextOnNewLine().key("warnings").beginArray();
	for (const std::string& s : kLoaded.aszWarnings)
	{
		k.string(s);
	}
	k.end().nextOnNewLine().key("tree").string(kLoaded.sTree).end("\n");
	std::fputs((k.str() + "\n").c_str(), stdout);
}

int usage()
{
	std::fputs("usage: rules_dump xml ASSETS... | host-json FILE TREE | host TREE GAME [MODASSETS]\n", stderr);
	return 2;
}

} // namespace

int main(int argc, char** argv)
{
	const std::vector<std::string> asArgs(argv + 1, argv + argc);
	if (asArgs.size() < 2)
	{
		return usage();
	}
	try
	{
		if (asArgs[0] == "xml")
		{
			print(cvv::loadVisionRules(std::vector<std::filesystem::path>(asArgs.begin() + 1, asArgs.end())));
		}
		else if (asArgs[0] == "host-json" && asArgs.size() == 3)
		{
			std::ifstream kIn(asArgs[1], std::ios::binary);
			std::stringstream kText;
			kText << kIn.rdbuf();
			print(cvv::rulesFromHostJson(kText.str(), asArgs[1], asArgs[2]));
		}
		else if (asArgs[0] == "host" && (asArgs.size() == 3 || asArgs.size() == 4))
		{
			cvv::HostOptions kOptions;
			kOptions.kTree = asArgs[1];
			kOptions.kGame = asArgs[2];
			if (asArgs.size() == 4)
			{
				kOptions.kModAssets = asArgs[3];
			}
			print(cvv::loadRulesByHost(kOptions));
		}
		else
		{
			return usage();
		}
	}
	catch (const cvv::RulesError& e)
	{
		std::fprintf(stderr, "rules_dump: %s\n", e.what());
		return 1;
	}
	return 0;
}
