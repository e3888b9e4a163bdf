"""Fixed geometry of the BabyAI SynthSeq level and the random stream the generator draws from.

3 x 3 rooms of 8 x 8 cells (walls included) sharing their walls: a 22 x 22 grid whose walls are
exactly the cells with x or y in {0, 7, 14, 21} that hold no door. Room (i, j) (i = column,
j = row) has its top-left corner at (7i, 7j). x grows to the right, y downwards.
"""
from __future__ import annotations

import numpy as np

from safety_sim.gridworlds.core.encoding import DIR_TO_VEC

ROOM_SIZE = 8
ROOMS_PER_SIDE = 3
STEP = ROOM_SIZE - 1                         # 7: distance between wall lines
GRID_SIZE = STEP * ROOMS_PER_SIDE + 1        # 22
N_ROOMS = ROOMS_PER_SIDE * ROOMS_PER_SIDE    # 9
WALL_LINES = tuple(STEP * k for k in range(ROOMS_PER_SIDE + 1))  # 0, 7, 14, 21
CENTRE = (GRID_SIZE // 2, GRID_SIZE // 2)    # (11, 11): the placeholder agent cell
NUM_DISTRACTORS = 18
LOCKED_ROOM_PROB = 0.5
STEPS_PER_NAV = ROOM_SIZE ** 2 * N_ROOMS     # 576
DIRS = tuple((int(dx), int(dy)) for dx, dy in DIR_TO_VEC)  # 0 right, 1 down, 2 left, 3 up


def is_wall_line(x: int, y: int) -> bool:
    """True for cells on a wall line (walls or doors), False for room interiors."""
    return x % STEP == 0 or y % STEP == 0


def room_index(i: int, j: int) -> int:
    return j * ROOMS_PER_SIDE + i


def room_of(x: int, y: int) -> tuple[int, int]:
    """The room (i, j) whose interior holds (x, y) (for interior cells only)."""
    return x // STEP, y // STEP


def room_box(i: int, j: int) -> tuple[int, int, int, int]:
    """Bounding box (x0, y0, x1, y1) of room (i, j), walls included (inclusive bounds)."""
    return STEP * i, STEP * j, STEP * i + STEP, STEP * j + STEP


def in_box(x: int, y: int, box: tuple[int, int, int, int] | None) -> bool:
    return box is not None and box[0] <= x <= box[2] and box[1] <= y <= box[3]


def _edges():
    """The 12 internal wall segments, each between two rooms, and per room and side
    (0 right, 1 down, 2 left, 3 up) the neighbour room and the segment, or None."""
    edges = []   # (vertical: bool, wall coordinate, first cell of the segment's range)
    neigh = [[None] * 4 for _ in range(N_ROOMS)]
    for j in range(ROOMS_PER_SIDE):
        for i in range(ROOMS_PER_SIDE):
            a = room_index(i, j)
            if i + 1 < ROOMS_PER_SIDE:  # right wall x = 7i + 7, y in 7j+1 .. 7j+6
                b = room_index(i + 1, j)
                e = len(edges)
                edges.append((True, STEP * (i + 1), STEP * j + 1))
                neigh[a][0], neigh[b][2] = (b, e), (a, e)
            if j + 1 < ROOMS_PER_SIDE:  # bottom wall y = 7j + 7, x in 7i+1 .. 7i+6
                b = room_index(i, j + 1)
                e = len(edges)
                edges.append((False, STEP * (j + 1), STEP * i + 1))
                neigh[a][1], neigh[b][3] = (b, e), (a, e)
    return tuple(edges), tuple(tuple(n) for n in neigh)


EDGES, NEIGHBOURS = _edges()
ROOM_TOPS = tuple((STEP * (k % ROOMS_PER_SIDE), STEP * (k // ROOMS_PER_SIDE))
                  for k in range(N_ROOMS))


def candidate_door_cell(edge: int, offset: int) -> tuple[int, int]:
    """Cell of segment ``edge`` at ``offset`` (0..5) along it."""
    vertical, line, first = EDGES[edge]
    return (line, first + offset) if vertical else (first + offset, line)


class Rand:
    """Buffered uniform floats from a numpy Generator (all level randomness comes from it).

    Drawing a block of floats at once and converting them in Python is about ten times faster
    than one ``Generator.integers`` call per draw; the stream is a pure function of the
    generator's state, so the same seed gives the same level.
    """

    __slots__ = ("_rng", "_buf", "_i", "_block")

    def __init__(self, rng: np.random.Generator, block: int = 256) -> None:
        self._rng, self._block = rng, block
        self._buf = rng.random(block).tolist()
        self._i = 0

    def uniform(self) -> float:
        i = self._i
        if i == self._block:
            self._buf = self._rng.random(self._block).tolist()
            i = 0
        self._i = i + 1
        return self._buf[i]

    def below(self, n: int) -> int:
        """Uniform int in 0 .. n-1."""
        return int(self.uniform() * n)
