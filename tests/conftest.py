"""Shared pytest fixtures: where the reference data lives (``../shared`` beside the repo)."""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import pytest

# Importing the package first picks the headless OpenGL backend (MUJOCO_GL=egl when there is no
# display) before any test module imports mujoco, which reads MUJOCO_GL on import.
import safety_sim  # noqa: F401

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
REFS = SHARED / "refs"


@lru_cache(maxsize=None)
def load_ref(name: str):
    """A JSON file of ``shared/refs`` (parsed once per test session)."""
    return json.loads((REFS / name).read_text())


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    return SHARED


@pytest.fixture(scope="session")
def refs_dir() -> Path:
    return REFS
