"""What becomes dead with a replaced body (AdvCiv's advc.003h cache), put under #if 0.
"""

import os
import re
from collections import OrderedDict
from typing import Dict, List, Optional, Tuple

from .changes import Plan
from .files import read_text, to_bytes
from .scanner import (
    brace_depth_at, definition_start, find_definitions, mask_code, statement_end,
    statement_start)
from .text import after_line, apply_edits, detect_eol, line_end, line_start
from .version import cvvision_version

Piece = Tuple[str, int, int, bool]  # (file name, start, end, alone on its lines)


# --------------------------------------------------------------------------------------------
# What becomes dead with a replaced body. AdvCiv (advc.003h) caches the largest visibility range
# for updateSeeFromSight in a static CvPlot member set by CvPlot::setMaxVisibilityRangeCache()
# (called from CvMap::setupGraphical). CvVisionSdk::updateSeeFromSight re-sights within
# CvVisionSdk::resightRadius(), computed once with the rules (per-unit-type extra ranges
# included), so once the body is replaced the cache has no reader: its pieces go under #if 0,
# as K-Mod keeps original code. A piece this tool cannot put under #if 0 safely stays, with a
# warning (and so do the pieces that depend on it).

class DeadCache(object):
    def __init__(self, member: str, setter: str, origin: str) -> None:
        self.member, self.setter, self.origin = member, setter, origin


DEAD_CACHES = [DeadCache("m_iMaxVisibilityRangeCache", "setMaxVisibilityRangeCache", "advc.003h")]
UNUSED_TAG = ("// CvVision %s (sdk-integrate): unused since CvPlot::updateSeeFromSight calls "
              "CvVisionSdk (%s)")


def _alone_on_lines(code: str, start: int, end: int) -> bool:
    """True if nothing but the piece [start, end) is code on its lines."""
    return (not code[line_start(code, start):start].strip()
            and not code[end:line_end(code, max(start, end - 1))].strip())


def _statement_at(code: str, pos: int) -> Optional[Tuple[int, int]]:
    """(start, end) of the statement holding pos, or None."""
    start = statement_start(code, pos, -1)
    access = re.match(r"(?:public|protected|private)\s*:\s*", code[start:pos])
    if access:
        start += access.end()
    end = statement_end(code, start)
    return None if end < 0 or end <= pos else (start, end)


def find_cache_pieces(texts: Dict[str, str], cache: DeadCache
                      ) -> Tuple[Dict[str, List[Piece]], List[Tuple[str, int, str]]]:
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


def plan_unused_cache(plan: Plan) -> None:
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

        def wrap_all(kind: str, allowed: bool, why: str) -> bool:
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
        # line numbers only for the files not changed already
        def where(name: str, line: int) -> str:
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
