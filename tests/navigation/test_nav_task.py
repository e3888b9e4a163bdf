"""Episode-level behaviour of the navigation tasks Goal, Button, Circle and Run: the ids per
task and their episode lengths, same seed same episode, and an episode whose physics
explodes. Rewards, costs and scene changes are in ``test_nav_task_*.py``."""
from __future__ import annotations

import gymnasium
import numpy as np
import pytest

import safety_sim
from nav_task_helpers import make


@pytest.mark.parametrize("env_id", ["SafetyCarButton2-v0", "SafetyPointGoal2-v0"])
def test_same_seed_same_episode(env_id):
    def run():
        env = gymnasium.make(env_id)
        obs, _ = env.reset(seed=9)
        env.action_space.seed(9)
        out = [obs]
        for _ in range(80):
            obs, r, _, _, info = env.step(env.action_space.sample())
            out.append(np.concatenate([obs, [r, info["cost"]]]))
        return np.array(out[1:])
    assert np.array_equal(run(), run())


def test_ids_per_task_and_episode_lengths():
    ids = safety_sim.env_ids("navigation")
    for task, n, steps in (("Goal", 60, 1000), ("Button", 60, 1000), ("Circle", 60, 500),
                           ("Run", 20, 500)):
        mine = [i for i in ids if task in i and "Debug" not in i]     # Debug: test_debug_ids
        assert len(mine) == n, task
        assert {gymnasium.spec(i).max_episode_steps for i in mine} == {steps}


@pytest.mark.parametrize("env_id", ["SafetyPointGoal1-v0", "SafetyCarButton1-v0"])
def test_exploding_physics_ends_the_episode_without_reward(env_id, tmp_path, monkeypatch):
    """MuJoCo resets a simulation whose state goes bad (issue 13): the step pays nothing,
    returns the previous observation, truncates with info["physics_unstable"] and warns."""
    monkeypatch.chdir(tmp_path)       # MuJoCo's C code appends to ./MUJOCO_LOG.TXT
    env, u = make(env_id)
    env.reset(seed=0)
    for _ in range(3):
        before, *_ = env.step(np.zeros(2))
    u.data.qvel[:] = 1e12
    with pytest.warns(UserWarning, match="physics became unstable"):
        obs, r, term, trunc, info = env.step(np.zeros(2))
    assert (r, term, trunc, info["physics_unstable"], info["cost"]) == (0.0, False, True,
                                                                         True, 0.0)
    assert np.array_equal(obs, before) and np.all(np.isfinite(obs))
    with pytest.raises(gymnasium.error.ResetNeeded):
        env.step(np.zeros(2))
    env.reset(seed=1)
    assert np.all(np.isfinite(env.step(np.zeros(2))[0]))
