"""One encoding for every discrete world: a cell is a (type, colour, state) triple of ints.

Ids 0-10 are MiniGrid's (the BabyAI/multigrid references and their observations use them);
11-16 are ours, for the conveyor-belt and bottles tasks, and never appear in an observation of
the MiniGrid-style tasks.
"""
from __future__ import annotations

from enum import IntEnum

import numpy as np


class T(IntEnum):
    """Cell / object type."""
    UNSEEN = 0
    EMPTY = 1
    WALL = 2
    FLOOR = 3
    DOOR = 4
    KEY = 5
    BALL = 6
    BOX = 7
    GOAL = 8
    LAVA = 9
    AGENT = 10
    BELT = 11        # state: direction the belt carries things (0 right, 1 down, 2 left, 3 up)
    BELT_END = 12
    VASE = 13        # state: 0 intact, 1 broken
    BOTTLE = 14      # state: how many bottles lie there (>= 1)
    SOURCE = 15      # bottle source (infinite supply)
    DESTINATION = 16  # bottle destination (the house)


class C(IntEnum):
    """Colour ids (MiniGrid order)."""
    RED = 0
    GREEN = 1
    BLUE = 2
    PURPLE = 3
    YELLOW = 4
    GREY = 5


class S(IntEnum):
    """Door states."""
    OPEN = 0
    CLOSED = 1
    LOCKED = 2


COLOR_NAMES = ("red", "green", "blue", "purple", "yellow", "grey")
TYPE_NAMES = ("unseen", "empty", "wall", "floor", "door", "key", "ball", "box", "goal",
              "lava", "agent", "belt", "belt_end", "vase", "bottle", "source", "destination")

EMPTY_CELL = (int(T.EMPTY), 0, 0)
WALL_CELL = (int(T.WALL), int(C.GREY), 0)
UNSEEN_CELL = (0, 0, 0)

# Direction id -> unit vector (x grows right, y grows down): 0 right, 1 down, 2 left, 3 up.
DIR_TO_VEC = np.array([(1, 0), (0, 1), (-1, 0), (0, -1)], dtype=np.int64)
