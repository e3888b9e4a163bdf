"""Objects that fade out of the pictures: the FadingEasy / FadingHard levels
(docs/spec/sg_extra_navigation.md §5), written once for one world and for N.

A kind with ``fade_steps`` N > 0 (Goal, Hazards, Vases) loses ``a / N`` of its alpha every
step, ``a`` being its starting alpha (``ObjectKind.fade_alpha``), until it reaches 0. The
alpha lives in ``model.geom_rgba`` as float32 and every step subtracts in float64 from the
stored float32 value, so the sequence is that of the table :func:`alpha_table` (the goal of
FadingEasy reaches 0 at step 151, not 150). The state of a fading group is the number of
steps since it last (re)appeared; a group reappears (counter 0, alpha ``a``):

* at a reset;
* the goal: on the step it is reached (a new goal is drawn);
* a costing kind: on every step on which one of its cost conditions holds (hazards: the agent
  is in one; vases: one is touched or moving) -- the reference's "raw cost > 0", which is the
  kind's labels.

Only the pictures change (Vision frames, ``render()``): observations, rewards and costs are
the level's without fading. :class:`FadeState` keeps the counters of one world (Python ints,
:data:`safety_sim.ops.SCALAR`) or of N (an ``(groups, N)`` int array, ``ops.NUMPY``) and paints
them into a model's ``geom_rgba``.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

import numpy as np

from safety_sim import ops as _ops
from safety_sim.ops import Ops


@functools.lru_cache(maxsize=None)
def alpha_table(alpha: float, steps: int) -> tuple[float, ...]:
    """The alpha after 0, 1, 2, ... decrements, as the reference stores it: ``float32(max(
    float64(previous float32) - alpha / steps, 0))``, ending with the first 0."""
    out = [float(np.float32(alpha))]
    drop = alpha / steps
    while out[-1] > 0.0:
        out.append(float(np.float32(max(out[-1] - drop, 0.0))))
    return tuple(out)


@dataclass(frozen=True)
class FadeGroup:
    """One fading kind of a level: its geoms, alpha table, and what makes it reappear."""
    name: str                    # the kind's prefix (goal, hazard, vase)
    geoms: np.ndarray            # ids of every geom of its bodies
    table: tuple[float, ...]
    labels: tuple[str, ...]      # its cost conditions
    at_goal: bool                # reappears when the goal is reached (the goal)

    last: int = 0                # the counter from which the alpha stays 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "last", len(self.table) - 1)


def fade_groups(config, model) -> tuple[FadeGroup, ...]:
    """The fading kinds of ``config`` on the compiled ``model`` (object order)."""
    groups = []
    for kind in config.ordered():
        steps = getattr(kind, "fade_steps", 0)
        if not steps or not kind.count:
            continue
        bodies = {model.body(kind.body_name(n)).id for n in kind.names()}
        geoms = np.array([g for g in range(model.ngeom) if model.geom_bodyid[g] in bodies],
                         dtype=np.intp)
        labels = tuple(label for _, label in kind.cost_terms())
        groups.append(FadeGroup(kind.prefix, geoms, alpha_table(kind.fade_alpha, steps),
                                labels, kind.prefix == "goal"))
    return tuple(groups)


def fade_tick(ops: Ops, counter, group: FadeGroup, labels: dict, met, stepped=True):
    """A group's counter after a step: 0 where it reappears, else one more (up to the table's
    end); unchanged where the world did not step (``stepped`` True: every world did)."""
    back = met if group.at_goal else False
    for name in group.labels:
        back = ops.logical_or(back, labels[name])
    last = group.last
    new = ops.where(back, 0, ops.where(counter < last, counter + 1, last))
    return new if stepped is True else ops.where(stepped, new, counter)


class FadeState:
    """The fading groups of a level at work: counters for one world (``n`` None) or ``n``.

    With ``model`` (one world: the env's own model, as the reference) every :meth:`start` and
    :meth:`tick` writes the alphas into its ``geom_rgba``; without, :meth:`paint` writes a
    world's alphas into a given ``geom_rgba`` (the vector env's pictures)."""

    def __init__(self, groups: tuple[FadeGroup, ...], ops: Ops = _ops.SCALAR, n: int | None = None,
                 model=None) -> None:
        self.groups, self.ops, self.n, self.model = groups, ops, n, model
        self._where = [_index(g.geoms) for g in groups]
        # per group: an int (one world, a list) or a row of N ints (an (groups, N) array)
        self.counters: Any = [0] * len(groups) if n is None else \
            np.zeros((len(groups), n), dtype=np.int64)
        self._bind()

    def _bind(self) -> None:
        self._alpha = None if self.model is None else self.model.geom_rgba[:, 3]
        self._painted: list | None = None

    def __getstate__(self):
        state = dict(self.__dict__)
        state.pop("_alpha")
        return state

    def __setstate__(self, state):
        self.__dict__.update(state)
        self._bind()

    def start(self, mask=None) -> None:
        """Every group appears (a reset), in the worlds of ``mask`` (None: all)."""
        if self.n is None or mask is None:
            self.counters = [0] * len(self.groups) if self.n is None else \
                np.zeros_like(self.counters)
        else:
            self.counters = np.where(mask, 0, self.counters)
        self._paint_model()

    def tick(self, labels: dict, met, stepped=True) -> None:
        """One step: ``labels`` (the level's propositions of the new state) and ``met``
        (the goal was reached), for the worlds that ``stepped``."""
        ops, counters = self.ops, []
        for c, g in zip(self.counters, self.groups):
            counters.append(fade_tick(ops, c, g, labels, met, stepped))
        self.counters = counters
        if self.n is not None:
            self.counters = np.array(self.counters, dtype=np.int64).reshape(len(self.groups),
                                                                             self.n)
        self._paint_model()

    def alphas(self, world: int | None = None) -> dict[str, float]:
        """Group name -> its alpha now (world ``world`` of many)."""
        return {g.name: g.table[int(c if world is None else c[world])]
                for g, c in zip(self.groups, self.counters)}

    def paint(self, geom_rgba: np.ndarray, world: int | None = None) -> None:
        """Write the alphas (of world ``world``) into a model's ``geom_rgba``."""
        for g, where, c in zip(self.groups, self._where, self.counters):
            geom_rgba[where, 3] = g.table[int(c if world is None else c[world])]

    def _paint_model(self) -> None:
        """One world's alphas into its model, when they changed since the last time."""
        if self._alpha is None or self.counters == self._painted:
            return
        alpha = self._alpha
        for g, where, c in zip(self.groups, self._where, self.counters):
            alpha[where] = g.table[c]
        self._painted = list(self.counters)


def _index(geoms: np.ndarray):
    """An int for one geom, a slice for consecutive geom ids (cheaper to assign through),
    else the ids."""
    if len(geoms) == 1:
        return int(geoms[0])
    if len(geoms) and np.array_equal(geoms, np.arange(geoms[0], geoms[0] + len(geoms))):
        return slice(int(geoms[0]), int(geoms[0]) + len(geoms))
    return geoms


def fade_state(config, model, ops: Ops = _ops.SCALAR, n: int | None = None,
               paint_model: bool = False) -> FadeState | None:
    """The :class:`FadeState` of a level (None when nothing fades); ``paint_model``: keep the
    alphas of ``model`` (one world) up to date."""
    groups = fade_groups(config, model)
    if not groups:
        return None
    return FadeState(groups, ops, n, model if paint_model else None)
