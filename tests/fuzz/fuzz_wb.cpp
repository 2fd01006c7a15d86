// libFuzzer target: a WorldBuilder map (.CivBeyondSwordWBSave) through readWorldBuilder and
// buildWorld with the project's vanilla rules, strict and then lenient, as `cvvision show` does.
#include "FuzzFile.h"
#include "formats/RulesLoader.h"
#include "formats/WbReader.h"
#include "scenario/WorldFromMap.h"

#include <exception>

using namespace cvv;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* pData, size_t uSize)
{
	static const LoadedRules kRules = loadVisionRules({ bundledVanillaAssets() });
	static const std::filesystem::path kPath = fuzz::scratch() / "fuzz.CivBeyondSwordWBSave";
	fuzz::writeFile(kPath, pData, uSize);
	WbMap kMap;
	try
	{
		kMap = readWorldBuilder(kPath);
	}
	catch (const std::exception&)
	{
		return 0;
	}
	for (const bool bLenient : { false, true })
	{
		try
		{
			std::vector<std::string> asWarnings;
			buildWorld(kMap, kRules.kRules, bLenient, &asWarnings);
		}
		catch (const std::exception&)
		{}
	}
	return 0;
}
