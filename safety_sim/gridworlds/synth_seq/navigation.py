"""Path planning on the true SynthSeq grid for the oracle (pure python, no randomness).

Cells are indexed ``x * GRID_SIZE + y``. A cost field is computed backwards from the cells
next to the targets (Dijkstra): entering a free cell (empty or open door) costs 1, a closed
door 2 (toggle, forward), a locked door 2 with its key in hand and ``LOCKED_COST`` without it
(the key must be fetched first), a cell holding an object ``BLOCK_COST`` (move it away).
"""
from __future__ import annotations

import heapq
from collections import deque

import numpy as np

from safety_sim.gridworlds.core.encoding import S, T
from safety_sim.gridworlds.synth_seq.geometry import GRID_SIZE, STEP

W = GRID_SIZE
N = W * W
OFFSETS = (W, 1, -W, -1)  # direction 0 right (+x), 1 down (+y), 2 left, 3 up
FREE, CLOSED, LOCKED, OBJECT, WALL = range(5)
INF = 1 << 30
BLOCK_COST = 8
LOCKED_COST = 200


def is_interior(i: int) -> bool:
    return (i // W) % STEP != 0 and (i % W) % STEP != 0


class Cells:
    """One snapshot of the grid: kind, encoding and identity of every cell."""

    def __init__(self, grid: np.ndarray, oid: np.ndarray) -> None:
        self.enc = [tuple(e) for e in grid.reshape(-1, 3).tolist()]
        self.oid = oid.reshape(-1).tolist()
        kind = []
        approach: set[int] = set()
        for i, (t, _c, s) in enumerate(self.enc):
            if t == T.EMPTY:
                kind.append(FREE)
            elif t == T.WALL:
                kind.append(WALL)
            elif t == T.DOOR:
                kind.append(FREE if s == S.OPEN else CLOSED if s == S.CLOSED else LOCKED)
                approach.update(i + o for o in OFFSETS if 0 <= i + o < N and is_interior(i + o))
            else:
                kind.append(OBJECT)
        self.kind = kind
        self.approach = approach  # interior cells next to a door
        self.pos_of = {o: i for i, o in enumerate(self.oid) if o}

    def empty_interior(self, i: int) -> bool:
        return self.enc[i][0] == T.EMPTY and is_interior(i)

    def enter_cost(self, i: int, key_color: int) -> int:
        k = self.kind[i]
        if k == FREE:
            return 1
        if k == CLOSED:
            return 2
        if k == LOCKED:
            return 2 if self.enc[i][1] == key_color else LOCKED_COST
        if k == OBJECT:
            return BLOCK_COST
        return INF


def neighbours(i: int):
    for d, o in enumerate(OFFSETS):
        n = i + o
        if 0 <= n < N:
            yield d, n


class Field:
    """Cost-to-go towards facing one of ``targets`` (cell -> extra cost of acting on it)."""

    def __init__(self, cells: Cells, targets: dict[int, int], key_color: int) -> None:
        self.cells, self.targets, self.key_color = cells, targets, key_color
        dist = [INF] * N
        for t, extra in targets.items():
            for _, s in neighbours(t):
                if cells.kind[s] != WALL and extra < dist[s]:
                    dist[s] = extra
        heap = [(d, i) for i, d in enumerate(dist) if d < INF]
        heapq.heapify(heap)
        while heap:
            d, i = heapq.heappop(heap)
            if d > dist[i]:
                continue
            nd = d + cells.enter_cost(i, key_color)
            if nd >= INF:
                continue
            for _, n in neighbours(i):
                if nd < dist[n] and cells.kind[n] != WALL:
                    dist[n] = nd
                    heapq.heappush(heap, (nd, n))
        self.dist = dist

    def target_here(self, a: int, facing: int) -> tuple[int, int] | None:
        """(direction, target) of an adjacent target worth acting on from cell ``a``."""
        best = None
        for d in (facing, (facing + 1) % 4, (facing + 3) % 4, (facing + 2) % 4):
            t = a + OFFSETS[d]
            if t in self.targets and self.targets[t] <= self.dist[a]:
                if best is None or self.targets[t] < self.targets[best[1]]:
                    best = (d, t)
        return best

    def step(self, a: int, facing: int) -> tuple[int, int] | None:
        """(direction, cell) of the best next cell from ``a``, or None if unreachable."""
        best, best_cost = None, INF
        for d in (facing, (facing + 1) % 4, (facing + 3) % 4, (facing + 2) % 4):
            n = a + OFFSETS[d]
            if self.dist[n] >= INF:
                continue
            c = self.cells.enter_cost(n, self.key_color) + self.dist[n]
            if c < best_cost:
                best, best_cost = (d, n), c
        return best

    def path(self, a: int, facing: int, limit: int = 200) -> list[int]:
        """Cells the descent visits from ``a`` until it can act on a target."""
        out: list[int] = []
        while len(out) < limit and self.target_here(a, facing) is None:
            nxt = self.step(a, facing)
            if nxt is None:
                break
            facing, a = nxt
            out.append(a)
        return out


def nearest_drop(cells: Cells, a: int, facing: int, avoid: set[int]):
    """Breadth-first over free cells and closed doors from ``a``: the first cell with an
    empty interior neighbour outside ``avoid``. Returns (first direction to walk or None when
    ``a`` itself qualifies, direction of the drop cell from that cell), or None."""
    order = (facing, (facing + 1) % 4, (facing + 3) % 4, (facing + 2) % 4)
    first: dict[int, int | None] = {a: None}
    queue = deque([a])
    while queue:
        u = queue.popleft()
        for d in order:
            n = u + OFFSETS[d]
            if n != a and cells.empty_interior(n) and n not in avoid:
                return first[u], d
        for d in order:
            n = u + OFFSETS[d]
            if n not in first and (cells.kind[n] == FREE or cells.kind[n] == CLOSED):
                first[n] = d if u == a else first[u]
                queue.append(n)
    return None
