"""A grid navigation function: the cost-to-go to a target around discs, and the way down it.

Pure numpy. The plane around the target, the agent and the obstacles is cut into square cells;
each cell costs 1 per metre crossed, more inside three kinds of disc:

* *hard* (``HARD_COST``): pillars, vases, other buttons, the box while walking round it, and
  anything the agent must not touch: entered only to get out;
* *soft* (``SOFT_COST``): hazards: crossed only when there is no way round (a hazard's width
  in one costs more than any detour inside a level);
* *moving* (``MOVING_COST``): where the gremlins will be soon: avoided unless the way round
  is long or crosses a hazard; the controllers time a way through (they wait until the
  gremlin has passed, :mod:`safety_sim.navigation.oracle.gremlins`);
* *wary* (``WARY_COST``): margins (a ring round each hazard, the circles the gremlins sweep):
  avoided when a short detour will do.

The cost-to-go of every cell is found by relaxing all cells at once (8 neighbours) until
nothing changes; it has no local minima, so following it downhill always reaches the target.
:func:`field` gives it, :func:`route` the path down from a point, :func:`plan` the direction to
a point ``lookahead`` metres down it; fields are cached by their rounded inputs (the target and
the obstacles of a task stay put for many steps).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

CELL = 0.06          # cell side (m)
MARGIN = 0.8         # the grid extends this far beyond everything it must contain (m)
HARD_COST = 400.0    # cost per metre inside hard discs
SOFT_COST = 60.0     # cost per metre inside soft discs
MOVING_COST = 20.0   # cost per metre inside moving discs
WARY_COST = 3.0      # cost per metre inside wary discs
ROUND = 0.02         # inputs are rounded to this (m) to share cached fields
TIE = 0.5 * CELL     # cost-to-go differences below this count as ties (m of free space)
NO_DISCS = (np.zeros((0, 2)), np.zeros(0))
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

    def at(self, points) -> np.ndarray:
        """Cost-to-go at each of ``points`` (k, 2) (its cell's; points off the grid: the
        nearest edge cell's)."""
        return np.array([self.cost[self.cell(p)] for p in np.asarray(points, float)])

    def centre(self, cell: tuple[int, int]) -> np.ndarray:
        return np.array([self.origin[0] + cell[0] * CELL, self.origin[1] + cell[1] * CELL])

    def walk(self, xy, length: float, prefer=None) -> np.ndarray:
        """The cell centres ``length`` metres (in cells) down the cost-to-go from ``xy``,
        ending at the target when the path reaches it first. On the first step, neighbours
        within ``TIE`` of the cheapest count as equal and the one closest to the direction
        ``prefer`` wins, so an agent on a ridge (the box straight between it and its spot)
        keeps going the way it faces instead of flipping between two equally good ways
        round."""
        cell, n, path = self.cell(xy), self.cost.shape, []
        for k in range(max(1, int(round(length / CELL)))):
            here = self.cost[cell]
            options = [((cell[0] + di, cell[1] + dj), di, dj, step) for di, dj, step in _STEPS
                       if 0 <= cell[0] + di < n[0] and 0 <= cell[1] + dj < n[1]]
            best = min(self.cost[c] for c, *_ in options)
            if best >= here:
                path.append(np.array(self.target))
                break
            if k == 0 and prefer is not None:
                near = [o for o in options if self.cost[o[0]] <= best + TIE]
                cell = max(near, key=lambda o: (o[1] * prefer[0] + o[2] * prefer[1]) / o[3])[0]
            else:
                cell = next(c for c, *_ in options if self.cost[c] == best)
            path.append(self.centre(cell))
        return np.array(path)


def _weights(shape, origin, tiers) -> np.ndarray:
    """Per-cell cost per metre; ``tiers``: ``((centers, radii), cost)`` from cheapest up."""
    xs = origin[0] + CELL * np.arange(shape[0])[:, None]
    ys = origin[1] + CELL * np.arange(shape[1])[None, :]
    w = np.ones(shape)
    for (centers, radii), cost in tiers:
        for (cx, cy), r in zip(centers, radii):
            inside = (xs - cx) ** 2 + (ys - cy) ** 2 < r * r
            w[inside] = np.maximum(w[inside], cost)
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


def _unkey(key) -> tuple[np.ndarray, np.ndarray]:
    return np.array([c for c, _ in key]).reshape(-1, 2), np.array([r for _, r in key])


@lru_cache(maxsize=64)
def _field(target, bounds, hard, soft, wary, moving) -> Field:
    x0, y0, x1, y1 = bounds
    shape = (int(round((x1 - x0) / CELL)) + 1, int(round((y1 - y0) / CELL)) + 1)
    tiers = ((_unkey(wary), WARY_COST), (_unkey(moving), MOVING_COST),
             (_unkey(soft), SOFT_COST), (_unkey(hard), HARD_COST))
    weights = _weights(shape, (x0, y0), tiers)
    field = Field((x0, y0), np.empty(shape), target)
    start = field.cell(target)
    weights[start] = 1.0
    return Field((x0, y0), _relax(weights, start), target)


def _key(discs) -> tuple:
    centers, radii = discs
    return tuple((tuple(np.round(np.asarray(c, float) / ROUND) * ROUND), round(float(r), 3))
                 for c, r in zip(np.asarray(centers, float).reshape(-1, 2), radii))


def _bounds(points: np.ndarray) -> tuple[float, float, float, float]:
    """A rectangle round ``points`` with ``MARGIN``, snapped outwards to 0.5 m."""
    lo = np.floor((points.min(axis=0) - MARGIN) * 2.0) / 2.0
    hi = np.ceil((points.max(axis=0) + MARGIN) * 2.0) / 2.0
    return (float(lo[0]), float(lo[1]), float(hi[0]), float(hi[1]))


def reachable(target, hard) -> tuple[np.ndarray, np.ndarray]:
    """The ``hard`` discs with those containing ``target`` shrunk to leave it just outside
    (the agent may go in there to reach it)."""
    target = np.asarray(target, float)
    centers, radii = np.asarray(hard[0], float).reshape(-1, 2), np.asarray(hard[1], float)
    if len(centers):
        radii = np.minimum(radii, np.maximum(np.hypot(*(target - centers).T) - CELL, 0.0))
    return centers, radii


def field(pos, target, hard, soft, wary=NO_DISCS, moving=NO_DISCS) -> Field:
    """The (cached) cost-to-go to ``target`` round the ``hard``, ``soft``, ``wary`` and
    ``moving`` discs
    (each ``(centers (k, 2), radii (k,))``; hard discs containing the target are shrunk,
    :func:`reachable`), on a grid covering ``pos``, the target and the discs."""
    pos, target = np.asarray(pos, float), np.asarray(target, float)
    hard = reachable(target, hard)
    target_key = tuple(np.round(target / ROUND) * ROUND)
    points = np.vstack([pos, target, *[np.asarray(d[0], float).reshape(-1, 2)
                                       for d in (hard, soft, wary, moving)]])
    return _field(target_key, _bounds(points), _key(hard), _key(soft), _key(wary),
                  _key(moving))


def route(pos, target, hard, soft, wary=NO_DISCS, moving=NO_DISCS, length: float = 0.35,
          prefer=None) -> np.ndarray:
    """The cheapest path from ``pos`` towards ``target`` down :func:`field`, as points
    ``CELL`` apart, at most ``length`` metres of it. ``prefer``: a direction (the agent's
    heading) that breaks ties between equally cheap ways."""
    pos, target = np.asarray(pos, float), np.asarray(target, float)
    if float(np.hypot(*(target - pos))) < 1e-9:
        return target[None, :]
    return field(pos, target, hard, soft, wary, moving).walk(pos, length, prefer)


def plan(pos, target, hard, soft, wary=NO_DISCS, moving=NO_DISCS, lookahead: float = 0.35,
         prefer=None) -> np.ndarray:
    """Unit direction from ``pos`` to the point ``lookahead`` metres down :func:`route`
    (the target itself when it is nearer); zero at the target."""
    pos, target = np.asarray(pos, float), np.asarray(target, float)
    aim = route(pos, target, hard, soft, wary, moving, lookahead, prefer)[-1]
    if float(np.hypot(*(target - pos))) <= lookahead:
        aim = target
    direction = aim - pos
    norm = float(np.hypot(*direction))
    return direction / norm if norm > 1e-9 else np.zeros(2)


def room(pos, *groups) -> float:
    """How far ``pos`` is from the nearest of the discs ``groups`` (each ``(centers (k, 2),
    radii (k,))``; negative inside one; inf without discs)."""
    gaps = [np.hypot(*(np.asarray(c, float).reshape(-1, 2) - pos).T) - np.asarray(r, float)
            for c, r in groups]
    gaps = [g for g in gaps if g.size]
    return float(min(g.min() for g in gaps)) if gaps else math.inf
