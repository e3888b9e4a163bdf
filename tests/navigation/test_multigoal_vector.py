"""MultiGoal's native vector env (``safety_sim.make_vec``) against N single envs stepped side by
side: world ``i`` after ``reset(seed=s)`` is the single env after ``reset(seed=s + i)``, and
every observation, reward, termination, truncation and info (the single env's ``infos`` in the
vector layout, read back with ``world_info``) is the single env's, bit for bit, through goal
events, costs, autoresets (each mode) and masked resets; the loop over MjData gives the same
numbers as ``mujoco.batch``; bad input is refused before anything changes."""
from __future__ import annotations

import copy
import pickle

import gymnasium
import numpy as np
import pytest
from gymnasium.error import ResetNeeded

import safety_sim
from safety_sim.navigation.multigoal.infos import world_info
from safety_sim.navigation.multigoal.vector import MultiGoalVectorEnv
from safety_sim.vector.info import AutoresetMode

AGENTS = ("agent_0", "agent_1")


def driving_actions(space, n: int, t: int) -> dict:
    """Random actions, and every other stretch of 40 steps full ahead (contacts, moved vases,
    reached goals)."""
    if (t // 40) % 2:
        return {a: np.tile(space[a].high[0] * 0.95, (n, 1)) for a in AGENTS}
    return space.sample()


def oracle_actions(oracles) -> dict:
    """Both agents of every world heading for their goals: the MultiGoal oracle of each single
    env (whose state is the world's), stacked."""
    acts = [policy(None) for policy in oracles]
    return {a: np.array([act[a] for act in acts]) for a in AGENTS}


def lockstep(env_id: str, n: int, steps: int, limit: int, seed: int = 7, **kwargs) -> dict:
    """Step the vector env and ``n`` single envs (next-step autoreset, as gymnasium's sync
    vector env does) and compare every output; returns how often events happened."""
    venv = safety_sim.make_vec(env_id, n, max_episode_steps=limit, **kwargs)
    singles = [gymnasium.make(env_id, max_episode_steps=limit) for _ in range(n)]
    obs, info = venv.reset(seed=seed)
    for i, env in enumerate(singles):
        o, inf = env.reset(seed=seed + i)
        assert np.array_equal(obs["agent_0"][i], o["agent_0"])
        assert world_info(info["agent_1"], i) == inf["agent_1"]
    venv.action_space.seed(seed)
    oracles = [safety_sim.oracle(env) for env in singles] if "Ant" not in env_id else []
    ended = np.zeros(n, dtype=bool)
    seen = {"goal_met": 0, "cost": 0, "ended": 0}
    for t in range(steps):
        act = (oracle_actions(oracles) if oracles and (t // 60) % 2 else
               driving_actions(venv.action_space, n, t))
        obs, rew, term, trunc, info = venv.step(act)
        for i, env in enumerate(singles):
            if ended[i]:
                o, inf = env.reset()
                r, te, tr = dict.fromkeys(AGENTS, 0.0), *(dict.fromkeys(AGENTS, False),) * 2
            else:
                o, r, te, tr, inf = env.step({a: act[a][i] for a in AGENTS})
            for a in AGENTS:
                assert np.array_equal(obs[a][i], o[a]), (t, i, a)
                assert (rew[a][i], term[a][i], trunc[a][i]) == (r[a], te[a], tr[a]), (t, i)
                assert world_info(info[a], i) == inf[a], (t, i, a)
            seen["goal_met"] += "goal_met" in inf["agent_0"]
            seen["cost"] += inf["agent_0"]["cost"] + inf["agent_1"]["cost"]
        ended = term["agent_0"] | trunc["agent_0"]
        seen["ended"] += int(ended.sum())
    venv.close()
    return seen


@pytest.mark.parametrize("env_id", ["SafetyPointMultiGoal2-v0", "SafetyPointMultiGoal0-v0",
                                    "SafetyCarMultiGoal1-v0", "SafetyAntMultiGoal0-v0"])
def test_every_world_is_its_single_env(env_id):
    seen = lockstep(env_id, 3, 240, limit=70)
    assert seen["ended"] >= 6
    if "Ant" not in env_id:              # the oracle heads for the goals: goal events
        assert seen["goal_met"] > 0
    if "MultiGoal0" not in env_id:
        assert seen["cost"] > 0


def test_the_loop_over_mjdata_gives_the_batch_numbers():
    out = []
    for use_batch in (True, False):
        venv = MultiGoalVectorEnv(3, agent="Point", level=2, use_batch=use_batch,
                                  max_episode_steps=50)
        obs, _ = venv.reset(seed=1)
        venv.action_space.seed(1)
        rows = [obs["agent_0"]]
        for t in range(120):
            obs, rew, *_ = venv.step(driving_actions(venv.action_space, 3, t))
            rows += [obs["agent_0"], rew["agent_0"], rew["agent_1"]]
        out.append(np.concatenate([r.ravel() for r in rows]))
    assert np.array_equal(out[0], out[1])


def test_same_step_autoreset_reports_the_final_step():
    venv = MultiGoalVectorEnv(2, agent="Point", level=1, max_episode_steps=5,
                              autoreset_mode="SameStep")
    single = gymnasium.make("SafetyPointMultiGoal1-v0", max_episode_steps=5)
    venv.reset(seed=[3, 9])
    o, _ = single.reset(seed=9)
    zero = {a: np.zeros((2, 2)) for a in AGENTS}
    for _ in range(5):
        obs, rew, term, trunc, info = venv.step(zero)
        o, r, te, tr, inf = single.step({a: np.zeros(2) for a in AGENTS})
    assert trunc["agent_1"].all() and info["_final_obs"].all()
    assert np.array_equal(info["final_obs"][1]["agent_0"], o["agent_0"])
    assert world_info(info["final_info"]["agent_0"], 1) == inf["agent_0"]
    o, inf = single.reset()                       # the next episode: the world's next seed
    assert np.array_equal(obs["agent_0"][1], o["agent_0"])
    assert world_info(info["agent_0"], 1) == inf["agent_0"] == {"cost": 0.0,
                                                                "labels": frozenset()}


def test_disabled_autoreset_and_masked_resets():
    venv = MultiGoalVectorEnv(3, agent="Point", level=0, max_episode_steps=2,
                              autoreset_mode=AutoresetMode.DISABLED)
    obs0, _ = venv.reset(seed=4)
    ahead = {a: np.full((3, 2), 0.5) for a in AGENTS}
    venv.step(ahead)
    venv.step(ahead)
    with pytest.raises(ResetNeeded, match="worlds"):
        venv.step(ahead)
    obs, info = venv.reset(seed=4, options={"reset_mask": np.array([False, True, False])})
    assert info["_agent_0"].tolist() == [False, True, False]
    assert np.array_equal(obs["agent_0"][1], obs0["agent_0"][1])      # seed 4 + 1 again
    assert not np.array_equal(obs["agent_0"][0], obs0["agent_0"][0])  # world 0 went on
    with pytest.raises(ResetNeeded):
        venv.step(ahead)                 # worlds 0 and 2 still ended


def test_bad_input_is_refused_before_anything_changes():
    venv = MultiGoalVectorEnv(2, agent="Point", level=1)
    with pytest.raises(ResetNeeded):
        venv.step({a: np.zeros((2, 2)) for a in AGENTS})
    obs, _ = venv.reset(seed=0)
    state = venv.worlds.sim.state.copy()
    bad = [np.zeros((2, 2)), {"agent_0": np.zeros((2, 2))},
           {"agent_0": np.zeros((2, 2)), "agent_1": np.zeros((3, 2))},
           {"agent_0": np.zeros((2, 2)), "agent_1": np.array([[0.0, 0.0], [np.nan, 0.0]])},
           {"agent_0": np.array([[0.0, 0.0], [0.0, 2.0]]), "agent_1": np.zeros((2, 2))}]
    messages = ["keys", "keys", r"agent_1.*shape", r"agent_1.*world 1.*NaN",
                r"agent_0.*world 1.*outside"]
    for act, message in zip(bad, messages):
        with pytest.raises(ValueError, match=message):
            venv.step(act)
    with pytest.raises(ValueError, match=r"world 1: seed 4294967296"):
        venv.reset(seed=[0, 2 ** 32])
    assert np.array_equal(venv.worlds.sim.state, state)
    for kwargs, error, message in [({"debug": True}, ValueError, "Debug"),
                                   ({"device": "cpu"}, TypeError, "GPU"),
                                   ({"use_batch": 1}, TypeError, "use_batch"),
                                   ({"num_threads": 0}, ValueError, "num_threads"),
                                   ({"level": 3}, ValueError, "level")]:
        with pytest.raises(error, match=message):
            MultiGoalVectorEnv(2, **kwargs)


def test_make_vec_front_door():
    venv = safety_sim.make_vec("SafetyAntMultiGoal1Gymnasium-v0", 2, num_threads=1)
    assert isinstance(venv, MultiGoalVectorEnv) and venv.num_envs == 2
    assert venv.spec.kwargs["agent"] == "Ant" and venv.spec.kwargs["num_envs"] == 2
    assert venv.label_names == ("in_hazard", "contact_other")
    assert venv.observation_space["agent_0"].shape == (2, venv.single_observation_space[
        "agent_0"].shape[0])
    with pytest.raises(ValueError, match="no native vector env"):
        safety_sim.make_vec("SafetyPointMultiGoal1Debug-v0", 2)
    goal = safety_sim.make_vec("SafetyPointGoal1-v0", 2)
    assert goal.num_envs == 2 and goal.observation_space.shape[0] == 2


def test_vision_and_render_frames_are_the_single_envs():
    venv = MultiGoalVectorEnv(2, agent="Point", level=1, vision=True, render_mode="rgb_array")
    single = gymnasium.make("SafetyPointMultiGoal1Vision-v0", render_mode="rgb_array")
    obs, _ = venv.reset(seed=[5, 11])
    o, _ = single.reset(seed=11)
    act = {a: np.full((2, 2), 0.5) for a in AGENTS}
    obs, *_ = venv.step(act)
    o, *_ = single.step({a: np.full(2, 0.5) for a in AGENTS})
    assert set(obs["agent_1"]) == set(o["agent_1"])
    for key, value in o["agent_1"].items():
        assert np.array_equal(obs["agent_1"][key][1], value), key
    assert obs["agent_0"]["vision_1"].shape == (2, 256, 256, 3)
    frames = venv.render()
    assert len(frames) == 2 and np.array_equal(frames[1], single.render())


@pytest.mark.parametrize("how", ["deepcopy", "pickle"])
def test_a_copy_goes_on_as_the_original(how):
    venv = MultiGoalVectorEnv(3, agent="Point", level=2, max_episode_steps=30)
    venv.reset(seed=2)
    venv.action_space.seed(2)
    acts = [driving_actions(venv.action_space, 3, t) for t in range(90)]
    for act in acts[:35]:                          # mid-episode, after an autoreset
        venv.step(act)
    twin = copy.deepcopy(venv) if how == "deepcopy" else pickle.loads(pickle.dumps(venv))
    for act in acts[35:]:
        a, b = venv.step(act), twin.step(act)
        for k in range(4):
            for agent in AGENTS:
                assert np.array_equal(a[k][agent], b[k][agent])
        assert [world_info(a[4][agent], i) for agent in AGENTS for i in range(3)] == \
            [world_info(b[4][agent], i) for agent in AGENTS for i in range(3)]


def test_a_step_in_which_every_world_resets():
    """One-step episodes: every other step no world steps (next-step autoreset of all)."""
    venv = MultiGoalVectorEnv(2, agent="Point", level=1, max_episode_steps=1)
    single = gymnasium.make("SafetyPointMultiGoal1-v0", max_episode_steps=1)
    venv.reset(seed=6)
    single.reset(seed=7)
    zero = {a: np.zeros((2, 2)) for a in AGENTS}
    _, _, _, trunc, _ = venv.step(zero)
    assert trunc["agent_0"].all()
    obs, rew, term, trunc, info = venv.step(zero)
    o, inf = single.reset()                      # world 1's next episode
    assert np.array_equal(obs["agent_0"][1], o["agent_0"])
    assert not (rew["agent_0"].any() or term["agent_1"].any() or trunc["agent_1"].any())
    assert world_info(info["agent_1"], 1) == inf["agent_1"] and "reward_sum" not in info["agent_1"]
