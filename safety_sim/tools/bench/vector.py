"""Vector benchmark (``safety-sim bench --vector``): aggregate env steps/s of the native
vector envs (``vectorization_mode="vector_entry_point"``) against, in the same run, the single
env, gymnasium's SyncVectorEnv at the same N and AsyncVectorEnv with one worker per core.

For every id with a vector entry point and every N in ``SIZES`` (plus ``EXTRA_SIZES`` of the
id), rounds alternate between the native env (at each thread count T it offers: 1 and all
cores for envs that take ``num_threads``), the physics alone where a runner for the family is
registered in ``PHYSICS_RUNNERS`` (the limit for MuJoCo ids), SyncVectorEnv and the
N-independent references (single env, AsyncVectorEnv), which so run throughout; each curve
point is the median over its N's rounds, each reference the median over all rounds. Actions are
seeded random batches, cycled; episodes end and autoreset as in training. Vector rewards (bottles)
are summed to a scalar for the gymnasium vector envs (they cannot batch a vector reward).
AsyncVectorEnv uses the "spawn" start method (forking a process that has used OpenGL can deadlock).

A physics runner for a family plugs in as ``PHYSICS_RUNNERS[family] = factory`` with
``factory(row, n, threads) -> runner``; a runner has ``run(seconds) -> aggregate steps/s`` and
``close()``. The navigation families (Push, Goal, Button, Circle, Run) use
:class:`NavPhysicsRunner`; without ``--ids`` only ``DEFAULT_NAV_IDS`` of them are measured.
"""
from __future__ import annotations

import os
import statistics
import time
import warnings
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol

import gymnasium
import numpy as np

from safety_sim import tools
from safety_sim.navigation.config import SUBSTEPS
from safety_sim.registration import NAVIGATION_FAMILIES, is_navigation
from safety_sim.tools.bench.outside import takes_threads
from safety_sim.tools.bench.runners import EnvRunner, RawGridRunner

SIZES = (1, 8, 32, 128, 512)
QUICK_SIZES = (1, 8)
EXTRA_SIZES = {"SafetyConveyorBelt-v0": (4096,)}
SYNC_MAX_N = 4096  # SyncVectorEnv is measured up to this N
PHYSICS_RUNNERS: dict[str, Callable] = {}
#: navigation ids measured when ``--ids`` is not given (any other one can be chosen)
DEFAULT_NAV_IDS = ("SafetyPointPush1-v0", "SafetyPointButton1-v0")
N_BATCHES = 16  # precomputed action batches, cycled
CORES = os.cpu_count() or 1


class Runner(Protocol):
    """What the vector benchmark times: ``run(seconds)`` -> env steps per second; ``close``."""

    def run(self, seconds: float) -> float: ...

    def close(self) -> None: ...


class ScalarReward(gymnasium.Wrapper):
    """For gymnasium's vector envs only: a vector reward becomes the sum of its components."""

    def step(self, action):
        obs, reward, terminated, truncated, info = self.env.step(action)
        return obs, float(np.sum(reward)), terminated, truncated, info


class VectorRunner:
    """Steps a vector env with cycled seeded action batches (autoreset does the resets)."""

    def __init__(self, env, seed: int = 0) -> None:
        self.env, self.n = env, env.num_envs
        space = env.action_space
        space.seed(seed)
        self.actions = [space.sample() for _ in range(N_BATCHES)]
        self.i = 0
        env.reset(seed=seed)

    def run(self, seconds: float) -> float:
        step, acts = self.env.step, self.actions
        steps, t0 = 0, time.perf_counter()
        deadline = t0 + seconds
        while True:
            step(acts[self.i])
            self.i = (self.i + 1) % N_BATCHES
            steps += 1
            now = time.perf_counter()
            if now >= deadline:
                break
        return self.n * steps / (now - t0)

    def close(self) -> None:
        self.env.close()


class _SingleRunner:
    """The single env through ``gymnasium.make`` (resets included), as the other runners."""

    def __init__(self, row) -> None:
        self.env = tools.make_env(row)
        self.runner: EnvRunner | RawGridRunner = EnvRunner(self.env)

    def run(self, seconds: float) -> float:
        return self.runner.run(seconds)

    def close(self) -> None:
        self.env.close()


class _RawSingleRunner(_SingleRunner):
    """Gridworlds: the raw ``env.unwrapped.step`` (the main benchmark's grid figure)."""

    def __init__(self, row) -> None:
        self.env = tools.make_env(row)
        self.runner = RawGridRunner(self.env, row.max_episode_steps)


@dataclass
class VectorResult:
    env_id: str
    curves: dict[str, dict[int, float]] = field(default_factory=dict)  # label -> {N: rate}
    references: dict[str, float] = field(default_factory=dict)  # label -> rate (any N)
    error: str | None = None


def thread_counts(row) -> tuple[int, ...]:
    """1 and all cores for native envs that take ``num_threads``, else just 1."""
    return (1, CORES) if takes_threads(row.id) and CORES > 1 else (1,)


def _native(row, n: int, threads: int):
    kwargs: dict[str, Any] = {"num_threads": threads} if len(thread_counts(row)) > 1 else {}
    return gymnasium.make_vec(row.id, n, vectorization_mode="vector_entry_point", **kwargs)


def _gym_vector(row, n: int, mode: str):
    vector_kwargs = {"context": "spawn"} if mode == "async" else {}
    return gymnasium.make_vec(row.id, n, vectorization_mode=mode, wrappers=[ScalarReward],
                              vector_kwargs=vector_kwargs, disable_env_checker=True)


def _round_rates(runners: dict[str, Runner], settings) -> dict[str, list[float]]:
    """The rate of each runner in each of the alternating rounds."""
    rates: dict[str, list[float]] = {k: [] for k in runners}
    for _ in range(settings.rounds):
        for label, runner in runners.items():
            rates[label].append(runner.run(settings.seconds))
    return rates


def _size_runners(row, n: int) -> dict[str, Runner]:
    runners: dict[str, Runner] = {}
    for t in thread_counts(row):
        runners[f"native T={t}"] = VectorRunner(_native(row, n, t))
    physics = PHYSICS_RUNNERS.get(row.family)
    if physics is not None:
        for t in thread_counts(row):
            runners[f"physics alone T={t}"] = physics(row, n, t)
    if n <= SYNC_MAX_N:
        runners["SyncVectorEnv"] = VectorRunner(_gym_vector(row, n, "sync"))
    return runners


def sizes_for(row, sizes) -> tuple[int, ...]:
    """The N measured for ``row``: ``sizes`` if given, else ``SIZES`` and the id's extras."""
    return tuple(sizes) if sizes else SIZES + EXTRA_SIZES.get(row.id, ())


def measure_id(row, sizes, settings, log=None) -> VectorResult:
    """Each N's runners alternate round by round with the references (single env,
    AsyncVectorEnv), which thus run throughout the measurement; a reference's figure is its
    median over all rounds of all N, a curve point the median over that N's rounds (on a
    shared, noisy machine a ratio then compares figures taken over the same period)."""
    res = VectorResult(row.id)
    refs: dict[str, Runner] = {"single env (gymnasium.make)": _SingleRunner(row)}
    if row.family == "gridworld":
        refs["single env raw step"] = _RawSingleRunner(row)
    refs[f"AsyncVectorEnv ({CORES} workers, spawn)"] = VectorRunner(
        _gym_vector(row, CORES, "async"))
    ref_rates: dict[str, list[float]] = {k: [] for k in refs}
    try:
        for n in sizes_for(row, sizes):
            if log:
                log(f"bench --vector: {row.id} N={n}")
            runners = _size_runners(row, n)
            try:
                rates = _round_rates({**runners, **refs}, settings)
            finally:
                for r in runners.values():
                    r.close()
            for label in runners:
                res.curves.setdefault(label, {})[n] = statistics.median(rates[label])
            for label in refs:
                ref_rates[label] += rates[label]
    finally:
        for r in refs.values():
            r.close()
    res.references = {k: statistics.median(v) for k, v in ref_rates.items()}
    return res


def vector_rows(rows, chosen: bool = True) -> list:
    """The rows with a native vector env; unless the ids were ``chosen`` (``--ids``), of the
    navigation ids (every agent, level and Vision variant has one) only ``DEFAULT_NAV_IDS``."""
    out = [r for r in rows if r.vector_entry_point is not None]
    if not chosen:
        out = [r for r in out if not is_navigation(r) or r.id in DEFAULT_NAV_IDS]
    return out


class NavPhysicsRunner:
    """``Batch`` physics alone for a navigation id: the native env's own worlds (its model,
    the layouts of ``reset(seed=0)``) advanced with cycled seeded random controls, exactly
    the physics calls of an env step -- ``SUBSTEPS`` substeps, the gremlins' mocap bodies
    moved before each where the level has them, and the closing ``mj_forward`` that makes the
    sensors describe the new state -- without the env's Python (checks, judging, lidar).
    Episodes last as long as the env's: every ``max_episode_steps`` steps the worlds go back
    to their reset state (no new layouts drawn), so that they do not drift out of the arena."""

    def __init__(self, row, n: int, threads: int) -> None:
        self.env = _native(row, n, threads)
        self.env.reset(seed=0)
        self.worlds = self.env.unwrapped.worlds
        self.start = self.worlds.sim.state.copy()
        self.episode = self.env.unwrapped.max_episode_steps
        space = self.env.action_space
        space.seed(0)
        self.actions = [space.sample() for _ in range(N_BATCHES)]
        self.i, self.n, self.t = 0, n, 0

    def run(self, seconds: float) -> float:
        worlds, acts = self.worlds, self.actions
        steps, t0 = 0, time.perf_counter()
        deadline = t0 + seconds
        while True:
            worlds.ctrl[:] = acts[self.i]
            worlds.advance(SUBSTEPS, None)
            self.i = (self.i + 1) % N_BATCHES
            self.t += 1
            if self.t == self.episode:
                worlds.sim.state[:] = self.start
                self.t = 0
            steps += 1
            now = time.perf_counter()
            if now >= deadline:
                break
        return self.n * steps / (now - t0)

    def close(self) -> None:
        self.env.close()


for _family in NAVIGATION_FAMILIES:
    PHYSICS_RUNNERS[_family] = NavPhysicsRunner


def measure(rows, sizes, settings, log=None, chosen: bool = True) -> list[VectorResult]:
    """One result per id; a failure becomes an error result, never a crash."""
    out = []
    for row in vector_rows(rows, chosen):
        try:
            with warnings.catch_warnings():
                # The passive checker's warnings (vector rewards) are not speed data.
                warnings.filterwarnings("ignore", module="gymnasium.utils.passive_env_checker")
                out.append(measure_id(row, sizes, settings, log))
        except Exception as exc:  # noqa: BLE001 - reported in the table
            out.append(VectorResult(row.id, error=f"{type(exc).__name__}: {exc}"[:160]))
    return out
