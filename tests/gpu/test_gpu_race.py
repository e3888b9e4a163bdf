"""Race on the GPU form (issue 33 item 4): the track's walls (mesh hulls) on MuJoCo Warp, the
exact host layouts, the first steps beside the CPU single env, and the end-of-race event (+10,
the episode ends at the goal, the next step resets) as the CPU vector env gives it."""
from __future__ import annotations

import dataclasses

import gymnasium
import numpy as np
import pytest

from safety_sim.navigation.config import LEVELS
from safety_sim.navigation.levels import race
from safety_sim.navigation.objects import Goal
from tests.gpu.conftest import random_actions

pytestmark = pytest.mark.gpu

ID = "SafetyPointRace1-v0"


def test_race_layouts_and_first_steps_follow_the_single_env(make_gpu, rng):
    """World i: the single env's reset(seed=3 + i) layout (the very same draws, bodies to
    float32), its first observation, and rewards and costs over the first steps (measured
    <= 6e-5 over 30 steps on Warp's CPU device; the walls are touched in none of them)."""
    env = make_gpu(ID, 2, output="numpy")
    obs, _ = env.reset(seed=3)
    refs = []
    for i in range(2):
        single = gymnasium.make(ID).unwrapped
        o, _ = single.reset(seed=3 + i)
        drawn = single.runtime.placer().draw(3 + i, None, None, {})[1]
        assert env.layouts.reset_xy[i] == drawn.xy
        mine = env.layouts.placers[i].current(env.rules.host_xpos(np.array([i]))[0])
        for name, xy in single.layout.items():
            assert np.allclose(mine[name], xy, atol=1e-5), name
        assert np.allclose(obs[i], o, atol=2e-4, rtol=1e-5)
        refs.append(single)
    for _ in range(5):
        a = random_actions(env.single_action_space, 2, rng)
        _, rew, term, _, info = env.step(a)
        for i, ref in enumerate(refs):
            _, r, t, _, inf = ref.step(a[i])
            assert abs(rew[i] - r) < 1e-4 and bool(term[i]) == t
            assert float(info["cost"][i]) == inf["cost"]


def _at_the_goal(level: int):
    """Race ``level`` with the agent placed within 0.1 of the goal (the goal's keep-out 0 so
    that the agent may start on it): the race ends at the first step."""
    base = LEVELS[("Race", level)]
    objects = tuple(dataclasses.replace(o, keepout=0.0) if type(o) is Goal else o
                    for o in base.objects)
    gx, gy = race.GOAL_LOCATION
    return dataclasses.replace(base, objects=objects, max_episode_steps=20,
                               agent_area=(gx - 0.1, gy - 0.1, gx + 0.1, gy + 0.1))


def test_end_of_race_as_the_cpu_vector_env(make_gpu):
    """+10 (the goal's reward, clipped), goal met, terminated; the next step (NEXT_STEP) is the
    reset's: reward 0, not terminated; then the race ends again -- step for step as the CPU
    vector env."""
    config, n = _at_the_goal(1), 3
    env = make_gpu("SafetyNavigation-v0", n, output="numpy", config=config, agent="Point")
    cpu = gymnasium.make_vec("SafetyNavigation-v0", n, vectorization_mode="vector_entry_point",
                             config=config, agent="Point")
    env.reset(seed=0)
    cpu.reset(seed=0)
    zero = np.zeros((n, *env.single_action_space.shape))
    for k in range(3):
        _, rew, term, trunc, info = env.step(zero)
        _, want, want_term, want_trunc, want_info = cpu.step(zero)
        assert np.array_equal(term, want_term) and np.array_equal(trunc, want_trunc), k
        np.testing.assert_allclose(rew, want, atol=1e-4)
        assert np.array_equal(info["cost"], want_info["cost"])
    assert np.array_equal(term, np.ones(n, dtype=bool)) and np.all(rew == 10.0)
    assert bool(info["goal_met"].all())
    cpu.close()
