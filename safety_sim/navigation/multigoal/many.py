"""MultiGoal's judge of N worlds as array code, for any array namespace (numpy's
:data:`~safety_sim.ops.NUMPY` on the host, torch's :class:`~safety_sim.array_ops.ArrayOps` on a
device: the GPU form, :mod:`safety_sim.gpu.multigoal`).

The single env's rules over a world axis, none restated: each agent's
:class:`~safety_sim.navigation.rewards.GoalReward` (:data:`~.world.REWARD`), the hazards' rule
(:class:`~safety_sim.navigation.objects.Hazards`), the contact sensors' columns, the vases'
speeds (:func:`~.costs.moving`) and last touchers (:func:`~.costs.vase_flags`), the agent's
alive rule and the observation (:meth:`~.scene.Observer.many`). What a step judged in each world
comes out as one number, a bit field: bit ``j < 7`` is entry ``j`` of the cost case key of
:meth:`~.costs.MultiGoalCosts.judge` (hazard per agent, the agents' contact, then per agent
vase contact and vase moving), :data:`MET_BITS` the agents' goals reached, :data:`FALLEN` an
agent fallen. The host reads the codes back and takes each world's case -- its info cost dicts
and labels -- from the single env's own table (:meth:`~.costs.MultiGoalCosts.case`). Goal
events and resets are the host's (their layouts come from each world's stream).
"""
from __future__ import annotations

from typing import Any, Callable

from safety_sim.navigation.judging import Facts
from safety_sim.navigation.multigoal.costs import AGENTS, moving, vase_flags
from safety_sim.navigation.multigoal.scene import GOAL_SIZE, coordinate_first
from safety_sim.navigation.multigoal.world import REWARD, MultiGoalWorld
from safety_sim.navigation.rewards import Snapshot

#: bits of a world's code: the case key's entries (at most 7), each agent's goal met, fallen
KEY_BITS, MET_BITS, FALLEN = 7, (7, 8), 9


def key_of(code: int, size: int) -> tuple[bool, ...]:
    """The case key of a world's code (``size`` entries: 3, or 7 at level 2)."""
    return tuple(bool(code >> j & 1) for j in range(size))


class ManyJudge:
    """The judge of ``n`` worlds of ``world``'s level (a
    :class:`~.world.MultiGoalWorld`: its tables, read only) in the namespace ``ops``;
    ``zeros(shape, kind)`` makes that namespace's arrays (kind "float64", "int64", "bool").
    Per world it keeps what the single env keeps: each agent's last goal distance, the
    hazards' positions of the episode and each vase's last toucher (agent 0 until one touches
    it; kept across episodes, as the single env keeps it)."""

    def __init__(self, world: MultiGoalWorld, n: int, ops: Any,
                 zeros: Callable[[tuple, str], Any]) -> None:
        self.ops, self.n, self.observer = ops, n, world.observe
        costs = world.costs
        self.hazards, self.hazard_ids = costs.hazards, costs.hazard_ids
        self.vase_ids, self.vase_cols = costs.vase_ids, costs.vase_columns()
        self.other = costs.other_column()
        self.key_size = 3 + 4 * bool(self.vase_cols)
        self.bodies = world.bodies                # per agent: (its body, its goal's body)
        self.alive = world.agent.alive
        self.scorers = [REWARD.scorer(GOAL_SIZE, ops) for _ in AGENTS]
        self.last = zeros((len(self.vase_ids), n), "int64")
        self.none = zeros((n,), "bool")
        k = len(self.hazard_ids)
        self.facts = Facts()
        self.facts.xy = {self.hazards.prefix: (zeros((k, n), "float64"),
                                               zeros((k, n), "float64"))}

    def _snapshot(self, xpos, k: int) -> Snapshot:
        body, goal = self.bodies[k]
        return Snapshot(agent=coordinate_first(xpos[:, body]),
                        goal=coordinate_first(xpos[:, goal]))

    def start(self, xpos, mask=None) -> None:
        """The worlds of ``mask`` (None: all) start again from the positions ``xpos``
        (N, nbody, 3), float64: each agent's goal distance (a reset, a goal event) and, after
        a reset, the hazards' positions (static: read once per episode)."""
        for k, scorer in enumerate(self.scorers):
            scorer.start(self._snapshot(xpos, k), mask)

    def start_episodes(self, xpos, mask=None) -> None:
        """:meth:`start` after a reset: also the hazards' positions of the new episode."""
        self.start(xpos, mask)
        if self.hazard_ids:
            where, (xs, ys) = self.ops.where, self.facts.xy[self.hazards.prefix]
            new = coordinate_first(xpos[:, self.hazard_ids, :2])           # (2, hazards, N)
            if mask is None:
                xs[...], ys[...] = new[0], new[1]
            else:
                xs[...], ys[...] = where(mask, new[0], xs), where(mask, new[1], ys)

    def judge(self, xpos, sensordata, vases=None, active=None):
        """A step's rewards (per agent, (N,)) and codes ((N,) float64, whole numbers: see the
        module) from the state the physics left: ``xpos`` (N, nbody, 3), ``sensordata``
        (N, nsensordata), float64; ``vases``: the vases' ``cvel``, ``xpos``, subtree ``com``,
        coordinate first ((6 | 3, vases, N); level 2); ``active``: (N,) bool, the worlds that
        stepped (None: all; the others' vase touches are not remembered). The goal events are
        the caller's (then :meth:`start` of those worlds)."""
        ops, where = self.ops, self.ops.where
        rewards, flags, met = [], [], []
        for k, scorer in enumerate(self.scorers):
            r, _, hit = scorer.reward(self._snapshot(xpos, k))
            rewards.append(r)
            met.append(hit)
        for body, _ in self.bodies:
            if self.hazard_ids:
                self.facts.agent = coordinate_first(xpos[:, body])
                flags.append(self.hazards.judge(ops, self.facts))
            else:
                flags.append(self.none)
        flags.append(self.none if self.other is None else sensordata[:, self.other] > 0.0)
        if self.vase_cols:
            touches = [coordinate_first(sensordata[:, a:b]) > 0.0 for a, b in self.vase_cols]
            if active is not None:
                touches = [ops.logical_and(mine, active) for mine in touches]
            for pair in vase_flags(touches, moving(ops, *vases), self.last):
                flags += pair
        bits = list(zip(flags, range(KEY_BITS))) + list(zip(met, MET_BITS))
        fallen = self.fallen(xpos)
        if fallen is not None:
            bits.append((fallen, FALLEN))
        code = 0.0
        for flag, j in bits:
            code = code + where(flag, float(1 << j), 0.0)
        return rewards, code

    def fallen(self, xpos):
        """(N,) bool: an agent has fallen (the Ant), or None for agents that cannot."""
        if self.alive is None:
            return None
        up = [self.alive(self.ops, coordinate_first(xpos[:, body])) for body, _ in self.bodies]
        return self.ops.logical_not(self.ops.logical_and(up[0], up[1]))

    def observe(self, xpos, xmat, sensordata, out):
        """The observations of every world into ``out`` (N, size)."""
        return self.observer.many(self.ops, sensordata, xpos, xmat, out)
