"""The differential's command line: does CvVision, as sdk-integrate configures it, see what a
tree's own code sees? (The check itself is differential.py.)

Usage:
    python3 tools/sdk/sdk_differential.py [--cases N] [--seed S] [--jobs N] [--keep] [--name NAME]
                                          [--define NAME=VALUE] [--integrated DIR] TREE_DIR
    python3 tools/sdk/sdk_differential.py --bench [--seed S] TREE_DIR

TREE_DIR is the game's `CvGameCoreDLL/` folder or a mod's fork of it (or the folder holding it).
It is only read: CvVision is integrated into a temporary copy (sdk-integrate --force), or
--integrated names a copy already integrated.

It prints `differential: tree=NAME cases=N differences=D`, how many cases met two or more teams
in one add (whose order is compared with the rest), and, when D > 0, the first three differing
cases in words. --bench prints, for ranges 1 to 8, the time of changeAdjacentSight add+remove in
both programs:
`original tree=NAME range=R original_ns=... cvvision_ns=... speedup=... floor_ns=... bound=...`
(the floor: the same count changes made straight through CvPlot::changeVisibilityCount; bound:
original_ns / floor_ns, the speed-up of a sight computed at no cost), the same on a map the team
already sees (`original-seen ...`), and one change of a team's Optics (`optics ...`).

Exit status (errors.py): 0 no difference, 1 differences, 2 bad usage or a program that does not
compile.

Python 3.8 or later, standard library only.
"""

import argparse
import os
import re
import shutil
import sys
import tempfile
from typing import Callable, List, NoReturn, Optional

from . import differential
from .errors import EXIT_OK, EXIT_REFUSED, EXIT_USAGE, ToolError, UsageError

TOOL = "differential"
EXIT_DIFFERENT = EXIT_REFUSED  # the tree's own code and CvVision differ on some case


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def make_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog=TOOL, description="Compare a tree's own CvPlot vision functions with "
                     "CvVision integrated into a temporary copy of it, on random cases.",
                     epilog="Exit status: 0 no difference, 1 differences, 2 bad usage or compile error.")
    parser.add_argument("tree_dir", metavar="TREE_DIR")
    parser.add_argument("--cases", type=int, default=differential.DEFAULT_CASES,
                        help="how many cases (default %(default)s)")
    parser.add_argument("--seed", type=int, default=differential.DEFAULT_SEED,
                        help="the cases' seed (default %(default)s)")
    parser.add_argument("--name", help="the tree's name in the report (default: its folder's)")
    parser.add_argument("--jobs", type=int, default=2, help="compilations and runs at once (default 2)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder and print its path")
    parser.add_argument("--integrated", metavar="DIR",
                        help="an integrated copy of the tree to use instead of making one")
    parser.add_argument("--define", action="append", default=[], metavar="NAME=VALUE",
                        help="a GlobalDefine set in every case, e.g. a CvVision knob: CVVISION_LEDGER=1")
    parser.add_argument("--bench", action="store_true",
                        help="time changeAdjacentSight in both programs for ranges 1 to 8 instead")
    return parser


def check_arguments(a: argparse.Namespace) -> None:
    if a.cases < 1 or a.jobs < 1 or a.seed < 0:
        raise UsageError("--cases and --jobs must be at least 1, --seed at least 0")
    for define in a.define:
        if not re.match(r"^[A-Za-z_]\w*=-?\d+$", define):
            raise UsageError("--define %s: not NAME=INTEGER" % define)


def run(a: argparse.Namespace, work: str, out: Callable[[str], None]) -> int:
    """The check (or the bench) asked for, its temporary files in work."""
    tree_dir = differential.find_tree(a.tree_dir)
    name = a.name or differential.tree_name(a.tree_dir)
    integrated_dir = a.integrated or differential.make_integrated_copy(tree_dir, os.path.join(work, "integrated"))
    build = os.path.join(work, "build")
    if a.bench:
        original, cvvision = differential.prepare(tree_dir, integrated_dir, build, a.jobs, "-O2")
        for line in differential.run_bench(original, cvvision, name, a.seed):
            out(line)
        return EXIT_OK
    result = differential.run_differential(tree_dir, integrated_dir, name, a.cases, a.seed, build, a.jobs,
                                           defines=a.define)
    for line in result.report():
        out(line)
    return EXIT_DIFFERENT if result.differences else EXIT_OK


def main(argv: Optional[List[str]] = None, out: Callable[[str], None] = print) -> int:
    work = None
    keep = False
    try:
        a = make_parser().parse_args(sys.argv[1:] if argv is None else argv)
        check_arguments(a)
        keep = a.keep
        work = tempfile.mkdtemp(prefix="cvvision-differential-")
        return run(a, work, out)
    except ToolError as error:
        print("%s: error: %s" % (TOOL, error), file=sys.stderr)
        return error.exit_code
    except KeyboardInterrupt:
        return EXIT_USAGE
    finally:
        if work is not None:
            if keep:
                print("%s: temporary folder kept: %s" % (TOOL, work), file=sys.stderr)
            else:
                shutil.rmtree(work, ignore_errors=True)
