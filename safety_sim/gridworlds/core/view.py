"""Egocentric views of a :class:`~safety_sim.gridworlds.core.world.GridWorld`: the index offsets of
a view, MiniGrid occlusion (walls and non-open doors are opaque) and the caches behind them.

Everything here works on the uint32 cell codes ``t | c << 8 | s << 16`` of the world's memory
layout (see :mod:`safety_sim.gridworlds.core.world`); :meth:`GridWorld.view` is the entry point.
Occlusion runs MiniGrid's row-by-row visibility sweep from the agent's row to the farthest;
for views up to 9 wide each row is one lookup (its transparency bits and the cells reached from
the nearer row index a table of the row's visible cells and the marks passed farther on).
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import numpy as np

from safety_sim.gridworlds.core.encoding import DIR_TO_VEC, S, T

# Direction id -> (dx, dy) as plain ints.
_DIRS = tuple((int(dx), int(dy)) for dx, dy in DIR_TO_VEC)
_DOOR = int(T.DOOR)

# Memoised occluded views, keyed by the bytes of the gathered (V, V) codes (after painting),
# and occlusion masks, keyed by the rows' transparency bits (far fewer patterns).
_VIEWS: dict[bytes, np.ndarray] = {}
_MASKS: dict[tuple[int, ...], np.ndarray | None] = {}
_CACHE_MAX = 1 << 14


def _to_image(codes: np.ndarray) -> np.ndarray:
    V = codes.shape[0]
    return codes.view(np.uint8).reshape(V, V, 4)[:, :, :3].copy()



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


def _visible_rows(codes: Sequence[int], V: int) -> int:
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
