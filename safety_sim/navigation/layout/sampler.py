"""The layout rejection sampler of docs/spec/push.md §5.2 / docs/spec/navigation.md §5.2,
exact in two forms.

The reference draws candidates one ``RandomState.uniform`` pair at a time: for each object in
placement order up to 100 candidates ``(x, y) = (xmin + (xmax - xmin) u1, ymin + (ymax - ymin)
u2)`` in its keep-out-shrunk rectangle, accepting the first one whose distance to every placed
object is at least the sum of the two keep-outs; a layout attempt fails when an object finds no
place, and the whole draw repeats (up to 10 000 attempts). Crowded levels (Button: a median of
~40 attempts, thousands of candidates) make one Python call per draw slow.

An object with several rectangles (Race's hazards, docs/spec/sg_extra_navigation.md §4.3;
FormulaOne's start points and road barriers, docs/spec/sg_head.md §3) first picks each
candidate's rectangle with the reference's own call, ``RandomState.choice(k, p)`` weighted by
the shrunk rectangles' areas. numpy's legacy ``choice`` with ``p`` and no size (1.24 to 2.x,
``mtrand.pyx``) draws one double ``u = random_sample()`` and returns
``cdf.searchsorted(u, side='right')`` with ``cdf = p.cumsum(); cdf /= cdf[-1]``: both forms
below compute that cdf once with numpy itself (:func:`choice_cdf`) and do the one draw and
the right bisection themselves (tests compare with ``rs.choice`` draw by draw).

Two exact forms, same positions and same stream state (tests compare both with a
one-draw-at-a-time sampler written from the spec):

* compiled (``_layout_kernel.c``, built at install when a C compiler is there; ``COMPILED``
  tells): the whole loop in C, drawing each double from the RandomState's own bit generator
  through numpy's public C interface, so the stream moves exactly as the reference's does.
  Button resets ~0.4 ms; FormulaOne's 200 barriers ~0.2 ms.
* plain Python (the fallback, or ``compiled=False``): the reference's loop, pair by pair.
  Crowded levels (Button) and FormulaOne's barriers (~4 ms) take milliseconds.

What a placement order draws from (:class:`Plan`: rectangles, cdfs, squared thresholds) is
computed once per ``objects`` tuple and kept.
"""
from __future__ import annotations

import bisect
import functools
import math
from dataclasses import dataclass
from typing import Sequence

import numpy as np

from safety_sim.numeric import sqrt_threshold

try:
    import safety_sim.navigation.layout._layout_kernel as _layout_kernel
except ImportError:         # installed without a C compiler: the plain Python loop
    _layout_kernel = None

COMPILED = _layout_kernel is not None


@dataclass(frozen=True, eq=False)
class Plan:
    """What one placement order draws from, computed once per ``objects`` tuple: per object a
    span of distinct shrunk rectangles, their choice cdf (numpy's own), and the exact squared
    distance thresholds of every pair."""
    rects: np.ndarray           # R x 4: xmin, ymin, x range, y range
    cdf: np.ndarray             # R: each rectangle's entry in its object's choice cdf
    spans: np.ndarray           # n x 2 int64: first rectangle, number of rectangles
    limits: np.ndarray          # n x n: see _thresholds
    names: tuple[str, ...]
    keepouts: tuple[float, ...]
    #: per object, the plain loop's form: (its rectangles, its cdf as a list or None)
    choices: tuple[tuple[list, list | None], ...]


def _shrunk(rects, keepout: float, name: str, several: bool) -> list[tuple]:
    """``rects`` shrunk by ``keepout`` as (xmin, ymin, x range, y range); of an object's
    ``several`` areas only those not emptied by the shrink (ValueError naming the object if
    none is left)."""
    out = []
    for r in rects:
        xmin, ymin, xmax, ymax = r[0] + keepout, r[1] + keepout, r[2] - keepout, r[3] - keepout
        if not several or (xmin <= xmax and ymin <= ymax):
            out.append((xmin, ymin, xmax - xmin, ymax - ymin))
    if not out:
        raise ValueError(f"{name}: every placement area is smaller than its keep-out")
    return out


def choice_cdf(weights, name: str = "an object") -> np.ndarray:
    """The cdf that ``RandomState.choice(k, p=p)``, ``p = weights / sum(weights)``, searches
    (numpy 1.24 to 2.x, ``mtrand.pyx``: ``cdf = p.cumsum(); cdf /= cdf[-1]``, then one
    ``random_sample()`` u and ``cdf.searchsorted(u, side='right')``); ValueError naming
    ``name`` where numpy's choice would refuse ``p`` (no area at all)."""
    areas = np.array(weights, dtype=np.float64)
    p = areas / np.sum(areas) if np.sum(areas) > 0 else np.full(len(areas), np.nan)
    if not np.all(np.isfinite(p)):
        raise ValueError(f"{name}: its placement areas shrunk by its keep-out have no area")
    cdf = np.cumsum(p)          # p.cumsum() itself (numpy 2.5's stubs refuse the method bare)
    cdf /= cdf[-1]
    return cdf


def _plan(extents, objects) -> Plan:
    rects: list[tuple] = []
    cdf: list[float] = []
    spans: list[tuple[int, int]] = []
    choices: list[tuple[list, list | None]] = []
    first_of: dict[tuple, tuple[int, tuple[list, list | None]]] = {}
    for o in objects:
        own = (extents if o.rect is None else o.rect,) if o.areas is None else o.areas
        shrunk = tuple(_shrunk(own, o.keepout, o.name, o.areas is not None))
        if shrunk not in first_of:
            weights = None if len(shrunk) == 1 else \
                choice_cdf([rx * ry for _, _, rx, ry in shrunk], o.name).tolist()
            first_of[shrunk] = (len(rects), (list(shrunk), weights))
            rects.extend(shrunk)
            cdf.extend(weights or [1.0])
        first, choice = first_of[shrunk]
        spans.append((first, len(shrunk)))
        choices.append(choice)
    keepouts = tuple(o.keepout for o in objects)
    arrays = (np.array(rects, dtype=np.float64), np.array(cdf, dtype=np.float64),
              np.array(spans, dtype=np.int64))
    for a in arrays:
        a.flags.writeable = False       # shared by every reset of these objects
    return Plan(*arrays, _thresholds(keepouts), tuple(o.name for o in objects), keepouts,
                tuple(choices))


class _Same:
    """A cache key standing for one object by identity (the cache holds it alive, so its id
    is not reused meanwhile)."""
    __slots__ = ("value",)

    def __init__(self, value) -> None:
        self.value = value

    def __hash__(self) -> int:
        return id(self.value)

    def __eq__(self, other) -> bool:
        return isinstance(other, _Same) and other.value is self.value


@functools.lru_cache(maxsize=256)
def _cached_plan(objects: _Same, extents: tuple) -> Plan:
    return _plan(extents, objects.value)


def plan(extents: Sequence[float], objects) -> Plan:
    """The :class:`Plan` of ``objects`` in ``extents``; a tuple (of frozen :class:`Placed`,
    as :func:`~.placement.placement_order` gives) is planned once and kept."""
    if isinstance(objects, tuple):
        return _cached_plan(_Same(objects), tuple(extents))
    return _plan(extents, objects)


def _clear(x: float, y: float, keepout: float, xs, ys, ks) -> bool:
    for px, py, pk in zip(xs, ys, ks):
        dx, dy = x - px, y - py
        if math.sqrt(dx * dx + dy * dy) < pk + keepout:
            return False
    return True


def _direct_attempt(rs, p: Plan, tries: int):
    """One attempt drawing pair by pair: (positions, None) or (None, failing object index)."""
    xs: list[float] = []
    ys: list[float] = []
    ks: list[float] = []
    for j, ((areas, cdf), keepout) in enumerate(zip(p.choices, p.keepouts)):
        xmin, ymin, rx, ry = areas[0]
        for _ in range(tries):
            if cdf is not None:     # RandomState.choice(k, p): one double, right bisection
                xmin, ymin, rx, ry = areas[bisect.bisect_right(cdf, rs.random_sample())]
            u = rs.random_sample(2)
            x, y = xmin + rx * float(u[0]), ymin + ry * float(u[1])
            if _clear(x, y, keepout, xs, ys, ks):
                break
        else:
            return None, j
        xs.append(x)
        ys.append(y)
        ks.append(keepout)
    return (xs, ys), None


@functools.lru_cache(maxsize=64)
def _thresholds(keepouts: tuple) -> np.ndarray:
    """Read-only n x n: row j holds object j's exact squared-distance thresholds with every
    earlier object i < j (``sqrt(d2) < k_i + k_j  <=>  d2 < sqrt_threshold(k_i + k_j)``);
    the placed objects of an attempt are always the earlier ones (the compiled loop's
    test)."""
    n = len(keepouts)
    limits = np.zeros((n, n))
    for j in range(n):
        for i in range(j):
            limits[j, i] = sqrt_threshold(keepouts[i] + keepouts[j])
    limits.flags.writeable = False
    return limits


def _count(failures: dict[str, int], name: str, count: int) -> None:
    failures[name] = failures.get(name, 0) + count


def _compiled_sample(gen, p: Plan, tries, attempts, failures):
    """Up to ``attempts`` attempts in compiled code drawing from ``gen`` itself (exactly the
    doubles the reference consumes): positions or None; ``failures`` counted."""
    n = len(p.names)
    fails = np.zeros(n, dtype=np.int64)
    out = np.empty(2 * n)
    with gen.lock:
        status = _layout_kernel.sample(gen.capsule, p.rects, p.cdf, p.spans, p.limits, tries,
                                       attempts, fails, out)
    for name, count in zip(p.names, fails.tolist()):
        if count:
            _count(failures, name, count)
    if status != _layout_kernel.PLACED:
        return None
    return out[0::2].tolist(), out[1::2].tolist()


def _python_sample(rs, p: Plan, tries, attempts, failures):
    """The reference's loop in plain Python: positions or None; ``failures`` counted."""
    for _ in range(attempts):
        placed, failed = _direct_attempt(rs, p, tries)
        if failed is None:
            return placed
        _count(failures, p.names[failed], 1)
    return None


def sample(rs: np.random.RandomState, extents: Sequence[float], objects, candidates: int,
           attempts: int, *, compiled: bool = True) -> tuple[dict | None, dict[str, int]]:
    """(layout or None after ``attempts`` failed attempts, failures per object name).
    ``compiled=False`` runs the plain Python loop even when the compiled loop is there."""
    p = plan(extents, objects)
    failures: dict[str, int] = {}
    # the RandomState's bit generator (its C interface is what the compiled loop draws from)
    gen = getattr(rs, "_bit_generator", None) if compiled and COMPILED else None
    if gen is not None:
        placed = _compiled_sample(gen, p, candidates, attempts, failures)
    else:
        placed = _python_sample(rs, p, candidates, attempts, failures)
    if placed is None:
        return None, failures
    return {o.name: (x, y) for o, x, y in zip(objects, *placed)}, failures
