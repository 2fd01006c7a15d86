"""A small C++ scanner: the text with comments, literals and #if 0 blocks masked, matching
brackets, function definitions at file level, their parameters, and statements.
"""

import bisect
import functools
import re
from typing import Dict, List, Optional, Tuple

from .errors import Refusal
from .names import BOM
from .text import after_line, leading_whitespace, line_end, line_start


# --------------------------------------------------------------------------------------------
# A small C++ scanner. mask_code() returns a copy of the text of the same length in which
# comments (and optionally string/char literals, preprocessor lines and #if 0 blocks) are blanked
# to spaces, line endings kept, so that positions in the mask are positions in the file.

_SPECIAL = re.compile(r"//|/\*|\"|'|\n|#")
_BLANK = re.compile(r"[^\r\n]")
_DIRECTIVE_WORD = re.compile(r"#[ \t]*(\w+)")
_DIRECTIVE_STOP = re.compile(r"\n|/\*|//")


def _blank(text: str) -> str:
    return _BLANK.sub(" ", text)


def _line_comment_end(text: str, i: int) -> int:
    """End of a // comment starting at i (a backslash before the newline continues it)."""
    while True:
        nl = text.find("\n", i)
        if nl < 0:
            return len(text)
        if not _continued(text, nl):
            return nl
        i = nl + 1


def _continued(text: str, newline: int) -> bool:
    """True if the line ending at the newline index ends with a backslash (a continuation)."""
    k = newline - 1
    if k >= 0 and text[k] == "\r":
        k -= 1
    return k >= 0 and text[k] == "\\"


def _literal_end(text: str, i: int) -> int:
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


def _directive_end(text: str, i: int) -> int:
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


def if0_region_end(text: str, i: int) -> int:
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


@functools.lru_cache(maxsize=16)
def mask_code(text: str, strings: bool = True, directives: bool = True) -> str:
    """Blank comments, and string/char literal contents if strings, and preprocessor lines and
    #if 0 blocks if directives. The result has the same length and line endings as text. The
    patchers of one file each ask for it: the last answers are kept."""
    return _mask_code(text, strings, directives)


def _mask_code(text: str, strings: bool = True, directives: bool = True) -> str:
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
            directive = _mask_code(text[j:end], directives=False)
            if re.match(r"#[ \t]*if[ \t]+0\b", directive):
                end = if0_region_end(text, j)
            pieces.append(_blank(text[j:end]))
            i = end
        else:  # a '#' inside a line, or a directive kept as text
            pieces.append("#")
            at_line_start, i = False, j + 1
    code = "".join(pieces)
    if directives:
        code = one_branch_where_unbalanced(_mask_code(text, directives=False), code)
    return code


# --------------------------------------------------------------------------------------------
# Conditional groups (#if/#ifdef/#ifndef ... #elif/#else ... #endif). Most keep their brackets
# balanced in every branch, and all their branches are scanned (a function defined once per
# branch is found in each). A group whose branches each open or close brackets, such as
# `#if A ... } #else ... } #endif` (each branch closes the same brace), is read the way a
# compiler reads it: one branch kept, the others blanked. The branch kept is the one the
# condition selects when it can be decided without the tree's headers (#if 0, #if 1; _DEBUG
# and DEBUG are not defined in a release build); otherwise every macro tested with #ifdef,
# #ifndef or defined() is taken as defined, the same way in the whole file, so that
# `#ifdef X {` and a later `#ifndef X }` agree; any other condition keeps its first branch.

_CONDITIONAL = re.compile(r"[ \t]*#[ \t]*(if|ifdef|ifndef|elif|else|endif)\b([^\r\n]*)")
_DEFINED_TEST = re.compile(r"^(!?)\s*defined\s*(?:\(\s*(\w+)\s*\)|(\w+))$")
RELEASE_UNDEFINED = frozenset(["_DEBUG", "DEBUG"])


class _Branch(object):
    def __init__(self, word: str, condition: str, body_start: int) -> None:
        self.word, self.condition, self.body_start = word, condition.strip(), body_start
        self.body_end = body_start


def _conditional_groups(view: str) -> List[List[_Branch]]:
    """The conditional groups of view (comments and literals blanked, directives kept), each a
    list of its branches; inner groups come before the groups holding them."""
    open_groups: List[List[_Branch]] = []
    groups: List[List[_Branch]] = []
    pos, n = 0, len(view)
    while pos < n:
        end = view.find("\n", pos)
        end = n if end < 0 else end
        m = _CONDITIONAL.match(view, pos, end)
        if m:
            word = m.group(1)
            if word in ("if", "ifdef", "ifndef"):
                open_groups.append([_Branch(word, m.group(2), end)])
            elif open_groups:
                open_groups[-1][-1].body_end = pos
                if word == "endif":
                    groups.append(open_groups.pop())
                else:
                    open_groups[-1].append(_Branch(word, m.group(2), end))
        pos = end + 1
    return groups


def _selected(branch: _Branch) -> Optional[bool]:
    """Whether the branch's condition holds in a release build (macros tested by name taken as
    defined, see above); None when the condition cannot be decided that way."""
    if branch.word == "else":
        return True
    words = branch.condition.split()
    if branch.word in ("ifdef", "ifndef"):
        defined = bool(words) and words[0] not in RELEASE_UNDEFINED
        return defined if branch.word == "ifdef" else not defined
    if branch.condition in ("0", "1"):
        return branch.condition == "1"
    test = _DEFINED_TEST.match(branch.condition)
    if test:
        defined = (test.group(2) or test.group(3)) not in RELEASE_UNDEFINED
        return defined != (test.group(1) == "!")
    return None


class _Brackets(object):
    """The brackets of a text, with the sums of a range's braces and parentheses (each { or (
    counts +1, each } or ) -1) kept in Fenwick trees, and brackets removed as their branches are
    blanked: each query and each removal costs a logarithm, however deeply the groups nest."""

    def __init__(self, code: str) -> None:
        self.positions = [m.start() for m in re.finditer(r"[{}()]", code)]
        size = len(self.positions)
        self.braces = [0] * (size + 1)
        self.parens = [0] * (size + 1)
        self.next_alive = list(range(size + 1))  # union-find: the next bracket not removed
        weights = {"{": (1, 0), "}": (-1, 0), "(": (0, 1), ")": (0, -1)}
        for index, position in enumerate(self.positions):
            brace, paren = weights[code[position]]
            self.braces[index + 1] += brace
            self.parens[index + 1] += paren
        for i in range(1, size + 1):  # the trees built in one pass
            parent = i + (i & -i)
            if parent <= size:
                self.braces[parent] += self.braces[i]
                self.parens[parent] += self.parens[i]

    def _add(self, index: int, char: str, sign: int) -> None:
        tree = self.braces if char in "{}" else self.parens
        value = sign if char in "{(" else -sign
        i = index + 1
        while i < len(tree):
            tree[i] += value
            i += i & -i

    def _prefix(self, tree: List[int], count: int) -> int:
        total = 0
        while count > 0:
            total += tree[count]
            count -= count & -count
        return total

    def _range(self, start: int, end: int) -> Tuple[int, int]:
        return bisect.bisect_left(self.positions, start), bisect.bisect_left(self.positions, end)

    def delta(self, start: int, end: int) -> Tuple[int, int]:
        """(braces opened - closed, parentheses opened - closed) in code[start:end]."""
        first, last = self._range(start, end)
        return (self._prefix(self.braces, last) - self._prefix(self.braces, first),
                self._prefix(self.parens, last) - self._prefix(self.parens, first))

    def any_in(self, start: int, end: int) -> bool:
        first, last = self._range(start, end)
        return self._find(first) < last

    def _find(self, index: int) -> int:
        root = index
        while self.next_alive[root] != root:
            root = self.next_alive[root]
        while self.next_alive[index] != root:
            self.next_alive[index], index = root, self.next_alive[index]
        return root

    def remove(self, start: int, end: int, code: str) -> None:
        first, last = self._range(start, end)
        index = self._find(first)
        while index < last:
            self._add(index, code[self.positions[index]], -1)
            self.next_alive[index] = index + 1
            index = self._find(index + 1)


def _blanked(code: str, ranges: List[Tuple[int, int]]) -> str:
    """code with every character in the ranges but line endings made a space."""
    pieces, done = [], 0
    for start, end in sorted(ranges):
        start = max(start, done)
        if end <= start:
            continue
        pieces.append(code[done:start])
        pieces.append(_blank(code[start:end]))
        done = end
    pieces.append(code[done:])
    return "".join(pieces)


def one_branch_where_unbalanced(view: str, code: str) -> str:
    """code with, in each conditional group whose branches do not all balance their brackets,
    every branch but the one a compiler would read blanked (see above)."""
    groups = _conditional_groups(view)
    if not groups:
        return code
    brackets = _Brackets(code)
    blanked: List[Tuple[int, int]] = []
    for group in groups:
        if not any(brackets.any_in(b.body_start, b.body_end) for b in group):
            continue
        if all(brackets.delta(b.body_start, b.body_end) == (0, 0) for b in group):
            continue
        kept = next((b for b in group if _selected(b) is not False), None)
        for branch in group:
            if branch is not kept:
                brackets.remove(branch.body_start, branch.body_end, code)
                blanked.append((branch.body_start, branch.body_end))
    return _blanked(code, blanked) if blanked else code


class _Pairs(object):
    """The brackets of a masked text paired once (each kind on its own, as match_close reads
    them), and the brace depth before each brace: a lookup, not a scan, per question."""

    def __init__(self, code: str) -> None:
        self.close_of: Dict[int, int] = {}
        stacks: Dict[str, List[int]] = {"(": [], "{": [], "[": []}
        openers = {")": "(", "}": "{", "]": "["}
        self.brace_positions: List[int] = []
        self.depth_after: List[int] = []
        depth = 0
        for m in re.finditer(r"[(){}\[\]]", code):
            char, at = m.group(0), m.start()
            if char in stacks:
                stacks[char].append(at)
            else:
                stack = stacks[openers[char]]
                if stack:
                    self.close_of[stack.pop()] = at
            if char in "{}":
                depth += 1 if char == "{" else -1
                self.brace_positions.append(at)
                self.depth_after.append(depth)

    def depth_at(self, pos: int) -> int:
        index = bisect.bisect_left(self.brace_positions, pos)
        return self.depth_after[index - 1] if index else 0


@functools.lru_cache(maxsize=8)
def _pairs(code: str) -> _Pairs:
    return _Pairs(code)


def match_close(code: str, open_index: int) -> int:
    """Index of the bracket closing the one at open_index in masked code, or -1."""
    return _pairs(code).close_of.get(open_index, -1)


def brace_depth_at(code: str, pos: int) -> int:
    return _pairs(code).depth_at(pos)


def skip_space(code: str, i: int) -> int:
    while i < len(code) and code[i].isspace():
        i += 1
    return i


# --------------------------------------------------------------------------------------------
# Function definitions: `<return type> Name(params) [const] {` at file level.

class Definition(object):
    def __init__(self, name_start: int, open_paren: int, close_paren: int, open_brace: int,
                 close_brace: int) -> None:
        self.name_start = name_start
        self.open_paren = open_paren
        self.close_paren = close_paren
        self.open_brace = open_brace
        self.close_brace = close_brace


_AFTER_PARAMS = re.compile(r"\s*(?:const\b\s*)?(?:throw\s*\([^()]*\)\s*)?\{")


def find_definitions(code: str, name_pattern: str) -> List[Definition]:
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


def check_balanced(code: str, filename: str) -> None:
    if code.count("{") != code.count("}") or code.count("(") != code.count(")"):
        raise Refusal("%s: braces or parentheses do not balance (after skipping comments, "
                      "strings and #if 0 blocks); the functions cannot be located safely"
                      % filename)


# --------------------------------------------------------------------------------------------
# Parameters.

class Param(object):
    def __init__(self, kind: str, name: Optional[str], text: str) -> None:
        self.kind = kind  # the type without qualifiers, e.g. "int", "CvUnit*"
        self.name = name  # None when the parameter is unnamed
        self.text = text  # as written (comments removed, spaces collapsed)


_QUALIFIERS = {"const", "volatile", "struct", "class", "enum", "typename", "register"}
_BUILTIN = {"int", "bool", "char", "short", "long", "unsigned", "signed", "float", "double",
            "void"}
_TOKEN = re.compile(r"[A-Za-z_]\w*|::|\S")


def split_top_level(text: str, separator: str) -> List[str]:
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


def parse_param(text: str) -> Param:
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


def parse_params(code: str, definition: Definition) -> List[Param]:
    inner = code[definition.open_paren + 1:definition.close_paren]
    if not inner.strip() or inner.strip() == "void":
        return []
    return [parse_param(part) for part in split_top_level(inner, ",")]


# --------------------------------------------------------------------------------------------
# Positions around definitions and statements.

def closing_indent(text: str, definition: Definition) -> str:
    """The whitespace before the body's closing brace (or the signature's line indentation)."""
    before = text[line_start(text, definition.close_brace):definition.close_brace]
    if not before.strip():
        return before
    return leading_whitespace(text, definition.open_brace)


def definition_start(text: str, definition: Definition) -> int:
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


def statement_start(code: str, pos: int, limit: int) -> int:
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


WORD = re.compile(r"[A-Za-z_]\w*")


def statement_end(code: str, start: int) -> int:
    """End (exclusive) of the statement starting at start: through an if's body and else."""
    word = WORD.match(code, start)
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
            following = WORD.match(code, after)
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


def innermost_opener(code: str, pos: int, limit: int) -> Optional[str]:
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
