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

#include "formats/BuildSettings.h"

#include <algorithm>
#include <cctype>
#include <set>

namespace cvv {

namespace fs = std::filesystem;
using namespace layout;

// The preprocessor definitions of the tree's release build, read by BuildSettings from its
// Makefile (its macros expanded, its !IF blocks taken for the Release target) or else its
// .vcproj/.vcxproj: the DLL the players run, which wrote their saves, is the release build
// (a #if of a debug-only definition in a read() is not what the saves hold).
void SaveLayout::Impl::projectDefines()
{
	BuildSettings kSettings;
	try
	{
		kSettings = readBuildSettings(kTree, false);
	}
	catch (const BuildSettingsError& kError)
	{
		throw LayoutError(std::string(kError.what()) + " (the tree's build settings give its defines)");
	}
	for (const BuildDefine& kDefine : kSettings.aDefines)
	{
		Toks aValue;
		if (kDefine.oValue) tokenize(*kDefine.oValue, 0, aValue);
		if (!kDefine.oValue) aValue.push_back(Tok{ "1", 0, 'n' });
		kProjectMacros[kDefine.sName] = { -1, aValue };
	}
}

std::map<std::string, std::string> SaveLayout::buildDefines() const
{
	std::map<std::string, std::string> kOut;
	for (const auto& [sName, kMacro] : m_p->kProjectMacros)
	{
		std::string& s = kOut[sName];
		for (const Tok& kTok : kMacro.second) s += (s.empty() ? "" : " ") + kTok.s;
	}
	return kOut;
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
		if (aPaths[iFile].extension() == ".cpp")
			for (auto& [sName, kBody] : kIgnored)
				if (kBody.first == int(iFile) && !kMacros.count(sName)) kFileMacros[sName].push_back(kBody);
	}
	for (size_t iFile = 0; iFile < aFiles.size(); ++iFile) scanDeclarations(int(iFile));
	for (size_t iFile = 0; iFile < aFiles.size(); ++iFile) scanFunctions(int(iFile));
	scanInfoFiles();
}

// The XML of each info class, from the tree's LoadGlobalClassInfo(GC.getXInfo(), "FILE", "FOLDER",
// "Root/Xs/X", ...) calls (AdvCiv's pass GC.m_paXInfo), and the GlobalDefines files it reads by name
// (ReadGlobalDefines("xml\\GlobalDefines.xml", ...) or any call whose name holds GlobalDefines and
// whose first argument names an .xml file), each in the order the calls stand in the files.
void SaveLayout::Impl::scanInfoFiles()
{
	kXmlLoads.sTree = kTree.string();
	// a string literal's text: quotes removed, "\\" read as one backslash
	auto literal = [](const std::string& s) {
		std::string sOut;
		for (size_t c = 1; c + 1 < s.size(); ++c)
		{
			if (s[c] == '\\' && c + 2 < s.size()) ++c;
			sOut += s[c];
		}
		return sOut;
	};
	std::set<std::string> kDefinesSeen;
	for (const SourceFile& f : aFiles)
	{
		const Toks& a = f.aToks;
		for (size_t i = 0; i + 2 < a.size(); ++i)
		{
			if (a[i].k == 'i' && a[i].s != "LoadGlobalClassInfo" && a[i].s.find("GlobalDefines") != std::string::npos
				&& a[i + 1].s == "(" && a[i + 2].k == 's')
			{
				std::string sFile = literal(a[i + 2].s);
				std::replace(sFile.begin(), sFile.end(), '\\', '/');
				std::string sLower = sFile;
				for (char& c : sLower) c = char(std::tolower(static_cast<unsigned char>(c)));
				if (sLower.size() < 5 || sLower.compare(sLower.size() - 4, 4, ".xml") != 0) continue;
				if (sLower.compare(0, 4, "xml/") == 0) sFile = "XML/" + sFile.substr(4);
				if (kDefinesSeen.insert(sLower).second)
					kXmlLoads.aDefines.push_back({ sFile, f.sName + ":" + std::to_string(a[i].iLine) });
				continue;
			}
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
			// AdvCiv: LoadGlobalClassInfo(GC.m_paUnitInfo, ...), the first argument a member
			std::string sMember;
			if (i + 5 < iClose && a[i + 2].s == "GC" && a[i + 3].s == "." && a[i + 4].k == 'i'
				&& a[i + 4].s.compare(0, 4, "m_pa") == 0 && a[i + 5].s == ",")
				sMember = a[i + 4].s.substr(4);
			if ((sGetter.empty() && sMember.empty()) || aStrings.size() < 3) continue;
			const std::string sPath = aStrings[2];
			const std::string sElement = sPath.substr(sPath.rfind('/') + 1);
			const std::string sBase = sMember.empty() ? sGetter.substr(3) : sMember; // "UnitInfo"
			const std::string sAccessor = "getNum" + sBase + "s";
			const std::string sFile = aStrings[1] + "/" + aStrings[0] + ".xml";
			if (!kInfoFiles.count(sAccessor))
			{
				kInfoFiles[sAccessor] = { sFile, sElement };
				kXmlLoads.aInfos.push_back({ sBase, sFile, sPath, f.sName + ":" + std::to_string(a[i].iLine) });
			}
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

const TreeXmlLoads& SaveLayout::xmlLoads() const { return m_p->kXmlLoads; }

std::vector<LayoutClassReport> SaveLayout::report() const
{
	LayoutRunner k(*m_p, nullptr, [](const std::string& s) -> int { throw LayoutError(s + ": no counts here"); });
	std::vector<LayoutClassReport> aOut;
	std::vector<std::string> aQueue(std::begin(kLayoutRoots), std::end(kLayoutRoots));
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
