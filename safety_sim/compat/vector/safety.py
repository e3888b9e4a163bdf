"""Vector envs with Safety-Gymnasium's 6-tuple step.

``safety_sim.vector.make(env_id, num_envs)`` gives ``step(actions) -> (obs, rewards, costs,
terminateds, truncateds, infos)`` with float64 ``rewards``/``costs`` and bool flag arrays of
length ``num_envs``, as Safety-Gymnasium's vector envs (built on gymnasium 0.28's) do:

* **Same-step autoreset.** A sub-env whose step ends its episode is reset inside that step: its
  row of ``obs`` is the new episode's first observation; its reward, cost and flags are the
  ending step's; ``infos["final_observation"][i]`` / ``infos["final_info"][i]`` hold the ending
  step's observation and info (``None`` in the rows that did not end).
* **Infos** are merged per key as gymnasium 0.28 did: ``infos[k]`` is an array over the envs
  (int/float/bool/numpy-number values in an array of that type, anything else in an object
  array, ``None`` where missing) and ``infos["_" + k]`` a bool mask of the envs that reported it.
* ``reset(seed=k)`` seeds env ``i`` with ``k + i`` (or pass one seed per env).

Backends: :class:`SafetySyncVectorEnv` (one process), :class:`SafetyAsyncVectorEnv`
(a process per env, started with ``spawn``/``forkserver`` — never ``fork``, which deadlocks
once OpenGL is up), and :class:`NativeSafetyVectorEnv` over a registry ``vector_entry_point``.
"""
from __future__ import annotations

import copy as copy_module
from typing import Any, Callable, Sequence

import gymnasium
import numpy as np
from gymnasium.vector.utils import batch_space, concatenate, create_empty_array, iterate

from safety_sim.compat.wrappers import step_with_autoreset
from safety_sim.vector.base import AutoresetMode  # gymnasium's, or a stand-in on 1.0

SAME_STEP: Any = AutoresetMode.SAME_STEP


def merge_info(infos: dict, info: dict, index: int, num_envs: int) -> dict:
    """Put env ``index``'s ``info`` into the batched ``infos`` (gymnasium 0.28's layout)."""
    for key, value in info.items():
        if key not in infos:
            kind = type(value)
            if kind in (bool, int, float) or isinstance(value, np.number):
                infos[key] = np.zeros(num_envs, dtype=kind)
            else:
                infos[key] = np.full(num_envs, None, dtype=object)
            infos["_" + key] = np.zeros(num_envs, dtype=bool)
        infos[key][index] = value
        infos["_" + key][index] = True
    return infos


def env_seeds(seed, num_envs: int) -> list:
    """Per-env seeds from ``None``, an int ``k`` (``k + i``) or a sequence of ``num_envs``."""
    if seed is None:
        return [None] * num_envs
    if isinstance(seed, (int, np.integer)) and not isinstance(seed, bool):
        return [int(seed) + i for i in range(num_envs)]
    seeds = list(seed)
    if len(seeds) != num_envs:
        raise ValueError(f"reset: got {len(seeds)} seeds for {num_envs} envs")
    return seeds


class SafetyVectorEnv(gymnasium.vector.VectorEnv):
    """What the sync and async 6-tuple vector envs share: spaces, checks, batching."""

    def _set_spaces(self, num_envs: int, obs_space, action_space, metadata: dict,
                    render_mode, spec) -> None:
        if num_envs < 1:
            raise ValueError(f"a vector env needs at least one env, got {num_envs}")
        self.num_envs = num_envs
        self.single_observation_space = obs_space
        self.single_action_space = action_space
        self.observation_space = batch_space(obs_space, num_envs)
        self.action_space = batch_space(action_space, num_envs)
        self.metadata = {**metadata, "autoreset_mode": SAME_STEP}
        self.render_mode = render_mode
        self.spec = spec
        self._obs_buffer: Any = create_empty_array(obs_space, n=num_envs, fn=np.zeros)

    def _split_actions(self, actions) -> list:
        """One action per env; a batch of the wrong length or shape is refused up front."""
        space = self.action_space
        if isinstance(space, gymnasium.spaces.Box):
            shape = np.shape(actions)
            if shape != space.shape:
                raise ValueError(f"{type(self).__name__}: actions have shape {shape}, "
                                 f"expected {space.shape} (num_envs, *action_shape)")
            if np.asarray(actions).dtype.kind in "fc" and not np.all(np.isfinite(actions)):
                raise ValueError(f"{type(self).__name__}: actions contain NaN or inf")
        elif hasattr(actions, "__len__") and not isinstance(actions, dict) \
                and len(actions) != self.num_envs:
            raise ValueError(f"{type(self).__name__}: got {len(actions)} actions for "
                             f"{self.num_envs} envs")
        return list(iterate(self.action_space, actions))

    def _batch(self, results: Sequence[tuple]) -> tuple:
        """Batch the per-env 6-tuples of one step."""
        observations: list = []
        infos: dict[str, Any] = {}
        rewards = np.zeros(self.num_envs, dtype=np.float64)
        costs = np.zeros(self.num_envs, dtype=np.float64)
        terminateds = np.zeros(self.num_envs, dtype=bool)
        truncateds = np.zeros(self.num_envs, dtype=bool)
        for i, (obs, reward, cost, terminated, truncated, info) in enumerate(results):
            observations.append(obs)
            rewards[i], costs[i] = reward, cost
            terminateds[i], truncateds[i] = terminated, truncated
            merge_info(infos, info, i, self.num_envs)
        return (self._observations(observations), rewards, costs, terminateds, truncateds,
                infos)

    def _batch_reset(self, results: Sequence[tuple]) -> tuple:
        infos: dict = {}
        for i, (_, info) in enumerate(results):
            merge_info(infos, info, i, self.num_envs)
        return self._observations([obs for obs, _ in results]), infos

    def _observations(self, observations: list):
        self._obs_buffer = concatenate(self.single_observation_space, observations,
                                       self._obs_buffer)
        return copy_module.deepcopy(self._obs_buffer)


class SafetySyncVectorEnv(SafetyVectorEnv):
    """6-tuple vector env stepping its envs one after the other in this process.

    ``env_fns``: callables each returning a 6-tuple env (e.g. ``safety_sim.make(id)``).
    """

    def __init__(self, env_fns: Sequence[Callable[[], gymnasium.Env]]) -> None:
        self.envs = [fn() for fn in env_fns]
        if not self.envs:
            raise ValueError(f"{type(self).__name__}: env_fns is empty; give at least one")
        first = self.envs[0]
        self._set_spaces(len(self.envs), getattr(first, "observation_space", None),
                         getattr(first, "action_space", None), dict(first.metadata or {}),
                         first.render_mode, first.spec)

    def reset(self, *, seed=None, options: dict | None = None):
        seeds = env_seeds(seed, self.num_envs)
        return self._batch_reset([env.reset(seed=s, options=options)
                                  for env, s in zip(self.envs, seeds)])

    def step(self, actions):
        per_env = self._split_actions(actions)
        return self._batch([step_with_autoreset(env, a) for env, a in zip(self.envs, per_env)])

    def render(self):
        return tuple(env.render() for env in self.envs)

    def call(self, name: str, *args, **kwargs) -> tuple:
        out = []
        for env in self.envs:
            attr = env.get_wrapper_attr(name)
            out.append(attr(*args, **kwargs) if callable(attr) else attr)
        return tuple(out)

    def get_attr(self, name: str) -> tuple:
        return tuple(env.get_wrapper_attr(name) for env in self.envs)

    def close_extras(self, **kwargs) -> None:
        for env in self.envs:
            env.close()
