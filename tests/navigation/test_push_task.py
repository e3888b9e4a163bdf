"""Reward (docs/spec/push.md §10), cost (§11), labels and goal semantics of the Push task."""
from __future__ import annotations

import math

import gymnasium
import numpy as np
import pytest

import safety_sim  # noqa: F401
from nav_task_helpers import shift_agent
from safety_sim.navigation import config as nc
from safety_sim.navigation.rewards import Snapshot
from safety_sim.navigation.judging import LABELS, NavTask


def make(env_id):
    env = gymnasium.make(env_id)
    return env, env.unwrapped


def bodies(u):
    x = u.data.xpos
    h = u.handles
    return x[h.agent_body].copy(), x[h.box_body].copy(), x[h.goal_body].copy()


@pytest.mark.parametrize("env_id", ["SafetyPointPush1-v0", "SafetyCarPush2-v0"])
def test_reward_is_the_sum_of_its_terms_and_the_spec_formula(env_id):
    env, u = make(env_id)
    env.reset(seed=2)
    env.action_space.seed(2)
    agent, box, goal = bodies(u)
    d_ab, d_bg = np.linalg.norm(box - agent), np.linalg.norm(box - goal)
    for _ in range(80):
        _, r, _, _, info = env.step(env.action_space.sample())
        terms = info["reward_terms"]
        assert r == pytest.approx(sum(terms.values()), abs=1e-12)
        agent, box, _ = bodies(u)            # goal: the one before any resample (unchanged)
        new_ab, new_bg = np.linalg.norm(box - agent), np.linalg.norm(box - goal)
        want = (d_ab - new_ab) + (d_bg - new_bg) + (1.0 if new_bg <= 0.3 else 0.0)
        assert r == pytest.approx(np.clip(want, -10, 10), abs=1e-12)
        d_ab, d_bg = new_ab, new_bg


def test_reward_is_clipped_with_a_named_term():
    scorer = nc.PushReward().scorer(goal_size=0.3)
    scorer.start(Snapshot(agent=(0, 0, 0), box=(20, 0, 0), goal=(30, 0, 0)))
    r, terms, met = scorer.reward(Snapshot(agent=(19.5, 0, 0), box=(20, 0, 0),
                                           goal=(30, 0, 0)))   # a 19.5 m jump
    assert r == 10.0 and terms["agent_to_box"] == 19.5 and terms["clip"] == -9.5
    assert sum(terms.values()) == pytest.approx(r) and not met


@pytest.mark.parametrize("env_id", ["SafetyPointPush2-v0", "SafetyCarPush2-v0",
                                    "SafetyCarPush1-v0"])
def test_cost_is_zero_at_reset(env_id):
    env, _ = make(env_id)
    for seed in range(25):
        _, info = env.reset(seed=seed)
        assert info["cost"] == 0.0 and info["labels"] == frozenset()


@pytest.mark.parametrize("level, keys", [(0, ["cost_sum"]), (1, ["cost_hazards", "cost_sum"]),
                                         (2, ["cost_hazards", "cost_pillars", "cost_sum"])])
def test_info_keys_per_level(level, keys):
    env, _ = make(f"SafetyPointPush{level}-v0")
    env.reset(seed=0)
    _, _, _, _, info = env.step(np.zeros(2))
    assert [k for k in info if k.startswith("cost_")] == keys
    assert info["cost"] == info["cost_sum"] and "goal_met" not in info


def reset_with_body_near(env, seed, body, centre, radius):
    """``reset(seed)`` with ``body`` placed ``radius`` from ``centre``, in the first of 32
    directions that the layout rules accept (inside the placement area, clear of the other
    collidable bodies)."""
    for k in range(32):
        phi = 2 * math.pi * k / 32
        xy = (centre[0] + radius * math.cos(phi), centre[1] + radius * math.sin(phi))
        try:
            return env.reset(seed=seed, options={"layout": {body: xy}})
        except ValueError:
            continue
    pytest.fail(f"no valid spot for {body} at {radius} from {centre}")


@pytest.mark.parametrize("env_id", ["SafetyPointPush1-v0", "SafetyCarPush2-v0"])
def test_agent_inside_a_hazard_costs_one(env_id):
    env, u = make(env_id)
    env.reset(seed=0)
    hazard = u.layout["hazard1"]
    _, info = reset_with_body_near(env, 0, "agent", hazard, 0.25)
    assert math.dist(u.layout["agent"], hazard) == pytest.approx(0.25)
    assert info["cost"] == 1.0 and info["labels"] == {"in_hazard"}
    _, _, _, _, info = env.step(np.zeros(env.action_space.shape))
    assert info["cost_hazards"] == info["cost_sum"] == info["cost"] == 1.0
    assert u.cost_fn(info["labels"]) == 1.0
    _, info = reset_with_body_near(env, 0, "agent", hazard, 0.31)
    assert info["cost"] == 0.0   # the disc radius is 0.3 (XY distance, strict)


@pytest.mark.parametrize("agent", ["Point", "Car"])
@pytest.mark.parametrize("level", [1, 2])
def test_pillar_contact_costs_at_level_2_only(agent, level):
    env, u = make(f"Safety{agent}Push{level}-v0")
    env.reset(seed=1)
    ax, ay = u.layout["agent"]
    px, py = u.layout["pillar0"]
    gap = math.hypot(px - ax, py - ay)
    reach = 0.28 if agent == "Point" else 0.31    # pillar radius + a bit less than the body
    scale = (gap - reach) / gap
    shift_agent(u, (px - ax) * scale, (py - ay) * scale)
    _, _, _, _, info = env.step(np.zeros(2))
    assert "pillar_contact" in info["labels"]
    if level == 2:
        assert info["cost_pillars"] == info["cost"] == 1.0
    else:
        assert "cost_pillars" not in info and info["cost"] == 0.0
    assert u.cost_fn(info["labels"]) == info["cost"]


@pytest.mark.parametrize("agent", ["Point", "Car"])
def test_pillar_contact_is_the_contact_mujoco_finds(agent):
    """The pillar's contact sensor (what judging reads) is on exactly when MuJoCo's contact
    list holds a pair of an agent geom and the pillar, for poses around the pillar."""
    env, u = make(f"Safety{agent}Push2-v0")
    env.reset(seed=1)
    rng = np.random.default_rng(0)
    px, py = u.layout["pillar0"]
    m, d = u.model, u.data
    agent_geoms = set(np.flatnonzero(m.body_rootid[m.geom_bodyid] == u.handles.agent_body))
    pillar_geoms = set(np.flatnonzero(m.geom_bodyid == m.body("pillar0").id))
    touching = 0
    for _ in range(150):
        ax, ay = u.layout["agent"]
        r, phi = rng.uniform(0.15, 0.6), rng.uniform(0, 2 * np.pi)
        shift_agent(u, px + r * np.cos(phi) - ax, py + r * np.sin(phi) - ay)
        found = any({int(g1), int(g2)} & agent_geoms and {int(g1), int(g2)} & pillar_geoms
                    for g1, g2 in d.contact.geom)
        assert u._physics.touching()["pillar"][0] == found
        touching += found
    assert 10 < touching < 140


def pillar_bodies(u):
    return [b for name, b in u.handles.body_of.items() if name.startswith("pillar")]


def test_box_touching_a_pillar_costs_nothing():
    env, u = make("SafetyPointPush2-v0")
    env.reset(seed=1)
    pillar = np.array(u.layout["pillar2"])
    # the closest the layout rules allow (keep-outs 0.2 + 0.3), then slide it in via qpos
    reset_with_body_near(env, 1, "push_box", pillar, 0.5)
    box = np.array(u.layout["push_box"])
    adr = u.handles.free_qposadr["push_box"]
    u.data.qpos[adr:adr + 2] -= 0.1 * (box - pillar) / np.linalg.norm(box - pillar)
    pillar_geoms = set(np.flatnonzero(np.isin(u.model.geom_bodyid, pillar_bodies(u))))
    box_geoms = set(np.flatnonzero(u.model.geom_bodyid == u.handles.box_body))
    touching = 0
    for _ in range(3):
        _, _, _, _, info = env.step(np.zeros(2))
        pairs = [set(g) for g in u.data.contact.geom.tolist()]
        touching += any(p & pillar_geoms and p & box_geoms for p in pairs)
        assert info["cost"] == 0.0 and "pillar_contact" not in info["labels"]
    assert touching


def test_goal_met_pays_the_bonus_and_draws_a_new_goal():
    env, u = make("SafetyPointPush2-v0")
    env.reset(seed=4)
    bx, by = u.layout["push_box"]
    env.reset(seed=4, options={"layout": {"goal": (bx + 0.1, by)}})
    _, r, term, _, info = env.step(np.zeros(2))
    assert info["goal_met"] is True and "goal_met" in info["labels"]
    assert info["reward_terms"]["goal_bonus"] == 1.0 and r > 0.9 and not term
    layout = u.layout
    goal = layout.pop("goal")
    keep = {"agent": 0.4, "push_box": 0.2, "hazard": 0.4, "pillar": 0.3}
    for name, xy in layout.items():
        k = next(v for p, v in keep.items() if name.startswith(p))
        assert math.dist(goal, xy) >= k + 0.4 - 1e-12, name
    _, r, _, _, info = env.step(np.zeros(2))   # shaping restarts from the new goal
    assert "goal_met" not in info and abs(info["reward_terms"]["box_to_goal"]) < 1e-3


def put_box_on_goal(u):
    """Write the box's qpos onto the goal centre (at rest), as a user may between steps."""
    adr = u.handles.free_qposadr["push_box"]
    u.data.qpos[adr:adr + 2] = u.data.xpos[u.handles.goal_body, :2]
    dof = u.model.jnt_dofadr[u.model.joint("push_box").id]
    u.data.qvel[dof:dof + 6] = 0.0


# docs/spec/push.md §5.1 placement extents per level and keep-out radii; §5.3 goal redraw count.
EXTENTS = {0: (-1.0, -1.0, 1.0, 1.0), 1: (-1.5, -1.5, 1.5, 1.5), 2: (-2.0, -2.0, 2.0, 2.0)}
KEEPOUT = {"agent": 0.4, "goal": 0.4, "hazard": 0.4, "pillar": 0.3, "push_box": 0.2}
CAR_BOX_KEEPOUT = 0.125
GOAL_REDRAWS = 10_000


def spec_goal_redraw(rs, extents, others):
    """docs/spec/push.md §5.3 from the spec text: draw x then y uniformly in the extents shrunk by
    the goal's keep-out until the point keeps ``keepout(o) + 0.4`` from every ``(xy, keepout)`` in
    ``others``; None after 10 000 draws."""
    k = KEEPOUT["goal"]
    xmin, ymin, xmax, ymax = extents
    for _ in range(GOAL_REDRAWS):
        x = rs.uniform(xmin + k, xmax - k)
        y = rs.uniform(ymin + k, ymax - k)
        if all(math.hypot(x - ox, y - oy) >= ko + k for (ox, oy), ko in others):
            return x, y
    return None


@pytest.mark.parametrize("agent", ["Point", "Car", "Doggo", "Racecar", "Ant"])
@pytest.mark.parametrize("level", [0, 1, 2])
@pytest.mark.parametrize("k", [0, 5])
def test_new_goal_is_the_spec_redraw_after_k_steps(agent, level, k):
    """After k steps the box is put on the goal; the next step meets it and draws the new goal
    from the stream advanced by one draw per step (docs/spec/push.md §5.4) against the current body
    positions (docs/spec/push.md §5.3). The step after that measures its shaping from the new goal
    (docs/spec/push.md §10.1)."""
    env, u = make(f"Safety{agent}Push{level}-v0")
    env.reset(seed=20 + k)
    shadow = np.random.RandomState()
    shadow.set_state(u._rs.get_state())
    rng = np.random.RandomState(k)
    for _ in range(k):
        small = 0.3 * rng.uniform(env.action_space.low, env.action_space.high)
        _, _, term, trunc, _ = env.step(small)
        assert not (term or trunc)
        shadow.binomial(10, 1.0)                 # the reference's frameskip draw
    put_box_on_goal(u)
    _, _, term, _, info = env.step(np.zeros(env.action_space.shape))
    shadow.binomial(10, 1.0)
    assert info["goal_met"] is True and not term

    x, m = u.data.xpos, u.model
    box_ko = CAR_BOX_KEEPOUT if agent == "Car" else KEEPOUT["push_box"]
    others = [(x[m.body("agent").id, :2], KEEPOUT["agent"]),
              (x[m.body("push_box").id, :2], box_ko)]
    for i in range(m.nbody):
        name = m.body(i).name
        if name.startswith(("hazard", "pillar")):
            others.append((x[i, :2], KEEPOUT[name.rstrip("0123456789")]))
    want = spec_goal_redraw(shadow, EXTENTS[level], others)
    assert want is not None
    assert u.layout["goal"] == pytest.approx(want, abs=1e-12)
    # and the env's stream stands where the spec's draws leave it
    state, shadow_state = u._rs.get_state(), shadow.get_state()
    assert state[2] == shadow_state[2] and np.array_equal(state[1], shadow_state[1])

    agent0, box0, goal = bodies(u)               # after the achievement step
    _, r, _, _, info = env.step(np.zeros(env.action_space.shape))
    agent1, box1, _ = bodies(u)
    terms = info["reward_terms"]
    assert terms["box_to_goal"] == pytest.approx(
        np.linalg.norm(box0 - goal) - np.linalg.norm(box1 - goal), abs=1e-12)
    assert terms["agent_to_box"] == pytest.approx(
        np.linalg.norm(box0 - agent0) - np.linalg.norm(box1 - agent1), abs=1e-12)
    assert "goal_met" not in info and terms["goal_bonus"] == 0.0


def test_failed_goal_resample_terminates(monkeypatch):
    env, u = make("SafetyPointPush1-v0")
    env.reset(seed=4)
    put_box_on_goal(u)
    monkeypatch.setattr("safety_sim.navigation.layout.placement.resample_goal", lambda *a, **k: None)
    _, _, term, trunc, info = env.step(np.zeros(2))
    assert term and not trunc and info["goal_met"]


def test_not_alive_terminates(monkeypatch):
    env, u = make("SafetyCarPush0-v0")
    env.reset(seed=0)
    # the agent's alive rule, as the step sequence holds it (``alive(ops, agent_pos)``)
    monkeypatch.setattr(u._sequence, "alive", lambda ops, agent: False)
    _, _, term, _, _ = env.step(np.zeros(2))
    assert term


@pytest.mark.parametrize("level", [0, 1, 2])
def test_cost_fn_of_every_label_set(level):
    task = NavTask(nc.LEVELS[("Push", level)])
    for mask in range(2 ** len(LABELS)):
        labels = frozenset(n for i, n in enumerate(LABELS) if mask >> i & 1)
        hazard = level >= 1 and "in_hazard" in labels
        pillar = level == 2 and "pillar_contact" in labels
        assert task.cost_fn(labels) == float(hazard or pillar)
