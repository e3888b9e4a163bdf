"""The one-world lidar's compiled form (``safety_sim/_lidar.c``, reached through
``lidar.lidar_into`` on ``ops.SCALAR``) against the rule itself (``lidar.lidar``): the same
bits for random poses, groups, bin counts and ranges and for the exact axis-aligned angles
(bin edges), nothing written outside its row, and nothing at all when it refuses its input."""
from __future__ import annotations

import mujoco
import numpy as np
import pytest

from safety_sim.navigation import lidar as L
from safety_sim.ops import SCALAR


def test_the_compiled_lidar_was_built():
    assert L._compiled_lidar_into is not None, (
        "safety_sim._exact_math was built without lidar_into (no C compiler, or a build from "
        "before safety_sim/_lidar.c): lidar_into runs the plain lidar() loop, the same numbers "
        "several microseconds slower a step. Reinstall with `pip install -e .` where a C "
        "compiler is there")


def _bits(values) -> list[str]:
    return [float(v).hex() for v in values]


def _case(rng):
    """A random world: agent pose, objects in 1-3 groups, bins and range."""
    n = int(rng.integers(0, 14))
    bins = int(rng.choice([4, 8, 16, 32]))
    cuts = rng.integers(0, n + 1, int(rng.integers(0, 3)))
    bounds = sorted({0, n, *(int(c) for c in cuts)})
    scale = float(rng.choice([0.01, 1.0, 3.0, 10.0]))
    quat = rng.normal(size=4)
    mat = np.zeros(9)
    mujoco.mju_quat2Mat(mat, quat / np.linalg.norm(quat))
    objects = tuple(rng.normal(0.0, scale, 3).tolist() for _ in range(n))
    return (rng.normal(0.0, scale, 3).tolist(), mat.tolist(), objects,
            L.group_base(bounds, bins), bins * (len(bounds) - 1), bins,
            float(rng.choice([3.0, 0.5, 7.25])))


def _both(pos, mat, objects, base, width, bins, max_dist):
    want = L.lidar(SCALAR, pos, mat, objects, base, width, bins, max_dist)
    out = np.full(width + 5, 9.0)
    L.lidar_into(SCALAR, out, 3, pos, mat, objects, base, width, bins, max_dist)
    return want, out


@pytest.mark.parametrize("seed", range(4))
def test_compiled_form_gives_the_rules_bits(seed):
    rng = np.random.default_rng(seed)
    for _ in range(1500):
        case = _case(rng)
        want, out = _both(*case)
        width = case[4]
        assert _bits(out[3:3 + width]) == _bits(want)
        assert out[:3].tolist() == [9.0] * 3 and out[3 + width:].tolist() == [9.0] * 2


@pytest.mark.parametrize("bins", [4, 16])
def test_axis_aligned_objects_land_on_bin_edges_alike(bins):
    """Angles 0, pi/2, pi, 3pi/2 exactly (b from floor of a whole number, f = 0)."""
    pos = [0.25, -0.5, 0.1]
    objects = tuple([pos[0] + dx, pos[1] + dy, 0.0]
                    for dx, dy in [(1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0), (2.9, 0.0)])
    identity = [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0]
    want, out = _both(pos, identity, objects, L.group_base([0, 5], bins), bins, bins, 3.0)
    assert _bits(out[3:3 + bins]) == _bits(want)


@pytest.mark.parametrize("objects, error", [
    (([float("nan"), 0.0, 0.0],), ValueError),       # no finite angle (math.floor raises too)
    (([1.0],), ValueError),                           # a position needs x and y
    (("ab",), TypeError),                             # not numbers
])
def test_refused_input_changes_nothing(objects, error):
    out = np.full(16, 9.0)
    identity = [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0]
    with pytest.raises(error):
        L.lidar_into(SCALAR, out, 0, [0.0, 0.0, 0.0], identity, objects, (0,), 16)
    assert out.tolist() == [9.0] * 16


def test_without_the_compiled_form_the_rule_writes_the_same(monkeypatch):
    rng = np.random.default_rng(7)
    case = _case(rng)
    _, compiled = _both(*case)
    monkeypatch.setattr(L, "_compiled_lidar_into", None)
    _, plain = _both(*case)
    assert _bits(compiled) == _bits(plain)


@pytest.mark.parametrize("form", ["xmat row", "float32", "strided"])
def test_the_matrix_as_an_array_gives_the_lists_bits(form):
    """The one-world call reads ``agent_mat`` in place from a float64 row of ``data.xmat``;
    any other array of nine numbers goes through the sequence protocol, with the same bits
    (float32: the numbers it holds)."""
    rng = np.random.default_rng(11)
    for _ in range(200):
        pos, mat, objects, base, width, bins, max_dist = _case(rng)
        xmat = np.zeros((3, 9))
        xmat[1] = mat
        arr = {"xmat row": xmat[1], "float32": xmat[1].astype(np.float32),
               "strided": np.repeat(xmat[1], 2)[::2]}[form]
        mat_list = arr.tolist() if form == "float32" else mat
        want = L.lidar(SCALAR, pos, [float(v) for v in mat_list], objects, base, width, bins,
                       max_dist)
        for into in (L._compiled_lidar_into, L._plain_one_world):
            out = np.full(width + 1, 9.0)
            into(out, 1, width, pos, arr, objects, base, bins, max_dist, SCALAR.hypot)
            assert _bits(out[1:]) == _bits(want)


@pytest.mark.parametrize("mat, error", [
    (np.zeros(8), ValueError),               # eight numbers
    ([1.0] * 8, ValueError),
    (np.zeros(9, dtype=np.int64)[None], ValueError),    # a 1 x 9 int array: one item, a row
    ("abcdefghi", TypeError),                # not numbers
    (None, TypeError),
])
def test_a_bad_matrix_is_refused_and_changes_nothing(mat, error):
    out = np.full(16, 9.0)
    with pytest.raises(error, match="agent_mat|real number"):
        L._compiled_lidar_into(out, 0, 16, [0.0, 0.0, 0.0], mat, ([1.0, 0.0],), (0,), 16, 3.0,
                               SCALAR.hypot)
    assert out.tolist() == [9.0] * 16
