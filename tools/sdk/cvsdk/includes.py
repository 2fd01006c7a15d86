"""The #include lines sdk-integrate adds: CvVisionSdk.h in the files it patches, and the
precompiled header first in the copied .cpp files.
"""

import re
from typing import Optional

from .files import to_bytes
from .names import BOM, LINE_TAG, PCH_LINE, SDK_HEADER
from .scanner import mask_code
from .text import Edit, after_line


INCLUDE_LINE = r"^(?:%s)?[ \t]*#[ \t]*include[ \t]*" % BOM


def plan_sdk_include(text: str, code: str, eol: str) -> Optional[Edit]:
    """The edit adding #include "CvVisionSdk.h" after "CvGameCoreDLL.h", or None if present."""
    view = mask_code(text, strings=False, directives=False)
    if re.search(INCLUDE_LINE + r'"CvVisionSdk\.h"', view, re.M):
        return None
    line = '#include "%s" %s' % (SDK_HEADER, LINE_TAG)
    anchor = re.search(INCLUDE_LINE + r'["<]CvGameCoreDLL\.h[">]', view, re.M)
    if not anchor:
        first_brace = code.find("{")
        limit = len(code) if first_brace < 0 else first_brace
        includes = [m for m in re.finditer(INCLUDE_LINE + r'["<]', view, re.M)
                    if m.start() < limit]
        anchor = includes[-1] if includes else None
    if not anchor:
        return (0, 0, line + eol)
    pos = after_line(text, anchor.start())
    prefix = eol if pos == len(text) and not text.endswith("\n") else ""
    return (pos, pos, prefix + line + eol)


def includes_pch(data: bytes) -> bool:
    text = mask_code(data.decode("latin-1"), strings=False, directives=False)
    return re.search(INCLUDE_LINE + r'["<]CvGameCoreDLL\.h[">]', text, re.M) is not None


def with_pch_include(name: str, data: bytes) -> bytes:
    """A copied .cpp that does not include the tree's precompiled header gets it as its first
    line (after a byte order mark), so that builds forcing /Yu"CvGameCoreDLL.h" on every file
    (the forks' Makefiles) compile it. CvVision's own files stay free of it (they build on the
    host)."""
    if not name.lower().endswith(".cpp") or includes_pch(data):
        return data
    bom = to_bytes(BOM)
    start = len(bom) if data.startswith(bom) else 0
    return data[:start] + to_bytes(PCH_LINE) + b"\n" + data[start:]
