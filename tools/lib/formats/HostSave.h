// A save read by its mod's own game core, compiled and run on Linux behind the host
// (tools/host, docs/host.md): `cvcore read-save SAVE --sdk TREE --game DIR` prints the world its
// tree's own read() functions loaded, as JSON, and this turns it into the same SaveGame the
// built-in BTS 3.19 reader gives (formats/SaveReader.h), so that every command reads a mod's save
// as it reads BTS's.
//
// The core runs in a child process: a save it cannot read, a crash or a hang of its code, ends that
// process, and its message becomes a SaveError naming the save and the object being read.
#pragma once

#include "formats/HostProcess.h"
#include "formats/SaveReader.h"

#include <filesystem>
#include <string>
#include <vector>

namespace cvv {

// The tree, the game and the mod, and where cvcore is (formats/HostProcess.h).
using HostSaveOptions = HostOptions;

// The save read by the tree's own code. Throws SaveError.
SaveGame readSaveThroughHost(const std::filesystem::path& kSave, const HostSaveOptions& kOptions);

// The world of the host's JSON (read-save's output, tools/host/runtime/CvHostSaveCommand.cpp).
// sWhere names it in messages. Throws SaveError (JSON that is broken or not of that shape, a world
// that does not hold together: a unit off the map, a plot out of its place).
SaveGame saveFromHostJson(const std::string& sJson, const std::string& sWhere, const std::string& sTree);

// The cvcore program the host is run with (see kCvcore). Throws SaveError when there is none.
std::filesystem::path findCvcore(const std::filesystem::path& kGiven);

} // namespace cvv
