"""Vision steps per second of the native CPU vector env (MuJoCo's OpenGL renderer, one world
after another) against the GPU form with MuJoCo Warp's renderer (``docs/gpu.md``, issue 34):
``python -m safety_sim.tools.bench.gpu_vision_speed [--device cpu] [--n 4] [--size 256]
[--steps 20] ID``.

Both at the same N and image size (the CPU env draws 256 x 256, the reference's size), random
actions, the time of ``--steps`` steps after two warm-up steps; prints env steps/s (N worlds
per step), and for the GPU form the renderer alone (refit + render of all N worlds).
"""
from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np


def cpu_rate(env_id: str, n: int, steps: int, seed: int = 0) -> float:
    """Env steps/s of the native CPU vector env (its Vision frames: OpenGL, ``MUJOCO_GL``)."""
    import gymnasium as gym  # the ids are registered: safety_sim/__init__ ran on this import

    env = gym.make_vec(env_id, n, vectorization_mode="vector_entry_point")
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    space: Any = env.single_action_space    # a Box (the navigation action space)
    for _ in range(2):
        env.step(rng.uniform(space.low, space.high, (n, *space.shape)))
    t = time.perf_counter()
    for _ in range(steps):
        env.step(rng.uniform(space.low, space.high, (n, *space.shape)))
    rate = n * steps / (time.perf_counter() - t)
    env.close()
    return rate


def warp_rates(env_id: str, n: int, size: int, steps: int, device: str,
               seed: int = 0) -> tuple[float, float]:
    """(env steps/s, renders of all N worlds per second x N) of the GPU form on ``device``."""
    import torch

    import safety_sim.gpu as gpu

    env = gpu.make_vec(env_id, n, device=device, vision_size=size)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    space: Any = env.single_action_space    # a Box (the navigation action space)

    def act():
        return torch.as_tensor(rng.uniform(space.low, space.high, (n, *space.shape)),
                               dtype=torch.float32)

    for _ in range(2):
        env.step(act())
    sync = torch.cuda.synchronize if device.startswith("cuda") else (lambda: None)
    sync()
    t = time.perf_counter()
    for _ in range(steps):
        env.step(act())
    sync()
    rate = n * steps / (time.perf_counter() - t)
    t = time.perf_counter()
    for _ in range(steps):
        env.camera.render()
    sync()
    render = n * steps / (time.perf_counter() - t)
    env.close()
    return rate, render


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("id")
    p.add_argument("--device", default="cpu")
    p.add_argument("--n", type=int, default=4)
    p.add_argument("--size", type=int, default=256)
    p.add_argument("--steps", type=int, default=20)
    p.add_argument("--skip-cpu", action="store_true", help="only the GPU form")
    a = p.parse_args(argv)
    if not a.skip_cpu:
        print(f"{a.id} N={a.n} 256x256 CPU vector env (OpenGL): "
              f"{cpu_rate(a.id, a.n, a.steps):.1f} env steps/s", flush=True)
    env_rate, render = warp_rates(a.id, a.n, a.size, a.steps, a.device)
    print(f"{a.id} N={a.n} {a.size}x{a.size} GPU form on {a.device} (MuJoCo Warp renderer): "
          f"{env_rate:.1f} env steps/s; renderer alone {render:.1f} images/s", flush=True)


if __name__ == "__main__":
    main()
