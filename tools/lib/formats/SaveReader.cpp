// Reader for Beyond the Sword 3.19 saved games; see SaveReader.h for what it reads and refuses.
// This file reads the container: the header, the compressed chunks and their inflation; the game
// data is read by BTS 3.19's layout (SaveReaderBts.cpp) into records that SaveRecords.cpp maps to
// the world.
//
// File layout (little-endian throughout):
//   i32 save version (302), the header strings (mod name, mod MD5, a checksum word, the Lock
//   Modified Assets text and four MD5s; each string is an i32 length and its characters), i32 size
//   of the game set-up block, the set-up block itself (game options, then per player slot: names, civilization, leader, team, ...), i32 (purpose unknown, 0 in the saves seen),
//   then compressed chunks (u32 length + bytes) up to a zero length, then a tail (checksum).
// The chunk bytes together form one zlib stream, flushed but not always finished; inflated it holds
// the game, the map (header, plots, areas), the 19 teams and the 19 players, then data the reader
// does not need.
#include "formats/SaveReaderImpl.h"

#include <zlib.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <iterator>
#include <memory>

namespace cvv {

using namespace savereader;

namespace {

const size_t kMaxInflated = size_t(1) << 30;

// ---------------------------------------------------------------------------------------------
// Compressed stream
// ---------------------------------------------------------------------------------------------
std::vector<unsigned char> inflateAll(const std::vector<unsigned char>& aIn, Cursor& kFile, size_t iStreamStart)
{
	z_stream z;
	std::memset(&z, 0, sizeof(z));
	if (inflateInit(&z) != Z_OK) kFile.failAt(iStreamStart, "zlib could not start");

	// The output grows without being zeroed first (zlib writes it): zero-filling eight times the
	// compressed size cost more than inflating.
	size_t iCapacity = std::min(std::max<size_t>(aIn.size() * 8, 1 << 16), kMaxInflated);
	std::unique_ptr<unsigned char[]> pOut(new unsigned char[iCapacity]);
	z.next_in = const_cast<Bytef*>(aIn.data());
	z.avail_in = static_cast<uInt>(aIn.size());
	size_t iOut = 0;
	int iRet = Z_OK;
	for (;;)
	{
		if (iOut == iCapacity)
		{
			if (iCapacity >= kMaxInflated)
			{
				inflateEnd(&z);
				kFile.failAt(iStreamStart, "the compressed stream inflates to more than 1 GiB");
			}
			iCapacity = std::min(iCapacity * 2, kMaxInflated);
			std::unique_ptr<unsigned char[]> pLarger(new unsigned char[iCapacity]);
			std::memcpy(pLarger.get(), pOut.get(), iOut);
			pOut = std::move(pLarger);
		}
		z.next_out = pOut.get() + iOut;
		z.avail_out = static_cast<uInt>(iCapacity - iOut);
		iRet = inflate(&z, Z_SYNC_FLUSH);
		iOut = iCapacity - z.avail_out;
		if (iRet == Z_STREAM_END) break;
		if (iRet == Z_OK) continue;
		if (iRet == Z_BUF_ERROR && z.avail_in == 0)
			break; // all input used: the game flushes the stream without finishing it
		if (iRet == Z_BUF_ERROR && z.avail_out == 0) continue;
		std::string sMsg = z.msg ? z.msg : "unknown error";
		inflateEnd(&z);
		kFile.failAt(iStreamStart, "the compressed stream is corrupt (zlib: " + sMsg + ")");
	}
	const uInt iUnused = z.avail_in;
	inflateEnd(&z);
	if (iRet == Z_STREAM_END && iUnused != 0)
	{
		std::ostringstream k;
		k << "the compressed stream ends " << iUnused << " bytes before the chunk data does";
		kFile.failAt(iStreamStart, k.str());
	}
	return std::vector<unsigned char>(pOut.get(), pOut.get() + iOut);
}

// Real saves are a few MB (a Gigantic late game: under 10 MB); reading stops past this, so an
// endless stream (/dev/zero) costs at most this much.
const size_t kMaxSaveBytes = size_t(64) << 20;

std::vector<unsigned char> readFile(const std::filesystem::path& kPath)
{
	std::error_code kError;
	if (std::filesystem::is_directory(kPath, kError))
		throw SaveError(kPath.string() + ": offset 0 (file): is a directory, not a saved game");
	std::ifstream kIn(kPath, std::ios::binary);
	if (!kIn) throw SaveError(kPath.string() + ": offset 0 (file): cannot open the file");
	std::vector<unsigned char> a;
	char acBuffer[65536];
	try
	{
		while (kIn.read(acBuffer, sizeof(acBuffer)) || kIn.gcount() > 0)
		{
			if (a.size() + static_cast<size_t>(kIn.gcount()) > kMaxSaveBytes)
				throw SaveError(kPath.string() + ": offset " + std::to_string(kMaxSaveBytes)
					+ " (file): the file is larger than a saved game can be (at most "
					+ std::to_string(kMaxSaveBytes >> 20) + " MB)");
			a.insert(a.end(), acBuffer, acBuffer + kIn.gcount());
		}
	}
	catch (const std::ios_base::failure&)
	{
		throw SaveError(kPath.string() + ": offset " + std::to_string(a.size()) + " (file): read error");
	}
	if (kIn.bad()) throw SaveError(kPath.string() + ": offset " + std::to_string(a.size()) + " (file): read error");
	return a;
}

} // namespace

SaveGame readSave(const std::filesystem::path& kPath) { return readSaveBytes(readFile(kPath), kPath.string()); }

SaveGame readSaveBytes(const std::vector<unsigned char>& aFile, const std::string& sFile)
{
	if (aFile.empty()) throw SaveError(sFile + ": offset 0 (header): the file is empty");

	SaveGame kSave;
	kSave.sPath = sFile;

	// ---- header ----
	Cursor kFile(aFile.data(), aFile.size(), sFile);
	kFile.setSection("header");
	const int iVersion = kFile.i32("the save version");
	if (iVersion != kBtsSaveVersion)
		kFile.moddedAt(0,
			"save version " + std::to_string(iVersion) + " (BTS 3.19 writes " + std::to_string(kBtsSaveVersion) + ")");
	kSave.iSaveVersion = iVersion;
	// The header (docs/file-formats.md, section 3.1): the mod's name, the mod's MD5, a checksum
	// word, then the Lock Modified Assets text and four MD5s. Single-player games leave them empty;
	// games started with Lock Modified Assets (multiplayer, hotseat, PBEM) fill the text and the
	// MD5s. Only a mod name makes a save modded.
	{
		const size_t iAt = kFile.pos();
		const std::string sMod = kFile.string("the header's mod name", 1024);
		kSave.sMod = sMod;
		if (!sMod.empty()) kFile.moddedAt(iAt, "the header names the mod '" + sMod + "'");
	}
	kFile.md5("the header's mod MD5");
	kFile.skipInts(1, "the header's checksum word");
	kSave.sLockModifiedAssets = kFile.string("the header's Lock Modified Assets text", 1024);
	for (int i = 0; i < 4; ++i) kSave.asLockModifiedAssetsMd5.push_back(kFile.md5("a Lock Modified Assets MD5"));
	while (!kSave.asLockModifiedAssetsMd5.empty() && kSave.asLockModifiedAssetsMd5.back().empty())
		kSave.asLockModifiedAssetsMd5.pop_back();
	const size_t iSizeAt = kFile.pos();
	const int iSetUpSize = kFile.i32("the size of the set-up block");
	if (iSetUpSize <= 0 || size_t(iSetUpSize) > kFile.left())
	{
		std::ostringstream o;
		o << "the set-up block is " << iSetUpSize << " bytes, but the file has " << kFile.left() << " left";
		kFile.failAt(iSizeAt, o.str());
	}
	const size_t iSetUpStart = kFile.pos();
	const BtsSetUp kSetUp = readBtsSetUp(aFile.data() + iSetUpStart, size_t(iSetUpSize), iSetUpStart, sFile);
	kFile.seek(iSetUpStart + size_t(iSetUpSize));
	kFile.skipInts(1, "the word after the set-up block");

	// ---- chunks ----
	kFile.setSection("compressed stream");
	const size_t iStreamStart = kFile.pos();
	std::vector<unsigned char> aCompressed;
	for (int iChunk = 0;; ++iChunk)
	{
		if (kFile.left() < 4)
			kFile.fail("the file ends before the compressed stream's end marker (a zero chunk length)");
		const size_t iAt = kFile.pos();
		const uint32_t iLength = kFile.u32("a chunk length");
		if (iLength == 0) break;
		if (iLength > kFile.left())
		{
			std::ostringstream o;
			o << "chunk " << iChunk << " claims " << iLength << " bytes, but the file has only " << kFile.left()
			  << " left";
			kFile.failAt(iAt, o.str());
		}
		if (iChunk == 0)
		{
			const unsigned char* p = aFile.data() + kFile.pos();
			if (iLength < 2 || (p[0] & 0x0f) != 8 || ((unsigned(p[0]) << 8) | p[1]) % 31 != 0)
				kFile.failAt(kFile.pos(), "the first chunk does not start with a zlib header");
		}
		aCompressed.insert(aCompressed.end(), aFile.begin() + std::ptrdiff_t(kFile.pos()),
			aFile.begin() + std::ptrdiff_t(kFile.pos() + iLength));
		kFile.skip(iLength, "a chunk");
	}
	if (aCompressed.empty()) kFile.failAt(iStreamStart, "the compressed stream is empty");
	if (aCompressed.size() > 0xffffffffu) kFile.failAt(iStreamStart, "the compressed stream is larger than 4 GiB");
	const std::vector<unsigned char> aData = inflateAll(aCompressed, kFile, iStreamStart);

	// ---- inflated game data ----
	readBtsData(kSetUp, aData, kSave);
	return kSave;
}

} // namespace cvv