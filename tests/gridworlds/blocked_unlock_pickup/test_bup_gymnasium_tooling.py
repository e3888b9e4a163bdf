"""SafetyBlockedUnlockPickup-v0 with gymnasium's tooling: env checker, returned data not
reused, make_vec batching and pickling."""
from __future__ import annotations

import pickle
import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils import env_checker
from gymnasium.utils.passive_env_checker import env_reset_passive_checker, \
    env_step_passive_checker

from bup_helpers import ENV_ID, IGNORE_PER_AGENT_DICT_WARNINGS
from safety_sim.gridworlds.blocked_unlock_pickup.env import BlockedUnlockPickupEnv

pytestmark = IGNORE_PER_AGENT_DICT_WARNINGS


def _mutables(x):
    """The mutable objects inside a returned value (dicts, lists, numpy arrays)."""
    if isinstance(x, dict):
        yield x
        for v in x.values():
            yield from _mutables(v)
    elif isinstance(x, (list, tuple)):
        if isinstance(x, list):
            yield x
        for v in x:
            yield from _mutables(v)
    elif isinstance(x, np.ndarray):
        yield x


def _shares(a, b) -> bool:
    return any(p is q or (isinstance(p, np.ndarray) and isinstance(q, np.ndarray)
                          and np.shares_memory(p, q))
               for p in _mutables(a) for q in _mutables(b))


def assert_returned_data_not_reused(env) -> None:
    """No two observations or infos returned by reset/step share a mutable object (changing
    one returned value never changes another)."""
    env.action_space.seed(5)
    returned = [env.reset(seed=5)]
    for _ in range(2):
        obs, _, _, _, info = env.step(env.action_space.sample())
        returned.append((obs, info))
    returned.append(env.reset(seed=5))
    for i, (obs_i, info_i) in enumerate(returned):
        for obs_j, info_j in returned[i + 1:]:
            assert not _shares(obs_i, obs_j) and not _shares(info_i, info_j)


def test_returned_data_check_catches_sharing():
    shared = np.zeros(3)
    assert _shares({0: {"image": shared}}, {0: {"image": shared[1:]}})
    assert not _shares({0: {"image": shared}}, {0: {"image": shared.copy()}})


def test_env_checker_parts():
    """gymnasium's check_env, minus its one check that cannot hold for per-agent dicts."""
    env = BlockedUnlockPickupEnv(agents=2)
    env_checker.check_action_space(env.action_space)
    env_checker.check_observation_space(env.observation_space)
    env_checker.check_reset_return_type(env)
    env_checker.check_reset_seed_determinism(env)
    env_checker.check_reset_options(env)
    if hasattr(env_checker, "check_returned_data_not_reused"):   # gymnasium >= 1.1
        env_checker.check_returned_data_not_reused(env)
    assert_returned_data_not_reused(env)                         # the same property, any 1.x
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        env_reset_passive_checker(env, seed=0)
        env_step_passive_checker(env, env.action_space.sample())
    texts = " ".join(str(w.message) for w in caught)
    assert "reward returned by `step()` must be a float" in texts  # a dict: warned, no error
    # determinism of one step (what check_step_determinism checks, with dicts compared)
    env.action_space.seed(1)
    action = env.action_space.sample()
    results = []
    for _ in range(2):
        env.reset(seed=123)
        results.append(env.step(action))
    assert gymnasium.utils.env_checker.data_equivalence(results[0], results[1], exact=True)


def test_check_env_stops_only_at_the_truncation_identity_check():
    """check_env asserts ``truncated is False`` (the bool object) after one step; a dict of
    per-agent truncations can never be that object. Every earlier check passes."""
    env = BlockedUnlockPickupEnv()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises(AssertionError, match="truncates after 1 step"):
            env_checker.check_env(env)


def test_make_vec_batches_observations():
    venv = gymnasium.make_vec(ENV_ID, num_envs=2, vectorization_mode="sync")
    obs, _ = venv.reset(seed=[3, 4])
    singles = [gymnasium.make(ENV_ID).unwrapped for _ in range(2)]
    for k, s in enumerate(singles):
        s.reset(seed=3 + k)
        assert obs[0]["mission"][k] == s.mission
        assert np.array_equal(obs[0]["image"][k], s.reset(seed=3 + k)[0][0]["image"])
    venv.close()


def test_pickle_round_trip_continues_the_episode():
    env = gymnasium.make(ENV_ID, agents=2)
    env.reset(seed=9)
    env.step({0: 2, 1: 1})
    clone = pickle.loads(pickle.dumps(env))
    for a in ({0: 0, 1: 2}, {0: 2, 1: 2}, {0: 3, 1: 5}):
        o1, *r1 = env.step(a)
        o2, *r2 = clone.step(a)
        assert r1 == r2 and all(np.array_equal(o1[i]["image"], o2[i]["image"]) for i in o1)
