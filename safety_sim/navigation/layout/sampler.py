"""The layout rejection sampler of push.md §5.2 / navigation.md §5.2, fast and exact.

The reference draws candidates one ``RandomState.uniform`` pair at a time: for each object in
placement order up to 100 candidates ``(x, y) = (xmin + (xmax - xmin) u1, ymin + (ymax - ymin)
u2)`` in its keep-out-shrunk rectangle, accepting the first one whose distance to every placed
object is at least the sum of the two keep-outs; a layout attempt fails when an object finds no
place, and the whole draw repeats (up to 10 000 attempts). Crowded levels (Button: a median of
~40 attempts, thousands of candidates) make one Python call per draw slow.

Two exact forms, same positions and same stream state (tests compare both with a
one-draw-at-a-time sampler written from the spec):

* compiled (``_layout_kernel.c``, built at install when a C compiler is there; ``COMPILED``
  tells): the whole loop in C, drawing each double from the RandomState's own bit generator
  through numpy's public C interface, so the stream moves exactly as the reference's does, with
  no read-ahead and no rewind. Button resets ~0.4 ms.
* pure Python (the fallback, or ``compiled=False``): uncrowded levels are drawn pair by pair
  like the reference. Once an attempt fails, the doubles are read ahead in blocks
  (``RandomState.random_sample(n)`` yields the same numbers as n scalar draws, and
  ``uniform(a, b) == a + (b - a) * u`` bit for bit), every candidate position of every
  distinct rectangle is computed at once, an object's first few candidates are tested in plain
  Python and the rest in one numpy expression, and at the end the stream is rewound and
  advanced by exactly the doubles the reference consumed. Button resets ~2.5 ms.
"""
from __future__ import annotations

import functools
import math
from typing import Sequence

import numpy as np

from safety_sim.numeric import sqrt_threshold

try:
    from safety_sim.navigation.layout import _layout_kernel
except ImportError:         # installed without a C compiler: the pure-Python replay
    _layout_kernel = None

COMPILED = _layout_kernel is not None

BLOCK = 2048        # doubles read ahead at a time
SCALAR_TRIES = 4    # candidates of an object tested one by one before the numpy test


def _rects(extents, objects) -> tuple[list[tuple], list[int]]:
    """Distinct shrunk rectangles (xmin, ymin, x range, y range) and each object's index."""
    rects: list[tuple] = []
    index: list[int] = []
    for o in objects:
        r = extents if o.rect is None else o.rect
        k = o.keepout
        xmin, ymin = r[0] + k, r[1] + k
        shrunk = (xmin, ymin, (r[2] - k) - xmin, (r[3] - k) - ymin)
        if shrunk not in rects:
            rects.append(shrunk)
        index.append(rects.index(shrunk))
    return rects, index


def _clear(x: float, y: float, keepout: float, xs, ys, ks) -> bool:
    for px, py, pk in zip(xs, ys, ks):
        dx, dy = x - px, y - py
        if math.sqrt(dx * dx + dy * dy) < pk + keepout:
            return False
    return True


def _direct_attempt(rs, objects, rects, index, tries):
    """One attempt drawing pair by pair: (positions, None) or (None, failing object name)."""
    xs, ys, ks = [], [], []
    for obj, r in zip(objects, index):
        xmin, ymin, rx, ry = rects[r]
        for _ in range(tries):
            u = rs.random_sample(2)
            x, y = xmin + rx * float(u[0]), ymin + ry * float(u[1])
            if _clear(x, y, obj.keepout, xs, ys, ks):
                break
        else:
            return None, obj.name
        xs.append(x)
        ys.append(y)
        ks.append(obj.keepout)
    return (xs, ys), None


class _Candidates:
    """Doubles read ahead of ``rs``, as a list (candidate i is doubles 2i, 2i + 1) and, per
    distinct rectangle, as the candidates' coordinates in numpy arrays."""

    def __init__(self, rs, rects) -> None:
        self.rs, self.rects = rs, rects
        self.start = rs.get_state()
        self.u = np.empty(0)
        self.ul: list[float] = []
        self.xy: list[tuple[np.ndarray, np.ndarray]] = []
        self.used = 0            # candidates consumed
        self._grow(BLOCK)

    def _grow(self, doubles: int) -> None:
        """Read ``doubles`` more (the buffer doubles each time: linear total cost)."""
        u = self.rs.random_sample(doubles)
        self.u = np.concatenate([self.u, u])
        self.ul.extend(u.tolist())
        ux, uy = self.u[0::2], self.u[1::2]
        # x = xmin + (xmax - xmin) u1, y likewise: the scalar code's operations, elementwise
        self.xy = [(xmin + rx * ux, ymin + ry * uy) for xmin, ymin, rx, ry in self.rects]

    def need(self, n: int) -> None:
        if 2 * (self.used + n) > len(self.ul):
            self._grow(max(BLOCK, len(self.ul)))

    def commit(self) -> None:
        self.rs.set_state(self.start)
        self.rs.random_sample(2 * self.used)


@functools.lru_cache(maxsize=64)
def _thresholds(keepouts: tuple) -> np.ndarray:
    """Read-only n x n: row j holds object j's exact squared-distance thresholds with every
    earlier object i < j (``sqrt(d2) < k_i + k_j  <=>  d2 < sqrt_threshold(k_i + k_j)``);
    the placed objects of an attempt are always the earlier ones. Both forms use it."""
    n = len(keepouts)
    limits = np.zeros((n, n))
    for j in range(n):
        for i in range(j):
            limits[j, i] = sqrt_threshold(keepouts[i] + keepouts[j])
    limits.flags.writeable = False
    return limits


def _plan(objects, rects, index) -> list[tuple]:
    """Per object: its shrunk rectangle and that rectangle's index, its thresholds with every
    earlier object (:func:`_thresholds`) as a list and as an array, its name."""
    limits = _thresholds(tuple(o.keepout for o in objects))
    plan = []
    for j, (obj, r) in enumerate(zip(objects, index)):
        row = limits[j, :j]
        plan.append((rects[r], r, row.tolist(), row, obj.name))
    return plan


def _buffered_attempt(c: _Candidates, plan, tries):
    """One attempt from the read-ahead candidates: (positions, None) or (None, failing name).
    Same tests as :func:`_clear` (``sqrt(dx*dx + dy*dy) < k_other + k``) on the exact
    squared thresholds, inlined."""
    c.need(tries * len(plan))
    xs: list[float] = []
    ys: list[float] = []
    ul, xy = c.ul, c.xy
    used = c.used
    for (xmin, ymin, rx, ry), r, limits, limits_arr, name in plan:
        for i in range(used, used + min(tries, SCALAR_TRIES)):
            x, y = xmin + rx * ul[2 * i], ymin + ry * ul[2 * i + 1]
            for px, py, lim in zip(xs, ys, limits):
                dx, dy = x - px, y - py
                if dx * dx + dy * dy < lim:
                    break
            else:
                used = i + 1
                break
        else:   # (with nothing placed the first candidate is always clear)
            lo, hi = used + SCALAR_TRIES, used + tries
            cx, cy = xy[r][0][lo:hi], xy[r][1][lo:hi]
            dx = cx[:, None] - np.array(xs)
            dy = cy[:, None] - np.array(ys)
            dx *= dx
            dy *= dy
            dx += dy
            ok = (dx >= limits_arr).all(axis=1)
            j = int(ok.argmax())
            if not ok[j]:
                c.used = hi
                return None, name
            used = lo + j + 1
            x, y = float(cx[j]), float(cy[j])
        xs.append(x)
        ys.append(y)
    c.used = used
    return (xs, ys), None


def _compiled_sample(gen, objects, rects, index, tries, attempts, failures):
    """Up to ``attempts`` attempts in compiled code drawing from ``gen`` itself (exactly the
    doubles the reference consumes): positions or None; ``failures`` counted."""
    n = len(objects)
    limits = _thresholds(tuple(o.keepout for o in objects))
    rect_array, rect_of = np.array(rects, dtype=np.float64), np.array(index, dtype=np.int64)
    fails = np.zeros(n, dtype=np.int64)
    out = np.empty(2 * n)
    with gen.lock:
        status = _layout_kernel.sample(gen.capsule, rect_array, rect_of, limits, tries,
                                       attempts, fails, out)
    for obj, count in zip(objects, fails.tolist()):
        if count:
            failures[obj.name] = count
    if status != _layout_kernel.PLACED:
        return None
    return out[0::2].tolist(), out[1::2].tolist()


def _python_sample(rs, objects, rects, index, tries, attempts, failures):
    """The pure-Python replay: a first attempt pair by pair, then read-ahead attempts;
    positions or None; ``failures`` counted; the stream left where the reference leaves it."""
    placed, failed = _direct_attempt(rs, objects, rects, index, tries)
    if failed is None:
        return placed
    failures[failed] = 1
    c = _Candidates(rs, rects)
    plan = _plan(objects, rects, index)
    try:
        for _ in range(attempts - 1):
            placed, failed = _buffered_attempt(c, plan, tries)
            if failed is None:
                return placed
            failures[failed] = failures.get(failed, 0) + 1
    finally:
        c.commit()
    return None


def sample(rs: np.random.RandomState, extents: Sequence[float], objects, candidates: int,
           attempts: int, *, compiled: bool = True) -> tuple[dict | None, dict[str, int]]:
    """(layout or None after ``attempts`` failed attempts, failures per object name).
    ``compiled=False`` runs the pure-Python replay even when the compiled loop is there."""
    rects, index = _rects(extents, objects)
    failures: dict[str, int] = {}
    # the RandomState's bit generator (its C interface is what the compiled loop draws from)
    gen = getattr(rs, "_bit_generator", None) if compiled and COMPILED else None
    if gen is not None:
        placed = _compiled_sample(gen, objects, rects, index, candidates, attempts, failures)
    else:
        placed = _python_sample(rs, objects, rects, index, candidates, attempts, failures)
    if placed is None:
        return None, failures
    return {o.name: (x, y) for o, x, y in zip(objects, *placed)}, failures
