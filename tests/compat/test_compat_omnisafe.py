"""OmniSafe (a real Safety-Gymnasium caller) trains through the drop-in. Needs omnisafe
installed (``pip install --no-deps omnisafe``; see examples/omnisafe_ppolag.py): marked
``omnisafe`` and deselected by default; .ci/extras.sh runs it in its own venv."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.omnisafe
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "omnisafe_ppolag.py"


@pytest.mark.parametrize("num_envs", [1, 2])
def test_omnisafe_ppolag_one_epoch(tmp_path, num_envs):
    steps = 1000 * num_envs       # one full Push episode per env (1000-step truncation)
    done = subprocess.run(
        [sys.executable, str(EXAMPLE), "--env", "SafetyPointPush1-v0", "--steps", str(steps),
         "--envs", str(num_envs), "--log-dir", str(tmp_path)],
        capture_output=True, text=True, timeout=900, env=dict(os.environ))
    assert done.returncode == 0, done.stderr[-4000:]
    m = re.search(r"EpRet=(\S+) EpCost=(\S+) EpLen=(\S+)", done.stdout)
    assert m, done.stdout[-2000:]
    ep_ret, ep_cost, ep_len = map(float, m.groups())
    assert ep_len == 1000.0 and ep_cost >= 0.0 and abs(ep_ret) < 1000.0


@pytest.mark.parametrize("env_id, ep_len", [("SafetyPointRace1-v0", 500.0),
                                            ("SafetyPointFadingHard1-v0", 1000.0)])
def test_ids_outside_omnisafes_list_train_with_the_documented_workaround(tmp_path, env_id,
                                                                         ep_len):
    """OmniSafe 0.5.0 knows only the ids of ``SafetyGymnasiumEnv._support_envs``; the example
    appends its id there (docs/guides/omnisafe.md) and trains one epoch (issue 35 item 9)."""
    listed = subprocess.run(
        [sys.executable, "-c", "import safety_sim.compat as c; c.install(); "
         "from omnisafe.envs.safety_gymnasium_env import SafetyGymnasiumEnv as E; "
         f"print({env_id!r} in E._support_envs)"],
        capture_output=True, text=True, timeout=300, env=dict(os.environ))
    assert listed.stdout.split()[-1:] == ["False"], listed.stderr[-2000:]  # else nothing shown
    done = subprocess.run(
        [sys.executable, str(EXAMPLE), "--env", env_id, "--steps", str(int(ep_len)),
         "--log-dir", str(tmp_path)],
        capture_output=True, text=True, timeout=900, env=dict(os.environ))
    assert done.returncode == 0, done.stderr[-4000:]
    m = re.search(r"EpRet=(\S+) EpCost=(\S+) EpLen=(\S+)", done.stdout)
    assert m, done.stdout[-2000:]
    assert float(m.group(3)) == ep_len and float(m.group(2)) >= 0.0
