"""The single envs' measurements of ``safety-sim bench``, one function per family: navigation
(env beside its physics limit), Safe Velocity (beside the gymnasium ``-v4`` env), Vision ids
(the frame's cost) and gridworlds (raw step, reset and render time). :mod:`.command` picks the
function for each id and prints the tables (:mod:`.report`).
"""
from __future__ import annotations

import statistics
import time
import warnings
from dataclasses import dataclass, field

import gymnasium
import numpy as np

from safety_sim import tools
from safety_sim.tools.bench.runners import (
    EnvRunner,
    PhysicsRunner,
    RawGridRunner,
    _actions,
    _reset_times,
)

# Extra configurations measured for some ids (kwargs passed to gymnasium.make).
VARIANTS = {"SafetyBlockedUnlockPickup-v0": ({"agents": 1}, {"agents": 2}, {"agents": 3})}


@dataclass(frozen=True)
class Settings:
    seconds: float = 0.5  # per measurement per round
    rounds: int = 5
    resets: int = 200
    frames: int = 50


QUICK = Settings(seconds=0.03, rounds=2, resets=5, frames=3)
@dataclass
class Result:
    name: str
    cells: dict = field(default_factory=dict)
    error: str | None = None


def _alternate(first, second, s: Settings) -> tuple[list[float], list[float]]:
    """Rates of two runners measured in alternating rounds (``s.rounds`` x ``s.seconds``
    each), so that both see the same machine load."""
    a, b = [], []
    for _ in range(s.rounds):
        a.append(first.run(s.seconds))
        b.append(second.run(s.seconds))
    return a, b


def bench_push(row, s: Settings) -> Result:
    env = tools.make_env(row)
    try:
        runner = EnvRunner(env)
        base = env.unwrapped
        physics = PhysicsRunner(base.model, base.data, runner.actions,
                                getattr(base, "mocap_motion", None))
        env_rates, raw_rates = _alternate(runner, physics, s)
        ratios = [e / r for e, r in zip(env_rates, raw_rates)]
        med, p99 = _reset_times(env.reset, s.resets)
        lengths = runner.lengths
        return Result(row.id, {
            "env steps/s": statistics.median(env_rates),
            "physics steps/s": statistics.median(raw_rates),
            "ratio": statistics.median(ratios), "reset median ms": med, "reset p99 ms": p99,
            "mean episode steps": float(np.mean(lengths)) if lengths else f"> {runner.t}"})
    finally:
        env.close()


def bench_velocity(row, s: Settings) -> Result:
    from safety_sim.velocity.env import quiet_model_warnings
    from safety_sim.velocity.robots import ROBOTS

    env = tools.make_env(row)
    with warnings.catch_warnings(), quiet_model_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)   # "-v4 is out of date"
        v4 = gymnasium.make(ROBOTS[row.kwargs["robot"]].base_id)
    try:
        ours, theirs = EnvRunner(env), EnvRunner(v4)
        our_rates, v4_rates = _alternate(ours, theirs, s)
        ratios = [a / b for a, b in zip(our_rates, v4_rates)]
        med, _ = _reset_times(env.reset, s.resets)
        lengths = ours.lengths
        return Result(row.id, {
            "env steps/s": statistics.median(our_rates),
            "gymnasium -v4 steps/s": statistics.median(v4_rates),
            "ratio": statistics.median(ratios), "reset median ms": med,
            "mean episode steps": float(np.mean(lengths)) if lengths else f"> {ours.t}"})
    finally:
        env.close()
        v4.close()


def bench_vision(row, base_row, s: Settings) -> Result:
    env, base_env = tools.make_env(row), tools.make_env(base_row)
    try:
        vis, ref = EnvRunner(env), EnvRunner(base_env)
        vis_rates, ref_rates = _alternate(vis, ref, s)
        frame = [1e3 / v - 1e3 / b for v, b in zip(vis_rates, ref_rates)]
        med, _ = _reset_times(env.reset, max(1, s.resets // 10))
        return Result(row.id, {"env steps/s": statistics.median(vis_rates),
                               "base id steps/s": statistics.median(ref_rates),
                               "vision frame ms": statistics.median(frame),
                               "reset median ms": med})
    finally:
        env.close()
        base_env.close()


def _render_ms(row, extra: dict, s: Settings) -> float:
    env = tools.make_env(row, "rgb_array", width=256, height=256, **extra)
    try:
        env.reset(seed=0)
        frame = env.render()  # builds the scene and the GL context: not timed
        if np.asarray(frame).shape[:2] != (256, 256):
            raise RuntimeError(f"render() returned shape {np.asarray(frame).shape}")
        acts, times = _actions(env.action_space, 1, max(s.frames, 1)), []
        for a in acts:
            _, _, term, trunc, _ = env.step(a)
            t0 = time.perf_counter()
            env.render()
            times.append(time.perf_counter() - t0)
            if tools.episode_over(term, trunc):
                env.reset()
        return 1e3 * statistics.median(times)
    finally:
        env.close()


def bench_grid(row, extra: dict, s: Settings) -> Result:
    env = tools.make_env(row, **extra)
    try:
        runner = RawGridRunner(env, row.max_episode_steps)
        rate = statistics.median(runner.run(s.seconds) for _ in range(s.rounds))
        med, p99 = _reset_times(env.unwrapped.reset, s.resets)
    finally:
        env.close()
    return Result(_variant_name(row, extra), {
        "raw steps/s": rate, "reset median ms": med, "reset p99 ms": p99,
        "render ms (256x256)": _render_ms(row, extra, s)})


def _variant_name(row, extra: dict) -> str:
    return row.id + (f" ({', '.join(f'{k}={v}' for k, v in extra.items())})" if extra else "")
