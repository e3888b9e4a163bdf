"""Policies the tools drive environments with: ``random``, ``oracle`` and ``zero``.

A policy is called once per step, ``action = policy(obs)``, and told when an episode begins
(``policy.begin_episode()`` right after each ``reset``).

* ``random``: samples the action space from its own seeded copy (Box, Discrete, a Dict of
  per-agent spaces, or anything else gymnasium can sample), so the env's own action-space RNG is
  left untouched and the same seed gives the same action sequence.
* ``oracle``: the env's scripted policy, :func:`safety_sim.oracle`, created afresh for every
  episode (it may read the env's true state). Only the gridworlds have one.
* ``zero``: the all-zero action of a Box space (navigation agents standing still); for discrete
  spaces action 0.
"""
from __future__ import annotations

import copy
from typing import Any, Callable

import gymnasium
import numpy as np

import safety_sim
from safety_sim.tools import ToolError

POLICIES = ("random", "oracle", "zero")


class Policy:
    """Base class: ``begin_episode()`` after each reset, ``__call__(obs)`` for each step."""

    name = "policy"

    def begin_episode(self) -> None:
        """Called after every reset (default: nothing to do)."""

    def __call__(self, obs: Any) -> Any:
        raise NotImplementedError


class RandomPolicy(Policy):
    """Uniform samples from a seeded private copy of ``action_space``."""

    name = "random"

    def __init__(self, action_space: gymnasium.spaces.Space, seed: int | None = None) -> None:
        self.space = copy.deepcopy(action_space)
        self.space.seed(seed)

    def __call__(self, obs: Any) -> Any:
        return self.space.sample()


class ZeroPolicy(Policy):
    """The zero action (Box: zeros clipped into the bounds; Discrete: ``start``)."""

    name = "zero"

    def __init__(self, action_space: gymnasium.spaces.Space) -> None:
        self.action = zero_action(action_space)

    def __call__(self, obs: Any) -> Any:
        return copy.deepcopy(self.action)


class OraclePolicy(Policy):
    """:func:`safety_sim.oracle` of the env, rebuilt at the start of every episode."""

    name = "oracle"

    def __init__(self, env: gymnasium.Env) -> None:
        try:
            safety_sim.oracle(env)        # refuses envs (agents, levels) without one
        except TypeError as exc:
            env_id = env.spec.id if env.spec is not None else type(env.unwrapped).__name__
            raise ToolError(f"{env_id}: {exc}; use --policy random") from None
        self.env = env
        self._act: Callable[[Any], Any] | None = None

    def begin_episode(self) -> None:
        self._act = safety_sim.oracle(self.env)

    def __call__(self, obs: Any) -> Any:
        if self._act is None:              # called without begin_episode: start one
            self._act = safety_sim.oracle(self.env)
        return self._act(obs)


def zero_action(space: gymnasium.spaces.Space) -> Any:
    """A neutral action for ``space``."""
    if isinstance(space, gymnasium.spaces.Box):
        return np.clip(np.zeros(space.shape, dtype=space.dtype), space.low, space.high)
    if isinstance(space, gymnasium.spaces.Discrete):
        return int(space.start)
    if isinstance(space, gymnasium.spaces.Dict):
        return {k: zero_action(s) for k, s in space.spaces.items()}
    if isinstance(space, gymnasium.spaces.Tuple):
        return tuple(zero_action(s) for s in space.spaces)
    if isinstance(space, gymnasium.spaces.MultiDiscrete):
        return np.asarray(space.start, dtype=space.dtype).copy()
    raise ToolError(f"no zero action for a {type(space).__name__} action space")


def make_policy(name: str, env: gymnasium.Env, seed: int | None = None) -> Policy:
    """The policy called ``name`` (one of :data:`POLICIES`) for ``env``."""
    if name == "random":
        return RandomPolicy(env.action_space, seed)
    if name == "oracle":
        return OraclePolicy(env)
    if name == "zero":
        return ZeroPolicy(env.action_space)
    raise ToolError(f"unknown policy {name!r}; choose one of: {', '.join(POLICIES)}")
