// libFuzzer target: a saved game (.CivBeyondSwordSave) through readSave, buildSaveWorld and
// auditSave with the project's vanilla rules, as `cvvision audit` does.
#include "FuzzFile.h"
#include "formats/RulesLoader.h"
#include "analysis/SaveAudit.h"
#include "scenario/WorldFromSave.h"
#include "formats/SaveReader.h"

#include <exception>

using namespace cvv;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* pData, size_t uSize)
{
	static const LoadedRules kRules = loadVisionRules({ bundledVanillaAssets() });
	static const std::filesystem::path kPath = fuzz::scratch() / "fuzz.CivBeyondSwordSave";
	fuzz::writeFile(kPath, pData, uSize);
	try
	{
		const SaveGame kSave = readSave(kPath);
		const VisionWorld kWorld = buildSaveWorld(kSave, kRules.kRules);
		auditSave(kSave, kWorld, kRules.kRules);
	}
	catch (const std::exception&)
	{}
	return 0;
}
