"""Racecar: an MIT-racecar-like car (docs/spec/push.md §6.4), built with MjSpec from
primitives only.

Body tree as in the reference: ``agent`` (free joint) → ``pos_change`` (front bumper box) →
``car_body`` (chassis), the two steering hinges with the front wheels, the rear differential
``diff_ring`` whose unnamed child turns on the hinge ``diff_ring`` and carries both rear wheels
(``diff_sideA``/``diff_sideB``), and a front differential ``diff2_ring`` without joints.
Every body's mass, inertia and inertial frame is set explicitly to the reference's compiled
values, to the last bit (MuJoCo 4 would compute another chassis mass from the reference's
mesh; the full-lock runs amplify even a last-bit difference).

What differs from the reference (which used mesh files that are not ours to ship):
* the chassis collision mesh is replaced by its bounding box as MuJoCo compiled it (the
  mesh's axis-aligned box in its principal frame: 0.06 x 0.2017 x 0.4055 m, see
  ``chassis_box``). MuJoCo collides the mesh's convex hull, which lies inside that box; the
  box touches nothing in any recorded control program (the front wheels are excluded, the
  box rests 2 cm above the floor), so neither would the hull;
* every visual mesh (wheels, steering knuckles, differential gears) is a primitive
  of about the mesh's size and colour: visual-only, contype = conaffinity = 0, group 0, massless.
All other collision geoms, joints, the steering equality, the two contact excludes, actuators,
sensors, site and camera are the reference's.
"""
from __future__ import annotations

from typing import Any

import mujoco
import numpy as np

from safety_sim.navigation.agents import _build as B
from safety_sim.navigation.agents.base import AgentSpec, ObsSensor

SPAWN_Z = 0.05
JOINT = {"damping": 0.001}
STEER_RANGE = (-0.785, 0.785)
# quaternions as compiled by the reference (from euler angles of 1.5708 rad)
Q_Y90 = (0.7071052811843601, 0.0, 0.707108281185553, 0.0)
Q_X90 = (0.7071052811843601, 0.707108281185553, 0.0, 0.0)
Q_X90B = (0.7071072811865695, 0.7071062811861719, 0.0, 0.0)
Q_Z90 = (0.7071072811865695, 0.0, 0.0, 0.7071062811861719)
Q_ZM90 = (0.7071072811865695, 0.0, 0.0, -0.7071062811861719)
Q_IN = (0.5, 0.5, -0.5, 0.5)        # inertial frame of the wheels and gears
GEAR_INERTIA = (0.04411, 0.02467, 0.02467)
# The reference's chassis mesh geom as compiled: its frame (the mesh's principal frame) in
# car_body, and the mesh's bounding box in that frame (centre, half-sizes).
CHASSIS_MESH_POS = (0.15557992747876107, -0.0003826658731145229, 6.812385950941158e-10)
CHASSIS_MESH_QUAT = (0.001766899788279318, 0.7071045736417905, -0.001766899788279318,
                     0.7071045736417905)
CHASSIS_AABB = ((2.7939677169075416e-09, -0.0004172477949740336, 0.0068431151198038165),
                (0.030000003986060626, 0.10083583933161619, 0.20277234352982876))
# The bumper body's inertial as the reference compiled it from its box geom (density 5), to
# the last bit (0.00086625 etc. differ in it; the full-lock runs amplify such differences).
POS_CHANGE_INERTIAL = (0.0008662499999999999, (2.289354375e-06, 2.2757109374999996e-06,
                                               1.435809375e-07))
POS_CHANGE_IPOS = (0.39, 0.0, 0.039999999999999994)
CHASSIS_INERTIAL: dict[str, Any] = dict(
    mass=0.017605537618291808,
    inertia=(0.0002706324171671688, 0.0002385001307776043, 4.125453652032671e-05),
    ipos=CHASSIS_MESH_POS, iquat=CHASSIS_MESH_QUAT)
RED, BLUE, BODY_RGBA = (1, 0, 0, 1), (0.0039, 0.1529, 0.3961, 1), (0.7412, 0.0431, 0.1843, 1)
BLACK, GREY, GREEN = (0, 0, 0, 1), (0.2, 0.2, 0.2, 1), (0, 0.8, 0, 1)
SPIDER_A, SPIDER_B, WHITE = (0.8, 0, 0, 1), (0.8706, 0.8118, 0.7647, 1), (1, 1, 1, 1)
VISION: dict[str, Any] = {"pos": (0.2, 0.0, 0.05), "fovy": 45.0,
          "quat": (0.5003981633553667, 0.49999984146591736, -0.49999984146591736,
                   -0.49960183664463337)}


def _visual(body, kind, size, pos=(0, 0, 0), quat=(1, 0, 0, 0), rgba=GREY):
    body.add_geom(type=kind, size=list(size), pos=list(pos), quat=list(quat), rgba=list(rgba),
                  contype=0, conaffinity=0, group=0, density=0.0)


def _visual_disc_y(body, radius, half, y, rgba):
    """A visual cylinder whose axis is the body's y axis, centred at (0, y, 0)."""
    _visual(body, B.GEOM.mjGEOM_CYLINDER, (radius, half, 0), (0, y, 0), Q_X90B, rgba)


def _collider(body, kind, size, pos=(0, 0, 0), quat=(1, 0, 0, 0), rgba=BLACK, **kw):
    body.add_geom(type=kind, size=list(size), pos=list(pos), quat=list(quat), rgba=list(rgba),
                  **kw)


def _body(parent, name, mass, inertia, pos=(0, 0, 0), quat=(1, 0, 0, 0), ipos=(0, 0, 0),
          iquat=Q_IN):
    body = parent.add_body(name=name, pos=list(pos), quat=list(quat))
    B.set_inertial(body, mass, inertia, ipos, iquat)
    return body


def _front_wheel(pos_change, side: str, y: float) -> None:
    knuckle = _body(pos_change, f"{side}_steering_hinge", 0.1, (4e-6,) * 3, (0.325, y, 0), Q_Y90,
                    iquat=(1, 0, 0, 0))
    B.hinge(knuckle, f"{side}_steering_hinge_joint", (-1, 0, 0), STEER_RANGE, **JOINT)
    _visual(knuckle, B.GEOM.mjGEOM_BOX, (0.01, 0.01, 0.01), rgba=GREY)
    z = -0.0225 if y > 0 else 0.0225
    wheel = _body(knuckle, f"{side}_front_wheel", 0.34055, (0.00041226, 0.00026046, 0.00026046),
                  quat=Q_X90, ipos=(0, 0, z))
    B.hinge(wheel, f"{side}_front_wheel_joint", (0, 0, -1), **JOINT)
    _visual(wheel, B.GEOM.mjGEOM_CYLINDER, (0.035, 0.0235, 0), (0, 0, z), rgba=GREY)
    _collider(wheel, B.GEOM.mjGEOM_CYLINDER, (0.05, 0.0225, 0), (0, 0, z))


def _gears(ring, prefix: str) -> None:
    _visual_disc_y(ring, 0.0264, 0.0037, 0.0257, GREEN)        # ring gear
    _visual_disc_y(ring, 0.0229, 0.0205, 0.0075, GREEN)        # carrier
    for suffix, quat, rgba in (("A", Q_Z90, SPIDER_A), ("B", Q_ZM90, SPIDER_B)):
        spider = _body(ring, f"{prefix}_spider{suffix}", 0.056, GEAR_INERTIA, quat=quat)
        _visual_disc_y(spider, 0.016, 0.0086, 0.0087, rgba)
        _visual(spider, B.GEOM.mjGEOM_CYLINDER, (0.015, 0.005, 0), (0, 0.01, 0), Q_X90B, rgba)


def _side_gear(body, sign: float) -> None:
    _visual_disc_y(body, 0.016, 0.0075, 0.01677 * sign, WHITE)
    _visual(body, B.GEOM.mjGEOM_CYLINDER, (0.015, 0.005, 0), (0, 0.01 * sign, 0),
            (Q_X90B[0], sign * Q_X90B[1], 0, 0), WHITE)


def _rear_axle(diff_ring) -> None:
    axle = diff_ring.add_body()              # unnamed, massless: turns on the hinge diff_ring
    B.hinge(axle, "diff_ring", (0, 1, 0), **JOINT)
    for suffix, sign in (("A", 1.0), ("B", -1.0)):
        side = _body(axle, f"diff_side{suffix}", 0.39655, (0.0450921, 0.0256521, 0.0250823),
                     ipos=(0, 0.105201 * sign, 7.09759e-08 * sign))
        _side_gear(side, sign)
        y, z = 0.1225 * sign, 8.26471e-08 * sign
        _visual(side, B.GEOM.mjGEOM_CYLINDER, (0.035, 0.0235, 0), (0, y, z), Q_X90, GREY)
        _collider(side, B.GEOM.mjGEOM_CYLINDER, (0.05, 0.0225, 0), (0, y, z), Q_X90)


def chassis_box() -> tuple[np.ndarray, tuple, tuple]:
    """Centre (car_body frame), orientation and half-sizes of the chassis' bounding box."""
    centre = np.zeros(3)
    mujoco.mju_rotVecQuat(centre, np.array(CHASSIS_AABB[0]), np.array(CHASSIS_MESH_QUAT))
    return centre + CHASSIS_MESH_POS, CHASSIS_MESH_QUAT, CHASSIS_AABB[1]


def _chassis(pos_change) -> None:
    car = pos_change.add_body(name="car_body")
    B.set_inertial(car, **CHASSIS_INERTIAL)
    centre, quat, half = chassis_box()
    _collider(car, B.GEOM.mjGEOM_BOX, half, centre, quat, rgba=BODY_RGBA)  # visible, as the mesh


def build(spec: mujoco.MjSpec) -> None:
    """Add the Racecar (body ``agent`` at the origin, z = 0.05) to ``spec``."""
    agent = spec.worldbody.add_body(name="agent", pos=[0, 0, SPAWN_Z])
    agent.add_freejoint(name="agent")
    pos_change = _body(agent, "pos_change", *POS_CHANGE_INERTIAL, (-0.16, 0, 0),
                       ipos=POS_CHANGE_IPOS)
    _collider(pos_change, B.GEOM.mjGEOM_BOX, (0.0165, 0.0875, 0.015), (0.39, 0, 0.04), rgba=RED,
              density=5.0)
    _visual(pos_change, B.GEOM.mjGEOM_BOX, (0.0165, 0.0875, 0.015), (0.39, 0, 0.04), rgba=BLUE)
    _chassis(pos_change)
    _front_wheel(pos_change, "left", 0.1)
    _front_wheel(pos_change, "right", -0.1)
    diff = _body(pos_change, "diff_ring", 0.0637, GEAR_INERTIA)
    _gears(diff, "diff")
    _collider(diff, B.GEOM.mjGEOM_CYLINDER, (0.025, 0.005, 0), (0, 0.025, 0), Q_X90B, GREEN)
    _rear_axle(diff)
    front_diff = _body(pos_change, "diff2_ring", 0.0637, GEAR_INERTIA, (0.32, 0, 0))
    _gears(front_diff, "diff2")
    _visual_disc_y(front_diff, 0.025, 0.005, 0.025, GREEN)
    for suffix, sign in (("A", 1.0), ("B", -1.0)):
        _side_gear(_body(front_diff, f"diff2_side{suffix}", 0.056, GEAR_INERTIA), sign)
    agent.add_site(name="agent", pos=[0.02, 0, 0], size=[0.032, 0.005, 0.005],
                   rgba=[0.5, 0.5, 0.5, 1])
    agent.add_camera(name="vision", pos=list(VISION["pos"]), quat=list(VISION["quat"]),
                     fovy=VISION["fovy"])
    _couplings(spec)
    B.standard_sensors(spec)
    B.subtree_sensors(spec)


def _couplings(spec: mujoco.MjSpec) -> None:
    """Steering equality, the two contact excludes and the two servos."""
    spec.add_equality(type=mujoco.mjtEq.mjEQ_JOINT, name1="left_steering_hinge_joint",
                      name2="right_steering_hinge_joint", data=[0, 1, 0, 0, 0] + [0] * 7)
    spec.add_exclude(name="left_body", bodyname1="car_body", bodyname2="left_front_wheel")
    spec.add_exclude(name="right_body", bodyname1="car_body", bodyname2="right_front_wheel")
    servos = (("diff_ring", "diff_ring", 20.0, (0, 0, -1)),                 # velocity, kv 1
              ("steering_hinge", "left_steering_hinge_joint", 0.785, (0, -1, 0)))  # position, kp 1
    for name, joint, ctrl, bias in servos:
        act = spec.add_actuator(name=name, target=joint, trntype=mujoco.mjtTrn.mjTRN_JOINT)
        act.gaintype, act.biastype = mujoco.mjtGain.mjGAIN_FIXED, mujoco.mjtBias.mjBIAS_AFFINE
        act.gainprm = [1.0] + [0.0] * 9
        act.biasprm = list(bias) + [0.0] * 7
        act.ctrllimited = act.forcelimited = mujoco.mjtLimited.mjLIMITED_TRUE
        act.ctrlrange, act.forcerange = [-ctrl, ctrl], [-1.0, 1.0]


AGENT = AgentSpec(
    name="Racecar",
    timestep=0.004,
    integrator=int(mujoco.mjtIntegrator.mjINT_RK4),
    spawn_z=SPAWN_Z,
    build=build,
    place=B.free_placer("agent", SPAWN_Z),
    obs_sensors=tuple(ObsSensor(name, name) for name, _ in B.STANDARD_SENSORS),
    geom_default=dict(B.REFERENCE_GEOM_DEFAULT),
)
