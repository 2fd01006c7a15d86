"""sdk-check: does CvVision compile in a real CvGameCoreDLL tree, and see what the tree's own code
sees? A syntax check and a differential on Linux.

Usage:
    make sdk-check SDK=DIR [BOOST=DIR] [PY24=DIR]
    sdk-check [--boost DIR] [--python DIR] [--cxx COMPILER] [--jobs N] SDK_DIR
    sdk-integrate --compile-check [--boost DIR] [--python DIR] SDK_DIR

SDK_DIR is the game's `CvGameCoreDLL/` source folder or a mod's fork of it. It is only read:
the check integrates CvVision into a TEMPORARY copy (as sdk-integrate would), then compiles
every .cpp file the integration changed or added with i686-w64-mingw32-g++ -fsyntax-only
(-std=gnu++98, MS extensions, the tree's own defines from its Makefile and *.vcproj) against
the tree's headers and Boost 1.32 / Python 2.4 headers, compiles the same files of the untouched
tree the same way, and reports only the diagnostics the integration adds. Diagnostics are
compared by file, kind, message and source line text, not by line number; a diagnostic inside
an unchanged header that the untouched compile also shows is not added.

What the 2003 compiler had and MinGW lacks is made in the temporary folder only: <hash_map>
(stdext::hash_map), aliases for includes spelled in another case (Windows file names ignore
case), and the three boost/preprocessor/debug/ headers missing from some Boost copies.

Then the differential (cvsdk/differential.py): the untouched tree's own CvPlot vision functions,
compiled natively with g++ behind CvVision's stand-in for the game, against CvVision as the
integration configured it in the temporary copy (with the fork rule the tool translated, if
any), on random cases. It prints `differential: tree=NAME cases=N differences=D`, and the first
differing cases when D > 0. It also lists the hooks placed in the copy and any not placed.

Options:
    --boost DIR     Boost 1.32's include folder (default: SDK_DIR/Boost-1.32.0/include)
    --python DIR    Python 2.4's include folder (default: SDK_DIR/Python24/include)
    --sources DIR   CvVision's source folder (default: the CvGameCoreDLL/ folder next to tools/)
    --cxx COMPILER  the compiler (default: i686-w64-mingw32-g++)
    --jobs N        compilations at once (default: the number of processors, at most 4)
    --keep          keep the temporary folder and print its path
    --force         integrate bodies the tool does not know too (as sdk-integrate --force); the
                    differential still runs and says what differs
    --no-differential  only the compile check (bodies no fingerprint knows are then refused)

Exit status: 0 no diagnostic added and no difference, 1 some added or differences (or the tree
cannot be integrated), 2 bad usage, missing compiler or include folders.

Python 3.8 or later, standard library only.
"""


import argparse
import os
import sys
from typing import NoReturn, Optional, Sequence

from .compile_check import DEFAULT_CXX, TOOL, check
from .errors import EXIT_USAGE, UsageError


# --------------------------------------------------------------------------------------------
# Command line.

class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def add_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--boost", metavar="DIR",
                        help="Boost 1.32's folder or its include folder (default: "
                        "SDK_DIR/Boost-1.32.0/include)")
    parser.add_argument("--python", metavar="DIR",
                        help="Python 2.4's folder or its include folder (default: "
                        "SDK_DIR/Python24/include)")
    parser.add_argument("--cxx", metavar="COMPILER", default=DEFAULT_CXX,
                        help="the compiler (default: %(default)s)")
    parser.add_argument("--jobs", metavar="N", type=int,
                        default=max(1, min(4, os.cpu_count() or 1)),
                        help="compilations at once (default: %(default)s)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    parser.add_argument("--force", action="store_true",
                        help="integrate CvPlot bodies sdk-integrate does not know too (as its "
                        "--force)")
    parser.add_argument("--no-differential", dest="differential", action="store_false",
                        help="only the compile check, without the differential")


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = _Parser(prog=TOOL, description="Check that CvVision compiles in a CvGameCoreDLL "
                     "tree: report only the diagnostics its integration adds.",
                     epilog="Exit status: 0 none added, 1 some added, 2 bad usage.")
    parser.add_argument("sdk_dir", metavar="SDK_DIR")
    parser.add_argument("--sources", metavar="DIR", help="CvVision's source folder")
    add_options(parser)
    try:
        a = parser.parse_args(sys.argv[1:] if argv is None else argv)
        return check(a.sdk_dir, a.boost, a.python, a.sources, a.cxx, a.jobs, a.keep,
                     force=a.force, differential=a.differential)
    except UsageError as error:
        print("%s: error: %s" % (TOOL, error), file=sys.stderr)
        print("usage: %s [--boost DIR] [--python DIR] [--cxx COMPILER] [--force] SDK_DIR  (see --help)"
              % TOOL, file=sys.stderr)
        return error.exit_code
    except KeyboardInterrupt:
        return EXIT_USAGE
