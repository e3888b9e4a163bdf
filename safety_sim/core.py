"""Conventions shared by every safety_sim environment.

* ``info["cost"]`` (float, the sum of the cost terms), each term under its own key, and
  ``info["labels"]`` (a frozenset of atomic propositions).
* Bad input raises an exception that names the problem (:func:`check_box_action`,
  :func:`check_discrete_action`, :class:`EpisodeGuard`).

The front door (``make``, ``oracle``, ``parallel_env``) is :mod:`safety_sim.api`; this module
imports nothing of the package but its compiled helper, so that every module may import it.
"""
from __future__ import annotations

import reprlib
from collections.abc import Callable, Mapping
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.error import ResetNeeded

try:        # the bounds check of one action in C (setup.py builds it where it can)
    from safety_sim._exact_math import within as _within
except ImportError:
    _within = None


class EpisodeGuard:
    """Refuses ``step`` before the first ``reset``, after the episode has ended and after a
    step that did not finish (:meth:`on_interrupt`)."""

    def __init__(self) -> None:
        self.started = False
        self.done = False
        self.interrupted: str | None = None   # what stopped a step half-way, until reset

    def on_reset(self) -> None:
        self.started, self.done, self.interrupted = True, False, None

    def check_step(self, env_name: str) -> None:
        if not self.started:
            raise ResetNeeded(f"{env_name}: call reset() before step()")
        if self.done:
            if self.interrupted is not None:
                raise ResetNeeded(
                    f"{env_name}: the previous step was interrupted ({self.interrupted}) "
                    "after the simulation had moved, so the env is between two states; "
                    "call reset()")
            raise ResetNeeded(
                f"{env_name}: the episode has ended (terminated or truncated); call reset()")

    def on_step(self, terminated: bool, truncated: bool) -> None:
        self.done = bool(terminated or truncated)

    def on_interrupt(self, exc: BaseException) -> None:
        """A step raised (or was interrupted by Ctrl-C) part-way: refuse steps until reset."""
        self.done, self.interrupted = True, type(exc).__name__


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
    if not isinstance(action, np.ndarray) and holds_bool(action):
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
        far = (a < low - bound_slack(low)) | (a > high + bound_slack(high))
        if not np.any(far):
            return np.clip(a, low, high)
        i = int(np.flatnonzero(far)[0])
        raise ValueError(
            f"{env_name}: action[{i}] = {a[i]} is outside the action space "
            f"[{low[i]}, {high[i]}]")
    return a


def bound_slack(bound: np.ndarray) -> np.ndarray:
    """``BOUND_ULPS`` units in the last place of each finite bound (0 for infinite ones): how
    far outside a bound an action is still accepted (and clipped to it)."""
    finite = np.isfinite(bound)
    return np.where(finite, BOUND_ULPS * np.spacing(np.abs(np.where(finite, bound, 0.0))), 0.0)


def holds_bool(action: Any) -> bool:
    """True when a (nested) list or tuple contains a Python or numpy bool."""
    if isinstance(action, (bool, np.bool_)):
        return True
    if isinstance(action, (list, tuple)):
        return any(holds_bool(x) for x in action)
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


def plain_seed(seed: Any) -> Any:
    """A numpy integer seed as the Python int gymnasium's seeding accepts; anything else as it
    is (gymnasium's ``reset`` names a bad seed). Call it on ``reset(seed=...)`` before use."""
    if isinstance(seed, np.integer):
        return int(seed)
    return seed


class RenderModes(list):
    """An env's ``metadata["render_modes"]``: a list of str whose ``in`` test refuses a
    non-str (as ``1 in "abc"`` does) with TypeError naming ``render_mode``, so that
    ``gymnasium.make(id, render_mode=1)`` gets this message rather than an AttributeError
    from inside gymnasium. ``None`` (no rendering) is not in it."""

    def __contains__(self, mode: object) -> bool:
        if mode is not None and not isinstance(mode, str):
            raise TypeError(f"render_mode must be a str or None, got {short_repr(mode)} "
                            f"({type(mode).__name__}); one of {list(self)}")
        return super().__contains__(mode)


def check_render_mode(render_mode: Any, modes, env_name: str) -> str | None:
    """``render_mode``: None or one of ``modes``; TypeError for a non-str, ValueError for an
    unknown str."""
    if render_mode is None:
        return None
    if not isinstance(render_mode, str):
        raise TypeError(f"{env_name}: render_mode must be a str or None, got "
                        f"{short_repr(render_mode)} ({type(render_mode).__name__})")
    if render_mode not in modes:
        raise ValueError(f"{env_name}: render_mode {render_mode!r} not in {tuple(modes)}")
    return render_mode


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


class ActionCheckMixin:
    """``_check_action`` for an env with ``action_space`` (a ``Box``) and ``name``.

    A mixin rather than a helper object so that the step pays one method call, as before the
    split. ``_init_action_check`` caches the shape and the bounds (float64 arrays for the
    compiled check, Python floats for the loop that stands in for it).
    """

    action_space: spaces.Box
    name: str

    def _init_action_check(self) -> None:
        self._act_shape = self.action_space.shape
        low, high = self.action_space.low, self.action_space.high
        self._act_bounds = list(zip(low.tolist(), high.tolist()))
        self._act_low = np.ascontiguousarray(low, dtype=np.float64).reshape(-1)
        self._act_high = np.ascontiguousarray(high, dtype=np.float64).reshape(-1)

    def _check_action(self, action) -> np.ndarray:
        """Fast path for a real array of the right shape inside the bounds (NaN fails the
        comparisons); anything else goes to ``check_box_action`` for the error message."""
        if type(action) is np.ndarray and action.shape == self._act_shape and _within:
            inside = _within(action, self._act_low, self._act_high)   # None: not float64/32
            if inside:
                return action
            if inside is False:
                return check_box_action(action, self.action_space, self.name)
        if type(action) is np.ndarray:
            a = action
        else:
            try:
                a = np.asarray(action)
            except (TypeError, ValueError):
                a = None
        if a is not None and a.dtype.kind in "fiu" and a.shape == self._act_shape and (
                a is action or not any(isinstance(x, bool) for x in action)):
            for x, (lo, hi) in zip(a.tolist(), self._act_bounds):
                if not lo <= x <= hi:
                    break
            else:
                return a
        return check_box_action(action, self.action_space, self.name)


def oracle(env: gymnasium.Env) -> Callable[[Any], Any]:
    """A scripted policy: ``policy = oracle(env); a = policy(obs)``. It may read the env's true
    state. Oracles exist for every gridworld and, in the navigation tasks, for Point and Car on
    Push, Goal and Button (Building and config-built levels included), FormulaOne and MultiGoal
    (a dict of both agents' actions); TypeError otherwise."""
    base = env.unwrapped
    factory = getattr(base, "make_oracle", None)
    if factory is None:
        raise TypeError(f"{type(base).__name__} has no oracle policy (oracles exist for the "
                        "gridworlds and for Point and Car on Push, Goal, Button, FormulaOne "
                        "and MultiGoal)")
    return factory()
