"""The compiler's errors, as the rewrites read them.

clang is run with `-fno-caret-diagnostics -fdiagnostics-print-source-range-info
-fno-color-diagnostics`, so that each error is one line:

    CyPlayer.cpp:80:19:{80:21-80:54}{80:57-80:61}: error: left operand to ? is void, ...

with the file, the line and column of the error, and the source ranges of its operands (columns are
1-based bytes; a range's end is one past its last character).
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

    def where(self) -> str:
        return "%s:%d:%d" % (self.path, self.line, self.column)


_LINE = re.compile(r"^(?P<path>[^:\n]+):(?P<line>\d+):(?P<column>\d+):(?P<ranges>(?:\{\d+:\d+-\d+:\d+\})*):?"
                   r" (?P<severity>fatal error|error|warning|note): (?P<message>.*)$")
_RANGE = re.compile(r"\{(\d+):(\d+)-(\d+):(\d+)\}")

FLAGS = ["-fno-caret-diagnostics", "-fdiagnostics-print-source-range-info", "-fno-color-diagnostics",
         "-ferror-limit=0"]


def parse(output: str) -> List[Diagnostic]:
    """Every diagnostic line of a clang run's output, in order."""
    result = []
    for text in output.splitlines():
        m = _LINE.match(text)
        if not m:
            continue
        ranges = [((int(a), int(b)), (int(c), int(d))) for a, b, c, d in _RANGE.findall(m.group("ranges"))]
        result.append(Diagnostic(m.group("path"), int(m.group("line")), int(m.group("column")), ranges,
                                 m.group("severity"), m.group("message")))
    return result


def errors(output: str) -> List[Diagnostic]:
    return [d for d in parse(output) if d.severity in ("error", "fatal error")]
