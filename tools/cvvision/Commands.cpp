// See Commands.h.
#include "Commands.h"

#include "analysis/Explain.h"
#include "support/DataDir.h"
#include "support/Json.h"
#include "support/OutputFile.h"
#include "analysis/PathPicture.h"
#include "analysis/PathQuery.h"
#include "render/Render.h"
#include "formats/HostRules.h"
#include "formats/RulesLoader.h"
#include "formats/BuildSettings.h"
#include "analysis/SaveAudit.h"
#include "model/VisionSetup.h"
#include "scenario/WorldLoader.h"

#include <spawn.h>
#include <sys/wait.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <chrono>
#include <cstdlib>
#include <cstdio>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <tuple>

using namespace cvv;

namespace fs = std::filesystem;

namespace {
void printRulesText(const LoadedRules& kLoaded)
{
	const CvVisionRules& kRules = kLoaded.kRules;
	const fs::path kVanilla = bundledVanillaAssets();
	std::printf("folders (the first that has a file wins):\n");
	for (size_t i = 0; i < kLoaded.aFolders.size(); ++i)
	{
		std::error_code kError;
		std::printf("  [%zu] %s%s\n", i + 1, kLoaded.aFolders[i].string().c_str(),
			fs::equivalent(kLoaded.aFolders[i], kVanilla, kError) ? " (the bundled vanilla XML)" : "");
	}
	if (!kLoaded.sTree.empty())
	{
		std::printf("read by: %s's own loader, compiled behind the host (tools/host), its infos read by CvVision's "
					"adapter\n",
			kLoaded.sTree.c_str());
	}
	std::printf("files read:\n");
	for (size_t i = 0; i < kLoaded.aszFilesRead.size(); ++i)
	{
		const int iFolder = i < kLoaded.aiFileFolders.size() ? kLoaded.aiFileFolders[i] : -1;
		std::printf("  [%d] %s\n", iFolder + 1, kLoaded.aszFilesRead[i].c_str());
	}
	std::printf("ranges: plot %d, unit %d, recon %d\n", kRules.iPlotVisibilityRange, kRules.iUnitVisibilityRange,
		kRules.iReconVisibilityRange);
	const CvVisionLevelDefines& kL = kRules.kLevels;
	std::printf("level changes: peak +%d/+%d, hills +%d/+%d, water +%d/+%d (see from / see through)\n",
		kL.iPeakSeeFromChange, kL.iPeakSeeThroughChange, kL.iHillsSeeFromChange, kL.iHillsSeeThroughChange,
		kL.iSeaWaterSeeFromChange,
		kL.bWaterSeeThroughDefine ? kL.iSeaWaterSeeThroughChange : kL.iSeaWaterSeeFromChange);
	std::printf("knobs:\n");
	for (int i = 0; i < CV_VISION_NUM_KNOBS; ++i)
	{
		const CvVisionKnobInfo& kInfo = cvVisionKnobInfo(i);
		const int iValue = kRules.knob(static_cast<CvVisionKnob>(i));
		std::printf("  %-36s %4d%s\n", kInfo.szDefine, iValue, iValue == kInfo.iDefault ? "" : "   (BTS: changed)");
	}
	for (const CvVisionImprovementRule& kImprovement : kRules.aImprovements)
	{
		if (kImprovement.iExtraSeeFrom != 0)
		{
			std::printf(
				"  %s%-18s %4d\n", CV_VISION_SEE_FROM_PREFIX, kImprovement.szType.c_str(), kImprovement.iExtraSeeFrom);
		}
	}
	for (const CvVisionUnitRule& kUnit : kRules.aUnits)
	{
		if (kUnit.iExtraRange != 0)
		{
			std::printf("  %s%-15s %4d\n", CV_VISION_EXTRA_RANGE_PREFIX, kUnit.szType.c_str(), kUnit.iExtraRange);
		}
	}
	std::printf("terrains %zu, features %zu, improvements %zu, techs %zu, promotions %zu, units %zu, "
				"invisible types %zu\n",
		kRules.aTerrains.size(), kRules.aFeatures.size(), kRules.aImprovements.size(), kRules.aTechs.size(),
		kRules.aPromotions.size(), kRules.aUnits.size(), kRules.aszInvisibleTypes.size());
	for (const std::string& sWarning : kLoaded.aszWarnings)
	{
		std::printf("warning: %s\n", sWarning.c_str());
	}
}

void printRulesJson(const LoadedRules& kLoaded)
{
	const CvVisionRules& kRules = kLoaded.kRules;
	JsonWriter kJson;
	kJson.beginObject().nextOnNewLine("  ").key("folders").beginArray();
	for (const fs::path& kFolder : kLoaded.aFolders)
	{
		kJson.string(kFolder.string());
	}
	kJson.end();
	if (!kLoaded.sTree.empty())
	{
		kJson.nextOnNewLine("  ").key("sdk").string(kLoaded.sTree);
	}
	kJson.nextOnNewLine("  ").key("files_read").beginArray();
	for (const std::string& sFile : kLoaded.aszFilesRead)
	{
		kJson.string(sFile);
	}
	kJson.end().nextOnNewLine("  ").key("file_folders").beginArray();
	for (const int iFolder : kLoaded.aiFileFolders)
	{
		kJson.number(iFolder);
	}
	kJson.end().nextOnNewLine("  ").key("defines").beginObject();
	for (const auto& [sName, iValue] : kLoaded.kDefines)
	{
		kJson.key(sName).number(iValue);
	}
	kJson.end().nextOnNewLine("  ").key("knobs").beginObject();
	for (int i = 0; i < CV_VISION_NUM_KNOBS; ++i)
	{
		kJson.key(cvVisionKnobInfo(i).szDefine).number(kRules.knob(static_cast<CvVisionKnob>(i)));
	}
	kJson.end().nextOnNewLine("  ").key("terrains").beginArray();
	for (const CvVisionTerrainRule& kT : kRules.aTerrains)
	{
		kJson.beginObject().key("type").string(kT.szType).key("see_from").number(kT.iSeeFrom);
		kJson.key("see_through").number(kT.iSeeThrough).key("water").boolean(kT.bWater).end();
	}
	kJson.end().nextOnNewLine("  ").key("features").beginArray();
	for (const CvVisionFeatureRule& kF : kRules.aFeatures)
	{
		kJson.beginObject().key("type").string(kF.szType).key("see_through").number(kF.iSeeThrough).end();
	}
	kJson.end().nextOnNewLine("  ").key("improvements_see_from").beginObject();
	for (const CvVisionImprovementRule& kImprovement : kRules.aImprovements)
	{
		kJson.key(kImprovement.szType).number(kImprovement.iExtraSeeFrom);
	}
	kJson.end().nextOnNewLine("  ").key("units_extra_range").beginObject();
	for (const CvVisionUnitRule& kUnit : kRules.aUnits)
	{
		kJson.key(kUnit.szType).number(kUnit.iExtraRange);
	}
	kJson.end().nextOnNewLine("  ").key("warnings").beginArray();
	for (const std::string& sWarning : kLoaded.aszWarnings)
	{
		kJson.string(sWarning);
	}
	kJson.end().end("\n");
	std::fputs((kJson.str() + "\n").c_str(), stdout);
}

// --- maps ---------------------------------------------------------------------------------

const auto g_kStart = std::chrono::steady_clock::now();

// Progress lines on stderr, only once a run has taken more than a second
// (CVVISION_PROGRESS_AFTER=seconds changes that, for tests), and then at most four a second: each
// step's first and last lines, and one a quarter of a second between them.
void progress(const char* szWhat, long lDone, long lTotal)
{
	static const double fAfter =
		std::getenv("CVVISION_PROGRESS_AFTER") ? std::atof(std::getenv("CVVISION_PROGRESS_AFTER")) : 1.0;
	static std::string sLastStep;
	static double fLastLine = 0.0;
	const double fSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - g_kStart).count();
	const bool bNewStep = sLastStep != szWhat;
	const bool bLastOfStep = lTotal >= 0 && lDone >= lTotal;
	if (fSeconds >= fAfter && (bNewStep || bLastOfStep || fSeconds - fLastLine >= 0.25))
	{
		sLastStep = szWhat;
		fLastLine = fSeconds;
		if (lTotal < 0)
		{
			std::fprintf(stderr, "cvvision: %s %ld\n", szWhat, lDone);
		}
		else
		{
			std::fprintf(stderr, "cvvision: %s %ld/%ld\n", szWhat, lDone, lTotal);
		}
	}
}

// The --assets folders, then the game's of --game (Beyond the Sword, Warlords, the base game, as
// the game searches them).
std::vector<fs::path> assetsOf(const CliOptions& kOptions)
{
	std::vector<fs::path> aOut = kOptions.aAssets;
	if (!kOptions.kGame.empty())
	{
		if (!fs::is_directory(kOptions.kGame))
		{
			throw std::runtime_error("--game " + kOptions.kGame.string() + ": no such folder");
		}
		for (const char* szBelow : { "Beyond the Sword/Assets", "Warlords/Assets", "Assets" })
		{
			if (fs::is_directory(kOptions.kGame / szBelow))
			{
				aOut.push_back(kOptions.kGame / szBelow);
			}
		}
	}
	return aOut;
}

// Whether the --sdk tree's own code reads the XML and the saves, compiled behind the host (--sdk
// with --game). --sdk alone is refused by the commands that read rules: the tree's loader needs the
// game's folders, and there is no other way to read a mod's saves.
bool readByHost(const CliOptions& kOptions)
{
	if (kOptions.kSdk.empty())
	{
		return false;
	}
	if (kOptions.kGame.empty())
	{
		throw std::invalid_argument("--sdk " + kOptions.kSdk.string()
			+ " needs --game DIR, the game's folder (holding Assets, Warlords and Beyond the Sword): the tree's "
			  "own code reads the XML and the saves, compiled behind the host (tools/host)");
	}
	return true;
}

// What the host runs: the --sdk tree over --game's folders, the first --assets folder the mod's.
HostOptions hostOptions(const CliOptions& kOptions)
{
	return HostOptions{ kOptions.kSdk, kOptions.kGame, kOptions.aAssets.empty() ? fs::path() : kOptions.aAssets.front(),
		{} };
}

// The rules of --assets (and --game's folders after them); with --sdk, those the tree's own
// loader loads (formats/HostRules.h).
LoadedRules rulesFor(const CliOptions& kOptions)
{
	if (readByHost(kOptions))
	{
		return loadRulesByHost(hostOptions(kOptions));
	}
	return loadFrontEndRules(assetsOf(kOptions), kOptions.bNoVanilla);
}

// The map or save of --map and its world with the rules of --assets; a lenient load's warnings
// on stderr. The file's memory is imported only when asked (path: what the team remembers).
LoadedWorld loadMap(const CliOptions& kOptions, bool bImportMemory = false)
{
	const auto pRules = std::make_shared<const LoadedRules>(rulesFor(kOptions));
	LoadOptions kLoad;
	if (readByHost(kOptions))
	{
		kLoad.oHost = hostOptions(kOptions);
	}
	kLoad.bLenient = kOptions.bLenient;
	kLoad.bImportMemory = bImportMemory;
	kLoad.fProgress = &progress;
	LoadedWorld kOut = loadWorld(kOptions.kMap, pRules, kLoad);
	for (const std::string& sWarning : kOut.asWarnings)
	{
		std::fprintf(stderr, "warning: %s\n", sWarning.c_str());
	}
	return kOut;
}

int teamOf(const CliOptions& kOptions, const LoadedWorld& kMap)
{
	const int eTeam = kOptions.eTeam.value_or(0);
	if (eTeam < 0 || eTeam >= kMap.numTeams())
	{
		throw std::runtime_error("--team " + std::to_string(eTeam) + ": the map has teams 0.."
			+ std::to_string(kMap.numTeams() - 1) + " (the last is the barbarians)");
	}
	return eTeam;
}

struct Row
{
	int eTeam, iX, iY, iCount;
};

std::vector<Row> countRows(const VisionWorld& kWorld, std::optional<int> eOnlyTeam)
{
	std::vector<Row> aRows;
	const int iWidth = kWorld.state().iWidth;
	for (int t = 0; t < kWorld.state().iNumTeams; ++t)
	{
		for (int i = 0; i < kWorld.plotCount() && (!eOnlyTeam || *eOnlyTeam == t); ++i)
		{
			const int iCount = kWorld.grid().counts()[t * kWorld.plotCount() + i];
			if (iCount > 0)
			{
				aRows.push_back({ t, i % iWidth, i / iWidth, iCount });
			}
		}
	}
	std::sort(aRows.begin(), aRows.end(),
		[](const Row& a, const Row& b) { return std::tie(a.eTeam, a.iX, a.iY) < std::tie(b.eTeam, b.iX, b.iY); });
	return aRows;
}

std::pair<int, int> pointOn(const std::optional<std::pair<int, int>>& kPoint, const char* szOption,
	const LoadedWorld& kMap, const char* szCommand = "explain")
{
	if (!kPoint)
	{
		throw std::invalid_argument(std::string(szCommand) + " needs " + szOption + " X,Y");
	}
	if (kPoint->first < 0 || kPoint->second < 0 || kPoint->first >= kMap.width() || kPoint->second >= kMap.height())
	{
		throw std::runtime_error(std::string(szOption) + " " + std::to_string(kPoint->first) + ","
			+ std::to_string(kPoint->second) + " is outside the " + std::to_string(kMap.width()) + "x"
			+ std::to_string(kMap.height()) + " map");
	}
	return *kPoint;
}
}

int runRules(const CliOptions& kOptions)
{
	const LoadedRules kLoaded = rulesFor(kOptions);
	kOptions.sFormat == "json" ? printRulesJson(kLoaded) : printRulesText(kLoaded);
	return 0;
}

int runCounts(const CliOptions& kOptions)
{
	const LoadedWorld kLoaded = loadMap(kOptions);
	if (kOptions.eTeam)
	{
		teamOf(kOptions, kLoaded);
	}
	const std::vector<Row> aRows = countRows(kLoaded.world(), kOptions.eTeam);
	if (kOptions.sFormat == "json")
	{
		JsonWriter kJson;
		kJson.beginObject().key("map").string(kLoaded.path()).key("width").number(kLoaded.width());
		kJson.key("height").number(kLoaded.height()).key("teams").number(kLoaded.numTeams()).key("counts").beginArray();
		for (const Row& kRow : aRows)
		{
			kJson.nextOnNewLine("  ").beginObject().key("team").number(kRow.eTeam).key("x").number(kRow.iX);
			kJson.key("y").number(kRow.iY).key("count").number(kRow.iCount).end();
		}
		kJson.end("\n").end();
		std::fputs((kJson.str() + "\n").c_str(), stdout);
		return 0;
	}
	for (const Row& kRow : aRows)
	{
		std::printf("%d\t%d\t%d\t%d\n", kRow.eTeam, kRow.iX, kRow.iY, kRow.iCount);
	}
	return 0;
}

namespace {
std::string showText(const CliOptions& kOptions)
{
	const LoadedWorld kLoaded = loadMap(kOptions);
	RenderOptions kRender;
	kRender.eTeam = teamOf(kOptions, kLoaded);
	kRender.bColor = kOptions.bColor;
	return renderText(kLoaded.view(), kRender);
}

// Two destinations that are one file would see one of them lost.
void checkDistinct(const fs::path& kFirst, const fs::path& kSecond)
{
	const auto fKey = [](const fs::path& k) { return fs::absolute(outputTarget(k)).lexically_normal(); };
	if (fKey(kFirst) == fKey(kSecond))
	{
		throw std::invalid_argument(kFirst.string() + " and " + kSecond.string() + " are the same file");
	}
}
}

int runShow(const CliOptions& kOptions)
{
	std::fputs(showText(kOptions).c_str(), stdout);
	return 0;
}

int runRender(const CliOptions& kOptions)
{
	if (kOptions.kPng.empty() && kOptions.kHtml.empty())
	{
		throw std::invalid_argument("render needs --png FILE or --html FILE");
	}
	// Every destination first: nothing is written unless all of them can be.
	if (!kOptions.kPng.empty())
	{
		checkOutput(kOptions.kPng, "the PNG");
	}
	if (!kOptions.kHtml.empty())
	{
		checkOutput(kOptions.kHtml, "the page");
	}
	if (!kOptions.kPng.empty() && !kOptions.kHtml.empty())
	{
		checkDistinct(kOptions.kPng, kOptions.kHtml);
	}
	const LoadedWorld kLoaded = loadMap(kOptions);
	RenderOptions kRender;
	kRender.eTeam = teamOf(kOptions, kLoaded);
	const MapView kView = kLoaded.view();
	std::vector<OutputFile> aFiles;
	const long lPlots = static_cast<long>(kLoaded.width()) * kLoaded.height();
	if (!kOptions.kPng.empty())
	{
		progress("drawing the PNG, plots", lPlots, lPlots);
		aFiles.push_back(OutputFile{ kOptions.kPng, pngBytes(kView, kRender), "the PNG" });
	}
	if (!kOptions.kHtml.empty())
	{
		progress("writing the page, plots", lPlots, lPlots);
		aFiles.push_back(OutputFile{ kOptions.kHtml, renderHtml(kView, kRender), "the page" });
	}
	progress("writing files", static_cast<long>(aFiles.size()), -1);
	writeOutputs(aFiles);
	for (const OutputFile& kFile : aFiles)
	{
		std::printf("wrote %s\n", kFile.kPath.string().c_str());
	}
	return 0;
}

int runExplain(const CliOptions& kOptions)
{
	const LoadedWorld kLoaded = loadMap(kOptions);
	const std::pair<int, int> kFrom = pointOn(kOptions.kFrom, "--from", kLoaded);
	const std::pair<int, int> kTo = pointOn(kOptions.kTo, "--to", kLoaded);
	ExplainRequest kRequest;
	kRequest.iFromX = kFrom.first;
	kRequest.iFromY = kFrom.second;
	kRequest.iToX = kTo.first;
	kRequest.iToY = kTo.second;
	kRequest.eTeam = teamOf(kOptions, kLoaded);
	kRequest.iRange = kOptions.iRange
		? *kOptions.iRange
		: defaultExplainRange(kLoaded.world(), kLoaded.rules(), kFrom.first, kFrom.second, kRequest.eTeam);
	const VisionSetup kSetup(kLoaded.rules());
	std::fputs(explainSight(kLoaded.world().grid(), kSetup.engine(), kRequest).c_str(), stdout);
	return 0;
}

int runAudit(const CliOptions& kOptions)
{
	if (!isSavePath(kOptions.kMap))
	{
		throw std::invalid_argument("audit needs a saved game (.CivBeyondSwordSave), not " + kOptions.kMap.string());
	}
	const LoadedWorld kLoaded = loadMap(kOptions);
	const SaveAuditResult kResult = auditSave(*kLoaded.kSave, kLoaded.world(), kLoaded.rules());
	const std::string& sLock = kLoaded.kSave->sLockModifiedAssets;
	char szSummary[256];
	std::snprintf(szSummary, sizeof(szSummary), "%ld of %ld team-plots match, %zu counts differ", kResult.lMatching,
		kResult.lTeamPlots, kResult.aDifferences.size());
	if (kOptions.sFormat == "json")
	{
		JsonWriter kJson;
		kJson.beginObject().key("save").string(kLoaded.kSave->sPath).key("differences").beginArray();
		for (const SaveDifference& k : kResult.aDifferences)
		{
			kJson.nextOnNewLine("  ").beginObject().key("team").number(k.eTeam).key("x").number(k.iX).key("y").number(
				k.iY);
			kJson.key("invisible")
				.number(k.eInvisible)
				.key("stored")
				.number(k.iStored)
				.key("expected")
				.number(k.iExpected);
			kJson.key("sources").beginArray();
			for (const std::string& sSource : k.asSources)
			{
				kJson.string(sSource);
			}
			kJson.end().end();
		}
		kJson.end("\n").key("team_plots").number(kResult.lTeamPlots).key("matching").number(kResult.lMatching);
		kJson.key("lock_modified_assets").string(sLock);
		if (!kOptions.kSdk.empty())
		{
			kJson.key("mod").string(kLoaded.kSave->sMod).key("sdk").string(kLoaded.kSave->sReadByTree);
		}
		kJson.key("summary").string(szSummary).end();
		std::fputs((kJson.str() + "\n").c_str(), stdout);
		return kResult.aDifferences.empty() ? 0 : 3;
	}
	std::string sOut;
	for (const SaveDifference& k : kResult.aDifferences)
	{
		const std::string sCount =
			k.eInvisible < 0 ? "count" : kLoaded.rules().aszInvisibleTypes.at(k.eInvisible) + " count";
		const int iBy = std::abs(k.iStored - k.iExpected);
		sOut += "team " + std::to_string(k.eTeam) + " (" + std::to_string(k.iX) + "," + std::to_string(k.iY) + ") "
			+ sCount + ": stored " + std::to_string(k.iStored) + ", CvVision " + std::to_string(k.iExpected)
			+ " (the game's count is " + (k.iStored > k.iExpected ? "higher" : "lower") + " by " + std::to_string(iBy)
			+ ")\n";
		for (const std::string& sSource : k.asSources)
		{
			sOut += "    seen by " + sSource + "\n";
		}
	}
	if (!sLock.empty())
	{
		sOut +=
			"Lock Modified Assets: " + sLock + " (a game started with locked assets: multiplayer, hotseat or PBEM)\n";
	}
	if (!kOptions.kSdk.empty())
	{
		sOut += "read by: " + kLoaded.kSave->sReadByTree + "'s own code (tools/host); mod: "
			+ (kLoaded.kSave->sMod.empty() ? std::string("none (unmodified BTS)") : kLoaded.kSave->sMod) + "\n";
	}
	sOut += std::string("audit: ") + szSummary + "\n";
	std::fputs(sOut.c_str(), stdout);
	return kResult.aDifferences.empty() ? 0 : 3;
}

namespace {

// The tree's build settings as build-settings prints them (docs/command-line.md).
void jsonPaths(JsonWriter& k, const std::vector<fs::path>& a)
{
	k.beginArray();
	for (const fs::path& p : a) k.string(p.string());
	k.end();
}

std::string joined(const std::vector<fs::path>& a)
{
	std::string s;
	for (const fs::path& p : a) s += (s.empty() ? "" : " ") + p.string();
	return s;
}

std::string buildSettingsText(const BuildSettings& k)
{
	if (k.kSource.empty()) return "no build file (no Makefile, *.vcproj or *.vcxproj) in the tree\n";
	std::string s = "from: " + k.kSource.string() + " (" + k.sKind + ", " + k.sConfiguration + ")\n";
	s += "files read: " + joined(k.aFiles) + "\ndefines:";
	for (const BuildDefine& d : k.aDefines) s += " " + d.text();
	s += "\ninclude folders: " + joined(k.aIncludes) + "\nlibraries:";
	for (const std::string& sLib : k.aLibs) s += " " + sLib;
	s += "\nlibrary folders: " + joined(k.aLibDirs) + "\n.def file: " + (k.oDefFile ? k.oDefFile->string() : "") + "\n";
	s += "PSDK: " + k.oPsdk.value_or("") + "\ntoolkit: " + k.oToolkit.value_or("") + "\n";
	return s;
}

std::string buildSettingsJson(const BuildSettings& k)
{
	JsonWriter j;
	j.beginObject().nextOnNewLine("  ").key("source");
	k.kSource.empty() ? j.null() : j.string(k.kSource.string());
	j.nextOnNewLine("  ").key("kind").string(k.sKind).nextOnNewLine("  ").key("configuration").string(k.sConfiguration);
	j.nextOnNewLine("  ").key("files");
	jsonPaths(j, k.aFiles);
	j.nextOnNewLine("  ").key("defines").beginArray();
	for (const BuildDefine& d : k.aDefines)
	{
		j.beginObject().key("name").string(d.sName).key("value");
		d.oValue ? j.string(*d.oValue) : j.null();
		j.end();
	}
	j.end().nextOnNewLine("  ").key("includes");
	jsonPaths(j, k.aIncludes);
	j.nextOnNewLine("  ").key("libs").raw(jsonStrings(k.aLibs, JsonWriter::Layout::Spaced));
	j.nextOnNewLine("  ").key("lib_dirs");
	jsonPaths(j, k.aLibDirs);
	j.nextOnNewLine("  ").key("def_file");
	k.oDefFile ? j.string(k.oDefFile->string()) : j.null();
	j.nextOnNewLine("  ").key("psdk");
	k.oPsdk ? j.string(*k.oPsdk) : j.null();
	j.nextOnNewLine("  ").key("toolkit");
	k.oToolkit ? j.string(*k.oToolkit) : j.null();
	return j.end("\n").str() + "\n";
}

} // namespace

int runBuildSettings(const CliOptions& kOptions)
{
	if (kOptions.kSdk.empty() && kOptions.kBuildFile.empty())
	{
		throw std::invalid_argument("build-settings needs --sdk DIR (a CvGameCoreDLL source folder) or --file FILE");
	}
	const BuildSettings k = kOptions.kBuildFile.empty() ? readBuildSettings(kOptions.kSdk, kOptions.bDebug)
														: readBuildFile(kOptions.kBuildFile, kOptions.bDebug);
	std::fputs((kOptions.sFormat == "json" ? buildSettingsJson(k) : buildSettingsText(k)).c_str(), stdout);
	return 0;
}

fs::path sampleMap() { return dataDir() / "PublicMaps" / "CvVision_Sample.CivBeyondSwordWBSave"; }

int runDemo(const CliOptions& kOptions)
{
	CliOptions kSample = kOptions;
	kSample.kMap = sampleMap();
	// The folder and both files first, then the map: nothing is printed or written when the
	// output cannot be.
	const fs::path kOut = kOptions.kDemoOut.empty() ? fs::path("build") / "demo" : kOptions.kDemoOut;
	std::error_code kError;
	const fs::file_status kStatus = fs::status(kOut, kError);
	if (fs::exists(kStatus) && !fs::is_directory(kStatus))
	{
		throw std::runtime_error(
			"--out " + kOut.string() + ": not a folder (demo writes sample.png and sample.html into a folder)");
	}
	fs::create_directories(kOut, kError);
	if (kError)
	{
		throw std::runtime_error("--out " + kOut.string() + ": cannot make the folder: " + kError.message());
	}
	kSample.kPng = kOut / "sample.png";
	kSample.kHtml = kOut / "sample.html";
	checkOutput(kSample.kPng, "the PNG");
	checkOutput(kSample.kHtml, "the page");
	const std::string sMap = showText(kSample);
	std::printf("CvVision demo: %s, as team 0 sees it (BTS 3.19 rules and the knobs of Assets/)\n\n%s\n",
		kSample.kMap.filename().string().c_str(), sMap.c_str());
	runRender(kSample);
	std::printf("open %s in a browser: hover a plot for its levels and counts, click a unit for its sight\n",
		fs::absolute(kSample.kHtml).string().c_str());
	return 0;
}

namespace {
void pathJson(JsonWriter& kJson, const char* szName, const CvPathResult& kResult, int iWidth)
{
	kJson.nextOnNewLine(" ").key(szName).beginObject().key("status").string(pathStatusName(kResult));
	kJson.key("cost").number(kResult.iCost).key("expanded").number(kResult.iExpanded).key("plots").beginArray();
	for (const int iPlot : kResult.aiPlots)
	{
		kJson.beginArray().number(iPlot % iWidth).number(iPlot / iWidth).end();
	}
	kJson.end().end();
}
}

int runPath(const CliOptions& kOptions)
{
	if (!kOptions.kPng.empty())
	{
		checkOutput(kOptions.kPng, "the PNG");
	}
	const LoadedWorld kLoaded = loadMap(kOptions, true);
	const CvVisionRules& kRules = kLoaded.rules();
	const std::pair<int, int> kFrom = pointOn(kOptions.kFrom, "--from", kLoaded, "path");
	const std::pair<int, int> kTo = pointOn(kOptions.kTo, "--to", kLoaded, "path");
	PathMover kMover;
	kMover.eTeam = teamOf(kOptions, kLoaded);
	kMover.eBarbarianTeam = kLoaded.barbarianTeam();
	kMover.aeTechs = kLoaded.techs(kMover.eTeam);
	for (const int eTeam : kOptions.aeOpenTeams)
	{
		if (eTeam < 0 || eTeam >= kLoaded.numTeams())
		{
			throw std::runtime_error("--open-borders " + std::to_string(eTeam) + ": the map has teams 0.."
				+ std::to_string(kLoaded.numTeams() - 1));
		}
		kMover.aeOpenTeams.insert(eTeam);
	}
	if (!kOptions.sUnit.empty())
	{
		kMover.eUnitType = kRules.findUnit(kOptions.sUnit);
		if (kMover.eUnitType < 0)
		{
			throw std::runtime_error("--unit " + kOptions.sUnit + ": not a unit type of the loaded rules");
		}
	}
	else
	{
		kMover.eUnitType = unitTypeAt(kLoaded.world(), kMover.eTeam, kFrom.first, kFrom.second);
	}
	const PathAnswer kAnswer = planPath(kLoaded.world(), kRules, kMover, kFrom, kTo, kOptions.uSeed);
	const std::string sUnit =
		kMover.eUnitType >= 0 ? kRules.aUnits[kMover.eUnitType].szType : "a land unit with one move";
	if (!kOptions.kPng.empty())
	{
		writeOutputs({ OutputFile{
			kOptions.kPng, pathsPngBytes(kLoaded.world(), kRules, kMover, kAnswer, kFrom, kTo), "the PNG" } });
	}
	if (kOptions.sFormat == "json")
	{
		JsonWriter kJson;
		kJson.beginObject()
			.key("map")
			.string(kLoaded.path())
			.key("team")
			.number(kMover.eTeam)
			.key("unit")
			.string(sUnit);
		kJson.key("seed")
			.number(kOptions.uSeed)
			.key("from")
			.beginArray()
			.number(kFrom.first)
			.number(kFrom.second)
			.end();
		kJson.key("to").beginArray().number(kTo.first).number(kTo.second).end();
		kJson.key("move_denominator").number(kRules.iMoveDenominator);
		pathJson(kJson, "knowledge", kAnswer.kKnowledge, kLoaded.width());
		pathJson(kJson, "truth", kAnswer.kTruth, kLoaded.width());
		kJson.end();
		std::fputs((kJson.str() + "\n").c_str(), stdout);
		return 0;
	}
	std::printf("path for team %d (%s), seed %u\n", kMover.eTeam, sUnit.c_str(), kOptions.uSeed);
	std::fputs(renderPaths(kLoaded.world(), kRules, kMover, kAnswer, kFrom, kTo).c_str(), stdout);
	if (!kOptions.kPng.empty())
	{
		std::printf("wrote %s\n", kOptions.kPng.string().c_str());
	}
	return 0;
}

extern char** environ;

int runPlay(const CliOptions& kOptions)
{
	if (!isSavePath(kOptions.kMap))
	{
		throw std::invalid_argument("play needs a saved game (.CivBeyondSwordSave), not " + kOptions.kMap.string());
	}
	if (kOptions.kSdk.empty() || kOptions.kGame.empty())
	{
		throw std::invalid_argument("play needs --sdk TREE and --game DIR: the tree's own code plays the game, "
									"compiled behind the host (tools/host)");
	}
	if (kOptions.iTurns < 1 || kOptions.kPlayOut.empty())
	{
		throw std::invalid_argument("play needs --turns N (1..10000) and --out FILE (the save at the end)");
	}
	const HostOptions kHost = hostOptions(kOptions);
	const fs::path kCvcore = locateCvcore(kHost.kCvcore);
	if (kCvcore.empty())
	{
		throw std::runtime_error("no cvcore (tools/host/cvcore) beside this program: set CVVISION_CVCORE");
	}
	std::vector<std::string> asBefore = { kOptions.kMap.string(), "--turns", std::to_string(kOptions.iTurns), "--out",
		kOptions.kPlayOut.string() };
	if (!kOptions.kEvery.empty())
	{
		asBefore.insert(asBefore.end(), { "--every", kOptions.kEvery.string() });
	}
	if (kOptions.bIntegrated)
	{
		asBefore.push_back("--integrated");
	}
	for (const std::string& sDefine : kOptions.asDefines)
	{
		asBefore.insert(asBefore.end(), { "--define", sDefine });
	}
	const std::vector<std::string> asArguments = cvcoreArguments(kCvcore, "play", asBefore, "--sdk", kHost);
	// The child shares the terminal: its progress (a line a turn) shows as it comes.
	std::vector<char*> apArguments;
	for (const std::string& s : asArguments)
	{
		apArguments.push_back(const_cast<char*>(s.c_str()));
	}
	apArguments.push_back(nullptr);
	std::fflush(stdout);
	pid_t iChild = 0;
	const int iError = posix_spawnp(&iChild, apArguments[0], nullptr, nullptr, apArguments.data(), environ);
	if (iError != 0)
	{
		throw std::runtime_error("cannot run " + asArguments[0] + ": " + std::strerror(iError));
	}
	int iStatus = 0;
	while (waitpid(iChild, &iStatus, 0) < 0 && errno == EINTR)
	{}
	if (!WIFEXITED(iStatus))
	{
		throw std::runtime_error("cvcore play was ended by signal " + std::to_string(WTERMSIG(iStatus)));
	}
	return WEXITSTATUS(iStatus) == 0 ? 0 : WEXITSTATUS(iStatus) == 2 ? 2 : 1;
}
