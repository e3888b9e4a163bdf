"""The layout rejection sampler of docs/spec/push.md §5.2 / docs/spec/navigation.md §5.2,
exact in two forms.

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
  through numpy's public C interface, so the stream moves exactly as the reference's does.
  Button resets ~0.4 ms.
* plain Python (the fallback, or ``compiled=False``): the reference's loop, pair by pair.
  Crowded levels (Button) reset in a few milliseconds.

An object with several rectangles (Race's hazards, docs/spec/sg_extra_navigation.md §4.3) draws each
candidate's rectangle first, with the reference's own call: ``RandomState.choice(k, p)``
weighted by the shrunk rectangles' areas (one double), then x and y. Levels with such objects
run the plain Python loop.
"""
from __future__ import annotations

import functools
import math
from typing import Sequence

import numpy as np

from safety_sim.numeric import sqrt_threshold

try:
    import safety_sim.navigation.layout._layout_kernel as _layout_kernel
except ImportError:         # installed without a C compiler: the plain Python loop
    _layout_kernel = None

COMPILED = _layout_kernel is not None


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


def _choices(objects) -> list:
    """Per object: None (one rectangle), or (its non-empty shrunk rectangles (xmin, ymin,
    x range, y range), their area weights) to choose one from per candidate."""
    out: list[tuple[list, np.ndarray | None] | None] = []
    for o in objects:
        if o.areas is None:
            out.append(None)
            continue
        k, rects = o.keepout, []
        for r in o.areas:
            xmin, ymin, xmax, ymax = r[0] + k, r[1] + k, r[2] - k, r[3] - k
            if xmin <= xmax and ymin <= ymax:
                rects.append((xmin, ymin, xmax - xmin, ymax - ymin))
        if not rects:
            raise ValueError(f"{o.name}: every placement area is smaller than its keep-out")
        areas = [rx * ry for _, _, rx, ry in rects]
        out.append((rects, np.array(areas) / np.sum(areas)) if len(rects) > 1 else
                   ([rects[0]], None))
    return out


def _clear(x: float, y: float, keepout: float, xs, ys, ks) -> bool:
    for px, py, pk in zip(xs, ys, ks):
        dx, dy = x - px, y - py
        if math.sqrt(dx * dx + dy * dy) < pk + keepout:
            return False
    return True


def _direct_attempt(rs, objects, rects, index, tries, choices=None):
    """One attempt drawing pair by pair: (positions, None) or (None, failing object name)."""
    xs, ys, ks = [], [], []
    for obj, r, choice in zip(objects, index, choices or [None] * len(objects)):
        xmin, ymin, rx, ry = rects[r]
        for _ in range(tries):
            if choice is not None:
                areas, weights = choice
                pick = 0 if weights is None else int(rs.choice(len(areas), p=weights))
                xmin, ymin, rx, ry = areas[pick]
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
    """The reference's loop in plain Python: positions or None; ``failures`` counted."""
    choices = _choices(objects)
    for _ in range(attempts):
        placed, failed = _direct_attempt(rs, objects, rects, index, tries, choices)
        if failed is None:
            return placed
        failures[failed] = failures.get(failed, 0) + 1
    return None


def sample(rs: np.random.RandomState, extents: Sequence[float], objects, candidates: int,
           attempts: int, *, compiled: bool = True) -> tuple[dict | None, dict[str, int]]:
    """(layout or None after ``attempts`` failed attempts, failures per object name).
    ``compiled=False`` runs the plain Python loop even when the compiled loop is there."""
    rects, index = _rects(extents, objects)
    failures: dict[str, int] = {}
    # the RandomState's bit generator (its C interface is what the compiled loop draws from)
    gen = getattr(rs, "_bit_generator", None) if compiled and COMPILED else None
    if any(o.areas is not None for o in objects):
        gen = None          # the area choice: the plain loop
    if gen is not None:
        placed = _compiled_sample(gen, objects, rects, index, candidates, attempts, failures)
    else:
        placed = _python_sample(rs, objects, rects, index, candidates, attempts, failures)
    if placed is None:
        return None, failures
    return {o.name: (x, y) for o, x, y in zip(objects, *placed)}, failures
