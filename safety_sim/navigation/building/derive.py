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

import base64
import pprint
import sys
import zlib
from pathlib import Path

import mujoco
import numpy as np

from safety_sim.navigation.building.scenery import MASSIVE, MESH_SCALES


def obj_vertices(path: Path, scale: float) -> np.ndarray:
    rows = [line.split()[1:4] for line in path.read_text(errors="replace").splitlines()
            if line.startswith("v ")]
    return np.array(rows, dtype=np.float64) * scale


def derive(name: str, meshdir: Path) -> tuple[np.ndarray, dict | None]:
    scale = MESH_SCALES[name]
    spec = mujoco.MjSpec()
    spec.compiler.meshdir = str(meshdir)
    spec.add_mesh(name=name, file=f"{name}.obj", scale=[scale] * 3)
    body = spec.worldbody.add_body(name="body")
    body.add_freejoint()
    body.add_geom(type=mujoco.mjtGeom.mjGEOM_MESH, meshname=name,
                  density=MASSIVE.get(name, 1.0))
    m = spec.compile()
    start, count = m.mesh_vertadr[0], m.mesh_vertnum[0]
    graph = m.mesh_graph[m.mesh_graphadr[0]:]
    nvert = graph[0]
    hull_ids = graph[2 + nvert:2 + 2 * nvert]
    rot = np.zeros(9)
    mujoco.mju_quat2Mat(rot, m.mesh_quat[0])
    moved = m.mesh_vert[start:start + count][hull_ids] @ rot.reshape(3, 3).T + m.mesh_pos[0]
    raw = obj_vertices(meshdir / f"{name}.obj", scale)
    nearest = np.argmin(((raw[None, :, :] - moved[:, None, :]) ** 2).sum(-1), axis=1)
    hull = _settled(raw[np.unique(nearest)].astype("<f4"))
    mass = None
    if name in MASSIVE:
        mass = {"density": MASSIVE[name], "mass": float(m.body_mass[1]),
                "inertia": m.body_inertia[1].tolist(), "ipos": m.body_ipos[1].tolist(),
                "iquat": m.body_iquat[1].tolist()}
    return hull, mass


def _hull_ids(vertices: np.ndarray) -> np.ndarray:
    spec = mujoco.MjSpec()
    spec.add_mesh(name="m", uservert=vertices.astype(np.float64).ravel().tolist())
    spec.worldbody.add_body(name="b").add_geom(type=mujoco.mjtGeom.mjGEOM_MESH, meshname="m")
    m = spec.compile()
    graph = m.mesh_graph[m.mesh_graphadr[0]:]
    return np.sort(graph[2 + graph[0]:2 + 2 * graph[0]])


def _settled(hull: np.ndarray) -> np.ndarray:
    """The float32 vertices whose own hull (as MuJoCo builds it) has all of them: the few
    nearly coplanar ones that float32 rounding puts inside are dropped."""
    for _ in range(10):
        ids = _hull_ids(hull)
        if len(ids) == len(hull):
            return hull
        hull = hull[ids]
    raise RuntimeError("hull vertices did not settle")


def module_text(meshdir: Path) -> str:
    counts, blobs, masses = [], [], {}
    for name in MESH_SCALES:
        hull, mass = derive(name, meshdir)
        counts.append((name, len(hull)))
        blobs.append(hull.astype("<f4").tobytes())
        if mass is not None:
            masses[name] = mass
    data = base64.b64encode(zlib.compress(b"".join(blobs), 9)).decode()
    lines = [data[i:i + 96] for i in range(0, len(data), 96)]
    out = ['"""Derived data of the Building meshes (made by :mod:`.derive`; see ``NOTICE``)."""',
           "from __future__ import annotations", "",
           f"MUJOCO_VERSION = {mujoco.__version__!r}", "",
           "#: hull vertices per mesh, in the order they are stored",
           "COUNTS = " + pprint.pformat(tuple(counts), width=90), "",
           "#: mass properties of the free meshed objects (geom at the body origin)",
           "MASS = " + pprint.pformat(masses, width=90), "", "_DATA = ("]
    out += [f'    "{line}"' for line in lines] + [")", ""]
    return "\n".join(out)


if __name__ == "__main__":
    sys.stdout.write(module_text(Path(sys.argv[1])))
