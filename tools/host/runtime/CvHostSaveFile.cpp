// A saved game's outer layer (CvHostSaveFile.h): the header, the init core block, the compressed
// chunks and their inflation, the tail; written back by deflating the game data as the game does,
// and the game's checksum over them.
#include "CvHostSaveFile.h"

#include "CvHostBytes.h"
#include "CvHostMd5.h"

#include <zlib.h>

#include <cstring>
#include <fstream>
#include <sstream>
#include <utility>

const size_t CvHostSaveFile::kMaxFileBytes = size_t(64) << 20;
const size_t CvHostSaveFile::kMaxInflatedBytes = size_t(256) << 20;

namespace {

// The part names of the errors.
const char* const kFile = "file";
const char* const kHeaderPart = "header";
const char* const kInitCorePart = "init core";
const char* const kChunksPart = "compressed stream";
const char* const kDataPart = "game data";
const char* const kTailPart = "tail";

// The tail's end: the checksum byte, then the checksum as a string of 32 digits.
const size_t kChecksumDigits = 32;
const size_t kTailEnd = 1 + 4 + kChecksumDigits;

const unsigned char kChecksumMagic[4] = { 0x4D, 0xE6, 0x40, 0xBB };

std::string number(unsigned long long i)
{
	std::ostringstream k;
	k << i;
	return k.str();
}

bool isHex(const std::string& s)
{
	for (size_t i = 0; i < s.size(); ++i)
	{
		const char c = s[i];
		if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'))) return false;
	}
	return true;
}

// Reads the parts of one file; every error names it.
class Reader
{
public:
	Reader(const unsigned char* pData, size_t iSize, const std::string& sName)
		: m_kBytes(pData, iSize), m_pData(pData), m_sName(sName)
	{}

	[[noreturn]] void fail(const char* szPart, size_t iOffset, const std::string& sProblem) const
	{
		throw CvHostSaveError(m_sName, szPart, iOffset, sProblem);
	}

	// A string of the header: text (no control characters) or, with bMd5, empty or 32 hex digits.
	std::string headerString(const char* szWhat, bool bMd5)
	{
		const size_t iAt = m_kBytes.position();
		std::string s;
		try
		{
			s = m_kBytes.readString(szWhat);
		}
		catch (const CvHostBytesError& e)
		{
			fail(kHeaderPart, e.offset(), problemOf(e));
		}
		if (bMd5 && !s.empty() && (s.size() != kChecksumDigits || !isHex(s)))
			fail(kHeaderPart, iAt,
				std::string(szWhat) + " is '" + printable(s) + "' (an MD5 is empty or 32 hexadecimal digits)");
		for (size_t i = 0; i < s.size(); ++i)
			if (static_cast<unsigned char>(s[i]) < 0x20)
				fail(kHeaderPart, iAt, std::string(szWhat) + " holds a control character: not text");
		return s;
	}

	uint32_t u32(const char* szPart, const char* szWhat)
	{
		try
		{
			return m_kBytes.readU32(szWhat);
		}
		catch (const CvHostBytesError& e)
		{
			fail(szPart, e.offset(), problemOf(e));
		}
	}

	static std::string problemOf(const CvHostBytesError& e)
	{
		std::ostringstream k;
		k << "the file ends: " << e.asked() << " needs " << e.wanted() << " bytes, only " << e.available() << " left";
		return e.pastEnd() ? k.str() : e.asked() + ": " + e.problem();
	}

	static std::string printable(const std::string& s)
	{
		std::string t;
		for (size_t i = 0; i < s.size() && i < 40; ++i)
			t.push_back(
				static_cast<unsigned char>(s[i]) < 0x20 || static_cast<unsigned char>(s[i]) >= 0x7f ? '?' : s[i]);
		return s.size() > 40 ? t + "..." : t;
	}

	CvHostBytes m_kBytes;
	const unsigned char* m_pData;
	std::string m_sName;
};

// The concatenated payloads, inflated. The game flushes its stream without finishing it: the
// input then ends where a block does.
std::vector<unsigned char> inflateAll(const std::vector<unsigned char>& aIn, const Reader& kFile, size_t iAt)
{
	z_stream z;
	std::memset(&z, 0, sizeof(z));
	if (inflateInit(&z) != Z_OK) kFile.fail(kDataPart, iAt, "zlib could not start");
	std::vector<unsigned char> aOut;
	size_t iCapacity =
		aIn.size() < (CvHostSaveFile::kMaxInflatedBytes / 8) ? aIn.size() * 8 : CvHostSaveFile::kMaxInflatedBytes;
	if (iCapacity < 65536) iCapacity = 65536;
	aOut.resize(iCapacity);
	z.next_in = const_cast<Bytef*>(aIn.data());
	z.avail_in = static_cast<uInt>(aIn.size());
	size_t iOut = 0;
	int iRet = Z_OK;
	std::string sProblem;
	for (;;)
	{
		if (iOut == aOut.size())
		{
			if (aOut.size() >= CvHostSaveFile::kMaxInflatedBytes)
			{
				sProblem = "the compressed stream inflates to more than "
					+ number(CvHostSaveFile::kMaxInflatedBytes >> 20) + " MB";
				break;
			}
			const size_t iLarger = aOut.size() * 2 < CvHostSaveFile::kMaxInflatedBytes
				? aOut.size() * 2
				: CvHostSaveFile::kMaxInflatedBytes;
			aOut.resize(iLarger);
		}
		z.next_out = aOut.data() + iOut;
		z.avail_out = static_cast<uInt>(aOut.size() - iOut);
		iRet = inflate(&z, Z_SYNC_FLUSH);
		iOut = aOut.size() - z.avail_out;
		if (iRet == Z_STREAM_END) break;
		if (iRet == Z_OK || (iRet == Z_BUF_ERROR && z.avail_out == 0))
		{
			if (z.avail_in == 0 && z.avail_out != 0) break;
			continue;
		}
		if (iRet == Z_BUF_ERROR && z.avail_in == 0) break;
		sProblem =
			std::string("the compressed stream is damaged (zlib: ") + (z.msg ? z.msg : "error " + number(iRet)) + ")";
		break;
	}
	// 128: inflate stopped between blocks (zlib's data_type), as after the game's sync flush
	if (sProblem.empty() && iRet != Z_STREAM_END && !(z.data_type & 128))
		sProblem = "the compressed stream stops inside a deflate block (cut short or damaged)";
	if (sProblem.empty() && iRet == Z_STREAM_END && z.avail_in != 0)
		sProblem = "the compressed stream ends " + number(z.avail_in) + " bytes before its chunks do";
	inflateEnd(&z);
	if (!sProblem.empty()) kFile.fail(kDataPart, iAt, sProblem);
	aOut.resize(iOut);
	return aOut;
}

// The tail's pieces: the pickle string's end, checked with the rest of its shape.
size_t tailShape(const std::vector<unsigned char>& aTail, std::string* pProblem)
{
	CvHostBytes k(aTail);
	size_t iPickleEnd = 0;
	try
	{
		k.readString("the pickle string");
		iPickleEnd = k.position();
	}
	catch (const CvHostBytesError& e)
	{
		*pProblem = Reader::problemOf(e);
		return 0;
	}
	if (aTail.size() - iPickleEnd < kTailEnd)
	{
		*pProblem = "the file ends " + number(aTail.size() - iPickleEnd)
			+ " bytes after the pickle string, before the checksum byte and the checksum (" + number(kTailEnd)
			+ " bytes)";
		return 0;
	}
	const unsigned char* p = aTail.data() + aTail.size() - kTailEnd + 1;
	const uint32_t iDigits = uint32_t(p[0]) | (uint32_t(p[1]) << 8) | (uint32_t(p[2]) << 16) | (uint32_t(p[3]) << 24);
	const std::string sDigits(reinterpret_cast<const char*>(p + 4), kChecksumDigits);
	if (iDigits != kChecksumDigits || !isHex(sDigits))
	{
		*pProblem = "the file does not end with the checksum (a string of 32 hexadecimal digits)";
		return 0;
	}
	return iPickleEnd;
}

void writeHeader(CvHostBytes& k, const CvHostSaveHeader& h)
{
	k.writeU32(h.iVersion);
	k.writeString(h.sModName);
	k.writeString(h.sModMd5);
	k.writeU32(h.iChecksumWord);
	k.writeString(h.sLockModifiedAssets);
	for (int i = 0; i < 4; ++i) k.writeString(h.asLockModifiedAssetsMd5[i]);
}

} // namespace

// ---------------------------------------------------------------------------------------------
// The error, the header
// ---------------------------------------------------------------------------------------------
CvHostSaveError::CvHostSaveError(
	const std::string& sFile, const std::string& sPart, size_t iOffset, const std::string& sProblem)
	: std::runtime_error(sFile + ": " + sPart + ", offset " + number(iOffset) + ": " + sProblem), m_sFile(sFile),
	  m_sPart(sPart), m_iOffset(iOffset), m_sProblem(sProblem)
{}

CvHostSaveHeader::CvHostSaveHeader() : iVersion(CvHostSaveFile::kVersion), iChecksumWord(0) {}

bool CvHostSaveHeader::operator==(const CvHostSaveHeader& k) const
{
	for (int i = 0; i < 4; ++i)
		if (asLockModifiedAssetsMd5[i] != k.asLockModifiedAssetsMd5[i]) return false;
	return iVersion == k.iVersion && sModName == k.sModName && sModMd5 == k.sModMd5 && iChecksumWord == k.iChecksumWord
		&& sLockModifiedAssets == k.sLockModifiedAssets;
}

CvHostSaveFile::CvHostSaveFile() : iAfterInitCore(0) {}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------
CvHostSaveFile CvHostSaveFile::read(const std::vector<unsigned char>& aFile, const std::string& sName)
{
	return read(aFile.data(), aFile.size(), sName);
}

CvHostSaveFile CvHostSaveFile::read(const unsigned char* pData, size_t iSize, const std::string& sName)
{
	if (iSize == 0) throw CvHostSaveError(sName, kFile, 0, "the file is empty: not a saved game");
	if (iSize > kMaxFileBytes)
		throw CvHostSaveError(sName, kFile, 0,
			"the file is " + number(iSize) + " bytes, larger than a saved game can be (at most "
				+ number(kMaxFileBytes >> 20) + " MB)");
	Reader r(pData, iSize, sName);
	CvHostBytes& k = r.m_kBytes;
	CvHostSaveFile kSave;

	// ---- header ----
	if (iSize < 4) r.fail(kHeaderPart, 0, "the file is " + number(iSize) + " bytes: not a saved game");
	const uint32_t iVersion = k.readU32();
	if (iVersion != kVersion)
	{
		if (iVersion >= 100 && iVersion < 400)
			r.fail(kHeaderPart, 0,
				"save version " + number(iVersion) + " ("
					+ (iVersion < 200        ? "Civilization IV"
							: iVersion < 300 ? "Warlords"
											 : "Beyond the Sword")
					+ "); the host reads Beyond the Sword 3.19's, version " + number(kVersion));
		r.fail(kHeaderPart, 0,
			"not a Civilization IV saved game: it starts with " + number(iVersion)
				+ ", where a save starts with its version (" + number(kVersion) + ")");
	}
	kSave.kHeader.iVersion = iVersion;
	kSave.kHeader.sModName = r.headerString("the mod name", false);
	kSave.kHeader.sModMd5 = r.headerString("the mod MD5", true);
	kSave.kHeader.iChecksumWord = r.u32(kHeaderPart, "the checksum word");
	kSave.kHeader.sLockModifiedAssets = r.headerString("the Lock Modified Assets text", false);
	for (int i = 0; i < 4; ++i)
		kSave.kHeader.asLockModifiedAssetsMd5[i] = r.headerString("a Lock Modified Assets MD5", true);

	// ---- init core ----
	const size_t iSizeAt = k.position();
	const uint32_t iInitCore = r.u32(kHeaderPart, "the init core's size");
	if (iInitCore == 0 || iInitCore > k.left())
		r.fail(kHeaderPart, iSizeAt,
			"the init core is " + number(iInitCore) + " bytes, but the file has " + number(k.left()) + " left");
	kSave.aInitCore = k.readBlock(iInitCore);
	kSave.iAfterInitCore = r.u32(kInitCorePart, "the word after the init core");

	// ---- chunks: their lengths walked first, so that a cut or damaged file fails before inflating ----
	const size_t iStreamAt = k.position();
	std::vector<std::pair<size_t, uint32_t>> aChunks;
	size_t iCompressed = 0;
	for (;;)
	{
		const size_t iAt = k.position();
		if (k.left() < 4)
			r.fail(kChunksPart, iAt,
				"the file ends before the compressed stream's end (a zero chunk length), " + number(aChunks.size())
					+ " chunks in");
		const uint32_t iLength = k.readU32();
		if (iLength == 0) break;
		if (iLength > k.left())
			r.fail(kChunksPart, iAt,
				"chunk " + number(aChunks.size()) + " claims " + number(iLength) + " bytes, but the file has "
					+ number(k.left()) + " left");
		if (aChunks.empty()
			&& (iLength < 2 || (r.m_pData[k.position()] & 0x0f) != 8
				|| ((unsigned(r.m_pData[k.position()]) << 8) | r.m_pData[k.position() + 1]) % 31 != 0))
			r.fail(kChunksPart, k.position(), "the first chunk does not start with a zlib header");
		aChunks.push_back(std::make_pair(k.position(), iLength));
		iCompressed += iLength;
		k.skip(iLength);
	}
	if (aChunks.empty()) r.fail(kChunksPart, iStreamAt, "the compressed stream is empty (its first chunk length is 0)");

	// ---- tail ----
	const size_t iTailAt = k.position();
	kSave.aTail = k.readBlock(k.left());
	std::string sProblem;
	const size_t iPickleEnd = tailShape(kSave.aTail, &sProblem);
	if (!sProblem.empty()) r.fail(kTailPart, iTailAt + iPickleEnd, sProblem);

	// ---- the game data ----
	std::vector<unsigned char> aCompressed;
	aCompressed.reserve(iCompressed);
	for (size_t i = 0; i < aChunks.size(); ++i)
	{
		aCompressed.insert(aCompressed.end(), pData + aChunks[i].first, pData + aChunks[i].first + aChunks[i].second);
		kSave.aiChunkLengths.push_back(aChunks[i].second);
	}
	kSave.sCompressedMd5 = cvHostMd5Hex(aCompressed.data(), aCompressed.size());
	kSave.aGameData = inflateAll(aCompressed, r, iStreamAt);
	return kSave;
}

CvHostSaveFile CvHostSaveFile::load(const std::string& sPath)
{
	std::ifstream kIn(sPath.c_str(), std::ios::binary);
	if (!kIn) throw CvHostSaveError(sPath, kFile, 0, "cannot open the file");
	std::vector<unsigned char> a;
	char acBuffer[65536];
	while (kIn.read(acBuffer, sizeof(acBuffer)) || kIn.gcount() > 0)
	{
		if (a.size() + static_cast<size_t>(kIn.gcount()) > kMaxFileBytes)
			throw CvHostSaveError(sPath, kFile, a.size(),
				"the file is larger than a saved game can be (at most " + number(kMaxFileBytes >> 20) + " MB)");
		a.insert(a.end(), acBuffer, acBuffer + kIn.gcount());
	}
	// a folder opens on Linux, and reads as an error at once
	if (kIn.bad() || (a.empty() && !kIn.eof()))
		throw CvHostSaveError(sPath, kFile, a.size(), "cannot read the file (a folder?)");
	return read(a, sPath);
}

// ---------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------
std::vector<unsigned char> CvHostSaveFile::compress() const
{
	z_stream z;
	std::memset(&z, 0, sizeof(z));
	if (deflateInit(&z, Z_DEFAULT_COMPRESSION) != Z_OK)
		throw CvHostSaveError("(writing)", kDataPart, 0, "zlib could not start");
	std::vector<unsigned char> aOut(deflateBound(&z, static_cast<uLong>(aGameData.size())) + 64);
	z.next_in = const_cast<Bytef*>(aGameData.data());
	z.avail_in = static_cast<uInt>(aGameData.size());
	size_t iOut = 0;
	for (;;)
	{
		z.next_out = aOut.data() + iOut;
		z.avail_out = static_cast<uInt>(aOut.size() - iOut);
		const int iRet = deflate(&z, Z_SYNC_FLUSH);
		iOut = aOut.size() - z.avail_out;
		if (iRet != Z_OK && iRet != Z_BUF_ERROR)
		{
			deflateEnd(&z);
			throw CvHostSaveError("(writing)", kDataPart, 0, "zlib failed to deflate (error " + number(iRet) + ")");
		}
		if (z.avail_in == 0 && z.avail_out != 0) break;
		aOut.resize(aOut.size() * 2);
	}
	deflateEnd(&z);
	aOut.resize(iOut);
	return aOut;
}

std::vector<unsigned char> CvHostSaveFile::assemble(
	const std::vector<unsigned char>& aCompressed, const std::vector<unsigned char>& aTailToWrite) const
{
	CvHostBytes k;
	writeHeader(k, kHeader);
	k.writeU32(static_cast<uint32_t>(aInitCore.size()));
	k.writeBlock(aInitCore);
	k.writeU32(iAfterInitCore);
	// the chunks as read when they still cover the stream, else the game's 64 KiB
	size_t iTotal = 0;
	bool bSame = !aiChunkLengths.empty();
	for (size_t i = 0; i < aiChunkLengths.size(); ++i)
	{
		bSame = bSame && aiChunkLengths[i] != 0;
		iTotal += aiChunkLengths[i];
	}
	bSame = bSame && iTotal == aCompressed.size();
	size_t iAt = 0;
	for (size_t i = 0; iAt < aCompressed.size(); ++i)
	{
		size_t iLength = bSame ? aiChunkLengths[i] : size_t(kChunkSize);
		if (iLength > aCompressed.size() - iAt) iLength = aCompressed.size() - iAt;
		k.writeU32(static_cast<uint32_t>(iLength));
		k.writeBytes(aCompressed.data() + iAt, iLength);
		iAt += iLength;
	}
	k.writeU32(0);
	k.writeBlock(aTailToWrite);
	return k.take();
}

std::vector<unsigned char> CvHostSaveFile::write() const { return assemble(compress(), aTail); }

std::vector<unsigned char> CvHostSaveFile::write(const CvHostSavePasswords& kPasswords) const
{
	const std::vector<unsigned char> aCompressed = compress();
	CvHostSaveFile kCopy;
	kCopy.aTail = aTail;
	kCopy.setChecksum(checksumWith(kPasswords, cvHostMd5Hex(aCompressed.data(), aCompressed.size())));
	return assemble(aCompressed, kCopy.aTail);
}

void CvHostSaveFile::saveBytes(const std::string& sPath, const std::vector<unsigned char>& aFile)
{
	std::ofstream kOut(sPath.c_str(), std::ios::binary | std::ios::trunc);
	if (!kOut) throw CvHostSaveError(sPath, kFile, 0, "cannot create the file");
	kOut.write(reinterpret_cast<const char*>(aFile.data()), static_cast<std::streamsize>(aFile.size()));
	kOut.close();
	if (!kOut) throw CvHostSaveError(sPath, kFile, 0, "cannot write the file");
}

void CvHostSaveFile::save(const std::string& sPath) const { saveBytes(sPath, write()); }

void CvHostSaveFile::save(const std::string& sPath, const CvHostSavePasswords& kPasswords) const
{
	saveBytes(sPath, write(kPasswords));
}

// ---------------------------------------------------------------------------------------------
// The tail and the checksum
// ---------------------------------------------------------------------------------------------
std::string CvHostSaveFile::pickle() const
{
	std::string sProblem;
	const size_t iEnd = tailShape(aTail, &sProblem);
	if (!sProblem.empty()) throw CvHostSaveError("(in memory)", kTailPart, iEnd, sProblem);
	return std::string(reinterpret_cast<const char*>(aTail.data()) + 4, iEnd - 4);
}

unsigned char CvHostSaveFile::checksumByte() const
{
	std::string sProblem;
	const size_t iEnd = tailShape(aTail, &sProblem);
	if (!sProblem.empty()) throw CvHostSaveError("(in memory)", kTailPart, iEnd, sProblem);
	return aTail[aTail.size() - kTailEnd];
}

std::string CvHostSaveFile::checksum() const
{
	std::string sProblem;
	const size_t iEnd = tailShape(aTail, &sProblem);
	if (!sProblem.empty()) throw CvHostSaveError("(in memory)", kTailPart, iEnd, sProblem);
	return std::string(reinterpret_cast<const char*>(aTail.data()) + aTail.size() - kChecksumDigits, kChecksumDigits);
}

void CvHostSaveFile::setChecksum(const std::string& sHex)
{
	std::string sProblem;
	const size_t iEnd = tailShape(aTail, &sProblem);
	if (!sProblem.empty()) throw CvHostSaveError("(in memory)", kTailPart, iEnd, sProblem);
	if (sHex.size() != kChecksumDigits || !isHex(sHex))
		throw CvHostSaveError("(in memory)", kTailPart, aTail.size() - kChecksumDigits,
			"a checksum is 32 hexadecimal digits, not '" + sHex + "'");
	std::memcpy(aTail.data() + aTail.size() - kChecksumDigits, sHex.data(), kChecksumDigits);
}

std::string CvHostSaveFile::checksumWith(const CvHostSavePasswords& kPasswords, const std::string& sCompressed) const
{
	CvHostBytes k;
	k.writeU32(kHeader.iChecksumWord);
	k.writeU32(kHeader.iVersion);
	k.writeU8(checksumByte());
	k.writeString(kHeader.sLockModifiedAssets);
	for (int i = 0; i < 4; ++i) k.writeString(kHeader.asLockModifiedAssetsMd5[i]);
	k.writeWideString(kPasswords.sAdmin);
	k.writeWideString(kPasswords.sGame);
	for (size_t i = 0; i < kPasswords.asPlayers.size(); ++i) k.writeWideString(kPasswords.asPlayers[i]);
	k.writeString(sCompressed);
	k.writeString(cvHostMd5Hex(aInitCore.data(), aInitCore.size()));
	k.writeBytes(kChecksumMagic, sizeof(kChecksumMagic));
	return cvHostMd5Hex(k.data().data(), k.size());
}

bool CvHostSaveFile::checksumMatches(const CvHostSavePasswords& kPasswords) const
{
	std::string sCompressed = sCompressedMd5;
	if (sCompressed.empty())
	{
		const std::vector<unsigned char> a = compress();
		sCompressed = cvHostMd5Hex(a.data(), a.size());
	}
	return checksumWith(kPasswords, sCompressed) == checksum();
}
