// See Commands.h.
#include "Commands.h"

#include "analysis/Explain.h"
#include "support/DataDir.h"
#include "support/Json.h"
#include "support/OutputFile.h"
#include "analysis/PathQuery.h"
#include "render/Render.h"
#include "formats/RulesLoader.h"
#include "analysis/SaveAudit.h"
#include "model/VisionSetup.h"
#include "formats/WbReader.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstdio>
#include <random>
#include <fstream>
#include <stdexcept>
#include <tuple>

using namespace cvv;

namespace fs = std::filesystem;

namespace
{
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
		JsonWriter kJson;
		kJson.beginObject().nextOnNewLine("  ").key("folders").beginArray();
		for (const fs::path& kFolder : kLoaded.aFolders)
		{
			kJson.string(kFolder.string());
		}
		kJson.end().nextOnNewLine("  ").key("files_read").beginArray();
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
		std::vector<fs::path> aAssets = kOptions.aAssets;
		if (aAssets.empty())
		{
			aAssets = { dataDir() / "Assets" };
		}
		// The game resolves a file through the mod, then Beyond the Sword, then the base game; the
		// bundled vanilla XML stands for the game's own folders, last, unless the user asks for none.
		// (Given the game's folders, it supplies nothing: they have every file.)
		const fs::path kVanilla = bundledVanillaAssets();
		std::error_code kError;
		const bool bGiven = std::any_of(aAssets.begin(), aAssets.end(),
			[&](const fs::path& kFolder) { return fs::equivalent(kFolder, kVanilla, kError); });
		if (!kOptions.bNoVanilla && !bGiven)
		{
			aAssets.push_back(kVanilla);
		}
		return loadVisionRules(aAssets);
	}

	// A map (or a saved game) and the world of its sight sources.
	struct LoadedMap
	{
		LoadedRules kLoaded;
		WbMap kMap; // for a save: its size, wrap and team count only
		std::optional<SaveGame> kSave;
		std::optional<VisionWorld> kWorld;

		MapView view() const
		{
			return kSave ? viewOfSave(*kSave, *kWorld, kLoaded.kRules) : viewOf(kMap, *kWorld, kLoaded.kRules);
		}
	};

	bool isSave(const fs::path& kPath)
	{
		return kPath.extension() == ".CivBeyondSwordSave" || kPath.extension() == ".CivWarlordsSave" || kPath.extension() == ".Civ4SavedGame";
	}

	LoadedMap loadSave(const CliOptions& kOptions)
	{
		LoadedMap kOut;
		kOut.kLoaded = rulesFor(kOptions);
		kOut.kSave = readSave(kOptions.kMap);
		kOut.kMap.sPath = kOut.kSave->sPath;
		kOut.kMap.iWidth = kOut.kSave->iWidth;
		kOut.kMap.iHeight = kOut.kSave->iHeight;
		kOut.kMap.aTeams.resize(kOut.kSave->iMaxTeams - 1);
		kOut.kWorld.emplace(buildSaveWorld(*kOut.kSave, kOut.kLoaded.kRules));
		return kOut;
	}

	LoadedMap loadMap(const CliOptions& kOptions)
	{
		if (isSave(kOptions.kMap))
		{
			return loadSave(kOptions);
		}
		LoadedMap kOut;
		kOut.kLoaded = rulesFor(kOptions);
		kOut.kMap = readWorldBuilder(kOptions.kMap, &progress);
		std::vector<std::string> asWarnings;
		kOut.kWorld.emplace(buildWorld(kOut.kMap, kOut.kLoaded.kRules, kOptions.bLenient, &asWarnings, &progress));
		for (const std::string& sWarning : asWarnings)
		{
			std::fprintf(stderr, "warning: %s\n", sWarning.c_str());
		}
		return kOut;
	}

	int teamOf(const CliOptions& kOptions, const WbMap& kMap)
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

	std::pair<int, int> pointOn(const std::optional<std::pair<int, int>>& kPoint, const char* szOption, const WbMap& kMap,
		const char* szCommand = "explain")
	{
		if (!kPoint)
		{
			throw std::invalid_argument(std::string(szCommand) + " needs " + szOption + " X,Y");
		}
		if (kPoint->first < 0 || kPoint->second < 0 || kPoint->first >= kMap.iWidth || kPoint->second >= kMap.iHeight)
		{
			throw std::runtime_error(std::string(szOption) + " " + std::to_string(kPoint->first) + "," + std::to_string(kPoint->second)
				+ " is outside the " + std::to_string(kMap.iWidth) + "x" + std::to_string(kMap.iHeight) + " map");
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
	const LoadedMap kLoaded = loadMap(kOptions);
	if (kOptions.eTeam)
	{
		teamOf(kOptions, kLoaded.kMap);
	}
	const std::vector<Row> aRows = countRows(*kLoaded.kWorld, kOptions.eTeam);
	if (kOptions.sFormat == "json")
	{
		JsonWriter kJson;
		kJson.beginObject().key("map").string(kLoaded.kMap.sPath).key("width").number(kLoaded.kMap.iWidth);
		kJson.key("height").number(kLoaded.kMap.iHeight).key("teams").number(kLoaded.kMap.numTeams()).key("counts").beginArray();
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

namespace
{
	std::string showText(const CliOptions& kOptions)
	{
		const LoadedMap kLoaded = loadMap(kOptions);
		RenderOptions kRender;
		kRender.eTeam = teamOf(kOptions, kLoaded.kMap);
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
	const LoadedMap kLoaded = loadMap(kOptions);
	RenderOptions kRender;
	kRender.eTeam = teamOf(kOptions, kLoaded.kMap);
	const MapView kView = kLoaded.view();
	std::vector<OutputFile> aFiles;
	const long lPlots = static_cast<long>(kLoaded.kMap.iWidth) * kLoaded.kMap.iHeight;
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
	const LoadedMap kLoaded = loadMap(kOptions);
	const std::pair<int, int> kFrom = pointOn(kOptions.kFrom, "--from", kLoaded.kMap);
	const std::pair<int, int> kTo = pointOn(kOptions.kTo, "--to", kLoaded.kMap);
	ExplainRequest kRequest;
	kRequest.iFromX = kFrom.first;
	kRequest.iFromY = kFrom.second;
	kRequest.iToX = kTo.first;
	kRequest.iToY = kTo.second;
	kRequest.eTeam = teamOf(kOptions, kLoaded.kMap);
	kRequest.iRange = kLoaded.kLoaded.kRules.iUnitVisibilityRange;
	// Without --range: the sight of the team's first unit standing there, if any.
	for (const auto& [iId, kUnit] : kLoaded.kWorld->state().kUnits)
	{
		if (kUnit.iX == kFrom.first && kUnit.iY == kFrom.second && kUnit.eTeam == kRequest.eTeam)
		{
			kRequest.iRange = kLoaded.kWorld->unitRange(iId);
			break;
		}
	}
	kRequest.iRange = kOptions.iRange.value_or(kRequest.iRange);
	const VisionSetup kSetup(kLoaded.kLoaded.kRules);
	std::fputs(explainSight(kLoaded.kWorld->grid(), kSetup.engine(), kRequest).c_str(), stdout);
	return 0;
}

int runAudit(const CliOptions& kOptions)
{
	if (!isSave(kOptions.kMap))
	{
		throw std::invalid_argument("audit needs a saved game (.CivBeyondSwordSave), not " + kOptions.kMap.string());
	}
	const LoadedMap kLoaded = loadSave(kOptions);
	const SaveAuditResult kResult = auditSave(*kLoaded.kSave, *kLoaded.kWorld, kLoaded.kLoaded.kRules);
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
			kJson.nextOnNewLine("  ").beginObject().key("team").number(k.eTeam).key("x").number(k.iX).key("y").number(k.iY);
			kJson.key("invisible").number(k.eInvisible).key("stored").number(k.iStored).key("expected").number(k.iExpected);
			kJson.key("sources").beginArray();
			for (const std::string& sSource : k.asSources)
			{
				kJson.string(sSource);
			}
			kJson.end().end();
		}
		kJson.end("\n").key("team_plots").number(kResult.lTeamPlots).key("matching").number(kResult.lMatching);
		kJson.key("lock_modified_assets").string(sLock).key("summary").string(szSummary).end();
		std::fputs((kJson.str() + "\n").c_str(), stdout);
		return kResult.aDifferences.empty() ? 0 : 3;
	}
	std::string sOut;
	for (const SaveDifference& k : kResult.aDifferences)
	{
		const std::string sCount = k.eInvisible < 0 ? "count" : kLoaded.kLoaded.kRules.aszInvisibleTypes.at(k.eInvisible) + " count";
		const int iBy = std::abs(k.iStored - k.iExpected);
		sOut += "team " + std::to_string(k.eTeam) + " (" + std::to_string(k.iX) + "," + std::to_string(k.iY) + ") " + sCount + ": stored "
			+ std::to_string(k.iStored) + ", CvVision " + std::to_string(k.iExpected) + " (the game's count is "
			+ (k.iStored > k.iExpected ? "higher" : "lower") + " by " + std::to_string(iBy) + ")\n";
		for (const std::string& sSource : k.asSources)
		{
			sOut += "    seen by " + sSource + "\n";
		}
	}
	if (!sLock.empty())
	{
		sOut += "Lock Modified Assets: " + sLock + " (a game started with locked assets: multiplayer, hotseat or PBEM)\n";
	}
	sOut += std::string("audit: ") + szSummary + "\n";
	std::fputs(sOut.c_str(), stdout);
	return kResult.aDifferences.empty() ? 0 : 3;
}

fs::path sampleMap()
{
	return dataDir() / "PublicMaps" / "CvVision_Sample.CivBeyondSwordWBSave";
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
	LoadedMap kLoaded = loadMap(kOptions);
	const CvVisionRules& kRules = kLoaded.kLoaded.kRules;
	const std::pair<int, int> kFrom = pointOn(kOptions.kFrom, "--from", kLoaded.kMap, "path");
	const std::pair<int, int> kTo = pointOn(kOptions.kTo, "--to", kLoaded.kMap, "path");
	PathMover kMover;
	kMover.eTeam = teamOf(kOptions, kLoaded.kMap);
	kMover.eBarbarianTeam = kLoaded.kMap.numTeams() - 1;
	if (kLoaded.kSave)
	{
		rememberSave(*kLoaded.kWorld, *kLoaded.kSave);
		const std::vector<std::set<int>> aTechs = techsOfSave(*kLoaded.kSave);
		kMover.aeTechs = kMover.eTeam < static_cast<int>(aTechs.size()) ? aTechs[kMover.eTeam] : std::set<int>();
	}
	else
	{
		rememberMap(*kLoaded.kWorld, kLoaded.kMap);
		kMover.aeTechs = techsOfMap(kLoaded.kMap, kRules)[kMover.eTeam];
	}
	for (const int eTeam : kOptions.aeOpenTeams)
	{
		if (eTeam < 0 || eTeam >= kLoaded.kMap.numTeams())
		{
			throw std::runtime_error("--open-borders " + std::to_string(eTeam) + ": the map has teams 0.."
				+ std::to_string(kLoaded.kMap.numTeams() - 1));
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
		kMover.eUnitType = unitTypeAt(*kLoaded.kWorld, kMover.eTeam, kFrom.first, kFrom.second);
	}
	const PathAnswer kAnswer = planPath(*kLoaded.kWorld, kRules, kMover, kFrom, kTo, kOptions.uSeed);
	const std::string sUnit = kMover.eUnitType >= 0 ? kRules.aUnits[kMover.eUnitType].szType : "a land unit with one move";
	if (!kOptions.kPng.empty())
	{
		writeOutputs({ OutputFile{ kOptions.kPng, pathsPngBytes(*kLoaded.kWorld, kRules, kMover, kAnswer, kFrom, kTo), "the PNG" } });
	}
	if (kOptions.sFormat == "json")
	{
		JsonWriter kJson;
		kJson.beginObject().key("map").string(kLoaded.kMap.sPath).key("team").number(kMover.eTeam).key("unit").string(sUnit);
		kJson.key("seed").number(kOptions.uSeed).key("from").beginArray().number(kFrom.first).number(kFrom.second).end();
		kJson.key("to").beginArray().number(kTo.first).number(kTo.second).end();
		kJson.key("move_denominator").number(kRules.iMoveDenominator);
		pathJson(kJson, "knowledge", kAnswer.kKnowledge, kLoaded.kMap.iWidth);
		pathJson(kJson, "truth", kAnswer.kTruth, kLoaded.kMap.iWidth);
		kJson.end();
		std::fputs((kJson.str() + "\n").c_str(), stdout);
		return 0;
	}
	std::printf("path for team %d (%s), seed %u\n", kMover.eTeam, sUnit.c_str(), kOptions.uSeed);
	std::fputs(renderPaths(*kLoaded.kWorld, kRules, kMover, kAnswer, kFrom, kTo).c_str(), stdout);
	if (!kOptions.kPng.empty())
	{
		std::printf("wrote %s\n", kOptions.kPng.string().c_str());
	}
	return 0;
}
