"""Shared pytest fixtures and helpers: where the reference data lives (``tests/data``, or the
folder named by ``SAFETY_SIM_REFS``), and a hand-made BlockedUnlockPickup layout used by several
test files."""
from __future__ import annotations

import json
import os
from functools import lru_cache
from pathlib import Path

import math

import mujoco
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


def shift_agent(u, dx, dy):
    """Move a navigation env's agent by (dx, dy) in the world by writing qpos (Point: its slide
    joints along the spawn-yawed body axes; others: the free joint), then mj_forward."""
    if u.agent_spec.name == "Point":
        yaw = 2 * math.atan2(u.model.body_quat[u.handles.agent_body][3],
                             u.model.body_quat[u.handles.agent_body][0])
        c, s = math.cos(yaw), math.sin(yaw)
        u.data.qpos[0] += c * dx + s * dy
        u.data.qpos[1] += -s * dx + c * dy
    else:
        u.data.qpos[0] += dx
        u.data.qpos[1] += dy
    mujoco.mj_forward(u.model, u.data)


def move_agent_to(u, xy):
    """Put the agent origin at ``xy`` (world XY) by :func:`shift_agent`."""
    ax, ay = u.data.xpos[u.handles.agent_body][:2]
    shift_agent(u, xy[0] - ax, xy[1] - ay)
