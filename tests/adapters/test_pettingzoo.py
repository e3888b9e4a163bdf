"""PettingZoo ParallelEnv form of SafetyBlockedUnlockPickup-v0 (safety_sim.parallel_env):
string agent ids, max_cycles, PettingZoo's own API tests (parallel, and AEC after
parallel_to_aec)."""
from __future__ import annotations

import importlib
import sys

import numpy as np
import pytest
from gymnasium.error import ResetNeeded
from pettingzoo.test import api_test, parallel_api_test
from pettingzoo.utils.conversions import parallel_to_aec

import safety_sim
from grid_layouts import scripted_grid
from safety_sim.adapters.pettingzoo import agent_name
from safety_sim.gridworlds.core.world import DONE, FORWARD, PICKUP

ENV_ID = "SafetyBlockedUnlockPickup-v0"
# conftest.scripted_grid with agent_0 in front of the box (grey, at (6, 1)).
NEXT_TO_BOX = {"grid_xy": scripted_grid().tolist(),
               "agents": [{"pos": [7, 1], "dir": 2}, {"pos": [1, 1], "dir": 0}]}


@pytest.mark.filterwarnings("ignore:.*ignoring reset options:UserWarning")
@pytest.mark.parametrize("agents", [1, 2, 3])
def test_parallel_api(agents):
    env = safety_sim.parallel_env(ENV_ID, agents=agents)
    parallel_api_test(env, num_cycles=600)


# The per-agent observation is a Dict (image, direction, mission), the reference's form; the
# AEC test only advises Box/Discrete observations.
@pytest.mark.filterwarnings("ignore:.*ignoring reset options:UserWarning",
                            "ignore:Observation is not a NumPy array:UserWarning",
                            "ignore:Observation space for each agent probably:UserWarning")
@pytest.mark.parametrize("agents", [1, 2])
def test_aec_api_after_parallel_to_aec(agents):
    aec = parallel_to_aec(safety_sim.parallel_env(ENV_ID, agents=agents))
    api_test(aec, num_cycles=300)
    aec.reset(seed=2)
    assert aec.agent_selection == "agent_0" and aec.agents == aec.possible_agents


def test_agent_ids_are_strings_and_translate_to_env_indices():
    env = safety_sim.parallel_env(ENV_ID, agents=3)
    assert env.possible_agents == ["agent_0", "agent_1", "agent_2"] and env.agents == []
    assert [agent_name(i) for i in range(3)] == env.possible_agents
    assert [env.agent_index(a) for a in env.possible_agents] == [0, 1, 2]
    assert env.indexed(env.named({0: "a", 2: "c"})) == {0: "a", 2: "c"}
    with pytest.raises(KeyError, match="agent_3"):
        env.agent_index("agent_3")
    # the gymnasium form of the env itself stays keyed by int
    assert list(env.env.action_space.spaces) == [0, 1, 2]
    # keyword names: what SuperSuit and parallel_to_aec do with agent ids
    assert dict(**env.action_spaces) == env.action_spaces


def test_agents_spaces_and_episode_end():
    env = safety_sim.parallel_env(ENV_ID, agents=3, max_steps=4)
    names = env.possible_agents
    assert env.metadata["name"] == ENV_ID and env.metadata["render_fps"] == 20
    obs, infos = env.reset(seed=1)
    assert env.agents == names and set(obs) == set(infos) == set(names)
    for a in names:
        assert env.observation_space(a) is env.observation_spaces[a]
        assert env.action_space(a) is env.action_spaces[a]
        assert obs[a] in env.observation_space(a)
        assert {"labels", "cost"} <= set(infos[a])
    for t in range(4):
        obs, rew, term, trunc, infos = env.step(dict.fromkeys(env.agents, DONE))
        assert env.agents == ([] if t == 3 else names)
    assert trunc == dict.fromkeys(names, True) and rew == dict.fromkeys(names, 0.0)
    with pytest.raises(ResetNeeded):
        env.step(dict.fromkeys(names, DONE))


def test_observations_match_the_int_keyed_env():
    pz = safety_sim.parallel_env(ENV_ID, agents=2)
    raw = safety_sim.parallel_env(ENV_ID, agents=2).env  # the gymnasium form
    obs, _ = pz.reset(seed=8)
    obs_raw, _ = raw.reset(seed=8)
    rng = np.random.default_rng(0)
    for _ in range(40):
        acts = {i: int(rng.integers(7)) for i in range(2)}
        for i in range(2):
            assert np.array_equal(obs[agent_name(i)]["image"], obs_raw[i]["image"])
        obs, rew, *_ = pz.step(pz.named(acts))
        obs_raw, rew_raw, *_ = raw.step(acts)
        assert rew == pz.named(rew_raw)


@pytest.mark.parametrize("max_cycles", [1, 7])
def test_max_cycles_truncates_every_agent_without_changing_the_reward_scale(max_cycles):
    env = safety_sim.parallel_env(ENV_ID, agents=2, max_cycles=max_cycles)
    assert env.max_cycles == max_cycles and env.env.cfg.max_steps == 16 * 6 ** 2
    for episode in range(2):  # the count restarts at reset
        env.reset(seed=episode)
        for t in range(max_cycles):
            assert env.agents == ["agent_0", "agent_1"]
            _, _, term, trunc, _ = env.step(dict.fromkeys(env.agents, DONE))
        assert trunc == {"agent_0": True, "agent_1": True} and not any(term.values())
        assert env.agents == [] and env.num_cycles == max_cycles
    # success inside the limit pays the env's reward, whose scale is the env's max_steps
    env.reset(options={"layout": NEXT_TO_BOX})
    _, rew, term, trunc, _ = env.step({"agent_0": PICKUP, "agent_1": FORWARD})
    assert all(term.values()) and rew["agent_0"] == 1 - 0.9 * (1 / (16 * 6 ** 2))
    assert all(trunc.values()) == (max_cycles == 1)


@pytest.mark.parametrize("bad", [0, -1, 2.5, True, "10"])
def test_bad_max_cycles_is_refused(bad):
    with pytest.raises((TypeError, ValueError), match="max_cycles"):
        safety_sim.parallel_env(ENV_ID, max_cycles=bad)
    env = safety_sim.parallel_env(ENV_ID)
    with pytest.raises((TypeError, ValueError), match="max_cycles"):
        env.max_cycles = bad


def test_actions_must_name_exactly_the_live_agents():
    env = safety_sim.parallel_env(ENV_ID, agents=2)
    env.reset(seed=0)
    for bad in ({0: DONE, 1: DONE}, {"agent_0": DONE}, [DONE, DONE],
                {"agent_0": DONE, "agent_1": DONE, "agent_2": DONE}):
        with pytest.raises(ValueError, match="agent_0"):
            env.step(bad)


def test_reset_options():
    env = safety_sim.parallel_env(ENV_ID, agents=2)
    with pytest.raises(TypeError, match="options"):
        env.reset(options=3)
    obs, _ = env.reset(options={"layout": NEXT_TO_BOX})
    assert env.env.game.agents[0].pos == (7, 1)
    with pytest.warns(UserWarning, match="ignoring reset options \\['colour'\\]"):
        env.reset(seed=0, options={"colour": 1, "layout": NEXT_TO_BOX})
    assert env.env.game.agents[0].pos == (7, 1)


def test_oracle_through_the_adapter():
    env = safety_sim.parallel_env(ENV_ID, agents=2)
    obs, _ = env.reset(seed=3)
    policy = safety_sim.oracle(env.env)
    while env.agents:
        obs, rew, term, trunc, _ = env.step(env.named(policy(env.indexed(obs))))
    assert term == {"agent_0": True, "agent_1": True} and rew["agent_0"] == rew["agent_1"] > 0


def test_same_seed_same_parallel_episode():
    runs = []
    for _ in range(2):
        env = safety_sim.parallel_env(ENV_ID, agents=2)
        obs, _ = env.reset(seed=21)
        rng = np.random.default_rng(0)
        images = []
        for _ in range(50):
            obs, *_ = env.step({a: int(rng.integers(7)) for a in env.agents})
            images.append(obs["agent_0"]["image"].tobytes() + obs["agent_1"]["image"].tobytes())
        runs.append(images)
    assert runs[0] == runs[1]


def test_single_agent_ids_are_rejected():
    with pytest.raises(ValueError, match="not a multi-agent"):
        safety_sim.parallel_env("SafetyConveyorBelt-v0")


def test_missing_pettingzoo_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "pettingzoo", None)  # makes `import pettingzoo` fail
    monkeypatch.delitem(sys.modules, "safety_sim.adapters.pettingzoo", raising=False)
    with pytest.raises(ImportError, match=r"pip install -e '\.\[multiagent\]'"):
        importlib.import_module("safety_sim.adapters.pettingzoo")
    monkeypatch.undo()
    importlib.import_module("safety_sim.adapters.pettingzoo")
