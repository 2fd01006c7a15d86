"""Lines of text: line endings and indentation of a file, positions of lines, and edits applied
to a text by position.
"""

import re
from collections import Counter
from typing import Callable, Sequence, Tuple

Edit = Tuple[int, int, str]  # (start, end, replacement): see apply_edits
Printer = Callable[[str], None]  # prints one line (to stdout or stderr)


def detect_eol(text: str) -> str:
    """The file's line ending: CRLF when most lines end so, else LF."""
    crlf = text.count("\r\n")
    lf = text.count("\n") - crlf
    return "\r\n" if crlf > lf else "\n"


def detect_indent_unit(text: str) -> str:
    """One level of indentation: a tab, or the file's usual number of spaces."""
    tabs, widths = 0, Counter()
    for line in text.splitlines():
        if line.startswith("\t"):
            tabs += 1
        elif line.startswith(" ") and line.strip() and not line.lstrip().startswith("*"):
            widths[len(line) - len(line.lstrip(" "))] += 1
    if tabs >= sum(widths.values()):
        return "\t"
    common = [w for w in sorted(widths) if widths[w] >= 2 and w <= 8]
    return " " * (common[0] if common else 4)


def line_start(text: str, pos: int) -> int:
    return text.rfind("\n", 0, pos) + 1


def line_end(text: str, pos: int) -> int:
    """Index of the end of pos's line, before its line ending."""
    end = text.find("\n", pos)
    if end < 0:
        return len(text)
    return end - 1 if end > 0 and text[end - 1] == "\r" else end


def after_line(text: str, pos: int) -> int:
    """Index just after pos's line ending (len(text) on a last line without one)."""
    end = text.find("\n", pos)
    return len(text) if end < 0 else end + 1


def leading_whitespace(text: str, pos: int) -> str:
    start = line_start(text, pos)
    match = re.compile(r"[ \t]*").match(text, start)
    return match.group(0)


def apply_edits(text: str, edits: Sequence[Edit]) -> str:
    """edits: (start, end, replacement) with disjoint ranges, applied from the end; insertions
    at one position keep their order."""
    ordered = sorted(enumerate(edits), key=lambda e: (e[1][0], e[1][1], e[0]), reverse=True)
    for _, (start, end, replacement) in ordered:
        text = text[:start] + replacement + text[end:]
    return text
