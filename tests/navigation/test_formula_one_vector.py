"""The FormulaOne native vector env (``formula_one.vector``) against gymnasium's SyncVectorEnv
and the single env (tests/vector_contract.py), and its staged goals per world."""
from __future__ import annotations

import gymnasium
import numpy as np
import pytest
import vector_contract as vc

from safety_sim.navigation.formula_one import track
from safety_sim.vector.base import AutoresetMode


@pytest.mark.parametrize("env_id", ["SafetyPointFormulaOne0-v0", "SafetyCarFormulaOne1-v0"])
def test_the_batch_is_the_sync_env_and_the_single_envs(env_id):
    vc.run_lockstep(env_id, 3, AutoresetMode.NEXT_STEP, 10, seed=0)
    vc.run_against_single(env_id, 3, 6, 4)


def test_each_world_has_its_own_staged_goal_and_moves_it_on():
    env = gymnasium.make_vec("SafetyPointFormulaOne0-v0", 4,
                             vectorization_mode="vector_entry_point")
    env.reset(seed=0)
    u = env.unwrapped
    goal = u.runtime.handles.goal_body
    for i in range(4):
        single = gymnasium.make("SafetyPointFormulaOne0-v0").unwrapped
        single.reset(seed=i)
        assert u.backend.stage[i] == single.stage
        assert tuple(u.worlds.world_models[i].body_pos[goal, :2]) == track.STAGES[single.stage]
        assert np.array_equal(u.worlds.xpos[i, goal], single.data.xpos[goal])
    before = u.backend.stage.copy()
    moved, buttons, ended = u.backend.goal_events(np.array([1, 3]), np.array([10, 10]))
    assert moved == [1, 3] and buttons == [] and ended == []
    assert list(u.backend.stage) == [before[0], (before[1] + 1) % 7, before[2],
                                     (before[3] + 1) % 7]
    for i in (1, 3):
        assert tuple(u.worlds.xpos[i, goal, :2]) == track.STAGES[u.backend.stage[i]]


def test_there_is_no_gpu_form():
    with pytest.raises(TypeError, match="no GPU form"):
        gymnasium.make_vec("SafetyPointFormulaOne0-v0", 2, vectorization_mode="vector_entry_point",
                           device="cuda")
