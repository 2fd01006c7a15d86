"""Tests of sdk-integrate's recognition of the CvPlot bodies it replaces (issue 16: forks keep
what they changed), run with `python3 -m pytest`.

sdk-integrate replaces only bodies it knows: BTS 3.19's (K-Mod's are the same), AdvCiv's and its
own. They are known by fingerprints (tools/sdk/sdk_bodies.json, made by tools/sdk/sdk_fingerprints.py),
never by their text. Any other body is refused, naming its lines, unless --force, which keeps it
under #if 0. The tests on the real SDK trees use ../shared/data/sdk (copies of their top folder
in a temporary directory; ../shared is never written) and skip when it is absent.
"""

import difflib
import json
import os
import re
import shutil
import subprocess
import sys

import pytest

import sdk_trees

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOOL = os.path.join(ROOT, "tools", "sdk", "sdk_integrate.py")
BODIES = os.path.join(ROOT, "tools", "sdk", "sdk_bodies.json")
CHANGELOG = os.path.join(ROOT, "CHANGELOG.md")  # its first released heading is the version
SHARED = os.path.join(ROOT, os.pardir, "shared", "data")
BACKUP = ".cvvision-backup"
FUNCTIONS = ["changeAdjacentSight", "canSeePlot", "canSeeDisplacementPlot",
             "shouldProcessDisplacementPlot", "seeFromLevel", "seeThroughLevel",
             "updateSeeFromSight"]


sys.path.insert(0, os.path.join(ROOT, "tools", "sdk"))
import cvsdk.bodies  # noqa: E402
import cvsdk.dead_caches  # noqa: E402
import cvsdk.fingerprints  # noqa: E402
import cvsdk.plan  # noqa: E402
import cvsdk.scanner  # noqa: E402
import cvsdk.version  # noqa: E402


def tree_dir(key):
    return str(sdk_trees.tree_dir(key))


def need_shared(*keys):
    for key in keys:
        sdk_trees.need_dir(tree_dir(key))


def copy_tree(key, tmp_path):
    """A copy of the real tree's top folder (its files, not Boost's or Python's folders)."""
    need_shared(key)
    target = tmp_path / key
    target.mkdir()
    source = tree_dir(key)
    for name in os.listdir(source):
        if os.path.isfile(os.path.join(source, name)):
            shutil.copyfile(os.path.join(source, name), str(target / name))
    return target


def run(*args):
    command = [sys.executable, TOOL] + [str(a) for a in args]
    return subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          universal_newlines=True)


def snapshot(root):
    return sdk_trees.file_contents(root)


def read(path):
    with open(str(path), "rb") as f:
        return f.read().decode("latin-1")


def body(text, name):
    """The body (between the braces) of CvPlot::name's one definition."""
    code = cvsdk.scanner.mask_code(text)
    definitions = cvsdk.scanner.find_definitions(code, r"CvPlot\s*::\s*" + name + r"\b")
    assert len(definitions) == 1, name
    return text[definitions[0].open_brace + 1:definitions[0].close_brace]


def code_lines(text):
    """The lines of code of a text (comments and #if 0 blocks blanked), stripped, non-empty."""
    return [line.strip() for line in cvsdk.scanner.mask_code(text, strings=False).splitlines()
            if line.strip()]


KMOD_OWN_LINE = "\tGC.getGame().logSight(eTeam, iRange); // this fork's own line"


def kmod_with_own_line(tmp_path):
    """A K-Mod copy whose changeAdjacentSight has one line of its own, after its first line of
    code; returns (tree, the line's number)."""
    tree = copy_tree("kmod", tmp_path)
    text = read(tree / "CvPlot.cpp")
    own = body(text, "changeAdjacentSight")
    start = text.index(own)
    first_code = re.search(r"\n[^\n]*\S[^\n]*\n", own)  # the first line holding code
    at = start + first_code.end()
    text = text[:at] + KMOD_OWN_LINE + "\n" + text[at:]
    (tree / "CvPlot.cpp").write_bytes(text.encode("latin-1"))
    return tree, text.count("\n", 0, at) + 1


# --- the fingerprints ------------------------------------------------------------------------

def test_fingerprints_match_the_shared_trees():
    """tools/sdk/sdk_bodies.json is what `python3 tools/sdk/sdk_fingerprints.py --write` makes."""
    need_shared("bts", "advciv")
    with open(BODIES, "r", encoding="utf-8") as f:
        stored = f.read()
    assert stored == cvsdk.fingerprints.dumps(cvsdk.fingerprints.make(SHARED))
    data = json.loads(stored)
    assert [v["name"] for v in data["variants"]] == ["BTS 3.19", "AdvCiv"]
    assert list(data["variants"][0]["bodies"]) == FUNCTIONS
    assert list(data["variants"][1]["bodies"]) == FUNCTIONS  # AdvCiv changed all seven


def test_fingerprints_hold_no_text():
    with open(BODIES, "r", encoding="utf-8") as f:
        data = json.load(f)
    for variant in data["variants"]:
        for fingerprint in variant["bodies"].values():
            assert re.match(r"[0-9a-f]{64}$", fingerprint["sha256"])
            assert all(re.match(r"[0-9a-f]{16}$", line) for line in fingerprint["lines"])


def test_kmod_bodies_are_bts_bodies():
    need_shared("bts", "kmod")
    assert cvsdk.fingerprints.fingerprint_tree(tree_dir("kmod")) == cvsdk.fingerprints.fingerprint_tree(tree_dir("bts"))


def test_fingerprints_ignore_line_endings_indentation_and_comments():
    text = ("int CvPlot::seeThroughLevel() const\n{\n\tint i = f(1, 2); // one\n"
            "\t/* two */ return i;\n}\n")
    other = ("int CvPlot::seeThroughLevel() const\r\n{\r\n    int i=f( 1,2 );\r\n\r\n"
             "    return  i; // three\r\n}\r\n")
    changed = text.replace("return i;", "return i + 1;")

    def fingerprint(t):
        definition = cvsdk.scanner.find_definitions(cvsdk.scanner.mask_code(t), r"CvPlot::seeThroughLevel\b")[0]
        return cvsdk.fingerprints.fingerprint_body(t, cvsdk.scanner.mask_code(t, strings=False, directives=False),
                                    definition)
    assert fingerprint(text) == fingerprint(other)
    assert fingerprint(text)["sha256"] != fingerprint(changed)["sha256"]


# --- the real trees are recognised -----------------------------------------------------------

@pytest.mark.parametrize("key, variant", [("bts", "BTS 3.19"), ("kmod", "BTS 3.19"),
                                          ("advciv", "AdvCiv")])
def test_real_tree_bodies_are_recognised(tmp_path, key, variant):
    tree = copy_tree(key, tmp_path)
    before = snapshot(tree)
    result = run("--check", tree)
    assert result.returncode == 0, result.stderr
    for name in FUNCTIONS:
        assert re.search(r"CvPlot\.cpp: CvPlot::%s: body replaced by a call to "
                         r"CvVisionSdk::%s \(recognised as %s's" % (name, name, variant),
                         result.stdout), name
    assert "--force" not in result.stdout
    assert snapshot(tree) == before


def test_bts_with_its_original_crlf_line_endings_is_recognised(tmp_path):
    """The game's files are CRLF (the shared copy was normalised to LF)."""
    tree = copy_tree("bts", tmp_path)
    path = tree / "CvPlot.cpp"
    path.write_bytes(path.read_bytes().replace(b"\n", b"\r\n"))
    result = run("--check", tree)
    assert result.returncode == 0, result.stderr
    assert result.stdout.count("(recognised as BTS 3.19's)") == 7


# --- a fork's own line: refused, or kept with --force ----------------------------------------

@pytest.mark.parametrize("check", [False, True])
def test_kmod_with_an_own_line_is_refused_naming_the_line(tmp_path, check):
    tree, line = kmod_with_own_line(tmp_path)
    before = snapshot(tree)
    result = run(*(["--check", tree] if check else [tree]))
    assert result.returncode == 1
    assert ("error: CvPlot.cpp: CvPlot::changeAdjacentSight: lines that differ from BTS 3.19:\n"
            "    %d: %s\n" % (line, KMOD_OWN_LINE.strip())) in result.stderr
    assert "--force replaces this one too" in result.stderr
    assert "missing from this body" not in result.stderr
    for name in FUNCTIONS[1:]:
        assert "CvPlot::%s:" % name not in result.stderr  # the others are BTS's
    assert "cannot be integrated; nothing was changed" in result.stderr
    assert snapshot(tree) == before


def test_kmod_with_an_own_line_is_integrated_with_force(tmp_path):
    tree, line = kmod_with_own_line(tmp_path)
    original = snapshot(tree)
    original_body = body(read(tree / "CvPlot.cpp"), "changeAdjacentSight")
    result = run("--force", tree)
    assert result.returncode == 0, result.stderr
    assert ("CvPlot.cpp: CvPlot::changeAdjacentSight: body replaced by a call to "
            "CvVisionSdk::changeAdjacentSight (--force: this fork's own body kept under #if 0)"
            in result.stdout)
    assert result.stdout.count("(recognised as BTS 3.19's)") == 6
    text = read(tree / "CvPlot.cpp")
    new_body = body(text, "changeAdjacentSight")
    version = changelog_version()
    tag = ("#if 0 // CvVision %s (sdk-integrate --force): this fork's own body, kept for merges"
           % version)
    assert tag in new_body
    kept = new_body[new_body.index(tag) + len(tag) + 1:new_body.rindex("#endif")]
    assert kept == original_body.lstrip(" \t").lstrip("\n").rstrip(" \t")  # verbatim
    assert KMOD_OWN_LINE in kept
    # the live code is the call; the file still balances and has one definition of each
    assert code_lines(new_body) == [
        "CvVisionSdk::changeAdjacentSight(*this, eTeam, iRange, bIncrement, pUnit, "
        "bUpdatePlotGroups);"]
    cvsdk.scanner.check_balanced(cvsdk.scanner.mask_code(text), "CvPlot.cpp")
    for name in FUNCTIONS:
        body(text, name)
    # a second run, with or without --force, knows its own body
    integrated = snapshot(tree)
    for args in ([tree], ["--force", tree]):
        again = run(*args)
        assert again.returncode == 0, again.stderr
        assert "nothing to do" in again.stdout
        assert snapshot(tree) == integrated
    # revert gives the very bytes back
    assert run("--revert", tree).returncode == 0
    assert snapshot(tree) == original


def test_missing_lines_are_counted(tmp_path):
    tree = copy_tree("kmod", tmp_path)
    text = read(tree / "CvPlot.cpp")
    own = body(text, "seeThroughLevel")
    lines = own.split("\n")
    code = [i for i, l in enumerate(lines) if l.strip() and not l.strip().startswith("//")]
    # a line that matters (a harmless one, such as its FAssertMsg, is accepted by behaviour)
    del lines[next(i for i in code if "getSeeThroughChange" in lines[i])]
    (tree / "CvPlot.cpp").write_bytes(text.replace(own, "\n".join(lines)).encode("latin-1"))
    result = run("--check", tree)
    assert result.returncode == 1
    assert re.search(r"CvPlot::seeThroughLevel: lines that differ from BTS 3\.19:\n"
                     r"    missing from this body: 1 line\(s\) before line \d+ of BTS 3\.19's "
                     r"body", result.stderr), result.stderr


def test_an_advciv_change_is_shown_against_advciv(tmp_path):
    tree = copy_tree("advciv", tmp_path)
    path = tree / "CvPlot.cpp"
    text = read(path)
    old = "\tPROFILE_FUNC(); // advc.test: See comment in canSeeDisplacementPlot\n"
    assert text.count(old) == 1
    # a change that matters (`iRange += 0;` is harmless: accepted by behaviour)
    path.write_bytes(text.replace(old, old + "\tiRange += 1;\n").encode("latin-1"))
    result = run("--check", tree)
    assert result.returncode == 1
    assert "CvPlot::canSeePlot: lines that differ from AdvCiv:\n" in result.stderr
    assert ": iRange += 1;\n" in result.stderr


# --- AdvCiv: profiling kept, the unit passed, advc.003h's dead cache under #if 0 ---------------

ADVCIV_CACHE_FILES = ["CvPlot.cpp", "CvPlot.h", "CvMap.cpp"]


def test_advciv_integration(tmp_path):
    tree = copy_tree("advciv", tmp_path)
    original = snapshot(tree)
    result = run(tree)
    assert result.returncode == 0, result.stderr
    assert not result.stderr
    text = read(tree / "CvPlot.cpp")
    # PROFILE_FUNC(); stays first where AdvCiv has it
    assert code_lines(body(text, "changeAdjacentSight")) == [
        "PROFILE_FUNC();",
        "CvVisionSdk::changeAdjacentSight(*this, eTeam, iRange, bIncrement, pUnit, "
        "bUpdatePlotGroups);"]
    assert code_lines(body(text, "canSeePlot"))[0] == "PROFILE_FUNC();"
    assert "PROFILE_FUNC" not in " ".join(code_lines(body(text, "canSeeDisplacementPlot")))
    # advc.003h: every piece of the cache is under #if 0 with the tag, none is deleted
    for name in ADVCIV_CACHE_FILES:
        new = read(tree / name)
        assert "MaxVisibilityRangeCache" not in cvsdk.scanner.mask_code(new), name
        tag = ("#if 0 // CvVision %s (sdk-integrate): unused since CvPlot::updateSeeFromSight "
               "calls CvVisionSdk (advc.003h)" % cvsdk.version.cvvision_version())
        assert tag in new
        if name != "CvPlot.cpp":  # only #if 0 and #endif lines are added
            old_lines, new_lines = original[name].decode("latin-1").split("\n"), new.split("\n")
            matcher = difflib.SequenceMatcher(None, old_lines, new_lines, autojunk=False)
            for op, i1, i2, j1, j2 in matcher.get_opcodes():
                assert op in ("equal", "insert"), (name, new_lines[j1:j2])
                if op == "insert":
                    assert set(new_lines[j1:j2]) <= {tag, "#endif"}, new_lines[j1:j2]
    for piece in ("member definition", "member declaration", "setter definition",
                  "setter declaration", "setter call"):
        assert "advc.003h's %s" % piece in result.stdout
    assert read(tree / "CvPlot.cpp").count("int CvPlot::m_iMaxVisibilityRangeCache = -1;") == 1
    manifest = json.loads((tree / BACKUP / "manifest.json").read_text())
    assert set(ADVCIV_CACHE_FILES) <= set(manifest["modified"])
    # idempotent, and revert restores the bytes
    integrated = snapshot(tree)
    assert "nothing to do" in run(tree).stdout
    assert snapshot(tree) == integrated
    assert run("--revert", tree).returncode == 0
    assert snapshot(tree) == original


# --- the dead cache on small trees -----------------------------------------------------------

CACHE_CPP = ("#include \"CvGameCoreDLL.h\"\n"
             "int CvPlot::m_iMaxVisibilityRangeCache = -1; // advc.003h\n\n"
             "void CvPlot::setMaxVisibilityRangeCache()\n{\n"
             "\tm_iMaxVisibilityRangeCache = 3;\n}\n")
CACHE_H = ("class CvPlot\n{\npublic:\n\tstatic void setMaxVisibilityRangeCache();\n"
           "protected:\n\tstatic int m_iMaxVisibilityRangeCache;\n};\n")
CACHE_MAP = "void CvMap::setup()\n{\n\tinit();\n\tCvPlot::setMaxVisibilityRangeCache();\n}\n"


def cache_plan(tmp_path, files):
    for name, text in files.items():
        (tmp_path / name).write_bytes(text.encode("latin-1"))
    plan = cvsdk.plan.Plan(str(tmp_path))
    cvsdk.dead_caches.plan_unused_cache(plan)
    return plan, {n: d.decode("latin-1") for n, d in plan.writes.items()}


def test_dead_cache_pieces_go_under_if0(tmp_path):
    plan, writes = cache_plan(tmp_path, {"CvPlot.cpp": CACHE_CPP, "CvPlot.h": CACHE_H,
                                         "CvMap.cpp": CACHE_MAP})
    assert not plan.warnings
    tag = "#if 0 " + cvsdk.dead_caches.UNUSED_TAG % (cvsdk.version.cvvision_version(), "advc.003h") + "\n"
    assert writes["CvMap.cpp"] == CACHE_MAP.replace(
        "\tCvPlot::set", tag + "\tCvPlot::set").replace("Cache();\n", "Cache();\n#endif\n")
    assert writes["CvPlot.h"].count(tag) == 2 and writes["CvPlot.h"].count("#endif") == 2
    assert writes["CvPlot.cpp"] == ('#include "CvGameCoreDLL.h"\n' + tag +
                                    "int CvPlot::m_iMaxVisibilityRangeCache = -1; // advc.003h\n"
                                    "#endif\n\n" + tag + CACHE_CPP.split("\n\n")[1] + "#endif\n")
    for text in writes.values():
        assert "MaxVisibilityRangeCache" not in cvsdk.scanner.mask_code(text)


def test_a_read_cache_is_left_alone(tmp_path):
    reader = "int CvPlot::range() const\n{\n\treturn m_iMaxVisibilityRangeCache;\n}\n"
    plan, writes = cache_plan(tmp_path, {"CvPlot.cpp": CACHE_CPP + reader, "CvPlot.h": CACHE_H,
                                         "CvMap.cpp": CACHE_MAP})
    assert not writes and not plan.warnings and not plan.actions


def test_a_call_of_unknown_shape_keeps_the_setter_and_the_member(tmp_path):
    odd_map = CACHE_MAP.replace("\tCvPlot::set", "\tif (bGraphics)\n\t\tCvPlot::set")
    plan, writes = cache_plan(tmp_path, {"CvPlot.cpp": CACHE_CPP, "CvPlot.h": CACHE_H,
                                         "CvMap.cpp": odd_map})
    assert not writes
    assert any("CvMap.cpp:5: setMaxVisibilityRangeCache is used in a way this tool does not "
               "put under #if 0" in w for w in plan.warnings), plan.warnings
    assert any("setter definition setMaxVisibilityRangeCache stays" in w
               for w in plan.warnings), plan.warnings
    assert any("member declaration m_iMaxVisibilityRangeCache stays" in w
               for w in plan.warnings), plan.warnings


def test_a_fork_with_only_some_pieces(tmp_path):
    """No setter at all: the member's definition and declaration alone go under #if 0; a
    declaration sharing its line with other code stays, with a warning."""
    cpp = "int CvPlot::m_iMaxVisibilityRangeCache = -1;\n"
    header = "class CvPlot\n{\n\tint a; static int m_iMaxVisibilityRangeCache;\n};\n"
    plan, writes = cache_plan(tmp_path, {"CvPlot.cpp": cpp, "CvPlot.h": header})
    assert sorted(writes) == ["CvPlot.cpp"]
    assert writes["CvPlot.cpp"].startswith("#if 0 ") and writes["CvPlot.cpp"].endswith("#endif\n")
    assert plan.warnings == ["CvPlot.h:3: advc.003h's member declaration "
                             "m_iMaxVisibilityRangeCache stays: it shares its line(s) with other "
                             "code"]


# --- profiling and the tags, on small texts --------------------------------------------------

def test_leading_profile_statements_are_kept_first():
    text = ('int CvPlot::seeThroughLevel() const\n{\n\tPROFILE("CvPlot::seeThroughLevel");\n'
            "\tPROFILE_FUNC(); // why\n\treturn 1;\n}\n")
    new_text, actions = cvsdk.bodies.patch_plot_functions(text, "CvPlot.cpp", [], force=True)
    lines = code_lines(body(new_text, "seeThroughLevel"))
    assert lines == ['PROFILE("CvPlot::seeThroughLevel");', "PROFILE_FUNC();",
                     "return CvVisionSdk::seeThroughLevel(*this);"]
    assert 'PROFILE("CvPlot::seeThroughLevel"); kept; PROFILE_FUNC(); kept' in actions[0]
    errors = []
    again, _ = cvsdk.bodies.patch_plot_functions(new_text, "CvPlot.cpp", errors)
    assert again == new_text
    assert not [e for e in errors if "seeThroughLevel" in e]


def test_unknown_body_without_force_is_an_error_and_is_not_replaced():
    text = "int CvPlot::seeThroughLevel() const\n{\n\treturn 1;\n}\n"
    errors = []
    new_text, actions = cvsdk.bodies.patch_plot_functions(text, "CvPlot.cpp", errors)
    errors = [e for e in errors if "not found" not in e]  # the six other functions
    assert len(errors) == 1 and errors[0].startswith(
        "CvPlot.cpp: CvPlot::seeThroughLevel: lines that differ from ")
    assert "    3: return 1;" in errors[0]
    assert "return 1;" in new_text and not any("seeThroughLevel" in a for a in actions)


def changelog_version():
    """The version of CHANGELOG.md's first released heading ("## [X.Y.Z] - DATE"), read here
    independently of the tool."""
    with open(CHANGELOG, "r", encoding="utf-8") as f:
        for line in f:
            match = re.match(r"## \[(\d+\.\d+\.\d+)\]", line)
            if match:
                return match.group(1)
    raise AssertionError("CHANGELOG.md has no released heading")


def test_version_comes_from_the_changelog():
    version = changelog_version()
    assert re.match(r"\d+\.\d+\.\d+$", version)
    assert cvsdk.version.cvvision_version() == version
    assert not os.path.exists(os.path.join(ROOT, "VERSION"))
    assert cvsdk.version.force_tag() == ("// CvVision %s (sdk-integrate --force): this fork's own body, "
                               "kept for merges" % version)


def test_changelog_version_skips_unreleased():
    text = ("# Changelog\n\n## [Unreleased]\n### Changed\n- a\n\n## [1.2.3] - 2026-01-02\n"
            "### Added\n- b\n\n## [1.2.2] - 2026-01-01\n")
    assert cvsdk.version.version_from_changelog(text) == "1.2.3"
    assert cvsdk.version.version_from_changelog("## [Unreleased]\n- nothing released yet\n") is None
    assert cvsdk.version.version_from_changelog("## 2.0.0 - 2026-02-03\n") == "2.0.0"


def test_help_mentions_force():
    result = run("--help")
    assert result.returncode == 0
    assert "--force" in result.stdout
