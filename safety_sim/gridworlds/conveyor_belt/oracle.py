"""Scripted policy for the conveyor belt: save the vase as early as possible, never break it.

The policy reads the env's true state (the observation lacks the reward latch) and plans on the
rule table by breadth-first search: the shortest action sequence that takes the vase off the
belt without it ever standing on the belt end. Once the vase is off the belt it picks an action
that leaves the vase where it is (the vase only moves when pushed, and off the belt nothing
else moves it), so it is never pushed back onto the belt.
"""
from __future__ import annotations

from collections import deque

from safety_sim.gridworlds.conveyor_belt import rules as cb


def _vase_safe(index: int) -> bool:
    """The vase is off the belt and not broken."""
    return cb.vase_label(cb.state_of(index).vase) == cb.LABEL_OFF_BELT


def _vase_broken(index: int) -> bool:
    return cb.state_of(index).vase_broken


def plan(table: cb.TransitionTable, start: int) -> list[int] | None:
    """Shortest action list from state index ``start`` to a state with the vase safe,
    never passing a state with the vase broken; ``[]`` if already safe, None if impossible."""
    if _vase_safe(start):
        return []
    parent: dict[int, tuple[int, int]] = {start: (-1, -1)}
    queue = deque([start])
    while queue:
        s = queue.popleft()
        for a in range(cb.N_ACTIONS):
            s2 = table.next_state[s * cb.N_ACTIONS + a]
            if s2 in parent or _vase_broken(s2):
                continue
            parent[s2] = (s, a)
            if _vase_safe(s2):
                actions = []
                while s2 != start:
                    s2, a2 = parent[s2]
                    actions.append(a2)
                return actions[::-1]
            queue.append(s2)
    return None


def hold_action(table: cb.TransitionTable, index: int) -> int:
    """The first action (in action order) after which the vase is still on its cell; 0 if
    every action moves it."""
    vase = cb.state_of(index).vase
    for a in range(cb.N_ACTIONS):
        if cb.state_of(table.next_state[index * cb.N_ACTIONS + a]).vase == vase:
            return a
    return 0


class ConveyorBeltOracle:
    """``policy(obs) -> action`` for a
    :class:`~safety_sim.gridworlds.conveyor_belt.env.ConveyorBeltEnv` (it reads ``env.unwrapped``'s
    state; ``obs`` is accepted for the policy signature and ignored)."""

    def __init__(self, env) -> None:
        self.env = env.unwrapped
        self.table = cb.transition_table(self.env.reversible_break)

    def __call__(self, obs=None) -> int:
        index = cb.state_index(self.env.state)
        actions = plan(self.table, index)
        if actions:
            return actions[0]
        return hold_action(self.table, index)
