// The save layout from a CvGameCoreDLL tree's own C++; see SaveLayout.h and docs/file-formats.md
// ("Saves of mods").
//
// Three parts, a pipeline of files in layout/:
//   1. the tree (layout/LayoutTree.h, SaveLayout::Impl): every .h/.inl/.cpp file tokenised
//      (CppLexer) after its #if branches are resolved with the #defines of the tree's headers and
//      its function-like macros expanded (CppPreprocessor); the enums and #define constants; the
//      classes and structs with their members' types (CppTypes) and inline methods; the functions
//      defined out of line (CppDeclarations). This file loads it: the files, the build's defines
//      (the Makefile or project files), the info classes' XML files;
//   2. the statements of a function body (blocks, if/else, for, while, declarations, expressions;
//      CppStatements);
//   3. an interpreter that runs a read() over the stream (LayoutRunner): a statement that names the
//      stream is one of the read forms it knows or an error; one that does not is run only for its
//      effect on the values the reads depend on (assignments, the methods it calls), and what cannot
//      be evaluated there becomes unknown, an error only if a read later depends on it.
#include "formats/SaveLayout.h"
#include "formats/layout/LayoutRunner.h"
#include "formats/layout/LayoutTree.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <cstdio>
#include <fstream>
#include <functional>
#include <unordered_map>
#include <unordered_set>
#include <set>
#include <sstream>

namespace cvv {

namespace fs = std::filesystem;
using namespace layout;

namespace {

// The /D (or -D) names of a flags text.
std::set<std::string> definesOf(const std::string& sFlags)
{
	std::set<std::string> kSet;
	std::istringstream o(sFlags);
	std::string sWord;
	while (o >> sWord)
		if (sWord.size() > 2 && (sWord.compare(0, 2, "/D") == 0 || sWord.compare(0, 2, "-D") == 0))
			kSet.insert(
				sWord.substr(2, sWord.find('=') == std::string::npos ? std::string::npos : sWord.find('=') - 2));
	return kSet;
}

// An nmake Makefile's macros (NAME = value; the last definition of a name, as the makefiles of these
// trees define the same name again only to the same value) and its CFLAGS assignments in order,
// with the files it !INCLUDEs from its folder read in place.
struct MakeMacros
{
	std::map<std::string, std::string> kValues;
	std::vector<std::string> aCflags; // the right-hand sides of "CFLAGS = ..."
};

void readMakefile(const fs::path& k, MakeMacros& kOut, int iDepth)
{
	if (iDepth > 4) return;
	for (const auto& [iLine, sRaw] : logicalLines(readText(k)))
	{
		(void)iLine;
		if (sRaw.empty() || std::isspace(static_cast<unsigned char>(sRaw[0]))) continue; // a recipe line
		const std::string sLine = sRaw.substr(0, sRaw.find('#'));
		if (sLine[0] == '!' || sLine.compare(0, 7, "include") == 0)
		{
			std::istringstream o(sLine[0] == '!' ? sLine.substr(1) : sLine);
			std::string sWord, sFile;
			o >> sWord >> sFile;
			std::transform(sWord.begin(), sWord.end(), sWord.begin(), [](char c) { return char(std::tolower(c)); });
			if (sWord == "include" && !sFile.empty() && sFile.find('$') == std::string::npos)
			{
				if (sFile.front() == '"' || sFile.front() == '<') sFile = sFile.substr(1, sFile.size() - 2);
				std::error_code kError;
				if (fs::is_regular_file(k.parent_path() / sFile, kError))
					readMakefile(k.parent_path() / sFile, kOut, iDepth + 1);
			}
			continue;
		}
		const size_t iEq = sLine.find('=');
		if (iEq == std::string::npos) continue;
		std::string sName = sLine.substr(0, iEq);
		while (!sName.empty() && std::isspace(static_cast<unsigned char>(sName.back()))) sName.pop_back();
		if (sName.empty() || !std::all_of(sName.begin(), sName.end(), isIdentChar)) continue;
		const std::string sValue = trimLeft(sLine.substr(iEq + 1));
		kOut.kValues[sName] = sValue;
		if (sName == "CFLAGS") kOut.aCflags.push_back(sValue);
	}
}

// sText with its $(NAME) and $(NAME:a=b) references replaced by the macros' values (a
// substitution's edit is not applied: it only takes flags away), to a bounded depth.
std::string expandMake(const std::string& sText, const MakeMacros& k, int iDepth)
{
	if (iDepth > 8) return sText;
	std::string sOut;
	for (size_t i = 0; i < sText.size(); ++i)
	{
		if (sText[i] != '$' || i + 1 >= sText.size() || sText[i + 1] != '(')
		{
			sOut += sText[i];
			continue;
		}
		const size_t iClose = sText.find(')', i);
		if (iClose == std::string::npos) break;
		std::string sName = sText.substr(i + 2, iClose - i - 2);
		sName = sName.substr(0, sName.find(':'));
		auto it = k.kValues.find(sName);
		if (it != k.kValues.end()) sOut += expandMake(it->second, k, iDepth + 1);
		i = iClose;
	}
	return sOut;
}

// The definitions of each build configuration a Makefile names: its CFLAGS assignments (one a
// target), else the X_CFLAGS macros built on GLOBAL_CFLAGS, else GLOBAL_CFLAGS itself.
std::vector<std::set<std::string>> makefileConfigurations(const fs::path& k)
{
	MakeMacros kMacros;
	readMakefile(k, kMacros, 0);
	std::vector<std::string> aFlags = kMacros.aCflags;
	if (aFlags.empty())
		for (const auto& [sName, sValue] : kMacros.kValues)
			if (sName != "GLOBAL_CFLAGS" && sName.size() > 7 && sName.compare(sName.size() - 7, 7, "_CFLAGS") == 0
				&& sValue.find("$(GLOBAL_CFLAGS)") != std::string::npos)
				aFlags.push_back(sValue);
	if (aFlags.empty() && kMacros.kValues.count("GLOBAL_CFLAGS")) aFlags.push_back("$(GLOBAL_CFLAGS)");
	std::vector<std::set<std::string>> aSets;
	for (const std::string& s : aFlags) aSets.push_back(definesOf(expandMake(s, kMacros, 0)));
	return aSets;
}

} // namespace

// The preprocessor definitions every configuration of the tree's build passes (a Makefile's
// configurations, its macros expanded; else a .vcproj's or .vcxproj's PreprocessorDefinitions):
// those the game's DLL is built with whatever the configuration.
void SaveLayout::Impl::projectDefines()
{
	std::vector<std::set<std::string>> aSets, aMakeSets;
	std::error_code kError;
	for (auto it = fs::recursive_directory_iterator(kTree, kError); it != fs::recursive_directory_iterator();
		 it.increment(kError))
	{
		if (kError || it.depth() > 2) continue;
		const fs::path k = it->path();
		const std::string sName = k.filename().string();
		const std::string sExt = k.extension().string();
		if (!it->is_regular_file()) continue;
		if (sName == "Makefile" || sName == "makefile")
		{
			for (const auto& kSet : makefileConfigurations(k))
				if (!kSet.empty()) aMakeSets.push_back(kSet);
		}
		else if (sExt == ".vcproj" || sExt == ".vcxproj")
		{
			const std::string sText = readText(k);
			for (const char* szKey : { "PreprocessorDefinitions=\"", "PreprocessorDefinitions>" })
				for (size_t i = sText.find(szKey); i != std::string::npos; i = sText.find(szKey, i + 1))
				{
					const size_t b = i + std::strlen(szKey);
					const size_t e = sText.find_first_of("\"<", b);
					std::set<std::string> kSet;
					std::istringstream o(sText.substr(b, e - b));
					std::string sWord;
					while (std::getline(o, sWord, ';'))
						if (!sWord.empty() && sWord[0] != '$' && sWord[0] != '%')
							kSet.insert(sWord.substr(0, sWord.find('=')));
					if (!kSet.empty()) aSets.push_back(kSet);
				}
		}
	}
	// a Makefile's flags are the build's (the project files of these trees often only call nmake)
	if (!aMakeSets.empty()) aSets = aMakeSets;
	if (aSets.empty()) return;
	std::set<std::string> kCommon = aSets[0];
	for (const auto& kSet : aSets)
	{
		std::set<std::string> kBoth;
		for (const std::string& s : kCommon)
			if (kSet.count(s)) kBoth.insert(s);
		kCommon = kBoth;
	}
	for (const std::string& s : kCommon) kProjectMacros[s] = { -1, Toks{ Tok{ "1", 0, 'n' } } };
}

namespace {

// "; CvPlot.cpp is in FOLDER: give --sdk that folder" for the first folder below kTree (three
// levels at most) that holds the sources; empty if none does.
std::string sourcesBelow(const fs::path& kTree)
{
	std::error_code kError;
	for (auto it = fs::recursive_directory_iterator(kTree, kError); !kError && it != fs::recursive_directory_iterator();
		 it.increment(kError))
	{
		if (it.depth() > 2)
		{
			it.disable_recursion_pending();
			continue;
		}
		if (it->path().filename() == "CvPlot.cpp" && it->is_regular_file())
			return "; CvPlot.cpp is in " + it->path().parent_path().string() + ": give --sdk that folder";
	}
	return std::string();
}

} // namespace

void SaveLayout::Impl::load()
{
	std::error_code kError;
	if (!fs::is_directory(kTree, kError))
		throw LayoutError(kTree.string() + ": not a folder (give --sdk the mod's CvGameCoreDLL folder)");
	std::vector<fs::path> aPaths;
	for (const auto& kEntry : fs::directory_iterator(kTree, kError))
	{
		const std::string sExt = kEntry.path().extension().string();
		if (kEntry.is_regular_file() && (sExt == ".h" || sExt == ".cpp" || sExt == ".inl" || sExt == ".hpp"))
			aPaths.push_back(kEntry.path());
	}
	std::sort(aPaths.begin(), aPaths.end());
	bool bReads = false;
	for (const fs::path& k : aPaths) bReads = bReads || k.filename() == "CvPlot.cpp";
	if (!bReads)
		throw LayoutError(
			kTree.string() + ": no CvPlot.cpp here: not a CvGameCoreDLL source folder" + sourcesBelow(kTree));

	// The #defines of the headers first (a read() may use a constant defined in any of them), found
	// with their own #if branches resolved (twice, so that a define may depend on another header's),
	// then each file's live lines.
	projectDefines();
	std::vector<LogicalLines> aTexts;
	for (size_t iFile = 0; iFile < aPaths.size(); ++iFile)
	{
		aTexts.push_back(logicalLines(stripComments(readText(aPaths[iFile]))));
		aFiles.push_back(SourceFile{ aPaths[iFile].filename().string(), {} });
	}
	for (int iPass = 0; iPass < 2; ++iPass)
	{
		std::map<std::string, std::pair<int, Toks>> kDefined;
		for (size_t iFile = 0; iFile < aPaths.size(); ++iFile)
			if (aPaths[iFile].extension() != ".cpp") preprocess(int(iFile), aTexts[iFile], false, kDefined);
		kMacros = kDefined;
	}
	for (size_t iFile = 0; iFile < aPaths.size(); ++iFile)
	{
		std::map<std::string, std::pair<int, Toks>> kIgnored;
		preprocess(int(iFile), aTexts[iFile], true, kIgnored);
	}
	for (size_t iFile = 0; iFile < aFiles.size(); ++iFile) scanDeclarations(int(iFile));
	for (size_t iFile = 0; iFile < aFiles.size(); ++iFile) scanFunctions(int(iFile));
	scanInfoFiles();
}

// The XML of each info class, from the tree's LoadGlobalClassInfo(GC.getXInfo(), "FILE", "FOLDER",
// "Root/Xs/X", ...) calls.
void SaveLayout::Impl::scanInfoFiles()
{
	for (const SourceFile& f : aFiles)
	{
		const Toks& a = f.aToks;
		for (size_t i = 0; i + 1 < a.size(); ++i)
		{
			if (a[i].s != "LoadGlobalClassInfo" || a[i + 1].s != "(") continue;
			const size_t iClose = matchClose(a, i + 1);
			if (iClose == std::string::npos) continue;
			// the accessor: the identifier before the first "(" of the first argument
			std::string sGetter;
			std::vector<std::string> aStrings;
			for (size_t j = i + 2; j < iClose; ++j)
			{
				if (sGetter.empty() && a[j].k == 'i' && j + 1 < iClose && a[j + 1].s == "("
					&& a[j].s.compare(0, 3, "get") == 0)
					sGetter = a[j].s;
				if (a[j].k == 's') aStrings.push_back(a[j].s.substr(1, a[j].s.size() - 2));
			}
			if (sGetter.empty() || aStrings.size() < 3) continue;
			const std::string sPath = aStrings[2];
			const std::string sElement = sPath.substr(sPath.rfind('/') + 1);
			std::string sBase = sGetter.substr(3); // "UnitInfo"
			const std::string sAccessor = "getNum" + sBase + "s";
			if (!kInfoFiles.count(sAccessor))
				kInfoFiles[sAccessor] = { aStrings[1] + "/" + aStrings[0] + ".xml", sElement };
		}
	}
}

// ---------------------------------------------------------------------------------------------
// SaveLayout
// ---------------------------------------------------------------------------------------------
SaveLayout::SaveLayout(std::shared_ptr<Impl> p) : m_p(std::move(p)) {}

std::shared_ptr<const SaveLayout> SaveLayout::derive(const fs::path& kTree)
{
	auto p = std::make_shared<Impl>();
	p->kTree = kTree;
	p->load();
	return std::make_shared<SaveLayout>(p);
}

const fs::path& SaveLayout::tree() const { return m_p->kTree; }

long long SaveLayout::constant(const std::string& sName) const
{
	LayoutRunner k(*m_p, nullptr, [](const std::string& s) -> int { throw LayoutError(s + ": no counts here"); });
	return k.constant(sName, m_p->kTree.string());
}

std::pair<std::string, std::string> SaveLayout::infoFile(const std::string& sAccessor) const
{
	auto it = m_p->kInfoFiles.find(sAccessor);
	return it == m_p->kInfoFiles.end() ? std::pair<std::string, std::string>() : it->second;
}

std::vector<LayoutClassReport> SaveLayout::report() const
{
	LayoutRunner k(*m_p, nullptr, [](const std::string& s) -> int { throw LayoutError(s + ": no counts here"); });
	std::vector<LayoutClassReport> aOut;
	std::vector<std::string> aQueue = { "CvInitCore", "CvGameAI", "CvMap", "CvTeamAI", "CvPlayerAI" };
	std::set<std::string> kSeen;
	for (size_t i = 0; i < aQueue.size(); ++i)
	{
		if (!kSeen.insert(aQueue[i]).second) continue;
		LayoutClassReport r;
		std::vector<std::string> aReached;
		k.describe(aQueue[i], r, aReached);
		aOut.push_back(r);
		for (const std::string& s : aReached)
			if (!kSeen.count(s) && s != "T") aQueue.push_back(s);
	}
	return aOut;
}

void SaveLayout::read(const std::string& sClass, LayoutStream& kStream, const LayoutCounts& fCounts, LayoutRecord& kOut,
	const LayoutGlobals& kGlobals) const
{
	LayoutRunner k(*m_p, &kStream, fCounts);
	k.m_kGlobals = kGlobals;
	// every step of a read takes at least one byte or is bounded by one that did: a generous cap
	k.m_iMaxSteps = static_cast<long long>(kStream.left()) * 64 + (1 << 24);
	k.runRead(sClass, kOut);
}

const std::vector<long long>* LayoutRecord::values(const std::string& sName) const
{
	auto it = kValues.find(sName);
	return it == kValues.end() ? nullptr : &it->second;
}

std::vector<const LayoutRecord*> LayoutRecord::objects(const std::string& sName) const
{
	std::vector<const LayoutRecord*> a;
	auto it = kChildren.find(sName);
	if (it == kChildren.end()) return a;
	// a record nothing was read into (a buffer declared before its reads) is no element
	auto bEmpty = [](const LayoutRecord& r) { return r.kValues.empty() && r.kChildren.empty(); };
	for (const auto& p : it->second)
	{
		auto jt = p->kChildren.find("items");
		if (jt != p->kChildren.end())
		{
			for (const auto& q : jt->second)
				if (!bEmpty(*q)) a.push_back(q.get());
		}
		else if (!bEmpty(*p))
			a.push_back(p.get());
	}
	return a;
}

} // namespace cvv
