"""``gymnasium.make_vec(id, N, vectorization_mode="vector_entry_point", device=...)`` reaches
the GPU form (on the tests' device, Warp's CPU device by default); without ``device`` the CPU vector env is built as before."""
from __future__ import annotations

import gymnasium
import pytest

from safety_sim.navigation import config as nc
from safety_sim.navigation.vector import NavigationVectorEnv
from tests.gpu.conftest import DEVICE

pytestmark = pytest.mark.gpu


def _make(env_id, n=2, **kwargs):
    return gymnasium.make_vec(env_id, n, vectorization_mode="vector_entry_point", **kwargs)


@pytest.mark.parametrize("env_id", ["SafetyCarGoal1-v0", "SafetyAntRun0-v0"])
def test_device_builds_the_gpu_form_with_the_registered_kwargs(env_id):
    from safety_sim.gpu.env import NavigationGpuVectorEnv

    env = _make(env_id, 2, device=DEVICE, max_episode_steps=7, output="numpy")
    try:
        assert type(env) is NavigationGpuVectorEnv and env.device == DEVICE
        assert env.num_envs == 2 and env.max_episode_steps == 7
        assert env.runtime.name == gymnasium.make(env_id).unwrapped.name
        obs, _ = env.reset(seed=0)
        assert obs.shape == (2, *env.single_observation_space.shape)
    finally:
        env.close()


def test_device_with_a_user_level():
    config = nc.NavConfig(objects=(nc.Goal(), nc.Hazards(count=2)), name="TwoHazards")
    env = _make("SafetyNavigation-v0", 2, device=DEVICE, agent="Point", config=config)
    try:
        cpu = _make("SafetyNavigation-v0", 2, agent="Point", config=config)
        assert env.runtime.name == cpu.runtime.name == "SafetyPointTwoHazards"
        assert env.max_episode_steps == cpu.max_episode_steps == 1000
        cpu.close()
    finally:
        env.close()


def test_without_device_the_cpu_env_is_unchanged():
    for kwargs in ({}, {"device": None}):
        env = _make("SafetyPointGoal1-v0", 2, **kwargs)
        assert isinstance(env, NavigationVectorEnv)
        env.close()


def test_cpu_only_kwargs_are_refused_with_a_device():
    with pytest.raises(TypeError, match="num_threads is a kwarg of the CPU vector env"):
        _make("SafetyPointGoal1-v0", 2, device=DEVICE, num_threads=2)
