#include "formats/HostProcess.h"

#include "support/DataDir.h"

#include <sys/select.h>
#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace cvv {

ChildRun runChild(const std::vector<std::string>& asArguments)
{
	std::array<int, 2> aOut{}, aErr{};
	if (pipe(aOut.data()) != 0 || pipe(aErr.data()) != 0)
	{
		throw ChildError("cannot start the host: no pipe");
	}
	const pid_t iChild = fork();
	if (iChild < 0)
	{
		throw ChildError("cannot start the host: fork failed");
	}
	if (iChild == 0)
	{
		dup2(aOut[1], 1);
		dup2(aErr[1], 2);
		close(aOut[0]);
		close(aErr[0]);
		std::vector<char*> apArguments;
		for (const std::string& s : asArguments)
		{
			apArguments.push_back(const_cast<char*>(s.c_str()));
		}
		apArguments.push_back(nullptr);
		execvp(apArguments[0], apArguments.data());
		std::fprintf(stderr, "cannot run %s\n", apArguments[0]);
		_exit(127);
	}
	close(aOut[1]);
	close(aErr[1]);
	ChildRun kRan;
	// Both pipes read as they fill, so that neither blocks the child.
	fd_set kSet;
	std::array<bool, 2> abOpen{ true, true };
	char acBuffer[65536];
	while (abOpen[0] || abOpen[1])
	{
		FD_ZERO(&kSet);
		int iMax = 0;
		for (int i = 0; i < 2; ++i)
		{
			const int fd = i == 0 ? aOut[0] : aErr[0];
			if (abOpen[i])
			{
				FD_SET(fd, &kSet);
				iMax = std::max(iMax, fd);
			}
		}
		if (select(iMax + 1, &kSet, nullptr, nullptr, nullptr) < 0)
		{
			break;
		}
		for (int i = 0; i < 2; ++i)
		{
			const int fd = i == 0 ? aOut[0] : aErr[0];
			if (abOpen[i] && FD_ISSET(fd, &kSet))
			{
				const ssize_t n = read(fd, acBuffer, sizeof(acBuffer));
				if (n <= 0)
				{
					abOpen[i] = false;
				}
				else
				{
					(i == 0 ? kRan.sOut : kRan.sErr).append(acBuffer, static_cast<size_t>(n));
				}
			}
		}
	}
	close(aOut[0]);
	close(aErr[0]);
	int iStatus = 0;
	waitpid(iChild, &iStatus, 0);
	kRan.iStatus = WIFEXITED(iStatus) ? WEXITSTATUS(iStatus) : 128 + WTERMSIG(iStatus);
	return kRan;
}

fs::path locateCvcore(const fs::path& kGiven)
{
	if (!kGiven.empty())
	{
		return kGiven;
	}
	if (const char* szNamed = std::getenv("CVVISION_CVCORE"))
	{
		return szNamed;
	}
	try
	{
		const fs::path kShared = dataDir() / "host" / "cvcore";
		if (fs::exists(kShared))
		{
			return kShared;
		}
	}
	catch (const std::exception&)
	{}
	return {};
}

std::vector<std::string> cvcoreArguments(const fs::path& kCvcore, const char* szCommand,
	const std::vector<std::string>& asBefore, const char* szTreeOption, const HostOptions& kOptions)
{
	std::vector<std::string> asArguments = { kCvcore.string(), szCommand };
	asArguments.insert(asArguments.end(), asBefore.begin(), asBefore.end());
	if (*szTreeOption)
	{
		asArguments.push_back(szTreeOption);
	}
	asArguments.insert(asArguments.end(), { kOptions.kTree.string(), "--game", kOptions.kGame.string(), "--quiet" });
	if (!kOptions.kModAssets.empty())
	{
		asArguments.push_back("--assets");
		asArguments.push_back(kOptions.kModAssets.string());
	}
	return asArguments;
}

namespace {

std::string lastLines(const std::string& sText, int iLines)
{
	size_t iEnd = sText.find_last_not_of("\n");
	if (iEnd == std::string::npos)
	{
		return "";
	}
	size_t iStart = iEnd + 1;
	for (int i = 0; i < iLines && iStart > 0; ++i)
	{
		const size_t iNewline = sText.rfind('\n', iStart - 1);
		iStart = iNewline == std::string::npos ? 0 : iNewline + 1;
		if (iNewline == std::string::npos)
		{
			break;
		}
		if (i + 1 < iLines)
		{
			iStart = iNewline;
		}
	}
	return sText.substr(iStart, iEnd + 1 - iStart);
}

} // namespace

std::string cvcoreMessage(const ChildRun& kRun, int iLines)
{
	std::string sWhy = lastLines(kRun.sErr, iLines);
	const std::string sPrefix = "cvcore: ";
	if (sWhy.compare(0, sPrefix.size(), sPrefix) == 0)
	{
		sWhy = sWhy.substr(sPrefix.size());
	}
	return sWhy;
}

} // namespace cvv
