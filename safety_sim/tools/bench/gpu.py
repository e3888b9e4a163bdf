"""Benchmark of the GPU form: aggregate env steps/s of the GPU vector env at each N, beside
MuJoCo Warp physics alone on the same model and N (10 substeps + forward: the limit), the time
of a reset of all N worlds, and the CPU native vector env at all cores in the same run.

``python -m safety_sim.tools.bench.gpu --ids SafetyPointGoal1-v0 ... --sizes 1024 4096 16384 65536
--device cuda`` prints one JSON line per (id, N) and a table (``safety-sim bench --vector
--device cuda`` calls :func:`run`). Random actions (uniform over the action box) are drawn on
the device; the env's own per-step read back and host work are in the figure. The first
step of each id compiles Warp's kernels (minutes; cached in ``WARP_CACHE_PATH``): it is timed
apart (``first_step_s``) and not in the rate. The rates are the steady state: the layouts that
the first reset draws ahead on host threads (``draw_ahead_s``) are waited for before timing.

From the CLI (:func:`run_gpu`) the run stops with a clear message when the ``[gpu]`` extra or
the device is missing. ``DEVICE`` is ``cuda`` (``cuda:1``, ...) for a GPU or ``cpu`` for
Warp's CPU device (the same kernels on the host: figures that say nothing about a GPU).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Any

from safety_sim import registration
from safety_sim.tools import ToolError

DEFAULT_IDS = ("SafetyPointGoal1-v0", "SafetyCarGoal1-v0", "SafetyDoggoGoal1-v0",
               "SafetyRacecarGoal1-v0", "SafetyAntGoal1-v0")
DEFAULT_SIZES = (1024, 4096, 16384, 65536)
QUICK_SIZES = (4,)


def _rate(fn, sync, seconds: float) -> tuple[float, int]:
    """Calls of ``fn`` per second over about ``seconds`` (after one untimed call)."""
    fn()
    sync()
    reps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        fn()
        reps += 1
    sync()
    return reps / (time.perf_counter() - start), reps


def bench_gpu(env_id: str, n: int, device: str, seconds: float, **kwargs) -> dict:
    import torch

    import safety_sim.gpu as gpu

    rec: dict[str, Any] = {"id": env_id, "n": n, "device": device}
    t = time.perf_counter()
    env = gpu.make_vec(env_id, n, device=device, **kwargs)
    rec["build_s"] = round(time.perf_counter() - t, 2)
    w = env.worlds
    rec["njmax"], rec["nconmax"] = w.njmax, w.nconmax
    sync = (lambda: torch.cuda.synchronize()) if w.cuda else (lambda: None)
    t = time.perf_counter()
    env.reset(seed=0)
    sync()
    rec["first_reset_s"] = round(time.perf_counter() - t, 2)
    space = env.single_action_space
    boxes = dict(space.spaces) if hasattr(space, "spaces") else {None: space}   # MultiGoal
    gen = torch.Generator(device=env.torch_device).manual_seed(0)
    bounds = {k: tuple(torch.as_tensor(b, dtype=torch.float32, device=env.torch_device)
                       for b in (box.low, box.high)) for k, box in boxes.items()}

    def step():
        acts = {k: low + (high - low) * torch.rand((n, *low.shape), generator=gen,
                                                   device=env.torch_device)
                for k, (low, high) in bounds.items()}
        env.step(acts if None not in acts else acts[None])

    t = time.perf_counter()
    step()
    sync()
    rec["first_step_s"] = round(time.perf_counter() - t, 2)
    layouts = getattr(env, "layouts", None)     # MultiGoal draws its layouts at the reset
    if layouts is not None:
        t = time.perf_counter()
        layouts.wait_ahead()    # steady state: the reset's draws ahead done (host threads)
        rec["draw_ahead_s"] = round(time.perf_counter() - t, 2)
    rate, reps = _rate(step, sync, seconds)
    rec["env_steps_per_s"] = round(rate * n)
    rec["steps_timed"] = reps
    if layouts is not None:
        rec["layouts_drawn_ahead"] = layouts.drawn_ahead
        rec["layouts_drawn_late"] = layouts.drawn_late
    with w.scope():
        phys_rate, _ = _rate(w.advance, sync, seconds)
    rec["physics_env_steps_per_s"] = round(phys_rate * n)
    rec["of_physics"] = round(rec["env_steps_per_s"] / rec["physics_env_steps_per_s"], 3)
    reset_rate, _ = _rate(lambda: env.reset(seed=1), sync, min(seconds, 5.0))
    rec["reset_all_s"] = round(1.0 / reset_rate, 4)
    env.close()
    return rec


def bench_cpu(env_id: str, n: int, seconds: float) -> dict:
    """The CPU native vector env (``mujoco.batch``, all cores) on the same machine."""
    import numpy as np

    import safety_sim

    env = safety_sim.make_vec(env_id, n)
    env.reset(seed=0)
    space = env.single_action_space
    boxes = dict(space.spaces) if hasattr(space, "spaces") else {None: space}   # MultiGoal
    rng = np.random.default_rng(0)

    def step():
        acts = {k: rng.uniform(b.low, b.high, (n, *b.shape)) for k, b in boxes.items()}
        env.step(acts if None not in acts else acts[None])

    rate, _ = _rate(step, lambda: None, seconds)
    env.close()
    return {"id": env_id, "n": n, "device": f"cpu native ({os.cpu_count()} cores)",
            "env_steps_per_s": round(rate * n)}


def run(ids=DEFAULT_IDS, sizes=DEFAULT_SIZES, device: str = "cuda", seconds: float = 5.0,
        cpu_n: int = 4096, out=sys.stdout) -> list[dict]:
    """Every (id, N) on ``device`` and the CPU native env at ``cpu_n`` worlds (0: skip it);
    one JSON line per record on ``out``, a table at the end."""
    records = []
    for env_id in ids:
        if cpu_n:
            records.append(bench_cpu(env_id, cpu_n, seconds))
            print(json.dumps(records[-1]), file=out, flush=True)
        for n in sizes:
            try:
                rec = bench_gpu(env_id, n, device, seconds)
            except Exception as exc:  # noqa: BLE001  (a row per failure, the run goes on)
                rec = {"id": env_id, "n": n, "device": device,
                       "error": f"{type(exc).__name__}: {str(exc)[:300]}"}
            records.append(rec)
            print(json.dumps(rec), file=out, flush=True)
    print(table(records), file=out, flush=True)
    return records


def table(records: list[dict]) -> str:
    rows = ["| id | N | device | env steps/s | physics alone | of physics | reset all N (s) |",
            "| --- | ---: | --- | ---: | ---: | ---: | ---: |"]
    for r in records:
        rows.append(f"| {r['id']} | {r['n']} | {r['device']} | "
                    f"{r.get('env_steps_per_s', r.get('error', ''))} | "
                    f"{r.get('physics_env_steps_per_s', '')} | {r.get('of_physics', '')} | "
                    f"{r.get('reset_all_s', '')} |")
    return "\n".join(rows)


def gpu_ids(rows, chosen: bool) -> list[str]:
    """The ids to run: the chosen navigation and MultiGoal ids (no Vision, no Debug), else
    :data:`DEFAULT_IDS` (every agent's Goal1)."""
    if not chosen:
        return list(DEFAULT_IDS)
    ids = [r.id for r in rows if (registration.is_navigation(r) or r.family == "multigoal")
           and not r.kwargs.get("vision") and not r.kwargs.get("debug")]
    if not ids:
        raise ToolError("--device: none of the selected ids is a navigation id the GPU form "
                        "runs (Push, Goal, Button, Circle, Run, MultiGoal; no Vision)")
    return ids


def run_gpu(args: argparse.Namespace, rows, seconds: float, log) -> int:
    """``safety-sim bench --vector --device DEVICE`` for ``args`` (``--ids``, ``--sizes``,
    ``--device``, ``--quick``); ToolError naming the missing extra or device before anything
    is built."""
    from safety_sim.gpu import _deps  # imports nothing heavy

    label = "safety-sim bench --device"
    try:
        mods = _deps.modules(label)
        _deps.resolve_device(args.device, label, mods)
    except (ImportError, RuntimeError, ValueError) as exc:
        raise ToolError(str(exc)) from None
    if args.sizes is not None and (not args.sizes or min(args.sizes) < 1):
        raise ToolError(f"--sizes must be positive integers, got {args.sizes}")
    sizes = args.sizes or (QUICK_SIZES if args.quick else DEFAULT_SIZES)
    ids = gpu_ids(rows, bool(args.ids))
    if log:
        log(f"bench --device {args.device}: {len(ids)} ids x N in {list(sizes)}; the first "
            "step of each id compiles Warp's kernels (minutes; WARP_CACHE_PATH keeps them)")
    records = run(ids, sizes, args.device, seconds, cpu_n=0 if args.quick else 4096)
    return 1 if any("error" in r for r in records) else 0


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m safety_sim.tools.bench.gpu", description=__doc__)
    p.add_argument("--ids", nargs="+", default=list(DEFAULT_IDS))
    p.add_argument("--sizes", nargs="+", type=int, default=list(DEFAULT_SIZES))
    p.add_argument("--device", default="cuda")
    p.add_argument("--seconds", type=float, default=5.0)
    p.add_argument("--cpu-n", type=int, default=4096,
                   help="worlds of the CPU native env row (0: no CPU row)")
    a = p.parse_args(argv)
    run(a.ids, a.sizes, a.device, a.seconds, a.cpu_n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
