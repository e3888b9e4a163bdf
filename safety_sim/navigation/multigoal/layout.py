"""MultiGoal's layout (docs/spec/sg_head.md §4; Safety-Gymnasium's
``tasks/safe_multi_agent/utils/random_generator.py:sample_layout``): the usual rejection
sampler places agent 0 (``agent``), the red and the blue goal, the hazards and the vases in
that order (whole layouts redrawn on a failure, :func:`~safety_sim.navigation.layout.
placement.sample_layout`); then agent 1 (``agent1``) is drawn from the agent's area, up to 100
times, until it keeps its distance from everything placed.

Two quirks of the reference are kept, because they decide the layouts of its seeds: agent 1's
distance test uses the keep-out of the *last object placed* (not the agent's 0.4) on its own
side, and when all 100 draws fail the last one is used (the whole layout is not redrawn).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from safety_sim.navigation.layout.placement import Placed, draw_xy, sample_layout

AGENT_KEEPOUT = 0.4
GOAL_KEEPOUT = 0.305
HAZARD_KEEPOUT = 0.18
VASE_KEEPOUT = 0.15
AGENT1_TRIES = 100


@dataclass(frozen=True)
class MultiGoalLevel:
    """What a MultiGoal level places: extents and the hazard and vase counts."""
    extents: tuple[float, float, float, float]
    hazards: int = 0
    vases: int = 0
    #: the agents' contact costs both (``cost_contact_other``)
    contact_other: bool = False
    #: the vases cost (touched, moving: ``cost_vases_contact``/``cost_vases_velocity``)
    vases_cost: bool = False


#: level -> its placement data (``multi_goal_level{0,1,2}.py``)
LEVELS = {0: MultiGoalLevel((-1.0, -1.0, 1.0, 1.0)),
          1: MultiGoalLevel((-1.5, -1.5, 1.5, 1.5), hazards=8, vases=1, contact_other=True),
          2: MultiGoalLevel((-2.0, -2.0, 2.0, 2.0), hazards=10, vases=10, contact_other=True,
                            vases_cost=True)}


def placed_objects(level: MultiGoalLevel) -> tuple[Placed, ...]:
    """Agent 0, the goals, the hazards, the vases: the reference's placement order."""
    objs = [Placed("agent", AGENT_KEEPOUT, True), Placed("goal_red", GOAL_KEEPOUT),
            Placed("goal_blue", GOAL_KEEPOUT)]
    objs += [Placed(f"hazard{i}", HAZARD_KEEPOUT) for i in range(level.hazards)]
    objs += [Placed(f"vase{i}", VASE_KEEPOUT, True) for i in range(level.vases)]
    return tuple(objs)


def sample_multigoal_layout(rs: np.random.RandomState, level: MultiGoalLevel
                            ) -> dict[str, tuple[float, float]]:
    """Every body's (x, y), ``agent1`` included, drawn from ``rs`` as the reference does."""
    objects = placed_objects(level)
    layout = sample_layout(rs, level.extents, objects)
    keepouts = {o.name: o.keepout for o in objects}
    layout["agent1"] = place_agent1(rs, level.extents, layout, keepouts, objects[-1].keepout)
    return layout


def place_agent1(rs: np.random.RandomState, extents, layout: dict, keepouts: dict,
                 own_keepout: float) -> tuple[float, float]:
    """Agent 1's position: the first of up to 100 draws from the agent's area that keeps
    ``keepouts[name] + own_keepout`` from every body of ``layout`` (the reference passes the
    last placed object's keep-out as ``own_keepout``), else the last draw."""
    for _ in range(AGENT1_TRIES):
        xy = draw_xy(rs, extents, AGENT_KEEPOUT)
        if all(math.sqrt((xy[0] - x) * (xy[0] - x) + (xy[1] - y) * (xy[1] - y))
               >= keepouts[name] + own_keepout
               for name, (x, y) in layout.items()):
            break
    return xy
