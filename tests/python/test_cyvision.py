"""CyVision, the in-game Python exposure, registered as in the game over the SDK mock.

The module is built by CMake (cyvision_mock); CYVISION_MOCK_DIR names its folder.
"""
import os
import sys

import pytest

if "CYVISION_MOCK_DIR" in os.environ:  # under CTest the module must be there
    sys.path.insert(0, os.environ["CYVISION_MOCK_DIR"])
    import cyvision_mock
else:
    sys.path.insert(0, "build")
    cyvision_mock = pytest.importorskip("cyvision_mock")

PLOT_HILLS = 1
PLOT_OCEAN = 3
NO_DIRECTION = -1
TEAM = 0


@pytest.fixture
def vision():
    cyvision_mock.setupMockGame(11, 11, False)
    v = cyvision_mock.CyVision()
    v.reloadRules()
    return v


def test_a_grassland_unit_sees_its_3x3_square(vision):
    assert len(vision.seenPlots(5, 5, TEAM, 1, False, NO_DIRECTION)) == 9
    assert vision.canSeePlot(5, 5, 6, 6, TEAM, 1, NO_DIRECTION)
    assert not vision.canSeePlot(5, 5, 7, 5, TEAM, 1, NO_DIRECTION)


def test_hills_see_the_whole_outer_ring_and_a_forest_hides(vision):
    cyvision_mock.setPlotType(5, 5, PLOT_HILLS)
    assert vision.seeFromLevel(5, 5, TEAM) == 2
    assert len(vision.seenPlots(5, 5, TEAM, 1, False, NO_DIRECTION)) == 25
    cyvision_mock.setForest(6, 5)
    assert vision.seeThroughLevel(6, 5) == 2
    assert len(vision.seenPlots(5, 5, TEAM, 1, False, NO_DIRECTION)) == 24
    assert not vision.canSeePlot(5, 5, 7, 5, TEAM, 1, NO_DIRECTION)


def test_plot_indices_are_y_times_width_plus_x(vision):
    assert sorted(vision.seenPlots(0, 0, TEAM, 0, True, NO_DIRECTION)) == [0]
    assert sorted(vision.seenPlots(0, 0, TEAM, 1, True, NO_DIRECTION)) == [0, 1, 11, 12]


def test_knobs_and_resight_radius(vision):
    assert vision.getKnob("CVVISION_OUTER_RING") == 1
    assert vision.getKnob("CVVISION_FACING_FAR_SPREAD") == 60
    assert vision.getKnob("CVVISION_NO_SUCH_KNOB") == -1
    assert vision.getResightRadius() == 3
    cyvision_mock.setDefine("CVVISION_OUTER_RING_AS_INNER", 1)
    vision.reloadRules()
    assert len(vision.seenPlots(5, 5, TEAM, 1, False, NO_DIRECTION)) == 25


def test_bad_arguments_answer_without_crashing(vision):
    assert vision.seenPlots(99, 0, TEAM, 1, False, NO_DIRECTION) == []
    assert vision.seenPlots(5, 5, 7, 1, False, NO_DIRECTION) == []
    assert vision.seenPlots(5, 5, TEAM, 40, False, NO_DIRECTION) == []
    assert not vision.canSeePlot(5, 5, 6, 6, TEAM, 1, 9)
    assert vision.seeFromLevel(-1, 0, TEAM) == -1


def test_audit_finds_and_repairs_damaged_counts(vision):
    cyvision_mock.setOwner(5, 5, TEAM)
    assert vision.auditSight(False) == 0
    cyvision_mock.corruptCount(5, 6, TEAM, 3)
    assert vision.auditSightDifferences() == [(6 * 11 + 5, TEAM, -1, 4, 1)]
    assert vision.onGameLoaded() == 0  # CVVISION_AUDIT_ON_LOAD 0: as BTS, nothing
    cyvision_mock.setDefine("CVVISION_AUDIT_ON_LOAD", 2)
    vision.reloadRules()
    assert vision.onGameLoaded() == 1
    assert vision.auditSight(False) == 0


WARRIOR = 0
FIGHTER = 1
ROAD = 0
WIDTH = 11


def row(y, x_from, x_to):
    return [y * WIDTH + x for x in range(x_from, x_to + 1)]


def is_walk(path):
    """Each step goes to one of the eight neighbours."""
    return all(max(abs(a % WIDTH - b % WIDTH), abs(a // WIDTH - b // WIDTH)) == 1 for a, b in zip(path, path[1:]))


def test_find_path_gives_the_plots_from_start_to_goal(vision):
    assert vision.getLastPathCost() == -1  # no path asked yet
    path = vision.findPath(1, 5, 4, 7, TEAM, WARRIOR, 1, False)
    assert path[0] == 5 * WIDTH + 1 and path[-1] == 7 * WIDTH + 4 and len(path) == 4 and is_walk(path)
    assert vision.getLastPathCost() == 3 * 60
    assert vision.getLastPathReachedGoal()
    # the seed chooses among equal-cost paths, the same way every time
    assert vision.findPath(1, 5, 4, 7, TEAM, WARRIOR, 1, False) == path
    assert len({tuple(vision.findPath(1, 2, 8, 8, TEAM, WARRIOR, seed, True)) for seed in range(20)}) > 1
    assert vision.findPath(3, 3, 3, 3, TEAM, WARRIOR, 1, True) == [3 * WIDTH + 3]
    assert vision.getLastPathCost() == 0
    # on a one-row map there is one way only
    cyvision_mock.setupMockGame(WIDTH, 1, False)
    assert vision.findPath(1, 0, 4, 0, TEAM, WARRIOR, 1, False) == [1, 2, 3, 4]


def test_a_road_built_out_of_sight_is_ignored_by_the_knowledge_path(vision):
    cyvision_mock.createUnit(WARRIOR, TEAM, 1, 5)
    for x in range(WIDTH):
        cyvision_mock.setRoute(x, 5, ROAD)
    truth = vision.findPath(1, 5, 8, 5, TEAM, WARRIOR, 1, False)
    assert truth == row(5, 1, 8)
    assert vision.getLastPathCost() == 7 * 30  # half a move per road step
    known = vision.findPath(1, 5, 8, 5, TEAM, WARRIOR, 1, True)
    assert vision.getLastPathReachedGoal()
    assert vision.getLastPathCost() == 30 + 6 * 60  # only the road it saw, (1,5)-(2,5), helps
    assert known[0] == 5 * WIDTH + 1 and known[-1] == 5 * WIDTH + 8 and len(known) == 8


def test_closed_borders_and_open_borders(vision):
    for y in range(WIDTH):
        cyvision_mock.setOwner(5, y, 1)
    path = vision.findPath(2, 5, 8, 5, TEAM, WARRIOR, 1, False)
    assert not vision.getLastPathReachedGoal()
    assert path[-1] % WIDTH == 4  # stops at team 1's border
    cyvision_mock.setOpenBorders(TEAM, 1, True)
    path = vision.findPath(2, 5, 8, 5, TEAM, WARRIOR, 1, False)
    assert vision.getLastPathReachedGoal()
    assert path[0] == 5 * WIDTH + 2 and path[-1] == 5 * WIDTH + 8 and len(path) == 7 and is_walk(path)


def test_find_path_bad_arguments_give_an_empty_list(vision):
    bad = [
        (-1, 5, 4, 5, TEAM, WARRIOR),
        (1, 5, WIDTH, 5, TEAM, WARRIOR),
        (1, 5, 4, 99, TEAM, WARRIOR),
        (1, 5, 4, 5, -1, WARRIOR),
        (1, 5, 4, 5, 3, WARRIOR),
        (1, 5, 4, 5, TEAM, -1),
        (1, 5, 4, 5, TEAM, 2),
        (1, 5, 4, 5, TEAM, FIGHTER),  # air units have no path
    ]
    for args in bad:
        for knowledge in (False, True):
            vision.findPath(1, 5, 4, 5, TEAM, WARRIOR, 1, False)  # a good one first
            assert vision.findPath(*args, 1, knowledge) == [], args
            assert vision.getLastPathCost() == -1, args
            assert not vision.getLastPathReachedGoal(), args
