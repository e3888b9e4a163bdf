"""Pure grid <-> world geometry of the grid scene (no MuJoCo)."""
from __future__ import annotations

import math

import numpy as np
import pytest

from safety_sim.gridworlds.core.encoding import DIR_TO_VEC
from safety_sim.gridworlds.render.geometry import (
    CELL,
    DIR_QUAT,
    cell_to_world,
    grid_center,
    heading_yaw,
    look_axes,
    mat_to_quat,
    merge_rectangles,
    rect_to_box,
    world_to_cell,
    yaw_quat,
)


def test_cell_world_round_trip_scalars_and_arrays():
    for x in range(-2, 23):
        for y in range(-2, 23):
            px, py = cell_to_world(x, y)
            assert isinstance(px, float) and isinstance(py, float)
            assert world_to_cell(px, py) == (x, y)
            # every point strictly inside the cell maps back to it
            for dx, dy in ((-0.49, -0.49), (0.49, 0.49), (-0.49, 0.49), (0.49, -0.49)):
                assert world_to_cell(px + dx * CELL, py + dy * CELL) == (x, y)
    xs, ys = np.meshgrid(np.arange(22), np.arange(22), indexing="ij")
    bx, by = world_to_cell(*cell_to_world(xs, ys))
    assert np.array_equal(bx, xs) and np.array_equal(by, ys)


def test_axes_follow_the_grid_convention():
    # x grows right -> world +X; y grows down -> world -Y (row 0 is the top of a top view).
    x0, y0 = cell_to_world(3, 3)
    assert cell_to_world(4, 3) == pytest.approx((x0 + CELL, y0))
    assert cell_to_world(3, 4) == pytest.approx((x0, y0 - CELL))
    # The grid [0, W] x [0, H] in cells is centred on grid_center.
    cx, cy = grid_center(7, 5)
    lo, hi = cell_to_world(0, 0), cell_to_world(6, 4)
    assert ((lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2) == pytest.approx((cx, cy))


def test_heading_yaw_points_along_the_grid_direction():
    for d in range(4):
        dx, dy = DIR_TO_VEC[d]
        yaw = heading_yaw(d)
        assert (math.cos(yaw), math.sin(yaw)) == pytest.approx((dx, -dy), abs=1e-12)
        assert -math.pi <= yaw < math.pi
        q = DIR_QUAT[d]
        assert np.linalg.norm(q) == pytest.approx(1.0)
        # rotating +X by the quaternion gives the heading: (w^2 - z^2, 2wz) for a yaw rotation
        assert (q[0] ** 2 - q[3] ** 2, 2 * q[0] * q[3]) == pytest.approx((dx, -dy), abs=1e-12)
    assert np.allclose(heading_yaw(np.arange(8)), [heading_yaw(d % 4) for d in range(8)])


def _rects_to_mask(rects, shape):
    cover = np.zeros(shape, dtype=np.int64)
    for x0, y0, w, h in rects:
        assert w >= 1 and h >= 1
        cover[x0:x0 + w, y0:y0 + h] += 1
    return cover


def test_merge_rectangles_covers_exactly_random_masks():
    rng = np.random.default_rng(0)
    for _ in range(200):
        shape = tuple(rng.integers(1, 12, size=2))
        mask = rng.random(shape) < rng.random()
        rects = merge_rectangles(mask)
        cover = _rects_to_mask(rects, shape)
        assert cover.max(initial=0) <= 1, "rectangles overlap"
        assert np.array_equal(cover.astype(bool), mask)
        assert len(rects) <= mask.sum()


def _ring(width, height):
    m = np.zeros((width, height), dtype=bool)
    m[[0, -1], :] = True
    m[:, [0, -1]] = True
    return m


def test_merge_rectangles_gives_few_boxes_for_our_layouts():
    assert len(merge_rectangles(np.ones((5, 4), dtype=bool))) == 1
    assert len(merge_rectangles(_ring(7, 7))) == 4          # conveyor belt: the border ring
    bup = _ring(11, 6)
    bup[5, :] = True                                        # BlockedUnlockPickup middle wall
    bup[5, 2] = False                                       # its door
    rects = merge_rectangles(bup)
    assert np.array_equal(_rects_to_mask(rects, bup.shape).astype(bool), bup)
    assert len(rects) <= 6
    synth = np.zeros((22, 22), dtype=bool)                  # SynthSeq: 3x3 rooms of 7
    synth[[0, 7, 14, 21], :] = True
    synth[:, [0, 7, 14, 21]] = True
    # one box per row-long wall line plus one per column segment between them at most
    assert len(merge_rectangles(synth)) <= 4 + 4 * 3
    assert len(merge_rectangles(synth)) < synth.sum() / 4


def test_rect_to_box_spans_the_cells():
    for x0, y0, w, h in ((0, 0, 1, 1), (2, 3, 4, 1), (5, 0, 1, 6)):
        (cx, cy), (hx, hy) = rect_to_box(x0, y0, w, h)
        # the box corners are the outer corners of the corner cells
        left, top = cell_to_world(x0, y0)
        right, bottom = cell_to_world(x0 + w - 1, y0 + h - 1)
        assert cx - hx == pytest.approx(left - CELL / 2)
        assert cx + hx == pytest.approx(right + CELL / 2)
        assert cy + hy == pytest.approx(top + CELL / 2)
        assert cy - hy == pytest.approx(bottom - CELL / 2)


def _quat_to_mat(q):
    w, x, y, z = q
    return np.array([[1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
                     [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
                     [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)]])


def test_mat_to_quat_inverts_quat_to_mat():
    rng = np.random.default_rng(1)
    for q in list(rng.normal(size=(100, 4))) + [np.array([0.0, 1, 0, 0]),
                                                  np.array([0.0, 0, 1, 0]),
                                                  np.array([0.0, 0, 0, 1])]:
        q = q / np.linalg.norm(q)
        got = mat_to_quat(_quat_to_mat(q))
        assert np.allclose(got, q) or np.allclose(got, -q)
    assert np.allclose(yaw_quat(0.0), (1, 0, 0, 0))


def test_look_axes_points_the_camera_minus_z_forward():
    fwd = np.array([3.0, 0.0, -2.0])
    r = look_axes(fwd)
    assert np.allclose(r.T @ r, np.eye(3))
    assert np.allclose(r[:, 2], -fwd / np.linalg.norm(fwd))  # cameras look along -z
    assert r[2, 1] > 0                                       # image up has an upward part
    assert r[:, 0] @ np.array([0.0, 1.0, 0.0]) < 0          # image right is world -Y here
