"""The names sdk-integrate works with: the tool's name, the backup folder and its manifest, the
staging folder, journal and lock of a run, the tags of the lines it writes, the files it looks
for (the precompiled header PCH_HEADER, which build_dll.py uses too), and the folders and files
of the tool itself (TOOL_DIR, DEFAULT_SOURCES, BODIES_FILE, CHANGELOG_NAME).
"""

import os


TOOL = "sdk-integrate"
BACKUP_DIR = ".cvvision-backup"
MANIFEST = "manifest.json"
# A run's staged files and its journal (cvsdk/journal.py), and the lock of the tree
STAGING_DIR = ".cvvision-staging"
JOURNAL = "journal.json"
LOCK_FILE = ".cvvision-lock"
# The entries of SDK_DIR that are the tool's own state, not the mod's (copies of a tree skip them)
TOOL_ENTRIES = (BACKUP_DIR, STAGING_DIR, LOCK_FILE)
BODY_TAG = ("// CvVision (sdk-integrate): vision by CvVisionSdk; "
            "the original body is in " + BACKUP_DIR + "/")
LINE_TAG = "// CvVision"
SDK_HEADER = "CvVisionSdk.h"
PYTHON_INTERFACE = "CyVisionPythonInterface"
KNOBS_FILE = "CvVision_GlobalDefines.xml"
# The rule points of a fork's own sight: copied in once, then the mod's own (never overwritten).
RULES_FILE = "CvVisionSightRules.cpp"
PCH_HEADER = "CvGameCoreDLL.h"
PCH_TAG = "// CvVision (sdk-integrate): the tree's precompiled header"
PCH_LINE = '#include "%s" %s' % (PCH_HEADER, PCH_TAG)
# A whole CvGameCoreDLL folder has these; a fork that ships only its changed files may not.
REQUIRED_FILES = ("CvDLLPython.cpp", PCH_HEADER, "CvGlobals.h")
BOM = "\xef\xbb\xbf"  # a UTF-8 byte order mark, as read through latin-1
# tools/sdk: the folder of the command-line entry points (this package is in it)
TOOL_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# CvVision's own source folder, copied into the tree by default
DEFAULT_SOURCES = os.path.join(TOOL_DIR, os.pardir, os.pardir, "CvGameCoreDLL")
BODIES_FILE = os.path.join(TOOL_DIR, "sdk_bodies.json")  # fingerprints of the known bodies
CHANGELOG_NAME = "CHANGELOG.md"  # CvVision's version: the first released heading, found upwards
