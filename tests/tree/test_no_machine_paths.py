"""No path of one machine in the project's files (issue 19).

Every file under CvGameCoreDLL/, tools/ and tests/ (but the fixtures and the fuzz corpus, which
are data), and the top-level CMakeLists.txt and Makefile:
  * names no folder of a machine: no '/work/' and no '/home/';
  * under tools/, does not use CVVISION_SOURCE_DIR: what is shipped finds its data at run time
    (tools/lib/support/DataDir.h); only the tests are given the source folder.
"""
import os
import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FOLDERS = ["CvGameCoreDLL", "tools", "tests"]
TOP_FILES = ["CMakeLists.txt", "Makefile"]
SKIPPED = {os.path.join("tests", "cli", "fixtures"), os.path.join("tests", "sdk_tools", "fixtures"),
           os.path.join("tests", "fuzz", "corpus")}
MACHINE_PATHS = ["/work/", "/home/"]
SOURCE_DIR_MACRO = "CVVISION_SOURCE_DIR"
# The checkers themselves name the paths they look for.
CHECKERS = {os.path.relpath(os.path.abspath(__file__), ROOT),
            os.path.join("tests", "tree", "test_comment_citations.py")}


def project_files():
    for folder in FOLDERS:
        for base, dirs, files in os.walk(os.path.join(ROOT, folder)):
            rel_base = os.path.relpath(base, ROOT)
            dirs[:] = sorted(d for d in dirs if os.path.join(rel_base, d) not in SKIPPED
                             and d != "__pycache__" and not d.startswith("."))
            for name in sorted(files):
                yield os.path.join(rel_base, name)
    for name in TOP_FILES:
        if os.path.exists(os.path.join(ROOT, name)):
            yield name


def text_of(rel):
    with open(os.path.join(ROOT, rel), "rb") as f:
        data = f.read()
    if b"\0" in data:
        return None  # a binary file (a picture, an object)
    return data.decode("utf-8", errors="replace")


def offences(rel, text):
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        for needle in MACHINE_PATHS:
            if needle in line:
                found.append(f"{rel}:{number}: names a machine's folder ({needle}): {line.strip()}")
        if rel.startswith("tools" + os.sep) and SOURCE_DIR_MACRO in line:
            found.append(f"{rel}:{number}: uses {SOURCE_DIR_MACRO} (find data at run time: "
                         f"tools/lib/support/DataDir.h): {line.strip()}")
    return found


def test_the_walk_sees_the_tree():
    files = set(project_files())
    assert os.path.join("tools", "lib", "support", "DataDir.cpp") in files
    assert os.path.join("tests", "CMakeLists.txt") in files
    assert "Makefile" in files
    assert not any(f.startswith(os.path.join("tests", "cli", "fixtures") + os.sep) for f in files)
    assert not any(f.startswith(os.path.join("tests", "sdk_tools", "fixtures") + os.sep) for f in files)


def test_no_machine_paths():
    found = []
    for rel in project_files():
        if rel in CHECKERS:
            continue
        text = text_of(rel)
        if text is not None:
            found += offences(rel, text)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("rel, line, expected", [
    (os.path.join("tools", "x.cpp"), 'return fs::path("/work/main") / "Assets";', 1),
    (os.path.join("tests", "x.sh"), "BIN=${1:-/home/me/cvvision}", 1),
    (os.path.join("tools", "x.cpp"), "fs::path(CVVISION_SOURCE_DIR)", 1),
    (os.path.join("tests", "x.cpp"), "fs::path(CVVISION_SOURCE_DIR)", 0),
    (os.path.join("tools", "x.cpp"), 'dataDir() / "Assets"', 0),
])
def test_the_check_catches(rel, line, expected):
    assert len(offences(rel, line + "\n")) == expected
