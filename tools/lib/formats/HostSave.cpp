#include "formats/HostSave.h"

#include "support/JsonRead.h"

namespace fs = std::filesystem;

namespace cvv {

namespace {

std::vector<int> ints(const JsonValue& kArray)
{
	std::vector<int> aOut;
	for (const JsonValue& k : kArray.array())
	{
		aOut.push_back(k.integer32());
	}
	return aOut;
}

std::vector<int> intsOr(const JsonValue& kObject, const char* szName)
{
	const JsonValue* p = kObject.find(szName);
	return p && !p->isNull() ? ints(*p) : std::vector<int>();
}

int intOr(const JsonValue& kObject, const char* szName, int iDefault)
{
	const JsonValue* p = kObject.find(szName);
	return p && !p->isNull() ? p->integer32() : iDefault;
}

void readPlots(const JsonValue& kTop, SaveGame& kSave)
{
	const std::vector<JsonValue>& aPlots = kTop["plots"].array();
	if (static_cast<long long>(aPlots.size()) != static_cast<long long>(kSave.iWidth) * kSave.iHeight)
	{
		throw SaveError(kTop["plots"].path() + ": " + std::to_string(aPlots.size()) + " plots for a map of "
			+ std::to_string(kSave.iWidth) + "x" + std::to_string(kSave.iHeight));
	}
	for (size_t i = 0; i < aPlots.size(); ++i)
	{
		const JsonValue& k = aPlots[i];
		SavePlot kPlot;
		kPlot.iX = k["x"].integer32();
		kPlot.iY = k["y"].integer32();
		if (kPlot.iY * kSave.iWidth + kPlot.iX != static_cast<int>(i))
		{
			throw SaveError(k.path() + ": plot (" + std::to_string(kPlot.iX) + "," + std::to_string(kPlot.iY)
				+ ") out of its place " + std::to_string(i));
		}
		kPlot.ePlotType = k["plot_type"].integer32();
		kPlot.eTerrain = k["terrain"].integer32();
		kPlot.eFeature = k["feature"].integer32();
		kPlot.eImprovement = intOr(k, "improvement", -1);
		kPlot.eRoute = intOr(k, "route", -1);
		kPlot.eOwner = k["owner"].integer32();
		kPlot.aiVisibility = ints(k["visibility"]);
		for (int b : ints(k["revealed"]))
		{
			kPlot.abRevealed.push_back(b ? 1 : 0);
		}
		kPlot.aiStolenVisibility = intsOr(k, "stolen_visibility");
		kPlot.aeRevealedOwner = intsOr(k, "revealed_owner");
		kPlot.aeRevealedImprovement = intsOr(k, "revealed_improvement");
		kPlot.aeRevealedRoute = intsOr(k, "revealed_route");
		if (const JsonValue* p = k.find("invisible_visibility"))
		{
			for (const JsonValue& kTeam : p->array())
			{
				kPlot.aaiInvisibleVisibility.push_back(ints(kTeam));
			}
		}
		const size_t iTeams = kPlot.aiVisibility.size();
		if (kPlot.abRevealed.size() != iTeams)
		{
			throw SaveError(k.path() + ": " + std::to_string(kPlot.abRevealed.size()) + " revealed flags for "
				+ std::to_string(iTeams) + " teams");
		}
		// Without the host's memory of each team, a revealed plot is remembered as it is.
		for (std::vector<int>* p : { &kPlot.aeRevealedOwner, &kPlot.aeRevealedImprovement, &kPlot.aeRevealedRoute })
		{
			p->resize(iTeams, -1);
		}
		kSave.aPlots.push_back(kPlot);
	}
}

bool onMap(const SaveGame& kSave, int iX, int iY)
{
	return iX >= 0 && iY >= 0 && iX < kSave.iWidth && iY < kSave.iHeight;
}

void readUnits(const JsonValue& kTop, SaveGame& kSave)
{
	for (const JsonValue& k : kTop["units"].array())
	{
		SaveUnit kUnit;
		kUnit.ePlayer = k["owner"].integer32();
		kUnit.iId = k["id"].integer32();
		kUnit.eType = k["type"].integer32();
		kUnit.iX = k["x"].integer32();
		kUnit.iY = k["y"].integer32();
		kUnit.eFacing = k["facing"].integer32();
		kUnit.aePromotions = ints(k["promotions"]);
		if (const JsonValue* p = k.find("recon"))
		{
			if (!p->isNull() && p->array().size() == 2)
			{
				kUnit.iReconX = p->array()[0].integer32();
				kUnit.iReconY = p->array()[1].integer32();
			}
		}
		if (!onMap(kSave, kUnit.iX, kUnit.iY) || kUnit.ePlayer < 0 || kUnit.ePlayer >= kSave.iMaxPlayers)
		{
			throw SaveError(k.path() + ": a unit of player " + std::to_string(kUnit.ePlayer) + " at ("
				+ std::to_string(kUnit.iX) + "," + std::to_string(kUnit.iY) + "), off the map or of no player");
		}
		kSave.aPlots[kUnit.iY * kSave.iWidth + kUnit.iX].aUnits.emplace_back(kUnit.ePlayer, kUnit.iId);
		kSave.aUnits.push_back(kUnit);
	}
}

void readCities(const JsonValue& kTop, SaveGame& kSave)
{
	for (const JsonValue& k : kTop["cities"].array())
	{
		SaveCity kCity;
		kCity.ePlayer = k["owner"].integer32();
		kCity.iId = k["id"].integer32();
		kCity.iX = k["x"].integer32();
		kCity.iY = k["y"].integer32();
		kCity.aiEspionageVisibility = intsOr(k, "espionage_visibility");
		if (!onMap(kSave, kCity.iX, kCity.iY))
		{
			throw SaveError(k.path() + ": a city off the map");
		}
		kSave.aCities.push_back(kCity);
	}
}

void readTeamsAndPlayers(const JsonValue& kTop, SaveGame& kSave)
{
	const int iTechs = kTop["infos"]["Tech"].integer32();
	for (const JsonValue& k : kTop["teams"].array())
	{
		SaveTeam kTeam;
		kTeam.abHasTech.assign(static_cast<size_t>(iTechs < 0 ? 0 : iTechs), 0);
		for (int eTech : ints(k["techs"]))
		{
			if (eTech < 0 || eTech >= iTechs)
			{
				throw SaveError(k.path() + ": tech " + std::to_string(eTech) + " of " + std::to_string(iTechs));
			}
			kTeam.abHasTech[static_cast<size_t>(eTech)] = 1;
		}
		kTeam.eVassalOf = intOr(k, "vassal_of", -1);
		kSave.aTeams.push_back(kTeam);
	}
	for (const JsonValue& k : kTop["players"].array())
	{
		SavePlayer kPlayer;
		kPlayer.eTeam = k["team"].integer32();
		kPlayer.bAlive = k["alive"].boolean();
		kSave.aPlayers.push_back(kPlayer);
	}
	kSave.iMaxTeams = static_cast<int>(kSave.aTeams.size());
	kSave.iMaxPlayers = static_cast<int>(kSave.aPlayers.size());
}

} // namespace

SaveGame saveFromHostJson(const std::string& sJson, const std::string& sWhere, const std::string& sTree)
{
	try
	{
		const JsonValue kTop = parseJson(sJson, sWhere);
		SaveGame kSave;
		const JsonValue& kHeader = kTop["save"];
		kSave.sPath = kHeader["path"].string();
		kSave.iSaveVersion = kHeader["version"].integer32();
		kSave.sMod = kHeader["mod_name"].string();
		kSave.sLockModifiedAssets = kHeader["lock_modified_assets"].string();
		kSave.sReadByTree = sTree;
		const JsonValue& kMap = kTop["map"];
		kSave.iWidth = kMap["width"].integer32();
		kSave.iHeight = kMap["height"].integer32();
		kSave.bWrapX = kMap["wrap_x"].boolean();
		kSave.bWrapY = kMap["wrap_y"].boolean();
		if (kSave.iWidth <= 0 || kSave.iHeight <= 0 || kSave.iWidth > 4096 || kSave.iHeight > 4096)
		{
			throw SaveError(
				kMap.path() + ": a map of " + std::to_string(kSave.iWidth) + "x" + std::to_string(kSave.iHeight));
		}
		readTeamsAndPlayers(kTop, kSave);
		readPlots(kTop, kSave);
		readUnits(kTop, kSave);
		readCities(kTop, kSave);
		kSave.bHasPlayerSections = true;
		return kSave;
	}
	catch (const std::runtime_error& e) // JsonError, SaveError: named with the save once
	{
		const std::string sWhat = e.what();
		throw SaveError(sWhat.compare(0, sWhere.size(), sWhere) == 0 ? sWhat : sWhere + ": " + sWhat);
	}
}

fs::path findCvcore(const fs::path& kGiven)
{
	const fs::path kFound = locateCvcore(kGiven);
	if (kFound.empty())
	{
		throw SaveError("the host (tools/host/cvcore) is not found: set CVVISION_CVCORE to its path");
	}
	return kFound;
}

SaveGame readSaveThroughHost(const fs::path& kSave, const HostSaveOptions& kOptions)
{
	if (!fs::is_regular_file(kSave))
	{
		throw SaveError(kSave.string() + ": no such file");
	}
	ChildRun kRan;
	try
	{
		const fs::path kCvcore = findCvcore(kOptions.kCvcore);
		kRan = runChild(cvcoreArguments(kCvcore, "read-save", { kSave.string() }, "--sdk", kOptions));
	}
	catch (const ChildError& e)
	{
		throw SaveError(e.what());
	}
	if (kRan.iStatus != 0)
	{
		const std::string sWhy = cvcoreMessage(kRan, 3);
		throw SaveError(
			sWhy.empty() ? kSave.string() + ": the host ended with status " + std::to_string(kRan.iStatus) : sWhy);
	}
	SaveGame kGame = saveFromHostJson(
		kRan.sOut, kSave.string() + " (read by " + kOptions.kTree.string() + ")", kOptions.kTree.string());
	kGame.sPath = kSave.string();
	return kGame;
}

} // namespace cvv
