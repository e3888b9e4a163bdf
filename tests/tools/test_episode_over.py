"""``tools.episode_over``: the benchmark's, the recorder's and the viewer's test of an ended
episode, for one agent's flags and for dicts keyed by agent (over every key of either dict)."""
import numpy as np
import pytest

from safety_sim.tools import episode_over

A, B = "agent_0", "agent_1"


@pytest.mark.parametrize("terminated, truncated, over", [
    (False, False, False), (True, False, True), (False, True, True), (True, True, True),
    (np.bool_(False), np.bool_(True), True), (np.bool_(False), np.bool_(False), False),
    # dicts: over when every agent is terminated or truncated
    ({A: False, B: False}, {A: False, B: False}, False),
    ({A: True, B: False}, {A: False, B: False}, False),
    ({A: False, B: True}, {A: False, B: False}, False),
    ({A: True, B: False}, {A: False, B: True}, True),
    ({A: False, B: False}, {A: True, B: True}, True),
    ({A: True, B: True}, {A: False, B: False}, True),
    # an agent only one dict names still counts
    ({A: True}, {A: False, B: False}, False),
    ({A: True}, {A: False, B: True}, True),
    ({A: True, B: True}, {}, True),
    ({}, {}, True),
    # a single truncation flag (a gymnasium TimeLimit's) for every agent
    ({A: False, B: False}, True, True),
    ({A: False, B: True}, False, False),
    ({A: True, B: True}, False, True),
])
def test_episode_over(terminated, truncated, over):
    assert episode_over(terminated, truncated) is over
