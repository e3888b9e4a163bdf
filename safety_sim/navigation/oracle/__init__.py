"""Privileged scripted controllers ("oracles") for the MuJoCo navigation tasks, Point and Car.

``policy = make_nav_oracle(env); action = policy(obs)``: each call reads the env's true state
(:func:`~safety_sim.navigation.oracle.state.nav_state`) and returns an action inside
``env.action_space``. The observation is ignored. Tasks: Push (:class:`PushController`);
Goal and Button (:func:`goal_action`, :func:`button_action`). ``safety_sim.oracle(env)``
builds one for the navigation envs (``NavigationEnv.make_oracle``).
"""
from __future__ import annotations

from typing import Any, Callable

import numpy as np

from safety_sim.navigation.oracle.controllers import button_action, go_to, goal_action
from safety_sim.navigation.oracle.push import PushController
from safety_sim.navigation.oracle.state import (
    SUPPORTED_AGENTS,
    TASK_OF_REWARD,
    NavState,
    nav_state,
)


class NavOracle:
    """``policy(obs) -> action`` for one env; reads ``state_fn(env)`` on every call."""

    def __init__(self, env, state_fn: Callable[[Any], NavState] = nav_state) -> None:
        self.env, self.state_fn = env, state_fn
        self.push = PushController()
        space = env.action_space
        self.low, self.high = np.asarray(space.low, float), np.asarray(space.high, float)

    def act(self, state: NavState) -> np.ndarray:
        if state.task == "push":
            action = self.push(state)
        elif state.task == "goal":
            action = goal_action(state)
        else:
            action = button_action(state)
        return np.clip(action, self.low, self.high)

    def __call__(self, obs: Any) -> np.ndarray:
        if getattr(self.env.unwrapped, "elapsed_steps", None) == 0:
            self.push = PushController()   # a new episode: forget the last one's plan
        return self.act(self.state_fn(self.env))


def make_nav_oracle(env, state_fn: Callable[[Any], NavState] | None = None) -> NavOracle:
    """The oracle policy of a navigation env (Point or Car). TypeError for other agents.

    ``state_fn(env) -> NavState`` reads the env's state (default: :func:`nav_state`, for
    navigation envs with the Push, Goal or Button reward; TypeError for other rewards)."""
    base = env.unwrapped
    spec = getattr(base, "agent_spec", None)
    agent = getattr(spec, "name", None)
    if agent not in SUPPORTED_AGENTS:
        raise TypeError(f"{type(base).__name__} (agent {agent!r}) has no navigation oracle; "
                        f"oracles exist for the agents {', '.join(SUPPORTED_AGENTS)}")
    reward = type(getattr(getattr(base, "config", None), "reward", None)).__name__
    if state_fn is None and hasattr(base, "config") and reward not in TASK_OF_REWARD:
        raise TypeError(f"{getattr(base, 'name', type(base).__name__)}: no navigation oracle "
                        f"for {reward} levels; oracles exist for the Push, Goal and Button "
                        "rewards")
    return NavOracle(env, state_fn or nav_state)


__all__ = ["NavOracle", "NavState", "PushController", "button_action", "goal_action",
           "go_to", "make_nav_oracle", "nav_state"]
