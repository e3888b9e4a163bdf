"""Fixtures of the navigation tests: ``point1``, a SafetyPointPush1-v0 shared by the tests of
one module (module scope), reset once with seed 0."""
from __future__ import annotations

import gymnasium
import pytest


@pytest.fixture(scope="module")
def point1():
    env = gymnasium.make("SafetyPointPush1-v0")
    # a first reset that succeeds: after a first reset that raises, gymnasium's
    # PassiveEnvChecker has no reset data and its first step fails (tests refuse layouts)
    env.reset(seed=0)
    yield env
    env.close()
