"""The GlobalDefines patch: CvXMLLoadUtility::SetGlobalDefines reads xml\\CvVision_GlobalDefines.xml
(the knobs file), only if the mod has it, right after the statement reading
xml\\PythonCallbackDefines.xml; in a fork that does not read that file, after the one reading
xml\\GlobalDefinesAlt.xml, else after xml\\GlobalDefines.xml's. Never in a branch of a
preprocessor conditional nor after a return that always happens. A read that cannot be placed is
an error, or with --force a warning (see docs/into-the-game.md, "The integration tool").
"""

import re
from typing import List, Optional, Tuple

from .errors import Refusal
from .names import KNOBS_FILE, LINE_TAG
from .scanner import (
    WORD, Definition, check_balanced, find_definitions, innermost_opener, mask_code, match_close,
    statement_end, statement_start)
from .text import (
    Edit, after_line, apply_edits, detect_eol, detect_indent_unit, leading_whitespace, line_end,
    line_start)


# The files after which the knobs file may be read, best first: after PythonCallbackDefines.xml
# as BTS reads it last; else after GlobalDefinesAlt.xml (forks that dropped the callbacks file);
# else after GlobalDefines.xml itself.
DEFINES_FILES = ("PythonCallbackDefines.xml", "GlobalDefinesAlt.xml", "GlobalDefines.xml")
_KNOBS_LITERAL = re.compile(r'"xml(?:\\\\|/)' + re.escape(KNOBS_FILE) + '"', re.I)
_KNOBS_GUARD = re.compile(r'\benumerateFiles\s*\([^;]*"xml(?:\\\\|/)' + re.escape(KNOBS_FILE) + '"',
                          re.I)
_DIRECTIVE_LINE = re.compile(r"^[ \t]*#[ \t]*(\w+)", re.M)
_ALWAYS_LEAVES = re.compile(r"\b(?:return|throw)\b")
FALLBACK = ("the CvVision knobs will then only be read from GlobalDefinesAlt.xml (or by the "
            "mod's modular loading of *_GlobalDefines.xml)")
BY_HAND = ("add to it, after the read of xml\\GlobalDefines.xml, a read of xml\\%s guarded by "
           "gDLL->enumerateFiles (see docs/into-the-game.md, \"Where each fork reads the knobs\"), "
           "or run with --force to go on without it (%s)" % (KNOBS_FILE, FALLBACK))


def defines_literal(name: str) -> "re.Pattern[str]":
    """The string literal "xml\\\\NAME" (or "xml/NAME") in C++ source, any case."""
    return re.compile(r'"(xml(?:\\\\|/))' + re.escape(name) + '"', re.I)


def copy_defines_statement(text: str, code: str, literal: "re.Match[str]",
                           body_start: int) -> Optional[Edit]:
    """The edit inserting, after the statement that holds `literal`, a copy reading the knobs
    file; None if the statement's shape is not understood."""
    if innermost_opener(code, literal.start(), body_start) != "(":
        return None  # e.g. a list of file names: copying it would not read another file
    start = statement_start(code, literal.start(), body_start)
    if WORD.match(code, start) and WORD.match(code, start).group(0) in ("else", "case"):
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


def _line_number(text: str, pos: int) -> int:
    return text.count("\n", 0, pos) + 1


def _enclosing_brace(code: str, pos: int, limit: int) -> int:
    """The '{' of the innermost block holding pos (limit: the body's opening brace)."""
    depth = 0
    for i in range(pos - 1, limit, -1):
        c = code[i]
        if c == "}":
            depth += 1
        elif c == "{":
            if depth == 0:
                return i
            depth -= 1
    return limit


class _Conditionals(object):
    """The preprocessor conditionals (#if, #ifdef, #ifndef ... #endif) inside one body: a
    position under one of them is in a branch the build may not compile (#ifdef _DEBUG)."""

    def __init__(self, text: str, start: int, end: int) -> None:
        view = mask_code(text, directives=False)  # comments and strings blanked, directives kept
        self.directives = []  # (position, +1 opens / 0 #else or #elif / -1 closes)
        self.lines = []  # the position of every preprocessor line (#define, #pragma, ... too)
        for m in _DIRECTIVE_LINE.finditer(view, start, end):
            kind = m.group(1)
            self.lines.append(m.start())
            step = 1 if kind in ("if", "ifdef", "ifndef") else -1 if kind == "endif" else 0
            if kind in ("if", "ifdef", "ifndef", "else", "elif", "endif"):
                self.directives.append((m.start(), step))

    def around(self, pos: int) -> bool:
        """True if pos is under a conditional (or after a branch opened outside the body)."""
        depth, stray = 0, False
        for where, step in self.directives:
            if where >= pos:
                break
            if step == 0 and depth == 0:
                stray = True
            depth += step
            if depth < 0:
                stray, depth = True, 0
        return depth > 0 or stray

    def between(self, start: int, end: int) -> bool:
        """True if a preprocessor line is between start and end."""
        return any(start <= where < end for where in self.lines)


def _return_before(code: str, body_start: int, pos: int, conditionals: _Conditionals) -> int:
    """The position of a return (or throw) that always happens before pos, or -1: a statement of
    its own (not the body of an if, else, loop or case) in a block that holds pos, compiled in
    every build."""
    for m in _ALWAYS_LEAVES.finditer(code, body_start + 1, pos):
        where = m.start()
        if conditionals.around(where) or statement_start(code, where, body_start) != where:
            continue
        block = _enclosing_brace(code, where, body_start)
        if match_close(code, block) > pos:
            return where
    return -1


def _place_after(text: str, code: str, definition: Definition, literal: "re.Match[str]",
                 conditionals: _Conditionals) -> Tuple[Optional[Edit], str]:
    """The edit reading the knobs file after the statement holding literal, or None and why not."""
    body_start = definition.open_brace
    line = _line_number(text, literal.start())
    if conditionals.around(literal.start()):
        return None, ("line %d is under a preprocessor conditional (#if/#ifdef), a branch the "
                      "build may not compile" % line)
    leaves = _return_before(code, body_start, literal.start(), conditionals)
    if leaves >= 0:
        return None, ("line %d comes after the %s on line %d, which always happens"
                      % (line, code[leaves:leaves + 6].strip(), _line_number(text, leaves)))
    start = statement_start(code, literal.start(), body_start)
    end = statement_end(code, start)
    if end > start and conditionals.between(start, end):
        return None, ("line %d: the statement has a preprocessor line inside it" % line)
    edit = copy_defines_statement(text, code, literal, body_start)
    if edit is None:
        return None, "line %d: the statement has a shape this tool does not copy" % line
    return edit, ""


def _report(problem: str, warnings: List[str], errors: Optional[List[str]]) -> None:
    """A knobs read that cannot be placed: an error, or with --force (errors None) a warning."""
    if errors is None:
        warnings.append("%s; --force: %s" % (problem, FALLBACK))
    else:
        errors.append("%s; %s" % (problem, BY_HAND))


def _plan_reads(text: str, code: str, view: str, filename: str, definition: Definition,
                edits: List[Edit], actions: List[str]) -> List[str]:
    """Add the edits reading the knobs file after the best defines file the body reads; returns
    why each candidate was left (empty when a read was placed)."""
    conditionals = _Conditionals(text, definition.open_brace, definition.close_brace)
    reasons = []
    for name in DEFINES_FILES:
        placed = False
        for literal in defines_literal(name).finditer(view, definition.open_brace,
                                                       definition.close_brace):
            edit, why = _place_after(text, code, definition, literal, conditionals)
            if edit is None:
                reasons.append('"xml\\\\%s" on %s' % (name, why))
                continue
            edits.append(edit)
            placed = True
            actions.append("%s: CvXMLLoadUtility::SetGlobalDefines: reads xml\\%s after "
                           "xml\\%s" % (filename, KNOBS_FILE, name))
        if placed:
            return []
    return reasons or ["it reads none of xml\\%s" % ", xml\\".join(DEFINES_FILES)]


def patch_global_defines(text: str, filename: str, warnings: List[str],
                         errors: Optional[List[str]] = None) -> Tuple[str, List[str]]:
    """Make every CvXMLLoadUtility::SetGlobalDefines read the knobs file (see DEFINES_FILES). A
    read that cannot be placed goes to errors (the run is refused), or, when errors is None
    (--force), to warnings."""
    code = mask_code(text)
    try:
        check_balanced(code, filename)
    except Refusal as refusal:
        _report("%s (CvXMLLoadUtility::SetGlobalDefines)" % refusal, warnings, errors)
        return text, []
    definitions = find_definitions(code, r"CvXMLLoadUtility\s*::\s*SetGlobalDefines\b")
    if not definitions:
        _report("%s: CvXMLLoadUtility::SetGlobalDefines not found, so nothing reads the knobs "
                "file xml\\%s" % (filename, KNOBS_FILE), warnings, errors)
        return text, []
    view = mask_code(text, strings=False)
    edits: List[Edit] = []
    actions: List[str] = []
    for definition in definitions:
        body = (definition.open_brace, definition.close_brace)
        if _KNOBS_LITERAL.search(view, *body):
            if not _KNOBS_GUARD.search(view, *body):
                warnings.append("%s: CvXMLLoadUtility::SetGlobalDefines reads xml\\%s whether the "
                                "mod has it or not (an earlier sdk-integrate): without the file "
                                "the game shows a \"LoadXML call failed\" box; run --revert, "
                                "then integrate again" % (filename, KNOBS_FILE))
            continue
        reasons = _plan_reads(text, code, view, filename, definition, edits, actions)
        if reasons:
            _report("%s: CvXMLLoadUtility::SetGlobalDefines (line %d): no place to read the "
                    "CvVision knobs file xml\\%s after the defines: %s"
                    % (filename, _line_number(text, definition.name_start), KNOBS_FILE,
                       "; ".join(reasons)), warnings, errors)
    return apply_edits(text, edits), actions
