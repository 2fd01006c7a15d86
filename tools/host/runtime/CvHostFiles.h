// The game's files as the executable finds them: a path the core names ("Assets//xml\GameInfo/
// CIV4GameSpeedInfo.xml", either slash, any case) is looked for under each root in the game's
// order: the mod's folder (which holds its Assets), then the game's "Beyond the Sword", "Warlords"
// and its own root. The first root that has the file wins.
#pragma once

#include <map>
#include <string>
#include <vector>

class CvHostFiles
{
public:
	// gameDir: the install's root, holding Assets, Warlords and "Beyond the Sword" (any may be
	// missing); modDir: the mod's folder, holding its Assets ("" for none).
	CvHostFiles(const std::string& gameDir, const std::string& modDir);

	// The real path of a file under the first root that has it, or "" when none does.
	std::string resolve(const std::string& path) const;

	// The files matching "xml\text\*.xml" (a '*' in the last part only) under the roots' Assets,
	// each named once, as paths relative to Assets with backslashes, sorted by name.
	std::vector<std::string> enumerate(const std::string& pattern) const;

	const std::vector<std::string>& roots() const { return m_roots; }

private:
	std::string resolveUnder(const std::string& root, const std::vector<std::string>& parts) const;
	const std::map<std::string, std::string>& listing(const std::string& dir) const;

	std::vector<std::string> m_roots;
	mutable std::map<std::string, std::map<std::string, std::string>> m_listings; // dir -> lower -> real
};

// The parts of a Windows path: split at either slash, empty parts and "." dropped.
std::vector<std::string> cvHostPathParts(const std::string& path);
