"""Fixtures every test folder shares. Each folder (navigation, velocity, gridworlds/<task>,
vector, compat, adapters, tools, render) keeps its own fixtures in its own ``conftest.py`` and
helpers in ``*_helpers.py`` beside its tests; reference data are read with :mod:`refs`."""
from __future__ import annotations

from pathlib import Path

import pytest

# Importing the package registers the ids; it sets no OpenGL backend (safety_sim.gl.backend
# picks one on the first render, whatever was imported before).
import safety_sim  # noqa: F401
from refs import REFS


def pytest_addoption(parser):
    parser.addoption("--quick", action="store_true",
                     help="leave out the tests marked slow (about a minute in all)")


def pytest_collection_modifyitems(config, items):
    """``--quick``: deselect the ``slow`` tests (reported as deselected, not skipped)."""
    if not config.getoption("--quick"):
        return
    slow = [item for item in items if item.get_closest_marker("slow")]
    if slow:
        config.hook.pytest_deselected(items=slow)
        items[:] = [item for item in items if not item.get_closest_marker("slow")]


@pytest.fixture(scope="session")
def refs_dir() -> Path:
    return REFS
