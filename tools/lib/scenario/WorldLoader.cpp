// See WorldLoader.h.
#include "scenario/WorldLoader.h"

#include "scenario/WorldFromMap.h"
#include "scenario/WorldFromSave.h"
#include "support/DataDir.h"

#include <algorithm>
#include <system_error>
#include <utility>

namespace cvv {

namespace fs = std::filesystem;

std::vector<fs::path> frontEndRulesFolders(const std::vector<fs::path>& aGiven, bool bNoVanilla)
{
	std::vector<fs::path> aAssets = aGiven;
	if (aAssets.empty())
	{
		aAssets = { dataDir() / "Assets" };
	}
	// The game resolves a file through the mod, then Beyond the Sword, then the base game; the
	// bundled vanilla XML stands for the game's own folders, last, unless the user asks for none.
	// (Given the game's folders, it supplies nothing: they have every file.)
	const fs::path kVanilla = bundledVanillaAssets();
	std::error_code kError;
	const bool bGiven = std::any_of(aAssets.begin(), aAssets.end(),
		[&](const fs::path& kFolder) { return fs::equivalent(kFolder, kVanilla, kError); });
	if (!bNoVanilla && !bGiven)
	{
		aAssets.push_back(kVanilla);
	}
	return aAssets;
}

LoadedRules loadFrontEndRules(const std::vector<fs::path>& aGiven, bool bNoVanilla)
{
	return loadVisionRules(frontEndRulesFolders(aGiven, bNoVanilla));
}

bool isSavePath(const fs::path& kPath)
{
	return kPath.extension() == ".CivBeyondSwordSave" || kPath.extension() == ".CivWarlordsSave"
		|| kPath.extension() == ".Civ4SavedGame";
}

const std::set<int>& LoadedWorld::techs(int eTeam) const
{
	static const std::set<int> kNone;
	return (eTeam >= 0 && eTeam < static_cast<int>(aTechs.size())) ? aTechs[eTeam] : kNone;
}

MapView LoadedWorld::view() const
{
	if (kSave && !bMemoryImported)
	{
		return viewOfSave(*kSave, world(), rules());
	}
	return viewOfWorld(world(), rules(), fs::path(path()).filename().string());
}

LoadedWorld loadWorld(const fs::path& kPath, std::shared_ptr<const LoadedRules> pRules, const LoadOptions& kOptions)
{
	LoadedWorld kOut;
	kOut.pRules = std::move(pRules);
	const CvVisionRules& kRules = kOut.rules();
	const bool bSave =
		kOptions.eKind == LoadKind::Save || (kOptions.eKind == LoadKind::ByExtension && isSavePath(kPath));
	if (bSave)
	{
		kOut.kSave = kOptions.oHost ? readSaveThroughHost(kPath, *kOptions.oHost) : readSave(kPath);
		kOut.pWorld = std::make_unique<VisionWorld>(buildSaveWorld(*kOut.kSave, kRules));
		kOut.aTechs = techsOfSave(*kOut.kSave);
		if (kOptions.bImportMemory)
		{
			rememberSave(*kOut.pWorld, *kOut.kSave);
		}
	}
	else
	{
		kOut.kMap = readWorldBuilder(kPath, kOptions.fProgress);
		kOut.pWorld = std::make_unique<VisionWorld>(
			buildWorld(*kOut.kMap, kRules, kOptions.bLenient, &kOut.asWarnings, kOptions.fProgress));
		kOut.aTechs = techsOfMap(*kOut.kMap, kRules);
		if (kOptions.bImportMemory)
		{
			rememberMap(*kOut.pWorld, *kOut.kMap);
		}
	}
	kOut.bMemoryImported = kOptions.bImportMemory;
	return kOut;
}

} // namespace cvv
