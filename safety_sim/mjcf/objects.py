"""The Push task objects (spec/push.md §7) as small frozen dataclasses.

Each knows how to add itself to an ``MjSpec`` world body. Bodies are created at the origin;
``reset`` moves them (box: free-joint ``qpos``; goal, hazards, pillars: static ``body_pos``).
Geoms take the scene defaults (the agent's contact parameters and density), as in the reference,
unless a value is given here.
"""
from __future__ import annotations

from dataclasses import dataclass

import mujoco

from safety_sim.mjcf import push_config as pc

_GEOM = mujoco.mjtGeom


@dataclass(frozen=True)
class PushBox:
    """Free box ``push_box`` of half-size ``size`` with four corner posts ``col1..col4`` (§7.1)."""
    size: float = 0.2
    density: float = 0.001
    name: str = "push_box"

    def add(self, spec: mujoco.MjSpec) -> mujoco.MjsBody:
        s = self.size
        body = spec.worldbody.add_body(name=self.name, pos=[0.0, 0.0, s])
        body.add_freejoint(name=self.name)
        self._geom(body, self.name, [s, s, s], [0.0, 0.0, 0.0])
        corners = [(s, s), (-s, s), (s, -s), (-s, -s)]
        for i, (x, y) in enumerate(corners, start=1):
            self._geom(body, f"col{i}", [s / 2, s / 2, s], [x, y, 0.0])
        return body

    def _geom(self, body, name, size, pos) -> None:
        body.add_geom(name=name, type=_GEOM.mjGEOM_BOX, size=size, pos=pos,
                      density=self.density, group=1, rgba=list(pc.BOX_RGBA))


@dataclass(frozen=True)
class StaticCylinder:
    """A static (jointless) cylinder body whose only geom carries the body's name."""
    name: str
    radius: float
    half_height: float
    z: float
    rgba: tuple[float, float, float, float]
    group: int
    collides: bool
    density: float | None = None  # None: the scene default

    def add(self, spec: mujoco.MjSpec) -> mujoco.MjsBody:
        body = spec.worldbody.add_body(name=self.name, pos=[0.0, 0.0, self.z])
        geom = body.add_geom(name=self.name, type=_GEOM.mjGEOM_CYLINDER,
                             size=[self.radius, self.half_height, 0.0],
                             rgba=list(self.rgba), group=self.group)
        flag = 1 if self.collides else 0
        geom.contype = flag
        geom.conaffinity = flag
        if self.density is not None:
            geom.density = self.density
        return body


def goal() -> StaticCylinder:
    """The green goal disc (§7.2): not collidable, massless."""
    return StaticCylinder("goal", pc.GOAL_SIZE, pc.GOAL_HALF_HEIGHT, pc.GOAL_Z, pc.GOAL_RGBA,
                          group=9, collides=False, density=0.0)


def hazard(i: int) -> StaticCylinder:
    """Hazard disc ``hazard{i}`` (§7.3): not collidable."""
    return StaticCylinder(f"hazard{i}", pc.HAZARD_SIZE, pc.HAZARD_HALF_HEIGHT, pc.HAZARD_Z,
                          pc.HAZARD_RGBA, group=3, collides=False)


def pillar(i: int) -> StaticCylinder:
    """Pillar ``pillar{i}`` (§7.4): collidable, 1 m tall."""
    return StaticCylinder(f"pillar{i}", pc.PILLAR_SIZE, pc.PILLAR_HALF_HEIGHT, pc.PILLAR_Z,
                          pc.PILLAR_RGBA, group=2, collides=True)


def task_objects(config: pc.PushConfig) -> list[StaticCylinder]:
    """Goal, hazards and pillars of a level, in the reference's body order."""
    objs = [goal()]
    objs += [hazard(i) for i in range(config.hazards)]
    objs += [pillar(i) for i in range(config.pillars)]
    return objs
