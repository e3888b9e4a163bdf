"""``Safety<Agent>Building{Goal,Button,Push}<Level>[Vision|Debug]-v0`` (docs/spec/sg_head.md §2;
see :class:`BuildingEnv`)."""
from __future__ import annotations

from safety_sim.navigation.agents import head_agent
from safety_sim.navigation.building.levels import level_config
from safety_sim.navigation.debug_keys import KeyDriven
from safety_sim.navigation.env import NavigationEnv


class BuildingEnv(KeyDriven, NavigationEnv):
    """Safety-Gymnasium's Building tasks: Goal, Button or Push in a building yard.

    The base level (``task`` Goal, Button, Push at ``level`` 0-2: same objects, counts,
    extents, reward, observation and 1000-step episodes) on a mud floor of 200 x 200 m, every
    task object drawn and collided as the reference's mesh (its convex hull; vases and
    gremlins with the mesh's mass), and a yard of 19 static crates, machines and a light mast
    round the ±2 m square. The yard is not sensed by lidar and not avoided when placing; at
    BuildingGoal1/2, BuildingButton0-2 and BuildingPush1/2 any agent contact with it costs
    (``cost_static_geoms_contact``, 0 or 1 a step). BuildingGoal1/2's vases are kept 0.25 m
    apart and count as moving from 1e-2 m/s. Building Button episodes start with the buttons
    resting (10 steps: ``buttons_lidar`` zeros, wrong buttons free), as the reference's reset
    after 1.0.0 does (the level's ``ButtonReward(rest_at_start=True)``). As in the
    reference, BuildingPush's goal is never met: the box-goal distance is 3-D and the goal's
    body lies 0.7 m below the floor (only the distance terms pay). ``vision=True``: Dict
    observation with the agent camera's frame; ``debug=True``: driven by the I, J, K, L keys
    of the ``render_mode="human"`` viewer (the action is checked, then ignored). Agents as
    after Safety-Gymnasium 1.0.0 (:func:`~safety_sim.navigation.agents.head_agent`).
    Everything else: :class:`~safety_sim.navigation.env.NavigationEnv`.
    """

    def __init__(self, task: str = "Goal", agent: str = "Point", level: int = 0,
                 vision: bool = False, debug: bool = False, render_mode: str | None = None,
                 width: int = 256, height: int = 256, camera_id: int | None = None,
                 camera_name: str | None = None) -> None:
        if not isinstance(debug, bool):
            raise TypeError(f"BuildingEnv: debug must be a bool, got {debug!r}")
        super().__init__(head_agent(agent), level_config(task, level), vision, render_mode,
                         width, height, camera_id, camera_name)
        self.level = level
        self.drive_by_keys(debug)
