"""The FormulaOne objects (docs/spec/sg_head.md §3) as navigation object kinds: the track's
wall, the staged goal and the road barriers.

* :class:`TrackWall`: the reference's body ``wall`` -- 508 convex-hull mesh geoms and one box,
  collidable, not placed, not sensed; touching it costs at levels 1-2
  (``cost_static_geoms_contact``, a contact sensor on the body as for every touch-judged kind).
  The reference draws it invisible (its visual track mesh is not in the stored source); we draw
  the hulls as kerbs of our own colour.
* :class:`StagedGoal`: the goal disc, not drawn by the layout sampler: the env puts it on the
  staged point after the agent's (:mod:`.env`); sensed as ``staged_goal_lidar``.
* :class:`RoadBarriers`: the reference's meshed vases (mesh ``road_barrier``): free bodies with
  the mesh's hull and mass, drawn from area-weighted rectangles, touching one costs
  (``cost_vases_contact``; their velocity costs nothing: the reference's ``velocity_cost=0``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from safety_sim.navigation import bounds, decor
from safety_sim.navigation.formula_one import track
from safety_sim.navigation.objects import Goal, Vases
from safety_sim.navigation.objects.base import RGBA, WallKind, _mj
from safety_sim.navigation.objects.looks import check_areas

KERB_RGBA: RGBA = (0.78, 0.16, 0.14, 1.0)
BARRIER_RGBA: RGBA = (0.95, 0.55, 0.10, 1.0)


def _quat(euler) -> list[float]:
    mj = _mj()
    quat = np.zeros(4)
    mj.mju_euler2Quat(quat, np.array(euler, dtype=np.float64), "xyz")
    return quat.tolist()


@dataclass(frozen=True)
class TrackWall(WallKind):
    """The track's wall (one body ``wall``, 509 geoms); touching it costs when ``cost``."""
    cost: bool = False
    prefix: ClassVar[str] = "wall"

    def names(self) -> tuple[str, ...]:
        return ("wall",)

    def add_static(self, spec) -> None:
        mj = _mj()
        hulls = track.hull_vertices()
        body = spec.worldbody.add_body(name="wall", pos=list(track.WALL_POS))
        quat = _quat(track.WALL_EULER)
        for mesh in track.WALL_MESHES:
            spec.add_mesh(name=mesh, uservert=hulls[mesh].astype(np.float64).ravel().tolist())
            geom = body.add_geom(name=mesh, type=mj.mjtGeom.mjGEOM_MESH, meshname=mesh,
                                 quat=quat, rgba=list(KERB_RGBA), group=2)
            geom.contype = geom.conaffinity = 1
        name, pos, size, euler = track.WALL_BOX
        geom = body.add_geom(name=name, type=mj.mjtGeom.mjGEOM_BOX, pos=list(pos),
                             size=list(size), quat=_quat(euler), rgba=list(KERB_RGBA), group=2)
        geom.contype = geom.conaffinity = 1


@dataclass(frozen=True)
class StagedGoal(Goal):
    """The goal on the staged points (size 0.3: reached within 0.3 m); placed by the env."""
    lidar_key: ClassVar[str] = "staged_goal_lidar"
    placed: ClassVar[bool] = False


#: the lidar ring of the staged goal is drawn in the goal's colour (the registry of ring
#: colours, decor.GROUP_RGBA, holds the kinds of navigation.objects)
decor.GROUP_RGBA.setdefault(StagedGoal.lidar_key, StagedGoal.rgba)


@dataclass(frozen=True)
class RoadBarriers(Vases):
    """``count`` road barriers drawn from ``areas`` (one rectangle per candidate, weighted by
    area); keep-out 0.5. At most 200, the reference's count: they keep a metre apart, so
    their contacts stay few (``bounds.MAX_COLLIDING`` bounds crowded kinds)."""
    count: int = 200
    keepout: float = 0.5
    areas: tuple = track.BARRIER_AREAS
    OWN_COUNT_BOUND: ClassVar[int] = 200
    LABELS: ClassVar[tuple[str, ...]] = ("vase_contact",)
    judged_label: ClassVar[None] = None
    velocity_watched: ClassVar[bool] = False
    rgba: ClassVar[RGBA] = BARRIER_RGBA
    Z: ClassVar[float] = 0.0
    OWN_CHECKS: ClassVar[tuple[str, ...]] = ("areas", "count")

    def placement_areas(self) -> tuple:
        return self.areas

    def cost_terms(self) -> tuple[tuple[str, str], ...]:
        return ((self.cost_key, self.label),) if self.costs and self.count else ()

    def check(self) -> list[str]:
        out = [p for p in super().check() if not p.startswith("count:")]
        out += bounds.integer(self.count, "count", 0, self.OWN_COUNT_BOUND)
        if self.areas is None:
            out.append("areas: the barriers need their rectangles (a non-empty tuple)")
        return out + check_areas(self.areas)

    def add_free(self, spec, agent) -> None:
        from safety_sim.navigation.formula_one import track_data

        mj = _mj()
        hull = track.hull_vertices()["road_barrier"]
        spec.add_mesh(name="road_barrier", uservert=hull.astype(np.float64).ravel().tolist())
        quat = _quat(track.BARRIER_EULER)
        mass: dict[str, Any] = track_data.BARRIER_MASS
        for name in self.names():
            body = spec.worldbody.add_body(name=name, pos=[0.0, 0.0, self.Z])
            body.add_freejoint(name=name)
            body.explicitinertial = True
            body.mass = mass["mass"]
            body.inertia = list(mass["inertia"])
            body.ipos = list(mass["ipos"])
            body.iquat = list(mass["iquat"])
            geom = body.add_geom(name=name, type=mj.mjtGeom.mjGEOM_MESH, meshname="road_barrier",
                                 quat=quat, rgba=list(BARRIER_RGBA), group=4, density=0.0)
            geom.condim = 6
