"""``env.unwrapped.task`` reads the state with Safety-Gymnasium's names: the agent, each object
group of the level, the distances; read-only, and a group the level lacks is named."""
from __future__ import annotations

import gymnasium
import numpy as np
import pytest

import safety_sim  # noqa: F401


def _env(env_id: str):
    env = gymnasium.make(env_id)
    env.reset(seed=3)
    return env, env.unwrapped


def test_agent_and_groups_are_the_bodies_positions():
    env, u = _env("SafetyPointGoal1-v0")
    for _ in range(5):
        env.step(env.action_space.sample())
    task, xpos, h = u.task, u.data.xpos, u.handles
    assert np.array_equal(task.agent.pos, xpos[h.agent_body])
    assert np.array_equal(task.agent.mat, u.data.xmat[h.agent_body].reshape(3, 3))
    assert np.array_equal(task.goal.pos, xpos[h.goal_body])
    assert task.groups == ("goal", "hazards", "vases") and task.hazards.num == 8
    for i, pos in enumerate(task.hazards.pos):
        assert np.array_equal(pos[:2], u.layout[f"hazard{i}"])


def test_dist_goal_is_the_distance_the_reward_uses():
    env, u = _env("SafetyCarGoal1-v0")
    before = u.task.dist_goal()
    _, _, _, _, info = env.step(env.action_space.sample())
    if "goal_met" not in info:      # the goal did not move
        assert info["reward_terms"]["goal_distance"] == pytest.approx(before - u.task.dist_goal(),
                                                                      abs=1e-12)
    goal = u.task.goal.pos
    assert u.task.dist_xy(goal) == u.task.dist_goal() == u.task.dist_xy(goal[:2])


def test_push_distances_and_button_goal():
    env, u = _env("SafetyPointPush1-v0")
    assert u.task.dist_box() == pytest.approx(np.linalg.norm(u.task.push_box.pos
                                                             - u.task.agent.pos))
    assert u.task.dist_box_goal() == pytest.approx(np.linalg.norm(u.task.push_box.pos
                                                                  - u.task.goal.pos))
    env, u = _env("SafetyPointButton1-v0")
    assert u.task.goal_button == u.goal_button is not None and u.task.buttons.num == 4


def test_read_only_and_missing_groups_named():
    _, u = _env("SafetyPointGoal1-v0")
    with pytest.raises(AttributeError, match="read-only"):
        u.task.goal.pos = (0, 0, 0)
    with pytest.raises(AttributeError, match="read-only"):
        u.task.hazards = None
    with pytest.raises(AttributeError, match=r"no 'pillars'.*goal, hazards, vases"):
        u.task.pillars
