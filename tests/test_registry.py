"""Every registered id is unique, registered and can be made (the contract each id keeps --
gymnasium's checker among it -- is tests/test_contract.py)."""
from __future__ import annotations

import gymnasium
import pytest

import safety_sim

ALL_IDS = safety_sim.env_ids()


def test_ids_are_unique_and_registered():
    assert len(ALL_IDS) == len(set(ALL_IDS))
    for env_id in ALL_IDS:
        assert env_id in gymnasium.registry


@pytest.mark.parametrize("env_id", ALL_IDS)
def test_make(env_id):
    env = gymnasium.make(env_id)
    try:
        assert env.spec.id == env_id
        assert isinstance(env.action_space, gymnasium.spaces.Space)
        assert isinstance(env.observation_space, gymnasium.spaces.Space)
        assert "render_fps" in env.metadata and "render_modes" in env.metadata
    finally:
        env.close()
