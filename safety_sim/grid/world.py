"""MiniGrid-style world core shared by BlockedUnlockPickup and SynthSeq.

The grid is a ``(W, H, 3)`` uint8 array of (type, colour, state) triples indexed ``[x, y]``,
plus a ``(W, H)`` int32 array of object identities (0 = no object), so that a task can track
"that box" while it is carried and dropped. A border of walls ``pad`` cells wide surrounds the
real grid in memory, so egocentric views are one gather with no bounds checks.

Memory layout (private): each cell is stored in 4 bytes (type, colour, state, 0), so the same
buffer reads as one uint32 *code* per cell, ``t | c << 8 | s << 16``. ``grid`` is a (W, H, 3)
view of it; the step and view paths work on the codes.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Callable

import numpy as np

from safety_sim.grid.encoding import EMPTY_CELL, WALL_CELL, S, T

# Actions (MiniGrid numbering).
LEFT, RIGHT, FORWARD, PICKUP, DROP, TOGGLE, DONE = range(7)
ACTION_NAMES = ("left", "right", "forward", "pickup", "drop", "toggle", "done")
_PICKABLE = frozenset((int(T.KEY), int(T.BALL), int(T.BOX)))
_OVERLAPPABLE = frozenset((int(T.EMPTY), int(T.FLOOR), int(T.GOAL), int(T.LAVA)))
_NO_IDENTITY = (int(T.EMPTY), int(T.WALL), int(T.FLOOR), int(T.UNSEEN))
# Direction id -> (dx, dy) as plain ints (encoding.DIR_TO_VEC as tuples, for the hot path).
_DIRS = ((1, 0), (0, 1), (-1, 0), (0, -1))
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
        self._codes = self._cells.view(np.uint32)[:, :, 0]  # (W+2p, H+2p) view
        self._flat = self._codes.reshape(-1)                 # a view too (contiguous)
        self.grid = self._cells[pad:pad + width, pad:pad + height, :3]  # a view
        self.grid[:] = EMPTY_CELL
        self.oid = np.zeros((width, height), dtype=np.int32)
        self._next_id = 1
        self._view_index: dict[tuple[int, int, int, int], np.ndarray] = {}

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
             overlay: list[tuple[int, int, tuple[int, int, int]]] | None = None,
             carrying: tuple[int, int, int] | None = None) -> np.ndarray:
        """Egocentric ``(V, V, 3)`` uint8 view ``image[i][j]`` (i: column left→right, j: row
        far→near; the agent at ``[V//2][V-1]``).

        ``overlay``: ``(x, y, encoding)`` painted over grid cells first (other agents, in
        painting order); an encoding is a (t, c, s) triple or its :func:`encode_code`. The observer's own cell then shows ``carrying`` (or empty). Cells
        hidden by walls and non-open doors become (0, 0, 0) unless ``see_through_walls``.
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
        key = codes.tobytes()
        img = _VIEWS.get(key)
        if img is None:
            mask = _occlusion_mask(codes)
            if mask is not None:
                codes &= mask
            img = _to_image(codes)
            if len(_VIEWS) >= _CACHE_MAX:
                _VIEWS.clear()
            _VIEWS[key] = img
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


# Memoised occluded views, keyed by the bytes of the gathered (V, V) codes (after painting),
# and occlusion masks, keyed by the rows' transparency bits (far fewer patterns).
_VIEWS: dict[bytes, np.ndarray] = {}
_MASKS: dict[tuple[int, ...], np.ndarray | None] = {}
_CACHE_MAX = 1 << 14


def _to_image(codes: np.ndarray) -> np.ndarray:
    V = codes.shape[0]
    return codes.view(np.uint8).reshape(V, V, 4)[:, :, :3].copy()


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


@lru_cache(maxsize=None)
def _view_offsets(V: int) -> tuple[tuple[np.ndarray, np.ndarray], ...]:
    """Per direction, the world offsets (dx, dy) of every view cell [i][j]."""
    i = np.arange(V)[:, None]
    j = np.arange(V)[None, :]
    out = []
    for d in range(4):
        fx, fy = _DIRS[d]
        rx, ry = _DIRS[(d + 1) % 4]
        dx = fx * (V - 1 - j) + rx * (i - V // 2)
        dy = fy * (V - 1 - j) + ry * (i - V // 2)
        out.append((dx.astype(np.intp), dy.astype(np.intp)))
    return tuple(out)


# -- occlusion ---------------------------------------------------------------------------
# A cell code masked with 0xFF00FF is t + 65536 * s; taken modulo 65504 it is t + 32 * s,
# distinct for every t < 32 and s < 256: one table lookup decides transparency.
_TR_MOD = 65536 - 32
assert max(T) < 32


def _transparency_table() -> np.ndarray:
    lut = np.ones(_TR_MOD, dtype=np.uint8)
    lut[int(T.WALL) + 32 * np.arange(256)] = 0
    lut[_DOOR + 32 * np.arange(1, 256)] = 0  # a door is opaque unless open (state 0)
    return lut


_TRANSPARENT = _transparency_table()


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
def _row_table(V: int) -> list[int]:
    """The row sweep as a lookup table over ``visible_in << V | transparent`` (bit i = view
    column i): entry = ``visible_out | marks_on_next_row << V``. Built with numpy over all
    pairs at once (4**V entries; used for V <= 9)."""
    k = np.arange(1 << (2 * V), dtype=np.int64)
    vis, tr = k >> V, k & ((1 << V) - 1)
    down = np.zeros_like(k)
    for i in range(V - 1):  # sweep to the right
        hit = (vis >> i) & (tr >> i) & 1
        vis |= hit << (i + 1)
        down |= (hit << (i + 1)) | (hit << i)
    for i in range(V - 1, 0, -1):  # sweep to the left
        hit = (vis >> i) & (tr >> i) & 1
        vis |= hit << (i - 1)
        down |= (hit << (i - 1)) | (hit << i)
    return (vis | down << V).tolist()


def _row_codes(tr: np.ndarray) -> list[int]:
    """Per view row j, the transparency bits of its cells (bit i = column i)."""
    V = tr.shape[0]
    packed = np.packbits(tr, axis=0, bitorder="little")
    if V <= 8:
        return packed[0].tolist()
    return sum(packed[b].astype(np.int64) << (8 * b) for b in range(packed.shape[0])).tolist()


def _visible_rows(codes: list[int], V: int) -> int:
    """Run the sweep from the agent's row to the farthest; returns the visible bits of all
    rows packed as ``row(V-1) << V*(V-1) | ... | row(0)`` (row j at bits ``V*j``)."""
    full = (1 << V) - 1
    cur, packed = 1 << (V // 2), 0
    if V <= 9:
        table = _row_table(V)
        for j in range(V - 1, -1, -1):
            r = table[cur << V | codes[j]]
            packed |= (r & full) << (V * j)
            cur = r >> V
            if not cur:
                break
        return packed
    for j in range(V - 1, -1, -1):  # large views: the plain sweep
        vis, down = _sweep_row([bool(cur >> i & 1) for i in range(V)],
                               [bool(codes[j] >> i & 1) for i in range(V)], last=j == 0)
        packed |= sum(1 << i for i in range(V) if vis[i]) << (V * j)
        cur = sum(1 << i for i in range(V) if down[i])
    return packed


def _unpack_rows(packed: int, V: int) -> np.ndarray:
    """Bool (V, V) mask ``[i, j]`` from :func:`_visible_rows`' packing."""
    raw = np.frombuffer(packed.to_bytes((V * V + 7) // 8, "little"), dtype=np.uint8)
    bits = np.unpackbits(raw, count=V * V, bitorder="little").view(bool)
    return bits.reshape(V, V).T  # bits index j*V + i


_ALL = np.uint32(0xFFFFFFFF)
_TS_BITS = np.uint32(0xFF00FF)  # type and state bytes of a code


def _occlusion_mask(codes: np.ndarray) -> np.ndarray | None:
    """uint32 AND-mask (0 or all ones per cell) for a (V, V) code view; None: all visible."""
    V = codes.shape[0]
    rows = tuple(_row_codes(_TRANSPARENT.take(codes & _TS_BITS, mode="wrap")))
    try:
        return _MASKS[rows]
    except KeyError:
        pass
    vis = _unpack_rows(_visible_rows(rows, V), V)
    mask = None if vis.all() else np.where(vis, _ALL, np.uint32(0))
    if len(_MASKS) >= _CACHE_MAX:
        _MASKS.clear()
    _MASKS[rows] = mask
    return mask


def visibility(img: np.ndarray) -> np.ndarray:
    """Boolean ``(V, V)`` mask of the cells the agent at ``[V//2][V-1]`` can see.

    Walls (and out-of-grid cells, which read as walls) and non-open doors are opaque.
    """
    V = img.shape[0]
    t = img[:, :, 0]
    tr = (t != T.WALL) & ~((t == T.DOOR) & (img[:, :, 2] != S.OPEN))
    return _unpack_rows(_visible_rows(_row_codes(tr), V), V)
