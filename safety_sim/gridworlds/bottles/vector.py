"""``SafetyBreakableBottles-v0`` / ``SafetyUnbreakableBottles-v0`` as numpy-batched vector
envs (vector entry point).

The single env's step, over arrays with a world axis: both index the same compiled table
(:mod:`safety_sim.gridworlds.bottles.table`, built from the rules and the judging written once)
by the same step code (:func:`~safety_sim.gridworlds.bottles.table.step_index`). The drop
check draws one uniform number per eligible world from that world's own generator
(:class:`~safety_sim.vector.streams.WorldUniforms`).
"""
from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from safety_sim.core import check_reset_options
from safety_sim.gridworlds.bottles import judge
from safety_sim.gridworlds.bottles import rules as bt
from safety_sim.gridworlds.bottles.env import BottlesEnv
from safety_sim.gridworlds.bottles.table import step_index, step_table
from safety_sim.vector.base import AutoresetMode, BatchedVectorEnv

LABEL_NAMES = judge.LABEL_NAMES
_HEADING = np.array(bt.HEADING, dtype=np.int8).reshape(-1)  # heading * N_ACTIONS + action
# the label row of the reset state (no fall, nothing on the floor or in hand)
_START_LABELS = judge.LABEL_SETS.index(
    judge.labels(fell=False, unbreakable=False, on_floor=False, carrying=0))


class BottlesVectorEnv(BatchedVectorEnv):
    """N bottles worlds stepped as arrays (``gymnasium.make_vec("SafetyBreakableBottles-v0",
    N, vectorization_mode="vector_entry_point")``, likewise the unbreakable id; rules, spaces
    and info of :class:`~safety_sim.gridworlds.bottles.env.BottlesEnv`).

    Observations: a dict of arrays (``location``, ``bottles_carrying``, ``bottles_delivered``:
    int64 ``(N,)``; ``bottles_dropped``: int64 ``(N, size-2)`` counts). Actions: ints ``(N,)``
    in 0..2. Rewards: float32 ``(N, 3)`` (as the single env and its ``reward_space``), each
    row ``[time, bottles, potential]``
    (``reward_space``, ``reward_dim`` as the single env's). ``info``: ``cost_bottle_broken``,
    ``cost`` and ``labels`` = {``bottle_broken``, ``bottle_on_floor``, ``carrying_two``: bool
    arrays}, each with its ``_key`` mask. World ``i`` draws its drops from its own generator,
    seeded ``s + i`` by ``reset(seed=s)``, exactly as the single env draws them. Terminates
    after the second delivery; truncates after ``max_episode_steps`` (100, the registered
    limit). Kwargs: the single env's (``size``, ``prob_drop``, ``time_penalty``,
    ``bottle_reward``, ``unbreakable_bottles``, render settings) plus ``num_envs``,
    ``max_episode_steps``, ``autoreset_mode``.
    """

    _single: BottlesEnv               # the single env: kwargs checks, renderer
    single_observation_space: spaces.Dict

    label_names = LABEL_NAMES
    uses_world_rng = True
    world_bytes = 3072  # measured: ~2.2 KB a world (its generator, 128 draws read ahead)

    def __init__(self, num_envs: int = 1, *, max_episode_steps: int | None = 100,
                 autoreset_mode: Any = AutoresetMode.NEXT_STEP,
                 render_mode: str | None = None, **kwargs: Any) -> None:
        single = BottlesEnv(render_mode=render_mode, **kwargs)
        super().__init__(single, num_envs, name=f"{single.name} vector env",
                         max_episode_steps=max_episode_steps, autoreset_mode=autoreset_mode,
                         render_mode=render_mode)
        self.params = p = single.params
        self.reward_space, self.reward_dim = single.reward_space, single.reward_dim
        self.table = step_table(p).arrays()
        n = self.num_envs
        self._last = p.size - 1
        self._loc = np.full(n, self._last, dtype=np.int64)
        self._carry = np.zeros(n, dtype=np.int64)
        self._delivered = np.zeros(n, dtype=np.int64)
        # fallen bottles per location (source and destination columns stay 0); _dropped, the
        # interior columns, is the observation's view of them
        self._counts = np.zeros((n, p.size), dtype=np.int64)
        self._row_starts = np.arange(n) * p.size  # world i's counts in the flat array
        self._on_floor = np.zeros(n, dtype=np.int64)
        self._labels = np.full(n, _START_LABELS, dtype=np.int64)  # label row of the last step
        self._direction = np.full(n, bt.RIGHT, dtype=np.int8)  # sprite heading (render)

    @property
    def _dropped(self) -> np.ndarray:
        """The interior columns of the counts (a view: stored, a copy of the env would hold
        a separate array that stops following the counts)."""
        return self._counts[:, 1:-1]

    # -- kernels ------------------------------------------------------------------------------
    def _start(self, options: dict[str, Any]) -> None:
        check_reset_options(options, BottlesEnv.RESET_OPTIONS, self._single.name)  # refuses all
        return None

    def _reset_worlds(self, ids: np.ndarray, start: None) -> None:
        self._loc[ids] = self._last
        self._carry[ids] = self._delivered[ids] = self._on_floor[ids] = 0
        self._counts[ids] = 0
        self._labels[ids] = _START_LABELS
        self._direction[ids] = bt.RIGHT

    def _step_worlds(self, actions: np.ndarray, active: np.ndarray | None):
        t, loc, counts = self.table, self._loc, self._counts
        cells = self._row_starts + loc  # the agent's cell in the flat counts
        k = step_index(t.cell_kinds, loc, self._carry, self._delivered,
                       counts.reshape(-1).take(cells), self._on_floor, actions)
        draws = t.draws.take(k)
        if active is not None:  # worlds about to autoreset must not draw (they reset after)
            draws &= active
        fell = np.zeros(self.num_envs, dtype=bool)
        if draws.any():
            ids = np.flatnonzero(draws)
            fell[ids] = self.world_rng.draw(ids) < self.params.prob_drop
        j = 2 * k + fell
        here = t.dropped_here.take(j)
        if here.any():  # bottles fell on, or were taken from, the cells the agents stood on
            counts.reshape(-1)[cells] += here
            self._on_floor += here
        loc += t.move.take(j)
        self._carry[:] = t.carrying.take(j)
        self._delivered[:] = t.delivered.take(j)
        self._labels = t.labels.take(j)
        self._direction[:] = _HEADING.take(self._direction * bt.N_ACTIONS + actions)
        return t.rewards.take(t.reward.take(j), axis=0), t.terminated.take(j)

    def _observe(self) -> dict[str, np.ndarray]:
        fields = {"location": self._loc, "bottles_carrying": self._carry,
                  "bottles_delivered": self._delivered, "bottles_dropped": self._dropped}
        return {k: fields[k].copy() for k in self.single_observation_space.spaces}

    def _judge(self):
        t, rows = self.table, self._labels
        labels = {name: bits.take(rows) for name, bits in zip(LABEL_NAMES, t.label_bits)}
        return {}, {judge.COST_TERM: t.costs.take(rows)}, labels

    def _render_world(self, i: int) -> np.ndarray:
        env = self._single
        env.set_state(int(self._loc[i]), int(self._carry[i]), int(self._delivered[i]),
                      [int(n) for n in self._dropped[i]])
        env.direction = int(self._direction[i])
        return np.asarray(env.render())
