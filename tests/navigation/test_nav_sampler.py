"""The fast layout sampler replays the reference's one-draw-at-a-time rejection sampler
exactly (docs/spec/navigation.md §5.2): same positions and the stream left in the same state, for
every level, including the crowded Button levels, in both its forms: the compiled sampler (drawing
from the bit generator itself) and the pure-Python replay (reading ahead)."""
from __future__ import annotations

import math

import numpy as np
import pytest

from safety_sim.navigation import config as nc
from safety_sim.navigation.layout import placement, sampler
from safety_sim.navigation.agents import get_agent


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


def test_the_compiled_sampler_refuses_inconsistent_arrays():
    from safety_sim.navigation.layout import _layout_kernel
    gen = np.random.RandomState(0)._bit_generator
    rects = np.zeros(4)
    ok = dict(rect_of=np.zeros(2, np.int64), limits=np.zeros(4),
              failures=np.zeros(2, np.int64), out=np.zeros(4))
    for name, bad, message in [("rect_of", np.array([0, 1], np.int64), "out of range"),
                               ("limits", np.zeros(3), "limits"),
                               ("failures", np.zeros(1, np.int64), "failures"),
                               ("out", np.zeros(3), "out")]:
        args = dict(ok, **{name: bad})
        with pytest.raises(ValueError, match=message):
            _layout_kernel.sample(gen.capsule, rects, args["rect_of"], args["limits"], 10, 1,
                                  args["failures"], args["out"])
    with pytest.raises(ValueError, match="Capsule|capsule"):
        _layout_kernel.sample(object(), rects, ok["rect_of"], ok["limits"], 10, 1,
                              ok["failures"], ok["out"])
