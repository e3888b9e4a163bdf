"""Conventions shared by every safety_sim environment.

* ``info["cost"]`` (float, the sum of the cost terms), each term under its own key, and
  ``info["labels"]`` (a frozenset of atomic propositions).
* Bad input raises an exception that names the problem (:func:`check_box_action`,
  :func:`check_discrete_action`, :class:`EpisodeGuard`).
* :func:`make` returns the Safety-Gymnasium 6-tuple form, :func:`oracle` a scripted policy,
  :func:`parallel_env` the PettingZoo form of a multi-agent id.
"""
from __future__ import annotations

import reprlib
from collections.abc import Mapping
from typing import Any, Callable

import gymnasium
import numpy as np
from gymnasium.error import ResetNeeded


class EpisodeGuard:
    """Refuses ``step`` before the first ``reset`` and after the episode has ended."""

    def __init__(self) -> None:
        self.started = False
        self.done = False

    def on_reset(self) -> None:
        self.started, self.done = True, False

    def check_step(self, env_name: str) -> None:
        if not self.started:
            raise ResetNeeded(f"{env_name}: call reset() before step()")
        if self.done:
            raise ResetNeeded(
                f"{env_name}: the episode has ended (terminated or truncated); call reset()")

    def on_step(self, terminated: bool, truncated: bool) -> None:
        self.done = bool(terminated or truncated)


#: how far (in units in the last place of the bound) an action may lie outside a Box bound and
#: still be accepted (and clipped): wrappers such as gymnasium's RescaleAction land there
BOUND_ULPS = 4


def check_box_action(action: Any, space: gymnasium.spaces.Box, env_name: str) -> np.ndarray:
    """Return ``action`` as a float64 array; raise ValueError on a non-real dtype (bool,
    complex, strings, objects, bools inside a list), a wrong shape, NaN/inf or a value outside
    ``space`` (no silent clamping, no silent casts). Values within ``BOUND_ULPS`` units in the
    last place of a bound (round-off of a rescaling wrapper) are clipped to it."""
    try:
        raw = np.asarray(action)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{env_name}: action {action!r} is not numeric") from exc
    if raw.dtype.kind not in "iuf":     # signed/unsigned ints and floats only
        what = {"b": "bool", "c": "complex"}.get(raw.dtype.kind)
        if what is not None:
            raise ValueError(f"{env_name}: action {action!r} has {what} dtype {raw.dtype}; "
                             "expected real numbers (int or float)")
        raise ValueError(f"{env_name}: action {action!r} is not numeric (dtype {raw.dtype})")
    if not isinstance(action, np.ndarray) and _holds_bool(action):
        raise ValueError(f"{env_name}: action {action!r} holds a bool; expected real numbers "
                         "(int or float)")
    a = raw.astype(np.float64)
    if a.shape != space.shape:
        raise ValueError(
            f"{env_name}: action has shape {a.shape}, expected {space.shape}")
    if not np.all(np.isfinite(a)):
        raise ValueError(f"{env_name}: action contains NaN or inf: {a}")
    low, high = space.low, space.high
    bad = (a < low) | (a > high)
    if np.any(bad):
        far = (a < low - _slack(low)) | (a > high + _slack(high))
        if not np.any(far):
            return np.clip(a, low, high)
        i = int(np.flatnonzero(far)[0])
        raise ValueError(
            f"{env_name}: action[{i}] = {a[i]} is outside the action space "
            f"[{low[i]}, {high[i]}]")
    return a


def _slack(bound: np.ndarray) -> np.ndarray:
    """``BOUND_ULPS`` units in the last place of each finite bound (0 for infinite ones)."""
    finite = np.isfinite(bound)
    return np.where(finite, BOUND_ULPS * np.spacing(np.abs(np.where(finite, bound, 0.0))), 0.0)


def _holds_bool(action: Any) -> bool:
    """True when a (nested) list or tuple contains a Python or numpy bool."""
    if isinstance(action, (bool, np.bool_)):
        return True
    if isinstance(action, (list, tuple)):
        return any(_holds_bool(x) for x in action)
    return False


def check_discrete_action(action: Any, n: int, env_name: str) -> int:
    """Return ``action`` as an int in ``range(n)``; raise ValueError otherwise.

    Accepted: Python ints and numpy integer scalars or 0-d integer arrays (what
    ``Discrete(n).contains`` accepts). Bools, floats and arrays of another shape are refused.
    """
    if isinstance(action, np.ndarray):
        if action.shape != ():
            raise ValueError(
                f"{env_name}: action has shape {action.shape}, expected a scalar int in 0..{n - 1}")
        if action.dtype.kind not in "iu":
            raise ValueError(f"{env_name}: action {action!r} has dtype {action.dtype}, "
                             f"expected an int in 0..{n - 1}")
        action = action.item()
    if isinstance(action, (bool, np.bool_)):
        raise ValueError(f"{env_name}: action {action!r} is a bool, expected an int in 0..{n - 1}")
    if not isinstance(action, (int, np.integer)):
        raise ValueError(f"{env_name}: action {action!r} is not an int in 0..{n - 1}")
    a = int(action)
    if not 0 <= a < n:
        raise ValueError(f"{env_name}: action {a} is out of range 0..{n - 1}")
    return a


def check_flag(value: Any, name: str, env_name: str) -> bool:
    """A constructor flag must be a bool (``"no"`` would otherwise silently mean True)."""
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{env_name}: {name} must be a bool, got {value!r}")
    return bool(value)


def check_number(value: Any, name: str, env_name: str, low: float = -np.inf,
                 high: float = np.inf) -> float:
    """A real, finite constructor number within [low, high] (no bools, no strings)."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, np.integer,
                                                                      np.floating)):
        raise TypeError(f"{env_name}: {name} must be a number, got {value!r}")
    v = float(value)
    if not np.isfinite(v) or not low <= v <= high:
        raise ValueError(f"{env_name}: {name} must be a finite number in [{low}, {high}], "
                         f"got {value!r}")
    return v


def check_int(value: Any, name: str, env_name: str, low: int | None = None,
              high: int | None = None) -> int:
    """A constructor integer within [low, high] (no bools, floats or strings)."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{env_name}: {name} must be an int, got {value!r}")
    v = int(value)
    if (low is not None and v < low) or (high is not None and v > high):
        lo = "-inf" if low is None else low
        hi = "inf" if high is None else high
        raise ValueError(f"{env_name}: {name} must be an int in [{lo}, {hi}], got {value!r}")
    return v


_SHORT = reprlib.Repr()
_SHORT.maxlevel, _SHORT.maxstring, _SHORT.maxother = 3, 400, 400
_SHORT.maxlist = _SHORT.maxtuple = _SHORT.maxdict = _SHORT.maxset = 24


def short_repr(value: Any) -> str:
    """``repr`` for error messages about user input: nesting, long strings and long containers
    are elided (a record nested thousands deep must not end in RecursionError)."""
    return _SHORT.repr(value)


def check_reset_options(options: Any, accepted: tuple[str, ...], env_name: str) -> dict:
    """``reset(options=...)``: None (-> ``{}``) or a dict whose keys are all in ``accepted``.

    TypeError for a non-dict (int, bool, list, ...), ValueError naming unknown keys; both
    messages name ``options``. Call it before changing anything, so that a refused reset
    changes nothing.
    """
    if options is None:
        return {}
    if not isinstance(options, Mapping):
        raise TypeError(f"{env_name}: reset options must be a dict, got {short_repr(options)}")
    unknown = sorted((k for k in options if k not in accepted), key=repr)
    if unknown:
        known = ", ".join(map(repr, accepted)) if accepted else "none"
        raise ValueError(f"{env_name}: reset options has unknown key(s) "
                         f"{short_repr(unknown)}; known: {known}")
    return dict(options)


def safety_info(cost_terms: dict[str, float], labels: frozenset[str],
                extra: dict[str, Any] | None = None) -> dict[str, Any]:
    """Build the standard info dict: the terms, ``cost`` = their sum, ``labels``."""
    info: dict[str, Any] = dict(extra or {})
    info.update(cost_terms)
    info["cost"] = float(sum(cost_terms.values()))
    info["labels"] = frozenset(labels)
    return info


class SafetyGymnasiumStep(gymnasium.Wrapper):
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
    if autoreset not in (None, True, False):
        raise TypeError(f"make: autoreset must be a bool or None, got {autoreset!r}")
    env = SafetyGymnasiumStep(gymnasium.make(id, max_episode_steps=max_episode_steps,
                                             disable_env_checker=disable_env_checker, **kwargs))
    if autoreset:
        from safety_sim.compat.wrappers import SafeAutoResetWrapper

        env = SafeAutoResetWrapper(env)
    return env


def oracle(env: gymnasium.Env) -> Callable[[Any], Any]:
    """A scripted policy: ``policy = oracle(env); a = policy(obs)``. It may read the env's true
    state. Oracles exist for every gridworld and, in the navigation tasks, for Point and Car on
    Push, Goal and Button; TypeError otherwise."""
    base = env.unwrapped
    factory = getattr(base, "make_oracle", None)
    if factory is None:
        raise TypeError(f"{type(base).__name__} has no oracle policy (oracles exist for the "
                        "gridworlds and for Point and Car on Push, Goal and Button)")
    return factory()


def parallel_env(env_id: str, max_cycles: int | None = None, **kwargs):
    """PettingZoo ``ParallelEnv`` form of a multi-agent id (needs the ``multiagent`` extra):
    string agent ids ``"agent_0"``, ...; ``max_cycles`` truncates every agent after that many
    parallel steps (see :class:`~safety_sim.envs.pettingzoo_adapter.ParallelAdapter`)."""
    from safety_sim.registration import row

    r = row(env_id)
    if r.family != "multiagent":
        raise ValueError(f"{env_id} is not a multi-agent environment")
    from safety_sim.envs.pettingzoo_adapter import ParallelAdapter  # needs pettingzoo

    return ParallelAdapter(gymnasium.make(env_id, **kwargs).unwrapped, max_cycles=max_cycles)
