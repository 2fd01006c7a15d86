"""The Python module `cvvision` (tools/PyCvVision.cpp): every function, its errors, and the
end-to-end session script (tests/python/python_session_example.py).

The module is found through CVVISION_PYTHON_DIR (CTest sets it; the import must then work),
otherwise in build/python (skipped when absent). Tests on ../shared/data are skipped without it.
"""
import os
import struct
import subprocess
import sys

import pytest

from module_under_test import ROOT, cvvision

HERE = os.path.dirname(os.path.abspath(__file__))

SHARED_DATA = os.path.join(ROOT, "..", "shared", "data")
TUTORIAL1 = os.path.join(SHARED_DATA, "civ4", "maps", "tutorial1.CivBeyondSwordWBSave")
SAMPLE = os.path.join(ROOT, "PublicMaps", "CvVision_Sample.CivBeyondSwordWBSave")
GOLDEN = os.path.join(ROOT, "tests", "cli", "fixtures")
VANILLA = os.path.join(ROOT, "tools", "data", "vanilla", "Assets")
EXAMPLE = os.path.join(HERE, "python_session_example.py")
needs_shared = pytest.mark.skipif(not os.path.exists(TUTORIAL1), reason="../shared/data is absent")

KNOBS_BTS = {
    "CVVISION_OUTER_RING": 1, "CVVISION_OUTER_RING_AS_INNER": 0, "CVVISION_WATER_SEE_THROUGH_DEFINE": 0,
    "CVVISION_EXTRA_WATER_SEE_FROM": 1, "CVVISION_FACING_FAR_SPREAD": 60, "CVVISION_FACING_NEAR_SPREAD": 90,
    "CVVISION_LINE_OF_SIGHT_REVEAL": 1, "CVVISION_MAX_SIGHT_RANGE": -1, "CVVISION_AUDIT_ON_LOAD": 0,
    "CVVISION_LEDGER": 0, "CVVISION_PATH_UNKNOWN_PLOTS": 0, "CVVISION_PATH_CLOSED_BORDERS": 1,
    "CVVISION_SIGHT_MODEL": 0,
}


def square(cx, cy, r):
    return sorted((x, y) for x in range(cx - r, cx + r + 1) for y in range(cy - r, cy + r + 1))


def same_paths(got, wanted):
    return [os.path.realpath(p) for p in got] == [os.path.realpath(p) for p in wanted]


def golden(name):
    with open(os.path.join(GOLDEN, name), encoding="utf-8") as f:
        return f.read()


def mod_folder(tmp_path, defines, name="CvVision_GlobalDefines.xml", raw=None):
    """A throw-away mod Assets folder whose XML/NAME sets the defines (or holds raw text)."""
    xml = tmp_path / "Mod" / "Assets" / "XML"
    xml.mkdir(parents=True)
    body = "".join(f"\t<Define>\n\t\t<DefineName>{k}</DefineName>\n\t\t<iDefineIntVal>{v}</iDefineIntVal>\n\t</Define>\n"
                   for k, v in defines.items())
    text = raw if raw is not None else (
        '<?xml version="1.0"?>\n<Civ4Defines xmlns="x-schema:CIV4GlobalDefinesSchema.xml">\n' + body + "</Civ4Defines>\n")
    (xml / name).write_text(text)
    return tmp_path / "Mod" / "Assets"


def map_text(plots, teams=1, width=3, height=2):
    """A small WorldBuilder map with `teams` civ teams (one player each) and the given plot blocks."""
    out = ["Version=11", "BeginGame", "EndGame"]
    for t in range(teams):
        out += ["BeginTeam", f"\tTeamID={t}", "EndTeam"]
    for t in range(teams):
        out += ["BeginPlayer", f"\tTeam={t}", "\tLeaderType=LEADER_X", "EndPlayer"]
    out += ["BeginMap", f"\tgrid width={width}", f"\tgrid height={height}", "\twrap X=0", "\twrap Y=0", "EndMap"]
    return "\n".join(out) + "\n" + plots


def plot_block(x, y, body="\tTerrainType=TERRAIN_GRASS\n\tPlotType=2\n"):
    return f"BeginPlot\n\tx={x},y={y}\n{body}EndPlot\n"


@pytest.fixture
def rules():
    return cvvision.Rules.vanilla()


@pytest.fixture
def world(rules):
    """11x11 flat grassland, two teams, no sources."""
    return cvvision.World(rules, 11, 11)


# --- the module ------------------------------------------------------------------------------


def test_everything_has_a_docstring():
    assert "Beyond the Sword" in cvvision.__doc__
    assert issubclass(cvvision.FileError, OSError) and cvvision.FileError.__doc__
    assert cvvision.MAX_RANGE == 32
    for cls in (cvvision.Rules, cvvision.World):
        assert cls.__doc__
        for name, member in vars(cls).items():
            if not name.startswith("_") and (callable(member) or isinstance(member, property)):
                assert getattr(cls, name).__doc__ or member.__doc__, f"{cls.__name__}.{name} has no docstring"
    assert "from_xy" in cvvision.World.explain.__doc__


# --- Rules -----------------------------------------------------------------------------------


def test_vanilla_rules(rules):
    assert (rules.unit_visibility_range, rules.plot_visibility_range, rules.recon_visibility_range) == (1, 1, 5)
    assert rules.resight_radius == 3
    assert rules.terrains[0] == "TERRAIN_GRASS" and "TERRAIN_OCEAN" in rules.terrains
    assert "FEATURE_FOREST" in rules.features
    assert "IMPROVEMENT_FORT" in rules.improvements
    assert rules.units[:2] == ["UNIT_LION", "UNIT_BEAR"]  # the game's own order: saves store indices
    assert "PROMOTION_SENTRY" in rules.promotions
    assert "TECH_OPTICS" in rules.techs
    assert rules.invisible_types == ["INVISIBLE_SUBMARINE", "INVISIBLE_STEALTH"]
    assert rules.knobs == KNOBS_BTS
    assert all(rules.knob(name) == value for name, value in KNOBS_BTS.items())
    assert rules.knob("CVVISION_SEE_FROM_IMPROVEMENT_FORT") == 0
    assert rules.knob("CVVISION_EXTRA_RANGE_UNIT_SCOUT") == 0
    assert rules.defines["UNIT_VISIBILITY_RANGE"] == 1
    assert isinstance(rules.warnings, list)
    assert any(f.endswith("GlobalDefines.xml") for f in rules.files_read)
    assert same_paths(rules.folders, [VANILLA])
    assert "cvvision.Rules" in repr(rules)


def test_default_rules_are_the_project_assets_over_vanilla():
    default = cvvision.Rules.default()
    assert same_paths(default.folders, [os.path.join(ROOT, "Assets"), VANILLA])
    assert default.knobs == KNOBS_BTS
    assert default.units == cvvision.Rules.vanilla().units


def test_load_takes_a_list_of_paths_a_pathlike_or_one_folder(rules):
    import pathlib
    for folders in ([VANILLA], [pathlib.Path(VANILLA)], VANILLA, pathlib.Path(VANILLA), (VANILLA,)):
        loaded = cvvision.Rules.load(folders)
        assert loaded.units == rules.units and loaded.knobs == rules.knobs


def test_a_mod_folder_overrides_knobs(tmp_path):
    mod = mod_folder(tmp_path, {"CVVISION_OUTER_RING": 0, "CVVISION_EXTRA_RANGE_UNIT_SCOUT": 1,
                                "CVVISION_SEE_FROM_IMPROVEMENT_FORT": 1})
    rules = cvvision.Rules.load([str(mod), VANILLA])
    assert rules.knob("CVVISION_OUTER_RING") == 0
    assert rules.knob("CVVISION_EXTRA_RANGE_UNIT_SCOUT") == 1
    assert rules.knob("CVVISION_SEE_FROM_IMPROVEMENT_FORT") == 1
    assert rules.knobs["CVVISION_OUTER_RING"] == 0
    world = cvvision.World(rules, 11, 11)
    scout = world.create_unit("UNIT_SCOUT", 0, 5, 5)
    assert world.units()[0]["range"] == 2
    assert world.visible_plots(0) == square(5, 5, 2)
    # a fort lifts the viewer standing on it
    world.set_plot(5, 5, "hills")
    warrior = world.create_unit("UNIT_WARRIOR", 1, 1, 1)
    assert world.seeFromLevel(1, 1, 1) == 1
    world.set_improvement(1, 1, "IMPROVEMENT_FORT")
    assert world.seeFromLevel(1, 1, 1) == 2
    assert world.plot_info(1, 1)["improvement"] == "IMPROVEMENT_FORT"
    world.kill_unit(scout)
    world.kill_unit(warrior)
    assert world.counts() == [] and world.audit() == []


def test_rules_errors(tmp_path):
    with pytest.raises(cvvision.FileError, match="/nonexistent: no such folder") as error:
        cvvision.Rules.load(["/nonexistent"])
    assert isinstance(error.value, OSError)
    broken = mod_folder(tmp_path, {}, raw="<Civ4Defines>\n<Define>\n</Civ4Defines>\n")
    with pytest.raises(cvvision.FileError, match=r"CvVision_GlobalDefines\.xml:\d+: malformed XML"):
        cvvision.Rules.load([broken, VANILLA])
    with pytest.raises(ValueError, match="at least one Assets folder"):
        cvvision.Rules.load([])
    with pytest.raises(TypeError):
        cvvision.Rules.load([42])


def test_rules_knob_errors(tmp_path, rules):
    with pytest.raises(ValueError, match="unknown knob 'CVVISION_OUTER_RNIG'.*CVVISION_OUTER_RING"):
        rules.knob("CVVISION_OUTER_RNIG")
    with pytest.raises(ValueError, match="no improvement type 'IMPROVEMENT_TOWER'"):
        rules.knob("CVVISION_SEE_FROM_IMPROVEMENT_TOWER")
    with pytest.raises(ValueError, match="no unit type 'UNIT_DRAGON'"):
        rules.knob("CVVISION_EXTRA_RANGE_UNIT_DRAGON")
    out_of_limits = mod_folder(tmp_path, {"CVVISION_OUTER_RING": 7})
    with pytest.raises(cvvision.FileError, match=r"CvVision_GlobalDefines\.xml:\d+:.*CVVISION_OUTER_RING"):
        cvvision.Rules.load([out_of_limits, VANILLA])


# --- a world from scratch ------------------------------------------------------------------------


def test_a_new_world(rules, world):
    assert (world.width, world.height, world.wrap_x, world.wrap_y, world.teams) == (11, 11, False, False, 2)
    assert world.rules.units == rules.units
    assert world.path is None and world.warnings == []
    assert world.units() == [] and world.counts() == []
    assert repr(world) == "<cvvision.World 11x11, 2 teams, 0 units>"
    assert world.plot_info(3, 4) == {"x": 3, "y": 4, "plot_type": "flat", "terrain": "TERRAIN_GRASS", "feature": None,
                                     "improvement": None, "owner": None, "city": False, "see_through": 1}
    wrapped = cvvision.World(rules, 6, 5, wrap_x=True, wrap_y=True, teams=4)
    assert (wrapped.wrap_x, wrapped.wrap_y, wrapped.teams) == (True, True, 4)
    unit = wrapped.create_unit("UNIT_WARRIOR", 3, 0, 0)
    assert wrapped.unit_sees(unit) == sorted([(x % 6, y % 5) for x in (-1, 0, 1) for y in (-1, 0, 1)])
    assert cvvision.World(None, 3, 3).rules.folders == cvvision.Rules.default().folders


def test_a_warrior_sees_its_square_and_more_from_hills(world):
    unit = world.create_unit("UNIT_WARRIOR", 0, 5, 5)
    assert world.visible_plots(0) == square(5, 5, 1)
    assert world.visible_plots(1) == []
    assert world.isVisible(6, 6, 0) and not world.isVisible(7, 5, 0) and not world.isVisible(5, 5, 1)
    assert world.getVisibilityCount(5, 5, 0) == 1
    world.set_plot(5, 5, "hills")
    assert world.seeFromLevel(5, 5, 0) == 2 and world.seeThroughLevel(5, 5) == 2
    assert world.visible_plots(0) == square(5, 5, 2)
    assert world.unit_sees(unit) == square(5, 5, 2)
    world.set_plot(6, 5, "flat", feature="FEATURE_FOREST")  # a forest hides what lies behind it
    assert world.seeThroughLevel(6, 5) == 2
    assert not world.isVisible(7, 5, 0) and world.isVisible(6, 5, 0)
    assert world.plot_info(6, 5)["feature"] == "FEATURE_FOREST"
    world.set_plot(6, 5)  # back to flat grassland without a feature
    assert world.isVisible(7, 5, 0) and world.plot_info(6, 5)["feature"] is None


def test_plot_types_by_name_number_and_civ4_name(world):
    for value, kind in (("peak", "peak"), (0, "peak"), ("hills", "hills"), (1, "hills"), ("PLOT_LAND", "flat"), (2, "flat"),
                        ("water", "water"), (3, "water"), ("PLOT_OCEAN", "water"), ("flat", "flat")):
        world.set_plot(2, 2, value, terrain="TERRAIN_OCEAN" if kind == "water" else "TERRAIN_GRASS")
        assert world.plot_info(2, 2)["plot_type"] == kind
    assert world.plot_info(2, 2)["terrain"] == "TERRAIN_GRASS"
    world.set_plot(2, 2, "water", "TERRAIN_OCEAN")
    assert world.plot_info(2, 2)["terrain"] == "TERRAIN_OCEAN"
    assert world.seeThroughLevel(2, 2) == 0


def test_moving_and_killing_leaves_the_fog(world):
    unit = world.create_unit("UNIT_WARRIOR", 0, 2, 2)
    world.move_unit(unit, 8, 8)
    assert world.visible_plots(0) == square(8, 8, 1)
    assert not world.isVisible(2, 2, 0) and world.isRevealed(2, 2, 0)
    assert not world.isRevealed(5, 5, 0)
    assert world.units()[0]["x"] == 8 and world.units()[0]["y"] == 8
    world.kill_unit(unit)
    assert world.units() == [] and world.visible_plots(0) == []
    assert world.isRevealed(8, 8, 0) and not world.isRevealed(8, 8, 1)
    assert world.audit() == []


def test_units_describe_themselves(world):
    a = world.create_unit("UNIT_WARRIOR", 0, 1, 1)
    b = world.create_unit("UNIT_GALLEY", 1, 9, 9, facing="east")
    assert (a, b) == (0, 1)
    assert world.units() == [
        {"id": 0, "type": "UNIT_WARRIOR", "team": 0, "x": 1, "y": 1, "facing": 4, "promotions": [], "range": 1, "recon": None},
        {"id": 1, "type": "UNIT_GALLEY", "team": 1, "x": 9, "y": 9, "facing": 2, "promotions": [], "range": 1, "recon": None},
    ]
    world.set_facing(a, 0)
    world.set_facing(b, "DIRECTION_NORTHWEST")
    assert [u["facing"] for u in world.units()] == [0, 7]
    assert world.audit() == []


def test_promotions_change_the_range(world):
    unit = world.create_unit("UNIT_WARRIOR", 0, 5, 5)
    world.set_promotion(unit, "PROMOTION_SENTRY")
    world.set_promotion(unit, "PROMOTION_SENTRY", True)  # twice is once
    assert world.units()[0]["promotions"] == ["PROMOTION_SENTRY"] and world.units()[0]["range"] == 2
    assert world.visible_plots(0) == square(5, 5, 2)
    world.set_promotion(unit, "PROMOTION_SENTRY", has=False)
    assert world.visible_plots(0) == square(5, 5, 1)


def test_owned_plots_cities_vassals_and_espionage(world):
    world.set_owner(2, 2, 1)
    assert world.visible_plots(1) == square(2, 2, 1) and world.plot_info(2, 2)["owner"] == 1
    world.set_city(2, 2, True)
    assert world.plot_info(2, 2)["city"] is True
    assert world.visible_plots(0) == []
    world.set_master(1, 0)  # the master sees its vassal's cities
    assert world.visible_plots(0) == square(2, 2, 1)
    world.set_master(1, None)
    assert world.visible_plots(0) == []
    world.set_espionage(0, 2, 2)
    assert world.visible_plots(0) == square(2, 2, 1)
    world.set_espionage(0, 2, 2, False)
    world.set_city(2, 2, False)
    world.set_owner(2, 2, None)
    assert world.counts() == [] and world.audit() == []
    world.set_owner(3, 3, 0)
    world.set_owner(3, 3, -1)
    assert world.counts() == []


def test_optics_raises_the_see_from_of_water(world):
    for x in range(11):
        for y in range(11):
            world.set_plot(x, y, "water", "TERRAIN_OCEAN")
    galley = world.create_unit("UNIT_GALLEY", 0, 5, 5)
    assert world.seeFromLevel(5, 5, 0) == 0 and not world.has_tech(0, "TECH_OPTICS")
    world.set_has_tech(0, "TECH_OPTICS")
    world.set_has_tech(0, "TECH_OPTICS", True)  # twice is once
    assert world.has_tech(0, "TECH_OPTICS") and world.seeFromLevel(5, 5, 0) == 1 and world.seeFromLevel(5, 5, 1) == 0
    assert world.visible_plots(0) == square(5, 5, 2)  # above the water around it: the outer ring shows
    world.set_has_tech(0, "TECH_OPTICS", has=False)
    assert world.seeFromLevel(5, 5, 0) == 0 and world.unit_sees(galley) == square(5, 5, 1)
    world.set_has_tech(1, "TECH_MINING")  # not a water tech: known, no change of sight
    assert world.has_tech(1, "TECH_MINING") and world.audit() == []


def sea_world(rules):
    world = cvvision.World(rules, 11, 11)
    for x in range(3, 8):
        for y in range(3, 8):
            world.set_plot(x, y, "water", "TERRAIN_OCEAN")
    return world


def test_invisible_counts(rules):
    world = sea_world(rules)
    world.create_unit("UNIT_DESTROYER", 0, 5, 5)
    world.create_unit("UNIT_STEALTH_DESTROYER", 1, 5, 5)
    assert world.getInvisibleVisibilityCount(5, 6, 0, "INVISIBLE_SUBMARINE") == 1
    assert world.getInvisibleVisibilityCount(5, 6, 0, 0) == 1
    assert world.getInvisibleVisibilityCount(5, 6, 0, "INVISIBLE_STEALTH") == 0
    # BTS's stealth destroyer sees other stealth ships, not submarines (the finished game's counts)
    assert world.getInvisibleVisibilityCount(5, 6, 1, "INVISIBLE_STEALTH") == 1
    assert world.getInvisibleVisibilityCount(5, 6, 1, "INVISIBLE_SUBMARINE") == 0
    assert world.getVisibilityCount(5, 6, 1) == 1
    assert world.getInvisibleVisibilityCount(0, 0, 0, 0) == 0


def test_an_icbm_sees_as_a_ground_unit(world):
    # BTS's ICBM is DOMAIN_IMMOBILE: no air unit's plain square, so from hills it sees the outer
    # ring as a tank does (the finished game's stored counts; docs/command-line.md, saved games)
    world.set_plot(5, 5, "hills")
    icbm = world.create_unit("UNIT_ICBM", 0, 5, 5)
    nuke = world.create_unit("UNIT_TACTICAL_NUKE", 1, 5, 5)
    tank = world.create_unit("UNIT_TANK", 1, 5, 5)
    assert len(world.unit_sees(icbm)) == 25
    assert world.unit_sees(icbm) == world.unit_sees(tank)
    assert len(world.unit_sees(nuke)) == 9


def test_the_plain_count_moves_once_per_see_invisible_type(tmp_path):
    units = tmp_path / "Mod" / "Assets" / "XML" / "Units"
    units.mkdir(parents=True)
    text = open(os.path.join(VANILLA, "XML", "Units", "CIV4UnitInfos.xml"), encoding="latin-1").read()
    at = text.index("<Type>UNIT_STEALTH_DESTROYER</Type>")
    end = text.index("</UnitInfo>", at)
    sees_both = text[at:end].replace("<SeeInvisible>INVISIBLE_STEALTH<", "<SeeInvisible>INVISIBLE_SUBMARINE,INVISIBLE_STEALTH<")
    assert sees_both != text[at:end]
    (units / "CIV4UnitInfos.xml").write_text(text[:at] + sees_both + text[end:], encoding="latin-1")
    world = sea_world(cvvision.Rules.load([str(tmp_path / "Mod" / "Assets"), VANILLA]))
    world.create_unit("UNIT_STEALTH_DESTROYER", 1, 5, 5)  # a mod's, seeing both types
    assert world.getInvisibleVisibilityCount(5, 6, 1, 0) == 1
    assert world.getInvisibleVisibilityCount(5, 6, 1, 1) == 1
    assert world.getVisibilityCount(5, 6, 1) == 2  # the plain count moves once per see-invisible type (BTS)


def test_recon_missions(world):
    scout = world.create_unit("UNIT_SCOUT", 0, 0, 0)
    world.set_recon(scout, (7, 6))
    assert world.units()[0]["recon"] == (7, 6)
    corner = {(0, 0), (0, 1), (1, 0), (1, 1)}
    aerial = {(x, y) for x, y in square(7, 6, 5) if 0 <= x < 11 and 0 <= y < 11}  # a plain square, clipped
    assert set(world.visible_plots(0)) == corner | aerial
    world.set_recon(scout, None)
    assert world.units()[0]["recon"] is None and set(world.visible_plots(0)) == corner


def test_counts_agree_with_the_queries(world):
    world.create_unit("UNIT_WARRIOR", 0, 5, 5)
    world.create_unit("UNIT_WARRIOR", 0, 6, 5)
    world.create_unit("UNIT_WARRIOR", 1, 0, 0)
    rows = world.counts()
    assert rows == sorted(rows)
    assert all(world.getVisibilityCount(x, y, t) == n for t, x, y, n in rows)
    assert [(x, y) for t, x, y, n in rows if t == 0] == world.visible_plots(0)
    assert world.counts(team=1) == [r for r in rows if r[0] == 1]
    assert (0, 5, 5, 2) in rows and (0, 4, 5, 1) in rows


def test_explain(world):
    world.set_plot(5, 5, "hills")
    world.set_plot(6, 5, "flat", feature="FEATURE_FOREST")
    world.create_unit("UNIT_WARRIOR", 0, 5, 5)
    seen = world.explain((5, 5), (7, 7))
    assert seen["visible"] is True and seen["range"] == 1
    assert seen["verdict"].startswith("verdict: visible") and seen["report"].endswith(seen["verdict"] + "\n")
    hidden = world.explain([5, 5], (7, 5), team=0)
    assert hidden["visible"] is False and hidden["verdict"].startswith("verdict: not visible")
    assert "(6,5)" in hidden["report"]
    for x, y in square(5, 5, 2):  # the verdict is the engine's: within its square it agrees with the unit's sight
        assert world.explain((5, 5), (x, y))["visible"] == world.isVisible(x, y, 0), (x, y)
    assert world.explain((5, 5), (0, 0))["visible"]  # canSeePlot does not check the range (BTS)
    assert world.explain((0, 0), (2, 0), range=2)["range"] == 2
    assert world.explain((0, 0), (2, 0), team=1)["range"] == 1  # no unit of team 1 there


def test_audit_and_repair(world):
    world.create_unit("UNIT_DESTROYER", 0, 5, 5)
    assert world.audit() == []
    world.corrupt_count(5, 6, 0, 3)
    world.corrupt_count(4, 4, 0, -1, invisible="INVISIBLE_SUBMARINE")
    assert world.getVisibilityCount(5, 6, 0) == 4
    assert sorted(world.audit(), key=lambda d: d["x"]) == [
        {"x": 4, "y": 4, "team": 0, "invisible": "INVISIBLE_SUBMARINE", "stored": 0, "expected": 1},
        {"x": 5, "y": 6, "team": 0, "invisible": None, "stored": 4, "expected": 1},
    ]
    assert world.repair() == 2
    assert world.audit() == [] and world.getVisibilityCount(5, 6, 0) == 1
    assert world.repair() == 0


def test_show_and_render(tmp_path, world):
    import pathlib
    world.create_unit("UNIT_WARRIOR", 0, 5, 5)
    text = world.show()
    assert "team 0 sees 9 plots" in text and "@" in text and "\x1b[" not in text
    assert text.splitlines()[0].startswith("world: 11x11 plots")
    assert "team 1 sees 0 plots" in world.show(1)
    assert "\x1b[" in world.show(0, color=True)
    png = tmp_path / "map.png"
    world.render_png(str(png))
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", data[16:24]) == (11 * 8, 11 * 8)
    world.render_png(pathlib.Path(tmp_path / "team1.png"), team=1)
    html = tmp_path / "map.html"
    world.render_html(html, team=1)
    page = html.read_text()
    assert "<html" in page.lower() and "<canvas" in page.lower() and "UNIT_WARRIOR" in page
    assert sorted(p.name for p in tmp_path.iterdir()) == ["map.html", "map.png", "team1.png"]
    for render in (world.render_png, world.render_html):
        with pytest.raises(cvvision.FileError, match="no-such-dir"):
            render(str(tmp_path / "no-such-dir" / "x.out"))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["map.html", "map.png", "team1.png"]


SAVES = os.path.join(ROOT, "..", "shared", "data", "civ4", "saves")


def test_a_save_gives_the_counts_the_game_stored():
    path = os.path.join(SAVES, "churchill-random-roll.CivBeyondSwordSave")
    if not os.path.exists(path):
        pytest.skip("../shared/data is absent: " + path)
    world = cvvision.World.load_save(path)
    assert (world.width, world.height) == (84, 52)
    assert world.audit() == []
    assert len(world.visible_plots(0)) > 0


def test_a_save_reads_with_its_trees_own_code():
    """sdk and game: the save is read by the tree's own core, compiled behind the host (its build is
    cached: CTest shares BTS's with tests/host)."""
    path = os.path.join(SAVES, "Brennus-BC-4000-2.CivBeyondSwordSave")
    tree = os.path.join(SAVES, "..", "..", "sdk", "bts-3.19", "CvGameCoreDLL")
    game = os.path.join(SAVES, "..", "game")
    if not all(os.path.exists(p) for p in (path, tree, game)):
        pytest.skip("../shared/data is absent: " + path)
    world = cvvision.World.load_save(path, sdk=tree, game=game)
    builtin = cvvision.World.load_save(path)
    assert (world.width, world.height) == (builtin.width, builtin.height)
    assert world.audit() == []
    assert world.visible_plots(0) == builtin.visible_plots(0)
    with pytest.raises(ValueError, match="sdk needs game"):
        cvvision.World.load_save(path, sdk=tree)
    with pytest.raises(cvvision.FileError):
        cvvision.World.load_save(path, sdk=SAVES, game=game)
    # the rules BTS's own loader loads: the XML reader's, over the same folders
    own = cvvision.Rules.load_tree(tree, game)
    folders = [os.path.join(game, f, "Assets") for f in ("Beyond the Sword", "Warlords", "")]
    ours = cvvision.Rules.load([f.rstrip(os.sep) for f in folders])
    assert (own.units, own.terrains, own.promotions, own.techs) == (ours.units, ours.terrains, ours.promotions, ours.techs)
    assert own.knob("CVVISION_OUTER_RING") == ours.knob("CVVISION_OUTER_RING")
    with pytest.raises(ValueError, match="Rules.load_tree"):
        cvvision.Rules.load(folders, sdk=tree)


def test_a_damaged_save_is_a_file_error(tmp_path):
    bad = tmp_path / "bad.CivBeyondSwordSave"
    bad.write_bytes(b"\x2e\x01\x00\x00" + b"\x00" * 10)
    with pytest.raises(cvvision.FileError, match="bad.CivBeyondSwordSave"):
        cvvision.World.load_save(str(bad))


# --- maps --------------------------------------------------------------------------------------


def test_the_sample_map_gives_the_cli_golden_outputs():
    world = cvvision.World.load_map(SAMPLE)
    assert (world.width, world.height, world.teams) == (20, 12, 3)
    assert world.path == SAMPLE and world.warnings == []
    assert repr(world) == "<cvvision.World 20x12, 3 teams, 5 units, CvVision_Sample.CivBeyondSwordWBSave>"
    assert world.show(0) == golden("sample_show_team0.txt")
    assert world.show(team=1) == golden("sample_show_team1.txt")
    assert "".join("%d\t%d\t%d\t%d\n" % row for row in world.counts()) == golden("sample_counts.tsv")
    assert world.explain((8, 7), (11, 7))["report"] == golden("sample_explain_8_7_to_11_7.txt")
    assert world.audit() == []
    assert {u["type"] for u in world.units()} >= {"UNIT_WARRIOR", "UNIT_GALLEY"}
    vanilla = cvvision.World.load_map(SAMPLE, rules=cvvision.Rules.vanilla())
    assert vanilla.counts() == world.counts()


def test_map_errors(tmp_path, rules):
    with pytest.raises(cvvision.FileError, match="nonexistent.CivBeyondSwordWBSave: cannot open the file"):
        cvvision.World.load_map(str(tmp_path / "nonexistent.CivBeyondSwordWBSave"))
    with pytest.raises(cvvision.FileError, match="a folder, not a WorldBuilder map file"):
        cvvision.World.load_map(tmp_path)
    truncated = tmp_path / "truncated.CivBeyondSwordWBSave"
    truncated.write_text(map_text("BeginPlot\n\tx=0,y=0\n"))
    with pytest.raises(cvvision.FileError, match=r"truncated\.CivBeyondSwordWBSave:\d+: the file ends inside the BeginPlot"):
        cvvision.World.load_map(truncated)
    outside = tmp_path / "outside.CivBeyondSwordWBSave"
    outside.write_text(map_text(plot_block(5, 0)))
    with pytest.raises(cvvision.FileError, match=r":\d+: plot \(5,0\) is outside the 3x2 map"):
        cvvision.World.load_map(outside)
    dragon = tmp_path / "dragon.CivBeyondSwordWBSave"
    dragon.write_text(map_text(plot_block(0, 0, "\tTerrainType=TERRAIN_GRASS\n\tPlotType=2\n"
                                                "\tBeginUnit\n\t\tUnitType=UNIT_DRAGON, UnitOwner=0\n\tEndUnit\n")
                               + plot_block(1, 0, "\tTerrainType=TERRAIN_GRASS\n\tPlotType=2\n"
                                                  "\tBeginUnit\n\t\tUnitType=UNIT_SCOUT, UnitOwner=0\n\tEndUnit\n")))
    with pytest.raises(cvvision.FileError, match=r"dragon\.CivBeyondSwordWBSave:\d+: unknown unit 'UNIT_DRAGON'"):
        cvvision.World.load_map(dragon, rules)
    lenient = cvvision.World.load_map(dragon, rules, lenient=True)
    assert len(lenient.warnings) == 1 and "unknown unit 'UNIT_DRAGON'" in lenient.warnings[0]
    assert [u["type"] for u in lenient.units()] == ["UNIT_SCOUT"]
    assert lenient.teams == 2  # one civ team and the barbarians
    with pytest.raises(TypeError):
        cvvision.World.load_map(SAMPLE, rules="vanilla")


# --- argument errors: ValueError with a useful message, never a crash ------------------------------


@pytest.fixture
def busy(world):
    world.create_unit("UNIT_WARRIOR", 0, 5, 5)
    return world


OFF_MAP = {
    "isVisible": lambda w: w.isVisible(11, 0, 0),
    "getVisibilityCount": lambda w: w.getVisibilityCount(0, -1, 0),
    "getInvisibleVisibilityCount": lambda w: w.getInvisibleVisibilityCount(-1, 0, 0, 0),
    "isRevealed": lambda w: w.isRevealed(0, 11, 0),
    "seeFromLevel": lambda w: w.seeFromLevel(99, 99, 0),
    "seeThroughLevel": lambda w: w.seeThroughLevel(-5, 3),
    "set_plot": lambda w: w.set_plot(11, 3, "hills"),
    "set_owner": lambda w: w.set_owner(3, 11, 0),
    "set_city": lambda w: w.set_city(-1, -1, True),
    "set_improvement": lambda w: w.set_improvement(12, 0, "IMPROVEMENT_FORT"),
    "plot_info": lambda w: w.plot_info(0, 11),
    "create_unit": lambda w: w.create_unit("UNIT_WARRIOR", 0, 11, 0),
    "move_unit": lambda w: w.move_unit(0, 0, 11),
    "set_recon": lambda w: w.set_recon(0, (20, 20)),
    "set_espionage": lambda w: w.set_espionage(0, 11, 11),
    "explain from": lambda w: w.explain((11, 0), (0, 0)),
    "explain to": lambda w: w.explain((0, 0), (0, -1)),
    "corrupt_count": lambda w: w.corrupt_count(11, 0, 0, 1),
    "set_route": lambda w: w.set_route(11, 0, "ROUTE_ROAD"),
    "find_path from": lambda w: w.find_path(0, (0, 11), (0, 0)),
    "find_path to": lambda w: w.find_path(0, (0, 0), (-1, 0)),
    "show_path": lambda w: w.show_path(0, (0, 0), (11, 11)),
}


@pytest.mark.parametrize("call", OFF_MAP.values(), ids=OFF_MAP.keys())
def test_coordinates_off_the_map(busy, call):
    before = busy.counts()
    with pytest.raises(ValueError, match=r"plot \(-?\d+,-?\d+\) is off the 11x11 map \(x 0\.\.10, y 0\.\.10\)"):
        call(busy)
    assert busy.counts() == before and len(busy.units()) == 1


UNKNOWN_UNIT = {
    "move_unit": lambda w: w.move_unit(7, 1, 1),
    "kill_unit": lambda w: w.kill_unit(7),
    "set_promotion": lambda w: w.set_promotion(7, "PROMOTION_SENTRY"),
    "set_facing": lambda w: w.set_facing(7, 2),
    "set_recon": lambda w: w.set_recon(7, None),
    "unit_sees": lambda w: w.unit_sees(-1),
}


@pytest.mark.parametrize("call", UNKNOWN_UNIT.values(), ids=UNKNOWN_UNIT.keys())
def test_unknown_unit_ids(busy, call):
    with pytest.raises(ValueError, match=r"unknown unit id -?\d+ \(the world's units: 0\)"):
        call(busy)


def test_unknown_unit_id_in_an_empty_world(world):
    with pytest.raises(ValueError, match="unknown unit id 0 .the world has no units"):
        world.kill_unit(0)


BAD_TEAM = {
    "isVisible": lambda w: w.isVisible(0, 0, 2),
    "getVisibilityCount": lambda w: w.getVisibilityCount(0, 0, -1),
    "getInvisibleVisibilityCount": lambda w: w.getInvisibleVisibilityCount(0, 0, 5, 0),
    "isRevealed": lambda w: w.isRevealed(0, 0, 2),
    "seeFromLevel": lambda w: w.seeFromLevel(0, 0, 2),
    "visible_plots": lambda w: w.visible_plots(2),
    "counts": lambda w: w.counts(team=3),
    "create_unit": lambda w: w.create_unit("UNIT_WARRIOR", 2, 0, 0),
    "set_owner": lambda w: w.set_owner(0, 0, 2),
    "set_has_tech": lambda w: w.set_has_tech(2, "TECH_OPTICS"),
    "has_tech": lambda w: w.has_tech(-1, "TECH_OPTICS"),
    "set_master": lambda w: w.set_master(0, 9),
    "set_espionage": lambda w: w.set_espionage(2, 0, 0),
    "explain": lambda w: w.explain((0, 0), (1, 1), team=2),
    "show": lambda w: w.show(2),
    "render_png": lambda w: w.render_png("/tmp/never-written.png", team=2),
    "render_html": lambda w: w.render_html("/tmp/never-written.html", team=-1),
    "corrupt_count": lambda w: w.corrupt_count(0, 0, 2, 1),
}


@pytest.mark.parametrize("call", BAD_TEAM.values(), ids=BAD_TEAM.keys())
def test_teams_not_on_the_map(busy, call):
    with pytest.raises(ValueError, match=r"team -?\d+ is not on this map \(teams 0\.\.1\)"):
        call(busy)
    assert not os.path.exists("/tmp/never-written.png") and not os.path.exists("/tmp/never-written.html")


BAD_NAMES = {
    "unit": (lambda w: w.create_unit("UNIT_DRAGON", 0, 1, 1), "unknown unit type 'UNIT_DRAGON' .*Rules.units"),
    "terrain": (lambda w: w.set_plot(1, 1, "flat", "TERRAIN_MARSH"), "unknown terrain type 'TERRAIN_MARSH'"),
    "feature": (lambda w: w.set_plot(1, 1, "flat", feature="FEATURE_SWAMP"), "unknown feature type 'FEATURE_SWAMP'"),
    "improvement": (lambda w: w.set_improvement(1, 1, "IMPROVEMENT_TOWER"), "unknown improvement type 'IMPROVEMENT_TOWER'"),
    "promotion": (lambda w: w.set_promotion(0, "PROMOTION_EAGLE_EYE"), "unknown promotion type 'PROMOTION_EAGLE_EYE'"),
    "tech": (lambda w: w.set_has_tech(0, "TECH_WARP_DRIVE"), "unknown tech type 'TECH_WARP_DRIVE'"),
    "invisible name": (lambda w: w.getInvisibleVisibilityCount(0, 0, 0, "INVISIBLE_GHOST"), "unknown invisible type 'INVISIBLE_GHOST'"),
    "invisible index": (lambda w: w.getInvisibleVisibilityCount(0, 0, 0, 2), r"invisible type 2 is not in the rules \(0\.\.1"),
    "plot type name": (lambda w: w.set_plot(1, 1, "mountain"), "plot_type 'mountain' must be"),
    "plot type number": (lambda w: w.set_plot(1, 1, 4), "plot_type 4 must be 0 .peak."),
    "facing number": (lambda w: w.create_unit("UNIT_WARRIOR", 0, 1, 1, facing=8), "facing 8 must be 0..7"),
    "facing name": (lambda w: w.set_facing(0, "up"), "facing 'up' must be a direction"),
    "explain pair": (lambda w: w.explain(5, (1, 1)), r"from_xy must be an \(x, y\) pair"),
    "explain triple": (lambda w: w.explain((1, 1), (1, 1, 1)), r"to_xy must be an \(x, y\) pair"),
    "explain range": (lambda w: w.explain((1, 1), (2, 2), range=33), r"range must be a whole number 0\.\.32"),
    "recon pair": (lambda w: w.set_recon(0, "here"), r"the recon plot must be an \(x, y\) pair"),
    "own master": (lambda w: w.set_master(1, 1), "team 1 cannot be its own master"),
}


@pytest.mark.parametrize("call,message", BAD_NAMES.values(), ids=BAD_NAMES.keys())
def test_bad_names_and_values(busy, call, message):
    before = (busy.counts(), busy.plot_info(1, 1), busy.units())
    with pytest.raises(ValueError, match=message):
        call(busy)
    assert (busy.counts(), busy.plot_info(1, 1), busy.units()) == before, "nothing changed"


def test_bad_sizes_and_types(rules, world):
    for width, height, teams in ((0, 5, 2), (5, -1, 2), (5, 5, 0), (5, 5, 257)):
        with pytest.raises(ValueError, match="must be"):
            cvvision.World(rules, width, height, teams=teams)
    # One maximum map size for the readers, the world, the ledger and Python.
    for width, height in ((5000, 5), (4095, 4096), (1025, 1024)):
        with pytest.raises(ValueError, match=rf"map {width}x{height} is larger than CvVision's maximum \(1048576 plots, 4096 a side\)"):
            cvvision.World(rules, width, height)
    with pytest.raises(ValueError, match=r"map 1024x1024 with 256 teams is larger than CvVision's maximum \(plots x teams"):
        cvvision.World(rules, 1024, 1024, teams=256)
    with pytest.raises(TypeError):
        world.isVisible("a", 0, 0)
    with pytest.raises((TypeError, OverflowError)):
        world.isVisible(2 ** 40, 0, 0)
    with pytest.raises(TypeError):
        cvvision.World("vanilla", 5, 5)
    with pytest.raises(ValueError, match="team must be a team number or None"):
        world.set_owner(0, 0, "red")


# --- the end-to-end session ------------------------------------------------------------------------


def run_example(*args):
    env = dict(os.environ, CVVISION_PYTHON_DIR=os.path.dirname(os.path.abspath(cvvision.__file__)),
               PYTHONDONTWRITEBYTECODE="1")
    return subprocess.run([sys.executable, EXAMPLE, *args], capture_output=True, text=True, env=env, cwd="/", timeout=300)


@needs_shared
def test_the_session_example_matches_every_teams_team_reveal():
    result = run_example()
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "tutorial1.CivBeyondSwordWBSave: 52x24, 41 teams, 14 units"
    team_lines = [line for line in lines if line.startswith("team ")]
    assert len(team_lines) == 41 and all(line.endswith(": match") for line in team_lines)
    assert "team 6: sees 21 plots, TeamReveal 21: match" in lines
    assert lines[-1] == "all teams match"


@needs_shared
def test_tutorial1_in_process():
    sys.path.insert(0, HERE)
    keep, sys.dont_write_bytecode = sys.dont_write_bytecode, True
    try:
        import python_session_example as example
    finally:
        sys.path.remove(HERE)
        sys.dont_write_bytecode = keep
    world = cvvision.World.load_map(TUTORIAL1, rules=cvvision.Rules.vanilla())
    revealed = example.team_reveal(TUTORIAL1)
    assert len(revealed) == 7
    for team in range(world.teams):
        assert set(world.visible_plots(team)) == revealed.get(team, set()), team
        assert all(world.isRevealed(x, y, team) for x, y in revealed.get(team, ()))
    assert world.audit() == []


def test_the_session_example_reports_a_mismatch():
    result = run_example(SAMPLE)  # the sample map has no TeamReveal lines: its sight cannot match them
    assert result.returncode == 1, result.stdout + result.stderr
    assert "team 0: sees 43 plots, TeamReveal 0: MISMATCH" in result.stdout
    assert "team 2: sees 0 plots, TeamReveal 0: match" in result.stdout
    assert result.stdout.splitlines()[-1] == "2 team(s) differ"


def test_the_session_example_fails_cleanly_on_a_missing_map(tmp_path):
    result = run_example(str(tmp_path / "missing.CivBeyondSwordWBSave"))
    assert result.returncode == 1
    assert "cvvision.FileError" in result.stderr and "cannot open the file" in result.stderr


# --- paths (issue 9) ----------------------------------------------------------------------------


@pytest.fixture
def hills(rules):
    """16x3 hills; team 0's warrior walked the middle row (revealing it all) and stands on (0, 1)."""
    w = cvvision.World(rules, 16, 3)
    for x in range(16):
        for y in range(3):
            w.set_plot(x, y, "hills")
    warrior = w.create_unit("UNIT_WARRIOR", 0, 0, 1)
    for x in range(1, 16):
        w.move_unit(warrior, x, 1)
    w.move_unit(warrior, 0, 1)
    return w, warrior


def test_find_path_on_the_sample_map():
    world = cvvision.World.load_map(SAMPLE)
    found = world.find_path(0, (8, 7), (17, 9), seed=5)
    assert found["unit"] == "UNIT_WARRIOR"
    for side in ("knowledge", "truth"):
        path = found[side]
        assert path["status"] == "found" and path["plots"][0] == (8, 7) and path["plots"][-1] == (17, 9)
        assert path["move_denominator"] == 60 and path["cost"] % 60 == 0 and path["expanded"] >= len(path["plots"])
    assert world.find_path(0, (8, 7), (17, 9), seed=5) == found  # one seed, one path
    assert world.find_path(0, (8, 7), (0, 0))["truth"]["status"] == "fallback"  # (0, 0) is ocean


def test_show_path_is_what_the_command_line_prints():
    world = cvvision.World.load_map(SAMPLE)
    cli = os.path.join(os.path.dirname(os.path.abspath(cvvision.__file__)), "..", "cvvision")
    if not os.path.exists(cli):
        pytest.skip("the cvvision binary is not next to the module")
    out = subprocess.run([cli, "path", SAMPLE, "--from", "8,7", "--to", "17,9", "--seed", "3"], capture_output=True,
                         text=True, check=True).stdout
    assert out.split("\n", 1)[1] == world.show_path(0, (8, 7), (17, 9), seed=3)


def test_a_road_built_out_of_sight_is_unknown_to_the_team(hills):
    world, warrior = hills
    before = world.find_path(0, (0, 1), (15, 1), seed=7, unit="UNIT_SCOUT")
    assert before["knowledge"]["cost"] == before["truth"]["cost"] == 15 * 120
    for x in range(4, 14):
        world.set_route(x, 1, "ROUTE_ROAD")
    after = world.find_path(0, (0, 1), (15, 1), seed=7, unit="UNIT_SCOUT")
    assert after["knowledge"] == before["knowledge"]
    assert after["truth"]["cost"] == 9 * 30 + 6 * 120
    world.move_unit(warrior, 8, 1)  # now the team sees x 7..9 and remembers their road
    seen = world.find_path(0, (0, 1), (15, 1), seed=7, unit="UNIT_SCOUT")
    assert seen["knowledge"]["cost"] == 2 * 30 + 13 * 120
    world.set_route(8, 1, None)
    assert world.plot_info(8, 1) is not None


def test_open_borders_and_closed_territory(world):
    for y in range(0, 10):
        world.set_owner(5, y, 1)
    closed = world.find_path(0, (0, 1), (10, 1))["truth"]
    assert closed["status"] == "found" and (5, 10) in closed["plots"]  # round the top of team 1's strip
    assert closed["cost"] == 18 * 60
    opened = world.find_path(0, (0, 1), (10, 1), open_borders=[1])["truth"]
    assert opened["cost"] == 10 * 60


def test_render_path_png(tmp_path, hills):
    world, _ = hills
    target = tmp_path / "path.png"
    world.render_path_png(str(target), 0, (0, 1), (15, 1))
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    with pytest.raises(cvvision.FileError, match="cannot write the PNG"):
        world.render_path_png(str(tmp_path / "no" / "dir.png"), 0, (0, 1), (15, 1))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["path.png"]


@pytest.mark.parametrize("kwargs, message", [
    ({"seed": -1}, "seed: a whole number"),
    ({"seed": 2 ** 32}, "seed: a whole number"),
    ({"seed": "1"}, "seed: a whole number"),
    ({"unit": 3}, "unit: a unit type name"),
    ({"unit": "UNIT_DRAGON"}, "UNIT_DRAGON"),
    ({"unit": "UNIT_FIGHTER"}, "not a land or sea unit"),
    ({"open_borders": 1}, "open_borders: a list of team numbers"),
    ({"open_borders": ["x"]}, "open_borders: a team number"),
    ({"open_borders": [5]}, "team 5 is not on this map"),
])
def test_find_path_errors(world, kwargs, message):
    with pytest.raises(ValueError, match=message):
        world.find_path(0, (0, 0), (3, 3), **kwargs)
    with pytest.raises(ValueError, match="team 7 is not on this map"):
        world.find_path(7, (0, 0), (3, 3))
    with pytest.raises(ValueError, match="unknown route"):
        world.set_route(0, 0, "ROUTE_TELEPORT")


# --- issue 18: bad input is an error, never a crash --------------------------------------------

CORPUS = os.path.join(ROOT, "tests", "fuzz", "corpus")


def test_a_player_team_beyond_the_files_teams_is_a_file_error():
    path = os.path.join(CORPUS, "wb", "player-team-beyond-the-files-teams.CivBeyondSwordWBSave")
    with pytest.raises(cvvision.FileError, match=r":14: BeginPlayer: Team=3 is not a team of the file"):
        cvvision.World.load_map(path)


def test_endless_or_huge_or_folder_inputs_are_file_errors():
    with pytest.raises(cvvision.FileError, match=r"/dev/zero:1: the line is longer than 64 KB"):
        cvvision.World.load_map("/dev/zero")
    with pytest.raises(cvvision.FileError, match=r"map 4095x4096 is larger than CvVision's maximum \(1048576 plots"):
        cvvision.World.load_map(os.path.join(CORPUS, "wb", "declares-4095x4096-in-a-few-hundred-bytes.CivBeyondSwordWBSave"))
    with pytest.raises(cvvision.FileError, match=r"^/: offset 0 \(file\): is a directory, not a saved game"):
        cvvision.World.load_save("/")
    with pytest.raises(cvvision.FileError, match=r"/dev/zero: offset \d+ \(file\): the file is larger than a saved game can be"):
        cvvision.World.load_save("/dev/zero")


def test_counts_cannot_overflow(world):
    world.corrupt_count(1, 1, 0, 10 ** 9)
    with pytest.raises(IndexError, match="outside -1000000000..1000000000"):
        world.corrupt_count(1, 1, 0, 1)
    with pytest.raises(IndexError, match="outside"):
        world.corrupt_count(2, 2, 0, 2 ** 31 - 1)
    with pytest.raises(IndexError, match="outside"):
        world.corrupt_count(2, 2, 0, -2 ** 31)
    world.corrupt_count(2, 2, 0, -10 ** 9)
    assert world.repair() == 2
    assert world.audit() == []
