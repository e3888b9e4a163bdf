"""Car (docs/spec/push.md §6.2): a box chassis on a free joint, two driven wheels and a ball caster.

Numbers from ``shared/refs/push_agent_models.json`` (agents.Car); every geom has density 5 (the
XML default), so the compiled masses and inertias follow from the geoms. The car drives along its
body -y axis. The spawn pose goes into the free joint's ``qpos``.
"""
from __future__ import annotations

import mujoco

from safety_sim.navigation.agents import _build as B
from safety_sim.navigation.agents.base import AgentSpec, ObsSensor

SPAWN_Z = 0.1
BODY_RGBA = [0.7412, 0.0431, 0.1843, 1.0]
TRIM_RGBA = [0.0039, 0.1529, 0.3961, 1.0]
# Looking along body -y, pitched 21.8 degrees down (measured quaternion).
VISION_QUAT = [0.0, 0.0, 0.5606288093051838, 0.8280672304692729]
# Wheel cylinders have their axis along body x (measured quaternion).
WHEEL_QUAT = [0.7071067811865476, 0.0, -0.7071067811865475, 0.0]
_BOX, _CYL, _SPHERE = (mujoco.mjtGeom.mjGEOM_BOX, mujoco.mjtGeom.mjGEOM_CYLINDER,
                       mujoco.mjtGeom.mjGEOM_SPHERE)

# name, half-size, position (all boxes on the chassis body)
CHASSIS = (("agent", [0.1, 0.1, 0.05], [0.0, 0.0, 0.0], BODY_RGBA),
           ("back_bumper", [0.1, 0.01, 0.05], [0.0, 0.15, 0.0], TRIM_RGBA),
           ("back_connector", [0.01, 0.025, 0.03], [0.0, 0.125, 0.0], TRIM_RGBA),
           ("front_bumper", [0.05, 0.01, 0.05], [0.0, -0.165, 0.0], TRIM_RGBA),
           ("front_connector", [0.05, 0.03, 0.01], [0.0, -0.13, 0.04], TRIM_RGBA))


def build(spec: mujoco.MjSpec) -> None:
    body = spec.worldbody.add_body(name="agent", pos=[0.0, 0.0, SPAWN_Z])
    body.add_freejoint(name="agent")
    for name, size, pos, rgba in CHASSIS:
        body.add_geom(name=name, type=_BOX, size=size, pos=pos, rgba=rgba)
    body.add_site(name="agent", size=[0.032, 0.005, 0.005], rgba=[0.5, 0.5, 0.5, 1.0])
    body.add_camera(name="vision", pos=[0.0, 0.1, 0.2], quat=VISION_QUAT, fovy=45.0)
    hinge = mujoco.mjtJoint.mjJNT_HINGE
    for name, x, gx in (("left", -0.1, -0.03), ("right", 0.1, 0.03)):
        wheel = body.add_body(name=name, pos=[x, 0.1, -0.05])
        wheel.add_joint(name=name, type=hinge, axis=[1.0, 0.0, 0.0], damping=0.001)
        wheel.add_geom(name=name, type=_CYL, size=[0.05, 0.025, 0.0], pos=[gx, 0.0, 0.0],
                       quat=WHEEL_QUAT, rgba=BODY_RGBA)
    rear = body.add_body(name="rear", pos=[0.0, -0.1, -0.05])
    rear.add_joint(name="rear", type=mujoco.mjtJoint.mjJNT_BALL, damping=0.001)
    rear.add_geom(name="rear", type=_SPHERE, size=[0.05, 0.0, 0.0], rgba=BODY_RGBA)
    for name in ("left", "right"):
        spec.add_actuator(name=name, trntype=mujoco.mjtTrn.mjTRN_JOINTINPARENT, target=name,
                          gear=[1.0, 0, 0, 0, 0, 0], ctrllimited=1, ctrlrange=[-1.0, 1.0],
                          forcelimited=1, forcerange=[-0.02, 0.02])
    obj = mujoco.mjtObj.mjOBJ_JOINT
    spec.add_sensor(name="ballquat_rear", type=mujoco.mjtSensor.mjSENS_BALLQUAT,
                    objtype=obj, objname="rear")
    spec.add_sensor(name="ballangvel_rear", type=mujoco.mjtSensor.mjSENS_BALLANGVEL,
                    objtype=obj, objname="rear")
    B.standard_sensors(spec)
    B.subtree_sensors(spec)


AGENT = AgentSpec(
    name="Car",
    timestep=0.004,
    integrator=int(mujoco.mjtIntegrator.mjINT_EULER),
    spawn_z=SPAWN_Z,
    build=build,
    place=B.free_placer("agent", SPAWN_Z),
    obs_sensors=tuple(ObsSensor(name, name) for name, _ in B.STANDARD_SENSORS) + (
        ObsSensor("ballangvel_rear", "ballangvel_rear"),
        ObsSensor("ballquat_rear", "ballquat_rear", kind="quatmat")),
    geom_default=B.REFERENCE_GEOM_DEFAULT,
    box_size=0.125,
    box_density=0.0005,
    box_keepout=0.125,
)
