"""What a discrete world hands to the grid scene renderer, and the cameras it can be seen from
(no MuJoCo here)."""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

GRID_CAMERAS = ("top", "follow", "first_person")


@dataclass(frozen=True)
class AgentSprite:
    """An agent drawn in the grid: cell, heading (0 right, 1 down, 2 left, 3 up; x right,
    y down), colour id, and the (type, colour, state) of what it carries, if anything."""
    pos: tuple[int, int]
    dir: int
    color: int = 2
    carrying: tuple[int, int, int] | None = None


@dataclass(frozen=True)
class GridFrame:
    """The full picture of a discrete world at one instant.

    ``grid``: ``(W, H, 3)`` integer array indexed ``[x, y]`` of (type, colour, state)
    triples (:mod:`safety_sim.gridworlds.core.encoding`); walls, floor, belts, doors, objects.
    ``agents``: the agents in drawing order.
    ``caption``: text written across the bottom of rgb frames (the mission of a language
    task), or None.
    """
    grid: np.ndarray
    agents: tuple[AgentSprite, ...] = field(default_factory=tuple)
    caption: str | None = None


def check_grid_camera(camera) -> None:
    """Raise ValueError unless ``camera`` names one of :data:`GRID_CAMERAS`."""
    if not isinstance(camera, str) or camera not in GRID_CAMERAS:
        raise ValueError(f"unknown render_camera {camera!r}; choose one of {GRID_CAMERAS}")
