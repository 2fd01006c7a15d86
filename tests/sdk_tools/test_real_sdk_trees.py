"""sdk-integrate and sdk-check on the three real CvGameCoreDLL trees in ../shared (BTS 3.19,
K-Mod 1.46, AdvCiv), each on a temporary copy: --check, apply, a second run that changes nothing,
the compile check with no diagnostic added, and a revert that gives back every byte and mode.
Skipped, with the reason, when ../shared/data/sdk or the MinGW compiler is absent. Also the
detection of the compatibility header's names on small made-up trees, the comparison of
diagnostics, and an injected error that the compile check must report."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import sdk_trees
from sdk_trees import snapshot, writable_copy as copy_tree

REPO = Path(__file__).resolve().parents[2]
TOOLS = REPO / "tools" / "sdk"
BTS = sdk_trees.tree_dir("bts")
BOOST = BTS / "Boost-1.32.0" / "include"
PYTHON24 = BTS / "Python24" / "include"
CXX = "i686-w64-mingw32-g++"

sys.path.insert(0, str(TOOLS))
import cvsdk.cli_check  # noqa: E402
import cvsdk.compat  # noqa: E402
import cvsdk.compile_check  # noqa: E402
import cvsdk.plan  # noqa: E402

UNITY = cvsdk.compile_check.UNITY

TREES = {key: sdk_trees.tree_dir(key) for key in sdk_trees.TREES}
# What sdk-integrate tells of each tree's CvPlot bodies: recognised by their fingerprints, or
# accepted by behaviour (the differential), with the fork rule it translated.
ACCEPTED_BY_BEHAVIOUR = {"romand": None, "realism": "aerial-extra-range"}


def need_tree(name):
    sdk_trees.need_dir(TREES[name])
    if not (BOOST / "boost" / "python.hpp").is_file() or not (PYTHON24 / "Python.h").is_file():
        pytest.skip("BTS's Boost-1.32.0/Python24 include folders are absent from %s" % BTS)
    sdk_trees.need_program(CXX, "make setup installs g++-mingw-w64-i686")


def integrate(*args):
    return subprocess.run([sys.executable, str(TOOLS / "sdk_integrate.py")] + [str(a) for a in args],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True,
                          timeout=900)


def check(*args):
    return subprocess.run([sys.executable, str(TOOLS / "sdk_check.py"), "--boost", str(BOOST),
                           "--python", str(PYTHON24), "--jobs", "2"] + [str(a) for a in args],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True,
                          timeout=900)


# --------------------------------------------------------------------------------------------
# The three real trees.

@pytest.mark.parametrize("name", sorted(TREES))
def test_real_tree_integrates_compiles_and_reverts(name, tmp_path):
    need_tree(name)
    tree = copy_tree(TREES[name], tmp_path / "CvGameCoreDLL")
    untouched = snapshot(tree)

    result = integrate("--check", tree)
    assert result.returncode == 0, result.stderr
    assert "check: integration is possible" in result.stdout
    assert snapshot(tree) == untouched, "--check wrote something"

    result = integrate(tree)
    assert result.returncode == 0, result.stderr
    assert "done:" in result.stdout
    assert "warning" not in result.stderr, result.stderr
    if name in ACCEPTED_BY_BEHAVIOUR:
        assert "see what CvVision sees" in result.stdout and "differences=0" in result.stdout
        rule = ACCEPTED_BY_BEHAVIOUR[name]
        assert ("this fork's sight rule" in result.stdout) == (rule is not None), result.stdout
    integrated = snapshot(tree)
    result = integrate(tree)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("nothing to do"), result.stdout
    assert snapshot(tree) == integrated, "the second run changed something"

    compat = (tree / "CvVisionSdkCompat.h").read_text(encoding="latin-1")
    if name == "advciv":
        assert "GC.getMap()" in compat and "kMap.getGridWidth()" in compat
        assert "kPlot.getX()" in compat and "kUnit.getOwner()" in compat
        assert re.search(r"\w*INLINE\s*\(", compat) is None, "no BTS accessor is left"
        assert '#include "CvInfos.h"' not in compat and '#include "CvInfo_Unit.h"' in compat
        assert "bUpdatePlotGroups, pUnit);" in compat, "AdvCiv's count changes take the unit"
    else:
        assert compat.replace("\r\n", "\n") == (REPO / "CvGameCoreDLL" / "CvVisionSdkCompat.h"
                                                ).read_text(encoding="latin-1"), \
            "BTS's names: the repository's copy as it is"

    # The integrated tree itself: sdk-check compiles against its backed-up originals.
    result = integrate("--compile-check", "--boost", BOOST, "--python", PYTHON24, tree)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "sdk-check: 0 diagnostic(s) added" in result.stdout
    assert "CvVisionSdk.cpp" in result.stdout and "CyVision.cpp" in result.stdout
    assert "CvPlot.cpp" in result.stdout
    assert re.search(r"^differential: tree=\S+ cases=\d+ differences=0$", result.stdout, re.M), \
        result.stdout
    assert "sdk-check: hooks placed:" in result.stdout and "NOT placed" not in result.stdout, \
        result.stdout
    assert "sdk-check: the knobs file: read by the tree's own SetGlobalDefines" in result.stdout
    assert snapshot(tree) == integrated, "the compile check wrote into the tree"

    # The fork's own DLL build, dry-run: the toolkit is absent here, so the plan is printed
    # with placeholders (exit 1), with the fork's settings.
    result = subprocess.run(["make", "-s", "-C", str(REPO), "dll", "SDK=%s" % tree, "DRYRUN=1",
                             "DLL_OUT=%s" % (tmp_path / "dll"),
                             "DLLFLAGS=--boost %s --python %s" % (BOOST.parent, PYTHON24.parent)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            universal_newlines=True, timeout=300)
    plan = result.stdout + result.stderr
    assert "Traceback" not in plan
    assert re.search(r"cl\.exe'? .*/DCVGAMECOREDLL_EXPORTS.*/YuCvGameCoreDLL\.h.*CvVisionEngine\.cpp",
                     plan), plan[-3000:]
    assert re.search(r"link\.exe'? .*/DLL", plan), plan[-3000:]
    if name == "advciv":
        assert re.search(r"/DEF:[^ ]*Project[\\/]CvGameCoreDLL\.def", plan), plan[-3000:]
    assert snapshot(tree) == integrated, "the dry run wrote into the tree"

    result = integrate("--revert", tree)
    assert result.returncode == 0, result.stderr
    assert snapshot(tree) == untouched, "the revert is not identical in bytes and modes"


def test_the_check_runs_on_a_read_only_tree_in_place():
    """../shared's tree is read-only: the check copies it, integrates the copy, writes nothing."""
    need_tree("bts")
    before = snapshot(BTS)
    result = check(BTS)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "sdk-check: 0 diagnostic(s) added" in result.stdout
    assert snapshot(BTS) == before


def test_an_error_the_integration_adds_is_reported(tmp_path):
    """The check can fail: errors injected in an added .cpp and an added header are reported as
    added, with their file; the untouched headers' own diagnostics are not."""
    need_tree("bts")
    tree = copy_tree(BTS, tmp_path / "CvGameCoreDLL")
    untouched = snapshot(tree)
    sources = tmp_path / "sources"
    shutil.copytree(REPO / "CvGameCoreDLL", sources)
    with open(sources / "CvVisionSdk.cpp", "a") as f:
        f.write("\nint cvVisionInjectedError() { return cvVisionUndeclaredName; }\n")
    with open(sources / "CvVisionSdkCompat.h", "a") as f:
        f.write("\ninline int cvVisionInjectedHeaderError() { return GC.cvVisionNoSuchAccessor(); }\n")
    result = check("--no-differential", "--sources", sources, tree)
    assert result.returncode == 1, result.stdout + result.stderr
    lines = [l for l in result.stdout.splitlines() if ": error: " in l]
    assert any(l.startswith("CvVisionSdk.cpp:") and "cvVisionUndeclaredName" in l for l in lines), lines
    assert any(l.startswith("CvVisionSdkCompat.h:") and "cvVisionNoSuchAccessor" in l for l in lines), lines
    assert len(lines) == 2, "only the injected errors (the compat header's reported once): %s" % lines
    assert snapshot(tree) == untouched, "the check wrote into the tree"


# --------------------------------------------------------------------------------------------
# Usage (no real tree needed).

def fake_tree(tmp_path, boost=True):
    tree = tmp_path / "CvGameCoreDLL"
    (tree / "Python24" / "include").mkdir(parents=True)
    (tree / "Python24" / "include" / "Python.h").write_text("")
    if boost:
        (tree / "Boost-1.32.0" / "include" / "boost").mkdir(parents=True)
        (tree / "Boost-1.32.0" / "include" / "boost" / "python.hpp").write_text("")
    (tree / "CvPlot.cpp").write_text("")
    return tree


def run_check_main(args, capsys):
    code = cvsdk.cli_check.main([str(a) for a in args])
    captured = capsys.readouterr()
    return code, captured.out + captured.err


def test_a_missing_compiler_is_bad_usage_naming_make_setup(tmp_path, capsys):
    tree = fake_tree(tmp_path)
    code, text = run_check_main(["--cxx", "no-such-i686-compiler", tree], capsys)
    assert code == 2
    assert "no-such-i686-compiler is not installed" in text and "make setup" in text
    assert "g++-mingw-w64-i686" in text and "Traceback" not in text


def test_missing_boost_or_tree_is_bad_usage(tmp_path, capsys):
    tree = fake_tree(tmp_path, boost=False)
    code, text = run_check_main([tree], capsys)
    assert code == 2 and "--boost" in text and "boost/python.hpp" in text
    code, text = run_check_main([tmp_path / "nowhere"], capsys)
    assert code == 2 and "not a folder" in text
    code, text = run_check_main([tmp_path], capsys)
    assert code == 2 and "no CvPlot.cpp" in text


def test_boost_and_python_roots_are_taken_as_make_dll_takes_them(tmp_path, capsys):
    """--boost/--python accept the folders themselves (as build_dll's options) or their include/."""
    tree = fake_tree(tmp_path, boost=False)
    root = tmp_path / "Boost-1.32.0"
    (root / "include" / "boost").mkdir(parents=True)
    (root / "include" / "boost" / "python.hpp").write_text("")
    (tmp_path / "Py" / "include").mkdir(parents=True)
    (tmp_path / "Py" / "include" / "Python.h").write_text("")
    code, text = run_check_main(["--cxx", "no-such-i686-compiler", "--boost", root,
                                 "--python", tmp_path / "Py", tree], capsys)
    assert code == 2 and "no-such-i686-compiler is not installed" in text  # both folders found


def test_integrate_compile_check_options(tmp_path):
    tree = fake_tree(tmp_path)
    result = integrate("--boost", tmp_path, tree)
    assert result.returncode == 2 and "--boost and --python go with --compile-check" in result.stderr
    result = integrate("--compile-check", "--boost", tmp_path / "nowhere", tree)
    assert result.returncode == 2 and "--boost" in result.stderr and "Traceback" not in result.stderr


def test_make_sdk_check_without_sdk_is_bad_usage():
    if shutil.which("make") is None:
        pytest.skip("make is absent")
    result = subprocess.run(["make", "-s", "-C", str(REPO), "sdk-check"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, universal_newlines=True)
    assert result.returncode != 0 and "usage: make sdk-check SDK=DIR" in result.stderr


# --------------------------------------------------------------------------------------------
# The comparison of diagnostics.

def diag(path, line, message, source="x;"):
    return cvsdk.compile_check.Diagnostic(path, line, "error", message, source)


def test_moved_lines_are_not_added_new_ones_are():
    baseline = {"CvPlot.cpp": [diag("CvPlot.cpp", 10, "a"), diag("CvMap.h", 5, "h")]}
    after = {"CvPlot.cpp": [diag("CvPlot.cpp", 14, "a"), diag("CvMap.h", 5, "h"),
                            diag("CvPlot.cpp", 20, "b")]}
    added = cvsdk.compile_check.compared(baseline, after, {"CvPlot.cpp"})
    assert [(u, d.message) for u, d in added] == [("CvPlot.cpp", "b")]


def test_a_second_identical_diagnostic_in_a_compiled_file_is_added():
    baseline = {"CvPlot.cpp": [diag("CvPlot.cpp", 10, "a")]}
    after = {"CvPlot.cpp": [diag("CvPlot.cpp", 10, "a"), diag("CvPlot.cpp", 30, "a")]}
    assert len(cvsdk.compile_check.compared(baseline, after, {"CvPlot.cpp"})) == 1


def test_an_added_files_diagnostics_in_untouched_headers_count_only_if_new():
    baseline = {"CvPlot.cpp": [diag("FFreeListArray.h", 3, "old")]}
    after = {"CvVisionSdk.cpp": [diag("FFreeListArray.h", 3, "old"), diag("CvMap.h", 9, "new"),
                                 diag("CvVisionSdk.cpp", 1, "ours")],
             "CyVision.cpp": [diag("FFreeListArray.h", 3, "old"), diag("CvVisionSdk.cpp", 1, "ours")]}
    added = cvsdk.compile_check.compared(baseline, after, {"CvVisionSdk.cpp", "CyVision.cpp"})
    assert sorted(d.message for _, d in added) == ["new", "ours"]


def test_parse_diagnostics_reads_path_kind_message_and_source_line(tmp_path):
    (tmp_path / "A.h").write_text("int a;\n  int   b = c;\n")
    output = ("In file included from X.cpp:1:\n"
              "A.h:2:13: error: 'c' was not declared in this scope\n"
              "A.h:2:13: note: something\n"
              "%s/A.h:1:5: warning: unused\n" % tmp_path)
    found = cvsdk.compile_check.parse_diagnostics(output, str(tmp_path), cvsdk.compile_check.LineReader(str(tmp_path)))
    assert [(d.path, d.line, d.kind, d.source) for d in found] == [
        ("A.h", 2, "error", "int b = c;"), ("A.h", 1, "warning", "int a;")]


def test_tree_defines_come_from_its_release_builds(tmp_path):
    (tmp_path / "Makefile").write_text(
        "GLOBAL_CFLAGS=/W3 /DWIN32 /DMY_GLOBAL /Yu\"CvGameCoreDLL.h\"\n"
        "Debug_CFLAGS=/D_DEBUG /DMY_DEBUG_ONLY $(GLOBAL_CFLAGS)\n"
        "Release_CFLAGS=/O2 /DNDEBUG /DMY_RELEASE=2 $(GLOBAL_CFLAGS)\n"
        "GLOBAL_LDFLAGS=/DLL\n")
    defines = cvsdk.compile_check.tree_defines(str(tmp_path))
    assert defines == ["NDEBUG", "MY_RELEASE=2", "WIN32", "MY_GLOBAL"]


def test_a_tree_without_build_settings_gets_the_base_defines(tmp_path):
    (tmp_path / "CvPlot.cpp").write_text("")
    assert cvsdk.compile_check.tree_defines(str(tmp_path)) == cvsdk.compile_check.BASE_DEFINES


def test_shims_alias_other_cases_and_supply_missing_boost_debug_headers(tmp_path):
    tree = tmp_path / "tree"
    tree.mkdir()
    (tree / "AI_Defines.h").write_text("")
    (tree / "CvPlot.cpp").write_text('#include "AI_defines.h"\n#include <hash_map>\n')
    boost = tmp_path / "boost_include"
    (boost / "boost" / "preprocessor" / "debug").mkdir(parents=True)
    (boost / "boost" / "preprocessor" / "debug" / "line.hpp").write_text("")
    shims = tmp_path / "shims"
    shims.mkdir()
    made = cvsdk.compile_check.make_shims(str(shims), [str(tree)], [str(boost)], str(boost))
    assert (shims / "AI_defines.h").read_text().endswith('#include "AI_Defines.h"\n')
    assert "stdext" in (shims / "hash_map").read_text()
    assert (shims / "boost/preprocessor/debug/error.hpp").is_file()
    assert not (shims / "boost/preprocessor/debug/line.hpp").exists(), "the copy has it"
    assert "AI_defines.h" in made


# --------------------------------------------------------------------------------------------
# The compatibility header, chosen from the tree's own headers name by name.

def compat_for(tmp_path, files):
    tree = tmp_path / "tree"
    tree.mkdir()
    for name, text in files.items():
        (tree / name).write_text(text)
    plan = cvsdk.plan.Plan(str(tree))
    data = (REPO / "CvGameCoreDLL" / "CvVisionSdkCompat.h").read_bytes()
    text = cvsdk.compat.compat_flavour(str(tree), data, plan, ["CvVisionSdkCompat.h"]).decode("latin-1")
    return text, plan


def test_bts_names_keep_the_repository_copy(tmp_path):
    text, plan = compat_for(tmp_path, {
        "CvMap.h": "class CvMap { public: int getGridWidthINLINE() const; CvPlot* plotINLINE(int, int) const; };",
        "CvPlot.h": "class CvPlot { void changeVisibilityCount(TeamTypes eTeam, int iChange, "
                    "InvisibleTypes eSeeInvisible, bool bUpdatePlotGroups); };",
        "CvInfos.h": "class CvUnitInfo {};"})
    assert text == (REPO / "CvGameCoreDLL" / "CvVisionSdkCompat.h").read_text()
    assert not plan.errors


def test_a_fork_in_between_gets_each_name_it_has(tmp_path):
    """Renamed map accessors but BTS's plot and unit names, infos split, the unit passed."""
    text, plan = compat_for(tmp_path, {
        "CvGlobals.h": "class CvGlobals { CvMap& getMapINLINE(); };",
        "CvMap.h": "class CvMap {\n// was getGridWidthINLINE\n inline int getGridWidth() const { return m; }\n"
                   " bool isWrapX() const; CvPlot* plotByIndex(int i) const { return plot(i, 0); } };",
        "CvPlot.h": "class CvPlot { int getX_INLINE() const;\n void changeVisibilityCount(TeamTypes eTeam,"
                    " int iChange,\n InvisibleTypes eSeeInvisible, bool bUpdatePlotGroups,\n"
                    " CvUnit const* pUnit = NULL); // advc.071\n};",
        "CvInfo_Terrain.h": "class CvTerrainInfo : public CvInfoBase {};",
        "CvInfo_Unit.h": "class CvUnitInfo : public CvInfoBase\n{\n};",
        "CvInfo_Water.h": "class CvWaterPlaneInfo {};"})
    assert "GC.getMapINLINE()" in text, "CvGlobals.h has BTS's name"
    assert "kMap.getGridWidth()" in text and "kMap.isWrapX()" in text
    assert "kMap.plotByIndex(iIndex)" in text
    assert "kMap.plotINLINE(iX, iY)" in text, "a call of plot() is no declaration"
    assert "kPlot.getX_INLINE()" in text
    assert '#include "CvInfo_Terrain.h"' in text and '#include "CvInfo_Unit.h"' in text
    assert "CvInfo_Water.h" not in text and '"CvInfos.h"' not in text
    assert "const CvUnit* pUnit)" in text and "bUpdatePlotGroups, pUnit);" in text
    assert any("written for this tree" in n for n in plan.notes)


def test_a_tree_without_either_name_is_warned_about(tmp_path):
    text, plan = compat_for(tmp_path, {"CvMap.h": "class CvMap { int width() const; };",
                                       "CvGlobals.h": "class CvGlobals {};"})
    assert "getGridWidthINLINE" in text
    assert any("neither getGridWidthINLINE nor getGridWidth" in w for w in plan.warnings)
    assert any("no CvInfos.h" in w for w in plan.warnings)


# --------------------------------------------------------------------------------------------
# The whole check with a stand-in compiler (no real tree, no MinGW needed).

def fixture_tree_with_compiler(tmp_path, script):
    """The project's vanilla fixture tree (its CvPlot bodies are made up: checked with --force)
    and a stand-in compiler running script."""
    tree = tmp_path / "CvGameCoreDLL"
    shutil.copytree(REPO / "tests" / "sdk_tools" / "fixtures" / "vanilla" / "input", tree)
    (tree / "Python24" / "include").mkdir(parents=True)
    (tree / "Python24" / "include" / "Python.h").write_text("")
    (tree / "Boost-1.32.0" / "include" / "boost").mkdir(parents=True)
    (tree / "Boost-1.32.0" / "include" / "boost" / "python.hpp").write_text("")
    compiler = tmp_path / "fake-g++"
    compiler.write_text("#!/bin/sh\n" + script)
    compiler.chmod(0o755)
    return tree, compiler


# A fake compiler's prologue: f is the file it is given; files, the files that one includes when
# it is sdk-check's unit of several (each side's files as one unit), else f itself.
EACH_FILE = ('for a; do f="$a"; done\n'
             'files="$f"\n'
             'case "$f" in %s) files=$(sed -n \'s/^#include "\\(.*\\)"$/\\1/p\' "$f");; esac\n'
             % UNITY)


def test_a_compiler_that_fails_only_on_the_integrated_tree_is_reported(tmp_path, capsys):
    # The last argument is the file; the working folder tells which tree is compiled.
    tree, compiler = fixture_tree_with_compiler(
        tmp_path, 'case "$PWD" in *integrated*) exit 3;; esac\nexit 0\n')
    code, text = run_check_main(["--cxx", compiler, "--force", "--no-differential", tree], capsys)
    assert code == 1, text
    assert "the compiler failed (exit status 3)" in text


def test_a_diagnostic_only_the_integrated_tree_gives_is_added(tmp_path, capsys):
    tree, compiler = fixture_tree_with_compiler(
        tmp_path, EACH_FILE + 'echo "CvPlot.h:1:1: warning: seen in both trees"\n'
        'case "$PWD" in *integrated*) for f in $files; do\n'
        '  echo "$f:2:1: error: only after the integration"; done;; esac\n'
        'exit 0\n')
    before = snapshot(tree)
    code, text = run_check_main(["--cxx", compiler, "--jobs", "1", "--force", "--no-differential",
                                 tree], capsys)
    assert code == 1, text
    assert "CvPlot.cpp:2: error: only after the integration" in text
    assert "seen in both trees" not in text
    assert snapshot(tree) == before


def test_each_side_is_one_unit_and_a_fatal_error_sends_the_check_file_by_file(tmp_path, capsys,
                                                                              monkeypatch):
    """Two compiles when all goes well (each side's files as one unit); a fatal error in a unit
    (what follows it went unchecked) makes the check compile every file on its own, and what
    only a file of the integrated side shows is still reported."""
    tree, compiler = fixture_tree_with_compiler(
        tmp_path, EACH_FILE + 'case "$f" in *.cpp) echo "$f" >> "%s";; esac\n'
        'case "$f" in %s) [ -f "%s" ] && echo "$f:1:1: fatal error: stopped here";; esac\n'
        'case "$PWD" in *integrated*) case " $(echo $files) " in *" CvPlot.cpp "*)\n'
        '  echo "CvPlot.cpp:2:1: error: after";; esac;; esac\n'
        'exit 0\n' % (tmp_path / "runs", UNITY, tmp_path / "fatal"))
    monkeypatch.delenv("CVVISION_DIFFERENTIAL_CACHE", raising=False)  # the fake reads a file aside
    code, text = run_check_main(["--cxx", compiler, "--force", "--no-differential", tree], capsys)
    assert code == 1 and "CvPlot.cpp:2: error: after" in text, text
    assert (tmp_path / "runs").read_text().split() == [UNITY, UNITY]
    assert "compiling file by file" not in text
    (tmp_path / "runs").unlink()
    (tmp_path / "fatal").write_text("")
    code, text = run_check_main(["--cxx", compiler, "--force", "--no-differential", tree], capsys)
    assert "the compiler stopped early on %s" % UNITY in text and "compiling file by file" in text
    runs = (tmp_path / "runs").read_text().split()
    assert runs[:2] == [UNITY, UNITY] and len(runs) > 3 and UNITY not in runs[2:], runs
    assert code == 1 and "CvPlot.cpp:2: error: after  [compiling CvPlot.cpp]" in text, text


def test_an_unknown_body_is_refused_by_the_check_without_force(tmp_path, capsys):
    tree, compiler = fixture_tree_with_compiler(tmp_path, "exit 0\n")
    code, text = run_check_main(["--cxx", compiler, "--no-differential", tree], capsys)
    assert code == 1 and "lines that differ from BTS 3.19" in text and "nothing was compiled" in text


def test_no_diagnostic_added_exits_0(tmp_path, capsys):
    tree, compiler = fixture_tree_with_compiler(
        tmp_path, 'echo "CvPlot.h:1:1: warning: an untouched header\'s, the same everywhere"\nexit 0\n')
    code, text = run_check_main(["--cxx", compiler, "--force", "--no-differential", tree], capsys)
    assert code == 0, text
    assert "sdk-check: 0 diagnostic(s) added" in text


def test_a_second_check_reuses_the_compiles_exactly_and_a_changed_header_compiles_again(
        tmp_path, capsys, monkeypatch):
    """With $CVVISION_DIFFERENTIAL_CACHE, a compile of the same unit from the same files is
    answered from the cache, with the same report (the temporary folder's path in a diagnostic
    put back); after a header of the tree changed, every unit is compiled again and sees it, and
    so it is with another compiler."""
    tree, compiler = fixture_tree_with_compiler(
        tmp_path, EACH_FILE + 'case "$f" in *.cpp) echo "$f" >> "%s";; esac\n'
        'grep -q INJECTED CvPlot.h && echo "CvPlot.h:1:1: error: the changed header"\n'
        'case "$PWD" in *integrated*) for f in $files; do\n'
        '  echo "$PWD/$f:2:1: warning: after the integration"; done;; esac\n'
        'exit 0\n' % (tmp_path / "runs"))
    monkeypatch.setenv("CVVISION_DIFFERENTIAL_CACHE", str(tmp_path / "cache"))

    def run():
        code, text = run_check_main(["--cxx", compiler, "--jobs", "1", "--force",
                                     "--no-differential", tree], capsys)
        runs = len((tmp_path / "runs").read_text().splitlines())
        return code, re.sub(r"cvvision-sdk-check-\w+|\d+ s\b", "", text), runs

    first = run()
    assert first[0] == 1 and "CvPlot.cpp:2: warning: after the integration" in first[1], first[1]
    assert "0 of" in first[1] and first[2] > 0
    second = run()
    assert second[2] == first[2], "nothing compiled again"
    assert "%d of %d compile(s) reused" % (first[2], first[2]) in second[1], second[1]
    assert second[1].replace(" (reused)", "").replace("%d of" % first[2], "0 of") == first[1]
    with open(tree / "CvPlot.h", "a") as f:
        f.write("\n// INJECTED\n")
    third = run()
    assert third[2] == 2 * first[2], "every unit compiled again"
    assert "untouched  %s: 0 diagnostic line(s)" % UNITY in first[1], first[1]
    assert "untouched  %s: 1 diagnostic line(s)" % UNITY in third[1], "the header's error seen"
    assert "0 of %d compile(s) reused" % first[2] in third[1]
    with open(compiler, "a") as f:
        f.write("# another compiler\n")
    fourth = run()
    assert fourth[2] == 3 * first[2] and "0 of %d compile(s) reused" % first[2] in fourth[1], \
        "another compiler's diagnostics are its own"

