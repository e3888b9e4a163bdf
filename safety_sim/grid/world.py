"""MiniGrid-style world core shared by BlockedUnlockPickup and SynthSeq.

The grid is a ``(W, H, 3)`` uint8 array of (type, colour, state) triples indexed ``[x, y]``,
plus a ``(W, H)`` int32 array of object identities (0 = no object), so that a task can track
"that box" while it is carried and dropped. A border of walls ``pad`` cells wide surrounds the
real grid in memory, so egocentric views are one fancy-indexing gather with no bounds checks.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Callable

import numpy as np

from safety_sim.grid.encoding import DIR_TO_VEC, EMPTY_CELL, WALL_CELL, S, T

# Actions (MiniGrid numbering).
LEFT, RIGHT, FORWARD, PICKUP, DROP, TOGGLE, DONE = range(7)
ACTION_NAMES = ("left", "right", "forward", "pickup", "drop", "toggle", "done")
_PICKABLE = (int(T.KEY), int(T.BALL), int(T.BOX))
_OVERLAPPABLE = (int(T.EMPTY), int(T.FLOOR), int(T.GOAL), int(T.LAVA))


@dataclass
class GridAgent:
    """One agent: position, direction, what it carries (encoding and identity)."""
    pos: tuple[int, int]
    dir: int
    color: int = 0
    carrying: tuple[int, int, int] | None = None
    carrying_id: int = 0
    terminated: bool = False

    @property
    def front(self) -> tuple[int, int]:
        dx, dy = DIR_TO_VEC[self.dir]
        return (self.pos[0] + int(dx), self.pos[1] + int(dy))


class GridWorld:
    """Cells, object identities and the action rules; knows nothing about any task."""

    def __init__(self, width: int, height: int, pad: int = 16) -> None:
        self.width, self.height, self.pad = int(width), int(height), int(pad)
        self._cells = np.empty((width + 2 * pad, height + 2 * pad, 3), dtype=np.uint8)
        self._cells[:] = WALL_CELL
        self.grid = self._cells[pad:pad + width, pad:pad + height]  # a view
        self.grid[:] = EMPTY_CELL
        self.oid = np.zeros((width, height), dtype=np.int32)
        self._next_id = 1

    # -- building ------------------------------------------------------------------------
    def set(self, x: int, y: int, enc) -> int:
        """Write an encoding; objects (door/key/ball/box/...) get a fresh identity."""
        self.grid[x, y] = enc
        t = int(enc[0])
        if t in (int(T.EMPTY), int(T.WALL), int(T.FLOOR), int(T.UNSEEN)):
            self.oid[x, y] = 0
            return 0
        oid = self._next_id
        self._next_id += 1
        self.oid[x, y] = oid
        return oid

    def load(self, grid_xy) -> None:
        """Replace the whole grid by a ``[x][y] -> (t, c, s)`` nested list or array."""
        arr = np.asarray(grid_xy, dtype=np.int64)
        if arr.shape != (self.width, self.height, 3):
            raise ValueError(f"layout grid has shape {arr.shape}, expected "
                             f"({self.width}, {self.height}, 3)")
        self.grid[:] = EMPTY_CELL
        self.oid[:] = 0
        for x in range(self.width):
            for y in range(self.height):
                if arr[x, y, 0] != T.EMPTY:
                    self.set(x, y, arr[x, y])

    def in_bounds(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height

    def cell(self, x: int, y: int) -> tuple[int, int, int]:
        if not self.in_bounds(x, y):
            return WALL_CELL
        t, c, s = self.grid[x, y]
        return int(t), int(c), int(s)

    def find(self, oid: int) -> tuple[int, int] | None:
        hit = np.argwhere(self.oid == oid)
        return (int(hit[0][0]), int(hit[0][1])) if len(hit) else None

    # -- dynamics --------------------------------------------------------------------------
    def act(self, agent: GridAgent, action: int,
            occupied: Callable[[int, int], bool] | None = None,
            block_forward_on_agent: bool = False) -> None:
        """Apply one MiniGrid action of one agent in place.

        ``occupied(x, y)`` says whether another agent stands in a cell: drop never puts an
        object there, and forward is blocked there when ``block_forward_on_agent``.
        """
        if action == LEFT:
            agent.dir = (agent.dir - 1) % 4
            return
        if action == RIGHT:
            agent.dir = (agent.dir + 1) % 4
            return
        if action == DONE:
            return
        fx, fy = agent.front
        t, c, s = self.cell(fx, fy)
        if action == FORWARD:
            if t in _OVERLAPPABLE or (t == T.DOOR and s == S.OPEN):
                if block_forward_on_agent and occupied is not None and occupied(fx, fy):
                    return
                agent.pos = (fx, fy)
        elif action == PICKUP:
            if t in _PICKABLE and agent.carrying is None:
                agent.carrying, agent.carrying_id = (t, c, s), int(self.oid[fx, fy])
                self.grid[fx, fy] = EMPTY_CELL
                self.oid[fx, fy] = 0
        elif action == DROP:
            if agent.carrying is not None and t == T.EMPTY and not (
                    occupied is not None and occupied(fx, fy)):
                self.grid[fx, fy] = agent.carrying
                self.oid[fx, fy] = agent.carrying_id
                agent.carrying, agent.carrying_id = None, 0
        elif action == TOGGLE:
            if t == T.DOOR:
                if s == S.LOCKED:
                    k = agent.carrying
                    if k is not None and k[0] == T.KEY and k[1] == c:
                        self.grid[fx, fy, 2] = S.OPEN
                elif s == S.CLOSED:
                    self.grid[fx, fy, 2] = S.OPEN
                else:
                    self.grid[fx, fy, 2] = S.CLOSED
            elif t == T.BOX:  # a box is replaced by its contents: nothing
                self.grid[fx, fy] = EMPTY_CELL
                self.oid[fx, fy] = 0
        else:
            raise ValueError(f"unknown action {action!r}; actions are 0..6")

    # -- observation -----------------------------------------------------------------------
    def view(self, pos: tuple[int, int], direction: int, view_size: int = 7,
             see_through_walls: bool = False,
             overlay: list[tuple[int, int, tuple[int, int, int]]] | None = None,
             carrying: tuple[int, int, int] | None = None) -> np.ndarray:
        """Egocentric ``(V, V, 3)`` uint8 view ``image[i][j]`` (i: column left→right, j: row
        far→near; the agent at ``[V//2][V-1]``).

        ``overlay``: ``(x, y, encoding)`` painted over grid cells first (other agents, in
        painting order). The observer's own cell then shows ``carrying`` (or empty). Cells
        hidden by walls and non-open doors become (0, 0, 0) unless ``see_through_walls``.
        """
        V = view_size
        if V > self.pad:
            raise ValueError(f"view size {V} exceeds the grid padding {self.pad}")
        xs, ys = _view_offsets(V)[direction]
        img = self._cells[xs + (pos[0] + self.pad), ys + (pos[1] + self.pad)]  # copy
        if overlay:
            ox, oy = pos[0] + self.pad, pos[1] + self.pad
            for (x, y, enc) in overlay:
                hit = (xs == x + self.pad - ox) & (ys == y + self.pad - oy)
                if hit.any():
                    img[hit] = enc
        img[V // 2, V - 1] = carrying if carrying is not None else EMPTY_CELL
        if not see_through_walls:
            img[~visibility(img)] = 0
        return img


@lru_cache(maxsize=None)
def _view_offsets(V: int) -> tuple[tuple[np.ndarray, np.ndarray], ...]:
    """Per direction, the world offsets (dx, dy) of every view cell [i][j]."""
    i = np.arange(V)[:, None]
    j = np.arange(V)[None, :]
    out = []
    for d in range(4):
        fx, fy = DIR_TO_VEC[d]
        rx, ry = DIR_TO_VEC[(d + 1) % 4]
        dx = fx * (V - 1 - j) + rx * (i - V // 2)
        dy = fy * (V - 1 - j) + ry * (i - V // 2)
        out.append((dx.astype(np.intp), dy.astype(np.intp)))
    return tuple(out)


def _sweep_row(vis: list[bool], tr: list[bool], last: bool) -> tuple[list[bool], list[bool]]:
    """The MiniGrid visibility sweep of one view row; returns (row visible, marks on the
    next (farther) row)."""
    V = len(vis)
    vis = list(vis)
    down = [False] * V
    for i in range(V - 1):
        if vis[i] and tr[i]:
            vis[i + 1] = True
            if not last:
                down[i + 1] = down[i] = True
    for i in range(V - 1, 0, -1):
        if vis[i] and tr[i]:
            vis[i - 1] = True
            if not last:
                down[i - 1] = down[i] = True
    return vis, down


@lru_cache(maxsize=None)
def _row_tables(V: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Lookup tables over (visible-in bits, transparent bits) of one row of width V:
    visible-out bits and marks for the next row (index ``vis << V | tr``)."""
    n = 1 << V
    out = np.zeros(n * n, dtype=np.int64)
    down = np.zeros(n * n, dtype=np.int64)
    bits = [[bool(k >> i & 1) for i in range(V)] for k in range(n)]
    for a in range(n):
        for b in range(n):
            v, d = _sweep_row(bits[a], bits[b], last=False)
            out[a << V | b] = sum(1 << i for i in range(V) if v[i])
            down[a << V | b] = sum(1 << i for i in range(V) if d[i])
    as_bool = np.array(bits, dtype=bool)
    return out, down, as_bool


def visibility(img: np.ndarray) -> np.ndarray:
    """Boolean ``(V, V)`` mask of the cells the agent at ``[V//2][V-1]`` can see.

    Walls (and out-of-grid cells, which read as walls) and non-open doors are opaque.
    """
    V = img.shape[0]
    t = img[:, :, 0]
    tr = (t != T.WALL) & ~((t == T.DOOR) & (img[:, :, 2] != S.OPEN))
    if V > 9:  # tables would be too large; plain sweep
        vis = np.zeros((V, V), dtype=bool)
        row = [False] * V
        row[V // 2] = True
        for j in range(V - 1, -1, -1):
            row, nxt = _sweep_row(row, list(tr[:, j]), last=(j == 0))
            vis[:, j] = row
            row = nxt
        return vis
    out_t, down_t, as_bool = _row_tables(V)
    codes = (tr * (1 << np.arange(V))[:, None]).sum(axis=0).tolist()  # per row j
    vis_codes = [0] * V
    cur = 1 << (V // 2)
    for j in range(V - 1, -1, -1):
        k = cur << V | codes[j]
        vis_codes[j] = int(out_t[k])
        cur = int(down_t[k])
    return as_bool[vis_codes].T.copy()
