"""Layout sampling of docs/spec/push.md §5 and docs/spec/navigation.md §5: a pure rejection sampler
(no MuJoCo).

Driven by ``numpy.random.RandomState`` in the reference's exact draw order, so that
``reset(seed=k)`` reproduces the reference's body positions and yaws:

1. layout attempts: for each object in placement order, up to 100 candidates of two
   ``uniform`` draws each (x, then y) in its rectangle (the level's extents, the agent's own
   area, or a fixed location widened by 1e-9) shrunk by its keep-out -- or, for an object
   with several rectangles (Race's hazards), one ``choice`` among them weighted by their
   shrunk areas before the two draws (docs/spec/sg_extra_navigation.md §4.3); a candidate is
   rejected when it is strictly closer than ``keepout(other) + keepout(self)`` to an already placed
   object;
2. one yaw ``U(0, 2pi)`` per object in placement order (agent first);
3. the goal step of the reward rule: the goal is drawn again against all other entries
   from its own rectangle (Push, Goal, Race), or the goal button is chosen with
   ``choice(n)`` (Button), or nothing.

Objects of a kind that is not ``placed`` (the Race track's walls) are not in the placement
order: no draw at all.

User-given positions (``reset(options={"layout": ...})``) are validated by
:func:`check_layout` (finite, inside the object's sampling rectangle) and
:func:`check_clearance` (collidable bodies keep the sum of their keep-outs apart).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Mapping, Sequence

import numpy as np

from safety_sim.navigation import config as nc
from safety_sim.navigation.layout import sampler

TWO_PI = 2.0 * np.pi
XY = tuple[float, float]


#: goal events whose reset draws the goal again after the layout: a new goal on every
#: achievement (Push, Goal) or the end of the episode (Race)
REDRAWN_AT_RESET = ("redraw", "end")


class ResamplingError(RuntimeError):
    """No valid layout (or goal position) was found within the allowed number of draws."""


@dataclass(frozen=True)
class Placed:
    """An object to place: its layout name, keep-out radius, whether it collides (agent, box,
    pillars, vases, gremlins, buttons) or not (discs, walls: anything may overlap them), and its
    own rectangle (None: the level's extents) or rectangles (``areas``: one chosen per
    candidate, weighted by area)."""
    name: str
    keepout: float
    collidable: bool = False
    rect: tuple[float, float, float, float] | None = None
    areas: tuple[tuple[float, float, float, float], ...] | None = None


def placement_order(config: "nc.NavConfig", agent) -> tuple[Placed, ...]:
    """The agent, then every object in object order (docs/spec/navigation.md §5.1); fixed locations
    become a rectangle of half side ``keepout + 1e-9`` around them
    (docs/spec/navigation.md §5.2)."""
    objs = [Placed("agent", config.agent_keepout, True, config.agent_area)]
    for kind in config.ordered():
        if not kind.placed:
            continue
        k = kind.keepout_of(agent)
        areas = kind.placement_areas()
        for i, name in enumerate(kind.names()):
            fixed = kind.fixed_location(i)
            rect = None
            if fixed is not None:
                kk = k + 1e-9
                rect = (fixed[0] - kk, fixed[1] - kk, fixed[0] + kk, fixed[1] + kk)
            if areas is not None and len(areas) == 1:
                rect, areas = areas[0], None
            objs.append(Placed(name, k, kind.collidable, rect, areas))
    return tuple(objs)


def placement_rect(extents: Sequence[float], keepout: float) -> tuple[float, ...]:
    """The rectangle (xmin, ymin, xmax, ymax) where an object of ``keepout`` is drawn
    (docs/spec/navigation.md §5.2)."""
    xmin, ymin, xmax, ymax = extents
    return xmin + keepout, ymin + keepout, xmax - keepout, ymax - keepout


def draw_xy(rng: np.random.RandomState, extents: Sequence[float], keepout: float) -> XY:
    """One candidate: x then y, uniform in the rectangle shrunk by ``keepout``."""
    xmin, ymin, xmax, ymax = placement_rect(extents, keepout)
    x = rng.uniform(xmin, xmax)
    y = rng.uniform(ymin, ymax)
    return float(x), float(y)


def is_clear(xy: XY, keepout: float, placed: Mapping[str, XY],
             keepouts: Mapping[str, float]) -> bool:
    """True when ``xy`` keeps ``keepout + keepout(other)`` from every entry of ``placed``."""
    x, y = xy
    for name, (ox, oy) in placed.items():
        dx, dy = x - ox, y - oy
        if math.sqrt(dx * dx + dy * dy) < keepouts[name] + keepout:
            return False
    return True


def sample_layout(rng: np.random.RandomState, extents: Sequence[float],
                  objects: Sequence[Placed]) -> dict[str, XY]:
    """Positions of all ``objects`` (docs/spec/navigation.md §5.2, replayed exactly by
    :mod:`.sampler`); ResamplingError naming the objects that could not be placed after 10 000
    failed attempts."""
    layout, failures = sampler.sample(rng, extents, objects, nc.CANDIDATES_PER_OBJECT,
                                      nc.LAYOUT_ATTEMPTS)
    if layout is not None:
        return layout
    worst = sorted(failures.items(), key=lambda kv: -kv[1])[:5]
    named = ", ".join(f"{name} ({n} times)" for name, n in worst)
    raise ResamplingError(
        f"no valid layout after {nc.LAYOUT_ATTEMPTS} attempts of {nc.CANDIDATES_PER_OBJECT} "
        f"candidates per object; the sampler could not place: {named}. Use fewer objects, "
        "smaller keep-outs or larger extents")


def draw_yaws(rng: np.random.RandomState, names: Sequence[str]) -> dict[str, float]:
    """One yaw ``U(0, 2pi)`` per name, in the given order (docs/spec/push.md §5.4): drawn in
    one call, the same doubles as one ``uniform`` call per name (a test compares them)."""
    return dict(zip(names, rng.uniform(0.0, TWO_PI, len(names)).tolist()))


def resample_goal(rng: np.random.RandomState, extents: Sequence[float],
                  others: Mapping[str, XY], keepouts: Mapping[str, float],
                  goal_keepout: float) -> XY | None:
    """Redraw the goal against ``others`` (docs/spec/push.md §5.3); None when all ``RESAMPLE_TRIES``
    draws fail."""
    for _ in range(nc.RESAMPLE_TRIES):
        xy = draw_xy(rng, extents, goal_keepout)
        if is_clear(xy, goal_keepout, others, keepouts):
            return xy
    return None


@dataclass(frozen=True)
class ResetLayout:
    """Everything ``reset`` draws before touching the model: positions, yaws and (Button) the
    goal button."""
    xy: dict[str, XY]
    yaw: dict[str, float]
    goal_button: int | None = None


def sample_reset(rng: np.random.RandomState, extents: Sequence[float],
                 objects: Sequence[Placed], goal_event: str | None = "redraw",
                 n_buttons: int = 0, overrides: Mapping[str, XY] | None = None) -> ResetLayout:
    """The full reset draw sequence: layout, yaws, then the goal step of ``goal_event``
    (docs/spec/push.md §5.2-§5.4, docs/spec/navigation.md §5.2-§5.6,
    docs/spec/sg_extra_navigation.md §4.4). ``overrides`` (a user's positions) replace drawn ones
    before the goal step, so that a re-drawn goal keeps clear of them (a given ``goal`` is not
    re-drawn)."""
    xy = sample_layout(rng, extents, objects)
    yaw = draw_yaws(rng, [o.name for o in objects])
    xy.update(overrides or {})
    if goal_event == "button":
        return ResetLayout(xy=xy, yaw=yaw, goal_button=int(rng.choice(n_buttons)))
    if goal_event in REDRAWN_AT_RESET and "goal" not in (overrides or {}):
        keepouts = {o.name: o.keepout for o in objects}
        others = {k: v for k, v in xy.items() if k != "goal"}
        rect = next((o.rect for o in objects if o.name == "goal"), None) or extents
        goal = resample_goal(rng, rect, others, keepouts, keepouts["goal"])
        if goal is None:
            raise ResamplingError(f"no valid goal position after {nc.RESAMPLE_TRIES} draws")
        xy["goal"] = goal
    return ResetLayout(xy=xy, yaw=yaw)


def check_layout(layout, objects: Sequence[Placed],
                 extents: Sequence[float]) -> dict[str, XY]:
    """Validate user-given positions ``{body name: (x, y)}``: known bodies, real finite pairs,
    inside the rectangle the sampler draws that object from (extents shrunk by its keep-out).
    ValueError naming the problem. Distances between bodies: :func:`check_clearance`."""
    if not isinstance(layout, Mapping):
        raise ValueError(f"layout must map body names to (x, y), got {layout!r}")
    keepouts = {o.name: o.keepout for o in objects}
    areas = {o.name: o.areas or (o.rect or tuple(extents),) for o in objects}
    out: dict[str, XY] = {}
    for name, xy in layout.items():
        if name not in keepouts:
            raise ValueError(f"layout names unknown body {name!r}; bodies: {list(keepouts)}")
        out[name] = _real_pair(name, xy)
        x, y = out[name]
        shrunk = [placement_rect(rect, keepouts[name]) for rect in areas[name]]
        if not any(xmin <= x <= xmax and ymin <= y <= ymax
                   for xmin, ymin, xmax, ymax in shrunk):
            where = " or ".join(f"[{xmin}, {xmax}] x [{ymin}, {ymax}]"
                                for xmin, ymin, xmax, ymax in shrunk)
            what = "area" if len(shrunk) == 1 else "areas"
            raise ValueError(
                f"layout[{name!r}] = ({x}, {y}) is outside the placement area of {name} "
                f"{where} ({what} {', '.join(str(tuple(r)) for r in areas[name])} shrunk by "
                f"its keep-out {keepouts[name]})")
    return out


def _real_pair(name: str, xy) -> XY:
    try:
        arr = np.asarray(xy)
    except (TypeError, ValueError):
        arr = None
    if isinstance(xy, (tuple, list)) and any(isinstance(v, (bool, np.bool_)) for v in xy):
        arr = None                  # a bool is no coordinate (numpy would read True as 1.0)
    if (arr is None or arr.dtype.kind not in "iuf" or arr.shape != (2,)
            or not np.all(np.isfinite(arr))):
        raise ValueError(f"layout[{name!r}] = {xy!r} is not a finite real (x, y) pair")
    return float(arr[0]), float(arr[1])


def check_clearance(xy: Mapping[str, XY], objects: Sequence[Placed],
                    moved: Sequence[str], slack: float = 1e-9) -> None:
    """Collidable bodies (agent, box, pillars, vases, gremlins, buttons) must keep the sum of
    their keep-outs apart,
    as the sampler guarantees; only pairs involving a ``moved`` body are checked (pairs of
    two moved bodies first). Overlaps with the goal and hazard discs are allowed. ValueError
    naming both bodies and their distance otherwise. ``slack`` forgives round-off in a
    distance given exactly at the limit."""
    solid = [o for o in objects if o.collidable and o.name in xy]
    pairs = [(a, b) for i, a in enumerate(solid) for b in solid[i + 1:]
             if a.name in moved or b.name in moved]
    pairs.sort(key=lambda p: (p[0].name not in moved) + (p[1].name not in moved))
    for a, b in pairs:
        (ax, ay), (bx, by) = xy[a.name], xy[b.name]
        d = math.hypot(ax - bx, ay - by)
        need = a.keepout + b.keepout
        if d < need - slack:
            where = [f"{o.name}{'' if o.name in moved else ' (as drawn)'} at ({x}, {y})"
                     for o, (x, y) in ((a, (ax, ay)), (b, (bx, by)))]
            raise ValueError(
                f"layout puts {where[0]} and {where[1]}, {d:.6g} m apart; these bodies "
                f"collide and must be at least {need:g} m apart (keep-outs {a.keepout:g} + "
                f"{b.keepout:g})")
