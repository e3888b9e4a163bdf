"""Fixtures of the GPU form's tests (``-m gpu``; they run on Warp's CPU device at small N, or
on the device named by ``SAFETY_SIM_GPU_TEST_DEVICE``, e.g. ``cuda``).

Every env here is built on :data:`DEVICE` with float64 outputs so that the comparisons
with the CPU envs measure the physics, not the hand-out dtype. Warp compiles its kernels on
first use (minutes on a CPU; ``WARP_CACHE_PATH`` keeps them between runs).
"""
from __future__ import annotations

import os

import numpy as np
import pytest

#: Warp's CPU device in CI; scripts/gpu_check.sh runs the same tests with "cuda"
DEVICE = os.environ.get("SAFETY_SIM_GPU_TEST_DEVICE", "cpu")


@pytest.fixture(scope="session")
def make_gpu():
    """``make_gpu(id, n, **kwargs)``: the GPU env on Warp's CPU device (closed at the end)."""
    import safety_sim.gpu as gpu

    made = []

    def make(env_id, n=2, **kwargs):
        kwargs.setdefault("dtype", "float64")
        env = gpu.make_vec(env_id, n, device=DEVICE, **kwargs)
        made.append(env)
        return env

    yield make
    for env in made:
        env.close()


def random_actions(space, n, rng):
    return rng.uniform(space.low, space.high, (n, *space.shape))


@pytest.fixture
def rng():
    return np.random.default_rng(0)


@pytest.fixture(scope="session")
def torch():
    """The torch module (imported here, not at collection: the default suite collects these
    files without the [gpu] extra and deselects them by their marker)."""
    import torch as module

    return module
