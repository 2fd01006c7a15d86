"""Tests of tools/sdk/sdk_integrate.py (sdk-integrate), run with `python3 -m pytest`.

The fixtures in tests/sdk_tools/fixtures/ are fake SDK-shaped trees written for these tests. Only the
trees that carry information of their own are stored: vanilla/ and fork/, each with an input/ tree
and the exact expected/ tree (without .cvvision-backup/, which is tested on its own, and without
the copied sources, which are checked against sources/ with the tree's line endings). The other
cases are derived from vanilla in this file (see "derived cases" below): crlf is vanilla with CRLF
line ends, integrated is vanilla's own result, and missing-function, unrecognised-shape and
no-defines-statement are vanilla with one targeted edit each. The fake sources set
fixtures/sources/ is passed with --sources so that the expected trees do not change when the
real engine changes.
"""

import difflib
import json
import os
import shutil
import subprocess
import sys

import pytest

import sdk_trees

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOOL = os.path.join(ROOT, "tools", "sdk", "sdk_integrate.py")
WRAPPER = os.path.join(ROOT, "tools", "sdk", "sdk-integrate")
FIXTURES = os.path.join(ROOT, "tests", "sdk_tools", "fixtures")
SOURCES = os.path.join(FIXTURES, "sources")
REPO_SOURCES = os.path.join(ROOT, "CvGameCoreDLL")
BACKUP = ".cvvision-backup"

SUCCESS_CASES = ["vanilla", "crlf", "fork", "no-defines-statement"]
LINE_ENDINGS = {"vanilla": b"\n", "crlf": b"\r\n", "fork": b"\n", "no-defines-statement": b"\n"}
ADDED = ["CvVisionEngine.cpp", "CvVisionEngine.h", "CvVisionSdk.cpp", "CvVisionSdk.h",
         "CyVision.cpp"]


sys.path.insert(0, os.path.join(ROOT, "tools", "sdk"))
import cvsdk.bodies  # noqa: E402
import cvsdk.defines  # noqa: E402
import cvsdk.errors  # noqa: E402
import cvsdk.includes  # noqa: E402
import cvsdk.names  # noqa: E402
import cvsdk.plot_functions  # noqa: E402
import cvsdk.projects  # noqa: E402
import cvsdk.scanner  # noqa: E402
import cvsdk.text  # noqa: E402
import cvsdk.version  # noqa: E402


# --- helpers ---------------------------------------------------------------------------------

def run(*args, sources=SOURCES, force=True):
    """The tool on the fixtures: with --force by default, as their CvPlot bodies are made up
    (neither BTS's nor AdvCiv's; tests/sdk_tools/test_sdk_bodies.py tests recognition and --force)."""
    command = [sys.executable, TOOL]
    if force:
        command += ["--force"]
    if sources is not None:
        command += ["--sources", sources]
    command += [str(a) for a in args]
    return subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          universal_newlines=True)


def snapshot(root, skip_backup=False):
    """Every file under root: relative path -> bytes."""
    return sdk_trees.file_contents(root, skip_dirs=(BACKUP,) if skip_backup else ())


def assert_same_tree(actual, expected):
    """Byte-for-byte equality of two snapshots, with a readable diff on failure."""
    problems = []
    for name in sorted(set(actual) | set(expected)):
        if name not in actual:
            problems.append("missing: %s" % name)
        elif name not in expected:
            problems.append("unexpected: %s" % name)
        elif actual[name] != expected[name]:
            diff = difflib.unified_diff(
                expected[name].decode("latin-1").splitlines(True),
                actual[name].decode("latin-1").splitlines(True),
                "expected/" + name, "actual/" + name)
            problems.append("".join(line.replace("\r", "\\r") for line in diff)
                            or "%s: differs (line endings?)" % name)
    assert not problems, "\n".join(problems)


def write_tree(root, files):
    """Write a snapshot (relative path -> bytes) out as files under root."""
    for name, data in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return root


def stored(case, part):
    """A tree stored under fixtures/<case>/<part>, as a snapshot."""
    return snapshot(os.path.join(FIXTURES, case, part))


# --- derived cases ---------------------------------------------------------------------------
# Each derived case is vanilla's input (or expected tree) with one small, checked change; every
# edit must find exactly the text it changes, so that a change to vanilla cannot silently turn a
# derived case into a copy of vanilla.

def with_line_endings(data, eol):
    """data with every line ending made eol (CRLF is first normalised to LF)."""
    return data.replace(b"\r\n", b"\n").replace(b"\n", eol)


def to_crlf(files):
    """The crlf case: every file with CRLF line ends. vanilla's CvGameCoreDLL.vcproj already
    has CRLF line ends (as Visual Studio writes it); the normalisation leaves it as it is."""
    return {name: with_line_endings(data, b"\r\n") for name, data in files.items()}


def replace_once(data, old, new, name):
    assert data.count(old) == 1, "%s: %r should occur exactly once" % (name, old)
    return data.replace(old, new)


def without_can_see_displacement_plot(files):
    """The missing-function case: CvPlot::canSeeDisplacementPlot is neither defined in
    CvPlot.cpp nor declared in CvPlot.h (its callers are left as they are)."""
    files = dict(files)
    cpp = files["CvPlot.cpp"]
    definition = b"bool CvPlot::canSeeDisplacementPlot("
    assert cpp.count(definition) == 1, "CvPlot.cpp: one definition of canSeeDisplacementPlot"
    start = cpp.index(definition)
    end = cpp.index(b"\n}\n", start) + len(b"\n}\n")  # its closing brace, at column 0
    files["CvPlot.cpp"] = cpp[:start] + cpp[end:]
    header = files["CvPlot.h"].splitlines(True)
    kept = [line for line in header if b"canSeeDisplacementPlot(" not in line]
    assert len(kept) == len(header) - 1, "CvPlot.h: one declaration of canSeeDisplacementPlot"
    files["CvPlot.h"] = b"".join(kept)
    return files


def with_unrecognised_sight_parameters(files):
    """The unrecognised-shape case: CvPlot::changeAdjacentSight takes what the unit would tell
    instead of the unit."""
    files = dict(files)
    files["CvPlot.cpp"] = replace_once(
        files["CvPlot.cpp"],
        b"void CvPlot::changeAdjacentSight(TeamTypes eTeam, int iRange, bool bIncrement, "
        b"CvUnit* pUnit, bool bUpdatePlotGroups)",
        b"void CvPlot::changeAdjacentSight(TeamTypes eTeam, int iRange, bool bIncrement, "
        b"InvisibleTypes eSeeInvisible, DirectionTypes eFacingDirection, bool bUpdatePlotGroups)",
        "CvPlot.cpp")
    return files


DEFINES_STATEMENT = (b'\tif (!ReadGlobalDefines("xml\\\\PythonCallbackDefines.xml", pCache))\n'
                     b'\t{\n\t\treturn false;\n\t}\n\n')


def without_defines_statement(files):
    """The no-defines-statement case: SetGlobalDefines does not read PythonCallbackDefines.xml."""
    files = dict(files)
    files["CvXMLLoadUtilitySet.cpp"] = replace_once(
        files["CvXMLLoadUtilitySet.cpp"], DEFINES_STATEMENT, b"", "CvXMLLoadUtilitySet.cpp")
    return files


DERIVED_INPUTS = {
    "crlf": to_crlf,
    "missing-function": without_can_see_displacement_plot,
    "unrecognised-shape": with_unrecognised_sight_parameters,
    "no-defines-statement": without_defines_statement,
}


def case_input(case):
    """The input tree of a case, stored or derived from vanilla's."""
    if case in DERIVED_INPUTS:
        return DERIVED_INPUTS[case](stored("vanilla", "input"))
    return stored(case, "input")


def stored_expected(case):
    """A stored case's result: its input with the files expected/ holds (expected/ stores only
    the files the tool changes; the others must come out as they went in)."""
    expected = stored(case, "input")
    expected.update(stored(case, "expected"))
    return expected


def case_expected(case):
    """The expected tree of a successful case, without .cvvision-backup/ and without the copied
    sources (see copied_sources)."""
    if case == "crlf":
        return to_crlf(stored_expected("vanilla"))
    if case == "no-defines-statement":
        # vanilla's result without the PythonCallbackDefines.xml statement: the knobs are then
        # read right after GlobalDefinesAlt.xml, a statement of the same shape
        return without_defines_statement(stored_expected("vanilla"))
    return stored_expected(case)


def case_tree(tmp_path, case):
    """A fresh copy of the case's input tree under tmp_path."""
    return write_tree(tmp_path / case, case_input(case))


def copied_sources(eol):
    """Every *.h and *.cpp of sources/, as it must be copied into a tree whose line end is eol."""
    return {name: with_line_endings(with_pch_line(name, data), eol)
            for name, data in snapshot(SOURCES).items() if name.endswith((".h", ".cpp"))}


PCH_LINE = (b'#include "CvGameCoreDLL.h" '
            b"// CvVision (sdk-integrate): the tree's precompiled header\n")


def with_pch_line(name, data):
    """A copied .cpp that does not include the precompiled header starts with it."""
    if name.endswith(".cpp") and b'\n#include "CvGameCoreDLL.h"' not in data:
        return PCH_LINE + data
    return data


def assert_expected_result(tree, case):
    """The tree (without its backup) is the case's expected tree plus the copied sources, with
    the tree's line endings, and nothing else."""
    actual = snapshot(tree, skip_backup=True)
    expected = case_expected(case)
    # every file expected/ holds, byte for byte
    assert_same_tree({n: d for n, d in actual.items() if n in expected}, expected)
    # every other file: exactly the sources, copied with the tree's line endings
    sources = copied_sources(LINE_ENDINGS[case])
    assert sorted(sources) == ADDED
    assert_same_tree({n: d for n, d in actual.items() if n not in expected}, sources)


@pytest.fixture
def integrated_tree(tmp_path):
    """The integrated case: vanilla's input after one run of the tool (with its backup)."""
    tree = case_tree(tmp_path, "vanilla")
    result = run(tree)
    assert result.returncode == 0, result.stderr
    assert_expected_result(tree, "vanilla")
    return tree


# --- successful integrations -----------------------------------------------------------------

@pytest.mark.parametrize("case", SUCCESS_CASES)
def test_integration_gives_the_expected_tree(tmp_path, case):
    tree = case_tree(tmp_path, case)
    result = run(tree)
    assert result.returncode == 0, result.stderr
    assert_expected_result(tree, case)
    assert "done:" in result.stdout
    assert "CvPlot.cpp: CvPlot::changeAdjacentSight: body replaced" in result.stdout


@pytest.mark.parametrize("case", SUCCESS_CASES)
def test_second_run_has_nothing_to_do(tmp_path, case):
    tree = case_tree(tmp_path, case)
    assert run(tree).returncode == 0
    before = snapshot(tree)
    result = run(tree)
    assert result.returncode == 0
    assert "nothing to do" in result.stdout
    assert snapshot(tree) == before


@pytest.mark.parametrize("case", SUCCESS_CASES)
def test_check_reports_and_changes_nothing(tmp_path, case):
    tree = case_tree(tmp_path, case)
    before = snapshot(tree)
    result = run("--check", tree)
    assert result.returncode == 0, result.stderr
    assert "would change" in result.stdout
    assert "CvPlot.cpp: CvPlot::seeThroughLevel: body replaced" in result.stdout
    assert "nothing was changed" in result.stdout
    assert snapshot(tree) == before


def test_dry_run_is_check(tmp_path):
    tree = case_tree(tmp_path, "vanilla")
    before = snapshot(tree)
    result = run("--dry-run", tree)
    assert result.returncode == 0
    assert snapshot(tree) == before


@pytest.mark.parametrize("case", SUCCESS_CASES)
def test_revert_restores_the_input(tmp_path, case):
    tree = case_tree(tmp_path, case)
    assert run(tree).returncode == 0
    result = run("--revert", tree)
    assert result.returncode == 0, result.stderr
    assert_same_tree(snapshot(tree), case_input(case))
    for name in ADDED:
        assert not (tree / name).exists()
        assert "%s: removed" % name in result.stdout
    assert not (tree / BACKUP).exists()
    assert "CvPlot.cpp: original restored" in result.stdout


def test_backup_holds_the_original_bytes_and_a_manifest(tmp_path):
    tree = case_tree(tmp_path, "vanilla")
    assert run(tree).returncode == 0
    original = stored("vanilla", "input")
    manifest = json.loads((tree / BACKUP / "manifest.json").read_text())
    assert sorted(manifest["modified"]) == sorted(
        ["CvPlot.cpp", "CvDLLPython.cpp", "CvXMLLoadUtilitySet.cpp", "CvGameCoreDLL.vcproj"])
    assert sorted(manifest["added"]) == ADDED
    for name in manifest["modified"]:
        assert (tree / BACKUP / name).read_bytes() == original[name]
    assert "CvPlot.h" not in manifest["modified"]


def test_backup_is_never_overwritten(tmp_path):
    tree = case_tree(tmp_path, "vanilla")
    assert run(tree).returncode == 0
    backup_before = snapshot(tree / BACKUP)
    # the modder edits CvPlot.cpp by hand, putting an original body back: a re-run patches it
    # again, and the backup must still hold the file as it was before the first run
    original = (tree / BACKUP / "CvPlot.cpp").read_bytes()
    (tree / "CvPlot.cpp").write_bytes(original + b"// a modder's edit\n")
    result = run(tree)
    assert result.returncode == 0
    assert "CvPlot.cpp: CvPlot::changeAdjacentSight: body replaced" in result.stdout
    assert (tree / BACKUP / "CvPlot.cpp").read_bytes() == original
    manifest_before = json.loads(backup_before["manifest.json"])
    manifest_after = json.loads((tree / BACKUP / "manifest.json").read_text())
    assert manifest_after["modified"] == manifest_before["modified"]
    assert manifest_after["added"] == manifest_before["added"]
    for name, data in backup_before.items():
        if name != "manifest.json":
            assert (tree / BACKUP / name).read_bytes() == data
    # revert still gives the very first input back
    assert run("--revert", tree).returncode == 0
    assert_same_tree(snapshot(tree), stored("vanilla", "input"))


def test_revert_tells_about_edits_made_after_the_integration(tmp_path):
    tree = case_tree(tmp_path, "vanilla")
    assert run(tree).returncode == 0
    with open(str(tree / "CvDLLPython.cpp"), "ab") as f:
        f.write(b"// edited later\n")
    result = run("--revert", tree)
    assert result.returncode == 0
    assert "CvDLLPython.cpp: original restored (edits made since the integration are discarded)" \
        in result.stdout
    assert_same_tree(snapshot(tree), stored("vanilla", "input"))


def test_updated_sources_are_copied_again_without_duplicates(tmp_path):
    sources = tmp_path / "sources"
    shutil.copytree(SOURCES, str(sources))
    tree = case_tree(tmp_path, "vanilla")
    assert run(tree, sources=str(sources)).returncode == 0
    integrated = snapshot(tree)
    # a new CvVision version: one file changes, one file is new
    (sources / "CvVisionEngine.cpp").write_bytes(
        (sources / "CvVisionEngine.cpp").read_bytes() + b"// version 2\n")
    (sources / "CvVisionExtra.h").write_bytes(b"// new in version 2\n")
    result = run(tree, sources=str(sources))
    assert result.returncode == 0, result.stderr
    assert "CvVisionEngine.cpp: updated" in result.stdout
    assert "CvVisionExtra.h: copied in" in result.stdout
    after = snapshot(tree)
    changed = sorted(n for n in after if after.get(n) != integrated.get(n))
    assert changed == [BACKUP + "/manifest.json", "CvGameCoreDLL.vcproj", "CvVisionEngine.cpp",
                       "CvVisionExtra.h"]
    for name in ("CvPlot.cpp", "CvDLLPython.cpp", "CvXMLLoadUtilitySet.cpp"):
        assert after[name] == integrated[name]
    assert after["CvPlot.cpp"].count(b'#include "CvVisionSdk.h"') == 1
    assert after["CvDLLPython.cpp"].count(b"CyVisionPythonInterface(); // CvVision") == 2
    assert after["CvXMLLoadUtilitySet.cpp"].count(b"enumerateFiles(aszCvVisionDefines") == 1
    assert after["CvGameCoreDLL.vcproj"].count(b"CvVisionEngine.cpp") == 1
    assert after["CvGameCoreDLL.vcproj"].count(b"CvVisionExtra.h") == 1
    manifest = json.loads(after[BACKUP + "/manifest.json"])
    assert "CvVisionExtra.h" in manifest["added"]
    assert run("--revert", tree).returncode == 0
    assert_same_tree(snapshot(tree), stored("vanilla", "input"))


def test_integrated_tree_has_nothing_to_do(integrated_tree):
    tree = integrated_tree
    before = snapshot(tree)
    result = run(tree)
    assert result.returncode == 0
    assert "nothing to do" in result.stdout
    assert snapshot(tree) == before
    result = run("--check", tree)
    assert result.returncode == 0
    assert "nothing to do" in result.stdout
    assert snapshot(tree) == before


def test_integrated_tree_reverts_to_vanilla(integrated_tree):
    tree = integrated_tree
    assert run("--revert", tree).returncode == 0
    assert_same_tree(snapshot(tree), stored("vanilla", "input"))


def test_crlf_output_has_no_bare_line_feed(tmp_path):
    tree = case_tree(tmp_path, "crlf")
    assert run(tree).returncode == 0
    for name, data in snapshot(tree, skip_backup=True).items():
        assert data.count(b"\n") == data.count(b"\r\n"), name
        assert b"\r\r" not in data, name


def test_fork_makefile_gets_the_copied_sources(tmp_path):
    tree = case_tree(tmp_path, "fork")
    result = run(tree)
    assert result.returncode == 0
    for name in ("CvVisionEngine.cpp", "CvVisionSdk.cpp", "CyVision.cpp"):
        assert "  Makefile: %s added\n" % name in result.stdout
    assert "CvPlot::seeFromLevel (definition 2 of 2): body replaced" in result.stdout


def test_tree_without_build_files_gets_a_note(tmp_path):
    tree = case_tree(tmp_path, "fork")
    (tree / "Makefile").unlink()
    result = run(tree)
    assert result.returncode == 0
    assert ("note: no project file (*.vcproj, *.vcxproj) or Makefile in %s or one folder below: "
            "add these files to the mod's own build: CvVisionEngine.cpp, CvVisionSdk.cpp, "
            "CyVision.cpp" % tree) in result.stdout


def test_without_the_callbacks_file_the_knobs_follow_globaldefinesalt(tmp_path):
    tree = case_tree(tmp_path, "no-defines-statement")
    result = run(tree)
    assert result.returncode == 0
    assert "CvXMLLoadUtilitySet" not in result.stderr and "SetGlobalDefines" not in result.stderr
    assert ("  CvXMLLoadUtilitySet.cpp: CvXMLLoadUtility::SetGlobalDefines: reads "
            "xml\\CvVision_GlobalDefines.xml after xml\\GlobalDefinesAlt.xml\n") in result.stdout
    # the rest of the integration goes on as for vanilla
    vanilla = stored("vanilla", "expected")
    for name in ("CvPlot.cpp", "CvDLLPython.cpp"):
        assert (tree / name).read_bytes() == vanilla[name], name
    assert ((tree / "CvXMLLoadUtilitySet.cpp").read_bytes()
            == without_defines_statement(vanilla)["CvXMLLoadUtilitySet.cpp"])


def test_vcproj_entries(tmp_path):
    tree = case_tree(tmp_path, "vanilla")
    assert run(tree).returncode == 0
    text = (tree / "CvGameCoreDLL.vcproj").read_bytes().decode("latin-1")
    source_filter = text[text.index('Name="Source Files"'):text.index('Name="Header Files"')]
    header_filter = text[text.index('Name="Header Files"'):text.index("ReadMe.txt")]
    for name in ("CvVisionEngine.cpp", "CvVisionSdk.cpp", "CyVision.cpp"):
        assert 'RelativePath=".\\%s"' % name in source_filter
    for name in ("CvVisionEngine.h", "CvVisionSdk.h"):
        assert 'RelativePath=".\\%s"' % name in header_filter
    # every copied .cpp includes the precompiled header: no per-file setting
    before = stored("vanilla", "input")["CvGameCoreDLL.vcproj"].decode("latin-1")
    assert text.count("UsePrecompiledHeader") == before.count("UsePrecompiledHeader")
    assert text.count("<FileConfiguration") == before.count("<FileConfiguration")


# --- refusals --------------------------------------------------------------------------------

REFUSALS = {
    "missing-function": "error: CvPlot.cpp: CvPlot::canSeeDisplacementPlot not found",
    "unrecognised-shape": (
        "error: CvPlot.cpp: CvPlot::changeAdjacentSight(TeamTypes eTeam, int iRange, "
        "bool bIncrement, InvisibleTypes eSeeInvisible, DirectionTypes eFacingDirection, "
        "bool bUpdatePlotGroups): parameters not recognised "
        "(expected TeamTypes, int, bool, CvUnit*, bool)"),
}


@pytest.mark.parametrize("case", sorted(REFUSALS))
@pytest.mark.parametrize("check", [False, True])
def test_refusal_changes_nothing(tmp_path, case, check):
    tree = case_tree(tmp_path, case)
    result = run(*(["--check", tree] if check else [tree]))
    assert result.returncode == 1
    assert REFUSALS[case] in result.stderr
    assert "cannot be integrated; nothing was changed" in result.stderr
    assert_same_tree(snapshot(tree), case_input(case))


def test_missing_header_declaration_is_reported(tmp_path):
    tree = case_tree(tmp_path, "missing-function")
    result = run(tree)
    assert ("warning: CvPlot.h: CvPlot::canSeeDisplacementPlot is not declared"
            in result.stderr)


def test_missing_python_file_is_refused(tmp_path):
    tree = case_tree(tmp_path, "vanilla")
    (tree / "CvDLLPython.cpp").unlink()
    before = snapshot(tree)
    result = run(tree)
    assert result.returncode == 1
    assert ("error: %s is not a whole CvGameCoreDLL folder: CvDLLPython.cpp not found" % tree
            in result.stderr)
    assert snapshot(tree) == before


def test_missing_python_function_is_refused(tmp_path):
    tree = case_tree(tmp_path, "vanilla")
    (tree / "CvDLLPython.cpp").write_bytes(b'#include "CvGameCoreDLL.h"\nvoid f()\n{\n}\n')
    before = snapshot(tree)
    result = run(tree)
    assert result.returncode == 1
    assert "error: CvDLLPython.cpp: DLLPublishToPython not found" in result.stderr
    assert snapshot(tree) == before


def test_missing_cvplot_is_refused(tmp_path):
    tree = tmp_path / "empty"
    tree.mkdir()
    result = run(tree)
    assert result.returncode == 1
    assert "CvPlot.cpp not found" in result.stderr
    assert os.listdir(str(tree)) == []


def test_revert_without_backup(tmp_path):
    tree = case_tree(tmp_path, "vanilla")
    result = run("--revert", tree)
    assert result.returncode == 1
    assert "no CvVision backup" in result.stderr
    assert_same_tree(snapshot(tree), stored("vanilla", "input"))


# --- command line ----------------------------------------------------------------------------

def test_help():
    result = run("--help", sources=None)
    assert result.returncode == 0
    assert "SDK_DIR" in result.stdout and "--revert" in result.stdout


@pytest.mark.parametrize("args", [
    [],
    ["--frobnicate", "x"],
    ["does-not-exist"],
    ["--check", "--revert", "."],
    ["a", "b"],
])
def test_bad_usage(tmp_path, args):
    result = subprocess.run([sys.executable, TOOL] + args, cwd=str(tmp_path),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            universal_newlines=True)
    assert result.returncode == 2
    assert "usage" in result.stderr


def test_bad_sources_folder(tmp_path):
    tree = case_tree(tmp_path, "vanilla")
    result = run(tree, sources=str(tmp_path / "nowhere"))
    assert result.returncode == 2
    assert_same_tree(snapshot(tree), stored("vanilla", "input"))


@pytest.mark.skipif(os.name != "posix", reason="the wrapper is a POSIX sh script")
def test_wrapper_script(tmp_path):
    assert os.access(WRAPPER, os.X_OK)
    tree = case_tree(tmp_path, "vanilla")
    result = subprocess.run([WRAPPER, "--check", "--force", "--sources", SOURCES, str(tree)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            universal_newlines=True)
    assert result.returncode == 0, result.stderr
    assert "would change" in result.stdout


def test_real_repo_sources_are_all_copied(tmp_path):
    tree = case_tree(tmp_path, "vanilla")
    result = run(tree, sources=None)  # the default: the repo's CvGameCoreDLL/
    assert result.returncode == 0, result.stderr
    ours = [n for n in os.listdir(REPO_SOURCES) if n.endswith((".h", ".cpp"))]
    assert ours
    project = (tree / "CvGameCoreDLL.vcproj").read_bytes()
    for name in ours:
        assert (tree / name).is_file(), name
        assert ('RelativePath=".\\%s"' % name).encode() in project, name
    assert run(tree, sources=None).stdout.startswith("nothing to do")


def test_real_repo_pathfinder_files_in_the_project(tmp_path):
    """The pathfinder (plain C++03, no CvGameCoreDLL.h) is copied in with the precompiled
    header included first; the adapter already includes it; the knowledge view is a header."""
    tree = case_tree(tmp_path, "vanilla")
    result = run(tree, sources=None)
    assert result.returncode == 0, result.stderr
    assert ('CvPathfinder.cpp: copied in (with #include "CvGameCoreDLL.h" first)'
            in result.stdout)
    assert "CvVisionSdk.cpp: copied in\n" in result.stdout
    assert "CvGameCoreDLL.vcproj: CvPathfinder.cpp added\n" in result.stdout
    assert "CvGameCoreDLL.vcproj: CvVisionSdk.cpp added\n" in result.stdout
    assert "CvGameCoreDLL.vcproj: CvKnowledgeView.h added" in result.stdout
    assert "CvGameCoreDLL.vcproj: CvPathfinder.h added" in result.stdout
    text = (tree / "CvGameCoreDLL.vcproj").read_bytes().decode("latin-1")
    entry = text[text.index('RelativePath=".\\CvPathfinder.cpp"'):]
    assert "UsePrecompiledHeader" not in entry[:entry.index("</File>")]
    header = text.index('RelativePath=".\\CvKnowledgeView.h"')
    assert 'Name="Header Files"' in text[text.rfind("<Filter", 0, header):header]


# --- the scanner and the matchers, on small texts ----------------------------------------------

def test_mask_keeps_positions_and_blanks_comments_strings_and_if0():
    text = ('int a = 1; // { comment\r\n'
            'const char* s = "}\\"{";\n'
            "char c = '{';\n"
            "/* { */\n"
            "#if 0\n"
            "void CvPlot::seeThroughLevel() const {\n"
            "#else\n"
            "int b;\n"
            "#endif\n")
    code = cvsdk.scanner.mask_code(text)
    assert len(code) == len(text)
    assert code.count("\n") == text.count("\n") and code.count("\r") == text.count("\r")
    assert "{" not in code and "}" not in code
    assert "int b;" in code and "seeThroughLevel" not in code


def _balanced(code):
    return code.count("{") == code.count("}") and code.count("(") == code.count(")")


def test_branches_that_each_close_the_same_brace_are_read_once():
    # RoM-AND's CvGame.cpp: an #if/#else whose two branches each close one brace.
    text = ("void CvGame::a()\n{\n\tif (x)\n\t{\n\t\tf();\n"
            "#if defined QC_MASTERY_VICTORY\n\t}\n\tg();\n#else\n\t}\n#endif\n}\n"
            "void CvGame::update()\n{\n}\n")
    code = cvsdk.scanner.mask_code(text)
    assert _balanced(code)
    assert len(cvsdk.scanner.find_definitions(code, r"CvGame\s*::\s*update\b")) == 1


def test_a_macro_is_taken_the_same_way_in_the_whole_file():
    # RoM-AND's CvUnitAI.cpp: `#ifdef X {` ... `#else {{` and later `#ifndef X }`.
    text = ("void f()\n{\n#ifdef USE_X\n\tif (a) {\n#else\n\tif (a) { if (b) {\n#endif\n"
            "\t\tg();\n#ifndef USE_X\n\t}\n#endif\n\t}\n}\nint h() { return 0; }\n")
    code = cvsdk.scanner.mask_code(text)
    assert _balanced(code)
    assert len(cvsdk.scanner.find_definitions(code, r"h\b")) == 1


@pytest.mark.parametrize("condition, kept", [
    ("#ifdef _DEBUG", "release"), ("#if 0", "release"), ("#if 1", "debug"),
    ("#if !defined(_DEBUG)", "debug"), ("#if defined(SOME_MACRO)", "debug"),
    ("#if SOME_VALUE > 3", "debug"),
])
def test_the_branch_kept_is_the_one_a_release_build_reads(condition, kept):
    text = ("void f()\n{\n" + condition + "\n\tif (debug) {\n#elif defined(DEBUG)\n\tif (other) {\n"
            "#else\n\tif (release) {\n#endif\n\t}\n}\n")
    code = cvsdk.scanner.mask_code(text)
    assert _balanced(code)
    assert [w for w in ("debug", "other", "release") if w + ")" in code] == [kept]


def test_balanced_branches_are_all_scanned():
    # A function defined once per branch is found in each (both get the same treatment).
    text = ("#ifdef A\nint CvPlot::seeThroughLevel() const\n{\n\treturn 1;\n}\n#else\n"
            "int CvPlot::seeThroughLevel() const\n{\n\treturn 2;\n}\n#endif\n")
    code = cvsdk.scanner.mask_code(text)
    assert len(cvsdk.scanner.find_definitions(code, r"CvPlot\s*::\s*seeThroughLevel\b")) == 2


def test_nested_conditionals_crlf_and_latin1_comments():
    text = ("// caf\xe9 { na\xefve\r\nvoid f()\r\n{\r\n#ifdef A\r\n#if 0\r\n\t{\r\n#else\r\n"
            "\tif (a) {\r\n#endif\r\n#else\r\n\tif (b) {\r\n#endif\r\n\t}\r\n}\r\n")
    code = cvsdk.scanner.mask_code(text)
    assert len(code) == len(text) and code.count("\r\n") == text.count("\r\n")
    assert _balanced(code)
    assert "if (a)" in code and "if (b)" not in code


def test_unterminated_conditional_leaves_the_file_unbalanced():
    text = "void f()\n{\n#ifdef A\n\tif (a) {\n#else\n\tif (b) {\n}\n"
    code = cvsdk.scanner.mask_code(text)
    with pytest.raises(cvsdk.errors.Refusal):
        cvsdk.scanner.check_balanced(code, "f.cpp")


def test_definitions_are_not_declarations_or_calls():
    text = ("bool CvPlot::canSeePlot(CvPlot* p, TeamTypes t, int r, DirectionTypes d) const;\n"
            "void CvPlot::other()\n{\n\tCvPlot::seeThroughLevel();\n"
            "\tpPlot->seeThroughLevel();\n}\n"
            "int CvPlot::seeThroughLevel() const\n{\n\treturn 0;\n}\n")
    code = cvsdk.scanner.mask_code(text)
    assert len(cvsdk.scanner.find_definitions(code, r"CvPlot\s*::\s*canSeePlot\b")) == 0
    found = cvsdk.scanner.find_definitions(code, r"CvPlot\s*::\s*seeThroughLevel\b")
    assert len(found) == 1
    assert text[found[0].open_brace + 1:found[0].close_brace] == "\n\treturn 0;\n"


@pytest.mark.parametrize("text, kind, name", [
    ("CvUnit* pUnit", "CvUnit*", "pUnit"),
    ("CvUnit const* pUnit", "CvUnit*", "pUnit"),
    ("const CvUnit *pUnit", "CvUnit*", "pUnit"),
    ("CvPlot const *plot", "CvPlot*", "plot"),
    ("DirectionTypes eFacing = NO_DIRECTION", "DirectionTypes", "eFacing"),
    ("int", "int", None),
    ("unsigned int", "unsignedint", None),
    ("const int iDX", "int", "iDX"),
    ("CvPlot& kPlot", "CvPlot&", "kPlot"),
])
def test_parameter_types(text, kind, name):
    param = cvsdk.scanner.parse_param(text)
    assert (param.kind, param.name) == (kind, name)


def test_optional_range_role():
    roles = cvsdk.plot_functions.PLOT_FUNCTIONS[3].roles
    with_range = [cvsdk.scanner.parse_param(p) for p in ("int dx", "int dy", "int range", "DirectionTypes e")]
    without = [cvsdk.scanner.parse_param(p) for p in ("int iDX", "int iDY", "DirectionTypes e")]
    assert cvsdk.plot_functions.match_roles(with_range, roles) == {"dx": "dx", "dy": "dy", "range": "range",
                                                  "facing": "e"}
    assert cvsdk.plot_functions.match_roles(without, roles) == {"dx": "iDX", "dy": "iDY", "facing": "e"}
    assert cvsdk.plot_functions.match_roles(without[:2], roles) is None


def test_unnamed_used_parameter_is_refused():
    text = "int CvPlot::seeFromLevel(TeamTypes) const\n{\n\treturn 0;\n}\n"
    errors = []
    cvsdk.bodies.patch_plot_functions(text, "CvPlot.cpp", errors)
    assert "CvPlot.cpp: CvPlot::seeFromLevel(TeamTypes): the TeamTypes parameter has no name" \
        in errors


def test_space_indented_file_keeps_its_indentation():
    text = ("void CvPlot::a()\n{\n    if (x)\n    {\n        y();\n    }\n}\n"
            "int CvPlot::seeThroughLevel() const\n{\n    return 1;\n}\n")
    new_text, _ = cvsdk.bodies.patch_plot_functions(text, "CvPlot.cpp", [], force=True)
    assert ("int CvPlot::seeThroughLevel() const\n{\n    " + cvsdk.names.BODY_TAG +
            "\n    return CvVisionSdk::seeThroughLevel(*this);\n#if 0 " + cvsdk.version.force_tag() +
            "\n    return 1;\n#endif\n}\n") in new_text


def guarded(read):
    """The block sdk-integrate inserts around the copied statement read (tab-indented lines)."""
    return ('\t{ // CvVision: xml\\CvVision_GlobalDefines.xml is read only if the mod has it\n'
            '\t\tstd::vector<CvString> aszCvVisionDefines;\n'
            '\t\tgDLL->enumerateFiles(aszCvVisionDefines, "xml\\\\CvVision_GlobalDefines.xml");\n'
            '\t\tif (!aszCvVisionDefines.empty())\n'
            '\t\t{\n' + read + '\t\t}\n\t}\n')


@pytest.mark.parametrize("statement, copy", [
    ('\tif (!ReadGlobalDefines("xml\\\\PythonCallbackDefines.xml", c)) return false;\n',
     guarded('\t\t\tif (!ReadGlobalDefines("xml\\\\CvVision_GlobalDefines.xml", c)) return false;\n')),
    ('\tif (!ReadGlobalDefines("xml\\\\PythonCallbackDefines.xml", c))\n\t\treturn false;\n',
     guarded('\t\t\tif (!ReadGlobalDefines("xml\\\\CvVision_GlobalDefines.xml", c))\n'
             '\t\t\t\treturn false;\n')),
    ('\tReadGlobalDefines("xml\\\\PythonCallbackDefines.xml", c);\n',
     guarded('\t\t\tReadGlobalDefines("xml\\\\CvVision_GlobalDefines.xml", c);\n')),
])
def test_defines_statement_shapes(statement, copy):
    """The knobs file is read only when gDLL->enumerateFiles finds it (no error box without it)."""
    text = "bool CvXMLLoadUtility::SetGlobalDefines()\n{\n" + statement + "\treturn true;\n}\n"
    warnings = []
    new_text, actions = cvsdk.defines.patch_global_defines(text, "X.cpp", warnings)
    assert not warnings
    assert new_text == text.replace(statement, statement + copy)
    again, _ = cvsdk.defines.patch_global_defines(new_text, "X.cpp", warnings)
    assert again == new_text and not warnings


def test_guarded_defines_keep_crlf_and_space_indentation():
    text = ("bool CvXMLLoadUtility::SetGlobalDefines()\r\n{\r\n"
            "    if (!ReadGlobalDefines(\"xml/PythonCallbackDefines.xml\", c))\r\n"
            "        return false;\r\n    return true;\r\n}\r\n")
    new_text, _ = cvsdk.defines.patch_global_defines(text, "X.cpp", [])
    assert ("        return false;\r\n"
            "    { // CvVision: xml\\CvVision_GlobalDefines.xml is read only if the mod has it\r\n"
            "        std::vector<CvString> aszCvVisionDefines;\r\n"
            "        gDLL->enumerateFiles(aszCvVisionDefines, \"xml/CvVision_GlobalDefines.xml\");\r\n"
            "        if (!aszCvVisionDefines.empty())\r\n"
            "        {\r\n"
            "            if (!ReadGlobalDefines(\"xml/CvVision_GlobalDefines.xml\", c))\r\n"
            "                return false;\r\n"
            "        }\r\n"
            "    }\r\n"
            "    return true;\r\n") in new_text
    assert "\n" not in new_text.replace("\r\n", "")


def test_unguarded_knobs_read_is_left_with_a_warning():
    """A tree integrated by an earlier sdk-integrate (the knobs read unguarded)."""
    text = ('bool CvXMLLoadUtility::SetGlobalDefines()\n{\n'
            '\tReadGlobalDefines("xml\\\\PythonCallbackDefines.xml", c);\n'
            '\tReadGlobalDefines("xml\\\\CvVision_GlobalDefines.xml", c); // CvVision\n}\n')
    warnings = []
    new_text, _ = cvsdk.defines.patch_global_defines(text, "X.cpp", warnings)
    assert new_text == text
    assert len(warnings) == 1 and "LoadXML call failed" in warnings[0]
    assert "--revert" in warnings[0]


def test_defines_list_is_not_copied():
    text = ('bool CvXMLLoadUtility::SetGlobalDefines()\n{\n'
            '\tconst char* aszFiles[] = {"xml\\\\GlobalDefines.xml", '
            '"xml\\\\PythonCallbackDefines.xml"};\n\treturn readAll(aszFiles);\n}\n')
    warnings = []
    new_text, _ = cvsdk.defines.patch_global_defines(text, "X.cpp", warnings)
    assert new_text == text
    assert "has a shape this tool does not copy" in warnings[0]


def set_global_defines(*statements):
    return ("bool CvXMLLoadUtility::SetGlobalDefines()\n{\n" + "".join(statements)
            + "\treturn true;\n}\n")


READ_DEFINES = '\tif (!ReadGlobalDefines("xml\\\\%s", c))\n\t{\n\t\treturn false;\n\t}\n'
READ_KNOBS = guarded('\t\t\tif (!ReadGlobalDefines("xml\\\\CvVision_GlobalDefines.xml", c))\n'
                     '\t\t\t{\n\t\t\t\treturn false;\n\t\t\t}\n')


@pytest.mark.parametrize("files, after", [
    (["GlobalDefines.xml", "GlobalDefinesAlt.xml", "PythonCallbackDefines.xml"],
     "PythonCallbackDefines.xml"),
    (["GlobalDefines.xml", "GlobalDefinesAlt.xml", "ParallelMaps_GlobalDefines.xml"],
     "GlobalDefinesAlt.xml"),
    (["GlobalDefinesAlt.xml"], "GlobalDefinesAlt.xml"),
    (["GlobalDefines.xml", "Other_GlobalDefines.xml"], "GlobalDefines.xml"),
])
def test_knobs_follow_the_best_defines_file_read(files, after):
    text = set_global_defines(*[READ_DEFINES % f for f in files])
    warnings, errors = [], []
    new_text, actions = cvsdk.defines.patch_global_defines(text, "X.cpp", warnings, errors)
    assert not warnings and not errors
    statement = READ_DEFINES % after
    assert new_text == text.replace(statement, statement + READ_KNOBS)
    assert actions == ["X.cpp: CvXMLLoadUtility::SetGlobalDefines: reads "
                       "xml\\CvVision_GlobalDefines.xml after xml\\%s" % after]
    again, _ = cvsdk.defines.patch_global_defines(new_text, "X.cpp", warnings, errors)
    assert again == new_text and not warnings and not errors


def test_knobs_never_follow_a_read_under_a_conditional():
    """#ifdef _DEBUG: a branch the game's build does not compile; the next best file is used."""
    debug_only = "#ifdef _DEBUG\n" + READ_DEFINES % "PythonCallbackDefines.xml" + "#endif\n"
    text = set_global_defines(READ_DEFINES % "GlobalDefines.xml",
                              READ_DEFINES % "GlobalDefinesAlt.xml", debug_only)
    errors = []
    new_text, actions = cvsdk.defines.patch_global_defines(text, "X.cpp", [], errors)
    assert not errors
    alt = READ_DEFINES % "GlobalDefinesAlt.xml"
    assert new_text == text.replace(alt, alt + READ_KNOBS)
    assert actions[0].endswith("after xml\\GlobalDefinesAlt.xml")


def test_knobs_never_follow_a_read_after_a_return_that_always_happens():
    text = set_global_defines(READ_DEFINES % "GlobalDefines.xml", "\treturn loadRest(c);\n",
                              READ_DEFINES % "GlobalDefinesAlt.xml")
    errors = []
    new_text, _ = cvsdk.defines.patch_global_defines(text, "X.cpp", [], errors)
    first = READ_DEFINES % "GlobalDefines.xml"
    assert not errors and new_text == text.replace(first, first + READ_KNOBS)


def test_a_conditional_return_does_not_stop_the_knobs():
    text = set_global_defines("\tif (bQuick) return true;\n", "#ifdef _DEBUG\n\treturn false;\n"
                              "#endif\n", READ_DEFINES % "GlobalDefinesAlt.xml")
    errors = []
    new_text, _ = cvsdk.defines.patch_global_defines(text, "X.cpp", [], errors)
    alt = READ_DEFINES % "GlobalDefinesAlt.xml"
    assert not errors and new_text == text.replace(alt, alt + READ_KNOBS)


UNPLACEABLE = set_global_defines(
    '\tconst char* aszFiles[] = {"xml\\\\GlobalDefines.xml", "xml\\\\GlobalDefinesAlt.xml"};\n',
    "#ifdef _DEBUG\n" + READ_DEFINES % "PythonCallbackDefines.xml" + "#endif\n")


def test_a_knobs_read_that_cannot_be_placed_is_an_error():
    warnings, errors = [], []
    new_text, actions = cvsdk.defines.patch_global_defines(UNPLACEABLE, "X.cpp", warnings, errors)
    assert new_text == UNPLACEABLE and not actions and not warnings
    assert errors == [
        "X.cpp: CvXMLLoadUtility::SetGlobalDefines (line 1): no place to read the CvVision knobs "
        "file xml\\CvVision_GlobalDefines.xml after the defines: "
        '"xml\\\\PythonCallbackDefines.xml" on line 5 is under a preprocessor conditional '
        "(#if/#ifdef), a branch the build may not compile; "
        '"xml\\\\GlobalDefinesAlt.xml" on line 3: the statement has a shape this tool does not '
        'copy; "xml\\\\GlobalDefines.xml" on line 3: the statement has a shape this tool does '
        "not copy; " + cvsdk.defines.BY_HAND]


def test_with_force_a_knobs_read_that_cannot_be_placed_is_a_warning():
    warnings = []
    new_text, _ = cvsdk.defines.patch_global_defines(UNPLACEABLE, "X.cpp", warnings)
    assert new_text == UNPLACEABLE and len(warnings) == 1
    assert warnings[0].startswith("X.cpp: CvXMLLoadUtility::SetGlobalDefines (line 1): no place")
    assert warnings[0].endswith("; --force: " + cvsdk.defines.FALLBACK)


def test_a_statement_with_a_preprocessor_line_inside_is_not_copied():
    text = set_global_defines('\tif (!ReadGlobalDefines("xml\\\\GlobalDefines.xml", c))\n'
                              "#ifdef STRICT_DEFINES\n\t\treturn false;\n#else\n\t\t;\n#endif\n")
    errors = []
    cvsdk.defines.patch_global_defines(text, "X.cpp", [], errors)
    assert "line 3: the statement has a preprocessor line inside it" in errors[0]


def test_refused_and_forced_runs_without_a_knobs_read(tmp_path):
    """The command line: the same tree is refused (exit 1, nothing changed) and, with --force,
    integrated with a warning."""
    files = dict(stored("vanilla", "input"))
    files["CvXMLLoadUtilitySet.cpp"] = UNPLACEABLE.encode("latin-1")
    tree = write_tree(tmp_path / "refused", files)
    refused = run(tree, force=False)
    assert refused.returncode == 1
    assert ("error: CvXMLLoadUtilitySet.cpp: CvXMLLoadUtility::SetGlobalDefines (line 1): no "
            "place to read the CvVision knobs file") in refused.stderr
    assert not (tree / BACKUP).exists()
    forced = run(tree, force=True)
    assert forced.returncode == 0
    assert ("warning: CvXMLLoadUtilitySet.cpp: CvXMLLoadUtility::SetGlobalDefines (line 1): no "
            "place to read the CvVision knobs file") in forced.stderr
    assert (tree / "CvXMLLoadUtilitySet.cpp").read_bytes() == files["CvXMLLoadUtilitySet.cpp"]


def test_a_tree_without_the_loader_file_is_refused_unless_force(tmp_path):
    files = dict(stored("vanilla", "input"))
    del files["CvXMLLoadUtilitySet.cpp"]
    tree = write_tree(tmp_path / "noloader", files)
    refused = run(tree, force=False)
    assert refused.returncode == 1
    assert "error: CvXMLLoadUtilitySet.cpp not found in %s" % tree in refused.stderr
    forced = run(tree, force=True)
    assert forced.returncode == 0
    assert "warning: CvXMLLoadUtilitySet.cpp not found in %s" % tree in forced.stderr


def test_include_goes_after_the_last_top_include_without_the_pch():
    text = '// header\n#include "CvPlot.h"\n#include "CvMap.h"\n\nvoid f()\n{\n}\n'
    code = cvsdk.scanner.mask_code(text)
    edit = cvsdk.includes.plan_sdk_include(text, code, "\n")
    assert cvsdk.text.apply_edits(text, [edit]) == ('// header\n#include "CvPlot.h"\n'
                                             '#include "CvMap.h"\n'
                                             '#include "CvVisionSdk.h" // CvVision\n\n'
                                             'void f()\n{\n}\n')


def test_unbalanced_file_is_refused():
    text = "void CvPlot::seeThroughLevel() const\n{\n\tif (x) {\n}\n"
    with pytest.raises(cvsdk.errors.Refusal):
        cvsdk.bodies.patch_plot_functions(text, "CvPlot.cpp", [])


def test_compact_project_style():
    text = ('<VisualStudioProject Name="X">\n'
            '  <Configurations>\n'
            '    <Configuration Name="Release|Win32"><Tool Name="VCCLCompilerTool"/>'
            '</Configuration>\n'
            '  </Configurations>\n'
            '  <Files>\n'
            '    <Filter Name="Sources" Filter="cpp;h">\n'
            '      <File RelativePath="CvPlot.cpp"></File>\n'
            '    </Filter>\n'
            '  </Files>\n'
            '</VisualStudioProject>\n')
    sources = ["A.cpp", "A.h"]
    new_text, actions = cvsdk.projects.patch_vcproj(text, "X.vcproj", sources, [])
    assert new_text == text.replace(
        '      <File RelativePath="CvPlot.cpp"></File>\n',
        '      <File RelativePath="CvPlot.cpp"></File>\n'
        '      <File RelativePath="A.cpp">\n'
        '      </File>\n'
        '      <File RelativePath="A.h">\n'
        '      </File>\n')
    assert actions == ["X.vcproj: A.cpp added",
                       "X.vcproj: A.h added"]
    assert cvsdk.projects.patch_vcproj(new_text, "X.vcproj", sources, []) == (new_text, [])
