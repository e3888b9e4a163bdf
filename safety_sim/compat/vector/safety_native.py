"""A registry ``vector_entry_point`` (a batched gymnasium 1.x ``VectorEnv``, 5-tuple) seen
through Safety-Gymnasium's 6-tuple vector API (:class:`NativeSafetyVectorEnv`)."""
from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium.vector.utils import iterate

from safety_sim.compat.vector.safety import SafetyVectorEnv


def unbatch_info(info: dict, num_envs: int) -> list[dict]:
    """gymnasium 1.x's batched info (``info[k]`` over envs, mask ``info["_k"]``, nested dicts
    batched the same way) -> one plain dict per env."""
    rows: list[dict] = [{} for _ in range(num_envs)]
    for key, value in info.items():
        if isinstance(key, str) and key.startswith("_"):
            continue
        mask = info.get(f"_{key}", np.ones(num_envs, dtype=bool))
        per_env = unbatch_info(value, num_envs) if isinstance(value, dict) else value
        if key == "labels" and isinstance(value, dict):   # one bool array per proposition
            per_env = [frozenset(name for name, on in row.items() if on) for row in per_env]
        for i in range(num_envs):
            if mask[i]:
                rows[i][key] = per_env[i]
    return rows


def clip_into(actions, space):
    """Finite real actions clipped into a Box ``space`` (anything else as it is: the env names
    the problem), as Safety-Gymnasium's envs clip."""
    a = np.asarray(actions)
    if not isinstance(space, gymnasium.spaces.Box) or a.dtype.kind not in "iuf" \
            or not np.all(np.isfinite(a)):
        return actions
    return np.clip(a, space.low, space.high)


def autoreset_mode_name(vec_env: gymnasium.vector.VectorEnv) -> str:
    """``"NextStep"``, ``"SameStep"`` or ``"Disabled"`` (gymnasium 1.0's envs: NextStep)."""
    mode = vec_env.metadata.get("autoreset_mode", "NextStep")
    return str(getattr(mode, "value", mode))


class NativeSafetyVectorEnv(SafetyVectorEnv):
    """Wraps a batched 5-tuple vector env whose autoreset mode is ``SameStep`` or ``Disabled``
    (next-step autoreset cannot give same-step results) and whose infos carry ``cost``.

    Steps, resets and infos follow :mod:`safety_sim.compat.vector.safety`'s contract exactly, so the
    result is interchangeable with :class:`SafetySyncVectorEnv` on the same seeds.
    """

    def __init__(self, vec_env: gymnasium.vector.VectorEnv, clip_actions: bool = False) -> None:
        self.clip_actions = clip_actions   # Safety-Gymnasium's drop-in: clip finite actions
        self.mode = autoreset_mode_name(vec_env)
        if self.mode not in ("SameStep", "Disabled"):
            raise ValueError(f"NativeSafetyVectorEnv needs a SameStep or Disabled autoreset "
                             f"vector env, got {self.mode} ({vec_env!r})")
        self.vec_env: Any = vec_env   # a native vector env (call, get_attr as gymnasium's)
        self._set_spaces(vec_env.num_envs, vec_env.single_observation_space,
                         vec_env.single_action_space, dict(vec_env.metadata),
                         vec_env.render_mode, vec_env.spec)

    def _rows(self, obs) -> list:
        return list(iterate(self.observation_space, obs))

    def reset(self, *, seed=None, options: dict | None = None):
        obs, info = self.vec_env.reset(seed=seed, options=options)
        return self._batch_reset(list(zip(self._rows(obs),
                                          unbatch_info(info, self.num_envs))))

    def step(self, actions):
        self._split_actions(actions)                    # refuse a bad batch up front
        if self.clip_actions:
            actions = clip_into(actions, self.vec_env.action_space)
        obs, rewards, terms, truncs, info = self.vec_env.step(actions)
        done = np.logical_or(terms, truncs)
        n = self.num_envs
        if self.mode == "SameStep":
            final_obs = info.pop("final_obs", np.full(n, None, dtype=object))
            final_infos = unbatch_info(info.pop("final_info", {}), n)
            info.pop("_final_obs", None), info.pop("_final_info", None)
            step_infos = [final_infos[i] if done[i] else row
                          for i, row in enumerate(unbatch_info(info, n))]
            next_infos = unbatch_info(info, n)
            step_obs = [final_obs[i] if done[i] else None for i in range(n)]
            next_obs = self._rows(obs)
        else:
            step_infos, step_obs = unbatch_info(info, n), self._rows(obs)
            next_obs, next_infos = step_obs, step_infos
            if done.any():
                reset_obs, reset_info = self.vec_env.reset(options={"reset_mask": done})
                next_obs, next_infos = self._rows(reset_obs), unbatch_info(reset_info, n)
        results = []
        for i in range(n):
            out_info = step_infos[i]
            if done[i]:
                out_info = {**next_infos[i], "final_observation": step_obs[i],
                            "final_info": step_infos[i]}
            results.append((next_obs[i], rewards[i], step_infos[i]["cost"], terms[i],
                            truncs[i], out_info))
        return self._batch(results)

    def render(self):
        return self.vec_env.render()

    def call(self, name: str, *args, **kwargs):
        return self.vec_env.call(name, *args, **kwargs)

    def get_attr(self, name: str):
        return self.vec_env.get_attr(name)

    def close_extras(self, **kwargs) -> None:
        inner = getattr(self, "vec_env", None)     # absent when __init__ refused its env
        if inner is not None:
            inner.close()
