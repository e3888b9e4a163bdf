"""Shared by the Push env tests (``test_push_env*.py``): a module-scoped SafetyPointPush1-v0.

A test module uses the fixture by binding it to a name of its own:
``point1 = push_env_helpers.point1`` (one env per test module).
"""
from __future__ import annotations

import gymnasium
import pytest

import safety_sim  # noqa: F401  (registers the ids)


@pytest.fixture(scope="module")
def point1():
    env = gymnasium.make("SafetyPointPush1-v0")
    # a first reset that succeeds: after a first reset that raises, gymnasium's
    # PassiveEnvChecker has no reset data and its first step fails (tests refuse layouts)
    env.reset(seed=0)
    yield env
    env.close()
