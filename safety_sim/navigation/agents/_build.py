"""Small MjSpec helpers shared by the Doggo, Racecar and Ant agent builders.

Everything here adds elements to a ``mujoco.MjSpec``; nothing reads XML or mesh files.
Angles are radians: ``scene.build_spec`` sets ``compiler.degree = False``, as the reference
compiles the whole Push scene with ``angle="radian"``.
"""
from __future__ import annotations

from functools import partial

import mujoco
import numpy as np

from safety_sim.navigation.reset_state import yaw_quat_as_compiled

GEOM = mujoco.mjtGeom
JNT = mujoco.mjtJoint
SENS = mujoco.mjtSensor
OBJ = mujoco.mjtObj

#: geom defaults shared by the Doggo, Racecar and Ant XMLs (they also reach the box, goal,
#: hazards and pillars of the scene): friction, condim 6 and density 5.
REFERENCE_GEOM_DEFAULT = {"friction": (1.0, 0.005, 0.0001), "condim": 6, "density": 5.0}

#: the four observed sensors that sit on the site ``agent``, in observation order
STANDARD_SENSORS = (
    ("accelerometer", SENS.mjSENS_ACCELEROMETER),
    ("velocimeter", SENS.mjSENS_VELOCIMETER),
    ("gyro", SENS.mjSENS_GYRO),
    ("magnetometer", SENS.mjSENS_MAGNETOMETER),
)
#: the unobserved subtree sensors of the reference XMLs, on the body ``agent``
SUBTREE_SENSORS = (
    ("subtreecom", SENS.mjSENS_SUBTREECOM),
    ("subtreelinvel", SENS.mjSENS_SUBTREELINVEL),
    ("subtreeangmom", SENS.mjSENS_SUBTREEANGMOM),
)


def capsule(body, fromto, radius: float, name: str = "", **kw):
    """A capsule between two points of ``body``'s frame (MuJoCo ``fromto`` semantics)."""
    return body.add_geom(name=name, type=GEOM.mjGEOM_CAPSULE, fromto=list(fromto),
                         size=[radius, 0, 0], **kw)


def hinge(body, name: str, axis, limits=None, **kw):
    """A hinge joint; ``limits`` given → limited to that range (radians)."""
    joint = body.add_joint(name=name, type=JNT.mjJNT_HINGE, axis=list(axis), **kw)
    if limits is not None:
        joint.limited = mujoco.mjtLimited.mjLIMITED_TRUE
        joint.range = list(limits)
    else:
        joint.limited = mujoco.mjtLimited.mjLIMITED_FALSE
    return joint


def set_inertial(body, mass: float, inertia, ipos=(0.0, 0.0, 0.0), iquat=(1.0, 0.0, 0.0, 0.0)):
    """Give ``body`` an explicit inertial frame (geoms then add no mass)."""
    body.explicitinertial = True
    body.mass = mass
    body.inertia = list(inertia)
    body.ipos = list(ipos)
    body.iquat = list(iquat)


def motor(spec, joint: str, gear: float, name: str = "", ctrlrange=(-1.0, 1.0)):
    """A joint motor: scalar force = ctrl, generalized force = gear × ctrl, no force limit."""
    act = spec.add_actuator(name=name, target=joint, trntype=mujoco.mjtTrn.mjTRN_JOINT)
    act.gear = [gear, 0, 0, 0, 0, 0]
    act.ctrllimited = mujoco.mjtLimited.mjLIMITED_TRUE
    act.ctrlrange = list(ctrlrange)
    act.forcelimited = mujoco.mjtLimited.mjLIMITED_FALSE
    return act


def sensor(spec, name: str, kind, objtype, objname: str):
    return spec.add_sensor(name=name, type=kind, objtype=objtype, objname=objname)


def standard_sensors(spec, site: str = "agent") -> None:
    for name, kind in STANDARD_SENSORS:
        sensor(spec, name, kind, OBJ.mjOBJ_SITE, site)


def subtree_sensors(spec, body: str = "agent") -> None:
    for name, kind in SUBTREE_SENSORS:
        sensor(spec, name, kind, OBJ.mjOBJ_BODY, body)


def yaw_quat(yaw: float) -> np.ndarray:
    """Quaternion (w, x, y, z) of a rotation by ``yaw`` about the world z axis, with the very
    bits the reference's per-reset compile gave it (``reset_state.yaw_quat_as_compiled``)."""
    return yaw_quat_as_compiled(yaw)


#: qpos0-derived model fields that only place cameras and lights; kept as compiled, so the
#: ``track`` camera keeps its yaw-independent world offset (as in the reference)
VIEW_CONSTANTS = ("cam_pos0", "cam_mat0", "cam_poscom0", "light_pos0", "light_dir0",
                  "light_poscom0")


def free_qpos_index(model, joints) -> np.ndarray:
    """The ``qpos`` indices of the free ``joints`` (names), seven each, in order."""
    adrs = np.array([model.jnt_qposadr[model.joint(j).id] for j in joints], dtype=np.intp)
    return (adrs[:, None] + np.arange(7)).ravel()


def reference_pose(model, qpos, joints) -> None:
    """Make the free ``joints``' values in ``qpos`` their ``qpos0`` (and ``qpos_spring``): the
    first half of :func:`spawn_constants`, for callers that run ``mj_setConst`` themselves
    (the batched worlds of :mod:`safety_sim.navigation.vector`). ``joints``: names, or their
    :func:`free_qpos_index` (computed once by a caller that resets often)."""
    index = joints if isinstance(joints, np.ndarray) else free_qpos_index(model, joints)
    model.qpos0[index] = qpos[index]
    model.qpos_spring[index] = qpos[index]   # unused: free joints have no spring


def spawn_constants(model, data, joints, forward: bool = True) -> None:
    """Make the free ``joints``' (names or their :func:`free_qpos_index`) current ``qpos`` their
    reference configuration and recompute the model constants taken at it, as the reference's
    per-reset compile of the XML with the spawn pose (and the box pose) baked in did.

    MuJoCo evaluates ``body_invweight0``/``dof_invweight0`` (the constraint regularisation
    scale), ``dof_M0`` and ``actuator_acc0`` at ``qpos0`` and the current body frames
    (``body_pos``/``body_quat``: Point's spawn pose, the static bodies); rotated by the spawn
    yaw they differ in the last bits, which the chaotic gaits (Doggo) amplify into a different
    trajectory. Camera and light placements (``cam_*0``, ``light_*0``) keep their compiled
    values. ``data`` keeps its ``qpos``; with ``forward`` its derived quantities are recomputed
    (``mj_forward``), else the caller must do that before stepping.
    """
    qpos = data.qpos.copy()
    reference_pose(model, qpos, joints)
    view = {name: getattr(model, name).copy() for name in VIEW_CONSTANTS}
    mujoco.mj_setConst(model, data)          # uses data as scratch, leaves qpos = qpos_spring
    for name, value in view.items():
        getattr(model, name)[:] = value
    data.qpos[:] = qpos
    if forward:
        mujoco.mj_forward(model, data)


def free_joints(model) -> tuple[str, ...]:
    """Names of the model's free joints (the agent's root where free, ``push_box``)."""
    return tuple(model.joint(j).name for j in range(model.njnt)
                 if model.jnt_type[j] == JNT.mjJNT_FREE)


def _place_free(joint: str, spawn_z: float, model, data, xy, yaw) -> None:
    adr = model.jnt_qposadr[model.joint(joint).id]
    data.qpos[adr:adr + 3] = (xy[0], xy[1], spawn_z)
    data.qpos[adr + 3:adr + 7] = yaw_quat(yaw)


def free_placer(joint: str, spawn_z: float):
    """``place(model, data, xy, yaw)`` for an agent whose root has the free joint ``joint``:
    writes the pose into ``qpos`` (the env then makes it ``qpos0``: :func:`spawn_constants`)."""
    return partial(_place_free, joint, spawn_z)
