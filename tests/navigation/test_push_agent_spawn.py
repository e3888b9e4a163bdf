"""The five Push agents' spawn against the reference (``push_agent_models.json``): place()
writes the seed-0 spawn pose, and reset makes the layout the reference's compiled
configuration (the constants MuJoCo takes at qpos0)."""
from __future__ import annotations

import gymnasium
import mujoco
import numpy as np
import pytest

import safety_sim  # noqa: F401  (registers the ids)
from push_agent_model_helpers import AGENTS, close, compiled, ref
from safety_sim.navigation import config as nc
from safety_sim.navigation import scene
from safety_sim.navigation.agents import get_agent


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
