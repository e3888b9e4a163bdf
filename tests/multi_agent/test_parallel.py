"""The PettingZoo ``ParallelEnv`` form of make_ma: PettingZoo's own parallel API test, the
cost in ``info``, ``max_cycles`` and the end of an episode."""
from __future__ import annotations

import importlib
import sys

import numpy as np
import pytest
from gymnasium.error import ResetNeeded
from pettingzoo.test import parallel_api_test

from safety_sim.multi_agent import CONFIGURATIONS, make_ma_parallel

pytestmark = pytest.mark.filterwarnings("ignore:.*ignoring reset options:UserWarning")


@pytest.mark.parametrize("scenario, conf", CONFIGURATIONS)
def test_pettingzoo_parallel_api_test(scenario, conf):
    env = make_ma_parallel(scenario, conf)
    parallel_api_test(env, num_cycles=300)
    env.close()


def test_cost_labels_and_shared_values_in_info():
    env = make_ma_parallel("Swimmer", "2x1")
    obs, infos = env.reset(seed=0)
    rng = np.random.default_rng(0)
    costs = []
    for _ in range(40):
        actions = {a: rng.uniform(-1, 1, 1) for a in env.agents}
        obs, rew, term, trunc, infos = env.step(actions)
        assert len({id(i) for i in infos.values()}) == 1 and rew["agent_0"] == rew["agent_1"]
        info = infos["agent_0"]
        assert info["cost"] == env.cost_fn(info["labels"])
        assert info["cost"] == (1.0 if info["x_velocity"] > 0.04891 else 0.0)
        costs.append(info["cost"])
    assert 0 < sum(costs) < 40                     # both outcomes seen
    np.testing.assert_array_equal(env.state(), env.env.state())


def test_max_cycles_truncates_and_then_step_is_refused():
    env = make_ma_parallel("HalfCheetah", "2x3", max_cycles=4)
    env.reset(seed=1)
    zero = {a: np.zeros(3) for a in env.possible_agents}
    for _ in range(3):
        assert not any(env.step(zero)[3].values())
    *_, trunc, _ = env.step(zero)
    assert all(trunc.values()) and env.agents == []
    with pytest.raises(ResetNeeded, match="no live agents"):
        env.step(zero)
    env.reset()
    assert env.agents == env.possible_agents and env.num_cycles == 0
    with pytest.raises(ValueError, match="max_cycles"):
        env.max_cycles = 0


def test_spaces_are_the_same_objects_and_options_are_dropped_with_a_warning():
    env = make_ma_parallel("Ant", "4x2")
    for a in env.possible_agents:
        assert env.action_space(a) is env.action_space(a) is env.env.action_space(a)
        assert env.observation_space(a) is env.observation_space(a)
    with pytest.warns(UserWarning, match="ignoring reset options"):
        env.reset(seed=0, options={"options": 1})
    with pytest.raises(TypeError, match="reset options must be a dict"):
        env.reset(options=[1])
    assert env.metadata["name"] == "safety_sim_ma_Ant_4x2"


def test_missing_pettingzoo_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "pettingzoo", None)
    monkeypatch.delitem(sys.modules, "safety_sim.multi_agent.parallel", raising=False)
    with pytest.raises(ImportError, match=r"pip install -e '\.\[multiagent\]'"):
        importlib.import_module("safety_sim.multi_agent.parallel")
