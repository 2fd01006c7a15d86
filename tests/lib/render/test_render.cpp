// The three pictures of a MapView: terminal text (exact), PNG (file, size, colours, failures) and
// the HTML page (self-contained, one document, holds the map and every unit). The page's drawing
// is checked in a browser by render_browser_check.sh.
#include "render/Render.h"
#include "render/EmbeddedPage.h"

#include <gtest/gtest.h>
#include <png.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <regex>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

using namespace cvv;

namespace fs = std::filesystem;

namespace {
// A 6x4 map, two teams. Rows are north first. Ground: ~ ocean, . grass, h hills, H forested
// hills, ^ peak, f forest, # a city of team 1 on grass. Knowledge: v visible, f fogged, ' '
// unknown.
const char* const GROUND[] = {
	"~~.h^f",
	"~.H...",
	"~..#.h",
	"~~..f^",
};
const char* const TEAM0_KNOWS[] = {
	"vvvvf ",
	"vvvvf ",
	"vvvvff",
	"ffvv  ",
};
const char* const TEAM1_KNOWS[] = {
	"fffvvv",
	"fffvvv",
	"fffvvv",
	"      ",
};

MapView::Plot plotOf(char cGround)
{
	MapView::Plot kPlot;
	kPlot.sTerrain = "TERRAIN_GRASS";
	switch (cGround)
	{
	case '~':
		kPlot.eKind = CV_VISION_PLOT_OCEAN;
		kPlot.sTerrain = "TERRAIN_OCEAN";
		break;
	case 'h': kPlot.eKind = CV_VISION_PLOT_HILLS; break;
	case 'H':
		kPlot.eKind = CV_VISION_PLOT_HILLS;
		kPlot.sFeature = "FEATURE_FOREST";
		break;
	case '^': kPlot.eKind = CV_VISION_PLOT_PEAK; break;
	case 'f': kPlot.sFeature = "FEATURE_FOREST"; break;
	case '#':
		kPlot.bCity = true;
		kPlot.eOwner = 1;
		kPlot.sImprovement = "IMPROVEMENT_FORT";
		break;
	default: break;
	}
	kPlot.iSeeThrough = kPlot.eKind == CV_VISION_PLOT_PEAK ? 3 : kPlot.eKind == CV_VISION_PLOT_HILLS ? 2 : 1;
	kPlot.aiSeeFrom = { kPlot.iSeeThrough, kPlot.iSeeThrough };
	return kPlot;
}

void setKnowledge(MapView::Plot& kPlot, char cKnows)
{
	kPlot.aiCounts.push_back(cKnows == 'v' ? 2 : 0);
	kPlot.abRevealed.push_back(cKnows != ' ');
}

MapView::Unit unitAt(const char* szType, int eTeam, int iX, int iY, std::vector<int> aiSees)
{
	MapView::Unit kUnit;
	kUnit.sType = szType;
	kUnit.eTeam = eTeam;
	kUnit.iX = iX;
	kUnit.iY = iY;
	kUnit.iRange = 1;
	kUnit.aiSees = std::move(aiSees);
	return kUnit;
}

MapView sampleView()
{
	MapView kView;
	kView.sTitle = "test.CivBeyondSwordWBSave";
	kView.iWidth = 6;
	kView.iHeight = 4;
	kView.iNumTeams = 2;
	for (int iY = 0; iY < kView.iHeight; ++iY)
	{
		const int iRow = kView.iHeight - 1 - iY;
		for (int iX = 0; iX < kView.iWidth; ++iX)
		{
			MapView::Plot kPlot = plotOf(GROUND[iRow][iX]);
			setKnowledge(kPlot, TEAM0_KNOWS[iRow][iX]);
			setKnowledge(kPlot, TEAM1_KNOWS[iRow][iX]);
			kView.aPlots.push_back(kPlot);
		}
	}
	kView.aUnits.push_back(unitAt("UNIT_WARRIOR", 0, 1, 2, { 12, 13, 14, 6, 7, 8, 18, 19, 20 }));
	kView.aUnits.push_back(unitAt("UNIT_GALLEY", 0, 0, 1, { 0, 1, 6, 7, 12, 13 }));
	kView.aUnits.push_back(unitAt("UNIT_ARCHER", 1, 3, 1, { 2, 3, 4, 8, 9, 10, 14, 15, 16 }));
	kView.aUnits.push_back(unitAt("UNIT_SCOUT", 1, 5, 3, { 16, 17, 22, 23 }));
	return kView;
}

RenderOptions plain(int eTeam)
{
	RenderOptions kOptions;
	kOptions.eTeam = eTeam;
	kOptions.bColor = false;
	return kOptions;
}

std::string withoutEscapes(const std::string& sText)
{
	return std::regex_replace(sText, std::regex("\x1b\\[[0-9;]*m"), "");
}

size_t occurrences(const std::string& sText, const std::string& sWhat)
{
	size_t iCount = 0;
	for (size_t i = sText.find(sWhat); i != std::string::npos; i = sText.find(sWhat, i + 1))
	{
		++iCount;
	}
	return iCount;
}

// A throw-away folder.
class TempDir
{
public:
	TempDir()
	{
		std::random_device kRandom;
		m_kPath = fs::temp_directory_path() / ("cvvision-render-" + std::to_string(kRandom()));
		fs::create_directories(m_kPath);
	}
	~TempDir() { fs::remove_all(m_kPath); }
	const fs::path& path() const { return m_kPath; }
	std::vector<std::string> names() const
	{
		std::vector<std::string> asNames;
		for (const fs::directory_entry& kEntry : fs::directory_iterator(m_kPath))
		{
			asNames.push_back(kEntry.path().filename().string());
		}
		std::sort(asNames.begin(), asNames.end());
		return asNames;
	}

private:
	fs::path m_kPath;
};

struct PngPixels
{
	int iWidth = 0;
	int iHeight = 0;
	std::vector<unsigned char> aRgb;

	std::vector<int> at(int iX, int iY) const
	{
		const unsigned char* p = &aRgb[(iY * iWidth + iX) * 3];
		return { p[0], p[1], p[2] };
	}
};

PngPixels readPng(const fs::path& kPath)
{
	png_image kImage;
	std::memset(&kImage, 0, sizeof(kImage));
	kImage.version = PNG_IMAGE_VERSION;
	if (!png_image_begin_read_from_file(&kImage, kPath.c_str()))
	{
		throw std::runtime_error(kImage.message);
	}
	kImage.format = PNG_FORMAT_RGB;
	PngPixels kPixels;
	kPixels.iWidth = static_cast<int>(kImage.width);
	kPixels.iHeight = static_cast<int>(kImage.height);
	kPixels.aRgb.resize(PNG_IMAGE_SIZE(kImage));
	if (!png_image_finish_read(&kImage, nullptr, kPixels.aRgb.data(), 0, nullptr))
	{
		throw std::runtime_error(kImage.message);
	}
	return kPixels;
}

// The pixels of one plot's cell.
std::vector<std::vector<int>> cellPixels(const PngPixels& kPixels, int iX, int iY, int iHeight)
{
	std::vector<std::vector<int>> aCell;
	const int iTop = (iHeight - 1 - iY) * RENDER_PNG_CELL_PIXELS;
	for (int y = 0; y < RENDER_PNG_CELL_PIXELS; ++y)
	{
		for (int x = 0; x < RENDER_PNG_CELL_PIXELS; ++x)
		{
			aCell.push_back(kPixels.at(iX * RENDER_PNG_CELL_PIXELS + x, iTop + y));
		}
	}
	return aCell;
}

int brightness(const std::vector<int>& aiRgb) { return aiRgb[0] + aiRgb[1] + aiRgb[2]; }
}

// ------------------------------------------------------------------ text

TEST(RenderText, PlainIsExact)
{
	const std::string sExpected = "test.CivBeyondSwordWBSave: 6x4 plots, what team 0 of 2 knows\n"
								  "visible:  ~ water  . flat  h hills  ^ peak  f forest/jungle  H forested hills  # "
								  "city  @ team 0's unit  u another team's unit\n"
								  "fogged:   , land  - water   unknown:   (blank)\n"
								  "+------+\n"
								  "|~~.h, |\n"
								  "|~@H., |\n"
								  "|@..u,,|\n"
								  "|--..  |\n"
								  "+------+\n"
								  "team 0 sees 14 plots\n";
	EXPECT_EQ(renderText(sampleView(), plain(0)), sExpected);
}

TEST(RenderText, OtherTeamSeesItsOwnUnitsAndCity)
{
	const std::string sText = renderText(sampleView(), plain(1));
	EXPECT_NE(sText.find("|--,h^@|\n"
						 "|-,,...|\n" // team 0's warrior stands in fog
						 "|-,,@.h|\n" // its archer in its city; team 0's galley in fog
						 "|      |\n"),
		std::string::npos)
		<< sText;
	EXPECT_NE(sText.find("@ team 1's unit"), std::string::npos);
	EXPECT_NE(sText.find("team 1 sees 9 plots\n"), std::string::npos);
}

TEST(RenderText, CityShowsWhenNoUnitIsThere)
{
	MapView kView = sampleView();
	kView.aUnits.erase(kView.aUnits.begin() + 2); // the archer in the city
	EXPECT_NE(renderText(kView, plain(0)).find("|@..#,,|\n"), std::string::npos);
}

TEST(RenderText, ColourIsThePlainTextWithEscapes)
{
	const MapView kView = sampleView();
	RenderOptions kColour = plain(0);
	kColour.bColor = true;
	const std::string sColour = renderText(kView, kColour);
	EXPECT_NE(sColour.find("\x1b[0;"), std::string::npos);
	EXPECT_NE(sColour.find(";48;5;"), std::string::npos); // backgrounds
	EXPECT_EQ(withoutEscapes(sColour), renderText(kView, plain(0)));
	// Every line leaves the terminal's colours as they were: its last escape is a reset.
	for (size_t iStart = 0, iEnd; (iEnd = sColour.find('\n', iStart)) != std::string::npos; iStart = iEnd + 1)
	{
		const std::string sLine = sColour.substr(iStart, iEnd - iStart);
		EXPECT_EQ(sLine.rfind("\x1b["), sLine.rfind("\x1b[0m")) << sLine;
	}
}

TEST(RenderText, FoggedAndUnknownHaveTheirOwnBackgrounds)
{
	RenderOptions kColour;
	const std::string sColour = renderText(sampleView(), kColour);
	EXPECT_NE(sColour.find(";48;5;16m "), std::string::npos) << "unknown: black";
	EXPECT_EQ(sColour.find(";48;5;16m,"), std::string::npos) << "fogged is not black";
}

TEST(RenderText, RejectsATeamNotOnTheMap)
{
	EXPECT_THROW(renderText(sampleView(), plain(2)), std::invalid_argument);
	EXPECT_THROW(renderText(sampleView(), plain(-1)), std::invalid_argument);
	try
	{
		renderText(sampleView(), plain(5));
		FAIL();
	}
	catch (const std::invalid_argument& kError)
	{
		EXPECT_NE(std::string(kError.what()).find("team 5 is not on the map (it has teams 0 to 1)"), std::string::npos);
	}
}

TEST(RenderText, RejectsAnInconsistentView)
{
	MapView kShort = sampleView();
	kShort.aPlots.pop_back();
	EXPECT_THROW(renderText(kShort, plain(0)), std::invalid_argument);
	MapView kCounts = sampleView();
	kCounts.aPlots[3].aiCounts.pop_back();
	EXPECT_THROW(renderText(kCounts, plain(0)), std::invalid_argument);
	MapView kOff = sampleView();
	kOff.aUnits[0].iX = 6;
	EXPECT_THROW(renderText(kOff, plain(0)), std::invalid_argument);
	EXPECT_THROW(renderHtml(kOff, plain(0)), std::invalid_argument);
	TempDir kDir;
	EXPECT_THROW(writePng(kOff, plain(0), (kDir.path() / "x.png").string()), std::invalid_argument);
	EXPECT_TRUE(kDir.names().empty());
}

// ------------------------------------------------------------------ PNG

TEST(RenderPng, WritesAPngOfTheMapsSize)
{
	TempDir kDir;
	const fs::path kPath = kDir.path() / "map.png";
	writePng(sampleView(), plain(0), kPath.string());
	ASSERT_TRUE(fs::exists(kPath));
	EXPECT_EQ(kDir.names(), std::vector<std::string>{ "map.png" }); // no temporary file left

	std::ifstream kFile(kPath, std::ios::binary);
	char acSignature[8] = {};
	kFile.read(acSignature, 8);
	EXPECT_EQ(std::string(acSignature, 8), std::string("\x89PNG\r\n\x1a\n", 8));

	const PngPixels kPixels = readPng(kPath);
	EXPECT_EQ(kPixels.iWidth, 6 * RENDER_PNG_CELL_PIXELS);
	EXPECT_EQ(kPixels.iHeight, 4 * RENDER_PNG_CELL_PIXELS);
}

TEST(RenderPng, ShadesVisibleFoggedAndUnknown)
{
	TempDir kDir;
	const fs::path kPath = kDir.path() / "map.png";
	writePng(sampleView(), plain(0), kPath.string());
	const PngPixels kPixels = readPng(kPath);

	for (const std::vector<int>& aiPixel : cellPixels(kPixels, 5, 3, 4)) // unknown
	{
		EXPECT_EQ(aiPixel, (std::vector<int>{ 0, 0, 0 }));
	}
	// Ocean, visible at (0, 3) and fogged at (0, 0): the same ground, greyer and darker in fog.
	const std::vector<int> aiVisible = cellPixels(kPixels, 0, 3, 4)[0];
	const std::vector<int> aiFogged = cellPixels(kPixels, 0, 0, 4)[0];
	EXPECT_EQ(aiVisible, (std::vector<int>{ 0x1c, 0x4a, 0x9a }));
	EXPECT_LT(brightness(aiFogged), brightness(aiVisible));
	EXPECT_GT(brightness(aiFogged), 0);
	EXPECT_LT(aiFogged[2] - aiFogged[0], aiVisible[2] - aiVisible[0]) << "less blue than the visible ocean";

	// Hills, forested hills and peaks (also in fog) are marked: their cells hold more than one colour.
	for (const auto& kAt : { std::pair<int, int>{ 3, 3 }, { 2, 2 }, { 4, 3 } })
	{
		const auto aCell = cellPixels(kPixels, kAt.first, kAt.second, 4);
		EXPECT_NE(std::count(aCell.begin(), aCell.end(), aCell[0]), static_cast<long>(aCell.size()))
			<< kAt.first << "," << kAt.second;
	}
}

TEST(RenderPng, DrawsOnlyTheUnitsTheTeamSees)
{
	TempDir kDir;
	const fs::path kPath = kDir.path() / "map.png";
	MapView kView = sampleView();
	kView.aUnits = { kView.aUnits[0], kView.aUnits[3] }; // the warrior on grass; the scout in unknown land
	writePng(kView, plain(0), kPath.string());
	const PngPixels kPixels = readPng(kPath);
	const auto aWarrior = cellPixels(kPixels, 1, 2, 4);
	EXPECT_EQ(aWarrior[6 * RENDER_PNG_CELL_PIXELS + 5], (std::vector<int>{ 0xe6, 0x19, 0x4b })) << "team 0's dot";
	EXPECT_EQ(aWarrior[0], (std::vector<int>{ 0x4c, 0x9a, 0x3a })) << "grass around it";
	for (const std::vector<int>& aiPixel : cellPixels(kPixels, 5, 3, 4))
	{
		EXPECT_EQ(aiPixel, (std::vector<int>{ 0, 0, 0 }));
	}
}

TEST(RenderPng, ReplacesAnExistingFile)
{
	TempDir kDir;
	const fs::path kPath = kDir.path() / "map.png";
	std::ofstream(kPath) << "old";
	writePng(sampleView(), plain(1), kPath.string());
	EXPECT_EQ(readPng(kPath).iWidth, 6 * RENDER_PNG_CELL_PIXELS);
	EXPECT_EQ(kDir.names(), std::vector<std::string>{ "map.png" });
}

TEST(RenderPng, AnUnwritablePathNamesThePathAndLeavesNothing)
{
	TempDir kDir;
	const std::string sMissingFolder = (kDir.path() / "no-such-folder" / "map.png").string();
	try
	{
		writePng(sampleView(), plain(0), sMissingFolder);
		FAIL() << "no error";
	}
	catch (const std::runtime_error& kError)
	{
		EXPECT_NE(std::string(kError.what()).find(sMissingFolder), std::string::npos) << kError.what();
	}
	EXPECT_TRUE(kDir.names().empty());

	// A folder where the file should go: the temporary file is written, the rename fails.
	const fs::path kFolder = kDir.path() / "taken.png";
	fs::create_directory(kFolder);
	try
	{
		writePng(sampleView(), plain(0), kFolder.string());
		FAIL() << "no error";
	}
	catch (const std::runtime_error& kError)
	{
		EXPECT_NE(std::string(kError.what()).find(kFolder.string()), std::string::npos) << kError.what();
	}
	EXPECT_EQ(kDir.names(), std::vector<std::string>{ "taken.png" });
	EXPECT_TRUE(fs::is_empty(kFolder));
}

// ------------------------------------------------------------------ HTML

TEST(RenderHtml, IsOneSelfContainedDocument)
{
	const std::string sPage = renderHtml(sampleView(), plain(0));
	EXPECT_EQ(sPage.rfind("<!DOCTYPE html>\n<html", 0), 0u);
	EXPECT_EQ(occurrences(sPage, "<html"), 1u);
	EXPECT_EQ(occurrences(sPage, "</html>"), 1u);
	EXPECT_EQ(sPage.substr(sPage.size() - 8), "</html>\n");
	EXPECT_EQ(occurrences(sPage, "<body"), 1u);
	for (const char* szOutside : { "http://", "https://", "src=", "<link", "@import", "url(" })
	{
		EXPECT_EQ(sPage.find(szOutside), std::string::npos) << szOutside;
	}
}

TEST(RenderHtml, HoldsTheMapAndEveryUnit)
{
	const MapView kView = sampleView();
	const std::string sPage = renderHtml(kView, plain(1));
	EXPECT_NE(sPage.find("\"width\":6,\"height\":4"), std::string::npos);
	EXPECT_NE(sPage.find("\"teams\":2,\"team\":1"), std::string::npos);
	EXPECT_NE(sPage.find("<title>CvVision: test.CivBeyondSwordWBSave</title>"), std::string::npos);
	for (const MapView::Unit& kUnit : kView.aUnits)
	{
		const std::string sUnit = "{\"type\":\"" + kUnit.sType + "\",\"team\":" + std::to_string(kUnit.eTeam)
			+ ",\"x\":" + std::to_string(kUnit.iX) + ",\"y\":" + std::to_string(kUnit.iY);
		EXPECT_NE(sPage.find(sUnit), std::string::npos) << sUnit;
	}
	for (const char* szName : { "TERRAIN_OCEAN", "TERRAIN_GRASS", "FEATURE_FOREST", "IMPROVEMENT_FORT" })
	{
		EXPECT_NE(sPage.find(szName), std::string::npos) << szName;
	}
	// One entry per plot: kind, colour, terrain, ... and the per-team lists.
	EXPECT_EQ(occurrences(sPage, "],[2,0],[1,1]]"), 9u) << "the plots team 0 sees and team 1 has fogged";
	EXPECT_EQ(occurrences(sPage, "],[0,2],[1,1]]"), 4u) << "the plots team 1 sees and team 0 has fogged";
	EXPECT_NE(sPage.find("selfCheck"), std::string::npos);
	EXPECT_NE(sPage.find("data-self-check=\"not run\""), std::string::npos);
}

TEST(RenderHtml, IsThePageFilesWithTheirSlotsFilled)
{
	const std::string sPage = renderHtml(sampleView(), plain(0));
	for (const std::string_view sFile : { page::viewerCss(), page::viewerJs() })
	{
		ASSERT_GT(sFile.size(), 100u);
		EXPECT_EQ(occurrences(sPage, std::string(sFile)), 1u) << sFile.substr(0, 40);
	}
	EXPECT_EQ(sPage.rfind(std::string(page::viewerHtml().substr(0, page::viewerHtml().find("{{"))), 0), 0u);
	EXPECT_EQ(sPage.find("{{"), std::string::npos);
	EXPECT_NE(sPage.find("<style>\nbody {"), std::string::npos);
	EXPECT_NE(sPage.find("id=\"map-data\">{\"title\":\"test.CivBeyondSwordWBSave\","), std::string::npos);
}

// One source of the colours: Render.cpp writes them into the data, the page's files hold none.
TEST(RenderHtml, ThePageTakesEveryColourFromTheData)
{
	const std::regex kColour("#[0-9a-fA-F]{3,8}\\b|rgba?\\(");
	for (const std::string_view sFile : { page::viewerHtml(), page::viewerJs() })
	{
		std::match_results<std::string_view::const_iterator> kFound;
		EXPECT_FALSE(std::regex_search(sFile.begin(), sFile.end(), kFound, kColour))
			<< "a colour in the page's files: " << kFound.str();
	}
	const std::string sPage = renderHtml(sampleView(), plain(0));
	// the legend's land is grassland, visible and fogged as the pictures shade it; the trees are the PNG's
	for (const char* szEntry : { "\"palette\":{\"unknown\":\"#000000\",", "\"forest\":\"#1e561a\"",
			 "\"jungle\":\"#0c462c\"", "\"hills\":\"rgba(0,0,0,0.3)\"", "\"sightFill\":\"rgba(255,230,0,0.42)\"",
			 "\"visible\":\"#4c9a3a\",\"fogged\":\"#51604d\",\"unit\":\"#e6194b\"}" })
	{
		EXPECT_NE(sPage.find(szEntry), std::string::npos) << szEntry;
	}
	// every colour the script or the legend names is in the palette
	const std::string sPalette = sPage.substr(sPage.find("\"palette\":"));
	const std::string sScript(page::viewerJs());
	const std::regex kUse("PALETTE\\.(\\w+)|data-(?:fill|ring)=\"(\\w+)\"");
	const std::string sUses = sScript + std::string(page::viewerHtml());
	size_t iUses = 0;
	for (auto it = std::sregex_iterator(sUses.begin(), sUses.end(), kUse); it != std::sregex_iterator(); ++it, ++iUses)
	{
		const std::string sName = (*it)[1].matched ? (*it)[1].str() : (*it)[2].str();
		EXPECT_NE(sPalette.find("\"" + sName + "\":\""), std::string::npos) << sName;
	}
	EXPECT_GT(iUses, 15u);
}

TEST(RenderHtml, NamesFromTheMapCannotBreakThePage)
{
	MapView kView = sampleView();
	kView.sTitle = "a</title><script>x()</script>&\"";
	kView.aUnits[0].sType = "UNIT_</script><b>";
	const std::string sPage = renderHtml(kView, plain(0));
	EXPECT_EQ(occurrences(sPage, "</script>"), 2u); // the data's and the code's
	EXPECT_EQ(sPage.find("<b>"), std::string::npos);
	EXPECT_NE(sPage.find("<title>CvVision: a&lt;/title&gt;&lt;script&gt;x()&lt;/script&gt;&amp;&quot;</title>"),
		std::string::npos);
	EXPECT_NE(sPage.find("\"UNIT_\\u003c/script\\u003e\\u003cb\\u003e\""), std::string::npos);
}
