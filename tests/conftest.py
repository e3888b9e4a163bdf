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


#: tests marked ``slow`` from here (one ``path::function`` a line, relative to tests/): the
#: long ones by measured duration, kept in one list so that no test file needs to change
SLOW_LIST = Path(__file__).with_name("slow_tests.txt")


def slow_names() -> set[str]:
    lines = SLOW_LIST.read_text().splitlines()
    return {line.strip() for line in lines if line.strip() and not line.startswith("#")}


@pytest.hookimpl(tryfirst=True)          # before -m deselects by marker
def pytest_collection_modifyitems(config, items):
    """Mark the tests of ``slow_tests.txt`` ``slow`` (a listed test of a collected file that no
    longer exists is an error); ``--quick`` deselects the ``slow`` tests (reported as
    deselected, not skipped)."""
    here = Path(__file__).parent
    names = slow_names()
    seen, files = set(), set()
    for item in items:
        path = Path(item.path).relative_to(here).as_posix()
        files.add(path)
        name = f"{path}::{item.name.split('[')[0]}"
        if name in names:
            item.add_marker(pytest.mark.slow)
            seen.add(name)
    stale = sorted(n for n in names - seen if n.split("::")[0] in files)
    if stale and not any("::" in arg for arg in config.args):   # whole files collected
        raise pytest.UsageError(f"{SLOW_LIST.name} names tests that do not exist: {stale}")
    if not config.getoption("--quick"):
        return
    slow = [item for item in items if item.get_closest_marker("slow")]
    if slow:
        config.hook.pytest_deselected(items=slow)
        items[:] = [item for item in items if not item.get_closest_marker("slow")]


@pytest.fixture(scope="session")
def refs_dir() -> Path:
    return REFS
