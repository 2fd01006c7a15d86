#!/usr/bin/env python3
"""A mutation fuzzer of sdk-integrate's C++ scanner (tools/sdk/cvsdk/scanner.py) and of the
patchers that read a fork's sources with it (bodies, hooks, defines): Python, standard library
only (docs/tests.md#the-scanner-fuzzed).

Seeds are made at run time from the real trees of ../shared/data/sdk (nothing of them is copied
into the repository): each tree's CvPlot.cpp, CvPlot.h, CvGame.cpp, CvDLLPython.cpp and
CvXMLLoadUtilitySet.cpp, cut down to the functions the tool looks for (a whole file now and then).
Each input is a seed with one to four mutations: truncations, braces deleted or added, unbalanced
#if/#else/#endif, mixed line endings, byte order marks, Latin-1 and invalid UTF-8 bytes, very long
lines, deep nesting, lines deleted or repeated, pieces of other seeds, comment and literal openers.

Invariants, for each input: the scanner and the patchers end normally or with the tool's own
error type (cvsdk.errors.ToolError, whose message is what the user sees), never another
exception; each input within --limit seconds. Every tenth input also runs the whole command line
(with --force, in this process) on a small tree with the mutated file in it: a refusal must leave
the tree byte for byte as it was, an integration must revert to it.

A finding (exception, time limit) is minimized, written to WORK/ and the run fails (exit 1): the
file goes into tests/fuzz/corpus/sdk/ with the fix (small files only; check that it holds no text
of the trees but names). The corpus is replayed first, every run.

Usage: fuzz_sdk.py [--seconds N] [--work DIR] [--shared DIR] [--corpus DIR] [--limit S] [--seed N]
"""

import argparse
import contextlib
import hashlib
import io
import os
import random
import shutil
import signal
import stat
import sys
import tempfile
import time
import traceback
from typing import Callable, Dict, List, Optional, Tuple

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tools", "sdk"))
sys.path.insert(0, os.path.join(ROOT, "tests", "sdk_tools"))

from cvsdk.bodies import check_plot_header, patch_plot_functions  # noqa: E402
from cvsdk.cli_integrate import main as integrate_main  # noqa: E402
from cvsdk.defines import patch_global_defines  # noqa: E402
from cvsdk.errors import ToolError  # noqa: E402
from cvsdk.hooks import patch_game_update, patch_plot_hooks, patch_python_registration  # noqa: E402
from cvsdk.scanner import (  # noqa: E402
    check_balanced, definition_start, find_definitions, mask_code, parse_params)
from sdk_trees import TREES as TREES_BY_KEY  # noqa: E402

DEFAULT_SHARED = os.path.join(ROOT, os.pardir, "shared")
DEFAULT_CORPUS = os.path.join(HERE, "corpus", "sdk")
FIXTURE = os.path.join(ROOT, "tests", "sdk_tools", "fixtures", "vanilla", "input")
FIXTURE_SOURCES = os.path.join(ROOT, "tests", "sdk_tools", "fixtures", "sources")
TREES = tuple(TREES_BY_KEY.values())  # the real trees' folders under --shared's data/sdk
CORPUS_LIMIT = 8192  # bytes: a regression input must be minimized below this

# kind -> (file name in a tree, the functions a seed is cut down to)
KINDS: Dict[str, Tuple[str, str]] = {
    "plot": ("CvPlot.cpp", r"CvPlot::\s*(?:changeAdjacentSight|canSeePlot|canSeeDisplacementPlot|"
             r"shouldProcessDisplacementPlot|seeFromLevel|seeThroughLevel|updateSeeFromSight|"
             r"reset|read|CvPlot|updateSight)\b"),
    "header": ("CvPlot.h", ""),
    "game": ("CvGame.cpp", r"CvGame::\s*(?:update|reset)\b"),
    "python": ("CvDLLPython.cpp", r"DLLPublishToPython\b"),
    "xml": ("CvXMLLoadUtilitySet.cpp", r"CvXMLLoadUtility::\s*SetGlobalDefines\b"),
}


class TimeLimit(Exception):
    """An input ran longer than --limit."""


# --------------------------------------------------------------------------------------------
# The targets: each kind's patchers and the scanner itself, on one text.

def scan(text: str) -> None:
    code = mask_code(text)
    mask_code(text, strings=False)
    for definition in find_definitions(code, r"[A-Za-z_]\w*(?:\s*::\s*~?\w+)*")[:200]:
        parse_params(code, definition)
        definition_start(text, definition)
    check_balanced(code, "input")


def patch(kind: str, text: str) -> None:
    name = KINDS[kind][0]
    notes: List[str] = []
    if kind == "plot":
        patch_plot_functions(text, name, notes, True)
        patch_plot_functions(text, name, notes, False, None, [])
        patch_plot_hooks(text, name, notes)
    elif kind == "header":
        check_plot_header(text, name, notes)
    elif kind == "game":
        patch_game_update(text, name, notes)
    elif kind == "python":
        patch_python_registration(text, name, notes)
    else:
        patch_global_defines(text, name, notes, [])
        patch_global_defines(text, name, notes, None)


def run_target(kind: str, data: bytes) -> None:
    """The invariant: ToolError or nothing. Anything else propagates (a finding)."""
    text = data.decode("latin-1")
    for step in (lambda: scan(text), lambda: patch(kind, text)):
        try:
            step()
        except ToolError as error:
            if not str(error).strip():
                raise AssertionError("a ToolError without a message")


# --------------------------------------------------------------------------------------------
# The whole command line on a small tree holding the input.

def snapshot(tree: str) -> Dict[str, Tuple[bytes, int]]:
    found = {}
    for folder, dirs, files in os.walk(tree):
        for name in dirs + files:
            path = os.path.join(folder, name)
            data = b"" if os.path.isdir(path) else open(path, "rb").read()
            found[os.path.relpath(path, tree)] = (data, stat.S_IMODE(os.lstat(path).st_mode))
    return found


def run_tool(kind: str, data: bytes, work: str) -> None:
    tree = os.path.join(work, "tree")
    shutil.rmtree(tree, ignore_errors=True)
    shutil.copytree(FIXTURE, tree)
    with open(os.path.join(tree, KINDS[kind][0]), "wb") as f:
        f.write(data)
    before = snapshot(tree)
    sink = io.StringIO()
    with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
        status = integrate_main(["--force", "--sources", FIXTURE_SOURCES, tree])
        if status not in (0, 1):
            raise AssertionError("exit status %d: %s" % (status, sink.getvalue()[-2000:]))
        if status == 1:
            if snapshot(tree) != before:
                raise AssertionError("refused, and the tree was written: " + sink.getvalue()[-500:])
            return
        if integrate_main(["--revert", tree]) != 0 or snapshot(tree) != before:
            raise AssertionError("integrated, and --revert did not give the tree back: "
                                 + sink.getvalue()[-500:])


# --------------------------------------------------------------------------------------------
# One input, bounded in time: the failure's signature, or None.

def _alarm(number: int, frame: object) -> None:
    raise TimeLimit()


def check_input(kind: str, data: bytes, limit: float, work: Optional[str]) -> Optional[str]:
    """None if the input passes; else a one-line signature (exception type and where)."""
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, limit)
    try:
        run_target(kind, data)
        if work is not None:
            run_tool(kind, data, work)
        return None
    except TimeLimit:
        return "time limit (%.0f s)" % limit
    except Exception as error:  # noqa: BLE001 - every other exception is a finding
        frames = traceback.extract_tb(error.__traceback__)
        where = frames[-1] if frames else None
        place = "%s:%d" % (os.path.basename(where.filename), where.lineno) if where else "?"
        return "%s at %s: %s" % (type(error).__name__, place, str(error)[:200])
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


# --------------------------------------------------------------------------------------------
# Seeds: the real trees' files, cut down to the functions the tool looks for.

def cut_down(text: str, pattern: str) -> str:
    """The file's first 30 lines and each definition matching pattern, with its lines."""
    if not pattern:
        return text
    code = mask_code(text)
    lines = text.splitlines(True)
    pieces = ["".join(lines[:30])]
    for definition in find_definitions(code, pattern):
        start = definition_start(text, definition)
        end = text.find("\n", definition.close_brace)
        pieces.append(text[start:len(text) if end < 0 else end + 1])
    return "".join(pieces)


def make_seeds(shared: str) -> List[Tuple[str, bytes, bool]]:
    """(kind, bytes, whole file?) for every tree found."""
    seeds = []
    for tree in TREES:
        folder = os.path.join(shared, "data", "sdk", tree, "CvGameCoreDLL")
        if not os.path.isdir(folder):
            continue
        for kind, (name, pattern) in sorted(KINDS.items()):
            path = os.path.join(folder, name)
            if not os.path.isfile(path):
                continue
            with open(path, "rb") as f:
                data = f.read()
            seeds.append((kind, cut_down(data.decode("latin-1"), pattern).encode("latin-1"),
                          False))
            seeds.append((kind, data, True))
    return seeds


# --------------------------------------------------------------------------------------------
# Mutations.

DIRECTIVES = [b"#if 0\n", b"#if 1\n", b"#ifdef _DEBUG\n", b"#ifndef X\n", b"#if defined(A)\n",
              b"#else\n", b"#elif 1\n", b"#endif\n", b"#if\n", b"#\n", b"#define F(x) {\n"]
TOKENS = [b"{", b"}", b"(", b")", b"/*", b"*/", b"//", b"\"", b"'", b"\\\n", b"\\\r\n", b"#",
          b";", b"::", b"\r", b"\x00", b"R\"(", b"const", b"throw()"]
ODD_BYTES = [b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff", b"\xe9", b"\xa0", b"\xc3", b"\xc3\x28",
             b"\xff", b"\x80", b"\xed\xa0\x80", b"\xf4\x90\x80\x80"]


def _at(data: bytes, rng: random.Random) -> int:
    return rng.randint(0, len(data)) if data else 0


def _line_start(data: bytes, rng: random.Random) -> int:
    at = _at(data, rng)
    return data.rfind(b"\n", 0, at) + 1


def m_truncate(data: bytes, rng: random.Random, other: bytes) -> bytes:
    return data[:_at(data, rng)]


def m_delete_braces(data: bytes, rng: random.Random, other: bytes) -> bytes:
    brace = rng.choice([b"{", b"}", b"(", b")"])
    places = [i for i in range(len(data)) if data[i:i + 1] == brace]
    for i in sorted(rng.sample(places, min(len(places), rng.choice([1, 1, 2, 5]))), reverse=True):
        data = data[:i] + data[i + 1:]
    return data


def m_add_braces(data: bytes, rng: random.Random, other: bytes) -> bytes:
    at = _at(data, rng)
    return data[:at] + rng.choice([b"{", b"}", b"(", b")", b"{}", b"}\n{"]) * rng.choice(
        [1, 1, 2, 3]) + data[at:]


def m_directive(data: bytes, rng: random.Random, other: bytes) -> bytes:
    at = _line_start(data, rng) if rng.random() < 0.8 else _at(data, rng)
    directive = rng.choice(DIRECTIVES)
    if rng.random() < 0.3:
        directive = b"  " + directive.replace(b"#", b"# ")
    return data[:at] + directive + data[at:]


def m_line_endings(data: bytes, rng: random.Random, other: bytes) -> bytes:
    a, b = sorted((_at(data, rng), _at(data, rng)))
    piece = data[a:b]
    choice = rng.randrange(4)
    if choice == 0:
        piece = piece.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
    elif choice == 1:
        piece = piece.replace(b"\r\n", b"\n")
    elif choice == 2:
        piece = piece.replace(b"\n", b"\r")
    else:
        piece = piece.replace(b"\n", b"\n\r")
    return data[:a] + piece + data[b:]


def m_odd_bytes(data: bytes, rng: random.Random, other: bytes) -> bytes:
    at = 0 if rng.random() < 0.3 else _at(data, rng)
    return data[:at] + rng.choice(ODD_BYTES) * rng.choice([1, 1, 3]) + data[at:]


def m_long_line(data: bytes, rng: random.Random, other: bytes) -> bytes:
    at = _at(data, rng)
    unit = rng.choice([b"a", b" ", b"\t", b"x(", b"/", b"*", b"a::", b"\\", b"{}", b"\"\""])
    return data[:at] + unit * rng.choice([1000, 20000, 100000]) + data[at:]


def m_deep_nesting(data: bytes, rng: random.Random, other: bytes) -> bytes:
    at = _line_start(data, rng)
    depth = rng.choice([100, 1000, 5000])
    opener, closer = rng.choice([(b"{", b"}"), (b"(", b")"), (b"#if 1\n", b"#endif\n"),
                                 (b"#ifdef A\n{\n#else\n{\n", b"#endif\n}\n"),
                                 (b"/*", b"*/")])
    closing = closer * depth if rng.random() < 0.7 else b""
    return data[:at] + opener * depth + closing + data[at:]


def m_lines(data: bytes, rng: random.Random, other: bytes) -> bytes:
    lines = data.splitlines(True)
    if not lines:
        return data
    a = rng.randrange(len(lines))
    b = min(len(lines), a + rng.choice([1, 1, 3, 20]))
    if rng.random() < 0.5:
        return b"".join(lines[:a] + lines[b:])
    return b"".join(lines[:b] + lines[a:b] + lines[b:])


def m_splice(data: bytes, rng: random.Random, other: bytes) -> bytes:
    a, b = sorted((_at(other, rng), _at(other, rng)))
    at = _at(data, rng)
    return data[:at] + other[a:min(b, a + 5000)] + data[at:]


def m_token(data: bytes, rng: random.Random, other: bytes) -> bytes:
    at = _at(data, rng)
    return data[:at] + rng.choice(TOKENS) + data[at:]


def m_flip(data: bytes, rng: random.Random, other: bytes) -> bytes:
    if not data:
        return data
    out = bytearray(data)
    for _ in range(rng.choice([1, 4, 16])):
        out[rng.randrange(len(out))] = rng.randrange(256)
    return bytes(out)


MUTATIONS: List[Callable[[bytes, random.Random, bytes], bytes]] = [
    m_truncate, m_delete_braces, m_add_braces, m_directive, m_line_endings, m_odd_bytes,
    m_long_line, m_deep_nesting, m_lines, m_splice, m_token, m_flip]


def mutate(data: bytes, rng: random.Random, other: bytes) -> bytes:
    for _ in range(rng.choice([1, 1, 2, 3, 4])):
        data = rng.choice(MUTATIONS)(data, rng, other)
    return data


# --------------------------------------------------------------------------------------------
# Minimizing a finding: lines, then runs of bytes, removed while the signature stays.

def place_of(signature: str) -> str:
    """The exception type and the file and line it came from (or the time limit)."""
    return signature if signature.startswith("time") else ":".join(signature.split(":")[:2])


def minimize(kind: str, data: bytes, signature: str, limit: float, budget: float) -> bytes:
    deadline = time.time() + budget
    key = place_of(signature)

    def same(candidate: bytes) -> bool:
        found = check_input(kind, candidate, limit, None)
        return found is not None and place_of(found) == key

    if not same(data):
        return data  # found by the whole tool only: kept as it is
    for unit in ("lines", "bytes"):
        chunk = max(1, len(data) // 2)
        while chunk >= 1 and time.time() < deadline:
            pieces = data.splitlines(True) if unit == "lines" else [
                data[i:i + 1] for i in range(len(data))]
            if unit == "bytes" and len(pieces) > 20000:
                break
            i, changed = 0, False
            while i < len(pieces) and time.time() < deadline:
                candidate = b"".join(pieces[:i] + pieces[i + chunk:])
                if same(candidate):
                    pieces, changed = pieces[:i] + pieces[i + chunk:], True
                else:
                    i += chunk
            data = b"".join(pieces)
            if not changed:
                chunk //= 2
    return data


# --------------------------------------------------------------------------------------------
# The run.

# Findings too large for the corpus, made here: each was once over the time limit.
GENERATED: Dict[str, Tuple[str, Callable[[], bytes]]] = {
    # nested conditional groups whose branches each open a brace (a cost per group of the whole
    # text inside it, once)
    "deep-unbalanced-conditionals": ("python", lambda: b"void DLLPublishToPython()\n{\n"
                                     + b"#ifdef A\n{\n#else\n{\n" * 5000
                                     + b"#endif\n}\n" * 5000 + b"}\n"),
    # nested groups without a bracket, in a file with brackets elsewhere (each group once
    # counted its brackets over the whole text inside it)
    "deep-balanced-conditionals": ("xml", lambda: b"#if 1\n" * 10000 + b"#endif\n" * 10000
                                   + b"void CvXMLLoadUtility::SetGlobalDefines()\n{\n}\n"),
    # a long line of calls, each once scanned to the end of the text for its parenthesis
    "many-unclosed-calls": ("python", lambda: b"x(" * 100000),
    # and one long parameter list after another (a shape next to the last one)
    "many-closed-calls": ("plot", lambda: b"void CvPlot::canSeePlot" + b"(x)" * 50000 + b"{}"),
}


def corpus_inputs(corpus: str) -> List[Tuple[str, str, bytes]]:
    found = [(name, kind, make()) for name, (kind, make) in sorted(GENERATED.items())]
    if os.path.isdir(corpus):
        for name in sorted(os.listdir(corpus)):
            kind = name.split("-")[0]
            if kind in KINDS:
                with open(os.path.join(corpus, name), "rb") as f:
                    found.append((name, kind, f.read()))
    return found


def report_finding(kind: str, data: bytes, signature: str, work: str, limit: float) -> str:
    small = minimize(kind, data, signature, limit, budget=60.0)
    digest = hashlib.sha256(small).hexdigest()[:12]
    path = os.path.join(work, "%s-%s.txt" % (kind, digest))
    with open(path, "wb") as f:
        f.write(small)
    with open(os.path.join(work, "%s-%s.full" % (kind, digest)), "wb") as f:
        f.write(data)
    note = "" if len(small) <= CORPUS_LIMIT else " (over %d bytes: minimize it by hand)" % (
        CORPUS_LIMIT)
    return "finding: %s: %s\n  minimized to %d bytes in %s%s" % (kind, signature, len(small),
                                                                 path, note)


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description="Fuzz sdk-integrate's C++ scanner.")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--work", default=os.path.join(ROOT, "build", "fuzz", "sdk"))
    parser.add_argument("--shared", default=DEFAULT_SHARED)
    parser.add_argument("--corpus", default=DEFAULT_CORPUS)
    parser.add_argument("--limit", type=float, default=10.0, help="seconds per input")
    parser.add_argument("--seed", type=int, default=None)
    arguments = parser.parse_args(argv)
    os.makedirs(arguments.work, exist_ok=True)
    memory = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None
    tool_work = tempfile.mkdtemp(prefix="cvvision-fuzz-sdk-", dir=memory)  # flushes cost nothing
    try:
        return fuzz(arguments, tool_work)
    finally:
        shutil.rmtree(tool_work, ignore_errors=True)


def fuzz(arguments: argparse.Namespace, tool_work: str) -> int:
    failures = []
    replayed = corpus_inputs(arguments.corpus)
    for name, kind, data in replayed:
        signature = check_input(kind, data, arguments.limit, tool_work)
        if signature:
            failures.append("corpus %s: %s" % (name, signature))
    print("fuzz-sdk: %d regression input(s) replayed (%s and %d made by fuzz_sdk.py), %d failing"
          % (len(replayed), arguments.corpus, len(GENERATED), len(failures)), flush=True)
    seeds = make_seeds(arguments.shared)
    if not seeds:
        print("fuzz-sdk: no tree in %s/data/sdk: only the corpus was replayed" % arguments.shared)
        return 1 if failures else 0
    seed = arguments.seed if arguments.seed is not None else int(time.time())
    rng = random.Random(seed)
    cut = [s for s in seeds if not s[2]]
    whole = [s for s in seeds if s[2]]
    start = time.time()
    count, tool_runs, slowest = 0, 0, 0.0
    seen = set()
    while time.time() - start < arguments.seconds:
        kind, data, _ = rng.choice(whole if rng.random() < 0.03 else cut)
        other = rng.choice(seeds)[1]
        candidate = mutate(data, rng, other)
        with_tool = count % 10 == 0
        began = time.time()
        signature = check_input(kind, candidate, arguments.limit,
                                tool_work if with_tool else None)
        slowest = max(slowest, time.time() - began)
        count += 1
        tool_runs += with_tool
        if signature and place_of(signature) not in seen:
            seen.add(place_of(signature))
            failures.append(report_finding(kind, candidate, signature, arguments.work,
                                           arguments.limit))
            print(failures[-1], flush=True)
    elapsed = time.time() - start
    print("fuzz-sdk: %d input(s) in %.0f s (%.1f inputs/s; %d through the whole tool), seed %d, "
          "%d seed file(s), slowest input %.2f s, %d finding(s)"
          % (count, elapsed, count / elapsed if elapsed else 0.0, tool_runs, seed, len(seeds),
             slowest, len(failures)), flush=True)
    for failure in failures:
        print(failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
