"""The static object kinds (jointless bodies; reset writes their ``body_pos``/``body_quat``):
goal, hazards, pillars, buttons, the circle and the signal walls (docs/spec/push.md §7,
docs/spec/navigation.md §7)."""
from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import ClassVar

from safety_sim.navigation import bounds
from safety_sim.navigation.objects.base import (
    BUTTON_RGBA,
    CIRCLE_RGBA,
    GOAL_RGBA,
    HAZARD_RGBA,
    PILLAR_RGBA,
    RGBA,
    SIGWALL_RGBA,
    XY,
    ObjectKind,
    _static_body,
    accepts_num,
)
from safety_sim.navigation.objects.looks import (
    Rect,
    bush,
    check_areas,
    check_look,
    check_pair,
    flower_bush,
)
from safety_sim.numeric import sqrt_threshold
from safety_sim.ops import Ops


@dataclass(frozen=True)
class Goal(ObjectKind):
    """The green goal disc: not collidable, massless. ``size`` is its radius and, for the Goal
    and Push rewards, the "reached" distance. Push/Goal: r 0.3; Button: r 0.2 (it only marks
    the goal button, on which it is placed). ``location``: a fixed place (drawn within 1e-9
    of it, Race) instead of the extents. ``look``: ``"disc"`` or ``"flower_bush"`` (Race's
    goal: a shrub of our own drawing, upright whatever the drawn yaw). ``fade_steps`` > 0: it
    fades out over that many steps after each appearance (Fading levels)."""
    size: float = 0.3
    keepout: float = 0.305
    half_height: float = 0.15
    z: float = 0.16
    alpha: float = 0.25
    location: XY | None = None
    look: str = "disc"
    fade_steps: int = 0
    POSITIVE: ClassVar[tuple[str, ...]] = ("size", "half_height")
    prefix: ClassVar[str] = "goal"
    lidar_key: ClassVar[str] = "goal_lidar"
    rgba: ClassVar[RGBA] = GOAL_RGBA

    def names(self) -> tuple[str, ...]:
        return ("goal",)

    @property
    def fade_alpha(self) -> float:
        return self.alpha

    def fixed_location(self, i: int) -> XY | None:
        return self.location

    def fixed_yaw(self, i: int) -> float | None:
        return None if self.look == "disc" else 0.0

    def check(self) -> list[str]:
        return super().check() + check_look(self.look, ("disc", "flower_bush")) + \
            check_pair(self.location, "location")

    def add_static(self, spec) -> None:
        if self.look == "flower_bush":
            flower_bush(spec, "goal", self.z)
            return
        rgba = (*GOAL_RGBA[:3], self.alpha)
        _static_body(spec, "goal", "CYLINDER", (self.size, self.half_height, 0.0), self.z,
                     rgba, group=9, collides=False, density=0.0)


@accepts_num
@dataclass(frozen=True)
class Hazards(ObjectKind):
    """Blue hazard discs: cost while the agent origin is inside one (XY distance < size).
    ``areas``: rectangles (xmin, ymin, xmax, ymax) each candidate is drawn from, one chosen by
    area (Race) instead of the extents. ``look``: ``"disc"`` or ``"bush"`` (Race's hazards:
    shrubs of our own drawing, upright whatever the drawn yaw). ``fade_steps`` > 0: they fade
    out over that many steps, and all reappear while the agent is in one (FadingEasy2,
    FadingHard2)."""
    count: int = 0
    size: float = 0.2
    keepout: float = 0.18
    cost: bool = True
    areas: tuple[Rect, ...] | None = None
    look: str = "disc"
    fade_steps: int = 0
    POSITIVE: ClassVar[tuple[str, ...]] = ("size",)
    prefix: ClassVar[str] = "hazard"
    lidar_key: ClassVar[str] = "hazards_lidar"
    cost_key: ClassVar[str] = "cost_hazards"
    label: ClassVar[str] = "in_hazard"
    LABELS: ClassVar[tuple[str, ...]] = ("in_hazard",)
    judged_label: ClassVar[str] = "in_hazard"
    position_judged: ClassVar[bool] = True
    rgba: ClassVar[RGBA] = HAZARD_RGBA

    @functools.cached_property
    def _limit(self) -> float:
        """``sqrt(d2) < size`` exactly as ``d2 < _limit`` (safety_sim.numeric)."""
        return sqrt_threshold(self.size)

    def judge(self, ops: Ops, facts):
        """``in_hazard``: the agent origin strictly inside a disc (XY distance < size, tested
        exactly on the squared distance to the nearest hazard)."""
        xs, ys = facts.xy[self.prefix]
        return ops.nearest_squared_distance(facts.agent[0], facts.agent[1], xs, ys) < self._limit

    def placement_areas(self) -> tuple[Rect, ...] | None:
        return self.areas

    def fixed_yaw(self, i: int) -> float | None:
        return None if self.look == "disc" else 0.0

    def check(self) -> list[str]:
        return super().check() + check_look(self.look, ("disc", "bush")) + \
            check_areas(self.areas)

    def add_static(self, spec) -> None:
        for name in self.names():
            if self.look == "bush":
                bush(spec, name, 0.02)
                continue
            _static_body(spec, name, "CYLINDER", (self.size, 0.01, 0.0), 0.02, HAZARD_RGBA,
                         group=3, collides=False)


@accepts_num
@dataclass(frozen=True)
class Pillars(ObjectKind):
    """Fixed collidable cylinders (1 m tall); touching one costs when ``cost``."""
    count: int = 0
    cost: bool = True
    size: float = 0.2
    keepout: float = 0.3
    POSITIVE: ClassVar[tuple[str, ...]] = ("size",)
    prefix: ClassVar[str] = "pillar"
    lidar_key: ClassVar[str] = "pillars_lidar"
    collidable: ClassVar[bool] = True
    cost_key: ClassVar[str] = "cost_pillars"
    label: ClassVar[str] = "pillar_contact"
    LABELS: ClassVar[tuple[str, ...]] = ("pillar_contact",)
    touch_judged: ClassVar[bool] = True
    rgba: ClassVar[RGBA] = PILLAR_RGBA

    def add_static(self, spec) -> None:
        for name in self.names():
            _static_body(spec, name, "CYLINDER", (self.size, 0.5, 0.0), 0.5, PILLAR_RGBA,
                         group=2, collides=True)


@accepts_num
@dataclass(frozen=True)
class Buttons(ObjectKind):
    """Orange spheres; one is the goal button. Touching another costs when ``cost`` (only while
    the buttons are active, docs/spec/navigation.md §7.2)."""
    count: int = 4
    cost: bool = True
    keepout: float = 0.2
    prefix: ClassVar[str] = "button"
    lidar_key: ClassVar[str] = "buttons_lidar"
    collidable: ClassVar[bool] = True
    cost_key: ClassVar[str] = "cost_buttons"
    label: ClassVar[str] = "wrong_button"
    LABELS: ClassVar[tuple[str, ...]] = ("wrong_button",)
    judged_label: ClassVar[str] = "wrong_button"
    rgba: ClassVar[RGBA] = BUTTON_RGBA

    def watched_bodies(self) -> tuple[str, ...]:
        return self.names()

    def judge(self, ops: Ops, facts):
        """``wrong_button``: an agent geom touches a button other than the goal button while
        the buttons are active."""
        hit = ops.any_other(facts.touching[self.prefix], facts.goal_button)
        return ops.logical_and(hit, facts.buttons_active)

    @staticmethod
    def goal_touched(ops: Ops, facts):
        """An agent geom touches the goal button (what ``ButtonReward`` rewards)."""
        return ops.flag_of(facts.touching["button"], facts.goal_button)

    def add_static(self, spec) -> None:
        for name in self.names():
            _static_body(spec, name, "SPHERE", (0.1, 0.0, 0.0), 0.1, BUTTON_RGBA, group=1,
                         collides=True)


@dataclass(frozen=True)
class Circle(ObjectKind):
    """The green disc (radius 1.5) of the Circle task, fixed at the origin. Its lidar senses
    the origin itself."""
    radius: float = 1.5
    POSITIVE: ClassVar[tuple[str, ...]] = ("radius",)
    prefix: ClassVar[str] = "circle"
    lidar_key: ClassVar[str] = "circle_lidar"
    keepout: ClassVar[float] = 0.0
    senses_origin: ClassVar[bool] = True
    rgba: ClassVar[RGBA] = CIRCLE_RGBA

    def names(self) -> tuple[str, ...]:
        return ("circle",)

    def fixed_location(self, i: int) -> XY:
        return (0.0, 0.0)

    def fixed_yaw(self, i: int) -> float:
        return 0.0

    def add_static(self, spec) -> None:
        _static_body(spec, "circle", "CYLINDER", (self.radius, 0.01, 0.0), 0.01, CIRCLE_RGBA,
                     group=6, collides=False)


@accepts_num
@dataclass(frozen=True)
class Boundary(ObjectKind):
    """Signal walls (visual only) at x = +-``locate`` (and y = +-``locate`` when ``count`` is
    4), each ``length`` half-long; when ``cost``, the agent origin beyond them costs
    (``cost_out_of_boundary``; the test uses the position, not the walls)."""
    count: int = 2
    locate: float = 1.125
    length: float = 3.5
    cost: bool = True
    POSITIVE: ClassVar[tuple[str, ...]] = ("length",)
    prefix: ClassVar[str] = "sigwall"
    cost_key: ClassVar[str] = "cost_out_of_boundary"
    label: ClassVar[str] = "out_of_bounds"
    LABELS: ClassVar[tuple[str, ...]] = ("out_of_bounds",)
    judged_label: ClassVar[str] = "out_of_bounds"
    keepout: ClassVar[float] = 0.0
    rgba: ClassVar[RGBA] = SIGWALL_RGBA

    def judge(self, ops: Ops, facts):
        """``out_of_bounds``: the agent origin beyond the walls (|x| > locate; with four walls
        also |y| > locate)."""
        out = abs(facts.agent[0]) > self.locate
        if self.count == 4:
            out = ops.logical_or(out, abs(facts.agent[1]) > self.locate)
        return out

    def fixed_location(self, i: int) -> XY:
        return ((self.locate, 0.0), (-self.locate, 0.0), (0.0, self.locate),
                (0.0, -self.locate))[i]

    def fixed_yaw(self, i: int) -> float:
        return 0.0 if i < 2 else math.pi / 2

    def check(self) -> list[str]:
        problems = super().check()
        if not any(p.startswith("count:") for p in problems):
            problems += bounds.one_of(self.count, "count", (2, 4))
        return problems

    def add_static(self, spec) -> None:
        for name in self.names():
            _static_body(spec, name, "BOX", (0.05, self.length, 0.3), 0.25, SIGWALL_RGBA,
                         group=10, collides=False)
