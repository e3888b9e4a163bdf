"""Array namespaces for rules written once: a rule takes ``ops`` (an :class:`Ops`) first and
is called with Python floats by a single env (:data:`SCALAR`), with ``(N, ...)`` numpy arrays by
a batched env (:data:`NUMPY`), and with another library's arrays (torch on a device, JAX, any
array-API namespace) through :class:`~safety_sim.array_ops.ArrayOps` (:func:`namespace`).

A rule uses Python's operators (``+ - * / % < <= ...``) and the verbs of :class:`Ops`;
nothing else depends on the kind of number. Quantities per world are floats or arrays over the
worlds ``(N,)``; quantities per object of a group (hazards, lidar targets, vases) are lists of
floats in the scalar form and arrays ``(objects, N)`` -- object axis first, so that a per-world
quantity broadcasts against them as it is. The reductions over the objects of a group are a
plain loop for floats and one pass over the object axis for arrays.

Exactness: :data:`SCALAR` uses :mod:`math`; :data:`NUMPY` gives the same bits (see
:class:`~safety_sim.array_ops.NumpyOps`). Other libraries get their own functions (float32 on a
GPU is not bit for bit anyway).
"""
from __future__ import annotations

import math
import operator
from typing import Any, Callable, Iterable, Protocol, Sequence, cast

import numpy as np

from safety_sim.array_ops import COMPILED, TWO_PI, ArrayOps, NumpyOps, _angle, _exact_math  # noqa: F401

#: a float (one world) or an array over the worlds ``(N,)`` (or more axes after it)
PerWorld = Any
#: a sequence of floats (one world) or an array ``(objects, N)``, object axis first
PerObject = Any


class Ops(Protocol):
    """What a rule may ask of its numbers besides Python's operators. Three implementations:
    :class:`ScalarOps` (Python floats), :class:`~safety_sim.array_ops.NumpyOps` (numpy, bit
    for bit the floats) and :class:`~safety_sim.array_ops.ArrayOps` (the array API standard:
    torch on any device, JAX, CuPy)."""

    name: str

    # an ops is a cache key (the lidar's tables, the observer's constants per namespace)
    def __hash__(self) -> int: ...

    # -- elementwise ---------------------------------------------------------------------------
    # the arguments of the verbs are positional only: the forms bind C functions and numpy
    # ufuncs to them (math.sqrt, np.logical_and, ...), which take no keywords
    def sqrt(self, x: PerWorld, /) -> PerWorld: ...
    def hypot(self, x: PerWorld, y: PerWorld, /) -> PerWorld: ...

    def angle(self, y: PerWorld, x: PerWorld) -> PerWorld:
        """``atan2(y, x) % (2 pi)``: counter-clockwise from +x, in [0, 2 pi]."""

    def sin(self, x: PerWorld, /) -> PerWorld: ...
    def cos(self, x: PerWorld, /) -> PerWorld: ...

    def floor(self, x: PerWorld, /) -> PerWorld: ...

    def index(self, x: PerWorld) -> PerWorld:
        """A whole number (``floor(x)``) as an index: an int, or int64."""

    def where(self, cond: PerWorld, a: PerWorld, b: PerWorld) -> PerWorld: ...
    def clip(self, x: PerWorld, low: float, high: float) -> PerWorld: ...
    def logical_and(self, a: PerWorld, b: PerWorld, /) -> PerWorld: ...
    def logical_or(self, a: PerWorld, b: PerWorld, /) -> PerWorld: ...
    def logical_not(self, a: PerWorld, /) -> PerWorld: ...

    # -- making numbers of this kind ----------------------------------------------------------
    def zeros_per_world(self, like: PerWorld, width: int) -> Any:
        """``width`` zeros for each world of ``like`` (a list, or an array ``(N, width)``)."""

    def like(self, x: PerWorld, value: Any) -> PerWorld:
        """``value`` in the shape of ``x`` (for a float: ``value`` itself)."""

    def asarray(self, values: Sequence) -> Any:
        """A constant table, indexed with :meth:`index` (a tuple stays a tuple for floats)."""

    def object_column(self, values: Sequence) -> PerObject:
        """A per-object constant (one value per object, the same in every world)."""

    # -- reductions over the objects of a group -----------------------------------------------
    def any_object(self, flags: PerObject) -> PerWorld:
        """Whether some object's flag holds."""

    def flag_of(self, flags: PerObject, k: PerWorld) -> PerWorld:
        """Object ``k``'s flag (False where ``k`` names no object, e.g. -1)."""

    def any_other(self, flags: PerObject, k: PerWorld) -> PerWorld:
        """Whether the flag of some object other than ``k`` holds (of any, where ``k`` names
        no object)."""

    def nearest_squared_distance(self, px: PerWorld, py: PerWorld, xs: PerObject,
                                 ys: PerObject) -> PerWorld:
        """``dx * dx + dy * dy`` (``dx = px - x``) to the nearest point ``(xs[k], ys[k])``;
        ``inf`` without points (a NaN distance is never the nearest)."""

    def largest_squared_norm(self, xs: PerObject, ys: PerObject, zs: PerObject) -> PerWorld:
        """The largest ``x * x + y * y + z * z`` of the vectors; ``-inf`` without any (a NaN
        is never the largest)."""

    # -- walking the objects of a group -------------------------------------------------------
    def each_object(self, positions: Any, column: PerObject) -> Iterable[tuple[Any, Any]]:
        """``(position, value)`` per object (floats: one at a time; arrays: one item holding
        all of them, positions (coordinates, objects, N))."""

    def max_into_bins(self, out: Any, readings: Sequence[tuple]) -> Any:
        """``out[i] = max(out[i], v)`` for every (bin ``i``, value ``v``) pair of every reading
        (a tuple ``(i, v, j, w, ...)``), reading after reading; returns ``out``."""


class ScalarOps:
    """:class:`Ops` on Python floats and bools (one world): :mod:`math`, and plain loops over
    the objects (no Python call per object)."""

    name = "scalar"
    sqrt = staticmethod(math.sqrt)
    hypot = staticmethod(math.hypot)
    angle = staticmethod(_angle if _exact_math is None else _exact_math.angle_of)
    sin = staticmethod(math.sin)
    cos = staticmethod(math.cos)
    floor = staticmethod(math.floor)    # an int: exact, and an index as it is
    index = staticmethod(int)

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

    @staticmethod
    def object_column(values: Sequence):
        return values

    any_object = staticmethod(any)

    @staticmethod
    def flag_of(flags: Sequence, k) -> bool:
        return 0 <= k < len(flags) and bool(flags[k])

    @staticmethod
    def any_other(flags: Sequence, k) -> bool:
        if 0 <= k < len(flags):
            return any(flags[:k]) or any(flags[k + 1:])
        return any(flags)

    @staticmethod
    def nearest_squared_distance(px, py, xs: Sequence, ys: Sequence) -> float:
        best = math.inf
        for x, y in zip(xs, ys):
            dx, dy = px - x, py - y
            d = dx * dx + dy * dy
            if d < best:
                best = d
        return best

    @staticmethod
    def largest_squared_norm(xs: Sequence, ys: Sequence, zs: Sequence) -> float:
        best = -math.inf
        for x, y, z in zip(xs, ys, zs):
            n = x * x + y * y + z * z
            if n > best:
                best = n
        return best

    # one object at a time: ``(position, value)``; zip itself (no Python call between), typed
    # as the two-iterable zip it is used as (typeshed's first overload of zip takes none)
    each_object = staticmethod(cast("Callable[[Any, Any], Iterable[tuple[Any, Any]]]", zip))

    @staticmethod
    def max_into_bins(out: list, readings: Sequence[tuple]) -> list:
        """Readings of three pairs ``(i, v, j, w, k, u)`` (the lidar's bin and its two
        neighbours); ``out`` changed in place."""
        for i, v, j, w, k, u in readings:
            if v > out[i]:
                out[i] = v
            if w > out[j]:
                out[j] = w
            if u > out[k]:
                out[k] = u
        return out


SCALAR: Ops = ScalarOps()
NUMPY: Ops = NumpyOps()


def namespace(array: Any) -> Ops:
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
