"""Copies (deepcopy, pickle) of every gridworld's native vector env continue exactly as the
original, resets included (the navigation ones: tests/navigation/test_nav_copies_interrupts.py).
"""
from __future__ import annotations

import copy
import json
import pickle

import gymnasium
import pytest

from safety_sim.registration import ENV_ROWS

from rollout_digest import canonical

GRID_VECTOR_IDS = [r.id for r in ENV_ROWS if r.family == "gridworld" and r.vector_entry_point]
COPIES = {"deepcopy": copy.deepcopy, "pickle": lambda env: pickle.loads(pickle.dumps(env))}


@pytest.mark.parametrize("how", sorted(COPIES))
@pytest.mark.parametrize("env_id", GRID_VECTOR_IDS)
def test_gridworld_vector_copies_continue_exactly(env_id, how):
    env = gymnasium.make_vec(env_id, 4, vectorization_mode="vector_entry_point")
    env.reset(seed=1)
    env.action_space.seed(0)
    for _ in range(9):
        env.step(env.action_space.sample())
    twin = COPIES[how](env)
    env.action_space.seed(3)
    for t in range(300):                      # several episodes: drops, deliveries, resets
        action = env.action_space.sample()
        assert json.dumps(canonical(env.step(action))) == \
            json.dumps(canonical(twin.step(action))), t
