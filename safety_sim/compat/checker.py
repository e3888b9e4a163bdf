"""``SafePassiveEnvChecker``: gymnasium's passive checks for a 6-tuple env (the name of
``safety_gymnasium.wrappers.env_checker``)."""
from __future__ import annotations

from numbers import Real

import numpy as np
from gymnasium import logger
from gymnasium.utils.passive_env_checker import check_obs
from gymnasium.wrappers import PassiveEnvChecker

from safety_sim.compat.wrappers import ForwardsAttributes


def check_safe_step(result, observation_space) -> None:
    """The first step's result: ``(obs, reward, cost, terminated, truncated, info)`` with the
    observation in the space (gymnasium's check), real reward and cost, bool flags (a warning
    otherwise, as gymnasium's checker) and a dict info (AssertionError otherwise)."""
    assert isinstance(result, tuple) and len(result) == 6, (
        "a Safety-Gymnasium step returns (obs, reward, cost, terminated, truncated, info), "
        f"got {type(result).__name__} of length "
        f"{len(result) if hasattr(result, '__len__') else '?'}")
    obs, reward, cost, terminated, truncated, info = result
    check_obs(obs, observation_space, "step")
    for name, value in (("reward", reward), ("cost", cost)):
        if not isinstance(value, (Real, np.integer, np.floating)) or isinstance(value, bool):
            logger.warn(f"The {name} returned by `step()` must be a float, int, np.integer or "
                        f"np.floating, actual type: {type(value)}")
    for name, value in (("terminated", terminated), ("truncated", truncated)):
        if not isinstance(value, (bool, np.bool_)):
            logger.warn(f"Expects `{name}` signal to be a boolean, actual type: {type(value)}")
    assert isinstance(info, dict), (
        f"The `info` returned by `step()` must be a dict, got {type(info)}")


class SafePassiveEnvChecker(ForwardsAttributes, PassiveEnvChecker):
    """gymnasium's ``PassiveEnvChecker`` (spaces when built, the first reset and render) with
    the first step checked as a 6-tuple (:func:`check_safe_step`); everything passes through
    unchanged."""

    def step(self, action):
        result = self.env.step(action)
        if not self.checked_step:
            self.checked_step = True
            check_safe_step(result, self.observation_space)
        return result
