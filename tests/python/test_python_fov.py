"""The field-of-view part of the Python module `cvvision` (tools/PyFov.cpp): cvvision.fov and
cvvision.ViewshedWorld, their results and their errors.

The module is found through CVVISION_PYTHON_DIR (CTest sets it; the import must then work),
otherwise in build/python (skipped when absent).
"""
import random

import pytest

from module_under_test import cvvision

ROOM = [
    "##########",
    "#........#",
    "#....#...#",
    "#........#",
    "##########",
]


def disc(cx, cy, r, width, height):
    return sorted((x, y) for y in range(height) for x in range(width)
                  if (x - cx) ** 2 + (y - cy) ** 2 <= r * r + r)


def test_fov_on_an_open_grid_is_the_disc():
    grid = ["." * 21] * 21
    assert cvvision.fov(grid, 10, 10, 6) == disc(10, 10, 6, 21, 21)
    assert cvvision.fov(grid, 10, 10, 0) == [(10, 10)]


def test_fov_walls_are_visible_and_what_lies_behind_is_not():
    seen = cvvision.fov(ROOM, 2, 2, 8)
    assert (5, 2) in seen          # the pillar
    assert (7, 2) not in seen      # behind it
    assert (0, 2) in seen          # the outer wall
    assert (6, 1) in seen


def test_fov_accepts_lists_of_bools_and_every_mode_and_metric():
    grid = [[c == "#" for c in row] for row in ROOM]
    for mode in ("symmetric", "permissive"):
        for metric in ("euclidean", "chebyshev", "manhattan"):
            assert cvvision.fov(grid, 2, 2, 5, mode, metric) == cvvision.fov(ROOM, 2, 2, 5, mode=mode, metric=metric)
    assert cvvision.fov(ROOM, 1, 1, 2, metric="chebyshev") != cvvision.fov(ROOM, 1, 1, 2, metric="manhattan")


def test_fov_symmetric_mode_is_symmetric_on_a_random_grid():
    rng = random.Random(4)
    grid = ["".join("#" if rng.random() < 0.25 else "." for _ in range(24)) for _ in range(18)]
    seen = {}
    for y in range(18):
        for x in range(24):
            seen[(x, y)] = set(cvvision.fov(grid, x, y, 6))
    one_way = sum(1 for a in seen for b in seen[a] if a not in seen[b])
    assert one_way == 0


def test_line_of_sight_agrees_with_fov_both_ways():
    rng = random.Random(9)
    grid = ["".join("#" if rng.random() < 0.25 else "." for _ in range(16)) for _ in range(12)]
    for metric in ("euclidean", "chebyshev", "manhattan"):
        seen = set(cvvision.fov(grid, 7, 5, 5, metric=metric, wrap_x=True))
        for y in range(12):
            for x in range(16):
                los = cvvision.line_of_sight(grid, 7, 5, x, y, 5, metric, wrap_x=True)
                assert los == ((x, y) in seen)
                assert los == cvvision.line_of_sight(grid, x, y, 7, 5, 5, metric=metric, wrap_x=True)
    with pytest.raises(ValueError, match="target"):
        cvvision.line_of_sight(grid, 0, 0, 16, 0, 3)
    with pytest.raises(ValueError, match="radius"):
        cvvision.line_of_sight(grid, 0, 0, 1, 0, 65)


def test_fov_wraps():
    grid = ["." * 12] * 6
    assert (11, 0) in cvvision.fov(grid, 0, 0, 2, wrap_x=True)
    assert (11, 0) not in cvvision.fov(grid, 0, 0, 2)
    assert (0, 5) in cvvision.fov(grid, 0, 0, 2, wrap_y=True)


@pytest.mark.parametrize("args, kwargs, message", [
    ((ROOM, 10, 2, 3), {}, "off the"),
    ((ROOM, 2, -1, 3), {}, "off the"),
    ((ROOM, 2, 2, -1), {}, "radius"),
    ((ROOM, 2, 2, 65), {}, "radius"),
    ((ROOM, 2, 2, 3), {"mode": "wide"}, "mode"),
    ((ROOM, 2, 2, 3), {"metric": "taxicab"}, "metric"),
    ((ROOM, 2, 2, 3), {"mode": 1}, "mode"),
    ((ROOM, "2", 2, 3), {}, "x must be an int"),
    ((ROOM, 2.0, 2, 3), {}, "x must be an int"),
    ((ROOM, 2, 2, 3), {"wrap_x": "yes"}, "wrap_x"),
    (([], 0, 0, 3), {}, "no rows"),
    (("#..", 0, 0, 3), {}, "list of rows"),
    ((["...", ".."], 0, 0, 3), {}, "same number"),
    (([[0, 1], [1, 2]], 0, 0, 3), {}, "grid cell"),
    ((5, 0, 0, 3), {}, "list of rows"),
])
def test_fov_bad_arguments_are_value_errors(args, kwargs, message):
    with pytest.raises(ValueError, match=message):
        cvvision.fov(*args, **kwargs)


def test_viewshed_world_updates_only_dirty_observers():
    world = cvvision.ViewshedWorld(30, 20)
    a = world.add_observer(3, 3, 5)
    b = world.add_observer(25, 15, 5, mode="permissive", metric="chebyshev")
    assert world.observers() == [a, b]
    assert world.is_dirty(a) and world.is_dirty(b)
    assert world.update() == 2
    assert world.update() == 0
    world.move_observer(a, 4, 3)
    assert world.is_dirty(a) and not world.is_dirty(b)
    assert world.update() == 1
    world.set_opaque(24, 15)          # in b's range only
    assert world.is_dirty(b) and not world.is_dirty(a)
    assert world.update() == 1
    world.set_opaque(15, 10)          # in nobody's range
    assert world.update() == 0
    world.set_radius(a, 7)
    assert world.update() == 1
    assert world.radius(a) == 7 and world.position(a) == (4, 3)


def test_viewshed_world_visible_cells_and_memory():
    world = cvvision.ViewshedWorld(30, 20)
    for y in range(20):
        world.set_opaque(10, y)
    a = world.add_observer(5, 5, 8)
    world.update()
    assert world.visible(a) == cvvision.fov(["." * 10 + "#" + "." * 19] * 20, 5, 5, 8)
    assert world.is_visible(a, 10, 5) and not world.is_visible(a, 12, 5)
    assert world.remembered(a, 7, 5) is False
    assert world.remembered(a, 10, 5) is True
    assert world.remembered(a, 20, 5) is None
    assert not world.is_revealed(a, 20, 5)
    first = world.revealed(a)
    # Walk away; a wall built where the observer no longer sees stays remembered as open floor.
    world.move_observer(a, 25, 15)
    world.update()
    world.set_opaque(7, 5)
    assert not world.is_dirty(a)
    assert world.remembered(a, 7, 5) is False
    assert set(first) <= set(world.revealed(a))
    world.move_observer(a, 5, 5)
    world.update()
    assert world.remembered(a, 7, 5) is True


def test_viewshed_world_bad_arguments_are_value_errors():
    with pytest.raises(ValueError, match="width and height"):
        cvvision.ViewshedWorld(0, 10)
    with pytest.raises(ValueError, match="wrap_x"):
        cvvision.ViewshedWorld(10, 10, wrap_x=2)
    world = cvvision.ViewshedWorld(10, 10)
    with pytest.raises(ValueError, match="off the 10x10 map"):
        world.add_observer(10, 0, 3)
    with pytest.raises(ValueError, match="radius"):
        world.add_observer(0, 0, 99)
    with pytest.raises(ValueError, match="no observer with id 3"):
        world.is_dirty(3)
    with pytest.raises(ValueError, match="observer id must be an int"):
        world.visible("a")
    with pytest.raises(ValueError, match="off the"):
        world.set_opaque(0, 10)
    with pytest.raises(ValueError, match="opaque"):
        world.set_opaque(0, 0, opaque="no")
    a = world.add_observer(0, 0, 3)
    world.remove_observer(a)
    with pytest.raises(ValueError, match="no observer"):
        world.update() or world.visible(a)
    assert "ViewshedWorld 10x10" in repr(world)


def test_fov_functions_have_docstrings():
    assert "symmetric" in cvvision.fov.__doc__
    assert "dirty" in cvvision.ViewshedWorld.__doc__
    assert cvvision.ViewshedWorld.update.__doc__.strip().startswith("update()")
    assert cvvision.FOV_MAX_RADIUS == 64
