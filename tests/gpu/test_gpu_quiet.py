"""The GPU form is quiet on Warp's CPU device: no Warp greeting, no line per kernel module
loaded, no warning that there is no CUDA driver (there was one line per module, 52 for a
level, and the driver warning); its own results on stdout stay clean."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

pytestmark = pytest.mark.gpu

SCRIPT = """
import safety_sim.gpu as gpu
env = gpu.make_vec("SafetyPointGoal1-v0", 2, device="cpu", output="numpy")
env.reset(seed=0)
env.step(env.action_space.sample())
env.close()
print("stepped")
"""


def test_first_use_prints_nothing_but_the_results():
    out = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                         timeout=900, env={**os.environ})
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout == "stepped\n"
    noise = [line for line in out.stderr.splitlines()
             if "load on device" in line or "CUDA driver" in line or "initialized" in line]
    assert noise == []
