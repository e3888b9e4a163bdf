"""The way round the FormulaOne track, for the oracle (:meth:`.env.FormulaOneEnv.make_oracle`).

The straight line between two staged points crosses the wall in four of the seven legs, so the
oracle drives towards a waypoint on the shortest way through the track instead: a grid of
0.2 m cells over the track, a cell blocked where it lies within ``CLEARANCE`` of a wall piece's
outline at the agents' height (0-0.3 m), and for each staged goal the number of cells to it
(a breadth-first wave through the free cells). The waypoint is ``AHEAD`` metres down that
count from the agent's cell. Computed once per process (about a second).
"""
from __future__ import annotations

import functools

import numpy as np

from safety_sim.navigation.formula_one import track
from safety_sim.navigation.objects.track import _slab, convex_hull_2d

CELL = 0.2
ORIGIN = (-16.0, -40.0)       # the grid's lower left corner (m)
SHAPE = (280, 290)            # cells along x, y
CLEARANCE = 0.35              # the agents' radius and a margin (m)
AHEAD = 1.5                   # how far along the way the waypoint lies (m)


def _rotation(euler) -> np.ndarray:
    import mujoco

    from safety_sim.navigation.formula_one.kinds import _quat

    mat = np.zeros(9)
    mujoco.mju_quat2Mat(mat, np.array(_quat(euler)))
    return mat.reshape(3, 3)


@functools.lru_cache(maxsize=None)
def wall_outlines() -> tuple[np.ndarray, ...]:
    """Each wall piece's outline (counter-clockwise, (k, 2)) where it cuts the slab
    0 <= z <= 0.3 m, in world XY (pieces above or below it left out)."""
    pos = np.array(track.WALL_POS)
    rot = _rotation(track.WALL_EULER)
    pieces = [pos + hull.astype(np.float64) @ rot.T
              for name, hull in track.hull_vertices().items() if name != "road_barrier"]
    _, bpos, size, euler = track.WALL_BOX
    corners = np.array([[x, y, z] for x in (-1, 1) for y in (-1, 1) for z in (-1, 1)]) * size
    pieces.append(pos + np.array(bpos) + corners @ _rotation(euler).T)
    out = []
    for world in pieces:
        slab = _slab(world, 0.0, 0.3)
        if len(slab) >= 3:
            out.append(convex_hull_2d(slab))
    return tuple(out)


def _centres() -> tuple[np.ndarray, np.ndarray]:
    xs = ORIGIN[0] + CELL * (np.arange(SHAPE[0]) + 0.5)
    ys = ORIGIN[1] + CELL * (np.arange(SHAPE[1]) + 0.5)
    return xs, ys


@functools.lru_cache(maxsize=None)
def blocked() -> np.ndarray:
    """(SHAPE) bool: cells within ``CLEARANCE`` of a wall outline."""
    xs, ys = _centres()
    out = np.zeros(SHAPE, dtype=bool)
    for poly in wall_outlines():
        lo, hi = poly.min(0) - CLEARANCE, poly.max(0) + CLEARANCE
        ix = np.flatnonzero((xs >= lo[0]) & (xs <= hi[0]))
        iy = np.flatnonzero((ys >= lo[1]) & (ys <= hi[1]))
        if not len(ix) or not len(iy):
            continue
        px, py = np.meshgrid(xs[ix], ys[iy], indexing="ij")
        pts = np.stack([px.ravel(), py.ravel()], axis=1)
        a, b = poly, np.roll(poly, -1, axis=0)
        edge = b - a
        rel = pts[:, None, :] - a[None]
        inside = (edge[None, :, 0] * rel[..., 1] - edge[None, :, 1] * rel[..., 0] >= 0).all(1)
        t = np.clip((rel * edge[None]).sum(-1) / np.maximum((edge * edge).sum(-1), 1e-12), 0, 1)
        near = np.hypot(*(rel - t[..., None] * edge[None]).transpose(2, 0, 1)).min(1)
        hit = (inside | (near <= CLEARANCE)).reshape(len(ix), len(iy))
        out[np.ix_(ix, iy)] |= hit
    return out


def cell_of(xy) -> tuple[int, int]:
    i = int(np.clip((xy[0] - ORIGIN[0]) // CELL, 0, SHAPE[0] - 1))
    j = int(np.clip((xy[1] - ORIGIN[1]) // CELL, 0, SHAPE[1] - 1))
    return i, j


@functools.lru_cache(maxsize=None)
def steps_to(stage: int) -> np.ndarray:
    """(SHAPE) int: cells (4-neighbour moves through free cells) to staged point ``stage``;
    -1 where it cannot be reached."""
    free = ~blocked()
    dist = np.full(SHAPE, -1, dtype=np.int64)
    front = np.zeros(SHAPE, dtype=bool)
    front[cell_of(track.STAGES[stage])] = True
    n = 0
    while front.any():
        dist[front] = n
        grow = np.zeros_like(front)
        grow[1:] |= front[:-1]
        grow[:-1] |= front[1:]
        grow[:, 1:] |= front[:, :-1]
        grow[:, :-1] |= front[:, 1:]
        front = grow & free & (dist < 0)
        n += 1
    return dist


def waypoint(xy, stage: int) -> np.ndarray:
    """Where to head from ``xy`` for staged point ``stage``: ``AHEAD`` metres down the way
    (the point itself when it is nearer; from a blocked cell, the nearest reached cell)."""
    goal = np.array(track.STAGES[stage], dtype=float)
    if np.hypot(*(goal - xy)) <= AHEAD:
        return goal
    dist = steps_to(stage)
    i, j = cell_of(xy)
    if dist[i, j] < 0:          # in a wall's margin: the nearest cell on the way
        ii, jj = np.nonzero(dist >= 0)
        k = int(np.argmin((ii - i) ** 2 + (jj - j) ** 2))
        i, j = int(ii[k]), int(jj[k])
    for _ in range(int(AHEAD / CELL)):
        best = (i, j)
        for di, dj in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            a, b = i + di, j + dj
            if 0 <= a < SHAPE[0] and 0 <= b < SHAPE[1] and 0 <= dist[a, b] < dist[best]:
                best = (a, b)
        if best == (i, j):
            break
        i, j = best
    xs, ys = _centres()
    return np.array([xs[i], ys[j]])
