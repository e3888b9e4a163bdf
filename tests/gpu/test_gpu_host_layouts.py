"""The GPU form's host layouts (no Warp needed: they are numpy and our sampler): reused stream
objects and cancelled draws ahead leave every world's stream and layout exactly the single
env's (``RandomState(seed)`` for a seeded reset, the stream gone on for an autoreset)."""
from __future__ import annotations

import gymnasium
import numpy as np
import pytest

import safety_sim  # noqa: F401 - registers the ids
from safety_sim.gpu.layouts import HostLayouts
from safety_sim.navigation.episode import settle_stream
from safety_sim.navigation.layout.placer import layout_stream
from safety_sim.navigation.worlds import LAYOUT_FIELDS

ID = "SafetyPointGoal1-v0"
N = 4


@pytest.fixture(scope="module")
def runtime():
    env = gymnasium.make(ID).unwrapped
    yield env.runtime
    env.close()


def _same_state(a: np.random.RandomState, b: np.random.RandomState) -> bool:
    sa, sb = a.get_state(), b.get_state()
    return sa[0] == sb[0] and np.array_equal(sa[1], sb[1]) and sa[2:] == sb[2:]


def _reset(lay: HostLayouts, seeds) -> list:
    ids = np.arange(N)
    plan = lay.draw(ids, seeds, {})
    lay.write(ids, plan)
    return plan


@pytest.mark.parametrize("threads", [0, 2])
def test_seeded_resets_with_reused_streams_are_the_single_envs(runtime, threads):
    lay = HostLayouts(runtime, N, LAYOUT_FIELDS, threads)
    try:
        for base in (3, 2 ** 40 + 5, 3):        # the 2nd and 3rd resets reseed spare streams
            plan = _reset(lay, [base + i for i in range(N)])
            streams = [id(s) for s in lay.streams]
            assert len(set(streams)) == N and not set(streams) & {id(s) for s in lay._spare}
            for i, (rs, layout) in enumerate(plan):
                ref = layout_stream(base + i)
                want = runtime.placer().draw(None, ref, None, {})[1]
                assert layout.xy == want.xy
                assert _same_state(rs, ref)
    finally:
        lay.close()


def test_reseeding_a_used_stream_equals_a_new_one():
    used = np.random.RandomState(9)
    used.standard_normal(7)                     # a cached Gaussian and a moved position
    for seed in (0, 12345, 2 ** 32 - 1, 2 ** 32, 2 ** 70 + 3):
        assert _same_state(layout_stream(seed, used), layout_stream(seed))


def test_draws_ahead_are_taken_or_cancelled_and_stay_exact(runtime):
    lay = HostLayouts(runtime, N, LAYOUT_FIELDS, 2)
    late = HostLayouts(runtime, N, LAYOUT_FIELDS, 0)    # the same history, drawn when needed
    try:
        ids = np.arange(N)
        for layouts in (lay, late):
            _reset(layouts, [20 + i for i in range(N)])
            layouts.draw_ahead(ids, np.full(N, 5))
            layouts.owed += 5                              # five steps of every world
        ahead = lay.next_layouts(ids)
        assert lay.drawn_ahead == N
        for (rs, layout), (rs_late, layout_late) in zip(ahead, late.next_layouts(ids)):
            assert layout.xy == layout_late.xy and _same_state(rs, rs_late)
        lay.write(ids, ahead)
        lay.draw_ahead(ids, np.full(N, 1000))
        lay.wait_ahead()
        plan = lay.draw(ids, [50 + i for i in range(N)], {})  # seeded: those draws are useless
        assert all(a is None for a in lay._ahead)
        assert lay._spare == []            # the dropped draws' streams, reseeded for the plan
        lay.write(ids, plan)
        live = {id(s) for s in lay.streams}
        assert len(live) == N and not live & {id(s) for s in lay._spare}
        for i, (rs, layout) in enumerate(plan):
            ref = layout_stream(50 + i)
            assert layout.xy == runtime.placer().draw(None, ref, None, {})[1].xy
            assert _same_state(rs, ref)
    finally:
        lay.close()
        late.close()


def test_a_stream_copied_from_a_snapshot_goes_on_as_the_original(runtime):
    lay = HostLayouts(runtime, 1, LAYOUT_FIELDS, 0)
    try:
        lay.write(np.arange(1), lay.draw(np.arange(1), [7], {}))
        rs = lay.streams[0]
        copy = lay._stream_from(rs.get_state())
        assert copy is not rs
        assert _same_state(settle_stream(copy, 3), settle_stream(rs, 3))
        assert copy.standard_normal() == rs.standard_normal()
    finally:
        lay.close()


def test_layout_streams_are_randomstates_of_the_seed():
    """``layout_stream`` builds its stream from a constant seed sequence and reseeds it (cheap);
    the state is the reference's ``RandomState(seed)`` (a larger seed: its 32-bit words)."""
    for seed in (0, 1, 12345, 2 ** 32 - 1):
        assert _same_state(layout_stream(seed), np.random.RandomState(seed))
    big = 2 ** 70 + 3
    words = np.array([big & 0xFFFFFFFF, (big >> 32) & 0xFFFFFFFF, big >> 64], dtype=np.uint32)
    assert _same_state(layout_stream(big), np.random.RandomState(words))
