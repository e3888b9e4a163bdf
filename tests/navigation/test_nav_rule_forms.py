"""Each navigation rule is written once and runs on Python floats (one world), on numpy arrays
over worlds and on another array library: row i of the array form equals the float form of
world i bit for bit (numpy), and a second array-API library (array_api_strict) gives the same
numbers. Also the facts the rules read: contact sensors and the object velocity."""
from __future__ import annotations

import math

import array_api_strict
import gymnasium
import mujoco
import numpy as np
import pytest

from nav_task_helpers import move_agent_to
from safety_sim import ops
from safety_sim.navigation import config as nc
from safety_sim.navigation.judging import Facts, NavTask
from safety_sim.navigation.lidar import TWO_PI, group_base, lidar
from safety_sim.navigation.physics import agent_velocity
from safety_sim.navigation.rewards import Snapshot
from safety_sim.navigation.sensors import SensorReadout, quat_to_mat

XP = ops.ArrayOps(array_api_strict)


def _coords(a: np.ndarray) -> tuple:
    """A (coordinates, ...) numpy array as a tuple of array-API arrays, one per coordinate
    (the standard indexes arrays only with as many indices as dimensions)."""
    return tuple(array_api_strict.asarray(row) for row in a)


def _rotations(rng, n):
    q = rng.normal(size=(n, 4))
    q /= np.linalg.norm(q, axis=1, keepdims=True)
    return quat_to_mat(q)


def _lidar_case(bins, bounds, n=1500, k=7, seed=0):
    rng = np.random.default_rng(seed + bins)
    agent = np.column_stack([rng.uniform(-2, 2, (n, 2)), rng.uniform(0, 0.3, n)])
    mats = _rotations(rng, n)
    mats[:300] = [math.cos(0.3), -math.sin(0.3), 0, math.sin(0.3), math.cos(0.3), 0, 0, 0, 1]
    pos = rng.uniform(-4, 4, (n, k, 3))
    # objects exactly on bin edges and at the agent's own position (angle 0)
    edges = np.arange(k) * TWO_PI / bins
    pos[:200, :, 0] = agent[:200, 0:1] + np.cos(edges)
    pos[:200, :, 1] = agent[:200, 1:2] + np.sin(edges)
    pos[200:210] = agent[200:210, None, :]
    return agent, mats, pos, group_base(bounds, bins), bins * (len(bounds) - 1)


@pytest.mark.parametrize("bins, max_dist, bounds", [(16, 3.0, (0, 1, 4, 7)),
                                                    (8, 6.0, (0, 7)), (16, 3.0, (0, 0, 7))])
def test_lidar_on_arrays_equals_the_lidar_of_each_world(bins, max_dist, bounds):
    agent, mats, pos, base, width = _lidar_case(bins, bounds)
    out = lidar(ops.NUMPY, agent.T, mats.T, pos[..., :2].T, ops.NUMPY.object_column(base),
                width, bins, max_dist)
    for i in range(len(agent)):
        want = lidar(ops.SCALAR, agent[i].tolist(), mats[i].tolist(), pos[i].tolist(), base,
                     width, bins, max_dist)
        assert out[i].tolist() == want, i
    other = lidar(XP, _coords(agent.T), _coords(mats.T), array_api_strict.asarray(pos[..., :2].T),
                  XP.object_column(base), width, bins, max_dist)
    np.testing.assert_allclose(np.asarray(other), out, rtol=0, atol=1e-12)


def test_quat_to_mat_equals_mujoco():
    rng = np.random.default_rng(7)
    q = np.vstack([rng.normal(size=(3000, 4)), [[1, 0, 0, 0], [1, -0.0, 0, 0], [0, 0, 0, 1]]])
    want = np.empty((len(q), 9))
    for row, quat in zip(want, q):
        mujoco.mju_quat2Mat(row, quat)
    assert np.array_equal(quat_to_mat(q), want)
    assert all(np.array_equal(quat_to_mat(row), w) for row, w in zip(q[:50], want))


@pytest.mark.parametrize("env_id", ["SafetyCarGoal1-v0", "SafetyAntGoal1-v0",
                                    "SafetyDoggoGoal1-v0"])
def test_readout_of_many_worlds_equals_each_world(env_id):
    # Car observes a quaternion as a matrix, Ant and Doggo hinge angles as sin/cos.
    env = gymnasium.make(env_id).unwrapped
    readout = SensorReadout(env.model, env.agent_spec.obs_sensors)
    rows = np.random.default_rng(0).normal(size=(50, env.model.nsensordata))
    batch = np.zeros((50, env.obs_layout.lidar_start))
    readout.fill(rows, batch)
    for row, got in zip(rows, batch):
        want = np.zeros(env.obs_layout.lidar_start)
        readout.fill(row, want)
        assert np.array_equal(got, want)
    env.close()


def _snapshots(rng, n):
    pos = [rng.uniform(-2, 2, (3, n)) for _ in range(3)]
    pos[0][:, :5] = 0.0                       # the agent at the origin (Circle's R = 0)
    pos[2][:, 5:10] = pos[0][:, 5:10]         # the box on the agent
    vel = rng.normal(size=(2, n))
    touched = rng.random(n) < 0.3
    return Snapshot(*pos, velocity=tuple(vel), goal_touched=touched)


def _world(s: Snapshot, i: int) -> Snapshot:
    return Snapshot(*(p[:, i].tolist() for p in (s.agent, s.goal, s.box)),
                    velocity=(float(s.velocity[0][i]), float(s.velocity[1][i])),
                    goal_touched=bool(s.goal_touched[i]))


@pytest.mark.parametrize("rule", [nc.PushReward(), nc.GoalReward(), nc.ButtonReward(),
                                  nc.RaceReward(), nc.CircleReward(), nc.RunReward()],
                         ids=lambda r: type(r).__name__)
def test_rewards_on_arrays_equal_each_world(rule):
    rng = np.random.default_rng(1)
    n = 300
    first, second = _snapshots(rng, n), _snapshots(rng, n)
    batch = rule.scorer(0.3, ops.NUMPY)
    batch.start(first)
    r, terms, met = batch.reward(second)
    for i in range(n):
        one = rule.scorer(0.3)
        one.start(_world(first, i))
        ri, ti, mi = one.reward(_world(second, i))
        assert (r[i], bool(met[i])) == (ri, mi), i
        assert {k: v[i] for k, v in terms.items()} == ti
        assert ri == pytest.approx(sum(ti.values()), abs=1e-12)
    other = rule.scorer(0.3, XP)
    to_xp = (lambda s: Snapshot(*(_coords(p) for p in (s.agent, s.goal, s.box)),
                                velocity=_coords(np.asarray(s.velocity)),
                                goal_touched=array_api_strict.asarray(s.goal_touched)))
    other.start(to_xp(first))
    r2, _, met2 = other.reward(to_xp(second))
    np.testing.assert_allclose(np.asarray(r2), r, rtol=0, atol=1e-12)
    assert np.array_equal(np.asarray(met2), met)


def _facts(rng, n, hazards, vases, buttons, pillars, gremlins):
    """Random facts of n worlds: per-object quantities (objects, n)."""
    agent = rng.uniform(-1.5, 1.5, (3, n))
    return Facts(agent=agent, xy={"hazard": tuple(rng.uniform(-1.5, 1.5, (2, hazards, n)))},
                 touching={"vase": rng.random((vases, n)) < 0.1,
                           "button": rng.random((buttons, n)) < 0.2,
                           "pillar": rng.random((pillars, n)) < 0.1,
                           "gremlin": rng.random((gremlins, n)) < 0.1},
                 velocity={"vase": tuple(rng.normal(scale=2.5e-5, size=(3, vases, n)))},
                 goal_button=rng.integers(0, buttons, n),
                 buttons_active=rng.random(n) < 0.7)


def _facts_of_world(f: Facts, i: int) -> Facts:
    return Facts(agent=f.agent[:, i].tolist(),
                 xy={k: tuple(a[:, i].tolist() for a in v) for k, v in f.xy.items()},
                 touching={k: [bool(x) for x in v[:, i]] for k, v in f.touching.items()},
                 velocity={k: tuple(a[:, i].tolist() for a in v) for k, v in f.velocity.items()},
                 goal_button=int(f.goal_button[i]), buttons_active=bool(f.buttons_active[i]))


LEVEL = nc.NavConfig((nc.Buttons(4), nc.Goal(size=0.2), nc.Hazards(6, size=0.4),
                      nc.Pillars(2), nc.Vases(3), nc.Gremlins(2), nc.Boundary(4, locate=1.0)),
                     nc.ButtonReward(), (-1.8, -1.8, 1.8, 1.8), name="Everything")


def test_labels_and_cost_terms_on_arrays_equal_each_world():
    rng = np.random.default_rng(2)
    n = 2000
    task = NavTask(LEVEL)
    assert set(task.label_names) == {"in_hazard", "pillar_contact", "vase_contact",
                                     "vase_moving", "gremlin_contact", "wrong_button",
                                     "out_of_bounds", "goal_met"}
    f = _facts(rng, n, hazards=6, vases=3, buttons=4, pillars=2, gremlins=2)
    met = rng.random(n) < 0.1
    labels = task.labels(ops.NUMPY, f, met)
    terms = task.cost_terms(ops.NUMPY, labels, f.buttons_active)
    for name, values in labels.items():
        assert 0 < values.sum() < n, name            # every label both holds and fails
    for i in range(n):
        one = task.labels(ops.SCALAR, _facts_of_world(f, i), bool(met[i]))
        assert one == {k: bool(v[i]) for k, v in labels.items()}, i
        assert task.cost_terms(ops.SCALAR, one, bool(f.buttons_active[i])) == \
            {k: v[i] for k, v in terms.items()}
    xp_facts = Facts(agent=_coords(f.agent),
                     xy={"hazard": tuple(array_api_strict.asarray(a) for a in f.xy["hazard"])},
                     touching={k: array_api_strict.asarray(v) for k, v in f.touching.items()},
                     velocity={k: tuple(array_api_strict.asarray(a) for a in v)
                               for k, v in f.velocity.items()},
                     goal_button=array_api_strict.asarray(f.goal_button),
                     buttons_active=array_api_strict.asarray(f.buttons_active))
    other = task.labels(XP, xp_facts, array_api_strict.asarray(met))
    assert all(np.array_equal(np.asarray(other[k]), v) for k, v in labels.items())


def _check_contact_sensors(env) -> int:
    """Each contact sensor is on exactly when MuJoCo's contact list holds a pair (agent geom,
    a geom of the watched body); returns how many were on."""
    m, d, h = env.model, env.data, env.handles
    agent_geoms = set(np.flatnonzero(m.body_rootid[m.geom_bodyid] == h.agent_body).tolist())
    pairs = {(int(g1), int(g2)) for g1, g2 in d.contact.geom}
    on = 0
    for prefix, adr in h.contact_adr.items():
        kind = next(k for k in env.config.objects if k.prefix == prefix)
        for body, a in zip(kind.watched_bodies(), adr):
            geoms = set(np.flatnonzero(m.geom_bodyid == m.body(body).id).tolist())
            found = any((g1 in agent_geoms and g2 in geoms) or (g2 in agent_geoms and g1 in geoms)
                        for g1, g2 in pairs)
            assert found == (d.sensordata[a] > 0), (prefix, body)
            on += found
    return on


def test_contact_sensors_report_the_contacts_mujoco_finds():
    env = gymnasium.make("SafetyPointButton2-v0").unwrapped
    env.reset(seed=1)
    rng = np.random.default_rng(4)
    for _ in range(100):
        env.step(rng.uniform(-1, 1, 2))
        _check_contact_sensors(env)
    on = 0
    for body in ("button0", "button3", "gremlin1obj"):          # the agent against each
        env.reset(seed=2)
        xy = env.data.xpos[env.model.body(body).id, :2]
        move_agent_to(env, (xy[0] + 0.12, xy[1]))
        on += _check_contact_sensors(env)
    assert on >= 3
    env.close()


def test_object_velocity_rule_equals_mj_object_velocity():
    vec = gymnasium.make_vec("SafetyAntCircle1-v0", 4, vectorization_mode="vector_entry_point")
    vec.reset(seed=0)
    worlds = vec.unwrapped.worlds
    rng = np.random.default_rng(3)
    for _ in range(15):
        vec.step(rng.uniform(-1, 1, vec.action_space.shape))
    u, v = worlds.agent_velocity()
    a = worlds.handles.agent_body
    root = worlds.model.body_rootid[a]
    for i in range(4):
        m, d = worlds.sim.get_model(i), worlds.sim.get_data(i)
        mujoco.mj_forward(m, d)
        res = np.zeros(6)
        mujoco.mj_objectVelocity(m, d, mujoco.mjtObj.mjOBJ_XBODY, a, res, 0)
        assert (u[i], v[i]) == (res[3], res[4])
        one = agent_velocity(ops.SCALAR, d.cvel[a].tolist(), d.xpos[a].tolist(),
                             d.subtree_com[root].tolist())
        assert one == (res[3], res[4])
    vec.close()
