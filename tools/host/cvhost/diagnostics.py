"""The compiler's errors, as the rewrites read them.

clang is run with `-fno-caret-diagnostics -fdiagnostics-print-source-range-info
-fno-color-diagnostics`, so that each error is one line:

    CyPlayer.cpp:80:19:{80:21-80:54}{80:57-80:61}: error: left operand to ? is void, ...

with the file, the line and column of the error, and the source ranges of its operands (columns are
1-based bytes; a range's end is one past its last character). The notes that follow an error
(`note: forward declaration of 'CallbackDefines'`) are its own: a rewrite may act at their place.
A message is given without the warning option that follows it (" [-Waddress-of-temporary]").
"""

import re
from typing import List, NamedTuple, Tuple

Position = Tuple[int, int]  # (line, column), both 1-based
Range = Tuple[Position, Position]  # [start, end)


class Diagnostic(NamedTuple):
    path: str
    line: int
    column: int
    ranges: List[Range]
    severity: str  # "error", "fatal error", "warning", "note"
    message: str
    notes: List["Diagnostic"] = []  # the notes that follow it (parse gives each its own list)

    def where(self) -> str:
        return "%s:%d:%d" % (self.path, self.line, self.column)


_LINE = re.compile(r"^(?P<path>[^:\n]+):(?P<line>\d+):(?P<column>\d+):(?P<ranges>(?:\{\d+:\d+-\d+:\d+\})*):?"
                   r" (?P<severity>fatal error|error|warning|note): (?P<message>.*)$")
# The warning option that names a warning clang makes an error (" [-Waddress-of-temporary]"): not
# part of what the message says.
_OPTION = re.compile(r" \[-W[\w+=-]+(?:,-W[\w+=-]+)*\]$")
_RANGE = re.compile(r"\{(\d+):(\d+)-(\d+):(\d+)\}")

FLAGS = ["-fno-caret-diagnostics", "-fdiagnostics-print-source-range-info", "-fno-color-diagnostics",
         "-ferror-limit=0"]


def parse(output: str) -> List[Diagnostic]:
    """Every diagnostic line of a clang run's output, in order; each note is also one of the notes
    of the error or warning before it."""
    result: List[Diagnostic] = []
    owner = None
    for text in output.splitlines():
        m = _LINE.match(text)
        if not m:
            continue
        ranges = [((int(a), int(b)), (int(c), int(d))) for a, b, c, d in _RANGE.findall(m.group("ranges"))]
        message = _OPTION.sub("", m.group("message"))
        d = Diagnostic(m.group("path"), int(m.group("line")), int(m.group("column")), ranges,
                       m.group("severity"), message, [])
        if d.severity == "note":
            if owner is not None:
                owner.notes.append(d)
        else:
            owner = d
        result.append(d)
    return result


def errors(output: str) -> List[Diagnostic]:
    return [d for d in parse(output) if d.severity in ("error", "fatal error")]
