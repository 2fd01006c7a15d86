"""The tree's builds: the copied files added to its *.vcproj (VS2003), *.vcxproj and .filters,
and to a Makefile that lists its sources; the defines of its release builds.
"""

import os
import re
from typing import List, Optional, Sequence, Tuple

from .build_settings import read_tree
from .text import (
    after_line, apply_edits, detect_eol, detect_indent_unit, leading_whitespace, line_end,
    line_start)


# --------------------------------------------------------------------------------------------
# Visual Studio 2003 project files.

_ATTRIBUTE = r'\b%s\s*=\s*"([^"]*)"'


def _attribute(tag: str, name: str) -> Optional[str]:
    m = re.search(_ATTRIBUTE % name, tag)
    return m.group(1) if m else None


def _filters(text: str, files_start: int, files_end: int) -> List[Tuple[str, int, int]]:
    """(opening tag, start, index of the matching </Filter>) of each filter in <Files>."""
    result = []
    for m in re.finditer(r"<Filter\b[^>]*>", text[:files_end]):
        if m.start() < files_start or m.group(0).endswith("/>"):
            continue
        depth = 0
        for t in re.finditer(r"<Filter\b[^>]*?(/?)>|</Filter\s*>", text[m.start():files_end]):
            if t.group(0).startswith("</"):
                depth -= 1
            elif not t.group(1):
                depth += 1
            if depth == 0:
                result.append((m.group(0), m.start(), m.start() + t.start()))
                break
    return result


def _pick_filter(filters: Sequence[Tuple[str, int, int]], extension_word: str,
                 name_word: str) -> Optional[Tuple[int, int]]:
    for tag, start, close in filters:
        extensions = (_attribute(tag, "Filter") or "").lower().split(";")
        if extension_word in extensions:
            return start, close
    for tag, start, close in filters:
        if name_word in (_attribute(tag, "Name") or "").lower():
            return start, close
    return None


def _project_style(text: str) -> Tuple[bool, str, str]:
    """(multi-line attributes?, indentation unit, path prefix) as the project writes them."""
    m = re.search(r"<File\b(\s*)RelativePath\s*=\s*\"([^\"]*)\"", text)
    multiline, unit, prefix = True, detect_indent_unit(text), ".\\"
    if m:
        multiline = "\n" in m.group(1)
        if multiline:
            element = leading_whitespace(text, m.start())
            attribute = leading_whitespace(text, m.end())
            if attribute.startswith(element) and len(attribute) > len(element):
                unit = attribute[len(element):]
        path = m.group(2)
        base = re.split(r"[\\/]", path)[-1]
        if path[:len(path) - len(base)] == "":
            prefix = ""
        elif path[:len(path) - len(base)] == "./":
            prefix = "./"
    return multiline, unit, prefix


def _tag(indent: str, unit: str, multiline: bool, name: str, attributes: Sequence[Tuple[str, str]],
         close: str, eol: str) -> str:
    if multiline:
        parts = "".join(eol + indent + unit + '%s="%s"' % a for a in attributes)
    else:
        parts = "".join(' %s="%s"' % a for a in attributes)
    return indent + "<" + name + parts + close


def file_entry(path: str, indent: str, unit: str, multiline: bool, eol: str) -> str:
    lines = [_tag(indent, unit, multiline, "File", [("RelativePath", path)], ">", eol),
             indent + "</File>"]
    return eol.join(lines) + eol


def patch_vcproj(text: str, filename: str, sources: Sequence[str],
                 warnings: List[str]) -> Tuple[str, List[str]]:
    """A Visual Studio 2003 project (a compiling one or a MakeFileProj that calls nmake): the
    files of sources not listed yet are added to its source and header filters. Every copied
    .cpp includes the precompiled header, so no per-file setting is needed."""
    listed = set()
    for path in re.findall(_ATTRIBUTE % "RelativePath", text):
        listed.add(re.split(r"[\\/]", path)[-1].lower())
    missing = [name for name in sources if name.lower() not in listed]
    if not missing:
        return text, []
    files_open = re.search(r"<Files\s*>", text)
    files_close = re.search(r"</Files\s*>", text)
    if not files_open or not files_close or files_close.start() < files_open.end():
        warnings.append("%s: no <Files> section; add these files to the project yourself: %s"
                        % (filename, ", ".join(missing)))
        return text, []
    eol = detect_eol(text)
    multiline, unit, prefix = _project_style(text)
    filters = _filters(text, files_open.start(), files_close.start())
    edits, actions = [], []
    for extension, extension_word, name_word in (("cpp", "cpp", "source"),
                                                 ("h", "h", "header")):
        chosen = [n for n in missing if n.lower().endswith("." + extension)]
        if not chosen:
            continue
        target = (_pick_filter(filters, extension_word, name_word)
                  or _pick_filter(filters, "cpp", "source"))
        if target:
            container_start, close = target
        else:
            container_start, close = files_open.start(), files_close.start()
        existing = re.search(r"<File\b", text[container_start + 1:close])
        if existing:
            indent = leading_whitespace(text, container_start + 1 + existing.start())
        else:
            indent = leading_whitespace(text, container_start) + unit
        entries = "".join(file_entry(prefix + name, indent, unit, multiline, eol)
                          for name in chosen)
        at = line_start(text, close)
        if text[at:close].strip():
            entries, at = eol + entries, close
        edits.append((at, at, entries))
        for name in chosen:
            actions.append("%s: %s added" % (filename, name))
    return apply_edits(text, edits), actions


# --------------------------------------------------------------------------------------------
# MSBuild projects (*.vcxproj, as AdvCiv's Project/AdvCiv.vcxproj) and their *.filters files.

_ITEM = r'<%s\s+Include\s*=\s*"([^"]*)"\s*(?:/>|>.*?</%s\s*>)'


def _items(text: str, kind: str) -> List[Tuple["re.Match[str]", str]]:
    """(match, path) of each <kind Include="..."/> element."""
    return [(m, m.group(1)) for m in re.finditer(_ITEM % (kind, kind), text, re.S)]


def _base(path: str) -> str:
    return re.split(r"[\\/]", path)[-1]


def patch_vcxproj(text: str, filename: str, sources: Sequence[str], prefix: str,
                  warnings: List[str]) -> Tuple[str, List[str]]:
    """An MSBuild project or its .filters file: a <ClCompile> item for each .cpp of sources and
    a <ClInclude> for each .h that the file does not list yet, right after CvPlot.cpp's (or
    CvPlot.h's) item, in its shape (its <Filter> in a .filters file). prefix: the path from the
    project's folder to SDK_DIR, with a trailing backslash ("..\\" for a Project/ subfolder)."""
    eol = detect_eol(text)
    edits, actions, unplaced = [], [], []
    for kind, extension, anchor in (("ClCompile", ".cpp", "cvplot.cpp"),
                                    ("ClInclude", ".h", "cvplot.h")):
        items = _items(text, kind)
        listed = set(_base(path).lower() for _, path in items)
        chosen = [n for n in sources if n.lower().endswith(extension) and n.lower() not in listed]
        if not chosen:
            continue
        template = [m for m, path in items if _base(path).lower() == anchor]
        if template:
            m = template[0]
            path = m.group(1)
            path_prefix = path[:len(path) - len(_base(path))]
            shape = text[m.start():m.end()]
        elif items:
            m = items[-1][0]
            path_prefix, shape = prefix, '<%s Include="%s" />' % (kind, "{}")
        else:
            unplaced.extend(chosen)
            continue
        indent = leading_whitespace(text, m.start())
        added = ""
        for name in chosen:
            if template:
                entry = shape.replace('"%s"' % m.group(1), '"%s"' % (path_prefix + name), 1)
            else:
                entry = shape.replace("{}", path_prefix + name)
            added += eol + indent + entry
            actions.append("%s: %s added" % (filename, name))
        edits.append((m.end(), m.end(), added))
    if unplaced:
        warnings.append("%s: no <ClCompile>/<ClInclude> items to add to; add these files to the "
                        "project yourself: %s" % (filename, ", ".join(unplaced)))
    return apply_edits(text, edits), actions


# --------------------------------------------------------------------------------------------
# Makefiles. The forks' own (Makefile 1.0 of BTS's SDK, K-Mod's, AdvCiv's Project/Makefile)
# collect *.cpp by wildcard; a Makefile that lists its sources names CvPlot.cpp (or CvPlot.obj)
# in a variable, and the copied .cpp files are named after it the same way.

_MAKE_ASSIGNMENT = re.compile(r"[ \t]*[A-Za-z_][\w.]*[ \t]*[+:?]?=")
_MAKE_PLOT = re.compile(r"(?<![^\s=\"'])([^\s=\"']*?)(CvPlot)\.(cpp|obj|o)(?=[\s\"']|$)", re.I)


def _make_code(text: str) -> str:
    """The Makefile's text with # comments blanked (positions kept)."""
    return re.sub(r"#[^\r\n]*", lambda m: " " * len(m.group(0)), text)


def collects_sources(text: str) -> bool:
    """True if the Makefile gathers its sources by wildcard (*.cpp)."""
    return re.search(r"\*\.cpp\b", _make_code(text), re.I) is not None


def patch_makefile(text: str, filename: str, sources: Sequence[str],
                   notes: List[str]) -> Tuple[str, List[str]]:
    """sources: the copied .cpp files. Returns (new text, actions)."""
    code = _make_code(text)
    cpp = [n for n in sources if n.lower().endswith(".cpp")]
    if collects_sources(text):
        notes.append("%s collects *.cpp itself: nothing to add" % filename)
        return text, []
    edits, listed_any = [], False
    added = set()
    pos = 0
    while pos < len(code):
        end = pos
        while True:  # a logical line: backslash continuations joined
            end = line_end(code, end)
            if end > pos and code[end - 1] == "\\" and end < len(code):
                end = after_line(code, end)
                continue
            break
        if _MAKE_ASSIGNMENT.match(code, pos):
            line = code[pos:end]
            for m in _MAKE_PLOT.finditer(line):
                folder = m.group(1)
                if folder and folder[-1] not in "\\/)":
                    continue
                listed_any = True
                names = [n for n in cpp if not re.search(
                    r"(?<![\w.])" + re.escape(os.path.splitext(n)[0] + "." + m.group(3))
                    + r"(?![\w.])", code, re.I)]
                if names:
                    words = [folder + os.path.splitext(n)[0] + "." + m.group(3) for n in names]
                    edits.append((pos + m.end(), pos + m.end(), " " + " ".join(words)))
                    added.update(names)
        pos = after_line(code, end)
    if not listed_any:
        notes.append("%s neither lists CvPlot.cpp nor collects *.cpp: add these files to it "
                     "yourself: %s" % (filename, ", ".join(cpp)))
        return text, []
    actions = ["%s: %s added" % (filename, n) for n in cpp if n in added]
    return apply_edits(text, edits), actions


# --------------------------------------------------------------------------------------------
# Which build files a tree has: *.vcproj, *.vcxproj (and its .filters), Makefiles, in SDK_DIR
# and one folder below it (AdvCiv builds from CvGameCoreDLL/Project/).

def is_makefile(name: str) -> bool:
    lower = name.lower()
    return lower in ("makefile", "gnumakefile") or lower.endswith(".mak")


def find_build_files(sdk_dir: str) -> List[Tuple[str, str]]:
    """(kind, name relative to sdk_dir with '/') of every project file and Makefile, where kind
    is "vcproj", "vcxproj", "filters" or "makefile"."""
    found = []
    folders = [""] + sorted(
        entry for entry in os.listdir(sdk_dir)
        if not entry.startswith(".") and os.path.isdir(os.path.join(sdk_dir, entry)))
    for folder in folders:
        path = os.path.join(sdk_dir, folder) if folder else sdk_dir
        try:
            entries = sorted(os.listdir(path))
        except OSError:
            continue
        for entry in entries:
            if not os.path.isfile(os.path.join(path, entry)):
                continue
            lower = entry.lower()
            kind = ("vcproj" if lower.endswith(".vcproj") else
                    "vcxproj" if lower.endswith(".vcxproj") else
                    "filters" if lower.endswith(".vcxproj.filters") else
                    "makefile" if is_makefile(entry) else None)
            if kind:
                found.append((kind, folder + "/" + entry if folder else entry))
    return found


# --------------------------------------------------------------------------------------------
# The tree's own defines: what its release build defines (the compile check and the differential
# compile with them), as the project's one reader of build settings gives them
# (cvsdk/build_settings.py: `cvvision build-settings`), so that they take the branches of the
# tree's Makefile that build_dll.py and the save layout deriver take. A tree without a build file
# (or one that defines nothing) gets BASE_DEFINES, build_dll.py's own.

BASE_DEFINES = ["WIN32", "_WINDOWS", "_USRDLL", "CVGAMECOREDLL_EXPORTS", "NDEBUG", "FINAL_RELEASE"]


def tree_defines(sdk_dir: str) -> List[str]:
    """The defines (NAME or NAME=VALUE) of the tree's release build, else BASE_DEFINES."""
    return list(read_tree(sdk_dir).defines) or list(BASE_DEFINES)
