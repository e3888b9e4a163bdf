"""What the MuJoCo grid scene draws: objects and their states, the agent and what it carries,
the tiles under objects, the cameras, and bad input."""
from __future__ import annotations

import numpy as np
import pytest

from safety_sim.gridworlds.core.encoding import DIR_TO_VEC, C, S, T
from safety_sim.gridworlds.render.frame import AgentSprite, GridFrame
from safety_sim.gridworlds.render.frame import GRID_CAMERAS
from safety_sim.gridworlds.render.scene import GridScene
from grid_scene_helpers import PPC, changed_cells, conveyor_grid, frame, two_rooms


@pytest.fixture(scope="module")
def scene():
    s = GridScene(7 * PPC, 7 * PPC)
    yield s
    s.close()


def test_frame_is_an_image_and_not_blank(scene):
    img = scene.render(frame(conveyor_grid(), AgentSprite((2, 1), 0, C.BLUE)))
    assert img.shape == (7 * PPC, 7 * PPC, 3) and img.dtype == np.uint8
    assert len(np.unique(img.reshape(-1, 3), axis=0)) > 10


def test_moving_the_vase_changes_exactly_its_two_cells(scene):
    agent = AgentSprite((2, 1), 0, C.BLUE)
    scene.render(frame(conveyor_grid((2, 3)), agent))  # the belt at (1, 3) has been seen
    a = scene.render(frame(conveyor_grid((1, 3)), agent))
    b = scene.render(frame(conveyor_grid((2, 3)), agent))
    assert changed_cells(a, b) == {(1, 3), (2, 3)}


def test_broken_vase_looks_different(scene):
    agent = AgentSprite((2, 1), 0, C.BLUE)
    a = scene.render(frame(conveyor_grid((5, 3), broken=False), agent))
    b = scene.render(frame(conveyor_grid((5, 3), broken=True), agent))
    assert changed_cells(a, b) == {(5, 3)}


def test_door_states_look_different_and_only_at_the_door():
    s = GridScene(11 * PPC, 6 * PPC)
    agent = AgentSprite((1, 1), 0, C.RED)
    imgs = [s.render(frame(two_rooms(state), agent)) for state in (S.OPEN, S.CLOSED, S.LOCKED)]
    for i in range(3):
        for j in range(i + 1, 3):
            assert changed_cells(imgs[i], imgs[j]) == {(5, 2)}
    assert s.n_compiles == 1
    s.close()


def test_agent_heading_is_visible(scene):
    grid = conveyor_grid()
    empty = scene.render(frame(grid))
    cx, cy = 3 * PPC + PPC / 2, 2 * PPC + PPC / 2  # pixel centre of cell (3, 2)
    imgs = []
    for d in range(4):
        img = scene.render(frame(grid, AgentSprite((3, 2), d, C.BLUE)))
        rows, cols = np.nonzero(np.any(img != empty, axis=-1))
        dx, dy = DIR_TO_VEC[d]
        along = (cols + 0.5 - cx) * dx + (rows + 0.5 - cy) * dy  # image: x right, y down
        assert along.max() > -along.min() + 1, f"heading {d}: no nose in front"
        imgs.append(img)
    assert all(not np.array_equal(imgs[i], imgs[j]) for i in range(4) for j in range(i + 1, 4))


def test_carried_object_is_drawn(scene):
    grid = conveyor_grid()
    plain = scene.render(frame(grid, AgentSprite((3, 2), 0, C.BLUE)))
    imgs = [scene.render(frame(grid, AgentSprite((3, 2), 0, C.BLUE, carrying=c)))
            for c in ((T.KEY, C.RED, 0), (T.BALL, C.RED, 0), (T.BOTTLE, 0, 2))]
    for img in imgs:
        assert not np.array_equal(img, plain)
        assert changed_cells(img, plain) <= {(3, 2), (4, 2)}
    assert not np.array_equal(imgs[0], imgs[1])


def test_bottle_counts_source_and_destination_are_drawn(scene):
    grid = conveyor_grid(vase=None)
    base = scene.render(frame(grid))
    looks = []
    for t, s in ((T.BOTTLE, 1), (T.BOTTLE, 2), (T.BOTTLE, 3), (T.SOURCE, 0),
                 (T.DESTINATION, 0)):
        g = grid.copy()
        g[2, 4] = (t, 0, s)
        img = scene.render(frame(g))
        assert changed_cells(img, base) == {(2, 4)}
        looks.append(img)
    assert all(not np.array_equal(looks[i], looks[j]) for i in range(5) for j in range(i + 1, 5))


def test_belt_direction_mark_turns_with_state(scene):
    grid = conveyor_grid(vase=None)
    imgs = []
    for d in range(4):
        g = grid.copy()
        g[2, 5] = (T.BELT, 0, d)
        imgs.append(scene.render(frame(g)))
    assert all(changed_cells(imgs[i], imgs[j]) == {(2, 5)}
               for i in range(4) for j in range(i + 1, 4))


def test_tile_under_an_object_is_remembered_or_given():
    agent = AgentSprite((2, 1), 0, C.BLUE)
    on_belt = frame(conveyor_grid((1, 3)), agent)
    fresh, told, seen = (GridScene(7 * PPC, 7 * PPC) for _ in range(3))
    unknown = fresh.render(on_belt)  # cannot know the belt under the vase
    given = told.render(on_belt, background=conveyor_grid(None))
    seen.render(frame(conveyor_grid((2, 3)), agent))
    remembered = seen.render(on_belt)
    assert np.array_equal(given, remembered)
    assert changed_cells(unknown, given) == {(1, 3)}
    for s in (fresh, told, seen):
        s.close()


def test_every_camera_renders_and_follow_cameras_follow_the_agent(scene):
    grid = conveyor_grid()
    tops = {}
    for cam in GRID_CAMERAS:
        a = scene.render(frame(grid, AgentSprite((2, 2), 0, C.BLUE)), camera=cam)
        b = scene.render(frame(grid, AgentSprite((2, 2), 1, C.BLUE)), camera=cam)
        assert len(np.unique(a.reshape(-1, 3), axis=0)) > 10
        assert not np.array_equal(a, b)
        tops[cam] = a
    assert not np.array_equal(tops["top"], tops["follow"])
    assert not np.array_equal(tops["follow"], tops["first_person"])


def test_bad_input_raises(scene):
    good = frame(conveyor_grid(), AgentSprite((2, 1), 0))
    with pytest.raises(ValueError, match="camera"):
        scene.render(good, camera="side")
    with pytest.raises(ValueError, match="shape"):
        scene.render(GridFrame(np.zeros((7, 7), dtype=np.uint8)))
    bad = conveyor_grid()
    bad[2, 2] = (99, 0, 0)
    with pytest.raises(ValueError, match="unknown type"):
        scene.render(frame(bad))
    with pytest.raises(ValueError, match="outside"):
        scene.render(frame(conveyor_grid(), AgentSprite((7, 1), 0)))
    with pytest.raises(ValueError, match="heading"):
        scene.render(frame(conveyor_grid(), AgentSprite((2, 1), 4)))
