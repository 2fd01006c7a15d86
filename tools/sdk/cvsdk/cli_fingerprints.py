"""sdk_fingerprints: make tools/sdk/sdk_bodies.json, the fingerprints of the CvPlot vision bodies
sdk-integrate knows, from the real SDK trees. No body is stored as text: each body is kept as the
SHA-256 of its normalised lines (see fingerprints.normalise_line) and one short SHA-256 prefix
per line, which is what sdk-integrate compares and diffs.

Usage (from the repository's root, with the real data in ../shared):
    python3 tools/sdk/sdk_fingerprints.py            # print the JSON
    python3 tools/sdk/sdk_fingerprints.py --write    # write tools/sdk/sdk_bodies.json
    python3 tools/sdk/sdk_fingerprints.py --shared DIR [--write]

The trees used (see ../shared/data/SOURCES.md): BTS 3.19's own SDK (K-Mod 1.46's bodies are the
same; the tests check it), and AdvCiv.

Python 3.8 or later, standard library only.
"""

import argparse
import os
import sys
from typing import Optional, Sequence

from .errors import Refusal
from .fingerprints import DEFAULT_SHARED, dumps, make
from .names import BODIES_FILE


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shared", default=DEFAULT_SHARED,
                        help="the shared data folder (default: ../shared/data)")
    parser.add_argument("--write", action="store_true",
                        help="write %s instead of printing" % BODIES_FILE)
    arguments = parser.parse_args(argv)
    try:
        text = dumps(make(arguments.shared))
    except Refusal as refusal:
        print("error: %s" % refusal, file=sys.stderr)
        return refusal.exit_code
    if arguments.write:
        with open(BODIES_FILE, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        print("written: %s" % os.path.normpath(BODIES_FILE))
    else:
        sys.stdout.write(text)
    return 0
