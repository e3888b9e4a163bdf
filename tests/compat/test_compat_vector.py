"""safety_sim.vector.make: Safety-Gymnasium's 6-tuple vector envs (sync, async, native)."""
from __future__ import annotations

import functools
import gc

import gymnasium
import numpy as np
import pytest

import safety_sim
import safety_sim.vector as sv
from safety_sim.vector.base import AutoresetMode
from safety_sim.compat.vector.safety_async import default_context

PUSH = "SafetyPointPush1-v0"
BELT = "SafetyConveyorBelt-v0"
VELOCITY = "SafetyHalfCheetahVelocity-v1"
N, LIMIT, STEPS = 3, 4, 6


def _actions(space, steps, seed=7):
    space.seed(seed)
    return [space.sample() for _ in range(steps)]


def _single_env_reference(env_id, actions, **kwargs):
    """What env i of a vector env must report, from N plain autoreset envs seeded 10 + i."""
    envs = [safety_sim.make(env_id, autoreset=True, **kwargs) for _ in range(N)]
    first = [env.reset(seed=10 + i)[0] for i, env in enumerate(envs)]
    steps = [[env.step(a[i]) for i, env in enumerate(envs)] for a in actions]
    return first, steps


def _check_against_reference(venv, env_id, **kwargs):
    actions = _actions(venv.action_space, STEPS)
    first, ref = _single_env_reference(env_id, actions, **kwargs)
    obs, infos = venv.reset(seed=10)
    assert np.array_equal(obs, np.stack(first)) and infos["_cost"].all()
    for a, rows in zip(actions, ref):
        obs, rewards, costs, terms, truncs, infos = venv.step(a)
        assert rewards.dtype == costs.dtype == np.float64 and terms.dtype == bool
        for i, (o, r, c, te, tr, info) in enumerate(rows):
            assert np.array_equal(obs[i], o)
            assert (rewards[i], costs[i], terms[i], truncs[i]) == (r, c, te, tr)
            assert costs[i] == (info["final_info"] if te or tr else info)["cost"]
            assert infos["labels"][i] == info["labels"]
            ended = bool(infos.get("_final_observation", np.zeros(N, bool))[i])
            assert ended == (te or tr)
            if ended:
                assert np.array_equal(infos["final_observation"][i], info["final_observation"])
                assert infos["final_info"][i]["cost"] == info["final_info"]["cost"]
            elif "final_observation" in infos:
                assert infos["final_observation"][i] is None
    return infos


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_vector_env_equals_single_autoreset_envs(mode):
    venv = sv.make(PUSH, num_envs=N, vectorization_mode=mode, max_episode_steps=LIMIT)
    try:
        assert venv.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
        infos = _check_against_reference(venv, PUSH, max_episode_steps=LIMIT)
        assert infos["cost"].dtype == np.float64 and infos["labels"].dtype == object
    finally:
        venv.close()


def test_async_is_default_without_a_native_backend_and_never_forks():
    assert default_context() in ("forkserver", "spawn")
    venv = safety_sim.vector.make(VELOCITY, num_envs=2)
    try:
        assert isinstance(venv, sv.SafetyAsyncVectorEnv) and venv.context != "fork"
        assert venv.call("cost_fn", frozenset({"over_speed"})) == (1.0, 1.0)
    finally:
        venv.close()
    sync = safety_sim.vector.make(VELOCITY, num_envs=2, asynchronous=False)
    assert isinstance(sync, sv.SafetySyncVectorEnv)
    sync.close()
    native = safety_sim.vector.make(PUSH, num_envs=2)     # the registry has a batched form
    assert isinstance(native, sv.NativeSafetyVectorEnv)
    native.close()
    forced = safety_sim.vector.make(PUSH, num_envs=2, vectorization_mode="sync")
    assert isinstance(forced, sv.SafetySyncVectorEnv)
    forced.close()


def test_bad_batches_and_arguments_refused():
    venv = sv.make(PUSH, num_envs=2, vectorization_mode="sync")
    venv.reset(seed=0)
    with pytest.raises(ValueError, match="shape"):
        venv.step(np.zeros((3, 2)))
    with pytest.raises(ValueError, match="NaN"):
        venv.step(np.full((2, 2), np.nan))
    with pytest.raises(ValueError, match="3 seeds for 2 envs"):
        venv.reset(seed=[1, 2, 3])
    for bad in ({"vectorization_mode": "threads"}, {"context": "spawn"},
                {"vectorization_mode": "native"}):     # the velocity ids have no native form
        with pytest.raises(ValueError):
            sv.make(VELOCITY, num_envs=2, asynchronous=False, **bad)
    with pytest.raises(TypeError, match="num_envs"):
        sv.make(PUSH, num_envs=2.0)
    with pytest.raises(TypeError, match="bogus"):
        sv.make(PUSH, num_envs=1, asynchronous=False, bogus=1)
    for mode in ("sync", "async", None):         # two agents: where to go instead
        with pytest.raises(ValueError, match=r"two agents.*safety_sim.make_vec"):
            sv.make("SafetyPointMultiGoal1-v0", num_envs=2, vectorization_mode=mode)


def test_async_worker_errors_reach_the_caller():
    venv = sv.make(PUSH, num_envs=2)
    try:
        with pytest.raises(gymnasium.error.ResetNeeded):
            venv.step(np.zeros((2, 2)))
        venv.reset(seed=0)
        with pytest.raises(ValueError, match="outside"):
            venv.step(np.full((2, 2), 5.0))
    finally:
        venv.close()


def test_per_env_wrappers_apply():
    from safety_sim.compat.wrappers import SafeRescaleAction

    wrap = functools.partial(SafeRescaleAction, min_action=-2.0, max_action=2.0)
    venv = sv.make(PUSH, num_envs=2, asynchronous=False, wrappers=[wrap])
    assert np.all(venv.single_action_space.high == 2.0)
    venv.reset(seed=0)
    venv.step(np.full((2, 2), 2.0))   # 2.0 maps to the env's upper bound: accepted


def _native_belt(mode, num_envs=N, **kwargs):
    """The belt's native batched vector env in the given autoreset mode."""
    return gymnasium.make_vec(BELT, num_envs=num_envs, vectorization_mode="vector_entry_point",
                              autoreset_mode=mode, **kwargs)


@pytest.mark.parametrize("mode", [AutoresetMode.SAME_STEP, AutoresetMode.DISABLED])
def test_native_backend_matches_per_env_contract(mode):
    venv = sv.NativeSafetyVectorEnv(_native_belt(mode, max_episode_steps=LIMIT))
    _check_against_reference(venv, BELT, max_episode_steps=LIMIT)


@pytest.mark.filterwarnings("error::pytest.PytestUnraisableExceptionWarning")
def test_native_next_step_refused():
    with pytest.raises(ValueError, match="SameStep or Disabled"):
        sv.NativeSafetyVectorEnv(_native_belt(AutoresetMode.NEXT_STEP))
    gc.collect()        # the refused env is collected without an error in its close


def test_make_chooses_native_where_the_registry_has_one():
    gymnasium.register("SafetySimNativeBeltForTest-v0",
                       entry_point="safety_sim.gridworlds.conveyor_belt.env:ConveyorBeltEnv",
                       max_episode_steps=LIMIT,
                       vector_entry_point=(
                           "safety_sim.gridworlds.conveyor_belt.vector:ConveyorBeltVectorEnv"))
    try:
        native = sv.make("SafetySimNativeBeltForTest-v0", num_envs=N)
        assert isinstance(native, sv.NativeSafetyVectorEnv)
        per_env = sv.make("SafetySimNativeBeltForTest-v0", num_envs=N,
                          vectorization_mode="sync")
        assert isinstance(per_env, sv.SafetySyncVectorEnv)
    finally:
        del gymnasium.registry["SafetySimNativeBeltForTest-v0"]


def test_drop_in_vector_make_clips_actions_on_the_native_backend_too():
    """Safety-Gymnasium's envs clip out-of-range actions (OmniSafe's Gaussian policies rely on
    it): the drop-in's vector.make clips on the native backend as on per-env vector envs;
    safety_sim's own vector.make refuses them."""
    from safety_sim.compat import api

    big = np.full((2, 2), 1.5)
    native = api.vector_make(PUSH, num_envs=2)
    per_env = api.vector_make(PUSH, num_envs=2, vectorization_mode="sync")
    assert isinstance(native, sv.NativeSafetyVectorEnv)
    native.reset(seed=0)
    per_env.reset(seed=0)
    assert np.array_equal(native.step(big)[0], per_env.step(big)[0])
    ours = sv.make(PUSH, num_envs=2)
    ours.reset(seed=0)
    with pytest.raises(ValueError, match="outside the action space"):
        ours.step(big)
    for env in (native, per_env, ours):
        env.close()
