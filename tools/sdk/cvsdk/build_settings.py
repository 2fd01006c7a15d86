"""A CvGameCoreDLL tree's own build settings, from the project's one reader of them:
`cvvision build-settings --format json` (tools/lib/formats/BuildSettings.cpp), which the save
layout deriver uses too. build_dll.py (a fork's defines, folders, libraries and .def file) and
projects.tree_defines (the compile check's and the differential's defines) ask it here, so that
every tool takes the same branch of a tree's Makefile.

The program: $CVVISION if set, else build/cvvision of this checkout, else cvvision on the PATH.
When it is missing or cannot read the tree's settings: a UsageError (errors.py) saying why.
"""

import json
import os
import shutil
import subprocess
from typing import List, NamedTuple, Optional

from .errors import UsageError

ENV = "CVVISION"
REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
HOW_TO_BUILD = ("build it with `make build` (or `cmake -S . -B build && cmake --build build --target "
                "cvvision`) in %s, or set %s to the program's path" % (REPO, ENV))


class BuildSettings(NamedTuple):
    source: str  # the file the settings came from ("" when the tree has no build file)
    kind: str  # "makefile", "vcproj", "vcxproj" or ""
    configuration: str  # the target or configuration read ("Release", "Release|Win32"...)
    files: List[str]  # every file read
    defines: List[str]  # NAME or NAME=VALUE, without /D
    includes: List[str]  # absolute folders (the toolkit's, PSDK's, Boost's and Python's left out)
    libs: List[str]  # library file names
    lib_dirs: List[str]  # absolute folders
    def_file: Optional[str]  # absolute path of the module-definition (.def) file
    psdk: Optional[str]  # the Platform SDK folder the Makefile's PSDK= names
    toolkit: Optional[str]  # the toolkit folder its TOOLKIT= names


def find_cvvision() -> str:
    """The cvvision program, or UsageError saying how to build it."""
    named = os.environ.get(ENV)
    if named:
        if os.path.isfile(named) and os.access(named, os.X_OK):
            return named
        raise UsageError("%s=%s: no such program; %s" % (ENV, named, HOW_TO_BUILD))
    for name in ("cvvision", "cvvision.exe"):
        built = os.path.join(REPO, "build", name)
        if os.path.isfile(built) and os.access(built, os.X_OK):
            return built
    found = shutil.which("cvvision")
    if found:
        return found
    raise UsageError("cvvision is not built (it reads the tree's build settings): "
                             + HOW_TO_BUILD)


def _run(arguments: List[str], debug: bool) -> BuildSettings:
    command = [find_cvvision(), "build-settings", *arguments, "--format", "json"]
    if debug:
        command.append("--debug")
    try:
        done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    except OSError as e:
        raise UsageError("cannot run %s: %s" % (command[0], e))
    if done.returncode != 0:
        raise UsageError(done.stderr.decode("utf-8", "replace").strip()
                                 or "%s exited with %d" % (" ".join(command), done.returncode))
    data = json.loads(done.stdout.decode("utf-8", "replace"))
    return BuildSettings(
        data["source"] or "", data["kind"], data["configuration"], data["files"],
        [d["name"] if d["value"] is None else "%s=%s" % (d["name"], d["value"])
         for d in data["defines"]],
        data["includes"], data["libs"], data["lib_dirs"], data["def_file"], data["psdk"],
        data["toolkit"])


def read_tree(sdk_dir: str, debug: bool = False) -> BuildSettings:
    """The settings of the tree's release build (debug: its debug build): from its Makefile (in
    sdk_dir or one folder below), else its *.vcproj / *.vcxproj; empty when it has none."""
    return _run(["--sdk", os.path.abspath(sdk_dir)], debug)


def read_file(path: str, debug: bool = False) -> BuildSettings:
    """The settings of one Makefile or project file."""
    return _run(["--file", os.path.abspath(path)], debug)
