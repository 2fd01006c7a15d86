// cvvision: the command line over the CvVision library.
// Commands so far: `demo` (the sight of a few units on a small built-in map, as text).
#include "CvVisionEngine.h"
#include "PlotGrid.h"

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace
{
	const char* const USAGE =
		"usage: cvvision COMMAND [ARGS]\n"
		"\n"
		"commands:\n"
		"  demo     show what a few units see on a small built-in map\n"
		"\n"
		"options:\n"
		"  -h, --help   show this help\n"
		"\n"
		"exit status: 0 success, 1 bad input, 2 bad usage\n";

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

	PlotGrid demoMap()
	{
		const int iWidth = static_cast<int>(std::strlen(DEMO_MAP[0]));
		PlotGrid kGrid(iWidth, DEMO_HEIGHT, false, false);
		for (int iRow = 0; iRow < DEMO_HEIGHT; ++iRow)
		{
			const int iY = DEMO_HEIGHT - 1 - iRow;
			for (int iX = 0; iX < iWidth; ++iX)
			{
				switch (DEMO_MAP[iRow][iX])
				{
				case '~': kGrid.setWater(iX, iY); break;
				case 'f': kGrid.setForest(iX, iY); break;
				case 'h': kGrid.setHills(iX, iY); break;
				case 'H': kGrid.setHills(iX, iY); kGrid.setForest(iX, iY); break;
				case '^': kGrid.setPeak(iX, iY); break;
				default: break;
				}
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

	int runDemo()
	{
		const CvVisionEngine kEngine;
		const DemoUnit aUnits[] = {
			{ "warrior on grassland, range 1", 7, 3, 1, false, CV_VISION_NO_DIRECTION },
			{ "scout on hills, range 1", 5, 3, 1, false, CV_VISION_NO_DIRECTION },
			{ "archer with Sentry behind forest, range 2", 9, 1, 2, false, CV_VISION_NO_DIRECTION },
			{ "galley at sea, range 1", 2, 4, 1, false, CV_VISION_NO_DIRECTION },
			{ "line-of-sight unit facing east, range 2", 10, 4, 2, false, 2 },
			{ "recon plane, range 3 (aerial)", 10, 4, 3, true, CV_VISION_NO_DIRECTION },
		};
		std::printf("CvVision demo: what single units see (BTS 3.19 rules)\n");
		std::printf("legend: ~ ocean  . grassland  f forest  h hills  H forested hills  ^ peak  @ the unit\n");
		std::printf("        blank: not visible\n\n");
		for (size_t i = 0; i < sizeof(aUnits) / sizeof(aUnits[0]); ++i)
		{
			PlotGrid kGrid = demoMap();
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
	if (sCommand == "demo")
	{
		if (argc > 2 && (std::strcmp(argv[2], "-h") == 0 || std::strcmp(argv[2], "--help") == 0))
		{
			std::printf("usage: cvvision demo\n\nPrints what a few units see on a small built-in map.\n");
			return 0;
		}
		if (argc > 2)
		{
			std::fprintf(stderr, "cvvision demo: unexpected argument '%s'\n", argv[2]);
			return 2;
		}
		return runDemo();
	}
	std::fprintf(stderr, "cvvision: unknown command '%s'\n\n%s", sCommand.c_str(), USAGE);
	return 2;
}
