"""Autoreset modes (NEXT_STEP, SAME_STEP, DISABLED), the streams across episodes, reset
masks, bad input and clear errors of the GPU form (Warp's CPU device, small N)."""
from __future__ import annotations

import gymnasium
import numpy as np
import pytest
import torch
from gymnasium.error import ResetNeeded

from tests.gpu.conftest import random_actions

pytestmark = pytest.mark.gpu
ID = "SafetyPointGoal1-v0"


def _layout_after_episodes(seed, steps, episodes):
    """The single env's layout after ``episodes`` episodes of ``steps`` steps (seeded once)."""
    env = gymnasium.make(ID).unwrapped
    env.reset(seed=seed)
    for _ in range(episodes):
        for _ in range(steps):
            env.step(np.zeros(env.action_space.shape))
        env.reset()
    return env.layout


def test_next_step_autoreset_continues_each_world_stream(make_gpu):
    env = make_gpu(ID, 2, max_episode_steps=3)
    env.reset(seed=4)
    zero = np.zeros((2, *env.single_action_space.shape))
    for k in range(3):
        _, rew, term, trunc, _ = env.step(zero)
    assert trunc.tolist() == [True, True] and term.tolist() == [False, False]
    obs, rew, term, trunc, info = env.step(zero)          # the reset step
    assert rew.tolist() == [0.0, 0.0] and not trunc.any() and not term.any()
    assert env.layouts.drawn_ahead == 2                    # drawn ahead, not at the reset
    for i in range(2):
        want = _layout_after_episodes(4 + i, 3, 1)
        mine = env.layouts.placers[i].current(env.rules.host_xpos(np.array([i]))[0])
        for name, xy in want.items():
            assert np.allclose(mine[name], xy, atol=1e-5), name


def test_same_step_reports_the_final_observation(make_gpu):
    env = make_gpu(ID, 2, max_episode_steps=2, autoreset_mode="SameStep")
    env.reset(seed=0)
    zero = np.zeros((2, *env.single_action_space.shape))
    obs, *_ = env.step(zero)
    obs2, rew, term, trunc, info = env.step(zero)
    assert trunc.all() and info["_final_obs"].all()
    assert info["final_obs"].shape == obs.shape and not torch.equal(info["final_obs"], obs2)
    assert "final_info" in info and info["_final_info"].all()


def test_disabled_needs_a_masked_reset(make_gpu):
    env = make_gpu(ID, 2, max_episode_steps=1, autoreset_mode="Disabled")
    env.reset(seed=0)
    zero = np.zeros((2, *env.single_action_space.shape))
    env.step(zero)
    with pytest.raises(ResetNeeded, match="autoreset is disabled"):
        env.step(zero)
    obs, info = env.reset(options={"reset_mask": np.array([True, False])})
    assert info["_cost"].tolist() == [True, False]
    with pytest.raises(ResetNeeded):
        env.step(zero)                                     # world 1 still ended
    env.reset(options={"reset_mask": np.array([False, True])})
    env.step(zero)


def test_bad_actions_are_refused_naming_the_world(make_gpu):
    env = make_gpu(ID, 3)
    with pytest.raises(ResetNeeded):
        env.step(np.zeros((3, 2)))
    env.reset(seed=0)
    for make in (np.array, torch.tensor):
        with pytest.raises(ValueError, match="shape"):
            env.step(make(np.zeros((2, 2))))
        bad = np.zeros((3, 2))
        bad[1, 0] = np.nan
        with pytest.raises(ValueError, match="world 1.*NaN"):
            env.step(make(bad))
        bad = np.zeros((3, 2))
        bad[2, 1] = 7.0
        with pytest.raises(ValueError, match="world 2.*outside the action space"):
            env.step(make(bad))
    obs, *_ = env.step(torch.zeros((3, 2), dtype=torch.float32))   # nothing changed before
    assert obs.shape == (3, env.single_observation_space.shape[0])


def test_outputs_torch_and_numpy(make_gpu, rng):
    t_env = make_gpu(ID, 2, dtype="float32")
    obs, info = t_env.reset(seed=0)
    assert isinstance(obs, torch.Tensor) and obs.dtype == torch.float32
    _, rew, term, trunc, info = t_env.step(random_actions(t_env.single_action_space, 2, rng))
    assert rew.dtype == torch.float32 and term.dtype == torch.bool
    assert info["labels"]["in_hazard"].dtype == torch.bool
    n_env = make_gpu(ID, 2, output="numpy")
    obs, _ = n_env.reset(seed=0)
    assert isinstance(obs, np.ndarray) and obs.dtype == np.float64
    assert all(n_env.single_observation_space.contains(o) for o in obs)


def test_clear_errors(make_gpu):
    import mujoco
    import mujoco_warp as mjw
    import warp as wp

    import safety_sim.gpu as gpu
    from safety_sim.gpu.physics import put_model_checked

    with pytest.raises(ValueError, match="device must be"):
        gpu.make_vec(ID, 2, device="tpu")
    if not wp.is_cuda_available():
        with pytest.raises(RuntimeError, match="'cuda'.*no CUDA device"):
            gpu.make_vec(ID, 2, device="cuda")
    with pytest.raises(NotImplementedError, match="Vision ids"):
        gpu.make_vec("SafetyPointGoal1Vision-v0", 2, device="cpu")
    with pytest.raises(ValueError, match="output must be"):
        make_gpu(ID, 2, output="jax")
    model = gymnasium.make(ID).unwrapped.model
    model.opt.solver = mujoco.mjtSolver.mjSOL_PGS
    with pytest.raises(NotImplementedError, match=f"{ID}: MuJoCo Warp does not support.*PGS"):
        put_model_checked(mjw, model, ID)
