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

class-or-null-conditional is looked for only in the files that can hold it (units_to_query): a unit
whose own text has a conditional with a null operand (`? NULL :`, `: NULL;`, `0`, `nullptr`, the
only operands its rewrite takes), and, for such a conditional in a header, one unit that includes
the header (its inline functions are the same in every unit), or every unit that includes it when
the header holds a template (instantiated only where used) or the conditional is in a macro
(expanded only where used: every unit then). On BTS 3.19, 33 of the 71 files.
undefined-inline is run only when a header declares an inline function without its body and
does not define it further down (inline_defined_elsewhere): BTS's one such declaration,
`inline static CvGlobals& getInstance();`, is defined in CvGlobals.h itself; AdvCiv's are not.

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


_NULL_OPERAND_TEXT = re.compile(r"\?\s*(?:NULL|0|nullptr)\s*:|(?<![:?]):(?!:)\s*(?:NULL|0|nullptr)(?![\w.])")
_DEFINE_LINE = re.compile(r"^[ \t]*#[ \t]*define\b(?:[^\n]*\\\n)*[^\n]*", re.M)
_INCLUDED = re.compile(r'^[ \t]*#[ \t]*include[ \t]*["<]([^">]+)[">]', re.M)
_TREE_FILES = (".h", ".hpp", ".inl", ".cpp", ".c", ".cxx")


_STRING_LITERAL = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'')


def _tree_texts(src: str) -> Dict[str, str]:
    """Each of the copy's source files (relative path) with its comments and the contents of its
    string and character literals taken out."""
    texts = {}
    for root, dirs, names in os.walk(src):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for name in names:
            if name.lower().endswith(_TREE_FILES):
                path = os.path.join(root, name)
                with open(path, "rb") as f:
                    text = rewrites.strip_comments(f.read().decode("latin-1"))
                    # The includes kept (their names are string literals), every other literal emptied.
                    included = "".join('#include "%s"\n' % name for name in _INCLUDED.findall(text))
                    texts[os.path.relpath(path, src)] = included + _STRING_LITERAL.sub('""', text)
    return texts


def units_to_query(src: str, units: Sequence[str]) -> List[str]:
    """The units class-or-null-conditional must be run on to find every place it binds (the
    module's docstring): in the order of `units`."""
    texts = _tree_texts(src)
    candidates = set(p for p, t in texts.items() if _NULL_OPERAND_TEXT.search(t))
    unit_set = set(os.path.normpath(u) for u in units)
    if any(_NULL_OPERAND_TEXT.search(m.group(0)) for p in candidates - unit_set for m in _DEFINE_LINE.finditer(texts[p])):
        return list(units)  # a header's macro: expanded wherever it is used
    by_name = {}
    for path in texts:
        by_name.setdefault(os.path.basename(path).lower(), path)

    def closure(unit: str) -> set:
        seen, stack = set(), [unit]
        while stack:
            path = stack.pop()
            if path in seen or path not in texts:
                continue
            seen.add(path)
            stack += [by_name[n] for n in (os.path.basename(i.replace("\\", "/")).lower()
                                           for i in _INCLUDED.findall(texts[path])) if n in by_name]
        return seen

    sees = dict((u, closure(os.path.normpath(u))) for u in units)
    chosen = set(u for u in units if os.path.normpath(u) in candidates)
    for header in sorted(candidates - unit_set):
        including = [u for u in units if header in sees[u]]
        if re.search(r"\btemplate\b", texts[header]):
            chosen.update(including)
        elif including and not any(header in sees[u] for u in chosen):
            chosen.add(including[0])
    return [u for u in units if u in chosen]


_INLINE_DECLARATION = re.compile(r"\b(?:inline|__forceinline)\b[^;{}()]*?(\w+)\s*\([^;{}]*\)\s*(?:const\s*)?;")


def inline_defined_elsewhere(texts: Dict[str, str]) -> bool:
    """Whether some header declares an inline function without its body and does not define it
    itself: only then can a unit call an inline function it has no body of."""
    for path, text in texts.items():
        if path.lower().endswith((".cpp", ".c", ".cxx")):
            continue
        for m in _INLINE_DECLARATION.finditer(text):
            body = re.compile(r"\b%s\s*\([^;{}]*\)\s*(?:const\s*)?\{" % re.escape(m.group(1)))
            if not body.search(text, m.end()):
                return True
    return False


def _run(flags: Sequence[str], src: str, unit: str, queries: Sequence[Tuple[str, str, str]] = None) -> str:
    commands = ["-c", "set output diag", "-c", "set bind-root false"]
    for _, matcher, _ in queries if queries is not None else QUERIES:
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
    conditional_units = set(units_to_query(src, units))
    undefined_inline = inline_defined_elsewhere(_tree_texts(src))

    def wanted(unit: str) -> List[Tuple[str, str, str]]:
        return [q for q in QUERIES if (q[0] == "class-or-null-conditional" and unit in conditional_units)
                or (q[0] == "undefined-inline" and undefined_inline)]

    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
            outputs = list(pool.map(lambda u: _run(unit_flags(u), src, u, wanted(u)) if wanted(u) else "", units))
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
