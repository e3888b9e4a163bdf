"""Seeds 1-4 of every golden record of the Safety-Gymnasium HEAD families against the reference
run by us (``tests/data/sg_head_golden_seeds.json``: the shared recipe and setup, whose seed-0
records equal the shared ``golden_seed0`` exactly; ``tests/data/sg_head_README.md``).

The same checks and tolerances as the seed-0 tests of each family (test_building.py,
test_formula_one.py, test_sg_config.py, test_multigoal_env.py): the drawn layout exactly, every
named body to 1e-12, the first observation to 1e-12, cost terms, cost and flags exactly, the
first reward to 1e-6 (Ant 1e-3, MultiGoal's Ant left out, MultiGoal's Point with the actions
mixed as the reference's actuator order mixes them, to 1e-12). Left out where the data say why:
ButtonBase's ``buttons_lidar`` (safety_sim keeps 1.0.0's reset there, a documented difference),
and the ``CONTACT_TIES`` (their accelerometer and reward, or reward).

Seed 3 of MultiGoal level 0 starts agent 1 inside its goal (its last of 100 failed draws): the
reference moves that goal at the reset (``multigoal/scene.py``), which these records hold."""
from __future__ import annotations

import mujoco
import numpy as np
import pytest
from golden_helpers import assert_multigoal_first_step_is_the_references
from refs import load_ref
from sg_head_refs import made

DATA = load_ref("sg_head_golden_seeds.json")
CASES = [(key, int(seed)) for key, seeds in sorted(DATA["golden"].items()) for seed in seeds]
#: records whose first step the reference itself does not repeat on MuJoCo 3.17 (*measured*:
#: contacts made at distance ~0 at reset), where MuJoCo >= 3 and 2.3.3 part ways: the Racecar's
#: accelerometer at reset reads 1e-4 apart (the other seeds: within 1e-15) and the reward
#: 5e-3; the Car's first reward 6.6e-4 (the reference on 3.17: 2.5e-4 from ours)
CONTACT_TIES = {("SafetyRacecarBuildingPush0-v0", 1): "accelerometer",
                ("SafetyRacecarPushBase-v0|config=push_level0", 1): "accelerometer",
                ("SafetyCarBuildingPush2-v0", 4): "reward"}
#: the same on MuJoCo >= 4 (*measured* on 4.0.0; exact on the lowest stack, 3.17): the Car's
#: wheels resting at contact distance ~0, its accelerometer reads free fall where the
#: reference's reads the support (as WHEEL_TIES in test_building.py), the reward 5e-5 to 6e-3
NEWER_MUJOCO_TIES = {(key, seed): "accelerometer" for key, seed in [
    ("SafetyCarBuildingGoal0-v0", 1), ("SafetyCarBuildingPush0-v0", 4),
    ("SafetyCarBuildingPush2-v0", 1), ("SafetyCarBuildingButton1-v0", 2),
    ("SafetyCarFormulaOne0-v0", 2), ("SafetyCarCircleBase-v0|config=circle_level0", 1),
    ("SafetyCarGoalBase-v0|config=goal_level0", 1), ("SafetyCarPushBase-v0|config=push_level0", 4),
    ("SafetyCarRunBase-v0|config=run_level0", 3)]}
if int(mujoco.__version__.split(".")[0]) >= 4:
    CONTACT_TIES = {**CONTACT_TIES, **NEWER_MUJOCO_TIES}


def test_every_golden_record_has_its_four_seeds():
    golden = load_ref("sg_head_golden.json")["golden_seed0"]
    assert sorted(DATA["golden"]) == sorted(golden)
    assert all(sorted(s) == ["1", "2", "3", "4"] for s in DATA["golden"].values())
    assert len(CASES) == 4 * len(golden) == 384


@pytest.mark.parametrize("key, seed", CASES, ids=[f"{k}-seed{s}" for k, s in CASES])
def test_first_reset_and_step_are_the_references(key, seed):
    ref = DATA["golden"][key][str(seed)]
    tie = CONTACT_TIES.get((key, seed))
    env = made(key)
    try:
        obs, _ = env.reset(seed=seed)
        u = env.unwrapped
        multi = isinstance(obs, dict)
        model, data = u.model, u.data
        named = {model.body(i).name: data.xpos[i][:2] for i in range(model.nbody)}
        for name, xy in ref["body_xy"].items():
            if name in named:
                assert np.max(np.abs(named[name] - xy)) <= 1e-12, name
        if multi:
            assert_multigoal_first_step_is_the_references(env, key, obs, ref, 1e-12)
            return
        for name, xy in u.layout.items():
            body = f"{name}obj" if name.startswith("gremlin") else name
            assert xy == tuple(ref["body_xy"][body]), name
        want = np.array(ref["first_obs"])
        keep = np.ones(len(want), bool)
        for e in u.obs_layout.entries:
            if (e.key == "buttons_lidar" and "Base" in key) or \
                    (e.key == "accelerometer" and tie == "accelerometer"):
                keep[e.start:e.stop] = False
        assert np.max(np.abs(obs - want)[keep]) <= 1e-12
        _, reward, terminated, truncated, info = env.step(np.array(ref["first_action"]))
        assert {k: v for k, v in info.items() if k.startswith("cost_")} == \
            ref["first_info_costs"]
        assert info["cost"] == ref["first_cost"]
        assert (terminated, truncated) == (ref["first_terminated"], ref["first_truncated"])
        if tie is None:
            tolerance = 1e-3 if "SafetyAnt" in key else 1e-6
            assert reward == pytest.approx(ref["first_reward"], abs=tolerance)
    finally:
        env.close()

