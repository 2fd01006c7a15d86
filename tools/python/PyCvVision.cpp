// The Python 3 module `cvvision` (Boost.Python): the host's vision rules, a world of sight sources
// built from a WorldBuilder map or from scratch, the game's operations on it, Civ4-style queries,
// explanations, audit and repair, and the three pictures.
//
//     import cvvision
//     world = cvvision.World.load_map("PublicMaps/CvVision_Sample.CivBeyondSwordWBSave")
//     world.isVisible(3, 4, 0); world.visible_plots(0); print(world.show(0))
//
// Every argument is checked here before the C++ world sees it, so a bad coordinate, team, unit id
// or type name is a ValueError with a useful message, never a crash. The loaders' errors (RulesError,
// WbError) become cvvision.FileError (an OSError); std::invalid_argument becomes ValueError,
// std::out_of_range IndexError, anything else RuntimeError (Boost.Python's own translations).

// Boost 1.74 announces its own deprecated internals (bind placeholders, <iterator>) from within
// Boost.Python; they are not ours to fix.
#define BOOST_BIND_GLOBAL_PLACEHOLDERS
#define BOOST_ALLOW_DEPRECATED_HEADERS
#include <boost/python.hpp>

#include "analysis/Explain.h"
#include "analysis/PathPicture.h"
#include "analysis/PathQuery.h"
#include "render/Render.h"
#include "formats/HostRules.h"
#include "formats/RulesLoader.h"
#include "analysis/SaveAudit.h"
#include "model/VisionSetup.h"
#include "model/VisionWorld.h"
#include "formats/WbReader.h"
#include "scenario/WorldLoader.h"

#include "PyArguments.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <system_error>
#include <tuple>
#include <utility>
#include <vector>

using namespace cvv;
using namespace cvv::py;

namespace bp = boost::python;
namespace fs = std::filesystem;

void exportFov(); // tools/PyFov.cpp: cvvision.fov and cvvision.ViewshedWorld

namespace {
// --- errors ---------------------------------------------------------------------------------

PyObject* g_pFileError = nullptr; // cvvision.FileError

// A file the module itself cannot write (render_png, render_html): also cvvision.FileError.
class OutputFileError : public std::runtime_error
{
public:
	using std::runtime_error::runtime_error;
};

template <class Error>
void toFileError(const Error& kError)
{
	PyErr_SetString(g_pFileError, kError.what());
}
void toValueError(const std::invalid_argument& kError) { PyErr_SetString(PyExc_ValueError, kError.what()); }
void toIndexError(const std::out_of_range& kError) { PyErr_SetString(PyExc_IndexError, kError.what()); }

std::string joinNames(const std::vector<std::string>& asNames, size_t iMax = 12)
{
	std::string sOut;
	for (size_t i = 0; i < asNames.size() && i < iMax; ++i)
	{
		sOut += (i ? ", " : "") + asNames[i];
	}
	if (asNames.size() > iMax)
	{
		sOut += ", ... (" + std::to_string(asNames.size()) + " in all)";
	}
	return sOut;
}

template <class Rule>
bp::list typeNames(const std::vector<Rule>& aRules)
{
	bp::list kOut;
	for (const Rule& kRule : aRules)
	{
		kOut.append(kRule.szType);
	}
	return kOut;
}

// --- rules ----------------------------------------------------------------------------------

// cvvision.Rules: one loaded set of vision rules, shared (read-only) by every world built with it.
struct PyRules
{
	std::shared_ptr<const LoadedRules> pLoaded;
	std::vector<std::string> asFolders;

	const CvVisionRules& rules() const { return pLoaded->kRules; }
};

PyRules loadRules(const std::vector<fs::path>& aFolders)
{
	PyRules kOut;
	kOut.pLoaded = std::make_shared<const LoadedRules>(loadVisionRules(aFolders));
	for (const fs::path& kFolder : aFolders)
	{
		kOut.asFolders.push_back(kFolder.string());
	}
	return kOut;
}

PyRules rulesLoad(const bp::object& kFolders, const bp::object& kSdk)
{
	std::vector<fs::path> aFolders;
	if (PyUnicode_Check(kFolders.ptr()) || PyObject_HasAttrString(kFolders.ptr(), "__fspath__"))
	{
		aFolders.push_back(pathOf(kFolders, "Rules.load: the folder")); // one folder given alone
	}
	else
	{
		const bp::object kIterator = bp::import("builtins").attr("list")(kFolders);
		for (long i = 0; i < bp::len(kIterator); ++i)
		{
			aFolders.push_back(pathOf(kIterator[i], "Rules.load: each folder"));
		}
	}
	if (aFolders.empty())
	{
		badArgument(
			"Rules.load needs at least one Assets folder (mod first, then Beyond the Sword, then the base game)");
	}
	if (!kSdk.is_none())
	{
		badArgument("Rules.load: sdk is no longer taken: Rules.load_tree(sdk, game, assets=None) has a tree's own "
					"loader load its XML");
	}
	return loadRules(aFolders);
}

// A tree's own loader behind the host (formats/HostRules.h).
PyRules rulesLoadTree(const bp::object& kSdk, const bp::object& kGame, const bp::object& kAssets)
{
	HostOptions kOptions{ pathOf(kSdk, "Rules.load_tree: sdk"), pathOf(kGame, "Rules.load_tree: game"),
		kAssets.is_none() ? fs::path() : fs::path(pathOf(kAssets, "Rules.load_tree: assets")), {} };
	PyRules kOut;
	kOut.pLoaded = std::make_shared<const LoadedRules>(loadRulesByHost(kOptions));
	for (const fs::path& kFolder : kOut.pLoaded->aFolders)
	{
		kOut.asFolders.push_back(kFolder.string());
	}
	return kOut;
}

PyRules rulesVanilla()
{
	static const PyRules kVanilla = loadRules({ bundledVanillaAssets() });
	return kVanilla;
}

PyRules rulesDefault()
{
	static const PyRules kDefault = loadRules(frontEndRulesFolders({}, false)); // as the command line's
	return kDefault;
}

PyRules rulesOrDefault(const bp::object& kRules)
{
	if (kRules.is_none())
	{
		return rulesDefault();
	}
	bp::extract<PyRules> kExtract(kRules);
	if (!kExtract.check())
	{
		PyErr_SetString(
			PyExc_TypeError, "rules must be a cvvision.Rules (Rules.load, Rules.vanilla, Rules.default) or None");
		bp::throw_error_already_set();
	}
	return kExtract();
}

int rulesUnitRange(const PyRules& k) { return k.rules().iUnitVisibilityRange; }
int rulesPlotRange(const PyRules& k) { return k.rules().iPlotVisibilityRange; }
int rulesReconRange(const PyRules& k) { return k.rules().iReconVisibilityRange; }
int rulesResightRadius(const PyRules& k) { return k.rules().resightRadius(); }
bp::list rulesTerrains(const PyRules& k) { return typeNames(k.rules().aTerrains); }
bp::list rulesFeatures(const PyRules& k) { return typeNames(k.rules().aFeatures); }
bp::list rulesImprovements(const PyRules& k) { return typeNames(k.rules().aImprovements); }
bp::list rulesUnits(const PyRules& k) { return typeNames(k.rules().aUnits); }
bp::list rulesPromotions(const PyRules& k) { return typeNames(k.rules().aPromotions); }
bp::list rulesTechs(const PyRules& k) { return typeNames(k.rules().aTechs); }

bp::list stringList(const std::vector<std::string>& asItems)
{
	bp::list kOut;
	for (const std::string& s : asItems)
	{
		kOut.append(s);
	}
	return kOut;
}
bp::list rulesInvisibleTypes(const PyRules& k) { return stringList(k.rules().aszInvisibleTypes); }
bp::list rulesWarnings(const PyRules& k) { return stringList(k.pLoaded->aszWarnings); }
bp::list rulesFilesRead(const PyRules& k) { return stringList(k.pLoaded->aszFilesRead); }
bp::list rulesFolders(const PyRules& k) { return stringList(k.asFolders); }

bp::dict rulesDefines(const PyRules& k)
{
	bp::dict kOut;
	for (const auto& [sName, iValue] : k.pLoaded->kDefines)
	{
		kOut[sName] = iValue;
	}
	return kOut;
}

bp::dict rulesKnobs(const PyRules& k)
{
	bp::dict kOut;
	for (int i = 0; i < CV_VISION_NUM_KNOBS; ++i)
	{
		kOut[std::string(cvVisionKnobInfo(i).szDefine)] = k.rules().knob(static_cast<CvVisionKnob>(i));
	}
	return kOut;
}

int rulesKnob(const PyRules& k, const std::string& sName)
{
	const CvVisionRules& kRules = k.rules();
	const int eKnob = cvVisionFindKnob(sName);
	if (eKnob >= 0)
	{
		return kRules.knob(static_cast<CvVisionKnob>(eKnob));
	}
	const std::string sSeeFrom = CV_VISION_SEE_FROM_PREFIX;
	const std::string sExtraRange = CV_VISION_EXTRA_RANGE_PREFIX;
	if (sName.compare(0, sSeeFrom.size(), sSeeFrom) == 0)
	{
		const int eImprovement = kRules.findImprovement(sName.substr(sSeeFrom.size()));
		if (eImprovement >= 0)
		{
			return kRules.improvementSeeFrom(eImprovement);
		}
		badArgument(
			"knob '" + sName + "': no improvement type '" + sName.substr(sSeeFrom.size()) + "' in the loaded rules");
	}
	if (sName.compare(0, sExtraRange.size(), sExtraRange) == 0)
	{
		const int eUnit = kRules.findUnit(sName.substr(sExtraRange.size()));
		if (eUnit >= 0)
		{
			return kRules.aUnits[eUnit].iExtraRange;
		}
		badArgument(
			"knob '" + sName + "': no unit type '" + sName.substr(sExtraRange.size()) + "' in the loaded rules");
	}
	std::vector<std::string> asKnobs;
	for (int i = 0; i < CV_VISION_NUM_KNOBS; ++i)
	{
		asKnobs.push_back(cvVisionKnobInfo(i).szDefine);
	}
	badArgument("unknown knob '" + sName + "': the knobs are " + joinNames(asKnobs, 20)
		+ ", " CV_VISION_SEE_FROM_PREFIX "<improvement> and " CV_VISION_EXTRA_RANGE_PREFIX "<unit>");
}

std::string rulesRepr(const PyRules& k)
{
	const CvVisionRules& kRules = k.rules();
	return "<cvvision.Rules from [" + joinNames(k.asFolders, 5) + "]: " + std::to_string(kRules.aTerrains.size())
		+ " terrains, " + std::to_string(kRules.aUnits.size()) + " units, unit range "
		+ std::to_string(kRules.iUnitVisibilityRange) + ">";
}

// --- names and values -------------------------------------------------------------------------

int typeIndex(int iFound, const char* szKind, const std::string& sName, const char* szList)
{
	if (iFound < 0)
	{
		badArgument(std::string("unknown ") + szKind + " type '" + sName + "' (not in the loaded rules; Rules." + szList
			+ " lists them)");
	}
	return iFound;
}

// "" / None / "NONE": none (-1); otherwise a name the rules must know.
int optionalType(const bp::object& kName, int (CvVisionRules::*fFind)(const std::string&) const,
	const CvVisionRules& kRules, const char* szKind, const char* szList)
{
	if (kName.is_none())
	{
		return -1;
	}
	const std::optional<std::string> kText = textOf(kName);
	if (!kText)
	{
		badArgument(std::string(szKind) + " must be a type name (str) or None");
	}
	const std::string sName = *kText;
	if (sName.empty() || sName == "NONE")
	{
		return -1;
	}
	return typeIndex((kRules.*fFind)(sName), szKind, sName, szList);
}

// --- worlds ---------------------------------------------------------------------------------

// cvvision.World: a VisionWorld with the rules it was built with and what the module tracks
// on top (the map's file, load warnings, the techs each team knows).
struct PyWorld
{
	PyRules kRules;
	std::unique_ptr<VisionWorld> pWorld;
	std::unique_ptr<VisionSetup> pSetup; // the engine explain() asks
	std::string sPath; // the map file, "" for a world made from scratch
	std::vector<std::string> asWarnings; // lenient load
	std::set<std::pair<int, int>> kTechs; // (team, tech) known

	// Every team's techs, as a map or a save lists them.
	void rememberTechs(const std::vector<std::set<int>>& aTechs)
	{
		for (int t = 0; t < static_cast<int>(aTechs.size()); ++t)
		{
			for (const int eTech : aTechs[t])
			{
				kTechs.insert({ t, eTech });
			}
		}
	}

	const CvVisionRules& rules() const { return kRules.rules(); }
	const VisionWorld::State& state() const { return pWorld->state(); }
	int width() const { return state().iWidth; }
	int height() const { return state().iHeight; }
	int teams() const { return state().iNumTeams; }

	int plot(int iX, int iY) const
	{
		if (iX < 0 || iY < 0 || iX >= width() || iY >= height())
		{
			badArgument("plot (" + std::to_string(iX) + "," + std::to_string(iY) + ") is off the "
				+ std::to_string(width()) + "x" + std::to_string(height()) + " map (x 0.." + std::to_string(width() - 1)
				+ ", y 0.." + std::to_string(height() - 1) + ")");
		}
		return iY * width() + iX;
	}

	int team(int eTeam) const
	{
		if (eTeam < 0 || eTeam >= teams())
		{
			badArgument(
				"team " + std::to_string(eTeam) + " is not on this map (teams 0.." + std::to_string(teams() - 1) + ")");
		}
		return eTeam;
	}

	const VisionWorld::Unit& unit(int iUnit) const
	{
		const auto it = state().kUnits.find(iUnit);
		if (it == state().kUnits.end())
		{
			std::vector<std::string> asIds;
			for (const auto& kEntry : state().kUnits)
			{
				asIds.push_back(std::to_string(kEntry.first));
			}
			badArgument("unknown unit id " + std::to_string(iUnit)
				+ (asIds.empty() ? std::string(" (the world has no units)")
								 : " (the world's units: " + joinNames(asIds, 20) + ")"));
		}
		return it->second;
	}

	int invisible(const bp::object& kValue) const
	{
		const std::vector<std::string>& asTypes = rules().aszInvisibleTypes;
		if (const std::optional<std::string> kText = textOf(kValue))
		{
			const int e = rules().findInvisibleType(*kText);
			if (e < 0)
			{
				badArgument("unknown invisible type '" + *kText + "' (the rules have " + joinNames(asTypes) + ")");
			}
			return e;
		}
		const std::optional<int> kNumber = intOf(kValue);
		if (!kNumber)
		{
			badArgument("invisible must be an invisible type's name or index");
		}
		if (*kNumber < 0 || *kNumber >= static_cast<int>(asTypes.size()))
		{
			badArgument("invisible type " + std::to_string(*kNumber) + " is not in the rules (0.."
				+ std::to_string(static_cast<int>(asTypes.size()) - 1) + ": " + joinNames(asTypes) + ")");
		}
		return *kNumber;
	}

	MapView view() const
	{
		return viewOfWorld(*pWorld, rules(), sPath.empty() ? "world" : fs::path(sPath).filename().string());
	}
};

using WorldPtr = std::shared_ptr<PyWorld>;

WorldPtr newWorld(const PyRules& kRules)
{
	WorldPtr pOut = std::make_shared<PyWorld>();
	pOut->kRules = kRules;
	pOut->pSetup = std::make_unique<VisionSetup>(kRules.rules());
	return pOut;
}

WorldPtr worldInit(const bp::object& kRules, int iWidth, int iHeight, bool bWrapX, bool bWrapY, int iTeams)
{
	if (iWidth < 1 || iHeight < 1)
	{
		badArgument("the map's width and height must be at least 1, not " + std::to_string(iWidth) + "x"
			+ std::to_string(iHeight));
	}
	if (iTeams < 1 || iTeams > 256)
	{
		badArgument("teams must be 1..256, not " + std::to_string(iTeams));
	}
	WorldPtr pOut = newWorld(rulesOrDefault(kRules));
	if (pOut->rules().aTerrains.empty())
	{
		badArgument("the rules have no terrain types");
	}
	// The one maximum map size (CV_VISION_MAX_MAP_PLOTS, CV_VISION_MAX_MAP_COUNTS), as the readers.
	const std::string sTooLarge =
		VisionWorld::sizeProblem(iWidth, iHeight, iTeams, static_cast<int>(pOut->rules().aszInvisibleTypes.size()));
	if (!sTooLarge.empty())
	{
		badArgument(sTooLarge);
	}
	pOut->pWorld = std::make_unique<VisionWorld>(pOut->rules(), iWidth, iHeight, bWrapX, bWrapY, iTeams);
	return pOut;
}

// A map or a save through the one loader (scenario/WorldLoader.h), its memory and techs included.
WorldPtr worldLoad(const std::string& sPath, const bp::object& kRules, LoadKind eKind, bool bLenient,
	const bp::object& kSdk = bp::object(), const bp::object& kGame = bp::object(),
	const bp::object& kAssets = bp::object())
{
	WorldPtr pOut = newWorld(rulesOrDefault(kRules));
	LoadOptions kOptions;
	kOptions.eKind = eKind;
	kOptions.bLenient = bLenient;
	if (!kSdk.is_none())
	{
		// a mod's save: read by its CvGameCoreDLL tree's own code, compiled behind the host
		if (kGame.is_none())
		{
			badArgument("load_save: sdk needs game, the game's folder (holding Assets, Warlords and Beyond the Sword)");
		}
		kOptions.oHost = HostSaveOptions{ pathOf(kSdk, "load_save: sdk"), pathOf(kGame, "load_save: game"),
			kAssets.is_none() ? fs::path() : fs::path(pathOf(kAssets, "load_save: assets")), {} };
	}
	LoadedWorld kLoaded = loadWorld(sPath, pOut->kRules.pLoaded, kOptions);
	pOut->pWorld = std::move(kLoaded.pWorld);
	pOut->asWarnings = std::move(kLoaded.asWarnings);
	pOut->sPath = sPath;
	pOut->rememberTechs(kLoaded.aTechs);
	return pOut;
}

WorldPtr worldLoadMap(const bp::object& kPath, const bp::object& kRules, bool bLenient)
{
	const std::string sPath = pathOf(kPath, "load_map: the map");
	std::error_code kIgnored;
	if (fs::is_directory(sPath, kIgnored))
	{
		throw WbError(sPath + ": a folder, not a WorldBuilder map file");
	}
	return worldLoad(sPath, kRules, LoadKind::Map, bLenient);
}

WorldPtr worldLoadSave(const bp::object& kPath, const bp::object& kRules, const bp::object& kSdk,
	const bp::object& kGame, const bp::object& kAssets)
{
	return worldLoad(pathOf(kPath, "load_save: the save"), kRules, LoadKind::Save, false, kSdk, kGame, kAssets);
}

int worldWidth(const PyWorld& w) { return w.width(); }
int worldHeight(const PyWorld& w) { return w.height(); }
bool worldWrapX(const PyWorld& w) { return w.state().bWrapX; }
bool worldWrapY(const PyWorld& w) { return w.state().bWrapY; }
int worldTeams(const PyWorld& w) { return w.teams(); }
PyRules worldRules(const PyWorld& w) { return w.kRules; }
bp::list worldWarnings(const PyWorld& w) { return stringList(w.asWarnings); }
bp::object worldPath(const PyWorld& w) { return w.sPath.empty() ? bp::object() : bp::object(w.sPath); }

std::string worldRepr(const PyWorld& w)
{
	return "<cvvision.World " + std::to_string(w.width()) + "x" + std::to_string(w.height()) + ", "
		+ std::to_string(w.teams()) + " teams, " + std::to_string(w.state().kUnits.size()) + " units"
		+ (w.sPath.empty() ? std::string() : ", " + fs::path(w.sPath).filename().string()) + ">";
}

// --- plots ------------------------------------------------------------------------------------

void worldSetPlot(
	PyWorld& w, int iX, int iY, const bp::object& kPlotType, const std::string& sTerrain, const bp::object& kFeature)
{
	const int iPlot = w.plot(iX, iY);
	const CvVisionPlotKind eKind = plotKindOf(kPlotType);
	const int eTerrain = typeIndex(w.rules().findTerrain(sTerrain), "terrain", sTerrain, "terrains");
	const int eFeature = optionalType(kFeature, &CvVisionRules::findFeature, w.rules(), "feature", "features");
	const VisionWorld::PlotState& kNow = w.state().aPlots[iPlot];
	if (kNow.eKind != eKind)
	{
		w.pWorld->setPlotKind(iPlot, eKind);
	}
	if (kNow.eTerrain != eTerrain)
	{
		w.pWorld->setTerrain(iPlot, eTerrain);
	}
	if (kNow.eFeature != eFeature)
	{
		w.pWorld->setFeature(iPlot, eFeature);
	}
}

// A team of the world, or -1 for None (and for -1 itself when bMinusOneIsNone).
int teamOrNone(const PyWorld& w, const bp::object& kTeam, const std::string& sWhat, bool bMinusOneIsNone)
{
	if (kTeam.is_none())
	{
		return -1;
	}
	const std::optional<int> kNumber = intOf(kTeam);
	if (!kNumber)
	{
		badArgument(sWhat + " must be a team number or None");
	}
	return (bMinusOneIsNone && *kNumber == -1) ? -1 : w.team(*kNumber);
}

void worldSetOwner(PyWorld& w, int iX, int iY, const bp::object& kTeam)
{
	const int iPlot = w.plot(iX, iY);
	w.pWorld->setOwner(iPlot, teamOrNone(w, kTeam, "team", true));
}

void worldSetCity(PyWorld& w, int iX, int iY, bool bCity) { w.pWorld->setCity(w.plot(iX, iY), bCity); }

void worldSetImprovement(PyWorld& w, int iX, int iY, const bp::object& kName)
{
	const int iPlot = w.plot(iX, iY);
	w.pWorld->setImprovement(
		iPlot, optionalType(kName, &CvVisionRules::findImprovement, w.rules(), "improvement", "improvements"));
}

bp::dict worldPlotInfo(const PyWorld& w, int iX, int iY)
{
	const int iPlot = w.plot(iX, iY);
	const VisionWorld::PlotState& kPlot = w.state().aPlots[iPlot];
	const CvVisionRules& kRules = w.rules();
	bp::dict kOut;
	kOut["x"] = iX;
	kOut["y"] = iY;
	kOut["plot_type"] = g_aszPlotKinds[kPlot.eKind];
	kOut["terrain"] = kRules.aTerrains.at(kPlot.eTerrain).szType;
	kOut["feature"] = kPlot.eFeature < 0 ? bp::object() : bp::object(kRules.aFeatures.at(kPlot.eFeature).szType);
	kOut["improvement"] =
		kPlot.eImprovement < 0 ? bp::object() : bp::object(kRules.aImprovements.at(kPlot.eImprovement).szType);
	kOut["owner"] = kPlot.eOwner < 0 ? bp::object() : bp::object(kPlot.eOwner);
	kOut["city"] = kPlot.bCity;
	kOut["see_through"] = w.pWorld->grid().seeThroughLevel(iPlot);
	return kOut;
}

// --- units ------------------------------------------------------------------------------------

int worldCreateUnit(PyWorld& w, const std::string& sType, int eTeam, int iX, int iY, const bp::object& kFacing)
{
	const int eType = typeIndex(w.rules().findUnit(sType), "unit", sType, "units");
	w.team(eTeam);
	w.plot(iX, iY);
	return w.pWorld->createUnit(eType, eTeam, iX, iY, facingOf(kFacing));
}

void worldMoveUnit(PyWorld& w, int iUnit, int iX, int iY)
{
	w.unit(iUnit);
	w.plot(iX, iY);
	w.pWorld->moveUnit(iUnit, iX, iY);
}

void worldKillUnit(PyWorld& w, int iUnit)
{
	w.unit(iUnit);
	w.pWorld->killUnit(iUnit);
}

void worldSetPromotion(PyWorld& w, int iUnit, const std::string& sName, bool bHas)
{
	w.unit(iUnit);
	w.pWorld->setPromotion(iUnit, typeIndex(w.rules().findPromotion(sName), "promotion", sName, "promotions"), bHas);
}

void worldSetFacing(PyWorld& w, int iUnit, const bp::object& kFacing)
{
	w.unit(iUnit);
	w.pWorld->setFacing(iUnit, facingOf(kFacing));
}

void worldSetRecon(PyWorld& w, int iUnit, const bp::object& kPlot)
{
	w.unit(iUnit);
	int iPlot = -1;
	if (!kPlot.is_none())
	{
		const std::pair<int, int> kXY = pairOf(kPlot, "the recon plot");
		iPlot = w.plot(kXY.first, kXY.second);
	}
	w.pWorld->setRecon(iUnit, iPlot);
}

void worldSetHasTech(PyWorld& w, int eTeam, const std::string& sName, bool bHas)
{
	w.team(eTeam);
	const int eTech = typeIndex(w.rules().findTech(sName), "tech", sName, "techs");
	const std::pair<int, int> kKey(eTeam, eTech);
	if ((w.kTechs.count(kKey) > 0) == bHas)
	{
		return; // already so: VisionWorld counts a team's water techs, so only changes go to it
	}
	bHas ? (void)w.kTechs.insert(kKey) : (void)w.kTechs.erase(kKey);
	w.pWorld->setHasTech(eTeam, eTech, bHas);
}

bool worldHasTech(const PyWorld& w, int eTeam, const std::string& sName)
{
	w.team(eTeam);
	return w.kTechs.count({ eTeam, typeIndex(w.rules().findTech(sName), "tech", sName, "techs") }) > 0;
}

void worldSetMaster(PyWorld& w, int eVassal, const bp::object& kMaster)
{
	w.team(eVassal);
	const int eMaster = teamOrNone(w, kMaster, "master", true);
	if (eMaster == eVassal)
	{
		badArgument("team " + std::to_string(eVassal) + " cannot be its own master");
	}
	w.pWorld->setMaster(eVassal, eMaster);
}

void worldSetEspionage(PyWorld& w, int eTeam, int iX, int iY, bool bSees)
{
	w.team(eTeam);
	w.pWorld->setEspionage(eTeam, w.plot(iX, iY), bSees);
}

bp::tuple xyOf(const PyWorld& w, int iPlot) { return bp::make_tuple(iPlot % w.width(), iPlot / w.width()); }

bp::list sortedPlots(const PyWorld& w, std::vector<int> aiPlots)
{
	std::vector<std::pair<int, int>> aXY;
	for (int iPlot : aiPlots)
	{
		aXY.push_back({ iPlot % w.width(), iPlot / w.width() });
	}
	std::sort(aXY.begin(), aXY.end());
	aXY.erase(std::unique(aXY.begin(), aXY.end()), aXY.end());
	bp::list kOut;
	for (const auto& [iX, iY] : aXY)
	{
		kOut.append(bp::make_tuple(iX, iY));
	}
	return kOut;
}

bp::list worldUnits(const PyWorld& w)
{
	bp::list kOut;
	for (const auto& [iId, kUnit] : w.state().kUnits)
	{
		bp::dict kDict;
		kDict["id"] = iId;
		kDict["type"] = w.rules().aUnits.at(kUnit.eType).szType;
		kDict["team"] = kUnit.eTeam;
		kDict["x"] = kUnit.iX;
		kDict["y"] = kUnit.iY;
		kDict["facing"] = kUnit.eFacing;
		std::vector<std::string> asPromotions;
		for (int ePromotion : kUnit.aePromotions)
		{
			asPromotions.push_back(w.rules().aPromotions.at(ePromotion).szType);
		}
		std::sort(asPromotions.begin(), asPromotions.end());
		kDict["promotions"] = stringList(asPromotions);
		kDict["range"] = w.pWorld->unitRange(iId);
		kDict["recon"] = kUnit.iReconPlot < 0 ? bp::object() : bp::object(xyOf(w, kUnit.iReconPlot));
		kOut.append(kDict);
	}
	return kOut;
}

bp::list worldUnitSees(const PyWorld& w, int iUnit)
{
	w.unit(iUnit);
	return sortedPlots(w, w.pWorld->plotsSeenByUnit(iUnit));
}

// --- queries ----------------------------------------------------------------------------------

int worldVisibilityCount(const PyWorld& w, int iX, int iY, int eTeam)
{
	const int iPlot = w.plot(iX, iY);
	return w.pWorld->grid().counts()[w.team(eTeam) * w.pWorld->plotCount() + iPlot];
}

bool worldIsVisible(const PyWorld& w, int iX, int iY, int eTeam) { return worldVisibilityCount(w, iX, iY, eTeam) > 0; }

int worldInvisibleCount(const PyWorld& w, int iX, int iY, int eTeam, const bp::object& kInvisible)
{
	w.plot(iX, iY);
	return w.pWorld->grid().invisibleCount(w.team(eTeam), w.invisible(kInvisible), iX, iY);
}

bool worldIsRevealed(const PyWorld& w, int iX, int iY, int eTeam)
{
	const int iPlot = w.plot(iX, iY);
	return w.pWorld->memory(w.team(eTeam), iPlot).bRevealed;
}

int worldSeeFrom(const PyWorld& w, int iX, int iY, int eTeam)
{
	const int iPlot = w.plot(iX, iY);
	return w.pWorld->grid().seeFromLevel(iPlot, w.team(eTeam));
}

int worldSeeThrough(const PyWorld& w, int iX, int iY) { return w.pWorld->grid().seeThroughLevel(w.plot(iX, iY)); }

bp::list worldVisiblePlots(const PyWorld& w, int eTeam)
{
	w.team(eTeam);
	std::vector<int> aiPlots;
	const std::vector<int>& aiCounts = w.pWorld->grid().counts();
	for (int i = 0; i < w.pWorld->plotCount(); ++i)
	{
		if (aiCounts[eTeam * w.pWorld->plotCount() + i] > 0)
		{
			aiPlots.push_back(i);
		}
	}
	return sortedPlots(w, aiPlots);
}

bp::list worldCounts(const PyWorld& w, const bp::object& kTeam)
{
	const int eOnly = teamOrNone(w, kTeam, "team", false);
	std::vector<std::tuple<int, int, int, int>> aRows;
	const std::vector<int>& aiCounts = w.pWorld->grid().counts();
	const int iPlots = w.pWorld->plotCount();
	for (int t = 0; t < w.teams(); ++t)
	{
		for (int i = 0; i < iPlots && (eOnly < 0 || eOnly == t); ++i)
		{
			if (aiCounts[t * iPlots + i] > 0)
			{
				aRows.emplace_back(t, i % w.width(), i / w.width(), aiCounts[t * iPlots + i]);
			}
		}
	}
	std::sort(aRows.begin(), aRows.end());
	bp::list kOut;
	for (const auto& [t, x, y, n] : aRows)
	{
		kOut.append(bp::make_tuple(t, x, y, n));
	}
	return kOut;
}

void worldSetRoute(PyWorld& w, int iX, int iY, const bp::object& kName)
{
	const int iPlot = w.plot(iX, iY);
	w.pWorld->setRoute(iPlot, optionalType(kName, &CvVisionRules::findRoute, w.rules(), "route", "routes"));
}

// A path query's mover from Python's arguments, every one checked before any C++ call.
PathMover pathMoverOf(
	const PyWorld& w, int eTeam, std::pair<int, int> kFrom, const bp::object& kUnit, const bp::object& kOpenBorders)
{
	PathMover kMover;
	kMover.eTeam = w.team(eTeam);
	kMover.eBarbarianTeam = w.sPath.empty() ? -1 : w.teams() - 1; // a loaded map's or save's last team
	for (const auto& [eKnownTeam, eTech] : w.kTechs)
	{
		if (eKnownTeam == eTeam)
		{
			kMover.aeTechs.insert(eTech);
		}
	}
	if (kUnit.is_none())
	{
		kMover.eUnitType = unitTypeAt(*w.pWorld, eTeam, kFrom.first, kFrom.second);
	}
	else
	{
		const bp::extract<std::string> kName(kUnit);
		if (!kName.check())
		{
			badArgument("unit: a unit type name ('UNIT_SCOUT') or None");
		}
		kMover.eUnitType = typeIndex(w.rules().findUnit(kName()), "unit", kName(), "units");
	}
	if (kMover.eUnitType >= 0)
	{
		const CvVisionDomain eDomain = w.rules().aUnits[kMover.eUnitType].eDomain;
		if (eDomain != CV_VISION_DOMAIN_LAND && eDomain != CV_VISION_DOMAIN_SEA)
		{
			badArgument(w.rules().aUnits[kMover.eUnitType].szType + " is not a land or sea unit: it has no path");
		}
	}
	PyObject* pIterator = PyObject_GetIter(kOpenBorders.ptr());
	if (!pIterator)
	{
		PyErr_Clear();
		badArgument("open_borders: a list of team numbers");
	}
	const bp::object kIterator{ bp::handle<>(pIterator) };
	for (;;)
	{
		bp::handle<> kItem(bp::allow_null(PyIter_Next(kIterator.ptr())));
		if (!kItem)
		{
			if (PyErr_Occurred())
			{
				bp::throw_error_already_set();
			}
			break;
		}
		const std::optional<int> kTeam = intOf(bp::object(kItem));
		if (!kTeam)
		{
			badArgument("open_borders: a team number, not something else");
		}
		kMover.aeOpenTeams.insert(w.team(*kTeam));
	}
	return kMover;
}

bp::dict pathDict(const PyWorld& w, const CvPathResult& kResult)
{
	bp::dict kOut;
	kOut["status"] = pathStatusName(kResult);
	kOut["cost"] = kResult.iCost;
	kOut["move_denominator"] = w.rules().iMoveDenominator;
	kOut["expanded"] = kResult.iExpanded;
	bp::list kPlots;
	for (const int iPlot : kResult.aiPlots)
	{
		kPlots.append(xyOf(w, iPlot));
	}
	kOut["plots"] = kPlots;
	return kOut;
}

struct PathCall
{
	PathMover kMover;
	std::pair<int, int> kFrom;
	std::pair<int, int> kTo;
	unsigned int uSeed;
	PathAnswer kAnswer;
};

PathCall pathCall(const PyWorld& w, int eTeam, const bp::object& kFrom, const bp::object& kTo, const bp::object& kSeed,
	const bp::object& kUnit, const bp::object& kOpenBorders)
{
	PathCall kCall;
	kCall.kFrom = pairOf(kFrom, "from_xy");
	kCall.kTo = pairOf(kTo, "to_xy");
	w.plot(kCall.kFrom.first, kCall.kFrom.second);
	w.plot(kCall.kTo.first, kCall.kTo.second);
	long long lSeed = -1;
	if (PyLong_Check(kSeed.ptr()) && !PyBool_Check(kSeed.ptr()))
	{
		int iOverflow = 0;
		lSeed = PyLong_AsLongLongAndOverflow(kSeed.ptr(), &iOverflow);
		lSeed = iOverflow ? -1 : lSeed;
	}
	if (lSeed < 0 || lSeed > 0xFFFFFFFFll)
	{
		PyErr_Clear();
		badArgument("seed: a whole number 0..4294967295");
	}
	kCall.uSeed = static_cast<unsigned int>(lSeed);
	kCall.kMover = pathMoverOf(w, eTeam, kCall.kFrom, kUnit, kOpenBorders);
	kCall.kAnswer = planPath(*w.pWorld, w.rules(), kCall.kMover, kCall.kFrom, kCall.kTo, kCall.uSeed);
	return kCall;
}

bp::dict worldFindPath(const PyWorld& w, int eTeam, const bp::object& kFrom, const bp::object& kTo,
	const bp::object& kSeed, const bp::object& kUnit, const bp::object& kOpenBorders)
{
	const PathCall kCall = pathCall(w, eTeam, kFrom, kTo, kSeed, kUnit, kOpenBorders);
	bp::dict kOut;
	kOut["knowledge"] = pathDict(w, kCall.kAnswer.kKnowledge);
	kOut["truth"] = pathDict(w, kCall.kAnswer.kTruth);
	kOut["unit"] =
		kCall.kMover.eUnitType < 0 ? bp::object() : bp::object(w.rules().aUnits[kCall.kMover.eUnitType].szType);
	return kOut;
}

std::string worldShowPath(const PyWorld& w, int eTeam, const bp::object& kFrom, const bp::object& kTo,
	const bp::object& kSeed, const bp::object& kUnit, const bp::object& kOpenBorders)
{
	const PathCall kCall = pathCall(w, eTeam, kFrom, kTo, kSeed, kUnit, kOpenBorders);
	return renderPaths(*w.pWorld, w.rules(), kCall.kMover, kCall.kAnswer, kCall.kFrom, kCall.kTo);
}

void worldRenderPathPng(const PyWorld& w, const bp::object& kPath, int eTeam, const bp::object& kFrom,
	const bp::object& kTo, const bp::object& kSeed, const bp::object& kUnit, const bp::object& kOpenBorders)
{
	const std::string sPath = pathOf(kPath, "render_path_png: the file");
	const PathCall kCall = pathCall(w, eTeam, kFrom, kTo, kSeed, kUnit, kOpenBorders);
	try
	{
		writePathsPng(sPath, *w.pWorld, w.rules(), kCall.kMover, kCall.kAnswer, kCall.kFrom, kCall.kTo);
	}
	catch (const std::invalid_argument&)
	{
		throw;
	}
	catch (const std::runtime_error& kError)
	{
		throw OutputFileError(kError.what());
	}
}

bp::dict worldExplain(
	const PyWorld& w, const bp::object& kFrom, const bp::object& kTo, int eTeam, const bp::object& kRange)
{
	const std::pair<int, int> kFromXY = pairOf(kFrom, "from_xy");
	const std::pair<int, int> kToXY = pairOf(kTo, "to_xy");
	w.plot(kFromXY.first, kFromXY.second);
	w.plot(kToXY.first, kToXY.second);
	ExplainRequest kRequest;
	kRequest.iFromX = kFromXY.first;
	kRequest.iFromY = kFromXY.second;
	kRequest.iToX = kToXY.first;
	kRequest.iToY = kToXY.second;
	kRequest.eTeam = w.team(eTeam);
	// As `cvvision explain`.
	kRequest.iRange = defaultExplainRange(*w.pWorld, w.rules(), kFromXY.first, kFromXY.second, kRequest.eTeam);
	if (!kRange.is_none())
	{
		const std::optional<int> kNumber = intOf(kRange);
		if (!kNumber || *kNumber < 0 || *kNumber > CV_VISION_MAX_RANGE)
		{
			badArgument("range must be a whole number 0.." + std::to_string(CV_VISION_MAX_RANGE) + " or None");
		}
		kRequest.iRange = *kNumber;
	}
	const SightExplanation kExplanation = explainSightData(w.pWorld->grid(), w.pSetup->engine(), kRequest);
	bp::dict kOut;
	kOut["visible"] = kExplanation.kVerdict.bVisible;
	kOut["verdict"] = explanationVerdictLine(kExplanation);
	kOut["report"] = explanationText(kExplanation);
	kOut["range"] = kExplanation.kRequest.iRange;
	return kOut;
}

// --- audit and repair -----------------------------------------------------------------------

bp::list worldAudit(const PyWorld& w)
{
	bp::list kOut;
	for (const VisionWorld::Difference& kDifference : w.pWorld->audit())
	{
		bp::dict kDict;
		kDict["x"] = kDifference.iPlot % w.width();
		kDict["y"] = kDifference.iPlot / w.width();
		kDict["team"] = kDifference.eTeam;
		kDict["invisible"] = kDifference.eInvisible < 0
			? bp::object()
			: bp::object(w.rules().aszInvisibleTypes.at(kDifference.eInvisible));
		kDict["stored"] = kDifference.iStored;
		kDict["expected"] = kDifference.iExpected;
		kOut.append(kDict);
	}
	return kOut;
}

int worldRepair(PyWorld& w) { return w.pWorld->repair(); }

void worldCorruptCount(PyWorld& w, int iX, int iY, int eTeam, int iChange, const bp::object& kInvisible)
{
	const int iPlot = w.plot(iX, iY);
	w.team(eTeam);
	w.pWorld->corruptCount(iPlot, eTeam, kInvisible.is_none() ? -1 : w.invisible(kInvisible), iChange);
}

// --- pictures ---------------------------------------------------------------------------------

RenderOptions renderOptions(const PyWorld& w, int eTeam, bool bColor)
{
	RenderOptions kOptions;
	kOptions.eTeam = w.team(eTeam);
	kOptions.bColor = bColor;
	return kOptions;
}

std::string worldShow(const PyWorld& w, int eTeam, bool bColor)
{
	return renderText(w.view(), renderOptions(w, eTeam, bColor));
}

void worldRenderPng(const PyWorld& w, const bp::object& kPath, int eTeam)
{
	const std::string sPath = pathOf(kPath, "render_png: the file");
	const RenderOptions kOptions = renderOptions(w, eTeam, false);
	const MapView kView = w.view();
	try
	{
		writePng(kView, kOptions, sPath);
	}
	catch (const std::invalid_argument&)
	{
		throw;
	}
	catch (const std::runtime_error& kError)
	{
		throw OutputFileError(kError.what());
	}
}

void worldRenderHtml(const PyWorld& w, const bp::object& kPath, int eTeam)
{
	const std::string sPath = pathOf(kPath, "render_html: the file");
	const std::string sPage = renderHtml(w.view(), renderOptions(w, eTeam, false));
	// Written next to the target and renamed, so the page is never half-written.
	const std::string sTemp = sPath + ".part";
	{
		std::ofstream kOut(sTemp, std::ios::binary);
		kOut << sPage;
		kOut.close();
		if (!kOut)
		{
			std::error_code kIgnored;
			fs::remove(sTemp, kIgnored);
			throw OutputFileError(sPath + ": cannot write the file");
		}
	}
	std::error_code kError;
	fs::rename(sTemp, sPath, kError);
	if (kError)
	{
		std::error_code kIgnored;
		fs::remove(sTemp, kIgnored);
		throw OutputFileError(sPath + ": cannot write the file (" + kError.message() + ")");
	}
}
}

BOOST_PYTHON_MODULE(cvvision)
{
	bp::docstring_options kDocs(
		true, false, false); // our docstrings (they start with the call), no generated signatures

	bp::scope().attr("__doc__") =
		"CvVision: Civilization IV: Beyond the Sword 3.19 plot vision, bit for bit.\n\n"
		"Rules come from Civ4 XML (Rules.load, Rules.vanilla, Rules.default); a World holds a map's sight\n"
		"sources (units, owned plots, cities, recon) and applies the game's operations inside their\n"
		"remove/re-add brackets, with the ledger, so every count stays exact. Queries use the Civ4\n"
		"Python names (isVisible, getVisibilityCount, isRevealed, seeFromLevel ...); coordinates are\n"
		"(x, y) with y growing north; teams are numbers (on a WorldBuilder map, the barbarians are the last).\n\n"
		"    world = cvvision.World.load_map('PublicMaps/CvVision_Sample.CivBeyondSwordWBSave')\n"
		"    world.isVisible(5, 5, 0); world.visible_plots(0); print(world.show(0))\n\n"
		"Errors: cvvision.FileError (an OSError) for rules or map files that cannot be read or are\n"
		"malformed, and for pictures that cannot be written; ValueError for bad arguments (unknown type\n"
		"names, coordinates off the map, teams not on the map, unknown unit ids); RuntimeError otherwise.";
	bp::scope().attr("MAX_RANGE") = CV_VISION_MAX_RANGE;

	g_pFileError = PyErr_NewExceptionWithDoc("cvvision.FileError",
		"A rules folder, an XML file or a map that cannot be read or is malformed (the message names the file\n"
		"and, where it can, the line: 'FILE:LINE: what is wrong'), or a picture that cannot be written.\n"
		"A subclass of OSError.",
		PyExc_OSError, nullptr);
	if (!g_pFileError)
	{
		bp::throw_error_already_set();
	}
	bp::scope().attr("FileError") = bp::handle<>(bp::borrowed(g_pFileError));

	// Later registrations are tried first: the general ones go first. Other std::exceptions are
	// Boost.Python's: RuntimeError with the message (MemoryError for std::bad_alloc).
	bp::register_exception_translator<std::invalid_argument>(&toValueError);
	bp::register_exception_translator<std::out_of_range>(&toIndexError);
	bp::register_exception_translator<RulesError>(&toFileError<RulesError>);
	bp::register_exception_translator<WbError>(&toFileError<WbError>);
	bp::register_exception_translator<SaveError>(&toFileError<SaveError>);
	bp::register_exception_translator<OutputFileError>(&toFileError<OutputFileError>);

	exportFov();

	// --- Rules ----------------------------------------------------------------------------------
	bp::class_<PyRules>("Rules",
		"The numbers vision depends on, loaded from a mod's Civ4 XML: defines (ranges, level changes),\n"
		"terrain, feature, improvement, tech, promotion and unit infos, invisible types and the mod's\n"
		"CVVISION_* knobs. Make one with Rules.load, Rules.vanilla or Rules.default; read-only.",
		bp::no_init)
		.def("load", &rulesLoad, (bp::arg("folders"), bp::arg("sdk") = bp::object()),
			"Rules.load(folders, sdk=None) -> Rules\n\n"
			"Loads the rules from Civ4 'Assets' folders (each holding XML/), highest priority first: the mod's,\n"
			"then Beyond the Sword's, then the base game's; for each file the first folder that has it wins.\n"
			"folders: a list of paths (str or os.PathLike), or one path. (sdk: no longer taken; see\n"
			"Rules.load_tree.) Raises cvvision.FileError naming the file and line for malformed XML, a missing\n"
			"required file, a bad value or a bad knob.")
		.staticmethod("load")
		.def("load_tree", &rulesLoadTree, (bp::arg("sdk"), bp::arg("game"), bp::arg("assets") = bp::object()),
			"Rules.load_tree(sdk, game, assets=None) -> Rules\n\n"
			"The rules a mod's own DLL loads: sdk, its CvGameCoreDLL source folder, is compiled whole behind the\n"
			"host (tools/host; the first build takes minutes, then it is cached) and loads the XML of game (the\n"
			"game's folder: Assets, Warlords, Beyond the Sword) with assets (the mod's Assets folder) first, with its\n"
			"own loader; CvVision's adapter then reads the rules from the loaded infos, as in the game (as\n"
			"`cvvision rules --sdk TREE --game DIR`). Raises cvvision.FileError naming the tree, the load step\n"
			"and the file.")
		.staticmethod("load_tree")
		.def("vanilla", &rulesVanilla,
			"Rules.vanilla() -> Rules\n\nThe project's own vanilla-valued XML (tools/data/vanilla/Assets): BTS 3.19's "
			"numbers.")
		.staticmethod("vanilla")
		.def("default", &rulesDefault,
			"Rules.default() -> Rules\n\n"
			"What `cvvision` uses without --assets: this project's Assets/ (the mod's knobs, all at their BTS\n"
			"values) over its vanilla XML. World.load_map uses these when given no rules.")
		.staticmethod("default")
		.add_property(
			"unit_visibility_range", &rulesUnitRange, "UNIT_VISIBILITY_RANGE: a unit's base sight range (BTS: 1).")
		.add_property("plot_visibility_range", &rulesPlotRange,
			"PLOT_VISIBILITY_RANGE: the sight range of an owned plot (BTS: 1).")
		.add_property("recon_visibility_range", &rulesReconRange,
			"RECON_VISIBILITY_RANGE: the range of a recon mission (BTS: 5).")
		.add_property("resight_radius", &rulesResightRadius,
			"How far a change of a plot's levels can change a source's sight (vanilla: 3); see "
			"docs/leak-proof-sight.md.")
		.add_property("terrains", &rulesTerrains, "Terrain type names, in the game's index order.")
		.add_property("features", &rulesFeatures, "Feature type names, in the game's index order.")
		.add_property("improvements", &rulesImprovements, "Improvement type names, in the game's index order.")
		.add_property("units", &rulesUnits, "Unit type names, in the game's index order.")
		.add_property("promotions", &rulesPromotions, "Promotion type names, in the game's index order.")
		.add_property("techs", &rulesTechs, "Tech names, in the game's index order.")
		.add_property(
			"invisible_types", &rulesInvisibleTypes, "Invisible type names (INVISIBLE_SUBMARINE ...), in index order.")
		.add_property(
			"warnings", &rulesWarnings, "What the loader warned about (e.g. a vision define missing: it reads as 0).")
		.add_property("files_read", &rulesFilesRead, "The XML files read, in the order they were read.")
		.add_property("folders", &rulesFolders, "The Assets folders given, highest priority first.")
		.add_property("defines", &rulesDefines, "Every integer define read: a dict name -> value.")
		.add_property(
			"knobs", &rulesKnobs, "The mod's CVVISION_* knobs: a dict define name -> value (BTS defaults when absent).")
		.def("knob", &rulesKnob, (bp::arg("self"), bp::arg("name")),
			"knob(name) -> int\n\n"
			"A knob's value by its define name: one of the mod's CVVISION_* knobs, or a per-type knob such as\n"
			"CVVISION_SEE_FROM_IMPROVEMENT_FORT or CVVISION_EXTRA_RANGE_UNIT_SCOUT (0 unless the mod sets it).\n"
			"ValueError for an unknown name.")
		.def("__repr__", &rulesRepr);

	// --- World ----------------------------------------------------------------------------------
	bp::class_<PyWorld, WorldPtr, boost::noncopyable>("World",
		"A game's sight: a map, its sight sources (units, owned plots, cities, recon), per-team visibility\n"
		"counts, invisible-type counts and revealed memory. Each operation (create_unit, move_unit, set_plot\n"
		"...) is applied inside its remove/re-add bracket, as the game does, with the ledger.\n\n"
		"World(rules, width, height, wrap_x=False, wrap_y=False, teams=2): a map of flat terrain 0\n"
		"(TERRAIN_GRASS in BTS) with no sources; rules None means Rules.default().\n"
		"World.load_map(path, rules=None, lenient=False): a WorldBuilder map with its units and cities.",
		bp::no_init)
		.def("__init__",
			bp::make_constructor(&worldInit, bp::default_call_policies(),
				(bp::arg("rules"), bp::arg("width"), bp::arg("height"), bp::arg("wrap_x") = false,
					bp::arg("wrap_y") = false, bp::arg("teams") = 2)),
			"World(rules, width, height, wrap_x=False, wrap_y=False, teams=2)\n\n"
			"A world from scratch: width x height plots (at most 1048576 plots, 4096 a side: CvVision's maximum map) "
			"of flat terrain 0, teams 1..256, no sources.")
		.def("load_map", &worldLoadMap, (bp::arg("path"), bp::arg("rules") = bp::object(), bp::arg("lenient") = false),
			"World.load_map(path, rules=None, lenient=False) -> World\n\n"
			"Reads a WorldBuilder save (.CivBeyondSwordWBSave, .Civ4WorldBuilderSave) and places its sight\n"
			"sources as `cvvision counts` does: each unit with its type, promotions and facing, each city's plot\n"
			"as an owned plot, each team's techs and vassal master. rules None: Rules.default(). Raises\n"
			"cvvision.FileError naming the file and line for a file that cannot be read, is malformed or names a\n"
			"type the rules lack; lenient=True turns unknown names into warnings (World.warnings) instead.")
		.staticmethod("load_map")
		.def("load_save", &worldLoadSave,
			(bp::arg("path"), bp::arg("rules") = bp::object(), bp::arg("sdk") = bp::object(),
				bp::arg("game") = bp::object(), bp::arg("assets") = bp::object()),
			"World.load_save(path, rules=None, sdk=None, game=None, assets=None) -> World\n\n"
			"sdk: a mod's CvGameCoreDLL source folder, with game (the game's folder, holding Assets, Warlords and\n"
			"Beyond the Sword) and assets (the mod's Assets folder, optional): the save is read by that tree's own\n"
			"code, compiled and run behind the host (as `cvvision audit --sdk TREE --game DIR`).\n"
			"A saved game of unmodified BTS 3.19 (.CivBeyondSwordSave): its plots, units, cities, techs, vassals and\n"
			"espionage as sight sources. Saves store type indices, so the rules must list the types in the game's\n"
			"order (the bundled vanilla XML does). cvvision.FileError for a damaged or modded save.")
		.staticmethod("load_save")
		.add_property("width", &worldWidth, "The map's width in plots.")
		.add_property("height", &worldHeight, "The map's height in plots.")
		.add_property("wrap_x", &worldWrapX, "Whether the map wraps east-west.")
		.add_property("wrap_y", &worldWrapY, "Whether the map wraps north-south.")
		.add_property(
			"teams", &worldTeams, "How many teams (on a WorldBuilder map: the civ teams, then the barbarians).")
		.add_property("rules", &worldRules, "The Rules this world was built with.")
		.add_property("warnings", &worldWarnings, "What load_map(..., lenient=True) skipped, one message each.")
		.add_property("path", &worldPath, "The map file it was loaded from, or None.")
		.def("__repr__", &worldRepr)
		// plots
		.def("set_plot", &worldSetPlot,
			(bp::arg("self"), bp::arg("x"), bp::arg("y"), bp::arg("plot_type") = "flat",
				bp::arg("terrain") = "TERRAIN_GRASS", bp::arg("feature") = bp::object()),
			"set_plot(x, y, plot_type='flat', terrain='TERRAIN_GRASS', feature=None)\n\n"
			"Sets a plot's facts: plot_type 'peak', 'hills', 'flat' or 'water' (or Civ4's 0..3, or PLOT_PEAK ...),\n"
			"a terrain name and a feature name (None: no feature). The sources nearby are re-sighted.")
		.def("set_owner", &worldSetOwner, (bp::arg("self"), bp::arg("x"), bp::arg("y"), bp::arg("team")),
			"set_owner(x, y, team)\n\nThe plot's owning team (None or -1: none). An owned plot sees its neighbours.")
		.def("set_city", &worldSetCity, (bp::arg("self"), bp::arg("x"), bp::arg("y"), bp::arg("city") = true),
			"set_city(x, y, city=True)\n\nPuts a city on the plot or removes it (a city's plot is seen by its owner's "
			"master).")
		.def("set_improvement", &worldSetImprovement,
			(bp::arg("self"), bp::arg("x"), bp::arg("y"), bp::arg("improvement")),
			"set_improvement(x, y, improvement)\n\n"
			"The plot's improvement by name (None: none); with a CVVISION_SEE_FROM_<improvement> knob it lifts the "
			"viewer.")
		.def("plot_info", &worldPlotInfo, (bp::arg("self"), bp::arg("x"), bp::arg("y")),
			"plot_info(x, y) -> dict\n\n"
			"A plot's facts: x, y, plot_type ('peak', 'hills', 'flat', 'water'), terrain, feature, improvement\n"
			"(names or None), owner (team or None), city (bool), see_through (its level).")
		// units
		.def("create_unit", &worldCreateUnit,
			(bp::arg("self"), bp::arg("type_name"), bp::arg("team"), bp::arg("x"), bp::arg("y"), bp::arg("facing") = 4),
			"create_unit(type_name, team, x, y, facing=4) -> int\n\n"
			"Creates a unit ('UNIT_SCOUT') of a team on a plot and adds its sight; returns its id. facing: Civ4's\n"
			"DirectionTypes, 0 north ... 4 south (the default) ... 7 northwest, or a name ('south'); it only\n"
			"matters for bLineOfSight units.")
		.def("move_unit", &worldMoveUnit, (bp::arg("self"), bp::arg("id"), bp::arg("x"), bp::arg("y")),
			"move_unit(id, x, y)\n\nMoves a unit: its sight is removed, it moves, its sight is added.")
		.def("kill_unit", &worldKillUnit, (bp::arg("self"), bp::arg("id")),
			"kill_unit(id)\n\nRemoves a unit and the sight it added.")
		.def("set_promotion", &worldSetPromotion,
			(bp::arg("self"), bp::arg("id"), bp::arg("name"), bp::arg("has") = true),
			"set_promotion(id, name, has=True)\n\nGives a unit a promotion ('PROMOTION_SENTRY') or takes it away.")
		.def("set_facing", &worldSetFacing, (bp::arg("self"), bp::arg("id"), bp::arg("facing")),
			"set_facing(id, facing)\n\nTurns a unit: 0 north ... 7 northwest, or a name ('east').")
		.def("set_recon", &worldSetRecon, (bp::arg("self"), bp::arg("id"), bp::arg("xy")),
			"set_recon(id, xy)\n\nA recon mission of the unit over the plot (x, y) (aerial sight of "
			"RECON_VISIBILITY_RANGE); None ends it.")
		.def("set_has_tech", &worldSetHasTech,
			(bp::arg("self"), bp::arg("team"), bp::arg("name"), bp::arg("has") = true),
			"set_has_tech(team, name, has=True)\n\n"
			"A team learns or loses a tech ('TECH_OPTICS'); a bExtraWaterSeeFrom tech raises its see-from on water.")
		.def("has_tech", &worldHasTech, (bp::arg("self"), bp::arg("team"), bp::arg("name")),
			"has_tech(team, name) -> bool\n\nWhether the team knows the tech (from the map, then set_has_tech).")
		.def("set_master", &worldSetMaster, (bp::arg("self"), bp::arg("vassal"), bp::arg("master")),
			"set_master(vassal, master)\n\nMakes a team the vassal of another (None ends it): the master sees the "
			"vassal's city plots.")
		.def("set_espionage", &worldSetEspionage,
			(bp::arg("self"), bp::arg("team"), bp::arg("x"), bp::arg("y"), bp::arg("sees") = true),
			"set_espionage(team, x, y, sees=True)\n\nThe team sees the city on (x, y) by espionage (or no longer).")
		.def("units", &worldUnits,
			"units() -> list of dict\n\n"
			"Every unit, by id: id, type, team, x, y, facing, promotions (names), range (its sight range),\n"
			"recon ((x, y) or None).")
		.def("unit_sees", &worldUnitSees, (bp::arg("self"), bp::arg("id")),
			"unit_sees(id) -> list of (x, y)\n\nThe plots the unit's own sight reaches, sorted.")
		// queries (Civ4 names)
		.def("isVisible", &worldIsVisible, (bp::arg("self"), bp::arg("x"), bp::arg("y"), bp::arg("team")),
			"isVisible(x, y, team) -> bool\n\nWhether the team sees the plot now (its visibility count is above 0).")
		.def("getVisibilityCount", &worldVisibilityCount,
			(bp::arg("self"), bp::arg("x"), bp::arg("y"), bp::arg("team")),
			"getVisibilityCount(x, y, team) -> int\n\nHow many of the team's sight sources see the plot "
			"(CvPlot::getVisibilityCount).")
		.def("getInvisibleVisibilityCount", &worldInvisibleCount,
			(bp::arg("self"), bp::arg("x"), bp::arg("y"), bp::arg("team"), bp::arg("invisible")),
			"getInvisibleVisibilityCount(x, y, team, invisible) -> int\n\n"
			"The count of the team's sources that see the invisible type ('INVISIBLE_SUBMARINE' or its index) there.")
		.def("isRevealed", &worldIsRevealed, (bp::arg("self"), bp::arg("x"), bp::arg("y"), bp::arg("team")),
			"isRevealed(x, y, team) -> bool\n\nWhether the team has seen the plot, now or before (the fog's memory).")
		.def("seeFromLevel", &worldSeeFrom, (bp::arg("self"), bp::arg("x"), bp::arg("y"), bp::arg("team")),
			"seeFromLevel(x, y, team) -> int\n\nThe height a viewer of the team standing on the plot sees from (with "
			"Optics on water).")
		.def("seeThroughLevel", &worldSeeThrough, (bp::arg("self"), bp::arg("x"), bp::arg("y")),
			"seeThroughLevel(x, y) -> int\n\nThe height a viewer needs to look past the plot.")
		// Pythonic queries
		.def("visible_plots", &worldVisiblePlots, (bp::arg("self"), bp::arg("team")),
			"visible_plots(team) -> list of (x, y)\n\nEvery plot the team sees now, sorted by x then y.")
		.def("counts", &worldCounts, (bp::arg("self"), bp::arg("team") = bp::object()),
			"counts(team=None) -> list of (team, x, y, count)\n\n"
			"The visibility count of every plot a team sees, sorted by team, x, y: the rows of `cvvision counts`.")
		.def("explain", &worldExplain,
			(bp::arg("self"), bp::arg("from_xy"), bp::arg("to_xy"), bp::arg("team") = 0,
				bp::arg("range") = bp::object()),
			"explain(from_xy, to_xy, team=0, range=None) -> dict\n\n"
			"Why a viewer on from_xy does or does not see to_xy, as `cvvision explain`: levels, ring, every tied\n"
			"path and the plot that blocks it, the rule, the verdict (the engine's). range None: the sight range of\n"
			"the team's first unit on from_xy, else UNIT_VISIBILITY_RANGE. Returns {'visible': bool,\n"
			"'verdict': the last line, 'report': the whole text, 'range': the range used}.")
		.def("set_route", &worldSetRoute, (bp::arg("self"), bp::arg("x"), bp::arg("y"), bp::arg("route")),
			"set_route(x, y, route)\n\nBuilds a route ('ROUTE_ROAD') on the plot, or removes it (None). Teams that see "
			"the plot\n"
			"remember it; the others keep the route they last saw (see find_path).")
		.def("find_path", &worldFindPath,
			(bp::arg("self"), bp::arg("team"), bp::arg("from_xy"), bp::arg("to_xy"), bp::arg("seed") = 0,
				bp::arg("unit") = bp::object(), bp::arg("open_borders") = bp::tuple()),
			"find_path(team, from_xy, to_xy, seed=0, unit=None, open_borders=()) -> dict\n\n"
			"The path a unit of the team would take, as `cvvision path` plans it: {'knowledge': {...}, 'truth': "
			"{...},\n"
			"'unit': type or None}. 'knowledge' is planned with what the team knows (the plots it sees now as they\n"
			"are, the others with the route and owner it last saw, never-seen plots as CVVISION_PATH_UNKNOWN_PLOTS\n"
			"says), 'truth' with the map as it is. Each has 'status' ('found', or 'fallback': the goal is\n"
			"unreachable and the path ends on the closest reachable plot), 'cost' (in 1/'move_denominator' moves),\n"
			"'plots' [(x, y), ...] from the start, and 'expanded' (nodes the search closed). seed chooses among\n"
			"equal-cost paths, uniformly and the same on every machine. unit: a unit type name (default: the\n"
			"team's unit on from_xy, else a land unit with one move). open_borders: teams whose territory the unit\n"
			"may enter (open borders or war); its own team, its vassal ties and, on a loaded map or save, the\n"
			"barbarians (the last team) always are.")
		.def("show_path", &worldShowPath,
			(bp::arg("self"), bp::arg("team"), bp::arg("from_xy"), bp::arg("to_xy"), bp::arg("seed") = 0,
				bp::arg("unit") = bp::object(), bp::arg("open_borders") = bp::tuple()),
			"show_path(team, from_xy, to_xy, seed=0, unit=None, open_borders=()) -> str\n\n"
			"Both paths side by side as text, as `cvvision path` prints them.")
		.def("render_path_png", &worldRenderPathPng,
			(bp::arg("self"), bp::arg("path"), bp::arg("team"), bp::arg("from_xy"), bp::arg("to_xy"),
				bp::arg("seed") = 0, bp::arg("unit") = bp::object(), bp::arg("open_borders") = bp::tuple()),
			"render_path_png(path, team, from_xy, to_xy, seed=0, unit=None, open_borders=())\n\n"
			"Both paths as one PNG (knowledge left, truth right), as `cvvision path --png` writes it.")
		.def("audit", &worldAudit,
			"audit() -> list of dict\n\n"
			"Every count that differs from what the current sources alone give: {x, y, team, invisible (None for\n"
			"the plain count, else the invisible type's name), stored, expected}. Empty when all is well.")
		.def("repair", &worldRepair,
			"repair() -> int\n\nSets every count right (see audit) and rebuilds the ledger; returns how many counts "
			"were wrong.")
		.def("corrupt_count", &worldCorruptCount,
			(bp::arg("self"), bp::arg("x"), bp::arg("y"), bp::arg("team"), bp::arg("change"),
				bp::arg("invisible") = bp::object()),
			"corrupt_count(x, y, team, change, invisible=None)\n\n"
			"For tests and demonstrations: damages one count, as an older DLL or a bad save would (audit finds it).")
		// pictures
		.def("show", &worldShow, (bp::arg("self"), bp::arg("team") = 0, bp::arg("color") = false),
			"show(team=0, color=False) -> str\n\n"
			"The map as the team knows it, as `cvvision show` prints it: one character per plot, north row first\n"
			"(~ water, . flat, h hills, ^ peak, f forest, # city, @ own unit, u other unit; fogged , and -; unknown\n"
			"blank). color=True adds ANSI colours.")
		.def("render_png", &worldRenderPng, (bp::arg("self"), bp::arg("path"), bp::arg("team") = 0),
			"render_png(path, team=0)\n\nWrites the team's view as a PNG (8 pixels a plot). cvvision.FileError when it "
			"cannot be written.")
		.def("render_html", &worldRenderHtml, (bp::arg("self"), bp::arg("path"), bp::arg("team") = 0),
			"render_html(path, team=0)\n\n"
			"Writes one self-contained HTML page: the map with a team selector, plot and unit inspector.\n"
			"cvvision.FileError when it cannot be written.");
}
