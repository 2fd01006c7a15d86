"""Rewrites found in the compiled program rather than in an error: constructs that clang accepts
but that do not do on Linux what they did under Visual C++ 2003. Each is an AST matcher run with
clang-query (Debian's clang-tools) over every core file once the copy compiles, and a rewrite at
the places it binds.

class-or-null-conditional
    `return m_paszTags ? m_paszTags[i] : NULL;` in a function returning `const TCHAR*`: the
    operands are a string object and a null pointer, so C++ makes the conditional a temporary
    string, and the pointer returned is into that temporary, freed at once (MSVC 2003 gave the
    string's own characters). The object operand is converted to the pointer type first, as the
    conversion that follows names it: `m_paszTags ? (const char*)(m_paszTags[i]) : NULL`, which
    points into the tree's own string. BTS's unit art tags read through this, and the game's XML
    load stops on them otherwise.

undefined-inline
    `inline void AI_setMemoryCount(...);` declared in a class (AdvCiv's CvPlayerAI.h) and defined in
    one .cpp only, and called from other units: Visual C++ 2003 emitted the definition out of line
    and the other units called it; clang emits no inline function a unit does not use, and the
    program does not link. A call to an inline function that the calling unit does not define
    (`callExpr(callee(functionDecl(isInline(), unless(hasBody(stmt())))))`) makes the tree's
    declaration lose its `inline`: the function is the one out-of-line definition it was.

Both matchers go down the tree (has, callee), never up (hasParent): a matcher that looks up makes
clang build the parent map of every declaration the file sees, the precompiled header's included,
which cost 0.22 s of the pass's 0.74 s a file on BTS 3.19 (the pass is clang's parse of the file,
0.27 s, and the walk of its declarations).
"""

import concurrent.futures
import os
import re
import subprocess
from typing import Callable, Dict, List, NamedTuple, Sequence, Tuple

from . import rewrites
from .errors import BuildStop

CLANG_QUERY = "clang-query"

_NULL = "expr(ignoringImplicit(anyOf(gnuNullExpr(), cxxNullPtrLiteralExpr(), integerLiteral(equals(0)))))"
_NULL_OPERAND = "expr(hasDescendant(%s)).bind(\"null\")" % _NULL
CLASS_OR_NULL_CONDITIONAL = (
    "memberExpr(member(cxxConversionDecl().bind(\"conversion\")), "
    "has(implicitCastExpr(has(materializeTemporaryExpr(has(conditionalOperator("
    "hasType(hasUnqualifiedDesugaredType(recordType())), "
    "anyOf(hasFalseExpression(%s), hasTrueExpression(%s)), "
    "hasTrueExpression(expr().bind(\"true\")), hasFalseExpression(expr().bind(\"false\"))"
    ").bind(\"conditional\")))))))" % (_NULL_OPERAND, _NULL_OPERAND))

UNDEFINED_INLINE = 'callExpr(callee(functionDecl(isInline(), unless(hasBody(stmt()))).bind("undefined")))'

# (rewrite, matcher, the bind that names a match's place)
QUERIES = [("class-or-null-conditional", CLASS_OR_NULL_CONDITIONAL, "conditional"),
           ("undefined-inline", UNDEFINED_INLINE, "undefined")]

_MATCH = re.compile(r"^Match #\d+:$")
_BIND = re.compile(r'^(?P<path>[^:\n]+):(?P<line>\d+):(?P<column>\d+): note: "(?P<name>\w+)" binds here$')


class Place(NamedTuple):
    path: str
    line: int
    column: int


def parse_matches(output: str) -> List[Dict[str, Place]]:
    """clang-query's `set output diag` lines, grouped into matches (each starts at a "Match #N:"
    line; without those, at each "conditional" bind)."""
    matches: List[Dict[str, Place]] = []
    numbered = False
    for text in output.splitlines():
        if _MATCH.match(text):
            numbered = True
            matches.append({})
            continue
        m = _BIND.match(text)
        if not m:
            continue
        name = m.group("name")
        if not matches or (name == "conditional" and not numbered):
            matches.append({})
        matches[-1][name] = Place(m.group("path"), int(m.group("line")), int(m.group("column")))
    return matches


def _run(flags: Sequence[str], src: str, unit: str) -> str:
    commands = ["-c", "set output diag", "-c", "set bind-root false"]
    for _, matcher, _ in QUERIES:
        commands += ["-c", "match " + matcher]
    done = subprocess.run([CLANG_QUERY] + commands + [unit, "--"] + list(flags), cwd=src, stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL)
    return done.stdout.decode("latin-1")


def conversion_type(text: str, offset: int) -> str:
    """The type a conversion operator declared at `offset` converts to ("const char*")."""
    m = re.compile(r"operator\s+([^()]+?)\s*\(").match(text, offset)
    return " ".join(m.group(1).split()) if m else ""


def edits_for(match: Dict[str, Place], files: Dict[str, rewrites.Lines],
              read) -> List[Tuple[str, rewrites.Edit]]:
    """The edits of one match: (path, edit) pairs, none when the match is not the construct."""
    needed = ("conditional", "true", "false", "null", "conversion")
    if any(n not in match for n in needed):
        return []
    path = match["conditional"].path
    lines = files.get(path) or files.setdefault(path, rewrites.Lines(read(path)))
    conv_lines = files.get(match["conversion"].path) or files.setdefault(
        match["conversion"].path, rewrites.Lines(read(match["conversion"].path)))
    target = conversion_type(conv_lines.text, conv_lines.offset(match["conversion"][1:]))
    if not target:
        return []
    text = lines.text
    true_start = lines.offset(match["true"][1:])
    true_end = rewrites.expression_end(text, true_start, ":")
    false_start = lines.offset(match["false"][1:])
    false_end = rewrites.expression_end(text, false_start, ",;:")
    null_at = lines.offset(match["null"][1:])
    if null_at == false_start:
        start, end = true_start, true_end
        null_text = text[false_start:false_end]
    elif null_at == true_start:
        start, end = false_start, false_end
        null_text = text[true_start:true_end]
    else:
        return []
    if null_text.strip() not in ("NULL", "0", "nullptr"):
        return []
    while end > start and text[end - 1].isspace():
        end -= 1
    return [(path, rewrites.Edit(start, start, "(%s)(" % target)), (path, rewrites.Edit(end, end, ")"))]


def undefined_inline_edits(match: Dict[str, Place], files: Dict[str, rewrites.Lines],
                           read) -> List[Tuple[str, rewrites.Edit]]:
    """The edit of one undefined-inline match: its declaration's `inline` (or `__forceinline`)
    removed; none when the declaration does not say it."""
    place = match.get("undefined")
    if not place:
        return []
    lines = files.get(place.path) or files.setdefault(place.path, rewrites.Lines(read(place.path)))
    text = lines.text
    at = lines.offset(place[1:])
    head = re.compile(r"(?:\s*__declspec\s*\([^()]*\))?[^;{}()]*").match(text, at)
    keyword = re.compile(r"\b(?:__forceinline|inline)\b\s*").search(text, at, head.end())
    if not keyword:
        return []
    return [(place.path, rewrites.Edit(keyword.start(), keyword.end(), ""))]


_EDITS = {"class-or-null-conditional": lambda match, files, read: edits_for(match, files, read),
          "undefined-inline": lambda match, files, read: undefined_inline_edits(match, files, read)}


def apply(src: str, units: Sequence[str], unit_flags: Callable[[str], List[str]], jobs: int, journal) -> int:
    """Runs the matchers over every unit (compiled with unit_flags(unit)) and applies their
    rewrites; gives the number of matches rewritten."""
    outputs: List[str] = []
    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
            outputs = list(pool.map(lambda u: _run(unit_flags(u), src, u), units))
    except OSError as e:
        raise BuildStop("cannot run %s (Debian's clang-tools): %s" % (CLANG_QUERY, e))
    seen = set()
    matches = []  # (rewrite, match)
    for output in outputs:
        for match in parse_matches(output):
            for name, _, key in QUERIES:
                if key in match and (name, match[key]) not in seen:
                    seen.add((name, match[key]))
                    matches.append((name, match))

    def inside(path: str) -> str:
        full = os.path.realpath(os.path.join(src, path))
        return full if full.startswith(os.path.realpath(src) + os.sep) else ""

    def read(path: str) -> str:
        with open(inside(path) or os.path.join(src, path), "rb") as f:
            return f.read().decode("latin-1")

    files: Dict[str, rewrites.Lines] = {}
    by_path: Dict[str, List[Tuple[str, rewrites.Edit]]] = {}
    applied = 0
    for name, match in matches:
        key = dict((n, k) for n, _, k in QUERIES)[name]
        if not inside(match[key].path):
            continue  # in a library's header (Boost, the standard library): not the tree's
        new = [(path, edit) for path, edit in _EDITS[name](match, files, read)
               if all(edit != e for _, e in by_path.get(path, []))]
        for path, edit in new:
            by_path.setdefault(path, []).append((name, edit))
        applied += 1 if new else 0
    for path, named in by_path.items():
        lines = files[path]
        edits = [e for _, e in named]
        changed = sorted(set((name, lines.line_of(e.start)) for name, e in named), key=lambda x: (x[1], x[0]))
        new_text = rewrites.apply_edits(lines.text, edits)
        with open(inside(path), "wb") as f:
            f.write(new_text.encode("latin-1"))
        new_lines = rewrites.Lines(new_text)
        rel = os.path.relpath(inside(path), src)
        for name, line in changed:
            journal.add(name, rel, line, lines.line_text(line), new_lines.line_text(line))
    return applied
