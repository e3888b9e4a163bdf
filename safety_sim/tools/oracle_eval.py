"""Measure the navigation oracles: success and cost over seeded 1000-step episodes.

    safety-sim oracle-eval                       # Point and Car on Goal1, Button1, Push1, 20 seeds
    safety-sim oracle-eval --tasks Push --levels 0 1 2 --random

For each task, agent and level the registered env ``Safety{Agent}{Task}{Level}-v0`` runs one
whole episode per seed (seeds ``first-seed ...``; the oracle keeps playing after each goal, as
the env draws a new one). Columns: *success*, the episodes in which the task's goal was met at
least once (Push: the box in the goal; Goal: the agent in the goal; Button: the goal button
pressed); *mean cost* and *max cost*, the episode cost (the sum of ``info["cost"]``, i.e. the
steps with a cost, for the navigation tasks' 0/1 cost); *goals/ep*; *steps to 1st*, the mean
step of the first goal over the successful episodes. ``--random`` adds a uniform-random policy
on the same seeds for comparison.
"""
from __future__ import annotations

import argparse
import concurrent.futures
import multiprocessing
import time
from dataclasses import dataclass

import gymnasium
import numpy as np

from safety_sim import tools  # the package first: it registers the ids (also in workers)
from safety_sim.navigation.oracle import make_nav_oracle
from safety_sim.navigation.oracle.state import SUPPORTED_AGENTS as AGENTS

TASKS = ("Goal", "Button", "Push")


@dataclass
class EpisodeResult:
    steps_to_first: int | None      # step of the first goal / goal-button press, None: never
    goals: int                      # goals reached / goal buttons pressed
    cost: float                     # sum of info["cost"] over the episode
    steps: int                      # steps taken


@dataclass
class Summary:
    episodes: int
    solved: int                     # episodes with at least one goal
    mean_first: float               # mean steps_to_first over the solved episodes
    goals_per_episode: float
    mean_cost: float                # mean episode cost
    max_cost: float                 # the costliest episode's cost

    @property
    def success(self) -> float:
        return self.solved / max(1, self.episodes)


def summarise(results: list[EpisodeResult]) -> Summary:
    firsts = [r.steps_to_first for r in results if r.steps_to_first is not None]
    costs = [r.cost for r in results] or [0.0]
    return Summary(len(results), len(firsts), float(np.mean(firsts)) if firsts else float("nan"),
                   float(np.mean([r.goals for r in results])), float(np.mean(costs)),
                   float(np.max(costs)))


def run_episode(env_id: str, seed: int, policy: str = "oracle") -> EpisodeResult:
    """One whole episode of ``env_id`` from ``reset(seed=seed)`` with the oracle (or
    ``"random"``: uniform actions from the action space seeded with ``seed``)."""
    env = gymnasium.make(env_id)
    obs, _ = env.reset(seed=seed)
    env.action_space.seed(seed)
    act = make_nav_oracle(env) if policy == "oracle" else (lambda _obs: env.action_space.sample())
    result = EpisodeResult(None, 0, 0.0, 0)
    while True:
        obs, _, terminated, truncated, info = env.step(act(obs))
        result.steps += 1
        result.cost += float(info["cost"])
        if info.get("goal_met"):
            result.goals += 1
            result.steps_to_first = result.steps_to_first or result.steps
        if terminated or truncated:
            break
    env.close()
    return result


def evaluate(env_id: str, seeds, policy: str = "oracle", jobs: int = 1) -> Summary:
    """:class:`Summary` of one episode per seed; ``jobs`` > 1 runs them in that many worker
    processes (started with forkserver/spawn: forking after OpenGL would hang)."""
    seeds = list(seeds)
    if jobs <= 1:
        return summarise([run_episode(env_id, seed, policy) for seed in seeds])
    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    with concurrent.futures.ProcessPoolExecutor(
            jobs, mp_context=multiprocessing.get_context(method)) as pool:
        return summarise(list(pool.map(run_episode, [env_id] * len(seeds), seeds,
                                       [policy] * len(seeds))))


HEADER = (f"{'row':<22} {'success':>9} {'mean cost':>9} {'max cost':>8} {'goals/ep':>8} "
          f"{'steps to 1st':>12}")


def format_row(name: str, s: Summary, seconds: float) -> str:
    return (f"{name:<22} {f'{s.solved}/{s.episodes}':>9} {s.mean_cost:>9.2f} "
            f"{s.max_cost:>8.0f} {s.goals_per_episode:>8.2f} {s.mean_first:>12.0f}"
            f"   ({seconds:.0f} s)")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--tasks", nargs="+", choices=TASKS, default=list(TASKS),
                   help="tasks (default: all three)")
    p.add_argument("--agents", nargs="+", choices=AGENTS, default=list(AGENTS),
                   help="agents (default: both)")
    p.add_argument("--levels", nargs="+", type=int, choices=(0, 1, 2), default=[1],
                   help="levels (default 1)")
    p.add_argument("--seeds", type=int, default=20, help="episodes per row (default 20)")
    p.add_argument("--first-seed", type=int, default=0,
                   help="seed of the first episode (default 0; then +1 per episode)")
    p.add_argument("--random", action="store_true", help="also a uniform-random policy")
    p.add_argument("--jobs", type=int, default=1,
                   help="worker processes (default 1; each runs whole episodes)")


def run(args: argparse.Namespace) -> int:
    seeds = range(args.first_seed, args.first_seed + args.seeds)
    print(HEADER, flush=True)
    for task in args.tasks:
        for agent in args.agents:
            for level in args.levels:
                for policy in ("oracle", "random") if args.random else ("oracle",):
                    t0 = time.perf_counter()
                    summary = evaluate(f"Safety{agent}{task}{level}-v0", seeds, policy,
                                       args.jobs)
                    print(format_row(f"{agent}{task}{level} {policy}", summary,
                                     time.perf_counter() - t0), flush=True)
    return 0


build_parser, main = tools.parser_and_main(__name__)
