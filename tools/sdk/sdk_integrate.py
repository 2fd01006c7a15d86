#!/usr/bin/env python3
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
    only bodies it knows are replaced: BTS 3.19's (K-Mod's and BULL's are the same), AdvCiv's
    and its own (recognised by the fingerprints in tools/sdk/sdk_bodies.json); any other body is
    refused, listing the lines that differ, unless --force; leading PROFILE_FUNC() statements
    are kept; what becomes dead with the body (AdvCiv's advc.003h cache) goes under #if 0;
 3. registers CvVision's Python interface in DLLPublishToPython (CvDLLPython.cpp);
 4. makes CvXMLLoadUtility::SetGlobalDefines read xml\\CvVision_GlobalDefines.xml right after
    xml\\PythonCallbackDefines.xml (CvXMLLoadUtilitySet.cpp), only if the mod has the file
    (gDLL->enumerateFiles finds it): no "LoadXML call failed" box without it; a warning if it
    cannot;
 5. adds hooks telling CvVisionSdk of a new map (CvPlot::reset, or AdvCiv's CvPlot constructor),
    of a load (CvPlot::read) and of its end (CvGame::update), so that CVVISION_LEDGER and
    CVVISION_AUDIT_ON_LOAD need no Python calls; a warning if it cannot;
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

Options:
    --check, --dry-run  report what would be done; change nothing
    --revert            restore the original files from SDK_DIR/.cvvision-backup/
    --force             replace bodies this tool does not know too, keeping each in its
                        function under `#if 0 // CvVision <version> (sdk-integrate --force)`
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
import difflib
import hashlib
import json
import os
import re
import shutil
import stat
import sys
from collections import Counter, OrderedDict

TOOL = "sdk-integrate"
BACKUP_DIR = ".cvvision-backup"
MANIFEST = "manifest.json"
BODY_TAG = ("// CvVision (sdk-integrate): vision by CvVisionSdk; "
            "the original body is in " + BACKUP_DIR + "/")
LINE_TAG = "// CvVision"
SDK_HEADER = "CvVisionSdk.h"
PYTHON_INTERFACE = "CyVisionPythonInterface"
KNOBS_FILE = "CvVision_GlobalDefines.xml"
PCH_HEADER = "CvGameCoreDLL.h"
PCH_TAG = "// CvVision (sdk-integrate): the tree's precompiled header"
PCH_LINE = '#include "%s" %s' % (PCH_HEADER, PCH_TAG)
# A whole CvGameCoreDLL folder has these; a fork that ships only its changed files may not.
REQUIRED_FILES = ("CvDLLPython.cpp", PCH_HEADER, "CvGlobals.h")
BOM = "\xef\xbb\xbf"  # a UTF-8 byte order mark, as read through latin-1
TOOL_DIR = os.path.dirname(os.path.abspath(__file__))
BODIES_FILE = os.path.join(TOOL_DIR, "sdk_bodies.json")  # fingerprints of the known bodies
CHANGELOG_NAME = "CHANGELOG.md"  # CvVision's version: the first released heading, found upwards

EXIT_OK, EXIT_REFUSED, EXIT_USAGE = 0, 1, 2


class UsageError(Exception):
    """Bad command line or unusable folders: exit status 2."""


class Refusal(Exception):
    """The tree cannot be integrated (or reverted): exit status 1."""


# --------------------------------------------------------------------------------------------
# Text files: read as latin-1 so that every byte survives a round trip unchanged.

def read_text(path):
    with open(path, "rb") as f:
        return f.read().decode("latin-1")


def to_bytes(text):
    return text.encode("latin-1")


def detect_eol(text):
    """The file's line ending: CRLF when most lines end so, else LF."""
    crlf = text.count("\r\n")
    lf = text.count("\n") - crlf
    return "\r\n" if crlf > lf else "\n"


def detect_indent_unit(text):
    """One level of indentation: a tab, or the file's usual number of spaces."""
    tabs, widths = 0, Counter()
    for line in text.splitlines():
        if line.startswith("\t"):
            tabs += 1
        elif line.startswith(" ") and line.strip() and not line.lstrip().startswith("*"):
            widths[len(line) - len(line.lstrip(" "))] += 1
    if tabs >= sum(widths.values()):
        return "\t"
    common = [w for w in sorted(widths) if widths[w] >= 2 and w <= 8]
    return " " * (common[0] if common else 4)


def line_start(text, pos):
    return text.rfind("\n", 0, pos) + 1


def line_end(text, pos):
    """Index of the end of pos's line, before its line ending."""
    end = text.find("\n", pos)
    if end < 0:
        return len(text)
    return end - 1 if end > 0 and text[end - 1] == "\r" else end


def after_line(text, pos):
    """Index just after pos's line ending (len(text) on a last line without one)."""
    end = text.find("\n", pos)
    return len(text) if end < 0 else end + 1


def leading_whitespace(text, pos):
    start = line_start(text, pos)
    match = re.compile(r"[ \t]*").match(text, start)
    return match.group(0)


def apply_edits(text, edits):
    """edits: (start, end, replacement) with disjoint ranges, applied from the end; insertions
    at one position keep their order."""
    ordered = sorted(enumerate(edits), key=lambda e: (e[1][0], e[1][1], e[0]), reverse=True)
    for _, (start, end, replacement) in ordered:
        text = text[:start] + replacement + text[end:]
    return text


# --------------------------------------------------------------------------------------------
# A small C++ scanner. mask_code() returns a copy of the text of the same length in which
# comments (and optionally string/char literals, preprocessor lines and #if 0 blocks) are blanked
# to spaces, line endings kept, so that positions in the mask are positions in the file.

_SPECIAL = re.compile(r"//|/\*|\"|'|\n|#")
_BLANK = re.compile(r"[^\r\n]")
_DIRECTIVE_WORD = re.compile(r"#[ \t]*(\w+)")
_DIRECTIVE_STOP = re.compile(r"\n|/\*|//")


def _blank(text):
    return _BLANK.sub(" ", text)


def _line_comment_end(text, i):
    """End of a // comment starting at i (a backslash before the newline continues it)."""
    while True:
        nl = text.find("\n", i)
        if nl < 0:
            return len(text)
        if not _continued(text, nl):
            return nl
        i = nl + 1


def _continued(text, newline):
    """True if the line ending at the newline index ends with a backslash (a continuation)."""
    k = newline - 1
    if k >= 0 and text[k] == "\r":
        k -= 1
    return k >= 0 and text[k] == "\\"


def _literal_end(text, i):
    """End (exclusive) of the string or char literal whose opening quote is at i."""
    quote, k, n = text[i], i + 1, len(text)
    while k < n:
        c = text[k]
        if c == "\\":
            k += 2
        elif c == quote:
            return k + 1
        elif c == "\n":
            return k  # unterminated: stop at the end of the line
        else:
            k += 1
    return n


def _directive_end(text, i):
    """End (at its newline) of the preprocessor line starting at i, continuations included."""
    n = len(text)
    while i < n:
        m = _DIRECTIVE_STOP.search(text, i)
        if not m:
            return n
        if m.group(0) == "/*":
            close = text.find("*/", m.end())
            i = n if close < 0 else close + 2
        elif m.group(0) == "//":
            return _line_comment_end(text, m.start())
        elif _continued(text, m.start()):
            i = m.end()
        else:
            return m.start()
    return n


def _if0_region_end(text, i):
    """Start of the #else/#elif/#endif line that ends the #if 0 text from i."""
    depth = 0
    pos = after_line(text, i)
    while pos < len(text):
        stripped = text[pos:line_end(text, pos)].lstrip(" \t")
        word = _DIRECTIVE_WORD.match(stripped)
        if word:
            kind = word.group(1)
            if kind in ("if", "ifdef", "ifndef"):
                depth += 1
            elif kind == "endif":
                if depth == 0:
                    return pos
                depth -= 1
            elif kind in ("else", "elif") and depth == 0:
                return pos
        pos = after_line(text, pos)
    return len(text)


def mask_code(text, strings=True, directives=True):
    """Blank comments, and string/char literal contents if strings, and preprocessor lines and
    #if 0 blocks if directives. The result has the same length and line endings as text."""
    pieces = []
    i, n = 0, len(text)
    if text.startswith(BOM):
        pieces.append(BOM)
        i = len(BOM)
    at_line_start = True
    while i < n:
        m = _SPECIAL.search(text, i)
        if not m:
            pieces.append(text[i:])
            break
        j = m.start()
        if j > i:
            pieces.append(text[i:j])
            if text[i:j].strip(" \t\r\f\v"):
                at_line_start = False
        token = m.group(0)
        if token == "\n":
            pieces.append("\n")
            at_line_start, i = True, j + 1
        elif token == "//":
            end = _line_comment_end(text, j)
            pieces.append(_blank(text[j:end]))
            i = end
        elif token == "/*":
            close = text.find("*/", j + 2)
            end = n if close < 0 else close + 2
            pieces.append(_blank(text[j:end]))
            at_line_start = at_line_start or "\n" in text[j:end]
            i = end
        elif token in "\"'":
            end = _literal_end(text, j)
            if strings:
                inner_end = end - 1 if end - j >= 2 and text[end - 1] == token else end
                pieces.append(token + _blank(text[j + 1:inner_end]) + text[inner_end:end])
            else:
                pieces.append(text[j:end])
            at_line_start, i = False, end
        elif token == "#" and at_line_start and directives:
            end = _directive_end(text, j)
            directive = mask_code(text[j:end], directives=False)
            if re.match(r"#[ \t]*if[ \t]+0\b", directive):
                end = _if0_region_end(text, j)
            pieces.append(_blank(text[j:end]))
            i = end
        else:  # a '#' inside a line, or a directive kept as text
            pieces.append("#")
            at_line_start, i = False, j + 1
    return "".join(pieces)


_PAIRS = {"(": ")", "{": "}", "[": "]"}


def match_close(code, open_index):
    """Index of the bracket closing the one at open_index in masked code, or -1."""
    opener = code[open_index]
    closer = _PAIRS[opener]
    depth = 0
    for m in re.compile(re.escape(opener) + "|" + re.escape(closer)).finditer(code, open_index):
        depth += 1 if m.group(0) == opener else -1
        if depth == 0:
            return m.start()
    return -1


def brace_depth_at(code, pos):
    return code.count("{", 0, pos) - code.count("}", 0, pos)


def skip_space(code, i):
    while i < len(code) and code[i].isspace():
        i += 1
    return i


# --------------------------------------------------------------------------------------------
# Function definitions: `<return type> Name(params) [const] {` at file level.

class Definition(object):
    def __init__(self, name_start, open_paren, close_paren, open_brace, close_brace):
        self.name_start = name_start
        self.open_paren = open_paren
        self.close_paren = close_paren
        self.open_brace = open_brace
        self.close_brace = close_brace


_AFTER_PARAMS = re.compile(r"\s*(?:const\b\s*)?(?:throw\s*\([^()]*\)\s*)?\{")


def find_definitions(code, name_pattern):
    """Every definition of the function whose (qualified) name matches name_pattern, found in
    masked code. Declarations (ending in ';') and calls are not definitions."""
    found = []
    for m in re.compile(r"(?<![\w:~.>])" + name_pattern + r"\s*\(").finditer(code):
        if brace_depth_at(code, m.start()) != 0:
            continue  # a call inside another body
        open_paren = m.end() - 1
        close_paren = match_close(code, open_paren)
        if close_paren < 0:
            continue
        after = _AFTER_PARAMS.match(code, close_paren + 1)
        if not after:
            continue  # a declaration or something else
        open_brace = after.end() - 1
        close_brace = match_close(code, open_brace)
        if close_brace < 0:
            continue
        found.append(Definition(m.start(), open_paren, close_paren, open_brace, close_brace))
    return found


def check_balanced(code, filename):
    if code.count("{") != code.count("}") or code.count("(") != code.count(")"):
        raise Refusal("%s: braces or parentheses do not balance (after skipping comments, "
                      "strings and #if 0 blocks); the functions cannot be located safely"
                      % filename)


# --------------------------------------------------------------------------------------------
# Parameters, and their roles.

class Param(object):
    def __init__(self, kind, name, text):
        self.kind = kind  # the type without qualifiers, e.g. "int", "CvUnit*"
        self.name = name  # None when the parameter is unnamed
        self.text = text  # as written (comments removed, spaces collapsed)


_QUALIFIERS = {"const", "volatile", "struct", "class", "enum", "typename", "register"}
_BUILTIN = {"int", "bool", "char", "short", "long", "unsigned", "signed", "float", "double",
            "void"}
_TOKEN = re.compile(r"[A-Za-z_]\w*|::|\S")


def split_top_level(text, separator):
    """Split text at separator characters outside (), [], {} and <>."""
    parts, depth, start = [], 0, 0
    for i, c in enumerate(text):
        if c in "([{<":
            depth += 1
        elif c in ")]}>":
            depth -= 1
        elif c == separator and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return parts


def parse_param(text):
    shown = " ".join(text.split())
    declarator = split_top_level(text, "=")[0]
    tokens = [t for t in _TOKEN.findall(declarator) if t not in _QUALIFIERS]
    while tokens and tokens[0] == "::":
        tokens.pop(0)
    name = None
    if (len(tokens) >= 2 and re.match(r"[A-Za-z_]\w*$", tokens[-1])
            and tokens[-1] not in _BUILTIN and tokens[-2] != "::"):
        name = tokens.pop()
    return Param("".join(tokens), name, shown)


def parse_params(code, definition):
    inner = code[definition.open_paren + 1:definition.close_paren]
    if not inner.strip() or inner.strip() == "void":
        return []
    return [parse_param(part) for part in split_top_level(inner, ",")]


class Role(object):
    def __init__(self, name, kind, optional=False):
        self.name, self.kind, self.optional = name, kind, optional


def match_roles(params, roles):
    """A role -> parameter name mapping if the parameters fit the roles in order, else None."""
    def match(pi, ri):
        if ri == len(roles):
            return {} if pi == len(params) else None
        role = roles[ri]
        if pi < len(params) and params[pi].kind == role.kind:
            rest = match(pi + 1, ri + 1)
            if rest is not None:
                rest[role.name] = params[pi].name
                return rest
        return match(pi, ri + 1) if role.optional else None
    return match(0, 0)


def describe_roles(roles):
    return ", ".join("[%s]" % r.kind if r.optional else r.kind for r in roles)


class PlotFunction(object):
    def __init__(self, name, roles, call):
        self.name, self.roles, self.call = name, roles, call


PLOT_FUNCTIONS = [
    PlotFunction("changeAdjacentSight",
                 [Role("team", "TeamTypes"), Role("range", "int"), Role("increment", "bool"),
                  Role("unit", "CvUnit*"), Role("updatePlotGroups", "bool")],
                 "CvVisionSdk::changeAdjacentSight(*this, {team}, {range}, {increment}, {unit}, "
                 "{updatePlotGroups});"),
    PlotFunction("canSeePlot",
                 [Role("plot", "CvPlot*"), Role("team", "TeamTypes"), Role("range", "int"),
                  Role("facing", "DirectionTypes")],
                 "return CvVisionSdk::canSeePlot(*this, {plot}, {team}, {range}, {facing});"),
    PlotFunction("canSeeDisplacementPlot",
                 [Role("team", "TeamTypes"), Role("dx", "int"), Role("dy", "int"),
                  Role("originalDX", "int"), Role("originalDY", "int"),
                  Role("firstPlot", "bool"), Role("outerRing", "bool")],
                 "return CvVisionSdk::canSeeDisplacementPlot(*this, {team}, {dx}, {dy}, "
                 "{originalDX}, {originalDY}, {firstPlot}, {outerRing});"),
    PlotFunction("shouldProcessDisplacementPlot",
                 [Role("dx", "int"), Role("dy", "int"), Role("range", "int", optional=True),
                  Role("facing", "DirectionTypes")],
                 "return CvVisionSdk::shouldProcessDisplacementPlot({dx}, {dy}, {facing});"),
    PlotFunction("seeFromLevel", [Role("team", "TeamTypes")],
                 "return CvVisionSdk::seeFromLevel(*this, {team});"),
    PlotFunction("seeThroughLevel", [],
                 "return CvVisionSdk::seeThroughLevel(*this);"),
    PlotFunction("updateSeeFromSight", [Role("increment", "bool"), Role("updatePlotGroups", "bool")],
                 "CvVisionSdk::updateSeeFromSight(*this, {increment}, {updatePlotGroups});"),
]


# --------------------------------------------------------------------------------------------
# The bodies this tool replaces. It replaces only bodies it knows: BTS 3.19's (K-Mod's and
# BULL's are the same), AdvCiv's, and bodies it wrote itself. No known body is stored as text:
# sdk_bodies.json holds SHA-256 fingerprints of their normalised lines (comments removed,
# whitespace collapsed, blank lines and line endings ignored), made from the real trees by
# tools/sdk/sdk_fingerprints.py. Any other body is refused, naming the lines that differ, unless
# --force, which keeps the fork's own body in the function under #if 0.

FORCE_TAG = "// CvVision %s (sdk-integrate --force): this fork's own body, kept for merges"
_PROFILE_STATEMENT = re.compile(r"\s*PROFILE(?:_FUNC)?\s*\((?:[^()]|\([^()]*\))*\)\s*;")
_SPACE_AT_PUNCTUATION = re.compile(r" (?=\W)|(?<=\W) ")
_KNOWN_BODIES = {}
MAX_LINES_SHOWN = 20


# A released heading of CHANGELOG.md: "## [0.9.0] - 2026-11-23" (also without the brackets or the
# date). "## [Unreleased]" does not match.
_RELEASE_HEADING = re.compile(r"^##\s+\[?v?(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)\]?(?:\s|$)")


def changelog_path(start=TOOL_DIR):
    """CHANGELOG.md at the repository's root: the first one found in START's folder or above
    (this tool lives in tools/ or a folder below it)."""
    folder = os.path.abspath(start)
    while True:
        candidate = os.path.join(folder, CHANGELOG_NAME)
        if os.path.isfile(candidate):
            return candidate
        parent = os.path.dirname(folder)
        if parent == folder:
            return None
        folder = parent


def version_from_changelog(text):
    """The version of the first released heading of a changelog's text, or None."""
    for line in text.splitlines():
        match = _RELEASE_HEADING.match(line)
        if match:
            return match.group(1)
    return None


def cvvision_version():
    """CvVision's version: the first released heading of CHANGELOG.md ("## [0.9.0] - DATE";
    "## [Unreleased]" skipped)."""
    path = changelog_path()
    version = None
    if path:
        try:
            with open(path, "r", encoding="utf-8") as f:
                version = version_from_changelog(f.read())
        except (OSError, UnicodeDecodeError):
            version = None
    return version or "(unknown version)"


def force_tag():
    return FORCE_TAG % cvvision_version()


def normalise_line(line):
    """A line of code (comments already removed) as fingerprinted: runs of whitespace are one
    space, and no space is kept next to punctuation."""
    return _SPACE_AT_PUNCTUATION.sub("", " ".join(line.split()))


def line_fingerprint(normalised):
    return hashlib.sha256(normalised.encode("latin-1")).hexdigest()[:16]


def body_fingerprint(normalised_lines):
    return hashlib.sha256("\n".join(normalised_lines).encode("latin-1")).hexdigest()


def body_lines(text, comments_masked, definition):
    """(line number in the file, normalised line) of every line of the body holding code.
    comments_masked: mask_code(text, strings=False, directives=False)."""
    start, end = definition.open_brace + 1, definition.close_brace
    first = text.count("\n", 0, start) + 1
    lines = []
    for offset, line in enumerate(comments_masked[start:end].split("\n")):
        normalised = normalise_line(line)
        if normalised:
            lines.append((first + offset, normalised))
    return lines


def fingerprint_body(text, comments_masked, definition):
    """The fingerprint of a body: {"sha256": of the whole body, "lines": one per line}."""
    lines = [line for _, line in body_lines(text, comments_masked, definition)]
    return OrderedDict([("sha256", body_fingerprint(lines)),
                        ("lines", [line_fingerprint(line) for line in lines])])


def fingerprint_tree(sdk_dir):
    """Function name -> fingerprint of its body in sdk_dir's CvPlot.cpp (every function of
    PLOT_FUNCTIONS; a Refusal if one is missing or defined twice)."""
    plot = find_file(sdk_dir, "CvPlot.cpp")
    if plot is None:
        raise Refusal("CvPlot.cpp not found in %s" % sdk_dir)
    text = read_text(os.path.join(sdk_dir, plot))
    code = mask_code(text)
    comments = mask_code(text, strings=False, directives=False)
    result = OrderedDict()
    for function in PLOT_FUNCTIONS:
        definitions = find_definitions(code, r"CvPlot\s*::\s*" + function.name + r"\b")
        if len(definitions) != 1:
            raise Refusal("%s: CvPlot::%s is defined %d times (one definition expected)"
                          % (os.path.join(sdk_dir, plot), function.name, len(definitions)))
        result[function.name] = fingerprint_body(text, comments, definitions[0])
    return result


def load_known_bodies(path=None):
    """Function name -> [(variant name, fingerprint)], from sdk_bodies.json."""
    path = path or BODIES_FILE
    if path not in _KNOWN_BODIES:
        try:
            with open(path, "r", encoding="utf-8") as f:
                data = json.load(f)
            known = OrderedDict()
            for variant in data["variants"]:
                for name, fingerprint in variant["bodies"].items():
                    known.setdefault(name, []).append((variant["name"], fingerprint))
        except (OSError, ValueError, KeyError, TypeError) as error:
            raise Refusal("%s: the fingerprints of the known CvPlot bodies cannot be read (%s)"
                          % (path, error))
        _KNOWN_BODIES[path] = known
    return _KNOWN_BODIES[path]


def recognise_body(name, lines, known):
    """The name of the known variant whose body of `name` has these normalised lines, or None."""
    digest = body_fingerprint([line for _, line in lines])
    for variant, fingerprint in known.get(name, []):
        if fingerprint["sha256"] == digest:
            return variant
    return None


def leading_profile(text, code, definition):
    """The body's leading PROFILE_FUNC(); / PROFILE("..."); statements, as written."""
    statements, pos = [], definition.open_brace + 1
    while True:
        m = _PROFILE_STATEMENT.match(code, pos, definition.close_brace)
        if not m:
            return statements
        statements.append(text[skip_space(code, m.start()):m.end()])
        pos = m.end()


def is_integrated(code, definition, function):
    """True if the body (comments and #if 0 blocks aside) is leading PROFILE statements and one
    call to CvVisionSdk::<function>: a body this tool wrote."""
    pos = definition.open_brace + 1
    while True:
        m = _PROFILE_STATEMENT.match(code, pos, definition.close_brace)
        if not m:
            break
        pos = m.end()
    rest = " ".join(code[pos:definition.close_brace].split())
    call = re.match(r"(?:return )?CvVisionSdk ?:: ?" + function.name + r" ?\(", rest)
    return bool(call) and rest.endswith(";") and rest.count(";") == 1


def kept_blocks(text, code, definition):
    """The `#if 0 // CvVision ...` blocks in an integrated body, each as whole lines."""
    blocks = []
    pos = after_line(text, definition.open_brace)
    while pos < definition.close_brace:
        line = text[pos:line_end(text, pos)]
        if re.match(r"[ \t]*#[ \t]*if[ \t]+0\b.*" + re.escape(LINE_TAG), line):
            end = _if0_region_end(text, pos)
            if end < definition.close_brace and re.match(r"[ \t]*#[ \t]*endif\b",
                                                         text[end:line_end(text, end)]):
                blocks.append(text[pos:after_line(text, end)])
                pos = after_line(text, end)
                continue
        pos = after_line(text, pos)
    return "".join(blocks)


def keep_under_if0(body, eol):
    """The lines of a fork's own body, under #if 0 with the --force tag, as whole lines."""
    first_newline = body.find("\n")
    if first_newline < 0:  # a body on the line of its braces
        return "#if 0 " + force_tag() + eol + body.strip() + eol + "#endif" + eol
    if not body[:first_newline].strip():
        body = body[first_newline + 1:]  # the rest of the line of the opening brace
    last_newline = body.rfind("\n")
    if not body[last_newline + 1:].strip():
        body = body[:last_newline + 1]  # the indentation before the closing brace
    else:
        body += eol
    return "#if 0 " + force_tag() + eol + body + "#endif" + eol


def describe_difference(filename, qualified, text, lines, variants):
    """The refusal of an unknown body: the fork's lines that differ from the closest known body
    (by line fingerprints: known bodies are not stored as text)."""
    hashes = [line_fingerprint(line) for _, line in lines]
    best, best_ratio, best_opcodes = None, -1.0, []
    for variant, fingerprint in variants:
        matcher = difflib.SequenceMatcher(None, fingerprint["lines"], hashes, autojunk=False)
        if matcher.ratio() > best_ratio:
            best, best_ratio, best_opcodes = variant, matcher.ratio(), matcher.get_opcodes()
    file_lines = text.split("\n")
    shown, missing = [], []
    for tag, i1, i2, j1, j2 in best_opcodes:
        if tag == "equal":
            continue
        for j in range(j1, j2):
            number = lines[j][0]
            shown.append("    %d: %s" % (number, file_lines[number - 1].strip()))
        if i2 > i1:
            where = ("before line %d" % lines[j1][0]) if j1 < len(lines) else "at the end"
            missing.append("%d line(s) %s" % (i2 - i1, where))
    if best is None:
        message = ["%s: %s: the body is not one this tool knows (no known body of it)"
                   % (filename, qualified)]
        shown = ["    %d: %s" % (n, file_lines[n - 1].strip()) for n, _ in lines]
    else:
        message = ["%s: %s: lines that differ from %s:" % (filename, qualified, best)]
    if len(shown) > MAX_LINES_SHOWN:
        shown = shown[:MAX_LINES_SHOWN] + ["    ... and %d more line(s)"
                                           % (len(shown) - MAX_LINES_SHOWN)]
    message.extend(shown)
    if missing:
        message.append("    missing from this body: %s of %s's body"
                       % (", ".join(missing), best))
    known = sorted(set(v for v, _ in variants))
    message.append("  this tool replaces only the bodies it knows (%s); --force replaces this one "
                   "too and keeps it in the function under #if 0"
                   % (", ".join(known) if known else "none"))
    return "\n".join(message)


# --------------------------------------------------------------------------------------------
# What becomes dead with a replaced body. AdvCiv (advc.003h) caches the largest visibility range
# for updateSeeFromSight in a static CvPlot member set by CvPlot::setMaxVisibilityRangeCache()
# (called from CvMap::setupGraphical). CvVisionSdk::updateSeeFromSight re-sights within
# CvVisionSdk::resightRadius(), computed once with the rules (per-unit-type extra ranges
# included), so once the body is replaced the cache has no reader: its pieces go under #if 0,
# as K-Mod keeps original code. A piece this tool cannot put under #if 0 safely stays, with a
# warning (and so do the pieces that depend on it).

class DeadCache(object):
    def __init__(self, member, setter, origin):
        self.member, self.setter, self.origin = member, setter, origin


DEAD_CACHES = [DeadCache("m_iMaxVisibilityRangeCache", "setMaxVisibilityRangeCache", "advc.003h")]
UNUSED_TAG = ("// CvVision %s (sdk-integrate): unused since CvPlot::updateSeeFromSight calls "
              "CvVisionSdk (%s)")


def _alone_on_lines(code, start, end):
    """True if nothing but the piece [start, end) is code on its lines."""
    return (not code[line_start(code, start):start].strip()
            and not code[end:line_end(code, max(start, end - 1))].strip())


def _statement_at(code, pos):
    """(start, end) of the statement holding pos, or None."""
    start = statement_start(code, pos, -1)
    access = re.match(r"(?:public|protected|private)\s*:\s*", code[start:pos])
    if access:
        start += access.end()
    end = statement_end(code, start)
    return None if end < 0 or end <= pos else (start, end)


def find_cache_pieces(texts, cache):
    """The pieces of the cache in texts (file name -> text), as a dict: kind -> list of
    (file name, start, end, alone on its lines), and the uses no piece explains, as
    (file name, line number, kind of name) - a reader makes the cache alive."""
    pieces = {"member definition": [], "member declaration": [], "setter definition": [],
              "setter declaration": [], "setter call": []}
    others = []
    names = re.compile(r"(?<![\w])(%s|%s)\b" % (cache.member, cache.setter))
    for name, text in texts.items():
        code = mask_code(text)
        setter_bodies = []
        for definition in find_definitions(code, r"(?:\w+\s*::\s*)?" + cache.setter + r"\b"):
            start = definition_start(text, definition)
            pieces["setter definition"].append(
                (name, start, definition.close_brace + 1,
                 _alone_on_lines(code, start, definition.close_brace + 1)))
            setter_bodies.append((definition.name_start, definition.close_brace))
        for m in names.finditer(code):
            if any(a <= m.start() <= b for a, b in setter_bodies):
                continue
            statement = _statement_at(code, m.start())
            words = " ".join(code[statement[0]:statement[1]].split()) if statement else ""
            words = re.sub(r" ?(::|\(|\)|;|=) ?", r"\1", words)
            kind = None
            if m.group(1) == cache.member:
                if brace_depth_at(code, m.start()) == 0 and re.match(
                        r"(?:static )?int (?:\w+::)?%s(?:=[-\w]+)?;$" % cache.member, words):
                    kind = "member definition"
                elif re.match(r"static int %s;$" % cache.member, words):
                    kind = "member declaration"
            else:
                if re.match(r"static void %s\((?:void)?\);$" % cache.setter, words):
                    kind = "setter declaration"
                elif (brace_depth_at(code, m.start()) > 0
                      and re.match(r"(?:\w+::)?%s\(\);$" % cache.setter, words)):
                    before = code[:statement[0]].rstrip()
                    kind = "setter call"
                    if not before or before[-1] not in ";{}":
                        kind = None  # e.g. the only statement of an if: not safe to remove
            if kind is None:
                others.append((name, text.count("\n", 0, m.start()) + 1, m.group(1)))
            else:
                pieces[kind].append((name, statement[0], statement[1],
                                     _alone_on_lines(code, statement[0], statement[1])))
    return pieces, others


def plan_unused_cache(plan):
    """Put what a replaced updateSeeFromSight leaves dead under #if 0 (see DEAD_CACHES)."""
    names = [n for n in sorted(os.listdir(plan.sdk_dir))
             if n.lower().endswith((".h", ".cpp")) and os.path.isfile(os.path.join(plan.sdk_dir, n))]
    for cache in DEAD_CACHES:
        texts = OrderedDict()
        for name in names:
            if name in plan.writes:
                text = plan.writes[name].decode("latin-1")
            else:
                text = read_text(os.path.join(plan.sdk_dir, name))
            if cache.member in text or cache.setter in text:
                texts[name] = text
        if not texts:
            continue
        pieces, others = find_cache_pieces(texts, cache)
        readers = [o for o in others if o[2] == cache.member]
        if readers:
            continue  # the cache is still read: alive, nothing to do
        if not any(pieces.values()):
            continue
        setter_uses = [o for o in others if o[2] == cache.setter]
        left = {}  # kind -> why it stays

        def wrap_all(kind, allowed, why):
            for piece in pieces[kind]:
                if not piece[3]:
                    left.setdefault(kind, "it shares its line(s) with other code")
                elif not allowed:
                    left.setdefault(kind, why)
            return not pieces[kind] or kind not in left

        calls_gone = wrap_all("setter call", True, "") and not setter_uses
        setter_gone = wrap_all("setter definition", calls_gone,
                               "%s is still called" % cache.setter)
        wrap_all("setter declaration", setter_gone and calls_gone,
                 "%s is still defined or called" % cache.setter)
        member_defined = wrap_all("member definition", setter_gone,
                                  "%s still sets it" % cache.setter)
        wrap_all("member declaration", setter_gone and member_defined,
                 "it is still defined or set")
        def where(name, line):  # line numbers only for the files not changed already
            return name if name in plan.writes else "%s:%d" % (name, line)

        for name, line, what in setter_uses:
            plan.warnings.append("%s: %s is used in a way this tool does not put under #if 0; "
                                 "%s's cache stays (unused by CvVision)"
                                 % (where(name, line), what, cache.origin))
        tag = "#if 0 " + UNUSED_TAG % (cvvision_version(), cache.origin)
        edits = OrderedDict((name, []) for name in texts)
        for kind in ("member definition", "member declaration", "setter definition",
                     "setter declaration", "setter call"):
            for name, start, end, _ in pieces[kind]:
                text = texts[name]
                line = text.count("\n", 0, start) + 1
                if kind in left:
                    plan.warnings.append("%s: %s's %s %s stays: %s" % (
                        where(name, line), cache.origin, kind, cache.setter if "setter" in kind
                        else cache.member, left[kind]))
                    continue
                eol = detect_eol(text)
                first, after = line_start(text, start), after_line(text, end - 1)
                prefix = eol if after == len(text) and not text.endswith("\n") else ""
                edits[name].append((first, first, tag + eol))
                edits[name].append((after, after, prefix + "#endif" + eol))
                plan.actions.append("%s: %s's %s (%s) put under #if 0: unused since "
                                    "CvPlot::updateSeeFromSight calls CvVisionSdk"
                                    % (name, cache.origin, kind,
                                       cache.setter if "setter" in kind else cache.member))
        for name, changes in edits.items():
            if changes:
                plan.write(name, to_bytes(apply_edits(texts[name], changes)))


# --------------------------------------------------------------------------------------------
# Patchers. Each takes a file's text and returns (new text, actions); problems that forbid the
# integration are collected in `errors`, others in `warnings`.

def closing_indent(text, definition):
    """The whitespace before the body's closing brace (or the signature's line indentation)."""
    before = text[line_start(text, definition.close_brace):definition.close_brace]
    if not before.strip():
        return before
    return leading_whitespace(text, definition.open_brace)


def new_plot_body(call, text, definition, eol, unit, profile=(), kept=""):
    """The new body: the original's leading PROFILE statements, the tag and the call, then the
    kept blocks (whole lines, e.g. a fork's own body under #if 0)."""
    close = closing_indent(text, definition)
    inner = close + unit
    lines = [inner + statement for statement in profile] + [inner + BODY_TAG, inner + call]
    return eol + eol.join(lines) + eol + kept + close


def signature_text(code, definition, qualified_name):
    params = code[definition.open_paren + 1:definition.close_paren]
    shown = ", ".join(" ".join(p.split()) for p in split_top_level(params, ","))
    return "%s(%s)" % (qualified_name, shown.strip())


def patch_plot_functions(text, filename, errors, force=False, known=None):
    """Replace the bodies of PLOT_FUNCTIONS by calls to CvVisionSdk. A body must be a known one
    (see load_known_bodies) or one this tool wrote; any other is refused (in errors) unless
    force, which keeps it in the function under #if 0."""
    code = mask_code(text)
    check_balanced(code, filename)
    comments = mask_code(text, strings=False, directives=False)
    known = load_known_bodies() if known is None else known
    eol, unit = detect_eol(text), detect_indent_unit(text)
    edits, actions = [], []
    for function in PLOT_FUNCTIONS:
        qualified = "CvPlot::" + function.name
        definitions = find_definitions(code, r"CvPlot\s*::\s*" + function.name + r"\b")
        if not definitions:
            errors.append("%s: %s not found" % (filename, qualified))
            continue
        for number, definition in enumerate(definitions, 1):
            which = (" (definition %d of %d)" % (number, len(definitions))
                     if len(definitions) > 1 else "")
            params = parse_params(code, definition)
            names = match_roles(params, function.roles)
            if names is None:
                errors.append("%s: %s: parameters not recognised (expected %s)"
                              % (filename, signature_text(code, definition, qualified),
                                 describe_roles(function.roles)))
                continue
            unnamed = [r for r in function.roles
                       if "{%s}" % r.name in function.call and names.get(r.name) is None]
            if unnamed:
                errors.append("%s: %s: the %s parameter has no name"
                              % (filename, signature_text(code, definition, qualified),
                                 unnamed[0].kind))
                continue
            original = text[definition.open_brace + 1:definition.close_brace]
            profile = leading_profile(text, code, definition)
            if is_integrated(code, definition, function):
                kept, was = kept_blocks(text, code, definition), "CvVision's"
            else:
                lines = body_lines(text, comments, definition)
                variant = recognise_body(function.name, lines, known)
                if variant is not None:
                    kept, was = "", "recognised as %s's" % variant
                elif force:
                    kept, was = (keep_under_if0(original, eol),
                                 "--force: this fork's own body kept under #if 0")
                else:
                    errors.append(describe_difference(
                        filename, qualified + which, text, lines, known.get(function.name, [])))
                    continue
            body = new_plot_body(function.call.format(**names), text, definition, eol, unit,
                                 profile, kept)
            if original != body:
                edits.append((definition.open_brace + 1, definition.close_brace, body))
                notes = [was] + ["%s kept" % " ".join(p.split()) for p in profile]
                actions.append("%s: %s%s: body replaced by a call to CvVisionSdk::%s (%s)"
                               % (filename, qualified, which, function.name, "; ".join(notes)))
    include_edit = plan_sdk_include(text, code, eol)
    if include_edit:
        edits.append(include_edit)
        actions.append('%s: #include "%s" added' % (filename, SDK_HEADER))
    return apply_edits(text, edits), actions


_INCLUDE_LINE = r"^(?:%s)?[ \t]*#[ \t]*include[ \t]*" % BOM


def plan_sdk_include(text, code, eol):
    """The edit adding #include "CvVisionSdk.h" after "CvGameCoreDLL.h", or None if present."""
    view = mask_code(text, strings=False, directives=False)
    if re.search(_INCLUDE_LINE + r'"CvVisionSdk\.h"', view, re.M):
        return None
    line = '#include "%s" %s' % (SDK_HEADER, LINE_TAG)
    anchor = re.search(_INCLUDE_LINE + r'["<]CvGameCoreDLL\.h[">]', view, re.M)
    if not anchor:
        first_brace = code.find("{")
        limit = len(code) if first_brace < 0 else first_brace
        includes = [m for m in re.finditer(_INCLUDE_LINE + r'["<]', view, re.M)
                    if m.start() < limit]
        anchor = includes[-1] if includes else None
    if not anchor:
        return (0, 0, line + eol)
    pos = after_line(text, anchor.start())
    prefix = eol if pos == len(text) and not text.endswith("\n") else ""
    return (pos, pos, prefix + line + eol)


def check_plot_header(text, filename, warnings):
    code = mask_code(text)
    for function in PLOT_FUNCTIONS:
        if not re.search(r"(?<![\w:.>])" + function.name + r"\s*\(", code):
            warnings.append("%s: CvPlot::%s is not declared (CvVision expects CvPlot to "
                            "have it)" % (filename, function.name))


def definition_start(text, definition):
    """Start of the line where the definition begins (its return type may be a line above)."""
    start = line_start(text, definition.name_start)
    if text[start:definition.name_start].strip():
        return start
    previous = start
    while previous > 0:
        candidate = line_start(text, previous - 1)
        if text[candidate:previous].strip():
            return candidate
        previous = candidate
    return start


def patch_python_registration(text, filename, errors):
    code = mask_code(text)
    check_balanced(code, filename)
    eol, unit = detect_eol(text), detect_indent_unit(text)
    definitions = find_definitions(code, r"DLLPublishToPython\b")
    if not definitions:
        errors.append("%s: DLLPublishToPython not found (the function that publishes the DLL's "
                      "classes to Python)" % filename)
        return text, []
    call = "%s(); %s" % (PYTHON_INTERFACE, LINE_TAG)
    declaration = "void %s(); %s" % (PYTHON_INTERFACE, LINE_TAG)
    declared = re.compile(r"\bvoid\s+" + PYTHON_INTERFACE + r"\s*\(\s*(?:void\s*)?\)\s*;")
    called = re.compile(r"(?<![\w:.>])" + PYTHON_INTERFACE + r"\s*\(\s*\)\s*;")
    edits, actions = [], []
    for definition in definitions:
        body = code[definition.open_brace + 1:definition.close_brace]
        if not called.search(body):
            close = closing_indent(text, definition)
            start = line_start(text, definition.close_brace)
            if not text[start:definition.close_brace].strip():
                edits.append((start, start, close + unit + call + eol))
            else:
                edits.append((definition.close_brace, definition.close_brace,
                              eol + close + unit + call + eol + close))
            actions.append("%s: DLLPublishToPython: calls %s() last" % (filename, PYTHON_INTERFACE))
        start = definition_start(text, definition)
        if not any(brace_depth_at(code, m.start()) == 0
                   for m in declared.finditer(code, 0, start)):
            edits.append((start, start, declaration + eol))
            actions.append("%s: %s declared before DLLPublishToPython"
                           % (filename, PYTHON_INTERFACE))
    return apply_edits(text, edits), actions


def statement_start(code, pos, limit):
    """Start of the statement containing pos: after the previous ';', '{' or '}' outside any
    parentheses that close before pos (limit: the body's opening brace)."""
    depth = 0
    i = pos - 1
    while i > limit:
        c = code[i]
        if c == ")":
            depth += 1
        elif c == "(":
            depth -= 1
        elif c in ";{}" and depth <= 0:
            break
        i -= 1
    return skip_space(code, i + 1)


_WORD = re.compile(r"[A-Za-z_]\w*")


def statement_end(code, start):
    """End (exclusive) of the statement starting at start: through an if's body and else."""
    word = _WORD.match(code, start)
    keyword = word.group(0) if word else None
    if keyword in ("if", "while", "for"):
        open_paren = skip_space(code, word.end())
        if open_paren >= len(code) or code[open_paren] != "(":
            return -1
        close_paren = match_close(code, open_paren)
        if close_paren < 0:
            return -1
        end = statement_end(code, skip_space(code, close_paren + 1))
        if keyword == "if" and end >= 0:
            after = skip_space(code, end)
            following = _WORD.match(code, after)
            if following and following.group(0) == "else":
                end = statement_end(code, skip_space(code, following.end()))
        return end
    if start < len(code) and code[start] == "{":
        close = match_close(code, start)
        return -1 if close < 0 else close + 1
    depth = 0
    for i in range(start, len(code)):
        c = code[i]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth < 0:
                return -1
        elif c == ";" and depth == 0:
            return i + 1
    return -1


def innermost_opener(code, pos, limit):
    depth = 0
    for i in range(pos - 1, limit - 1, -1):
        c = code[i]
        if c in ")]}":
            depth += 1
        elif c in "([{":
            if depth == 0:
                return c
            depth -= 1
    return None


_CALLBACK_LITERAL = re.compile(r'"(xml(?:\\\\|/))PythonCallbackDefines\.xml"', re.I)
_KNOBS_LITERAL = re.compile(r'"xml(?:\\\\|/)' + re.escape(KNOBS_FILE) + '"', re.I)
_KNOBS_GUARD = re.compile(r'\benumerateFiles\s*\([^;]*"xml(?:\\\\|/)' + re.escape(KNOBS_FILE) + '"',
                          re.I)


def copy_defines_statement(text, code, literal, body_start):
    """The edit inserting, after the statement that holds `literal`, a copy reading the knobs
    file; None if the statement's shape is not understood."""
    if innermost_opener(code, literal.start(), body_start) != "(":
        return None  # e.g. a list of file names: copying it would not read another file
    start = statement_start(code, literal.start(), body_start)
    if _WORD.match(code, start) and _WORD.match(code, start).group(0) in ("else", "case"):
        return None
    end = statement_end(code, start)
    if end < 0 or end < literal.end():
        return None
    eol = detect_eol(text)
    rest_end = line_end(text, end - 1)
    rest = text[end:rest_end]
    if code[end:rest_end].strip() or rest.rfind("/*") > rest.rfind("*/"):
        return None  # more code, or a comment that goes on, after the statement on its line
    new_literal = '"%s%s"' % (literal.group(1), KNOBS_FILE)
    copy = (text[start:literal.start()] + new_literal + text[literal.end():end])
    indent = leading_whitespace(text, start)
    unit = detect_indent_unit(text)
    # The copy reads the knobs file only when the mod ships it: ReadGlobalDefines shows the
    # game's "LoadXML call failed" box for a missing file. gDLL->enumerateFiles is how the SDK
    # looks for files (the mod's folder, then the game's), modular loading on or off.
    copy = copy.replace("\n", "\n" + unit + unit)
    guarded = [
        "{ " + LINE_TAG + ": xml\\%s is read only if the mod has it" % KNOBS_FILE,
        unit + "std::vector<CvString> aszCvVisionDefines;",
        unit + "gDLL->enumerateFiles(aszCvVisionDefines, %s);" % new_literal,
        unit + "if (!aszCvVisionDefines.empty())",
        unit + "{",
        unit + unit + copy,
        unit + "}",
        "}",
    ]
    copy = (eol + indent).join(guarded)
    first = line_start(text, start)
    separator = ""
    if first > 0:
        previous_line = text[line_start(text, first - 1):first]
        if not previous_line.strip():
            separator = eol
    insert_at = after_line(text, end)
    prefix = eol if insert_at == len(text) and not text.endswith("\n") else ""
    return (insert_at, insert_at, prefix + separator + indent + copy + eol)


def patch_global_defines(text, filename, warnings):
    fallback = ("the CvVision knobs will then only be read from GlobalDefinesAlt.xml (or by the "
                "mod's modular loading of *_GlobalDefines.xml)")
    code = mask_code(text)
    try:
        check_balanced(code, filename)
    except Refusal as refusal:
        warnings.append("%s; %s" % (refusal, fallback))
        return text, []
    definitions = find_definitions(code, r"CvXMLLoadUtility\s*::\s*SetGlobalDefines\b")
    if not definitions:
        warnings.append("%s: CvXMLLoadUtility::SetGlobalDefines not found; %s"
                        % (filename, fallback))
        return text, []
    view = mask_code(text, strings=False)
    edits, actions = [], []
    for definition in definitions:
        body = (definition.open_brace, definition.close_brace)
        if _KNOBS_LITERAL.search(view, *body):
            if not _KNOBS_GUARD.search(view, *body):
                warnings.append("%s: CvXMLLoadUtility::SetGlobalDefines reads xml\\%s whether the "
                                "mod has it or not (an earlier sdk-integrate): without the file "
                                "the game shows a \"LoadXML call failed\" box; run --revert, "
                                "then integrate again" % (filename, KNOBS_FILE))
            continue
        literals = list(_CALLBACK_LITERAL.finditer(view, *body))
        if not literals:
            warnings.append('%s: CvXMLLoadUtility::SetGlobalDefines does not read '
                            '"xml\\\\PythonCallbackDefines.xml"; %s' % (filename, fallback))
            continue
        for literal in literals:
            edit = copy_defines_statement(text, code, literal, definition.open_brace)
            if edit is None:
                warnings.append('%s: CvXMLLoadUtility::SetGlobalDefines: the statement reading '
                                '"xml\\\\PythonCallbackDefines.xml" has a shape this tool does '
                                'not copy; %s' % (filename, fallback))
                continue
            edits.append(edit)
            actions.append("%s: CvXMLLoadUtility::SetGlobalDefines: reads xml\\%s after "
                           "xml\\PythonCallbackDefines.xml" % (filename, KNOBS_FILE))
    return apply_edits(text, edits), actions


# --------------------------------------------------------------------------------------------
# Hooks that tell CvVisionSdk a new map or a load (CVVISION_LEDGER, CVVISION_AUDIT_ON_LOAD work
# without Python calls): CvPlot::reset (AdvCiv: the CvPlot constructor) and CvPlot::read in
# CvPlot.cpp, CvGame::update in CvGame.cpp.

HOOKS_FALLBACK = ("CVVISION_LEDGER and CVVISION_AUDIT_ON_LOAD then need the Python calls "
                  "CyVision().onGameLoaded() and CyVision().onGameStart()")


def _hook_line(call):
    return "%s; %s" % (call, LINE_TAG)


def hook_edit(text, definition, call, at_end):
    """The edit putting `call;` first (or last) in the definition's body."""
    eol, unit = detect_eol(text), detect_indent_unit(text)
    close = closing_indent(text, definition)
    line = close + unit + _hook_line(call) + eol
    if at_end:
        start = line_start(text, definition.close_brace)
        if not text[start:definition.close_brace].strip():
            return (start, start, line)
        return (definition.close_brace, definition.close_brace, eol + line + close)
    after = definition.open_brace + 1
    if not text[after:line_end(text, definition.open_brace)].strip():
        pos = after_line(text, definition.open_brace)
        return (pos, pos, line)
    return (after, after, eol + line)


def _add_hook(text, code, filename, definitions, call, at_end, what, edits, actions):
    called = re.compile(r"\b" + re.escape(call.split("(")[0]) + r"\s*\(")
    for definition in definitions:
        if called.search(code, definition.open_brace, definition.close_brace):
            continue
        edits.append(hook_edit(text, definition, call, at_end))
        actions.append("%s: %s calls %s" % (filename, what, call))


def patch_plot_hooks(text, filename, warnings):
    code = mask_code(text)
    check_balanced(code, filename)
    edits, actions = [], []
    resets = [d for d in find_definitions(code, r"CvPlot\s*::\s*reset\b")]
    what = "CvPlot::reset"
    if not resets:
        resets = [d for d in find_definitions(code, r"CvPlot\s*::\s*CvPlot\b")
                  if not code[d.open_paren + 1:d.close_paren].strip()]
        what = "CvPlot::CvPlot() (no CvPlot::reset)"
    if not resets:
        warnings.append("%s: neither CvPlot::reset nor CvPlot::CvPlot() found: CvVision cannot "
                        "tell a new map; %s" % (filename, HOOKS_FALLBACK))
    else:
        _add_hook(text, code, filename, resets, "CvVisionSdk::onPlotReset(*this)", False, what,
                  edits, actions)
    reads = find_definitions(code, r"CvPlot\s*::\s*read\b")
    if not reads:
        warnings.append("%s: CvPlot::read not found: CvVision cannot tell a loaded game; %s"
                        % (filename, HOOKS_FALLBACK))
    for definition in reads:
        if re.search(r"\breturn\b", code[definition.open_brace:definition.close_brace]):
            warnings.append("%s: CvPlot::read has a return statement: the CvVision hook at its "
                            "end may be skipped; %s" % (filename, HOOKS_FALLBACK))
    _add_hook(text, code, filename, reads, "CvVisionSdk::onPlotRead(*this)", True,
              "CvPlot::read (last)", edits, actions)
    if edits:
        include_edit = plan_sdk_include(text, code, detect_eol(text))
        if include_edit:
            edits.append(include_edit)
    return apply_edits(text, edits), actions


def patch_game_update(text, filename, warnings):
    code = mask_code(text)
    check_balanced(code, filename)
    edits, actions = [], []
    updates = [d for d in find_definitions(code, r"CvGame\s*::\s*update\b")
               if not code[d.open_paren + 1:d.close_paren].strip()]
    if not updates:
        warnings.append("%s: CvGame::update() not found: CvVision cannot finish a load by "
                        "itself; %s" % (filename, HOOKS_FALLBACK))
        return text, []
    _add_hook(text, code, filename, updates, "CvVisionSdk::onGameUpdate()", False,
              "CvGame::update (first)", edits, actions)
    if edits:
        include_edit = plan_sdk_include(text, code, detect_eol(text))
        if include_edit:
            edits.append(include_edit)
            actions.append('%s: #include "%s" added' % (filename, SDK_HEADER))
    return apply_edits(text, edits), actions


# --------------------------------------------------------------------------------------------
# Visual Studio 2003 project files.

_ATTRIBUTE = r'\b%s\s*=\s*"([^"]*)"'


def _attribute(tag, name):
    m = re.search(_ATTRIBUTE % name, tag)
    return m.group(1) if m else None


def _filters(text, files_start, files_end):
    """(opening tag, start, index of the matching </Filter>) of each filter in <Files>."""
    result = []
    for m in re.finditer(r"<Filter\b[^>]*>", text[:files_end]):
        if m.start() < files_start or m.group(0).endswith("/>"):
            continue
        depth = 0
        for t in re.finditer(r"<Filter\b[^>]*?(/?)>|</Filter\s*>", text[m.start():files_end]):
            if t.group(0).startswith("</"):
                depth -= 1
            elif not t.group(1):
                depth += 1
            if depth == 0:
                result.append((m.group(0), m.start(), m.start() + t.start()))
                break
    return result


def _pick_filter(filters, extension_word, name_word):
    for tag, start, close in filters:
        extensions = (_attribute(tag, "Filter") or "").lower().split(";")
        if extension_word in extensions:
            return start, close
    for tag, start, close in filters:
        if name_word in (_attribute(tag, "Name") or "").lower():
            return start, close
    return None


def _project_style(text):
    """(multi-line attributes?, indentation unit, path prefix) as the project writes them."""
    m = re.search(r"<File\b(\s*)RelativePath\s*=\s*\"([^\"]*)\"", text)
    multiline, unit, prefix = True, detect_indent_unit(text), ".\\"
    if m:
        multiline = "\n" in m.group(1)
        if multiline:
            element = leading_whitespace(text, m.start())
            attribute = leading_whitespace(text, m.end())
            if attribute.startswith(element) and len(attribute) > len(element):
                unit = attribute[len(element):]
        path = m.group(2)
        base = re.split(r"[\\/]", path)[-1]
        if path[:len(path) - len(base)] == "":
            prefix = ""
        elif path[:len(path) - len(base)] == "./":
            prefix = "./"
    return multiline, unit, prefix


def _tag(indent, unit, multiline, name, attributes, close, eol):
    if multiline:
        parts = "".join(eol + indent + unit + '%s="%s"' % a for a in attributes)
    else:
        parts = "".join(' %s="%s"' % a for a in attributes)
    return indent + "<" + name + parts + close


def file_entry(path, indent, unit, multiline, eol):
    lines = [_tag(indent, unit, multiline, "File", [("RelativePath", path)], ">", eol),
             indent + "</File>"]
    return eol.join(lines) + eol


def patch_vcproj(text, filename, sources, warnings):
    """A Visual Studio 2003 project (a compiling one or a MakeFileProj that calls nmake): the
    files of sources not listed yet are added to its source and header filters. Every copied
    .cpp includes the precompiled header, so no per-file setting is needed."""
    listed = set()
    for path in re.findall(_ATTRIBUTE % "RelativePath", text):
        listed.add(re.split(r"[\\/]", path)[-1].lower())
    missing = [name for name in sources if name.lower() not in listed]
    if not missing:
        return text, []
    files_open = re.search(r"<Files\s*>", text)
    files_close = re.search(r"</Files\s*>", text)
    if not files_open or not files_close or files_close.start() < files_open.end():
        warnings.append("%s: no <Files> section; add these files to the project yourself: %s"
                        % (filename, ", ".join(missing)))
        return text, []
    eol = detect_eol(text)
    multiline, unit, prefix = _project_style(text)
    filters = _filters(text, files_open.start(), files_close.start())
    edits, actions = [], []
    for extension, extension_word, name_word in (("cpp", "cpp", "source"),
                                                 ("h", "h", "header")):
        chosen = [n for n in missing if n.lower().endswith("." + extension)]
        if not chosen:
            continue
        target = (_pick_filter(filters, extension_word, name_word)
                  or _pick_filter(filters, "cpp", "source"))
        if target:
            container_start, close = target
        else:
            container_start, close = files_open.start(), files_close.start()
        existing = re.search(r"<File\b", text[container_start + 1:close])
        if existing:
            indent = leading_whitespace(text, container_start + 1 + existing.start())
        else:
            indent = leading_whitespace(text, container_start) + unit
        entries = "".join(file_entry(prefix + name, indent, unit, multiline, eol)
                          for name in chosen)
        at = line_start(text, close)
        if text[at:close].strip():
            entries, at = eol + entries, close
        edits.append((at, at, entries))
        for name in chosen:
            actions.append("%s: %s added" % (filename, name))
    return apply_edits(text, edits), actions


# --------------------------------------------------------------------------------------------
# MSBuild projects (*.vcxproj, as AdvCiv's Project/AdvCiv.vcxproj) and their *.filters files.

_ITEM = r'<%s\s+Include\s*=\s*"([^"]*)"\s*(?:/>|>.*?</%s\s*>)'


def _items(text, kind):
    """(match, path) of each <kind Include="..."/> element."""
    return [(m, m.group(1)) for m in re.finditer(_ITEM % (kind, kind), text, re.S)]


def _base(path):
    return re.split(r"[\\/]", path)[-1]


def patch_vcxproj(text, filename, sources, prefix, warnings):
    """An MSBuild project or its .filters file: a <ClCompile> item for each .cpp of sources and
    a <ClInclude> for each .h that the file does not list yet, right after CvPlot.cpp's (or
    CvPlot.h's) item, in its shape (its <Filter> in a .filters file). prefix: the path from the
    project's folder to SDK_DIR, with a trailing backslash ("..\\" for a Project/ subfolder)."""
    eol = detect_eol(text)
    edits, actions, unplaced = [], [], []
    for kind, extension, anchor in (("ClCompile", ".cpp", "cvplot.cpp"),
                                    ("ClInclude", ".h", "cvplot.h")):
        items = _items(text, kind)
        listed = set(_base(path).lower() for _, path in items)
        chosen = [n for n in sources if n.lower().endswith(extension) and n.lower() not in listed]
        if not chosen:
            continue
        template = [m for m, path in items if _base(path).lower() == anchor]
        if template:
            m = template[0]
            path = m.group(1)
            path_prefix = path[:len(path) - len(_base(path))]
            shape = text[m.start():m.end()]
        elif items:
            m = items[-1][0]
            path_prefix, shape = prefix, '<%s Include="%s" />' % (kind, "{}")
        else:
            unplaced.extend(chosen)
            continue
        indent = leading_whitespace(text, m.start())
        added = ""
        for name in chosen:
            if template:
                entry = shape.replace('"%s"' % m.group(1), '"%s"' % (path_prefix + name), 1)
            else:
                entry = shape.replace("{}", path_prefix + name)
            added += eol + indent + entry
            actions.append("%s: %s added" % (filename, name))
        edits.append((m.end(), m.end(), added))
    if unplaced:
        warnings.append("%s: no <ClCompile>/<ClInclude> items to add to; add these files to the "
                        "project yourself: %s" % (filename, ", ".join(unplaced)))
    return apply_edits(text, edits), actions


# --------------------------------------------------------------------------------------------
# Makefiles. The forks' own (Makefile 1.0 of BTS's SDK, K-Mod's, AdvCiv's Project/Makefile)
# collect *.cpp by wildcard; a Makefile that lists its sources names CvPlot.cpp (or CvPlot.obj)
# in a variable, and the copied .cpp files are named after it the same way.

_MAKE_ASSIGNMENT = re.compile(r"[ \t]*[A-Za-z_][\w.]*[ \t]*[+:?]?=")
_MAKE_PLOT = re.compile(r"(?<![^\s=\"'])([^\s=\"']*?)(CvPlot)\.(cpp|obj|o)(?=[\s\"']|$)", re.I)


def _make_code(text):
    """The Makefile's text with # comments blanked (positions kept)."""
    return re.sub(r"#[^\r\n]*", lambda m: " " * len(m.group(0)), text)


def collects_sources(text):
    """True if the Makefile gathers its sources by wildcard (*.cpp)."""
    return re.search(r"\*\.cpp\b", _make_code(text), re.I) is not None


def patch_makefile(text, filename, sources, notes):
    """sources: the copied .cpp files. Returns (new text, actions)."""
    code = _make_code(text)
    cpp = [n for n in sources if n.lower().endswith(".cpp")]
    if collects_sources(text):
        notes.append("%s collects *.cpp itself: nothing to add" % filename)
        return text, []
    edits, listed_any = [], False
    added = set()
    pos = 0
    while pos < len(code):
        end = pos
        while True:  # a logical line: backslash continuations joined
            end = line_end(code, end)
            if end > pos and code[end - 1] == "\\" and end < len(code):
                end = after_line(code, end)
                continue
            break
        if _MAKE_ASSIGNMENT.match(code, pos):
            line = code[pos:end]
            for m in _MAKE_PLOT.finditer(line):
                folder = m.group(1)
                if folder and folder[-1] not in "\\/)":
                    continue
                listed_any = True
                names = [n for n in cpp if not re.search(
                    r"(?<![\w.])" + re.escape(os.path.splitext(n)[0] + "." + m.group(3))
                    + r"(?![\w.])", code, re.I)]
                if names:
                    words = [folder + os.path.splitext(n)[0] + "." + m.group(3) for n in names]
                    edits.append((pos + m.end(), pos + m.end(), " " + " ".join(words)))
                    added.update(names)
        pos = after_line(code, end)
    if not listed_any:
        notes.append("%s neither lists CvPlot.cpp nor collects *.cpp: add these files to it "
                     "yourself: %s" % (filename, ", ".join(cpp)))
        return text, []
    actions = ["%s: %s added" % (filename, n) for n in cpp if n in added]
    return apply_edits(text, edits), actions


# --------------------------------------------------------------------------------------------
# Which build files a tree has: *.vcproj, *.vcxproj (and its .filters), Makefiles, in SDK_DIR
# and one folder below it (AdvCiv builds from CvGameCoreDLL/Project/).

def is_makefile(name):
    lower = name.lower()
    return lower in ("makefile", "gnumakefile") or lower.endswith(".mak")


def find_build_files(sdk_dir):
    """(kind, name relative to sdk_dir with '/') of every project file and Makefile, where kind
    is "vcproj", "vcxproj", "filters" or "makefile"."""
    found = []
    folders = [""] + sorted(
        entry for entry in os.listdir(sdk_dir)
        if not entry.startswith(".") and os.path.isdir(os.path.join(sdk_dir, entry)))
    for folder in folders:
        path = os.path.join(sdk_dir, folder) if folder else sdk_dir
        try:
            entries = sorted(os.listdir(path))
        except OSError:
            continue
        for entry in entries:
            if not os.path.isfile(os.path.join(path, entry)):
                continue
            lower = entry.lower()
            kind = ("vcproj" if lower.endswith(".vcproj") else
                    "vcxproj" if lower.endswith(".vcxproj") else
                    "filters" if lower.endswith(".vcxproj.filters") else
                    "makefile" if is_makefile(entry) else None)
            if kind:
                found.append((kind, folder + "/" + entry if folder else entry))
    return found


# --------------------------------------------------------------------------------------------
# The compatibility header: the names of the game's accessors as the tree's own headers declare
# them (BTS's *INLINE names or a fork's renamed ones), CvInfos.h or the headers it was split into,
# and whether CvPlot::changeVisibilityCount takes the unit (AdvCiv's advc.071). Detected name by
# name, not by fork, so that a fork in between works too.

COMPAT_HEADER = "CvVisionSdkCompat.h"
# (header that declares it in BTS, BTS's name, the names forks use instead)
COMPAT_RENAMES = [
    ("CvGlobals.h", "getMapINLINE", ["getMap"]),
    ("CvMap.h", "getGridWidthINLINE", ["getGridWidth"]),
    ("CvMap.h", "getGridHeightINLINE", ["getGridHeight"]),
    ("CvMap.h", "isWrapXINLINE", ["isWrapX"]),
    ("CvMap.h", "isWrapYINLINE", ["isWrapY"]),
    ("CvMap.h", "numPlotsINLINE", ["numPlots"]),
    ("CvMap.h", "plotByIndexINLINE", ["plotByIndex"]),
    ("CvMap.h", "plotINLINE", ["plot"]),
    ("CvPlot.h", "getX_INLINE", ["getX"]),
    ("CvPlot.h", "getY_INLINE", ["getY"]),
    ("CvUnit.h", "getOwnerINLINE", ["getOwner"]),
]
COMPAT_INFO_CLASSES = ["CvTerrainInfo", "CvFeatureInfo", "CvRouteInfo", "CvImprovementInfo",
                       "CvTechInfo", "CvPromotionInfo", "CvInvisibleInfo", "CvUnitInfo"]
COMPAT_INFOS_LINE = '#include "CvInfos.h" // CvVision compat: the infos\' headers'
COMPAT_UNIT_PARAM = "bool bUpdatePlotGroups, const CvUnit* /*pUnit*/)"
COMPAT_UNIT_CALL = "kPlot.changeVisibilityCount(eTeam, iChange, eInvisible, bUpdatePlotGroups);"


def _masked_header(sdk_dir, name, cache):
    if name not in cache:
        found = find_file(sdk_dir, name)
        cache[name] = None if found is None else mask_code(read_text(os.path.join(sdk_dir, found)))
    return cache[name]


def _tree_headers(sdk_dir, ours):
    """The tree's own headers (not the ones CvVision copies in)."""
    return sorted(n for n in os.listdir(sdk_dir) if n.lower().endswith(".h")
                  and n.lower() not in ours and os.path.isfile(os.path.join(sdk_dir, n)))


_NOT_A_TYPE = {"return", "else", "case", "throw", "new", "delete", "sizeof", "do", "goto"}


def _declares(code, name):
    """True if masked code declares (or defines) a function called name: the name follows a
    return type (a word or a * & >), not a call's . -> :: ( , = or an operator."""
    if code is None:
        return False
    for m in re.finditer(r"\b%s\s*\(" % re.escape(name), code):
        before = code[:m.start()].rstrip()
        if not before:
            continue
        if before.endswith("->") or before[-1] not in "*&>_" and not before[-1].isalnum():
            continue
        word = re.search(r"(\w+)$", before)
        if word is not None and word.group(1) in _NOT_A_TYPE:
            continue
        return True
    return False


def unit_taking_visibility_count(code):
    """True if CvPlot.h's changeVisibilityCount has a parameter after bUpdatePlotGroups that is
    a CvUnit pointer (AdvCiv's advc.071); None if the declaration is not found."""
    for m in re.finditer(r"\bchangeVisibilityCount\s*\(", code or ""):
        close = match_close(code, m.end() - 1)
        if close < 0:
            continue
        params = split_top_level(code[m.end():close], ",")
        return len(params) >= 5 and re.search(r"\bCvUnit\b", params[4]) is not None
    return None


def compat_flavour(sdk_dir, data, plan, sources):
    """The compatibility header's bytes written for the tree in sdk_dir (sources: the names of
    the files CvVision copies in, which are not the tree's)."""
    text = data.decode("latin-1")
    ours = set(n.lower() for n in sources)
    cache, chosen = {}, []
    for header, bts_name, alternatives in COMPAT_RENAMES:
        code = _masked_header(sdk_dir, header, cache)
        names = [bts_name] + alternatives
        found = [n for n in names if _declares(code, n)]
        if not found:  # moved to another header in this fork?
            for other in _tree_headers(sdk_dir, ours):
                found = [n for n in names if _declares(_masked_header(sdk_dir, other, cache), n)]
                if found:
                    break
        if not found:
            if find_file(sdk_dir, header) is not None:
                plan.warnings.append("%s: neither %s nor %s is declared in the tree; %s keeps "
                                     "%s (sdk-check tells whether it compiles)"
                                     % (header, bts_name, " nor ".join(alternatives),
                                        COMPAT_HEADER, bts_name))
            continue
        if found[0] != bts_name:
            text = re.sub(r"\b%s\b" % re.escape(bts_name), found[0], text)
            chosen.append("%s for %s" % (found[0], bts_name))
    if find_file(sdk_dir, "CvInfos.h") is None:
        files = []
        for other in _tree_headers(sdk_dir, ours):
            if not other.lower().startswith("cvinfo"):
                continue
            code = _masked_header(sdk_dir, other, cache)
            for cls in COMPAT_INFO_CLASSES:
                if re.search(r"\bclass\s+(?:\w+\s+)?%s\b[^;{]*\{" % cls, code) and other not in files:
                    files.append(other)
        if files and COMPAT_INFOS_LINE in text:
            text = text.replace(COMPAT_INFOS_LINE, "\n".join(
                '#include "%s" // CvVision compat: the infos\' headers' % f for f in files))
            chosen.append("%s for CvInfos.h" % ", ".join(files))
        elif not files and find_file(sdk_dir, "CvGlobals.h") is not None:
            plan.warnings.append("%s: no CvInfos.h and no CvInfo*.h declaring %s; %s keeps "
                                 "CvInfos.h" % (sdk_dir, ", ".join(COMPAT_INFO_CLASSES),
                                                COMPAT_HEADER))
    takes_unit = unit_taking_visibility_count(_masked_header(sdk_dir, "CvPlot.h", cache))
    if takes_unit:
        if COMPAT_UNIT_PARAM not in text or COMPAT_UNIT_CALL not in text:
            plan.errors.append("%s: its changeVisibilityCount wrapper is not as sdk-integrate "
                               "expects; cannot make it pass the unit" % COMPAT_HEADER)
        else:
            text = text.replace(COMPAT_UNIT_PARAM, COMPAT_UNIT_PARAM.replace("/*pUnit*/", "pUnit"))
            text = text.replace(COMPAT_UNIT_CALL, COMPAT_UNIT_CALL.replace(
                "bUpdatePlotGroups);", "bUpdatePlotGroups, pUnit);"))
            chosen.append("changeVisibilityCount with the unit")
    if chosen:
        plan.notes.append("%s written for this tree: %s" % (COMPAT_HEADER, "; ".join(chosen)))
    return text.encode("latin-1")


# --------------------------------------------------------------------------------------------
# The plan: every change computed first, written only if nothing was refused.

class Plan(object):
    def __init__(self, sdk_dir):
        self.sdk_dir = sdk_dir
        self.writes = OrderedDict()  # file name -> new bytes
        self.originals = OrderedDict()  # file name -> original bytes, or None if added
        self.modes = {}  # file name -> permission bits of the existing file
        self.actions, self.errors, self.warnings, self.notes = [], [], [], []

    def write(self, name, data):
        """Plan writing data to the file; False (nothing planned) if it already holds data."""
        path = os.path.join(self.sdk_dir, name)
        original = None
        if os.path.exists(path):
            with open(path, "rb") as f:
                original = f.read()
            self.modes[name] = stat.S_IMODE(os.stat(path).st_mode)
        if original == data:
            return False
        self.writes[name] = data
        self.originals[name] = original
        return True


def find_file(directory, name):
    """The name of the file in directory matching name case-insensitively, or None."""
    if os.path.isfile(os.path.join(directory, name)):
        return name
    for entry in sorted(os.listdir(directory)):
        if entry.lower() == name.lower() and os.path.isfile(os.path.join(directory, entry)):
            return entry
    return None


def list_sources(sources_dir):
    names = [n for n in os.listdir(sources_dir)
             if os.path.isfile(os.path.join(sources_dir, n))
             and os.path.splitext(n)[1].lower() in (".h", ".cpp")]
    return sorted(names, key=lambda n: (n.lower(), n))


def includes_pch(data):
    text = mask_code(data.decode("latin-1"), strings=False, directives=False)
    return re.search(_INCLUDE_LINE + r'["<]CvGameCoreDLL\.h[">]', text, re.M) is not None


def with_pch_include(name, data):
    """A copied .cpp that does not include the tree's precompiled header gets it as its first
    line (after a byte order mark), so that builds forcing /Yu"CvGameCoreDLL.h" on every file
    (the forks' Makefiles) compile it. CvVision's own files stay free of it (they build on the
    host)."""
    if not name.lower().endswith(".cpp") or includes_pch(data):
        return data
    bom = to_bytes(BOM)
    start = len(bom) if data.startswith(bom) else 0
    return data[:start] + to_bytes(PCH_LINE) + b"\n" + data[start:]


def read_only(path):
    return os.path.exists(path) and not (os.stat(path).st_mode & stat.S_IWUSR
                                         and os.access(path, os.W_OK))


def check_partial_tree(sdk_dir):
    """Refuse a fork that ships only its changed files (laid over BTS's folder by its users)."""
    missing = [n for n in REQUIRED_FILES if find_file(sdk_dir, n) is None]
    if missing:
        raise Refusal("%s is not a whole CvGameCoreDLL folder: %s not found. A mod that ships "
                      "only the files it changed must be laid over Beyond the Sword's "
                      "CvGameCoreDLL/ first: copy the game's CvGameCoreDLL folder, copy the "
                      "mod's files over it, and run %s on that folder"
                      % (sdk_dir, ", ".join(missing), TOOL))


def plan_text_patch(plan, name, patcher, *extra):
    if name in plan.writes:  # a second patcher of the same file works on the first one's text
        text = plan.writes[name].decode("latin-1")
    else:
        text = read_text(os.path.join(plan.sdk_dir, name))
    new_text, actions = patcher(text, name, *extra)
    if new_text != text:
        plan.write(name, to_bytes(new_text))
        plan.actions.extend(actions)


def plan_build_files(plan, copied):
    """Add the copied files to every project file and Makefile of the tree."""
    sdk_dir = plan.sdk_dir
    build_files = find_build_files(sdk_dir)
    for kind, name in build_files:
        if kind == "vcproj":
            plan_text_patch(plan, name, patch_vcproj, copied, plan.warnings)
        elif kind in ("vcxproj", "filters"):
            depth = name.count("/")
            plan_text_patch(plan, name, patch_vcxproj, copied, "..\\" * depth, plan.warnings)
        else:
            plan_text_patch(plan, name, patch_makefile, copied, plan.notes)
    if not build_files:
        cpp = [n for n in copied if n.lower().endswith(".cpp")]
        plan.notes.append("no project file (*.vcproj, *.vcxproj) or Makefile in %s or one "
                          "folder below: add these files to the mod's own build: %s"
                          % (sdk_dir, ", ".join(cpp)))


def with_line_endings(data, eol):
    """The bytes of a text file with every line ending made eol."""
    return data.replace(b"\r\n", b"\n").replace(b"\n", eol.encode("ascii"))


def build_plan(sdk_dir, sources_dir, force=False):
    plan = Plan(sdk_dir)
    sources = list_sources(sources_dir)

    plot = find_file(sdk_dir, "CvPlot.cpp")
    if plot is None:
        raise Refusal("CvPlot.cpp not found in %s (SDK_DIR must be the game's CvGameCoreDLL "
                      "folder or a mod's copy of it)" % sdk_dir)
    tree_eol = detect_eol(read_text(os.path.join(sdk_dir, plot)))
    check_partial_tree(sdk_dir)

    source_data = OrderedDict()
    for name in sources:
        with open(os.path.join(sources_dir, name), "rb") as f:
            source_data[name] = f.read()
        target = find_file(sdk_dir, name) or name
        existed = os.path.exists(os.path.join(sdk_dir, target))
        data = source_data[name]
        if name.lower() == COMPAT_HEADER.lower():
            data = compat_flavour(sdk_dir, data, plan, sources)
        data = with_pch_include(name, data)
        if plan.write(target, with_line_endings(data, tree_eol)):
            plan.actions.append("%s: %s%s" % (
                target, "updated" if existed else "copied in",
                "" if data is source_data[name] or not name.lower().endswith(".cpp")
                else " (with #include \"%s\" first)" % PCH_HEADER))

    try:
        plan_text_patch(plan, plot, patch_plot_functions, plan.errors, force)
    except Refusal as refusal:
        plan.errors.append(str(refusal))
    plan_unused_cache(plan)

    try:
        plan_text_patch(plan, plot, patch_plot_hooks, plan.warnings)
    except Refusal as refusal:
        plan.warnings.append("%s; %s" % (refusal, HOOKS_FALLBACK))
    game = find_file(sdk_dir, "CvGame.cpp")
    if game is None:
        plan.warnings.append("CvGame.cpp not found: CvVision cannot finish a load by itself; "
                             + HOOKS_FALLBACK)
    else:
        try:
            plan_text_patch(plan, game, patch_game_update, plan.warnings)
        except Refusal as refusal:
            plan.warnings.append("%s; %s" % (refusal, HOOKS_FALLBACK))

    header = find_file(sdk_dir, "CvPlot.h")
    if header is None:
        plan.warnings.append("CvPlot.h not found next to CvPlot.cpp")
    else:
        check_plot_header(read_text(os.path.join(sdk_dir, header)), header, plan.warnings)

    python = find_file(sdk_dir, "CvDLLPython.cpp")
    if python is None:
        plan.errors.append("CvDLLPython.cpp not found in %s (CvVision registers its Python "
                           "interface in DLLPublishToPython)" % sdk_dir)
    else:
        try:
            plan_text_patch(plan, python, patch_python_registration, plan.errors)
        except Refusal as refusal:
            plan.errors.append(str(refusal))

    xml = find_file(sdk_dir, "CvXMLLoadUtilitySet.cpp")
    if xml is None:
        plan.warnings.append("CvXMLLoadUtilitySet.cpp not found; the CvVision knobs will then "
                             "only be read from GlobalDefinesAlt.xml (or by the mod's modular "
                             "loading of *_GlobalDefines.xml)")
    else:
        plan_text_patch(plan, xml, patch_global_defines, plan.warnings)

    copied = [find_file(sdk_dir, n) or n for n in sources]
    plan_build_files(plan, copied)
    for name in plan.writes:
        if read_only(os.path.join(sdk_dir, name)):
            plan.errors.append("%s is read-only: make it writable (chmod u+w, or untick "
                               "Read-only in its properties) and run again" % name)
    return plan


# --------------------------------------------------------------------------------------------
# Backup, apply, revert.

def sha256(data):
    return hashlib.sha256(data).hexdigest()


def write_bytes(path, data, mode=None):
    """Write through a temporary file; the file keeps its permission bits (mode, or those of the
    file it replaces)."""
    if mode is None and os.path.exists(path):
        mode = stat.S_IMODE(os.stat(path).st_mode)
    temporary = path + ".cvvision-tmp"
    with open(temporary, "wb") as f:
        f.write(data)
    if mode is not None:
        os.chmod(temporary, mode)
    os.replace(temporary, path)


def load_manifest(sdk_dir):
    path = os.path.join(sdk_dir, BACKUP_DIR, MANIFEST)
    if not os.path.exists(path):
        return None
    try:
        with open(path, "r", encoding="utf-8") as f:
            manifest = json.load(f)
        if not isinstance(manifest.get("modified"), list) or not isinstance(
                manifest.get("added"), list):
            raise ValueError("no 'modified' and 'added' lists")
    except (ValueError, OSError) as error:
        raise Refusal("%s: unreadable backup manifest (%s)" % (path, error))
    manifest.setdefault("integrated", {})
    manifest.setdefault("modes", {})
    return manifest


def save_manifest(sdk_dir, manifest):
    data = json.dumps(manifest, indent=2, sort_keys=True) + "\n"
    write_bytes(os.path.join(sdk_dir, BACKUP_DIR, MANIFEST), data.encode("utf-8"))


def apply_plan(plan):
    """Back up what is not backed up yet, then write. Returns the backup folder."""
    backup = os.path.join(plan.sdk_dir, BACKUP_DIR)
    manifest = load_manifest(plan.sdk_dir) or {
        "tool": TOOL, "format": 1, "modified": [], "added": [], "integrated": {}, "modes": {}}
    os.makedirs(backup, exist_ok=True)
    for name, original in plan.originals.items():
        if name in manifest["modified"] or name in manifest["added"]:
            continue  # the first run's backup stays as it is
        if original is None:
            manifest["added"].append(name)
        else:
            copy = os.path.join(backup, name)
            if not os.path.exists(copy):
                os.makedirs(os.path.dirname(copy), exist_ok=True)
                write_bytes(copy, original)
            manifest["modified"].append(name)
            manifest["modes"][name] = "%04o" % plan.modes[name]
    save_manifest(plan.sdk_dir, manifest)
    for name, data in plan.writes.items():
        write_bytes(os.path.join(plan.sdk_dir, name), data)
        manifest["integrated"][name] = sha256(data)
    save_manifest(plan.sdk_dir, manifest)
    return backup


def revert(sdk_dir, out):
    manifest = load_manifest(sdk_dir)
    backup = os.path.join(sdk_dir, BACKUP_DIR)
    if manifest is None:
        raise Refusal("no CvVision backup in %s (%s/%s is missing): nothing to revert"
                      % (sdk_dir, BACKUP_DIR, MANIFEST))
    missing = [n for n in manifest["modified"] if not os.path.isfile(os.path.join(backup, n))]
    if missing:
        raise Refusal("%s: the backup of %s is missing; nothing was changed"
                      % (backup, ", ".join(missing)))
    locked = [n for n in manifest["modified"] if read_only(os.path.join(sdk_dir, n))]
    if locked:
        raise Refusal("%s read-only: make %s writable (chmod u+w) and run again; nothing was "
                      "changed" % (", ".join(locked), "it" if len(locked) == 1 else "them"))
    modes = manifest.get("modes", {})
    integrated = manifest.get("integrated", {})

    def edited(path, name):
        if name not in integrated or not os.path.isfile(path):
            return False
        with open(path, "rb") as f:
            return sha256(f.read()) != integrated[name]

    for name in manifest["modified"]:
        path = os.path.join(sdk_dir, name)
        was_edited = edited(path, name)
        mode = modes.get(name)
        with open(os.path.join(backup, name), "rb") as f:
            write_bytes(path, f.read(), int(mode, 8) if isinstance(mode, str) else None)
        out("  %s: original restored%s" % (name, " (edits made since the integration are "
                                           "discarded)" if was_edited else ""))
    for name in manifest["added"]:
        path = os.path.join(sdk_dir, name)
        if os.path.isfile(path):
            was_edited = edited(path, name)
            os.remove(path)
            out("  %s: removed (it was added by %s)%s"
                % (name, TOOL, " (it had been edited since)" if was_edited else ""))
    shutil.rmtree(backup)
    out("reverted %s: %d file(s) restored, %d removed, %s/ deleted"
        % (sdk_dir, len(manifest["modified"]), len(manifest["added"]), BACKUP_DIR))


# --------------------------------------------------------------------------------------------
# Command line.

class _Parser(argparse.ArgumentParser):
    def error(self, message):
        raise UsageError(message)


def parse_arguments(argv):
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
                        default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                             os.pardir, os.pardir, "CvGameCoreDLL"))
    return parser.parse_args(argv)


def integrate(arguments, out, err):
    sdk_dir, sources_dir = arguments.sdk_dir, os.path.normpath(arguments.sources)
    if not os.path.isdir(sources_dir):
        raise UsageError("--sources %s: not a folder" % sources_dir)
    if not list_sources(sources_dir):
        raise UsageError("--sources %s: no *.h or *.cpp files" % sources_dir)
    if os.path.realpath(sources_dir) == os.path.realpath(sdk_dir):
        raise UsageError("SDK_DIR is CvVision's own source folder")
    plan = build_plan(sdk_dir, sources_dir, arguments.force)
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


def compile_check(arguments, out, err):
    """--compile-check: tools/sdk/sdk_check.py on SDK_DIR (which it does not change)."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import sdk_check
    try:
        return sdk_check.check(arguments.sdk_dir, arguments.boost, arguments.python,
                               arguments.sources, jobs=max(1, min(4, os.cpu_count() or 1)),
                               out=out, err=err, force=arguments.force)
    except sdk_check.UsageError as error:
        raise UsageError(str(error))


def main(argv=None):
    out = lambda line: print(line, flush=True)
    err = lambda line: print(line, file=sys.stderr, flush=True)
    try:
        arguments = parse_arguments(sys.argv[1:] if argv is None else argv)
        if not os.path.isdir(arguments.sdk_dir):
            raise UsageError("%s: not a folder" % arguments.sdk_dir)
        if (arguments.boost or arguments.python) and not arguments.compile_check:
            raise UsageError("--boost and --python go with --compile-check")
        if arguments.revert:
            revert(arguments.sdk_dir, out)
            return EXIT_OK
        if arguments.compile_check:
            return compile_check(arguments, out, err)
        return integrate(arguments, out, err)
    except UsageError as error:
        err("%s: error: %s" % (TOOL, error))
        err("usage: %s [--check | --revert | --compile-check] [--force] [--sources DIR] SDK_DIR  "
            "(see --help)"
            % TOOL)
        return EXIT_USAGE
    except Refusal as refusal:
        err("error: %s" % refusal)
        return EXIT_REFUSED


if __name__ == "__main__":
    sys.exit(main())
