// libFuzzer target: a mod's rules XML through loadVisionRules. The input's first byte chooses
// which of the loader's files it is (kFiles below, modulo their number), the rest is that file's
// text, in a mod's Assets folder over the project's vanilla XML, as `cvvision rules --assets MOD`
// reads it. tests/fuzz/seeds.sh makes seeds of the same shape.
#include "FuzzFile.h"
#include "formats/RulesLoader.h"

#include <exception>

using namespace cvv;

namespace {
const char* const kFiles[] = {
	"XML/GlobalDefines.xml", "XML/CvVision_GlobalDefines.xml", "XML/Terrain/CIV4TerrainInfos.xml",
	"XML/Terrain/CIV4FeatureInfos.xml", "XML/Terrain/CIV4ImprovementInfos.xml", "XML/BasicInfos/CIV4BasicInfos.xml",
	"XML/Units/CIV4UnitInfos.xml", "XML/Units/CIV4PromotionInfos.xml", "XML/Misc/CIV4RouteInfos.xml",
	"XML/Technologies/CIV4TechInfos.xml", "XML/GlobalDefinesAlt.xml",
	"XML/BasicInfos/CIV4InvisibleInfos.xml", // BTS's place; index 5 is the older layout's
};
constexpr size_t kFileCount = sizeof(kFiles) / sizeof(kFiles[0]);
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* pData, size_t uSize)
{
	if (uSize < 1)
	{
		return 0;
	}
	const std::filesystem::path kMod = fuzz::scratch() / "Assets";
	std::error_code kIgnored;
	std::filesystem::remove_all(kMod, kIgnored);
	const std::filesystem::path kFile = kMod / kFiles[pData[0] % kFileCount];
	std::filesystem::create_directories(kFile.parent_path());
	fuzz::writeFile(kFile, pData + 1, uSize - 1);
	try
	{
		loadVisionRules({ kMod, bundledVanillaAssets() });
	}
	catch (const std::exception&)
	{}
	return 0;
}
