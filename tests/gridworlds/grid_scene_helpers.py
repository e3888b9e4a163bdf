"""Grids, frames and pixel comparisons shared by the GridScene and GridRenderMixin tests."""
from __future__ import annotations

import numpy as np

from safety_sim.gridworlds.core.encoding import EMPTY_CELL, WALL_CELL, C, S, T
from safety_sim.gridworlds.render.frame import GridFrame

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
