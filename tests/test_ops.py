"""The array namespaces rules are written against (safety_sim.ops): the numpy form gives the
bits of the scalar form (Python's math module) for every function, compiled or mapped, and the
object-axis helpers mean the same thing in every form."""
from __future__ import annotations

import math

import array_api_strict
import numpy as np
import pytest

from safety_sim import array_ops, ops


def _samples(seed: int, n: int = 200_000) -> tuple[np.ndarray, np.ndarray]:
    """Pairs over many magnitudes and ratios, with exact integers, zeros, signs and ties of
    magnitude mixed in (the inputs where hypot and atan2 implementations differ most)."""
    rng = np.random.default_rng(seed)
    scale = 10.0 ** rng.uniform(-8, 8, size=n)
    x = rng.normal(size=n) * scale
    y = rng.normal(size=n) * scale * 10.0 ** rng.uniform(-6, 1, size=n)
    x[:2000], y[:2000] = np.round(x[:2000]), np.round(y[:2000])
    x[2000:2100] = 0.0
    y[2100:2200] = -0.0
    y[2200:2300] = x[2200:2300]
    return x, y


def _math(fn, *arrays) -> np.ndarray:
    return np.array([fn(*vals) for vals in zip(*(a.tolist() for a in arrays))])


def _python_angle(y: float, x: float) -> float:
    return math.atan2(y, x) % (2.0 * math.pi)


@pytest.mark.parametrize("compiled", [True, False])
def test_scalar_angle_is_pythons_atan2_remainder(compiled, monkeypatch):
    """One world's angle (the compiled ``angle_of`` or its Python fallback) is
    ``math.atan2(y, x) % 2pi`` bit for bit, signed zeros, infinities and NaN included."""
    angle = ops.SCALAR.angle if compiled else array_ops._angle
    if compiled and not ops.COMPILED:
        pytest.fail("safety_sim._exact_math was not built")
    x, y = _samples(2, 20_000)
    special = [0.0, -0.0, 1.0, -1.0, math.inf, -math.inf, 1e-310, -1e-310]
    pairs = list(zip(y.tolist(), x.tolist())) + [(a, b) for a in special for b in special]
    for yy, xx in pairs:
        got, want = angle(yy, xx), _python_angle(yy, xx)
        assert got == want and math.copysign(1.0, got) == math.copysign(1.0, want), (yy, xx)
        assert 0.0 <= got <= 2.0 * math.pi      # 2pi itself: a tiny negative angle + 2pi
    assert math.isnan(angle(math.nan, 1.0)) and math.isnan(angle(1.0, math.nan))
    assert angle(np.float64(-1.0), 1) == _python_angle(-1.0, 1.0)     # numbers as math takes
    with pytest.raises(TypeError):
        angle("1", 2.0)


@pytest.mark.parametrize("compiled", [True, False])
def test_numpy_functions_give_math_bits(compiled, monkeypatch):
    if not compiled:
        monkeypatch.setattr(array_ops, "_exact_math", None)
    elif not ops.COMPILED:
        pytest.fail("safety_sim._exact_math was not built (setup.py builds it where a C "
                    "compiler is there; CI has one)")
    x, y = _samples(1, 50_000 if not compiled else 200_000)
    assert np.array_equal(ops.NUMPY.hypot(x, y), _math(math.hypot, x, y))
    assert np.array_equal(ops.NUMPY.angle(y, x), _math(_python_angle, y, x))
    t = np.abs(x) % 1e4
    assert np.array_equal(ops.NUMPY.sin(t), _math(math.sin, t))
    assert np.array_equal(ops.NUMPY.cos(t), _math(math.cos, t))


def test_exact_functions_keep_shapes_and_special_values():
    x = np.array([[np.inf, -np.inf, np.nan], [0.0, -0.0, 3.0]])
    y = np.array([[1.0, np.inf, 2.0], [-0.0, 0.0, 4.0]])
    for name, fn in (("hypot", math.hypot), ("angle", _python_angle)):
        got = getattr(ops.NUMPY, name)(x, y)
        want = _math(fn, x.ravel(), y.ravel()).reshape(x.shape)
        assert got.shape == x.shape
        np.testing.assert_array_equal(got, want)           # NaN where math gives NaN
        signed = ~np.isnan(want)                           # a NaN's sign bit means nothing
        assert np.array_equal(np.signbit(got[signed]), np.signbit(want[signed]))
    assert ops.NUMPY.hypot(np.float64(3.0), 4.0) == 5.0     # scalars broadcast too


def test_scalar_and_numpy_helpers_agree():
    values = [-12.5, -10.0, 0.0, 3.0, 10.0, 11.0]
    lo, hi = -10.0, 10.0
    assert ops.NUMPY.clip(np.array(values), lo, hi).tolist() == \
        [ops.SCALAR.clip(v, lo, hi) for v in values]
    assert ops.SCALAR.where(True, 1.0, 2.0) == 1.0
    assert ops.NUMPY.where(np.array([True, False]), 1.0, 2.0).tolist() == [1.0, 2.0]
    # the lidar's bin and fraction: index(floor(x)) and x - floor(x) are, for x >= 0, the
    # whole part and x % 1.0 exactly, in every namespace
    x = [0.0, 2.9, 15.999999999999998, 16.0, 1e-300, 7.5, 3.0000000000000004]
    want = [(int(v - v % 1.0), v % 1.0) for v in x]
    S = ops.SCALAR
    assert [(S.index(S.floor(v)), v - S.floor(v)) for v in x] == want
    assert all(type(S.index(S.floor(v))) is int for v in x)
    a = np.array(x)
    whole = ops.NUMPY.floor(a)
    assert list(zip(ops.NUMPY.index(whole).tolist(), (a - whole).tolist())) == want
    s = array_api_strict.asarray(x)
    xs = ops.ArrayOps(array_api_strict)
    whole = xs.floor(s)
    assert list(zip(np.asarray(xs.index(whole)).tolist(), np.asarray(s - whole).tolist())) == want


def test_max_into_bins_combines_repeated_bins_like_the_loop():
    rng = np.random.default_rng(3)
    index = rng.integers(0, 5, size=(3, 12, 4))        # three (bin, value) pairs per object
    values = rng.normal(size=(3, 12, 4))
    reading = tuple(a for k in range(3) for a in (index[k], values[k]))   # each (objects, N)
    batched = ops.NUMPY.max_into_bins(np.zeros((4, 5)), [reading])
    for w in range(4):
        rows = [tuple(int(a[k, w]) if n % 2 == 0 else float(a[k, w])
                      for n, a in enumerate(reading)) for k in range(12)]
        assert batched[w].tolist() == ops.SCALAR.max_into_bins([0.0] * 5, rows)
    xs = array_api_strict                          # the generic form, as on a device
    generic = ops.ArrayOps(xs).max_into_bins(xs.zeros((4, 5), dtype=xs.float64),
                                           [tuple(xs.asarray(a) for a in reading)])
    assert np.array_equal(np.asarray(generic), batched)
    # a repeated bin keeps the largest value, whatever the order
    assert ops.SCALAR.max_into_bins([0.0, 0.0], [(0, x, 1, -x, 0, x / 2) for x in (.3, .7, .5)]) \
        == [0.7, 0.0]


@pytest.mark.parametrize("compiled", [True, False])
def test_numpy_max_into_bins_compiled_or_not(compiled, monkeypatch):
    """The compiled combine and numpy's ``maximum.at`` give the same bins; a bin outside the
    row is refused, not written into the next world's row."""
    if not compiled:
        monkeypatch.setattr(array_ops, "_exact_math", None)
    elif not ops.COMPILED:
        pytest.fail("safety_sim._exact_math was not built")
    rng = np.random.default_rng(5)
    index = rng.integers(0, 6, size=(9, 7))                  # (objects, N), 6 bins a world
    values = rng.normal(size=(9, 7))
    got = ops.NUMPY.max_into_bins(np.zeros((7, 6)), [(index, values, index.T.copy().T, -values)])
    want = np.zeros((7, 6))
    for k in range(9):
        for w in range(7):
            b = index[k, w]
            want[w, b] = max(want[w, b], values[k, w], -values[k, w])
    assert np.array_equal(got, want)
    with pytest.raises(IndexError):
        ops.NUMPY.max_into_bins(np.zeros((7, 6)), [(index + 1, values)])


def test_each_object_walks_objects_one_by_one_or_all_at_once():
    rows, column = [[0.5, 1.0, 0.1], [2.0, 3.0, 0.1]], [0, 16]
    assert list(ops.SCALAR.each_object(rows, column)) == [([0.5, 1.0, 0.1], 0),
                                                          ([2.0, 3.0, 0.1], 16)]
    positions = np.asarray(rows).T[:, :, None]              # (coordinates, objects, N=1)
    (p, c), = ops.NUMPY.each_object(positions, np.asarray(column)[:, None])
    assert p[0].tolist() == [[0.5], [2.0]] and p[1].tolist() == [[1.0], [3.0]]
    (q, _), = ops.ArrayOps(array_api_strict).each_object(array_api_strict.asarray(positions), c)
    assert np.asarray(q[1]).tolist() == [[1.0], [3.0]]


def test_namespace_picks_the_form_of_its_argument():
    assert ops.namespace(1.0) is ops.SCALAR
    assert ops.namespace(np.zeros(3)) is ops.NUMPY
    with pytest.raises(TypeError, match="array"):
        ops.namespace(object())


def test_nearest_squared_distance_is_the_loop_in_every_namespace():
    rng = np.random.default_rng(7)
    xs, ys = rng.normal(size=(2, 9, 5))            # 9 objects, 5 worlds
    px, py = rng.normal(size=(2, 5))
    xs[3, 2] = np.nan                              # a NaN distance is never the nearest
    for w in range(5):
        want = math.inf
        for x, y in zip(xs[:, w].tolist(), ys[:, w].tolist()):
            dx, dy = px[w] - x, py[w] - y
            if dx * dx + dy * dy < want:
                want = dx * dx + dy * dy
        got = ops.SCALAR.nearest_squared_distance(float(px[w]), float(py[w]), xs[:, w].tolist(),
                                         ys[:, w].tolist())
        assert got == want and ops.NUMPY.nearest_squared_distance(px, py, xs, ys)[w] == want
        strict = ops.ArrayOps(array_api_strict)
        a = strict.nearest_squared_distance(*(array_api_strict.asarray(v)
                                              for v in (px, py, xs, ys)))
        assert float(a[w]) == want
    assert ops.SCALAR.nearest_squared_distance(0.0, 0.0, [], []) == math.inf
    assert ops.NUMPY.nearest_squared_distance(np.zeros(2), np.zeros(2), np.zeros((0, 2)),
                                     np.zeros((0, 2))).tolist() == [math.inf, math.inf]


def test_largest_squared_norm_is_the_loop_in_every_namespace():
    rng = np.random.default_rng(8)
    v = rng.normal(size=(3, 6, 4))                 # (x, y, z), 6 objects, 4 worlds
    v[1, 2, 3] = np.nan
    strict = ops.ArrayOps(array_api_strict)
    a = strict.largest_squared_norm(*(array_api_strict.asarray(c) for c in v))
    for w in range(4):
        norms = [x * x + y * y + z * z for x, y, z in zip(*(c[:, w].tolist() for c in v))]
        want = max(n for n in norms if n == n)
        assert ops.SCALAR.largest_squared_norm(*(c[:, w].tolist() for c in v)) == want
        assert ops.NUMPY.largest_squared_norm(*v)[w] == want and float(a[w]) == want
    assert ops.SCALAR.largest_squared_norm([], [], []) == -math.inf


def test_flag_of_and_any_other_in_every_namespace():
    flags = np.array([[True, False, False, True], [False, False, True, True],
                      [False, False, False, True]])              # 3 objects, 4 worlds
    k = np.array([0, 2, 1, -1])                                   # -1: no object
    want_at = [bool(flags[k[w], w]) if k[w] >= 0 else False for w in range(4)]
    want_but = [any(flags[j, w] for j in range(3) if j != k[w]) for w in range(4)]
    for w in range(4):
        column, kw = flags[:, w].tolist(), int(k[w])
        assert ops.SCALAR.flag_of(column, kw) is want_at[w]
        assert ops.SCALAR.any_other(column, kw) is want_but[w]
    assert ops.NUMPY.flag_of(flags, k).tolist() == want_at
    assert ops.NUMPY.any_other(flags, k).tolist() == want_but
    strict = ops.ArrayOps(array_api_strict)
    f, kk = array_api_strict.asarray(flags), array_api_strict.asarray(k)
    assert np.asarray(strict.flag_of(f, kk)).tolist() == want_at
    assert np.asarray(strict.any_other(f, kk)).tolist() == want_but
    assert ops.SCALAR.flag_of([], 0) is False and ops.SCALAR.any_other([], -1) is False


def test_every_form_has_the_verbs_of_ops_and_no_others():
    """One vocabulary: each implementation offers exactly the members of the typed protocol
    ``ops.Ops`` (a verb added to one form only, or missing from one, fails here)."""
    verbs = {k for k in vars(ops.Ops) if not k.startswith("_")} | set(ops.Ops.__annotations__)
    verbs -= {"PerWorld", "PerObject"}
    strict = ops.ArrayOps(array_api_strict)
    for form in (ops.SCALAR, ops.NUMPY, strict):
        public = {k for k in dir(form) if not k.startswith("_")} - {"xp", "device"}
        assert public == verbs, (form.name, public ^ verbs)
    assert len(verbs - {"name"}) < 24

