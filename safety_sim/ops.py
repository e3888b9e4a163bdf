"""Array namespaces for rules written once: a rule takes ``ops`` first and is called with
Python floats by a single env (:data:`SCALAR`), with ``(N, ...)`` numpy arrays by a batched
env (:data:`NUMPY`), and with another library's arrays (torch, JAX, any array-API namespace)
through :func:`namespace`.

A rule uses Python's operators (``+ - * / % < <= ...``) and the functions below; nothing else
depends on the kind of number. Quantities per world are floats or arrays over the worlds
``(N,)``; quantities per object of a group (hazards, lidar targets, vases) are lists of floats
in the scalar form and arrays ``(objects, N)`` -- object axis first, so that a per-world
quantity broadcasts against them as it is. Reductions over the objects (``any_objects``,
``any_at``, ``any_but``, ``nearest_sq_dist``, ``largest_sq_norm``) are a plain loop for floats
and one pass over the object axis for arrays; ``each`` walks the objects of a group (one at a
time for floats, all at once for arrays) and ``scatter_max`` combines the readings so made
into bins with ``max``.

Exactness: :data:`SCALAR` uses :mod:`math`; :data:`NUMPY` gives the same bits for the
functions where numpy's own may differ in the last place (``hypot``, ``angle`` -- atan2
modulo 2 pi --, ``sin``, ``cos``: numpy may run SIMD kernels), from the compiled helper
:mod:`safety_sim._exact_math` or, where it was not built, by mapping :mod:`math` over the
values. Other libraries get their
own functions (float32 on a GPU is not bit for bit anyway).
"""
from __future__ import annotations

import math
import operator
from typing import Any, Sequence

import numpy as np

from safety_sim.array_ops import ArrayOps  # noqa: F401  (ops.ArrayOps: the array-API form)

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


class ScalarOps:
    """Python floats and bools (one world)."""

    name = "scalar"
    sqrt = staticmethod(math.sqrt)
    hypot = staticmethod(math.hypot)
    angle = staticmethod(_angle if _exact_math is None else _exact_math.angle_of)
    sin = staticmethod(math.sin)
    cos = staticmethod(math.cos)
    floor = staticmethod(math.floor)    # an int: exact, and an index as it is

    @staticmethod
    def where(cond, a, b):
        return a if cond else b

    @staticmethod
    def clip(x, low, high):
        return x if low < x < high else min(max(x, low), high)

    logical_and = staticmethod(operator.and_)   # on bools: and, or, not (C functions)
    logical_or = staticmethod(operator.or_)
    logical_not = staticmethod(operator.not_)

    @staticmethod
    def zeros_per_world(like, width: int) -> list[float]:
        """``width`` zeros for each world of ``like`` (a per-world quantity)."""
        return [0.0] * width

    @staticmethod
    def like(x, value):
        """``value`` in the shape of ``x`` (for a float: ``value`` itself)."""
        return value

    @staticmethod
    def asarray(values):
        """A constant table (a tuple stays a tuple: indexing it with an int is fastest)."""
        return values

    any_objects = staticmethod(any)

    @staticmethod
    def any_at(flags: Sequence, k) -> bool:
        """``flags[k]`` for an object index ``k`` (False where ``k`` names no object, e.g.
        -1)."""
        return 0 <= k < len(flags) and bool(flags[k])

    @staticmethod
    def any_but(flags: Sequence, k) -> bool:
        """Whether some flag other than ``flags[k]`` holds (any flag where ``k`` names no
        object)."""
        if 0 <= k < len(flags):
            return any(flags[:k]) or any(flags[k + 1:])
        return any(flags)

    @staticmethod
    def nearest_sq_dist(px, py, xs: Sequence, ys: Sequence) -> float:
        """The squared XY distance ``dx * dx + dy * dy`` (``dx = px - x``) from the point to the
        nearest of the points ``(xs[k], ys[k])``; ``inf`` when there are none (a NaN distance
        is never the nearest)."""
        best = math.inf
        for x, y in zip(xs, ys):
            dx, dy = px - x, py - y
            d = dx * dx + dy * dy
            if d < best:
                best = d
        return best

    @staticmethod
    def largest_sq_norm(xs: Sequence, ys: Sequence, zs: Sequence) -> float:
        """The largest ``x * x + y * y + z * z`` of the vectors ``(xs[k], ys[k], zs[k])``;
        ``-inf`` when there are none (a NaN is never the largest)."""
        best = -math.inf
        for x, y, z in zip(xs, ys, zs):
            n = x * x + y * y + z * z
            if n > best:
                best = n
        return best

    @staticmethod
    def object_column(values: Sequence):
        """A per-object constant (one value per object, the same in every world)."""
        return values

    # a whole number (``floor(x)``) as an index into sequences: the builtin int
    index = staticmethod(int)

    # the objects of a group with a per-object value: ``(position, value)`` one object at a time
    each = staticmethod(zip)

    @staticmethod
    def scatter_max(out: list, readings: Sequence[tuple]) -> list:
        """``out[i] = max(out[i], v)`` for each (bin, value) pair of each reading ``(i, v, j,
        w, k, u)`` (three pairs, the lidar's bin and its two neighbours), reading after
        reading; returns ``out`` (changed in place)."""
        for i, v, j, w, k, u in readings:
            if v > out[i]:
                out[i] = v
            if w > out[j]:
                out[j] = w
            if u > out[k]:
                out[k] = u
        return out


class NumpyOps:
    """numpy arrays with a leading world axis; the same bits as :class:`ScalarOps`."""

    name = "numpy"
    sqrt = staticmethod(np.sqrt)
    floor = staticmethod(np.floor)

    @staticmethod
    def where(cond, a, b):
        return np.where(cond, a, b)

    @staticmethod
    def clip(x, low, high):
        return np.clip(x, low, high)

    logical_and = staticmethod(np.logical_and)
    logical_or = staticmethod(np.logical_or)
    logical_not = staticmethod(np.logical_not)

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
    def zeros_per_world(like, width: int) -> np.ndarray:
        return np.zeros(np.shape(like) + (width,))

    @staticmethod
    def like(x, value):
        return np.full(np.shape(x), value)

    asarray = staticmethod(np.asarray)

    @staticmethod
    def any_objects(values):
        return np.asarray(values).any(axis=0)

    @staticmethod
    def any_at(flags, k):
        """:meth:`ScalarOps.any_at` per world: ``flags`` (objects, N), ``k`` (N,)."""
        flags = np.asarray(flags)
        return ((np.arange(len(flags))[:, None] == k) & flags).any(axis=0)

    @staticmethod
    def any_but(flags, k):
        """:meth:`ScalarOps.any_but` per world: ``flags`` (objects, N), ``k`` (N,)."""
        flags = np.asarray(flags)
        return ((np.arange(len(flags))[:, None] != k) & flags).any(axis=0)

    @staticmethod
    def nearest_sq_dist(px, py, xs, ys):
        """:meth:`ScalarOps.nearest_sq_dist` per world: ``px, py`` (N,), ``xs, ys`` (objects,
        N) or (objects, 1)."""
        dx, dy = px - np.asarray(xs), py - np.asarray(ys)
        return np.fmin.reduce(dx * dx + dy * dy, axis=0, initial=np.inf)

    @staticmethod
    def largest_sq_norm(xs, ys, zs):
        """:meth:`ScalarOps.largest_sq_norm` per world: each (objects, N)."""
        xs, ys, zs = np.asarray(xs), np.asarray(ys), np.asarray(zs)
        return np.fmax.reduce(xs * xs + ys * ys + zs * zs, axis=0, initial=-np.inf)

    @staticmethod
    def object_column(values: Sequence) -> np.ndarray:
        return np.asarray(values)[:, None]

    @staticmethod
    def index(x):
        return x.astype(np.int64)

    @staticmethod
    def each(positions: np.ndarray, column: np.ndarray) -> tuple:
        """All objects at once: one item, ``positions`` (coordinates, objects, N) and the
        per-object ``column`` (objects, 1)."""
        return ((positions, column),)

    @staticmethod
    def scatter_max(out: np.ndarray, readings) -> np.ndarray:
        """:meth:`ScalarOps.scatter_max` for N worlds: ``out`` (N, bins) C-contiguous, each
        reading's indices and values (objects, N); repeated bins combine; in place."""
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


SCALAR = ScalarOps()
NUMPY = NumpyOps()


def namespace(array: Any):
    """The ops of ``array``'s library (numpy -> :data:`NUMPY`, floats -> :data:`SCALAR`,
    anything else through ``array_api_compat`` when installed)."""
    if isinstance(array, (float, int, bool)):
        return SCALAR
    if isinstance(array, np.ndarray):
        return NUMPY
    try:
        import array_api_compat
    except ImportError as exc:
        raise TypeError(f"rules run on Python floats, numpy arrays or array-API arrays "
                        f"(pip install array-api-compat); got {type(array).__name__}") from exc
    return ArrayOps(array_api_compat.array_namespace(array))
