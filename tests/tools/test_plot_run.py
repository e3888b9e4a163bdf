"""``safety-sim plot RUN`` draws one training run of examples/ppo_lagrangian.py from its
log.jsonl; a missing or corrupt log is a one-line error; the learning-parity report says what
it needs instead of a raw FileNotFoundError when given a single run's folder."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from PIL import Image

from safety_sim import cli
from safety_sim.tools import plot_run

ROOT = Path(__file__).resolve().parents[2]


def _log(run: Path, rows: int = 5) -> None:
    run.mkdir(parents=True, exist_ok=True)
    with open(run / "log.jsonl", "w") as f:
        for k in range(1, rows + 1):
            f.write(json.dumps({"step": 1000 * k, "ep_return": float(k), "ep_cost": 30.0 - k,
                                "lambda": 0.1 * k, "wall": float(k)}) + "\n")
        f.write(json.dumps({"step": 1000 * (rows + 1), "ep_return": None, "ep_cost": None,
                            "lambda": 0.0, "wall": 9.0}) + "\n")   # no episode ended


def test_plot_writes_a_three_panel_png(tmp_path, capsys):
    run = tmp_path / "run"
    _log(run)
    assert cli.main(["plot", str(run), "--cost-limit", "25"]) == 0
    png = run / "curves.png"
    with Image.open(png) as img:
        assert img.size == (plot_run.WIDTH, plot_run.PANEL_H * len(plot_run.PANELS) + 24)
        colours = {c for _, c in img.getcolors(1 << 16)}
    assert plot_run.LINE in colours and plot_run.LIMIT in colours
    assert "6 rollouts, last at step 6000" in capsys.readouterr().out


def test_missing_or_corrupt_logs_are_one_line_errors(tmp_path, capsys):
    assert cli.main(["plot", str(tmp_path / "nothing")]) == 2
    assert "log.jsonl not found" in capsys.readouterr().err
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad" / "log.jsonl").write_text("{not json\n")
    assert cli.main(["plot", str(tmp_path / "bad")]) == 2
    assert "log.jsonl:1: not a JSON line" in capsys.readouterr().err


def test_the_parity_report_names_what_it_needs(tmp_path):
    _log(tmp_path / "run")
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "learning_parity.py"),
                           "report", "--runs", str(tmp_path / "run"), "--docs",
                           str(tmp_path)], capture_output=True, text=True, check=False,
                          timeout=120)
    assert done.returncode != 0 and "Traceback" not in done.stderr, done.stderr
    assert "study.json not found" in done.stderr and "safety-sim plot" in done.stderr
