#include "support/DataDir.h"

#include <dlfcn.h>

#include <cstdlib>
#include <stdexcept>
#include <string>
#include <system_error>

namespace fs = std::filesystem;

namespace cvv {

namespace {
// The folder of a file, its links followed; empty when it cannot be resolved.
fs::path folderOf(const fs::path& kFile)
{
	std::error_code kError;
	const fs::path kResolved = fs::canonical(kFile, kError);
	return kError ? fs::path() : kResolved.parent_path();
}

void addCandidates(const fs::path& kBase, std::vector<fs::path>& aOut)
{
	if (kBase.empty())
	{
		return;
	}
	const fs::path aRelative[] = { "share/cvvision", "../share/cvvision", "../../../share/cvvision" };
	for (const fs::path& kRelative : aRelative)
	{
		const fs::path kCandidate = (kBase / kRelative).lexically_normal();
		bool bSeen = false;
		for (const fs::path& kOld : aOut)
		{
			bSeen = bSeen || kOld == kCandidate;
		}
		if (!bSeen)
		{
			aOut.push_back(kCandidate);
		}
	}
}
}

std::vector<fs::path> dataDirCandidates()
{
	std::vector<fs::path> aOut;
	addCandidates(folderOf("/proc/self/exe"), aOut);
	// The file holding this function: the executable again, or the Python module (a shared object).
	Dl_info kInfo;
	if (dladdr(reinterpret_cast<void*>(&dataDirCandidates), &kInfo) != 0 && kInfo.dli_fname != nullptr
		&& kInfo.dli_fname[0] != '\0')
	{
		addCandidates(folderOf(kInfo.dli_fname), aOut);
	}
	return aOut;
}

fs::path dataDir()
{
	std::error_code kError;
	const char* szEnv = std::getenv("CVVISION_DATA_DIR");
	if (szEnv != nullptr && szEnv[0] != '\0')
	{
		if (!fs::is_directory(szEnv, kError))
		{
			throw std::runtime_error(std::string("CVVISION_DATA_DIR=") + szEnv
				+ " is not a folder (it should hold Assets/, PublicMaps/ and vanilla/Assets/)");
		}
		return fs::path(szEnv);
	}
	const std::vector<fs::path> aCandidates = dataDirCandidates();
	std::string sTried;
	for (const fs::path& kCandidate : aCandidates)
	{
		if (fs::is_directory(kCandidate / "vanilla" / "Assets", kError))
		{
			return kCandidate;
		}
		sTried += (sTried.empty() ? "" : ", ") + kCandidate.string();
	}
	throw std::runtime_error(
		"no data folder (Assets/, PublicMaps/ and vanilla/Assets/): CVVISION_DATA_DIR is not set and "
		"none of these holds vanilla/Assets: "
		+ (sTried.empty() ? std::string("(no folder of the program found)") : sTried)
		+ "; set CVVISION_DATA_DIR to the build's share/cvvision or to PREFIX/share/cvvision after cmake --install");
}

} // namespace cvv
