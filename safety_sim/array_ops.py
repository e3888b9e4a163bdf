"""The array forms of :class:`safety_sim.ops.Ops`: :class:`NumpyOps` (numpy arrays with a
leading world axis, the same bits as the scalar form) and :class:`ArrayOps` (any library that
follows the Python array API standard: torch -- on any device --, JAX, CuPy,
``array_api_strict``). Per-world quantities are arrays ``(N,)``; per-object quantities
``(objects, N)``: object axis first, so that a per-world quantity broadcasts against them."""
from __future__ import annotations

import math
from typing import Any, Callable, Sequence

import numpy as np

try:
    import safety_sim._exact_math as _exact_math
except ImportError:  # built at install where a C compiler is there (setup.py)
    _exact_math = None
if not hasattr(_exact_math, "scatter_max"):    # a build of an older version: rebuild to use it
    _exact_math = None

COMPILED = _exact_math is not None
TWO_PI = 2.0 * math.pi


def _angle(y, x):
    """The angle of (x, y) counter-clockwise from +x: ``math.atan2(y, x) % (2 pi)``, in [0, 2 pi)
    but for round-off (a tiny negative angle gives 2 pi itself)."""
    return math.atan2(y, x) % TWO_PI


class NumpyOps:
    """numpy arrays with a leading world axis; bit for bit the scalar form: where numpy's own
    function may differ from :mod:`math` in the last place (``hypot``, ``angle``, ``sin``,
    ``cos``: numpy may run SIMD kernels), :mod:`math`'s bits from the compiled helper
    :mod:`safety_sim._exact_math`, or a map of :mod:`math` over the values."""

    name = "numpy"
    sqrt = staticmethod(np.sqrt)            # IEEE: correctly rounded, as math.sqrt
    floor = staticmethod(np.floor)
    logical_and = staticmethod(np.logical_and)
    logical_or = staticmethod(np.logical_or)
    logical_not = staticmethod(np.logical_not)

    @staticmethod
    def asarray(values, /):
        """``np.asarray`` of a sequence (a method: numpy 2.5's stubs type ``np.asarray``'s first
        overload for arrays only, which the ``Ops`` protocol's sequence argument does not fit)."""
        return np.asarray(values)

    @staticmethod
    def where(cond, a, b):
        return np.where(cond, a, b)

    @staticmethod
    def clip(x, low, high):
        return np.clip(x, low, high)

    @staticmethod
    def hypot(x, y):
        return _exact(math.hypot, "hypot", x, y)

    @staticmethod
    def angle(y, x):
        return _exact(_angle, "angle", y, x)

    @staticmethod
    def sin(x):
        return _exact(math.sin, "sin", x)

    @staticmethod
    def cos(x):
        return _exact(math.cos, "cos", x)

    @staticmethod
    def index(x):
        return x.astype(np.int64)

    @staticmethod
    def zeros_per_world(like, width: int) -> np.ndarray:
        return np.zeros(np.shape(like) + (width,))

    @staticmethod
    def like(x, value):
        return np.full(np.shape(x), value)

    @staticmethod
    def object_column(values: Sequence) -> np.ndarray:
        return np.asarray(values)[:, None]

    @staticmethod
    def any_object(flags):
        return np.asarray(flags).any(axis=0)

    @staticmethod
    def flag_of(flags, k):
        """``flags`` (objects, N), ``k`` (N,)."""
        flags = np.asarray(flags)
        return ((np.arange(len(flags))[:, None] == k) & flags).any(axis=0)

    @staticmethod
    def any_other(flags, k):
        """``flags`` (objects, N), ``k`` (N,)."""
        flags = np.asarray(flags)
        return ((np.arange(len(flags))[:, None] != k) & flags).any(axis=0)

    @staticmethod
    def nearest_squared_distance(px, py, xs, ys):
        """``px, py`` (N,), ``xs, ys`` (objects, N) or (objects, 1)."""
        dx, dy = px - np.asarray(xs), py - np.asarray(ys)
        # fmin skips NaN as the loop's ``d < best`` does; initial: no objects gives inf
        return np.fmin.reduce(dx * dx + dy * dy, axis=0, initial=np.inf)

    @staticmethod
    def largest_squared_norm(xs, ys, zs):
        """Each (objects, N)."""
        xs, ys, zs = np.asarray(xs), np.asarray(ys), np.asarray(zs)
        return np.fmax.reduce(xs * xs + ys * ys + zs * zs, axis=0, initial=-np.inf)

    @staticmethod
    def each_object(positions: np.ndarray, column: np.ndarray) -> tuple:
        """All objects at once: one item, ``positions`` (coordinates, objects, N) and the
        per-object ``column`` (objects, 1)."""
        return ((positions, column),)

    @staticmethod
    def max_into_bins(out: np.ndarray, readings) -> np.ndarray:
        """``out`` (N, bins) C-contiguous, each reading's indices and values (objects, N);
        repeated bins combine; in place."""
        n, width = out.shape
        if _exact_math is not None:          # the compiled loop: (objects, N) as they come
            for reading in readings:
                for j in range(0, len(reading), 2):
                    _exact_math.scatter_max(out, np.ascontiguousarray(reading[j], np.int64),
                                            np.ascontiguousarray(reading[j + 1], np.float64), n)
            return out
        rows = np.arange(n) * width
        flat = out.reshape(-1)
        for reading in readings:
            for j in range(0, len(reading), 2):
                np.maximum.at(flat, (rows + reading[j]).ravel(),
                              np.asarray(reading[j + 1]).ravel())
        return out


def _exact(fn, name: str, *args):
    """``fn`` (a :mod:`math` function) over arrays: the compiled loop, or a map of ``fn``."""
    if _exact_math is not None and _plain(args):     # the batched rules' usual arguments
        out = np.empty(args[0].shape)
        getattr(_exact_math, name)(*args, out)
        return out
    arrays = np.broadcast_arrays(*(np.asarray(a, dtype=np.float64) for a in args))
    shape = arrays[0].shape
    flat = [np.ascontiguousarray(a).reshape(-1) for a in arrays]
    if _exact_math is not None:
        out = np.empty(flat[0].size)
        getattr(_exact_math, name)(*flat, out)
        return out.reshape(shape)
    values = map(fn, *(a.tolist() for a in flat))
    return np.fromiter(values, np.float64, flat[0].size).reshape(shape)


def _plain(args: tuple) -> bool:
    """Whether ``args`` are C-contiguous float64 numpy arrays of one shape (the compiled loop
    takes them as they are: no broadcasting or copying needed)."""
    shape = None
    for a in args:
        if not (type(a) is np.ndarray and a.dtype == np.float64 and a.flags.c_contiguous):
            return False
        if shape is None:
            shape = a.shape
        elif a.shape != shape:
            return False
    return True


class ArrayOps:
    """Any array library that follows the Python array API standard, through its namespace
    ``xp``; ``device``: where the constants and tables it makes go (None: the library's
    default; a GPU's arrays need it). Float constants are float64. Not bit for bit the
    scalar form (a device's ``atan2`` and ``hypot`` are its own), the same meanings."""

    # the library's own functions, bound per instance in __init__ (``xp`` is untyped: any
    # array-API namespace)
    sqrt: Callable[..., Any]
    floor: Callable[..., Any]
    hypot: Callable[..., Any]
    sin: Callable[..., Any]
    cos: Callable[..., Any]
    logical_and: Callable[..., Any]
    logical_or: Callable[..., Any]
    logical_not: Callable[..., Any]

    def __init__(self, xp: Any, device: Any = None) -> None:
        self.xp, self.device = xp, device
        self.name = getattr(xp, "__name__", type(xp).__name__) + (
            "" if device is None else f":{device}")
        for fn in ("sqrt", "floor", "hypot", "sin", "cos", "logical_and", "logical_or",
                   "logical_not"):
            setattr(self, fn, getattr(xp, fn))

    def angle(self, y, x):
        """``atan2(y, x) % (2 pi)`` (as the scalar form's)."""
        return self.xp.atan2(y, x) % TWO_PI

    def _constant(self, v, other=None):
        """A Python number as an array on the device (an array as it is): an int beside an
        integer array ``other`` takes its dtype (a counter stays integral: the standard
        promotes no int with a float), any other number is float64."""
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            dtype = self.xp.float64
            if (isinstance(v, int) and other is not None and hasattr(other, "dtype")
                    and self.xp.isdtype(other.dtype, "integral")):
                dtype = other.dtype
            return self.xp.asarray(v if dtype != self.xp.float64 else float(v), dtype=dtype,
                                   device=self.device)
        return v

    def where(self, cond, a, b):
        return self.xp.where(cond, self._constant(a, b), self._constant(b, a))

    def clip(self, x, low, high):
        return self.xp.clip(x, low, high)

    def index(self, x):
        """Whole-valued floats as int64 indices."""
        return self.xp.astype(x, self.xp.int64)

    def zeros_per_world(self, like, width: int):
        return self.xp.zeros(tuple(like.shape) + (width,), dtype=like.dtype,
                             device=self.device)

    def like(self, x, value):
        dtype = self.xp.bool if isinstance(value, bool) else None
        return self.xp.full_like(x, value, dtype=dtype)

    def asarray(self, values):
        return self.xp.asarray(values, device=self.device)

    def object_column(self, values: Sequence):
        return self.xp.expand_dims(self.asarray(values), axis=1)

    def _object_index(self, count: int):
        return self.xp.expand_dims(self.xp.arange(count, device=self.device), axis=1)

    def any_object(self, flags):
        return self.xp.any(flags, axis=0)

    def flag_of(self, flags, k):
        return self.xp.any(self.logical_and(self._object_index(flags.shape[0]) == k, flags),
                           axis=0)

    def any_other(self, flags, k):
        return self.xp.any(self.logical_and(self._object_index(flags.shape[0]) != k, flags),
                           axis=0)

    def nearest_squared_distance(self, px, py, xs, ys):
        """NaN distances left out (as the loop's ``d < best``)."""
        xp = self.xp
        dx, dy = px - xs, py - ys
        d = dx * dx + dy * dy
        if d.shape[0] == 0:
            return xp.min(xp.full_like(d[:1, ...] if d.ndim else d, xp.inf), axis=0)
        return xp.min(xp.where(d == d, d, xp.full_like(d, xp.inf)), axis=0)

    def largest_squared_norm(self, xs, ys, zs):
        """NaNs left out."""
        xp = self.xp
        n = xs * xs + ys * ys + zs * zs
        if n.shape[0] == 0:
            return xp.max(xp.full_like(n[:1, ...], -xp.inf), axis=0)
        return xp.max(xp.where(n == n, n, xp.full_like(n, -xp.inf)), axis=0)

    def each_object(self, positions, column) -> tuple:
        """All objects at once (x and y split off here: the standard indexes with an
        ellipsis)."""
        return (((positions[0, ...], positions[1, ...]), column),)

    def max_into_bins(self, out, readings):
        """Each (index, value) pair of each reading (each (objects, N)) combined into ``out``
        (N, bins) by ``max``: torch's in-place ``scatter_reduce_``, else a new ``out`` (the
        standard's arrays need not be writable) from the one-hot maximum over the objects."""
        if hasattr(out, "scatter_reduce_"):
            for reading in readings:
                for j in range(0, len(reading), 2):
                    out.scatter_reduce_(1, reading[j].T, reading[j + 1].T.to(out.dtype),
                                        reduce="amax", include_self=True)
            return out
        xp = self.xp
        bins = xp.arange(out.shape[-1], device=self.device)
        zero = xp.zeros((1,) + tuple(out.shape), dtype=out.dtype, device=self.device)
        for reading in readings:
            for j in range(0, len(reading), 2):
                hit = xp.expand_dims(reading[j], axis=-1) == bins
                cand = xp.where(hit, xp.expand_dims(reading[j + 1], axis=-1), zero)
                out = xp.maximum(out, xp.max(cand, axis=0))
        return out
