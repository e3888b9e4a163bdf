"""Shapes of our own for the Race task's shrubs, and the field checks the kinds share.

The reference draws Race's goal and hazards as textured meshes (a flower bush, bushes) whose
files are not ours to ship. They are visual only (not collidable; the reward and cost use the
body origins and the kinds' sizes), so we draw shrubs of similar size from ellipsoids: the
body origin on the ground, about 0.68 m across and 0.3 m tall like the reference's meshes
(docs/spec/sg_extra_navigation.md §4.2). The first geom carries the body's name.
"""
from __future__ import annotations

import math

from safety_sim.navigation import bounds
from safety_sim.navigation.objects.base import RGBA, _mj

Rect = tuple[float, float, float, float]

BUSH_RGBA: RGBA = (0.16, 0.36, 0.20, 1.0)
FLOWER_BUSH_RGBA: RGBA = (0.30, 0.55, 0.22, 1.0)
FLOWER_RGBA: RGBA = (0.95, 0.45, 0.70, 1.0)

# (x, y, z, half sizes) of the ellipsoids of one shrub, relative to its body origin
_LEAVES = ((0.0, 0.0, 0.13, (0.24, 0.22, 0.16)), (0.15, 0.08, 0.09, (0.17, 0.16, 0.12)),
           (-0.14, 0.10, 0.10, (0.18, 0.15, 0.12)), (0.02, -0.16, 0.09, (0.17, 0.15, 0.11)))


def _shrub(spec, name: str, z: float, rgba: RGBA, group: int):
    mj = _mj()
    body = spec.worldbody.add_body(name=name, pos=[0.0, 0.0, z])
    for k, (x, y, h, size) in enumerate(_LEAVES):
        geom = body.add_geom(name=name if k == 0 else f"{name}_leaf{k}",
                             type=mj.mjtGeom.mjGEOM_ELLIPSOID, size=list(size),
                             pos=[x, y, h], rgba=list(rgba), group=group, density=0.0)
        geom.contype = 0
        geom.conaffinity = 0
    return body


def bush(spec, name: str, z: float) -> None:
    """A hazard shrub (group 3, like the hazard discs)."""
    _shrub(spec, name, z, BUSH_RGBA, group=3)


def flower_bush(spec, name: str, z: float) -> None:
    """The goal shrub with pink flowers on top (group 9, like the goal disc)."""
    mj = _mj()
    body = _shrub(spec, name, z, FLOWER_BUSH_RGBA, group=9)
    for k in range(6):
        angle = 2.0 * math.pi * k / 6
        geom = body.add_geom(name=f"{name}_flower{k}", type=mj.mjtGeom.mjGEOM_SPHERE,
                             size=[0.045, 0.0, 0.0], rgba=list(FLOWER_RGBA), group=9,
                             pos=[0.14 * math.cos(angle), 0.13 * math.sin(angle), 0.25],
                             density=0.0)
        geom.contype = 0
        geom.conaffinity = 0


def check_look(look, choices: tuple[str, ...]) -> list[str]:
    return bounds.one_of(look, "look", choices)


def _finite(v) -> bool:
    return not isinstance(v, bool) and isinstance(v, (int, float)) and math.isfinite(v)


def check_pair(value, name: str) -> list[str]:
    """``value`` is None or a finite (x, y)."""
    if value is None:
        return []
    ok = isinstance(value, tuple) and len(value) == 2 and all(map(_finite, value))
    return [] if ok else [f"{name}: must be None or a finite (x, y) tuple, got {value!r}"]


def check_areas(areas) -> list[str]:
    """``areas`` is None or a non-empty tuple of finite rectangles (xmin, ymin, xmax, ymax)."""
    if areas is None:
        return []
    ok = isinstance(areas, tuple) and len(areas) > 0 and all(
        isinstance(r, tuple) and len(r) == 4 and all(map(_finite, r)) and r[0] <= r[2]
        and r[1] <= r[3] for r in areas)
    return [] if ok else [f"areas: must be None or a non-empty tuple of rectangles (xmin, "
                          f"ymin, xmax, ymax) with xmin <= xmax, ymin <= ymax, got {areas!r}"]
