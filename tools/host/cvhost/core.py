"""A tree's whole core, compiled for the host: the build copy, the error-driven rewrites, the
objects, cached by content.

    copy  the tree's sources into BUILD/src (the modder's tree is never written), the Python 2.4
          headers beside them with the host's pyconfig.h, then the source rewrites;
    loop  compile each core file (clang in MSVC mode, 32 bits); on errors, apply the error-driven
          rewrite each error names and compile again; stop when every file compiles or an error
          has no rewrite (then the stop names the file, the line and the construct);
    cache an object is kept under CACHE/objects by the hash of its file, of every header of the
          copy, of the flags and of the host's headers: the same tree built again compiles nothing.
          The rewritten copy is kept by the hash of the tree, so the loop runs once per tree.
"""

import concurrent.futures
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
from typing import Dict, List, NamedTuple, Optional, Sequence, Tuple

from . import diagnostics, queries, rewrites
from .errors import BuildStop

HOST_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
INCLUDE_DIR = os.path.join(HOST_DIR, "include")
REPO = os.path.dirname(os.path.dirname(HOST_DIR))
SHARED_SDK = os.path.join(os.path.dirname(REPO), "shared", "data", "sdk", "bts-3.19", "CvGameCoreDLL")

# The files a tree's build compiles that the host does not: the Python exports (boost::python
# wrappers, which the host does not load) and the precompiled header's unit (the host makes its
# own precompiled header).
_NOT_CORE = re.compile(r"^(Cy.*Interface.*|CvDLLPython|_precompile)\.cpp$", re.I)
_SOURCE_EXTENSIONS = (".cpp", ".h", ".hpp", ".inl", ".c")

COMPILER = "clang++"
# clang in Visual C++ mode for 32-bit Linux (docs/host.md, "Compiling a tree").
# __GNUC_GNU_INLINE__: glibc's headers at -O1 need it, and MSVC mode defines none of GCC's macros.
# __GXX_TYPEINFO_EQUALITY_INLINE: type_info's == inline, as GCC has it on Linux (its out-of-line form,
# which MSVC mode asks for without GCC's __GXX_WEAK__, is not exported by libstdc++ on x86).
# _GLIBCXX_USE_CXX11_ABI=0: libstdc++'s strings of its first ABI, one pointer to a shared body,
# which a byte copy moves as it moved Visual C++ 2003's (AdvCiv's CvLeaderHeadInfo copy
# constructor memcpys its members, strings included); the C++11 ABI's strings point into
# themselves, and such a copy frees a pointer into the other object.
MODE_FLAGS = ["-m32", "-std=gnu++14", "-fms-compatibility", "-fms-compatibility-version=19.00",
              "-fms-extensions", "-fdelayed-template-parsing", "-D__GNUC_GNU_INLINE__=1",
              "-D_CRT_NON_CONFORMING_SWPRINTFS", "-D_GLIBCXX_USE_CXX11_ABI=0", "-D__GXX_TYPEINFO_EQUALITY_INLINE=1",
              "-w", "-Wno-invalid-token-paste"]
# -ftrivial-auto-var-init=zero: every local starts zeroed, its padding too. The core writes some
# structures whole, padding and all (BTS's TradeData in a deal: an int, an int, two bools and two
# bytes of padding), which on Windows hold whatever the stack held; zeroed, a game played twice, or
# with and without CvVision, writes the same bytes (play, the A/B). The heap is zeroed too
# (CvHostUtility::newMem).
OPTIMISE_FLAGS = ["-O1", "-fwrapv", "-fno-strict-aliasing", "-ftrivial-auto-var-init=zero",
                  "-enable-trivial-auto-var-init-zero-knowing-it-will-be-removed-from-clang"]
MAX_ROUNDS = 12


class CoreFiles(NamedTuple):
    tree: str  # the modder's CvGameCoreDLL folder
    boost: str  # Boost 1.32's include folder
    python: str  # Python 2.4's include folder
    defines: List[str]
    units: List[str]  # the core's .cpp files, by path in the tree ("CvGame.cpp")
    flags: List[str] = []  # the machine's, as the tree's build asks (tree_build)


def _find_dir(*candidates: str) -> Optional[str]:
    for c in candidates:
        if c and os.path.isdir(c):
            return c
    return None


def core_files(tree: str, boost: Optional[str] = None, python: Optional[str] = None,
               defines: Optional[Sequence[str]] = None) -> CoreFiles:
    """The tree's core files and what it is compiled with (tree_build): its own Boost and Python
    folders, else BTS 3.19's (../shared/data/sdk/bts-3.19), as the forks use them."""
    if not os.path.isdir(tree):
        raise BuildStop("%s: no such folder" % tree)
    build = tree_build(tree)
    if not build.units:
        raise BuildStop("%s: no .cpp file to compile%s: not a CvGameCoreDLL folder"
                        % (tree, " in the build of " + build.source if build.source else ""))
    boost = _find_dir(boost or "", os.path.join(tree, "Boost-1.32.0", "include"),
                      os.path.join(SHARED_SDK, "Boost-1.32.0", "include"))
    python = _find_dir(python or "", os.path.join(tree, "Python24", "include"),
                       os.path.join(SHARED_SDK, "Python24", "include"))
    if not boost or not python:
        raise BuildStop("%s: Boost 1.32's or Python 2.4's include folder not found: give --boost and --python"
                        % tree)
    if defines is None:
        defines = build.defines
    return CoreFiles(os.path.abspath(tree), os.path.abspath(boost), os.path.abspath(python), list(defines),
                     build.units, build.flags)


class TreeBuild(NamedTuple):
    """What a tree's own release build compiles, and how."""
    source: str  # the build file ("" when the tree has none)
    defines: List[str]
    units: List[str]  # the .cpp files it compiles, by path in the tree, less those of _NOT_CORE
    flags: List[str]  # clang's for its machine flags (machine_flags)


def tree_build(tree: str) -> TreeBuild:
    """The tree's release build, from its build file as the project's one reader finds it
    (cvsdk.build_settings: the Makefile, in the tree or one folder below, else the project file):
    its defines; its files (a Makefile's `*.cpp` of its source folders less its BLACKLIST, a project
    file's listed files less those excluded from the build; every `.cpp` of the tree when it has
    neither); its machine flags."""
    from cvsdk.build_settings import read_tree  # the one reader of a tree's build files
    from cvsdk.errors import ToolError
    try:
        settings = read_tree(tree)
    except ToolError as e:
        raise BuildStop(str(e))
    defines = [d for d in settings.defines if d.split("=")[0] not in _NOT_HOST_DEFINES]
    defines = defines or ["_USRDLL", "NDEBUG", "FINAL_RELEASE", "CVGAMECOREDLL_EXPORTS"]
    configuration = settings.configuration or "Release"
    tree = os.path.abspath(tree)
    if settings.kind == "makefile" and settings.source:
        variables = makefile_variables(settings.source)
        units = makefile_units(tree, os.path.dirname(settings.source), variables)
        cflags = expand(variables, "$(%s_CFLAGS)" % configuration.split("|")[0]).split()
    elif settings.kind in ("vcproj", "vcxproj") and settings.source:
        text = _read(settings.source)
        units = project_units(tree, os.path.dirname(settings.source), text, configuration)
        cflags = project_cflags(text, configuration)
    else:
        units = sorted(f for f in os.listdir(tree) if f.lower().endswith(".cpp"))
        cflags = []
    units = [u for u in units if not _NOT_CORE.match(os.path.basename(u))]
    return TreeBuild(settings.source or "", defines, units, machine_flags(cflags))


# The host is no Windows: WIN32 guards only the trees' Windows dialogs (FDialogTemplate) and the
# assert's breakpoint (FAssert); _DEBUG is a debug build's.
_NOT_HOST_DEFINES = {"WIN32", "_WIN32", "_WINDOWS", "_DEBUG"}

_ASSIGNMENT = re.compile(r"^([A-Za-z_][\w.]*)\s*=(.*)$")
_INCLUDE = re.compile(r"^!?include\s+(?:<([^>]+)>|\"([^\"]+)\"|(\S+))\s*$", re.I)


def makefile_variables(path: str, variables: Optional[Dict[str, str]] = None) -> Dict[str, str]:
    """The variables an NMAKE Makefile assigns, in the order it reads them: its own lines and those of
    the files it includes (`!include Makefile.settings`), where they exist. Lines joined by `\\`,
    comments dropped; every assignment counts, whatever `!IF` it stands in (a tree's release
    settings are read by name, `Release_CFLAGS`, not through the branch that picks them)."""
    variables = {} if variables is None else variables
    if not os.path.isfile(path):
        return variables
    text = _read(path).replace("\\\r\n", " ").replace("\\\n", " ")
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        include = _INCLUDE.match(line)
        if include:
            name = next(g for g in include.groups() if g)
            makefile_variables(os.path.join(os.path.dirname(path), expand(variables, name)), variables)
            continue
        m = _ASSIGNMENT.match(line)
        if m:
            variables[m.group(1)] = m.group(2).strip()
    return variables


def expand(variables: Dict[str, str], text: str, depth: int = 0) -> str:
    """`text` with its `$(NAME)` replaced by the variables' values, as NMAKE does (an unknown name
    is empty)."""
    if depth > 20:
        return text
    return re.sub(r"\$\((\w+)\)", lambda m: expand(variables, variables.get(m.group(1), ""), depth + 1), text)


def makefile_units(tree: str, folder: str, variables: Dict[str, str]) -> List[str]:
    """The `.cpp` files of a Makefile's sources: `*.cpp` of its SOURCE_DIR (its own folder when
    unset) and of each of that folder's SUBDIR1..SUBDIR15, less its BLACKLIST; by path in the tree."""
    source = os.path.normpath(os.path.join(folder, expand(variables, "$(SOURCE_DIR)").strip() or "."))
    subdirs = ["."] + [expand(variables, "$(SUBDIR%d)" % i).strip() for i in range(1, 16)]
    blacklist = set(n.lower() for n in expand(variables, "$(BLACKLIST)").split())
    units = []
    for sub in subdirs:
        where = os.path.normpath(os.path.join(source, sub.replace("\\", "/"))) if sub else ""
        if not where or not os.path.isdir(where):
            continue
        for name in sorted(os.listdir(where)):
            if name.lower().endswith(".cpp") and name[:-4].lower() not in blacklist:
                units.append(os.path.relpath(os.path.join(where, name), tree))
    return sorted(set(u for u in units if not u.startswith("..")))


def _configuration_block(text: str, configuration: str) -> str:
    """The part of a project file that sets the configuration ("Release|Win32"): a .vcproj's
    <Configuration Name=...> element, a .vcxproj's ItemDefinitionGroups conditioned on it."""
    name = re.escape(configuration)
    m = re.search(r'<Configuration\s+Name="%s".*?</Configuration>' % name, text, re.S)
    if m:
        return m.group(0)
    groups = re.findall(r"<ItemDefinitionGroup[^>]*Condition=\"[^\"]*==\s*'%s'\"[^>]*>.*?</ItemDefinitionGroup>"
                        % name, text, re.S)
    return "".join(groups)


def project_units(tree: str, folder: str, text: str, configuration: str) -> List[str]:
    """The `.cpp` files a .vcproj or .vcxproj lists, less those it excludes from the configuration's
    build; by path in the tree."""
    units = []
    entries = re.findall(r'<File\s+RelativePath="([^"]+\.cpp)"\s*>?(.*?)</File>', text, re.S | re.I)
    entries += re.findall(r'<ClCompile\s+Include="([^"]+\.cpp)"\s*(?:/>()|>(.*?)</ClCompile>)', text, re.S | re.I)
    for entry in entries:
        path, body = entry[0], "".join(entry[1:])
        excluded = re.search(r'<FileConfiguration\s+Name="%s"[^>]*ExcludedFromBuild="true"' % re.escape(configuration),
                             body, re.I)
        excluded = excluded or re.search(r"<ExcludedFromBuild(?:\s+Condition=\"[^\"]*'%s'\")?\s*>\s*true"
                                         % re.escape(configuration), body, re.I)
        if excluded:
            continue
        full = os.path.normpath(os.path.join(folder, path.replace("\\", "/")))
        if os.path.isfile(full):
            units.append(os.path.relpath(full, tree))
    return sorted(set(u for u in units if not u.startswith("..")))


def project_cflags(text: str, configuration: str) -> List[str]:
    """A project file's compiler settings for the configuration, as the command line's flags that
    machine_flags reads (/arch:SSE2, /Oy-)."""
    block = _configuration_block(text, configuration)
    flags = []
    m = re.search(r'EnableEnhancedInstructionSet="(\d)"', block) or re.search(
        r"<EnableEnhancedInstructionSet>(\w+)</EnableEnhancedInstructionSet>", block)
    if m:
        flags.append({"1": "/arch:SSE", "2": "/arch:SSE2", "StreamingSIMDExtensions": "/arch:SSE",
                      "StreamingSIMDExtensions2": "/arch:SSE2"}.get(m.group(1), ""))
    m = re.search(r'OmitFramePointers="(\w+)"', block) or re.search(r"<OmitFramePointers>(\w+)</OmitFramePointers>",
                                                                     block)
    if m:
        flags.append("/Oy" if m.group(1).lower() == "true" else "/Oy-")
    return [f for f in flags if f]


def machine_flags(cflags: Sequence[str]) -> List[str]:
    """clang's flags for the machine flags of Visual C++ 2003's command line: /arch:SSE2 computes
    floating point in SSE2's registers, at the precision of its types, not in x87's
    (-msse2 -mfpmath=sse; /arch:SSE likewise with SSE); /Oy- keeps the frame pointer, which code
    that reads EBP needs (-fno-omit-frame-pointer). The last of each wins, as with cl."""
    arch, frame = None, None
    for f in cflags:
        if f.lower().startswith(("/arch:", "-arch:")):
            arch = f[6:].upper()
        elif f in ("/Oy", "-Oy", "/Oy-", "-Oy-"):
            frame = f.endswith("-")
    flags = []
    if arch == "SSE2":
        flags += ["-msse2", "-mfpmath=sse"]
    elif arch == "SSE":
        flags += ["-msse", "-mfpmath=sse"]
    if frame:
        flags.append("-fno-omit-frame-pointer")
    return flags


def _hash_files(paths: Sequence[str], root: str) -> str:
    h = hashlib.sha256()
    for p in sorted(paths):
        h.update(os.path.relpath(p, root).encode() + b"\0")
        with open(p, "rb") as f:
            h.update(f.read())
        h.update(b"\0")
    return h.hexdigest()


# Folders of a tree that hold no source of its own: the libraries' include folders (Boost-1.32.0,
# Python24: given to the compiler apart) and hidden ones (the copy's own .host-python).
_NOT_SOURCE_DIR = re.compile(r"^(\.|boost|python\d)", re.I)


def _tree_sources(root: str) -> List[str]:
    """The tree's source files, in its folder and in its subfolders (RoM-AND's rapidxml/)."""
    found = []
    for folder, dirs, names in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not _NOT_SOURCE_DIR.match(d))
        found.extend(os.path.join(folder, f) for f in names if f.lower().endswith(_SOURCE_EXTENSIONS))
    return sorted(found)


def _package_sources() -> List[str]:
    """The modules that decide what the rewritten copy holds, and the stand-ins generated beside it."""
    here = os.path.dirname(os.path.abspath(__file__))
    return [os.path.join(here, f) for f in ("core.py", "rewrites.py", "queries.py", "diagnostics.py", "stubs.py")]


def _include_sources() -> List[str]:
    """The host's stand-in headers (include/, and include/boost/ that stands in for a library's)."""
    return sorted(os.path.join(folder, f) for folder, _, names in os.walk(INCLUDE_DIR) for f in names)


def tree_key(files: CoreFiles) -> str:
    """The hash of what the rewritten copy is made from: the tree, the flags, the host's headers
    and these rewrites."""
    h = hashlib.sha256()
    h.update(_hash_files(_tree_sources(files.tree), files.tree).encode())
    h.update(_hash_files(_include_sources(), INCLUDE_DIR).encode())
    h.update(_hash_files(_package_sources(), HOST_DIR).encode())
    h.update(("\0".join(files.defines + files.units + list(files.flags) + [files.boost, files.python])).encode())
    return h.hexdigest()[:16]


def _read(path: str) -> str:
    with open(path, "rb") as f:
        return f.read().decode("latin-1")


def _write(path: str, text: str) -> None:
    with open(path, "wb") as f:
        f.write(text.encode("latin-1"))


class Journal(object):
    """The rewrites applied to a copy, in order (BUILD/rewrites.txt)."""

    def __init__(self) -> None:
        self.applied: List[rewrites.Applied] = []

    def add(self, name: str, path: str, line: int, before: str, after: str) -> None:
        self.applied.append(rewrites.Applied(name, path, line, before, after))

    def counts(self) -> Dict[str, int]:
        result: Dict[str, int] = {}
        for a in self.applied:
            result[a.rewrite] = result.get(a.rewrite, 0) + 1
        return result

    def write(self, path: str) -> None:
        with open(path, "w", encoding="utf-8") as f:
            for a in self.applied:
                f.write("%s %s:%d\n  - %s\n  + %s\n" % (a.rewrite, a.path, a.line, a.before.strip(),
                                                     a.after.strip()))


def make_copy(files: CoreFiles, src: str, journal: Journal) -> None:
    """The tree's sources in `src`, Python's headers in `src/.host-python` with the host's
    pyconfig.h, and the source rewrites applied."""
    if os.path.exists(src):
        shutil.rmtree(src)
    os.makedirs(src)
    copied = []
    for path in _tree_sources(files.tree):
        name = os.path.relpath(path, files.tree)
        os.makedirs(os.path.dirname(os.path.join(src, name)), exist_ok=True)
        shutil.copyfile(path, os.path.join(src, name))
        copied.append(name)
    python = os.path.join(src, ".host-python")
    shutil.copytree(files.python, python)
    os.chmod(python, 0o755)
    for root, dirs, names in os.walk(python):
        for n in names:
            os.chmod(os.path.join(root, n), 0o644)
        for d in dirs:
            os.chmod(os.path.join(root, d), 0o755)
    os.remove(os.path.join(python, "pyconfig.h")) if os.path.exists(os.path.join(python, "pyconfig.h")) else None
    names = {f.lower(): f for f in copied if os.sep not in f}
    for name in copied:
        path = os.path.join(src, name)
        text = _read(path)
        for rewrite_name, rewrite in rewrites.SOURCE_REWRITES.items():
            edits = rewrite(text, names)
            if edits:
                lines = rewrites.Lines(text)
                for e in edits:
                    line = lines.line_of(e.start)
                    journal.add(rewrite_name, name, line, lines.line_text(line), "")
                text = rewrites.apply_edits(text, edits)
                new_lines = rewrites.Lines(text)
                for i in range(len(journal.applied) - len(edits), len(journal.applied)):
                    a = journal.applied[i]
                    journal.applied[i] = a._replace(after=new_lines.line_text(min(a.line, len(new_lines.starts))))
        _write(path, text)


def compile_flags(files: CoreFiles, src: str) -> List[str]:
    """The flags every file of the copy is compiled with (the pre-include comes with the PCH)."""
    return (MODE_FLAGS + OPTIMISE_FLAGS + list(files.flags) + ["-D" + d for d in files.defines]
            + ["-I" + INCLUDE_DIR, "-I" + src, "-I" + files.boost, "-I" + os.path.join(src, ".host-python")])


def _first_include(path: str) -> Optional[str]:
    text = rewrites.strip_comments(_read(path))
    m = re.search(r'^[ \t]*#[ \t]*include[ \t]*"([^"]+)"', text, re.M)
    return m.group(1) if m else None


class Pch(object):
    """The precompiled header: the host's pre-include and the tree's own precompiled header
    (the one most files include first, as Visual C++'s /Yu does), built once per state of the
    headers. A file that does not start with that header is compiled without it."""

    def __init__(self, files: CoreFiles, src: str, base: str, flags: List[str]) -> None:
        self.src, self.base, self.flags = src, base, flags
        firsts = [_first_include(os.path.join(src, u)) for u in files.units]
        common = max(set(firsts), key=firsts.count) if firsts else None
        self.header = common if common and firsts.count(common) * 2 >= len(firsts) else None
        self.users = set(u for u, f in zip(files.units, firsts) if self.header and f == self.header)
        self.path = ""

    def unit_flags(self, unit: str) -> List[str]:
        if unit in self.users and self.path:
            return self.flags + ["-include-pch", self.path]
        return self.flags + ["-include", "CvHostPreInclude.h"]

    def build(self, headers_hash: str) -> Tuple[int, str]:
        """Builds the PCH for these headers if it is not there; (exit status, clang's output)."""
        if not self.header:
            return 0, ""
        key = hashlib.sha256(("\0".join(self.flags) + headers_hash).encode()).hexdigest()
        path = os.path.join(self.base, "core-%s.pch" % key[:16])
        if os.path.isfile(path):
            self.path = path
            return 0, ""
        entry = os.path.join(self.src, ".host-pch.h")
        with open(entry, "w") as f:
            f.write('#include "CvHostPreInclude.h"\n#include "%s"\n' % self.header)
        done = subprocess.run([COMPILER] + self.flags + diagnostics.FLAGS + ["-x", "c++-header", entry, "-o", path + ".part"],
                              cwd=self.src, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        if done.returncode == 0:
            os.replace(path + ".part", path)
            self.path = path
        else:
            self.path = ""
        return done.returncode, done.stdout.decode("latin-1")


def _headers_hash(src: str) -> str:
    headers = [p for p in _tree_sources(src) if not p.lower().endswith(".cpp")]
    return _hash_files(headers + _include_sources(), "/")


def _compile(flags: Sequence[str], src: str, unit: str, output: Optional[str]) -> Tuple[int, str]:
    command = [COMPILER] + list(flags) + diagnostics.FLAGS + ["-c", unit]
    command += ["-o", output] if output else ["-fsyntax-only"]
    done = subprocess.run(command, cwd=src, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    return done.returncode, done.stdout.decode("latin-1")


def _normal(path: str) -> str:
    while path.startswith("./"):
        path = path[2:]
    return path


def apply_error_rewrites(src: str, errors: Sequence[diagnostics.Diagnostic], journal: Journal) -> List[diagnostics.Diagnostic]:
    """Applies a rewrite for each error that has one, at the error's place or at the place of one of
    its notes (rewrites.note_rewrite_for: the declaration a note names); one per rewrite and line a
    round: the others are seen again once it is applied. Gives the errors that have none."""
    texts: Dict[str, rewrites.Lines] = {}

    def lines_of(path: str) -> Optional[rewrites.Lines]:
        path = _normal(path)
        if path not in texts:
            full = os.path.join(src, path)
            inside = not os.path.relpath(os.path.realpath(full), os.path.realpath(src)).startswith("..")
            texts[path] = rewrites.Lines(_read(full), src) if inside and os.path.isfile(full) else None
        return texts[path]

    unhandled = []
    wanted: Dict[str, List[Tuple[diagnostics.Diagnostic, str, List[rewrites.Edit]]]] = {}
    for d in errors:
        places = [(d, rewrites.rewrite_for)] + [(rewrites.at_note(d, n), rewrites.note_rewrite_for) for n in d.notes]
        for place, rewrite_for in places:
            lines = lines_of(place.path)
            result = rewrite_for(place, lines) if lines else None
            if result:
                wanted.setdefault(_normal(place.path), []).append((place, result[0], result[1]))
                break
        else:
            unhandled.append(d)
    for path, found in wanted.items():
        lines = texts[path]
        chosen: List[rewrites.Edit] = []
        done_lines = set()
        logged = []
        for d, name, edits in found:
            if (name, d.line) in done_lines:
                continue
            if any(not (e.end <= c.start or c.end <= e.start) or (e.start == c.start and e.text == c.text)
                   for e in edits for c in chosen):
                continue
            done_lines.add((name, d.line))
            chosen.extend(edits)
            logged.extend((name, line) for line in sorted(set(lines.line_of(e.start) for e in edits)))
        if chosen:
            full = os.path.join(src, path)
            new_text = rewrites.apply_edits(lines.text, chosen)
            _write(full, new_text)
            new_lines = rewrites.Lines(new_text)
            # No rewrite adds or removes a line break: a line keeps its number.
            rel = os.path.relpath(os.path.realpath(full), os.path.realpath(src))
            for name, line in logged:
                journal.add(name, rel, line, lines.line_text(line), new_lines.line_text(line))
    return unhandled


class Progress(object):
    """`[done/total] what` on one line of standard error, as Ninja shows it."""

    def __init__(self, total: int, quiet: bool) -> None:
        self.total, self.done, self.quiet = total, 0, quiet

    def step(self, what: str) -> None:
        self.done += 1
        if not self.quiet:
            sys.stderr.write("\r[%d/%d] %s\033[K" % (self.done, self.total, what))
            sys.stderr.flush()

    def end(self) -> None:
        if not self.quiet and self.total:
            sys.stderr.write("\n")


def _object_key(flags: Sequence[str], headers_hash: str, src: str, unit: str) -> str:
    h = hashlib.sha256()
    h.update("\0".join(flags).encode())
    h.update(headers_hash.encode())
    with open(os.path.join(src, unit), "rb") as f:
        h.update(f.read())
    return h.hexdigest()


class CoreBuild(NamedTuple):
    src: str  # the rewritten copy
    objects: List[str]
    rewrites: Dict[str, int]  # name -> count
    compiled: int  # objects compiled this run (the others came from the cache)
    flags: List[str]  # the flags of a file compiled with the tree's headers (host runtime files)


def build(files: CoreFiles, cache: str, jobs: int = 2, quiet: bool = False) -> CoreBuild:
    """Compiles the tree's core into objects under `cache`, rewriting the copy as its errors ask."""
    key = tree_key(files)
    base = os.path.join(cache, "trees", key)
    src = os.path.join(base, "src")
    state_path = os.path.join(base, "state.json")
    flags = compile_flags(files, src)
    state = None
    if os.path.isfile(state_path):
        with open(state_path) as f:
            state = json.load(f)
    if not state or not state.get("compiles") or not os.path.isdir(src):
        if os.path.exists(base):
            shutil.rmtree(base)
        os.makedirs(base)
        journal = Journal()
        make_copy(files, src, journal)
        pch = Pch(files, src, base, flags)
        _rewrite_until_clean(files, src, pch, journal, jobs, quiet, os.path.join(cache, "objects"))
        _apply_queries(files, src, pch, journal, jobs, quiet)
        journal.write(os.path.join(base, "rewrites.txt"))
        state = {"compiles": True, "rewrites": journal.counts()}
        with open(state_path, "w") as f:
            json.dump(state, f)
    pch = Pch(files, src, base, flags)
    objects, compiled = _compile_objects(files, src, pch, os.path.join(cache, "objects"), jobs, quiet)
    return CoreBuild(src, objects, state["rewrites"], compiled, flags + ["-include", "CvHostPreInclude.h"])


def _ensure_pch(files: CoreFiles, src: str, pch: Pch, journal: Journal) -> None:
    """Builds the PCH, rewriting the headers as its errors ask."""
    for _ in range(MAX_ROUNDS):
        code, output = pch.build(_headers_hash(src))
        if code == 0:
            return
        errors = _unique(diagnostics.errors(output))
        if not errors:
            raise BuildStop("%s: the precompiled header %s does not compile, and clang named no error:\n%s"
                            % (files.tree, pch.header, output[-2000:]))
        unhandled = apply_error_rewrites(src, errors, journal)
        if len(unhandled) == len(errors):
            raise BuildStop(_stop_message(files, unhandled))
    raise BuildStop("%s: the precompiled header's rewrites did not converge" % files.tree)


def _check_units(units: Sequence[str], src: str, pch: Pch, jobs: int, progress: "Progress",
                 what: str, objects_dir: str) -> Dict[str, Tuple[int, str]]:
    """Compiles each unit as it stands. A unit that compiles leaves its object in objects_dir, under
    the key _compile_objects looks for: a unit that neither a later rewrite nor a rewritten header
    changes is compiled once, not checked and then compiled again. A unit whose object is there
    already (the same flags, headers and text compiled before: the host's own code changed since)
    compiles: it is not compiled again."""
    os.makedirs(objects_dir, exist_ok=True)
    headers_hash = _headers_hash(src)
    results: Dict[str, Tuple[int, str]] = {}

    def check(unit: str) -> Tuple[int, str]:
        obj = os.path.join(objects_dir, _object_key(pch.flags, headers_hash, src, unit) + ".o")
        if os.path.isfile(obj):
            return 0, ""
        code, output = _compile(pch.unit_flags(unit), src, unit, obj + ".part")
        if code == 0:
            os.replace(obj + ".part", obj)
        elif os.path.exists(obj + ".part"):
            os.remove(obj + ".part")
        return code, output

    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(check, u): u for u in units}
        for future in concurrent.futures.as_completed(futures):
            unit = futures[future]
            results[unit] = future.result()
            progress.step("%s %s" % (what, unit))
    return results


def _rewrite_until_clean(files: CoreFiles, src: str, pch: Pch, journal: Journal, jobs: int,
                         quiet: bool, objects_dir: str) -> None:
    """Compiles the failing files and rewrites them until every file compiles (the objects of those
    that compile kept: _check_units)."""
    failing = list(files.units)
    unhandled: List[diagnostics.Diagnostic] = []
    for round_number in range(MAX_ROUNDS):
        headers_before = _headers_hash(src)
        _ensure_pch(files, src, pch, journal)
        if _headers_hash(src) != headers_before:
            failing = list(files.units)
        progress = Progress(len(failing), quiet)
        results = _check_units(failing, src, pch, jobs, progress, "checking" if round_number == 0 else "checking again",
                               objects_dir)
        progress.end()
        failing = sorted(u for u, (code, _) in results.items() if code != 0)
        if not failing:
            return
        errors = []
        for u in failing:
            found = diagnostics.errors(results[u][1])
            if not found:
                raise BuildStop("%s: %s does not compile, and clang named no error:\n%s"
                                % (files.tree, u, results[u][1][-2000:]))
            errors.extend(found)
        errors = _unique(errors)
        headers_before = _headers_hash(src)
        unhandled = apply_error_rewrites(src, errors, journal)
        if len(unhandled) == len(errors):
            raise BuildStop(_stop_message(files, unhandled))
        if _headers_hash(src) != headers_before:
            failing = list(files.units)  # a rewritten header can mend or break any file
    raise BuildStop("the rewrites did not converge in %d rounds; last errors:\n%s"
                    % (MAX_ROUNDS, _stop_message(files, unhandled)))


def _apply_queries(files: CoreFiles, src: str, pch: Pch, journal: Journal, jobs: int, quiet: bool) -> None:
    """The rewrites found in the compiled program (queries.py), once every file compiles."""
    if not quiet:
        sys.stderr.write("looking for constructs that compile but do not run as on Windows (clang-query)\n")
    queries.apply(src, files.units, pch.unit_flags, jobs, journal)


def _unique(errors: Sequence[diagnostics.Diagnostic]) -> List[diagnostics.Diagnostic]:
    seen, result = set(), []
    for d in errors:
        k = (_normal(d.path), d.line, d.column, d.message)
        if k not in seen:
            seen.add(k)
            result.append(d)
    return result


def _stop_message(files: CoreFiles, unhandled: Sequence[diagnostics.Diagnostic]) -> str:
    shown = ["  %s:%d:%d: %s" % (_normal(d.path), d.line, d.column, d.message) for d in unhandled[:20]]
    more = len(unhandled) - len(shown)
    return ("%s: %d error(s) that no rewrite takes (the construct, the file and the line):\n%s%s"
            % (files.tree, len(unhandled), "\n".join(shown), "\n  ... and %d more" % more if more > 0 else ""))


def _compile_objects(files: CoreFiles, src: str, pch: Pch, objects_dir: str, jobs: int,
                     quiet: bool) -> Tuple[List[str], int]:
    os.makedirs(objects_dir, exist_ok=True)
    headers_hash = _headers_hash(src)
    wanted = [(u, os.path.join(objects_dir, _object_key(pch.flags, headers_hash, src, u) + ".o"))
              for u in files.units]
    missing = [(u, o) for u, o in wanted if not os.path.isfile(o)]
    if missing:
        code, output = pch.build(headers_hash)
        if code != 0:
            raise BuildStop("%s: the precompiled header does not compile:\n%s" % (files.tree, output[-3000:]))
    progress = Progress(len(missing), quiet)
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(_compile, pch.unit_flags(u), src, u, o + ".part"): (u, o) for u, o in missing}
        for future in concurrent.futures.as_completed(futures):
            unit, obj = futures[future]
            code, output = future.result()
            if code != 0:
                raise BuildStop("%s: %s does not compile:\n%s" % (files.tree, unit, output[-3000:]))
            os.replace(obj + ".part", obj)
            progress.step("compiled %s" % unit)
    progress.end()
    return [o for _, o in wanted], len(missing)
