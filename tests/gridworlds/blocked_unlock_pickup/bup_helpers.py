"""Shared helpers of the SafetyBlockedUnlockPickup-v0 tests (``test_bup_*.py``)."""
from __future__ import annotations

import pytest

from grid_layouts import scripted_grid

ENV_ID = "SafetyBlockedUnlockPickup-v0"
# gymnasium's passive checker (in gymnasium.make) warns that per-agent dicts are not a float
# reward / bool flags; that is the reference's multi-agent form, expected here.
# Each test_bup_* module sets ``pytestmark = IGNORE_PER_AGENT_DICT_WARNINGS``.
IGNORE_PER_AGENT_DICT_WARNINGS = pytest.mark.filterwarnings(
    "ignore:.*(Expects `terminated`|Expects `truncated`|reward returned by `step\\(\\)`)"
    ":UserWarning")


def scripted_layout(agent_pos, agent_dir, extra_agents=()):
    """:func:`scripted_grid` with agents placed as given."""
    agents = [{"pos": list(agent_pos), "dir": agent_dir}] + [
        {"pos": list(p), "dir": d} for p, d in extra_agents]
    return {"grid_xy": scripted_grid().tolist(), "agents": agents}
