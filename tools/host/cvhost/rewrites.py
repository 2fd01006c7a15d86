"""The named rewrites that make a tree's code, written for Visual C++ 2003, compile with clang for
the host. Each is mechanical and small, applied to the build copy only (the modder's tree is never
touched), and recorded in the build's journal (rewrites.txt).

Two kinds:
- **error-driven** rewrites act on one compiler error at the place the error names (the line, the
  column, the operands' ranges), never on text that merely looks alike: a textual rewrite of
  `return p ? p->f() : NULL;` once also changed lines in functions returning bool, and so their
  meaning (spec whole-core-on-linux.md section 8);
- **source** rewrites act on a construct that compiles but does not run on Linux, recognised
  exactly (an include path, a variadic function reading its arguments by address).

Texts are handled as latin-1 strings: one character per byte, as clang's columns count.
"""

import re
from typing import Callable, Dict, List, NamedTuple, Optional, Sequence

from .diagnostics import Diagnostic, Position


class Edit(NamedTuple):
    start: int  # offset in the text
    end: int
    text: str


class Applied(NamedTuple):
    rewrite: str
    path: str
    line: int
    before: str
    after: str


def strip_comments(text: str) -> str:
    """The text without its comments (each replaced by a space or dropped to the line's end)."""
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def apply_edits(text: str, edits: Sequence[Edit]) -> str:
    """The text with non-overlapping edits applied (in any order given)."""
    out = []
    last = 0
    for e in sorted(edits, key=lambda e: (e.start, e.end)):
        if e.start < last:
            raise ValueError("overlapping edits at offset %d" % e.start)
        out.append(text[last:e.start])
        out.append(e.text)
        last = e.end
    out.append(text[last:])
    return "".join(out)


class Lines(object):
    """Offsets of a text's lines, to turn clang's (line, column) into offsets and back."""

    def __init__(self, text: str):
        self.text = text
        self.starts = [0]
        for m in re.finditer("\n", text):
            self.starts.append(m.end())

    def offset(self, position: Position) -> int:
        line, column = position
        return self.starts[line - 1] + column - 1

    def line_of(self, offset: int) -> int:
        lo, hi = 0, len(self.starts) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.starts[mid] <= offset:
                lo = mid
            else:
                hi = mid - 1
        return lo + 1

    def line_text(self, line: int) -> str:
        start = self.starts[line - 1]
        end = self.starts[line] if line < len(self.starts) else len(self.text)
        return self.text[start:end].rstrip("\r\n")


# ---------------------------------------------------------------------------------------------
# Error-driven rewrites: each takes the error and the file's text, and gives its edits or None.

ErrorRewrite = Callable[[Diagnostic, Lines], Optional[List[Edit]]]

_DECLARED_IN_FOR = r"\bfor\s*\(\s*((?:const\s+)?[A-Za-z_][\w:]*(?:\s*<[^;()]*>)?[\s\*&]+)%s\s*="


def for_scope(d: Diagnostic, lines: Lines) -> Optional[List[Edit]]:
    """MSVC 2003's old `for` scope: a variable declared in a for's init outlives the loop.

    On "use of undeclared identifier 'X'", the nearest earlier `for (TYPE X = ...` of the file is the
    declaration MSVC found. If the error is the init of a later loop (`for (X = ...`), that loop
    declares its own X (`for (TYPE X = ...`): the same variable for as long as the loop lasts. Else X
    is read after the loop that declared it, and that declaration moves before its loop
    (`TYPE X; for (X = ...`), when the loop starts its own line after a complete statement or a
    brace, so that nothing else changes scope.
    """
    m = re.match(r"use of undeclared identifier '(\w+)'$", d.message)
    if not m:
        return None
    name = m.group(1)
    at = lines.offset((d.line, d.column))
    declared = list(re.finditer(_DECLARED_IN_FOR % re.escape(name), lines.text[:at]))
    if not declared:
        return None
    decl = declared[-1]
    type_text = decl.group(1).strip()
    before_name = lines.text[lines.starts[d.line - 1]:at]
    if re.search(r"\bfor\s*\(\s*$", before_name) and re.match(r"%s\s*=" % re.escape(name), lines.text[at:]):
        return [Edit(at, at, type_text + " ")]
    for_at = decl.start()
    decl_line = lines.line_of(for_at)
    if not re.match(r"\s*for\b", lines.line_text(decl_line)):
        return None
    previous = decl_line - 1
    while previous >= 1 and not lines.line_text(previous).strip():
        previous -= 1
    before = lines.line_text(previous).split("//")[0].rstrip() if previous >= 1 else "{"
    if before and before[-1] not in ";{}":
        return None
    type_start, type_end = decl.start(1), decl.end(1)
    return [Edit(for_at, for_at, "%s %s; " % (type_text, name)), Edit(type_start, type_end, "")]


def for_scope_reuse(d: Diagnostic, lines: Lines) -> Optional[List[Edit]]:
    """MSVC 2003's old `for` scope, the other way: a loop declares a variable that an earlier loop of
    the block already declared (MSVC took it as the same variable, clang as a redefinition once
    for-scope has moved the first declaration before its loop). On "redefinition of 'X'" at the X of
    `for (TYPE X = ...`, the loop uses the variable already declared: `for (X = ...`; at a
    declaration for-scope moved (`TYPE X; for (X = ...`), that declaration goes.""" 
    m = re.match(r"redefinition of '(\w+)'", d.message)
    if not m:
        return None
    at = lines.offset((d.line, d.column))
    line_start = lines.starts[d.line - 1]
    name = m.group(1)
    decl = re.search((_DECLARED_IN_FOR % re.escape(name)) + r"$", lines.text[line_start:at + len(name)] + "=")
    if decl:
        return [Edit(line_start + decl.start(1), line_start + decl.end(1), "")]
    # for-scope's own `TYPE X; for (X = ...` where the block had X already.
    hoisted = re.compile(r"([A-Za-z_][\w:]*[\s\*&]+)%s; (?=for\s*\(\s*%s\s*=)" % (re.escape(name), re.escape(name)))
    found = hoisted.search(lines.text, line_start, lines.starts[d.line] if d.line < len(lines.starts) else None)
    if found and found.start() <= at < found.end():
        return [Edit(found.start(), found.end(), "")]
    return None


_AKA = r"(?: \(aka '[^']+'\))?"
_CONDITIONAL = [
    re.compile(r"conditional expression is ambiguous; '(?P<a>[^']+)'%s can be converted to '(?P<b>[^']+)'%s and vice versa$"
               % (_AKA, _AKA)),
    re.compile(r"incompatible operand types \('(?P<a>[^']+)'%s and '(?P<b>[^']+)'%s\)$" % (_AKA, _AKA)),
]


def _is_class(type_name: str) -> bool:
    return not type_name.rstrip().endswith(("*", "&")) and type_name.split()[-1] not in (
        "int", "bool", "char", "long", "short", "float", "double", "void", "unsigned")


def _bare(type_name: str) -> str:
    return re.sub(r"\b(const|volatile)\b\s*", "", type_name).strip()


def conditional_operands(d: Diagnostic, lines: Lines) -> Optional[List[Edit]]:
    """MSVC's looser `?:` between a string class and a pointer or a base class.

    "ambiguous; 'const wchar *' can be converted to 'CvWString' and vice versa": the pointer operand
    becomes the class (`CvWString(...)`), by value as MSVC's result was. "incompatible operand types
    ('const CvWString' and 'std::wstring')": MSVC ignored the const and took the base class, so the
    derived operand becomes the base (`std::wstring(...)`). The operands are the ranges clang gives.
    """
    for pattern in _CONDITIONAL:
        m = pattern.match(d.message)
        if m:
            break
    else:
        return None
    if len(d.ranges) != 2:
        return None
    a, b = m.group("a"), m.group("b")
    if _is_class(a) and _is_class(b):
        target, which = _bare(b), 0  # derived (first) to base (second)
    elif _is_class(b):
        target, which = _bare(b), 0
    elif _is_class(a):
        target, which = _bare(a), 1
    else:
        return None
    start, end = d.ranges[which]
    s, e = lines.offset(start), lines.offset(end)
    return [Edit(s, s, target + "("), Edit(e, e, ")")]


def void_conditional(d: Diagnostic, lines: Lines) -> Optional[List[Edit]]:
    """`return p ? p->voidFunction() : NULL;` in a void function: MSVC took `NULL` (0) as a void
    operand. The non-void operand becomes `(void)(...)`."""
    m = re.match(r"(left|right) operand to \? is void, but (left|right) operand is of type '[^']+'$", d.message)
    if not m or len(d.ranges) != 2:
        return None
    start, end = d.ranges[0 if m.group(2) == "left" else 1]
    s, e = lines.offset(start), lines.offset(end)
    return [Edit(s, s, "(void)("), Edit(e, e, ")")]


def _cp1252_escape(ch: str) -> str:
    try:
        code = ord(ch.encode("latin-1").decode("cp1252"))
    except UnicodeDecodeError:
        code = ord(ch)
    return "\\u%04X" % code


def wide_literal_bytes(d: Diagnostic, lines: Lines) -> Optional[List[Edit]]:
    """A byte of Windows code page 1252 inside a wide literal (`L"...\xD7..."`): MSVC read it in the
    code page, clang wants UTF-8. Each such byte of the literal becomes its `\\uXXXX` escape."""
    if d.message != "illegal character encoding in string literal":
        return None
    at = lines.offset((d.line, d.column))
    text = lines.text
    start = text.rfind('L"', lines.starts[d.line - 1], at + 1)
    if start < 0:
        return None
    i = start + 2
    edits = []
    while i < len(text) and text[i] not in '"\n':
        if text[i] == "\\":
            i += 2
            continue
        if ord(text[i]) >= 0x80:
            edits.append(Edit(i, i + 1, _cp1252_escape(text[i])))
        i += 1
    return edits or None


def expression_end(text: str, start: int, stops: str = ",;") -> int:
    """The end of the expression that starts at `start`: the first of `stops`, or a closing
    bracket, at its own depth (strings and character literals skipped; `::` is no `:`)."""
    depth = 0
    i = start
    while i < len(text):
        c = text[i]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            if depth == 0:
                return i
            depth -= 1
        elif c == ":" and text[i:i + 2] == "::":
            i += 2
            continue
        elif c in stops and depth == 0:
            return i
        elif c in "\"'":
            i += 1
            while i < len(text) and text[i] != c:
                i += 2 if text[i] == "\\" else 1
        i += 1
    return i


def _argument_end(text: str, start: int) -> int:
    """The end of a call's argument that starts at `start`: the next `,` or `)` at its depth."""
    return expression_end(text, start, ",")


def string_through_varargs(d: Diagnostic, lines: Lines) -> Optional[List[Edit]]:
    """A string object passed to a variadic function (`Format(L"%s", ..., szString)`): MSVC copied its
    bytes, which no format reads correctly; clang refuses. The argument passes its characters
    (`(szString).c_str()`), the only reading a `%s` can make of it."""
    m = re.match(r"cannot pass object of non-trivial type '(?:const )?(\w*[Ss]tring[AW]?|std::w?string)'(?: \(aka "
                 r"'(?:const )?(\w*[Ss]tring[AW]?|std::w?string|[^']+)'\))? through variadic", d.message)
    m = m if m else re.match(r"cannot pass object of non-trivial type '[^']+' \(aka '(?:const )?(\w*[Ss]tring[AW]?|"
                             r"std::w?string)'\) through variadic", d.message)
    if not m:
        return None
    s = lines.offset((d.line, d.column))
    e = _argument_end(lines.text, s)
    while e > s and lines.text[e - 1].isspace():
        e -= 1
    return [Edit(s, s, "("), Edit(e, e, ").c_str()")]


ERROR_REWRITES: Dict[str, ErrorRewrite] = {
    "for-scope": for_scope,
    "for-scope-reuse": for_scope_reuse,
    "conditional-operands": conditional_operands,
    "void-conditional": void_conditional,
    "wide-literal-bytes": wide_literal_bytes,
    "string-through-varargs": string_through_varargs,
}


def rewrite_for(d: Diagnostic, lines: Lines) -> Optional[tuple]:
    """(name, edits) of the first error-driven rewrite that takes this error, or None."""
    for name, rewrite in ERROR_REWRITES.items():
        edits = rewrite(d, lines)
        if edits:
            return name, edits
    return None


# ---------------------------------------------------------------------------------------------
# Source rewrites: each takes a file's path and text, and the names of the tree's files.


def include_paths(text: str, files: Dict[str, str]) -> List[Edit]:
    """`#include ".\\cvreplaymessage.h"` and `"CVInfos.h"`: Windows' file names take either slash
    and any case. A quoted include naming none of the tree's files exactly becomes the tree's name
    for it (`files` maps each lower-case name to the real one); one naming no file is left alone."""
    edits = []
    for m in re.finditer(r'^([ \t]*#[ \t]*include[ \t]*")([^"\n]+)"', text, re.M):
        name = m.group(2)
        plain = name.replace("\\", "/")
        while plain.startswith("./"):
            plain = plain[2:]
        if plain in files.values():
            real = plain
        else:
            real = files.get(plain.lower())
        if real and real != name:
            edits.append(Edit(m.start(2), m.end(2), real))
    return edits


_VARIADIC = re.compile(r"\(([^()]*?)\b(\w+)\s*,\s*\.\.\.\s*\)\s*(?:const\s*)?\{")


def variadic_arguments_by_address(text: str, files: Dict[str, str]) -> List[Edit]:
    """A variadic function that hands its arguments on as `(char*)(&format+1)`, the address past its
    last named parameter: on Windows' x86 calls they follow it on the stack; clang on Linux keeps
    the parameter elsewhere. The expression becomes a `va_list` started in the function's first
    line (`va_start(cvHostArguments, format)`)."""
    edits = []
    for m in _VARIADIC.finditer(text):
        name = m.group(2)
        body = m.end()
        depth, i = 1, body
        while i < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[i], 0)
            i += 1
        uses = list(re.finditer(r"\(\s*char\s*\*\s*\)\s*\(\s*&\s*%s\s*\+\s*1\s*\)" % re.escape(name),
                                text[body:i]))
        if not uses:
            continue
        edits.append(Edit(body, body, " va_list cvHostArguments; va_start(cvHostArguments, %s);" % name))
        for u in uses:
            edits.append(Edit(body + u.start(), body + u.end(), "cvHostArguments"))
    return edits


SOURCE_REWRITES = {
    "include-paths": include_paths,
    "variadic-arguments-by-address": variadic_arguments_by_address,
}
