#include "support/OutputFile.h"

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <random>
#include <stdexcept>
#include <system_error>

#include <fcntl.h>
#include <png.h>
#include <sys/stat.h>
#include <unistd.h>

namespace cvv {

namespace fs = std::filesystem;

namespace {
[[noreturn]] void fail(const std::string& sWhat, const fs::path& kPath, const std::string& sReason)
{
	throw std::runtime_error("cannot write " + sWhat + " " + kPath.string() + ": " + sReason);
}

fs::path folderOf(const fs::path& kTarget) { return kTarget.has_parent_path() ? kTarget.parent_path() : fs::path("."); }

// A regular file or none: written through a temporary file and a rename.
bool isReplaced(const fs::file_status& kStatus)
{
	return kStatus.type() == fs::file_type::not_found || kStatus.type() == fs::file_type::regular;
}

bool writeAll(int iFd, const std::string& sBytes)
{
	size_t uDone = 0;
	while (uDone < sBytes.size())
	{
		const ssize_t iWritten = ::write(iFd, sBytes.data() + uDone, sBytes.size() - uDone);
		if (iWritten < 0)
		{
			if (errno == EINTR)
			{
				continue;
			}
			return false;
		}
		uDone += static_cast<size_t>(iWritten);
	}
	return true;
}

// A new, empty temporary file beside kTarget, created with mode 0666 so that the kernel applies
// the umask (or the folder's default ACL) as it would to the target itself: no process-wide
// state is read or changed (umask(2) can only be read by setting it, a race between threads).
// Returns its descriptor and fills sPath, or -1 with errno set.
int createTemporaryBeside(const fs::path& kTarget, std::string& sPath)
{
	static std::atomic<unsigned int> s_uCounter(0);
	static const char s_acDigits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
	std::random_device kRandom;
	const std::string sPrefix = (folderOf(kTarget) / ("." + kTarget.filename().string() + ".tmp")).string();
	for (int iAttempt = 0; iAttempt < 100; ++iAttempt)
	{
		unsigned long long uName = (static_cast<unsigned long long>(kRandom()) << 20)
			^ (static_cast<unsigned long long>(::getpid()) << 8) ^ s_uCounter.fetch_add(1);
		std::string sSuffix;
		for (int i = 0; i < 8; ++i, uName /= 36)
		{
			sSuffix += s_acDigits[uName % 36];
		}
		sPath = sPrefix + sSuffix;
		const int iFd = ::open(sPath.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOCTTY | O_CLOEXEC, 0666);
		if (iFd >= 0 || errno != EEXIST)
		{
			return iFd;
		}
	}
	errno = EEXIST;
	return -1;
}

struct Prepared
{
	const OutputFile* pFile;
	fs::path kTarget;
	fs::file_status kStatus;
	std::string sTemporary; // regular files: the written temporary file
};

void removeTemporaries(const std::vector<Prepared>& aPrepared)
{
	for (const Prepared& k : aPrepared)
	{
		if (!k.sTemporary.empty())
		{
			::unlink(k.sTemporary.c_str());
		}
	}
}

fs::file_status statusOf(const fs::path& kTarget, const std::string& sWhat, const fs::path& kPath)
{
	std::error_code kError;
	const fs::file_status kStatus = fs::symlink_status(kTarget, kError);
	if (kError && kStatus.type() != fs::file_type::not_found)
	{
		fail(sWhat, kPath, kError.message());
	}
	return kStatus;
}
}

fs::path outputTarget(const fs::path& kPath, const std::string& sWhat)
{
	fs::path kTarget = kPath;
	for (int i = 0; i < 40; ++i)
	{
		std::error_code kError;
		if (!fs::is_symlink(fs::symlink_status(kTarget, kError)))
		{
			return kTarget;
		}
		const fs::path kLink = fs::read_symlink(kTarget, kError);
		if (kError)
		{
			fail(sWhat, kPath, kError.message());
		}
		kTarget = kLink.is_absolute() ? kLink : folderOf(kTarget) / kLink;
	}
	fail(sWhat, kPath, "too many levels of symbolic links");
}

void checkOutput(const fs::path& kPath, const std::string& sWhat)
{
	if (kPath.empty())
	{
		throw std::runtime_error("cannot write " + sWhat + ": empty file name");
	}
	const fs::path kTarget = outputTarget(kPath, sWhat);
	const fs::file_status kStatus = statusOf(kTarget, sWhat, kPath);
	const std::string sThrough = kTarget == kPath ? "" : " (the target of the link " + kPath.string() + ")";
	switch (kStatus.type())
	{
	case fs::file_type::directory: fail(sWhat, kPath, "it is a folder" + sThrough);
	case fs::file_type::socket: fail(sWhat, kPath, "it is a socket" + sThrough);
	case fs::file_type::fifo:
	case fs::file_type::character:
	case fs::file_type::block:
		if (::access(kTarget.c_str(), W_OK) != 0)
		{
			fail(sWhat, kPath, std::strerror(errno) + sThrough);
		}
		return;
	default: break;
	}
	const fs::path kFolder = folderOf(kTarget);
	std::error_code kError;
	const fs::file_status kFolderStatus = fs::status(kFolder, kError);
	if (kFolderStatus.type() == fs::file_type::not_found)
	{
		fail(sWhat, kPath, "no folder " + kFolder.string());
	}
	if (kError)
	{
		fail(sWhat, kPath, kFolder.string() + ": " + kError.message());
	}
	if (kFolderStatus.type() != fs::file_type::directory)
	{
		fail(sWhat, kPath, kFolder.string() + " is not a folder");
	}
	if (::access(kFolder.c_str(), W_OK | X_OK) != 0)
	{
		fail(sWhat, kPath, kFolder.string() + ": " + std::strerror(errno));
	}
}

void writeOutputs(const std::vector<OutputFile>& aFiles)
{
	for (const OutputFile& kFile : aFiles)
	{
		checkOutput(kFile.kPath, kFile.sWhat);
	}
	std::vector<Prepared> aPrepared;
	for (const OutputFile& kFile : aFiles)
	{
		const fs::path kTarget = outputTarget(kFile.kPath, kFile.sWhat);
		aPrepared.push_back(Prepared{ &kFile, kTarget, statusOf(kTarget, kFile.sWhat, kFile.kPath), "" });
	}
	// The regular files, each to a temporary file beside its target.
	for (Prepared& k : aPrepared)
	{
		if (!isReplaced(k.kStatus))
		{
			continue;
		}
		std::string sTemporary;
		const int iFd = createTemporaryBeside(k.kTarget, sTemporary);
		if (iFd < 0)
		{
			const std::string sReason = std::strerror(errno);
			removeTemporaries(aPrepared);
			fail(k.pFile->sWhat, k.pFile->kPath, sReason);
		}
		k.sTemporary = sTemporary;
		// An existing file keeps its mode; a new one has the mode the kernel gave the temporary.
		struct stat kOld;
		const bool bKeepMode = ::stat(k.kTarget.c_str(), &kOld) == 0;
		const bool bWritten =
			writeAll(iFd, k.pFile->sBytes) && (!bKeepMode || ::fchmod(iFd, kOld.st_mode & 07777) == 0);
		const int iError = errno;
		const bool bClosed = ::close(iFd) == 0;
		if (!bWritten || !bClosed)
		{
			const std::string sReason = std::strerror(bWritten ? errno : iError);
			removeTemporaries(aPrepared);
			fail(k.pFile->sWhat, k.pFile->kPath, sReason);
		}
	}
	// FIFOs and devices, straight (a FIFO waits for its reader).
	for (const Prepared& k : aPrepared)
	{
		if (isReplaced(k.kStatus))
		{
			continue;
		}
		const int iFd = ::open(k.kTarget.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
		bool bWritten = iFd >= 0 && writeAll(iFd, k.pFile->sBytes);
		const int iError = errno;
		if (iFd >= 0 && ::close(iFd) != 0 && bWritten)
		{
			bWritten = false;
		}
		if (!bWritten)
		{
			removeTemporaries(aPrepared);
			fail(k.pFile->sWhat, k.pFile->kPath, std::strerror(iError ? iError : errno));
		}
	}
	for (Prepared& k : aPrepared)
	{
		if (k.sTemporary.empty())
		{
			continue;
		}
		if (::rename(k.sTemporary.c_str(), k.kTarget.c_str()) != 0)
		{
			const std::string sReason = std::strerror(errno);
			removeTemporaries(aPrepared);
			fail(k.pFile->sWhat, k.pFile->kPath, sReason);
		}
		k.sTemporary.clear();
	}
}

std::string pngOfRgb(int iWidth, int iHeight, const std::vector<unsigned char>& aRgb)
{
	if (iWidth < 1 || iHeight < 1 || aRgb.size() != static_cast<size_t>(iWidth) * static_cast<size_t>(iHeight) * 3)
	{
		throw std::invalid_argument("pngOfRgb: the pixels do not match the size");
	}
	png_image kPng;
	std::memset(&kPng, 0, sizeof(kPng));
	kPng.version = PNG_IMAGE_VERSION;
	kPng.width = static_cast<png_uint_32>(iWidth);
	kPng.height = static_cast<png_uint_32>(iHeight);
	kPng.format = PNG_FORMAT_RGB;
	png_alloc_size_t uSize = 0;
	if (!png_image_write_to_memory(&kPng, nullptr, &uSize, 0, aRgb.data(), 0, nullptr))
	{
		const std::string sMessage = kPng.message;
		png_image_free(&kPng);
		throw std::runtime_error("libpng: " + sMessage);
	}
	std::string sBytes(uSize, '\0');
	if (!png_image_write_to_memory(&kPng, sBytes.data(), &uSize, 0, aRgb.data(), 0, nullptr))
	{
		const std::string sMessage = kPng.message;
		png_image_free(&kPng);
		throw std::runtime_error("libpng: " + sMessage);
	}
	png_image_free(&kPng);
	sBytes.resize(uSize);
	return sBytes;
}

void finishStandardOutput()
{
	std::cout.flush();
	const bool bStream = static_cast<bool>(std::cout);
	errno = 0;
	const bool bFlushed = std::fflush(stdout) == 0;
	const int iError = errno;
	if (!bStream || !bFlushed || std::ferror(stdout))
	{
		throw std::runtime_error(
			std::string("error writing standard output: ") + (iError ? std::strerror(iError) : "some of it was lost"));
	}
}

} // namespace cvv
