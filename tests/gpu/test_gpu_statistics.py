"""Statistical agreement with the CPU vector env over long runs (docs/gpu.md): 20 random-action
episodes of 300 steps (``default_rng(seed).uniform(low, high)``) per form; mean return, cost
and length within 3 combined standard errors. One id here (a minute on Warp's CPU device);
``python -m safety_sim.tools.bench.gpu_agreement ID...`` measures any other."""
from __future__ import annotations

import pytest

from safety_sim.tools.bench.gpu_agreement import compare_statistics
from tests.gpu.conftest import DEVICE

pytestmark = pytest.mark.gpu


def test_random_episode_statistics_agree():
    result = compare_statistics("SafetyPointGoal1-v0", num_envs=20, steps=300, seed=0,
                                device=DEVICE)
    assert result["gpu"]["length"] == 300.0
    for name, gap in result["gap_in_se"].items():
        assert gap <= 3.0, (name, result)
