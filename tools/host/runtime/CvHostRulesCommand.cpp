// rules: the vision rules (CvVisionRules) of the tree's own loaded infos and defines, read by
// CvVision's own SDK adapter (CvGameCoreDLL/CvVisionSdkRules.cpp, cvVisionSdkReadRules) after the
// tree's own XML load, as the adapter reads them in the game.
//
//     cvcore-host [--game DIR] [--mod DIR] rules
//
// Only in the host program `cvcore rules` builds (tools/host/cvhost/vision.py): that one compiles
// the adapter's files (CvVisionSdkRules.cpp, CvVisionRules.cpp, CvVisionTables.cpp, with a
// CvVisionSdkCompat.h written for the tree as sdk-integrate writes it) against the tree's own
// headers and links them beside the tree's untouched objects. Nothing here reads an XML file: every
// number comes from the tree's getters (GC.getTerrainInfo(i).getSeeFromLevel()...) and its defines
// (GC.getDefineINT, the defines' variable system).
//
// OUTPUT (JSON on standard output, members in this order):
//   the start's summary: "steps", "infos" (every info count of the tree's CvGlobals), "defines",
//     "text_keys", "message_boxes", "executable_calls" (CvHostRun.h);
//   "folders": the Assets folders searched, highest priority first (the mod's, then Beyond the
//     Sword's, Warlords' and the base game's);
//   "files_read": the XML files the load read, in order (their disk paths);
//   "integer_defines": {name: value} of every integer define the tree's variable system holds;
//   "vision_defines": {name: value, or null when the define is absent} of each define the adapter
//     reads: the ranges, levels and movement defines, every knob (CVVISION_*), and the per-type
//     knobs CVVISION_SEE_FROM_<improvement> and CVVISION_EXTRA_RANGE_<unit> that are set;
//   "rules": {
//     "levels": {"peak_see_from_change", "peak_see_through_change", "hills_see_from_change",
//       "hills_see_through_change", "seawater_see_from_change", "seawater_see_through_change"},
//     "ranges": {"plot_visibility", "unit_visibility", "recon_visibility"},
//     "movement": {"move_denominator", "hills_extra_movement"},
//     "knobs": {"CVVISION_OUTER_RING": value, ...}: every knob, in the list's order (the rest of
//       CvVisionRules' fields: its options, facing spreads, sight cap, audit, ledger, paths);
//     "terrains": [{"type", "see_from", "see_through", "water", "movement", "impassable"}],
//     "features": [{"type", "see_through", "movement", "impassable"}],
//     "routes": [{"type", "movement", "flat_movement", "tech_movement_changes": [[tech, change]]}],
//     "improvements": [{"type", "extra_see_from"}],
//     "techs": [{"type", "extra_water_see_from"}],
//     "promotions": [{"type", "visibility_change"}],
//     "invisible_types": ["INVISIBLE_SUBMARINE", ...],
//     "units": [{"type", "domain", "see_invisible": [invisible type indices], "line_of_sight",
//       "extra_range", "moves"}]
//   } (each list in the game's order: the index is the type's), or null when the load failed.
//
// Exit status 0; 1 when a load step failed or showed a message box (the summary says which, and
// "rules" is null: the adapter would read what was not loaded); 3 when the core crashed (the
// crash handler names the step).
#include "CvGameCoreDLL.h"
#include "CvGlobals.h"
#include "FVariableSystem.h"

#include "CvVisionSdkRules.h"

#include "CvHostRun.h"
#include "CvHostUtility.h"

#include <dirent.h>
#include <stdio.h>
#include <strings.h>
#include <unistd.h>

#include <map>
#include <string>
#include <vector>

namespace {

// The defines the adapter reads by name with GC.getDefineINT (CvVisionSdkRules.cpp, readDefines).
const char* const kVisionDefines[] = { "PLOT_VISIBILITY_RANGE", "UNIT_VISIBILITY_RANGE", "RECON_VISIBILITY_RANGE",
	"PEAK_SEE_FROM_CHANGE", "PEAK_SEE_THROUGH_CHANGE", "HILLS_SEE_FROM_CHANGE", "HILLS_SEE_THROUGH_CHANGE",
	"SEAWATER_SEE_FROM_CHANGE", "SEAWATER_SEE_THROUGH_CHANGE", "MOVE_DENOMINATOR", "HILLS_EXTRA_MOVEMENT" };

// The tree's variable system as the executable holds it (AdvCiv's GC is const; iterating is not).
FVariableSystem& defines() { return *CvGlobals::getInstance().getDefinesVarSystem(); }

std::string json(const std::string& s) { return cvHostJsonString(s); }
const char* json(bool b) { return b ? "true" : "false"; }

void printStrings(const char* name, const std::vector<std::string>& items)
{
	printf(",\n  \"%s\": [", name);
	for (size_t i = 0; i < items.size(); ++i) printf("%s\n    %s", i ? "," : "", json(items[i]).c_str());
	printf("%s]", items.empty() ? "" : "\n  ");
}

void printIntegerDefines()
{
	std::map<std::string, int> values;
	FVariableSystem& system = defines();
	for (std::string name = system.GetFirstVariableName(); !name.empty(); name = system.GetNextVariableName())
	{
		const FVariable* variable = system.GetVariable(name.c_str());
		if (variable && variable->m_eType == FVARTYPE_INT) values[name] = variable->m_iValue;
	}
	printf(",\n  \"integer_defines\": {");
	const char* separator = "";
	for (const auto& value : values)
	{
		printf("%s\n    %s: %d", separator, json(value.first).c_str(), value.second);
		separator = ",";
	}
	printf("%s}", values.empty() ? "" : "\n  ");
}

// A define as the adapter reads it (GetValue into an int): its value, or null when absent.
void printDefine(const char*& separator, const std::string& name, bool onlyWhenSet)
{
	int value = 0;
	const bool set = defines().GetValue(name.c_str(), value);
	if (!set && onlyWhenSet) return;
	printf("%s\n    %s: ", separator, json(name).c_str());
	if (set)
		printf("%d", value);
	else
		printf("null");
	separator = ",";
}

void printVisionDefines(const CvVisionRules& rules)
{
	printf(",\n  \"vision_defines\": {");
	const char* separator = "";
	for (const char* name : kVisionDefines) printDefine(separator, name, false);
	for (int i = 0; i < CV_VISION_NUM_KNOBS; ++i) printDefine(separator, cvVisionKnobInfo(i).szDefine, false);
	for (const CvVisionImprovementRule& improvement : rules.aImprovements)
		printDefine(separator, CV_VISION_SEE_FROM_PREFIX + improvement.szType, true);
	for (const CvVisionUnitRule& unit : rules.aUnits)
		printDefine(separator, CV_VISION_EXTRA_RANGE_PREFIX + unit.szType, true);
	printf("\n  }");
}

// The Assets folder of a root of the search, in the case the disk has it ("assets" in some mods).
std::string assetsFolder(const std::string& root)
{
	std::string found = "Assets";
	if (DIR* d = opendir(root.c_str()))
	{
		while (dirent* e = readdir(d))
			if (strcasecmp(e->d_name, "assets") == 0) found = e->d_name;
		closedir(d);
	}
	return root + "/" + found;
}

// One list of "rules": each element on its own line.
template <class Rule, class Print>
void printList(const char* name, const std::vector<Rule>& items, Print print)
{
	printf(",\n    \"%s\": [", name);
	for (size_t i = 0; i < items.size(); ++i)
	{
		printf("%s\n      {", i ? "," : "");
		print(items[i]);
		printf("}");
	}
	printf("%s]", items.empty() ? "" : "\n    ");
}

void printRules(const CvVisionRules& rules)
{
	const CvVisionLevelDefines& levels = rules.kLevels;
	printf(",\n  \"rules\": {\n    \"levels\": {\"peak_see_from_change\": %d, \"peak_see_through_change\": %d, "
		   "\"hills_see_from_change\": %d, \"hills_see_through_change\": %d, \"seawater_see_from_change\": %d, "
		   "\"seawater_see_through_change\": %d}",
		levels.iPeakSeeFromChange, levels.iPeakSeeThroughChange, levels.iHillsSeeFromChange,
		levels.iHillsSeeThroughChange, levels.iSeaWaterSeeFromChange, levels.iSeaWaterSeeThroughChange);
	printf(",\n    \"ranges\": {\"plot_visibility\": %d, \"unit_visibility\": %d, \"recon_visibility\": %d}",
		rules.iPlotVisibilityRange, rules.iUnitVisibilityRange, rules.iReconVisibilityRange);
	printf(",\n    \"movement\": {\"move_denominator\": %d, \"hills_extra_movement\": %d}", rules.iMoveDenominator,
		rules.iHillsExtraMovement);
	printf(",\n    \"knobs\": {");
	for (int i = 0; i < CV_VISION_NUM_KNOBS; ++i)
		printf("%s\"%s\": %d", i ? ", " : "", cvVisionKnobInfo(i).szDefine, rules.knob(static_cast<CvVisionKnob>(i)));
	printf("}");
	printList("terrains", rules.aTerrains, [](const CvVisionTerrainRule& t) {
		printf("\"type\": %s, \"see_from\": %d, \"see_through\": %d, \"water\": %s, \"movement\": %d, "
			   "\"impassable\": %s",
			json(t.szType).c_str(), t.iSeeFrom, t.iSeeThrough, json(t.bWater), t.iMovement, json(t.bImpassable));
	});
	printList("features", rules.aFeatures, [](const CvVisionFeatureRule& f) {
		printf("\"type\": %s, \"see_through\": %d, \"movement\": %d, \"impassable\": %s", json(f.szType).c_str(),
			f.iSeeThrough, f.iMovement, json(f.bImpassable));
	});
	printList("routes", rules.aRoutes, [](const CvVisionRouteRule& r) {
		printf("\"type\": %s, \"movement\": %d, \"flat_movement\": %d, \"tech_movement_changes\": [",
			json(r.szType).c_str(), r.iMovement, r.iFlatMovement);
		for (size_t i = 0; i < r.aTechMovementChanges.size(); ++i)
			printf("%s[%d, %d]", i ? ", " : "", r.aTechMovementChanges[i].first, r.aTechMovementChanges[i].second);
		printf("]");
	});
	printList("improvements", rules.aImprovements, [](const CvVisionImprovementRule& i) {
		printf("\"type\": %s, \"extra_see_from\": %d", json(i.szType).c_str(), i.iExtraSeeFrom);
	});
	printList("techs", rules.aTechs, [](const CvVisionTechRule& t) {
		printf("\"type\": %s, \"extra_water_see_from\": %s", json(t.szType).c_str(), json(t.bExtraWaterSeeFrom));
	});
	printList("promotions", rules.aPromotions, [](const CvVisionPromotionRule& p) {
		printf("\"type\": %s, \"visibility_change\": %d", json(p.szType).c_str(), p.iVisibilityChange);
	});
	printf(",\n    \"invisible_types\": [");
	for (size_t i = 0; i < rules.aszInvisibleTypes.size(); ++i)
		printf("%s%s", i ? ", " : "", json(rules.aszInvisibleTypes[i]).c_str());
	printf("]");
	printList("units", rules.aUnits, [](const CvVisionUnitRule& u) {
		printf("\"type\": %s, \"domain\": %d, \"see_invisible\": [", json(u.szType).c_str(), (int)u.eDomain);
		for (size_t i = 0; i < u.aeSeeInvisible.size(); ++i) printf("%s%d", i ? ", " : "", u.aeSeeInvisible[i]);
		printf("], \"line_of_sight\": %s, \"extra_range\": %d, \"moves\": %d", json(u.bLineOfSight), u.iExtraRange,
			u.iMoves);
	});
	printf("\n  }");
}

} // namespace

int cvHostRules(const CvHostOptions& options)
{
	CvHostUtility* utility = NULL;
	std::vector<CvHostStep> steps = cvHostStart(options, utility);
	const bool loaded = cvHostStartOk(steps);
	CvVisionRules rules;
	if (loaded)
	{
		cvHostSetStep("reading the vision rules from the loaded infos (cvVisionSdkReadRules)");
		fprintf(stderr, "cvcore-host: reading the vision rules (CvVisionSdkRules.cpp)\n");
		cvVisionSdkReadRules(rules);
	}
	cvHostSetStep("writing the result");
	cvHostResult();
	printf("{\n");
	cvHostPrintStart(stdout, steps, *utility);
	std::vector<std::string> folders;
	for (const std::string& root : utility->files().roots()) folders.push_back(assetsFolder(root));
	printStrings("folders", folders);
	printStrings("files_read", utility->xml().filesLoaded());
	printIntegerDefines();
	if (loaded)
	{
		printVisionDefines(rules);
		printRules(rules);
	}
	else
	{
		printf(",\n  \"vision_defines\": null,\n  \"rules\": null");
	}
	printf("\n}\n");
	return loaded ? 0 : 1;
}
