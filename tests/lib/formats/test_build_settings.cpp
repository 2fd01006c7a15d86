// A tree's build settings (formats/BuildSettings.h) from small Makefiles, .vcproj and .vcxproj files
// written here: nmake's macros, conditions and includes, each configuration, the project files'
// conditions and the Makefile an NMake project runs.
#include "formats/BuildSettings.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

using namespace cvv;

namespace fs = std::filesystem;

namespace {

class TempDir
{
public:
	TempDir()
	{
		std::random_device kRandom;
		m_kRoot = fs::temp_directory_path() / ("cvvision-build-" + std::to_string(kRandom()));
		fs::create_directories(m_kRoot);
	}
	~TempDir() { fs::remove_all(m_kRoot); }
	fs::path write(const std::string& sName, const std::string& sText) const
	{
		fs::create_directories((m_kRoot / sName).parent_path());
		std::ofstream(m_kRoot / sName, std::ios::binary) << sText;
		return m_kRoot / sName;
	}
	const fs::path& path() const { return m_kRoot; }

private:
	fs::path m_kRoot;
};

std::vector<std::string> defines(const BuildSettings& k)
{
	std::vector<std::string> a;
	for (const BuildDefine& d : k.aDefines) a.push_back(d.text());
	return a;
}

using Strings = std::vector<std::string>;

// Makefile 1.0 (Danny Daemonic's, as BTS's and K-Mod's): a macro per target, Release_CFLAGS...
const char* const MAKEFILE_1 = "#### Paths ####\n"
							   "TOOLKIT=C:\\Toolkit 2003\n"
							   "PSDK=C:\\Program Files\\Microsoft SDKs\\Windows\\v6.0A\n"
							   "#YOURMOD=C:\\Mods\\Mine\n"
							   "GLOBAL_CFLAGS=/GR /W3 /DWIN32 /D_USRDLL /Yu\"CvGameCoreDLL.h\" # a comment\n"
							   "Debug_CFLAGS=/MD /Od /D_DEBUG $(GLOBAL_CFLAGS)\n"
							   "Release_CFLAGS=/MD /O2 /DNDEBUG /DFINAL_RELEASE \\\n"
							   "    /DSLOTS=52 $(GLOBAL_CFLAGS)\n"
							   "Profile_CFLAGS=/MD /O2 /DNDEBUG /DUSE_PROFILER $(GLOBAL_CFLAGS)\n"
							   "GLOBAL_INCS=/I\"$(TOOLKIT)/include\" /I\"$(PSDK)/Include\"\n"
							   "PROJECT_INCS=/IBoost-1.32.0/include /IPython24/include /I..\\Shared\n"
							   "Release_INCS=$(PROJECT_INCS) $(GLOBAL_INCS)\n"
							   "Debug_INCS=$(PROJECT_INCS) $(GLOBAL_INCS)\n"
							   "GLOBAL_LIBS=/LIBPATH:\"$(TOOLKIT)/lib\" /LIBPATH:lib winmm.lib user32.lib\n"
							   "Release_LIBS=$(GLOBAL_LIBS)\n"
							   "Debug_LIBS=$(GLOBAL_LIBS) msvcprt.lib\n"
							   "!IF [IF NOT EXIST CvGameCoreDLL.rc EXIT 1] == 0\n"
							   "Release_CFLAGS=/DFROM_A_PROGRAM\n"
							   "!ENDIF\n"
							   "\n"
							   "Release: $(Release_BIN)\n"
							   "\t$(CPP) /nologo $(Release_CFLAGS) /DRECIPE_ONLY $(Release_INCS) /c $<\n";

} // namespace

TEST(BuildSettings, AMakefile10GivesEachTargetsMacros)
{
	TempDir kDir;
	const fs::path kMakefile = kDir.write("CvGameCoreDLL/Makefile", MAKEFILE_1);
	const BuildSettings k = readBuildSettings(kDir.path() / "CvGameCoreDLL");
	EXPECT_EQ(k.kSource, kMakefile);
	EXPECT_EQ(k.sKind, "makefile");
	EXPECT_EQ(k.sConfiguration, "Release");
	EXPECT_EQ(defines(k), (Strings{ "NDEBUG", "FINAL_RELEASE", "SLOTS=52", "WIN32", "_USRDLL" }));
	ASSERT_TRUE(k.aDefines[2].oValue);
	EXPECT_EQ(*k.aDefines[2].oValue, "52");
	EXPECT_FALSE(k.aDefines[0].oValue);
	// the toolkit's, the Platform SDK's, Boost's and Python's folders are whoever builds'
	EXPECT_EQ(k.aIncludes, (std::vector<fs::path>{ kDir.path() / "Shared" }));
	EXPECT_EQ(k.aLibs, (Strings{ "winmm.lib", "user32.lib" }));
	EXPECT_EQ(k.aLibDirs, (std::vector<fs::path>{ kDir.path() / "CvGameCoreDLL" / "lib" }));
	EXPECT_FALSE(k.oDefFile);
	EXPECT_EQ(k.oPsdk, "C:\\Program Files\\Microsoft SDKs\\Windows\\v6.0A");
	EXPECT_EQ(k.oToolkit, "C:\\Toolkit 2003");

	const BuildSettings kDebug = readBuildSettings(kDir.path() / "CvGameCoreDLL", true);
	EXPECT_EQ(kDebug.sConfiguration, "Debug");
	EXPECT_EQ(defines(kDebug), (Strings{ "_DEBUG", "WIN32", "_USRDLL" }));
	EXPECT_EQ(kDebug.aLibs, (Strings{ "winmm.lib", "user32.lib", "msvcprt.lib" }));
}

TEST(BuildSettings, AMakefile2xTakesTheBranchOfItsTarget)
{
	TempDir kDir;
	// Makefile 2.x (Nightinggale's, as AdvCiv's, RoM-AND's, Realism Invictus's): TARGET chooses
	// CFLAGS in !IF blocks; settings come from the files it includes
	kDir.write("Project/Makefile",
		"TOOLKIT=$(PROGRAMFILES)\\Toolkit\n"
		"PSDK=$(PROGRAMFILES)\\Microsoft SDKs\\Windows\\v7.0A\n"
		"Debug_DEFINES=/DWIN32 /D_DEBUG\n"
		"Release_DEFINES=/DWIN32 /DNDEBUG\n"
		"CUSTOM_CFLAGS =\n"
		"!IF [IF NOT EXIST Makefile.settings EXIT 1] != 0\n"
		"!IF [ECHO CUSTOM_CFLAGS = > Makefile.settings]\n"
		"!ENDIF\n"
		"!ENDIF\n"
		"!include Makefile.settings\n"
		"include Makefile.project\n"
		"GLOBAL_CFLAGS=/GR $(CUSTOM_CFLAGS) $(PROJECT_CFLAGS)\n"
		"Release_CFLAGS=/O2 $(Release_DEFINES) $(GLOBAL_CFLAGS)\n"
		"Debug_CFLAGS=/Od $(Debug_DEFINES) $(GLOBAL_CFLAGS)\n"
		"LIBS = winmm.lib\n"
		"!IF \"$(TARGET)\" == \"Debug\"\n"
		"CFLAGS = $(Debug_CFLAGS)\n"
		"LIBS = $(LIBS) msvcprt.lib\n"
		"!ELSEIF \"$(TARGET)\" == \"release\"\n"
		"CFLAGS = $(Release_CFLAGS) /DRELEASE_ONLY\n"
		"!ELSE\n"
		"CFLAGS = $(Release_CFLAGS) /DOTHER_TARGET\n"
		"!ENDIF\n"
		"!IFNDEF CFLAGS\n"
		"!ERROR Target \"$(TARGET)\" not supported\n"
		"!ENDIF\n"
		"SAFE_CFLAGS = $(CFLAGS: /Zi=)\n"
		"LDFLAGS = /DLL $(PROJECT_LDFLAGS)\n");
	kDir.write("Project/Makefile.settings", "CUSTOM_CFLAGS = -DMY_OWN\nPSDK=\n");
	kDir.write("Project/Makefile.project",
		"PROJECT_CFLAGS = /W4 /DSHARED_FLAG\n"
		"PROJECT_LDFLAGS = /DEF:CvGameCoreDLL.def\n");
	const BuildSettings k = readBuildSettings(kDir.path());
	EXPECT_EQ(k.kSource, kDir.path() / "Project" / "Makefile");
	EXPECT_EQ(k.aFiles.size(), 3u);
	EXPECT_EQ(defines(k), (Strings{ "WIN32", "NDEBUG", "MY_OWN", "SHARED_FLAG", "RELEASE_ONLY" }));
	EXPECT_EQ(k.oDefFile, kDir.path() / "Project" / "CvGameCoreDLL.def");
	EXPECT_EQ(k.aLibs, Strings{ "winmm.lib" });
	EXPECT_FALSE(k.oPsdk); // the included settings empty it: no PSDK asked for
	EXPECT_EQ(k.oToolkit, "$(PROGRAMFILES)\\Toolkit"); // what nmake would take from the environment

	const BuildSettings kDebug = readBuildSettings(kDir.path(), true);
	EXPECT_EQ(defines(kDebug), (Strings{ "WIN32", "_DEBUG", "MY_OWN", "SHARED_FLAG" }));
	EXPECT_EQ(kDebug.aLibs, (Strings{ "winmm.lib", "msvcprt.lib" }));
}

TEST(BuildSettings, ConditionsDirectivesAndExpansion)
{
	TempDir kDir;
	kDir.write("depends.mk", "FROM_INCLUDE = /DINCLUDED\n");
	kDir.write("Makefile",
		"A = /DA_$(B)\n"
		"B = $(C)X\n"
		"C = NESTED\n"
		"SUB = /DOLD_NAME /Zi\n"
		"HASH = /DHASH=^#1 # the rest is a comment\n"
		"WORDS = /D \"SPACED=1\" /I \"inc folder\"\n"
		"!IFDEF C\n"
		"D1 = /DIFDEF_C\n"
		"!ELSE IFDEF A\n"
		"D1 = /DWRONG\n"
		"!ENDIF\n"
		"!IFNDEF NOT_DEFINED\n"
		"D2 = /DIFNDEF\n"
		"!ENDIF\n"
		"EMPTY =\n"
		"!IFDEF EMPTY\n" // a macro defined as nothing is defined
		"D5 = /DEMPTY_IS_DEFINED\n"
		"!ENDIF\n"
		"!IF DEFINED(C) && !DEFINED(NOT_DEFINED) && (1 == 2 || 3 > 2)\n"
		"D3 = /DLOGIC\n"
		"!ENDIF\n"
		"!IF 0\n"
		"!IF 1\n"
		"D4 = /DINSIDE_A_FALSE_BLOCK\n"
		"!ELSE\n"
		"D4 = /DELSE_INSIDE_A_FALSE_BLOCK\n"
		"!ENDIF\n"
		"!ELSEIFDEF C\n"
		"D4 = /DELSEIFDEF\n"
		"!ENDIF\n"
		"!IF EXIST(depends.mk)\n"
		"!INCLUDE depends.mk\n"
		"!ENDIF\n"
		"GONE = /DGONE\n"
		"!UNDEF GONE\n"
		"Release_CFLAGS = $(A) $(SUB:OLD=NEW) $(HASH) $(WORDS) $(D1) $(D2) $(D3) $(D4) $(D5) $(FROM_INCLUDE) $(GONE) "
		"$$(C)\n");
	const BuildSettings k = readBuildSettings(kDir.path());
	EXPECT_EQ(defines(k),
		(Strings{ "A_NESTEDX", "NEW_NAME", "HASH=#1", "SPACED=1", "IFDEF_C", "IFNDEF", "LOGIC", "ELSEIFDEF",
			"EMPTY_IS_DEFINED", "INCLUDED" }));
	EXPECT_EQ(k.aIncludes, (std::vector<fs::path>{ kDir.path() / "inc folder" }));
	EXPECT_EQ(k.aFiles.size(), 2u);
}

TEST(BuildSettings, TheBuildFileIsTheMakefileElseAProject)
{
	TempDir kDir;
	EXPECT_TRUE(findBuildFile(kDir.path()).empty());
	const BuildSettings kNone = readBuildSettings(kDir.path());
	EXPECT_TRUE(kNone.kSource.empty());
	EXPECT_TRUE(kNone.aDefines.empty());
	EXPECT_THROW(readBuildSettings(kDir.path() / "absent"), BuildSettingsError);

	const fs::path kProject = kDir.write("Mine.vcxproj", "<Project/>");
	EXPECT_EQ(findBuildFile(kDir.path()), kProject);
	const fs::path kMakefile = kDir.write("build/makefile", "Release_CFLAGS=/DX\n");
	EXPECT_EQ(findBuildFile(kDir.path()), kMakefile); // a Makefile one folder below comes first
	EXPECT_EQ(defines(readBuildSettings(kDir.path())), Strings{ "X" });

	kDir.write("Bad.vcproj", "<VisualStudioProject><Configurations>");
	EXPECT_THROW(readBuildFile(kDir.path() / "Bad.vcproj"), BuildSettingsError);
}

TEST(BuildSettings, AVcprojGivesItsReleaseConfigurationsTools)
{
	TempDir kDir;
	const fs::path kProject = kDir.write("X.vcproj",
		"<?xml version=\"1.0\" encoding=\"Windows-1252\"?>\n"
		"<VisualStudioProject ProjectType=\"Visual C++\" Version=\"7.10\">\n<Configurations>\n"
		"<Configuration Name=\"Debug|Win32\" ConfigurationType=\"2\"><Tool Name=\"VCCLCompilerTool\" "
		"PreprocessorDefinitions=\"WIN32;_DEBUG\"/></Configuration>\n"
		"<Configuration Name=\"Final Release|Win32\" ConfigurationType=\"2\"><Tool Name=\"VCCLCompilerTool\" "
		"PreprocessorDefinitions=\"WIN32;FINAL\"/></Configuration>\n"
		"<Configuration Name=\"Release|Win32\" ConfigurationType=\"2\"><Tool Name=\"VCCLCompilerTool\" "
		"AdditionalIncludeDirectories=\"&quot;Boost-1.32.0\\include&quot;;inc\" "
		"PreprocessorDefinitions=\"WIN32;NDEBUG;FORK=3\"/>"
		"<Tool Name=\"VCLinkerTool\" AdditionalDependencies=\"a.lib winmm.lib\" "
		"AdditionalLibraryDirectories=\"libs\" ModuleDefinitionFile=\"x.def\"/></Configuration>\n"
		"</Configurations>\n</VisualStudioProject>\n");
	const BuildSettings k = readBuildSettings(kDir.path());
	EXPECT_EQ(k.kSource, kProject);
	EXPECT_EQ(k.sKind, "vcproj");
	EXPECT_EQ(k.sConfiguration, "Release|Win32");
	EXPECT_EQ(defines(k), (Strings{ "WIN32", "NDEBUG", "FORK=3" }));
	EXPECT_EQ(k.aIncludes, (std::vector<fs::path>{ kDir.path() / "inc" }));
	EXPECT_EQ(k.aLibs, (Strings{ "a.lib", "winmm.lib" }));
	EXPECT_EQ(k.aLibDirs, (std::vector<fs::path>{ kDir.path() / "libs" }));
	EXPECT_EQ(k.oDefFile, kDir.path() / "x.def");
	EXPECT_EQ(defines(readBuildSettings(kDir.path(), true)), (Strings{ "WIN32", "_DEBUG" }));
}

TEST(BuildSettings, AMakeFileProjReadsTheMakefileItsCommandRuns)
{
	TempDir kDir;
	const fs::path kProject = kDir.write("X.vcproj",
		"<VisualStudioProject Keyword=\"MakeFileProj\"><Configurations>\n"
		"<Configuration Name=\"Debug|Win32\" ConfigurationType=\"0\"><Tool Name=\"VCNMakeTool\" "
		"BuildCommandLine=\"nmake Debug\" PreprocessorDefinitions=\"EDITOR_ONLY\"/></Configuration>\n"
		"<Configuration Name=\"Release|Win32\" ConfigurationType=\"0\"><Tool Name=\"VCNMakeTool\" "
		"BuildCommandLine=\"cd &quot;$(ProjectDir)make&quot; &amp;&amp; nmake /f build.mak /nologo "
		"$(ConfigurationName)\" "
		"PreprocessorDefinitions=\"EDITOR_ONLY\"/></Configuration>\n"
		"</Configurations></VisualStudioProject>\n");
	const fs::path kMakefile =
		kDir.write("make/build.mak", "Release_CFLAGS=/DFROM_NMAKE\nDebug_CFLAGS=/DDEBUG_NMAKE\n");
	const BuildSettings k = readBuildFile(kProject);
	EXPECT_EQ(k.kSource, kMakefile);
	EXPECT_EQ(k.sKind, "makefile");
	EXPECT_EQ(k.aFiles, (std::vector<fs::path>{ kProject, kMakefile }));
	EXPECT_EQ(defines(k), Strings{ "FROM_NMAKE" });
	// without the Makefile it names, the project's own definitions (the editor's) are all there is
	const BuildSettings kDebug = readBuildFile(kProject, true);
	EXPECT_EQ(kDebug.sKind, "vcproj");
	EXPECT_EQ(defines(kDebug), Strings{ "EDITOR_ONLY" });
}

TEST(BuildSettings, AVcxprojTakesTheGroupsWhoseConditionHolds)
{
	TempDir kDir;
	const fs::path kProject = kDir.write("X.vcxproj",
		"<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
		"<Project DefaultTargets=\"Build\" xmlns=\"http://schemas.microsoft.com/developer/msbuild/2003\">\n"
		"<ItemGroup Label=\"ProjectConfigurations\">\n"
		"<ProjectConfiguration Include=\"Debug|Win32\"/><ProjectConfiguration Include=\"Release|Win32\"/>\n"
		"</ItemGroup>\n"
		"<ItemDefinitionGroup><ClCompile><PreprocessorDefinitions>EVERY;%(PreprocessorDefinitions)"
		"</PreprocessorDefinitions></ClCompile></ItemDefinitionGroup>\n"
		"<ItemDefinitionGroup Condition=\"'$(Configuration)|$(Platform)'=='Release|Win32'\">\n"
		"<ClCompile><PreprocessorDefinitions>WIN32;FORK;%(PreprocessorDefinitions)</PreprocessorDefinitions>"
		"<AdditionalIncludeDirectories>..\\Shared;$(BoostDir)</AdditionalIncludeDirectories></ClCompile>\n"
		"<Link><AdditionalDependencies>b.lib;%(AdditionalDependencies)</AdditionalDependencies>"
		"<ModuleDefinitionFile>y.def</ModuleDefinitionFile></Link>\n"
		"</ItemDefinitionGroup>\n"
		"<ItemDefinitionGroup Condition=\" '$(Configuration)' == 'Debug' \">\n"
		"<ClCompile><PreprocessorDefinitions>_DEBUG;%(PreprocessorDefinitions)</PreprocessorDefinitions></ClCompile>\n"
		"</ItemDefinitionGroup>\n"
		"<ItemDefinitionGroup Condition=\"'$(Configuration)'=='Release' and '$(Platform)'=='x64'\">\n"
		"<ClCompile><PreprocessorDefinitions>X64</PreprocessorDefinitions></ClCompile>\n"
		"</ItemDefinitionGroup>\n"
		"</Project>\n");
	const BuildSettings k = readBuildFile(kProject);
	EXPECT_EQ(k.sKind, "vcxproj");
	EXPECT_EQ(k.sConfiguration, "Release|Win32");
	EXPECT_EQ(defines(k), (Strings{ "WIN32", "FORK", "EVERY" }));
	EXPECT_EQ(k.aIncludes, (std::vector<fs::path>{ kDir.path().parent_path() / "Shared" }));
	EXPECT_EQ(k.aLibs, Strings{ "b.lib" });
	EXPECT_EQ(k.oDefFile, kDir.path() / "y.def");
	EXPECT_EQ(defines(readBuildFile(kProject, true)), (Strings{ "_DEBUG", "EVERY" }));
}

TEST(BuildSettings, AnNMakeVcxprojRunsItsMakefileOrGivesItsNMakeDefinitions)
{
	TempDir kDir;
	const std::string sHead =
		"<Project>\n<ItemGroup><ProjectConfiguration Include=\"Release|Win32\"/>"
		"<ProjectConfiguration Include=\"Debug|Win32\"/></ItemGroup>\n"
		"<PropertyGroup Condition=\"'$(Configuration)|$(Platform)'=='Release|Win32'\" "
		"Label=\"Configuration\"><ConfigurationType>Makefile</ConfigurationType></PropertyGroup>\n"
		"<PropertyGroup Condition=\"'$(Configuration)|$(Platform)'=='Debug|Win32'\" "
		"Label=\"Configuration\"><ConfigurationType>Makefile</ConfigurationType></PropertyGroup>\n";
	const fs::path kProject = kDir.write("P/X.vcxproj",
		sHead
			+ "<PropertyGroup>\n"
			  "<NMakeBuildCommandLine Condition=\"'$(Configuration)|$(Platform)'=='Release|Win32'\">set "
			  "TARGET=Release\nnmake dll</NMakeBuildCommandLine>\n"
			  "<NMakePreprocessorDefinitions Condition=\"'$(Configuration)|$(Platform)'=='Release|Win32'\">"
			  "WIN32;NDEBUG;$(NMakePreprocessorDefinitions)</NMakePreprocessorDefinitions>\n"
			  "<NMakePreprocessorDefinitions Condition=\"'$(Configuration)|$(Platform)'=='Debug|Win32'\">"
			  "WIN32;_DEBUG</NMakePreprocessorDefinitions>\n"
			  "<NMakeIncludeSearchPath>inc;Boost-1.32.0\\include</NMakeIncludeSearchPath>\n"
			  "</PropertyGroup>\n</Project>\n");
	kDir.write("P/Makefile",
		"!IF \"$(TARGET)\" == \"Release\"\nCFLAGS = /DREAL_RELEASE\n!ELSE\nCFLAGS = /DNOT_RELEASE\n!ENDIF\n");
	const BuildSettings k = readBuildFile(kProject);
	EXPECT_EQ(k.sKind, "makefile");
	EXPECT_EQ(k.sConfiguration, "Release");
	EXPECT_EQ(defines(k), Strings{ "REAL_RELEASE" });
	// Debug runs no nmake: the project's own NMake definitions and include path
	const BuildSettings kDebug = readBuildFile(kProject, true);
	EXPECT_EQ(kDebug.sKind, "vcxproj");
	EXPECT_EQ(kDebug.sConfiguration, "Debug|Win32");
	EXPECT_EQ(defines(kDebug), (Strings{ "WIN32", "_DEBUG" }));
	EXPECT_EQ(kDebug.aIncludes, (std::vector<fs::path>{ kDir.path() / "P" / "inc" }));
}
