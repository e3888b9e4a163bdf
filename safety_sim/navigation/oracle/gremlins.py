"""Timing the gremlins: where they will be, and which moves keep clear of them.

Every gremlin is pulled round a circle of radius ``travel`` about its layout point, all in
phase: at simulation time ``t`` the point it is pulled to is ``travel * (sin t, cos t)`` from
its layout point (clockwise, one turn per 2 pi s; :meth:`Gremlins.ghost_position
<safety_sim.navigation.objects.Gremlins.ghost_position>`), and its box trails that point by a
few centimetres. So where each gremlin will be is known for any time ahead.

The plan (:func:`gremlin_zone`) keeps out of where the gremlins will be over the next
``ZONE_SECONDS`` (the phase rounded down to ``PHASE_STEP``, so that a plan serves many steps
and is cached). The check (:func:`gremlin_check`): the agent follows its planned path when,
moving along it at about the planned speed, it keeps ``CLEARANCE`` between its body and every
gremlin for the next ``HORIZON`` seconds (and ``HOLD`` seconds more where it would stop).
Otherwise it considers straight moves in ``HEADINGS`` directions (after turning to them;
backwards, slowly, where that needs less turning) and waiting where it is, keeps those that
stay clear of the gremlins for the horizon and enter no hard or soft disc, and takes the one
that ends lowest on the cost-to-go to its target. When none is clear, it takes the move that
keeps the widest gap.
"""
from __future__ import annotations

import math

import numpy as np

from safety_sim.navigation.oracle.drive import DRIVES, drive, heading
from safety_sim.navigation.oracle.geometry import from_heading, wrap
from safety_sim.navigation.oracle.planner import Field, room
from safety_sim.navigation.oracle.state import NavState

#: seconds of simulation time ahead that a move must keep clear of the gremlins
HORIZON = 1.5
#: gap kept between the agent's body and a gremlin's box (m; covers the box trailing its
#: pull point, about 0.03 m)
CLEARANCE = 0.06
#: the agent may be early or late: a point it should reach after t seconds is checked from
#: EARLY x t - SLACK to LATE x t + SLACK
EARLY, LATE, SLACK = 0.8, 1.8, 0.15
#: the end of a move must stay clear this many seconds longer (the agent must not stop where
#: it would soon have to flee)
HOLD = 1.5
#: directions of the straight moves tried, the speed of the fastest one and the top speed of
#: a backward one (m/s)
HEADINGS, ESCAPE_SPEED, BACK_SPEED = 16, 0.5, 0.25
#: a move that needs turning scores this much worse per radian (m of cost-to-go; when no
#: move is clear, m of gap)
TURN_PENALTY, ESCAPE_TURN_PENALTY = 0.4, 0.02
#: samples of a move over the horizon
SAMPLES = 8
#: the plan keeps out of where the gremlins will be from the phase rounded down to PHASE_STEP
#: (s of simulation time) to ZONE_SECONDS later, sampled every ZONE_SAMPLE seconds
PHASE_STEP, ZONE_SECONDS, ZONE_SAMPLE = 0.4, 2.0, 0.4


def danger_radius(state: NavState) -> float:
    """Agent origin to gremlin centre distance below which they (nearly) touch."""
    return state.gremlin_size * math.sqrt(2.0) + DRIVES[state.agent].radius + CLEARANCE


def gremlins_at(state: NavState, seconds) -> np.ndarray:
    """Gremlin centres ``seconds`` (array, shape (n,)) from now: shape (n, k, 2)."""
    seconds = np.asarray(seconds, float).reshape(-1)
    if not len(state.gremlin_orbits_xy):        # no orbits known: they stay where they are
        return np.broadcast_to(state.gremlins_xy, (len(seconds), *state.gremlins_xy.shape))
    t = state.time + seconds[:, None]
    offset = state.gremlin_travel * np.stack([np.sin(t), np.cos(t)], axis=-1)   # (n, 1, 2)
    return state.gremlin_orbits_xy[None, :, :] + offset


def gremlin_zone(state: NavState) -> tuple[np.ndarray, np.ndarray]:
    """Discs ``(centers, radii)`` the agent origin should keep out of: each gremlin at its
    positions over the next :data:`ZONE_SECONDS` (from the phase rounded down to
    :data:`PHASE_STEP`), widened by :func:`danger_radius` and half the spacing of the
    samples."""
    start = math.floor(state.time / PHASE_STEP) * PHASE_STEP - state.time
    seconds = start + np.arange(0.0, ZONE_SECONDS + PHASE_STEP + 1e-9, ZONE_SAMPLE)
    centers = gremlins_at(state, seconds).reshape(-1, 2)
    spacing = state.gremlin_travel * ZONE_SAMPLE
    return centers, np.full(len(centers), danger_radius(state) + 0.5 * spacing)


def gap(state: NavState, points, early, late) -> float:
    """Smallest distance between the agent origin at ``points[i]`` at any time from
    ``early[i]`` to ``late[i]`` seconds from now and any gremlin; inf without gremlins."""
    points = np.asarray(points, float).reshape(-1, 2)
    if not len(state.gremlins_xy) or not len(points):
        return math.inf
    share = np.linspace(0.0, 1.0, 6)
    early = np.broadcast_to(np.asarray(early, float), (len(points),))
    late = np.broadcast_to(np.asarray(late, float), (len(points),))
    when = early[:, None] + (late - early)[:, None] * share[None, :]          # (m, 6)
    where = gremlins_at(state, when.ravel()).reshape(len(points), len(share), -1, 2)
    return float(np.hypot(*(where - points[:, None, None, :]).transpose(3, 0, 1, 2)).min())


def _with_hold(points, early, late):
    """``points``/``early``/``late`` plus the last point held :data:`HOLD` seconds more."""
    return (np.vstack([points, points[-1:]]), np.append(early, early[-1]),
            np.append(late, late[-1] + HOLD))


def _path_gap(state: NavState, path: np.ndarray, speed: float, arrives: bool) -> float:
    """:func:`gap` of the agent following ``path`` at ``speed`` for the horizon, then
    stopping there, unless the path ends at the target (``arrives``) within the horizon."""
    steps = np.diff(np.vstack([state.agent_xy, path]), axis=0)
    times = np.cumsum(np.hypot(*steps.T)) / max(speed, 0.05)
    keep = times <= HORIZON
    points = np.vstack([state.agent_xy, path[keep]])
    times = np.concatenate([[0.0], times[keep]])
    when = (points, np.maximum(EARLY * times - SLACK, 0.0), LATE * times + SLACK)
    return gap(state, *(when if arrives and keep.all() else _with_hold(*when)))


class Move:
    """A straight move in direction ``way``: turn to ``face`` (in place), then drive at
    ``speed`` (negative: backwards) for the rest of the horizon, then stop; ``points``,
    ``early``, ``late``: where the agent will be and when; ``turn``: the angle turned."""

    def __init__(self, state: NavState, way: float, speed: float) -> None:
        spec = DRIVES[state.agent]
        backwards = abs(wrap(way - heading(state))) > 0.5 * math.pi
        self.face = wrap(way + math.pi) if backwards else way
        self.speed = -min(speed, BACK_SPEED) if backwards else speed
        self.turn = abs(wrap(self.face - heading(state)))
        t = np.linspace(0.0, HORIZON, SAMPLES)
        run = abs(self.speed) * np.maximum(t - self.turn / spec.turn_rate, 0.0)
        self.points = state.agent_xy + run[:, None] * from_heading(way)[None, :]
        self.early = np.maximum(EARLY * t - SLACK, 0.0)
        self.late = LATE * t + SLACK

    def gap(self, state: NavState) -> float:
        return gap(state, *_with_hold(self.points, self.early, self.late))

    def action(self, state: NavState) -> np.ndarray:
        return drive(state, self.face, self.speed)


def gremlin_check(state: NavState, path: np.ndarray, want_heading: float, speed: float,
                  field: Field, obstacles, arrives: bool = False) -> np.ndarray | None:
    """None when the agent may follow ``path`` (points from the agent on, down ``field``; to
    the target when ``arrives``) at ``speed``, else the action of the best clear move
    (:class:`Move`, or waiting turned to ``want_heading``). ``obstacles``: the ``(hard,
    soft)`` discs a move must not enter."""
    if not len(state.gremlins_xy):
        return None
    safe = danger_radius(state)
    if _path_gap(state, path, speed, arrives) > safe:
        return None
    inside = min(0.0, room(state.agent_xy, *obstacles))      # already in a disc: not deeper
    best, best_score, widest, widest_score = None, math.inf, None, -math.inf
    here = state.agent_xy[None, :]
    waiting = gap(state, here, 0.0, HORIZON + HOLD) > safe
    if waiting:
        best_score = float(field.at(here)[0])
    for way in np.linspace(-math.pi, math.pi, HEADINGS, endpoint=False):
        for pace in (speed, 0.5 * speed, ESCAPE_SPEED):
            move = Move(state, float(way), pace)
            if min(room(p, *obstacles) for p in move.points[1:]) < inside - 1e-9:
                continue
            clear = move.gap(state)
            if clear - ESCAPE_TURN_PENALTY * move.turn > widest_score:
                widest, widest_score = move, clear - ESCAPE_TURN_PENALTY * move.turn
            score = float(field.at(move.points[-1:])[0]) + TURN_PENALTY * move.turn
            if clear > safe and score < best_score:
                best, best_score = move, score
    if best is not None:
        return best.action(state)
    if waiting:
        return drive(state, want_heading, 0.0)                 # wait, turned to the way
    if widest is not None:
        return widest.action(state)
    return drive(state, heading(state), 0.0)
