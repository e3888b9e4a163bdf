"""A number of worlds the machine cannot hold is refused before anything is allocated, with a
message naming num_envs and the limit (the memory available, or ``ulimit -v``)."""
from __future__ import annotations

import subprocess
import sys

import tracemalloc

import gymnasium
import pytest

import safety_sim  # noqa: F401
from safety_sim.vector import base as vector_base


@pytest.mark.parametrize("use_batch", [None, False])
def test_too_many_worlds_for_the_memory_available(monkeypatch, use_batch):
    """Refused first thing: nothing per world is made before (the batched spaces of 10**7 worlds
    alone took 49 s and ~10 GB when the check came after them)."""
    def built(*args):
        raise AssertionError("the batched spaces were built before the size was checked")

    monkeypatch.setattr(vector_base, "batch_space", built)
    with pytest.raises(MemoryError, match=r"num_envs=10000000 .*memory available"):
        gymnasium.make_vec("SafetyPointGoal1-v0", 10**7, vectorization_mode="vector_entry_point",
                           use_batch=use_batch)


@pytest.mark.skipif(sys.platform != "linux", reason="RLIMIT_AS is enforced on Linux")
def test_too_many_worlds_for_the_address_space_allowed():
    code = ("import resource, gymnasium, safety_sim\n"
            "resource.setrlimit(resource.RLIMIT_AS, (4 * 2**30, resource.RLIM_INFINITY))\n"
            "try:\n"
            "    gymnasium.make_vec('SafetyPointGoal1-v0', 4096,"
            " vectorization_mode='vector_entry_point')\n"
            "except MemoryError as exc:\n"
            "    print('REFUSED', exc)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=300).stdout
    assert "REFUSED" in out and "num_envs=4096" in out and "ulimit -v" in out


GRID_VECTOR_IDS = ["SafetyConveyorBelt-v0", "SafetyBreakableBottles-v0"]


@pytest.mark.parametrize("env_id", GRID_VECTOR_IDS)
def test_gridworld_vector_env_refuses_worlds_beyond_the_memory(monkeypatch, env_id):
    """10**12 worlds (~190 TB even at the conveyor belt's ~190 bytes a world) are refused
    before anything per world is made, not left to the out-of-memory killer."""
    def built(*args):
        raise AssertionError("the batched spaces were built before the size was checked")

    monkeypatch.setattr(vector_base, "batch_space", built)
    with pytest.raises(MemoryError,
                       match=r"num_envs=1000000000000 needs .* per world\), more than the memory"):
        gymnasium.make_vec(env_id, 10**12, vectorization_mode="vector_entry_point")


def _traced_peak(env_id: str, n: int) -> int:
    tracemalloc.start()
    try:
        env = gymnasium.make_vec(env_id, n, vectorization_mode="vector_entry_point")
        env.action_space.seed(0)
        env.reset(seed=0)
        for _ in range(3):
            env.step(env.action_space.sample())
        env.close()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("env_id", GRID_VECTOR_IDS)
def test_world_bytes_bounds_what_a_world_takes(env_id):
    """The declared bytes per world hold what a world adds to the peak traced memory (build,
    reset, steps: the slope between 5,000 and 10,000 worlds), and are no more than 4x it (so
    that no feasible size is refused)."""
    one = gymnasium.make_vec(env_id, 1, vectorization_mode="vector_entry_point")  # imports done
    declared = type(one.unwrapped).world_bytes
    one.close()
    slope = (_traced_peak(env_id, 10_000) - _traced_peak(env_id, 5_000)) / 5_000
    assert 0 < slope <= declared <= 4 * slope, (slope, declared)
