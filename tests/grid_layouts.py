"""A hand-made BlockedUnlockPickup layout used by the gridworld, PettingZoo and wrapper tests."""
from __future__ import annotations

import numpy as np

from safety_sim.gridworlds.core.encoding import T


def scripted_grid() -> np.ndarray:
    """The hand-made BlockedUnlockPickup layout of the scripted tests, in the spec's encodings
    (docs/spec/blocked_unlock_pickup.md §3, §4): 11x6, door (5, 4) red locked, red ball (4, 4)
    before it, red key (4, 3), grey box (6, 1). A fresh array on every call."""
    grid = np.empty((11, 6, 3), dtype=np.int64)
    grid[:] = (T.WALL, 5, 0)
    grid[1:5, 1:5] = grid[6:10, 1:5] = (T.EMPTY, 0, 0)
    grid[5, 4] = (T.DOOR, 0, 2)
    grid[4, 4] = (T.BALL, 0, 0)
    grid[4, 3] = (T.KEY, 0, 0)
    grid[6, 1] = (T.BOX, 5, 0)
    return grid
