// The save layout of a CvGameCoreDLL tree, derived from the tree's own C++ (docs/file-formats.md,
// section "Saves of mods"): the constants of its headers (MAX_PLAYERS, MAX_TEAMS, the enums' NUM_*
// counts), the members its classes declare (their types give each field's size) and the read()
// functions of every class a save holds, followed statement by statement: what is read, its type and
// count, the version flags and counts it branches on, the sub-objects and containers it reads.
//
// The deriver does not guess. A statement that touches the stream and is not one of the forms it
// knows (a Read of a variable or an array, a ReadString, a raw struct's read, a sub-object's read, a
// container's Read, a base class's read, a read of the tree's tagged save wrapper), a type it cannot
// size, a call or macro it cannot follow, is a LayoutError naming the file, the function and the line.
// Statements that do not touch the stream are run too, for the values later reads depend on
// (declarations, assignments, a container's resize or push_back, a setter of the class); what one it
// does not run may change (a loop that fills arrays, a call it does not follow, a branch whose
// condition it cannot evaluate) becomes unknown until written again. An unknown value is an error
// only where a read depends on it: a condition or loop bound is needed only where its branches or
// body read.
//
// SaveLayout::read runs a class's read() over a stream of bytes and records the values of the
// members it reads (LayoutRecord); the save reader turns those records into a SaveGame
// (SaveRecords.cpp: the same mapping as for the records of its built-in BTS 3.19 layout).
#pragma once

#include "formats/TreeXmlLoads.h"

#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace cvv {

// "FILE:LINE (Class::function): what cannot be followed".
class LayoutError : public std::runtime_error
{
public:
	using std::runtime_error::runtime_error;
};

// What one object's read() read: its members' values by name ("m_iX", "m_aiYield",
// "m_plotCity.eOwner", "m_apaiInvisibleVisibilityCount[3]"), strings by length, and the objects it read
// in turn, by the member (or container) they were read into. The elements of a container (a free
// list's cities, a linked list's IDInfos) are the container record's "items".
struct LayoutRecord
{
	std::string sClass;
	std::map<std::string, std::vector<long long>> kValues;
	std::map<std::string, std::vector<std::shared_ptr<LayoutRecord>>> kChildren;

	// The values of a member; nullptr if the read did not set it.
	const std::vector<long long>* values(const std::string& sName) const;
	// The records read into a member (for a container: its one record's items); empty if none.
	std::vector<const LayoutRecord*> objects(const std::string& sName) const;
};

// The code being followed ("CvPlot.cpp:8593 (CvPlot::read)"), asked for only when a message needs it.
class LayoutWhere
{
public:
	virtual ~LayoutWhere() = default;
	virtual std::string where() const = 0;
};

// Where the bytes come from: the save reader's bounds-checked cursor. take() returns iBytes bytes or
// throws (the data ends); its messages name the code being followed (setWhere).
class LayoutStream
{
public:
	virtual ~LayoutStream() = default;
	virtual const unsigned char* take(size_t iBytes, const std::string& sWhat) = 0;
	virtual size_t left() const = 0;
	virtual void setWhere(const LayoutWhere* pWhere) = 0;
	[[noreturn]] virtual void fail(const std::string& sWhat) = 0;
	// Whether take() wants the name of what is read as sWhat ("uiFlag", "m_aiYield"), which costs
	// a string a read; else a read of a variable passes an empty one.
	virtual bool wantsNames() const { return false; }
	// Whether the bytes are made up (exerciseLayout): a tagged wrapper's reads then make up the
	// tagged elements they read (formats/TaggedLayout.h).
	virtual bool madeUp() const { return false; }
};

// The classes of a save's root objects, in the order a save holds them: the header's set-up block
// (CvInitCore), then in the game data CvGameAI, CvMap, MAX_TEAMS CvTeamAI and MAX_PLAYERS CvPlayerAI.
// Every other object is read by one of them. The save reader and exerciseLayout read them in this
// order; SaveLayout::report() (SaveLayoutDeriver.cpp) starts from the same classes, and GC.getGame(),
// GC.getMap() and GC.getInitCore() reach the records of theirs (layout/LayoutRunnerCalls.cpp).
enum LayoutRoot { kRootInit, kRootGame, kRootMap, kRootTeam, kRootPlayer, kNumLayoutRoots };
inline constexpr const char* kLayoutRoots[kNumLayoutRoots] = { "CvInitCore", "CvGameAI", "CvMap", "CvTeamAI",
	"CvPlayerAI" };

// The number of types of an XML info class, by the tree's accessor name ("getNumUnitInfos").
// Throws (a LayoutError or a RulesError) when it is unknown.
using LayoutCounts = std::function<int(const std::string& sAccessor)>;

// The objects of the save read before the one being read, which a read() may reach through GC
// (GC.getGame(), GC.getMapINLINE().numPlotsINLINE(), GC.getInitCore().getOption(e)): null until read.
class TaggedLayoutState;

struct LayoutGlobals
{
	const LayoutRecord* pGame = nullptr; // CvGameAI
	const LayoutRecord* pMap = nullptr; // CvMap
	const LayoutRecord* pInit = nullptr; // CvInitCore, read first
	// A tree's tagged save wrapper across the save's objects (formats/TaggedLayout.h): its mode,
	// dictionary and tables, as its singleton keeps them from one object's read() to the next. Null:
	// a state of the read's own.
	TaggedLayoutState* pTagged = nullptr;
};

// One line of the per-class report of save-layout.
struct LayoutClassReport
{
	std::string sClass; // "CvPlot"
	std::string sFunction; // "CvPlot::read"
	std::string sWhere; // "CvPlot.cpp:1234"
	std::vector<std::string> aszFields; // what it reads, in order ("short m_iX", "if (uiFlag > 0) {", ...)
	std::string sError; // the first construct it could not follow; empty if it follows every one
};

class SaveLayout
{
public:
	// Parses the tree's .h and .cpp files (read at run time; nothing of them is kept beyond the
	// layout). Throws LayoutError when the folder holds no CvGameCoreDLL sources.
	static std::shared_ptr<const SaveLayout> derive(const std::filesystem::path& kTree);

	const std::filesystem::path& tree() const;
	// The value of a constant of the tree's headers (a #define or an enumerator); throws LayoutError.
	long long constant(const std::string& sName) const;
	// The XML behind an accessor, as the tree's XML loading names it: (folder/file, element) such as
	// ("Units/CIV4UnitInfos.xml", "UnitInfo"); empty if the tree does not load it by LoadGlobalClassInfo.
	std::pair<std::string, std::string> infoFile(const std::string& sAccessor) const;
	// The definitions the tree's build passes, which its headers are read with: its release build's
	// (formats/BuildSettings.h), each name with its value ("1" for /DNAME).
	std::map<std::string, std::string> buildDefines() const;
	// The tree's XML loading: its LoadGlobalClassInfo calls and the GlobalDefines files it reads by
	// name, in its order (TreeXmlLoads.h).
	const TreeXmlLoads& xmlLoads() const;

	// The classes a save holds, from the roots down (CvInitCore, CvGameAI, CvMap, CvTeamAI, CvPlayerAI,
	// then the objects they read), each with what the deriver follows or where it stops.
	std::vector<LayoutClassReport> report() const;

	// Runs sClass's read() over the stream into kOut. Throws LayoutError (a construct it cannot
	// follow, or a count it cannot evaluate) or what the stream throws.
	void read(const std::string& sClass, LayoutStream& kStream, const LayoutCounts& fCounts, LayoutRecord& kOut,
		const LayoutGlobals& kGlobals = LayoutGlobals()) const;

	struct Impl;
	explicit SaveLayout(std::shared_ptr<Impl> p);

private:
	std::shared_ptr<Impl> m_p;
};

// Made-up data: every 32-bit word is iValue, but the words read into a variable whose name ends in
// "Flag" (uiFlag, uiSaveFlag: the version flags) are iFlag.
struct MadeUpData
{
	int iValue = 0;
	int iFlag = 0;
};

// One run of a tree's reads over made-up data (exerciseLayout).
struct LayoutExercise
{
	MadeUpData kData;
	std::string sClass; // the root class being read when it stopped; empty if every one was read
	std::string sError; // why it stopped (a LayoutError's message); empty if it did not
	int iObjects = 0; // root objects read
	int iRanOut = 0; // of those, the ones that read on past the data (a loop the value keeps going)
	long long iBytes = 0; // made-up bytes read
};

// The save's root objects (CvInitCore, CvGameAI, CvMap, a CvTeamAI and a CvPlayerAI: the data is
// the same for every team and player) read over each of aData: every count and length is its
// value, so each loop runs that many times, and every version flag its flag value, so the branches
// of the flags up to it are taken. What the static walk of report() passes but a real read of the
// tree's saves could stop at (a value the deriver cannot evaluate there, a call it cannot follow)
// stops a run, without a save of the mod to try. Each object may read iBudget made-up bytes.
std::vector<LayoutExercise> exerciseLayout(const SaveLayout& kLayout, const LayoutCounts& fCounts,
	const std::vector<MadeUpData>& aData, size_t iBudget = size_t(8) << 20);

} // namespace cvv
