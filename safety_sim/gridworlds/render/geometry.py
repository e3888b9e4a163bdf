"""Grid <-> world geometry for the grid scene: pure numpy, no MuJoCo.

A cell ``(x, y)`` (x = column growing right, y = row growing *down*, as in every discrete world
of ours) is a ``CELL`` x ``CELL`` square on the ground plane z = 0. World +X is grid +x and world
+Y is grid *up* (-y), so the world stays right-handed with z up and a camera looking straight
down with image-up = +Y shows row 0 at the top of the picture, like the reference renderers.

Cell ``(x, y)`` covers world ``[x, x+1) x (-(y+1), -y]`` (times ``CELL``); its centre is
``cell_to_world(x, y)``.
"""
from __future__ import annotations

import math

import numpy as np

CELL = 1.0  # edge of one grid cell in world units (metres)


def cell_to_world(x, y):
    """World (px, py) of the centre of cell (x, y); scalars or arrays (broadcast)."""
    px = (np.asarray(x, dtype=np.float64) + 0.5) * CELL
    py = -(np.asarray(y, dtype=np.float64) + 0.5) * CELL
    if px.ndim == 0 and py.ndim == 0:
        return float(px), float(py)
    return px, py


def world_to_cell(px, py):
    """Cell (x, y) containing world point (px, py); scalars or arrays (broadcast)."""
    x = np.floor(np.asarray(px, dtype=np.float64) / CELL).astype(np.int64)
    y = np.floor(-np.asarray(py, dtype=np.float64) / CELL).astype(np.int64)
    if x.ndim == 0 and y.ndim == 0:
        return int(x), int(y)
    return x, y


def heading_yaw(direction):
    """Yaw (radians, about world +Z) of a grid heading: 0 right, 1 down, 2 left, 3 up.

    Right is world +X (yaw 0), down world -Y (-pi/2), left -pi, up +pi/2; yaw in [-pi, pi).
    """
    d = np.asarray(direction, dtype=np.int64) % 4
    yaw = -d * (math.pi / 2)
    yaw = (yaw + math.pi) % (2 * math.pi) - math.pi  # wrap into [-pi, pi)
    return float(yaw) if yaw.ndim == 0 else yaw


def yaw_quat(yaw) -> np.ndarray:
    """Unit quaternion(s) (w, x, y, z) of a rotation by ``yaw`` about +Z; shape (..., 4)."""
    half = np.asarray(yaw, dtype=np.float64) / 2
    q = np.zeros(half.shape + (4,))
    q[..., 0] = np.cos(half)
    q[..., 3] = np.sin(half)
    return q


DIR_QUAT = yaw_quat(heading_yaw(np.arange(4)))  # (4, 4): quaternion of each heading


def grid_center(width: int, height: int) -> tuple[float, float]:
    """World (px, py) of the centre of a ``width`` x ``height`` grid."""
    return width * CELL / 2, -height * CELL / 2


def merge_rectangles(mask) -> list[tuple[int, int, int, int]]:
    """Cover the True cells of a ``[x, y]`` boolean mask with few axis-aligned rectangles.

    Greedy, largest first: among the uncovered cells whose left and upper neighbours are not
    uncovered True cells (the lexicographically first uncovered cell always is one), grow a
    rectangle right-then-down and down-then-right, take the largest, repeat. Returns
    ``(x0, y0, w, h)`` tuples; they are disjoint and their union is exactly the mask.
    """
    m = np.asarray(mask, dtype=bool)
    if m.ndim != 2:
        raise ValueError(f"mask must be 2-D [x, y], got shape {m.shape}")
    free = m.copy()
    rects = []
    while free.any():
        left = np.zeros_like(free)
        left[1:] = free[:-1]
        up = np.zeros_like(free)
        up[:, 1:] = free[:, :-1]
        best = max((r for x0, y0 in np.argwhere(free & ~left & ~up)
                    for r in _grow(free, int(x0), int(y0))), key=lambda r: r[2] * r[3])
        x0, y0, w, h = best
        free[x0:x0 + w, y0:y0 + h] = False
        rects.append(best)
    return rects


def _run(line: np.ndarray | np.bool_) -> int:
    """Length of the leading run of True values of a 1-D array."""
    run = np.asarray(line)
    stop = np.flatnonzero(~run)
    return int(stop[0]) if stop.size else len(run)


def _grow(free: np.ndarray, x0: int, y0: int):
    """The right-then-down and the down-then-right rectangles from (x0, y0)."""
    w = _run(free[x0:, y0])
    h = _run(free[x0:x0 + w, y0:].all(axis=0))
    yield (x0, y0, w, h)
    h = _run(free[x0, y0:])
    w = _run(free[x0:, y0:y0 + h].all(axis=1))
    yield (x0, y0, w, h)


def rect_to_box(x0: int, y0: int, w: int, h: int):
    """``((px, py), (hx, hy))``: world centre and half extents of the cell rectangle
    ``(x0, y0, w, h)`` (top-left cell, width and height in cells)."""
    cx, cy = cell_to_world(x0 + (w - 1) / 2, y0 + (h - 1) / 2)
    return (cx, cy), (w * CELL / 2, h * CELL / 2)


def look_axes(forward, up=(0.0, 0.0, 1.0)) -> np.ndarray:
    """3x3 rotation matrix (columns = camera x, y, z axes) of a camera looking along
    ``forward`` with ``up`` roughly up in the image (MuJoCo cameras look along their -z)."""
    f = np.asarray(forward, dtype=np.float64)
    f = f / np.linalg.norm(f)
    right = np.cross(f, np.asarray(up, dtype=np.float64))
    right = right / np.linalg.norm(right)
    cam_up = np.cross(right, f)
    return np.stack([right, cam_up, -f], axis=1)


def mat_to_quat(mat) -> np.ndarray:
    """Unit quaternion (w, x, y, z) of a 3x3 rotation matrix."""
    r = np.asarray(mat, dtype=np.float64)
    tr = r[0, 0] + r[1, 1] + r[2, 2]
    if tr > 0:
        s = math.sqrt(tr + 1.0) * 2
        q = (0.25 * s, (r[2, 1] - r[1, 2]) / s, (r[0, 2] - r[2, 0]) / s, (r[1, 0] - r[0, 1]) / s)
    elif r[0, 0] > r[1, 1] and r[0, 0] > r[2, 2]:
        s = math.sqrt(1.0 + r[0, 0] - r[1, 1] - r[2, 2]) * 2
        q = ((r[2, 1] - r[1, 2]) / s, 0.25 * s, (r[0, 1] + r[1, 0]) / s, (r[0, 2] + r[2, 0]) / s)
    elif r[1, 1] > r[2, 2]:
        s = math.sqrt(1.0 + r[1, 1] - r[0, 0] - r[2, 2]) * 2
        q = ((r[0, 2] - r[2, 0]) / s, (r[0, 1] + r[1, 0]) / s, 0.25 * s, (r[1, 2] + r[2, 1]) / s)
    else:
        s = math.sqrt(1.0 + r[2, 2] - r[0, 0] - r[1, 1]) * 2
        q = ((r[1, 0] - r[0, 1]) / s, (r[0, 2] + r[2, 0]) / s, (r[1, 2] + r[2, 1]) / s, 0.25 * s)
    quat = np.asarray(q)
    return quat / np.linalg.norm(quat)
