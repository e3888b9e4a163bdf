"""Cost terms and labels of Goal, Button, Circle and Run (docs/spec/navigation.md §7, §9): the cost
keys per level, hazards, vases, gremlins, wrong buttons and the boundary, and cost_fn of the
labels."""
from __future__ import annotations

import numpy as np
import pytest

from nav_task_helpers import move_agent_to
from nav_task_helpers import agent_xy, make, press, step_info


# docs/spec/navigation.md §9: cost keys per level, in order (cost_buttons while active)
COST_KEYS = {
    "Goal0": ["cost_sum"], "Goal1": ["cost_hazards", "cost_sum"],
    "Goal2": ["cost_hazards", "cost_vases_contact", "cost_vases_velocity", "cost_sum"],
    "Button0": ["cost_sum"], "Button1": ["cost_buttons", "cost_hazards", "cost_gremlins",
                                         "cost_sum"],
    "Button2": ["cost_buttons", "cost_hazards", "cost_gremlins", "cost_sum"],
    "Circle0": ["cost_sum"], "Circle1": ["cost_out_of_boundary", "cost_sum"],
    "Circle2": ["cost_out_of_boundary", "cost_sum"], "Run0": ["cost_out_of_boundary", "cost_sum"],
}


@pytest.mark.parametrize("level", sorted(COST_KEYS))
def test_cost_keys_per_level_and_cost_fn(level):
    env, u = make(f"SafetyPoint{level}-v0")
    _, info = env.reset(seed=0)
    assert info["cost"] == 0.0 and info["labels"] == frozenset()
    env.action_space.seed(0)
    for _ in range(40):
        _, _, _, _, info = env.step(env.action_space.sample())
        assert [k for k in info if k.startswith("cost_")] == COST_KEYS[level]
        assert info["cost"] == info["cost_sum"] == u.cost_fn(info["labels"])
        assert info["cost_sum"] == float(any(info[k] for k in COST_KEYS[level][:-1]))


@pytest.mark.parametrize("task", ["Goal2", "Button2", "Circle2", "Run0"])
def test_cost_is_zero_at_reset(task):
    env, _ = make(f"SafetyCar{task}-v0")
    for seed in range(15):
        _, info = env.reset(seed=seed)
        assert info["cost"] == 0.0 and info["labels"] == frozenset()


def test_hazard_cost_inside_and_not_on_the_rim():
    env, u = make("SafetyPointGoal1-v0")
    _, info = env.reset(seed=3, options={"layout": {"hazard0": (0.25, 0.0),
                                                    "agent": (0.4, 0.0)}})
    assert info["labels"] == {"in_hazard"} and info["cost_hazards"] == 1.0
    assert step_info(env)["cost_hazards"] == 1.0
    _, info = env.reset(seed=3, options={"layout": {"hazard0": (0.25, 0.0),
                                                    "agent": (0.45, 0.0)}})
    assert 0.45 - 0.25 == 0.2 and info["cost_hazards"] == 0.0   # d == radius: no cost
    # (docs/spec/navigation.md §7.3)


def test_vase_contact_and_motion_cost_at_level_2_only():
    for level, keys in ((1, set()), (2, {"cost_vases_contact", "cost_vases_velocity"})):
        env, u = make(f"SafetyPointGoal{level}-v0")
        env.reset(seed=4)
        vase = np.array(u.layout["vase0"])
        away = agent_xy(u) - vase
        move_agent_to(u, vase + 0.2 * away / np.linalg.norm(away))   # against its side
        info = step_info(env)
        assert "vase_contact" in info["labels"]
        assert {k for k in info if k.startswith("cost_vases") and info[k]} == keys
        assert info["cost"] == (1.0 if keys else 0.0)


def test_a_moving_vase_costs_whatever_moved_it():
    env, u = make("SafetyPointGoal2-v0")
    env.reset(seed=6)
    dof = u.model.jnt_dofadr[u.model.joint("vase3").id]
    u.data.qvel[dof] = 1.0
    info = step_info(env)
    assert info["labels"] == {"vase_moving"}
    assert (info["cost_vases_velocity"], info["cost_vases_contact"]) == (1.0, 0.0)
    for _ in range(30):      # friction stops it again
        info = step_info(env)
    assert info["cost_vases_velocity"] == 0.0


def test_gremlin_contact_costs():
    env, u = make("SafetyPointButton1-v0")
    env.reset(seed=2)
    costs = []
    for _ in range(40):    # stay against gremlin0's box as it circles
        g = u.data.xpos[u.handles.body_of["gremlin0"], :2]
        away = agent_xy(u) - g
        move_agent_to(u, g + 0.21 * away / np.linalg.norm(away))
        info = step_info(env)
        costs.append(info["cost_gremlins"])
        assert info["cost_gremlins"] == float("gremlin_contact" in info["labels"])
    assert sum(costs) >= 20


def test_wrong_button_costs_and_the_goal_button_does_not():
    env, u = make("SafetyPointButton1-v0")
    env.reset(seed=1)
    wrong = (u.goal_button + 1) % 4
    _, r, _, _, info = press(env, u, wrong)
    assert info["cost_buttons"] == 1.0 and "wrong_button" in info["labels"]
    assert "goal_met" not in info


@pytest.mark.parametrize("task, where, cost", [
    ("Circle1", (1.2, 0.0), 1.0), ("Circle1", (0.0, 1.2), 0.0), ("Circle2", (0.0, -1.2), 1.0),
    ("Circle2", (1.1, 1.1), 0.0), ("Run0", (0.55, 15.0), 1.0), ("Run0", (0.45, 15.0), 0.0)])
def test_out_of_boundary_cost(task, where, cost):
    env, u = make(f"SafetyPoint{task}-v0")
    env.reset(seed=0)
    move_agent_to(u, where)
    info = step_info(env)
    assert info["cost_out_of_boundary"] == cost
    assert ("out_of_bounds" in info["labels"]) == bool(cost)


def test_every_label_raised_in_rollouts_matches_its_cost_term():
    """Labels and cost terms agree on every step of long random rollouts of the costly levels
    (and cost_fn of the labels is the cost)."""
    term_of = {"in_hazard": "cost_hazards", "vase_contact": "cost_vases_contact",
               "vase_moving": "cost_vases_velocity", "gremlin_contact": "cost_gremlins",
               "wrong_button": "cost_buttons", "out_of_bounds": "cost_out_of_boundary"}
    for env_id in ("SafetyPointGoal2-v0", "SafetyPointButton2-v0", "SafetyPointCircle2-v0"):
        env, u = make(env_id)
        env.reset(seed=0)
        env.action_space.seed(0)
        for _ in range(300):
            _, _, term, trunc, info = env.step(env.action_space.sample())
            for label, key in term_of.items():
                if key in info:
                    assert info[key] == float(label in info["labels"])
            assert u.cost_fn(info["labels"]) == info["cost"]
            if term or trunc:
                env.reset()
