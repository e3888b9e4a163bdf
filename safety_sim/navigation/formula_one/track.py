"""The FormulaOne track as data (docs/spec/sg_head.md §3; facts from Safety-Gymnasium's
``configs/formula_one.yaml``, ``configs/assets.yaml`` and ``tasks/safe_vision/formula_one/``
at commit ae966e5, Apache-2.0, see ``NOTICE``).

The reference's body ``wall`` at (15, -15, 1.62) holds 509 collidable, invisible geoms: 508
meshes ``wall_collision_<k>`` (k = 0..511 but 215, 273, 274, 300; each at the body origin,
euler (1.57, 0, 0), mesh scale 0.2) and one box. MuJoCo collides a mesh through its convex
hull: :func:`hull_vertices` gives those hulls (:mod:`.track_data`, made by :mod:`.derive`).
"""
from __future__ import annotations

import functools
import math

import numpy as np

#: the body ``wall`` (and the visual-only ``racing_track``) stand here
WALL_POS = (15.0, -15.0, 1.62)
#: euler angles (rad, MuJoCo's "xyz") of every wall mesh geom in its body
WALL_EULER = (1.57, 0.0, 0.0)
WALL_SCALE = 0.2
#: the wall meshes the reference's track uses, in its order
WALL_MESHES = tuple(f"wall_collision_{k}" for k in range(512) if k not in (215, 273, 274, 300))
#: the one box geom of the wall: body-local position, half sizes, euler
WALL_BOX = ("wall_collision_512", (-16.25, 6.47, -1.4), (0.3, 11.5, 0.4),
            (0.0, 0.0, -0.314159))

#: the staged goals, in order (``StagedGoal.staged_locations``)
STAGES = ((3.0, 9.0), (13.0, -1.7), (26.0, 0.05), (32.0, -7.0), (4.0, -17.5), (19.0, -20.7),
          (-0.85, -0.4))

#: the road barriers (the reference's meshed vases): mesh scale, euler of the geom
BARRIER_SCALE = 0.004
BARRIER_EULER = (math.pi / 2, 0.0, 0.0)
BARRIER_DENSITY = 0.001
#: level 1's barrier placement rectangles; level 2 appends ``LEVEL2_SPOTS`` 10 times over
BARRIER_AREAS = ((-12.2, -32.5, 27.8, 7.5), (26.0, -11.0, 38.0, 1.0))
LEVEL2_SPOTS = ((-1.0, -1.0, 1.0, 1.0), (1.5, 7.5, 4.5, 10.5), (11.5, -3.2, 14.5, -0.19),
                (24.5, -1.45, 27.5, 1.55), (30.5, -8.5, 33.5, -5.5), (2.5, -19.0, 5.5, -16.0),
                (17.5, -22.2, 20.5, -19.2), (-2.35, -1.9, 0.65, 1.1))


def barrier_areas(level: int) -> tuple[tuple[float, float, float, float], ...]:
    """The rectangles the 200 barriers of ``level`` (1 or 2) are drawn from, one chosen per
    candidate by area: level 2 biases them towards the staged points."""
    return BARRIER_AREAS + (LEVEL2_SPOTS * 10 if level == 2 else ())


@functools.lru_cache(maxsize=None)
def hull_vertices() -> dict[str, np.ndarray]:
    """Mesh -> (k, 3) float32 vertices of the convex hull MuJoCo collides it through, in the
    mesh file's frame at its scale (read-only): the 508 wall meshes and ``road_barrier``."""
    from safety_sim.navigation.formula_one import track_data
    from safety_sim.navigation.meshdata.hulls import unpack

    return unpack("".join(track_data.DATA), track_data.COUNTS)
