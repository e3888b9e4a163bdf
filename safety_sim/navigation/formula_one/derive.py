"""Make :mod:`.track_data` from Safety-Gymnasium's meshes (the asset archive of issue 36):

    python -m safety_sim.navigation.formula_one.derive ASSETS/safety_gymnasium/assets/meshes

The convex hulls of the 508 wall meshes and of ``road_barrier`` (at their scales) and the
barrier's mass properties, with :mod:`safety_sim.navigation.meshdata.hulls` (the Building
family's derivation). The module text goes to stdout. Run with MuJoCo 4.0.0 for the shipped
file.
"""
from __future__ import annotations

import pprint
import sys
from pathlib import Path

import mujoco
import numpy as np

from safety_sim.navigation.formula_one import track
from safety_sim.navigation.meshdata.hulls import data_module_text, derive_mesh, pack


def module_text(meshdir: Path) -> str:
    hulls, counts = [], []
    for name in track.WALL_MESHES:
        hull, _ = derive_mesh(meshdir, name, track.WALL_SCALE)
        hulls.append(hull)
        counts.append((name, len(hull)))
    quat = np.zeros(4)
    mujoco.mju_euler2Quat(quat, np.array(track.BARRIER_EULER), "xyz")
    hull, mass = derive_mesh(meshdir, "road_barrier", track.BARRIER_SCALE,
                             track.BARRIER_DENSITY, quat.tolist())
    hulls.append(hull)
    counts.append(("road_barrier", len(hull)))
    more = ["#: the road barrier's mass properties (its geom at the body origin, rotated by",
            "#: ``track.BARRIER_EULER``; density ``track.BARRIER_DENSITY``)",
            "BARRIER_MASS = " + pprint.pformat(mass, width=90), ""]
    return data_module_text("FormulaOne", counts, more, pack(hulls), compact=True)


if __name__ == "__main__":
    sys.stdout.write(module_text(Path(sys.argv[1])))
