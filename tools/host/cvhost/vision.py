"""CvVision's own SDK adapter in the host program: the part that reads the vision rules from the
game's loaded infos and defines (CvGameCoreDLL/CvVisionSdkRules.cpp, cvVisionSdkReadRules, with
CvVisionRules.cpp and CvVisionTables.cpp), compiled against a tree's own headers and linked beside
its untouched objects, for `cvcore rules` (runtime/CvHostRulesCommand.cpp).

The tree is not integrated: the adapter's files are copied beside the build, with the
CvVisionSdkCompat.h that sdk-integrate would write for the tree (its accessors' names, its info
headers: cvsdk.compat), and compiled with the tree's flags. A tree that already holds CvVision's
files (one integrated before) is refused: its own copies would clash with these at the link.
"""

import hashlib
import os
import re
from typing import List, NamedTuple, Tuple

from .errors import BuildStop

# The adapter's files compiled into the program, and the runtime's command that calls them.
ADAPTER_UNITS = ["CvVisionSdkRules.cpp", "CvVisionRules.cpp", "CvVisionTables.cpp"]
COMMAND_UNIT = "CvHostRulesCommand.cpp"
COMPAT_HEADER = "CvVisionSdkCompat.h"
_INCLUDE = re.compile(r'^[ \t]*#[ \t]*include[ \t]*"([^"]+)"', re.M)


class Adapter(NamedTuple):
    folder: str  # the copies, beside the build
    units: List[str]  # the .cpp files to compile, in that folder
    key: str  # the hash of the copies' contents


def dll_sources() -> str:
    """The project's CvGameCoreDLL folder (the one sdk-integrate copies from)."""
    from cvsdk.names import DEFAULT_SOURCES
    folder = os.path.normpath(DEFAULT_SOURCES)
    if not os.path.isfile(os.path.join(folder, ADAPTER_UNITS[0])):
        raise BuildStop("CvVision's CvGameCoreDLL folder (%s) is not there: the rules route needs its adapter"
                        % folder)
    return folder


def _closure(folder: str, units: List[str]) -> List[str]:
    """The units and every file of the folder they include (by "name"), transitively, sorted."""
    ours = {n.lower(): n for n in os.listdir(folder)}
    found, todo = set(), list(units)
    while todo:
        name = todo.pop()
        if name in found:
            continue
        found.add(name)
        with open(os.path.join(folder, name), encoding="latin-1") as f:
            for included in _INCLUDE.findall(f.read()):
                real = ours.get(included.lower())
                if real:
                    todo.append(real)
    return sorted(found)


def adapter(tree_src: str, base: str) -> Adapter:
    """The adapter's files copied into BASE/vision-HASH for the tree whose (rewritten) copy is
    tree_src; written once per content."""
    from cvsdk import compat
    from cvsdk.changes import Plan
    from cvsdk.files import list_sources
    folder = dll_sources()
    names = _closure(folder, ADAPTER_UNITS)
    tree_names = {n.lower() for n in os.listdir(tree_src)}
    clash = [n for n in names if n.lower() in tree_names and n != COMPAT_HEADER]
    if clash:
        raise BuildStop("%s already holds CvVision's own %s (an integrated tree): the host's rules route "
                        "reads an untouched tree; give the tree as it was before sdk-integrate"
                        % (tree_src, ", ".join(clash)))
    contents = {}
    for name in names:
        with open(os.path.join(folder, name), "rb") as f:
            contents[name] = f.read()
    if COMPAT_HEADER in contents:
        plan = Plan(tree_src)
        contents[COMPAT_HEADER] = compat.compat_flavour(tree_src, contents[COMPAT_HEADER], plan, list_sources(folder))
        if plan.errors:
            raise BuildStop("%s for %s: %s" % (COMPAT_HEADER, tree_src, "; ".join(plan.errors)))
    h = hashlib.sha256()
    for name in names:
        h.update(name.encode() + b"\0" + contents[name] + b"\0")
    key = h.hexdigest()
    target = os.path.join(base, "vision-" + key[:16])
    if not os.path.isdir(target):
        part = target + ".part%d" % os.getpid()
        os.makedirs(part)
        for name, data in contents.items():
            with open(os.path.join(part, name), "wb") as f:
                f.write(data)
        os.replace(part, target)
    return Adapter(target, list(ADAPTER_UNITS), key)


def compile_jobs(tree_src: str, base: str, core_flags: List[str], headers_hash: str, runtime_flags: List[str],
                 runtime_key: str, runtime_dir: str, objects_dir: str) -> List[Tuple[str, str, str, List[str], str]]:
    """What the rules program compiles besides the runtime's units: (label, folder, source, flags,
    object) for each of the adapter's units (the core's flags; cached by them, the copies and the
    tree's headers) and for the rules command (the runtime's flags and the adapter's folder; cached
    by the runtime's key, which covers its files and the tree's headers, and the copies)."""
    found = adapter(tree_src, base)
    jobs = []
    key = hashlib.sha256(("\0".join(core_flags) + found.key + headers_hash).encode()).hexdigest()[:24]
    for unit in found.units:
        jobs.append(("CvVision's %s" % unit, found.folder, os.path.join(found.folder, unit), list(core_flags),
                     os.path.join(objects_dir, "vision-%s-%s.o" % (key, unit[:-4]))))
    key = hashlib.sha256((runtime_key + found.key).encode()).hexdigest()[:24]
    jobs.append(("the host's %s" % COMMAND_UNIT, runtime_dir, os.path.join(runtime_dir, COMMAND_UNIT),
                 list(runtime_flags) + ["-I" + found.folder],
                 os.path.join(objects_dir, "vision-%s-%s.o" % (key, COMMAND_UNIT[:-4]))))
    return jobs
