"""Reward rules of the navigation tasks (docs/spec/push.md §10, docs/spec/navigation.md §8), each
written once for one world and for N worlds.

A rule is a frozen dataclass (part of a level's config) whose ``start`` and ``reward`` are
formulas over an array namespace ``ops`` (:mod:`safety_sim.ops`): the single env calls them
with Python floats, the vector env with one array per coordinate over its worlds, a GPU form
with device arrays. They read a :class:`Snapshot` filled from the simulator and never touch
MuJoCo; what a rule carries from step to step (the previous distance or potential) is an
explicit tuple, kept by a :class:`Scorer`. Every reward comes with its named terms, which add
up to it (the ``clip`` term is what clipping took off).

goal_event: what happens when the goal is met: ``"redraw"`` (a new goal position, Push and
Goal), ``"button"`` (a new goal button, Button), ``"end"`` (the episode ends, terminated:
Race) or None (never met: Circle, Run).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from safety_sim import ops as _ops
from safety_sim.navigation import bounds
from safety_sim.ops import Ops


@dataclass
class Snapshot:
    """What the rules read, refilled by the env every step. Positions are body origins,
    indexed by coordinate first: ``agent[0]`` is x (a float for one world, an array over the
    worlds for many)."""
    agent: Any = None           # (x, y, z)
    goal: Any = None            # (x, y, z)
    box: Any = None             # (x, y, z), Push only
    velocity: Any = (0.0, 0.0)  # agent frame-origin linear velocity, world XY (Circle)
    goal_touched: Any = False   # an agent geom touches the goal button (Button)


class Scorer:
    """A level's reward rule at work in one env: ``start(s)`` at a reset or a new goal,
    ``reward(s) -> (reward, terms, met)`` every step. ``ops`` is the array namespace of the
    snapshots; ``start(s, mask)`` restarts only the worlds where ``mask`` holds."""

    def __init__(self, rule, goal_size: float, ops: Ops = _ops.SCALAR) -> None:
        self.rule, self.goal_size, self.ops = rule, goal_size, ops
        self.memory: tuple | None = None

    def start(self, s: Snapshot, mask=None) -> None:
        fresh = self.rule.start(self.ops, s)
        if mask is None or self.memory is None:
            self.memory = fresh
        else:
            self.memory = tuple(self.ops.where(mask, new, old)
                                for new, old in zip(fresh, self.memory))

    def reward(self, s: Snapshot):
        r, terms, met, self.memory = self.rule.reward(self.ops, s, self.memory, self.goal_size)
        return r, terms, met


def _checked(rule, positive=(), nonnegative=(), ints=(), pairs=()) -> list[str]:
    """Problems of a rule's fields, as ``"Rule.field: message"``: finite numbers
    (``positive`` > 0, ``nonnegative`` >= 0) up to ``bounds.MAX_REWARD_COEF`` (a circle's
    radius: up to ``bounds.MAX_LENGTH``), ints in [0, ``bounds.MAX_EPISODE_STEPS``], (x, y)
    pairs within ``bounds.MAX_TARGET``; bools, strings and Decimals are refused."""
    out = []
    for name in positive + nonnegative:
        high = bounds.MAX_LENGTH if name == "radius" else bounds.MAX_REWARD_COEF
        out += bounds.number(getattr(rule, name), name, 0, high, low_open=name in positive)
    for name in ints:
        out += bounds.integer(getattr(rule, name), name, 0, bounds.MAX_EPISODE_STEPS)
    for name in pairs:
        v = getattr(rule, name)
        try:
            ok = len(v) == 2 and not any(bounds.number(c, name, -bounds.MAX_TARGET,
                                                       bounds.MAX_TARGET) for c in v)
        except TypeError:
            ok = False
        if not ok:
            out.append(f"{name}: must be an (x, y) pair of numbers in [-{bounds.MAX_TARGET:g}, "
                       f"{bounds.MAX_TARGET:g}], got {v!r}")
    return [f"{type(rule).__name__}.{p}" for p in out]


def _dist3(ops: Ops, p, q):
    dx, dy, dz = p[0] - q[0], p[1] - q[1], p[2] - q[2]
    return ops.sqrt(dx * dx + dy * dy + dz * dz)


def _dist2(ops: Ops, p, q):
    dx, dy = p[0] - q[0], p[1] - q[1]
    return ops.sqrt(dx * dx + dy * dy)


class _Rule:
    """What every reward rule shares: ``scorer`` (the rule at work on Python floats) and what
    it reads besides positions (``reads_velocity``: the agent's velocity; ``met_by_touch``:
    whether the goal button is touched)."""
    reads_velocity: ClassVar[bool] = False
    met_by_touch: ClassVar[bool] = False

    def __post_init__(self) -> None:
        bounds.make_plain(self)     # numpy scalars are stored as the Python values they equal

    def scorer(self, goal_size: float, ops: Ops = _ops.SCALAR) -> Scorer:
        return Scorer(self, goal_size, ops)


@dataclass(frozen=True)
class PushReward(_Rule):
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

    def start(self, ops: Ops, s: Snapshot) -> tuple:
        return _dist3(ops, s.box, s.agent), _dist3(ops, s.box, s.goal)

    def reward(self, ops: Ops, s: Snapshot, memory: tuple, goal_size: float):
        prev_ab, prev_bg = memory
        d_ab, d_bg = _dist3(ops, s.box, s.agent), _dist3(ops, s.box, s.goal)
        met = d_bg <= goal_size
        t_ab = ops.where(prev_ab > 0.0, (prev_ab - d_ab) * self.box_dist, 0.0)
        t_bg = (prev_bg - d_bg) * self.box_goal
        t_goal = ops.where(met, self.goal, 0.0)
        # the reference's running sum, which starts at 0.0, term by term in its order
        # (floating-point addition is not associative; 0.0 + t also makes a -0.0 term +0.0)
        r = ((0.0 + t_ab) + t_bg) + t_goal
        clipped = ops.clip(r, -self.clip, self.clip)
        return clipped, {"agent_to_box": t_ab, "box_to_goal": t_bg, "goal_bonus": t_goal,
                         "clip": clipped - r}, met, (d_ab, d_bg)


@dataclass(frozen=True)
class GoalReward(_Rule):
    """``(d' - d) + 1[goal met]`` with the XY agent-goal distance; met when ``d <= goal size``;
    clipped to [-clip, clip]. Needs a Goal."""
    distance: float = 1.0
    goal: float = 1.0
    clip: float = 10.0
    goal_event: ClassVar[str] = "redraw"
    requires: ClassVar[tuple[str, ...]] = ("Goal",)

    def check(self) -> list[str]:
        return _checked(self, positive=("clip",), nonnegative=("distance", "goal"))

    def start(self, ops: Ops, s: Snapshot) -> tuple:
        return (_dist2(ops, s.agent, s.goal),)

    def reward(self, ops: Ops, s: Snapshot, memory: tuple, goal_size: float):
        d = _dist2(ops, s.agent, s.goal)
        met = s.goal_touched if self.met_by_touch else d <= goal_size
        t_d = (memory[0] - d) * self.distance
        t_goal = ops.where(met, self.goal, 0.0)
        r = t_d + t_goal
        clipped = ops.clip(r, -self.clip, self.clip)
        return clipped, {"goal_distance": t_d, "goal_bonus": t_goal, "clip": clipped - r}, \
            met, (d,)


@dataclass(frozen=True)
class ButtonReward(GoalReward):
    """As :class:`GoalReward`, but met when an agent geom touches the goal button; a new goal
    button is then chosen (maybe the same) and all buttons rest for ``resting_steps`` steps
    (no wrong-button cost, buttons lidar blank). ``rest_at_start``: the buttons also rest
    ``resting_steps`` steps from every reset (Safety-Gymnasium's reset order after 1.0.0,
    docs/spec/sg_head.md §8.1; the Building levels). Needs Buttons and a Goal (the marker)."""
    resting_steps: int = 10
    rest_at_start: bool = False
    goal_event: ClassVar[str] = "button"
    requires: ClassVar[tuple[str, ...]] = ("Goal", "Buttons")
    met_by_touch: ClassVar[bool] = True

    def check(self) -> list[str]:
        out = _checked(self, positive=("clip",), nonnegative=("distance", "goal"),
                       ints=("resting_steps",))
        if not isinstance(self.rest_at_start, bool):
            out.append(f"ButtonReward.rest_at_start: must be True or False, got "
                       f"{self.rest_at_start!r}")
        return out


@dataclass(frozen=True)
class RaceReward(GoalReward):
    """As :class:`GoalReward` with Race's constants (``+10`` at the goal, clipped to
    [-11, 11]), but reaching the goal ends the episode (``terminated``) instead of drawing a
    new one (docs/spec/sg_extra_navigation.md §4.5, §4.7). Needs a Goal."""
    goal: float = 10.0
    clip: float = 11.0
    goal_event: ClassVar[str] = "end"


@dataclass(frozen=True)
class CircleReward(_Rule):
    """``scale * ((-u y + v x) / R) / (1 + |R - radius|)``: counter-clockwise speed along the
    circle of ``radius`` around the origin, discounted away from it; (x, y) the agent origin,
    (u, v) its world-frame linear velocity, R = |(x, y)|. Clipped to [-clip, clip]. At R = 0
    (no direction round the circle) the reward is 0 (the reference divides by zero)."""
    radius: float = 1.5
    scale: float = 0.1
    clip: float = 10.0
    goal_event: ClassVar[None] = None
    requires: ClassVar[tuple[str, ...]] = ()
    reads_velocity: ClassVar[bool] = True

    def check(self) -> list[str]:
        return _checked(self, positive=("radius", "scale", "clip"))

    def start(self, ops: Ops, s: Snapshot) -> tuple:
        return ()

    def reward(self, ops: Ops, s: Snapshot, memory: tuple, goal_size: float):
        x, y = s.agent[0], s.agent[1]
        u, v = s.velocity
        radius = ops.sqrt(x * x + y * y)
        at_origin = radius == 0.0
        # any non-zero divisor at R = 0, whose result is replaced by 0 below (no division
        # by zero in any form: numpy would warn, floats raise)
        safe = ops.where(at_origin, 1.0, radius)
        r = self.scale * ((-u * y + v * x) / safe) / (1 + abs(safe - self.radius))
        r = ops.where(at_origin, 0.0, r)
        clipped = ops.clip(r, -self.clip, self.clip)
        return clipped, {"circle": r, "clip": clipped - r}, ops.like(radius, False), ()


@dataclass(frozen=True)
class RunReward(_Rule):
    """``P' - P`` with the potential ``P = -scale * |agent_xy - target|``; not clipped."""
    target: tuple[float, float] = (0.0, -1000.0)
    scale: float = 60.0
    goal_event: ClassVar[None] = None
    requires: ClassVar[tuple[str, ...]] = ()

    def check(self) -> list[str]:
        return _checked(self, positive=("scale",), pairs=("target",))

    def _potential(self, ops: Ops, s: Snapshot):
        return -self.scale * _dist2(ops, s.agent, self.target)

    def start(self, ops: Ops, s: Snapshot) -> tuple:
        return (self._potential(ops, s),)

    def reward(self, ops: Ops, s: Snapshot, memory: tuple, goal_size: float):
        p = self._potential(ops, s)
        r = p - memory[0]
        return r, {"run": r}, ops.like(p, False), (p,)


REWARD_RULES = (PushReward, GoalReward, ButtonReward, RaceReward, CircleReward, RunReward)
