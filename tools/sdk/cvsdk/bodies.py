"""The CvPlot bodies: each of the seven functions found, its parameters matched, and its body
replaced by a call to CvVisionSdk if the body is one this tool knows (or with --force, keeping
the fork's body under #if 0); an unknown body is refused, naming the lines that differ.
"""

import difflib
import re
from typing import List, Optional, Sequence, Tuple

from .fingerprints import (
    BodyLines, Fingerprint, KnownBodies, body_lines, line_fingerprint, load_known_bodies,
    recognise_body)
from .includes import plan_sdk_include
from .names import BODY_TAG, LINE_TAG, SDK_HEADER
from .plot_functions import PLOT_FUNCTIONS, PlotFunction, describe_roles, match_roles
from .scanner import (
    Definition, check_balanced, closing_indent, find_definitions, if0_region_end, mask_code,
    parse_params, skip_space, split_top_level)
from .text import after_line, apply_edits, detect_eol, detect_indent_unit, line_end
from .version import accepted_tag, force_tag


# --------------------------------------------------------------------------------------------
# The bodies this tool replaces. It replaces only bodies it knows: BTS 3.19's (K-Mod's and
# BULL's are the same), AdvCiv's, and bodies it wrote itself. No known body is stored as text:
# sdk_bodies.json holds SHA-256 fingerprints of their normalised lines (comments removed,
# whitespace collapsed, blank lines and line endings ignored), made from the real trees by
# tools/sdk/sdk_fingerprints.py. Any other body is refused, naming the lines that differ, unless
# --force, which keeps the fork's own body in the function under #if 0.
#
# Patchers (here and in hooks, defines, projects) take a file's text and return (new text,
# actions); problems that forbid the integration are collected in `errors`, others in `warnings`.

_PROFILE_STATEMENT = re.compile(r"\s*PROFILE(?:_FUNC)?\s*\((?:[^()]|\([^()]*\))*\)\s*;")
MAX_LINES_SHOWN = 20


def leading_profile(text: str, code: str, definition: Definition) -> List[str]:
    """The body's leading PROFILE_FUNC(); / PROFILE("..."); statements, as written."""
    statements, pos = [], definition.open_brace + 1
    while True:
        m = _PROFILE_STATEMENT.match(code, pos, definition.close_brace)
        if not m:
            return statements
        statements.append(text[skip_space(code, m.start()):m.end()])
        pos = m.end()


def is_integrated(code: str, definition: Definition, function: PlotFunction) -> bool:
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


def kept_blocks(text: str, code: str, definition: Definition) -> str:
    """The `#if 0 // CvVision ...` blocks in an integrated body, each as whole lines."""
    blocks = []
    pos = after_line(text, definition.open_brace)
    while pos < definition.close_brace:
        line = text[pos:line_end(text, pos)]
        if re.match(r"[ \t]*#[ \t]*if[ \t]+0\b.*" + re.escape(LINE_TAG), line):
            end = if0_region_end(text, pos)
            if end < definition.close_brace and re.match(r"[ \t]*#[ \t]*endif\b",
                                                         text[end:line_end(text, end)]):
                blocks.append(text[pos:after_line(text, end)])
                pos = after_line(text, end)
                continue
        pos = after_line(text, pos)
    return "".join(blocks)


def keep_under_if0(body: str, eol: str, tag: Optional[str] = None) -> str:
    """The lines of a fork's own body, under #if 0 with the tag (the --force one by default), as
    whole lines."""
    tag = tag or force_tag()
    first_newline = body.find("\n")
    if first_newline < 0:  # a body on the line of its braces
        return "#if 0 " + tag + eol + body.strip() + eol + "#endif" + eol
    if not body[:first_newline].strip():
        body = body[first_newline + 1:]  # the rest of the line of the opening brace
    last_newline = body.rfind("\n")
    if not body[last_newline + 1:].strip():
        body = body[:last_newline + 1]  # the indentation before the closing brace
    else:
        body += eol
    return "#if 0 " + tag + eol + body + "#endif" + eol


def describe_difference(filename: str, qualified: str, text: str, lines: BodyLines,
                        variants: Sequence[Tuple[str, Fingerprint]]) -> str:
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


def new_plot_body(call: str, text: str, definition: Definition, eol: str, unit: str,
                  profile: Sequence[str] = (), kept: str = "") -> str:
    """The new body: the original's leading PROFILE statements, the tag and the call, then the
    kept blocks (whole lines, e.g. a fork's own body under #if 0)."""
    close = closing_indent(text, definition)
    inner = close + unit
    lines = [inner + statement for statement in profile] + [inner + BODY_TAG, inner + call]
    return eol + eol.join(lines) + eol + kept + close


def signature_text(code: str, definition: Definition, qualified_name: str) -> str:
    params = code[definition.open_paren + 1:definition.close_paren]
    shown = ", ".join(" ".join(p.split()) for p in split_top_level(params, ","))
    return "%s(%s)" % (qualified_name, shown.strip())


def patch_plot_functions(text: str, filename: str, errors: List[str], force: bool = False,
                         known: Optional[KnownBodies] = None,
                         pending: Optional[List[str]] = None) -> Tuple[str, List[str]]:
    """Replace the bodies of PLOT_FUNCTIONS by calls to CvVisionSdk. A body that is a known one
    (see load_known_bodies) or one this tool wrote is replaced. Any other is refused (in errors),
    unless force, which keeps it in the function under #if 0, or unless pending is given: the
    body is then replaced as with force (under the tag of a body accepted by behaviour) and the
    lines that differ are added to pending, for the differential to judge (behaviour.py)."""
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
                elif pending is not None:
                    pending.append(describe_difference(
                        filename, qualified + which, text, lines, known.get(function.name, [])))
                    kept, was = (keep_under_if0(original, eol, accepted_tag()),
                                 "a body of this fork's own, kept under #if 0: accepted only if "
                                 "it sees what CvVision sees (the differential)")
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


def check_plot_header(text: str, filename: str, warnings: List[str]) -> None:
    code = mask_code(text)
    for function in PLOT_FUNCTIONS:
        if not re.search(r"(?<![\w:.>])" + function.name + r"\s*\(", code):
            warnings.append("%s: CvPlot::%s is not declared (CvVision expects CvPlot to "
                            "have it)" % (filename, function.name))
