#!/usr/bin/env python3
"""sdk_fingerprints: make tools/sdk/sdk_bodies.json from the real SDK trees.

The entry point only: the tool is the package cvsdk next to this file (its command line is
cvsdk/cli_fingerprints.py, which documents the usage; `--help` prints it). Python 3.8 or later,
standard library only.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cvsdk.cli_fingerprints import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
