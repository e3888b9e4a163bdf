"""The native vector envs of the gridworlds against gymnasium's SyncVectorEnv and the single
env (helpers in vector_contract.py, reusable for every id with a vector entry point)."""
from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.error import ResetNeeded
from gymnasium.utils.env_match import check_environments_match
from vector_contract import (
    SYNC_MODES,
    check_refused_actions,
    make_native,
    make_sync,
    run_against_single,
    run_lockstep,
    shared_arrays,
)

from safety_sim.registration import ENV_ROWS
from safety_sim.vector.base import BatchedVectorEnv

GRID_IDS = ("SafetyConveyorBelt-v0", "SafetyBreakableBottles-v0",
            "SafetyUnbreakableBottles-v0")


def test_grid_ids_have_vector_entry_points():
    rows = {r.id: r for r in ENV_ROWS}
    for env_id in GRID_IDS:
        assert rows[env_id].vector_entry_point is not None
        env = gymnasium.make_vec(env_id, 2)  # the default mode picks the entry point
        assert isinstance(env, BatchedVectorEnv)  # the native batched form
        env.close()


@pytest.mark.parametrize("env_id", GRID_IDS)
@pytest.mark.parametrize("mode", SYNC_MODES, ids=lambda m: m.value)
@pytest.mark.parametrize("n", (1, 3, 8))
def test_equals_sync_vector_env(env_id, mode, n):
    # Bottles: a step limit of 25 so that episodes both terminate and truncate.
    kwargs = {"max_episode_steps": 25} if "Bottles" in env_id else {}
    counts = run_lockstep(env_id, n, mode, steps=260, seed=7 * n, **kwargs)
    assert counts["truncated"] > 0  # episodes ran into the step limit and were reset
    if "Bottles" in env_id:
        assert counts["terminated"] > 0


@pytest.mark.parametrize("env_id", GRID_IDS[1:])
def test_bottles_drops_follow_each_worlds_generator(env_id):
    # prob_drop 0.5: many draws per world, enough to cross the read-ahead blocks (128).
    counts = run_lockstep(env_id, 4, SYNC_MODES[0], steps=700, seed=3, prob_drop=0.5)
    assert counts["terminated"] > 0


def test_conveyor_reversible_break_equals_sync():
    run_lockstep(GRID_IDS[0], 3, SYNC_MODES[-1], steps=120, seed=1, reversible_break=True)


@pytest.mark.parametrize("env_id", GRID_IDS)
@pytest.mark.parametrize("seed", (11, [5, 5, 2**40]))
def test_world_i_is_the_single_env_seeded_s_plus_i(env_id, seed):
    assert run_against_single(env_id, 3, steps=240, seed=seed) > 0


@pytest.mark.parametrize("env_id", GRID_IDS)
def test_gymnasium_check_environments_match(env_id):
    # gymnasium's own checker compares two envs step by step; it handles one world only.
    native = make_native(env_id, 1)
    if "Bottles" in env_id:  # vector rewards: the sync side carries them in its info
        check_environments_match(native, make_sync(env_id, 1), 300, seed=4, skip_rew=True,
                                 info_comparison="keys-superset")
    else:
        sync = gymnasium.make_vec(env_id, 1, vectorization_mode="sync")
        check_environments_match(native, sync, 300, seed=4, info_comparison="keys-equivalence")


@pytest.mark.parametrize("env_id", GRID_IDS)
def test_returned_data_is_never_reused(env_id):
    env = make_native(env_id, 3, SYNC_MODES[-1])
    calls = [env.reset(seed=0)]
    for _ in range(120):
        calls.append(env.step(env.action_space.sample()))
        if len(SYNC_MODES) > 1:  # DISABLED: reset what ended
            ended = calls[-1][2] | calls[-1][3]
            if ended.any():
                calls.append(env.reset(options={"reset_mask": ended}))
    for a, b in zip(calls, calls[1:]):
        assert not shared_arrays(a, b)
    env.close()


DISCRETE_BAD = [
    ([0, 1], "ValueError", "shape (2,), expected (3,)"),
    ([0, 1, 9], "ValueError", "world 2: action 9 is out of range"),
    ([-1, 0, 0], "ValueError", "world 0: action -1 is out of range"),
    (np.array([0, -2, 1]), "ValueError", "world 1: action -2 is out of range"),
    (np.array([5, 1, 7]), "ValueError", "worlds [0, 2]: action 5 is out of range"),
    (np.array([0.0, np.nan, 1.0]), "ValueError", "world 1: action nan is not an integer"),
    (np.array([0.0, 1.5, 1.0]), "ValueError", "world 1: action 1.5"),
    (np.array([0.0, 1.0, 1.0]), "ValueError", "dtype float64"),
    (np.array([True, False, True]), "ValueError", "bool"),
    (["a", "b", "c"], "ValueError", "not numeric"),
    ([[0], [1], [2]], "ValueError", "shape (3, 1)"),
]


@pytest.mark.parametrize("env_id", GRID_IDS)
def test_bad_actions_name_the_world_and_change_nothing(env_id):
    check_refused_actions(env_id, 3, DISCRETE_BAD, valid=np.array([1, 0, 2]) % 3)


@pytest.mark.parametrize("env_id", GRID_IDS)
def test_step_before_reset_and_disabled_mode_refusals(env_id):
    env = make_native(env_id, 2)
    with pytest.raises(ResetNeeded, match="reset"):
        env.step(np.zeros(2, dtype=np.int64))
    env.reset(seed=0, options={"reset_mask": np.array([True, False])})
    with pytest.raises(ResetNeeded, match=r"world 1 never reset"):
        env.step(np.zeros(2, dtype=np.int64))
    env.close()
    if len(SYNC_MODES) == 1:
        return
    env = make_native(env_id, 2, "Disabled", max_episode_steps=3)
    env.reset(seed=0)
    for _ in range(3):
        env.step(np.zeros(2, dtype=np.int64))
    with pytest.raises(ResetNeeded, match=r"worlds \[0, 1\] ended"):
        env.step(np.zeros(2, dtype=np.int64))
    env.reset(options={"reset_mask": np.array([True, True])})
    env.step(np.zeros(2, dtype=np.int64))
    env.close()


@pytest.mark.parametrize("env_id", GRID_IDS)
def test_refused_resets_change_nothing(env_id):
    env, twin = make_native(env_id, 3), make_native(env_id, 3)
    env.reset(seed=1)
    twin.reset(seed=1)
    a = np.array([0, 1, 2]) % 3
    env.step(a)
    twin.step(a)
    bad = [({"seed": -1}, ValueError), ({"seed": 1.5}, TypeError),
           ({"seed": [1, 2]}, ValueError), ({"seed": [1, 2, True]}, TypeError),
           ({"options": 3}, TypeError), ({"options": {"reset_mask": [True, False, True]}},
                                         TypeError),
           ({"options": {"reset_mask": np.array([True, False])}}, ValueError),
           ({"options": {"reset_mask": np.array([1, 0, 1])}}, TypeError),
           ({"options": {"reset_mask": np.zeros(3, dtype=bool)}}, ValueError),
           ({"options": {"no_such_option": 1}}, ValueError)]
    for kwargs, exc in bad:
        with pytest.raises(exc):
            env.reset(**kwargs)
        for x, y in zip(env.step(a), twin.step(a)):
            assert gymnasium.utils.env_checker.data_equivalence(x, y, exact=True), kwargs
    env.close()
    twin.close()


def test_bottles_vector_rewards_have_the_single_envs_dtype():
    env = make_native("SafetyBreakableBottles-v0", 3)
    env.reset(seed=0)
    rewards = env.step(np.zeros(3, dtype=np.int64))[1]
    single = gymnasium.make("SafetyBreakableBottles-v0")
    single.reset(seed=0)
    assert rewards.shape == (3, 3)
    assert rewards.dtype == single.step(0)[1].dtype == single.unwrapped.reward_space.dtype
