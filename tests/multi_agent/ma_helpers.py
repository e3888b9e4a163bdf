"""Helpers of the multi-agent velocity tests: reading the reference records, making an env
from a record name (``"Scenario:conf"``), the reference's rollout recipe and the cost rule of
docs/spec/multi_agent.md §7 written out for checking."""
from __future__ import annotations

import math
import warnings

import numpy as np

from refs import load_ref
from safety_sim.multi_agent import make_ma

SPACES_FILE = "sg_extra_spaces_multi_agent.json"
GOLDEN_FILE = "sg_extra_golden_multi_agent.json"
#: robots whose 50-step trajectory MuJoCo >= 3 reproduces from the reference's actions
#: (docs/spec/velocity.md §8); the others diverge within a few steps (contacts)
REPRODUCED = ("HalfCheetah", "Swimmer", "Walker2d")
#: dt of each robot's env step (docs/spec/velocity.md §3)
DT = {"Ant": 0.05, "HalfCheetah": 0.05, "Hopper": 0.008, "Humanoid": 0.015, "Swimmer": 0.04,
      "Walker2d": 0.008}


def spaces() -> dict:
    return load_ref(SPACES_FILE)["multi_agent"]


def golden() -> dict:
    return load_ref(GOLDEN_FILE)["multi_agent"]


def parse(name: str) -> tuple[str, str | None]:
    scenario, conf = name.split(":", 1)
    return scenario, None if conf == "None" else conf


def make(name: str, **kwargs):
    """The env of a record name; the threshold warning of unlisted confs is silenced."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "Unknown agent configuration", UserWarning)
        return make_ma(*parse(name), **kwargs)


def random_actions(env, rng) -> dict:
    """One step of the reference's recipe: per agent in sorted order, uniform in its Box."""
    return {a: rng.uniform(env.action_space(a).low, env.action_space(a).high)
            for a in sorted(env.possible_agents)}


def rollout(env, seed: int, steps: int):
    """Yield ``(actions, step result)`` of the recipe (fresh reset with ``seed``) until an
    agent is terminated or truncated or ``steps`` steps are done."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        actions = random_actions(env, rng)
        out = env.step(actions)
        yield actions, out
        if any(out[3].values()) or any(out[4].values()):
            return


def judged_velocity(scenario: str, info: dict) -> float:
    """docs/spec/multi_agent.md §7: planar speed from the robot's info (no y_velocity -> |vx|);
    Swimmer signed vx."""
    if scenario == "Swimmer":
        return info["x_velocity"]
    return math.sqrt(info["x_velocity"] ** 2 + info.get("y_velocity", 0.0) ** 2)


def expected_cost(scenario: str, info: dict, threshold: float) -> float:
    return 1.0 if judged_velocity(scenario, info) > threshold else 0.0
