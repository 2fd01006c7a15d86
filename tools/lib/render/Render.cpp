// The terminal, PNG and HTML pictures of a MapView (see Render.h).
#include "render/Render.h"

#include "render/EmbeddedPage.h"
#include "support/Json.h"
#include "support/OutputFile.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <stdexcept>
#include <string_view>
#include <tuple>
#include <vector>

namespace cvv {

namespace {
// ------------------------------------------------------------------ what a team knows

enum class Knowledge {
	Unknown, // never seen
	Fogged, // seen before, not now
	Visible // seen now
};

Knowledge knowledgeOf(const MapView::Plot& kPlot, int eTeam)
{
	if (kPlot.aiCounts[eTeam] > 0)
	{
		return Knowledge::Visible;
	}
	return kPlot.abRevealed[eTeam] ? Knowledge::Fogged : Knowledge::Unknown;
}

bool isWater(const MapView::Plot& kPlot) { return kPlot.eKind == CV_VISION_PLOT_OCEAN; }

bool hasTrees(const MapView::Plot& kPlot)
{
	return kPlot.sFeature == "FEATURE_FOREST" || kPlot.sFeature == "FEATURE_JUNGLE";
}

// The units on one plot, as the chosen team tells them apart.
struct UnitsOnPlot
{
	int iOwn = 0;
	int iOther = 0;
	int eOtherTeam = -1; // the team of the first other unit
};

std::vector<UnitsOnPlot> unitsByPlot(const MapView& kView, int eTeam)
{
	std::vector<UnitsOnPlot> aUnits(kView.aPlots.size());
	for (const MapView::Unit& kUnit : kView.aUnits)
	{
		UnitsOnPlot& kOn = aUnits[kUnit.iY * kView.iWidth + kUnit.iX];
		if (kUnit.eTeam == eTeam)
		{
			++kOn.iOwn;
		}
		else if (kOn.iOther++ == 0)
		{
			kOn.eOtherTeam = kUnit.eTeam;
		}
	}
	return aUnits;
}

std::string coordinates(int iX, int iY) { return "(" + std::to_string(iX) + ", " + std::to_string(iY) + ")"; }

// Throws std::invalid_argument unless the view is whole and the team is on the map.
void checkView(const MapView& kView, const RenderOptions& kOptions)
{
	auto fail = [](const std::string& sWhat) { throw std::invalid_argument("render: " + sWhat); };
	const std::string sSize = std::to_string(kView.iWidth) + "x" + std::to_string(kView.iHeight);
	if (kView.iWidth <= 0 || kView.iHeight <= 0
		|| kView.aPlots.size() != static_cast<size_t>(kView.iWidth) * kView.iHeight)
	{
		fail("the view has " + std::to_string(kView.aPlots.size()) + " plots for a " + sSize + " map");
	}
	if (kOptions.eTeam < 0 || kOptions.eTeam >= kView.iNumTeams)
	{
		fail("team " + std::to_string(kOptions.eTeam) + " is not on the map (it has teams 0 to "
			+ std::to_string(kView.iNumTeams - 1) + ")");
	}
	const size_t iTeams = static_cast<size_t>(kView.iNumTeams);
	for (size_t i = 0; i < kView.aPlots.size(); ++i)
	{
		const MapView::Plot& kPlot = kView.aPlots[i];
		if (kPlot.aiCounts.size() != iTeams || kPlot.abRevealed.size() != iTeams)
		{
			const int iIndex = static_cast<int>(i);
			fail("plot " + coordinates(iIndex % kView.iWidth, iIndex / kView.iWidth)
				+ " has counts or revealed flags for other than " + std::to_string(iTeams) + " teams");
		}
	}
	for (const MapView::Unit& kUnit : kView.aUnits)
	{
		if (kUnit.iX < 0 || kUnit.iX >= kView.iWidth || kUnit.iY < 0 || kUnit.iY >= kView.iHeight)
		{
			fail("unit " + kUnit.sType + " at " + coordinates(kUnit.iX, kUnit.iY) + " is off the " + sSize + " map");
		}
	}
}

// ------------------------------------------------------------------ colours

struct Rgb
{
	std::uint8_t r = 0;
	std::uint8_t g = 0;
	std::uint8_t b = 0;

	bool operator<(const Rgb& k) const { return std::tie(r, g, b) < std::tie(k.r, k.g, k.b); }
};

// The colours that mean the same in every picture (the page takes them from the data: pagePalette).
const Rgb BLACK = { 0, 0, 0 }; // unknown plots; outlines
const Rgb WHITE = { 0xff, 0xff, 0xff }; // a city of no team
const Rgb GRASS = { 0x4c, 0x9a, 0x3a }; // grassland, and the legends' visible land
const Rgb FOREST = { 0x1e, 0x56, 0x1a };
const Rgb JUNGLE = { 0x0c, 0x46, 0x2c };

// A plot's ground: its terrain, or its kind when the terrain is not one of BTS's.
Rgb terrainColour(const MapView::Plot& kPlot)
{
	if (kPlot.eKind == CV_VISION_PLOT_PEAK)
	{
		return { 0x86, 0x7e, 0x76 };
	}
	if (kPlot.sFeature == "FEATURE_ICE")
	{
		return { 0xd4, 0xec, 0xf4 };
	}
	static const std::map<std::string, Rgb> kTerrains = {
		{ "TERRAIN_GRASS", GRASS },
		{ "TERRAIN_PLAINS", { 0xa8, 0xa0, 0x48 } },
		{ "TERRAIN_DESERT", { 0xe0, 0xcc, 0x8a } },
		{ "TERRAIN_TUNDRA", { 0x8c, 0x8a, 0x6c } },
		{ "TERRAIN_SNOW", { 0xee, 0xee, 0xf2 } },
		{ "TERRAIN_COAST", { 0x3c, 0x8c, 0xd0 } },
		{ "TERRAIN_OCEAN", { 0x1c, 0x4a, 0x9a } },
	};
	const auto it = kTerrains.find(kPlot.sTerrain);
	if (it != kTerrains.end())
	{
		return it->second;
	}
	return isWater(kPlot) ? Rgb{ 0x1c, 0x4a, 0x9a } : Rgb{ 0x70, 0x90, 0x50 };
}

Rgb treeColour(const MapView::Plot& kPlot) { return kPlot.sFeature == "FEATURE_JUNGLE" ? JUNGLE : FOREST; }

// Units and cities take their team's colour (teams past the palette reuse it).
Rgb teamColour(int eTeam)
{
	static const Rgb aPalette[] = {
		{ 0xe6, 0x19, 0x4b },
		{ 0xff, 0xe1, 0x19 },
		{ 0xf0, 0x32, 0xe6 },
		{ 0x42, 0xd4, 0xf4 },
		{ 0xf5, 0x82, 0x31 },
		{ 0xff, 0xff, 0xff },
		{ 0x91, 0x1e, 0xb4 },
		{ 0xbf, 0xef, 0x45 },
	};
	const int iSize = static_cast<int>(sizeof(aPalette) / sizeof(aPalette[0]));
	return eTeam < 0 ? WHITE : aPalette[eTeam % iSize];
}

int luminance(Rgb k) { return (k.r * 30 + k.g * 59 + k.b * 11) / 100; }

// Fog: mostly grey, and darker, but never as dark as the black of unknown plots.
Rgb fogged(Rgb k)
{
	const int iGrey = luminance(k);
	auto channel = [iGrey](int iValue) {
		const int iMixed = (iValue * 35 + iGrey * 65) / 100;
		return static_cast<std::uint8_t>(24 + iMixed * 55 / 100);
	};
	return { channel(k.r), channel(k.g), channel(k.b) };
}

Rgb shaded(Rgb k, int iPercent)
{
	auto channel = [iPercent](int iValue) { return static_cast<std::uint8_t>(std::min(255, iValue * iPercent / 100)); };
	return { channel(k.r), channel(k.g), channel(k.b) };
}

std::string hex(Rgb k)
{
	char acText[8];
	std::snprintf(acText, sizeof(acText), "#%02x%02x%02x", k.r, k.g, k.b);
	return acText;
}

// A colour seen through: iPercent (1..99) of k over what is below ("rgba(0,0,0,0.3)").
std::string translucent(Rgb k, int iPercent)
{
	char acText[32];
	std::snprintf(acText, sizeof(acText), iPercent % 10 == 0 ? "rgba(%d,%d,%d,0.%d)" : "rgba(%d,%d,%d,0.%02d)", k.r,
		k.g, k.b, iPercent % 10 == 0 ? iPercent / 10 : iPercent);
	return acText;
}

// ------------------------------------------------------------------ text

// One character of the terminal picture and its colours.
struct TextCell
{
	char cSymbol = ' ';
	Rgb kBack = BLACK;
	Rgb kFore = WHITE;
	bool bBold = false;
};

Rgb contrasting(Rgb kBack) { return luminance(kBack) > 140 ? BLACK : WHITE; }

char terrainSymbol(const MapView::Plot& kPlot)
{
	switch (kPlot.eKind)
	{
	case CV_VISION_PLOT_OCEAN: return '~';
	case CV_VISION_PLOT_PEAK: return '^';
	case CV_VISION_PLOT_HILLS: return hasTrees(kPlot) ? 'H' : 'h';
	default: return hasTrees(kPlot) ? 'f' : '.';
	}
}

TextCell textCell(const MapView::Plot& kPlot, Knowledge eKnowledge, const UnitsOnPlot& kUnits, int eTeam)
{
	TextCell kCell;
	if (eKnowledge == Knowledge::Unknown)
	{
		return kCell;
	}
	if (eKnowledge == Knowledge::Fogged)
	{
		kCell.cSymbol = isWater(kPlot) ? '-' : ',';
		kCell.kBack = fogged(terrainColour(kPlot));
		kCell.kFore = { 0x9a, 0x9a, 0x9a };
		return kCell;
	}
	kCell.kBack = terrainColour(kPlot);
	kCell.kFore = contrasting(kCell.kBack);
	if (kUnits.iOwn > 0 || kUnits.iOther > 0)
	{
		kCell.cSymbol = kUnits.iOwn > 0 ? '@' : 'u';
		kCell.kFore = teamColour(kUnits.iOwn > 0 ? eTeam : kUnits.eOtherTeam);
		kCell.kBack = BLACK;
		kCell.bBold = true;
	}
	else if (kPlot.bCity)
	{
		kCell.cSymbol = '#';
		kCell.kFore = teamColour(kPlot.eOwner);
		kCell.kBack = BLACK;
		kCell.bBold = true;
	}
	else
	{
		kCell.cSymbol = terrainSymbol(kPlot);
	}
	return kCell;
}

// The nearest colour of xterm's 256: the 6x6x6 cube (16..231) or the grey ramp (232..255).
int ansi256(Rgb k)
{
	static const int aiLevels[] = { 0, 95, 135, 175, 215, 255 };
	auto nearestLevel = [](int iValue) {
		int iBest = 0;
		for (int i = 1; i < 6; ++i)
		{
			if (std::abs(aiLevels[i] - iValue) < std::abs(aiLevels[iBest] - iValue))
			{
				iBest = i;
			}
		}
		return iBest;
	};
	auto distance = [&k](int r, int g, int b) {
		return (r - k.r) * (r - k.r) + (g - k.g) * (g - k.g) + (b - k.b) * (b - k.b);
	};
	const int r = nearestLevel(k.r), g = nearestLevel(k.g), b = nearestLevel(k.b);
	const int iGreyStep = std::min(23, std::max(0, (luminance(k) - 8 + 5) / 10));
	const int iGrey = 8 + 10 * iGreyStep;
	if (distance(iGrey, iGrey, iGrey) < distance(aiLevels[r], aiLevels[g], aiLevels[b]))
	{
		return 232 + iGreyStep;
	}
	return 16 + 36 * r + 6 * g + b;
}

// Writes cells, with ANSI escapes when in colour (only when the colours change).
class TextPainter
{
public:
	explicit TextPainter(bool bColor) : m_bColor(bColor) {}

	void cell(const TextCell& kCell)
	{
		if (m_bColor)
		{
			const std::string sEscape = "\x1b[0;" + std::string(kCell.bBold ? "1;" : "") + "38;5;"
				+ std::to_string(ansi256(kCell.kFore)) + ";48;5;" + std::to_string(ansi256(kCell.kBack)) + "m";
			if (sEscape != m_sLastEscape)
			{
				m_sText += sEscape;
				m_sLastEscape = sEscape;
			}
		}
		m_sText += kCell.cSymbol;
	}

	// Plain text, after the colours are reset.
	void text(const std::string& sText)
	{
		resetColour();
		m_sText += sText;
	}

	void endLine() { text("\n"); }

	const std::string& result()
	{
		resetColour();
		return m_sText;
	}

private:
	void resetColour()
	{
		if (!m_sLastEscape.empty())
		{
			m_sText += "\x1b[0m";
			m_sLastEscape.clear();
		}
	}

	bool m_bColor;
	std::string m_sText;
	std::string m_sLastEscape;
};

void paintLegend(TextPainter& kPainter, int eTeam)
{
	const Rgb kGrass = GRASS;
	MapView::Plot kLand;
	kLand.sTerrain = "TERRAIN_GRASS";
	MapView::Plot kWater;
	kWater.eKind = CV_VISION_PLOT_OCEAN;
	kWater.sTerrain = "TERRAIN_OCEAN";
	MapView::Plot kPeak;
	kPeak.eKind = CV_VISION_PLOT_PEAK;

	auto item = [&kPainter](const TextCell& kCell, const std::string& sLabel) {
		kPainter.text("  ");
		kPainter.cell(kCell);
		kPainter.text(" " + sLabel);
	};
	auto visible = [](char cSymbol, Rgb kBack) { return TextCell{ cSymbol, kBack, contrasting(kBack), false }; };

	kPainter.text("visible:");
	item(visible('~', terrainColour(kWater)), "water");
	item(visible('.', kGrass), "flat");
	item(visible('h', kGrass), "hills");
	item(visible('^', terrainColour(kPeak)), "peak");
	item(visible('f', kGrass), "forest/jungle");
	item(visible('H', kGrass), "forested hills");
	item(TextCell{ '#', BLACK, WHITE, true }, "city");
	item(TextCell{ '@', BLACK, teamColour(eTeam), true }, "team " + std::to_string(eTeam) + "'s unit");
	item(TextCell{ 'u', BLACK, teamColour(eTeam + 1), true }, "another team's unit");
	kPainter.endLine();
	kPainter.text("fogged: ");
	item(textCell(kLand, Knowledge::Fogged, {}, eTeam), "land");
	item(textCell(kWater, Knowledge::Fogged, {}, eTeam), "water");
	kPainter.text("   unknown: ");
	kPainter.cell(TextCell{}); // black in colour
	kPainter.text(" (blank)");
	kPainter.endLine();
}

std::string heading(const MapView& kView, int eTeam)
{
	std::string sHeading = kView.sTitle.empty() ? "" : kView.sTitle + ": ";
	return sHeading + std::to_string(kView.iWidth) + "x" + std::to_string(kView.iHeight) + " plots, what team "
		+ std::to_string(eTeam) + " of " + std::to_string(kView.iNumTeams) + " knows";
}

// ------------------------------------------------------------------ PNG

// RGB pixels, top row first.
struct Image
{
	Image(int iW, int iH) : iWidth(iW), iHeight(iH), aBytes(static_cast<size_t>(iW) * iH * 3) {}

	Rgb get(int iX, int iY) const
	{
		const std::uint8_t* p = &aBytes[(static_cast<size_t>(iY) * iWidth + iX) * 3];
		return { p[0], p[1], p[2] };
	}

	void set(int iX, int iY, Rgb k)
	{
		std::uint8_t* p = &aBytes[(static_cast<size_t>(iY) * iWidth + iX) * 3];
		p[0] = k.r;
		p[1] = k.g;
		p[2] = k.b;
	}

	int iWidth;
	int iHeight;
	std::vector<std::uint8_t> aBytes;
};

constexpr int CELL = RENDER_PNG_CELL_PIXELS;
static_assert(CELL == 8, "the glyphs below are 8x8");

// A mark drawn over a cell: '.' leaves the pixel alone, other letters name colours.
using Glyph = const char* const[CELL];

const Glyph HILL_GLYPH = {
	"........",
	"........",
	"........",
	"...ll...",
	"..lddd..",
	".lddddd.",
	"ldddddd.",
	"........",
};
const Glyph PEAK_GLYPH = {
	"...w....",
	"..wwd...",
	"..wgdd..",
	".wgggdd.",
	".ggggddd",
	"gggggddd",
	"........",
	"........",
};
const Glyph TREES_GLYPH = {
	"........",
	".t...t..",
	"ttt.ttt.",
	".k...k..",
	"...t....",
	"..ttt...",
	"...k....",
	"........",
};
const Glyph CITY_GLYPH = {
	"........",
	".kkkkkk.",
	".kcccck.",
	".kcwwck.",
	".kcwwck.",
	".kcccck.",
	".kkkkkk.",
	"........",
};
const Glyph OWN_UNIT_GLYPH = {
	// bottom right
	"........",
	"........",
	"........",
	"........",
	".....kk.",
	"....kuuk",
	"....kuuk",
	".....kk.",
};
const Glyph OTHER_UNIT_GLYPH = {
	// bottom left
	"........",
	"........",
	"........",
	"........",
	".kk.....",
	"kuuk....",
	"kuuk....",
	".kk.....",
};

template <class ColourOf>
void stamp(Image& kImage, int iLeft, int iTop, const Glyph& kGlyph, ColourOf fColourOf)
{
	for (int y = 0; y < CELL; ++y)
	{
		for (int x = 0; x < CELL; ++x)
		{
			if (kGlyph[y][x] != '.')
			{
				kImage.set(iLeft + x, iTop + y, fColourOf(kGlyph[y][x]));
			}
		}
	}
}

void fillCell(Image& kImage, int iLeft, int iTop, Rgb kColour)
{
	for (int y = 0; y < CELL; ++y)
	{
		for (int x = 0; x < CELL; ++x)
		{
			kImage.set(iLeft + x, iTop + y, kColour);
		}
	}
}

void fogCell(Image& kImage, int iLeft, int iTop)
{
	for (int y = 0; y < CELL; ++y)
	{
		for (int x = 0; x < CELL; ++x)
		{
			kImage.set(iLeft + x, iTop + y, fogged(kImage.get(iLeft + x, iTop + y)));
		}
	}
}

// The ground, and what stands on it: hills, a peak, trees, a city.
void paintGround(Image& kImage, int iLeft, int iTop, const MapView::Plot& kPlot)
{
	const Rgb kGround = terrainColour(kPlot);
	fillCell(kImage, iLeft, iTop, kGround);
	if (kPlot.bCity)
	{
		const Rgb kOwner = teamColour(kPlot.eOwner);
		stamp(kImage, iLeft, iTop, CITY_GLYPH, [&](char c) { return c == 'c' ? kOwner : c == 'w' ? WHITE : BLACK; });
		return;
	}
	if (kPlot.eKind == CV_VISION_PLOT_PEAK)
	{
		stamp(kImage, iLeft, iTop, PEAK_GLYPH, [](char c) {
			return c == 'w' ? Rgb{ 0xf4, 0xf4, 0xf4 } : c == 'g' ? Rgb{ 0x5a, 0x54, 0x50 } : Rgb{ 0x3c, 0x38, 0x36 };
		});
	}
	if (kPlot.eKind == CV_VISION_PLOT_HILLS)
	{
		stamp(kImage, iLeft, iTop, HILL_GLYPH, [&](char c) { return shaded(kGround, c == 'l' ? 125 : 65); });
	}
	if (hasTrees(kPlot))
	{
		const Rgb kTrees = treeColour(kPlot);
		stamp(kImage, iLeft, iTop, TREES_GLYPH, [&](char c) { return c == 't' ? kTrees : Rgb{ 0x5a, 0x3a, 0x1e }; });
	}
}

void paintUnits(Image& kImage, int iLeft, int iTop, const UnitsOnPlot& kUnits, int eTeam)
{
	auto dot = [&](const Glyph& kGlyph, Rgb kColour) {
		stamp(kImage, iLeft, iTop, kGlyph, [&](char c) { return c == 'u' ? kColour : BLACK; });
	};
	if (kUnits.iOwn > 0)
	{
		dot(OWN_UNIT_GLYPH, teamColour(eTeam));
	}
	if (kUnits.iOther > 0)
	{
		dot(OTHER_UNIT_GLYPH, teamColour(kUnits.eOtherTeam));
	}
}

Image paintMap(const MapView& kView, int eTeam)
{
	Image kImage(kView.iWidth * CELL, kView.iHeight * CELL);
	const std::vector<UnitsOnPlot> aUnits = unitsByPlot(kView, eTeam);
	for (int iY = 0; iY < kView.iHeight; ++iY)
	{
		const int iTop = (kView.iHeight - 1 - iY) * CELL; // north at the top
		for (int iX = 0; iX < kView.iWidth; ++iX)
		{
			const int iLeft = iX * CELL;
			const MapView::Plot& kPlot = kView.plot(iX, iY);
			switch (knowledgeOf(kPlot, eTeam))
			{
			case Knowledge::Unknown: fillCell(kImage, iLeft, iTop, BLACK); break;
			case Knowledge::Fogged:
				paintGround(kImage, iLeft, iTop, kPlot);
				fogCell(kImage, iLeft, iTop);
				break;
			case Knowledge::Visible:
				paintGround(kImage, iLeft, iTop, kPlot);
				paintUnits(kImage, iLeft, iTop, aUnits[iY * kView.iWidth + iX], eTeam);
				break;
			}
		}
	}
	return kImage;
}

// ------------------------------------------------------------------ HTML

// The page's data sits in a <script>: its strings escape what could close it (support/Json.h).
JsonWriter pageJsonWriter() { return JsonWriter(JsonWriter::Layout::Compact, JsonEscape::Script); }

std::string pageJsonStrings(const std::vector<std::string>& asValues)
{
	return jsonStrings(asValues, JsonWriter::Layout::Compact, JsonEscape::Script);
}

// Distinct values in order of first use, so that plots can name them by index.
template <class T>
class Table
{
public:
	int index(const T& kValue)
	{
		const auto kFound = m_kIndices.emplace(kValue, static_cast<int>(m_aValues.size()));
		if (kFound.second)
		{
			m_aValues.push_back(kValue);
		}
		return kFound.first->second;
	}
	const std::vector<T>& values() const { return m_aValues; }

private:
	std::map<T, int> m_kIndices;
	std::vector<T> m_aValues;
};

std::string htmlEscaped(const std::string& sText)
{
	std::string sOut;
	for (const char c : sText)
	{
		switch (c)
		{
		case '&': sOut += "&amp;"; break;
		case '<': sOut += "&lt;"; break;
		case '>': sOut += "&gt;"; break;
		case '"': sOut += "&quot;"; break;
		case '\'': sOut += "&#39;"; break;
		default: sOut += c;
		}
	}
	return sOut;
}

// The tables the plots index, filled while the plots are written.
struct PageTables
{
	Table<Rgb> kColours;
	Table<std::string> kTerrains, kFeatures, kImprovements;
};

// -1 for no name (no feature, no improvement).
int optionalIndex(Table<std::string>& kTable, const std::string& sName)
{
	return sName.empty() ? -1 : kTable.index(sName);
}

// [kind, colour, terrain, feature, improvement, owner, city, seeThrough, [seeFrom per team],
// [count per team], [revealed per team]], one plot a line.
std::string plotsJson(const MapView& kView, PageTables& kTables)
{
	JsonWriter kJson = pageJsonWriter();
	kJson.beginArray();
	for (const MapView::Plot& kPlot : kView.aPlots)
	{
		kJson.nextOnNewLine().beginArray();
		kJson.number(static_cast<int>(kPlot.eKind)).number(kTables.kColours.index(terrainColour(kPlot)));
		kJson.number(kTables.kTerrains.index(kPlot.sTerrain));
		kJson.number(optionalIndex(kTables.kFeatures, kPlot.sFeature));
		kJson.number(optionalIndex(kTables.kImprovements, kPlot.sImprovement));
		kJson.number(kPlot.eOwner).number(kPlot.bCity ? 1 : 0).number(kPlot.iSeeThrough);
		kJson.raw(jsonNumbers(kPlot.aiSeeFrom)).raw(jsonNumbers(kPlot.aiCounts)).raw(jsonNumbers(kPlot.abRevealed));
		kJson.end();
	}
	return kJson.end().str();
}

// {type, team, x, y, range, sees: [plot index...]}, one unit a line.
std::string unitsJson(const MapView& kView)
{
	JsonWriter kJson = pageJsonWriter();
	kJson.beginArray();
	for (const MapView::Unit& kUnit : kView.aUnits)
	{
		kJson.nextOnNewLine().beginObject();
		kJson.key("type").string(kUnit.sType).key("team").number(kUnit.eTeam);
		kJson.key("x").number(kUnit.iX).key("y").number(kUnit.iY).key("range").number(kUnit.iRange);
		kJson.key("sees").raw(jsonNumbers(kUnit.aiSees));
		kJson.end();
	}
	return kJson.end().str();
}

// The colours of the page's marks and legend (viewer.js draws with them and colours the legend's
// swatches; none is written in the page's files): those the PNG and the terminal share with it are
// the same constants, the others are the page's own (its marks are drawn, not stamped).
std::string pagePalette()
{
	const Rgb kSight = { 0xff, 0xe6, 0x00 };
	const std::vector<std::pair<const char*, std::string>> aColours = {
		{ "unknown", hex(BLACK) }, // a plot the team never saw
		{ "outline", hex(BLACK) }, // around a city, and a unit the team sees
		{ "noTeam", hex(WHITE) }, // a city of no team, a unit of a team without a colour
		{ "peak", hex({ 0xe8, 0xe8, 0xe8 }) }, { "hills", translucent(BLACK, 30) }, { "forest", hex(FOREST) },
		{ "jungle", hex(JUNGLE) }, { "grid", translucent(BLACK, 18) },
		{ "sight", hex(kSight) }, // the plots the clicked unit sees: their outline
		{ "sightFill", translucent(kSight, 42) }, { "chosen", hex(WHITE) }, // the ring around the clicked unit
		{ "visible", hex(GRASS) }, // the legend's visible and fogged land
		{ "fogged", hex(fogged(GRASS)) }, { "unit", hex(teamColour(0)) }, // the legend's unit
	};
	JsonWriter kJson = pageJsonWriter();
	kJson.beginObject();
	for (const auto& [szName, sColour] : aColours)
	{
		kJson.key(szName).string(sColour);
	}
	return kJson.end().str();
}

// The page's data (viewer.js reads it): the map's facts, the colour and name tables, the palette
// (pagePalette), the plots (plotsJson: colour indexes both colours and fogColours; terrain,
// feature and improvement index the tables of the same names, -1 for no feature or improvement)
// and the units (unitsJson). Each table, the plots and the units start on a new line.
std::string mapJson(const MapView& kView, int eTeam)
{
	PageTables kTables;
	const std::string sPlots = plotsJson(kView, kTables);
	std::vector<std::string> asColours, asFogColours, asTeamColours;
	for (const Rgb& kColour : kTables.kColours.values())
	{
		asColours.push_back(hex(kColour));
		asFogColours.push_back(hex(fogged(kColour)));
	}
	for (int t = 0; t < kView.iNumTeams; ++t)
	{
		asTeamColours.push_back(hex(teamColour(t)));
	}

	JsonWriter kJson = pageJsonWriter();
	kJson.beginObject();
	kJson.key("title").string(kView.sTitle).key("width").number(kView.iWidth).key("height").number(kView.iHeight);
	kJson.key("wrapX").boolean(kView.bWrapX).key("wrapY").boolean(kView.bWrapY);
	kJson.key("teams").number(kView.iNumTeams).key("team").number(eTeam);
	kJson.nextOnNewLine().key("colours").raw(pageJsonStrings(asColours));
	kJson.nextOnNewLine().key("fogColours").raw(pageJsonStrings(asFogColours));
	kJson.nextOnNewLine().key("teamColours").raw(pageJsonStrings(asTeamColours));
	kJson.nextOnNewLine().key("palette").raw(pagePalette());
	kJson.nextOnNewLine().key("terrains").raw(pageJsonStrings(kTables.kTerrains.values()));
	kJson.nextOnNewLine().key("features").raw(pageJsonStrings(kTables.kFeatures.values()));
	kJson.nextOnNewLine().key("improvements").raw(pageJsonStrings(kTables.kImprovements.values()));
	kJson.nextOnNewLine().key("plots").raw(sPlots);
	kJson.nextOnNewLine().key("units").raw(unitsJson(kView));
	return kJson.end().str();
}

// A slot of viewer.html and its text.
struct PageSlot
{
	std::string_view sName;
	std::string_view sText;
};

// sPage with each {{name}} replaced by its slot's text (only sPage is searched for slots, never
// a slot's text). Throws std::logic_error when sPage has a slot that is not given, an unclosed
// "{{", or no place for a given slot: the page's files and this code are out of step.
std::string fillSlots(std::string_view sPage, const std::vector<PageSlot>& aSlots)
{
	auto outOfStep = [](const std::string& sWhat) {
		return std::logic_error("render: the page (render/page/viewer.html) " + sWhat);
	};
	std::string sOut;
	std::vector<bool> abFilled(aSlots.size(), false);
	size_t iFrom = 0;
	for (size_t iOpen = sPage.find("{{"); iOpen != std::string_view::npos; iOpen = sPage.find("{{", iFrom))
	{
		const size_t iClose = sPage.find("}}", iOpen);
		if (iClose == std::string_view::npos)
		{
			throw outOfStep("has an unclosed {{");
		}
		const std::string_view sName = sPage.substr(iOpen + 2, iClose - iOpen - 2);
		const auto itSlot =
			std::find_if(aSlots.begin(), aSlots.end(), [&](const PageSlot& k) { return k.sName == sName; });
		if (itSlot == aSlots.end())
		{
			throw outOfStep("has a slot {{" + std::string(sName) + "}} that renderHtml does not fill");
		}
		abFilled[itSlot - aSlots.begin()] = true;
		sOut.append(sPage.substr(iFrom, iOpen - iFrom)).append(itSlot->sText);
		iFrom = iClose + 2;
	}
	sOut.append(sPage.substr(iFrom));
	for (size_t i = 0; i < aSlots.size(); ++i)
	{
		if (!abFilled[i])
		{
			throw outOfStep("has no slot {{" + std::string(aSlots[i].sName) + "}}");
		}
	}
	return sOut;
}
}

std::string renderText(const MapView& kView, const RenderOptions& kOptions)
{
	checkView(kView, kOptions);
	const int eTeam = kOptions.eTeam;
	const std::vector<UnitsOnPlot> aUnits = unitsByPlot(kView, eTeam);
	const std::string sBorder = "+" + std::string(kView.iWidth, '-') + "+";

	TextPainter kPainter(kOptions.bColor);
	kPainter.text(heading(kView, eTeam));
	kPainter.endLine();
	paintLegend(kPainter, eTeam);
	kPainter.text(sBorder);
	kPainter.endLine();
	for (int iY = kView.iHeight - 1; iY >= 0; --iY)
	{
		kPainter.text("|");
		for (int iX = 0; iX < kView.iWidth; ++iX)
		{
			const MapView::Plot& kPlot = kView.plot(iX, iY);
			kPainter.cell(textCell(kPlot, knowledgeOf(kPlot, eTeam), aUnits[iY * kView.iWidth + iX], eTeam));
		}
		kPainter.text("|");
		kPainter.endLine();
	}
	kPainter.text(sBorder);
	kPainter.endLine();
	kPainter.text("team " + std::to_string(eTeam) + " sees " + std::to_string(kView.visiblePlots(eTeam)) + " plots");
	kPainter.endLine();
	return kPainter.result();
}

std::string pngBytes(const MapView& kView, const RenderOptions& kOptions)
{
	checkView(kView, kOptions);
	const Image kImage = paintMap(kView, kOptions.eTeam);
	return pngOfRgb(kImage.iWidth, kImage.iHeight, kImage.aBytes);
}

void writePng(const MapView& kView, const RenderOptions& kOptions, const std::string& sPath)
{
	const std::string sBytes = pngBytes(kView, kOptions);
	writeOutputs({ OutputFile{ sPath, sBytes, "the PNG" } });
}

std::string renderHtml(const MapView& kView, const RenderOptions& kOptions)
{
	checkView(kView, kOptions);
	const std::string sTitle = htmlEscaped(kView.sTitle.empty() ? "map" : kView.sTitle);
	const std::string sData = mapJson(kView, kOptions.eTeam);
	return fillSlots(page::viewerHtml(),
		{ { "title", sTitle }, { "style", page::viewerCss() }, { "data", sData }, { "script", page::viewerJs() } });
}

} // namespace cvv
