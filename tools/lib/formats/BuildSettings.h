#pragma once
// A CvGameCoreDLL tree's own build settings, read from the build file it ships: the one reader of
// them for the save layout deriver (the defines its headers are read with), `cvvision
// build-settings` and, through that command, the Python SDK tools (tools/sdk/cvsdk/build_settings.py:
// build_dll.py, the compile check, the differential).
//
// The build file of a tree (findBuildFile): its Makefile (in the tree's folder, else in one folder
// below it, as AdvCiv's Project/), else a Visual Studio project there (*.vcproj, *.vcxproj).
//   - nmake Makefiles, of the kinds the forks ship (Makefile 1.0: Release_CFLAGS, Release_INCS...;
//     Makefile 2.x: TARGET chooses CFLAGS, LIBS... in !IF blocks): macros and their expansion
//     ($(X), $(X:a=b), nested), !IF / !IFDEF / !IFNDEF / !ELSE [IF...] / !ELSEIF / !ENDIF, !INCLUDE
//     (and `include`), !UNDEF, line continuations; read with TARGET=Release (or Debug), as nmake
//     Release would. Conditions that run a program ([...]) count as false, as nothing is run.
//   - .vcproj (VS2003-2008): the Configuration named Release (or Debug): VCCLCompilerTool's
//     PreprocessorDefinitions and AdditionalIncludeDirectories, VCLinkerTool's libraries and .def;
//     a MakeFileProj configuration's VCNMakeTool command line names the Makefile it runs, read then.
//   - .vcxproj (MSBuild): the ItemDefinitionGroups and PropertyGroups whose Condition holds for the
//     configuration (ClCompile, Link); a Makefile project's NMakeBuildCommandLine names the
//     Makefile and target it runs (read then), else its NMakePreprocessorDefinitions count.
// The flags are CFLAGS, INCS, LIBS, LDFLAGS (a Makefile 2.x sets them for its TARGET), else
// Release_CFLAGS... (a Makefile 1.0's). The toolkit's, the Platform SDK's, Boost's and Python's
// folders are left out of the include and library folders (whoever builds supplies their own); the
// PSDK= and TOOLKIT= the Makefile gives are reported. Not read: the environment nmake would see
// ($(PROGRAMFILES) is empty, kept as written in the PSDK and toolkit reported), a .vcxproj's
// <Import>ed .props files.
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace cvv {

struct BuildDefine
{
	std::string sName;
	std::optional<std::string> oValue; // /DNAME=VALUE; none for /DNAME
	std::string text() const { return oValue ? sName + "=" + *oValue : sName; }
};

struct BuildSettings
{
	std::filesystem::path kSource; // the file the settings came from (empty: the tree has none)
	std::string sKind; // "makefile", "vcproj", "vcxproj" or "" (none)
	std::string sConfiguration; // the target or configuration read ("Release", "Release|Win32"...)
	std::vector<std::filesystem::path> aFiles; // every file read: the build file, what it includes
	std::vector<BuildDefine> aDefines; // in the order given, each name once
	std::vector<std::filesystem::path> aIncludes; // absolute
	std::vector<std::string> aLibs; // library file names
	std::vector<std::filesystem::path> aLibDirs; // absolute
	std::optional<std::filesystem::path> oDefFile; // the module-definition file (/DEF:), absolute
	std::optional<std::string> oPsdk; // the Makefile's PSDK= (its default Platform SDK), if not empty
	std::optional<std::string> oToolkit; // the Makefile's TOOLKIT=, if not empty
};

class BuildSettingsError : public std::runtime_error
{
public:
	using std::runtime_error::runtime_error;
};

// The tree's build file as described above; empty when it has none.
std::filesystem::path findBuildFile(const std::filesystem::path& kTree);
// The settings of the tree's release build (bDebug: its debug build); empty settings when the tree
// has no build file. Throws BuildSettingsError when the tree is not a folder or a file cannot be read.
BuildSettings readBuildSettings(const std::filesystem::path& kTree, bool bDebug = false);
// The settings of one build file (a Makefile, .vcproj or .vcxproj).
BuildSettings readBuildFile(const std::filesystem::path& kFile, bool bDebug = false);

} // namespace cvv
