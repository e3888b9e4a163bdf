"""safety_sim.wrappers.TeamReward, and vector envs that really step the gridworlds:
BlockedUnlockPickup (through TeamReward) and SynthSeq (as it is), sync and async, compared
step by step with single envs run under the same seeds (with next-step autoreset)."""
from __future__ import annotations

import functools
import pickle

import gymnasium
import numpy as np
import pytest

import safety_sim
from grid_layouts import scripted_grid
from safety_sim.gridworlds.blocked_unlock_pickup.env import BlockedUnlockPickupEnv
from safety_sim.gridworlds.core.world import DONE, PICKUP, TOGGLE
from safety_sim.wrappers import TeamReward

BUP = "SafetyBlockedUnlockPickup-v0"
SYNTH = "SafetySynthSeq-v0"
# gymnasium's passive checker (inside gymnasium.make) warns once that the unwrapped BUP step
# returns per-agent dicts; that is the form TeamReward exists for.
pytestmark = pytest.mark.filterwarnings(
    "ignore:.*(Expects `terminated`|Expects `truncated`|reward returned by `step\\(\\)`)"
    ":UserWarning")
# async: gymnasium's default shared memory (the missions travel through it, see
# safety_sim.gridworlds.core.mission_space), pipes only, and shared memory handed out without
# copies.
# async workers start with forkserver, as the README advises (a fork of this multi-threaded
# test process is what Python 3.12+ warns about)
_FS = {"context": "forkserver"}
MODES = [("sync", {}), ("async", _FS), ("async", {**_FS, "shared_memory": False}),
         ("async", {**_FS, "copy": False})]

# conftest.scripted_grid (locked red door (5, 4), red ball (4, 4), red key (4, 3), grey box
# (6, 1)); agent 0 stands at (7, 1) facing the box (dir 2), agent 1 in room A.
NEXT_TO_BOX = {"grid_xy": scripted_grid().tolist(),
               "agents": [{"pos": [7, 1], "dir": 2}, {"pos": [1, 1], "dir": 0}]}


# -- TeamReward on its own --------------------------------------------------------------------
@pytest.mark.parametrize("reduce,joint", [("sum", True), ("mean", True), ("sum", False),
                                          ("mean", False)])
def test_success_reward_is_reduced_over_agents(reduce, joint):
    env = TeamReward(BlockedUnlockPickupEnv(agents=2, joint_reward=joint), reduce=reduce)
    obs, info = env.reset(options={"layout": NEXT_TO_BOX})
    assert info["cost"] == 0.0 and info["labels"] == frozenset()
    assert set(info["agents"]) == {0, 1} and obs[0]["image"].shape == (7, 7, 3)
    obs, reward, term, trunc, info = env.step({0: PICKUP, 1: DONE})
    r = 1 - 0.9 * (1 / 576)
    per_agent = [r, r] if joint else [r, 0.0]
    expected = sum(per_agent) / (2 if reduce == "mean" else 1)
    assert reward == pytest.approx(expected) and type(reward) is float
    assert term is True and trunc is False
    assert info["labels"] == {"box_held"} and info["agents"][1]["labels"] == {"box_held"}


@pytest.mark.parametrize("reduce,factor", [("sum", 2.0), ("mean", 1.0)])
def test_cost_terms_are_reduced_and_labels_joined(reduce, factor):
    env = TeamReward(BlockedUnlockPickupEnv(agents=2), reduce=reduce)
    env.reset(options={"layout": NEXT_TO_BOX})
    _, reward, term, trunc, info = env.step({0: TOGGLE, 1: DONE})  # destroys the box
    per_agent = info["agents"]
    assert per_agent[0]["cost"] == per_agent[1]["cost"] == 1.0
    assert info["cost"] == info["cost_box_destroyed"] == factor
    assert info["labels"] == per_agent[0]["labels"] | per_agent[1]["labels"] == \
        {"box_destroyed"}
    assert reward == 0.0 and not term and not trunc


def test_truncation_ends_the_team_episode_like_the_env():
    env = TeamReward(BlockedUnlockPickupEnv(agents=3, max_steps=4))
    env.reset(seed=0)
    flags = [env.step(dict.fromkeys(range(3), DONE))[2:4] for _ in range(4)]
    assert flags == [(False, False)] * 3 + [(False, True)]
    # Success on the last allowed step: both flags, as the env reports per agent.
    env = TeamReward(BlockedUnlockPickupEnv(agents=2, max_steps=1))
    env.reset(options={"layout": NEXT_TO_BOX})
    _, _, term, trunc, info = env.step({0: PICKUP, 1: DONE})
    assert term and trunc and all(a["labels"] == {"box_held"} for a in info["agents"].values())


class _Mixed(gymnasium.Env):
    """Two agents: agent 0 terminates on the first step, agent 1 is truncated on the second."""
    action_space = gymnasium.spaces.Dict({0: gymnasium.spaces.Discrete(2),
                                          1: gymnasium.spaces.Discrete(2)})
    observation_space = gymnasium.spaces.Discrete(1)

    def reset(self, *, seed=None, options=None):
        self.t = 0
        return 0, {0: {"cost": 0.0}, 1: {"cost": 0.0}}

    def step(self, action):
        self.t += 1
        return (0, {0: 1, 1: 2}, {0: True, 1: False}, {0: False, 1: self.t == 2},
                {0: {"cost": 1.0, "other": 5}, 1: {"cost": 0.5}})


def test_mixed_ends_count_as_truncation_and_missing_labels_are_empty():
    env = TeamReward(_Mixed())
    _, info = env.reset()
    assert info == {"cost": 0.0, "labels": frozenset(),
                    "agents": {0: {"cost": 0.0}, 1: {"cost": 0.0}}}
    assert env.step({0: 0, 1: 0})[1:4] == (3.0, False, False)
    _, reward, term, trunc, info = env.step({0: 0, 1: 0})
    assert (reward, term, trunc, info["cost"]) == (3.0, False, True, 1.5)
    assert info["agents"][0]["other"] == 5 and "other" not in info


def test_bad_use_raises():
    with pytest.raises(ValueError, match="reduce"):
        TeamReward(BlockedUnlockPickupEnv(), reduce="max")
    with pytest.raises(TypeError, match="Dict keyed by agent index"):
        TeamReward(gymnasium.make(SYNTH))


def test_wrapped_env_pickles_and_records_its_arguments():
    env = gymnasium.make(BUP, agents=2)
    wrapped = TeamReward(env, reduce="mean")
    wrapped.reset(seed=3)
    clone = pickle.loads(pickle.dumps(wrapped))
    a = {0: 2, 1: 1}
    x, y = wrapped.step(a), clone.step(a)
    assert x[1:4] == y[1:4] and np.array_equal(x[0][1]["image"], y[0][1]["image"])
    assert wrapped.spec.additional_wrappers[-1].kwargs == {"reduce": "mean"}


# -- vector envs, compared with single envs ---------------------------------------------------
def single_run(make_env, seed, actions):
    """What one sub-env of a next-step-autoreset vector env returns for ``actions``."""
    env = make_env()
    obs, info = env.reset(seed=seed)
    out, done = [], False
    for a in actions:
        if done:  # the step after an episode's end resets it (the action is ignored)
            obs, info = env.reset()
            reward, term, trunc = 0.0, False, False
        else:
            obs, reward, term, trunc, info = env.step(a)
        done = term or trunc
        out.append((obs, reward, term, trunc, info))
    return out


def oracle_actions(make_env, seed):
    """The oracle's actions for the first episode of ``seed``."""
    env = make_env()
    obs, _ = env.reset(seed=seed)
    policy, actions = safety_sim.oracle(env), []
    while True:
        actions.append(policy(obs))
        obs, _, term, trunc, _ = env.step(actions[-1])
        if term or trunc:
            return actions


def _bup_env(agents, max_steps):
    return TeamReward(gymnasium.make(BUP, agents=agents, max_steps=max_steps))


@pytest.mark.parametrize("mode,vector_kwargs", MODES)
@pytest.mark.parametrize("agents", [1, 2])
def test_blocked_unlock_pickup_vector_env_steps_like_single_envs(mode, vector_kwargs, agents):
    max_steps, seeds, n_steps = 40, (5, 6), 100
    make_env = functools.partial(_bup_env, agents, max_steps)
    rng = np.random.default_rng(agents)
    plans = []
    for seed in seeds:  # the oracle's episode (success), then random actions (truncations)
        acts = oracle_actions(make_env, seed)
        acts += [dict(enumerate(rng.integers(0, 7, agents).tolist()))
                 for _ in range(n_steps - len(acts))]
        plans.append(acts)
    expected = [single_run(make_env, s, p) for s, p in zip(seeds, plans)]
    venv = gymnasium.make_vec(BUP, num_envs=2, vectorization_mode=mode,
                              vector_kwargs=vector_kwargs, wrappers=[TeamReward],
                              agents=agents, max_steps=max_steps)
    obs, info = venv.reset(seed=list(seeds))
    assert obs[0]["image"].shape == (2, 7, 7, 3) and list(info["cost"]) == [0.0, 0.0]
    ends = [0, 0]
    for t in range(n_steps):
        action = {i: np.array([plans[k][t][i] for k in range(2)]) for i in range(agents)}
        obs, reward, term, trunc, info = venv.step(action)
        for k in range(2):
            e_obs, e_reward, e_term, e_trunc, e_info = expected[k][t]
            for i in range(agents):
                assert np.array_equal(obs[i]["image"][k], e_obs[i]["image"]), (t, k, i)
                assert obs[i]["direction"][k] == e_obs[i]["direction"]
                assert obs[i]["mission"][k] == e_obs[i]["mission"]
                assert info["agents"][i]["labels"][k] == e_info["agents"][i]["labels"]
            assert (reward[k], term[k], trunc[k]) == (e_reward, e_term, e_trunc), (t, k)
            assert info["cost"][k] == e_info["cost"] and info["labels"][k] == e_info["labels"]
            ends[k] += bool(e_term or e_trunc)
    venv.close()
    # every sub-env finished at least one oracle success and then a truncation
    assert all(any(e[2] for e in run) and any(e[3] for e in run) for run in expected)
    assert min(ends) >= 2


@pytest.mark.parametrize("mode,vector_kwargs", MODES)
def test_synth_seq_vector_env_steps_like_single_envs(mode, vector_kwargs):
    seeds, extra = (1, 2), 30
    make_env = functools.partial(gymnasium.make, SYNTH)
    rng = np.random.default_rng(0)
    plans = [oracle_actions(make_env, s) for s in seeds]
    n_steps = max(map(len, plans)) + extra
    plans = [p + rng.integers(0, 7, n_steps - len(p)).tolist() for p in plans]
    expected = [single_run(make_env, s, p) for s, p in zip(seeds, plans)]
    venv = gymnasium.make_vec(SYNTH, num_envs=2, vectorization_mode=mode,
                              vector_kwargs=vector_kwargs)
    obs, _ = venv.reset(seed=list(seeds))
    for t in range(n_steps):
        obs, reward, term, trunc, info = venv.step(np.array([plans[0][t], plans[1][t]]))
        if vector_kwargs.get("copy", True):  # the form every mode hands out
            assert type(obs["mission"]) is tuple
        for k in range(2):
            e_obs, e_reward, e_term, e_trunc, e_info = expected[k][t]
            assert np.array_equal(obs["image"][k], e_obs["image"]), (t, k)
            assert obs["direction"][k] == e_obs["direction"]
            assert obs["mission"][k] == e_obs["mission"], (t, k)
            assert (reward[k], term[k], trunc[k]) == (e_reward, e_term, e_trunc), (t, k)
            assert info["labels"][k] == e_info["labels"] and info["cost"][k] == e_info["cost"]
    venv.close()
    # both sub-envs solved their first level and went on in a fresh one
    assert all(sum(e[2] for e in run) == 1 for run in expected)
    assert all(run[-1][0]["mission"] != run[0][0]["mission"] for run in expected)
