"""Reward rules of the navigation tasks (spec/push.md §10, spec/navigation.md §8).

A rule is a frozen dataclass (part of a level's config); ``rule.scorer()`` gives the small
stateful object that remembers the previous distance or potential during an episode. Scorers
read a :class:`Snapshot` the env fills from the simulator; they never touch MuJoCo. Every
reward comes with its named terms, which add up to it (the ``clip`` term is what clipping took
off).

goal_event: what happens when the goal is met: ``"redraw"`` (a new goal position, Push and
Goal), ``"button"`` (a new goal button, Button) or None (never met: Circle, Run).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import ClassVar


@dataclass
class Snapshot:
    """What the scorers read, refilled by the env every step (positions are body origins)."""
    agent: list = None          # (x, y, z)
    goal: list = None           # (x, y, z)
    box: list = None            # (x, y, z), Push only
    velocity: tuple = (0.0, 0.0)  # agent frame-origin linear velocity, world XY (Circle)
    goal_touched: bool = False  # an agent geom touches the goal button (Button)


def _checked(rule, positive=(), nonnegative=(), ints=(), pairs=()) -> list[str]:
    """Problems of a rule's fields, as ``"field: message"``: finite numbers (``positive`` > 0,
    ``nonnegative`` >= 0), non-negative ints, finite (x, y) pairs; bools are refused."""
    out = []
    for name in positive + nonnegative:
        v = getattr(rule, name)
        ok = not isinstance(v, bool) and isinstance(v, (int, float)) and math.isfinite(v) and \
            (v > 0 if name in positive else v >= 0)
        if not ok:
            want = "> 0" if name in positive else ">= 0"
            out.append(f"{name}: must be a finite number {want}, got {v!r}")
    for name in ints:
        v = getattr(rule, name)
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            out.append(f"{name}: must be an int >= 0, got {v!r}")
    for name in pairs:
        v = getattr(rule, name)
        try:
            ok = len(v) == 2 and all(not isinstance(c, bool) and math.isfinite(c) for c in v)
        except TypeError:
            ok = False
        if not ok:
            out.append(f"{name}: must be a finite (x, y) pair, got {v!r}")
    return [f"{type(rule).__name__}.{p}" for p in out]


def _clip(r: float, bound: float | None) -> float:
    """Safety-Gymnasium's clip: ``clip(r, -bound, bound)`` unless strictly inside."""
    if bound is None or -bound < r < bound:
        return r
    return min(max(r, -bound), bound)


def _dist3(p, q) -> float:
    dx, dy, dz = p[0] - q[0], p[1] - q[1], p[2] - q[2]
    return math.sqrt(dx * dx + dy * dy + dz * dz)


def _dist2(p, q) -> float:
    dx, dy = p[0] - q[0], p[1] - q[1]
    return math.sqrt(dx * dx + dy * dy)


@dataclass(frozen=True)
class PushReward:
    """``(d_ab' - d_ab) + (d_bg' - d_bg) + 1[d_bg <= goal size]`` with 3-D distances agent-box
    and box-goal; clipped to [-clip, clip]. Needs a Goal and a PushBox."""
    box_dist: float = 1.0
    box_goal: float = 1.0
    goal: float = 1.0
    clip: float = 10.0
    goal_event: ClassVar[str] = "redraw"
    requires: ClassVar[tuple[str, ...]] = ("Goal", "PushBox")

    def check(self) -> list[str]:
        return _checked(self, positive=("clip",), nonnegative=("box_dist", "box_goal", "goal"))

    def scorer(self, goal_size: float) -> "PushScorer":
        return PushScorer(self, goal_size)


class PushScorer:
    def __init__(self, rule: PushReward, goal_size: float) -> None:
        self.rule, self.goal_size = rule, goal_size
        self._d_ab = self._d_bg = 0.0

    def start(self, s: Snapshot) -> None:
        self._d_ab, self._d_bg = _dist3(s.box, s.agent), _dist3(s.box, s.goal)

    def reward(self, s: Snapshot) -> tuple[float, dict[str, float], bool]:
        rule = self.rule
        d_ab, d_bg = _dist3(s.box, s.agent), _dist3(s.box, s.goal)
        met = d_bg <= self.goal_size
        t_ab = (self._d_ab - d_ab) * rule.box_dist if self._d_ab > 0.0 else 0.0
        t_bg = (self._d_bg - d_bg) * rule.box_goal
        t_goal = rule.goal if met else 0.0
        r = 0.0
        r += t_ab
        r += t_bg
        r += t_goal
        clipped = _clip(r, rule.clip)
        self._d_ab, self._d_bg = d_ab, d_bg
        return clipped, {"agent_to_box": t_ab, "box_to_goal": t_bg, "goal_bonus": t_goal,
                         "clip": clipped - r}, met


@dataclass(frozen=True)
class GoalReward:
    """``(d' - d) + 1[goal met]`` with the XY agent-goal distance; met when ``d <= goal size``;
    clipped to [-clip, clip]. Needs a Goal."""
    distance: float = 1.0
    goal: float = 1.0
    clip: float = 10.0
    goal_event: ClassVar[str] = "redraw"
    requires: ClassVar[tuple[str, ...]] = ("Goal",)

    def check(self) -> list[str]:
        return _checked(self, positive=("clip",), nonnegative=("distance", "goal"))

    def scorer(self, goal_size: float) -> "GoalScorer":
        return GoalScorer(self, goal_size, by_touch=False)


@dataclass(frozen=True)
class ButtonReward:
    """As :class:`GoalReward`, but met when an agent geom touches the goal button; a new goal
    button is then chosen (maybe the same) and all buttons rest for ``resting_steps`` steps
    (no wrong-button cost, buttons lidar blank). Needs Buttons and a Goal (the marker)."""
    distance: float = 1.0
    goal: float = 1.0
    clip: float = 10.0
    resting_steps: int = 10
    goal_event: ClassVar[str] = "button"
    requires: ClassVar[tuple[str, ...]] = ("Goal", "Buttons")

    def check(self) -> list[str]:
        return _checked(self, positive=("clip",), nonnegative=("distance", "goal"),
                        ints=("resting_steps",))

    def scorer(self, goal_size: float) -> "GoalScorer":
        return GoalScorer(self, goal_size, by_touch=True)


class GoalScorer:
    def __init__(self, rule, goal_size: float, by_touch: bool) -> None:
        self.rule, self.goal_size, self.by_touch = rule, goal_size, by_touch
        self._d = 0.0

    def start(self, s: Snapshot) -> None:
        self._d = _dist2(s.agent, s.goal)

    def reward(self, s: Snapshot) -> tuple[float, dict[str, float], bool]:
        rule = self.rule
        d = _dist2(s.agent, s.goal)
        met = s.goal_touched if self.by_touch else d <= self.goal_size
        t_d = (self._d - d) * rule.distance
        t_goal = rule.goal if met else 0.0
        r = t_d + t_goal
        clipped = _clip(r, rule.clip)
        self._d = d
        return clipped, {"goal_distance": t_d, "goal_bonus": t_goal, "clip": clipped - r}, met


@dataclass(frozen=True)
class CircleReward:
    """``scale * ((-u y + v x) / R) / (1 + |R - radius|)``: counter-clockwise speed along the
    circle of ``radius`` around the origin, discounted away from it; (x, y) the agent origin,
    (u, v) its world-frame linear velocity, R = |(x, y)|. Clipped to [-clip, clip]. At R = 0
    (no direction round the circle) the reward is 0 (the reference divides by zero)."""
    radius: float = 1.5
    scale: float = 0.1
    clip: float = 10.0
    goal_event: ClassVar[None] = None
    requires: ClassVar[tuple[str, ...]] = ()

    def check(self) -> list[str]:
        return _checked(self, positive=("radius", "scale", "clip"))

    def scorer(self, goal_size: float) -> "CircleScorer":
        return CircleScorer(self)


class CircleScorer:
    def __init__(self, rule: CircleReward) -> None:
        self.rule = rule

    def start(self, s: Snapshot) -> None:
        pass

    def reward(self, s: Snapshot) -> tuple[float, dict[str, float], bool]:
        x, y = s.agent[0], s.agent[1]
        u, v = s.velocity
        radius = math.sqrt(x * x + y * y)
        if radius == 0.0:
            return 0.0, {"circle": 0.0, "clip": 0.0}, False
        r = self.rule.scale * ((-u * y + v * x) / radius) / (1 + abs(radius - self.rule.radius))
        clipped = _clip(r, self.rule.clip)
        return clipped, {"circle": r, "clip": clipped - r}, False


@dataclass(frozen=True)
class RunReward:
    """``P' - P`` with the potential ``P = -scale * |agent_xy - target|``; not clipped."""
    target: tuple[float, float] = (0.0, -1000.0)
    scale: float = 60.0
    goal_event: ClassVar[None] = None
    requires: ClassVar[tuple[str, ...]] = ()

    def check(self) -> list[str]:
        return _checked(self, positive=("scale",), pairs=("target",))

    def scorer(self, goal_size: float) -> "RunScorer":
        return RunScorer(self)


class RunScorer:
    def __init__(self, rule: RunReward) -> None:
        self.rule = rule
        self._p = 0.0

    def _potential(self, s: Snapshot) -> float:
        return -self.rule.scale * _dist2(s.agent, self.rule.target)

    def start(self, s: Snapshot) -> None:
        self._p = self._potential(s)

    def reward(self, s: Snapshot) -> tuple[float, dict[str, float], bool]:
        p = self._potential(s)
        r, self._p = p - self._p, p
        return r, {"run": r}, False


REWARD_RULES = (PushReward, GoalReward, ButtonReward, CircleReward, RunReward)
