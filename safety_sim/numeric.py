"""Exact shortcuts for the distance tests that run in every step and every layout draw.

``math.sqrt`` is correctly rounded, hence monotone: for a fixed ``s`` the set of doubles ``q``
with ``sqrt(q) >= s`` is an interval ``[T, inf]``. With ``T = sqrt_threshold(s)``,
``sqrt(q) >= s`` is exactly ``q >= T`` and ``sqrt(q) < s`` exactly ``q < T`` (NaN fails both
forms alike), so a test of a squared distance gives the same answer as the reference's
``sqrt(dx*dx + dy*dy) < s`` bit for bit, one call fewer.
"""
from __future__ import annotations

import functools
import math


@functools.lru_cache(maxsize=256)
def sqrt_threshold(s: float) -> float:
    """The smallest double ``q`` with ``math.sqrt(q) >= s`` (``s`` finite; 0.0 for s <= 0)."""
    s = float(s)
    if not math.isfinite(s):
        raise ValueError(f"sqrt_threshold needs a finite bound, got {s}")
    if s <= 0.0:
        return 0.0 if s == 0.0 else -math.inf
    q = s * s
    if math.sqrt(q) >= s:
        while True:
            lower = math.nextafter(q, 0.0)
            if math.sqrt(lower) < s:
                return q
            q = lower
    while math.sqrt(q) < s:
        q = math.nextafter(q, math.inf)
    return q
