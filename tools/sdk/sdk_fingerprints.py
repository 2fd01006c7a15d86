#!/usr/bin/env python3
"""sdk_fingerprints: make tools/sdk/sdk_bodies.json, the fingerprints of the CvPlot vision bodies
sdk-integrate knows, from the real SDK trees. No body is stored as text: each body is kept as the
SHA-256 of its normalised lines (see sdk_integrate.normalise_line) and one short SHA-256 prefix
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
import json
import os
import sys
from collections import OrderedDict

TOOL_DIR = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, TOOL_DIR)
import sdk_integrate  # noqa: E402

DEFAULT_SHARED = os.path.join(TOOL_DIR, os.pardir, os.pardir, os.pardir, "shared", "data")
# (variant name, folder under the shared data, where it comes from)
VARIANTS = [
    ("BTS 3.19", "sdk/bts-3.19/CvGameCoreDLL",
     "max-zanko/civ4-beyond-the-sword-sdk @ 264d371d, CvGameCoreDLL/CvPlot.cpp"),
    ("AdvCiv", "sdk/advciv/CvGameCoreDLL",
     "f1rpo/AdvCiv @ 282d5397, CvGameCoreDLL/CvPlot.cpp"),
]
COMMAND = "python3 tools/sdk/sdk_fingerprints.py --write"


def make(shared):
    """The content of sdk_bodies.json from the trees under shared (a Refusal if one is missing).
    A body equal to an earlier variant's is listed only under the earlier one."""
    variants, seen = [], {}
    for name, folder, origin in VARIANTS:
        tree = os.path.join(shared, folder)
        if not os.path.isdir(tree):
            raise sdk_integrate.Refusal("%s: not a folder (the real SDK trees are needed)" % tree)
        bodies = OrderedDict()
        for function, fingerprint in sdk_integrate.fingerprint_tree(tree).items():
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


def dumps(data):
    return json.dumps(data, indent=1) + "\n"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shared", default=DEFAULT_SHARED,
                        help="the shared data folder (default: ../shared/data)")
    parser.add_argument("--write", action="store_true",
                        help="write %s instead of printing" % sdk_integrate.BODIES_FILE)
    arguments = parser.parse_args(argv)
    try:
        text = dumps(make(arguments.shared))
    except sdk_integrate.Refusal as refusal:
        print("error: %s" % refusal, file=sys.stderr)
        return 1
    if arguments.write:
        with open(sdk_integrate.BODIES_FILE, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        print("written: %s" % os.path.normpath(sdk_integrate.BODIES_FILE))
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
