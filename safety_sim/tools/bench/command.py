"""Benchmark the registered environments (speed figures, not tests).

    safety-sim bench --quick               # 13 representative ids, tiny counts: ~30 s
    safety-sim bench --ids 'SafetyPoint*' --markdown
    safety-sim bench                       # all 265 ids (aliases excluded): ~45 min
    safety-sim bench --vector --markdown   # native vector envs vs single/sync/async, + PNG
    safety-sim bench --multi-agent         # make_ma beside the gymnasium -v4 envs: ~2 min

(Times measured on a 2-core x86_64 machine shared with other jobs: each id takes about 7 s,
a Vision id about 14 s, with the default settings; ``--rounds``/``--seconds`` scale that.)

Navigation (Push, Goal, Button, Circle, Run): env steps/s through `gymnasium.make` with random
actions (episodes reset as needed, resets included), beside the physical limit of the same
compiled model: raw `mujoco.mj_step(model, data, nstep=10)` on a copy of the post-reset state,
with the same controls (plain ``mj_step`` evaluates the sensors in every substep; the env does
not, as their readings there are overwritten unread, see
``safety_sim.navigation.scene.Stepper``). Rounds of the two alternate and each figure is the
median over rounds. Reset: seeded `reset(seed=k)`, median and p99. Vision ids: the cost of the
vision frame (their step time minus the base id's, measured alternately in the same run).
Gridworlds: the raw `env.unwrapped.step` rate with precomputed random actions (resets not
timed), seeded reset time and the render time of a 256x256 rgb frame. Safe Velocity: env
steps/s beside the gymnasium `-v4` env it wraps (`gymnasium.make("<Robot>-v4")`), alternating
rounds, same seeded actions, resets of ended episodes included. ``--vector``: the ids with a
native vector env instead (:mod:`safety_sim.tools.bench.vector`), a table per id and a PNG plot
(``--plot``); with ``--device cuda`` the GPU form instead (:mod:`.gpu`). ``--multi-agent``:
``make_ma`` beside the gymnasium ``-v4`` env it wraps (:mod:`.multi_agent`).
"""
from __future__ import annotations

import argparse
import dataclasses
import fnmatch
import sys
import warnings

from safety_sim import registration, tools
from safety_sim.tools import ToolError
from safety_sim.tools.bench.report import SECTIONS, report
from safety_sim.tools.bench.single import (
    QUICK,
    VARIANTS,
    Result,
    Settings,
    _variant_name,
    bench_grid,
    bench_push,
    bench_velocity,
    bench_vision,
)

#: ``--quick`` without ``--ids``: one id per navigation task and per agent, a Vision id, two
#: Safe Velocity robots and every gridworld
QUICK_IDS = ("SafetyPointPush1-v0", "SafetyCarGoal1-v0", "SafetyDoggoButton1-v0",
             "SafetyRacecarCircle1-v0", "SafetyAntRun0-v0", "SafetyPointGoal1Vision-v0",
             "SafetyHalfCheetahVelocity-v1", "SafetyHumanoidVelocity-v1",
             "SafetyConveyorBelt-v0", "SafetyBreakableBottles-v0",
             "SafetyUnbreakableBottles-v0", "SafetyBlockedUnlockPickup-v0", "SafetySynthSeq-v0")


def select(patterns: list[str] | None) -> list:
    """Canonical rows (aliases dropped) matching any glob; ToolError for a pattern that
    matches nothing."""
    canon = tools.canonical_rows()
    if not patterns:
        return canon
    alias_of = {a: c for c, al in tools.aliases().items() for a in al}
    all_ids = registration.env_ids()
    chosen: set[str] = set()
    for pattern in patterns:
        hits = fnmatch.filter(all_ids, pattern)
        if not hits:
            if not any(ch in pattern for ch in "*?["):
                tools.resolve_env_id(pattern)  # raises with close matches
            raise ToolError(f"--ids pattern {pattern!r} matches no environment id")
        chosen.update(alias_of.get(h, h) for h in hits)
    return [r for r in canon if r.id in chosen]


def _kind(row) -> str:
    if row.family == "velocity":
        return "velocity"
    if registration.is_navigation(row) or row.family == "multigoal":
        return "vision" if row.kwargs.get("vision") else "push"
    return "grid"


def _error(exc: BaseException) -> str:
    text = f"{type(exc).__name__}: {exc}".splitlines()[0]
    return text if len(text) <= 120 else text[:117] + "..."


def _measure_one(row, kind: str, extra: dict, s: Settings) -> Result:
    if kind == "push":
        return bench_push(row, s)
    if kind == "velocity":
        return bench_velocity(row, s)
    if kind == "vision":
        base = tools.base_row(row)
        if base is None:
            raise LookupError(f"no base id for {row.id}")
        return bench_vision(row, base, s)
    return bench_grid(row, extra, s)


def measure(rows, s: Settings, log=None) -> dict[str, list[Result]]:
    """Run the benchmark over ``rows``; a failure becomes an error row, never a crash."""
    out: dict[str, list[Result]] = {k: [] for k in SECTIONS}
    for row in rows:
        kind = _kind(row)
        for extra in VARIANTS.get(row.id, ({},)) if kind == "grid" else ({},):
            if log:
                log(f"bench: {row.id} {extra or ''}".rstrip())
            try:
                with warnings.catch_warnings():
                    # The passive checker's warnings (vector/dict rewards) are not speed data.
                    warnings.filterwarnings("ignore",
                                            module="gymnasium.utils.passive_env_checker")
                    res = _measure_one(row, kind, extra, s)
            except Exception as exc:  # noqa: BLE001 - reported in the table
                res = Result(_variant_name(row, extra), error=_error(exc))
            out[kind].append(res)
    return out


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--ids", nargs="+", metavar="GLOB", default=None,
                   help="ids or glob patterns (default: every id, aliases excluded)")
    p.add_argument("--quick", action="store_true",
                   help="tiny counts, and without --ids 13 representative ids (one per "
                        "navigation task and agent, a Vision id, two Safe Velocity robots, "
                        "every gridworld): a smoke run of seconds")
    p.add_argument("--markdown", action="store_true", help="print Markdown tables")
    p.add_argument("--seconds", type=float, default=None,
                   help=f"seconds per measurement per round (default {Settings.seconds})")
    p.add_argument("--rounds", type=int, default=None,
                   help=f"alternating measurement rounds (default {Settings.rounds})")
    p.add_argument("--resets", type=int, default=None,
                   help=f"seeded resets timed per id (default {Settings.resets})")
    p.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    p.add_argument("--vector", action="store_true",
                   help="benchmark the native vector envs (ids with a vector entry point)")
    p.add_argument("--sizes", type=int, nargs="+", metavar="N", default=None,
                   help="--vector: numbers of worlds (default 1 8 32 128 512, 4096 for the "
                        "conveyor belt)")
    p.add_argument("--device", default=None, metavar="DEVICE",
                   help="--vector: the GPU form (MuJoCo Warp, [gpu] extra) on DEVICE: cuda, "
                        "cuda:<i>, or cpu (Warp's CPU device)")
    p.add_argument("--plot", default="bench_vector.png", metavar="PNG",
                   help="--vector: where to write the scaling plot (default %(default)s in "
                        "the current folder)")
    p.add_argument("--multi-agent", action="store_true",
                   help="benchmark make_ma beside the gymnasium -v4 env it wraps and the "
                        "Safe Velocity env (every configuration, or --configs)")
    p.add_argument("--configs", nargs="+", metavar="SCENARIO:CONF", default=None,
                   help="--multi-agent: configurations, e.g. 'Ant:2x4' 'Humanoid:9|8'")
    p.add_argument("--replot", default=None, metavar="REPORT",
                   help="--vector: measure nothing; redraw the plot from a saved --markdown "
                        "report (e.g. docs/speed.md: docs/bench_vector.png came from it)")


def settings_from(args: argparse.Namespace) -> Settings:
    s = QUICK if args.quick else Settings()
    for name, low in (("seconds", 0.0), ("rounds", 1), ("resets", 1)):
        value = getattr(args, name)
        if value is None:
            continue
        if not value >= low or (name == "seconds" and not value > 0):
            raise ToolError(f"--{name} must be {'positive' if name == 'seconds' else '>= 1'}, "
                            f"got {value}")
        s = dataclasses.replace(s, **{name: value})
    return s


def _run_multi_agent(args: argparse.Namespace, log) -> int:
    from safety_sim.tools.bench import multi_agent

    if args.vector or args.ids is not None:
        raise ToolError("--multi-agent measures the make_ma configurations: it takes "
                        "--configs, not --vector or --ids")
    try:
        configs = multi_agent.parse_configs(args.configs)
    except ValueError as exc:
        raise ToolError(str(exc)) from None
    steps, rounds = (50, 3) if args.quick else (500, args.rounds or 25)
    return multi_agent.run(configs, steps, rounds, args.markdown, log)


def run(args: argparse.Namespace) -> int:
    s = settings_from(args)
    rows = select(args.ids or (list(QUICK_IDS) if args.quick and not args.vector else None))
    log = None if args.quiet else (lambda msg: print(msg, file=sys.stderr, flush=True))
    if args.replot is not None and not args.vector:
        raise ToolError("--replot redraws the --vector plot: add --vector")
    if args.configs is not None and not args.multi_agent:
        raise ToolError("--configs names multi-agent configurations: add --multi-agent")
    if args.multi_agent:
        return _run_multi_agent(args, log)
    if args.device is not None:
        if not args.vector:
            raise ToolError("--device needs --vector (it benchmarks the GPU vector env)")
        from safety_sim.tools.bench.gpu import run_gpu
        return run_gpu(args, rows, s.seconds * s.rounds, log)
    if args.vector:
        from safety_sim.tools.bench.vector_command import run_vector

        return run_vector(args, rows, s, log)
    results = measure(rows, s, log)
    print(report(results, s, args.markdown))
    return 1 if any(r.error for rs in results.values() for r in rs) else 0


build_parser, main = tools.parser_and_main(__name__)
