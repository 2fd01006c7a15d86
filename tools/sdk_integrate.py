#!/usr/bin/env python3
"""sdk-integrate: wire CvVision into a copy of the game's CvGameCoreDLL source folder.

Usage:
    sdk-integrate [--check] [--sources DIR] SDK_DIR
    sdk-integrate --revert SDK_DIR
    sdk-integrate --compile-check [--boost DIR] [--python DIR] SDK_DIR
    sdk-integrate --help

SDK_DIR is the game's `CvGameCoreDLL/` source folder (Beyond the Sword/CvGameCoreDLL) or a mod's
fork of it (K-Mod, AdvCiv, BULL, ...). The tool:

 1. copies every *.h and *.cpp of CvVision's `CvGameCoreDLL/` folder (or of --sources DIR) into it,
    with the line endings of the tree's CvPlot.cpp (CRLF or LF); CvVisionSdkCompat.h is written
    with the tree's own names, read from its headers: BTS's *INLINE accessors or a fork's renamed
    ones (getMap, getGridWidth, plotByIndex, getX, getOwner...), CvInfos.h or the CvInfo_*.h
    headers it was split into, and a changeVisibilityCount given the unit where the tree's takes
    one (AdvCiv's advc.071);
 2. replaces the bodies of seven CvPlot member functions in CvPlot.cpp (changeAdjacentSight,
    canSeePlot, canSeeDisplacementPlot, shouldProcessDisplacementPlot, seeFromLevel,
    seeThroughLevel, updateSeeFromSight) by calls to CvVisionSdk, and includes CvVisionSdk.h;
    functions are found by scanning the C++ text and their parameters are matched by type, so
    forks that renamed parameters or added `const` work; an unexpected shape is refused;
 3. registers CvVision's Python interface in DLLPublishToPython (CvDLLPython.cpp);
 4. makes CvXMLLoadUtility::SetGlobalDefines read xml\\CvVision_GlobalDefines.xml right after
    xml\\PythonCallbackDefines.xml (CvXMLLoadUtilitySet.cpp); a warning if it cannot;
 5. adds the copied files to a Visual Studio 2003 project (*.vcproj) if there is one.

Everything is checked before anything is written: a refusal (exit 1) leaves the tree untouched.
The original bytes of every modified file are kept in SDK_DIR/.cvvision-backup/ (never
overwritten by a later run); `--revert` puts them back and deletes the files that were added.
A second run on an integrated tree changes nothing.

Options:
    --check, --dry-run  report what would be done; change nothing
    --revert            restore the original files from SDK_DIR/.cvvision-backup/
    --sources DIR       the folder whose *.h and *.cpp are copied (default: the CvGameCoreDLL/
                        folder next to this tool's folder)
    --compile-check     integrate a temporary copy and compile what changed with MinGW against the
                        tree's headers; report the diagnostics the integration adds (exit 1 if
                        any); SDK_DIR is not changed. See tools/sdk_check.py
    --boost DIR, --python DIR
                        with --compile-check: Boost 1.32 / Python 2.4 include folders (default:
                        SDK_DIR/Boost-1.32.0/include, SDK_DIR/Python24/include)

Exit status: 0 done (or nothing to do), 1 the tree cannot be integrated (or nothing to revert),
2 bad usage.

Python 3.8 or later, standard library only.
"""

import argparse
import hashlib
import json
import os
import re
import shutil
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
BOM = "\xef\xbb\xbf"  # a UTF-8 byte order mark, as read through latin-1

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
# Patchers. Each takes a file's text and returns (new text, actions); problems that forbid the
# integration are collected in `errors`, others in `warnings`.

def closing_indent(text, definition):
    """The whitespace before the body's closing brace (or the signature's line indentation)."""
    before = text[line_start(text, definition.close_brace):definition.close_brace]
    if not before.strip():
        return before
    return leading_whitespace(text, definition.open_brace)


def new_plot_body(call, text, definition, eol, unit):
    close = closing_indent(text, definition)
    inner = close + unit
    return eol + inner + BODY_TAG + eol + inner + call + eol + close


def signature_text(code, definition, qualified_name):
    params = code[definition.open_paren + 1:definition.close_paren]
    shown = ", ".join(" ".join(p.split()) for p in split_top_level(params, ","))
    return "%s(%s)" % (qualified_name, shown.strip())


def patch_plot_functions(text, filename, errors):
    code = mask_code(text)
    check_balanced(code, filename)
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
            body = new_plot_body(function.call.format(**names), text, definition, eol, unit)
            if text[definition.open_brace + 1:definition.close_brace] != body:
                edits.append((definition.open_brace + 1, definition.close_brace, body))
                actions.append("%s: %s%s: body replaced by a call to CvVisionSdk::%s"
                               % (filename, qualified, which, function.name))
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
    first_line_end = copy.find("\n")
    if first_line_end < 0:
        copy = copy + " " + LINE_TAG
    else:
        cut = first_line_end
        if copy[cut - 1:cut] == "\r":
            cut -= 1
        copy = copy[:cut] + " " + LINE_TAG + copy[cut:]
    indent = leading_whitespace(text, start)
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


def file_entry(path, configurations, no_pch, indent, unit, multiline, eol):
    lines = [_tag(indent, unit, multiline, "File", [("RelativePath", path)], ">", eol)]
    if no_pch:
        for configuration in configurations:
            inner = indent + unit
            lines.append(_tag(inner, unit, multiline, "FileConfiguration",
                              [("Name", configuration)], ">", eol))
            lines.append(_tag(inner + unit, unit, multiline, "Tool",
                              [("Name", "VCCLCompilerTool"), ("UsePrecompiledHeader", "0")],
                              "/>", eol))
            lines.append(inner + "</FileConfiguration>")
    lines.append(indent + "</File>")
    return eol.join(lines) + eol


def patch_vcproj(text, filename, sources, warnings):
    """sources: (file name, True if it must be compiled without the precompiled header)."""
    listed = set()
    for path in re.findall(_ATTRIBUTE % "RelativePath", text):
        listed.add(re.split(r"[\\/]", path)[-1].lower())
    missing = [(name, no_pch) for name, no_pch in sources if name.lower() not in listed]
    if not missing:
        return text, []
    files_open = re.search(r"<Files\s*>", text)
    files_close = re.search(r"</Files\s*>", text)
    if not files_open or not files_close or files_close.start() < files_open.end():
        warnings.append("%s: no <Files> section; add these files to the project yourself: %s"
                        % (filename, ", ".join(name for name, _ in missing)))
        return text, []
    configurations = []
    block = re.search(r"<Configurations\s*>(.*?)</Configurations\s*>", text, re.S)
    for tag in re.findall(r"<Configuration\b[^>]*>", block.group(1) if block else ""):
        name = _attribute(tag, "Name")
        if name and name not in configurations:
            configurations.append(name)
    eol = detect_eol(text)
    multiline, unit, prefix = _project_style(text)
    filters = _filters(text, files_open.start(), files_close.start())
    edits, actions = [], []
    for extension, extension_word, name_word in (("cpp", "cpp", "source"),
                                                 ("h", "h", "header")):
        chosen = [(n, p) for n, p in missing if n.lower().endswith("." + extension)]
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
        entries = "".join(file_entry(prefix + name, configurations, no_pch and extension == "cpp",
                                     indent, unit, multiline, eol) for name, no_pch in chosen)
        at = line_start(text, close)
        if text[at:close].strip():
            entries, at = eol + entries, close
        edits.append((at, at, entries))
        for name, no_pch in chosen:
            actions.append("%s: %s added%s" % (filename, name,
                                               " (without the precompiled header)"
                                               if no_pch and extension == "cpp" else ""))
    return apply_edits(text, edits), actions


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
        self.actions, self.errors, self.warnings, self.notes = [], [], [], []

    def write(self, name, data):
        """Plan writing data to the file; False (nothing planned) if it already holds data."""
        path = os.path.join(self.sdk_dir, name)
        original = None
        if os.path.exists(path):
            with open(path, "rb") as f:
                original = f.read()
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


def plan_text_patch(plan, name, patcher, *extra):
    text = read_text(os.path.join(plan.sdk_dir, name))
    new_text, actions = patcher(text, name, *extra)
    if new_text != text:
        plan.write(name, to_bytes(new_text))
        plan.actions.extend(actions)


def with_line_endings(data, eol):
    """The bytes of a text file with every line ending made eol."""
    return data.replace(b"\r\n", b"\n").replace(b"\n", eol.encode("ascii"))


def build_plan(sdk_dir, sources_dir):
    plan = Plan(sdk_dir)
    sources = list_sources(sources_dir)

    plot = find_file(sdk_dir, "CvPlot.cpp")
    if plot is None:
        raise Refusal("CvPlot.cpp not found in %s (SDK_DIR must be the game's CvGameCoreDLL "
                      "folder or a mod's copy of it)" % sdk_dir)
    tree_eol = detect_eol(read_text(os.path.join(sdk_dir, plot)))

    source_data = OrderedDict()
    for name in sources:
        with open(os.path.join(sources_dir, name), "rb") as f:
            source_data[name] = f.read()
        target = find_file(sdk_dir, name) or name
        existed = os.path.exists(os.path.join(sdk_dir, target))
        data = source_data[name]
        if name.lower() == COMPAT_HEADER.lower():
            data = compat_flavour(sdk_dir, data, plan, sources)
        if plan.write(target, with_line_endings(data, tree_eol)):
            plan.actions.append("%s: %s" % (target, "updated" if existed else "copied in"))

    try:
        plan_text_patch(plan, plot, patch_plot_functions, plan.errors)
    except Refusal as refusal:
        plan.errors.append(str(refusal))

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
    project_sources = [(n, n.lower().endswith(".cpp") and not includes_pch(source_data[s]))
                       for n, s in zip(copied, sources)]
    projects = sorted(n for n in os.listdir(sdk_dir)
                      if n.lower().endswith(".vcproj") and os.path.isfile(os.path.join(sdk_dir, n)))
    for project in projects:
        plan_text_patch(plan, project, patch_vcproj, project_sources, plan.warnings)
    if not projects:
        cpp = [n for n, _ in project_sources if n.lower().endswith(".cpp")]
        no_pch = [n for n, flag in project_sources if flag]
        note = ("no *.vcproj in %s: add these files to the mod's own build (Makefile or "
                "project): %s" % (sdk_dir, ", ".join(cpp)))
        if no_pch:
            note += "; compile %s without the precompiled header" % ", ".join(no_pch)
        plan.notes.append(note)
    return plan


# --------------------------------------------------------------------------------------------
# Backup, apply, revert.

def sha256(data):
    return hashlib.sha256(data).hexdigest()


def write_bytes(path, data):
    temporary = path + ".cvvision-tmp"
    with open(temporary, "wb") as f:
        f.write(data)
    if os.path.exists(path):
        shutil.copymode(path, temporary)  # a replaced file keeps its mode (read-only stays so)
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
    return manifest


def save_manifest(sdk_dir, manifest):
    data = json.dumps(manifest, indent=2, sort_keys=True) + "\n"
    write_bytes(os.path.join(sdk_dir, BACKUP_DIR, MANIFEST), data.encode("utf-8"))


def apply_plan(plan):
    """Back up what is not backed up yet, then write. Returns the backup folder."""
    backup = os.path.join(plan.sdk_dir, BACKUP_DIR)
    manifest = load_manifest(plan.sdk_dir) or {
        "tool": TOOL, "format": 1, "modified": [], "added": [], "integrated": {}}
    os.makedirs(backup, exist_ok=True)
    for name, original in plan.originals.items():
        if name in manifest["modified"] or name in manifest["added"]:
            continue  # the first run's backup stays as it is
        if original is None:
            manifest["added"].append(name)
        else:
            copy = os.path.join(backup, name)
            if not os.path.exists(copy):
                write_bytes(copy, original)
            manifest["modified"].append(name)
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
    integrated = manifest.get("integrated", {})

    def edited(path, name):
        if name not in integrated or not os.path.isfile(path):
            return False
        with open(path, "rb") as f:
            return sha256(f.read()) != integrated[name]

    for name in manifest["modified"]:
        path = os.path.join(sdk_dir, name)
        was_edited = edited(path, name)
        with open(os.path.join(backup, name), "rb") as f:
            write_bytes(path, f.read())
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
    mode.add_argument("--compile-check", action="store_true",
                      help="integrate a temporary copy of SDK_DIR and compile it with MinGW "
                      "(i686-w64-mingw32-g++ -fsyntax-only); report only the diagnostics the "
                      "integration adds (exit 1 if any); SDK_DIR is not changed (tools/sdk_check.py)")
    parser.add_argument("--boost", metavar="DIR", help="with --compile-check: Boost 1.32's "
                        "include folder (default: SDK_DIR/Boost-1.32.0/include)")
    parser.add_argument("--python", metavar="DIR", help="with --compile-check: Python 2.4's "
                        "include folder (default: SDK_DIR/Python24/include)")
    parser.add_argument("--sources", metavar="DIR",
                        help="folder whose *.h and *.cpp are copied in (default: %(default)s)",
                        default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                             os.pardir, "CvGameCoreDLL"))
    return parser.parse_args(argv)


def integrate(arguments, out, err):
    sdk_dir, sources_dir = arguments.sdk_dir, os.path.normpath(arguments.sources)
    if not os.path.isdir(sources_dir):
        raise UsageError("--sources %s: not a folder" % sources_dir)
    if not list_sources(sources_dir):
        raise UsageError("--sources %s: no *.h or *.cpp files" % sources_dir)
    if os.path.realpath(sources_dir) == os.path.realpath(sdk_dir):
        raise UsageError("SDK_DIR is CvVision's own source folder")
    plan = build_plan(sdk_dir, sources_dir)
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
    """--compile-check: tools/sdk_check.py on SDK_DIR (which it does not change)."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import sdk_check
    try:
        return sdk_check.check(arguments.sdk_dir, arguments.boost, arguments.python,
                               arguments.sources, jobs=max(1, min(4, os.cpu_count() or 1)),
                               out=out, err=err)
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
        err("usage: %s [--check | --revert | --compile-check] [--sources DIR] SDK_DIR  (see --help)"
            % TOOL)
        return EXIT_USAGE
    except Refusal as refusal:
        err("error: %s" % refusal)
        return EXIT_REFUSED


if __name__ == "__main__":
    sys.exit(main())
