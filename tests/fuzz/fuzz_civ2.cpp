// libFuzzer target: a Civilization II file (.SAV/.SCN, or .MP) through parseMapFile and the
// predictions `civ2huts list` and `civ2huts show` make.
#include "Civ2Huts.h"

#include <exception>
#include <vector>

using namespace civ2huts;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* pData, size_t uSize)
{
	const std::vector<uint8_t> aData(pData, pData + uSize);
	try
	{
		const Civ2Map kMap = parseMapFile(aData, "fuzz.sav");
		if (!kMap.seedIsRandom())
		{
			predictHuts(kMap);
			predictSpecials(kMap);
		}
		for (int y = 0; y < kMap.h; ++y)
		{
			for (int x = y & 1; x < kMap.w2; x += 2)
			{
				kMap.at(x, y).terrain();
			}
		}
	}
	catch (const std::exception&)
	{}
	return 0;
}
