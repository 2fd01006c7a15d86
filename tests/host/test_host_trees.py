"""A real tree's whole core on the host, as a modder runs it (`tools/host/cvcore`): compiled,
linked, and its own XML loader run over the game's XML (../shared/data/civ4/game), with a mod's
Assets first. Bad input: a broken XML file of a mod, missing folders, a tree that does not compile.

The builds go to $CVVISION_HOST_CACHE (CTest: build/host-cache), cached by content, so a second run
compiles nothing. Skipped when ../shared/data is absent.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
SHARED = os.path.join(os.path.dirname(REPO), "shared", "data")
GAME = os.path.join(SHARED, "civ4", "game")
CVCORE = os.path.join(REPO, "tools", "host", "cvcore")
sys.path[:0] = [os.path.join(REPO, "tools", "host"), os.path.join(REPO, "tools", "sdk")]

from cvhost import core  # noqa: E402
from cvhost.errors import BuildStop  # noqa: E402

needs_shared = pytest.mark.skipif(not os.path.isdir(GAME), reason="../shared/data/civ4/game is absent")
needs_clang = pytest.mark.skipif(shutil.which("clang++") is None, reason="clang++ is not installed (make setup)")


def cache():
    return os.environ.get("CVVISION_HOST_CACHE") or os.path.join(tempfile.gettempdir(), "cvvision-host-tests")


def cvcore(*arguments, check=True):
    env = dict(os.environ, CVVISION_HOST_CACHE=cache())
    done = subprocess.run([CVCORE] + list(arguments), stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    if check and done.returncode != 0:
        raise AssertionError("cvcore %s: exit %d\n%s" % (" ".join(arguments), done.returncode,
                                                           done.stderr.decode()[-3000:]))
    return done


def tree(name):
    return os.path.join(SHARED, "sdk", name, "CvGameCoreDLL")


# --- BTS 3.19 ----------------------------------------------------------------------------------


@needs_shared
@needs_clang
def test_bts_loads_the_games_xml_through_its_own_loader():
    done = cvcore("load-xml", tree("bts-3.19"), "--game", GAME, "--json", "--quiet")
    data = json.loads(done.stdout)
    assert [s["name"] for s in data["steps"] if not s["ok"]] == []
    assert data["message_boxes"] == []
    infos = data["infos"]
    # The game's own type orders (the saves' indices): counts as BTS 3.19's XML has them.
    assert (infos["Unit"], infos["Promotion"], infos["Tech"], infos["Terrain"], infos["Feature"]) == (123, 54, 92, 9, 6)
    assert (infos["Improvement"], infos["Route"], infos["Invisible"], infos["Building"]) == (25, 2, 2, 159)
    defines = data["defines"]
    assert (defines["SAVE_VERSION"], defines["UNIT_VISIBILITY_RANGE"], defines["RECON_VISIBILITY_RANGE"]) == (302, 1, 5)
    assert (defines["PEAK_SEE_THROUGH_CHANGE"], defines["HILLS_SEE_FROM_CHANGE"], defines["MOVE_DENOMINATOR"]) == (2, 1, 60)
    assert data["text_keys"] > 10000
    # The executable's methods the load reached are stand-ins' answers, each named and counted.
    assert data["executable_calls"]["CvDLLUtilityIFaceBase::getCurrentLanguage() const"] > 0


@needs_shared
@needs_clang
def test_a_second_build_compiles_nothing():
    cvcore("build", tree("bts-3.19"), "--quiet")
    done = cvcore("build", tree("bts-3.19"))
    assert ", 0 compiled now;" in done.stderr.decode()
    assert os.access(done.stdout.decode().strip(), os.X_OK)


@needs_shared
@needs_clang
def test_the_summary_names_what_was_loaded():
    out = cvcore("load-xml", tree("bts-3.19"), "--game", GAME, "--quiet").stdout.decode()
    assert "load steps: 8, all done" in out
    assert "Unit 123" in out and "Promotion 54" in out
    assert "message boxes: 0" in out


@needs_shared
@needs_clang
def test_a_mods_broken_xml_file_is_named_with_its_line(tmp_path):
    mod = tmp_path / "Broken"
    xml = mod / "Assets" / "XML"
    xml.mkdir(parents=True)
    with open(os.path.join(GAME, "Assets", "XML", "GlobalDefines.xml"), "rb") as f:
        text = f.read()
    lines = text.split(b"\n")
    lines[10] = lines[10] + b"<Define><DefineName>BROKEN"  # an element never closed
    (xml / "GlobalDefines.xml").write_bytes(b"\n".join(lines))
    done = cvcore("load-xml", tree("bts-3.19"), "--game", GAME, "--assets", str(mod / "Assets"), "--json", "--quiet",
                  check=False)
    assert done.returncode == 1
    data = json.loads(done.stdout)
    assert any("GlobalDefines.xml:" in box for box in data["message_boxes"]), data["message_boxes"]


@needs_shared
@needs_clang
def test_missing_folders_are_named(tmp_path):
    done = cvcore("load-xml", tree("bts-3.19"), "--game", str(tmp_path / "nowhere"), check=False)
    assert done.returncode == 1
    assert "nowhere: no such folder" in done.stderr.decode()
    done = cvcore("load-xml", str(tmp_path / "no-tree"), "--game", GAME, check=False)
    assert done.returncode == 1
    assert "no-tree: no such folder" in done.stderr.decode()


# --- a tree that does not compile: a small made-up tree, the stop names file, line, construct ---

FAKE_HEADERS = {
    "CvGameCoreDLL.h": "#pragma once\n#include <windows.h>\nclass FDataStreamBase;\n",
    "CvDLLUtilityIFaceBase.h": "#pragma once\nclass CvDLLUtilityIFaceBase {\npublic:\n\tvirtual void* newMem(size_t n) = 0;\n};\n",
    "FDataStreamBase.h": "#pragma once\nclass FDataStreamBase {\npublic:\n\tvirtual void Rewind() = 0;\n};\n",
}


@needs_clang
def test_an_error_no_rewrite_takes_stops_the_build_naming_file_line_and_construct(tmp_path):
    source = tmp_path / "CvGameCoreDLL"
    source.mkdir()
    for name, text in FAKE_HEADERS.items():
        (source / name).write_text(text)
    (source / "CvFine.cpp").write_text('#include "CvGameCoreDLL.h"\nint fine() { return 1; }\n')
    (source / "CvBroken.cpp").write_text('#include "CvGameCoreDLL.h"\nint broken() {\n\treturn undeclared_thing;\n}\n')
    python = os.path.join(tmp_path, "python")
    os.makedirs(python)
    (tmp_path / "python" / "pyconfig.h").write_text("")
    files = core.CoreFiles(str(source), str(tmp_path), python, ["NDEBUG"], ["CvBroken.cpp", "CvFine.cpp"])
    with pytest.raises(BuildStop) as stop:
        core.build(files, str(tmp_path / "cache"), jobs=2, quiet=True)
    message = str(stop.value)
    assert "CvBroken.cpp:3:9: use of undeclared identifier 'undeclared_thing'" in message
    assert "no rewrite takes" in message
    # The modder's tree is untouched.
    assert (source / "CvBroken.cpp").read_text().count("undeclared_thing") == 1


# --- the other shared trees (CVVISION_HOST_FORKS=1, `make trees`: a whole core each) -----------------

FORKS = {  # tree: (its Assets below ../shared/data/civ4/mods, what its load gives)
    "kmod-1.46": ("kmod-1.46", "loads"),
    "advciv": ("advciv", "loads"),
    "pbmod-v10": ("pbmod-v10", "loads"),
    # three of its files are missing upstream: BTS's leader heads are read in their place
    "realism-invictus": ("realism-invictus", "stops"),
    "romand": (None, "builds"),  # its XML is not public
}


@needs_shared
@needs_clang
@pytest.mark.parametrize("name", sorted(FORKS))
def test_a_forks_core_builds_and_loads_its_own_xml(name):
    if os.environ.get("CVVISION_HOST_FORKS") != "1":
        pytest.skip("a fork's core is another whole build: set CVVISION_HOST_FORKS=1")
    if not os.path.isdir(tree(name)):
        pytest.skip("../shared/data/sdk/%s is absent" % name)
    mod, outcome = FORKS[name]
    cvcore("build", tree(name), "--quiet")
    if outcome == "builds":
        return
    assets = os.path.join(SHARED, "civ4", "mods", mod, "Assets")
    done = cvcore("load-xml", tree(name), "--game", GAME, "--assets", assets, check=False)
    out, errors = done.stdout.decode(), done.stderr.decode()
    if outcome == "loads":
        assert done.returncode == 0, errors[-3000:]
        assert "load steps: 8, all done" in out and "message boxes: 0" in out, out
    else:
        # the crash names the step and the message box that came before it, which says why
        assert done.returncode != 0
        assert "the core crashed" in errors and "in LoadPreMenuGlobals; after the message box" in errors, errors[-2000:]
        assert "CIV4LeaderHeadInfos.xml" in errors, errors[-2000:]
