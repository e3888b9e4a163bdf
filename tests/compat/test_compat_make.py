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
    with pytest.raises(TypeError, match="autoreset"):
        safety_sim.make(PUSH, autoreset="yes")


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
