"""The pseudo-lidar of :mod:`safety_sim.navigation.lidar` for many worlds at once, bit for bit.

Same rule (spec/push.md §8), same floating-point operations in the same order, over arrays
with a leading world axis: ego vector ``R^T (p - a)`` with ``p_z = 0``, distance, angle in
[0, 2pi), bin and fraction, readings aliased into the neighbouring bins, ``max`` within a
group.

Two quantities come from Python's ``math`` module rather than numpy: the distance
(``math.hypot``) and the angle (``math.atan2``). numpy's ``hypot`` and ``arctan2`` are
different implementations (Python >= 3.10 computes ``hypot`` itself; numpy may use SIMD
kernels) that disagree with them in the last bit for about one input in 400 (hypot) and one in
35 (atan2), and the batched observation must equal the single env's exactly. They are mapped
over the flat arrays at C speed (``map`` of the builtin over ``tolist()``, no Python bytecode
per element); ``atan2`` only for objects within range. Everything else is numpy.
"""
from __future__ import annotations

import functools
import math
from typing import Sequence

import numpy as np

from safety_sim.navigation.lidar import TWO_PI, _neighbours


def batched_lidar(agent_pos: np.ndarray, agent_mat: np.ndarray, positions: np.ndarray,
                  group_bounds: Sequence[int], num_bins: int = 16, max_dist: float = 3.0,
                  out: np.ndarray | None = None) -> np.ndarray:
    """Readings of every world, ``(N, num_bins * groups)``: row ``i`` equals
    ``lidar(agent_pos[i], agent_mat[i] as 3 rows, positions[i], group_bounds, ...)``.

    agent_pos: (N, 3); agent_mat: (N, 9) row-major body -> world rotations; positions: (N, K,
    3), groups stored one after another as in :func:`safety_sim.navigation.lidar.lidar`.
    ``out`` (N, num_bins * groups), a C-contiguous float64 array, is overwritten if given.
    """
    n, k = positions.shape[0], positions.shape[1]
    groups = len(group_bounds) - 1
    width = num_bins * groups
    if out is None:
        out = np.zeros((n, width))
    elif out.shape != (n, width) or not out.flags.c_contiguous:
        raise ValueError(f"out must be a C-contiguous array of shape {(n, width)}")
    else:
        out[:] = 0.0
    if k == 0 or n == 0:
        return out
    ax, ay, az = agent_pos[:, 0:1], agent_pos[:, 1:2], agent_pos[:, 2:3]
    r00, r01, r10, r11 = agent_mat[:, 0:1], agent_mat[:, 1:2], agent_mat[:, 3:4], agent_mat[:, 4:5]
    cx, cy = -az * agent_mat[:, 6:7], -az * agent_mat[:, 7:8]
    vx, vy = positions[:, :, 0] - ax, positions[:, :, 1] - ay
    ex = vx * r00 + vy * r10 + cx
    ey = vx * r01 + vy * r11 + cy
    d = np.fromiter(map(math.hypot, ex.ravel().tolist(), ey.ravel().tolist()), np.float64,
                    n * k)
    near = np.flatnonzero(d < max_dist)
    if near.size == 0:
        return out
    d = d[near]
    s = (max_dist - d) / max_dist
    theta = np.fromiter(map(math.atan2, ey.ravel()[near].tolist(), ex.ravel()[near].tolist()),
                        np.float64, near.size)
    x = np.mod(theta, TWO_PI) * (num_bins / TWO_PI)
    b = x.astype(np.int64)             # x >= 0: truncation is floor, as int() in the scalar
    f = x - b
    world, obj = np.divmod(near, k)
    base = world * width + _group_base(tuple(group_bounds), num_bins, k)[obj]
    nxt, prv, main = _bin_tables(num_bins)
    flat = out.reshape(-1)
    np.maximum.at(flat, base + main[b], s)
    np.maximum.at(flat, base + nxt[b], f * s)
    np.maximum.at(flat, base + prv[b], (1.0 - f) * s)
    return out


@functools.lru_cache(maxsize=32)
def _group_base(group_bounds: tuple[int, ...], num_bins: int, k: int) -> np.ndarray:
    """Offset of each object's group block in a world's readings."""
    base = np.zeros(k, dtype=np.int64)
    for g in range(len(group_bounds) - 1):
        base[group_bounds[g]:group_bounds[g + 1]] = g * num_bins
    return base


@functools.lru_cache(maxsize=8)
def _bin_tables(num_bins: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(b + 1) mod n, (b - 1) mod n and the bin itself (n -> 0) for b = 0..n, as the scalar's
    tables (b = n can come from round-off)."""
    nxt, prv = _neighbours(num_bins)
    main = [b if b < num_bins else 0 for b in range(num_bins + 1)]
    return (np.array(nxt, dtype=np.int64), np.array(prv, dtype=np.int64),
            np.array(main, dtype=np.int64))
