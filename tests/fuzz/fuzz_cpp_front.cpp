// libFuzzer target: the save-layout deriver's front end alone (formats/layout/: CppLexer,
// CppPreprocessor, CppTypes, CppStatements, CppDeclarations.cpp). The input is one C++ source
// file, loaded beside a small fixed header as SaveLayout::Impl::load loads a tree's files: lexed,
// its #defines gathered (twice, as load does), its live lines tokenised with the function-like macros
// expanded under a few project defines, its declarations scanned (classes, enums, typedefs, globals)
// and its functions; then every function's body parsed into the statement tree, each simple
// statement's shapes found, and every #if and #elif of the file evaluated (live or not). Nothing is
// read: one input costs a fraction of fuzz_layout_tree's. An error is the front end's LayoutError;
// anything else (a crash, another exception, a sanitizer report, a hang, a leak) is a finding.
#include "formats/layout/LayoutTree.h"

#include <cstdint>
#include <cstdlib>
#include <cstdio>
#include <map>
#include <string>

using namespace cvv;
using namespace cvv::layout;

namespace {
// The fixed header beside the input: constants, an enum and a function-like macro it may use.
const char* const kDefines = "#ifndef CV_DEFINES_H\n#define CV_DEFINES_H\n"
							 "#define MAX_CIV_PLAYERS (18)\n#define MAX_PLAYERS (MAX_CIV_PLAYERS + 1)\n"
							 "#define MAX_TEAMS MAX_PLAYERS\n#define READ_ARRAY(s, n, a) s->Read(n, a)\n"
							 "#if defined(_USRDLL) && MAX_PLAYERS > 18\nenum PlayerTypes { NO_PLAYER = -1 };\n#endif\n"
							 "#endif\n";

// The simple statements' shapes (what the runner asks of them), the whole tree down.
void walk(const SaveLayout::Impl& t, const Toks& a, const Stmt& s)
{
	if ((s.eKind == Stmt::Simple || s.eKind == Stmt::Return) && s.b <= s.e && s.e <= a.size())
	{
		t.simpleShape(a, s.b, s.e);
		t.callShape(a, s.b, s.e);
		splitArguments(a, s.b, s.e);
	}
	for (const Stmt& k : s.aKids) walk(t, a, k);
}

// Every #if and #elif of the text evaluated with the tree's macros, whether its branch is live or not.
void evaluateConditions(const SaveLayout::Impl& t, const LogicalLines& aLines)
{
	const MacroLookup fLookup = [&](const std::string& sName) -> const Toks* {
		auto it = t.kMacros.find(sName);
		if (it != t.kMacros.end()) return &it->second.second;
		auto jt = t.kProjectMacros.find(sName);
		return jt != t.kProjectMacros.end() ? &jt->second.second : nullptr;
	};
	for (const auto& [iLine, sLine] : aLines)
	{
		const std::string s = trimLeft(sLine);
		if (s.empty() || s[0] != '#') continue;
		const std::string sDir = trimLeft(s.substr(1));
		size_t j = 0;
		while (j < sDir.size() && isIdentChar(sDir[j])) ++j;
		if (sDir.compare(0, j, "if") != 0 && sDir.compare(0, j, "elif") != 0) continue;
		Toks a;
		tokenize(sDir.substr(j), iLine, a);
		size_t i = 0;
		evalPreprocessor(a, i, a.size(), fLookup, 0, 0);
	}
}

void frontEnd(const std::string& sText)
{
	SaveLayout::Impl t;
	t.kTree = "fuzz";
	for (const char* sz : { "_USRDLL", "FINAL_RELEASE", "_MOD_SENTRY" })
		t.kProjectMacros[sz] = { -1, Toks{ Tok{ "1", 0, 'n' } } };
	// CvDefines.h, then the input as a header: the define passes see both, as load's do
	const std::vector<std::pair<std::string, std::string>> aInputs = { { "CvDefines.h", kDefines },
		{ "CvFuzzed.h", sText } };
	std::vector<LogicalLines> aTexts;
	for (const auto& [sName, sFile] : aInputs)
	{
		aTexts.push_back(logicalLines(stripComments(sFile)));
		t.aFiles.push_back(SourceFile{ sName, {} });
	}
	for (int iPass = 0; iPass < 2; ++iPass)
	{
		std::map<std::string, std::pair<int, Toks>> kDefined;
		for (size_t i = 0; i < aTexts.size(); ++i) t.preprocess(int(i), aTexts[i], false, kDefined);
		t.kMacros = kDefined;
	}
	for (size_t i = 0; i < aTexts.size(); ++i)
	{
		std::map<std::string, std::pair<int, Toks>> kIgnored;
		t.preprocess(int(i), aTexts[i], true, kIgnored);
	}
	for (size_t i = 0; i < t.aFiles.size(); ++i) t.scanDeclarations(int(i));
	for (size_t i = 0; i < t.aFiles.size(); ++i) t.scanFunctions(int(i));
	evaluateConditions(t, aTexts[1]);
	// every function's statements: those defined out of line, then the inline methods
	auto parse = [&](const Function& f) {
		const Toks& a = t.aFiles[size_t(f.iFile)].aToks;
		parameterRanges(a, f.iParams, f.iParamsEnd);
		try
		{
			walk(t, a, t.body(f));
		}
		catch (const LayoutError&)
		{} // this body cannot be followed: the others still can
	};
	for (const auto& [sName, aFunctions] : t.kFunctions)
		for (const Function& f : aFunctions) parse(f);
	for (const auto& p : t.aInline) parse(*p);
}
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* pData, size_t uSize)
{
	try
	{
		frontEnd(std::string(reinterpret_cast<const char*>(pData), uSize));
	}
	catch (const LayoutError&)
	{}
	catch (const std::exception& e)
	{
		// the front end's errors are LayoutErrors: anything else (std::out_of_range, ...) is a bug
		std::fprintf(stderr, "fuzz_cpp_front: not a LayoutError: %s\n", e.what());
		std::abort();
	}
	return 0;
}
