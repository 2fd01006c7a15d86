"""`cvcore-host read-save`: BTS 3.19's whole core (../shared/data/sdk/bts-3.19) reads every shared
BTS save through its own read() functions, as the game's executable does, and writes it back
through its own write() functions (tools/host/runtime/CvHostSaveCommand.cpp).

- Every save reads, and its world equals what the project's built-in reader
  (tools/lib/formats/SaveReaderBts.cpp, through tests/host/builtin_save_dump.cpp) reads: each
  plot's terrain, feature, plot type, owner, improvement, route, and per team its visibility,
  stolen and invisible-type visibility counts, revealed flag, revealed owner, improvement and
  route; the units (owner, id, type, place, facing, promotions, recon plot); the cities (espionage
  visibility per team); the techs and masters; the players.
- The round trip: the map and the statistics come back byte for byte; every other difference is one
  of BTS's own, each checked here for what it is (the dump of both streams, CVHOST_READ_SAVE_DUMP).
- Bad input: cut files, cut or damaged game data (recompressed, with the checksum the game checks
  computed afresh), damaged checksums, foreign files: exit status 1 (refused: the message names the
  save and the object being read) or 3 (the core crashed: the message names the step), never a
  hang, never 0 with a world that is not one.

The program is built with cvhost.program.build into $CVVISION_HOST_CACHE (CTest: under the build
folder), else a temporary folder, cached by content. Skipped when ../shared/data is absent; the
comparison with the built-in reader is skipped when the build folder's libraries are absent
($CVVISION_BUILD_DIR, default build/).
"""

import hashlib
import json
import os
import random
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
SHARED = os.path.join(os.path.dirname(REPO), "shared", "data")
GAME = os.path.join(SHARED, "civ4", "game")
BTS = os.path.join(SHARED, "sdk", "bts-3.19", "CvGameCoreDLL")
SAVES_DIR = os.path.join(SHARED, "civ4", "saves")
sys.path[:0] = [os.path.join(REPO, "tools", "host"), os.path.join(REPO, "tools", "sdk")]

from cvhost import program  # noqa: E402
from cvhost.errors import BuildStop  # noqa: E402

pytestmark = [
    pytest.mark.skipif(not os.path.isdir(GAME) or not os.path.isdir(BTS),
                       reason="../shared/data (the game's XML and BTS 3.19's tree) is absent"),
    pytest.mark.skipif(shutil.which("clang++") is None, reason="clang++ is not installed (make setup)"),
]


def _saves():
    if not os.path.isdir(SAVES_DIR):
        return []
    found = []
    for folder in (SAVES_DIR, os.path.join(SAVES_DIR, "unexplained")):
        if os.path.isdir(folder):
            found += sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".CivBeyondSwordSave"))
    return found


SAVES = _saves()
SURVIVOR = "survivor-6-wildcard.CivBeyondSwordSave"
BRENNUS = os.path.join(SAVES_DIR, "Brennus-BC-4000-2.CivBeyondSwordSave")
PBMOD_TREE = os.path.join(SHARED, "sdk", "pbmod-v10", "CvGameCoreDLL")
PBMOD_MOD = os.path.join(SHARED, "civ4", "mods", "pbmod-v10")
PBMOD_SAVE = os.path.join(SAVES_DIR, "mods", "pbmod-v10-Example_v10.CivBeyondSwordSave")
RUN_SECONDS = 200  # the host's own alarm is 120 s: a run past this is a hang


def cache():
    return os.environ.get("CVVISION_HOST_CACHE") or os.path.join(tempfile.gettempdir(), "cvvision-host-tests")


@pytest.fixture(scope="session")
def host():
    try:
        return program.build(BTS, cache(), jobs=os.cpu_count() or 2, quiet=True).path
    except BuildStop as e:
        if "cvvision is not built" in str(e):
            pytest.skip(str(e))
        raise


@pytest.fixture(scope="session")
def survivor_mod(tmp_path_factory):
    """A rule set of 158 building types, as the AI Survivor save's: BTS's less one unique building
    (the Dutch dike; which one AI Survivor dropped is not known, and the read needs only the count)."""
    mod = tmp_path_factory.mktemp("survivor-rules")
    xml = os.path.join(GAME, "Beyond the Sword", "Assets", "XML")
    with open(os.path.join(xml, "Buildings", "CIV4BuildingInfos.xml"), "rb") as f:
        buildings = f.read()
    block = [m for m in re.finditer(rb"\s*<BuildingInfo>.*?</BuildingInfo>", buildings, re.S)
             if b"<Type>BUILDING_NETHERLANDS_DIKE</Type>" in m.group(0)][0]
    with open(os.path.join(xml, "Civilizations", "CIV4CivilizationInfos.xml"), "rb") as f:
        civs = f.read()
    use = re.search(rb"\s*<Building>\s*<BuildingClassType>\w+</BuildingClassType>\s*"
                    rb"<BuildingType>BUILDING_NETHERLANDS_DIKE</BuildingType>\s*</Building>", civs)
    for folder, name, text in (("Buildings", "CIV4BuildingInfos.xml", buildings[:block.start()] + buildings[block.end():]),
                               ("Civilizations", "CIV4CivilizationInfos.xml", civs[:use.start()] + civs[use.end():])):
        os.makedirs(os.path.join(str(mod), "Assets", "XML", folder), exist_ok=True)
        with open(os.path.join(str(mod), "Assets", "XML", folder, name), "wb") as f:
            f.write(text)
    return str(mod)


def run(host, save, mod=None, env=None):
    arguments = [host, "--game", GAME] + (["--mod", mod] if mod else []) + ["read-save", save]
    done = subprocess.run(arguments, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=RUN_SECONDS,
                          env=dict(os.environ, **(env or {})))
    return done.returncode, done.stdout.decode("utf-8"), done.stderr.decode("utf-8", "replace")


def run_many(host, saves, folder):
    """Each save read as run() reads it, through `read-saves` (the XML loaded once, each save in a
    process of its own from that state): [(exit status, standard output, standard error)], in order."""
    os.makedirs(folder, exist_ok=True)
    done = subprocess.run([host, "--game", GAME, "read-saves", folder] + list(saves), stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, timeout=RUN_SECONDS * max(1, len(saves)))
    assert done.returncode == 0, done.stderr.decode("utf-8", "replace")[-2000:]
    statuses = {}
    for line in done.stdout.decode().splitlines():
        n, code, _ = line.split()
        statuses[int(n)] = int(code)
    assert sorted(statuses) == list(range(len(saves))), done.stdout.decode()
    results = []
    for n in range(len(saves)):
        with open(os.path.join(folder, "%d.out" % n), encoding="utf-8") as out, \
                open(os.path.join(folder, "%d.err" % n), encoding="utf-8", errors="replace") as err:
            results.append((statuses[n], out.read(), err.read()))
    return results


def last_line(errors):
    lines = [line for line in errors.strip().splitlines() if line]
    return lines[-1] if lines else ""


def read_ok(host, save, survivor_mod, env=None):
    code, out, errors = run(host, save, survivor_mod if os.path.basename(save) == SURVIVOR else None, env)
    assert code == 0, last_line(errors)
    return json.loads(out)


# --- the save's outer layer, rewritten: cut or damaged game data, with the game's checksum ----------


def _string(data, at):
    (n,) = struct.unpack_from("<i", data, at)
    return data[at + 4:at + 4 + n], at + 4 + n


def _wide(data, at):
    (n,) = struct.unpack_from("<i", data, at)
    return data[at + 4:at + 4 + 2 * n], at + 4 + 2 * n


class Save(object):
    """A save's parts (tools/host/runtime/CvHostSaveFile.h): header, init core, game data, tail."""

    def __init__(self, path):
        with open(path, "rb") as f:
            data = f.read()
        self.version, self.word = struct.unpack_from("<I", data, 0)[0], None
        at = 4
        self.mod, at = _string(data, at)
        self.mod_md5, at = _string(data, at)
        (self.word,) = struct.unpack_from("<I", data, at)
        at += 4
        self.lock_text, at = _string(data, at)
        self.lock_md5 = []
        for _ in range(4):
            s, at = _string(data, at)
            self.lock_md5.append(s)
        self.header = data[:at]
        (size,) = struct.unpack_from("<I", data, at)
        self.init_core = data[at + 4:at + 4 + size]
        at += 4 + size
        (self.after,) = struct.unpack_from("<I", data, at)
        at += 4
        compressed = b""
        while True:
            (n,) = struct.unpack_from("<I", data, at)
            at += 4
            if n == 0:
                break
            compressed += data[at:at + n]
            at += n
        self.game_data = zlib.decompressobj().decompress(compressed)
        self.tail = data[at:]

    def passwords(self):
        """The checksum's passwords from a BTS 3.19 init core (19 player slots): the game's and the
        admin's (its 3rd and 4th members), then each slot's (after 4 wide strings per slot)."""
        k = self.init_core
        (flag,) = struct.unpack_from("<I", k, 0)
        at = 8
        _, at = _wide(k, at)  # game name
        game, at = _wide(k, at)
        admin, at = _wide(k, at)
        _, at = _wide(k, at)  # map script
        at += 1 + 7 * 4
        (custom,) = struct.unpack_from("<i", k, at)
        at += 8 + 4 * custom
        (victories,) = struct.unpack_from("<i", k, at)
        at += 4 + victories + (24 if flag > 0 else 23) + 5 + 1 + 6 * 4
        for _ in range(4 * 19):
            _, at = _wide(k, at)
        players = []
        for _ in range(19):
            p, at = _wide(k, at)
            players.append(p)
        return admin, game, players

    def write(self, path, game_data=None, init_core=None, checksum=True):
        """The save with other game data or init core, deflated as the game does (one zlib stream,
        sync flush, 64 KiB chunks) and, with checksum, the game's checksum computed for it."""
        game_data = self.game_data if game_data is None else game_data
        init_core = self.init_core if init_core is None else init_core
        deflate = zlib.compressobj()
        compressed = deflate.compress(game_data) + deflate.flush(zlib.Z_SYNC_FLUSH)
        tail = self.tail
        if checksum:
            def string(s):
                return struct.pack("<i", len(s)) + s

            admin, game, players = self.passwords()
            text = (struct.pack("<II", self.word, self.version) + tail[-37:-36] + string(self.lock_text)
                    + b"".join(string(s) for s in self.lock_md5)
                    + b"".join(struct.pack("<i", len(p) // 2) + p for p in [admin, game] + players)
                    + string(hashlib.md5(compressed).hexdigest().encode())
                    + string(hashlib.md5(init_core).hexdigest().encode()) + bytes([0x4D, 0xE6, 0x40, 0xBB]))
            tail = tail[:-32] + hashlib.md5(text).hexdigest().encode()
        out = self.header + struct.pack("<I", len(init_core)) + init_core + struct.pack("<I", self.after)
        for i in range(0, len(compressed), 65536):
            chunk = compressed[i:i + 65536]
            out += struct.pack("<I", len(chunk)) + chunk
        out += struct.pack("<I", 0) + tail
        with open(path, "wb") as f:
            f.write(out)
        return path


# --- every save reads; the round trip's differences are BTS's own -------------------------------


def _objects(data):
    return {o["object"]: o for o in data["round_trip"]["objects"]}


def _check_game(save, written, game):
    """CvGame::read adds a replay message (TXT_KEY_MISC_RELOAD, unless multiplayer) and counts one
    more session (unless network multiplayer): the list's count, the message, m_iNumSessions."""
    s = save[game["read"][0]:game["read"][1]]
    w = written[game["written"][0]:game["written"][1]]

    def differing_ints(a, b):
        """Each run of differing bytes, as the int at its start (a count's low byte comes first)."""
        return [(i, struct.unpack_from("<i", a, i)[0], struct.unpack_from("<i", b, i)[0])
                for i in range(0, min(len(a), len(b)) - 3) if a[i] != b[i] and (i == 0 or a[i - 1] == b[i - 1])]

    extra = len(w) - len(s)
    if extra == 0:  # a multiplayer game: no message, one more session
        (one,) = differing_ints(s, w)
        assert one[2] == one[1] + 1, one
        return
    text = w.rfind("Session ".encode("utf-16-le"))
    start = text - 4 - 5 * 4  # turn, type, x, y, player, then the text's count
    (count,) = differing_ints(s[:start], w[:start])
    (sessions,) = differing_ints(s[start:], w[start + extra:])
    assert count[2] == count[1] + 1 and sessions[2] == sessions[1] + 1, (count, sessions)
    assert extra == 4 * 5 + 4 + 2 * struct.unpack_from("<i", w, start + 20)[0] + 4


def _score_maps(data, at):
    maps = []
    for _ in range(7):
        (n,) = struct.unpack_from("<I", data, at)
        if n > 100000 or at + 4 + 8 * n > len(data):
            return None, at
        maps.append(sorted(struct.unpack_from("<ii", data, at + 4 + 8 * i) for i in range(n)))
        at += 4 + 8 * n
    return maps, at


def _check_player(save, written, player):
    """CvPlayer::write iterates its seven score histories (stdext::hash_map<int, int>) in the host's
    hash_map order, not MSVC 2003's: the same entries in another order, and nothing else."""
    s = save[player["read"][0]:player["read"][1]]
    w = written[player["written"][0]:player["written"][1]]
    assert len(s) == len(w)
    first = next(i for i in range(len(s)) if s[i] != w[i])
    for at in range(first, max(-1, first - 40000), -1):
        a, end = _score_maps(s, at)
        b, end_w = _score_maps(w, at)
        if a is not None and a == b and end == end_w and s[end:] == w[end:] and s[:at] == w[:at]:
            return
    raise AssertionError("%s: a difference other than the score histories' order at %d" % (player["object"], first))


@pytest.mark.parametrize("save", SAVES, ids=os.path.basename)
def test_every_save_reads_and_writes_back_but_for_btss_own_changes(host, survivor_mod, save, tmp_path):
    data = read_ok(host, save, survivor_mod, {"CVHOST_READ_SAVE_DUMP": str(tmp_path)})
    assert [s["name"] for s in data["steps"] if not s["ok"]] == []
    world = data["map"]
    assert world["plots"] == world["width"] * world["height"] == len(data["plots"])
    assert [(p["x"], p["y"]) for p in data["plots"][:2]] == [(0, 0), (1, 0)]
    read = data["read"]
    assert read[0]["end"] == data["save"]["init_core_bytes"] and read[-1]["end"] == data["save"]["game_data_bytes"]

    with open(str(tmp_path / "game_data.save"), "rb") as f:
        save_bytes = f.read()
    with open(str(tmp_path / "game_data.written"), "rb") as f:
        written = f.read()
    objects = _objects(data)
    assert objects["CvMap"]["same"] and objects["CvEventReporter statistics"]["same"]
    _check_game(save_bytes, written, objects["CvGameAI"])
    for name, o in objects.items():
        if name.startswith("CvTeamAI"):
            # CvTeam::write and CvTeamAI::write write their format flags 0; the teams of one save
            # hold 0xfa17cec1 and 0xfa17cec0 there (read and ignored).
            assert o["same"] or (o["differing_bytes"] <= 8 and all(
                d["written"] == "00000000" and d["by"][0] in ("CvTeam::write", "CvTeamAI::write") for d in o["differences"])), o
        elif name.startswith("CvPlayerAI") and not o["same"]:
            assert {d["by"][0] for d in o["differences"]} == {"CvPlayer::write"}
            _check_player(save_bytes, written, o)
    # The init cores: CvInitCore::read turns the slot claim ASSIGNED into RESERVED; the game's init
    # core is copied from the loaded one by resetGame/resetPlayers (leader and civ names through
    # getObjectText, playable civs through getPlayableCiv) and CvGame::read claims the active
    # player's slot again.
    for core in ("init_core", "loaded_init_core"):
        assert all(d["by"] == ["CvInitCore::write"] for d in data["round_trip"][core]["differences"])


# --- the same world as the built-in reader ---------------------------------------------------------


@pytest.fixture(scope="session")
def builtin_dump(tmp_path_factory):
    build = os.environ.get("CVVISION_BUILD_DIR") or os.path.join(REPO, "build")
    libraries = [os.path.join(build, "tools", "lib", "libcvvision_%s.a" % layer) for layer in ("formats", "model", "support")]
    libraries.append(os.path.join(build, "libcvvision_dll.a"))
    missing = [lib for lib in libraries if not os.path.isfile(lib)]
    if missing or shutil.which("g++") is None:
        pytest.skip("the built-in reader's libraries are not built (%s)" % ", ".join(missing or ["g++"]))
    program_path = str(tmp_path_factory.mktemp("builtin") / "builtin_save_dump")
    done = subprocess.run(["g++", "-std=c++17", "-O1", "-I" + os.path.join(REPO, "tools", "lib"),
                           os.path.join(HERE, "builtin_save_dump.cpp")] + libraries + ["-ltinyxml2", "-lz", "-o", program_path],
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if done.returncode != 0:
        pytest.skip("the built-in reader's libraries do not link (a stale build?):\n" + done.stdout.decode()[-2000:])
    return program_path


def compare_worlds(host_world, builtin):
    """What the two readers have in common, equal: a list of differences (empty when equal)."""
    problems = []
    if host_world["map"] != builtin["map"]:
        problems.append("map %s != %s" % (host_world["map"], builtin["map"]))
    keys = ("x", "y", "terrain", "feature", "plot_type", "owner", "improvement", "route", "visibility", "revealed",
            "stolen_visibility", "revealed_owner", "revealed_improvement", "revealed_route", "invisible_visibility")
    for i, (a, b) in enumerate(zip(host_world["plots"], builtin["plots"])):
        for key in keys:
            if a[key] != b[key]:
                problems.append("plot %d (%d, %d) %s: %s != %s" % (i, a["x"], a["y"], key, a[key], b[key]))
    if len(host_world["plots"]) != len(builtin["plots"]):
        problems.append("%d plots != %d" % (len(host_world["plots"]), len(builtin["plots"])))

    def by_id(items, keys):
        return {(item["owner"], item["id"]): tuple(json.dumps(item[k]) for k in keys) for item in items}

    unit_keys = ("type", "x", "y", "facing", "promotions", "recon")
    units_a, units_b = by_id(host_world["units"], unit_keys), by_id(builtin["units"], unit_keys)
    for key in sorted(set(units_a) | set(units_b)):
        if units_a.get(key) != units_b.get(key):
            problems.append("unit %s: %s != %s" % (key, units_a.get(key), units_b.get(key)))
    city_keys = ("x", "y", "espionage_visibility")
    cities_a, cities_b = by_id(host_world["cities"], city_keys), by_id(builtin["cities"], city_keys)
    if cities_a != cities_b:
        problems.append("cities %s != %s" % (sorted(cities_a.items()), sorted(cities_b.items())))
    if [(t["techs"], t["vassal_of"]) for t in host_world["teams"]] != [(t["techs"], t["vassal_of"]) for t in builtin["teams"]]:
        problems.append("techs or masters differ")
    if [(p["alive"], p["team"]) for p in host_world["players"]] != [(p["alive"], p["team"]) for p in builtin["players"]]:
        problems.append("players differ")
    return problems


@pytest.mark.parametrize("save", SAVES, ids=os.path.basename)
def test_the_world_equals_the_builtin_readers(host, survivor_mod, builtin_dump, save):
    data = read_ok(host, save, survivor_mod)
    done = subprocess.run([builtin_dump, save], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert done.returncode == 0, done.stderr.decode()
    builtin = json.loads(done.stdout)
    assert compare_worlds(data, builtin)[:20] == []
    assert len(data["units"]) == len(builtin["units"]) and len(data["cities"]) == len(builtin["cities"])


def test_pbmods_save_reads_with_pbmods_tree_and_round_trips():
    """PB Mod v10's save (53 player slots) with PB Mod's own tree and XML: read, written back byte
    for byte (PB Mod's reads change nothing of a pitboss game), and its audit through `cvvision
    audit --sdk --game` finds every stored count as CvVision recomputes it. Builds a second whole
    core: only with CVVISION_HOST_FORKS=1."""
    if os.environ.get("CVVISION_HOST_FORKS") != "1":
        pytest.skip("PB Mod's core is another whole build: set CVVISION_HOST_FORKS=1")
    if not all(os.path.exists(p) for p in (PBMOD_TREE, PBMOD_MOD, PBMOD_SAVE)):
        pytest.skip("PB Mod's tree, XML or save is absent from ../shared/data")
    try:
        pb_host = program.build(PBMOD_TREE, cache(), jobs=os.cpu_count() or 2, quiet=True).path
    except BuildStop as e:
        pytest.skip("PB Mod's tree does not build on the host yet: %s" % str(e)[:500])
    code, out, errors = run(pb_host, PBMOD_SAVE, PBMOD_MOD)
    assert code == 0, last_line(errors)
    data = json.loads(out)
    assert data["save"]["mod_name"] == "Mods\\PBMod_v10\\"
    assert len(data["players"]) == 53 and len(data["plots"][0]["visibility"]) == 53
    round_trip = data["round_trip"]
    assert round_trip["init_core"]["same"] and round_trip["loaded_init_core"]["same"] and round_trip["game_data"]["same"]
    cvvision = os.path.join(os.environ.get("CVVISION_BUILD_DIR") or os.path.join(REPO, "build"), "cvvision")
    if not os.path.isfile(cvvision):
        pytest.skip("the cvvision program is not built: " + cvvision)
    done = subprocess.run([cvvision, "audit", PBMOD_SAVE, "--sdk", PBMOD_TREE, "--game", GAME,
                           "--assets", os.path.join(PBMOD_MOD, "Assets"), "--format", "json"],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=dict(os.environ, CVVISION_HOST_CACHE=cache()))
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    audit = json.loads(done.stdout)
    assert audit["team_plots"] == audit["matching"] > 0 and audit["sdk"] == PBMOD_TREE


# --- bad input --------------------------------------------------------------------------------------


def refused(host, path, mod=None):
    """Exit status 1, the message naming the save: gives the message."""
    code, out, errors = run(host, path, mod)
    message = last_line(errors)
    assert code == 1, "exit %d (%s)" % (code, message)
    assert out == ""
    assert message.startswith("cvcore-host: " + path), message
    return message


def test_a_save_read_with_other_rules_is_refused_naming_the_object(host):
    # AI Survivor's rules have 158 building types: with BTS's 159, CvGame::read reads one int too
    # many, and the map's read meets what is not a map.
    message = refused(host, os.path.join(SAVES_DIR, SURVIVOR))
    assert "CvMap::read met bad data" in message and "other rules (XML) or another DLL" in message


def test_cut_files_are_refused(host, tmp_path):
    with open(BRENNUS, "rb") as f:
        data = f.read()
    save = Save(BRENNUS)
    init_at = len(save.header) + 4
    cuts = {"empty": 0, "in the version": 2, "in the header": 40, "at the init core": init_at,
            "in the init core": init_at + 100, "in the compressed stream": init_at + len(save.init_core) + 200,
            "in a later chunk": len(data) - len(save.tail) - 5000, "in the tail": len(data) - 20,
            "without its last byte": len(data) - 1}
    for what, at in cuts.items():
        path = str(tmp_path / ("cut-%d.CivBeyondSwordSave" % at))
        with open(path, "wb") as f:
            f.write(data[:at])
        message = refused(host, path)
        assert "offset" in message or "empty" in message, (what, message)


@pytest.fixture(scope="module")
def brennus_read(host, survivor_mod):
    return {r["object"]: (r["start"], r["end"]) for r in read_ok(host, BRENNUS, survivor_mod)["read"]}


def test_game_data_cut_in_each_object_is_refused_naming_it(host, brennus_read, tmp_path):
    save = Save(BRENNUS)
    for name, reading in (("CvGameAI", "CvGameAI::read"), ("CvMap", "CvMap::read"), ("CvTeamAI 5", "CvTeamAI::read of team 5"),
                          ("CvPlayerAI 0", "CvPlayerAI::read of player 0"), ("CvPlayerAI 18", "CvPlayerAI::read of player 18"),
                          ("CvEventReporter statistics", "CvEventReporter::readStatistics")):
        start, end = brennus_read[name]
        for at in (start, (start + end) // 2, end - 1):
            path = save.write(str(tmp_path / ("cut-%d.CivBeyondSwordSave" % at)), game_data=save.game_data[:at])
            message = refused(host, path)
            assert "the game data ends inside " + reading + ":" in message, message


def test_an_init_core_cut_or_too_long_is_refused(host, tmp_path):
    save = Save(BRENNUS)
    message = refused(host, save.write(str(tmp_path / "short.CivBeyondSwordSave"), init_core=save.init_core[:-10]))
    assert "the init core ends inside CvInitCore::read" in message
    message = refused(host, save.write(str(tmp_path / "long.CivBeyondSwordSave"), init_core=save.init_core + b"\0" * 8))
    assert "CvInitCore::read read %d of the init core's %d bytes" % (len(save.init_core), len(save.init_core) + 8) in message


def test_game_data_longer_than_its_objects_is_refused(host, tmp_path):
    save = Save(BRENNUS)
    message = refused(host, save.write(str(tmp_path / "long.CivBeyondSwordSave"), game_data=save.game_data + b"\1\2\3\4"))
    assert "4 bytes of the game data are left after CvEventReporter::readStatistics" in message


def test_a_damaged_save_whose_checksum_does_not_match_is_refused(host, tmp_path):
    save = Save(BRENNUS)
    data = bytearray(save.game_data)
    data[5000] ^= 0x40
    message = refused(host, save.write(str(tmp_path / "flipped.CivBeyondSwordSave"), game_data=bytes(data), checksum=False))
    assert "the checksum does not match" in message


def test_a_map_too_large_for_memory_crashes_the_core_and_is_named(host, brennus_read, tmp_path):
    # The map's width (after CvMap's flag) made huge: new CvPlot[width * height] fails within the
    # host's address space limit, and the core writes through the null pointer it gets.
    save = Save(BRENNUS)
    data = bytearray(save.game_data)
    start = brennus_read["CvMap"][0]
    struct.pack_into("<i", data, start + 4, 4000000)
    path = save.write(str(tmp_path / "huge.CivBeyondSwordSave"), game_data=bytes(data))
    code, out, errors = run(host, path)
    assert code == 3, last_line(errors)
    assert last_line(errors) == "cvcore-host: the core crashed (segmentation fault) in reading %s: CvMap::read" % path
    # A large map that fits reads its plots on, through what follows them, until the data ends or a
    # count is negative.
    struct.pack_into("<i", data, start + 4, 3000)
    message = refused(host, save.write(str(tmp_path / "large.CivBeyondSwordSave"), game_data=bytes(data)))
    assert "CvMap::read" in message


def test_a_read_past_the_time_limit_is_stopped_naming_the_step(host):
    # The host's own limit (120 s unless CVHOST_READ_SAVE_SECONDS), here made shorter than any read.
    save = os.path.join(SAVES_DIR, "sillyman.CivBeyondSwordSave")
    code, out, errors = run(host, save, env={"CVHOST_READ_SAVE_SECONDS": "0.002"})
    assert code == 3 and out == ""
    assert last_line(errors).startswith("cvcore-host: the core did not finish in 0.002 s (taken for looping) in reading "
                                        + save), last_line(errors)


def test_flipped_bytes_give_an_error_naming_the_object_or_a_world(host, brennus_read, tmp_path):
    """Bytes flipped all over the game data, the checksum made to match: each run ends in a clear
    refusal (1) or crash (3) naming the save and the object, or reads a world that passes the host's
    checks (a value the core takes as it comes); never a hang."""
    save = Save(BRENNUS)
    rng = random.Random(1234)
    outcomes = {0: 0, 1: 0, 3: 0}
    objects = ["CvGameAI", "CvMap", "CvTeamAI 0", "CvTeamAI 18", "CvPlayerAI 0", "CvPlayerAI 1", "CvPlayerAI 18",
               "CvEventReporter statistics"]
    paths = []
    for i in range(48):
        start, end = brennus_read[objects[i % len(objects)]]
        data = bytearray(save.game_data)
        at = rng.randrange(start, end)
        for k in range(rng.choice([1, 4, 16])):
            if at + k < end:
                data[at + k] ^= rng.choice([0x01, 0x80, 0xff])
        paths.append(save.write(str(tmp_path / ("flip-%d-%d.CivBeyondSwordSave" % (i, at))), game_data=bytes(data)))
    for path, (code, out, errors) in zip(paths, run_many(host, paths, str(tmp_path / "reads"))):
        at = path.rsplit("-", 1)[1].split(".")[0]
        message = last_line(errors)
        assert code in outcomes, "exit %d at %d: %s" % (code, at, message)
        outcomes[code] += 1
        if code == 0:
            world = json.loads(out)
            assert len(world["plots"]) == world["map"]["plots"]
        else:
            assert path in message, message
            assert re.search(r"::read|the checksum|not one", message), message
    assert outcomes[1] > 0, outcomes


def test_foreign_files_are_refused(host, tmp_path):
    junk = tmp_path / "junk.CivBeyondSwordSave"
    junk.write_bytes(bytes(random.Random(7).randrange(256) for _ in range(5000)))
    assert "not a Civilization IV saved game" in refused(host, str(junk))
    text = tmp_path / "text.CivBeyondSwordSave"
    text.write_text("BeginMap\n\tgrid width=10\nEndMap\n")
    refused(host, str(text))
    assert "cannot open" in refused(host, str(tmp_path / "missing.CivBeyondSwordSave"))
    pb = os.path.join(SAVES_DIR, "mods", "pbmod-v10-Example_v10.CivBeyondSwordSave")
    if os.path.isfile(pb):  # PB Mod's 53 player slots, read with BTS's 19
        assert "CvInitCore::read" in refused(host, pb)
