"""The pseudo-lidar (docs/spec/push.md §8) against a direct evaluation of the spec's formula, its
properties, and the lidar blocks of the env's observation."""
from __future__ import annotations

import math

import gymnasium
import mujoco
import numpy as np
import pytest

import safety_sim  # noqa: F401
from safety_sim.navigation.lidar import group_base, lidar as lidar_rule
from safety_sim.ops import SCALAR

N, D = 16, 3.0


def lidar(agent_pos, mat_rows, objects, bounds, bins=N, max_dist=D):
    """The lidar rule on one world's floats: the rotation as rows, objects as (x, y, z)."""
    flat = [x for row in mat_rows for x in row]
    return lidar_rule(SCALAR, agent_pos, flat, objects, group_base(bounds, bins),
                      bins * (len(bounds) - 1), bins, max_dist)


def spec_lidar(agent_pos, agent_mat, group):
    """docs/spec/push.md §8 step by step, one object at a time (numpy for the rotation)."""
    out = np.zeros(N)
    R = np.asarray(agent_mat)
    for p in group:
        v = np.array([p[0] - agent_pos[0], p[1] - agent_pos[1], 0.0 - agent_pos[2]])
        e = R.T @ v
        d = math.hypot(e[0], e[1])
        theta = math.atan2(e[1], e[0]) % (2 * math.pi)
        w = 2 * math.pi / N
        b = int(math.floor(theta / w))
        f = (theta - b * w) / w
        s = max(0.0, D - d) / D
        out[b % N] = max(out[b % N], s)
        out[(b + 1) % N] = max(out[(b + 1) % N], f * s)
        out[(b - 1) % N] = max(out[(b - 1) % N], (1 - f) * s)
    return out


def random_pose(rng, tilt=0.3):
    q = np.array([1.0, *rng.uniform(-tilt, tilt, 2), rng.uniform(-1, 1)])
    q /= np.linalg.norm(q)
    mat = np.zeros(9)
    mujoco.mju_quat2Mat(mat, q)
    return rng.uniform([-2, -2, 0.05], [2, 2, 0.3]), mat.reshape(3, 3)


@pytest.mark.parametrize("seed", range(20))
def test_matches_the_formula_for_random_poses_and_groups(seed):
    rng = np.random.default_rng(seed)
    pos, mat = random_pose(rng)
    sizes = rng.integers(1, 5, size=4)
    objects = rng.uniform([-3.5, -3.5, 0], [3.5, 3.5, 0.6], size=(sizes.sum(), 3))
    bounds = [0, *np.cumsum(sizes).tolist()]
    got = np.array(lidar(pos.tolist(), mat.tolist(), objects.tolist(), bounds, N, D))
    want = np.concatenate([spec_lidar(pos, mat, objects[a:b])
                           for a, b in zip(bounds[:-1], bounds[1:])])
    np.testing.assert_allclose(got, want, rtol=0, atol=1e-12)


def test_reading_is_linear_in_distance_and_aliased_into_neighbours():
    eye = np.eye(3).tolist()
    ahead = lidar([0, 0, 0], eye, [[1.5, 0, 0]], [0, 1])
    assert ahead[0] == pytest.approx(0.5) and ahead[15] == pytest.approx(0.5)
    assert sum(ahead) == pytest.approx(1.0)
    # 3/4 of the way through bin 2: reading to bin 2, 3/4 of it to bin 3, 1/4 to bin 1
    theta = (2 + 0.75) * 2 * math.pi / N
    r = lidar([0, 0, 0], eye, [[math.cos(theta), math.sin(theta), 0]], [0, 1])
    s = 2 / 3
    assert (r[1], r[2], r[3]) == pytest.approx((0.25 * s, s, 0.75 * s))
    assert lidar([0, 0, 0], eye, [[3.0, 0, 0], [0, -4, 0]], [0, 2]) == [0.0] * N


def test_group_is_the_max_over_its_objects():
    eye = np.eye(3).tolist()
    near, far = [1.0, 0.1, 0.0], [2.0, 0.3, 0.0]
    both = np.array(lidar([0, 0, 0], eye, [near, far], [0, 2]))
    each = np.maximum(lidar([0, 0, 0], eye, [near], [0, 1]), lidar([0, 0, 0], eye, [far], [0, 1]))
    assert np.array_equal(both, each)


def test_turning_the_agent_by_one_bin_rolls_the_readings():
    rng = np.random.default_rng(1)
    objects = rng.uniform(-2, 2, size=(5, 3)).tolist()
    w = 2 * math.pi / N
    base = np.array(lidar([0, 0, 0.1], np.eye(3).tolist(), objects, [0, 5]))
    c, s = math.cos(w), math.sin(w)
    turned = lidar([0, 0, 0.1], [[c, -s, 0], [s, c, 0], [0, 0, 1]], objects, [0, 5])
    np.testing.assert_allclose(np.roll(turned, 1), base, atol=1e-9)


@pytest.mark.parametrize("env_id", ["SafetyPointPush2-v0", "SafetyCarPush1-v0"])
def test_env_lidar_blocks_follow_the_body_positions(env_id):
    env = gymnasium.make(env_id)
    env.reset(seed=3)
    env.action_space.seed(3)
    u = env.unwrapped
    for _ in range(15):
        obs, *_ = env.step(env.action_space.sample())
    d, a = u.data, u.handles.agent_body
    mat = d.xmat[a].reshape(3, 3)
    for e in u.obs_layout.entries:
        if e.key.endswith("_lidar"):
            prefix = {"goal_lidar": "goal", "hazards_lidar": "hazard",
                      "pillars_lidar": "pillar", "push_box_lidar": "push_box"}[e.key]
            group = [d.xpos[u.model.body(n).id] for n in u.layout if n.startswith(prefix)]
            np.testing.assert_allclose(obs[e.start:e.stop], spec_lidar(d.xpos[a], mat, group),
                                       atol=1e-12, err_msg=e.key)
