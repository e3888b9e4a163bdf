"""The Push env as a gymnasium env: registry, checker, spaces, determinism, stepping, episode
end, pickling and the safety-gymnasium six-tuple (bad input: test_push_env_input.py; reset
layouts: test_push_env_layout.py)."""
from __future__ import annotations

import pickle

import gymnasium
import mujoco
import numpy as np
import pytest
from gymnasium.error import ResetNeeded
from gymnasium.utils.env_checker import check_env

import safety_sim
from refs import load_ref
from safety_sim.navigation import config as nc

PUSH_IDS = safety_sim.env_ids("push")
BASE_IDS = [i for i in PUSH_IDS if "Vision" not in i]
SPACES = load_ref("push_spaces.json")["env_ids"]


def ref_id(env_id: str) -> str:
    """The reference id of an id or of its ``…Gymnasium-v0`` alias."""
    return env_id.replace("Gymnasium-v0", "-v0")


def test_registry_covers_every_reference_id_and_its_alias():
    for rid in SPACES:
        assert rid in PUSH_IDS and rid.replace("-v0", "Gymnasium-v0") in PUSH_IDS
    assert len(PUSH_IDS) == 2 * len(SPACES)
    assert all(gymnasium.spec(i).max_episode_steps == 1000 for i in PUSH_IDS)


@pytest.mark.parametrize("env_id", BASE_IDS)
def test_check_env(env_id):
    env = gymnasium.make(env_id)
    check_env(env.unwrapped, skip_render_check=True)
    env.close()


@pytest.mark.parametrize("env_id", PUSH_IDS)
def test_spaces_equal_the_reference(env_id):
    ref = SPACES[ref_id(env_id)]
    env = gymnasium.make(env_id)
    act, obs = env.action_space, env.observation_space
    assert act.dtype == np.float64 and list(act.shape) == ref["action_space"]["shape"]
    assert act.low.tolist() == ref["action_space"]["low"]
    assert act.high.tolist() == ref["action_space"]["high"]
    layout = env.unwrapped.obs_layout
    keys = [k for k in ref["obs_keys"] if k["key"] != "vision"]
    assert [e.key for e in layout.entries] == [k["key"] for k in keys]
    for e, k in zip(layout.entries, keys):
        assert (list(e.shape), e.start, e.stop, e.low, e.high) == \
            (k["shape"], k["start"], k["stop"], k["low"], k["high"])
    if ref["observation_space"]["type"] == "Box":
        assert isinstance(obs, gymnasium.spaces.Box) and obs.dtype == np.float64
        assert list(obs.shape) == ref["observation_space"]["shape"]
        low, high = np.empty(obs.shape), np.empty(obs.shape)   # from the reference's keys
        for k in keys:
            low[k["start"]:k["stop"]], high[k["start"]:k["stop"]] = k["low"], k["high"]
        assert np.array_equal(obs.low, low) and np.array_equal(obs.high, high)
    else:
        assert isinstance(obs, gymnasium.spaces.Dict)
        assert list(obs.keys()) == list(ref["observation_space"]["keys"])  # not sorted
        for key, sub in ref["observation_space"]["keys"].items():
            assert list(obs[key].shape) == sub["shape"] and obs[key].dtype == sub["dtype"]
    env.close()


def rollout(env, seed, steps=60):
    obs, info = env.reset(seed=seed)
    env.action_space.seed(seed)
    out = [np.concatenate([obs, [0.0, info["cost"]]])]
    for _ in range(steps):
        obs, r, term, trunc, info = env.step(env.action_space.sample())
        out.append(np.concatenate([obs, [r, info["cost"]]]))
    return np.array(out)


@pytest.mark.parametrize("env_id", ["SafetyPointPush2-v0", "SafetyCarPush1-v0"])
def test_same_seed_same_episode(env_id):
    a, b = gymnasium.make(env_id), gymnasium.make(env_id)
    assert np.array_equal(rollout(a, 3), rollout(b, 3))
    assert not np.array_equal(rollout(a, 3)[0], rollout(a, 4)[0])


def test_unseeded_reset_continues_the_stream(point1):
    first, _ = point1.reset(seed=5)
    second, _ = point1.reset()
    again, _ = point1.reset(seed=5)
    assert np.array_equal(first, again) and not np.array_equal(first, second)


@pytest.mark.parametrize("env_id", ["SafetyPointPush1-v0", "SafetyCarPush2-v0"])
def test_observations_stay_inside_the_space(env_id):
    env = gymnasium.make(env_id)
    obs, _ = env.reset(seed=1)
    assert obs.dtype == np.float64 and env.observation_space.contains(obs)
    env.action_space.seed(1)
    for _ in range(100):
        obs, *_ = env.step(env.action_space.sample())
        assert env.observation_space.contains(obs)


@pytest.mark.parametrize("agent", ["Point", "Car", "Doggo", "Racecar", "Ant"])
def test_sensor_keys_read_their_sensors(agent):
    """Each sensor key is its MuJoCo sensor, transformed as its kind says
    (docs/spec/push.md §9.1)."""
    env = gymnasium.make(f"Safety{agent}Push0-v0")
    env.reset(seed=0)
    env.action_space.seed(0)
    for _ in range(3):
        obs, *_ = env.step(env.action_space.sample())
    u = env.unwrapped
    m, d = u.model, u.data
    kinds = {s.key: s for s in u.agent_spec.obs_sensors}
    for e in u.obs_layout.entries:
        if e.key not in kinds:
            continue
        s = kinds[e.key]
        sid = m.sensor(s.sensor).id
        raw = d.sensordata[m.sensor_adr[sid]:m.sensor_adr[sid] + m.sensor_dim[sid]]
        want = {"vec": lambda v: v, "z": lambda v: v[2:3],
                "sincos": lambda v: np.array([np.sin(v[0]), np.cos(v[0])]),
                "quatmat": lambda v: _quat_matrix(v).ravel()}[s.kind](raw)
        np.testing.assert_allclose(obs[e.start:e.stop], want, atol=1e-12, err_msg=e.key)


def _quat_matrix(q):
    w, x, y, z = np.asarray(q) / np.linalg.norm(q)
    return np.array([[1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
                     [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
                     [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)]])


# Car: Euler; Ant: RK4, with half-size actions so that it stays up for the 30 steps; Doggo:
# touch sensors; Point Button1: gremlins (moved before every substep)
@pytest.mark.parametrize("env_id, scale", [("SafetyCarPush2-v0", 1.0), ("SafetyAntPush2-v0", 0.5),
                                           ("SafetyDoggoGoal1-v0", 1.0),
                                           ("SafetyPointButton1-v0", 1.0)])
def test_stepping_shortcuts_are_bitwise_plain_mj_step(env_id, scale):
    """The env's stepping shortcuts (first substep reusing the last forward pass, sensors off
    in the substeps) give exactly SUBSTEPS x mj_step + mj_forward with sensors on, and leave
    the model's flags as they were."""
    env = gymnasium.make(env_id)
    env.reset(seed=2)
    m, d = env.unwrapped.model, env.unwrapped.data
    move = env.unwrapped.mocap_motion
    flags = m.opt.disableflags
    twin = mujoco.MjData(m)
    twin.qpos[:], twin.qvel[:], twin.mocap_pos[:] = d.qpos, d.qvel, d.mocap_pos
    mujoco.mj_forward(m, twin)
    twin.qacc_warmstart[:] = d.qacc_warmstart    # the reset's warm start (reset_state)
    env.action_space.seed(2)
    for _ in range(30):
        a = scale * env.action_space.sample()
        env.step(a)
        twin.ctrl[:] = a
        for _ in range(nc.SUBSTEPS):
            if move is not None:
                move(twin)
            mujoco.mj_step(m, twin)
        mujoco.mj_forward(m, twin)
        assert m.opt.disableflags == flags
    for field in ("qpos", "qvel", "qacc", "qacc_warmstart", "sensordata", "xpos"):
        assert np.array_equal(getattr(d, field), getattr(twin, field)), field


def test_writing_qpos_between_steps_is_honoured(point1):
    """After a user writes qpos, the next step starts from that state (full mj_step)."""
    point1.reset(seed=0)
    u = point1.unwrapped
    u.data.qpos[0] += 0.3           # Point slide x: move the agent 0.3 m along its body x
    start = u.data.qpos.copy()
    twin = mujoco.MjData(u.model)
    twin.qpos[:] = start
    point1.step(np.zeros(2))
    mujoco.mj_step(u.model, twin, nstep=nc.SUBSTEPS)
    mujoco.mj_forward(u.model, twin)
    assert np.array_equal(u.data.qpos, twin.qpos)


def test_truncates_at_1000_then_refuses_to_step():
    env = gymnasium.make("SafetyPointPush0-v0").unwrapped   # the env's own counter
    env.reset(seed=0)
    zero = np.zeros(2)
    for t in range(1, 1001):
        _, _, term, trunc, _ = env.step(zero)
        assert not term and trunc == (t == 1000)
    with pytest.raises(ResetNeeded, match="reset"):
        env.step(zero)
    env.reset()
    env.step(zero)


def test_step_before_reset_raises():
    with pytest.raises(ResetNeeded, match="reset"):
        gymnasium.make("SafetyPointPush1-v0").unwrapped.step(np.zeros(2))


def test_env_pickles_and_continues_identically(point1):
    point1.reset(seed=9)
    u = point1.unwrapped
    clone = pickle.loads(pickle.dumps(u))
    a = np.array([0.7, -0.4])
    o1, r1, *_ = u.step(a)
    o2, r2, *_ = clone.step(a)
    assert np.array_equal(o1, o2) and r1 == r2


def test_safety_gymnasium_six_tuple():
    env = safety_sim.make("SafetyCarPush1-v0")
    env.reset(seed=0)
    obs, reward, cost, terminated, truncated, info = env.step(env.action_space.sample())
    assert cost == info["cost"] == info["cost_sum"]
    assert isinstance(info["labels"], frozenset)
