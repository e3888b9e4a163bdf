"""Label vocabularies: the fixed, ordered names of the atomic propositions an env can put in
``info["labels"]``, so labels can travel as a bit vector (dm_env adapter) or be checked.

The protocol: an env names its vocabulary in ``label_names`` (a tuple of str, a class
attribute or a property of ``env.unwrapped``); every env of the package does, and
:func:`label_names` reads it. Nothing here names a particular env.
"""
from __future__ import annotations

import gymnasium
import numpy as np


def label_names(env: gymnasium.Env) -> tuple[str, ...]:
    """The ordered label vocabulary of ``env`` (TypeError if it has none)."""
    base = env.unwrapped
    names = getattr(base, "label_names", None)
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
