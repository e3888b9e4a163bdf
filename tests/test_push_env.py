"""The Push env as a gymnasium env: checker, spaces, determinism, episode end, bad input."""
from __future__ import annotations

import pickle

import gymnasium
import mujoco
import numpy as np
import pytest
from gymnasium.error import ResetNeeded
from gymnasium.utils.env_checker import check_env

import safety_sim
from conftest import load_ref
from safety_sim import nav_config as nc

PUSH_IDS = safety_sim.env_ids("push")
BASE_IDS = [i for i in PUSH_IDS if "Vision" not in i]
SPACES = load_ref("push_spaces.json")["env_ids"]


def ref_id(env_id: str) -> str:
    """The reference id of an id or of its ``…Gymnasium-v0`` alias."""
    return env_id.replace("Gymnasium-v0", "-v0")


@pytest.fixture(scope="module")
def point1():
    env = gymnasium.make("SafetyPointPush1-v0")
    yield env
    env.close()


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
    """Each sensor key is its MuJoCo sensor, transformed as its kind says (§9.1)."""
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


@pytest.mark.parametrize("action, problem", [
    (np.zeros(3), "shape"), ([0.0], "shape"), (np.array([np.nan, 0.0]), "NaN"),
    (np.array([1.5, 0.0]), "outside"), (np.array([0.0, -1.01]), "outside"),
    ("fast", "numeric")])
def test_bad_actions_raise_value_error_naming_the_problem(point1, action, problem):
    point1.reset(seed=0)
    with pytest.raises(ValueError, match=problem):
        point1.unwrapped.step(action)


@pytest.mark.parametrize("action, problem", [
    (np.array([0.5 + 1j, 0.0]), "complex"), (np.array([True, False]), "bool"),
    ([True, False], "bool"), (np.array(["0.5", "0.1"]), "not numeric"),
    (np.array([0.5, 0.1], dtype=object), "not numeric")])
def test_non_real_actions_are_refused(point1, action, problem):
    point1.reset(seed=0)
    with pytest.raises(ValueError, match=problem):
        point1.unwrapped.step(action)
    space = point1.action_space
    with pytest.raises(ValueError, match=problem):
        safety_sim.core.check_box_action(action, space, "E")


def test_integer_actions_act_as_their_float_values():
    a, b = gymnasium.make("SafetyPointPush1-v0"), gymnasium.make("SafetyPointPush1-v0")
    a.reset(seed=3)
    b.reset(seed=3)
    for ints in ([1, 0], np.array([0, -1], dtype=np.int8), np.array([1, 1], dtype=np.uint8)):
        oa, ra, *_ = a.step(ints)
        ob, rb, *_ = b.step(np.asarray(ints, dtype=np.float64))
        assert np.array_equal(oa, ob) and ra == rb


@pytest.mark.parametrize("kwargs, error, name", [
    ({"level": True}, TypeError, "level"), ({"level": 1.0}, TypeError, "level"),
    ({"level": "1"}, TypeError, "level"), ({"level": -1}, ValueError, "level"),
    ({"width": 2.7}, TypeError, "width"), ({"width": True}, TypeError, "width"),
    ({"width": "abc"}, TypeError, "width"), ({"width": 0}, ValueError, "width"),
    ({"width": 8193}, ValueError, "width"), ({"height": None}, TypeError, "height"),
    ({"height": -5}, ValueError, "height"),
    ({"camera_id": "0"}, TypeError, "camera_id"), ({"camera_id": 1.5}, TypeError, "camera_id"),
    ({"camera_id": True}, TypeError, "camera_id"), ({"camera_id": 7}, ValueError, "camera_id"),
    ({"camera_name": 3}, TypeError, "camera_name"),
    ({"vision": "no"}, TypeError, "vision"), ({"vision": 2}, TypeError, "vision")])
def test_constructor_arguments_are_type_checked(kwargs, error, name):
    with pytest.raises(error, match=name):
        safety_sim.envs.push.PushEnv(**kwargs)


def test_well_typed_constructor_arguments_are_accepted():
    env = safety_sim.envs.push.PushEnv(level=np.int64(2), width=np.int32(64), height=48,
                                       camera_id=np.int64(1), vision=np.bool_(False))
    assert env.level == 2 and env.name == "SafetyPointPush2" and not env.vision
    env.close()


def test_unknown_kwarg_and_bad_arguments_are_refused():
    with pytest.raises(TypeError, match="colour"):
        gymnasium.make("SafetyPointPush1-v0", colour="red")
    with pytest.raises(ValueError, match="level"):
        safety_sim.envs.push.PushEnv(level=3)
    with pytest.raises(ValueError, match="agent"):
        safety_sim.envs.push.PushEnv(agent="Tank")
    with pytest.raises(ValueError, match="render_mode"):
        safety_sim.envs.push.PushEnv(render_mode="ascii")
    with pytest.raises(ValueError, match="camera"):
        safety_sim.envs.push.PushEnv(camera_name="overhead")


@pytest.mark.parametrize("options, problem", [
    ({"layout": {"tank": (0, 0)}}, "tank"), ({"layout": {"agent": (0, 1, 2)}}, "agent"),
    ({"layout": {"goal": (np.nan, 0)}}, "goal"), ({"layout": [1, 2]}, "layout"),
    ({"speed": 2}, "speed")])
def test_corrupt_reset_options_are_refused(point1, options, problem):
    with pytest.raises(ValueError, match=problem):
        point1.reset(seed=0, options=options)


# §5.1: level-1 extents (-1.5, -1.5, 1.5, 1.5); keep-outs agent 0.4, pillar 0.3, box 0.2.
L1_HALF, AGENT_KO, PILLAR_KO, BOX_KO = 1.5, 0.4, 0.3, 0.2


@pytest.mark.parametrize("layout, problems", [
    ({"agent": (1e300, 1e300)}, ["agent", "outside"]),
    ({"agent": (1e9, 0.0)}, ["agent", "outside"]),
    ({"push_box": (0.0, -L1_HALF)}, ["push_box", "outside"]),
    ({"hazard1": (L1_HALF - AGENT_KO + 1e-6, 0.0)}, ["hazard1", "outside"]),
    ({"agent": (np.inf, 0.0)}, ["agent", "finite"]),
    ({"agent": (True, False)}, ["agent", "real"]),
    ({"agent": (1 + 0j, 0.0)}, ["agent", "real"]),
    ({"pillar0": (0.0, 0.0), "agent": (0.05, 0.0)}, ["agent", "pillar0", "0.05", "0.7"]),
    ({"pillar0": (0.0, 0.0), "push_box": (0.0, 0.49)}, ["pillar0", "push_box", "0.49"])])
def test_corrupt_layouts_are_refused(point1, layout, problems):
    with pytest.raises(ValueError) as exc:
        point1.reset(seed=0, options={"layout": layout})
    for word in problems:
        assert word in str(exc.value)


def test_collidable_bodies_may_touch_their_keepouts_but_not_overlap_them():
    """Level 0 holds only agent, goal and box, so both collidables can be set exactly."""
    env = gymnasium.make("SafetyPointPush0-v0")
    gap = AGENT_KO + BOX_KO
    env.reset(seed=0, options={"layout": {"agent": (0.0, 0.0), "push_box": (gap, 0.0)}})
    assert env.unwrapped.layout["push_box"] == pytest.approx((gap, 0.0))
    with pytest.raises(ValueError, match="agent.*push_box"):
        env.reset(seed=0, options={"layout": {"agent": (0.0, 0.0),
                                              "push_box": (gap - 0.01, 0.0)}})


def test_the_placement_area_edge_is_accepted(point1):
    """The agent may sit on the edge of its rectangle: extents shrunk by its keep-out."""
    edge = L1_HALF - AGENT_KO
    accepted = 0
    for y in np.linspace(-edge, edge, 9):
        try:
            point1.reset(seed=0, options={"layout": {"agent": (edge, y)}})
        except ValueError as exc:      # only a collidable neighbour may refuse it
            assert "outside" not in str(exc) and "apart" in str(exc)
            continue
        assert point1.unwrapped.layout["agent"] == pytest.approx((edge, y))
        accepted += 1
    assert accepted


def test_non_colliding_overlaps_are_allowed(point1):
    point1.reset(seed=2)
    layout = point1.unwrapped.layout
    _, info = point1.reset(seed=2, options={"layout": {"agent": layout["hazard0"],
                                                       "push_box": layout["goal"],
                                                       "goal": layout["goal"]}})
    assert info["labels"] == {"in_hazard"}
    _, _, _, _, info = point1.step(np.zeros(2))
    assert info.get("goal_met") is True


def test_a_refused_layout_leaves_the_env_as_it_was():
    a, b = gymnasium.make("SafetyCarPush2-v0"), gymnasium.make("SafetyCarPush2-v0")
    act = np.array([0.3, -0.2])
    for env in (a, b):
        env.reset(seed=6)
        env.step(act)
    crash = {"layout": {"agent": (0.5, 0.5), "pillar1": (0.5, 0.5)}}
    for seed in (None, 11):
        with pytest.raises(ValueError, match="agent.*pillar1"):
            a.reset(seed=seed, options=crash)
    oa, ra, *_ = a.step(act)                     # the episode goes on
    ob, rb, *_ = b.step(act)
    assert np.array_equal(oa, ob) and ra == rb
    assert np.array_equal(a.reset()[0], b.reset()[0])   # and the stream was not touched


def test_pillar_contact_survives_absurd_agent_positions():
    env = gymnasium.make("SafetyPointPush2-v0").unwrapped
    env.reset(seed=0)
    for xy in ((1e300, 1e300, 0.1), (-1e300, 3.0, 0.1), (np.nan, 0.0, 0.1)):
        assert "pillar_contact" not in env._physics.touched(xy, None, True)


def test_layout_option_moves_bodies_without_changing_the_draws(point1):
    plain, _ = point1.reset(seed=7)
    drawn = point1.unwrapped.layout
    point1.reset(seed=7, options={"layout": {"hazard0": (1.0, -1.0)}})
    moved = point1.unwrapped.layout
    assert moved["hazard0"] == pytest.approx((1.0, -1.0))
    assert all(moved[k] == pytest.approx(v) for k, v in drawn.items() if k != "hazard0")


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
