"""The objects of the navigation tasks as data (docs/spec/push.md §7, docs/spec/navigation.md §7).

Each kind is a small frozen dataclass (how many, how big, keep-out radius, whether it costs)
that knows its body names, how it is placed, which lidar group it feeds and how to add its
bodies to an ``MjSpec``. A level lists kinds in the order the task adds them; the *object
order* (placement, yaws, lidar keys) is then: static kinds in that order, free bodies, mocaps
(docs/spec/navigation.md §5.1), and the body order of the model: agent, free bodies, mocap bodies,
static bodies (docs/spec/navigation.md §4). Bodies are created at the origin; ``reset`` moves them.

Categories: ``"static"`` (jointless body; reset writes ``body_pos``/``body_quat``), ``"free"``
(free joint; reset writes ``qpos``), ``"mocap"`` (gremlins: a free box welded to a mocap ghost
that moves every substep). Geoms take the scene defaults (the agent's contact parameters and
density), as in the reference, unless a value is given here. MuJoCo is imported only when a
model is built, so configs stay plain data. Counted kinds (hazards, pillars, vases, gremlins,
buttons, boundary walls) also take Safety-Gymnasium's ``num=`` for ``count=``; the ranges of
every field are in :mod:`safety_sim.navigation.bounds`.
"""
from __future__ import annotations

from safety_sim.navigation.objects.base import (  # noqa: F401  (the colours: re-exported)
    BOX_RGBA,
    BUTTON_RGBA,
    CIRCLE_RGBA,
    GOAL_RGBA,
    GREMLIN_RGBA,
    HAZARD_RGBA,
    PILLAR_RGBA,
    RGBA,
    SIGWALL_RGBA,
    VASE_RGBA,
    XY,
    ObjectKind,
)
from safety_sim.navigation.objects.moving import Gremlins, PushBox, Vases
from safety_sim.navigation.objects.static import Boundary, Buttons, Circle, Goal, Hazards, Pillars
from safety_sim.navigation.objects.track import TrackWalls

#: the registry of kinds; a level's propositions come in this order (then ``goal_met``)
KINDS: tuple[type[ObjectKind], ...] = (Goal, Hazards, Pillars, Vases, Gremlins, Buttons,
                                       PushBox, Circle, Boundary, TrackWalls)
CATEGORY_ORDER = ("static", "free", "mocap")


def object_order(objects: tuple[ObjectKind, ...]) -> tuple[ObjectKind, ...]:
    """Static kinds in the given order, then free bodies, then mocaps
    (docs/spec/navigation.md §5.1)."""
    return tuple(o for cat in CATEGORY_ORDER for o in objects if o.category == cat)

