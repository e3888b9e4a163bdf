"""A make_ma env pickled or deep-copied mid-episode continues exactly as the original."""
from __future__ import annotations

import copy
import pickle

import numpy as np
import pytest

from ma_helpers import make, random_actions

NAMES = ["Ant:2x4", "HalfCheetah:6x1", "Humanoid:9|8", "Swimmer:2x1", "Walker2d:2x3",
         "Ant:None"]


def _continue(env, rng, steps):
    trace = []
    for _ in range(steps):
        obs, rew, cost, term, trunc, infos = env.step(random_actions(env, rng))
        trace.append((np.concatenate(list(obs.values())), rew["agent_0"], cost["agent_0"],
                      term["agent_0"], trunc["agent_0"], infos["agent_0"]["labels"]))
        if term["agent_0"] or trunc["agent_0"]:
            break
    return trace


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("how", ["pickle", "deepcopy"])
def test_copy_mid_episode_continues_identically(name, how):
    env = make(name, max_episode_steps=12)
    env.reset(seed=5)
    _continue(env, np.random.default_rng(1), 4)
    clone = pickle.loads(pickle.dumps(env)) if how == "pickle" else copy.deepcopy(env)
    assert clone.possible_agents == env.possible_agents and clone.agents == env.agents
    np.testing.assert_array_equal(clone.state(), env.state())
    ours = _continue(env, np.random.default_rng(2), 20)
    theirs = _continue(clone, np.random.default_rng(2), 20)
    assert len(ours) == len(theirs) > 0
    for a, b in zip(ours, theirs):
        np.testing.assert_array_equal(a[0], b[0])
        assert a[1:] == b[1:]
    assert ours[-1][4] or ours[-1][3]            # the time limit (12) came along
    # the seed stream came along too: unseeded resets agree
    np.testing.assert_array_equal(env.reset()[0]["agent_0"], clone.reset()[0]["agent_0"])


def test_copies_are_independent_and_keep_node_identity():
    env = make("Walker2d:2x3")
    env.reset(seed=0)
    clone = copy.deepcopy(env)
    clone.step({a: np.ones(3) for a in clone.possible_agents})
    assert env.single_agent_env.data.time == 0.0 < clone.single_agent_env.data.time
    # a node shared by two structures stays one object in the copy
    part = clone.agent_action_partitions[0]
    assert clone.k_dicts[0][0][0] is part[0]      # foot_joint, sorted first
