"""SafePO (a real Safety-Gymnasium caller) trains through the drop-in: its single-agent entry
point (``safepo/single_agent/ppo_lag.py --task SafetyPointGoal1-v0``) and its multi-agent
ones (``safepo/multi_agent/{mappolag,macpo}.py --task Safety2x4AntVelocity-v0``), as SafePO's
current command line has them, for a few thousand steps each.

SafePO is not on the package index (PyPI's ``safepo`` is an unrelated, empty placeholder), so
``SAFEPO_SRC`` must name a checkout of its repository; it needs torch, joblib, rich, pyyaml,
pandas, matplotlib, seaborn and tensorboard. Those runs are marked ``safepo`` and deselected
by default; .ci/extras.sh runs them where ``SAFEPO_SRC`` is set and says so where it is not.
The only change to SafePO is its own LinearLR fix, applied to a temporary copy
(``safepo_harness.py``)."""
from __future__ import annotations

import csv
import os
from pathlib import Path

import pytest
from safepo_harness import drop_linear_lr_verbose, patched_copy, run

STEPS = 4000


@pytest.fixture(scope="module")
def safepo(tmp_path_factory) -> Path:
    """A copy of the SafePO checkout in ``SAFEPO_SRC`` with SafePO's LinearLR fix applied."""
    src = os.environ.get("SAFEPO_SRC")
    if not src or not (Path(src) / "safepo" / "single_agent" / "ppo_lag.py").is_file():
        pytest.fail("SAFEPO_SRC must name a checkout of SafePO "
                    f"(PKU-Alignment/Safe-Policy-Optimization); got {src!r}")
    copy = tmp_path_factory.mktemp("safepo")
    changed = patched_copy(Path(src), copy)
    assert "safepo/single_agent/ppo_lag.py" in changed, changed
    return copy


def _progress(root: Path) -> list[dict]:
    (progress,) = root.rglob("progress.csv")
    return list(csv.DictReader(progress.open()))


@pytest.mark.safepo
@pytest.mark.parametrize("num_envs", [1, 2])
def test_single_agent_ppo_lag_trains_two_epochs(safepo, tmp_path, num_envs):
    """``--num-envs 2`` runs the drop-in's SafetyAsyncVectorEnv under SafePO's
    ``SafeNormalizeObservation`` (gymnasium 0.28's NormalizeObservation on a gymnasium 1.x
    vector env), its workers importing SafePO again."""
    done = run(safepo, "single_agent/ppo_lag.py",
               ["--task", "SafetyPointGoal1-v0", "--num-envs", str(num_envs), "--total-steps",
                str(STEPS), "--steps-per-epoch", "2000", "--log-dir", str(tmp_path / "runs")],
               cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-4000:]
    rows = _progress(tmp_path / "runs")
    assert [float(r["Train/TotalSteps"]) for r in rows] == [2000.0, 4000.0]
    # Goal1 episodes end at the 1000-step time limit; hazards make some cost likely
    assert all(float(r["Metrics/EpLen"]) == 1000.0 for r in rows)
    assert all(float(r["Metrics/EpCost"]) >= 0.0 for r in rows)


@pytest.mark.safepo
@pytest.mark.parametrize("algo", ["mappolag", "macpo"])
def test_multi_agent_entry_points_train_on_make_ma(safepo, tmp_path, algo):
    """``--task Safety2x4AntVelocity-v0``: SafePO maps it to Ant 2x4 and subclasses the
    drop-in's SafeMAEnv; one 1000-step episode per logged epoch."""
    work = tmp_path / "work"
    work.mkdir()
    done = run(safepo, f"multi_agent/{algo}.py",
               ["--task", "Safety2x4AntVelocity-v0", "--num-envs", "1", "--total-steps",
                str(STEPS), "--experiment", "safety-sim"], cwd=work)
    assert done.returncode == 0, done.stderr[-4000:]
    rows = _progress(tmp_path / "runs" / "safety-sim" / "Safety2x4AntVelocity-v0" / algo)
    assert [float(r["Train/TotalSteps"]) for r in rows] == [1000.0, 2000.0, 3000.0, 4000.0]
    assert all(float(r["Metrics/EpCost"]) >= 0.0 for r in rows)


def test_the_linear_lr_fix_drops_only_verbose():
    """The harness's source fix, on SafePO's form of the call and on others."""
    safepo_form = ("    actor_scheduler = LinearLR(\n        actor_optimizer,\n"
                   "        start_factor=1.0,\n        end_factor=0.0,\n"
                   "        total_iters=epochs,\n        verbose=False,\n    )\n")
    assert drop_linear_lr_verbose(safepo_form) == safepo_form.replace(
        "\n        verbose=False,", "")
    assert drop_linear_lr_verbose("LinearLR(opt, total_iters=f(3), verbose=True)") == \
        "LinearLR(opt, total_iters=f(3))"
    untouched = "Logger(verbose=True)\nLinearLR(opt)\n"
    assert drop_linear_lr_verbose(untouched) == untouched
