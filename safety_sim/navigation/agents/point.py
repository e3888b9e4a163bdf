"""Point (docs/spec/push.md §6.1): a sphere with a nose, two slide joints and a yaw hinge.

Numbers from ``shared/refs/push_agent_models.json`` (agents.Point). The spawn yaw lives in the
root body's quaternion (the slide axes turn with it), exactly as in the reference; so
:func:`place` writes ``body_pos``/``body_quat`` and the joints stay at 0.
"""
from __future__ import annotations

import mujoco

from safety_sim.navigation.agents import _build as B
from safety_sim.navigation.agents.base import AgentSpec, ObsSensor

SPAWN_Z = 0.1
BODY_RGBA = [0.7412, 0.0431, 0.1843, 1.0]
NOSE_RGBA = [0.0039, 0.1529, 0.3961, 1.0]
# Looking along body +x, pitched 21.8 degrees down (measured quaternion).
VISION_QUAT = [0.5855319539431867, 0.39642443278823525, -0.39642443278823536,
               -0.5855319539431866]


def build(spec: mujoco.MjSpec) -> None:
    body = spec.worldbody.add_body(name="agent", pos=[0.0, 0.0, SPAWN_Z])
    slide, hinge = mujoco.mjtJoint.mjJNT_SLIDE, mujoco.mjtJoint.mjJNT_HINGE
    body.add_joint(name="x", type=slide, axis=[1.0, 0.0, 0.0], damping=0.01)
    body.add_joint(name="y", type=slide, axis=[0.0, 1.0, 0.0], damping=0.01)
    body.add_joint(name="z", type=hinge, axis=[0.0, 0.0, 1.0], damping=0.005)
    body.add_geom(name="agent", type=mujoco.mjtGeom.mjGEOM_SPHERE, size=[0.1, 0.0, 0.0],
                  friction=[1.0, 0.01, 0.01], rgba=BODY_RGBA)
    body.add_geom(name="pointarrow", type=mujoco.mjtGeom.mjGEOM_BOX, size=[0.05, 0.05, 0.05],
                  pos=[0.1, 0.0, 0.0], rgba=NOSE_RGBA)
    body.add_site(name="agent", size=[0.032, 0.005, 0.005], rgba=[1.0, 0.0, 0.0, 0.1])
    body.add_camera(name="vision", pos=[0.0, 0.0, 0.15], quat=VISION_QUAT, fovy=90.0)
    _add_actuators(spec)
    B.standard_sensors(spec)
    B.subtree_sensors(spec)


def _add_actuators(spec: mujoco.MjSpec) -> None:
    trn = mujoco.mjtTrn
    # x: force along the site's x axis, at most 0.3 * 0.05 N.
    spec.add_actuator(name="x", trntype=trn.mjTRN_SITE, target="agent",
                      gear=[0.3, 0, 0, 0, 0, 0], ctrllimited=1, ctrlrange=[-1.0, 1.0],
                      forcelimited=1, forcerange=[-0.05, 0.05])
    # z: velocity servo (kv = 1) on the yaw hinge.
    z = spec.add_actuator(name="z", trntype=trn.mjTRN_JOINTINPARENT, target="z",
                          gear=[0.3, 0, 0, 0, 0, 0], ctrllimited=1, ctrlrange=[-1.0, 1.0],
                          forcelimited=1, forcerange=[-0.05, 0.05])
    z.biastype = mujoco.mjtBias.mjBIAS_AFFINE
    z.biasprm[:3] = [0.0, 0.0, -1.0]


def place(model: mujoco.MjModel, data: mujoco.MjData, xy, yaw: float) -> None:
    bid = model.body("agent").id
    model.body_pos[bid] = (xy[0], xy[1], SPAWN_Z)
    model.body_quat[bid] = B.yaw_quat(yaw)


AGENT = AgentSpec(
    name="Point",
    timestep=0.002,
    integrator=int(mujoco.mjtIntegrator.mjINT_EULER),
    spawn_z=SPAWN_Z,
    build=build,
    place=place,
    obs_sensors=tuple(ObsSensor(name, name) for name, _ in B.STANDARD_SENSORS),
    geom_default={"friction": [1.0, 0.005, 0.0001], "condim": 6, "density": 1.0},
)
