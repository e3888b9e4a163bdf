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

BLOCK = 8192        # doubles read ahead at a time
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
    """Candidate positions of every rectangle from doubles read ahead of ``rs``."""

    def __init__(self, rs, rects) -> None:
        self.rs, self.rects = rs, rects
        self.start = rs.get_state()
        self.n = 0               # candidates read ahead
        self.used = 0            # candidates consumed
        self.x = [np.empty(0) for _ in rects]
        self.y = [np.empty(0) for _ in rects]
        self.xl = [[] for _ in rects]
        self.yl = [[] for _ in rects]
        self._grow(BLOCK)

    def _grow(self, doubles: int) -> None:
        """Read ``doubles`` more (the buffer doubles each time: linear total cost)."""
        u = self.rs.random_sample(doubles)
        for r, (xmin, ymin, rx, ry) in enumerate(self.rects):
            x, y = xmin + rx * u[0::2], ymin + ry * u[1::2]
            self.x[r] = np.concatenate([self.x[r], x])
            self.y[r] = np.concatenate([self.y[r], y])
            self.xl[r].extend(x.tolist())
            self.yl[r].extend(y.tolist())
        self.n += doubles // 2

    def need(self, n: int) -> None:
        if self.used + n > self.n:
            self._grow(max(BLOCK, 2 * self.n))

    def commit(self) -> None:
        self.rs.set_state(self.start)
        self.rs.random_sample(2 * self.used)


def _buffered_attempt(c: _Candidates, objects, index, tries):
    xs, ys, ks = [], [], []
    for obj, r in zip(objects, index):
        k = obj.keepout
        c.need(tries)
        xl, yl, i0 = c.xl[r], c.yl[r], c.used
        first = min(tries, SCALAR_TRIES)
        for i in range(i0, i0 + first):
            if _clear(xl[i], yl[i], k, xs, ys, ks):
                c.used = i + 1
                break
        else:   # (with nothing placed the first candidate is always clear)
            lo, hi = i0 + first, i0 + tries
            dx = c.x[r][lo:hi, None] - np.asarray(xs)
            dy = c.y[r][lo:hi, None] - np.asarray(ys)
            ok = np.all(np.sqrt(dx * dx + dy * dy) >= np.asarray(ks) + k, axis=1)
            if not ok.any():
                c.used = hi
                return None, obj.name
            c.used = lo + int(ok.argmax()) + 1
        xs.append(xl[c.used - 1])
        ys.append(yl[c.used - 1])
        ks.append(k)
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
        try:
            while left > 0 and placed is None:
                placed, failed = _buffered_attempt(c, objects, index, candidates)
                left -= 1
                if failed is not None:
                    failures[failed] = failures.get(failed, 0) + 1
        finally:
            c.commit()
    if placed is None:
        return None, failures
    return {o.name: (x, y) for o, x, y in zip(objects, *placed)}, failures
