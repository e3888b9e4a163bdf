"""The Push controller: dock the agent's nose in a notch of the box, then carry it to the goal.

The box (:class:`safety_sim.navigation.objects.PushBox`) is a cube of half-size ``s`` with a
corner post on each corner, so the middle of each face is a notch ``s`` wide and ``s/2`` deep;
the agents' noses (Point's ``pointarrow``, Car's front bumper, both 0.1 wide) fit in it. A box
pushed on a flat face by a round body slides off sideways (it is ~40 times lighter than the
agent); a box held in a notch goes where the agent steers it. So the controller

1. picks the face to push (:func:`choose_face`): the one facing away from the box's route to
   the goal (the route bends round pillars and hazards, :func:`box_route`), avoiding faces a
   pillar stands behind or whose docking line crosses a hazard;
2. *approaches* a spot a little way out from that face, round the box, pillars and hazards,
   and *settles* there: stops and turns to face the face;
3. *docks*: drives slowly along the face normal into the notch, correcting sideways; when the
   nose arrives off the middle or turned, it *backs off* and docks again;
4. *carries*: steers at a point a little ahead of the box on its route, until the nose slips
   out of the notch or another face becomes the better one to push (the route turned); then
   it backs off and starts again at 1.

After the box reaches the goal the env draws a new goal and the controller carries on.
"""
from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

import numpy as np

from safety_sim.navigation.oracle.controllers import body_discs, go_to, hazard_discs
from safety_sim.navigation.oracle.drive import DRIVES, drive, heading, pivot_xy
from safety_sim.navigation.oracle.geometry import (
    Discs,
    discs,
    from_heading,
    heading_of,
    unit,
    wrap,
)
from safety_sim.navigation.oracle.planner import plan, room
from safety_sim.navigation.oracle.state import NavState


@dataclass(frozen=True)
class PushGains:
    """Distances in metres, angles in radians, speeds in m/s."""
    run_up: float = 0.3             # the approach ends this far out from the docked position
    arrive: float = 0.05            # the approach ends this close to its spot ...
    settle_radius: float = 0.12     # ... then the agent turns to the face while this close
    settle_facing: float = 0.1      # ... and docks once facing the face this well
    settle_speed: float = 0.05      # ... and this slow
    dock_gain: float = 4.0          # docking heading correction (rad) per m sideways ...
    dock_swerve: float = 0.35       # ... at most this
    docked: float = 0.02            # docked: the nose within this of the notch's posts ...
    docked_sideways: float = 0.045  # ... and of its middle
    docked_facing: float = 0.15     # ... facing the face this well; else back off and retry
    carry_lookahead: float = 0.4    # the agent steers at the route this far ahead of the box
    slip_distance: float = 0.06     # carrying ends when the nose is this far out of the notch
    slip_sideways: float = 0.06     # ... or this far along the face from its middle
    slip_facing: float = 0.7        # ... or turned this far from the face normal
    face_switch: float = 0.55       # score margin for changing the chosen face (ends carrying)
    speeds: tuple = (("Point", 0.45, 0.25), ("Car", 0.3, 0.18))   # (agent, carry, dock)

    def speed(self, agent: str, mode: str) -> float:
        row = next(r for r in self.speeds if r[0] == agent)
        return row[1] if mode == "carry" else row[2]


GAINS = PushGains()


def box_of(state: NavState) -> np.ndarray:
    """The box centre of a push state (``NavState`` refuses a push state without one)."""
    if state.box_xy is None:
        raise ValueError("the push oracle needs a state with a box (box_xy is None)")
    return state.box_xy


@dataclass(frozen=True)
class FacePose:
    """The agent relative to one face of the box: ``out`` (how far its origin is outside the
    docked position along the face normal), ``sideways`` (offset along the face from its
    middle), ``facing`` (heading error from pushing straight in), the face's outward
    ``normal`` and the approach ``spot``."""
    normal: np.ndarray
    out: float
    sideways: float
    facing: float
    spot: np.ndarray

    @classmethod
    def of(cls, state: NavState, face: int, gains: PushGains) -> "FacePose":
        normal = face_normal(state, face)
        dock = state.box_size + DRIVES[state.agent].front    # agent origin to box centre
        rel = state.agent_xy - box_of(state)
        return cls(normal, float(rel @ normal) - dock,
                   float(rel @ np.array([-normal[1], normal[0]])),
                   wrap(heading_of(-normal) - heading(state)),
                   box_of(state) + normal * (dock + gains.run_up))


class PushController:
    """``action = controller(state)`` for the push task (Point and Car). Remembers the mode
    (``"approach"``, ``"settle"``, ``"dock"``, ``"back_off"``, ``"carry"``) and the chosen
    face (0..3, in the box frame)."""

    def __init__(self, gains: PushGains = GAINS) -> None:
        self.gains = gains
        self.mode = "approach"
        self.face: int | None = None

    def chosen_face(self) -> int:
        """The face being pushed (chosen in every mode before docking and carrying)."""
        if self.face is None:
            raise RuntimeError("PushController: no face chosen yet (a new episode starts in "
                               "the 'approach' mode)")
        return self.face

    def __call__(self, state: NavState) -> np.ndarray:
        g = self.gains
        route = box_route(state)
        if self.mode == "carry":
            pose = FacePose.of(state, self.chosen_face(), g)
            if self._holding(state, pose, route):
                return self._carry(state, route)
            self.mode = "back_off"               # clear of the box before walking round it
        if self.mode not in ("dock", "back_off"):   # the face stays fixed while docking
            reach = state.box_size + DRIVES[state.agent].front + g.run_up
            self.face = choose_face(state, route, reach, self.face, g.face_switch)
        pose = FacePose.of(state, self.chosen_face(), g)
        if self.mode in ("dock", "back_off"):
            return self._dock(state, pose)
        return self._line_up(state, pose)

    def _line_up(self, state: NavState, pose: FacePose) -> np.ndarray:
        """Bring the agent's pivot (where it turns in place) to the spot out from the face,
        then stop there and turn to face the face."""
        g = self.gains
        behind = DRIVES[state.agent].pivot
        spot = pose.spot + pose.normal * behind       # the pivot's spot when facing the face
        pivot = pivot_xy(state)
        off_spot = float(np.hypot(*(spot - pivot)))
        if off_spot < g.arrive or (self.mode == "settle" and off_spot < g.settle_radius):
            self.mode = "settle"
            if (abs(pose.facing) < g.settle_facing
                    and float(np.hypot(*state.velocity_xy)) < g.settle_speed):
                self.mode = "dock"
            return drive(state, heading_of(-pose.normal), 0.0)
        self.mode = "approach"
        at_pivot = dataclasses.replace(state, agent_xy=pivot)
        return go_to(at_pivot, spot, *approach_obstacles(state), stop_at_target=True)

    def _dock(self, state: NavState, pose: FacePose) -> np.ndarray:
        """Drive straight into the notch, correcting sideways; back off and retry when the
        nose arrives off the middle or turned."""
        g = self.gains
        speed = g.speed(state.agent, "dock")
        push_in = heading_of(-pose.normal)
        if self.mode == "back_off":
            if pose.out > g.run_up - g.arrive or _heading_into_hazard(state, -1.0):
                self.mode = "settle"       # (the approach walks round a hazard behind)
            return drive(state, push_in, -speed)
        if pose.out > g.run_up + 0.15 or abs(pose.sideways) > 0.15:
            self.mode = "approach"                       # the box moved away
            return drive(state, push_in, 0.0)
        if pose.out < g.docked + _post_step(state, pose):      # touching the face or a post
            if abs(pose.sideways) < g.docked_sideways and abs(pose.facing) < g.docked_facing:
                self.mode = "carry"
                return drive(state, push_in, g.speed(state.agent, "carry"))
            self.mode = "back_off"
            return drive(state, push_in, -speed)
        swerve = max(-g.dock_swerve, min(g.dock_swerve, g.dock_gain * pose.sideways))
        return drive(state, push_in + swerve, speed)

    def _carry(self, state: NavState, route: np.ndarray) -> np.ndarray:
        """Push on, steering at the route a little ahead of the box."""
        g = self.gains
        target = box_of(state) + route * g.carry_lookahead
        return drive(state, heading_of(target - state.agent_xy), g.speed(state.agent, "carry"))

    def _holding(self, state: NavState, pose: FacePose, route: np.ndarray) -> bool:
        """Is the agent's nose still in (or at) the notch of the chosen face, and does no
        other face score ``face_switch`` better (the chosen face without its penalties: the
        agent is already there)?"""
        g = self.gains
        reach = state.box_size + DRIVES[state.agent].front + g.run_up
        scores = face_scores(state, route, reach)
        scores[self.face] = face_scores(state, route)[self.face]
        return (pose.out < g.slip_distance + _post_step(state, pose)
                and not _heading_into_hazard(state, 1.0)
                and abs(pose.sideways) < g.slip_sideways
                and abs(pose.facing) < g.slip_facing
                and scores.max() - scores[self.face] < g.face_switch)


#: how far ahead (m) the agent looks for a hazard while it carries or backs off
HAZARD_LOOK = 0.12


def _heading_into_hazard(state: NavState, direction: float) -> bool:
    """Would the agent origin, going ``HAZARD_LOOK`` forwards (``direction`` 1) or backwards
    (-1), be in a hazard's keep-out disc?"""
    ahead = state.agent_xy + direction * HAZARD_LOOK * from_heading(heading(state))
    return room(ahead, discs(hazard_discs(state))) < 0.0


def _post_step(state: NavState, pose: FacePose) -> float:
    """How far out the nose stops: 0 when it fits in the notch (``s`` wide, between the
    corner posts), the posts' depth ``s/2`` when it is off the middle and rests on a post."""
    fits = abs(pose.sideways) + DRIVES[state.agent].nose < 0.5 * state.box_size
    return 0.0 if fits else 0.5 * state.box_size


def face_normal(state: NavState, face: int) -> np.ndarray:
    """Outward unit normal (world frame) of face ``face`` (0..3: box +x, +y, -x, -y)."""
    angle = state.box_yaw + 0.5 * math.pi * face
    return np.array([math.cos(angle), math.sin(angle)])


def face_scores(state: NavState, route: np.ndarray, reach: float | None = None) -> np.ndarray:
    """How well pushing each face (0..3) moves the box along ``route``: minus the face normal
    along the route. With ``reach``, a face whose approach spot (``reach`` out) a pillar blocks
    scores ``PILLAR_PENALTY`` less, one whose docking line (spot to docked position) crosses a
    hazard ``HAZARD_PENALTY`` less (pushing another way first beats standing in a hazard)."""
    normals = np.array([face_normal(state, face) for face in range(4)])
    scores = -(normals @ route)
    if reach is None:
        return scores
    pillars, clear = body_discs(state, state.pillars_xy, state.pillar_radius)
    hazards, hazard_r = hazard_discs(state)
    dock = state.box_size + DRIVES[state.agent].front
    for face, normal in enumerate(normals):
        spot = box_of(state) + normal * reach
        if len(pillars) and np.min(np.hypot(*(spot - pillars).T)) < clear:
            scores[face] -= PILLAR_PENALTY
        line = box_of(state) + normal * np.linspace(dock, reach, 4)[:, None]
        if len(hazards) and np.min(np.hypot(*(line[:, None, :] - hazards).T)) < hazard_r:
            scores[face] -= HAZARD_PENALTY
    return scores


def choose_face(state: NavState, route: np.ndarray, reach: float, current: int | None,
                margin: float) -> int:
    """The face to push: the best of :func:`face_scores` (penalties included); the
    ``current`` face is kept unless another scores ``margin`` better."""
    scores = face_scores(state, route, reach)
    best = int(np.argmax(scores))
    if current is not None and scores[best] - scores[current] < margin:
        return current
    return best


PILLAR_PENALTY = 2.0
HAZARD_PENALTY = 1.2
#: the box centre keeps this many box half-extents from a pillar's rim on its route
PILLAR_BOX_GAP = 1.3


def box_route(state: NavState) -> np.ndarray:
    """Unit direction the box should move in: towards the goal round pillars (hard) and
    hazards (soft, widened by ``ROUTE_HAZARD_MARGIN``: the agent behind the box follows the
    same way and cuts its corners; wary further out)."""
    extent = 1.5 * state.box_size
    hard = discs((state.pillars_xy, state.pillar_radius + PILLAR_BOX_GAP * extent))
    hazards, radius = hazard_discs(state)
    soft = discs((hazards, radius + ROUTE_HAZARD_MARGIN))
    wary = discs((hazards, radius + ROUTE_HAZARD_MARGIN + 0.15))
    return unit(plan(box_of(state), state.goal_xy, hard, soft, wary,
                     lookahead=ROUTE_LOOKAHEAD))


#: how far ahead on the box's path its route points (m)
ROUTE_LOOKAHEAD = 0.4
#: the box's route keeps the box this much further from hazards than the agent must keep (m)
ROUTE_HAZARD_MARGIN = 0.15


def approach_obstacles(state: NavState) -> tuple[Discs, Discs]:
    """``(hard, soft)`` discs for walking the agent's pivot round the box: the box itself and
    pillars (hard), hazards (soft; widened by the pivot's distance behind the origin, which
    the hazard cost is about)."""
    spec = DRIVES[state.agent]
    corner = 1.5 * state.box_size * math.sqrt(2.0)
    hard = discs((box_of(state)[None, :], corner + spec.half_width + 0.06),
                 body_discs(state, state.pillars_xy, state.pillar_radius))
    hazards, radius = hazard_discs(state)
    return hard, discs((hazards, radius + spec.pivot))
