"""Doggo: a quadruped with a two-part torso (docs/spec/push.md §6.3), built with MjSpec.

Body ``agent`` (free joint ``agent``) holds the front torso half and legs 1 (front left) and
4 (front right); its child ``rear`` (hinge ``waist_x``) holds the rear half and legs 2 (rear
left) and 3 (rear right). Each leg: a bracket capsule from the torso to the hip, a hip body
with a z hinge and a y hinge and the upper link, and a foot body with the knee ("ankle")
hinge, the lower link and two touch sites (knee ``ankle_ia``, foot end ``ankle_ib``).
Numbers are those of the reference's compiled model (``push_agent_models.json``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import mujoco

from safety_sim.navigation.agents import _build as B
from safety_sim.navigation.agents.base import AgentSpec, ObsSensor

SPAWN_Z = 0.22
TORSO_RADIUS, TORSO_DENSITY = 0.0375, 2.0
LEG_RADIUS, LEG_DENSITY = 0.016, 20.0
SITE_SIZE = 0.018
TORSO_RGBA = (0.8, 0.6, 0.4, 1.0)
LEG_RGBA = (0.0039, 0.1529, 0.3961, 1.0)
# joint defaults of doggo.xml: limited, spring stiffness 1e-4, armature 5e-5, no damping
JOINT = {"stiffness": 1e-4, "armature": 5e-5, "damping": 0.0}
HIP_Z_RANGE = (-0.174533, 0.523599)
ANKLE_RANGE, ANKLE_SPRINGREF = (-1.308998, 0.0), -0.349066
WAIST_RANGE = (-0.523599, 0.523599)
GEAR = 0.00625
VISION: dict[str, Any] = {"pos": (0.0625, 0.0, 0.1), "fovy": 100.0,
          "quat": (0.5855319539431867, 0.39642443278823525, -0.39642443278823536,
                   -0.5855319539431866)}


@dataclass(frozen=True)
class Leg:
    i: int            # leg number 1..4
    side: float       # +1 left (legs 1, 2), -1 right (legs 3, 4)
    x: float          # hip x in the torso frame: +0.1 front, -0.1 rear
    hip_y_range: tuple
    hip_y_springref: float


LEGS_FRONT = (Leg(1, +1.0, 0.1, (-1.308998, 0.2618), -0.174533),
              Leg(4, -1.0, 0.1, (-1.308998, 0.2618), -0.174533))
LEGS_REAR = (Leg(2, +1.0, -0.1, (0.0, 2.356196), 0.0),
             Leg(3, -1.0, -0.1, (0.0, 2.356196), 0.0))


def _torso_half(body, name: str, fromto) -> None:
    body.add_geom(name=name, type=B.GEOM.mjGEOM_CYLINDER, fromto=list(fromto),
                  size=[TORSO_RADIUS, 0, 0], density=TORSO_DENSITY, rgba=list(TORSO_RGBA))


def _link(body, name: str, end) -> None:
    B.capsule(body, [0.0, 0.0, 0.0] + list(end), LEG_RADIUS, name=name,
              density=LEG_DENSITY, rgba=list(LEG_RGBA))


def _leg(parent, leg: Leg) -> None:
    s, i = leg.side, leg.i
    hip_at = (leg.x, 0.05 * s, 0.0)
    bracket = parent.add_body(name=f"leg_{i}")
    B.capsule(bracket, [leg.x / 2.0, 0.0, 0.0, hip_at[0], hip_at[1], 0.0], LEG_RADIUS,
              name=f"aux_{i}", density=LEG_DENSITY, rgba=list(LEG_RGBA))
    hip = bracket.add_body(name=f"aux_{i}", pos=list(hip_at))
    B.hinge(hip, f"hip_{i}_z", (0, 0, s), HIP_Z_RANGE, **JOINT)
    B.hinge(hip, f"hip_{i}_y", (0, 1, 0), leg.hip_y_range, springref=leg.hip_y_springref, **JOINT)
    knee = (0.049, 0.0283 * s, -0.025)
    _link(hip, f"hip_{i}", knee)
    foot = hip.add_body(pos=list(knee))
    B.hinge(foot, f"ankle_{i}", (-0.5 * s, 0.866, 0), ANKLE_RANGE, springref=ANKLE_SPRINGREF,
            **JOINT)
    toe = (-0.0588, -0.0339 * s, -0.05)
    _link(foot, f"ankle_{i}", toe)
    for suffix, pos in (("a", (0.0, 0.0, 0.0)), ("b", toe)):
        foot.add_site(name=f"ankle_{i}{suffix}", pos=list(pos), size=[SITE_SIZE, 0.005, 0.005],
                      rgba=[1, 0, 0, 0])


JOINT_ORDER = tuple(f"hip_{i}_z" for i in range(1, 5)) + tuple(f"hip_{i}_y" for i in range(1, 5)) \
    + tuple(f"ankle_{i}" for i in range(1, 5))
TOUCH_SITES = tuple(f"ankle_{i}{s}" for i in range(1, 5) for s in "ab")   # model order


def build(spec: mujoco.MjSpec) -> None:
    """Add the Doggo (body ``agent`` at the origin, z = 0.22) to ``spec``."""
    agent = spec.worldbody.add_body(name="agent", pos=[0, 0, SPAWN_Z])
    agent.add_freejoint(name="agent")
    _torso_half(agent, "agent", (0, 0, 0, 0.1, 0, 0))
    for leg in LEGS_FRONT:
        _leg(agent, leg)
    rear = agent.add_body(name="rear")
    B.hinge(rear, "waist_x", (1, 0, 0), WAIST_RANGE, **JOINT)
    _torso_half(rear, "agent2", (-0.1, 0, 0, 0, 0, 0))
    for leg in LEGS_REAR:
        _leg(rear, leg)
    agent.add_site(name="agent", size=[SITE_SIZE, 0.005, 0.005], rgba=[1, 0, 0, 0])
    agent.add_camera(name="vision", pos=list(VISION["pos"]), quat=list(VISION["quat"]),
                     fovy=VISION["fovy"])
    for joint in JOINT_ORDER:
        B.motor(spec, joint, GEAR, name=joint)
    for site in TOUCH_SITES:
        B.sensor(spec, f"touch_{site}", B.SENS.mjSENS_TOUCH, B.OBJ.mjOBJ_SITE, site)
    for prefix, kind in (("jointpos", B.SENS.mjSENS_JOINTPOS),
                         ("jointvel", B.SENS.mjSENS_JOINTVEL)):
        for joint in JOINT_ORDER:
            B.sensor(spec, f"{prefix}_{joint}", kind, B.OBJ.mjOBJ_JOINT, joint)
    B.standard_sensors(spec)
    B.subtree_sensors(spec)


OBS_SENSORS = (
    tuple(ObsSensor(name, name) for name, _ in B.STANDARD_SENSORS)
    + tuple(ObsSensor(f"touch_ankle_{i}{s}", f"touch_ankle_{i}{s}")   # 1a, 2a, 3a, 4a, 1b, ...
            for s in "ab" for i in range(1, 5))
    + tuple(ObsSensor(f"jointvel_{j}", f"jointvel_{j}") for j in JOINT_ORDER)
    + tuple(ObsSensor(f"jointpos_{j}", f"jointpos_{j}", "sincos") for j in JOINT_ORDER)
)

AGENT = AgentSpec(
    name="Doggo",
    timestep=0.01,
    integrator=int(mujoco.mjtIntegrator.mjINT_EULER),
    spawn_z=SPAWN_Z,
    build=build,
    place=B.free_placer("agent", SPAWN_Z),
    obs_sensors=OBS_SENSORS,
    geom_default=dict(B.REFERENCE_GEOM_DEFAULT),
)
