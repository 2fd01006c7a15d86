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
