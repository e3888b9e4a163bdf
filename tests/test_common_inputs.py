"""Inputs every family takes alike: a numpy integer seed is a seed (as gymnasium's own seeding
takes it), and a render_mode of the wrong type is refused by name through gymnasium.make."""
from __future__ import annotations

import gymnasium
import numpy as np
import pytest

import safety_sim  # noqa: F401

ONE_PER_FAMILY = ["SafetyPointGoal1-v0", "SafetyCarPush1-v0", "SafetyHopperVelocity-v1",
                  "SafetyConveyorBelt-v0", "SafetyBreakableBottles-v0",
                  "SafetyBlockedUnlockPickup-v0", "SafetySynthSeq-v0"]


def _same(a, b) -> bool:
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    return np.array_equal(np.asarray(a), np.asarray(b))


@pytest.mark.parametrize("env_id", ONE_PER_FAMILY)
def test_numpy_integer_seeds_are_seeds(env_id):
    env = gymnasium.make(env_id)
    obs, _ = env.reset(seed=np.int64(3))
    again, _ = env.reset(seed=3)
    assert _same(obs, again)
    env.close()


@pytest.mark.parametrize("env_id", ONE_PER_FAMILY)
def test_a_render_mode_of_the_wrong_type_is_named(env_id):
    with pytest.raises(TypeError, match="render_mode"):
        gymnasium.make(env_id, render_mode=1)
