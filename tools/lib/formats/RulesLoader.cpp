// See RulesLoader.h.
#include "formats/RulesLoader.h"
#include "support/DataDir.h"

#include "CvVisionTables.h"

#include <tinyxml2.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <functional>
#include <set>
#include <fstream>
#include <iterator>
#include <limits>
#include <sstream>

namespace cvv {

namespace fs = std::filesystem;
using tinyxml2::XMLDocument;
using tinyxml2::XMLElement;

namespace {
const char* const VISION_DEFINES[] = {
	"PLOT_VISIBILITY_RANGE",
	"UNIT_VISIBILITY_RANGE",
	"RECON_VISIBILITY_RANGE",
	"PEAK_SEE_FROM_CHANGE",
	"PEAK_SEE_THROUGH_CHANGE",
	"HILLS_SEE_FROM_CHANGE",
	"HILLS_SEE_THROUGH_CHANGE",
	"SEAWATER_SEE_FROM_CHANGE",
	"SEAWATER_SEE_THROUGH_CHANGE",
};

// One parsed XML file, for messages that name the file and the line.
struct Source
{
	fs::path kPath;
	XMLDocument kDoc;

	[[noreturn]] void fail(const XMLElement* pAt, const std::string& sWhat) const
	{
		std::ostringstream kOut;
		kOut << kPath.string() << ":" << (pAt ? pAt->GetLineNum() : 0) << ": " << sWhat;
		throw RulesError(kOut.str());
	}
};

fs::path xmlFolderOf(const fs::path& kFolder);

// What TinyXML2's error means, in words (its own text is "Error=XML_ERROR_PARSING ErrorID=15 ...").
std::string xmlProblem(tinyxml2::XMLError eError)
{
	switch (eError)
	{
	case tinyxml2::XML_ERROR_FILE_NOT_FOUND:
	case tinyxml2::XML_ERROR_FILE_COULD_NOT_BE_OPENED: return "cannot open the file";
	case tinyxml2::XML_ERROR_FILE_READ_ERROR: return "cannot read the file";
	case tinyxml2::XML_ERROR_PARSING_ELEMENT: return "an element's tag is not well formed";
	case tinyxml2::XML_ERROR_PARSING_ATTRIBUTE: return "an attribute is not well formed";
	case tinyxml2::XML_ERROR_PARSING_TEXT: return "text is not well formed";
	case tinyxml2::XML_ERROR_PARSING_CDATA: return "a CDATA section is not well formed";
	case tinyxml2::XML_ERROR_PARSING_COMMENT: return "a comment is not closed";
	case tinyxml2::XML_ERROR_PARSING_DECLARATION: return "the <?xml ...?> declaration is not well formed";
	case tinyxml2::XML_ERROR_PARSING_UNKNOWN: return "a <! ...> construct is not well formed";
	case tinyxml2::XML_ERROR_EMPTY_DOCUMENT: return "the file has no XML in it";
	case tinyxml2::XML_ERROR_MISMATCHED_ELEMENT: return "an end tag does not match its start tag";
	default: return "not well-formed XML";
	}
}

// A file that is UTF-16 (a byte order mark, or NUL bytes among the first ones): TinyXML2 reads
// UTF-8 only, and says only "XML_ERROR_PARSING".
bool looksUtf16(const fs::path& kPath)
{
	std::ifstream kIn(kPath, std::ios::binary);
	char ac[64] = {};
	kIn.read(ac, sizeof(ac));
	const std::streamsize iRead = kIn.gcount();
	if (iRead >= 2 && ((ac[0] == '\xFF' && ac[1] == '\xFE') || (ac[0] == '\xFE' && ac[1] == '\xFF')))
	{
		return true;
	}
	return std::find(ac, ac + iRead, '\0') != ac + iRead;
}

void parse(Source& kSource, LoadedRules& kOut)
{
	const tinyxml2::XMLError eError = kSource.kDoc.LoadFile(kSource.kPath.string().c_str());
	if (eError != tinyxml2::XML_SUCCESS)
	{
		std::ostringstream kMsg;
		kMsg << kSource.kPath.string() << ":" << kSource.kDoc.ErrorLineNum() << ": malformed XML: ";
		if (looksUtf16(kSource.kPath))
		{
			kMsg << "the file is UTF-16 (or has NUL bytes); Civ4 XML is read as UTF-8 or ASCII: save it as UTF-8";
		}
		else
		{
			kMsg << xmlProblem(eError);
		}
		throw RulesError(kMsg.str());
	}
	kOut.aszFilesRead.push_back(kSource.kPath.string());
	// which folder it came from: the one whose XML/ holds it
	int iFolder = -1;
	for (size_t i = 0; i < kOut.aFolders.size() && iFolder < 0; ++i)
	{
		const fs::path kXml = xmlFolderOf(kOut.aFolders[i]);
		const auto kMismatch = std::mismatch(kXml.begin(), kXml.end(), kSource.kPath.begin(), kSource.kPath.end());
		if (!kXml.empty() && kMismatch.first == kXml.end())
		{
			iFolder = static_cast<int>(i);
		}
	}
	kOut.aiFileFolders.push_back(iFolder);
}

std::string textOf(const XMLElement* pElement)
{
	const char* szText = pElement ? pElement->GetText() : nullptr;
	std::string sText = szText ? szText : "";
	const size_t iBegin = sText.find_first_not_of(" \t\r\n");
	const size_t iEnd = sText.find_last_not_of(" \t\r\n");
	return iBegin == std::string::npos ? std::string() : sText.substr(iBegin, iEnd - iBegin + 1);
}

// What an integer field may hold: a level (or a define that changes levels) any int, as in the
// game; every other field -10^9..10^9, so that the sums made of it stay within an int.
const long long MAX_FIELD = 1000000000LL;
const long long MIN_INT = std::numeric_limits<int>::min();
const long long MAX_INT = std::numeric_limits<int>::max();

// The defines that change levels: any int (a sum that leaves the int range is refused later).
bool isLevelDefine(const std::string& sName)
{
	static const char* const aszLevelDefines[] = { "PEAK_SEE_FROM_CHANGE", "PEAK_SEE_THROUGH_CHANGE",
		"HILLS_SEE_FROM_CHANGE", "HILLS_SEE_THROUGH_CHANGE", "SEAWATER_SEE_FROM_CHANGE",
		"SEAWATER_SEE_THROUGH_CHANGE" };
	return std::find(std::begin(aszLevelDefines), std::end(aszLevelDefines), sName) != std::end(aszLevelDefines);
}

// An integer child: absent reads as iDefault (the game's schema defaults); anything but a whole
// number, or one outside iMin..iMax, is an error naming the line.
int intChild(const Source& kSource, const XMLElement* pParent, const char* szName, const std::string& sWhere,
	int iDefault = 0, long long iMin = -MAX_FIELD, long long iMax = MAX_FIELD)
{
	const XMLElement* pChild = pParent->FirstChildElement(szName);
	if (!pChild)
	{
		return iDefault;
	}
	const std::string sText = textOf(pChild);
	char* szEnd = nullptr;
	errno = 0;
	const long long iValue = std::strtoll(sText.c_str(), &szEnd, 10);
	if (sText.empty() || *szEnd != '\0')
	{
		kSource.fail(pChild, sWhere + ": <" + szName + "> '" + sText + "' is not a whole number");
	}
	if (errno != 0 || iValue < iMin || iValue > iMax)
	{
		kSource.fail(pChild,
			sWhere + ": <" + szName + "> " + sText + " is out of range: CvVision reads " + std::to_string(iMin) + ".."
				+ std::to_string(iMax) + " here" + (iMax == MAX_INT ? " (an int, as the game)" : ""));
	}
	return static_cast<int>(iValue);
}

// A see-from or see-through level of an info: any int, as the game reads it.
int levelChild(const Source& kSource, const XMLElement* pParent, const char* szName, const std::string& sWhere)
{
	return intChild(kSource, pParent, szName, sWhere, 0, MIN_INT, MAX_INT);
}

// <iMovement> of a terrain or feature: absent reads as 1 (one move), negative is an error.
int movementChild(const Source& kSource, const XMLElement* pParent, const std::string& sWhere)
{
	const int iValue = intChild(kSource, pParent, "iMovement", sWhere, 1);
	if (iValue < 0 || iValue > 100)
	{
		kSource.fail(pParent->FirstChildElement("iMovement"), sWhere + ": <iMovement> must be 0..100");
	}
	return iValue;
}

bool boolChild(const Source& kSource, const XMLElement* pParent, const char* szName, const std::string& sWhere)
{
	const int iValue = intChild(kSource, pParent, szName, sWhere);
	if (iValue != 0 && iValue != 1)
	{
		kSource.fail(pParent->FirstChildElement(szName), sWhere + ": <" + szName + "> must be 0 or 1");
	}
	return iValue == 1;
}

bool sameCaseless(const std::string& a, const std::string& b)
{
	return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
		return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
	});
}

// kBase / sRelative with every name matched as Windows matches it (case-insensitively): the
// game runs on Windows and mods spell folders and files both ways (xml/, CIV4FeatureInfos.xml,
// Civ4FeatureInfos.xml). An exact spelling wins; among several caseless matches, the first by
// name. Empty when nothing matches.
fs::path findCaseless(const fs::path& kBase, const fs::path& kRelative)
{
	fs::path kAt = kBase;
	for (const fs::path& kPart : kRelative)
	{
		std::error_code kError;
		if (fs::exists(kAt / kPart, kError))
		{
			kAt /= kPart;
			continue;
		}
		std::vector<fs::path> aMatches;
		for (fs::directory_iterator it(kAt, kError), itEnd; !kError && it != itEnd; it.increment(kError))
		{
			if (sameCaseless(it->path().filename().string(), kPart.string()))
			{
				aMatches.push_back(it->path());
			}
		}
		if (aMatches.empty())
		{
			return fs::path();
		}
		std::sort(aMatches.begin(), aMatches.end());
		kAt = aMatches.front();
	}
	return kAt;
}

// The folder's XML/ (any case), or an empty path.
fs::path xmlFolderOf(const fs::path& kFolder)
{
	const fs::path kXml = findCaseless(kFolder, "XML");
	return fs::is_directory(kXml) ? kXml : fs::path();
}

// First folder whose XML/ holds sRelative (names matched case-insensitively), or an empty path.
fs::path resolve(const std::vector<fs::path>& aFolders, const std::string& sRelative)
{
	for (const fs::path& kFolder : aFolders)
	{
		const fs::path kXml = xmlFolderOf(kFolder);
		const fs::path kCandidate = kXml.empty() ? fs::path() : findCaseless(kXml, sRelative);
		if (!kCandidate.empty() && fs::is_regular_file(kCandidate))
		{
			return kCandidate;
		}
	}
	return fs::path();
}

fs::path require(const std::vector<fs::path>& aFolders, const std::string& sRelative)
{
	const fs::path kPath = resolve(aFolders, sRelative);
	if (kPath.empty())
	{
		std::string sLooked;
		for (const fs::path& kFolder : aFolders)
		{
			sLooked += "\n  " + (kFolder / "XML" / sRelative).string();
		}
		throw RulesError("missing required file XML/" + sRelative + "; looked in:" + sLooked);
	}
	return kPath;
}

void readDefines(const fs::path& kPath, LoadedRules& kOut)
{
	Source kSource;
	kSource.kPath = kPath;
	parse(kSource, kOut);
	const XMLElement* pRoot = kSource.kDoc.RootElement();
	if (!pRoot || std::string(pRoot->Name()) != "Civ4Defines")
	{
		kSource.fail(pRoot, "expected the root element <Civ4Defines>");
	}
	for (const XMLElement* pDefine = pRoot->FirstChildElement("Define"); pDefine;
		 pDefine = pDefine->NextSiblingElement("Define"))
	{
		const std::string sName = textOf(pDefine->FirstChildElement("DefineName"));
		if (sName.empty())
		{
			kSource.fail(pDefine, "<Define> without a <DefineName>");
		}
		if (pDefine->FirstChildElement("iDefineIntVal"))
		{
			kOut.kDefines[sName] = isLevelDefine(sName)
				? intChild(kSource, pDefine, "iDefineIntVal", "define " + sName, 0, MIN_INT, MAX_INT)
				: intChild(kSource, pDefine, "iDefineIntVal", "define " + sName);
			kOut.kDefineOrigins[sName] = kPath.string() + ":" + std::to_string(pDefine->GetLineNum());
		}
		else if (sName.compare(0, 9, "CVVISION_") == 0)
		{
			kSource.fail(pDefine, "define " + sName + ": a CvVision knob needs an <iDefineIntVal>");
		}
	}
}

// Every *_GlobalDefines.xml under each folder's XML/, lowest priority folder first, so that
// the mod's modules override the others.
std::vector<fs::path> modularDefines(const std::vector<fs::path>& aFolders)
{
	std::vector<fs::path> aFiles;
	for (auto it = aFolders.rbegin(); it != aFolders.rend(); ++it)
	{
		const fs::path kXml = xmlFolderOf(*it);
		if (kXml.empty())
		{
			continue;
		}
		std::vector<fs::path> aHere;
		for (const auto& kEntry : fs::recursive_directory_iterator(kXml))
		{
			const std::string sName = kEntry.path().filename().string();
			const std::string sSuffix = "_GlobalDefines.xml";
			if (kEntry.is_regular_file() && sName.size() > sSuffix.size()
				&& sameCaseless(sName.substr(sName.size() - sSuffix.size()), sSuffix))
			{
				aHere.push_back(kEntry.path());
			}
		}
		std::sort(aHere.begin(), aHere.end());
		aFiles.insert(aFiles.end(), aHere.begin(), aHere.end());
	}
	return aFiles;
}

// The first folder's kRelative (below the Assets folder itself, names matched as on Windows), or
// an empty path.
fs::path resolveInAssets(const std::vector<fs::path>& aFolders, const std::string& sRelative)
{
	for (const fs::path& kFolder : aFolders)
	{
		const fs::path kCandidate = findCaseless(kFolder, sRelative);
		if (!kCandidate.empty() && fs::is_regular_file(kCandidate))
		{
			return kCandidate;
		}
	}
	return fs::path();
}

std::string lookedIn(const std::vector<fs::path>& aFolders, const std::string& sRelative)
{
	std::string sLooked;
	for (const fs::path& kFolder : aFolders)
	{
		sLooked += "\n  " + (kFolder / sRelative).string();
	}
	return sLooked;
}

// The GlobalDefines files the loads read by name, in their order (XML/GlobalDefines.xml must be
// there; another one no folder has is a warning with a tree's loads, and nothing with BTS's: the
// bundled vanilla XML has neither GlobalDefinesAlt.xml nor PythonCallbackDefines.xml), then every
// modular *_GlobalDefines.xml not read yet.
void readLoadsDefines(const std::vector<fs::path>& aFolders, const TreeXmlLoads& kTree, LoadedRules& kOut)
{
	std::vector<fs::path> aRead;
	for (const TreeDefinesLoad& kLoad : kTree.aDefines)
	{
		const fs::path kPath = resolveInAssets(aFolders, kLoad.sFile);
		if (kPath.empty())
		{
			if (sameCaseless(kLoad.sFile, "XML/GlobalDefines.xml"))
			{
				throw RulesError(
					"missing required file " + kLoad.sFile + "; looked in:" + lookedIn(aFolders, kLoad.sFile));
			}
			continue;
		}
		readDefines(kPath, kOut);
		aRead.push_back(kPath);
	}
	for (const fs::path& kModule : modularDefines(aFolders))
	{
		std::error_code kError;
		const bool bRead = std::any_of(
			aRead.begin(), aRead.end(), [&](const fs::path& kDone) { return fs::equivalent(kDone, kModule, kError); });
		if (!bRead)
		{
			readDefines(kModule, kOut);
		}
	}
}

// Calls fRead(source, element, TYPE) for each item of sElements, an element path as the game's
// LoadGlobalClassInfo takes it: "Civ4TerrainInfos/TerrainInfos/TerrainInfo" (the root, the
// elements below it, the items). sHint follows the message of an element that is not there.
template <class Read>
void readInfos(const fs::path& kPath, const std::string& sElements, LoadedRules& kOut, Read fRead,
	const std::string& sHint = std::string())
{
	std::vector<std::string> aParts;
	std::stringstream kParts(sElements);
	for (std::string sPart; std::getline(kParts, sPart, '/');)
	{
		if (!sPart.empty())
		{
			aParts.push_back(sPart);
		}
	}
	if (aParts.size() < 2)
	{
		throw RulesError(kPath.string() + ": the element path '" + sElements + "' names no items");
	}
	Source kSource;
	kSource.kPath = kPath;
	parse(kSource, kOut);
	const XMLElement* pRoot = kSource.kDoc.RootElement();
	if (!pRoot || aParts.front() != pRoot->Name())
	{
		kSource.fail(pRoot, "expected the root element <" + aParts.front() + ">" + sHint);
	}
	const XMLElement* pList = pRoot;
	for (size_t i = 1; i + 1 < aParts.size(); ++i)
	{
		const XMLElement* pNext = pList->FirstChildElement(aParts[i].c_str());
		if (!pNext)
		{
			kSource.fail(pList, "no <" + aParts[i] + "> element" + sHint);
		}
		pList = pNext;
	}
	const char* szItem = aParts.back().c_str();
	std::set<std::string> kSeen;
	for (const XMLElement* pItem = pList->FirstChildElement(szItem); pItem; pItem = pItem->NextSiblingElement(szItem))
	{
		const std::string sType = textOf(pItem->FirstChildElement("Type"));
		if (sType.empty())
		{
			kSource.fail(pItem, std::string("<") + szItem + "> without a <Type>");
		}
		if (!kSeen.insert(sType).second)
		{
			kSource.fail(pItem, std::string("<") + szItem + "> " + sType + " is defined twice");
		}
		fRead(kSource, pItem, sType);
	}
}

// The file sClass ("TerrainInfo") was read from, below its XML/ folder, for messages: the one the
// loads name if it was not read.
std::string infoFile(const LoadedRules& kOut, const std::string& sClass)
{
	const auto it = kOut.kInfoFiles.find(sClass);
	return it == kOut.kInfoFiles.end() ? sClass : it->second;
}

int invisibleIndex(const Source& kSource, const XMLElement* pAt, const LoadedRules& kOut, const std::string& sName,
	const std::string& sWhere)
{
	const int iIndex = kOut.kRules.findInvisibleType(sName);
	if (iIndex < 0)
	{
		std::string sKnown;
		for (const std::string& sType : kOut.kRules.aszInvisibleTypes)
		{
			sKnown += (sKnown.empty() ? "" : ", ") + sType;
		}
		kSource.fail(pAt,
			sWhere + ": unknown invisible type '" + sName + "' (known from " + infoFile(kOut, "InvisibleInfo") + ": "
				+ sKnown + ")");
	}
	return iIndex;
}

// Every <TerrainType> and <FeatureType> below pParent must name a type the rules define
// (NONE and empty excepted), as the game's own lookups expect.
void checkReferences(
	const Source& kSource, const XMLElement* pParent, const LoadedRules& kOut, const std::string& sWhere)
{
	const CvVisionRules& kRules = kOut.kRules;
	for (const XMLElement* pChild = pParent->FirstChildElement(); pChild; pChild = pChild->NextSiblingElement())
	{
		const std::string sTag = pChild->Name();
		const bool bTerrain = sTag == "TerrainType";
		if (bTerrain || sTag == "FeatureType")
		{
			const std::string sName = textOf(pChild);
			const int iIndex = bTerrain ? kRules.findTerrain(sName) : kRules.findFeature(sName);
			if (!sName.empty() && sName != "NONE" && iIndex < 0)
			{
				kSource.fail(pChild,
					sWhere + ": <" + sTag + "> " + sName + " is not defined in "
						+ infoFile(kOut, bTerrain ? "TerrainInfo" : "FeatureInfo"));
			}
		}
		checkReferences(kSource, pChild, kOut, sWhere);
	}
}

CvVisionDomain domainOf(const Source& kSource, const XMLElement* pUnit, const std::string& sWhere)
{
	const XMLElement* pDomain = pUnit->FirstChildElement("Domain");
	const std::string sDomain = textOf(pDomain);
	if (sDomain == "DOMAIN_SEA") return CV_VISION_DOMAIN_SEA;
	if (sDomain == "DOMAIN_AIR") return CV_VISION_DOMAIN_AIR;
	if (sDomain == "DOMAIN_LAND") return CV_VISION_DOMAIN_LAND;
	if (sDomain == "DOMAIN_IMMOBILE") return CV_VISION_DOMAIN_IMMOBILE;
	kSource.fail(pDomain ? pDomain : pUnit, sWhere + ": unknown <Domain> '" + sDomain + "'");
}

void readUnits(const fs::path& kPath, const std::string& sElements, LoadedRules& kOut, const std::string& sHint)
{
	CvVisionRules& kRules = kOut.kRules;
	readInfos(
		kPath, sElements, kOut,
		[&](const Source& kSource, const XMLElement* pUnit, const std::string& sType) {
			CvVisionUnitRule kUnit;
			kUnit.szType = sType;
			kUnit.eDomain = domainOf(kSource, pUnit, sType);
			// Vision never asks what a unit's own <Invisible> type is (the game does), but a name
			// no invisible type has is still bad XML.
			const std::string sInvisible = textOf(pUnit->FirstChildElement("Invisible"));
			if (!sInvisible.empty() && sInvisible != "NONE")
			{
				invisibleIndex(kSource, pUnit->FirstChildElement("Invisible"), kOut, sInvisible, sType);
			}
			std::stringstream kList(textOf(pUnit->FirstChildElement("SeeInvisible")));
			std::string sItem;
			while (std::getline(kList, sItem, ','))
			{
				sItem.erase(0, sItem.find_first_not_of(" \t"));
				sItem.erase(sItem.find_last_not_of(" \t") + 1);
				if (!sItem.empty() && sItem != "NONE")
				{
					kUnit.aeSeeInvisible.push_back(
						invisibleIndex(kSource, pUnit->FirstChildElement("SeeInvisible"), kOut, sItem, sType));
				}
			}
			kUnit.bLineOfSight = boolChild(kSource, pUnit, "bLineOfSight", sType);
			kUnit.iMoves = intChild(kSource, pUnit, "iMoves", sType, 1);
			if (kUnit.iMoves < 0 || kUnit.iMoves > 100)
			{
				kSource.fail(pUnit->FirstChildElement("iMoves"), sType + ": <iMoves> must be 0..100");
			}
			checkReferences(kSource, pUnit, kOut, sType);
			kRules.aUnits.push_back(kUnit);
		},
		sHint);
}

// sHint: see readInfos.
void readInvisibleTypes(
	const fs::path& kPath, const std::string& sElements, LoadedRules& kOut, const std::string& sHint)
{
	readInfos(
		kPath, sElements, kOut,
		[&](const Source&, const XMLElement*, const std::string& sType) {
			kOut.kRules.aszInvisibleTypes.push_back(sType);
		},
		sHint);
}

// A file to read an info class from, and the element path of its items.
struct InfoFile
{
	fs::path kPath;
	std::string sElements;
};

// The file kPath below its folder's XML/ ("Terrain/CIV4TerrainInfos.xml", spelt as on disk).
std::string belowXml(const std::vector<fs::path>& aFolders, const fs::path& kPath)
{
	for (const fs::path& kFolder : aFolders)
	{
		const fs::path kXml = xmlFolderOf(kFolder);
		const auto kMismatch = std::mismatch(kXml.begin(), kXml.end(), kPath.begin(), kPath.end());
		if (!kXml.empty() && kMismatch.first == kXml.end())
		{
			return kPath.lexically_relative(kXml).generic_string();
		}
	}
	return kPath.string();
}

// Where earlier CvVision versions kept the invisible types (its bundled vanilla XML and the assets made
// for it): <InvisibleInfos> inside BasicInfos/CIV4BasicInfos.xml, which the game's DLL never reads
// them from.
const char* const OLD_INVISIBLES_FILE = "BasicInfos/CIV4BasicInfos.xml";
const char* const OLD_INVISIBLES_ELEMENTS = "Civ4BasicInfos/InvisibleInfos/InvisibleInfo";

// The invisible types' file: in the first folder that has either, the file the call kLoad names
// or, in that layout of CvVision's own, a CIV4BasicInfos.xml holding <InvisibleInfos> (read with
// a warning naming both files); empty when no folder has either.
InfoFile findInvisibles(
	const std::vector<fs::path>& aFolders, const TreeXmlLoads& kLoads, const TreeInfoLoad& kLoad, LoadedRules& kOut)
{
	for (const fs::path& kFolder : aFolders)
	{
		const fs::path kNamed = resolve({ kFolder }, kLoad.sFile);
		if (!kNamed.empty())
		{
			return { kNamed, kLoad.sPath };
		}
		const fs::path kOld = resolve({ kFolder }, OLD_INVISIBLES_FILE);
		if (kOld.empty() || sameCaseless(kLoad.sFile, OLD_INVISIBLES_FILE))
		{
			continue;
		}
		Source kSource;
		kSource.kPath = kOld;
		LoadedRules kScratch; // a malformed file is still an error; read for real below
		parse(kSource, kScratch);
		const XMLElement* pRoot = kSource.kDoc.RootElement();
		if (pRoot && std::string(pRoot->Name()) == "Civ4BasicInfos" && pRoot->FirstChildElement("InvisibleInfos"))
		{
			kOut.aszWarnings.push_back(kOld.string()
				+ ": the invisible types are read from its <InvisibleInfos> (the layout of earlier CvVision "
				  "versions), but the game's DLL reads them from XML/"
				+ kLoad.sFile + " (" + kLoads.where(kLoad.sWhere) + "), which this folder lacks: move them to "
				+ (xmlFolderOf(kFolder) / kLoad.sFile).string());
			return { kOld, OLD_INVISIBLES_ELEMENTS };
		}
	}
	return {};
}

// "FILE:LINE: " of a define, or nothing when it was never set.
std::string originOf(const LoadedRules& kOut, const std::string& sName)
{
	const auto it = kOut.kDefineOrigins.find(sName);
	return it == kOut.kDefineOrigins.end() ? std::string() : it->second + ": ";
}

void applyDefines(LoadedRules& kOut)
{
	for (const char* szName : VISION_DEFINES)
	{
		if (kOut.kDefines.find(szName) == kOut.kDefines.end())
		{
			kOut.aszWarnings.push_back(std::string("define ") + szName + " is missing: it reads as 0");
		}
	}
	auto define = [&](const char* szName) {
		const auto it = kOut.kDefines.find(szName);
		return it == kOut.kDefines.end() ? 0 : it->second;
	};
	CvVisionRules& kRules = kOut.kRules;
	kRules.iPlotVisibilityRange = define("PLOT_VISIBILITY_RANGE");
	kRules.iUnitVisibilityRange = define("UNIT_VISIBILITY_RANGE");
	kRules.iReconVisibilityRange = define("RECON_VISIBILITY_RANGE");
	kRules.kLevels.iPeakSeeFromChange = define("PEAK_SEE_FROM_CHANGE");
	kRules.kLevels.iPeakSeeThroughChange = define("PEAK_SEE_THROUGH_CHANGE");
	kRules.kLevels.iHillsSeeFromChange = define("HILLS_SEE_FROM_CHANGE");
	kRules.kLevels.iHillsSeeThroughChange = define("HILLS_SEE_THROUGH_CHANGE");
	kRules.kLevels.iSeaWaterSeeFromChange = define("SEAWATER_SEE_FROM_CHANGE");
	kRules.kLevels.iSeaWaterSeeThroughChange = define("SEAWATER_SEE_THROUGH_CHANGE");
	// Movement (the pathfinder): absent defines keep the BTS values.
	if (kOut.kDefines.count("MOVE_DENOMINATOR"))
	{
		kRules.iMoveDenominator = define("MOVE_DENOMINATOR");
		if (kRules.iMoveDenominator < 1 || kRules.iMoveDenominator > 10000)
		{
			throw RulesError(originOf(kOut, "MOVE_DENOMINATOR")
				+ "define MOVE_DENOMINATOR = " + std::to_string(kRules.iMoveDenominator) + ": must be 1..10000");
		}
	}
	if (kOut.kDefines.count("HILLS_EXTRA_MOVEMENT"))
	{
		kRules.iHillsExtraMovement = define("HILLS_EXTRA_MOVEMENT");
	}
	const char* const aszRanges[3] = { "PLOT_VISIBILITY_RANGE", "UNIT_VISIBILITY_RANGE", "RECON_VISIBILITY_RANGE" };
	for (const char* szName : aszRanges)
	{
		const int iRange = define(szName);
		if (iRange < 0 || iRange > CV_VISION_MAX_RANGE)
		{
			throw RulesError(originOf(kOut, szName) + "define " + szName + " = " + std::to_string(iRange)
				+ ": a sight range must be 0.." + std::to_string(CV_VISION_MAX_RANGE));
		}
	}
}

// The improvement types, for the mod's per-improvement see-from. The file is optional: a mod
// folder without it (RtR's shared set) simply has no improvements to name.
void readImprovements(const fs::path& kPath, const std::string& sElements, LoadedRules& kOut, const std::string& sHint)
{
	CvVisionRules& kRules = kOut.kRules;
	readInfos(
		kPath, sElements, kOut,
		[&](const Source& kSource, const XMLElement* pItem, const std::string& sType) {
			kRules.aImprovements.push_back(CvVisionImprovementRule{ sType, 0 });
			checkReferences(kSource, pItem, kOut, sType);
		},
		sHint);
}

// The route types, for the pathfinder (CvPathfinder.h). Optional: without the file a map's
// routes have no types to name.
void readRoutes(const fs::path& kPath, const std::string& sElements, LoadedRules& kOut, const std::string& sHint)
{
	CvVisionRules& kRules = kOut.kRules;
	readInfos(
		kPath, sElements, kOut,
		[&](const Source& kSource, const XMLElement* pItem, const std::string& sType) {
			CvVisionRouteRule kRoute;
			kRoute.szType = sType;
			kRoute.iMovement = intChild(kSource, pItem, "iMovement", sType);
			kRoute.iFlatMovement = intChild(kSource, pItem, "iFlatMovement", sType);
			if (kRoute.iMovement < 0 || kRoute.iFlatMovement < 0)
			{
				kSource.fail(pItem, sType + ": <iMovement> and <iFlatMovement> must not be negative");
			}
			const XMLElement* pChanges = pItem->FirstChildElement("TechMovementChanges");
			for (const XMLElement* pChange = pChanges ? pChanges->FirstChildElement("TechMovementChange") : nullptr;
				 pChange; pChange = pChange->NextSiblingElement("TechMovementChange"))
			{
				const std::string sTech = textOf(pChange->FirstChildElement("PrereqTech"));
				const int iTech = kRules.findTech(sTech);
				if (iTech < 0)
				{
					kSource.fail(pChange,
						sType + ": <PrereqTech> '" + sTech + "' is not defined in " + infoFile(kOut, "TechInfo"));
				}
				kRoute.aTechMovementChanges.push_back(
					std::make_pair(iTech, intChild(kSource, pChange, "iMovementChange", sType)));
			}
			kRules.aRoutes.push_back(kRoute);
		},
		sHint);
}

void requireWithin(const std::string& sAt, int iValue, int iMin, int iMax)
{
	if (iValue < iMin || iValue > iMax)
	{
		throw RulesError(sAt + ": must be " + std::to_string(iMin) + ".." + std::to_string(iMax));
	}
}

bool startsWith(const std::string& sText, const std::string& sPrefix)
{
	return sText.compare(0, sPrefix.size(), sPrefix) == 0;
}

// The mod's own knobs: every CVVISION_* define read, checked against CvVisionRules' list.
void applyKnobs(LoadedRules& kOut)
{
	CvVisionRules& kRules = kOut.kRules;
	for (const auto& [sName, iValue] : kOut.kDefines)
	{
		if (!startsWith(sName, "CVVISION_"))
		{
			continue;
		}
		const std::string sAt = originOf(kOut, sName) + "define " + sName + " = " + std::to_string(iValue);
		const int eKnob = cvVisionFindKnob(sName);
		if (eKnob >= 0)
		{
			const CvVisionKnobInfo& kInfo = cvVisionKnobInfo(eKnob);
			requireWithin(sAt, iValue, kInfo.iMin, kInfo.iMax);
			kRules.setKnob(static_cast<CvVisionKnob>(eKnob), iValue);
		}
		else if (startsWith(sName, CV_VISION_SEE_FROM_PREFIX))
		{
			const std::string sType = sName.substr(std::string(CV_VISION_SEE_FROM_PREFIX).size());
			const int iImprovement = kRules.findImprovement(sType);
			if (iImprovement < 0)
			{
				throw RulesError(
					sAt + ": " + sType + " is not an improvement defined in " + infoFile(kOut, "ImprovementInfo"));
			}
			requireWithin(sAt, iValue, -CV_VISION_MAX_EXTRA_SEE_FROM, CV_VISION_MAX_EXTRA_SEE_FROM);
			kRules.aImprovements[iImprovement].iExtraSeeFrom = iValue;
		}
		else if (startsWith(sName, CV_VISION_EXTRA_RANGE_PREFIX))
		{
			const std::string sType = sName.substr(std::string(CV_VISION_EXTRA_RANGE_PREFIX).size());
			const int iUnit = kRules.findUnit(sType);
			if (iUnit < 0)
			{
				throw RulesError(sAt + ": " + sType + " is not a unit defined in " + infoFile(kOut, "UnitInfo"));
			}
			requireWithin(sAt, iValue, -CV_VISION_MAX_RANGE, CV_VISION_MAX_RANGE);
			kRules.aUnits[iUnit].iExtraRange = iValue;
		}
		else
		{
			std::string sKnown;
			for (int i = 0; i < CV_VISION_NUM_KNOBS; ++i)
			{
				sKnown += std::string(cvVisionKnobInfo(i).szDefine) + ", ";
			}
			throw RulesError(sAt + ": not a CvVision knob (known: " + sKnown + CV_VISION_SEE_FROM_PREFIX
				+ "<improvement>, " + CV_VISION_EXTRA_RANGE_PREFIX + "<unit>)");
		}
	}
}

// Where each terrain and feature was read ("FILE:LINE"), for the level check's messages.
struct InfoOrigins
{
	std::vector<std::string> aszTerrains;
	std::vector<std::string> aszFeatures;
};

// One part of a level's sum, and how a message names it.
struct LevelPart
{
	long long iValue;
	std::string sName;
};

LevelPart definePart(const LoadedRules& kOut, const char* szName, long long iValue)
{
	const auto it = kOut.kDefineOrigins.find(szName);
	return { iValue,
		std::string(szName) + " " + std::to_string(iValue)
			+ (it == kOut.kDefineOrigins.end() ? std::string(" (absent)") : " (" + it->second + ")") };
}

// The smallest and the largest of 0 (sNone) and each of aParts: what a plot may add.
std::vector<LevelPart> extremes(const std::vector<LevelPart>& aParts, const std::string& sNone)
{
	LevelPart kLow = { 0, sNone };
	LevelPart kHigh = kLow;
	for (const LevelPart& kPart : aParts)
	{
		kLow = kPart.iValue < kLow.iValue ? kPart : kLow;
		kHigh = kPart.iValue > kHigh.iValue ? kPart : kHigh;
	}
	return { kLow, kHigh };
}

// A level is the sum of a terrain's value, what its plot type adds and what a feature or an
// improvement adds (docs/vision-rules.md, section 1). A sum beyond the int range, where the
// game's sum would overflow, is refused; every level within an int is exact.
void checkLevelSum(const std::string& sOrigin, const std::string& sTerrain, const char* szLevel, const char* szField,
	long long iTerrain, const LevelPart& kKind, const char* szKind, const LevelPart& kExtra)
{
	const long long iSum = iTerrain + kKind.iValue + kExtra.iValue;
	if (iSum >= MIN_INT && iSum <= MAX_INT)
	{
		return;
	}
	throw RulesError(sOrigin + ": " + sTerrain + ": <" + szField + "> " + std::to_string(iTerrain) + " on a " + szKind
		+ " plot, with " + kKind.sName + " and " + kExtra.sName + ", gives a " + szLevel + " level of "
		+ std::to_string(iSum) + ", beyond an int (" + std::to_string(MIN_INT) + ".." + std::to_string(MAX_INT)
		+ "): the game's sum would overflow");
}

void checkLevelSums(const LoadedRules& kOut, const InfoOrigins& kOrigins)
{
	const CvVisionRules& kRules = kOut.kRules;
	const CvVisionLevelDefines& kLevels = kRules.kLevels;
	std::vector<LevelPart> aImprovements;
	for (const CvVisionImprovementRule& kImprovement : kRules.aImprovements)
	{
		aImprovements.push_back({ kImprovement.iExtraSeeFrom,
			std::string(CV_VISION_SEE_FROM_PREFIX) + kImprovement.szType + " "
				+ std::to_string(kImprovement.iExtraSeeFrom) });
	}
	std::vector<LevelPart> aFeatures;
	for (size_t i = 0; i < kRules.aFeatures.size(); ++i)
	{
		const CvVisionFeatureRule& kFeature = kRules.aFeatures[i];
		aFeatures.push_back({ kFeature.iSeeThrough,
			kFeature.szType + "'s <iSeeThrough> " + std::to_string(kFeature.iSeeThrough) + " ("
				+ kOrigins.aszFeatures[i] + ")" });
	}
	const LevelPart kNone = { 0, "no define" };
	LevelPart kWaterBonus = definePart(kOut, "SEAWATER_SEE_FROM_CHANGE",
		static_cast<long long>(kLevels.iSeaWaterSeeFromChange) + kLevels.iExtraWaterSeeFromBonus);
	kWaterBonus.sName += " plus the water bonus " + std::to_string(kLevels.iExtraWaterSeeFromBonus);
	const std::pair<LevelPart, const char*> aSeeFrom[] = {
		{ definePart(kOut, "PEAK_SEE_FROM_CHANGE", kLevels.iPeakSeeFromChange), "peak" },
		{ definePart(kOut, "HILLS_SEE_FROM_CHANGE", kLevels.iHillsSeeFromChange), "hills" }, { kNone, "flat" },
		{ definePart(kOut, "SEAWATER_SEE_FROM_CHANGE", kLevels.iSeaWaterSeeFromChange), "water" },
		{ kWaterBonus, "water" }
	};
	// BTS adds the see-from define to water's see-through (CVVISION_WATER_SEE_THROUGH_DEFINE 0).
	const bool bThroughDefine = kLevels.bWaterSeeThroughDefine;
	const std::pair<LevelPart, const char*> aSeeThrough[] = {
		{ definePart(kOut, "PEAK_SEE_THROUGH_CHANGE", kLevels.iPeakSeeThroughChange), "peak" },
		{ definePart(kOut, "HILLS_SEE_THROUGH_CHANGE", kLevels.iHillsSeeThroughChange), "hills" }, { kNone, "flat" },
		{ definePart(kOut, bThroughDefine ? "SEAWATER_SEE_THROUGH_CHANGE" : "SEAWATER_SEE_FROM_CHANGE",
			  bThroughDefine ? kLevels.iSeaWaterSeeThroughChange : kLevels.iSeaWaterSeeFromChange),
			"water" }
	};
	// Every plot type on every terrain: a map may put any terrain under any plot type.
	for (size_t t = 0; t < kRules.aTerrains.size(); ++t)
	{
		const CvVisionTerrainRule& kTerrain = kRules.aTerrains[t];
		for (const auto& kKind : aSeeFrom)
		{
			for (const LevelPart& kExtra : extremes(aImprovements, "no improvement"))
			{
				checkLevelSum(kOrigins.aszTerrains[t], kTerrain.szType, "see-from", "iSeeFrom", kTerrain.iSeeFrom,
					kKind.first, kKind.second, kExtra);
			}
		}
		for (const auto& kKind : aSeeThrough)
		{
			for (const LevelPart& kExtra : extremes(aFeatures, "no feature"))
			{
				checkLevelSum(kOrigins.aszTerrains[t], kTerrain.szType, "see-through", "iSeeThrough",
					kTerrain.iSeeThrough, kKind.first, kKind.second, kExtra);
			}
		}
	}
}
}

LoadedRules loadVisionRules(const std::vector<fs::path>& aAssetsFolders)
{
	if (aAssetsFolders.empty())
	{
		throw RulesError("no Assets folder given");
	}
	for (const fs::path& kFolder : aAssetsFolders)
	{
		std::error_code kError;
		if (!fs::exists(kFolder, kError))
		{
			throw RulesError(
				kFolder.string() + ": no such folder (give a Civ4 Assets folder, the one that holds XML/)");
		}
		if (!fs::is_directory(kFolder, kError))
		{
			throw RulesError(kFolder.string() + ": not a folder (give a Civ4 Assets folder, the one that holds XML/)");
		}
		if (xmlFolderOf(kFolder).empty())
		{
			throw RulesError("not a Civ4 Assets folder (no XML/ inside): " + kFolder.string());
		}
	}
	LoadedRules kOut;
	kOut.aFolders = aAssetsFolders;
	// the GlobalDefines files BTS 3.19 reads by name
	const TreeXmlLoads& kLoads = TreeXmlLoads::bts319();
	readLoadsDefines(aAssetsFolders, kLoads, kOut);
	applyDefines(kOut);

	CvVisionRules& kRules = kOut.kRules;
	InfoOrigins kOrigins;
	auto originOfItem = [](const Source& kSource, const XMLElement* pItem) {
		return kSource.kPath.string() + ":" + std::to_string(pItem->GetLineNum());
	};
	using Reader = std::function<void(const fs::path&, const std::string&, const std::string&)>;
	// What CvVision reads of each info class (as the tree's accessors name it), and whether it goes
	// on without the file (CvVision's choice: the game needs them all). The file, the element path
	// and the order are the loads': BTS 3.19's, or a tree's.
	struct InfoStep
	{
		const char* szClass;
		bool bOptional;
		Reader fRead;
	};
	const std::vector<InfoStep> aSteps = {
		{ "InvisibleInfo", true,
			[&](const fs::path& kPath, const std::string& sElements, const std::string& sHint) {
				readInvisibleTypes(kPath, sElements, kOut, sHint);
			} },
		{ "TerrainInfo", false,
			[&](const fs::path& kPath, const std::string& sElements, const std::string& sHint) {
				readInfos(
					kPath, sElements, kOut,
					[&](const Source& kSource, const XMLElement* pItem, const std::string& sType) {
						kRules.aTerrains.push_back(
							CvVisionTerrainRule{ sType, levelChild(kSource, pItem, "iSeeFrom", sType),
								levelChild(kSource, pItem, "iSeeThrough", sType),
								boolChild(kSource, pItem, "bWater", sType), movementChild(kSource, pItem, sType),
								boolChild(kSource, pItem, "bImpassable", sType) });
						kOrigins.aszTerrains.push_back(originOfItem(kSource, pItem));
					},
					sHint);
			} },
		{ "TechInfo", false,
			[&](const fs::path& kPath, const std::string& sElements, const std::string& sHint) {
				readInfos(
					kPath, sElements, kOut,
					[&](const Source& kSource, const XMLElement* pItem, const std::string& sType) {
						kRules.aTechs.push_back(
							CvVisionTechRule{ sType, boolChild(kSource, pItem, "bExtraWaterSeeFrom", sType) });
					},
					sHint);
			} },
		{ "FeatureInfo", false,
			[&](const fs::path& kPath, const std::string& sElements, const std::string& sHint) {
				readInfos(
					kPath, sElements, kOut,
					[&](const Source& kSource, const XMLElement* pItem, const std::string& sType) {
						kRules.aFeatures.push_back(CvVisionFeatureRule{ sType,
							levelChild(kSource, pItem, "iSeeThrough", sType), movementChild(kSource, pItem, sType),
							boolChild(kSource, pItem, "bImpassable", sType) });
						kOrigins.aszFeatures.push_back(originOfItem(kSource, pItem));
						checkReferences(kSource, pItem, kOut, sType);
					},
					sHint);
			} },
		{ "PromotionInfo", false,
			[&](const fs::path& kPath, const std::string& sElements, const std::string& sHint) {
				readInfos(
					kPath, sElements, kOut,
					[&](const Source& kSource, const XMLElement* pItem, const std::string& sType) {
						kRules.aPromotions.push_back(
							CvVisionPromotionRule{ sType, intChild(kSource, pItem, "iVisibilityChange", sType) });
					},
					sHint);
			} },
		{ "RouteInfo", true,
			[&](const fs::path& kPath, const std::string& sElements, const std::string& sHint) {
				readRoutes(kPath, sElements, kOut, sHint);
			} },
		{ "ImprovementInfo", true,
			[&](const fs::path& kPath, const std::string& sElements, const std::string& sHint) {
				readImprovements(kPath, sElements, kOut, sHint);
			} },
		{ "UnitInfo", false,
			[&](const fs::path& kPath, const std::string& sElements, const std::string& sHint) {
				readUnits(kPath, sElements, kOut, sHint);
			} },
	};
	// BTS 3.19's calls of these classes, in its order (a mod's own loader: formats/HostRules.h).
	for (const TreeInfoLoad& kLoad : kLoads.aInfos)
	{
		const auto itStep = std::find_if(
			aSteps.begin(), aSteps.end(), [&](const InfoStep& kStep) { return kLoad.sClass == kStep.szClass; });
		const bool bInvisibles = kLoad.sClass == "InvisibleInfo";
		kOut.kInfoFiles[kLoad.sClass] = kLoad.sFile;
		InfoFile kFile = bInvisibles ? findInvisibles(aAssetsFolders, kLoads, kLoad, kOut)
									 : InfoFile{ resolve(aAssetsFolders, kLoad.sFile), kLoad.sPath };
		if (kFile.kPath.empty())
		{
			if (!itStep->bOptional)
			{
				require(aAssetsFolders, kLoad.sFile); // throws: no folder has it
			}
			if (bInvisibles)
			{
				kRules.aszInvisibleTypes = { "INVISIBLE_SUBMARINE", "INVISIBLE_STEALTH" };
				kOut.aszWarnings.push_back("no XML/" + kLoad.sFile
					+ " (nor an older XML/BasicInfos/CIV4BasicInfos.xml with <InvisibleInfos>): using the "
					  "vanilla invisible types INVISIBLE_SUBMARINE, INVISIBLE_STEALTH");
			}
			continue;
		}
		kOut.kInfoFiles[kLoad.sClass] = belowXml(aAssetsFolders, kFile.kPath);
		// a file that does not hold the elements BTS's call names may be one the mod's DLL does not read
		const std::string sHint = kFile.sElements == kLoad.sPath ? " (BTS 3.19's loader reads the " + kLoad.sClass
				+ " types from XML/" + kLoad.sFile + ", under " + kLoad.sPath
				+ "; if the mod's DLL loads them from another file, give --sdk its CvGameCoreDLL "
				  "folder and --game the game's folder: the tree's own loader then reads them)"
																 : std::string();
		itStep->fRead(kFile.kPath, kFile.sElements, sHint);
	}
	applyKnobs(kOut);
	checkLevelSums(kOut, kOrigins);
	return kOut;
}

fs::path bundledVanillaAssets() { return dataDir() / "vanilla" / "Assets"; }

} // namespace cvv
