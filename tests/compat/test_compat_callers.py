"""What real Safety-Gymnasium callers (SafePO) reach for beyond ``make``: the reference's
``safety_gymnasium.vector.utils.tile_images``, attribute lookups through the ``Safe*``
wrappers (gymnasium 0.28's wrappers forwarded them; SafePO reads ``env.obs_rms`` through
``SafeUnsqueeze``), and a clear message for a render mode of the wrong type."""
from __future__ import annotations

import copy
import importlib
import pickle

import gymnasium
import numpy as np
import pytest

import safety_sim
import safety_sim.compat as compat
from safety_sim.compat import wrappers as w
from safety_sim.compat.vector.tiles import tile_images

PUSH = "SafetyPointPush1-v0"


@pytest.fixture
def drop_in():
    try:
        yield compat.install()
    finally:
        compat.uninstall()


# -- tile_images -----------------------------------------------------------------------------

@pytest.mark.parametrize("n, rows, cols", [(1, 1, 1), (2, 2, 1), (3, 2, 2), (4, 2, 2),
                                           (5, 3, 2), (7, 3, 3), (10, 4, 3)])
@pytest.mark.parametrize("padding", [0, 2, 5])
def test_tile_images_places_each_frame_in_its_cell(n, rows, cols, padding):
    """rows = ceil(sqrt(n)), cols = ceil(n / rows), image i at (i // cols, i % cols), each
    framed by ``padding`` zeros; float64 output (the reference's type)."""
    rng = np.random.default_rng(n)
    frames = rng.integers(1, 256, (n, 6, 4, 3), dtype=np.uint8)
    big = tile_images(frames, padding)
    h, w_ = 6 + 2 * padding, 4 + 2 * padding
    assert big.shape == (rows * h, cols * w_, 3) and big.dtype == np.float64
    covered = np.zeros(big.shape[:2], bool)
    for i in range(n):
        top, left = (i // cols) * h + padding, (i % cols) * w_ + padding
        assert np.array_equal(big[top:top + 6, left:left + 4], frames[i])
        covered[top:top + 6, left:left + 4] = True
    assert not big[~covered].any()                      # padding and empty cells are zero


def test_tile_images_default_padding_and_bad_input():
    assert tile_images(np.ones((2, 3, 3, 1))).shape == (2 * 13, 13, 1)
    with pytest.raises(ValueError, match=r"\(N, H, W, C\)"):
        tile_images(np.ones((3, 3, 3)))
    with pytest.raises(ValueError, match="padding"):
        tile_images(np.ones((1, 3, 3, 3)), padding=-1)


def test_the_drop_in_has_the_references_vector_utils(drop_in):
    module = importlib.import_module("safety_gymnasium.vector.utils.tile_images")
    assert module.tile_images is tile_images


# -- attribute forwarding --------------------------------------------------------------------

class CountingWrapper(gymnasium.Wrapper):
    """A caller's own 6-tuple wrapper with a public attribute (like SafePO's normaliser)."""

    def __init__(self, env):
        super().__init__(env)
        self.obs_rms = {"count": 0}

    def step(self, action):
        self.obs_rms["count"] += 1
        return self.env.step(action)


def safepo_stack():
    env = safety_sim.make(PUSH)
    env = w.SafeAutoResetWrapper(env)
    env = w.SafeRescaleAction(env, -1.0, 1.0)
    env = CountingWrapper(env)
    return w.SafeUnsqueeze(env)


def test_safe_wrappers_forward_attribute_lookups():
    env = safepo_stack()
    env.reset(seed=0)
    env.step(np.zeros(2))
    assert env.obs_rms == {"count": 1} and env.obs_rms is env.env.obs_rms
    # through every Safe* wrapper down to the env itself (gymnasium's own wrappers between)
    assert env.cost_fn(frozenset()) == 0.0 and env.layout == env.unwrapped.layout
    clipped = w.SafeClipAction(w.SafeTimeLimit(safety_sim.make(PUSH), 5))
    assert clipped.max_episode_steps == 5 and clipped.elapsed_steps == 0
    five = w.SafetyGymnasium2Gymnasium(safety_sim.make(PUSH))
    assert w.Gymnasium2SafetyGymnasium(five).goal_button is None


def test_forwarding_names_what_is_missing_and_keeps_private_names_private():
    env = safepo_stack()
    with pytest.raises(AttributeError, match="no_such_thing"):
        env.no_such_thing
    with pytest.raises(AttributeError, match="_private"):
        env._private
    assert not hasattr(env, "__array__")


def test_forwarding_wrappers_copy_and_pickle():
    env = safepo_stack()
    env.reset(seed=0)
    for twin in (copy.deepcopy(env), pickle.loads(pickle.dumps(env))):
        assert twin.obs_rms == env.obs_rms and twin.obs_rms is not env.obs_rms


# -- render_mode through the front doors -----------------------------------------------------

@pytest.mark.parametrize("env_id", [PUSH, "SafetyConveyorBelt-v0", "SafetyHopperVelocity-v1"])
@pytest.mark.parametrize("mode", [1, b"human"])
def test_a_render_mode_of_the_wrong_type_is_named_by_make(env_id, mode, drop_in):
    for make in (safety_sim.make, drop_in.make):
        with pytest.raises(TypeError, match="render_mode must be a str or None"):
            make(env_id, render_mode=mode)


# -- the reference's normalising wrappers and env checker -------------------------------------

PRIOR = 1e-4          # gymnasium's running statistics start with this count, mean 0, var 1
EPS = 1e-8


def pooled(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Mean and variance of ``values`` (first axis) pooled with the prior (mean 0, var 1)."""
    k = values.shape[0]
    mean = values.sum(0) / (PRIOR + k)
    var = (PRIOR * 1.0 + PRIOR * mean ** 2 + ((values - mean) ** 2).sum(0)) / (PRIOR + k)
    return mean, var


def test_safepo_stack_normalises_observations_and_shows_obs_rms(drop_in):
    from safety_gymnasium.wrappers import (SafeAutoResetWrapper, SafeNormalizeObservation,
                                           SafeRescaleAction, SafeUnsqueeze)
    env = SafeUnsqueeze(SafeNormalizeObservation(SafeRescaleAction(
        SafeAutoResetWrapper(drop_in.make(PUSH)), -1.0, 1.0)))
    raw = drop_in.make(PUSH)
    seen = [raw.reset(seed=3)[0]]
    obs = [env.reset(seed=3)[0][0]]
    actions = np.random.default_rng(0).uniform(-1, 1, (20, 2))
    for a in actions:
        obs.append(env.step(a)[0][0])
        seen.append(raw.step(raw.unwrapped.action_space.low + (a + 1) / 2 * (
            raw.unwrapped.action_space.high - raw.unwrapped.action_space.low))[0])
    for k in range(1, len(seen) + 1):
        mean, var = pooled(np.array(seen[:k]))
        np.testing.assert_allclose(obs[k - 1], (seen[k - 1] - mean) / np.sqrt(var + EPS),
                                   rtol=1e-9, atol=1e-9)
    assert env.obs_rms is env.env.obs_rms and env.obs_rms.count == pytest.approx(PRIOR + 21)


@pytest.mark.filterwarnings("ignore:.*is out of date:DeprecationWarning")
@pytest.mark.parametrize("which, index", [("SafeNormalizeReward", 1), ("SafeNormalizeCost", 2)])
def test_reward_and_cost_are_scaled_by_their_discounted_returns(which, index, drop_in):
    from safety_gymnasium import wrappers
    env_id, gamma = "SafetySwimmerVelocity-v0", 0.9      # a cost on nearly every step
    env = getattr(wrappers, which)(drop_in.make(env_id), gamma=gamma)
    raw = drop_in.make(env_id)
    env.reset(seed=0)
    raw.reset(seed=0)
    returns, g = [], 0.0
    for a in np.random.default_rng(1).uniform(-1, 1, (15, 2)):
        out, ref = env.step(a), raw.step(a)
        g = g * gamma * (1 - ref[3]) + ref[index]
        returns.append(g)
        _, var = pooled(np.array(returns))
        assert out[index] == pytest.approx(ref[index] / np.sqrt(var + EPS), rel=1e-9)
        assert out[3 - index] == ref[3 - index]             # the other one passes unchanged
    assert env.return_rms.count == pytest.approx(PRIOR + 15)


def test_normalising_a_vector_env_batches_and_keeps_the_raw_final_observation(drop_in):
    from safety_gymnasium.wrappers import SafeNormalizeObservation
    venv = drop_in.vector.make("SafetyHopperVelocity-v1", num_envs=3, asynchronous=False,
                               max_episode_steps=2)
    env = SafeNormalizeObservation(venv)
    assert env.num_envs == 3 and env.single_observation_space.shape == (11,)
    env.reset(seed=0)
    env.step(np.zeros((3, 3)))
    _, _, _, _, truncated, info = env.step(np.zeros((3, 3)))
    # the reset's, two steps' and the final observations: four batches of three
    assert truncated.all() and env.obs_rms.count == pytest.approx(PRIOR + 12)
    for raw, normed in zip(info["original_final_observation"], info["final_observation"]):
        assert raw.shape == normed.shape == (11,) and not np.array_equal(raw, normed)
    pickle.loads(pickle.dumps(env)).close()
    env.close()


class FiveTuple(gymnasium.Env):
    observation_space = gymnasium.spaces.Box(-1, 1, (2,))
    action_space = gymnasium.spaces.Discrete(2)

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        return np.zeros(2, np.float32), {}

    def step(self, action):
        return np.zeros(2, np.float32), 0.0, False, False, {}


def test_passive_checker_checks_the_first_six_tuple_step(drop_in):
    from safety_gymnasium.wrappers.env_checker import SafePassiveEnvChecker
    env = SafePassiveEnvChecker(drop_in.make(PUSH))
    env.reset(seed=0)
    assert len(env.step(np.zeros(2))) == 6 and env.layout    # attributes forwarded too
    bad = SafePassiveEnvChecker(FiveTuple())
    bad.reset(seed=0)
    with pytest.raises(AssertionError, match=r"\(obs, reward, cost, terminated, truncated"):
        bad.step(0)
