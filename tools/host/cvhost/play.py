"""A save played on by a tree's own code (the host's `play`), and the A/B: the same save played by the
tree as it is and by a copy with CvVision integrated (tools/sdk/sdk-integrate), compared turn for
turn, byte for byte.

The integrated copy is made once per state of the tree and of CvVision's sources, in the build
cache (integrated/KEY/CvGameCoreDLL), and built by the host like any tree. Both sides are given the
same mod folder: CvVision's Assets (Assets/XML/CvVision_GlobalDefines.xml, which only the
integrated tree reads), with the knobs a run sets (--define NAME=VALUE: CVVISION_LEDGER=1, the
sight model...) written into a copy of it.

Where two saves of a turn differ, the first difference is named through the tree's own objects:
both saves are read by the host's read-save (CVHOST_READ_SAVE_DUMP gives their inflated game data
and where each object's read began and ended), the first object whose bytes differ is named, and
the worlds read through the objects' getters (plots, units, cities, teams, players) are compared
field by field: the first field that differs is named ("plots[1234].visibility[2]: 1 against 0").
"""

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import xml.etree.ElementTree as ElementTree
from typing import Dict, List, NamedTuple, Optional, Sequence, Tuple

from . import core, program
from .errors import BuildStop

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
SDK_INTEGRATE = os.path.join(REPO, "tools", "sdk", "sdk-integrate")
VISION_SOURCES = os.path.join(REPO, "CvGameCoreDLL")
VISION_ASSETS = os.path.join(REPO, "Assets")
SECONDS_PER_TURN = 300  # a turn that takes longer is taken for looping
SECONDS_TO_START = 300


class Played(NamedTuple):
    data: dict  # the host's JSON (CvHostPlayCommand.cpp)
    every: str  # the folder of the turn saves ("" when none)


def _hash_tree(folder: str) -> str:
    h = hashlib.sha256()
    for root, dirs, names in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(names):
            path = os.path.join(root, name)
            h.update(os.path.relpath(path, folder).encode())
            with open(path, "rb") as f:
                h.update(hashlib.sha256(f.read()).digest())
    return h.hexdigest()


def integrated_copy(tree: str, cache: str, quiet: bool = False, sources: str = VISION_SOURCES) -> str:
    """A copy of `tree` with CvVision (its files from `sources`) integrated by sdk-integrate, made
    once per state of the tree and of those files (cache/integrated/KEY/CvGameCoreDLL); gives its
    path."""
    tree = os.path.abspath(tree)
    key = hashlib.sha256((_hash_tree(tree) + _hash_tree(sources) + _hash_tree(os.path.dirname(SDK_INTEGRATE))
                          ).encode()).hexdigest()[:16]
    target = os.path.join(cache, "integrated", key, "CvGameCoreDLL")
    if os.path.isfile(os.path.join(target, ".integrated")):
        return target
    staging = target + ".part"
    shutil.rmtree(staging, ignore_errors=True)
    shutil.copytree(tree, staging, ignore=shutil.ignore_patterns(".cvvision-*"))
    for root, dirs, names in os.walk(staging):  # the copy is ours to change (a shared tree is read-only)
        for name in dirs + names:
            path = os.path.join(root, name)
            os.chmod(path, os.stat(path).st_mode | 0o200)
    done = subprocess.run([SDK_INTEGRATE, "--sources", sources, staging], stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT)
    if done.returncode != 0:
        raise BuildStop("%s: sdk-integrate refused the copy:\n%s" % (tree, done.stdout.decode("utf-8", "replace")[-3000:]))
    shutil.rmtree(os.path.join(staging, ".cvvision-backup"), ignore_errors=True)
    if not quiet:
        sys.stderr.write("cvcore: CvVision integrated into a copy of %s\n" % tree)
    shutil.rmtree(target, ignore_errors=True)
    os.replace(staging, target)
    open(os.path.join(target, ".integrated"), "w").close()
    return target


def mod_with_knobs(work: str, knobs: Dict[str, int], assets: str = "") -> str:
    """A mod folder (work/mod): the mod's Assets when given, with CvVision's laid over them, and
    `knobs` set in its CvVision_GlobalDefines.xml (every name must be one the file has); gives the
    folder."""
    mod = os.path.join(work, "mod")
    shutil.rmtree(mod, ignore_errors=True)
    if assets:
        shutil.copytree(assets, os.path.join(mod, "Assets"))
    shutil.copytree(VISION_ASSETS, os.path.join(mod, "Assets"), dirs_exist_ok=True)
    path = os.path.join(mod, "Assets", "XML", "CvVision_GlobalDefines.xml")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    for name, value in knobs.items():
        if not re.match(r"^CVVISION_[A-Z0-9_]+$", name):
            raise BuildStop("--define %s: a CvVision knob is named CVVISION_... (CvVision_GlobalDefines.xml)" % name)
        pattern = re.compile(r"(<DefineName>%s</DefineName>\s*<iDefineIntVal>)(-?\d+)(</iDefineIntVal>)" % re.escape(name))
        if pattern.search(text):
            text = pattern.sub(lambda m: m.group(1) + str(value) + m.group(3), text)
        else:  # a per-type knob (CVVISION_EXTRA_RANGE_UNIT_SCOUT): one more define
            end = text.rindex("</Civ4Defines>")
            text = (text[:end] + "\t<Define>\n\t\t<DefineName>%s</DefineName>\n\t\t<iDefineIntVal>%d</iDefineIntVal>\n"
                    "\t</Define>\n" % (name, value) + text[end:])
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    ElementTree.parse(path)  # still XML
    return mod


def _run_streaming(command: List[str], timeout: float, profile: bool = False) -> Tuple[int, str, str]:
    """Runs the host; its standard error is shown as it comes (a line a turn) and kept. (-1, ...)
    when it ran past `timeout` seconds. profile: CVHOST_PROFILE=1 (CvHostProfile.h)."""
    env = dict(os.environ, CVHOST_PROFILE="1" if profile else "0")
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    errors: List[str] = []
    output: List[bytes] = []

    def pump_errors() -> None:
        for line in iter(process.stderr.readline, b""):
            text = line.decode("utf-8", "replace")
            errors.append(text)
            if text.startswith("cvcore-host: turn "):
                sys.stderr.write(text.replace("cvcore-host: ", "  "))
                sys.stderr.flush()

    readers = [threading.Thread(target=pump_errors, daemon=True),
               threading.Thread(target=lambda: output.append(process.stdout.read()), daemon=True)]
    for reader in readers:
        reader.start()
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
        code = -1
    else:
        code = process.returncode
    for reader in readers:
        reader.join()
    return code, b"".join(output).decode("utf-8", "replace"), "".join(errors)


def play(host: str, host_arguments: Sequence[str], save: str, turns: int, out: str, every: str = "",
         profile: bool = False) -> Played:
    """Plays `turns` game turns of `save` with the host program `host`; the end save to `out`, each
    turn's end to `every` (a folder) when given; profiled (the JSON's "profile") when asked."""
    if every:
        os.makedirs(every, exist_ok=True)
    command = [host] + list(host_arguments) + ["play", os.path.abspath(save), str(turns), os.path.abspath(out)]
    if every:
        command.append(os.path.abspath(every))
    code, output, errors = _run_streaming(command, SECONDS_TO_START + SECONDS_PER_TURN * turns, profile)
    last = "\n".join(errors.strip().splitlines()[-3:]).replace("cvcore-host: ", "")
    if code == -1:
        raise BuildStop("%s: the game did not finish %d turns in %d s (taken for looping); last:\n%s"
                        % (save, turns, SECONDS_TO_START + SECONDS_PER_TURN * turns, last))
    if code != 0:
        raise BuildStop(last or "%s: not played (exit %d)" % (save, code))
    try:
        return Played(json.loads(output), every)
    except ValueError:
        raise BuildStop("%s: the host's output is not JSON:\n%s" % (save, last))


# --- the comparison ------------------------------------------------------------------------------


def _read_dump(host: str, host_arguments: Sequence[str], save: str, folder: str) -> Tuple[dict, bytes]:
    os.makedirs(folder, exist_ok=True)
    env = dict(os.environ, CVHOST_READ_SAVE_DUMP=folder)
    done = subprocess.run([host] + list(host_arguments) + ["read-save", save], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, env=env)
    if done.returncode != 0:
        raise BuildStop("%s: read back: %s" % (save, done.stderr.decode("utf-8", "replace").strip()[-600:]))
    with open(os.path.join(folder, "game_data.save"), "rb") as f:
        return json.loads(done.stdout), f.read()


def first_field_difference(a, b, path: str = "") -> Optional[str]:
    """The first place where two JSON values differ ("plots[12].visibility[1]: 1 against 0")."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in list(a.keys()) + [k for k in b.keys() if k not in a]:
            if key not in a or key not in b:
                return "%s.%s: %s" % (path, key, "only in the first" if key in a else "only in the second")
            found = first_field_difference(a[key], b[key], "%s.%s" % (path, key) if path else key)
            if found:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list):
        for i, (x, y) in enumerate(zip(a, b)):
            found = first_field_difference(x, y, "%s[%d]" % (path, i))
            if found:
                return found
        if len(a) != len(b):
            return "%s: %d elements against %d" % (path, len(a), len(b))
        return None
    return None if a == b else "%s: %s against %s" % (path, json.dumps(a), json.dumps(b))


WORLD_KEYS = ("map", "plots", "units", "cities", "teams", "players")


def explain_difference(a_host: str, b_host: str, host_arguments: Sequence[str], a_save: str, b_save: str,
                       work: str) -> str:
    """Names the first object and field where two saves of the same turn differ."""
    a_data, a_bytes = _read_dump(a_host, host_arguments, a_save, os.path.join(work, "a"))
    b_data, b_bytes = _read_dump(b_host, host_arguments, b_save, os.path.join(work, "b"))
    parts = []
    a_objects = [r for r in a_data["read"] if r["part"] == "game_data"]
    b_objects = {r["object"]: r for r in b_data["read"] if r["part"] == "game_data"}
    for r in a_objects:
        other = b_objects.get(r["object"])
        if other is None or a_bytes[r["start"]:r["end"]] != b_bytes[other["start"]:other["end"]]:
            parts.append("the first object that differs: %s (%d bytes against %d)"
                         % (r["object"], r["end"] - r["start"], other["end"] - other["start"] if other else 0))
            break
    if not parts and a_bytes == b_bytes:
        parts.append("the game data is the same: the init core or the tail differs")
    field = first_field_difference({k: a_data.get(k) for k in WORLD_KEYS}, {k: b_data.get(k) for k in WORLD_KEYS})
    parts.append("the first field that differs, read through the tree's getters: %s" % field if field
                 else "the world read through the tree's getters is the same")
    return "; ".join(parts)


class Comparison(NamedTuple):
    same: bool
    turns: List[int]  # the game turns compared, in order
    first_turn: Optional[int]  # the first whose saves differ
    explanation: str


def compare(a: Played, b: Played, a_host: str, b_host: str, host_arguments: Sequence[str], work: str) -> Comparison:
    """The two runs' saves, turn by turn: the first turn whose saves differ, explained."""
    a_turns = [t["turn"] for t in a.data["turns"]]
    b_turns = [t["turn"] for t in b.data["turns"]]
    for i, turn in enumerate(a_turns):
        if i >= len(b_turns):
            return Comparison(False, a_turns, turn, "the second game ended before turn %d" % turn)
        a_save, b_save = a.data["turns"][i]["save"], b.data["turns"][i]["save"]
        with open(a_save, "rb") as f, open(b_save, "rb") as g:
            if f.read() == g.read():
                continue
        return Comparison(False, a_turns, turn, explain_difference(a_host, b_host, host_arguments, a_save, b_save,
                                                                   os.path.join(work, "difference")))
    if len(b_turns) > len(a_turns):
        return Comparison(False, a_turns, b_turns[len(a_turns)], "the first game ended before turn %d" % b_turns[len(a_turns)])
    return Comparison(True, a_turns, None, "")


def host_arguments(game: str, mod: str) -> List[str]:
    result = []
    if game:
        result += ["--game", os.path.abspath(game)]
    if mod:
        result += ["--mod", os.path.abspath(mod)]
    return result
