"""A safety_sim env as a ``dm_env.Environment`` (needs the optional ``dm`` extra:
``pip install -e '.[dm]'`` in a clone of safety_sim, or just ``pip install dm-env``).

``safety_sim.dm_env(env_id, seed=None, **kwargs)`` builds ``gymnasium.make(env_id, **kwargs)``
and returns :class:`DmEnvAdapter`.
"""
from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

try:
    import dm_env
    from dm_env import specs
except ImportError as exc:  # pragma: no cover - exercised only without dm_env
    raise ImportError("safety_sim's dm_env adapter needs the optional 'dm' extra: "
                      "pip install -e '.[dm]'  (or: pip install dm-env)") from exc

from safety_sim.adapters.labels import label_bits, label_names

COST_KEY, LABELS_KEY, OBS_KEY = "cost", "labels", "observation"


def spec_of(space: spaces.Space, name: str | None = None):
    """The dm_env spec of a gymnasium space: Box -> (Bounded)Array, Discrete -> DiscreteArray
    (or BoundedArray when it does not start at 0), MultiDiscrete/MultiBinary -> BoundedArray,
    Text -> StringArray, Dict -> dict of specs, Tuple -> tuple of specs."""
    if isinstance(space, spaces.Box):
        if np.all(np.isfinite(space.low)) and np.all(np.isfinite(space.high)):
            return specs.BoundedArray(space.shape, space.dtype, space.low, space.high, name)
        return specs.Array(space.shape, space.dtype, name)
    if isinstance(space, spaces.Discrete):
        start, n = int(space.start), int(space.n)
        if start == 0:
            return specs.DiscreteArray(n, dtype=np.int64, name=name)
        return specs.BoundedArray((), np.int64, start, start + n - 1, name)
    if isinstance(space, spaces.MultiDiscrete):
        return specs.BoundedArray(space.shape, np.int64, space.start,
                                  space.start + space.nvec - 1, name)
    if isinstance(space, spaces.MultiBinary):
        return specs.BoundedArray(space.shape, np.int8, 0, 1, name)
    if isinstance(space, spaces.Text):
        return specs.StringArray((), name=name)
    if isinstance(space, spaces.Dict):
        return {str(k): spec_of(s, str(k)) for k, s in space.spaces.items()}
    if isinstance(space, spaces.Tuple):
        return tuple(spec_of(s, f"{name}_{i}") for i, s in enumerate(space.spaces))
    raise TypeError(f"no dm_env spec for the gymnasium space {space!r}")


def _as_spec_value(value, spec):
    """Cast one observation item to its spec's dtype (dicts and tuples recursively)."""
    if isinstance(spec, dict):
        return {k: _as_spec_value(value[k], s) for k, s in spec.items()}
    if isinstance(spec, tuple):
        return tuple(_as_spec_value(v, s) for v, s in zip(value, spec))
    if isinstance(spec, specs.StringArray):
        return np.asarray(value, dtype=object)
    return np.asarray(value, dtype=spec.dtype)


class DmEnvAdapter(dm_env.Environment):
    """dm_env's TimeStep API over a single-agent safety_sim env.

    Observation: a dict — the env's observation under ``"observation"`` (Box envs) or the env's
    own Dict keys (Vision ids, gridworlds); ``"cost"`` (float64 scalar, ``info["cost"]`` of the
    step, 0 at reset) and ``"labels"`` (uint8 bit vector; bit ``j`` is ``label_names[j]`` in
    ``info["labels"]``; see :func:`safety_sim.adapters.labels.label_names`). Reward: float64,
    or the env's ``reward_space`` shape (vector-reward Bottles). Discount: 1 on transitions,
    0 on termination, 1 on truncation (time limits), as dm_env expects.
    ``step`` on a fresh env or after a LAST step resets (dm_env's contract). ``seed`` seeds the
    first reset; later resets continue the env's own generator. ``env`` is the gymnasium env.
    """

    def __init__(self, env: gymnasium.Env, seed: int | None = None) -> None:
        if isinstance(env.action_space, spaces.Dict) and \
                all(isinstance(k, int) for k in env.action_space.spaces):
            raise TypeError("DmEnvAdapter takes single-agent envs; use "
                            "safety_sim.parallel_env for the multi-agent ones")
        self.env, self._seed, self._fresh = env, seed, True
        self.label_names = label_names(env)
        inner = spec_of(env.observation_space, OBS_KEY)
        inner = inner if isinstance(inner, dict) else {OBS_KEY: inner}
        clash = {COST_KEY, LABELS_KEY} & set(inner)
        if clash:
            raise ValueError(f"the env's observation already has keys {clash}")
        self._wrap_obs = not isinstance(env.observation_space, spaces.Dict)
        self._obs_spec = {**inner, COST_KEY: specs.Array((), np.float64, COST_KEY),
                          LABELS_KEY: specs.BoundedArray((len(self.label_names),), np.uint8,
                                                         0, 1, LABELS_KEY)}
        self._action_spec = spec_of(env.action_space, "action")
        reward_space = getattr(env.unwrapped, "reward_space", None)
        shape = () if reward_space is None else reward_space.shape
        self._reward_spec = specs.Array(shape, np.float64, "reward")

    def _observation(self, obs, info: dict) -> dict[str, Any]:
        items = {OBS_KEY: obs} if self._wrap_obs else {str(k): v for k, v in obs.items()}
        out = {k: _as_spec_value(v, self._obs_spec[k]) for k, v in items.items()}
        out[COST_KEY] = np.float64(info.get("cost", 0.0))
        out[LABELS_KEY] = label_bits(info.get("labels", frozenset()), self.label_names)
        return out

    def reset(self) -> dm_env.TimeStep:
        seed = self._seed if self._fresh else None
        obs, info = self.env.reset(seed=seed)
        self._fresh, self._last = False, False
        return dm_env.restart(self._observation(obs, info))

    def step(self, action) -> dm_env.TimeStep:
        if self._fresh or self._last:
            return self.reset()
        if isinstance(self.env.action_space, spaces.Discrete):
            action = int(np.asarray(action))
        obs, reward, terminated, truncated, info = self.env.step(action)
        reward = np.asarray(reward, dtype=np.float64)
        observation = self._observation(obs, info)
        self._last = bool(terminated or truncated)
        if terminated:
            return dm_env.termination(reward, observation)
        if truncated:
            return dm_env.truncation(reward, observation)
        return dm_env.transition(reward, observation)

    def observation_spec(self):
        return self._obs_spec

    def action_spec(self):
        return self._action_spec

    def reward_spec(self):
        return self._reward_spec

    def close(self) -> None:
        self.env.close()


def make_dm_env(env_id: str, seed: int | None = None, **kwargs) -> DmEnvAdapter:
    """``gymnasium.make(env_id, **kwargs)`` as a :class:`DmEnvAdapter`."""
    return DmEnvAdapter(gymnasium.make(env_id, **kwargs), seed=seed)
