// Shared by the fuzz targets (libFuzzer): the input as a file in a private temporary folder, for
// the readers that take a path. Errors the readers report (exceptions) are the expected outcome
// of bad input; anything else (a crash, a sanitizer report, a hang, a leak) is a finding.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

namespace fuzz {
// A folder of its own per process, removed at exit.
inline const std::filesystem::path& scratch()
{
	static const std::filesystem::path kFolder = [] {
		const char* szTmp = std::getenv("TMPDIR");
		std::string sTemplate = std::string(szTmp && *szTmp ? szTmp : "/tmp") + "/cvvision-fuzz-XXXXXX";
		if (!mkdtemp(sTemplate.data()))
		{
			std::perror("cvvision fuzz: mkdtemp");
			std::abort();
		}
		static const std::string sRemove = sTemplate;
		std::atexit([] {
			std::error_code k;
			std::filesystem::remove_all(sRemove, k);
		});
		return std::filesystem::path(sTemplate);
	}();
	return kFolder;
}

// Writes the bytes to kPath (replacing it); aborts when it cannot (not the reader's fault).
inline void writeFile(const std::filesystem::path& kPath, const uint8_t* pData, size_t uSize)
{
	FILE* pFile = std::fopen(kPath.c_str(), "wb");
	if (!pFile || (uSize && std::fwrite(pData, 1, uSize, pFile) != uSize) || std::fclose(pFile) != 0)
	{
		std::perror(kPath.c_str());
		std::abort();
	}
}
}
