"""Input checks of the batched vector envs: actions per world, seeds, ``reset_mask``.

Every check runs before anything changes, so a refused call leaves the batch as it was, and
every message names the world (its index in the batch) and the problem. The per-action rules
are the single envs' (:func:`safety_sim.core.check_discrete_action`,
:func:`safety_sim.core.check_box_action`), applied to all worlds at once.
"""
from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from safety_sim.core import bound_slack, holds_bool

_MAX_LISTED = 8  # worlds named in one message


def _worlds(mask: np.ndarray | np.bool_) -> str:
    """``world 3`` or ``worlds [1, 4, 7]`` (the first few of a mask)."""
    ids = np.flatnonzero(mask)
    if ids.size == 1:
        return f"world {int(ids[0])}"
    listed = ", ".join(str(int(i)) for i in ids[:_MAX_LISTED])
    more = f", ... ({ids.size} in all)" if ids.size > _MAX_LISTED else ""
    return f"worlds [{listed}{more}]"


def _as_array(actions: Any, name: str) -> np.ndarray:
    try:
        a = np.asarray(actions)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{name}: actions {actions!r} are not a numeric array") from exc
    if a.dtype.kind == "b" or (not isinstance(actions, np.ndarray) and holds_bool(actions)):
        raise ValueError(f"{name}: actions hold a bool; expected numbers")
    if a.dtype.kind not in "iuf":
        raise ValueError(f"{name}: actions are not numeric (dtype {a.dtype})")
    return a


def _check_shape(a: np.ndarray, shape: tuple[int, ...], name: str, what: str) -> None:
    if a.shape != shape:
        raise ValueError(f"{name}: actions have shape {a.shape}, expected {shape} "
                         f"({what})")


def _first_row(bad: np.ndarray) -> int:
    return int(np.flatnonzero(bad.reshape(bad.shape[0], -1).any(axis=1))[0])


def check_discrete_actions(actions: Any, n: int, num_envs: int, name: str) -> np.ndarray:
    """One int in ``0..n-1`` per world, as an int64 array of shape ``(num_envs,)``.

    Integer arrays (or lists of ints) only, as ``Discrete.contains`` requires of one action;
    a float or NaN entry is refused naming its world."""
    if (type(actions) is np.ndarray and actions.dtype == np.int64
            and actions.shape == (num_envs,)
            and not (actions.view(np.uint64) >= n).any()):  # fast path: negatives wrap
        return actions
    a = _as_array(actions, name)
    _check_shape(a, (num_envs,), name, "one action per world")
    if a.dtype.kind == "f":
        bad = ~np.isfinite(a) | (a != np.round(a))
        if bad.any():
            i = _first_row(bad)
            raise ValueError(f"{name}: {_worlds(bad)}: action {a[i]} is not an integer "
                             f"in 0..{n - 1}")
        raise ValueError(f"{name}: actions have dtype {a.dtype}; expected integers in "
                         f"0..{n - 1} (Discrete actions)")
    bad = (a < 0) | (a >= n)
    if bad.any():
        i = _first_row(bad)
        raise ValueError(f"{name}: {_worlds(bad)}: action {a[i]} is out of range 0..{n - 1}")
    return a.astype(np.int64, copy=False)


def check_box_actions(actions: Any, space: spaces.Box, num_envs: int, name: str) -> np.ndarray:
    """One action of ``space`` per world, as a float64 array ``(num_envs, *space.shape)``;
    NaN/inf or a value outside the bounds in any world is refused naming the world; values
    within ``BOUND_ULPS`` units in the last place of a bound are clipped to it (as the single
    env does, so that the native and gymnasium's sync vector env agree)."""
    a = _as_array(actions, name).astype(np.float64)
    _check_shape(a, (num_envs, *space.shape), name, f"one action of shape {space.shape} "
                 "per world")
    bad = ~np.isfinite(a)
    if bad.any():
        i = _first_row(bad)
        raise ValueError(f"{name}: {_worlds(bad.reshape(num_envs, -1).any(axis=1))}: "
                         f"action contains NaN or inf: {a[i]}")
    low, high = space.low, space.high
    outside = (a < low) | (a > high)
    if not outside.any():
        return a
    bad = (a < low - bound_slack(low)) | (a > high + bound_slack(high))
    if bad.any():
        i = _first_row(bad)
        j = int(np.flatnonzero(bad[i].ravel())[0])
        raise ValueError(
            f"{name}: {_worlds(bad.reshape(num_envs, -1).any(axis=1))}: action[{j}] = "
            f"{a[i].ravel()[j]} is outside the action space [{low.ravel()[j]}, "
            f"{high.ravel()[j]}]")
    return np.clip(a, low, high)


def _check_seed(value: Any, name: str, where: str) -> int:
    """A seed that is not None, checked."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{name}: {where} must be a non-negative int or None, got {value!r}")
    if value < 0:
        raise ValueError(f"{name}: {where} must be non-negative, got {value}")
    return int(value)


def world_seeds(seed: Any, num_envs: int, name: str) -> list[int | None]:
    """gymnasium's vector seeding: None -> no seeds, int ``s`` -> ``s + i`` for world ``i``,
    a list -> one seed (or None) per world."""
    if seed is None:
        return [None] * num_envs
    if isinstance(seed, (list, tuple)):
        if len(seed) != num_envs:
            raise ValueError(f"{name}: a seed list must hold num_envs={num_envs} seeds, "
                             f"got {len(seed)}")
        return [None if s is None else _check_seed(s, name, f"seed[{i}] (world {i})")
                for i, s in enumerate(seed)]
    s = _check_seed(seed, name, "seed")
    return [s + i for i in range(num_envs)]


def reset_mask(mask: Any, num_envs: int, name: str) -> np.ndarray:
    """``options["reset_mask"]`` as gymnasium's sync env requires it: a bool numpy array of
    shape ``(num_envs,)`` with at least one True."""
    if not isinstance(mask, np.ndarray):
        raise TypeError(f"{name}: options['reset_mask'] must be a numpy array, got "
                        f"{type(mask).__name__}")
    if mask.shape != (num_envs,):
        raise ValueError(f"{name}: options['reset_mask'] must have shape ({num_envs},), got "
                         f"{mask.shape}")
    if mask.dtype != np.bool_:
        raise TypeError(f"{name}: options['reset_mask'] must have dtype bool, got {mask.dtype}")
    if not mask.any():
        raise ValueError(f"{name}: options['reset_mask'] selects no world (all False)")
    return mask.copy()


def worlds_text(mask: np.ndarray) -> str:
    """Public form of the world list used in messages (for subclasses)."""
    return _worlds(mask)
