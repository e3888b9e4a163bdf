"""The Building levels as :class:`~safety_sim.navigation.config.NavConfig` values
(docs/spec/sg_head.md §2): each is the base level (``GoalN``, ``ButtonN``, ``PushN`` of
:data:`safety_sim.navigation.config.LEVELS`) with every task object meshed
(:data:`.kinds.MESHED`), the yard's scenery (:class:`.kinds.Scenery`, costing where the
reference sets ``static_geoms_contact_cost``), BuildingGoal1/2's vases kept 0.25 apart, and
a mud floor of half size 100; extents, reward and episode length are the base level's."""
from __future__ import annotations

import dataclasses

from safety_sim.navigation import config as nc
from safety_sim.navigation.building.kinds import MESHED, MeshVases, Scenery

TASKS = ("Goal", "Button", "Push")
LEVELS = (0, 1, 2)
#: the levels where touching the scenery costs (the reference's ``static_geoms_contact_cost``)
SCENERY_COSTS = {("Goal", 1), ("Goal", 2), ("Button", 0), ("Button", 1), ("Button", 2),
                 ("Push", 1), ("Push", 2)}
#: BuildingGoal1/2's vase keep-out (1.0.0's Goal levels: 0.15)
VASE_KEEPOUT = 0.25
FLOOR_SIZE = 100.0


def _meshed(obj):
    kind = MESHED[type(obj)]
    values = {f.name: getattr(obj, f.name) for f in dataclasses.fields(obj)}
    if kind is MeshVases:
        values["keepout"] = VASE_KEEPOUT
    return kind(**values)


def level_config(task: str, level: int) -> nc.NavConfig:
    """Building``task`` at ``level``; ValueError naming the choices otherwise."""
    if task not in TASKS:
        raise ValueError(f"unknown Building task {task!r}; choose one of {list(TASKS)}")
    if isinstance(level, bool) or not isinstance(level, int) or level not in LEVELS:
        raise ValueError(f"unknown Building{task} level {level!r}; choose one of {list(LEVELS)}")
    base = nc.level_config(task, level)
    objects = tuple(_meshed(o) for o in base.objects)
    objects += (Scenery(cost=(task, level) in SCENERY_COSTS),)
    reward = base.reward
    if task == "Button":        # the buttons rest from every reset (docs/spec/sg_head.md §8.1)
        reward = dataclasses.replace(reward, rest_at_start=True)
    return dataclasses.replace(base, objects=objects, reward=reward, floor="mud",
                               floor_size=FLOOR_SIZE, name=f"Building{task}{level}")
