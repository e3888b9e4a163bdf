"""Safety-Gymnasium's normalising wrappers for 6-tuple envs, single or vector (the names of
``safety_gymnasium.wrappers.normalize``; SafePO wraps its envs in
``SafeNormalizeObservation`` and reads ``obs_rms`` through ``SafeUnsqueeze``).

They keep gymnasium 0.28's arithmetic, which the reference's wrappers were built on:

* :class:`SafeNormalizeObservation`: ``obs_rms`` (running mean/var over every observation
  seen, counts starting at 1e-4) is updated with each reset's and step's observations (a
  vector env's as one batch), which come back as ``(obs - mean) / sqrt(var + epsilon)``. An
  ending step's ``info["final_observation"]`` is normalised the same way (the rows flagged by
  ``_final_observation`` in a vector env); the raw one stays in
  ``info["original_final_observation"]``.
* :class:`SafeNormalizeReward` / :class:`SafeNormalizeCost`: the discounted return
  ``G <- G * gamma * (1 - terminated) + r`` of rewards (costs) feeds ``return_rms``; the
  step's reward (cost) comes back divided by ``sqrt(return_rms.var + epsilon)``.

For a vector env (``safety_sim.vector.make``) each name builds its vector form (a
``gymnasium.vector.VectorWrapper``) with the same attributes.
"""
from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium.utils import RecordConstructorArgs
from gymnasium.vector import VectorEnv, VectorWrapper
from gymnasium.wrappers.utils import RunningMeanStd

from safety_sim.compat.wrappers import ForwardsAttributes


def _dispatching_new(single: type, vector_name: str):
    """``__new__`` building the vector form of ``single`` when given a vector env."""
    def __new__(cls, env=None, *args, **kwargs):
        if cls is single and isinstance(env, VectorEnv):
            vector = globals()[vector_name]
            obj = object.__new__(vector)
            obj.__init__(env, *args, **kwargs)
            return obj
        return object.__new__(cls)
    return __new__


class _ObservationNormaliser:
    """The arithmetic of :class:`SafeNormalizeObservation` (needs ``env``, ``is_vector_env``,
    ``obs_rms``, ``epsilon``)."""

    def _setup(self, env, epsilon: float) -> None:
        self.is_vector_env = isinstance(env, VectorEnv)
        if not self.is_vector_env:          # a VectorWrapper has it as a property
            self.num_envs = 1
        space = env.single_observation_space if self.is_vector_env else env.observation_space
        self.obs_rms = RunningMeanStd(shape=space.shape)
        self.epsilon = epsilon

    def normalize(self, obs: np.ndarray) -> np.ndarray:
        """Update ``obs_rms`` with the batch ``obs`` (first axis) and normalise it."""
        self.obs_rms.update(obs)
        return (obs - self.obs_rms.mean) / np.sqrt(self.obs_rms.var + self.epsilon)

    def _batch(self, obs) -> np.ndarray:
        if self.is_vector_env:
            return self.normalize(np.asarray(obs))
        return self.normalize(np.asarray(obs)[None])[0]

    def reset(self, *, seed=None, options=None):
        obs, info = self.env.reset(seed=seed, options=options)
        return self._batch(obs), info

    def step(self, action):
        obs, reward, cost, terminated, truncated, info = self.env.step(action)
        obs = self._batch(obs)
        if "final_observation" in info:
            info = {**info, "original_final_observation": info["final_observation"]}
            if self.is_vector_env:
                rows = np.flatnonzero(info["_final_observation"])
                finals = np.empty(self.num_envs, dtype=object)
                finals[:] = list(info["final_observation"])
                if rows.size:
                    normed = self.normalize(np.stack([finals[i] for i in rows]))
                    for i, row in zip(rows, normed):
                        finals[i] = row
                info["final_observation"] = finals
            else:
                info["final_observation"] = self._batch(info["final_observation"])
        return obs, reward, cost, terminated, truncated, info


class _ReturnNormaliser:
    """The arithmetic of the reward and cost normalisers; ``index`` 1 (reward) or 2 (cost)."""

    index = 1

    def _setup(self, env, gamma: float, epsilon: float) -> None:
        self.is_vector_env = isinstance(env, VectorEnv)
        if not self.is_vector_env:          # a VectorWrapper has it as a property
            self.num_envs = 1
        self.return_rms = RunningMeanStd(shape=())
        self.returns = np.zeros(self.num_envs)
        self.gamma, self.epsilon = gamma, epsilon

    def normalize(self, values: np.ndarray) -> np.ndarray:
        self.return_rms.update(self.returns)
        return values / np.sqrt(self.return_rms.var + self.epsilon)

    def step(self, action):
        out = list(self.env.step(action))
        values = np.asarray(out[self.index], dtype=np.float64)
        if not self.is_vector_env:
            values = values[None]
        done = np.asarray(out[3], dtype=np.float64)
        self.returns = self.returns * self.gamma * (1 - done) + values
        values = self.normalize(values)
        out[self.index] = values if self.is_vector_env else float(values[0])
        return tuple(out)


class SafeNormalizeObservation(ForwardsAttributes, _ObservationNormaliser, gymnasium.Wrapper,
                               RecordConstructorArgs):
    """Observations normalised by their running mean and variance (module docstring)."""

    def __init__(self, env: Any, epsilon: float = 1e-8) -> None:
        RecordConstructorArgs.__init__(self, epsilon=epsilon)
        gymnasium.Wrapper.__init__(self, env)
        self._setup(env, epsilon)


class SafeNormalizeReward(ForwardsAttributes, _ReturnNormaliser, gymnasium.Wrapper,
                          RecordConstructorArgs):
    """Rewards scaled by the running std of their discounted return (module docstring)."""

    index = 1

    def __init__(self, env: Any, gamma: float = 0.99, epsilon: float = 1e-8) -> None:
        RecordConstructorArgs.__init__(self, gamma=gamma, epsilon=epsilon)
        gymnasium.Wrapper.__init__(self, env)
        self._setup(env, gamma, epsilon)


class SafeNormalizeCost(SafeNormalizeReward):
    """Costs scaled by the running std of their discounted return (module docstring)."""

    index = 2


class _VectorForm(ForwardsAttributes, VectorWrapper):
    def __init__(self, env: VectorEnv) -> None:
        VectorWrapper.__init__(self, env)


class VectorSafeNormalizeObservation(_ObservationNormaliser, _VectorForm):
    """:class:`SafeNormalizeObservation` of a vector env."""

    def __init__(self, env: VectorEnv, epsilon: float = 1e-8) -> None:
        _VectorForm.__init__(self, env)
        self._setup(env, epsilon)


class VectorSafeNormalizeReward(_ReturnNormaliser, _VectorForm):
    """:class:`SafeNormalizeReward` of a vector env."""

    index = 1

    def __init__(self, env: VectorEnv, gamma: float = 0.99, epsilon: float = 1e-8) -> None:
        _VectorForm.__init__(self, env)
        self._setup(env, gamma, epsilon)


class VectorSafeNormalizeCost(VectorSafeNormalizeReward):
    """:class:`SafeNormalizeCost` of a vector env."""

    index = 2


# the single forms build their vector form when given a vector env (assigned on purpose)
SafeNormalizeObservation.__new__ = _dispatching_new(  # type: ignore[method-assign]
    SafeNormalizeObservation, "VectorSafeNormalizeObservation")
SafeNormalizeReward.__new__ = _dispatching_new(  # type: ignore[method-assign]
    SafeNormalizeReward, "VectorSafeNormalizeReward")
SafeNormalizeCost.__new__ = _dispatching_new(  # type: ignore[method-assign]
    SafeNormalizeCost, "VectorSafeNormalizeCost")
