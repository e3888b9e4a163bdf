"""The GPU form's fuzz findings (issue 33): a blown-up world is flagged alone, as on the CPU;
bad kwargs, sizes the memory cannot hold and copies are refused by name, before anything is
built. Each test failed before its fix."""
from __future__ import annotations

import copy
import pickle

import numpy as np
import pytest

from tests.gpu.conftest import DEVICE, random_actions

pytestmark = pytest.mark.gpu
ID = "SafetyPointGoal1-v0"


@pytest.mark.parametrize("field,value", [("qvel", float("nan")), ("qpos", float("nan")),
                                         ("qvel", 1e12)])
def test_one_blown_up_world_is_flagged_alone(make_gpu, rng, field, value):
    """World 1's state goes bad: it reports physics_unstable, earns 0 and is truncated; the
    other worlds step on (before: the lidar binned the NaN angles and every world raised)."""
    env = make_gpu(ID, 3, output="numpy")
    env.reset(seed=3)
    space = env.single_action_space
    before = env.step(random_actions(space, 3, rng))
    getattr(env.worlds, field)[1] = value
    with pytest.warns(UserWarning, match=r"unstable \(world 1: "):
        obs, reward, terminated, truncated, info = env.step(random_actions(space, 3, rng))
    assert list(info["_physics_unstable"]) == [False, True, False]
    assert truncated[1] and not terminated[1] and reward[1] == 0.0 and info["cost"][1] == 0.0
    assert np.array_equal(obs[1], before[0][1])          # the previous observation
    assert np.isfinite(obs).all() and not np.array_equal(obs[0], before[0][0])
    for _ in range(3):                                   # world 1 autoresets, all go on
        obs, *_, info = env.step(random_actions(space, 3, rng))
        assert np.isfinite(obs).all() and "physics_unstable" not in info


@pytest.mark.parametrize("flag", [None, 0, 1, "", "yes", np.bool_(True)])
def test_check_actions_must_be_a_bool(flag):
    import safety_sim.gpu as gpu

    with pytest.raises(TypeError, match="check_actions must be True or False"):
        gpu.make_vec(ID, 2, device=DEVICE, check_actions=flag)


@pytest.mark.parametrize("key,value,error", [
    ("njmax", 0, ValueError), ("nconmax", 0, ValueError), ("njmax", 2.5, TypeError),
    ("nconmax", 2.5, TypeError), ("njmax", True, TypeError)])
def test_buffers_must_be_positive_ints(key, value, error):
    import safety_sim.gpu as gpu

    with pytest.raises(error, match=key):
        gpu.make_vec(ID, 2, device=DEVICE, **{key: value})


@pytest.mark.parametrize("n,kwargs,named", [
    (10**7, {}, "num_envs=10000000"), (2**63, {}, "num_envs=9223372036854775808"),
    (2, {"njmax": 2**40}, "njmax=1099511627776")])
def test_sizes_the_memory_cannot_hold_are_refused_before_allocating(n, kwargs, named):
    import safety_sim.gpu as gpu

    with pytest.raises(MemoryError, match=named):
        gpu.make_vec(ID, n, device=DEVICE, **kwargs)


def test_copies_are_refused_by_name(make_gpu):
    env = make_gpu(ID, 2)
    env.reset(seed=0)
    for make_copy in (copy.deepcopy, copy.copy, pickle.dumps):
        with pytest.raises(TypeError, match="cannot be copied or pickled"):
            make_copy(env)


def test_render_mode_refusal_names_the_mode():
    import safety_sim.gpu as gpu

    with pytest.raises(ValueError, match=r"render_mode is not supported .* got 'rgb_array'$"):
        gpu.make_vec(ID, 2, device=DEVICE, render_mode="rgb_array")
