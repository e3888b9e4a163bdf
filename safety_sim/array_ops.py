"""The array namespace of any library that follows the Python array API standard (torch, JAX,
CuPy, ``array_api_strict``): :class:`ArrayOps`, the third form of :mod:`safety_sim.ops` beside
its floats (``SCALAR``) and numpy arrays (``NUMPY``), with the same functions and meanings."""
from __future__ import annotations

import math
from typing import Any, Sequence

TWO_PI = 2.0 * math.pi


class ArrayOps:
    """Any array library that follows the Python array API standard (torch, JAX, CuPy,
    ``array_api_strict``), through its namespace ``xp``."""

    def __init__(self, xp: Any) -> None:
        self.xp = xp
        self.name = getattr(xp, "__name__", type(xp).__name__)
        for fn in ("sqrt", "floor", "hypot", "sin", "cos", "logical_and", "logical_or",
                   "logical_not"):
            setattr(self, fn, getattr(xp, fn))

    def angle(self, y, x):
        """``atan2(y, x) % (2 pi)``: the angle counter-clockwise from +x (as ``ops._angle``)."""
        return self.xp.atan2(y, x) % TWO_PI

    def where(self, cond, a, b):
        if isinstance(a, (int, float)) and isinstance(b, (int, float)):   # two constants
            a = self.xp.full(cond.shape, a, dtype=self.xp.asarray(a).dtype)
        return self.xp.where(cond, a, b)

    def clip(self, x, low, high):
        return self.xp.clip(x, low, high)

    def index(self, x):
        """Whole-valued floats as int64 indices."""
        return self.xp.astype(x, self.xp.int64)

    def zeros_per_world(self, like, width: int):
        return self.xp.zeros(tuple(like.shape) + (width,), dtype=like.dtype)

    def like(self, x, value):
        dtype = self.xp.bool if isinstance(value, bool) else None
        return self.xp.full_like(x, value, dtype=dtype)

    def asarray(self, values):
        return self.xp.asarray(values)

    def any_objects(self, values):
        return self.xp.any(values, axis=0)

    def any_at(self, flags, k):
        return self.xp.any(self.logical_and(self.object_index(flags.shape[0]) == k, flags),
                           axis=0)

    def any_but(self, flags, k):
        return self.xp.any(self.logical_and(self.object_index(flags.shape[0]) != k, flags),
                           axis=0)

    def nearest_sq_dist(self, px, py, xs, ys):
        """:meth:`ScalarOps.nearest_sq_dist` per world (NaN distances left out)."""
        xp = self.xp
        dx, dy = px - xs, py - ys
        d = dx * dx + dy * dy
        if d.shape[0] == 0:
            return xp.min(xp.full_like(d[:1, ...] if d.ndim else d, xp.inf), axis=0)
        return xp.min(xp.where(d == d, d, xp.full_like(d, xp.inf)), axis=0)

    def largest_sq_norm(self, xs, ys, zs):
        """:meth:`ScalarOps.largest_sq_norm` per world (NaNs left out)."""
        xp = self.xp
        n = xs * xs + ys * ys + zs * zs
        if n.shape[0] == 0:
            return xp.max(xp.full_like(n[:1, ...], -xp.inf), axis=0)
        return xp.max(xp.where(n == n, n, xp.full_like(n, -xp.inf)), axis=0)

    def object_index(self, count: int):
        return self.xp.expand_dims(self.xp.arange(count), axis=1)

    def object_column(self, values: Sequence):
        return self.xp.expand_dims(self.xp.asarray(values), axis=1)

    def each(self, positions, column) -> tuple:
        """All objects at once (x and y split off here: the standard indexes with an
        ellipsis)."""
        return (((positions[0, ...], positions[1, ...]), column),)

    def scatter_max(self, out, readings):
        """A new ``out`` (array-API arrays need not be writable in place) with each (index,
        value) pair of each reading (each (objects, N)) combined in by ``max``: the one-hot
        maximum over the objects, ``(objects, N, bins)`` at once per pair."""
        xp = self.xp
        bins = xp.arange(out.shape[-1])
        zero = xp.zeros((1,) + tuple(out.shape), dtype=out.dtype)
        for reading in readings:
            for j in range(0, len(reading), 2):
                hit = xp.expand_dims(reading[j], axis=-1) == bins
                cand = xp.where(hit, xp.expand_dims(reading[j + 1], axis=-1), zero)
                out = xp.maximum(out, xp.max(cand, axis=0))
        return out
