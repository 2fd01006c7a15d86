// A save-layout tree (SaveLayout::Impl, formats/layout/LayoutTree.h) from texts in memory, loaded as
// SaveLayout::Impl::load loads a folder's files (without the build's defines and the info files):
// the headers' #defines, each file's live tokens, its declarations and its functions.
#pragma once

#include "formats/layout/LayoutTree.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

inline std::unique_ptr<cvv::SaveLayout::Impl> layoutTreeOf(const std::map<std::string, std::string>& kFiles)
{
	using namespace cvv::layout;
	auto p = std::make_unique<cvv::SaveLayout::Impl>();
	std::vector<LogicalLines> aTexts;
	for (const auto& [sName, sText] : kFiles)
	{
		aTexts.push_back(logicalLines(stripComments(sText)));
		p->aFiles.push_back(SourceFile{ sName, {} });
	}
	auto isHeader = [&](size_t i) { return p->aFiles[i].sName.find(".cpp") == std::string::npos; };
	for (int iPass = 0; iPass < 2; ++iPass)
	{
		std::map<std::string, std::pair<int, Toks>> kDefined;
		for (size_t i = 0; i < aTexts.size(); ++i)
			if (isHeader(i)) p->preprocess(int(i), aTexts[i], false, kDefined);
		p->kMacros = kDefined;
	}
	for (size_t i = 0; i < aTexts.size(); ++i)
	{
		std::map<std::string, std::pair<int, Toks>> kIgnored;
		p->preprocess(int(i), aTexts[i], true, kIgnored);
	}
	for (size_t i = 0; i < p->aFiles.size(); ++i) p->scanDeclarations(int(i));
	for (size_t i = 0; i < p->aFiles.size(); ++i) p->scanFunctions(int(i));
	return p;
}
