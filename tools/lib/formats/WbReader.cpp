// See WbReader.h.
#include "formats/WbReader.h"

#include "model/VisionWorld.h"
#include "support/Numbers.h"

#include <algorithm>
#include <climits>
#include <fstream>
#include <sstream>

namespace cvv {

namespace fs = std::filesystem;

namespace {
std::string trim(const std::string& sText)
{
	const size_t iBegin = sText.find_first_not_of(" \t\r\n");
	const size_t iEnd = sText.find_last_not_of(" \t\r\n");
	return iBegin == std::string::npos ? std::string() : sText.substr(iBegin, iEnd - iBegin + 1);
}

struct Token
{
	std::string sKey;
	std::string sValue;
	bool bFlag; // no '='
};

std::vector<Token> tokens(const std::string& sLine)
{
	std::vector<Token> aTokens;
	std::stringstream kStream(sLine);
	std::string sPart;
	while (std::getline(kStream, sPart, ','))
	{
		const size_t iEquals = sPart.find('=');
		if (iEquals == std::string::npos)
		{
			aTokens.push_back({ trim(sPart), "", true });
		}
		else
		{
			aTokens.push_back({ trim(sPart.substr(0, iEquals)), trim(sPart.substr(iEquals + 1)), false });
		}
	}
	return aTokens;
}

class Reader
{
public:
	Reader(const fs::path& kPath, WbProgress fProgress) : m_kPath(kPath), m_fProgress(fProgress)
	{
		std::error_code kError;
		if (fs::is_directory(kPath, kError))
		{
			throw WbError(kPath.string() + ": is a directory, not a WorldBuilder map");
		}
		std::ifstream kIn(kPath, std::ios::binary);
		if (!kIn)
		{
			throw WbError(kPath.string() + ": cannot open the file");
		}
		// The whole text once, and where each line starts: memory a small multiple of the
		// file's size, and reading stops at the limits (an endless stream, /dev/zero).
		m_aiLineStarts.push_back(0);
		char acBuffer[65536];
		size_t iLineStart = 0;
		while (kIn.read(acBuffer, sizeof(acBuffer)) || kIn.gcount() > 0)
		{
			const size_t iRead = static_cast<size_t>(kIn.gcount());
			if (m_sText.size() + iRead > WB_MAX_FILE_BYTES)
			{
				throw WbError(kPath.string() + ": the file is larger than a WorldBuilder map can be (at most "
					+ std::to_string(WB_MAX_FILE_BYTES >> 20) + " MB)");
			}
			const size_t iBase = m_sText.size();
			m_sText.append(acBuffer, iRead);
			for (size_t i = 0; i < iRead; ++i)
			{
				if (acBuffer[i] == '\n')
				{
					if (iBase + i - iLineStart > WB_MAX_LINE_BYTES)
					{
						tooLong(m_aiLineStarts.size());
					}
					iLineStart = iBase + i + 1;
					m_aiLineStarts.push_back(iLineStart);
				}
			}
			if (m_sText.size() - iLineStart > WB_MAX_LINE_BYTES)
			{
				tooLong(m_aiLineStarts.size());
			}
			if (m_fProgress && (m_sText.size() >> 22) != ((m_sText.size() - iRead) >> 22))
			{
				m_fProgress("reading bytes", static_cast<long>(m_sText.size()), -1);
			}
		}
		if (kIn.bad())
		{
			throw WbError(kPath.string() + ": cannot read the file");
		}
		if (m_aiLineStarts.back() == m_sText.size())
		{
			m_aiLineStarts.pop_back(); // the text ends with a newline: no line after it
		}
		m_iNumLines = static_cast<int>(m_aiLineStarts.size());
		m_kMap.sPath = kPath.string();
	}

	WbMap read()
	{
		for (m_iLine = 0; m_iLine < m_iNumLines; ++m_iLine)
		{
			const std::string sLine = trim(line(m_iLine));
			if (m_fProgress && m_iLine % 20000 == 0)
			{
				m_fProgress("reading", m_iLine, static_cast<long>(m_iNumLines));
			}
			if (sLine == "BeginTeam")
				readTeam();
			else if (sLine == "BeginPlayer")
				readPlayer();
			else if (sLine == "BeginMap")
				readMapBlock();
			else if (sLine == "BeginPlot")
				readPlot();
			else if (sLine.compare(0, 5, "Begin") == 0)
				skipBlock(sLine.substr(5));
		}
		if (m_kMap.iWidth <= 0 || m_kMap.iHeight <= 0)
		{
			fail(m_iNumLines, "no BeginMap block with a grid width and height");
		}
		checkIndices();
		checkDeclaredSize();
		return std::move(m_kMap);
	}

private:
	// A map holds one BeginPlot block per plot, at least "BeginPlot\nx=0,y=0\nEndPlot\n":
	// a file too small for the size it declares is refused before anything is allocated for
	// it, so memory stays proportional to the file (a map may still leave some plots out).
	static constexpr long WB_MIN_PLOT_BLOCK_BYTES = 24;

	void checkDeclaredSize() const
	{
		const long lPlots = static_cast<long>(m_kMap.iWidth) * m_kMap.iHeight;
		const long lBytes = static_cast<long>(m_sText.size());
		if (lPlots > lBytes / WB_MIN_PLOT_BLOCK_BYTES)
		{
			throw WbError(m_kPath.string() + ": the map declares " + std::to_string(m_kMap.iWidth) + "x"
				+ std::to_string(m_kMap.iHeight) + " = " + std::to_string(lPlots) + " plots, more than its "
				+ std::to_string(lBytes) + " bytes can hold (a WorldBuilder map has one BeginPlot block, at least "
				+ std::to_string(WB_MIN_PLOT_BLOCK_BYTES) + " bytes, per plot)");
		}
	}

	// Limits: the largest real maps are a few MB (EuroWorld, 120x72: 0.7 MB; a map of the
	// maximum size with every plot written stays under 256 MB); lines are short.
	static constexpr size_t WB_MAX_FILE_BYTES = size_t(256) << 20;
	static constexpr size_t WB_MAX_LINE_BYTES = size_t(64) << 10;

	[[noreturn]] void tooLong(size_t iLine) const
	{
		throw WbError(m_kPath.string() + ":" + std::to_string(iLine) + ": the line is longer than "
			+ std::to_string(WB_MAX_LINE_BYTES >> 10) + " KB (not a WorldBuilder map)");
	}

	std::string line(int iLine) const
	{
		const size_t iStart = m_aiLineStarts[iLine];
		const size_t iEnd = iLine + 1 < m_iNumLines ? m_aiLineStarts[iLine + 1] : m_sText.size();
		return m_sText.substr(iStart, iEnd - iStart);
	}

	// Every index the file gives is one of the file's: a player's team, a team's master, the
	// teams of a plot's TeamReveal (unit and city owners: buildWorld, which may skip them).
	void checkIndices() const
	{
		const int iTeams = m_kMap.numTeams();
		const std::string sTeams = " (the file has " + std::to_string(m_kMap.aTeams.size()) + " teams, 0.."
			+ std::to_string(iTeams - 2) + "; the barbarians are " + std::to_string(iTeams - 1) + ")";
		for (const WbPlayer& kPlayer : m_kMap.aPlayers)
		{
			if (kPlayer.eTeam < 0 || kPlayer.eTeam >= iTeams)
			{
				fail(kPlayer.iLine,
					"BeginPlayer: Team=" + std::to_string(kPlayer.eTeam) + " is not a team of the file" + sTeams);
			}
		}
		for (const WbTeam& kTeam : m_kMap.aTeams)
		{
			if (kTeam.eVassalOf < -1 || kTeam.eVassalOf >= iTeams)
			{
				fail(kTeam.iLine,
					"BeginTeam: VassalOfTeam=" + std::to_string(kTeam.eVassalOf) + " is not a team of the file"
						+ sTeams);
			}
		}
		for (const std::vector<WbPlot>* pPlots : { &m_kMap.aPlots, &m_kMap.aOutsidePlots })
		{
			for (const WbPlot& kPlot : *pPlots)
			{
				for (const int eTeam : kPlot.aiTeamReveal)
				{
					if (eTeam < 0 || eTeam >= iTeams)
					{
						fail(kPlot.iLine,
							"BeginPlot: TeamReveal " + std::to_string(eTeam) + " is not a team of the file" + sTeams);
					}
				}
			}
		}
	}

	[[noreturn]] void fail(int iLine, const std::string& sWhat) const
	{
		throw WbError(m_kPath.string() + ":" + std::to_string(iLine) + ": " + sWhat);
	}

	// Any 32-bit whole number (what each one may be is checked where it is used).
	int number(const Token& kToken) const
	{
		int iValue = 0;
		const NumberRead eRead = readWholeNumber(kToken.sValue, INT_MIN, INT_MAX, iValue);
		if (eRead == NumberRead::NotANumber)
		{
			fail(m_iLine + 1, kToken.sKey + "='" + kToken.sValue + "' is not a whole number");
		}
		if (eRead != NumberRead::Ok)
		{
			fail(m_iLine + 1, kToken.sKey + "=" + kToken.sValue + " is out of range (a 32-bit whole number)");
		}
		return iValue;
	}

	// Calls fLine(tokens) for each line of the block opened on the current line, up to its
	// End line; nested blocks are handed to fNested(name) with the current line on their Begin.
	template <class Line, class Nested>
	void forBlock(const std::string& sName, Line fLine, Nested fNested)
	{
		const int iOpened = m_iLine + 1;
		for (++m_iLine; m_iLine < m_iNumLines; ++m_iLine)
		{
			const std::string sLine = trim(line(m_iLine));
			if (sLine == "End" + sName)
			{
				return;
			}
			if (sLine.compare(0, 5, "Begin") == 0)
			{
				fNested(sLine.substr(5));
				continue;
			}
			fLine(tokens(sLine), sLine);
		}
		fail(
			m_iNumLines, "the file ends inside the Begin" + sName + " block opened on line " + std::to_string(iOpened));
	}

	template <class Line>
	void forBlock(const std::string& sName, Line fLine)
	{
		forBlock(sName, fLine, [this](const std::string& sNested) { skipBlock(sNested); });
	}

	void skipBlock(const std::string& sName)
	{
		forBlock(sName, [](const std::vector<Token>&, const std::string&) {});
	}

	void readTeam()
	{
		WbTeam kTeam;
		kTeam.iLine = m_iLine + 1;
		forBlock("Team", [&](const std::vector<Token>& aTokens, const std::string&) {
			for (const Token& k : aTokens)
			{
				if (k.sKey == "Tech")
					kTeam.asTechs.push_back(k.sValue);
				else if (k.sKey == "VassalOfTeam")
					kTeam.eVassalOf = number(k);
				else if (k.sKey == "RevealMap")
					kTeam.bRevealMap = number(k) != 0;
			}
		});
		m_kMap.aTeams.push_back(kTeam);
	}

	void readPlayer()
	{
		WbPlayer kPlayer;
		kPlayer.iLine = m_iLine + 1;
		forBlock("Player", [&](const std::vector<Token>& aTokens, const std::string&) {
			for (const Token& k : aTokens)
			{
				if (k.sKey == "Team")
					kPlayer.eTeam = number(k);
				else if (k.sKey == "LeaderType")
					kPlayer.bLive = k.sValue != "NONE";
			}
		});
		m_kMap.aPlayers.push_back(kPlayer);
	}

	void readMapBlock()
	{
		if (m_iMapLine > 0)
		{
			// The plots read so far were placed by the first block's size.
			fail(m_iLine + 1, "a second BeginMap block (the first is on line " + std::to_string(m_iMapLine) + ")");
		}
		m_iMapLine = m_iLine + 1;
		forBlock("Map", [&](const std::vector<Token>& aTokens, const std::string&) {
			for (const Token& k : aTokens)
			{
				if (k.sKey == "grid width")
					m_kMap.iWidth = number(k);
				else if (k.sKey == "grid height")
					m_kMap.iHeight = number(k);
				else if (k.sKey == "wrap X")
					m_kMap.bWrapX = number(k) != 0;
				else if (k.sKey == "wrap Y")
					m_kMap.bWrapY = number(k) != 0;
			}
		});
		if (m_kMap.iWidth <= 0 || m_kMap.iHeight <= 0)
		{
			fail(m_iLine + 1,
				"the map's grid width and height must be at least 1, not " + std::to_string(m_kMap.iWidth) + "x"
					+ std::to_string(m_kMap.iHeight));
		}
		if (!cvVisionMapSizeOk(m_kMap.iWidth, m_kMap.iHeight))
		{
			fail(m_iLine + 1, VisionWorld::sizeProblem(m_kMap.iWidth, m_kMap.iHeight, 1, 0));
		}
		// room for the plots, as many as the file can hold (memory stays proportional to it)
		const long lRoom = std::min(static_cast<long>(m_kMap.iWidth) * m_kMap.iHeight,
			static_cast<long>(m_sText.size()) / WB_MIN_PLOT_BLOCK_BYTES);
		m_kMap.aPlots.reserve(static_cast<size_t>(lRoom));
	}

	void readUnit(WbPlot& kPlot)
	{
		WbUnit kUnit;
		kUnit.iLine = m_iLine + 1;
		forBlock("Unit", [&](const std::vector<Token>& aTokens, const std::string&) {
			for (const Token& k : aTokens)
			{
				if (k.sKey == "UnitType")
					kUnit.sType = k.sValue;
				else if (k.sKey == "UnitOwner")
					kUnit.ePlayer = number(k);
				else if (k.sKey == "PromotionType")
					kUnit.asPromotions.push_back(k.sValue);
				else if (k.sKey == "FacingDirection")
					kUnit.eFacing = number(k);
			}
		});
		if (kUnit.sType.empty())
		{
			fail(kUnit.iLine, "a unit without a UnitType");
		}
		kPlot.aUnits.push_back(kUnit);
	}

	void readCity(WbPlot& kPlot)
	{
		forBlock("City", [&](const std::vector<Token>& aTokens, const std::string&) {
			for (const Token& k : aTokens)
			{
				if (k.sKey == "CityOwner") kPlot.eCityOwner = number(k);
			}
		});
	}

	void readPlot()
	{
		WbPlot kPlot;
		kPlot.iLine = m_iLine + 1;
		forBlock(
			"Plot",
			[&](const std::vector<Token>& aTokens, const std::string& sLine) {
				if (sLine.compare(0, 11, "TeamReveal=") == 0)
				{
					for (const Token& k : tokens(sLine.substr(11)))
					{
						if (!k.sKey.empty())
						{
							kPlot.aiTeamReveal.push_back(number({ "TeamReveal", k.sKey, false }));
						}
					}
					return;
				}
				for (const Token& k : aTokens)
				{
					if (k.sKey == "x")
						kPlot.iX = number(k);
					else if (k.sKey == "y")
						kPlot.iY = number(k);
					else if (k.sKey == "PlotType")
						kPlot.ePlotType = number(k);
					else if (k.sKey == "TerrainType")
						kPlot.sTerrain = k.sValue;
					else if (k.sKey == "FeatureType")
						kPlot.sFeature = k.sValue;
					else if (k.sKey == "ImprovementType")
						kPlot.sImprovement = k.sValue;
					else if (k.sKey == "RouteType")
						kPlot.sRoute = k.sValue;
				}
			},
			[&](const std::string& sNested) {
				if (sNested == "Unit")
					readUnit(kPlot);
				else if (sNested == "City")
					readCity(kPlot);
				else
					skipBlock(sNested);
			});
		const bool bOutside = kPlot.iX < 0 || kPlot.iY < 0 || kPlot.iX >= m_kMap.iWidth || kPlot.iY >= m_kMap.iHeight;
		if (bOutside && (m_kMap.iWidth == 0 || m_kMap.iHeight == 0))
		{
			fail(kPlot.iLine,
				"plot (" + std::to_string(kPlot.iX) + "," + std::to_string(kPlot.iY) + ") is outside the "
					+ std::to_string(m_kMap.iWidth) + "x" + std::to_string(m_kMap.iHeight)
					+ " map (no BeginMap before the plots)");
		}
		if (kPlot.ePlotType < 0 || kPlot.ePlotType > 3)
		{
			fail(kPlot.iLine,
				"PlotType=" + std::to_string(kPlot.ePlotType) + " must be 0 (peak), 1 (hills), 2 (flat) or 3 (water)");
		}
		// A plot outside the declared size (a real map has 210 plots for a 170-plot header) is
		// kept aside: buildWorld refuses it, or with --lenient skips it with a warning.
		(bOutside ? m_kMap.aOutsidePlots : m_kMap.aPlots).push_back(std::move(kPlot));
	}

	fs::path m_kPath;
	WbProgress m_fProgress;
	std::string m_sText;
	std::vector<size_t> m_aiLineStarts;
	int m_iNumLines = 0;
	int m_iLine = 0;
	int m_iMapLine = 0; // the BeginMap block's line, once read
	WbMap m_kMap;
};
}

int WbMap::teamOfPlayer(int ePlayer) const
{
	if (ePlayer >= 0 && ePlayer < static_cast<int>(aPlayers.size()))
	{
		return aPlayers[ePlayer].eTeam;
	}
	return ePlayer == static_cast<int>(aPlayers.size()) ? barbarianTeam() : -1;
}

WbMap readWorldBuilder(const fs::path& kPath, WbProgress fProgress) { return Reader(kPath, fProgress).read(); }

} // namespace cvv
