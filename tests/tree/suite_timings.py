#!/usr/bin/env python3
"""Where the suite's time goes, from what the last `make test` left in its build folders: each
target's compile time and each file's (Ninja's .ninja_log), each test's time (CTest's
Testing/Temporary/LastTest.log). Prints Markdown tables, the ones docs/tests.md keeps
(`make timings`; docs/tests.md#what-each-stage-costs).

Seconds are those of a build and a test run with two jobs, each measured alone: a file's compile
is its own process's wall time, and so are a test's seconds. A build folder built more than once
keeps the newest compile of each file; its span is that of the newest build only when the folder
was built once (a fresh clone's)."""

import argparse
import re
import sys
from collections import defaultdict
from pathlib import Path
from typing import Dict, List, NamedTuple, Optional, Tuple


class Step(NamedTuple):
    output: str
    start: float  # seconds from the start of the build
    seconds: float


def read_ninja_log(path: Path) -> List[Step]:
    """Each output's newest build step in a .ninja_log (v5: start and end in ms, mtime, output,
    hash)."""
    newest: Dict[str, Step] = {}
    for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
        if line.startswith("#") or not line.strip():
            continue
        fields = line.split("\t")
        if len(fields) != 5:
            raise ValueError("%s:%d: not a .ninja_log v5 line" % (path, number))
        start, end = int(fields[0]) / 1000.0, int(fields[1]) / 1000.0
        newest[fields[3]] = Step(fields[3], start, end - start)
    return list(newest.values())


TARGET_OF_OBJECT = re.compile(r"CMakeFiles/([^/]+)\.dir/(.*)\.o$")


def target_of(output: str) -> Tuple[str, Optional[str]]:
    """(target, source) of an object file; (target, None) for a link (libNAME.a and libNAME.so
    are NAME's) or another step (its output's name)."""
    found = TARGET_OF_OBJECT.search(output)
    if found:
        return found.group(1), found.group(2)
    name = Path(output).name
    library = re.match(r"^lib(.+)\.(a|so)$", name)
    return (library.group(1) if library else name), None


def read_test_log(path: Path) -> Dict[str, float]:
    """Each test's seconds in CTest's LastTest.log."""
    times: Dict[str, float] = {}
    name = None
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        testing = re.match(r"^\d+/\d+ Testing: (\S+)", line)
        if testing:
            name = testing.group(1)
            continue
        took = re.match(r"^Test time =\s*([0-9.]+) sec", line)
        if took and name is not None:
            times[name] = float(took.group(1))
            name = None
    return times


def build_tables(build: Path, files: int) -> List[str]:
    log = build / ".ninja_log"
    if not log.is_file():
        return ["%s: no .ninja_log (built with make, or not built): no per-file times" % build, ""]
    steps = read_ninja_log(log)
    by_target: Dict[str, List[float]] = defaultdict(lambda: [0, 0.0, 0.0])
    compiles = []
    for step in steps:
        target, source = target_of(step.output)
        entry = by_target[target]
        if source is None:
            entry[2] += step.seconds
        else:
            entry[0] += 1
            entry[1] += step.seconds
            compiles.append((step.seconds, target, source))
    span = max(s.start + s.seconds for s in steps) - min(s.start for s in steps)
    work = sum(s.seconds for s in steps)
    lines = ["### %s: %d steps, %.0f s of work in %.0f s (%.2f at a time)" % (
        build.name, len(steps), work, span, work / span if span else 0), "",
        "| target | files | compile s | link s |", "|---|---|---|---|"]
    for target, (count, seconds, link) in sorted(by_target.items(), key=lambda kv: -(kv[1][1] + kv[1][2])):
        if count or link >= 0.5:
            lines.append("| %s | %d | %.1f | %.1f |" % (target, count, seconds, link))
    lines += ["", "The %d longest files:" % files, "", "| file | target | s |", "|---|---|---|"]
    for seconds, target, source in sorted(compiles, reverse=True)[:files]:
        lines.append("| %s | %s | %.1f |" % (source.replace("__/", "../"), target, seconds))
    return lines + [""]


def test_table(build: Path, tests: int) -> List[str]:
    log = build / "Testing" / "Temporary" / "LastTest.log"
    if not log.is_file():
        return ["%s: no CTest log (the tests have not run there)" % build, ""]
    times = read_test_log(log)
    total = sum(times.values())
    lines = ["### %s: %d tests, %.0f s of test time" % (build.name, len(times), total), "",
             "| test | s |", "|---|---|"]
    for name, seconds in sorted(times.items(), key=lambda kv: -kv[1])[:tests]:
        lines.append("| %s | %.1f |" % (name, seconds))
    if len(times) > tests:
        rest = sorted(times.values(), reverse=True)[tests:]
        lines.append("| the other %d | %.1f together |" % (len(rest), sum(rest)))
    return lines + [""]


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("builds", nargs="+", type=Path, help="build folders (build, build-sanitize)")
    parser.add_argument("--files", type=int, default=15, help="how many of the longest files (15)")
    parser.add_argument("--tests", type=int, default=25, help="how many of the longest tests (25)")
    options = parser.parse_args(argv)
    lines: List[str] = []
    try:
        for build in options.builds:
            if not build.is_dir():
                print("suite_timings: %s: no such build folder" % build, file=sys.stderr)
                return 1
            lines += build_tables(build, options.files) + test_table(build, options.tests)
    except (OSError, ValueError) as error:
        print("suite_timings: %s" % error, file=sys.stderr)
        return 1
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
