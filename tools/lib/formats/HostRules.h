// The vision rules of a mod's own game core: its whole CvGameCoreDLL, compiled and run on Linux
// behind the host (tools/host, docs/host.md), loads the game's XML with its own loader, and
// CvVision's SDK adapter (CvGameCoreDLL/CvVisionSdkRules.cpp), compiled beside it, reads the rules
// from its loaded infos and defines as it does in the game. `cvcore rules TREE --game DIR [--assets
// MOD/Assets]` prints them as JSON; this turns that into the LoadedRules the XML reader gives
// (formats/RulesLoader.h), so that a mod whose DLL loads its XML otherwise (other files, other
// tags, modular files) is read as its own DLL reads it.
//
// The core runs in a child process: XML its loader refuses (a message box), a step of the load that
// fails, a crash or a hang ends that process, and its message becomes a RulesError naming the tree,
// the load step and the file.
#pragma once

#include "formats/HostProcess.h"
#include "formats/RulesLoader.h"

#include <string>

namespace cvv {

// The rules of kOptions.kTree's own loaded infos over kOptions.kGame's XML, with kOptions.kModAssets
// searched first. Throws RulesError (the tree does not build, its XML does not load, rules the
// engine cannot take: a sight range beyond CV_VISION_MAX_RANGE, a level that overflows).
//
// The LoadedRules: kRules as the adapter read them; kDefines every integer define the tree's
// variable system holds (kDefineOrigins empty: the tree's loader keeps no places); aFolders the
// Assets folders searched, highest priority first; aszFilesRead the XML files the tree's loader
// read, in order, aiFileFolders the folder of each; kInfoFiles the file of each of the vision's
// info classes (TerrainInfo, FeatureInfo, RouteInfo, ImprovementInfo, TechInfo, PromotionInfo,
// InvisibleInfo, UnitInfo) below its folder's XML/, the last file read named CIV4<class>s.xml (a
// class whose file is named otherwise is left out); aszWarnings a vision define the tree's
// defines lack ("reads as 0"); sTree the tree.
LoadedRules loadRulesByHost(const HostOptions& kOptions);

// The rules of the host's JSON (`cvcore rules`' output, tools/host/runtime/CvHostRulesCommand.cpp).
// sWhere names it in messages, sTree goes to LoadedRules::sTree. Throws RulesError: JSON that is
// broken or not of that shape (the member's path named), a load that did not finish (the step and
// the message boxes), values the engine cannot take.
LoadedRules rulesFromHostJson(const std::string& sJson, const std::string& sWhere, const std::string& sTree);

} // namespace cvv
