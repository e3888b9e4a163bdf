"""Wrappers for envs with Safety-Gymnasium's 6-tuple step ``(obs, reward, cost, terminated,
truncated, info)`` — the names Safety-Gymnasium's callers import from
``safety_gymnasium.wrappers`` (see :mod:`safety_sim.compat`).

* :class:`SafeAutoResetWrapper`: same-step autoreset (``final_observation``/``final_info``).
* :class:`SafeTimeLimit`: truncation after ``max_episode_steps`` steps.
* :class:`SafeRescaleAction`: actions in ``[min_action, max_action]`` mapped onto the env's Box.
* :class:`SafeClipAction`: finite actions clipped into the env's Box (Safety-Gymnasium's
  envs clip silently; safety_sim's refuse, so the drop-in module clips first).
* :class:`SafeUnsqueeze`: a leading axis of length 1 on obs/reward/cost/flags (SafePO's form).
* :class:`SafetyGymnasium2Gymnasium` / :class:`Gymnasium2SafetyGymnasium`: 6-tuple <-> 5-tuple.

Each forwards the public attributes it lacks to the env it wraps (:class:`ForwardsAttributes`).
"""
from __future__ import annotations

from typing import Any, Callable

import gymnasium
import numpy as np
from gymnasium.utils import RecordConstructorArgs

from safety_sim.core import check_box_action, holds_bool


class ForwardsAttributes:
    """A wrapper mixin: a public attribute the wrapper lacks is looked up in the wrapped env
    and below (``get_wrapper_attr``), as gymnasium 0.28's wrappers did and Safety-Gymnasium's
    callers expect (SafePO reads its normaliser's ``obs_rms`` through ``SafeUnsqueeze``).
    Names starting with ``_`` are not forwarded."""

    def __getattr__(self, name: str):
        env = self.__dict__.get("env")
        if name.startswith("_") or env is None:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        if isinstance(env, gymnasium.Env):
            return env.get_wrapper_attr(name)
        return getattr(env, name)


class SafetyGymnasiumStep(ForwardsAttributes, gymnasium.Wrapper):
    """Safety-Gymnasium's step signature: ``(obs, reward, cost, terminated, truncated, info)``.

    The cost is ``info["cost"]``; for a multi-agent env whose ``info`` is keyed by agent, it
    is the dict ``{agent: info[agent]["cost"]}``. Everything else is passed through unchanged.
    """

    def step(self, action):
        obs, reward, terminated, truncated, info = self.env.step(action)
        return obs, reward, step_cost(info), terminated, truncated, info


def step_cost(info: dict) -> Any:
    """The step cost from an info dict: ``info["cost"]``, or per agent for per-agent infos."""
    if "cost" in info:
        return info["cost"]
    if info and all(isinstance(v, dict) and "cost" in v for v in info.values()):
        return {k: v["cost"] for k, v in info.items()}
    raise KeyError("the env's info has no 'cost' entry")


FINAL_KEYS = ("final_observation", "final_info")


def step_with_autoreset(env: Any, action) -> tuple:   # a 6-tuple (Safety-Gymnasium) env
    """One 6-tuple step of ``env``; when it ends the episode, reset at once.

    The returned observation and info are then the new episode's, with the ending step's
    observation and info under ``info["final_observation"]`` and ``info["final_info"]``;
    reward, cost, terminated and truncated are the ending step's.
    """
    obs, reward, cost, terminated, truncated, info = env.step(action)
    if terminated or truncated:
        new_obs, new_info = env.reset()
        clash = [k for k in FINAL_KEYS if k in new_info]
        if clash:
            raise KeyError(f"autoreset: the env's reset info already has {clash}")
        info = {**new_info, "final_observation": obs, "final_info": info}
        obs = new_obs
    return obs, reward, cost, terminated, truncated, info


class SafeAutoResetWrapper(ForwardsAttributes, gymnasium.Wrapper, RecordConstructorArgs):
    """Same-step autoreset of a 6-tuple env (see :func:`step_with_autoreset`)."""

    def __init__(self, env: gymnasium.Env) -> None:
        RecordConstructorArgs.__init__(self)
        gymnasium.Wrapper.__init__(self, env)

    def step(self, action):
        return step_with_autoreset(self.env, action)


class SafeTimeLimit(ForwardsAttributes, gymnasium.Wrapper, RecordConstructorArgs):
    """``truncated=True`` on the ``max_episode_steps``-th step of a 6-tuple env (per-agent
    flags, a dict: every agent's, in a new dict)."""

    def __init__(self, env: gymnasium.Env, max_episode_steps: int) -> None:
        if isinstance(max_episode_steps, bool) or not isinstance(max_episode_steps, int) \
                or max_episode_steps < 1:
            raise ValueError(f"SafeTimeLimit: max_episode_steps must be an int >= 1, "
                             f"got {max_episode_steps!r}")
        RecordConstructorArgs.__init__(self, max_episode_steps=max_episode_steps)
        gymnasium.Wrapper.__init__(self, env)
        self.max_episode_steps = max_episode_steps
        self.elapsed_steps = 0

    def reset(self, **kwargs):
        self.elapsed_steps = 0
        return self.env.reset(**kwargs)

    def step(self, action):
        obs, reward, cost, terminated, truncated, info = self.env.step(action)
        self.elapsed_steps += 1
        if self.elapsed_steps >= self.max_episode_steps:
            truncated = dict.fromkeys(truncated, True) if isinstance(truncated, dict) else True
        elif not isinstance(truncated, dict):
            truncated = bool(truncated)
        return obs, reward, cost, terminated, truncated, info


def _box_space(env: gymnasium.Env, who: str) -> gymnasium.spaces.Box:
    space = env.action_space
    if not isinstance(space, gymnasium.spaces.Box):
        raise TypeError(f"{who} needs a Box action space, got {space!r}")
    return space


class SafeClipAction(ForwardsAttributes, gymnasium.ActionWrapper, RecordConstructorArgs):
    """Clip finite actions into the env's Box (NaN/inf and wrong shapes still raise)."""

    def __init__(self, env: gymnasium.Env) -> None:
        RecordConstructorArgs.__init__(self)
        gymnasium.ActionWrapper.__init__(self, env)
        self._box = _box_space(env, "SafeClipAction")

    def action(self, action):
        a = np.asarray(action)
        if a.dtype.kind not in "iuf" or not np.all(np.isfinite(a)):
            return action          # let the env name the problem
        return np.clip(a, self._box.low, self._box.high)


class SafeRescaleAction(ForwardsAttributes, gymnasium.ActionWrapper, RecordConstructorArgs):
    """Take actions in ``[min_action, max_action]`` and map them linearly onto the env's Box.

    The bounds are real numbers (or arrays of them) with ``min_action < max_action``, and the
    env's Box is bounded; an action is checked as the bare env checks its own (real dtype, no
    bool, its shape, finite: ValueError naming the problem), then mapped. An action outside
    ``[min_action, max_action]`` maps outside the env's Box, where the drop-in's ``make``
    clips it (as Safety-Gymnasium's envs do; SafePO's Gaussian policies rely on it) and
    ``safety_sim.make`` refuses it. The arithmetic halves both sides, so even ``(-1e308,
    1e308)``, whose width overflows float64, maps every action to a finite one (bit for bit
    what ``low + (a - lo) / (hi - lo) * (high - low)`` gives where nothing overflows)."""

    def __init__(self, env: gymnasium.Env, min_action: float, max_action: float) -> None:
        RecordConstructorArgs.__init__(self, min_action=min_action, max_action=max_action)
        box = _box_space(env, "SafeRescaleAction")
        if not (np.all(np.isfinite(box.low)) and np.all(np.isfinite(box.high))):
            raise ValueError(f"SafeRescaleAction: the env's action space {box} is unbounded; "
                             "there is no range to map onto")
        lo = np.broadcast_to(_real_bound(min_action, "min_action", box.shape), box.shape)
        hi = np.broadcast_to(_real_bound(max_action, "max_action", box.shape), box.shape)
        if not (np.all(np.isfinite(lo)) and np.all(np.isfinite(hi)) and np.all(lo < hi)):
            raise ValueError(f"SafeRescaleAction: need finite min_action < max_action, got "
                             f"{min_action!r}, {max_action!r}")
        gymnasium.ActionWrapper.__init__(self, env)
        self._lo, self._hi, self._box = lo, hi, box
        self._half_lo, self._half_width = lo * 0.5, hi * 0.5 - lo * 0.5
        self._low, self._half_span = box.low.astype(np.float64), (
            box.high.astype(np.float64) * 0.5 - box.low.astype(np.float64) * 0.5)
        self.action_space = gymnasium.spaces.Box(lo, hi, box.shape, np.float64)
        self._any = gymnasium.spaces.Box(-np.inf, np.inf, box.shape, np.float64)

    def action(self, action):
        a = check_box_action(action, self._any, "SafeRescaleAction")
        with np.errstate(over="ignore", invalid="ignore"):    # refused below, by name
            frac = (a * 0.5 - self._half_lo) / self._half_width
            out = self._low + (frac * self._half_span) * 2.0
        if not np.all(np.isfinite(out)):
            raise ValueError(f"SafeRescaleAction: action {a} lies so far outside [min_action, "
                             "max_action] that it maps beyond float64's range")
        return out


def _real_bound(value, name: str, shape: tuple) -> np.ndarray:
    """``min_action``/``max_action`` as float64: real numbers only (no str, bool, complex)."""
    try:
        raw = np.asarray(value)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"SafeRescaleAction: {name} {value!r} is not a real number") from exc
    if raw.dtype.kind not in "iuf" or holds_bool(value):
        raise ValueError(f"SafeRescaleAction: {name} must be real numbers (int or float), got "
                         f"{value!r}")
    try:
        np.broadcast_to(raw, shape)
    except ValueError as exc:
        raise ValueError(f"SafeRescaleAction: {name} of shape {raw.shape} does not fit the "
                         f"action space's shape {shape}") from exc
    return raw.astype(np.float64)


class SafeUnsqueeze(ForwardsAttributes, gymnasium.Wrapper, RecordConstructorArgs):
    """A leading axis of length 1 on obs, reward, cost, terminated, truncated and on the
    array values of ``info`` (one env shaped like a vector env of one)."""

    def __init__(self, env: gymnasium.Env) -> None:
        RecordConstructorArgs.__init__(self)
        gymnasium.Wrapper.__init__(self, env)

    @staticmethod
    def _info(info: dict) -> dict:
        return {k: np.expand_dims(v, 0) if isinstance(v, np.ndarray) else v
                for k, v in info.items()}

    def reset(self, **kwargs):
        obs, info = self.env.reset(**kwargs)
        return np.expand_dims(obs, 0), self._info(info)

    def step(self, action):
        out = self.env.step(action)
        batched = tuple(np.expand_dims(np.asarray(x), 0) for x in out[:5])
        return (*batched, self._info(out[5]))


class SafetyGymnasium2Gymnasium(ForwardsAttributes, gymnasium.Wrapper, RecordConstructorArgs):
    """6-tuple env -> gymnasium's 5-tuple, the cost in ``info["cost"]``."""

    def __init__(self, env: gymnasium.Env) -> None:
        RecordConstructorArgs.__init__(self)
        gymnasium.Wrapper.__init__(self, env)

    def step(self, action):
        obs, reward, cost, terminated, truncated, info = self.env.step(action)
        return obs, reward, terminated, truncated, {**info, "cost": cost}


class Gymnasium2SafetyGymnasium(SafetyGymnasiumStep, RecordConstructorArgs):
    """gymnasium 5-tuple env with ``info["cost"]`` -> the 6-tuple."""

    def __init__(self, env: gymnasium.Env) -> None:
        RecordConstructorArgs.__init__(self)
        SafetyGymnasiumStep.__init__(self, env)


def with_gymnasium_wrappers(env: gymnasium.Env,
                            *wrappers: Callable[[gymnasium.Env], gymnasium.Env]) -> Any:
    """Apply 5-tuple gymnasium wrappers to a 6-tuple env: convert, wrap, convert back."""
    env = SafetyGymnasium2Gymnasium(env)
    for wrapper in wrappers:
        if not callable(wrapper):
            raise TypeError(f"with_gymnasium_wrappers: {wrapper!r} is not callable")
        env = wrapper(env)
    return Gymnasium2SafetyGymnasium(env)


def make(id, max_episode_steps: int | None = None, autoreset: bool | None = None,  # noqa: A002
         disable_env_checker: bool | None = None, **kwargs) -> gymnasium.Env:
    """Safety-Gymnasium's ``make``: the env with the 6-tuple step
    ``(obs, reward, cost, terminated, truncated, info)``.

    ``id`` (positional or keyword, a registered id or an ``EnvSpec``), ``max_episode_steps``
    (gymnasium's ``TimeLimit``; default the registry's) and ``disable_env_checker`` are
    gymnasium's. ``autoreset=True`` resets inside the step that ends an episode, as
    Safety-Gymnasium's ``SafeAutoResetWrapper``: that step returns the new episode's first
    observation, the ending step's reward, cost and flags, and the ending step's observation
    and info under ``info["final_observation"]`` / ``info["final_info"]``.
    Every other kwarg (``render_mode``, ``camera_name``, ``camera_id``, ``width``,
    ``height``, the env's own options) goes to the env's constructor, which refuses unknown
    ones by name (TypeError).
    """
    if autoreset is not None and not isinstance(autoreset, (bool, np.bool_)):
        raise TypeError(f"make: autoreset must be a bool or None, got {autoreset!r}")
    mode = kwargs.get("render_mode")
    if mode is not None and not isinstance(mode, str):   # gymnasium.make would fail inside
        raise TypeError(f"make: render_mode must be a str or None, got {mode!r} "
                        f"({type(mode).__name__})")
    env: gymnasium.Wrapper
    env = SafetyGymnasiumStep(gymnasium.make(id, max_episode_steps=max_episode_steps,
                                             disable_env_checker=disable_env_checker, **kwargs))
    if autoreset:
        env = SafeAutoResetWrapper(env)
    return env
