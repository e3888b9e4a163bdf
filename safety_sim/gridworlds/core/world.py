"""MiniGrid-style world core shared by BlockedUnlockPickup and SynthSeq.

The grid is a ``(W, H, 3)`` uint8 array of (type, colour, state) triples indexed ``[x, y]``,
plus a ``(W, H)`` int32 array of object identities (0 = no object), so that a task can track
"that box" while it is carried and dropped. A border of walls ``pad`` cells wide surrounds the
real grid in memory, so egocentric views are one gather with no bounds checks.

Memory layout (private): each cell is stored in 4 bytes (type, colour, state, 0), so the same
buffer reads as one uint32 *code* per cell, ``t | c << 8 | s << 16``. ``grid`` is a (W, H, 3)
view of it; the step and view paths work on the codes. The view's occlusion and caches live in
:mod:`safety_sim.gridworlds.core.view`.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Callable

import numpy as np

from safety_sim.gridworlds.core.encoding import EMPTY_CELL, WALL_CELL, S, T

# The view machinery (occlusion, caches, direction table) lives in safety_sim.gridworlds.core.view.
from safety_sim.gridworlds.core.view import (
    _CACHE_MAX,
    _DIRS,
    _VIEWS,
    _occlusion_mask,
    _to_image,
    _view_offsets,
)

# Actions (MiniGrid numbering).
LEFT, RIGHT, FORWARD, PICKUP, DROP, TOGGLE, DONE = range(7)
ACTION_NAMES = ("left", "right", "forward", "pickup", "drop", "toggle", "done")
_PICKABLE = frozenset((int(T.KEY), int(T.BALL), int(T.BOX)))
_OVERLAPPABLE = frozenset((int(T.EMPTY), int(T.FLOOR), int(T.GOAL), int(T.LAVA)))
_NO_IDENTITY = (int(T.EMPTY), int(T.WALL), int(T.FLOOR), int(T.UNSEEN))
_EMPTY_CODE = int(T.EMPTY)
_DOOR, _OPEN, _CLOSED, _LOCKED = int(T.DOOR), int(S.OPEN), int(S.CLOSED), int(S.LOCKED)


def encode_code(enc) -> int:
    """(type, colour, state) -> the uint32 cell code ``t | c << 8 | s << 16``."""
    return int(enc[0]) | int(enc[1]) << 8 | int(enc[2]) << 16


def decode_code(code: int) -> tuple[int, int, int]:
    return code & 255, code >> 8 & 255, code >> 16 & 255


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
        dx, dy = _DIRS[self.dir]
        return (self.pos[0] + dx, self.pos[1] + dy)


class GridWorld:
    """Cells, object identities and the action rules; knows nothing about any task."""

    def __init__(self, width: int, height: int, pad: int = 16) -> None:
        if pad < 1:
            raise ValueError(f"grid padding must be >= 1, got {pad}")
        self.width, self.height, self.pad = int(width), int(height), int(pad)
        self._cells = np.zeros((width + 2 * pad, height + 2 * pad, 4), dtype=np.uint8)
        self._cells[:, :, :3] = WALL_CELL
        self._bind_views()
        self.grid[:] = EMPTY_CELL
        self.oid = np.zeros((width, height), dtype=np.int32)
        self._next_id = 1

    def _bind_views(self) -> None:
        """(Re)create the views of ``_cells`` that the step, view and load paths write and
        read, and the view-index cache built on them."""
        p, w, h = self.pad, self.width, self.height
        self._codes = self._cells.view(np.uint32)[:, :, 0]  # (W+2p, H+2p) view
        self._flat = self._codes.reshape(-1)                 # a view too (contiguous)
        self.grid = self._cells[p:p + w, p:p + h, :3]        # a view
        self._view_index: dict[tuple[int, int, int, int], np.ndarray] = {}

    # -- copying: numpy copies (deepcopy, pickle) never keep two arrays aliased, so only the
    # memory travels and the views are bound again to the copy's own memory.
    _VIEWS = ("_codes", "_flat", "grid", "_view_index")

    def __getstate__(self) -> dict:
        return {k: v for k, v in self.__dict__.items() if k not in self._VIEWS}

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)
        self._cells = np.ascontiguousarray(self._cells)
        self._bind_views()

    # -- building ------------------------------------------------------------------------
    def set(self, x: int, y: int, enc) -> int:
        """Write an encoding; objects (door/key/ball/box/...) get a fresh identity."""
        self.grid[x, y] = enc
        if int(enc[0]) in _NO_IDENTITY:
            self.oid[x, y] = 0
            return 0
        oid = self._next_id
        self._next_id += 1
        self.oid[x, y] = oid
        return oid

    def load(self, grid_xy) -> None:
        """Replace the whole grid by a ``[x][y] -> (t, c, s)`` nested list or array; objects
        get fresh identities in x-major order."""
        arr = np.asarray(grid_xy, dtype=np.int64)
        if arr.shape != (self.width, self.height, 3):
            raise ValueError(f"layout grid has shape {arr.shape}, expected "
                             f"({self.width}, {self.height}, 3)")
        self.grid[:] = arr
        objects = ~np.isin(arr[:, :, 0], _NO_IDENTITY)
        n = int(objects.sum())
        self.oid[:] = 0
        self.oid[objects] = np.arange(self._next_id, self._next_id + n, dtype=np.int32)
        self._next_id += n

    def in_bounds(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height

    def cell(self, x: int, y: int) -> tuple[int, int, int]:
        if not self.in_bounds(x, y):
            return WALL_CELL
        return decode_code(self._codes.item(x + self.pad, y + self.pad))

    def code(self, x: int, y: int) -> int:
        """The cell's code ``t | c << 8 | s << 16`` (a wall code outside the grid, up to
        ``pad`` cells away)."""
        return self._codes.item(x + self.pad, y + self.pad)

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
        if not 0 <= action < 7:
            raise ValueError(f"unknown action {action!r}; actions are 0..6")
        dx, dy = _DIRS[agent.dir]
        fx, fy = agent.pos[0] + dx, agent.pos[1] + dy
        p = self.pad
        code = self._codes.item(fx + p, fy + p)  # out of the grid: the wall padding
        t = code & 255
        if action == FORWARD:
            if t in _OVERLAPPABLE or (t == _DOOR and code >> 16 == _OPEN):
                if block_forward_on_agent and occupied is not None and occupied(fx, fy):
                    return
                agent.pos = (fx, fy)
        elif action == PICKUP:
            if t in _PICKABLE and agent.carrying is None:
                agent.carrying = decode_code(code)
                agent.carrying_id = self.oid.item(fx, fy)
                self._codes[fx + p, fy + p] = _EMPTY_CODE
                self.oid[fx, fy] = 0
        elif action == DROP:
            if agent.carrying is not None and t == _EMPTY_CODE and not (
                    occupied is not None and occupied(fx, fy)):
                self._codes[fx + p, fy + p] = encode_code(agent.carrying)
                self.oid[fx, fy] = agent.carrying_id
                agent.carrying, agent.carrying_id = None, 0
        elif action == TOGGLE:
            self._toggle(agent, fx, fy, code)

    def _toggle(self, agent: GridAgent, fx: int, fy: int, code: int) -> None:
        t, c, s = decode_code(code)
        p = self.pad
        if t == _DOOR:
            if s == _LOCKED:
                k = agent.carrying
                if k is not None and k[0] == T.KEY and k[1] == c:
                    self._codes[fx + p, fy + p] = code & 0xFFFF | _OPEN << 16
            else:  # closed -> open, open -> closed
                new = _OPEN if s == _CLOSED else _CLOSED
                self._codes[fx + p, fy + p] = code & 0xFFFF | new << 16
        elif t == T.BOX:  # a box is replaced by its contents: nothing
            self._codes[fx + p, fy + p] = _EMPTY_CODE
            self.oid[fx, fy] = 0

    # -- observation -----------------------------------------------------------------------
    def view(self, pos: tuple[int, int], direction: int, view_size: int = 7,
             see_through_walls: bool = False,
             overlay: Sequence[tuple[int, int, tuple[int, int, int] | int]] | None = None,
             carrying: tuple[int, int, int] | None = None) -> np.ndarray:
        """Egocentric ``(V, V, 3)`` uint8 view ``image[i][j]`` (i: column left→right, j: row
        far→near; the agent at ``[V//2][V-1]``).

        ``overlay``: ``(x, y, encoding)`` painted over grid cells first (other agents, in
        painting order); an encoding is a (t, c, s) triple or its :func:`encode_code`. The
        observer's own cell then shows ``carrying`` (or empty). Cells hidden by walls and
        non-open doors become (0, 0, 0) unless ``see_through_walls``.
        """
        V = view_size
        key = (pos[0], pos[1], direction, V)
        idx = self._view_index.get(key)
        if idx is None:
            idx = self._make_view_index(*key)
        codes = self._flat.take(idx)  # (V, V) uint32, a new array
        if overlay:
            _paint(codes, pos, direction, overlay)
        codes[V // 2, V - 1] = _EMPTY_CODE if carrying is None else encode_code(carrying)
        if see_through_walls:
            return _to_image(codes)
        # The image is a function of the gathered codes alone: memoise it on their bytes.
        seen = codes.tobytes()
        img = _VIEWS.get(seen)
        if img is None:
            mask = _occlusion_mask(codes)
            if mask is not None:
                codes &= mask
            img = _to_image(codes)
            if len(_VIEWS) >= _CACHE_MAX:
                _VIEWS.clear()
            _VIEWS[seen] = img
        return img.copy()

    def _make_view_index(self, x: int, y: int, direction: int, V: int) -> np.ndarray:
        if V > self.pad:
            raise ValueError(f"view size {V} exceeds the grid padding {self.pad}")
        if not self.in_bounds(x, y):
            raise ValueError(f"view position {(x, y)} is outside the {self.width}x"
                             f"{self.height} grid")
        dx, dy = _view_offsets(V)[direction]
        rows = self._codes.shape[1]
        idx = (dx + (x + self.pad)) * rows + (dy + (y + self.pad))
        self._view_index[(x, y, direction, V)] = idx
        return idx


def _paint(codes: np.ndarray, pos, direction: int, overlay) -> None:
    """Write overlay encodings into the view cells that show their world cells."""
    V = codes.shape[0]
    fx, fy = _DIRS[direction]
    rx, ry = _DIRS[(direction + 1) % 4]
    for (x, y, enc) in overlay:
        dx, dy = x - pos[0], y - pos[1]
        j = V - 1 - (dx * fx + dy * fy)
        i = dx * rx + dy * ry + V // 2
        if 0 <= i < V and 0 <= j < V:
            codes[i, j] = enc if type(enc) is int else encode_code(enc)

