#!/usr/bin/env python
"""Learning parity study: train examples/ppo_lagrangian.py with identical hyperparameters and
seeds on safety_sim (through the ``safety_gymnasium`` drop-in) and on Safety-Gymnasium 1.0.0
(its own Python 3.10 venv), then report (docs/learning_parity.md).

    python scripts/learning_parity.py setup  --ref-venv DIR --ref-python python3.10
    python scripts/learning_parity.py run    --ref-venv DIR --runs RUNS   # serial queue, resumes
    python scripts/learning_parity.py report --runs RUNS                  # figures, table, verdict

``run`` goes through the 12 runs (2 tasks x 3 seeds x 2 sides) one after another, task by task
(in ``--tasks`` order), seed by seed, the two sides of a seed together; a finished run is
skipped, an unfinished one resumes from its last checkpoint (the trainer's ``--out``). Our
side runs in this interpreter (it needs torch and safety_sim), the reference side in the
reference venv, which ``run`` creates when it is missing. Start it in the background, e.g.
``nohup nice -n 19 python scripts/learning_parity.py run ... > RUNS/queue.log 2>&1 &``.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TRAINER = ROOT / "examples" / "ppo_lagrangian.py"
TASKS = ("SafetyPointGoal1-v0", "SafetyHalfCheetahVelocity-v1")
SEEDS = (0, 1, 2)
SIDES = ("safety_sim", "reference")
TOTAL_STEPS = 1_000_000
# Passed explicitly on both sides (the trainer's defaults, CleanRL-like PPO + the Lagrangian).
HPARAMS = {"num-steps": 2048, "epochs": 10, "minibatch": 64, "lr": 3e-4, "gamma": 0.99,
           "gae-lambda": 0.95, "clip": 0.2, "vf-coef": 0.5, "ent-coef": 0.0,
           "max-grad-norm": 0.5, "hidden": 64, "cost-limit": 25.0, "lagrange-lr": 0.035,
           "lagrange-init": 0.0, "threads": 1, "save-every": 10}
# Safety-Gymnasium 1.0.0's stack. Its own pins (gymnasium-robotics, pygame, ...) are not
# installable together with numpy < 1.24, so it goes in --no-deps and its imports come after.
REF_PACKAGES = [["--no-deps", "safety-gymnasium==1.0.0", "gymnasium-robotics==1.2.2"],
                ["gymnasium==0.28.1", "mujoco==2.3.3", "numpy<1.24", "pettingzoo==1.23.1",
                 "xmltodict", "pyyaml", "imageio", "pygame", "jinja2"]]
VERSIONS = """import json, platform, sys
import gymnasium, mujoco, numpy, torch, safety_gymnasium
v = {"python": platform.python_version(), "numpy": numpy.__version__, "gymnasium":
     gymnasium.__version__, "mujoco": mujoco.__version__, "torch": torch.__version__,
     "safety_gymnasium": safety_gymnasium.__version__}
if "safety_sim" in sys.modules:
    v["safety_sim"] = sys.modules["safety_sim"].__version__
print(json.dumps(v))"""


def log(msg: str) -> None:
    print(time.strftime("%Y-%m-%d %H:%M:%S"), msg, flush=True)


def torch_version() -> str:
    import torch
    return torch.__version__.split("+")[0]


def ref_python(venv: Path) -> Path:
    return venv / "bin" / "python"


def setup(venv: Path, python: str) -> None:
    """Create the reference venv (Safety-Gymnasium 1.0.0 + this side's torch release)."""
    if ref_python(venv).exists():
        log(f"reference venv {venv} exists")
        return
    log(f"creating the reference venv {venv} with {python}")
    subprocess.run([python, "-m", "venv", str(venv)], check=True)
    pip = [str(ref_python(venv)), "-m", "pip", "install", "-q"]
    subprocess.run(pip + ["--upgrade", "pip"], check=True)
    for packages in REF_PACKAGES:
        subprocess.run(pip + packages, check=True)
    subprocess.run(pip + [f"torch=={torch_version()}", "numpy<1.24"], check=True)


def side_command(side: str, venv: Path) -> list[str]:
    if side == "safety_sim":
        return [sys.executable, "-m", "safety_sim.compat"]
    return [str(ref_python(venv))]


def versions(side: str, venv: Path) -> dict:
    if side == "safety_sim":   # the drop-in, then the same probe
        cmd = [sys.executable, "-c", "import safety_sim.compat as c; c.install()\n" + VERSIONS]
    else:
        cmd = [str(ref_python(venv)), "-c", VERSIONS]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def run_dir(runs: Path, side: str, task: str, seed: int) -> Path:
    return runs / side / task / f"seed{seed}"


def last_step(directory: Path) -> int:
    path = directory / "log.jsonl"
    if not path.exists():
        return 0
    lines = [line for line in path.read_text().splitlines() if line.strip()]
    return json.loads(lines[-1])["step"] if lines else 0


def trainer_command(side: str, venv: Path, task: str, seed: int, out: Path,
                    total: int) -> list[str]:
    args = [f"--{k}={v}" for k, v in HPARAMS.items()]
    return side_command(side, venv) + [str(TRAINER), f"--env={task}", f"--seed={seed}",
                                       f"--total-steps={total}", f"--out={out}", *args]


def run_queue(args) -> int:
    venv, runs = Path(args.ref_venv), Path(args.runs)
    runs.mkdir(parents=True, exist_ok=True)
    if "reference" in args.sides:
        setup(venv, args.ref_python)
    study = {"hparams": HPARAMS, "total_steps": args.steps, "tasks": args.tasks,
             "seeds": args.seeds, "versions": {s: versions(s, venv) for s in args.sides},
             "commands": {}}
    failed = 0
    for task in args.tasks:
        for seed in args.seeds:
            for side in args.sides:
                out = run_dir(runs, side, task, seed)
                cmd = trainer_command(side, venv, task, seed, out, args.steps)
                study["commands"][f"{side}/{task}/seed{seed}"] = " ".join(cmd)
                (runs / "study.json").write_text(json.dumps(study, indent=1))
                if last_step(out) >= args.steps:
                    log(f"done already: {side} {task} seed {seed}")
                    continue
                log(f"start {side} {task} seed {seed} (from step {last_step(out)})")
                env = {**os.environ, "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
                if side == "reference":   # the real package, not the drop-in
                    env.pop("PYTHONPATH", None)
                out.mkdir(parents=True, exist_ok=True)
                with open(out / "stdout.log", "a") as f:
                    rc = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT, env=env,
                                        cwd=ROOT).returncode
                log(f"end {side} {task} seed {seed}: rc {rc}, step {last_step(out)}")
                failed += rc != 0
    log(f"queue finished ({failed} failed)")
    return 1 if failed else 0


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("command", choices=("setup", "run", "report"))
    p.add_argument("--ref-venv", default=os.path.expanduser("~/.cache/safety_sim/parity-refvenv"))
    p.add_argument("--ref-python", default="python3.10", help="creates the reference venv")
    p.add_argument("--runs", default=os.path.expanduser("~/.cache/safety_sim/parity-runs"))
    p.add_argument("--steps", type=int, default=TOTAL_STEPS)
    p.add_argument("--tasks", nargs="+", default=list(TASKS))
    p.add_argument("--seeds", nargs="+", type=int, default=list(SEEDS))
    p.add_argument("--sides", nargs="+", choices=SIDES, default=list(SIDES))
    p.add_argument("--docs", default=str(ROOT / "docs"), help="report: where results go")
    args = p.parse_args(argv)
    if args.command == "setup":
        setup(Path(args.ref_venv), args.ref_python)
        return 0
    if args.command == "run":
        return run_queue(args)
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from learning_parity_report import report
    return report(Path(args.runs), Path(args.docs))


if __name__ == "__main__":
    sys.exit(main())
