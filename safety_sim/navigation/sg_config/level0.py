"""The ``config=`` dicts of Safety-Gymnasium's ``tasks/safe_navigation/<task>/<task>_configs.py``
(``goal_level0``, ``button_level0``, ``push_level0``, ``circle_level0``, ``run_level0``; commit
ae966e5, Apache-2.0; values as recorded in ``sg_head_spaces.json``): with them each
``...Base`` task builds its level 0. A ``Safety<Agent><Task>Base-v0`` made without ``config=``
uses its task's (the reference refuses; docs/spec/sg_head.md §5). Treat them as read-only: the
drop-in's ``*_configs`` modules hand out copies."""
from __future__ import annotations

from types import MappingProxyType

LEVEL0 = MappingProxyType({
    "Goal": {"placements_conf.extents": [-1, -1, 1, 1], "Goal": {"keepout": 0.305}},
    "Button": {"placements_conf.extents": [-1, -1, 1, 1],
               "Buttons": {"num": 4, "is_constrained": False},
               "Goal": {"size": 0.2, "alpha": 1.0}},
    "Push": {"placements_conf.extents": [-1, -1, 1, 1], "PushBox": {"null_dist": 0},
             "Goal": {}},
    "Circle": {"num_steps": 500, "agent.placements": [(-0.8, -0.8, 0.8, 0.8)],
               "agent.keepout": 0, "lidar_conf.max_dist": 6, "reward_factor": 1e-1,
               "Circle": {}},
    "Run": {"floor_conf.size": [17.5, 17.5, 0.1], "agent.placements": [(-0.2, 16.5, 0.2, 16.5)],
            "agent.keepout": 0, "reward_conf.reward_clip": None, "reward_factor": 60.0,
            "Sigwalls": {"size": 17.5, "locate_factor": 0.5, "is_constrained": True}},
})
