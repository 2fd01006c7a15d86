"""sdk-check's work: integrate a temporary copy of a tree and compile what changed with MinGW
(-fsyntax-only) against the tree's headers, next to the untouched tree, and report only the
diagnostics the integration adds (compiles reused through check_cache.py; shims for what MinGW
lacks). Then, on the integrated copy: the hooks placed, the knobs' loading path run
(defines_check.py: knobs_reached), and the differential with the sight rules settled
(behaviour.py). The command line is cli_check.py.
"""

import os
import re
import shutil
import stat
import sys
import subprocess
import tempfile
import time
from collections import Counter, OrderedDict
from concurrent.futures import ThreadPoolExecutor
from typing import Callable, Collection, Dict, List, Optional, Sequence, Tuple

from .check_cache import CACHE_ENV, CheckCache
from .defines_check import check_loading, knobs_problems
from .errors import EXIT_OK, EXIT_REFUSED, ToolError, UsageError
from .files import find_file, list_sources, read_text
from .behaviour import settle_rules, where_to_write
from .hooks import describe_hooks, placed_hooks
from .build_settings import find_cvvision
from .projects import BASE_DEFINES, tree_defines  # noqa: F401 (tests name them here)
from .manifest import apply_plan, revert
from .names import BACKUP_DIR, DEFAULT_SOURCES, TOOL_ENTRIES
from .plan import build_plan
from .text import Printer


TOOL = "sdk-check"
DEFAULT_CXX = "i686-w64-mingw32-g++"
EXIT_ADDED = EXIT_REFUSED  # some diagnostic added (or the tree cannot be integrated)
SOURCE_SUFFIXES = (".h", ".hpp", ".cpp", ".inl", ".c")


# --------------------------------------------------------------------------------------------
# What MSVC 2003 had: our own stand-ins, written into the temporary folder only.

SHIM_HEADER = "// sdk-check: a stand-in for a header MinGW lacks; syntax check only, never built.\n"

HASH_MAP = SHIM_HEADER + """#ifndef SDK_CHECK_HASH_MAP
#define SDK_CHECK_HASH_MAP
#include <ext/hash_map>
#include <functional>
#include <string>
namespace stdext
{
	template<class K> struct sdk_check_hash
	{
		size_t operator()(const K& k) const { return (size_t)k; }
	};
	template<> struct sdk_check_hash<std::string>
	{
		size_t operator()(const std::string& s) const { return __gnu_cxx::hash<const char*>()(s.c_str()); }
	};
	template<class K, class V, class H = sdk_check_hash<K>, class E = std::equal_to<K> >
	class hash_map : public __gnu_cxx::hash_map<K, V, H, E> {};
}
namespace std { using stdext::hash_map; }
#endif
"""

BOOST_PP_DEBUG = OrderedDict([
    ("error.hpp", SHIM_HEADER + """#ifndef SDK_CHECK_BOOST_PP_DEBUG_ERROR
#define SDK_CHECK_BOOST_PP_DEBUG_ERROR
#include <boost/preprocessor/cat.hpp>
#define BOOST_PP_ERROR(code) BOOST_PP_CAT(BOOST_PP_ERROR_, code)
#endif
"""),
    ("assert.hpp", SHIM_HEADER + """#ifndef SDK_CHECK_BOOST_PP_DEBUG_ASSERT
#define SDK_CHECK_BOOST_PP_DEBUG_ASSERT
#include <boost/preprocessor/control/expr_iif.hpp>
#include <boost/preprocessor/logical/not.hpp>
#define BOOST_PP_ASSERT(cond) BOOST_PP_EXPR_IIF(BOOST_PP_NOT(cond), sdk_check_BOOST_PP_ASSERT_failed)
#define BOOST_PP_ASSERT_MSG(cond, msg) BOOST_PP_EXPR_IIF(BOOST_PP_NOT(cond), msg)
#endif
"""),
    ("line.hpp", SHIM_HEADER + """#ifndef SDK_CHECK_BOOST_PP_DEBUG_LINE
#define SDK_CHECK_BOOST_PP_DEBUG_LINE
#define BOOST_PP_LINE(line, file) line
#endif
"""),
])

_INCLUDE = re.compile(r'^[ \t]*#[ \t]*include[ \t]*([<"])([^>"\r\n]+)[>"]', re.M)


def system_include_dirs(cxx: str) -> List[str]:
    """The compiler's own include folders (where <windows.h> and <vector> are)."""
    try:
        result = subprocess.run([cxx, "-xc++", "-E", "-v", "-"], input=b"", stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, timeout=60)
    except (OSError, subprocess.SubprocessError):
        return []
    dirs, inside = [], False
    for line in result.stderr.decode("utf-8", "replace").splitlines():
        if line.startswith("#include <...> search starts here"):
            inside = True
        elif line.startswith("End of search list"):
            break
        elif inside:
            dirs.append(os.path.normpath(line.strip()))
    return dirs


def _exact(directory: str, name: str) -> bool:
    return os.path.isfile(os.path.join(directory, name))


def _caseless(directory: str, name: str) -> Optional[str]:
    """name (with / separators) found in directory with any case: its real relative path."""
    parts, current, found = name.replace("\\", "/").split("/"), directory, []
    for part in parts:
        if part in (".", ""):
            continue
        if part == "..":
            return None
        try:
            entries = os.listdir(current)
        except OSError:
            return None
        match = part if part in entries else next(
            (e for e in sorted(entries) if e.lower() == part.lower()), None)
        if match is None:
            return None
        found.append(match)
        current = os.path.join(current, match)
    return "/".join(found) if os.path.isfile(current) else None


def make_shims(shim_dir: str, trees: Sequence[str], include_dirs: Sequence[str],
               boost_dir: str) -> List[str]:
    """Write the stand-ins and case aliases into shim_dir. Returns a list of what was made."""
    made = []

    def write(name: str, text: str) -> None:
        path = os.path.join(shim_dir, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", newline="\n") as f:
            f.write(text)
        made.append(name)

    write("hash_map", HASH_MAP)
    for name, text in BOOST_PP_DEBUG.items():
        if not _exact(boost_dir, "boost/preprocessor/debug/" + name):
            write("boost/preprocessor/debug/" + name, text)
    wanted = set()
    for tree in trees:
        for root, dirs, files in os.walk(tree):
            dirs[:] = [d for d in dirs if not d.startswith(".")]
            for entry in files:
                if entry.lower().endswith(SOURCE_SUFFIXES):
                    text = read_text(os.path.join(root, entry))
                    for _, name in _INCLUDE.findall(text):
                        name = os.path.normpath(name.strip().replace("\\", "/"))
                        wanted.add((os.path.relpath(root, tree), name.replace(os.sep, "/")))
    aliased = set()
    for folder, name in sorted(wanted):
        if name in aliased or name == "hash_map" or _exact(shim_dir, name):
            continue
        local = [os.path.join(tree, folder) for tree in trees]
        if any(_exact(d, name) for d in local + include_dirs):
            continue
        for directory in local + include_dirs:
            real = _caseless(directory, name)
            if real is None:
                continue
            if directory in local:
                folder_of = os.path.relpath(directory, trees[local.index(directory)])
                target = os.path.normpath(os.path.join(folder_of, real)).replace(os.sep, "/")
                write(name, SHIM_HEADER + '#include "%s"\n' % target)
            else:
                write(name, SHIM_HEADER + "#include <%s>\n" % real)
            aliased.add(name)
            break
    return made


# --------------------------------------------------------------------------------------------
# Diagnostics.

_DIAG = re.compile(r"^(.+?):(\d+):(?:(\d+):)? (fatal error|error|warning): (.*)$")


class Diagnostic(object):
    def __init__(self, path: str, line: int, kind: str, message: str, source: str) -> None:
        self.path, self.line, self.kind, self.message, self.source = (
            path, line, kind, message, source)
        self.context = []  # the compiler's lines that belong to it (notes, source, carets)

    def key(self) -> Tuple[str, str, str, str]:
        return (self.path, self.kind, self.message, self.source)

    def text(self) -> str:
        return "%s:%s: %s: %s" % (self.path, self.line, self.kind, self.message)


def relative_path(path: str, tree: str, cwd: str) -> str:
    full = os.path.normpath(os.path.join(cwd, path))
    if full.startswith(tree + os.sep):
        return os.path.relpath(full, tree).replace(os.sep, "/")
    return full


def parse_diagnostics(output: str, tree: str,
                      read_line: Callable[[str, int], str]) -> List[Diagnostic]:
    """The errors and warnings in a compiler's output, each with its source line's text."""
    diagnostics, current = [], None
    for line in output.splitlines():
        match = _DIAG.match(line)
        if match:
            path = relative_path(match.group(1), tree, tree)
            number = int(match.group(2))
            current = Diagnostic(path, number, match.group(4), match.group(5).strip(),
                                 read_line(match.group(1), number))
            diagnostics.append(current)
        elif current is not None and not line.startswith("In file included from") \
                and not re.match(r"^\s+from ", line) and not line.endswith(": In function") \
                and ": In " not in line[:200]:
            current.context.append(line)
    return diagnostics


class LineReader(object):
    def __init__(self, tree: str) -> None:
        self.tree, self.cache = tree, {}

    def __call__(self, path: str, number: int) -> str:
        full = os.path.normpath(os.path.join(self.tree, path))
        if full not in self.cache:
            try:
                self.cache[full] = read_text(full).splitlines()
            except OSError:
                self.cache[full] = []
        lines = self.cache[full]
        return " ".join(lines[number - 1].split()) if 0 < number <= len(lines) else ""


UNITY = "sdk-check-unit.cpp"


def write_unity(tree: str, units: Sequence[str]) -> None:
    with open(os.path.join(tree, UNITY), "w", encoding="ascii", newline="\n") as out:
        out.write("// The files sdk-check compiles, as one unit.\n")
        for unit in units:
            out.write('#include "%s"\n' % unit)


def unity_tasks(untouched: str, integrated: str, tree_units: Sequence[str],
                own: Sequence[str]) -> List[Tuple[str, str]]:
    """The compiles of the check: each side's files as ONE translation unit (a file in the
    temporary copy that includes them, in the same order on both sides). Every file starts with
    the tree's whole CvGameCoreDLL.h, the costly part, which is then parsed once a side instead
    of once a file; each diagnostic still names its own file and line, and both sides are built
    alike, so what the untouched side shows is taken away as before. CvVision's own files are kept
    fit to share a unit (tests/engine/CMakeLists.txt, cxx98.gcc.unity); a tree's files share it as they
    are on both sides."""
    tasks = []
    if tree_units:
        write_unity(untouched, tree_units)
        tasks.append((untouched, UNITY))
    write_unity(integrated, list(tree_units) + list(own))
    tasks.append((integrated, UNITY))
    return tasks


def stopped_early(code: int, output: str) -> bool:
    """Did the compiler give up on a unit part of the way (a fatal error such as a missing
    include, or a failure with no error named)? Then what follows in a shared unit went
    unchecked, and the check compiles file by file."""
    kinds = [m.group(4) for m in map(_DIAG.match, output.splitlines()) if m]
    return "fatal error" in kinds or (code != 0 and "error" not in kinds)


def compile_unit(cxx: str, flags: Sequence[str], tree: str, name: str) -> Tuple[int, str]:
    command = [cxx] + flags + ["-I" + tree, name]
    result = subprocess.run(command, cwd=tree, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    return result.returncode, result.stdout.decode("utf-8", "replace")


# --------------------------------------------------------------------------------------------
# The check.

def copy_tree(source: str, target: str, skip: Collection[str]) -> None:
    def ignore(folder: str, entries: List[str]) -> List[str]:
        return [e for e in entries
                if os.path.realpath(os.path.join(folder, e)) in skip or e in TOOL_ENTRIES]
    shutil.copytree(source, target, ignore=ignore, symlinks=True)
    make_writable(target)


def make_writable(root: str) -> None:
    """The temporary copy is ours: a tree whose files are read-only (a checkout, a CD) must not
    stop its integration there."""
    for folder, _, names in os.walk(root):
        for name in names:
            path = os.path.join(folder, name)
            if not os.path.islink(path):
                os.chmod(path, os.stat(path).st_mode | stat.S_IWUSR)


def compared(baseline: Dict[str, List[Diagnostic]], integrated: Dict[str, List[Diagnostic]],
             changed: Collection[str]) -> List[Tuple[str, Diagnostic]]:
    """The diagnostics of integrated not in baseline. baseline and integrated: unit -> list."""
    seen_anywhere = set()
    for diagnostics in baseline.values():
        seen_anywhere.update(d.key() for d in diagnostics)
    added, reported = [], set()
    for unit, diagnostics in integrated.items():
        if unit in baseline:
            left = Counter(d.key() for d in baseline[unit])
        else:
            left = Counter()
        for d in diagnostics:
            if left[d.key()] > 0:
                left[d.key()] -= 1
                continue
            if unit not in baseline and d.path not in changed and d.key() in seen_anywhere:
                continue  # an unchanged header's diagnostic the untouched tree also shows
            identity = (d.key(), d.line)
            if identity not in reported:
                reported.add(identity)
                added.append((unit, d))
    return added


def run_check(sdk_dir: str, boost_dir: str, python_dir: str, sources_dir: str, cxx: str, jobs: int,
              keep: bool, out: Printer, err: Printer, force: bool = False,
              differential_cases: Optional[int] = None, differential: bool = True) -> int:
    start = time.time()
    sdk_dir = os.path.realpath(sdk_dir)
    work = tempfile.mkdtemp(prefix="cvvision-sdk-check-")
    try:
        untouched = os.path.join(work, "untouched")
        integrated = os.path.join(work, "integrated")
        shims = os.path.join(work, "shims")
        skip = {os.path.realpath(os.path.dirname(boost_dir.rstrip("/"))),
                os.path.realpath(os.path.dirname(python_dir.rstrip("/")))}
        err("%s: copying %s to %s" % (TOOL, sdk_dir, work))
        copy_tree(sdk_dir, untouched, skip)
        if os.path.isdir(os.path.join(sdk_dir, BACKUP_DIR)):
            shutil.copytree(os.path.join(sdk_dir, BACKUP_DIR),
                            os.path.join(untouched, BACKUP_DIR))
            err("%s: the tree is integrated already; checking against its backed-up originals"
                % TOOL)
            revert(untouched, lambda line: None)
        shutil.copytree(untouched, integrated, symlinks=True)
        plan = build_plan(integrated, sources_dir, force)
        if plan.pending and not differential:
            plan.errors.extend(plan.pending)  # without the differential, judged by their text
        if plan.errors:
            for error in plan.errors:
                out("error: " + error)
            out("%s: %s cannot be integrated, so nothing was compiled" % (TOOL, sdk_dir))
            return EXIT_ADDED
        apply_plan(plan)
        for line in describe_hooks(placed_hooks(lambda name: _tree_text(integrated, name))):
            out("%s: %s" % (TOOL, line))
        knobs_unread = differential and not knobs_reached(integrated, out)
        verdict = None
        if differential:
            verdict = settle_rules(untouched, integrated,
                                   os.path.basename(os.path.normpath(sdk_dir)), err,
                                   differential_cases)
            for line in verdict.report():
                out(line)
            if not verdict.accepted:
                for line in plan.pending + [where_to_write(verdict)]:
                    out("error: " + line)
        changed = set(plan.writes)
        units = sorted(n for n in changed if n.lower().endswith((".cpp", ".c")))
        include_dirs = [os.path.realpath(boost_dir), os.path.realpath(python_dir)]
        os.makedirs(shims)
        system_dirs = system_include_dirs(cxx)
        made = make_shims(shims, [untouched, integrated], include_dirs + system_dirs, boost_dir)
        err("%s: made %d stand-in header(s) in the temporary folder: %s"
            % (TOOL, len(made), ", ".join(made)))
        defines = tree_defines(sdk_dir)
        flags = (["-std=gnu++98", "-fsyntax-only", "-fms-extensions", "-fpermissive", "-fno-diagnostics-color",
                  "-fno-diagnostics-show-caret", "-ftemplate-backtrace-limit=0", "-Wall",
                  "-I" + shims, "-I" + include_dirs[0], "-I" + include_dirs[1]]
                 + ["-D" + d for d in defines])
        own = [unit for unit in units if not os.path.isfile(os.path.join(untouched, unit))]
        tree_units = [unit for unit in units if unit not in own]
        err("%s: compiling %d file(s) with %s -D%s: the tree's %d changed one(s) untouched and "
            "integrated, CvVision's %d integrated"
            % (TOOL, len(units), cxx, " -D".join(defines), len(tree_units), len(own)))
        by_unit = unity_tasks(untouched, integrated, tree_units, own)
        cache = CheckCache.from_environment(cxx, flags, work, [shims] + include_dirs, system_dirs)
        cache.prepare([untouched, integrated])
        results, codes, reused = {}, {}, []

        def one(task: Tuple[str, str]) -> Tuple[Tuple[str, str], str]:
            tree, unit = task
            begun = time.time()
            kept = cache.get(tree, unit)
            if kept is None:
                code, output = compile_unit(cxx, flags, tree, unit)
                cache.put(tree, unit, code, output)
            else:
                code, output = kept
                reused.append(task)
            codes[task] = code
            err("%s:   %s %s: %d diagnostic line(s), %.0f s%s"
                % (TOOL, "untouched " if tree == untouched else "integrated", unit,
                   sum(1 for line in output.splitlines() if _DIAG.match(line)),
                   time.time() - begun, " (reused)" if kept is not None else ""))
            return task, output

        def compile_all(tasks: List[Tuple[str, str]]) -> None:
            results.clear()
            codes.clear()
            with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
                for task, output in pool.map(one, tasks):
                    results[task] = output

        compile_all(by_unit)
        stopped = [task[1] for task in by_unit if stopped_early(codes[task], results[task])]
        tasks = by_unit
        if stopped:
            err("%s: the compiler stopped early on %s (a fatal error, or a failure it did not "
                "name): compiling file by file" % (TOOL, ", ".join(sorted(set(stopped)))))
            tasks = [(tree, unit) for unit in tree_units for tree in (untouched, integrated)]
            tasks += [(integrated, unit) for unit in own]
            compile_all(tasks)
        if cache.folder is not None:
            err("%s: %d of %d compile(s) reused from $%s" % (TOOL, len(reused), len(tasks), CACHE_ENV))
        baseline = OrderedDict()
        after = OrderedDict()
        for (tree, unit), output in results.items():
            parsed = parse_diagnostics(output, tree, LineReader(tree))
            (baseline if tree == untouched else after)[unit] = parsed
        added = compared(baseline, after, changed)
        for unit in after:
            failed = codes[(integrated, unit)] != 0 and not any(d.kind != "warning" for d in after[unit])
            if failed and codes.get((untouched, unit), 0) == 0:
                lost = Diagnostic(unit, 0, "error", "the compiler failed (exit status %d) without "
                                  "a diagnostic it could name" % codes[(integrated, unit)], "")
                lost.context = results[(integrated, unit)].splitlines()[-12:]
                added.append((unit, lost))
        base_count = sum(len(v) for v in baseline.values())
        for unit, d in added:
            out("%s  [compiling %s]" % (d.text(), unit))
            for line in d.context[:12]:
                out("    " + line.replace(integrated + os.sep, ""))
        out("%s: %d diagnostic(s) added by the integration in %d compiled file(s) (%s); the "
            "untouched tree shows %d in the same files; %.0f s"
            % (TOOL, len(added), len(units), ", ".join(units), base_count, time.time() - start))
        if keep:
            out("%s: temporary folder kept: %s" % (TOOL, work))
        differs = (verdict is not None and not verdict.accepted) or knobs_unread
        if differs:
            out("%s: CvVision does not see what %s's own code sees (%s)%s"
                % (TOOL, sdk_dir, verdict.result.summary() if verdict.result else verdict.error,
                   "; --force replaced its bodies anyway" if force else ""))
        return EXIT_ADDED if added or differs else EXIT_OK
    finally:
        if not keep:
            shutil.rmtree(work, ignore_errors=True)


def knobs_reached(integrated: str, out: Printer) -> bool:
    """Run the integrated tree's own SetGlobalDefines behind a stand-in (cvsdk.defines_check):
    does it read the knobs file when the mod has it, and only then? Prints the answer."""
    try:
        problems = knobs_problems(check_loading(integrated))
    except (ToolError, OSError) as error:
        problems = [str(error)]
    if problems:
        for problem in problems:
            out("%s: the knobs file: %s" % (TOOL, problem))
        return False
    out("%s: the knobs file: read by the tree's own SetGlobalDefines when the mod has it "
        "(modular loading off and on), never asked for when it has not" % TOOL)
    return True


def _tree_text(tree: str, name: str) -> Optional[str]:
    found = find_file(tree, name)
    return None if found is None else read_text(os.path.join(tree, found))


def check(sdk_dir: str, boost: Optional[str] = None, python: Optional[str] = None,
          sources: Optional[str] = None, cxx: str = DEFAULT_CXX, jobs: int = 2, keep: bool = False,
          out: Optional[Printer] = None, err: Optional[Printer] = None, force: bool = False,
          differential_cases: Optional[int] = None, differential: bool = True) -> int:
    """Validate the arguments and run the check; the exit status. UsageError on bad usage."""
    out = out or (lambda line: print(line, flush=True))
    err = err or (lambda line: print(line, file=sys.stderr, flush=True))
    if not os.path.isdir(sdk_dir):
        raise UsageError("%s: not a folder" % sdk_dir)
    if find_file(sdk_dir, "CvPlot.cpp") is None:
        raise UsageError("%s: no CvPlot.cpp (SDK_DIR must be the game's CvGameCoreDLL folder "
                         "or a mod's copy of it)" % sdk_dir)
    sources = os.path.normpath(sources or DEFAULT_SOURCES)
    if not os.path.isdir(sources) or not list_sources(sources):
        raise UsageError("--sources %s: not a folder with *.h and *.cpp files" % sources)
    if jobs < 1:
        raise UsageError("--jobs %d: must be at least 1" % jobs)
    found = {}
    for option, given, default, probe in (
            ("--boost", boost, os.path.join(sdk_dir, "Boost-1.32.0", "include"),
             "boost/python.hpp"),
            ("--python", python, os.path.join(sdk_dir, "Python24", "include"), "Python.h")):
        folder = given or default
        if given and not os.path.isfile(os.path.join(folder, probe)) and os.path.isfile(
                os.path.join(folder, "include", probe)):
            folder = os.path.join(folder, "include")  # the root, as make dll takes it
        if not os.path.isfile(os.path.join(folder, probe)):
            raise UsageError("%s %s: no %s there%s" % (
                option, folder, probe, "" if given else
                " (the tree has no %s folder of its own; give the folder with %s DIR, e.g. "
                "BTS's CvGameCoreDLL/%s)" % (os.path.relpath(default, sdk_dir), option,
                                             os.path.relpath(default, sdk_dir))))
        found[option] = folder
    if shutil.which(cxx) is None:
        raise UsageError("the compiler %s is not installed (`make setup` installs "
                         "g++-mingw-w64-i686)" % cxx)
    find_cvvision()  # the tree's defines come from `cvvision build-settings` (a UsageError without it)
    return run_check(sdk_dir, found["--boost"], found["--python"], sources, cxx, jobs, keep,
                     out, err, force, differential_cases, differential)
