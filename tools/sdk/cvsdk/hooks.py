"""Hooks: CvVision's Python interface registered in DLLPublishToPython, CvVisionSdk told of a
new map, a load and its end (CvPlot::reset or the constructor, CvPlot::read, CvGame::update), and
of a team's change of extra water see-from (CvTeam::changeExtraWaterSeeFromCount: Optics); and
which of them a tree has (Hook, placed_hooks, describe_hooks: what sdk-check lists).
"""

import re
from typing import Callable, List, Optional, Sequence, Tuple

from .includes import plan_sdk_include
from .names import LINE_TAG, PYTHON_INTERFACE, SDK_HEADER
from .scanner import (
    Definition, brace_depth_at, check_balanced, closing_indent, definition_start,
    find_definitions, mask_code)
from .text import (
    Edit, after_line, apply_edits, detect_eol, detect_indent_unit, line_end, line_start)


def patch_python_registration(text: str, filename: str,
                              errors: List[str]) -> Tuple[str, List[str]]:
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


# --------------------------------------------------------------------------------------------
# Hooks that tell CvVisionSdk a new map or a load (CVVISION_LEDGER, CVVISION_AUDIT_ON_LOAD work
# without Python calls): CvPlot::reset (AdvCiv: the CvPlot constructor) and CvPlot::read in
# CvPlot.cpp, CvGame::update in CvGame.cpp.

HOOKS_FALLBACK = ("CVVISION_LEDGER and CVVISION_AUDIT_ON_LOAD then need the Python calls "
                  "CyVision().onGameLoaded() and CyVision().onGameStart()")


def _hook_line(call: str) -> str:
    return "%s; %s" % (call, LINE_TAG)


def hook_edit(text: str, definition: Definition, call: str, at_end: bool) -> Edit:
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


def _add_hook(text: str, code: str, filename: str, definitions: Sequence[Definition], call: str,
              at_end: bool, what: str, edits: List[Edit], actions: List[str]) -> None:
    called = re.compile(r"\b" + re.escape(call.split("(")[0]) + r"\s*\(")
    for definition in definitions:
        if called.search(code, definition.open_brace, definition.close_brace):
            continue
        edits.append(hook_edit(text, definition, call, at_end))
        actions.append("%s: %s calls %s" % (filename, what, call))


def patch_plot_hooks(text: str, filename: str, warnings: List[str]) -> Tuple[str, List[str]]:
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


def patch_game_update(text: str, filename: str, warnings: List[str]) -> Tuple[str, List[str]]:
    code = mask_code(text)
    check_balanced(code, filename)
    updates = [d for d in find_definitions(code, r"CvGame\s*::\s*update\b")
               if not code[d.open_paren + 1:d.close_paren].strip()]
    if not updates:
        warnings.append("%s: CvGame::update() not found: CvVision cannot finish a load by "
                        "itself; %s" % (filename, HOOKS_FALLBACK))
        return text, []
    return _place_first(text, code, filename, updates, "CvVisionSdk::onGameUpdate()",
                        "CvGame::update (first)")


def _place_first(text: str, code: str, filename: str, definitions: Sequence[Definition], call: str,
                 what: str) -> Tuple[str, List[str]]:
    """`call;` first in each definition that lacks it, and the adapter's header included."""
    edits: List[Edit] = []
    actions: List[str] = []
    _add_hook(text, code, filename, definitions, call, False, what, edits, actions)
    if edits:
        include_edit = plan_sdk_include(text, code, detect_eol(text))
        if include_edit:
            edits.append(include_edit)
            actions.append('%s: #include "%s" added' % (filename, SDK_HEADER))
    return apply_edits(text, edits), actions


# --------------------------------------------------------------------------------------------
# Optics: CvTeam::changeExtraWaterSeeFromCount re-sights the whole map around the change; a
# CvVisionSdkSeeFromChange first in its body makes that re-sight change only the sources the
# change reaches (the tree's own code is kept as it is, the map's loop included).

SEE_FROM_CHANGE_GUARD = "CvVisionSdkSeeFromChange kCvVisionSeeFromChange(getID())"
SEE_FROM_CHANGE_FALLBACK = ("a team learning Optics then re-sights the whole map as the tree does "
                            "(correct, but at the tree's cost)")


def patch_team_hooks(text: str, filename: str, warnings: List[str]) -> Tuple[str, List[str]]:
    code = mask_code(text)
    check_balanced(code, filename)
    changes = find_definitions(code, r"CvTeam\s*::\s*changeExtraWaterSeeFromCount\b")
    if not changes:
        warnings.append("%s: CvTeam::changeExtraWaterSeeFromCount not found: %s"
                        % (filename, SEE_FROM_CHANGE_FALLBACK))
        return text, []
    return _place_first(text, code, filename, changes, SEE_FROM_CHANGE_GUARD,
                        "CvTeam::changeExtraWaterSeeFromCount (first)")


# --------------------------------------------------------------------------------------------
# Which hooks a tree holds: what `make sdk-check` lists after integrating.

class Hook(object):
    def __init__(self, what: str, filename: str, functions: str, call: str) -> None:
        self.what, self.filename = what, filename
        self.functions = functions  # a pattern of the qualified names it may stand in
        self.call = call  # a pattern of the hook itself


HOOKS = [
    Hook("a new map", "CvPlot.cpp", r"CvPlot\s*::\s*(?:reset|CvPlot)\b",
         r"\bCvVisionSdk\s*::\s*onPlotReset\s*\("),
    Hook("a loaded game", "CvPlot.cpp", r"CvPlot\s*::\s*read\b",
         r"\bCvVisionSdk\s*::\s*onPlotRead\s*\("),
    Hook("the end of a load", "CvGame.cpp", r"CvGame\s*::\s*update\b",
         r"\bCvVisionSdk\s*::\s*onGameUpdate\s*\("),
    Hook("Optics", "CvTeam.cpp", r"CvTeam\s*::\s*changeExtraWaterSeeFromCount\b",
         r"\bCvVisionSdkSeeFromChange\b"),
    Hook("in-game Python", "CvDLLPython.cpp", r"DLLPublishToPython\b",
         r"(?<![\w:.>])%s\s*\(\s*\)\s*;" % PYTHON_INTERFACE),
    Hook("the knobs file", "CvXMLLoadUtilitySet.cpp", r"CvXMLLoadUtility\s*::\s*SetGlobalDefines\b",
         r'"xml(?:\\\\|/)CvVision_GlobalDefines\.xml"'),
]


def _qualified_name(code: str, definition: Definition) -> str:
    return " ".join(code[definition.name_start:definition.open_paren].split()).replace(" ", "")


def placed_hooks(read: Callable[[str], Optional[str]]) -> List[Tuple[Hook, List[str]]]:
    """For each hook, the functions of the tree that hold it (none: not placed). read(filename)
    gives a file's text, or None when the tree has no such file."""
    report = []
    for hook in HOOKS:
        text = read(hook.filename)
        holders: List[str] = []
        if text is not None:
            code = mask_code(text)
            view = mask_code(text, strings=False)
            for definition in find_definitions(code, hook.functions):
                if re.search(hook.call, view[definition.open_brace:definition.close_brace]):
                    holders.append(_qualified_name(code, definition))
        report.append((hook, holders))
    return report


def describe_hooks(report: Sequence[Tuple[Hook, List[str]]]) -> List[str]:
    """The lines that list the hooks placed and those that are not."""
    placed = ["%s (%s)" % (", ".join(sorted(set(h))), hook.what) for hook, h in report if h]
    missing = ["%s in %s" % (hook.what, hook.filename) for hook, h in report if not h]
    lines = ["hooks placed: %s" % ("; ".join(placed) if placed else "none")]
    if missing:
        lines.append("hooks NOT placed: %s" % "; ".join(missing))
    return lines
