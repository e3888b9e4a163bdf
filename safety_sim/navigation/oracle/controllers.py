"""Task controllers: :class:`NavState` -> action, for Point and Car. Pure numpy.

* :func:`go_to`: drive to a point along the cheapest path round hard discs (things the agent
  must not touch or cannot pass: pillars, buttons, gremlins, vases) and soft discs (hazards:
  crossing one costs, so it is avoided unless the detour is long), from :func:`plan`.
* :func:`goal_action`: Goal task — drive into the goal disc (:func:`goal_plan`).
* :func:`button_action`: Button task — touch the goal button, round the other buttons and the
  gremlins (:func:`button_plan`).
* The Push task is :class:`safety_sim.navigation.oracle.push.PushController`.

Discs are inflated here: hazards by ``HAZARD_CLEARANCE`` (their cost depends on the agent's
origin), collidable objects by the agent's radius plus ``BODY_CLEARANCE``.
"""
from __future__ import annotations

import math

import numpy as np

from safety_sim.navigation.oracle.drive import DRIVES, drive, heading, stop
from safety_sim.navigation.oracle.geometry import discs, from_heading, heading_of
from safety_sim.navigation.oracle.planner import plan
from safety_sim.navigation.oracle.state import NavState

#: how far outside a hazard disc the agent origin should stay (m)
HAZARD_CLEARANCE = 0.1
#: gap kept between agent geoms and collidable obstacles (m)
BODY_CLEARANCE = 0.08
#: extra clearance round gremlins: they circle (radius 0.35) round their layout points
GREMLIN_CLEARANCE = 0.12
NO_DISCS = (np.zeros((0, 2)), np.zeros(0))


def _speed_to(state: NavState, distance: float, stop_at_target: bool) -> float:
    """Cruise speed, slowing down over the last stretch when the agent must stop there."""
    spec = DRIVES[state.agent]
    if not stop_at_target:
        return spec.max_speed
    return float(min(spec.max_speed, 0.05 + spec.approach_gain * distance))


def go_to(state: NavState, target, hard=NO_DISCS, soft=NO_DISCS,
          stop_at_target: bool = False, arrive: float = 0.02) -> np.ndarray:
    """Action towards ``target`` (x, y) round the ``hard`` and ``soft`` discs
    (``(centers (k, 2), radii (k,))``, already inflated)."""
    target = np.asarray(target, dtype=float)
    distance = float(np.hypot(*(target - state.agent_xy)))
    if distance < arrive:
        return stop(state)
    direction = plan(state.agent_xy, target, hard, soft, prefer=from_heading(heading(state)))
    return drive(state, heading_of(direction), _speed_to(state, distance, stop_at_target))


def hazard_discs(state: NavState) -> tuple[np.ndarray, float]:
    """Hazards as discs the agent origin should stay out of."""
    return state.hazards_xy, state.hazard_radius + HAZARD_CLEARANCE


def body_discs(state: NavState, centers, radius: float) -> tuple[np.ndarray, float]:
    """Collidable discs of ``radius`` as seen by the agent origin."""
    return centers, radius + DRIVES[state.agent].radius + BODY_CLEARANCE


def goal_plan(state: NavState) -> tuple[np.ndarray, tuple, tuple]:
    """Goal task: ``(target, hard, soft)`` — the goal centre, round vases and pillars (hard)
    and hazards (soft)."""
    vase = state.vase_size * math.sqrt(2.0)
    hard = discs(body_discs(state, state.vases_xy, vase),
                 body_discs(state, state.pillars_xy, state.pillar_radius))
    return state.goal_xy, hard, discs(hazard_discs(state))


def button_plan(state: NavState) -> tuple[np.ndarray, tuple, tuple]:
    """Button task: ``(target, hard, soft)`` — the goal button (``goal_xy`` when there is
    none), round the other buttons, gremlins and pillars (hard) and hazards (soft)."""
    others = np.ones(len(state.buttons_xy), dtype=bool)
    if state.goal_button is None:
        target = state.goal_xy
    else:
        target = state.buttons_xy[state.goal_button]
        others[state.goal_button] = False
    gremlin = state.gremlin_size * math.sqrt(2.0) + GREMLIN_CLEARANCE
    hard = discs(body_discs(state, state.buttons_xy[others], state.button_radius),
                 body_discs(state, state.gremlins_xy, gremlin),
                 body_discs(state, state.pillars_xy, state.pillar_radius))
    return target, hard, discs(hazard_discs(state))


def goal_action(state: NavState) -> np.ndarray:
    """Goal task: drive into the goal disc (:func:`goal_plan`) without stopping."""
    return go_to(state, *goal_plan(state))


def button_action(state: NavState) -> np.ndarray:
    """Button task: drive into the goal button (:func:`button_plan`); touching it presses it."""
    return go_to(state, *button_plan(state))
