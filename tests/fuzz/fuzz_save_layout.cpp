// libFuzzer target: a saved game read with a layout derived from a CvGameCoreDLL tree (formats/
// SaveLayout.h), then built and audited as `cvvision audit --sdk TREE` does. The tree is derived
// once at start-up from the folder in the environment variable CVVISION_FUZZ_SDK (run.sh sets it to
// a tree of ../shared/data/sdk: PB Mod v10's, whose 53 slots and fields of its own the derived
// layout must follow); without it the target reads nothing.
#include "FuzzFile.h"
#include "analysis/SaveAudit.h"
#include "formats/RulesLoader.h"
#include "formats/SaveLayout.h"
#include "formats/SaveReader.h"
#include "scenario/WorldFromSave.h"

#include <cstdlib>
#include <exception>
#include <memory>

using namespace cvv;

namespace {
std::shared_ptr<const SaveLayout> fuzzLayout()
{
	const char* szTree = std::getenv("CVVISION_FUZZ_SDK");
	return szTree && *szTree ? SaveLayout::derive(szTree) : nullptr;
}
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* pData, size_t uSize)
{
	static const std::shared_ptr<const SaveLayout> pLayout = fuzzLayout();
	static const LoadedRules kRules = loadVisionRules({ bundledVanillaAssets() });
	static const std::filesystem::path kPath = fuzz::scratch() / "fuzz.CivBeyondSwordSave";
	if (!pLayout)
	{
		return 0;
	}
	fuzz::writeFile(kPath, pData, uSize);
	try
	{
		const SaveGame kSave = readSave(kPath, SaveReadOptions{ pLayout, { bundledVanillaAssets() }, false });
		const VisionWorld kWorld = buildSaveWorld(kSave, kRules.kRules);
		auditSave(kSave, kWorld, kRules.kRules);
	}
	catch (const std::exception&)
	{}
	return 0;
}
