"""A :class:`~safety_sim.navigation.config.NavConfig` -> the Safety-Gymnasium ``config=`` dict
of the ``...Base`` task that builds the same level (the inverse of :mod:`.read`:
``read(task, agent, write(cfg))`` gives ``cfg`` back, up to its name)."""
from __future__ import annotations

from typing import Any, NoReturn

from safety_sim.navigation import objects as ob
from safety_sim.navigation import rewards as rw
from safety_sim.navigation.sg_config.read import ConfigKeyError
from safety_sim.navigation.sg_config.tables import FLOOR_TYPES

#: the Base task of each reward rule (Race's has none)
TASK_OF_RULE = {rw.GoalReward: "Goal", rw.ButtonReward: "Button", rw.PushReward: "Push",
                rw.CircleReward: "Circle", rw.RunReward: "Run"}


def _refuse(cfg, what: str) -> NoReturn:
    raise ConfigKeyError(f"NavConfig {cfg.name!r}: {what} has no Safety-Gymnasium config "
                         "counterpart")


def _plain(kind, cfg) -> None:
    if getattr(kind, "fade_steps", 0):
        _refuse(cfg, f"{type(kind).__name__}.fade_steps (fading)")
    if getattr(kind, "look", "disc") != "disc":
        _refuse(cfg, f"{type(kind).__name__}.look {kind.look!r}")


def _object(kind, cfg, task: str) -> tuple[str, dict]:
    """(class name, keyword arguments) of one object kind."""
    _plain(kind, cfg)
    rule = cfg.reward
    if isinstance(kind, ob.Goal):
        if kind.half_height != kind.size / 2 or kind.z != kind.size / 2 + 1e-2:
            _refuse(cfg, "a Goal whose height is not Safety-Gymnasium's (size/2, at size/2 + "
                         "0.01)")
        kw: dict[str, Any] = {"size": kind.size, "keepout": kind.keepout, "alpha": kind.alpha}
        if kind.location is not None:
            kw["locations"] = [list(kind.location)]
        if task == "Goal":
            kw.update(reward_distance=rule.distance, reward_goal=rule.goal)
        elif task == "Push":
            kw["reward_goal"] = rule.goal
        return "Goal", kw
    if isinstance(kind, ob.TrackWalls):
        _refuse(cfg, "TrackWalls (the Race track)")
    if isinstance(kind, ob.Circle):
        return "Circle", {"radius": kind.radius}
    if isinstance(kind, ob.Boundary):
        return "Sigwalls", {"num": kind.count, "locate_factor": kind.locate,
                            "size": kind.length, "is_constrained": kind.cost}
    if isinstance(kind, ob.PushBox):
        kw = {"null_dist": 0, "reward_box_dist": rule.box_dist,
              "reward_box_goal": rule.box_goal}
        kw.update({f: getattr(kind, f) for f in ("size", "keepout", "density")
                   if getattr(kind, f) is not None})
        return "PushBox", kw
    kw = {"num": kind.count, "keepout": kind.keepout, "is_constrained": kind.cost}
    if isinstance(kind, (ob.Hazards, ob.Pillars)):
        kw["size"] = kind.size
    if isinstance(kind, ob.Hazards) and kind.areas is not None:
        kw["placements"] = [list(rect) for rect in kind.areas]
    if isinstance(kind, ob.Gremlins):
        kw["travel"] = kind.travel
    if isinstance(kind, ob.Buttons) and task == "Button":
        kw.update(resampling_delay=rule.resting_steps, reward_distance=rule.distance,
                  reward_goal=rule.goal)
    return type(kind).__name__, kw


def write(cfg) -> dict:
    """The ``config=`` dict (with its ``task_name``) that makes ``cfg`` as a Base level;
    ``ConfigKeyError`` (a ValueError) naming what has no counterpart (Race's track, fading,
    looks, another reward rule's coefficients)."""
    task = TASK_OF_RULE.get(type(cfg.reward))
    if task is None:
        _refuse(cfg, f"the reward rule {type(cfg.reward).__name__}")
    rule = cfg.reward
    if task == "Circle" and (cfg.find(ob.Circle) is None
                             or cfg.find(ob.Circle).radius != rule.radius):
        _refuse(cfg, "a CircleReward radius other than the Circle's")
    if task == "Run" and tuple(rule.target) != (0.0, -1000.0):
        _refuse(cfg, f"a RunReward target other than (0, -1000): {rule.target}")
    if getattr(rule, "rest_at_start", False):   # the Base ids keep 1.0.0's active buttons
        _refuse(cfg, "ButtonReward.rest_at_start (the buttons resting from a reset)")
    floor = {ours: theirs for theirs, ours in FLOOR_TYPES.items()}[cfg.floor]
    out: dict = {"task_name": f"{task}Base",
                 "placements_conf.extents": list(cfg.extents),
                 "lidar_conf.num_bins": cfg.lidar_bins, "lidar_conf.max_dist": cfg.lidar_max_dist,
                 "floor_conf.type": floor,
                 "floor_conf.size": [cfg.floor_size, cfg.floor_size, 0.1],
                 "agent.keepout": cfg.agent_keepout,
                 "agent.placements": None if cfg.agent_area is None else [list(cfg.agent_area)],
                 "reward_conf.reward_clip": None if task == "Run" else rule.clip,
                 "num_steps": cfg.max_episode_steps}
    if task in ("Circle", "Run"):
        out["reward_factor"] = rule.scale
    for kind in cfg.objects:
        name, kw = _object(kind, cfg, task)
        out[name] = kw
    return out
