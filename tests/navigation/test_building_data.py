"""The groundwork of the Building family (``safety_sim.navigation.building``, not registered
yet): the static scenery stands where the reference's Building layouts record it
(``tests/data/sg_head_golden.json``), and the data derived from the reference's meshes is
whole: every hull decodes, MuJoCo builds from it a mesh whose convex hull keeps every stored
vertex (they are the hull's, nothing inside), and the free meshed objects have mass
properties."""
from __future__ import annotations

import math
from pathlib import Path

import mujoco
import numpy as np
import pytest
from sg_head_refs import GOLDEN

from safety_sim.navigation.building import mesh_data
from safety_sim.navigation.building.scenery import (
    MASSIVE,
    MESH_SCALES,
    STATIC_BODIES,
    hull_vertices,
)

BUILDING = sorted(k for k in GOLDEN["golden_seed0"] if "Building" in k)


def test_the_static_bodies_stand_where_the_reference_records_them():
    assert len(STATIC_BODIES) == 19 and BUILDING
    for key in BUILDING:
        xy = GOLDEN["golden_seed0"][key]["body_xy"]
        for body, _, pos, _ in STATIC_BODIES:
            assert xy[body] == pytest.approx(pos[:2], abs=1e-12), (key, body)


@pytest.mark.parametrize("mesh", list(MESH_SCALES))
def test_the_stored_vertices_are_their_hulls(mesh):
    """MuJoCo builds a mesh of exactly the stored vertices, and its convex hull has every one
    of them as a vertex: no vertex inside."""
    hull = hull_vertices()[mesh].astype(np.float64)
    assert hull.shape == (dict(mesh_data.COUNTS)[mesh], 3) and np.isfinite(hull).all()
    spec = mujoco.MjSpec()
    spec.add_mesh(name=mesh, uservert=hull.ravel().tolist())
    spec.worldbody.add_body(name="b").add_geom(type=mujoco.mjtGeom.mjGEOM_MESH, meshname=mesh)
    m = spec.compile()
    assert m.mesh_vertnum[0] == len(hull)
    assert m.mesh_graph[m.mesh_graphadr[0]] == len(hull)


def test_the_free_meshed_objects_have_mass_properties():
    assert set(mesh_data.MASS) == set(MASSIVE)
    for mesh, props in mesh_data.MASS.items():
        assert props["density"] == MASSIVE[mesh] and props["mass"] > 0
        assert all(v > 0 and math.isfinite(v) for v in props["inertia"])
        assert np.linalg.norm(props["iquat"]) == pytest.approx(1.0)


def test_the_attribution_is_shipped():
    notice = Path(mesh_data.__file__).with_name("NOTICE").read_text()
    assert "Apache License, Version 2.0" in notice and "safety-gymnasium" in notice
