"""Step rate of ``make_ma`` beside the gymnasium ``-v4`` env it wraps (speed figures, not tests).

    python scripts/bench_multi_agent.py                 # every configuration, ~1.5 minutes
    python scripts/bench_multi_agent.py --quick --markdown

For each configuration: ``make_ma(scenario, agent_conf).step`` with precomputed random
per-agent actions, and ``gymnasium.make("<scenario>-v4").step`` (the single-robot env the
reference's ``make_ma`` wraps) with the same actions mapped to the robot, and our own
``Safety<scenario>Velocity-v1`` (``safety_sim.make``). Episodes that end are reset (resets
included). The runners alternate in many short rounds so that all see the same machine load;
rates are medians over rounds and ``ratio`` (make_ma rate / ``-v4`` rate, target >= 0.9) is
the median of the per-round ratios, which a load change between rounds does not bias.
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

N_ACTIONS = 512


class _Runner:
    """Steps an env with a cycle of precomputed actions for a given time; resets ended
    episodes. ``six`` says which step API the env has (6-tuple or gymnasium's 5-tuple)."""

    def __init__(self, env, actions, six: bool) -> None:
        self.env, self.actions, self.six, self.i = env, actions, six, 0
        env.reset(seed=0)

    def run(self, seconds: float) -> float:
        env, actions, n = self.env, self.actions, len(self.actions)
        steps, start = 0, time.perf_counter()
        while True:
            for _ in range(100):
                out = env.step(actions[self.i % n])
                self.i += 1
                done = out[3:5] if self.six else out[2:4]
                if any(v if isinstance(v, bool) else any(v.values()) for v in done):
                    env.reset()
            steps += 100
            elapsed = time.perf_counter() - start
            if elapsed >= seconds:
                return steps / elapsed


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
    return np.asarray(env._global_action(actions), dtype=np.float64)


def bench_configuration(scenario: str, agent_conf: str, seconds: float = 0.1,
                        rounds: int = 25) -> Row:
    import safety_sim.api as api   # noqa: F401  (registers the Safe Velocity ids)
    from safety_sim.compat.wrappers import make

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ma = make_ma(scenario, agent_conf)
        v4 = gymnasium.make(f"{scenario}-v4")
        vel = make(f"Safety{scenario}Velocity-v1")
    rng = np.random.default_rng(0)
    ma_actions = [{a: rng.uniform(ma.action_space(a).low, ma.action_space(a).high)
                   for a in ma.possible_agents} for _ in range(N_ACTIONS)]
    robot_actions = [_global(ma, a) for a in ma_actions]
    runners = {"make_ma": _Runner(ma, ma_actions, True),
               "v4": _Runner(v4, robot_actions, False),
               "velocity": _Runner(vel, robot_actions, True)}
    rates: dict[str, list[float]] = {k: [] for k in runners}
    for _ in range(rounds):
        for name, runner in runners.items():
            rates[name].append(runner.run(seconds))
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


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--configs", nargs="*", metavar="SCENARIO:CONF",
                   help="e.g. 'Ant:2x4' 'Humanoid:9|8' (default: every configuration)")
    p.add_argument("--seconds", type=float, default=0.1, help="per runner per round")
    p.add_argument("--rounds", type=int, default=25)
    p.add_argument("--quick", action="store_true", help="0.02 s x 3 rounds")
    p.add_argument("--markdown", action="store_true")
    args = p.parse_args(argv)
    configs = CONFIGURATIONS if not args.configs else [tuple(c.split(":", 1))
                                                       for c in args.configs]
    seconds, rounds = (0.02, 3) if args.quick else (args.seconds, args.rounds)
    rows = []
    for scenario, conf in configs:
        rows.append(bench_configuration(scenario, conf, seconds, rounds))
        print(f"{scenario} {conf}: ratio {rows[-1].ratio:.2f}", file=sys.stderr)
    print(format_rows(rows, args.markdown))
    return 0
