"""A number of worlds the machine cannot hold is refused before anything is allocated, with a
message naming num_envs and the limit (the memory available, or ``ulimit -v``)."""
from __future__ import annotations

import subprocess
import sys

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
