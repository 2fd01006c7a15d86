"""The GlobalDefines patch: CvXMLLoadUtility::SetGlobalDefines reads
xml\\CvVision_GlobalDefines.xml after xml\\PythonCallbackDefines.xml, only if the mod has the file.
"""

import re
from typing import List, Optional, Tuple

from .errors import Refusal
from .names import KNOBS_FILE, LINE_TAG
from .scanner import (
    WORD, check_balanced, find_definitions, innermost_opener, mask_code, statement_end,
    statement_start)
from .text import (
    Edit, after_line, apply_edits, detect_eol, detect_indent_unit, leading_whitespace, line_end,
    line_start)


_CALLBACK_LITERAL = re.compile(r'"(xml(?:\\\\|/))PythonCallbackDefines\.xml"', re.I)
_KNOBS_LITERAL = re.compile(r'"xml(?:\\\\|/)' + re.escape(KNOBS_FILE) + '"', re.I)
_KNOBS_GUARD = re.compile(r'\benumerateFiles\s*\([^;]*"xml(?:\\\\|/)' + re.escape(KNOBS_FILE) + '"',
                          re.I)


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


def patch_global_defines(text: str, filename: str, warnings: List[str]) -> Tuple[str, List[str]]:
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
