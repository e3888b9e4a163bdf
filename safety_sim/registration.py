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

PUSH_AGENTS = ("Point", "Car", "Doggo", "Racecar", "Ant")
PUSH_LEVELS = (0, 1, 2)


@dataclass(frozen=True)
class EnvRow:
    id: str
    entry_point: str
    kwargs: dict[str, Any] = field(default_factory=dict)
    max_episode_steps: int | None = None
    family: str = ""
    vector_entry_point: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)   # other gymnasium.register kwargs


def _push_rows() -> list[EnvRow]:
    rows = []
    for agent in PUSH_AGENTS:
        for level in PUSH_LEVELS:
            for vision in (False, True):
                suffix = "Vision" if vision else ""
                kwargs = {"agent": agent, "level": level, "vision": vision}
                for alias in ("", "Gymnasium"):
                    rows.append(EnvRow(
                        id=f"Safety{agent}Push{level}{suffix}{alias}-v0",
                        entry_point="safety_sim.envs.push:PushEnv",
                        kwargs=kwargs, max_episode_steps=1000, family="push"))
    return rows


def _grid_rows() -> list[EnvRow]:
    return [
        EnvRow("SafetyConveyorBelt-v0", "safety_sim.envs.conveyor_belt:ConveyorBeltEnv",
               {}, 50, "gridworld",
               vector_entry_point="safety_sim.vector.conveyor_belt:ConveyorBeltVectorEnv"),
        EnvRow("SafetyBreakableBottles-v0", "safety_sim.envs.bottles:BottlesEnv",
               {"unbreakable_bottles": False}, 100, "gridworld",
               vector_entry_point="safety_sim.vector.bottles:BottlesVectorEnv"),
        EnvRow("SafetyUnbreakableBottles-v0", "safety_sim.envs.bottles:BottlesEnv",
               {"unbreakable_bottles": True}, 100, "gridworld",
               vector_entry_point="safety_sim.vector.bottles:BottlesVectorEnv"),
        # Multi-agent: the env returns per-agent dicts and truncates itself (max_steps kwarg).
        EnvRow("SafetyBlockedUnlockPickup-v0",
               "safety_sim.envs.blocked_unlock_pickup:BlockedUnlockPickupEnv",
               {}, None, "multiagent"),
        # max_steps is recomputed per level (576 x navigations); the env truncates itself.
        EnvRow("SafetySynthSeq-v0", "safety_sim.envs.synth_seq:SynthSeqEnv", {}, None,
               "gridworld"),
    ]


def _velocity_rows() -> list[EnvRow]:
    """Safe Velocity (spec/velocity.md)."""
    return []


ENV_ROWS: tuple[EnvRow, ...] = tuple(_push_rows() + _grid_rows() + _velocity_rows())


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
