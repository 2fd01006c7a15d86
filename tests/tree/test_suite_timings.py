"""tests/tree/suite_timings.py (make timings): the tables of where the suite's time goes, read from a
build folder's .ninja_log and CTest's LastTest.log."""

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests" / "tree"))
import suite_timings  # noqa: E402

NINJA_LOG = """# ninja log v5
0\t4000\t0\ttools/lib/CMakeFiles/cvvision_formats.dir/formats/RulesLoader.cpp.o\tab
100\t2100\t0\ttools/lib/CMakeFiles/cvvision_formats.dir/formats/WbReader.cpp.o\tcd
4000\t4500\t0\ttools/lib/libcvvision_formats.a\tef
2100\t9100\t0\ttests/engine/CMakeFiles/cvvision_engine_tests.dir/test_ledger.cpp.o\t01
9100\t10000\t0\tcvvision_engine_tests\t23
"""

TEST_LOG = """Start testing: Nov 28 08:00 UTC
----------------------------------------------------------
2/3 Testing: python.real_sdk_tree.bts
2/3 Test: python.real_sdk_tree.bts
Command: "/usr/bin/python3" "-m" "pytest"
"python.real_sdk_tree.bts" start time: Nov 28 08:00 UTC
Output:
----------------------------------------------------------
1 passed in 18.2s
<end of output>
Test time =  18.60 sec
----------------------------------------------------------
1/3 Testing: Levels.VanillaHeights
Test time =   0.01 sec
3/3 Testing: fuzz.wb
Test time =  11.41 sec
"""


def make_build(tmp_path, ninja_log=NINJA_LOG):
    build = tmp_path / "build"
    (build / "Testing" / "Temporary").mkdir(parents=True)
    (build / ".ninja_log").write_text(ninja_log)
    (build / "Testing" / "Temporary" / "LastTest.log").write_text(TEST_LOG)
    return build


def test_targets_files_and_tests_are_tabled(tmp_path, capsys):
    build = make_build(tmp_path)
    assert suite_timings.main([str(build), "--files", "2", "--tests", "2"]) == 0
    out = capsys.readouterr().out
    assert "### build: 5 steps, 14 s of work in 10 s (1.44 at a time)" in out
    assert "| cvvision_engine_tests | 1 | 7.0 | 0.9 |" in out
    assert "| cvvision_formats | 2 | 6.0 | 0.5 |" in out
    # the longest files first, as many as asked
    assert out.index("| test_ledger.cpp | cvvision_engine_tests | 7.0 |") < \
        out.index("| formats/RulesLoader.cpp | cvvision_formats | 4.0 |")
    assert "WbReader.cpp" not in out
    assert "### build: 3 tests, 30 s of test time" in out
    assert out.index("| python.real_sdk_tree.bts | 18.6 |") < out.index("| fuzz.wb | 11.4 |")
    assert "| the other 1 | 0.0 together |" in out


def test_a_newer_build_of_a_file_replaces_the_older(tmp_path):
    steps = suite_timings.read_ninja_log(make_build(tmp_path, NINJA_LOG + "20000\t20500\t0\tcvvision_engine_tests\t45\n")
                                         / ".ninja_log")
    assert [s.seconds for s in steps if s.output == "cvvision_engine_tests"] == [0.5]


def test_a_broken_log_is_named_with_its_line(tmp_path, capsys):
    build = make_build(tmp_path, NINJA_LOG + "12\tbroken\n")
    assert suite_timings.main([str(build)]) == 1
    assert "build/.ninja_log:7: not a .ninja_log v5 line" in capsys.readouterr().err


def test_a_folder_without_logs_says_so(tmp_path, capsys):
    empty = tmp_path / "build-sanitize"
    empty.mkdir()
    assert suite_timings.main([str(empty)]) == 0
    out = capsys.readouterr().out
    assert "no .ninja_log" in out and "no CTest log" in out
    assert suite_timings.main([str(tmp_path / "absent")]) == 1
