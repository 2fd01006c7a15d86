// Reading a save with the layout derived from a CvGameCoreDLL tree (formats/SaveLayout.h): the
// tree's read() functions run over the set-up block and the game data into records, which
// SaveRecords.cpp maps to the world; the type counts they need come from the --assets XML, else
// are BTS 3.19's, else are found by reading the save.
#include "formats/SaveReaderImpl.h"
#include "formats/TaggedLayout.h"

#include <fstream>
#include <map>

namespace cvv {

namespace fs = std::filesystem;
using namespace savereader;

namespace {

// The cursor as the layout's stream: every read is bounds-checked, and a failure names the code
// being followed.
class CursorStream : public LayoutStream
{
public:
	CursorStream(Cursor& k, const std::string& sSection) : m_k(k), m_sSection(sSection) {}
	const unsigned char* take(size_t iBytes, const std::string& sWhat) override
	{
		if (iBytes > m_k.left())
		{
			name();
			m_k.need(iBytes, sWhat.c_str());
		}
		const unsigned char* p = m_k.data() + m_k.pos();
		m_k.skip(iBytes, sWhat.c_str());
		return p;
	}
	size_t left() const override { return m_k.left(); }
	void setWhere(const LayoutWhere* pWhere) override { m_pWhere = pWhere; }
	[[noreturn]] void fail(const std::string& sWhat) override
	{
		name();
		m_k.modded(sWhat);
	}

private:
	void name() { m_k.setSection(m_sSection + (m_pWhere ? ", " + m_pWhere->where() : std::string())); }

	Cursor& m_k;
	std::string m_sSection;
	const LayoutWhere* m_pWhere = nullptr;
};
std::string lower(std::string s)
{
	for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
	return s;
}

// kFolder/sRelative with each part matched case-insensitively, as on Windows; empty if absent.
fs::path findCaseless(const fs::path& kFolder, const std::string& sRelative)
{
	fs::path kAt = kFolder;
	std::istringstream k(sRelative);
	std::string sPart;
	std::error_code kError;
	while (std::getline(k, sPart, '/'))
	{
		bool bFound = false;
		if (!fs::is_directory(kAt, kError)) return fs::path();
		for (const auto& kEntry : fs::directory_iterator(kAt, kError))
			if (lower(kEntry.path().filename().string()) == lower(sPart))
			{
				kAt = kEntry.path();
				bFound = true;
				break;
			}
		if (!bFound) return fs::path();
	}
	return kAt;
}

// The number of <sElement> entries of an info file.
int countElements(const fs::path& kFile, const std::string& sElement)
{
	std::ifstream kIn(kFile, std::ios::binary);
	std::ostringstream o;
	o << kIn.rdbuf();
	const std::string s = o.str();
	int iCount = 0;
	for (size_t i = s.find("<" + sElement); i != std::string::npos; i = s.find("<" + sElement, i + 1))
	{
		const char c = i + 1 + sElement.size() < s.size() ? s[i + 1 + sElement.size()] : 0;
		if (c == '>' || c == ' ' || c == '\t' || c == '\r' || c == '\n') ++iCount;
	}
	return iCount;
}

// The set-up block and the inflated game data read by the tree's read() functions.
void readWithLayout(Cursor& kBlock, Cursor& k, const SaveLayout& kLayout, const LayoutCounts& fCounts, SaveGame& kSave)
{
	RecordCounts n;
	n.iPlayers = int(kLayout.constant("MAX_PLAYERS"));
	n.iTeams = int(kLayout.constant("MAX_TEAMS"));
	if (n.iPlayers <= 0 || n.iPlayers > 1024 || n.iTeams <= 0 || n.iTeams > 1024)
		throw LayoutError(kLayout.tree().string() + ": MAX_PLAYERS " + std::to_string(n.iPlayers) + ", MAX_TEAMS "
			+ std::to_string(n.iTeams) + ": not a game's slot counts");

	// the type counts are asked for as the reads need them (the first the read of the map)
	RecordMapper<LayoutRecord> kWorld(k, n, kSave);
	// a tagged save wrapper's state (formats/TaggedLayout.h), kept from one object's read to the next
	TaggedLayoutState kTagged;
	LayoutGlobals kInitGlobals;
	kInitGlobals.pTagged = &kTagged;
	// the set-up block: CvInitCore::read, which must take the block exactly
	LayoutRecord kInit;
	{
		CursorStream kStream(kBlock, "header: game set-up block");
		kLayout.read(kLayoutRoots[kRootInit], kStream, fCounts, kInit, kInitGlobals);
		if (kBlock.left() != 0)
			kBlock.modded(std::string(kLayoutRoots[kRootInit]) + "::read of " + kLayout.tree().string() + " leaves "
				+ std::to_string(kBlock.left()) + " bytes of the set-up block unread");
		playerTeams(kBlock, kInit, n.iPlayers, n.iTeams);
		kWorld.init(kInit);
	}

	LayoutRecord kGame, kMap;
	{
		CursorStream kStream(k, "inflated game data: game");
		kLayout.read(
			kLayoutRoots[kRootGame], kStream, fCounts, kGame, LayoutGlobals{ nullptr, nullptr, &kInit, &kTagged });
	}
	{
		CursorStream kStream(k, "inflated game data: map");
		kLayout.read(
			kLayoutRoots[kRootMap], kStream, fCounts, kMap, LayoutGlobals{ &kGame, nullptr, &kInit, &kTagged });
	}
	n.iInvisible = fCounts("getNumInvisibleInfos");
	kWorld.map(kMap);

	const LayoutGlobals kGlobals{ &kGame, &kMap, &kInit, &kTagged };
	n.iTechs = fCounts("getNumTechInfos");
	for (int t = 0; t < n.iTeams; ++t)
	{
		LayoutRecord kTeam;
		CursorStream kStream(k, "inflated game data: team " + std::to_string(t));
		kLayout.read(kLayoutRoots[kRootTeam], kStream, fCounts, kTeam, kGlobals);
		kWorld.team(t, kTeam);
	}
	n.iUnitTypes = fCounts("getNumUnitInfos");
	n.iPromotions = fCounts("getNumPromotionInfos");
	for (int p = 0; p < n.iPlayers; ++p)
	{
		LayoutRecord kPlayer;
		CursorStream kStream(k, "inflated game data: player " + std::to_string(p));
		kLayout.read(kLayoutRoots[kRootPlayer], kStream, fCounts, kPlayer, kGlobals);
		kWorld.player(p, kPlayer);
	}
	kWorld.finish();
}

} // namespace

// An integer define of the XML (GlobalDefinesAlt.xml over GlobalDefines.xml, each from the first
// folder that has it), or BTS's; -1 if neither has it.
int layoutDefine(const std::vector<fs::path>& aAssets, const std::string& sName)
{
	for (const char* szFile : { "XML/GlobalDefinesAlt.xml", "XML/GlobalDefines.xml" })
		for (const fs::path& kFolder : aAssets)
		{
			const fs::path kFound = findCaseless(kFolder, szFile);
			if (kFound.empty()) continue;
			std::ifstream kIn(kFound, std::ios::binary);
			std::ostringstream o;
			o << kIn.rdbuf();
			const std::string s = o.str();
			const size_t i = s.find("<DefineName>" + sName + "</DefineName>");
			if (i != std::string::npos)
			{
				const size_t j = s.find("<iDefineIntVal>", i);
				const size_t iNext = s.find("<DefineName>", i + 1);
				if (j != std::string::npos && (iNext == std::string::npos || j < iNext))
					return std::atoi(s.c_str() + j + 15);
			}
			break; // this file is the one the game reads
		}
	return btsDefine(sName);
}

int saveLayoutCount(const SaveLayout& kLayout, const std::vector<fs::path>& aAssets, const std::string& sAccessor)
{
	if (sAccessor.compare(0, 13, "getDefineINT:") == 0)
	{
		const int iValue = layoutDefine(aAssets, sAccessor.substr(13));
		if (iValue < 0)
			throw SaveError(
				"the define " + sAccessor.substr(13) + " is in no GlobalDefines file of the --assets folders");
		return iValue;
	}
	const auto [sFile, sElement] = kLayout.infoFile(sAccessor);
	if (!sFile.empty())
		for (const fs::path& kFolder : aAssets)
		{
			const fs::path kFound = findCaseless(kFolder, "XML/" + sFile);
			if (!kFound.empty()) return countElements(kFound, sElement);
		}
	const int iVanilla = btsCount(sAccessor);
	if (iVanilla < 0)
		throw SaveError("GC." + sAccessor + "(): "
			+ (sFile.empty() ? std::string("the tree loads no XML file for it") : "no --assets folder has XML/" + sFile)
			+ ", and BTS 3.19's count is not known here");
	return iVanilla;
}

namespace {

// One read of a save's set-up block and game data with a derived layout. A type count comes from
// kOverride, else from the --assets folders' XML, else it is BTS 3.19's: those are listed in
// aFallback (accessor, count), in the order the read asked for them.
SaveGame readLayoutOnce(const SaveGame& kHeader, const SaveLayout& kLayout, const std::vector<fs::path>& aAssets,
	const LayoutInput& kIn, const std::map<std::string, int>& kOverride,
	std::vector<std::pair<std::string, int>>& aFallback, size_t* pReached = nullptr)
{
	SaveGame kSave = kHeader;
	kSave.sLayoutTree = kLayout.tree().string();
	const std::string sPrefix = "not a save of the layout of " + kSave.sLayoutTree + ": ";
	Cursor kBlock(kIn.pSetUp, kIn.iSetUpSize, kSave.sPath, kIn.iSetUpStart);
	kBlock.setSection("header: game set-up block");
	kBlock.setModdedPrefix(sPrefix);
	Cursor k(kIn.aData.data(), kIn.aData.size(), kSave.sPath);
	k.setModdedNote(" (or the compressed data is damaged)");
	k.setModdedPrefix(sPrefix);
	std::map<std::string, int> kCache(kOverride);
	const LayoutCounts fCounts = [&](const std::string& sAccessor) {
		auto it = kCache.find(sAccessor);
		if (it == kCache.end())
		{
			it = kCache.emplace(sAccessor, saveLayoutCount(kLayout, aAssets, sAccessor)).first;
			const std::string sFile = kLayout.infoFile(sAccessor).first;
			bool bXml = false;
			for (const fs::path& kFolder : aAssets)
				bXml = bXml || (!sFile.empty() && !findCaseless(kFolder, "XML/" + sFile).empty());
			if (!bXml && sAccessor.compare(0, 6, "getNum") == 0) aFallback.emplace_back(sAccessor, it->second);
		}
		return it->second;
	};
	try
	{
		readWithLayout(kBlock, k, kLayout, fCounts, kSave);
	}
	catch (const SaveError&)
	{
		if (pReached) *pReached = k.pos();
		throw;
	}
	return kSave;
}

// How far from BTS 3.19's a count is looked for when the save does not read with it, and how
// much game data the tries may read in all (so many times the data's size): a save of other
// rules is refused after a few reads' time, not after every try.
const int kCountSearch = 8;
const size_t kCountSearchReads = 4;

// The save read with one of the counts that were BTS 3.19's (no --assets XML for them) changed:
// the nearest change first (BTS's plus or minus 1, for each count in the order the read asked for
// them, then 2, ...), up to kCountSearch. A save of rules with one type more or less than BTS's
// (a building added or removed) reads so as the built-in layout reads it, which finds its number
// of buildings in the save. Returns false if no single change reads the whole save within
// kCountSearchReads times the data.
bool readWithCountFound(const SaveGame& kHeader, const SaveLayout& kLayout, const std::vector<fs::path>& aAssets,
	const LayoutInput& kIn, const std::vector<std::pair<std::string, int>>& aFallback, SaveGame& kOut)
{
	size_t iRead = 0;
	for (int iDelta = 1; iDelta <= kCountSearch && iRead <= kCountSearchReads * kIn.aData.size(); ++iDelta)
		for (const auto& [sAccessor, iBts] : aFallback)
			for (const int iCount : { iBts - iDelta, iBts + iDelta })
			{
				if (iCount < 0 || iRead > kCountSearchReads * kIn.aData.size()) continue;
				std::vector<std::pair<std::string, int>> aIgnored;
				size_t iReached = 0;
				try
				{
					kOut =
						readLayoutOnce(kHeader, kLayout, aAssets, kIn, { { sAccessor, iCount } }, aIgnored, &iReached);
				}
				catch (const SaveError&)
				{
					iRead += iReached;
					continue;
				}
				kOut.asCountsFound.push_back(sAccessor + "() = " + std::to_string(iCount)
					+ " (BTS 3.19: " + std::to_string(iBts) + "; found by reading the save, no --assets XML has it)");
				return true;
			}
	return false;
}

} // namespace

SaveGame savereader::readDataWithLayout(const SaveGame& kHeader, const SaveLayout& kLayout,
	const std::vector<fs::path>& aAssets, const LayoutInput& kIn, bool bFindCounts)
{
	std::vector<std::pair<std::string, int>> aFallback;
	try
	{
		return readLayoutOnce(kHeader, kLayout, aAssets, kIn, {}, aFallback);
	}
	catch (const SaveError& kError)
	{
		if (aFallback.empty()) throw;
		SaveGame kFound;
		if (bFindCounts && readWithCountFound(kHeader, kLayout, aAssets, kIn, aFallback, kFound)) return kFound;
		std::string sNote;
		for (const auto& [sAccessor, iCount] : aFallback)
			sNote += (sNote.empty() ? "" : ", ") + sAccessor + "() = " + std::to_string(iCount);
		// a save of other rules reads otherwise: say which counts were not the mod's
		throw SaveError(std::string(kError.what())
			+ "; these type counts are BTS 3.19's, no --assets folder has their XML: " + sNote
			+ (bFindCounts
					? " (nor does changing one of them by up to " + std::to_string(kCountSearch) + " read the save)"
					: std::string()));
	}
}

} // namespace cvv
