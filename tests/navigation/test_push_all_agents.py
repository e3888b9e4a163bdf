"""Every Push agent (Point, Car, Doggo, Racecar, Ant) against the spec's invariants:
determinism (docs/spec/push.md §13), reward = its terms = §10 recomputed from body positions, cost
docs/spec/push.md §11 (0 at reset, hazards, pillars by geom->body ownership), observations inside
the space (docs/spec/push.md §9) and the lidar blocks equal to a direct evaluation of
docs/spec/push.md §8 on the current state.

One recorded 100-step rollout per (agent, level) feeds several tests; everything the checks
need (body positions, the agent's rotation, an independent contact evaluation) is recorded
right after each step.
"""
from __future__ import annotations

import math
from functools import lru_cache

import gymnasium
import mujoco
import numpy as np
import pytest

import safety_sim  # noqa: F401  (registers the ids)
from test_push_lidar import spec_lidar  # the docs/spec/push.md §8 formula, written once

AGENTS = ["Point", "Car", "Doggo", "Racecar", "Ant"]
STEPS = 100
HAZARD_RADIUS = 0.3       # docs/spec/push.md §7.3 / §11.1
GOAL_REACHED = 0.3        # docs/spec/push.md §10.2
REWARD_CLIP = 10.0        # docs/spec/push.md §10.1
LIDAR_GROUPS = {"goal_lidar": "goal", "hazards_lidar": "hazard", "pillars_lidar": "pillar",
                "push_box_lidar": "push_box"}   # docs/spec/push.md §8: obs key -> body prefix
AGENT_PILLAR_KEEPOUTS = 0.4 + 0.3   # docs/spec/push.md §5.1: agent + pillar keep-out


@lru_cache(maxsize=None)
def env_of(agent: str, level: int):
    """One env per (agent, level) for the whole module (each test reseeds it)."""
    return gymnasium.make(f"Safety{agent}Push{level}-v0")


def body_ids(u, prefix):
    m = u.model
    return [b for b in range(m.nbody) if m.body(b).name.startswith(prefix)]


def agent_pillar_contact(u) -> bool:
    """docs/spec/push.md §11.2 evaluated directly: a contact between a geom of the agent's kinematic
    tree (same root body as ``agent``) and a geom of a ``pillar*`` body."""
    m, d = u.model, u.data
    root = m.body_rootid[m.body("agent").id]
    pillars = set(body_ids(u, "pillar"))
    for g1, g2 in d.contact.geom[:d.ncon].tolist():
        b1, b2 = m.geom_bodyid[g1], m.geom_bodyid[g2]
        if (m.body_rootid[b1] == root and b2 in pillars) or \
                (m.body_rootid[b2] == root and b1 in pillars):
            return True
    return False


def in_hazard(u) -> bool:
    """docs/spec/push.md §11.1: the agent body origin strictly inside a hazard disc (XY
    distance)."""
    x = u.data.xpos
    a = x[u.model.body("agent").id]
    return any(math.hypot(a[0] - x[h, 0], a[1] - x[h, 1]) < HAZARD_RADIUS
               for h in body_ids(u, "hazard"))


def snapshot(u):
    x = u.data.xpos.copy()
    return {"xpos": x, "agent_mat": u.data.xmat[u.model.body("agent").id].reshape(3, 3).copy(),
            "contact": agent_pillar_contact(u), "hazard": in_hazard(u),
            "qpos": u.data.qpos.copy()}


def rollout(env, seed, steps=STEPS):
    """Reset with ``seed`` and step seeded uniform random actions; record everything."""
    obs, info = env.reset(seed=seed)
    u = env.unwrapped
    rng = np.random.RandomState(seed + 100)
    lo, hi = env.action_space.low, env.action_space.high
    rec = [dict(obs=obs, info=info, reward=None, term=False, trunc=False, **snapshot(u))]
    for _ in range(steps):
        obs, reward, term, trunc, info = env.step(rng.uniform(lo, hi))
        rec.append(dict(obs=obs, info=info, reward=reward, term=term, trunc=trunc,
                        **snapshot(u)))
        if term or trunc:
            break
    return rec


CASES = [(a, lv) for a in AGENTS for lv in (1, 2)]


@pytest.fixture(scope="module", params=CASES, ids=[f"{a}{lv}" for a, lv in CASES])
def recorded(request):
    agent, level = request.param
    env = env_of(agent, level)
    return env, rollout(env, seed=7)


# -- determinism (docs/spec/push.md §13) -----------------------------------------------------------
@pytest.mark.parametrize("agent", AGENTS)
def test_same_seed_same_trajectory_on_fresh_instances(agent):
    runs = []
    for _ in range(2):
        env = gymnasium.make(f"Safety{agent}Push2-v0")
        runs.append(rollout(env, seed=5))
        env.close()
    a, b = runs
    assert len(a) == len(b) > 1
    for x, y in zip(a, b):
        assert np.array_equal(x["obs"], y["obs"]) and np.array_equal(x["qpos"], y["qpos"])
        assert (x["reward"], x["term"], x["trunc"]) == (y["reward"], y["term"], y["trunc"])
        assert x["info"]["cost"] == y["info"]["cost"]
        assert x["info"]["labels"] == y["info"]["labels"]


# -- reward (docs/spec/push.md §10) ----------------------------------------------------------------
def test_reward_is_its_terms_and_the_spec_formula(recorded):
    env, rec = recorded
    u = env.unwrapped
    A, B, G = (u.model.body(n).id for n in ("agent", "push_box", "goal"))
    x0 = rec[0]["xpos"]
    d_ab, d_bg = np.linalg.norm(x0[B] - x0[A]), np.linalg.norm(x0[B] - x0[G])
    for prev, now in zip(rec, rec[1:]):
        goal = prev["xpos"][G]                       # the goal before this step's resample
        x = now["xpos"]
        new_ab, new_bg = np.linalg.norm(x[B] - x[A]), np.linalg.norm(x[B] - goal)
        met = new_bg <= GOAL_REACHED
        want = (d_ab - new_ab) + (d_bg - new_bg) + (1.0 if met else 0.0)
        want = float(np.clip(want, -REWARD_CLIP, REWARD_CLIP))
        assert now["reward"] == pytest.approx(want, abs=1e-12)
        assert now["reward"] == pytest.approx(sum(now["info"]["reward_terms"].values()),
                                              abs=1e-12)
        assert ("goal_met" in now["info"]) == met
        d_ab, d_bg = new_ab, (np.linalg.norm(x[B] - x[G]) if met else new_bg)


# -- cost (docs/spec/push.md §11) ------------------------------------------------------------------
def test_cost_and_labels_follow_the_state(recorded):
    env, rec = recorded
    level = env.unwrapped.level
    keys = ["cost_hazards", "cost_sum"] + (["cost_pillars"] if level == 2 else [])
    for r in rec:
        info = r["info"]
        assert sorted(k for k in info if k.startswith("cost_")) == sorted(keys)
        want = float(r["hazard"] or (level == 2 and r["contact"]))
        assert info["cost"] == info["cost_sum"] == want
        assert info["cost_hazards"] == float(r["hazard"])
        assert ("pillar_contact" in info["labels"]) == r["contact"]
        assert ("in_hazard" in info["labels"]) == r["hazard"]
        assert env.unwrapped.cost_fn(info["labels"]) == info["cost"]
    assert rec[0]["info"]["cost"] == 0.0


@pytest.mark.parametrize("agent", AGENTS)
@pytest.mark.parametrize("level", [0, 1, 2])
def test_cost_is_zero_at_reset(agent, level):
    env = env_of(agent, level)
    for seed in range(10):
        _, info = env.reset(seed=seed)
        assert info["cost"] == 0.0 and info["labels"] == frozenset()


@pytest.mark.parametrize("agent", AGENTS)
@pytest.mark.parametrize("level", [1, 2])
def test_agent_placed_in_a_hazard_costs_one(agent, level):
    env = env_of(agent, level)
    env.reset(seed=3)
    hazard = env.unwrapped.layout["hazard0"]
    _, info = env.reset(seed=3, options={"layout": {"agent": hazard}})
    assert info["cost"] == info["cost_hazards"] == 1.0 and "in_hazard" in info["labels"]
    _, _, _, _, info = env.step(np.zeros(env.action_space.shape))
    assert info["cost"] == info["cost_hazards"] == 1.0 and "in_hazard" in info["labels"]


def reset_agent_near(env, seed, centre, radius):
    """``reset(seed)`` with the agent ``radius`` from ``centre``, in the first of 32 directions
    the layout rules accept."""
    for k in range(32):
        phi = 2 * math.pi * k / 32
        xy = (centre[0] + radius * math.cos(phi), centre[1] + radius * math.sin(phi))
        try:
            return env.reset(seed=seed, options={"layout": {"agent": xy}})
        except ValueError:
            continue
    pytest.fail(f"no valid agent spot at {radius} from {centre}")


def push_root_towards(u, target_xy, speed):
    """Set the agent root's velocity (its own dofs only) to ``speed`` m/s towards
    ``target_xy`` in the world XY plane: an external push, whatever the root joints are."""
    m, d = u.model, u.data
    a = m.body("agent").id
    dofs = np.flatnonzero(m.dof_bodyid == a)
    jacp = np.zeros((3, m.nv))
    mujoco.mj_jacBody(m, d, jacp, None, a)
    direction = np.asarray(target_xy) - d.xpos[a, :2]
    want = speed * direction / np.linalg.norm(direction)
    d.qvel[dofs] = np.linalg.lstsq(jacp[:2, dofs], want, rcond=None)[0]


@pytest.mark.parametrize("agent", AGENTS)
@pytest.mark.parametrize("level", [1, 2])
def test_pushing_the_agent_into_a_pillar(agent, level):
    """Placed at the closest distance the layout allows, pushed into pillar0: once an agent
    geom touches it, level 2 costs (cost_pillars) and level 1 has no pillar cost key."""
    env = env_of(agent, level)
    u = env.unwrapped
    env.reset(seed=2)
    pillar = u.layout["pillar0"]
    reset_agent_near(env, 2, pillar, AGENT_PILLAR_KEEPOUTS)
    touched = False
    for _ in range(60):
        push_root_towards(u, pillar, speed=1.0)
        _, _, term, _, info = env.step(np.zeros(env.action_space.shape))
        contact = agent_pillar_contact(u)
        assert ("pillar_contact" in info["labels"]) == contact
        if level == 2:
            assert info["cost_pillars"] == float(contact)
            assert info["cost"] == float(contact or in_hazard(u))
        else:
            assert "cost_pillars" not in info and info["cost"] == float(in_hazard(u))
        touched |= contact
        if touched or term:
            break
    assert touched


# -- observation (docs/spec/push.md §8, §9) --------------------------------------------------------
def test_every_observation_is_inside_the_space(recorded):
    env, rec = recorded
    for r in rec:
        assert r["obs"].dtype == np.float64 and env.observation_space.contains(r["obs"])


def test_lidar_equals_the_spec_on_the_current_state(recorded):
    env, rec = recorded
    u = env.unwrapped
    a = u.model.body("agent").id
    groups = {key: body_ids(u, prefix) for key, prefix in LIDAR_GROUPS.items()}
    for r in rec:
        x = r["xpos"]
        for e in u.obs_layout.entries:
            if e.key in groups:
                want = spec_lidar(x[a], r["agent_mat"], x[groups[e.key]])
                np.testing.assert_allclose(r["obs"][e.start:e.stop], want, rtol=0, atol=1e-12,
                                           err_msg=e.key)
