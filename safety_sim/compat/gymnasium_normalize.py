"""gymnasium 0.28's ``gymnasium.wrappers.normalize`` module, which gymnasium 1.0 removed, for
Safety-Gymnasium-era code run through the drop-in (SafePO's ``safepo.common.wrappers`` imports
``NormalizeObservation`` from it; written here from gymnasium 0.28's documented behaviour).

The drop-in (``python -m safety_sim.compat``, :func:`safety_sim.compat.install`, importing
the drop-in's ``safety_gymnasium``, and in every worker process the shim's ``sitecustomize``)
serves this module under that name wherever the installed gymnasium has none, so a script may
import it before anything else; :func:`withdraw` takes it out again.

* :class:`RunningMeanStd`: mean and variance of every row seen, merged batch by batch (Chan
  et al.'s parallel update), starting from mean 0, variance 1 and a count of ``epsilon``.
* :class:`NormalizeObservation`: each reset's and step's observations update ``obs_rms`` and
  come back as ``(obs - mean) / sqrt(var + epsilon)``.
* :class:`NormalizeReward`: the discounted return ``G <- G * gamma * (1 - terminated) + r``
  updates ``return_rms``; the reward comes back divided by ``sqrt(return_rms.var + epsilon)``.

Both take a single env (one row per update) or a vector env (its batch as one update): a
gymnasium 1.x ``VectorEnv``, which is no ``gymnasium.Env`` any more, is wrapped as 0.28 wrapped
its vector envs. They step with gymnasium's 5-tuple, as 0.28's did (a subclass may override
``step`` for another signature, as SafePO's ``SafeNormalizeObservation`` does for the
6-tuple), and forward attribute lookups to the env they wrap, as 0.28's wrappers did.
"""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
from gymnasium.utils import RecordConstructorArgs
from gymnasium.vector import VectorEnv

from safety_sim.compat.wrappers import ForwardsAttributes

NAME = "gymnasium.wrappers.normalize"
__all__ = ["NormalizeObservation", "NormalizeReward", "RunningMeanStd",
           "update_mean_var_count_from_moments"]


class RunningMeanStd:
    """Running mean and variance of the rows of the arrays given to :meth:`update`."""

    def __init__(self, epsilon: float = 1e-4, shape: tuple = ()) -> None:
        self.mean = np.zeros(shape, np.float64)
        self.var = np.ones(shape, np.float64)
        self.count = epsilon

    def update(self, x) -> None:
        """Merge the batch ``x`` (rows along the first axis)."""
        x = np.asarray(x)
        self.update_from_moments(np.mean(x, axis=0), np.var(x, axis=0), x.shape[0])

    def update_from_moments(self, batch_mean, batch_var, batch_count) -> None:
        self.mean, self.var, self.count = update_mean_var_count_from_moments(
            self.mean, self.var, self.count, batch_mean, batch_var, batch_count)


def update_mean_var_count_from_moments(mean, var, count, batch_mean, batch_var, batch_count):
    """The mean, variance and count of two merged samples given by their moments."""
    delta = batch_mean - mean
    total = count + batch_count
    new_mean = mean + delta * batch_count / total
    m2 = var * count + batch_var * batch_count + np.square(delta) * count * batch_count / total
    return new_mean, m2 / total, total


def _wrap(wrapper: gymnasium.Wrapper, env: Any) -> bool:
    """``gymnasium.Wrapper.__init__``, also for a gymnasium 1.x ``VectorEnv`` (the fields that
    ``__init__`` sets, without its ``gymnasium.Env`` check); whether ``env`` is a vector env."""
    if isinstance(env, VectorEnv):
        wrapper.env = env  # type: ignore[assignment]  # a 1.x VectorEnv is no Env
        wrapper._action_space = wrapper._observation_space = None
        wrapper._metadata = wrapper._cached_spec = None
        return True
    gymnasium.Wrapper.__init__(wrapper, env)
    return bool(getattr(env, "is_vector_env", False))


class NormalizeObservation(ForwardsAttributes, gymnasium.Wrapper, RecordConstructorArgs):
    """Observations normalised by their running mean and variance (module docstring)."""

    def __init__(self, env: Any, epsilon: float = 1e-8) -> None:
        RecordConstructorArgs.__init__(self, epsilon=epsilon)
        self.is_vector_env = _wrap(self, env)
        self.num_envs = getattr(env, "num_envs", 1)
        space = env.single_observation_space if self.is_vector_env else env.observation_space
        self.obs_rms = RunningMeanStd(shape=space.shape)
        self.epsilon = epsilon

    def step(self, action):
        obs, rews, terminateds, truncateds, infos = self.env.step(action)
        return self._normalize_batch(obs), rews, terminateds, truncateds, infos

    def reset(self, **kwargs):
        obs, info = self.env.reset(**kwargs)
        return self._normalize_batch(obs), info

    def normalize(self, obs):
        """Update ``obs_rms`` with the batch ``obs`` and return it normalised."""
        self.obs_rms.update(obs)
        return (obs - self.obs_rms.mean) / np.sqrt(self.obs_rms.var + self.epsilon)

    def _normalize_batch(self, obs):
        return self.normalize(obs) if self.is_vector_env else self.normalize(np.array([obs]))[0]


class NormalizeReward(ForwardsAttributes, gymnasium.Wrapper, RecordConstructorArgs):
    """Rewards scaled by the running std of their discounted return (module docstring)."""

    def __init__(self, env: Any, gamma: float = 0.99, epsilon: float = 1e-8) -> None:
        RecordConstructorArgs.__init__(self, gamma=gamma, epsilon=epsilon)
        self.is_vector_env = _wrap(self, env)
        self.num_envs = getattr(env, "num_envs", 1)
        self.return_rms = RunningMeanStd(shape=())
        self.returns = np.zeros(self.num_envs)
        self.gamma = gamma
        self.epsilon = epsilon

    def step(self, action):
        obs, rews, terminateds, truncateds, infos = self.env.step(action)
        if not self.is_vector_env:
            rews = np.array([rews])
        self.returns = self.returns * self.gamma * (1 - terminateds) + rews
        rews = self.normalize(rews)
        if not self.is_vector_env:
            rews = rews[0]
        return obs, rews, terminateds, truncateds, infos

    def normalize(self, rews):
        """Update ``return_rms`` with the returns and scale ``rews`` by their std."""
        self.return_rms.update(self.returns)
        return rews / np.sqrt(self.return_rms.var + self.epsilon)


def provide() -> None:
    """Serve this module as ``gymnasium.wrappers.normalize`` wherever the installed gymnasium
    has none (the finder of the shim's ``_safety_sim_startup``, which worker processes get
    from the shim's ``sitecustomize`` before they import anything)."""
    _startup().install_finder()


def withdraw() -> None:
    """Undo :func:`provide` (the finder, and the module where it was imported as that name)."""
    _startup().remove_finder()
    if sys.modules.get(NAME) is sys.modules[__name__]:
        del sys.modules[NAME]
        if getattr(gymnasium.wrappers, "normalize", None) is sys.modules[__name__]:
            del gymnasium.wrappers.normalize


STARTUP = "_safety_sim_startup"


def _startup():
    """The shim's ``_safety_sim_startup`` module (one per process, whoever imported it)."""
    module = sys.modules.get(STARTUP)
    if module is None:
        path = Path(__file__).resolve().parent / "shim" / f"{STARTUP}.py"
        spec = importlib.util.spec_from_file_location(STARTUP, path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[STARTUP] = module
        spec.loader.exec_module(module)
    return module
