"""Files: read as latin-1 so that every byte survives a round trip unchanged; written with their
permission bits; found in a tree whatever the case of their names; a tree's sources listed,
line endings converted, contents hashed.
"""

import hashlib
import os
import stat
from typing import List, Optional


# --------------------------------------------------------------------------------------------
# Text files: read as latin-1 so that every byte survives a round trip unchanged.

def read_text(path: str) -> str:
    with open(path, "rb") as f:
        return f.read().decode("latin-1")


def to_bytes(text: str) -> bytes:
    return text.encode("latin-1")


def find_file(directory: str, name: str) -> Optional[str]:
    """The name of the file in directory matching name case-insensitively, or None."""
    if os.path.isfile(os.path.join(directory, name)):
        return name
    for entry in sorted(os.listdir(directory)):
        if entry.lower() == name.lower() and os.path.isfile(os.path.join(directory, entry)):
            return entry
    return None


def list_sources(sources_dir: str) -> List[str]:
    names = [n for n in os.listdir(sources_dir)
             if os.path.isfile(os.path.join(sources_dir, n))
             and os.path.splitext(n)[1].lower() in (".h", ".cpp")]
    return sorted(names, key=lambda n: (n.lower(), n))


def read_only(path: str) -> bool:
    return os.path.exists(path) and not (os.stat(path).st_mode & stat.S_IWUSR
                                         and os.access(path, os.W_OK))


def with_line_endings(data: bytes, eol: str) -> bytes:
    """The bytes of a text file with every line ending made eol."""
    return data.replace(b"\r\n", b"\n").replace(b"\n", eol.encode("ascii"))


# --------------------------------------------------------------------------------------------
# Hashes, and writes that keep the permission bits.

def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def write_bytes(path: str, data: bytes, mode: Optional[int] = None) -> None:
    """Write through a temporary file; the file keeps its permission bits (mode, or those of the
    file it replaces)."""
    if mode is None and os.path.exists(path):
        mode = stat.S_IMODE(os.stat(path).st_mode)
    temporary = path + ".cvvision-tmp"
    with open(temporary, "wb") as f:
        f.write(data)
    if mode is not None:
        os.chmod(temporary, mode)
    os.replace(temporary, path)
