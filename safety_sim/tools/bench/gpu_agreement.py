"""How closely the GPU form follows the CPU envs (float32 physics: not bit for bit), measured
the way the contract states it (``docs/gpu.md``).

* :func:`first_steps` -- world ``i`` of the GPU env against the CPU single env reset with seed
  ``s + i`` under the same actions: the bodies' positions after the reset, the first
  observation, and the largest observation, reward and cost differences at each step.
* :func:`episode_statistics` -- random-action episodes (``numpy.random.default_rng(seed)
  .uniform(low, high)`` per step, one episode per world) of the GPU env and of the CPU vector
  env: mean return, cost and episode length with their standard errors.
* ``python -m safety_sim.tools.bench.gpu_agreement ID... [--device cpu]`` prints both as JSON lines.
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any

import numpy as np


def first_steps(env_id: str, num_envs: int = 3, steps: int = 20, seed: int = 0,
                device: str = "cpu", **kwargs) -> dict:
    """Per-step agreement of the GPU env's worlds with the CPU single env (float64 out)."""
    import gymnasium

    import safety_sim.gpu as gpu

    env = gpu.make_vec(env_id, num_envs, device=device, output="numpy", **kwargs)
    single: Any = gymnasium.make(env_id, **kwargs).unwrapped   # a NavigationEnv
    obs, _ = env.reset(seed=seed)
    layouts, obs0 = [], []
    refs = []
    for i in range(num_envs):
        o, _ = single.reset(seed=seed + i)
        layouts.append(_layout_gap(env, single, i))
        obs0.append(float(np.abs(obs[i] - o).max()))
        refs.append(_replica(env_id, seed + i, kwargs))
    rng = np.random.default_rng(seed)
    space = env.single_action_space
    rows = []
    for k in range(steps):
        actions = rng.uniform(space.low, space.high, (num_envs, *space.shape))
        obs, rew, term, trunc, info = env.step(actions)
        d_obs: dict[str, float] = {}
        d_rew, d_cost = 0.0, 0.0
        for i, ref in enumerate(refs):
            o, r, *_, inf = ref.step(actions[i])
            for e in single.obs_layout.entries:
                gap = float(np.abs(obs[i, e.start:e.stop] - o[e.start:e.stop]).max())
                d_obs[e.key] = max(d_obs.get(e.key, 0.0), gap)
            d_rew = max(d_rew, abs(float(rew[i]) - r))
            d_cost = max(d_cost, abs(float(info["cost"][i]) - inf["cost"]))
        rows.append({"step": k + 1, "obs": max(d_obs.values()), "obs_by_key": d_obs,
                     "reward": d_rew, "cost": d_cost})
    env.close()
    return {"id": env_id, "layout_gap": layouts, "first_obs": obs0, "steps": rows}


def _layout_gap(env, single, i):
    """The largest XY difference of world ``i``'s bodies from the single env's after the
    reset (the layout is drawn exactly; the positions are MJWarp's float32)."""
    mine = env.layouts.placers[i].current(env.rules.host_xpos([i])[0])
    return max(max(abs(a - b) for a, b in zip(mine[k], single.layout[k])) for k in mine)


def _replica(env_id, seed, kwargs):
    import gymnasium

    ref = gymnasium.make(env_id, **kwargs).unwrapped
    ref.reset(seed=seed)
    return ref


def episode_statistics(make, num_envs: int = 20, steps: int = 300, seed: int = 0) -> dict:
    """One random-action episode of ``steps`` steps per world of ``make()`` (a vector env
    with ``max_episode_steps=steps``, numpy out): returns, costs and lengths, with means and
    standard errors. An episode that ends early counts what it earned until then."""
    env = make()
    space = env.single_action_space
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    ret, cost = np.zeros(num_envs), np.zeros(num_envs)
    length, live = np.zeros(num_envs, dtype=np.int64), np.ones(num_envs, dtype=bool)
    for _ in range(steps):
        actions = rng.uniform(space.low, space.high, (num_envs, *space.shape))
        _, rew, term, trunc, info = env.step(actions)
        ret += np.where(live, np.asarray(rew), 0.0)
        cost += np.where(live, np.asarray(info["cost"]), 0.0)
        length += live
        live &= ~(np.asarray(term) | np.asarray(trunc))
        if not live.any():
            break
    env.close()
    out = {}
    for name, v in (("return", ret), ("cost", cost), ("length", length.astype(float))):
        out[name] = float(v.mean())
        out[name + "_se"] = float(v.std(ddof=1) / np.sqrt(len(v)))
    return out


def compare_statistics(env_id: str, num_envs: int = 20, steps: int = 300, seed: int = 0,
                       device: str = "cpu", **kwargs) -> dict:
    """:func:`episode_statistics` of the GPU env and the CPU vector env, and for each of
    return, cost, length the gap in combined standard errors."""
    import gymnasium

    import safety_sim.gpu as gpu

    gpu_stats = episode_statistics(lambda: gpu.make_vec(
        env_id, num_envs, device=device, output="numpy", max_episode_steps=steps, **kwargs),
        num_envs, steps, seed)
    cpu_stats = episode_statistics(lambda: gymnasium.make_vec(
        env_id, num_envs, vectorization_mode="vector_entry_point", max_episode_steps=steps,
        **kwargs), num_envs, steps, seed)
    gaps = {}
    for name in ("return", "cost", "length"):
        se = np.hypot(gpu_stats[name + "_se"], cpu_stats[name + "_se"])
        diff = abs(gpu_stats[name] - cpu_stats[name])
        gaps[name] = float(diff / se) if se > 0 else (0.0 if diff == 0 else float("inf"))
    return {"id": env_id, "gpu": gpu_stats, "cpu": cpu_stats, "gap_in_se": gaps}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m safety_sim.tools.bench.gpu_agreement")
    p.add_argument("ids", nargs="+")
    p.add_argument("--device", default="cpu")
    p.add_argument("--steps", type=int, default=20, help="per-step agreement horizon")
    p.add_argument("--episodes", type=int, default=20)
    p.add_argument("--episode-steps", type=int, default=300)
    p.add_argument("--skip-stats", action="store_true")
    a = p.parse_args(argv)
    for env_id in a.ids:
        print(json.dumps(first_steps(env_id, steps=a.steps, device=a.device)), flush=True)
        if not a.skip_stats:
            print(json.dumps(compare_statistics(env_id, a.episodes, a.episode_steps,
                                                device=a.device)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
