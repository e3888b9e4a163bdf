"""Ant: a sphere torso with four two-link legs (docs/spec/push.md §6.5), built with MjSpec.

Body ``agent`` (free joint ``root``) carries the torso sphere, the site ``agent`` 2 cm below
its centre and the camera ``vision`` (looking along body +y). Each leg i = 1..4 points along
(±1, ±1, 0): a bracket capsule from the torso centre, a hip body (hinge ``hip_i`` about z)
with the thigh capsule, and a foot body (hinge ``ankle_i``) with the shin capsule. Masses and
inertias come from the geoms (density 5), as the reference's ``inertiafromgeom=true`` does.
:data:`AGENT_HEAD` is the Ant of Safety-Gymnasium's repository after 1.0.0 (its ``ant.xml``
gives the four shin capsules density 50 000), which its config-built Base ids use.

Reset adds joint noise (``reset_joints``); the Ant is alive while its torso origin is above
z = 0.08 (``alive``, one rule for one world and for batches on any array namespace).
"""
from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from typing import Any

import mujoco
import numpy as np

from safety_sim.navigation.agents import _build as B
from safety_sim.navigation.agents.base import AgentSpec, ObsSensor
from safety_sim.ops import Ops

SPAWN_Z = 0.18
ALIVE_Z = 0.08            # alive while the agent body origin is strictly above this height
TORSO_RADIUS, LEG_RADIUS, DENSITY = 0.0625, 0.02, 5.0
SHIN_DENSITY_HEAD = 50000.0     # the shins of the reference's ant.xml after 1.0.0
TORSO_RGBA = (0.8, 0.6, 0.4, 1.0)
LEG_RGBA = (0.0039, 0.1529, 0.3961, 1.0)
JOINT = {"damping": 1.0, "armature": 1.0}
HIP_RANGE = (-0.7, 0.7)
GEAR = 150.0
JOINT_NOISE = 0.1
VISION: dict[str, Any] = {"pos": (0.0, 0.05, 0.05), "fovy": 45.0,
          "quat": (0.7073882691671998, 0.706825181105366, 0.0, 0.0)}


@dataclass(frozen=True)
class Leg:
    i: int
    sx: float                  # direction of the leg in the torso frame: (sx, sy, 0)
    sy: float
    leg_body: str
    foot_body: str
    thigh_geom: str
    shin_geom: str
    ankle_axis: tuple
    ankle_range: tuple


LEGS = (
    Leg(1, +1, +1, "front_left_leg", "front_left_foot", "left_leg_geom", "left_ankle_geom",
        (-1, 1, 0), (0.52, 1.74)),
    Leg(2, -1, +1, "front_right_leg", "front_right_foot", "right_leg_geom", "right_ankle_geom",
        (1, 1, 0), (-1.74, -0.52)),
    Leg(3, -1, -1, "left_back_leg", "left_back_foot", "back_leg_geom", "third_ankle_geom",
        (-1, 1, 0), (-1.74, -0.52)),
    Leg(4, +1, -1, "right_back_leg", "right_back_foot", "rightback_leg_geom", "fourth_ankle_geom",
        (1, 1, 0), (0.52, 1.74)),
)
ACTUATED = tuple(j for leg in LEGS for j in (f"hip_{leg.i}", f"ankle_{leg.i}"))


def _capsule(body, name: str, length: float, leg: Leg, density: float = DENSITY) -> None:
    end = [length * leg.sx, length * leg.sy, 0.0]
    B.capsule(body, [0.0, 0.0, 0.0] + end, LEG_RADIUS, name=name, density=density,
              rgba=list(LEG_RGBA))


def _leg(torso, leg: Leg, shin_density: float) -> None:
    step = [0.05 * leg.sx, 0.05 * leg.sy, 0.0]
    bracket = torso.add_body(name=leg.leg_body)
    _capsule(bracket, f"aux_{leg.i}_geom", 0.05, leg)
    hip = bracket.add_body(name=f"aux_{leg.i}", pos=step)
    B.hinge(hip, f"hip_{leg.i}", (0, 0, 1), HIP_RANGE, **JOINT)
    _capsule(hip, leg.thigh_geom, 0.05, leg)
    foot = hip.add_body(name=leg.foot_body, pos=step)
    B.hinge(foot, f"ankle_{leg.i}", leg.ankle_axis, leg.ankle_range, **JOINT)
    _capsule(foot, leg.shin_geom, 0.1, leg, shin_density)


def build(spec: mujoco.MjSpec) -> None:
    """Add the Ant (body ``agent`` at the origin, z = 0.18) to ``spec``."""
    _build(spec, DENSITY)


def build_head(spec: mujoco.MjSpec) -> None:
    """:func:`build` with the shins of the reference's Ant after 1.0.0."""
    _build(spec, SHIN_DENSITY_HEAD)


def _build(spec: mujoco.MjSpec, shin_density: float) -> None:
    torso = spec.worldbody.add_body(name="agent", pos=[0, 0, SPAWN_Z])
    torso.add_freejoint(name="root").margin = 0.01
    torso.add_geom(name="torso_geom", type=B.GEOM.mjGEOM_SPHERE, size=[TORSO_RADIUS, 0, 0],
                   density=DENSITY, rgba=list(TORSO_RGBA))
    for leg in LEGS:
        _leg(torso, leg, shin_density)
    torso.add_site(name="agent", pos=[0, 0, -0.02], size=[0.032, 0.005, 0.005], rgba=[1, 0, 0, 0.1])
    torso.add_camera(name="vision", pos=list(VISION["pos"]), quat=list(VISION["quat"]),
                     fovy=VISION["fovy"])
    for joint in ACTUATED:
        B.motor(spec, joint, GEAR)
    B.standard_sensors(spec)
    B.subtree_sensors(spec)
    B.sensor(spec, "agent_pos", B.SENS.mjSENS_FRAMEPOS, B.OBJ.mjOBJ_SITE, "agent")
    for joint in ACTUATED:
        B.sensor(spec, joint, B.SENS.mjSENS_JOINTPOS, B.OBJ.mjOBJ_JOINT, joint)
    B.sensor(spec, "agent_qvel", B.SENS.mjSENS_FRAMEANGVEL, B.OBJ.mjOBJ_SITE, "agent")
    for joint in ACTUATED:
        B.sensor(spec, f"{joint}_vel", B.SENS.mjSENS_JOINTVEL, B.OBJ.mjOBJ_JOINT, joint)


def reset_joints(rng: np.random.RandomState, model: mujoco.MjModel, data: mujoco.MjData) -> None:
    """docs/spec/push.md §6.5: for actuator i = 0..7 draw n_i = U(-0.1, 0.1); hips (even i) = n_i,
    ankles (odd i) = π/2 + n_i, ankle_2 and ankle_3 (i = 3, 5) negated; written to qpos."""
    for i in range(model.nu):
        noise = rng.uniform(-JOINT_NOISE, JOINT_NOISE)
        value = noise if i % 2 == 0 else math.pi / 2 + noise
        if i in (3, 5):
            value = -value
        data.qpos[model.jnt_qposadr[model.actuator_trnid[i, 0]]] = value


def alive(ops: Ops, pos):
    """True while the agent body origin ``pos`` (its ``xpos`` after ``mj_forward``, coordinate
    first: ``(x, y, z)`` of one world or ``(3, N)`` arrays of many) is strictly above
    z = 0.08. A plain comparison: a bool for one world, a bool array of ``ops``' namespace
    (numpy, torch on a GPU) for many."""
    return pos[2] > ALIVE_Z


OBS_SENSORS = (
    tuple(ObsSensor(name, name) for name, _ in B.STANDARD_SENSORS)
    + tuple(ObsSensor(f"{j}_vel", f"{j}_vel") for j in ACTUATED)
    + (ObsSensor("agent_pos", "agent_pos", "z"), ObsSensor("agent_qvel", "agent_qvel"))
    + tuple(ObsSensor(j, j, "sincos") for j in ACTUATED)
)

AGENT = AgentSpec(
    name="Ant",
    timestep=0.01,
    integrator=int(mujoco.mjtIntegrator.mjINT_RK4),
    spawn_z=SPAWN_Z,
    build=build,
    place=B.free_placer("root", SPAWN_Z),
    obs_sensors=OBS_SENSORS,
    geom_default=dict(B.REFERENCE_GEOM_DEFAULT),
    reset_joints=reset_joints,
    alive=alive,
    floor_conaffinity=3,          # the Ant XML's floor (no effect: every agent geom has contype 1)
)
AGENT_HEAD = dataclasses.replace(AGENT, build=build_head)
