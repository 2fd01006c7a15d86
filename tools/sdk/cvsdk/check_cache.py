"""The compile caches' one variable and compiler identity, and sdk-check's compilations reused.

CACHE_ENV ($CVVISION_DIFFERENTIAL_CACHE) names the folder both caches use; without it nothing is
kept. The differential (differential.py) keeps its objects and its programs' answers there, its
keys starting with compiler_identity() as sdk-check's do. sdk-check keeps the exit status and
output of one compile of one unit in its subfolder sdk-check (CheckCache), under a key made of
everything the compile reads: the compiler (its path, bytes and version), its flags, the unit's
name, the bytes of every file of the tree compiled (its own headers included), of the stand-in
headers, and of the Boost and Python include folders, and the compiler's own include folders
(names, sizes and times). The same inputs give the same diagnostics, so a hit answers exactly
what the compiler would; a modder's sdk-check, without the variable, compiles everything.

The temporary folder's path appears in the compiler's output (the stand-in headers, the tree
given with -I): it is kept as a placeholder and put back on reading.
"""

import hashlib
import json
import os
import shutil
import subprocess
from typing import Dict, Optional, Sequence, Tuple

CACHE_ENV = "CVVISION_DIFFERENTIAL_CACHE"  # the caches' folder; unset: nothing is kept
SUBFOLDER = "sdk-check"
WORK_PLACEHOLDER = "@SDK_CHECK_WORK@"


def _file_digest(digest: "hashlib._Hash", root: str, by_content: bool) -> None:
    """Every file under root, in a fixed order: its relative path and its bytes (by_content) or
    its size and modification time."""
    for folder, dirs, names in os.walk(root):
        dirs.sort()
        for name in sorted(names):
            path = os.path.join(folder, name)
            digest.update(os.path.relpath(path, root).encode("utf-8", "surrogateescape") + b"\0")
            try:
                if by_content:
                    with open(path, "rb") as f:
                        digest.update(f.read())
                else:
                    status = os.stat(path)
                    digest.update(("%d %d" % (status.st_size, status.st_mtime_ns)).encode())
            except OSError:
                digest.update(b"\1unreadable")
            digest.update(b"\0")


def compiler_identity(cxx: str) -> bytes:
    """The compiler's path, its bytes (a wrapper script is a compiler of its own) and what it
    says of its version (the programs it runs)."""
    found = shutil.which(cxx) or cxx
    identity = os.path.realpath(found).encode("utf-8", "surrogateescape") + b"\0"
    try:
        with open(found, "rb") as f:
            identity += hashlib.sha256(f.read()).hexdigest().encode() + b"\0"
        done = subprocess.run([found, "--version"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        identity += done.stdout
    except OSError:
        pass
    return identity


class CheckCache(object):
    """The cache of one check run; disabled (every lookup misses, nothing written) when folder
    is None."""

    def __init__(self, folder: Optional[str], cxx: str, flags: Sequence[str], work: str,
                 content_dirs: Sequence[str], system_dirs: Sequence[str]) -> None:
        self.folder = os.path.join(folder, SUBFOLDER) if folder else None
        self.work = work
        self.trees: Dict[str, str] = {}
        self.common = ""
        if self.folder is None:
            return
        digest = hashlib.sha256()
        digest.update(compiler_identity(cxx))
        digest.update("\0".join(self._placeheld(f) for f in flags).encode())
        for directory in content_dirs:
            digest.update(b"\2" + self._placeheld(directory).encode("utf-8", "surrogateescape"))
            _file_digest(digest, directory, True)
        for directory in system_dirs:
            digest.update(b"\3" + directory.encode("utf-8", "surrogateescape"))
            _file_digest(digest, directory, False)
        self.common = digest.hexdigest()

    @classmethod
    def from_environment(cls, cxx: str, flags: Sequence[str], work: str,
                         content_dirs: Sequence[str], system_dirs: Sequence[str]) -> "CheckCache":
        return cls(os.environ.get(CACHE_ENV) or None, cxx, flags, work, content_dirs, system_dirs)

    def _placeheld(self, text: str) -> str:
        return text.replace(self.work, WORK_PLACEHOLDER)

    def _tree_digest(self, tree: str) -> str:
        if tree not in self.trees:
            digest = hashlib.sha256(self._placeheld(tree).encode("utf-8", "surrogateescape"))
            _file_digest(digest, tree, True)
            self.trees[tree] = digest.hexdigest()
        return self.trees[tree]

    def _path(self, tree: str, unit: str) -> str:
        key = hashlib.sha256(("%s\0%s\0%s" % (self.common, self._tree_digest(tree), unit))
                             .encode("utf-8", "surrogateescape")).hexdigest()[:40]
        return os.path.join(self.folder or "", key + ".json")

    def prepare(self, trees: Sequence[str]) -> None:
        """Digest the trees now, before any compile writes next to their files."""
        if self.folder is not None:
            for tree in trees:
                self._tree_digest(tree)

    def get(self, tree: str, unit: str) -> Optional[Tuple[int, str]]:
        if self.folder is None:
            return None
        try:
            with open(self._path(tree, unit), encoding="utf-8") as f:
                kept = json.load(f)
            return int(kept["code"]), str(kept["output"]).replace(WORK_PLACEHOLDER, self.work)
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def put(self, tree: str, unit: str, code: int, output: str) -> None:
        if self.folder is None:
            return
        path = self._path(tree, unit)
        partial = "%s.%d.tmp" % (path, os.getpid())
        try:
            os.makedirs(self.folder, exist_ok=True)
            with open(partial, "w", encoding="utf-8") as f:
                json.dump({"code": code, "output": self._placeheld(output)}, f)
            os.replace(partial, path)
        except OSError:
            pass  # a cache that cannot be written only costs time

