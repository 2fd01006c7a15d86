// Test helpers for the save-layout deriver (formats/SaveLayout.h) on small trees: a throw-away
// CvGameCoreDLL folder written on demand, bytes in memory as the layout's stream, and ints as a
// save holds them.
#pragma once

#include "formats/SaveLayout.h"

#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace cvv {

// A throw-away CvGameCoreDLL folder: the files given, those a test writes, and an empty CvPlot.cpp
// unless one is given (the deriver recognises a tree by it); removed at the end.
class TempTree
{
public:
	explicit TempTree(const std::map<std::string, std::string>& kFiles = {})
	{
		std::random_device kRandom;
		m_kRoot = std::filesystem::temp_directory_path() / ("cvvision-tree-" + std::to_string(kRandom()));
		std::filesystem::create_directories(m_kRoot);
		for (const auto& [sName, sText] : kFiles) write(sName, sText);
		if (!kFiles.count("CvPlot.cpp")) write("CvPlot.cpp", "");
	}
	~TempTree() { std::filesystem::remove_all(m_kRoot); }
	TempTree(const TempTree&) = delete;
	TempTree& operator=(const TempTree&) = delete;
	const std::filesystem::path& path() const { return m_kRoot; }
	void write(const std::string& sName, const std::string& sText) const
	{
		std::ofstream(m_kRoot / sName, std::ios::binary) << sText;
	}
	std::shared_ptr<const SaveLayout> derive() const { return SaveLayout::derive(m_kRoot); }

private:
	std::filesystem::path m_kRoot;
};

// Bytes in memory, as the save reader's cursor gives them: running out throws a LayoutError naming
// the code being followed.
class BytesStream : public LayoutStream
{
public:
	explicit BytesStream(std::vector<unsigned char> aBytes) : m_aBytes(std::move(aBytes)) {}
	const unsigned char* take(size_t iBytes, const std::string& sWhat) override
	{
		if (iBytes > left()) fail("the data ends inside " + sWhat);
		const unsigned char* p = m_aBytes.data() + m_iPos;
		m_iPos += iBytes;
		return p;
	}
	size_t left() const override { return m_aBytes.size() - m_iPos; }
	void setWhere(const LayoutWhere* pWhere) override { m_pWhere = pWhere; }
	[[noreturn]] void fail(const std::string& sWhat) override
	{
		throw LayoutError((m_pWhere ? m_pWhere->where() : std::string()) + ": " + sWhat);
	}

private:
	std::vector<unsigned char> m_aBytes;
	size_t m_iPos = 0;
	const LayoutWhere* m_pWhere = nullptr;
};

// Little-endian ints, as a save holds them.
inline std::vector<unsigned char> ints(const std::vector<int>& aValues)
{
	std::vector<unsigned char> a;
	for (int i : aValues)
		for (int k = 0; k < 4; ++k) a.push_back(static_cast<unsigned char>((unsigned(i) >> (8 * k)) & 0xFF));
	return a;
}

} // namespace cvv
