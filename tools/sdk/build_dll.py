#!/usr/bin/env python3
"""Build the game-loadable CvGameCoreDLL.dll from a CvGameCoreDLL source folder integrated with CvVision.

Beyond the Sword loads only a game core DLL built by the Visual C++ Toolkit 2003 (compiler 7.1)
against the SDK's Boost 1.32 and Python 2.4. STL and Boost.Python objects cross the boundary to the
game's EXE, so nothing newer will do. On Windows the toolkit runs directly. On Linux it runs under
Wine.

    python3 tools/sdk/build_dll.py --sdk SDK_DIR --toolkit TOOLKIT_DIR --psdk PSDK_DIR
                               [--boost DIR] [--python DIR] [--out DIR] [--debug] [--dry-run]
                               [--wine WINE] [--skip FILE.cpp]... [--jobs N]

The file in six parts, in this order:
  Paths           find_ci (any case, as Windows), Layout (every folder and file of the build; a
                  --psdk without Include/windows.h whose PlatformSDK subfolder has it, as the
                  toolkit's companion Vc7 folder, stands for that subfolder), Wine's paths;
  Checks          check(): everything that must exist, as a list of problems (all of them at once);
  Sources and commands  scan_sources() and plan_build(): the compile and link commands (pure:
                  paths in, argument lists out);
  A fork's build settings  its defines, folders, libraries, .def file and the Platform SDK its
                  Makefile's PSDK= names (cvsdk/build_settings.py);
  Running         run_build(): runs them, with progress lines, and stops at the first failure; a
                  file of the tree's own that fails is told the PSDK its Makefile asks for;
  Command line    the options, --dry-run, main().

Exit status: 0 built (or --dry-run printed the plan), 1 something is missing or the build failed,
2 bad usage. Python 3.8+ standard library only.
"""

import argparse
import os
import re
import shlex
import shutil
import subprocess
import sys
import textwrap
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Callable, Dict, List, NamedTuple, Optional, Sequence, Tuple

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cvsdk import build_settings  # noqa: E402 (the fork's settings: cvvision build-settings)
from cvsdk.errors import EXIT_OK, EXIT_REFUSED, UsageError  # noqa: E402 (exit status 2: argparse)
from cvsdk.names import DEFAULT_SOURCES, PCH_HEADER  # noqa: E402 (CvVision's sources, the SDK's precompiled header)

EXIT_FAILED = EXIT_REFUSED  # something is missing or the build failed

DLL_NAME = "CvGameCoreDLL.dll"
PCH_SOURCE = "_precompile.cpp"  # the SDK file that creates it
PCH_FILE = "CvGameCoreDLL.pch"
COMPILER_PDB = "vc71.pdb"  # debug information of every object (debug builds)
VISION_HEADER = "CvVisionSdk.h"  # present once tools/sdk/sdk-integrate has run
VISION_SOURCES = ("CvVisionRules.cpp", "CvVisionTables.cpp", "CvVisionEngine.cpp")
# Shipped by accident with the SDK: not part of the game's DLL and does not compile.
DEFAULT_SKIP = ("CvTextScreens.cpp",)

BOOST_DIR, PYTHON_DIR = "Boost-1.32.0", "Python24"
BOOST_LIB, PYTHON_LIB = "boost_python-vc71-mt-1_32.lib", "python24.lib"
LIBS = (BOOST_LIB, PYTHON_LIB, "winmm.lib", "user32.lib")
RUNTIME_LIBS = ("msvcrt.lib", "msvcprt.lib")  # import libraries of the DLL runtime (/MD)

COMMON_CFLAGS = ("/nologo", "/GR", "/Gy", "/W3", "/EHsc", "/Gd", "/Gm-",
                 "/DWIN32", "/D_WINDOWS", "/D_USRDLL", "/DCVGAMECOREDLL_EXPORTS")
RELEASE_CFLAGS = ("/MD", "/O2", "/Oy", "/Oi", "/G7", "/DNDEBUG", "/DFINAL_RELEASE")
# Debug keeps /MD: the game's EXE uses the release runtime (msvcr71.dll, msvcp71.dll), and memory
# and STL objects cross the boundary, so a /MDd DLL would free memory on the wrong heap. With
# _DEBUG defined the headers ask for msvcprtd.lib, hence the /NODEFAULTLIB and msvcprt.lib below.
DEBUG_CFLAGS = ("/MD", "/Od", "/Zi", "/D_DEBUG")
LINK_FLAGS = ("/nologo", "/DLL", "/SUBSYSTEM:WINDOWS", "/LARGEADDRESSAWARE")
DEBUG_LINK_FLAGS = ("/DEBUG", "/INCREMENTAL:NO", "/NODEFAULTLIB:msvcprtd.lib")
DEBUG_LIBS = ("msvcprt.lib",)

# Variables that would make cl.exe or link.exe pick up another compiler's headers or options.
SCRUBBED_ENV = ("INCLUDE", "LIB", "LIBPATH", "CL", "_CL_", "LINK", "_LINK_")

HOW_TOOLKIT = ("Install the Microsoft Visual C++ Toolkit 2003 (compiler 7.1, VCToolkitSetup.exe; "
               "on Linux run the installer with Wine) and pass its folder, the one with bin/cl.exe, "
               "e.g. --toolkit 'C:\\Program Files\\Microsoft Visual C++ Toolkit 2003' or, under "
               "Wine, --toolkit ~/'.wine/drive_c/Program Files/Microsoft Visual C++ Toolkit 2003'.")
HOW_PSDK = ("Install the Microsoft Platform SDK for Windows Server 2003 (SP1 or R2; on Linux "
            "with Wine) and pass its folder, the one with Include/windows.h and Lib/, e.g. "
            "--psdk 'C:\\Program Files\\Microsoft Platform SDK for Windows Server 2003 R2'.")
HOW_RUNTIME = ("The Toolkit 2003 lacks the import libraries of the DLL runtime that /MD needs: "
               "copy msvcrt.lib and msvcprt.lib of version 7.1 (from the .NET Framework SDK 1.1 or "
               "Visual Studio .NET 2003, folder Vc7/lib) into the toolkit's lib folder.")
HOW_SDK_LIBS = ("They ship with the game's SDK, in 'Beyond the Sword/CvGameCoreDLL/{dir}': copy "
                "that folder into the --sdk folder, or pass {option} DIR.")
HOW_WINE = ("On Linux the 2003 toolkit runs under Wine: install it with 32-bit support (Debian or "
            "Ubuntu: sudo dpkg --add-architecture i386 && sudo apt update && sudo apt install "
            "wine wine32), or pass --wine PATH.")


# ----------------------------------------------------------------------------------------------
# Paths


def find_ci(base: Optional[str], *parts: str) -> Optional[str]:
    """base/parts as it is on disk, each part matched regardless of case (as Windows and Wine do,
    and as the SDKs spell them: Lib/WinMM.Lib); None when it does not exist."""
    if not base:
        return None
    path = base
    for part in parts:
        exact = os.path.join(path, part)
        if os.path.exists(exact):
            path = exact
            continue
        try:
            names = sorted(n for n in os.listdir(path) if n.lower() == part.lower())
        except OSError:
            return None
        if not names:
            return None
        path = os.path.join(path, names[0])
    return path


def pick(base: str, *parts: str) -> str:
    """find_ci, or the usual spelling when the path does not exist."""
    return find_ci(base, *parts) or os.path.join(base, *parts)


def absolute(path: Optional[str]) -> Optional[str]:
    return os.path.abspath(os.path.expanduser(path)) if path else None


# Where the Platform SDK lies inside the folder of the compiler it came with (the .NET Framework
# SDK 1.1's and Visual Studio .NET 2003's Vc7/PlatformSDK), which a modder may give as --psdk.
PSDK_SUBFOLDER = "PlatformSDK"


def platform_sdk_folder(psdk: Optional[str]) -> Tuple[Optional[str], Optional[str]]:
    """The Platform SDK folder to use for --psdk, and a note when it is not the folder given: a
    folder without Include/windows.h whose PlatformSDK subfolder has it (Vc7) stands for that."""
    if not psdk or find_ci(psdk, "Include", "windows.h"):
        return psdk, None
    inner = find_ci(psdk, PSDK_SUBFOLDER, "Include", "windows.h")
    if not inner:
        return psdk, None
    folder = os.path.dirname(os.path.dirname(inner))
    return folder, ("--psdk %s has no Include/windows.h; using its %s folder, %s"
                    % (psdk, PSDK_SUBFOLDER, folder))


class Layout:
    """Every folder and file the build uses, as absolute native paths."""

    def __init__(self, sdk: Optional[str], toolkit: Optional[str], psdk: Optional[str],
                 boost: Optional[str] = None, python: Optional[str] = None,
                 out: Optional[str] = None, debug: bool = False):
        self.sdk, self.toolkit = absolute(sdk), absolute(toolkit)
        self.psdk, self.psdk_note = platform_sdk_folder(absolute(psdk))
        self.debug = debug
        self.variant = "Debug" if debug else "Release"
        self.boost = absolute(boost) or (pick(self.sdk, BOOST_DIR) if self.sdk else None)
        self.python = absolute(python) or (pick(self.sdk, PYTHON_DIR) if self.sdk else None)
        default_out = (os.path.join(os.path.dirname(self.sdk), "cvvision-build", self.variant)
                       if self.sdk else None)
        self.out = absolute(out) or default_out
        # Placeholders for a --dry-run without the toolkit or the Platform SDK.
        self.cl, self.link = "<TOOLKIT>\\bin\\cl.exe", "<TOOLKIT>\\bin\\link.exe"
        self.toolkit_include, self.toolkit_lib = "<TOOLKIT>\\include", "<TOOLKIT>\\lib"
        self.psdk_include, self.psdk_lib = "<PSDK>\\Include", "<PSDK>\\Lib"
        if self.toolkit:
            self.cl = pick(self.toolkit, "bin", "cl.exe")
            self.link = pick(self.toolkit, "bin", "link.exe")
            self.toolkit_include = pick(self.toolkit, "include")
            self.toolkit_lib = pick(self.toolkit, "lib")
        if self.psdk:
            self.psdk_include = pick(self.psdk, "Include")
            self.psdk_lib = pick(self.psdk, "Lib")
        if self.boost:
            self.boost_include = pick(self.boost, "include")
            self.boost_libs = pick(self.boost, "libs")
        if self.python:
            self.python_include = pick(self.python, "include")
            self.python_libs = pick(self.python, "libs")

    def include_dirs(self) -> List[str]:
        return [self.sdk, self.boost_include, self.python_include, self.toolkit_include,
                self.psdk_include]

    def lib_dirs(self) -> List[str]:
        return [self.boost_libs, self.python_libs, self.toolkit_lib, self.psdk_lib]

    def roots(self) -> List[str]:
        """The folders every path of the build lies under (for winepath)."""
        return [p for p in (self.sdk, self.boost, self.python, self.toolkit, self.psdk, self.out)
                if p]


def z_drive(path: str) -> str:
    """Wine's default mapping of a Unix path: drive Z: is the root folder."""
    if path.startswith("<"):
        return path  # a placeholder (--dry-run without the toolkit)
    return "Z:" + os.path.abspath(path).replace("/", "\\")


def native_windows(path: str) -> str:
    return path if path.startswith("<") else os.path.abspath(path)


def wine_path_converter(winepath: Optional[str], roots: Sequence[str]) -> Callable[[str], str]:
    """Unix path -> Windows path as Wine sees it. One `winepath -w` call converts the root folders;
    paths below them are joined with backslashes. Without winepath (or if it fails): Z: + path."""
    mapping: Dict[str, str] = {}
    if winepath and roots:
        try:
            done = subprocess.run([winepath, "-w", *roots], stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, timeout=120,
                                  env=dict(os.environ, WINEDEBUG=os.environ.get("WINEDEBUG", "-all")))
            lines = done.stdout.decode("utf-8", "replace").splitlines()
            if done.returncode == 0 and len(lines) == len(roots):
                mapping = {root: line.strip().rstrip("\\") for root, line in zip(roots, lines)}
        except (OSError, subprocess.SubprocessError):
            mapping = {}

    def convert(path: str) -> str:
        path = os.path.abspath(path)
        for root in sorted(mapping, key=len, reverse=True):
            if path == root:
                return mapping[root]
            if path.startswith(root.rstrip(os.sep) + os.sep):
                rest = path[len(root.rstrip(os.sep)) + 1:]
                return mapping[root] + "\\" + rest.replace(os.sep, "\\")
        return z_drive(path)

    return convert


def find_wine(requested: Optional[str]) -> Optional[str]:
    """The Wine executable to use: --wine as a path or a name on PATH (default `wine`)."""
    name = requested or "wine"
    if os.sep in name or (os.altsep and os.altsep in name):
        path = os.path.abspath(os.path.expanduser(name))
        return path if os.path.isfile(path) and os.access(path, os.X_OK) else None
    return shutil.which(name)


def find_winepath(wine: str) -> Optional[str]:
    """winepath next to the chosen wine; when wine came from PATH, winepath from PATH."""
    beside = os.path.join(os.path.dirname(wine), "winepath")
    if os.path.isfile(beside) and os.access(beside, os.X_OK):
        return beside
    if shutil.which(os.path.basename(wine)) == wine:
        return shutil.which("winepath")
    return None


# ----------------------------------------------------------------------------------------------
# Checks


def includes(path: str, header: str) -> bool:
    """Whether the file has an #include of header (not commented out with //)."""
    try:
        with open(path, "rb") as f:
            text = f.read().decode("latin-1")
    except OSError:
        return False
    pattern = r'^[ \t]*#[ \t]*include[ \t]*["<]' + re.escape(header) + r'[">]'
    return re.search(pattern, text, re.IGNORECASE | re.MULTILINE) is not None


def missing_parts(base: Optional[str], parts: Sequence[Tuple[str, ...]]) -> List[str]:
    return ["/".join(p) for p in parts if not find_ci(base, *p)]


def check(layout: Layout, host_windows: bool, wine: Optional[str] = None) -> List[str]:
    """Every problem that stops the build, each naming what is missing and how to get it."""
    problems: List[str] = []

    sdk = layout.sdk
    if not sdk:
        problems.append("--sdk is not given: pass the CvGameCoreDLL source folder (the game's "
                        "'Beyond the Sword/CvGameCoreDLL' or your mod's copy of it), after "
                        "running tools/sdk/sdk-integrate on it.")
    elif not os.path.isdir(sdk):
        problems.append("SDK folder %s does not exist (--sdk)." % sdk)
    else:
        reasons = []
        if not find_ci(sdk, VISION_HEADER):
            reasons.append("no %s" % VISION_HEADER)
        cvplot = find_ci(sdk, "CvPlot.cpp")
        if not cvplot:
            reasons.append("no CvPlot.cpp")
        elif not includes(cvplot, VISION_HEADER):
            reasons.append('CvPlot.cpp does not #include "%s"' % VISION_HEADER)
        reasons += ["no %s" % name for name in VISION_SOURCES if not find_ci(sdk, name)]
        if not find_ci(sdk, PCH_HEADER):
            problems.append("%s has no %s: --sdk must be the game's CvGameCoreDLL source folder "
                            "(or a mod's copy of it)." % (sdk, PCH_HEADER))
        elif reasons:
            problems.append("%s is not integrated with CvVision yet (%s): run "
                            "`tools/sdk/sdk-integrate %s` first." % (sdk, "; ".join(reasons), sdk))

    for what, root, option, folder, parts in (
            ("Boost 1.32", layout.boost, "--boost", BOOST_DIR,
             [("include", "boost", "python.hpp"), ("libs", BOOST_LIB)]),
            ("Python 2.4", layout.python, "--python", PYTHON_DIR,
             [("include", "Python.h"), ("libs", PYTHON_LIB)])):
        if not root:
            continue  # no --sdk to find it in: already reported
        how = HOW_SDK_LIBS.format(dir=folder, option=option)
        if not os.path.isdir(root):
            problems.append("%s headers and library: no folder %s. %s" % (what, root, how))
            continue
        missing = missing_parts(root, parts)
        if missing:
            problems.append("%s headers and library (%s): missing %s. %s"
                            % (what, root, ", ".join(missing), how))

    toolkit = layout.toolkit
    if not toolkit:
        problems.append("--toolkit is not given. " + HOW_TOOLKIT)
    elif not os.path.isdir(toolkit):
        problems.append("Visual C++ Toolkit 2003 folder %s does not exist (--toolkit). %s"
                        % (toolkit, HOW_TOOLKIT))
    else:
        missing = missing_parts(toolkit, [("bin", "cl.exe"), ("bin", "link.exe"), ("include",),
                                          ("lib",)])
        if missing:
            problems.append("Visual C++ Toolkit 2003 (%s): missing %s. %s"
                            % (toolkit, ", ".join(missing), HOW_TOOLKIT))

    psdk = layout.psdk
    if not psdk:
        problems.append("--psdk is not given. " + HOW_PSDK)
    elif not os.path.isdir(psdk):
        problems.append("Platform SDK folder %s does not exist (--psdk). %s" % (psdk, HOW_PSDK))
    else:
        missing = missing_parts(psdk, [("Include", "windows.h"), ("Lib", "kernel32.lib"),
                                       ("Lib", "user32.lib"), ("Lib", "winmm.lib")])
        if missing:
            problems.append("Platform SDK (%s): missing %s. %s"
                            % (psdk, ", ".join(missing), HOW_PSDK))

    if toolkit and psdk and os.path.isdir(toolkit) and os.path.isdir(psdk):
        missing = [lib for lib in RUNTIME_LIBS
                   if not find_ci(layout.toolkit_lib, lib) and not find_ci(layout.psdk_lib, lib)]
        if missing:
            problems.append("%s: in neither %s nor %s. %s" % (
                ", ".join(missing), layout.toolkit_lib, layout.psdk_lib, HOW_RUNTIME))

    if not host_windows and not find_wine(wine):
        where = ("%s does not exist or is not executable" % wine
                 if wine and (os.sep in wine) else "'%s' is not on PATH" % (wine or "wine"))
        problems.append("Wine: %s. %s" % (where, HOW_WINE))
    return problems


# ----------------------------------------------------------------------------------------------
# Sources and commands


class Source(NamedTuple):
    name: str  # file name, e.g. CvPlot.cpp
    path: str  # native absolute path
    pch: str  # "create" (_precompile.cpp), "use" (includes CvGameCoreDLL.h) or "" (neither)


class Step(NamedTuple):
    label: str  # what the progress line shows
    argv: List[str]
    kind: str  # "compile" or "link"


def scan_sources(sdk: str, skip: Sequence[str] = DEFAULT_SKIP) -> Tuple[List[Source], List[str]]:
    """The .cpp files of the SDK folder (not its subfolders), the PCH creator first, and the names
    skipped. Without _precompile.cpp no file uses the precompiled header."""
    skipped_lower = {s.lower() for s in skip}
    names = sorted((n for n in os.listdir(sdk) if n.lower().endswith(".cpp")
                    and os.path.isfile(os.path.join(sdk, n))), key=str.lower)
    skipped = [n for n in names if n.lower() in skipped_lower]
    names = [n for n in names if n.lower() not in skipped_lower]
    has_pch = any(n.lower() == PCH_SOURCE for n in names)
    sources = []
    for name in names:
        path = os.path.join(sdk, name)
        if not has_pch:
            mode = ""
        elif name.lower() == PCH_SOURCE:
            mode = "create"
        else:
            mode = "use" if includes(path, PCH_HEADER) else ""
        sources.append(Source(name, path, mode))
    sources.sort(key=lambda s: (s.pch != "create", s.name.lower()))
    return sources, skipped


def object_name(source: Source) -> str:
    return os.path.splitext(source.name)[0] + ".obj"


def default_defines(debug: bool) -> List[str]:
    return [f[2:] for f in COMMON_CFLAGS + (DEBUG_CFLAGS if debug else RELEASE_CFLAGS)
            if f.startswith("/D")]


def plan_build(layout: Layout, sources: Sequence[Source], to_win: Callable[[str], str],
               launcher: Sequence[str] = (), flags: "ForkFlags" = None) -> List[Step]:
    """The compile commands, then the link command. Pure. Commands run in layout.out, so the
    objects, the precompiled header and the DLL are named relative to it; every input is an
    absolute Windows path made by to_win. launcher: [] on Windows, [wine] on Linux."""
    flags = flags or NO_FORK_FLAGS
    variant = DEBUG_CFLAGS if layout.debug else RELEASE_CFLAGS
    common: Sequence[str] = COMMON_CFLAGS
    if flags.defines:  # the fork's defines (and --define) instead of this script's
        common = [f for f in COMMON_CFLAGS if not f.startswith("/D")]
        variant = tuple(f for f in variant if not f.startswith("/D")) + tuple(
            "/D" + d for d in flags.defines)
    folders = list(layout.include_dirs())
    folders[1:1] = [d for d in flags.includes if d not in folders]  # after SDK_DIR
    includes_ = ["/I" + to_win(d) for d in folders]
    debug_info = ["/Fd" + COMPILER_PDB] if layout.debug else []
    steps = []
    for src in sources:
        pch = {"create": ["/Yc" + PCH_HEADER, "/Fp" + PCH_FILE],
               "use": ["/Yu" + PCH_HEADER, "/Fp" + PCH_FILE]}.get(src.pch, [])
        argv = [*launcher, layout.cl, *common, *variant, *includes_, *pch, *debug_info,
                "/Fo" + object_name(src), "/c", to_win(src.path)]
        steps.append(Step(src.name, argv, "compile"))
    lib_dirs = [d for d in flags.lib_dirs if d not in layout.lib_dirs()] + layout.lib_dirs()
    libs = [*LIBS, *(DEBUG_LIBS if layout.debug else ())]
    libs += [lib for lib in flags.libs if lib.lower() not in {x.lower() for x in libs}]
    link = [*launcher, layout.link, *LINK_FLAGS, *(DEBUG_LINK_FLAGS if layout.debug else ()),
            *(["/DEF:" + to_win(flags.def_file)] if flags.def_file else []),
            "/OUT:" + DLL_NAME, *["/LIBPATH:" + to_win(d) for d in lib_dirs],
            *[object_name(s) for s in sources], *libs]
    steps.append(Step("link " + DLL_NAME, link, "link"))
    return steps


def format_command(argv: Sequence[str], host_windows: bool) -> str:
    return subprocess.list2cmdline(argv) if host_windows else " ".join(shlex.quote(a) for a in argv)


def format_cd(path: str, host_windows: bool) -> str:
    return 'cd /d "%s"' % path if host_windows else "cd " + shlex.quote(path)


# ----------------------------------------------------------------------------------------------
# A fork's own build settings: defines, include folders, libraries and a .def file, from its nmake
# Makefile (BTS's Makefile 1.0, K-Mod's, AdvCiv's Project/Makefile with its !include'd
# Makefile.settings and Makefile.project) or, without one, from a Visual Studio project
# (*.vcproj, *.vcxproj), as the project's one reader of them gives them (`cvvision build-settings`,
# tools/lib/formats/BuildSettings.cpp, through cvsdk/build_settings.py): the save layout deriver and
# the compile check read the same. Boost, Python, the toolkit and the Platform SDK are this script's
# own (--boost, --python, --toolkit, --psdk), so the fork's folders for them are left out.


class ForkFlags(NamedTuple):
    source: str  # the file the settings came from ("" when none)
    defines: List[str]  # NAME or NAME=VALUE, without /D
    includes: List[str]  # absolute folders
    libs: List[str]  # library file names
    lib_dirs: List[str]  # absolute folders
    def_file: Optional[str]  # absolute path of the module-definition (.def) file
    psdk: Optional[str] = None  # the Platform SDK its Makefile's PSDK= names, as written there


NO_FORK_FLAGS = ForkFlags("", [], [], [], [], None)


def _fork_flags(found: "build_settings.BuildSettings") -> ForkFlags:
    return ForkFlags(found.source, list(found.defines), list(found.includes), list(found.libs),
                     list(found.lib_dirs), found.def_file, found.psdk)


def fork_flags(path: str, debug: bool) -> ForkFlags:
    """The settings of one Makefile or project file (--makefile)."""
    return _fork_flags(build_settings.read_file(path, debug))


def tree_flags(sdk: str, debug: bool) -> ForkFlags:
    """The settings of the tree's build: its Makefile (SDK_DIR/Makefile, else one folder below, as
    AdvCiv's Project/), else a project file there."""
    return _fork_flags(build_settings.read_tree(sdk, debug))


def merge_flags(found: ForkFlags, defines: Sequence[str], includes: Sequence[str],
                libs: Sequence[str], lib_dirs: Sequence[str], def_file: Optional[str]) -> ForkFlags:
    """The fork's settings with the command line's added (--def replaces the fork's)."""
    def more(have: List[str], extra: Sequence[str]) -> List[str]:
        return have + [e for e in extra if e not in have]
    return ForkFlags(found.source, more(list(found.defines), defines),
                     more(list(found.includes), [absolute(i) for i in includes]),
                     more(list(found.libs), libs),
                     more(list(found.lib_dirs), [absolute(d) for d in lib_dirs]),
                     absolute(def_file) or found.def_file, found.psdk)


# ----------------------------------------------------------------------------------------------
# Running


def tool_env(using_wine: bool) -> Dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k.upper() not in SCRUBBED_ENV}
    if using_wine:
        env.setdefault("WINEDEBUG", "-all")
    return env


def run_step(step: Step, cwd: str, env: Dict[str, str]) -> Tuple[int, str]:
    try:
        done = subprocess.run(step.argv, cwd=cwd, env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT)
    except OSError as e:
        return 127, "cannot run %s: %s" % (step.argv[0], e)
    text = done.stdout.decode("utf-8", "replace").replace("\r\n", "\n")
    if step.kind == "compile":  # cl.exe echoes the name of the file it compiles
        text = "\n".join(line for line in text.split("\n") if line.strip() != step.label)
    return done.returncode, text.strip()


def cvvision_sources() -> List[str]:
    """The .cpp files sdk-integrate copies into a tree (CvGameCoreDLL/ of this checkout), lower
    case; without the folder, the names CvVision's files begin with."""
    try:
        return [n.lower() for n in os.listdir(DEFAULT_SOURCES) if n.lower().endswith(".cpp")]
    except OSError:
        return []


def is_cvvision_source(name: str) -> bool:
    known = cvvision_sources()
    if known:
        return name.lower() in known
    return name.lower().startswith(("cvvision", "cyvision"))


def as_in_makefile(value: str, makefile: str) -> str:
    """A folder as a Makefile names it, with the folder it is on this machine when it is relative
    to the Makefile's (RoM-AND's ..\\deps\\...)."""
    if not makefile or "$(" in value or re.match(r"^([A-Za-z]:|[\\/])", value):
        return value
    here = os.path.normpath(os.path.join(os.path.dirname(makefile), value.replace("\\", os.sep)))
    return "%s (%s)" % (value, here)


def own_file_hint(step: Step, flags: "ForkFlags", psdk: Optional[str]) -> List[str]:
    """For a compile of the tree's own file that failed: the Platform SDK the tree's Makefile
    asks for (its PSDK=), next to the one this build used. A fork's file that uses a name of a
    newer Windows SDK (ARRAYSIZE, InitializeCriticalSectionAndSpinCount) stops there otherwise
    with no word of why."""
    if step.kind != "compile" or is_cvvision_source(step.label) or not flags.psdk:
        return []
    return [textwrap.fill(
        "%s is the tree's own file, not CvVision's. The tree's build (%s) takes the Windows headers "
        "from PSDK=%s; this build takes them from --psdk %s. When the error is a name of that SDK "
        "this one lacks (a newer SDK's macro or function: ARRAYSIZE, "
        "InitializeCriticalSectionAndSpinCount...), pass --psdk that SDK."
        % (step.label, flags.source or "its Makefile", as_in_makefile(flags.psdk, flags.source),
           psdk or "(none)"),
        width=100, subsequent_indent="  ", break_on_hyphens=False, break_long_words=False)]


def echo_line(text: str) -> None:
    print(text, flush=True)


def run_build(steps: Sequence[Step], out: str, env: Dict[str, str], jobs: int = 1,
              echo: Callable[[str], None] = echo_line,
              explain: Callable[[Step], List[str]] = lambda step: []) -> int:
    """Run the plan: the PCH creator alone, the other compiles (jobs at a time), then the link.
    Stops at the first failure, naming the file, with explain's lines for a compile that failed.
    Returns an exit status."""
    total = len(steps)
    compiles = [s for s in steps if s.kind == "compile"]
    links = [s for s in steps if s.kind == "link"]
    first = [s for s in compiles if any(a.startswith("/Yc") for a in s.argv)]
    rest = [s for s in compiles if s not in first]
    counter = [0]
    lock = threading.Lock()
    failed: List[Tuple[Step, int, str]] = []

    def one(step: Step) -> None:
        with lock:
            if failed:
                return
            counter[0] += 1
            echo("[%d/%d] %s" % (counter[0], total, step.label))
        code, text = run_step(step, out, env)
        with lock:
            if code != 0:
                failed.append((step, code, text))
            elif text:
                echo(text)

    for step in first:
        one(step)
    if not failed:
        if jobs <= 1:
            for step in rest:
                one(step)
                if failed:
                    break
        else:
            with ThreadPoolExecutor(max_workers=jobs) as pool:
                list(pool.map(one, rest))
    if failed:
        step, code, text = failed[0]
        if text:
            echo(text)
        print("build_dll: %s failed to compile (cl.exe exit status %d); stopped before linking."
              % (step.label, code), file=sys.stderr)
        for line in explain(step):
            print("build_dll: " + line, file=sys.stderr)
        return EXIT_FAILED
    for step in links:
        one(step)
        if failed:
            step, code, text = failed[0]
            if text:
                echo(text)
            print("build_dll: linking %s failed (link.exe exit status %d)." % (DLL_NAME, code),
                  file=sys.stderr)
            return EXIT_FAILED
    return EXIT_OK


# ----------------------------------------------------------------------------------------------
# Command line


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError("not a number: %r" % text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be 1 or more: %r" % text)
    return value


def make_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="build_dll.py",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Build the game-loadable CvGameCoreDLL.dll (Visual C++ Toolkit 2003, Boost 1.32, "
                    "Python 2.4) from a CvGameCoreDLL source folder that tools/sdk/sdk-integrate has "
                    "patched. On Linux the toolkit runs under Wine.",
        epilog=textwrap.dedent("""\
            Everything missing is reported at once, before anything runs (exit 1).
            Objects and the DLL go to --out (default: SDK_DIR/../cvvision-build/Release, or Debug).
            Every .cpp of SDK_DIR is compiled (not its subfolders), except CvTextScreens.cpp and
            --skip files; files that include CvGameCoreDLL.h use the precompiled header made from
            _precompile.cpp. --dry-run prints the commands (with Z: paths under Wine) and runs nothing;
            without the toolkit (or with anything else missing) it still prints them, with
            placeholders such as <TOOLKIT>, after "# ... MISSING:" lines, and exits 1.

            example (Linux):
              python3 tools/sdk/build_dll.py --sdk ~/civ4/MyMod/CvGameCoreDLL \\
                --toolkit ~/'.wine/drive_c/Program Files/Microsoft Visual C++ Toolkit 2003' \\
                --psdk ~/'.wine/drive_c/Program Files/Microsoft Platform SDK'
            exit status: 0 built, 1 missing things or build failed, 2 bad usage"""))
    parser.add_argument("--sdk", metavar="SDK_DIR",
                        help="the CvGameCoreDLL source folder, after tools/sdk/sdk-integrate")
    parser.add_argument("--toolkit", metavar="TOOLKIT_DIR",
                        help="the Visual C++ Toolkit 2003 folder (bin/cl.exe, include, lib)")
    parser.add_argument("--psdk", metavar="PSDK_DIR",
                        help="the Platform SDK folder (Include/windows.h, Lib)")
    parser.add_argument("--boost", metavar="DIR",
                        help="Boost 1.32 (include/, libs/%s); default SDK_DIR/%s" % (BOOST_LIB, BOOST_DIR))
    parser.add_argument("--python", metavar="DIR",
                        help="Python 2.4 (include/, libs/%s); default SDK_DIR/%s" % (PYTHON_LIB, PYTHON_DIR))
    parser.add_argument("--out", metavar="DIR", help="where the objects and the DLL go")
    parser.add_argument("--debug", action="store_true",
                        help="debug build: /Od /Zi /D_DEBUG, linked with /DEBUG (still /MD, like the game)")
    parser.add_argument("--dry-run", action="store_true",
                        help="check, then print the commands one per line and run nothing")
    parser.add_argument("--wine", metavar="WINE",
                        help="the Wine to run the toolkit with on Linux (default: wine on PATH)")
    parser.add_argument("--skip", metavar="FILE.cpp", action="append", default=[],
                        help="a .cpp of SDK_DIR not to compile (repeatable)")
    fork = parser.add_argument_group(
        "a fork's build settings",
        "Defines, include folders, libraries and the .def file come from the fork's own Makefile "
        "(SDK_DIR/Makefile or one folder below, as AdvCiv's Project/Makefile, with the files it "
        "!includes) or, without one, from its *.vcproj/*.vcxproj; its defines replace this "
        "script's. These options add to them.")
    fork.add_argument("--define", metavar="NAME[=VALUE]", action="append", default=[],
                      help="a preprocessor definition (repeatable)")
    fork.add_argument("--include", metavar="DIR", action="append", default=[],
                      help="an include folder (repeatable)")
    fork.add_argument("--lib", metavar="NAME.lib", action="append", default=[],
                      help="a library to link (repeatable)")
    fork.add_argument("--libpath", metavar="DIR", action="append", default=[],
                      help="a library folder (repeatable)")
    fork.add_argument("--def", metavar="FILE.def", dest="def_file",
                      help="the module-definition file for the link (/DEF:), e.g. AdvCiv's "
                           "Project/CvGameCoreDLL.def")
    fork.add_argument("--makefile", metavar="FILE",
                      help="read the fork's settings from this Makefile or project file")
    fork.add_argument("--no-fork-settings", action="store_true",
                      help="do not read the fork's Makefile or project file")
    parser.add_argument("-j", "--jobs", metavar="N", type=positive_int, default=1,
                        help="compile N files at a time (release only; default 1)")
    return parser


def report(problems: Sequence[str]) -> None:
    print("build_dll: cannot build CvGameCoreDLL.dll, %d thing%s to fix first:"
          % (len(problems), "" if len(problems) == 1 else "s"), file=sys.stderr)
    for problem in problems:
        print(textwrap.fill(problem, width=100, initial_indent="  - ", subsequent_indent="    ",
                            break_on_hyphens=False, break_long_words=False), file=sys.stderr)


def fork_settings(opts: argparse.Namespace, sdk: Optional[str]) -> Tuple[ForkFlags, List[str]]:
    """The fork's settings and the command line's, and problems (a --makefile that is missing)."""
    found, problems = NO_FORK_FLAGS, []
    try:
        if opts.makefile:
            path = absolute(opts.makefile)
            if not os.path.isfile(path):
                problems.append("--makefile %s: no such file." % path)
            else:
                found = fork_flags(path, opts.debug)
        elif not opts.no_fork_settings and sdk and os.path.isdir(sdk):
            found = tree_flags(sdk, opts.debug)
    except UsageError as e:
        problems.append("cannot read the fork's build settings (or pass --no-fork-settings): %s" % e)
    if opts.def_file and not os.path.isfile(absolute(opts.def_file)):
        problems.append("--def %s: no such file." % absolute(opts.def_file))
    defines = list(opts.define)
    if defines and not found.defines:
        defines = default_defines(opts.debug) + defines
    flags = merge_flags(found, defines, opts.include, opts.lib, opts.libpath, opts.def_file)
    if flags.def_file and not os.path.isfile(flags.def_file):
        problems.append("the .def file %s (from %s) does not exist."
                        % (flags.def_file, found.source or "--def"))
    return flags, problems


def describe_flags(flags: ForkFlags) -> List[str]:
    if not flags.source and not (flags.defines or flags.includes or flags.libs or flags.def_file):
        return []
    lines = ["settings from %s:" % (flags.source or "the command line")]
    lines.append("  defines: " + (" ".join(flags.defines) or "(this script's)"))
    if flags.includes:
        lines.append("  include folders: " + " ".join(flags.includes))
    if flags.libs or flags.lib_dirs:
        lines.append("  libraries: " + " ".join(flags.libs + flags.lib_dirs))
    if flags.def_file:
        lines.append("  .def file: " + flags.def_file)
    return lines


def main(argv: Optional[Sequence[str]] = None) -> int:
    opts = make_parser().parse_args(argv)
    host_windows = os.name == "nt"
    layout = Layout(opts.sdk, opts.toolkit, opts.psdk, opts.boost, opts.python, opts.out,
                    opts.debug)
    problems = check(layout, host_windows, opts.wine)
    if layout.psdk_note:
        print("build_dll: " + layout.psdk_note, file=sys.stderr)
    flags, flag_problems = fork_settings(opts, layout.sdk)
    problems += flag_problems
    sources: List[Source] = []
    skipped: List[str] = []
    sdk_usable = bool(layout.sdk) and os.path.isdir(layout.sdk)
    if sdk_usable:
        sources, skipped = scan_sources(layout.sdk, DEFAULT_SKIP + tuple(opts.skip))
        if not sources:
            problems.append("%s has no .cpp file left to compile." % layout.sdk)
    if problems and not (opts.dry_run and sdk_usable and sources):
        report(problems)
        return EXIT_FAILED

    wine = None if host_windows else find_wine(opts.wine)
    launcher = [wine] if wine else []
    if opts.dry_run and not host_windows and not wine:
        launcher = [opts.wine or "wine"]
    if host_windows:
        to_win = native_windows
    elif opts.dry_run:
        to_win = z_drive  # runs nothing, not even winepath
    else:
        try:
            os.makedirs(layout.out, exist_ok=True)  # winepath converts existing folders best
        except OSError as e:
            print("build_dll: cannot create %s: %s" % (layout.out, e), file=sys.stderr)
            return EXIT_FAILED
        to_win = wine_path_converter(find_winepath(wine), layout.roots())
    steps = plan_build(layout, sources, to_win, launcher, flags)

    notes = []
    if skipped:
        notes.append("not compiled: " + ", ".join(skipped))
    if not any(s.pch for s in sources):
        notes.append("no %s in %s: compiling without a precompiled header" % (PCH_SOURCE, layout.sdk))
    jobs = opts.jobs
    if layout.debug and jobs > 1:
        notes.append("debug build: one file at a time (the objects share one .pdb)")
        jobs = 1

    for line in describe_flags(flags):
        print("build_dll: " + line, file=sys.stderr)
    if opts.dry_run:
        for note in notes:
            print("build_dll: " + note, file=sys.stderr)
        if problems:  # a plan only: it cannot run as it stands
            print("# build_dll --dry-run: NOT RUNNABLE as it stands, %d thing%s missing "
                  "(the commands below show what would run):"
                  % (len(problems), "" if len(problems) == 1 else "s"))
            for problem in problems:
                print("#   MISSING: " + problem)
            report(problems)
        print(format_cd(layout.out, host_windows))
        for step in steps:
            print(format_command(step.argv, host_windows))
        return EXIT_FAILED if problems else EXIT_OK

    dll = os.path.join(layout.out, DLL_NAME)
    try:
        os.makedirs(layout.out, exist_ok=True)
        if os.path.exists(dll):
            os.remove(dll)  # a failed build must not leave the previous DLL looking new
    except OSError as e:
        print("build_dll: cannot prepare %s: %s" % (layout.out, e), file=sys.stderr)
        return EXIT_FAILED
    print("build_dll: %s build of %s from %s into %s%s" % (
        layout.variant.lower(), DLL_NAME, layout.sdk, layout.out,
        " (toolkit run by %s)" % wine if wine else ""))
    for note in notes:
        print("build_dll: " + note)
    sys.stdout.flush()
    status = run_build(steps, layout.out, tool_env(bool(wine)), jobs,
                       explain=lambda step: own_file_hint(step, flags, layout.psdk))
    if status != EXIT_OK:
        return status
    if not os.path.isfile(dll):
        print("build_dll: link.exe reported success but %s is not there." % dll, file=sys.stderr)
        return EXIT_FAILED
    print("build_dll: built %s" % dll)
    print("build_dll: next: python3 tools/sdk/make_mod.py --dll %s" % shlex.quote(dll))
    return EXIT_OK


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:  # e.g. --dry-run | head
        sys.stderr.close()
        sys.exit(EXIT_FAILED)
