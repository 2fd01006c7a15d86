"""A tree's planned changes (Plan): the bytes to write per file, the originals they replace, and
what to tell the user (actions, errors, warnings, notes). Computed in full before anything is
written (see plan.build_plan and manifest.apply_plan).
"""

import os
import stat
from collections import OrderedDict
from typing import Dict, List, Optional


# --------------------------------------------------------------------------------------------
# The plan: every change computed first, written only if nothing was refused.

class Plan(object):
    def __init__(self, sdk_dir: str) -> None:
        self.sdk_dir = sdk_dir
        self.writes: Dict[str, bytes] = OrderedDict()  # file name -> new bytes
        self.originals: Dict[str, Optional[bytes]] = OrderedDict()  # None if added
        self.modes: Dict[str, int] = {}  # file name -> permission bits of the existing file
        self.actions: List[str] = []
        self.errors: List[str] = []
        self.warnings: List[str] = []
        self.notes: List[str] = []
        # CvPlot bodies no fingerprint knows, replaced if the differential finds that CvVision
        # sees what they see (behaviour.py): the lines of each that differ, as errors would say
        self.pending: List[str] = []

    def write(self, name: str, data: bytes) -> bool:
        """Plan writing data to the file; False (nothing planned) if it already holds data."""
        path = os.path.join(self.sdk_dir, name)
        original = None
        if os.path.exists(path):
            with open(path, "rb") as f:
                original = f.read()
            self.modes[name] = stat.S_IMODE(os.stat(path).st_mode)
        if original == data:
            return False
        self.writes[name] = data
        self.originals[name] = original
        return True
