"""The fast layout sampler replays the reference's one-draw-at-a-time rejection sampler
exactly (docs/spec/navigation.md §5.2): same positions and the stream left in the same state, for
every level, including the crowded Button levels and the objects drawn from several rectangles
(Race's hazards, FormulaOne's start points and road barriers, level 2's biased rectangles), in
both its forms: the compiled sampler (drawing from the bit generator itself) and the plain
Python loop."""
from __future__ import annotations

import math

import numpy as np
import pytest

from safety_sim.navigation import config as nc
from safety_sim.navigation.agents import get_agent, head_agent
from safety_sim.navigation.formula_one.env import placement_objects
from safety_sim.navigation.formula_one.levels import level_config
from safety_sim.navigation.layout import placement, sampler


def spec_layout(rs, extents, objects):
    """docs/spec/navigation.md §5.2 from the spec text: per object up to 100 candidates x = U(xmin',
    xmax'), y = U(ymin', ymax') in its rectangle shrunk by its keep-out; accept the first at least
    keepout(o) + k from every placed o; on failure start the whole layout again. An object
    with several rectangles (Race's hazards, docs/spec/sg_extra_navigation.md §4.3) first chooses
    one per candidate with ``choice(n, p=areas / sum(areas))`` over the shrunk rectangles."""
    for _ in range(10_000):
        placed = []
        for obj in objects:
            k = obj.keepout
            rects = obj.areas or (extents if obj.rect is None else obj.rect,)
            shrunk = [(r[0] + k, r[1] + k, r[2] - k, r[3] - k) for r in rects]
            shrunk = [r for r in shrunk if r[0] <= r[2] and r[1] <= r[3]]
            areas = np.array([(x2 - x1) * (y2 - y1) for x1, y1, x2, y2 in shrunk])
            probs = areas / np.sum(areas) if len(shrunk) > 1 else None
            for _ in range(100):
                xmin, ymin, xmax, ymax = shrunk[0] if len(shrunk) == 1 else \
                    shrunk[rs.choice(len(shrunk), p=probs)]
                x = rs.uniform(xmin, xmax)
                y = rs.uniform(ymin, ymax)
                if all(math.sqrt((x - px) ** 2 + (y - py) ** 2) >= pk + k
                       for _, px, py, pk in placed):
                    placed.append((obj.name, x, y, k))
                    break
            else:
                break
        else:
            return {name: (x, y) for name, x, y, _ in placed}
    raise AssertionError("no layout")


def same_state(a: np.random.RandomState, b: np.random.RandomState) -> bool:
    (_, key_a, pos_a, gauss_a, cached_a), (_, key_b, pos_b, gauss_b, cached_b) = \
        a.get_state(), b.get_state()
    return (np.array_equal(key_a, key_b) and pos_a == pos_b and gauss_a == gauss_b
            and cached_a == cached_b)


def test_the_compiled_sampler_was_built():
    assert sampler.COMPILED, (
        "safety_sim/navigation/layout/_layout_kernel.c was not compiled at install (no C "
        "compiler?): the package falls back to the exact plain Python sampler, whose resets of "
        "the crowded Button levels take milliseconds instead of ~0.4 ms. Install gcc (or "
        "another C compiler) and reinstall with `pip install -e .`")


@pytest.mark.parametrize("compiled", [True, False], ids=["compiled", "python"])
@pytest.mark.parametrize("level", sorted(nc.LEVELS), ids=lambda lv: f"{lv[0]}{lv[1]}")
@pytest.mark.parametrize("agent", ["Point", "Car"])
def test_fast_sampler_equals_the_spec_sampler(level, agent, compiled):
    cfg = nc.LEVELS[level]
    objects = placement.placement_order(cfg, get_agent(agent))
    seeds = range(30) if level[0] == "Button" else range(10)
    for seed in seeds:
        fast, slow = np.random.RandomState(seed), np.random.RandomState(seed)
        layout, _ = sampler.sample(fast, cfg.extents, objects, nc.CANDIDATES_PER_OBJECT,
                                   nc.LAYOUT_ATTEMPTS, compiled=compiled)
        assert layout == spec_layout(slow, cfg.extents, objects), seed
        assert same_state(fast, slow), seed


def test_both_forms_agree_on_failures_and_the_stream_when_nothing_fits():
    """A level that cannot be placed: the same failures per object after the same number of
    attempts, the stream advanced alike."""
    cfg = nc.LEVELS[("Button", 2)]
    objects = placement.placement_order(cfg, get_agent("Point"))
    shrunk = (-1.2, -1.2, 1.2, 1.2)
    results = []
    for compiled in (True, False):
        rs = np.random.RandomState(3)
        layout, failures = sampler.sample(rs, shrunk, objects, 100, 40, compiled=compiled)
        assert layout is None
        assert sum(failures.values()) == 40
        results.append((failures, rs))
    assert results[0][0] == results[1][0]
    assert same_state(results[0][1], results[1][1])


def formula_one_objects(level: int) -> tuple:
    return placement_objects(placement.placement_order(level_config(level), head_agent("Point")))


@pytest.mark.parametrize("compiled", [True, False], ids=["compiled", "python"])
@pytest.mark.parametrize("level", [0, 1, 2])
def test_formula_one_layouts_equal_the_spec_sampler(level, compiled):
    """The agent from seven start rectangles, 200 barriers from 2 (level 1) or 82 rectangles
    (level 2: 8 spots ten times each): every candidate's rectangle chosen by
    ``RandomState.choice``."""
    objects = formula_one_objects(level)
    extents = level_config(level).extents
    for seed in range(8):
        fast, slow = np.random.RandomState(seed), np.random.RandomState(seed)
        layout, _ = sampler.sample(fast, extents, objects, nc.CANDIDATES_PER_OBJECT,
                                   nc.LAYOUT_ATTEMPTS, compiled=compiled)
        assert layout == spec_layout(slow, extents, objects), seed
        assert same_state(fast, slow), seed


def odd_areas_objects() -> tuple:
    """Several rectangles with ties: zero-area ones (never chosen), duplicates, ones emptied by
    the keep-out (dropped); crowded: about 4 failed layout attempts per seed."""
    areas = ((-1.0, -1.0, 0.0, 0.0), (0.5, 0.5, 0.7, 0.7), (-1.0, -1.0, 0.0, 0.0),
             (0.2, -1.0, 0.6, -1.0 + 2e-6), (1.0, 1.0, 1.05, 2.0), (-2.0, 0.5, -0.5, 1.1))
    objects = [placement.Placed("agent", 0.1, True, None, areas[:2])]
    objects += [placement.Placed(f"o{i}", 0.12 + 0.01 * (i % 3), True, None,
                                 areas[i % 3:] + areas[:i % 3]) for i in range(14)]
    objects += [placement.Placed("single", 0.2, True, (-1.5, -1.5, 1.5, 1.5))]
    return tuple(objects)


@pytest.mark.parametrize("compiled", [True, False], ids=["compiled", "python"])
def test_ties_and_dropped_rectangles_equal_the_spec_sampler(compiled):
    objects = odd_areas_objects()
    failed = 0
    for seed in range(40):
        fast, slow = np.random.RandomState(seed), np.random.RandomState(seed)
        layout, failures = sampler.sample(fast, (-2, -2, 2, 2), objects,
                                          nc.CANDIDATES_PER_OBJECT, nc.LAYOUT_ATTEMPTS,
                                          compiled=compiled)
        assert layout == spec_layout(slow, (-2, -2, 2, 2), objects), seed
        assert same_state(fast, slow), seed
        failed += sum(failures.values())
    assert failed > 40          # whole layouts drawn again, not only candidates


def test_the_choice_cdf_replays_random_state_choice():
    """``RandomState.choice(k, p=p)`` is one ``random_sample()`` u and the number of
    :func:`sampler.choice_cdf` entries <= u (both numpy 1.24 and 2.x): draw by draw, the same
    index and the same stream state, for weights spanning many magnitudes, with zeros."""
    weights_rs = np.random.RandomState(12345)
    for case in range(300):
        k = int(weights_rs.randint(2, 90))
        weights = weights_rs.random_sample(k) ** 3 * 10.0 ** weights_rs.randint(-20, 3)
        weights[weights_rs.randint(k)] = 0.0 if case % 4 == 0 else weights[0]
        cdf = sampler.choice_cdf(weights).tolist()
        numpy_rs, ours = np.random.RandomState(case), np.random.RandomState(case)
        for _ in range(40):
            expected = numpy_rs.choice(k, p=np.array(weights) / np.sum(weights))
            u = ours.random_sample()
            assert sum(c <= u for c in cdf) == expected, case
            assert weights[expected] > 0, case
        assert same_state(numpy_rs, ours), case


def test_an_object_whose_areas_have_no_area_is_refused_by_name():
    dot = placement.Placed("dot", 0.0, True, None, ((0.0, 0.0, 0.0, 0.0), (1.0, 1.0, 1.0, 1.0)))
    with pytest.raises(ValueError, match="dot: .* no area"):
        sampler.sample(np.random.RandomState(0), (-2, -2, 2, 2), (dot,), 100, 10)


def test_both_forms_agree_when_objects_of_several_rectangles_cannot_be_placed():
    """FormulaOne's barriers squeezed into a 2 m square (and a rectangle of no area)."""
    objects = formula_one_objects(1)
    squeezed = ((0.0, 0.0, 3.0, 3.0), (0.0, 0.0, 1.0, 1.0))
    crowded = tuple(o if o.areas is None or o.name == "agent" else
                    placement.Placed(o.name, o.keepout, True, None, squeezed) for o in objects)
    results = []
    for compiled in (True, False):
        rs = np.random.RandomState(7)
        layout, failures = sampler.sample(rs, (-2, -2, 2, 2), crowded, 100, 5,
                                          compiled=compiled)
        assert layout is None
        assert sum(failures.values()) == 5
        results.append((failures, rs))
    assert results[0][0] == results[1][0]
    assert same_state(results[0][1], results[1][1])


def test_the_compiled_sampler_refuses_inconsistent_arrays():
    from safety_sim.navigation.layout import _layout_kernel
    gen = np.random.RandomState(0)._bit_generator
    ok = dict(rects=np.zeros(8), cdf=np.array([0.5, 1.0]), spans=np.array([0, 1, 0, 2], np.int64),
              limits=np.zeros(4), failures=np.zeros(2, np.int64), out=np.zeros(4))
    for name, bad, message in [
            ("spans", np.array([0, 1, 1, 2], np.int64), "span .* out of range"),
            ("spans", np.array([0, 0, 0, 1], np.int64), "span .* out of range"),
            ("spans", np.zeros(3, np.int64), "spans"),
            ("cdf", np.array([0.5, 0.9]), "end at 1"),
            ("cdf", np.array([1.5, 1.0]), "falls"),
            ("cdf", np.zeros(3), "cdf must hold"),
            ("limits", np.zeros(3), "limits"),
            ("failures", np.zeros(1, np.int64), "failures"),
            ("out", np.zeros(3), "out")]:
        args = dict(ok, **{name: bad})
        with pytest.raises(ValueError, match=message):
            _layout_kernel.sample(gen.capsule, args["rects"], args["cdf"], args["spans"],
                                  args["limits"], 10, 1, args["failures"], args["out"])
    assert _layout_kernel.sample(gen.capsule, ok["rects"], ok["cdf"], ok["spans"], ok["limits"],
                                 10, 1, ok["failures"], ok["out"]) == _layout_kernel.PLACED
    with pytest.raises(ValueError, match="Capsule|capsule"):
        _layout_kernel.sample(object(), ok["rects"], ok["cdf"], ok["spans"], ok["limits"], 10,
                              1, ok["failures"], ok["out"])


@pytest.mark.parametrize("count", [0, 1, 2, 7, 201])
def test_the_yaws_drawn_at_once_equal_one_uniform_call_each(count):
    """docs/spec/push.md §5.4: one ``uniform(0, 2pi)`` per object in placement order."""
    names = [f"o{i}" for i in range(count)]
    for seed in range(20):
        fast, slow = np.random.RandomState(seed), np.random.RandomState(seed)
        fast.random_sample(seed)            # any position in the stream
        slow.random_sample(seed)
        yaws = placement.draw_yaws(fast, names)
        assert list(yaws) == names
        assert yaws == {name: float(slow.uniform(0.0, 2.0 * np.pi)) for name in names}
        assert same_state(fast, slow)
