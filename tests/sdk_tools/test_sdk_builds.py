"""Issue 16: the forks' own builds. sdk-integrate's copy step (the precompiled header first in
copied .cpp files), its project-file and Makefile updates (*.vcproj, *.vcxproj and .filters,
Makefiles that list or collect their sources), file modes, read-only files and partial trees;
build_dll's fork settings (Makefile variables, project files, options) and dry run without the
toolkit, on the three real SDK trees in ../shared when present; make_mod --mod.

Every tree here is written by these tests (small files of our own) or is a temporary copy of a
tree in ../shared/data/sdk (never written to)."""

import importlib.util
import json
import os
import shutil
import stat
import subprocess
import sys

import pytest

import sdk_trees

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOOLS = os.path.join(ROOT, "tools", "sdk")
INTEGRATE = os.path.join(TOOLS, "sdk_integrate.py")
BUILD_DLL = os.path.join(TOOLS, "build_dll.py")
MAKE_MOD = os.path.join(TOOLS, "make_mod.py")
SOURCES = os.path.join(ROOT, "tests", "sdk_tools", "fixtures", "sources")
VANILLA = os.path.join(ROOT, "tests", "sdk_tools", "fixtures", "vanilla", "input")
SHARED_SDK = os.path.join(ROOT, os.pardir, "shared", "data", "sdk")
BTS = os.path.join(SHARED_SDK, "bts-3.19", "CvGameCoreDLL")
PCH_LINE = "#include \"CvGameCoreDLL.h\" // CvVision (sdk-integrate): the tree's precompiled header"

sys.dont_write_bytecode = True


def load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


sys.path.insert(0, TOOLS)
import cvsdk.projects  # noqa: E402
build_dll = load("build_dll", BUILD_DLL)


def run(script, *args):
    return subprocess.run([sys.executable, script, *[str(a) for a in args]],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          universal_newlines=True)


def integrate(tree, *args, sources=SOURCES, force=True):
    """The fixture trees' CvPlot bodies are made up (neither BTS's nor AdvCiv's): --force."""
    return run(INTEGRATE, "--sources", sources, *(["--force"] if force else []), *args, tree)


def vanilla(tmp_path, name="tree"):
    tree = tmp_path / name
    shutil.copytree(VANILLA, str(tree))
    return tree


def snapshot(root):
    return sdk_trees.file_contents(root, with_modes=True)


# --- the copy step: the precompiled header first --------------------------------------------

def test_copied_cpp_without_the_pch_gets_it_first(tmp_path):
    tree = vanilla(tmp_path)
    result = integrate(tree)
    assert result.returncode == 0, result.stderr
    engine = (tree / "CvVisionEngine.cpp").read_text()
    assert engine.startswith(PCH_LINE + "\n")
    with open(os.path.join(SOURCES, "CvVisionEngine.cpp")) as f:
        assert engine == PCH_LINE + "\n" + f.read()
    assert 'CvVisionEngine.cpp: copied in (with #include "CvGameCoreDLL.h" first)' in result.stdout
    # a file that includes it already is copied as it is; headers never get it
    with open(os.path.join(SOURCES, "CvVisionSdk.cpp")) as f:
        assert (tree / "CvVisionSdk.cpp").read_text() == f.read()
    assert PCH_LINE not in (tree / "CvVisionEngine.h").read_text()
    # the repository's own sources stay free of it (they build on the host)
    with open(os.path.join(SOURCES, "CvVisionEngine.cpp")) as f:
        assert "CvGameCoreDLL.h\"" not in f.read().split("\n", 2)[2]
    assert integrate(tree).stdout.startswith("nothing to do")


def test_real_sources_that_skip_the_pch_get_it(tmp_path):
    tree = vanilla(tmp_path)
    assert run(INTEGRATE, "--force", tree).returncode == 0
    for name in ("CvFov", "CvPathfinder", "CvVisionEngine", "CvVisionKeyTable", "CvVisionLedger",
                 "CvVisionRules", "CvVisionSegmentCodec", "CvVisionTables"):
        text = (tree / (name + ".cpp")).read_text()
        assert text.startswith(PCH_LINE + "\n"), name
        with open(os.path.join(ROOT, "CvGameCoreDLL", name + ".cpp")) as f:
            assert "CvGameCoreDLL.h" not in f.read(), name  # the repo's copy builds on the host
    assert text.count("CvGameCoreDLL.h") == 1


# --- project files and Makefiles -------------------------------------------------------------

VCXPROJ = ('\ufeff<?xml version="1.0" encoding="utf-8"?>\r\n'
           '<Project ToolsVersion="4.0">\r\n'
           '  <ItemGroup>\r\n'
           '    <ClCompile Include="..\\CvCity.cpp" />\r\n'
           '    <ClCompile Include="..\\CvPlot.cpp" />\r\n'
           '    <ClCompile Include="..\\CvUnit.cpp" />\r\n'
           '  </ItemGroup>\r\n'
           '  <ItemGroup>\r\n'
           '    <ClInclude Include="..\\CvPlot.h" />\r\n'
           '  </ItemGroup>\r\n'
           '</Project>\r\n')
FILTERS = ('<?xml version="1.0" encoding="utf-8"?>\r\n'
           '<Project ToolsVersion="4.0">\r\n'
           '  <ItemGroup>\r\n'
           '    <ClCompile Include="..\\CvPlot.cpp">\r\n'
           '      <Filter>Source Files</Filter>\r\n'
           '    </ClCompile>\r\n'
           '    <ClInclude Include="..\\CvPlot.h">\r\n'
           '      <Filter>Header Files</Filter>\r\n'
           '    </ClInclude>\r\n'
           '  </ItemGroup>\r\n'
           '</Project>\r\n')


def test_vcxproj_in_a_project_subfolder_gets_the_files(tmp_path):
    tree = vanilla(tmp_path)
    (tree / "CvGameCoreDLL.vcproj").unlink()
    (tree / "Project").mkdir()
    (tree / "Project" / "Fork.vcxproj").write_bytes(VCXPROJ.encode("utf-8"))
    (tree / "Project" / "Fork.vcxproj.filters").write_bytes(FILTERS.encode("utf-8"))
    result = integrate(tree)
    assert result.returncode == 0, result.stderr
    text = (tree / "Project" / "Fork.vcxproj").read_bytes().decode("utf-8")
    assert text == VCXPROJ.replace(
        '    <ClCompile Include="..\\CvPlot.cpp" />\r\n',
        '    <ClCompile Include="..\\CvPlot.cpp" />\r\n'
        '    <ClCompile Include="..\\CvVisionEngine.cpp" />\r\n'
        '    <ClCompile Include="..\\CvVisionSdk.cpp" />\r\n'
        '    <ClCompile Include="..\\CyVision.cpp" />\r\n').replace(
        '    <ClInclude Include="..\\CvPlot.h" />\r\n',
        '    <ClInclude Include="..\\CvPlot.h" />\r\n'
        '    <ClInclude Include="..\\CvVisionEngine.h" />\r\n'
        '    <ClInclude Include="..\\CvVisionSdk.h" />\r\n')
    filters = (tree / "Project" / "Fork.vcxproj.filters").read_bytes().decode("utf-8")
    assert ('    <ClCompile Include="..\\CyVision.cpp">\r\n'
            '      <Filter>Source Files</Filter>\r\n'
            '    </ClCompile>\r\n') in filters
    assert ('    <ClInclude Include="..\\CvVisionSdk.h">\r\n'
            '      <Filter>Header Files</Filter>\r\n'
            '    </ClInclude>\r\n') in filters
    assert "  Project/Fork.vcxproj: CvVisionEngine.cpp added" in result.stdout
    assert "  Project/Fork.vcxproj.filters: CvVisionSdk.h added" in result.stdout
    assert integrate(tree).stdout.startswith("nothing to do")
    assert integrate("--revert", tree).returncode == 0
    assert (tree / "Project" / "Fork.vcxproj").read_bytes() == VCXPROJ.encode("utf-8")
    assert (tree / "Project" / "Fork.vcxproj.filters").read_bytes() == FILTERS.encode("utf-8")


def test_vcxproj_without_cvplot_gets_plain_items_after_the_last():
    text = '<Project>\n  <ItemGroup>\n    <ClCompile Include="src\\A.cpp" />\n  </ItemGroup>\n</Project>\n'
    new, actions = cvsdk.projects.patch_vcxproj(text, "P.vcxproj", ["B.cpp", "B.h"], "..\\", warnings := [])
    assert new == text.replace('A.cpp" />\n', 'A.cpp" />\n    <ClCompile Include="..\\B.cpp" />\n')
    assert actions == ["P.vcxproj: B.cpp added"]
    assert warnings == ["P.vcxproj: no <ClCompile>/<ClInclude> items to add to; add these files "
                        "to the project yourself: B.h"]


def test_makefile_that_collects_cpp_is_left_alone(tmp_path):
    tree = vanilla(tmp_path)
    makefile = "# our own test Makefile\nSRCS=$(wildcard *.cpp)\nall:\n\techo $(SRCS)\n"
    (tree / "Makefile").write_text(makefile)
    result = integrate(tree)
    assert result.returncode == 0, result.stderr
    assert "note: Makefile collects *.cpp itself: nothing to add" in result.stdout
    assert (tree / "Makefile").read_text() == makefile


def test_makefile_listing_sources_gets_them_after_cvplot(tmp_path):
    tree = vanilla(tmp_path)
    (tree / "Build").mkdir()
    makefile = ("# our own test Makefile (a comment naming CvPlot.cpp is not a list)\n"
                "OBJS = \\\n"
                "\tRelease\\CvCity.obj \\\n"
                "\tRelease\\CvPlot.obj \\\n"
                "\tRelease\\CvUnit.obj\n"
                "Release\\CvPlot.obj: CvPlot.cpp CvPlot.h\n")
    (tree / "Build" / "Makefile").write_text(makefile)
    result = integrate(tree)
    assert result.returncode == 0, result.stderr
    assert (tree / "Build" / "Makefile").read_text() == makefile.replace(
        "\tRelease\\CvPlot.obj \\\n",
        "\tRelease\\CvPlot.obj Release\\CvVisionEngine.obj Release\\CvVisionSdk.obj "
        "Release\\CyVision.obj \\\n")
    assert "  Build/Makefile: CyVision.cpp added" in result.stdout


def test_makefile_without_a_list_gets_a_note():
    new, actions = cvsdk.projects.patch_makefile("all:\n\tnmake\n", "Makefile", ["A.cpp"], notes := [])
    assert (new, actions) == ("all:\n\tnmake\n", [])
    assert notes == ["Makefile neither lists CvPlot.cpp nor collects *.cpp: add these files to "
                     "it yourself: A.cpp"]


# --- modes, read-only files, partial trees ---------------------------------------------------

def test_modes_are_kept_by_apply_and_revert(tmp_path):
    tree = vanilla(tmp_path)
    os.chmod(str(tree / "CvPlot.cpp"), 0o664)
    os.chmod(str(tree / "CvDLLPython.cpp"), 0o600)
    assert integrate(tree).returncode == 0
    assert stat.S_IMODE(os.stat(str(tree / "CvPlot.cpp")).st_mode) == 0o664
    assert stat.S_IMODE(os.stat(str(tree / "CvDLLPython.cpp")).st_mode) == 0o600
    with open(str(tree / ".cvvision-backup" / "manifest.json")) as f:
        manifest = json.load(f)
    assert manifest["modes"]["CvPlot.cpp"] == "0664"
    os.chmod(str(tree / "CvPlot.cpp"), 0o644)  # changed since: revert restores the original
    assert integrate("--revert", tree).returncode == 0
    assert stat.S_IMODE(os.stat(str(tree / "CvPlot.cpp")).st_mode) == 0o664
    assert stat.S_IMODE(os.stat(str(tree / "CvDLLPython.cpp")).st_mode) == 0o600


def test_read_only_file_is_refused_naming_it(tmp_path):
    tree = vanilla(tmp_path)
    os.chmod(str(tree / "CvDLLPython.cpp"), 0o444)
    before = snapshot(tree)
    result = integrate(tree)
    assert result.returncode == 1
    assert "error: CvDLLPython.cpp is read-only: make it writable" in result.stderr
    assert "nothing was changed" in result.stderr
    assert snapshot(tree) == before


def test_read_only_file_stops_a_revert(tmp_path):
    tree = vanilla(tmp_path)
    assert integrate(tree).returncode == 0
    os.chmod(str(tree / "CvPlot.cpp"), 0o444)
    before = snapshot(tree)
    result = integrate("--revert", tree)
    assert result.returncode == 1
    assert "CvPlot.cpp read-only" in result.stderr
    assert snapshot(tree) == before


@pytest.mark.parametrize("missing", [["CvDLLPython.cpp"], ["CvGameCoreDLL.h", "CvGlobals.h"]])
def test_partial_tree_is_refused_saying_to_lay_it_over_bts(tmp_path, missing):
    tree = vanilla(tmp_path)
    for name in missing:
        (tree / name).unlink()
    before = snapshot(tree)
    result = integrate(tree)
    assert result.returncode == 1
    assert ("%s is not a whole CvGameCoreDLL folder: %s not found" % (tree, ", ".join(missing))
            in result.stderr)
    assert "laid over Beyond the Sword's CvGameCoreDLL/ first" in result.stderr
    assert "Traceback" not in result.stderr
    assert snapshot(tree) == before


# --- build_dll: a fork's settings ------------------------------------------------------------

def fake_sdk(root):
    """An integrated-looking SDK folder (files of our own; nothing runs in a dry run)."""
    root.mkdir()
    (root / "CvGameCoreDLL.h").write_text("// ours\n")
    (root / "_precompile.cpp").write_text('#include "CvGameCoreDLL.h"\n')
    (root / "CvVisionSdk.h").write_text("// ours\n")
    (root / "CvPlot.cpp").write_text('#include "CvGameCoreDLL.h"\n#include "CvVisionSdk.h"\n')
    for name in build_dll.VISION_SOURCES:
        (root / name).write_text('#include "CvGameCoreDLL.h"\n')
    return root


NMAKE = ("# our own nmake test file\n"
         "TOOLKIT=C:\\Toolkit\n"
         "DEFS=/DWIN32 /DMY_FORK\n"
         "Release_CFLAGS=/MD /O2 $(DEFS) /DNDEBUG /W4\n"
         "Debug_CFLAGS=/MD /Od $(DEFS) /D_DEBUG\n"
         "INCS=/I\"$(TOOLKIT)/include\" /I../extra /IBoost-1.32.0/include\n"
         "LIBS=/LIBPATH:\"$(TOOLKIT)/lib\" /LIBPATH:../mylibs extra.lib winmm.lib\n"
         "!include Makefile.more\n"
         "!IF \"$(TARGET)\" == \"Debug\"\n"
         "LIBS = $(LIBS) debugonly.lib\n"
         "!ENDIF\n")


def test_makefile_settings_are_read(tmp_path):
    sdk_dir = fake_sdk(tmp_path / "CvGameCoreDLL")
    (sdk_dir / "Project").mkdir()
    (sdk_dir / "Project" / "Makefile").write_text(NMAKE)
    (sdk_dir / "Project" / "Makefile.more").write_text("Release_LDFLAGS=/DLL /DEF:Fork.def\n")
    release = build_dll.fork_flags(str(sdk_dir / "Project" / "Makefile"), False)
    assert release.defines == ["WIN32", "MY_FORK", "NDEBUG"]
    assert release.includes == [str(tmp_path / "CvGameCoreDLL" / "extra")]
    assert release.libs == ["extra.lib", "winmm.lib"]
    assert release.lib_dirs == [str(tmp_path / "CvGameCoreDLL" / "mylibs")]
    assert release.def_file == str(sdk_dir / "Project" / "Fork.def")
    debug = build_dll.fork_flags(str(sdk_dir / "Project" / "Makefile"), True)
    assert debug.defines == ["WIN32", "MY_FORK", "_DEBUG"]
    assert debug.libs == ["extra.lib", "winmm.lib", "debugonly.lib"]
    assert debug.def_file is None


def test_vcproj_settings_are_read(tmp_path):
    project = tmp_path / "X.vcproj"
    project.write_text(
        '<VisualStudioProject>\n<Configurations>\n'
        '<Configuration Name="Debug|Win32"><Tool Name="VCCLCompilerTool" '
        'PreprocessorDefinitions="WIN32;_DEBUG"/></Configuration>\n'
        '<Configuration Name="Release|Win32"><Tool Name="VCCLCompilerTool" '
        'AdditionalIncludeDirectories="&quot;Boost-1.32.0\\include&quot;;inc" '
        'PreprocessorDefinitions="WIN32;NDEBUG;FORK"/>'
        '<Tool Name="VCLinkerTool" AdditionalDependencies="a.lib winmm.lib" '
        'ModuleDefinitionFile="x.def"/></Configuration>\n'
        '</Configurations>\n</VisualStudioProject>\n')
    flags = build_dll.fork_flags(str(project), False)
    assert flags.defines == ["WIN32", "NDEBUG", "FORK"]
    assert flags.includes == [str(tmp_path / "inc")]
    assert flags.libs == ["a.lib", "winmm.lib"]
    assert flags.def_file == str(tmp_path / "x.def")


def test_vcxproj_settings_are_read(tmp_path):
    project = tmp_path / "X.vcxproj"
    project.write_text(
        '<Project>\n'
        "<ItemDefinitionGroup Condition=\"'$(Configuration)|$(Platform)'=='Release|Win32'\">\n"
        '<ClCompile><PreprocessorDefinitions>WIN32;FORK;%(PreprocessorDefinitions)'
        '</PreprocessorDefinitions></ClCompile>\n'
        '<Link><AdditionalDependencies>b.lib;%(AdditionalDependencies)</AdditionalDependencies>'
        '<ModuleDefinitionFile>y.def</ModuleDefinitionFile></Link>\n'
        '</ItemDefinitionGroup>\n</Project>\n')
    flags = build_dll.fork_flags(str(project), False)
    assert flags.defines == ["WIN32", "FORK"]
    assert flags.libs == ["b.lib"]
    assert flags.def_file == str(tmp_path / "y.def")


def dry_run(sdk_dir, *extra):
    return run(BUILD_DLL, "--sdk", sdk_dir, "--dry-run", *extra)


def commands(done):
    return [line for line in done.stdout.splitlines() if not line.startswith(("#", "cd "))]


def test_dry_run_without_the_toolkit_prints_the_plan_marked(tmp_path):
    sdk_dir = fake_sdk(tmp_path / "CvGameCoreDLL")
    done = dry_run(sdk_dir, "--no-fork-settings", "--wine", "/nonexistent/wine")
    assert done.returncode == 1
    assert "# build_dll --dry-run: NOT RUNNABLE as it stands" in done.stdout
    assert "#   MISSING: --toolkit is not given." in done.stdout
    lines = commands(done)
    assert lines[0].startswith("/nonexistent/wine '<TOOLKIT>\\bin\\cl.exe' /nologo")
    assert lines[-1].startswith("/nonexistent/wine '<TOOLKIT>\\bin\\link.exe' /nologo")
    assert "Traceback" not in done.stderr


def test_options_add_defines_includes_libs_and_def(tmp_path):
    sdk_dir = fake_sdk(tmp_path / "CvGameCoreDLL")
    (tmp_path / "my.def").write_text("EXPORTS\n")
    done = dry_run(sdk_dir, "--define", "EXTRA=1", "--include", str(tmp_path / "inc"),
                   "--lib", "more.lib", "--libpath", str(tmp_path / "libs"),
                   "--def", str(tmp_path / "my.def"))
    lines = commands(done)
    compile_line, link_line = lines[0], lines[-1]
    assert "/DEXTRA=1" in compile_line and "/DFINAL_RELEASE" in compile_line  # ours kept
    assert "inc" in compile_line and "more.lib" in link_line
    assert "/DEF:Z:" in link_line and "my.def" in link_line
    missing = dry_run(sdk_dir, "--def", str(tmp_path / "none.def"))
    assert missing.returncode == 1 and "--def %s: no such file." % (tmp_path / "none.def") in missing.stderr


def test_makefile_defines_replace_ours_in_the_commands(tmp_path):
    sdk_dir = fake_sdk(tmp_path / "CvGameCoreDLL")
    (sdk_dir / "Makefile").write_text(NMAKE)
    (sdk_dir / "Makefile.more").write_text("Release_LDFLAGS=/DLL /DEF:Fork.def\n")
    (sdk_dir / "Fork.def").write_text("EXPORTS\n")
    done = dry_run(sdk_dir)
    lines = commands(done)
    assert "/DMY_FORK" in lines[0] and "/DFINAL_RELEASE" not in lines[0]
    assert "/W4" not in lines[0]  # only the fork's defines, folders, libraries, .def
    assert "/DEF:Z:" in lines[-1] and "Fork.def" in lines[-1] and "extra.lib" in lines[-1]
    assert "build_dll: settings from %s:" % (sdk_dir / "Makefile") in done.stderr


# --- the three real trees (temporary copies; skipped when ../shared is absent) ---------------

REAL = {
    "bts-3.19": {"defines": ["/DWIN32", "/D_WINDOWS", "/D_USRDLL", "/DCVGAMECOREDLL_EXPORTS",
                             "/DNDEBUG", "/DFINAL_RELEASE"], "def": None,
                 "settings": "Makefile"},
    "kmod-1.46": {"defines": ["/DWIN32", "/DNDEBUG", "/DFINAL_RELEASE"], "def": None,
                  "settings": "Makefile"},
    "advciv": {"defines": ["/DWIN32", "/D_WINDOWS", "/D_USRDLL", "/DCVGAMECOREDLL_EXPORTS",
                           "/DNDEBUG"], "def": "Project\\CvGameCoreDLL.def",
               "settings": os.path.join("Project", "Makefile")},
}


def copy_real(name, tmp_path):
    source = os.path.join(SHARED_SDK, name, "CvGameCoreDLL")
    if not os.path.isdir(source) or not os.path.isdir(BTS):
        pytest.skip("../shared/data/sdk/%s/CvGameCoreDLL (and bts-3.19's Boost and Python) "
                    "absent: real-tree test skipped" % name)
    tree = tmp_path / name
    shutil.copytree(source, str(tree), ignore=shutil.ignore_patterns("Boost-1.32.0", "Python24"))
    for folder, dirs, files in os.walk(str(tree)):
        for entry in dirs + files:
            path = os.path.join(folder, entry)
            os.chmod(path, os.stat(path).st_mode | stat.S_IWUSR)
    return tree


@pytest.mark.parametrize("name", sorted(REAL))
def test_real_tree_dry_run_has_the_forks_settings(tmp_path, name):
    tree = copy_real(name, tmp_path)
    integrated = run(INTEGRATE, tree)
    assert integrated.returncode == 0, integrated.stderr
    assert "collects *.cpp itself: nothing to add" in integrated.stdout
    done = dry_run(tree, "--boost", os.path.join(BTS, "Boost-1.32.0"),
                   "--python", os.path.join(BTS, "Python24"), "--out", tmp_path / "out")
    assert "Traceback" not in done.stderr
    assert "build_dll: settings from %s:" % (tree / REAL[name]["settings"]) in done.stderr
    lines = commands(done)
    compiles = {line.rsplit("\\", 1)[-1].strip("'"): line for line in lines[:-1]}
    for ours in ("CvFov.cpp", "CvVisionEngine.cpp", "CvPathfinder.cpp"):
        assert "/YuCvGameCoreDLL.h" in compiles[ours], ours  # the PCH, as the fork's own build
    for define in REAL[name]["defines"]:
        assert define in compiles["CvPlot.cpp"].split(), define
    assert "Boost-1.32.0\\include" in compiles["CvPlot.cpp"]
    assert "Python24\\include" in compiles["CvPlot.cpp"]
    link = lines[-1]
    assert "link.exe" in link and "CvFov.obj" in link and "boost_python-vc71-mt-1_32.lib" in link
    if REAL[name]["def"]:
        assert ("/DEF:Z:" + str(tree).replace("/", "\\") + "\\" + REAL[name]["def"]) in link
    else:
        assert "/DEF:" not in link
    print("\n".join([name] + lines[:1] + [line for line in lines if "CvFov" in line][:1]
                    + [link]))


def test_real_advciv_vcxproj_is_updated(tmp_path):
    tree = copy_real("advciv", tmp_path)
    assert run(INTEGRATE, tree).returncode == 0
    text = (tree / "Project" / "AdvCiv.vcxproj").read_bytes().decode("utf-8")
    for name in ("CvFov.cpp", "CvVisionSdk.cpp", "CyVisionInterface.cpp"):
        assert '<ClCompile Include="..\\%s" />' % name in text
    assert '<ClInclude Include="..\\CvVisionSdk.h" />' in text
    assert run(INTEGRATE, "--revert", tree).returncode == 0
    with open(os.path.join(SHARED_SDK, "advciv", "CvGameCoreDLL", "Project", "AdvCiv.vcxproj"),
              "rb") as f:
        assert (tree / "Project" / "AdvCiv.vcxproj").read_bytes() == f.read()


# --- make_mod --mod ---------------------------------------------------------------------------

def their_mod(tmp_path, xml="xml"):
    mod = tmp_path / "Mods" / "TheirMod"
    (mod / "Assets" / xml).mkdir(parents=True)
    (mod / "Assets" / xml / "GlobalDefinesAlt.xml").write_text("<Civ4Defines/>\n")
    (mod / "Assets" / "CvGameCoreDLL.dll").write_bytes(b"MZ their own")
    (mod / "TheirMod.ini").write_text("[CONFIG]\n")
    return mod


@pytest.mark.parametrize("xml", ["xml", "XML", "Xml"])
def test_make_mod_copies_their_mod_with_our_files(tmp_path, xml):
    mod = their_mod(tmp_path, xml)
    before = snapshot(mod)
    dll = tmp_path / "built.dll"
    dll.write_bytes(b"MZ ours")
    done = run(MAKE_MOD, "--mod", mod, "--dll", dll, "--out", tmp_path / "dist")
    assert done.returncode == 0, done.stderr
    copy = tmp_path / "dist" / "Mods" / "TheirMod"
    assert (copy / "Assets" / xml / "CvVision_GlobalDefines.xml").read_bytes() == open(
        os.path.join(ROOT, "Assets", "XML", "CvVision_GlobalDefines.xml"), "rb").read()
    assert (copy / "Assets" / "CvGameCoreDLL.dll").read_bytes() == b"MZ ours"
    assert (copy / "Assets" / xml / "GlobalDefinesAlt.xml").read_text() == "<Civ4Defines/>\n"
    assert (copy / "TheirMod.ini").is_file()
    assert sorted(os.listdir(str(copy / "Assets"))) == sorted([xml, "CvGameCoreDLL.dll"])
    assert "Assets/%s/CvVision_GlobalDefines.xml (added)" % xml in done.stdout
    assert "Assets/CvGameCoreDLL.dll (replaces the mod's own)" in done.stdout
    assert snapshot(mod) == before, "their folder is never modified"
    assert os.listdir(str(tmp_path / "dist" / "Mods")) == ["TheirMod"]


def test_make_mod_keeps_the_mods_own_knobs(tmp_path):
    """Every integrated fork reads the knobs from Assets/XML: a knobs file the mod has there is
    the modder's settings and is kept; one in a module is left and named (modular loading reads
    it after Assets/XML's)."""
    mod = their_mod(tmp_path, "XML")
    (mod / "Assets" / "XML" / "CvVision_GlobalDefines.xml").write_text("<theirs/>\n")
    module = mod / "Assets" / "Modules" / "Vision"
    module.mkdir(parents=True)
    (module / "cvvision_globaldefines.xml").write_text("<module/>\n")
    done = run(MAKE_MOD, "--mod", mod, "--out", tmp_path / "dist")
    assert done.returncode == 0, done.stderr
    copy = tmp_path / "dist" / "Mods" / "TheirMod"
    assert (copy / "Assets" / "XML" / "CvVision_GlobalDefines.xml").read_text() == "<theirs/>\n"
    assert ("Assets/XML/CvVision_GlobalDefines.xml (kept: the mod's own knobs; remove it from "
            "the mod for CvVision's defaults)") in done.stdout
    assert (copy / "Assets" / "Modules" / "Vision" / "cvvision_globaldefines.xml").read_text() \
        == "<module/>\n"
    assert ("Assets/Modules/Vision/cvvision_globaldefines.xml (the mod's own, left as it is: with "
            "modular loading the fork reads it too, after Assets/XML/CvVision_GlobalDefines.xml, "
            "so its values win)") in done.stdout


def test_make_mod_refuses_an_existing_copy_unless_replace(tmp_path):
    mod = their_mod(tmp_path)
    out = tmp_path / "dist"
    assert run(MAKE_MOD, "--mod", mod, "--out", out).returncode == 0
    (out / "Mods" / "TheirMod" / "stale.txt").write_text("old")
    again = run(MAKE_MOD, "--mod", mod, "--out", out)
    assert again.returncode == 1
    assert "exists already: remove it, or pass --replace" in again.stderr
    assert (out / "Mods" / "TheirMod" / "stale.txt").exists()
    replaced = run(MAKE_MOD, "--mod", mod, "--out", out, "--replace")
    assert replaced.returncode == 0, replaced.stderr
    assert not (out / "Mods" / "TheirMod" / "stale.txt").exists()


def test_make_mod_refuses_bad_mod_folders(tmp_path):
    missing = run(MAKE_MOD, "--mod", tmp_path / "nope", "--out", tmp_path / "dist")
    assert missing.returncode == 1 and "no such folder" in missing.stderr
    (tmp_path / "NoAssets").mkdir()
    bare = run(MAKE_MOD, "--mod", tmp_path / "NoAssets", "--out", tmp_path / "dist")
    assert bare.returncode == 1 and "has no Assets folder" in bare.stderr
    mod = their_mod(tmp_path)
    inside = run(MAKE_MOD, "--mod", mod, "--out", mod / "dist")
    assert inside.returncode == 1 and "overlap" in inside.stderr
    assert "Traceback" not in missing.stderr + bare.stderr + inside.stderr
