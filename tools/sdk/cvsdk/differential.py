"""The differential: does CvVision, as sdk-integrate configures it, see what a tree's own code sees?

Its command line is cli_differential.py (entry point tools/sdk/sdk_differential.py); behaviour.py
and sdk-check run it through run_differential(). A tree (the game's `CvGameCoreDLL/` folder or a
mod's fork of it) is only read. The check takes the tree's own CvPlot vision functions
(changeAdjacentSight, canSeePlot, canSeeDisplacementPlot, shouldProcessDisplacementPlot,
seeFromLevel, seeThroughLevel, updateSeeFromSight, and the file-local helpers they call) from its
CvPlot.cpp, compiles them natively with the host g++ behind our stand-in for the game
(tools/sdk/standin/, with the declarations and cached GlobalDefine accessors those bodies need
generated into a temporary folder), and compiles a second program from the same stand-in and
driver with the bodies sdk-integrate writes into a temporary integrated copy of the tree (calls to
CvVisionSdk) and the CvVision sources it copied there. Both programs run the same random cases
(maps 1x1 to 128x80, every wrap, odd defines and levels, Optics, units of every domain with
facings, see-invisible lists and promotions, ranges -2..64, plots owned by up to four teams not
yet met); their answers are compared case by case, part by part (PARTS: the driver's letters and
the functions each compares): a sight's count changes one by one in their order (plot, team,
invisible type, change) and the meetings they make (a plot turning visible makes its owner meet
the team). Nothing of the tree is stored anywhere but the temporary folder.

The file in order: the tree's vision functions as text (Extract, TreeVision); the generated
headers and program sources; the integrated copy; compiling, with $CVVISION_DIFFERENTIAL_CACHE
(check_cache.CACHE_ENV) keeping objects and answers between checks and a lock so that two checks
compile one object once; running the cases and explaining a differing one (CaseDifference,
source_pattern); the result (DifferentialResult, run_differential) and the bench (run_bench).

Every error (a tree that cannot be read, a program that does not compile or link, a program that
fails) is a UsageError (errors.py: exit status 2).

Python 3.8 or later, standard library only.
"""

import contextlib
import hashlib
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor

try:
    import fcntl
except ImportError:  # Windows: no lock, so two checks at once may compile one object twice
    fcntl = None  # type: ignore
from typing import Dict, Iterator, List, NamedTuple, Optional, Sequence, Tuple

from .check_cache import CACHE_ENV, compiler_identity
from .dead_caches import DEAD_CACHES
from .errors import UsageError
from .files import find_file, read_text
from .names import BACKUP_DIR, RULES_FILE, TOOL_DIR
from .plot_functions import PLOT_FUNCTIONS, match_roles
from .projects import tree_defines
from .scanner import find_definitions, mask_code, match_close, parse_params

SDK_INTEGRATE_SCRIPT = os.path.join(TOOL_DIR, "sdk_integrate.py")

STANDIN_DIR = os.path.join(TOOL_DIR, "standin")
DRIVER = os.path.join(STANDIN_DIR, "driver.cpp")
STANDIN_SOURCES = ["CvMockGame.cpp", "driver.cpp"]
DEFAULT_CASES = 3000
DEFAULT_SEED = 1
CXX = "g++"
CXX_FLAGS = ["-std=gnu++98", "-w", "-fno-diagnostics-color", "-fno-diagnostics-show-caret",
             "-DCV_STANDIN_GENERATED"]
SHOWN_CASES = 3
# The tree's release defines reach its own bodies (an #ifdef in them takes the game's branch), but
# not these, which would tell the host's headers they are on Windows.
WINDOWS_DEFINES = {"WIN32", "_WINDOWS", "_USRDLL", "CVGAMECOREDLL_EXPORTS"}


class Part(NamedTuple):
    """One part of a case the driver compares (tools/sdk/standin/driver.cpp, its header)."""

    functions: Tuple[str, ...]  # the functions it compares, as the report names them
    detail: str  # what of them is compared ("" when the name says it)

    @property
    def name(self) -> str:
        return " / ".join(self.functions)

    @property
    def title(self) -> str:
        return "%s (%s)" % (self.name, self.detail) if self.detail else self.name


# The driver's parts by letter: the one table of their names (the report, behaviour.py's rule points).
PARTS = {
    "A": Part(("changeAdjacentSight",), "every count change of one source added, then removed, in "
              "order, and the meetings they make"),
    "B": Part(("canSeePlot",), ""),
    "C": Part(("canSeeDisplacementPlot",), ""),
    "F": Part(("shouldProcessDisplacementPlot",), ""),
    "L": Part(("seeThroughLevel", "seeFromLevel"), ""),
    "E": Part(("updateSeeFromSight",), "the counts after a plot's levels changed inside its bracket"),
    "O": Part(("CvTeam::changeExtraWaterSeeFromCount",), "the counts after a team's Optics changed, "
              "and back"),
}


def part_title(letter: str) -> str:
    """The part's name and what it compares; the letter itself for a part the table lacks."""
    return PARTS[letter].title if letter in PARTS else letter


def part_functions(letter: str) -> Tuple[str, ...]:
    """The functions the part compares, unqualified (CvTeam::x is x)."""
    if letter not in PARTS:
        return (letter,)
    return tuple(f.split("::")[-1] for f in PARTS[letter].functions)


_KEYWORDS = {"if", "for", "while", "switch", "return", "sizeof", "case", "else", "do", "new",
             "delete", "throw", "catch", "static_cast", "const_cast", "reinterpret_cast",
             "dynamic_cast", "defined", "operator"}


# --------------------------------------------------------------------------------------------
# The tree's vision functions, as text.

class Extract(object):
    """One definition taken from a CvPlot.cpp: its text, where it starts, and its declaration."""

    def __init__(self, name: str, text: str, line: int, declaration: str, params: list) -> None:
        self.name = name
        self.text = text
        self.line = line
        self.declaration = declaration
        self.params = params
        self.last_line = line + text.count("\n")


def _definition_begin(code: str, name_start: int) -> int:
    """Where the definition whose name starts at name_start begins: after the code before it."""
    i = name_start
    while i > 0 and code[i - 1] not in ";}{":
        i -= 1
    while i < name_start and code[i].isspace():
        i += 1
    return i


def _line_of(text: str, pos: int) -> int:
    return text.count("\n", 0, pos) + 1


def _declaration(code: str, begin: int, definition, qualified: str) -> str:
    """The member's declaration for the stand-in's class: the definition's head without CvPlot::."""
    head = code[begin:definition.close_paren + 1]
    after = code[definition.close_paren + 1:definition.open_brace]
    head = head.replace("CvPlot::", "", 1)
    head = " ".join(head.split())
    return head + (" const" if re.search(r"\bconst\b", after) else "") + ";"


def extract_member(text: str, code: str, name: str, filename: str, required: bool = True,
                   owner: str = "CvPlot") -> Optional[Extract]:
    found = find_definitions(code, owner + r"\s*::\s*" + name)
    if not found:
        if required:
            raise UsageError("%s: %s::%s is not defined there" % (filename, owner, name))
        return None
    if len(found) > 1:
        raise UsageError("%s: %s::%s is defined %d times (under preprocessor branches?); "
                                "the differential cannot tell which one the game builds"
                                % (filename, owner, name, len(found)))
    definition = found[0]
    begin = _definition_begin(code, definition.name_start)
    return Extract(name, text[begin:definition.close_brace + 1], _line_of(text, begin),
                   _declaration(code, begin, definition, name), parse_params(code, definition))


def _called_names(code: str) -> List[str]:
    """The free functions a body calls: a name before '(' not after . -> or a class's ::."""
    names = []
    for m in re.finditer(r"(?<![\w.>])(::\s*)?([A-Za-z_]\w*)\s*\(", code):
        before = code[:m.start()].rstrip()
        if before.endswith("::") and not m.group(1):
            continue
        name = m.group(2)
        if name not in _KEYWORDS and name not in names:
            names.append(name)
    return names


def _in_anonymous_namespace(code: str, pos: int) -> Optional[int]:
    """The index of the '{' of the anonymous namespace (at file level) holding pos, if any."""
    depth, i = 0, pos
    while i > 0:
        i -= 1
        c = code[i]
        if c == "}":
            depth += 1
        elif c == "{":
            if depth == 0:
                if re.search(r"\bnamespace\s*$", code[:i]) and code.count("{", 0, i) == code.count("}", 0, i):
                    return i
                return None
            depth -= 1
    return None


def extract_helpers(text: str, code: str, bodies: Sequence[str]) -> List[Tuple[str, str, int, bool]]:
    """The file-local functions of CvPlot.cpp the bodies call (and those they call): (name, text,
    line, in an anonymous namespace), in the file's order."""
    found: Dict[str, Tuple[str, str, int, bool]] = {}
    order: List[Tuple[int, str]] = []
    pending = []
    for body in bodies:
        pending += _called_names(body)
    while pending:
        name = pending.pop(0)
        if name in found:
            continue
        for m in re.finditer(r"(?<![\w:.>~])%s\s*\(" % re.escape(name), code):
            open_paren = m.end() - 1
            close_paren = match_close(code, open_paren)
            if close_paren < 0:
                continue
            after = re.match(r"\s*(?:const\b\s*)?\{", code[close_paren + 1:])
            if not after:
                continue
            top = code.count("{", 0, m.start()) == code.count("}", 0, m.start())
            namespace = None if top else _in_anonymous_namespace(code, m.start())
            if not top and namespace is None:
                continue
            begin = _definition_begin(code, m.start())
            if begin <= (namespace or -1):
                begin = namespace + 1
                while code[begin].isspace():
                    begin += 1
            open_brace = close_paren + 1 + after.end() - 1
            close_brace = match_close(code, open_brace)
            if close_brace < 0:
                continue
            found[name] = (name, text[begin:close_brace + 1], _line_of(text, begin), namespace is not None)
            order.append((begin, name))
            pending += _called_names(code[open_brace:close_brace])
            break
        else:
            found[name] = None  # type: ignore  # not defined in this file
    return [found[n] for _, n in sorted(order)]


class TreeVision(object):
    """What the differential takes from one CvPlot.cpp."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.filename = os.path.basename(path)
        try:
            self.text = read_text(path)
        except OSError as error:
            raise UsageError("%s: cannot be read (%s)" % (path, error))
        self.code = mask_code(self.text)
        self.functions = [extract_member(self.text, self.code, f.name, path) for f in PLOT_FUNCTIONS]
        masked = [mask_code(f.text) for f in self.functions]
        self.caches = []
        for cache in DEAD_CACHES:
            if any(re.search(r"\b%s\b" % re.escape(cache.member), body) for body in masked):
                setter = extract_member(self.text, self.code, cache.setter, path, required=False)
                self.caches.append((cache, setter))
        self.helpers = extract_helpers(self.text, self.code, masked + [
            mask_code(s.text) for _, s in self.caches if s is not None])
        # Optics: the tree's CvTeam::changeExtraWaterSeeFromCount, which re-sights the whole map
        # around the change (part O); None when CvTeam.cpp or the function is not there.
        self.team_path: Optional[str] = None
        self.see_from_change: Optional[Extract] = None
        folder = os.path.dirname(path)
        team = find_file(folder, "CvTeam.cpp") if os.path.isdir(folder) else None
        if team is not None:
            self.team_path = os.path.join(folder, team)
            team_text = read_text(self.team_path)
            self.see_from_change = extract_member(team_text, mask_code(team_text), "changeExtraWaterSeeFromCount",
                                                  self.team_path, required=False, owner="CvTeam")

    def function(self, name: str) -> Extract:
        return next(f for f in self.functions if f.name == name)

    def function_at(self, line: int) -> str:
        for f in self.functions:
            if f.line <= line <= f.last_line:
                return "CvPlot::" + f.name
        for _, setter in self.caches:
            if setter is not None and setter.line <= line <= setter.last_line:
                return "CvPlot::" + setter.name
        for name, text, first, _ in self.helpers:
            if first <= line <= first + text.count("\n"):
                return name
        return "CvPlot.cpp"

    def all_code(self) -> str:
        pieces = [mask_code(f.text) for f in self.functions]
        pieces += [mask_code(h[1]) for h in self.helpers]
        pieces += [mask_code(s.text) for _, s in self.caches if s is not None]
        return "\n".join(pieces)


# --------------------------------------------------------------------------------------------
# The generated part of the stand-in and of the two programs.

def cached_defines(code: str) -> Tuple[List[str], List[str]]:
    """The cached GlobalDefine accessors the bodies use: GC.getNAME() (BTS, RoM-AND) and
    CvGlobals::NAME (AdvCiv's getDefineINT(CvGlobals::NAME))."""
    accessors = []
    for m in re.finditer(r"\bget([A-Z][A-Z0-9_]*[A-Z0-9])\s*\(\s*\)", code):
        if m.group(1) not in accessors:
            accessors.append(m.group(1))
    enums = []
    for m in re.finditer(r"\bCvGlobals\s*::\s*([A-Z][A-Z0-9_]*[A-Z0-9])\b", code):
        if m.group(1) not in enums:
            enums.append(m.group(1))
    return accessors, enums


def globals_header(accessors: Sequence[str], enums: Sequence[str]) -> str:
    """The stand-in's cached defines: each read by name once, and again only after a define
    changed (FVariableSystem::version), so that they cost what the game's cached ints cost, not
    a lookup by name per call (which made the original program about 1.7 times slower than the
    game's code; docs/benchmarks.md, "Against the tree's own code")."""
    names = list(accessors) + [n for n in enums if n not in accessors]
    slot = {name: i for i, name in enumerate(names)}
    lines = ["// Generated by the differential for one tree: the cached defines its vision functions read,",
             "// each read by name again only after a define changed (included inside the stand-in's",
             "// class CvGlobals)."]
    if names:
        lines.append("\tint standinCachedDefine(int iSlot, const char* szName) const")
        lines.append("\t{")
        lines.append("\t\tstatic int aiVersion[%d] = { %s };" % (len(names), ", ".join("-1" for _ in names)))
        lines.append("\t\tstatic int aiValue[%d];" % len(names))
        lines.append("\t\tif (aiVersion[iSlot] != m_kDefines.version())")
        lines.append("\t\t{")
        lines.append("\t\t\taiValue[iSlot] = getDefineINT(szName);")
        lines.append("\t\t\taiVersion[iSlot] = m_kDefines.version();")
        lines.append("\t\t}")
        lines.append("\t\treturn aiValue[iSlot];")
        lines.append("\t}")
    for name in accessors:
        lines.append('\tint get%s() const { return standinCachedDefine(%d, "%s"); }' % (name, slot[name], name))
    if enums:
        lines.append("\tenum StandinDefineTypes { %s };" % ", ".join(enums))
        lines.append("\tint getDefineINT(StandinDefineTypes eDefine) const")
        lines.append("\t{")
        lines.append("\t\tstatic const char* const aszNames[] = { %s };"
                     % ", ".join('"%s"' % n for n in enums))
        lines.append("\t\tstatic const int aiSlots[] = { %s };" % ", ".join(str(slot[n]) for n in enums))
        lines.append("\t\treturn standinCachedDefine(aiSlots[eDefine], aszNames[eDefine]);")
        lines.append("\t}")
    return "\n".join(lines) + "\n"


def plot_header(tree: TreeVision) -> str:
    lines = ["// Generated by the differential: the vision functions with this tree's own signatures",
             "// (included inside the stand-in's class CvPlot)."]
    lines += ["\t" + f.declaration for f in tree.functions]
    for cache, setter in tree.caches:
        lines.append("\tint %s;" % cache.member)
        if setter is not None:
            lines.append("\t" + setter.declaration)
    return "\n".join(lines) + "\n"


def should_process_wrapper(tree: TreeVision) -> str:
    """The driver calls shouldProcessDisplacementPlot through this, whatever its parameters."""
    function = next(f for f in PLOT_FUNCTIONS if f.name == "shouldProcessDisplacementPlot")
    roles = match_roles(tree.function(function.name).params, function.roles)
    if roles is None:
        raise UsageError("%s: CvPlot::shouldProcessDisplacementPlot's parameters are not "
                                "(int dx, int dy, [int range,] DirectionTypes facing)" % tree.path)
    arguments = ["iDX", "iDY"] + (["iRange"] if "range" in roles else []) + ["eFacing"]
    return ("bool standinShouldProcess(const CvPlot& kPlot, int iDX, int iDY, int iRange, "
            "DirectionTypes eFacing)\n{\n\t(void)iRange;\n\treturn kPlot.shouldProcessDisplacementPlot(%s);\n}\n"
            % ", ".join(arguments))


PROGRAM_HEAD = """// Generated by the differential (tools/sdk/cvsdk/differential.py) for one check; not kept.
#include "CvGameCoreDLL.h"
#include "CvGameCoreUtils.h"
#include "CvGlobals.h"
#include "CvInfos.h"
#include "CvMap.h"
#include "CvPlot.h"
#include "CvTeamAI.h"
#include "CvUnit.h"
#include "CvVisionSdk.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <vector>

using std::max;
using std::min;
"""


# The stand-in's CvTeam::changeExtraWaterSeeFromCount where a tree has none: BTS's shape.
DEFAULT_SEE_FROM_CHANGE = """void CvTeam::changeExtraWaterSeeFromCount(int iChange)
{
	if (iChange != 0)
	{
		GC.getMapINLINE().updateSight(false);
		m_iExtraWaterSeeFromCount += iChange;
		GC.getMapINLINE().updateSight(true);
	}
}
"""


def see_from_change_source(tree: TreeVision) -> str:
    """The program's CvTeam::changeExtraWaterSeeFromCount: the tree's (its own or the integrated
    copy's, under #line of its CvTeam.cpp), or BTS's shape where the tree has none."""
    extract = tree.see_from_change
    if extract is None or tree.team_path is None:
        return DEFAULT_SEE_FROM_CHANGE
    escaped = tree.team_path.replace("\\", "\\\\").replace('"', '\\"')
    return '#line %d "%s"\n%s\n' % (extract.line, escaped, extract.text)


def program_source(program: str, tree: TreeVision, definitions: Sequence[Extract],
                   helpers: Sequence[Tuple[str, str, int, bool]], tree_file: str,
                   team: Optional[TreeVision] = None) -> str:
    """The generated .cpp of one program: glue first, then the tree's text under #line (the
    CvTeam function from team, by default tree)."""
    out = [PROGRAM_HEAD, 'extern const char* const g_szStandinProgram = "%s";\n' % program,
           should_process_wrapper(tree)]
    if program == "original":
        out.append("void CvVisionSdk::resetRules()\n{\n}\n")
        calls = "".join("\t\tGC.getMapINLINE().plotByIndexINLINE(i)->%s();\n" % s.name
                        for _, s in tree.caches if s is not None)
        out.append("void standinRulesChanged()\n{\n\tfor (int i = 0; i < GC.getMapINLINE().numPlotsINLINE(); ++i)\n"
                   "\t{\n%s\t}\n}\n" % calls)
    else:
        # As the game: the rules read anew, and every plot of a new map reset (the hook the
        # integration puts in CvPlot::reset), so that a ledger knob arms as in a new game.
        out.append("void standinRulesChanged()\n{\n\tCvVisionSdk::resetRules();\n"
                   "\tfor (int i = 0; i < GC.getMapINLINE().numPlotsINLINE(); ++i)\n\t{\n"
                   "\t\tCvVisionSdk::onPlotReset(*GC.getMapINLINE().plotByIndexINLINE(i));\n\t}\n}\n")
    out.append(see_from_change_source(team or tree))
    escaped = tree_file.replace("\\", "\\\\").replace('"', '\\"')
    for name, text, line, anonymous in helpers:
        out.append('%s#line %d "%s"\n%s%s\n' % ("namespace {\n" if anonymous else "", line, escaped,
                                                text, "\n}" if anonymous else ""))
    for extract in definitions:
        out.append('#line %d "%s"\n%s\n' % (extract.line, escaped, extract.text))
    return "\n".join(out)


# --------------------------------------------------------------------------------------------
# The integrated copy, and the two programs.

def find_tree(tree_dir: str) -> str:
    """The folder holding CvPlot.cpp: tree_dir itself or its CvGameCoreDLL/."""
    if not os.path.isdir(tree_dir):
        raise UsageError("%s: not a folder" % tree_dir)
    for candidate in (tree_dir, os.path.join(tree_dir, "CvGameCoreDLL")):
        if os.path.isdir(candidate) and find_file(candidate, "CvPlot.cpp") is not None:
            return os.path.realpath(candidate)
    raise UsageError("%s: no CvPlot.cpp (TREE_DIR must be the game's CvGameCoreDLL folder or "
                            "a mod's copy of it)" % tree_dir)


def tree_name(tree_dir: str) -> str:
    base = os.path.basename(os.path.normpath(tree_dir))
    if base.lower() == "cvgamecoredll":
        base = os.path.basename(os.path.dirname(os.path.normpath(tree_dir))) or base
    return base


def _make_writable(root: str) -> None:
    for folder, _, names in os.walk(root):
        for name in names:
            path = os.path.join(folder, name)
            if not os.path.islink(path):
                os.chmod(path, os.stat(path).st_mode | stat.S_IWUSR)


def make_integrated_copy(tree_dir: str, target: str) -> str:
    """Copy the tree's sources (not its Boost or Python folders) to target and integrate CvVision
    there with sdk-integrate --force, as sdk-check does. Returns target."""
    def ignore(folder: str, entries: List[str]) -> List[str]:
        return [e for e in entries if e == BACKUP_DIR or e.startswith(".")
                or (os.path.isdir(os.path.join(folder, e)) and e.lower().startswith(("boost", "python")))]
    shutil.copytree(tree_dir, target, ignore=ignore, symlinks=True)
    _make_writable(target)
    result = subprocess.run([sys.executable, SDK_INTEGRATE_SCRIPT, "--force", target],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if result.returncode != 0:
        shown = result.stdout.decode("utf-8", "replace").strip().splitlines()[-12:]
        raise UsageError("sdk-integrate could not integrate a copy of %s:\n    %s"
                                % (tree_dir, "\n    ".join(shown)))
    return target


def cvvision_files(tree_dir: str, integrated_dir: str) -> List[str]:
    """The files the integration added to the copy: CvVision's sources and headers."""
    return sorted(n for n in os.listdir(integrated_dir)
                  if os.path.isfile(os.path.join(integrated_dir, n))
                  and n.lower().endswith((".h", ".cpp"))
                  and (find_file(tree_dir, n) is None or n.lower() == RULES_FILE.lower()))


_DIAG = re.compile(r"^(.+?):(\d+):(?:\d+:)? (fatal error|error): (.*)$")


def explain_compile_errors(output: str, tree: TreeVision, tree_file: str, program: str) -> str:
    """g++'s errors in words: the tree's function and the name the stand-in lacks."""
    shown, seen = [], set()
    for line in output.splitlines():
        m = _DIAG.match(line)
        if not m:
            continue
        path, number, message = m.group(1), int(m.group(2)), m.group(4)
        missing = re.search(r"[‘'`]([^’']+)[’'] (?:was not declared|has not been declared|"
                            r"is not a member|does not name a type)|has no member named [‘'`]([^’']+)[’']",
                            message)
        name = (missing.group(1) or missing.group(2)) if missing else None
        if os.path.basename(path) == os.path.basename(tree_file):
            where = "%s (%s:%d)" % (tree.function_at(number), tree.filename, number)
        else:
            where = "%s:%d" % (os.path.basename(path), number)
        text = ("%s uses %s, which the stand-in does not know (%s)" % (where, name, message) if name
                else "%s: %s" % (where, message))
        if text not in seen:
            seen.add(text)
            shown.append("    " + text)
    if not shown:
        shown = ["    " + line for line in output.strip().splitlines()[-12:]]
    return ("the %s program does not compile behind the stand-in:\n%s"
            % ("tree's own (original)" if program == "original" else "CvVision", "\n".join(shown[:12])))


def _compile(command: List[str], cwd: str) -> Tuple[int, str]:
    result = subprocess.run(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    return result.returncode, result.stdout.decode("utf-8", "replace")


_COMPILER: List[bytes] = []  # compiler_identity(CXX), asked once per run


def _compiler() -> bytes:
    if not _COMPILER:
        _COMPILER.append(compiler_identity(CXX))
    return _COMPILER[0]


def _content_key(command: List[str], source: str, include_dirs: Sequence[str],
                 included_sources: Sequence[str] = ()) -> str:
    """What an object depends on: the command (its paths aside), the source, every header, and
    the sources a grouped unit includes."""
    digest = hashlib.sha256()
    digest.update(_compiler())
    digest.update(" ".join(c for c in command if not c.startswith(("-I", "/"))).encode())
    for path in [source] + list(included_sources) + sorted(
            os.path.join(d, n) for d in include_dirs for n in os.listdir(d) if n.endswith(".h")):
        digest.update(os.path.basename(path).encode() + b"\0")
        with open(path, "rb") as f:
            digest.update(f.read())
    return digest.hexdigest()[:32]


@contextlib.contextmanager
def _one_compile_at_a_time(cached: str) -> Iterator[None]:
    """Held while an object of the cache is looked up and made: two checks that need the same
    object at once (CTest runs two tests side by side) compile it once, the second waiting for
    the first's object instead of compiling it again."""
    os.makedirs(os.path.dirname(cached), exist_ok=True)
    if fcntl is None:
        yield
        return
    with open(cached + ".lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _compile_cached(command: List[str], source: str, obj: str, include_dirs: Sequence[str],
                    cwd: str, included_sources: Sequence[str] = ()) -> Tuple[int, str]:
    """Compile, or take the object from $CVVISION_DIFFERENTIAL_CACHE when it holds one made from
    the same source, headers and included sources."""
    cache = os.environ.get(CACHE_ENV)
    if not cache:
        return _compile(command, cwd)
    cached = os.path.join(cache, _content_key(command, source, include_dirs, included_sources) + ".o")
    with _one_compile_at_a_time(cached):
        if os.path.isfile(cached):
            shutil.copy(cached, obj)
            return 0, ""
        code, output = _compile(command, cwd)
        if code == 0:
            partial = "%s.%d.tmp" % (cached, os.getpid())
            shutil.copy(obj, partial)
            os.replace(partial, cached)
    return code, output


class Unit(object):
    """One compilation of a program: a source, or a grouped unit that includes several of
    CvVision's sources (included: their names in the cvvision folder)."""

    def __init__(self, program: str, source: str, included: Sequence[str] = ()) -> None:
        self.program, self.source, self.included = program, source, list(included)


def grouped_units(gen: str, cvv: str) -> List[Unit]:
    """CvVision's sources (its Python exposure aside) in two units, written into gen: the engine's
    files, then the adapter's (those that include the game's CvGameCoreDLL.h, parsed once for
    them all instead of once a file). The two compile side by side; their files are fit to share
    a unit (CTest's cxx98.gcc.unity)."""
    engine, adapter = [], []
    for name in sorted(os.listdir(cvv)):
        if name.endswith(".cpp") and not name.startswith("Cy"):
            text = read_text(os.path.join(cvv, name))
            uses_game = re.search(r'^\s*#\s*include\s*"CvGameCoreDLL\.h"', text, re.M) is not None
            (adapter if uses_game else engine).append(name)
    units = []
    for group, names in (("engine", engine), ("adapter", adapter)):
        if names:
            source = os.path.join(gen, "cvvision_%s_unit.cpp" % group)
            with open(source, "w") as f:
                f.write("// Generated by the differential: CvVision's %s files as one unit.\n" % group)
                f.write("".join('#include "%s"\n' % n for n in names))
            units.append(Unit("cvvision", source, names))
    return units


def build_programs(tree: TreeVision, integrated: TreeVision, integrated_dir: str, tree_dir: str,
                   work: str, jobs: int = 2, optimise: str = "-O1") -> Tuple[str, str]:
    """Write the generated files into work and compile both programs (-O1: quick to build and to
    run; the bench builds with -O2, as the game's release DLL). Returns their paths."""
    gen = os.path.join(work, "generated")
    cvv = os.path.join(work, "cvvision")
    objs = os.path.join(work, "objects")
    for folder in (gen, cvv, objs):
        os.makedirs(folder, exist_ok=True)
    for name in cvvision_files(tree_dir, integrated_dir):
        shutil.copy(os.path.join(integrated_dir, name), os.path.join(cvv, name))
    accessors, enums = cached_defines(tree.all_code())
    with open(os.path.join(gen, "CvStandinGlobalsDefines.h"), "w") as f:
        f.write(globals_header(accessors, enums))
    with open(os.path.join(gen, "CvStandinPlotVision.h"), "w") as f:
        f.write(plot_header(tree))
    # Headers the tree's compatibility header names that the stand-in has under another name
    # (AdvCiv's CvInfo_*.h): each includes the stand-in's.
    compat = os.path.join(cvv, "CvVisionSdkCompat.h")
    if os.path.isfile(compat):
        for name in re.findall(r'^\s*#\s*include\s*"([^"]+)"', read_text(compat), re.M):
            if not any(os.path.isfile(os.path.join(d, name)) for d in (STANDIN_DIR, cvv, gen)):
                with open(os.path.join(gen, name), "w") as f:
                    f.write('// Generated by the differential: the stand-in has it in CvInfos.h.\n'
                            '#include "CvInfos.h"\n')
    tree_file = tree.path
    with open(os.path.join(gen, "standin_original.cpp"), "w", encoding="latin-1") as f:
        f.write(program_source("original", tree, tree.functions + [s for _, s in tree.caches if s],
                               tree.helpers, tree_file))
    with open(os.path.join(gen, "standin_cvvision.cpp"), "w", encoding="latin-1") as f:
        f.write(program_source("cvvision", tree, integrated.functions, [], integrated.path, integrated))
    includes = ["-I" + gen, "-I" + STANDIN_DIR, "-I" + cvv]
    units = [Unit("shared", os.path.join(STANDIN_DIR, n)) for n in STANDIN_SOURCES]
    units.append(Unit("original", os.path.join(gen, "standin_original.cpp")))
    units.append(Unit("cvvision", os.path.join(gen, "standin_cvvision.cpp")))
    units += grouped_units(gen, cvv)

    own_defines = ["-D" + d for d in tree_defines(tree_dir) if d not in WINDOWS_DEFINES]

    def one(unit: Unit) -> Tuple[str, str, int, str]:
        obj = os.path.join(objs, "%s-%s.o" % (unit.program, os.path.splitext(os.path.basename(unit.source))[0]))
        defines = own_defines if unit.source.endswith("standin_original.cpp") else []
        command = [CXX, optimise] + CXX_FLAGS + defines + includes + ["-c", unit.source, "-o", obj]
        code, output = _compile_cached(command, unit.source, obj, (gen, STANDIN_DIR, cvv), work,
                                       [os.path.join(cvv, n) for n in unit.included])
        return unit.program, obj, code, output

    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        compiled = list(pool.map(one, units))
        # A group that does not compile as one unit (a fork's file with a helper named as one of
        # ours) is compiled file by file: the same program, and each error names its own file.
        failed = [u for u, (_, _, code, _) in zip(units, compiled) if code != 0 and u.included]
        if failed:
            compiled = [c for u, c in zip(units, compiled) if u not in failed]
            compiled += list(pool.map(one, [Unit("cvvision", os.path.join(cvv, n))
                                            for u in failed for n in u.included]))
    for program, obj, code, output in compiled:
        if code != 0:
            if program == "original":
                raise UsageError(explain_compile_errors(output, tree, tree_file, program))
            raise UsageError(explain_compile_errors(output, integrated, integrated.path, program))
    programs = []
    for program in ("original", "cvvision"):
        objects = [o for p, o, _, _ in compiled if p in ("shared", program)]
        exe = os.path.join(work, "differential-" + program)
        code, output = _compile([CXX] + objects + ["-o", exe], work)
        if code != 0:
            raise UsageError("the %s program does not link:\n    %s" % (
                program, "\n    ".join(output.strip().splitlines()[-12:])))
        programs.append(exe)
    return programs[0], programs[1]


# --------------------------------------------------------------------------------------------
# Running and comparing.

def _run(exe: str, arguments: List[str], timeout: float = 600) -> str:
    try:
        result = subprocess.run([exe] + arguments, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                timeout=timeout)
    except subprocess.TimeoutExpired:
        raise UsageError("%s %s: no answer within %d s" % (os.path.basename(exe), " ".join(arguments),
                                                                   timeout))
    if result.returncode != 0:
        raise UsageError("%s %s failed (exit status %d): %s" % (
            os.path.basename(exe), " ".join(arguments), result.returncode,
            result.stderr.decode("utf-8", "replace").strip()[-600:]))
    return result.stdout.decode("utf-8", "replace")


_PROGRAM_DIGESTS: Dict[Tuple[str, int, int], str] = {}


def _program_digest(exe: str) -> str:
    status = os.stat(exe)
    key = (exe, status.st_size, status.st_mtime_ns)
    if key not in _PROGRAM_DIGESTS:
        with open(exe, "rb") as f:
            _PROGRAM_DIGESTS[key] = hashlib.sha256(f.read()).hexdigest()
    return _PROGRAM_DIGESTS[key]


def _answers(exe: str, arguments: List[str]) -> str:
    """A program's answers to cases: a function of its bytes and its arguments (the cases come
    from the seed), so kept in $CVVISION_DIFFERENTIAL_CACHE/runs under both and reused when the
    same program is asked the same cases again (another test, another run of the tool). Never
    for timings (--bench)."""
    cache = os.environ.get(CACHE_ENV)
    if not cache:
        return _run(exe, arguments)
    key = hashlib.sha256("\0".join([_program_digest(exe)] + arguments).encode()).hexdigest()[:40]
    kept = os.path.join(cache, "runs", key + ".txt")
    try:
        with open(kept, encoding="utf-8") as f:
            return f.read()
    except OSError:
        pass
    output = _run(exe, arguments)
    try:
        os.makedirs(os.path.dirname(kept), exist_ok=True)
        partial = "%s.%d.%d.tmp" % (kept, os.getpid(), threading.get_ident())
        with open(partial, "w", encoding="utf-8") as f:
            f.write(output)
        os.replace(partial, kept)
    except OSError:
        pass  # a cache that cannot be written only costs time
    return output


def _define_arguments(defines: Sequence[str]) -> List[str]:
    """The driver's arguments for the defines; with CvVision's ledger, a remove's count changes are
    compared by their net sum per plot (the ledger takes back what a source added in an order of its
    own where no reveal can make a plot visible); every add is compared change by change."""
    ledger = any(re.match(r"^CVVISION_LEDGER=0*[1-9]", d) for d in defines)
    return [a for d in defines for a in ("--define", d)] + (["--net"] if ledger else [])


def run_cases(exe: str, seed: int, cases: int, jobs: int, defines: Sequence[str] = ()) -> Dict[int, Dict[str, str]]:
    """Every case's digests, by case number; the cases split between jobs processes."""
    chunks, size = [], max(1, (cases + jobs - 1) // jobs)
    for first in range(0, cases, size):
        chunks.append((first, min(size, cases - first)))

    def one(chunk: Tuple[int, int]) -> str:
        return _answers(exe, ["--seed", str(seed), "--first", str(chunk[0]), "--cases", str(chunk[1])]
                        + _define_arguments(defines))

    digests: Dict[int, Dict[str, str]] = {}
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        for output in pool.map(one, chunks):
            for line in output.splitlines():
                fields = line.split()
                if len(fields) >= 2 and fields[0] == "case":
                    digests[int(fields[1])] = dict(f.split("=", 1) for f in fields[2:])
    return digests


class CaseDifference(object):
    def __init__(self, case: int, world: str, parts: List[str], lines: List[Tuple[str, str, str]]) -> None:
        self.case = case
        self.world = world
        self.parts = parts  # the parts that differ
        self.lines = lines  # (part, the original's line, CvVision's line), the first few


def case_detail(exe: str, seed: int, case: int, defines: Sequence[str] = ()) -> Tuple[str, Dict[str, List[str]]]:
    world, parts = "", {}  # type: Tuple[str, Dict[str, List[str]]]
    for line in _answers(exe, ["--seed", str(seed), "--case", str(case)] + _define_arguments(defines)).splitlines():
        if line.startswith("world "):
            world = line[len("world "):]
        elif len(line) > 2 and line[1] == " ":
            parts.setdefault(line[0], []).append(line[2:])
    return world, parts


def _compressed(line: str) -> str:
    """A long run of the same count change shown once with its length: `+1 x18`."""
    return re.sub(r"(?<![^ ])([+-]\d+)(?: \1(?![^ ;])){3,}",
                  lambda m: "%s x%d" % (m.group(1), m.group(0).count(" ") + 1), line)


def _key(line: str) -> str:
    """What a driver's line is about (the plot, team and type; the query), before its answer."""
    return line.split(": ", 1)[0]


def explain_case(original: str, cvvision: str, seed: int, case: int, parts: List[str],
                 shown_lines: int = 4, defines: Sequence[str] = ()) -> CaseDifference:
    """Both programs' answers to one case, the differing ones paired by what they are about."""
    world, mine = case_detail(original, seed, case, defines)
    _, theirs = case_detail(cvvision, seed, case, defines)
    lines = []
    for part in parts:
        a, b = mine.get(part, []), theirs.get(part, [])
        if part in ("A", "E") and a and b and a[0] == b[0]:
            lines.append((part, a[0], ""))  # the source or the bracket, in words
            a, b = a[1:], b[1:]
        a_by_key = dict((_key(line), line) for line in a)
        b_by_key = dict((_key(line), line) for line in b)
        keys = [_key(line) for line in a] + [_key(line) for line in b if _key(line) not in a_by_key]
        differing = [k for k in keys if a_by_key.get(k) != b_by_key.get(k)]
        only_a = sum(1 for k in differing if k not in b_by_key)
        only_b = sum(1 for k in differing if k not in a_by_key)
        lines.append((part, "%d answer(s) differ: %d only from the tree's own code, %d only from "
                      "CvVision, %d with other values" % (len(differing), only_a, only_b,
                                                          len(differing) - only_a - only_b), ""))
        for k in differing[:shown_lines]:
            lines.append((part, _compressed(a_by_key.get(k, "(nothing: %s)" % k)),
                          _compressed(b_by_key.get(k, "(nothing: %s)" % k))))
        if len(differing) > shown_lines:
            lines.append((part, "... and %d more" % (len(differing) - shown_lines), ""))
    return CaseDifference(case, world, parts, lines)


# What a changeAdjacentSight source line says about the source, as the pattern report counts it.
SOURCE_TRAITS = [("no unit", "no unit"), ("land unit", "land unit"), ("sea unit", "sea unit"),
                 ("air unit", "air unit"), ("immobile unit", "immobile unit"),
                 ("line of sight", "a unit with line of sight"), ("sees invisible", "seeing invisible types"),
                 ("promotions' extra visibility range", "promotions' extra visibility range"),
                 ("range -", "a negative range")]
PATTERN_CASES = 200  # differing cases looked at for the pattern
FIRST_CONTACTS = "first_contacts"  # the driver's count of first contacts in a case's add


def source_pattern(original: str, seed: int, cases: Sequence[int], parts_of: Dict[int, List[str]],
                   defines: Sequence[str] = ()) -> Optional[str]:
    """What the sources of the cases whose changeAdjacentSight differs have in common, in words."""
    looked = [c for c in cases if "A" in parts_of.get(c, [])][:PATTERN_CASES]
    if not looked:
        return None
    counts = dict((label, 0) for _, label in SOURCE_TRAITS)
    for case in looked:
        _, parts = case_detail(original, seed, case, defines)
        source = next((line for line in parts.get("A", []) if line.startswith("source on ")), "")
        for text, label in SOURCE_TRAITS:
            counts[label] += text in source
    shown = ["%s %d/%d" % (label, n, len(looked))
             for label, n in sorted(counts.items(), key=lambda kv: -kv[1]) if n]
    every = len([c for c in cases if "A" in parts_of.get(c, [])])
    return ("what the sources of the cases whose changeAdjacentSight differs have%s: %s"
            % ("" if len(looked) == every else " (the first %d of %d)" % (len(looked), every),
               ", ".join(shown)))


class DifferentialResult(object):
    def __init__(self, name: str, cases: int, seed: int) -> None:
        self.name = name
        self.cases = cases
        self.seed = seed
        self.differing: List[int] = []
        self.shown: List[CaseDifference] = []
        self.parts_of: Dict[int, List[str]] = {}  # the differing parts of each differing case
        self.pattern: Optional[str] = None
        self.seconds = 0.0
        self.compile_seconds = 0.0
        self.run_seconds = 0.0
        self.meeting_cases = 0  # cases whose sight met two or more teams for the first time

    @property
    def differences(self) -> int:
        return len(self.differing)

    def summary(self) -> str:
        return "differential: tree=%s cases=%d differences=%d" % (self.name, self.cases, self.differences)

    def report(self) -> List[str]:
        lines = [self.summary(),
                 "differential: every count change compared in order; %d case(s) whose add met two or more "
                 "teams for the first time, in an order compared too" % self.meeting_cases]
        for shown in self.shown:
            lines.append("case %d of seed %d: %s" % (shown.case, self.seed, shown.world))
            for part in shown.parts:
                lines.append("  differs in %s" % part_title(part))
            for part, mine, theirs in shown.lines:
                if not theirs:
                    lines.append("    [%s] %s" % (part, mine))
                else:
                    lines.append("    [%s] the tree's own code: %s" % (part, mine))
                    lines.append("    [%s] CvVision:            %s" % (part, theirs))
        if self.differing:
            parts = {}  # type: Dict[str, int]
            for case in self.differing:
                for part in self.parts_of.get(case, []):
                    parts[part] = parts.get(part, 0) + 1
            lines.append("differing cases by function: " + ", ".join(
                "%s %d" % (PARTS[p].functions[0] if p in PARTS else p, n) for p, n in sorted(parts.items(), key=lambda kv: -kv[1])))
        if self.pattern:
            lines.append(self.pattern)
        lines.append("differential: %.1f s (compiling %.1f s, %d cases %.1f s)"
                     % (self.seconds, self.compile_seconds, self.cases, self.run_seconds))
        return lines


def prepare(tree_dir: str, integrated_dir: str, work: str, jobs: int = 2,
            optimise: str = "-O1") -> Tuple[str, str]:
    """Both programs built in work: (the tree's own, CvVision's)."""
    tree_dir = find_tree(tree_dir)
    integrated_dir = find_tree(integrated_dir)
    tree = TreeVision(os.path.join(tree_dir, find_file(tree_dir, "CvPlot.cpp")))
    integrated = TreeVision(os.path.join(integrated_dir, find_file(integrated_dir, "CvPlot.cpp")))
    return build_programs(tree, integrated, integrated_dir, tree_dir, work, jobs, optimise)


def run_differential(tree_dir: str, integrated_dir: str, name: str, cases: int = DEFAULT_CASES,
                     seed: int = DEFAULT_SEED, work: Optional[str] = None, jobs: int = 2,
                     shown: int = SHOWN_CASES, defines: Sequence[str] = ()) -> DifferentialResult:
    """Compile the tree's own vision functions and the integrated copy's, run `cases` random cases
    in both and compare. work: the folder for the generated files and programs (a new temporary
    one, removed afterwards, when None). defines: NAME=VALUE GlobalDefines set in every case (a
    CvVision knob such as CVVISION_LEDGER=1). UsageError when a program does not compile."""
    start = time.time()
    result = DifferentialResult(name, cases, seed)
    own_work = work is None
    work = work or tempfile.mkdtemp(prefix="cvvision-differential-")
    try:
        original, cvvision = prepare(tree_dir, integrated_dir, work, jobs)
        result.compile_seconds = time.time() - start
        begun = time.time()
        mine = run_cases(original, seed, cases, jobs, defines)
        theirs = run_cases(cvvision, seed, cases, jobs, defines)
        result.run_seconds = time.time() - begun
        for case in range(cases):
            if mine.get(case) is None or theirs.get(case) is None:
                raise UsageError("case %d: a program gave no answer" % case)
            # Not a part: how many first contacts the add made (its A lines hold their order).
            contacts = int(mine[case].pop(FIRST_CONTACTS, "0"))
            theirs[case].pop(FIRST_CONTACTS, None)
            result.meeting_cases += contacts >= 2
            if mine[case] != theirs[case]:
                result.differing.append(case)
                result.parts_of[case] = [p for p in mine[case] if mine[case][p] != theirs[case].get(p)]
        for case in result.differing[:shown]:
            result.shown.append(explain_case(original, cvvision, seed, case, result.parts_of[case],
                                             defines=defines))
        result.pattern = source_pattern(original, seed, result.differing, result.parts_of, defines)
    finally:
        if own_work:
            shutil.rmtree(work, ignore_errors=True)
    result.seconds = time.time() - start
    return result


def run_bench(original: str, cvvision: str, name: str, seed: int) -> List[str]:
    """The `original tree=... range=R original_ns=... cvvision_ns=... speedup=... floor_ns=...
    bound=...` lines, on a map no one sees, then the `original-seen ...` lines, on a map the team
    already sees everywhere (count changes 1 <-> 2). The floor is the count changes alone (the
    same in both programs: the lower of the two), bound the speed-up a sight computed at no cost
    would have. Then the `optics tree=... original_ms=... cvvision_ms=...` line: one change of a
    team's Optics on a Gigantic map, the counts after it equal in both programs (else an error)."""
    optics: Dict[str, Tuple[float, str]] = {}

    def timings(exe: str) -> Dict[Tuple[str, str, int], float]:
        found: Dict[Tuple[str, str, int], float] = {}
        for line in _run(exe, ["--bench", "--seed", str(seed)]).splitlines():
            m = re.match(r"(bench|floor)(-seen)? \w+ range=(\d+) ns=(\d+)", line)
            if m:
                found[(m.group(1), m.group(2) or "", int(m.group(3)))] = float(m.group(4))
            m = re.match(r"optics \w+ ms=([\d.]+) counts=(\w+)", line)
            if m:
                optics[exe] = (float(m.group(1)), m.group(2))
        return found
    mine, theirs = timings(original), timings(cvvision)
    lines = []
    for kind in ("", "-seen"):
        for r in range(1, 65):
            key = ("bench", kind, r)
            if key not in mine or key not in theirs:
                continue
            line = ("original%s tree=%s range=%d original_ns=%.0f cvvision_ns=%.0f speedup=%.1f"
                    % (kind, name, r, mine[key], theirs[key], mine[key] / max(theirs[key], 1.0)))
            floors = [f[("floor", kind, r)] for f in (mine, theirs) if ("floor", kind, r) in f]
            if floors:
                line += " floor_ns=%.0f bound=%.1f" % (min(floors), mine[key] / max(min(floors), 1.0))
            lines.append(line)
    if original in optics and cvvision in optics:
        (original_ms, original_counts), (cvvision_ms, cvvision_counts) = optics[original], optics[cvvision]
        if original_counts != cvvision_counts:
            raise UsageError("optics: the counts after a team learnt Optics differ between the "
                                    "tree's own CvTeam::changeExtraWaterSeeFromCount and the integrated "
                                    "one (digests %s and %s)" % (original_counts, cvvision_counts))
        lines.append("optics tree=%s original_ms=%.3f cvvision_ms=%.3f speedup=%.1f counts=same"
                     % (name, original_ms, cvvision_ms, original_ms / max(cvvision_ms, 1e-3)))
    return lines
