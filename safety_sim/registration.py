"""The one table of every environment id this package registers with gymnasium.

Each row is data: the id, the entry point ``"module:Class"``, the constructor kwargs, the
``max_episode_steps`` handed to gymnasium's ``TimeLimit`` (None: the env truncates itself) and,
where the family has a native batched form, its ``vector_entry_point`` (what
``gymnasium.make_vec(id, n, vectorization_mode="vector_entry_point")`` builds).
Configuration lives in the kwargs; nothing ever parses an id back into a class. Each family adds
its rows in its own ``_..._rows`` function.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import gymnasium
from gymnasium.envs.registration import WrapperSpec

NAV_AGENTS = ("Point", "Car", "Doggo", "Racecar", "Ant")
PUSH_AGENTS = NAV_AGENTS
PUSH_LEVELS = (0, 1, 2)
# Navigation tasks: (task, levels, entry point class, episode steps); docs/spec/navigation.md §2,
# docs/spec/sg_extra_navigation.md §2 (Race, FadingEasy, FadingHard: the "Safe Vision" tasks).
NAV_TASKS = (("Goal", (0, 1, 2), "GoalEnv", 1000), ("Button", (0, 1, 2), "ButtonEnv", 1000),
             ("Circle", (0, 1, 2), "CircleEnv", 500), ("Run", (0,), "RunEnv", 500),
             ("Race", (0, 1, 2), "RaceEnv", 500), ("FadingEasy", (0, 1, 2), "FadingEasyEnv", 1000),
             ("FadingHard", (0, 1, 2), "FadingHardEnv", 1000))
# Tasks with keyboard-driven ``...Debug-v0`` ids, and their agents
# (docs/spec/sg_extra_navigation.md §7; Push, Goal, Button, Circle and Run: Safety-Gymnasium
# 1.0.0's own, docs/spec/sg_head.md §6)
DEBUG_TASKS = ("Push", "Goal", "Button", "Circle", "Run", "Race", "FadingEasy", "FadingHard")
DEBUG_AGENTS = ("Point", "Car", "Racecar")


@dataclass(frozen=True)
class EnvRow:
    id: str
    entry_point: str
    kwargs: dict[str, Any] = field(default_factory=dict)
    max_episode_steps: int | None = None
    family: str = ""
    vector_entry_point: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)   # other gymnasium.register kwargs


def _task_rows(task: str, levels, entry_point: str, steps: int, family: str) -> list[EnvRow]:
    """``Safety{Agent}{Task}{Level}[Vision][Gymnasium]-v0`` for every navigation agent (the
    ``Gymnasium`` aliases are Safety-Gymnasium's gymnasium-registry names of the same env)."""
    rows = []
    for agent in NAV_AGENTS:
        for level in levels:
            for vision in (False, True):
                suffix = "Vision" if vision else ""
                kwargs = {"agent": agent, "level": level, "vision": vision}
                for alias in ("", "Gymnasium"):
                    rows.append(EnvRow(
                        id=f"Safety{agent}{task}{level}{suffix}{alias}-v0",
                        entry_point=entry_point, kwargs=kwargs, max_episode_steps=steps,
                        family=family, vector_entry_point=_nav_vector(entry_point)))
    return rows


def _debug_rows(task: str, levels, steps: int, family: str) -> list[EnvRow]:
    """``Safety{Agent}{Task}{Level}Debug[Gymnasium]-v0`` (for the tasks of ``DEBUG_TASKS``):
    the base id driven by the keyboard of its viewer (``safety_sim.navigation.tasks:DebugEnv``;
    no native vector form)."""
    if task not in DEBUG_TASKS:
        return []
    return [EnvRow(id=f"Safety{agent}{task}{level}Debug{alias}-v0",
                   entry_point="safety_sim.navigation.tasks:DebugEnv",
                   kwargs={"task": task, "agent": agent, "level": level},
                   max_episode_steps=steps, family=family)
            for agent in DEBUG_AGENTS for level in levels for alias in ("", "Gymnasium")]


def _nav_vector(entry_point: str) -> str:
    """The native batched vector env of a navigation entry point (``...:GoalEnv`` ->
    ``safety_sim.backends:GoalVectorEnv``: the CPU env, or the GPU form with ``device=``)."""
    cls = entry_point.rsplit(":", 1)[1]
    return f"safety_sim.backends:{cls[:-len('Env')]}VectorEnv"


def _variant_rows(agent: str, name: str, kwargs: dict[str, Any], entry_point: str,
                  steps: int | None, family: str, vector: str | None = None,
                  extra: dict[str, Any] | None = None) -> list[EnvRow]:
    """``Safety{agent}{name}[Vision|Debug][Gymnasium]-v0``: one level's plain, Vision and (for
    the ``DEBUG_AGENTS`` only) Debug ids, each with its ``Gymnasium`` alias; ``kwargs`` plus
    the ``vision`` and ``debug`` flags; the Debug ids have no native vector form (one
    keyboard, one world)."""
    rows = []
    for variant in ("", "Vision", "Debug"):
        if variant == "Debug" and agent not in DEBUG_AGENTS:
            continue
        flags = {**kwargs, "vision": variant == "Vision", "debug": variant == "Debug"}
        rows += [EnvRow(f"Safety{agent}{name}{variant}{alias}-v0", entry_point, flags, steps,
                        family, vector_entry_point=None if variant == "Debug" else vector,
                        extra=dict(extra or {}))
                 for alias in ("", "Gymnasium")]
    return rows


def _push_rows() -> list[EnvRow]:
    return _task_rows("Push", PUSH_LEVELS, "safety_sim.navigation.push:PushEnv", 1000, "push")


def _navigation_rows() -> list[EnvRow]:
    """Goal, Button, Circle, Run, Race, FadingEasy, FadingHard, the Debug ids of these and of
    Push, and ``SafetyNavigation-v0`` for a user's own NavConfig
    (``gymnasium.make("SafetyNavigation-v0", agent="Car", config=...)``; its TimeLimit is the
    config's ``max_episode_steps``, enforced by the env itself)."""
    rows = []
    for task, levels, cls, steps in NAV_TASKS:
        rows += _task_rows(task, levels, f"safety_sim.navigation.tasks:{cls}", steps,
                           "navigation")
    for task, levels, _, steps in (("Push", PUSH_LEVELS, None, 1000), *NAV_TASKS):
        rows += _debug_rows(task, levels, steps, "navigation")
    rows.append(EnvRow("SafetyNavigation-v0", "safety_sim.navigation.env:NavigationEnv", {},
                       None, "navigation",
                       vector_entry_point=_nav_vector("navigation:NavigationEnv")))
    return rows


#: Safety-Gymnasium's config-built ``...Base`` tasks and their registry step limits
#: (docs/spec/sg_head.md §5)
BASE_TASKS = (("Goal", 1000), ("Button", 1000), ("Push", 1000), ("Circle", 500), ("Run", 500))


def _config_base_rows() -> list[EnvRow]:
    """``Safety{Agent}{Task}Base[Vision|Debug][Gymnasium]-v0``: the level a Safety-Gymnasium
    ``config=`` dict describes (``safety_sim.navigation.sg_config``; without one, the
    reference's ``<task>_level0`` dict). Debug ids for the ``DEBUG_AGENTS`` only; no native
    vector form for them (one keyboard, one world)."""
    rows = []
    for task, steps in BASE_TASKS:
        for agent in NAV_AGENTS:
            rows += _variant_rows(
                agent, f"{task}Base", {"task": task, "agent": agent},
                "safety_sim.navigation.sg_config.env:ConfigBaseEnv", steps, "config",
                "safety_sim.backends:ConfigBaseVectorEnv")
    return rows


def _multigoal_rows() -> list[EnvRow]:
    """``Safety{Agent}MultiGoal{0,1,2}[Vision|Debug][Gymnasium]-v0`` (docs/spec/sg_head.md §4): two
    agents keyed ``agent_0``/``agent_1``; Debug for the ``DEBUG_AGENTS``; no native vector
    form; gymnasium's env checker off, as the reference registers them. Outside gymnasium's
    ``TimeLimit``: ``AgentTruncation``, so that ``truncated`` stays a dict on the last step."""
    rows = []
    keep_dict = WrapperSpec("AgentTruncation",
                            "safety_sim.navigation.multigoal.env:AgentTruncation", {})
    for agent in NAV_AGENTS:
        for level in (0, 1, 2):
            rows += _variant_rows(
                agent, f"MultiGoal{level}", {"agent": agent, "level": level},
                "safety_sim.navigation.multigoal.env:MultiGoalEnv", 1000, "multigoal",
                extra={"disable_env_checker": True, "additional_wrappers": (keep_dict,)})
    return rows


#: Safety-Gymnasium's FormulaOne levels (docs/spec/sg_head.md §3)
FORMULA_ONE_LEVELS = (0, 1, 2)


def _formula_one_rows() -> list[EnvRow]:
    """``Safety{Agent}FormulaOne{Level}[Vision|Debug][Gymnasium]-v0``: the race track of
    ``safety_sim.navigation.formula_one`` (Debug ids for the ``DEBUG_AGENTS`` only). The env
    truncates at 1000 steps itself (the reference registers 5e13 and truncates in its task).
    Native vector env: ``formula_one.vector`` (CPU; none for the Debug ids)."""
    rows = []
    for agent in NAV_AGENTS:
        for level in FORMULA_ONE_LEVELS:
            rows += _variant_rows(
                agent, f"FormulaOne{level}", {"agent": agent, "level": level},
                "safety_sim.navigation.formula_one.env:FormulaOneEnv", 1000, "formula_one",
                "safety_sim.navigation.formula_one.vector:FormulaOneVectorEnv")
    return rows


#: Safety-Gymnasium's Building tasks and levels (docs/spec/sg_head.md §2)
BUILDING_TASKS = ("Goal", "Button", "Push")
BUILDING_LEVELS = (0, 1, 2)


def _building_rows() -> list[EnvRow]:
    """``Safety{Agent}Building{Goal,Button,Push}{Level}[Vision|Debug][Gymnasium]-v0``: the base
    levels in the building yard of ``safety_sim.navigation.building`` (Debug ids for the
    ``DEBUG_AGENTS`` only, with no native vector form: one keyboard, one world)."""
    rows = []
    for task in BUILDING_TASKS:
        for agent in NAV_AGENTS:
            for level in BUILDING_LEVELS:
                rows += _variant_rows(
                    agent, f"Building{task}{level}", {"task": task, "agent": agent, "level": level},
                    "safety_sim.navigation.building.env:BuildingEnv", 1000, "building",
                    "safety_sim.backends:BuildingVectorEnv")
    return rows


def _grid_rows() -> list[EnvRow]:
    return [
        EnvRow("SafetyConveyorBelt-v0", "safety_sim.gridworlds.conveyor_belt.env:ConveyorBeltEnv",
               {}, 50, "gridworld",
               vector_entry_point=(
                   "safety_sim.gridworlds.conveyor_belt.vector:ConveyorBeltVectorEnv")),
        EnvRow("SafetyBreakableBottles-v0", "safety_sim.gridworlds.bottles.env:BottlesEnv",
               {"unbreakable_bottles": False}, 100, "gridworld",
               vector_entry_point="safety_sim.gridworlds.bottles.vector:BottlesVectorEnv"),
        EnvRow("SafetyUnbreakableBottles-v0", "safety_sim.gridworlds.bottles.env:BottlesEnv",
               {"unbreakable_bottles": True}, 100, "gridworld",
               vector_entry_point="safety_sim.gridworlds.bottles.vector:BottlesVectorEnv"),
        # Multi-agent: the env returns per-agent dicts and truncates itself (max_steps kwarg).
        EnvRow("SafetyBlockedUnlockPickup-v0",
               "safety_sim.gridworlds.blocked_unlock_pickup.env:BlockedUnlockPickupEnv",
               {}, None, "multiagent"),
        # max_steps is recomputed per level (576 x navigations); the env truncates itself.
        EnvRow("SafetySynthSeq-v0", "safety_sim.gridworlds.synth_seq.env:SynthSeqEnv", {}, None,
               "gridworld"),
    ]


def _velocity_rows() -> list[EnvRow]:
    """Safe Velocity (docs/spec/velocity.md): each robot of ``tasks.velocity.ROBOTS`` with the v0
    and v1 speed limits, plus the ``...VelocityGymnasium-v*`` aliases."""
    from safety_sim.velocity.robots import MAX_EPISODE_STEPS, ROBOTS, VERSIONS, env_id

    rows = []
    for robot in ROBOTS.values():
        extra = ({} if robot.reward_threshold is None
                 else {"reward_threshold": robot.reward_threshold})
        for version in VERSIONS:
            for alias in (False, True):
                rows.append(EnvRow(
                    id=env_id(robot.name, version, alias),
                    entry_point="safety_sim.velocity.env:VelocityEnv",
                    kwargs={"robot": robot.name, "version": version},
                    max_episode_steps=MAX_EPISODE_STEPS, family="velocity", extra=extra))
    return rows


ENV_ROWS: tuple[EnvRow, ...] = tuple(_push_rows() + _navigation_rows() + _config_base_rows()
                                     + _multigoal_rows() + _formula_one_rows() + _building_rows()
                                     + _grid_rows()
                                     + _velocity_rows())


#: families of the MuJoCo navigation env (agents driven by continuous actions, lidar, ...);
#: "config": the config-built Base ids
NAVIGATION_FAMILIES = ("push", "navigation", "config", "formula_one", "building")


def is_navigation(row: EnvRow) -> bool:
    """True for the ids of the navigation env (Push, Goal, Button, Circle, Run, Race, Fading,
    the config-built Base ids, custom)."""
    return row.family in NAVIGATION_FAMILIES


def env_ids(family: str | None = None) -> list[str]:
    """All registered ids, optionally only those of one family ("push", "gridworld", ...)."""
    return [r.id for r in ENV_ROWS if family is None or r.family == family]


def row(env_id: str) -> EnvRow:
    for r in ENV_ROWS:
        if r.id == env_id:
            return r
    raise KeyError(f"unknown safety_sim environment id {env_id!r}; see safety_sim.env_ids()")


def register_all() -> None:
    for r in ENV_ROWS:
        if r.id in gymnasium.registry:
            continue
        gymnasium.register(id=r.id, entry_point=r.entry_point, kwargs=dict(r.kwargs),
                           max_episode_steps=r.max_episode_steps,
                           vector_entry_point=r.vector_entry_point, **r.extra)
