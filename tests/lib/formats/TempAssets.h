// Test helpers for rules from XML: throw-away Assets folders and define files.
#pragma once

#include "formats/RulesLoader.h"

#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

namespace cvv {

// A throw-away Assets folder: files written on demand, removed at the end.
class TempAssets
{
public:
	TempAssets()
	{
		std::random_device kRandom;
		m_kRoot = std::filesystem::temp_directory_path() / ("cvvision-assets-" + std::to_string(kRandom()));
		std::filesystem::create_directories(m_kRoot / "XML");
	}
	~TempAssets() { std::filesystem::remove_all(m_kRoot); }
	const std::filesystem::path& path() const { return m_kRoot; }
	void write(const std::string& sRelative, const std::string& sText) const
	{
		const std::filesystem::path kPath = m_kRoot / "XML" / sRelative;
		std::filesystem::create_directories(kPath.parent_path());
		std::ofstream(kPath, std::ios::binary) << sText;
	}
	// A copy of the vanilla fixtures, to break one file of.
	void copyVanilla() const
	{
		std::filesystem::copy(bundledVanillaAssets() / "XML", m_kRoot / "XML",
			std::filesystem::copy_options::recursive | std::filesystem::copy_options::overwrite_existing);
	}

private:
	std::filesystem::path m_kRoot;
};

inline std::string defines(const std::string& sBody)
{
	return "<?xml version=\"1.0\"?>\n<Civ4Defines xmlns=\"x-schema:CIV4GlobalDefinesSchema.xml\">\n" + sBody
		+ "</Civ4Defines>\n";
}

inline std::string define(const std::string& sName, const std::string& sValue)
{
	return "\t<Define>\n\t\t<DefineName>" + sName + "</DefineName>\n\t\t<iDefineIntVal>" + sValue
		+ "</iDefineIntVal>\n\t</Define>\n";
}

// The message of the RulesError loading aFolders throws, or "no error".
inline std::string loadError(const std::vector<std::filesystem::path>& aFolders)
{
	try
	{
		loadVisionRules(aFolders);
	}
	catch (const RulesError& kError)
	{
		return kError.what();
	}
	return "no error";
}

} // namespace cvv
