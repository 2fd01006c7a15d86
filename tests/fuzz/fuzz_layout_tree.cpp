// libFuzzer target: a CvGameCoreDLL tree's C++ as the save-layout deriver reads it (formats/
// SaveLayout.h). The input is one source file of a small tree (CvPlot.cpp, which marks a tree, and
// CvDefines.h with two slots beside it): derived, walked class by class as `cvvision save-layout`
// does, and run over made-up data. A modder's tree is outside input like a save.
#include "FuzzFile.h"
#include "formats/SaveLayout.h"

#include <exception>
#include <filesystem>
#include <fstream>

using namespace cvv;

namespace {
std::filesystem::path fuzzTree()
{
	const std::filesystem::path k = fuzz::scratch() / "tree";
	std::filesystem::create_directories(k);
	std::ofstream(k / "CvPlot.cpp") << "";
	std::ofstream(k / "CvDefines.h") << "#define MAX_CIV_PLAYERS (1)\n#define MAX_PLAYERS (2)\n#define MAX_TEAMS (2)\n";
	return k;
}
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* pData, size_t uSize)
{
	static const std::filesystem::path kTree = fuzzTree();
	fuzz::writeFile(kTree / "CvFuzzed.cpp", pData, uSize);
	const LayoutCounts fCounts = [](const std::string&) { return 3; };
	try
	{
		const std::shared_ptr<const SaveLayout> pLayout = SaveLayout::derive(kTree);
		pLayout->report();
		exerciseLayout(*pLayout, fCounts, { { 0, 0 }, { 2, 2 }, { 1, 100 } }, 1 << 16);
	}
	catch (const std::exception&)
	{}
	return 0;
}
