// See CliCommands.h.
#include "Commands.h"

#include "analysis/Explain.h"
#include "support/OutputFile.h"
#include "analysis/PathPicture.h"
#include "analysis/PathQuery.h"
#include "render/Render.h"
#include "formats/RulesLoader.h"
#include "analysis/SaveAudit.h"
#include "model/VisionSetup.h"
#include "scenario/WorldLoader.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstdio>
#include <random>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <tuple>

using namespace cvv;

namespace fs = std::filesystem;

namespace
{
	std::string jsonString(const std::string& sText)
	{
		std::string sOut = "\"";
		for (const char c : sText)
		{
			if (c == '"' || c == '\\')
			{
				sOut += '\\';
				sOut += c;
			}
			else if (static_cast<unsigned char>(c) < 0x20)
			{
				char szEscape[8];
				std::snprintf(szEscape, sizeof(szEscape), "\\u%04x", static_cast<unsigned char>(c));
				sOut += szEscape;
			}
			else
			{
				sOut += c;
			}
		}
		return sOut + "\"";
	}

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
			kL.iSeaWaterSeeFromChange, kL.bWaterSeeThroughDefine ? kL.iSeaWaterSeeThroughChange : kL.iSeaWaterSeeFromChange);
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
				std::printf("  %s%-18s %4d\n", CV_VISION_SEE_FROM_PREFIX, kImprovement.szType.c_str(), kImprovement.iExtraSeeFrom);
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
		std::string sOut = "{\n  \"folders\": [";
		for (size_t i = 0; i < kLoaded.aFolders.size(); ++i)
		{
			sOut += (i ? ", " : "") + jsonString(kLoaded.aFolders[i].string());
		}
		sOut += "],\n  \"files_read\": [";
		for (size_t i = 0; i < kLoaded.aszFilesRead.size(); ++i)
		{
			sOut += (i ? ", " : "") + jsonString(kLoaded.aszFilesRead[i]);
		}
		sOut += "],\n  \"file_folders\": [";
		for (size_t i = 0; i < kLoaded.aiFileFolders.size(); ++i)
		{
			sOut += (i ? ", " : "") + std::to_string(kLoaded.aiFileFolders[i]);
		}
		sOut += "],\n  \"defines\": {";
		bool bFirst = true;
		for (const auto& [sName, iValue] : kLoaded.kDefines)
		{
			sOut += (bFirst ? "" : ", ") + jsonString(sName) + ": " + std::to_string(iValue);
			bFirst = false;
		}
		sOut += "},\n  \"knobs\": {";
		for (int i = 0; i < CV_VISION_NUM_KNOBS; ++i)
		{
			sOut += (i ? ", " : "") + jsonString(cvVisionKnobInfo(i).szDefine) + ": "
				+ std::to_string(kRules.knob(static_cast<CvVisionKnob>(i)));
		}
		sOut += "},\n  \"terrains\": [";
		for (size_t i = 0; i < kRules.aTerrains.size(); ++i)
		{
			const CvVisionTerrainRule& kT = kRules.aTerrains[i];
			sOut += std::string(i ? ", " : "") + "{\"type\": " + jsonString(kT.szType) + ", \"see_from\": "
				+ std::to_string(kT.iSeeFrom) + ", \"see_through\": " + std::to_string(kT.iSeeThrough)
				+ ", \"water\": " + (kT.bWater ? "true" : "false") + "}";
		}
		sOut += "],\n  \"features\": [";
		for (size_t i = 0; i < kRules.aFeatures.size(); ++i)
		{
			sOut += std::string(i ? ", " : "") + "{\"type\": " + jsonString(kRules.aFeatures[i].szType)
				+ ", \"see_through\": " + std::to_string(kRules.aFeatures[i].iSeeThrough) + "}";
		}
		sOut += "],\n  \"improvements_see_from\": {";
		for (size_t i = 0; i < kRules.aImprovements.size(); ++i)
		{
			sOut += (i ? ", " : "") + jsonString(kRules.aImprovements[i].szType) + ": "
				+ std::to_string(kRules.aImprovements[i].iExtraSeeFrom);
		}
		sOut += "},\n  \"units_extra_range\": {";
		for (size_t i = 0; i < kRules.aUnits.size(); ++i)
		{
			sOut += (i ? ", " : "") + jsonString(kRules.aUnits[i].szType) + ": " + std::to_string(kRules.aUnits[i].iExtraRange);
		}
		sOut += "},\n  \"warnings\": [";
		for (size_t i = 0; i < kLoaded.aszWarnings.size(); ++i)
		{
			sOut += (i ? ", " : "") + jsonString(kLoaded.aszWarnings[i]);
		}
		sOut += "]\n}\n";
		std::fputs(sOut.c_str(), stdout);
	}

	// --- maps ---------------------------------------------------------------------------------

	const auto g_kStart = std::chrono::steady_clock::now();

	// Progress lines on stderr, only once a run has taken more than a second
	// (CVVISION_PROGRESS_AFTER=seconds changes that, for tests).
	void progress(const char* szWhat, long lDone, long lTotal)
	{
		static const double fAfter = std::getenv("CVVISION_PROGRESS_AFTER") ? std::atof(std::getenv("CVVISION_PROGRESS_AFTER")) : 1.0;
		const double fSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - g_kStart).count();
		if (fSeconds >= fAfter)
		{
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

	LoadedRules rulesFor(const CliOptions& kOptions)
	{
		return loadFrontEndRules(kOptions.aAssets, kOptions.bNoVanilla);
	}

	// The map or save of --map and its world with the rules of --assets; a lenient load's warnings
	// on stderr. The file's memory is imported only when asked (path: what the team remembers).
	LoadedWorld loadMap(const CliOptions& kOptions, bool bImportMemory = false)
	{
		const auto pRules = std::make_shared<const LoadedRules>(rulesFor(kOptions));
		LoadOptions kLoad;
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
			throw std::runtime_error("--team " + std::to_string(eTeam) + ": the map has teams 0.." + std::to_string(kMap.numTeams() - 1)
				+ " (the last is the barbarians)");
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
		std::sort(aRows.begin(), aRows.end(), [](const Row& a, const Row& b) {
			return std::tie(a.eTeam, a.iX, a.iY) < std::tie(b.eTeam, b.iX, b.iY);
		});
		return aRows;
	}

	std::pair<int, int> pointOn(const std::optional<std::pair<int, int>>& kPoint, const char* szOption, const LoadedWorld& kMap,
		const char* szCommand = "explain")
	{
		if (!kPoint)
		{
			throw std::invalid_argument(std::string(szCommand) + " needs " + szOption + " X,Y");
		}
		if (kPoint->first < 0 || kPoint->second < 0 || kPoint->first >= kMap.width() || kPoint->second >= kMap.height())
		{
			throw std::runtime_error(std::string(szOption) + " " + std::to_string(kPoint->first) + "," + std::to_string(kPoint->second)
				+ " is outside the " + std::to_string(kMap.width()) + "x" + std::to_string(kMap.height()) + " map");
		}
		return *kPoint;
	}
}

int runRules(const CliOptions& kOptions)
{
	const LoadedRules kLoaded = rulesFor(kOptions);
	kOptions.bJson ? printRulesJson(kLoaded) : printRulesText(kLoaded);
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
		std::string sOut = "{\"map\": " + jsonString(kLoaded.path()) + ", \"width\": " + std::to_string(kLoaded.width())
			+ ", \"height\": " + std::to_string(kLoaded.height()) + ", \"teams\": " + std::to_string(kLoaded.numTeams())
			+ ", \"counts\": [";
		for (size_t i = 0; i < aRows.size(); ++i)
		{
			sOut += std::string(i ? ",\n  " : "\n  ") + "{\"team\": " + std::to_string(aRows[i].eTeam) + ", \"x\": " + std::to_string(aRows[i].iX)
				+ ", \"y\": " + std::to_string(aRows[i].iY) + ", \"count\": " + std::to_string(aRows[i].iCount) + "}";
		}
		sOut += "\n]}\n";
		std::fputs(sOut.c_str(), stdout);
		return 0;
	}
	for (const Row& kRow : aRows)
	{
		std::printf("%d\t%d\t%d\t%d\n", kRow.eTeam, kRow.iX, kRow.iY, kRow.iCount);
	}
	return 0;
}

namespace
{
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
	kRequest.iRange = kLoaded.rules().iUnitVisibilityRange;
	// Without --range: the sight of the team's first unit standing there, if any.
	for (const auto& [iId, kUnit] : kLoaded.world().state().kUnits)
	{
		if (kUnit.iX == kFrom.first && kUnit.iY == kFrom.second && kUnit.eTeam == kRequest.eTeam)
		{
			kRequest.iRange = kLoaded.world().unitRange(iId);
			break;
		}
	}
	kRequest.iRange = kOptions.iRange.value_or(kRequest.iRange);
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
	const bool bJson = kOptions.sFormat == "json";
	std::string sOut = bJson ? "{\"save\": " + jsonString(kLoaded.kSave->sPath) + ", \"differences\": [" : "";
	for (size_t i = 0; i < kResult.aDifferences.size(); ++i)
	{
		const SaveDifference& k = kResult.aDifferences[i];
		const std::string sCount = k.eInvisible < 0 ? "count" : kLoaded.rules().aszInvisibleTypes.at(k.eInvisible) + " count";
		if (bJson)
		{
			std::string sSources;
			for (size_t j = 0; j < k.asSources.size(); ++j)
			{
				sSources += (j ? ", " : "") + jsonString(k.asSources[j]);
			}
			sOut += std::string(i ? ",\n  " : "\n  ") + "{\"team\": " + std::to_string(k.eTeam) + ", \"x\": " + std::to_string(k.iX)
				+ ", \"y\": " + std::to_string(k.iY) + ", \"invisible\": " + std::to_string(k.eInvisible) + ", \"stored\": "
				+ std::to_string(k.iStored) + ", \"expected\": " + std::to_string(k.iExpected) + ", \"sources\": [" + sSources + "]}";
			continue;
		}
		const int iBy = std::abs(k.iStored - k.iExpected);
		sOut += "team " + std::to_string(k.eTeam) + " (" + std::to_string(k.iX) + "," + std::to_string(k.iY) + ") " + sCount + ": stored "
			+ std::to_string(k.iStored) + ", CvVision " + std::to_string(k.iExpected) + " (the game's count is "
			+ (k.iStored > k.iExpected ? "higher" : "lower") + " by " + std::to_string(iBy) + ")\n";
		for (const std::string& sSource : k.asSources)
		{
			sOut += "    seen by " + sSource + "\n";
		}
	}
	const std::string& sLock = kLoaded.kSave->sLockModifiedAssets;
	if (!bJson && !sLock.empty())
	{
		sOut += "Lock Modified Assets: " + sLock + " (a game started with locked assets: multiplayer, hotseat or PBEM)\n";
	}
	char szSummary[256];
	std::snprintf(szSummary, sizeof(szSummary), "%ld of %ld team-plots match, %zu counts differ", kResult.lMatching,
		kResult.lTeamPlots, kResult.aDifferences.size());
	sOut += bJson ? "\n], \"team_plots\": " + std::to_string(kResult.lTeamPlots) + ", \"matching\": " + std::to_string(kResult.lMatching)
			+ ", \"lock_modified_assets\": " + jsonString(sLock) + ", \"summary\": " + jsonString(szSummary) + "}\n"
				  : std::string("audit: ") + szSummary + "\n";
	std::fputs(sOut.c_str(), stdout);
	return kResult.aDifferences.empty() ? 0 : 3;
}

fs::path sampleMap()
{
	return fs::path(CVVISION_SOURCE_DIR) / "PublicMaps" / "CvVision_Sample.CivBeyondSwordWBSave";
}

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
		throw std::runtime_error("--out " + kOut.string() + ": not a folder (demo writes sample.png and sample.html into a folder)");
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

namespace
{
	std::string pathJson(const char* szName, const CvPathResult& kResult, int iWidth)
	{
		std::string sOut = std::string("\"") + szName + "\": {\"status\": \"" + pathStatusName(kResult)
			+ "\", \"cost\": " + std::to_string(kResult.iCost) + ", \"expanded\": " + std::to_string(kResult.iExpanded)
			+ ", \"plots\": [";
		for (size_t i = 0; i < kResult.aiPlots.size(); ++i)
		{
			sOut += (i ? ", [" : "[") + std::to_string(kResult.aiPlots[i] % iWidth) + ", "
				+ std::to_string(kResult.aiPlots[i] / iWidth) + "]";
		}
		return sOut + "]}";
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
	const std::string sUnit = kMover.eUnitType >= 0 ? kRules.aUnits[kMover.eUnitType].szType : "a land unit with one move";
	if (!kOptions.kPng.empty())
	{
		writeOutputs({ OutputFile{ kOptions.kPng, pathsPngBytes(kLoaded.world(), kRules, kMover, kAnswer, kFrom, kTo), "the PNG" } });
	}
	if (kOptions.sFormat == "json")
	{
		const int iWidth = kLoaded.width();
		std::string sOut = "{\"map\": " + jsonString(kLoaded.path()) + ", \"team\": " + std::to_string(kMover.eTeam)
			+ ", \"unit\": " + jsonString(sUnit) + ", \"seed\": " + std::to_string(kOptions.uSeed) + ", \"from\": ["
			+ std::to_string(kFrom.first) + ", " + std::to_string(kFrom.second) + "], \"to\": [" + std::to_string(kTo.first)
			+ ", " + std::to_string(kTo.second) + "], \"move_denominator\": " + std::to_string(kRules.iMoveDenominator)
			+ ",\n " + pathJson("knowledge", kAnswer.kKnowledge, iWidth) + ",\n " + pathJson("truth", kAnswer.kTruth, iWidth)
			+ "}\n";
		std::fputs(sOut.c_str(), stdout);
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
