"""A Safety-Gymnasium ``config=`` dict -> a :class:`~safety_sim.navigation.config.NavConfig`
(docs/spec/sg_head.md §5).

The rules are the reference's: the dict is merged into the id's own (``task_name``,
``agent_name`` and, for Vision/Debug ids, ``observe_vision``/``debug``; a user's
``agent_name``/``task_name`` must match the id's), then read in insertion order: a dotted key
``sub.attr`` sets a setting, an object class name adds that object with the dict as its
keyword arguments (objects are sensed in the order they are added: static kinds, then free
bodies, then mocaps), any other key sets a task attribute. Unknown keys, values safety_sim
cannot honour and a missing required object are refused with a ``ValueError`` naming the key
(``TypeError`` for a config that is not a dict), before anything is built.
"""
from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from safety_sim.navigation import config as nc
from safety_sim.navigation.sg_config import kinds
from safety_sim.navigation.sg_config.kinds import ConfigKeyError, same
from safety_sim.navigation.sg_config.tables import (
    BASE_TASKS,
    FLOOR_TYPES,
    OBJECTS,
    OTHER_OBJECTS,
    REWARD_FACTOR,
    SETTINGS,
)


@dataclass(frozen=True)
class SGLevel:
    """What a config dict makes: the level, and the env's ``vision`` and ``debug`` flags."""
    config: nc.NavConfig
    vision: bool
    debug: bool


def merged(task: str, agent: str, registered: Mapping, config) -> dict:
    """The id's own config with the user's merged in (keys in insertion order)."""
    if not isinstance(config, Mapping):
        raise TypeError(f"config must be a dict of Safety-Gymnasium settings, got "
                        f"{type(config).__name__} {config!r}")
    own = {"task_name": f"{task}Base", "agent_name": agent, **registered}
    for key in ("agent_name", "task_name"):
        if key in config and config[key] != own[key]:
            raise ConfigKeyError(f"config key {key!r}: {config[key]!r} does not match the id's "
                                 f"{own[key]!r}")
    for key in config:
        if not isinstance(key, str):
            raise ConfigKeyError(f"config key {key!r}: keys are str")
    return {**own, **config}


def _setting(task: str, key: str) -> bool:
    if key in SETTINGS:
        return True
    return key == "reward_factor" and task in REWARD_FACTOR


def _refuse_unknown(task: str, key: str) -> None:
    if "." in key:
        sub, attr = key.split(".", 1)
        subs = sorted({k.split(".")[0] for k in SETTINGS if "." in k})
        if sub in subs:
            known = [k.split(".", 1)[1] for k in SETTINGS if k.startswith(sub + ".")]
            raise ConfigKeyError(f"config key {key!r}: {sub} has no setting {attr!r} "
                                 f"(its settings: {', '.join(known)})")
        raise ConfigKeyError(f"config key {key!r}: no sub-configuration {sub!r} (known: "
                             f"{', '.join(subs)})")
    if key in OTHER_OBJECTS:
        raise ConfigKeyError(f"config key {key!r}: the {task}Base task here builds no {key} "
                             f"(objects: {', '.join(OBJECTS)})")
    raise ConfigKeyError(f"config key {key!r}: not a setting, object or attribute of the "
                         f"{task}Base task (Safety-Gymnasium: 'Bad key {key}')")


def read(task: str, agent: str, config, registered: Mapping | None = None) -> SGLevel:
    """``config`` (the dict passed as ``make(id, config=...)``) for the ``{task}Base`` task of
    ``agent``: the level it describes. ``registered`` holds the id's own settings."""
    if task not in BASE_TASKS:
        raise ValueError(f"unknown Base task {task!r}; choose one of {list(BASE_TASKS)}")
    if config is None:
        raise ConfigKeyError(f"Safety{agent}{task}Base-v0 needs config=: a dict with at least "
                             f"the field(s) {', '.join(f'`{n}`' for n in BASE_TASKS[task])} "
                             "(as Safety-Gymnasium's 'config must have the field ...')")
    values = {k: d for k, (d, _) in SETTINGS.items()}
    values["reward_factor"] = REWARD_FACTOR.get(task)
    objects: list[tuple[str, dict]] = []
    for key, value in merged(task, agent, registered or {}, config).items():
        if key in ("agent_name", "task_name"):
            continue
        if key in OBJECTS:
            objects.append((key, kinds.kwargs_of(key, value)))
        elif _setting(task, key):
            values[key] = value
        else:
            _refuse_unknown(task, key)
    names = [name for name, _ in objects]
    for need in BASE_TASKS[task]:
        if need not in names:
            raise ConfigKeyError(f"config must have the field `{need}` ({task}Base)")
    for key, (default, field_name) in SETTINGS.items():
        if field_name is None and not same(values[key], default):
            raise ConfigKeyError(f"config key {key!r}: only Safety-Gymnasium's default "
                                 f"{default!r} is supported here, got {values[key]!r}")
    vision, debug = _flags(values)
    built = [kinds.build(name, kw, agent, task) for name, kw in objects]
    fields = _fields(values, task)
    reward = kinds.reward(task, dict(objects), values, fields.pop("clip"))
    try:
        level = nc.NavConfig(objects=tuple(built), reward=reward, name=f"{task}Base", **fields)
    except (TypeError, ValueError) as exc:
        raise ConfigKeyError(f"config: {exc} ({_origins(str(exc))})") from None
    return SGLevel(level, vision, debug)


def _flags(values: dict) -> tuple[bool, bool]:
    for key in ("observe_vision", "debug", "observation_flatten"):
        if not isinstance(values[key], bool):
            raise ConfigKeyError(f"config key {key!r}: must be a bool, got {values[key]!r}")
    vision = values["observe_vision"]
    if values["observation_flatten"] is vision:
        raise ConfigKeyError(f"config key 'observation_flatten': {values['observation_flatten']}"
                             f" with observe_vision={vision}; here a vision observation is a "
                             "Dict and any other a flat vector")
    return vision, values["debug"]


def _rect(value, key: str) -> tuple[float, ...]:
    try:
        rect = tuple(float(v) for v in value)
    except (TypeError, ValueError):
        rect = ()
    if len(rect) != 4 or not all(math.isfinite(v) for v in rect):
        raise ConfigKeyError(f"config key {key!r}: must be (xmin, ymin, xmax, ymax), got "
                             f"{value!r}")
    return rect


def _fields(values: dict, task: str) -> dict:
    """The NavConfig fields (and the reward clip) from the settings."""
    floor = values["floor_conf.type"]
    if floor not in FLOOR_TYPES:
        raise ConfigKeyError(f"config key 'floor_conf.type': one of {list(FLOOR_TYPES)} here, "
                             f"got {floor!r}")
    size = values["floor_conf.size"]
    if not (isinstance(size, (list, tuple)) and len(size) == 3 and same(size[0], size[1])
            and same(size[2], 0.1)):
        raise ConfigKeyError(f"config key 'floor_conf.size': a square floor (s, s, 0.1) here, "
                             f"got {size!r}")
    clip = values["reward_conf.reward_clip"]
    if (clip is None) != (task == "Run"):
        raise ConfigKeyError(
            "config key 'reward_conf.reward_clip': " + (
                "RunBase's reward is never clipped here; set it to None (as run_level0 does)"
                if task == "Run" else f"a positive number for {task}Base, got None"))
    return {"extents": _rect(values["placements_conf.extents"], "placements_conf.extents"),
            "agent_keepout": _real(values, "agent.keepout"), "agent_area": _agent_area(values),
            "floor_size": _real(values, "floor_conf.size", size[0]),
            "floor": FLOOR_TYPES[floor],
            "lidar_max_dist": _real(values, "lidar_conf.max_dist"),
            "lidar_bins": values["lidar_conf.num_bins"],
            "max_episode_steps": values["num_steps"],
            "clip": None if clip is None else _real(values, "reward_conf.reward_clip")}


def _real(values: dict, key: str, value=None):
    """A number as the float it equals (ints and numpy scalars); anything else as given, for
    the NavConfig's own check to refuse (naming the key, :func:`_origins`)."""
    value = values[key] if value is None else value
    if isinstance(value, bool) or isinstance(value, str):
        return value
    try:
        return float(value)
    except (TypeError, ValueError):
        return value


def _agent_area(values: dict):
    """``agent.locations`` (its first, as the reference places a unique object) or else
    ``agent.placements`` (one rectangle)."""
    locations, placements = values["agent.locations"], values["agent.placements"]
    if locations:
        return kinds.location_rect(locations, 1, values["agent.keepout"], "agent.locations")
    if placements is None:
        return None
    if not isinstance(placements, (list, tuple)) or len(placements) != 1:
        raise ConfigKeyError(f"config key 'agent.placements': one rectangle here, got "
                             f"{placements!r}")
    return _rect(placements[0], "agent.placements")


def _origins(message: str) -> str:
    """The config keys behind the NavConfig fields a message names."""
    keys = [key for key, (_, f) in SETTINGS.items()
            if f is not None and (f + ":") in message]
    keys += [name for name in OBJECTS if f"({kinds.KIND_OF.get(name, name)})" in message]
    return "set by " + ", ".join(repr(k) for k in dict.fromkeys(keys)) if keys else \
        "from the config's objects"
