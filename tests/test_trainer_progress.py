"""The PPO-Lagrangian example reports as it goes: one line per rollout, printed when the
rollout ends (not only at the end of the run), and its log draws with ``safety-sim plot``.
Needs torch (the [train] extra): marked ``train``; .ci/extras.sh runs it."""
from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

from safety_sim import cli

pytestmark = pytest.mark.train
TRAINER = Path(__file__).resolve().parents[1] / "examples" / "ppo_lagrangian.py"
SHORT = ["--env", "SafetyPointGoal1-v0", "--max-episode-steps", "50", "--total-steps", "300",
         "--num-steps", "100", "--epochs", "1", "--minibatch", "50", "--seed", "1"]


@pytest.fixture(scope="module")
def trainer():
    import safety_sim.compat
    safety_sim.compat.install()     # the trainer imports safety_gymnasium: ours
    spec = importlib.util.spec_from_file_location("ppo_lagrangian_progress", TRAINER)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    yield module
    safety_sim.compat.uninstall()


def test_one_line_per_rollout_as_it_ends_then_a_plot(trainer, tmp_path, capsys, monkeypatch):
    seen = []
    real_update = trainer.ppo_update

    def update(*args, **kwargs):        # what has been printed when each update starts
        seen.append(capsys.readouterr().out)
        return real_update(*args, **kwargs)

    monkeypatch.setattr(trainer, "ppo_update", update)
    history = trainer.main([*SHORT, "--out", str(tmp_path / "run")])
    out = "".join(seen) + capsys.readouterr().out
    lines = re.findall(r"^rollout (\d+)/(\d+)  step (\d+)  return \S+  cost \S+  lambda", out,
                       re.M)
    assert [(int(k), int(n), int(s)) for k, n, s in lines] == [
        (k + 1, len(history), row["step"]) for k, row in enumerate(history)]
    assert "rollout 1/" in seen[1]       # printed before the second update began
    assert f"safety-sim plot {tmp_path / 'run'}" in out
    assert cli.main(["plot", str(tmp_path / "run")]) == 0
    assert (tmp_path / "run" / "curves.png").stat().st_size > 0
