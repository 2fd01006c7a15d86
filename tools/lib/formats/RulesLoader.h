// Loads CvVisionRules from a mod's Civ4 XML on the host (TinyXML2), the way the game resolves it:
// an ordered list of Assets folders, the first one that has a file wins (mod, then Beyond the
// Sword, then the base game); defines are read from GlobalDefines.xml, GlobalDefinesAlt.xml,
// PythonCallbackDefines.xml and then every modular *_GlobalDefines.xml, later ones overriding.
// The mod's own knobs (CVVISION_* defines, see CvVisionRules.h) come from the same files; the mod
// ships them in Assets/XML/CvVision_GlobalDefines.xml. With a mod's DLL tree (--sdk), the files and
// their order are the tree's own (see loadVisionRules).
#pragma once

#include "CvVisionRules.h"
#include "formats/TreeXmlLoads.h"

#include <filesystem>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace cvv {

// A problem a modder can act on: "FILE:LINE: what is wrong".
class RulesError : public std::runtime_error
{
public:
	using std::runtime_error::runtime_error;
};

struct LoadedRules
{
	CvVisionRules kRules;
	std::map<std::string, int> kDefines; // every integer define read, by name
	std::map<std::string, std::string> kDefineOrigins; // where each define was last set: "FILE:LINE"
	std::vector<std::string> aszWarnings; // e.g. a known vision define missing (reads as 0)
	std::vector<std::string> aszFilesRead; // in the order they were read
	std::vector<int> aiFileFolders; // per file read: its index in aFolders (-1: none of them)
	std::vector<std::filesystem::path> aFolders; // the Assets folders, highest priority first
	std::string sTree; // the CvGameCoreDLL tree whose own loader read the XML (HostRules.h); empty: ours
	// per info class read ("TerrainInfo"): the file it came from, below its folder's XML/
	// ("Terrain/CIV4TerrainInfos.xml"; with a tree, the tree's); the file the loads name if none has it
	std::map<std::string, std::string> kInfoFiles;
};

// Throws RulesError. aAssetsFolders: folders named like Civ4's "Assets" (holding XML/), highest
// priority first. Folder and file names below each folder are matched case-insensitively, as on
// Windows (xml/Terrain/Civ4TerrainInfos.xml is XML/Terrain/CIV4TerrainInfos.xml).
//
// The files are those BTS 3.19's own XML loading reads (TreeXmlLoads::bts319(): each info class
// from the file and element path its LoadGlobalClassInfo call names, in its order, and the
// GlobalDefines files it reads by name, then the modular ones), the improvements, routes and
// invisible types optional. A folder without the invisible types' file whose
// BasicInfos/CIV4BasicInfos.xml holds <InvisibleInfos> (earlier CvVision versions' layout) gives
// them, with a warning naming both files. A mod whose DLL loads its XML otherwise is read by that
// DLL's own loader (formats/HostRules.h: the tree's core compiled behind the host).
LoadedRules loadVisionRules(const std::vector<std::filesystem::path>& aAssetsFolders);

// The project's own vanilla-valued XML (tools/data/vanilla/Assets), for tools run
// without --assets.
std::filesystem::path bundledVanillaAssets();

} // namespace cvv
