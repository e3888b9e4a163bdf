"""MultiGoal's oracle (``safety_sim.oracle(env)``): both agents reach their goals again and again
at no cost, where random actions reach them hardly ever; agents without a navigation oracle are
refused by name."""
from __future__ import annotations

import gymnasium
import pytest

import safety_sim


def play(env_id: str, oracle: bool, steps: int) -> tuple[int, float]:
    """Goals met and cost paid (both agents) over ``steps`` steps from seed 0."""
    env = gymnasium.make(env_id)
    obs, _ = env.reset(seed=0)
    env.action_space.seed(0)
    policy = safety_sim.oracle(env) if oracle else (lambda _: env.action_space.sample())
    met, cost = 0, 0.0
    for _ in range(steps):
        act = policy(obs)
        assert env.action_space.contains(act)
        obs, _, term, trunc, info = env.step(act)
        met += "goal_met" in info["agent_0"]
        cost += info["agent_0"]["cost"] + info["agent_1"]["cost"]
        if term["agent_0"] or trunc["agent_0"]:
            obs, _ = env.reset()
    return met, cost


@pytest.mark.parametrize("env_id, steps", [("SafetyPointMultiGoal2-v0", 600),
                                           ("SafetyCarMultiGoal2-v0", 1000)])
def test_the_oracle_reaches_the_goals_at_no_cost(env_id, steps):
    met, cost = play(env_id, True, steps)
    random_met, random_cost = play(env_id, False, steps)
    assert met >= 3 and cost == 0.0
    assert met > random_met and random_cost > 0.0     # the level has costs to avoid


def test_agents_without_an_oracle_are_refused():
    with pytest.raises(TypeError, match="Doggo"):
        safety_sim.oracle(gymnasium.make("SafetyDoggoMultiGoal1-v0"))
