"""The five Push agents' actuators and sensors, compiled in the real Push scene, against the
reference's compiled models (``push_agent_models.json``) and its spaces (``push_spaces.json``):
actuator parameters, action bounds, sensors in model order and the observed sensor keys."""
from __future__ import annotations

import mujoco
import numpy as np
import pytest

from refs import load_ref
from push_agent_model_helpers import AGENTS, close, compiled, enum, ref
from safety_sim.navigation.agents import get_agent

SPACES = load_ref("push_spaces.json")["env_ids"]


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
    # the agent's sensors first, as the reference's; then one contact sensor per watched
    # body of the level (judging reads contacts from them)
    m = compiled(name)
    ours = len(ref(name)["sensors"])
    assert all(m.sensor_type[i] == mujoco.mjtSensor.mjSENS_CONTACT and
               m.sensor(i).name.startswith("contact_") for i in range(ours, m.nsensor))
    assert m.nsensor - ours == 1    # Push1's one pillar
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
