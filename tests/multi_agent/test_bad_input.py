"""make_ma refuses bad input with an exception naming the problem, and a refused step
changes nothing."""
from __future__ import annotations

import numpy as np
import pytest
from gymnasium.error import ResetNeeded

from safety_sim.multi_agent import make_ma
from safety_sim.multi_agent.graphs import Node


@pytest.mark.parametrize("args, kwargs, error, message", [
    (("Pendulum", "2x4"), {}, ValueError, "unknown scenario 'Pendulum'"),
    ((3, "2x4"), {}, TypeError, "scenario must be a str"),
    (("Ant", "3x3"), {}, ValueError, r"unknown agent_conf '3x3' for Ant; one of \['2x4', "),
    (("Ant", 24), {}, TypeError, "agent_conf must be a str or None"),
    (("Ant", "2x4"), {"agent_obsk": -1}, ValueError, "agent_obsk must be an int >= 0"),
    (("Ant", "2x4"), {"agent_obsk": 1.0}, ValueError, "agent_obsk must be an int >= 0"),
    (("Ant", "2x4"), {"local_categories": [["qpos", "speed"], ["qpos"]]}, ValueError,
     r"local_categories\[0\]: unknown observation category 'speed'"),
    (("Ant", "2x4"), {"local_categories": [["qpos"]]}, ValueError,
     "local_categories has 1 depth"),
    (("Ant", "2x4"), {"local_categories": "qpos"}, TypeError, "list of lists"),
    (("Ant", "2x4"), {"global_categories": ("qpos", "mass")}, ValueError,
     "unknown observation category 'mass'"),
    (("Ant", "2x4"), {"ctrl_cost_weight": 0.1}, TypeError,
     r"unknown keyword argument\(s\) \['ctrl_cost_weight'\]"),
    (("Ant", "2x4"), {"max_episode_steps": 0}, ValueError, "max_episode_steps"),
    (("Ant", "2x4"), {"render_mode": "video"}, ValueError, "render_mode 'video'"),
    (("Ant", "2x4"), {"agent_factorization": {"partition": []}}, ValueError,
     "agent_factorization must be a dict with exactly the keys"),
])
def test_bad_construction_is_refused(args, kwargs, error, message):
    with pytest.raises(error, match=message):
        make_ma(*args, **kwargs)


def test_custom_factorization_must_drive_every_actuator_once():
    a, b = Node("a", -2, -2, 0), Node("b", -1, -1, 0)
    fact = {"partition": [(a,), (b,)], "edges": [(a, b)], "globals": []}
    with pytest.raises(ValueError, match=r"actuator 0 is driven twice"):
        make_ma("Swimmer", "2x1", agent_factorization=fact)
    fact = {"partition": [(a,)], "edges": [], "globals": []}
    with pytest.raises(ValueError, match=r"actuator\(s\) \[1\] are driven by no agent"):
        make_ma("Swimmer", "2x1", agent_factorization=fact)


def test_custom_factorization_is_used():
    b = Node("b", -1, -1, 1)
    a = Node("a", -2, -2, 0)
    fact = {"partition": [(b, a)], "edges": [(a, b)], "globals": []}
    env = make_ma("Swimmer", "2x1", agent_factorization=fact)
    obs, _ = env.reset(seed=0)
    d = env.single_agent_env.data
    np.testing.assert_array_equal(obs["agent_0"], [d.qpos[-2], d.qvel[-2], d.qpos[-1],
                                                   d.qvel[-1]])
    env.step({"agent_0": np.array([0.25, -0.5])})
    np.testing.assert_array_equal(d.ctrl, [-0.5, 0.25])


def _state(env):
    d = env.single_agent_env.data
    return d.time, d.qpos.copy(), d.qvel.copy(), env._steps


@pytest.mark.parametrize("actions, error, message", [
    ({"agent_0": np.zeros(4)}, ValueError, r"no action for \['agent_1'\]"),
    ({"agent_0": np.zeros(4), "agent_1": np.zeros(4), "agent_7": np.zeros(4)}, ValueError,
     r"unknown agent\(s\) \['agent_7'\]"),
    ({"agent_0": np.zeros(4), "agent_1": np.zeros(3)}, ValueError,
     r"agent_1: action has shape \(3,\), expected \(4,\)"),
    ({"agent_0": np.zeros(4), "agent_1": np.array([0, np.nan, 0, 0])}, ValueError,
     "agent_1: action contains NaN"),
    ({"agent_0": np.array([0, 0, 1.5, 0]), "agent_1": np.zeros(4)}, ValueError,
     r"agent_0: action\[2\] = 1.5 is outside the action space"),
    ({"agent_0": np.zeros(4, dtype=bool), "agent_1": np.zeros(4)}, ValueError,
     "agent_0: action .* bool"),
    ({"agent_0": [0, 0, True, 0], "agent_1": np.zeros(4)}, ValueError, "holds a bool"),
    ({"agent_0": "fast", "agent_1": np.zeros(4)}, ValueError, "not numeric"),
    ([np.zeros(4), np.zeros(4)], TypeError, "step needs a dict of actions"),
])
def test_bad_actions_are_refused_and_change_nothing(actions, error, message):
    env = make_ma("Ant", "2x4")
    env.reset(seed=0)
    before = _state(env)
    with pytest.raises(error, match=message):
        env.step(actions)
    after = _state(env)
    assert after[0] == before[0] and after[3] == before[3]
    assert np.array_equal(after[1], before[1]) and np.array_equal(after[2], before[2])
    env.step({"agent_0": [0, 0, 1, 0], "agent_1": (0.5, 0, 0, -1)})   # lists, ints: numbers


def test_step_before_reset_and_bad_reset_options_are_refused():
    env = make_ma("Swimmer", "2x1")
    with pytest.raises(ResetNeeded, match="call reset"):
        env.step({"agent_0": np.zeros(1), "agent_1": np.zeros(1)})
    with pytest.raises(ValueError, match="reset options has unknown key"):
        env.reset(options={"layout": 1})
    with pytest.raises(TypeError, match="reset options must be a dict"):
        env.reset(options=3)
    env.reset(seed=0, options={})


def test_unknown_agent_names_are_refused_by_the_space_lookups():
    env = make_ma("Swimmer", "2x1")
    for lookup in (env.observation_space, env.action_space):
        with pytest.raises(KeyError, match="unknown agent 'agent_2'"):
            lookup("agent_2")


@pytest.mark.parametrize("compiled", [True, False])
def test_joined_actions_match_the_checked_loop(compiled):
    """HalfCheetah 2x3's agents drive the robot's actuators in order, so their actions are
    joined in one compiled call; without it (or for any other input) the per-agent loop runs.
    Both give the same action vector, and bad input is refused by name either way."""
    env = make_ma("HalfCheetah", "2x3")
    if compiled:
        assert env._join is not None, "safety_sim._exact_math was not built"
    else:
        env._join = None
    env.reset(seed=0)
    a0, a1 = np.array([0.1, -0.2, 0.3]), np.array([-0.4, 0.5, -0.6])
    want = np.concatenate([a0, a1])
    for x0, x1 in [(a0, a1), (a0.astype(np.float32), a1), ([0.1, -0.2, 0.3], tuple(a1)),
                   (a0, a1.astype(np.float32))]:
        got = env.map_local_actions_to_global_action({"agent_0": x0, "agent_1": x1})
        assert np.array_equal(got, np.concatenate([np.asarray(x0, np.float64),
                                                   np.asarray(x1, np.float64)]))
    assert np.array_equal(env.map_local_actions_to_global_action(
        {"agent_0": a0, "agent_1": a1}), want)
    ints = env.map_local_actions_to_global_action({"agent_0": np.array([1, 0, -1]),
                                                   "agent_1": a1})
    assert ints.tolist() == [1.0, 0.0, -1.0, -0.4, 0.5, -0.6]
    for bad, message in [({"agent_0": np.zeros(2), "agent_1": a1}, r"agent_0: action has shape"),
                         ({"agent_0": a0, "agent_1": np.zeros((1, 3))}, "agent_1: .*shape"),
                         ({"agent_0": a0, "agent_1": np.zeros(3, dtype=bool)}, "agent_1: .*bool"),
                         ({"agent_0": a0, "agent_1": np.array([0, np.nan, 0])}, "agent_1: .*NaN"),
                         ({"agent_0": a0, "agent_1": np.array([0, 2.0, 0])}, "agent_1: .*outside"),
                         ({"agent_0": a0, "agent_7": a1}, r"no action for \['agent_1'\]")]:
        with pytest.raises(ValueError, match=message):
            env.step(bad)
    env.step({"agent_0": a0, "agent_1": a1})
