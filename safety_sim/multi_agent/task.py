"""Judging for the safe multi-agent velocity suite (docs/spec/multi_agent.md §2, §7): the speed
limit of each ``(scenario, agent_conf)``.

Every agent gets the same cost: 1.0 when the robot's judged velocity is strictly above the
configuration's threshold. Judged velocity: the planar speed ``hypot(vx, vy)`` of the robot's
Safe Velocity point (docs/spec/velocity.md §4), where HalfCheetah, Hopper and Walker2d have no
``vy``, so their speed is ``|vx|`` (running backwards fast costs too); Swimmer's signed ``vx``. The
rule and the label (``over_speed``) are :class:`safety_sim.velocity.robots.VelocityTask`'s.
"""
from __future__ import annotations

from safety_sim.velocity.robots import SpeedLimit

#: scenario -> agent_conf -> velocity threshold; the first entry of a scenario is its default
VELOCITY_THRESHOLDS: dict[str, dict[str, float]] = {
    "Ant": {"2x4": 2.522, "4x2": 2.418},
    "HalfCheetah": {"6x1": 2.932, "2x3": 3.227},
    "Hopper": {"3x1": 0.9613},
    "Humanoid": {"9|8": 0.58},
    "Swimmer": {"2x1": 0.04891},
    "Walker2d": {"2x3": 1.641},
}
SCENARIOS = tuple(VELOCITY_THRESHOLDS)
#: what each scenario's limit compares (SpeedLimit.measure); "planar" with vy absent is |vx|
MEASURES = {"Swimmer": "forward"}
#: configurations with a threshold of their own (Safety-Gymnasium's own test and example)
CONFIGURATIONS = tuple((s, c) for s, confs in VELOCITY_THRESHOLDS.items() for c in confs)


def speed_limit(scenario: str, agent_conf: str | None) -> tuple[SpeedLimit, str | None]:
    """The limit of a configuration, and the warning to give when ``agent_conf`` has no
    threshold of its own (it then gets the scenario's first, as the reference does)."""
    table = VELOCITY_THRESHOLDS[scenario]
    measure = MEASURES.get(scenario, "planar")
    if agent_conf in table:
        return SpeedLimit(measure, table[agent_conf]), None
    default_conf, threshold = next(iter(table.items()))
    return SpeedLimit(measure, threshold), (
        f"Unknown agent configuration: {agent_conf} using default velocity threshold "
        f"{threshold} for agent {scenario} and configuration {default_conf}.")
