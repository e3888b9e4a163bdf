"""Copies of the native navigation vector env continue exactly as the original (both
backends, deepcopy and pickle), and a step or reset interrupted half-way (an exception or
Ctrl-C inside it) leaves the single and the vector env refusing to step until reset."""
from __future__ import annotations

import copy
import json
import pickle

import gymnasium
import numpy as np
import pytest
from gymnasium.error import ResetNeeded

from rollout_digest import canonical  # every bit of nested outputs

COPIES = {"deepcopy": copy.deepcopy, "pickle": lambda env: pickle.loads(pickle.dumps(env))}


def _same_steps(a, b, space, steps: int, seed: int) -> None:
    rng = np.random.default_rng(seed)
    for t in range(steps):
        action = rng.uniform(space.low, space.high, (a.num_envs,) + space.shape)
        assert json.dumps(canonical(a.step(action))) == \
            json.dumps(canonical(b.step(action))), t


@pytest.mark.parametrize("how", sorted(COPIES))
@pytest.mark.parametrize("use_batch", [None, False], ids=["batch", "loop"])
@pytest.mark.parametrize("env_id", ["SafetyPointGoal1-v0", "SafetyCarButton1-v0",
                                    "SafetyPointPush1-v0", "SafetyRacecarCircle1-v0"])
def test_vector_copies_continue_exactly(env_id, use_batch, how):
    env = gymnasium.make_vec(env_id, 3, vectorization_mode="vector_entry_point",
                             use_batch=use_batch, max_episode_steps=40)
    env.reset(seed=1)
    space = env.single_action_space
    rng = np.random.default_rng(0)
    for _ in range(7):
        env.step(rng.uniform(space.low, space.high, (3,) + space.shape))
    twin = COPIES[how](env)
    _same_steps(env, twin, space, 90, seed=5)          # autoresets at 40 steps included
    env.close()
    twin.close()


def _interrupt_once(monkeypatch, obj, name: str, exc: BaseException) -> None:
    """Make ``obj.name(...)`` raise ``exc`` on its next call."""
    real = getattr(obj, name)

    def boom(*args, **kwargs):
        monkeypatch.setattr(obj, name, real)
        raise exc

    monkeypatch.setattr(obj, name, boom)


@pytest.mark.parametrize("exc", [KeyboardInterrupt(), RuntimeError("boom")],
                         ids=["ctrl-c", "error"])
def test_interrupted_single_step_refuses_until_reset(monkeypatch, exc):
    env = gymnasium.make("SafetyPointGoal1-v0").unwrapped
    env.reset(seed=0)
    _interrupt_once(monkeypatch, env, "_observe", exc)     # after the physics moved
    with pytest.raises(type(exc)):
        env.step(np.zeros(2))
    with pytest.raises(ResetNeeded, match="interrupted"):
        env.step(np.zeros(2))
    env.reset(seed=0)
    env.step(np.zeros(2))                                  # a reset clears it


def test_refused_action_is_no_interruption():
    env = gymnasium.make("SafetyPointGoal1-v0").unwrapped
    env.reset(seed=0)
    with pytest.raises(ValueError):
        env.step(np.array([np.nan, 0.0]))
    env.step(np.zeros(2))                                  # nothing had moved


@pytest.mark.parametrize("where", ["_step_worlds", "_reset_worlds"])
def test_interrupted_vector_step_refuses_until_reset(monkeypatch, where):
    env = gymnasium.make_vec("SafetyPointGoal1-v0", 2, vectorization_mode="vector_entry_point")
    base = env.unwrapped
    env.reset(seed=0)
    _interrupt_once(monkeypatch, base, where, KeyboardInterrupt())
    with pytest.raises(KeyboardInterrupt):
        if where == "_step_worlds":
            env.step(np.zeros((2, 2)))
        else:
            env.reset(seed=1)
    with pytest.raises(ResetNeeded, match="interrupted"):
        env.step(np.zeros((2, 2)))
    env.reset(seed=0)
    env.step(np.zeros((2, 2)))
    env.close()
