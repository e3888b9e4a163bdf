"""The vector contract (vector_contract.py) over every registered id with a vector entry point.

The ids come from the registry when the tests are collected, so a new id is covered without an
edit here. By default a representative subset runs: one id per vector entry point, chosen so
that every agent and level appears (:func:`representatives`); the other ids, the Vision ids
among them, run under the ``exhaustive`` marker, which the default run deselects (about an
hour in one process: FormulaOne's levels 1-2 alone take ~45 s an id): ``python -m pytest -q
-n auto -m exhaustive tests/vector/test_vector_contract_every_id.py``.
Each id steps its native vector env and gymnasium's SyncVectorEnv side by side (short
episodes, so autoreset and masked resets happen; the autoreset mode rotates over the ids) and,
but for Vision ids, compares world ``i`` with the single env seeded ``s + i`` (a Vision id's
worlds are its base id's plus a rendered frame, which the lockstep run compares). Public API
only: ``gymnasium.make_vec``, ``gymnasium.make`` and the registry's rows.
"""
from __future__ import annotations

from collections import Counter

import pytest
import vector_contract as vc

from safety_sim.registration import ENV_ROWS, EnvRow

VECTOR_ROWS = [row for row in ENV_ROWS if row.vector_entry_point is not None]
# Vision ids render a 256x256 frame per world and step and build a renderer per env (about
# 1 s each): fewer steps, and no run against single envs. (lockstep, resets, limit, single)
STEPS = {False: (14, (5, 9), 5, 10), True: (4, (2,), 2, 0)}


def is_vision(row: EnvRow) -> bool:
    return bool(row.kwargs.get("vision", False))


def representatives(rows: list[EnvRow]) -> list[EnvRow]:
    """One row per vector entry point (not a Vision one), each the first in registry order among
    those whose agent has appeared least so far, then a level not seen yet, else the lowest
    level (the cheapest: FormulaOne2 with its 200 barriers takes 40 s, FormulaOne0 4 s)."""
    agents, levels, chosen = Counter(), Counter(), []
    groups = [[r for r in rows if r.vector_entry_point == ep and not is_vision(r)]
              for ep in dict.fromkeys(r.vector_entry_point for r in rows)]
    for group in filter(None, groups):
        row = min(group, key=lambda r: (agents[r.kwargs.get("agent")],
                                        levels[r.kwargs.get("level")] > 0,
                                        r.kwargs.get("level") or 0))
        agents[row.kwargs.get("agent")] += 1
        levels[row.kwargs.get("level")] += 1
        chosen.append(row)
    return chosen


FAST = {row.id for row in representatives(VECTOR_ROWS)}
CASES = [pytest.param(row, vc.SYNC_MODES[i % len(vc.SYNC_MODES)], id=row.id,
                      marks=() if row.id in FAST else pytest.mark.exhaustive)
         for i, row in enumerate(VECTOR_ROWS)]


def test_the_subset_covers_every_entry_point_agent_and_level():
    fast = [row for row in VECTOR_ROWS if row.id in FAST]
    for attr in ("agent", "level"):
        assert ({r.kwargs.get(attr) for r in fast}
                == {r.kwargs.get(attr) for r in VECTOR_ROWS})
    assert {r.vector_entry_point for r in fast} == {r.vector_entry_point for r in VECTOR_ROWS}
    assert not any(map(is_vision, fast)) and len(fast) < len(VECTOR_ROWS)


@pytest.mark.parametrize("row, mode", CASES)
def test_vector_contract(row: EnvRow, mode):
    steps, resets, limit, single = STEPS[is_vision(row)]
    counts = vc.run_lockstep(row.id, 2, mode, steps, seed=3, partial_resets=resets,
                             max_episode_steps=limit)
    assert counts["truncated"] > 0          # episodes ended and the worlds started again
    if single:
        assert vc.run_against_single(row.id, 2, single, seed=[5, 2**40],
                                     max_episode_steps=limit) > 0
