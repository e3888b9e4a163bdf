"""Safety-Gymnasium's object classes and reward settings -> safety_sim's object kinds and
reward rules (the object half of :mod:`.read`; the vocabulary is :mod:`.tables`)."""
from __future__ import annotations

from collections.abc import Mapping

from safety_sim.navigation import objects as ob
from safety_sim.navigation import rewards as rw
from safety_sim.navigation.sg_config.tables import MAPPED, OBJECTS

#: safety_sim's kind of each Safety-Gymnasium class (the same name but for Sigwalls)
KIND_OF = {"Sigwalls": "Boundary"}


class ConfigKeyError(ValueError):
    """A refused ``config=`` key (the message names it)."""


def same(value, default) -> bool:
    """``value`` equals Safety-Gymnasium's ``default`` (lists and tuples alike, numbers by
    value; a bool is not a number)."""
    if isinstance(default, (list, tuple)):
        return (isinstance(value, (list, tuple)) and len(value) == len(default)
                and all(same(v, d) for v, d in zip(value, default)))
    if isinstance(default, str):
        return isinstance(value, str) and value == default
    if isinstance(default, bool) or isinstance(value, bool) or default is None:
        return value is default or (type(value) is type(default) and value == default)
    try:
        return not isinstance(value, str) and float(value) == float(default)
    except (TypeError, ValueError):
        return False


def _refuse(key: str, message: str):
    raise ConfigKeyError(f"config key {key!r}: {message}")


def kwargs_of(name: str, value) -> dict:
    """The keyword arguments of object class ``name``: Safety-Gymnasium's defaults updated
    with ``value`` (a dict); an unknown keyword, or a value safety_sim cannot honour for a
    keyword it does not map, is refused naming ``name.keyword``."""
    if not isinstance(value, Mapping):
        _refuse(name, f"an object's settings are a dict of its keyword arguments, got "
                      f"{value!r}")
    defaults = OBJECTS[name]
    for kw, v in value.items():
        if kw not in defaults:
            _refuse(f"{name}.{kw}", f"{name} takes no keyword {kw!r} here (it takes "
                                    f"{', '.join(defaults)})")
        if kw not in MAPPED[name] and not same(v, defaults[kw]):
            _refuse(f"{name}.{kw}", f"only Safety-Gymnasium's default {defaults[kw]!r} is "
                                    f"supported here, got {v!r}")
    return {**defaults, **value}


def location(locations, count: int, key: str) -> tuple[float, float]:
    """The one fixed location of a single object (``locations`` = ``[(x, y)]``); several
    objects with fixed locations are refused."""
    if not isinstance(locations, (list, tuple)) or len(locations) != 1 or count != 1:
        _refuse(key, f"fixed locations are supported here for a single object (one (x, y)), "
                     f"got {locations!r} for {count}")
    try:
        x, y = (float(c) for c in locations[0])
    except (TypeError, ValueError):
        _refuse(key, f"a location is an (x, y) pair, got {locations[0]!r}")
    return x, y


def location_rect(locations, count: int, keepout: float, key: str) -> tuple[float, ...]:
    """The reference's rectangle for a fixed location: half side ``keepout + 1e-9`` around it
    (the sampler shrinks it by the keep-out)."""
    x, y = location(locations, count, key)
    k = keepout + 1e-9
    return (x - k, y - k, x + k, y + k)


def _flag(kw: dict, name: str) -> bool:
    value = kw["is_constrained"]
    if not isinstance(value, bool):
        _refuse(f"{name}.is_constrained", f"must be a bool, got {value!r}")
    return value


def _areas(kw: dict, name: str):
    if kw["locations"]:
        return (location_rect(kw["locations"], kw["num"], kw["keepout"],
                              f"{name}.locations"),)
    if kw["placements"] is None:
        return None
    try:
        return tuple(tuple(float(v) for v in rect) for rect in kw["placements"])
    except (TypeError, ValueError):
        _refuse(f"{name}.placements", f"a list of (xmin, ymin, xmax, ymax), got "
                                      f"{kw['placements']!r}")


def _push_box(kw: dict, agent: str) -> ob.PushBox:
    """Safety-Gymnasium's PushBox, whose size, keep-out and density the Car replaces with its
    own (safety_sim's ``None``: the agent's); a value other than the reference's default is
    kept, but not for the Car."""
    given = {}
    for field in ("size", "keepout", "density"):
        if kw[field] != OBJECTS["PushBox"][field]:
            if agent == "Car":
                _refuse(f"PushBox.{field}", "Safety-Gymnasium replaces the box's size, "
                                            "keep-out and density with the Car's own")
            given[field] = kw[field]
    return ob.PushBox(**given)


def build(name: str, kw: dict, agent: str, task: str) -> ob.ObjectKind:
    """The object kind of class ``name`` with keyword arguments ``kw`` (from
    :func:`kwargs_of`); its own checks are refused naming the class."""
    kind: ob.ObjectKind
    if name == "Goal":
        fixed = location(kw["locations"], 1, "Goal.locations") if kw["locations"] else None
        size = kw["size"]
        kind = ob.Goal(size=size, keepout=kw["keepout"], half_height=size / 2,
                       z=size / 2 + 1e-2, alpha=kw["alpha"], location=fixed)
    elif name == "Hazards":
        kind = ob.Hazards(count=kw["num"], size=kw["size"], keepout=kw["keepout"],
                          cost=_flag(kw, name), areas=_areas(kw, name))
    elif name == "Pillars":
        kind = ob.Pillars(count=kw["num"], size=kw["size"], keepout=kw["keepout"],
                          cost=_flag(kw, name))
    elif name == "Buttons":
        kind = ob.Buttons(count=kw["num"], keepout=kw["keepout"], cost=_flag(kw, name))
    elif name == "Circle":
        kind = ob.Circle(radius=kw["radius"])
    elif name == "Sigwalls":
        kind = ob.Boundary(count=kw["num"], locate=kw["locate_factor"], length=kw["size"],
                           cost=_flag(kw, name))
    elif name == "Vases":
        kind = ob.Vases(count=kw["num"], keepout=kw["keepout"], cost=_flag(kw, name))
    elif name == "PushBox":
        if kw["null_dist"] != 0:
            _refuse("PushBox.null_dist", "only 0 (the Push levels' value: the agent-box "
                                         "term is always paid) is supported here, got "
                                         f"{kw['null_dist']!r} (Safety-Gymnasium's default is "
                                         "2)")
        kind = _push_box(kw, agent)
    else:   # Gremlins
        kind = ob.Gremlins(count=kw["num"], keepout=kw["keepout"], travel=kw["travel"],
                           cost=_flag(kw, name))
    problems = kind.check()
    if problems:
        _refuse(name, "; ".join(problems))
    return kind


def _unread(objects: dict, name: str, fields: tuple[str, ...], task: str) -> None:
    """Reward keywords the reference's task does not read must keep their defaults."""
    for field in fields:
        if name in objects and objects[name][field] != OBJECTS[name][field]:
            _refuse(f"{name}.{field}", f"{task}Base does not read it (only Safety-Gymnasium's "
                                       f"default {OBJECTS[name][field]!r} is accepted)")


def reward(task: str, objects: dict, values: dict, clip):
    """The reward rule of ``{task}Base``: its coefficients from the objects that carry them in
    the reference (Goal for Goal and Push, Buttons for Button, PushBox for Push) and the task's
    ``reward_factor`` (Circle, Run). Goal and Push levels have a Goal (``BASE_TASKS``)."""
    if task == "Goal":
        goal = objects["Goal"]
        return rw.GoalReward(distance=goal["reward_distance"], goal=goal["reward_goal"],
                             clip=clip)
    if task == "Button":
        _unread(objects, "Goal", ("reward_goal", "reward_distance"), task)
        b = objects["Buttons"]
        return rw.ButtonReward(distance=b["reward_distance"], goal=b["reward_goal"], clip=clip,
                               resting_steps=b["resampling_delay"])
    _unread(objects, "Buttons", ("reward_goal", "reward_distance", "resampling_delay"), task)
    if task == "Push":
        _unread(objects, "Goal", ("reward_distance",), task)
        box = objects["PushBox"]
        return rw.PushReward(box_dist=box["reward_box_dist"], box_goal=box["reward_box_goal"],
                             goal=objects["Goal"]["reward_goal"], clip=clip)
    _unread(objects, "Goal", ("reward_goal", "reward_distance"), task)
    if task == "Circle":
        radius = objects["Circle"]["radius"]
        return rw.CircleReward(radius=radius, scale=values["reward_factor"], clip=clip)
    return rw.RunReward(scale=values["reward_factor"])
