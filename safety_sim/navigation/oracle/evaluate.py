"""Measure the navigation oracle: ``python -m safety_sim.navigation.oracle.evaluate [options]``.

For each agent, task (Push, Goal, Button) and level, on the registered envs
``Safety{Agent}{Task}{level}-v0``: the share of episodes (seeds ``first-seed ...``) in which the
goal is met within the episode (Push: the box in the goal; Goal: the agent in the goal; Button:
the goal button pressed), the mean steps to that first goal, goals per episode and the share of
steps with a cost, next to a uniform-random policy's on the same seeds (``--random``).
"""
from __future__ import annotations

import argparse
import time
from dataclasses import dataclass

import gymnasium
import numpy as np

from safety_sim.navigation.oracle import make_nav_oracle
from safety_sim.navigation.oracle.state import SUPPORTED_AGENTS


@dataclass
class EpisodeResult:
    steps_to_first: int | None      # steps to the first goal / goal-button press
    goals: int                      # goals reached / goal buttons pressed
    cost_steps: int                 # steps with any cost
    steps: int                      # steps taken


@dataclass
class Summary:
    episodes: int
    solved: int
    mean_first: float
    goals_per_episode: float
    cost_rate: float


def summarise(results: list[EpisodeResult]) -> Summary:
    firsts = [r.steps_to_first for r in results if r.steps_to_first is not None]
    return Summary(len(results), len(firsts), float(np.mean(firsts)) if firsts else float("nan"),
                   float(np.mean([r.goals for r in results])),
                   sum(r.cost_steps for r in results) / max(1, sum(r.steps for r in results)))


def run_episode(env_id: str, seed: int, policy: str = "oracle") -> EpisodeResult:
    """One episode of ``env_id`` with the oracle (or ``"random"`` actions seeded by ``seed``)."""
    env = gymnasium.make(env_id)
    obs, _ = env.reset(seed=seed)
    env.action_space.seed(seed)
    act = make_nav_oracle(env) if policy == "oracle" else (lambda _obs: env.action_space.sample())
    result = EpisodeResult(None, 0, 0, 0)
    while True:
        obs, _, terminated, truncated, info = env.step(act(obs))
        result.steps += 1
        result.cost_steps += info["cost"] > 0
        if info.get("goal_met"):
            result.goals += 1
            result.steps_to_first = result.steps_to_first or result.steps
        if terminated or truncated:
            break
    env.close()
    return result


def _row(name: str, s: Summary, seconds: float) -> str:
    return (f"{name:<24} {s.solved:>3}/{s.episodes:<3} {s.mean_first:>7.0f} "
            f"{s.goals_per_episode:>8.2f} {s.cost_rate:>9.4f}   ({seconds:.0f} s)")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m safety_sim.navigation.oracle.evaluate",
                                description=__doc__.split("\n\n")[0])
    p.add_argument("--tasks", nargs="+", choices=("Push", "Goal", "Button"), default=["Push"])
    p.add_argument("--agents", nargs="+", choices=SUPPORTED_AGENTS, default=list(SUPPORTED_AGENTS))
    p.add_argument("--levels", nargs="+", type=int, choices=(0, 1, 2), default=[1])
    p.add_argument("--seeds", type=int, default=20, help="episodes per row")
    p.add_argument("--first-seed", type=int, default=0)
    p.add_argument("--random", action="store_true", help="also a random policy")
    args = p.parse_args(argv)
    seeds = range(args.first_seed, args.first_seed + args.seeds)
    print(f"{'row':<24} {'solved':>7} {'steps1':>7} {'goals/ep':>8} {'cost rate':>9}")
    for task in args.tasks:
        for agent in args.agents:
            for level in args.levels:
                for policy in ("oracle", "random") if args.random else ("oracle",):
                    t0 = time.perf_counter()
                    env_id = f"Safety{agent}{task}{level}-v0"
                    summary = summarise([run_episode(env_id, seed, policy) for seed in seeds])
                    print(_row(f"{agent}{task}{level} {policy}", summary,
                               time.perf_counter() - t0))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
