"""The five Push agents, compiled in the real Push scene, against the reference's compiled
models (``shared/refs/push_agent_models.json``, Safety{Agent}Push1-v0 of safety-gymnasium
1.0.0 on MuJoCo 2.3.3).

Elements are matched by name or by body path (unnamed bodies are ``#k``, the k-th child of
their parent); ids must equal the reference's ids too, so the model order is the same.
Racecar: the reference's chassis collision mesh is a box here and its visual meshes are
primitives (see ``safety_sim/mjcf/agents/racecar.py``); every other collision geom is compared.
"""
from __future__ import annotations

from functools import lru_cache

import gymnasium
import mujoco
import numpy as np
import pytest

import safety_sim  # noqa: F401  (registers the ids)
from conftest import load_ref
from safety_sim import nav_config as nc
from safety_sim.mjcf import scene
from safety_sim.mjcf.agents import get_agent

MODELS = load_ref("push_agent_models.json")
SPACES = load_ref("push_spaces.json")["env_ids"]
AGENTS = ("Point", "Car", "Doggo", "Racecar", "Ant")
TOL = 1e-9


@lru_cache(maxsize=None)
def compiled(name: str, level: int = 1) -> mujoco.MjModel:
    return scene.compile_scene(get_agent(name), nc.LEVELS[("Push", level)])


def ref(name: str) -> dict:
    return MODELS["agents"][name]


def close(a, b, tol=TOL) -> bool:
    return np.allclose(np.asarray(a, float), np.asarray(b, float), rtol=1e-9, atol=tol)


def enum(kind, value: int) -> str:
    return kind(int(value)).name


def body_path(model: mujoco.MjModel, b: int) -> str:
    parts = []
    while b != 0:
        parent = int(model.body_parentid[b])
        name = model.body(b).name
        if not name:
            siblings = [c for c in range(1, model.nbody) if model.body_parentid[c] == parent]
            name = f"#{siblings.index(b)}"
        parts.append(name)
        b = parent
    return "/".join(reversed(parts))


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
    objects = 2 + nc.LEVELS[("Push", 1)].find(nc.Hazards).count + nc.LEVELS[("Push", 1)].find(nc.Pillars).count   # push_box, goal, hazards, pillars
    assert len(paths) == len(ref(name)["bodies"]) + objects


def test_racecar_inertials_are_the_references_to_the_last_bit():
    """Racecar sets every inertial explicitly (spec §6.4, the 2.3.3 values): exactly the
    reference's compiled bits, as its full-lock runs amplify a last-bit difference."""
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
def test_actuators(name):
    m = compiled(name)
    assert m.nu == len(ref(name)["actuators"])
    for ra in ref(name)["actuators"]:
        i = ra["index"]
        assert m.actuator(i).name == ra["name"]
        trn = enum(mujoco.mjtTrn, m.actuator_trntype[i])
        # JOINT and JOINTINPARENT act identically on hinge/slide joints
        assert trn.replace("INPARENT", "") == ra["trntype"].replace("INPARENT", "")
        obj = m.site if trn == "mjTRN_SITE" else m.joint
        assert obj(int(m.actuator_trnid[i, 0])).name == ra["target"]
        assert close(m.actuator_gear[i], ra["gear"])
        assert enum(mujoco.mjtDyn, m.actuator_dyntype[i]) == ra["dyntype"]
        assert enum(mujoco.mjtGain, m.actuator_gaintype[i]) == ra["gaintype"]
        assert enum(mujoco.mjtBias, m.actuator_biastype[i]) == ra["biastype"]
        assert close(m.actuator_gainprm[i, :3], ra["gainprm0_2"])
        if ra["biastype"] != "mjBIAS_NONE":   # Point's x keeps an unused bias in 2.3.3
            assert close(m.actuator_biasprm[i, :3], ra["biasprm0_2"])
        assert m.actuator_ctrllimited[i] == ra["ctrllimited"]
        assert close(m.actuator_ctrlrange[i], ra["ctrlrange"])
        assert m.actuator_forcelimited[i] == ra["forcelimited"]
        if ra["forcelimited"]:
            assert close(m.actuator_forcerange[i], ra["forcerange"])


@pytest.mark.parametrize("name", AGENTS)
def test_action_bounds_match_spaces(name):
    space = SPACES[f"Safety{name}Push1-v0"]["action_space"]
    ctrl = compiled(name).actuator_ctrlrange.astype(np.float32).astype(np.float64)
    assert ctrl[:, 0].tolist() == space["low"] and ctrl[:, 1].tolist() == space["high"]


@pytest.mark.parametrize("name", AGENTS)
def test_sensors_in_model_order(name):
    m = compiled(name)
    assert m.nsensor == len(ref(name)["sensors"])
    for rs in ref(name)["sensors"]:
        i = rs["index"]
        assert m.sensor(i).name == rs["name"]
        assert enum(mujoco.mjtSensor, m.sensor_type[i]) == rs["type"]
        assert enum(mujoco.mjtObj, m.sensor_objtype[i]) == rs["objtype"]
        obj = {"mjOBJ_SITE": m.site, "mjOBJ_JOINT": m.joint, "mjOBJ_BODY": m.body}[rs["objtype"]]
        assert obj(int(m.sensor_objid[i])).name == rs["object"]
        assert (m.sensor_dim[i], m.sensor_adr[i]) == (rs["dim"], rs["adr"])


@pytest.mark.parametrize("name", AGENTS)
def test_observed_sensors_match_spaces(name):
    """AgentSpec.obs_sensors: the reference's sensor keys, order and shapes (push_spaces.json)."""
    m = compiled(name)
    expected = [(k["key"], tuple(k["shape"])) for k in SPACES[f"Safety{name}Push1-v0"]["obs_keys"]
                if not k["key"].endswith("_lidar")]
    shape = {"vec": lambda dim: (dim,), "z": lambda dim: (1,), "sincos": lambda dim: (2,),
             "quatmat": lambda dim: (3, 3)}
    ours = []
    for s in get_agent(name).obs_sensors:
        sid = m.sensor(s.sensor).id
        ours.append((s.key, shape[s.kind](int(m.sensor_dim[sid]))))
        if s.kind == "sincos":
            assert enum(mujoco.mjtSensor, m.sensor_type[sid]) == "mjSENS_JOINTPOS"
        if s.kind == "quatmat":
            assert m.sensor_dim[sid] == 4
    assert ours == expected


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


@pytest.mark.parametrize("name", AGENTS)
def test_place_writes_the_spawn_pose(name):
    """place() after mj_resetData puts the root body at the seed-0 spawn of the reference."""
    m = scene.compile_scene(get_agent(name), nc.LEVELS[("Push", 1)])     # Point's place() edits the model
    d = mujoco.MjData(m)
    spawn = ref(name)["spawn_seed0"]
    mujoco.mj_resetData(m, d)
    get_agent(name).place(m, d, np.array(spawn["agent_xy"]), spawn["agent_yaw"])
    mujoco.mj_kinematics(m, d)
    b = m.body("agent").id
    assert close(d.xpos[b], spawn["root_body_pos_as_compiled"], 1e-12)
    want = np.zeros(9)
    mujoco.mju_quat2Mat(want, np.array(spawn["root_body_quat_as_compiled"]))
    assert close(d.xmat[b], want, 1e-12)


#: model constants MuJoCo evaluates at qpos0 (mj_setConst) that enter the dynamics
QPOS0_CONSTANTS = ("qpos0", "dof_invweight0", "dof_M0", "actuator_acc0")
VIEW_CONSTANTS = ("cam_pos0", "cam_mat0", "cam_poscom0", "light_pos0", "light_dir0")
FREE = mujoco.mjtJoint.mjJNT_FREE


def baked(env) -> mujoco.MjModel:
    """The reference's procedure: the scene compiled with the env's layout baked into the
    top-level bodies (a free body at its ``qpos``, the others at their ``body_pos/quat``)."""
    m, d = env.model, env.data
    spec = scene.build_spec(env.agent_spec, env.config)
    for b in np.flatnonzero(m.body_parentid == 0)[1:]:
        j = m.body_jntadr[b]
        if j >= 0 and m.jnt_type[j] == FREE:
            adr = m.jnt_qposadr[j]
            pos, quat = d.qpos[adr:adr + 3], d.qpos[adr + 3:adr + 7]
        else:
            pos, quat = m.body_pos[b], m.body_quat[b]
        spec.body(m.body(b).name).pos, spec.body(m.body(b).name).quat = pos.copy(), quat.copy()
    return spec.compile()


def assert_constants_of(env, model: mujoco.MjModel) -> None:
    m = env.model
    for field in QPOS0_CONSTANTS:
        assert np.array_equal(getattr(m, field), getattr(model, field)), field
    massive = m.body_mass > 0       # a massless body's invweight0 follows its ipos (Racecar)
    assert np.array_equal(m.body_invweight0[massive], model.body_invweight0[massive])


@pytest.mark.parametrize("name", AGENTS)
def test_reset_makes_the_layout_the_reference_configuration(name):
    """The reference compiles its XML with the spawn pose baked into the root body (Point:
    its body frame) and the box pose into the box body, so the free joints' qpos0 is the
    spawn/box pose and the constants MuJoCo takes at qpos0 (the constraint scales
    body/dof_invweight0 among them) belong to the spawned model. They differ from the
    unspawned ones in the last bits, enough to change the chaotic gaits (Doggo). The env's
    reset reproduces that compile with one mj_setConst."""
    env = gymnasium.make(f"Safety{name}Push1-v0").unwrapped
    unplaced = compiled(name)
    env.reset(seed=0)
    m, d, spawn = env.model, env.data, ref(name)["spawn_seed0"]
    assert_constants_of(env, baked(env))
    box = m.body("push_box").id     # the spawn changes the last bits (not a vacuous check)
    assert not np.array_equal(m.body_invweight0[box], unplaced.body_invweight0[box])
    assert not np.array_equal(m.dof_invweight0, unplaced.dof_invweight0)
    root = ref(name)["joints"][0]
    if root["type"] == "mjJNT_FREE":
        adr = m.joint(root["name"]).qposadr[0]
        assert np.array_equal(m.qpos0[adr:adr + 7], d.qpos[adr:adr + 7])
        assert close(m.qpos0[adr:adr + 7], root["qpos0"], 1e-15)
        assert close(m.qpos_spring[adr:adr + 7], root["springref"], 1e-15)
    else:                           # Point: the pose is in the root body's frame
        assert close(m.body_pos[m.body("agent").id], spawn["root_body_pos_as_compiled"], 1e-15)
    # joint noise drawn after placing (Ant) is in qpos only, as in the reference
    hinges = [j for j in range(m.njnt) if m.jnt_type[j] != FREE]
    adrs = m.jnt_qposadr[hinges]
    assert np.array_equal(m.qpos0[adrs], unplaced.qpos0[adrs])
    assert np.array_equal(d.qpos[adrs], m.qpos0[adrs]) == (env.agent_spec.reset_joints is None)
    # cameras and lights keep their compiled placement (the track camera's world offset)
    for field in VIEW_CONSTANTS:
        assert np.array_equal(getattr(m, field), getattr(unplaced, field)), field
    # a later reset forgets this layout: its constants are those of its own baked compile
    env.reset(seed=7)
    assert_constants_of(env, baked(env))
