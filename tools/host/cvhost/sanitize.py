"""The host program under AddressSanitizer and UndefinedBehaviorSanitizer (`cvcore --sanitize`):
the host's runtime (tools/host/runtime: every file the plain program links, the generated stand-ins
with them, and CvHostSanitize.cpp, the sanitizers' options and crash line) compiled with
-fsanitize=address,undefined, linked with the tree's cached objects as they are, uninstrumented: no
second compile of the tree. The link brings the sanitizers' run-time (Debian's libclang-rt-14-dev,
its i386 libraries).

What it is for: a hostile save read through the host (docs/host.md, "Bad saves"). The host's own code
is checked byte by byte as it handles the input (the outer layer, the stream, the JSON), and the
core's allocations go through AddressSanitizer's allocator, so that a write of the core's past a
block ends in a report with its stack. Each report ends the process with the host's crash line and
exit status 3 (CvHostSanitize.cpp).

Cached beside the plain program's objects, under other keys (their flags differ).
"""

import concurrent.futures
import hashlib
import os
import subprocess
from typing import List, Optional

from . import core, program
from .errors import BuildStop

FLAGS = ["-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-fno-sanitize=enum",
         "-fno-omit-frame-pointer", "-gline-tables-only"]
# -fno-sanitize=enum: the trees' C++03 enums hold any index by design (InvisibleTypes is
# `{ NO_INVISIBLE = -1 }` and holds what the XML defines), as in the project's sanitizer build.
LINK_FLAGS = ["-fsanitize=address,undefined"]
UNITS = ["CvHostSanitize.cpp"]


def build(tree: str, cache: str, jobs: int = 2, quiet: bool = False, boost: Optional[str] = None,
          python: Optional[str] = None) -> program.HostProgram:
    """The sanitized host program of the tree, built (and cached) as program.build's, from the same
    tree objects."""
    plain = program.build(tree, cache, jobs, quiet, boost, python)
    with program._locked(cache, tree):  # one build of a tree at a time, as program.build
        return _build(tree, cache, jobs, quiet, plain)


def _build(tree: str, cache: str, jobs: int, quiet: bool, plain: program.HostProgram) -> program.HostProgram:
    built = plain.core
    generated = os.path.join(os.path.dirname(built.src), "generated")
    flags = built.flags + ["-I" + program.RUNTIME_DIR, "-I" + generated] + FLAGS
    stub_header = os.path.join(generated, "CvHostStubs.generated.h")
    key = hashlib.sha256(("\0".join(flags) + program._runtime_hash() + program._file_hash([stub_header])
                          + core._headers_hash(built.src)).encode()).hexdigest()
    objects_dir = os.path.join(cache, "objects")
    units: List[str] = list(program.RUNTIME_UNITS) + UNITS
    wanted = [(u, os.path.join(objects_dir, "runtime-asan-%s-%s.o" % (key[:24], u[:-4]))) for u in units]
    missing = [(u, o) for u, o in wanted if not os.path.isfile(o)]
    progress = core.Progress(len(missing), quiet)
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(core._compile, flags, program.RUNTIME_DIR, os.path.join(program.RUNTIME_DIR, u),
                               o + ".part"): (u, o) for u, o in missing}
        for future in concurrent.futures.as_completed(futures):
            unit, obj = futures[future]
            code, output = future.result()
            if code != 0:
                raise BuildStop("the host's %s does not compile under the sanitizers against %s:\n%s"
                                % (unit, tree, output[-3000:]))
            os.replace(obj + ".part", obj)
            progress.step("compiled the host's %s under the sanitizers" % unit)
    progress.end()
    objects = [o for _, o in wanted] + built.objects
    link = LINK_FLAGS + program.LIBRARIES
    link_key = hashlib.sha256("\0".join(objects + link).encode()).hexdigest()[:24]
    path = os.path.join(cache, "programs", link_key, "cvcore-host")
    if not os.path.isfile(path):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        done = subprocess.run([core.COMPILER, "-m32", "-o", path + ".part"] + LINK_FLAGS + objects + program.LIBRARIES,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        if done.returncode != 0:
            raise BuildStop("the sanitized host program of %s does not link (the sanitizers' i386 run-time is "
                            "Debian's libclang-rt-14-dev):\n%s" % (tree, done.stdout.decode("latin-1")[-3000:]))
        os.replace(path + ".part", path)
    return program.HostProgram(path, built, plain.compiled + len(missing))
