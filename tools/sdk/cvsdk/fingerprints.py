"""Fingerprints of the CvPlot bodies: no known body is stored as text, only the SHA-256 of its
normalised lines and a short SHA-256 per line (tools/sdk/sdk_bodies.json, made from the real
SDK trees by make()).
"""

import hashlib
import json
import os
import re
from collections import OrderedDict
from typing import Any, Dict, List, Optional, Sequence, Tuple

from .errors import Refusal
from .files import find_file, read_text
from .names import BODIES_FILE, TOOL_DIR
from .plot_functions import PLOT_FUNCTIONS
from .scanner import Definition, find_definitions, mask_code

Fingerprint = Dict[str, Any]  # {"sha256": of the whole body, "lines": one per line}
KnownBodies = Dict[str, List[Tuple[str, Fingerprint]]]  # name -> [(variant, fingerprint)]
BodyLines = List[Tuple[int, str]]  # (line number in the file, normalised line)


_SPACE_AT_PUNCTUATION = re.compile(r" (?=\W)|(?<=\W) ")
_KNOWN_BODIES = {}


def normalise_line(line: str) -> str:
    """A line of code (comments already removed) as fingerprinted: runs of whitespace are one
    space, and no space is kept next to punctuation."""
    return _SPACE_AT_PUNCTUATION.sub("", " ".join(line.split()))


def line_fingerprint(normalised: str) -> str:
    return hashlib.sha256(normalised.encode("latin-1")).hexdigest()[:16]


def body_fingerprint(normalised_lines: Sequence[str]) -> str:
    return hashlib.sha256("\n".join(normalised_lines).encode("latin-1")).hexdigest()


def body_lines(text: str, comments_masked: str, definition: Definition) -> BodyLines:
    """(line number in the file, normalised line) of every line of the body holding code.
    comments_masked: mask_code(text, strings=False, directives=False)."""
    start, end = definition.open_brace + 1, definition.close_brace
    first = text.count("\n", 0, start) + 1
    lines = []
    for offset, line in enumerate(comments_masked[start:end].split("\n")):
        normalised = normalise_line(line)
        if normalised:
            lines.append((first + offset, normalised))
    return lines


def fingerprint_body(text: str, comments_masked: str, definition: Definition) -> Fingerprint:
    """The fingerprint of a body: {"sha256": of the whole body, "lines": one per line}."""
    lines = [line for _, line in body_lines(text, comments_masked, definition)]
    return OrderedDict([("sha256", body_fingerprint(lines)),
                        ("lines", [line_fingerprint(line) for line in lines])])


def fingerprint_tree(sdk_dir: str) -> Dict[str, Fingerprint]:
    """Function name -> fingerprint of its body in sdk_dir's CvPlot.cpp (every function of
    PLOT_FUNCTIONS; a Refusal if one is missing or defined twice)."""
    plot = find_file(sdk_dir, "CvPlot.cpp")
    if plot is None:
        raise Refusal("CvPlot.cpp not found in %s" % sdk_dir)
    text = read_text(os.path.join(sdk_dir, plot))
    code = mask_code(text)
    comments = mask_code(text, strings=False, directives=False)
    result = OrderedDict()
    for function in PLOT_FUNCTIONS:
        definitions = find_definitions(code, r"CvPlot\s*::\s*" + function.name + r"\b")
        if len(definitions) != 1:
            raise Refusal("%s: CvPlot::%s is defined %d times (one definition expected)"
                          % (os.path.join(sdk_dir, plot), function.name, len(definitions)))
        result[function.name] = fingerprint_body(text, comments, definitions[0])
    return result


def load_known_bodies(path: Optional[str] = None) -> KnownBodies:
    """Function name -> [(variant name, fingerprint)], from sdk_bodies.json."""
    path = path or BODIES_FILE
    if path not in _KNOWN_BODIES:
        try:
            with open(path, "r", encoding="utf-8") as f:
                data = json.load(f)
            known = OrderedDict()
            for variant in data["variants"]:
                for name, fingerprint in variant["bodies"].items():
                    known.setdefault(name, []).append((variant["name"], fingerprint))
        except (OSError, ValueError, KeyError, TypeError) as error:
            raise Refusal("%s: the fingerprints of the known CvPlot bodies cannot be read (%s)"
                          % (path, error))
        _KNOWN_BODIES[path] = known
    return _KNOWN_BODIES[path]


def recognise_body(name: str, lines: BodyLines, known: KnownBodies) -> Optional[str]:
    """The name of the known variant whose body of `name` has these normalised lines, or None."""
    digest = body_fingerprint([line for _, line in lines])
    for variant, fingerprint in known.get(name, []):
        if fingerprint["sha256"] == digest:
            return variant
    return None


# --------------------------------------------------------------------------------------------
# sdk_bodies.json, made from the real SDK trees (tools/sdk/sdk_fingerprints.py).

DEFAULT_SHARED = os.path.join(TOOL_DIR, os.pardir, os.pardir, os.pardir, "shared", "data")
# (variant name, folder under the shared data, where it comes from)
VARIANTS = [
    ("BTS 3.19", "sdk/bts-3.19/CvGameCoreDLL",
     "max-zanko/civ4-beyond-the-sword-sdk @ 264d371d, CvGameCoreDLL/CvPlot.cpp"),
    ("AdvCiv", "sdk/advciv/CvGameCoreDLL",
     "f1rpo/AdvCiv @ 282d5397, CvGameCoreDLL/CvPlot.cpp"),
]
COMMAND = "python3 tools/sdk/sdk_fingerprints.py --write"


def make(shared: str) -> Dict[str, Any]:
    """The content of sdk_bodies.json from the trees under shared (a Refusal if one is missing).
    A body equal to an earlier variant's is listed only under the earlier one."""
    variants, seen = [], {}
    for name, folder, origin in VARIANTS:
        tree = os.path.join(shared, folder)
        if not os.path.isdir(tree):
            raise Refusal("%s: not a folder (the real SDK trees are needed)" % tree)
        bodies = OrderedDict()
        for function, fingerprint in fingerprint_tree(tree).items():
            if fingerprint["sha256"] not in seen.setdefault(function, set()):
                seen[function].add(fingerprint["sha256"])
                bodies[function] = fingerprint
        variants.append(OrderedDict([("name", name), ("from", origin), ("bodies", bodies)]))
    return OrderedDict([
        ("about", "Fingerprints of the CvPlot vision bodies sdk-integrate replaces without "
                  "--force. Per body: the SHA-256 of its normalised lines joined by newlines, and "
                  "the first 16 hex digits of each line's SHA-256. Normalised: comments removed, "
                  "whitespace runs made one space, no space next to punctuation, blank lines "
                  "dropped (so line endings and indentation do not matter)."),
        ("command", COMMAND),
        ("variants", variants),
    ])


def dumps(data: Dict[str, Any]) -> str:
    return json.dumps(data, indent=1) + "\n"
