"""Make :mod:`.mesh_data` from Safety-Gymnasium's meshes (the asset archive of issue 36):

    python -m safety_sim.navigation.building.derive ASSETS/safety_gymnasium/assets/meshes

For every mesh of :data:`.scenery.MESH_SCALES` MuJoCo compiles the ``.obj`` at its scale; the
vertices of the convex hull it collides with (its ``mesh_graph``) are taken from the file's own
(scaled) vertices, in the file's frame, and stored as little-endian float32, zlib-compressed,
base64-encoded (minus the few nearly coplanar vertices that float32 rounding puts inside
the hull: the stored vertices are exactly the hull of themselves). For the meshes of
:data:`.scenery.MASSIVE` it also records the mass properties MuJoCo's (legacy) mesh inertia
gives at that density, for a geom at the origin of its body: mass, principal inertia, and the
inertial frame (``ipos``, ``iquat``). The module text goes to stdout. Run with MuJoCo 4.0.0
for the shipped file.
"""
from __future__ import annotations

import pprint
import sys
from pathlib import Path

import numpy as np

from safety_sim.navigation.building.scenery import MASSIVE, MESH_SCALES
from safety_sim.navigation.meshdata.hulls import data_module_text, derive_mesh, pack


def derive(name: str, meshdir: Path) -> tuple[np.ndarray, dict | None]:
    """(hull, mass properties) of one mesh of :data:`.scenery.MESH_SCALES`
    (:func:`safety_sim.navigation.meshdata.hulls.derive_mesh`)."""
    return derive_mesh(meshdir, name, MESH_SCALES[name], MASSIVE.get(name))


def module_text(meshdir: Path) -> str:
    counts, hulls, masses = [], [], {}
    for name in MESH_SCALES:
        hull, mass = derive(name, meshdir)
        counts.append((name, len(hull)))
        hulls.append(hull)
        if mass is not None:
            masses[name] = mass
    more = ["#: mass properties of the free meshed objects (geom at the body origin)",
            "MASS = " + pprint.pformat(masses, width=90), ""]
    return data_module_text("Building", counts, more, pack(hulls), data_name="_DATA")


if __name__ == "__main__":
    sys.stdout.write(module_text(Path(sys.argv[1])))
