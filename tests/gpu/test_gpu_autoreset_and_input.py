"""Autoreset modes (NEXT_STEP, SAME_STEP, DISABLED), the streams across episodes, reset
masks, bad input and clear errors of the GPU form (Warp's CPU device, small N)."""
from __future__ import annotations

import gymnasium
import numpy as np
import pytest
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


@pytest.mark.parametrize("output", ["torch", "numpy"])
def test_same_step_final_observation_as_the_cpu_vector_env(make_gpu, torch, output):
    """``final_obs``: the CPU vector env's object array (None where no world ended), each
    ended world's last observation in the output form; the returned one is the new episode's."""
    kind = torch.Tensor if output == "torch" else np.ndarray
    env = make_gpu(ID, 3, max_episode_steps=2, autoreset_mode="SameStep", output=output)
    cpu = gymnasium.make_vec(ID, 3, vectorization_mode="vector_entry_point",
                             max_episode_steps=2, autoreset_mode="SameStep")
    env.reset(seed=0)
    cpu.reset(seed=0)
    zero = np.zeros((3, *env.single_action_space.shape))
    _, _, _, _, info = env.step(zero)
    _, _, _, _, cinfo = cpu.step(zero)
    assert "final_obs" not in info and "final_obs" not in cinfo
    obs, _, _, trunc, info = env.step(zero)
    cobs, _, _, ctrunc, cinfo = cpu.step(zero)
    assert trunc.tolist() == ctrunc.tolist() == [True] * 3
    for key in ("final_obs", "_final_obs", "final_info", "_final_info"):
        assert type(info[key]) is type(cinfo[key]), key
    final, cfinal = info["final_obs"], cinfo["final_obs"]
    assert final.dtype == cfinal.dtype == object and final.shape == cfinal.shape == (3,)
    goal = next(e for e in env.runtime.obs_layout.entries if e.key == "goal_lidar")
    lidar = slice(goal.start, goal.stop)
    for i in range(3):
        assert isinstance(final[i], kind) and final[i].shape == cfinal[i].shape
        got = np.asarray(final[i].cpu() if output == "torch" else final[i])
        np.testing.assert_allclose(got[lidar], cfinal[i][lidar], atol=1e-4)
        assert not np.allclose(got, np.asarray(obs[i].cpu() if output == "torch" else obs[i]))
    assert set(info["final_info"]) == set(cinfo["final_info"])
    cpu.close()


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


def test_bad_actions_are_refused_naming_the_world(make_gpu, torch):
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


def test_outputs_torch_and_numpy(make_gpu, torch, rng):
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
    with pytest.raises(ValueError, match="vision_size must be an int in"):
        gpu.make_vec("SafetyPointGoal1Vision-v0", 2, device="cpu", vision_size=0)
    with pytest.raises(ValueError, match="output must be"):
        make_gpu(ID, 2, output="jax")
    model = gymnasium.make(ID).unwrapped.model
    model.opt.solver = mujoco.mjtSolver.mjSOL_PGS
    with pytest.raises(NotImplementedError, match=f"{ID}: MuJoCo Warp does not support.*PGS"):
        put_model_checked(mjw, model, ID)
