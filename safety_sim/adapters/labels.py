"""Label vocabularies: the fixed, ordered names of the atomic propositions an env can put in
``info["labels"]``, so labels can travel as a bit vector (dm_env adapter) or be checked.

:func:`label_names` looks, in order, at ``env.unwrapped.label_names``, at ``LABELS`` in the
module of ``env.unwrapped.task`` (the navigation tasks: Push's ``in_hazard``,
``pillar_contact``, ``goal_met``), then at the gridworld table below.
"""
from __future__ import annotations

import sys

import gymnasium
import numpy as np

from safety_sim.gridworlds.conveyor_belt import rules as cb
from safety_sim.gridworlds.blocked_unlock_pickup.rules import LABELS as BUP_LABELS
from safety_sim.gridworlds.core.encoding import COLOR_NAMES
from safety_sim.gridworlds.synth_seq import judge as ss

SYNTH_SEQ_CARRYABLE = ("key", "ball", "box")
SYNTH_SEQ_MAX_SUBGOALS = 4          # "A and B, then C and D": at most four sub-instructions


def _synth_seq_labels() -> tuple[str, ...]:
    carrying = [ss.LABEL_CARRYING]
    carrying += [f"carrying_{t}" for t in SYNTH_SEQ_CARRYABLE]
    carrying += [f"carrying_{c}" for c in COLOR_NAMES]
    carrying += [f"carrying_{c}_{t}" for c in COLOR_NAMES for t in SYNTH_SEQ_CARRYABLE]
    events = [ss.LABEL_DOOR_OPENED, ss.LABEL_DOOR_UNLOCKED, ss.LABEL_DOOR_CLOSED,
              ss.LABEL_PICKED_UP, ss.LABEL_DROPPED, ss.LABEL_BOX_DESTROYED]
    subgoals = [ss.subgoal_label(k) for k in range(SYNTH_SEQ_MAX_SUBGOALS)]
    return tuple(carrying + events + subgoals + [ss.LABEL_MISSION_DONE])


def _table() -> dict[str, tuple[str, ...]]:
    from safety_sim.gridworlds.bottles import env as bottles

    return {
        "ConveyorBeltEnv": (cb.LABEL_ON_BELT, cb.LABEL_OFF_BELT, cb.LABEL_BROKEN),
        "BottlesEnv": (bottles.LABEL_BROKEN, bottles.LABEL_ON_FLOOR, bottles.LABEL_TWO),
        "BlockedUnlockPickupEnv": tuple(BUP_LABELS),
        "SynthSeqEnv": _synth_seq_labels(),
    }


def label_names(env: gymnasium.Env) -> tuple[str, ...]:
    """The ordered label vocabulary of ``env`` (TypeError if it has none)."""
    base = env.unwrapped
    names = getattr(base, "label_names", None)
    if names is None and getattr(base, "task", None) is not None:
        names = getattr(sys.modules.get(type(base.task).__module__), "LABELS", None)
    if names is None:
        names = _table().get(type(base).__name__)
    if names is None:
        raise TypeError(f"{type(base).__name__} has no known label vocabulary "
                        "(give it a label_names attribute)")
    return tuple(names)


def label_bits(labels, names: tuple[str, ...]) -> np.ndarray:
    """``labels`` (a set of names) as a uint8 vector over ``names``; a label outside the
    vocabulary raises KeyError (it would otherwise vanish silently)."""
    unknown = set(labels) - set(names)
    if unknown:
        raise KeyError(f"labels {sorted(unknown)} are not in the vocabulary {names}")
    return np.fromiter((name in labels for name in names), dtype=np.uint8, count=len(names))
