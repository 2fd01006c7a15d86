// Helper of render_browser_check.sh.
//   render_page_main PAGE.html        writes the page of a small hand-built map and prints
//                                     "plots=N units=M" (what the page must report drawing)
//   render_page_main --probe PROBE.js PAGE.html  the same page with the probe script at its end
//                                     (render_page_probe.js: it hovers over the warrior's plot,
//                                     clicks it, switches team, and sets <body data-probe="ok"> or
//                                     "failed: why")
//   render_page_main --colours SHOT   prints the number of distinct colours of a PNG (a
//                                     screenshot), or fails when it cannot be read
#include "render/Render.h"

#include <png.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

using namespace cvv;

namespace {
// North row first: ~ ocean, - coast, . grass, p plains, f forest, h hills, H forested hills,
// ^ peak, # a city.
const char* const GROUND[] = {
	"~~~~~~..ff..^^..",
	"~~~~~..f.hh..^..",
	"~~~~-..ff.h.....",
	"~~~--..#H...ff..",
	"~~~--h......ff..",
	"~~~~-...pp.^....",
	"~~~~~..ff..pp#..",
	"~~~~~~......hh..",
	"~~~~~~~pppp.....",
	"~~~~~~~~........",
};
const int WIDTH = 16;
const int HEIGHT = sizeof(GROUND) / sizeof(GROUND[0]);
const int TEAMS = 3;

MapView::Plot plotOf(char c)
{
	MapView::Plot kPlot;
	kPlot.sTerrain = c == 'p' ? "TERRAIN_PLAINS" : "TERRAIN_GRASS";
	if (c == '~' || c == '-')
	{
		kPlot.eKind = CV_VISION_PLOT_OCEAN;
		kPlot.sTerrain = c == '~' ? "TERRAIN_OCEAN" : "TERRAIN_COAST";
	}
	if (c == 'h' || c == 'H')
	{
		kPlot.eKind = CV_VISION_PLOT_HILLS;
	}
	if (c == '^')
	{
		kPlot.eKind = CV_VISION_PLOT_PEAK;
	}
	if (c == 'f' || c == 'H')
	{
		kPlot.sFeature = "FEATURE_FOREST";
	}
	kPlot.bCity = c == '#';
	kPlot.iSeeThrough = kPlot.eKind == CV_VISION_PLOT_PEAK             ? 3
		: kPlot.eKind == CV_VISION_PLOT_HILLS || kPlot.sFeature.size() ? 2
																	   : 1;
	kPlot.aiSeeFrom.assign(TEAMS, kPlot.eKind == CV_VISION_PLOT_HILLS ? 2 : 1);
	kPlot.aiCounts.assign(TEAMS, 0);
	kPlot.abRevealed.assign(TEAMS, 0);
	return kPlot;
}

// A unit that sees the square of its range; its team remembers a wider square.
void addUnit(MapView& kView, const char* szType, int eTeam, int iX, int iY, int iRange)
{
	MapView::Unit kUnit;
	kUnit.sType = szType;
	kUnit.eTeam = eTeam;
	kUnit.iX = iX;
	kUnit.iY = iY;
	kUnit.iRange = iRange;
	for (int y = std::max(0, iY - iRange - 2); y <= std::min(HEIGHT - 1, iY + iRange + 2); ++y)
	{
		for (int x = std::max(0, iX - iRange - 2); x <= std::min(WIDTH - 1, iX + iRange + 2); ++x)
		{
			MapView::Plot& kPlot = kView.aPlots[y * WIDTH + x];
			kPlot.abRevealed[eTeam] = 1;
			if (std::abs(x - iX) <= iRange && std::abs(y - iY) <= iRange)
			{
				++kPlot.aiCounts[eTeam];
				kUnit.aiSees.push_back(y * WIDTH + x);
			}
		}
	}
	kView.aUnits.push_back(kUnit);
}

MapView pageView()
{
	MapView kView;
	kView.sTitle = "render_page_main";
	kView.iWidth = WIDTH;
	kView.iHeight = HEIGHT;
	kView.iNumTeams = TEAMS;
	for (int iY = 0; iY < HEIGHT; ++iY)
	{
		for (int iX = 0; iX < WIDTH; ++iX)
		{
			kView.aPlots.push_back(plotOf(GROUND[HEIGHT - 1 - iY][iX]));
		}
	}
	kView.aPlots[6 * WIDTH + 7].eOwner = 0;
	kView.aPlots[3 * WIDTH + 13].eOwner = 1;
	addUnit(kView, "UNIT_WARRIOR", 0, 7, 6, 1);
	addUnit(kView, "UNIT_SCOUT", 0, 8, 6, 2);
	addUnit(kView, "UNIT_GALLEY", 0, 3, 5, 1);
	addUnit(kView, "UNIT_ARCHER", 1, 13, 3, 1);
	addUnit(kView, "UNIT_EXPLORER", 1, 12, 5, 2);
	addUnit(kView, "UNIT_WARRIOR", 2, 2, 0, 1);
	return kView;
}

// The probe (render_page_probe.js: it plays the user on the page, after the page's own script;
// its plot coordinates are pageView's) read from szPath, in a <script> element.
std::string probeScript(const char* szPath)
{
	std::ifstream kIn(szPath, std::ios::binary);
	std::ostringstream kScript;
	kScript << kIn.rdbuf();
	if (!kIn.is_open() || kIn.bad())
	{
		throw std::runtime_error(std::string("cannot read the probe ") + szPath);
	}
	return "<script>\n" + kScript.str() + "</script>\n";
}

int countColours(const char* szPath)
{
	png_image kImage;
	std::memset(&kImage, 0, sizeof(kImage));
	kImage.version = PNG_IMAGE_VERSION;
	if (!png_image_begin_read_from_file(&kImage, szPath))
	{
		std::fprintf(stderr, "render_page_main: %s: %s\n", szPath, kImage.message);
		return -1;
	}
	kImage.format = PNG_FORMAT_RGB;
	std::vector<unsigned char> aPixels(PNG_IMAGE_SIZE(kImage));
	if (!png_image_finish_read(&kImage, nullptr, aPixels.data(), 0, nullptr))
	{
		std::fprintf(stderr, "render_page_main: %s: %s\n", szPath, kImage.message);
		return -1;
	}
	std::set<std::tuple<int, int, int>> kColours;
	for (size_t i = 0; i + 2 < aPixels.size(); i += 3)
	{
		kColours.emplace(aPixels[i], aPixels[i + 1], aPixels[i + 2]);
	}
	return static_cast<int>(kColours.size());
}
}

int main(int iArgs, char** aszArgs)
{
	if (iArgs == 3 && std::strcmp(aszArgs[1], "--colours") == 0)
	{
		const int iColours = countColours(aszArgs[2]);
		if (iColours < 0)
		{
			return 1;
		}
		std::printf("%d\n", iColours);
		return 0;
	}
	const bool bProbe = iArgs == 4 && std::strcmp(aszArgs[1], "--probe") == 0;
	if (!(iArgs == 2 || bProbe) || aszArgs[iArgs - 1][0] == '-')
	{
		std::fprintf(stderr, "usage: render_page_main [--probe PROBE.js] PAGE.html | --colours SHOT.png\n");
		return 2;
	}
	const char* szPage = aszArgs[iArgs - 1];
	try
	{
		const MapView kView = pageView();
		std::string sPage = renderHtml(kView, RenderOptions());
		if (bProbe)
		{
			sPage.insert(sPage.rfind("</body>"), probeScript(aszArgs[2]));
		}
		std::ofstream kOut(szPage, std::ios::binary);
		kOut << sPage;
		if (!kOut.flush())
		{
			std::fprintf(stderr, "render_page_main: cannot write %s\n", szPage);
			return 1;
		}
		std::printf("plots=%d units=%d\n", kView.iWidth * kView.iHeight, static_cast<int>(kView.aUnits.size()));
		return 0;
	}
	catch (const std::exception& kError)
	{
		std::fprintf(stderr, "render_page_main: %s\n", kError.what());
		return 1;
	}
}
