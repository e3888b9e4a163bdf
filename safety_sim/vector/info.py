"""The pieces of gymnasium's vector API every native vector env shares: the autoreset modes
(gymnasium's enum, or a stand-in on gymnasium 1.0), the vector ``info`` layout (each key with
its ``_key`` mask; :class:`Partial` for keys only some worlds report) and one world's
observation out of a batch."""
from __future__ import annotations

from enum import Enum
from typing import Any, NamedTuple

import numpy as np
from gymnasium import spaces

try:
    from gymnasium.vector import AutoresetMode
except ImportError:  # gymnasium 1.0 has next-step autoreset only and no enum for it
    class AutoresetMode(Enum):  # type: ignore[no-redef]
        """The autoreset modes of gymnasium >= 1.1 (same values)."""
        NEXT_STEP = "NextStep"
        SAME_STEP = "SameStep"
        DISABLED = "Disabled"


def autoreset_mode_of(value: Any, name: str) -> AutoresetMode:
    if isinstance(value, AutoresetMode):
        return value
    try:
        return AutoresetMode(getattr(value, "value", value))
    except ValueError:
        valid = ", ".join(repr(m.value) for m in AutoresetMode)
        raise ValueError(f"{name}: autoreset_mode must be an AutoresetMode or one of {valid}, "
                         f"got {value!r}") from None


class Partial(NamedTuple):
    """An info entry that only some worlds report (as ``goal_met`` on the steps that reach the
    goal): ``values`` (an array, or a dict of entries for a nested info dict) and the
    ``present`` mask. Without a world, the key is absent from ``info``, as in the sync env."""
    values: Any
    present: np.ndarray


def fill_info(info: dict[str, Any], entries: dict[str, Any], rows: np.ndarray,
               all_rows: bool = False) -> dict:
    """gymnasium's vector info of ``entries`` (arrays present in ``rows``, or
    :class:`Partial`): each key with its ``_key`` mask, zeros where a world has no value
    (``all_rows``: ``rows`` is known to be all True)."""
    absent = None
    for key, value in entries.items():
        present, everywhere = rows, all_rows
        if isinstance(value, Partial):
            value, present, everywhere = value.values, value.present & rows, False
            if not present.any():
                continue
        if isinstance(value, dict):
            value = fill_info({}, value, present, everywhere)
        elif not everywhere:
            if present is rows:
                absent = ~rows if absent is None else absent
                value[absent] = 0
            else:
                value[~present] = 0
        info[key], info["_" + key] = value, present.copy()
    return info


def unbatch(space: spaces.Space, batch: Any, i: int) -> Any:
    """World ``i``'s observation in the single env's form (ints for Discrete parts)."""
    if isinstance(space, spaces.Dict):
        return {k: unbatch(s, batch[k], i) for k, s in space.spaces.items()}
    if isinstance(space, spaces.Discrete):
        return int(batch[i])
    return np.array(batch[i], copy=True)
