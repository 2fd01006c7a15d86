#pragma once
// Where the programs and the Python module find their data at run time: the mod's Assets/ (the
// default rules), PublicMaps/ (the demo's sample map) and vanilla/Assets/ (the bundled vanilla
// XML). Nothing of the machine that built them is compiled in.
//
// The data folder is, in this order:
//  1. $CVVISION_DATA_DIR when it is set (it must be a folder);
//  2. the first of these that holds vanilla/Assets, for the folder of the running executable
//     (/proc/self/exe) and then for the folder of the file this code was loaded from (the Python
//     module, found with dladdr):
//       DIR/share/cvvision          the build tree (CMake makes build/share/cvvision)
//       DIR/../share/cvvision       an installed program: PREFIX/bin -> PREFIX/share/cvvision
//       DIR/../../../share/cvvision an installed module: PREFIX/lib/pythonX.Y/site-packages
#include <filesystem>
#include <vector>

namespace cvv {

// The data folder. Throws std::runtime_error naming CVVISION_DATA_DIR and every folder it looked
// for when there is none.
std::filesystem::path dataDir();

// The folders step 2 above tries, in order (for the error message and the tests).
std::vector<std::filesystem::path> dataDirCandidates();

} // namespace cvv
