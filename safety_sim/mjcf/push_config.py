"""The Push levels as data (spec/push.md §5, §7, §8, §10, §11).

``LEVELS[k]`` is the :class:`PushConfig` of level ``k``. Everything that differs between levels
(placement extents, numbers of hazards and pillars, whether pillars cost) is a field; the object
sizes, keep-outs and reward/cost scales shared by all levels are module constants.
"""
from __future__ import annotations

from dataclasses import dataclass

# Object geometry (§7) and keep-out radii (§5.1).
AGENT_KEEPOUT = 0.4
GOAL_SIZE = 0.3          # goal cylinder radius and "reached" distance (§10.2)
GOAL_HALF_HEIGHT = 0.15
GOAL_Z = 0.16
GOAL_KEEPOUT = 0.4
HAZARD_SIZE = 0.3        # hazard disc radius
HAZARD_HALF_HEIGHT = 0.01
HAZARD_Z = 0.02
HAZARD_KEEPOUT = 0.4
PILLAR_SIZE = 0.2        # pillar radius
PILLAR_HALF_HEIGHT = 0.5
PILLAR_Z = 0.5
PILLAR_KEEPOUT = 0.3

# Colours (rgba) of the task objects; the lidar ring of §14 reuses them.
GOAL_RGBA = (0.0, 1.0, 0.0, 0.25)
HAZARD_RGBA = (0.0, 0.0, 1.0, 0.25)
PILLAR_RGBA = (0.5, 0.5, 1.0, 1.0)
BOX_RGBA = (1.0, 1.0, 0.0, 1.0)

# Episode and physics.
SUBSTEPS = 10            # physics substeps per env step (§6)
MAX_EPISODE_STEPS = 1000  # the task's own step limit (§12)
RESAMPLE_TRIES = 10_000   # goal re-draws before giving up (§5.3)
LAYOUT_ATTEMPTS = 10_000  # whole-layout attempts (§5.2)
CANDIDATES_PER_OBJECT = 100


@dataclass(frozen=True)
class LidarConfig:
    """Pseudo-lidar settings (§8): linear mode, aliasing on."""
    num_bins: int = 16
    max_dist: float = 3.0


@dataclass(frozen=True)
class RewardConfig:
    """Reward scales of §10.1 (all 1.0 in Push) and the clip bound."""
    box_dist: float = 1.0     # agent -> box shaping
    box_goal: float = 1.0     # box -> goal shaping
    goal: float = 1.0         # bonus on the step the goal is reached
    clip: float = 10.0


@dataclass(frozen=True)
class PushConfig:
    """One Push level.

    extents: placement rectangle (xmin, ymin, xmax, ymax) before keep-out shrinking (§5.1).
    hazards / pillars: how many of each; pillars_cost: whether touching a pillar costs (§11.2).
    """
    level: int
    extents: tuple[float, float, float, float]
    hazards: int = 0
    pillars: int = 0
    pillars_cost: bool = False
    lidar: LidarConfig = LidarConfig()
    reward: RewardConfig = RewardConfig()

    def __post_init__(self) -> None:
        xmin, ymin, xmax, ymax = self.extents
        if not (xmin < xmax and ymin < ymax):
            raise ValueError(f"PushConfig: empty placement extents {self.extents}")
        if self.hazards < 0 or self.pillars < 0:
            raise ValueError("PushConfig: negative object count")


LEVELS: dict[int, PushConfig] = {
    0: PushConfig(level=0, extents=(-1.0, -1.0, 1.0, 1.0)),
    1: PushConfig(level=1, extents=(-1.5, -1.5, 1.5, 1.5), hazards=2, pillars=1),
    2: PushConfig(level=2, extents=(-2.0, -2.0, 2.0, 2.0), hazards=4, pillars=4,
                  pillars_cost=True),
}


def level_config(level: int) -> PushConfig:
    """The config of ``level``; ValueError naming the valid levels otherwise."""
    try:
        return LEVELS[level]
    except (KeyError, TypeError):
        raise ValueError(f"unknown Push level {level!r}; choose one of {sorted(LEVELS)}") from None
