"""FormulaOne levels 0-2 as :class:`~safety_sim.navigation.config.NavConfig` values
(docs/spec/sg_head.md §3) and their reward rule.

Level 0: the track's wall and the staged goal, no cost. Level 1: 200 road barriers drawn from
two rectangles over the track, touching a barrier or the wall costs. Level 2: as level 1 with
80 more rectangles (8 spots round the staged points, 10 times each): barriers crowd the goals.
The agent starts on a staged point (:mod:`.env`); the extents (±2 m) are the reference's and
place nothing here but bound the fixed cameras. Episodes end at 1000 steps.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from safety_sim.navigation.config import NavConfig
from safety_sim.navigation.formula_one import track
from safety_sim.navigation.formula_one.kinds import RoadBarriers, StagedGoal, TrackWall
from safety_sim.navigation.rewards import GoalReward

LEVELS = (0, 1, 2)
MAX_EPISODE_STEPS = 1000


@dataclass(frozen=True)
class StagedGoalReward(GoalReward):
    """As :class:`~safety_sim.navigation.rewards.GoalReward` with FormulaOne's constants
    (``+10`` at the goal, clipped to [-11, 11]); a met goal moves on to the next staged point
    (goal event ``"staged"``, :class:`.env.FormulaOneEnv`)."""
    goal: float = 10.0
    clip: float = 11.0
    goal_event: ClassVar[str] = "staged"
    requires: ClassVar[tuple[str, ...]] = ("StagedGoal",)


def level_config(level: int) -> NavConfig:
    """FormulaOne level ``level`` (0, 1, 2); ValueError naming the choices otherwise."""
    if isinstance(level, bool) or not isinstance(level, int) or level not in LEVELS:
        raise ValueError(f"unknown FormulaOne level {level!r}; choose one of {list(LEVELS)}")
    objects: tuple = (StagedGoal(),)
    if level:
        objects += (RoadBarriers(200, areas=track.barrier_areas(level)),)
    objects += (TrackWall(cost=level > 0),)
    return NavConfig(objects, StagedGoalReward(), (-2.0, -2.0, 2.0, 2.0), agent_keepout=0.0,
                     floor_size=40.0, floor="village", max_episode_steps=MAX_EPISODE_STEPS,
                     name=f"FormulaOne{level}")
