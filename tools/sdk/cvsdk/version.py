"""CvVision's version, read from the first released heading of CHANGELOG.md, and the tags of a
fork's own body kept under #if 0: under --force (force_tag), or accepted because the differential
found it sees what CvVision sees (accepted_tag).
"""

import os
import re
from typing import Optional

from .names import CHANGELOG_NAME, TOOL_DIR


# --------------------------------------------------------------------------------------------
# CvVision's version, stamped into the tags the tool writes (--force keeps a fork's body under
# #if 0 with it).

FORCE_TAG = "// CvVision %s (sdk-integrate --force): this fork's own body, kept for merges"
# A body whose text no fingerprint knows, accepted because it behaves as CvVision (the differential).
ACCEPTED_TAG = ("// CvVision %s (sdk-integrate): this fork's own body, kept for merges; it sees "
                "what CvVision sees (the differential)")


# A released heading of CHANGELOG.md: "## [0.9.0] - 2026-11-23" (also without the brackets or the
# date). "## [Unreleased]" does not match.
_RELEASE_HEADING = re.compile(r"^##\s+\[?v?(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)\]?(?:\s|$)")


def changelog_path(start: str = TOOL_DIR) -> Optional[str]:
    """CHANGELOG.md at the repository's root: the first one found in START's folder or above
    (this tool lives in tools/ or a folder below it)."""
    folder = os.path.abspath(start)
    while True:
        candidate = os.path.join(folder, CHANGELOG_NAME)
        if os.path.isfile(candidate):
            return candidate
        parent = os.path.dirname(folder)
        if parent == folder:
            return None
        folder = parent


def version_from_changelog(text: str) -> Optional[str]:
    """The version of the first released heading of a changelog's text, or None."""
    for line in text.splitlines():
        match = _RELEASE_HEADING.match(line)
        if match:
            return match.group(1)
    return None


def cvvision_version() -> str:
    """CvVision's version: the first released heading of CHANGELOG.md ("## [0.9.0] - DATE";
    "## [Unreleased]" skipped)."""
    path = changelog_path()
    version = None
    if path:
        try:
            with open(path, "r", encoding="utf-8") as f:
                version = version_from_changelog(f.read())
        except (OSError, UnicodeDecodeError):
            version = None
    return version or "(unknown version)"


def force_tag() -> str:
    return FORCE_TAG % cvvision_version()


def accepted_tag() -> str:
    return ACCEPTED_TAG % cvvision_version()
