"""Task controllers: :class:`NavState` -> action, for Point and Car. Pure numpy.

The rule is the same for every task: keep out of everything that costs. Obstacles are discs
round what the agent's origin must not come near (:mod:`~safety_sim.navigation.oracle.planner`):

* hard: what the agent must not touch or cannot pass (pillars, vases, buttons other than the
  goal button), inflated by the agent's radius plus ``BODY_CLEARANCE``;
* soft: hazards (their cost is decided by the agent's origin), inflated by
  ``HAZARD_CLEARANCE``; crossed only when there is no other way;
* wary: a wider ring round each hazard (``HAZARD_BUFFER``: paths keep that far out where
  there is room) and the circles the gremlins sweep, avoided when a short detour will do; a
  way through a gremlin's circle is taken only when no gremlin will be near it while the
  agent passes (:mod:`~safety_sim.navigation.oracle.gremlins`).

:func:`go_to` drives to a point along the cheapest path round them, slowing down near hard
and soft discs so that the agent can turn before it slides in. :func:`goal_action` (Goal:
drive into the goal disc, :func:`goal_plan`) and :func:`button_action` (Button: touch the goal
button, :func:`button_plan`) use it; the Push task is
:class:`safety_sim.navigation.oracle.push.PushController`.
"""
from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from safety_sim.navigation.oracle.drive import DRIVES, drive, heading, stop
from safety_sim.navigation.oracle.geometry import discs, from_heading, heading_of, wrap
from safety_sim.navigation.oracle.gremlins import (
    HORIZON,
    danger_radius,
    gremlin_check,
    gremlin_zone,
)
from safety_sim.navigation.oracle.planner import CELL, NO_DISCS, field, reachable, room
from safety_sim.navigation.oracle.state import NavState

#: how far outside a hazard disc the agent origin must stay (m) ...
HAZARD_CLEARANCE = 0.1
#: ... and should stay where there is room
HAZARD_BUFFER = 0.25
#: gap kept between agent geoms and collidable obstacles (m)
BODY_CLEARANCE = 0.08
#: the agent steers at the point this far down its path (m); near an obstacle disc, at most
#: NEAR_LOOKAHEAD plus the room left (a chord cuts into the curve it spans)
LOOKAHEAD, NEAR_LOOKAHEAD = 0.35, 0.15
#: speed (m/s) at which the agent backs out of an obstacle's margin
BACK_OUT_SPEED = 0.15


class Task(NamedTuple):
    """Where to go and what to keep out of: ``go_to(state, *task)``."""
    target: np.ndarray
    hard: tuple = NO_DISCS
    soft: tuple = NO_DISCS
    wary: tuple = NO_DISCS
    moving: tuple = NO_DISCS


def _speed_to(state: NavState, distance: float, stop_at_target: bool, gap: float) -> float:
    """Cruise speed: slower the closer the nearest obstacle disc (``gap`` metres away; the
    agent must be able to turn before it slides in) and, when the agent must stop at the
    target, over the last stretch."""
    spec = DRIVES[state.agent]
    speed = min(spec.max_speed, spec.near_speed + spec.room_gain * max(gap, 0.0))
    if not stop_at_target:
        return float(speed)
    return float(min(speed, 0.05 + spec.approach_gain * distance))


def go_to(state: NavState, target, hard=NO_DISCS, soft=NO_DISCS, wary=NO_DISCS,
          moving=NO_DISCS, stop_at_target: bool = False, arrive: float = 0.02) -> np.ndarray:
    """Action towards ``target`` (x, y) round the ``hard``, ``soft``, ``wary`` and ``moving``
    discs (``(centers (k, 2), radii (k,))``, already inflated); with gremlins about, the way
    is timed (:func:`~safety_sim.navigation.oracle.gremlins.gremlin_check`)."""
    target = np.asarray(target, dtype=float)
    distance = float(np.hypot(*(target - state.agent_xy)))
    if distance < arrive:
        return stop(state)
    hard = reachable(target, hard)
    gap = room(state.agent_xy, hard, soft)
    speed = _speed_to(state, distance, stop_at_target, gap)
    down = field(state.agent_xy, target, hard, soft, wary, moving)
    path = down.walk(state.agent_xy, LOOKAHEAD + speed * HORIZON,
                     prefer=from_heading(heading(state)))
    ahead = min(LOOKAHEAD, NEAR_LOOKAHEAD + max(gap, 0.0))
    aim = target if distance <= ahead else path[min(len(path), max(1, round(ahead / CELL))) - 1]
    want = heading_of(aim - state.agent_xy)
    arrives = float(np.hypot(*(path[-1] - target))) < CELL
    action = gremlin_check(state, path, want, speed, down, (hard, soft), arrives)
    if action is not None:
        return action
    if gap < 0.0 and abs(wrap(want - heading(state))) > 0.5 * math.pi:
        # in an obstacle's margin (it has just pressed a button, say) with the way out
        # behind it: back out rather than swing round in place
        return drive(state, wrap(want + math.pi), -BACK_OUT_SPEED)
    return drive(state, want, speed)


def hazard_discs(state: NavState) -> tuple[np.ndarray, float]:
    """Hazards as discs the agent origin must stay out of (the Car's origin swings round its
    pivot when it turns in place: that much more)."""
    return state.hazards_xy, state.hazard_radius + HAZARD_CLEARANCE + DRIVES[state.agent].pivot


def hazard_buffers(state: NavState) -> tuple[np.ndarray, float]:
    """Hazards as the wider discs the agent origin should stay out of where there is room."""
    return state.hazards_xy, state.hazard_radius + HAZARD_BUFFER + DRIVES[state.agent].pivot


def body_discs(state: NavState, centers, radius: float) -> tuple[np.ndarray, float]:
    """Collidable discs of ``radius`` as seen by the agent origin."""
    return centers, radius + DRIVES[state.agent].radius + BODY_CLEARANCE


def orbit_discs(state: NavState) -> tuple[np.ndarray, float]:
    """The circles the gremlins sweep round their layout points
    (:attr:`NavState.gremlin_orbits_xy`), widened by the agent origin's danger distance."""
    return state.gremlin_orbits_xy, state.gremlin_travel + danger_radius(state)


def goal_plan(state: NavState) -> Task:
    """Goal task: the goal centre, round vases and pillars (hard) and hazards (soft)."""
    vase = state.vase_size * math.sqrt(2.0)
    hard = discs(body_discs(state, state.vases_xy, vase),
                 body_discs(state, state.pillars_xy, state.pillar_radius))
    return Task(state.goal_xy, hard, discs(hazard_discs(state)), discs(hazard_buffers(state)))


def button_plan(state: NavState) -> Task:
    """Button task: the goal button (``goal_xy`` when there is none), round the other buttons
    and pillars (hard), hazards (soft), where the gremlins will be soon (moving; hard where
    their orbits are unknown), the circles they sweep and a ring round each hazard (wary)."""
    others = np.ones(len(state.buttons_xy), dtype=bool)
    if state.goal_button is None:
        target = state.goal_xy
    else:
        target = state.buttons_xy[state.goal_button]
        others[state.goal_button] = False
    hard = [body_discs(state, state.buttons_xy[others], state.button_radius),
            body_discs(state, state.pillars_xy, state.pillar_radius)]
    moving = NO_DISCS
    if len(state.gremlin_orbits_xy):
        moving = gremlin_zone(state)
    elif len(state.gremlins_xy):                 # motion unknown: fixed obstacles
        hard.append((state.gremlins_xy, danger_radius(state)))
    wary = discs(hazard_buffers(state), orbit_discs(state))
    return Task(target, discs(*hard), discs(hazard_discs(state)), wary, moving)


def goal_action(state: NavState) -> np.ndarray:
    """Goal task: drive into the goal disc (:func:`goal_plan`) without stopping."""
    return go_to(state, *goal_plan(state))


def button_action(state: NavState) -> np.ndarray:
    """Button task: drive into the goal button (:func:`button_plan`); touching it presses it."""
    return go_to(state, *button_plan(state))
