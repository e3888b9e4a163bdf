"""What a GPU-form step costs besides its physics: the env of each id at each N with
``WarpWorlds.advance`` replaced by a no-op (the worlds stand still; every rule, read back and
host step still runs), steps timed over a few seconds, and a reset of all N worlds. On Warp's
CPU device torch runs the rules on the host's cores; on a GPU they are device kernels, so the
figure there is the host's share (docs/gpu.md, "MultiGoal: two agents").

    python scripts/bench_gpu_host_share.py --ids SafetyPointMultiGoal1-v0 --sizes 1024 16384
"""
from __future__ import annotations

import argparse
import json
import sys
import time


def measure(env_id: str, n: int, device: str, seconds: float) -> dict:
    import torch

    import safety_sim

    env = safety_sim.make_vec(env_id, n, device=device)
    start = time.perf_counter()
    env.reset(seed=0)
    reset = time.perf_counter() - start
    env.worlds.advance = lambda: None       # the physics skipped: the rest of a step
    space = env.single_action_space
    boxes = dict(space.spaces) if hasattr(space, "spaces") else {None: space}
    acts = {k: torch.zeros((n, *b.shape), device=env.torch_device) for k, b in boxes.items()}
    action = acts if None not in acts else acts[None]
    env.step(action)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.step(action)
        steps += 1
    if env.worlds.cuda:
        torch.cuda.synchronize()
    took = time.perf_counter() - start
    env.close()
    return {"id": env_id, "n": n, "device": device, "reset_all_s": round(reset, 2),
            "step_without_physics_ms": round(1e3 * took / steps, 1), "steps_timed": steps}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python scripts/bench_gpu_host_share.py",
                                description=__doc__.split("\n\n")[0])
    p.add_argument("--ids", nargs="+", default=["SafetyPointMultiGoal1-v0"])
    p.add_argument("--sizes", nargs="+", type=int, default=[1024, 16384])
    p.add_argument("--device", default="cpu")
    p.add_argument("--seconds", type=float, default=5.0)
    a = p.parse_args(argv)
    for env_id in a.ids:
        for n in a.sizes:
            print(json.dumps(measure(env_id, n, a.device, a.seconds)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
