// The terminal, PNG and HTML pictures of a MapView (see Render.h).
#include "render/Render.h"

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include "support/Json.h"
#include "support/OutputFile.h"
#include <map>
#include <random>
#include <sstream>
#include <stdexcept>
#include <system_error>
#include <tuple>
#include <vector>

namespace cvv {

namespace
{
	// ------------------------------------------------------------------ what a team knows

	enum class Knowledge
	{
		Unknown, // never seen
		Fogged,  // seen before, not now
		Visible  // seen now
	};

	Knowledge knowledgeOf(const MapView::Plot& kPlot, int eTeam)
	{
		if (kPlot.aiCounts[eTeam] > 0)
		{
			return Knowledge::Visible;
		}
		return kPlot.abRevealed[eTeam] ? Knowledge::Fogged : Knowledge::Unknown;
	}

	bool isWater(const MapView::Plot& kPlot)
	{
		return kPlot.eKind == CV_VISION_PLOT_OCEAN;
	}

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

	std::string coordinates(int iX, int iY)
	{
		return "(" + std::to_string(iX) + ", " + std::to_string(iY) + ")";
	}

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

	const Rgb BLACK = { 0, 0, 0 };
	const Rgb WHITE = { 0xff, 0xff, 0xff };

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
			{ "TERRAIN_GRASS", { 0x4c, 0x9a, 0x3a } },
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

	Rgb treeColour(const MapView::Plot& kPlot)
	{
		return kPlot.sFeature == "FEATURE_JUNGLE" ? Rgb{ 0x0c, 0x46, 0x2c } : Rgb{ 0x1e, 0x56, 0x1a };
	}

	// Units and cities take their team's colour (teams past the palette reuse it).
	Rgb teamColour(int eTeam)
	{
		static const Rgb aPalette[] = {
			{ 0xe6, 0x19, 0x4b }, { 0xff, 0xe1, 0x19 }, { 0xf0, 0x32, 0xe6 }, { 0x42, 0xd4, 0xf4 },
			{ 0xf5, 0x82, 0x31 }, { 0xff, 0xff, 0xff }, { 0x91, 0x1e, 0xb4 }, { 0xbf, 0xef, 0x45 },
		};
		const int iSize = static_cast<int>(sizeof(aPalette) / sizeof(aPalette[0]));
		return eTeam < 0 ? WHITE : aPalette[eTeam % iSize];
	}

	int luminance(Rgb k)
	{
		return (k.r * 30 + k.g * 59 + k.b * 11) / 100;
	}

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

	// ------------------------------------------------------------------ text

	// One character of the terminal picture and its colours.
	struct TextCell
	{
		char cSymbol = ' ';
		Rgb kBack = BLACK;
		Rgb kFore = WHITE;
		bool bBold = false;
	};

	Rgb contrasting(Rgb kBack)
	{
		return luminance(kBack) > 140 ? BLACK : WHITE;
	}

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

		void endLine()
		{
			text("\n");
		}

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
		const Rgb kGrass = { 0x4c, 0x9a, 0x3a };
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
	const Glyph OWN_UNIT_GLYPH = { // bottom right
		"........",
		"........",
		"........",
		"........",
		".....kk.",
		"....kuuk",
		"....kuuk",
		".....kk.",
	};
	const Glyph OTHER_UNIT_GLYPH = { // bottom left
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
				case Knowledge::Unknown:
					fillCell(kImage, iLeft, iTop, BLACK);
					break;
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
	std::string jsonString(const std::string& sText)
	{
		return cvv::jsonString(sText, JsonEscape::Script);
	}

	template <class T>
	std::string jsonArray(const std::vector<T>& aValues)
	{
		return jsonNumbers(aValues);
	}

	std::string jsonStrings(const std::vector<std::string>& asValues)
	{
		return cvv::jsonStrings(asValues, JsonWriter::Layout::Compact, JsonEscape::Script);
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

	// The page's data. A plot is [kind, colour, terrain, feature, improvement, owner, city,
	// seeThrough, [seeFrom per team], [count per team], [revealed per team]]; colour indexes both
	// colours and fogColours; terrain, feature and improvement index the tables of the same names
	// (-1: no feature/improvement).
	std::string mapJson(const MapView& kView, int eTeam)
	{
		Table<Rgb> kColours;
		Table<std::string> kTerrains, kFeatures, kImprovements;
		auto optionalIndex = [](Table<std::string>& kTable, const std::string& sName) {
			return sName.empty() ? -1 : kTable.index(sName);
		};

		std::ostringstream kPlots;
		for (size_t i = 0; i < kView.aPlots.size(); ++i)
		{
			const MapView::Plot& kPlot = kView.aPlots[i];
			kPlots << (i ? ",\n" : "") << "[" << static_cast<int>(kPlot.eKind) << "," << kColours.index(terrainColour(kPlot))
				   << "," << kTerrains.index(kPlot.sTerrain) << "," << optionalIndex(kFeatures, kPlot.sFeature) << ","
				   << optionalIndex(kImprovements, kPlot.sImprovement) << "," << kPlot.eOwner << "," << (kPlot.bCity ? 1 : 0)
				   << "," << kPlot.iSeeThrough << "," << jsonArray(kPlot.aiSeeFrom) << "," << jsonArray(kPlot.aiCounts) << ","
				   << jsonArray(kPlot.abRevealed) << "]";
		}

		std::ostringstream kUnits;
		for (size_t i = 0; i < kView.aUnits.size(); ++i)
		{
			const MapView::Unit& kUnit = kView.aUnits[i];
			kUnits << (i ? ",\n" : "") << "{\"type\":" << jsonString(kUnit.sType) << ",\"team\":" << kUnit.eTeam
				   << ",\"x\":" << kUnit.iX << ",\"y\":" << kUnit.iY << ",\"range\":" << kUnit.iRange
				   << ",\"sees\":" << jsonArray(kUnit.aiSees) << "}";
		}

		std::vector<std::string> asColours, asFogColours, asTeamColours;
		for (const Rgb& kColour : kColours.values())
		{
			asColours.push_back(hex(kColour));
			asFogColours.push_back(hex(fogged(kColour)));
		}
		for (int t = 0; t < kView.iNumTeams; ++t)
		{
			asTeamColours.push_back(hex(teamColour(t)));
		}

		std::ostringstream kJson;
		kJson << "{\"title\":" << jsonString(kView.sTitle) << ",\"width\":" << kView.iWidth << ",\"height\":" << kView.iHeight
			  << ",\"wrapX\":" << (kView.bWrapX ? "true" : "false") << ",\"wrapY\":" << (kView.bWrapY ? "true" : "false")
			  << ",\"teams\":" << kView.iNumTeams << ",\"team\":" << eTeam << ",\n\"colours\":" << jsonStrings(asColours)
			  << ",\n\"fogColours\":" << jsonStrings(asFogColours) << ",\n\"teamColours\":" << jsonStrings(asTeamColours) << ",\n\"terrains\":" << jsonStrings(kTerrains.values())
			  << ",\n\"features\":" << jsonStrings(kFeatures.values())
			  << ",\n\"improvements\":" << jsonStrings(kImprovements.values()) << ",\n\"plots\":[\n"
			  << kPlots.str() << "],\n\"units\":[\n" << kUnits.str() << "]}";
		return kJson.str();
	}

	// The page around the title and the data.
	const char* const PAGE_HEAD = R"HTML(<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>CvVision: )HTML";

	const char* const PAGE_BODY = R"HTML(</title>
<style>
body { font: 14px/1.4 system-ui, sans-serif; margin: 12px; background: #1e1e1e; color: #ddd; }
header { display: flex; gap: 18px; align-items: baseline; flex-wrap: wrap; }
h1 { font-size: 18px; margin: 0; }
h2 { font-size: 15px; margin: 12px 0 4px; }
select, button { font: inherit; }
#legend { margin: 6px 0; color: #bbb; }
.swatch { display: inline-block; width: 12px; height: 12px; vertical-align: middle; border: 1px solid #777; margin: 0 3px 0 10px; }
#layout { display: flex; gap: 16px; align-items: flex-start; }
#map { cursor: crosshair; border: 1px solid #555; flex: none; }
#side { min-width: 300px; max-width: 440px; }
#info table { border-collapse: collapse; }
#info th, #info td { padding: 1px 8px 1px 0; text-align: left; vertical-align: top; }
#info tr.chosen td { color: #fff; font-weight: bold; }
#units { max-height: 360px; overflow: auto; }
#units button { display: block; width: 100%; text-align: left; margin: 1px 0; padding: 1px 6px; cursor: pointer;
	background: #2c2c2c; color: #ddd; border: 1px solid #444; }
#units button.selected { background: #6a5d00; color: #fff; }
</style>
</head>
<body data-self-check="not run">
<header>
<h1 id="title"></h1>
<span id="size"></span>
<label>team <select id="team"></select></label>
<span id="status"></span>
</header>
<div id="legend">
<span class="swatch" style="background:#4c9a3a"></span>visible
<span class="swatch" style="background:#51604d"></span>fogged (seen before)
<span class="swatch" style="background:#000"></span>unknown
<span class="swatch" style="background:#e6194b;border-radius:50%"></span>unit the team sees
<span class="swatch" style="border:2px solid #e6194b;border-radius:50%"></span>unit it does not
<span class="swatch" style="background:#ffe600"></span>plots the clicked unit sees
</div>
<div id="layout">
<canvas id="map"></canvas>
<div id="side">
<div id="info">Hover over a plot to see its facts; click a unit to see what it sees.</div>
<h2>Units</h2>
<div id="units"></div>
</div>
</div>
<script type="application/json" id="map-data">)HTML";

	const char* const PAGE_SCRIPT = R"HTML(</script>
<script>
"use strict";
(function () {
	const data = JSON.parse(document.getElementById("map-data").textContent);
	const W = data.width, H = data.height;
	const KIND = 0, COLOUR = 1, TERRAIN = 2, FEATURE = 3, IMPROVEMENT = 4, OWNER = 5, CITY = 6,
		SEE_THROUGH = 7, SEE_FROM = 8, COUNTS = 9, REVEALED = 10;
	const KIND_NAMES = ["peak", "hills", "flat", "water"];
	const cell = Math.max(3, Math.min(32, Math.floor(Math.min(960 / W, 720 / H))));
	const canvas = document.getElementById("map");
	canvas.width = W * cell;
	canvas.height = H * cell;
	const ctx = canvas.getContext("2d");
	let team = data.team;
	let selected = -1; // the clicked unit
	let hovered = null;

	const unitsAt = new Map(); // plot index -> unit indices
	data.units.forEach(function (unit, i) {
		const index = unit.y * W + unit.x;
		if (!unitsAt.has(index)) unitsAt.set(index, []);
		unitsAt.get(index).push(i);
	});

	function esc(text) {
		return String(text).replace(/[&<>"']/g, function (c) {
			return { "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;" }[c];
		});
	}
	function nameOr(table, index, none) { return index < 0 ? none : table[index]; }
	function knowledge(p) {
		if (p[COUNTS][team] > 0) return "visible";
		return p[REVEALED][team] ? "fogged" : "unknown";
	}
	function left(x) { return x * cell; }
	function top(y) { return (H - 1 - y) * cell; } // north at the top

	function triangle(px, py, colour, size) {
		ctx.fillStyle = colour;
		ctx.beginPath();
		ctx.moveTo(px + cell / 2, py + cell * (1 - size));
		ctx.lineTo(px + cell * (0.5 + size / 2), py + cell * 0.85);
		ctx.lineTo(px + cell * (0.5 - size / 2), py + cell * 0.85);
		ctx.closePath();
		ctx.fill();
	}
	function trees(px, py, colour) {
		ctx.fillStyle = colour;
		[[0.3, 0.3], [0.7, 0.3], [0.5, 0.65]].forEach(function (at) {
			ctx.beginPath();
			ctx.arc(px + cell * at[0], py + cell * at[1], cell * 0.16, 0, 2 * Math.PI);
			ctx.fill();
		});
	}
	function city(px, py, owner) {
		ctx.fillStyle = owner < 0 ? "#ffffff" : data.teamColours[owner];
		ctx.strokeStyle = "#000";
		ctx.lineWidth = Math.max(1, cell / 10);
		ctx.fillRect(px + cell * 0.2, py + cell * 0.2, cell * 0.6, cell * 0.6);
		ctx.strokeRect(px + cell * 0.2, py + cell * 0.2, cell * 0.6, cell * 0.6);
	}

	function drawPlot(x, y) {
		const p = data.plots[y * W + x], seen = knowledge(p), px = left(x), py = top(y);
		if (seen === "unknown") {
			ctx.fillStyle = "#000";
			ctx.fillRect(px, py, cell, cell);
			return;
		}
		ctx.fillStyle = (seen === "fogged" ? data.fogColours : data.colours)[p[COLOUR]];
		ctx.fillRect(px, py, cell, cell);
		ctx.globalAlpha = seen === "fogged" ? 0.35 : 1; // the marks fade into the fog
		const feature = nameOr(data.features, p[FEATURE], "");
		if (p[KIND] === 0) triangle(px, py, "#e8e8e8", 0.8);
		if (p[KIND] === 1) triangle(px, py, "rgba(0,0,0,0.3)", 0.7);
		if (feature === "FEATURE_FOREST" || feature === "FEATURE_JUNGLE") {
			trees(px, py, feature === "FEATURE_JUNGLE" ? "#0c462c" : "#1e561a");
		}
		if (p[CITY]) city(px, py, p[OWNER]);
		ctx.globalAlpha = 1;
	}

	function drawGrid() {
		ctx.strokeStyle = "rgba(0,0,0,0.18)";
		ctx.lineWidth = 1;
		ctx.beginPath();
		for (let x = 1; x < W; x++) { ctx.moveTo(x * cell + 0.5, 0); ctx.lineTo(x * cell + 0.5, H * cell); }
		for (let y = 1; y < H; y++) { ctx.moveTo(0, y * cell + 0.5); ctx.lineTo(W * cell, y * cell + 0.5); }
		ctx.stroke();
	}

	function drawSight() {
		if (selected < 0) return;
		ctx.fillStyle = "rgba(255,230,0,0.42)";
		ctx.strokeStyle = "#ffe600";
		ctx.lineWidth = 1;
		data.units[selected].sees.forEach(function (index) {
			if (index < 0 || index >= W * H) return;
			const px = left(index % W), py = top(Math.floor(index / W));
			ctx.fillRect(px, py, cell, cell);
			ctx.strokeRect(px + 0.5, py + 0.5, cell - 1, cell - 1);
		});
	}

	// Up to four units side by side on a plot; more share the corners.
	const SLOTS = [[0.72, 0.72], [0.28, 0.72], [0.72, 0.28], [0.28, 0.28]];
	function drawUnit(i, index, slot) {
		const unit = data.units[i], colour = data.teamColours[unit.team] || "#ffffff";
		const seen = data.plots[index][COUNTS][team] > 0;
		const at = SLOTS[slot % SLOTS.length], r = Math.max(1.5, cell * 0.17);
		const cx = left(unit.x) + cell * at[0], cy = top(unit.y) + cell * at[1];
		ctx.beginPath();
		ctx.arc(cx, cy, r, 0, 2 * Math.PI);
		if (seen) {
			ctx.fillStyle = colour;
			ctx.fill();
			ctx.strokeStyle = "#000";
			ctx.lineWidth = 1;
		} else {
			ctx.strokeStyle = colour;
			ctx.lineWidth = Math.max(1, cell / 12);
		}
		ctx.stroke();
		if (i === selected) {
			ctx.beginPath();
			ctx.arc(cx, cy, r + 2, 0, 2 * Math.PI);
			ctx.strokeStyle = "#ffffff";
			ctx.lineWidth = 2;
			ctx.stroke();
		}
	}
	function drawUnits() {
		let drawn = 0;
		unitsAt.forEach(function (list, index) {
			list.forEach(function (i, slot) { drawUnit(i, index, slot); drawn++; });
		});
		return drawn;
	}

	function updateStatus() {
		let visible = 0, revealed = 0;
		data.plots.forEach(function (p) {
			if (p[COUNTS][team] > 0) visible++;
			if (p[REVEALED][team]) revealed++;
		});
		document.getElementById("status").textContent =
			"team " + team + " sees " + visible + " plots and has revealed " + revealed + " of " + W * H;
	}

	function draw() {
		let plotsDrawn = 0;
		for (let y = 0; y < H; y++) {
			for (let x = 0; x < W; x++) { drawPlot(x, y); plotsDrawn++; }
		}
		if (cell >= 10) drawGrid();
		drawSight();
		const unitsDrawn = drawUnits();
		const check = document.body.dataset;
		check.plotsDrawn = plotsDrawn;
		check.unitsDrawn = unitsDrawn;
		check.width = W;
		check.height = H;
		check.selfCheck = plotsDrawn === W * H && unitsDrawn === data.units.length ? "ok" : "failed";
		updateStatus();
		if (hovered) showInfo(hovered.x, hovered.y);
	}

	function unitText(unit) {
		return unit.type + " (team " + unit.team + ", range " + unit.range + ", sees " + unit.sees.length + " plots)";
	}

	// One number when every team has the same see-from level (no Optics difference), else each team's.
	function seeFromText(levels) {
		if (!levels.length) return "-";
		if (levels.every(function (v) { return v === levels[0]; })) return String(levels[0]);
		return levels.map(function (v, t) { return "team " + t + ": " + v; }).join(", ");
	}

	function showInfo(x, y) {
		const p = data.plots[y * W + x];
		const units = (unitsAt.get(y * W + x) || []).map(function (i) { return unitText(data.units[i]); });
		const rows = [
			["plot", "(" + x + ", " + y + "), " + knowledge(p) + " to team " + team],
			["terrain", data.terrains[p[TERRAIN]] + " (" + KIND_NAMES[p[KIND]] + ")"],
			["feature", nameOr(data.features, p[FEATURE], "none")],
			["improvement", nameOr(data.improvements, p[IMPROVEMENT], "none")],
			["owner", p[OWNER] < 0 ? "none" : "team " + p[OWNER]],
			["city", p[CITY] ? "yes" : "no"],
			["see-through", String(p[SEE_THROUGH])],
			["see-from", seeFromText(p[SEE_FROM])],
			["units", units.length ? units : ["none"]]
		];
		let html = "<table>";
		rows.forEach(function (row) {
			const lines = Array.isArray(row[1]) ? row[1] : [row[1]];
			html += "<tr><th>" + row[0] + "</th><td>" + lines.map(esc).join("<br>") + "</td></tr>";
		});
		html += "</table><h2>Every team</h2><table><tr><th>team</th><th>count</th><th>revealed</th></tr>";
		p[COUNTS].forEach(function (count, t) {
			html += "<tr" + (t === team ? " class=\"chosen\"" : "") + "><td>" + t + "</td><td>" + count + "</td><td>"
				+ (p[REVEALED][t] ? "yes" : "no") + "</td></tr>";
		});
		document.getElementById("info").innerHTML = html + "</table>";
	}

	function plotAt(event) {
		const box = canvas.getBoundingClientRect();
		const x = Math.floor((event.clientX - box.left) * canvas.width / box.width / cell);
		const y = H - 1 - Math.floor((event.clientY - box.top) * canvas.height / box.height / cell);
		return x >= 0 && x < W && y >= 0 && y < H ? { x: x, y: y } : null;
	}

	function select(i) {
		selected = i;
		document.querySelectorAll("#units button").forEach(function (button) {
			button.classList.toggle("selected", Number(button.dataset.unit) === selected);
		});
		draw();
	}

	canvas.addEventListener("mousemove", function (event) {
		hovered = plotAt(event);
		if (hovered) showInfo(hovered.x, hovered.y);
	});
	// A click on a plot with units selects them in turn; a click elsewhere clears the selection.
	canvas.addEventListener("click", function (event) {
		const at = plotAt(event);
		const list = at ? unitsAt.get(at.y * W + at.x) || [] : [];
		const next = list.indexOf(selected) + 1;
		select(next < list.length ? list[next] : -1);
	});

	const teamSelect = document.getElementById("team");
	for (let t = 0; t < data.teams; t++) teamSelect.add(new Option(String(t), String(t), t === team, t === team));
	teamSelect.addEventListener("change", function () { team = Number(teamSelect.value); draw(); });

	const unitList = document.getElementById("units");
	data.units.forEach(function (unit, i) {
		const button = document.createElement("button");
		button.dataset.unit = i;
		button.textContent = unit.type + " at (" + unit.x + ", " + unit.y + "), team " + unit.team + ", range " + unit.range;
		button.addEventListener("click", function () { select(selected === i ? -1 : i); });
		unitList.appendChild(button);
	});
	if (!data.units.length) unitList.textContent = "none";

	document.getElementById("title").textContent = data.title || "CvVision map";
	document.getElementById("size").textContent = W + "x" + H + " plots, " + data.teams + " teams"
		+ (data.wrapX ? ", wraps east-west" : "") + (data.wrapY ? ", wraps north-south" : "");
	draw();
})();
</script>
</body>
</html>
)HTML";
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
	const std::string sTitle = kView.sTitle.empty() ? "map" : kView.sTitle;
	return PAGE_HEAD + htmlEscaped(sTitle) + PAGE_BODY + mapJson(kView, kOptions.eTeam) + PAGE_SCRIPT;
}

} // namespace cvv
