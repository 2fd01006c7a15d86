#!/usr/bin/env python3
"""differential: does CvVision, as sdk-integrate configures it, see what a tree's own code sees?

The entry point only: the tool is the package cvsdk next to this file, found there because Python
puts this script's folder first on sys.path (its command line is cvsdk/cli_differential.py, which
documents the usage; `--help` prints it). Python 3.8 or later, standard library only.
"""

import sys

from cvsdk.cli_differential import main

if __name__ == "__main__":
    sys.exit(main())
