#!/usr/bin/env python3
"""sdk-integrate: wire CvVision into a copy of the game's CvGameCoreDLL source folder.

The entry point only: the tool is the package cvsdk next to this file (its command line is
cvsdk/cli_integrate.py, which documents the usage; `--help` prints it). Python 3.8 or later,
standard library only.
"""

import os
import signal
import sys

if __name__ == "__main__":
    try:
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        from cvsdk.cli_integrate import main
        status = main()
    except KeyboardInterrupt:  # Ctrl-C while the tool loads: nothing was read or written yet
        print("sdk-integrate: interrupted before changing anything", file=sys.stderr)
        status = 130
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the run has ended and said how: no traceback
    sys.exit(status)
