"""Fixtures of the multi-agent velocity tests: the reference's recorded spaces and rollouts
(``tests/data/sg_extra_*_multi_agent.json``, see ``tests/data/README.md``)."""
from __future__ import annotations

import pytest

from ma_helpers import golden, spaces


@pytest.fixture(scope="session")
def ma_spaces() -> dict:
    return spaces()


@pytest.fixture(scope="session")
def ma_golden() -> dict:
    return golden()
