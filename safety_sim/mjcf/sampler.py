"""The layout rejection sampler of push.md §5.2 / navigation.md §5.2, fast and exact.

The reference draws candidates one ``RandomState.uniform`` pair at a time: for each object in
placement order up to 100 candidates ``(x, y) = (xmin + (xmax - xmin) u1, ymin + (ymax - ymin)
u2)`` in its keep-out-shrunk rectangle, accepting the first one whose distance to every placed
object is at least the sum of the two keep-outs; a layout attempt fails when an object finds no
place, and the whole draw repeats (up to 10 000 attempts). Crowded levels (Button: a median of
~40 attempts, thousands of candidates) make one Python call per draw slow.

Uncrowded levels are drawn exactly like that. Once an attempt fails, the doubles are read ahead
in blocks (``RandomState.random_sample(n)`` yields the same numbers as n scalar draws, and
``uniform(a, b) == a + (b - a) * u`` bit for bit), every candidate position of every distinct
rectangle is computed at once, an object's first few candidates are tested in plain Python and
the rest in one numpy expression, and at the end the stream is rewound and advanced by exactly
the doubles the reference consumed. Same positions, same stream state; tests compare it with a
one-draw-at-a-time sampler written from the spec.
"""
from __future__ import annotations

import math
from typing import Sequence

import numpy as np

from safety_sim.numeric import sqrt_threshold

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


def _plan(objects, rects, index) -> list[tuple]:
    """Per object: its shrunk rectangle and that rectangle's index, the squared-distance
    thresholds with every earlier object as a list and as an array
    (``sqrt(d2) < k_i + k_j  <=>  d2 < sqrt_threshold(k_i + k_j)``, exactly), its name. The
    placed objects of an attempt are always the earlier ones."""
    ks = [o.keepout for o in objects]
    plan = []
    for j, (obj, r) in enumerate(zip(objects, index)):
        limits = [sqrt_threshold(ks[i] + ks[j]) for i in range(j)]
        plan.append((rects[r], r, limits, np.array(limits), obj.name))
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


def sample(rs: np.random.RandomState, extents: Sequence[float], objects, candidates: int,
           attempts: int) -> tuple[dict | None, dict[str, int]]:
    """(layout or None after ``attempts`` failed attempts, failures per object name)."""
    rects, index = _rects(extents, objects)
    failures: dict[str, int] = {}
    placed, failed = _direct_attempt(rs, objects, rects, index, candidates)
    left = attempts - 1
    if failed is not None:
        failures[failed] = 1
        c = _Candidates(rs, rects)
        plan = _plan(objects, rects, index)
        try:
            while left > 0 and placed is None:
                placed, failed = _buffered_attempt(c, plan, candidates)
                left -= 1
                if failed is not None:
                    failures[failed] = failures.get(failed, 0) + 1
        finally:
            c.commit()
    if placed is None:
        return None, failures
    return {o.name: (x, y) for o, x, y in zip(objects, *placed)}, failures
