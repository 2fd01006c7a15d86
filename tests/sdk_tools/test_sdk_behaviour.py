"""Accepting by behaviour (tools/sdk/cvsdk/behaviour.py), on copies of real trees of
../shared/data/sdk edited as a modder edits them, run with `python3 -m pytest`.

A harmless edit is accepted (the differential finds no difference); a fork's own sight rule is
refused, naming the rule point, until the modder writes it there; `sdk-check --force` reports the
differences and exits 1 while they remain. The differential needs the host g++ only; sdk-check's
MinGW compile is replaced here by a stand-in compiler that reports nothing (tested on its own in
tests/sdk_tools/test_real_sdk_trees.py).
"""

import subprocess
import sys
from pathlib import Path

import pytest

import sdk_trees

REPO = Path(__file__).resolve().parents[2]
TOOLS = REPO / "tools" / "sdk"
RULES = "CvVisionSightRules.cpp"
CAP_LINE = "\tif (pUnit != NULL && iRange > 5) iRange = 5;\n"


def tree_copy(name, tmp_path):
    source = sdk_trees.need_dir(sdk_trees.SDK_ROOT / name / "CvGameCoreDLL")
    sdk_trees.need_program("g++", "make setup")
    return sdk_trees.writable_copy(source, tmp_path / "CvGameCoreDLL", mixed_modes=False)


def insert_into_body(tree, function, line):
    """line as the first statement of CvPlot::function in the tree's CvPlot.cpp."""
    path = tree / "CvPlot.cpp"
    text = path.read_bytes().decode("latin-1")
    start = text.index("CvPlot::%s(" % function)
    brace = text.index("{", start)
    newline = text.index("\n", brace) + 1
    path.write_bytes((text[:newline] + line + text[newline:]).encode("latin-1"))


def integrate(*args):
    return subprocess.run([sys.executable, str(TOOLS / "sdk_integrate.py")] + [str(a) for a in args],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True,
                          timeout=900)


def test_a_harmless_edit_is_accepted_by_behaviour(tmp_path):
    tree = tree_copy("bts-3.19", tmp_path)
    insert_into_body(tree, "updateSeeFromSight", "\tPROFILE_FUNC();\n")
    insert_into_body(tree, "seeThroughLevel", "\tint iUnused = 0; iUnused++;\n")
    result = integrate(tree)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "see what CvVision sees: differential: tree=CvGameCoreDLL cases=" in result.stdout
    assert "differences=0" in result.stdout
    plot = (tree / "CvPlot.cpp").read_text(encoding="latin-1")
    assert "PROFILE_FUNC();" in plot[plot.index("CvPlot::updateSeeFromSight("):], \
        "the profiling the fork added is kept"
    assert "it sees what CvVision sees (the differential)" in plot, "the fork's body kept for merges"


def test_a_rule_of_its_own_is_refused_naming_the_rule_point_then_kept_once_written(tmp_path):
    tree = tree_copy("kmod-1.46", tmp_path)
    insert_into_body(tree, "changeAdjacentSight", CAP_LINE)
    before = {p.name: p.read_bytes() for p in tree.iterdir() if p.is_file()}
    result = integrate(tree)
    assert result.returncode == 1, result.stdout + result.stderr
    text = result.stderr
    assert "CvPlot::changeAdjacentSight: lines that differ from BTS 3.19" in text
    assert "iRange = 5" in text, "the line of its own is shown"
    assert "differential: tree=CvGameCoreDLL cases=" in text and "differences=0" not in text
    assert "differs in changeAdjacentSight" in text, "the first differing case in words"
    assert "where to write this fork's rule: CvVisionSightRules.cpp: isAerial, range" in text
    assert {p.name: p.read_bytes() for p in tree.iterdir() if p.is_file()} == before, \
        "a refusal writes nothing"

    # The modder writes the rule where they were told: the range rule point.
    rules = (REPO / "CvGameCoreDLL" / RULES).read_text(encoding="latin-1")
    sys.path.insert(0, str(TOOLS))
    from cvsdk.sight_rules import RuleVariant, variant_text
    cap = RuleVariant("cap", "ground and aerial ranges of units capped at 5",
                      {"range": ["if (pUnit != NULL && iRange > 5)", "{", "\treturn 5;", "}",
                                 "return iRange;"]})
    (tree / RULES).write_bytes(variant_text(rules, cap).encode("latin-1"))
    result = integrate(tree)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "differences=0" in result.stdout
    assert "the mod's own sight rules, kept as they are" in result.stdout
    assert "return 5;" in (tree / RULES).read_text(encoding="latin-1")


def test_sdk_check_with_force_reports_the_differences_and_fails(tmp_path):
    tree = tree_copy("kmod-1.46", tmp_path)
    insert_into_body(tree, "changeAdjacentSight", CAP_LINE)
    (tmp_path / "boost" / "boost").mkdir(parents=True)
    (tmp_path / "boost" / "boost" / "python.hpp").write_text("")
    (tmp_path / "py").mkdir()
    (tmp_path / "py" / "Python.h").write_text("")
    compiler = tmp_path / "fake-g++"
    compiler.write_text("#!/bin/sh\nexit 0\n")
    compiler.chmod(0o755)
    result = subprocess.run([sys.executable, str(TOOLS / "sdk_check.py"), "--cxx", str(compiler),
                             "--boost", str(tmp_path / "boost"), "--python", str(tmp_path / "py"),
                             "--force", str(tree)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True,
                            timeout=900)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "sdk-check: 0 diagnostic(s) added" in result.stdout
    assert "differential: tree=CvGameCoreDLL cases=" in result.stdout
    assert "CvVision does not see what" in result.stdout and "--force replaced its bodies anyway" \
        in result.stdout
    assert "where to write this fork's rule" in result.stdout
