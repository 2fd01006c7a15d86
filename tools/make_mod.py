#!/usr/bin/env python3
"""Assemble the CvVision mod folder: DIST/Mods/CvVision/.

    python3 tools/make_mod.py [--dll PATH] [--out DIST_DIR]

What goes in:
  Assets/                     a copy of the repository's Assets/ tree (the vision knobs' XML ...)
  Assets/CvGameCoreDLL.dll    the DLL from --dll (built by tools/build_dll.py), when given
  CvVision.txt                tools/mod_readme.txt, with Windows line ends, for players

The folder is rebuilt from scratch each time. It is assembled in a temporary folder beside it and
renamed into place at the end, so an interrupted run never leaves a half-written mod. Exit status:
0 written, 1 an input is missing (e.g. the --dll file), 2 bad usage. Python 3.8+ standard library only.
"""

import argparse
import os
import shutil
import sys
import tempfile
from typing import List, Optional, Sequence

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2

MOD_NAME = "CvVision"
DLL_NAME = "CvGameCoreDLL.dll"
README_NAME = "CvVision.txt"

TOOLS = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(TOOLS)
ASSETS = os.path.join(REPO, "Assets")
README = os.path.join(TOOLS, "mod_readme.txt")

NO_DLL = ("the mod folder has no DLL yet: build it with `make dll SDK=... TOOLKIT=... PSDK=...` "
          "(tools/build_dll.py), then run `make mod` again or pass --dll PATH. Without the DLL the "
          "game ignores the XML knobs.")


class Failure(Exception):
    """An input is missing or unusable: the message names it."""


def check_dll(path: str) -> None:
    if not os.path.isfile(path):
        raise Failure("--dll %s: no such file." % path)
    with open(path, "rb") as f:
        magic = f.read(2)
    if magic != b"MZ":
        raise Failure("--dll %s is not a Windows DLL (it does not start with MZ)." % path)


def listing(root: str) -> List[str]:
    """Every file under root, as sorted relative paths with forward slashes."""
    files = []
    for folder, dirs, names in os.walk(root):
        dirs.sort()
        for name in sorted(names):
            files.append(os.path.relpath(os.path.join(folder, name), root).replace(os.sep, "/"))
    return files


def assemble(target: str, assets: str, readme: str, dll: Optional[str]) -> None:
    """Write the mod's contents into the empty-or-absent folder target."""
    shutil.copytree(assets, os.path.join(target, "Assets"))
    if dll:
        shutil.copyfile(dll, os.path.join(target, "Assets", DLL_NAME))
    with open(readme, "r", encoding="utf-8") as f:
        text = f.read()
    with open(os.path.join(target, README_NAME), "w", encoding="utf-8", newline="\r\n") as f:
        f.write(text)


def current_umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def replace_folder(new: str, final: str) -> None:
    """Put new in the place of final; the old folder is moved aside first and then deleted."""
    old = None
    if os.path.lexists(final):
        old = tempfile.mkdtemp(prefix=".%s-old-" % MOD_NAME, dir=os.path.dirname(final))
        os.rmdir(old)
        os.rename(final, old)
    os.rename(new, final)
    if old:
        shutil.rmtree(old)


def make_mod(out: str, dll: Optional[str], assets: str = ASSETS, readme: str = README) -> str:
    """Build OUT/Mods/CvVision from scratch; returns its path. Raises Failure."""
    if dll:
        check_dll(dll)
    if not os.path.isdir(assets):
        raise Failure("no Assets folder at %s." % assets)
    if not os.path.isfile(readme):
        raise Failure("the players' readme %s is missing." % readme)
    mods = os.path.join(out, "Mods")
    final = os.path.join(mods, MOD_NAME)
    os.makedirs(mods, exist_ok=True)
    work = tempfile.mkdtemp(prefix=".%s-new-" % MOD_NAME, dir=mods)
    try:
        os.chmod(work, 0o777 & ~current_umask())  # mkdtemp makes it private
        assemble(work, assets, readme, dll)
        replace_folder(work, final)
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    return final


def make_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="make_mod.py",
        description="Assemble the CvVision mod folder DIST/Mods/CvVision (Assets/, the DLL, "
                    "CvVision.txt) from scratch.",
        epilog="Install: copy DIST/Mods/CvVision into 'Beyond the Sword/Mods/'. "
               "Exit status: 0 written, 1 missing input, 2 bad usage.")
    parser.add_argument("--dll", metavar="PATH",
                        help="the CvGameCoreDLL.dll built by tools/build_dll.py; copied to "
                             "Assets/CvGameCoreDLL.dll")
    parser.add_argument("--out", metavar="DIST_DIR", default=os.path.join(REPO, "dist"),
                        help="where Mods/CvVision is written (default: <repo>/dist)")
    return parser


def main(argv: Optional[Sequence[str]] = None) -> int:
    opts = make_parser().parse_args(argv)
    out = os.path.abspath(os.path.expanduser(opts.out))
    dll = os.path.abspath(os.path.expanduser(opts.dll)) if opts.dll else None
    try:
        final = make_mod(out, dll)
    except Failure as e:
        print("make_mod: %s" % e, file=sys.stderr)
        return EXIT_FAILED
    except OSError as e:
        print("make_mod: cannot write the mod folder: %s" % e, file=sys.stderr)
        return EXIT_FAILED

    print("make_mod: wrote %s" % final)
    for rel in listing(final):
        size = os.path.getsize(os.path.join(final, rel))
        print("  %-50s %10d bytes" % (rel, size))
    if os.path.isfile(os.path.join(final, "Assets", DLL_NAME)):
        print("make_mod: DLL included%s." % (" (from %s)" % dll if dll else ""))
    else:
        print("make_mod: " + NO_DLL)
    print("make_mod: to install, copy %s into 'Beyond the Sword/Mods/'." % final)
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
