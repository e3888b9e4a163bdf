"""The Building family's object kinds (docs/spec/sg_head.md §2.2-§2.4): every task object of the
base levels drawn and collided as its mesh, and the yard's 19 static bodies.

Each meshed kind is the navigation kind it stands for (same fields, placement, lidar, judging)
with only its body built differently: a mesh geom of the kind's name whose shape is the convex
hull MuJoCo collides the reference's mesh through (:func:`.scenery.hull_vertices`), rotated as
the reference rotates it, its body at the reference's height; the free ones (vases, gremlins)
carry the mass and inertia the reference's mesh gives them (``mesh_data.MASS``), condim 6.
The push box keeps its five boxes and gains a visual mesh. Colours are our own (the
reference's textures are not in its stored source).

:class:`Scenery`: the yard -- 19 jointless collidable bodies, not placed, not sensed by lidar;
while any agent geom touches one the step costs ``cost_static_geoms_contact`` (label
``wall_contact``, as FormulaOne's wall): a 0/1 indicator, as the reference's
``constrain_indicator`` turns its contact count into (docs/spec/sg_head.md §2.4).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from safety_sim.navigation.building import scenery
from safety_sim.navigation.objects import Buttons, Goal, Gremlins, Hazards, Pillars, PushBox, Vases
from safety_sim.navigation.objects.base import RGBA, WallKind, _mj

UPRIGHT = (math.pi / 2, 0.0, 0.0)      # the task meshes are modelled y-up
GOAL_Z, HAZARD_Z, PILLAR_Z = -0.7, 0.02, 0.5
PUSH_BOX_VISUAL = ("push_box_visual", (0.0, 0.0, -0.2))


def euler_quat(euler) -> np.ndarray:
    """The quaternion of Euler angles (rad) in MJCF's default sequence ``"xyz"``."""
    quat = np.zeros(4)
    _mj().mju_euler2Quat(quat, np.asarray(euler, dtype=np.float64), "xyz")
    return quat


def add_mesh(spec, name: str) -> str:
    """The hull of mesh ``name`` as a mesh asset of ``spec`` (once per spec)."""
    if spec.mesh(name) is None:
        spec.add_mesh(name=name, uservert=scenery.hull_vertices()[name]
                      .astype(np.float64).ravel().tolist())
    return name


def mesh_geom(body, spec, name: str, mesh: str, euler, rgba: RGBA, group: int,
              collides: bool, pos=(0.0, 0.0, 0.0), density: float | None = None):
    mj = _mj()
    geom = body.add_geom(name=name, type=mj.mjtGeom.mjGEOM_MESH, meshname=add_mesh(spec, mesh),
                         pos=list(pos), quat=euler_quat(euler).tolist(), rgba=list(rgba),
                         group=group)
    geom.contype = geom.conaffinity = 1 if collides else 0
    if density is not None:
        geom.density = density
    return geom


def mesh_static(spec, name: str, mesh: str, z: float, euler, rgba: RGBA, group: int,
                collides: bool) -> None:
    """A jointless body at (0, 0, z) whose only geom is mesh ``mesh`` named ``name``."""
    body = spec.worldbody.add_body(name=name, pos=[0.0, 0.0, z])
    mesh_geom(body, spec, name, mesh, euler, rgba, group, collides)


def mesh_free(spec, name: str, mesh: str, z: float, rgba: RGBA, group: int):
    """A free body at (0, 0, z) whose only geom is the upright mesh ``mesh`` (condim 6), with
    the mass properties the reference's mesh gives it (its density, ``mesh_data.MASS``)."""
    from safety_sim.navigation.building import mesh_data

    mj = _mj()
    props = mesh_data.MASS[mesh]
    body = spec.worldbody.add_body(name=name, pos=[0.0, 0.0, z])
    body.add_freejoint(name=name)
    rot = euler_quat(UPRIGHT)
    mat = np.zeros(9)
    mj.mju_quat2Mat(mat, rot)
    iquat = np.zeros(4)
    mj.mju_mulQuat(iquat, rot, np.asarray(props["iquat"], dtype=np.float64))
    body.explicitinertial = True
    body.mass = props["mass"]
    body.inertia = np.asarray(props["inertia"], dtype=np.float64).tolist()
    body.ipos = (mat.reshape(3, 3) @ np.asarray(props["ipos"])).tolist()
    body.iquat = iquat.tolist()
    geom = mesh_geom(body, spec, name, mesh, UPRIGHT, rgba, group, True, density=0.0)
    geom.condim = 6
    return body


@dataclass(frozen=True)
class MeshGoal(Goal):
    """The goal as the reference's goal mesh (body at z -0.7, no contacts)."""

    def add_static(self, spec) -> None:
        mesh_static(spec, "goal", "goal", GOAL_Z, UPRIGHT, (*self.rgba[:3], 0.6), 9, False)


@dataclass(frozen=True)
class MeshHazards(Hazards):
    """Hazards as the reference's hazard mesh (z 0.02, unrotated, no contacts)."""

    def add_static(self, spec) -> None:
        for name in self.names():
            mesh_static(spec, name, "hazard", HAZARD_Z, (0.0, 0.0, 0.0),
                        (*self.rgba[:3], 0.5), 3, False)


@dataclass(frozen=True)
class MeshPillars(Pillars):
    """Pillars collided as the reference's pillar mesh (z 0.5)."""

    def add_static(self, spec) -> None:
        for name in self.names():
            mesh_static(spec, name, "pillar", PILLAR_Z, UPRIGHT, self.rgba, 2, True)


@dataclass(frozen=True)
class MeshButtons(Buttons):
    """Buttons collided as the reference's button mesh (body height unchanged, 0.1)."""

    def add_static(self, spec) -> None:
        for name in self.names():
            mesh_static(spec, name, "button", 0.1, UPRIGHT, self.rgba, 1, True)


@dataclass(frozen=True)
class MeshVases(Vases):
    """Vases as the reference's vase mesh: free, resting at z 0, the mesh's mass. Building's
    vases count as moving from 1e-2 m/s (the base level's: 1e-4)."""
    SPEED_LIMIT: ClassVar[float] = 1e-2
    Z: ClassVar[float] = 0.0

    def add_free(self, spec, agent) -> None:
        for name in self.names():
            mesh_free(spec, name, "vase", self.Z, self.rgba, 4)


@dataclass(frozen=True)
class MeshGremlins(Gremlins):
    """Gremlins as the reference's gremlin mesh: the free body and its ghost at z 0 (the
    ghost still moves at the height ``Gremlins.SIZE``, as the reference's)."""

    def rest_height(self, agent) -> float:
        return 0.0

    def add_free(self, spec, agent) -> None:
        for name in self.names():
            mesh_free(spec, f"{name}obj", "gremlin", 0.0, self.rgba, 5)

    def add_mocap(self, spec) -> None:
        mj = _mj()
        for name in self.names():
            body = spec.worldbody.add_body(name=f"{name}mocap", mocap=True)
            mesh_geom(body, spec, f"{name}mocap", "gremlin", UPRIGHT, (*self.rgba[:3], 0.0),
                      5, False)
            weld = spec.add_equality(type=mj.mjtEq.mjEQ_WELD, name1=f"{name}mocap",
                                     name2=f"{name}obj", objtype=mj.mjtObj.mjOBJ_BODY,
                                     solref=[0.02, 1.5])
            weld.name = f"{name}mocap"


@dataclass(frozen=True)
class MeshPushBox(PushBox):
    """The push box: its five collision boxes and a visual mesh ``push_box_visual``."""

    def add_free(self, spec, agent) -> None:
        super().add_free(spec, agent)
        body = spec.body("push_box")
        name, pos = PUSH_BOX_VISUAL
        mesh_geom(body, spec, name, "push_box", UPRIGHT, self.rgba, 1, False, pos, 0.0)


#: the yard's colours (our own): crates, machines, the light mast
CRATE_RGBA: RGBA = (0.62, 0.45, 0.27, 1.0)
MACHINE_RGBA: RGBA = (0.93, 0.67, 0.12, 1.0)
LIGHT_RGBA: RGBA = (0.55, 0.57, 0.60, 1.0)


def scenery_rgba(body: str) -> RGBA:
    return (MACHINE_RGBA if body.startswith("machine") else
            LIGHT_RGBA if body.startswith("light") else CRATE_RGBA)


@dataclass(frozen=True)
class Scenery(WallKind):
    """The building yard's 19 static bodies (:data:`.scenery.STATIC_BODIES`); touching one
    costs when ``cost``."""
    cost: bool = False
    prefix: ClassVar[str] = "scenery"
    rgba: ClassVar[RGBA] = CRATE_RGBA

    def names(self) -> tuple[str, ...]:
        return tuple(body for body, *_ in scenery.STATIC_BODIES)

    def add_static(self, spec) -> None:
        for body_name, mesh, pos, euler in scenery.STATIC_BODIES:
            body = spec.worldbody.add_body(name=body_name, pos=list(pos))
            mesh_geom(body, spec, body_name, mesh, euler, scenery_rgba(body_name), 2, True)


#: the meshed kind of each base kind
MESHED: dict[type, type] = {Goal: MeshGoal, Hazards: MeshHazards, Pillars: MeshPillars,
                            Buttons: MeshButtons, Vases: MeshVases, Gremlins: MeshGremlins,
                            PushBox: MeshPushBox}
