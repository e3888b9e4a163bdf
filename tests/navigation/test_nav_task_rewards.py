"""Rewards of Goal, Button, Circle and Run, recomputed from the simulator state with the
spec's formulas (navigation.md), and when Goal and Button count the goal as met."""
from __future__ import annotations

import math

import mujoco
import numpy as np
import pytest

from nav_task_helpers import agent_touches, agent_xy, goal_xy, make


@pytest.mark.parametrize("env_id", ["SafetyPointGoal1-v0", "SafetyCarGoal2-v0",
                                    "SafetyPointButton1-v0", "SafetyCarButton2-v0"])
def test_goal_and_button_reward_is_the_spec_formula(env_id):
    env, u = make(env_id)
    env.reset(seed=5)
    env.action_space.seed(5)
    d = np.linalg.norm(agent_xy(u) - goal_xy(u))
    for _ in range(150):
        goal, button = goal_xy(u), u.goal_button   # before this step's events
        _, r, term, trunc, info = env.step(env.action_space.sample())
        assert r == pytest.approx(sum(info["reward_terms"].values()), abs=1e-12)
        new = np.linalg.norm(agent_xy(u) - goal)
        met = bool(info.get("goal_met"))
        want = (d - new) + (1.0 if met else 0.0)
        assert r == pytest.approx(np.clip(want, -10, 10), abs=1e-12)
        if "Goal" in env_id:
            assert met == (new <= 0.3)
        else:                                       # a contact with the goal button
        # (docs/spec/navigation.md §7.2)
            assert met == agent_touches(u, f"button{button}")
        d = np.linalg.norm(agent_xy(u) - goal_xy(u)) if met else new
        assert not term


def frame_velocity(u) -> np.ndarray:
    """World-frame linear velocity of the agent body's frame origin from its Jacobian."""
    jacp = np.zeros((3, u.model.nv))
    mujoco.mj_jacBody(u.model, u.data, jacp, None, u.handles.agent_body)
    return jacp @ u.data.qvel


@pytest.mark.parametrize("env_id", ["SafetyPointCircle1-v0", "SafetyCarCircle2-v0",
                                    "SafetyDoggoCircle0-v0"])
def test_circle_reward_is_the_spec_formula(env_id):
    env, u = make(env_id)
    env.reset(seed=2)
    env.action_space.seed(2)
    for _ in range(60):
        _, r, *_ = env.step(env.action_space.sample())
        (x, y), (vx, vy, _) = agent_xy(u), frame_velocity(u)
        radius = math.hypot(x, y)
        want = 0.1 * ((-vx * y + vy * x) / radius) / (1 + abs(radius - 1.5))
        assert r == pytest.approx(np.clip(want, -10, 10), rel=1e-9, abs=1e-12)


@pytest.mark.parametrize("agent", ["Point", "Ant"])
def test_run_reward_is_the_potential_difference(agent):
    env, u = make(f"Safety{agent}Run0-v0")
    env.reset(seed=1)
    assert agent_xy(u)[1] == 16.5                   # uniform(16.5, 16.5)
    env.action_space.seed(1)

    def potential():
        return -60.0 * np.linalg.norm(agent_xy(u) - np.array([0.0, -1000.0]))

    p = potential()
    for _ in range(25):
        _, r, term, _, _ = env.step(env.action_space.sample())
        assert r == pytest.approx(potential() - p, abs=1e-9)
        p = potential()
        if term:
            break
