"""The host program of one tree: its compiled core (core.py), the stand-ins of the executable's
interfaces generated from its headers (stubs.py), and the host's runtime (tools/host/runtime)
compiled against its headers, linked into one 32-bit program, `cvcore-host`.

Every piece is cached by content under the cache folder: a second build of the same tree, with
the same host, compiles and links nothing.
"""

import concurrent.futures
import contextlib
import fcntl
import hashlib
import os
import subprocess
from typing import List, NamedTuple, Optional, Sequence

from . import core, stubs, vision
from .errors import BuildStop

RUNTIME_DIR = os.path.join(core.HOST_DIR, "runtime")
# The runtime's files compiled into every host program, in link order.
RUNTIME_UNITS = ["CvHostMain.cpp", "CvHostRun.cpp", "CvHostSaveCommand.cpp", "CvHostPlayCommand.cpp", "CvHostUtility.cpp", "CvHostXml.cpp", "CvHostFiles.cpp", "CvHostLog.cpp",
                 "CvHostStubs.cpp", "CvHostPython.cpp", "CvHostPythonAnswers.cpp", "CvHostWindows.cpp", "CvHostCrt.cpp",
                 "CvHostBytes.cpp", "CvHostMd5.cpp", "CvHostSaveFile.cpp", "CvHostSymbols.cpp",
                 "CvHostFAStar.cpp", "CvHostProfile.cpp"]
LIBRARIES = ["-lz"]


class HostProgram(NamedTuple):
    path: str  # the cvcore-host program
    core: core.CoreBuild
    compiled: int  # objects compiled this run, the core's and the runtime's


def _runtime_hash() -> str:
    h = hashlib.sha256()
    for name in sorted(os.listdir(RUNTIME_DIR)):
        with open(os.path.join(RUNTIME_DIR, name), "rb") as f:
            h.update(name.encode() + b"\0" + f.read() + b"\0")
    return h.hexdigest()


def _file_hash(paths: Sequence[str]) -> str:
    h = hashlib.sha256()
    for p in paths:
        with open(p, "rb") as f:
            h.update(f.read())
    return h.hexdigest()


@contextlib.contextmanager
def _locked(cache: str, tree: str):
    """One build of a tree at a time in a cache: a second process waits, then finds the first's
    work cached (two tests, or a modder's two commands, may build the same tree at once)."""
    locks = os.path.join(cache, "locks")
    os.makedirs(locks, exist_ok=True)
    name = hashlib.sha256(os.path.realpath(tree).encode()).hexdigest()[:16]
    with open(os.path.join(locks, name + ".lock"), "w") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


def build(tree: str, cache: str, jobs: int = 2, quiet: bool = False, boost: Optional[str] = None,
          python: Optional[str] = None, vision_rules: bool = False) -> HostProgram:
    """vision_rules: the program with CvVision's adapter and the `rules` command (vision.py)."""
    with _locked(cache, tree):
        return _build(tree, cache, jobs, quiet, boost, python, vision_rules)


def _build(tree: str, cache: str, jobs: int, quiet: bool, boost: Optional[str], python: Optional[str],
           vision_rules: bool = False) -> HostProgram:
    files = core.core_files(tree, boost, python)
    built = core.build(files, cache, jobs, quiet)
    base = os.path.dirname(built.src)
    generated = os.path.join(base, "generated")
    os.makedirs(generated, exist_ok=True)
    stub_header = os.path.join(generated, "CvHostStubs.generated.h")
    if not os.path.isfile(stub_header):
        stubs.write_stubs(built.src, stub_header + ".part")
        os.replace(stub_header + ".part", stub_header)
    flags = built.flags + ["-I" + RUNTIME_DIR, "-I" + generated]
    key = hashlib.sha256(("\0".join(flags) + _runtime_hash() + _file_hash([stub_header])
                          + core._headers_hash(built.src)).encode()).hexdigest()
    objects_dir = os.path.join(cache, "objects")
    # (what, folder, source, flags, object)
    wanted = [("the host's " + u, RUNTIME_DIR, os.path.join(RUNTIME_DIR, u), flags,
               os.path.join(objects_dir, "runtime-%s-%s.o" % (key[:24], u[:-4]))) for u in RUNTIME_UNITS]
    if vision_rules:
        wanted += vision.compile_jobs(built.src, base, built.flags, core._headers_hash(built.src), flags, key,
                                      RUNTIME_DIR, objects_dir)
    missing = [w for w in wanted if not os.path.isfile(w[4])]
    progress = core.Progress(len(missing), quiet)
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(core._compile, f, d, s, o + ".part"): (what, o) for what, d, s, f, o in missing}
        for future in concurrent.futures.as_completed(futures):
            what, obj = futures[future]
            code, output = future.result()
            if code != 0:
                raise BuildStop("%s does not compile against %s:\n%s" % (what, tree, output[-3000:]))
            os.replace(obj + ".part", obj)
            progress.step("compiled %s" % what)
    progress.end()
    objects = [w[4] for w in wanted] + built.objects
    link_key = hashlib.sha256("\0".join(objects + LIBRARIES).encode()).hexdigest()[:24]
    program = os.path.join(cache, "programs", link_key, "cvcore-host")
    if not os.path.isfile(program):
        os.makedirs(os.path.dirname(program), exist_ok=True)
        done = subprocess.run([core.COMPILER, "-m32", "-o", program + ".part"] + objects + LIBRARIES,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        if done.returncode != 0:
            raise BuildStop("the host program of %s does not link:\n%s" % (tree, done.stdout.decode("latin-1")[-3000:]))
        os.replace(program + ".part", program)
    return HostProgram(program, built, built.compiled + len(missing))
