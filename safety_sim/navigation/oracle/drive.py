"""Low-level drivers: a wanted heading and forward speed -> the agent's action.

* Point (``safety_sim/navigation/agents/point.py``): action 0 is a force along body +x (the
  nose); the actuator's force limit makes it saturate at |action| = 0.05 (0.015 N). Action 1
  drives a yaw velocity servo (target yaw rate = action / 0.3 rad/s, torque-limited; about
  3 rad/s at most).
* Car (``safety_sim/navigation/agents/car.py``): actions are the torques of the wheels at body
  x = -0.1 and x = +0.1, saturating at |action| = 0.02; the car drives along body -y, so both
  positive drive it forward, and (+t, -t) turns it counter-clockwise (about 1.4 rad/s in
  place).

Both drivers slow down while the heading error is large (the agents turn nearly in place) and
return actions in [-1, 1]. Gains were tuned on the real physics (``tests/test_oracle_nav.py``
checks the closed loop).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from safety_sim.navigation.oracle.geometry import from_heading, wrap
from safety_sim.navigation.oracle.state import NavState


@dataclass(frozen=True)
class AgentDrive:
    """Shape, gains and limits of one agent's driver (metres, radians, seconds).

    forward_offset: heading of the drive direction relative to the body +x axis.
    max_speed: top cruising speed the planners ask for; near_speed + room_gain x (distance to
    the nearest obstacle disc) caps it near obstacles. front / half_width: reach of the
    agent's geoms ahead of and beside its origin; nose: half-width of the part that reaches
    ``front`` (Point's ``pointarrow``, Car's front bumper); radius: a disc covering the agent.
    turn_damping multiplies the measured yaw rate; it is 0 for Point, whose yaw servo is
    unstable under the Euler step and chatters (+-0.48 rad/s from one physics substep to the
    next), so its instantaneous yaw rate says little about how it turns.
    """
    forward_offset: float
    max_speed: float
    front: float
    nose: float
    half_width: float
    radius: float
    turn_gain: float       # turn command per radian of heading error
    turn_damping: float    # turn command per rad/s of yaw rate
    speed_gain: float      # per m/s of speed error: Point m/s^2 wanted, Car torque share
    align: float           # heading error (rad) beyond which the agent stops to turn
    approach_gain: float   # speed (m/s) per metre left when it is to stop at a point
    pivot: float           # the agent turns in place about the point this far behind its origin
    near_speed: float      # cruise speed (m/s) at the rim of an obstacle disc ...
    room_gain: float       # ... plus this per metre of room to the nearest one
    turn_rate: float       # about how fast it turns in place (rad/s)


DRIVES = {
    "Point": AgentDrive(forward_offset=0.0, max_speed=1.0, front=0.15, nose=0.05, half_width=0.1,
                        radius=0.15, turn_gain=1.0, turn_damping=0.0, speed_gain=6.0,
                        align=1.4, approach_gain=1.2, pivot=0.0, near_speed=0.25, room_gain=2.0,
                        turn_rate=2.5),
    "Car": AgentDrive(forward_offset=-0.5 * math.pi, max_speed=0.6, front=0.175, nose=0.05,
                      half_width=0.155, radius=0.28, turn_gain=2.0, turn_damping=0.15,
                      speed_gain=4.0, align=1.0, approach_gain=2.5, pivot=0.1, near_speed=0.25,
                      room_gain=2.0, turn_rate=1.2),
}


def heading(state: NavState) -> float:
    """Direction of travel of the agent (world angle)."""
    return wrap(state.yaw + DRIVES[state.agent].forward_offset)


def pivot_xy(state: NavState) -> np.ndarray:
    """The point the agent turns in place about (Car: the middle of its wheel axle)."""
    return state.agent_xy - from_heading(heading(state)) * DRIVES[state.agent].pivot


def forward_speed(state: NavState) -> float:
    return float(state.velocity_xy @ from_heading(heading(state)))


def drive(state: NavState, want_heading: float, want_speed: float) -> np.ndarray:
    """The action that turns the agent to ``want_heading`` and moves it at about
    ``want_speed`` (m/s; scaled down while the agent is turned away). A negative speed backs
    the agent up while it keeps facing ``want_heading``."""
    if state.agent == "Point":
        return _drive_point(state, want_heading, want_speed)
    return _drive_car(state, want_heading, want_speed)


#: Point: the thrust action where the force limit is reached, the acceleration it
#: gives (0.015 N / 0.005189 kg, m/s^2) and slide damping / mass (1/s); the sphere hovers at
#: its radius, so damping is the only drag and a sideways velocity persists
POINT_FULL_THRUST = 0.05
POINT_ACCEL = 0.015 / 0.005189
POINT_DRAG = 0.01 / 0.005189
#: below this wanted speed (m/s) the Point keeps its nose on the wanted heading
POINT_CRAWL = 0.15
#: heading error (rad) beyond which the crawling Point turns on the spot
POINT_CRAWL_ALIGN = 0.6
#: yaw servo commands below this barely turn the Point (measured: 0.1 -> 0.04 rad/s,
#: 0.2 -> 0.48 rad/s, 0.4 -> 1.0 rad/s from rest)
POINT_TURN_DEADBAND = 0.12
#: while cruising the nose stays within this angle (rad) of the wanted heading
POINT_SWERVE = 2.5


def _drive_point(state: NavState, want_heading: float, want_speed: float) -> np.ndarray:
    """Point slides like a hovercraft. Cruising, it points its nose along the acceleration that
    turns its velocity into the wanted one (plus the drag at that speed; at most
    ``POINT_SWERVE`` off the wanted heading) and thrusts the forward part of it. Crawling
    (wanted speed below ``POINT_CRAWL``), it turns to the wanted heading and only sets its
    forward speed (backwards for a negative one); the drag takes out any sideways drift."""
    g = DRIVES["Point"]
    if want_speed < POINT_CRAWL:
        err = wrap(want_heading - heading(state))
        speed = want_speed * max(0.0, 1.0 - abs(err) / POINT_CRAWL_ALIGN)   # turn, then go
        push = g.speed_gain * (speed - forward_speed(state)) + POINT_DRAG * speed
    else:
        want = from_heading(want_heading) * want_speed
        accel = g.speed_gain * (want - state.velocity_xy) + POINT_DRAG * want
        swerve = wrap(math.atan2(accel[1], accel[0]) - want_heading)
        swerve = max(-POINT_SWERVE, min(POINT_SWERVE, swerve))
        err = wrap(want_heading + swerve - heading(state))
        size = float(np.hypot(*accel))
        push = size * math.cos(err)
        if abs(err) > 0.5 * math.pi:      # the tail is nearer: thrust backwards, turn the tail
            err = wrap(err + math.pi)
        elif abs(err) > g.align:
            push = 0.0
    thrust = max(-1.0, min(1.0, push / POINT_ACCEL)) * POINT_FULL_THRUST
    # the floor contact's torsional friction eats turn commands below ~POINT_TURN_DEADBAND
    turn = g.turn_gain * err + math.copysign(POINT_TURN_DEADBAND * min(1.0, abs(err) / 0.03), err)
    return np.clip(np.array([thrust, turn]), -1.0, 1.0)


#: Car: the wheel action where the motors' torque limit is reached
CAR_FULL_TORQUE = 0.02


def _drive_car(state: NavState, want_heading: float, want_speed: float) -> np.ndarray:
    """Car rolls on its wheels (no side slip): steer the heading, set the speed."""
    g = DRIVES["Car"]
    err = wrap(want_heading - heading(state))
    gate = max(0.0, 1.0 - abs(err) / g.align)        # 1 when aligned, 0 beyond ``align``
    speed = want_speed * gate
    push = g.speed_gain * (speed - forward_speed(state))
    turn = float(np.clip(g.turn_gain * err - g.turn_damping * state.yaw_rate, -1.0, 1.0))
    push = float(np.clip(push, -1.0 + abs(turn), 1.0 - abs(turn)))   # turning first
    return np.clip(np.array([push + turn, push - turn]), -1.0, 1.0) * CAR_FULL_TORQUE


def stop(state: NavState) -> np.ndarray:
    """Brake to a standstill, keeping the heading."""
    return drive(state, heading(state), 0.0)
