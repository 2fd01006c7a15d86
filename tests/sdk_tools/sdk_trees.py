"""The real CvGameCoreDLL trees of ../shared/data/sdk and the pytest set-up the suites on them
share: where each tree is, a skip (with the reason) when one is absent, a writable copy as a
modder has it, and snapshots of a tree to compare before and after a run. The pytest files import
it as `sdk_trees` (pytest puts their folder on the path), tests/fuzz/fuzz_sdk.py its list of trees
(it imports pytest only when a test is skipped); see docs/tests.md."""

import hashlib
import os
import shutil
import stat
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SDK_ROOT = REPO.parent / "shared" / "data" / "sdk"
# Every real tree, by the short name the tests use, in the order ../shared/data/SOURCES.md lists them.
TREES = {"bts": "bts-3.19", "kmod": "kmod-1.46", "advciv": "advciv", "romand": "romand",
         "realism": "realism-invictus", "pbmod": "pbmod-v10"}
# BTS's third-party folders: a copy leaves them out (the checks are given them as options).
THIRD_PARTY = ("Boost-1.32.0", "Python24")


def tree_dir(key):
    """The CvGameCoreDLL folder of the real tree `key` (a key of TREES)."""
    return SDK_ROOT / TREES[key] / "CvGameCoreDLL"


def need_dir(tree):
    """Skips the test, with the reason, when the real tree `tree` is absent; returns it."""
    if not Path(str(tree)).is_dir():
        import pytest
        pytest.skip("%s is absent (the real SDK trees live in ../shared/data/sdk; see "
                    "shared/data/SOURCES.md)" % tree)
    return tree


def need_program(name, why):
    """Skips the test when the program `name` is not on the path."""
    if shutil.which(name) is None:
        import pytest
        pytest.skip("%s is not installed (%s)" % (name, why))


def writable_copy(source, target, mixed_modes=True):
    """A copy of source without BTS's Boost and Python folders, writable as a modder's copy is
    (../shared is read-only): folders 0755, files 0644, or with mixed_modes every other file
    0664 (the group-writable modes of a shared checkout on some files)."""
    shutil.copytree(str(source), str(target), symlinks=True,
                    ignore=shutil.ignore_patterns(*THIRD_PARTY))
    for folder, _, names in os.walk(str(target)):
        os.chmod(folder, 0o755)
        for i, name in enumerate(sorted(names)):
            os.chmod(os.path.join(folder, name), 0o664 if mixed_modes and i % 2 else 0o644)
    return target


_digests = {}


def digest_of(path, info):
    """The file's SHA-256, remembered by inode, size and change time (a file the tool writes is
    a new inode: it is renamed into place)."""
    key = (path, info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns)
    if key not in _digests:
        with open(path, "rb") as handle:
            _digests[key] = hashlib.sha256(handle.read()).hexdigest()
    return _digests[key]


def snapshot(tree, skip_top=()):
    """Every file's bytes (hashed) and mode, and every folder's mode, under tree; the entries
    named in skip_top at its top are left out."""
    found = {}
    for root, dirs, files in os.walk(str(tree)):
        if skip_top and root == str(tree):
            dirs[:] = [d for d in dirs if d not in skip_top]
            files = [f for f in files if f not in skip_top]
        for d in dirs:
            path = os.path.join(root, d)
            found[os.path.relpath(path, str(tree)) + "/"] = stat.S_IMODE(os.lstat(path).st_mode)
        for f in files:
            path = os.path.join(root, f)
            info = os.lstat(path)
            found[os.path.relpath(path, str(tree))] = (digest_of(path, info),
                                                       stat.S_IMODE(info.st_mode))
    return found


def file_contents(root, with_modes=False, skip_dirs=()):
    """Every file under root: its path ('/'-separated, relative to root) -> its bytes, or
    (bytes, mode) with_modes; folders named in skip_dirs are not entered. Bytes, not digests,
    so that a failing comparison shows the difference."""
    files = {}
    for folder, dirs, names in os.walk(str(root)):
        dirs[:] = [d for d in dirs if d not in skip_dirs]
        for name in names:
            path = os.path.join(folder, name)
            with open(path, "rb") as f:
                data = f.read()
            key = os.path.relpath(path, str(root)).replace(os.sep, "/")
            files[key] = (data, os.stat(path).st_mode) if with_modes else data
    return files
