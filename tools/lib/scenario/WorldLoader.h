// One loader for both front ends (the command line and `import cvvision`): a WorldBuilder map or a
// saved game and the rules in; the world of its sight sources, every team's techs and memory, the
// warnings of a lenient load and its view out. The readers (formats/) only read; the world is built
// here (WorldFromMap.h, WorldFromSave.h).
//
//     const auto pRules = std::make_shared<const LoadedRules>(loadFrontEndRules({}, false));
//     const LoadedWorld kLoaded = loadWorld("PublicMaps/CvVision_Sample.CivBeyondSwordWBSave", pRules);
//     renderText(kLoaded.view(), kOptions);
#pragma once

#include "formats/RulesLoader.h"
#include "formats/HostSave.h"
#include "formats/SaveReader.h"
#include "formats/WbReader.h"
#include "model/MapView.h"
#include "model/VisionWorld.h"

#include <filesystem>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace cvv {

// The rules' folders the front ends use: the folders given (the mod's first), or without any the
// project's Assets/; then the bundled vanilla XML last, standing for the game's own folders, unless
// bNoVanilla or it is already among them. loadFrontEndRules loads them (RulesError on bad XML).
std::vector<std::filesystem::path> frontEndRulesFolders(
	const std::vector<std::filesystem::path>& aGiven, bool bNoVanilla);
LoadedRules loadFrontEndRules(const std::vector<std::filesystem::path>& aGiven, bool bNoVanilla);

// A saved game by its extension (.CivBeyondSwordSave, .CivWarlordsSave, .Civ4SavedGame); any other
// file is a WorldBuilder map.
bool isSavePath(const std::filesystem::path& kPath);

enum class LoadKind {
	ByExtension, // isSavePath decides
	Map, // a WorldBuilder map whatever its name
	Save // a saved game whatever its name
};

struct LoadOptions
{
	LoadKind eKind = LoadKind::ByExtension;
	// A map's unknown type names, unknown owners and plots outside its size become warnings and are
	// skipped, instead of a WbError naming the line. (A save has no lenient mode.)
	bool bLenient = false;
	// The file's own memory (a map's TeamReveal plots, a save's revealed plots) into the world's;
	// without it the world remembers only what its own sight reaches (and a save's view still shows
	// the save's revealed plots as fog).
	bool bImportMemory = true;
	// Called now and then while a map is read and placed (what, done, total; total -1: unknown).
	WbProgress fProgress = nullptr;
	// A save read by its mod's own core, compiled and run behind the host (formats/HostSave.h);
	// none: the built-in reader of unmodified BTS 3.19 saves (formats/SaveReader.h).
	std::optional<HostSaveOptions> oHost;
};

// A map or a save and the world built from it.
struct LoadedWorld
{
	std::shared_ptr<const LoadedRules> pRules;
	std::optional<WbMap> kMap; // the file as read, when it is a WorldBuilder map
	std::optional<SaveGame> kSave; // the file as read, when it is a saved game
	std::unique_ptr<VisionWorld> pWorld;
	std::vector<std::set<int>> aTechs; // per team, the techs it knows (a save: one entry per team slot)
	std::vector<std::string> asWarnings; // a lenient load's, each "FILE:LINE: what; skipped"
	bool bMemoryImported = false;

	const CvVisionRules& rules() const { return pRules->kRules; }
	const VisionWorld& world() const { return *pWorld; }
	VisionWorld& world() { return *pWorld; }
	bool isSave() const { return kSave.has_value(); }
	// The file as given (the reader's path), for messages and outputs.
	const std::string& path() const { return kSave ? kSave->sPath : kMap->sPath; }
	// Size, wrap and teams as the file states them (the barbarians are the last team).
	int width() const { return world().state().iWidth; }
	int height() const { return world().state().iHeight; }
	bool wrapX() const { return world().state().bWrapX; }
	bool wrapY() const { return world().state().bWrapY; }
	int numTeams() const { return world().state().iNumTeams; }
	int barbarianTeam() const { return numTeams() - 1; }
	// eTeam's techs; none for a team the file does not list.
	const std::set<int>& techs(int eTeam) const;
	// The world as the renderers draw it, titled with the file's name. The fog is the world's memory;
	// for a save whose memory was not imported, the save's own revealed plots.
	MapView view() const;
};

// Reads kPath with the rules and builds its world: rules, file, world, techs, then memory. Throws
// WbError or SaveError naming the file (missing, a folder, bad content, names the rules lack).
LoadedWorld loadWorld(const std::filesystem::path& kPath, std::shared_ptr<const LoadedRules> pRules,
	const LoadOptions& kOptions = LoadOptions());

} // namespace cvv
