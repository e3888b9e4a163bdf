"""Parts of the navigation vector env against the single env's scalar code, bit for bit: the
batched lidar, the batched sensor read-out (incl. quaternion -> matrix), the contact sensors
of the batch model and MuJoCo's object velocity."""
from __future__ import annotations

import math

import gymnasium
import mujoco
import numpy as np
import pytest

from safety_sim.navigation.sensors import SensorReadout, quat_to_mat
from safety_sim.navigation.batched_lidar import batched_lidar
from safety_sim.navigation.lidar import TWO_PI, lidar


def _rotations(rng, n):
    q = rng.normal(size=(n, 4))
    q /= np.linalg.norm(q, axis=1, keepdims=True)
    return quat_to_mat(q)


@pytest.mark.parametrize("bins, max_dist, bounds", [(16, 3.0, (0, 1, 4, 7)),
                                                    (8, 6.0, (0, 7)), (16, 3.0, (0, 0, 7))])
def test_batched_lidar_equals_the_scalar_lidar(bins, max_dist, bounds):
    rng = np.random.default_rng(bins)
    n, k = 1500, 7
    agent = np.column_stack([rng.uniform(-2, 2, (n, 2)), rng.uniform(0, 0.3, n)])
    mats = _rotations(rng, n)
    mats[:300] = [math.cos(0.3), -math.sin(0.3), 0, math.sin(0.3), math.cos(0.3), 0, 0, 0, 1]
    pos = rng.uniform(-4, 4, (n, k, 3))
    # objects exactly on bin edges and at the agent's own position (angle 0)
    edges = np.arange(k) * TWO_PI / bins
    pos[:200, :, 0] = agent[:200, 0:1] + np.cos(edges)
    pos[:200, :, 1] = agent[:200, 1:2] + np.sin(edges)
    pos[200:210] = agent[200:210, None, :]
    out = batched_lidar(agent, mats, pos, bounds, bins, max_dist)
    for i in range(n):
        m = mats[i].tolist()
        want = lidar(agent[i].tolist(), (m[0:3], m[3:6], m[6:9]), pos[i].tolist(), bounds,
                     bins, max_dist)
        assert out[i].tolist() == want, i
    buf = np.full_like(out, 7.0)
    assert batched_lidar(agent, mats, pos, bounds, bins, max_dist, out=buf) is buf
    assert np.array_equal(buf, out)
    with pytest.raises(ValueError, match="C-contiguous"):
        batched_lidar(agent, mats, pos, bounds, bins, max_dist, out=np.zeros((n, 99))[:, 1:])


def test_quat_to_mat_equals_mujoco():
    rng = np.random.default_rng(7)
    q = np.vstack([rng.normal(size=(3000, 4)), [[1, 0, 0, 0], [1, -0.0, 0, 0], [0, 0, 0, 1]]])
    want = np.empty((len(q), 9))
    for row, quat in zip(want, q):
        mujoco.mju_quat2Mat(row, quat)
    assert np.array_equal(quat_to_mat(q), want)


@pytest.mark.parametrize("env_id", ["SafetyCarGoal1-v0", "SafetyAntGoal1-v0",
                                    "SafetyDoggoGoal1-v0"])
def test_readout_rows_equal_fill(env_id):
    # Car observes a quaternion as a matrix, Ant and Doggo hinge angles as sin/cos.
    env = gymnasium.make(env_id).unwrapped
    readout = SensorReadout(env.model, env.agent_spec.obs_sensors)
    rng = np.random.default_rng(0)
    rows = rng.normal(size=(50, env.model.nsensordata))
    batch = np.zeros((50, env.obs_layout.lidar_start))
    readout.fill_rows(rows, batch)
    for row, got in zip(rows, batch):
        want = np.zeros(env.obs_layout.lidar_start)
        readout.fill(row, want)
        assert np.array_equal(got, want)
    env.close()


def test_contact_sensors_watch_the_touch_tables_pairs():
    # The batch model adds one contact sensor per watched body; with every world reset, a
    # world's sensor is on exactly when the single env's geom-pair scan finds that body.
    env_id = "SafetyPointButton2-v0"
    vec = gymnasium.make_vec(env_id, 1, vectorization_mode="vector_entry_point")
    single = gymnasium.make(env_id).unwrapped
    worlds = vec.unwrapped.worlds
    sensors = np.flatnonzero(worlds.model.sensor_type == mujoco.mjtSensor.mjSENS_CONTACT)
    watched = {worlds.model.sensor(i).name.removeprefix("vector_contact_"): worlds.contact_code[j]
               for j, i in enumerate(sensors)}
    h = single.handles
    assert sorted(watched) == sorted(single.model.body(b).name for name, b in h.body_of.items()
                                     if name.startswith(("button", "gremlin")))
    for name, code in watched.items():
        geoms = single.model.geom_bodyid == single.model.body(name).id
        assert h.touch[geoms].max() == code
    vec.close()
    single.close()


def test_object_velocity_equals_mj_object_velocity():
    vec = gymnasium.make_vec("SafetyAntCircle1-v0", 4, vectorization_mode="vector_entry_point")
    vec.reset(seed=0)
    worlds = vec.unwrapped.worlds
    rng = np.random.default_rng(3)
    for _ in range(15):
        vec.step(rng.uniform(-1, 1, vec.action_space.shape))
    u, v = worlds.agent_velocity()
    a = worlds.handles.agent_body
    for i in range(4):
        m, d = worlds.sim.get_model(i), worlds.sim.get_data(i)
        mujoco.mj_forward(m, d)
        res = np.zeros(6)
        mujoco.mj_objectVelocity(m, d, mujoco.mjtObj.mjOBJ_XBODY, a, res, 0)
        assert (u[i], v[i]) == (res[3], res[4])
    vec.close()
