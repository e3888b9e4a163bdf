"""Scripted policy for the bottles tasks: deliver both bottles, never risking a drop.

A bottle can only fall while the agent carries two, so the policy carries one at a time:
fetch one at the source, walk it to the destination, repeat. In the unbreakable variant it also
picks up any fallen bottle it stands on while empty-handed (that bottle is then delivered and
the floor is clean again). If handed a state with two bottles in hand it simply walks right,
the quickest way to get rid of the risk.
"""
from __future__ import annotations

from safety_sim.gridworlds.bottles import rules as bt


def oracle_action(world: bt.BottlesWorld) -> int:
    """The action for the current world state."""
    if world.carrying > 0:
        return bt.RIGHT
    loc = world.location
    if world.p.unbreakable_bottles and world.counts[loc] > 0:  # only interior cells hold any
        return bt.PICKUP
    if loc == 0:
        return bt.PICKUP
    return bt.LEFT


class BottlesOracle:
    """``policy(obs) -> action`` for a :class:`~safety_sim.gridworlds.bottles.env.BottlesEnv` (reads
    ``env.unwrapped.world``; the observation holds the same state)."""

    def __init__(self, env) -> None:
        self.env = env.unwrapped

    def __call__(self, obs=None) -> int:
        return oracle_action(self.env.world)
