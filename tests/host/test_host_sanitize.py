"""Hostile saves through the host under the sanitizers: BTS 3.19's cached objects linked with the
host's runtime compiled with -fsanitize=address,undefined (tools/host/cvhost/sanitize.py, `cvcore
--sanitize`; no second compile of the core), and the saves test_read_save.py makes (cut files, game
data cut in each object, init cores cut or too long, data left over, damaged checksums, a map too
large for memory, flipped bytes with the checksum made to match, foreign files), then random
mutations of the shared saves (bytes flipped, ints set to edge values, spans cut, deleted, inserted
or copied, in the game data and the init core with the checksum made to match, or in the file as
it is).

Each read must end with exit status 0 (a world that passes the host's checks), 1 (refused: the
message names the save) or 3 (the core crashed: the message names the step, and the step the save),
never a hang or another end. And no sanitizer report may come from the host's own code
(tools/host/runtime): each report's first stack is read (the sanitizers write it under log_path) and
its first frame that is not the sanitizers', a library's or one of the host's pass-throughs (gDLL's
memory, which the core calls; the stream writing into the core's buffer at the core's count) must be
the tree's. Such a report is the core trusting its input, contained in the child process: it must
have ended as the host's crash, exit status 3 (CvHostSanitize.cpp).

The many reads go through `cvcore-host read-saves` (the XML loaded once, each save read in a process
of its own from that state: CvHostSaveCommand.cpp), a few of each kind through the command line,
`cvcore read-save --sanitize`. CVVISION_HOST_FUZZ_MUTATIONS sets how many mutations (300);
CVVISION_HOST_FUZZ_SECONDS=N runs them for N seconds instead over every shared BTS save
(test_campaign, `make fuzz-host`), CVVISION_HOST_FUZZ_SEED their seed, CVVISION_HOST_FUZZ_WORK
where the inputs and reports of a failure are kept.
"""

import json
import os
import random
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time
from typing import List, NamedTuple, Optional

import pytest

from test_read_save import BRENNUS, BTS, GAME, SAVES_DIR, Save, cache

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
CVCORE = os.path.join(REPO, "tools", "host", "cvcore")
sys.path[:0] = [os.path.join(REPO, "tools", "host"), os.path.join(REPO, "tools", "sdk")]

from cvhost import cli, sanitize  # noqa: E402
from cvhost.errors import BuildStop  # noqa: E402

pytestmark = [
    pytest.mark.skipif(not os.path.isdir(GAME) or not os.path.isdir(BTS),
                       reason="../shared/data (the game's XML and BTS 3.19's tree) is absent"),
    pytest.mark.skipif(shutil.which("clang++") is None, reason="clang++ is not installed (make setup)"),
]

PBEM = os.path.join(SAVES_DIR, "Play_By_Email.CivBeyondSwordSave")
CHURCHILL = os.path.join(SAVES_DIR, "churchill-random-roll.CivBeyondSwordSave")
# The saves BTS's XML reads (survivor-6-wildcard needs its own rules); the suite mutates the small ones.
BTS_SAVES = [os.path.join(SAVES_DIR, f) for f in sorted(os.listdir(SAVES_DIR)) if f.endswith(".CivBeyondSwordSave")
             and not f.startswith("survivor")] if os.path.isdir(SAVES_DIR) else []
SUITE_SEEDS = [BRENNUS, PBEM, CHURCHILL]
SECONDS_PER_READ = 30  # a read-saves batch may take this long a save (the host's own alarm is 120 s a read)


# --- the sanitizers' reports --------------------------------------------------------------------


class Frame(NamedTuple):
    function: str
    file: str  # the source file, for code with line tables (the host's runtime, the headers it inlines)
    module: str  # the binary, for code without


class Report(NamedTuple):
    path: str  # the report's file
    kind: str  # "AddressSanitizer: heap-buffer-overflow", "UndefinedBehaviorSanitizer: ..."
    write: bool  # an access that writes
    frames: List[Frame]  # the first stack, innermost first
    text: str

    def owner(self) -> str:
        return blame(self)


_FRAME = re.compile(r"^\s*#\d+ 0x[0-9a-f]+ (?:in (?P<function>.*?))?\s*(?:\((?P<module>[^()]+)\+0x[0-9a-f]+\))?$")
_SOURCE = re.compile(r"^(?P<function>.*?) (?P<file>/\S+?):\d+(?::\d+)?$")


def parse_report(path: str, text: str) -> Optional[Report]:
    """The report in a sanitizer's log, or None for a log of warnings alone ("failed to allocate":
    an allocation over the limit answered NULL)."""
    kind, write, frames, in_stack = "", False, [], False
    for line in text.splitlines():
        if not kind:
            m = re.search(r"ERROR: (AddressSanitizer: [\w-]+)", line) or re.search(r"runtime error: ", line)
            if m:
                kind = m.group(1) if m.groups() else "UndefinedBehaviorSanitizer: " + line.split("runtime error: ", 1)[1]
            continue
        if re.match(r"^(WRITE of size|.*caused by a WRITE memory access)", line.strip()):
            write = True
        line = re.sub(r" \(BuildId: [0-9a-f]+\)", "", line)
        m = _FRAME.match(line)
        if m:
            in_stack = True
            function, module, source = (m.group("function") or ""), (m.group("module") or ""), ""
            s = _SOURCE.match(function)
            if s:
                function, source = s.group("function"), s.group("file")
            frames.append(Frame(function.strip(), source, module))
        elif in_stack:
            break  # the first stack only: the access or the error, not where the memory came from
    return Report(path, kind, write, frames, text) if kind else None


_SANITIZER_FUNCTIONS = ("__interceptor_", "__asan", "__sanitizer", "__ubsan", "__lsan", "__interception", "___interceptor_")
_LIBRARY_FUNCTIONS = {"malloc", "free", "calloc", "realloc", "memcpy", "memmove", "memset", "strlen", "wcslen",
                      "strcpy", "strncpy", "wcscpy", "wcsncpy", "strcmp", "printf", "sprintf", "snprintf", "vsnprintf"}
# The host's functions the core calls to do its own work: gDLL's memory (CvHostUtility.h), always; the
# stream's reads, when they write: into the core's buffer, at the core's count (CvHostStream.h).
_MEMORY_PASS = ("CvHostUtility::newMem", "CvHostUtility::delMem", "CvHostUtility::newMemArray",
                "CvHostUtility::delMemArray", "CvHostUtility::reallocMem", "CvHostUtility::memSize")
_STREAM_PASS = ("CvHostStream::", "CvHostBytes::readBytes", "CvHostBytes::readString", "CvHostBytes::readWideString")


def frame_owner(frame: Frame) -> Optional[str]:
    """"host", "tree", or None for a frame that passes the blame on to its caller (the sanitizers',
    a shared library's, a standard header's inlined into either side)."""
    name = frame.function
    if name.startswith(_SANITIZER_FUNCTIONS) or name.split("(")[0] in _LIBRARY_FUNCTIONS or "compiler-rt" in frame.file:
        return None
    if re.match(r"^operator (new|delete)", name):
        return None  # the tree's own, forwarding to gDLL's memory
    if frame.file:
        if "/tools/host/" in frame.file:
            return "host"
        if "/trees/" in frame.file and "/src/" in frame.file:
            return "tree"  # a tree header's inline function, compiled into the host's file
        return None
    if frame.module and not frame.module.endswith("cvcore-host"):
        return None  # libc, libstdc++, zlib
    return "tree"  # the program's code without line tables: the tree's objects


def blame(report: Report) -> str:
    """Whose code the report is in: "host" or "tree" ("host" when it cannot tell)."""
    if report.kind.startswith("UndefinedBehaviorSanitizer"):
        return "host"  # only the host's code is instrumented for it
    for frame in report.frames:
        owner = frame_owner(frame)
        if owner is None:
            continue
        if frame.function.startswith(_MEMORY_PASS) or (report.write and frame.function.startswith(_STREAM_PASS)):
            continue
        return owner
    return "host"


# --- the sanitized host -----------------------------------------------------------------------------


@pytest.fixture(scope="session")
def sanitized():
    try:
        return sanitize.build(BTS, cache(), jobs=os.cpu_count() or 2, quiet=True).path
    except BuildStop as e:
        if "cvvision is not built" in str(e):
            pytest.skip(str(e))
        raise


class Outcome(NamedTuple):
    save: str
    code: int
    message: str  # the last line of standard error
    output: str  # standard output (the JSON for status 0)
    reports: List[Report]


def _environment(folder: str) -> dict:
    env = dict(os.environ)
    env["ASAN_OPTIONS"] = ":".join(o for o in (env.get("ASAN_OPTIONS", ""), "log_path=" + os.path.join(folder, "report")) if o)
    env["UBSAN_OPTIONS"] = ":".join(o for o in (env.get("UBSAN_OPTIONS", ""), "print_stacktrace=1") if o)
    return env


def read_saves(host: str, saves: List[str], work: str, jobs: int = 2) -> List[Outcome]:
    """Each save read by the sanitized host (`read-saves`, under cvcore's own limits), in `jobs`
    processes at once; the outcomes in the order of the saves."""
    groups = [saves[i::jobs] for i in range(jobs) if saves[i::jobs]]
    running = []
    for g, group in enumerate(groups):
        folder = tempfile.mkdtemp(prefix="reads-%d-" % g, dir=work)
        process = subprocess.Popen([host, "--game", GAME, "read-saves", folder] + group, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, env=_environment(folder), preexec_fn=cli._limit_child)
        running.append((group, folder, process))
    outcomes = {}
    for group, folder, process in running:
        try:
            out, errors = process.communicate(timeout=60 + SECONDS_PER_READ * len(group))
        except subprocess.TimeoutExpired:
            process.kill()
            raise AssertionError("read-saves did not finish (a hang): %s" % group)
        lines = out.decode().split("\n")
        assert process.returncode == 0 and len([x for x in lines if x]) == len(group), \
            "read-saves: exit %d, %s" % (process.returncode, errors.decode("utf-8", "replace")[-2000:])
        for line in lines:
            if not line:
                continue
            n, code, pid = (int(x) for x in line.split())
            base = os.path.join(folder, str(n))
            with open(base + ".err", encoding="utf-8", errors="replace") as f:
                err_lines = [x for x in f.read().splitlines() if x.strip()]
            with open(base + ".out", encoding="utf-8", errors="replace") as f:
                output = f.read()
            reports = []
            report_path = os.path.join(folder, "report.%d" % pid)
            if os.path.exists(report_path):
                with open(report_path, encoding="utf-8", errors="replace") as f:
                    report = parse_report(report_path, f.read())
                reports += [report] if report else []
            outcomes[group[n]] = Outcome(group[n], code, err_lines[-1] if err_lines else "", output, reports)
    return [outcomes[s] for s in saves]


def check(outcome: Outcome) -> List[str]:
    """What is wrong with an outcome: an end other than 0, 1 or 3, a message that does not name the
    save, a world that is not one, a report in the host's code, a report that did not end as a crash."""
    problems = []
    save = outcome.save
    if outcome.code not in (0, 1, 3):
        problems.append("%s: exit status %d (%s)" % (save, outcome.code, outcome.message))
    elif outcome.code == 0:
        try:
            world = json.loads(outcome.output)
            if len(world["plots"]) != world["map"]["plots"]:
                problems.append("%s: %d plots of %d" % (save, len(world["plots"]), world["map"]["plots"]))
        except (ValueError, KeyError) as e:
            problems.append("%s: exit 0 but its output is not the world (%s)" % (save, e))
    elif save not in outcome.message:
        problems.append("%s: exit %d, the message does not name the save: %s" % (save, outcome.code, outcome.message))
    elif outcome.code == 3 and not re.match(r"cvcore-host: the core (crashed \(.+\)|did not finish in .+) in ", outcome.message):
        problems.append("%s: exit 3 without the host's crash line: %s" % (save, outcome.message))
    for report in outcome.reports:
        if report.owner() == "host":
            problems.append("%s: %s in the host's own code (%s):\n%s" % (save, report.kind, report.path, report.text[:3000]))
        elif outcome.code != 3:
            problems.append("%s: %s, but exit %d" % (save, report.kind, outcome.code))
    return problems


def keep_failures(outcomes: List[Outcome], problems: List[str]) -> str:
    """The failing inputs and their reports, kept where CVVISION_HOST_FUZZ_WORK says (else a folder
    of their own): gives that folder."""
    keep = os.environ.get("CVVISION_HOST_FUZZ_WORK") or tempfile.mkdtemp(prefix="host-fuzz-findings-")
    os.makedirs(keep, exist_ok=True)
    for o in outcomes:
        if any(p.startswith(o.save + ":") for p in problems):
            shutil.copy(o.save, keep)
            for r in o.reports:
                shutil.copy(r.path, os.path.join(keep, os.path.basename(o.save) + "." + os.path.basename(r.path)))
    return keep


def assert_clean(outcomes: List[Outcome]) -> None:
    problems = [p for o in outcomes for p in check(o)]
    if problems:
        raise AssertionError("%d problem(s); inputs kept in %s:\n%s"
                             % (len(problems), keep_failures(outcomes, problems), "\n".join(problems[:10])))


@pytest.fixture(scope="module")
def reads(sanitized, tmp_path_factory):
    """The seeds read through the sanitized host: each one's objects' ranges in its game data."""
    work = str(tmp_path_factory.mktemp("seeds"))
    outcomes = read_saves(sanitized, [s for s in BTS_SAVES if s in SUITE_SEEDS or os.environ.get(
        "CVVISION_HOST_FUZZ_SECONDS")], work)
    assert_clean(outcomes)
    return {o.save: [(r["start"], r["end"]) for r in json.loads(o.output)["read"] if r["part"] == "game_data"]
            for o in outcomes}


# --- the reports told apart -------------------------------------------------------------------------


TREE_SEGV = """==1==ERROR: AddressSanitizer: SEGV on unknown address 0x00000000 (pc 0x56b69ef0 bp 0xf54034a0 sp 0xffa9c8c0 T0)
==1==The signal is caused by a WRITE memory access.
    #0 0x56b69ef0 in CvMap::read(FDataStreamBase*) (/cache/programs/x/cvcore-host+0x538ef0) (BuildId: 8a18)
    #1 0x56884148 in operator() /repo/tools/host/runtime/CvHostSaveCommand.cpp:249:93
    #2 0x568707b8 in cvHostReadSave(CvHostOptions const&) /repo/tools/host/runtime/CvHostSaveCommand.cpp:813:5
"""
STREAM_INTO_TREE = """==1==ERROR: AddressSanitizer: heap-buffer-overflow on address 0xf0 at pc 0x1 bp 0x2 sp 0x3
WRITE of size 76 at 0xf0 thread T0
    #0 0x5676 in __asan_memcpy (/cache/programs/x/cvcore-host+0x1a5d06) (BuildId: 8a18)
    #1 0x5678 in CvHostBytes::readBytes(void*, unsigned int, char const*) /repo/tools/host/runtime/CvHostBytes.cpp:193:22
    #2 0x5679 in CvHostStream::Read(int, int*) /repo/tools/host/runtime/CvHostStream.h:180:5
    #3 0x567a in CvPlot::read(FDataStreamBase*) (/cache/programs/x/cvcore-host+0x638ef0)

0xf0 is located 0 bytes to the right of 76-byte region
allocated by thread T0 here:
    #0 0x5676 in malloc (/cache/programs/x/cvcore-host+0x1a5d06)
    #1 0x5679 in CvHostUtility::newMemArray(unsigned int, char const*, int) /repo/tools/host/runtime/CvHostUtility.cpp:30:5
"""
HOST_READ = """==1==ERROR: AddressSanitizer: heap-buffer-overflow on address 0xf0 at pc 0x1 bp 0x2 sp 0x3
READ of size 4 at 0xf0 thread T0
    #0 0x5678 in CvHostBytes::readU32(char const*) /repo/tools/host/runtime/CvHostBytes.cpp:150:22
    #1 0x5679 in CvHostStream::Read(int*) /repo/tools/host/runtime/CvHostStream.h:170:5
    #2 0x567a in CvPlot::read(FDataStreamBase*) (/cache/programs/x/cvcore-host+0x638ef0)
"""
TREE_FREE = """==1==ERROR: AddressSanitizer: attempting double-free on 0xf0 in thread T0:
    #0 0x5676 in free (/cache/programs/x/cvcore-host+0x1a5d06)
    #1 0x5679 in CvHostUtility::delMem(void*) /repo/tools/host/runtime/CvHostUtility.cpp:25:5
    #2 0x567b in operator delete(void*) (/cache/programs/x/cvcore-host+0x638e00)
    #3 0x567a in CvCity::~CvCity() (/cache/programs/x/cvcore-host+0x638ef0)
"""
HOST_UB = """/repo/tools/host/runtime/CvHostSaveCommand.cpp:612:18: runtime error: signed integer overflow
    #0 0x5678 in worldProblem() /repo/tools/host/runtime/CvHostSaveCommand.cpp:612:18
"""


def test_reports_are_told_apart_by_whose_code_they_are_in():
    assert parse_report("r", TREE_SEGV).frames[0] == Frame("CvMap::read(FDataStreamBase*)", "", "/cache/programs/x/cvcore-host")
    assert parse_report("r", TREE_SEGV).owner() == "tree"
    stream = parse_report("r", STREAM_INTO_TREE)
    assert stream.write and len(stream.frames) == 4 and stream.owner() == "tree"  # the core's buffer, its count
    assert parse_report("r", HOST_READ).owner() == "host"  # the stream reading its own data past its end
    assert parse_report("r", TREE_FREE).owner() == "tree"
    assert parse_report("r", HOST_UB).owner() == "host"


# --- the sanitized host on sound and damaged saves -----------------------------------------------------


def test_the_sanitized_host_reads_a_save_as_the_plain_one_does(sanitized, reads):
    from cvhost import program
    plain_host = program.build(BTS, cache(), jobs=os.cpu_count() or 2, quiet=True).path
    runs = [subprocess.run([h, "--game", GAME, "read-save", BRENNUS], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            for h in (plain_host, sanitized)]
    assert [r.returncode for r in runs] == [0, 0]
    assert runs[0].stdout == runs[1].stdout  # the world and the round trip, "by" included


def damaged_saves(work: str, ranges) -> List[str]:
    """The saves test_read_save.py damages, made again from Brennus (and a few foreign files)."""
    with open(BRENNUS, "rb") as f:
        data = f.read()
    save = Save(BRENNUS)
    made = []

    def raw(name, content):
        path = os.path.join(work, name + ".CivBeyondSwordSave")
        with open(path, "wb") as f:
            f.write(content)
        made.append(path)

    init_at = len(save.header) + 4
    for at in (0, 2, 40, init_at, init_at + 100, init_at + len(save.init_core) + 200,
               len(data) - len(save.tail) - 5000, len(data) - 20, len(data) - 1):
        raw("cut-%d" % at, data[:at])
    for start, end in [ranges[0], ranges[1], ranges[7], ranges[21], ranges[-2], ranges[-1]]:
        for at in (start, (start + end) // 2, end - 1):
            made.append(save.write(os.path.join(work, "data-cut-%d.CivBeyondSwordSave" % at), game_data=save.game_data[:at]))
    made.append(save.write(os.path.join(work, "init-short.CivBeyondSwordSave"), init_core=save.init_core[:-10]))
    made.append(save.write(os.path.join(work, "init-long.CivBeyondSwordSave"), init_core=save.init_core + b"\0" * 8))
    made.append(save.write(os.path.join(work, "data-long.CivBeyondSwordSave"), game_data=save.game_data + b"\1\2\3\4"))
    flipped = bytearray(save.game_data)
    flipped[5000] ^= 0x40
    made.append(save.write(os.path.join(work, "checksum.CivBeyondSwordSave"), game_data=bytes(flipped), checksum=False))
    for width in (4000000, 3000):
        wide = bytearray(save.game_data)
        struct.pack_into("<i", wide, ranges[1][0] + 4, width)
        made.append(save.write(os.path.join(work, "map-%d.CivBeyondSwordSave" % width), game_data=bytes(wide)))
    rng = random.Random(1234)
    for i in range(48):
        start, end = ranges[[0, 1, 2, 20, 21, 22, 39, 40][i % 8]]
        flips = bytearray(save.game_data)
        at = rng.randrange(start, end)
        for k in range(rng.choice([1, 4, 16])):
            if at + k < end:
                flips[at + k] ^= rng.choice([0x01, 0x80, 0xff])
        made.append(save.write(os.path.join(work, "flip-%d-%d.CivBeyondSwordSave" % (i, at)), game_data=bytes(flips)))
    raw("junk", bytes(random.Random(7).randrange(256) for _ in range(5000)))
    raw("text", b"BeginMap\n\tgrid width=10\nEndMap\n")
    pb = os.path.join(SAVES_DIR, "mods", "pbmod-v10-Example_v10.CivBeyondSwordSave")
    if os.path.isfile(pb):
        made.append(pb)  # PB Mod's 53 player slots, read with BTS's 19
    return made


def test_damaged_saves_of_every_kind_end_cleanly(sanitized, reads, tmp_path):
    saves = damaged_saves(str(tmp_path), reads[BRENNUS])
    outcomes = read_saves(sanitized, saves, str(tmp_path))
    assert_clean(outcomes)
    by_name = {os.path.basename(o.save): o for o in outcomes}
    assert all(by_name[n].code == 1 for n in by_name if n.startswith(("cut-", "data-cut-", "init-", "data-long",
                                                                        "checksum", "junk", "text"))), \
        [(n, o.code, o.message) for n, o in by_name.items() if o.code != 1 and not n.startswith(("map-", "flip-"))]
    huge = by_name["map-4000000.CivBeyondSwordSave"]
    assert huge.code == 3 and huge.message == \
        "cvcore-host: the core crashed (segmentation fault) in reading %s: CvMap::read" % huge.save
    assert [r.owner() for r in huge.reports] == ["tree"]  # new CvPlot[4,000,000 x h] is NULL; the core writes there


def test_cvcore_read_save_sanitize_names_each_damaged_save(sanitized, reads, tmp_path):
    """A few of each kind through the command line, as a modder runs it: exit 1, the message naming
    the save (a crash of the core included)."""
    saves = damaged_saves(str(tmp_path), reads[BRENNUS])
    chosen = sorted(set(s for s in saves if os.path.basename(s).startswith((
        "cut-40.", "data-cut-%d." % reads[BRENNUS][1][0], "init-short", "checksum", "map-4000000", "junk"))))
    assert len(chosen) == 6, chosen
    for save in chosen:
        folder = tempfile.mkdtemp(dir=str(tmp_path))
        env = _environment(folder)
        env["CVVISION_HOST_CACHE"] = cache()
        done = subprocess.run([CVCORE, "read-save", "--sanitize", "--quiet", save, "--sdk", BTS, "--game", GAME],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, timeout=300)
        message = done.stderr.decode("utf-8", "replace")
        assert done.returncode == 1 and done.stdout == b"", message
        assert message.startswith("cvcore: ") and save in message, message
        for name in os.listdir(folder):
            with open(os.path.join(folder, name)) as f:
                report = parse_report(name, f.read())
            if report:
                assert report.owner() == "tree" and "the core crashed" in message, report.text


# --- random mutations -------------------------------------------------------------------------------


def _int_values(rng):
    return rng.choice([0, 1, -1, 2, 255, 256, 65535, 65536, 0x7fffffff, -0x80000000, 1000000, -1000,
                       rng.randrange(-2 ** 31, 2 ** 31)])


def mutate_bytes(rng: random.Random, data: bytes, ranges) -> bytes:
    """One to three edits of the bytes: near an object's start half the time (where its counts are)."""
    out = bytearray(data)
    for _ in range(rng.choice([1, 1, 2, 3])):
        if not out:
            break
        if ranges and rng.random() < 0.5:
            start, end = rng.choice(ranges)
            at = min(len(out) - 1, start + rng.randrange(max(1, min(2048, end - start))))
        else:
            at = rng.randrange(len(out))
        op = rng.randrange(6)
        if op == 0:
            for k in range(rng.choice([1, 2, 4, 16])):
                if at + k < len(out):
                    out[at + k] ^= rng.choice([0x01, 0x02, 0x10, 0x80, 0xff])
        elif op == 1:
            at -= at % 4 if rng.random() < 0.5 else 0
            out[at:at + 4] = struct.pack("<i", _int_values(rng))
        elif op == 2:
            del out[at:]
        elif op == 3:
            del out[at:at + rng.choice([1, 2, 4, 8, 64, 1000])]
        elif op == 4:
            out[at:at] = bytes(rng.randrange(256) for _ in range(rng.choice([1, 4, 8, 64]))) \
                if rng.random() < 0.5 else bytes(rng.choice([1, 4, 64]))
        else:
            n = rng.choice([4, 16, 256])
            source = rng.randrange(max(1, len(out) - n))
            out[at:at + n] = out[source:source + n]
    return bytes(out)


def mutations(rng: random.Random, seeds, count: int, work: str) -> List[str]:
    """`count` mutated saves: 60% of them in the game data and 15% in the init core, with the checksum
    made to match (they reach the core's read), the rest in the file as it is (the outer layer)."""
    made = []
    parsed = {s: Save(s) for s in seeds}
    with_bytes = {}
    for s in seeds:
        with open(s, "rb") as f:
            with_bytes[s] = f.read()
    names = sorted(seeds)
    for i in range(count):
        seed = rng.choice(names)
        save = parsed[seed]
        path = os.path.join(work, "m%d-%s" % (i, os.path.basename(seed)))
        r = rng.random()
        if r < 0.6:
            save.write(path, game_data=mutate_bytes(rng, save.game_data, seeds[seed]))
        elif r < 0.75:
            save.write(path, init_core=mutate_bytes(rng, save.init_core, [(0, len(save.init_core))]))
        else:
            with open(path, "wb") as f:
                f.write(mutate_bytes(rng, with_bytes[seed], []))
        made.append(path)
    return made


class Tally(object):
    def __init__(self) -> None:
        self.inputs, self.codes, self.tree_reports, self.kinds, self.where = 0, {}, 0, {}, {}

    def add(self, outcomes: List[Outcome]) -> None:
        for o in outcomes:
            self.inputs += 1
            self.codes[o.code] = self.codes.get(o.code, 0) + 1
            for r in o.reports:
                self.tree_reports += r.owner() == "tree"
                self.kinds[r.kind] = self.kinds.get(r.kind, 0) + 1
                where = next((f.function.split("(")[0] for f in r.frames if frame_owner(f) == "tree"), "?")
                self.where[where] = self.where.get(where, 0) + 1

    def line(self, seconds: float) -> str:
        return ("host read-save under the sanitizers: %d inputs in %.0f s, %.2f inputs/s; exit 0: %d, 1: %d, 3: %d; "
                "reports in the tree's code: %d (%s; in %s); in the host's: 0"
                % (self.inputs, seconds, self.inputs / max(seconds, 0.001), self.codes.get(0, 0), self.codes.get(1, 0),
                   self.codes.get(3, 0), self.tree_reports,
                   ", ".join("%s %d" % kv for kv in sorted(self.kinds.items())) or "none",
                   ", ".join("%s %d" % kv for kv in sorted(self.where.items(), key=lambda kv: -kv[1])) or "none"))


def _seed() -> int:
    return int(os.environ.get("CVVISION_HOST_FUZZ_SEED", "46"))


@pytest.mark.skipif(bool(os.environ.get("CVVISION_HOST_FUZZ_SECONDS")), reason="the campaign runs instead")
def test_random_mutations_end_cleanly(sanitized, reads, tmp_path):
    count = int(os.environ.get("CVVISION_HOST_FUZZ_MUTATIONS", "300"))
    start = time.time()
    rng = random.Random(_seed())
    saves = mutations(rng, {s: reads[s] for s in SUITE_SEEDS}, count, str(tmp_path))
    outcomes = read_saves(sanitized, saves, str(tmp_path))
    assert_clean(outcomes)
    tally = Tally()
    tally.add(outcomes)
    print(tally.line(time.time() - start))
    assert tally.codes.get(1, 0) > count // 4 and tally.codes.get(0, 0) > 0, tally.codes


@pytest.mark.skipif(not os.environ.get("CVVISION_HOST_FUZZ_SECONDS"), reason="make fuzz-host: CVVISION_HOST_FUZZ_SECONDS")
def test_campaign(sanitized, reads, tmp_path):
    """Mutations of every shared BTS save for CVVISION_HOST_FUZZ_SECONDS, in batches; prints the
    inputs, their speed and their outcomes (also into CVVISION_HOST_FUZZ_WORK/speed.txt)."""
    seconds = float(os.environ["CVVISION_HOST_FUZZ_SECONDS"])
    rng = random.Random(_seed())
    tally = Tally()
    start = time.time()
    batch = 0
    while time.time() - start < seconds:
        work = str(tmp_path / ("batch-%d" % batch))
        os.makedirs(work)
        outcomes = read_saves(sanitized, mutations(rng, reads, 40, work), work)
        assert_clean(outcomes)
        tally.add(outcomes)
        shutil.rmtree(work)
        batch += 1
    line = tally.line(time.time() - start)
    print(line)
    keep = os.environ.get("CVVISION_HOST_FUZZ_WORK")
    if keep:
        os.makedirs(keep, exist_ok=True)
        with open(os.path.join(keep, "speed.txt"), "w") as f:
            f.write(line + "\n")
