"""`cvcore rules`: the vision rules (CvVisionRules) read by CvVision's own SDK adapter
(CvGameCoreDLL/CvVisionSdkRules.cpp, compiled beside the untouched tree's objects) from the infos
and defines the tree's own XML loader loaded (tools/host/cvhost/vision.py,
tools/host/runtime/CvHostRulesCommand.cpp), and the library's reading of it
(tools/lib/formats/HostRules.h, through tests/host/rules_dump.cpp).

- BTS 3.19's own loaded infos over the game's XML (../shared/data/civ4/game) give exactly the rules
  the project's own XML reader (formats/RulesLoader.h) reads from the same files: every field,
  every list element; the defines the XML reader reads, with the same values; the same file of each
  info class.
- The library reads the host's JSON back to the same rules (rulesFromHostJson), and runs the host
  itself (loadRulesByHost) with the same result.
- A mod's Assets laid over the game's: a changed terrain iSeeFrom, a define and a knob show through,
  read by the tree's getters, and the XML reader agrees.
- K-Mod 1.46, AdvCiv and PB Mod v10 over their own Assets (with CVVISION_HOST_FORKS=1): the same
  rules as the XML reader's over the same folders.
- Bad input: a broken XML file of a mod is a RulesError naming the file and the load step; a tree
  that already holds CvVision's files is refused; AdvCiv gets its own CvVisionSdkCompat.h.

The host program is BTS 3.19's core (built by python.host_trees into $CVVISION_HOST_CACHE) with the
adapter added: a few files compiled once. The dump program is built against the build folder's
libraries ($CVVISION_BUILD_DIR, default build/); the tests that need it skip without them.
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
BTS = os.path.join(SHARED, "sdk", "bts-3.19", "CvGameCoreDLL")
ADVCIV = os.path.join(SHARED, "sdk", "advciv", "CvGameCoreDLL")
CVCORE = os.path.join(REPO, "tools", "host", "cvcore")
GAME_ASSETS = [os.path.join(GAME, "Beyond the Sword", "Assets"), os.path.join(GAME, "Warlords", "Assets"),
               os.path.join(GAME, "Assets")]
sys.path[:0] = [os.path.join(REPO, "tools", "host"), os.path.join(REPO, "tools", "sdk")]

from cvhost import vision  # noqa: E402
from cvhost.errors import BuildStop  # noqa: E402

needs_shared = pytest.mark.skipif(not os.path.isdir(GAME) or not os.path.isdir(BTS),
                                  reason="../shared/data (the game's XML and BTS 3.19's tree) is absent")
needs_clang = pytest.mark.skipif(shutil.which("clang++") is None, reason="clang++ is not installed (make setup)")


def cache():
    return os.environ.get("CVVISION_HOST_CACHE") or os.path.join(tempfile.gettempdir(), "cvvision-host-tests")


def cvcore_rules(tree, assets=None, check=True):
    arguments = [CVCORE, "rules", tree, "--game", GAME, "--quiet"] + (["--assets", assets] if assets else [])
    done = subprocess.run(arguments, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          env=dict(os.environ, CVVISION_HOST_CACHE=cache()))
    if check and done.returncode != 0:
        raise AssertionError("cvcore rules: exit %d\n%s" % (done.returncode, done.stderr.decode()[-3000:]))
    return done


@pytest.fixture(scope="session")
def bts_rules():
    return json.loads(cvcore_rules(BTS).stdout)


@pytest.fixture(scope="session")
def rules_dump(tmp_path_factory):
    build = os.environ.get("CVVISION_BUILD_DIR") or os.path.join(REPO, "build")
    libraries = [os.path.join(build, "tools", "lib", "libcvvision_%s.a" % layer) for layer in ("formats", "model", "support")]
    libraries.append(os.path.join(build, "libcvvision_dll.a"))
    missing = [lib for lib in libraries if not os.path.isfile(lib)]
    if missing or shutil.which("g++") is None:
        pytest.skip("the library is not built (%s)" % ", ".join(missing or ["g++"]))
    program_path = str(tmp_path_factory.mktemp("rules_dump") / "rules_dump")
    done = subprocess.run(["g++", "-std=c++17", "-O1", "-I" + os.path.join(REPO, "tools", "lib"),
                           "-I" + os.path.join(REPO, "CvGameCoreDLL"), os.path.join(HERE, "rules_dump.cpp")]
                          + libraries + ["-ltinyxml2", "-lz", "-o", program_path],
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if done.returncode != 0:
        pytest.skip("the library does not link (a stale build?):\n" + done.stdout.decode()[-2000:])
    return program_path


def dump(program, *arguments, check=True):
    done = subprocess.run([program] + list(arguments), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          env=dict(os.environ, CVVISION_HOST_CACHE=cache(), CVVISION_CVCORE=CVCORE))
    if check:
        assert done.returncode == 0, done.stderr.decode()[-3000:]
        return json.loads(done.stdout)
    return done


def differences(expected, got, where="rules"):
    """Every field that differs, named by its path ("rules.terrains[3] TERRAIN_PEAK.see_from")."""
    if isinstance(expected, dict) and isinstance(got, dict):
        found = ["%s.%s: only in the XML reader's" % (where, k) for k in expected if k not in got]
        found += ["%s.%s: only in the host's" % (where, k) for k in got if k not in expected]
        for k in expected:
            if k in got:
                found += differences(expected[k], got[k], "%s.%s" % (where, k))
        return found
    if isinstance(expected, list) and isinstance(got, list):
        found = [] if len(expected) == len(got) else ["%s: %d against %d" % (where, len(expected), len(got))]
        for i, (a, b) in enumerate(zip(expected, got)):
            name = " " + a["type"] if isinstance(a, dict) and "type" in a else ""
            found += differences(a, b, "%s[%d]%s" % (where, i, name))
        return found
    return [] if expected == got else ["%s: %r against %r" % (where, expected, got)]


def mod_with(tmp_path, files):
    """A mod's Assets: each (path below XML, the game's file it starts from, [(old, new)...])."""
    assets = tmp_path / "Mod" / "Assets"
    for below, changes in files.items():
        source = next(os.path.join(a, "XML", below) for a in GAME_ASSETS if os.path.isfile(os.path.join(a, "XML", below)))
        with open(source, "rb") as f:
            text = f.read()
        for old, new in changes:
            assert text.count(old) >= 1, (below, old)
            text = text.replace(old, new, 1)
        target = assets / "XML" / below
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(text)
    return str(assets)


# --- BTS 3.19 over the game's XML ---------------------------------------------------------------


@needs_shared
@needs_clang
def test_bts_own_loaded_infos_give_the_xml_readers_rules_field_by_field(bts_rules, rules_dump):
    xml = dump(rules_dump, "xml", *GAME_ASSETS)
    assert differences(xml["rules"], bts_rules["rules"]) == []
    # Every field is there: the lists as long as the tree's info counts.
    infos, rules = bts_rules["infos"], bts_rules["rules"]
    assert [len(rules[k]) for k in ("terrains", "features", "routes", "improvements", "techs", "promotions",
                                    "invisible_types", "units")] == [9, 6, 2, 25, 92, 54, 2, 123]
    assert [infos[k] for k in ("Terrain", "Feature", "Route", "Improvement", "Tech", "Promotion", "Invisible",
                               "Unit")] == [9, 6, 2, 25, 92, 54, 2, 123]
    # The values vision depends on, as BTS has them.
    grass, ocean = rules["terrains"][0], rules["terrains"][[t["type"] for t in rules["terrains"]].index("TERRAIN_OCEAN")]
    assert (grass["type"], grass["see_from"], grass["see_through"], ocean["water"]) == ("TERRAIN_GRASS", 1, 1, True)
    assert (rules["levels"]["peak_see_from_change"], rules["ranges"]["recon_visibility"]) == (2, 5)
    optics = rules["techs"][[t["type"] for t in rules["techs"]].index("TECH_OPTICS")]
    assert optics["extra_water_see_from"] is True
    assert rules["routes"][0]["tech_movement_changes"] == [[71, -10]]  # the road with Engineering
    # The defines the XML reader reads are the tree's, with the same values; the tree's hold more
    # (SetPostGlobalsGlobalDefines turns type names into indices).
    tree_defines = bts_rules["integer_defines"]
    assert {k: tree_defines.get(k) for k in xml["defines"]} == xml["defines"]
    assert len(tree_defines) > len(xml["defines"])
    assert bts_rules["vision_defines"]["UNIT_VISIBILITY_RANGE"] == 1
    assert bts_rules["vision_defines"]["CVVISION_OUTER_RING"] is None  # BTS has no knob: the default
    assert bts_rules["folders"] == GAME_ASSETS
    assert xml["warnings"] == []


@needs_shared
@needs_clang
def test_the_library_reads_the_hosts_rules_back(bts_rules, rules_dump, tmp_path):
    written = tmp_path / "rules.json"
    written.write_text(json.dumps(bts_rules))
    read = dump(rules_dump, "host-json", str(written), BTS)
    assert differences(bts_rules["rules"], read["rules"]) == []
    assert read["tree"] == BTS and read["folders"] == GAME_ASSETS
    assert read["files_read"] == bts_rules["files_read"] and len(read["files_read"]) > 100
    # each file in the folder it came from: BTS's own GlobalDefines.xml, the base game's GlobalDefinesAlt.xml
    folder_of = dict(zip(read["files_read"], read["file_folders"]))
    assert folder_of[os.path.join(GAME_ASSETS[0], "XML", "GlobalDefines.xml")] == 0
    assert folder_of[os.path.join(GAME_ASSETS[2], "XML", "GlobalDefinesAlt.xml")] == 2
    xml = dump(rules_dump, "xml", *GAME_ASSETS)
    assert read["info_files"] == xml["info_files"]
    assert read["defines"] == bts_rules["integer_defines"] and read["warnings"] == []
    # and through the host itself (loadRulesByHost), with the same result
    assert dump(rules_dump, "host", BTS, GAME) == read


@needs_shared
@needs_clang
def test_a_changed_value_in_a_mods_assets_shows_through(rules_dump, tmp_path):
    assets = mod_with(tmp_path, {
        # TERRAIN_GRASS is the first terrain: its iSeeFrom 1 becomes 4
        "Terrain/CIV4TerrainInfos.xml": [(b"<iSeeFrom>1</iSeeFrom>", b"<iSeeFrom>4</iSeeFrom>")],
        "GlobalDefinesAlt.xml": [(b"</Civ4Defines>", b"\t<Define>\n\t\t<DefineName>RECON_VISIBILITY_RANGE</DefineName>\n"
                                  b"\t\t<iDefineIntVal>7</iDefineIntVal>\n\t</Define>\n"
                                  b"\t<Define>\n\t\t<DefineName>CVVISION_MAX_SIGHT_RANGE</DefineName>\n"
                                  b"\t\t<iDefineIntVal>4</iDefineIntVal>\n\t</Define>\n"
                                  b"\t<Define>\n\t\t<DefineName>CVVISION_SEE_FROM_IMPROVEMENT_FORT</DefineName>\n"
                                  b"\t\t<iDefineIntVal>2</iDefineIntVal>\n\t</Define>\n</Civ4Defines>")],
    })
    host = json.loads(cvcore_rules(BTS, assets).stdout)
    rules = host["rules"]
    assert rules["terrains"][0]["type"] == "TERRAIN_GRASS" and rules["terrains"][0]["see_from"] == 4
    assert rules["terrains"][1]["see_from"] == 1
    assert rules["ranges"]["recon_visibility"] == 7
    assert rules["knobs"]["CVVISION_MAX_SIGHT_RANGE"] == 4
    fort = [i for i in rules["improvements"] if i["type"] == "IMPROVEMENT_FORT"][0]
    assert fort["extra_see_from"] == 2
    assert host["vision_defines"]["CVVISION_SEE_FROM_IMPROVEMENT_FORT"] == 2
    assert host["folders"][0] == assets
    # The XML reader over the same folders agrees, and the library names the mod's file.
    xml = dump(rules_dump, "xml", assets, *GAME_ASSETS)
    assert differences(xml["rules"], rules) == []
    read = dump(rules_dump, "host", BTS, GAME, assets)
    assert read["info_files"]["TerrainInfo"] == "Terrain/CIV4TerrainInfos.xml"
    terrain_file = os.path.join(assets, "XML", "Terrain", "CIV4TerrainInfos.xml")
    assert dict(zip(read["files_read"], read["file_folders"]))[terrain_file] == 0


# --- the forks, each over its own Assets (CVVISION_HOST_FORKS=1: a whole core each) ---------------

FORKS = {"kmod-1.46": "kmod-1.46", "advciv": "advciv", "pbmod-v10": "pbmod-v10"}


@needs_shared
@needs_clang
@pytest.mark.parametrize("tree", sorted(FORKS))
def test_a_forks_own_loaded_infos_give_the_xml_readers_rules(tree, rules_dump):
    if os.environ.get("CVVISION_HOST_FORKS") != "1":
        pytest.skip("a fork's core is another whole build: set CVVISION_HOST_FORKS=1")
    assets = os.path.join(SHARED, "civ4", "mods", FORKS[tree], "Assets")
    host = json.loads(cvcore_rules(os.path.join(SHARED, "sdk", tree, "CvGameCoreDLL"), assets).stdout)
    assert host["folders"][0] == assets and host["message_boxes"] == []
    assert len(host["rules"]["units"]) == host["infos"]["Unit"] > 100
    # these forks load the vision's files as BTS does: the XML reader over the same folders agrees
    xml = dump(rules_dump, "xml", *host["folders"])
    assert differences(xml["rules"], host["rules"]) == []


# --- bad input ----------------------------------------------------------------------------------


@needs_shared
@needs_clang
def test_a_mods_broken_xml_is_a_rules_error_naming_the_file_and_the_step(rules_dump, tmp_path):
    assets = mod_with(tmp_path, {"Terrain/CIV4TerrainInfos.xml": [(b"<iSeeFrom>1</iSeeFrom>", b"<iSeeFrom>1</iSeeFr>")]})
    done = cvcore_rules(BTS, assets, check=False)
    assert done.returncode == 1
    data = json.loads(done.stdout)
    assert data["rules"] is None
    assert any("CIV4TerrainInfos.xml:" in box for box in data["message_boxes"]), data["message_boxes"]
    failed = dump(rules_dump, "host", BTS, GAME, assets, check=False)
    assert failed.returncode == 1
    message = failed.stderr.decode()
    assert "the tree's own XML load stopped in LoadPreMenuGlobals" in message, message
    assert "CIV4TerrainInfos.xml:" in message and BTS in message


@needs_shared
@needs_clang
def test_bad_host_json_is_a_rules_error(rules_dump, bts_rules, tmp_path):
    cases = {
        "not json": (b"{\"steps\": [", "line 1"),
        "a range the engine cannot take": (json.dumps(dict(bts_rules, rules=dict(
            bts_rules["rules"], ranges=dict(bts_rules["rules"]["ranges"], unit_visibility=99)))).encode(),
            "rules.ranges.unit_visibility: 99 is out of range (0..32)"),
        "a list shorter than the tree's count": (json.dumps(dict(bts_rules, rules=dict(
            bts_rules["rules"], units=bts_rules["rules"]["units"][:5]))).encode(),
            "rules.units: 5 entries, where the tree loaded 123 Unit infos"),
    }
    for name, (text, expected) in cases.items():
        path = tmp_path / ("%s.json" % name.replace(" ", "-"))
        path.write_bytes(text)
        done = dump(rules_dump, "host-json", str(path), BTS, check=False)
        assert done.returncode == 1, name
        assert expected in done.stderr.decode(), (name, done.stderr.decode())


def test_a_tree_holding_cvvisions_files_is_refused(tmp_path):
    tree = tmp_path / "CvGameCoreDLL"
    tree.mkdir()
    (tree / "CvGameCoreDLL.h").write_text("#pragma once\n")
    shutil.copy(os.path.join(vision.dll_sources(), "CvVisionRules.h"), str(tree / "CvVisionRules.h"))
    with pytest.raises(BuildStop) as stop:
        vision.adapter(str(tree), str(tmp_path / "base"))
    assert "already holds CvVision's own CvVisionRules.h" in str(stop.value)


@pytest.mark.skipif(not os.path.isdir(ADVCIV), reason="../shared/data/sdk/advciv is absent")
def test_advciv_gets_its_own_compat_header(tmp_path):
    found = vision.adapter(ADVCIV, str(tmp_path))
    assert sorted(found.units) == sorted(vision.ADAPTER_UNITS)
    with open(os.path.join(found.folder, vision.COMPAT_HEADER)) as f:
        compat = f.read()
    assert "GC.getMap()" in compat and "getMapINLINE" not in compat
    assert '#include "CvInfos.h"' not in compat and '#include "CvInfo_Terrain.h"' in compat
    # written once per content: a second call finds the same folder
    assert vision.adapter(ADVCIV, str(tmp_path)).folder == found.folder
