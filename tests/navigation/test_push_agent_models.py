"""The five Push agents, compiled in the real Push scene, against the reference's compiled
models (``shared/refs/push_agent_models.json``, Safety{Agent}Push1-v0 of safety-gymnasium
1.0.0 on MuJoCo 2.3.3): options, bodies, joints, geoms, sites, camera, equality constraints,
excludes and the scene objects' defaults (actuators and sensors:
test_push_agent_actuators_sensors.py; the spawn pose and its constants: test_push_agent_spawn.py).

Elements are matched by name or by body path (unnamed bodies are ``#k``, the k-th child of
their parent); ids must equal the reference's ids too, so the model order is the same.
Racecar: the reference's chassis collision mesh is a box here and its visual meshes are
primitives (see ``safety_sim/navigation/agents/racecar.py``); every other collision geom is compared.
"""
from __future__ import annotations

import mujoco
import numpy as np
import pytest

from push_agent_model_helpers import AGENTS, MODELS, body_path, close, compiled, enum, ref
from safety_sim.navigation import config as nc
from safety_sim.navigation import scene
from safety_sim.navigation.agents import get_agent


def inertia_tensor(diag, quat) -> np.ndarray:
    rot = np.zeros(9)
    mujoco.mju_quat2Mat(rot, np.asarray(quat, float))
    rot = rot.reshape(3, 3)
    return rot @ np.diag(diag) @ rot.T


def dofs(model, j: int) -> slice:
    n = {0: 6, 1: 3}.get(int(model.jnt_type[j]), 1)
    return slice(model.jnt_dofadr[j], model.jnt_dofadr[j] + n)


@pytest.mark.parametrize("name", AGENTS)
def test_options(name):
    m, opt = compiled(name), ref(name)["options"]
    assert m.opt.timestep == opt["timestep"]
    assert enum(mujoco.mjtIntegrator, m.opt.integrator) == opt["integrator"]
    assert enum(mujoco.mjtSolver, m.opt.solver) == opt["solver"]
    assert enum(mujoco.mjtCone, m.opt.cone) == opt["cone"]
    assert (m.opt.iterations, m.opt.tolerance, m.opt.impratio) == \
        (opt["iterations"], opt["tolerance"], opt["impratio"])
    assert close(m.opt.gravity, opt["gravity"]) and close(m.opt.magnetic, opt["magnetic"])
    assert (m.opt.density, m.opt.viscosity) == (opt["density"], opt["viscosity"])
    agent = get_agent(name)
    assert agent.spawn_z == ref(name)["spawn_seed0"]["spawn_height_z"]


@pytest.mark.parametrize("name", AGENTS)
def test_bodies_masses_and_inertias(name):
    m = compiled(name)
    paths = {body_path(m, b): b for b in range(1, m.nbody)}
    spawn = ref(name)["spawn_seed0"]
    for rb in ref(name)["bodies"]:
        b = paths[rb["path"]]
        assert b == rb["model_body_id_push1"], rb["path"]
        if rb["path"] == "agent":
            assert close(m.body_pos[b], spawn["root_body_pos_without_spawn"])
            assert close(m.body_quat[b], spawn["root_body_quat_without_spawn"])
        else:
            assert close(m.body_pos[b], rb["pos"]) and close(m.body_quat[b], rb["quat"]), rb["path"]
        assert close(m.body_mass[b], rb["mass"], 1e-12), rb["path"]
        if rb["mass"] > 0:
            ours = inertia_tensor(m.body_inertia[b], m.body_iquat[b])
            theirs = inertia_tensor(rb["inertia"], rb["iquat"])
            assert close(ours, theirs, 1e-14), rb["path"]
            assert close(m.body_ipos[b], rb["ipos"]), rb["path"]
    assert close(m.body_subtreemass[paths["agent"]], ref(name)["total_mass"], 1e-12)
    level = nc.LEVELS[("Push", 1)]
    objects = 2 + level.find(nc.Hazards).count + level.find(nc.Pillars).count  # box, goal, ...
    assert len(paths) == len(ref(name)["bodies"]) + objects


def test_racecar_inertials_are_the_references_to_the_last_bit():
    """Racecar sets every inertial explicitly (docs/spec/push.md §6.4, the 2.3.3 values): exactly
    the reference's compiled bits, as its full-lock runs amplify a last-bit difference."""
    m = compiled("Racecar")
    paths = {body_path(m, b): b for b in range(1, m.nbody)}
    for rb in ref("Racecar")["bodies"]:
        if rb["mass"] == 0:                     # the root: its frame is not an inertial one
            continue
        b = paths[rb["path"]]
        for field in ("mass", "inertia", "ipos", "iquat"):
            assert np.array_equal(np.atleast_1d(getattr(m, f"body_{field}")[b]),
                                  np.atleast_1d(rb[field])), (rb["path"], field)


@pytest.mark.parametrize("name", AGENTS)
def test_joints(name):
    m = compiled(name)
    for rj in ref(name)["joints"]:
        j = m.joint(rj["name"]).id
        assert j == rj["model_joint_id_push1"], rj["name"]
        assert enum(mujoco.mjtJoint, m.jnt_type[j]) == rj["type"]
        assert body_path(m, m.jnt_bodyid[j]) == rj["body_path"]
        assert close(m.jnt_pos[j], rj["pos"]) and close(m.jnt_axis[j], rj["axis"]), rj["name"]
        assert m.jnt_limited[j] == rj["limited"] and close(m.jnt_range[j], rj["range"])
        for field in ("damping", "armature", "frictionloss"):
            assert close(getattr(m, f"dof_{field}")[dofs(m, j)], np.atleast_1d(rj[field])), \
                (rj["name"], field)
        assert m.jnt_stiffness[j] == rj["stiffness"]
        if m.jnt_type[j] in (mujoco.mjtJoint.mjJNT_HINGE, mujoco.mjtJoint.mjJNT_SLIDE):
            assert m.qpos_spring[m.jnt_qposadr[j]] == rj["springref"], rj["name"]
            assert m.qpos0[m.jnt_qposadr[j]] == rj["qpos0"], rj["name"]
        assert close(m.jnt_solref[j], rj["solref_limit"])
        assert close(m.jnt_solimp[j], rj["solimp_limit"])
        assert close(m.jnt_margin[j], rj["margin"])


def _colliding(m: mujoco.MjModel, g: int) -> bool:
    return bool(m.geom_contype[g] or m.geom_conaffinity[g])


@pytest.mark.parametrize("name", AGENTS)
def test_collision_geoms(name):
    """Every colliding geom of the reference, in order, with the same contact parameters."""
    m = compiled(name)
    agent_bodies = {b for b in range(1, m.nbody) if body_path(m, b).split("/")[0] == "agent"}
    ours = [g for g in range(m.ngeom) if m.geom_bodyid[g] in agent_bodies and _colliding(m, g)]
    theirs = [rg for rg in ref(name)["geoms"] if rg["contype"] or rg["conaffinity"]]
    assert len(ours) == len(theirs)
    for g, rg in zip(ours, theirs):
        what = f"{name} geom {rg['model_geom_id_push1']} ({rg['name'] or 'unnamed'})"
        assert body_path(m, m.geom_bodyid[g]) == rg["body_path"], what
        for field in ("friction", "solref", "solimp"):
            assert close(getattr(m, f"geom_{field}")[g], rg[field]), (what, field)
        for field in ("condim", "contype", "conaffinity", "priority", "margin", "gap", "solmix"):
            assert getattr(m, f"geom_{field}")[g] == rg[field], (what, field)
        if rg["type"] == "mjGEOM_MESH":          # Racecar chassis: the mesh's bounding box
            assert enum(mujoco.mjtGeom, m.geom_type[g]) == "mjGEOM_BOX", what
            centre = np.zeros(3)
            mujoco.mju_rotVecQuat(centre, np.array(rg["aabb_center_halfsize"][:3]),
                                  np.array(rg["quat"]))
            assert close(m.geom_pos[g], np.add(rg["pos"], centre)), what
            assert close(m.geom_quat[g], rg["quat"]), what
            assert close(m.geom_size[g], rg["aabb_center_halfsize"][3:]), what
            continue
        assert enum(mujoco.mjtGeom, m.geom_type[g]) == rg["type"], what
        assert close(m.geom_size[g], rg["size"]), what
        assert close(m.geom_pos[g], rg["pos"]) and close(m.geom_quat[g], rg["quat"]), what
        if rg["mass_contribution"]:
            assert close(m.geom_rbound[g], rg["rbound"]), what
        assert not m.geom(g).name.startswith(("pillar", "hazard", "goal", "push_box")), what


@pytest.mark.parametrize("name", AGENTS)
def test_agent_geoms_are_in_group_0(name):
    """Colliders and Racecar's visual-only primitives alike (their count: test_collision_geoms)."""
    m = compiled(name)
    agent = {b for b in range(1, m.nbody) if body_path(m, b).split("/")[0] == "agent"}
    agent_geoms = [g for g in range(m.ngeom) if m.geom_bodyid[g] in agent]
    assert all(m.geom_group[g] == 0 for g in agent_geoms)


@pytest.mark.parametrize("name", AGENTS)
def test_sites_and_vision_camera(name):
    m = compiled(name)
    for rs in ref(name)["sites"]:
        s = m.site(rs["name"]).id
        assert body_path(m, m.site_bodyid[s]) == rs["body_path"], rs["name"]
        assert close(m.site_pos[s], rs["pos"]) and close(m.site_size[s], rs["size"]), rs["name"]
    (cam,) = ref(name)["cameras"]
    c = m.camera("vision").id
    assert c == cam["id"] == scene.CAMERA_ORDER.index("vision")
    assert m.body(int(m.cam_bodyid[c])).name == "agent"
    assert close(m.cam_pos[c], cam["pos"]) and close(m.cam_quat[c], cam["quat"])
    assert m.cam_fovy[c] == cam["fovy"]
    assert enum(mujoco.mjtCamLight, m.cam_mode[c]) == cam["mode"]


@pytest.mark.parametrize("name", AGENTS)
def test_equality_and_excludes(name):
    m = compiled(name)
    eqs = ref(name)["equality"]
    assert m.neq == len(eqs)
    for i, re_ in enumerate(eqs):
        assert enum(mujoco.mjtEq, m.eq_type[i]) == re_["type"] and m.eq_active0[i] == re_["active"]
        assert m.joint(int(m.eq_obj1id[i])).name == re_["obj1"]
        assert m.joint(int(m.eq_obj2id[i])).name == re_["obj2"]
        assert close(m.eq_data[i, :5], re_["data"][:5])
        assert close(m.eq_solref[i], re_["solref"]) and close(m.eq_solimp[i], re_["solimp"])
    excludes = ref(name)["excludes"]
    assert m.nexclude == len(excludes)
    ours = sorted((m.body(int(s) >> 16).name, m.body(int(s) & 0xFFFF).name)
                  for s in m.exclude_signature)
    assert ours == sorted((e["body1"], e["body2"]) for e in excludes)


@pytest.mark.parametrize("name", AGENTS)
def test_scene_objects_take_the_agent_geom_defaults(name):
    """Box, hazards and pillars inherit friction/condim/density from the agent's defaults."""
    m = compiled(name)
    sc = MODELS["scene"]["Push1"]
    diffs = {(d["element"], d["field"]): d[name]
             for d in sc["other_agents_differences"].get(name, [])}
    for rb in sc["bodies"]:
        want = diffs.get((f"bodies:{rb['name']}", "mass"), rb["mass"])
        assert close(m.body_mass[m.body(rb["name"]).id], want, 1e-12), rb["name"]
    for rg in sc["geoms"]:
        g = m.geom(rg["name"]).id
        assert close(m.geom_friction[g], rg["friction"]) and m.geom_condim[g] == rg["condim"]
        want = diffs.get((f"geoms:{rg['name']}", "conaffinity"), rg["conaffinity"])
        assert m.geom_conaffinity[g] == want, rg["name"]
