"""The families after Safety-Gymnasium 1.0.0 on the GPU form (issue 36 item 6): Building (mesh
objects, the yard's scenery and its contact cost, Button's rest from the reset) and the
config-built Base ids, beside the CPU vector env. FormulaOne (200 free barriers) and
MultiGoal (two agents) have none (``test_gpu_deps.py``)."""
from __future__ import annotations

import dataclasses

import gymnasium
import numpy as np
import pytest

from safety_sim.navigation.agents import head_agent
from safety_sim.navigation.building.levels import level_config
from tests.gpu.conftest import random_actions

pytestmark = pytest.mark.gpu

BASE_CONFIG = {"Goal": {}, "Hazards": {"num": 4}, "lidar_conf.num_bins": 8}


def _cpu(env_id, n, **kwargs):
    return gymnasium.make_vec(env_id, n, vectorization_mode="vector_entry_point", **kwargs)


def _buttons_lidar(env):
    """The columns of ``buttons_lidar`` in the flat observation."""
    entry = next(e for e in env.runtime.obs_layout.entries if e.key == "buttons_lidar")
    return slice(entry.start, entry.stop)


@pytest.mark.parametrize("env_id, kwargs", [
    ("SafetyPointBuildingGoal1-v0", {}),
    ("SafetyPointBuildingButton1-v0", {}),
    ("SafetyPointGoalBase-v0", {"config": BASE_CONFIG}),
])
def test_first_steps_follow_the_cpu_vector_env(make_gpu, rng, env_id, kwargs):
    """Same layouts (the host sampler), first observations within float32's reach, then
    rewards within 1e-4, the same costs and the same info keys over the first steps."""
    n = 2
    env = make_gpu(env_id, n, output="numpy", **kwargs)
    cpu = _cpu(env_id, n, **kwargs)
    obs, info = env.reset(seed=5)
    want, want_info = cpu.reset(seed=5)
    np.testing.assert_allclose(obs, want, atol=2e-4, rtol=1e-5)
    assert set(info) == set(want_info)
    for k in range(4):
        a = random_actions(env.single_action_space, n, rng)
        obs, rew, term, trunc, info = env.step(a)
        want, want_rew, want_term, want_trunc, want_info = cpu.step(a)
        np.testing.assert_allclose(rew, want_rew, atol=1e-4, err_msg=f"step {k}")
        assert np.array_equal(info["cost"], want_info["cost"]), k
        assert set(info) == set(want_info), k
        assert np.array_equal(term, want_term) and np.array_equal(trunc, want_trunc), k
    cpu.close()


def test_building_buttons_rest_from_the_reset(make_gpu):
    """BuildingButton worlds start with the buttons resting (docs/spec/sg_head.md §8.1): the
    buttons' lidar reads zeros for 10 steps, then sees the buttons, as on the CPU."""
    env_id, n = "SafetyPointBuildingButton1-v0", 2
    env = make_gpu(env_id, n, output="numpy")
    cpu = _cpu(env_id, n)
    block = _buttons_lidar(cpu)
    obs, _ = env.reset(seed=1)
    cpu.reset(seed=1)
    assert np.all(obs[:, block] == 0.0)
    zero = np.zeros((n, *env.single_action_space.shape))
    for k in range(11):
        obs, *_ = env.step(zero)
        want, *_ = cpu.step(zero)
        assert np.array_equal(obs[:, block] == 0.0, want[:, block] == 0.0), k
    assert np.all(obs[:, block].max(axis=1) > 0.0)        # the rest is over: buttons seen
    cpu.close()


def test_scenery_contact_costs_as_on_the_cpu(make_gpu):
    """An agent started against the yard's box9 touches it for the first two steps:
    ``cost_static_geoms_contact`` 1, 1, 0, 0 on the CPU (measured) and the same here."""
    config = dataclasses.replace(level_config("Goal", 1), extents=(-5.0, -5.0, 5.0, 5.0),
                                 agent_area=(-0.41, -4.01, 0.41, -3.19), name="AgainstBox9")
    kwargs = {"agent": head_agent("Point"), "config": config}
    env = make_gpu("SafetyNavigation-v0", 2, output="numpy", **kwargs)
    cpu = _cpu("SafetyNavigation-v0", 2, **kwargs)
    env.reset(seed=0)
    cpu.reset(seed=0)
    zero = np.zeros((2, *env.single_action_space.shape))
    got, want = [], []
    for _ in range(4):
        got.append(env.step(zero)[-1]["cost_static_geoms_contact"].tolist())
        want.append(cpu.step(zero)[-1]["cost_static_geoms_contact"].tolist())
    assert got == want
    assert [row[0] for row in want] == [1.0, 1.0, 0.0, 0.0]
    cpu.close()
