// cvvision: the command line over the CvVision library.
// Commands so far: `demo` (the sight of a few units on a small built-in map, as text) and
// `rules` (the vision rules a mod's XML gives, checked).
#include "CvVisionEngine.h"
#include "PlotGrid.h"
#include "RulesLoader.h"
#include "VisionSetup.h"

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

namespace
{
	const char* const USAGE =
		"usage: cvvision COMMAND [ARGS]\n"
		"\n"
		"commands:\n"
		"  demo     show what a few units see on a small built-in map\n"
		"  rules    load and check the vision rules of a mod's XML, and show them\n"
		"\n"
		"options:\n"
		"  -h, --help        show this help (also after a command)\n"
		"  --assets DIR      an Assets folder (holding XML/); repeat it, highest priority first:\n"
		"                    the mod, then Beyond the Sword, then the base game. Default: this\n"
		"                    project's Assets/ over its own vanilla-valued XML\n"
		"  --json            (rules) print JSON instead of text\n"
		"\n"
		"exit status: 0 success, 1 bad input (the message names the file and line), 2 bad usage\n";

	// The built-in map, north row first: ~ ocean, . grassland, f forest, h hills, H forested
	// hills, ^ peak.
	const char* const DEMO_MAP[] = {
		"~~~~~~..ff..^^..",
		"~~~~~..f.hh..^..",
		"~~~~...ff.h.....",
		"~~~.....H...ff..",
		"~~~..h......ff..",
		"~~~~.......^....",
		"~~~~~..ff.......",
		"~~~~~~......hh..",
	};
	const int DEMO_HEIGHT = sizeof(DEMO_MAP) / sizeof(DEMO_MAP[0]);

	PlotGrid demoMap(const CvVisionRules& kRules)
	{
		const int iWidth = static_cast<int>(std::strlen(DEMO_MAP[0]));
		PlotGrid kGrid(iWidth, DEMO_HEIGHT, false, false, 1, static_cast<int>(kRules.aszInvisibleTypes.size()), kRules.kLevels);
		for (int iRow = 0; iRow < DEMO_HEIGHT; ++iRow)
		{
			const int iY = DEMO_HEIGHT - 1 - iRow;
			for (int iX = 0; iX < iWidth; ++iX)
			{
				const char cPlot = DEMO_MAP[iRow][iX];
				const bool bForest = cPlot == 'f' || cPlot == 'H';
				CvVisionPlotKind eKind = CV_VISION_PLOT_LAND;
				if (cPlot == '~') eKind = CV_VISION_PLOT_OCEAN;
				if (cPlot == 'h' || cPlot == 'H') eKind = CV_VISION_PLOT_HILLS;
				if (cPlot == '^') eKind = CV_VISION_PLOT_PEAK;
				kGrid.setPlot(iX, iY, plotFacts(kRules, eKind, cPlot == '~' ? "TERRAIN_OCEAN" : "TERRAIN_GRASS",
										  bForest ? "FEATURE_FOREST" : ""));
			}
		}
		return kGrid;
	}

	struct DemoUnit
	{
		const char* szName;
		int iX, iY, iRange;
		bool bAerial;
		int eFacing;
	};

	// The map as text with the plots the team does not see blanked out; '@' marks the unit.
	void printSight(const PlotGrid& kGrid, const DemoUnit& kUnit)
	{
		for (int iRow = 0; iRow < DEMO_HEIGHT; ++iRow)
		{
			const int iY = DEMO_HEIGHT - 1 - iRow;
			std::string sLine = "    ";
			for (int iX = 0; iX < kGrid.getGridWidth(); ++iX)
			{
				char cPlot = kGrid.isVisible(0, iX, iY) ? DEMO_MAP[iRow][iX] : ' ';
				if (iX == kUnit.iX && iY == kUnit.iY)
				{
					cPlot = '@';
				}
				sLine += cPlot;
			}
			std::printf("%s\n", sLine.c_str());
		}
	}

	int runDemo(const CvVisionRules& kRules)
	{
		const VisionSetup kSetup(kRules);
		const CvVisionEngine& kEngine = kSetup.engine();
		const DemoUnit aUnits[] = {
			{ "warrior on grassland, range 1", 7, 3, 1, false, CV_VISION_NO_DIRECTION },
			{ "scout on hills, range 1", 5, 3, 1, false, CV_VISION_NO_DIRECTION },
			{ "archer with Sentry behind forest, range 2", 9, 1, 2, false, CV_VISION_NO_DIRECTION },
			{ "galley at sea, range 1", 2, 4, 1, false, CV_VISION_NO_DIRECTION },
			{ "line-of-sight unit facing east, range 2", 10, 4, 2, false, 2 },
			{ "recon plane, range 3 (aerial)", 10, 4, 3, true, CV_VISION_NO_DIRECTION },
		};
		std::printf("CvVision demo: what single units see (BTS 3.19 rules, with the knobs of Assets/)\n");
		std::printf("legend: ~ ocean  . grassland  f forest  h hills  H forested hills  ^ peak  @ the unit\n");
		std::printf("        blank: not visible\n\n");
		for (size_t i = 0; i < sizeof(aUnits) / sizeof(aUnits[0]); ++i)
		{
			PlotGrid kGrid = demoMap(kRules);
			CvVisionSource kSource;
			kSource.iX = aUnits[i].iX;
			kSource.iY = aUnits[i].iY;
			kSource.iRange = aUnits[i].iRange;
			kSource.bAerial = aUnits[i].bAerial;
			kSource.eFacing = aUnits[i].eFacing;
			const CvVisionResult eResult = kEngine.changeAdjacentSight(kGrid, kGrid, kSource, 1);
			if (eResult != CV_VISION_OK)
			{
				std::fprintf(stderr, "cvvision: demo unit %s: %s\n", aUnits[i].szName, cvVisionResultText(eResult));
				return 1;
			}
			std::printf("%s at (%d,%d): sees %d plots\n", aUnits[i].szName, aUnits[i].iX, aUnits[i].iY,
				kGrid.visiblePlotCount(0));
			printSight(kGrid, aUnits[i]);
			std::printf("\n");
		}
		return 0;
	}

	// --- rules --------------------------------------------------------------------------------

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
		std::printf("files read:\n");
		for (const std::string& sFile : kLoaded.aszFilesRead)
		{
			std::printf("  %s\n", sFile.c_str());
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
		std::string sOut = "{\n  \"files_read\": [";
		for (size_t i = 0; i < kLoaded.aszFilesRead.size(); ++i)
		{
			sOut += (i ? ", " : "") + jsonString(kLoaded.aszFilesRead[i]);
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

	// --- arguments ----------------------------------------------------------------------------

	struct Arguments
	{
		std::vector<std::filesystem::path> aAssets;
		bool bJson = false;
		bool bHelp = false;
	};

	// Returns false (after a message) on bad usage.
	bool parseArguments(const std::string& sCommand, int argc, char** argv, Arguments& kArgs)
	{
		for (int i = 2; i < argc; ++i)
		{
			const std::string sArg = argv[i];
			if (sArg == "-h" || sArg == "--help")
			{
				kArgs.bHelp = true;
			}
			else if (sArg == "--json" && sCommand == "rules")
			{
				kArgs.bJson = true;
			}
			else if (sArg == "--assets" && i + 1 < argc)
			{
				kArgs.aAssets.push_back(argv[++i]);
			}
			else
			{
				std::fprintf(stderr, "cvvision %s: unexpected argument '%s' (see cvvision --help)\n", sCommand.c_str(),
					sArg.c_str());
				return false;
			}
		}
		if (kArgs.aAssets.empty())
		{
			kArgs.aAssets = { std::filesystem::path(CVVISION_SOURCE_DIR) / "Assets", bundledVanillaAssets() };
		}
		return true;
	}
}

int main(int argc, char** argv)
{
	if (argc < 2)
	{
		std::fprintf(stderr, "%s", USAGE);
		return 2;
	}
	const std::string sCommand = argv[1];
	if (sCommand == "-h" || sCommand == "--help")
	{
		std::printf("%s", USAGE);
		return 0;
	}
	if (sCommand != "demo" && sCommand != "rules")
	{
		std::fprintf(stderr, "cvvision: unknown command '%s'\n\n%s", sCommand.c_str(), USAGE);
		return 2;
	}
	Arguments kArgs;
	if (!parseArguments(sCommand, argc, argv, kArgs))
	{
		return 2;
	}
	if (kArgs.bHelp)
	{
		std::printf("%s", USAGE);
		return 0;
	}
	try
	{
		const LoadedRules kLoaded = loadVisionRules(kArgs.aAssets);
		if (sCommand == "demo")
		{
			return runDemo(kLoaded.kRules);
		}
		kArgs.bJson ? printRulesJson(kLoaded) : printRulesText(kLoaded);
		return 0;
	}
	catch (const RulesError& kError)
	{
		std::fprintf(stderr, "cvvision %s: %s\n", sCommand.c_str(), kError.what());
		return 1;
	}
	catch (const std::exception& kError)
	{
		std::fprintf(stderr, "cvvision %s: %s\n", sCommand.c_str(), kError.what());
		return 1;
	}
}
