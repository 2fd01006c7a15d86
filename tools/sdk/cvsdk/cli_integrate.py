"""sdk-integrate: wire CvVision into a copy of the game's CvGameCoreDLL source folder.

Usage:
    sdk-integrate [--check] [--force] [--sources DIR] SDK_DIR
    sdk-integrate --revert SDK_DIR
    sdk-integrate --compile-check [--boost DIR] [--python DIR] SDK_DIR
    sdk-integrate --help

SDK_DIR is the game's `CvGameCoreDLL/` source folder (Beyond the Sword/CvGameCoreDLL) or a mod's
fork of it (K-Mod, AdvCiv, BULL, ...). The tool:

 1. copies every *.h and *.cpp of CvVision's `CvGameCoreDLL/` folder (or of --sources DIR) into it,
    with the line endings of the tree's CvPlot.cpp (CRLF or LF); a .cpp that does not include
    CvGameCoreDLL.h gets `#include "CvGameCoreDLL.h"` as its first line, so that builds that
    force the precompiled header on every file (the forks' Makefiles) compile it;
    CvVisionSdkCompat.h is written with the tree's own names, read from its headers: BTS's
    *INLINE accessors or a fork's renamed ones (getMap, getGridWidth, plotByIndex, getX,
    getOwner...), CvInfos.h or the CvInfo_*.h headers it was split into, and a
    changeVisibilityCount given the unit where the tree's takes one (AdvCiv's advc.071);
 2. replaces the bodies of seven CvPlot member functions in CvPlot.cpp (changeAdjacentSight,
    canSeePlot, canSeeDisplacementPlot, shouldProcessDisplacementPlot, seeFromLevel,
    seeThroughLevel, updateSeeFromSight) by calls to CvVisionSdk, and includes CvVisionSdk.h;
    functions are found by scanning the C++ text and their parameters are matched by type, so
    forks that renamed parameters or added `const` work; an unexpected shape is refused;
    bodies it knows are replaced at once: BTS 3.19's (K-Mod's and BULL's are the same),
    AdvCiv's and its own (recognised by the fingerprints in tools/sdk/sdk_bodies.json); any
    other body is compared with CvVision by the differential (cvsdk/differential.py, host g++,
    about a minute): replaced if CvVision sees what it sees (kept under #if 0 for merges), else
    with a fork rule the tool translates written into CvVisionSightRules.cpp, else refused with
    the lines that differ, the first differing cases and the rule point where the fork's rule
    goes; leading PROFILE_FUNC() statements are kept; what becomes dead with the body (AdvCiv's
    advc.003h cache) goes under #if 0; CvVisionSightRules.cpp, once in the tree, is the mod's own
    and never overwritten;
 3. registers CvVision's Python interface in DLLPublishToPython (CvDLLPython.cpp);
 4. makes CvXMLLoadUtility::SetGlobalDefines read xml\\CvVision_GlobalDefines.xml right after
    xml\\PythonCallbackDefines.xml, or where a fork does not read that, after
    xml\\GlobalDefinesAlt.xml, else after xml\\GlobalDefines.xml (CvXMLLoadUtilitySet.cpp),
    only if the mod has the file (gDLL->enumerateFiles finds it): no "LoadXML call failed" box
    without it; a tree where no such place is found is refused (with --force, a warning);
 5. adds hooks telling CvVisionSdk of a new map (CvPlot::reset, or AdvCiv's CvPlot constructor),
    of a load (CvPlot::read) and of its end (CvGame::update), so that CVVISION_LEDGER and
    CVVISION_AUDIT_ON_LOAD need no Python calls; one it cannot place refuses the tree (with
    --force, a warning);
 6. adds the copied files to the tree's project files and Makefiles, in SDK_DIR and one folder
    below (AdvCiv's Project/): *.vcproj (VS2003, also a MakeFileProj), *.vcxproj and its
    .filters, and a Makefile that lists its sources (named after CvPlot.cpp/.obj); a Makefile
    that collects *.cpp itself needs nothing.

SDK_DIR must be a whole CvGameCoreDLL folder (CvDLLPython.cpp, CvGameCoreDLL.h and CvGlobals.h
next to CvPlot.cpp): a mod that ships only its changed files is refused, to be laid over
Beyond the Sword's folder first. A read-only file that would be written is refused.
Everything is checked before anything is written: a refusal (exit 1) leaves the tree untouched.
Files keep their permission bits; the manifest records them and --revert restores them.
The original bytes of every modified file are kept in SDK_DIR/.cvvision-backup/ (never
overwritten by a later run); `--revert` puts them back and deletes the files that were added.
A second run on an integrated tree changes nothing.
An integration and a revert are all or nothing (cvsdk/journal.py): their files are staged in
SDK_DIR/.cvvision-staging/ and committed by a journal; stopped before that (Ctrl-C, a full disk)
the tree is as it was, and a run killed after it is finished by the next run on the tree (an
integration or --revert). One run at a time: a run on a tree another run holds
(SDK_DIR/.cvvision-lock) is refused. Exit status 130: interrupted (Ctrl-C, SIGTERM, SIGHUP).

Options:
    --check, --dry-run  report what would be done; change nothing
    --revert            restore the original files from SDK_DIR/.cvvision-backup/
    --force             replace bodies this tool does not know too, keeping each in its
                        function under `#if 0 // CvVision <version> (sdk-integrate --force)`,
                        without the differential (a note names each such body)
    --sources DIR       the folder whose *.h and *.cpp are copied (default: the CvGameCoreDLL/
                        folder next to this tool's folder)
    --compile-check     integrate a temporary copy and compile what changed with MinGW against the
                        tree's headers; report the diagnostics the integration adds (exit 1 if
                        any); SDK_DIR is not changed. See tools/sdk/sdk_check.py
    --boost DIR, --python DIR
                        with --compile-check: Boost 1.32 / Python 2.4 include folders (default:
                        SDK_DIR/Boost-1.32.0/include, SDK_DIR/Python24/include)

Exit status: 0 done (or nothing to do), 1 the tree cannot be integrated (or nothing to revert),
2 bad usage.

Python 3.8 or later, standard library only.
"""


import argparse
import os
import sys
from typing import List, NoReturn, Optional, Sequence

from .behaviour import accept_or_refuse
from .changes import Plan
from .compile_check import check
from .errors import EXIT_OK, EXIT_REFUSED, Refusal, UsageError
from .files import list_sources
from .journal import (
    EXIT_INTERRUPTED, Interrupted, locked, pending, recover, signals_deferred)
from .manifest import apply_plan, load_manifest, revert
from .names import BACKUP_DIR, DEFAULT_SOURCES, TOOL
from .plan import build_plan
from .text import Printer


# --------------------------------------------------------------------------------------------
# Command line.

class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def parse_arguments(argv: Sequence[str]) -> argparse.Namespace:
    parser = _Parser(prog=TOOL, description="Wire CvVision into a copy of the game's "
                     "CvGameCoreDLL source folder (or a mod's fork of it).",
                     epilog="Exit status: 0 done or nothing to do, 1 the tree cannot be "
                     "integrated (nothing is changed then), 2 bad usage.")
    parser.add_argument("sdk_dir", metavar="SDK_DIR",
                        help="the CvGameCoreDLL source folder to integrate CvVision into")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--check", "--dry-run", action="store_true", dest="check",
                      help="report what would be done, change nothing")
    mode.add_argument("--revert", action="store_true",
                      help="restore the original files from SDK_DIR/%s/" % BACKUP_DIR)
    parser.add_argument("--force", action="store_true",
                        help="replace CvPlot bodies this tool does not know (a fork's own) too, "
                        "keeping each in its function under #if 0")
    mode.add_argument("--compile-check", action="store_true",
                      help="integrate a temporary copy of SDK_DIR and compile it with MinGW "
                      "(i686-w64-mingw32-g++ -fsyntax-only); report only the diagnostics the "
                      "integration adds (exit 1 if any); SDK_DIR is not changed (tools/sdk/sdk_check.py)")
    parser.add_argument("--boost", metavar="DIR", help="with --compile-check: Boost 1.32's "
                        "include folder (default: SDK_DIR/Boost-1.32.0/include)")
    parser.add_argument("--python", metavar="DIR", help="with --compile-check: Python 2.4's "
                        "include folder (default: SDK_DIR/Python24/include)")
    parser.add_argument("--sources", metavar="DIR",
                        help="folder whose *.h and *.cpp are copied in (default: %(default)s)",
                        default=DEFAULT_SOURCES)
    return parser.parse_args(argv)


def forced_bodies(plan: Plan) -> List[str]:
    """--force is never silent: each body it replaces without knowing it."""
    return ["%s: replaced by --force without comparing what it sees with CvVision: "
            "`make sdk-check SDK=%s FORCE=1` prints the differential" % (
                action.split(" (")[0], plan.sdk_dir)
            for action in plan.actions if "--force: this fork's own body" in action]


def integrate(arguments: argparse.Namespace, out: Printer, err: Printer) -> int:
    sdk_dir, sources_dir = arguments.sdk_dir, os.path.normpath(arguments.sources)
    if not os.path.isdir(sources_dir):
        raise UsageError("--sources %s: not a folder" % sources_dir)
    if not list_sources(sources_dir):
        raise UsageError("--sources %s: no *.h or *.cpp files" % sources_dir)
    if os.path.realpath(sources_dir) == os.path.realpath(sdk_dir):
        raise UsageError("SDK_DIR is CvVision's own source folder")
    plan = build_plan(sdk_dir, sources_dir, arguments.force)
    if plan.pending and not plan.errors:
        accept_or_refuse(plan, sources_dir, err)
    if arguments.force and plan.writes:
        plan.notes.extend(forced_bodies(plan))
    for warning in plan.warnings:
        err("warning: " + warning)
    if plan.errors:
        for error in plan.errors:
            err("error: " + error)
        err("%s: %s cannot be integrated; nothing was changed" % (TOOL, sdk_dir))
        return EXIT_REFUSED
    if not plan.writes:
        out("nothing to do: %s is already integrated (CvVision files up to date)" % sdk_dir)
        return EXIT_OK
    header = "would change" if arguments.check else "changing"
    out("%s %s:" % (header, sdk_dir))
    for action in plan.actions:
        out("  " + action)
    for note in plan.notes:
        out("note: " + note)
    if arguments.check:
        out("check: integration is possible (%d file(s) would be written); nothing was changed"
            % len(plan.writes))
        return EXIT_OK
    backup = apply_plan(plan)
    out("done: %d file(s) written; originals kept in %s (undo with: %s --revert %s)"
        % (len(plan.writes), backup, TOOL, sdk_dir))
    return EXIT_OK


def compile_check(arguments: argparse.Namespace, out: Printer, err: Printer) -> int:
    """--compile-check: sdk-check (tools/sdk/sdk_check.py) on SDK_DIR (which it does not change)."""
    return check(arguments.sdk_dir, arguments.boost, arguments.python, arguments.sources,
                 jobs=max(1, min(4, os.cpu_count() or 1)), out=out, err=err, force=arguments.force)


def refuse_if_pending(sdk_dir: str) -> None:
    problem = pending(sdk_dir)
    if problem:
        raise Refusal(problem)


def run_locked(arguments: argparse.Namespace, out: Printer, err: Printer) -> int:
    """The run, the tree locked: what an interrupted run left is finished or undone first
    (--check only reports it)."""
    sdk_dir = arguments.sdk_dir
    if arguments.check:
        refuse_if_pending(sdk_dir)
        return integrate(arguments, out, err)
    recovered = recover(sdk_dir, err)
    if arguments.revert:
        if recovered == "finished revert" or (recovered and load_manifest(sdk_dir) is None):
            out("nothing more to revert: %s is as it was before %s" % (sdk_dir, TOOL))
            return EXIT_OK
        revert(sdk_dir, out)
        return EXIT_OK
    return integrate(arguments, out, err)


def report_interruption(interruption: Interrupted, sdk_dir: str, err: Printer) -> int:
    """Ctrl-C, a kill, a closed terminal: before the commit point nothing was changed; during
    the renames that follow it the run finished them first."""
    finished = interruption.finished
    if finished is not None and os.path.realpath(finished) == os.path.realpath(sdk_dir):
        err("%s: interrupted (%s) after the point of no return: the %s was finished first, "
            "%s is complete" % (TOOL, interruption, interruption.kind, sdk_dir))
    else:
        err("%s: interrupted (%s) before changing anything: %s is as it was"
            % (TOOL, interruption, sdk_dir))
    return EXIT_INTERRUPTED


def main(argv: Optional[Sequence[str]] = None) -> int:
    out = lambda line: print(line, flush=True)
    err = lambda line: print(line, file=sys.stderr, flush=True)
    try:
        arguments = parse_arguments(sys.argv[1:] if argv is None else argv)
        if not os.path.isdir(arguments.sdk_dir):
            raise UsageError("%s: not a folder" % arguments.sdk_dir)
        if (arguments.boost or arguments.python) and not arguments.compile_check:
            raise UsageError("--boost and --python go with --compile-check")
        if arguments.compile_check:
            refuse_if_pending(arguments.sdk_dir)
            return compile_check(arguments, out, err)
        with signals_deferred(), locked(arguments.sdk_dir, required=not arguments.check):
            return run_locked(arguments, out, err)
    except Interrupted as interruption:
        return report_interruption(interruption, arguments.sdk_dir, err)
    except KeyboardInterrupt:
        err("%s: interrupted before changing anything" % TOOL)
        return EXIT_INTERRUPTED
    except UsageError as error:
        err("%s: error: %s" % (TOOL, error))
        err("usage: %s [--check | --revert | --compile-check] [--force] [--sources DIR] SDK_DIR  "
            "(see --help)"
            % TOOL)
        return error.exit_code
    except Refusal as refusal:
        err("error: %s" % refusal)
        return refusal.exit_code
