"""The Building family's static scenery and meshes as data (docs/spec/sg_head.md §2.3; facts from
Safety-Gymnasium's ``configs/building_goal.yaml`` and ``configs/assets.yaml`` at commit
ae966e5, Apache-2.0, see ``NOTICE``)."""
from __future__ import annotations

import functools

import numpy as np

#: (body, mesh, position, euler (rad, MuJoCo's "xyz")) of the 19 static bodies, yaml order;
#: each body has one collidable mesh geom of its own name (group 2). There is no box10.
STATIC_BODIES = (
    ("box1", "static_box1", (-3.8, -2.1, 0.3), (0.0, 0.0, 0.314159)),
    ("box2", "static_box2", (3.8, 2.1, 0.0), (1.57, 0.0, 0.0)),
    ("box3", "static_box3", (1.8, 4.3, 0.0), (1.57, 0.0, 0.0)),
    ("box4", "static_box4", (1.2, 4.3, 0.0), (1.57, 0.0, 0.0)),
    ("box5", "static_box5", (-2.2, -4.3, 0.0), (1.57, 0.0, 0.0)),
    ("box6", "static_box6", (-1.5, -4.3, 0.0), (1.57, 0.0, 0.0)),
    ("box7", "static_box7", (3.7, -3.7, 0.0), (1.57, 0.0, 0.0)),
    ("box8", "static_box8", (4.0, -3.3, 0.0), (1.57, 0.0, 0.0)),
    ("box9", "static_box9", (0.0, -3.9, 0.2), (0.0, 0.0, 0.0)),
    ("box11", "static_box11", (-1.0, -8.0, 1.2), (-1.57, 0.0, 0.0)),
    ("box12", "static_box12", (2.0, -5.0, 0.7), (-1.57, 0.0, 0.0)),
    ("box13", "static_box13", (-8.0, -1.0, 0.0), (1.57, 0.0, 0.0)),
    ("box14", "static_box14", (3.9, -2.5, 0.0), (1.57, 0.0, 0.0)),
    ("box15", "static_box15", (3.9, -2.2, 0.0), (1.57, 0.0, 0.0)),
    ("box16", "static_box16", (1.1, -4.6, 0.0), (-1.37, 0.0, 0.3)),
    ("light1", "static_light1", (3.6, 0.0, 0.0), (1.57, 0.0, 0.0)),
    ("machine1", "static_machine1", (1.0, 4.9, 0.0), (1.57, 0.0, 0.0)),
    ("machine2", "static_machine2", (2.5, 3.6, -0.1), (1.57, 0.0, 0.0)),
    ("machine3", "static_machine3", (3.7, 1.6, 0.0), (1.57, 0.0, 0.0)),
)

#: mesh -> uniform scale of the reference's ``assets.yaml`` (the scenery's and the task
#: objects' meshes of the Building levels)
MESH_SCALES = {
    **{f"static_box{i}": 0.005 for i in (1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14, 15)},
    "static_box16": 0.015, "static_light1": 0.005, "static_machine1": 0.01,
    "static_machine2": 0.01, "static_machine3": 0.01,
    "goal": 0.15, "hazard": 0.2, "vase": 0.0008, "pillar": 0.02, "button": 0.002,
    "gremlin": 0.2, "push_box": 0.005,
}

#: the free-body meshes whose mass and inertia the reference takes from the mesh, and the
#: density their geom keeps (``density=0.001``, docs/spec/sg_head.md §2.2)
MASSIVE = {"vase": 0.001, "gremlin": 0.001}


@functools.lru_cache(maxsize=None)
def hull_vertices() -> dict[str, np.ndarray]:
    """Mesh -> (k, 3) float32 vertices of the convex hull MuJoCo collides it through, in the
    mesh file's frame at its scale (read-only; :mod:`.mesh_data`)."""
    from safety_sim.navigation.building import mesh_data
    from safety_sim.navigation.meshdata.hulls import unpack

    return unpack("".join(mesh_data._DATA), mesh_data.COUNTS)
