"""Benchmark MultiGoal's native vector env (``safety_sim.make_vec``; speed figures, not tests).

    python scripts/bench_multigoal_vector.py                      # Point 0-2, N 8 and 64
    python scripts/bench_multigoal_vector.py --ids SafetyAntMultiGoal1-v0 --sizes 32 --rounds 9

For each id, N and thread count T, rounds alternate between (a) the vector env (random action
batches, cycled; worlds autoreset as in training), (b) its physics alone -- the same batch
calls on another env of the same id: the controls written, 10 substeps and ``mj_forward`` in
one ``mujoco.batch`` call -- the limit the env can reach, and (c) N single envs stepped one
after the other (what gymnasium's SyncVectorEnv would do; it cannot batch two agents' rewards).
Each figure is the median over rounds, in env steps/s summed over the worlds (an env step of
one world moves both its agents). Reset: a seeded reset of all N worlds, and of N single envs.
gymnasium's AsyncVectorEnv is not measured (it cannot carry the per-agent dicts either).
"""
from __future__ import annotations

import argparse
import statistics
import time

import gymnasium
import numpy as np

import safety_sim
from safety_sim.vector.mujoco_batch import STAGE_ACC

AGENTS = ("agent_0", "agent_1")
BATCHES = 8


def rate(step, seconds: float, worlds: int) -> float:
    """Env steps/s of ``step()`` (one call steps ``worlds`` worlds) over ``seconds``."""
    calls, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        step(calls)
        calls += 1
    return calls * worlds / elapsed


def measure(env_id: str, n: int, threads: int, rounds: int, seconds: float) -> dict:
    venv = safety_sim.make_vec(env_id, n, num_threads=threads)
    phys = safety_sim.make_vec(env_id, n, num_threads=threads)
    singles = [gymnasium.make(env_id) for _ in range(n)]
    start = time.perf_counter()
    venv.reset(seed=0)
    reset_vec = time.perf_counter() - start
    start = time.perf_counter()
    for i, env in enumerate(singles):
        env.reset(seed=i)
    reset_single = time.perf_counter() - start
    phys.reset(seed=0)
    venv.action_space.seed(0)
    acts = [venv.action_space.sample() for _ in range(BATCHES)]
    ctrls = [np.concatenate([a[k] for k in AGENTS], axis=1) for a in acts]
    one = [[{k: a[k][i] for k in AGENTS} for i in range(n)] for a in acts]
    worlds = phys.unwrapped.worlds

    def env_step(k: int) -> None:
        venv.step(acts[k % BATCHES])

    def physics_step(k: int) -> None:
        worlds.ctrl[:] = ctrls[k % BATCHES]
        worlds.sim.step(None, 10, STAGE_ACC)

    def singles_step(k: int) -> None:
        for env, a in zip(singles, one[k % BATCHES]):
            _, _, term, trunc, _ = env.step(a)
            if term["agent_0"] or trunc["agent_0"]:
                env.reset()

    out: dict = {"env": [], "physics": [], "singles": []}
    for _ in range(rounds):
        out["env"].append(rate(env_step, seconds, n))
        out["physics"].append(rate(physics_step, seconds, n))
        out["singles"].append(rate(singles_step, seconds, n))
    for env in (venv, phys, *singles):
        env.close()
    result = {k: statistics.median(v) for k, v in out.items()}
    result.update(reset_vec=reset_vec, reset_single=reset_single)
    return result


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--ids", nargs="+", default=[f"SafetyPointMultiGoal{k}-v0" for k in range(3)])
    p.add_argument("--sizes", nargs="+", type=int, default=[8, 64])
    p.add_argument("--threads", nargs="+", type=int, default=None,
                   help="thread counts (default: 1 and all cores)")
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--seconds", type=float, default=0.5)
    args = p.parse_args(argv)
    import os

    threads = args.threads or sorted({1, os.cpu_count() or 1})
    print("| id | N | T | env steps/s | physics alone | env / physics | N single envs "
          "| env / singles | reset of N worlds (ms) | N single resets (ms) |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for env_id in args.ids:
        for n in args.sizes:
            for t in threads:
                r = measure(env_id, n, t, args.rounds, args.seconds)
                print(f"| {env_id} | {n} | {t} | {r['env']:,.0f} | {r['physics']:,.0f} | "
                      f"{r['env'] / r['physics']:.0%} | {r['singles']:,.0f} | "
                      f"{r['env'] / r['singles']:.2f} | {1e3 * r['reset_vec']:.1f} | "
                      f"{1e3 * r['reset_single']:.1f} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
