"""What every navigation object kind shares (see :mod:`safety_sim.navigation.objects`): the
colours, the static-body builder and :class:`ObjectKind`."""
from __future__ import annotations

import dataclasses
import functools
import inspect
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from safety_sim.navigation import bounds
from safety_sim.ops import Ops

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
    import mujoco  # only when a model is built

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
    """Base of every object kind. Subclasses set the class-level description below.

    Judging: a kind raises the atomic propositions in ``LABELS`` (``label`` is the one its cost
    term reads); ``touch_judged`` kinds raise ``label`` while an agent geom touches one of
    them (a contact sensor watches each of their bodies), the others override :meth:`judge`,
    reading their layout positions (``position_judged``) or the linear velocities of their
    free bodies (``velocity_watched``) from the facts. ``rgba`` is its colour (bodies and lidar
    ring); a ``senses_origin`` kind's lidar senses the world origin instead of its bodies.
    A kind that is not ``placed`` (the Race track's walls) stands where it is built: the layout
    sampler draws no position or yaw for it. A kind with ``fade_steps`` > 0 fades out of the
    pictures (:mod:`safety_sim.navigation.objects.fading`).
    """
    prefix: ClassVar[str] = ""
    category: ClassVar[str] = "static"
    lidar_key: ClassVar[str | None] = None
    collidable: ClassVar[bool] = False
    cost_key: ClassVar[str | None] = None     # info key of its cost term (when ``costs``)
    label: ClassVar[str | None] = None        # atomic proposition of its cost condition
    LABELS: ClassVar[tuple[str, ...]] = ()    # every proposition it raises, in order
    touch_judged: ClassVar[bool] = False
    judged_label: ClassVar[str | None] = None  # the label its :meth:`judge` gives, if any
    position_judged: ClassVar[bool] = False
    velocity_watched: ClassVar[bool] = False
    senses_origin: ClassVar[bool] = False
    placed: ClassVar[bool] = True
    rgba: ClassVar[RGBA | None] = None

    @property
    def count(self) -> int:
        return 1

    @property
    def costs(self) -> bool:
        return bool(getattr(self, "cost", False)) and self.cost_key is not None

    def names(self) -> tuple[str, ...]:
        """Layout names in placement order (``hazard0``, ``hazard1``, ...)."""
        return tuple(f"{self.prefix}{i}" for i in range(self.count))

    def body_name(self, name: str) -> str:
        """The body of layout name ``name`` (what moves and collides)."""
        return name

    def rest_height(self, agent) -> float | None:
        """The height of a free body's origin at rest (None: a static kind)."""
        return None

    def watched_bodies(self) -> tuple[str, ...]:
        """Bodies whose contacts with the agent are watched (``touch_judged`` kinds)."""
        if not (self.touch_judged and self.count):
            return ()
        return tuple(self.body_name(n) for n in self.names())

    def cost_terms(self) -> tuple[tuple[str, str], ...]:
        """(info key, label) of its cost terms in this level (none unless it costs)."""
        if not (self.costs and self.count):
            return ()
        if self.cost_key is None or self.label is None:
            raise TypeError(f"{type(self).__name__}: a kind that costs names its cost_key and "
                            "label")
        return ((self.cost_key, self.label),)

    def judge(self, ops: Ops, facts):
        """The value of its :attr:`judged_label` in the state ``facts`` (a
        :class:`~safety_sim.navigation.judging.Facts`): a bool (one world) or a bool array
        (many), over the namespace ``ops``. Only kinds that name a ``judged_label`` judge;
        the contact label of a ``touch_judged`` kind is read from the contact sensors by
        judging itself."""
        raise NotImplementedError(f"{type(self).__name__} judges no label")

    if TYPE_CHECKING:       # for the checker only: no field and no class attribute here
        @property
        def keepout(self) -> float | None:
            """The keep-out radius of its placements: every kind sets it, as a field or a
            class constant (None only where the kind reads the agent's: its own
            :meth:`keepout_of`)."""

    def keepout_of(self, agent) -> float:
        if self.keepout is None:        # the field checks refuse None unless it is the default
            raise TypeError(f"{type(self).__name__}: keepout None (only a kind that reads "
                            "the agent's keep-out takes None)")
        return float(self.keepout)

    def fixed_location(self, i: int) -> XY | None:
        """A fixed location for object ``i`` (drawn within 1e-9 of it,
        docs/spec/navigation.md §5.2), or None."""
        return None

    def fixed_yaw(self, i: int) -> float | None:
        """The body's yaw when the drawn yaw is ignored (circle, walls), else None."""
        return None

    def placement_areas(self) -> tuple | None:
        """Rectangles the objects are drawn from, one chosen per candidate weighted by its
        area (Race's hazards), or None (the level's extents or a fixed location)."""
        return None

    @property
    def fade_alpha(self) -> float:
        """The alpha a fading kind starts from (and returns to when it reappears)."""
        return self.rgba[3] if self.rgba is not None else 1.0

    def add_free(self, spec, agent) -> None:
        """Free bodies (added after the agent)."""

    def add_mocap(self, spec) -> None:
        """Mocap bodies (after all free bodies)."""

    def add_static(self, spec) -> None:
        """Static bodies (after all mocap bodies, in object order)."""

    def __post_init__(self) -> None:
        bounds.make_plain(self)     # numpy scalars are stored as the Python values they equal

    #: fields whose value must be > 0 (MuJoCo refuses a geom of size 0 at compile time)
    POSITIVE: ClassVar[tuple[str, ...]] = ()
    #: fields with their own upper bound (the others: ``bounds.MAX_LENGTH``)
    UPPER: ClassVar[dict] = {}
    #: fields with their own lower bound, closed (the others: 0, open for ``POSITIVE``)
    LOWER: ClassVar[dict] = {}
    #: fields checked by the kind itself (looks, locations, areas, level), or None-able
    OWN_CHECKS: ClassVar[tuple[str, ...]] = ("look", "location", "areas", "level")
    #: length fields a level keeps within its floor (``NavConfig.floor_size``)
    FLOOR_BOUND: ClassVar[tuple[str, ...]] = (
        "size", "keepout", "travel", "locate", "length", "radius", "half_height", "z")

    def check(self) -> list[str]:
        """Problems with the field values, as ``"field: message"`` strings: counts are ints in
        [0, MAX_OBJECTS] ([0, MAX_COLLIDING] for a ``collidable`` kind), flags bools,
        ``alpha`` in [0, 1], ``fade_steps`` an int, every other number finite in [0, its
        upper bound] (> 0 for the ``POSITIVE`` ones, >= its ``LOWER`` bound where it has
        one)."""
        problems = []
        for f in dataclasses.fields(self):
            name, value = f.name, getattr(self, f.name)
            if name == "count" and self.collidable:
                problems += [p + " (a colliding kind: at most bounds.MAX_COLLIDING colliding "
                             "bodies, the cost of their contacts)"
                             for p in bounds.integer(value, name, 0, bounds.MAX_COLLIDING)]
            elif name == "count":
                problems += bounds.integer(value, name, 0, bounds.MAX_OBJECTS)
            elif name == "cost":        # whether it costs (the reference's is_constrained)
                problems += [p + " (whether it costs: Safety-Gymnasium's is_constrained)"
                             for p in bounds.flag(value, name)]
            elif name == "fade_steps":
                problems += bounds.integer(value, name, 0, bounds.MAX_FADE_STEPS)
            elif name == "alpha":
                problems += bounds.number(value, name, 0, 1)
            elif name not in self.OWN_CHECKS and not (value is None and f.default is None):
                high = self.UPPER.get(name, bounds.MAX_LENGTH)
                if name in self.LOWER:
                    problems += bounds.number(value, name, self.LOWER[name], high)
                else:
                    problems += bounds.number(value, name, 0, high,
                                              low_open=name in self.POSITIVE)
        return problems


@dataclass(frozen=True)
class WallKind(ObjectKind):
    """Base of the kinds that stand where they are built and cost by touch (the Race track's
    walls, FormulaOne's wall, the building yard's scenery): collidable, not placed by the
    layout sampler (no keep-out), touch-judged; touching one costs
    ``cost_static_geoms_contact`` (label ``wall_contact``) when the kind's ``cost`` is set."""
    collidable: ClassVar[bool] = True
    placed: ClassVar[bool] = False
    keepout: ClassVar[float] = 0.0
    cost_key: ClassVar[str] = "cost_static_geoms_contact"
    label: ClassVar[str] = "wall_contact"
    LABELS: ClassVar[tuple[str, ...]] = ("wall_contact",)
    touch_judged: ClassVar[bool] = True


_UNSET = object()


def accepts_num(cls):
    """Let a counted kind take Safety-Gymnasium's name ``num`` for ``count`` (the number of
    objects, as the reference's ``Hazards(num=8)``); giving both is a TypeError."""
    init = cls.__init__

    @functools.wraps(init)
    def __init__(self, *args, num=_UNSET, **kwargs):
        if num is not _UNSET:
            if args or "count" in kwargs:
                raise TypeError(f"{cls.__name__}: give count or num (Safety-Gymnasium's name "
                                f"of count), not both")
            kwargs["count"] = num
        init(self, *args, **kwargs)

    params = list(inspect.signature(init).parameters.values())
    params.append(inspect.Parameter("num", inspect.Parameter.KEYWORD_ONLY, default=None))
    __init__.__signature__ = inspect.signature(init).replace(parameters=params)
    cls.__init__ = __init__
    return cls
