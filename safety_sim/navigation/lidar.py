"""Safety-Gymnasium's pseudo-lidar (docs/spec/push.md §8), written once for one world and for N.

For an object at ``p`` and the agent at ``a`` with body rotation ``R``: the ego vector is
``R^T (p_x - a_x, p_y - a_y, 0 - a_z)`` (objects projected to z = 0), its planar part gives
distance ``d`` and angle ``theta`` (counter-clockwise from body +x, in [0, 2pi)). With bin width
``w = 2pi / n``, bin ``b = floor(theta / w)`` and fraction ``f = theta / w - b``, the reading
``s = (D - d) / D`` (objects at ``d >= D`` read nothing) goes to bin ``b`` and, aliased,
``f s`` to bin ``b + 1`` and ``(1 - f) s`` to bin ``b - 1``. Objects of one group combine with
``max``.

:func:`lidar` takes an array namespace ``ops`` (:mod:`safety_sim.ops`): Python floats and lists
of objects for one world (a loop over the objects), arrays ``(N,)`` per world quantity and
``(objects, N)`` per object for N worlds (one pass over all of them), device arrays on a GPU.
The distance and angle are Python's
``math.hypot`` and ``math.atan2(..) % (2 pi)`` (``ops.angle``; the numpy form reproduces their
bits).

:func:`lidar_into` writes the readings into an observation row; for one world on Python floats
it makes one compiled call (``safety_sim/_lidar.c``: this loop, operation for operation, the
distance by the namespace's own ``hypot``), the bits of :func:`lidar` (tests compare the two).
"""
from __future__ import annotations

import functools
import math
from typing import Sequence

from safety_sim.ops import SCALAR, Ops

try:
    from safety_sim._exact_math import lidar_into as _compiled_lidar_into
except ImportError:       # installed without a C compiler (or an older build): the loop below
    _compiled_lidar_into = None

TWO_PI = 2.0 * math.pi


def lidar(ops: Ops, agent_pos, agent_mat, objects, group_base, width: int,
          num_bins: int = 16, max_dist: float = 3.0):
    """Readings of every group, ``width`` = ``num_bins * groups`` per world (a list for one
    world, an array (N, width) for many).

    agent_pos: (x, y, z) and agent_mat: the body -> world rotation as 9 numbers row after row
    (MuJoCo's ``xmat``), each coordinate a float or an array over the worlds; objects: the
    objects' positions, x then y (more coordinates are ignored): one sequence per object for
    one world, an array (coordinates, objects, N) for many; group_base: the offset of each
    object's group block in ``out`` (``num_bins * group``), in the namespace's per-object form
    (``ops.object_column``)."""
    if width == 0:                      # a level without sensed groups (Run)
        return ops.zeros_per_world(agent_pos[0], 0)
    ax, ay, az = agent_pos[0], agent_pos[1], agent_pos[2]
    r00, r01, r10, r11 = agent_mat[0], agent_mat[1], agent_mat[3], agent_mat[4]
    cx, cy = -az * agent_mat[6], -az * agent_mat[7]     # the z offset (0 - a_z)
    per_bin = num_bins / TWO_PI
    hypot, angle, floor, index = ops.hypot, ops.angle, ops.floor, ops.index
    main, nxt, prv = _tables(ops, num_bins)

    readings = []       # per object: its bin, the next, the previous, and how much in each
    for p, base in ops.each_object(objects, group_base):      # each object, or all at once
        vx, vy = p[0] - ax, p[1] - ay
        ex = vx * r00 + vy * r10 + cx
        ey = vx * r01 + vy * r11 + cy
        s = (max_dist - hypot(ex, ey)) / max_dist      # <= 0 (nothing) from max_dist on
        x = angle(ey, ex) * per_bin                   # atan2(ey, ex) % 2pi, in bins
        whole = floor(x)
        # the fraction: exact (x - floor(x) needs no rounding), the bits of x % 1.0 for
        # x >= 0, and faster on arrays
        f = x - whole
        b = index(whole)        # b == num_bins only through round-off (bin 0)
        readings.append((base + main[b], s, base + nxt[b], f * s, base + prv[b], (1.0 - f) * s))
    return ops.max_into_bins(ops.zeros_per_world(ax, width), readings)


def lidar_into(ops: Ops, out, start: int, agent_pos, agent_mat, objects, group_base,
               width: int, num_bins: int = 16, max_dist: float = 3.0) -> None:
    """:func:`lidar` written into ``out[..., start:start + width]`` (``out`` float64, one
    row per world); one world on :data:`~safety_sim.ops.SCALAR` in one compiled call, the
    same bits."""
    if ops is SCALAR and _compiled_lidar_into is not None and out.ndim == 1:
        _compiled_lidar_into(out, start, width, agent_pos, agent_mat, objects, group_base,
                             num_bins, max_dist, ops.hypot)
    else:
        out[..., start:start + width] = lidar(ops, agent_pos, agent_mat, objects, group_base,
                                              width, num_bins, max_dist)


def one_world_lidar_into():
    """:func:`lidar_into` of one world on :data:`~safety_sim.ops.SCALAR` as one function of
    ``(out, start, width, agent_pos, agent_mat, objects, group_base, num_bins, max_dist,
    hypot)`` (``hypot``: ``SCALAR.hypot``): the compiled call where it is built, else the
    plain :func:`lidar` (the same bits). ``agent_mat`` may also be a float64 array of nine
    (the agent's row of ``data.xmat``: the compiled call reads it in place). For callers that
    bind everything but the positions once
    (:class:`~safety_sim.navigation.observation.OneWorldObserver`, MultiGoal's observer)."""
    return _plain_one_world if _compiled_lidar_into is None else _compiled_lidar_into


def _plain_one_world(out, start: int, width: int, agent_pos, agent_mat, objects, group_base,
                     num_bins: int, max_dist: float, hypot) -> None:
    if hasattr(agent_mat, "tolist"):          # a row of xmat: its numbers as Python floats
        agent_mat = agent_mat.tolist()
    out[start:start + width] = lidar(SCALAR, agent_pos, agent_mat, objects, group_base, width,
                                     num_bins, max_dist)


@functools.lru_cache(maxsize=32)
def _tables(ops: Ops, num_bins: int) -> tuple:
    """:func:`bin_tables` as constants of the namespace ``ops``."""
    return tuple(ops.asarray(t) for t in bin_tables(num_bins))


@functools.lru_cache(maxsize=8)
def bin_tables(num_bins: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """For b = 0..n: the bin itself (b = n, from round-off, is bin 0), (b + 1) mod n and
    (b - 1) mod n."""
    return (tuple(b if b < num_bins else 0 for b in range(num_bins + 1)),
            tuple((b + 1) % num_bins for b in range(num_bins + 1)),
            tuple((b - 1) % num_bins for b in range(num_bins + 1)))


def group_base(group_bounds: Sequence[int], num_bins: int) -> tuple[int, ...]:
    """Offset of each object's group block, from the groups' bounds (group ``g`` is objects
    ``bounds[g]:bounds[g + 1]``)."""
    return tuple(g * num_bins for g in range(len(group_bounds) - 1)
                 for _ in range(group_bounds[g], group_bounds[g + 1]))


def bin_centres(num_bins: int = 16) -> list[float]:
    """Angles (agent frame) of the bin centres, used to draw the lidar ring
    (docs/spec/push.md §14)."""
    return [(i + 0.5) * TWO_PI / num_bins for i in range(num_bins)]
