"""Step rate of ``make_ma`` beside the gymnasium ``-v4`` env it wraps (speed figures, not tests).

    safety-sim bench --multi-agent                      # every configuration, ~2 minutes
    safety-sim bench --multi-agent --quick --markdown
    python -m safety_sim.tools.bench.multi_agent --steps 200 --configs Ant:2x4

For each configuration: ``make_ma(scenario, agent_conf).step`` with precomputed random
per-agent actions, ``gymnasium.make("<scenario>-v4").step`` (the single-robot env the
reference's ``make_ma`` wraps) with the same actions mapped to the robot, and our own
``Safety<scenario>Velocity-v1`` (``safety_sim.make``). In round ``k`` each env is reset with
seed ``k`` and runs the same actions until its episode ends or ``--steps`` steps: the three
simulate the very same trajectory, so they differ only in the work around the physics. The
order of the three changes from round to round; rates are medians over rounds and ``ratio``
(make_ma rate / ``-v4`` rate, target >= 0.9) is the median of the per-round ratios, which a
load change between rounds does not bias.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
import warnings
from dataclasses import dataclass

import gymnasium
import numpy as np

from safety_sim.multi_agent.env import SafeMAEnv, make_ma
from safety_sim.multi_agent.task import CONFIGURATIONS


def _ma_done(env, out) -> bool:          # PettingZoo's way: no agents left
    return not env.agents


def _five_done(env, out) -> bool:        # gymnasium's 5-tuple
    return out[2] or out[3]


def _six_done(env, out) -> bool:         # Safety-Gymnasium's 6-tuple
    return out[3] or out[4]


class _Runner:
    """Runs one seeded episode of an env on a list of actions, timed (the reset is not);
    ``done(env, step_output)`` says that the episode has ended (each API has its own way)."""

    def __init__(self, env, actions, done) -> None:
        self.env, self.actions, self.done = env, actions, done

    def run(self, seed: int) -> tuple[int, float]:
        """(steps, seconds) of the episode from ``reset(seed=seed)``."""
        env, done = self.env, self.done
        env.reset(seed=seed)
        steps, start = 0, time.perf_counter()
        for action in self.actions:
            out = env.step(action)
            steps += 1
            if done(env, out):
                break
        return steps, time.perf_counter() - start


@dataclass
class Row:
    scenario: str
    agent_conf: str
    agents: int
    make_ma: float
    v4: float
    velocity: float
    ratio: float


def _global(env: SafeMAEnv, actions: dict) -> np.ndarray:
    """The robot action the agents' actions map to (for the single-robot runners)."""
    return env.map_local_actions_to_global_action(actions)


def bench_configuration(scenario: str, agent_conf: str, steps: int = 500,
                        rounds: int = 25) -> Row:
    import safety_sim.api as api  # noqa: F401  (registers the Safe Velocity ids)
    from safety_sim.compat.wrappers import make

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ma = make_ma(scenario, agent_conf)
        v4 = gymnasium.make(f"{scenario}-v4")
        vel = make(f"Safety{scenario}Velocity-v1")
    rng = np.random.default_rng(0)
    ma_actions = [{a: rng.uniform(ma.action_space(a).low, ma.action_space(a).high)
                   for a in ma.possible_agents} for _ in range(steps)]
    robot_actions = [_global(ma, a) for a in ma_actions]
    runners = {"make_ma": _Runner(ma, ma_actions, _ma_done),
               "v4": _Runner(v4, robot_actions, _five_done),
               "velocity": _Runner(vel, robot_actions, _six_done)}
    names = list(runners)
    rates: dict[str, list[float]] = {k: [] for k in runners}
    for k in range(rounds):
        lengths = set()
        for name in names[k % 3:] + names[:k % 3]:
            n, seconds = runners[name].run(seed=k)
            rates[name].append(n / seconds)
            lengths.add(n)
        if len(lengths) != 1:
            raise RuntimeError(f"{scenario} {agent_conf}: the envs' episodes of seed {k} "
                               f"differ in length {sorted(lengths)}: not the same trajectory")
    for env in (ma, v4, vel):
        env.close()
    med = {k: statistics.median(v) for k, v in rates.items()}
    ratio = statistics.median(m / v for m, v in zip(rates["make_ma"], rates["v4"]))
    return Row(scenario, agent_conf, ma.num_agents, med["make_ma"], med["v4"], med["velocity"],
               ratio)


def format_rows(rows: list[Row], markdown: bool) -> str:
    head = ("configuration", "agents", "make_ma steps/s", "-v4 steps/s", "ratio",
            "Safety*Velocity-v1 steps/s")
    cells = [(f"{r.scenario} {r.agent_conf}", str(r.agents), f"{r.make_ma:,.0f}",
              f"{r.v4:,.0f}", f"{r.ratio:.2f}", f"{r.velocity:,.0f}") for r in rows]
    if markdown:
        lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        lines += ["| " + " | ".join(c) + " |" for c in cells]
    else:
        widths = [max(len(x) for x in col) for col in zip(head, *cells)]
        lines = ["  ".join(x.rjust(w) for x, w in zip(row, widths)) for row in (head, *cells)]
    return "\n".join(lines)


def parse_configs(texts: list[str] | None) -> list[tuple[str, str]]:
    """``["Ant:2x4", ...]`` as (scenario, agent_conf) pairs; None or empty: every
    configuration. ValueError for a text that is not ``SCENARIO:CONF``."""
    if not texts:
        return list(CONFIGURATIONS)
    pairs = [tuple(t.split(":", 1)) for t in texts]
    bad = [t for t, pair in zip(texts, pairs) if len(pair) != 2 or not all(pair)]
    if bad:
        raise ValueError(f"--configs takes SCENARIO:CONF (e.g. 'Ant:2x4'), got {bad}")
    return [(scenario, conf) for scenario, conf in pairs]


def run(configs: list[tuple[str, str]], steps: int, rounds: int, markdown: bool,
        log=None) -> int:
    """Measure every configuration and print the table; ``log(message)`` reports each ratio
    as it comes (or None)."""
    rows = []
    for scenario, conf in configs:
        rows.append(bench_configuration(scenario, conf, steps, rounds))
        if log:
            log(f"{scenario} {conf}: ratio {rows[-1].ratio:.2f}")
    print(format_rows(rows, markdown))
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m safety_sim.tools.bench.multi_agent",
                                description=__doc__.split("\n\n")[0])
    p.add_argument("--configs", nargs="*", metavar="SCENARIO:CONF",
                   help="e.g. 'Ant:2x4' 'Humanoid:9|8' (default: every configuration)")
    p.add_argument("--steps", type=int, default=500, help="at most, per episode (round)")
    p.add_argument("--rounds", type=int, default=25)
    p.add_argument("--quick", action="store_true", help="3 rounds of at most 50 steps")
    p.add_argument("--markdown", action="store_true")
    args = p.parse_args(argv)
    try:
        configs = parse_configs(args.configs)
    except ValueError as exc:
        p.error(str(exc))
    steps, rounds = (50, 3) if args.quick else (args.steps, args.rounds)
    return run(configs, steps, rounds, args.markdown,
               lambda msg: print(msg, file=sys.stderr, flush=True))


if __name__ == "__main__":
    sys.exit(main())
