"""``safety-sim bench --vector --device DEVICE``: the GPU form's benchmark
(:mod:`safety_sim.gpu.bench`: env steps/s of the GPU vector env at each N beside MuJoCo Warp
physics alone and the CPU native env) from the CLI, with a clear stop when the ``[gpu]`` extra
or the device is missing.

``DEVICE`` is ``cuda`` (``cuda:1``, ...) for a GPU or ``cpu`` for Warp's CPU device (the same
kernels on the host: figures that say nothing about a GPU).
"""
from __future__ import annotations

import argparse

from safety_sim import registration
from safety_sim.tools import ToolError

QUICK_SIZES = (4,)


def gpu_ids(rows, chosen: bool) -> list[str]:
    """The ids to run: the chosen navigation base ids (no Vision), else the GPU bench's
    defaults (every agent's Goal1)."""
    from safety_sim.gpu.bench import DEFAULT_IDS   # noqa: PLC0415

    if not chosen:
        return list(DEFAULT_IDS)
    ids = [r.id for r in rows if registration.is_navigation(r) and not r.kwargs.get("vision")]
    if not ids:
        raise ToolError("--device: none of the selected ids is a navigation id the GPU form "
                        "runs (Push, Goal, Button, Circle, Run; no Vision)")
    return ids


def run_gpu(args: argparse.Namespace, rows, seconds: float, log) -> int:
    """Run the GPU benchmark for ``args`` (``--ids``, ``--sizes``, ``--device``, ``--quick``);
    ToolError naming the missing extra or device before anything is built."""
    from safety_sim.gpu import _deps   # noqa: PLC0415  (imports nothing heavy)

    label = "safety-sim bench --device"
    try:
        mods = _deps.modules(label)
        _deps.resolve_device(args.device, label, mods)
    except (ImportError, RuntimeError, ValueError) as exc:
        raise ToolError(str(exc)) from None
    from safety_sim.gpu import bench   # noqa: PLC0415

    if args.sizes is not None and (not args.sizes or min(args.sizes) < 1):
        raise ToolError(f"--sizes must be positive integers, got {args.sizes}")
    sizes = args.sizes or (QUICK_SIZES if args.quick else bench.DEFAULT_SIZES)
    ids = gpu_ids(rows, bool(args.ids))
    if log:
        log(f"bench --device {args.device}: {len(ids)} ids x N in {list(sizes)}; the first "
            "step of each id compiles Warp's kernels (minutes; WARP_CACHE_PATH keeps them)")
    records = bench.run(ids, sizes, args.device, seconds, cpu_n=0 if args.quick else 4096)
    return 1 if any("error" in r for r in records) else 0
