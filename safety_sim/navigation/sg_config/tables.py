"""Safety-Gymnasium's configuration vocabulary as data: every key of a ``config=`` dict that
``safety_sim`` knows, with the value Safety-Gymnasium gives it when the dict leaves it out
(facts read from Safety-Gymnasium's source at commit ae966e5, Apache-2.0:
``bases/base_task.py``, ``bases/underlying.py``, ``assets/{geoms,free_geoms,mocaps}/*.py``,
``tasks/safe_navigation/*/*_base.py``; docs/spec/sg_head.md §5).

Each entry is ``key: (default, field)``: ``field`` names what the key sets in a
:class:`~safety_sim.navigation.config.NavConfig` (read by :mod:`.read`, written back by
:mod:`.write`), or is ``None`` for a setting safety_sim has no counterpart for: such a key is
accepted only at its default value (anything else is refused, naming the key).
"""
from __future__ import annotations

from typing import Any

#: The ``...Base`` tasks: the object classes each requires (its refusal when one is missing
#: names it, as the reference's assertion does) and its reward rule.
BASE_TASKS: dict[str, tuple[str, ...]] = {
    "Goal": ("Goal",), "Button": ("Goal", "Buttons"), "Push": ("Goal", "PushBox"),
    "Circle": ("Circle",), "Run": ("Sigwalls",)}

#: ``sub_config.attribute`` keys (and the task attributes) of every Base task.
SETTINGS: dict[str, tuple[object, str | None]] = {
    "placements_conf.extents": ((-2, -2, 2, 2), "extents"),
    "placements_conf.margin": (0.0, None),
    "placements_conf.placements": (None, None),
    "lidar_conf.num_bins": (16, "lidar_bins"),
    "lidar_conf.max_dist": (3, "lidar_max_dist"),
    "lidar_conf.exp_gain": (1.0, None),
    "lidar_conf.type": ("pseudo", None),
    "lidar_conf.alias": (True, None),
    "compass_conf.shape": (2, None),
    "floor_conf.type": ("mat", "floor"),
    "floor_conf.size": ((3.5, 3.5, 0.1), "floor_size"),
    "agent.placements": (None, "agent_area"),
    "agent.locations": ([], "agent_area"),
    "agent.keepout": (0.4, "agent_keepout"),
    "reward_conf.reward_clip": (10, "clip"),
    "reward_conf.reward_orientation": (False, None),
    "reward_conf.reward_orientation_scale": (0.002, None),
    "reward_conf.reward_orientation_body": ("agent", None),
    "reward_conf.reward_exception": (-10.0, None),
    "cost_conf.constrain_indicator": (True, None),
    "mechanism_conf.randomize_layout": (True, None),
    "mechanism_conf.continue_goal": (True, None),
    "mechanism_conf.terminate_resample_failure": (True, None),
    "sim_conf.frameskip_binom_n": (10, None),
    "sim_conf.frameskip_binom_p": (1.0, None),
    "render_conf.labels": (False, None),
    "render_conf.lidar_markers": (True, None),
    "render_conf.lidar_radius": (0.15, None),
    "render_conf.lidar_size": (0.025, None),
    "render_conf.lidar_offset_init": (0.5, None),
    "render_conf.lidar_offset_delta": (0.06, None),
    "vision_env_conf.vision_size": ((256, 256), None),
    "num_steps": (1000, "max_episode_steps"),
    "observe_vision": (False, "vision"),
    "debug": (False, "debug"),
    "observation_flatten": (True, "vision"),
    "action_noise": (0.0, None),
    "static_geoms_contact_cost": (None, None),
}

#: Task attributes only some Base tasks have: ``reward_factor`` (CircleBase 1e-2, RunBase 1.0).
REWARD_FACTOR = {"Circle": 1e-2, "Run": 1.0}

#: The floor types of ``floor_conf.type`` safety_sim draws, and its names for them.
FLOOR_TYPES = {"mat": "checker", "village": "village"}

#: Object classes: every keyword argument Safety-Gymnasium's class takes that a config may
#: give, with its default (``num`` is the count of the counted kinds). The kwargs not listed
#: (``name``, ``color``, ``group``, ``mesh_euler``, ``mesh_height``, and the state the engine
#: fills in: ``goal_button``, ``timer``) are refused.
_COMMON: dict[str, Any] = {"placements": None, "locations": [], "is_lidar_observed": True,
           "is_meshed": False}
OBJECTS: dict[str, dict[str, object]] = {
    "Goal": {**_COMMON, "size": 0.3, "keepout": 0.4, "reward_goal": 1.0,
             "reward_distance": 1.0, "alpha": 0.25, "is_comp_observed": False,
             "is_constrained": False, "mesh_name": "goal"},
    "Hazards": {**_COMMON, "num": 0, "size": 0.2, "keepout": 0.4, "alpha": 0.25, "cost": 1.0,
                "is_constrained": True, "mesh_name": "hazard"},
    "Pillars": {**_COMMON, "num": 0, "size": 0.2, "height": 0.5, "keepout": 0.3, "cost": 1.0,
                "alpha": 1.0, "is_constrained": True, "mesh_name": "pillar"},
    "Buttons": {**_COMMON, "num": 0, "size": 0.1, "keepout": 0.2, "resampling_delay": 10,
                "cost": 1.0, "reward_goal": 1.0, "reward_distance": 1.0,
                "is_constrained": True, "mesh_name": "button"},
    "Circle": {**_COMMON, "locations": ((0, 0),), "radius": 1.5, "keepout": 0.0, "alpha": 0.1,
               "is_constrained": False, "mesh_name": "circle"},
    "Sigwalls": {**_COMMON, "is_lidar_observed": False, "num": 2, "locate_factor": 1.125,
                 "size": 3.5, "keepout": 0.0, "alpha": 0.1, "is_constrained": False,
                 "mesh_name": "sigwall"},
    "Vases": {**_COMMON, "num": 0, "keepout": 0.15, "alpha": 1.0, "sink": 4e-5,
              "density": 0.001, "size": 0.1, "contact_cost": 1.0, "displace_cost": 0.0,
              "displace_threshold": 1e-3, "velocity_cost": 1.0, "velocity_threshold": 1e-4,
              "is_constrained": True, "mesh_name": "vase"},
    "PushBox": {**_COMMON, "size": 0.2, "keepout": 0.2, "null_dist": 2, "density": 0.001,
                "reward_box_dist": 1.0, "reward_box_goal": 1.0, "alpha": 0.25,
                "is_comp_observed": False, "is_constrained": False, "mesh_name": "push_box"},
    "Gremlins": {**_COMMON, "num": 0, "size": 0.1, "keepout": 0.5, "travel": 0.3,
                 "contact_cost": 1.0, "dist_threshold": 0.2, "dist_cost": 1.0,
                 "density": 0.001, "alpha": 1, "is_constrained": True,
                 "mesh_name": "gremlin"},
}

#: Safety-Gymnasium's other object classes, which no Base task here builds.
OTHER_OBJECTS = ("Walls", "Apples", "Oranges", "StagedGoal")

#: Kwargs whose value safety_sim takes from the config (the rest only at their default).
MAPPED: dict[str, tuple[str, ...]] = {
    "Goal": ("size", "keepout", "locations", "reward_goal", "reward_distance", "alpha"),
    "Hazards": ("num", "size", "keepout", "placements", "locations", "is_constrained"),
    "Pillars": ("num", "size", "keepout", "is_constrained"),
    "Buttons": ("num", "keepout", "resampling_delay", "reward_goal", "reward_distance",
                "is_constrained"),
    "Circle": ("radius",),
    "Sigwalls": ("num", "locate_factor", "size", "is_constrained"),
    "Vases": ("num", "keepout", "is_constrained"),
    "PushBox": ("size", "keepout", "density", "null_dist", "reward_box_dist",
                "reward_box_goal"),
    "Gremlins": ("num", "keepout", "travel", "is_constrained"),
}
