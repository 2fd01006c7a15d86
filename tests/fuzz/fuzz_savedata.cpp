// libFuzzer target: a saved game whose game data the fuzzer sees inflated, so that its mutations
// reach the parser instead of failing zlib's checks (fuzz_save takes the file as it is). The input
// is the save's uncompressed header (its length first: a little-endian u32) followed by the
// inflated game data; the target compresses the data (stored deflate blocks: cheap, and any byte
// sequence is valid), puts the file together as the game writes it (docs/file-formats.md,
// section 3) and reads it from memory through readSaveBytes, buildSaveWorld and auditSave, as
// `cvvision audit` does. run.sh makes the seeds from the real saves.
#include "formats/RulesLoader.h"
#include "analysis/SaveAudit.h"
#include "scenario/WorldFromSave.h"
#include "formats/SaveReader.h"

#include <zlib.h>

#include <cstdint>
#include <cstdlib>
#include <exception>
#include <memory>
#include <vector>

using namespace cvv;

namespace {
void appendU32(std::vector<unsigned char>& aOut, uint32_t u)
{
	for (int i = 0; i < 4; ++i)
	{
		aOut.push_back(static_cast<unsigned char>(u >> (8 * i)));
	}
}

// The header, then the data compressed as one chunk, the zero length that ends the chunks and
// an empty checksum tail.
std::vector<unsigned char> saveOf(const uint8_t* pHeader, size_t uHeader, const uint8_t* pData, size_t uData)
{
	uLongf uCompressed = compressBound(static_cast<uLong>(uData));
	std::unique_ptr<unsigned char[]> pCompressed(new unsigned char[uCompressed]); // not zeroed
	if (compress2(pCompressed.get(), &uCompressed, pData, static_cast<uLong>(uData), Z_NO_COMPRESSION) != Z_OK)
	{
		std::abort(); // not the reader's fault
	}
	std::vector<unsigned char> aFile;
	aFile.reserve(uHeader + uCompressed + 12);
	aFile.insert(aFile.end(), pHeader, pHeader + uHeader);
	appendU32(aFile, static_cast<uint32_t>(uCompressed));
	aFile.insert(aFile.end(), pCompressed.get(), pCompressed.get() + uCompressed);
	appendU32(aFile, 0);
	appendU32(aFile, 0);
	return aFile;
}
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* pData, size_t uSize)
{
	static const LoadedRules kRules = loadVisionRules({ bundledVanillaAssets() });
	if (uSize < 4)
	{
		return 0;
	}
	const uint32_t uClaimed = static_cast<uint32_t>(pData[0]) | (static_cast<uint32_t>(pData[1]) << 8)
		| (static_cast<uint32_t>(pData[2]) << 16) | (static_cast<uint32_t>(pData[3]) << 24);
	const size_t uHeader = uClaimed < uSize - 4 ? uClaimed : uSize - 4;
	const std::vector<unsigned char> aFile = saveOf(pData + 4, uHeader, pData + 4 + uHeader, uSize - 4 - uHeader);
	try
	{
		const SaveGame kSave = readSaveBytes(aFile, "fuzz.CivBeyondSwordSave");
		const VisionWorld kWorld = buildSaveWorld(kSave, kRules.kRules);
		auditSave(kSave, kWorld, kRules.kRules);
	}
	catch (const std::exception&)
	{}
	return 0;
}
