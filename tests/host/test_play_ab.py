"""The A/B (`cvcore ab`, tools/host/cvhost/play.py): each shared BTS 3.19 save played on by BTS's own
core as it is and by a copy with CvVision integrated (sdk-integrate), every player under the
computer; the saves at every turn's end must be the same byte for byte, at the default knobs and
with CVVISION_LEDGER=1. The check must be able to fail: a knob that changes what units see
(CVVISION_OUTER_RING=0) and a mutant engine (the outer ring's rule wrong by one) must give another
game, named by its first turn, object and field.

PB Mod v10's save is played the same way with PB Mod's own tree and XML. Not in `make test` (each
integrated copy is another core to build, and 20 turns of the late saves take minutes):
`make play-ab`, timed in docs/tests.md. CVVISION_AB_TURNS sets the turns (20).
"""

import json
import os
import shutil
import subprocess
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_play import BTS, CVCORE, GAME, REPO, SAVES, SHARED, python_answers_table  # noqa: E402

TURNS = int(os.environ.get("CVVISION_AB_TURNS", "20"))
# Every shared save of unmodified BTS 3.19 but survivor-6-wildcard, whose game has 158 buildings
# (a mod's XML: read-save refuses it with BTS's rules, naming CvMap::read).
BTS_SAVES = ["Brennus-BC-4000-2", "Play_By_Email", "churchill-random-roll", "Gandhi-culture-win-t331", "sillyman",
             "unexplained/finished-game"]
SMALL = "Brennus-BC-4000-2"

pytestmark = [pytest.mark.skipif(not os.path.isdir(BTS), reason="../shared/data's BTS tree is absent"),
              pytest.mark.skipif(shutil.which("clang++") is None, reason="clang++ is not installed (make setup)")]


def save_path(name):
    return os.path.join(SAVES, name + ".CivBeyondSwordSave")


PBMOD_TREE = os.path.join(SHARED, "sdk", "pbmod-v10", "CvGameCoreDLL")
PBMOD_ASSETS = os.path.join(SHARED, "civ4", "mods", "pbmod-v10", "Assets")
PBMOD_SAVE = "mods/pbmod-v10-Example_v10"


def ab(name, work, *extra, turns=TURNS, tree=BTS):
    env = dict(os.environ)
    env.setdefault("CVVISION_HOST_CACHE", os.path.join("/tmp", "cvvision-host-tests"))
    done = subprocess.run([CVCORE, "ab", save_path(name), "--sdk", tree, "--game", GAME, "--turns", str(turns),
                           "--work", str(work), "--json", "--quiet"] + list(extra),
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    assert done.returncode in (0, 1), done.stderr.decode()[-3000:]
    report = json.loads(done.stdout)
    assert (done.returncode == 0) == report["same"]
    return report


@pytest.mark.parametrize("name", BTS_SAVES)
@pytest.mark.parametrize("ledger", [False, True], ids=["default", "ledger"])
def test_the_tree_with_cvvision_plays_the_same_game(name, ledger, tmp_path):
    report = ab(name, tmp_path, *(["--define", "CVVISION_LEDGER=1"] if ledger else []))
    assert report["same"], "%s: %s" % (name, report["difference"])
    assert report["turns"], "%s: no turn was played (the game is over)" % name


def play_twice(name, tmp_path, tree=BTS, extra=()):
    env = dict(os.environ)
    env.setdefault("CVVISION_HOST_CACHE", os.path.join("/tmp", "cvvision-host-tests"))
    runs = []
    for run in ("first", "second"):
        folder = tmp_path / run
        done = subprocess.run([CVCORE, "play", save_path(name), "--sdk", tree, "--game", GAME, "--turns", str(TURNS),
                               "--out", str(folder / "end.CivBeyondSwordSave"), "--every", str(folder / "turns"),
                               "--json", "--quiet"] + list(extra), stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        assert done.returncode == 0, done.stderr.decode()[-3000:]
        runs.append(json.loads(done.stdout))
    first, second = runs
    assert [t["turn"] for t in first["turns"]] == [t["turn"] for t in second["turns"]]
    for a, b in zip(first["turns"], second["turns"]):
        with open(a["save"], "rb") as f, open(b["save"], "rb") as g:
            assert f.read() == g.read(), "%s: turn %d differs between two runs of the same tree" % (name, a["turn"])
    return first


@pytest.mark.parametrize("name", BTS_SAVES)
def test_two_runs_of_the_tree_as_it_is_are_the_same(name, tmp_path):
    played = play_twice(name, tmp_path)
    assert len(played["turns"]) == TURNS
    # Every Python function the core called: answered (handled), or the core's default is BTS's.
    table = python_answers_table()
    for call in played["python_calls"]:
        function = call["function"].split(".", 1)[1]
        expected = {"handled"} if call["answered"] == call["calls"] else {"default"}
        assert table.get(function, set()) & expected == expected and (call["answered"] in (0, call["calls"])), call


@pytest.mark.skipif(not os.path.isdir(PBMOD_TREE) or not os.path.isdir(PBMOD_ASSETS),
                    reason="PB Mod's tree or XML is absent from ../shared/data")
@pytest.mark.parametrize("extra", [[], ["--define", "CVVISION_LEDGER=1"]], ids=["default", "ledger"])
def test_pbmods_save_with_its_own_tree_plays_the_same_game(extra, tmp_path):
    """PB Mod v10's pitboss save (53 slots, its open slots human) with PB Mod's own tree and XML."""
    report = ab(PBMOD_SAVE, tmp_path, "--assets", PBMOD_ASSETS, *extra, tree=PBMOD_TREE)
    assert report["same"], report["difference"]
    assert len(report["turns"]) == TURNS


def test_a_knob_that_changes_sight_gives_another_game_named_where(tmp_path):
    report = ab(SMALL, tmp_path, "--define", "CVVISION_OUTER_RING=0", turns=3)
    assert not report["same"]
    assert report["first_turn"] == 1
    assert "the first object that differs: " in report["difference"]
    assert ".visibility[" in report["difference"]  # a plot's count, read through CvPlot's getter


def test_a_mutant_engine_gives_another_game(tmp_path):
    sources = tmp_path / "sources"
    shutil.copytree(os.path.join(REPO, "CvGameCoreDLL"), sources)
    engine = sources / "CvVisionEngine.h"
    text = engine.read_text(encoding="latin-1")
    assert "(iTargetSeeFrom > iViewerLevel)" in text
    engine.write_text(text.replace("(iTargetSeeFrom > iViewerLevel)", "(iTargetSeeFrom >= iViewerLevel)"),
                      encoding="latin-1")
    report = ab(SMALL, tmp_path / "work", "--vision-sources", str(sources), turns=3)
    assert not report["same"]
    assert "the first field that differs" in report["difference"]
