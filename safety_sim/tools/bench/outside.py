"""Time a native vector env spends outside its simulator per world-step.

A step of the native vector env is the simulator's calls (``Batch.step``/``forward``/...,
threaded C) plus the env's own Python and numpy work around them (action checks, judging,
lidar, observations, autoreset). This module measures the second part directly: the env's
``worlds.sim`` is wrapped in a proxy that adds up the wall-clock of every simulator call; what
is left of a step's wall-clock, divided by ``N``, is the time outside the simulator per
world-step. That figure bounds the speed-up threads can give (the outside part runs largely on
one thread), which is why ``safety-sim bench --vector`` reports it.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import gymnasium

# the simulator calls a step can make (mujoco.batch.Batch and the loop fallback alike)
SIM_CALLS = frozenset({"step", "forward", "rollout", "reset", "set_const"})


class _TimedSim:
    """Forwards everything to ``inner``; adds the wall-clock of its :data:`SIM_CALLS`."""

    def __init__(self, inner) -> None:
        self.__dict__["_inner"] = inner
        self.__dict__["seconds"] = 0.0

    def __getattr__(self, name):
        value = getattr(self._inner, name)
        if name not in SIM_CALLS or not callable(value):
            return value

        def timed(*args, **kwargs):
            t0 = time.perf_counter()
            try:
                return value(*args, **kwargs)
            finally:
                self.__dict__["seconds"] += time.perf_counter() - t0
        return timed

    def __setattr__(self, name, value) -> None:
        setattr(self._inner, name, value)


def takes_threads(env_id: str) -> bool:
    """Whether the native vector env of ``env_id`` takes ``num_threads`` (its default is all
    cores, so a figure "at T threads" must pass T, 1 included)."""
    entry = gymnasium.spec(env_id).vector_entry_point
    if entry is None:
        return False
    creator = gymnasium.envs.registration.load_env_creator(entry) if isinstance(entry, str) \
        else entry
    return bool(getattr(creator, "supports_threads", False))


@dataclass(frozen=True)
class OutsideTime:
    env_id: str
    num_envs: int
    threads: int
    step_ms: float          # wall-clock of one vector step
    sim_ms: float           # of which inside the simulator's calls
    outside_us_per_world: float

    def line(self) -> str:
        return (f"{self.env_id} N={self.num_envs} threads={self.threads}: step "
                f"{self.step_ms:.2f} ms, simulator {self.sim_ms:.2f} ms, outside "
                f"{self.outside_us_per_world:.2f} us per world-step")


def outside_time(env_id: str, num_envs: int = 512, threads: int = 1, steps: int = 100,
                 warmup: int = 10, seed: int = 0) -> OutsideTime:
    """Step the native vector env of ``env_id`` ``steps`` times with seeded random actions
    (after ``warmup`` steps) and split the wall-clock into simulator and outside."""
    if steps < 1 or warmup < 0 or num_envs < 1 or threads < 1:
        raise ValueError(f"steps ({steps}), num_envs ({num_envs}) and threads ({threads}) must "
                         f"be >= 1 and warmup ({warmup}) >= 0")
    threading: dict[str, Any] = {"num_threads": threads} if takes_threads(env_id) else {}
    if threads > 1 and not threading:
        raise ValueError(f"{env_id}: its vector env runs on one thread (no num_threads)")
    env = gymnasium.make_vec(env_id, num_envs=num_envs, vectorization_mode="vector_entry_point",
                             **threading)
    try:
        inner = env.unwrapped
        worlds = getattr(inner, "worlds", None)
        if worlds is None or not hasattr(worlds, "sim"):
            raise ValueError(f"{env_id}: its vector env has no simulator worlds to time "
                             f"(only the MuJoCo families' native vector envs do)")
        timed = _TimedSim(worlds.sim)
        worlds.sim = timed
        space = env.action_space
        space.seed(seed)
        actions = [space.sample() for _ in range(min(steps, 64))]
        env.reset(seed=seed)
        for i in range(warmup):
            env.step(actions[i % len(actions)])
        timed.__dict__["seconds"] = 0.0
        t0 = time.perf_counter()
        for i in range(steps):
            env.step(actions[i % len(actions)])
        total = time.perf_counter() - t0
        sim = timed.seconds
    finally:
        env.close()
    return OutsideTime(env_id, num_envs, threads, total / steps * 1e3, sim / steps * 1e3,
                       max(total - sim, 0.0) / steps / num_envs * 1e6)


def outside_times(env_ids, num_envs: int = 512, threads: int = 1,
                  steps: int = 100) -> list[OutsideTime]:
    return [outside_time(i, num_envs, threads, steps) for i in env_ids]


def main(argv: list[str] | None = None) -> int:
    import argparse

    import safety_sim  # noqa: F401 - registers the ids

    p = argparse.ArgumentParser(prog="python -m safety_sim.tools.bench.outside",
                                description=__doc__.split("\n\n")[0])
    p.add_argument("env_ids", nargs="*", metavar="ID", default=["SafetyPointGoal1-v0"],
                   help="ids with a native vector env (default: SafetyPointGoal1-v0)")
    p.add_argument("--num-envs", type=int, nargs="+", default=[512], metavar="N",
                   help="worlds per batch (several: one line each; default 512)")
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--steps", type=int, default=100)
    args = p.parse_args(argv)
    for env_id in args.env_ids:
        for n in args.num_envs:
            print(outside_time(env_id, n, args.threads, args.steps).line(), flush=True)
    return 0


if __name__ == "__main__":
    import sys

    sys.exit(main())
