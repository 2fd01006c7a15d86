"""The differential (tools/sdk/cvsdk/differential.py; its command line cli_differential.py) without
the real trees: what it takes from a CvPlot.cpp (the seven functions, the file-local helpers they
call, the cached defines they read), and, on a made-up tree (the tests' unintegrated CvPlot.cpp
with the stand-in's headers), that it reports the made-up bodies' differences and names the
function and the name the stand-in lacks when a body does not compile."""

import os
import re
import shutil
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tools" / "sdk"))
from cvsdk import cli_differential, differential  # noqa: E402
from cvsdk.errors import UsageError  # noqa: E402

STANDIN = REPO / "tools" / "sdk" / "standin"
UNINTEGRATED = REPO / "tests" / "sdk" / "sdk_unintegrated"

MADE_UP = """#include "CvGameCoreDLL.h"
static int levelOf(int i) { return i + 1; }
namespace
{
	inline int twice(int x) { return levelOf(x) * 2; }
	int unused(int x) { return x; }
}
int CvPlot::seeFromLevel(TeamTypes eTeam) const
{
	return twice(GC.getPEAK_SEE_FROM_CHANGE()) + GC.getDefineINT(CvGlobals::HILLS_SEE_FROM_CHANGE);
}
int CvPlot::seeThroughLevel() const { return 0; }
void CvPlot::changeAdjacentSight(TeamTypes eTeam, int iRange, bool bIncrement, CvUnit const* pUnit,
	bool bUpdatePlotGroups) {}
bool CvPlot::canSeePlot(CvPlot const* pPlot, TeamTypes eTeam, int iRange, DirectionTypes eFacing) const
{ return false; }
bool CvPlot::canSeeDisplacementPlot(TeamTypes eTeam, int dx, int dy, int odx, int ody, bool f, bool o) const
{ return false; }
bool CvPlot::shouldProcessDisplacementPlot(int dx, int dy, DirectionTypes eFacing) const { return true; }
void CvPlot::updateSeeFromSight(bool bIncrement, bool bUpdatePlotGroups) {}
"""


def test_what_is_taken_from_a_cvplot_cpp(tmp_path):
    path = tmp_path / "CvPlot.cpp"
    path.write_text(MADE_UP)
    tree = differential.TreeVision(str(path))
    assert [f.name for f in tree.functions][:2] == ["changeAdjacentSight", "canSeePlot"]
    declarations = differential.plot_header(tree)
    assert "void changeAdjacentSight(TeamTypes eTeam, int iRange, bool bIncrement, CvUnit const* pUnit, " \
           "bool bUpdatePlotGroups);" in declarations
    assert "int seeFromLevel(TeamTypes eTeam) const;" in declarations
    assert [(name, anonymous) for name, _, _, anonymous in tree.helpers] == [("levelOf", False),
                                                                               ("twice", True)]
    assert tree.function_at(10) == "CvPlot::seeFromLevel"
    accessors, enums = differential.cached_defines(tree.all_code())
    assert accessors == ["PEAK_SEE_FROM_CHANGE"] and enums == ["HILLS_SEE_FROM_CHANGE"]
    # AdvCiv's shouldProcessDisplacementPlot has no range: the driver's wrapper leaves it out
    assert "shouldProcessDisplacementPlot(iDX, iDY, eFacing)" in differential.should_process_wrapper(tree)


def test_a_function_defined_twice_is_refused(tmp_path):
    path = tmp_path / "CvPlot.cpp"
    path.write_text(MADE_UP + "#ifdef X\nint CvPlot::seeThroughLevel() const { return 1; }\n#endif\n")
    with pytest.raises(UsageError, match="seeThroughLevel is defined 2 times"):
        differential.TreeVision(str(path))


def made_up_tree(tmp_path, plot_cpp=None):
    tree = tmp_path / "CvGameCoreDLL"
    tree.mkdir()
    for source in UNINTEGRATED.iterdir():
        shutil.copy(source, tree / source.name)
    for header in STANDIN.glob("*.h"):
        shutil.copy(header, tree / header.name)
    if plot_cpp is not None:
        (tree / "CvPlot.cpp").write_text(plot_cpp((tree / "CvPlot.cpp").read_text()))
    return tree


@pytest.mark.skipif(shutil.which("g++") is None, reason="g++ is not installed")
def test_made_up_bodies_differ_from_cvvision(tmp_path, capsys):
    """The tests' unintegrated bodies are stand-ins (a square, no line of sight): not BTS's."""
    tree = made_up_tree(tmp_path)
    status = cli_differential.main(["--cases", "30", str(tree)])
    out = capsys.readouterr().out
    assert status == cli_differential.EXIT_DIFFERENT, out
    assert "differential: tree=test_made_up" in out  # named after the folder holding CvGameCoreDLL
    assert "cases=30 differences=" in out
    assert "the tree's own code:" in out and "CvVision:" in out


def test_cvvisions_files_are_compiled_as_two_units(tmp_path):
    """The engine's files in one unit, the adapter's (they include CvGameCoreDLL.h) in another."""
    cvv, gen = tmp_path / "cvvision", tmp_path / "generated"
    cvv.mkdir()
    gen.mkdir()
    for name in ("CvVisionEngine.cpp", "CvVisionSdk.cpp", "CvVisionSightRules.cpp", "CyVision.cpp"):
        shutil.copy(REPO / "CvGameCoreDLL" / name, cvv / name)
    units = differential.grouped_units(str(gen), str(cvv))
    assert [u.included for u in units] == [["CvVisionEngine.cpp"], ["CvVisionSdk.cpp", "CvVisionSightRules.cpp"]]
    assert (gen / "cvvision_adapter_unit.cpp").read_text().endswith(
        '#include "CvVisionSdk.cpp"\n#include "CvVisionSightRules.cpp"\n')


@pytest.mark.skipif(shutil.which("g++") is None, reason="g++ is not installed")
def test_a_unit_that_does_not_compile_as_one_is_compiled_file_by_file(tmp_path, capsys):
    """A fork's rules file with a file-local name that one of CvVision's adapter files also has:
    the adapter's unit does not compile, its files one by one do, and the cases run."""
    tree = made_up_tree(tmp_path)
    rules = (REPO / "CvGameCoreDLL" / "CvVisionSightRules.cpp").read_text(encoding="latin-1")
    (tree / "CvVisionSightRules.cpp").write_text(rules + "\nnamespace\n{\n\tint markArming = 0;\n}\n")
    status = cli_differential.main(["--cases", "20", str(tree)])
    out = capsys.readouterr().out
    assert status == cli_differential.EXIT_DIFFERENT, out
    assert "cases=20 differences=" in out


@pytest.mark.skipif(shutil.which("g++") is None, reason="g++ is not installed")
def test_a_name_the_stand_in_lacks_is_named(tmp_path, capsys):
    tree = made_up_tree(tmp_path, lambda text: text.replace(
        "int CvPlot::seeThroughLevel() const\n{\n\treturn 1;",
        "int CvPlot::seeThroughLevel() const\n{\n\treturn getMysteryLevel();"))
    status = cli_differential.main(["--cases", "5", str(tree)])
    err = capsys.readouterr().err
    assert status == cli_differential.EXIT_USAGE
    assert "tree's own (original) program does not compile" in err
    assert "CvPlot::seeThroughLevel (CvPlot.cpp:" in err
    assert "uses getMysteryLevel, which the stand-in does not know" in err
    assert "Traceback" not in err


def test_bad_usage(capsys):
    assert cli_differential.main(["/nonexistent/tree"]) == cli_differential.EXIT_USAGE
    assert "not a folder" in capsys.readouterr().err


def test_a_programs_answers_are_reused_only_for_the_same_bytes_and_arguments(tmp_path, monkeypatch):
    """$CVVISION_DIFFERENTIAL_CACHE keeps a program's answers under its bytes and its arguments:
    the same program asked the same cases is not run again; other cases, or a program whose bytes
    changed, are run. Without the variable every call runs the program."""
    runs = tmp_path / "runs.log"
    program = tmp_path / "driver"

    def write_program(answer):
        program.write_text('#!/bin/sh\necho "$@" >> "%s"\necho "%s $*"\n' % (runs, answer))
        program.chmod(0o755)

    def ran():
        return len(runs.read_text().splitlines()) if runs.exists() else 0

    write_program("case")
    monkeypatch.setenv("CVVISION_DIFFERENTIAL_CACHE", str(tmp_path / "cache"))
    assert differential._answers(str(program), ["--seed", "1", "--case", "3"]) == "case --seed 1 --case 3\n"
    assert differential._answers(str(program), ["--seed", "1", "--case", "3"]) == "case --seed 1 --case 3\n"
    assert ran() == 1
    assert differential._answers(str(program), ["--seed", "1", "--case", "4"]) == "case --seed 1 --case 4\n"
    assert ran() == 2
    write_program("other")
    assert differential._answers(str(program), ["--seed", "1", "--case", "3"]) == "other --seed 1 --case 3\n"
    assert ran() == 3
    monkeypatch.delenv("CVVISION_DIFFERENTIAL_CACHE")
    differential._answers(str(program), ["--seed", "1", "--case", "3"])
    assert ran() == 4


def test_two_checks_that_need_one_object_at_once_compile_it_once(tmp_path, monkeypatch):
    """CTest runs two tests side by side, and two differentials of one tree need the same objects at
    the same time: the second waits for the first's compile and takes its object from the cache."""
    import threading

    compiles = tmp_path / "compiles.log"
    source = tmp_path / "unit.cpp"
    source.write_text("int unit;\n")
    headers = tmp_path / "headers"
    headers.mkdir()
    # A "compiler" that notes each run, takes its time, and writes the object named after -o.
    compiler = tmp_path / "cxx"
    compiler.write_text('#!/bin/sh\necho run >> "%s"\nsleep 0.5\nfor a; do [ "$prev" = -o ] && echo object > "$a"; '
                        'prev=$a; done\n' % compiles)
    compiler.chmod(0o755)
    monkeypatch.setenv("CVVISION_DIFFERENTIAL_CACHE", str(tmp_path / "cache"))
    results = {}

    def check(n):
        obj = tmp_path / ("check%d.o" % n)
        command = ["cxx", "-O1", "-c", str(source), "-o", str(obj)]
        results[n] = differential._compile_cached([str(compiler)] + command[1:], str(source), str(obj),
                                                  [str(headers)], str(tmp_path))
        results[n] += (obj.read_text(),)

    checks = [threading.Thread(target=check, args=(n,)) for n in (1, 2)]
    for t in checks:
        t.start()
    for t in checks:
        t.join()
    assert results[1][0] == 0 and results[2][0] == 0
    assert results[1][2] == results[2][2] == "object\n"
    assert len(compiles.read_text().splitlines()) == 1


def test_one_table_names_the_drivers_parts():
    """PARTS is the one table of the driver's part letters (its header lists them): the report
    and behaviour.py's rule points take their names from it, so L names both level functions."""
    from cvsdk import behaviour

    header = (STANDIN / "driver.cpp").read_text(encoding="latin-1").split("#include")[0]
    assert sorted(re.findall(r"^//   ([A-Z])  ", header, re.M)) == sorted(differential.PARTS)
    result = differential.DifferentialResult("made-up", 1, 1)
    result.shown = [differential.CaseDifference(0, "a world", ["L", "O", "A"], [])]
    result.differing, result.parts_of = [0], {0: ["L", "O", "A"]}
    assert behaviour.differing_functions(result) == [
        "seeThroughLevel", "seeFromLevel", "changeExtraWaterSeeFromCount", "changeAdjacentSight"]
    report = "\n".join(result.report())
    assert "  differs in seeThroughLevel / seeFromLevel\n" in report
    assert "  differs in CvTeam::changeExtraWaterSeeFromCount (the counts after a team's Optics" in report
    assert "differing cases by function: seeThroughLevel 1, CvTeam::changeExtraWaterSeeFromCount 1, " \
           "changeAdjacentSight 1" in report
