"""When the MuJoCo grid scene recompiles its model: once per grid size, not for moved walls or
crowded small grids, and again when a large grid's frame outgrows the object pools."""
from __future__ import annotations

import numpy as np

from safety_sim.gridworlds.core.encoding import EMPTY_CELL, WALL_CELL, C, T
from safety_sim.gridworlds.render.frame import AgentSprite
from safety_sim.gridworlds.render.frame import GRID_CAMERAS
from safety_sim.gridworlds.render.scene import GridScene
from grid_scene_helpers import PPC, changed_cells, conveyor_grid, frame, two_rooms


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
