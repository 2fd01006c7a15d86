#pragma once
// The files a command writes (cvvision render/demo/path, civ2huts show --png) and its standard
// output, written so that an output never half-happens:
//  * every destination is checked before anything is written (checkOutput, writeOutputs);
//  * a symbolic link is followed: the file written is its target, the link stays;
//  * a regular file (or a new one) is written to a temporary file beside it, then renamed onto it;
//  * anything else that can be written (a FIFO, a device such as /dev/null) is written straight;
//  * a folder, a socket, a missing or unwritable folder is an error naming the path.
// Errors are std::runtime_error("cannot write <what> <path>: <reason>").
#include <filesystem>
#include <string>
#include <vector>

namespace cvv {

struct OutputFile
{
	std::filesystem::path kPath;
	std::string sBytes;
	std::string sWhat = "the file"; // in messages: "cannot write the PNG x.png: ..."
};

// Where writing kPath lands: kPath with every symbolic link on it followed to its target (the
// target need not exist yet). Throws for a loop of links.
std::filesystem::path outputTarget(const std::filesystem::path& kPath, const std::string& sWhat = "the file");

// Throws when kPath could not be written now (see above). Writes nothing.
void checkOutput(const std::filesystem::path& kPath, const std::string& sWhat = "the file");

// Checks every file, then writes the regular ones to temporary files, then the FIFOs and devices,
// then renames the temporary files: an error before the renames leaves every regular destination
// as it was, and no temporary file behind.
void writeOutputs(const std::vector<OutputFile>& aFiles);

// A PNG (8-bit RGB, rows top first) of the pixels, in memory. Throws std::runtime_error.
std::string pngOfRgb(int iWidth, int iHeight, const std::vector<unsigned char>& aRgb);

// Flushes std::cout and stdout. Throws std::runtime_error("error writing standard output: <reason>")
// when anything written to them was lost (a full disk, a closed pipe, /dev/full).
void finishStandardOutput();

} // namespace cvv
