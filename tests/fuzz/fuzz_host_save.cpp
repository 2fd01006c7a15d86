// libFuzzer target: a saved game through the host's own reading code (tools/host/runtime,
// docs/host.md), the code that stands between a hostile save and a tree's read() functions:
//  1. the save's outer layer, CvHostSaveFile::read (header, init core block, compressed chunks
//     inflated, tail), then its tail's parts and the checksum over it, then the round trip: the
//     parts written back (the game data deflated afresh) and read again must be the same parts;
//  2. the stream, CvHostStream (compiled against a copy of BTS 3.19's FDataStreamBase.h: CMake puts
//     it beside the build), over the init core block and the inflated game data, or over the input
//     itself when the outer layer refuses it: a mix of the reads a tree's read() makes, chosen by
//     the data (each step's first byte picks the read), counts of arrays and strings taken from the
//     data as a tree takes them, until the first error, which must be the stream's own
//     (CvHostBytesError). An array whose count is past the data gets a buffer shorter than the
//     count: the stream must refuse it before it writes. A string read back and written again gives
//     the bytes it was read from.
// Errors the host reports (CvHostSaveError from the outer layer, CvHostBytesError from the stream)
// are the expected outcome of bad input; anything else (another exception, a crash, a sanitizer
// report, a hang, an allocation past libFuzzer's limit) is a finding. run.sh seeds it with the
// shared saves and their inflated game data.
#include "CvHostBytes.h"
#include "CvHostSaveFile.h"

#if __has_include("FDataStreamBase.h")
#include "CvHostStream.h"
#define FUZZ_HOST_STREAM 1
#endif

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace {

// A property the host must keep failed: a finding (the message says which).
[[noreturn]] void broken(const char* szWhat)
{
	std::fprintf(stderr, "fuzz_host_save: %s\n", szWhat);
	std::abort();
}

// Real saves inflate to 0.6 to 3.6 MB; the outer layer lets a save inflate to 256 MB. The stream
// reads at most this much of it (a read per byte or two: the rest would only cost time), and the
// round trip deflates at most this much.
const size_t kMaxStreamBytes = size_t(4) << 20;

#ifdef FUZZ_HOST_STREAM
// The count of the string at the position, when the data holds one there that fits (a tree's
// fixed buffer is large enough for what it wrote); -1 otherwise.
long long peekCount(const CvHostStream& kStream, size_t iItemSize)
{
	const CvHostBytes& k = kStream.bytes();
	if (k.left() < 4) return -1;
	const unsigned char* p = k.data().data() + k.position();
	const int32_t iCount =
		static_cast<int32_t>(uint32_t(p[0]) | (uint32_t(p[1]) << 8) | (uint32_t(p[2]) << 16) | (uint32_t(p[3]) << 24));
	if (iCount < 0 || static_cast<unsigned long long>(iCount) > (k.left() - 4) / iItemSize) return -1;
	return iCount;
}

// An array's buffer as a tree allocates it for a count it read: the count's items when the data
// can hold them, else one item fewer than the data could hold, plus one (the stream must refuse the
// count before it writes an item: past the buffer, AddressSanitizer would see it).
template <class T>
std::unique_ptr<T[]> bufferFor(const CvHostStream& kStream, int iCount, size_t iItemSize)
{
	const size_t iFits = kStream.bytes().left() / iItemSize;
	const size_t iItems = iCount >= 0 && size_t(iCount) <= iFits ? size_t(iCount) : std::min<size_t>(iFits, 64) + 1;
	return std::unique_ptr<T[]>(new T[iItems == 0 ? 1 : iItems]);
}

template <class T>
void readArray(FDataStreamBase& s, const CvHostStream& kStream, size_t iItemSize)
{
	int iCount = 0;
	s.Read(&iCount);
	std::unique_ptr<T[]> p = bufferFor<T>(kStream, iCount, iItemSize);
	s.Read(iCount, p.get());
}

// The bytes from iFrom to the position: what a string read consumed.
std::vector<unsigned char> consumed(const CvHostStream& kStream, size_t iFrom)
{
	const std::vector<unsigned char>& a = kStream.bytes().data();
	return std::vector<unsigned char>(
		a.begin() + std::ptrdiff_t(iFrom), a.begin() + std::ptrdiff_t(kStream.GetPosition()));
}

// The stream's reads, as a tree's read() makes them, through the FDataStreamBase interface, until
// the first error. Every step reads at least one byte, so the loop ends with the data.
void readStream(std::vector<unsigned char> aData)
{
	if (aData.size() > kMaxStreamBytes) aData.resize(kMaxStreamBytes);
	CvHostStream kStream(std::move(aData));
	FDataStreamBase& s = kStream;
	try
	{
		for (;;)
		{
			byte iStep = 0;
			s.Read(&iStep);
			switch (iStep % 24)
			{
			case 0:
			case 1:
			case 2:
			{
				int i;
				s.Read(&i);
				break;
			}
			case 3:
			{
				unsigned int i;
				s.Read(&i);
				bool b;
				s.Read(&b);
				break;
			}
			case 4:
			{
				short i;
				s.Read(&i);
				unsigned short u;
				s.Read(&u);
				char c;
				s.Read(&c);
				break;
			}
			case 5:
			{
				float f;
				s.Read(&f);
				double d;
				s.Read(&d);
				break;
			}
			case 6:
			{
				long i;
				s.Read(&i);
				unsigned long u;
				s.Read(&u);
				break;
			}
			case 7:
			case 8: readArray<int>(s, kStream, 4); break;
			case 9: readArray<bool>(s, kStream, 1); break;
			case 10: readArray<byte>(s, kStream, 1); break;
			case 11: readArray<char>(s, kStream, 1); break;
			case 12: readArray<short>(s, kStream, 2); break;
			case 13: readArray<unsigned short>(s, kStream, 2); break;
			case 14:
				readArray<unsigned int>(s, kStream, 4);
				readArray<float>(s, kStream, 4);
				break;
			case 15:
				readArray<long>(s, kStream, 4);
				readArray<unsigned long>(s, kStream, 4);
				readArray<double>(s, kStream, 8);
				break;
			case 16:
			{
				// a string, written back: the same bytes
				const size_t iAt = kStream.GetPosition();
				std::string v;
				s.ReadString(v);
				CvHostStream kBack;
				static_cast<FDataStreamBase&>(kBack).WriteString(v);
				if (kBack.bytes().data() != consumed(kStream, iAt)) broken("a string written back differs");
				break;
			}
			case 17:
			{
				// a wide string (UTF-16 on disk, wchar_t in memory), written back: the same bytes
				const size_t iAt = kStream.GetPosition();
				std::wstring v;
				s.ReadString(v);
				CvHostStream kBack;
				static_cast<FDataStreamBase&>(kBack).WriteString(v);
				if (kBack.bytes().data() != consumed(kStream, iAt)) broken("a wide string written back differs");
				break;
			}
			case 18:
			{
				// allocated by the stream, freed by the caller
				delete[] s.ReadString();
				delete[] s.ReadWideString();
				break;
			}
			case 19:
			{
				// into the caller's buffer, which is large enough for what the data holds
				const long long iChars = peekCount(kStream, 1);
				std::unique_ptr<char[]> p(new char[iChars < 0 ? 1 : size_t(iChars) + 1]);
				s.ReadString(p.get());
				break;
			}
			case 20:
			{
				const long long iUnits = peekCount(kStream, 2);
				std::unique_ptr<wchar[]> p(new wchar[iUnits < 0 ? 1 : size_t(iUnits) + 1]);
				s.ReadString(p.get());
				break;
			}
			case 21:
			{
				// arrays of strings: a string takes 4 bytes at least
				int iCount = 0;
				s.Read(&iCount);
				std::unique_ptr<std::string[]> p = bufferFor<std::string>(kStream, iCount, 4);
				s.ReadString(iCount, p.get());
				break;
			}
			case 22:
			{
				int iCount = 0;
				s.Read(&iCount);
				std::unique_ptr<std::wstring[]> p = bufferFor<std::wstring>(kStream, iCount, 4);
				s.ReadString(iCount, p.get());
				break;
			}
			case 23:
			{
				// the position moved on by a count of the data (past the end: refused), and the
				// stream's own answers about it
				byte iAhead = 0;
				s.Read(&iAhead);
				const unsigned int iTo = s.GetPosition() + iAhead * 7u;
				s.SetPosition(iTo);
				if (s.GetPosition() != iTo || s.GetSizeLeft() != s.GetEOF() - iTo || s.AtEnd() != (iTo == s.GetEOF()))
					broken("the stream's position and what it says is left disagree");
				break;
			}
			}
		}
	}
	catch (const CvHostBytesError&)
	{
		// the stream's own refusal: the end of the data, a negative count, a count past the end
	}
}
#endif

// The outer layer's parts, read again from what write() makes of them, must be the same.
void roundTrip(const CvHostSaveFile& kSave)
{
	if (kSave.aGameData.size() > kMaxStreamBytes) return;
	const std::vector<unsigned char> aWritten = kSave.write();
	const CvHostSaveFile kAgain = CvHostSaveFile::read(aWritten, "fuzz (written back)");
	if (kAgain.kHeader != kSave.kHeader || kAgain.aInitCore != kSave.aInitCore
		|| kAgain.iAfterInitCore != kSave.iAfterInitCore || kAgain.aGameData != kSave.aGameData
		|| kAgain.aTail != kSave.aTail)
		broken("the save written back reads as other parts");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* pData, size_t uSize)
{
	CvHostSaveFile kSave;
	bool bSave = false;
	try
	{
		kSave = CvHostSaveFile::read(pData, uSize, "fuzz.CivBeyondSwordSave");
		bSave = true;
		// the tail's parts, and the checksum with every password empty (a save of no password)
		kSave.pickle();
		kSave.checksumByte();
		CvHostSavePasswords kPasswords;
		kPasswords.asPlayers.resize(19);
		if (kSave.checksumMatches(kPasswords)
			!= (kSave.checksum() == kSave.checksumWith(kPasswords, kSave.sCompressedMd5)))
			broken("checksumMatches disagrees with the checksum it computes");
		roundTrip(kSave);
	}
	catch (const CvHostSaveError&)
	{
		// the outer layer's own refusal, naming the part and the offset
		if (bSave) broken("a save that was read fails in its tail or its round trip");
	}
#ifdef FUZZ_HOST_STREAM
	if (bSave)
	{
		readStream(kSave.aInitCore);
		readStream(std::move(kSave.aGameData));
	}
	else
		readStream(std::vector<unsigned char>(pData, pData + uSize));
#endif
	return 0;
}
