"""The objects of the navigation tasks as data (spec/push.md §7, spec/navigation.md §7).

Each kind is a small frozen dataclass (how many, how big, keep-out radius, whether it costs)
that knows its body names, how it is placed, which lidar group it feeds and how to add its
bodies to an ``MjSpec``. A level lists kinds in the order the task adds them; the *object
order* (placement, yaws, lidar keys) is then: static kinds in that order, free bodies, mocaps
(navigation.md §5.1), and the body order of the model: agent, free bodies, mocap bodies, static
bodies (§4). Bodies are created at the origin; ``reset`` moves them.

Categories: ``"static"`` (jointless body; reset writes ``body_pos``/``body_quat``), ``"free"``
(free joint; reset writes ``qpos``), ``"mocap"`` (gremlins: a free box welded to a mocap ghost
that moves every substep). Geoms take the scene defaults (the agent's contact parameters and
density), as in the reference, unless a value is given here. MuJoCo is imported only when a
model is built, so configs stay plain data.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import ClassVar

XY = tuple[float, float]
RGBA = tuple[float, float, float, float]

GOAL_RGBA: RGBA = (0.0, 1.0, 0.0, 0.25)
HAZARD_RGBA: RGBA = (0.0, 0.0, 1.0, 0.25)
PILLAR_RGBA: RGBA = (0.5, 0.5, 1.0, 1.0)
BOX_RGBA: RGBA = (1.0, 1.0, 0.0, 1.0)
VASE_RGBA: RGBA = (0.0, 1.0, 1.0, 1.0)
GREMLIN_RGBA: RGBA = (0.5, 0.0, 1.0, 1.0)
BUTTON_RGBA: RGBA = (1.0, 0.5, 0.0, 1.0)
CIRCLE_RGBA: RGBA = (0.0, 1.0, 0.0, 0.1)
SIGWALL_RGBA: RGBA = (1.0, 1.0, 0.0, 0.1)


def _mj():
    import mujoco   # noqa: PLC0415  (only when a model is built)

    return mujoco


def _static_body(spec, name: str, geom_type: str, size, z: float, rgba: RGBA, group: int,
                 collides: bool, density: float | None = None):
    """A jointless body at (0, 0, z) whose only geom carries the body's name."""
    mj = _mj()
    body = spec.worldbody.add_body(name=name, pos=[0.0, 0.0, z])
    geom = body.add_geom(name=name, type=getattr(mj.mjtGeom, f"mjGEOM_{geom_type}"),
                         size=list(size), rgba=list(rgba), group=group)
    flag = 1 if collides else 0
    geom.contype = flag
    geom.conaffinity = flag
    if density is not None:
        geom.density = density
    return body


@dataclass(frozen=True)
class ObjectKind:
    """Base of every object kind. Subclasses set the class-level description below."""
    prefix: ClassVar[str] = ""
    category: ClassVar[str] = "static"
    lidar_key: ClassVar[str | None] = None
    collidable: ClassVar[bool] = False
    cost_key: ClassVar[str | None] = None     # info key of its cost term (when ``costs``)
    label: ClassVar[str | None] = None        # atomic proposition of its cost condition

    @property
    def count(self) -> int:
        return 1

    @property
    def costs(self) -> bool:
        return bool(getattr(self, "cost", False)) and self.cost_key is not None

    def names(self) -> tuple[str, ...]:
        """Layout names in placement order (``hazard0``, ``hazard1``, ...)."""
        return tuple(f"{self.prefix}{i}" for i in range(self.count))

    def keepout_of(self, agent) -> float:
        return float(getattr(self, "keepout"))

    def fixed_location(self, i: int) -> XY | None:
        """A fixed location for object ``i`` (drawn within 1e-9 of it, §5.2), or None."""
        return None

    def fixed_yaw(self, i: int) -> float | None:
        """The body's yaw when the drawn yaw is ignored (circle, walls), else None."""
        return None

    def add_free(self, spec, agent) -> None:
        """Free bodies (added after the agent)."""

    def add_mocap(self, spec) -> None:
        """Mocap bodies (after all free bodies)."""

    def add_static(self, spec) -> None:
        """Static bodies (after all mocap bodies, in object order)."""

    def check(self) -> list[str]:
        """Problems with the field values, as ``"field: message"`` strings."""
        problems = []
        for name, value in vars(self).items():
            if isinstance(value, bool) and name != "count":
                continue                   # flags (cost)
            if name == "count":
                if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                    problems.append(f"count: must be an int >= 0, got {value!r}")
            elif isinstance(value, (int, float)):
                if not math.isfinite(value) or value < 0:
                    problems.append(f"{name}: must be a finite number >= 0, got {value!r}")
        return problems


@dataclass(frozen=True)
class Goal(ObjectKind):
    """The green goal disc: not collidable, massless. ``size`` is its radius and, for the Goal
    and Push rewards, the "reached" distance. Push/Goal: r 0.3; Button: r 0.2 (it only marks
    the goal button, on which it is placed)."""
    size: float = 0.3
    keepout: float = 0.305
    half_height: float = 0.15
    z: float = 0.16
    alpha: float = 0.25
    prefix: ClassVar[str] = "goal"
    lidar_key: ClassVar[str] = "goal_lidar"

    def names(self) -> tuple[str, ...]:
        return ("goal",)

    def add_static(self, spec) -> None:
        rgba = (*GOAL_RGBA[:3], self.alpha)
        _static_body(spec, "goal", "CYLINDER", (self.size, self.half_height, 0.0), self.z,
                     rgba, group=9, collides=False, density=0.0)


@dataclass(frozen=True)
class Hazards(ObjectKind):
    """Blue hazard discs: cost while the agent origin is inside one (XY distance < size)."""
    count: int = 0
    size: float = 0.2
    keepout: float = 0.18
    cost: bool = True
    prefix: ClassVar[str] = "hazard"
    lidar_key: ClassVar[str] = "hazards_lidar"
    cost_key: ClassVar[str] = "cost_hazards"
    label: ClassVar[str] = "in_hazard"

    def add_static(self, spec) -> None:
        for name in self.names():
            _static_body(spec, name, "CYLINDER", (self.size, 0.01, 0.0), 0.02, HAZARD_RGBA,
                         group=3, collides=False)


@dataclass(frozen=True)
class Pillars(ObjectKind):
    """Fixed collidable cylinders (1 m tall); touching one costs when ``cost``."""
    count: int = 0
    cost: bool = True
    size: float = 0.2
    keepout: float = 0.3
    prefix: ClassVar[str] = "pillar"
    lidar_key: ClassVar[str] = "pillars_lidar"
    collidable: ClassVar[bool] = True
    cost_key: ClassVar[str] = "cost_pillars"
    label: ClassVar[str] = "pillar_contact"

    def add_static(self, spec) -> None:
        for name in self.names():
            _static_body(spec, name, "CYLINDER", (self.size, 0.5, 0.0), 0.5, PILLAR_RGBA,
                         group=2, collides=True)


@dataclass(frozen=True)
class Buttons(ObjectKind):
    """Orange spheres; one is the goal button. Touching another costs when ``cost`` (only while
    the buttons are active, navigation.md §7.2)."""
    count: int = 4
    cost: bool = True
    keepout: float = 0.2
    prefix: ClassVar[str] = "button"
    lidar_key: ClassVar[str] = "buttons_lidar"
    collidable: ClassVar[bool] = True
    cost_key: ClassVar[str] = "cost_buttons"
    label: ClassVar[str] = "wrong_button"

    def add_static(self, spec) -> None:
        for name in self.names():
            _static_body(spec, name, "SPHERE", (0.1, 0.0, 0.0), 0.1, BUTTON_RGBA, group=1,
                         collides=True)


@dataclass(frozen=True)
class PushBox(ObjectKind):
    """The yellow box of the Push task: free, 5 box geoms (push.md §7.1). Size, density and
    keep-out default to the agent's (None)."""
    size: float | None = None
    density: float | None = None
    keepout: float | None = None
    prefix: ClassVar[str] = "push_box"
    category: ClassVar[str] = "free"
    lidar_key: ClassVar[str] = "push_box_lidar"
    collidable: ClassVar[bool] = True

    def names(self) -> tuple[str, ...]:
        return ("push_box",)

    def keepout_of(self, agent) -> float:
        return agent.box_keepout if self.keepout is None else float(self.keepout)

    def size_of(self, agent) -> float:
        return agent.box_size if self.size is None else float(self.size)

    def check(self) -> list[str]:
        return super().check() + [
            f"{n}: must be a number > 0 or None, got {v!r}"
            for n, v in (("size", self.size), ("density", self.density))
            if v is not None and not (isinstance(v, (int, float)) and v > 0)]

    def add_free(self, spec, agent) -> None:
        mj = _mj()
        s = self.size_of(agent)
        density = agent.box_density if self.density is None else self.density
        body = spec.worldbody.add_body(name="push_box", pos=[0.0, 0.0, s])
        body.add_freejoint(name="push_box")
        geoms = [("push_box", [s, s, s], [0.0, 0.0, 0.0])]
        corners = [(s, s), (-s, s), (s, -s), (-s, -s)]
        geoms += [(f"col{i}", [s / 2, s / 2, s], [x, y, 0.0])
                  for i, (x, y) in enumerate(corners, start=1)]
        for name, size, pos in geoms:
            body.add_geom(name=name, type=mj.mjtGeom.mjGEOM_BOX, size=size, pos=pos,
                          density=density, group=1, rgba=list(BOX_RGBA))


@dataclass(frozen=True)
class Vases(ObjectKind):
    """Light cyan boxes resting on the floor (free bodies). When ``cost``: touching one
    (``cost_vases_contact``) and any vase moving faster than 1e-4 m/s (``cost_vases_velocity``)
    cost."""
    count: int = 0
    cost: bool = True
    keepout: float = 0.15
    prefix: ClassVar[str] = "vase"
    category: ClassVar[str] = "free"
    lidar_key: ClassVar[str] = "vases_lidar"
    collidable: ClassVar[bool] = True
    cost_key: ClassVar[str] = "cost_vases_contact"
    label: ClassVar[str] = "vase_contact"
    SIZE: ClassVar[float] = 0.1
    Z: ClassVar[float] = 0.1 - 4e-5         # resting height: half size minus the sink
    SPEED_LIMIT: ClassVar[float] = 1e-4

    def add_free(self, spec, agent) -> None:
        mj = _mj()
        for name in self.names():
            body = spec.worldbody.add_body(name=name, pos=[0.0, 0.0, self.Z])
            body.add_freejoint(name=name)
            body.add_geom(name=name, type=mj.mjtGeom.mjGEOM_BOX, size=[self.SIZE] * 3,
                          rgba=list(VASE_RGBA), group=4, density=0.001)


@dataclass(frozen=True)
class Gremlins(ObjectKind):
    """Purple boxes circling their layout point (radius ``travel``, one turn per 2 pi s of
    simulation time, all in phase): a free box ``gremlin{i}obj`` welded to a non-colliding
    mocap ghost ``gremlin{i}mocap`` (navigation.md §7.5). Touching one costs."""
    count: int = 0
    keepout: float = 0.4
    travel: float = 0.35
    cost: bool = True
    prefix: ClassVar[str] = "gremlin"
    category: ClassVar[str] = "mocap"
    lidar_key: ClassVar[str] = "gremlins_lidar"
    collidable: ClassVar[bool] = True
    cost_key: ClassVar[str] = "cost_gremlins"
    label: ClassVar[str] = "gremlin_contact"
    SIZE: ClassVar[float] = 0.1

    def add_free(self, spec, agent) -> None:
        mj = _mj()
        for name in self.names():
            body = spec.worldbody.add_body(name=f"{name}obj", pos=[0.0, 0.0, self.SIZE])
            body.add_freejoint(name=f"{name}obj")
            body.add_geom(name=f"{name}obj", type=mj.mjtGeom.mjGEOM_BOX,
                          size=[self.SIZE] * 3, rgba=list(GREMLIN_RGBA), group=5,
                          density=0.001)

    def add_mocap(self, spec) -> None:
        mj = _mj()
        ghost = (*GREMLIN_RGBA[:3], 0.1)
        for name in self.names():
            body = spec.worldbody.add_body(name=f"{name}mocap", mocap=True)
            geom = body.add_geom(name=f"{name}mocap", type=mj.mjtGeom.mjGEOM_BOX,
                                 size=[self.SIZE] * 3, pos=[0.0, 0.0, self.SIZE],
                                 rgba=list(ghost), group=5)
            geom.contype = 0
            geom.conaffinity = 0
            weld = spec.add_equality(type=mj.mjtEq.mjEQ_WELD, name1=f"{name}mocap",
                                     name2=f"{name}obj", objtype=mj.mjtObj.mjOBJ_BODY,
                                     solref=[0.02, 1.5])
            weld.name = f"{name}mocap"   # anchor and relative pose are written on reset


@dataclass(frozen=True)
class Circle(ObjectKind):
    """The green disc (radius 1.5) of the Circle task, fixed at the origin. Its lidar senses
    the origin itself."""
    radius: float = 1.5
    prefix: ClassVar[str] = "circle"
    lidar_key: ClassVar[str] = "circle_lidar"
    keepout: ClassVar[float] = 0.0

    def names(self) -> tuple[str, ...]:
        return ("circle",)

    def fixed_location(self, i: int) -> XY:
        return (0.0, 0.0)

    def fixed_yaw(self, i: int) -> float:
        return 0.0

    def add_static(self, spec) -> None:
        _static_body(spec, "circle", "CYLINDER", (self.radius, 0.01, 0.0), 0.01, CIRCLE_RGBA,
                     group=6, collides=False)


@dataclass(frozen=True)
class Boundary(ObjectKind):
    """Signal walls (visual only) at x = +-``locate`` (and y = +-``locate`` when ``count`` is
    4), each ``length`` half-long; when ``cost``, the agent origin beyond them costs
    (``cost_out_of_boundary``; the test uses the position, not the walls)."""
    count: int = 2
    locate: float = 1.125
    length: float = 3.5
    cost: bool = True
    prefix: ClassVar[str] = "sigwall"
    cost_key: ClassVar[str] = "cost_out_of_boundary"
    label: ClassVar[str] = "out_of_bounds"
    keepout: ClassVar[float] = 0.0

    def fixed_location(self, i: int) -> XY:
        return ((self.locate, 0.0), (-self.locate, 0.0), (0.0, self.locate),
                (0.0, -self.locate))[i]

    def fixed_yaw(self, i: int) -> float:
        return 0.0 if i < 2 else math.pi / 2

    def check(self) -> list[str]:
        bad = [] if self.count in (2, 4) else [f"count: must be 2 or 4, got {self.count!r}"]
        return super().check() + bad

    def add_static(self, spec) -> None:
        for name in self.names():
            _static_body(spec, name, "BOX", (0.05, self.length, 0.3), 0.25, SIGWALL_RGBA,
                         group=10, collides=False)


KINDS: tuple[type[ObjectKind], ...] = (Goal, Hazards, Pillars, Buttons, PushBox, Vases,
                                       Gremlins, Circle, Boundary)
CATEGORY_ORDER = ("static", "free", "mocap")


def object_order(objects: tuple[ObjectKind, ...]) -> tuple[ObjectKind, ...]:
    """Static kinds in the given order, then free bodies, then mocaps (navigation.md §5.1)."""
    return tuple(o for cat in CATEGORY_ORDER for o in objects if o.category == cat)

