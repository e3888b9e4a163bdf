"""Ant specifics of docs/spec/push.md §6.5 and §12: the joint-noise reset and the fall
termination."""
from __future__ import annotations

import math

import gymnasium
import mujoco
import numpy as np
import pytest
from gymnasium.error import ResetNeeded

import safety_sim  # noqa: F401  (registers the ids)
from refs import load_ref
from safety_sim import ops
from safety_sim.ops import SCALAR
from safety_sim.navigation import config as nc
from safety_sim.navigation import scene
from safety_sim.navigation.agents import get_agent
from test_push_dynamics import PROGRAMS

ANT = get_agent("Ant")
ORDER = ("hip_1", "ankle_1", "hip_2", "ankle_2", "hip_3", "ankle_3", "hip_4", "ankle_4")


@pytest.fixture(scope="module")
def model():
    return scene.compile_scene(ANT, nc.LEVELS[("Push", 0)])


def joint_qpos(model, data, names=ORDER) -> np.ndarray:
    return np.array([data.qpos[model.joint(n).qposadr[0]] for n in names])


def expected_pose(seed: int) -> np.ndarray:
    """docs/spec/push.md §6.5 written out: n_i = U(-0.1, 0.1) for actuator i = 0..7 (one draw each,
    in order); hips n_i, ankles pi/2 + n_i, ankle_2 and ankle_3 (i = 3, 5) negated."""
    rng = np.random.RandomState(seed)
    pose = []
    for i in range(8):
        n = rng.uniform(-0.1, 0.1)
        value = n if i % 2 == 0 else math.pi / 2 + n
        pose.append(-value if i in (3, 5) else value)
    return np.array(pose)


def test_actuators_drive_the_joints_in_reset_order(model):
    targets = [model.joint(int(model.actuator_trnid[i, 0])).name for i in range(model.nu)]
    assert tuple(targets) == ORDER


@pytest.mark.parametrize("seed", [0, 1, 7, 123456])
def test_reset_joints_uses_eight_uniform_draws_in_actuator_order(model, seed):
    data = mujoco.MjData(model)
    mujoco.mj_resetData(model, data)
    before = data.qpos.copy()
    rng = np.random.RandomState(seed)
    ANT.reset_joints(rng, model, data)
    assert np.array_equal(joint_qpos(model, data), expected_pose(seed))
    # exactly 8 doubles consumed: the stream continues where 8 uniform draws leave it
    follow = np.random.RandomState(seed)
    follow.random_sample(8)
    assert rng.random_sample() == follow.random_sample()
    # nothing but the eight hinge joints was touched
    hinges = [model.joint(n).qposadr[0] for n in ORDER]
    others = np.setdiff1d(np.arange(model.nq), hinges)
    assert np.array_equal(data.qpos[others], before[others])


def test_reset_pose_is_inside_the_joint_ranges(model):
    data = mujoco.MjData(model)
    for seed in range(20):
        ANT.reset_joints(np.random.RandomState(seed), model, data)
        for name, q in zip(ORDER, joint_qpos(model, data)):
            lo, hi = model.jnt_range[model.joint(name).id]
            assert lo <= q <= hi, (seed, name, q)


def test_env_reset_seed0_gives_the_reference_joint_noise():
    """The reference's own draws (after its layout draws): dynamics start state of seed 0."""
    start = load_ref("push_dynamics_subset.json")["agents"]["Ant"]["start_states"]["0"]
    start = start["qpos_by_joint"]
    env = gymnasium.make("SafetyAntPush0-v0")
    env.reset(seed=0)
    u = env.unwrapped
    want = np.array([start[n][0] for n in ORDER])
    np.testing.assert_allclose(joint_qpos(u.model, u.data), want, rtol=0, atol=1e-15)
    assert ANT.alive(SCALAR, u.data.xpos[u.model.body("agent").id].tolist())


@pytest.mark.parametrize("z,alive", [(0.18, True), (0.0800001, True), (0.08, False), (0.05, False)])
def test_alive_is_agent_origin_strictly_above_8cm(model, z, alive):
    data = mujoco.MjData(model)
    mujoco.mj_resetData(model, data)
    ANT.place(model, data, np.array([0.3, -0.2]), 1.0)
    data.qpos[model.joint("root").qposadr[0] + 2] = z
    mujoco.mj_kinematics(model, data)
    pos = data.xpos[model.body("agent").id]
    assert ANT.alive(SCALAR, pos.tolist()) is alive
    assert ANT.alive(ops.NUMPY, np.repeat(pos[:, None], 3, axis=1)).tolist() == [alive] * 3


def test_env_terminates_exactly_when_the_torso_drops_to_8cm_and_then_refuses_steps():
    env = gymnasium.make("SafetyAntPush0-v0")
    env.reset(seed=0)
    u = env.unwrapped
    body = u.model.body("agent").id
    for t in range(200):
        _, _, terminated, truncated, _ = env.step(np.array(PROGRAMS["Ant"]["trot_fast"](t)))
        assert terminated == (u.data.xpos[body, 2] <= 0.08), t
        assert not truncated
        if terminated:
            break
    assert terminated, "the trot_fast gait should make the Ant fall"
    with pytest.raises(ResetNeeded):
        env.step(np.zeros(8))
    env.reset(seed=1)                      # a reset starts a fresh episode
    env.step(np.zeros(8))


def test_random_actions_end_episodes_early():
    """docs/spec/push.md §6.5: uniform random actions topple the Ant long before the 1000-step
    limit."""
    env = gymnasium.make("SafetyAntPush1-v0")
    for seed in range(3):
        env.action_space.seed(seed)
        env.reset(seed=seed)
        for t in range(1000):
            _, _, terminated, truncated, _ = env.step(env.action_space.sample())
            if terminated or truncated:
                break
        assert terminated and not truncated and t < 200, (seed, t)
