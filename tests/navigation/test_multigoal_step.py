"""MultiGoal's step (``MultiGoalWorld``/``MultiGoalEnv``, read once per step from tables built in
``__init__``) against a plain form written from the spec (docs/spec/sg_head.md §4): each
agent's reward from its own goal distance, its cost terms from numpy over the hazards, the
contact list and each vase's ``mj_objectVelocity``, the frame-skip draw taken from the stream
every step; plus what the fast paths must keep (a pickled env goes on as the original, float32
and list actions are the float64 ones, refused actions stay refused)."""
from __future__ import annotations

import pickle

import gymnasium
import mujoco
import numpy as np
import pytest

from safety_sim.navigation.multigoal import scene
from safety_sim.navigation.multigoal.world import AGENTS, GOAL_OF, MultiGoalWorld

LABEL = {"cost_hazards": "in_hazard", "cost_vases_contact": "vase_contact",
         "cost_vases_velocity": "vase_moving", "cost_contact_other": "contact_other"}


class PlainRules:
    """The spec's rules one at a time, on the world's state after each step."""

    def __init__(self, world: MultiGoalWorld) -> None:
        self.w = world
        self.last_toucher = [0] * world.level.vases       # kept across episodes
        self.start()

    def xy(self, body: str) -> np.ndarray:
        return self.w.data.body(body).xpos[:2].copy()

    def distance(self, a: str) -> float:
        goal, body = GOAL_OF[a]
        return float(np.sqrt(np.sum(np.square(self.xy(goal) - self.xy(body)))))

    def start(self) -> None:
        self.dist = {a: self.distance(a) for a in AGENTS}

    def rewards(self) -> dict:
        out = {}
        for a in AGENTS:
            d = self.distance(a)
            out[a] = (self.dist[a] - d) + (1.0 if d <= 0.3 else 0.0)
            self.dist[a] = d
        return out

    def costs(self) -> dict:
        w, m, d = self.w, self.w.model, self.w.data
        root = m.body_rootid[m.geom_bodyid]
        pairs = list(zip(d.contact.geom1[:d.ncon].tolist(), d.contact.geom2[:d.ncon].tolist()))
        mine = {i: set(np.flatnonzero(root == m.body(b).id).tolist())
                for i, (_, b) in enumerate(GOAL_OF.values())}
        vases = {m.geom(f"vase{k}").id: k for k in range(w.level.vases)}
        out = {}
        for i, a in enumerate(AGENTS):
            terms = {}
            if w.level.hazards:
                hazards = np.array([self.xy(f"hazard{k}") for k in range(w.level.hazards)])
                near = np.sqrt(np.sum(np.square(hazards - self.xy(GOAL_OF[a][1])), axis=1))
                terms["cost_hazards"] = float(np.sum(0.2 - near[near <= 0.2]))
            if w.level.vases and w.level.vases_cost:
                hits = [vases.get(g1, vases.get(g2)) for g1, g2 in pairs
                        if (g1 in vases and g2 in mine[i]) or (g2 in vases and g1 in mine[i])]
                for k in hits:
                    self.last_toucher[k] = i
                terms["cost_vases_contact"] = float(len(hits))
                moving = 0.0
                for k in range(w.level.vases):
                    vel = np.zeros(6)
                    mujoco.mj_objectVelocity(m, d, mujoco.mjtObj.mjOBJ_BODY,
                                             m.body(f"vase{k}").id, vel, 0)
                    speed = float(np.sqrt(np.sum(np.square(vel[3:]))))
                    if speed >= 1e-4 and self.last_toucher[k] == i:
                        moving += speed
                terms["cost_vases_velocity"] = moving
            if w.level.contact_other and any((g1 in mine[0] and g2 in mine[1]) or
                                       (g1 in mine[1] and g2 in mine[0]) for g1, g2 in pairs):
                terms["cost_contact_other"] = 1.0
            terms["cost_sum"] = sum(terms.values())
            out[a] = {k: float(v > 0.0) for k, v in terms.items()}
        return out


def pushing_actions(space, seed: int, n: int) -> list[dict]:
    """Random actions, and every other stretch of 40 steps full ahead (contacts, moved vases,
    reached goals)."""
    space.seed(seed)
    out = []
    for t in range(n):
        act = space.sample()
        if (t // 40) % 2:
            act = {a: space[a].high * 0.95 for a in AGENTS}
        out.append(act)
    return out


@pytest.mark.parametrize("agent, level", [("Point", 0), ("Point", 1), ("Car", 2), ("Ant", 2)])
def test_rewards_costs_and_labels_are_the_plain_forms(agent, level):
    env = gymnasium.make(f"Safety{agent}MultiGoal{level}-v0").unwrapped
    env.reset(seed=5)
    plain = PlainRules(env.world)
    physics, judged = env.world.stepper.advance, []

    def advance_then_judge(nstep):        # the plain rules read the state the physics left
        physics(nstep)
        judged.append((plain.rewards(), plain.costs()))

    env.world.stepper.advance = advance_then_judge
    seen = {"goal_met": 0, "cost": 0}
    for act in pushing_actions(env.action_space, 5, 600):
        obs, rewards, terminated, truncated, infos = env.step(act)
        expected, costs = judged[-1]
        assert rewards == expected
        for a in AGENTS:
            assert infos[a][a] == costs[a]
            assert infos[a]["cost"] == costs[a]["cost_sum"]
            assert infos[a]["labels"] == {LABEL[k] for k, v in costs[a].items()
                                          if k in LABEL and v}
        assert infos["agent_0"]["reward_sum"] == rewards["agent_0"] + rewards["agent_1"]
        assert obs["agent_0"] is not obs["agent_1"]
        assert np.array_equal(obs["agent_0"], scene.first_observation(
            env.model, env.data, env.world.agent, env.world.level))
        seen["goal_met"] += "goal_met" in infos["agent_0"]
        seen["cost"] += infos["agent_0"]["cost"] + infos["agent_1"]["cost"]
        if "goal_met" in infos["agent_0"]:
            plain.start()                        # new goals: the distances start again
        if terminated["agent_0"] or truncated["agent_0"]:
            env.reset()
            plain.start()
    assert level == 0 or seen["cost"] > 0


def test_the_frame_skip_draws_are_taken_before_a_goal_is_redrawn():
    """The stream after k steps is the stream after k ``binomial(10, 1.0)`` draws."""
    world = MultiGoalWorld("Point", 0)
    world.reset(4)
    for _ in range(7):
        world.step({a: np.zeros(2) for a in AGENTS})
    twin = MultiGoalWorld("Point", 0)
    rs = np.random.RandomState(4)
    scene.reset(twin.model, twin.data, twin.agent, twin.level, 4, stream=rs)
    for _ in range(7):
        rs.binomial(10, 1.0)
    assert world.rs.random_sample(5).tolist() == rs.random_sample(5).tolist()


def test_a_pickled_env_goes_on_as_the_original():
    env = gymnasium.make("SafetyCarMultiGoal2-v0").unwrapped
    env.reset(seed=3)
    acts = pushing_actions(env.action_space, 3, 60)
    for act in acts[:20]:
        env.step(act)
    twin = pickle.loads(pickle.dumps(env))
    for act in acts[20:]:
        ours, theirs = env.step(act), twin.step(act)
        assert np.array_equal(ours[0]["agent_0"], theirs[0]["agent_0"])
        assert ours[1:4] == theirs[1:4] and ours[4] == theirs[4]


def test_float32_and_list_actions_step_as_their_float64_values():
    envs = [gymnasium.make("SafetyPointMultiGoal1-v0").unwrapped for _ in range(3)]
    for env in envs:
        env.reset(seed=1)
    acts = pushing_actions(envs[0].action_space, 1, 30)
    for act in acts:
        act32 = {a: v.astype(np.float32) for a, v in act.items()}
        as64 = {a: v.astype(np.float64) for a, v in act32.items()}
        lists = {a: v.tolist() for a, v in as64.items()}
        outs = [env.step(x) for env, x in zip(envs, (act32, as64, lists))]
        for out in outs[1:]:
            assert np.array_equal(out[0]["agent_0"], outs[0][0]["agent_0"])
            assert out[1:] == outs[0][1:]


@pytest.mark.parametrize("bad", [
    {"agent_0": np.array([1.5, 0.0]), "agent_1": np.zeros(2)},          # out of bounds
    {"agent_0": np.array([np.nan, 0.0]), "agent_1": np.zeros(2)},
    {"agent_0": np.zeros(3), "agent_1": np.zeros(2)},                   # wrong shape
    {"agent_0": np.zeros((2, 1)), "agent_1": np.zeros(2)},
    {"agent_0": np.zeros(2, dtype=np.int64) + 2, "agent_1": np.zeros(2)},
    {"agent_0": np.array([True, False]), "agent_1": np.zeros(2)},
    {"agent_0": np.zeros(2)},                                           # an agent missing
    {"agent_0": np.zeros(2), "agent_1": np.zeros(2), "agent_2": np.zeros(2)},
])
def test_refused_actions_stay_refused(bad):
    env = gymnasium.make("SafetyPointMultiGoal1-v0").unwrapped
    env.reset(seed=0)
    with pytest.raises(ValueError):
        env.step(bad)
