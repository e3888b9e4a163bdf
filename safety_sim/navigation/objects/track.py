"""The Race track's walls (docs/spec/sg_extra_navigation.md §4.1): static, collidable, not placed.

Nine walls (bamboo walls, cliffs, a wooden door) form the corridor from the start to the fixed
goal. Each is a jointless body at its pose from the reference's track description (level 2
moves ``race_wall3``) whose one geom is the convex hull MuJoCo collides the reference's mesh
through (:mod:`.track_hulls`), drawn in a colour of our own. Touching a wall costs at levels
1 and 2 (``cost_static_geoms_contact``): a contact sensor per wall watches the agent's subtree,
as for every touch-judged kind.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from safety_sim.navigation import bounds
from safety_sim.navigation.objects.base import RGBA, WallKind, _mj
from safety_sim.navigation.objects.track_hulls import hull_vertices

#: the colours of our walls (the reference textures them; ours are plain)
WALL_RGBA: dict[str, RGBA] = {
    "bamboo_wall": (0.55, 0.62, 0.30, 1.0),
    "cliff1": (0.50, 0.46, 0.42, 1.0),
    "cliff2": (0.46, 0.43, 0.40, 1.0),
    "cliff3": (0.58, 0.55, 0.50, 1.0),
    "wooden_door1": (0.50, 0.32, 0.16, 1.0),
}

#: (name, mesh, body position, body euler angles (rad, MuJoCo's "xyz" sequence)) in the
#: order of the reference's track description, level 0 (levels 1 and 2 below)
WALLS = (
    ("race_wall1_down", "bamboo_wall", (-2.8, -2.1, 0.0), (1.57, 1.57, 0.0)),
    ("race_wall1_up", "bamboo_wall", (-2.8, 0.355, 0.0), (1.57, 1.57, 0.0)),
    ("race_wall2_left", "bamboo_wall", (-1.05, 1.75, 0.0), (1.57, 0.0, 0.0)),
    ("race_wall22_right", "bamboo_wall", (1.75, 1.75, 0.0), (1.57, 0.0, 0.0)),
    ("race_wall3", "cliff1", (0.2, -0.175, 0.0), (0.0, 0.0, 1.57)),
    ("race_wall4", "cliff2", (0.65, -2.45, 0.0), (0.0, 0.0, 0.0)),
    ("race_wall5", "wooden_door1", (-1.75, -3.5, 0.0), (1.57, 3.14, 0.0)),
    ("small_stone1", "cliff3", (-2.45, 2.1, 0.0), (0.0, 0.0, 1.57)),
    ("small_stone2", "cliff3", (0.355, 2.1, 0.0), (1.57, 0.0, 0.0)),
)
#: level -> {wall: new position} (level N takes the changes of levels 1..N, in place)
MOVED = {1: {}, 2: {"race_wall3": (0.7, -0.175, 0.0)}}


@dataclass(frozen=True)
class TrackWalls(WallKind):
    """The Race track's nine walls at ``level`` (0, 1, 2; level 2 moves ``race_wall3``).
    Collidable; touching one costs when ``cost`` (label ``wall_contact``). Not placed by the
    layout sampler (no position or yaw draw), not sensed by any lidar."""
    level: int = 0
    cost: bool = True
    prefix: ClassVar[str] = "track_wall"

    @property
    def count(self) -> int:
        return len(WALLS)

    def names(self) -> tuple[str, ...]:
        return tuple(name for name, *_ in WALLS)

    def poses(self) -> tuple[tuple[str, str, tuple, tuple], ...]:
        """(name, mesh, position, euler) of every wall at this level."""
        moved: dict = {}
        for level in range(1, self.level + 1):
            moved.update(MOVED[level])
        return tuple((name, mesh, moved.get(name, pos), euler)
                     for name, mesh, pos, euler in WALLS)

    def footprints(self, low: float = 0.0, high: float = 0.3) -> tuple[np.ndarray, ...]:
        """Each wall's outline between the heights ``low`` and ``high`` (where the agents
        are), in world XY: the convex hull (counter-clockwise, (k, 2)) of the wall's hull cut
        to that slab (for planners: the walls are not sensed). Computed once per level."""
        return _footprints(self.poses(), float(low), float(high))

    def check(self) -> list[str]:
        # levels are ints: 2.0, True, Decimal(2) or an array are refused (``in`` takes 2.0)
        return super().check() + bounds.one_of(self.level, "level", (0, 1, 2))

    def add_static(self, spec) -> None:
        mj = _mj()
        hulls = hull_vertices()
        for mesh in dict.fromkeys(mesh for _, mesh, *_ in WALLS):
            spec.add_mesh(name=mesh, uservert=hulls[mesh].astype(np.float64).ravel().tolist())
        for name, mesh, pos, euler in self.poses():
            body = spec.worldbody.add_body(name=name, pos=list(pos), quat=_quat(euler))
            geom = body.add_geom(name=name, type=mj.mjtGeom.mjGEOM_MESH, meshname=mesh,
                                 rgba=list(WALL_RGBA[mesh]), group=2)
            geom.contype = 1
            geom.conaffinity = 1


@functools.lru_cache(maxsize=None)
def _footprints(poses: tuple, low: float, high: float) -> tuple[np.ndarray, ...]:
    mj, hulls, out = _mj(), hull_vertices(), []
    for _, mesh, pos, euler in poses:
        mat = np.zeros(9)
        mj.mju_quat2Mat(mat, np.array(_quat(euler)))
        world = np.asarray(pos) + hulls[mesh].astype(np.float64) @ mat.reshape(3, 3).T
        outline = convex_hull_2d(_slab(world, low, high))
        outline.flags.writeable = False
        out.append(outline)
    return tuple(out)


def _slab(vertices: np.ndarray, low: float, high: float) -> np.ndarray:
    """XY points whose convex hull is the slab ``low <= z <= high`` of the convex hull of
    ``vertices``: the vertices inside it and where the segments between vertices on either
    side of ``low`` (and of ``high``) cross it."""
    z = vertices[:, 2]
    points = [vertices[(z >= low) & (z <= high), :2]]
    for level in (low, high):
        below, above = vertices[z < level], vertices[z > level]
        if len(below) and len(above):
            t = (level - below[:, None, 2]) / (above[None, :, 2] - below[:, None, 2])
            cut = below[:, None, :2] + t[..., None] * (above[None, :, :2] - below[:, None, :2])
            points.append(cut.reshape(-1, 2))
    return np.concatenate(points)


def convex_hull_2d(points: np.ndarray) -> np.ndarray:
    """The convex hull of 2-D points, counter-clockwise (Andrew's monotone chain, after
    dropping the points strictly inside the polygon of the extreme points in 16 directions)."""
    points = np.asarray(points, dtype=np.float64).reshape(-1, 2)
    if len(points) > 64:
        angles = np.arange(16) * (np.pi / 8)
        order = np.argmax(points @ np.stack([np.cos(angles), np.sin(angles)]), axis=0)
        extreme = points[list(dict.fromkeys(order.tolist()))]     # counter-clockwise
        if len(extreme) >= 3:
            edges = np.roll(extreme, -1, axis=0) - extreme
            rel = points[:, None, :] - extreme[None, :, :]
            cross = edges[None, :, 0] * rel[..., 1] - edges[None, :, 1] * rel[..., 0]
            points = points[~(cross > 1e-12).all(axis=1)]
    pts = sorted(set(map(tuple, points.tolist())))
    if len(pts) < 3:
        return np.array(pts, dtype=np.float64).reshape(-1, 2)

    def half(seq):
        chain: list = []
        for p in seq:
            while len(chain) >= 2 and ((chain[-1][0] - chain[-2][0]) * (p[1] - chain[-2][1])
                                       - (chain[-1][1] - chain[-2][1]) * (p[0] - chain[-2][0])
                                       ) <= 0:
                chain.pop()
            chain.append(p)
        return chain

    lower, upper = half(pts), half(reversed(pts))
    return np.array(lower[:-1] + upper[:-1], dtype=np.float64)


@functools.lru_cache(maxsize=None)
def _quat_cached(euler: tuple) -> tuple:
    mj = _mj()
    quat = np.zeros(4)
    mj.mju_euler2Quat(quat, np.array(euler, dtype=np.float64), "xyz")
    return tuple(quat.tolist())


def _quat(euler) -> list[float]:
    """MuJoCo's quaternion of body euler angles (sequence ``xyz``, radians), as its compiler
    makes it from the reference's XML."""
    return list(_quat_cached(tuple(euler)))
