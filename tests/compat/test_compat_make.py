"""safety_sim.make with Safety-Gymnasium's signature, and the 6-tuple wrappers."""
from __future__ import annotations

import gymnasium
import numpy as np
import pytest

import safety_sim
from safety_sim.compat import wrappers as w

PUSH = "SafetyPointPush1-v0"


def _run(env, actions, seed=0):
    env.reset(seed=seed)
    return [env.step(a) for a in actions]


def test_id_keyword_and_positional_give_the_same_episode():
    actions = [np.full(2, 0.3)] * 5
    a = _run(safety_sim.make(id=PUSH), actions)
    b = _run(safety_sim.make(PUSH), actions)
    for x, y in zip(a, b):
        assert np.array_equal(x[0], y[0]) and x[1:5] == y[1:5]


def test_render_kwargs_reach_the_env():
    env = safety_sim.make(id=PUSH, render_mode="rgb_array", camera_name="fixedfar",
                          width=40, height=30)
    env.reset(seed=0)
    assert env.render().shape == (30, 40, 3)
    env.close()


def test_unknown_kwarg_refused_by_name():
    with pytest.raises(TypeError, match="bogus_option"):
        safety_sim.make(id=PUSH, bogus_option=1)
    for truthy in ("yes", 1):                # a flag is a bool, not a truthy value
        with pytest.raises(TypeError, match="autoreset"):
            safety_sim.make(PUSH, autoreset=truthy)


def test_max_episode_steps_truncates():
    env = safety_sim.make(PUSH, max_episode_steps=3)
    out = _run(env, [np.zeros(2)] * 3)
    assert [o[4] for o in out] == [False, False, True]


def test_autoreset_is_same_step_with_final_observation_and_info():
    """Autoreset returns the next episode's first observation at once; the ending step's
    observation, info, reward, cost and flags equal those of an env without autoreset."""
    actions = [np.full(2, 0.5)] * 4
    plain = safety_sim.make(PUSH, max_episode_steps=3)
    ref = _run(plain, actions[:3])
    auto = safety_sim.make(id=PUSH, max_episode_steps=3, autoreset=True)
    got = _run(auto, actions)
    end = got[2]
    assert end[1:5] == ref[2][1:5] and end[4] is True
    assert np.array_equal(end[5]["final_observation"], ref[2][0])
    assert end[5]["final_info"]["cost"] == ref[2][5]["cost"] == end[2]
    # the returned observation is a reset one: it matches a fresh reset of the new episode
    assert "final_observation" not in got[3][5] and not got[3][4]
    assert set(end[5]) - {"final_observation", "final_info"} <= set(plain.reset()[1])


def test_time_limit_and_clip_and_rescale_wrappers():
    env = w.SafeTimeLimit(safety_sim.make(PUSH, max_episode_steps=1000), 2)
    env.reset(seed=0)
    assert not env.step(np.zeros(2))[4] and env.step(np.zeros(2))[4]
    # per-agent flags stay dicts: every agent truncated at the limit (the reference's wrapper)
    agents = ("agent_0", "agent_1")
    two = w.SafeTimeLimit(w.make("SafetyPointMultiGoal0-v0"), 2)
    two.reset(seed=0)
    flags = [two.step({a: np.zeros(2) for a in agents})[4] for _ in range(2)]
    assert flags == [dict.fromkeys(agents, False), dict.fromkeys(agents, True)]
    base = safety_sim.make(PUSH)
    low, high = base.action_space.low, base.action_space.high
    base.reset(seed=0)
    with pytest.raises(ValueError, match="outside"):
        base.step(high * 3)
    clip = w.SafeClipAction(safety_sim.make(PUSH))
    assert np.array_equal(clip.action(high * 3), high)
    clip.reset(seed=0)
    with pytest.raises(ValueError, match="NaN"):
        clip.step(np.full(2, np.nan))
    resc = w.SafeRescaleAction(safety_sim.make(PUSH), -1.0, 1.0)
    assert np.allclose(resc.action(np.full(2, -1.0)), low)
    assert np.allclose(resc.action(np.full(2, 1.0)), high)
    with pytest.raises(ValueError, match="min_action < max_action"):
        w.SafeRescaleAction(safety_sim.make(PUSH), 1.0, 1.0)


def test_unsqueeze_and_gymnasium_conversions():
    env = w.SafeUnsqueeze(safety_sim.make(PUSH))
    obs, _ = env.reset(seed=0)
    out = env.step(np.zeros(2))
    assert obs.shape == (1, 76) and out[0].shape == (1, 76)
    assert all(np.shape(x) == (1,) for x in out[1:5])
    five = w.SafetyGymnasium2Gymnasium(safety_sim.make(PUSH))
    five.reset(seed=0)
    step5 = five.step(np.zeros(2))
    assert len(step5) == 5 and "cost" in step5[4]
    six = w.Gymnasium2SafetyGymnasium(gymnasium.make(PUSH))
    six.reset(seed=0)
    step6 = six.step(np.zeros(2))
    assert len(step6) == 6 and step6[2] == step6[5]["cost"] == step5[4]["cost"]
    both = w.with_gymnasium_wrappers(
        safety_sim.make(PUSH), lambda e: gymnasium.wrappers.ClipReward(e, -1e-9, 1e-9))
    both.reset(seed=0)
    assert abs(both.step(np.full(2, 1.0))[1]) <= 1e-9


def test_rescale_over_the_widest_float_range_maps_every_action_finitely():
    """``max_action - min_action`` overflowed to inf: every finite action reached the env as
    its low bound, and a later step was refused over a NaN never sent (issue 35 item 2)."""
    base = safety_sim.make(PUSH)
    low, high = base.action_space.low, base.action_space.high
    env = w.SafeRescaleAction(base, -1e308, 1e308)
    np.testing.assert_array_equal(env.action(np.full(2, -1e308)), low)
    np.testing.assert_array_equal(env.action(np.full(2, 1e308)), high)
    np.testing.assert_array_equal(env.action(np.zeros(2)), (low + high) / 2)
    np.testing.assert_allclose(env.action(np.full(2, 5e307)), low + 0.75 * (high - low))
    env.reset(seed=0)
    for a in (np.zeros(2), np.full(2, 1e308), np.full(2, -3e307)):
        assert np.isfinite(env.step(a)[1])
    # where nothing overflows, bit for bit the plain formula
    narrow = w.SafeRescaleAction(safety_sim.make(PUSH), -2.0, 3.0)
    for a in np.random.default_rng(0).uniform(-2.0, 3.0, (200, 2)):
        np.testing.assert_array_equal(narrow.action(a),
                                      low + (a - -2.0) / 5.0 * (high - low))


@pytest.mark.parametrize("action, text", [
    (["0.5", "0.5"], "not numeric"), ("0.5", "not numeric"), ([True, 0.5], "holds a bool"),
    (np.array([True, False]), "bool dtype"), (np.array([0.5 + 3j, 0.0]), "complex dtype"),
    ([np.inf, 0.0], "NaN or inf"), (np.zeros(3), "shape"),
])
def test_rescale_refuses_what_the_bare_env_refuses_by_name(action, text):
    """strings, bools and complex numbers became actions (issue 35 item 3); the env is left
    as an untouched twin."""
    env, twin = w.SafeRescaleAction(safety_sim.make(PUSH), -1.0, 1.0), safety_sim.make(PUSH)
    env.reset(seed=0)
    twin.reset(seed=0)
    with pytest.raises(ValueError, match=text):
        env.step(action)
    bare = safety_sim.make(PUSH)
    bare.reset(seed=0)
    with pytest.raises(ValueError, match=text):
        bare.step(action)
    mid = (twin.action_space.low + twin.action_space.high) / 2
    assert np.array_equal(env.step(np.zeros(2))[0], twin.step(mid)[0])


def test_rescale_maps_actions_outside_its_range_outside_the_box():
    """As Safety-Gymnasium's: the drop-in's make then clips them (SafePO's Gaussian policies
    rely on it), safety_sim.make refuses them naming the env's bounds; one that would map
    beyond float64's range is refused naming the wrapper."""
    from safety_sim.compat import api

    base = safety_sim.make(PUSH)
    low, high = base.action_space.low, base.action_space.high
    env = w.SafeRescaleAction(base, -1.0, 1.0)
    np.testing.assert_array_equal(env.action(np.full(2, 3.0)), low + 2.0 * (high - low))
    env.reset(seed=0)
    with pytest.raises(ValueError, match="outside the action space"):
        env.step(np.full(2, 3.0))
    dropin, twin = w.SafeRescaleAction(api.make(PUSH), -1.0, 1.0), api.make(PUSH)
    dropin.reset(seed=0)
    twin.reset(seed=0)
    assert np.array_equal(dropin.step(np.full(2, 3.0))[0], twin.step(high)[0])
    tiny = w.SafeRescaleAction(safety_sim.make(PUSH), -1e-300, 1e-300)
    with pytest.raises(ValueError, match="maps beyond float64's range"):
        tiny.action(np.full(2, 1e10))


@pytest.mark.parametrize("bounds, text", [
    (("-1", 1.0), "min_action must be real"), ((-1.0, True), "max_action must be real"),
    ((-1.0, 1 + 0j), "max_action must be real"), ((-1.0, [1.0, 1.0, 1.0]), "does not fit"),
])
def test_rescale_bounds_are_real_numbers(bounds, text):
    with pytest.raises(ValueError, match=text):
        w.SafeRescaleAction(safety_sim.make(PUSH), *bounds)
