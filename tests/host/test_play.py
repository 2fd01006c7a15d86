"""A save played on by BTS 3.19's own core behind the host (`cvcore play`, CvHostPlayCommand.cpp):
every player under the computer, the game's own update and end of turn, its RNG, its AI and the
host's path finder, the saves at each turn's end written by the core's own write().

In the suite: Brennus-BC-4000-2 (the smallest shared save with AI players) played 3 turns, twice:
the two runs give the same saves byte for byte at every turn's end (nothing of the host's time or
addresses in the game), each save reads back through the core's read() and writes back the same
bytes, the game turn moves on one a turn, and bad input is refused naming it. The A/B (the tree as
it is against a copy with CvVision integrated, and a knob and a mutant that must differ) builds a
second core: `make play-ab` (tests/host/test_play_ab.py).
"""

import json
import os
import re
import shutil
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
SHARED = os.path.join(os.path.dirname(REPO), "shared", "data")
GAME = os.path.join(SHARED, "civ4", "game")
SAVES = os.path.join(SHARED, "civ4", "saves")
BTS = os.path.join(SHARED, "sdk", "bts-3.19", "CvGameCoreDLL")
BRENNUS = os.path.join(SAVES, "Brennus-BC-4000-2.CivBeyondSwordSave")
sys.path.insert(0, HERE)
from test_host_trees import CVCORE, cvcore  # noqa: E402  (the builds in $CVVISION_HOST_CACHE)
TURNS = 3

pytestmark = [pytest.mark.skipif(not os.path.isfile(BRENNUS) or not os.path.isdir(BTS),
                                 reason="../shared/data's BTS tree or saves are absent"),
              pytest.mark.skipif(shutil.which("clang++") is None, reason="clang++ is not installed (make setup)")]


def host():
    return cvcore("build", BTS, "--quiet").stdout.decode().strip()


@pytest.fixture(scope="module")
def two_runs(tmp_path_factory):
    runs = []
    for name in ("first", "second"):
        folder = tmp_path_factory.mktemp(name)
        done = cvcore("play", BRENNUS, "--sdk", BTS, "--game", GAME, "--turns", str(TURNS), "--out",
                      str(folder / "end.CivBeyondSwordSave"), "--every", str(folder / "turns"), "--json", "--quiet")
        runs.append((folder, json.loads(done.stdout), done.stderr.decode()))
    return runs


def test_each_turn_ends_with_the_next_game_turn_and_its_progress_line(two_runs):
    _, data, errors = two_runs[0]
    start = data["start_turn"]
    assert [t["turn"] for t in data["turns"]] == list(range(start + 1, start + TURNS + 1))
    assert data["end_turn"] == start + TURNS and data["game_state"] == 0
    assert all(t["updates"] > 0 and t["units"] > 0 for t in data["turns"])
    assert sum(t["units_moved"] for t in data["turns"]) > 0  # the AI moves its units
    assert data["handed_to_the_computer"], "the save's human player plays under the computer"
    for t in data["turns"]:
        assert "turn %d (" % t["turn"] in errors


def test_two_runs_give_the_same_saves_byte_for_byte(two_runs):
    (a, a_data, _), (b, b_data, _) = two_runs
    for ta, tb in zip(a_data["turns"], b_data["turns"]):
        with open(ta["save"], "rb") as f, open(tb["save"], "rb") as g:
            assert f.read() == g.read(), "turn %d differs between two runs" % ta["turn"]
    assert (a / "end.CivBeyondSwordSave").read_bytes() == (b / "end.CivBeyondSwordSave").read_bytes()


def test_the_saves_written_read_back_through_the_cores_own_read(two_runs):
    folder, data, _ = two_runs[0]
    done = subprocess.run([host(), "--game", GAME, "read-save", str(folder / "end.CivBeyondSwordSave")],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    read = json.loads(done.stdout)
    objects = read["round_trip"]["objects"]
    # Written by the core and read back: every object's bytes come back but the players' score
    # histories (the host's hash_map order, CvHostSaveCommand.cpp) and the game's reload message.
    differing = sorted(o["object"] for o in objects if not o["same"])
    assert all(name.startswith("CvPlayerAI") or name == "CvGameAI" for name in differing), differing
    assert len(read["units"]) == data["turns"][-1]["units"]


def python_answers_table():
    """{function: the host's answer} from docs/python-answers.md's table of BTS's call sites."""
    answers = {}
    with open(os.path.join(REPO, "docs", "python-answers.md"), encoding="utf-8") as f:
        for line in f:
            cells = [c.strip() for c in line.split("|")]
            if len(cells) < 9 or not cells[1].endswith(tuple("0123456789")):
                continue
            names = re.findall(r"`([^`]+)`", cells[3])
            if len(names) == 2:
                answers.setdefault(names[1], set()).add(cells[6])
    return answers


def test_every_python_call_of_the_turns_is_answered_or_its_default_is_the_games(two_runs):
    """The functions the core called in the turns played: each answered in C++ (handled), or one the
    table says the core's own default answers as BTS's Python does; none "left" or "not reached"."""
    _, data, _ = two_runs[0]
    table = python_answers_table()
    assert data["python_calls"], "the core called no Python function in the turns"
    for call in data["python_calls"]:
        function = call["function"].split(".", 1)[1]
        if call["answered"] == call["calls"]:
            assert "handled" in table.get(function, set()), call
        else:
            assert call["answered"] == 0 and table.get(function) == {"default"}, call


def test_bad_turns_and_missing_files_are_refused(tmp_path):
    done = cvcore("play", BRENNUS, "--sdk", BTS, "--game", GAME, "--turns", "0", "--out", str(tmp_path / "e"),
                  check=False)
    assert done.returncode == 1 and b"--turns 0" in done.stderr
    done = cvcore("play", str(tmp_path / "none.CivBeyondSwordSave"), "--sdk", BTS, "--game", GAME, "--turns", "1",
                  "--out", str(tmp_path / "e"), check=False)
    assert done.returncode == 1 and b"no such file" in done.stderr
    cut = tmp_path / "cut.CivBeyondSwordSave"
    with open(BRENNUS, "rb") as f:
        cut.write_bytes(f.read()[:5000])
    done = cvcore("play", str(cut), "--sdk", BTS, "--game", GAME, "--turns", "1", "--out", str(tmp_path / "e"),
                  check=False)
    assert done.returncode == 1 and b"cut.CivBeyondSwordSave" in done.stderr
    assert not (tmp_path / "e").exists()
