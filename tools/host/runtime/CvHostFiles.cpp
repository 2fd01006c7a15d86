// The game's files (CvHostFiles.h).
#include "CvHostFiles.h"

#include <dirent.h>
#include <sys/stat.h>

#include <algorithm>
#include <set>

static std::string lower(std::string s)
{
	for (char& c : s) c = (char)tolower((unsigned char)c);
	return s;
}

static bool isDir(const std::string& path)
{
	struct stat st;
	return stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

std::vector<std::string> cvHostPathParts(const std::string& path)
{
	std::vector<std::string> parts;
	std::string part;
	for (size_t i = 0; i <= path.size(); ++i)
	{
		if (i == path.size() || path[i] == '/' || path[i] == '\\')
		{
			if (!part.empty() && part != ".") parts.push_back(part);
			part.clear();
		}
		else
		{
			part += path[i];
		}
	}
	return parts;
}

CvHostFiles::CvHostFiles(const std::string& gameDir, const std::string& modDir)
{
	if (!modDir.empty()) m_roots.push_back(modDir);
	if (!gameDir.empty())
	{
		const char* const below[] = { "Beyond the Sword", "Warlords", "" };
		for (const char* name : below)
		{
			std::string root = *name ? resolveUnder(gameDir, std::vector<std::string>(1, name)) : gameDir;
			if (!root.empty() && isDir(root)) m_roots.push_back(root);
		}
	}
}

const std::map<std::string, std::string>& CvHostFiles::listing(const std::string& dir) const
{
	auto found = m_listings.find(dir);
	if (found != m_listings.end()) return found->second;
	std::map<std::string, std::string>& names = m_listings[dir];
	if (DIR* d = opendir(dir.c_str()))
	{
		while (dirent* e = readdir(d))
		{
			std::string name = e->d_name;
			if (name == "." || name == "..") continue;
			// Two names that differ in case only: the first in byte order wins, every run alike.
			std::string key = lower(name);
			auto it = names.find(key);
			if (it == names.end() || name < it->second) names[key] = name;
		}
		closedir(d);
	}
	return names;
}

std::string CvHostFiles::resolveUnder(const std::string& root, const std::vector<std::string>& parts) const
{
	std::string path = root;
	for (const std::string& part : parts)
	{
		if (part == "..") return "";
		const std::map<std::string, std::string>& names = listing(path);
		auto it = names.find(lower(part));
		if (it == names.end()) return "";
		path += "/" + it->second;
	}
	return path;
}

std::string CvHostFiles::resolve(const std::string& path) const
{
	std::vector<std::string> parts = cvHostPathParts(path);
	if (parts.empty()) return "";
	for (const std::string& root : m_roots)
	{
		std::string found = resolveUnder(root, parts);
		struct stat st;
		if (!found.empty() && stat(found.c_str(), &st) == 0 && S_ISREG(st.st_mode)) return found;
	}
	return "";
}

static bool matches(const std::string& pattern, const std::string& name)
{
	size_t star = pattern.find('*');
	if (star == std::string::npos) return pattern == name;
	std::string head = pattern.substr(0, star), tail = pattern.substr(star + 1);
	return name.size() >= head.size() + tail.size() && name.compare(0, head.size(), head) == 0
		&& name.compare(name.size() - tail.size(), tail.size(), tail) == 0;
}

std::vector<std::string> CvHostFiles::enumerate(const std::string& pattern) const
{
	std::vector<std::string> parts = cvHostPathParts(pattern);
	std::vector<std::string> result;
	if (parts.empty()) return result;
	std::string namePattern = lower(parts.back());
	parts.pop_back();
	std::string prefix;
	for (const std::string& part : parts) prefix += part + "\\";
	std::vector<std::string> folder(1, "Assets");
	folder.insert(folder.end(), parts.begin(), parts.end());
	std::set<std::string> seen;
	for (const std::string& root : m_roots)
	{
		std::string dir = resolveUnder(root, folder);
		if (dir.empty()) continue;
		for (const auto& entry : listing(dir))
			if (matches(namePattern, entry.first) && seen.insert(entry.first).second)
				result.push_back(prefix + entry.second);
	}
	std::sort(
		result.begin(), result.end(), [](const std::string& a, const std::string& b) { return lower(a) < lower(b); });
	return result;
}
