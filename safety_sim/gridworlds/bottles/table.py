"""The bottles' step compiled to a table, the one form both envs step with.

Every view a step can have (:class:`~safety_sim.gridworlds.bottles.rules.Local`) and every
action go through :func:`~safety_sim.gridworlds.bottles.rules.draws`,
:func:`~safety_sim.gridworlds.bottles.rules.transition` and the judging of
:mod:`~safety_sim.gridworlds.bottles.judge` once. A step is then:

1. ``k = step_index(table.cell_kinds, location, carrying, delivered, counts[location],
   on_floor, action)``, the step code of :mod:`~safety_sim.gridworlds.bottles.rules` (the same
   expression for int arrays with a world axis, as the vector env steps, and for Python ints;
   the single env keeps the code's parts in its world instead of recomputing them);
2. if ``table.draws[k]``: one uniform draw from the world's generator, ``fell = u <
   prob_drop`` (else ``fell`` is False and nothing is drawn);
3. ``table.results[2 * k + fell]``: the move, the new carrying and delivered counts (and
   their code), the change of the count on the agent's cell, terminated, the reward row (of
   ``table.rewards``) and the label row (of ``table.label_sets`` / ``table.costs``).

:class:`StepTable` holds the tables as Python tuples (fast for ints);
:meth:`StepTable.arrays` gives the same tables as numpy arrays, columns per result field.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from safety_sim.gridworlds.bottles import judge
from safety_sim.gridworlds.bottles import rules as bt

#: the fields of a result row, in order (``hands``: the new carrying and delivered as
#: :func:`~safety_sim.gridworlds.bottles.rules.hands_code`)
RESULT_FIELDS = ("move", "carrying", "delivered", "hands", "dropped_here", "terminated",
                 "reward", "labels")


def step_index(cell_kinds, location, carrying, delivered, here, on_floor, action):
    """The table row of a world's view and action, for Python ints and int arrays alike:
    ``cell_kinds[location]`` the kind of the agent's cell, ``here`` the count of fallen bottles
    on it, ``on_floor`` the count on the whole floor."""
    return (bt.cell_code(cell_kinds[location], here) + bt.hands_code(carrying, delivered)
            + bt.floor_code(on_floor) + action)


@dataclass(frozen=True)
class StepArrays:
    """The tables of a :class:`StepTable` as numpy arrays (read-only): ``cell_kinds`` (size,),
    ``draws`` (bool), one array per :data:`RESULT_FIELDS` entry (``terminated`` bool, the
    others int64), ``rewards`` (R, 3) float32, ``label_bits`` (bool, one column per label name)
    and ``costs`` (float64), the last two per label row."""
    cell_kinds: np.ndarray
    draws: np.ndarray
    move: np.ndarray
    carrying: np.ndarray
    delivered: np.ndarray
    hands: np.ndarray
    dropped_here: np.ndarray
    terminated: np.ndarray
    reward: np.ndarray
    labels: np.ndarray
    rewards: np.ndarray
    label_bits: tuple[np.ndarray, ...]
    costs: np.ndarray


@dataclass(frozen=True)
class StepTable:
    """The compiled step of one parameter set (see the module docstring): ``cell_kinds`` per
    location, ``draws`` per step index, ``results`` per ``2 * index + fell`` (tuples in
    :data:`RESULT_FIELDS` order), ``rewards`` (read-only float32 rows, copy before handing
    one out), ``label_sets`` and ``costs`` per label row."""
    params: bt.BottlesParams
    cell_kinds: tuple[int, ...]
    draws: tuple[bool, ...]
    results: tuple[tuple, ...]
    rewards: np.ndarray
    label_sets: tuple[frozenset, ...]
    costs: tuple[float, ...]

    def arrays(self) -> StepArrays:
        return _arrays(self.params, _bits(self.params))


def _views():
    """Every view a step can have."""
    for cell, carrying, delivered, here, floor in itertools.product(
            range(bt.N_CELL_KINDS), range(bt.MAX_CARRY + 1), range(bt.BOTTLES_TO_DELIVER + 1),
            (False, True), range(bt.FLOOR_CLASSES)):
        yield bt.Local(cell, carrying, delivered, here, floor)


def _bits(p: bt.BottlesParams) -> tuple[str, ...]:
    """The rewards' exact values (a cache key: 0.0 == -0.0, but their float32 rows differ)."""
    return tuple(float(v).hex() for v in (p.time_penalty, p.bottle_reward))


def step_table(p: bt.BottlesParams) -> StepTable:
    """The table of ``p`` (shared, read-only; built once per parameter set)."""
    return _step_table(p, _bits(p))


@lru_cache(maxsize=16)
def _step_table(p: bt.BottlesParams, bits: tuple[str, ...]) -> StepTable:
    rewards: dict[bytes, int] = {}
    reward_rows: list[np.ndarray] = []
    draws: list = [None] * bt.N_STEP_CODES
    results: list = [None] * (2 * bt.N_STEP_CODES)
    for view in _views():
        for action in range(bt.N_ACTIONS):
            k = bt.view_code(view) + action
            draws[k] = bt.draws(view, action)
            for fell in (False, True):
                out = bt.transition(view, action, fell, p.unbreakable_bottles)
                reward = judge.step_reward(p, view.floor, out)
                r = rewards.setdefault(reward.tobytes(), len(reward_rows))
                if r == len(reward_rows):
                    reward_rows.append(reward)
                labels = judge.LABEL_SETS.index(judge.step_labels(p, out))
                results[2 * k + fell] = (
                    out.move, out.carrying, out.delivered,
                    bt.hands_code(out.carrying, out.delivered), out.dropped_here,
                    out.terminated, r, labels)
    rewards_array = np.array(reward_rows, dtype=np.float32)
    rewards_array.flags.writeable = False
    cell_kinds = tuple(bt.cell_kind(loc, p.size) for loc in range(p.size))
    return StepTable(p, cell_kinds, tuple(draws), tuple(results), rewards_array,
                     judge.LABEL_SETS, tuple(judge.cost_fn(s) for s in judge.LABEL_SETS))


@lru_cache(maxsize=16)
def _arrays(p: bt.BottlesParams, bits: tuple[str, ...]) -> StepArrays:
    t = _step_table(p, bits)

    def frozen(a: np.ndarray) -> np.ndarray:
        a.flags.writeable = False
        return a

    columns = {name: frozen(np.array(col, dtype=bool if name == "terminated" else np.int64))
               for name, col in zip(RESULT_FIELDS, zip(*t.results))}
    label_bits = tuple(frozen(np.array([name in s for s in t.label_sets], dtype=bool))
                       for name in judge.LABEL_NAMES)
    return StepArrays(cell_kinds=frozen(np.array(t.cell_kinds, dtype=np.int64)),
                      draws=frozen(np.array(t.draws, dtype=bool)), **columns,
                      rewards=t.rewards, label_bits=label_bits,
                      costs=frozen(np.array(t.costs, dtype=np.float64)))
