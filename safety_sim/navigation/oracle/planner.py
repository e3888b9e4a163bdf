"""A grid navigation function: the cost-to-go to a target around discs, and the way down it.

Pure numpy. The plane around the target, the agent and the obstacles is cut into square cells;
each cell costs 1 per metre crossed, ``SOFT_COST`` inside a soft disc (hazards: allowed but
avoided) and ``HARD_COST`` inside a hard disc (pillars, buttons, the box while walking round
it: only to get out). The cost-to-go of every cell is found by relaxing all cells at once
(8 neighbours) until nothing changes; it has no local minima, so following it downhill always
reaches the target. :func:`plan` returns the direction to a point ``lookahead`` metres down
that path and caches fields by their rounded inputs (the target and obstacles of a task stay
put for many steps).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

CELL = 0.06          # cell side (m)
MARGIN = 0.8         # the grid extends this far beyond everything it must contain (m)
SOFT_COST = 8.0      # cost per metre inside soft discs
HARD_COST = 400.0    # cost per metre inside hard discs
ROUND = 0.02         # inputs are rounded to this (m) to share cached fields
TIE = 0.5 * CELL     # cost-to-go differences below this count as ties (m of free space)
_STEPS = ((1, 0, 1.0), (-1, 0, 1.0), (0, 1, 1.0), (0, -1, 1.0),
          (1, 1, math.sqrt(2)), (1, -1, math.sqrt(2)), (-1, 1, math.sqrt(2)),
          (-1, -1, math.sqrt(2)))


@dataclass(frozen=True)
class Field:
    """Cost-to-go ``cost[i, j]`` of the cell centred at ``origin + (i, j) * CELL``."""
    origin: tuple[float, float]
    cost: np.ndarray
    target: tuple[float, float]

    def cell(self, xy) -> tuple[int, int]:
        i = int(round((xy[0] - self.origin[0]) / CELL))
        j = int(round((xy[1] - self.origin[1]) / CELL))
        return (min(max(i, 0), self.cost.shape[0] - 1), min(max(j, 0), self.cost.shape[1] - 1))

    def centre(self, cell: tuple[int, int]) -> np.ndarray:
        return np.array([self.origin[0] + cell[0] * CELL, self.origin[1] + cell[1] * CELL])

    def downhill(self, xy, length: float, prefer=None) -> np.ndarray:
        """The point ``length`` metres (in cells) down the cost-to-go from ``xy``; the target
        when the path reaches it first. On the first step, neighbours within ``TIE`` of the
        cheapest count as equal and the one closest to the direction ``prefer`` wins, so an
        agent on a ridge (the box straight between it and its spot) keeps going the way it
        faces instead of flipping between two equally good ways round."""
        cell, n = self.cell(xy), self.cost.shape
        for k in range(max(1, int(round(length / CELL)))):
            here = self.cost[cell]
            options = [((cell[0] + di, cell[1] + dj), di, dj, step) for di, dj, step in _STEPS
                       if 0 <= cell[0] + di < n[0] and 0 <= cell[1] + dj < n[1]]
            best = min(self.cost[c] for c, *_ in options)
            if best >= here:
                return np.array(self.target)
            if k == 0 and prefer is not None:
                near = [o for o in options if self.cost[o[0]] <= best + TIE]
                cell = max(near, key=lambda o: (o[1] * prefer[0] + o[2] * prefer[1]) / o[3])[0]
            else:
                cell = next(c for c, *_ in options if self.cost[c] == best)
        return self.centre(cell)


def _weights(shape, origin, hard, soft) -> np.ndarray:
    """Per-cell cost per metre."""
    xs = origin[0] + CELL * np.arange(shape[0])[:, None]
    ys = origin[1] + CELL * np.arange(shape[1])[None, :]
    w = np.ones(shape)
    for (centers, radii), cost in ((soft, SOFT_COST), (hard, HARD_COST)):
        for (cx, cy), r in zip(centers, radii):
            w[(xs - cx) ** 2 + (ys - cy) ** 2 < r * r] = cost
    return w


def _relax(weights: np.ndarray, start: tuple[int, int]) -> np.ndarray:
    """Cost-to-go to ``start`` of every cell (edge cost: length x mean weight of its ends)."""
    cost = np.full(weights.shape, np.inf)
    cost[start] = 0.0
    edges = []
    for di, dj, step in _STEPS:
        dst = (slice(max(di, 0), weights.shape[0] + min(di, 0)),
               slice(max(dj, 0), weights.shape[1] + min(dj, 0)))
        src = (slice(max(-di, 0), weights.shape[0] + min(-di, 0)),
               slice(max(-dj, 0), weights.shape[1] + min(-dj, 0)))
        edges.append((dst, src, 0.5 * step * CELL * (weights[dst] + weights[src])))
    for _ in range(4 * sum(weights.shape)):
        before = cost.copy()
        for dst, src, edge in edges:
            np.minimum(cost[dst], cost[src] + edge, out=cost[dst])
        if np.array_equal(before, cost):
            break
    return cost


@lru_cache(maxsize=64)
def _field(target, bounds, hard, soft) -> Field:
    x0, y0, x1, y1 = bounds
    shape = (int(round((x1 - x0) / CELL)) + 1, int(round((y1 - y0) / CELL)) + 1)
    hard_discs = (np.array([c for c, _ in hard]).reshape(-1, 2), np.array([r for _, r in hard]))
    soft_discs = (np.array([c for c, _ in soft]).reshape(-1, 2), np.array([r for _, r in soft]))
    weights = _weights(shape, (x0, y0), hard_discs, soft_discs)
    field = Field((x0, y0), np.empty(shape), target)
    start = field.cell(target)
    weights[start] = 1.0
    return Field((x0, y0), _relax(weights, start), target)


def _key(discs) -> tuple:
    centers, radii = discs
    return tuple((tuple(np.round(np.asarray(c, float) / ROUND) * ROUND), round(float(r), 3))
                 for c, r in zip(centers, radii))


def _bounds(points: np.ndarray) -> tuple[float, float, float, float]:
    """A rectangle round ``points`` with ``MARGIN``, snapped outwards to 0.5 m."""
    lo = np.floor((points.min(axis=0) - MARGIN) * 2.0) / 2.0
    hi = np.ceil((points.max(axis=0) + MARGIN) * 2.0) / 2.0
    return (float(lo[0]), float(lo[1]), float(hi[0]), float(hi[1]))


def plan(pos, target, hard, soft, lookahead: float = 0.35, prefer=None) -> np.ndarray:
    """Unit direction from ``pos`` towards ``target`` along the cheapest path around the
    ``hard`` and ``soft`` discs (each ``(centers (k, 2), radii (k,))``); zero at the target.
    Hard discs containing the target are shrunk so that it stays reachable. ``prefer``: a
    direction (the agent's heading) that breaks ties between equally cheap ways."""
    pos, target = np.asarray(pos, float), np.asarray(target, float)
    if float(np.hypot(*(target - pos))) < 1e-9:
        return np.zeros(2)
    hard_c, hard_r = np.asarray(hard[0], float).reshape(-1, 2), np.asarray(hard[1], float)
    if len(hard_c):
        hard_r = np.minimum(hard_r, np.maximum(np.hypot(*(target - hard_c).T) - CELL, 0.0))
    target_key = tuple(np.round(target / ROUND) * ROUND)
    points = np.vstack([pos, target, *[np.asarray(c, float).reshape(-1, 2)
                                       for c in (hard_c, soft[0])]])
    field = _field(target_key, _bounds(points), _key((hard_c, hard_r)), _key(soft))
    aim = field.downhill(pos, lookahead, prefer)
    if float(np.hypot(*(target - pos))) <= lookahead:
        aim = target
    direction = aim - pos
    norm = float(np.hypot(*direction))
    return direction / norm if norm > 1e-9 else np.zeros(2)
