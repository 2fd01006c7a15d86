"""The named rewrites that make a tree's code, written for Visual C++ 2003, compile with clang for
the host. Each is mechanical and small, applied to the build copy only (the modder's tree is never
touched), and recorded in the build's journal (rewrites.txt).

Two kinds:
- **error-driven** rewrites act on one compiler error at the place the error names (the line, the
  column, the operands' ranges), never on text that merely looks alike: a textual rewrite of
  `return p ? p->f() : NULL;` once also changed lines in functions returning bool, and so their
  meaning (docs/host.md, "The rewrites");
- **source** rewrites act on a construct that compiles but does not run on Linux, recognised
  exactly (an include path, a variadic function reading its arguments by address).

Texts are handled as latin-1 strings: one character per byte, as clang's columns count.
"""

import os
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

    def __init__(self, text: str, folder: str = ""):
        self.text = text
        self.folder = folder  # the copy's folder, for a rewrite that reads its other files ("": none)
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


def _without_literals(text: str) -> str:
    """The text with the insides of its string and character literals blanked (same length), line by
    line, so that a scan meets none of their brackets and commas."""
    return re.sub(r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'', lambda m: m.group(0)[0] + " " * (len(m.group(0)) - 2)
                  + m.group(0)[-1], text)


def argument_start(text: str, at: int, lookback: int = 2000) -> int:
    """The start of the call argument that holds offset `at` (clang names a member call by its
    member, `GC.getCurrentXMLFile()` at `getCurrentXMLFile`): back to the `,` or `(` before it at
    its depth, then over white space."""
    low = max(0, at - lookback)
    masked = _without_literals(text[low:at])
    depth = 0
    i = len(masked)
    while i > 0:
        c = masked[i - 1]
        if c in ")]}":
            depth += 1
        elif c in "([{":
            if depth == 0:
                break
            depth -= 1
        elif c in ",;" and depth == 0:
            break
        i -= 1
    start = low + i
    while start < at and text[start].isspace():
        start += 1
    return start


def string_through_varargs(d: Diagnostic, lines: Lines) -> Optional[List[Edit]]:
    """A string object passed to a variadic function (`Format(L"%s", ..., szString)`): MSVC copied its
    bytes, which no format reads correctly; clang refuses. The argument passes its characters
    (`(szString).c_str()`), the only reading a `%s` can make of it (the whole argument: clang names a
    member call at its member, argument_start). clang says it in two ways: "cannot
    pass object of non-trivial type 'X' through variadic ...", and, where the function declares its
    format (Realism Invictus's FAssertMsg), "cannot pass non-trivial object of type 'X' to variadic
    function; expected type from format string was 'char *'"."""
    message = re.sub(r"^cannot pass non-trivial object of type (.*) to variadic function; expected type from "
                     r"format string was .*$", r"cannot pass object of non-trivial type \1 through variadic", d.message)
    m = re.match(r"cannot pass object of non-trivial type '(?:const )?(\w*[Ss]tring[AW]?|std::w?string)'(?: \(aka "
                 r"'(?:const )?(\w*[Ss]tring[AW]?|std::w?string|[^']+)'\))? through variadic", message)
    m = m if m else re.match(r"cannot pass object of non-trivial type '[^']+' \(aka '(?:const )?(\w*[Ss]tring[AW]?|"
                             r"std::w?string)'\) through variadic", message)
    if not m:
        return None
    s = argument_start(lines.text, lines.offset((d.line, d.column)))
    e = _argument_end(lines.text, s)
    while e > s and lines.text[e - 1].isspace():
        e -= 1
    return [Edit(s, s, "("), Edit(e, e, ").c_str()")]


def string_buffer_through_varargs(d: Diagnostic, lines: Lines) -> Optional[List[Edit]]:
    """A `CvWStringBuffer` passed to a variadic function (`logBBAI("%S", szBuffer)`): MSVC copied the
    object, whose first member is its character pointer, so the format read that pointer. The
    argument passes it by the class's own accessor (`(szBuffer).getCString()`)."""
    if not re.match(r"cannot pass object of non-trivial type 'CvWStringBuffer' through variadic", d.message):
        return None
    s = argument_start(lines.text, lines.offset((d.line, d.column)))
    e = _argument_end(lines.text, s)
    while e > s and lines.text[e - 1].isspace():
        e -= 1
    return [Edit(s, s, "("), Edit(e, e, ").getCString()")]


def _skip_blank(text: str, i: int) -> int:
    """The offset of the first character at or after `i` that is neither space nor comment."""
    while i < len(text):
        if text[i].isspace():
            i += 1
        elif text.startswith("//", i):
            end = text.find("\n", i)
            i = len(text) if end < 0 else end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            i = len(text) if end < 0 else end + 2
        else:
            break
    return i


_CLOSING = {"{": "}", "(": ")", "[": "]"}


def matching_bracket(text: str, start: int) -> int:
    """The offset just past the bracket that closes the one at `start` (strings, character literals
    and comments skipped); -1 when it is not closed."""
    closing = _CLOSING[text[start]]
    depth = 0
    i = start
    while i < len(text):
        c = text[i]
        if c == text[start]:
            depth += 1
        elif c == closing:
            depth -= 1
            if depth == 0:
                return i + 1
        elif text.startswith("//", i) or text.startswith("/*", i):
            i = _skip_blank(text, i)
            continue
        elif c in "\"'":
            i += 1
            while i < len(text) and text[i] != c:
                i += 2 if text[i] == "\\" else 1
        i += 1
    return -1


def _seh_try(d: Diagnostic, lines: Lines):
    """The parts of `__try {BODY} __finally|__except (FILTER) {HANDLER}` at the error: offsets of
    the keyword, the body's braces, the second keyword and its name, the filter's parentheses
    (or None) and the handler's braces; None when the text is not that construct."""
    if d.message != "SEH '__try' is not supported on this target":
        return None
    text = lines.text
    at = lines.offset((d.line, d.column))
    if not text.startswith("__try", at):
        return None
    body = _skip_blank(text, at + len("__try"))
    if body >= len(text) or text[body] != "{":
        return None
    body_end = matching_bracket(text, body)
    if body_end < 0:
        return None
    second = _skip_blank(text, body_end)
    m = re.compile(r"__(finally|except)\b").match(text, second)
    if not m:
        return None
    filter_range = None
    handler = _skip_blank(text, m.end())
    if m.group(1) == "except":
        if handler >= len(text) or text[handler] != "(":
            return None
        filter_end = matching_bracket(text, handler)
        if filter_end < 0:
            return None
        filter_range = (handler, filter_end)
        handler = _skip_blank(text, filter_end)
    if handler >= len(text) or text[handler] != "{":
        return None
    handler_end = matching_bracket(text, handler)
    if handler_end < 0:
        return None
    return at, (body, body_end), (second, m.group(1)), filter_range, (handler, handler_end)


def seh_try_finally(d: Diagnostic, lines: Lines) -> Optional[List[Edit]]:
    """Windows' structured exception handling, `__try {BODY} __finally {F}`: F runs however BODY
    is left (its end, a `return`, an exception). clang has no SEH outside Windows. F becomes the
    destructor's work of a local object made before BODY, which runs on every way out of the
    block: `{ CvHostFinally cvHostFinally([&]() {F}); {BODY} }` (CvHostPreInclude.h). F's text
    moves to the `__try`'s line, its comments dropped and its line breaks written where it stood,
    so that every other line keeps its number; F holding a preprocessor line is left alone."""
    parts = _seh_try(d, lines)
    if not parts or parts[2][1] != "finally":
        return None
    at, (body, body_end), (second, _), _, (handler, handler_end) = parts
    text = lines.text
    final = strip_comments(text[handler:handler_end])
    if re.search(r"^\s*#", final, re.M):
        return None
    flat = " ".join(final.split())
    breaks = text.count("\n", second, handler_end)
    return [Edit(at, body, "{ CvHostFinally cvHostFinally([&]() %s); " % flat),
            Edit(body_end, handler_end, "}" + "\n" * breaks)]


def seh_try_except(d: Diagnostic, lines: Lines) -> Optional[List[Edit]]:
    """Windows' structured exception handling, `__try {BODY} __except (FILTER) {HANDLER}`: the
    handler runs when the filter takes a hardware fault or an exception raised in BODY. clang has
    no SEH outside Windows, and on Linux a fault is a signal that ends the program: BODY runs as
    a plain block, the filter goes (its line breaks kept) and the handler is never reached:
    `{BODY} if (false) {HANDLER}`."""
    parts = _seh_try(d, lines)
    if not parts or parts[2][1] != "except":
        return None
    at, _, (second, _), (filter_start, filter_end), _ = parts
    text = lines.text
    return [Edit(at, at + len("__try"), ""),
            Edit(second, filter_end, "if (false)" + "\n" * text.count("\n", second, filter_end))]


# What may stand before a declaration's type on its line: specifiers and a template's head.
_DECLARATION_START = re.compile(r"^\s*(?:(?:template\s*<[^;{}]*>|const|static|virtual|inline|__forceinline|extern|"
                                r"mutable|volatile|friend|DllExport|__declspec\s*\([^()]*\))\s*)*$")


def implicit_int(d: Diagnostic, lines: Lines) -> Optional[List[Edit]]:
    """A declaration without a type (`const lowerBound = ...;`, a member template `static get(T t)`
    and its definition `CvGame::get(T t) {...}`): Visual C++ 2003 took it as `int`, as C did. On
    "C++ requires a type specifier for all declarations" at the declared name, `int` is written
    before the name (before its class's name, for a member defined out of its class)."""
    if d.message != "C++ requires a type specifier for all declarations":
        return None
    at = lines.offset((d.line, d.column))
    if not re.compile(r"[A-Za-z_]\w*").match(lines.text, at):
        return None
    line_start = lines.starts[d.line - 1]
    qualifier = re.search(r"(?:\b[A-Za-z_]\w*\s*::\s*)+$", lines.text[line_start:at])
    if qualifier:  # a member defined out of its class, `CvGame::sortBy(...)`: the type goes first
        at = line_start + qualifier.start()
    if not _DECLARATION_START.match(lines.text[line_start:at]):
        return None  # not the start of a declaration (`(IntExpr*) m_a[N];` is no declarator named IntExpr)
    return [Edit(at, at, "int ")]


def string_insert_at_null_iterator(d: Diagnostic, lines: Lines) -> Optional[List[Edit]]:
    """`szText.insert(0, '\\b')` on a string: no overload takes (int, character). Visual C++ 2003's
    string took the `0` as a null iterator, and its iterator difference counts a null iterator as
    the position 0, so the character went in front. On "no matching member function for call to
    'insert'" at a call of two arguments whose first is `0`, the call says so:
    `insert(0, 1, '\\b')` (at 0, one character). A receiver that is no string still fails."""
    if d.message != "no matching member function for call to 'insert'":
        return None
    text = lines.text
    at = lines.offset((d.line, d.column))
    m = re.compile(r"insert\s*\(\s*0\s*,").match(text, at)
    if not m:
        return None
    second = m.end()
    end = _argument_end(text, second)
    if end >= len(text) or text[end] != ")":
        return None
    return [Edit(m.end() - 1, m.end(), ", 1,")]


def enum_underlying_int(d: Diagnostic, lines: Lines) -> Optional[List[Edit]]:
    """Another declaration of an enum whose forward declaration opaque-enum-int gave `: int`: its
    definition (`enum CallbackDefines {...}` in a .cpp) or a second forward declaration in another
    header. On "enumeration previously declared with fixed underlying type" at its name, it says
    `: int` too (Visual C++ 2003 knew no other underlying type, so no tree wrote one)."""
    if d.message != "enumeration previously declared with fixed underlying type":
        return None
    at = lines.offset((d.line, d.column))
    m = re.compile(r"[A-Za-z_]\w*").match(lines.text, at)
    if not m or not re.search(r"\benum\s+$", lines.text[max(0, at - 40):at]):
        return None
    after = _skip_blank(lines.text, m.end())
    if after >= len(lines.text) or lines.text[after] not in "{;":
        return None
    return [Edit(m.end(), m.end(), " : int")]


def failed_static_assert(d: Diagnostic, lines: Lines) -> Optional[List[Edit]]:
    """A `BOOST_STATIC_ASSERT` that fails on the host, as AdvCiv's `sizeof(CvInitCore) == ...`: it
    states Visual C++ 2003's layout (its std::vector, 8-byte doubles in classes, 2-byte wchar_t),
    which the host's compiler does not give; the layout is the compiler's, and the tree's code
    reads and writes its saves through the stream, not by its classes' bytes. On
    "implicit instantiation of undefined template 'boost::STATIC_ASSERTION_FAILURE<false>'" at a
    `BOOST_STATIC_ASSERT`, that one assertion, and only it, is disabled: the macro's name becomes
    CVHOST_FAILED_STATIC_ASSERT (CvHostPreInclude.h: it checks nothing), and the journal names
    it. An assertion that holds on the host is left as it is."""
    if d.message != "implicit instantiation of undefined template 'boost::STATIC_ASSERTION_FAILURE<false>'":
        return None
    at = lines.offset((d.line, d.column))
    if not lines.text.startswith("BOOST_STATIC_ASSERT", at) or not re.compile(r"BOOST_STATIC_ASSERT\s*\(").match(
            lines.text, at):
        return None
    return [Edit(at, at + len("BOOST_STATIC_ASSERT"), "CVHOST_FAILED_STATIC_ASSERT")]


def _spelled_here(d: Diagnostic) -> bool:
    """Whether `d` stands at its own place, or at the note that names where the innermost macro
    of its place spells it (the last "expanded from macro" note)."""
    note = _note_here(d)
    if note is None:
        return True
    spelled = [n for n in d.notes if n.message.startswith("expanded from macro ")]
    return bool(spelled) and spelled[-1] is note


def comma_null_pointer(d: Diagnostic, lines: Lines) -> Optional[List[Edit]]:
    """A pointer initialised by a comma expression that ends in NULL, as AdvCiv's
    `FOR_EACH_TRADE_ITEM` macro does (`TradeData const* p = ((node = list.head()), NULL)`): MSVC's
    NULL is `0` and it took the expression as a null pointer constant; C++ does not, and clang
    refuses "cannot initialize a variable of type 'T *' with an rvalue of type 'int'". The
    initialiser is the error's range, at the error or in the macro that spells it; its last
    operand becomes `nullptr`, a null pointer of any type, as MSVC read it."""
    if not re.match(r"cannot initialize a variable of type '[^']*\*' with an rvalue of type 'int'$", d.message):
        return None
    if len(d.ranges) != 1 or not _spelled_here(d):
        return None
    text = lines.text
    start, end = lines.offset(d.ranges[0][0]), lines.offset(d.ranges[0][1])
    if text[start] != "(" or matching_bracket(text, start) != end:
        return None
    last = text.rfind(",", start, end)
    if last < 0 or expression_end(text, start + 1, ",") == end - 1:
        return None
    operand = re.compile(r"\s*(NULL|0)\s*\)").match(text, last + 1)
    if not operand or operand.end() != end or expression_end(text, last + 1, ",") != end - 1:
        return None
    return [Edit(operand.start(1), operand.end(1), "nullptr")]


# An ordered comparison of a pointer with 0, as MSVC's unsigned addresses read it: (operator with the
# zero on the right, with the zero on the left) -> the equality test of the same meaning.
_ORDERED_AGAINST_ZERO = {(">", False): "!=", ("<", True): "!=", ("<=", False): "==", (">=", True): "=="}


def pointer_ordered_against_zero(d: Diagnostic, lines: Lines) -> Optional[List[Edit]]:
    """`p > 0` with a pointer p (AdvCiv's `plotCheck(...) > 0 != NULL`): MSVC compared the address
    as an unsigned number, so `p > 0` meant `p != NULL` (and `p <= 0`, `p == NULL`); clang refuses
    "ordered comparison between pointer and zero". Between the two operand ranges clang gives,
    the operator becomes that equality test; any other (`p < 0`, always false) is left."""
    m = re.match(r"ordered comparison between pointer and zero \('([^']*)' and '([^']*)'\)$", d.message)
    if not m or len(d.ranges) != 2:
        return None
    zero_left = not m.group(1).rstrip().endswith("*")
    text = lines.text
    left_end, right_start = lines.offset(d.ranges[0][1]), lines.offset(d.ranges[1][0])
    between = text[left_end:right_start]
    op = re.match(r"^(\s*)(<=|>=|<|>)(\s*)$", between)
    if not op or (op.group(2), zero_left) not in _ORDERED_AGAINST_ZERO:
        return None
    s = left_end + op.start(2)
    return [Edit(s, s + len(op.group(2)), _ORDERED_AGAINST_ZERO[(op.group(2), zero_left)])]


def nested_forward_declaration(d: Diagnostic, lines: Lines) -> Optional[List[Edit]]:
    """`class UWAI::Civ;`, a forward declaration of a nested class by its qualified name: MSVC took it
    as a repeated declaration of a class its enclosing class declares; C++ has no such
    declaration ("forward declaration of class cannot have a nested name specifier"). The
    declaration declares nothing new: it becomes a comment."""
    if d.message != "forward declaration of class cannot have a nested name specifier":
        return None
    text = lines.text
    at = lines.offset((d.line, d.column))
    line_start = lines.starts[d.line - 1]
    key = re.search(r"\b(class|struct)\s+$", text[line_start:at])
    if not key:
        return None
    m = re.compile(r"[A-Za-z_]\w*(?:\s*::\s*[A-Za-z_]\w*)+\s*;").match(text, at)
    if not m or "\n" in m.group(0) or "*/" in m.group(0):
        return None
    start = line_start + key.start()
    return [Edit(start, m.end(), "/* %s */" % text[start:m.end()])]


def friend_private_member(d: Diagnostic, lines: Lines) -> Optional[List[Edit]]:
    """`friend void Outer::Inner::f(PlayerTypes);` naming a private member function of another class:
    Visual C++ 2003 did not check the access of a friend declaration's name; clang refuses
    "friend function 'f' is a private member of 'Outer::Inner'". The declaration befriends the
    member's class instead (`friend class Outer::Inner;`): f keeps the access it was given, with
    the rest of its class."""
    m = re.match(r"friend function '(\w+)' is a private member of '([\w:]+)'$", d.message)
    if not m:
        return None
    text = lines.text
    at = lines.offset((d.line, d.column))
    line_start = lines.starts[d.line - 1]
    friend = text.rfind("friend", line_start, at)
    if friend < 0 or not text.startswith(m.group(1), at):
        return None
    end = text.find(";", at)
    if end < 0 or "\n" in text[friend:end] or "{" in text[friend:end]:
        return None
    return [Edit(friend, end, "friend class %s" % m.group(2))]


def _qualified_name_start(text: str, end: int) -> int:
    """The start of the qualified name that ends at `end` (`TurnValueMap<TKey>::data::`), walking
    back over names, `::` and template arguments."""
    i = end
    while True:
        j = i
        while j > 0 and text[j - 1] in " \t":
            j -= 1
        if text[j - 2:j] != "::":
            return i
        j -= 2
        while j > 0 and text[j - 1] in " \t":
            j -= 1
        if j > 0 and text[j - 1] == ">":
            depth = 0
            while j > 0:
                j -= 1
                depth += {">": 1, "<": -1}.get(text[j], 0)
                if depth == 0:
                    break
            while j > 0 and text[j - 1] in " \t":
                j -= 1
        m = re.search(r"[A-Za-z_]\w*$", text[:j])
        if not m:
            return i
        i = m.start()


def missing_typename(d: Diagnostic, lines: Lines) -> Optional[List[Edit]]:
    """A type named through a template's parameter without `typename` (Realism Invictus's
    `TurnValueMap<TKey>::data::const_iterator end;` in a template): Visual C++ 2003 took the name as
    the type it is; clang, at "unexpected type name 'X': expected expression", reads an
    expression. When the qualified name starts a declaration (a statement's first words),
    `typename` goes before it."""
    m = re.match(r"unexpected type name '(\w+)': expected expression$", d.message)
    if not m:
        return None
    text = lines.text
    at = lines.offset((d.line, d.column))
    if not text.startswith(m.group(1), at):
        return None
    start = _qualified_name_start(text, at)
    if start == at:
        return None
    before = text[:start].rstrip(" \t")
    if not before or before[-1] not in ";{}\n(" or re.search(r"\btypename\s*$", text[:start]):
        return None
    return [Edit(start, start, "typename ")]


def _call_argument(text: str, open_paren: int, index: int) -> Optional[tuple]:
    """(start, end) of the call's argument `index` (0-based) whose `(` is at `open_paren`."""
    i = open_paren + 1
    for _ in range(index):
        i = _argument_end(text, i)
        if i >= len(text) or text[i] != ",":
            return None
        i += 1
    while i < len(text) and text[i].isspace():
        i += 1
    e = _argument_end(text, i)
    while e > i and text[e - 1].isspace():
        e -= 1
    return (i, e) if e > i else None


_ORDINAL = r"(\d+)(?:st|nd|rd|th)"
# A candidate's note: the argument converts to the parameter's type, but not to a reference to it.
_NO_CONVERSION_TO_REFERENCE = (r"candidate %%s not viable: no known conversion from '[^']+'(?: \(aka '[^']+'\))? to "
                               r"'([^']+?) ?&'(?: \(aka '[^']+'\))? for %s argument$" % _ORDINAL)


def _parameter_count(folder: str, note: Diagnostic) -> Optional[int]:
    """The number of parameters of the function declared at a candidate note's place (the copy's
    file it names), or None."""
    path = os.path.join(folder, note.path) if folder else ""
    if not path or not os.path.isfile(path):
        return None
    with open(path, "rb") as f:
        lines = Lines(f.read().decode("latin-1"))
    if note.line > len(lines.starts):
        return None
    text = lines.text
    at = lines.offset((note.line, note.column))
    m = re.compile(r"[^;{}()]*?\(").match(text, at)
    if not m:
        return None
    end = matching_bracket(text, m.end() - 1)
    inside = text[m.end():end - 1].strip() if end > 0 else ""
    if not inside or inside == "void":
        return 0
    count, i = 1, 0
    while i < len(inside):
        e = expression_end(inside, i, ",")
        if e < len(inside) and inside[e] == ",":
            count += 1
        i = e + 1
    return count


def temporary_to_reference(d: Diagnostic, lines: Lines) -> Optional[List[Edit]]:
    """A temporary passed for a non-const reference parameter: Visual C++ 2003 bound it, as an
    extension, for as long as the call (or the expression). The argument is given as that same
    temporary made an lvalue, `cvHostLvalue(...)` (CvHostPreInclude.h), which lives as long. clang
    says it in several ways:
    - "non-const lvalue reference to type 'X' cannot bind to a temporary of type 'X'" with the note
      "passing argument to parameter ... here", at the argument (Realism Invictus's
      `isCityNameValid(CvWString(szNewValue), false)`, the parameter `CvWString& szName`);
    - "no matching function for call to 'f'" whose one candidate "expects an lvalue for 1st
      argument", or finds "no known conversion from 'A' to 'T &'" for it (the error's range is
      the called name);
    - "invalid operands to binary expression" or "no viable overloaded '='" whose candidate
      "expects an lvalue" for an operand (RoM-AND's iterators: `bool operator!=(const_iterator&
      other)`, `it != set.end()`): the operand is the right one for a member operator (one
      parameter, read from the candidate's declaration), the one counted for another;
    - "no matching constructor for initialization of 'X'" (its range the arguments) whose one
      candidate of that arity finds "no known conversion from 'A' to 'T &' for 2nd argument": MSVC
      converted the argument to a temporary T and bound it, so does
      `cvHostLvalue(cvHostImplicit<T>(...))` (the conversion an initialisation makes, no cast's);
    - "binding reference of type 'T' to value of type 'U' not permitted due to incompatible
      qualifiers" at an argument (RoM-AND's `CvPlot*` for a `const CvPlot*&`): MSVC bound a
      converted temporary, whatever the callee wrote to it lost; `cvHostLvalue(cvHostImplicit<T>(...))`.
    A reference declared so is left to temporary-reference-declaration."""
    text = lines.text
    convert = ""
    if re.match(r"non-const lvalue reference to type '[^']+' cannot bind to a temporary of type '[^']+'$", d.message) or \
            re.match(r"binding reference of type '[^']+' to value of type '[^']+' not permitted due to incompatible "
                     r"qualifiers$", d.message):
        if not any(n.message.startswith("passing argument to parameter") for n in d.notes):
            return None
        if d.message.startswith("binding reference"):
            convert = re.match(r"binding reference of type '([^']+)'", d.message).group(1)
        s = argument_start(text, lines.offset((d.line, d.column)))
        e = _argument_end(text, s)
        while e > s and text[e - 1].isspace():
            e -= 1
        if e <= s or text[e] not in ",)":
            return None
    elif re.match(r"no matching (?:member )?function for call to '\w+'$", d.message):
        candidates = [n for n in d.notes if n.message.startswith("candidate ")]
        if len(candidates) != 1 or len(d.ranges) != 1:
            return None
        m = re.match(r"candidate function not viable: expects an lvalue for %s argument$" % _ORDINAL,
                     candidates[0].message)
        converted = re.match(_NO_CONVERSION_TO_REFERENCE % "function", candidates[0].message)
        if not m and not converted:
            return None
        callee_end = lines.offset(d.ranges[0][1])
        paren = _skip_blank(text, callee_end)
        if paren >= len(text) or text[paren] != "(":
            return None
        index = int((m or converted).group(2 if converted else 1))
        argument = _call_argument(text, paren, index - 1)
        if not argument:
            return None
        s, e = argument
        convert = converted.group(1) if converted else ""
    elif re.match(r"invalid operands to binary expression \(|no viable overloaded '='$", d.message):
        wanting = [n for n in d.notes if re.match(r"candidate function not viable: expects an lvalue for %s argument$"
                                                   % _ORDINAL, n.message)]
        viable = [n for n in d.notes if n.message.startswith("candidate function")]
        if len(wanting) != 1 or len(viable) != 1 or len(d.ranges) != 2:
            return None
        index = int(re.search(_ORDINAL, wanting[0].message).group(1))
        parameters = _parameter_count(lines.folder, wanting[0])
        if parameters == 1 and index == 1:
            operand = d.ranges[1]  # a member operator's parameter: the right operand
        elif parameters == 2 and index in (1, 2):
            operand = d.ranges[index - 1]
        else:
            return None
        s, e = lines.offset(operand[0]), lines.offset(operand[1])
    elif re.match(r"no matching constructor for initialization of '[^']+'$", d.message):
        arity = [n for n in d.notes if n.message.startswith("candidate constructor")
                 and not re.search(r"requires (?:at least |at most )?\d+ arguments?, but \d+ (?:was|were) provided",
                                   n.message)]
        m = re.match(_NO_CONVERSION_TO_REFERENCE % "constructor", arity[0].message) if len(arity) == 1 else None
        if not m or len(d.ranges) != 1:
            return None
        paren = lines.offset(d.ranges[0][0]) - 1  # the range is the arguments'
        while paren > 0 and text[paren].isspace():
            paren -= 1
        if text[paren] != "(" or matching_bracket(text, paren) < lines.offset(d.ranges[0][1]):
            return None
        argument = _call_argument(text, paren, int(m.group(2)) - 1)
        if not argument:
            return None
        s, e = argument
        convert = m.group(1)
    else:
        return None
    if convert:
        return [Edit(s, s, "cvHostLvalue(cvHostImplicit<%s>(" % convert), Edit(e, e, "))")]
    return [Edit(s, s, "cvHostLvalue("), Edit(e, e, ")")]


def temporary_reference_declaration(d: Diagnostic, lines: Lines) -> Optional[List[Edit]]:
    """A non-const reference declared to a temporary (RoM-AND's `CvWString& szMessage =
    info.getMessageText();`, which returns a string by value): Visual C++ 2003 bound it and made
    the temporary live as long as the reference; clang refuses "non-const lvalue reference to type
    'X' cannot bind to a temporary of type 'X'" at the declared name. A local object initialised
    by the temporary is the same thing, so the declaration loses its `&`: `CvWString szMessage =`."""
    if not re.match(r"non-const lvalue reference to type '[^']+' cannot bind to a temporary of type '[^']+'$",
                    d.message):
        return None
    if any(n.message.startswith("passing argument to parameter") for n in d.notes):
        return None
    text = lines.text
    at = lines.offset((d.line, d.column))
    line_start = lines.starts[d.line - 1]
    m = re.search(r"&\s*$", text[line_start:at])
    name = re.compile(r"[A-Za-z_]\w*\s*=").match(text, at)
    if not m or not name or not _DECLARATION_START.match(re.sub(r"[\w:<>,\s*]+&\s*$", "", text[line_start:at])):
        return None
    return [Edit(line_start + m.start(), line_start + m.start() + 1, "")]


def address_of_temporary(d: Diagnostic, lines: Lines) -> Optional[List[Edit]]:
    """The address of a temporary (RoM-AND's `func((CvGameObject*)&CvGameObjectPlayer(&kPlayer))`):
    Visual C++ 2003 gave it, the temporary living to the end of the full expression; clang refuses
    "taking the address of a temporary object of type 'X'". The operand (the error's range) is made
    an lvalue for as long, `&cvHostLvalue(CvGameObjectPlayer(&kPlayer))`."""
    if not re.match(r"taking the address of a temporary object of type '[^']+'$", d.message) or len(d.ranges) != 1:
        return None
    s, e = lines.offset(d.ranges[0][0]), lines.offset(d.ranges[0][1])
    if lines.text[lines.offset((d.line, d.column))] != "&":
        return None
    return [Edit(s, s, "cvHostLvalue("), Edit(e, e, ")")]


def uncalled_member_function(d: Diagnostic, lines: Lines) -> Optional[List[Edit]]:
    """A member function named without its call (RoM-AND's `getText(..., szBuffer.getCString)` to a
    variadic function): Visual C++ 2003 passed the function's address, which the format then read
    as text; clang refuses "reference to non-static member function must be called; did you mean
    to call it with no arguments?", and its fix-it is the call: `szBuffer.getCString()`, what the
    code means (the text MSVC made of it was the function's machine code)."""
    if d.message != "reference to non-static member function must be called; did you mean to call it with no " \
                    "arguments?" or len(d.ranges) != 1:
        return None
    e = lines.offset(d.ranges[0][1])
    if _skip_blank(lines.text, e) < len(lines.text) and lines.text[_skip_blank(lines.text, e)] == "(":
        return None
    return [Edit(e, e, "()")]


def string_literal_to_char_pointer(d: Diagnostic, lines: Lines) -> Optional[List[Edit]]:
    """A string literal, in a conditional, passed for a `char*` parameter (RoM-AND's
    `GetChildXmlValByName(szTextVal, szName, r == 0 ? NULL : "")`, the parameter `char*
    pszDefault`): Visual C++ 2003 converted a literal to `char*`, as C did; clang refuses, and its
    one candidate of the call says "3rd argument ('const char *') would lose const qualifier". The
    argument, which holds a literal, is given as `const_cast<char *>(...)`: the callee reads it."""
    if not re.match(r"no matching (?:member )?function for call to '\w+'$", d.message) or len(d.ranges) != 1:
        return None
    losing = [n for n in d.notes if re.match(r"candidate function not viable: %s argument \('const (\w+) \*'\) would "
                                             r"lose const qualifier$" % _ORDINAL, n.message)]
    if len(losing) != 1:
        return None
    m = re.match(r"candidate function not viable: %s argument \('const (\w+) \*'\)" % _ORDINAL, losing[0].message)
    text = lines.text
    paren = _skip_blank(text, lines.offset(d.ranges[0][1]))
    if paren >= len(text) or text[paren] != "(":
        return None
    argument = _call_argument(text, paren, int(m.group(1)) - 1)
    if not argument or not re.search(r'L?"', text[argument[0]:argument[1]]):
        return None
    s, e = argument
    return [Edit(s, s, "const_cast<%s *>(" % m.group(2)), Edit(e, e, ")")]


def parenthesized_declaration_type(d: Diagnostic, lines: Lines) -> Optional[List[Edit]]:
    """A declaration whose type is in parentheses, RoM-AND's member `(IntExpr*) m_aiYield[N];`:
    Visual C++ 2003 read an array of `IntExpr*`; clang reads a declarator `(IntExpr` and refuses
    "expected ')'" (its note "to match this '('" at the line's first character). When the line is
    `(TYPE) NAME[...]...;`, the parentheses go: `IntExpr* m_aiYield[N];`."""
    if d.message != "expected ')'":
        return None
    notes = [n for n in d.notes if n.message == "to match this '('"]
    if len(notes) != 1 or (notes[0].path, notes[0].line) != (d.path, d.line):
        return None
    text = lines.text
    line_start = lines.starts[d.line - 1]
    open_at = lines.offset((notes[0].line, notes[0].column))
    if text[line_start:open_at].strip():
        return None
    m = re.compile(r"\(\s*([A-Za-z_][\w:]*(?:\s*<[^;()]*>)?\s*[*&]*)\s*\)(\s*[A-Za-z_]\w*(?:\s*\[[^\];]*\])*\s*;)").match(
        text, open_at)
    if not m or "\n" in m.group(0):
        return None
    return [Edit(open_at, m.end(), m.group(1) + m.group(2))]


ERROR_REWRITES: Dict[str, ErrorRewrite] = {
    "for-scope": for_scope,
    "for-scope-reuse": for_scope_reuse,
    "conditional-operands": conditional_operands,
    "void-conditional": void_conditional,
    "wide-literal-bytes": wide_literal_bytes,
    "string-through-varargs": string_through_varargs,
    "string-buffer-through-varargs": string_buffer_through_varargs,
    "seh-try-finally": seh_try_finally,
    "seh-try-except": seh_try_except,
    "implicit-int": implicit_int,
    "string-insert-at-null-iterator": string_insert_at_null_iterator,
    "enum-underlying-int": enum_underlying_int,
    "failed-static-assert": failed_static_assert,
    "comma-null-pointer": comma_null_pointer,
    "pointer-ordered-against-zero": pointer_ordered_against_zero,
    "nested-forward-declaration": nested_forward_declaration,
    "friend-private-member": friend_private_member,
    "missing-typename": missing_typename,
    "temporary-to-reference": temporary_to_reference,
    "parenthesized-declaration-type": parenthesized_declaration_type,
    "temporary-reference-declaration": temporary_reference_declaration,
    "address-of-temporary": address_of_temporary,
    "uncalled-member-function": uncalled_member_function,
    "string-literal-to-char-pointer": string_literal_to_char_pointer,
}


def rewrite_for(d: Diagnostic, lines: Lines) -> Optional[tuple]:
    """(name, edits) of the first error-driven rewrite that takes this error, or None."""
    for name, rewrite in ERROR_REWRITES.items():
        edits = rewrite(d, lines)
        if edits:
            return name, edits
    return None


def at_note(d: Diagnostic, note: Diagnostic) -> Diagnostic:
    """The error `d` at the place of one of its notes (its place and ranges), to be rewritten there:
    where a macro that the error's place expands spells the construct ("expanded from macro"), or
    at a declaration the error depends on ("forward declaration of ..."). The notes stay."""
    return d._replace(path=note.path, line=note.line, column=note.column, ranges=note.ranges)


def _note_here(d: Diagnostic) -> Optional[Diagnostic]:
    """The note of `d` at whose place `d` stands (at_note), if any."""
    for n in d.notes:
        if (n.path, n.line, n.column) == (d.path, d.line, d.column):
            return n
    return None


_INCOMPLETE = re.compile(r"(?:variable|field|parameter) has incomplete type '(?:enum )?(\w+)'$|"
                         r"incomplete type '(?:enum )?(\w+)' ")


def opaque_enum_int(d: Diagnostic, lines: Lines) -> Optional[List[Edit]]:
    """`enum CallbackDefines;`, an enum declared without its list and then used by value
    (`isUse(CallbackDefines e) const {...}` in a header, the list in a .cpp): under Visual C++ an
    enum is always an `int`, so this declares a complete type; clang's Linux target keeps it
    incomplete. An error about X's incomplete type, at its note "forward declaration of 'X'" when
    that is an enum declaration: the declaration gets its type, `enum X : int;` (its definition
    follows by enum-underlying-int)."""
    note = _note_here(d)
    m = re.match(r"forward declaration of '(?:enum )?(\w+)'$", note.message) if note else None
    if not m or not _INCOMPLETE.search(d.message):
        return None
    at = lines.offset((d.line, d.column))
    name = m.group(1)
    if not lines.text.startswith(name, at) or not re.search(r"\benum\s+$", lines.text[max(0, at - 40):at]):
        return None
    end = at + len(name)
    after = _skip_blank(lines.text, end)
    if after >= len(lines.text) or lines.text[after] != ";":
        return None
    return [Edit(end, end, " : int")]


def _defining_header(folder: str, name: str) -> Optional[str]:
    """The header of the copy in `folder` that defines the class or struct `name` (one only)."""
    pattern = re.compile(r"^[ \t]*(?:class|struct)\s+%s\s*(?::[^;{]*)?\{" % re.escape(name), re.M)
    found = []
    for f in sorted(os.listdir(folder)):
        if f.lower().endswith((".h", ".hpp")) and os.path.isfile(os.path.join(folder, f)):
            with open(os.path.join(folder, f), "rb") as handle:
                if pattern.search(strip_comments(handle.read().decode("latin-1"))):
                    found.append(f)
    return found[0] if len(found) == 1 else None


def incomplete_type_include(d: Diagnostic, lines: Lines) -> Optional[List[Edit]]:
    """A template of a library (boost::python's `type_id`) instantiated for a class that the unit
    never defines, only declares (`struct CombatDetails;`), as AdvCiv's CvEventReporter.cpp passes
    a `CombatDetails const*` to Python: Visual C++ 2003 instantiated it at the end of the unit
    and named the type all the same; clang refuses "'typeid' of incomplete type 'X'". At the
    note in a file of the tree's units that asks for the instantiation ("in instantiation of ...
    requested here", the last of them), the tree's header that defines X (the only one) is
    included at the end of that file, where clang instantiates the unit's templates."""
    m = re.match(r"'typeid' of incomplete type '(\w+)'$", d.message)
    note = _note_here(d)
    if not m or not note or not lines.folder or not d.path.lower().endswith((".cpp", ".c")):
        return None
    if not re.match(r"in instantiation of .* requested here$", note.message):
        return None
    later = d.notes[d.notes.index(note) + 1:]
    if any(n.path == d.path and re.match(r"in instantiation of .* requested here$", n.message) for n in later):
        return None
    header = _defining_header(lines.folder, m.group(1))
    if not header or re.search(r'#\s*include\s*"%s"\s*$' % re.escape(header), lines.text):
        return None
    end = len(lines.text)
    return [Edit(end, end, ("" if lines.text.endswith("\n") else "\n") + '#include "%s" // cvhost: %s\n'
                 % (header, m.group(1)))]


# Rewrites that act at the place of one of an error's notes (at_note): the declaration a note names,
# the macro that spells the construct, the unit that instantiates a template.
NOTE_REWRITES: Dict[str, ErrorRewrite] = {
    "comma-null-pointer": comma_null_pointer,
    "opaque-enum-int": opaque_enum_int,
    "incomplete-type-include": incomplete_type_include,
}


def note_rewrite_for(d: Diagnostic, lines: Lines) -> Optional[tuple]:
    """(name, edits) of the first rewrite that takes the error `d` at one of its notes' places
    (at_note), or None."""
    for name, rewrite in NOTE_REWRITES.items():
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
