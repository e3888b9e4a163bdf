"""Shared pytest fixtures and helpers: where the reference data lives (``tests/data``, or the
folder named by ``SAFETY_SIM_REFS``), and a hand-made BlockedUnlockPickup layout used by several
test files."""
from __future__ import annotations

import json
import os
from functools import lru_cache
from pathlib import Path

import numpy as np
import pytest

# Importing the package registers the ids; it sets no OpenGL backend (safety_sim._gl picks one
# on the first render, whatever was imported before).
import safety_sim  # noqa: F401
from safety_sim.grid.encoding import T

# Reference data (facts recorded from the reference implementations; see tests/data/README.md).
REFS = Path(os.environ.get("SAFETY_SIM_REFS") or Path(__file__).resolve().parent / "data")


@lru_cache(maxsize=None)
def load_ref(name: str):
    """A JSON file of the reference data (parsed once per test session)."""
    return json.loads((REFS / name).read_text())


@pytest.fixture(scope="session")
def refs_dir() -> Path:
    return REFS


def scripted_grid() -> np.ndarray:
    """The hand-made BlockedUnlockPickup layout of the scripted tests, in the spec's encodings
    (§3, §4): 11x6, door (5, 4) red locked, red ball (4, 4) before it, red key (4, 3), grey
    box (6, 1). A fresh array on every call."""
    grid = np.empty((11, 6, 3), dtype=np.int64)
    grid[:] = (T.WALL, 5, 0)
    grid[1:5, 1:5] = grid[6:10, 1:5] = (T.EMPTY, 0, 0)
    grid[5, 4] = (T.DOOR, 0, 2)
    grid[4, 4] = (T.BALL, 0, 0)
    grid[4, 3] = (T.KEY, 0, 0)
    grid[6, 1] = (T.BOX, 5, 0)
    return grid
