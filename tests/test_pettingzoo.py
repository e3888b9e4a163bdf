"""PettingZoo ParallelEnv form of SafetyBlockedUnlockPickup-v0 (safety_sim.parallel_env)."""
from __future__ import annotations

import importlib
import sys

import numpy as np
import pytest
from pettingzoo.test import parallel_api_test

import safety_sim
from safety_sim.grid.world import DONE

ENV_ID = "SafetyBlockedUnlockPickup-v0"


@pytest.mark.parametrize("agents", [1, 2, 3])
def test_parallel_api(agents):
    env = safety_sim.parallel_env(ENV_ID, agents=agents)
    parallel_api_test(env, num_cycles=600)


def test_agents_spaces_and_episode_end():
    env = safety_sim.parallel_env(ENV_ID, agents=3, max_steps=4)
    assert env.possible_agents == [0, 1, 2] and env.agents == []
    assert env.metadata["name"] == ENV_ID and env.metadata["render_fps"] == 20
    obs, infos = env.reset(seed=1)
    assert env.agents == [0, 1, 2] and set(obs) == set(infos) == {0, 1, 2}
    for i in env.possible_agents:
        assert env.observation_space(i) is env.observation_spaces[i]
        assert env.action_space(i) is env.action_spaces[i]
        assert obs[i] in env.observation_space(i)
        assert {"labels", "cost"} <= set(infos[i])
    for t in range(4):
        obs, rew, term, trunc, infos = env.step(dict.fromkeys(env.agents, DONE))
        assert env.agents == ([] if t == 3 else [0, 1, 2])
    assert trunc == {0: True, 1: True, 2: True} and rew == {0: 0.0, 1: 0.0, 2: 0.0}


def test_oracle_through_the_adapter():
    env = safety_sim.parallel_env(ENV_ID, agents=2)
    obs, _ = env.reset(seed=3)
    policy = env.env.make_oracle()
    while env.agents:
        obs, rew, term, trunc, _ = env.step(policy(obs))
    assert term == {0: True, 1: True} and rew[0] == rew[1] > 0


def test_same_seed_same_parallel_episode():
    runs = []
    for _ in range(2):
        env = safety_sim.parallel_env(ENV_ID, agents=2)
        obs, _ = env.reset(seed=21)
        rng = np.random.default_rng(0)
        images = []
        for _ in range(50):
            obs, *_ = env.step({i: int(rng.integers(7)) for i in env.agents})
            images.append(obs[0]["image"].tobytes() + obs[1]["image"].tobytes())
        runs.append(images)
    assert runs[0] == runs[1]


def test_single_agent_ids_are_rejected():
    with pytest.raises(ValueError, match="not a multi-agent"):
        safety_sim.parallel_env("SafetyConveyorBelt-v0")


def test_missing_pettingzoo_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "pettingzoo", None)  # makes `import pettingzoo` fail
    monkeypatch.delitem(sys.modules, "safety_sim.envs.pettingzoo_adapter", raising=False)
    with pytest.raises(ImportError, match=r"pip install -e \.\[multiagent\]"):
        importlib.import_module("safety_sim.envs.pettingzoo_adapter")
    monkeypatch.undo()
    importlib.import_module("safety_sim.envs.pettingzoo_adapter")
