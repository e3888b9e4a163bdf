"""Compile the GPU form's Warp kernels ahead of time for a GPU architecture, on a machine
without a GPU (docs/gpu.md, "Checking on a GPU"): each id is built on Warp's CPU device, reset
and stepped once (every kernel module a run creates is then known), and every module is
compiled for ``--arch`` (90: H100/H200) into ``WARP_CACHE_PATH``. Carry that folder to the GPU
machine (same Warp version, same ``WARP_CACHE_PATH``): the modules load in about 1 ms each
instead of compiling (77 s for a Point level on an H200).

    WARP_CACHE_PATH=/path/cache python scripts/gpu_aot_cache.py --arch 90 ID...
"""
from __future__ import annotations

import argparse
import sys
import time


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("ids", nargs="+")
    p.add_argument("--arch", type=int, default=90)
    p.add_argument("--ptx", action="store_true", help="PTX instead of CUBIN (driver JIT)")
    a = p.parse_args(argv)
    import numpy as np
    import warp._src.context as wpc

    import safety_sim.gpu as gpu

    for env_id in a.ids:
        start = time.perf_counter()
        env = gpu.make_vec(env_id, 2, device="cpu", output="numpy")
        env.reset(seed=0)
        space = env.single_action_space
        if hasattr(space, "spaces"):       # MultiGoal: one action per agent
            env.step({k: np.zeros((2, *box.shape)) for k, box in space.spaces.items()})
        else:
            env.step(np.zeros((2, *space.shape)))
        env.close()
        print(f"{env_id}: built and stepped on Warp's CPU device in "
              f"{time.perf_counter() - start:.0f} s", flush=True)
    start, done, failed = time.perf_counter(), 0, []
    for name, module in list(wpc.user_modules.items()):
        try:
            wpc.compile_aot_module(module, arch=a.arch, use_ptx=a.ptx)
            done += 1
        except Exception as exc:  # noqa: BLE001  (named below, the others go on)
            failed.append(f"{name}: {type(exc).__name__}: {str(exc)[:200]}")
    print(f"{done} modules compiled for sm_{a.arch} in {time.perf_counter() - start:.0f} s; "
          f"{len(failed)} failed", flush=True)
    for line in failed:
        print("  " + line)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
