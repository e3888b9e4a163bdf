"""Convex hulls and mass properties of meshes as MuJoCo builds them, and their compact form.

:func:`derive_mesh` compiles one ``.obj`` at its scale: the vertices of the convex hull MuJoCo
collides it with (its ``mesh_graph``) are taken from the file's own (scaled) vertices, in the
file's frame (minus the few nearly coplanar vertices that float32 rounding puts inside the
hull: the kept vertices are exactly the hull of themselves); with a ``density`` it also gives
the mass properties MuJoCo's mesh inertia gives a free body whose only geom is the mesh
(rotated by ``quat``) at the body origin. :func:`pack` / :func:`unpack` store hulls as
little-endian float32, zlib-compressed, base64-encoded text (for a module of data);
:func:`data_module_text` writes that module.
"""
from __future__ import annotations

import base64
import pprint
import zlib
from pathlib import Path
from typing import Iterable, Sequence

import numpy as np


def obj_vertices(path: Path, scale: float) -> np.ndarray:
    """The ``v`` lines of a Wavefront ``.obj`` file times ``scale``, (n, 3) float64."""
    rows = [line.split()[1:4] for line in path.read_text(errors="replace").splitlines()
            if line.startswith("v ")]
    return np.array(rows, dtype=np.float64) * scale


def derive_mesh(meshdir: Path, name: str, scale: float, density: float | None = None,
                quat: Sequence[float] = (1.0, 0.0, 0.0, 0.0)) -> tuple[np.ndarray, dict | None]:
    """(hull vertices (k, 3) float32, mass properties or None) of ``meshdir/name.obj``."""
    import mujoco  # only to derive

    spec = mujoco.MjSpec()
    spec.compiler.meshdir = str(meshdir)
    spec.add_mesh(name=name, file=f"{name}.obj", scale=[scale] * 3)
    body = spec.worldbody.add_body(name="body")
    body.add_freejoint()
    body.add_geom(type=mujoco.mjtGeom.mjGEOM_MESH, meshname=name, quat=list(quat),
                  density=1.0 if density is None else density)
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
    hull = settled(raw[np.unique(nearest)].astype("<f4"))
    mass = None
    if density is not None:
        mass = {"density": density, "mass": float(m.body_mass[1]),
                "inertia": m.body_inertia[1].tolist(), "ipos": m.body_ipos[1].tolist(),
                "iquat": m.body_iquat[1].tolist()}
    return hull, mass


def hull_ids(vertices: np.ndarray) -> np.ndarray:
    """Indices of the vertices on the convex hull MuJoCo builds of ``vertices``."""
    import mujoco  # only to derive

    spec = mujoco.MjSpec()
    spec.add_mesh(name="m", uservert=vertices.astype(np.float64).ravel().tolist())
    spec.worldbody.add_body(name="b").add_geom(type=mujoco.mjtGeom.mjGEOM_MESH, meshname="m")
    m = spec.compile()
    graph = m.mesh_graph[m.mesh_graphadr[0]:]
    return np.sort(graph[2 + graph[0]:2 + 2 * graph[0]])


def settled(hull: np.ndarray) -> np.ndarray:
    """The float32 vertices whose own hull (as MuJoCo builds it) has all of them: the few
    nearly coplanar ones that float32 rounding puts inside are dropped."""
    for _ in range(10):
        ids = hull_ids(hull)
        if len(ids) == len(hull):
            return hull
        hull = hull[ids]
    raise RuntimeError("hull vertices did not settle")


def pack(hulls: Iterable[np.ndarray]) -> str:
    """Hull vertex arrays as one base64 text of their zlib-compressed little-endian float32."""
    raw = b"".join(np.asarray(h, dtype="<f4").tobytes() for h in hulls)
    return base64.b64encode(zlib.compress(raw, 9)).decode()


def data_module_text(family: str, counts: Sequence[tuple[str, int]], more: Sequence[str],
                     data: str, data_name: str = "DATA", compact: bool = False) -> str:
    """The text of a family's module of derived mesh data: its docstring, the MuJoCo version,
    ``COUNTS`` (``counts``, pretty-printed 90 wide, ``compact`` or not), the lines ``more``,
    then the :func:`pack` text ``data`` as the tuple of 96-character strings ``data_name``."""
    import mujoco  # only to derive

    lines = [data[i:i + 96] for i in range(0, len(data), 96)]
    out = [f'"""Derived data of the {family} meshes (made by :mod:`.derive`; see ``NOTICE``)."""',
           "from __future__ import annotations", "",
           f"MUJOCO_VERSION = {mujoco.__version__!r}", "",
           "#: hull vertices per mesh, in the order they are stored",
           "COUNTS = " + pprint.pformat(tuple(counts), width=90, compact=compact), "",
           *more, f"{data_name} = ("]
    out += [f'    "{line}"' for line in lines] + [")", ""]
    return "\n".join(out)


def unpack(text: str, counts: Sequence[tuple[str, int]]) -> dict[str, np.ndarray]:
    """``name -> (count, 3)`` read-only float32 vertices of a :func:`pack` text, in the order
    of ``counts``; RuntimeError when the counts do not add up to the data."""
    flat = np.frombuffer(zlib.decompress(base64.b64decode(text)), dtype="<f4")
    out, at = {}, 0
    for name, count in counts:
        block = flat[at:at + 3 * count].reshape(count, 3)
        block.flags.writeable = False
        out[name] = block
        at += 3 * count
    if at != flat.size:
        raise RuntimeError("hull data: the vertex counts do not match the data")
    return out
