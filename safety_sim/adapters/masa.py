"""MASA's labelled-environment form for every safety_sim id (no dependency on MASA).

MASA (``masa-safe-rl``) builds envs from constructors in its ``ENV_REGISTRY`` and looks for
``label_fn(obs)`` and ``cost_fn(labels)`` on the env it built. :class:`LabelledTaskEnv` is such
a bare env for any safety_sim id: ``label_fn`` returns the labels of the step that produced
``obs`` (from the env's ``info["labels"]``, so it works where labels are not a function of the
observation, e.g. Push's hazards), ``cost_fn`` is the env's own.

    from masa.common import registry
    from safety_sim.adapters.masa import register_masa_env
    register_masa_env("SafetyPointPush1-v0", registry.ENV_REGISTRY)
    env = masa.common.utils.make_env("SafetyPointPush1-v0", "CMDP", 1000)
"""
from __future__ import annotations

import functools
from typing import Any

import gymnasium
from gymnasium.utils.env_checker import data_equivalence

from safety_sim.core import plain_seed


class LabelledTaskEnv(gymnasium.Env):
    """A safety_sim id as a bare env with MASA's ``label_fn(obs)`` / ``cost_fn(labels)``.

    ``env_id`` and ``**kwargs`` go to ``gymnasium.make`` (without a time limit: MASA's
    ``make_env`` adds its own ``TimeLimit``; ``max_episode_steps`` here sets a different one).
    Spaces, metadata, ``render`` and ``close`` are the inner env's; ``reset``/``step`` pass
    through unchanged (``info`` keeps ``cost``, the cost terms and ``labels``).

    ``label_fn(obs)`` gives ``set(info["labels"])`` of the latest ``reset``/``step``, and
    refuses (ValueError) an ``obs`` that is not that latest observation — labels of earlier
    states are not kept, and returning the latest for them would be silently wrong.
    ``cost_fn(labels)`` is ``env.unwrapped.cost_fn``.
    """

    def __init__(self, env_id: str, max_episode_steps: int | None = None, **kwargs) -> None:
        limit: dict[str, Any] = ({"max_episode_steps": max_episode_steps}
                                 if max_episode_steps else {})
        self.env = gymnasium.make(env_id, **limit, **kwargs)
        if hasattr(self.env.unwrapped, "possible_agents"):   # per-agent dicts (MultiGoal)
            self.env.close()
            raise ValueError(f"{env_id} has several agents (actions, rewards and labels per "
                             "agent): MASA's labelled form is for single-agent ids")
        if not limit:     # the registry's TimeLimit is dropped: MASA adds its own
            self.env = _without_time_limit(self.env)
        self.env_id = env_id
        self.observation_space = self.env.observation_space
        self.action_space = self.env.action_space
        self.metadata = self.env.metadata
        self.render_mode = self.env.render_mode
        self._obs: Any = None
        self._labels: frozenset[str] | None = None

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        seed = plain_seed(seed)           # numpy integers as Python ints
        super().reset(seed=seed)
        obs, info = self.env.reset(seed=seed, options=options)
        self._obs, self._labels = obs, frozenset(info["labels"])
        return obs, info

    def step(self, action):
        obs, reward, terminated, truncated, info = self.env.step(action)
        self._obs, self._labels = obs, frozenset(info["labels"])
        return obs, reward, terminated, truncated, info

    def label_fn(self, obs) -> set[str]:
        if self._labels is None:
            raise gymnasium.error.ResetNeeded(f"{self.env_id}: label_fn before reset()")
        if obs is not self._obs and not data_equivalence(obs, self._obs):
            raise ValueError(f"{self.env_id}: label_fn labels only the latest observation "
                             "(labels come from the step's info, not from the observation)")
        return set(self._labels)

    def cost_fn(self, labels) -> float:
        base: Any = self.env.unwrapped     # a safety_sim env: it has cost_fn
        return float(base.cost_fn(frozenset(labels)))

    def render(self):
        return self.env.render()

    def close(self) -> None:
        self.env.close()


def _without_time_limit(env: gymnasium.Env) -> gymnasium.Env:
    """The env under gymnasium.make's outer wrappers if the outermost is a TimeLimit."""
    if isinstance(env, gymnasium.wrappers.TimeLimit):
        return env.env
    return env


def register_masa_env(env_id: str, env_registry, name: str | None = None, **kwargs) -> str:
    """Register ``env_id`` (as :class:`LabelledTaskEnv`) in MASA's ``ENV_REGISTRY`` (or any
    object with ``register(name, ctor)``) under ``name`` (default: the id); returns the name."""
    name = name or env_id
    env_registry.register(name, functools.partial(LabelledTaskEnv, env_id, **kwargs))
    return name
