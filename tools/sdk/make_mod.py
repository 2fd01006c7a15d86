#!/usr/bin/env python3
"""Assemble the CvVision mod folder: DIST/Mods/CvVision/.

    python3 tools/sdk/make_mod.py [--dll PATH] [--out DIST_DIR]
    python3 tools/sdk/make_mod.py --mod PATH/TO/Mods/TheirMod [--dll PATH] [--out DIST_DIR] [--replace]

What goes in:
  Assets/                     a copy of the repository's Assets/ tree (the vision knobs' XML ...)
  Assets/CvGameCoreDLL.dll    the DLL from --dll (built by tools/sdk/build_dll.py), when given
  CvVision.txt                tools/sdk/mod_readme.txt, with Windows line ends, for players

With --mod, DIST/Mods/<TheirMod> is instead a copy of the modder's own mod with CvVision's files
added: every file of Assets/ goes where their mod keeps it (Assets/XML/CvVision_GlobalDefines.xml
into their Assets/XML or Assets/xml folder, matched regardless of case), and the DLL into their
Assets/. The knobs file goes to Assets/XML in every fork layout: the integrated SetGlobalDefines
reads xml\\CvVision_GlobalDefines.xml whatever else the fork reads (docs/into-the-game.md, "The
mod folder"). A knobs file the mod already has there is the modder's own settings and is kept; one
under Assets/Modules is named in a note (a fork's modular loading reads it too, after). Their
folder is never modified; an existing destination is refused unless --replace.

The folder is rebuilt from scratch each time. It is assembled in a temporary folder beside it and
renamed into place at the end, so an interrupted run never leaves a half-written mod. Exit status:
0 written, 1 an input is missing (e.g. the --dll file: the SDK tools' ToolError, cvsdk/errors.py),
2 bad usage. Python 3.8+ standard library only.
"""

import argparse
import os
import shutil
import sys
import tempfile
from typing import List, Optional, Sequence, Tuple

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cvsdk.errors import EXIT_OK, EXIT_REFUSED, EXIT_USAGE, ToolError  # noqa: E402

EXIT_FAILED = EXIT_REFUSED  # an input is missing or the folder cannot be written

MOD_NAME = "CvVision"
DLL_NAME = "CvGameCoreDLL.dll"
README_NAME = "CvVision.txt"

TOOLS = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(TOOLS))
ASSETS = os.path.join(REPO, "Assets")
README = os.path.join(TOOLS, "mod_readme.txt")
KNOBS = "Assets/XML/CvVision_GlobalDefines.xml"  # where every integrated fork reads the knobs

NO_DLL = ("the mod folder has no DLL yet: build it with `make dll SDK=... TOOLKIT=... PSDK=...` "
          "(tools/sdk/build_dll.py), then run `make mod` again or pass --dll PATH. Without the DLL the "
          "game ignores the XML knobs.")


def check_dll(path: str) -> None:
    if not os.path.isfile(path):
        raise ToolError("--dll %s: no such file." % path)
    with open(path, "rb") as f:
        magic = f.read(2)
    if magic != b"MZ":
        raise ToolError("--dll %s is not a Windows DLL (it does not start with MZ)." % path)


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
    """Build OUT/Mods/CvVision from scratch; returns its path. Raises ToolError (errors.py) naming a missing or unusable input."""
    if dll:
        check_dll(dll)
    if not os.path.isdir(assets):
        raise ToolError("no Assets folder at %s." % assets)
    if not os.path.isfile(readme):
        raise ToolError("the players' readme %s is missing." % readme)
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


def matching_path(root: str, rel: str) -> str:
    """rel under root, each existing folder or file matched regardless of case (Assets/xml for
    Assets/XML); the parts that do not exist are spelt as in rel."""
    path = root
    for part in rel.split("/"):
        exact = os.path.join(path, part)
        if not os.path.exists(exact) and os.path.isdir(path):
            names = sorted(n for n in os.listdir(path) if n.lower() == part.lower())
            if names:
                exact = os.path.join(path, names[0])
        path = exact
    return path


def module_knobs(mod: str) -> List[str]:
    """The knobs files under the mod's Assets/Modules (any case), as relative paths: a fork
    with modular loading reads them too, after Assets/XML's."""
    modules = matching_path(mod, "Assets/Modules")
    if not os.path.isdir(modules):
        return []
    base = os.path.basename(KNOBS).lower()
    return [os.path.relpath(os.path.join(modules, rel), mod).replace(os.sep, "/")
            for rel in listing(modules) if os.path.basename(rel).lower() == base]


def make_mod_from(mod: str, out: str, dll: Optional[str], replace: bool = False,
                  assets: str = ASSETS) -> Tuple[str, List[str]]:
    """Build OUT/Mods/<name of mod>: a copy of mod with CvVision's files added (the mod's own
    knobs file kept). Returns its path and what was added (lines). Raises ToolError (errors.py) naming a missing or unusable input."""
    mod = os.path.abspath(mod)
    if not os.path.isdir(mod):
        raise ToolError("--mod %s: no such folder (pass the mod's folder, e.g. "
                      "'Beyond the Sword/Mods/MyMod')." % mod)
    if not os.path.isdir(matching_path(mod, "Assets")):
        raise ToolError("--mod %s has no Assets folder: is it a mod's folder?" % mod)
    if dll:
        check_dll(dll)
    if not os.path.isdir(assets):
        raise ToolError("no Assets folder at %s." % assets)
    name = os.path.basename(mod.rstrip(os.sep))
    mods = os.path.join(out, "Mods")
    final = os.path.join(mods, name)
    real_final, real_mod = os.path.realpath(final), os.path.realpath(mod)
    if real_final == real_mod or real_final.startswith(real_mod + os.sep) \
            or real_mod.startswith(real_final + os.sep):
        raise ToolError("the copy %s would overlap the mod %s itself: pass another --out."
                      % (final, mod))
    if os.path.lexists(final) and not replace:
        raise ToolError("%s exists already: remove it, or pass --replace (make mod ... REPLACE=1) "
                      "to rebuild it." % final)
    os.makedirs(mods, exist_ok=True)
    work = tempfile.mkdtemp(prefix=".%s-new-" % name, dir=mods)
    added: List[str] = []
    try:
        os.rmdir(work)
        shutil.copytree(mod, work, symlinks=True)
        pieces = [("Assets/" + rel, os.path.join(assets, rel)) for rel in listing(assets)]
        if dll:
            pieces.append(("Assets/" + DLL_NAME, dll))
        for rel, source in pieces:
            target = matching_path(work, rel)
            existed = os.path.exists(target)
            shown = os.path.relpath(target, work).replace(os.sep, "/")
            if existed and rel.lower() == KNOBS.lower():
                added.append("%s (kept: the mod's own knobs; remove it from the mod for "
                             "CvVision's defaults)" % shown)
                continue
            os.makedirs(os.path.dirname(target), exist_ok=True)
            if existed:
                os.remove(target)  # a copy: their own file is untouched
            shutil.copyfile(source, target)
            added.append("%s %s" % (shown, "(replaces the mod's own)" if existed else "(added)"))
        for rel in module_knobs(work):
            added.append("%s (the mod's own, left as it is: with modular loading the fork reads "
                         "it too, after %s, so its values win)" % (rel, KNOBS))
        replace_folder(work, final)
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    return final, added


def make_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="make_mod.py",
        description="Assemble the CvVision mod folder DIST/Mods/CvVision (Assets/, the DLL, "
                    "CvVision.txt) from scratch.",
        epilog="Install: copy DIST/Mods/CvVision into 'Beyond the Sword/Mods/'. "
               "Exit status: 0 written, 1 missing input, 2 bad usage.")
    parser.add_argument("--dll", metavar="PATH",
                        help="the CvGameCoreDLL.dll built by tools/sdk/build_dll.py; copied to "
                             "Assets/CvGameCoreDLL.dll")
    parser.add_argument("--out", metavar="DIST_DIR", default=os.path.join(REPO, "dist"),
                        help="where Mods/CvVision is written (default: <repo>/dist)")
    parser.add_argument("--mod", metavar="MOD_DIR",
                        help="your own mod's folder: write DIST_DIR/Mods/<its name>, a copy of it "
                             "with CvVision's XML and the DLL added (the folder itself is never "
                             "changed)")
    parser.add_argument("--replace", action="store_true",
                        help="with --mod: rebuild DIST_DIR/Mods/<its name> if it exists")
    return parser


def main(argv: Optional[Sequence[str]] = None) -> int:
    opts = make_parser().parse_args(argv)
    out = os.path.abspath(os.path.expanduser(opts.out))
    dll = os.path.abspath(os.path.expanduser(opts.dll)) if opts.dll else None
    if opts.mod:
        try:
            final, added = make_mod_from(os.path.expanduser(opts.mod), out, dll, opts.replace)
        except ToolError as e:
            print("make_mod: %s" % e, file=sys.stderr)
            return EXIT_FAILED
        except OSError as e:
            print("make_mod: cannot write the mod folder: %s" % e, file=sys.stderr)
            return EXIT_FAILED
        print("make_mod: wrote %s, a copy of %s with CvVision's files:" % (final, opts.mod))
        for line in added:
            print("  " + line)
        if not dll:
            print("make_mod: " + NO_DLL)
        print("make_mod: to install, copy %s into 'Beyond the Sword/Mods/'." % final)
        return EXIT_OK
    if opts.replace:
        print("make_mod: --replace goes with --mod.", file=sys.stderr)
        return EXIT_USAGE
    try:
        final = make_mod(out, dll)
    except ToolError as e:
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
