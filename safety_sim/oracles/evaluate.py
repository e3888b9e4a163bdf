"""Measure the navigation oracle: ``python -m safety_sim.oracles.evaluate [options]``.

Push (real envs ``Safety{Agent}Push{level}-v0``): per agent and level, the share of episodes
(seeds ``first-seed ...``) in which the box reaches the goal within 1000 steps, the mean
steps to that first goal, goals per episode, and the share of steps with a cost, next to a
uniform-random policy's on the same seeds (``--random``). Goal and Button: the emulations of
:mod:`safety_sim.oracles.emulate` (estimates until those envs exist).
"""
from __future__ import annotations

import argparse
import time
from dataclasses import dataclass

import gymnasium
import numpy as np

from safety_sim.oracles import emulate, make_nav_oracle
from safety_sim.oracles.state import SUPPORTED_AGENTS


@dataclass
class Summary:
    episodes: int
    solved: int
    mean_first: float
    goals_per_episode: float
    cost_rate: float


def summarise(results: list[emulate.EpisodeResult], steps: int) -> Summary:
    firsts = [r.steps_to_first for r in results if r.steps_to_first is not None]
    return Summary(len(results), len(firsts), float(np.mean(firsts)) if firsts else float("nan"),
                   float(np.mean([r.goals for r in results])),
                   sum(r.cost_steps for r in results) / max(1, steps))


def run_push(agent: str, level: int, seed: int,
             policy: str = "oracle") -> tuple[emulate.EpisodeResult, int]:
    """One Push episode with the oracle (or ``"random"`` actions seeded by ``seed``)."""
    env = gymnasium.make(f"Safety{agent}Push{level}-v0")
    obs, _ = env.reset(seed=seed)
    env.action_space.seed(seed)
    act = make_nav_oracle(env) if policy == "oracle" else (lambda _obs: env.action_space.sample())
    result, steps = emulate.EpisodeResult(None, 0, 0), 0
    for t in range(1000):
        obs, _, terminated, truncated, info = env.step(act(obs))
        steps += 1
        result.cost_steps += info["cost"] > 0
        if info.get("goal_met"):
            result.goals += 1
            result.steps_to_first = result.steps_to_first or t + 1
        if terminated or truncated:
            break
    env.close()
    return result, steps


def _row(name: str, s: Summary, seconds: float) -> str:
    return (f"{name:<22} {s.solved:>3}/{s.episodes:<3} {s.mean_first:>7.0f} "
            f"{s.goals_per_episode:>8.2f} {s.cost_rate:>9.4f}   ({seconds:.0f} s)")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m safety_sim.oracles.evaluate",
                                description=__doc__.split("\n\n")[0])
    p.add_argument("--task", choices=("push", "goal", "button"), default="push")
    p.add_argument("--agents", nargs="+", choices=SUPPORTED_AGENTS, default=list(SUPPORTED_AGENTS))
    p.add_argument("--levels", nargs="+", type=int, choices=(0, 1, 2), default=[1])
    p.add_argument("--seeds", type=int, default=20, help="episodes per row")
    p.add_argument("--first-seed", type=int, default=0)
    p.add_argument("--random", action="store_true", help="also a random policy (push)")
    args = p.parse_args(argv)
    seeds = range(args.first_seed, args.first_seed + args.seeds)
    print(f"{'row':<22} {'solved':>7} {'steps1':>7} {'goals/ep':>8} {'cost rate':>9}")
    for agent in args.agents:
        if args.task != "push":
            t0 = time.perf_counter()
            run = emulate.run_goal if args.task == "goal" else emulate.run_button
            results = [run(agent, seed) for seed in seeds]
            print(_row(f"{agent} {args.task} (emul.)", summarise(results, 1000 * len(results)),
                       time.perf_counter() - t0))
            continue
        for level in args.levels:
            for policy in ("oracle", "random") if args.random else ("oracle",):
                t0 = time.perf_counter()
                runs = [run_push(agent, level, seed, policy) for seed in seeds]
                summary = summarise([r for r, _ in runs], sum(n for _, n in runs))
                print(_row(f"{agent}Push{level} {policy}", summary, time.perf_counter() - t0))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
