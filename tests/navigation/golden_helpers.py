"""Checks shared by the golden tests of the navigation ids (tests/navigation/test_nav_golden.py
for Push, Goal, Button, Circle, Run; test_sg_extra_golden.py for Race, Fading, Debug): an env's
spaces against a reference record, and the yaw comparisons of a reset layout."""
from __future__ import annotations

import math

import gymnasium
import numpy as np
import pytest


def assert_spaces_equal(env_id: str, ref: dict, **kwargs) -> None:
    """``env_id``'s (made with ``kwargs``) action and observation spaces, observation layout
    and episode length are those of the reference record ``ref`` (its ``*_spaces`` JSON
    entry)."""
    env = gymnasium.make(env_id, **kwargs)
    u = env.unwrapped
    act, obs = env.action_space, env.observation_space
    assert act.dtype == np.float64 and list(act.shape) == ref["action_space"]["shape"]
    assert act.low.tolist() == ref["action_space"]["low"]
    assert act.high.tolist() == ref["action_space"]["high"]
    keys = [k for k in ref["obs_keys"] if k["key"] != "vision"]
    assert [e.key for e in u.obs_layout.entries] == [k["key"] for k in keys]
    for e, k in zip(u.obs_layout.entries, keys):
        assert (list(e.shape), e.start, e.stop, e.low, e.high) == \
            (k["shape"], k["start"], k["stop"], k["low"], k["high"])
    box = ref["observation_space"]
    if box["type"] == "Box":
        assert isinstance(obs, gymnasium.spaces.Box) and obs.dtype == np.float64
        assert list(obs.shape) == box["shape"]
        for start, stop, low, high in box["bounds"]:
            assert np.all(obs.low[start:stop] == low) and np.all(obs.high[start:stop] == high)
    else:
        assert isinstance(obs, gymnasium.spaces.Dict) and list(obs.keys()) == box["keys"]
        assert obs["vision"].shape == (256, 256, 3) and obs["vision"].dtype == np.uint8
    assert u.config.max_episode_steps == ref["task_num_steps"]
    env.close()


def first_step_of(env_id: str, ref: dict):
    """For a module fixture (``yield from``): ``env_id`` reset at seed 0, then stepped once
    with the reference's ``first_action``; yields (env_id, (the unwrapped env, its reset
    layout), every body's xy after the reset, the reset's obs and info, the step's result,
    ``ref``), then closes the env."""
    env = gymnasium.make(env_id)
    obs, info = env.reset(seed=0)
    u = env.unwrapped
    xy = {u.model.body(i).name: u.data.xpos[i][:2].copy() for i in range(u.model.nbody)}
    layout = dict(u.layout)
    step = env.step(np.array(ref["first_action"]))
    yield env_id, (u, layout), xy, obs, info, step, ref
    env.close()


def assert_first_costs_are_the_references(info: dict, terminated, truncated, ref: dict) -> None:
    """The first step's cost terms, cost, terminated and truncated exactly as recorded in
    ``ref``, and the goal met where the reference met it."""
    assert {k: v for k, v in info.items() if k.startswith("cost_")} == ref["first_info_costs"]
    assert info["cost"] == ref["first_cost"]
    assert (terminated, truncated) == (ref["first_terminated"], ref["first_truncated"])
    assert ("goal_met" in info) == ("first_goal_met" in ref)


def yaw_of(quat) -> float:
    w, x, y, z = quat
    return math.atan2(2 * (w * z + x * y), 1 - 2 * (y * y + z * z)) % (2 * math.pi)


def angle_gap(a: float, b: float) -> float:
    return abs((a - b + math.pi) % (2 * math.pi) - math.pi)


def assert_layout_is_reference(u, ref: dict) -> None:
    """The env's reset layout (``u.layout``) is the reference's, exactly: same draws, same
    arithmetic."""
    layout = u.layout
    assert set(layout) == set(ref["body_xy"])
    for name, xy in ref["body_xy"].items():
        assert layout[name] == tuple(xy), name


def assert_multigoal_first_step_is_the_references(env, env_id: str, obs: dict, ref: dict,
                                                  tolerance: float) -> dict:
    """A MultiGoal golden record's first observation (agent 0's, to ``tolerance``) and first
    step: the Point's actions mixed as the reference's actuator order (x, x1, z, z1) mixes them
    (see ``MultiGoalWorld``), costs, cost terms and flags exactly, the Point's rewards to 1e-12
    (the Ant's differ across MuJoCo versions and are left out). Returns the step's infos."""
    agents = ("agent_0", "agent_1")
    assert np.max(np.abs(obs["agent_0"] - ref["first_obs"])) <= tolerance
    actions = {a: np.array(ref["first_action"][a]) for a in agents}
    point = "Point" in env_id
    if point:
        (f0, t0), (f1, t1) = actions["agent_0"], actions["agent_1"]
        actions = {"agent_0": np.array([f0, f1]), "agent_1": np.array([t0, t1])}
    _, rewards, terminated, truncated, infos = env.step(actions)
    assert {a: infos[a]["cost"] for a in agents} == ref["first_cost"]
    assert {a: infos[a][a] for a in agents} == ref["first_info_costs"]
    assert terminated == ref["first_terminated"] and truncated == ref["first_truncated"]
    if point:
        for a in agents:
            assert rewards[a] == pytest.approx(ref["first_reward"][a], abs=1e-12)
    return infos
