"""RLlib recipe (examples/rllib_ppo.py): one PPO iteration on a local Ray cluster with two env
runners, single-agent Push and multi-agent BlockedUnlockPickup through ParallelPettingZooEnv.
Marked ``rllib`` (needs the [rllib] extra; .ci/extras.sh runs it in its own venv)."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.rllib
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "rllib_ppo.py"
BATCH = 1000


@pytest.mark.parametrize("env_id", ["SafetyPointPush1-v0", "SafetyBlockedUnlockPickup-v0"])
def test_one_ppo_iteration(env_id):
    env = dict(os.environ)
    done = subprocess.run([sys.executable, str(EXAMPLE), "--env", env_id, "--iterations", "1",
                           "--env-runners", "2", "--batch", str(BATCH)],
                          capture_output=True, text=True, timeout=900, env=env)
    assert done.returncode == 0, done.stderr[-4000:]
    m = re.search(r"iteration 1: env steps (\S+) episode_return_mean (\S+) "
                  r"episode_cost (\S+)", done.stdout)
    assert m, done.stdout[-2000:] + done.stderr[-2000:]
    steps, _, cost = m.groups()
    assert float(steps) >= BATCH
    assert cost == "None" or float(cost) >= 0.0     # None: no episode finished yet
