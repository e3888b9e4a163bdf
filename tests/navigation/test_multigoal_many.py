"""MultiGoal's judge of N worlds as array code (``multigoal/many.py``, what the GPU form runs on
torch) on numpy, against the native vector env's worlds -- each judged by the single env's own
code: the same rewards, cost cases (info cost dicts and labels), goals met, falls and
observations, bit for bit, through goal events, contacts, moved vases and hazards; and the GPU
form's host side (``multigoal/episodes.py``): the same resets and goal events."""
from __future__ import annotations

import copy

import gymnasium
import numpy as np
import pytest

import safety_sim
from safety_sim.navigation.multigoal.episodes import MultiGoalEpisodes
from safety_sim.navigation.multigoal.many import FALLEN, MET_BITS, ManyJudge, key_of
from safety_sim.ops import NUMPY
from tests.navigation.test_multigoal_vector import driving_actions, oracle_actions

AGENTS = ("agent_0", "agent_1")


def zeros(shape, kind):
    return np.zeros(shape, dtype=kind)


def judged_like_the_worlds(env_id: str, n: int, steps: int, seed: int = 3) -> dict:
    """Step the vector env (no autoreset: the worlds that end stop) and judge its batch state
    with :class:`ManyJudge` after every step; compare; return how often events happened."""
    venv = safety_sim.make_vec(env_id, n, autoreset_mode="Disabled", num_threads=1)
    singles = [gymnasium.make(env_id) for _ in range(n)]       # the oracles' view of the state
    obs, _ = venv.reset(seed=seed)
    for i, env in enumerate(singles):
        env.reset(seed=seed + i)
    fields, template = venv.worlds.fields, venv.unwrapped._single.world
    judge = ManyJudge(template, n, NUMPY, zeros)
    judge.start_episodes(fields["xpos"].copy())
    out = np.zeros_like(obs["agent_0"])
    assert np.array_equal(judge.observe(fields["xpos"], fields["xmat"], fields["sensordata"],
                                        out), obs["agent_0"])
    goals = [g for _, g in template.bodies]
    oracles = [safety_sim.oracle(env) for env in singles] if "Ant" not in env_id else []
    venv.action_space.seed(seed)
    seen = {"goal_met": 0, "cases": set(), "fallen": 0}
    for t in range(steps):
        before = fields["xpos"][:, goals].copy()       # the goals where the step found them
        act = (oracle_actions(oracles) if oracles and (t // 50) % 2 else
               driving_actions(venv.action_space, n, t))
        obs, rew, term, trunc, info = venv.step(act)
        for i, env in enumerate(singles):
            env.step({a: act[a][i] for a in AGENTS})
        xpos = fields["xpos"].copy()
        seen_by_judge = xpos.copy()
        seen_by_judge[:, goals] = before                # a goal event moves them after judging
        v = template.vase_ids
        vases = tuple(a[:, v].T for a in (fields["cvel"], seen_by_judge,
                                          fields["subtree_com"]))     # (6 | 3, vases, N)
        rewards, code = judge.judge(seen_by_judge, fields["sensordata"], vases)
        code = code.astype(np.int64)
        for k, a in enumerate(AGENTS):
            assert np.array_equal(rewards[k], rew[a]), (t, a)
        met = np.zeros(n, dtype=bool)
        for i, world in enumerate(venv.worlds.worlds):
            assert template.costs.case(key_of(int(code[i]), judge.key_size)) is world.case, (t, i)
            seen["cases"].add(key_of(int(code[i]), judge.key_size))
            met[i] = bool(code[i] >> MET_BITS[0] & 1 or code[i] >> MET_BITS[1] & 1)
        assert np.array_equal(met, info["agent_0"].get("goal_met", np.zeros(n, bool))), t
        fell = (code >> FALLEN & 1).astype(bool)
        assert np.array_equal(fell & ~met, term["agent_0"] & ~met), t
        seen["goal_met"] += int(met.sum())
        seen["fallen"] += int(fell.sum())
        judge.start(xpos, met)                  # the goal events' new distances
        assert np.array_equal(judge.observe(xpos, fields["xmat"], fields["sensordata"], out),
                              obs["agent_0"]), t
        if (term["agent_0"] | trunc["agent_0"]).any():
            break
    venv.close()
    return seen


@pytest.mark.parametrize("env_id,n", [("SafetyPointMultiGoal2-v0", 3),
                                      ("SafetyCarMultiGoal1-v0", 4)])
def test_the_array_judge_is_the_single_envs(env_id, n):
    seen = judged_like_the_worlds(env_id, n, 300)
    assert seen["goal_met"] >= 2
    assert len(seen["cases"]) >= 2                 # costs judged, not only the empty case


def test_the_array_judge_sees_an_ant_fall():
    """The Ant's worlds judged alike for 150 steps (a fall, where one happens, ends the
    episode in both); then a fall made on purpose: agent 1 of world 2 below the alive
    height (the Ant's ``alive`` rule) sets that world's fall bit alone."""
    judged_like_the_worlds("SafetyAntMultiGoal0-v0", 3, 150)
    venv = safety_sim.make_vec("SafetyAntMultiGoal0-v0", 3, num_threads=1)
    venv.reset(seed=0)
    template, fields = venv.unwrapped._single.world, venv.worlds.fields
    judge = ManyJudge(template, 3, NUMPY, zeros)
    xpos = fields["xpos"].copy()
    judge.start_episodes(xpos)
    _, code = judge.judge(xpos, fields["sensordata"])
    assert not (code.astype(np.int64) >> FALLEN & 1).any()
    xpos[2, template.bodies[1][0], 2] = 0.05
    _, code = judge.judge(xpos, fields["sensordata"])
    assert (code.astype(np.int64) >> FALLEN & 1).tolist() == [0, 0, 1]
    venv.close()


def test_host_episodes_are_the_vector_envs_resets_and_goal_events():
    """The GPU form's host side (``MultiGoalEpisodes``) on the CPU vector env's worlds: a reset
    writes the same body rows and ``qpos``; a goal event, given the world's stream, layout and
    owed draws before the step and the positions the step judged, draws the same layout the
    world's own goal event drew."""
    env_id, n, seed = "SafetyPointMultiGoal1-v0", 3, 4
    venv = safety_sim.make_vec(env_id, n, autoreset_mode="Disabled", num_threads=1)
    singles = [gymnasium.make(env_id) for _ in range(n)]
    venv.reset(seed=seed)
    for i, env in enumerate(singles):
        env.reset(seed=seed + i)
    template, worlds = venv.unwrapped._single.world, venv.worlds
    episodes = MultiGoalEpisodes(template, n)
    rows, qpos = episodes.reset(np.arange(n), [seed + i for i in range(n)])
    for field, values in rows.items():
        assert np.array_equal(values, worlds.rows[field]), field
    assert np.array_equal(qpos, worlds.sim.bind("qpos"))
    goals = [g for _, g in template.bodies]
    oracles = [safety_sim.oracle(env) for env in singles]
    events = 0
    for _ in range(300):
        before = [(copy.deepcopy(w._stream), w._owed, dict(w.layout)) for w in worlds.worlds]
        judged_goals = worlds.xpos[:, goals].copy()
        act = oracle_actions(oracles)
        _, _, term, trunc, info = venv.step(act)
        for i, env in enumerate(singles):
            env.step({a: act[a][i] for a in AGENTS})
        met = info["agent_0"].get("goal_met", np.zeros(n, dtype=bool))
        for i in np.flatnonzero(met):
            seen = worlds.xpos[i].copy()
            seen[goals] = judged_goals[i]
            episodes.streams[i], owed, episodes.layouts[i] = before[i]
            episodes.owed[i] = owed + 1                       # the step's own draw
            hit = [bool(np.hypot(*(seen[b, :2] - seen[g, :2])) <= 0.3)
                   for b, g in template.bodies]
            moved, ended = episodes.goal_events(np.array([i]), seen[None], np.array([hit]))
            assert not ended and episodes.layouts[i] == worlds.worlds[i].layout
            assert moved and all(hit[template.goal_ids.index(g)] for _, g, _ in moved)
            events += 1
        if (term["agent_0"] | trunc["agent_0"]).any():
            break
    venv.close()
    assert events >= 2
