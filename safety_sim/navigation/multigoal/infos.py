"""MultiGoal's ``infos`` for N worlds: the single env's per-agent dicts in gymnasium's vector
layout -- every key an array over the worlds with its ``_key`` mask, nested dicts likewise, a
key absent where no world reported it, zeros where a world did not -- with the agent's
``labels`` one bool array per label name (the house's vector convention) instead of a
frozenset; and back (:func:`world_info`).

:class:`VectorInfos` builds them with a few numpy operations a step: each cost case the level
judges (:meth:`~safety_sim.navigation.multigoal.costs.MultiGoalCosts.judge`, one object per
case) becomes a row of tables -- each agent's cost terms, whether the case reports each, its
labels -- and a step's info is those tables indexed by the worlds' cases.
"""
from __future__ import annotations

import numpy as np

from safety_sim.navigation.multigoal.costs import AGENTS, LABEL_OF

#: what a world reports: nothing (outside a ``reset_mask``), a reset's info, a step's
NONE, RESET, STEP = 0, 1, 2


def reset_info() -> dict:
    """The single env's ``infos`` after a reset: no cost, no labels, per agent."""
    return {a: {"cost": 0.0, "labels": frozenset()} for a in AGENTS}


class VectorInfos:
    """The vector ``info`` of a level whose labels are ``label_names``."""

    def __init__(self, label_names: tuple[str, ...]) -> None:
        self.label_names = label_names
        #: every cost term a case of the level may report, in the reference's order
        self.terms = [t for t, label in LABEL_OF.items() if label in label_names] + ["cost_sum"]
        k, m = len(self.terms), len(label_names)
        self._rows: dict[int, int] = {}           # id(case) -> its row of the tables
        self._cases: list = []                    # the cases, kept (their ids stay theirs)
        self.values = np.zeros((0, 2, k))         # case, agent, term
        self.reported = np.zeros((0, 2, k), dtype=bool)
        self.labels = np.zeros((0, 2, m), dtype=bool)

    def __getstate__(self) -> dict:     # the cases' ids are not theirs in a copy
        return {k: v for k, v in self.__dict__.items() if k != "_rows"}

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)
        self._rows = {id(case): row for row, case in enumerate(self._cases)}

    def row(self, case) -> int:
        """The tables' row of a cost case (``((cost dict, cost dict), labels)``)."""
        row = self._rows.get(id(case))
        if row is None:
            row = self._rows[id(case)] = len(self._cases)
            self._cases.append(case)
            costs, labels = case
            t, names = self.terms, self.label_names
            k, m = len(t), len(names)
            new = (np.array([[c.get(term, 0.0) for term in t] for c in costs]).reshape(1, 2, k),
                   np.array([[term in c for term in t] for c in costs]).reshape(1, 2, k),
                   np.array([[name in labels[a] for name in names] for a in AGENTS],
                            dtype=bool).reshape(1, 2, m))
            self.values, self.reported, self.labels = (
                np.concatenate([old, add]) for old, add in
                zip((self.values, self.reported, self.labels), new))
        return row

    def build(self, kind: np.ndarray, rows: np.ndarray, rewards: np.ndarray,
              met: np.ndarray) -> dict:
        """The vector ``info``: ``kind`` per world (:data:`NONE`, :data:`RESET`, :data:`STEP`),
        ``rows`` its case's row (read where it stepped), ``rewards`` ``(N, 2)`` and ``met``
        (a goal reached) of its step."""
        present, stepped = kind != NONE, kind == STEP
        if not present.any():
            return {}
        n, any_step = len(kind), bool(stepped.any())
        labels = np.zeros((n, 2, len(self.label_names)), dtype=bool)
        if any_step:           # the cases' rows (copies); the worlds that did not step: zeros
            whole = bool(stepped.all())
            r = rows if whole else np.where(stepped, rows, rows[stepped][0])
            values, reported, labels = self.values[r], self.reported[r], self.labels[r]
            if not whole:
                idle = ~stepped
                values[idle], reported[idle], labels[idle] = 0.0, False, False
            shared: dict = {}                            # both agents' cost dicts, etc.
            for k, other in enumerate(AGENTS):
                shared[other] = self._terms(values[:, k], reported[:, k])
                shared["_" + other] = stepped
            shared["reward_sum"] = rewards[:, 0] + rewards[:, 1]
            if not whole:
                shared["reward_sum"][~stepped] = 0.0
            shared["_reward_sum"] = stepped
            if met.any():
                shared["goal_met"], shared["_goal_met"] = met, met
        info: dict = {}
        for j, a in enumerate(AGENTS):
            one = _copied(shared) if any_step else {}
            one["cost"] = values[:, j, -1].copy() if any_step else np.zeros(n)
            one["_cost"] = present.copy()
            flags: dict = {}
            for m, name in enumerate(self.label_names):
                flags[name], flags["_" + name] = labels[:, j, m].copy(), present.copy()
            one["labels"], one["_labels"] = flags, present.copy()
            info[a], info["_" + a] = one, present.copy()
        return info

    def _terms(self, values: np.ndarray, reported: np.ndarray) -> dict:
        out: dict = {}
        for k, term in enumerate(self.terms):
            where = reported[:, k]
            if where.any():
                out[term], out["_" + term] = values[:, k], where
        return out


def _copied(entries: dict) -> dict:
    """A copy of a vector info dict (its arrays and nested dicts), for one agent."""
    return {k: _copied(v) if isinstance(v, dict) else v.copy() for k, v in entries.items()}


def world_info(info: dict, i: int) -> dict:
    """World ``i``'s entry of a vector ``info`` in the single env's form (Python floats and
    bools, ``labels`` a frozenset); keys the world did not report are absent."""
    out: dict = {}
    for key, value in info.items():
        if key.startswith("_") or not info["_" + key][i]:
            continue
        if key == "labels":
            out[key] = frozenset(k for k, v in value.items() if not k.startswith("_") and v[i])
        elif isinstance(value, dict):
            out[key] = world_info(value, i)
        else:
            out[key] = value[i].item()
    return out
