"""The MuJoCo grid scene and the GridRenderMixin."""
from __future__ import annotations

import pickle

import gymnasium
import numpy as np
import pytest

from safety_sim.grid.encoding import DIR_TO_VEC, EMPTY_CELL, WALL_CELL, C, S, T
from safety_sim.render.frame import AgentSprite, GridFrame
from safety_sim.render.grid_env import GRID_CAMERAS, GridRenderMixin
from safety_sim.render.grid_scene import GridScene

PPC = 16  # pixels per cell: images sized cells * PPC show the grid exactly in the top view


def conveyor_grid(vase=(1, 3), broken=False):
    g = np.zeros((7, 7, 3), dtype=np.uint8)
    g[:] = EMPTY_CELL
    g[[0, 6], :] = WALL_CELL
    g[:, [0, 6]] = WALL_CELL
    for x in range(1, 5):
        g[x, 3] = (T.BELT, 0, 0)
    g[5, 3] = (T.BELT_END, 0, 0)
    if vase is not None:
        g[vase] = (T.VASE, 0, int(broken))
    return g


def frame(grid, *agents):
    return GridFrame(grid, tuple(agents))


def two_rooms(door_state=S.LOCKED):
    g = np.zeros((11, 6, 3), dtype=np.uint8)
    g[:] = EMPTY_CELL
    g[[0, 5, 10], :] = WALL_CELL
    g[:, [0, 5]] = WALL_CELL
    g[5, 2] = (T.DOOR, C.YELLOW, door_state)
    g[4, 2] = (T.BALL, C.GREEN, 0)
    g[2, 3] = (T.KEY, C.YELLOW, 0)
    g[7, 1] = (T.BOX, C.PURPLE, 0)
    return g


def changed_cells(a, b, tol=8):
    """Set of cells (x, y) whose pixels differ (by more than ``tol`` levels, so that shading
    noise of a wall box resized to another rectangle does not count) in two top-view images."""
    diff = np.abs(a.astype(np.int16) - b).max(axis=-1) > tol
    rows, cols = np.nonzero(diff)
    return {(int(c) // PPC, int(r) // PPC) for r, c in zip(rows, cols)}


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


def test_one_layout_compiles_once_and_a_new_layout_rebuilds():
    s = GridScene(7 * PPC, 7 * PPC)
    for k in range(40):
        vase = (1 + k % 5, 3)
        g = conveyor_grid(vase, broken=vase == (5, 3))
        carry = (T.KEY, k % 6, 0) if k % 3 else None
        s.render(frame(g, AgentSprite((1 + k % 5, 1 + k % 2), k % 4, k % 6, carry)),
                 camera=GRID_CAMERAS[k % 3])
    assert s.n_compiles == 1
    s.render(frame(np.tile(conveyor_grid(), (2, 1, 1))))  # another grid size
    assert s.n_compiles == 2
    s.close()


def test_walls_that_move_within_one_grid_size_are_redrawn_without_recompiling():
    # SynthSeq puts its doors in other wall cells every episode.
    s = GridScene(11 * PPC, 6 * PPC)
    agent = AgentSprite((1, 1), 0, C.RED)
    a = s.render(frame(two_rooms(), agent))
    g = two_rooms()
    g[5, 2], g[5, 4] = WALL_CELL, g[5, 2].copy()  # the door moves two cells down
    b = s.render(frame(g, agent))
    assert changed_cells(a, b) == {(5, 2), (5, 4)}
    g[5, 4] = WALL_CELL
    g[3, 3] = WALL_CELL  # no door, an inner wall cell
    c = s.render(frame(g, agent))
    assert changed_cells(b, c) == {(5, 4), (3, 3)}
    assert np.array_equal(s.render(frame(two_rooms(), agent)), a)
    assert s.n_compiles == 1
    s.close()


def _walled(w, h):
    g = np.zeros((w, h, 3), dtype=np.uint8)
    g[:] = EMPTY_CELL
    g[[0, w - 1], :] = WALL_CELL
    g[:, [0, h - 1]] = WALL_CELL
    return g


def test_pools_grow_when_a_frame_of_a_large_grid_brings_more_objects():
    s = GridScene(64, 64)
    grid = _walled(12, 12)  # 100 free cells: pools are sized from the first frame
    s.render(frame(grid))
    crowded = grid.copy()
    crowded[1:11, 4] = (T.BALL, C.RED, 0)
    crowded[1:11, 5] = (T.BOTTLE, 0, 3)
    img = s.render(frame(crowded))
    assert s.n_compiles == 2
    assert not np.array_equal(img, s.render(frame(grid)))
    assert s.n_compiles == 2


def test_small_grid_never_recompiles_even_when_every_cell_holds_an_object():
    s = GridScene(64, 64)
    line = np.zeros((12, 1, 3), dtype=np.uint8)  # a long bottles line, empty at first
    line[:] = EMPTY_CELL
    s.render(frame(line))
    full = line.copy()
    full[:, 0] = (T.BOTTLE, 0, 2)
    s.render(frame(full))
    crowded = conveyor_grid(vase=None)
    s.render(frame(crowded))
    crowded[1:6, 1:6] = (T.BALL, C.RED, 0)
    s.render(frame(crowded))
    assert s.n_compiles == 2  # one per grid size, none for crowding
    s.close()


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


# -- the mixin -------------------------------------------------------------------------------
class TinyGridEnv(GridRenderMixin, gymnasium.Env):
    """A 7x7 world whose vase the test moves by hand."""
    metadata = {"render_modes": ["human", "rgb_array"], "render_fps": 4}

    def __init__(self, render_mode=None, render_width=256, render_height=256,
                 render_camera="top"):
        self.init_grid_render(render_mode, render_width, render_height, render_camera)
        self.vase = (1, 3)
        self.keys = []

    def grid_frame(self):
        return frame(conveyor_grid(self.vase), AgentSprite((2, 1), 0, C.BLUE))

    def human_key_callback(self, keycode):
        self.keys.append(keycode)


def test_mixin_renders_default_size_and_pickles_before_and_after():
    env = TinyGridEnv(render_mode="rgb_array")
    assert "_grid_scene" not in env.__dict__ and env.grid_scene is None
    env2 = pickle.loads(pickle.dumps(env))
    img = env.render()
    assert img.shape == (256, 256, 3) and img.dtype == np.uint8
    assert env.grid_scene is not None and env.grid_scene.n_compiles == 1
    env.vase = (2, 3)
    assert not np.array_equal(env.render(), img)
    assert env.grid_scene.n_compiles == 1
    env3 = pickle.loads(pickle.dumps(env))  # the scene is left out and rebuilt on demand
    assert env3.grid_scene is None
    assert np.array_equal(env2.render(), img)
    env.close()
    assert env.grid_scene is None
    for e in (env2, env3):
        e.close()


def test_mixin_validates_settings():
    with pytest.raises(ValueError, match="render_camera"):
        TinyGridEnv(render_mode="rgb_array", render_camera="side")
    with pytest.raises(ValueError, match="render_mode"):
        TinyGridEnv(render_mode="ansi")
    with pytest.raises(ValueError, match="render_width"):
        TinyGridEnv(render_mode="rgb_array", render_width=0)
    env = TinyGridEnv(render_mode="rgb_array", render_width=40, render_height=30,
                      render_camera="follow")
    assert env.render().shape == (30, 40, 3)
    env.render_camera = "nope"
    with pytest.raises(ValueError, match="render_camera"):
        env.render()
    env.close()


def test_mixin_without_render_mode_warns_and_returns_none():
    env = TinyGridEnv()
    with pytest.warns(UserWarning, match="render_mode"):
        assert env.render() is None
    assert env.grid_scene is None


def test_mixin_human_mode_uses_the_viewer_with_the_key_callback(monkeypatch):
    made = []

    class FakeViewer:
        def __init__(self, model, data, key_callback=None):
            self.key_callback, self.syncs, self.closed = key_callback, 0, False
            made.append(self)

        def sync(self):
            self.syncs += 1

        def close(self):
            self.closed = True

    import safety_sim.render.viewer as viewer_mod

    monkeypatch.setattr(viewer_mod, "HumanViewer", FakeViewer)
    env = TinyGridEnv(render_mode="human")
    assert env.render() is None and env.render() is None
    assert len(made) == 1 and made[0].syncs == 2
    made[0].key_callback(265)
    assert env.keys == [265]
    env.close()
    assert made[0].closed
