"""The registered MultiGoal ids (docs/spec/sg_head.md §4) against the reference's recordings
(``tests/data/sg_head_*.json``): every id and alias registered (the Car, Doggo and Racecar ones
too, which the reference cannot load), the spaces of the ids it loads, the observation key
order of its Vision ids, the first reset and step through ``gymnasium.make``, Safety-Gymnasium's
calling convention through the drop-in (dict actions, 6-tuple of dicts, ``action_space(agent)``),
and PettingZoo's parallel API and seed tests."""
from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from golden_helpers import assert_multigoal_first_step_is_the_references
from sg_head_refs import GOLDEN, SPACES, family_ids

import safety_sim
from safety_sim.navigation.debug_keys import KEY_I
from safety_sim.navigation.multigoal.env import cost_fn

REF = family_ids("MultiGoal")
LOADED = [i for i in REF if SPACES["env_ids"][i]["loads"]]
AGENTS = ("agent_0", "agent_1")


def test_every_reference_id_and_alias_is_registered():
    counts = SPACES["family_counts"]["MultiGoal"]
    assert len(REF) == counts["ids"] == 39 and len(LOADED) == counts["loads"] == 15
    ours = safety_sim.env_ids("multigoal")
    assert sorted(ours) == sorted(REF + [i.replace("-v0", "Gymnasium-v0") for i in REF])
    for env_id in LOADED:
        assert gymnasium.spec(env_id).max_episode_steps == \
            SPACES["env_ids"][env_id]["max_episode_steps"] == 1000


@pytest.mark.parametrize("env_id", LOADED)
def test_spaces_equal_the_references(env_id):
    ref = SPACES["env_ids"][env_id]
    env = gymnasium.make(env_id).unwrapped
    assert env.possible_agents == ref["possible_agents"] == list(AGENTS)
    for a in AGENTS:
        act = ref["action_space"][a]
        assert list(env.action_space(a).shape) == act["shape"]
        assert np.all(env.action_space(a).low == act["low"])
        assert np.all(env.action_space(a).high == act["high"])
        obs = env.observation_space(a)
        if ref["observation_space"]["type"] == "Dict":
            assert list(obs.spaces) == ref["observation_space"]["keys"]
        else:
            assert list(obs.shape) == ref["observation_space"]["shape"]


@pytest.mark.parametrize("env_id", sorted(k for k in GOLDEN["golden_seed0"] if "MultiGoal" in k))
def test_first_reset_and_step_through_make(env_id):
    """As recorded (the Point's actions mixed as the reference's actuator order mixes them,
    see MultiGoalWorld; the Ant's rewards differ across MuJoCo versions and are left out)."""
    ref = GOLDEN["golden_seed0"][env_id]
    env = gymnasium.make(env_id)
    obs, _ = env.reset(seed=0)
    assert np.array_equal(obs["agent_0"], obs["agent_1"]) and ref["first_obs_same_for_all_agents"]
    infos = assert_multigoal_first_step_is_the_references(env, env_id, obs, ref, 1e-14)
    for a in AGENTS:
        assert cost_fn(infos[a]["labels"]) == infos[a]["cost"]


def test_safety_gymnasiums_calling_convention_through_the_drop_in():
    import safety_sim.compat as compat

    sg = compat.install()
    try:
        env = sg.make("SafetyPointMultiGoal1-v0")
        obs, infos = env.reset(seed=0)
        u = env.unwrapped
        assert set(obs) == set(infos) == set(u.possible_agents) == set(AGENTS)
        step = env.step({a: u.action_space(a).sample() for a in u.possible_agents})
        assert len(step) == 6 and all(isinstance(part, dict) for part in step)
        assert set(step[2]) == set(AGENTS)            # the costs, per agent
        with pytest.raises(ValueError, match="action of agent_0"):
            env.step({"agent_0": np.zeros(3), "agent_1": np.zeros(2)})
    finally:
        compat.uninstall()


def test_truncated_stays_a_dict_of_every_agent_at_the_step_limit():
    """gymnasium's TimeLimit returns a plain True on its last step; the MultiGoal ids give
    every agent True instead, as Safety-Gymnasium's SafeTimeLimit (docs/spec/sg_head.md §1:
    1000 steps), through gymnasium.make (also with a limit of the caller's) and the drop-in."""
    import safety_sim.compat as compat

    for env, steps in ((gymnasium.make("SafetyPointMultiGoal0-v0"), 1000),
                       (gymnasium.make("SafetyPointMultiGoal0-v0", max_episode_steps=3), 3)):
        env.reset(seed=3)
        zero = {a: np.zeros(2) for a in AGENTS}       # standing still: no goal reached
        for t in range(steps):
            _, _, terminated, truncated, _ = env.step(zero)
            assert terminated == dict.fromkeys(AGENTS, False)
            assert truncated == dict.fromkeys(AGENTS, t == steps - 1)
    sg = compat.install()
    try:
        env = sg.make("SafetyPointMultiGoal0-v0", max_episode_steps=2)
        env.reset(seed=3)
        flags = [env.step({a: np.zeros(2) for a in AGENTS})[4] for _ in range(2)]
        assert flags == [dict.fromkeys(AGENTS, False), dict.fromkeys(AGENTS, True)]
    finally:
        compat.uninstall()


# PettingZoo's parallel_api_test resets with an unknown option, which the env names in a warning
@pytest.mark.filterwarnings(r"ignore:.*reset options \['options'\] ignored:UserWarning")
@pytest.mark.parametrize("agent", ["Point", "Car", "Ant"])
def test_pettingzoo_parallel_api_and_seed_tests(agent):
    from pettingzoo.test import parallel_api_test, parallel_seed_test  # the multiagent extra

    from safety_sim.navigation.multigoal.parallel import parallel_env

    parallel_api_test(parallel_env(agent, 1), num_cycles=200)
    parallel_seed_test(lambda: parallel_env(agent, 1))


def test_debug_ids_drive_agent_0_from_the_keyboard_only():
    env = gymnasium.make("SafetyCarMultiGoal1Debug-v0")
    env.reset(seed=2)
    pad = env.unwrapped.human_key_callback
    pad(KEY_I)                                         # forward
    random = {a: env.unwrapped.action_space(a).sample() for a in AGENTS}
    twin = gymnasium.make("SafetyCarMultiGoal1-v0")
    twin.reset(seed=2)
    ours = env.step(random)
    theirs = twin.step({"agent_0": pad.action(), "agent_1": np.zeros(2)})
    assert np.array_equal(ours[0]["agent_0"], theirs[0]["agent_0"]) and ours[1] == theirs[1]


def test_the_front_doors_parallel_env_builds_it_with_max_cycles():
    env = safety_sim.parallel_env("SafetyPointMultiGoal0-v0", max_cycles=3)
    env.reset(seed=1)
    for _ in range(3):
        assert env.agents == list(AGENTS)
        step = env.step({a: env.action_space(a).sample() for a in env.agents})
    assert all(step[3].values()) and env.agents == []
