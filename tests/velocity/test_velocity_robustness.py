"""Safe Velocity envs where real callers and a fuzzer break things: a physics blow-up, copies
made mid-episode, a step interrupted half-way, numpy seeds and a render mode of the wrong type.

Blow-ups are made deterministically by writing a bad state (``qvel = 1e10``) into the env's
MuJoCo data: MuJoCo then resets the simulation inside ``mj_step`` (its warning goes to stderr
and ``./MUJOCO_LOG.TXT``, so those tests run in a temporary directory).
"""
from __future__ import annotations

import copy
import pickle
import warnings

import cloudpickle
import gymnasium
import numpy as np
import pytest
from exact import assert_same
from gymnasium.error import ResetNeeded

import safety_sim  # noqa: F401  (registers the ids)
from safety_sim.registration import env_ids
from safety_sim.velocity.env import VelocityEnv
from safety_sim.velocity.robots import ROBOTS

pytestmark = pytest.mark.filterwarnings("ignore:.*is out of date:DeprecationWarning")

ROBOT_NAMES = sorted(ROBOTS)
VELOCITY_IDS = [i for i in env_ids("velocity") if "Gymnasium" not in i]
COPIES = {"deepcopy": copy.deepcopy,
          "pickle": lambda env: pickle.loads(pickle.dumps(env)),
          "cloudpickle": lambda env: cloudpickle.loads(cloudpickle.dumps(env))}


def blow_up(env) -> None:
    """A state MuJoCo refuses: it resets the simulation during the next step."""
    env.unwrapped.data.qvel[:] = 1e10


# -- physics blow-up -------------------------------------------------------------------------

@pytest.mark.parametrize("steps_before", [3, 1, 0])
@pytest.mark.parametrize("robot", ROBOT_NAMES)
def test_blow_up_pays_nothing_flags_truncates_and_warns_once(robot, steps_before, tmp_path,
                                                             monkeypatch):
    """The navigation contract: no reward and no cost on the blown-up step, the previous
    observation, ``info["physics_unstable"]``, truncated, one warning; then ResetNeeded.
    ``steps_before`` 1 and 0 are the cases where the simulation clock alone cannot tell (MuJoCo
    restarts it from 0: after one step it reads as before; in the first step it moves on)."""
    monkeypatch.chdir(tmp_path)
    env = gymnasium.make(f"Safety{robot}Velocity-v1")
    before, _ = env.reset(seed=0)
    zero = np.zeros(env.action_space.shape, np.float32)
    for _ in range(steps_before):
        before = env.step(zero)[0]
    blow_up(env)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        obs, reward, terminated, truncated, info = env.step(zero)
    ours = [w for w in caught if "physics became unstable" in str(w.message)]
    assert len(ours) == 1 and robot in str(ours[0].message), [str(w.message) for w in caught]
    assert (reward, terminated, truncated) == (0.0, False, True)
    assert info["physics_unstable"] is True and info["cost"] == 0.0
    assert info["cost_velocity"] == 0.0 and info["labels"] == frozenset()
    assert env.unwrapped.cost_fn(info["labels"]) == info["cost"]
    assert np.array_equal(obs, before) and obs is not before and np.all(np.isfinite(obs))
    with pytest.raises(ResetNeeded):
        env.step(zero)
    env.reset(seed=1)
    out = env.step(zero)
    assert "physics_unstable" not in out[4] and np.all(np.isfinite(out[0]))
    env.close()


def test_a_blow_up_is_counted_once_by_the_safety_gymnasium_form(tmp_path, monkeypatch):
    """Through safety_sim.make (6-tuple): cost 0 in the tuple too, and truncated."""
    monkeypatch.chdir(tmp_path)
    env = safety_sim.make("SafetyHumanoidVelocity-v1")
    env.reset(seed=0)
    zero = np.zeros(17, np.float32)
    env.step(zero)
    blow_up(env)
    with pytest.warns(UserWarning, match="physics became unstable"):
        _, reward, cost, terminated, truncated, info = env.step(zero)
    assert (reward, cost, terminated, truncated) == (0.0, 0.0, False, True)
    env.close()


def test_a_too_large_timestep_blows_up_as_well(tmp_path, monkeypatch):
    """A model made unstable (its timestep scaled up) rather than a written state."""
    monkeypatch.chdir(tmp_path)
    env = gymnasium.make("SafetyHopperVelocity-v1")
    env.reset(seed=0)
    env.unwrapped.model.opt.timestep *= 1e6
    env.action_space.seed(0)
    with pytest.warns(UserWarning, match="physics became unstable"):
        for _ in range(50):
            *_, truncated, info = env.step(env.action_space.sample())
            if truncated:
                break
    assert info["physics_unstable"] and truncated
    env.close()


# -- copies ----------------------------------------------------------------------------------

@pytest.mark.parametrize("how", list(COPIES))
@pytest.mark.parametrize("env_id", VELOCITY_IDS)
def test_a_copy_continues_exactly_as_the_original(env_id, how):
    """Ant and Humanoid read their velocity from body positions, which MuJoCo left one
    substep stale after the last step: a copy must carry them, not recompute them."""
    env = gymnasium.make(env_id)
    env.reset(seed=4)
    space = env.unwrapped.action_space
    space.seed(2)
    for _ in range(5):
        env.step(space.sample())
    twin = COPIES[how](env)
    assert twin.unwrapped.v4_env is not env.unwrapped.v4_env
    for t in range(40):
        action = space.sample()
        a, b = env.step(action), twin.step(action)
        assert_same(a, b, f"step {t}")
        if a[2] or a[3]:
            assert_same(env.reset(), twin.reset(), f"reset after step {t}")
    env.close()
    twin.close()


@pytest.mark.parametrize("how", list(COPIES))
def test_a_copy_renders_the_originals_frame(how):
    env = gymnasium.make("SafetyAntVelocity-v1", render_mode="rgb_array", width=40, height=30)
    env.reset(seed=0)
    space = env.unwrapped.action_space
    space.seed(0)
    for _ in range(4):
        env.step(space.sample())
    twin = COPIES[how](env)
    assert np.array_equal(env.render(), twin.render())
    env.close()
    twin.close()


@pytest.mark.parametrize("how", list(COPIES))
def test_copying_prints_nothing(how, capfd, tmp_path, monkeypatch):
    """gymnasium's half_cheetah.xml makes MuJoCo warn about 'settotalmass' on every compile;
    making the env drops it, and so must making a copy."""
    monkeypatch.chdir(tmp_path)
    env = gymnasium.make("SafetyHalfCheetahVelocity-v1")
    env.reset(seed=0)
    capfd.readouterr()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        twin = COPIES[how](env)
    assert capfd.readouterr() == ("", "")
    assert not list(tmp_path.iterdir())                    # no MUJOCO_LOG.TXT
    twin.close()
    env.close()


# -- an interrupted step ---------------------------------------------------------------------

@pytest.mark.parametrize("error", [KeyboardInterrupt, RuntimeError])
def test_a_step_interrupted_half_way_asks_for_reset(error, monkeypatch):
    """An exception (or Ctrl-C) after the simulation has moved but before the step's result
    exists leaves the env between two states: the next step refuses, naming reset()."""
    env = gymnasium.make("SafetyAntVelocity-v1")
    env.reset(seed=0)
    zero = np.zeros(8, np.float32)
    env.step(zero)
    v4 = env.unwrapped.v4_env
    time_before = env.unwrapped.data.time

    def interrupted():
        raise error("interrupted")

    monkeypatch.setattr(v4, "_get_obs", interrupted)    # after the physics has advanced
    with pytest.raises(error):
        env.step(zero)
    assert env.unwrapped.data.time > time_before
    monkeypatch.undo()
    with pytest.raises(ResetNeeded, match=r"interrupted.*reset\(\)"):
        env.step(zero)
    env.reset(seed=0)
    assert np.all(np.isfinite(env.step(zero)[0]))
    env.close()


def test_a_refused_action_is_not_an_interruption():
    env = gymnasium.make("SafetyAntVelocity-v1")
    env.reset(seed=0)
    with pytest.raises(ValueError):
        env.step(np.full(8, 5.0))
    env.step(np.zeros(8))                                   # still usable
    env.close()


# -- seeds and kwargs ------------------------------------------------------------------------

@pytest.mark.parametrize("seed", [np.int64(7), np.uint32(7), np.int8(7)])
def test_numpy_integer_seeds_seed_like_ints(seed):
    env = gymnasium.make("SafetyAntVelocity-v1")
    want = env.reset(seed=7)[0]
    got = env.reset(seed=seed)[0]
    assert np.array_equal(got, want) and env.unwrapped.np_random_seed == 7
    env.close()


def test_huge_numpy_seed_is_the_same_seed_as_the_int():
    env = gymnasium.make("SafetySwimmerVelocity-v1")
    big = 2**64 - 5
    assert np.array_equal(env.reset(seed=np.uint64(big))[0], env.reset(seed=big)[0])
    env.close()


@pytest.mark.parametrize("seed", [1.5, "3", np.float64(2.0), -1])
def test_other_seeds_are_still_refused(seed):
    env = gymnasium.make("SafetySwimmerVelocity-v1")
    with pytest.raises(gymnasium.error.Error, match="[Ss]eed"):
        env.reset(seed=seed)
    env.close()


@pytest.mark.parametrize("make", [gymnasium.make, safety_sim.make])
@pytest.mark.parametrize("mode", [1, b"rgb_array", ["rgb_array"]])
def test_a_render_mode_of_the_wrong_type_is_named(make, mode):
    with pytest.raises(TypeError, match="render_mode"):
        make("SafetyHalfCheetahVelocity-v1", render_mode=mode)
    with pytest.raises(TypeError, match="render_mode"):
        VelocityEnv("Hopper", render_mode=mode)
